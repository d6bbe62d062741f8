//! Helpers shared by the front ends' tests: a pseudo-terminal harness (`pty`) and a
//! WebSocket client of `mark1 serve` (`ws`), `mark1 serve` in its own process (`serve`),
//! and `mark1` with text on its standard input (`run`).

pub mod pty;
pub mod run;
pub mod serve;
pub mod ws;
