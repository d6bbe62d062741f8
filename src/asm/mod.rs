//! The assembler: period programme sheets and symbolic source to machine images.
//!
//! One source format (documented with examples in `docs/assembler.md`) accepts Prinz's
//! programme sheets verbatim (`E/  ME/C`, several pairs on a line, or a lone `VETA`)
//! and symbolic lines (`loop: TI x, b7`, `.word -1`, `.jump loop`, `.mag read 5, 1, 2`,
//! …) in any mixture. The result is an [`Assembly`]: a machine [`Image`], a symbol table
//! and a listing. [`disasm`] prints an image back as source that reassembles to the
//! same image; [`boot`] turns an image into a tape for the initial input routine in
//! `roms/`.

//!
//! The assembler runs in passes, each in its own module: `parse` (with `expr` and
//! `directive`) reads one line into a label and a statement; `layout` walks the source
//! and its includes, keeps sections and the location, defines names and places
//! statements; `eval` holds the symbol table and evaluates expressions; `emit` turns
//! the placed statements into words in the image; `listing` pairs source lines with
//! their words. `source` keeps the files read and the diagnostics for all of them.

pub mod boot;
mod directive;
mod disasm;
pub mod drum_boot;
mod emit;
mod eval;
mod expr;
mod layout;
mod listing;
mod parse;
mod source;

pub use disasm::{disasm, Selection};

use crate::machine::code::addr_chars;
use crate::machine::Image;
use listing::Listing;
use source::Src;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Supplies the text of included files.
pub trait SourceLoader {
    /// Loads `name` as included from the file called `including`; returns the name to
    /// report in diagnostics and the text, or a plain message.
    ///
    /// # Errors
    /// A message saying why the file cannot be read.
    fn load(&self, including: &str, name: &str) -> Result<(String, String), String>;
}

/// Loads includes from the file system, relative to the including file's directory.
#[derive(Debug, Default, Clone, Copy)]
pub struct FsLoader;

impl SourceLoader for FsLoader {
    fn load(&self, including: &str, name: &str) -> Result<(String, String), String> {
        let base = Path::new(including).parent().unwrap_or(Path::new(""));
        let p: PathBuf = base.join(name);
        let text = crate::formats::input::read_text(&p, crate::formats::input::SOURCE)
            .map_err(|e| e.to_string())?;
        Ok((p.display().to_string(), text))
    }
}

/// Refuses every include (for text assembled on its own).
#[derive(Debug, Default, Clone, Copy)]
pub struct NoIncludes;

impl SourceLoader for NoIncludes {
    fn load(&self, _: &str, name: &str) -> Result<(String, String), String> {
        Err(format!("includes are not available here (`{name}`)"))
    }
}

/// Includes from a map of names to texts (tests).
#[derive(Debug, Default, Clone)]
pub struct MapLoader(pub BTreeMap<String, String>);

impl SourceLoader for MapLoader {
    fn load(&self, _: &str, name: &str) -> Result<(String, String), String> {
        self.0
            .get(name)
            .map(|t| (name.to_string(), t.clone()))
            .ok_or_else(|| format!("no such file `{name}`"))
    }
}

/// One diagnostic: where, the source line, and a plain message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmError {
    /// File name as given or as resolved for includes.
    pub file: String,
    /// 1-based line; 0 for an error about the whole file (it cannot be read), shown
    /// as `FILE: message` without a line or a caret.
    pub line: usize,
    /// 1-based column (in characters); 0 with line 0.
    pub column: usize,
    /// The source line.
    pub source_line: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            return write!(f, "{}: {}", self.file, self.message);
        }
        writeln!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )?;
        writeln!(f, "{}", self.source_line)?;
        // Keep tabs so the caret lines up under tabbed source.
        let pad: String = self
            .source_line
            .chars()
            .take(self.column.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

impl std::error::Error for AsmError {}

/// The diagnostics of a failed assembly, in source order: the first
/// [`MAX_ERRORS`] found, then how many more were found and not kept (shown as
/// `... and N more errors`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmErrors(pub Vec<AsmError>, pub usize);

/// The most diagnostics an assembly keeps; later ones are only counted
/// ([`AsmErrors`]'s second field).
pub const MAX_ERRORS: usize = 100;

impl fmt::Display for AsmErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            writeln!(f, "{e}")?;
        }
        match self.1 {
            0 => {}
            1 => writeln!(
                f,
                "\n... and 1 more error (only the first {MAX_ERRORS} are shown)"
            )?,
            n => writeln!(
                f,
                "\n... and {n} more errors (only the first {MAX_ERRORS} are shown)"
            )?,
        }
        Ok(())
    }
}

impl std::error::Error for AsmErrors {}

/// Where a word goes: the electronic store or a drum half-track line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// Store address 0–511.
    Store(u32),
    /// Drum track, half, line 0–63.
    Drum(u8, u8, u32),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Store(a) => write!(f, "{}", addr_chars(a)),
            Place::Drum(t, h, l) => write!(f, "{t}.{h}:{}", addr_chars(l)),
        }
    }
}

/// A symbol's value and where it was defined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// Value (an address for labels).
    pub value: i64,
    /// `file:line` of the definition.
    pub defined_at: String,
    /// Labels: every place the labelled line is written to (the store line, or the drum
    /// line of a `.track` or of each copy of an `.overlay`); empty for an equate.
    pub places: Vec<Place>,
}

/// A successful assembly.
#[derive(Debug, Clone)]
pub struct Assembly {
    /// The machine image.
    pub image: Image,
    /// Labels and equates.
    pub symbols: BTreeMap<String, Symbol>,
    /// Warnings, in source order: lines that assemble but are likely mistakes (an
    /// unassigned function code, a long line at an odd line, docs/assembler.md
    /// "Warnings"); each message starts `warning: `.
    pub warnings: Vec<AsmError>,
    files: Vec<Src>,
    list: Listing,
}

impl Assembly {
    /// The listing: every source line with the words it placed, in period notation
    /// (location, then content), least significant character first.
    pub fn listing(&self) -> String {
        self.list.render(&self.files)
    }

    /// The warnings as text, one diagnostic after another as errors are shown
    /// (`file:line:column: warning: ...`, the source line and a caret); empty when
    /// there are none.
    pub fn warnings_text(&self) -> String {
        self.warnings.iter().map(|w| format!("{w}\n")).collect()
    }

    /// The boot tape of this assembly for the initial input routine in `roms/`.
    ///
    /// # Errors
    /// As [`boot::boot_tape`].
    pub fn tape(&self) -> Result<Vec<u8>, boot::BootError> {
        boot::boot_tape(&self.image)
    }
}

/// Assembles a file from disk (includes relative to it).
///
/// # Errors
/// [`AsmErrors`] with every diagnostic found; an unreadable file is reported as one.
pub fn assemble_file(path: impl AsRef<Path>) -> Result<Assembly, AsmErrors> {
    let p = path.as_ref();
    let name = p.display().to_string();
    match crate::formats::input::read_text(p, crate::formats::input::SOURCE) {
        Ok(text) => assemble_str(&name, &text, &FsLoader),
        Err(e) => Err(AsmErrors(
            vec![AsmError {
                file: name,
                line: 0,
                column: 0,
                source_line: String::new(),
                message: format!("cannot read the file: {}", e.reason()),
            }],
            0,
        )),
    }
}

/// The source a listing lists, if `text` reads as the assembler's own listing
/// ([`Assembly::listing`]: a first line `;;; NAME`, then lines that start with a line
/// number, at least half of them).
fn listed_source(text: &str) -> Option<String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let name = lines.next()?.strip_prefix(";;; ")?.trim().to_string();
    let (mut numbered, mut all) = (0, 0);
    for l in lines {
        all += 1;
        let t = l.trim_start();
        let digits = t.chars().take_while(char::is_ascii_digit).count();
        let after = t[digits..].chars().next();
        if t.starts_with(";;; ") || (digits > 0 && after.is_none_or(|c| c == ' ')) {
            numbered += 1;
        }
    }
    (all > 0 && 2 * numbered >= all).then_some(name)
}

/// The one error of a listing given as a source (`listed` is the source it lists).
fn listing_error(name: &str, text: &str, listed: &str) -> AsmError {
    AsmError {
        file: name.to_string(),
        line: 1,
        column: 1,
        source_line: text.lines().next().unwrap_or("").to_string(),
        message: format!(
            "this is a listing (`mark1 asm --listing`), not a source: assemble or run the source it lists, {listed}"
        ),
    }
}

/// Assembles `text`, reported as file `name`, loading includes through `loader`.
///
/// # Errors
/// [`AsmErrors`] with every diagnostic found; nothing is produced on error. A listing
/// (the assembler's own, `--listing`) given as a source that does not assemble gets one
/// error saying so, instead of one for each of its lines.
pub fn assemble_str(
    name: &str,
    text: &str,
    loader: &dyn SourceLoader,
) -> Result<Assembly, AsmErrors> {
    let mut lay = layout::run(name, text, loader);
    // The equates first: a cycle is said on its definitions, not at its first use.
    lay.syms.check_equates(&mut lay.src);
    let out = emit::run(&lay.items, &lay.drum_tracks, &lay.syms, &mut lay.src);
    if let Some((errors, more)) = lay.src.take_errors() {
        if let Some(listed) = listed_source(text) {
            return Err(AsmErrors(vec![listing_error(name, text, &listed)], 0));
        }
        return Err(AsmErrors(errors, more));
    }
    Ok(Assembly {
        image: out.image,
        symbols: lay.syms.table(&lay.src),
        warnings: lay.src.take_warnings(),
        list: Listing::new(&lay.lines, out.placed),
        files: lay.src.files,
    })
}
