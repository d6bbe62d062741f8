//! Torres Quevedo's chess machine, El Ajedrecista (1912; the second machine 1920): king
//! and rook against king, its move a six-row table on the position (Vigneron, "Les
//! automates", *La Nature* 1914, as the Chessprogramming wiki and Wikipedia reproduce it;
//! Atkinson, *Chess and Machine Intuition*, appendix), the lamp for an illegal move and
//! the refusal after the third (Faster than Thought ch. 25; Wikipedia). docs/ajedrecista.md
//! has the sources and the readings.
//!
//! Squares are chess squares `a1`–`h8` in text; inside, 0–63 with `a1` = 0, `h1` = 7,
//! `a8` = 56 (file + 8 × rank), as in `reference::knights`. The machine plays White
//! (king and rook), the visitor Black (the king).
//!
//! - [`Position`]: the three pegs and who is to move; FEN in and out (through `shakmaty`).
//! - [`order`] (the table), [`decide`] (the table and the mechanism): the machine's move as
//!   a pure function of the position, no search, no memory.
//! - [`Game`]: a whole game with the strike counter and the end.
//! - [`census`], [`longest`]: every position reachable from a legal start under every
//!   legal reply, and the longest game the visitor can force.

mod census;

pub use census::{census, longest, reachable, Census, Longest, LongestStart};

use serde::Serialize;

/// A square, 0–63: file + 8 × rank (a1 = 0, h8 = 63).
pub type Square = u8;

/// The white king's start square, a8 (Levy, as the Chessprogramming wiki cites him).
pub const START_KING: Square = 56;
/// The rook's start square, b7 (the same; one transcription of Atkinson has b8, under
/// which the table orders illegal moves from some starts: docs/ajedrecista.md).
pub const START_ROOK: Square = 49;

/// Errors of the machine's input: squares, FENs, starts, readings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AjedrecistaError {
    /// Not a square `a1`–`h8`.
    #[error("`{0}` is not a square: a1 to h8")]
    Square(String),
    /// A FEN that is not one of this ending's positions.
    #[error("FEN `{fen}`: {why}")]
    Fen {
        /// The text given.
        fen: String,
        /// What is wrong with it, in words.
        why: String,
    },
    /// A start square the machine does not accept.
    #[error("the black king cannot start on {square}: {why}")]
    Start {
        /// The square, `a1`–`h8`.
        square: String,
        /// Why, in words.
        why: &'static str,
    },
    /// A reading's name that is not one.
    #[error("`{given}` is not a reading of {what}: {choices}")]
    Reading {
        /// What the reading is of (`rows`, `illegal`, `flagged`).
        what: &'static str,
        /// The text given.
        given: String,
        /// The names there are.
        choices: &'static str,
    },
    /// A move asked of the side that is not to move, or of a game that has ended.
    #[error("{0}")]
    Turn(&'static str),
}

/// The file of `s`, 0–7 (a–h).
pub fn file(s: Square) -> i8 {
    (s % 8) as i8
}

/// The rank of `s`, 0–7 (ranks 1–8).
pub fn rank(s: Square) -> i8 {
    (s / 8) as i8
}

/// The square at `file`, `rank` (each 0–7), or `None` off the board.
pub fn at(file: i8, rank: i8) -> Option<Square> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (file + 8 * rank) as Square)
}

/// A square's name, `a1`–`h8`.
pub fn square_name(s: Square) -> String {
    format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1)
}

/// Reads `a1`–`h8` (either case, blanks around it ignored).
///
/// # Errors
/// [`AjedrecistaError::Square`].
pub fn parse_square(text: &str) -> Result<Square, AjedrecistaError> {
    let t = text.trim().to_ascii_lowercase();
    let b = t.as_bytes();
    if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
        Ok((b[0] - b'a') + 8 * (b[1] - b'1'))
    } else {
        Err(AjedrecistaError::Square(text.trim().to_string()))
    }
}

/// Whether `a` and `b` are different squares a king's step apart.
pub fn adjacent(a: Square, b: Square) -> bool {
    a != b && (file(a) - file(b)).abs() <= 1 && (rank(a) - rank(b)).abs() <= 1
}

/// The zone of a file (Vigneron): files a–c the left zone (`Some(0)`), f–h the right
/// (`Some(1)`), d and e neither (`None`).
pub fn zone(file: i8) -> Option<u8> {
    match file {
        0..=2 => Some(0),
        5..=7 => Some(1),
        _ => None,
    }
}

/// The pegs on the board and who is to move. The rook is `None` once the visitor's king
/// has taken it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Position {
    /// The machine's king.
    pub white_king: Square,
    /// The machine's rook, if it is still on the board.
    pub rook: Option<Square>,
    /// The visitor's king.
    pub black_king: Square,
    /// Whether the machine (White) is to move.
    pub machine_to_move: bool,
}

/// The black king's situation (after the machine's move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// In check, and no legal move: the machine has won.
    Mate,
    /// Not in check, and no legal move: a draw.
    Stalemate,
    /// In check, with a move.
    Check,
    /// Neither.
    Quiet,
}

impl Status {
    /// The word the 1920 machine's phonograph says (`check`, `mate`), or `stalemate`, or
    /// nothing.
    pub fn word(self) -> Option<&'static str> {
        match self {
            Status::Mate => Some("mate"),
            Status::Stalemate => Some("stalemate"),
            Status::Check => Some("check"),
            Status::Quiet => None,
        }
    }
}

impl Position {
    /// A legal start: the machine's king on a8, its rook on b7, the visitor's king on
    /// `black_king`, the machine to move.
    ///
    /// # Errors
    /// [`AjedrecistaError::Start`]: not on ranks 1–6 (the sources' rule), or in check from
    /// the rook (the b-file).
    pub fn start(black_king: Square) -> Result<Position, AjedrecistaError> {
        Position::start_with(black_king, RookStart::B7)
    }

    /// A legal start with the rook on `rook`'s square ([`RookStart`]).
    ///
    /// # Errors
    /// As [`Position::start`].
    pub fn start_with(black_king: Square, rook: RookStart) -> Result<Position, AjedrecistaError> {
        let p = Position {
            white_king: START_KING,
            rook: Some(rook.square()),
            black_king,
            machine_to_move: true,
        };
        let why = if rank(black_king) > 5 {
            Some("it must stand on ranks 1-6")
        } else if p.in_check() {
            Some(match rook {
                RookStart::B7 => "it would be in check from the rook on b7",
                RookStart::B8 => "it would be in check from the rook on b8",
            })
        } else {
            None
        };
        match why {
            Some(why) => Err(AjedrecistaError::Start {
                square: square_name(black_king),
                why,
            }),
            None => Ok(p),
        }
    }

    /// Every legal start, the black king's squares in order a1, c1 … h6 (42 of them).
    pub fn starts() -> Vec<Position> {
        Position::starts_with(RookStart::B7)
    }

    /// Every legal start with the rook on `rook`'s square.
    pub fn starts_with(rook: RookStart) -> Vec<Position> {
        (0..48)
            .filter_map(|s| Position::start_with(s, rook).ok())
            .collect()
    }

    /// Reads a FEN with the white king, at most one white rook and the black king and
    /// nothing else; `w` (the machine to move) or `b`; castling and en passant `-`; the
    /// counters, if given, are not kept. Positions chess forbids (the kings side by side,
    /// the black king in check with White to move) are read: a cheat can reach them.
    ///
    /// # Errors
    /// [`AjedrecistaError::Fen`] with the reason.
    pub fn from_fen(text: &str) -> Result<Position, AjedrecistaError> {
        use shakmaty::{Color, Role};
        let bad = |why: String| AjedrecistaError::Fen {
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
                        "a {} on {}: the machine plays king and rook against a lone king",
                        piece.role.char(),
                        square_name(s)
                    )))
                }
            }
        }
        match (wk.as_slice(), r.as_slice(), bk.as_slice()) {
            ([w], rooks, [b]) if rooks.len() <= 1 => Ok(Position {
                white_king: *w,
                rook: rooks.first().copied(),
                black_king: *b,
                machine_to_move: setup.turn == Color::White,
            }),
            _ => Err(bad(format!(
                "it needs one white king (has {}), at most one white rook (has {}) and one \
                 black king (has {})",
                wk.len(),
                r.len(),
                bk.len()
            ))),
        }
    }

    /// The position as a FEN (`w` when the machine is to move; counters `0 1`).
    pub fn fen(&self) -> String {
        use shakmaty::{Color, Piece, Role};
        let mut board = shakmaty::Board::empty();
        let put = |b: &mut shakmaty::Board, s: Square, color, role| {
            b.set_piece_at(shakmaty::Square::new(u32::from(s)), Piece { color, role });
        };
        put(&mut board, self.white_king, Color::White, Role::King);
        if let Some(r) = self.rook {
            put(&mut board, r, Color::White, Role::Rook);
        }
        put(&mut board, self.black_king, Color::Black, Role::King);
        format!(
            "{} {} - - 0 1",
            board.board_fen(),
            if self.machine_to_move { 'w' } else { 'b' }
        )
    }

    /// Whether a peg stands on `s`.
    pub fn occupied(&self, s: Square) -> bool {
        s == self.white_king || s == self.black_king || self.rook == Some(s)
    }

    /// Whether the rook attacks `target` along its rank or file, the white king blocking,
    /// the black king blocking unless it is the piece on `vacated` (its own square, when
    /// its moves are tried).
    fn rook_attacks(&self, target: Square, vacated: Square) -> bool {
        let Some(r) = self.rook else { return false };
        if r == target || (file(r) != file(target) && rank(r) != rank(target)) {
            return false;
        }
        let (df, dr) = (
            (file(target) - file(r)).signum(),
            (rank(target) - rank(r)).signum(),
        );
        let (mut f, mut k) = (file(r) + df, rank(r) + dr);
        while (f, k) != (file(target), rank(target)) {
            let s = (f + 8 * k) as Square;
            if s == self.white_king || (s == self.black_king && s != vacated) {
                return false;
            }
            f += df;
            k += dr;
        }
        true
    }

    /// Whether the black king is in check: the rook attacks it along its rank or file
    /// with no peg between.
    pub fn in_check(&self) -> bool {
        self.rook_attacks(self.black_king, self.black_king)
    }

    /// Whether the visitor's king may go to `to` under the rules of chess: a king's step,
    /// not onto or next to the white king, not onto a square the rook attacks (seen with
    /// the black king gone from its square); taking the rook only when the white king
    /// does not guard it.
    pub fn legal_step(&self, to: Square) -> bool {
        adjacent(self.black_king, to)
            && to != self.white_king
            && !adjacent(to, self.white_king)
            && !self.rook_attacks(to, self.black_king)
    }

    /// The visitor's legal moves (chess), in square order.
    pub fn visitor_moves(&self) -> Vec<Square> {
        (0..64).filter(|&s| self.legal_step(s)).collect()
    }

    /// The black king's situation: mate, stalemate, check or neither.
    pub fn status(&self) -> Status {
        let check = self.in_check();
        let moves = (0..64).any(|s| self.legal_step(s));
        match (check, moves) {
            (true, false) => Status::Mate,
            (false, false) => Status::Stalemate,
            (true, true) => Status::Check,
            (false, true) => Status::Quiet,
        }
    }

    /// The board as text: ranks 8 down to 1, `K` the machine's king, `R` its rook, `k`
    /// the visitor's king, `.` an empty square, the files under it.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for k in (0..8).rev() {
            s.push_str(&format!("{} ", k + 1));
            for f in 0..8 {
                let sq = (f + 8 * k) as Square;
                s.push(if sq == self.white_king {
                    'K'
                } else if Some(sq) == self.rook {
                    'R'
                } else if sq == self.black_king {
                    'k'
                } else {
                    '.'
                });
                s.push(if f == 7 { '\n' } else { ' ' });
            }
        }
        s.push_str("  a b c d e f g h\n");
        s
    }
}

/// The machine's two pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    /// The white king.
    King,
    /// The rook.
    Rook,
}

/// How the table's rows are read (docs/ajedrecista.md, "The table").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rows {
    /// Vigneron's rows as the Chessprogramming wiki and Wikipedia give them: every
    /// condition of a row tested (rows 3–6 only when the rook stands one rank above the
    /// black king); where none holds, the machine has no move. The default: the primary
    /// description.
    #[default]
    Vigneron,
    /// Atkinson's pseudo-code: an else-chain, each row testing only its own clause, the
    /// last row taking whatever is left.
    Atkinson,
}

/// What lights the lamp (the sources say "an illegal move" and no more).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// Every move the rules of chess forbid: not a king's step, onto or next to the white
    /// king, onto a square the rook attacks, taking a guarded rook. The default: the
    /// sources' word "illegal", and Faster than Thought's "mistakes".
    #[default]
    Chess,
    /// Only a move that is not a king's step (a jump, or no move at all): a machine that
    /// senses where the king was put but not what attacks it.
    Step,
}

/// Where the king stands after a flagged move (the sources are silent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Flagged {
    /// Where the visitor put it (unless a white peg stands there): the default, the one
    /// reading under which Faster than Thought's cheat, "moving one's own king the length
    /// of the board", can be made.
    #[default]
    Stands,
    /// Put back where it was.
    Back,
}

/// Where the rook starts: b7 (Levy as the Chessprogramming wiki cites him; IEEE Spectrum
/// 2023) or b8 (one transcription of Atkinson's appendix).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RookStart {
    /// b7, the default: the sources that describe the machine itself.
    #[default]
    B7,
    /// b8: from c6 the table then orders a move the mechanism cannot make
    /// (docs/ajedrecista.md).
    B8,
}

impl RookStart {
    /// The square.
    pub fn square(self) -> Square {
        match self {
            RookStart::B7 => START_ROOK,
            RookStart::B8 => START_ROOK + 8,
        }
    }
}

macro_rules! reading {
    ($t:ty, $what:literal, $choices:literal, $($v:ident => $n:literal),+) => {
        impl $t {
            /// The reading's name as the commands spell it.
            pub fn name(self) -> &'static str {
                match self { $(Self::$v => $n),+ }
            }

            /// Reads a name the commands spell.
            ///
            /// # Errors
            /// [`AjedrecistaError::Reading`] naming the choices.
            pub fn parse(text: &str) -> Result<Self, AjedrecistaError> {
                match text.trim() {
                    $($n => Ok(Self::$v),)+
                    t => Err(AjedrecistaError::Reading {
                        what: $what,
                        given: t.to_string(),
                        choices: $choices,
                    }),
                }
            }
        }
    };
}

reading!(Rows, "the table's rows", "vigneron or atkinson", Vigneron => "vigneron", Atkinson => "atkinson");
reading!(Illegal, "an illegal move", "chess or step", Chess => "chess", Step => "step");
reading!(Flagged, "a flagged move", "stands or back", Stands => "stands", Back => "back");
reading!(RookStart, "the rook's start", "b7 or b8", B7 => "b7", B8 => "b8");

/// The readings of a game, one for each place the sources are silent or differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Readings {
    /// How the table's rows are read.
    pub rows: Rows,
    /// What lights the lamp.
    pub illegal: Illegal,
    /// Where the king stands after a flagged move.
    pub flagged: Flagged,
    /// Where the rook starts.
    pub rook: RookStart,
}

impl Readings {
    /// The readings in words: `rook b7, rows vigneron, illegal chess, flagged stands`.
    pub fn words(&self) -> String {
        format!(
            "rook {}, rows {}, illegal {}, flagged {}",
            self.rook.name(),
            self.rows.name(),
            self.illegal.name(),
            self.flagged.name()
        )
    }
}

/// A move the table orders: its row (case 1–6), the piece, its square and its target
/// (`None`: off the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    /// The row of the table, 1–6.
    pub case: u8,
    /// The piece that moves.
    pub piece: Piece,
    /// Where it stands.
    pub from: Square,
    /// Where the table sends it; `None` off the board.
    pub to: Option<Square>,
}

/// Why the mechanism cannot make a move the table orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blocked {
    /// The target is off the board.
    OffBoard,
    /// A peg stands on the target.
    Occupied,
    /// The white king would stand next to the black king.
    NextToKing,
    /// A king stands between the rook and its target.
    Path,
}

impl Blocked {
    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            Blocked::OffBoard => "its target is off the board",
            Blocked::Occupied => "a piece stands on its target",
            Blocked::NextToKing => "the kings would stand side by side",
            Blocked::Path => "a king stands in the rook's way",
        }
    }
}

/// The machine's answer to a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// It makes the move.
    Move(Reply),
    /// The table orders a move the mechanism cannot make: it stops.
    Cannot(Order, Blocked),
    /// No row of the table holds: it stops.
    NoCase,
}

/// A move the machine makes: the order, the position after it and the black king's
/// situation there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The table's order.
    pub order: Order,
    /// The position after it (the visitor to move).
    pub after: Position,
    /// Check, mate, stalemate or neither.
    pub status: Status,
}

impl Reply {
    /// The move in SAN: `Rh7`, `Kb8`, `Rb1+`, `Rb1#` (the machine never captures).
    pub fn san(&self) -> String {
        let to = self.order.to.map(square_name).unwrap_or_default();
        let piece = match self.order.piece {
            Piece::King => 'K',
            Piece::Rook => 'R',
        };
        let mark = match self.status {
            Status::Mate => "#",
            Status::Check => "+",
            _ => "",
        };
        format!("{piece}{to}{mark}")
    }
}

/// The move the table orders in `p` (the machine to move or not: the table reads only the
/// pegs), or `None` where no row holds. Vigneron's rows: 1 the black king in the rook's
/// zone: the rook to the far edge file; 2 the black king more than one rank below the
/// rook: the rook down; with the rook one rank above the black king, 3 the kings more
/// than two ranks apart: the king down; 4 two ranks apart and the files between them odd:
/// the rook's waiting move (a↔b, h↔g); 5 even and not zero: the king one file towards the
/// black king; 6 the same file: the rook down. [`Rows::Atkinson`] tests each row's own
/// clause only.
pub fn order(p: &Position, rows: Rows) -> Option<Order> {
    let r = p.rook?;
    let (wk, bk) = (p.white_king, p.black_king);
    let step = |piece, from: Square, case, df: i8, dr: i8| Order {
        case,
        piece,
        from,
        to: at(file(from) + df, rank(from) + dr),
    };
    let (rr, br, wr) = (rank(r), rank(bk), rank(wk));
    let strict = rows == Rows::Vigneron;
    if let (Some(zr), Some(zb)) = (zone(file(r)), zone(file(bk))) {
        if zr == zb {
            let edge = if zr == 0 { 7 } else { 0 };
            return Some(step(Piece::Rook, r, 1, edge - file(r), 0));
        }
    }
    if br + 1 < rr {
        return Some(step(Piece::Rook, r, 2, 0, -1));
    }
    if strict && rr != br + 1 {
        return None;
    }
    if wr > br + 2 {
        return Some(step(Piece::King, wk, 3, 0, -1));
    }
    if strict && wr != br + 2 {
        return None;
    }
    let files = file(wk) - file(bk);
    if files % 2 != 0 {
        let df = match file(r) {
            0 | 6 => 1,
            1 | 7 => -1,
            _ => return None,
        };
        Some(step(Piece::Rook, r, 4, df, 0))
    } else if files != 0 {
        Some(step(Piece::King, wk, 5, -files.signum(), 0))
    } else {
        Some(step(Piece::Rook, r, 6, 0, -1))
    }
}

/// The machine's answer to `p`: the table's order ([`order`]) if the mechanism can make
/// it (a target on the board and free, a white king not beside the black king, the rook's
/// way clear), with the position after it; otherwise why it stops.
pub fn decide(p: &Position, rows: Rows) -> Decision {
    let Some(o) = order(p, rows) else {
        return Decision::NoCase;
    };
    let Some(to) = o.to else {
        return Decision::Cannot(o, Blocked::OffBoard);
    };
    if p.occupied(to) {
        return Decision::Cannot(o, Blocked::Occupied);
    }
    if o.piece == Piece::King && adjacent(to, p.black_king) {
        return Decision::Cannot(o, Blocked::NextToKing);
    }
    if o.piece == Piece::Rook && rank(o.from) == rank(to) {
        let (a, b) = (file(o.from).min(file(to)), file(o.from).max(file(to)));
        if (a + 1..b).any(|f| p.occupied((f + 8 * rank(to)) as Square)) {
            return Decision::Cannot(o, Blocked::Path);
        }
    }
    let mut after = *p;
    match o.piece {
        Piece::King => after.white_king = to,
        Piece::Rook => after.rook = Some(to),
    }
    after.machine_to_move = false;
    Decision::Move(Reply {
        order: o,
        after,
        status: after.status(),
    })
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The machine mated: it won.
    Mate,
    /// The black king has no move and is not in check: a draw.
    Stalemate,
    /// The visitor's king took the rook: a draw.
    RookLost,
    /// The table ordered a move the mechanism cannot make: Faster than Thought's draw.
    Cannot(Order, Blocked),
    /// No row of the table held: the machine has no move, a draw.
    NoCase,
    /// The third illegal move: the machine refuses to play further.
    Refused,
}

impl End {
    /// The end in words: `mate: the machine wins`, `the machine stops (its rook cannot
    /// go to h0: …)`.
    pub fn words(&self) -> String {
        match self {
            End::Mate => "mate: the machine wins".into(),
            End::Stalemate => "stalemate: a draw".into(),
            End::RookLost => "the rook is lost: a draw".into(),
            End::Cannot(o, why) => format!(
                "the machine stops, a draw: its table orders {} (case {}), and {}",
                order_words(o),
                o.case,
                why.words()
            ),
            End::NoCase => "the machine stops, a draw: no row of its table fits".into(),
            End::Refused => "the machine refuses to play further: three illegal moves".into(),
        }
    }

    /// A short name for JSON: `mate`, `stalemate`, `rook lost`, `stopped`, `no case`,
    /// `refused`.
    pub fn name(&self) -> &'static str {
        match self {
            End::Mate => "mate",
            End::Stalemate => "stalemate",
            End::RookLost => "rook lost",
            End::Cannot(..) => "stopped",
            End::NoCase => "no case",
            End::Refused => "refused",
        }
    }
}

/// An order in words: `the rook from b1 off the board`, `the king from c3 to c2`.
pub fn order_words(o: &Order) -> String {
    let piece = match o.piece {
        Piece::King => "king",
        Piece::Rook => "rook",
    };
    match o.to {
        Some(t) => format!(
            "the {piece} from {} to {}",
            square_name(o.from),
            square_name(t)
        ),
        None => format!("the {piece} from {} off the board", square_name(o.from)),
    }
}

/// What became of a visitor's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visited {
    /// A legal move; the machine is to move.
    Played,
    /// The king took the rook: the game is over.
    TookRook,
    /// The lamp: an illegal move, the `strike`th (1 or 2); the king now stands on
    /// `stands`; the visitor moves again.
    Flagged {
        /// The strikes so far.
        strike: u8,
        /// Where the king stands now.
        stands: Square,
    },
    /// The third illegal move: the game is over.
    Refused,
}

/// A whole game: the position, the strikes, the record of moves and the end.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position now.
    pub position: Position,
    /// The readings played under.
    pub readings: Readings,
    /// Illegal moves so far (0–3).
    pub strikes: u8,
    /// The moves in SAN, the visitor's flagged moves as `Kd4?` (the king's target).
    pub record: Vec<String>,
    /// How the game ended, once it has.
    pub end: Option<End>,
}

/// The strikes that end a game (Faster than Thought: "It allows an opponent to make two
/// mistakes before it refuses to play further with him").
pub const STRIKES: u8 = 3;

impl Game {
    /// A game from `position` under `readings`.
    pub fn new(position: Position, readings: Readings) -> Game {
        Game {
            position,
            readings,
            strikes: 0,
            record: Vec::new(),
            end: None,
        }
    }

    /// The machine's move: the table, the mechanism; on a move, the black king's
    /// situation (mate and stalemate end the game); otherwise the machine stops.
    ///
    /// # Errors
    /// [`AjedrecistaError::Turn`]: the game over, or the visitor to move.
    pub fn machine(&mut self) -> Result<Decision, AjedrecistaError> {
        if self.end.is_some() {
            return Err(AjedrecistaError::Turn("the game is over"));
        }
        if !self.position.machine_to_move {
            return Err(AjedrecistaError::Turn("it is the visitor's move"));
        }
        let d = decide(&self.position, self.readings.rows);
        match d {
            Decision::Move(reply) => {
                self.position = reply.after;
                self.record.push(reply.san());
                self.end = match reply.status {
                    Status::Mate => Some(End::Mate),
                    Status::Stalemate => Some(End::Stalemate),
                    _ => None,
                };
            }
            Decision::Cannot(o, b) => self.end = Some(End::Cannot(o, b)),
            Decision::NoCase => self.end = Some(End::NoCase),
        }
        Ok(d)
    }

    /// Whether the king's move to `to` lights the lamp under the game's reading.
    pub fn flagged(&self, to: Square) -> bool {
        match self.readings.illegal {
            Illegal::Chess => !self.position.legal_step(to),
            Illegal::Step => {
                !adjacent(self.position.black_king, to) || to == self.position.white_king
            }
        }
    }

    /// The visitor's king to `to`: played, or the lamp (the strike counted, the king
    /// standing or put back by the reading), or the third strike and the refusal.
    ///
    /// # Errors
    /// [`AjedrecistaError::Turn`]: the game over, or the machine to move.
    pub fn visitor(&mut self, to: Square) -> Result<Visited, AjedrecistaError> {
        if self.end.is_some() {
            return Err(AjedrecistaError::Turn("the game is over"));
        }
        if self.position.machine_to_move {
            return Err(AjedrecistaError::Turn("it is the machine's move"));
        }
        if self.flagged(to) {
            self.strikes += 1;
            self.record.push(format!("K{}?", square_name(to)));
            if self.strikes >= STRIKES {
                self.end = Some(End::Refused);
                return Ok(Visited::Refused);
            }
            if self.readings.flagged == Flagged::Stands
                && to != self.position.white_king
                && Some(to) != self.position.rook
            {
                self.position.black_king = to;
            }
            return Ok(Visited::Flagged {
                strike: self.strikes,
                stands: self.position.black_king,
            });
        }
        let took = Some(to) == self.position.rook;
        self.record.push(format!(
            "K{}{}",
            if took { "x" } else { "" },
            square_name(to)
        ));
        self.position.black_king = to;
        if took {
            self.position.rook = None;
            self.end = Some(End::RookLost);
            return Ok(Visited::TookRook);
        }
        self.position.machine_to_move = true;
        Ok(Visited::Played)
    }
}

/// The answer of `mark1 ref ajedrecista best`: the position, the case and the move, or why
/// the machine stops.
#[derive(Clone, Debug, Serialize)]
pub struct Best {
    /// Squares' notation.
    pub squares: &'static str,
    /// The position asked about.
    pub fen: String,
    /// The table's row 1–6, if one held.
    pub case: Option<u8>,
    /// The move in SAN, if the machine makes one.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// `check`, `mate`, `stalemate` after the move, if any.
    pub status: Option<&'static str>,
    /// Why the machine stops, if it does.
    pub stops: Option<String>,
    /// The position after the move, if one was made.
    pub after: Option<String>,
    /// The readings.
    pub readings: String,
}

/// The machine's answer to `p` under `rows`, for the commands.
pub fn best(p: &Position, readings: &Readings) -> Best {
    let mut b = Best {
        squares: "chess squares a1-h8; the move in SAN",
        fen: p.fen(),
        case: None,
        mv: None,
        status: None,
        stops: None,
        after: None,
        readings: readings.words(),
    };
    match decide(p, readings.rows) {
        Decision::Move(r) => {
            b.case = Some(r.order.case);
            b.mv = Some(r.san());
            b.status = r.status.word();
            b.after = Some(r.after.fen());
        }
        Decision::Cannot(o, why) => {
            b.case = Some(o.case);
            b.stops = Some(End::Cannot(o, why).words());
        }
        Decision::NoCase => b.stops = Some(End::NoCase.words()),
    }
    b
}

#[cfg(test)]
mod tests;
