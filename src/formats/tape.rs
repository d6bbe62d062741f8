//! Five-hole teleprinter tapes.
//!
//! A tape is a sequence of rows, each row one 5-bit character (0–31) of the Mark 1
//! teleprint code (`/ E @ A : S I U ½ D R J N F C K T Z L W H Y P Q O B G " M X V £`).
//! Two file forms are read and written:
//!
//! * **Raw tape** (`.tape`): one byte per row, the row's value 0–31; nothing else. Any
//!   other byte is refused with its offset and value. An empty file is an empty tape.
//! * **SimH paper-tape text** (`.pt.txt`): one printable character per row, in the ASCII
//!   stand-ins `/ E @ A : S I U # D R J N F C K T Z L W H Y P Q O B G " M X V $`. Bytes of
//!   value 32 or less (space, tab, CR, LF, controls) are ignored; `;` starts a comment to
//!   the end of the line. Letters may be lower case. The figure-shift glyphs stand for the
//!   code with the same holes: digits `0`–`9` are `/ E @ A : S I U # D`, and `.` `+` `-` `=`
//!   are `F P M Q`. The period glyphs `½`, `¼` and `£` are accepted as well. SimH reads any
//!   other byte as a blank row; this reader refuses it instead, with its byte offset.
//!   Written files hold the 32 glyphs only, with a CR LF after every 68 rows.
//!
//! See `docs/tapes.md`.

use crate::machine::code::{char_value, TELEPRINT_ASCII};

/// Why a tape file was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TapeError {
    /// A raw tape byte outside 0–31.
    #[error("byte offset {offset}: value {value} is not a 5-hole row (0-31)")]
    BadByte {
        /// Byte offset in the file.
        offset: usize,
        /// The byte found.
        value: u8,
    },
    /// A paper-tape text character that is not a row, a blank or a comment.
    #[error("byte offset {offset}: character {} is not a tape character", show_char(*found))]
    BadChar {
        /// Byte offset in the file.
        offset: usize,
        /// The character found.
        found: char,
    },
    /// Paper-tape text that is not UTF-8.
    #[error("byte offset {offset}: not UTF-8 text")]
    NotText {
        /// Byte offset of the first bad byte.
        offset: usize,
    },
    /// A row value above 31 handed to a writer.
    #[error("row {index}: value {value} is not a 5-hole row (0-31)")]
    BadRow {
        /// Index of the row.
        index: usize,
        /// The value found.
        value: u8,
    },
}

/// Reads a raw tape file: one row per byte, 0–31.
///
/// # Errors
/// [`TapeError::BadByte`] at the first byte above 31.
pub fn read_raw(bytes: &[u8]) -> Result<Vec<u8>, TapeError> {
    match bytes.iter().position(|&b| b > 31) {
        Some(offset) => Err(TapeError::BadByte {
            offset,
            value: bytes[offset],
        }),
        None => Ok(bytes.to_vec()),
    }
}

/// Writes a raw tape file (the rows themselves).
///
/// # Errors
/// [`TapeError::BadRow`] if a row is above 31.
pub fn write_raw(rows: &[u8]) -> Result<Vec<u8>, TapeError> {
    check_rows(rows)?;
    Ok(rows.to_vec())
}

fn check_rows(rows: &[u8]) -> Result<(), TapeError> {
    match rows.iter().position(|&b| b > 31) {
        Some(index) => Err(TapeError::BadRow {
            index,
            value: rows[index],
        }),
        None => Ok(()),
    }
}

/// The row of one paper-tape text character, including the figure-shift glyphs.
pub fn pt_value(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        '.' => Some(13),
        '+' => Some(22),
        '-' => Some(28),
        '=' => Some(23),
        _ => char_value(c),
    }
}

/// Reads SimH paper-tape text (`.pt.txt`), described in the module documentation.
///
/// # Errors
/// [`TapeError::NotText`] for bytes that are not UTF-8, [`TapeError::BadChar`] for a
/// character that is not a row, a blank or part of a comment.
pub fn read_pt_text(bytes: &[u8]) -> Result<Vec<u8>, TapeError> {
    let text = std::str::from_utf8(bytes).map_err(|e| TapeError::NotText {
        offset: e.valid_up_to(),
    })?;
    let mut rows = Vec::with_capacity(text.len());
    let mut in_comment = false;
    for (offset, c) in text.char_indices() {
        if in_comment {
            in_comment = c != '\n';
            continue;
        }
        if c == ';' {
            in_comment = true;
        } else if (c as u32) <= 32 {
            // blank, tab, CR, LF and control characters are not rows
        } else if let Some(v) = pt_value(c) {
            rows.push(v);
        } else {
            return Err(TapeError::BadChar { offset, found: c });
        }
    }
    Ok(rows)
}

/// Writes SimH paper-tape text: the ASCII glyphs, a CR LF after every 68 rows and at the
/// end of a non-empty tape.
///
/// # Errors
/// [`TapeError::BadRow`] if a row is above 31.
pub fn write_pt_text(rows: &[u8]) -> Result<String, TapeError> {
    check_rows(rows)?;
    let mut s = String::with_capacity(rows.len() + rows.len() / 34 + 2);
    for (i, &r) in rows.iter().enumerate() {
        s.push(TELEPRINT_ASCII[r as usize]);
        if i % 68 == 67 {
            s.push_str("\r\n");
        }
    }
    if !rows.len().is_multiple_of(68) {
        s.push_str("\r\n");
    }
    Ok(s)
}

/// A character for a message: itself in backquotes if it prints, else its code point
/// (`U+0009` for a tab).
pub fn show_char(c: char) -> String {
    if c.is_control() || c.is_whitespace() {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("`{c}`")
    }
}

/// Reads a tape file of either form: a file whose bytes are all 0–31 is raw, anything
/// else is read as paper-tape text.
///
/// # Errors
/// As [`read_pt_text`].
pub fn read_any(bytes: &[u8]) -> Result<Vec<u8>, TapeError> {
    if !bytes.is_empty() && bytes.iter().all(|&b| b <= 31) {
        Ok(bytes.to_vec())
    } else {
        read_pt_text(bytes)
    }
}

/// The rows of a run of teleprint characters (`VETA` → 30, 1, 16, 3), for tests and
/// for building tapes by hand. `None` if a character is not in the code.
pub fn rows_of(text: &str) -> Option<Vec<u8>> {
    text.chars().map(char_value).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_round_trip_and_refusal() {
        let rows: Vec<u8> = (0..32).collect();
        assert_eq!(read_raw(&write_raw(&rows).unwrap()).unwrap(), rows);
        assert_eq!(
            read_raw(&[1, 2, 40]),
            Err(TapeError::BadByte {
                offset: 2,
                value: 40
            })
        );
        assert!(write_raw(&[32]).is_err());
    }

    #[test]
    fn pt_text_round_trip() {
        let rows: Vec<u8> = (0..200).map(|i| (i * 7 % 32) as u8).collect();
        let text = write_pt_text(&rows).unwrap();
        assert!(text.lines().all(|l| l.len() <= 68));
        assert_eq!(read_pt_text(text.as_bytes()).unwrap(), rows);
    }

    #[test]
    fn pt_text_figures_comments_and_refusal() {
        let t = "; title\nK0 9.+-= ;x\n½£¼\n";
        assert_eq!(
            read_pt_text(t.as_bytes()).unwrap(),
            vec![15, 0, 9, 13, 22, 28, 23, 8, 31, 8]
        );
        let e = read_pt_text(b"EE?").unwrap_err();
        assert_eq!(
            e,
            TapeError::BadChar {
                offset: 2,
                found: '?'
            }
        );
        assert!(e.to_string().contains("offset 2"));
        assert_eq!(
            read_pt_text(&[b'E', 0xff]),
            Err(TapeError::NotText { offset: 1 })
        );
    }
}
