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

use crate::asm::{self, boot, Assembly, MapLoader};
use crate::machine::{Config, Machine, Stop, Timing};
use crate::reference::chess::{prinz_square, solve_mate2, Board, ChessError, Colour};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// Figure 1 of Faster than Thought (White Kf8, Rh1, Pg6; Black Kh8, Bg8, Pg7, Ph7;
/// White to play and mate in two).
pub const FIGURE1_FEN: &str = "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1";

/// The program's source files, by the names the main file includes them under.
const SOURCES: &[(&str, &str)] = &[
    ("programs/prinz.m1", include_str!("../../programs/prinz.m1")),
    (
        "prinz/tables.m1",
        include_str!("../../programs/prinz/tables.m1"),
    ),
    (
        "prinz/master.m1",
        include_str!("../../programs/prinz/master.m1"),
    ),
    (
        "prinz/find.m1",
        include_str!("../../programs/prinz/find.m1"),
    ),
    (
        "prinz/make.m1",
        include_str!("../../programs/prinz/make.m1"),
    ),
    (
        "prinz/check.m1",
        include_str!("../../programs/prinz/check.m1"),
    ),
    (
        "prinz/print.m1",
        include_str!("../../programs/prinz/print.m1"),
    ),
    ("prinz/end.m1", include_str!("../../programs/prinz/end.m1")),
    (
        "prinz/init.m1",
        include_str!("../../programs/prinz/init.m1"),
    ),
];

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

/// Errors of the Prinz driver.
#[derive(Debug, thiserror::Error)]
pub enum PrinzError {
    /// The position could not be read.
    #[error(transparent)]
    Fen(#[from] ChessError),
    /// The bundled program did not assemble (a bug in the program).
    #[error("programs/prinz.m1 does not assemble:\n{0}")]
    Assembly(String),
    /// The boot tape could not be made.
    #[error("cannot make the boot tape: {0}")]
    Boot(String),
    /// The side not to move is in check: not a position a game can reach, and one in
    /// which the program (like the original) would look for a King that has gone.
    #[error("illegal position {fen:?}: the side not to move is in check")]
    OpponentInCheck {
        /// The position.
        fen: String,
    },
    /// The machine stopped somewhere other than the program's final loop stop.
    #[error("the machine stopped unexpectedly: {0}")]
    Stopped(String),
}

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
    /// Simulated seconds (beats × 240 µs).
    pub simulated_seconds: f64,
    /// Host seconds the emulation took.
    pub host_seconds: f64,
    /// Name of the timing profile.
    pub timing: &'static str,
    /// How the program was loaded.
    pub boot: BootMode,
    /// Where the time went.
    pub profile: TimeProfile,
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

/// Assembles the bundled program.
///
/// # Errors
/// [`PrinzError::Assembly`] if it does not assemble (a bug).
pub fn assemble() -> Result<Assembly, PrinzError> {
    let map: BTreeMap<String, String> = SOURCES
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    let loader = MapLoader(map);
    asm::assemble_str(SOURCES[0].0, SOURCES[0].1, &loader)
        .map_err(|e| PrinzError::Assembly(e.to_string()))
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
/// A bad FEN or an illegal position ([`read_position`]), or the machine stopping
/// other than at the program's end.
pub fn run_fen(fen: &str, opts: &RunOptions) -> Result<PrinzRun, PrinzError> {
    let board = read_position(fen)?;
    let assembly = assemble()?;
    run_board(&assembly, &board, opts)
}

/// Reads a position for the program: a FEN that `Board::from_fen` accepts, with the side
/// not to move not in check.
///
/// # Errors
/// [`PrinzError::Fen`] or [`PrinzError::OpponentInCheck`].
pub fn read_position(fen: &str) -> Result<Board, PrinzError> {
    let board = Board::from_fen(fen)?;
    if board.in_check(board.to_move.opponent()) {
        return Err(PrinzError::OpponentInCheck {
            fen: fen.to_string(),
        });
    }
    Ok(board)
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
) -> Result<PrinzRun, PrinzError> {
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
            let mut rows = assembly
                .tape()
                .map_err(|e| PrinzError::Boot(e.to_string()))?;
            rows.extend_from_slice(&position);
            boot::prepare(&mut m, &rows);
            rows.len() as u64
        }
    };
    let sym = |n: &str| assembly.symbols[n].value as u32;
    let (tried_at, illegal_at, search_at) = (sym("tried"), sym("illegal"), sym("search"));
    let t0 = Instant::now();
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
        let stopped = m.step();
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
    let host_seconds = t0.elapsed().as_secs_f64();
    if !matches!(stop, Stop::DynamicStop { .. }) {
        return Err(PrinzError::Stopped(crate::machine::report::describe_stop(
            &stop,
        )));
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
    })
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

/// One disagreement between the emulated program and the reference engine.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    /// The position.
    pub fen: String,
    /// What differs.
    pub what: String,
}

/// The outcome of [`cross_check`].
#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    /// Positions run.
    pub positions: usize,
    /// Every disagreement found.
    pub disagreements: Vec<Disagreement>,
}

/// Compares one emulated run with the reference engine: the printed first-turn list,
/// the verdict (key or none) and the counts of moves tried and illegal up to the first
/// key.
pub fn compare(run: &PrinzRun, board: &Board) -> Vec<String> {
    let r = solve_mate2(board);
    let mut out = Vec::new();
    let want: Vec<String> = r
        .first_moves_tried
        .iter()
        .map(|m| format!("{} TO {}", m.piece.name().to_uppercase(), m.to_prinz()))
        .collect();
    let got = run.printed_text();
    if want != got {
        out.push(format!(
            "printed list: emulated {got:?}, reference {want:?}"
        ));
    }
    let want_mate = !r.keys.is_empty();
    if want_mate != run.mate {
        out.push(format!(
            "verdict: emulated {}, reference {}",
            if run.mate { "MATE" } else { "no solution" },
            if want_mate { "MATE" } else { "no solution" }
        ));
    }
    if r.to_first_key.tried != run.moves_tried || r.to_first_key.illegal != run.illegal {
        out.push(format!(
            "counts: emulated {} tried / {} illegal, reference {} / {}",
            run.moves_tried, run.illegal, r.to_first_key.tried, r.to_first_key.illegal
        ));
    }
    out
}

/// The fixed collection of cross-check positions (tests/prinz/positions.txt): FENs, one
/// a line, `#` comments.
pub const FIXED_POSITIONS: &str = include_str!("../../tests/prinz/positions.txt");

/// `n` positions for the cross-check: the fixed collection first, then positions made
/// by a seeded generator (small endgames: both kings and up to five other pieces placed
/// at random, kept if legal for the side to move under Prinz's rules).
pub fn check_positions(n: usize, seed: u64) -> Vec<String> {
    let mut v: Vec<String> = FIXED_POSITIONS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .take(n)
        .collect();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    while v.len() < n {
        // The side to move gets most of the extra pieces, and the other King is put
        // near an edge half of the time, so that many positions have a mate in two.
        let black_moves = next() % 4 == 0;
        let mut cells = [None::<char>; 64];
        let extra = 1 + (next() % 5) as usize;
        let mut pieces = vec!['K', 'k'];
        for _ in 0..extra {
            let c = b"QRBNPRNPB"[(next() % 9) as usize] as char;
            let mover = next() % 10 < 7;
            pieces.push(if mover != black_moves {
                c
            } else {
                c.to_ascii_lowercase()
            });
        }
        let mut ok = true;
        for (i, p) in pieces.into_iter().enumerate() {
            let defender = (i == 1 && !black_moves) || (i == 0 && black_moves);
            let mut placed = false;
            for _ in 0..20 {
                let mut sq = (next() % 64) as usize;
                if defender && next() % 2 == 0 {
                    // an edge rank
                    let file = sq % 8;
                    sq = if next() % 2 == 0 { file } else { 56 + file };
                }
                let rank = sq / 8;
                if cells[sq].is_none()
                    && !(p.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7))
                {
                    cells[sq] = Some(p);
                    placed = true;
                    break;
                }
            }
            ok &= placed;
        }
        if !ok {
            continue;
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut gap = 0;
            for file in 0..8 {
                match cells[rank * 8 + file] {
                    Some(c) => {
                        if gap > 0 {
                            fen.push_str(&gap.to_string());
                            gap = 0;
                        }
                        fen.push(c);
                    }
                    None => gap += 1,
                }
            }
            if gap > 0 {
                fen.push_str(&gap.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if black_moves {
            " b - - 0 1"
        } else {
            " w - - 0 1"
        });
        let Ok(board) = Board::from_fen(&fen) else {
            continue;
        };
        // The side not to move must not be in check (the position must be reachable).
        if board.in_check(board.to_move.opponent()) {
            continue;
        }
        v.push(fen);
    }
    v
}

/// Runs `positions` through the emulated program and the reference engine and reports
/// every disagreement; `progress` is called after each position.
///
/// # Errors
/// A bad FEN, or a run that does not end at the program's loop stop.
pub fn cross_check(
    positions: &[String],
    opts: &RunOptions,
    progress: &mut dyn FnMut(usize, &str, &[String]),
) -> Result<CheckReport, PrinzError> {
    let assembly = assemble()?;
    let mut disagreements = Vec::new();
    for (i, fen) in positions.iter().enumerate() {
        let board = read_position(fen)?;
        let run = run_board(&assembly, &board, opts)?;
        let d = compare(&run, &board);
        progress(i, fen, &d);
        for what in d {
            disagreements.push(Disagreement {
                fen: fen.clone(),
                what,
            });
        }
    }
    Ok(CheckReport {
        positions: positions.len(),
        disagreements,
    })
}

/// Faster than Thought's figures for Figure 1 (and Robot Chess's transfers).
pub mod documented {
    /// "15 minutes were needed to print the solution" (FtT ch. 25).
    pub const MINUTES: f64 = 15.0;
    /// "the machine tried about 450 possible moves" (FtT).
    pub const MOVES_TRIED: u64 = 450;
    /// "(of which about 100 were illegal)" (FtT).
    pub const ILLEGAL: u64 = 100;
    /// "nine for every legal move in the present programme" (FtT; Robot Chess).
    pub const TRANSFERS_PER_LEGAL_MOVE: f64 = 9.0;
    /// "about two seconds per move on the average" (FtT).
    pub const SECONDS_PER_MOVE: f64 = 2.0;
}

/// The transcript, the comparison table and the time profile, as `mark1 prinz` prints
/// them.
pub fn text_report(run: &PrinzRun) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    s.push_str(&run.transcript);
    if !run.transcript.ends_with('\n') {
        s.push('\n');
    }
    let min = run.simulated_seconds / 60.0;
    let _ = writeln!(s);
    let _ = writeln!(s, "| figure | emulated | documented (source) |");
    let _ = writeln!(s, "|---|---|---|");
    let _ = writeln!(
        s,
        "| time to solution | {:.1} minutes ({:.0} s) | about 15 minutes (Faster than Thought) |",
        min, run.simulated_seconds
    );
    let _ = writeln!(
        s,
        "| moves tried | {} | about 450 (Faster than Thought) |",
        run.moves_tried
    );
    let _ = writeln!(
        s,
        "| illegal moves | {} | about 100 (Faster than Thought) |",
        run.illegal
    );
    let _ = writeln!(
        s,
        "| magnetic transfers per legal move | {:.1} ({} in {} legal moves) | nine (Robot Chess; Faster than Thought) |",
        run.transfers_per_legal_move(),
        run.search_transfers,
        run.legal
    );
    let _ = writeln!(
        s,
        "| seconds per move | {:.2} | about two (Faster than Thought) |",
        run.seconds_per_move()
    );
    let p = &run.profile;
    let total = run.beats.max(1) as f64;
    let pc = |b: u64| 100.0 * b as f64 / total;
    let _ = writeln!(
        s,
        "\nWhere the time went: self-check {:.0}%, magnetic transfers {:.0}%, move construction {:.0}% \
         (turn linkage in page 0 {:.0}%, printing {:.0}%, reading the tape {:.0}%).",
        pc(p.self_check),
        pc(p.transfers),
        pc(p.move_construction),
        pc(p.master),
        pc(p.printing),
        pc(p.tape)
    );
    let _ = writeln!(
        s,
        "{} instructions, {} beats, {} transfers in all; timing {}; host {:.3} s.",
        run.instructions, run.beats, run.transfers, run.timing, run.host_seconds
    );
    s
}

/// The `--json` object: the run with the documented figures beside it.
pub fn json_report(run: &PrinzRun) -> serde_json::Value {
    let mut v = serde_json::to_value(run).unwrap_or(serde_json::Value::Null);
    if let serde_json::Value::Object(o) = &mut v {
        o.insert(
            "transfers_per_legal_move".into(),
            serde_json::json!(run.transfers_per_legal_move()),
        );
        o.insert(
            "seconds_per_move".into(),
            serde_json::json!(run.seconds_per_move()),
        );
        o.insert(
            "documented".into(),
            serde_json::json!({
                "minutes": documented::MINUTES,
                "moves_tried": documented::MOVES_TRIED,
                "illegal": documented::ILLEGAL,
                "transfers_per_legal_move": documented::TRANSFERS_PER_LEGAL_MOVE,
                "seconds_per_move": documented::SECONDS_PER_MOVE,
                "source": "Faster than Thought (1953) ch. 25; Prinz, Robot Chess (1952)",
            }),
        );
    }
    v
}
