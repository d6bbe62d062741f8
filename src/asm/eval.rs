//! Evaluation: the symbol table and the values of expressions.
//!
//! Labels take their value when the layout pass meets them; an equate keeps its
//! expression and the location where it stood (for `.`), and is evaluated when used, so
//! forward references work wherever evaluation waits for the emission pass.

use super::expr::{Ex, E};
use super::source::Sources;
use super::{Place, Symbol};
use std::collections::{BTreeMap, HashMap};

/// Deepest chain of equates and sub-expressions evaluated.
const MAX_DEPTH: usize = 200;

/// How a name was defined.
#[derive(Debug, Clone)]
pub(super) enum SymDef {
    /// A label: the address of what its line placed, and every place its line is
    /// written to (one in the store or on a drum track, several for an overlay's copies).
    Label(i64, Vec<Place>),
    /// An equate: its expression and the location (`.`) where it was written.
    Equ(Ex, i64),
}

/// A definition and where it stands (file index, 0-based line).
#[derive(Debug, Clone)]
struct Entry {
    def: SymDef,
    file: usize,
    line: usize,
}

/// A failed evaluation: byte offset in the line and message.
pub(super) type EvalError = (usize, String);

/// Every name defined, labels and equates.
#[derive(Debug, Default)]
pub(super) struct Symbols(HashMap<String, Entry>);

impl Symbols {
    /// Defines `name` at (`file`, `line`); a second definition is reported at `off`.
    pub fn define(
        &mut self,
        src: &mut Sources,
        (file, line, off): (usize, usize, usize),
        name: String,
        def: SymDef,
    ) {
        if let Some(first) = self.0.get(&name) {
            let at = src.at(first.file, first.line);
            let m = format!("duplicate definition of `{name}` (first defined at {at})");
            src.err(file, line, off, m);
            return;
        }
        self.0.insert(name, Entry { def, file, line });
    }

    /// The value of `x`, with `.` standing for `here`.
    pub fn eval(&self, x: &Ex, here: i64) -> Result<i64, EvalError> {
        self.eval_at(x, here, 0)
    }

    fn eval_at(&self, x: &Ex, here: i64, depth: usize) -> Result<i64, EvalError> {
        if depth > MAX_DEPTH {
            return Err((x.off, "circular or too deep definition".into()));
        }
        let ov = || (x.off, "arithmetic overflow".to_string());
        let sub = |e: &Ex| self.eval_at(e, here, depth + 1);
        Ok(match &x.e {
            E::Num(n) => i64::try_from(*n).map_err(|_| ov())?,
            E::Here => here,
            E::Sym(s) => self.symbol(s, x.off, depth)?,
            E::Neg(a) => sub(a)?.checked_neg().ok_or_else(ov)?,
            E::Add(a, b) => sub(a)?.checked_add(sub(b)?).ok_or_else(ov)?,
            E::Sub(a, b) => sub(a)?.checked_sub(sub(b)?).ok_or_else(ov)?,
            E::Mul(a, b) => sub(a)?.checked_mul(sub(b)?).ok_or_else(ov)?,
        })
    }

    fn symbol(&self, s: &str, off: usize, depth: usize) -> Result<i64, EvalError> {
        match self.0.get(s).map(|e| &e.def) {
            Some(SymDef::Label(v, _)) => Ok(*v),
            Some(SymDef::Equ(e, h)) => self
                .eval_at(e, *h, depth + 1)
                .map_err(|(_, m)| (off, format!("in `{s}`: {m}"))),
            None => Err((off, format!("undefined name `{s}`"))),
        }
    }

    /// Reports every equate that does not evaluate (also those never used).
    pub fn check_equates(&self, src: &mut Sources) {
        let mut bad = Vec::new();
        for e in self.0.values() {
            if let SymDef::Equ(x, h) = &e.def {
                if let Err((off, m)) = self.eval(x, *h) {
                    bad.push((e.file, e.line, off, m));
                }
            }
        }
        for (f, l, off, m) in bad {
            src.err(f, l, off, m);
        }
    }

    /// The public symbol table: every name with its value and where it was defined.
    pub fn table(&self, src: &Sources) -> BTreeMap<String, Symbol> {
        self.0
            .iter()
            .map(|(k, e)| {
                let (value, places) = match &e.def {
                    SymDef::Label(v, places) => (*v, places.clone()),
                    SymDef::Equ(x, h) => (self.eval(x, *h).unwrap_or(0), Vec::new()),
                };
                let defined_at = src.at(e.file, e.line);
                let symbol = Symbol {
                    value,
                    defined_at,
                    places,
                };
                (k.clone(), symbol)
            })
            .collect()
    }
}

/// Evaluation on behalf of one source line: failures are reported against it.
pub(super) struct LineEval<'a> {
    pub syms: &'a Symbols,
    pub src: &'a mut Sources,
    pub file: usize,
    pub line: usize,
    /// The value of `.`.
    pub here: i64,
}

impl LineEval<'_> {
    /// Reports `msg` at byte offset `off` of this line.
    pub fn err(&mut self, off: usize, msg: impl Into<String>) {
        self.src.err(self.file, self.line, off, msg);
    }

    /// The value of `x`, or `None` after reporting why not.
    pub fn value(&mut self, x: &Ex) -> Option<i64> {
        match self.syms.eval(x, self.here) {
            Ok(v) => Some(v),
            Err((off, m)) => {
                self.err(off, m);
                None
            }
        }
    }

    /// The value of `x` if it lies in `lo..=hi`; otherwise `None` after reporting it
    /// as a `what` out of range.
    pub fn in_range(&mut self, x: &Ex, lo: i64, hi: i64, what: &str) -> Option<i64> {
        let v = self.value(x)?;
        if v < lo || v > hi {
            self.err(x.off, format!("{what} {v} is out of range ({lo} to {hi})"));
            return None;
        }
        Some(v)
    }
}
