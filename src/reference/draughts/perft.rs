//! Perft (node counts) for English draughts with bulk counting.
//!
//! The published start-position figures (Bik 2009, Fierz, OEIS A133046) count a king's
//! captures of the same pieces by different routes as separate moves
//! ([`Duplicates::Counted`]); dctl's unique generator merges them
//! ([`Duplicates::Merged`]). The two first differ at depth 12 from the start
//! (388623673 against 388617999). Strachey's program re-enters its move finding after each
//! capture stage and so produces every route: `Counted` is this engine's convention.

use super::moves::{apply, count_steps, for_each_move, has_capture, Move};
use super::Position;

/// How captures of the same set of pieces, from the same square to the same square, by
/// different routes are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
pub enum Duplicates {
    /// Every route is a move (Bik, Fierz, OEIS A133046, pydraughts; Strachey's generator).
    #[default]
    Counted,
    /// Routes with the same from, to and captured set are one move (dctl `unique_gen`).
    Merged,
}

/// Capture moves of the side to move in Strachey's order, merged if asked.
fn captures(pos: &Position, dups: Duplicates) -> Vec<Move> {
    let mut v: Vec<Move> = Vec::with_capacity(8);
    for_each_move(pos, &mut |m| {
        if dups == Duplicates::Merged
            && v.iter()
                .any(|o| o.from == m.from && o.to == m.to && o.captured == m.captured)
        {
            return;
        }
        v.push(*m)
    });
    v
}

/// Number of leaf nodes `depth` plies below `pos` (perft). Depth 0 is 1. A side without a
/// move is a leaf with no children (it contributes 0 at any depth > 0). Uses bulk counting
/// at the last ply: non-captures are counted by popcount of Strachey's Y words.
pub fn perft(pos: &Position, depth: u32, dups: Duplicates) -> u64 {
    if depth == 0 {
        return 1;
    }
    if has_capture(pos) {
        let caps = captures(pos, dups);
        if depth == 1 {
            return caps.len() as u64;
        }
        return caps
            .iter()
            .map(|m| perft(&apply(pos, m), depth - 1, dups))
            .sum();
    }
    if depth == 1 {
        return count_steps(pos) as u64;
    }
    let mut total = 0;
    for_each_move(pos, &mut |m| {
        total += perft(&apply(pos, m), depth - 1, dups)
    });
    total
}

/// The deepest perft the command line accepts: 15 plies take minutes from the start
/// position (about 4·10^10 leaves, 4.6 times more a ply), one more would take most of an
/// hour.
pub const MAX_PERFT_DEPTH: u32 = 15;

/// The root moves in Strachey's order (captures only when there is one, merged if
/// asked).
fn root_moves(pos: &Position, dups: Duplicates) -> Vec<Move> {
    if has_capture(pos) {
        captures(pos, dups)
    } else {
        super::legal_moves(pos)
    }
}

/// [`perft`], root move by root move: `progress(done, total)` is called before the
/// first root move and after each (total = the number of root moves; `done` counts up by
/// one each call).
///
/// The root moves are counted in parallel on the current rayon pool (`mark1 ref
/// draughts perft --threads N` sizes it); `progress` is called from the worker that
/// finished a root move, one call at a time. The count is the same for any number of
/// threads.
pub fn perft_with_progress(
    pos: &Position,
    depth: u32,
    dups: Duplicates,
    progress: &mut (dyn FnMut(usize, usize) + Send),
) -> u64 {
    crate::reference::perft_over_roots(
        depth,
        || root_moves(pos, dups),
        |m| perft(&apply(pos, m), depth - 1, dups),
        progress,
    )
}

/// Perft per root move, in Strachey's order: `(move, count)`. The root moves are
/// counted in parallel on the current rayon pool; the list is the same for any number
/// of threads.
pub fn perft_divide(pos: &Position, depth: u32, dups: Duplicates) -> Vec<(Move, u64)> {
    perft_divide_each(pos, depth, dups, &|_, _, _, _| {})
}

/// [`perft_divide`], with `each(index, total, move, count)` called as each root move's
/// count is done (from the worker that counted it, in any order when there are several
/// threads; `index` is the move's place in Strachey's order, of `total`), so that a
/// caller can show the counts as they come.
pub fn perft_divide_each(
    pos: &Position,
    depth: u32,
    dups: Duplicates,
    each: &(dyn Fn(usize, usize, &Move, u64) + Sync),
) -> Vec<(Move, u64)> {
    use rayon::prelude::*;
    let roots = root_moves(pos, dups);
    let total = roots.len();
    roots
        .into_par_iter()
        .enumerate()
        .map(|(i, m)| {
            let n = perft(&apply(pos, &m), depth.saturating_sub(1), dups);
            each(i, total, &m, n);
            (m, n)
        })
        .collect()
}
