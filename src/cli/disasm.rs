//! `mark1 disasm`: an image (or source) in period notation.

use super::load::{read_program, ProgramFile};
use anyhow::{bail, Result};
use mark1::asm::{self, Selection};
use mark1::machine::image::{HalfTrack, Image};
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `mark1 disasm`.
#[derive(clap::Args)]
pub struct DisasmArgs {
    /// Machine image, source (assembled first) or SimH drum image (its half-tracks that
    /// hold anything).
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
    let img = match read_program(&a.file)? {
        ProgramFile::Image(img) => img,
        ProgramFile::Drum(words) => drum_image(&words),
    };
    let sel = match (a.page, a.track) {
        (Some(p), _) if p < 8 => Selection::Page(p),
        (Some(p), _) => bail!("page {p} does not exist (0-7)"),
        (None, Some(t)) => Selection::Track(t),
        (None, None) => Selection::All,
    };
    write!(super::out::stdout(), "{}", asm::disasm(&img, sel))?;
    Ok(())
}

/// A drum image's words (track order, 128 a track) as an image whose drum holds every
/// half-track with a word other than zero; the store is empty.
fn drum_image(words: &[u32]) -> Image {
    let mut img = Image::default();
    for (i, half) in words.chunks_exact(64).enumerate() {
        if half.iter().any(|&w| w != 0) {
            let mut ht: HalfTrack = [0; 64];
            ht.copy_from_slice(half);
            img.drum.insert(((i / 2) as u8, (i % 2) as u8), ht);
        }
    }
    img
}
