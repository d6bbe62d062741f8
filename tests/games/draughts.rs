//! Strachey's draughts, our reconstruction (programs/draughts.m1): the checks against the
//! reference engine, the command, a scripted game, the kernel, the keys and the picture.
//! The test programs and the scripted game's moves are in tests/draughts/.

mod check;
mod cli;
mod game;
mod kernel;
mod keys;
mod picture;
