//! `mark1 asm`: assemble a source file into an image, a listing, a boot tape, a drum.

use super::out;
use anyhow::{anyhow, Result};
use mark1::asm;
use mark1::formats::{drm, tape};
use mark1::machine::{Config, Machine};
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `mark1 asm`.
#[derive(clap::Args)]
pub struct AsmArgs {
    /// Source file.
    source: PathBuf,
    /// Write the machine image here (`-`: standard output, as for every output below).
    /// Without -o, --listing, --tape or --drm the image goes to standard output.
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
    /// Replace output files that exist (without it an existing file is refused and
    /// nothing is written; the source is never overwritten).
    #[arg(long)]
    force: bool,
}

/// Runs `mark1 asm`.
pub fn run(a: AsmArgs) -> Result<()> {
    // Every output checked before the work, and everything built before writing
    // anything, so that an error writes nothing.
    let outputs = [
        a.output.as_deref(),
        a.listing.as_deref(),
        a.tape.as_deref(),
        a.symbols.as_deref(),
        a.drm.as_deref(),
    ];
    // `-` is standard output, for one of them at most (a drum image is bytes, not text).
    let dash = |p: &Option<&std::path::Path>| p.is_some_and(|p| p.as_os_str() == "-");
    if outputs.iter().filter(|p| dash(p)).count() > 1 {
        anyhow::bail!("only one output can go to standard output (`-`)");
    }
    if dash(&a.drm.as_deref()) {
        anyhow::bail!("--drm -: a drum image is bytes, not text: give it a file");
    }
    let files_named: Vec<Option<&std::path::Path>> = outputs
        .iter()
        .map(|p| p.filter(|p| p.as_os_str() != "-"))
        .collect();
    out::check_outputs(&files_named, a.force, &[&a.source])?;
    let assembly = asm::assemble_file(&a.source).map_err(|e| anyhow!("{e}"))?;
    eprint!("{}", assembly.warnings_text());
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
    let files: [(Option<&std::path::Path>, Option<Vec<u8>>); 5] = [
        (
            a.output.as_deref(),
            Some(assembly.image.to_text().into_bytes()),
        ),
        (a.listing.as_deref(), Some(assembly.listing().into_bytes())),
        (a.tape.as_deref(), tape_text.map(String::into_bytes)),
        (
            a.symbols.as_deref(),
            Some(
                mark1::profile::Symbols::from_assembly(&assembly)
                    .write()
                    .into_bytes(),
            ),
        ),
        (a.drm.as_deref(), drm_bytes),
    ];
    if outputs.iter().all(Option::is_none) {
        write!(out::stdout(), "{}", assembly.image.to_text())?;
        return Ok(());
    }
    for (path, bytes) in files {
        match (path, bytes) {
            (Some(p), Some(b)) if p.as_os_str() == "-" => out::stdout().write_all(&b)?,
            (Some(p), Some(b)) => out::write_file(p, b, a.force)?,
            _ => {}
        }
    }
    Ok(())
}
