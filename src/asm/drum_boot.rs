//! A program as a bootable drum (SimH `.drm`), so that it starts the period way with no
//! tape: H = `////`, KEC, run (Prinz §21). Line 1 of the cleared store is `////`, which
//! reads track 0, half 0, into page 0, and the machine goes on at line 2.
//!
//! Track 0, half 0 holds a loader page made here:
//!
//! * from line 2: one `/:` per non-empty store page 1–7, each reading that page from its
//!   spare track, then a `/P` to line C (the image's control);
//! * at line C: a `/:` that reads the program's own page 0 over the loader. The next
//!   prepulse obeys line C + 1 of the program: its start.
//!
//! Page p of the program is kept on track 255 − p, half 0. The image's own drum
//! half-tracks are copied as they are. Markers: page p's marker names its spare track.

use crate::machine::code::{instruction, Halves, MagneticOrder, Transfer};
use crate::machine::{HalfTrack, Image};
use std::collections::BTreeMap;

/// Why an image cannot be written as a bootable drum.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DrumBootError {
    /// The program must start in page 0, at lines 1–63 but not line 3.
    #[error("a bootable drum needs the program to start in page 0, at lines 1-63 but not line 3 (control {control} given: the start is line {})", (control + 1) & 1023)]
    Start {
        /// The image's control.
        control: u32,
    },
    /// The program keeps something on track 0 or on a spare track the loader needs.
    #[error("track {track} half {half} is used by the program, but the boot loader needs it")]
    TrackInUse {
        /// Track.
        track: u8,
        /// Half.
        half: u8,
    },
}

/// The spare track that holds store page `p`.
pub fn page_track(p: u32) -> u8 {
    (255 - p) as u8
}

/// Builds the drum half-tracks of a bootable drum for `img`: the image's own half-tracks,
/// the store pages on their spare tracks, and the loader on track 0, half 0.
///
/// # Errors
/// [`DrumBootError`] if the start is not in page 0 at lines 1–63 (line 3 is excluded:
/// its control, line 2, is the loader's first order), or if the image uses track 0 half 0
/// or a spare track.
pub fn bootable_drum(img: &Image) -> Result<BTreeMap<(u8, u8), HalfTrack>, DrumBootError> {
    let c = img.control & 1023;
    // The loader's first order is line 2, where the machine goes on after the boot.
    if c > 62 || c == 2 {
        return Err(DrumBootError::Start { control: c });
    }
    let mut drum = img.drum.clone();
    let pages: Vec<u32> = (0..8)
        .filter(|&p| {
            img.store[p as usize * 64..p as usize * 64 + 64]
                .iter()
                .any(|&w| w != 0)
        })
        .collect();
    for (t, h) in std::iter::once((0u8, 0u8)).chain(pages.iter().map(|&p| (page_track(p), 0))) {
        if drum.contains_key(&(t, h)) {
            return Err(DrumBootError::TrackInUse { track: t, half: h });
        }
    }
    for &p in &pages {
        let mut ht = [0u32; 64];
        ht.copy_from_slice(&img.store[p as usize * 64..p as usize * 64 + 64]);
        drum.insert((page_track(p), 0), ht);
    }
    // The loader page. Orders go from line 2 (or from line 40, entered by a jump from
    // line 2, if line C falls among them); at most 11 constants from line 50 (or from
    // line 20 if line C falls there).
    let read = |p: u32| {
        MagneticOrder {
            track: page_track(p),
            halves: Halves::Half(0),
            transfer: Transfer::Read,
            page: p as u8,
        }
        .encode()
    };
    let base = if (50..61).contains(&c) { 20 } else { 50 };
    let mut loader = [0u32; 64];
    let mut orders: Vec<u32> = Vec::new();
    let mut consts: Vec<u32> = Vec::new();
    let konst = |v: u32, consts: &mut Vec<u32>| {
        consts.push(v);
        base + consts.len() as u32 - 1
    };
    for &p in pages.iter().filter(|&&p| p != 0) {
        let k = konst(read(p), &mut consts);
        orders.push(instruction(k, 0, 8));
    }
    let k = konst(c.wrapping_sub(1) & 1023, &mut consts);
    orders.push(instruction(k, 0, 44));
    let first = if (2..2 + orders.len() as u32).contains(&c) {
        40
    } else {
        2
    };
    if first != 2 {
        let k = konst(first - 1, &mut consts);
        loader[2] = instruction(k, 0, 44);
    }
    let k0 = konst(read(0), &mut consts);
    for (i, &o) in orders.iter().enumerate() {
        loader[first as usize + i] = o;
    }
    for (i, &v) in consts.iter().enumerate() {
        loader[base as usize + i] = v;
    }
    // A program with an empty page 0 still needs the final read: it clears the loader.
    loader[c as usize] = instruction(k0, 0, 8);
    if !pages.contains(&0) {
        drum.insert((page_track(0), 0), [0; 64]);
    }
    drum.insert((0, 0), loader);
    Ok(drum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::{Budget, Config, Machine, Stop};

    fn boot(img: &Image) -> Machine {
        let drum = bootable_drum(img).unwrap();
        let mut m = Machine::new(Config::default());
        for (&(t, h), ht) in &drum {
            m.drum.set_half_track(u32::from(t), u32::from(h), ht);
        }
        m.set_hand_switches(0);
        m.kec();
        m
    }

    /// A program in pages 0 and 1 that adds two numbers and stops, started at `start`.
    fn program(start: u32) -> Image {
        let mut img = Image::default();
        img.store[start as usize] = instruction(64, 0, 1); // T/ 64
        img.store[start as usize + 1] = instruction(66, 0, 13); // TI 66
        img.store[start as usize + 2] = instruction(68, 0, 7); // TA 68
        img.store[start as usize + 3] = instruction(70, 0, 46); // /Q 70: loop stop
        img.store[64] = 5;
        img.store[66] = 37;
        img.store[70] = 1023;
        img.control = start - 1;
        img
    }

    #[test]
    fn boots_and_runs_from_various_starts() {
        for start in [1, 2, 4, 5, 12, 21, 41, 51, 52, 60] {
            let img = program(start);
            let mut m = boot(&img);
            let stop = m.run(Budget::beats(100_000));
            assert_eq!(stop, Stop::DynamicStop { line: start + 3 }, "start {start}");
            assert_eq!(m.store.read(68), 42, "start {start}");
            // The store ends as the image had it, but for the sum.
            let mut want = img.store.clone();
            want[68] = 42;
            assert_eq!(m.store.lines(), &want[..], "start {start}");
        }
    }

    #[test]
    fn refuses_what_it_cannot_boot() {
        let mut img = program(10);
        img.control = 2;
        assert_eq!(
            bootable_drum(&img),
            Err(DrumBootError::Start { control: 2 })
        );
        img.control = 100;
        assert!(bootable_drum(&img).is_err());
        let mut img = program(10);
        img.drum.insert((255, 0), [0; 64]);
        assert_eq!(
            bootable_drum(&img),
            Err(DrumBootError::TrackInUse {
                track: 255,
                half: 0
            })
        );
    }
}
