//! The knight's tour (Bell, *Games Playing with Computers*, 1972, ch. 1, Fig. 1.1), and
//! Warnsdorff's rule (H. C. von Warnsdorff, 1823): move to the square from which the
//! knight would have the fewest onward moves.
//!
//! Squares are chess squares `a1`–`h8` in text; inside, 0–63 with `a1` = 0, `b1` = 1 …
//! `h8` = 63 (file + 8 × rank).
//!
//! Fig. 1.1 is printed as eight rows of eight move numbers; we read the OCR's 64
//! numbers row by row from the top of the figure as ranks 8 down to 1, files a to h
//! ([`FIG_1_1`]). The tests show it is a legal tour (each number a knight's move from
//! the one before) and whether it closes.

/// Errors of knight's-tour input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KnightError {
    /// Not a square `a1`–`h8`.
    #[error("`{0}` is not a square: a1 to h8")]
    Square(String),
}

/// Bell's Fig. 1.1 as the OCR gives it: 64 move numbers, the figure's rows from the top.
pub const FIG_1_1: [u8; 64] = [
    32, 17, 48, 9, 34, 19, 38, 7, //
    47, 10, 33, 18, 49, 8, 35, 20, //
    16, 31, 50, 57, 64, 37, 6, 39, //
    11, 46, 63, 60, 53, 56, 21, 36, //
    30, 15, 54, 51, 58, 61, 40, 5, //
    45, 12, 59, 62, 55, 52, 25, 22, //
    14, 29, 2, 43, 24, 27, 4, 41, //
    1, 44, 13, 28, 3, 42, 23, 26, //
];

/// The square (0–63, a1 = 0) of the figure's cell at row `r` from the top, column `c`
/// from the left: rank 8 − r, file c.
pub fn figure_square(r: usize, c: usize) -> u8 {
    ((7 - r) * 8 + c) as u8
}

/// A square's name, `a1`–`h8`.
pub fn name(s: u8) -> String {
    format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1)
}

/// Reads `a1`–`h8` (either case).
///
/// # Errors
/// [`KnightError::Square`].
pub fn parse(text: &str) -> Result<u8, KnightError> {
    let t = text.trim().to_ascii_lowercase();
    let b = t.as_bytes();
    if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
        Ok((b[0] - b'a') + 8 * (b[1] - b'1'))
    } else {
        Err(KnightError::Square(text.to_string()))
    }
}

/// The squares a knight on `s` attacks.
pub fn moves(s: u8) -> Vec<u8> {
    let (f, r) = (i32::from(s % 8), i32::from(s / 8));
    [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ]
    .iter()
    .filter_map(|&(df, dr)| {
        let (nf, nr) = (f + df, r + dr);
        ((0..8).contains(&nf) && (0..8).contains(&nr)).then(|| (nf + 8 * nr) as u8)
    })
    .collect()
}

/// Whether `path` is a knight's tour: 64 different squares, each a knight's move from
/// the one before. Returns `(legal, closed)`: closed if the last square is also a
/// knight's move from the first.
pub fn check_tour(path: &[u8]) -> (bool, bool) {
    let mut seen = [false; 64];
    for &s in path {
        if s >= 64 || seen[s as usize] {
            return (false, false);
        }
        seen[s as usize] = true;
    }
    let legal = path.len() == 64 && path.windows(2).all(|w| moves(w[0]).contains(&w[1]));
    let closed = legal && moves(path[63]).contains(&path[0]);
    (legal, closed)
}

/// Fig. 1.1 as a path: the square of move 1, of move 2, … (`None` if a number is missing
/// or repeated).
pub fn figure_path() -> Option<Vec<u8>> {
    let mut path = vec![255u8; 64];
    for r in 0..8 {
        for c in 0..8 {
            let n = FIG_1_1[r * 8 + c] as usize;
            if !(1..=64).contains(&n) || path[n - 1] != 255 {
                return None;
            }
            path[n - 1] = figure_square(r, c);
        }
    }
    Some(path)
}

/// Warnsdorff's rule from `start`: at each step the unvisited square with the fewest
/// unvisited onward squares; among equals, the first in the order of [`moves`] (the
/// knight's eight moves clockwise from one square right and two up). Returns the squares
/// visited (64 for a complete tour; fewer if the knight is stuck).
pub fn warnsdorff(start: u8) -> Vec<u8> {
    let mut path = vec![start];
    while path.len() < 64 {
        let Some(n) = next_square(&path) else { break };
        path.push(n);
    }
    path
}

/// Warnsdorff's next square after the tour so far (`path`, distinct squares, the knight
/// on the last): the unvisited square with the fewest unvisited onward squares, among
/// equals the first in the order of [`moves`]; `None` if the knight is stuck.
pub fn next_square(path: &[u8]) -> Option<u8> {
    let mut seen = [false; 64];
    for &s in path {
        seen[usize::from(s & 63)] = true;
    }
    let at = *path.last()?;
    let degree = |s: u8| moves(s).iter().filter(|&&t| !seen[t as usize]).count();
    moves(at)
        .into_iter()
        .filter(|&t| !seen[t as usize])
        .min_by_key(|&t| degree(t))
}

/// The tour drawn as Fig. 1.1 is: eight rows (rank 8 at the top) of the move number on
/// each square.
pub fn board_text(path: &[u8]) -> String {
    let mut num = [0usize; 64];
    for (i, &s) in path.iter().enumerate() {
        num[s as usize] = i + 1;
    }
    let mut out = String::new();
    for r in (0..8).rev() {
        let row: Vec<String> = (0..8)
            .map(|f| match num[r * 8 + f] {
                0 => " .".to_string(),
                n => format!("{n:>2}"),
            })
            .collect();
        out += &row.join(" ");
        out.push('\n');
    }
    out
}

/// How a tour from `start` of `squares` squares ended, in words: "a complete tour from
/// a1, closed" (or open), or "stuck after N squares from a1"; the program's tour
/// (`mark1 knights-tour`) and the reference's (`mark1 ref knights-tour tour`) alike.
pub fn tour_words(start: u8, squares: usize, complete: bool, closed: bool) -> String {
    if complete {
        format!(
            "a complete tour from {}, {}",
            name(start),
            if closed { "closed" } else { "open" }
        )
    } else {
        format!("stuck after {squares} squares from {}", name(start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fig. 1.1 as the OCR gives it is a legal tour, and an open one.
    #[test]
    fn figure_1_1_is_a_legal_open_tour() {
        let path = figure_path().expect("64 different numbers");
        assert_eq!(check_tour(&path), (true, false));
        // Bell: "Starting in a corner": move 1 is a1.
        assert_eq!(name(path[0]), "a1");
    }

    /// Warnsdorff's rule with our tie-break completes the tour from 63 of the 64
    /// squares: from e3 the knight is stuck (docs/bell.md).
    #[test]
    fn warnsdorff_from_every_square() {
        let stuck: Vec<String> = (0..64)
            .filter(|&s| !check_tour(&warnsdorff(s)).0)
            .map(name)
            .collect();
        eprintln!("Warnsdorff stuck from {stuck:?}");
        assert_eq!(stuck, ["e3"]);
    }

    #[test]
    fn squares_read_and_refused() {
        assert_eq!(parse("a1"), Ok(0));
        assert_eq!(parse("H8"), Ok(63));
        assert!(parse("i9").is_err());
        assert!(parse("").is_err());
        assert_eq!(moves(0).len(), 2);
        assert_eq!(moves(27).len(), 8);
    }
}
