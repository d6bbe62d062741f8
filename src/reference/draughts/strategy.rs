//! Strachey's two strategies, with random choice between equal moves.
//!
//! Values are in eighths of a man so that all of Strachey's king values are integers: man
//! 8; king 24 (3, strategy 1), 20 (2½, Strachey 1952) or 23 (2⅞, Faster than Thought).
//! A position is valued by material alone: the mover's men and kings minus the
//! opponent's. Minimax from the root side's point of view; a side with no move is valued
//! statically (the program "could not recognise the end of the game", Link 2012).

use super::moves::{apply, legal_moves, Move};
use super::{Position, Side};
use crate::random::RandomSource;

/// A man, in eighths of a man.
pub const MAN: i32 = 8;
/// Strategy 1's king, 3 men (Strachey 1952; Faster than Thought).
pub const KING_3: i32 = 24;
/// Strategy 2's king in Strachey's paper (1952): 2½ men.
pub const KING_2_HALF: i32 = 20;
/// Strategy 2's king as Faster than Thought prints it: 2⅞ men.
pub const KING_2_7_8: i32 = 23;

/// A look-ahead rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Strategy {
    /// Strategy 1: every move on both sides to exactly `plies` plies (Strachey used 3:
    /// two of the machine's and one of the opponent's).
    Fixed {
        /// Plies searched (≥ 1).
        plies: u32,
    },
    /// Strategy 2: go on until two consecutive moves without captures have been made, or
    /// `max_plies` is reached (Strachey: 4). The first ply is always searched; a line
    /// stops after ply n ≥ 2 when moves n − 1 and n both captured nothing.
    Captures {
        /// Overriding limit on plies (≥ 1).
        max_plies: u32,
    },
}

/// How a tie between equally valued root moves is broken from 20-bit random numbers (as
/// the Mark 1's /W gives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
pub enum TieBreak {
    /// After valuing every move, if n ≥ 2 moves share the best value, draw one 20-bit
    /// number r and choose the tied move with index `(r × n) >> 20` among them in
    /// generation order (0-based). No number is drawn when the best is unique.
    #[default]
    Uniform,
    /// While valuing the moves in generation order, keep a best-so-far; for each later move
    /// equal to it draw one 20-bit number r and replace the best-so-far when
    /// `r & 0x80000` (the top digit, 2^19) is set. A strictly better move replaces it
    /// without a draw.
    Running,
}

/// Search parameters for [`best`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SearchParams {
    /// Look-ahead rule.
    pub strategy: Strategy,
    /// Value of a man, eighths (normally [`MAN`]).
    pub man: i32,
    /// Value of a king, eighths.
    pub king: i32,
    /// Tie-break rule.
    pub tie_break: TieBreak,
}

impl SearchParams {
    /// Strategy 1 with `plies` plies, man 1, king 3.
    pub fn strategy1(plies: u32) -> SearchParams {
        SearchParams {
            strategy: Strategy::Fixed { plies },
            man: MAN,
            king: KING_3,
            tie_break: TieBreak::Uniform,
        }
    }

    /// Strategy 2 (at most `max_plies`, Strachey: 4) with a king of `king` eighths
    /// ([`KING_2_HALF`] per Strachey 1952, [`KING_2_7_8`] per Faster than Thought).
    pub fn strategy2(max_plies: u32, king: i32) -> SearchParams {
        SearchParams {
            strategy: Strategy::Captures { max_plies },
            man: MAN,
            king,
            tie_break: TieBreak::Uniform,
        }
    }
}

/// A root move with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluated {
    /// The move.
    pub mv: Move,
    /// Its minimax value in eighths of a man, from the mover's side.
    pub value: i32,
}

/// Result of [`best`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// Every legal move in Strachey's order with its value.
    pub moves: Vec<Evaluated>,
    /// Index into `moves` of the chosen move; `None` if there is no legal move.
    pub chosen: Option<usize>,
    /// Indices of the moves sharing the best value.
    pub tied: Vec<usize>,
    /// The random numbers drawn, in order.
    pub draws: Vec<u32>,
    /// Leaf positions valued.
    pub leaves: u64,
}

fn material(pos: &Position, side: Side, p: &SearchParams) -> i32 {
    let (bm, bk, wm, wk) = pos.material();
    let black = bm as i32 * p.man + bk as i32 * p.king;
    let white = wm as i32 * p.man + wk as i32 * p.king;
    match side {
        Side::Black => black - white,
        Side::White => white - black,
    }
}

/// Negamax value of `pos` for its side to move, after `done` plies; `last` and `before`
/// say whether the last two moves captured.
fn search(
    pos: &Position,
    done: u32,
    last: bool,
    before: bool,
    p: &SearchParams,
    leaves: &mut u64,
) -> i32 {
    let stop = match p.strategy {
        Strategy::Fixed { plies } => done >= plies,
        Strategy::Captures { max_plies } => done >= max_plies || (done >= 2 && !last && !before),
    };
    if stop {
        *leaves += 1;
        return material(pos, pos.to_move, p);
    }
    let moves = legal_moves(pos);
    if moves.is_empty() {
        *leaves += 1;
        return material(pos, pos.to_move, p);
    }
    moves
        .iter()
        .map(|m| -search(&apply(pos, m), done + 1, m.is_capture(), last, p, leaves))
        .max()
        .unwrap_or(0)
}

/// Values every legal move of `pos` with the strategy and chooses one, breaking ties with
/// numbers from `rng` as [`TieBreak`] describes. Never panics.
pub fn best(pos: &Position, params: &SearchParams, rng: &mut dyn RandomSource) -> BestMove {
    let mut leaves = 0;
    let moves: Vec<Evaluated> = legal_moves(pos)
        .into_iter()
        .map(|m| Evaluated {
            mv: m,
            value: -search(
                &apply(pos, &m),
                1,
                m.is_capture(),
                false,
                params,
                &mut leaves,
            ),
        })
        .collect();
    let mut draws = Vec::new();
    let Some(top) = moves.iter().map(|e| e.value).max() else {
        return BestMove {
            moves,
            chosen: None,
            tied: vec![],
            draws,
            leaves,
        };
    };
    let tied: Vec<usize> = (0..moves.len())
        .filter(|&i| moves[i].value == top)
        .collect();
    let chosen = match params.tie_break {
        TieBreak::Uniform => {
            if tied.len() == 1 {
                tied[0]
            } else {
                let r = rng.next_u20() & 0xF_FFFF;
                draws.push(r);
                tied[((r as u64 * tied.len() as u64) >> 20) as usize]
            }
        }
        TieBreak::Running => {
            let mut cur = 0;
            for i in 1..moves.len() {
                if moves[i].value > moves[cur].value {
                    cur = i;
                } else if moves[i].value == moves[cur].value {
                    let r = rng.next_u20() & 0xF_FFFF;
                    draws.push(r);
                    if r & 0x8_0000 != 0 {
                        cur = i;
                    }
                }
            }
            cur
        }
    };
    BestMove {
        moves,
        chosen: Some(chosen),
        tied,
        draws,
        leaves,
    }
}
