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
//! - [`readings`]: the named readings of the ambiguous places (`--reading NAME=VALUE`).
//! - [`value`]: material (P 1, Kt 3, B 3 1/2, R 5, Q 10) and the exact fraction W/B.
//! - [`position_play`]: position play in tenths with Turing's square-root table.
//! - [`search`]: considerable moves, dead positions, the minimax with a node limit.
//! - [`choose`]: the choice by value, then position play, then the `tie` rule.
//! - [`mod@replay`]: the engine against the printed games, move by move.
//! - [`random`]: seeded random middle-game positions for cross-checks.

pub mod choose;
pub mod descriptive;
pub mod games;
pub mod position_play;
pub mod random;
pub mod readings;
pub mod replay;
pub mod search;
pub mod value;

pub use choose::{analyse, analyse_with, parse_fen, parse_san, Analysis, MoveReport};
pub use readings::Readings;
pub use replay::{replay, Replay, ReplayMove};
pub use search::DEFAULT_NODE_LIMIT;
pub use value::Value;

/// Errors of the paper machine's engine.
#[derive(Debug, thiserror::Error)]
pub enum TurochampError {
    /// A FEN could not be read or is not a legal position.
    #[error("bad FEN {0}")]
    Fen(String),
    /// A SAN move could not be read or is not legal in the position.
    #[error("bad move {0}")]
    San(String),
    /// The machine plays White; the position has Black to move.
    #[error("the paper machine plays White: the position must have White to move")]
    NotWhiteToMove,
    /// A `--reading NAME=VALUE` was not understood.
    #[error("bad reading: {0}")]
    Reading(String),
    /// A printed game could not be read.
    #[error("game {0}")]
    Game(String),
}
