//! One run of the program on a position: loading, the run with its time profile, and
//! what the teleprinter and the counter lines say at the end.

use super::{position_tape, BootMode, PrinzRunError, RunOptions, PROGRAM};
use crate::asm::{boot, Assembly};
use crate::games::bundled::RunError;
use crate::machine::{Config, Machine, Stop};
use crate::reference::chess::Board;
use serde::Serialize;
use std::time::Instant;

/// Drum tracks holding the routines brought down into pages 6–7, and what each is
/// charged to in the time profile.
const ROUTINE_TRACKS: &[(u32, Part)] = &[
    (16, Part::MoveConstruction),
    (17, Part::MoveConstruction),
    (18, Part::SelfCheck),
    (19, Part::Printing),
    (20, Part::Tape),
    (21, Part::Printing),
];

/// Where the simulated time went, in beats (240 µs each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TimeProfile {
    /// Orders of the legality (self-check) routine.
    pub self_check: u64,
    /// Magnetic transfers (whole orders, whoever issued them).
    pub transfers: u64,
    /// Orders of the search and make routines (move construction and turn linkage).
    pub move_construction: u64,
    /// Orders in the resident page 0 (the links between routines).
    pub master: u64,
    /// Printing, printer waits included.
    pub printing: u64,
    /// Reading the position tape (and booting, if booted from tape).
    pub tape: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    SelfCheck,
    MoveConstruction,
    Printing,
    Tape,
}

/// One white first-turn move as the program printed it, e.g. `PAWN TO 78.`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrintedMove {
    /// The piece's name as printed (`PAWN`, `ROOK`, …).
    pub piece: String,
    /// The printed square, 11 (a1) … 88 (h8), row then column as Faster than Thought.
    pub square: u8,
}

/// The result of one emulated run.
#[derive(Clone, Debug, Serialize)]
pub struct PrinzRun {
    /// The position (FEN) that was set.
    pub fen: String,
    /// The teleprinter paper.
    pub transcript: String,
    /// The first-turn moves printed, in order.
    pub printed: Vec<PrintedMove>,
    /// Whether `MATE.` was printed (the last printed move is then the key).
    pub mate: bool,
    /// The key as printed (`ROOK TO 68`), if any. The program stops at the first key.
    pub keys: Vec<String>,
    /// Possible moves tried, read from the program's counter line at the end.
    pub moves_tried: u64,
    /// Of which illegal (own King left in check), read from its counter line.
    pub illegal: u64,
    /// Magnetic transfers (reads and writes) during the whole run, the tape reading and
    /// any boot included.
    pub transfers: u64,
    /// Magnetic transfers during the search alone (from the end of the tape reading).
    pub search_transfers: u64,
    /// Legal moves: `moves_tried - illegal`.
    pub legal: u64,
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats elapsed.
    pub beats: u64,
    /// Simulated seconds (beats × 240 µs), to the microsecond in JSON.
    #[serde(serialize_with = "crate::machine::report::serialize_micros")]
    pub simulated_seconds: f64,
    /// Host seconds the emulation took, to the microsecond in JSON.
    #[serde(serialize_with = "crate::machine::report::serialize_micros")]
    pub host_seconds: f64,
    /// Name of the timing profile.
    pub timing: &'static str,
    /// How the program was loaded.
    pub boot: BootMode,
    /// Where the time went.
    pub profile: TimeProfile,
    /// Where the time went, store line by store line (`mark1 prinz --profile`;
    /// [`crate::profile`]).
    #[serde(skip)]
    pub lines: crate::profile::Profile,
}

impl PrinzRun {
    /// Search transfers per legal move.
    pub fn transfers_per_legal_move(&self) -> f64 {
        if self.legal == 0 {
            0.0
        } else {
            self.search_transfers as f64 / self.legal as f64
        }
    }

    /// Simulated seconds per possible move tried.
    pub fn seconds_per_move(&self) -> f64 {
        if self.moves_tried == 0 {
            0.0
        } else {
            self.simulated_seconds / self.moves_tried as f64
        }
    }

    /// The printed first moves as `PIECE TO NN` strings.
    pub fn printed_text(&self) -> Vec<String> {
        self.printed
            .iter()
            .map(|m| format!("{} TO {}", m.piece, m.square))
            .collect()
    }
}

/// Runs an assembled program on `board`.
///
/// # Errors
/// The machine stopping other than at the program's end, or a boot tape that cannot be
/// made.
pub fn run_board(
    assembly: &Assembly,
    board: &Board,
    opts: &RunOptions,
) -> Result<PrinzRun, PrinzRunError> {
    let (mut m, tape_rows) = loaded(assembly, board, opts)?;
    let at = |n: &str| PROGRAM.label(assembly, n);
    let (tried_at, illegal_at, search_at) = (at("tried")?, at("illegal")?, at("search")?);
    let t0 = Instant::now();
    let mut lines = crate::profile::Profile::default();
    let (stop, profile, search_transfers_from) =
        run_profiled(&mut m, opts, tape_rows, search_at, &mut lines);
    let host_seconds = t0.elapsed().as_secs_f64();
    if !matches!(stop, Stop::DynamicStop { .. }) {
        return Err(RunError::Stopped(crate::machine::report::describe_stop(&stop)).into());
    }
    let transcript = m.printer_text().to_string();
    let (printed, mate) = parse_transcript(&transcript);
    let keys = if mate {
        printed
            .last()
            .map(|k| vec![format!("{} TO {}", k.piece, k.square)])
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let moves_tried = u64::from(m.store.read(tried_at));
    let illegal = u64::from(m.store.read(illegal_at));
    Ok(PrinzRun {
        fen: board.to_fen(),
        transcript,
        printed,
        mate,
        keys,
        moves_tried,
        illegal,
        transfers: m.stats.transfers,
        search_transfers: m.stats.transfers - search_transfers_from.unwrap_or(0),
        legal: moves_tried.saturating_sub(illegal),
        instructions: m.stats.instructions,
        beats: m.stats.beats,
        simulated_seconds: m.simulated_seconds(),
        host_seconds,
        timing: opts.timing.name,
        boot: opts.boot,
        profile,
        lines,
    })
}

/// A machine with the program and the position tape in: the image loaded and the tape
/// in the reader, or the program's boot tape followed by the position booted through
/// the initial routine. Returns the machine and the rows of tape it will read.
fn loaded(
    assembly: &Assembly,
    board: &Board,
    opts: &RunOptions,
) -> Result<(Machine, u64), PrinzRunError> {
    let config = Config {
        timing: opts.timing.clone(),
        ..Config::default()
    };
    let mut m = Machine::new(config);
    let position = position_tape(board);
    let tape_rows = match opts.boot {
        BootMode::Image => {
            m.load_image(&assembly.image);
            m.load_tape(&position);
            position.len() as u64
        }
        BootMode::Tape => {
            let mut rows = assembly.tape().map_err(PrinzRunError::Boot)?;
            rows.extend_from_slice(&position);
            boot::prepare(&mut m, &rows);
            rows.len() as u64
        }
    };
    Ok((m, tape_rows))
}

/// Runs the machine order by order to its stop (or `opts.max_beats`), charging each
/// order's beats to a part of the profile, and to its store line in `lines`. The search starts when all `tape_rows` have
/// been read and control reaches line `search_at`. Returns the stop, the profile and
/// the transfer count when the search started (if it did).
fn run_profiled(
    m: &mut Machine,
    opts: &RunOptions,
    tape_rows: u64,
    search_at: u32,
    lines: &mut crate::profile::Profile,
) -> (Stop, TimeProfile, Option<u64>) {
    let mut profile = TimeProfile::default();
    let mut search_transfers_from = None;
    let stop = loop {
        if m.stats.beats >= opts.max_beats {
            break Stop::BeatLimit;
        }
        let (beats0, moves0) = (m.stats.beats, m.stats.transfers + m.stats.checks);
        let line = (m.c + 1) & 1023;
        // The search starts when the whole tape has been read and control reaches the
        // program's line `search` (the initial routine also runs in page 0).
        if line == search_at && search_transfers_from.is_none() && m.stats.chars_in == tape_rows {
            search_transfers_from = Some(m.stats.transfers);
        }
        let stopped = crate::profile::step(m, lines);
        let spent = m.stats.beats - beats0;
        if m.stats.transfers + m.stats.checks != moves0 && search_transfers_from.is_some() {
            profile.transfers += spent;
        } else if search_transfers_from.is_none() {
            profile.tape += spent;
        } else if line >= 384 {
            // Which routine is in pages 6-7: the marker line names the half-track last
            // read into page 6 (Prinz §24), track in its first ten digits.
            let track = crate::machine::code::MagneticOrder::decode(m.store.marker(6))
                .map_or(0, |o| u32::from(o.track));
            match ROUTINE_TRACKS.iter().find(|r| r.0 == track).map(|r| r.1) {
                Some(Part::SelfCheck) => profile.self_check += spent,
                Some(Part::Printing) => profile.printing += spent,
                Some(Part::Tape) => profile.tape += spent,
                _ => profile.move_construction += spent,
            }
        } else {
            profile.master += spent;
        }
        if let Some(s) = stopped {
            break s;
        }
    };
    (stop, profile, search_transfers_from)
}

/// Reads the printed moves (`PAWN TO 78.`) and whether `MATE.` followed.
pub fn parse_transcript(text: &str) -> (Vec<PrintedMove>, bool) {
    let mut moves = Vec::new();
    let mut mate = false;
    for line in text.lines() {
        let line = line.trim_end_matches('\r').trim();
        if line == "MATE." {
            mate = true;
        } else if let Some((piece, sq)) = line.split_once(" TO ") {
            if let Ok(square) = sq.trim_end_matches('.').parse::<u8>() {
                moves.push(PrintedMove {
                    piece: piece.to_string(),
                    square,
                });
            }
        }
    }
    (moves, mate)
}
