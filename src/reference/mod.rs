//! Native reference engines for the period games, one folder a game.
//!
//! These engines follow the period programs' rules, representation and move order closely
//! enough that the emulated programs can be checked against them move for move:
//!
//! - [`draughts`]: English draughts on Strachey's three 32-bit words B, W and K, with his
//!   move types and generation order and his two strategies (Strachey 1952; Faster than
//!   Thought ch. 25).
//! - [`chess`]: Prinz's restricted chess on a 10×10 board with a-table and b-table, and his
//!   mate-in-two turn structure W1/B1/W2/B2 (Prinz, "Robot Chess", 1952).
//! - [`nim`]: nim as Faster than Thought's universal-computer programme plays it (ch. 25,
//!   NIM), with Bouton's and Moore's rules and Bell's single pile.
//! - [`turochamp`]: Turing's paper chess machine (typescript "Digital Computers applied to
//!   Games"; Faster than Thought ch. 25), on top of `shakmaty`'s chess legality.
//! - [`samuel`]: Samuel's checkers player (1959): his terms, look-ahead and both learning
//!   procedures.
//! - [`ajedrecista`]: Torres Quevedo's king-and-rook machine (1912), its six-row table
//!   (Vigneron 1914), the strikes, the census of every position it can meet.
//! - [`bridgit`], [`noughts`] (Michie's machine, the incomplete defence and MENACE's
//!   boxes), [`guessit`], [`knights`]: Bell's games (Bell 1972, ch. 1).
//! - [`krk`]: king and rook against king solved by retrograde analysis: every position's
//!   distance to mate, the optimal moves, the census (krk.md §2).
//!
//! The `mark1 ref …` command line lives in the binary (`src/cli/reference/`).
//!
//! See `docs/reference-engines.md` for the reasoning behind each choice.

pub mod ajedrecista;
pub mod bridgit;
pub mod chess;
pub mod draughts;
pub mod guessit;
pub mod knights;
pub mod krk;
pub mod nim;
pub mod noughts;
pub mod samuel;
pub mod turochamp;

/// Errors of the reference engines and of the arguments given to them.
#[derive(Debug, thiserror::Error)]
pub enum RefError {
    /// A draughts FEN or square could not be read.
    #[error(transparent)]
    Draughts(#[from] draughts::DraughtsError),
    /// A chess FEN could not be read.
    #[error(transparent)]
    Chess(#[from] chess::ChessError),
    /// A command-line argument was out of range.
    #[error("invalid argument: {0}")]
    Argument(String),
    /// Writing the output failed.
    #[error("output error: {0}")]
    Io(#[from] std::io::Error),
    /// JSON serialisation failed.
    #[error("JSON error: {0}")]
    Json(#[from] serde_json::Error),
}

/// Perft `depth` plies deep split over the root moves: 1 at depth 0; otherwise the sum
/// of `count(move)` over `root_moves()`, counted in parallel on the current rayon pool
/// (both engines' `perft_with_progress`). `progress(done, total)` is called before the
/// first root move (0) and after each, from the worker that finished it, one call at a
/// time, `done` counting up by one; `total` is the number of root moves.
pub(crate) fn perft_over_roots<T: Sync>(
    depth: u32,
    root_moves: impl FnOnce() -> Vec<T>,
    count: impl Fn(&T) -> u64 + Sync,
    progress: &mut (dyn FnMut(usize, usize) + Send),
) -> u64 {
    use rayon::prelude::*;
    if depth == 0 {
        return 1;
    }
    let items = root_moves();
    let total = items.len();
    progress(0, total);
    let done = std::sync::Mutex::new((0, progress));
    items
        .par_iter()
        .map(|x| {
            let n = count(x);
            let mut g = done
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            g.0 += 1;
            let d = g.0;
            (g.1)(d, total);
            n
        })
        .sum()
}
