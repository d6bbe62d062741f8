//! The two games Turing's paper machine played, as printed, read with
//! [`super::descriptive`] into SAN with the position before every move.
//!
//! - Game 1: Turing's typescript "Digital Computers applied to Games" (seed 004): the
//!   machine (White) against a weak player; ends 29... R-R8 mate.
//! - Game 2: Faster than Thought ch. 25 (seed 000): the same first 20 moves, then
//!   different; White resigns at move 30 ("On the advice of his trainer").
//!
//! Each move is kept as printed (split from the figures and note marks around it), with
//! Turing's printed position-play increase after White's move (in tenths: `4.2` is 42,
//! `-1.5` is -15; `None` where nothing is printed), his asterisk ("every other move had a
//! lower position-play value"), and the note number and text. Where a printed move fits
//! several legal moves, the one after which the next printed move can be read is taken
//! (recorded in the move's `reading`); docs/turochamp-games.md lists every reading of the
//! OCR with its evidence.

use shakmaty::{fen::Fen, san::San, CastlingMode, Chess, Move, Position};

use super::choose::{fen_of, san_of};
use super::descriptive::{read, NotationError};

/// One White move of a printed game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhiteMove {
    /// The move number, 1.. .
    pub number: u32,
    /// The move as printed, e.g. `Kt-KB3` (typescript) or `Kt—K B 3` (Faster than Thought).
    pub descriptive: &'static str,
    /// The move in SAN with `+`/`#`, e.g. `Nf3`, `Bb5+`.
    pub san: String,
    /// The position before White's move (White to play), FEN.
    pub fen_before: String,
    /// Turing's printed position-play increase, in tenths (4.2 is 42); `None` where none
    /// is printed.
    pub printed_pp_tenths: Option<i32>,
    /// Turing printed `*`: every other move had a lower position-play value.
    pub star: bool,
    /// The note number printed on the move.
    pub note: Option<u8>,
    /// That note's text, as printed.
    pub note_text: Option<&'static str>,
    /// How an ambiguous print was read and why (`None` when it fits one move alone).
    pub reading: Option<String>,
}

/// One Black move of a printed game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlackMove {
    /// The move number, 1.. .
    pub number: u32,
    /// The move as printed.
    pub descriptive: &'static str,
    /// The move in SAN with `+`/`#`.
    pub san: String,
    /// The position before Black's move (Black to play), FEN.
    pub fen_before: String,
    /// The note number printed on the move.
    pub note: Option<u8>,
    /// That note's text, as printed.
    pub note_text: Option<&'static str>,
    /// How an ambiguous print was read and why.
    pub reading: Option<String>,
}

/// A printed game, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// 1 (typescript) or 2 (Faster than Thought).
    pub number: u8,
    /// Where it is printed.
    pub source: &'static str,
    /// White's moves in order.
    pub white: Vec<WhiteMove>,
    /// Black's moves in order.
    pub black: Vec<BlackMove>,
    /// Every move in SAN (with `+`/`#`), White's and Black's alternately from 1. e4.
    pub sans: Vec<String>,
    /// How the game ends, in words.
    pub end: &'static str,
    /// The position after the last printed move, FEN.
    pub final_fen: String,
    /// The notes as printed, by number.
    pub notes: &'static [(u8, &'static str)],
}

/// One printed line: White's move with its figure, asterisk and note, Black's reply and
/// its note (`""` when Black has no move on the line).
struct Line {
    n: u32,
    w: &'static str,
    pp: Option<i32>,
    star: bool,
    wn: Option<u8>,
    b: &'static str,
    bn: Option<u8>,
}

const fn l(
    n: u32,
    w: &'static str,
    pp: Option<i32>,
    star: bool,
    wn: Option<u8>,
    b: &'static str,
    bn: Option<u8>,
) -> Line {
    Line {
        n,
        w,
        pp,
        star,
        wn,
        b,
        bn,
    }
}

/// Game 1 as typed from the typescript (seed 004, its first line), one line a move. The
/// typescript runs figures and note marks into the move: `Kt-KB31)2.0` is `Kt-KB3`, note 1,
/// 2.0; `P x B2)-0.7.` is `P x B`, note 2, -0.7. Spacing and dots are kept as printed.
const GAME_1: &[Line] = &[
    l(1, "P-K4", Some(42), true, None, "P-K4", None),
    l(2, "Kt-QB3", Some(31), true, None, "Kt-KB3", None),
    l(3, "P-Q4", Some(31), true, None, "B-QKt5", None),
    l(4, "Kt-KB3", Some(20), false, Some(1), "P-Q3", None),
    l(5, "B-Q2", Some(36), true, None, "Kt-QB3", None),
    l(6, "P-Q5", Some(2), false, None, "Kt-Q5", None),
    l(7, "P-KR4", Some(11), true, Some(2), "B-Kt5", None),
    l(8, "P-QR4", Some(10), true, Some(2), "Kt*Kt ch.", None),
    l(9, "P x Kt", None, false, None, "B-KR4", None),
    l(10, "B-Kt5 ch", Some(24), true, None, "P-QB3", None),
    l(11, "P x P", None, false, None, "O - O", None),
    l(12, "P x P", None, false, None, "R-Kt1", None),
    l(13, "B-R6", Some(-15), false, None, "Q-R4", None),
    l(14, "Q-K2", Some(6), false, None, "Kt. - Q2", None),
    l(15, "KR-Kt1", Some(12), true, Some(3), "Kt - B4", Some(4)),
    l(16, "R-Kt5", None, false, Some(5), "B-Kt3", None),
    l(17, "B-Kt5", Some(4), false, None, "Kt X KtP", None),
    l(18, "O-O", Some(30), true, None, "Kt - B4", None),
    l(19, "B-B6", None, false, None, "KR - QB1", None),
    l(20, "B-Q5", None, false, None, "B x Kt.", None),
    l(21, "P x B", Some(-7), false, Some(2), "Q x P", None),
    l(22, "B-K3", None, false, Some(6), "Q-R6ch.", None),
    l(23, "K-Q2", None, false, None, "Kt. - R5", None),
    l(24, "B x RP", None, false, Some(7), "R - Kt7", None),
    l(25, "P - B4", None, false, None, "Q - B6ch.", None),
    l(26, "K - B1", None, false, None, "R - R7", None),
    l(27, "B x BPch.", None, false, None, "B x B", None),
    l(28, "R x KtP ch", None, false, Some(5), "K x R", None),
    l(29, "B - K3", None, false, Some(8), "R - R8 mate", None),
];

/// Turing's notes to game 1 (typescript), as printed; the typescript also says "(O-O
/// indicates castling)".
const NOTES_1: &[(u8, &str)] = &[
    (1, "If B-Q2 3.6* then P xP is foreseen."),
    (
        2,
        "Most inappropriate moves from a positional point of view.",
    ),
    (3, "If O-O then BxKt, BxB, QxP."),
    (4, "The fork is unforeseen."),
    (5, "Heads in the sand!"),
    (6, "Only this or B-K1 can prevent Q-R8 mate."),
    (7, "Fiddling while Rome burns."),
    (8, "Mate is foreseen, but 'business as usual'."),
];

/// Game 2 as typed from Faster than Thought ch. 25 (seed 000), one line a move, with the
/// book's em dashes, spaced squares and `×` kept; `—1·5` is -1.5.
const GAME_2: &[Line] = &[
    l(1, "P—K 4", Some(42), true, None, "P—K 4", None),
    l(2, "Kt—Q B 3", Some(31), true, None, "Kt—K B 3", None),
    l(3, "P—Q 4", Some(26), true, None, "B—Q Kt 5", None),
    l(4, "Kt—K B 3", Some(20), false, Some(1), "P—Q 3", None),
    l(5, "B—Q 2", Some(35), true, None, "Kt—Q B 3", None),
    l(6, "P—Q 5", Some(2), false, None, "Kt—Q 5", None),
    l(7, "P—K R 4", Some(11), true, Some(2), "B—Kt 5", None),
    l(8, "P—Q R 4", Some(10), true, Some(2), "Kt×Kt ch.", None),
    l(9, "P×Kt", None, false, None, "B—K R 4", None),
    l(10, "B—Kt 5 ch.", Some(24), true, None, "P—Q B 3", None),
    l(11, "P×P", None, false, None, "O—O", None),
    l(12, "P×P", None, false, None, "R—Kt 1", None),
    l(13, "B—R 6", Some(-15), false, None, "Q—R 4", None),
    l(14, "Q—K 2", Some(6), false, None, "Kt—Q 2", None),
    l(15, "K R—Kt 1", Some(12), true, Some(3), "Kt—B 4", Some(4)),
    l(16, "R—Kt 5", None, false, Some(5), "B—Kt 3", None),
    l(17, "B—Kt 5", Some(4), false, None, "Kt×Kt P", None),
    l(18, "O—O—O", Some(32), true, None, "Kt—B 4", None),
    l(19, "B—B 6", None, false, None, "K R—Q B 1", None),
    l(20, "B—Q 5", None, false, None, "B×Kt", None),
    l(21, "B×B", Some(7), false, None, "Q×P", None),
    l(22, "K—Q 2", None, false, None, "Kt—K 3", None),
    l(23, "R—Kt 4", Some(-3), false, None, "Kt—Q 5", None),
    l(24, "Q—Q 3", None, false, None, "Kt—Kt 4", None),
    l(25, "B—Kt 3", None, false, None, "Q—R 3", None),
    l(26, "B—B 4", None, false, None, "B—R 4", None),
    l(27, "R—Kt 3", None, false, None, "Q—R 5", None),
    l(28, "B×Kt", None, false, None, "Q×B", None),
    l(29, "Q×P", None, false, Some(6), "R—Q 1", Some(4)),
];

/// The notes to game 2 (Faster than Thought), as printed; note 7 is on "30. Resigns".
const NOTES_2: &[(u8, &str)] = &[
    (1, "If B—Q 2 3·7* then P×P is foreseen."),
    (2, "Most inappropriate moves."),
    (3, "If white castles then B×Kt, B×B, Q×P."),
    (4, "The fork is unforeseen at white's last move."),
    (5, "Heads in the sand!"),
    (6, "Fiddling while Rome burns!"),
    (7, "On the advice of his trainer."),
];

/// The most moves `replay` reads while trying the candidates of ambiguous prints.
pub const MAX_READS: usize = 20_000;

/// One printed half-move to read: side, number, text.
struct Half {
    side: &'static str,
    number: u32,
    printed: &'static str,
}

/// Reads `moves` one after another from `pos`. A print that fits several legal moves is
/// read as the one candidate with which every later printed move can still be read (the
/// game as printed goes on); the reading says which and why. `reads` counts against
/// [`MAX_READS`].
fn replay(
    pos: &Chess,
    moves: &[Half],
    game: u8,
    reads: &mut usize,
) -> Result<Vec<(Move, Option<String>)>, NotationError> {
    let Some(first) = moves.first() else {
        return Ok(Vec::new());
    };
    let in_game = |e| NotationError::InGame {
        game,
        number: first.number,
        side: first.side,
        printed: first.printed,
        source: Box::new(e),
    };
    *reads += 1;
    if *reads > MAX_READS {
        return Err(in_game(NotationError::Unreadable {
            text: first.printed.to_string(),
            reason: format!(
                "gave up after {MAX_READS} moves read trying the readings of ambiguous prints"
            ),
        }));
    }
    let rest_of = |m: Move, reads: &mut usize| {
        let after = pos
            .clone()
            .play(m)
            .map_err(|_| in_game(unplayable(first.printed)))?;
        replay(&after, &moves[1..], game, reads)
    };
    match read(pos, first.printed) {
        Ok(m) => {
            let mut out = vec![(m, None)];
            out.extend(rest_of(m, reads)?);
            Ok(out)
        }
        Err(NotationError::Ambiguous { text, candidates }) => {
            let mut going_on = Vec::new();
            let mut stopped = Vec::new();
            for (m, san) in pos
                .legal_moves()
                .into_iter()
                .map(|m| (m, San::from_move(pos, m).to_string()))
                .filter(|(_, san)| candidates.contains(san))
            {
                match rest_of(m, reads) {
                    Ok(rest) => going_on.push((m, san, rest)),
                    Err(e) => stopped.push(format!("after {san}, {e}")),
                }
            }
            if going_on.len() != 1 {
                return Err(in_game(NotationError::Ambiguous { text, candidates }));
            }
            let (m, san, rest) = going_on.remove(0);
            let reading = format!(
                "\"{}\" fits {}; read as {san}, the only one with which the rest of the printed game can be read ({})",
                first.printed,
                candidates.join(" and "),
                stopped.join("; ")
            );
            let mut out = vec![(m, Some(reading))];
            out.extend(rest);
            Ok(out)
        }
        Err(e) => Err(in_game(e)),
    }
}

fn unplayable(printed: &str) -> NotationError {
    NotationError::Unreadable {
        text: printed.to_string(),
        reason: "the move read cannot be played".to_string(),
    }
}

fn note_text(notes: &'static [(u8, &'static str)], n: Option<u8>) -> Option<&'static str> {
    n.and_then(|n| notes.iter().find(|(k, _)| *k == n).map(|(_, t)| *t))
}

/// Game `number` (1: typescript; 2: Faster than Thought), every move read from the start
/// position.
///
/// # Errors
/// [`NotationError::NoSuchGame`] for numbers other than 1 and 2;
/// [`NotationError::InGame`] if a printed move cannot be read (which the tests rule out).
pub fn game(number: u8) -> Result<Game, NotationError> {
    let (lines, notes, source, end) = match number {
        1 => (
            GAME_1,
            NOTES_1,
            "Turing, \"Digital Computers applied to Games\", typescript (Turing Archive B/7)",
            "Black mates: 29... R-R8 mate",
        ),
        2 => (
            GAME_2,
            NOTES_2,
            "Faster than Thought (ed. Bowden, 1953), ch. 25",
            "White resigns at move 30 (note 7: on the advice of his trainer)",
        ),
        n => return Err(NotationError::NoSuchGame(n)),
    };
    let halves: Vec<Half> = lines
        .iter()
        .flat_map(|l| {
            let white = Half {
                side: "White",
                number: l.n,
                printed: l.w,
            };
            let black = (!l.b.is_empty()).then_some(Half {
                side: "Black",
                number: l.n,
                printed: l.b,
            });
            std::iter::once(white).chain(black)
        })
        .collect();
    let mut reads = 0;
    let read_moves = replay(&Chess::default(), &halves, number, &mut reads)?;
    let mut pos = Chess::default();
    let (mut white, mut black, mut sans) = (Vec::new(), Vec::new(), Vec::new());
    let mut moves = read_moves.into_iter();
    for line in lines {
        for side in ["White", "Black"] {
            let printed = if side == "White" { line.w } else { line.b };
            if printed.is_empty() {
                continue;
            }
            let Some((m, reading)) = moves.next() else {
                return Err(NotationError::NoSuchGame(number));
            };
            let fen_before = fen_of(&pos);
            let san = san_of(&pos, m);
            pos = pos.play(m).map_err(|_| unplayable(printed))?;
            sans.push(san.clone());
            if side == "White" {
                white.push(WhiteMove {
                    number: line.n,
                    descriptive: printed,
                    san,
                    fen_before,
                    printed_pp_tenths: line.pp,
                    star: line.star,
                    note: line.wn,
                    note_text: note_text(notes, line.wn),
                    reading,
                });
            } else {
                black.push(BlackMove {
                    number: line.n,
                    descriptive: printed,
                    san,
                    fen_before,
                    note: line.bn,
                    note_text: note_text(notes, line.bn),
                    reading,
                });
            }
        }
    }
    Ok(Game {
        number,
        source,
        white,
        black,
        sans,
        end,
        final_fen: fen_of(&pos),
        notes,
    })
}

/// The position a FEN names, for tests and callers holding a move's `fen_before`.
///
/// # Errors
/// [`NotationError::Unreadable`] for a FEN that is not a legal standard position.
pub fn position(fen_text: &str) -> Result<Chess, NotationError> {
    let bad = |why: &str| NotationError::Unreadable {
        text: fen_text.to_string(),
        reason: format!("not a FEN of a legal position ({why})"),
    };
    let fen: Fen = fen_text.parse().map_err(|_| bad("cannot parse"))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|_| bad("illegal position"))
}
