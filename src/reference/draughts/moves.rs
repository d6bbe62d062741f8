//! Move finding with Strachey's masks and shifts, in his order.
//!
//! Strachey 1952 ("Moves") and Faster than Thought ch. 25: a non-capture move changes the
//! square number by ±3, ±4 or ±5; +3 and +5 never both apply to one square (+3 from odd
//! rows, +5 from even rows, rows counted from 0 at Black's back rank), so they are combined
//! into one type. The four non-capture types are therefore +4, −4, +3/+5 and −3/−5, each
//! found for all pieces at once as a word of destination squares
//! `Y = shift(movers & M) & ~B & ~W`. A single-stage capture is two steps of different
//! types in the same diagonal line over an opponent onto an empty square, e.g. +4 then
//! +3/+5; there are four such capture types.
//!
//! Order (the order [`legal_moves`] returns, and the order the emulated program is to be
//! compared in): if any capture exists only captures are legal ("huffing" avoided), taken
//! type by type in [`CAPTURE_ORDER`]; otherwise non-captures type by type in
//! [`STEP_ORDER`] (+4, −4, +3/+5, −3/−5, the order of Strachey's paper). Within one type the
//! largest destination digit of Y is taken first (Faster than Thought: "the largest
//! non-zero digit of γ is taken and removed from γ"). A multi-jump continues from the
//! landing square by entering the capture finding again for that piece alone, in the same
//! type order, depth first. A man crowned by a capture stops there.

use super::{Position, Side};

/// Squares from which a +4 step stays on the board: all but 28–31 (Strachey's M4).
pub const M4: u32 = 0x0FFF_FFFF;
/// Squares from which a +3 step is possible: odd rows 1, 3, 5, not the left edge (s mod 4 ≠ 0).
pub const M3: u32 = 0xF0F0_F0F0 & 0x0FFF_FFFF & !0x1111_1111;
/// Squares from which a +5 step is possible: even rows 0, 2, 4, 6, not the right edge (s mod 4 ≠ 3).
pub const M5: u32 = 0x0F0F_0F0F & !0x8888_8888;
/// Squares from which a −4 step is possible: all but 0–3.
pub const MM4: u32 = 0xFFFF_FFF0;
/// Squares from which a −3 step is possible: even rows 2, 4, 6, not the right edge.
pub const MM3: u32 = 0x0F0F_0F0F & 0xFFFF_FFF0 & !0x8888_8888;
/// Squares from which a −5 step is possible: odd rows, not the left edge.
pub const MM5: u32 = 0xF0F0_F0F0 & !0x1111_1111;
/// Black's crowning row (28–31).
pub const BLACK_KING_ROW: u32 = 0xF000_0000;
/// White's crowning row (0–3).
pub const WHITE_KING_ROW: u32 = 0x0000_000F;

/// One of Strachey's four non-capture move types (a single diagonal step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Dir {
    /// +4: multiply by 2^4 (downwards in Fig. 1; forward for Black).
    P4,
    /// −4: multiply by 2^−4 (forward for White).
    M4,
    /// +3 from odd rows or +5 from even rows (forward for Black).
    P35,
    /// −3 from even rows or −5 from odd rows (forward for White).
    M35,
}

impl Dir {
    /// Whether a man of `side` may make this step (kings may make all four).
    pub fn forward_for(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Dir::P4 | Dir::P35, Side::Black) | (Dir::M4 | Dir::M35, Side::White)
        )
    }

    /// The step back along the same diagonal (exact inverse on the squares reached).
    pub fn inverse(self) -> Dir {
        match self {
            Dir::P4 => Dir::M4,
            Dir::M4 => Dir::P4,
            Dir::P35 => Dir::M35,
            Dir::M35 => Dir::P35,
        }
    }

    /// Text label as in Strachey's paper: `+4`, `-4`, `+3/+5`, `-3/-5`.
    pub fn label(self) -> &'static str {
        match self {
            Dir::P4 => "+4",
            Dir::M4 => "-4",
            Dir::P35 => "+3/+5",
            Dir::M35 => "-3/-5",
        }
    }
}

/// Applies one step of type `d` to every square of `x`, dropping squares the step would
/// carry off the board (masked shifts as in Strachey 1952).
#[inline(always)]
pub fn step(x: u32, d: Dir) -> u32 {
    match d {
        Dir::P4 => (x & M4) << 4,
        Dir::M4 => (x & MM4) >> 4,
        Dir::P35 => ((x & M3) << 3) | ((x & M5) << 5),
        Dir::M35 => ((x & MM3) >> 3) | ((x & MM5) >> 5),
    }
}

/// The order of the non-capture types: +4, −4, +3/+5, −3/−5 (Strachey 1952, "Moves").
pub const STEP_ORDER: [Dir; 4] = [Dir::P4, Dir::M4, Dir::P35, Dir::M35];

/// The order of the capture types `(first step, second step)`. Strachey names "+3 or +5
/// followed by +4" and says there are three similar types; the order here is inferred
/// (first steps in the order of [`STEP_ORDER`]; for each, the other kind of step second):
/// +4 then +3/+5, −4 then −3/−5, +3/+5 then +4, −3/−5 then −4.
pub const CAPTURE_ORDER: [(Dir, Dir); 4] = [
    (Dir::P4, Dir::P35),
    (Dir::M4, Dir::M35),
    (Dir::P35, Dir::P4),
    (Dir::M35, Dir::M4),
];

/// The type of a move: its single step, or the two-step type of its first capture stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum MoveKind {
    /// A non-capture move of one type.
    Step(Dir),
    /// A capture whose first stage is `(first step, second step)`.
    Capture(Dir, Dir),
}

/// Most stages a capture can have (one per opposing piece).
pub const MAX_STAGES: usize = 12;

/// A legal draughts move. Squares are Strachey's 0–31.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Square moved from.
    pub from: u8,
    /// Square finally reached (may equal `from` for a king's circular capture).
    pub to: u8,
    /// Bit mask of the squares of the captured pieces (0 for a non-capture).
    pub captured: u32,
    /// Landing square of each stage; `path[..stages]`, the last is `to`.
    pub path: [u8; MAX_STAGES],
    /// Number of stages (1 for a non-capture).
    pub stages: u8,
    /// Type of the move (of its first stage for a capture).
    pub kind: MoveKind,
    /// Whether a man is crowned by this move.
    pub crowns: bool,
}

impl Move {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Landing squares, Strachey numbering.
    pub fn landings(&self) -> &[u8] {
        &self.path[..self.stages as usize]
    }

    /// PDN text: `9-14` for a step, `10x19x26x17x10` (every landing square) for a capture.
    pub fn pdn(&self) -> String {
        if !self.is_capture() {
            return format!("{}-{}", self.from + 1, self.to + 1);
        }
        let mut s = format!("{}", self.from + 1);
        for &t in self.landings() {
            s.push_str(&format!("x{}", t + 1));
        }
        s
    }

    /// Strachey's notation as in the 1952 game record: Strachey squares, `from-to`, then
    /// captured squares in brackets largest first, then ` K` if crowned, e.g. `6-20(16,9)`
    /// or `6-1 K`.
    pub fn strachey(&self) -> String {
        let mut s = format!("{}-{}", self.from, self.to);
        if self.is_capture() {
            let caps: Vec<String> = (0..32)
                .rev()
                .filter(|i| self.captured & (1 << i) != 0)
                .map(|i| i.to_string())
                .collect();
            s.push_str(&format!("({})", caps.join(",")));
        }
        if self.crowns {
            s.push_str(" K");
        }
        s
    }
}

/// Applies a legal move (from [`legal_moves`]) and gives the position with the other side
/// to move. The result for a move not legal in `pos` is unspecified but never panics.
pub fn apply(pos: &Position, mv: &Move) -> Position {
    let fb = 1u32 << (mv.from & 31);
    let tb = 1u32 << (mv.to & 31);
    let (own, opp) = pos.own_opp();
    let own2 = (own & !fb) | tb;
    let opp2 = opp & !mv.captured;
    let was_king = pos.k & fb != 0;
    let mut k = pos.k & !mv.captured & !fb;
    if was_king || mv.crowns {
        k |= tb;
    }
    let (b, w) = match pos.to_move {
        Side::Black => (own2, opp2),
        Side::White => (opp2, own2),
    };
    Position {
        b,
        w,
        k,
        to_move: pos.to_move.opponent(),
    }
}

/// The crowning row of `side`.
#[inline(always)]
pub fn king_row(side: Side) -> u32 {
    match side {
        Side::Black => BLACK_KING_ROW,
        Side::White => WHITE_KING_ROW,
    }
}

/// The pieces of the side to move that may make steps of type `d`: all of its pieces for
/// a forward type, its kings only for a backward type.
#[inline(always)]
fn movers(own: u32, kings: u32, side: Side, d: Dir) -> u32 {
    if d.forward_for(side) {
        own
    } else {
        own & kings
    }
}

/// Word of first-stage capture destinations of type `(a, b)`:
/// `shift_b(shift_a(movers) & opp) & empty`.
#[inline(always)]
fn capture_word(own: u32, opp: u32, kings: u32, side: Side, a: Dir, b: Dir) -> u32 {
    let m = movers(own, kings, side, a);
    step(step(m, a) & opp, b) & !own & !opp
}

/// Whether the side to move has any capture (and so must capture).
#[inline(always)]
pub fn has_capture(pos: &Position) -> bool {
    let (own, opp) = pos.own_opp();
    CAPTURE_ORDER
        .iter()
        .any(|&(a, b)| capture_word(own, opp, pos.k, pos.to_move, a, b) != 0)
}

/// Number of non-capture moves, by popcount of the four Y words (each destination in one
/// type comes from exactly one square). Meaningful only when there is no capture.
#[inline(always)]
pub fn count_steps(pos: &Position) -> u32 {
    let (own, _) = pos.own_opp();
    let empty = pos.empty();
    STEP_ORDER
        .iter()
        .map(|&d| (step(movers(own, pos.k, pos.to_move, d), d) & empty).count_ones())
        .sum()
}

/// Calls `f` with each legal move in Strachey's order (see the module documentation).
pub fn for_each_move(pos: &Position, f: &mut dyn FnMut(&Move)) {
    let (own, opp) = pos.own_opp();
    let side = pos.to_move;
    let empty = pos.empty();
    let mut any_capture = false;
    for &(a, b) in CAPTURE_ORDER.iter() {
        let mut y = capture_word(own, opp, pos.k, side, a, b);
        while y != 0 {
            any_capture = true;
            let t = 31 - y.leading_zeros();
            y &= !(1 << t);
            let tb = 1u32 << t;
            let mid = step(tb, b.inverse());
            let fb = step(mid, a.inverse());
            let from = fb.trailing_zeros() as u8;
            let is_king = pos.k & fb != 0;
            let mut mv = Move {
                from,
                to: t as u8,
                captured: mid,
                path: [0; MAX_STAGES],
                stages: 1,
                kind: MoveKind::Capture(a, b),
                crowns: false,
            };
            mv.path[0] = t as u8;
            // The mover has left `from`; the captured piece is taken off at once.
            let own2 = (own & !fb) | tb;
            let opp2 = opp & !mid;
            if !is_king && tb & king_row(side) != 0 {
                mv.crowns = true;
                f(&mv);
                continue;
            }
            continue_capture(own2, opp2, is_king, side, &mut mv, f);
        }
    }
    if any_capture {
        return;
    }
    for &d in STEP_ORDER.iter() {
        let mut y = step(movers(own, pos.k, side, d), d) & empty;
        while y != 0 {
            let t = 31 - y.leading_zeros();
            y &= !(1 << t);
            let tb = 1u32 << t;
            let fb = step(tb, d.inverse());
            let from = fb.trailing_zeros() as u8;
            let crowns = pos.k & fb == 0 && tb & king_row(side) != 0;
            let mut mv = Move {
                from,
                to: t as u8,
                captured: 0,
                path: [0; MAX_STAGES],
                stages: 1,
                kind: MoveKind::Step(d),
                crowns,
            };
            mv.path[0] = t as u8;
            f(&mv);
        }
    }
}

/// Continues a capture from `mv.to` with the same piece, depth first in
/// [`CAPTURE_ORDER`]; emits `mv` when no further capture exists.
fn continue_capture(
    own: u32,
    opp: u32,
    is_king: bool,
    side: Side,
    mv: &mut Move,
    f: &mut dyn FnMut(&Move),
) {
    let at = 1u32 << mv.to;
    let mut found = false;
    for &(a, b) in CAPTURE_ORDER.iter() {
        let may_use = is_king || (a.forward_for(side) && b.forward_for(side));
        if !may_use {
            continue;
        }
        let mid = step(at, a) & opp;
        if mid == 0 {
            continue;
        }
        let land = step(mid, b) & !own & !opp;
        if land == 0 {
            continue;
        }
        found = true;
        let saved = *mv;
        let t = land.trailing_zeros() as u8;
        mv.to = t;
        mv.captured |= mid;
        if (mv.stages as usize) < MAX_STAGES {
            mv.path[mv.stages as usize] = t;
            mv.stages += 1;
        }
        let own2 = (own & !at) | land;
        let opp2 = opp & !mid;
        if !is_king && land & king_row(side) != 0 {
            mv.crowns = true;
            f(mv);
        } else {
            continue_capture(own2, opp2, is_king, side, mv, f);
        }
        *mv = saved;
    }
    if !found {
        f(mv);
    }
}

/// All legal moves of the side to move, in Strachey's order. Captures of the same pieces
/// by different routes (duplicates) are all listed, as Strachey's re-entered move finding
/// produces them.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(16);
    for_each_move(pos, &mut |m| v.push(*m));
    v
}

/// Finds the legal move matching text in PDN (`9-14`, `9x18`, `9x18x27`) or, with
/// `strachey = true`, in Strachey's squares (`8-13`, `6-20(16,9)`, `6-1 K`). A capture given
/// only by its ends matches when one route (or several routes with the same captured set)
/// fits; a bracketed captured list must match exactly.
pub fn find_move(pos: &Position, text: &str, strachey: bool) -> Result<Move, super::DraughtsError> {
    let bad = || super::DraughtsError::IllegalMove(text.to_string());
    let t = text.trim().trim_end_matches(['K', 'k']).trim();
    let (squares, caps) = match t.split_once('(') {
        Some((a, c)) => (a.trim(), Some(c.trim_end_matches(')'))),
        None => (t, None),
    };
    let base: i64 = if strachey { 0 } else { 1 };
    let nums: Vec<i64> = squares
        .split(['-', 'x', 'X', '–', '—'])
        .map(|s| s.trim().parse::<i64>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    if nums.len() < 2 || nums.iter().any(|&n| n - base < 0 || n - base > 31) {
        return Err(bad());
    }
    let sq: Vec<u8> = nums.iter().map(|&n| (n - base) as u8).collect();
    let mut cap_mask = None;
    if let Some(c) = caps {
        let mut m = 0u32;
        for p in c.split(',') {
            let n: i64 = p.trim().parse().map_err(|_| bad())?;
            if n - base < 0 || n - base > 31 {
                return Err(bad());
            }
            m |= 1 << (n - base);
        }
        cap_mask = Some(m);
    }
    let moves = legal_moves(pos);
    let matching: Vec<&Move> = moves
        .iter()
        .filter(|m| {
            m.from == sq[0]
                && m.to == *sq.last().unwrap_or(&0)
                && (sq.len() == 2 || m.landings() == &sq[1..])
                && cap_mask.is_none_or(|c| c == m.captured)
        })
        .collect();
    match matching.first() {
        Some(first) if matching.iter().all(|m| m.captured == first.captured) => Ok(**first),
        _ => Err(bad()),
    }
}
