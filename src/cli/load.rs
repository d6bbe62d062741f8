//! Getting a program into a machine from files named on the command line: an image or
//! assembler source, or a tape booted through the initial routine.

use anyhow::{anyhow, bail, Context, Result};
use mark1::asm::{self, boot};
use mark1::formats::{image::Image, tape};
use mark1::machine::Machine;
use std::path::{Path, PathBuf};

/// Reads a program: an image if the file says so, otherwise assembler source.
pub fn load_program(path: &Path) -> Result<Image> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    if text.starts_with("MARK1-IMAGE") {
        return Image::parse(&text).with_context(|| format!("{}", path.display()));
    }
    asm::assemble_file(path)
        .map(|a| a.image)
        .map_err(|e| anyhow!("{e}"))
}

/// Reads a tape file (`.pt.txt` text or raw rows).
pub fn read_tape(path: &Path) -> Result<Vec<u8>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    tape::read_any(&bytes).with_context(|| format!("{}", path.display()))
}

/// Puts a program into `m`: `file` (source or image) loaded into the store, or a tape
/// booted the period way through the initial routine. With `tape_by_extension`, a `file`
/// named `*.txt`, `*.tape` or `*.pt` is taken as a tape. Returns the name to show.
pub fn load_or_boot(
    m: &mut Machine,
    file: Option<&PathBuf>,
    tape: Option<&PathBuf>,
    tape_by_extension: bool,
) -> Result<String> {
    let is_tape = |f: &Path| {
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        tape_by_extension && matches!(ext, "txt" | "tape" | "pt")
    };
    match (file, tape) {
        (Some(f), _) if !is_tape(f) => m.load_image(&load_program(f)?),
        (Some(t), _) | (None, Some(t)) => boot::prepare(m, &read_tape(t)?),
        (None, None) => bail!("give a program file or --tape"),
    }
    Ok(file
        .or(tape)
        .map(|p| p.display().to_string())
        .unwrap_or_default())
}
