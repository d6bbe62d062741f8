//! Helpers shared by the front ends' tests: a pseudo-terminal harness (`pty`) and a
//! WebSocket client of `mark1 serve` (`ws`), and `mark1 serve` in its own process (`serve`).

pub mod pty;
pub mod serve;
pub mod ws;
