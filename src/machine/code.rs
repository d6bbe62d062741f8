//! The teleprint code and the written form of lines and instructions.
//!
//! The Mark 1 wrote every 20-bit short line as four base-32 characters, *least
//! significant character first*, each character being a 5-bit teleprinter code whose
//! own digits are also written least significant first (Prinz §2(2)–(13)). The 32
//! characters in value order are
//! `/ E @ A : S I U ½ D R J N F C K T Z L W H Y P Q O B G " M X V £`
//! (Prinz §2(7)–(10); Brooker 1956).
//!
//! An instruction line (Prinz §8(1)–(11)) has, in bit (pulse) numbering P0–P19:
//!
//! | bits    | characters          | meaning                                   |
//! |---------|---------------------|-------------------------------------------|
//! | P0–P9   | chars 1–2           | address *s* (P9 = 0 for a fitted tube)    |
//! | P10–P12 | first 3 bits of ch3 | B-digits *b* (0–7)                        |
//! | P13     | 4th bit of ch3      | spare, ignored by electronic instructions |
//! | P14–P19 | last bit ch3 + ch4  | function number *f* (0–63)                |
//!
//! The function number is `P14 + 2 × value(char 4)`, so the codes run `//` = 0,
//! `T/` = 1, `/E` = 2, … `T£` = 63 (C50 codes; Prinz §17(5)).

/// The 32 teleprint characters in value order 0–31 (Prinz §2(7)).
pub const TELEPRINT: [char; 32] = [
    '/', 'E', '@', 'A', ':', 'S', 'I', 'U', '½', 'D', 'R', 'J', 'N', 'F', 'C', 'K', 'T', 'Z', 'L',
    'W', 'H', 'Y', 'P', 'Q', 'O', 'B', 'G', '"', 'M', 'X', 'V', '£',
];

/// The same 32 characters with the ASCII stand-ins `#` for `½` and `$` for `£`, as
/// used in SimH's files and in our ASCII outputs.
pub const TELEPRINT_ASCII: [char; 32] = [
    '/', 'E', '@', 'A', ':', 'S', 'I', 'U', '#', 'D', 'R', 'J', 'N', 'F', 'C', 'K', 'T', 'Z', 'L',
    'W', 'H', 'Y', 'P', 'Q', 'O', 'B', 'G', '"', 'M', 'X', 'V', '$',
];

/// Mask of a 20-bit short line.
pub const MASK20: u32 = (1 << 20) - 1;
/// Mask of a 40-bit long line.
pub const MASK40: u64 = (1 << 40) - 1;

/// The 5-bit value (0–31) of a teleprint character, or `None` if it is not one.
///
/// Accepts the period glyphs and the stand-ins: `½`, `¼` (Turing's handbook, Prinz
/// §2(8)) and `#` for 8; `£` and `$` for 31. Letters are accepted in either case.
pub fn char_value(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    Some(match c {
        '/' => 0,
        'E' => 1,
        '@' => 2,
        'A' => 3,
        ':' => 4,
        'S' => 5,
        'I' => 6,
        'U' => 7,
        '½' | '¼' | '#' => 8,
        'D' => 9,
        'R' => 10,
        'J' => 11,
        'N' => 12,
        'F' => 13,
        'C' => 14,
        'K' => 15,
        'T' => 16,
        'Z' => 17,
        'L' => 18,
        'W' => 19,
        'H' => 20,
        'Y' => 21,
        'P' => 22,
        'Q' => 23,
        'O' => 24,
        'B' => 25,
        'G' => 26,
        '"' => 27,
        'M' => 28,
        'X' => 29,
        'V' => 30,
        '£' | '$' => 31,
        _ => return None,
    })
}

/// The teleprint character of a 5-bit value (only the low 5 bits are used).
#[inline]
pub fn char_of(v: u32) -> char {
    TELEPRINT[(v & 31) as usize]
}

/// Writes `n` characters of `value`, least significant character first, in the period
/// glyphs (`½`, `£`). A short line is 4 characters, a long line 8, A is 16.
pub fn to_chars(value: u128, n: usize) -> String {
    (0..n).map(|i| char_of((value >> (5 * i)) as u32)).collect()
}

/// As [`to_chars`] but with the ASCII stand-ins `#` and `$`.
pub fn to_chars_ascii(value: u128, n: usize) -> String {
    (0..n)
        .map(|i| TELEPRINT_ASCII[((value >> (5 * i)) & 31) as usize])
        .collect()
}

/// The four characters of a 20-bit short line, e.g. `VETA` for 114 750.
pub fn line_chars(w: u32) -> String {
    to_chars(u128::from(w & MASK20), 4)
}

/// The two characters of a 10-bit address, line character first: `VS` = 190.
pub fn addr_chars(a: u32) -> String {
    to_chars(u128::from(a & 1023), 2)
}

/// Reads a run of teleprint characters, least significant first, as a number.
/// Returns `None` on any character outside the code or on more than 25 characters.
pub fn parse_chars(s: &str) -> Option<u128> {
    let mut v: u128 = 0;
    for (i, c) in s.chars().enumerate() {
        if i >= 25 {
            return None;
        }
        v |= u128::from(char_value(c)?) << (5 * i);
    }
    Some(v)
}

/// Reads exactly four teleprint characters as a 20-bit short line.
pub fn parse_line(s: &str) -> Option<u32> {
    if s.chars().count() != 4 {
        return None;
    }
    parse_chars(s).map(|v| v as u32)
}

/// Reads exactly two teleprint characters as a 10-bit address (0–1023).
pub fn parse_addr(s: &str) -> Option<u32> {
    if s.chars().count() != 2 {
        return None;
    }
    parse_chars(s).map(|v| v as u32)
}

/// The function number f (0–63) of an instruction line: P14–P19.
#[inline]
pub fn function(w: u32) -> u32 {
    (w >> 14) & 63
}

/// The address s (0–1023) of an instruction line: P0–P9.
#[inline]
pub fn address(w: u32) -> u32 {
    w & 1023
}

/// The B-digits b (0–7) of an instruction line: P10–P12.
#[inline]
pub fn b_digits(w: u32) -> u32 {
    (w >> 10) & 7
}

/// The two-character code of function number `f` (0–63): `/x` for even f, `Tx` for odd,
/// with x the teleprint character of f/2 (C50 codes).
pub fn function_code(f: u32) -> String {
    let f = f & 63;
    let first = if f & 1 == 1 { 'T' } else { '/' };
    format!("{first}{}", char_of(f >> 1))
}

/// The function number of a two-character code such as `/E`, `TI`, `T£`, `T#`, or `None`.
/// The first character must be `/` or `T` (B-digits are not part of a function code).
pub fn function_number(code: &str) -> Option<u32> {
    let mut it = code.chars();
    let (a, b) = (it.next()?, it.next()?);
    if it.next().is_some() {
        return None;
    }
    let p14 = match a.to_ascii_uppercase() {
        '/' => 0,
        'T' => 1,
        _ => return None,
    };
    Some(p14 + 2 * u32::from(char_value(b)?))
}

/// Builds an instruction line from its fields: address `s` (10 bits), B-line `b`
/// (3 bits) and function `f` (6 bits). The spare digit P13 is zero.
pub fn instruction(s: u32, b: u32, f: u32) -> u32 {
    (s & 1023) | ((b & 7) << 10) | ((f & 63) << 14)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prinz_worked_examples() {
        // Prinz §2(10)-(13): A=3, B=25, C=14, D=9.
        assert_eq!(parse_chars("AB"), Some(803));
        assert_eq!(parse_chars("ABC"), Some(15_139));
        assert_eq!(parse_chars("ABCD"), Some(310_051));
        // Prinz §2(16)-(20): VS = 30 + 5*32 = 190.
        assert_eq!(parse_addr("VS"), Some(190));
        assert_eq!(addr_chars(190), "VS");
    }

    #[test]
    fn instruction_fields() {
        let w = parse_line("VETA").unwrap();
        assert_eq!(w, 114_750);
        assert_eq!(address(w), 62);
        assert_eq!(b_digits(w), 0);
        assert_eq!(function_code(function(w)), "TA");
        assert_eq!(function_number("TA"), Some(7));
        assert_eq!(function_number("//"), Some(0));
        assert_eq!(function_number("T/"), Some(1));
        assert_eq!(function_number("T$"), Some(63));
        assert_eq!(instruction(62, 0, 7), w);
        // /IUK: function /K on B7 (Prinz §17(13)).
        let w = parse_line("/IUK").unwrap();
        assert_eq!(b_digits(w), 7);
        assert_eq!(function_code(function(w)), "/K");
    }

    #[test]
    fn round_trip_all_lines() {
        for w in (0..=MASK20).step_by(97) {
            assert_eq!(parse_line(&line_chars(w)), Some(w));
        }
    }

    #[test]
    fn stand_ins() {
        assert_eq!(char_value('#'), Some(8));
        assert_eq!(char_value('¼'), Some(8));
        assert_eq!(char_value('$'), Some(31));
        assert_eq!(to_chars_ascii(31 | (8 << 5), 2), "$#");
        assert_eq!(char_value('x'), Some(29));
        assert_eq!(char_value('?'), None);
    }
}
