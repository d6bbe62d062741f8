//! Evaluation: the symbol table and the values of expressions.
//!
//! Labels take their value when the layout pass meets them; an equate keeps its
//! expression and the location where it stood (for `.`), and is evaluated when used, so
//! forward references work wherever evaluation waits for the emission pass.

use super::expr::{Ex, E};
use super::source::Sources;
use super::{Place, Symbol};
use std::collections::{BTreeMap, HashMap};

/// Deepest nesting evaluated: equates within equates, and parentheses and signs within
/// an expression (a flat sum or product of any number of terms counts once).
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

/// A failed evaluation inside [`Symbols::eval`]: where, the message, and whether the
/// message already says the whole chain of equates (a cycle, the depth limit), so that
/// the equates it passes through do not add `in `NAME`:` to it.
struct Fail {
    off: usize,
    msg: String,
    whole: bool,
}

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
        self.eval_at(x, here, 0, &mut Vec::new())
            .map_err(|f| (f.off, f.msg))
    }

    /// `x`'s value at nesting `depth`, inside the equates `chain` (outermost first).
    fn eval_at<'s>(
        &'s self,
        x: &Ex,
        here: i64,
        depth: usize,
        chain: &mut Vec<&'s str>,
    ) -> Result<i64, Fail> {
        if depth > MAX_DEPTH {
            return Err(Fail {
                off: x.off,
                msg: format!("definition nested more than {MAX_DEPTH} deep (equates within equates, parentheses)"),
                whole: true,
            });
        }
        let ov = || Fail {
            off: x.off,
            msg: "arithmetic overflow".to_string(),
            whole: false,
        };
        Ok(match &x.e {
            E::Num(n) => i64::try_from(*n).map_err(|_| ov())?,
            E::Here => here,
            E::Sym(s) => self.symbol(s, x.off, depth, chain)?,
            E::Neg(a) => self
                .eval_at(a, here, depth + 1, chain)?
                .checked_neg()
                .ok_or_else(ov)?,
            E::Sum(terms) => {
                let mut v: i64 = 0;
                for (minus, t) in terms {
                    let w = self.eval_at(t, here, depth + 1, chain)?;
                    v = if *minus {
                        v.checked_sub(w)
                    } else {
                        v.checked_add(w)
                    }
                    .ok_or_else(ov)?;
                }
                v
            }
            E::Product(factors) => {
                let mut v: i64 = 1;
                for f in factors {
                    let w = self.eval_at(f, here, depth + 1, chain)?;
                    v = v.checked_mul(w).ok_or_else(ov)?;
                }
                v
            }
        })
    }

    fn symbol<'s>(
        &'s self,
        s: &str,
        off: usize,
        depth: usize,
        chain: &mut Vec<&'s str>,
    ) -> Result<i64, Fail> {
        let Some((name, entry)) = self.0.get_key_value(s) else {
            return Err(Fail {
                off,
                msg: format!("undefined name `{s}`"),
                whole: false,
            });
        };
        match &entry.def {
            SymDef::Label(v, _) => Ok(*v),
            SymDef::Equ(e, h) => {
                if let Some(k) = chain.iter().position(|c| *c == s) {
                    let mut cycle = chain[k..].join(" -> ");
                    cycle.push_str(" -> ");
                    cycle.push_str(s);
                    return Err(Fail {
                        off,
                        msg: format!("circular definition: {cycle}"),
                        whole: true,
                    });
                }
                chain.push(name);
                let r = self.eval_at(e, *h, depth + 1, chain);
                chain.pop();
                r.map_err(|f| Fail {
                    off,
                    msg: if f.whole {
                        f.msg
                    } else {
                        format!("in `{s}`: {}", f.msg)
                    },
                    whole: f.whole,
                })
            }
        }
    }

    /// Reports every equate that does not evaluate (also those never used). A cycle of
    /// equates is said once, whole, on the line of its first equate (`a -> b -> c -> a`);
    /// each other equate of the cycle gets one short line naming that line; its uses are
    /// not reported again ([`Sources::err`] skips a cycle already said). Called before the
    /// uses are evaluated.
    pub fn check_equates(&self, src: &mut Sources) {
        let mut bad = Vec::new();
        for (name, e) in &self.0 {
            if let SymDef::Equ(x, h) = &e.def {
                // The equate itself heads the chain, so that a cycle through it reads
                // from it: `x -> y -> x` on x's line.
                if let Err(f) = self.eval_at(x, *h, 0, &mut vec![name.as_str()]) {
                    let own = format!("circular definition: {name} -> ");
                    let in_cycle = f.msg.starts_with(&own);
                    bad.push((e.file, e.line, f.off, in_cycle, name.as_str(), f.msg));
                }
            }
        }
        bad.sort_by_key(|b| (b.0, b.1));
        // The line (1-based) and file each cycle was said at, by its sorted names.
        let mut said: BTreeMap<Vec<String>, (usize, usize)> = BTreeMap::new();
        for (f, l, off, in_cycle, name, m) in bad {
            if !in_cycle {
                // An equate that only uses a cycle: a use.
                src.err(f, l, off, m);
                continue;
            }
            let Some(cycle) = super::source::cycle_of(&m) else {
                continue;
            };
            match said.get(&cycle) {
                Some(&(first_file, first_line)) => {
                    let at = if first_file == f {
                        format!("line {first_line}")
                    } else {
                        format!("line {first_line} of {}", src.file_name(first_file))
                    };
                    src.err_definition(
                        f,
                        l,
                        off,
                        format!("`{name}` is part of the circular definition said at {at}"),
                    );
                }
                None => {
                    said.insert(cycle, (f, l + 1));
                    src.err(f, l, off, m);
                }
            }
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

    /// Warns with `msg` at byte offset `off` of this line.
    pub fn warn(&mut self, off: usize, msg: impl Into<String>) {
        self.src.warn(self.file, self.line, off, msg);
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
