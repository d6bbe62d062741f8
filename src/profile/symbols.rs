//! Routine names for the profiler: the assembler's labels, or a file the user writes.
//!
//! The file has one name a line (`#` starts a comment; blank lines are passed over):
//!
//! ```text
//! line 320 = start          # a label at store line 320 (decimal, 0-511)
//! drum 68.1:0 = gr          # a label at line 0 (0-63) of half-track 68.1
//! track 12 = DR/C MASTER    # every line brought down from track 12 (both halves)
//! track 12.1 = ROUTINE      # every line brought down from half-track 12.1
//! ```
//!
//! `mark1 asm --symbols FILE` writes the labels of an assembly in this form (`line` for a
//! label in the store, `drum` for one on the drum: a `.track` or each copy of an
//! `.overlay`). Names may hold spaces and any other character but `#`.

use crate::asm::{Assembly, Place};
use std::collections::BTreeMap;

/// Why a symbol file was refused: the file, the line (1-based) and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {reason}")]
pub struct SymbolError {
    /// The file as named by the user.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// Names of store lines, drum lines and half-tracks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symbols {
    /// Labels at store lines 0–511.
    pub store: BTreeMap<u32, String>,
    /// Labels at drum lines: (track, half, line 0–63).
    pub drum: BTreeMap<(u8, u8, u32), String>,
    /// Names of whole tracks (half `None`) and half-tracks.
    pub tracks: BTreeMap<(u8, Option<u8>), String>,
}

impl Symbols {
    /// The labels of an assembly (equates are left out). Where several labels mark one
    /// place, the first in alphabetical order names it.
    pub fn from_assembly(a: &Assembly) -> Symbols {
        let mut s = Symbols::default();
        let mut names: Vec<_> = a.symbols.iter().collect();
        names.sort_by(|x, y| x.0.cmp(y.0));
        for (name, sym) in names {
            for place in &sym.places {
                match *place {
                    Place::Store(addr) => {
                        s.store.entry(addr).or_insert_with(|| name.clone());
                    }
                    Place::Drum(t, h, l) => {
                        s.drum.entry((t, h, l)).or_insert_with(|| name.clone());
                    }
                }
            }
        }
        s
    }

    /// Reads a symbol file's text; `file` names it in errors.
    ///
    /// # Errors
    /// The first line that is not one of the four forms (module docs), with its number.
    pub fn parse(text: &str, file: &str) -> Result<Symbols, SymbolError> {
        let mut s = Symbols::default();
        for (i, raw) in text.lines().enumerate() {
            let err = |reason: String| SymbolError {
                file: file.to_string(),
                line: i + 1,
                reason,
            };
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (lhs, name) = line
                .split_once('=')
                .ok_or_else(|| err(format!("`{line}`: no `=` (`track 12 = NAME`)")))?;
            let name = name.trim();
            if name.is_empty() {
                return Err(err("no name after `=`".into()));
            }
            let mut words = lhs.split_whitespace();
            let kind = words.next().unwrap_or("");
            let spec = words.next().ok_or_else(|| {
                err(format!(
                    "`{}`: a place is wanted after `{kind}`",
                    lhs.trim()
                ))
            })?;
            if let Some(extra) = words.next() {
                return Err(err(format!("`{extra}`: one place before `=`")));
            }
            match kind {
                "line" => {
                    let a = number(spec, 511).map_err(|r| err(format!("store line: {r}")))?;
                    s.store.insert(a, name.to_string());
                }
                "drum" => {
                    let (th, l) = spec.split_once(':').ok_or_else(|| {
                        err(format!(
                            "`{spec}`: a drum line is track.half:line (`68.1:0`)"
                        ))
                    })?;
                    let (t, h) = half_track(th).map_err(&err)?;
                    let h = h.ok_or_else(|| {
                        err(format!("`{th}`: a drum line needs the half (`{th}.0`)"))
                    })?;
                    let l = number(l, 63).map_err(|r| err(format!("drum line: {r}")))?;
                    s.drum.insert((t, h, l), name.to_string());
                }
                "track" => {
                    let (t, h) = half_track(spec).map_err(&err)?;
                    s.tracks.insert((t, h), name.to_string());
                }
                other => {
                    return Err(err(format!(
                        "`{other}`: each line starts with `line`, `drum` or `track`"
                    )))
                }
            }
        }
        Ok(s)
    }

    /// The file's text (as [`Symbols::parse`] reads it).
    pub fn write(&self) -> String {
        let mut out = String::from(
            "# mark1 symbols: `line A = NAME` (store line A), `drum T.H:L = NAME`, `track T[.H] = NAME`\n",
        );
        for (a, n) in &self.store {
            out += &format!("line {a} = {n}\n");
        }
        for ((t, h, l), n) in &self.drum {
            out += &format!("drum {t}.{h}:{l} = {n}\n");
        }
        for ((t, h), n) in &self.tracks {
            match h {
                Some(h) => out += &format!("track {t}.{h} = {n}\n"),
                None => out += &format!("track {t} = {n}\n"),
            }
        }
        out
    }

    /// A name for half-track (track, half): its track name, else its first drum label.
    pub fn half_track_name(&self, (t, h): (u8, u8)) -> Option<&str> {
        self.tracks
            .get(&(t, Some(h)))
            .or(self.tracks.get(&(t, None)))
            .or_else(|| self.drum.range((t, h, 0)..=(t, h, 63)).next().map(|x| x.1))
            .map(String::as_str)
    }

    /// The name of store line `a` (0–1023) run from `origin` (the half-track last brought
    /// into its page): the nearest drum label at or before it on that half-track; else
    /// that half-track's or track's name; else the nearest store label at or before it;
    /// else `track T.H` or `page P`.
    pub fn name(&self, a: u32, origin: super::Origin) -> String {
        if let Some((t, h)) = origin {
            if let Some((_, n)) = self.drum.range((t, h, 0)..=(t, h, a % 64)).next_back() {
                return n.clone();
            }
            if let Some(n) = self
                .tracks
                .get(&(t, Some(h)))
                .or(self.tracks.get(&(t, None)))
            {
                return n.clone();
            }
        }
        if a < 512 {
            if let Some((_, n)) = self.store.range(..=a).next_back() {
                return n.clone();
            }
        }
        match origin {
            Some((t, h)) => format!("track {t}.{h}"),
            None => format!("page {}", a / 64),
        }
    }
}

/// A decimal number from 0 to `max`.
fn number(s: &str, max: u32) -> Result<u32, String> {
    let v: u32 = s
        .parse()
        .map_err(|_| format!("`{s}` is not a decimal number"))?;
    if v > max {
        return Err(format!("{v} is more than {max}"));
    }
    Ok(v)
}

/// `12` (a whole track) or `12.1` (a half-track): track 0–255, half 0 or 1.
fn half_track(s: &str) -> Result<(u8, Option<u8>), String> {
    let (t, h) = match s.split_once('.') {
        Some((t, h)) => (t, Some(h)),
        None => (s, None),
    };
    let t = number(t, 255).map_err(|r| format!("track: {r}"))? as u8;
    let h = match h {
        Some(h) => Some(number(h, 1).map_err(|r| format!("half: {r}"))? as u8),
        None => None,
    };
    Ok((t, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_four_forms_and_back() {
        let text = "# Strachey\nline 5 = start\ndrum 68.1:0 = gr # GR\ntrack 12 = DR/C MASTER\ntrack 12.1 = SUB\n\n";
        let s = Symbols::parse(text, "s.sym").unwrap();
        assert_eq!(s.store[&5], "start");
        assert_eq!(s.drum[&(68, 1, 0)], "gr");
        assert_eq!(s.tracks[&(12, None)], "DR/C MASTER");
        assert_eq!(Symbols::parse(&s.write(), "again").unwrap(), s);
        assert_eq!(s.name(320, Some((68, 1))), "gr");
        assert_eq!(s.name(330, Some((12, 0))), "DR/C MASTER");
        assert_eq!(s.name(330, Some((12, 1))), "SUB");
        assert_eq!(s.name(7, None), "start");
        assert_eq!(s.name(3, None), "page 0");
        assert_eq!(s.name(520, Some((13, 0))), "track 13.0");
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        for (text, line, part) in [
            ("line 5 start", 1, "no `=`"),
            ("\nline 512 = x", 2, "more than 511"),
            ("track 256 = x", 1, "more than 255"),
            ("track 12.2 = x", 1, "half"),
            ("drum 12:3 = x", 1, "needs the half"),
            ("drum 12.1:64 = x", 1, "more than 63"),
            ("page 3 = x", 1, "starts with"),
            ("line 3 =  ", 1, "no name"),
            ("line = x", 1, "a place is wanted"),
            ("line 3 4 = x", 1, "one place"),
            ("line x3 = y", 1, "not a decimal"),
        ] {
            let e = Symbols::parse(text, "f.sym").unwrap_err();
            assert_eq!(e.line, line, "{text}");
            let shown = e.to_string();
            assert!(shown.starts_with(&format!("f.sym:{line}: ")), "{shown}");
            assert!(shown.contains(part), "{text}: {shown}");
        }
    }
}
