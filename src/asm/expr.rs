//! Expressions: the parser for the operand language (numbers, names, period addresses,
//! `.`, `+ - *`, parentheses) and the argument lists of directives and instructions.

use super::parse::{is_tp, perr, PErr};
use crate::formats::tape::show_char;
use crate::machine::code::parse_addr;
use nom::{
    branch::alt,
    bytes::complete::{tag, take_while, take_while1},
    character::complete::{digit1, hex_digit1, space0},
    combinator::recognize,
    sequence::pair,
    IResult, Parser,
};

type Res<'a, T> = IResult<&'a str, T>;

/// An expression with the byte offset where it starts.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ex {
    pub off: usize,
    pub e: E,
}

/// An expression's form.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum E {
    Num(i128),
    Here,
    Sym(String),
    Neg(Box<Ex>),
    /// Terms added (`false`) or subtracted (`true`) in order, from zero: `a - b + c`
    /// is `[(false, a), (true, b), (false, c)]`. Flat, so that a sum of many terms is
    /// not a deep tree.
    Sum(Vec<(bool, Ex)>),
    /// Factors multiplied in order.
    Product(Vec<Ex>),
}

pub(super) fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

pub(super) fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.'
}

/// A name: `[A-Za-z_][A-Za-z0-9_.]*`.
pub(super) fn ident(i: &str) -> Res<'_, &str> {
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
        let (mut i, first) = self.term(i)?;
        let off = first.off;
        let mut terms = vec![(false, first)];
        loop {
            let (r, _) = space0::<_, nom::error::Error<&str>>(i).unwrap_or((i, ""));
            let op = r.chars().next();
            if op != Some('+') && op != Some('-') {
                break;
            }
            let (r, rhs) = self.term(r[1..].trim_start())?;
            terms.push((op == Some('-'), rhs));
            i = r;
        }
        Ok((i, collapse(off, terms, E::Sum, |(_, x)| x)))
    }

    fn term(&mut self, i: &'a str) -> Result<(&'a str, Ex), PErr> {
        let (mut i, first) = self.factor(i)?;
        let off = first.off;
        let mut factors = vec![first];
        loop {
            let r = i.trim_start();
            if !r.starts_with('*') {
                break;
            }
            let (r, rhs) = self.factor(r[1..].trim_start())?;
            factors.push(rhs);
            i = r;
        }
        Ok((i, collapse(off, factors, E::Product, |x| x)))
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
                format!(
                    "unexpected {}: expected a number, a name or a period address",
                    show_char(c)
                ),
            ),
        }
    }
}

/// A sum or product of `items` starting at `off`, or its one item alone (`plain`
/// unwraps it; a lone `+ a` cannot be, so a single sum term is never a subtraction).
fn collapse<T>(
    off: usize,
    mut items: Vec<T>,
    whole: impl FnOnce(Vec<T>) -> E,
    plain: impl FnOnce(T) -> Ex,
) -> Ex {
    if items.len() == 1 {
        if let Some(one) = items.pop() {
            return plain(one);
        }
    }
    Ex {
        off,
        e: whole(items),
    }
}

/// Byte offset of `part` (a slice of `line`) within `line`.
pub(super) fn off_in(line: &str, part: &str) -> usize {
    (part.as_ptr() as usize)
        .saturating_sub(line.as_ptr() as usize)
        .min(line.len())
}

/// Parses a whole expression that must end the text (after blanks).
pub(super) fn full_expr(line: &str, i: &str) -> Result<Ex, PErr> {
    let mut xp = XP { line, depth: 0 };
    let (r, x) = xp.expr(i)?;
    let r2 = r.trim_start();
    if !r2.is_empty() {
        return perr(off_in(line, r2), "unexpected text after the expression");
    }
    Ok(x)
}

/// Splits comma-separated arguments, keeping offsets of each (trimmed) piece.
pub(super) fn args<'a>(line: &'a str, i: &'a str) -> Vec<(usize, &'a str)> {
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

/// The expression of one argument from [`args`] (its offset and trimmed text).
pub(super) fn arg_expr(line: &str, (off, text): (usize, &str)) -> Result<Ex, PErr> {
    full_expr(line, &line[off..off + text.len()])
}

/// Comma-separated expressions, none empty.
pub(super) fn expr_list(line: &str, i: &str) -> Result<Vec<Ex>, PErr> {
    let mut v = Vec::new();
    for (off, a) in args(line, i) {
        if a.is_empty() {
            return perr(off, "expected an expression");
        }
        v.push(arg_expr(line, (off, a))?);
    }
    Ok(v)
}

/// `lo..=hi` comma-separated expressions; a wrong count is reported at `off`.
pub(super) fn n_args(
    line: &str,
    i: &str,
    off: usize,
    lo: usize,
    hi: usize,
) -> Result<Vec<Ex>, PErr> {
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
