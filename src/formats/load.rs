//! SimH's coding-sheet LOAD files: routines written as the period's programme sheets, one
//! or two half-tracks side by side, for loading straight onto the drum.
//!
//! A sheet starts with a header naming its two store columns and its half-track,
//! `[Col : S  Track 1L]` (track 1, left half = half 0; `R` is half 1), and goes on with
//! rows `| w1 | r | w2 |`: the row character r (0–31, teleprint code), the word of the
//! sheet's first column at that row (half-track line r) and of its second column (line
//! 32 + r). Two headers on one line give two sheets side by side, and each following row
//! holds one `| w1 | r | w2 |` group per sheet. Empty cells leave the line zero. Text
//! outside the groups (titles, notes such as `const -1`, arrows like `J->`) is ignored.
//! Characters are the teleprint code with the stand-ins `#` (½) and `$` (£).

use crate::machine::code::{char_value, parse_line};
use crate::machine::HalfTrack;
use std::collections::BTreeMap;

/// Why a LOAD file was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LoadError {
    /// A header could not be read.
    #[error("line {line}: bad sheet header `{text}` (expected `[Col X Y  Track NL]` or `NR`)")]
    Header {
        /// 1-based line.
        line: usize,
        /// The header text.
        text: String,
    },
    /// A row's cell is not four teleprint characters, or its row character is not one.
    #[error("line {line}: {message}: `{text}`")]
    Row {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
        /// The line.
        text: String,
    },
}

/// Reads the half-tracks a LOAD file describes, keyed by (track, half).
///
/// # Errors
/// [`LoadError`] naming the line: a malformed header, a row character outside the code,
/// or a cell that is neither blank nor four teleprint characters.
pub fn read_load(text: &str) -> Result<BTreeMap<(u8, u8), HalfTrack>, LoadError> {
    let mut out: BTreeMap<(u8, u8), HalfTrack> = BTreeMap::new();
    let mut sheets: Vec<Sheet> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.contains("[Col") {
            sheets = headers(line).ok_or_else(|| LoadError::Header {
                line: n,
                text: line.trim().to_string(),
            })?;
            for sh in &sheets {
                out.entry(sh.key).or_insert([0; 64]);
            }
            continue;
        }
        if line.trim() == "[End]" {
            sheets.clear();
            continue;
        }
        if sheets.is_empty() || line.matches('|').count() < 3 {
            continue;
        }
        let bad = |message: &str| LoadError::Row {
            line: n,
            message: message.to_string(),
            text: line.trim_end().to_string(),
        };
        // Segments between pipes: prefix, then per block its cells and a gap.
        let seg: Vec<&str> = line.split('|').collect();
        let mut base = 1;
        for sh in &sheets {
            let (w1, r, w2) = match sh.column {
                None if base + 2 < seg.len() => {
                    (seg[base].trim(), seg[base + 1].trim(), seg[base + 2].trim())
                }
                Some(0) if base + 1 < seg.len() => (seg[base + 1].trim(), seg[base].trim(), ""),
                Some(_) if base + 1 < seg.len() => ("", seg[base].trim(), seg[base + 1].trim()),
                _ => break,
            };
            base += if sh.column.is_none() { 4 } else { 3 };
            let mut rc = r.chars();
            let row = match (rc.next(), rc.next()) {
                (Some(c), None) => char_value(c).ok_or_else(|| bad("bad row character"))?,
                (None, _) if w1.is_empty() && w2.is_empty() => continue,
                _ => return Err(bad("a row needs one teleprint row character")),
            } as usize;
            let ht = out.get_mut(&sh.key).expect("sheet entered above");
            for (word, at) in [(w1, row), (w2, 32 + row)] {
                if !word.is_empty() {
                    ht[at] = parse_line(&synonyms(word))
                        .ok_or_else(|| bad("a cell must be blank or four teleprint characters"))?;
                }
            }
        }
    }
    Ok(out)
}

/// One block of a sheet: its half-track, and which store column it shows (`None`: both,
/// as `| w1 | r | w2 |`; `Some(0)` or `Some(1)`: one, as `| r | w |`).
struct Sheet {
    key: (u8, u8),
    column: Option<u8>,
}

fn track_half(th: &str) -> Option<(u8, u8)> {
    let (t, h) = th.split_at(th.len().checked_sub(1)?);
    let half = match h {
        "L" => 0,
        "R" => 1,
        _ => return None,
    };
    Some((t.parse().ok()?, half))
}

/// The blocks named by the headers on a line.
fn headers(line: &str) -> Option<Vec<Sheet>> {
    let groups: Vec<Vec<&str>> = line
        .split('[')
        .skip(1)
        .map(|p| {
            p.split(']')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .collect()
        })
        .collect();
    match groups
        .iter()
        .map(Vec::as_slice)
        .collect::<Vec<_>>()
        .as_slice()
    {
        // Scheme C: [Col X ]  [ Y  Track NH ]
        [["Col", _], [_, "Track", th]] => {
            let key = track_half(th)?;
            Some(vec![
                Sheet {
                    key,
                    column: Some(0),
                },
                Sheet {
                    key,
                    column: Some(1),
                },
            ])
        }
        gs => gs
            .iter()
            .map(|g| match g {
                ["Col", _, _, "Track", th] | ["Col", _, "Track", th] => Some(Sheet {
                    key: track_half(th)?,
                    column: None,
                }),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .filter(|v| !v.is_empty()),
    }
}

/// A word with the first edition's digit synonyms replaced by the teleprint characters.
fn synonyms(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            '%' => '/',
            '2' => '@',
            '4' => ':',
            '8' => '½',
            '5' => '"',
            '0' => '£',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_sheets_side_by_side() {
        let text = "title\n\
            [Col : S  Track 1L]                 [Col C K  Track 1R]\n\
            | //// | / | //// |                 |      | / |      |\n\
            | E/// | E | ///@ |                 |      | U | $$// |   note\n\
            | //// | D | $$$$ | const -1        |      | # | H:/C |\n";
        let d = read_load(text).unwrap();
        assert_eq!(d[&(1, 0)][1], 1);
        assert_eq!(d[&(1, 0)][32 + 1], parse_line("///@").unwrap());
        assert_eq!(d[&(1, 0)][32 + 9], (1 << 20) - 1);
        assert_eq!(d[&(1, 1)][32 + 7], parse_line("$$//").unwrap());
        assert_eq!(d[&(1, 1)][32 + 8], parse_line("H:/C").unwrap());
    }

    #[test]
    fn scheme_c_layout_and_synonyms() {
        let text = "[Col     / ]                        [        E   Track 16L ]\n\
            | / | HSI/ |                        | / | S:/H |\n\
            | E | Z//: |  note                  | E | /2QT | \\\n\
            [End]\n\
            | # I / S | <- not a row\n";
        let d = read_load(text).unwrap();
        assert_eq!(d[&(16, 0)][0], parse_line("HSI/").unwrap());
        assert_eq!(d[&(16, 0)][32], parse_line("S:/H").unwrap());
        assert_eq!(d[&(16, 0)][1], parse_line("Z//:").unwrap());
        assert_eq!(d[&(16, 0)][33], parse_line("/@QT").unwrap());
    }

    #[test]
    fn refusals_name_the_line() {
        let e = read_load("[Col : S  Track 1X]\n").unwrap_err();
        assert!(e.to_string().starts_with("line 1: bad sheet header"), "{e}");
        let e = read_load("[Col : S  Track 1L]\n| ?/// | E | //// |\n").unwrap_err();
        assert!(e.to_string().starts_with("line 2: a cell must be"), "{e}");
    }
}
