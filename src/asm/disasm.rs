//! The disassembler: an image printed as assembler source in period notation, each
//! line annotated with its function code, address, B-line and a short meaning.
//!
//! The output of [`Selection::All`] reassembles to the same image.

use crate::formats::image::{HalfTrack, Image};
use crate::machine::code::{
    addr_chars, address, b_digits, function, function_code, line_chars, MASK20,
};
use std::fmt::Write as _;

/// Which part of an image to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    /// Hand switches, control, the non-zero store lines and every drum half-track listed
    /// (non-zero lines); reassembles to the same image.
    All,
    /// All 64 lines of one store page (0–7).
    Page(u8),
    /// All lines of both halves of one drum track, where the image holds them.
    Track(u8),
}

/// Short meanings of the 64 function numbers (reference §7.9).
const MEANING: [&str; 64] = [
    "H as magnetic instruction", // 0 //
    "A = S+",                    // T/
    "S' = M",                    // /E
    "unassigned",                // TE
    "M += msb position of S",    // /@
    "A0 = marker or s-1",        // T@
    "S' = M, M = 0",             // /A
    "S' = L, A = 0",             // TA
    "s as magnetic instruction", // /:
    "A = 0",                     // T:
    "S' = L",                    // /S
    "dummy",                     // TS
    "swap L and M",              // /I
    "A += S+",                   // TI
    "S' = L, L = M, M = 0",      // /U
    "unassigned",                // TU
    "A -= D*S+",                 // /½
    "A = S+-",                   // T½
    "A -= D*S+-",                // /D
    "A |= S+-",                  // TD
    "M += ones in S",            // /R
    "A &= S+-",                  // TR
    "M += S",                    // /J
    "A ^= S+-",                  // TJ
    "A += D*S+",                 // /N
    "A -= S+-",                  // TN
    "A += D*S+-",                // /F
    "A = -S+-",                  // TF
    "D = S+",                    // /C
    "A += S+-",                  // TC
    "D = S+-",                   // /K
    "A = 2*S+-",                 // TK
    "jump via s if B >= 0",      // /T
    "B = s",                     // TT
    "s' = H",                    // /Z
    "s' = B",                    // TZ
    "dummy stop /L",             // /L
    "B -= s",                    // TL
    "random to A0",              // /W
    "unassigned",                // TW
    "jump via s if A >= 0",      // /H
    "dummy",                     // TH
    "unknown (/Y)",              // /Y
    "unassigned",                // TY
    "jump via s",                // /P
    "unassigned",                // TP
    "relative jump via s",       // /Q
    "unassigned",                // TQ
    "rel. jump via s if B >= 0", // /O
    "B = s (not B-modified)",    // TO
    "unknown (/B)",              // /B
    "s' = B (not B-modified)",   // TB
    "dummy stop /G",             // /G
    "B -= s (not B-modified)",   // TG
    "unknown (/\")",             // /"
    "unassigned",                // T"
    "rel. jump via s if A >= 0", // /M
    "unassigned",                // TM
    "unknown (/X)",              // /X
    "dummy",                     // TX
    "hoot",                      // /V
    "dummy",                     // TV
    "unknown (/£)",              // /£
    "dummy",                     // T£
];

/// One line: address, content, then the decoding as a comment.
fn line(s: &mut String, addr: u32, w: u32) {
    let w = w & MASK20;
    let f = function(w);
    let b = b_digits(w);
    let spare = (w >> 13) & 1;
    let mut dec = format!("{} {}", function_code(f), addr_chars(address(w)));
    if b != 0 {
        let _ = write!(dec, ", b{b}");
    }
    let _ = write!(dec, "  {}", MEANING[f as usize]);
    if spare != 0 {
        dec.push_str(" (P13 set)");
    }
    let c3 = (w >> 10) & 31;
    if f == 0 {
        let _ = write!(dec, " | as magnetic: {}", mag_text(w));
    } else if f == 1 && address(w) == 0 && c3 >= 16 {
        let io = match c3 {
            16 => "output (T)",
            17 => "space (Z)",
            18 => "carriage return (L)",
            19 => "line feed (W)",
            20 => "figure shift (H)",
            21 => "letter shift (Y)",
            24 => "input (O)",
            25 => "check (B)",
            _ => "dummy",
        };
        let _ = write!(dec, " | as I/O: {io}");
    }
    let _ = writeln!(s, "{}  {}   ; {dec}", addr_chars(addr), line_chars(w));
}

/// A magnetic instruction in words: `read track 5 half 1 -> page 2`.
pub(crate) fn mag_text(w: u32) -> String {
    let t = w & 255;
    let c3 = (w >> 10) & 15;
    let page = ((w >> 15) & 31) / 2;
    let op = match (c3 & 8 != 0, c3 & 4 != 0) {
        (false, false) => "read",
        (true, false) => "write",
        (false, true) => "readcheck",
        (true, true) => "writecheck",
    };
    let what = match c3 & 3 {
        0 => format!("track {t} half 0"),
        1 => format!("track {t} half 1"),
        2 => format!("track {t} double"),
        _ => format!("track {t} crossed"),
    };
    format!("{op} {what}, page {page}")
}

fn half(s: &mut String, t: u8, h: u8, ht: &HalfTrack, all: bool) {
    let _ = writeln!(s, ".track {t}, {h}");
    for (l, &w) in ht.iter().enumerate() {
        if all || w & MASK20 != 0 {
            line(s, l as u32, w);
        }
    }
}

/// Prints (part of) an image as assembler source in period notation.
pub fn disasm(img: &Image, sel: Selection) -> String {
    let mut s = String::new();
    match sel {
        Selection::All => {
            let _ = writeln!(s, "; mark1 disasm: whole image");
            let _ = writeln!(s, ".hand {}", line_chars(img.hand_switches));
            let _ = writeln!(s, ".control {}", line_chars(img.control));
            for (a, &w) in img.store.iter().enumerate() {
                if w & MASK20 != 0 {
                    line(&mut s, a as u32, w);
                }
            }
            for (&(t, h), ht) in &img.drum {
                half(&mut s, t, h, ht, false);
            }
        }
        Selection::Page(p) => {
            let _ = writeln!(s, "; mark1 disasm: store page {p}");
            let p = u32::from(p & 7);
            for a in 64 * p..64 * p + 64 {
                line(&mut s, a, img.store.get(a as usize).copied().unwrap_or(0));
            }
        }
        Selection::Track(t) => {
            let _ = writeln!(s, "; mark1 disasm: drum track {t}");
            for h in 0..2 {
                match img.drum.get(&(t, h)) {
                    Some(ht) => half(&mut s, t, h, ht, true),
                    None => {
                        let _ = writeln!(s, "; half-track {t}.{h} is not in the image");
                    }
                }
            }
        }
    }
    s
}
