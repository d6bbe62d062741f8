//! Driver for Turing's paper chess machine on the emulated Mark 1 (`programs/turochamp.m1`
//! and `programs/turochamp/`; docs/turochamp-programme.md): the position read from a tape
//! by the programme, its attack test and legal move generator here; its move ([`think`]),
//! the move count ([`count`]), the cross-check ([`check`]) and a game ([`play`]) in the
//! modules.
//!
//! The driver acts only as an operator did: it punches the position tape from a FEN (the
//! FEN validated once with shakmaty), presses KEC, loads the programme, puts the tape in
//! the reader and runs the machine to the stop at `t_read`; the board, side, castling
//! rights and en passant square are then read off the store as an operator read the
//! tube. For the attack test it writes the question (square and side) into the store,
//! sets control to `ate` and runs to `at_stop`; for the moves it sets control to `gen`
//! and runs to `g_stop`, then reads the table and the count off the store and the
//! printed count off the teleprinter. Nothing native answers for the
//! programme: shakmaty is used only to validate the FEN and, in tests, to compare.

pub mod check;
pub mod count;
pub mod notation;
pub mod play;
pub mod pp;
pub mod think;

use super::bundled::{Bundled, RunError};
use crate::machine::{Budget, Config, Machine, Stop};
use shakmaty::{
    fen::Fen, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Position, Role, Square,
};

/// Errors of a run of the turochamp programme.
#[derive(Debug, thiserror::Error)]
pub enum TurochampRunError {
    /// A FEN that does not parse or is not a legal standard chess position.
    #[error("bad FEN {fen:?}: {reason}")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// Why it is refused.
        reason: String,
    },
    /// The programme left something no reading of its lines explains (a bug).
    #[error("the programme left {0}")]
    Result(String),
    /// White has more than 64 legal moves in the position whose position play was
    /// asked: the programme's move table keeps 64, so it gives no figure (pp.m1, unit PC).
    #[error(
        "White has more than 64 legal moves: the programme's move table keeps 64, so it \
         gives no position play"
    )]
    TableFull,
    /// The programme did not assemble, lacks a label, or the machine stopped elsewhere.
    #[error(transparent)]
    Run(#[from] RunError),
}

crate::games::bundled::run_error_from_bundled!(TurochampRunError);

const SOURCES: &[(&str, &str)] = &[
    (
        "programs/turochamp.m1",
        include_str!("../../../programs/turochamp.m1"),
    ),
    (
        "turochamp/att.m1",
        include_str!("../../../programs/turochamp/att.m1"),
    ),
    (
        "turochamp/board.m1",
        include_str!("../../../programs/turochamp/board.m1"),
    ),
    (
        "turochamp/data.m1",
        include_str!("../../../programs/turochamp/data.m1"),
    ),
    (
        "turochamp/tape.m1",
        include_str!("../../../programs/turochamp/tape.m1"),
    ),
    (
        "turochamp/gen.m1",
        include_str!("../../../programs/turochamp/gen.m1"),
    ),
    (
        "turochamp/kernel.m1",
        include_str!("../../../programs/turochamp/kernel.m1"),
    ),
    (
        "turochamp/root.m1",
        include_str!("../../../programs/turochamp/root.m1"),
    ),
    (
        "turochamp/pp.m1",
        include_str!("../../../programs/turochamp/pp.m1"),
    ),
    (
        "turochamp/notation.m1",
        include_str!("../../../programs/turochamp/notation.m1"),
    ),
    (
        "turochamp/search.m1",
        include_str!("../../../programs/turochamp/search.m1"),
    ),
];

/// The programme, assembled once.
pub(crate) static PROGRAM: Bundled = Bundled::new(SOURCES);

/// The most beats reading a tape or one attack question may take before the driver gives
/// up (a guard against a programme that never stops; both take a few thousand).
const RUN_BEATS: u64 = 10_000_000;

/// The most beats the move generator may take (a guard: it takes well under a million).
const GEN_BEATS: u64 = 50_000_000;

/// The teleprint codes of the tape (docs/turochamp-programme.md, "The position tape").
mod code {
    pub const SEP: u8 = 0; // `/` the next rank
    pub const SPACE: u8 = 17; // `Z` the end of a field
    pub const FIGS: u8 = 20; // `H` figure shift (before digits)
    pub const LETS: u8 = 21; // `Y` letter shift (before letters)
    pub const BLACK: u8 = 29; // `X` the next piece or right is Black's
    pub const NONE: u8 = 28; // `M`, printed `-` in figure shift: none
    pub const WHITE_TO_MOVE: u8 = 19; // `W`
    pub const BLACK_TO_MOVE: u8 = 25; // `B`
    pub const KING: u8 = 15; // `K`
    pub const QUEEN: u8 = 23; // `Q`
    pub const END: u8 = 31; // `£`
}

/// The letter (teleprint code) of a piece on the tape: P N B Q R K.
fn role_code(r: Role) -> u8 {
    match r {
        Role::Pawn => 22,
        Role::Knight => 12,
        Role::Bishop => 25,
        Role::Queen => 23,
        Role::Rook => 10,
        Role::King => 15,
    }
}

/// The programme's code of a piece on its board (White P 1, N 2, B 3, Q 4, R 5, K 6;
/// Black the same + 8); 0 for an empty square.
pub fn piece_code(p: Option<shakmaty::Piece>) -> u32 {
    p.map_or(0, |p| {
        let t = match p.role {
            Role::Pawn => 1,
            Role::Knight => 2,
            Role::Bishop => 3,
            Role::Queen => 4,
            Role::Rook => 5,
            Role::King => 6,
        };
        t + if p.color == Color::Black { 8 } else { 0 }
    })
}

/// The programme's number of a square: 10 x rank + file (a1 = 0, h1 = 7, a2 = 10, h8 = 77).
pub fn square_number(sq: Square) -> u32 {
    10 * u32::from(sq.rank()) + u32::from(sq.file())
}

/// A FEN read and validated with shakmaty (standard castling).
///
/// # Errors
/// [`TurochampRunError::Fen`] if it does not parse or is not a legal position.
pub fn position(fen: &str) -> Result<Chess, TurochampRunError> {
    let bad = |reason: String| TurochampRunError::Fen {
        fen: fen.to_string(),
        reason,
    };
    let f: Fen = fen.trim().parse().map_err(|e| bad(format!("{e}")))?;
    f.into_position(CastlingMode::Standard)
        .map_err(|e| bad(format!("{e}")))
}

/// The position tape for `fen` as teleprint codes (docs/turochamp-programme.md): the board
/// from a8 rank by rank (`/` between ranks, a digit 1-8 for empty squares after a figure
/// shift, P N B Q R K with `X` before a Black piece, after a letter shift), a space, `W` or
/// `B`, a space, the castling rights (`K`, `Q`, `XK`, `XQ`, or `M` for none), a space, the
/// en passant square as two digits file and rank (`53` for e3) or `M`, and `£`.
///
/// # Errors
/// [`TurochampRunError::Fen`] for a FEN shakmaty refuses.
pub fn tape(fen: &str) -> Result<Vec<u8>, TurochampRunError> {
    let pos = position(fen)?;
    Ok(tape_of(&pos))
}

/// The position tape of a position (see [`tape`]).
pub fn tape_of(pos: &Chess) -> Vec<u8> {
    use code::*;
    let mut t = vec![LETS];
    let board = pos.board();
    for rank in (0..8u32).rev() {
        let mut empty = 0u8;
        for file in 0..8u32 {
            let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            match board.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        t.extend([FIGS, empty, LETS]);
                        empty = 0;
                    }
                    if p.color == Color::Black {
                        t.push(BLACK);
                    }
                    t.push(role_code(p.role));
                }
            }
        }
        if empty > 0 {
            t.extend([FIGS, empty, LETS]);
        }
        if rank > 0 {
            t.push(SEP);
        }
    }
    t.push(SPACE);
    t.push(if pos.turn() == Color::White {
        WHITE_TO_MOVE
    } else {
        BLACK_TO_MOVE
    });
    t.push(SPACE);
    let castles = pos.castles();
    let mut any = false;
    for (color, prefix) in [(Color::White, None), (Color::Black, Some(BLACK))] {
        for (side, letter) in [
            (CastlingSide::KingSide, KING),
            (CastlingSide::QueenSide, QUEEN),
        ] {
            if castles.has(color, side) {
                t.extend(prefix);
                t.push(letter);
                any = true;
            }
        }
    }
    if !any {
        t.extend([FIGS, NONE, LETS]);
    }
    t.push(SPACE);
    match pos.ep_square(EnPassantMode::Legal) {
        Some(sq) => t.extend([FIGS, u8::from(sq.file()) + 1, u8::from(sq.rank()) + 1, LETS]),
        None => t.extend([FIGS, NONE, LETS]),
    }
    t.push(END);
    t
}

/// The tape as the teleprinter would list it (shifts applied: digits in figure shift).
pub fn tape_text(codes: &[u8]) -> String {
    let mut figs = false;
    let mut s = String::new();
    for &c in codes {
        match c {
            code::FIGS => figs = true,
            code::LETS => figs = false,
            code::SPACE => s.push(' '),
            code::END => s.push('£'),
            c if figs && c < 10 => s.push(char::from(b'0' + c)),
            code::NONE if figs => s.push('-'),
            c => match crate::machine::code::TELEPRINT_ASCII[usize::from(c & 31)] {
                '#' => s.push('½'),
                ch => s.push(ch),
            },
        }
    }
    s
}

/// The addresses of the lines the driver uses.
struct Lines {
    bs: u32,
    side: u32,
    ep: u32,
    kg: u32,
    cr: u32,
    asq: u32,
    aside: u32,
    ares: u32,
    t_read: u32,
    ate: u32,
    at_stop: u32,
    gen: u32,
    g_stop: u32,
    nmv: u32,
    mvl: u32,
}

/// The programme's assembly (programs/turochamp.m1), assembled once: its image and its
/// labels (for `mark1 profile`'s routine names, say).
///
/// # Errors
/// The programme does not assemble.
pub fn assembly() -> Result<&'static crate::asm::Assembly, TurochampRunError> {
    Ok(PROGRAM.assembly()?)
}

fn lines() -> Result<(&'static crate::asm::Assembly, Lines), TurochampRunError> {
    let a = PROGRAM.assembly()?;
    let at = |n: &str| PROGRAM.label(a, n);
    Ok((
        a,
        Lines {
            bs: at("bd")? + 1,
            side: at("side")?,
            ep: at("ep")?,
            kg: at("kg")?,
            cr: at("cr")?,
            asq: at("asq")?,
            aside: at("aside")?,
            ares: at("ares")?,
            t_read: at("t_read")?,
            ate: at("ate")?,
            at_stop: at("at_stop")?,
            gen: at("gen")?,
            g_stop: at("g_stop")?,
            nmv: at("nmv")?,
            mvl: at("mvl")?,
        },
    ))
}

/// The position as the programme holds it after reading its tape, read off the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StorePosition {
    /// The 64 squares' codes (see [`piece_code`]), a1 first, rank by rank.
    pub squares: Vec<u32>,
    /// 0 White to move, 1 Black.
    pub side: u32,
    /// The en passant square's number (see [`square_number`]), 127 for none.
    pub ep: u32,
    /// The kings' squares' numbers: White's, Black's.
    pub kings: [u32; 2],
    /// Castling rights 0/1: White king's side, queen's side, Black king's side, queen's side.
    pub rights: [u32; 4],
}

impl StorePosition {
    /// What the programme should hold for `pos` (for tests and the check).
    pub fn expected(pos: &Chess) -> StorePosition {
        let b = pos.board();
        let squares = Square::ALL
            .iter()
            .map(|&s| piece_code(b.piece_at(s)))
            .collect();
        let king = |c: Color| b.king_of(c).map_or(0, square_number);
        let cs = pos.castles();
        let r = |c, s| u32::from(cs.has(c, s));
        StorePosition {
            squares,
            side: u32::from(pos.turn() == Color::Black),
            ep: pos
                .ep_square(EnPassantMode::Legal)
                .map_or(127, square_number),
            kings: [king(Color::White), king(Color::Black)],
            rights: [
                r(Color::White, CastlingSide::KingSide),
                r(Color::White, CastlingSide::QueenSide),
                r(Color::Black, CastlingSide::KingSide),
                r(Color::Black, CastlingSide::QueenSide),
            ],
        }
    }
}

/// The move table's room: page 7 of the store, one short line a move
/// (docs/turochamp-programme.md, "The move table").
pub const TABLE_ROOM: u32 = 64;

/// What the programme's move generator left: its table read off the store, what it
/// printed, and what the generation cost on the machine (from `gen` to `g_stop`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The count of legal moves, as the programme holds it in `nmv` (and prints it).
    pub count: u32,
    /// The table: (from, to) square numbers (see [`square_number`]), in the programme's
    /// order; at most [`TABLE_ROOM`] (the count goes on beyond, the entries are lost).
    pub moves: Vec<(u32, u32)>,
    /// What the teleprinter printed: the count in decimal.
    pub printed: String,
    /// Orders obeyed.
    pub instructions: u64,
    /// Beats (one beat = 240 microseconds, docs/timing.md).
    pub beats: u64,
    /// Magnetic transfers (the generator's units brought down from the drum).
    pub transfers: u64,
}

/// The square of a programme square number (10 x rank + file), if it is on the board.
pub fn square_of_number(n: u32) -> Option<Square> {
    let (rank, file) = (n / 10, n % 10);
    (rank < 8 && file < 8)
        .then(|| Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank)))
}

/// The legal move of `pos` that a table entry (from, to) names: a pawn reaching the last
/// rank promotes to a queen (Turing's machine promotes to a queen only), a king's
/// two-square move castles.
///
/// # Errors
/// [`TurochampRunError::Result`] if the entry names no legal move of `pos`.
pub fn table_move(pos: &Chess, from: u32, to: u32) -> Result<shakmaty::Move, TurochampRunError> {
    let bad = || {
        TurochampRunError::Result(format!(
            "a table entry {from} -> {to} that is no legal move"
        ))
    };
    let (f, t) = (
        square_of_number(from).ok_or_else(bad)?,
        square_of_number(to).ok_or_else(bad)?,
    );
    let promotes = pos.board().role_at(f) == Some(Role::Pawn)
        && (t.rank() == shakmaty::Rank::First || t.rank() == shakmaty::Rank::Eighth);
    let uci = shakmaty::uci::UciMove::Normal {
        from: f,
        to: t,
        promotion: promotes.then_some(Role::Queen),
    };
    uci.to_move(pos).map_err(|_| bad())
}

/// What one job of the root cost on the machine, and what it printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobRun {
    /// Mark 1 instructions obeyed.
    pub instructions: u64,
    /// Beats (240 microseconds each).
    pub beats: u64,
    /// Magnetic transfers.
    pub transfers: u64,
    /// The teleprinter's paper printed during the job.
    pub printed: String,
}

/// The machine with the position read: KEC, the programme loaded, the tape in the reader,
/// run from line 1 to `t_read`; with its beats and instructions so far.
pub struct Loaded {
    /// The machine, stopped at `t_read`.
    pub machine: Machine,
    lines: Lines,
}

/// Reads `fen` into the programme: the tape punched, KEC, load, run to `t_read`.
///
/// # Errors
/// [`TurochampRunError::Fen`] for a bad FEN; [`TurochampRunError::Run`] if the machine stops
/// anywhere but `t_read`.
pub fn load(fen: &str) -> Result<Loaded, TurochampRunError> {
    load_position(&position(fen)?)
}

/// Reads a position already validated (see [`position`]) into the programme, as [`load`].
///
/// # Errors
/// [`TurochampRunError::Run`] if the machine stops anywhere but `t_read`.
pub fn load_position(pos: &Chess) -> Result<Loaded, TurochampRunError> {
    let codes = tape_of(pos);
    let (a, l) = lines()?;
    let mut m = Machine::new(Config::default());
    m.kec();
    m.load_image(&a.image);
    m.load_tape(&codes);
    match m.run(Budget::beats(RUN_BEATS)) {
        Stop::DynamicStop { line } if line == l.t_read => {}
        other => {
            return Err(RunError::Stopped(crate::machine::report::describe_stop(&other)).into())
        }
    }
    Ok(Loaded {
        machine: m,
        lines: l,
    })
}

impl Loaded {
    /// The position read off the store.
    pub fn position(&self) -> StorePosition {
        let s = &self.machine.store;
        let l = &self.lines;
        let squares = Square::ALL
            .iter()
            .map(|&q| s.read(l.bs + square_number(q)))
            .collect();
        StorePosition {
            squares,
            side: s.read(l.side),
            ep: s.read(l.ep),
            kings: [s.read(l.kg), s.read(l.kg + 2)],
            rights: [
                s.read(l.cr),
                s.read(l.cr + 2),
                s.read(l.cr + 4),
                s.read(l.cr + 6),
            ],
        }
    }

    /// Asks the programme's attack test whether `sq` is attacked by `by`: the square and
    /// side written into `asq` and `aside`, control set to `ate`, run to `at_stop`; the
    /// answer read from `ares`. Returns the answer and the beats it took.
    ///
    /// # Errors
    /// [`TurochampRunError::Run`] if the machine stops anywhere but `at_stop`;
    /// [`TurochampRunError::Result`] for an answer other than 0 or 1.
    pub fn attacked(&mut self, sq: Square, by: Color) -> Result<(bool, u64), TurochampRunError> {
        let l = &self.lines;
        let m = &mut self.machine;
        m.store.write_long(l.asq, u64::from(square_number(sq)));
        m.store.write_long(l.aside, u64::from(by == Color::Black));
        m.c = l.ate - 1;
        let before = m.stats.beats;
        match m.run(Budget::beats(RUN_BEATS)) {
            Stop::DynamicStop { line } if line == l.at_stop => {}
            other => {
                return Err(RunError::Stopped(crate::machine::report::describe_stop(&other)).into())
            }
        }
        let beats = m.stats.beats - before;
        match m.store.read_long(l.ares) {
            0 => Ok((false, beats)),
            1 => Ok((true, beats)),
            v => Err(TurochampRunError::Result(format!("ares = {v}"))),
        }
    }

    /// The address of one of the programme's labels or equates (`rres`, `nmvp`, ...).
    ///
    /// # Errors
    /// [`TurochampRunError::Run`] if the programme has no such label.
    pub fn label(&self, name: &str) -> Result<u32, TurochampRunError> {
        let a = PROGRAM.assembly()?;
        Ok(PROGRAM.label(a, name)?)
    }

    /// Runs one of the root's jobs as the operator starts it after `t_read`: the hand
    /// switches set to `hand` (the job in the low three bits, programs/turochamp/root.m1),
    /// control set to `think`, run until the dynamic stop at `stop` (a label) or
    /// `beats` beats. Returns what the run cost and printed.
    ///
    /// # Errors
    /// [`TurochampRunError::Run`] if the machine stops anywhere but at `stop`.
    pub fn job(&mut self, hand: u32, stop: &str, beats: u64) -> Result<JobRun, TurochampRunError> {
        let think = self.label("think")?;
        let stop_line = self.label(stop)?;
        self.machine.set_hand_switches(hand);
        self.run_from(think, stop_line, beats)
    }

    /// Sets control to `entry` - 1 and runs until the dynamic stop at line `stop` or
    /// `beats` beats. Returns what the run cost and printed.
    ///
    /// # Errors
    /// [`TurochampRunError::Run`] if the machine stops anywhere but at `stop`.
    pub(crate) fn run_from(
        &mut self,
        entry: u32,
        stop: u32,
        beats: u64,
    ) -> Result<JobRun, TurochampRunError> {
        let m = &mut self.machine;
        m.c = entry - 1;
        let (i0, b0, t0) = (m.stats.instructions, m.stats.beats, m.stats.transfers);
        let paper0 = m.teleprinter.paper().len();
        match m.run(Budget::beats(beats)) {
            Stop::DynamicStop { line } if line == stop => {}
            other => {
                return Err(RunError::Stopped(crate::machine::report::describe_stop(&other)).into())
            }
        }
        Ok(JobRun {
            instructions: m.stats.instructions - i0,
            beats: m.stats.beats - b0,
            transfers: m.stats.transfers - t0,
            printed: m.teleprinter.paper()[paper0..].to_string(),
        })
    }

    /// Runs the programme's move generator on the position read: control set to `gen`
    /// (as the operator does after the stop at `t_read`), run to the dynamic stop at
    /// `g_stop`; the count and the table read off the store, the printed count off the
    /// teleprinter.
    ///
    /// # Errors
    /// [`TurochampRunError::Run`] if the machine stops anywhere but `g_stop`.
    pub fn generate(&mut self) -> Result<Generated, TurochampRunError> {
        let l = &self.lines;
        let m = &mut self.machine;
        m.c = l.gen - 1;
        let (i0, b0, t0) = (m.stats.instructions, m.stats.beats, m.stats.transfers);
        let paper0 = m.teleprinter.paper().len();
        match m.run(Budget::beats(GEN_BEATS)) {
            Stop::DynamicStop { line } if line == l.g_stop => {}
            other => {
                return Err(RunError::Stopped(crate::machine::report::describe_stop(&other)).into())
            }
        }
        let count = m.store.read(l.nmv);
        let moves = (0..count.min(TABLE_ROOM))
            .map(|i| {
                let e = m.store.read(l.mvl + i);
                (e % 128, e / 128)
            })
            .collect();
        Ok(Generated {
            count,
            moves,
            printed: m.teleprinter.paper()[paper0..].trim().to_string(),
            instructions: m.stats.instructions - i0,
            beats: m.stats.beats - b0,
            transfers: m.stats.transfers - t0,
        })
    }
}
