//! The two games Turing's paper machine played, as printed (stub: filled in on branch
//! h-notation).
//!
//! Interface the engine's replay uses:
//!
//! ```ignore
//! pub struct WhiteMove {
//!     pub number: u32,                 // move number, 1..
//!     pub descriptive: &'static str,   // as printed, e.g. "KT-KB3"
//!     pub san: String,                 // e.g. "Nf3"
//!     pub fen_before: String,          // the position before White's move (White to play)
//!     pub printed_pp_tenths: Option<i32>, // Turing's printed PP increase in tenths (4.2 -> 42)
//!     pub star: bool,                  // Turing printed `*`
//! }
//! pub struct Game { pub number: u8, pub white: Vec<WhiteMove>, pub sans: Vec<String>, pub end: &'static str, .. }
//! pub fn game(number: u8) -> Result<Game, NotationError>;
//! ```
