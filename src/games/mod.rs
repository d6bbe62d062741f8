//! Drivers that run the period game programs on the emulated machine, acting as the
//! operator did (tapes, switches, KEC, reading the teleprinter and the monitor).
//!
//! One folder a program: [`prinz`] (Prinz's mate-in-two, 1951) and [`draughts`]
//! (Strachey's draughts, 1952); [`bundled`] assembles a bundled program once and looks
//! its labels up by name.

pub mod bridgit;
pub mod bundled;
pub mod draughts;
pub mod guessit;
pub mod knights;
pub mod matches;
pub mod menace;
pub mod nim;
pub mod noughts;
pub mod prinz;
pub mod strachey1952;
pub mod turochamp;
