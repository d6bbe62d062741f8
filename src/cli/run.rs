//! `mark1 run`: run a program until the machine stops; the teleprinter output and a
//! summary, optionally the tubes as a PNG and the hooter as a WAV.

use super::load::load_or_boot;
use super::machine::MachineArgs;
use anyhow::{bail, Context, Result};
use mark1::machine::report::RunReport;
use mark1::machine::{Budget, Machine, Stop};
use std::path::PathBuf;
use std::time::Instant;

/// The arguments of `mark1 run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Assembler source (`.m1`) or machine image (`.m1i`).
    #[arg(required_unless_present = "tape")]
    file: Option<PathBuf>,
    /// Boot the period way from this tape (`.pt.txt` or raw) through the initial
    /// routine in roms/: H = ////, KEC, prepulse.
    #[arg(long, conflicts_with = "file")]
    tape: Option<PathBuf>,
    /// Stop after this many beats (240 µs each).
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
    /// The pages shown on the two tubes of --display-png.
    #[arg(long, value_name = "LEFT,RIGHT", value_delimiter = ',', num_args = 2, default_values_t = [0u32, 1])]
    display_pages: Vec<u32>,
    /// Write the hooter's output as a WAV here (a pulse at each hoot's beat time; a
    /// continuous hoot at the end is continued for a second).
    #[arg(long, value_name = "FILE")]
    hoot_wav: Option<PathBuf>,
}

/// Runs `mark1 run`.
pub fn run(a: RunArgs) -> Result<()> {
    let mut m = Machine::new(a.machine.config());
    load_or_boot(&mut m, a.file.as_ref(), a.tape.as_ref(), false)?;
    let t0 = Instant::now();
    let stop = m.run(Budget::beats(a.max_beats));
    let mut report = RunReport::new(&m, stop);
    report.host_seconds = Some(t0.elapsed().as_secs_f64());
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", report.printed);
        if !report.printed.is_empty() && !report.printed.ends_with('\n') {
            println!();
        }
        println!("---");
        print!("{}", report.summary());
    }
    if let Some(p) = &a.display_png {
        use mark1::render::{tubes_png, TubePage};
        let (l, r) = (a.display_pages[0], a.display_pages[1]);
        if l > 7 || r > 7 {
            bail!("--display-pages takes two pages 0-7");
        }
        let png = tubes_png(&TubePage::of(&m.store, l), &TubePage::of(&m.store, r))?;
        std::fs::write(p, png).with_context(|| format!("cannot write {}", p.display()))?;
    }
    if let Some(p) = &a.hoot_wav {
        use mark1::render::{continue_hoot_loop, hoot_wav, HOOT_TAIL_SECONDS};
        let (beats, end) = continue_hoot_loop(&m, stop, HOOT_TAIL_SECONDS);
        std::fs::write(p, hoot_wav(&beats, end))
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    if matches!(stop, Stop::Unassigned { .. }) {
        bail!("stopped on an unassigned function");
    }
    Ok(())
}
