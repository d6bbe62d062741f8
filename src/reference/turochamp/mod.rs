//! Turing's paper chess machine ("Digital Computers applied to Games", typescript; Faster
//! than Thought ch. 25): the native reference engine.
//!
//! Chess legality (castling, en passant, promotion, check), SAN and FEN come from the
//! `shakmaty` crate; the paper machine's considerable moves, W/B value and position play
//! are ours, in the modules below.
//!
//! - [`descriptive`]: descriptive notation (`P-K4`, `KT-KB3`, `B X P`, `O-O`) read against a
//!   position and written from a move.
//! - [`games`]: the two games Turing printed (Game 1, typescript; Game 2, Faster than
//!   Thought) as printed, with his position-play figures, converted to SAN.

pub mod descriptive;
pub mod games;
