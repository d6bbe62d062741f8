//! `mark1 simh`: a SimH Ferranti Mark I command file (`.ini`) run on mark1's machine, as
//! SimH's shipped Mark I software uses them (docs/compatibility.md).

use super::BeatLimit;
use anyhow::{anyhow, bail, Result};
use mark1::console::Session;
use mark1::machine::{Config, Machine, RngKind, Timing};
use mark1::simh::{Simh, SimhError, Stream, DEFAULT_MAX_COMMANDS};
use std::io::Write;
use std::path::PathBuf;

/// What `simh --help` says after the options.
pub const EXIT_HELP: &str = "The machine runs with SimH's repeatable /W sequence and \
SimH's beat costs. Relative file names are resolved against the script's folder (or \
--base). Exit status: 0 when the script ran to its end or to quit and every command \
succeeded; 1 when a command failed (reported as FILE:LINE: and in %STATUS%; the script \
goes on, as SimH's do) or the script stopped at a line mark1 cannot obey (an unknown \
command, a missing label); 2 for a command line that cannot be read; 3 when a go reached \
its beat limit (--max-beats). Attached files are written back at the end in every case.";

/// The arguments of `mark1 simh`.
#[derive(clap::Args)]
#[command(after_help = EXIT_HELP)]
pub struct SimhArgs {
    /// The SimH command file.
    script: PathBuf,
    /// Its arguments: %1, %2, …
    args: Vec<String>,
    /// Resolve relative file names against this folder (default: the script's folder).
    #[arg(long)]
    base: Option<PathBuf>,
    /// Beat budget of each `go`, `go until` and `step`.
    #[arg(long, default_value_t = mark1::console::DEFAULT_LIMIT)]
    max_beats: u64,
    /// The most script lines obeyed (a `goto` loop that never runs the machine ends too).
    #[arg(long, default_value_t = DEFAULT_MAX_COMMANDS)]
    max_commands: u64,
    /// Negate in TN and TF within 40 bits as SimH does (docs/compatibility.md) instead of
    /// mark1's 80-bit arithmetic.
    #[arg(long)]
    simh_negation: bool,
}

/// Runs `mark1 simh`.
pub fn run(a: SimhArgs) -> Result<()> {
    let base = a
        .base
        .clone()
        .unwrap_or_else(|| a.script.parent().map(PathBuf::from).unwrap_or_default());
    let config = Config {
        rng: RngKind::Simh,
        timing: Timing::simh(),
        simh_negation: a.simh_negation,
        ..Config::default()
    };
    let mut session = Session::new(Machine::new(config), base);
    session.limit = a.max_beats;
    let mut simh = Simh::new(session);
    simh.max_commands = a.max_commands;
    // Whether the last paper shown left the carriage in mid-line.
    let mut mid_line = false;
    // The first error writing standard output (a full disk): the run's error at its end.
    let mut write_error: Option<std::io::Error> = None;
    let mut print = |s: Stream, text: &str| {
        let mut o = super::out::stdout();
        let mut put = || -> std::io::Result<()> {
            if s != Stream::Paper && mid_line {
                writeln!(o)?;
                mid_line = false;
            }
            match s {
                Stream::Paper => {
                    write!(o, "{text}")?;
                    mid_line = !text.ends_with('\n');
                }
                Stream::Out => writeln!(o, "{text}")?,
                Stream::Err => {
                    o.flush()?;
                    eprintln!("{text}");
                }
            }
            o.flush()
        };
        if let Err(e) = put() {
            write_error.get_or_insert(e);
        }
    };
    let result = simh.run_file(&a.script, &a.args, &mut print);
    let finished = simh.session.finish();
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let out = &mut super::out::stdout();
    for m in simh.session.messages.drain(..) {
        writeln!(out, "{m}")?;
    }
    match result {
        Err(e @ SimhError::BeatLimit { .. }) => return Err(anyhow!(BeatLimit(e.to_string()))),
        Err(e) => bail!("{e}"),
        Ok(()) => {}
    }
    finished.map_err(|e| anyhow!(e))?;
    if simh.failures > 0 {
        bail!("{} command(s) failed", simh.failures);
    }
    Ok(())
}
