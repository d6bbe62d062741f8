//! Driver for Strachey's draughts (`programs/draughts.m1`) on the emulated machine.
//!
//! The driver acts only as an operator did: it assembles the program, loads it (store
//! and drum), puts the position and the strategy into the kernel's communication lines
//! (the lines an operator's position tape fills, `docs/draughts.md`), points the kernel
//! at the game half's think routine and starts the machine at line 1. When the machine
//! stops it reads the tubes: the list of moves with their values, the tie count, the
//! random number drawn, the move chosen, the position after it and the moves
//! considered (B3). The program finds, values, chooses and makes the moves itself; the
//! native engine in [`crate::reference::draughts`] is used only by [`compare`] and
//! [`cross_check`].
//!
//! Files: `think.rs` one think ([`think()`]); `check.rs` the comparison with the
//! reference engine ([`compare`], [`cross_check`]); `game.rs` a game through the keys
//! ([`Game`], [`play_against`], [`GameReport`]; at the keys: [`start`]); `opponent.rs`
//! who plays the other side ([`Opponent`] and its kinds); `replay.rs` the 1952 game
//! ([`replay_1952`]); `timing.rs` the timing table ([`timing_table`]); `original.rs`
//! Strachey's original program from SimH's drum image ([`original::Original`]).

mod check;
mod game;
mod opponent;
pub mod original;
mod replay;
mod think;
mod timing;

pub use check::{compare, compare_in, cross_check, CheckReport};
pub use game::{
    drum_place, machine_move, play, play_against, square_switches, start, Entered, First, Game,
    GameEnd, GameReport, MachineMove, OpponentFn, PlayedMove,
};
pub use opponent::{
    introduction, parse_squares, Best, FirstLegal, Opponent, RandomMove, Script, Terminal, Watched,
};
pub use replay::{positions_1952, replay_1952, replay_json, ReplayMove};
pub use think::{loaded, think, think_profiled, RootMove, Think};
pub use timing::{timing_table, timing_text, TimingRow};

/// `n` test positions from seed `seed` (the reference engine's generator, re-exported
/// here for the cross-check).
pub use crate::reference::draughts::random_positions as check_positions;

use super::bundled::{Bundled, RunError};
use crate::asm::Assembly;
use crate::reference::draughts::{self as rd, SearchParams};
use serde::Serialize;

/// Errors of the draughts driver: a run of the bundled program ([`RunError`]), bad
/// input, or a machine move the driver cannot match to a legal move.
#[derive(Debug, thiserror::Error)]
pub enum DraughtsRunError {
    /// The bundled program failed to assemble or the machine stopped unexpectedly.
    #[error(transparent)]
    Run(#[from] RunError),
    /// Bad command-line input.
    #[error(transparent)]
    Input(#[from] rd::DraughtsError),
    /// Settings outside what the program takes.
    #[error("{0}")]
    Settings(String),
    /// The program printed (or accepted) a move that is none of the legal moves of the
    /// position before it, as the reference engine lists them: the driver cannot
    /// record it (a fault of the program or of the driver's reading of the paper).
    #[error("{who} move `{printed}` is not exactly one legal move of the position {fen} (PDN FEN) that gives the position the machine shows")]
    Unmatched {
        /// "the machine's" or "the opponent's".
        who: &'static str,
        /// The move as printed (Strachey's squares) or the squares entered, with the
        /// numbering named.
        printed: String,
        /// The position before it (PDN FEN).
        fen: String,
    },
    /// The position the machine shows before its move (page 5's picture) is not the
    /// one the driver's record leads to.
    #[error("the machine shows the position {shown} before its move, the record leads to {fen} (PDN FEN)")]
    Diverged {
        /// The record's position (PDN FEN).
        fen: String,
        /// The position the machine shows (PDN FEN).
        shown: String,
    },
}

crate::games::bundled::run_error_from_bundled!(DraughtsRunError);

impl DraughtsRunError {
    /// The machine stopped other than where the driver expected: `what` says how.
    pub(crate) fn stopped(what: impl Into<String>) -> DraughtsRunError {
        DraughtsRunError::Run(RunError::Stopped(what.into()))
    }
}

/// The program's sources, by the names the includes use.
const SOURCES: &[(&str, &str)] = &[
    (
        "programs/draughts.m1",
        include_str!("../../../programs/draughts.m1"),
    ),
    (
        "draughts/kernel.m1",
        include_str!("../../../programs/draughts/kernel.m1"),
    ),
    (
        "draughts/search.m1",
        include_str!("../../../programs/draughts/search.m1"),
    ),
    (
        "draughts/game.m1",
        include_str!("../../../programs/draughts/game.m1"),
    ),
    (
        "think.m1",
        include_str!("../../../programs/draughts/think.m1"),
    ),
    (
        "choice.m1",
        include_str!("../../../programs/draughts/choice.m1"),
    ),
    (
        "flow.m1",
        include_str!("../../../programs/draughts/flow.m1"),
    ),
    (
        "flow1.m1",
        include_str!("../../../programs/draughts/flow1.m1"),
    ),
    (
        "flow2.m1",
        include_str!("../../../programs/draughts/flow2.m1"),
    ),
    (
        "pict.m1",
        include_str!("../../../programs/draughts/pict.m1"),
    ),
    ("msg.m1", include_str!("../../../programs/draughts/msg.m1")),
    (
        "moves.m1",
        include_str!("../../../programs/draughts/moves.m1"),
    ),
    (
        "keyunit.m1",
        include_str!("../../../programs/draughts/keyunit.m1"),
    ),
    (
        "keys.m1",
        include_str!("../../../programs/draughts/keys.m1"),
    ),
    (
        "keys_data.m1",
        include_str!("../../../programs/draughts/keys_data.m1"),
    ),
    (
        "picture.m1",
        include_str!("../../../programs/draughts/picture.m1"),
    ),
    (
        "picture_data.m1",
        include_str!("../../../programs/draughts/picture_data.m1"),
    ),
];

/// The bundled program, assembled once.
static PROGRAM: Bundled = Bundled::new(SOURCES);

/// A numbering of the board's squares: Strachey's 0-31 (his program's, the default)
/// or PDN's 1-32 (`--pdn-squares`). What the user chose for input is used for every
/// square the driver prints, text and JSON (`docs/draughts.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Squares {
    /// Strachey's 0-31, Black's back row 0-3.
    #[default]
    Strachey,
    /// PDN's 1-32 (Strachey's square + 1).
    Pdn,
}

impl Squares {
    /// `Pdn` if `pdn`, else `Strachey`.
    pub fn pdn_if(pdn: bool) -> Squares {
        if pdn {
            Squares::Pdn
        } else {
            Squares::Strachey
        }
    }

    /// Strachey square `s` (0-31) in this numbering.
    pub fn show(self, s: u8) -> u32 {
        u32::from(s) + u32::from(self == Squares::Pdn)
    }

    /// The numbering's name in JSON: `strachey` or `pdn`.
    pub fn key(self) -> &'static str {
        match self {
            Squares::Strachey => "strachey",
            Squares::Pdn => "pdn",
        }
    }

    /// The numbering in words, for headings: `Strachey's squares 0-31`, `PDN squares 1-32`.
    pub fn words(self) -> &'static str {
        match self {
            Squares::Strachey => "Strachey's squares 0-31",
            Squares::Pdn => "PDN squares 1-32",
        }
    }

    /// A move's squares (Strachey's: from, then every landing square) in this
    /// numbering, joined by `x` for a capture and `-` for a step: `10-14`, `14x23x30`.
    pub fn move_text(self, squares: &[u8], capture: bool) -> String {
        squares
            .iter()
            .map(|&s| self.show(s).to_string())
            .collect::<Vec<_>>()
            .join(if capture { "x" } else { "-" })
    }
}

/// Simulated seconds of `beats`, rounded to the microsecond, as the driver's JSON gives
/// every seconds figure (the machine's one rounding rule).
pub use crate::machine::report::micro_seconds as json_seconds;

/// Assembles the bundled program (kernel, search half, game half); the assembly is
/// made once and copied out.
///
/// # Errors
/// [`DraughtsRunError::Run`] if the source does not assemble.
pub fn assemble() -> Result<Assembly, DraughtsRunError> {
    Ok(PROGRAM.assembly()?.clone())
}

/// The address of `label` in `assembly` (an assembly of the bundled program).
///
/// # Errors
/// [`DraughtsRunError::Run`] naming the label if the program does not define it.
pub fn label(assembly: &Assembly, label: &str) -> Result<u32, DraughtsRunError> {
    Ok(PROGRAM.label(assembly, label)?)
}

/// Strachey's strategy settings, as the program takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Params {
    /// 1 (every line to `plies`) or 2 (until two moves running take nothing, at most
    /// `plies`).
    pub strategy: u8,
    /// Look-ahead in plies (1–8).
    pub plies: u32,
    /// A king's value in eighths of a man (24 under strategy 1; 20 = 2½ (Strachey 1952)
    /// or 23 = 2⅞ (Faster than Thought) under strategy 2).
    pub king: i32,
}

impl Params {
    /// Strategy 1 with `plies` of look-ahead (Strachey: 3), king 3 men.
    pub fn strategy1(plies: u32) -> Params {
        Params {
            strategy: 1,
            plies,
            king: rd::strategy::KING_3,
        }
    }

    /// Strategy 2, at most `plies` (Strachey: 4), with a king of `king` eighths.
    pub fn strategy2(plies: u32, king: i32) -> Params {
        Params {
            strategy: 2,
            plies,
            king,
        }
    }

    /// The same settings for the reference engine.
    pub fn search_params(&self) -> SearchParams {
        if self.strategy == 2 {
            SearchParams::strategy2(self.plies, self.king)
        } else {
            let mut p = SearchParams::strategy1(self.plies);
            p.king = self.king;
            p
        }
    }

    fn check(&self) -> Result<(), DraughtsRunError> {
        if !(1..=8).contains(&self.plies) {
            return Err(DraughtsRunError::Settings(format!(
                "look-ahead of {} plies: the program takes 1 to 8",
                self.plies
            )));
        }
        if !(8..=40).contains(&self.king) {
            return Err(DraughtsRunError::Settings(format!(
                "a king of {} eighths: the program takes 8 to 40",
                self.king
            )));
        }
        if self.strategy != 1 && self.strategy != 2 {
            return Err(DraughtsRunError::Settings(format!(
                "strategy {}: there are strategies 1 and 2",
                self.strategy
            )));
        }
        Ok(())
    }
}
