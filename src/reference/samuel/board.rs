//! The board as Samuel's program held it, and the geometry the terms use.
//!
//! Samuel (1959), Appendix A, Fig. A-1: the 32 playing squares are bit positions 1–35
//! of an IBM 704 word, bits 9, 18 and 27 left off the board, numbered so that a move
//! "right forward" adds 4 and "left forward" adds 5 everywhere on the board; "forward"
//! is Black's direction, towards White's side. With PDN square p (1–32) and Strachey's
//! square s = p − 1, Samuel's bit is `s + 1 + s / 8`: PDN 1–8 are bits 1–8, PDN 9–16
//! bits 10–17, PDN 17–24 bits 19–26 and PDN 25–32 bits 28–35 (the figure is lost in
//! the OCR; this numbering is the one that gives +4 and +5 for every forward move of
//! the standard board, checked against the draughts reference engine in the tests).
//!
//! A position is four such words (Appendix A): FA, the pieces of the side to move that
//! move forward (Black's men and kings, or White's kings); BA, its pieces that move
//! backward (Black's kings, or White's men and kings); FP and BP the same for the
//! passive side. The engine itself plays on the draughts reference engine's
//! [`Position`] (Strachey's three words), whose legality is tested; [`SamuelWords`]
//! converts to and from Samuel's words, and [`samuel_steps`] finds the non-jump moves
//! from them by Samuel's shifts.

use crate::reference::draughts::{Position, Side};

/// Samuel's bit (1–35, never 9, 18 or 27) of Strachey's square `s` (0–31).
pub fn samuel_of_strachey(s: u8) -> u8 {
    let s = s & 31;
    s + 1 + s / 8
}

/// Strachey's square (0–31) of Samuel's bit `i`, or `None` for 0, 9, 18, 27 and above 35.
pub fn strachey_of_samuel(i: u8) -> Option<u8> {
    if i == 0 || i > 35 || i.is_multiple_of(9) {
        return None;
    }
    let i0 = i - 1;
    Some(i0 - i0 / 9)
}

/// Samuel's bit of PDN square `p` (1–32), or `None` outside 1–32.
pub fn samuel_of_pdn(p: u32) -> Option<u8> {
    (1..=32)
        .contains(&p)
        .then(|| samuel_of_strachey((p - 1) as u8))
}

/// PDN square (1–32) of Samuel's bit `i`, or `None` if `i` is not a playing square.
pub fn pdn_of_samuel(i: u8) -> Option<u32> {
    strachey_of_samuel(i).map(|s| u32::from(s) + 1)
}

/// A 32-bit word in Strachey's squares as a word in Samuel's bits (bit `i` for square
/// `s`, [`samuel_of_strachey`]).
pub fn to_samuel_word(w: u32) -> u64 {
    let mut out = 0u64;
    for s in 0..32u8 {
        if w & (1 << s) != 0 {
            out |= 1 << samuel_of_strachey(s);
        }
    }
    out
}

/// A word in Samuel's bits as a word in Strachey's squares; bits off the board are
/// dropped.
pub fn from_samuel_word(w: u64) -> u32 {
    let mut out = 0u32;
    for i in 1..=35u8 {
        if w & (1 << i) != 0 {
            if let Some(s) = strachey_of_samuel(i) {
                out |= 1 << s;
            }
        }
    }
    out
}

/// Samuel's four words for a position (Appendix A), each a 36-bit word in his bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SamuelWords {
    /// Forward active: the side to move's pieces that move forward (towards higher
    /// bits): Black's men and kings when Black is to move, White's kings otherwise.
    pub fa: u64,
    /// Backward active: Black's kings, or White's men and kings.
    pub ba: u64,
    /// Forward passive.
    pub fp: u64,
    /// Backward passive.
    pub bp: u64,
    /// The side to move (active).
    pub active: Side,
}

impl SamuelWords {
    /// Samuel's words of `pos`.
    pub fn of(pos: &Position) -> SamuelWords {
        let (b, w, k) = (
            to_samuel_word(pos.b),
            to_samuel_word(pos.w),
            to_samuel_word(pos.k),
        );
        // Black's pieces all move forward and its kings backward too; White's all
        // move backward and its kings forward too.
        let (bf, bb, wf, wb) = (b, b & k, w & k, w);
        match pos.to_move {
            Side::Black => SamuelWords {
                fa: bf,
                ba: bb,
                fp: wf,
                bp: wb,
                active: Side::Black,
            },
            Side::White => SamuelWords {
                fa: wf,
                ba: wb,
                fp: bf,
                bp: bb,
                active: Side::White,
            },
        }
    }

    /// The position back in Strachey's words.
    pub fn position(&self) -> Position {
        let (black_f, black_b, white_f, white_b) = match self.active {
            Side::Black => (self.fa, self.ba, self.fp, self.bp),
            Side::White => (self.fp, self.bp, self.fa, self.ba),
        };
        // Black's pieces are its forward word; its kings its backward word; White's
        // pieces its backward word, its kings its forward word.
        let b = from_samuel_word(black_f);
        let w = from_samuel_word(white_b);
        let k = from_samuel_word(black_b) | from_samuel_word(white_f);
        Position {
            b,
            w,
            k,
            to_move: self.active,
        }
    }

    /// EMPTY: the playing squares no piece occupies (bits 1–35 less 9, 18, 27).
    pub fn empty(&self) -> u64 {
        BOARD & !(self.fa | self.ba | self.fp | self.bp)
    }
}

/// The 32 playing squares in Samuel's bits.
pub const BOARD: u64 = 0xF_F7FB_FDFE;

/// The non-jump moves of the side to move found from Samuel's words by his shifts
/// (Appendix A: "RF ... in four instructions"): RF (right forward, +4), LF (left
/// forward, +5), LB (left backward, −4) and RB (right backward, −5), each the word of
/// pieces that can move that way. Returned as `(from, to)` in Samuel's bits, RF first.
pub fn samuel_steps(w: &SamuelWords) -> Vec<(u8, u8)> {
    let empty = w.empty();
    let rf = (empty >> 4) & w.fa;
    let lf = (empty >> 5) & w.fa;
    let lb = (empty << 4) & w.ba & BOARD;
    let rb = (empty << 5) & w.ba & BOARD;
    let mut v = Vec::new();
    for (word, delta) in [(rf, 4i8), (lf, 5), (lb, -4), (rb, -5)] {
        for i in 1..=35u8 {
            if word & (1 << i) != 0 {
                v.push((i, (i as i8 + delta) as u8));
            }
        }
    }
    v
}

/// Row of Strachey's square `s`: 0 is Black's back row (PDN 1–4), 7 White's (29–32).
pub const fn row(s: u8) -> i8 {
    (s / 4) as i8
}

/// Column (0–7) of square `s`, as the reference engine draws the board (Strachey's Fig.
/// 1, Black at the top): PDN 1 at row 0 column 1, PDN 5 at row 1 column 0.
pub const fn col(s: u8) -> i8 {
    let r = s / 4;
    let k = (s % 4) as i8;
    if r.is_multiple_of(2) {
        2 * k + 1
    } else {
        2 * k
    }
}

/// The square at `(row, col)`, if it is a playing square on the board.
pub const fn at(r: i8, c: i8) -> Option<u8> {
    if r < 0 || r > 7 || c < 0 || c > 7 || (r + c) % 2 == 0 {
        return None;
    }
    Some((r * 4 + c / 2) as u8)
}

/// The four diagonal directions as (row step, column step): towards White's side
/// (rows up) first.
pub const DIRS: [(i8, i8); 4] = [(1, -1), (1, 1), (-1, -1), (-1, 1)];

/// The neighbour of `s` one step in direction `d` (an index into [`DIRS`]).
pub fn neighbour(s: u8, d: usize) -> Option<u8> {
    NEIGHBOURS[s as usize & 31][d & 3]
}

const fn neighbours() -> [[Option<u8>; 4]; 32] {
    let mut t = [[None; 4]; 32];
    let mut s = 0;
    while s < 32 {
        let mut d = 0;
        while d < 4 {
            t[s][d] = at(row(s as u8) + DIRS[d].0, col(s as u8) + DIRS[d].1);
            d += 1;
        }
        s += 1;
    }
    t
}

/// Every square's neighbours by direction.
static NEIGHBOURS: [[Option<u8>; 4]; 32] = neighbours();

/// The row step of `side`'s men: +1 for Black (towards row 7), −1 for White.
pub fn forward(side: Side) -> i8 {
    match side {
        Side::Black => 1,
        Side::White => -1,
    }
}

/// Whether direction `d` is one `side`'s men may move in.
pub fn man_dir(side: Side, d: usize) -> bool {
    DIRS[d & 3].0 == forward(side)
}

/// The bit of square `s`.
#[inline]
pub fn bit(s: u8) -> u32 {
    1u32 << (s & 31)
}

/// The bits of PDN squares `pdn`.
pub fn pdn_mask(pdn: &[u32]) -> u32 {
    pdn.iter()
        .map(|&p| bit((p - 1) as u8))
        .fold(0, |a, b| a | b)
}

/// Squares of a word, lowest first.
pub fn squares(mut w: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if w == 0 {
            return None;
        }
        let s = w.trailing_zeros() as u8;
        w &= w - 1;
        Some(s)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::draughts::{legal_moves, moves::has_capture, random_positions};

    #[test]
    fn numbering_round_trips_and_skips_the_unused_bits() {
        let bits: Vec<u8> = (0..32).map(samuel_of_strachey).collect();
        assert_eq!(&bits[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 10]);
        assert_eq!(bits[31], 35);
        for b in [0u8, 9, 18, 27, 36] {
            assert_eq!(strachey_of_samuel(b), None);
        }
        for s in 0..32 {
            assert_eq!(strachey_of_samuel(samuel_of_strachey(s)), Some(s));
        }
        assert_eq!(samuel_of_pdn(9), Some(10));
        assert_eq!(pdn_of_samuel(35), Some(32));
        assert_eq!(to_samuel_word(u32::MAX), BOARD);
    }

    #[test]
    fn geometry_agrees_with_the_reference_board() {
        // PDN 1 moves to 5 and 6; 4 to 8 only; 5 to 9 only; 8 to 11 and 12.
        let fwd = |p: u8| -> Vec<u8> {
            (0..4)
                .filter(|&d| man_dir(Side::Black, d))
                .filter_map(|d| neighbour(p - 1, d))
                .map(|s| s + 1)
                .collect::<Vec<_>>()
        };
        let sorted = |mut v: Vec<u8>| {
            v.sort();
            v
        };
        assert_eq!(sorted(fwd(1)), vec![5, 6]);
        assert_eq!(fwd(4), vec![8]);
        assert_eq!(fwd(5), vec![9]);
        assert_eq!(sorted(fwd(8)), vec![11, 12]);
        for s in 0..32 {
            assert_eq!(at(row(s), col(s)), Some(s));
        }
    }

    /// Samuel's words and shifts give the reference engine's non-jump moves.
    #[test]
    fn samuel_shifts_find_the_reference_steps() {
        let mut checked = 0;
        for pos in random_positions(400, 7) {
            let w = SamuelWords::of(&pos);
            assert_eq!(w.position(), pos);
            if has_capture(&pos) {
                continue;
            }
            let mut ours: Vec<(u8, u8)> = samuel_steps(&w)
                .into_iter()
                .map(|(a, b)| {
                    (
                        strachey_of_samuel(a).unwrap(),
                        strachey_of_samuel(b).unwrap(),
                    )
                })
                .collect();
            let mut theirs: Vec<(u8, u8)> =
                legal_moves(&pos).iter().map(|m| (m.from, m.to)).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{}", pos.to_fen());
            checked += 1;
        }
        assert!(checked > 100);
    }
}
