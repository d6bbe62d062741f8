//! Drivers that run the period game programs on the emulated machine, acting as the
//! operator did (tapes, switches, KEC, reading the teleprinter and the monitor).

pub mod draughts;
pub mod prinz;
