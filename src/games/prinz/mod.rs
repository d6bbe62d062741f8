//! Driver for Prinz's mate-in-two program (`programs/prinz.m1`) on the emulated machine.
//!
//! The driver acts only as an operator did: it assembles the program (or boots it from
//! its tape), punches the position tape, puts it in the reader, presses KEC, starts the
//! machine, reads the teleprinter and, at the end, the two store lines in which the
//! program keeps its counts (an operator reading the monitor tube). Nothing here
//! computes a move or a verdict; the native engine in [`crate::reference::chess`] is used
//! only by [`cross_check`].
//!
//! Sources for the figures compared: Faster than Thought (1953) ch. 25 (15 minutes,
//! about 450 possible moves of which about 100 illegal, about two seconds per move) and
//! Prinz, "Robot Chess" (1952) (nine magnetic transfers for every legal move).
//!
//! Files: `run.rs` one run with its time profile ([`run_board`], [`PrinzRun`]);
//! `check.rs` the cross-check ([`check_positions`], [`cross_check`]); `report.rs` what
//! `mark1 prinz` prints ([`text_report`], [`json_report`]); `keys.rs` the program at the
//! keys ([`start`], [`Problem`]: the web console's run and its report); `positions.txt`
//! the fixed cross-check positions.

mod check;
mod keys;
mod report;
mod run;

pub use check::{
    check_positions, compare, cross_check, named_positions, CheckReport, Disagreement,
    FIXED_POSITIONS,
};
pub use keys::{start, Problem};
pub use report::{documented, is_figure1, json_report, text_report};
pub use run::{parse_transcript, run_board, PrintedMove, PrinzRun, TimeProfile};

use super::bundled::{Bundled, RunError};
use crate::asm::Assembly;
use crate::machine::Timing;
use crate::reference::chess::{prinz_square, Board, ChessError, Colour};
use serde::Serialize;

/// Figure 1 of Faster than Thought (White Kf8, Rh1, Pg6; Black Kh8, Bg8, Pg7, Ph7;
/// White to play and mate in two).
pub const FIGURE1_FEN: &str = "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1";

/// The program's source files, by the names the main file includes them under.
const SOURCES: &[(&str, &str)] = &[
    (
        "programs/prinz.m1",
        include_str!("../../../programs/prinz.m1"),
    ),
    (
        "prinz/tables.m1",
        include_str!("../../../programs/prinz/tables.m1"),
    ),
    (
        "prinz/master.m1",
        include_str!("../../../programs/prinz/master.m1"),
    ),
    (
        "prinz/find.m1",
        include_str!("../../../programs/prinz/find.m1"),
    ),
    (
        "prinz/make.m1",
        include_str!("../../../programs/prinz/make.m1"),
    ),
    (
        "prinz/check.m1",
        include_str!("../../../programs/prinz/check.m1"),
    ),
    (
        "prinz/print.m1",
        include_str!("../../../programs/prinz/print.m1"),
    ),
    (
        "prinz/end.m1",
        include_str!("../../../programs/prinz/end.m1"),
    ),
    (
        "prinz/init.m1",
        include_str!("../../../programs/prinz/init.m1"),
    ),
];

/// The bundled program, assembled once.
static PROGRAM: Bundled = Bundled::new(SOURCES);

/// Errors of the Prinz driver.
#[derive(Debug, thiserror::Error)]
pub enum PrinzRunError {
    /// The position could not be read, or is not one the program can be given
    /// (`Board::from_fen`'s one validation: e.g. the side not to move in check).
    #[error(transparent)]
    Fen(#[from] ChessError),
    /// A run of the bundled program failed: it did not assemble or lacks a label the
    /// driver uses, or the machine stopped somewhere other than the program's final
    /// loop stop.
    #[error(transparent)]
    Run(#[from] RunError),
    /// The boot tape could not be made.
    #[error("cannot make the boot tape: {0}")]
    Boot(#[from] crate::asm::boot::BootError),
}

crate::games::bundled::run_error_from_bundled!(PrinzRunError);

/// How the program gets into the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BootMode {
    /// Load the assembled image (store and drum) directly.
    Image,
    /// Boot the period way: the program's boot tape through the initial routine,
    /// followed on the same tape by the position.
    Tape,
}

/// Assembles the bundled program; the assembly is made once and copied out.
///
/// # Errors
/// [`PrinzRunError::Run`] if it does not assemble (a bug).
pub fn assemble() -> Result<Assembly, PrinzRunError> {
    Ok(assembly()?.clone())
}

/// The bundled program's assembly, made once and shared (no copy).
///
/// # Errors
/// [`PrinzRunError::Run`] if it does not assemble (a bug).
pub fn assembly() -> Result<&'static Assembly, PrinzRunError> {
    Ok(PROGRAM.assembly()?)
}

/// A label's address in the bundled program.
///
/// # Errors
/// [`PrinzRunError::Run`] if the program does not assemble or lacks the label.
pub fn label(name: &str) -> Result<u32, PrinzRunError> {
    Ok(PROGRAM.label(assembly()?, name)?)
}

/// The position tape (docs/prinz.md): rows 0–31 in the teleprint code. First the side
/// to move, `W` (19) or `B` (25); then for each piece counter 0–31 three figures: the
/// piece number p (0 none, pawn 1, king 2, knight 3, queen 4, bishop 5, rook 6), the
/// printed row and the printed column of its square (Faster than Thought's numbering,
/// 11 = a1, 88 = h8); `000` for a counter not used. Counters are assigned as the
/// reference engine assigns them (pawns 0–7, knights 8–9, bishops 10–11, rooks 12–13,
/// queen 14, king 15, Black + 16, in order of printed square), as the operator who
/// prepared the tape would.
pub fn position_tape(board: &Board) -> Vec<u8> {
    let mut rows = vec![if board.to_move == Colour::White {
        19
    } else {
        25
    }];
    for c in 0..32 {
        let s = board.a[c];
        if s < 0 || board.p[c] == 0 {
            rows.extend([0, 0, 0]);
        } else {
            let sq = prinz_square(s as u8);
            rows.extend([board.p[c], sq / 10, sq % 10]);
        }
    }
    rows
}

/// Options of a run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Beat costs (docs/timing.md); `Timing::prinz()` by default.
    pub timing: Timing,
    /// How the program is loaded.
    pub boot: BootMode,
    /// Give up after this many beats (a guard against a runaway program).
    pub max_beats: u64,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            timing: Timing::prinz(),
            boot: BootMode::Image,
            max_beats: 50_000_000_000,
        }
    }
}

/// Runs the program on the position given by `fen` (side to move mates in two).
///
/// # Errors
/// A bad FEN or an illegal position (`Board::from_fen`), or the machine stopping
/// other than at the program's end.
pub fn run_fen(fen: &str, opts: &RunOptions) -> Result<PrinzRun, PrinzRunError> {
    let board = Board::from_fen(fen)?;
    run_board(PROGRAM.assembly()?, &board, opts)
}
