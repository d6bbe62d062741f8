//! English draughts as Strachey's 1952 program saw it.
//!
//! A position is three 32-bit words B, W and K (Strachey 1952, "Representation of a
//! Position"): bit n of each word is Strachey's square n (0–31, Black's back rank 0–3 at the
//! top of his Fig. 1, White's 28–31 at the bottom). B holds the black men and kings, W the
//! white men and kings and K the kings of both colours. Strachey's square s is PDN square
//! s + 1; the engine reads and writes PDN (1–32) at its edges and works in Strachey's
//! squares inside.
//!
//! Rules (English draughts): men move diagonally forward one square (Black towards 31,
//! White towards 0), kings one square in any diagonal direction; captures are compulsory
//! but any capture may be chosen; a multi-jump is completed with the same piece; a man
//! reaching the far row is crowned and the move ends there; Black moves first.
//!
//! - [`moves`]: move finding with Strachey's masks and shifts, in his order.
//! - [`perft`](perft::perft): node counts, with either duplicate-capture convention.
//! - [`strategy`]: Strachey's two strategies with an injectable random source.

pub mod moves;
pub mod perft;
pub mod positions;
pub mod strategy;

use std::fmt;

pub use moves::{legal_moves, Dir, Move, MoveKind};
pub use perft::{perft, perft_divide, Duplicates};
pub use positions::random_positions;
pub use strategy::{best, BestMove, Evaluated, SearchParams, Strategy, TieBreak};

/// Errors from reading draughts squares, moves and FEN strings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DraughtsError {
    /// The FEN string is malformed; the message says where.
    #[error("bad draughts FEN `{fen}`: {reason}")]
    Fen {
        /// The text that was given.
        fen: String,
        /// What was wrong with it.
        reason: String,
    },
    /// A square number outside PDN 1–32 (or Strachey 0–31).
    #[error("square {0} is not a draughts square (PDN 1-32)")]
    Square(String),
    /// A move given in text is not legal in the position.
    #[error("move `{0}` is not legal here")]
    IllegalMove(String),
}

/// The side to move. Black (Strachey's squares 0–11 at the start) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Side {
    /// Moves towards higher square numbers (+3, +4, +5).
    Black,
    /// Moves towards lower square numbers (−3, −4, −5).
    White,
}

impl Side {
    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

/// A draughts position in Strachey's representation.
///
/// `b`, `w`, `k`: 32-bit words, bit n = Strachey square n (PDN n + 1). `b & w` must be 0
/// and `k` must lie within `b | w`; [`Position::new`] checks this. On the Mark 1 these sit
/// in the low 32 digits of a 40-digit word (Faster than Thought ch. 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Black men and kings.
    pub b: u32,
    /// White men and kings.
    pub w: u32,
    /// Kings of both colours.
    pub k: u32,
    /// Side to move.
    pub to_move: Side,
}

/// The start position: Black on Strachey 0–11 (PDN 1–12), White on 20–31, Black to move.
pub const START_FEN: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

impl Position {
    /// The start position (Black to move).
    pub fn start() -> Position {
        Position {
            b: 0x0000_0FFF,
            w: 0xFFF0_0000,
            k: 0,
            to_move: Side::Black,
        }
    }

    /// Builds a position from the three words, checking that no square holds both colours
    /// and that every king bit marks a piece.
    pub fn new(b: u32, w: u32, k: u32, to_move: Side) -> Result<Position, DraughtsError> {
        if b & w != 0 || k & !(b | w) != 0 {
            return Err(DraughtsError::Fen {
                fen: format!("B={b:#010x} W={w:#010x} K={k:#010x}"),
                reason: "overlapping B and W, or a king bit on an empty square".into(),
            });
        }
        Ok(Position { b, w, k, to_move })
    }

    /// The words of the side to move and of its opponent: `(own, opponent)`.
    pub fn own_opp(&self) -> (u32, u32) {
        match self.to_move {
            Side::Black => (self.b, self.w),
            Side::White => (self.w, self.b),
        }
    }

    /// Empty squares, `~B & ~W` (Strachey's expression).
    pub fn empty(&self) -> u32 {
        !self.b & !self.w
    }

    /// Reads a PDN FEN such as `B:W21,22:BK1,5` or `[FEN "W:W18:B14"]`.
    ///
    /// Side letter first (`B` or `W`), then the two colour lists in either order, each a
    /// colour letter followed by comma-separated PDN squares 1–32, a `K` prefix marking a
    /// king; ranges `a-b` are accepted. An empty list is allowed. Errors:
    /// [`DraughtsError::Fen`] for anything malformed, out of range or doubly occupied,
    /// and for a man on its crowning row (Black's 29-32, White's 1-4: it is a king).
    pub fn from_fen(fen: &str) -> Result<Position, DraughtsError> {
        let err = |reason: &str| DraughtsError::Fen {
            fen: fen.to_string(),
            reason: reason.to_string(),
        };
        let mut text = fen.trim();
        if let Some(rest) = text.strip_prefix("[FEN") {
            text = rest
                .trim()
                .trim_end_matches(']')
                .trim()
                .trim_matches('"')
                .trim();
        }
        let text = text.trim_end_matches('.');
        let mut parts = text.split(':');
        let side = match parts.next().map(str::trim) {
            Some("B") | Some("b") => Side::Black,
            Some("W") | Some("w") => Side::White,
            _ => return Err(err("must start with the side to move, B or W")),
        };
        let (mut b, mut w, mut k) = (0u32, 0u32, 0u32);
        let mut seen = [false; 2];
        for part in parts {
            let part = part.trim();
            let mut chars = part.chars();
            let colour = match chars.next() {
                Some('B') | Some('b') => 0,
                Some('W') | Some('w') => 1,
                _ => return Err(err("each list must start with B or W")),
            };
            if seen[colour] {
                return Err(err("a colour is listed twice"));
            }
            seen[colour] = true;
            let list = chars.as_str().trim();
            if list.is_empty() {
                continue;
            }
            for item in list.split(',') {
                let item = item.trim();
                let (king, nums) = match item.strip_prefix(['K', 'k']) {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let (lo, hi) = match nums.split_once('-') {
                    Some((a, c)) => (
                        parse_pdn(a).map_err(|_| err("bad square in range"))?,
                        parse_pdn(c).map_err(|_| err("bad square in range"))?,
                    ),
                    None => {
                        let s =
                            parse_pdn(nums).map_err(|_| err(&format!("bad square `{item}`")))?;
                        (s, s)
                    }
                };
                if lo > hi {
                    return Err(err("range runs backwards"));
                }
                for s in lo..=hi {
                    let bit = 1u32 << s;
                    if (b | w) & bit != 0 {
                        return Err(err(&format!("square {} is listed twice", s + 1)));
                    }
                    if colour == 0 {
                        b |= bit;
                    } else {
                        w |= bit;
                    }
                    if king {
                        k |= bit;
                    }
                }
            }
        }
        if !seen[0] || !seen[1] {
            return Err(err("needs both a W list and a B list"));
        }
        // A man that reached the far row was crowned: Black's is PDN 29-32 (Strachey
        // 28-31), White's PDN 1-4 (Strachey 0-3).
        for (men, row, colour) in [(b & !k, 0xF000_0000u32, "Black"), (w & !k, 0xF, "White")] {
            if men & row != 0 {
                let s = (men & row).trailing_zeros() + 1;
                return Err(err(&format!(
                    "a {colour} man on square {s} is on its crowning row (it would be a king, K{s})"
                )));
            }
        }
        Ok(Position {
            b,
            w,
            k,
            to_move: side,
        })
    }

    /// Writes the position as a PDN FEN: side, White list, Black list, squares ascending,
    /// kings prefixed `K` (e.g. `B:W21,22:BK1,5`). [`Position::from_fen`] reads it back.
    pub fn to_fen(&self) -> String {
        let list = |word: u32| {
            let mut v = Vec::new();
            for s in 0..32 {
                if word & (1 << s) != 0 {
                    let king = if self.k & (1 << s) != 0 { "K" } else { "" };
                    v.push(format!("{king}{}", s + 1));
                }
            }
            v.join(",")
        };
        let side = match self.to_move {
            Side::Black => 'B',
            Side::White => 'W',
        };
        format!("{side}:W{}:B{}", list(self.w), list(self.b))
    }

    /// Material count `(black men, black kings, white men, white kings)`.
    pub fn material(&self) -> (u32, u32, u32, u32) {
        (
            (self.b & !self.k).count_ones(),
            (self.b & self.k).count_ones(),
            (self.w & !self.k).count_ones(),
            (self.w & self.k).count_ones(),
        )
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Display for Position {
    /// An 8×8 diagram as in Strachey's Fig. 1 (Black at the top): `b`/`w` men, `B`/`W`
    /// kings, `.` empty playing squares, blank for the unused squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8 {
            for col in 0..8 {
                let dark = (row + col) % 2 == 1;
                if !dark {
                    write!(f, "  ")?;
                    continue;
                }
                let s = row * 4 + col / 2;
                let bit = 1u32 << s;
                let c = match (self.b & bit != 0, self.w & bit != 0, self.k & bit != 0) {
                    (true, _, false) => 'b',
                    (true, _, true) => 'B',
                    (_, true, false) => 'w',
                    (_, true, true) => 'W',
                    _ => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Converts a PDN square (1–32) to Strachey's square (0–31): s = PDN − 1.
pub fn pdn_to_strachey(pdn: u32) -> Option<u8> {
    (1..=32).contains(&pdn).then(|| (pdn - 1) as u8)
}

/// Converts Strachey's square (0–31) to PDN (1–32): PDN = s + 1.
pub fn strachey_to_pdn(s: u8) -> Option<u32> {
    (s < 32).then(|| s as u32 + 1)
}

/// Parses a PDN square number 1–32 into a Strachey square.
fn parse_pdn(text: &str) -> Result<u8, DraughtsError> {
    let t = text.trim();
    if t.is_empty() || t.len() > 2 || !t.bytes().all(|c| c.is_ascii_digit()) {
        return Err(DraughtsError::Square(t.to_string()));
    }
    let n: u32 = t
        .parse()
        .map_err(|_| DraughtsError::Square(t.to_string()))?;
    pdn_to_strachey(n).ok_or_else(|| DraughtsError::Square(t.to_string()))
}

/// The 1952 game, Faster than Thought ch. 25 (seeds/000), in Strachey's squares 0–31 and
/// his notation (`from-to`, captured squares in brackets, ` K` for a crowning): (the
/// machine's move, Black; the opponent's, White). The readings 18-23 (the machine's 18th)
/// and 15-19 (its 29th) are the legal ones (../shared/reference/programs.md).
pub const GAME_1952: [(&str, &str); 34] = [
    ("11-15", "23-18"),
    ("7-11", "21-17"),
    ("8-12", "20-16"),
    ("12-21(16)", "25-16(21)"),
    ("9-14", "18-9(14)"),
    ("6-20(16,9)", "27-23"),
    ("2-7", "23-18"),
    ("5-8", "18-14"),
    ("8-13", "17-8(13)"),
    ("4-13(8)", "14-9"),
    ("1-5", "9-6"),
    ("15-19", "6-1 K"),
    ("5-9", "1-6"),
    ("0-5", "6-15(10)"),
    ("11-25(22,15)", "30-21(25)"),
    ("13-17", "21-14(17)"),
    ("9-18(14)", "24-21"),
    ("18-23", "26-22"),
    ("23-27", "22-17"),
    ("5-8", "17-14"),
    ("8-13", "14-9"),
    ("19-23", "9-6"),
    ("23-26", "31-22(26)"),
    ("27-31 K", "6-2 K"),
    ("7-10", "2-7"),
    ("10-15", "21-16"),
    ("3-10(7)", "16-9(13)"),
    ("10-14", "9-6"),
    ("15-19", "6-2 K"),
    ("31-27", "2-6"),
    ("27-31", "6-10"),
    ("31-26", "10-17(14)"),
    ("19-23", "29-25"),
    ("26-31", ""),
];
