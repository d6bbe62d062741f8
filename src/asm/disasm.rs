//! The disassembler: an image printed as assembler source in period notation, each
//! line annotated with its function code, address, B-line and a short meaning.
//!
//! The output of [`Selection::All`] reassembles to the same image.

use crate::machine::code::{addr_chars, describe, line_chars, MagneticOrder, IO_BIT, MASK20};
use crate::machine::{HalfTrack, Image};
use std::fmt::Write as _;

/// Which part of an image to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    /// Hand switches, control, the non-zero store lines and every drum half-track listed
    /// (non-zero lines); reassembles to the same image.
    All,
    /// All 64 lines of one store page (0–7); a run of two or more zero lines is one
    /// comment line.
    Page(u8),
    /// All lines of both halves of one drum track, where the image holds them; zero
    /// runs as for [`Selection::Page`].
    Track(u8),
}

/// One line: address, content, then the decoding ([`describe`]) as a comment.
fn line(s: &mut String, addr: u32, w: u32) {
    let w = w & MASK20;
    let _ = writeln!(
        s,
        "{}  {}   ; {}",
        addr_chars(addr),
        line_chars(w),
        describe(w)
    );
}

/// A magnetic instruction in words: `read track 5 half 1, page 2` (I/O lines, P14 set,
/// are read as the magnetic instruction they would be without it).
pub(crate) fn mag_text(w: u32) -> String {
    MagneticOrder::decode(w & !IO_BIT)
        .map(|m| m.to_string())
        .unwrap_or_default()
}

/// The lines `words`, line i at address `base + i`, a run of two or more zero lines
/// written as one comment (`; ME-£E zero, 5 lines`) unless `all` is set.
fn lines(s: &mut String, base: u32, words: &[u32], all: bool) {
    let mut i = 0;
    while i < words.len() {
        let run = words[i..].iter().take_while(|&&w| w & MASK20 == 0).count();
        if run >= 2 && !all {
            let (first, last) = (base + i as u32, base + (i + run - 1) as u32);
            let _ = writeln!(
                s,
                "; {}-{} zero, {run} lines",
                addr_chars(first),
                addr_chars(last)
            );
            i += run;
        } else {
            line(s, base + i as u32, words[i]);
            i += 1;
        }
    }
}

fn half(s: &mut String, t: u8, h: u8, ht: &HalfTrack, listed: bool) {
    let _ = writeln!(s, ".track {t}, {h}");
    if listed {
        // A whole half-track, zero runs collapsed.
        lines(s, 0, ht, false);
    } else {
        for (l, &w) in ht.iter().enumerate() {
            if w & MASK20 != 0 {
                line(s, l as u32, w);
            }
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
            let mut words = [0u32; 64];
            for (a, w) in (64 * p..).zip(words.iter_mut()) {
                *w = img.store.get(a as usize).copied().unwrap_or(0);
            }
            lines(&mut s, 64 * p, &words, false);
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
