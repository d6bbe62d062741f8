//! `mark1 console`: the machine worked from a script of console commands, from a prompt
//! (`mark1>`, with line editing and history), or from commands piped on standard input.

use super::load::load_program;
use super::machine::MachineArgs;
use super::BeatLimit;
use anyhow::{anyhow, bail, Result};
use mark1::console::{ExecError, Session};
use mark1::machine::Machine;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What `console --help` says after the options: the exit statuses.
pub const EXIT_HELP: &str = "Without --script: a prompt (mark1>) when standard input is a \
terminal (help lists the commands; Ctrl-C stops a run, Ctrl-D or quit leaves), else the \
commands are read from standard input, one a line, each error reported and the next \
command read. Exit status: 0 when the script ran to its end (or, without --script, every \
command succeeded); 1 for an error (a file that cannot be read, a failed expect, a go until \
that ended otherwise; without --script, a command that failed); 2 for a command line that \
cannot be read; 3 when a go of a script reached its beat limit before the machine stopped \
(docs/guide.md). Attached files are written back at the end in every case (docs/console.md).";

/// The arguments of `mark1 console`.
#[derive(clap::Args)]
#[command(after_help = EXIT_HELP)]
pub struct ConsoleArgs {
    /// The console script (one command per line). Without it: the prompt, or standard
    /// input when it is not a terminal.
    #[arg(long)]
    script: Option<PathBuf>,
    /// Read this SimH drum image first (as `drum FILE`: not written back; use `attach
    /// drum FILE` for a drum that keeps what is written on it).
    #[arg(long)]
    drum: Option<PathBuf>,
    /// Put this tape in the reader first.
    #[arg(long)]
    tape: Option<PathBuf>,
    /// Load this program (source or image) into the store first.
    #[arg(long)]
    program: Option<PathBuf>,
    /// Resolve the script's relative file names against this folder (default: the
    /// script's own folder; without a script, the current folder).
    #[arg(long)]
    base: Option<PathBuf>,
    /// Write the printer output here instead of standard output (as printed; on
    /// standard output a last newline is added if the paper does not end with one).
    #[arg(long)]
    printer: Option<PathBuf>,
    /// Profile every run of the session and write where the time went here at the end
    /// (`mark1 profile`'s report; JSON if FILE ends in `.json`; docs/profiler.md). Runs
    /// are then obeyed one order at a time.
    #[arg(long, value_name = "FILE")]
    profile: Option<PathBuf>,
    /// Routine names for --profile: a symbol file (`track 12 = DR/C MASTER`).
    #[arg(long, value_name = "FILE", requires = "profile")]
    symbols: Option<PathBuf>,
    /// Replace --printer and --profile files that exist (without it an existing file is
    /// refused before the session starts). The console's own `attach` and `save` take
    /// `-f` for the same (docs/console.md).
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    machine: MachineArgs,
}

/// Runs `mark1 console`.
pub fn run(a: ConsoleArgs) -> Result<()> {
    let base = a.base.clone().unwrap_or_else(|| match &a.script {
        Some(s) => s.parent().map(Path::to_path_buf).unwrap_or_default(),
        None => PathBuf::new(),
    });
    let inputs: Vec<&Path> = [
        a.script.as_deref(),
        a.drum.as_deref(),
        a.tape.as_deref(),
        a.program.as_deref(),
        a.symbols.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect();
    super::out::check_outputs(
        &[a.printer.as_deref(), a.profile.as_deref()],
        a.force,
        &inputs,
    )?;
    let mut m = Machine::new(a.machine.config());
    if let Some(p) = &a.program {
        m.load_image(&load_program(p)?);
    }
    // The symbol file is read before anything runs: a bad one loses nothing.
    // (A source given with --program names the routines by its labels.)
    let symbols = super::symbols_for(a.symbols.as_deref(), a.program.as_deref())?;
    let mut session = Session::new(m, base);
    session.profile_symbols = symbols.clone();
    if let Some(p) = &a.program {
        session.labels = super::labels::source_labels(p);
    }
    if a.profile.is_some() {
        session.machine.profile = Some(Box::default());
    }
    let result = run_session(&a, &mut session);
    if let (Some(path), Some(p)) = (&a.profile, session.machine.profile.as_deref()) {
        super::save_profile(path, p, &symbols, a.force)?;
    }
    result
}

/// The session's work: the files attached, then the script or the prompt.
fn run_session(a: &ConsoleArgs, session: &mut Session) -> Result<()> {
    if let Some(d) = &a.drum {
        session.attach_drum(d).map_err(|e| anyhow!(e))?;
    }
    if let Some(t) = &a.tape {
        session.load_tape_file(t).map_err(|e| anyhow!(e))?;
    }
    match &a.script {
        Some(script) => run_script(session, script, a.printer.as_deref(), a.force),
        None => {
            let interactive = std::io::stdin().is_terminal();
            let failures = run_interactive(session, interactive)?;
            let finished = session.finish();
            let out = &mut super::out::stdout();
            for msg in session.messages.drain(..) {
                writeln!(out, "{msg}")?;
            }
            finished.map_err(|e| anyhow!(e))?;
            if let Some(p) = &a.printer {
                super::out::write_file(p, session.machine.printer_text(), a.force)?;
            }
            if failures > 0 && !interactive {
                bail!("{failures} command(s) failed");
            }
            Ok(())
        }
    }
}

/// `--script`: the script's messages on standard error, the paper at the end.
pub(super) fn run_script(
    session: &mut Session,
    script: &Path,
    printer: Option<&Path>,
    force: bool,
) -> Result<()> {
    let bytes = mark1::formats::input::read_limited(script, mark1::formats::input::SCRIPT)?;
    let result = session.run_script_bytes(&script.display().to_string(), &bytes, &mut |msg| {
        eprintln!("{msg}");
    });
    // The end of a script is the end of the session: attached files are written back,
    // whether it ran to its end or not.
    let finished = session.finish();
    for msg in session.messages.drain(..) {
        eprintln!("{msg}");
    }
    let paper = session.machine.printer_text();
    match printer {
        Some(p) => super::out::write_file(p, paper, force)?,
        None => {
            let mut out = crate::cli::out::stdout();
            out.write_all(paper.as_bytes())?;
            if !paper.is_empty() && !paper.ends_with('\n') {
                out.write_all(b"\n")?;
            }
            out.flush()?;
        }
    }
    match result {
        Ok(()) => finished.map_err(|e| anyhow!(e)),
        // The script stopped at a `go` (or `go until`) whose budget ran out.
        Err(e) if e.is_beat_limit() => Err(anyhow!(BeatLimit(e.to_string()))),
        Err(e) => Err(anyhow!("{e}")),
    }
}

/// Where the commands come from: the line editor at a terminal, else standard input.
enum Input {
    Editor(Box<rustyline::DefaultEditor>),
    /// Standard input, and the number of the last line read.
    Lines(std::io::StdinLock<'static>, usize),
}

impl Input {
    /// The next line, or the reason it is refused (a piped line that is not UTF-8 or
    /// is too long, with its number); `None` at the end (Ctrl-D, end of input).
    fn next(&mut self) -> Result<Option<Result<String, String>>> {
        match self {
            Input::Editor(ed) => loop {
                match ed.readline("mark1> ") {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = ed.add_history_entry(line.as_str());
                        }
                        return Ok(Some(Ok(line)));
                    }
                    // Ctrl-C at the prompt (nothing running): a fresh line, as a shell does.
                    Err(rustyline::error::ReadlineError::Interrupted) => {
                        writeln!(
                            super::out::stdout(),
                            "(Ctrl-C stops a run; quit or Ctrl-D leaves)"
                        )?;
                    }
                    Err(rustyline::error::ReadlineError::Eof) => return Ok(None),
                    Err(e) => return Err(anyhow!("cannot read the command line: {e}")),
                }
            },
            Input::Lines(lines, n) => {
                use mark1::formats::input::{grouped, read_line_limited, Line, COMMAND_LINE};
                let Some(line) = read_line_limited(lines, COMMAND_LINE)? else {
                    return Ok(None);
                };
                *n += 1;
                Ok(Some(match line {
                    Line::Text(t) => Ok(t),
                    Line::NotText => Err(format!("line {n}: not UTF-8 text")),
                    Line::TooLong => Err(format!(
                        "line {n}: longer than the {}-byte limit for {}",
                        grouped(COMMAND_LINE.bytes),
                        COMMAND_LINE.what
                    )),
                }))
            }
        }
    }
}

/// The prompt (a terminal) or piped commands: each command obeyed as it comes, the
/// paper printed since the last command and the messages shown after it, an error
/// reported and the next command read. Ctrl-C sets the session's interrupt flag, which a
/// running `go` looks at between slices; a second Ctrl-C before the next command ends
/// mark1 at once (so that a mark1 waiting on a pipe can still be stopped). Returns how
/// many commands failed.
fn run_interactive(session: &mut Session, interactive: bool) -> Result<usize> {
    let flag = Arc::new(AtomicBool::new(false));
    // Order matters: the first handler ends the process if the flag is already set (a
    // second Ctrl-C), the second sets it.
    signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        130,
        Arc::clone(&flag),
    )?;
    signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&flag))?;
    session.interrupt = Some(Arc::clone(&flag));
    let mut input = if interactive {
        writeln!(super::out::stdout(), "mark1 console: `help` lists the commands; Ctrl-C stops a run; `quit` or Ctrl-D leaves.")?;
        Input::Editor(Box::new(rustyline::DefaultEditor::new()?))
    } else {
        Input::Lines(std::io::stdin().lock(), 0)
    };
    let mut echoed = session.machine.printer_text().len();
    let mut failures = 0;
    while let Some(line) = input.next()? {
        flag.store(false, Ordering::Relaxed);
        let line = match line {
            Ok(line) => line,
            Err(refused) => {
                // Refused as a bad command is: reported, counted, the next line read.
                failures += 1;
                eprintln!("{refused}");
                continue;
            }
        };
        let result = session
            .parse(&line)
            .map_err(|e| format!("cannot read `{}`: {e}", line.trim()));
        let result = result.and_then(|cmd| session.execute(&cmd).map_err(|e| describe(&e)));
        let paper = session.machine.printer_text();
        if paper.len() > echoed {
            let mut out = crate::cli::out::stdout();
            out.write_all(&paper.as_bytes()[echoed..])?;
            if !paper.ends_with('\n') {
                out.write_all(b"\n")?;
            }
            out.flush()?;
            echoed = paper.len();
        }
        let out = &mut super::out::stdout();
        for msg in session.messages.drain(..) {
            writeln!(out, "{msg}")?;
        }
        if let Err(e) = result {
            failures += 1;
            eprintln!("{e}");
        }
        if session.quit {
            break;
        }
    }
    flag.store(false, Ordering::Relaxed);
    Ok(failures)
}

/// An error of one command at the prompt.
fn describe(e: &ExecError) -> String {
    match e {
        ExecError::Interrupted(m) => format!("interrupted: {m}"),
        ExecError::BeatLimit(m) => format!("{m} (`limit BEATS` sets the budget; `go` goes on)"),
        ExecError::Message(m) => m.clone(),
    }
}
