//! mark1: a beat-accurate emulator of the Ferranti Mark 1 (Manchester, 1951), with an
//! assembler, the period game programs run again on the emulated machine (Prinz's
//! mate-in-two, Strachey's draughts, nim, Turing's paper machine, Bell's six games,
//! Samuel's opponent in a match) and native reference engines that cross-check them.
//!
//! Layout, bottom up (each layer imports only those below it):
//! - [`machine`]: the computer and its peripherals (store, drum, the order code, beat
//!   timing, keys and switches, teleprinter, hooter); knows nothing of games or screens.
//! - [`random`]: seeded random numbers for the native side (the machine's `/W` is its own).
//! - [`formats`]: images, tapes and drum images; reading a user's file within its limit
//!   and writing one atomically.
//! - [`asm`]: the assembler and disassembler.
//! - [`mod@reference`]: the native engines, one folder a game.
//! - [`games`]: the operator-side drivers of the period programs on the machine, each
//!   through one trait for a program at the keys ([`games::AtTheKeys`]), listed in
//!   [`games::GAMES`].
//! - [`profile`]: where a run's time goes, by routine, line and half-track.
//! - [`console`] (the operator's command language), [`simh`] (SimH command files),
//!   [`tui`] (the debugger's screen), [`render`] (the tube picture, the hoot, curves),
//!   [`web`] (`mark1 serve`'s server, sessions and page): the faces.

#![warn(missing_docs)]

pub mod asm;
pub mod console;
pub mod formats;
pub mod games;
pub mod machine;
pub mod profile;
pub mod random;
pub mod reference;
pub mod render;
pub mod simh;
pub mod tui;
pub mod web;
