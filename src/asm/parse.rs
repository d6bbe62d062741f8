//! Parsing one source line into a label and a statement (nom; byte offsets into the line
//! are kept for diagnostics and turned into columns by the caller). Expressions are
//! parsed in `expr`, directives in `directive`.

use super::directive::directive;
use super::expr::{arg_expr, args, full_expr, ident, Ex};
use crate::formats::tape::show_char;
use crate::machine::code::{char_value, parse_addr, parse_line, Transfer};

/// A parse failure: byte offset in the line and message.
#[derive(Debug, Clone)]
pub(crate) struct PErr {
    pub off: usize,
    pub msg: String,
}

pub(super) fn perr<T>(off: usize, msg: impl Into<String>) -> Result<T, PErr> {
    Err(PErr {
        off,
        msg: msg.into(),
    })
}

/// Magnetic transfer mode.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum MagMode {
    Half(Ex),
    Double,
    Crossed,
}

/// `.mag OP TRACK, HALF, PAGE`: a magnetic transfer as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MagOrder {
    pub transfer: Transfer,
    pub track: Ex,
    pub mode: MagMode,
    pub page: Ex,
}

/// One statement as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Stmt {
    /// `ADDR CONTENT` pairs: (offset of the address, address, word).
    Period(Vec<(usize, u32, u32)>),
    /// A content line without address.
    Content(u32),
    /// Symbolic instruction: function, B-line, operand.
    Instr {
        f: u32,
        b: u32,
        operand: Option<Ex>,
    },
    Word(Vec<Ex>),
    Long(Vec<Ex>),
    Chars(Vec<u8>),
    Jump(Ex),
    Fill(Ex, Option<Ex>),
    Mag(MagOrder),
    Io(u8),
    Org(Ex),
    Page(Ex),
    Track(Ex, Ex, Option<Ex>),
    /// `.overlay T [, T2 ...]`: store addresses placed on the drum, page p on half-track
    /// (T + p div 2, p mod 2) (and the same on T2 ...: up to four copies), until
    /// `.endoverlay`, `.track` or another `.overlay`.
    Overlay(Vec<Ex>),
    /// `.endoverlay`: back to the electronic store.
    EndOverlay,
    Equ(String, Ex),
    Include(String),
    Hand(Ex),
    Control(Ex),
    Start(Ex),
    /// `.nowarn KIND, ...`: the warnings of these kinds ([`NOWARN_LONG`],
    /// [`NOWARN_UNASSIGNED`], OR-ed) are not given from here on.
    NoWarn(u8),
}

/// `.nowarn long`: long lines at odd lines are meant (no warning).
pub(crate) const NOWARN_LONG: u8 = 1;
/// `.nowarn unassigned`: unassigned function codes are meant (no warning).
pub(crate) const NOWARN_UNASSIGNED: u8 = 2;

/// A parsed line: optional label (name, offset) and statement (statement, offset).
#[derive(Debug, Clone, Default)]
pub(crate) struct Line {
    pub label: Option<(String, usize)>,
    pub stmt: Option<(Stmt, usize)>,
}

/// A teleprint character written in upper case or as a symbol (period notation).
pub(crate) fn is_tp(c: char) -> bool {
    char_value(c).is_some() && !c.is_ascii_lowercase()
}

/// Is `s` exactly `n` period characters?
pub(super) fn tp_token(s: &str, n: usize) -> bool {
    s.chars().count() == n && s.chars().all(is_tp)
}

/// Does `name` read as a period address (two upper-case teleprint characters)?
pub(crate) fn looks_like_address(name: &str) -> bool {
    tp_token(name, 2)
}

/// Splits on blanks, keeping each token's byte offset.
fn tokens(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        if c.is_whitespace() {
            if let Some(st) = start.take() {
                out.push((st, &s[st..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push((st, &s[st..]));
    }
    out
}

/// Period form: `AA CCCC [AA CCCC ...]` or a lone `CCCC`.
fn period_form(s: &str, base: usize) -> Option<Stmt> {
    let toks = tokens(s);
    if toks.len() == 1 && tp_token(toks[0].1, 4) {
        return parse_line(toks[0].1).map(Stmt::Content);
    }
    if toks.is_empty() || !toks.len().is_multiple_of(2) {
        return None;
    }
    let mut pairs = Vec::new();
    for p in toks.chunks(2) {
        if !(tp_token(p[0].1, 2) && tp_token(p[1].1, 4)) {
            return None;
        }
        pairs.push((base + p[0].0, parse_addr(p[0].1)?, parse_line(p[1].1)?));
    }
    Some(Stmt::Period(pairs))
}

/// Function number and B-line of a two-character code (`TI`, `/K`, `UK` = /K on B7).
fn mnemonic(code: &str) -> Result<(u32, u32), String> {
    let mut cs = code.chars();
    let (a, b) = (cs.next().unwrap_or(' '), cs.next().unwrap_or(' '));
    let va = char_value(a).unwrap_or(255);
    let vb =
        char_value(b).ok_or_else(|| format!("{} is not a teleprint character", show_char(b)))?;
    let (p14, bl) = match va {
        0..=7 => (0, u32::from(va)),
        16..=23 => (1, u32::from(va) - 16),
        _ => {
            return Err(format!(
                "unknown function code `{code}`: the first character must be `/` or `T`, or carry a B-line (E @ A : S I U for /, Z L W H Y P Q for T)"
            ))
        }
    };
    Ok((p14 + 2 * u32::from(vb), bl))
}

fn instruction(line: &str, i: &str, off: usize) -> Result<Stmt, PErr> {
    let code_len: usize = i.chars().take(2).map(char::len_utf8).sum();
    let code = &i[..code_len];
    let (f, b0) = mnemonic(code).map_err(|m| PErr { off, msg: m })?;
    let rest = &i[code_len..];
    let a = args(line, rest);
    let mut operand = None;
    let mut b = b0;
    if !a[0].1.is_empty() {
        operand = Some(arg_expr(line, a[0])?);
    }
    if a.len() > 2 {
        return perr(a[2].0, "too many operands");
    }
    if a.len() == 2 {
        let (boff, bs) = a[1];
        let n = bs
            .strip_prefix('b')
            .or_else(|| bs.strip_prefix('B'))
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|&d| d < 8);
        match n {
            Some(n) if b0 == 0 || b0 == n => b = n,
            Some(_) => return perr(boff, "B-line given twice, differently"),
            None => return perr(boff, "expected a B-line b0 to b7"),
        }
        if a[0].1.is_empty() {
            return perr(a[0].0, "expected an operand before the B-line");
        }
    }
    Ok(Stmt::Instr { f, b, operand })
}

fn bad_char_msg(ch: char) -> String {
    format!("bad character {} in period notation (the teleprint code is `/E@A:SIU½DRJNFCKTZLWHYPQOBG\"MXV£`, upper case; `#` and `¼` stand for ½, `$` for £)", show_char(ch))
}

/// What starts a line after its blanks: a label and the text after it, or a whole
/// `name = expr` equate.
enum Head<'a> {
    Label(Option<(String, usize)>, &'a str),
    Equ(Stmt),
}

/// Reads a label `name:` (followed by a blank or the end) or an equate `name = expr`
/// at the start `t` (byte `off0`) of `line`.
fn head<'a>(line: &'a str, t: &'a str, off0: usize) -> Result<Head<'a>, PErr> {
    let Ok((r, name)) = ident(t) else {
        return Ok(Head::Label(None, t));
    };
    // `T:` is the instruction T: (clear A), not a label `T`.
    let code_like = name.chars().count() == 1 && name.chars().all(is_tp);
    if let (false, Some(r2)) = (code_like, r.strip_prefix(':')) {
        if r2.is_empty() || r2.starts_with(char::is_whitespace) {
            if looks_like_address(name) {
                return perr(
                    off0,
                    format!("`{name}` reads as a period address and cannot be a label"),
                );
            }
            return Ok(Head::Label(Some((name.to_string(), off0)), r2.trim_start()));
        }
    } else if let Some(e) = r.trim_start().strip_prefix('=') {
        if looks_like_address(name) {
            return perr(
                off0,
                format!("`{name}` reads as a period address and cannot be a name"),
            );
        }
        return Ok(Head::Equ(Stmt::Equ(name.to_string(), full_expr(line, e)?)));
    }
    Ok(Head::Label(None, t))
}

/// Parses one line (comment already removed).
pub(crate) fn parse_line_text(line: &str) -> Result<Line, PErr> {
    let mut out = Line::default();
    let t = line.trim_start();
    if t.is_empty() {
        return Ok(out);
    }
    let off0 = line.len() - t.len();
    // Period lines first: `E/ ME/C`, `A: VETA`, `VETA`.
    if let Some(st) = period_form(t, off0) {
        out.stmt = Some((st, off0));
        return Ok(out);
    }
    let rest = match head(line, t, off0)? {
        Head::Equ(st) => {
            out.stmt = Some((st, off0));
            return Ok(out);
        }
        Head::Label(label, rest) => {
            out.label = label;
            rest
        }
    };
    if rest.is_empty() {
        return Ok(out);
    }
    let soff = line.len() - rest.len();
    if out.label.is_some() {
        if let Some(st) = period_form(rest, soff) {
            out.stmt = Some((st, soff));
            return Ok(out);
        }
    }
    out.stmt = Some((statement(line, rest, soff)?, soff));
    Ok(out)
}

/// A directive or an instruction at `rest` (byte `soff`) of `line`.
fn statement(line: &str, rest: &str, soff: usize) -> Result<Stmt, PErr> {
    if let Some(d) = rest.strip_prefix('.') {
        let (r, name) = ident(d).map_err(|_| PErr {
            off: soff,
            msg: "expected a directive name after `.`".into(),
        })?;
        return directive(line, name, soff, r);
    }
    let mut cs = rest.chars();
    let (a, b, c) = (cs.next(), cs.next(), cs.next());
    if let (Some(a), Some(b)) = (a, b) {
        if is_tp(a) && is_tp(b) && c.is_none_or(|c| c.is_whitespace() || c == ',') {
            return instruction(line, rest, soff).map_err(|e| {
                // `E/  ME/?` is a period line with a bad character, not an instruction.
                let toks = tokens(rest);
                if toks.len() == 2 && toks[1].1.chars().count() == 4 {
                    if let Some((k, ch)) = toks[1].1.char_indices().find(|&(_, ch)| !is_tp(ch)) {
                        return PErr {
                            off: soff + toks[1].0 + k,
                            msg: bad_char_msg(ch),
                        };
                    }
                }
                e
            });
        }
    }
    // Diagnose the commonest mistakes precisely.
    let tok = tokens(rest)[0].1;
    if let Some((k, ch)) = tok.char_indices().find(|&(_, ch)| !is_tp(ch)) {
        if tok.chars().count() == 4 || tok.chars().count() == 2 {
            return perr(soff + k, bad_char_msg(ch));
        }
    }
    perr(
        soff,
        format!("cannot read `{tok}`: expected a period line (ADDR CONTENT), an instruction (`TI x`), a label (`name:`) or a directive (`.word`)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::expr::E;

    #[test]
    fn forms() {
        let l = parse_line_text("E/  ME/C").unwrap();
        assert!(matches!(l.stmt, Some((Stmt::Period(_), 0))));
        let l = parse_line_text("YE ££//   PE E///  QE ////").unwrap();
        match l.stmt {
            Some((Stmt::Period(v), _)) => assert_eq!(v.len(), 3),
            _ => panic!(),
        }
        let l = parse_line_text("loop: TI x+1, b7").unwrap();
        assert_eq!(l.label.unwrap().0, "loop");
        match l.stmt.unwrap().0 {
            Stmt::Instr { f, b, operand } => {
                assert_eq!((f, b), (13, 7));
                assert!(operand.is_some());
            }
            _ => panic!(),
        }
        let l = parse_line_text("   UK VE").unwrap();
        match l.stmt.unwrap().0 {
            Stmt::Instr { f, b, operand } => {
                assert_eq!((f, b), (30, 7));
                assert_eq!(operand.unwrap().e, E::Num(62));
            }
            _ => panic!(),
        }
        assert!(parse_line_text("XX yy").is_err());
    }
}
