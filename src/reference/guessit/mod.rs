//! Guess It, R. Isaacs' card game with bluffing, as Bell describes it (A. G. Bell, *Games
//! Playing with Computers*, 1972, ch. 1.4 "Isaacs' bluffer"): his two tables (Fig. 1.8),
//! the procedure of his text, the game played by that procedure against itself, and the
//! tables derived again by solving the game ([`solve`]).
//!
//! Rules (Bell): eleven cards, the aces, kings and queens less the queen of spades; one
//! is put aside unseen; five are dealt to each player. In turn a player either guesses
//! the hidden card (winning if right, losing if wrong) or asks the other for a card: if
//! the other holds it he shows it and it is out of play, else he answers NO. No card may
//! be asked for twice. Asking for a card in one's own hand is a bluff.
//!
//! Cards are `AS AH AD AC KS KH KD KC QH QD QC` (index 0–10 in that order).
//!
//! Where the Algol sketch and the prose disagree (the sketch bluffs and calls when the
//! table's number is *below* the random number, the prose when the random number is
//! below the table's), we follow the prose: it says what the tables are, "the
//! percentage of times one should bluff", and the solved game agrees with the prose's
//! reading (a bluff in fewer than three asks in five).

use crate::random::RandomSource;

/// The eleven cards.
pub const CARDS: [&str; 11] = [
    "AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC", "QH", "QD", "QC",
];

/// Bell's Fig. 1.8, table 1, DO I BLUFF?: `[opponent's cards − 1][my cards − 1]`, the
/// percentage of turns to bluff.
pub const DO_I_BLUFF: [[u32; 5]; 5] = [
    [33, 50, 50, 56, 58],
    [26, 33, 37, 40, 43],
    [19, 26, 29, 31, 33],
    [16, 21, 23, 25, 27],
    [12, 17, 19, 21, 22],
];

/// Table 2, IS HE BLUFFING?: `[opponent's cards − 1][my cards − 1]`, used when I have
/// just answered NO: the percentage of times to guess that the card he asked for is the
/// hidden one.
pub const IS_HE_BLUFFING: [[u32; 5]; 5] = [
    [50, 50, 41, 38, 33],
    [33, 33, 28, 25, 22],
    [38, 32, 27, 24, 21],
    [32, 30, 26, 23, 21],
    [32, 29, 25, 23, 21],
];

/// The solved game: for the player to move with `m` cards against `n` (0–5 each), his
/// chance of winning with best play on both sides, how often he should bluff, and how
/// often the other, having answered NO, should guess the card asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution {
    /// The chance of winning, `[m][n]`.
    pub value: [[f64; 6]; 6],
    /// The chance of bluffing, `[m][n]` (m, n ≥ 1).
    pub bluff: [[f64; 6]; 6],
    /// The other's chance of calling after a NO, `[m][n]` (the asker's m, the
    /// answerer's n).
    pub call: [[f64; 6]; 6],
}

/// Solves Guess It by its turns: with `m` cards against `n`, the player to move may
/// ask genuinely (a card he does not hold: the other shows it with chance n/(n + 1),
/// else it is the hidden card, and the other, not knowing which ask it was, must guess
/// it at once or lose on the next turn) or bluff (ask a card of his own: the other, if
/// he calls, guesses wrong and loses; if not, he counts that card as the asker's); or
/// guess. Each NO is a 2×2 zero-sum game between bluffing and calling, solved in mixed
/// strategies; with no cards a player must guess (1/(n + 1)), and one who knows the
/// card wins.
pub fn solve() -> Solution {
    let mut v = [[0.0f64; 6]; 6];
    let mut bluff = [[0.0f64; 6]; 6];
    let mut call = [[0.0f64; 6]; 6];
    // v[m][n] needs v[n - 1][m] and v[n][m - 1]: by total cards.
    for total in 0..=10usize {
        for m in 0..=5usize {
            if total < m || total - m > 5 {
                continue;
            }
            let n = total - m;
            if n == 0 {
                v[m][n] = 1.0;
                continue;
            }
            let guess = 1.0 / (n as f64 + 1.0);
            if m == 0 {
                v[m][n] = guess;
                continue;
            }
            let nf = n as f64;
            let a = nf / (nf + 1.0) * (1.0 - v[n - 1][m]); // genuine, he calls
            let b = a + 1.0 / (nf + 1.0); // genuine, he does not
            let c = 1.0; // bluff, he calls: he guesses wrong
            let d = 1.0 - v[n][m - 1]; // bluff, he does not
            let den = b + c - a - d;
            let (val, p, q) = if den != 0.0 {
                let p = (b - a) / den;
                let q = (b - d) / den;
                if (0.0..=1.0).contains(&p) && (0.0..=1.0).contains(&q) {
                    ((b * c - a * d) / den, p, q)
                } else if a.min(b) >= c.min(d) {
                    (a.min(b), 0.0, 0.0)
                } else {
                    (c.min(d), 1.0, 1.0)
                }
            } else {
                (a.min(b).max(c.min(d)), 0.0, 0.0)
            };
            v[m][n] = val.max(guess);
            bluff[m][n] = p;
            call[m][n] = q;
        }
    }
    Solution {
        value: v,
        bluff,
        call,
    }
}

/// Bell's two tables and ours side by side, entry by entry, as text.
pub fn tables_text() -> String {
    let s = solve();
    let mut out = String::from(
        "DO I BLUFF? (% of turns): rows the opponent's cards, columns mine; Bell / solved\n",
    );
    for n in 1..=5 {
        let row: Vec<String> = (1..=5)
            .map(|m| {
                format!(
                    "{:>2}/{:>2}",
                    DO_I_BLUFF[n - 1][m - 1],
                    (s.bluff[m][n] * 100.0).round()
                )
            })
            .collect();
        out += &format!("{n}  {}\n", row.join("  "));
    }
    out += "IS HE BLUFFING? (% of NOs answered by guessing his card): rows his cards, columns mine; Bell / solved\n";
    for n in 1..=5 {
        let row: Vec<String> = (1..=5)
            .map(|m| {
                format!(
                    "{:>2}/{:>2}",
                    IS_HE_BLUFFING[n - 1][m - 1],
                    (s.call[n][m] * 100.0).round()
                )
            })
            .collect();
        out += &format!("{n}  {}\n", row.join("  "));
    }
    out += &format!(
        "the first player's chance with best play on both sides: {:.4} (Bell: 0.54)\n",
        s.value[5][5]
    );
    out
}

/// All eleven cards as a set: bit `c` for card `c`.
pub const ALL: u16 = (1 << 11) - 1;

/// A random number 0–99 from a 20-bit one `r`: ⌊100·r / 2^20⌋, the program's reading of
/// `/W` (Bell: "a random number generator in the range 1 to 100"; a number below the
/// table's bluffs or calls).
pub fn percent(r: u32) -> u32 {
    ((u64::from(r & 0xF_FFFF) * 100) >> 20) as u32
}

/// A random choice below `n` from a 20-bit `r`: ⌊n·r / 2^20⌋.
pub fn below(r: u32, n: u32) -> u32 {
    ((u64::from(r & 0xF_FFFF) * u64::from(n)) >> 20) as u32
}

/// The card named `text` (`AS` … `QC`, either case), or the reason it is not one.
///
/// # Errors
/// Text that names none of the eleven cards.
pub fn parse_card(text: &str) -> Result<usize, String> {
    let t = text.trim().to_ascii_uppercase();
    CARDS.iter().position(|&c| c == t).ok_or_else(|| {
        format!(
            "`{}` is not one of the eleven cards ({})",
            text.trim(),
            CARDS.join(" ")
        )
    })
}

/// The names of the cards of a set, in card order, separated by spaces.
pub fn set_text(set: u16) -> String {
    (0..11)
        .filter(|c| set >> c & 1 == 1)
        .map(|c| CARDS[c])
        .collect::<Vec<_>>()
        .join(" ")
}

/// What one player knows at his turn, as sets of cards (bit `c` for card `c`): the
/// program holds the same four sets on page 7 of the store.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// His own cards.
    pub mine: u16,
    /// The cards shown (out of play).
    pub shown: u16,
    /// The cards he counts as the other's (the other's asks he took for bluffs).
    pub his: u16,
    /// The cards asked for so far, by either player.
    pub mentioned: u16,
    /// The hidden card, once a genuine ask of his was answered NO.
    pub knows: Option<usize>,
    /// The card the other just asked for and he answered NO to.
    pub pending: Option<usize>,
}

impl View {
    /// The cards unaccounted for: neither his own, nor shown, nor counted as the other's.
    pub fn unaccounted(&self) -> u16 {
        ALL & !(self.mine | self.shown | self.his)
    }

    /// Bell's table indices for this view: the other's cards as counted (the cards
    /// unaccounted for less the hidden one) and his own, each held to 1–5.
    pub fn counts(&self) -> (usize, usize) {
        let nu = self.unaccounted().count_ones() as usize;
        let his = nu.saturating_sub(1).clamp(1, 5);
        let mine = (self.mine.count_ones() as usize).clamp(1, 5);
        (his, mine)
    }
}

/// A player's decision at his turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// He guesses that the card the other just asked for is the hidden one (Bell's THATS
    /// THE CARD).
    Call(usize),
    /// He guesses this card.
    Guess(usize),
    /// He asks for a card: a bluff if it is his own.
    Ask {
        /// The card.
        card: usize,
        /// Whether it is one of his own.
        bluff: bool,
    },
}

/// One of the cards of `set` at random, drawn as the program draws it: with `k` cards
/// in the set, `j` = [`below`]`(r, k)` and the `j`-th card from the highest down; `None`
/// (and no number drawn) for an empty set.
pub fn pick(set: u16, rng: &mut dyn RandomSource) -> Option<usize> {
    let k = set.count_ones();
    if k == 0 {
        return None;
    }
    let j = below(rng.next_u20(), k) as usize;
    (0..11).rev().filter(|c| set >> c & 1 == 1).nth(j)
}

/// Isaacs' procedure for one turn, as Bell's text gives it (ch. 1.4), `view` updated
/// (the pending card used; counted as the other's when not called). In order: knowing
/// the card, guess it; having just answered NO, call by IS HE BLUFFING? (a number 0–99
/// below the table's), else count the card as the other's; with one card or none
/// unaccounted for, guess (among those counted as the other's if none); with no cards
/// of one's own, guess; else bluff (ask for one's own card not yet mentioned) by DO I
/// BLUFF?, or ask genuinely for a card unaccounted for and not mentioned; with neither
/// kind possible the one left is taken, with none, a guess. The random numbers are
/// 20-bit ones from `rng`, read by [`percent`] and [`pick`] in that order, exactly as
/// `programs/guessit.m1` draws them from `/W`.
pub fn decide(view: &mut View, rng: &mut dyn RandomSource) -> Decision {
    if let Some(k) = view.knows {
        return Decision::Guess(k);
    }
    if let Some(c) = view.pending.take() {
        let (his, mine) = view.counts();
        if percent(rng.next_u20()) < IS_HE_BLUFFING[his - 1][mine - 1] {
            return Decision::Call(c);
        }
        view.his |= 1 << c;
    }
    let unacc = view.unaccounted();
    let guess = |rng: &mut dyn RandomSource| {
        let g = pick(unacc, rng).or_else(|| pick(view.his, rng));
        Decision::Guess(g.unwrap_or(0))
    };
    if unacc.count_ones() <= 1 || view.mine == 0 {
        return guess(rng);
    }
    let (his, mine) = view.counts();
    let bluffable = view.mine & !view.mentioned;
    let genuine = unacc & !view.mentioned;
    let bluff =
        bluffable != 0 && (genuine == 0 || percent(rng.next_u20()) < DO_I_BLUFF[his - 1][mine - 1]);
    if !bluff && genuine == 0 {
        return guess(rng);
    }
    let set = if bluff { bluffable } else { genuine };
    let card = pick(set, rng).unwrap_or(0);
    Decision::Ask { card, bluff }
}

/// A deal from `rng`: the hidden card, the first player's five and the second's five
/// (as sets), by a Fisher–Yates shuffle of the eleven with [`below`].
pub fn deal(rng: &mut dyn RandomSource) -> (usize, u16, u16) {
    let mut deck: Vec<usize> = (0..11).collect();
    for i in (1..11).rev() {
        let j = below(rng.next_u20(), i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    let set = |cs: &[usize]| cs.iter().fold(0u16, |s, &c| s | 1 << c);
    (deck[0], set(&deck[1..6]), set(&deck[6..11]))
}

/// The outcome of one ask between two views: the asker `a` asked `card` (a bluff if
/// `bluff`) of the answerer `b`; returns whether the answer was YES.
pub fn answer(a: &mut View, b: &mut View, card: usize, bluff: bool) -> bool {
    let bit = 1u16 << card;
    a.mentioned |= bit;
    b.mentioned |= bit;
    if b.mine & bit != 0 {
        b.mine &= !bit;
        a.shown |= bit;
        b.shown |= bit;
        true
    } else {
        if !bluff {
            a.knows = Some(card);
        }
        b.pending = Some(card);
        false
    }
}

/// Plays one game by Bell's procedure on both sides; `true` if the first player wins.
/// The deal and both players' numbers come from `rng`.
pub fn play(rng: &mut dyn RandomSource) -> bool {
    let (hidden, first, second) = deal(rng);
    let mut p = [
        View {
            mine: first,
            ..View::default()
        },
        View {
            mine: second,
            ..View::default()
        },
    ];
    let mut turn = 0usize;
    // Every turn mentions a card or ends the game: eleven asks at most.
    for _ in 0..40 {
        let (me, other) = (turn, 1 - turn);
        match decide(&mut p[me], rng) {
            Decision::Call(g) | Decision::Guess(g) => return (g == hidden) == (me == 0),
            Decision::Ask { card, bluff } => {
                let (a, b) = if me == 0 {
                    let (x, y) = p.split_at_mut(1);
                    (&mut x[0], &mut y[0])
                } else {
                    let (x, y) = p.split_at_mut(1);
                    (&mut y[0], &mut x[0])
                };
                answer(a, b, card, bluff);
            }
        }
        turn = other;
    }
    false
}

/// Plays `games` games by Bell's procedure on both sides: the first player's wins.
pub fn selfplay(games: u64, rng: &mut dyn RandomSource) -> u64 {
    (0..games).filter(|_| play(rng)).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Xorshift;

    /// Solving the game gives Bell's tables to within two points (rounding of the
    /// period's arithmetic, docs/bell.md) and the first player's 0.54.
    #[test]
    fn solved_tables_are_bells() {
        let s = solve();
        let mut worst = 0.0f64;
        for n in 1..=5 {
            for m in 1..=5 {
                worst =
                    worst.max((s.bluff[m][n] * 100.0 - f64::from(DO_I_BLUFF[n - 1][m - 1])).abs());
                worst = worst
                    .max((s.call[n][m] * 100.0 - f64::from(IS_HE_BLUFFING[n - 1][m - 1])).abs());
            }
        }
        eprintln!("{}", tables_text());
        eprintln!("largest difference {worst:.2} points");
        assert!(worst < 2.5, "largest difference {worst:.2} points");
        assert!((s.value[5][5] - 0.54).abs() < 0.005, "{}", s.value[5][5]);
    }

    /// The readings of a 20-bit random number: 0-99, a number below n, and a card at
    /// random counted from the highest down; knowing the card draws nothing.
    #[test]
    fn random_readings_and_the_known_card() {
        assert_eq!((percent(0), percent(0xF_FFFF)), (0, 99));
        assert_eq!(percent(0x4_0000), 25);
        for r in [0, 1, 0x7_FFFF, 0xF_FFFF] {
            assert!(below(r, 7) < 7);
        }
        let set = 1 << 2 | 1 << 9;
        let mut lo = || 0u32;
        assert_eq!(pick(set, &mut lo), Some(9));
        let mut hi = || 0xF_FFFFu32;
        assert_eq!(pick(set, &mut hi), Some(2));
        let mut none = || -> u32 { panic!("no number may be drawn") };
        assert_eq!(pick(0, &mut none), None);
        let mut v = View {
            mine: 1,
            knows: Some(5),
            pending: Some(6),
            mentioned: 1 << 5 | 1 << 6,
            ..View::default()
        };
        assert_eq!(decide(&mut v, &mut none), Decision::Guess(5));
    }

    /// Bell's procedure against itself: the first player wins about 0.54 of the games.
    #[test]
    fn selfplay_first_player() {
        let n = 100_000;
        let w = selfplay(n, &mut Xorshift(77));
        let p = w as f64 / n as f64;
        let half = 1.96 * (p * (1.0 - p) / n as f64).sqrt();
        eprintln!("first player: {p:.4} ± {half:.4} over {n} games (Bell: 0.54)");
        assert!((p - 0.54).abs() < 0.01, "{p}");
    }
}
