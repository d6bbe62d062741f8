//! `mark1`: the command-line front end. Clap commands only; the work is in the library.

use clap::Parser;

/// A beat-accurate emulator of the Ferranti Mark 1 (Manchester, 1951).
#[derive(Parser)]
#[command(name = "mark1", version, about)]
struct Cli {}

fn main() -> anyhow::Result<()> {
    let _cli = Cli::parse();
    Ok(())
}
