//! Getting a program into a machine from files named on the command line: assembler
//! source, an image, a SimH drum image booted the period way, or a tape booted through
//! the initial routine. Every file named as a program is read and told apart here, once
//! ([`read_program`]), so that every command accepts the same forms and refuses the rest
//! with the same message.

use anyhow::{anyhow, bail, Context, Result};
use mark1::asm::{self, boot};
use mark1::formats::drm::{self, DRM_BYTES};
use mark1::formats::{image::Image, input, tape};
use mark1::machine::Machine;
use std::path::{Path, PathBuf};

/// The forms a program file may take, for error messages.
pub const ACCEPTED_FORMS: &str = "assembler source (.m1), a machine image (.m1i, \
     from `mark1 asm -o`), a SimH drum image (.drm, 131072 bytes) or, with --tape, a \
     paper tape (.pt.txt or raw rows)";

/// A program file as read from disk.
pub enum ProgramFile {
    /// Assembler source (assembled) or a machine image: what goes into the store.
    Image(Image),
    /// A SimH drum image: 32 768 words in track order, booted with KEC and the hand
    /// switches.
    Drum(Vec<u32>),
}

/// Whether a file name says paper tape: `.pt.txt`, `.pt` or `.tape`.
fn named_as_tape(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    name.ends_with(".pt.txt") || name.ends_with(".pt") || name.ends_with(".tape")
}

/// Whether a file name says source or image: `.m1` or `.m1i`.
fn named_as_source(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("m1" | "m1i")
    )
}

/// The refusal of a tape given where a program belongs: `path` `is` a paper tape (or
/// looks like one), then `tail` after the advice.
fn tape_refusal(path: &Path, is: &str, tail: &str) -> anyhow::Error {
    anyhow!(
        "{} {is} a paper tape, not a program: use --tape FILE (`mark1 run --tape FILE` \
         boots it through the initial routine){tail}",
        path.display()
    )
}

/// Reads a program file and tells its form, in this order: a file named `.drm` is a
/// drum image; a file named `.pt.txt`, `.pt` or `.tape` is a paper tape and is refused
/// (it goes with `--tape`); a file of exactly 131 072 bytes that reads as a drum image
/// is one; a file whose bytes are all below 32 is a raw tape and is refused; text
/// starting `MARK1-IMAGE` is an image; other text is assembler source, and if it does not
/// assemble, is not named `.m1` or `.m1i` and reads as SimH paper-tape text, it is
/// refused as a tape (with the source's first error in one line); the assembler's
/// warnings are written to standard error. Any other binary
/// file is refused with a message naming the accepted forms.
///
/// The file is read with the limit of [`input::PROGRAM`] ([`input::DRUM`] when named
/// `.drm`).
///
/// # Errors
/// The file cannot be read, is larger than its limit, is not one of the forms, or does
/// not assemble.
pub fn read_program(path: &Path) -> Result<ProgramFile> {
    let named_drm = path.extension().and_then(|e| e.to_str()) == Some("drm");
    let limit = if named_drm {
        input::DRUM
    } else {
        input::PROGRAM
    };
    let bytes = input::read_limited(path, limit)?;
    if named_drm {
        let words = drm::read_drm(&bytes).with_context(|| format!("{}", path.display()))?;
        return Ok(ProgramFile::Drum(words));
    }
    if named_as_tape(path) {
        return Err(tape_refusal(path, "is", ""));
    }
    if bytes.len() == DRM_BYTES {
        // Text never holds the zero bytes above P19 every drum word has, so a source
        // file of this size fails here and is read as source below.
        if let Ok(words) = drm::read_drm(&bytes) {
            return Ok(ProgramFile::Drum(words));
        }
    }
    if !bytes.is_empty() && bytes.iter().all(|&b| b < 32) {
        return Err(tape_refusal(path, "is", ""));
    }
    let Ok(text) = std::str::from_utf8(&bytes) else {
        bail!(
            "{} is not a program mark1 can read: give {ACCEPTED_FORMS}",
            path.display()
        );
    };
    if text.starts_with("MARK1-IMAGE") {
        let img = Image::parse(text).with_context(|| format!("{}", path.display()))?;
        return Ok(ProgramFile::Image(img));
    }
    // The text already read, not the file again.
    match asm::assemble_str(&path.display().to_string(), text, &asm::FsLoader) {
        Ok(a) => {
            // Warnings go to standard error; the program runs.
            eprint!("{}", a.warnings_text());
            Ok(ProgramFile::Image(a.image))
        }
        Err(e)
            if !named_as_source(path)
                && tape::read_pt_text(&bytes).is_ok_and(|r| !r.is_empty()) =>
        {
            // Erroneous source can read as tape text too: say so, with the source's
            // first error in one line rather than every diagnostic.
            let first = e.0.first().map_or(String::new(), |d| {
                format!(
                    ", the first at line {} column {}: {}",
                    d.line, d.column, d.message
                )
            });
            let n = e.0.len();
            let s = if n == 1 { "" } else { "s" };
            Err(tape_refusal(
                path,
                "reads as",
                &format!("; as assembler source it has {n} error{s}{first}"),
            ))
        }
        Err(e) => Err(anyhow!("{e}")),
    }
}

/// Reads a program that goes into the store: an image or assembler source (a drum
/// image is refused: it is attached and booted, see [`load_or_boot`]).
///
/// # Errors
/// As [`read_program`], and for a drum image.
pub fn load_program(path: &Path) -> Result<Image> {
    match read_program(path)? {
        ProgramFile::Image(img) => Ok(img),
        ProgramFile::Drum(_) => bail!(
            "{} is a drum image: attach it with `mark1 console --drum FILE` or boot it \
             with `mark1 run FILE` (H = ////, KEC)",
            path.display()
        ),
    }
}

/// Reads a tape file (`.pt.txt` text or raw rows), at most [`input::TAPE`] bytes.
pub fn read_tape(path: &Path) -> Result<Vec<u8>> {
    let bytes = input::read_limited(path, input::TAPE)?;
    tape::read_any(&bytes).with_context(|| format!("{}", path.display()))
}

/// Puts a program into `m`: `file` (source or image) loaded into the store, the hand
/// switches then set to `hands` if given (over the image's `.hand`); a drum image
/// attached and booted the period way (hand switches set to `hands`, `////` if not
/// given, KEC, the tape if any in the reader: the first prepulse obeys H as a magnetic
/// instruction); or a tape booted through the initial routine. With
/// `tape_by_extension`, a `file` named `*.txt`, `*.tape` or `*.pt` is taken as a tape.
/// Returns the name to show.
///
/// # Errors
/// A file that cannot be read or is not one of the forms; a tape given with a program
/// that is not a drum image; hand switches given with a tape alone (it boots with
/// H = `////`).
pub fn load_or_boot(
    m: &mut Machine,
    file: Option<&PathBuf>,
    tape: Option<&PathBuf>,
    tape_by_extension: bool,
    hands: Option<u32>,
) -> Result<String> {
    let is_tape = |f: &Path| {
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        tape_by_extension && matches!(ext, "txt" | "tape" | "pt")
    };
    match (file, tape) {
        (Some(f), t) if !is_tape(f) => match (read_program(f)?, t) {
            (ProgramFile::Drum(words), t) => {
                m.drum.load_words(&words);
                m.set_hand_switches(hands.unwrap_or(0));
                m.kec();
                if let Some(t) = t {
                    m.load_tape(&read_tape(t)?);
                }
            }
            (ProgramFile::Image(img), None) => {
                m.load_image(&img);
                if let Some(h) = hands {
                    m.set_hand_switches(h);
                }
            }
            (ProgramFile::Image(_), Some(_)) => bail!(
                "--tape goes with a drum image (the tape in the reader) or alone (booted \
                 through the initial routine), not with {}",
                f.display()
            ),
        },
        (Some(_), _) | (None, Some(_)) if hands.is_some() => {
            bail!(
                "--hands goes with a drum image or a program, not with a tape alone: a tape \
                 is booted with H = //// (docs/tapes.md)"
            )
        }
        (Some(t), _) | (None, Some(t)) => boot::prepare(m, &read_tape(t)?),
        (None, None) => bail!("give a program file or --tape"),
    }
    Ok(file
        .or(tape)
        .map(|p| p.display().to_string())
        .unwrap_or_default())
}
