//! Samuel's scoring and look-ahead (Samuel 1959, "The basic checker-playing program",
//! "Ply limitations", "Rote learning and its variants").
//!
//! - The dominant criterion, a side unable to move, is tested apart from the polynomial
//!   ([`WIN`]).
//! - Piece advantage, fixed by the experimenter: [`piece_advantage`], arranged so that
//!   trading is favoured when ahead and avoided when behind (our formula, stated there;
//!   the paper gives none), king 3 : man 2.
//! - The terms of the polynomial with their coefficients ([`Polynomial`]), each term
//!   credited to the side that has just moved ([`super::terms::term_values`]).
//! - Minimax with alpha-beta, the ply rules of the paper ([`Limits`]), and the sense of
//!   direction: a score's magnitude shrinks by one each time it is backed up a ply.

use super::rote::Rote;
use super::terms::{credit, parameters, term_values, Params, Term, SIMPLE};
use crate::random::RandomSource;
use crate::random::Xorshift;
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{legal_moves, Move, Position, Side};

/// The score of a side that cannot move, from its opponent's side (before the sense of
/// direction shrinks it): beyond any polynomial value.
pub const WIN: i64 = 1 << 50;

/// Score units per unit of material credit (man 2, king 3) at the start's total of 48:
/// a man is 2^26, above sixteen terms at the largest coefficient (2^18) moving by a few
/// units each.
pub const PIECE_UNIT: i64 = 1 << 25;

/// The largest coefficient is 2^18 (Appendix C: "can vary between −2^18 and +2^18").
pub const MAX_POWER: u32 = 18;

/// Piece advantage for `side` (Samuel: fixed by the experimenter, king to man 3 : 2,
/// "arranged in such a way as to account for the well-known property that it is
/// usually to one's advantage to trade pieces when one is ahead and to avoid trades
/// when behind"). Ours: `PIECE_UNIT × d × (96 − t) / 48`, with `d` the side's material
/// credit less its opponent's and `t` both sides' together (48 at the start): an even
/// trade when ahead lowers `t` and so raises the advantage, when behind deepens the
/// deficit.
pub fn piece_advantage(pos: &Position, side: Side) -> i64 {
    let (cb, cw) = (
        i64::from(credit(pos.b, pos.k)),
        i64::from(credit(pos.w, pos.k)),
    );
    let d = match side {
        Side::Black => cb - cw,
        Side::White => cw - cb,
    };
    PIECE_UNIT * d * (96 - (cb + cw)) / 48
}

/// The material credit of Black less White's.
fn credit_difference(pos: &Position) -> i32 {
    credit(pos.b, pos.k) - credit(pos.w, pos.k)
}

/// A scoring polynomial: terms with signed coefficients (0 or ± a power of two up to
/// 2^[`MAX_POWER`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Polynomial {
    /// The active terms and their coefficients.
    pub terms: Vec<(Term, i64)>,
}

impl Polynomial {
    /// The same coefficient for each of `terms`.
    pub fn equal(terms: &[Term], coefficient: i64) -> Polynomial {
        Polynomial {
            terms: terms.iter().map(|&t| (t, coefficient)).collect(),
        }
    }

    /// The simple parameters the polynomial needs: its simple terms, the ones its
    /// connectives are made of, and EXCH (the ply rules' exchange test).
    fn needed(&self) -> [bool; SIMPLE] {
        let mut n = [false; SIMPLE];
        n[Term::Exch.index()] = true;
        for &(t, _) in &self.terms {
            if t.is_connective() {
                for s in [Term::Deny, Term::Mob, Term::Mobil, Term::Cent] {
                    n[s.index()] = true;
                }
            } else {
                n[t.index()] = true;
            }
        }
        n
    }

    /// The polynomial's value of the term values `t` (to the credit of the side that
    /// has just moved).
    pub fn value(&self, t: &[i32; super::terms::TERMS]) -> i64 {
        self.terms
            .iter()
            .map(|&(term, c)| c * i64::from(t[term.index()]))
            .sum()
    }
}

/// A position's score for its side to move: the piece advantage less the polynomial's
/// value (the terms are to the credit of the side that has just moved). `now` and
/// `before` are the parameters of the position and of the one before the last move.
pub fn evaluate(pos: &Position, now: &Params, before: &Params, poly: &Polynomial) -> i64 {
    piece_advantage(pos, pos.to_move) - poly.value(&term_values(now, before))
}

/// Shrinks a score's magnitude by one: Samuel's sense of direction ("decreasing the
/// magnitude of the score a small amount each time it is backed-up a ply level").
pub fn shrink(s: i64) -> i64 {
    s - s.signum()
}

/// The ply rules (Samuel, "Ply limitations"), as break points that can be changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The minimum look-ahead (3): at this ply the position is evaluated unless the
    /// next move is a jump, the last move was a jump, or an exchange offer is possible.
    pub min_ply: u32,
    /// From this ply (11) the look-ahead stops, even before a jump, when one side is
    /// ahead by more than two kings.
    pub ahead_ply: u32,
    /// The look-ahead stops here whatever the position (20), with an allowance for a
    /// pending jump.
    pub max_ply: u32,
    /// At most this many positions a search; past it every position is evaluated.
    pub max_nodes: u64,
    /// Instead of the rules above, stop after the first move that is not a jump (the
    /// "rudimentary tree-search" of Samuel's second series for the initial board score).
    pub quiet: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            min_ply: 3,
            ahead_ply: 11,
            max_ply: 20,
            max_nodes: 200_000,
            quiet: false,
        }
    }
}

/// Why the look-ahead stops at a position `ply` moves from the root, or `None` to go
/// on: Samuel's rules. `next_jump`: the side to move must jump; `last_jump`: the move
/// that led here was a jump; `exchange`: the side to move can offer an exchange (EXCH
/// above zero); `ahead`: one side is ahead by more than two kings in material credit.
pub fn stop_here(
    l: &Limits,
    ply: u32,
    next_jump: bool,
    last_jump: bool,
    exchange: bool,
    ahead: bool,
) -> bool {
    if ply >= l.max_ply {
        return true;
    }
    if ply >= l.ahead_ply && ahead {
        return true;
    }
    if ply < l.min_ply {
        return false;
    }
    if ply == l.min_ply {
        return !(next_jump || last_jump || exchange);
    }
    if ply == l.min_ply + 1 {
        return !(next_jump || exchange);
    }
    !next_jump
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move chosen (`None` if the side to move has none).
    pub best: Option<Move>,
    /// Its backed-up score for the side to move.
    pub score: i64,
    /// The root moves with their scores, in the reference engine's order (a move
    /// searched with a window that proved it worse carries the bound found).
    pub moves: Vec<(Move, i64)>,
    /// Positions visited.
    pub nodes: u64,
    /// Positions scored by the polynomial.
    pub evaluations: u64,
    /// Positions answered from the rote memory.
    pub rote_hits: u64,
    /// The deepest ply reached.
    pub depth: u32,
    /// Plies behind the chosen score: the depth of the position that gave it, plus
    /// the plies already behind a score taken from the rote memory.
    pub effective_ply: u32,
    /// Root moves with the best score (the choice among them drawn at random).
    pub ties: usize,
}

/// A search: the polynomial, the limits, the rote memory if any, the counters.
struct Search<'a> {
    poly: &'a Polynomial,
    needed: [bool; SIMPLE],
    limits: Limits,
    rote: Option<&'a mut Rote>,
    nodes: u64,
    evaluations: u64,
    rote_hits: u64,
    depth: u32,
}

impl Search<'_> {
    fn params(&self, pos: &Position) -> Params {
        parameters(pos, &self.needed)
    }

    /// Negamax with alpha-beta from `pos`, `ply` moves from the root; `before` the
    /// parameters of the position before the last move. Returns the score for the side
    /// to move and the plies behind it.
    fn negamax(
        &mut self,
        pos: &Position,
        before: &Params,
        ply: u32,
        last_jump: bool,
        alpha: i64,
        beta: i64,
    ) -> (i64, u32) {
        self.nodes += 1;
        self.depth = self.depth.max(ply);
        if let Some(rote) = self.rote.as_deref_mut() {
            if let Some((score, p)) = rote.lookup(pos) {
                self.rote_hits += 1;
                return (score, p);
            }
        }
        let moves = legal_moves(pos);
        if moves.is_empty() {
            // The dominant criterion: the side to move has lost.
            return (-WIN, 0);
        }
        let now = self.params(pos);
        let next_jump = moves[0].is_capture();
        let ahead = credit_difference(pos).abs() > 6;
        let exchange = now[Term::Exch.index()] > 0;
        let out_of_nodes = self.nodes >= self.limits.max_nodes;
        let stop = if self.limits.quiet {
            ply >= self.limits.max_ply || (ply >= 1 && !last_jump)
        } else {
            stop_here(&self.limits, ply, next_jump, last_jump, exchange, ahead)
        };
        if out_of_nodes || stop {
            self.evaluations += 1;
            let mut s = evaluate(pos, &now, before, self.poly);
            if next_jump && ply >= self.limits.max_ply {
                // Samuel: "an adjustment in score is made to allow for the pending
                // jump": the side to move is credited with the man it will take.
                s += piece_advantage_of_a_man(pos);
            }
            return (s, 0);
        }
        let mut best = i64::MIN + 1;
        let mut best_ply = 0;
        let mut alpha = alpha;
        for m in &moves {
            let child = apply(pos, m);
            // The child's window widened by one each side, so that the shrinking of
            // the sense of direction keeps the cut-offs exact.
            let (v, p) = self.negamax(
                &child,
                &now,
                ply + 1,
                m.is_capture(),
                beta.saturating_neg().saturating_sub(1),
                alpha.saturating_neg().saturating_add(1),
            );
            let v = shrink(-v);
            if v > best {
                best = v;
                best_ply = p + 1;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        (best, best_ply)
    }
}

/// The allowance for a pending jump at the last ply: a man's worth of piece advantage
/// for the side to move.
fn piece_advantage_of_a_man(pos: &Position) -> i64 {
    let total = i64::from(credit(pos.b, pos.k) + credit(pos.w, pos.k));
    PIECE_UNIT * 2 * (96 - total) / 48
}

/// Searches `pos` with `poly` under `limits`, looking positions up in `rote` if given;
/// ties between root moves broken by `rng`. `before`: the parameters of the position
/// before the last move, if known (the root's own otherwise; they matter only if the
/// root itself is scored, when it has a single ply to look at and the rules stop).
pub fn search(
    pos: &Position,
    poly: &Polynomial,
    limits: &Limits,
    rote: Option<&mut Rote>,
    rng: &mut Xorshift,
) -> SearchResult {
    let mut s = Search {
        poly,
        needed: poly.needed(),
        limits: *limits,
        rote,
        nodes: 1,
        evaluations: 0,
        rote_hits: 0,
        depth: 0,
    };
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return SearchResult {
            best: None,
            score: -WIN,
            moves: Vec::new(),
            nodes: 1,
            evaluations: 0,
            rote_hits: 0,
            depth: 0,
            effective_ply: 0,
            ties: 0,
        };
    }
    let now = s.params(pos);
    let mut scored = Vec::with_capacity(moves.len());
    let mut best = i64::MIN + 1;
    let mut plies = Vec::with_capacity(moves.len());
    for m in &moves {
        let child = apply(pos, m);
        // A window from just below the best so far: a move as good comes back exact,
        // so ties are seen.
        let alpha = best.saturating_sub(1);
        let (v, p) = s.negamax(
            &child,
            &now,
            1,
            m.is_capture(),
            i64::MIN / 2,
            alpha.saturating_neg().saturating_add(1),
        );
        let v = shrink(-v);
        best = best.max(v);
        scored.push((*m, v));
        plies.push(p + 1);
    }
    let tied: Vec<usize> = (0..scored.len()).filter(|&i| scored[i].1 == best).collect();
    let pick = if tied.len() == 1 {
        tied[0]
    } else {
        tied[rng.next_u20() as usize % tied.len()]
    };
    SearchResult {
        best: Some(scored[pick].0),
        score: best,
        moves: scored,
        nodes: s.nodes,
        evaluations: s.evaluations,
        rote_hits: s.rote_hits,
        depth: s.depth,
        effective_ply: plies[pick],
        ties: tied.len(),
    }
}
