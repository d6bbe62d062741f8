//! Bridg-it (David Gale's game) as Bell plays it (A. G. Bell, *Games Playing with
//! Computers*, 1972, ch. 1.2 "Bridget"), with Oliver Gross's winning strategy for the
//! first player as Bell's reply formula.
//!
//! # The board (size N, 2 ≤ N ≤ 8)
//! Black's circles form N columns by N + 1 rows, (x, y) with 0 ≤ x < N, 0 ≤ y ≤ N; rows
//! y = 0 and y = N are Black's base and goal. White's circles form N + 1 columns by N
//! rows between them; White's base and goal are its leftmost and rightmost columns. A
//! move joins two neighbouring circles of one's colour; each such link crosses exactly
//! one possible link of the other colour, so a move is the choice of a *crossing*: Black
//! taking crossing c draws its link there and White can never use c, and the other way
//! round. There are N² crossings of Black's vertical links (from (x, y) to (x, y + 1))
//! and (N − 1)² of its horizontal links (from (x, y) to (x + 1, y), 1 ≤ y ≤ N − 1; links
//! along the base and goal rows would serve nothing and are not on the board): 2N² − 2N
//! + 1 in all (41 for N = 5, as Bell's Fig. 1.5 numbers them).
//!
//! # Bell's numbering (Fig. 1.5, reconstructed)
//! The figure is lost in the OCR. We number the crossings row by row from the top, left
//! to right, the rows alternating: N crossings of Black's vertical links (between circle
//! rows y and y + 1), then N − 1 of its horizontal links (along circle row y + 1), and
//! so on: 1–5 the links from Black's base row, 6–9 the links along row 1, 10–14 the
//! links from row 1 to row 2 … 37–41 the links to the goal row (N = 5). With this
//! numbering Bell's formula is Gross's pairing strategy: crossing 1 is the first move
//! (the link at the base's left end), and the formula pairs every other crossing with
//! one that shares a circle (a White circle too), so that whichever of each pair Black
//! gets, its links join base to goal. docs/bell.md has the argument; the tests check it
//! exhaustively for N = 2 to 8 ([`pairing_wins`]).

/// Errors of Bridg-it input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BridgitError {
    /// A board size outside 2–8.
    #[error("board size {0}: Bridg-it is played here on sizes 2 to 8")]
    Size(u32),
    /// A crossing number outside the board.
    #[error("crossing {number}: the size-{size} board has crossings 1 to {count}")]
    NoSuchCrossing {
        /// The number given.
        number: u32,
        /// The board size.
        size: u32,
        /// Its crossings.
        count: u32,
    },
    /// A crossing already taken.
    #[error("crossing {0} is already taken")]
    Taken(u32),
    /// The game is over.
    #[error("the game is over: {0} has won")]
    Over(&'static str),
}

/// Smallest and largest board sizes.
pub const SIZES: std::ops::RangeInclusive<u32> = 2..=8;

/// Crossings on a board of size `n`: 2n² − 2n + 1.
pub fn crossings(n: u32) -> u32 {
    2 * n * n - 2 * n + 1
}

/// Checks a board size.
///
/// # Errors
/// [`BridgitError::Size`].
pub fn check_size(n: u32) -> Result<(), BridgitError> {
    if SIZES.contains(&n) {
        Ok(())
    } else {
        Err(BridgitError::Size(n))
    }
}

/// What Black's link at a crossing is: a vertical link from circle (x, y) to (x, y + 1),
/// or a horizontal one from (x, y) to (x + 1, y).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// Black's (x, y)–(x, y + 1); White's link here is horizontal.
    Vertical {
        /// Column of Black's circle.
        x: u32,
        /// Row of the upper circle.
        y: u32,
    },
    /// Black's (x, y)–(x + 1, y); White's link here is vertical.
    Horizontal {
        /// Column of the left circle.
        x: u32,
        /// Row.
        y: u32,
    },
}

/// The crossing numbered `c` (1 ..= [`crossings`]) on a board of size `n`, or `None`.
pub fn link(n: u32, c: u32) -> Option<Link> {
    if c == 0 || c > crossings(n) {
        return None;
    }
    let k = c - 1;
    let pair = 2 * n - 1; // a row of verticals and a row of horizontals
    let (block, rest) = (k / pair, k % pair);
    Some(if rest < n {
        Link::Vertical { x: rest, y: block }
    } else {
        Link::Horizontal {
            x: rest - n,
            y: block + 1,
        }
    })
}

/// Bell's reply to the opponent's crossing `om` on a board of size `n` (Bell, ch. 1.2):
/// R = OM mod 2N; if R < 2, OM + 1 when R = 0, else OM − 1; otherwise OM + N − 1 when
/// R − N ≤ 0, else OM − N + 1. Meaningful for 2 ≤ OM ≤ 2N² − 2N + 1.
pub fn reply(n: u32, om: u32) -> u32 {
    let r = om % (2 * n);
    if r < 2 {
        if r == 0 {
            om + 1
        } else {
            om - 1
        }
    } else if r <= n {
        om + n - 1
    } else {
        om - n + 1
    }
}

/// Who owns a crossing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// Black (the first player; the machine in Bell's program).
    Black,
    /// White.
    White,
}

impl Owner {
    /// "Black" or "White".
    pub fn name(self) -> &'static str {
        match self {
            Owner::Black => "Black",
            Owner::White => "White",
        }
    }
}

/// A game: the size and who owns each crossing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The size N.
    pub n: u32,
    /// Owner of crossing c at index c − 1.
    pub owner: Vec<Option<Owner>>,
}

impl Board {
    /// An empty board of size `n`.
    ///
    /// # Errors
    /// [`BridgitError::Size`].
    pub fn new(n: u32) -> Result<Board, BridgitError> {
        check_size(n)?;
        Ok(Board {
            n,
            owner: vec![None; crossings(n) as usize],
        })
    }

    /// `who` takes crossing `c`.
    ///
    /// # Errors
    /// No such crossing, already taken, or the game already won.
    pub fn play(&mut self, who: Owner, c: u32) -> Result<(), BridgitError> {
        if let Some(w) = self.winner() {
            return Err(BridgitError::Over(w.name()));
        }
        let count = crossings(self.n);
        if c == 0 || c > count {
            return Err(BridgitError::NoSuchCrossing {
                number: c,
                size: self.n,
                count,
            });
        }
        let slot = &mut self.owner[c as usize - 1];
        if slot.is_some() {
            return Err(BridgitError::Taken(c));
        }
        *slot = Some(who);
        Ok(())
    }

    /// Whether `who` has joined its base to its goal.
    pub fn has_won(&self, who: Owner) -> bool {
        let n = self.n as usize;
        // Black's circles (x, y): index y * n + x; White's circles (a, b), a in 0..=n
        // (columns, 0 the base), b in 0..n: index b * (n + 1) + a.
        let (nodes, start, goal): (usize, Vec<usize>, Vec<usize>) = match who {
            Owner::Black => (
                n * (n + 1),
                (0..n).collect(),
                (0..n).map(|x| n * n + x).collect(),
            ),
            Owner::White => (
                n * (n + 1),
                (0..n).map(|b| b * (n + 1)).collect(),
                (0..n).map(|b| b * (n + 1) + n).collect(),
            ),
        };
        let mut adj = vec![Vec::new(); nodes];
        for (i, o) in self.owner.iter().enumerate() {
            if *o != Some(who) {
                continue;
            }
            let Some(l) = link(self.n, i as u32 + 1) else {
                continue;
            };
            let (p, q) = match (who, l) {
                (Owner::Black, Link::Vertical { x, y }) => {
                    let (x, y) = (x as usize, y as usize);
                    (y * n + x, (y + 1) * n + x)
                }
                (Owner::Black, Link::Horizontal { x, y }) => {
                    let (x, y) = (x as usize, y as usize);
                    (y * n + x, y * n + x + 1)
                }
                // White's link crossing Black's vertical (x, y)-(x, y+1): White's
                // circles (x, y) and (x + 1, y) (White column a sits left of Black
                // column a).
                (Owner::White, Link::Vertical { x, y }) => {
                    let (a, b) = (x as usize, y as usize);
                    (b * (n + 1) + a, b * (n + 1) + a + 1)
                }
                // Crossing Black's horizontal (x, y)-(x+1, y): White's (x + 1, y − 1)
                // and (x + 1, y).
                (Owner::White, Link::Horizontal { x, y }) => {
                    let (a, b) = (x as usize + 1, y as usize);
                    ((b - 1) * (n + 1) + a, b * (n + 1) + a)
                }
            };
            adj[p].push(q);
            adj[q].push(p);
        }
        let mut seen = vec![false; nodes];
        let mut stack = start.clone();
        for &s in &start {
            seen[s] = true;
        }
        while let Some(v) = stack.pop() {
            if goal.contains(&v) {
                return true;
            }
            for &w in &adj[v] {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        false
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Owner> {
        [Owner::Black, Owner::White]
            .into_iter()
            .find(|&w| self.has_won(w))
    }

    /// The free crossings.
    pub fn free(&self) -> Vec<u32> {
        (1..=crossings(self.n))
            .filter(|&c| self.owner[c as usize - 1].is_none())
            .collect()
    }

    /// The board drawn with the numbers (Bell's Fig. 1.5 as we reconstruct it): Black's
    /// circles `o`, White's `x`; each crossing's number, `|` or `-` once Black has
    /// linked there, `=` / `!` once White has (White's link is perpendicular to
    /// Black's).
    pub fn diagram(&self) -> String {
        let n = self.n;
        let mut out = String::new();
        let cell = |c: u32| -> String {
            match (self.owner[c as usize - 1], link(n, c)) {
                (Some(Owner::Black), Some(Link::Vertical { .. })) => "  |".into(),
                (Some(Owner::Black), Some(Link::Horizontal { .. })) => " --".into(),
                (Some(Owner::White), Some(Link::Vertical { .. })) => " ==".into(),
                (Some(Owner::White), Some(Link::Horizontal { .. })) => "  !".into(),
                _ => format!("{c:>3}"),
            }
        };
        let mut c = 1;
        for y in 0..=n {
            // A row of Black's circles, with White's circles between rows.
            let mut line = String::from("   ");
            for x in 0..n {
                line += "  o";
                if x + 1 < n {
                    if y == 0 || y == n {
                        line += "   ";
                    } else {
                        line += &cell(c);
                        c += 1;
                    }
                }
            }
            out += line.trim_end();
            out.push('\n');
            if y == n {
                break;
            }
            let mut line = String::from("  x");
            for _ in 0..n {
                line += &cell(c);
                c += 1;
                line += "  x";
            }
            out += &line;
            out.push('\n');
        }
        out
    }
}

/// Bell's machine's move: crossing 1 on an empty board, else [`reply`] to the
/// opponent's last crossing.
pub fn machine_move(n: u32, last: Option<u32>) -> u32 {
    match last {
        None => 1,
        Some(om) => reply(n, om),
    }
}

/// Whether Bell's formula, with crossing 1 as the first move, is a winning pairing for
/// Black on a board of size `n`: it pairs every crossing but 1 with another (an
/// involution without fixed points), and no White chain joins White's base to its goal
/// while using at most one crossing of each pair. Decided exactly by a search of White's
/// chains (so, for every White strategy, the machine wins).
pub fn pairing_wins(n: u32) -> bool {
    pairing_blocks_white(n, &|c| reply(n, c))
}

/// Whether `partner`, with crossing 1 Black's first move, pairs every other crossing
/// (an involution without fixed points on 2 ..= [`crossings`]) so that no White chain
/// joins White's base to its goal using at most one crossing of each pair.
pub fn pairing_blocks_white(n: u32, partner: &dyn Fn(u32) -> u32) -> bool {
    let count = crossings(n);
    for c in 2..=count {
        let r = partner(c);
        if r < 2 || r > count || r == c || partner(r) != c {
            return false;
        }
    }
    // White's circles (a, b): a in 0..=n, b in 0..n; its links are the crossings.
    let nu = n as usize;
    let idx = |a: usize, b: usize| b * (nu + 1) + a;
    let mut adj: Vec<Vec<(usize, u32)>> = vec![Vec::new(); (nu + 1) * nu];
    for c in 2..=count {
        let (p, q) = match link(n, c) {
            Some(Link::Vertical { x, y }) => {
                let (a, b) = (x as usize, y as usize);
                (idx(a, b), idx(a + 1, b))
            }
            Some(Link::Horizontal { x, y }) => {
                let (a, b) = (x as usize + 1, y as usize);
                (idx(a, b - 1), idx(a, b))
            }
            None => continue,
        };
        adj[p].push((q, c));
        adj[q].push((p, c));
    }
    // Depth-first search over simple paths from the base column, never taking a crossing
    // whose partner is already on the path.
    fn dfs(
        v: usize,
        n: usize,
        adj: &[Vec<(usize, u32)>],
        on_path: &mut [bool],
        used: &mut Vec<bool>,
        partner: &dyn Fn(u32) -> u32,
    ) -> bool {
        if v % (n + 1) == n {
            return true;
        }
        for &(w, c) in &adj[v] {
            if on_path[w] || used[partner(c) as usize] {
                continue;
            }
            on_path[w] = true;
            used[c as usize] = true;
            if dfs(w, n, adj, on_path, used, partner) {
                return true;
            }
            on_path[w] = false;
            used[c as usize] = false;
        }
        false
    }
    for b in 0..nu {
        let mut on_path = vec![false; (nu + 1) * nu];
        let mut used = vec![false; count as usize + 2];
        on_path[idx(0, b)] = true;
        if dfs(idx(0, b), nu, &adj, &mut on_path, &mut used, partner) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bell's printed tables: N = 5 (every entry), N = 2, 3 (with I = A − OM) and 4.
    #[test]
    fn the_formula_gives_bells_tables() {
        let n5: [(u32, u32); 40] = [
            (2, 6),
            (3, 7),
            (4, 8),
            (5, 9),
            (6, 2),
            (7, 3),
            (8, 4),
            (9, 5),
            (10, 11),
            (11, 10),
            (12, 16),
            (13, 17),
            (14, 18),
            (15, 19),
            (16, 12),
            (17, 13),
            (18, 14),
            (19, 15),
            (20, 21),
            (21, 20),
            (22, 26),
            (23, 27),
            (24, 28),
            (25, 29),
            (26, 22),
            (27, 23),
            (28, 24),
            (29, 25),
            (30, 31),
            (31, 30),
            (32, 36),
            (33, 37),
            (34, 38),
            (35, 39),
            (36, 32),
            (37, 33),
            (38, 34),
            (39, 35),
            (40, 41),
            (41, 40),
        ];
        for (om, a) in n5 {
            assert_eq!(reply(5, om), a, "N = 5, OM {om}");
        }
        for (om, i) in [(2, 1), (3, -1), (4, 1), (5, -1)] {
            assert_eq!(reply(2, om) as i32 - om as i32, i);
        }
        for (om, i) in [
            (2, 2),
            (3, 2),
            (4, -2),
            (5, -2),
            (6, 1),
            (7, -1),
            (8, 2),
            (9, 2),
            (10, -2),
            (11, -2),
            (12, 1),
            (13, -1),
        ] {
            assert_eq!(reply(3, om) as i32 - om as i32, i, "N = 3, OM {om}");
        }
        for (om, a) in [
            (2, 5),
            (3, 6),
            (4, 7),
            (5, 2),
            (6, 3),
            (7, 4),
            (8, 9),
            (9, 8),
            (10, 13),
            (11, 14),
            (12, 15),
            (13, 10),
            (14, 11),
            (15, 12),
            (16, 17),
            (17, 16),
            (18, 21),
            (19, 22),
            (20, 23),
            (21, 18),
            (22, 19),
            (23, 20),
            (24, 25),
            (25, 24),
        ] {
            assert_eq!(reply(4, om), a, "N = 4, OM {om}");
        }
    }

    #[test]
    fn numbering_covers_the_board() {
        for n in SIZES {
            let mut v = 0;
            let mut h = 0;
            for c in 1..=crossings(n) {
                match link(n, c).unwrap() {
                    Link::Vertical { x, y } => {
                        assert!(x < n && y < n);
                        v += 1;
                    }
                    Link::Horizontal { x, y } => {
                        assert!(x + 1 < n && (1..n).contains(&y));
                        h += 1;
                    }
                }
            }
            assert_eq!((v, h), (n * n, (n - 1) * (n - 1)));
            assert_eq!(link(n, 0), None);
            assert_eq!(link(n, crossings(n) + 1), None);
        }
        assert_eq!(crossings(5), 41);
        assert_eq!(link(5, 1), Some(Link::Vertical { x: 0, y: 0 }));
        assert_eq!(link(5, 6), Some(Link::Horizontal { x: 0, y: 1 }));
        assert_eq!(link(5, 10), Some(Link::Vertical { x: 0, y: 1 }));
    }

    /// The formula is a winning pairing for every size: no White chain survives it. A
    /// pairing of neighbours in the numbering is not (the search can fail).
    #[test]
    fn gross_strategy_wins_on_every_size() {
        for n in SIZES {
            assert!(pairing_wins(n), "size {n}");
            // (On size 2 Bell's pairs are the consecutive ones.)
            let consecutive = |c: u32| if c.is_multiple_of(2) { c + 1 } else { c - 1 };
            assert_eq!(pairing_blocks_white(n, &consecutive), n == 2, "size {n}");
        }
    }

    /// Games: White at random, Black by the formula; Black wins every one, and no sooner
    /// than it could.
    #[test]
    fn the_machine_wins_against_random_white() {
        use crate::random::RandomSource;
        use crate::random::Xorshift;
        let mut rng = Xorshift(12345);
        for n in SIZES {
            for _ in 0..200 {
                let mut b = Board::new(n).unwrap();
                let mut last = None;
                loop {
                    b.play(Owner::Black, machine_move(n, last)).unwrap();
                    if b.winner().is_some() {
                        break;
                    }
                    let free = b.free();
                    let c = free[rng.next_u20() as usize % free.len()];
                    b.play(Owner::White, c).unwrap();
                    assert_ne!(b.winner(), Some(Owner::White), "size {n}");
                    last = Some(c);
                }
                assert_eq!(b.winner(), Some(Owner::Black));
            }
        }
    }

    #[test]
    fn winners_and_refusals() {
        let mut b = Board::new(2).unwrap();
        // Black: 1 (left base link), 3 (along row 1), 5 (right goal link).
        b.play(Owner::Black, 1).unwrap();
        b.play(Owner::White, 2).unwrap();
        b.play(Owner::Black, 3).unwrap();
        assert_eq!(b.winner(), None);
        assert_eq!(b.play(Owner::White, 3), Err(BridgitError::Taken(3)));
        assert!(matches!(
            b.play(Owner::White, 6),
            Err(BridgitError::NoSuchCrossing { .. })
        ));
        b.play(Owner::White, 4).unwrap();
        b.play(Owner::Black, 5).unwrap();
        assert_eq!(b.winner(), Some(Owner::Black));
        assert_eq!(b.play(Owner::White, 2), Err(BridgitError::Over("Black")));
        // White across: on size 2, White's links crossing 3 ... White needs crossings of
        // Black's verticals in one circle row and Black's horizontal between.
        let mut w = Board::new(2).unwrap();
        for c in [1, 2] {
            w.play(Owner::White, c).unwrap();
        }
        assert_eq!(w.winner(), Some(Owner::White));
        assert_eq!(Board::new(9), Err(BridgitError::Size(9)));
    }
}
