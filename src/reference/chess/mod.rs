//! Chess under Prinz's restricted rules, in Prinz's representation (Robot Chess, 1952).
//!
//! Rules: no castling, no two-square pawn step, no en passant, no promotion (a pawn may
//! not step onto the last row), and a side with no legal move is mated: stalemate counts
//! as mate (Robot Chess; Faster than Thought ch. 25).
//!
//! Representation (Robot Chess, "The Programme"):
//! - a 10×10 board, squares 0–99, whose 36 border squares are marked as such; a square
//!   is 10 × row + column, rows 1–8 from White's side. Inside, the columns are counted
//!   from the h-side (h = 1 … a = 8), see [`internal_square`] and
//!   `docs/reference-engines.md`: this is what makes the rook go left before it goes up in
//!   Prinz's printed Figure 1 list. Outside (printing, input), squares are Prinz's
//!   printed numbers 11 (a1) … 18 (h1) … 88 (h8), row then column as Faster than Thought
//!   gives them, or algebraic `h1h6`.
//! - the a-table: line a + jp holds the square of the piece with counter jp (−1 when
//!   captured). White pawns 0–7, knights 8–9, bishops 10–11, rooks 12–13, queen 14,
//!   king 15 (the legality test reads the white king from a + 15); black = white + 16.
//! - the b-table: one line per square: border, empty, or the counter of the piece on it.
//! - piece numbers p: pawn 1, king 2, knight 3, queen 4, bishop 5, rook 6.
//! - the direction table c + jd, jd 0–7: +1, +11, +10, +9, −1, −11, −10, −9 ("beginning
//!   with moves to the right and proceeding anti-clockwise"); rooks and bishops step jd by
//!   2, king and queen by 1; a separate knight table; step counter js; colour counter jc
//!   (0 White, 16 Black).
//!
//! Moves are tried piece counter by piece counter (jp 0–15 of the side), direction by
//! direction, step by step. A *possible* move is one not off the board and not onto an
//! own piece (pawn moves: forward only onto an empty square, diagonally only onto an
//! enemy, never onto the last row); every possible move is counted as *tried*, and those
//! leaving the mover's king attacked are counted *illegal* (Faster than Thought: "about 450
//! possible moves (of which about 100 were illegal)").

mod board;
mod mate2;
mod positions;

pub use board::{
    internal_square, legal_moves, perft, perft_with_progress, prinz_square, Board, ChessMove,
    Colour, Counts, Cursor, Piece, MAX_PERFT_DEPTH,
};
pub use mate2::{solve_mate2, Mate2Report};
pub use positions::random_positions;

/// Errors from reading chess positions and moves.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {
    /// The FEN string is malformed or describes a position Prinz's tables cannot hold.
    #[error("bad chess FEN `{fen}`: {reason}")]
    Fen {
        /// The text that was given.
        fen: String,
        /// What was wrong.
        reason: String,
    },
}
