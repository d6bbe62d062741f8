//! Parsing one source line into a label and a statement (nom; byte offsets into the line
//! are kept for diagnostics and turned into columns by the caller).

use crate::machine::code::{char_value, parse_addr, parse_line, Transfer};
use nom::{
    branch::alt,
    bytes::complete::{tag, take_while, take_while1},
    character::complete::{digit1, hex_digit1, space0},
    combinator::recognize,
    sequence::pair,
    IResult, Parser,
};

type Res<'a, T> = IResult<&'a str, T>;

/// A parse failure: byte offset in the line and message.
#[derive(Debug, Clone)]
pub(crate) struct PErr {
    pub off: usize,
    pub msg: String,
}

fn perr<T>(off: usize, msg: impl Into<String>) -> Result<T, PErr> {
    Err(PErr {
        off,
        msg: msg.into(),
    })
}

/// An expression with the byte offset where it starts.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ex {
    pub off: usize,
    pub e: E,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum E {
    Num(i128),
    Here,
    Sym(String),
    Neg(Box<Ex>),
    Add(Box<Ex>, Box<Ex>),
    Sub(Box<Ex>, Box<Ex>),
    Mul(Box<Ex>, Box<Ex>),
}

/// Magnetic transfer mode.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum MagMode {
    Half(Ex),
    Double,
    Crossed,
}

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
    Mag {
        transfer: Transfer,
        track: Ex,
        mode: MagMode,
        page: Ex,
    },
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
}

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

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.'
}

/// Is `s` exactly `n` period characters?
fn tp_token(s: &str, n: usize) -> bool {
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

fn ident(i: &str) -> Res<'_, &str> {
    recognize(pair(take_while1(is_ident_start), take_while(is_ident_char))).parse(i)
}

fn too_large(i: &str) -> nom::Err<nom::error::Error<&str>> {
    nom::Err::Failure(nom::error::Error::new(i, nom::error::ErrorKind::TooLarge))
}

fn number_hex(i: &str) -> Res<'_, i128> {
    let (r, _) = alt((tag("0x"), tag("0X"))).parse(i)?;
    let (r2, d) = hex_digit1(r)?;
    i128::from_str_radix(d, 16)
        .map(|v| (r2, v))
        .map_err(|_| too_large(i))
}

fn number_bin(i: &str) -> Res<'_, i128> {
    let (r, _) = alt((tag("0b"), tag("0B"))).parse(i)?;
    let (r2, d) = take_while1(|c| c == '0' || c == '1').parse(r)?;
    i128::from_str_radix(d, 2)
        .map(|v| (r2, v))
        .map_err(|_| too_large(i))
}

fn number_dec(i: &str) -> Res<'_, i128> {
    let (r, d) = digit1(i)?;
    d.parse::<i128>().map(|v| (r, v)).map_err(|_| too_large(i))
}

fn number(i: &str) -> Res<'_, i128> {
    alt((number_hex, number_bin, number_dec)).parse(i)
}

/// Expression parser bound to the line so offsets can be computed.
struct XP<'a> {
    line: &'a str,
    depth: usize,
}

impl<'a> XP<'a> {
    fn off(&self, i: &str) -> usize {
        off_in(self.line, i)
    }

    fn expr(&mut self, i: &'a str) -> Result<(&'a str, Ex), PErr> {
        let (mut i, mut lhs) = self.term(i)?;
        loop {
            let (r, _) = space0::<_, nom::error::Error<&str>>(i).unwrap_or((i, ""));
            let op = r.chars().next();
            if op != Some('+') && op != Some('-') {
                return Ok((i, lhs));
            }
            let (r, rhs) = self.term(r[1..].trim_start())?;
            let off = lhs.off;
            lhs = Ex {
                off,
                e: if op == Some('+') {
                    E::Add(Box::new(lhs), Box::new(rhs))
                } else {
                    E::Sub(Box::new(lhs), Box::new(rhs))
                },
            };
            i = r;
        }
    }

    fn term(&mut self, i: &'a str) -> Result<(&'a str, Ex), PErr> {
        let (mut i, mut lhs) = self.factor(i)?;
        loop {
            let r = i.trim_start();
            if !r.starts_with('*') {
                return Ok((i, lhs));
            }
            let (r, rhs) = self.factor(r[1..].trim_start())?;
            let off = lhs.off;
            lhs = Ex {
                off,
                e: E::Mul(Box::new(lhs), Box::new(rhs)),
            };
            i = r;
        }
    }

    fn factor(&mut self, i: &'a str) -> Result<(&'a str, Ex), PErr> {
        self.depth += 1;
        if self.depth > 64 {
            return perr(self.off(i), "expression nested too deeply");
        }
        let i = i.trim_start();
        let off = self.off(i);
        let res = self.factor_inner(i, off);
        self.depth -= 1;
        res
    }

    fn factor_inner(&mut self, i: &'a str, off: usize) -> Result<(&'a str, Ex), PErr> {
        let mut cs = i.chars();
        let c0 = cs.next();
        let c1 = cs.next();
        let c2 = cs.next();
        // A period address: two period characters not followed by a name character.
        if let (Some(a), Some(b)) = (c0, c1) {
            if is_tp(a)
                && is_tp(b)
                && !c2.is_some_and(|c| is_ident_char(c) || is_tp(c))
                && !(a == '.' || b == '.')
            {
                let n = a.len_utf8() + b.len_utf8();
                if let Some(v) = parse_addr(&i[..n]) {
                    return Ok((
                        &i[n..],
                        Ex {
                            off,
                            e: E::Num(v.into()),
                        },
                    ));
                }
            }
        }
        match c0 {
            None => perr(off, "expected a number, a name or a period address"),
            Some('-') => {
                let (r, x) = self.factor(&i[1..])?;
                Ok((
                    r,
                    Ex {
                        off,
                        e: E::Neg(Box::new(x)),
                    },
                ))
            }
            Some('(') => {
                let (r, x) = self.expr(&i[1..])?;
                let r = r.trim_start();
                match r.strip_prefix(')') {
                    Some(r) => Ok((r, x)),
                    None => perr(self.off(r), "expected `)`"),
                }
            }
            Some('.') if !c1.is_some_and(is_ident_char) => Ok((&i[1..], Ex { off, e: E::Here })),
            Some(c) if c.is_ascii_digit() => match number(i) {
                Ok((r, v)) => {
                    if r.chars().next().is_some_and(is_ident_char) {
                        return perr(self.off(r), "bad number");
                    }
                    Ok((r, Ex { off, e: E::Num(v) }))
                }
                Err(_) => perr(off, "number too large"),
            },
            Some(c) if is_ident_start(c) => {
                let (r, name) = ident(i).map_err(|_| PErr {
                    off,
                    msg: "bad name".into(),
                })?;
                Ok((
                    r,
                    Ex {
                        off,
                        e: E::Sym(name.to_string()),
                    },
                ))
            }
            Some(c) => perr(
                off,
                format!("unexpected {c:?}: expected a number, a name or a period address"),
            ),
        }
    }
}

/// Byte offset of `part` (a slice of `line`) within `line`.
fn off_in(line: &str, part: &str) -> usize {
    (part.as_ptr() as usize)
        .saturating_sub(line.as_ptr() as usize)
        .min(line.len())
}

/// Parses a whole expression that must end the text (after blanks).
fn full_expr(line: &str, i: &str) -> Result<Ex, PErr> {
    let mut xp = XP { line, depth: 0 };
    let (r, x) = xp.expr(i)?;
    let r2 = r.trim_start();
    if !r2.is_empty() {
        return perr(off_in(line, r2), "unexpected text after the expression");
    }
    Ok(x)
}

/// Splits comma-separated arguments, keeping offsets of each (trimmed) piece.
fn args<'a>(line: &'a str, i: &'a str) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let mut rest = i;
    loop {
        let (piece, next) = match rest.find(',') {
            Some(k) => (&rest[..k], Some(&rest[k + 1..])),
            None => (rest, None),
        };
        let t = piece.trim_start();
        out.push((off_in(line, t), t.trim_end()));
        match next {
            Some(n) => rest = n,
            None => return out,
        }
    }
}

fn expr_list(line: &str, i: &str) -> Result<Vec<Ex>, PErr> {
    let mut v = Vec::new();
    for (off, a) in args(line, i) {
        if a.is_empty() {
            return perr(off, "expected an expression");
        }
        v.push(full_expr(line, &line[off..off + a.len()])?);
    }
    Ok(v)
}

fn n_args(line: &str, i: &str, off: usize, lo: usize, hi: usize) -> Result<Vec<Ex>, PErr> {
    let v = expr_list(line, i)?;
    if v.len() < lo || v.len() > hi {
        let want = if lo == hi {
            format!("{lo}")
        } else {
            format!("{lo} to {hi}")
        };
        return perr(
            off,
            format!("expected {want} argument(s), found {}", v.len()),
        );
    }
    Ok(v)
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

fn directive(line: &str, name: &str, noff: usize, rest: &str) -> Result<Stmt, PErr> {
    let roff = line.len() - rest.len();
    let rest_t = rest.trim();
    Ok(match name {
        "org" => Stmt::Org(n_args(line, rest, noff, 1, 1)?.remove(0)),
        "page" => Stmt::Page(n_args(line, rest, noff, 1, 1)?.remove(0)),
        "track" => {
            let mut v = n_args(line, rest, noff, 2, 3)?.into_iter();
            let t = v.next().unwrap_or(Ex {
                off: roff,
                e: E::Num(0),
            });
            let h = v.next().unwrap_or(Ex {
                off: roff,
                e: E::Num(0),
            });
            Stmt::Track(t, h, v.next())
        }
        "overlay" => Stmt::Overlay(n_args(line, rest, noff, 1, 4)?),
        "endoverlay" => {
            if !rest_t.is_empty() {
                return perr(roff, "`.endoverlay` takes no argument");
            }
            Stmt::EndOverlay
        }
        "word" => Stmt::Word(expr_list(line, rest)?),
        "long" => Stmt::Long(expr_list(line, rest)?),
        "jump" => Stmt::Jump(n_args(line, rest, noff, 1, 1)?.remove(0)),
        "fill" => {
            let mut v = n_args(line, rest, noff, 1, 2)?.into_iter();
            let n = v.next().unwrap_or(Ex {
                off: roff,
                e: E::Num(0),
            });
            Stmt::Fill(n, v.next())
        }
        "chars" => {
            if rest_t.is_empty() {
                return perr(noff, "expected teleprint characters, e.g. `.chars HELLO:WORLD`");
            }
            let toff = line.len() - rest.trim_start().len();
            let mut v = Vec::new();
            for (k, c) in rest_t.char_indices() {
                match char_value(c) {
                    Some(x) if is_tp(c) => v.push(x),
                    _ => {
                        return perr(
                            toff + k,
                            format!(
                                "{c:?} is not a teleprint character (write space as `:`, letters in upper case)"
                            ),
                        )
                    }
                }
            }
            Stmt::Chars(v)
        }
        "io" => match io_code(rest_t) {
            Some(v) => Stmt::Io(v),
            None => {
                return perr(
                    line.len() - rest.trim_start().len(),
                    "expected an I/O code: T (out), Z (space), L (cr), W (lf), H (figs), Y (letters), O (in), B (check), or another character of value 16-31",
                )
            }
        },
        "mag" => {
            let t = rest.trim_start();
            let (r, op) = ident(t).map_err(|_| PErr {
                off: line.len() - t.len(),
                msg: "expected read, write, readcheck or writecheck".into(),
            })?;
            let opoff = line.len() - t.len();
            let transfer = match op {
                "read" => Transfer::Read,
                "write" => Transfer::Write,
                "readcheck" => Transfer::ReadCheck,
                "writecheck" => Transfer::WriteCheck,
                _ => {
                    return perr(
                        opoff,
                        format!(
                            "unknown transfer `{op}`: expected read, write, readcheck or writecheck"
                        ),
                    )
                }
            };
            let a = args(line, r);
            if a.len() != 3 {
                return perr(
                    opoff,
                    "expected `.mag OP TRACK, HALF, PAGE` with HALF 0, 1, double or crossed",
                );
            }
            let track = full_expr(line, &line[a[0].0..a[0].0 + a[0].1.len()])?;
            let mode = match a[1].1 {
                "double" => MagMode::Double,
                "crossed" => MagMode::Crossed,
                s => MagMode::Half(full_expr(line, &line[a[1].0..a[1].0 + s.len()])?),
            };
            let page = full_expr(line, &line[a[2].0..a[2].0 + a[2].1.len()])?;
            Stmt::Mag {
                transfer,
                track,
                mode,
                page,
            }
        }
        "equ" => {
            let a = args(line, rest);
            if a.len() != 2 {
                return perr(noff, "expected `.equ NAME, EXPR`");
            }
            let (off, nm) = a[0];
            match ident(nm) {
                Ok(("", _)) if !looks_like_address(nm) => {}
                _ => return perr(off, format!("`{nm}` is not a usable name")),
            }
            Stmt::Equ(
                nm.to_string(),
                full_expr(line, &line[a[1].0..a[1].0 + a[1].1.len()])?,
            )
        }
        "include" => {
            let t = rest_t;
            let p = t
                .strip_prefix('\'')
                .and_then(|s| s.strip_suffix('\''))
                .or_else(|| t.strip_prefix('"').and_then(|s| s.strip_suffix('"')));
            match p {
                Some(p) if !p.is_empty() => Stmt::Include(p.to_string()),
                _ => return perr(roff, "expected a quoted file name: .include \"file.m1\""),
            }
        }
        "hand" => Stmt::Hand(word_or_expr(line, rest)?),
        "control" => Stmt::Control(word_or_expr(line, rest)?),
        "start" => Stmt::Start(n_args(line, rest, noff, 1, 1)?.remove(0)),
        _ => return perr(noff, format!("unknown directive `.{name}`")),
    })
}

/// Function number and B-line of a two-character code (`TI`, `/K`, `UK` = /K on B7).
fn mnemonic(code: &str) -> Result<(u32, u32), String> {
    let mut cs = code.chars();
    let (a, b) = (cs.next().unwrap_or(' '), cs.next().unwrap_or(' '));
    let va = char_value(a).unwrap_or(255);
    let vb = char_value(b).ok_or_else(|| format!("{b:?} is not a teleprint character"))?;
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
        operand = Some(full_expr(line, &line[a[0].0..a[0].0 + a[0].1.len()])?);
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
    format!("bad character {ch:?} in period notation (the teleprint code is `/E@A:SIU½DRJNFCKTZLWHYPQOBG\"MXV£`, upper case; `#` and `¼` stand for ½, `$` for £)")
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
    let mut rest = t;
    // Label `name:` followed by a blank or the end.
    if let Ok((r, name)) = ident(rest) {
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
                out.label = Some((name.to_string(), off0));
                rest = r2.trim_start();
            }
        } else {
            // `name = expr`
            let r2 = r.trim_start();
            if let Some(e) = r2.strip_prefix('=') {
                if looks_like_address(name) {
                    return perr(
                        off0,
                        format!("`{name}` reads as a period address and cannot be a name"),
                    );
                }
                let x = full_expr(line, e)?;
                out.stmt = Some((Stmt::Equ(name.to_string(), x), off0));
                return Ok(out);
            }
        }
    }
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
    if let Some(d) = rest.strip_prefix('.') {
        let (r, name) = ident(d).map_err(|_| PErr {
            off: soff,
            msg: "expected a directive name after `.`".into(),
        })?;
        out.stmt = Some((directive(line, name, soff, r)?, soff));
        return Ok(out);
    }
    let mut cs = rest.chars();
    let (a, b, c) = (cs.next(), cs.next(), cs.next());
    if let (Some(a), Some(b)) = (a, b) {
        if is_tp(a) && is_tp(b) && c.is_none_or(|c| c.is_whitespace() || c == ',') {
            match instruction(line, rest, soff) {
                Ok(st) => {
                    out.stmt = Some((st, soff));
                    return Ok(out);
                }
                Err(e) => {
                    // `E/  ME/?` is a period line with a bad character, not an instruction.
                    let toks = tokens(rest);
                    if toks.len() == 2 && toks[1].1.chars().count() == 4 {
                        if let Some((k, ch)) = toks[1].1.char_indices().find(|&(_, ch)| !is_tp(ch))
                        {
                            return perr(soff + toks[1].0 + k, bad_char_msg(ch));
                        }
                    }
                    return Err(e);
                }
            }
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
