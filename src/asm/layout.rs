//! The layout pass: walks the source and its includes line by line, keeps the current
//! section and location, defines labels and equates, and places each statement that
//! makes words as an [`Item`] at its line (the words themselves are made by the
//! emission pass, once every name is known).

use super::eval::{LineEval, SymDef, Symbols};
use super::expr::Ex;
use super::parse::{self, Stmt};
use super::source::Sources;
use super::{Place, SourceLoader};
use crate::machine::code::addr_chars;
use crate::machine::store;

/// Deepest chain of includes followed.
const MAX_INCLUDE_DEPTH: usize = 16;

/// Where words go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Section {
    /// The electronic store.
    Store,
    /// One drum half-track, to be loaded into store page `page`.
    Drum { t: u8, h: u8, page: u32 },
    /// Store addresses whose page p is kept on half-track (base + p div 2, p mod 2), for
    /// each of the first `n` bases.
    Overlay { bases: [u8; 4], n: u8 },
}

impl Section {
    /// The store address of line 0 of the section.
    pub fn base(self) -> i64 {
        match self {
            Section::Store | Section::Overlay { .. } => 0,
            Section::Drum { page, .. } => 64 * i64::from(page),
        }
    }

    /// Number of lines in the section.
    fn limit(self) -> u32 {
        match self {
            Section::Store | Section::Overlay { .. } => store::LINES as u32,
            Section::Drum { .. } => 64,
        }
    }

    /// The line within the section that a period address names.
    pub fn period_line(self, addr: u32) -> u32 {
        match self {
            Section::Store | Section::Overlay { .. } => addr,
            Section::Drum { page, .. } => addr.wrapping_sub(64 * page),
        }
    }

    /// Every place that line `line` of the section is written to.
    pub fn places(self, line: u32) -> Vec<Place> {
        match self {
            Section::Store => vec![Place::Store(line)],
            Section::Drum { t, h, .. } => vec![Place::Drum(t, h, line)],
            Section::Overlay { bases, n } => bases[..n as usize]
                .iter()
                .map(|&b| Place::Drum(b + (line / 128) as u8, ((line / 64) % 2) as u8, line % 64))
                .collect(),
        }
    }

    /// Why a period address `addr` cannot be placed in the section.
    fn beyond_address(self, addr: u32) -> String {
        match self {
            Section::Store | Section::Overlay { .. } => format!(
                "address {} ({addr}) is beyond the fitted store (0-511)",
                addr_chars(addr)
            ),
            Section::Drum { page, .. } => format!(
                "address {} is not in page {page}, where this half-track is loaded",
                addr_chars(addr)
            ),
        }
    }

    /// Why a placement running past the last line cannot be made.
    fn beyond_end(self) -> String {
        match self {
            Section::Store | Section::Overlay { .. } => {
                "placement runs beyond the fitted store (line 511 is the last)".to_string()
            }
            Section::Drum { t, h, .. } => {
                format!("placement runs beyond the end of half-track {t}.{h} (64 lines)")
            }
        }
    }
}

/// A statement placed by the layout pass, to be emitted.
#[derive(Debug, Clone)]
pub(super) struct Item {
    /// File index and 0-based line of the statement.
    pub file: usize,
    pub line: usize,
    /// Byte offset of the statement in its line.
    pub soff: usize,
    pub stmt: Stmt,
    pub sec: Section,
    /// Line within the section of the first word (0 for period lines, which carry
    /// their own addresses).
    pub loc: u32,
    /// Index of the source line in [`Layout::lines`].
    pub list: usize,
    /// The kinds of warning not given for this item (`.nowarn`, `parse::NOWARN_*`).
    pub nowarn: u8,
}

impl Item {
    /// The value of `.` for the item: the store address of its first word.
    pub fn here(&self) -> i64 {
        self.sec.base() + i64::from(self.loc)
    }
}

/// What the layout pass hands on: the files read with the diagnostics so far, every
/// name defined, the placed items and every source line in listing order.
#[derive(Debug, Default)]
pub(super) struct Layout {
    pub src: Sources,
    pub syms: Symbols,
    pub items: Vec<Item>,
    /// Half-tracks named by `.track`, in order; present in the image even if empty.
    pub drum_tracks: Vec<(u8, u8)>,
    /// (file index, 0-based line) of every source line, includes where they stand.
    pub lines: Vec<(usize, usize)>,
}

/// Runs the layout pass over `text` (reported as `name`), loading includes through
/// `loader`.
pub(super) fn run(name: &str, text: &str, loader: &dyn SourceLoader) -> Layout {
    let mut w = Walker {
        out: Layout::default(),
        loader,
        sec: None,
        loc: 0,
        nowarn: 0,
    };
    w.walk(name, text, 0);
    w.out
}

/// The walk's state: what it has made so far, the section and location.
struct Walker<'a> {
    out: Layout,
    loader: &'a dyn SourceLoader,
    sec: Option<Section>,
    loc: u32,
    /// The kinds of warning turned off so far (`.nowarn`).
    nowarn: u8,
}

/// Where a statement stands: file index, 0-based line, byte offset of the statement.
type At = (usize, usize, usize);

impl Walker<'_> {
    fn section(&self) -> Section {
        self.sec.unwrap_or(Section::Store)
    }

    fn here(&self) -> i64 {
        self.section().base() + i64::from(self.loc)
    }

    fn err(&mut self, (fi, li, _): At, off: usize, msg: impl Into<String>) {
        self.out.src.err(fi, li, off, msg);
    }

    /// Evaluates `x` now (in the layout pass), reporting a failure.
    fn eval_now(&mut self, (fi, li, _): At, x: &Ex) -> Option<i64> {
        let here = self.here();
        LineEval {
            syms: &self.out.syms,
            src: &mut self.out.src,
            file: fi,
            line: li,
            here,
        }
        .value(x)
    }

    fn walk(&mut self, name: &str, text: &str, depth: usize) {
        let fi = self.out.src.add(name, text);
        for li in 0..self.out.src.files[fi].lines.len() {
            let raw = self.out.src.files[fi].lines[li].clone();
            let code = raw.find(';').map_or(&raw[..], |k| &raw[..k]);
            self.out.lines.push((fi, li));
            match parse::parse_line_text(code) {
                Ok(parsed) => self.line(fi, li, parsed, depth),
                Err(e) => self.out.src.err(fi, li, e.off, e.msg),
            }
        }
    }

    /// Defines the line's label and places its statement.
    fn line(&mut self, fi: usize, li: usize, parsed: parse::Line, depth: usize) {
        if let Some((lname, loff)) = parsed.label {
            let sec = self.section();
            let v = match &parsed.stmt {
                Some((Stmt::Period(p), _)) => sec.base() + i64::from(sec.period_line(p[0].1)),
                _ => self.here(),
            };
            let places = u32::try_from(v - sec.base())
                .map(|line| sec.places(line))
                .unwrap_or_default();
            let syms = &mut self.out.syms;
            let def = SymDef::Label(v, places);
            syms.define(&mut self.out.src, (fi, li, loff), lname, def);
        }
        if let Some((stmt, soff)) = parsed.stmt {
            self.place((fi, li, soff), stmt, depth);
        }
    }

    /// Places one statement: one arm per statement family.
    fn place(&mut self, at: At, stmt: Stmt, depth: usize) {
        match stmt {
            Stmt::Org(x) => self.origin(at, &x, 1, |v| {
                format!("address {v} is outside the store (0-511)")
            }),
            Stmt::Page(x) => self.origin(at, &x, 64, |v| format!("page {v} does not exist (0-7)")),
            Stmt::Track(t, h, p) => self.track(at, &t, &h, p.as_ref()),
            Stmt::Overlay(ts) => self.overlay(at, &ts),
            Stmt::EndOverlay => self.sec = Some(Section::Store),
            Stmt::Equ(name, x) => {
                let def = SymDef::Equ(x, self.here());
                self.out.syms.define(&mut self.out.src, at, name, def);
            }
            Stmt::Include(name) => self.include(at, &name, depth),
            Stmt::NoWarn(bits) => self.nowarn |= bits,
            Stmt::Period(pairs) => self.period(at, pairs),
            Stmt::Hand(_) | Stmt::Control(_) | Stmt::Start(_) => self.push(at, stmt, self.loc),
            _ => self.words(at, stmt),
        }
    }

    /// `.org` (`unit` 1) and `.page` (`unit` 64): a new location in the store (or in
    /// the overlay in force); `msg` explains a value outside the store.
    fn origin(&mut self, at: At, x: &Ex, unit: i64, msg: fn(i64) -> String) {
        let Some(v) = self.eval_now(at, x) else {
            return;
        };
        if !(0..store::LINES as i64 / unit).contains(&v) {
            self.err(at, x.off, msg(v));
            return;
        }
        if !matches!(self.section(), Section::Overlay { .. }) {
            self.sec = Some(Section::Store);
        }
        self.loc = (unit * v) as u32;
    }

    /// `.track T, H [, PAGE]`: a drum half-track section from its line 0.
    fn track(&mut self, at: At, t: &Ex, h: &Ex, p: Option<&Ex>) {
        let tv = self.eval_now(at, t);
        let hv = self.eval_now(at, h);
        let pv = match p {
            Some(p) => self.eval_now(at, p),
            None => Some(0),
        };
        let (Some(tv), Some(hv), Some(pv)) = (tv, hv, pv) else {
            return;
        };
        if !(0..256).contains(&tv) {
            self.err(at, t.off, format!("track {tv} does not exist (0-255)"));
        } else if !(0..2).contains(&hv) {
            self.err(
                at,
                h.off,
                format!("half-track {hv} does not exist (0 or 1)"),
            );
        } else if !(0..8).contains(&pv) {
            let off = p.map_or(at.2, |p| p.off);
            self.err(at, off, format!("page {pv} does not exist (0-7)"));
        } else {
            let (t, h) = (tv as u8, hv as u8);
            self.sec = Some(Section::Drum {
                t,
                h,
                page: pv as u32,
            });
            self.loc = 0;
            if !self.out.drum_tracks.contains(&(t, h)) {
                self.out.drum_tracks.push((t, h));
            }
        }
    }

    /// `.overlay T [, T2 ...]`: store addresses kept on the drum from here on.
    fn overlay(&mut self, at: At, ts: &[Ex]) {
        let mut bases = [0u8; 4];
        let mut ok = true;
        for (k, t) in ts.iter().enumerate() {
            match self.eval_now(at, t) {
                Some(tv) if (0..=252).contains(&tv) => bases[k] = tv as u8,
                Some(tv) => {
                    let m = format!("overlay track {tv} leaves no room for pages 0-7 (0-252)");
                    self.err(at, t.off, m);
                    ok = false;
                }
                None => ok = false,
            }
        }
        if ok {
            let n = ts.len() as u8;
            self.sec = Some(Section::Overlay { bases, n });
        }
    }

    /// `.include "file"`: walks the file where the directive stands.
    fn include(&mut self, at: At, name: &str, depth: usize) {
        let (fi, _, soff) = at;
        if depth >= MAX_INCLUDE_DEPTH {
            let m = "includes nested too deeply (a file includes itself?)";
            self.err(at, soff, m);
            return;
        }
        let from = self.out.src.files[fi].name.clone();
        match self.loader.load(&from, name) {
            Ok((n, text)) => self.walk(&n, &text, depth + 1),
            Err(m) => self.err(at, soff, m),
        }
    }

    /// A period line: its pairs carry their addresses; the location moves past the
    /// last one.
    fn period(&mut self, at: At, pairs: Vec<(usize, u32, u32)>) {
        let sec = self.section();
        for &(aoff, addr, _) in &pairs {
            if sec.period_line(addr) >= sec.limit() {
                self.err(at, aoff, sec.beyond_address(addr));
                return;
            }
        }
        let next = pairs.last().map(|&(_, addr, _)| sec.period_line(addr) + 1);
        self.push(at, Stmt::Period(pairs), 0);
        if let Some(next) = next {
            self.loc = next;
        }
    }

    /// A statement that places words from the location on.
    fn words(&mut self, at: At, stmt: Stmt) {
        let fill = match &stmt {
            Stmt::Fill(n, _) => match self.eval_now(at, n) {
                Some(v) if (0..=512).contains(&v) => Some(v),
                Some(v) => {
                    self.err(at, n.off, format!("fill count {v} is out of range (0-512)"));
                    return;
                }
                None => return,
            },
            _ => None,
        };
        let sec = self.section();
        let n = size(&stmt, fill);
        if self.loc + n > sec.limit() {
            self.err(at, at.2, sec.beyond_end());
            return;
        }
        self.push(at, stmt, self.loc);
        self.loc += n;
    }

    fn push(&mut self, (file, line, soff): At, stmt: Stmt, loc: u32) {
        self.out.items.push(Item {
            file,
            line,
            soff,
            stmt,
            sec: self.section(),
            loc,
            list: self.out.lines.len() - 1,
            nowarn: self.nowarn,
        });
    }
}

/// Number of lines a statement places (`fill` is a `.fill`'s count).
fn size(st: &Stmt, fill: Option<i64>) -> u32 {
    match st {
        Stmt::Content(_) | Stmt::Instr { .. } | Stmt::Jump(_) | Stmt::Mag(_) | Stmt::Io(_) => 1,
        Stmt::Word(v) => v.len() as u32,
        Stmt::Long(v) => 2 * v.len() as u32,
        Stmt::Chars(c) => c.len().div_ceil(4) as u32,
        Stmt::Fill(..) => fill.unwrap_or(0) as u32,
        _ => 0,
    }
}
