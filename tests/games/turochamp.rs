//! Turing's paper chess machine as a program (programs/turochamp/): the board in the store,
//! the kernel, moves, position play, the search, the think, the notation, the recorded
//! games and `mark1 turochamp` through the binary; `support` makes the random positions.

mod board;
mod games;
mod kernel;
mod moves;
mod notation;
mod play_cli;
mod pp;
mod search;
mod support;
mod think;
