//! Faster than Thought's nim programme (programs/nim.m1): its think against the reference
//! engine, games at the keys, and `mark1 nim` through the binary.

mod cli;
mod game;
mod play_cli;
mod think;
