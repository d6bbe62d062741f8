//! Boot tapes for our initial input routine (`roms/initial.m1`), and the period start.
//!
//! The routine lives on drum track 0, half 0. Started by Prinz's §21 procedure
//! ([`prepare`]: H = `////`, KEC, the tape in the reader; the first prepulse reads the
//! routine into page 0) it reads a tape written by [`boot_tape`] and enters the program
//! at control + 1 with the program's store in place and A, D and the B-lines clear.
//!
//! How the tape gets the whole store in, page 0 included, when the routine itself runs
//! in page 0 and buffers in page 1 (`docs/tapes.md` has the record format):
//!
//! 1. every drum half-track of the image comes as a data record and is written to its
//!    place; every store page that must be loaded (pages 0 and 1 always, others when not
//!    all zero) comes as a data record written to a spare ("scratch") half-track;
//! 2. order records read the scratch copies of pages 1–7 down, except the entry page E
//!    (the page of line `control`, where the first instruction obeyed is control + 1);
//! 3. two small trampoline pages, also on scratch half-tracks, finish the job. The end
//!    record reads trampoline T0 over the routine from the routine's line `final`; the
//!    machine goes on at T0's line final + 1, which jumps to line `control`. If E is 0,
//!    T0's line `control` reads the real page 0 over T0, and the machine goes on at
//!    control + 1 in the real program. Otherwise trampoline TE was read into page E
//!    beforehand: it reads the real page 0, jumps to its line `control`, which reads the
//!    real page E over TE, and the machine goes on at control + 1.
//!
//! The result differs from loading the image directly only outside the store and
//! registers that programs see: the scratch half-tracks hold copies, page markers name
//! the half-tracks last read, the output staticisor holds the last tape character, H is
//! still `////`, and the beats spent reading the tape.

use crate::asm::{assemble_str, NoIncludes};
use crate::machine::code::{instruction, line_chars, Halves, MagneticOrder, Transfer};
use crate::machine::Machine;
use crate::machine::{HalfTrack, Image};

/// The source of the initial input routine.
pub const ROM_SOURCE: &str = include_str!("../../roms/initial.m1");

/// Kinds of record (the second short line of a record's command).
const KIND_DATA: u32 = 0;
const KIND_ORDER: u32 = 1 << 18;
const KIND_END: u32 = 1 << 19;

/// Why an image cannot be written as a boot tape.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BootError {
    /// Not enough half-tracks free of the image's own to hold the scratch copies.
    #[error(
        "the image leaves too few drum half-tracks free for the loader's copies ({needed} needed)"
    )]
    NoScratch {
        /// Half-tracks needed.
        needed: usize,
    },
    /// Control must name a line of the fitted store.
    #[error("control {control} is outside the fitted store: the first instruction must be in lines 1-511")]
    BadControl {
        /// The control setting.
        control: u32,
    },
}

/// The assembled initial input routine: its half-track (track 0, half 0) and the line
/// of its last order, `final`.
pub fn rom() -> (HalfTrack, u32) {
    let a = assemble_str("roms/initial.m1", ROM_SOURCE, &NoIncludes)
        .expect("roms/initial.m1 assembles (checked by the tests)");
    let ht = a.image.drum[&(0, 0)];
    let fin = a.symbols["final"].value as u32;
    (ht, fin)
}

/// An image holding only the initial input routine on track 0, half 0, with H = `////`.
pub fn rom_image() -> Image {
    let mut img = Image::default();
    img.drum.insert((0, 0), rom().0);
    img
}

/// Sets a machine up to boot the period way: the routine on track 0 half 0, H = `////`,
/// KEC, and `tape` in the reader. Running it then reads the tape and enters the program.
pub fn prepare(m: &mut Machine, tape: &[u8]) {
    let (ht, _) = rom();
    m.drum.set_half_track(0, 0, &ht);
    m.set_hand_switches(0);
    m.kec();
    m.load_tape(tape);
}

/// Lines 0-63 not in `used`.
fn free(used: &[u32]) -> std::vec::IntoIter<u32> {
    (0..64u32)
        .filter(|l| !used.contains(l))
        .collect::<Vec<_>>()
        .into_iter()
}

/// Magnetic instruction: read (`write` false) or write a single half-track to/from `page`.
fn mag(write: bool, t: u8, h: u8, page: u32) -> u32 {
    MagneticOrder {
        track: t,
        halves: Halves::Half(h),
        transfer: if write {
            Transfer::Write
        } else {
            Transfer::Read
        },
        page: page as u8,
    }
    .encode()
}

fn chars(rows: &mut Vec<u8>, w: u32) {
    for i in 0..4 {
        rows.push(((w >> (5 * i)) & 31) as u8);
    }
}

fn record(rows: &mut Vec<u8>, order: u32, kind: u32, data: Option<&HalfTrack>) {
    chars(rows, order);
    chars(rows, kind);
    if let Some(d) = data {
        for &w in d {
            chars(rows, w);
        }
    }
}

/// The trampolines that end a boot: T0 (page 0 lines), read over the routine last, and,
/// when control is not in page 0, TE (page E lines, E the entry page), which brings the
/// real pages 0 and E down and jumps to `control`. `k1` is the line after the routine's
/// final line; `s0` and `se` the scratch half-tracks holding pages 0 and E.
fn trampolines(control: u32, k1: u32, s0: (u8, u8), se: (u8, u8)) -> (HalfTrack, HalfTrack) {
    let entry = control >> 6;
    let c0 = control & 63;
    let mut t0: HalfTrack = [0; 64];
    let mut te: HalfTrack = [0; 64];
    let (s0t, s0h) = s0;
    if entry == 0 {
        if c0 == k1 {
            let s = free(&[k1]).next().unwrap_or(0);
            t0[k1 as usize] = instruction(s, 0, 8);
            t0[s as usize] = mag(false, s0t, s0h, 0);
        } else {
            let mut f = free(&[k1, c0]);
            let (s, j) = (f.next().unwrap_or(0), f.next().unwrap_or(0));
            t0[k1 as usize] = instruction(j, 0, 44);
            t0[j as usize] = (control + 1023) & 1023;
            t0[c0 as usize] = instruction(s, 0, 8);
            t0[s as usize] = mag(false, s0t, s0h, 0);
        }
    } else {
        let base = 64 * entry;
        // In TE: x: read real page 0; x+1: jump to control - 1; c0: read real page E.
        let x = (0..63u32).find(|&x| x != c0 && x + 1 != c0).unwrap_or(0);
        let mut f = free(&[x, x + 1, c0]);
        let (ls0, lse, j2) = (
            f.next().unwrap_or(0),
            f.next().unwrap_or(0),
            f.next().unwrap_or(0),
        );
        let (set, seh) = se;
        te[x as usize] = instruction(base + ls0, 0, 8);
        te[x as usize + 1] = instruction(base + j2, 0, 44);
        te[j2 as usize] = (control + 1023) & 1023;
        te[c0 as usize] = instruction(base + lse, 0, 8);
        te[ls0 as usize] = mag(false, s0t, s0h, 0);
        te[lse as usize] = mag(false, set, seh, entry);
        // In T0: final+1: jump to TE's line x.
        let j1 = free(&[k1]).next().unwrap_or(0);
        t0[k1 as usize] = instruction(j1, 0, 44);
        t0[j1 as usize] = (base + x + 1023) & 1023;
    }
    (t0, te)
}

/// Writes `img` as a boot tape (rows 0–31) for the routine in `roms/`.
///
/// # Errors
/// [`BootError`] if control is outside the store or the drum has too few free
/// half-tracks for the loader's copies.
pub fn boot_tape(img: &Image) -> Result<Vec<u8>, BootError> {
    let control = img.control & 1023;
    if control >= 511 {
        return Err(BootError::BadControl { control });
    }
    let (_, fin) = rom();
    let entry = control >> 6;
    let page = |p: u32| -> HalfTrack {
        let mut ht = [0; 64];
        ht.copy_from_slice(&img.store[64 * p as usize..64 * p as usize + 64]);
        ht
    };
    // Pages to carry: 0 and 1 always (the loader uses them), others if not all zero.
    let pages: Vec<u32> = (0..8)
        .filter(|&p| p < 2 || page(p).iter().any(|&w| w != 0))
        .collect();
    let needed = pages.len() + 1 + usize::from(entry != 0);
    let scratch: Vec<(u8, u8)> = (1..=255u8)
        .rev()
        .flat_map(|t| [(t, 0u8), (t, 1u8)])
        .filter(|th| !img.drum.contains_key(th))
        .take(needed)
        .collect();
    if scratch.len() < needed {
        return Err(BootError::NoScratch { needed });
    }
    let scratch_of = |p: u32| scratch[pages.iter().position(|&q| q == p).unwrap_or(0)];
    let t0_at = scratch[pages.len()];
    let te_at = scratch.get(pages.len() + 1).copied();

    let (t0, te) = trampolines(control, fin + 1, scratch_of(0), scratch_of(entry));

    let mut rows = Vec::new();
    // 1. Data records: the image's half-tracks, the pages, the trampolines.
    for (&(t, h), ht) in &img.drum {
        record(&mut rows, mag(true, t, h, 1), KIND_DATA, Some(ht));
    }
    for &p in &pages {
        let (t, h) = scratch_of(p);
        record(&mut rows, mag(true, t, h, 1), KIND_DATA, Some(&page(p)));
    }
    record(
        &mut rows,
        mag(true, t0_at.0, t0_at.1, 1),
        KIND_DATA,
        Some(&t0),
    );
    if let Some((t, h)) = te_at {
        record(&mut rows, mag(true, t, h, 1), KIND_DATA, Some(&te));
    }
    // 2. Orders: pages 1-7 down, except the entry page, which gets TE.
    for &p in pages.iter().filter(|&&p| p != 0 && p != entry) {
        let (t, h) = scratch_of(p);
        record(&mut rows, mag(false, t, h, p), KIND_ORDER, None);
    }
    if let Some((t, h)) = te_at {
        record(&mut rows, mag(false, t, h, entry), KIND_ORDER, None);
    }
    // 3. The end: T0 over the routine.
    record(&mut rows, mag(false, t0_at.0, t0_at.1, 0), KIND_END, None);
    Ok(rows)
}

/// The record structure of a boot tape in words, for `docs/tapes.md` and debugging.
pub fn describe(rows: &[u8]) -> String {
    let mut s = String::new();
    let mut i = 0;
    let word = |i: usize| -> u32 {
        (0..4).fold(0, |w, k| {
            w | (u32::from(*rows.get(i + k).unwrap_or(&0)) << (5 * k))
        })
    };
    while i + 8 <= rows.len() {
        let (order, kind) = (word(i), word(i + 4));
        i += 8;
        let what = match kind {
            KIND_DATA => {
                i += 256;
                "data, then"
            }
            KIND_ORDER => "order",
            KIND_END => "end:",
            _ => "?",
        };
        s.push_str(&format!(
            "{} {}  {what} {}\n",
            line_chars(order),
            line_chars(kind),
            crate::asm::disasm::mag_text(order)
        ));
    }
    s
}
