//! `mark1 disasm`: an image (or source) in period notation.

use super::load::load_program;
use anyhow::{bail, Result};
use mark1::asm::{self, Selection};
use std::path::PathBuf;

/// The arguments of `mark1 disasm`.
#[derive(clap::Args)]
pub struct DisasmArgs {
    /// Machine image (or source, assembled first).
    file: PathBuf,
    /// Only this store page (0-7).
    #[arg(long, conflicts_with = "track")]
    page: Option<u8>,
    /// Only this drum track (0-255).
    #[arg(long)]
    track: Option<u8>,
}

/// Runs `mark1 disasm`.
pub fn run(a: DisasmArgs) -> Result<()> {
    let img = load_program(&a.file)?;
    let sel = match (a.page, a.track) {
        (Some(p), _) if p < 8 => Selection::Page(p),
        (Some(p), _) => bail!("page {p} does not exist (0-7)"),
        (None, Some(t)) => Selection::Track(t),
        (None, None) => Selection::All,
    };
    print!("{}", asm::disasm(&img, sel));
    Ok(())
}
