//! The command line, one module a subcommand: each holds its clap (derive) arguments
//! and its handler `run`, and only wires flags to the library. [`machine`] holds the
//! machine flags the subcommands share, [`load`] the reading of program and tape files,
//! [`moves`] the reading of a game's moves from a script or the terminal, [`cost`] a
//! run's instructions, beats and seconds as the games report them, [`out`] where the
//! commands write (and [`out::write_json`], every `--json` object).

pub mod ajedrecista;
pub mod asm;
pub mod bridgit;
pub mod command;
pub mod console;
pub mod cost;
pub mod debug;
pub mod disasm;
pub mod draughts;
pub mod guessit;
pub mod knights;
pub mod krk;
pub mod labels;
pub mod load;
pub mod machine;
pub mod matches;
pub mod menace;
pub mod moves;
pub mod nim;
pub mod noughts;
pub mod out;
pub mod play;
pub mod prinz;
pub mod profile;
pub mod reference;
pub mod run;
pub mod serve;
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

/// The end of a run as an error when the machine stopped on an unassigned function or
/// ran into `max_beats` (`--max-beats`; `after` follows the message); `mark1 run` and
/// `mark1 profile`.
pub fn stop_result(stop: mark1::machine::Stop, max_beats: u64, after: &str) -> anyhow::Result<()> {
    use mark1::machine::report::describe_stop;
    use mark1::machine::Stop;
    if matches!(stop, Stop::Unassigned { .. }) {
        anyhow::bail!(
            "the machine stopped on an {} (--stop-on-unassigned; without it the machine \
             obeys the order as a dummy)",
            describe_stop(&stop)
        );
    }
    if stop == Stop::BeatLimit {
        return Err(anyhow::anyhow!(BeatLimit(format!(
            "the machine did not stop within {max_beats} beats (--max-beats){after}"
        ))));
    }
    Ok(())
}

/// Writes a profile's report to `path` (JSON if it ends in `.json`; docs/profiler.md),
/// its routines named by `symbols`: every `--profile FILE`, atomically, an existing file
/// replaced only with `force` (docs/guide.md, "Files mark1 writes").
pub fn save_profile(
    path: &std::path::Path,
    p: &mark1::profile::Profile,
    symbols: &mark1::profile::Symbols,
    force: bool,
) -> anyhow::Result<()> {
    out::write_file(path, p.report_for(path, symbols), force)
}

/// The routine names of `--symbols FILE` (refused with file:line), or else of `source`
/// if it is an assembler source (`.m1`: its labels); none otherwise.
pub fn symbols_for(
    file: Option<&std::path::Path>,
    source: Option<&std::path::Path>,
) -> anyhow::Result<mark1::profile::Symbols> {
    use mark1::profile::Symbols;
    Ok(match (file, source) {
        (Some(p), _) => {
            let text = mark1::formats::input::read_text(p, mark1::formats::input::SYMBOLS)
                .map_err(|e| {
                    anyhow::anyhow!(
                        "cannot read the symbol file {}: {}",
                        p.display(),
                        e.reason()
                    )
                })?;
            Symbols::parse(&text, &p.display().to_string())?
        }
        (None, Some(f)) if f.extension().and_then(|e| e.to_str()) == Some("m1") => {
            Symbols::from_assembly(
                &mark1::asm::assemble_file(f).map_err(|e| anyhow::anyhow!("{e}"))?,
            )
        }
        _ => Symbols::default(),
    })
}

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

/// A `--check` that takes `all` or a number of positions.
#[derive(Clone, Copy, Debug)]
pub enum CheckCount {
    /// Every position (or slot) there is.
    All,
    /// This many, drawn from the seed.
    Positions(usize),
}

/// Reads a `--check` value: `all`, or a number of positions from 1 to `most`. Every
/// `--check N|all` is read here.
///
/// # Errors
/// Anything else, saying what is wanted.
pub fn parse_check_count(s: &str, most: usize) -> Result<CheckCount, String> {
    if s == "all" {
        return Ok(CheckCount::All);
    }
    match s.parse::<usize>() {
        Ok(n) if (1..=most).contains(&n) => Ok(CheckCount::Positions(n)),
        _ => Err(format!(
            "`{s}` is not a number of positions 1 to {most}, nor `all`"
        )),
    }
}

/// How many worker threads a core may have at most (`--threads`): more only
/// multiplies the threads' stacks and the switching between them.
pub const THREADS_PER_CORE: usize = 4;

/// The `--threads N` flag's value: 1 to [`THREADS_PER_CORE`] × the cores of this
/// machine (`std::thread::available_parallelism`, 1 when unknown). Every `--threads`
/// is read here.
///
/// # Errors
/// A value that is not a number, 0, or above the bound, saying the bound.
pub fn parse_threads(s: &str) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let most = THREADS_PER_CORE * cores;
    let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match s.parse::<usize>() {
        Ok(n) if (1..=most).contains(&n) => Ok(n),
        Ok(0) => Err(format!("{s} is not a number of threads (1 or more)")),
        // Above the bound, or too large even to be a number of this machine.
        Ok(_) | Err(_) if digits => Err(format!(
            "{s} threads is more than {THREADS_PER_CORE} a core: this machine has {cores} \
             core{}, so at most {most}",
            if cores == 1 { "" } else { "s" }
        )),
        _ => Err(format!("{s} is not a number of threads (1 or more)")),
    }
}

/// Parses the command line as `T` (clap), the command first changed by `shape` (e.g.
/// [`command::grouped_help`]), its refusals in words: the number parsers' Rust messages
/// ("invalid digit found in string", "number too large to fit in target type") and Rust's
/// range syntax in a range refusal (`is not in 1..=1000000`) are rewritten ([`in_words`]);
/// any other message, help and version are clap's own.
pub fn parse_args<T: clap::Parser>(shape: impl FnOnce(clap::Command) -> clap::Command) -> T {
    let parsed = shape(T::command())
        .try_get_matches()
        .and_then(|mut m| T::from_arg_matches_mut(&mut m));
    match parsed {
        Ok(t) => t,
        Err(e) => {
            let text = e.to_string();
            let words = in_words(&text);
            if words == text || !e.use_stderr() {
                e.exit()
            }
            use std::io::Write;
            let _ = std::io::stderr().write_all(words.as_bytes());
            std::process::exit(e.exit_code())
        }
    }
}

/// `text` with the Rust words of clap's number refusals in plain words (see
/// [`parse_args`]).
pub fn in_words(text: &str) -> String {
    let mut s = text
        .replace("invalid digit found in string", "not a whole number")
        .replace(
            "cannot parse integer from empty string",
            "a number is needed",
        )
        .replace(
            "number too large to fit in target type",
            "too large a number",
        )
        .replace(
            "number too small to fit in target type",
            "too small a number",
        )
        .replace("invalid float literal", "not a number");
    const NOT_IN: &str = " is not in ";
    if let Some(k) = s.find(NOT_IN) {
        let start = k + NOT_IN.len();
        let end = s[start..]
            .find(|c: char| c.is_whitespace())
            .map_or(s.len(), |e| start + e);
        let range = &s[start..end];
        let num = |t: &str| t.parse::<i128>().ok();
        let said = if let Some((lo, hi)) = range.split_once("..=") {
            match (num(lo), num(hi)) {
                (Some(lo), Some(hi)) => Some(format!(" is not in the range {lo} to {hi}")),
                (None, Some(hi)) if lo.is_empty() => Some(format!(" is more than {hi}")),
                _ => None,
            }
        } else if let Some((lo, hi)) = range.split_once("..") {
            match (num(lo), num(hi)) {
                (Some(lo), Some(hi)) => Some(format!(" is not in the range {lo} to {}", hi - 1)),
                (Some(lo), None) if hi.is_empty() => Some(format!(" is less than {lo}")),
                _ => None,
            }
        } else {
            None
        };
        if let Some(said) = said {
            s.replace_range(k..end, &said);
        }
    }
    s
}
