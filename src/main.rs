//! `mark1`: the command-line front end. Clap commands only; the work is in the library.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use mark1::formats::image::Image;
use mark1::machine::report::RunReport;
use mark1::machine::{Budget, Config, Machine, RngKind, Timing};
use std::path::PathBuf;
use std::time::Instant;

/// A beat-accurate emulator of the Ferranti Mark 1 (Manchester, 1951).
#[derive(Parser)]
#[command(name = "mark1", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a machine image until it stops, print the teleprinter output and a summary.
    ///
    /// Example: `mark1 run programs/hello.m1i --max-beats 1000000 --json`
    Run(RunArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum TimingArg {
    /// Prinz's Introduction to Programming (1951).
    Prinz,
    /// Brooker 1956's drum and device times.
    Brooker,
    /// Turing's handbook Fig. E (/@ 24 beats).
    Turing,
    /// SimH's Ferranti Mark I costs.
    Simh,
}

impl TimingArg {
    fn timing(self) -> Timing {
        match self {
            TimingArg::Prinz => Timing::prinz(),
            TimingArg::Brooker => Timing::brooker(),
            TimingArg::Turing => Timing::turing(),
            TimingArg::Simh => Timing::simh(),
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum RngArg {
    /// Our own seeded generator.
    Mark1,
    /// SimH's repeatable sequence (restarts at KEC).
    Simh,
}

#[derive(clap::Args)]
struct RunArgs {
    /// Machine image (`.m1i`).
    file: PathBuf,
    /// Stop after this many beats (240 µs each).
    #[arg(long, default_value_t = 250_000_000)]
    max_beats: u64,
    /// Seed of the /W random generator.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
    /// Which generator feeds /W.
    #[arg(long, value_enum, default_value_t = RngArg::Mark1)]
    rng: RngArg,
    /// Timing profile.
    #[arg(long, value_enum, default_value_t = TimingArg::Prinz)]
    timing: TimingArg,
    /// Print the summary as one JSON object (printer output included).
    #[arg(long)]
    json: bool,
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Run(a) => run(a),
    }
}

fn run(a: RunArgs) -> Result<()> {
    let text = std::fs::read_to_string(&a.file)
        .with_context(|| format!("cannot read {}", a.file.display()))?;
    let image = Image::parse(&text).with_context(|| format!("{}", a.file.display()))?;
    let config = Config {
        timing: a.timing.timing(),
        seed: a.seed,
        rng: match a.rng {
            RngArg::Mark1 => RngKind::Mark1,
            RngArg::Simh => RngKind::Simh,
        },
        ..Config::default()
    };
    let mut m = Machine::new(config);
    m.load_image(&image);
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
    if matches!(stop, mark1::machine::Stop::Unassigned { .. }) {
        bail!("stopped on an unassigned function");
    }
    Ok(())
}
