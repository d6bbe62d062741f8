//! King and rook against king worked out by the Mark 1 itself (`programs/krk/`,
//! docs/krk.md, "The Mark 1 program"): the driver as the operator. It loads the program,
//! lets it run to its loop stop (or stops it when the teleprinter has printed a given
//! level's line, as an operator watching the paper would), and reads the paper and the
//! drum afterwards. It never computes a value for the program; [`check`] compares the
//! table the machine left on the drum with `reference::krk`, slot for slot.
//!
//! **The drum table** (the program's index): the white king on one of the 10 squares of
//! the triangle a1-d1-d4 ([`TRIANGLE`], t = 0-9), the rook on q (0-63, file + 8 × rank),
//! the black king on b; one 5-bit teleprint character a position, four to a 20-bit
//! line, the first least significant. Slice (t, q) is 16 lines, the black king on (f, r)
//! at line 2r + f div 4, character f mod 4; the slice is in half-track (T + 8t + rank(q),
//! file(q) div 4) at line 16 × (file(q) mod 4), T = 0 for White to move and 80 for Black
//! to move. Values ([`slot`]): White to move 0 = not valued, n = mate in n (1-16), 31
//! illegal; Black to move 0 = not valued, n + 1 = lost in n (0-16), 30 drawn, 31 illegal.
//!
//! [`keys`]: the playing program as a game at the keys (`mark1 play krk`, the web
//! console's mode).

pub mod keys;

use super::bundled::{Bundled, BundledError, RunError};
use crate::machine::profile::Profile;
use crate::machine::{Budget, Config, Machine, Stop};
use crate::reference::krk::{self as rk, Position, Square, Value};
use serde::Serialize;

/// The program's sources: the main file first, the units by the names its includes use.
static PROGRAM: Bundled = Bundled::new(&[
    (
        "programs/krk/build.m1",
        include_str!("../../../programs/krk/build.m1"),
    ),
    ("i1.m1", include_str!("../../../programs/krk/i1.m1")),
    ("i2.m1", include_str!("../../../programs/krk/i2.m1")),
    ("i3.m1", include_str!("../../../programs/krk/i3.m1")),
    ("p.m1", include_str!("../../../programs/krk/p.m1")),
    ("u.m1", include_str!("../../../programs/krk/u.m1")),
    ("k.m1", include_str!("../../../programs/krk/k.m1")),
    ("s.m1", include_str!("../../../programs/krk/s.m1")),
    ("r.m1", include_str!("../../../programs/krk/r.m1")),
    ("bw.m1", include_str!("../../../programs/krk/bw.m1")),
    ("b.m1", include_str!("../../../programs/krk/b.m1")),
    ("n.m1", include_str!("../../../programs/krk/n.m1")),
]);

/// The program's assembly, made once from its bundled sources.
///
/// # Errors
/// The bundled source does not assemble.
pub fn assembly() -> Result<&'static crate::asm::Assembly, BundledError> {
    PROGRAM.assembly()
}

/// The white king's 10 squares, t = 0-9: a1 b1 c1 d1 b2 c2 d2 c3 d3 d4 (squares
/// 0-63, file + 8 × rank).
pub const TRIANGLE: [Square; 10] = [0, 1, 2, 3, 9, 10, 11, 18, 19, 27];

/// The first track of the White-to-move table.
pub const WTM_TRACK: u32 = 0;
/// The first track of the Black-to-move table.
pub const BTM_TRACK: u32 = 80;
/// Tracks of one table: 10 king squares × 8 rook ranks.
pub const TABLE_TRACKS: u32 = 80;
/// The program's units: tracks 200-221 (11 units, two tracks each).
pub const UNIT_TRACKS: std::ops::Range<u32> = 200..222;
/// Tracks on the drum (Prinz §1, 2 half-tracks of 64 lines each).
pub const DRUM_TRACKS: u32 = 256;

/// Beats the driver lets the whole build take before it gives up (it takes about 1.4
/// thousand million: 4 simulated days).
pub const BEATS: u64 = 4_000_000_000;

/// A slot's 5-bit value as the program writes it.
pub fn slot(drum: &[u32], t: usize, rook: Square, black_king: Square, white: bool) -> u8 {
    let (qf, qr) = (u32::from(rook) % 8, u32::from(rook) / 8);
    let (bf, br) = (u32::from(black_king) % 8, u32::from(black_king) / 8);
    let track = if white { WTM_TRACK } else { BTM_TRACK } + 8 * t as u32 + qr;
    let half = qf / 4;
    let line = 16 * (qf % 4) + 2 * br + bf / 4;
    let word = drum[((track * 2 + half) * 64 + line) as usize];
    ((word >> (5 * (bf % 4))) & 31) as u8
}

/// The value the program should have written for `p` once the levels up to `level`
/// are done (the whole table for 16 or more), from the reference's value `v`.
pub fn expected(v: Value, level: u8) -> u8 {
    match v {
        Value::Illegal => 31,
        Value::Drawn => 30,
        Value::MateIn(n) if n <= level => n,
        Value::LostIn(n) if n <= level => n + 1,
        _ => 0,
    }
}

/// The value a slot's character stands for, as the reference says it.
pub fn value_of(c: u8, white: bool) -> Option<Value> {
    match (c, white) {
        (31, _) => Some(Value::Illegal),
        (30, false) => Some(Value::Drawn),
        (1..=16, true) => Some(Value::MateIn(c)),
        (1..=17, false) => Some(Value::LostIn(c - 1)),
        _ => None,
    }
}

/// A slot's character in words: `not valued`, `illegal`, `drawn`, `mate in 3`, `lost in
/// 2`, or `character 25` for one the program never writes.
pub fn words(c: u8, white: bool) -> String {
    match value_of(c, white) {
        _ if c == 0 => "not valued".into(),
        Some(Value::Illegal) => "illegal".into(),
        Some(Value::Drawn) => "drawn".into(),
        Some(Value::MateIn(n)) => format!("mate in {n}"),
        Some(Value::LostIn(n)) => format!("lost in {n}"),
        None => format!("character {c}"),
    }
}

/// One line of the paper: a level's distance and the slots the machine valued at it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Level {
    /// The distance in White moves.
    pub distance: u32,
    /// White-to-move slots valued at it (mate in `distance`).
    pub white_to_move: u64,
    /// Black-to-move slots valued at it (lost in `distance`).
    pub black_to_move: u64,
}

/// The paper's level lines (three numbers a line), in order.
pub fn levels(paper: &str) -> Vec<Level> {
    paper
        .lines()
        .filter_map(|l| {
            let n: Vec<u64> = l
                .split_whitespace()
                .map(str::parse)
                .collect::<Result<_, _>>()
                .ok()?;
            (n.len() == 3).then(|| Level {
                distance: n[0] as u32,
                white_to_move: n[1],
                black_to_move: n[2],
            })
        })
        .collect()
}

/// The program's units by number n (their code on tracks 200 + 2n, both halves, and
/// 201 + 2n, half 1): level 0's marks, Black-to-move table and White-to-move table; the
/// level's line; a slice's White-to-move values onto the board; the king's steps; White's
/// moves into one slice; the rook's lines; the White-to-move values back; Black's steps;
/// the next slice.
pub const UNITS: [&str; 11] = ["I1", "I2", "I3", "P", "U", "K", "S", "R", "BW", "B", "N"];

/// What one unit (or the resident routines, `resident`) cost in a profiled build.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitCost {
    /// The unit's name ([`UNITS`]), `resident` (lines 256-420), or `drum page` (orders
    /// obeyed from the table page in hand: none, unless the program goes wrong).
    pub unit: &'static str,
    /// Orders obeyed in it.
    pub instructions: u64,
    /// Beats (240 µs each) charged to them, magnetic transfers included.
    pub beats: u64,
}

/// A profiled build's cost by unit, the dearest first: each order is charged to the
/// half-track its page was last read from (the profiler's origin), which names the unit.
pub fn by_unit(p: &Profile) -> Vec<UnitCost> {
    let mut v: Vec<UnitCost> = Vec::new();
    for (origin, orders, beats) in p.origins() {
        let unit = match origin {
            None => "resident",
            Some((t, _)) if (UNIT_TRACKS.start..UNIT_TRACKS.end).contains(&u32::from(t)) => {
                UNITS[(usize::from(t) - UNIT_TRACKS.start as usize) / 2]
            }
            Some(_) => "drum page",
        };
        match v.iter_mut().find(|u| u.unit == unit) {
            Some(u) => {
                u.instructions += orders;
                u.beats += beats;
            }
            None => v.push(UnitCost {
                unit,
                instructions: orders,
                beats,
            }),
        }
    }
    v.sort_by(|a, b| b.beats.cmp(&a.beats).then(a.unit.cmp(b.unit)));
    v
}

/// A profiled build's magnetic reads and writes: (reads, their beats, writes, their
/// beats).
pub fn transfers(p: &Profile) -> (u64, u64, u64, u64) {
    let mut t = (0, 0, 0, 0);
    for (&(_, _, kind), c) in &p.transfers {
        match kind {
            "read" => {
                t.0 += c.count;
                t.1 += c.beats;
            }
            "write" => {
                t.2 += c.count;
                t.3 += c.beats;
            }
            _ => {}
        }
    }
    t
}

/// A build run: the machine after it and what it cost.
pub struct Run {
    /// The machine as the program left it (its drum holds the table).
    pub machine: Machine,
    /// Whether the program reached its loop stop (false: stopped by the driver after a
    /// level's line).
    pub finished: bool,
    /// Host time of the run, seconds.
    pub host_seconds: f64,
    /// The profile, if the run was profiled (one order at a time: slower on the host).
    pub profile: Option<Profile>,
}

impl Run {
    /// The paper.
    pub fn paper(&self) -> &str {
        self.machine.printer_text()
    }
    /// The level lines on the paper.
    pub fn levels(&self) -> Vec<Level> {
        levels(self.paper())
    }
    /// The last level whose line is on the paper (its slots are all valued).
    pub fn last_level(&self) -> Option<u32> {
        self.levels().last().map(|l| l.distance)
    }
    /// Tracks of the drum holding anything.
    pub fn tracks_used(&self) -> u32 {
        tracks_used(self.machine.drum.words())
    }
}

/// Tracks of a drum (256 × 128 words) holding anything.
pub fn tracks_used(drum: &[u32]) -> u32 {
    drum.chunks(128)
        .filter(|t| t.iter().any(|&w| w != 0))
        .count() as u32
}

/// A machine with the building program loaded (its units on the drum), not yet run: as
/// an operator starts the build at the console (the web console's build mode).
///
/// # Errors
/// The program failing to assemble.
pub fn build_loaded() -> Result<Machine, BundledError> {
    let mut m = Machine::new(Config::default());
    m.load_image(&PROGRAM.assembly()?.image);
    Ok(m)
}

/// The two store pages worth watching while the build runs: the page of the level and
/// its counts (`lev`, `cntw`, `cntb`: the numbers of the level's line), and page 6, the
/// board of the slice in hand (lines 421-511).
///
/// # Errors
/// The program failing to assemble or lacking the labels.
pub fn build_pages() -> Result<[u32; 2], BundledError> {
    let lev = PROGRAM.label(PROGRAM.assembly()?, "lev")?;
    Ok([lev / 64, 6])
}

/// Runs the program from the start: to its loop stop, or (with `until`) until its
/// teleprinter has printed the line of level `until` (the machine is then stopped
/// there: that level's work is on the drum, the next level's not begun). With
/// `profiled`, every order is counted by the profiler ([`by_unit`], [`transfers`]).
///
/// # Errors
/// The program failing to assemble, or stopping anywhere else, or running out of beats.
pub fn build(until: Option<u32>, profiled: bool) -> Result<Run, RunError> {
    let mut m = Machine::new(Config::default());
    m.load_image(&PROGRAM.assembly()?.image);
    if profiled {
        m.profile = Some(Box::default());
    }
    let start = std::time::Instant::now();
    let end_line = PROGRAM.label(PROGRAM.assembly()?, "p_end")?;
    let finished = match until {
        None => match m.run(Budget::beats(BEATS)) {
            Stop::DynamicStop { line } if line == end_line => true,
            other => {
                return Err(RunError::Stopped(crate::machine::report::describe_stop(
                    &other,
                )))
            }
        },
        Some(k) => {
            m.breaks.on_print = true;
            loop {
                let done = levels(m.printer_text())
                    .last()
                    .is_some_and(|l| l.distance >= k);
                if done && m.printer_text().ends_with('\n') {
                    break false;
                }
                match m.run(Budget::beats(BEATS)) {
                    Stop::Printed { .. } => continue,
                    Stop::DynamicStop { line } if line == end_line => break true,
                    other => {
                        return Err(RunError::Stopped(crate::machine::report::describe_stop(
                            &other,
                        )))
                    }
                }
            }
        }
    };
    let host_seconds = start.elapsed().as_secs_f64();
    let profile = m.profile.take().map(|p| *p);
    Ok(Run {
        machine: m,
        finished,
        host_seconds,
        profile,
    })
}

/// The comparison of a drum's table with the reference's.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Check {
    /// Slots compared (both sides to move: 2 × 10 × 64 × 64).
    pub slots: u64,
    /// Slots whose value differs from the reference's.
    pub differences: u64,
    /// The first few differences, in words.
    pub first: Vec<String>,
    /// The level the comparison assumed done (16: the whole table).
    pub level: u8,
}

/// Compares the table on `drum` (256 × 128 words) with the reference, slot for slot,
/// as it should stand once the levels up to `level` are done (16: the whole table).
///
/// # Errors
/// A drum of the wrong size.
pub fn check(drum: &[u32], level: u8) -> Result<Check, String> {
    if drum.len() != (DRUM_TRACKS * 128) as usize {
        return Err(format!(
            "a drum image holds {} words, not {}",
            drum.len(),
            DRUM_TRACKS * 128
        ));
    }
    let table = rk::table();
    let mut c = Check {
        level,
        ..Check::default()
    };
    for (t, &wk) in TRIANGLE.iter().enumerate() {
        for rook in 0..64u8 {
            for bk in 0..64u8 {
                for white in [true, false] {
                    let p = Position {
                        white_king: wk,
                        rook,
                        black_king: bk,
                        white_to_move: white,
                    };
                    let want = expected(table.value(&p), level);
                    let got = slot(drum, t, rook, bk, white);
                    c.slots += 1;
                    if got != want {
                        c.differences += 1;
                        if c.first.len() < 10 {
                            c.first.push(format!(
                                "{}: the drum says {}, the reference {}",
                                p.fen(),
                                words(got, white),
                                words(want, white)
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(c)
}

/// The symmetry (as [`Position::transformed`]'s `k`) that brings the white king of `p`
/// into the triangle.
fn into_triangle(p: &Position) -> (usize, Position) {
    for k in 0..8 {
        let q = p.transformed(k);
        if let Some(t) = TRIANGLE.iter().position(|&s| s == q.white_king) {
            return (t, q);
        }
    }
    unreachable!("every square is the image of one of the triangle's")
}

/// The census of the table on `drum`, full board and up to symmetry, in the
/// reference's form (`mark1 ref krk census`): every legal position of the full board
/// (as the reference says it is legal) read from the slot of its image in the triangle.
/// Positions whose slot is not valued are left out of the distances (none once the
/// table is whole). Of the Black-to-move particulars only those the table says are
/// filled: the mated (lost in 0) and those in check (their White-to-move slot illegal);
/// the stalemates and the rook taken are both "drawn" on the drum (left 0). The longest
/// are the first of their distance in index order.
pub fn census(drum: &[u32]) -> rk::Census {
    let mut c = rk::Census {
        squares: "algebraic",
        ..rk::Census::default()
    };
    for i in 0..rk::SLOTS {
        for white in [true, false] {
            let p = Position::from_index(i, white);
            if !p.is_legal() {
                continue;
            }
            let (t, q) = into_triangle(&p);
            let v = value_of(slot(drum, t, q.rook, q.black_king, white), white);
            let canon = p.is_canonical();
            if !white {
                if v == Some(Value::LostIn(0)) {
                    c.mated += 1;
                }
                if slot(drum, t, q.rook, q.black_king, true) == 31 {
                    c.black_in_check += 1;
                }
            }
            if let Some(Value::MateIn(n) | Value::LostIn(n)) = v {
                let longest = if white {
                    &mut c.longest_white_to_move
                } else {
                    &mut c.longest_black_to_move
                };
                if longest.as_ref().is_none_or(|l| n > l.distance) {
                    *longest = Some(rk::Longest {
                        distance: n,
                        fen: p.fen(),
                    });
                }
            }
            let side = if white {
                &mut c.white_to_move
            } else {
                &mut c.black_to_move
            };
            side.tally(v, canon);
        }
    }
    c
}

/// The playing program (`programs/krk/play.m1`): White from the table on the drum
/// against the visitor's king on the hand switches.
static PLAY: Bundled = Bundled::new(&[(
    "programs/krk/play.m1",
    include_str!("../../../programs/krk/play.m1"),
)]);

/// Beats the driver lets the playing program take from one wait to the next (a move
/// takes some tens of thousands).
pub const PLAY_BEATS: u64 = 20_000_000;

/// A White move as the teleprinter prints it: `K B2`, `R A8`, with ` MATE` after the
/// last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Printed {
    /// True for the king, false for the rook.
    pub king: bool,
    /// The square it goes to (0-63).
    pub to: Square,
    /// MATE after it.
    pub mate: bool,
}

/// The machine's move on one line of the paper, if the line is one.
pub fn printed(line: &str) -> Option<Printed> {
    let mut w = line.split_whitespace();
    let king = match w.next()? {
        "K" => true,
        "R" => false,
        _ => return None,
    };
    let sq = w.next()?.to_ascii_lowercase();
    let b = sq.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    let to = (b[0] - b'a') + 8 * (b[1] - b'1');
    let mate = match w.next() {
        None => false,
        Some("MATE") => true,
        Some(_) => return None,
    };
    Some(Printed { king, to, mate })
}

/// One game of the playing program: the paper, White's moves as printed, the positions
/// after them, how it ended, and what it cost.
#[derive(Clone, Debug, Serialize)]
pub struct Game {
    /// The paper.
    pub paper: String,
    /// White's moves in order, as the teleprinter printed them.
    pub moves: Vec<Printed>,
    /// The positions, Black to move, after each of White's moves (FEN).
    pub positions: Vec<String>,
    /// The machine ended with MATE.
    pub mated: bool,
    /// The visitor's squares the program refused (ILLEGAL).
    pub refused: u32,
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats (240 µs each).
    pub beats: u64,
}

/// Plays a game: the playing program loaded, the table (tracks 0-159 of `drum`, as the
/// build left them) on its drum, `start` (White to move) set on the hand switches with
/// KAC; after each of White's moves `black` gives the black king's next square, set on
/// the switches with KAC (a square the program refuses is counted and `black` asked
/// again, at most 10 times in a row). The driver reads White's moves off the paper and
/// keeps the position; it never chooses White's move.
///
/// # Errors
/// A drum of the wrong size; the program failing, stopping elsewhere, printing what is
/// not a move, or refusing 10 squares in a row.
pub fn play(
    drum: &[u32],
    start: &Position,
    black: &mut dyn FnMut(&Position) -> Option<Square>,
) -> Result<Game, super::keys_core::GameError> {
    use super::bundled::Waiting;
    use super::keys_core::{GameError, KeysCore, Limit};
    let mut core = KeysCore::new(&PLAY, 0, Limit::EachWait(PLAY_BEATS), 0xF_FFFF)?;
    keys::table_onto(&mut core.machine, drum)?;
    let stopped = |w: &str| GameError::Run(RunError::Stopped(w.to_string()));
    if core.run_to_wait()? != Waiting::Key {
        return Err(stopped("the program ended before asking for the position"));
    }
    let mut p = *start;
    let mut g = Game {
        paper: String::new(),
        moves: Vec::new(),
        positions: Vec::new(),
        mated: false,
        refused: 0,
        instructions: 0,
        beats: 0,
    };
    let value = u32::from(p.white_king) + 64 * u32::from(p.rook) + 4096 * u32::from(p.black_king);
    let mut w = core.enter(value)?;
    let mut seen = 0;
    loop {
        let paper = core.paper().to_string();
        let new: Vec<&str> = paper.lines().skip(seen).collect();
        seen = paper.lines().count();
        let mut refused_now = false;
        for l in new {
            let l = l.trim();
            if l.is_empty() {
                continue;
            }
            if l == "ILLEGAL" {
                refused_now = true;
                continue;
            }
            if l == "ILLEGAL POSITION" {
                return Err(GameError::Input(format!(
                    "the program refuses the position {}",
                    start.fen()
                )));
            }
            let m = printed(l).ok_or_else(|| stopped(&format!("the paper says `{l}`")))?;
            if m.king {
                p.white_king = m.to;
            } else {
                p.rook = m.to;
            }
            p.white_to_move = false;
            g.moves.push(m);
            g.positions.push(p.fen());
            g.mated |= m.mate;
        }
        if w == Waiting::Over {
            break;
        }
        if refused_now {
            g.refused += 1;
            if g.refused >= 10 {
                return Err(stopped("ten squares refused in a row"));
            }
        }
        let Some(to) = black(&p) else { break };
        let before = p;
        w = core.enter(u32::from(to))?;
        // Accepted unless the program printed ILLEGAL: the driver learns which from the
        // paper on the next round; it moves its own king now and puts it back then.
        p.black_king = to;
        p.white_to_move = true;
        let paper = core.paper().to_string();
        if paper.lines().skip(seen).any(|l| l.trim() == "ILLEGAL") {
            p = before;
        }
    }
    g.paper = core.paper().to_string();
    g.instructions = core.machine.stats.instructions;
    g.beats = core.machine.stats.beats;
    Ok(g)
}

/// The value of `p` in the table on `drum` (256 × 128 words), read from the slot of its
/// image in the triangle as [`census`] reads it, in the reference's terms; `None` for a
/// slot not valued or a character the build never writes.
pub fn drum_value(drum: &[u32], p: &Position) -> Option<Value> {
    let (t, q) = into_triangle(p);
    value_of(
        slot(drum, t, q.rook, q.black_king, p.white_to_move),
        p.white_to_move,
    )
}

/// The playing program's one move on a position, beside the reference's.
#[derive(Clone, Debug, Serialize)]
pub struct Thought {
    /// How squares are named here: `algebraic` (FEN and SAN).
    pub squares: &'static str,
    /// The position, White to move (FEN).
    pub fen: String,
    /// What the teleprinter printed (`K A2`, `R A1 MATE`).
    pub printed: String,
    /// The machine's move in SAN (`Ka2`, `Ra1#`).
    pub machine_move: String,
    /// Mate in this many White moves, as the table on the drum says (`null`: the slot
    /// holds no distance).
    pub drum_distance: Option<u8>,
    /// Mate in this many White moves, as the reference says.
    pub reference_distance: Option<u8>,
    /// The reference's optimal moves (SAN): each takes the distance down by one.
    pub optimal: Vec<String>,
    /// The machine's move is one of them.
    pub machine_optimal: bool,
    /// Beats from the position set with KAC to the move printed (240 µs each).
    pub beats: u64,
}

/// The playing program's move on `p` (White to move), with the table on `drum`: the
/// position set on the hand switches with KAC, the move read off the paper (a game of
/// one move: [`play`] with no reply). The reference is consulted only for the comparison.
///
/// # Errors
/// As [`play`]; a position with Black to move; the program printing no move.
pub fn think(drum: &[u32], p: &Position) -> Result<Thought, super::keys_core::GameError> {
    use super::keys_core::GameError;
    if !p.white_to_move {
        return Err(GameError::Input(format!(
            "the position must have White to move: {}",
            p.fen()
        )));
    }
    let g = play(drum, p, &mut |_| None)?;
    let m = *g.moves.first().ok_or_else(|| {
        GameError::Run(RunError::Stopped(format!(
            "the program printed no move (paper: {})",
            g.paper.trim()
        )))
    })?;
    let mv = rk::Move {
        piece: if m.king {
            rk::Piece::WhiteKing
        } else {
            rk::Piece::Rook
        },
        from: if m.king { p.white_king } else { p.rook },
        to: m.to,
    };
    let table = rk::table();
    let optimal_moves = table.best_moves(p);
    Ok(Thought {
        squares: "algebraic",
        fen: p.fen(),
        printed: g
            .paper
            .lines()
            .map(str::trim)
            .find(|l| printed(l).is_some())
            .unwrap_or("")
            .to_string(),
        machine_move: p.san(&mv),
        drum_distance: drum_value(drum, p).and_then(Value::distance),
        reference_distance: table.value(p).distance(),
        optimal: optimal_moves.iter().map(|o| p.san(o)).collect(),
        machine_optimal: optimal_moves.contains(&mv),
        beats: g.beats,
    })
}

/// The playing program against the reference on random positions (`mark1 krk --check
/// N`).
#[derive(Clone, Debug, Serialize)]
pub struct MovesChecked {
    /// How squares are named in `first`: `algebraic` (FEN and SAN).
    pub squares: &'static str,
    /// Positions tried (legal, White to move, drawn uniformly from the full board).
    pub positions: usize,
    /// Positions where the machine's move is not one of the reference's optimal moves,
    /// or the drum's distance is not the reference's.
    pub differences: usize,
    /// The first few differences, in words.
    pub first: Vec<String>,
    /// The seed the positions were drawn from.
    pub seed: u64,
    /// The mean beats from KAC to the move printed.
    pub mean_beats: f64,
}

/// Runs [`think`] on `n` legal White-to-move positions drawn from `seed` (the full board,
/// each equally likely; the same positions for a seed whatever the threads), in parallel
/// on the current rayon pool: the machine's move must be one of the reference's optimal
/// moves and the drum's distance the reference's.
///
/// # Errors
/// The program failing on a position.
pub fn check_moves(
    drum: &[u32],
    n: usize,
    seed: u64,
) -> Result<MovesChecked, super::keys_core::GameError> {
    use crate::random::{RandomSource, Xorshift};
    use rayon::prelude::*;
    let mut rng = Xorshift((seed as u32) ^ 0x1952_0041);
    let mut positions = Vec::with_capacity(n);
    while positions.len() < n {
        let p = Position::from_index(rng.next_u20() as usize % rk::SLOTS, true);
        if p.is_legal() {
            positions.push(p);
        }
    }
    let thoughts: Vec<Thought> = positions
        .par_iter()
        .map(|p| think(drum, p))
        .collect::<Result<_, _>>()?;
    let mut c = MovesChecked {
        squares: "algebraic",
        positions: n,
        differences: 0,
        first: Vec::new(),
        seed,
        mean_beats: 0.0,
    };
    for t in &thoughts {
        c.mean_beats += t.beats as f64 / n.max(1) as f64;
        if !t.machine_optimal || t.drum_distance != t.reference_distance {
            c.differences += 1;
            if c.first.len() < 10 {
                c.first.push(format!(
                    "{}: the program {} (the drum: mate in {}), the reference {} (mate in {})",
                    t.fen,
                    t.machine_move,
                    t.drum_distance.map_or("-".into(), |d| d.to_string()),
                    t.optimal.join(" or "),
                    t.reference_distance.map_or("-".into(), |d| d.to_string()),
                ));
            }
        }
    }
    Ok(c)
}
