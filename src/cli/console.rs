//! `mark1 console`: the machine worked from a script of console commands.

use super::load::load_program;
use super::machine::MachineArgs;
use super::BeatLimit;
use anyhow::{anyhow, Context, Result};
use mark1::console::Session;
use mark1::machine::Machine;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `console --help` says after the options: the exit statuses.
pub const EXIT_HELP: &str = "Exit status: 0 when the script ran to its end; 1 for an \
error (a file that cannot be read, a failed expect, a go until that ended otherwise); 2 \
for a command line that cannot be read; 3 when a go reached its beat limit before the \
machine stopped (docs/guide.md).";

/// The arguments of `mark1 console`.
#[derive(clap::Args)]
#[command(after_help = EXIT_HELP)]
pub struct ConsoleArgs {
    /// The console script (one command per line).
    #[arg(long)]
    script: PathBuf,
    /// Attach this SimH drum image first.
    #[arg(long)]
    drum: Option<PathBuf>,
    /// Put this tape in the reader first.
    #[arg(long)]
    tape: Option<PathBuf>,
    /// Load this program (source or image) into the store first.
    #[arg(long)]
    program: Option<PathBuf>,
    /// Resolve the script's relative file names against this folder (default: the
    /// script's own folder).
    #[arg(long)]
    base: Option<PathBuf>,
    /// Write the printer output here instead of standard output (as printed; on
    /// standard output a last newline is added if the paper does not end with one).
    #[arg(long)]
    printer: Option<PathBuf>,
    #[command(flatten)]
    machine: MachineArgs,
}

/// Runs `mark1 console`.
pub fn run(a: ConsoleArgs) -> Result<()> {
    let script = std::fs::read_to_string(&a.script)
        .with_context(|| format!("cannot read {}", a.script.display()))?;
    let base = a
        .base
        .clone()
        .unwrap_or_else(|| a.script.parent().map(Path::to_path_buf).unwrap_or_default());
    let mut m = Machine::new(a.machine.config());
    if let Some(p) = &a.program {
        m.load_image(&load_program(p)?);
    }
    let mut session = Session::new(m, base);
    if let Some(d) = &a.drum {
        session.attach_drum(d).map_err(|e| anyhow!(e))?;
    }
    if let Some(t) = &a.tape {
        session.load_tape_file(t).map_err(|e| anyhow!(e))?;
    }
    let result = session.run_script(&a.script.display().to_string(), &script, &mut |msg| {
        eprintln!("{msg}");
    });
    let paper = session.machine.printer_text().to_string();
    match &a.printer {
        Some(p) => {
            std::fs::write(p, &paper).with_context(|| format!("cannot write {}", p.display()))?
        }
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(paper.as_bytes())?;
            if !paper.is_empty() && !paper.ends_with('\n') {
                out.write_all(b"\n")?;
            }
            out.flush()?;
        }
    }
    match result {
        Ok(()) => Ok(()),
        // The script stopped at a `go` (or `go until`) whose budget ran out.
        Err(e) if e.is_beat_limit() => Err(anyhow!(BeatLimit(e.to_string()))),
        Err(e) => Err(anyhow!("{e}")),
    }
}
