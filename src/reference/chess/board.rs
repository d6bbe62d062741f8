//! Prinz's board, tables, move cursor and legality test.

use super::ChessError;

/// The direction table c + jd (Robot Chess): right, then anti-clockwise, in internal
/// squares (columns counted from the h-side, so +1 is towards the a-file).
pub const DIRECTIONS: [i8; 8] = [1, 11, 10, 9, -1, -11, -10, -9];

/// The separate knight table. Robot Chess says only that a knight's move is an orthogonal
/// single step followed by a diagonal one; the order here is inferred: anti-clockwise from
/// the right, like the direction table (+1+11, +10+11, +10+9, −1+9, −1−11, −10−11,
/// −10−9, +1−9).
pub const KNIGHT_TABLE: [i8; 8] = [12, 21, 19, 8, -12, -21, -19, -8];

const BORDER: u8 = 0xFF;
const EMPTY: u8 = 0xFE;

/// A side. The colour counter jc is 0 for White and 16 for Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Colour {
    /// Moves first in Prinz's W1 when the problem says "White to play".
    White,
    /// The other side.
    Black,
}

impl Colour {
    /// Prinz's colour counter jc: 0 or 16.
    pub fn jc(self) -> u8 {
        match self {
            Colour::White => 0,
            Colour::Black => 16,
        }
    }

    /// The other side.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// Prinz's piece numbers p.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[repr(u8)]
pub enum Piece {
    /// p = 1.
    Pawn = 1,
    /// p = 2.
    King = 2,
    /// p = 3.
    Knight = 3,
    /// p = 4.
    Queen = 4,
    /// p = 5.
    Bishop = 5,
    /// p = 6.
    Rook = 6,
}

impl Piece {
    fn from_p(p: u8) -> Option<Piece> {
        Some(match p {
            1 => Piece::Pawn,
            2 => Piece::King,
            3 => Piece::Knight,
            4 => Piece::Queen,
            5 => Piece::Bishop,
            6 => Piece::Rook,
            _ => return None,
        })
    }

    /// The name Prinz's program printed ("Pawn", "Rook", …).
    pub fn name(self) -> &'static str {
        match self {
            Piece::Pawn => "Pawn",
            Piece::King => "King",
            Piece::Knight => "Knight",
            Piece::Queen => "Queen",
            Piece::Bishop => "Bishop",
            Piece::Rook => "Rook",
        }
    }

    fn fen_char(self) -> char {
        match self {
            Piece::Pawn => 'p',
            Piece::King => 'k',
            Piece::Knight => 'n',
            Piece::Queen => 'q',
            Piece::Bishop => 'b',
            Piece::Rook => 'r',
        }
    }

    /// The canonical a-table counters of this kind (white; add 16 for black).
    fn slots(self) -> std::ops::Range<u8> {
        match self {
            Piece::Pawn => 0..8,
            Piece::Knight => 8..10,
            Piece::Bishop => 10..12,
            Piece::Rook => 12..14,
            Piece::Queen => 14..15,
            Piece::King => 15..16,
        }
    }
}

/// Internal (10×10) square of a file 0–7 (a–h) and rank 0–7: 10 × (rank + 1) + (8 − file).
pub fn internal_square(file: u8, rank: u8) -> u8 {
    10 * (rank + 1) + (8 - file)
}

/// Prinz's printed square (Faster than Thought: 11 = a1 … 18 = h1 … 88 = h8) of an
/// internal square.
pub fn prinz_square(internal: u8) -> u8 {
    let row = internal / 10;
    let col = internal % 10;
    row * 10 + (9 - col)
}

/// File 0–7 and rank 0–7 of an internal square.
fn file_rank(internal: u8) -> (u8, u8) {
    (8 - internal % 10, internal / 10 - 1)
}

fn algebraic(internal: u8) -> String {
    let (f, r) = file_rank(internal);
    format!("{}{}", (b'a' + f) as char, r + 1)
}

/// A possible move found by the cursor. Squares are internal; use the methods for
/// printed squares and algebraic text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessMove {
    /// Piece counter jp + jc (0–31).
    pub counter: u8,
    /// Piece moved.
    pub piece: Piece,
    /// Internal square moved from.
    pub from: u8,
    /// Internal square moved to.
    pub to: u8,
    /// Counter of the piece captured, if any.
    pub captured: Option<u8>,
}

impl ChessMove {
    /// From-to in algebraic squares, e.g. `h1h6` (no promotion letter ever).
    pub fn uci(&self) -> String {
        format!("{}{}", algebraic(self.from), algebraic(self.to))
    }

    /// Printed destination square, 11–88.
    pub fn to_prinz(&self) -> u8 {
        prinz_square(self.to)
    }

    /// Printed origin square, 11–88.
    pub fn from_prinz(&self) -> u8 {
        prinz_square(self.from)
    }

    /// The line Prinz's program printed for a white first-turn move, e.g. `Rook to 68`.
    pub fn prinz(&self) -> String {
        format!("{} to {}", self.piece.name(), self.to_prinz())
    }

    /// Standard 0–63 squares (a1 = 0, h8 = 63) of origin and destination.
    pub fn std_squares(&self) -> (u8, u8) {
        let (ff, fr) = file_rank(self.from);
        let (tf, tr) = file_rank(self.to);
        (fr * 8 + ff, tr * 8 + tf)
    }
}

/// Possible and illegal moves counted as Prinz's figures count them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Possible moves tried (not off the board, not onto an own piece).
    pub tried: u64,
    /// Of those, the ones leaving the mover's own king attacked.
    pub illegal: u64,
}

/// A position in Prinz's tables.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// a-table: internal square of each piece counter, −1 if not on the board.
    pub a: [i8; 32],
    /// b-table: per internal square 0–99: 0xFF border, 0xFE empty, else a piece counter.
    pub b: [u8; 100],
    /// Piece number p of each counter (0 for an unused counter).
    pub p: [u8; 32],
    /// Side to move.
    pub to_move: Colour,
}

/// Prinz's move counters for one turn: piece counter jp (0–15 within the side),
/// direction index, step counter js. Entry 1 of a turn is `Cursor::default()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    jp: u8,
    jd: u8,
    js: i8,
}

impl Default for Cursor {
    fn default() -> Self {
        Cursor {
            jp: 0,
            jd: 0,
            js: 1,
        }
    }
}

const QUEEN_KING_DIRS: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const ROOK_DIRS: [u8; 4] = [0, 2, 4, 6];
const BISHOP_DIRS: [u8; 4] = [1, 3, 5, 7];
const WHITE_PAWN_DIRS: [u8; 3] = [1, 2, 3];
const BLACK_PAWN_DIRS: [u8; 3] = [5, 6, 7];

impl Board {
    /// Reads a FEN. Only the placement and the side to move are used; castling and en
    /// passant fields are ignored (Prinz's rules have neither), counters are optional.
    /// Pieces of one kind take their canonical counters in order of printed square
    /// (11, 12, … 88); pieces beyond the canonical counters (a third knight, a second
    /// queen) take the lowest free counter of their side. This is the one validation of a
    /// chess position for every command (`prinz`, `ref chess …`). Errors: malformed
    /// text, a side without exactly one king, more than 16 pieces on a side, a pawn on
    /// the first or eighth rank, the side not to move in check.
    pub fn from_fen(fen: &str) -> Result<Board, ChessError> {
        let err = |r: &str| ChessError::Fen {
            fen: fen.to_string(),
            reason: r.to_string(),
        };
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() || fields.len() > 6 {
            return Err(err(
                "expected a placement, a side and up to four more fields",
            ));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(err("placement needs 8 ranks separated by '/'"));
        }
        let to_move = match fields.get(1).copied() {
            Some("w") | Some("W") => Colour::White,
            Some("b") | Some("B") => Colour::Black,
            None => return Err(err("missing side to move (w or b)")),
            Some(_) => return Err(err("side to move must be w or b")),
        };
        let mut pieces = parse_placement(&ranks).map_err(|r| err(&r))?;
        let mut board = Board {
            a: [-1; 32],
            b: [BORDER; 100],
            p: [0; 32],
            to_move,
        };
        for row in 1..9 {
            for col in 1..9 {
                board.b[row * 10 + col] = EMPTY;
            }
        }
        // Sort by printed square so that counters follow 11, 12, …, 88.
        pieces.sort_by_key(|&(s, _, _)| prinz_square(s));
        for colour in [Colour::White, Colour::Black] {
            let jc = colour.jc();
            let mine: Vec<(u8, Piece)> = pieces
                .iter()
                .filter(|x| x.1 == colour)
                .map(|&(s, _, p)| (s, p))
                .collect();
            if mine.len() > 16 {
                return Err(err("more than 16 pieces on one side"));
            }
            if mine.iter().filter(|x| x.1 == Piece::King).count() != 1 {
                return Err(err("each side needs exactly one king"));
            }
            let mut overflow = Vec::new();
            for &(s, piece) in &mine {
                match piece.slots().find(|&j| board.p[(jc + j) as usize] == 0) {
                    Some(j) => board.place(jc + j, piece, s),
                    None => overflow.push((s, piece)),
                }
            }
            for (s, piece) in overflow {
                let j = (0..15)
                    .find(|&j| board.p[(jc + j) as usize] == 0)
                    .ok_or_else(|| err("no free counter"))?;
                board.place(jc + j, piece, s);
            }
        }
        // A position no game can reach: the side that has just moved left its King
        // attacked (Prinz's program, like ours, would look for a King that has gone).
        if board.in_check(board.to_move.opponent()) {
            return Err(err("the side not to move is in check"));
        }
        Ok(board)
    }

    fn place(&mut self, counter: u8, piece: Piece, s: u8) {
        self.p[counter as usize] = piece as u8;
        self.a[counter as usize] = s as i8;
        self.b[s as usize] = counter;
    }

    /// Writes the position as FEN with castling and en passant fields `-`.
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut gap = 0;
            for file in 0..8 {
                let cell = self.b[internal_square(file, rank) as usize];
                if cell == EMPTY {
                    gap += 1;
                    continue;
                }
                if gap > 0 {
                    out.push_str(&gap.to_string());
                    gap = 0;
                }
                let c = Piece::from_p(self.p[cell as usize])
                    .map(Piece::fen_char)
                    .unwrap_or('?');
                out.push(if cell < 16 { c.to_ascii_uppercase() } else { c });
            }
            if gap > 0 {
                out.push_str(&gap.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if self.to_move == Colour::White {
            'w'
        } else {
            'b'
        };
        format!("{out} {side} - - 0 1")
    }

    #[inline]
    fn colour_of(cell: u8) -> Colour {
        if cell < 16 {
            Colour::White
        } else {
            Colour::Black
        }
    }

    /// Makes a possible move (from the cursor) and passes the turn.
    pub fn make(&mut self, m: &ChessMove) {
        if let Some(c) = m.captured {
            self.a[c as usize] = -1;
        }
        self.b[m.from as usize] = EMPTY;
        self.b[m.to as usize] = m.counter;
        self.a[m.counter as usize] = m.to as i8;
        self.to_move = self.to_move.opponent();
    }

    /// Takes back a move made with [`Board::make`].
    pub fn unmake(&mut self, m: &ChessMove) {
        self.to_move = self.to_move.opponent();
        self.a[m.counter as usize] = m.from as i8;
        self.b[m.from as usize] = m.counter;
        match m.captured {
            Some(c) => {
                self.a[c as usize] = m.to as i8;
                self.b[m.to as usize] = c;
            }
            None => self.b[m.to as usize] = EMPTY,
        }
    }

    /// Whether the king of `colour` (counter jc + 15) is attacked. As in Robot Chess:
    /// imaginary knight moves from the king's square looking for p = 3, then imaginary
    /// moves in each direction jd 0–7 until a piece or the border; an enemy piece found
    /// attacks if it is a rook or queen on an even jd, a bishop or queen on an odd jd, a
    /// king at one step, or a pawn at one diagonal step against its direction of travel.
    pub fn in_check(&self, colour: Colour) -> bool {
        let k = self.a[(colour.jc() + 15) as usize];
        if k < 0 {
            return false;
        }
        let k = k as i16;
        let enemy = colour.opponent();
        for &o in KNIGHT_TABLE.iter() {
            let t = (k + o as i16) as usize;
            if t < 100 {
                let cell = self.b[t];
                if cell < 32
                    && Self::colour_of(cell) == enemy
                    && self.p[cell as usize] == Piece::Knight as u8
                {
                    return true;
                }
            }
        }
        for (jd, &d) in DIRECTIONS.iter().enumerate() {
            let mut t = k;
            let mut dist = 0;
            loop {
                t += d as i16;
                dist += 1;
                if !(0..100).contains(&t) {
                    break;
                }
                let cell = self.b[t as usize];
                if cell == BORDER {
                    break;
                }
                if cell == EMPTY {
                    continue;
                }
                if Self::colour_of(cell) != enemy {
                    break;
                }
                let attacks = match Piece::from_p(self.p[cell as usize]) {
                    Some(Piece::Rook) => jd % 2 == 0,
                    Some(Piece::Bishop) => jd % 2 == 1,
                    Some(Piece::Queen) => true,
                    Some(Piece::King) => dist == 1,
                    Some(Piece::Pawn) => {
                        dist == 1
                            && match colour {
                                Colour::White => jd == 1 || jd == 3,
                                Colour::Black => jd == 5 || jd == 7,
                            }
                    }
                    _ => false,
                };
                if attacks {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// The next possible move of the side to move after `cur`, advancing `cur` (Robot
    /// Chess: direction counter, step counter, piece counter). `None` when the position
    /// is exhausted (exit 4).
    pub fn next_possible(&self, cur: &mut Cursor) -> Option<ChessMove> {
        let jc = self.to_move.jc();
        loop {
            if cur.jp >= 16 {
                return None;
            }
            let counter = jc + cur.jp;
            let s = self.a[counter as usize];
            let piece = Piece::from_p(self.p[counter as usize]);
            let (Some(piece), true) = (piece, s >= 0) else {
                *cur = Cursor {
                    jp: cur.jp + 1,
                    ..Cursor::default()
                };
                continue;
            };
            let dirs: &[u8] = match (piece, self.to_move) {
                (Piece::Pawn, Colour::White) => &WHITE_PAWN_DIRS,
                (Piece::Pawn, Colour::Black) => &BLACK_PAWN_DIRS,
                (Piece::Rook, _) => &ROOK_DIRS,
                (Piece::Bishop, _) => &BISHOP_DIRS,
                _ => &QUEEN_KING_DIRS, // king, queen; knight indexes its own table
            };
            if cur.jd as usize >= dirs.len() {
                *cur = Cursor {
                    jp: cur.jp + 1,
                    ..Cursor::default()
                };
                continue;
            }
            let d = if piece == Piece::Knight {
                KNIGHT_TABLE[cur.jd as usize]
            } else {
                DIRECTIONS[dirs[cur.jd as usize] as usize]
            };
            let t = s as i16 + d as i16 * cur.js as i16;
            let next_dir = Cursor {
                jp: cur.jp,
                jd: cur.jd + 1,
                js: 1,
            };
            if !(0..100).contains(&t) {
                *cur = next_dir;
                continue;
            }
            let t = t as u8;
            let cell = self.b[t as usize];
            if cell == BORDER || (cell < 32 && Self::colour_of(cell) == self.to_move) {
                *cur = next_dir;
                continue;
            }
            let capture = cell < 32;
            if piece == Piece::Pawn {
                let straight = d == 10 || d == -10;
                let last_row = match self.to_move {
                    Colour::White => t / 10 == 8,
                    Colour::Black => t / 10 == 1,
                };
                if straight == capture || last_row {
                    *cur = next_dir;
                    continue;
                }
            }
            let slider = matches!(piece, Piece::Rook | Piece::Bishop | Piece::Queen);
            *cur = if slider && !capture {
                Cursor {
                    js: cur.js + 1,
                    ..*cur
                }
            } else {
                next_dir
            };
            return Some(ChessMove {
                counter,
                piece,
                from: s as u8,
                to: t,
                captured: capture.then_some(cell),
            });
        }
    }

    /// The next legal move after `cur`: possible moves are counted in `counts.tried`; each
    /// is made, tested for leaving the mover's king attacked (counted in
    /// `counts.illegal` if so) and taken back. The board is unchanged on return.
    pub fn next_legal(&mut self, cur: &mut Cursor, counts: &mut Counts) -> Option<ChessMove> {
        while let Some(m) = self.next_possible(cur) {
            counts.tried += 1;
            let mover = self.to_move;
            self.make(&m);
            let illegal = self.in_check(mover);
            self.unmake(&m);
            if illegal {
                counts.illegal += 1;
            } else {
                return Some(m);
            }
        }
        None
    }
}

/// Every legal move of the side to move, in Prinz's order.
pub fn legal_moves(board: &Board) -> Vec<ChessMove> {
    let mut b = board.clone();
    let mut cur = Cursor::default();
    let mut counts = Counts::default();
    let mut v = Vec::new();
    while let Some(m) = b.next_legal(&mut cur, &mut counts) {
        v.push(m);
    }
    v
}

/// The deepest perft the command line accepts: 7 plies take minutes from the opening
/// position under Prinz's rules (about 3·10^9 leaves), one more would take hours.
pub const MAX_PERFT_DEPTH: u32 = 7;

/// [`perft`], root move by root move: `progress(done, total)` is called before the
/// first root move and after each (total = the number of legal root moves; `done` counts
/// up by one each call).
///
/// The root moves are counted in parallel on the current rayon pool (`mark1 ref chess
/// perft --threads N` sizes it); `progress` is called from the worker that finished a
/// root move, one call at a time. The count is the same for any number of threads.
pub fn perft_with_progress(
    board: &Board,
    depth: u32,
    progress: &mut (dyn FnMut(usize, usize) + Send),
) -> u64 {
    crate::reference::perft_over_roots(
        depth,
        || legal_moves(board),
        |m| {
            let mut b = board.clone();
            b.make(m);
            perft_split(&b, depth - 1)
        },
        progress,
    )
}

/// [`perft`] with the replies of a root move counted in parallel too when there are 3
/// or more plies left: Prinz's rules give the opening only 12 root moves of unequal
/// size, too few to share evenly between workers (measured on 2 cores, perft 7 from the
/// opening: 1.6 times faster over root moves alone; see docs/performance.md).
fn perft_split(board: &Board, depth: u32) -> u64 {
    use rayon::prelude::*;
    if depth < 3 {
        return perft(board, depth);
    }
    legal_moves(board)
        .par_iter()
        .map(|m| {
            let mut b = board.clone();
            b.make(m);
            perft(&b, depth - 1)
        })
        .sum()
}

/// Leaf count `depth` plies below `board` under Prinz's rules (depth 0 is 1).
pub fn perft(board: &Board, depth: u32) -> u64 {
    fn rec(b: &mut Board, depth: u32) -> u64 {
        let mut cur = Cursor::default();
        let mut counts = Counts::default();
        let mut n = 0;
        while let Some(m) = b.next_legal(&mut cur, &mut counts) {
            if depth == 1 {
                n += 1;
            } else {
                b.make(&m);
                n += rec(b, depth - 1);
                b.unmake(&m);
            }
        }
        n
    }
    if depth == 0 {
        return 1;
    }
    rec(&mut board.clone(), depth)
}

/// Reads the eight ranks of a FEN placement (rank 8 first) into (internal square, colour,
/// piece). Errors: a bad count or letter, a rank not of 8 squares, a pawn on the first or
/// eighth rank (no game reaches one: a pawn there has promoted or was never there).
fn parse_placement(ranks: &[&str]) -> Result<Vec<(u8, Colour, Piece)>, String> {
    let mut pieces = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err("empty-square count must be 1-8".into());
                }
                file += d as u8;
            } else {
                let piece = match c.to_ascii_lowercase() {
                    'p' => Piece::Pawn,
                    'n' => Piece::Knight,
                    'b' => Piece::Bishop,
                    'r' => Piece::Rook,
                    'q' => Piece::Queen,
                    'k' => Piece::King,
                    _ => return Err(format!("unknown piece letter '{c}'")),
                };
                let colour = if c.is_ascii_uppercase() {
                    Colour::White
                } else {
                    Colour::Black
                };
                if file >= 8 {
                    return Err("a rank has more than 8 squares".into());
                }
                if piece == Piece::Pawn && (rank == 0 || rank == 7) {
                    return Err(format!(
                        "a pawn on rank {} (pawns never stand on the first or eighth rank)",
                        rank + 1
                    ));
                }
                pieces.push((internal_square(file, rank), colour, piece));
                file += 1;
            }
            if file > 8 {
                return Err("a rank has more than 8 squares".into());
            }
        }
        if file != 8 {
            return Err("a rank has fewer than 8 squares".into());
        }
    }
    Ok(pieces)
}
