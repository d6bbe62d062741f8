//! Directives (`.org`, `.word`, `.mag` …): one parser per family, each given the whole
//! line (for offsets), the directive's offset and the text after its name.

use super::expr::{arg_expr, args, expr_list, full_expr, ident, n_args, Ex, E};
use super::parse::{
    is_tp, looks_like_address, perr, tp_token, MagMode, MagOrder, PErr, Stmt, NOWARN_LONG,
    NOWARN_UNASSIGNED,
};
use crate::formats::tape::show_char;
use crate::machine::code::{char_value, parse_line, Transfer};

/// The text after a directive's name: the whole line, the directive's offset and the
/// rest of the line.
struct Rest<'a> {
    line: &'a str,
    noff: usize,
    rest: &'a str,
}

impl Rest<'_> {
    /// Byte offset where the rest starts.
    fn off(&self) -> usize {
        self.line.len() - self.rest.len()
    }

    /// Byte offset of the first non-blank of the rest.
    fn text_off(&self) -> usize {
        self.line.len() - self.rest.trim_start().len()
    }

    /// `lo..=hi` comma-separated expressions.
    fn exprs(&self, lo: usize, hi: usize) -> Result<Vec<Ex>, PErr> {
        n_args(self.line, self.rest, self.noff, lo, hi)
    }

    /// Exactly one expression.
    fn one(&self) -> Result<Ex, PErr> {
        Ok(self.exprs(1, 1)?.remove(0))
    }

    /// `lo..=hi` expressions, the first `lo` returned and the optional rest after.
    fn fixed<const N: usize>(&self, hi: usize) -> Result<([Ex; N], Vec<Ex>), PErr> {
        let mut v = self.exprs(N, hi)?;
        let more = v.split_off(N);
        let zero = || Ex {
            off: self.off(),
            e: E::Num(0),
        };
        let mut it = v.into_iter();
        Ok((
            std::array::from_fn(|_| it.next().unwrap_or_else(zero)),
            more,
        ))
    }
}

/// Parses directive `name` (at byte `noff`) with the text `rest` that follows it.
pub(super) fn directive(line: &str, name: &str, noff: usize, rest: &str) -> Result<Stmt, PErr> {
    let r = Rest { line, noff, rest };
    match name {
        "org" | "page" | "track" | "overlay" | "endoverlay" => section(name, &r),
        "word" | "long" | "jump" | "fill" | "chars" => data(name, &r),
        "io" => io(&r),
        "mag" => mag(&r),
        "equ" => equ(&r),
        "include" => include(&r),
        "hand" => Ok(Stmt::Hand(word_or_expr(line, rest)?)),
        "control" => Ok(Stmt::Control(word_or_expr(line, rest)?)),
        "start" => Ok(Stmt::Start(r.one()?)),
        "nowarn" => nowarn(&r),
        _ => perr(noff, format!("unknown directive `.{name}`")),
    }
}

/// `.org`, `.page`, `.track`, `.overlay`, `.endoverlay`: where words go.
fn section(name: &str, r: &Rest) -> Result<Stmt, PErr> {
    Ok(match name {
        "org" => Stmt::Org(r.one()?),
        "page" => Stmt::Page(r.one()?),
        "track" => {
            let ([t, h], mut page) = r.fixed::<2>(3)?;
            Stmt::Track(t, h, page.pop())
        }
        "overlay" => Stmt::Overlay(r.exprs(1, 4)?),
        _ => {
            if !r.rest.trim().is_empty() {
                return perr(r.off(), "`.endoverlay` takes no argument");
            }
            Stmt::EndOverlay
        }
    })
}

/// `.word`, `.long`, `.jump`, `.fill`, `.chars`: words placed from the location on.
fn data(name: &str, r: &Rest) -> Result<Stmt, PErr> {
    Ok(match name {
        "word" => Stmt::Word(expr_list(r.line, r.rest)?),
        "long" => Stmt::Long(expr_list(r.line, r.rest)?),
        "jump" => Stmt::Jump(r.one()?),
        "fill" => {
            let ([n], mut value) = r.fixed::<1>(2)?;
            Stmt::Fill(n, value.pop())
        }
        _ => chars(r)?,
    })
}

/// `.chars TEXT`: teleprint characters, four to a line.
fn chars(r: &Rest) -> Result<Stmt, PErr> {
    let text = r.rest.trim();
    if text.is_empty() {
        return perr(
            r.noff,
            "expected teleprint characters, e.g. `.chars HELLO:WORLD`",
        );
    }
    let mut v = Vec::new();
    for (k, c) in text.char_indices() {
        match char_value(c) {
            Some(x) if is_tp(c) => v.push(x),
            _ if c == ' ' || c == '\t' => {
                return perr(
                    r.text_off() + k,
                    "a space is not a teleprint character: a space on the paper is an output order of its own (`.io Z`, obeyed with `/:` between the characters), or `Z` printed in figure shift; `:` is a character (a colon, 4 in figure shift), not a space",
                )
            }
            _ => {
                return perr(
                    r.text_off() + k,
                    format!(
                        "{} is not a teleprint character (letters in upper case)",
                        show_char(c)
                    ),
                )
            }
        }
    }
    Ok(Stmt::Chars(v))
}

/// `.nowarn KIND, ...`: `long` (long lines at odd lines) and `unassigned`
/// (unassigned function codes) not warned of from here on.
fn nowarn(r: &Rest) -> Result<Stmt, PErr> {
    let mut bits = 0;
    for (off, kind) in args(r.line, r.rest) {
        bits |= match kind {
            "long" => NOWARN_LONG,
            "unassigned" => NOWARN_UNASSIGNED,
            _ => {
                return perr(
                    off,
                    "expected `.nowarn long` or `.nowarn unassigned` (or both)",
                )
            }
        };
    }
    Ok(Stmt::NoWarn(bits))
}

/// `.io CODE`: an input or output instruction.
fn io(r: &Rest) -> Result<Stmt, PErr> {
    match io_code(r.rest.trim()) {
        Some(v) => Ok(Stmt::Io(v)),
        None => perr(
            r.text_off(),
            "expected an I/O code: T (out), Z (space), L (cr), W (lf), H (figs), Y (letters), O (in), B (check), or another character of value 16-31",
        ),
    }
}

/// I/O codes by name or character (Prinz §26).
fn io_code(s: &str) -> Option<u8> {
    let named = match s.to_ascii_lowercase().as_str() {
        "out" | "print" | "output" => Some(16),
        "space" => Some(17),
        "cr" => Some(18),
        "lf" => Some(19),
        "figs" | "figures" => Some(20),
        "letters" => Some(21),
        "in" | "input" => Some(24),
        "check" => Some(25),
        _ => None,
    };
    if named.is_some() {
        return named;
    }
    let mut cs = s.chars();
    let c = cs.next()?;
    if cs.next().is_some() || !is_tp(c) {
        return None;
    }
    let v = char_value(c)?;
    (v >= 16).then_some(v)
}

/// `.mag OP TRACK, HALF, PAGE`: a magnetic transfer.
fn mag(r: &Rest) -> Result<Stmt, PErr> {
    let line = r.line;
    let t = r.rest.trim_start();
    let opoff = line.len() - t.len();
    let (rest, op) = ident(t).map_err(|_| PErr {
        off: opoff,
        msg: "expected read, write, readcheck or writecheck".into(),
    })?;
    let transfer = match op {
        "read" => Transfer::Read,
        "write" => Transfer::Write,
        "readcheck" => Transfer::ReadCheck,
        "writecheck" => Transfer::WriteCheck,
        _ => {
            return perr(
                opoff,
                format!("unknown transfer `{op}`: expected read, write, readcheck or writecheck"),
            )
        }
    };
    let a = args(line, rest);
    if a.len() != 3 {
        return perr(
            opoff,
            "expected `.mag OP TRACK, HALF, PAGE` with HALF 0, 1, double or crossed",
        );
    }
    let track = arg_expr(line, a[0])?;
    let mode = match a[1].1 {
        "double" => MagMode::Double,
        "crossed" => MagMode::Crossed,
        _ => MagMode::Half(arg_expr(line, a[1])?),
    };
    let page = arg_expr(line, a[2])?;
    Ok(Stmt::Mag(MagOrder {
        transfer,
        track,
        mode,
        page,
    }))
}

/// `.equ NAME, EXPR`.
fn equ(r: &Rest) -> Result<Stmt, PErr> {
    let a = args(r.line, r.rest);
    if a.len() != 2 {
        return perr(r.noff, "expected `.equ NAME, EXPR`");
    }
    let (off, nm) = a[0];
    match ident(nm) {
        Ok(("", _)) if !looks_like_address(nm) => {}
        _ => return perr(off, format!("`{nm}` is not a usable name")),
    }
    Ok(Stmt::Equ(nm.to_string(), arg_expr(r.line, a[1])?))
}

/// `.include "file"` (or with single quotes).
fn include(r: &Rest) -> Result<Stmt, PErr> {
    let t = r.rest.trim();
    let p = t
        .strip_prefix('\'')
        .and_then(|s| s.strip_suffix('\''))
        .or_else(|| t.strip_prefix('"').and_then(|s| s.strip_suffix('"')));
    match p {
        Some(p) if !p.is_empty() => Ok(Stmt::Include(p.to_string())),
        _ => perr(r.off(), "expected a quoted file name: .include \"file.m1\""),
    }
}

/// A 4-character period word or an expression.
fn word_or_expr(line: &str, i: &str) -> Result<Ex, PErr> {
    let t = i.trim();
    let off = line.len() - i.trim_start().len();
    if tp_token(t, 4) {
        if let Some(w) = parse_line(t) {
            return Ok(Ex {
                off,
                e: E::Num(w.into()),
            });
        }
    }
    full_expr(line, i)
}
