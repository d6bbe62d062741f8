//! The command line, one module a subcommand: each holds its clap (derive) arguments
//! and its handler `run`, and only wires flags to the library. [`machine`] holds the
//! machine flags the subcommands share, [`load`] the reading of program and tape files.

pub mod asm;
pub mod console;
pub mod debug;
pub mod disasm;
pub mod draughts;
pub mod load;
pub mod machine;
pub mod nim;
pub mod prinz;
pub mod profile;
pub mod reference;
pub mod run;
pub mod simh;
pub mod turochamp;

/// The exit status for a command-line error: 0 when the machine stopped by itself (a
/// dynamic stop, a hoot stop, a dummy stop with its switch on, the tape running out) or
/// the work is done; 1 for an error (bad input, an unassigned function, a failed
/// `expect`); 2 for a command line clap cannot read; [`BEAT_LIMIT_STATUS`] when the beat
/// limit came before the machine stopped. docs/guide.md states the rule.
pub fn exit_status(e: &anyhow::Error) -> u8 {
    if e.downcast_ref::<BeatLimit>().is_some() {
        BEAT_LIMIT_STATUS
    } else {
        1
    }
}

/// The exit status of a run that reached its beat limit before the machine stopped
/// (`run --max-beats`, a console `go` past `limit`); distinct from clap's 2.
pub const BEAT_LIMIT_STATUS: u8 = 3;

/// The error a run ends with when the beat limit came before the machine stopped.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct BeatLimit(pub String);

/// Runs `f` on a rayon pool of `threads` worker threads, or on rayon's global pool
/// (one a core, or `RAYON_NUM_THREADS`) when `None`: the `--threads N` of the sweeps
/// (`prinz --check`, `draughts --check`, `nim --check`, `ref chess perft`, `ref draughts
/// perft`). Their results do not depend on the number of threads.
///
/// # Errors
/// The pool cannot be built (the system refuses the threads).
pub fn with_threads<R: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> R + Send,
) -> anyhow::Result<R> {
    match threads {
        None => Ok(f()),
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| anyhow::anyhow!("cannot start {n} threads: {e}"))?;
            Ok(pool.install(f))
        }
    }
}

/// The `--threads N` flag's value: 1 or more.
pub fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{s} is not a number of threads (1 or more)")),
    }
}
