//! The off-line perforator: what `typein` punches into a tape file, line by line, and
//! `appendtotape`. The rules are those of SimH's Ferranti Mark I perforator, checked
//! byte for byte against the tapes it generated (period-software README §6.3, tests in
//! `tests/period/simh_period.rs`):
//!
//! * a typed line is punched up to a `;` (a comment), each `|` typed as a space, and
//!   ends with CR LF; leading blanks of `typein line` are not typed, trailing ones are;
//! * a routine (`typein routineN`) is the N-th sheet of a coding-sheet file (SimH's LOAD
//!   format, `[Col X Y]` headers, rows `| w1 | r | w2 |`), punched as 32 lines `J w1 r w2
//!   J` with the warning character J, or as 8 lines `K aa # w w w w w w w w ` (8 words from
//!   store line `aa`, page S4 unless named) with K;
//! * a Brooker Autocode line is translated key by key ([`bautocode_line`]) and padded to
//!   30 columns; a Glennie Autocode line likewise ([`gautocode_line`]).

use crate::machine::code::{char_value, to_chars_ascii, TELEPRINT_ASCII};

/// A 20-bit word as four teleprint characters in their ASCII stand-ins, least
/// significant first.
fn word_chars(w: u32) -> String {
    to_chars_ascii(u128::from(w & 0xF_FFFF), 4)
}

/// The Brooker Autocode keyboard: each key (one or two typed characters) and the tape
/// characters it punches (README §6.3). Capital letters, `?` and `$` are `"`, the
/// letter's place in the alphabet as a teleprint character, then `/`.
const BROOKER_KEYS: [(&str, &str); 29] = [
    ("!=", "D"),
    (">=", "L"),
    ("1", "E"),
    ("2", "@"),
    ("*", "A"),
    ("4", ":"),
    ("(", "S"),
    (")", "I"),
    ("7", "U"),
    ("8", "#"),
    ("=", "R"),
    ("-", "J"),
    ("v", "N"),
    ("\n", "F"),
    (",", "K"),
    ("0", "T"),
    (">", "Z"),
    ("3", "W"),
    ("j", "H"),
    ("5", "Y"),
    ("6", "P"),
    ("/", "Q"),
    ("%", "Q"),
    ("x", "O"),
    ("9", "B"),
    ("+", "G"),
    (".", "M"),
    ("n", "X"),
    ("\r", "V"),
];

/// Pads a translated line to 30 columns (SimH leaves the first 30 columns to the
/// translation; the source it writes after them, behind a `;`, is not punched).
fn pad30(mut s: String) -> String {
    while s.len() < 30 {
        s.push(' ');
    }
    s
}

/// Translates one line typed on Brooker's Autocode keyboard into the tape characters it
/// punches: blanks are not punched, a `;` ends the line, a line with anything on it ends
/// with `V F` (CR, LF), and the result is padded to 30 columns.
///
/// # Errors
/// A character the keyboard does not have, with its column (1-based).
pub fn bautocode_line(src: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = src;
    while let Some(c) = rest.chars().next() {
        if c == ';' {
            break;
        }
        if (c as u32) <= 32 {
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let col = src.len() - rest.len() + 1;
        if let Some((k, punched)) = BROOKER_KEYS.iter().find(|(k, _)| rest.starts_with(k)) {
            out.push_str(punched);
            rest = &rest[k.len()..];
            continue;
        }
        let code = match c {
            'A'..='Z' => c as usize - 'A' as usize + 1,
            '?' => 29,
            '$' => 30,
            _ => return Err(format!("invalid Autocode character `{c}` at column {col}")),
        };
        out.push('"');
        out.push(TELEPRINT_ASCII[code]);
        out.push('/');
        rest = &rest[1..];
    }
    if !out.is_empty() {
        out.push_str("VF");
    }
    Ok(pad30(out))
}

/// Translates one line of Glennie's Autocode as SimH's perforator types it: letters in
/// upper case, `->` as `"`, a run of blanks as one `/`, `+` `-` `.` as `P` `M` `F`,
/// digits as their teleprint characters; a line with anything on it ends with eight `/`.
///
/// # Errors
/// A character outside the teleprint code, with its column.
pub fn gautocode_line(src: &str) -> Result<String, String> {
    let mut out = String::new();
    let chars: Vec<char> = src.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let mut c = chars[i].to_ascii_uppercase();
        i += 1;
        if c == ';' || c == '\n' || c == '\r' {
            break;
        }
        if c == '-' && chars.get(i) == Some(&'>') {
            c = '"';
            i += 1;
        }
        if (c as u32) <= 32 {
            if chars.get(i).is_some_and(|&n| (n as u32) <= 32) {
                continue;
            }
            c = '/';
        }
        c = match c {
            '+' => 'P',
            '-' => 'M',
            '.' => 'F',
            d @ '0'..='9' => TELEPRINT_ASCII[d as usize - '0' as usize],
            c => c,
        };
        if !TELEPRINT_ASCII.contains(&c) {
            return Err(format!("invalid Autocode character `{c}` at column {i}"));
        }
        out.push(c);
    }
    if !out.is_empty() {
        out.push_str("////////");
    }
    Ok(pad30(out))
}

/// What a typed line punches: up to a `;`, each `|` as a space.
pub fn punched(line: &str) -> String {
    line.split(';').next().unwrap_or("").replace('|', " ")
}

/// A teleprint word of a sheet, with the first edition's digit synonyms (`%` for `/`, `2`
/// for `@`, `4` for `:`, `8` for ½, `5` for `"`, `0` for £).
fn sheet_word(cell: &str) -> Option<u32> {
    const SYNONYMS: [(char, u8); 6] =
        [('%', 0), ('2', 2), ('4', 4), ('8', 8), ('5', 27), ('0', 31)];
    let mut w = 0u32;
    let mut n = 0;
    for c in cell.chars() {
        let v = SYNONYMS
            .iter()
            .find(|(s, _)| *s == c)
            .map(|&(_, v)| v)
            .or_else(|| char_value(c))?;
        if n == 4 {
            return None;
        }
        w |= u32::from(v) << (5 * n);
        n += 1;
    }
    (n == 4).then_some(w)
}

/// The 64 words of the `n`-th sheet (1-based) of a coding-sheet file: row `r` of its
/// first column is word `r`, of its second word `32 + r`; blank cells are zero. Sheets
/// are counted by their `[Col` headers in file order (two on a line are the first and
/// second of that line); `[End]` ends the sheets in force.
///
/// # Errors
/// No such sheet; a row whose cells are not four teleprint characters (with the line).
pub fn routine_sheet(text: &str, n: usize) -> Result<[u32; 64], String> {
    let mut words = [0u32; 64];
    let mut seen = 0usize;
    let mut found = false;
    // The position of the wanted sheet among the blocks of the rows in force.
    let mut wanted: Option<usize> = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with(';') {
            continue;
        }
        if t.starts_with("[End]") {
            wanted = None;
            continue;
        }
        if t.starts_with("[Col") {
            let heads = line.matches("[Col").count();
            wanted = None;
            if (seen..seen + heads).contains(&(n - 1)) {
                wanted = Some(n - 1 - seen);
                found = true;
            }
            seen += heads;
            continue;
        }
        let Some(block) = wanted else { continue };
        if !t.starts_with('|') {
            continue;
        }
        // | w1 | r | w2 | gap | w1 | r | w2 | …
        let cells: Vec<&str> = line.split('|').collect();
        let base = 1 + 4 * block;
        if base + 2 >= cells.len() {
            continue;
        }
        let (w1, r, w2) = (
            cells[base].trim(),
            cells[base + 1].trim(),
            cells[base + 2].trim(),
        );
        let bad = |what: &str| format!("line {}: {what}: `{}`", i + 1, line.trim_end());
        let mut rc = r.chars();
        let row = match (rc.next(), rc.next()) {
            (Some(c), None) => char_value(c).ok_or_else(|| bad("bad row character"))? as usize,
            _ => return Err(bad("a row needs one teleprint row character")),
        };
        for (cell, at) in [(w1, row), (w2, 32 + row)] {
            if !cell.is_empty() {
                words[at] = sheet_word(cell)
                    .ok_or_else(|| bad("a cell must be blank or four teleprint characters"))?;
            }
        }
    }
    if !found {
        return Err(format!("the file has no sheet {n} (it has {seen})"));
    }
    Ok(words)
}

/// The lines punched for a routine with the warning character J: `J w1 r w2 J` for each
/// row r, w1 the word of the first column, w2 of the second.
pub fn routine_lines_j(words: &[u32; 64]) -> Vec<String> {
    (0..32)
        .map(|r| {
            format!(
                "J {} {} {} J",
                word_chars(words[r]),
                TELEPRINT_ASCII[r],
                word_chars(words[32 + r])
            )
        })
        .collect()
}

/// The lines punched for a routine with the warning character K to store page `page`:
/// eight lines `K aa # ` and eight words, `aa` the store line of the first.
pub fn routine_lines_k(words: &[u32; 64], page: u32) -> Vec<String> {
    (0..8)
        .map(|i| {
            let mut s = format!(
                "K {} # ",
                to_chars_ascii(u128::from((page * 64 + i as u32 * 8) & 1023), 2)
            );
            for w in &words[i * 8..i * 8 + 8] {
                s.push_str(&word_chars(*w));
                s.push(' ');
            }
            s
        })
        .collect()
}

/// What `appendtotape` adds to a tape file: the characters of `input` above a blank (a
/// `;` and its comment included, as SimH copies them), 68 to a line, each line ended by
/// CR LF.
pub fn append_text(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut n = 0;
    for &b in input.iter().filter(|&&b| b > 32) {
        out.push(b);
        n += 1;
        if n == 68 {
            out.extend_from_slice(b"\r\n");
            n = 0;
        }
    }
    if n > 0 {
        out.extend_from_slice(b"\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brooker_keys() {
        assert_eq!(
            bautocode_line("3     vn1 = I        ; inputs ai")
                .unwrap()
                .trim_end(),
            "WNXER\"D/VF"
        );
        assert_eq!(
            bautocode_line("  j3,  11 >= n1").unwrap().trim_end(),
            "HWKEELXEVF"
        );
        assert_eq!(bautocode_line("; comment").unwrap(), " ".repeat(30));
        assert!(bautocode_line("n1 = {").is_err());
    }

    #[test]
    fn sheets_and_j_lines() {
        let text = "[Col /  E ]     [Col @  A ]\n| //// | / | E/// |     | @LWL | / |      |\n| SETA | E |      |     |      | E |      |\n";
        let one = routine_sheet(text, 1).unwrap();
        let two = routine_sheet(text, 2).unwrap();
        assert_eq!(routine_lines_j(&one)[0], "J //// / E/// J");
        assert_eq!(routine_lines_j(&one)[1], "J SETA E //// J");
        assert_eq!(routine_lines_j(&two)[0], "J @LWL / //// J");
        assert!(routine_sheet(text, 3).is_err());
    }
}
