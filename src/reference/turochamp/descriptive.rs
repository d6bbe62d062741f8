//! Descriptive notation (`P-K4`, `Kt-KB3`, `B x P`, `O-O`), as Turing printed his games
//! (typescript "Digital Computers applied to Games"; Faster than Thought ch. 25), read
//! against a `shakmaty::Chess` position and written from a `shakmaty::Move`.
//!
//! # Reading ([`read`], [`read_with`])
//! The text is first normalised, because the print (and its OCR) is loose about spacing,
//! dots and case: letters are taken in upper case; spaces, dots, commas, `!` and `?` are
//! dropped; `—`, `–` and `−` are dashes; `x`, `×` and `*` are the capture sign (the
//! typescript's `Kt*Kt ch.` is `Kt x Kt ch`); `0` is the letter `O` (castling).
//!
//! Then the grammar, from the mover's side of the board:
//! - pieces: `K`, `Q`, `R`, `B`, `Kt` (also `KT`, `N`), `P`;
//! - files: `QR` `QKt` `QB` `Q` `K` `KB` `KKt` `KR` (a to h); `R`, `Kt`, `B` alone name
//!   both files of that name; ranks count from the mover's side (White's K4 is e4, Black's
//!   K4 is e5);
//! - a move: `<piece>-<square>` (not a capture), `<piece> x <piece>` (a capture),
//!   `O-O`, `O-O-O`, `Castles`;
//! - a piece may carry a side (`KR` = a rook on the king's half of the board, files e to h;
//!   `QKt` = a knight on files a to d) and may carry its square after `/` or in brackets
//!   (`R/QR1`, `R(QR1)`); a pawn may carry its file (`KP`, `KtP`, `QBP`); the captured
//!   piece takes the same forms (`B x RP`, `R x KtP`, `P x P/Q4`), or is a bare square
//!   (`B x Q5`);
//! - a promotion follows the square or captured piece as `=Q`, `(Q)`, or (after a square)
//!   a bare letter (`P-K8Q`);
//! - suffixes: `ch` or `+` (check), `mate` or `#` (mate), `dis ch`, `dbl ch`, `e.p.`
//!   (the capture must then be en passant).
//!
//! A text that fits exactly one legal move is that move; none is
//! [`NotationError::NoSuchMove`]; several is [`NotationError::Ambiguous`], listing them in
//! SAN. A printed `ch` on a move that does not give check, or `mate` on one that does not
//! mate, is [`NotationError::WrongSuffix`] under the default [`SuffixReading::Checked`]
//! ([`SuffixReading::Ignored`] accepts it); a missing `ch` is accepted, as the prints
//! often leave it out. Where a text fits several moves and only some give the printed
//! `ch` or `mate`, those are kept (Turing's `10. B-Kt5 ch`: a bishop reaches both Kt5s,
//! only QKt5 checks).
//!
//! Castling: Turing's typescript says "(O-O indicates castling)" and prints `18. O-O` where
//! only the queen's side is possible (Faster than Thought prints `O—O—O` there). Under the
//! default [`CastlingReading::Either`], `O-O` is castling on the king's side when that is
//! legal and otherwise on the queen's side; [`CastlingReading::KingSide`] is the modern,
//! strict reading. `O-O-O` is always the queen's side.
//!
//! # Writing ([`fn@write`])
//! The shortest text that the reader takes back to the same move among the legal moves:
//! `B-Kt5` when only one bishop move goes to a Kt5, else `B-QKt5`; `P x P`, else `KP x P` or
//! `P x QP`, then sides and squares (`R/QR1-Q1`) as needed; ` ch` or ` mate` when the move
//! gives it. [`Style::Turing`] writes the typescript's mixed case (`Kt-KB3`, `P x Kt`,
//! `B-Kt5 ch`); [`Style::Teleprinter`] writes upper case for the Mark 1 programme's
//! printer (`KT-KB3`, `B X P`, `O-O`).

use shakmaty::{san::San, Chess, Color, File, Move, Position, Rank, Role, Square};

/// A descriptive move that cannot be read, fits no legal move, fits several, or a game
/// that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not a descriptive move at all.
    #[error("cannot read \"{text}\" as a descriptive move: {reason}")]
    Unreadable {
        /// The text as given.
        text: String,
        /// What was expected where reading stopped.
        reason: String,
    },
    /// The text reads, but no legal move in the position fits it.
    #[error("\"{text}\" is not a legal move for {side} here: {reason}")]
    NoSuchMove {
        /// The text as given.
        text: String,
        /// "White" or "Black", the side to move.
        side: &'static str,
        /// Why nothing fits.
        reason: String,
    },
    /// The text fits several legal moves.
    #[error("\"{text}\" is ambiguous here: it fits {}", candidates.join(", "))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The moves it fits, in SAN.
        candidates: Vec<String>,
    },
    /// The text is printed with `ch` or `mate` that the move does not give.
    #[error("\"{text}\" ({san}) is printed as {printed}, but the move {actual}")]
    WrongSuffix {
        /// The text as given.
        text: String,
        /// The move read, in SAN.
        san: String,
        /// "check" or "mate".
        printed: &'static str,
        /// What the move does, e.g. "does not give check".
        actual: &'static str,
    },
    /// A move of a printed game could not be read (the game, the move and why).
    #[error("game {game}, move {number} ({side}) \"{printed}\": {source}")]
    InGame {
        /// The game number, 1 or 2.
        game: u8,
        /// The move number.
        number: u32,
        /// "White" or "Black".
        side: &'static str,
        /// The move as printed.
        printed: &'static str,
        /// The reading error.
        source: Box<NotationError>,
    },
    /// There is no such printed game.
    #[error(
        "there is no game {0}: Turing printed game 1 (typescript) and game 2 (Faster than Thought)"
    )]
    NoSuchGame(u8),
}

/// How `O-O` is read (see the module notes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CastlingReading {
    /// `O-O` is castling: the king's side if legal, else the queen's side (Turing,
    /// typescript: "(O-O indicates castling)", printed for a queen's-side castling).
    #[default]
    Either,
    /// `O-O` is the king's side only (modern usage).
    KingSide,
}

/// What a printed `ch` or `mate` that the move does not give does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SuffixReading {
    /// It is an error ([`NotationError::WrongSuffix`]).
    #[default]
    Checked,
    /// It is ignored.
    Ignored,
}

/// Options of the reader; the default is Turing's print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReadOptions {
    /// How `O-O` is read.
    pub castling: CastlingReading,
    /// What a wrong `ch` or `mate` does.
    pub suffix: SuffixReading,
}

/// How [`fn@write`] spells a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Style {
    /// Turing's typescript: `Kt-KB3`, `P x Kt`, `B-Kt5 ch`, `R-R8 mate`.
    #[default]
    Turing,
    /// Upper case, for the Mark 1 programme's teleprinter: `KT-KB3`, `B X P`, `R-R8 MATE`.
    Teleprinter,
}

/// Which half of the board a side qualifier names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Half {
    King,
    Queen,
}

impl Half {
    fn holds(self, file: File) -> bool {
        match self {
            Half::King => file >= File::E,
            Half::Queen => file <= File::D,
        }
    }
}

/// One named piece: role, optional half of the board, optional file set (pawns), optional
/// exact square.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct PieceSpec {
    role: Option<Role>,
    half: Option<Half>,
    files: Option<Vec<File>>,
    square: Option<Vec<Square>>,
}

impl PieceSpec {
    fn fits(&self, role: Role, sq: Square) -> bool {
        self.role.is_none_or(|r| r == role)
            && self.half.is_none_or(|h| h.holds(sq.file()))
            && self.files.as_ref().is_none_or(|f| f.contains(&sq.file()))
            && self.square.as_ref().is_none_or(|s| s.contains(&sq))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Body {
    Castle { queen_side: bool },
    Move { mover: PieceSpec, to: Vec<Square> },
    Capture { mover: PieceSpec, target: PieceSpec },
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Parsed {
    body: Body,
    promotion: Option<Role>,
    check: bool,
    mate: bool,
    en_passant: bool,
}

fn unreadable(text: &str, reason: impl Into<String>) -> NotationError {
    NotationError::Unreadable {
        text: text.to_string(),
        reason: reason.into(),
    }
}

/// The normalised upper-case text (see the module notes).
fn normalise(text: &str) -> String {
    let mut out = String::new();
    for ch in text.chars() {
        let c = match ch {
            '—' | '–' | '−' | '‐' => '-',
            '×' | '*' => 'X',
            '0' => 'O',
            c if c.is_whitespace() || matches!(c, '.' | ',' | '!' | '?' | ';' | ':') => continue,
            c => c.to_ascii_uppercase(),
        };
        if c == '-' && out.ends_with('-') {
            continue;
        }
        out.push(c);
    }
    out
}

/// Strips the suffixes off the end: (body, check, mate, en passant).
fn strip_suffixes(mut s: &str) -> (&str, bool, bool, bool) {
    let (mut check, mut mate, mut ep) = (false, false, false);
    loop {
        let before = s.len();
        for (suffix, kind) in [
            ("MATE", 2),
            ("#", 2),
            ("CH", 1),
            ("+", 1),
            ("EP", 3),
            ("DISC", 0),
            ("DIS", 0),
            ("DBL", 0),
            ("-", 0),
        ] {
            if let Some(rest) = s.strip_suffix(suffix) {
                if kind == 0 && !(check || mate) {
                    continue;
                }
                match kind {
                    1 => check = true,
                    2 => mate = true,
                    3 => ep = true,
                    _ => {}
                }
                s = rest;
                break;
            }
        }
        if s.len() == before {
            return (s, check, mate, ep);
        }
    }
}

/// A cursor over the normalised text.
struct Cursor<'a> {
    text: &'a str,
    chars: Vec<char>,
    at: usize,
}

/// The piece-letter tokens: K, Q, R, B, KT (N), P.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    K,
    Q,
    R,
    B,
    Kt,
    P,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn err(&self, reason: &str) -> NotationError {
        let rest: String = self.chars[self.at.min(self.chars.len())..].iter().collect();
        let found = if rest.is_empty() {
            "but the text ends".to_string()
        } else {
            format!("found \"{rest}\"")
        };
        unreadable(self.text, format!("expected {reason}, {found}"))
    }

    fn tokens(&mut self) -> Vec<Tok> {
        let mut out = Vec::new();
        loop {
            let t = match self.peek() {
                Some('K') => {
                    if self.chars.get(self.at + 1) == Some(&'T') {
                        self.at += 1;
                        Tok::Kt
                    } else {
                        Tok::K
                    }
                }
                Some('N') => Tok::Kt,
                Some('Q') => Tok::Q,
                Some('R') => Tok::R,
                Some('B') => Tok::B,
                Some('P') => Tok::P,
                _ => return out,
            };
            self.at += 1;
            out.push(t);
        }
    }

    fn rank(&mut self) -> Option<u8> {
        match self.peek() {
            Some(c @ '1'..='8') => {
                self.at += 1;
                Some(c as u8 - b'0')
            }
            _ => None,
        }
    }

    /// A square given its name tokens (already read) and then its rank digit.
    fn square(&mut self, name: &[Tok], color: Color) -> Result<Vec<Square>, NotationError> {
        let files = files_named(name).ok_or_else(|| self.err("a square such as K4 or QB3"))?;
        let rank = self.rank().ok_or_else(|| self.err("a rank 1 to 8"))?;
        let rank = if color == Color::White {
            rank
        } else {
            9 - rank
        };
        let rank = Rank::new(u32::from(rank) - 1);
        Ok(files
            .into_iter()
            .map(|f| Square::from_coords(f, rank))
            .collect())
    }

    /// Whether the bracket opening here holds a digit (a square, not a promotion piece).
    fn bracket_holds_digit(&self) -> bool {
        self.chars[self.at..]
            .iter()
            .skip(1)
            .take_while(|c| **c != ')')
            .any(char::is_ascii_digit)
    }

    /// An optional square after `/` or in brackets.
    fn qualifying_square(&mut self, color: Color) -> Result<Option<Vec<Square>>, NotationError> {
        let bracket = if self.eat('/') {
            false
        } else if self.peek() == Some('(') && self.bracket_holds_digit() {
            self.at += 1;
            true
        } else {
            return Ok(None);
        };
        let name = self.tokens();
        let sq = self.square(&name, color)?;
        if bracket && !self.eat(')') {
            return Err(self.err("\")\""));
        }
        Ok(Some(sq))
    }
}

/// The files a square or pawn-file name covers: `K` e, `Q` d, `KB` f, `B` c and f, ...
fn files_named(name: &[Tok]) -> Option<Vec<File>> {
    let (half, base) = match name {
        [b] => (None, *b),
        [Tok::K, b @ (Tok::R | Tok::B | Tok::Kt)] => (Some(Half::King), *b),
        [Tok::Q, b @ (Tok::R | Tok::B | Tok::Kt)] => (Some(Half::Queen), *b),
        _ => return None,
    };
    let both = match base {
        Tok::K => return Some(vec![File::E]),
        Tok::Q => return Some(vec![File::D]),
        Tok::R => [File::A, File::H],
        Tok::Kt => [File::B, File::G],
        Tok::B => [File::C, File::F],
        Tok::P => return None,
    };
    Some(
        both.into_iter()
            .filter(|f| half.is_none_or(|h| h.holds(*f)))
            .collect(),
    )
}

fn role_of(t: Tok) -> Role {
    match t {
        Tok::K => Role::King,
        Tok::Q => Role::Queen,
        Tok::R => Role::Rook,
        Tok::B => Role::Bishop,
        Tok::Kt => Role::Knight,
        Tok::P => Role::Pawn,
    }
}

/// A piece named by tokens: `B`, `KR`, `QKt`, `P`, `KP`, `KtP`, `QBP`.
fn piece_named(name: &[Tok]) -> Option<PieceSpec> {
    let mut spec = PieceSpec::default();
    match name {
        [t] => spec.role = Some(role_of(*t)),
        [Tok::K, t @ (Tok::R | Tok::B | Tok::Kt)] => {
            spec.role = Some(role_of(*t));
            spec.half = Some(Half::King);
        }
        [Tok::Q, t @ (Tok::R | Tok::B | Tok::Kt)] => {
            spec.role = Some(role_of(*t));
            spec.half = Some(Half::Queen);
        }
        [file @ .., Tok::P] if !file.is_empty() => {
            spec.role = Some(Role::Pawn);
            spec.files = Some(files_named(file)?);
        }
        _ => return None,
    }
    Some(spec)
}

fn promotion_letter(c: &mut Cursor) -> Option<Role> {
    let t = c.tokens();
    match t.as_slice() {
        [t @ (Tok::Q | Tok::R | Tok::B | Tok::Kt)] => Some(role_of(*t)),
        _ => None,
    }
}

fn parse(text: &str, color: Color) -> Result<Parsed, NotationError> {
    let norm = normalise(text);
    let (body, check, mate, en_passant) = strip_suffixes(&norm);
    if body.is_empty() {
        return Err(unreadable(text, "there is no move in it"));
    }
    let castle = |queen_side| Parsed {
        body: Body::Castle { queen_side },
        promotion: None,
        check,
        mate,
        en_passant,
    };
    match body.replace('-', "").as_str() {
        "OO" | "CASTLES" => return Ok(castle(false)),
        "OOO" => return Ok(castle(true)),
        _ => {}
    }
    let mut c = Cursor {
        text,
        chars: body.chars().collect(),
        at: 0,
    };
    let name = c.tokens();
    if name.is_empty() {
        return Err(c.err("a piece letter (K, Q, R, B, Kt, P) or O-O"));
    }
    let mut mover = piece_named(&name).ok_or_else(|| {
        unreadable(
            text,
            "the moving piece is not a piece name such as Kt, KR or QBP",
        )
    })?;
    mover.square = c.qualifying_square(color)?;
    let (body, mut promotion) = if c.eat('-') {
        let name = c.tokens();
        let to = c.square(&name, color)?;
        let mut promotion = None;
        if matches!(c.peek(), Some('A'..='Z')) {
            promotion = Some(
                promotion_letter(&mut c).ok_or_else(|| c.err("a promotion piece Q, R, B or Kt"))?,
            );
        }
        (Body::Move { mover, to }, promotion)
    } else if c.eat('X') {
        let name = c.tokens();
        let target = if c.peek().is_some_and(|ch| ch.is_ascii_digit()) {
            PieceSpec {
                square: Some(c.square(&name, color)?),
                ..PieceSpec::default()
            }
        } else {
            let mut t = piece_named(&name)
                .ok_or_else(|| c.err("the captured piece, such as P, Kt, KtP or a square"))?;
            t.square = c.qualifying_square(color)?;
            t
        };
        (Body::Capture { mover, target }, None)
    } else {
        return Err(c.err("\"-\" or \"x\" after the moving piece"));
    };
    if c.eat('=') || (c.peek() == Some('(') && promotion.is_none()) {
        let bracket = c.eat('(');
        promotion =
            Some(promotion_letter(&mut c).ok_or_else(|| c.err("a promotion piece Q, R, B or Kt"))?);
        if bracket && !c.eat(')') {
            return Err(c.err("\")\""));
        }
    }
    if c.peek().is_some() {
        return Err(c.err("the end of the move"));
    }
    Ok(Parsed {
        body,
        promotion,
        check,
        mate,
        en_passant,
    })
}

/// The square of the piece a capture takes (for en passant, the pawn's square).
fn captured_square(m: &Move) -> Option<Square> {
    match *m {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        _ => None,
    }
}

fn fits(p: &Parsed, m: &Move, castling: CastlingReading, legal: &[Move]) -> bool {
    if p.en_passant && !m.is_en_passant() {
        return false;
    }
    if let Some(r) = p.promotion {
        if m.promotion() != Some(r) {
            return false;
        }
    }
    match &p.body {
        Body::Castle { queen_side } => {
            let Some(side) = m.castling_side() else {
                return false;
            };
            if *queen_side {
                return side.is_queen_side();
            }
            let king_side_legal = legal
                .iter()
                .any(|l| l.castling_side().is_some_and(|s| s.is_king_side()));
            side.is_king_side() || (castling == CastlingReading::Either && !king_side_legal)
        }
        Body::Move { mover, to } => {
            !m.is_castle()
                && !m.is_capture()
                && m.from().is_some_and(|f| mover.fits(m.role(), f))
                && to.contains(&m.to())
        }
        Body::Capture { mover, target } => {
            let (Some(from), Some(csq), Some(crole)) = (m.from(), captured_square(m), m.capture())
            else {
                return false;
            };
            mover.fits(m.role(), from) && target.fits(crole, csq)
        }
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The legal moves `text` fits, under `options` (no suffix check).
fn candidates(
    pos: &Chess,
    text: &str,
    options: &ReadOptions,
) -> Result<(Parsed, Vec<Move>), NotationError> {
    let parsed = parse(text, pos.turn())?;
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    let found = legal
        .iter()
        .filter(|m| fits(&parsed, m, options.castling, &legal))
        .copied()
        .collect();
    Ok((parsed, found))
}

/// Reads `text` as a move in `pos` with the default [`ReadOptions`] (Turing's print).
///
/// # Errors
/// [`NotationError::Unreadable`], [`NotationError::NoSuchMove`],
/// [`NotationError::Ambiguous`] or [`NotationError::WrongSuffix`] (see the module notes).
pub fn read(pos: &Chess, text: &str) -> Result<Move, NotationError> {
    read_with(pos, text, &ReadOptions::default())
}

/// Reads `text` as a move in `pos` (see the module notes for the grammar).
///
/// # Errors
/// [`NotationError::Unreadable`] for text that is not a descriptive move;
/// [`NotationError::NoSuchMove`] when no legal move fits; [`NotationError::Ambiguous`]
/// when several do (listed in SAN); [`NotationError::WrongSuffix`] for a printed `ch` or
/// `mate` the move does not give, under [`SuffixReading::Checked`].
pub fn read_with(pos: &Chess, text: &str, options: &ReadOptions) -> Result<Move, NotationError> {
    let (parsed, mut found) = candidates(pos, text, options)?;
    if found.len() > 1 && (parsed.check || parsed.mate) {
        // A printed `ch` or `mate` tells apart moves to the same named square (Turing's
        // `B-Kt5 ch` when a bishop reaches both Kt5s): keep the moves that give it.
        let giving: Vec<Move> = found
            .iter()
            .filter(|m| gives(pos, m) >= if parsed.mate { 2 } else { 1 })
            .copied()
            .collect();
        if !giving.is_empty() {
            found = giving;
        }
    }
    let m = match found.as_slice() {
        [m] => *m,
        [] => {
            return Err(NotationError::NoSuchMove {
                text: text.to_string(),
                side: side_name(pos.turn()),
                reason: why_none(pos, &parsed),
            })
        }
        many => {
            return Err(NotationError::Ambiguous {
                text: text.to_string(),
                candidates: many
                    .iter()
                    .map(|m| San::from_move(pos, *m).to_string())
                    .collect(),
            })
        }
    };
    if options.suffix == SuffixReading::Checked && (parsed.check || parsed.mate) {
        let after = pos
            .clone()
            .play(m)
            .map_err(|_| unreadable(text, "the move cannot be played"))?;
        let actual = if parsed.mate && !after.is_checkmate() {
            Some(if after.is_check() {
                "gives check, not mate"
            } else {
                "does not give check"
            })
        } else if parsed.check && !after.is_check() {
            Some("does not give check")
        } else {
            None
        };
        if let Some(actual) = actual {
            return Err(NotationError::WrongSuffix {
                text: text.to_string(),
                san: San::from_move(pos, m).to_string(),
                printed: if parsed.mate { "mate" } else { "check" },
                actual,
            });
        }
    }
    Ok(m)
}

/// 0: no check; 1: check; 2: mate.
fn gives(pos: &Chess, m: &Move) -> u8 {
    match pos.clone().play(*m) {
        Ok(after) if after.is_checkmate() => 2,
        Ok(after) if after.is_check() => 1,
        _ => 0,
    }
}

/// Why no legal move fits a parsed move.
fn why_none(pos: &Chess, p: &Parsed) -> String {
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    match &p.body {
        Body::Castle { .. } => "castling is not legal".to_string(),
        Body::Move { mover, .. } | Body::Capture { mover, .. } => {
            let movers = legal
                .iter()
                .filter(|m| !m.is_castle() && m.from().is_some_and(|f| mover.fits(m.role(), f)))
                .count();
            if movers == 0 {
                "no piece of that name can move".to_string()
            } else if matches!(p.body, Body::Move { .. })
                && legal.iter().any(|m| {
                    m.is_capture()
                        && fits(
                            &Parsed {
                                body: Body::Capture {
                                    mover: mover.clone(),
                                    target: PieceSpec::default(),
                                },
                                ..p.clone()
                            },
                            m,
                            CastlingReading::KingSide,
                            &legal,
                        )
                        && matches!(&p.body, Body::Move { to, .. } if to.contains(&m.to()))
                })
            {
                "that square holds a piece: write the move as a capture (x)".to_string()
            } else {
                format!("the piece named has {movers} legal moves, none of them this one")
            }
        }
    }
}

/// The name of a file for writing: `QR`, `QKt`, `QB`, `Q`, `K`, `KB`, `KKt`, `KR` (long)
/// or `R`, `Kt`, `B`, `Q`, `K` (short).
fn file_name(f: File, long: bool) -> String {
    let base = match f {
        File::A | File::H => "R",
        File::B | File::G => "Kt",
        File::C | File::F => "B",
        File::D => return "Q".to_string(),
        _ => return "K".to_string(),
    };
    if long {
        format!("{}{base}", if f <= File::D { "Q" } else { "K" })
    } else {
        base.to_string()
    }
}

fn square_name(sq: Square, color: Color, long: bool) -> String {
    let rank = u32::from(sq.rank()) + 1;
    let rank = if color == Color::White {
        rank
    } else {
        9 - rank
    };
    format!("{}{rank}", file_name(sq.file(), long))
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "Kt",
        Role::Pawn => "P",
    }
}

/// The ways to name a piece of `role` on `sq`, shortest first.
fn piece_names(role: Role, sq: Square, color: Color) -> Vec<String> {
    let r = role_name(role);
    let mut out = vec![r.to_string()];
    match role {
        Role::Pawn => {
            out.push(format!("{}P", file_name(sq.file(), false)));
            out.push(format!("{}P", file_name(sq.file(), true)));
        }
        Role::Rook | Role::Knight | Role::Bishop => {
            out.push(format!(
                "{}{r}",
                if sq.file() <= File::D { "Q" } else { "K" }
            ));
        }
        _ => {}
    }
    out.push(format!("{r}/{}", square_name(sq, color, true)));
    out.dedup();
    out
}

/// Writes `m` (legal in `pos`) in descriptive notation, the shortest form that reads back
/// (with the default [`ReadOptions`] and with [`CastlingReading::KingSide`]) to `m` alone.
/// An illegal `m` is written in the longest form (origin square and destination).
pub fn write(pos: &Chess, m: &Move, style: Style) -> String {
    let color = pos.turn();
    let mut forms: Vec<String> = Vec::new();
    let capture = if style == Style::Turing { " x " } else { " X " };
    match *m {
        Move::Castle { .. } => forms.push(
            if m.castling_side().is_some_and(|s| s.is_queen_side()) {
                "O-O-O"
            } else {
                "O-O"
            }
            .to_string(),
        ),
        Move::Put { role, to } => forms.push(format!(
            "{}-{}",
            role_name(role),
            square_name(to, color, true)
        )),
        _ => {
            let from = m.from().unwrap_or(m.to());
            let movers = piece_names(m.role(), from, color);
            if let (Some(csq), Some(crole)) = (captured_square(m), m.capture()) {
                let targets = piece_names(crole, csq, color);
                for mv in &movers {
                    for t in &targets {
                        forms.push(format!("{mv}{capture}{t}"));
                    }
                }
            } else {
                let mut squares = vec![
                    square_name(m.to(), color, false),
                    square_name(m.to(), color, true),
                ];
                squares.dedup();
                for mv in &movers {
                    for s in &squares {
                        forms.push(format!("{mv}-{s}"));
                    }
                }
            }
            if let Some(p) = m.promotion() {
                for f in &mut forms {
                    f.push('=');
                    f.push_str(role_name(p));
                }
            }
        }
    }
    // Stable sort: shortest first, generation order (shorter mover first) among equals.
    forms.sort_by_key(String::len);
    let strict = ReadOptions {
        castling: CastlingReading::KingSide,
        ..ReadOptions::default()
    };
    let unique = |f: &String| {
        [ReadOptions::default(), strict]
            .iter()
            .all(|o| candidates(pos, f, o).is_ok_and(|(_, found)| found.as_slice() == [*m]))
    };
    let mut text = forms
        .iter()
        .find(|f| unique(f))
        .or(forms.last())
        .cloned()
        .unwrap_or_default();
    if let Ok(after) = pos.clone().play(*m) {
        if after.is_checkmate() {
            text.push_str(" mate");
        } else if after.is_check() {
            text.push_str(" ch");
        }
    }
    match style {
        Style::Turing => text,
        Style::Teleprinter => text.to_ascii_uppercase(),
    }
}
