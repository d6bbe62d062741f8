//! The machine image: the contents a program starts from, what the assembler produces
//! and [`super::Machine::load_image`] loads. Its text file (`.m1i`) is read and written
//! by the file formats module (`formats::image`), which sits above the machine.
//!
//! An image holds the electronic store (512 short lines of 20 bits), any drum
//! half-tracks the program keeps on the wheel (64 lines of 20 bits each), the hand
//! switch setting H (20 bits) and the value of control C before the first prepulse
//! (the first instruction obeyed is at C + 1, Prinz §7(7)).

use super::store;
use std::collections::BTreeMap;

/// A drum half-track: 64 lines of 20 bits (Prinz §1(11)).
pub type HalfTrack = [u32; 64];

/// A loadable machine image. Words are 20-bit values in `u32` (upper bits zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Electronic store, addresses 0–511.
    pub store: Vec<u32>,
    /// Drum half-tracks keyed by (track 0–255, half 0–1).
    pub drum: BTreeMap<(u8, u8), HalfTrack>,
    /// Hand switches H (20 bits).
    pub hand_switches: u32,
    /// Control C before the first prepulse; execution begins at line C + 1.
    pub control: u32,
}

impl Default for Image {
    fn default() -> Self {
        Image {
            store: vec![0; store::LINES],
            drum: BTreeMap::new(),
            hand_switches: 0,
            control: 0,
        }
    }
}
