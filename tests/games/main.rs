//! The period programs at the keys of the emulated machine, each against its reference
//! engine and through its command: a module per game (`games::GAMES` in src/games/mod.rs
//! names each game's module here), property tests over Bell's four programs and their
//! references, and the parallel sweeps. One of the suite's six test binaries (`tests/*/main.rs`):
//! `cargo test --test games nim::` runs one game's tests.

mod ajedrecista;
mod bell_props;
mod bridgit;
mod common;
mod draughts;
mod guessit;
mod knights;
mod krk;
mod menace;
mod nim;
mod noughts;
mod parallel_sweeps;
mod play;
mod prinz;
mod readme;
mod turochamp;
