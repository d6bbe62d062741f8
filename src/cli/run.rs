//! `mark1 run`: run a program until the machine stops; the teleprinter output and a
//! summary, optionally the tubes as a PNG and the hooter as a WAV.

use super::load::load_or_boot;
use super::machine::MachineArgs;
use super::out;
use anyhow::Result;
use mark1::machine::report::RunReport;
use mark1::machine::{Budget, Machine};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// What `run --help` says after the options: the exit statuses.
pub const EXIT_HELP: &str = "Exit status: 0 when the machine stopped by itself (a dynamic \
stop, a hoot stop, a dummy stop with its switch on, the tape running out); 1 for an error \
(a file that cannot be read, an unassigned function); 2 for a command line that cannot be \
read; 3 when the beat limit came before the machine stopped (docs/guide.md).";

/// The arguments of `mark1 run`.
#[derive(clap::Args)]
#[command(after_help = EXIT_HELP)]
pub struct RunArgs {
    /// Assembler source (`.m1`), machine image (`.m1i`), or a SimH drum image (`.drm`),
    /// booted the period way: the hand switches set (--hands), KEC, run.
    #[arg(required_unless_present = "tape")]
    file: Option<PathBuf>,
    /// Boot the period way from this tape (`.pt.txt` or raw) through the initial
    /// routine in roms/: H = ////, KEC, prepulse. With a drum image: the tape in the
    /// reader.
    #[arg(long)]
    tape: Option<PathBuf>,
    /// The hand switches when booting a drum image: four teleprint characters (least
    /// significant first) or a number; `////` if not given (track 0's left half to page
    /// 0, where `mark1 asm --drm` and Scheme A put their boot routine). Refused with any
    /// other program.
    #[arg(long, visible_alias = "hand", value_name = "H", value_parser = mark1::console::parse_h)]
    hands: Option<u32>,
    /// Stop after this many beats (240 µs each); the run then exits with status 3.
    #[arg(long, default_value_t = 250_000_000)]
    max_beats: u64,
    #[command(flatten)]
    machine: MachineArgs,
    /// Print the summary as one JSON object (printer output included).
    #[arg(long)]
    json: bool,
    /// Write the two large tubes (pages 0 and 1, or --display-pages) as a PNG here.
    #[arg(long, value_name = "FILE")]
    display_png: Option<PathBuf>,
    /// The pages (0-7) shown on the two tubes of --display-png, e.g. `0,1`.
    #[arg(long, value_name = "LEFT,RIGHT", default_value = "0,1", value_parser = parse_pages)]
    display_pages: (u32, u32),
    /// Write the hooter's output as a WAV here (a pulse at each hoot's beat time; a
    /// continuous hoot at the end is continued for a second).
    #[arg(long, value_name = "FILE")]
    hoot_wav: Option<PathBuf>,
    /// Replace --display-png and --hoot-wav files that exist (without it an existing
    /// file is refused before the run).
    #[arg(long)]
    force: bool,
}

/// Runs `mark1 run`.
pub fn run(a: RunArgs) -> Result<()> {
    let inputs: Vec<&std::path::Path> = [a.file.as_deref(), a.tape.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    out::check_outputs(
        &[a.display_png.as_deref(), a.hoot_wav.as_deref()],
        a.force,
        &inputs,
    )?;
    let mut m = Machine::new(a.machine.config());
    load_or_boot(&mut m, a.file.as_ref(), a.tape.as_ref(), false, a.hands)?;
    let t0 = Instant::now();
    let stop = m.run(Budget::beats(a.max_beats));
    let mut report = RunReport::new(&m, stop);
    report.host_seconds = Some(t0.elapsed().as_secs_f64());
    let out = &mut out::stdout();
    if a.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        write!(out, "{}", report.printed)?;
        if !report.printed.is_empty() && !report.printed.ends_with('\n') {
            writeln!(out)?;
        }
        writeln!(out, "---")?;
        write!(out, "{}", report.summary())?;
    }
    if let Some(p) = &a.display_png {
        use mark1::render::{tubes_png, TubePage};
        let (l, r) = a.display_pages;
        let png = tubes_png(&TubePage::of(&m.store, l), &TubePage::of(&m.store, r))?;
        out::write_file(p, png, a.force)?;
    }
    if let Some(p) = &a.hoot_wav {
        use mark1::render::{continue_hoot_loop, hoot_wav, HOOT_TAIL_SECONDS};
        let (beats, end) = continue_hoot_loop(&m, stop, HOOT_TAIL_SECONDS);
        out::write_file(p, hoot_wav(&beats, end), a.force)?;
    }
    super::stop_result(stop, a.max_beats, "")
}

/// Reads `--display-pages LEFT,RIGHT`: two pages 0-7, e.g. `0,1`.
fn parse_pages(s: &str) -> Result<(u32, u32), String> {
    let page = |p: &str| match p.trim().parse::<u32>() {
        Ok(n) if n <= 7 => Ok(n),
        _ => Err(format!("`{p}` is not a page 0-7")),
    };
    match s.split_once(',') {
        Some((l, r)) => Ok((page(l)?, page(r)?)),
        None => Err("give two pages 0-7 as LEFT,RIGHT, e.g. `0,1`".to_string()),
    }
}
