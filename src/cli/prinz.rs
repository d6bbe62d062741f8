//! `mark1 prinz`: Prinz's mate-in-two program on the emulated machine, or the
//! cross-check against the reference engine.

use super::machine::TimingArg;
use anyhow::{bail, Result};
use clap::ValueEnum;
use std::io::Write;

/// The arguments of `mark1 prinz`.
#[derive(clap::Args)]
pub struct PrinzArgs {
    /// The position (side to move mates in two); Faster than Thought's Figure 1 by default.
    #[arg(long, default_value = mark1::games::prinz::FIGURE1_FEN)]
    fen: String,
    /// Print everything as one JSON object.
    #[arg(long)]
    json: bool,
    /// Load the program as an image, or boot it from its tape through the initial routine.
    #[arg(long, value_enum, default_value_t = BootArg::Image)]
    boot: BootArg,
    /// Timing profile (docs/timing.md).
    #[arg(long, value_enum, default_value_t = TimingArg::Prinz)]
    timing: TimingArg,
    /// Cross-check N positions (src/games/prinz/positions.txt, then generated ones) against
    /// `mark1 ref chess mate2`. Not with --fen: the positions are the list's.
    /// At most 1,000,000 (the bound of every `--check`).
    #[arg(long, conflicts_with = "fen", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    check: Option<u64>,
    /// Seed of the position generator for --check.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
    /// Worker threads for --check (positions run in parallel) (1 or more); all cores by default. The result is the
    /// same for any number.
    #[arg(long, value_parser = crate::cli::parse_threads)]
    threads: Option<usize>,
    /// Write where the run's time went, store line by store line and routine by routine
    /// (`mark1 profile`'s report; JSON if FILE ends in `.json`), to FILE.
    #[arg(long, value_name = "FILE", conflicts_with = "check")]
    profile: Option<std::path::PathBuf>,
    /// Replace a --profile file that exists (without it an existing file is refused
    /// before the run).
    #[arg(long)]
    force: bool,
}

/// How the program gets into the machine.
#[derive(Clone, Copy, ValueEnum)]
pub enum BootArg {
    /// Load the assembled image.
    Image,
    /// Boot from the program's tape, the position following on the same tape.
    Tape,
}

/// Runs `mark1 prinz`.
pub fn run(a: PrinzArgs) -> Result<()> {
    use mark1::games::prinz as p;
    let opts = p::RunOptions {
        timing: a.timing.timing(),
        boot: match a.boot {
            BootArg::Image => p::BootMode::Image,
            BootArg::Tape => p::BootMode::Tape,
        },
        ..p::RunOptions::default()
    };
    super::out::check_outputs(&[a.profile.as_deref()], a.force, &[])?;
    let out = &mut super::out::stdout();
    if let Some(n) = a.check.map(|n| n as usize) {
        let positions = p::check_positions(n, a.seed);
        // With --json standard output holds the one JSON object (the disagreements are
        // in it); the running lines and the count go to standard error.
        let json = a.json;
        // The first error writing standard output (a full disk): the check's error.
        let mut write_error: Option<std::io::Error> = None;
        let report = super::with_threads(a.threads, || {
            p::cross_check(&positions, &opts, &mut |i, fen, d| {
                for what in d {
                    if json {
                        eprintln!("{}: {fen}: {what}", i + 1);
                    } else if let Err(e) =
                        writeln!(super::out::stdout(), "{}: {fen}: {what}", i + 1)
                    {
                        write_error.get_or_insert(e);
                    }
                }
            })
        })??;
        if let Some(e) = write_error {
            return Err(e.into());
        }
        let count = format!(
            "{} positions, {} disagreements",
            report.positions,
            report.disagreements.len()
        );
        if json {
            writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
            eprintln!("{count}");
        } else {
            writeln!(out, "{count}")?;
        }
        if !report.disagreements.is_empty() {
            bail!("the emulated program and the reference engine disagree");
        }
        return Ok(());
    }
    let run = p::run_fen(&a.fen, &opts)?;
    if let Some(path) = &a.profile {
        let symbols = mark1::profile::Symbols::from_assembly(&p::assemble()?);
        super::save_profile(path, &run.lines, &symbols, a.force)?;
    }
    if a.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&p::json_report(&run))?
        )?;
    } else {
        write!(out, "{}", p::text_report(&run))?;
    }
    Ok(())
}
