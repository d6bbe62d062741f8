//! Helpers shared by the front ends' tests: a pseudo-terminal harness (`pty`) and a
//! WebSocket client of `mark1 serve` (`ws`).

pub mod pty;
pub mod ws;
