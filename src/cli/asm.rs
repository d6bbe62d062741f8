//! `mark1 asm`: assemble a source file into an image, a listing, a boot tape, a drum.

use anyhow::{anyhow, Context, Result};
use mark1::asm;
use mark1::formats::{drm, tape};
use mark1::machine::{Config, Machine};
use std::path::PathBuf;

/// The arguments of `mark1 asm`.
#[derive(clap::Args)]
pub struct AsmArgs {
    /// Source file.
    source: PathBuf,
    /// Write the machine image here. Without -o, --listing, --tape or --drm the image
    /// goes to standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Write the listing (period notation beside the source) here.
    #[arg(long)]
    listing: Option<PathBuf>,
    /// Write the program as a boot tape (`.pt.txt` text) for the initial routine here.
    #[arg(long)]
    tape: Option<PathBuf>,
    /// Write a bootable SimH drum image (`.drm`): the program's pages on spare tracks
    /// and a loader on track 0, so that H = ////, KEC, run starts it (`mark1 run FILE.drm`;
    /// docs/assembler.md, "The bootable drum").
    #[arg(long)]
    drm: Option<PathBuf>,
    /// Write the labels here as a symbol file for `mark1 profile --symbols` (`line A =
    /// NAME` for a store line, `drum T.H:L = NAME` for a drum line; docs/profiler.md).
    #[arg(long)]
    symbols: Option<PathBuf>,
}

/// Runs `mark1 asm`.
pub fn run(a: AsmArgs) -> Result<()> {
    let assembly = asm::assemble_file(&a.source).map_err(|e| anyhow!("{e}"))?;
    // Build everything before writing anything, so that an error writes nothing.
    let tape_text = match &a.tape {
        Some(_) => Some(tape::write_pt_text(&assembly.tape()?)?),
        None => None,
    };
    let drm_bytes = match &a.drm {
        Some(_) => {
            let mut m = Machine::new(Config::default());
            for (&(t, h), ht) in &asm::drum_boot::bootable_drum(&assembly.image)? {
                m.drum.set_half_track(u32::from(t), u32::from(h), ht);
            }
            Some(drm::write_drm(m.drum.words()))
        }
        None => None,
    };
    if let Some(o) = &a.output {
        std::fs::write(o, assembly.image.to_text())
            .with_context(|| format!("cannot write {}", o.display()))?;
    }
    if let Some(l) = &a.listing {
        std::fs::write(l, assembly.listing())
            .with_context(|| format!("cannot write {}", l.display()))?;
    }
    if let (Some(t), Some(text)) = (&a.tape, tape_text) {
        std::fs::write(t, text).with_context(|| format!("cannot write {}", t.display()))?;
    }
    if let Some(p) = &a.symbols {
        std::fs::write(p, mark1::profile::Symbols::from_assembly(&assembly).write())
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    if let (Some(d), Some(bytes)) = (&a.drm, drm_bytes) {
        std::fs::write(d, bytes).with_context(|| format!("cannot write {}", d.display()))?;
    }
    if a.output.is_none()
        && a.listing.is_none()
        && a.tape.is_none()
        && a.drm.is_none()
        && a.symbols.is_none()
    {
        print!("{}", assembly.image.to_text());
    }
    Ok(())
}
