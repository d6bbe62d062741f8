//! The analysis: considerable moves, dead positions and the minimax of values.
//!
//! Turing (typescript, "'Considerable' moves", "Dead position", "Value of position"):
//!
//! - Every White move and every Black reply (the first two plies) is considerable.
//!   Beyond them: a recapture after a considerable capture, the capture of an undefended
//!   man, the capture of a man of higher value by one of lower value, a move giving mate.
//! - A position in the analysis is dead when it has no considerable moves; its value is
//!   W/B ([`Value::dead`]).
//! - Otherwise, with White to play, the value is the greatest of the considerable moves'
//!   values and of the position itself valued as dead, "the latter alternative to be
//!   omitted if all moves are considerable"; with Black to play, the least.
//!
//! Every search counts its positions and stops expanding at a node limit (a position
//! reached past the limit is valued as dead and the analysis is marked truncated).

use super::readings::{DeadRule, Defended, Readings, Recapture, RecaptureOn};
use super::value::{capture_rank, Value};
use shakmaty::{attacks, Chess, Color, Move, Position, Role, Square};

/// The default node limit of one analysis: far above what the games need (a few
/// thousand), low enough to answer in well under a second.
pub const DEFAULT_NODE_LIMIT: u64 = 2_000_000;

/// A search in progress: the readings, the node count and the limit.
#[derive(Debug)]
pub struct Searcher<'a> {
    readings: &'a Readings,
    /// Positions visited so far (the considerable-move tree's size).
    pub nodes: u64,
    limit: u64,
    /// Whether the limit cut the analysis short.
    pub truncated: bool,
    /// Whether alpha-beta cut-offs are taken (the default). Without them the search visits
    /// the whole considerable-move tree, so that `nodes` is the tree's size; the values are
    /// the same either way.
    pub prune: bool,
}

/// Whether `m` (legal in `pos`) could give check: a quick pre-test (the moved man attacks
/// the enemy king from its new square, or it leaves a line through the king, or the move is
/// castling, en passant or a promotion); false only when the move cannot check.
fn may_check(pos: &Chess, m: Move) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(!pos.turn()) else {
        return false;
    };
    let Move::Normal {
        role,
        from,
        to,
        promotion: None,
        ..
    } = m
    else {
        return true;
    };
    let mut occupied = board.occupied();
    occupied.discard(from);
    occupied.add(to);
    let piece = shakmaty::Piece {
        color: pos.turn(),
        role,
    };
    attacks::attacks(to, piece, occupied).contains(king)
        || attacks::queen_attacks(king, board.occupied()).contains(from)
}

/// Whether `m` (legal in `pos`) mates.
pub fn gives_mate(pos: &Chess, m: Move) -> bool {
    if !may_check(pos, m) {
        return false;
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    after.is_check() && after.legal_moves().is_empty()
}

/// Whether the man `m` takes on `sq` is defended by its own side, under the `defended`
/// reading (the position-play readings do not apply here): by default any man of its side
/// attacks `sq`, the king and pawns included (the ordinary chess sense).
fn defended(pos: &Chess, m: Move, sq: Square, r: &Readings) -> bool {
    let board = pos.board();
    let Some(owner) = board.color_at(sq) else {
        return false;
    };
    let mut attackers = board.attacks_to(sq, owner, board.occupied());
    match r.defended {
        Defended::Any => {}
        Defended::NoKing => attackers &= !board.kings(),
        Defended::Pieces => attackers &= !board.kings() & !board.pawns(),
        Defended::After | Defended::Legal => {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let to = m.to();
            if r.defended == Defended::Legal {
                return after
                    .legal_moves()
                    .iter()
                    .any(|c| c.to() == to && c.is_capture());
            }
            let b = after.board();
            attackers = b.attacks_to(to, owner, b.occupied());
        }
    }
    !attackers.is_empty()
}

/// Whether the capture `m` passes the capture tests by itself: it takes an undefended man
/// (a pawn only under `pawn-prey=yes`) or a man of higher value than the taker.
pub fn tested_capture(pos: &Chess, m: Move, r: &Readings) -> bool {
    let Some(victim) = m.capture() else {
        return false;
    };
    // The man taken stands on `to`, except en passant (the pawn beside it).
    let victim_square = match m {
        Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
        _ => m.to(),
    };
    if (victim != Role::Pawn || r.pawn_prey) && !defended(pos, m, victim_square, r) {
        return true;
    }
    capture_rank(victim) > capture_rank(m.role())
}

/// Whether the capture `m` answers a licensed capture (`recapture_on`, the square the last
/// licensed capture took on): under `recapture-on=square` it takes on that square, under
/// `recapture-on=anywhere` it is any capture.
fn is_recapture(m: Move, recapture_on: Option<Square>, r: &Readings) -> bool {
    m.is_capture()
        && match r.recapture_on {
            RecaptureOn::Square => recapture_on == Some(m.to()),
            RecaptureOn::Anywhere => recapture_on.is_some(),
        }
}

/// Whether `m` is considerable beyond the first two plies: a recapture when the last
/// capture may be answered (`recapture_on`, see `is_recapture`), a capture passing
/// [`tested_capture`], any capture under `dead=any-capture`, or a mate.
pub fn considerable(pos: &Chess, m: Move, recapture_on: Option<Square>, r: &Readings) -> bool {
    if m.is_capture()
        && (r.dead == DeadRule::AnyCapture
            || is_recapture(m, recapture_on, r)
            || tested_capture(pos, m, r))
    {
        return true;
    }
    gives_mate(pos, m)
}

/// The square a recapture may answer after `m` is played in the position on the board
/// (the first ply): [`licence`] at ply 0.
pub fn recapture_square(pos: &Chess, m: Move, r: &Readings) -> Option<Square> {
    licence(pos, m, 0, None, r)
}

/// The square a recapture may answer after `m` in `pos` (reached at `ply`, a recapture on
/// `recapture_on` considerable there): its destination when `m` is a capture that licenses
/// recaptures under the `recapture` reading and, beyond the first two plies, under `chain`
/// (with `chain=no` a capture considerable only as a recapture licenses none).
pub fn licence(
    pos: &Chess,
    m: Move,
    ply: u32,
    recapture_on: Option<Square>,
    r: &Readings,
) -> Option<Square> {
    let licensed = match r.recapture {
        Recapture::AnyCapture => {
            m.is_capture()
                && (r.chain
                    || ply < 2
                    || r.dead == DeadRule::AnyCapture
                    || !is_recapture(m, recapture_on, r)
                    || tested_capture(pos, m, r))
        }
        Recapture::TestedCapture => tested_capture(pos, m, r),
    };
    licensed.then(|| m.to())
}

/// The moves analysed among the legal `moves` of `pos` (reached at `ply`, a recapture on `recapture_on`
/// considerable), and whether they are all its legal moves (then the position's own dead
/// value is no alternative): every move in the first two plies and, under
/// `evasions=all`, when the side to move is in check; otherwise the considerable moves.
pub fn analysed_moves(
    pos: &Chess,
    moves: &[Move],
    ply: u32,
    recapture_on: Option<Square>,
    r: &Readings,
) -> (Vec<Move>, bool) {
    if ply < 2 || (r.evasions && pos.is_check()) {
        return (moves.to_vec(), true);
    }
    let list: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| considerable(pos, m, recapture_on, r))
        .collect();
    let all = list.len() == moves.len();
    (list, all)
}

impl<'a> Searcher<'a> {
    /// A search under `readings` that stops expanding after `limit` positions.
    pub fn new(readings: &'a Readings, limit: u64) -> Searcher<'a> {
        Searcher {
            readings,
            nodes: 0,
            limit,
            truncated: false,
            prune: true,
        }
    }

    /// The value of `pos`, reached after `ply` plies from the position on the board (1:
    /// after White's move, Black to reply), a recapture on `recapture_on` considerable.
    ///
    /// The minimax value exactly: the search inside uses alpha-beta cut-offs, which never
    /// change a value, only leave out positions that cannot affect it.
    pub fn value(&mut self, pos: &Chess, ply: u32, recapture_on: Option<Square>) -> Value {
        self.search(pos, ply, recapture_on, Value::BlackMates, Value::WhiteMates)
    }

    /// Narrows the window by the side to move's best so far `b`; true when the rest of
    /// the moves cannot matter (a cut-off, taken only when pruning).
    fn cut(&self, white: bool, b: Value, alpha: &mut Value, beta: &mut Value) -> bool {
        if white {
            *alpha = (*alpha).max(b);
            self.prune && b >= *beta
        } else {
            *beta = (*beta).min(b);
            self.prune && b <= *alpha
        }
    }

    /// Alpha-beta (fail-soft) over the considerable moves: exact when the value lies
    /// strictly between `alpha` and `beta`, a bound beyond them otherwise.
    fn search(
        &mut self,
        pos: &Chess,
        ply: u32,
        recapture_on: Option<Square>,
        mut alpha: Value,
        mut beta: Value,
    ) -> Value {
        self.nodes += 1;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() {
                Value::mated(pos.turn())
            } else {
                // Stalemate: the rules give it no value of its own; valued as dead.
                Value::dead(pos.board())
            };
        }
        let dead = Value::dead(pos.board());
        if self.nodes >= self.limit {
            self.truncated = true;
            return dead;
        }
        let white = pos.turn() == Color::White;
        let (mut list, all) = analysed_moves(pos, &moves, ply, recapture_on, self.readings);
        // Captures of the most valuable men first: more cut-offs, the same values.
        list.sort_by_key(|m| std::cmp::Reverse(m.capture().map_or(0, capture_rank)));
        let mut best: Option<Value> = None;
        if !all {
            // The position itself valued as dead is an alternative (not every move is
            // considerable).
            best = Some(dead);
            if self.cut(white, dead, &mut alpha, &mut beta) {
                return dead;
            }
        }
        for m in list {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let licensed = licence(pos, m, ply, recapture_on, self.readings);
            let v = self.search(&child, ply + 1, licensed, alpha, beta);
            let b = better(best, v, white);
            best = Some(b);
            if self.cut(white, b, &mut alpha, &mut beta) {
                return b;
            }
        }
        best.unwrap_or(dead)
    }
}

/// The better of `best` and `v` for the side to move: the greater for White, the less for
/// Black.
fn better(best: Option<Value>, v: Value, white: bool) -> Value {
    match best {
        None => v,
        Some(b) if white => b.max(v),
        Some(b) => b.min(v),
    }
}

/// The line the analysis expects after the position `pos` (reached at `ply` with a
/// recapture on `recapture_on` considerable): at each step the considerable move whose
/// value is the node's value, until the value is that of the position itself (dead, or the
/// side to move prefers to stand). Each step re-searches its children under the same node
/// limit. The value is searched once: the child followed has the node's value, so every
/// step's target is the same.
pub fn principal_line(
    pos: &Chess,
    ply: u32,
    recapture_on: Option<Square>,
    readings: &Readings,
    limit: u64,
) -> Vec<Move> {
    let mut line = Vec::new();
    let (mut pos, mut ply, mut recapture_on) = (pos.clone(), ply, recapture_on);
    let target = Searcher::new(readings, limit).value(&pos, ply, recapture_on);
    while line.len() < 64 {
        let dead = Value::dead(pos.board());
        let (list, every) = analysed_moves(&pos, &pos.legal_moves(), ply, recapture_on, readings);
        let mut next = None;
        for m in list {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let mut s = Searcher::new(readings, limit);
            let licensed = licence(&pos, m, ply, recapture_on, readings);
            if s.value(&child, ply + 1, licensed) == target {
                next = Some((m, child, licensed));
                break;
            }
        }
        match next {
            Some((m, child, licensed)) if every || target != dead => {
                recapture_on = licensed;
                line.push(m);
                pos = child;
                ply += 1;
            }
            _ => break,
        }
    }
    line
}
