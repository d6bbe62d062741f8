//! Noughts and crosses as Bell describes its machines (A. G. Bell, *Games Playing with
//! Computers*, 1972, ch. 1.3): Michie's never-losing scoring (D. Michie, 1961), a perfect
//! minimax player for the tests, and the count of MENACE's boxes.
//!
//! Cells are numbered 1–9 row by row from the top left in every input and output (the
//! project's one notation); inside, 0–8. A board is nine cells, 0 empty, [`X`] the first
//! player's mark, [`O`] the second's.

pub mod defence;
pub mod menace;

/// An empty cell.
pub const EMPTY: u8 = 0;
/// The first player's mark.
pub const X: u8 = 1;
/// The second player's.
pub const O: u8 = 2;

/// The eight lines: rows, columns, diagonals (cells 0–8).
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A board: nine cells.
pub type Board = [u8; 9];

/// The mark that has three in a line, if any.
pub fn winner(b: &Board) -> Option<u8> {
    LINES
        .iter()
        .find(|l| b[l[0]] != EMPTY && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
        .map(|l| b[l[0]])
}

/// Whether the game is over (a line, or no empty cell).
pub fn over(b: &Board) -> bool {
    winner(b).is_some() || b.iter().all(|&c| c != EMPTY)
}

/// The mark to move: X when the marks are even.
pub fn to_move(b: &Board) -> u8 {
    let xs = b.iter().filter(|&&c| c == X).count();
    let os = b.iter().filter(|&&c| c == O).count();
    if xs == os {
        X
    } else {
        O
    }
}

/// Michie's scores (Bell: "For every M on the board enter 6, for every empty cell enter
/// 1, and for every 0 enter -4 ... Calculate the eight products of three numbers in a
/// line ... Sum for each empty square all the interesting scores"): for each empty cell
/// the sum of the products of the lines through it, `me` being the machine's mark.
pub fn michie_scores(b: &Board, me: u8) -> [Option<i32>; 9] {
    let v = |c: u8| match c {
        EMPTY => 1,
        m if m == me => 6,
        _ => -4,
    };
    let products: Vec<i32> = LINES
        .iter()
        .map(|l| l.iter().map(|&i| v(b[i])).product())
        .collect();
    let mut out = [None; 9];
    for (i, slot) in out.iter_mut().enumerate() {
        if b[i] == EMPTY {
            *slot = Some(
                LINES
                    .iter()
                    .zip(&products)
                    .filter(|(l, _)| l.contains(&i))
                    .map(|(_, p)| p)
                    .sum(),
            );
        }
    }
    out
}

/// The cells (0–8) of Michie's largest score: his machine plays one of them (Bell: ties
/// by the randomiser).
pub fn michie_choices(b: &Board, me: u8) -> Vec<usize> {
    let s = michie_scores(b, me);
    let best = s.iter().flatten().max().copied();
    (0..9).filter(|&i| s[i].is_some() && s[i] == best).collect()
}

/// The game's value for the side to move under perfect play: 1 win, 0 draw, −1 loss
/// (from a table of every board, computed once).
pub fn value(b: &Board) -> i32 {
    static TABLE: std::sync::OnceLock<Vec<i8>> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| {
        let mut t = vec![i8::MIN; 19683];
        fn fill(b: &Board, t: &mut Vec<i8>) -> i8 {
            let k = key(b);
            if t[k] != i8::MIN {
                return t[k];
            }
            let v = value_plain(b, &mut |c: &Board| i32::from(fill(c, t))) as i8;
            t[k] = v;
            v
        }
        fill(&[EMPTY; 9], &mut t);
        t
    });
    match t[key(b)] {
        i8::MIN => value_plain(b, &mut |c: &Board| value(c)),
        v => i32::from(v),
    }
}

/// A board's index 0–19682 (base 3).
fn key(b: &Board) -> usize {
    b.iter().fold(0, |k, &c| k * 3 + c as usize)
}

/// The value from the children's values `child`.
fn value_plain(b: &Board, child: &mut dyn FnMut(&Board) -> i32) -> i32 {
    if let Some(w) = winner(b) {
        return if w == to_move(b) { 1 } else { -1 };
    }
    if over(b) {
        return 0;
    }
    let m = to_move(b);
    (0..9)
        .filter(|&i| b[i] == EMPTY)
        .map(|i| {
            let mut c = *b;
            c[i] = m;
            -child(&c)
        })
        .max()
        .unwrap_or(0)
}

/// The perfect player's moves: every empty cell that keeps the best value.
pub fn perfect_choices(b: &Board) -> Vec<usize> {
    let m = to_move(b);
    let moves: Vec<(usize, i32)> = (0..9)
        .filter(|&i| b[i] == EMPTY)
        .map(|i| {
            let mut c = *b;
            c[i] = m;
            (i, -value(&c))
        })
        .collect();
    let best = moves.iter().map(|m| m.1).max();
    moves
        .into_iter()
        .filter(|m| Some(m.1) == best)
        .map(|m| m.0)
        .collect()
}

/// Games of Michie's machine (X, first) against every sequence of replies, every tie of
/// its own taken too: `(won, drawn, lost)`.
pub fn michie_tree() -> (u64, u64, u64) {
    fn go(b: &Board, acc: &mut (u64, u64, u64)) {
        if let Some(w) = winner(b) {
            if w == X {
                acc.0 += 1;
            } else {
                acc.2 += 1;
            }
            return;
        }
        if over(b) {
            acc.1 += 1;
            return;
        }
        if to_move(b) == X {
            for i in michie_choices(b, X) {
                let mut c = *b;
                c[i] = X;
                go(&c, acc);
            }
        } else {
            for i in (0..9).filter(|&i| b[i] == EMPTY) {
                let mut c = *b;
                c[i] = O;
                go(&c, acc);
            }
        }
    }
    let mut acc = (0, 0, 0);
    go(&[EMPTY; 9], &mut acc);
    acc
}

/// The eight symmetries of the square as cell permutations.
pub fn symmetries() -> [[usize; 9]; 8] {
    let rot = |p: [usize; 9]| -> [usize; 9] {
        // (r, c) -> (c, 2 - r)
        let mut q = [0; 9];
        for (i, &v) in p.iter().enumerate() {
            let (r, c) = (i / 3, i % 3);
            q[c * 3 + (2 - r)] = v;
        }
        q
    };
    let flip = |p: [usize; 9]| -> [usize; 9] {
        let mut q = [0; 9];
        for (i, &v) in p.iter().enumerate() {
            let (r, c) = (i / 3, i % 3);
            q[r * 3 + (2 - c)] = v;
        }
        q
    };
    let id: [usize; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let mut out = [id; 8];
    let mut p = id;
    for k in 0..4 {
        out[k] = p;
        out[k + 4] = flip(p);
        p = rot(p);
    }
    out
}

/// The least of a board's eight forms (its class under the square's symmetries).
pub fn canonical(b: &Board) -> Board {
    symmetries()
        .iter()
        .map(|s| {
            let mut c = [EMPTY; 9];
            for i in 0..9 {
                c[s[i]] = b[i];
            }
            c
        })
        .min()
        .unwrap_or(*b)
}

/// MENACE's boxes: the positions, up to the square's symmetries, that X (MENACE, which
/// plays the 1st, 3rd, 5th and 7th moves) can meet in play, game not yet over, counted
/// by move: `[move 1, 3, 5, 7]`. With `two_or_more` only positions where X has at least
/// two cells to choose from up to symmetry are counted (a box of one colour decides
/// nothing). With `no_win_in_one` positions where X can complete a line are left out.
pub fn menace_boxes(two_or_more: bool, no_win_in_one: bool) -> [usize; 4] {
    use std::collections::HashSet;
    let mut seen: [HashSet<Board>; 4] = Default::default();
    fn walk(
        b: &Board,
        seen: &mut [std::collections::HashSet<Board>; 4],
        f: &dyn Fn(&Board) -> bool,
    ) {
        if over(b) {
            return;
        }
        let n = b.iter().filter(|&&c| c != EMPTY).count();
        if to_move(b) == X && n < 8 && f(b) {
            seen[n / 2].insert(canonical(b));
        }
        let m = to_move(b);
        for i in (0..9).filter(|&i| b[i] == EMPTY) {
            let mut c = *b;
            c[i] = m;
            walk(&c, seen, f);
        }
    }
    let filter = move |b: &Board| -> bool {
        if no_win_in_one
            && (0..9).any(|i| {
                b[i] == EMPTY && {
                    let mut c = *b;
                    c[i] = X;
                    winner(&c) == Some(X)
                }
            })
        {
            return false;
        }
        if two_or_more {
            let distinct: HashSet<Board> = (0..9)
                .filter(|&i| b[i] == EMPTY)
                .map(|i| {
                    let mut c = *b;
                    c[i] = X;
                    canonical(&c)
                })
                .collect();
            return distinct.len() >= 2;
        }
        true
    };
    walk(&[EMPTY; 9], &mut seen, &filter);
    [seen[0].len(), seen[1].len(), seen[2].len(), seen[3].len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bell's worked example: M on cells 1 and 6, the opponent on 3 and 7 (the position
    /// whose products are the printed -24 6 -4 -24 1 -24 6 16); the cumulative scores
    /// -23 -18 29 -3 -22 of the empty cells 2, 4, 5, 8, 9; the centre chosen.
    #[test]
    fn michies_worked_example() {
        let b: Board = [X, EMPTY, O, EMPTY, EMPTY, X, O, EMPTY, EMPTY];
        let s = michie_scores(&b, X);
        let got: Vec<i32> = s.iter().flatten().copied().collect();
        assert_eq!(got, [-23, -18, 29, -3, -22]);
        assert_eq!(michie_choices(&b, X), [4]);
        // Bell: "This machine always takes the centre at its first move."
        assert_eq!(michie_choices(&[EMPTY; 9], X), [4]);
    }

    /// Over every sequence of the opponent's replies (and every tie of its own), Michie's
    /// machine never loses.
    #[test]
    fn michie_never_loses() {
        let (won, drawn, lost) = michie_tree();
        eprintln!("Michie's machine: won {won}, drawn {drawn}, lost {lost}");
        assert_eq!(lost, 0);
        assert!(won > 0 && drawn > 0);
    }

    #[test]
    fn perfect_play_draws() {
        assert_eq!(value(&[EMPTY; 9]), 0);
        // Bell's Fig. 1.6: after a corner opening the only good reply is the centre.
        let b: Board = [X, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY];
        assert_eq!(perfect_choices(&b), [4]);
    }

    /// MENACE's boxes: 304 with every position X can meet (the literature's count);
    /// none has a single distinct move; without the positions where X can complete a
    /// line, 120. Michie's 287 is not one of these (docs/bell.md).
    #[test]
    fn menace_box_counts() {
        let all = menace_boxes(false, false);
        eprintln!("boxes by move (1, 3, 5, 7): {all:?}");
        assert_eq!(all, [1, 12, 108, 183]);
        assert_eq!(all.iter().sum::<usize>(), 304);
        assert_eq!(menace_boxes(true, false), all);
        assert_eq!(menace_boxes(false, true), [1, 12, 54, 53]);
    }
}
