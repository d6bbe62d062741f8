//! The Ferranti Mark 1: store, drum, order code, beat timing, console and peripherals.

pub mod code;
