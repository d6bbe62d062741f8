//! Beat timing. One beat is 240 µs (Prinz §4(10); 24 digit periods of the 100 kc/s
//! master clock). Where the sources disagree, a [`Timing`] profile chooses; the
//! profiles and their sources are listed in docs/timing.md.

use super::code::ORDERS;
use serde::Serialize;

/// Microseconds per beat.
pub const BEAT_MICROSECONDS: f64 = 240.0;

/// Converts beats to simulated seconds (1 beat = 240 µs).
pub fn beats_to_seconds(beats: u64) -> f64 {
    beats as f64 * BEAT_MICROSECONDS * 1e-6
}

/// A timing profile: base beats for every function number plus the costs of magnetic
/// transfers, input/output orders and the devices.
#[derive(Clone, Debug, Serialize)]
pub struct Timing {
    /// Profile name (`prinz`, `brooker`, `turing`, `simh`).
    pub name: &'static str,
    /// Base beats of each function number 0–63. For `//` and `/:` this is the cost of
    /// the order itself; the transfer or I/O cost below is added.
    #[serde(skip)]
    pub beats: [u32; 64],
    /// Added for a magnetic read or check (whole order, one page or two).
    pub drum_read: u32,
    /// Added for a magnetic write.
    pub drum_write: u32,
    /// Added for an output order (T, Z, L, W, H, Y).
    pub io_output: u32,
    /// Added for an input order (O).
    pub io_input: u32,
    /// Added for the check order B.
    pub io_check: u32,
    /// Added for an I/O dummy (P, Q, G, ", M, X, V, £).
    pub io_dummy: u32,
    /// Whether output orders wait for a busy printer or punch, and whether space, CR
    /// and LF hold up computation while they are carried out (Prinz §26(37)).
    pub device_waits: bool,
    /// Beats the printer takes for one character or function.
    pub printer_char: u32,
    /// Beats the punch takes for one character.
    pub punch_char: u32,
    /// Beats the tape reader takes to deliver one character.
    pub reader_char: u32,
}

impl Timing {
    /// Prinz's *Introduction to Programming* (1951): 4 beats short-line, 5 long-line,
    /// 9 multiply, 24 random (§9(13)–(14), §12(11), §19(16)); `/@` and `/R` 5 (§19(14));
    /// T@ 5 (not stated; taken with its group e); magnetic read or check 138 beats
    /// (33.12 ms), write 258 (61.92 ms) for the whole order (§23(27)); printer 6⅔ ch/s
    /// (625 beats), punch 15 ch/s (278 beats), reader 200 ch/s (21 beats) (§26(36)).
    pub fn prinz() -> Timing {
        // The beat class of each row of the order table; `//` and `/:` cost 0 here, the
        // transfer time being the whole order.
        let beats = ORDERS.map(|o| o.beats.prinz_beats());
        Timing {
            name: "prinz",
            beats,
            drum_read: 138,
            drum_write: 258,
            io_output: 4,
            io_input: 4,
            io_check: 4,
            io_dummy: 4,
            device_waits: true,
            printer_char: 625,
            punch_char: 278,
            reader_char: 21,
        }
    }

    /// Prinz's figures with Brooker 1956's drum and device times: read or check 40 ms
    /// (167 beats), write 90 ms (375 beats), printer 6 ch/s (694 beats), punch 16 ch/s
    /// (260 beats).
    pub fn brooker() -> Timing {
        Timing {
            name: "brooker",
            drum_read: 167,
            drum_write: 375,
            printer_char: 694,
            punch_char: 260,
            ..Timing::prinz()
        }
    }

    /// Prinz's figures with Turing's handbook (1st ed., Fig. E) where it differs:
    /// `/@` takes 24 beats and `/R` 7.
    pub fn turing() -> Timing {
        let mut t = Timing::prinz();
        t.name = "turing";
        t.beats[4] = 24;
        t.beats[20] = 7;
        t
    }

    /// The costs SimH's Ferranti Mark I charges, for comparing beat counts with the
    /// period-software runs (period-software README §2, mark1-reference §7, §16, and
    /// SimH's order table): stores from A, `T:`, `/I`, the loads `T/ T½ TF /C /K` and `T@`
    /// 4 beats, TL/TG 5, `//` 10 before its transfer, drum read or check 145 and write 375,
    /// output orders 62, input 28, check 5, I/O dummies 4, no device waits. With these the
    /// beat counts equal SimH's at every stop of the period-software runs.
    pub fn simh() -> Timing {
        let mut t = Timing::prinz();
        t.name = "simh";
        for f in [9, 10, 7, 6, 14, 12, 1, 17, 27, 28, 30, 5] {
            t.beats[f] = 4;
        }
        t.beats[37] = 5;
        t.beats[53] = 5;
        t.beats[0] = 10;
        t.beats[8] = 4;
        t.drum_read = 145;
        t.drum_write = 375;
        t.io_output = 62;
        t.io_input = 28;
        t.io_check = 5;
        t.io_dummy = 4;
        t.device_waits = false;
        t
    }
}

impl Default for Timing {
    fn default() -> Self {
        Timing::prinz()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prinz_beats_as_before_the_order_table() {
        // The lists Timing::prinz was built from before the beats moved into ORDERS.
        let mut old = [4u32; 64];
        for f in [
            1, 17, 27, 31, 9, 13, 29, 25, 22, 10, 2, 7, 6, 14, 12, 28, 30, 21, 19, 23, 4, 20, 5,
        ] {
            old[f] = 5;
        }
        for f in [16, 18, 24, 26] {
            old[f] = 9;
        }
        old[38] = 24;
        old[0] = 0;
        old[8] = 0;
        assert_eq!(Timing::prinz().beats, old);
        assert!((beats_to_seconds(4_166) - 0.999_84).abs() < 1e-9);
    }
}
