//! The labels of the loaded source: where `examine`, `deposit`, `break`, `unbreak`,
//! `watch` and `go` take a line address, they also take a label of the program the
//! session was started with (`total`), or a label and a decimal offset (`loop+2`,
//! `table-1`). The console layer does not assemble: the front end that assembled the
//! source fills a [`Labels`] from the assembly's symbol table (labels only; an equate
//! names a value, not a line, and is refused as one).
//!
//! Names that read as line addresses never clash with labels: the assembler refuses a
//! label that reads as a period address (`VE`), and a line address is read first.

use crate::machine::code::addr_chars;
use std::collections::BTreeMap;

/// The labels of a loaded source, by name and by line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    /// The source they come from, for messages (empty: none loaded).
    source: String,
    /// Label name to store line (0–1023).
    lines: BTreeMap<String, u32>,
    /// Equate name to value (refused where a line is wanted, with a reason).
    equates: BTreeMap<String, i64>,
    /// Store line to the first label (in name order) at it.
    at: BTreeMap<u32, String>,
}

impl Labels {
    /// No labels yet, from the source named `source` (a file name, for messages).
    pub fn new(source: impl Into<String>) -> Labels {
        Labels {
            source: source.into(),
            ..Labels::default()
        }
    }

    /// Adds the label `name` at store line `line` (taken modulo 1024). A line with
    /// several labels is shown with the first added: add them in name order.
    pub fn add_label(&mut self, name: &str, line: u32) {
        let line = line & 1023;
        self.lines.insert(name.to_string(), line);
        self.at.entry(line).or_insert_with(|| name.to_string());
    }

    /// Adds an equate: `name` has a value but names no line.
    pub fn add_equate(&mut self, name: &str, value: i64) {
        self.equates.insert(name.to_string(), value);
    }

    /// Whether there are no labels.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// How many labels there are.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// The source the labels come from (empty if none was loaded).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The store line of label `name`.
    pub fn get(&self, name: &str) -> Option<u32> {
        self.lines.get(name).copied()
    }

    /// The label at store line `line`, if any.
    pub fn name_at(&self, line: u32) -> Option<&str> {
        self.at.get(&(line & 1023)).map(String::as_str)
    }

    /// `line` as a label and an offset: the nearest label at or below it on the same
    /// page of 64 lines (`loop`, `loop+3`), if there is one.
    pub fn describe(&self, line: u32) -> Option<String> {
        let line = line & 1023;
        let (&at, name) = self.at.range(line & !63..=line).next_back()?;
        Some(match line - at {
            0 => name.clone(),
            n => format!("{name}+{n}"),
        })
    }

    /// Reads a line address: two teleprint characters (`D/`), a decimal number 0–1023, a
    /// label (`total`), or a label with a decimal offset (`loop+2`, `table-1`).
    ///
    /// # Errors
    /// A message naming the word: a number above 1023, a line outside 0–1023 after the
    /// offset, an equate, or a name that is no label (with the nearest labels, if any
    /// are close, and a hint when no source is loaded).
    pub fn line(&self, s: &str) -> Result<u32, String> {
        if s.chars().all(|c| c.is_ascii_digit()) && !s.is_empty() {
            return super::parse_line_addr(s);
        }
        if let Ok(v) = super::parse_line_addr(s) {
            return Ok(v);
        }
        if let Some(v) = self.get(s) {
            return Ok(v);
        }
        if let Some((base, v, i)) = self.offset_form(s) {
            let n: i64 = s[i + 1..].parse().unwrap_or(i64::MAX);
            let sum = if s.as_bytes()[i] == b'+' {
                i64::from(v).saturating_add(n)
            } else {
                i64::from(v).saturating_sub(n)
            };
            return u32::try_from(sum)
                .ok()
                .filter(|&l| l < 1024)
                .ok_or_else(|| {
                    format!(
                        "`{s}` is line {sum}, outside the store (0-1023; `{base}` is {} ({v}))",
                        addr_chars(v)
                    )
                });
        }
        Err(self.unknown(s))
    }

    /// `s` as `label+N` or `label-N`: the label, its line and where the sign is.
    fn offset_form<'a>(&self, s: &'a str) -> Option<(&'a str, u32, usize)> {
        let i = s.rfind(['+', '-'])?;
        let (base, off) = (&s[..i], &s[i + 1..]);
        let digits = !off.is_empty() && off.chars().all(|c| c.is_ascii_digit());
        Some((base, self.get(base).filter(|_| digits)?, i))
    }

    /// Reads `FROM` or `FROM-TO`, each end as [`Labels::line`] reads it (`D/-RE`,
    /// `loop-loop+5`, `table-1`: a label minus a number is one line, never a range).
    ///
    /// # Errors
    /// An end that cannot be read, or a range that runs backwards.
    pub fn range(&self, s: &str) -> Result<(u32, u32), String> {
        let first_err = match self.line(s) {
            Ok(v) => return Ok((v, v)),
            Err(e) if self.offset_form(s).is_some() => return Err(e),
            Err(e) => e,
        };
        let mut err = None;
        for (i, _) in s.match_indices('-') {
            let (a, b) = (&s[..i], &s[i + 1..]);
            match (self.line(a), self.line(b)) {
                (Ok(a), Ok(b)) if b < a => {
                    return Err(format!("the range `{s}` runs backwards"));
                }
                (Ok(a), Ok(b)) => return Ok((a, b)),
                (Err(e), _) | (Ok(_), Err(e)) => {
                    err.get_or_insert(e);
                }
            }
        }
        Err(err.unwrap_or(first_err))
    }

    /// The refusal of a word that is neither a line address nor a label.
    fn unknown(&self, s: &str) -> String {
        if let Some(v) = self.equates.get(s) {
            return format!(
                "`{s}` is an equate (= {v}) in {}, not a label: examine and break take a \
                 line address or a label",
                self.source
            );
        }
        if self.lines.is_empty() {
            let hint = if self.source.is_empty() {
                "; labels can be used when the program was loaded from its source (.m1)"
            } else {
                ""
            };
            return format!(
                "`{s}` is not a line address (two teleprint characters such as `D/`, or \
                 0-1023){hint}"
            );
        }
        let near = self.nearest(s);
        let near = if near.is_empty() {
            String::new()
        } else {
            format!(" (nearest: {})", near.join(", "))
        };
        format!(
            "`{s}` is neither a line address (`D/`, 0-1023) nor a label of {}{near}",
            self.source
        )
    }

    /// Up to three labels close to `s`: at most two edits away (a letter changed, added
    /// or dropped; one for names of three letters or fewer), or starting with it.
    fn nearest(&self, s: &str) -> Vec<&str> {
        let lower = s.to_ascii_lowercase();
        let mut scored: Vec<(usize, &str)> = self
            .lines
            .keys()
            .filter_map(|k| {
                let d = edit_distance(&lower, &k.to_ascii_lowercase());
                // Short names are close only one edit away (`n` is not near `cr`).
                let most = if lower.chars().count().min(k.chars().count()) <= 3 {
                    1
                } else {
                    2
                };
                let prefix = k.to_ascii_lowercase().starts_with(&lower) && lower.len() >= 2;
                (d <= most || prefix).then_some((d.min(2), k.as_str()))
            })
            .collect();
        scored.sort();
        scored.into_iter().take(3).map(|(_, k)| k).collect()
    }
}

/// Levenshtein distance between two short strings (characters), capped at 3.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > 2 || a.len() > 64 || b.len() > 64 {
        return 3;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()].min(3)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels() -> Labels {
        let mut l = Labels::new("t.m1");
        l.add_label("loop", 70);
        l.add_label("total", 40);
        l.add_label("table", 100);
        l.add_equate("n", 10);
        l
    }

    #[test]
    fn reads_labels_offsets_and_ranges() {
        let l = labels();
        assert_eq!(l.line("total"), Ok(40));
        assert_eq!(l.line("loop+2"), Ok(72));
        assert_eq!(l.line("table-1"), Ok(99));
        assert_eq!(l.line("D/"), Ok(9));
        assert_eq!(l.line("41"), Ok(41));
        assert_eq!(l.range("loop-loop+5"), Ok((70, 75)));
        assert_eq!(l.range("table-1"), Ok((99, 99)));
        assert_eq!(l.range("D/-RE"), Ok((9, 42)));
        assert_eq!(l.range("total-loop"), Ok((40, 70)));
        assert!(l.range("loop-total").unwrap_err().contains("backwards"));
        assert!(l
            .line("total-41")
            .unwrap_err()
            .contains("outside the store"));
        assert!(l
            .range("total-41")
            .unwrap_err()
            .contains("outside the store"));
        let e = l.line("totl").unwrap_err();
        assert!(e.contains("`totl`") && e.contains("nearest: total"), "{e}");
        assert!(l.line("n").unwrap_err().contains("equate"));
        assert!(Labels::default()
            .line("total")
            .unwrap_err()
            .contains("source (.m1)"));
        assert_eq!(l.describe(72).as_deref(), Some("loop+2"));
        assert_eq!(l.describe(70).as_deref(), Some("loop"));
        assert_eq!(l.describe(5), None);
        assert_eq!(l.name_at(100), Some("table"));
    }
}
