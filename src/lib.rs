//! mark1: a beat-accurate emulator of the Ferranti Mark 1 (Manchester, 1951), with an
//! assembler, native reference engines for chess and draughts, and drivers that run
//! Prinz's mate-in-two solver (1951) and Strachey's draughts player (1952) on the
//! emulated machine.
//!
//! Layout: [`machine`] is the computer and its peripherals and knows nothing of games or
//! terminals; [`formats`] reads and writes images, tapes and drum files; [`asm`] is the
//! assembler; [`console`] is the operator's command language; [`mod@reference`] holds the
//! native engines; [`tui`] and [`render`] are the debugger's screen, the tube picture and
//! the hoot sound.

#![warn(missing_docs)]

pub mod asm;
pub mod console;
pub mod formats;
pub mod games;
pub mod machine;
pub mod profile;
pub mod reference;
pub mod render;
pub mod simh;
pub mod tui;
pub mod web;
