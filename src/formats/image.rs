//! The machine image's text file: [`Image`] (defined in [`crate::machine::image`])
//! read and written.
//!
//! An image holds the electronic store (512 short lines of 20 bits), any drum
//! half-tracks the program keeps on the wheel (64 lines of 20 bits each), the hand
//! switch setting H (20 bits) and the value of control C before the first prepulse
//! (the first instruction obeyed is at C + 1, Prinz §7(7)).
//!
//! # File format (`.m1i`, text, UTF-8)
//!
//! ```text
//! MARK1-IMAGE 1
//! ; comments run from ';' to the end of the line
//! H ////              hand switches, four teleprint characters
//! C ////              control before the first prepulse
//! S E/ ME/C           store line (address, content), non-zero lines only
//! D 5 0 E/ ME/C       drum: track (0-255, decimal), half (0|1), line, content
//! ```
//!
//! Characters are the teleprint code, least significant first; `½ £` are written and
//! `# $ ¼` are accepted. Lines not listed are zero. A drum half-track that is listed at
//! all is written as a whole (absent lines zero) when the image is loaded.

use crate::machine::code::{addr_chars, line_chars, parse_addr, parse_line, MASK20};
pub use crate::machine::image::{HalfTrack, Image};
use crate::machine::store;
use std::fmt::Write as _;

/// Why an image file was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ImageError {
    /// The first line is not `MARK1-IMAGE 1`.
    #[error("line 1: not a mark1 image (expected the header `MARK1-IMAGE 1`)")]
    BadHeader,
    /// A record could not be read.
    #[error("line {line}: {message}: `{text}`")]
    BadRecord {
        /// 1-based line number in the file.
        line: usize,
        /// What is wrong.
        message: String,
        /// The offending line.
        text: String,
    },
}

// The file format's half of `Image`; the type itself is the machine's.
impl Image {
    /// Parses the text format described in the module documentation.
    ///
    /// # Errors
    /// [`ImageError`] naming the line and what is wrong; nothing is partially returned.
    pub fn parse(text: &str) -> Result<Image, ImageError> {
        let mut lines = text.lines().enumerate();
        let header = lines.next().map(|(_, l)| strip_comment(l).trim());
        if header != Some("MARK1-IMAGE 1") {
            return Err(ImageError::BadHeader);
        }
        let mut img = Image::default();
        for (i, raw) in lines {
            let line = strip_comment(raw).trim();
            if line.is_empty() {
                continue;
            }
            let bad = |message: &str| ImageError::BadRecord {
                line: i + 1,
                message: message.to_string(),
                text: raw.to_string(),
            };
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.as_slice() {
                ["H", v] => {
                    img.hand_switches = parse_line(v).ok_or_else(|| bad("bad H value"))?;
                }
                ["C", v] => {
                    img.control = parse_line(v).ok_or_else(|| bad("bad C value"))?;
                }
                ["S", a, v] => {
                    let a = parse_addr(a).ok_or_else(|| bad("bad store address"))? as usize;
                    if a >= store::LINES {
                        return Err(bad("store address beyond the 8 fitted tubes (0-511)"));
                    }
                    img.store[a] = parse_line(v).ok_or_else(|| bad("bad store line"))?;
                }
                ["D", t, h, l, v] => {
                    let t: u8 = t.parse().map_err(|_| bad("bad track (0-255)"))?;
                    let h: u8 = match *h {
                        "0" => 0,
                        "1" => 1,
                        _ => return Err(bad("bad half-track (0 or 1)")),
                    };
                    let l = parse_addr(l).ok_or_else(|| bad("bad drum line"))? as usize;
                    if l >= 64 {
                        return Err(bad("drum line beyond 63"));
                    }
                    let v = parse_line(v).ok_or_else(|| bad("bad drum line content"))?;
                    img.drum.entry((t, h)).or_insert([0; 64])[l] = v;
                }
                _ => return Err(bad("unknown record (expected H, C, S or D)")),
            }
        }
        Ok(img)
    }

    /// Writes the image in the text format; `parse(to_text(x)) == x`.
    pub fn to_text(&self) -> String {
        let mut s = String::from("MARK1-IMAGE 1\n");
        let _ = writeln!(s, "H {}", line_chars(self.hand_switches));
        let _ = writeln!(s, "C {}", line_chars(self.control));
        for (a, &w) in self.store.iter().enumerate() {
            if w & MASK20 != 0 {
                let _ = writeln!(s, "S {} {}", addr_chars(a as u32), line_chars(w));
            }
        }
        for (&(t, h), ht) in &self.drum {
            // A listed half-track is written whole, so keep at least one record.
            let mut any = false;
            for (l, &w) in ht.iter().enumerate() {
                if w & MASK20 != 0 || (!any && l == 63) {
                    any = true;
                    let _ = writeln!(s, "D {t} {h} {} {}", addr_chars(l as u32), line_chars(w));
                }
            }
        }
        s
    }
}

fn strip_comment(l: &str) -> &str {
    match l.find(';') {
        Some(i) => &l[..i],
        None => l,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut img = Image::default();
        img.store[1] = parse_line("ME/C").unwrap();
        img.store[511] = MASK20;
        img.hand_switches = parse_line("NE@/").unwrap();
        img.control = 1;
        img.drum.insert((5, 1), [0; 64]);
        img.drum.entry((0, 0)).or_insert([0; 64])[3] = 77;
        let text = img.to_text();
        assert_eq!(Image::parse(&text), Ok(img));
    }

    #[test]
    fn refuses_with_reason() {
        assert_eq!(Image::parse("hello"), Err(ImageError::BadHeader));
        let e = Image::parse("MARK1-IMAGE 1\nS /T ////\n").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let e = Image::parse("MARK1-IMAGE 1\nD 300 0 // ////\n").unwrap_err();
        assert!(e.to_string().contains("track"), "{e}");
    }
}
