//! King and rook against king (KRK) solved by retrograde analysis: every legal position
//! with either side to move, its value (won, drawn or mated) and its distance to mate in
//! White moves with best play on both sides, the optimal moves, the census by distance.
//!
//! Conventions (krk.md §2, after Gilith and the UCI data set): the distance counts White's
//! moves. White to move, "mate in n" is 2n−1 plies; Black to move, "lost in n" is 2n
//! plies (Black moves, then White mates in n); Black to move 0 is already mated. A
//! position is drawn when Black is stalemated or can take the unprotected rook at once;
//! there is no 50-move rule. Legal: three distinct squares, the kings not adjacent, and
//! with White to move Black not in check.
//!
//! The method (docs/krk.md, "The reference table"): the Black-to-move mates are level 0;
//! from the Black-to-move positions lost in d, White's moves played backwards ("un-moves")
//! find the White-to-move positions not yet valued, which are won in d+1; from those,
//! Black's un-moves find Black-to-move positions, each keeping a count of its legal moves
//! not yet known to lose, and a position whose count reaches zero is lost in d+1. KRK
//! needs no un-captures: a capture leaves two bare kings, a draw.
//!
//! The index is the full board, no symmetry reduction: `white king × 4096 + rook × 64 +
//! black king`, squares numbered a1 = 0, b1 = 1, … h8 = 63, one byte per position and
//! side to move (2 × 262,144 bytes). Positions up to the 8 symmetries of the board are
//! counted as well ([`Census`]).

use serde::Serialize;

/// A square, 0–63: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.
pub type Square = u8;

/// Positions per side to move in the index (64 × 64 × 64, legal or not).
pub const SLOTS: usize = 64 * 64 * 64;

/// Table bytes above any distance: a draw, a slot not yet valued, an illegal slot.
const DRAWN: u8 = 253;
const ILLEGAL: u8 = 255;
const UNKNOWN: u8 = 254;

/// The file of a square, 0 (a) to 7 (h).
pub fn file(s: Square) -> i8 {
    (s % 8) as i8
}

/// The rank of a square, 0 (rank 1) to 7 (rank 8).
pub fn rank(s: Square) -> i8 {
    (s / 8) as i8
}

/// The square on `file`, `rank` (both 0–7), or `None` off the board.
pub fn at(file: i8, rank: i8) -> Option<Square> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as Square)
}

/// A square's algebraic name, `a1`–`h8`.
pub fn square_name(s: Square) -> String {
    format!("{}{}", (b'a' + (s % 8)) as char, s / 8 + 1)
}

/// Whether two squares are a king's step apart (not equal).
pub fn adjacent(a: Square, b: Square) -> bool {
    a != b && (file(a) - file(b)).abs() <= 1 && (rank(a) - rank(b)).abs() <= 1
}

const STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
const LINES: [(i8, i8); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];

/// The king's neighbours of `s`.
fn neighbours(s: Square) -> impl Iterator<Item = Square> {
    STEPS
        .iter()
        .filter_map(move |&(df, dr)| at(file(s) + df, rank(s) + dr))
}

/// Whether a rook on `rook` attacks `target` along a rank or file with `blocker` the only
/// piece that can stand between.
fn rook_attacks(rook: Square, target: Square, blocker: Square) -> bool {
    if rook == target || (file(rook) != file(target) && rank(rook) != rank(target)) {
        return false;
    }
    let df = (file(target) - file(rook)).signum();
    let dr = (rank(target) - rank(rook)).signum();
    let (mut f, mut r) = (file(rook) + df, rank(rook) + dr);
    while let Some(s) = at(f, r) {
        if s == target {
            return true;
        }
        if s == blocker {
            return false;
        }
        f += df;
        r += dr;
    }
    false
}

/// A KRK position: the white king, the white rook, the black king and who is to move.
/// It may be illegal; [`Position::illegal`] says why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The white king's square.
    pub white_king: Square,
    /// The white rook's square.
    pub rook: Square,
    /// The black king's square.
    pub black_king: Square,
    /// True with White to move.
    pub white_to_move: bool,
}

/// A move in KRK: which piece, from and to (squares 0–63).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The piece that moves.
    pub piece: Piece,
    /// Its square before the move.
    pub from: Square,
    /// Its square after the move.
    pub to: Square,
}

/// The three pieces of the ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The white king.
    WhiteKing,
    /// The white rook.
    Rook,
    /// The black king.
    BlackKing,
}

/// What a move of Black's leads to: a position still in the ending, or the rook taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The position after the move.
    Position(Position),
    /// Black took the rook: two bare kings, a draw.
    RookTaken,
}

impl Move {
    /// The move in coordinates, UCI style: `from` then `to`, e.g. `b2b8`.
    pub fn uci(&self) -> String {
        format!("{}{}", square_name(self.from), square_name(self.to))
    }
}

impl Position {
    /// The table index of the position for its side to move:
    /// `white king × 4096 + rook × 64 + black king`.
    pub fn index(&self) -> usize {
        (usize::from(self.white_king) << 12)
            | (usize::from(self.rook) << 6)
            | usize::from(self.black_king)
    }

    /// The position at `index` (as [`Position::index`]) with the given side to move;
    /// squares above 63 wrap (only the low 18 bits are read).
    pub fn from_index(index: usize, white_to_move: bool) -> Position {
        Position {
            white_king: ((index >> 12) & 63) as Square,
            rook: ((index >> 6) & 63) as Square,
            black_king: (index & 63) as Square,
            white_to_move,
        }
    }

    /// Whether the rook gives check to the black king (the white king the only blocker).
    pub fn black_in_check(&self) -> bool {
        rook_attacks(self.rook, self.black_king, self.white_king)
    }

    /// Why the position is not legal (krk.md §2), or `None` if it is: a square above 63,
    /// two pieces on one square, the kings side by side, or White to move with Black in
    /// check.
    pub fn illegal(&self) -> Option<&'static str> {
        let (w, r, b) = (self.white_king, self.rook, self.black_king);
        if w > 63 || r > 63 || b > 63 {
            Some("a square is off the board")
        } else if w == r || w == b || r == b {
            Some("two pieces stand on one square")
        } else if adjacent(w, b) {
            Some("the kings stand side by side")
        } else if self.white_to_move && self.black_in_check() {
            Some("White is to move and Black is in check")
        } else {
            None
        }
    }

    /// Whether the position is legal ([`Position::illegal`] is `None`).
    pub fn is_legal(&self) -> bool {
        self.illegal().is_none()
    }

    /// The legal moves of the side to move, in a fixed order (with White: the king's
    /// steps, then the rook's slides). Empty for an illegal position.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if !self.is_legal() {
            return out;
        }
        let (w, r, b) = (self.white_king, self.rook, self.black_king);
        if self.white_to_move {
            for t in neighbours(w) {
                if t != r && !adjacent(t, b) && t != b {
                    out.push(Move {
                        piece: Piece::WhiteKing,
                        from: w,
                        to: t,
                    });
                }
            }
            for &(df, dr) in &LINES {
                let (mut f, mut rk) = (file(r) + df, rank(r) + dr);
                while let Some(t) = at(f, rk) {
                    if t == w || t == b {
                        break;
                    }
                    out.push(Move {
                        piece: Piece::Rook,
                        from: r,
                        to: t,
                    });
                    f += df;
                    rk += dr;
                }
            }
        } else {
            for t in neighbours(b) {
                if t == w || adjacent(t, w) {
                    continue;
                }
                // Taking the rook is legal when the white king does not guard it; any
                // other step must not be on the rook's lines (the black king's own
                // square vacated, the white king the only blocker).
                if t == r || !rook_attacks(r, t, w) {
                    out.push(Move {
                        piece: Piece::BlackKing,
                        from: b,
                        to: t,
                    });
                }
            }
        }
        out
    }

    /// The position after `mv` (assumed one of [`Position::moves`]), or
    /// [`Outcome::RookTaken`] when the black king takes the rook.
    pub fn play(&self, mv: &Move) -> Outcome {
        let mut p = *self;
        p.white_to_move = !self.white_to_move;
        match mv.piece {
            Piece::WhiteKing => p.white_king = mv.to,
            Piece::Rook => p.rook = mv.to,
            Piece::BlackKing => {
                if mv.to == self.rook {
                    return Outcome::RookTaken;
                }
                p.black_king = mv.to;
            }
        }
        Outcome::Position(p)
    }

    /// The move in standard algebraic notation (`Kb2`, `Rb8+`, `Ra8#`, `Kxb2`): one king
    /// and one rook need no disambiguation.
    pub fn san(&self, mv: &Move) -> String {
        let (letter, capture) = match mv.piece {
            Piece::WhiteKing => ('K', false),
            Piece::Rook => ('R', false),
            Piece::BlackKing => ('K', mv.to == self.rook),
        };
        let suffix = match self.play(mv) {
            Outcome::Position(q) if q.black_in_check() && !q.white_to_move => {
                if q.moves().is_empty() {
                    "#"
                } else {
                    "+"
                }
            }
            _ => "",
        };
        format!(
            "{letter}{}{}{suffix}",
            if capture { "x" } else { "" },
            square_name(mv.to)
        )
    }

    /// The position as a FEN (counters `0 1`, no castling, no en passant).
    pub fn fen(&self) -> String {
        let mut rows = Vec::new();
        for rk in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..8 {
                let s = (rk * 8 + f) as Square;
                let c = if s == self.white_king {
                    'K'
                } else if s == self.rook {
                    'R'
                } else if s == self.black_king {
                    'k'
                } else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(c);
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        format!(
            "{} {} - - 0 1",
            rows.join("/"),
            if self.white_to_move { 'w' } else { 'b' }
        )
    }

    /// Reads a KRK position from a FEN (the board and the side to move; counters, if
    /// given, are not kept). Refuses, with the reason, a FEN that does not parse, castling
    /// or en passant, any material but one white king, one white rook and one black king,
    /// and an illegal position ([`Position::illegal`]).
    ///
    /// # Errors
    /// [`KrkError::Fen`] with the reason in words.
    pub fn from_fen(text: &str) -> Result<Position, KrkError> {
        use shakmaty::{Color, Role};
        let bad = |why: String| KrkError::Fen {
            fen: text.trim().to_string(),
            why,
        };
        let fen: shakmaty::fen::Fen = text
            .trim()
            .parse()
            .map_err(|e: shakmaty::fen::ParseFenError| bad(e.to_string()))?;
        let setup = fen.as_setup();
        if !setup.castling_rights.is_empty() || setup.ep_square.is_some() {
            return Err(bad("castling and en passant must be `-`".into()));
        }
        let (mut wk, mut r, mut bk) = (Vec::new(), Vec::new(), Vec::new());
        for (sq, piece) in setup.board.clone() {
            let s = u8::from(sq);
            match (piece.color, piece.role) {
                (Color::White, Role::King) => wk.push(s),
                (Color::White, Role::Rook) => r.push(s),
                (Color::Black, Role::King) => bk.push(s),
                _ => {
                    return Err(bad(format!(
                        "a {} {} on {}: not king and rook against king",
                        if piece.color == Color::White {
                            "white"
                        } else {
                            "black"
                        },
                        match piece.role {
                            Role::Pawn => "pawn",
                            Role::Knight => "knight",
                            Role::Bishop => "bishop",
                            Role::Rook => "rook",
                            Role::Queen => "queen",
                            Role::King => "king",
                        },
                        square_name(s)
                    )))
                }
            }
        }
        let p = match (wk.as_slice(), r.as_slice(), bk.as_slice()) {
            ([w], [r], [b]) => Position {
                white_king: *w,
                rook: *r,
                black_king: *b,
                white_to_move: setup.turn == Color::White,
            },
            _ => {
                return Err(bad(format!(
                    "not king and rook against king: it needs one white king (has {}), one \
                     white rook (has {}) and one black king (has {})",
                    wk.len(),
                    r.len(),
                    bk.len()
                )))
            }
        };
        match p.illegal() {
            Some(why) => Err(bad(format!("an illegal position: {why}"))),
            None => Ok(p),
        }
    }

    /// The position under symmetry `k` (0–7) of the board: bit 0 mirrors the files, bit 1
    /// the ranks, bit 2 reflects in the a1–h8 diagonal (applied last). Squares are read modulo 64.
    pub fn transformed(&self, k: u8) -> Position {
        let t = |s: Square| {
            let (mut f, mut r) = (file(s & 63), rank(s & 63));
            if k & 1 != 0 {
                f = 7 - f;
            }
            if k & 2 != 0 {
                r = 7 - r;
            }
            if k & 4 != 0 {
                std::mem::swap(&mut f, &mut r);
            }
            (r * 8 + f) as Square
        };
        Position {
            white_king: t(self.white_king),
            rook: t(self.rook),
            black_king: t(self.black_king),
            white_to_move: self.white_to_move,
        }
    }

    /// Whether the position is the representative of its class under the 8 symmetries:
    /// the smallest [`Position::index`] among its images.
    pub fn is_canonical(&self) -> bool {
        let i = self.index();
        (1..8).all(|k| self.transformed(k).index() >= i)
    }
}

/// Errors of the KRK reference's input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KrkError {
    /// A FEN that is not a legal KRK position.
    #[error("FEN `{fen}`: {why}")]
    Fen {
        /// The text given.
        fen: String,
        /// What is wrong with it, in words.
        why: String,
    },
}

/// A position's value in the table (krk.md §2 conventions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// Not a legal position.
    Illegal,
    /// Drawn: Black to move is stalemated or can take the unprotected rook.
    Drawn,
    /// White to move mates in n White moves (2n−1 plies), n ≥ 1.
    MateIn(u8),
    /// Black to move is lost in n White moves (2n plies); 0 = already mated.
    LostIn(u8),
}

impl Value {
    /// The distance in White moves, if the position is won for White.
    pub fn distance(self) -> Option<u8> {
        match self {
            Value::MateIn(n) | Value::LostIn(n) => Some(n),
            _ => None,
        }
    }

    /// The distance in plies to mate: 2n−1 with White to move, 2n with Black to move.
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::MateIn(n) => Some((2 * u32::from(n)).saturating_sub(1)),
            Value::LostIn(n) => Some(2 * u32::from(n)),
            _ => None,
        }
    }
}

/// The whole table: a byte for each slot and side to move (the distance, or a mark for a
/// draw or an illegal slot), built by [`Table::build`].
pub struct Table {
    wtm: Vec<u8>,
    btm: Vec<u8>,
}

impl Table {
    /// Builds the table by retrograde analysis (the module's method): Black's moves are
    /// generated once per legal Black-to-move position, then each position found won is
    /// un-moved once; a few hundredths of a second optimised.
    pub fn build() -> Table {
        let mut wtm = vec![ILLEGAL; SLOTS];
        let mut btm = vec![ILLEGAL; SLOTS];
        // For each Black-to-move position, its legal moves not yet known to lose.
        let mut left = vec![0u8; SLOTS];
        let mut frontier = Vec::new();
        for i in 0..SLOTS {
            let w = Position::from_index(i, true);
            if w.is_legal() {
                wtm[i] = UNKNOWN;
            }
            let b = Position::from_index(i, false);
            if !b.is_legal() {
                continue;
            }
            let moves = b.moves();
            if moves.iter().any(|m| m.to == b.rook) {
                btm[i] = DRAWN;
            } else if moves.is_empty() {
                if b.black_in_check() {
                    btm[i] = 0;
                    frontier.push(i);
                } else {
                    btm[i] = DRAWN;
                }
            } else {
                btm[i] = UNKNOWN;
                left[i] = moves.len() as u8;
            }
        }
        let mut d: u8 = 0;
        while !frontier.is_empty() {
            let mut won = Vec::new();
            for &i in &frontier {
                for q in white_unmoves(Position::from_index(i, false)) {
                    let j = q.index();
                    if wtm[j] == UNKNOWN {
                        wtm[j] = d + 1;
                        won.push(j);
                    }
                }
            }
            let mut next = Vec::new();
            for &j in &won {
                for p in black_unmoves(Position::from_index(j, true)) {
                    let k = p.index();
                    if btm[k] == UNKNOWN {
                        left[k] -= 1;
                        if left[k] == 0 {
                            btm[k] = d + 1;
                            next.push(k);
                        }
                    }
                }
            }
            frontier = next;
            d += 1;
        }
        // Any White-to-move position left unknown would be a draw (none in KRK); any
        // Black-to-move position left unknown has a move to such a position.
        for v in wtm.iter_mut().chain(btm.iter_mut()) {
            if *v == UNKNOWN {
                *v = DRAWN;
            }
        }
        Table { wtm, btm }
    }

    /// The value of a position (illegal ones included).
    pub fn value(&self, p: &Position) -> Value {
        if !p.is_legal() {
            return Value::Illegal;
        }
        let v = if p.white_to_move {
            self.wtm[p.index()]
        } else {
            self.btm[p.index()]
        };
        match v {
            ILLEGAL => Value::Illegal,
            DRAWN | UNKNOWN => Value::Drawn,
            n if p.white_to_move => Value::MateIn(n),
            n => Value::LostIn(n),
        }
    }

    /// The optimal moves: with White to move, every move to a Black-to-move position lost
    /// in one less; with Black to move in a lost position, every move to a
    /// White-to-move position of the same (longest) distance; with Black to move in a
    /// drawn position, the capture of the rook (none when stalemated). Empty when mated or
    /// illegal.
    pub fn best_moves(&self, p: &Position) -> Vec<Move> {
        let v = self.value(p);
        let moves = p.moves();
        match v {
            Value::Illegal | Value::LostIn(0) => Vec::new(),
            Value::Drawn => moves.into_iter().filter(|m| m.to == p.rook).collect(),
            Value::MateIn(n) => moves
                .into_iter()
                .filter(|m| matches!(p.play(m), Outcome::Position(q) if self.value(&q) == Value::LostIn(n - 1)))
                .collect(),
            Value::LostIn(n) => moves
                .into_iter()
                .filter(|m| matches!(p.play(m), Outcome::Position(q) if self.value(&q) == Value::MateIn(n)))
                .collect(),
        }
    }

    /// The census: positions by distance for each side to move, on the full board and up
    /// to the board's 8 symmetries; the draws split; the longest with an example.
    pub fn census(&self) -> Census {
        let mut c = Census {
            squares: "algebraic",
            ..Census::default()
        };
        let mut longest_w: Option<(u8, Position)> = None;
        let mut longest_b: Option<(u8, Position)> = None;
        for i in 0..SLOTS {
            for white in [true, false] {
                let p = Position::from_index(i, white);
                let v = self.value(&p);
                if v == Value::Illegal {
                    continue;
                }
                let canon = p.is_canonical();
                let side = if white {
                    &mut c.white_to_move
                } else {
                    &mut c.black_to_move
                };
                side.tally(Some(v), canon);
                match v.distance() {
                    Some(n) => {
                        let best = if white {
                            &mut longest_w
                        } else {
                            &mut longest_b
                        };
                        if best.is_none_or(|(m, _)| n > m) {
                            *best = Some((n, p));
                        }
                    }
                    None => {
                        if p.moves().is_empty() {
                            c.stalemates += 1;
                        } else {
                            c.rook_can_be_taken += 1;
                        }
                    }
                }
                if !white && p.black_in_check() {
                    c.black_in_check += 1;
                }
            }
        }
        c.mated = c
            .black_to_move
            .by_distance
            .first()
            .map_or(0, |r| r.positions);
        c.longest_white_to_move = longest_w.map(|(n, p)| Longest {
            distance: n,
            fen: p.fen(),
        });
        c.longest_black_to_move = longest_b.map(|(n, p)| Longest {
            distance: n,
            fen: p.fen(),
        });
        c
    }
}

/// White's un-moves into a Black-to-move position: the White-to-move positions from which
/// one White move reaches `p`, each legal (Black not in check before the move).
fn white_unmoves(p: Position) -> Vec<Position> {
    let (w, r, b) = (p.white_king, p.rook, p.black_king);
    let mut out = Vec::new();
    for s in neighbours(w) {
        if s == r || s == b || adjacent(s, b) {
            continue;
        }
        let q = Position {
            white_king: s,
            rook: r,
            black_king: b,
            white_to_move: true,
        };
        if !q.black_in_check() {
            out.push(q);
        }
    }
    for &(df, dr) in &LINES {
        let (mut f, mut rk) = (file(r) + df, rank(r) + dr);
        while let Some(s) = at(f, rk) {
            if s == w || s == b {
                break;
            }
            let q = Position {
                white_king: w,
                rook: s,
                black_king: b,
                white_to_move: true,
            };
            if !q.black_in_check() {
                out.push(q);
            }
            f += df;
            rk += dr;
        }
    }
    out
}

/// Black's un-moves into a White-to-move position: the Black-to-move positions from which
/// one Black king step (not a capture) reaches `p`.
fn black_unmoves(p: Position) -> Vec<Position> {
    let (w, r, b) = (p.white_king, p.rook, p.black_king);
    neighbours(b)
        .filter(|&s| s != w && s != r && !adjacent(s, w))
        .map(|s| Position {
            white_king: w,
            rook: r,
            black_king: s,
            white_to_move: false,
        })
        .collect()
}

/// One row of the census: the positions at one distance.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct Count {
    /// The distance in White moves (krk.md §2).
    pub distance: u8,
    /// Legal positions at that distance, full board.
    pub positions: u64,
}

/// The census of one side to move.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct Side {
    /// Legal positions, full board.
    pub positions: u64,
    /// Legal positions up to the board's 8 symmetries.
    pub classes: u64,
    /// Won positions by distance 0, 1, … (full board).
    pub by_distance: Vec<Count>,
    /// Won positions by distance up to symmetry, in the same order.
    pub classes_by_distance: Vec<u64>,
    /// Drawn positions, full board.
    pub drawn: u64,
    /// Drawn positions up to symmetry.
    pub drawn_classes: u64,
}

impl Side {
    /// Counts one legal position of this side to move with the value `v` (`None`: not
    /// valued, counted among the positions only), `canonical` if it is the first of its
    /// class under the board's 8 symmetries.
    pub fn tally(&mut self, v: Option<Value>, canonical: bool) {
        self.positions += 1;
        self.classes += u64::from(canonical);
        match v {
            Some(Value::Drawn) => {
                self.drawn += 1;
                self.drawn_classes += u64::from(canonical);
            }
            Some(Value::MateIn(n) | Value::LostIn(n)) => {
                let n = usize::from(n);
                while self.by_distance.len() <= n {
                    self.by_distance.push(Count {
                        distance: self.by_distance.len() as u8,
                        positions: 0,
                    });
                    self.classes_by_distance.push(0);
                }
                self.by_distance[n].positions += 1;
                self.classes_by_distance[n] += u64::from(canonical);
            }
            _ => {}
        }
    }
}

/// A longest position: its distance and one example (the first in index order).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Longest {
    /// The distance in White moves.
    pub distance: u8,
    /// The example as a FEN.
    pub fen: String,
}

/// The table's census (`mark1 ref krk census`).
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct Census {
    /// The square notation used: "algebraic".
    pub squares: &'static str,
    /// White to move: distances are "mate in n" (2n−1 plies).
    pub white_to_move: Side,
    /// Black to move: distances are "lost in n" (2n plies); 0 = mated.
    pub black_to_move: Side,
    /// Black to move and mated.
    pub mated: u64,
    /// Black to move and stalemated.
    pub stalemates: u64,
    /// Black to move and able to take the unprotected rook.
    pub rook_can_be_taken: u64,
    /// Black to move in check (exactly the Black-to-move positions not legal with White
    /// to move).
    pub black_in_check: u64,
    /// The longest White-to-move position.
    pub longest_white_to_move: Option<Longest>,
    /// The longest Black-to-move position.
    pub longest_black_to_move: Option<Longest>,
}

/// One of the best moves of [`Best`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct BestMove {
    /// Standard algebraic notation.
    pub san: String,
    /// Coordinates, from and to (`b2b8`).
    pub uci: String,
    /// The position after the move as a FEN (none when the rook is taken).
    pub fen_after: Option<String>,
    /// Its value in words ([`value_words`]).
    pub value_after: String,
}

/// A position's value and best moves (`mark1 ref krk best`).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Best {
    /// The square notation used: "algebraic".
    pub squares: &'static str,
    /// The position as a FEN.
    pub fen: String,
    /// "white" or "black".
    pub to_move: &'static str,
    /// "won", "drawn" or "mated" (for White: the position is won or drawn for White).
    pub value: &'static str,
    /// The distance in White moves (krk.md §2), if won.
    pub distance: Option<u8>,
    /// The distance in plies (2n−1 with White to move, 2n with Black), if won.
    pub plies: Option<u32>,
    /// The value in words, e.g. "White mates in 16".
    pub words: String,
    /// Every optimal move (see [`Table::best_moves`]).
    pub moves: Vec<BestMove>,
}

/// The value in words: "White mates in n", "Black is lost in n", "Black is mated",
/// "drawn: stalemate", "drawn: Black takes the rook", "illegal".
pub fn value_words(p: &Position, v: Value) -> String {
    match v {
        Value::Illegal => "illegal".into(),
        Value::MateIn(n) => format!("White mates in {n}"),
        Value::LostIn(0) => "Black is mated".into(),
        Value::LostIn(n) => format!("Black is lost in {n}"),
        Value::Drawn if p.moves().is_empty() => "drawn: stalemate".into(),
        Value::Drawn => "drawn: Black takes the rook".into(),
    }
}

impl Table {
    /// The report of `mark1 ref krk best`: the position's value, distance and every
    /// optimal move with the value after it.
    pub fn best(&self, p: &Position) -> Best {
        let v = self.value(p);
        let moves = self
            .best_moves(p)
            .iter()
            .map(|m| {
                let (fen_after, value_after) = match p.play(m) {
                    Outcome::Position(q) => (Some(q.fen()), value_words(&q, self.value(&q))),
                    Outcome::RookTaken => (None, "drawn: two bare kings".into()),
                };
                BestMove {
                    san: p.san(m),
                    uci: m.uci(),
                    fen_after,
                    value_after,
                }
            })
            .collect();
        Best {
            squares: "algebraic",
            fen: p.fen(),
            to_move: if p.white_to_move { "white" } else { "black" },
            value: match v {
                Value::Illegal => "illegal",
                Value::Drawn => "drawn",
                Value::LostIn(0) => "mated",
                _ => "won",
            },
            distance: v.distance(),
            plies: v.plies(),
            words: value_words(p, v),
            moves,
        }
    }
}

/// The table, built once per process on first use ([`Table::build`]).
pub fn table() -> &'static Table {
    static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
    TABLE.get_or_init(Table::build)
}
