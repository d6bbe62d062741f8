//! The magnetic drum ("wheel"): 256 tracks × 2 half-tracks × 64 lines of 20 bits
//! (Prinz §1(10)–(17); Turing H1 node5).
//!
//! Words are laid out as in SimH's `.drm` files: track t, half h, line i at index
//! `128·t + 64·h + i`. Each half-track also has a fixed marker ("65th") line: the
//! magnetic instruction that brings it down to page 4 — track in characters 1–2, `/` or
//! `E` for the half in character 3, `½` in character 4 (Prinz §24). A read copies it
//! into the page's marker line.

use super::code::{MagneticOrder, MASK20};

/// Number of tracks.
pub const TRACKS: usize = 256;
/// Words per track (two half-tracks of 64 lines).
pub const WORDS_PER_TRACK: usize = 128;

/// The drum. `dirty` records whether anything has been written since it was loaded.
#[derive(Clone)]
pub struct Drum {
    words: Vec<u32>,
    /// Set by every magnetic write; cleared by [`Drum::mark_clean`].
    pub dirty: bool,
}

impl Default for Drum {
    fn default() -> Self {
        Drum {
            words: vec![0; TRACKS * WORDS_PER_TRACK],
            dirty: false,
        }
    }
}

impl std::fmt::Debug for Drum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.words.iter().filter(|&&w| w != 0).count();
        write!(f, "Drum {{ {used} non-zero lines, dirty: {} }}", self.dirty)
    }
}

/// The marker line of half-track (`track` mod 256, `half` 0|1): "bring this half-track
/// down to page 4" (Prinz §24), the encoding of [`MagneticOrder::marker`].
pub fn marker_of(track: u32, half: u32) -> u32 {
    MagneticOrder::marker(track as u8, (half & 1) as u8).encode()
}

impl Drum {
    /// The 64 lines of half-track (`track` mod 256, `half` 0|1).
    pub fn half_track(&self, track: u32, half: u32) -> &[u32; 64] {
        &self.words.as_chunks::<64>().0[Self::key(track, half)]
    }

    /// Overwrites a half-track; marks the drum dirty.
    pub fn set_half_track(&mut self, track: u32, half: u32, lines: &[u32; 64]) {
        let o = Self::offset(track, half);
        for (d, s) in self.words[o..o + 64].iter_mut().zip(lines) {
            *d = s & MASK20;
        }
        self.dirty = true;
    }

    /// Overwrites a half-track with 64 lines already held to 20 bits (a page of the
    /// store); marks the drum dirty.
    pub(super) fn set_half_track_from(&mut self, track: u32, half: u32, lines: &[u32; 64]) {
        self.words.as_chunks_mut::<64>().0[Self::key(track, half)] = *lines;
        self.dirty = true;
    }

    /// All 32 768 words in track order (the `.drm` layout).
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// Replaces the whole drum from 32 768 words (upper 12 bits dropped).
    ///
    /// # Panics
    /// Never; a slice of the wrong length is truncated or zero-filled.
    pub fn load_words(&mut self, words: &[u32]) {
        self.words.fill(0);
        for (d, s) in self.words.iter_mut().zip(words) {
            *d = s & MASK20;
        }
        self.dirty = false;
    }

    /// Declares the current contents saved.
    pub fn mark_clean(&mut self) {
        self.dirty = false;
    }

    /// The number of half-track (`track` mod 256, `half` 0|1) in track order, 0–511:
    /// track × 2 + half.
    #[inline]
    pub(super) fn key(track: u32, half: u32) -> usize {
        ((track & 255) as usize) * 2 + (half & 1) as usize
    }

    #[inline]
    fn offset(track: u32, half: u32) -> usize {
        Self::key(track, half) * (WORDS_PER_TRACK / 2)
    }
}
