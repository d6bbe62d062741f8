//! The assembler: period programme sheets and symbolic source to machine images.
//!
//! One source format (documented with examples in `docs/assembler.md`) accepts Prinz's
//! programme sheets verbatim (`E/  ME/C`, several pairs on a line, or a lone `VETA`)
//! and symbolic lines (`loop: TI x, b7`, `.word -1`, `.jump loop`, `.mag read 5, 1, 2`,
//! …) in any mixture. The result is an [`Assembly`]: a machine [`Image`], a symbol table
//! and a listing. [`disasm`] prints an image back as source that reassembles to the
//! same image; [`boot`] turns an image into a tape for the initial input routine in
//! `roms/`.

pub mod boot;
mod disasm;
pub mod drum_boot;
mod parse;

pub use disasm::{disasm, Selection};

use crate::machine::code::{addr_chars, line_chars, Halves, IoOrder, MagneticOrder, MASK20};
use crate::machine::{store, Image};
use parse::{Ex, MagMode, Stmt, E};
use std::collections::{BTreeMap, HashMap};
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
        let text =
            std::fs::read_to_string(&p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
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
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// The source line.
    pub source_line: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

/// All diagnostics of a failed assembly, in source order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmErrors(pub Vec<AsmError>);

impl fmt::Display for AsmErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            writeln!(f, "{e}")?;
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
}

#[derive(Debug, Clone)]
struct ListLine {
    file: usize,
    line: usize,
    words: Vec<(Place, u32)>,
}

/// A successful assembly.
#[derive(Debug, Clone)]
pub struct Assembly {
    /// The machine image.
    pub image: Image,
    /// Labels and equates.
    pub symbols: BTreeMap<String, Symbol>,
    files: Vec<Src>,
    list: Vec<ListLine>,
}

impl Assembly {
    /// The listing: every source line with the words it placed, in period notation
    /// (location, then content), least significant character first.
    pub fn listing(&self) -> String {
        let mut s = String::new();
        let mut cur = usize::MAX;
        for l in &self.list {
            if l.file != cur {
                cur = l.file;
                s.push_str(&format!(";;; {}\n", self.files[cur].name));
            }
            let text = self.files[l.file].lines[l.line].trim_end();
            let mut first = true;
            for (p, w) in &l.words {
                let loc = p.to_string();
                let src = if first { text } else { "" };
                let ln = if first {
                    format!("{:>5}", l.line + 1)
                } else {
                    String::new()
                };
                s.push_str(format!("{ln:>5}  {loc:>9} {}  {src}", line_chars(*w)).trim_end());
                s.push('\n');
                first = false;
            }
            if first {
                s.push_str(format!("{:>5}  {:>9} {:4}  {text}", l.line + 1, "", "").trim_end());
                s.push('\n');
            }
        }
        s
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
    match std::fs::read_to_string(p) {
        Ok(text) => assemble_str(&name, &text, &FsLoader),
        Err(e) => Err(AsmErrors(vec![AsmError {
            file: name,
            line: 0,
            column: 0,
            source_line: String::new(),
            message: format!("cannot read the file: {e}"),
        }])),
    }
}

/// Assembles `text`, reported as file `name`, loading includes through `loader`.
///
/// # Errors
/// [`AsmErrors`] with every diagnostic found; nothing is produced on error.
pub fn assemble_str(
    name: &str,
    text: &str,
    loader: &dyn SourceLoader,
) -> Result<Assembly, AsmErrors> {
    let mut a = Asm::default();
    a.walk(name, text, loader, 0);
    a.finish()
}

// ---------------------------------------------------------------------------------

#[derive(Debug, Clone)]
struct Src {
    name: String,
    lines: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    Store,
    Drum {
        t: u8,
        h: u8,
        page: u32,
    },
    /// Store addresses whose page p is kept on half-track (base + p div 2, p mod 2), for
    /// each of the first `n` bases.
    Overlay {
        bases: [u8; 4],
        n: u8,
    },
}

#[derive(Debug, Clone)]
enum SymDef {
    Label(i64),
    Equ(Ex, i64),
}

#[derive(Debug, Clone)]
struct Item {
    file: usize,
    line: usize,
    soff: usize,
    stmt: Stmt,
    sec: Section,
    loc: u32,
    list: usize,
}

#[derive(Default)]
struct Asm {
    files: Vec<Src>,
    errors: Vec<AsmError>,
    syms: HashMap<String, (SymDef, usize, usize)>,
    items: Vec<Item>,
    list: Vec<ListLine>,
    sec: Option<Section>,
    loc: u32,
    drum_tracks: Vec<(u8, u8)>,
}

const MAX_INCLUDE_DEPTH: usize = 16;
const MAX_ERRORS: usize = 100;

impl Asm {
    fn err(&mut self, file: usize, line: usize, off: usize, msg: impl Into<String>) {
        if self.errors.len() >= MAX_ERRORS {
            return;
        }
        let src = &self.files[file];
        let text = src.lines.get(line).cloned().unwrap_or_default();
        let column = text.get(..off).map_or(1, |p| p.chars().count() + 1);
        self.errors.push(AsmError {
            file: src.name.clone(),
            line: line + 1,
            column,
            source_line: text,
            message: msg.into(),
        });
    }

    fn section(&self) -> Section {
        self.sec.unwrap_or(Section::Store)
    }

    fn base(sec: Section) -> i64 {
        match sec {
            Section::Store => 0,
            Section::Drum { page, .. } => 64 * i64::from(page),
            Section::Overlay { .. } => 0,
        }
    }

    fn here(&self) -> i64 {
        Self::base(self.section()) + i64::from(self.loc)
    }

    fn walk(&mut self, name: &str, text: &str, loader: &dyn SourceLoader, depth: usize) {
        let fi = self.files.len();
        self.files.push(Src {
            name: name.to_string(),
            lines: text.lines().map(str::to_string).collect(),
        });
        let n = self.files[fi].lines.len();
        for li in 0..n {
            let raw = self.files[fi].lines[li].clone();
            let code = match raw.find(';') {
                Some(k) => &raw[..k],
                None => &raw[..],
            };
            self.list.push(ListLine {
                file: fi,
                line: li,
                words: Vec::new(),
            });
            let parsed = match parse::parse_line_text(code) {
                Ok(p) => p,
                Err(e) => {
                    self.err(fi, li, e.off, e.msg);
                    continue;
                }
            };
            let here_for_label = match &parsed.stmt {
                Some((Stmt::Period(p), _)) => {
                    let sec = self.section();
                    Some(Self::base(sec) + i64::from(self.period_line(sec, p[0].1)))
                }
                _ => None,
            };
            if let Some((lname, loff)) = parsed.label {
                let v = here_for_label.unwrap_or_else(|| self.here());
                self.define(fi, li, loff, lname, SymDef::Label(v));
            }
            if let Some((stmt, soff)) = parsed.stmt {
                self.place(fi, li, soff, stmt, loader, depth);
            }
        }
    }

    /// The line within the section that a period address names.
    fn period_line(&self, sec: Section, addr: u32) -> u32 {
        match sec {
            Section::Store => addr,
            Section::Drum { page, .. } => addr.wrapping_sub(64 * page),
            Section::Overlay { .. } => addr,
        }
    }

    fn define(&mut self, fi: usize, li: usize, off: usize, name: String, d: SymDef) {
        if let Some((_, f0, l0)) = self.syms.get(&name) {
            let at = format!("{}:{}", self.files[*f0].name, l0 + 1);
            self.err(
                fi,
                li,
                off,
                format!("duplicate definition of `{name}` (first defined at {at})"),
            );
            return;
        }
        self.syms.insert(name, (d, fi, li));
    }

    fn eval_now(&mut self, fi: usize, li: usize, x: &Ex) -> Option<i64> {
        let here = self.here();
        match self.eval(x, here, 0) {
            Ok(v) => Some(v),
            Err((off, m)) => {
                self.err(fi, li, off, m);
                None
            }
        }
    }

    fn eval(&self, x: &Ex, here: i64, depth: usize) -> Result<i64, (usize, String)> {
        if depth > 200 {
            return Err((x.off, "circular or too deep definition".into()));
        }
        let ov = || (x.off, "arithmetic overflow".to_string());
        Ok(match &x.e {
            E::Num(n) => i64::try_from(*n).map_err(|_| ov())?,
            E::Here => here,
            E::Sym(s) => match self.syms.get(s) {
                Some((SymDef::Label(v), _, _)) => *v,
                Some((SymDef::Equ(e, h), _, _)) => self
                    .eval(e, *h, depth + 1)
                    .map_err(|(_, m)| (x.off, format!("in `{s}`: {m}")))?,
                None => return Err((x.off, format!("undefined name `{s}`"))),
            },
            E::Neg(a) => self
                .eval(a, here, depth + 1)?
                .checked_neg()
                .ok_or_else(ov)?,
            E::Add(a, b) => self
                .eval(a, here, depth + 1)?
                .checked_add(self.eval(b, here, depth + 1)?)
                .ok_or_else(ov)?,
            E::Sub(a, b) => self
                .eval(a, here, depth + 1)?
                .checked_sub(self.eval(b, here, depth + 1)?)
                .ok_or_else(ov)?,
            E::Mul(a, b) => self
                .eval(a, here, depth + 1)?
                .checked_mul(self.eval(b, here, depth + 1)?)
                .ok_or_else(ov)?,
        })
    }

    fn size(&self, st: &Stmt, fill: Option<i64>) -> u32 {
        match st {
            Stmt::Content(_)
            | Stmt::Instr { .. }
            | Stmt::Jump(_)
            | Stmt::Mag { .. }
            | Stmt::Io(_) => 1,
            Stmt::Word(v) => v.len() as u32,
            Stmt::Long(v) => 2 * v.len() as u32,
            Stmt::Chars(c) => c.len().div_ceil(4) as u32,
            Stmt::Fill(..) => fill.unwrap_or(0) as u32,
            _ => 0,
        }
    }

    fn limit(sec: Section) -> u32 {
        match sec {
            Section::Store | Section::Overlay { .. } => store::LINES as u32,
            Section::Drum { .. } => 64,
        }
    }

    fn place(
        &mut self,
        fi: usize,
        li: usize,
        soff: usize,
        stmt: Stmt,
        loader: &dyn SourceLoader,
        depth: usize,
    ) {
        let sec = self.section();
        let list = self.list.len() - 1;
        match &stmt {
            Stmt::Org(x) => {
                if let Some(v) = self.eval_now(fi, li, x) {
                    if !(0..store::LINES as i64).contains(&v) {
                        self.err(
                            fi,
                            li,
                            x.off,
                            format!("address {v} is outside the store (0-511)"),
                        );
                    } else {
                        if !matches!(sec, Section::Overlay { .. }) {
                            self.sec = Some(Section::Store);
                        }
                        self.loc = v as u32;
                    }
                }
            }
            Stmt::Page(x) => {
                if let Some(v) = self.eval_now(fi, li, x) {
                    if !(0..8).contains(&v) {
                        self.err(fi, li, x.off, format!("page {v} does not exist (0-7)"));
                    } else {
                        if !matches!(sec, Section::Overlay { .. }) {
                            self.sec = Some(Section::Store);
                        }
                        self.loc = 64 * v as u32;
                    }
                }
            }
            Stmt::Track(t, h, p) => {
                let tv = self.eval_now(fi, li, t);
                let hv = self.eval_now(fi, li, h);
                let pv = match p {
                    Some(p) => self.eval_now(fi, li, p),
                    None => Some(0),
                };
                if let (Some(tv), Some(hv), Some(pv)) = (tv, hv, pv) {
                    if !(0..256).contains(&tv) {
                        self.err(fi, li, t.off, format!("track {tv} does not exist (0-255)"));
                    } else if !(0..2).contains(&hv) {
                        self.err(
                            fi,
                            li,
                            h.off,
                            format!("half-track {hv} does not exist (0 or 1)"),
                        );
                    } else if !(0..8).contains(&pv) {
                        let off = p.as_ref().map_or(soff, |p| p.off);
                        self.err(fi, li, off, format!("page {pv} does not exist (0-7)"));
                    } else {
                        let (t, h) = (tv as u8, hv as u8);
                        self.sec = Some(Section::Drum {
                            t,
                            h,
                            page: pv as u32,
                        });
                        self.loc = 0;
                        if !self.drum_tracks.contains(&(t, h)) {
                            self.drum_tracks.push((t, h));
                        }
                    }
                }
            }
            Stmt::Overlay(ts) => {
                let mut bases = [0u8; 4];
                let mut ok = true;
                for (k, t) in ts.iter().enumerate() {
                    match self.eval_now(fi, li, t) {
                        Some(tv) if (0..=252).contains(&tv) => bases[k] = tv as u8,
                        Some(tv) => {
                            self.err(
                                fi,
                                li,
                                t.off,
                                format!("overlay track {tv} leaves no room for pages 0-7 (0-252)"),
                            );
                            ok = false;
                        }
                        None => ok = false,
                    }
                }
                if ok {
                    self.sec = Some(Section::Overlay {
                        bases,
                        n: ts.len() as u8,
                    });
                }
            }
            Stmt::EndOverlay => self.sec = Some(Section::Store),
            Stmt::Equ(name, x) => {
                let here = self.here();
                self.define(fi, li, soff, name.clone(), SymDef::Equ(x.clone(), here));
            }
            Stmt::Include(name) => {
                if depth >= MAX_INCLUDE_DEPTH {
                    self.err(
                        fi,
                        li,
                        soff,
                        "includes nested too deeply (a file includes itself?)",
                    );
                    return;
                }
                let from = self.files[fi].name.clone();
                match loader.load(&from, name) {
                    Ok((n, text)) => self.walk(&n, &text, loader, depth + 1),
                    Err(m) => self.err(fi, li, soff, m),
                }
            }
            Stmt::Period(pairs) => {
                for &(aoff, addr, _) in pairs {
                    let line = self.period_line(sec, addr);
                    if line >= Self::limit(sec) {
                        let m = match sec {
                            Section::Store => format!(
                                "address {} ({addr}) is beyond the fitted store (0-511)",
                                addr_chars(addr)
                            ),
                            Section::Drum { page, .. } => format!(
                                "address {} is not in page {page}, where this half-track is loaded",
                                addr_chars(addr)
                            ),
                            Section::Overlay { .. } => format!(
                                "address {} ({addr}) is beyond the fitted store (0-511)",
                                addr_chars(addr)
                            ),
                        };
                        self.err(fi, li, aoff, m);
                        return;
                    }
                }
                self.items.push(Item {
                    file: fi,
                    line: li,
                    soff,
                    stmt: stmt.clone(),
                    sec,
                    loc: 0,
                    list,
                });
                if let Some(&(_, addr, _)) = pairs.last() {
                    self.loc = self.period_line(sec, addr) + 1;
                }
            }
            Stmt::Hand(_) | Stmt::Control(_) | Stmt::Start(_) => {
                self.items.push(Item {
                    file: fi,
                    line: li,
                    soff,
                    stmt,
                    sec,
                    loc: self.loc,
                    list,
                });
            }
            _ => {
                let fill = match &stmt {
                    Stmt::Fill(n, _) => match self.eval_now(fi, li, n) {
                        Some(v) if (0..=512).contains(&v) => Some(v),
                        Some(v) => {
                            self.err(
                                fi,
                                li,
                                n.off,
                                format!("fill count {v} is out of range (0-512)"),
                            );
                            return;
                        }
                        None => return,
                    },
                    _ => None,
                };
                let n = self.size(&stmt, fill);
                if self.loc + n > Self::limit(sec) {
                    let m = match sec {
                        Section::Store | Section::Overlay { .. } => {
                            "placement runs beyond the fitted store (line 511 is the last)"
                                .to_string()
                        }
                        Section::Drum { t, h, .. } => format!(
                            "placement runs beyond the end of half-track {t}.{h} (64 lines)"
                        ),
                    };
                    self.err(fi, li, soff, m);
                    return;
                }
                self.items.push(Item {
                    file: fi,
                    line: li,
                    soff,
                    stmt,
                    sec,
                    loc: self.loc,
                    list,
                });
                self.loc += n;
            }
        }
    }

    fn finish(mut self) -> Result<Assembly, AsmErrors> {
        let mut img = Image::default();
        for &(t, h) in &self.drum_tracks {
            img.drum.entry((t, h)).or_insert([0; 64]);
        }
        let mut owner: HashMap<Place, (usize, usize)> = HashMap::new();
        let items = std::mem::take(&mut self.items);
        for it in &items {
            let here = Self::base(it.sec) + i64::from(it.loc);
            let mut out: Vec<(u32, u32, usize)> = Vec::new(); // (line, word, offset)
            let ev = |a: &mut Asm, x: &Ex| -> Option<i64> {
                match a.eval(x, here, 0) {
                    Ok(v) => Some(v),
                    Err((off, m)) => {
                        a.err(it.file, it.line, off, m);
                        None
                    }
                }
            };
            let range = |a: &mut Asm, x: &Ex, lo: i64, hi: i64, what: &str| -> Option<i64> {
                let v = ev(a, x)?;
                if v < lo || v > hi {
                    a.err(
                        it.file,
                        it.line,
                        x.off,
                        format!("{what} {v} is out of range ({lo} to {hi})"),
                    );
                    return None;
                }
                Some(v)
            };
            match &it.stmt {
                Stmt::Period(pairs) => {
                    for &(off, addr, w) in pairs {
                        out.push((self.period_line(it.sec, addr), w, off));
                    }
                }
                Stmt::Content(w) => out.push((it.loc, *w, it.soff)),
                Stmt::Instr { f, b, operand } => {
                    let s = match operand {
                        Some(x) => range(&mut self, x, 0, 1023, "address").unwrap_or(0),
                        None => 0,
                    };
                    out.push((
                        it.loc,
                        crate::machine::code::instruction(s as u32, *b, *f),
                        it.soff,
                    ));
                }
                Stmt::Word(v) => {
                    for (k, x) in v.iter().enumerate() {
                        let w = range(&mut self, x, -(1 << 19), (1 << 20) - 1, "20-bit number")
                            .unwrap_or(0);
                        out.push((it.loc + k as u32, (w as u32) & MASK20, x.off));
                    }
                }
                Stmt::Long(v) => {
                    for (k, x) in v.iter().enumerate() {
                        let w = range(&mut self, x, -(1 << 39), (1 << 40) - 1, "40-bit number")
                            .unwrap_or(0);
                        let w = w as u64;
                        let at = Self::base(it.sec) + i64::from(it.loc) + 2 * k as i64;
                        if at % 64 == 63 {
                            self.err(
                                it.file,
                                it.line,
                                x.off,
                                "a long line cannot start at the last line of a page: the machine pairs line 63 with line 0 of the same page (Prinz §4(6)); put long lines at even lines",
                            );
                        }
                        out.push((it.loc + 2 * k as u32, (w as u32) & MASK20, x.off));
                        out.push((
                            it.loc + 2 * k as u32 + 1,
                            ((w >> 20) as u32) & MASK20,
                            x.off,
                        ));
                    }
                }
                Stmt::Chars(cs) => {
                    for (k, ch) in cs.chunks(4).enumerate() {
                        let w = ch
                            .iter()
                            .enumerate()
                            .fold(0u32, |w, (i, &c)| w | (u32::from(c) << (5 * i)));
                        out.push((it.loc + k as u32, w, it.soff));
                    }
                }
                Stmt::Jump(x) => {
                    let t = range(&mut self, x, 0, 1023, "jump target").unwrap_or(1);
                    out.push((it.loc, ((t - 1) & 1023) as u32, x.off));
                }
                Stmt::Fill(n, v) => {
                    let n = self.eval(n, here, 0).unwrap_or(0).max(0) as u32;
                    let w = match v {
                        Some(x) => range(&mut self, x, -(1 << 19), (1 << 20) - 1, "20-bit number")
                            .unwrap_or(0),
                        None => 0,
                    };
                    for k in 0..n {
                        out.push((it.loc + k, (w as u32) & MASK20, it.soff));
                    }
                }
                Stmt::Mag {
                    transfer,
                    track,
                    mode,
                    page,
                } => {
                    let t = range(&mut self, track, 0, 255, "track").unwrap_or(0) as u32;
                    let p = range(&mut self, page, 0, 7, "page").unwrap_or(0) as u32;
                    let halves = match mode {
                        MagMode::Half(h) => {
                            Halves::Half(range(&mut self, h, 0, 1, "half-track").unwrap_or(0) as u8)
                        }
                        MagMode::Double | MagMode::Crossed => {
                            if p % 2 == 1 {
                                self.err(
                                    it.file,
                                    it.line,
                                    page.off,
                                    "a double transfer names the even page of a pair (0, 2, 4, 6)",
                                );
                            }
                            if *mode == MagMode::Double {
                                Halves::Double
                            } else {
                                Halves::Crossed
                            }
                        }
                    };
                    let m = MagneticOrder {
                        track: t as u8,
                        halves,
                        transfer: *transfer,
                        page: p as u8,
                    };
                    out.push((it.loc, m.encode(), it.soff));
                }
                Stmt::Io(c) => out.push((it.loc, IoOrder::of_char(*c).encode(), it.soff)),
                Stmt::Hand(x) => {
                    if let Some(v) = range(
                        &mut self,
                        x,
                        -(1 << 19),
                        (1 << 20) - 1,
                        "hand-switch setting",
                    ) {
                        img.hand_switches = (v as u32) & MASK20;
                    }
                }
                Stmt::Control(x) => {
                    if let Some(v) =
                        range(&mut self, x, -(1 << 19), (1 << 20) - 1, "control setting")
                    {
                        img.control = (v as u32) & MASK20;
                    }
                }
                Stmt::Start(x) => {
                    if let Some(v) = range(&mut self, x, 0, 1023, "start line") {
                        img.control = ((v - 1) & 1023) as u32;
                    }
                }
                _ => {}
            }
            for (line, w, off) in out {
                let places: Vec<Place> = match it.sec {
                    Section::Store => vec![Place::Store(line)],
                    Section::Drum { t, h, .. } => vec![Place::Drum(t, h, line)],
                    Section::Overlay { bases, n } => bases[..n as usize]
                        .iter()
                        .map(|&b| {
                            Place::Drum(b + (line / 128) as u8, ((line / 64) % 2) as u8, line % 64)
                        })
                        .collect(),
                };
                for place in places {
                    if let Some(&(f0, l0)) = owner.get(&place) {
                        let at = format!("{}:{}", self.files[f0].name, l0 + 1);
                        let what = match place {
                            Place::Store(a) => format!("line {}", addr_chars(a)),
                            Place::Drum(t, h, l) => {
                                format!("line {} of half-track {t}.{h}", addr_chars(l))
                            }
                        };
                        self.err(
                            it.file,
                            it.line,
                            off,
                            format!("overlapping placement: {what} was already set at {at}"),
                        );
                        continue;
                    }
                    owner.insert(place, (it.file, it.line));
                    match place {
                        Place::Store(a) => img.store[a as usize] = w,
                        Place::Drum(t, h, l) => {
                            img.drum.entry((t, h)).or_insert([0; 64])[l as usize] = w
                        }
                    }
                    self.list[it.list].words.push((place, w));
                }
            }
        }
        let mut bad = Vec::new();
        for (d, f, l) in self.syms.values() {
            if let SymDef::Equ(e, h) = d {
                if let Err((off, m)) = self.eval(e, *h, 0) {
                    bad.push((*f, *l, off, m));
                }
            }
        }
        for (f, l, off, m) in bad {
            self.err(f, l, off, m);
        }
        self.errors.dedup();
        if !self.errors.is_empty() {
            self.errors.sort_by(|a, b| {
                (
                    self.files.iter().position(|f| f.name == a.file),
                    a.line,
                    a.column,
                )
                    .cmp(&(
                        self.files.iter().position(|f| f.name == b.file),
                        b.line,
                        b.column,
                    ))
            });
            return Err(AsmErrors(self.errors));
        }
        let symbols = self
            .syms
            .iter()
            .map(|(k, (d, f, l))| {
                let value = match d {
                    SymDef::Label(v) => *v,
                    SymDef::Equ(e, h) => self.eval(e, *h, 0).unwrap_or(0),
                };
                (
                    k.clone(),
                    Symbol {
                        value,
                        defined_at: format!("{}:{}", self.files[*f].name, l + 1),
                    },
                )
            })
            .collect();
        Ok(Assembly {
            image: img,
            symbols,
            files: self.files,
            list: self.list,
        })
    }
}
