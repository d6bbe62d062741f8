//! MENACE, Michie's matchbox machine (Bell, ch. 1.3 "Michie's menace"): a box for each
//! position X can meet (up to the square's symmetries), beads for each move, drawn at
//! random; after the game every box used gains 3 beads of the colour played for a win,
//! 1 for a draw, and loses that bead for a loss. Bell: "1st move - 4 beads of 3 colours;
//! 3rd move - 3 beads of each colour; 5th move - 2 ...; 7th move - 1".

use super::{canonical, over, perfect_choices, symmetries, to_move, winner, Board, EMPTY, O, X};
use crate::random::RandomSource;
use std::collections::HashMap;

/// What MENACE does with an empty box: resign (Michie's) or refill it as new.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Empty {
    /// The game is lost.
    Resign,
    /// The box is filled again with its first beads.
    Refill,
}

/// Who plays O against MENACE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A perfect player (random among the best moves).
    Perfect,
    /// Any empty cell at random.
    Random,
    /// Michie's scoring for O (ties at random).
    Michie,
}

/// A game's result for MENACE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    /// MENACE won.
    Win,
    /// Drawn.
    Draw,
    /// MENACE lost (or resigned).
    Loss,
}

/// MENACE's boxes: for each canonical position, the beads of each cell (of the
/// canonical board).
#[derive(Clone, Debug, Default)]
pub struct Menace {
    /// The boxes.
    pub boxes: HashMap<Board, [u32; 9]>,
    /// Games played.
    pub games: u64,
}

/// The first beads of a position with `marks` marks on the board: 4, 3, 2, 1 for
/// MENACE's 1st, 3rd, 5th, 7th moves, on one cell of each class of moves distinct up to
/// the position's symmetries: the last cell of the class in cell order (our choice; the
/// program on the Mark 1 walks the cells from 9 down, docs/bell.md).
pub fn first_beads(c: &Board) -> [u32; 9] {
    let marks = c.iter().filter(|&&x| x != EMPTY).count();
    let n = match marks {
        0 => 4,
        2 => 3,
        4 => 2,
        _ => 1,
    };
    let mut beads = [0u32; 9];
    let mut seen: Vec<Board> = Vec::new();
    for i in (0..9).rev() {
        if c[i] == EMPTY {
            let mut d = *c;
            d[i] = X;
            let k = canonical(&d);
            if !seen.contains(&k) {
                seen.push(k);
                beads[i] = n;
            }
        }
    }
    beads
}

/// A position's number: its cells in base 3 (empty 0, X 1, O 2), cell 1 (index 0) the
/// most significant digit, 0 to 19,682. The canonical form is the image of the smallest
/// number. The program on the Mark 1 files its boxes by it.
pub fn code(b: &Board) -> u32 {
    b.iter().fold(0, |k, &c| k * 3 + u32::from(c))
}

/// The position of a number below 3^9 ([`code`]'s inverse), `None` if larger or if a
/// digit is not a mark.
pub fn from_code(mut k: u32) -> Option<Board> {
    if k >= 19_683 {
        return None;
    }
    let mut b = [EMPTY; 9];
    for i in (0..9).rev() {
        b[i] = (k % 3) as u8;
        k /= 3;
    }
    Some(b)
}

/// The symmetry taking `b` to its canonical form, as the cell permutation: the first in
/// [`symmetries`]' order whose image is the smallest.
fn to_canonical(b: &Board) -> [usize; 9] {
    let mut best: Option<(Board, [usize; 9])> = None;
    for s in symmetries() {
        let mut c = [EMPTY; 9];
        for i in 0..9 {
            c[s[i]] = b[i];
        }
        if best.as_ref().is_none_or(|(bc, _)| c < *bc) {
            best = Some((c, s));
        }
    }
    best.map(|(_, s)| s).unwrap_or([0, 1, 2, 3, 4, 5, 6, 7, 8])
}

/// The bead drawn from `beads` by the 20-bit random number `r`: the bead numbered
/// `r × total / 2^20` (0 first), counting the beads of cell 0 first, then cell 1's, and
/// so on: each bead equally likely, as the Mark 1 program draws with `/W` and one
/// multiplication. `None` if the box is empty.
pub fn pick(beads: &[u32; 9], r: u32) -> Option<usize> {
    let total: u64 = beads.iter().map(|&b| u64::from(b)).sum();
    if total == 0 {
        return None;
    }
    let mut k = (u64::from(r & 0xF_FFFF) * total) >> 20;
    for (i, &n) in beads.iter().enumerate() {
        if k < u64::from(n) {
            return Some(i);
        }
        k -= u64::from(n);
    }
    None
}

/// A box used in a game: the canonical position and the cell of it whose bead was drawn.
pub type Used = (Board, usize);

/// MENACE's move on a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The cell played (0–8) and the box and bead used (none for the forced ninth move).
    Cell(usize, Option<Used>),
    /// The box was empty and MENACE resigned.
    Resign,
}

impl Menace {
    /// MENACE's move on `b` (X to move, game not over) with the 20-bit random number `r`:
    /// the box is made if new ([`first_beads`]); an empty box resigns or is filled again
    /// as new; the ninth move, the only cell left, is played without a box (Bell: beads
    /// for the 1st, 3rd, 5th and 7th moves).
    pub fn choose(&mut self, b: &Board, r: u32, empty: Empty) -> Choice {
        let free: Vec<usize> = (0..9).filter(|&i| b[i] == EMPTY).collect();
        if free.len() == 1 {
            return Choice::Cell(free[0], None);
        }
        let s = to_canonical(b);
        let mut c = [EMPTY; 9];
        for i in 0..9 {
            c[s[i]] = b[i];
        }
        let beads = self.boxes.entry(c).or_insert_with(|| first_beads(&c));
        if beads.iter().all(|&n| n == 0) {
            match empty {
                Empty::Resign => return Choice::Resign,
                Empty::Refill => *beads = first_beads(&c),
            }
        }
        match pick(beads, r) {
            Some(ci) => {
                let cell = (0..9).find(|&i| s[i] == ci).unwrap_or(ci);
                Choice::Cell(cell, Some((c, ci)))
            }
            None => Choice::Resign,
        }
    }

    /// After a game: every box used gains 3 beads of the move played for a win, 1 for a
    /// draw, and loses that bead (never below none) for a loss (Bell).
    pub fn learn(&mut self, used: &[Used], result: Result3) {
        for (c, ci) in used {
            if let Some(beads) = self.boxes.get_mut(c) {
                match result {
                    Result3::Win => beads[*ci] += 3,
                    Result3::Draw => beads[*ci] += 1,
                    Result3::Loss => beads[*ci] = beads[*ci].saturating_sub(1),
                }
            }
        }
    }

    /// Plays one game as X against `opp`; the boxes learn from it. Returns the result
    /// and MENACE's first cell (9 if it resigned at once).
    pub fn play(
        &mut self,
        opp: Opponent,
        empty: Empty,
        rng: &mut dyn RandomSource,
    ) -> (Result3, usize) {
        let mut b = [EMPTY; 9];
        let mut used: Vec<Used> = Vec::new();
        let mut first = 9;
        let result = loop {
            if let Some(w) = winner(&b) {
                break if w == X { Result3::Win } else { Result3::Loss };
            }
            if over(&b) {
                break Result3::Draw;
            }
            if to_move(&b) == X {
                match self.choose(&b, rng.next_u20(), empty) {
                    Choice::Resign => break Result3::Loss,
                    Choice::Cell(cell, u) => {
                        if first == 9 {
                            first = cell;
                        }
                        b[cell] = X;
                        used.extend(u);
                    }
                }
            } else {
                b[opponent_move(opp, &b, rng)] = O;
            }
        };
        self.learn(&used, result);
        self.games += 1;
        (result, first)
    }
}

/// The opponent's cell on `b` (O to move, game not over): perfect play at random among
/// the best cells, any empty cell, or Michie's scoring with ties at random.
pub fn opponent_move(opp: Opponent, b: &Board, rng: &mut dyn RandomSource) -> usize {
    let choices: Vec<usize> = match opp {
        Opponent::Perfect => perfect_choices(b),
        Opponent::Random => (0..9).filter(|&i| b[i] == EMPTY).collect(),
        Opponent::Michie => super::michie_choices(b, O),
    };
    choices[rng.next_u20() as usize % choices.len().max(1)]
}

/// Whether a cell (0–8) is a corner.
pub fn is_corner(i: usize) -> bool {
    matches!(i, 0 | 2 | 6 | 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Xorshift;

    /// Against the perfect player MENACE learns never to lose: the game after which it
    /// draws 20 in a row, over 50 seeds (median and quartiles; Bell's account: always
    /// drawing against correct play after the 20th game).
    #[test]
    fn learns_to_draw_against_perfect_play() {
        let mut when = Vec::new();
        let mut corners = Vec::new();
        for seed in 1..=50u32 {
            let mut m = Menace::default();
            let mut rng = Xorshift(seed * 7919);
            let mut run = 0;
            let mut g = 0u64;
            let mut last_other = 0;
            while (run < 20 || g < 300) && g < 5000 {
                let (r, first) = m.play(Opponent::Perfect, Empty::Refill, &mut rng);
                g += 1;
                if !is_corner(first) {
                    last_other = g;
                }
                if run < 20 {
                    run = if r == Result3::Draw { run + 1 } else { 0 };
                    if run == 20 {
                        when.push(g - 20);
                    }
                }
            }
            corners.push(last_other);
        }
        when.sort();
        corners.sort();
        eprintln!(
            "games before 20 draws in a row: quartiles {} {} {}; the last opening not in a corner (of 300 games): quartiles {} {} {} (50 seeds)",
            when[12], when[25], when[37], corners[12], corners[25], corners[37]
        );
        assert_eq!(when.len(), 50, "every seed learns to draw");
        // Against a random player, the share of corner openings in games 201-300.
        let mut share = Vec::new();
        for seed in 1..=50u32 {
            let mut m = Menace::default();
            let mut rng = Xorshift(seed * 104_729);
            let mut c = 0;
            for g in 1..=300 {
                let (_, first) = m.play(Opponent::Random, Empty::Refill, &mut rng);
                if g > 200 && is_corner(first) {
                    c += 1;
                }
            }
            share.push(c);
        }
        share.sort();
        eprintln!(
            "against a random player, corner openings in games 201-300: quartiles {} {} {} (50 seeds)",
            share[12], share[25], share[37]
        );
        assert!(when[25] < 500, "{when:?}");
        // No win against perfect play.
        let mut m = Menace::default();
        let mut rng = Xorshift(5);
        for _ in 0..300 {
            assert_ne!(
                m.play(Opponent::Perfect, Empty::Refill, &mut rng).0,
                Result3::Win
            );
        }
    }
}
