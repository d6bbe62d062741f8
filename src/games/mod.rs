//! Drivers that run the period game programs on the emulated machine, acting as the
//! operator did (tapes, switches, KEC, reading the teleprinter and the monitor).
//!
//! One folder a program: [`prinz`] (Prinz's mate-in-two, 1951) and [`draughts`]
//! (Strachey's draughts, 1952); [`bundled`] assembles a bundled program once and looks
//! its labels up by name.

pub mod bundled;
pub mod draughts;
pub mod prinz;

/// Beats a KAC press is held by a driver (the console's default, about 0.2 s): the one
/// place the games take it from the console.
pub(crate) const KAC_BEATS: u64 = crate::console::KAC_DEFAULT_BEATS;
