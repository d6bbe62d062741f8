//! `mark1 profile`: run a program as `mark1 run` does, one order at a time, and show
//! where its time went (the library's `profile` module does the counting).

use super::load::load_or_boot;
use super::machine::MachineArgs;
use super::out;
use anyhow::{bail, Result};
use mark1::machine::{Budget, Machine, Stop};
use mark1::profile::{Profile, Symbols};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The arguments of `mark1 profile`.
#[derive(clap::Args)]
pub struct ProfileArgs {
    /// Assembler source (`.m1`: its labels name the routines), machine image (`.m1i`),
    /// or a SimH drum image (`.drm`), booted as `mark1 run` boots it.
    #[arg(required_unless_present_any = ["tape", "script"])]
    file: Option<PathBuf>,
    /// Work the machine from this console script (docs/console.md: `drum`, `kec`, `set
    /// h`, `kac`, `go until` ...), every run profiled: a game of a period program, say.
    /// FILE, if given, is loaded first (as `mark1 console --program`).
    #[arg(long, value_name = "SCRIPT", conflicts_with_all = ["tape", "hands"])]
    script: Option<PathBuf>,
    /// With --script: resolve its file names against this folder (default: the
    /// script's own folder).
    #[arg(long, requires = "script")]
    base: Option<PathBuf>,
    /// Boot from this tape through the initial routine; with a drum image, the tape in
    /// the reader (as `mark1 run --tape`).
    #[arg(long)]
    tape: Option<PathBuf>,
    /// The hand switches a drum image boots with, or any other program starts with (as
    /// `mark1 run --hands`).
    #[arg(long, visible_alias = "hand", value_name = "H", value_parser = mark1::console::parse_h)]
    hands: Option<u32>,
    /// Stop after this many beats (240 µs each); the run then exits with status 3.
    #[arg(long, default_value_t = 250_000_000)]
    max_beats: u64,
    /// Routine names: a symbol file (`track 12 = DR/C MASTER`, `line 5 = start`, `drum
    /// 68.1:0 = gr`; `mark1 asm --symbols` writes one). With a `.m1` source and no
    /// file, its labels.
    #[arg(long, value_name = "FILE")]
    symbols: Option<PathBuf>,
    /// Show this many of the dearest store lines.
    #[arg(long, default_value_t = 20)]
    top: usize,
    /// Print the annotated listing instead: every line that ran, its orders and beats
    /// beside its disassembly, in store order within each half-track.
    #[arg(long, conflicts_with = "json")]
    annotate: bool,
    #[command(flatten)]
    machine: MachineArgs,
    /// Print the profile as JSON (totals, routines, every line, transfers).
    #[arg(long)]
    json: bool,
    /// Also write a flame graph (SVG) here: each store line's beats under its routine,
    /// under the half-track its page came from.
    #[arg(long, value_name = "FILE.svg")]
    flame: Option<PathBuf>,
    /// Replace a --flame file that exists (without it an existing file is refused
    /// before the run).
    #[arg(long)]
    force: bool,
}

/// Runs `mark1 profile`.
pub fn run(a: ProfileArgs) -> Result<()> {
    let inputs: Vec<&Path> = [a.file.as_deref(), a.tape.as_deref(), a.script.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    out::check_outputs(&[a.flame.as_deref()], a.force, &inputs)?;
    let out = &mut out::stdout();
    // The symbol file is read before anything runs: a bad one loses nothing.
    let symbols = super::symbols_for(a.symbols.as_deref(), a.file.as_deref())?;
    let mut m = Machine::new(a.machine.config());
    if let Some(script) = &a.script {
        return run_script(&a, script, m, &symbols);
    }
    load_or_boot(&mut m, a.file.as_ref(), a.tape.as_ref(), false, a.hands)?;
    let mut p = Profile::default();
    let stop = mark1::profile::run(&mut m, Budget::beats(a.max_beats), &mut p);
    if !a.json && !a.annotate {
        let printed = m.printer_text();
        if !printed.is_empty() {
            write!(out, "{printed}")?;
            if !printed.ends_with('\n') {
                writeln!(out)?;
            }
            writeln!(out, "---")?;
        }
    }
    report(&a, &p, &symbols, Some(stop))?;
    super::stop_result(stop, a.max_beats, "; the profile above is of the beats run")
}

/// Prints the profile as the flags ask: JSON, the annotated listing, or the table (with
/// the stop, if the run was one run).
fn report(a: &ProfileArgs, p: &Profile, symbols: &Symbols, stop: Option<Stop>) -> Result<()> {
    let stop = stop.map(|s| mark1::machine::report::describe_stop(&s));
    let out = &mut out::stdout();
    if a.json {
        let mut v = p.json(symbols);
        if let Some(s) = stop {
            v["stop"] = serde_json::Value::String(s);
        }
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
    } else if a.annotate {
        write!(out, "{}", p.annotated(symbols))?;
    } else {
        if let Some(s) = stop {
            writeln!(out, "stop: {s}")?;
        }
        write!(out, "{}", p.text(symbols, a.top))?;
    }
    // After the report: a file that cannot be written loses nothing of it.
    if let Some(f) = &a.flame {
        out::write_file(f, p.flame_graph(symbols), a.force)?;
    }
    Ok(())
}

/// `--script`: a console session with every run profiled (`mark1 console --script`'s
/// run, the paper at its end), then `---` and the report.
fn run_script(a: &ProfileArgs, script: &Path, mut m: Machine, symbols: &Symbols) -> Result<()> {
    if let Some(f) = &a.file {
        m.load_image(&super::load::load_program(f)?);
    }
    m.profile = Some(Box::default());
    let base = a
        .base
        .clone()
        .unwrap_or_else(|| script.parent().map(Path::to_path_buf).unwrap_or_default());
    let mut session = mark1::console::Session::new(m, base);
    session.limit = a.max_beats;
    session.profile_symbols = symbols.clone();
    let result = super::console::run_script(&mut session, script, None, a.force);
    if !session.machine.printer_text().is_empty() {
        writeln!(out::stdout(), "---")?;
    }
    let Some(p) = session.machine.profile.take() else {
        result?;
        bail!("the script turned the profiler off (`profile off`): nothing left to report");
    };
    report(a, &p, symbols, None)?;
    result
}
