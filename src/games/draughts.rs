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

use crate::asm::{self, Assembly, MapLoader};
use crate::machine::code::MASK40;
use crate::machine::{Budget, Config, Machine, Stop};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::strategy::Xorshift;
use crate::reference::draughts::{self as rd, Position, SearchParams, Side};
use serde::Serialize;
use std::collections::BTreeMap;

/// The program's sources, by the names the includes use.
const SOURCES: [(&str, &str); 17] = [
    (
        "programs/draughts.m1",
        include_str!("../../programs/draughts.m1"),
    ),
    (
        "draughts/kernel.m1",
        include_str!("../../programs/draughts/kernel.m1"),
    ),
    (
        "draughts/search.m1",
        include_str!("../../programs/draughts/search.m1"),
    ),
    (
        "draughts/game.m1",
        include_str!("../../programs/draughts/game.m1"),
    ),
    ("think.m1", include_str!("../../programs/draughts/think.m1")),
    (
        "choice.m1",
        include_str!("../../programs/draughts/choice.m1"),
    ),
    ("flow.m1", include_str!("../../programs/draughts/flow.m1")),
    ("flow1.m1", include_str!("../../programs/draughts/flow1.m1")),
    ("flow2.m1", include_str!("../../programs/draughts/flow2.m1")),
    ("pict.m1", include_str!("../../programs/draughts/pict.m1")),
    ("msg.m1", include_str!("../../programs/draughts/msg.m1")),
    ("moves.m1", include_str!("../../programs/draughts/moves.m1")),
    (
        "keyunit.m1",
        include_str!("../../programs/draughts/keyunit.m1"),
    ),
    ("keys.m1", include_str!("../../programs/draughts/keys.m1")),
    (
        "keys_data.m1",
        include_str!("../../programs/draughts/keys_data.m1"),
    ),
    (
        "picture.m1",
        include_str!("../../programs/draughts/picture.m1"),
    ),
    (
        "picture_data.m1",
        include_str!("../../programs/draughts/picture_data.m1"),
    ),
];

/// Errors of the draughts driver.
#[derive(Debug, thiserror::Error)]
pub enum DraughtsRunError {
    /// The bundled program did not assemble (a bug in the program).
    #[error("programs/draughts.m1 does not assemble:\n{0}")]
    Assembly(String),
    /// The machine stopped somewhere other than the program's end.
    #[error("the machine stopped unexpectedly: {0}")]
    Stopped(String),
    /// Bad command-line input.
    #[error(transparent)]
    Input(#[from] rd::DraughtsError),
    /// Settings outside what the program takes.
    #[error("{0}")]
    Settings(String),
}

/// Assembles the bundled program (kernel, search half, game half).
///
/// # Errors
/// [`DraughtsRunError::Assembly`] if the source does not assemble.
pub fn assemble() -> Result<Assembly, DraughtsRunError> {
    let map: BTreeMap<String, String> = SOURCES
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    asm::assemble_str(SOURCES[0].0, SOURCES[0].1, &MapLoader(map))
        .map_err(|e| DraughtsRunError::Assembly(e.to_string()))
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

/// A root move as the program left it in its list `rv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RootMove {
    /// Strachey square moved from (0–31).
    pub from: u8,
    /// Strachey square finally reached.
    pub to: u8,
    /// Value in eighths of a man, for the side to move.
    pub value: i32,
}

/// What one think of the program left in the store.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Think {
    /// The moves in the program's order, with their values.
    pub moves: Vec<RootMove>,
    /// The number of moves sharing the best value.
    pub ties: u32,
    /// The random number drawn by `/W`, if one was (two or more ties).
    pub draw: Option<u32>,
    /// The index of the chosen move, if there was a move.
    pub chosen: Option<usize>,
    /// The position after the chosen move (the program made it), if there was one.
    #[serde(skip)]
    pub after: Option<Position>,
    /// Moves considered: complete moves the search made (B3), including those it made
    /// again to take each of the root moves in turn.
    pub considered: u64,
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats (240 µs each).
    pub beats: u64,
    /// Magnetic transfers.
    pub transfers: u64,
}

impl Think {
    /// Simulated seconds.
    pub fn seconds(&self) -> f64 {
        self.beats as f64 * 240e-6
    }
}

fn sym(a: &Assembly, n: &str) -> u32 {
    a.symbols.get(n).map_or(0, |s| s.value as u32)
}

fn long_signed(v: u64) -> i64 {
    if v >> 39 & 1 == 1 {
        v as i64 - (1i64 << 40)
    } else {
        v as i64
    }
}

/// Puts a position and the strategy into the kernel's communication lines, as the
/// operator's tape does (`docs/draughts.md`).
fn put_position(m: &mut Machine, a: &Assembly, pos: &Position, p: &Params) {
    let mut w = |n: &str, v: i64| m.store.write_long(sym(a, n), (v as u64) & MASK40);
    w("cb", i64::from(pos.b));
    w("cw", i64::from(pos.w));
    w("ck", i64::from(pos.k));
    w(
        "cside",
        match pos.to_move {
            Side::Black => 0,
            Side::White => 2,
        },
    );
    w("clim", 512 * i64::from(p.plies));
    w("cqlim", if p.strategy == 2 { 256 } else { 1024 });
    w("ckm8", i64::from(p.king) - 8);
    w("cm40k", -40 * i64::from(p.king));
}

/// A machine after KEC with the program loaded (`seed` for its `/W`), and the position
/// and the strategy in the kernel's lines.
fn loaded(
    assembly: &Assembly,
    pos: &Position,
    p: &Params,
    seed: u64,
) -> Result<Machine, DraughtsRunError> {
    p.check()?;
    let mut m = Machine::new(Config {
        seed,
        ..Config::default()
    });
    m.kec();
    m.load_image(&assembly.image);
    put_position(&mut m, assembly, pos, p);
    Ok(m)
}

/// Runs one think of the program on `pos` (the program values every move with the
/// strategy, chooses one with its `/W` generator seeded by `seed`, and makes it) and
/// reads the results from the store.
///
/// # Errors
/// Settings the program does not take, or the machine stopping other than at the end
/// of the think.
pub fn think(
    assembly: &Assembly,
    pos: &Position,
    p: &Params,
    seed: u64,
) -> Result<Think, DraughtsRunError> {
    let mut m = loaded(assembly, pos, p, seed)?;
    // cret: where the kernel takes the game half (the think routine).
    m.store
        .write(sym(assembly, "cret"), sym(assembly, "th_go") - 1);
    let stop = m.run(Budget::beats(200_000_000_000));
    match stop {
        Stop::DynamicStop { line } if line == sym(assembly, "g_astop") => {}
        other => {
            return Err(DraughtsRunError::Stopped(
                crate::machine::report::describe_stop(&other),
            ))
        }
    }
    let rd_long = |n: &str| long_signed(m.store.read_long(sym(assembly, n)));
    let n = rd_long("nroot").max(0) as u32;
    let rv = sym(assembly, "rv");
    let moves = (0..n)
        .map(|i| {
            let e = m.store.read(rv + i);
            let mv = e >> 10;
            RootMove {
                from: (mv & 31) as u8,
                to: (mv >> 5 & 31) as u8,
                value: (e & 1023) as i32 - 512,
            }
        })
        .collect();
    let ties = rd_long("nt") as u32;
    let draw = (ties >= 2).then(|| m.store.read(sym(assembly, "rr") + 1));
    let ci = rd_long("ci");
    let chosen = (ci >= 0).then_some(ci as usize);
    let after = chosen.map(|_| Position {
        b: m.store.read_long(sym(assembly, "cb")) as u32,
        w: m.store.read_long(sym(assembly, "cw")) as u32,
        k: m.store.read_long(sym(assembly, "ck")) as u32,
        to_move: pos.to_move.opponent(),
    });
    Ok(Think {
        moves,
        ties,
        draw,
        chosen,
        after,
        considered: u64::from(m.b[3]),
        instructions: m.stats.instructions,
        beats: m.stats.beats,
        transfers: m.stats.transfers,
    })
}

/// Compares a think with the reference engine's `best` under the same settings, fed
/// the random number the program drew. Returns the differences found (empty when they
/// agree): the move list, the values, the tie count, the move chosen and the position
/// after it.
pub fn compare(pos: &Position, p: &Params, emu: &Think) -> Vec<String> {
    let mut draws = emu.draw.into_iter();
    let mut rng = move || draws.next().unwrap_or(0);
    let r = rd::best(pos, &p.search_params(), &mut rng);
    let mut d = Vec::new();
    let refm: Vec<RootMove> = r
        .moves
        .iter()
        .map(|e| RootMove {
            from: e.mv.from,
            to: e.mv.to,
            value: e.value,
        })
        .collect();
    if refm != emu.moves {
        let show = |v: &[RootMove]| {
            v.iter()
                .map(|m| format!("{}-{}={}", m.from, m.to, m.value))
                .collect::<Vec<_>>()
                .join(" ")
        };
        d.push(format!(
            "moves: emulated [{}], reference [{}]",
            show(&emu.moves),
            show(&refm)
        ));
    }
    if r.tied.len() as u32 != emu.ties {
        d.push(format!(
            "ties: emulated {}, reference {}",
            emu.ties,
            r.tied.len()
        ));
    }
    if r.chosen != emu.chosen {
        d.push(format!(
            "chosen: emulated {:?}, reference {:?}",
            emu.chosen, r.chosen
        ));
    }
    if let Some(c) = r.chosen {
        let want = apply(pos, &r.moves[c].mv);
        if emu.after != Some(want) {
            d.push(format!(
                "position after the move: emulated {:?}, reference {}",
                emu.after.map(|p| p.to_fen()),
                want.to_fen()
            ));
        }
    }
    d
}

/// `n` test positions from seed `seed`: random games from the start position, stopped
/// after a random number of plies (0–59), the side to move having at least one move.
pub fn check_positions(n: usize, seed: u32) -> Vec<Position> {
    let mut rng = Xorshift(seed.wrapping_mul(2_654_435_761).wrapping_add(1));
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Position::start();
        let len = rd::RandomSource::next_u20(&mut rng) % 60;
        for _ in 0..len {
            let moves = rd::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let i = rd::RandomSource::next_u20(&mut rng) as usize % moves.len();
            pos = rd::moves::apply(&pos, &moves[i]);
        }
        if !rd::legal_moves(&pos).is_empty() {
            out.push(pos);
        }
    }
    out
}

/// The result of [`cross_check`].
#[derive(Clone, Debug, Default, Serialize)]
pub struct CheckReport {
    /// Positions run and compared.
    pub positions: usize,
    /// `(index, FEN, difference)` for every difference.
    pub differences: Vec<(usize, String, String)>,
    /// Moves considered in all (B3).
    pub considered: u64,
    /// Instructions obeyed in all.
    pub instructions: u64,
    /// Beats in all.
    pub beats: u64,
}

/// Runs a think of the program on every position and compares each with the
/// reference engine.
///
/// # Errors
/// The program failing to assemble, bad settings, or the machine stopping unexpectedly.
pub fn cross_check(
    positions: &[Position],
    p: &Params,
    seed: u64,
) -> Result<CheckReport, DraughtsRunError> {
    let assembly = assemble()?;
    let mut rep = CheckReport::default();
    for (i, pos) in positions.iter().enumerate() {
        let emu = think(&assembly, pos, p, seed.wrapping_add(i as u64))?;
        rep.instructions += emu.instructions;
        rep.beats += emu.beats;
        rep.considered += emu.considered;
        rep.positions += 1;
        for d in compare(pos, p, &emu) {
            rep.differences.push((i, pos.to_fen(), d));
        }
    }
    Ok(rep)
}

/// Who plays first (Black): the side that wins the toss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum First {
    /// The machine won the toss: the operator answers YES to HAVE I WON.
    Machine,
    /// The opponent won: the operator answers NO.
    Human,
}

/// How a game ended, as the machine showed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum GameEnd {
    /// The program printed the end of the game and stopped (a side had no move).
    Over,
    /// The program hooted without end (it refused to go on, or claimed the game).
    Hoot,
    /// The opponent's script ran out while the machine waited for a move.
    ScriptDone,
    /// The beat budget ran out (the program did not come back to the keys).
    Budget,
}

/// What the program made of one move the opponent entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Entered {
    /// Accepted (the preview was accepted with KAC and nothing set).
    Accepted,
    /// Refused: the message the program printed.
    Refused(String),
    /// The program stopped (hooted) instead.
    Stopped,
}

/// One machine move with its cost, read from the teleprinter and the B3 counter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineMove {
    /// The move as the program printed it (`8 - 13`, `14 - 28 K 24 17`).
    pub printed: String,
    /// Moves considered for it (B3).
    pub considered: u64,
    /// Simulated seconds from the opponent's accepted move (or the toss) to the
    /// machine's printed move, pictures and printing included.
    pub seconds: f64,
}

/// Strachey's draughts as a game on the emulated machine, operated as a person did:
/// KAC after each prompt, the toss answered on the hand switches, each square of a
/// move set on the hand switches and entered with KAC, KAC with nothing set to end
/// the move and to accept the preview. The driver reads the teleprinter paper and the
/// tubes (page 4: the program's position; pages 3 and 5: its pictures); it never
/// chooses or checks a move for the program.
pub struct Game {
    /// The machine.
    pub machine: Machine,
    key_line: u32,
    unit_line: u32,
    key_unit: u32,
    /// Beats a KAC press is held (833 ≈ 0.2 s).
    pub press_beats: u64,
    /// The machine's moves so far.
    pub machine_moves: Vec<MachineMove>,
    syms: BTreeMap<String, u32>,
    last_b3: u64,
    last_beats: u64,
}

/// The hand-switch setting for square `s` (Link 2012): the tens digit one-hot in
/// switches 0–4, the units one-hot in switches 5–14 (square 23 = switches 2 and 8).
pub fn square_switches(s: u8) -> u32 {
    (1 << (s / 10)) | (1 << (5 + s % 10))
}

impl Game {
    /// Loads the program with the strategy set in the kernel's lines (as the operator's
    /// settings tape would), clears everything with KEC, and stands ready at line 1.
    ///
    /// # Errors
    /// Settings the program does not take.
    pub fn new(assembly: &Assembly, p: &Params, seed: u64) -> Result<Game, DraughtsRunError> {
        let mut m = loaded(assembly, &Position::start(), p, seed)?;
        let syms: BTreeMap<String, u32> = assembly
            .symbols
            .iter()
            .map(|(k, v)| (k.clone(), v.value as u32))
            .collect();
        let key_line = syms["g_key"];
        m.breaks.set_line(key_line, true);
        Ok(Game {
            machine: m,
            key_line,
            unit_line: syms["g_un"],
            key_unit: 20,
            press_beats: crate::machine::KAC_DEFAULT_BEATS,
            machine_moves: Vec::new(),
            syms,
            last_b3: 0,
            last_beats: 0,
        })
    }

    /// A symbol's address.
    pub fn sym(&self, n: &str) -> u32 {
        self.syms.get(n).copied().unwrap_or(0)
    }

    /// Runs until the program waits for an entry from the keys (its key routine has
    /// begun to count down) or stops. `None`: waiting; `Some(end)`: stopped.
    pub fn run_to_wait(&mut self, budget: u64) -> Option<GameEnd> {
        let limit = self.machine.stats.beats + budget;
        loop {
            let left = limit.saturating_sub(self.machine.stats.beats);
            if left == 0 {
                return Some(GameEnd::Budget);
            }
            match self.machine.run(Budget::beats(left)) {
                Stop::Breakpoint { line } if line == self.key_line => {
                    // The same line holds other units' orders: the key routine only if
                    // unit K is in (page 4 says which unit is down).
                    if self.machine.store.read(self.unit_line) == self.key_unit {
                        return None;
                    }
                    self.machine.step();
                }
                Stop::Breakpoint { .. } => {
                    self.machine.step();
                }
                Stop::HootStop { .. } => return Some(GameEnd::Hoot),
                Stop::DynamicStop { .. } => return Some(GameEnd::Over),
                _ => return Some(GameEnd::Budget),
            }
        }
    }

    /// One entry: the hand switches set to `h`, KAC held `press_beats`, released.
    pub fn enter(&mut self, h: u32) {
        self.machine.step(); // past the breakpoint, into the count-down
        self.machine.set_hand_switches(h);
        self.machine.set_kac(true);
        self.machine.run(Budget::beats(self.press_beats));
        self.machine.set_kac(false);
    }

    /// Where the machine's next move starts to cost (B3 and the beats now).
    fn mark(&mut self) {
        self.last_b3 = u64::from(self.machine.b[3]);
        self.last_beats = self.machine.stats.beats;
    }

    /// The teleprinter paper so far.
    pub fn paper(&self) -> &str {
        self.machine.printer_text()
    }

    /// The card and the toss: KAC after each of the first two prompts, then YES (switch
    /// 5 alone) if the machine is to play first, NO (nothing set) if not.
    pub fn start(&mut self, first: First) -> Option<GameEnd> {
        for _ in 0..2 {
            if let Some(e) = self.run_to_wait(BUDGET) {
                return Some(e);
            }
            self.enter(0);
        }
        if let Some(e) = self.run_to_wait(BUDGET) {
            return Some(e);
        }
        self.enter(match first {
            First::Machine => 1 << 5,
            First::Human => 0,
        });
        self.mark();
        None
    }

    /// Runs the machine to its next wait for the opponent's move, noting the machine's
    /// move it printed meanwhile (if any).
    pub fn machine_turn(&mut self) -> Option<GameEnd> {
        let before = self.paper().len();
        let end = self.run_to_wait(BUDGET);
        let new = self.paper()[before..].to_string();
        // The machine's moves are printed from place 33 on (moves.m1).
        if let Some(printed) = new
            .lines()
            .filter_map(|l| l.get(33..).map(str::trim))
            .rfind(|t| !t.is_empty())
        {
            let b3 = u64::from(self.machine.b[3]);
            self.machine_moves.push(MachineMove {
                printed: printed.to_string(),
                considered: b3.wrapping_sub(self.last_b3),
                seconds: (self.machine.stats.beats - self.last_beats) as f64 * 240e-6,
            });
        }
        end
    }

    /// Enters the opponent's move (its squares, then KAC with nothing set) and, if the
    /// program previews it, accepts it (KAC with nothing set).
    pub fn human_move(&mut self, squares: &[u8]) -> Entered {
        for &s in squares {
            self.enter(square_switches(s));
            if self.run_to_wait(BUDGET).is_some() {
                return Entered::Stopped;
            }
        }
        let before = self.paper().len();
        self.enter(0);
        if self.run_to_wait(BUDGET).is_some() {
            return Entered::Stopped;
        }
        let new = self.paper()[before..].trim().to_string();
        if !new.is_empty() {
            return Entered::Refused(new);
        }
        self.enter(0); // accept the preview
        self.mark();
        Entered::Accepted
    }

    /// The board as the program shows it on store page `page` (3 or 5), read off the
    /// tube: each square's 5 × 4 spot pattern (picture.m1) as a character: `b` `w` a
    /// black or white man, `B` `W` a king, `.` an empty playing square, a space a square
    /// not played on, `?` a pattern the program does not draw. Black's side (squares 0–3)
    /// at the top.
    pub fn board_text(&self, page: u32) -> String {
        const PATTERNS: [([u32; 4], char); 6] = [
            ([0, 0, 0, 0], '.'),
            ([31, 31, 31, 31], ' '),
            ([4, 10, 10, 4], 'b'),
            ([17, 10, 10, 17], 'w'),
            ([4, 14, 14, 4], 'B'),
            ([17, 31, 31, 17], 'W'),
        ];
        let m = &self.machine;
        let row = |y: u32| {
            u64::from(m.store.read(64 * page + y))
                | u64::from(m.store.read(64 * page + 32 + y)) << 20
        };
        let mut out = String::new();
        for r in 0..8 {
            for c in 0..8 {
                let pat: [u32; 4] =
                    std::array::from_fn(|j| (row(4 * r + j as u32) >> (5 * c) & 31) as u32);
                let ch = PATTERNS
                    .iter()
                    .find(|(p, _)| *p == pat)
                    .map_or('?', |(_, ch)| *ch);
                out.push(ch);
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }

    /// The program's position (page 4: g_pb g_pw g_pk g_ps), as the tubes show it.
    pub fn position(&self) -> Position {
        let r = |n: &str| self.machine.store.read_long(self.sym(n));
        Position {
            b: r("g_pb") as u32,
            w: r("g_pw") as u32,
            k: r("g_pk") as u32,
            to_move: if r("g_ps") == 0 {
                Side::Black
            } else {
                Side::White
            },
        }
    }
}

/// Beats the driver lets the machine run before it expects the keys again (a think
/// under strategy 1 with 4 plies takes well under this).
const BUDGET: u64 = 2_000_000_000;

/// One move of a played game, as the driver saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayedMove {
    /// `true` for the machine's.
    pub machine: bool,
    /// Strachey squares: from, then every landing square (the first legal move between
    /// the move's first and last square, in the reference engine's list).
    pub squares: Vec<u8>,
    /// Whether it took anything.
    pub capture: bool,
}

/// The opponent in [`play`]: given the machine waiting for a move and the program's
/// refusal of the last entry (if any), the squares of the next move, or `None` to stop.
pub type Opponent<'a> = dyn FnMut(&Game, Option<&str>) -> Option<Vec<u8>> + 'a;

/// The record of a game played by [`play`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReport {
    /// The teleprinter paper.
    pub paper: String,
    /// The moves made, in order.
    pub moves: Vec<PlayedMove>,
    /// The opponent's entries the program refused: (the squares, its message).
    pub refused: Vec<(Vec<u8>, String)>,
    /// The machine's moves with what each cost.
    pub machine_moves: Vec<MachineMove>,
    /// How the game ended.
    pub end: GameEnd,
    /// The position at the end (page 4).
    pub last: String,
    /// Instructions and beats in all.
    pub instructions: u64,
    /// Beats in all (240 µs each).
    pub beats: u64,
}

impl GameReport {
    /// The game in PDN (PDN squares 1–32, captures with `x` from the first square to the
    /// last): the tags, then the moves numbered in pairs.
    pub fn pdn(&self, first: First, p: &Params) -> String {
        let (black, white) = match first {
            First::Machine => ("Strachey (mark1)", "Opponent"),
            First::Human => ("Opponent", "Strachey (mark1)"),
        };
        let mut out = format!(
            "[Event \"Strachey's draughts on the emulated Ferranti Mark 1\"]\n[Black \"{black}\"]\n[White \"{white}\"]\n[Strategy \"{} {} plies king {}/8\"]\n\n",
            p.strategy, p.plies, p.king
        );
        for (i, m) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                out.push_str(&format!("{}. ", i / 2 + 1));
            }
            let sep = if m.capture { "x" } else { "-" };
            let sq: Vec<String> = m.squares.iter().map(|s| (s + 1).to_string()).collect();
            out.push_str(&sq.join(sep));
            out.push(' ');
        }
        // The result, from the program's own words (msg.m1: 11 YOU HAVE WON, 12 I HAVE
        // WON): PDN's 2-0 for a win by Black, 0-2 by White.
        let machine_black = first == First::Machine;
        let last = self.paper.trim_end();
        out.push_str(match self.end {
            GameEnd::Over if last.ends_with("YOU HAVE WON") == machine_black => "0-2",
            GameEnd::Over => "2-0",
            _ => "*",
        });
        out.push('\n');
        out
    }
}

/// Plays a game: the machine's think runs on the emulated machine, the opponent's moves
/// come from `next` (Strachey squares: from, any landing squares, to), which is called
/// each time the machine waits for a move and gets the refusal of the last entry, if
/// any; `None` ends the game there.
///
/// # Errors
/// Settings the program does not take.
pub fn play(
    assembly: &Assembly,
    p: &Params,
    seed: u64,
    first: First,
    next: &mut Opponent<'_>,
) -> Result<GameReport, DraughtsRunError> {
    let mut g = Game::new(assembly, p, seed)?;
    let mut moves = Vec::new();
    let mut refused = Vec::new();
    let mut end = g.start(first);
    let mut last_refusal: Option<String> = None;
    // The record is kept in full PDN (every landing square) from the reference engine's
    // list of moves: for the record only, after the program has made the move.
    let find = |pos: &Position, from: u8, to: u8| {
        rd::legal_moves(pos)
            .into_iter()
            .find(|m| m.from == from && m.to == to)
    };
    let played = |m: Option<&rd::moves::Move>, from: u8, to: u8, machine: bool| match m {
        Some(m) => PlayedMove {
            machine,
            squares: std::iter::once(m.from)
                .chain(m.landings().iter().copied())
                .collect(),
            capture: m.is_capture(),
        },
        None => PlayedMove {
            machine,
            squares: vec![from, to],
            capture: false,
        },
    };
    let mut pos = Position::start();
    while end.is_none() {
        let n = g.machine_moves.len();
        if last_refusal.is_none() {
            // (after a refusal the machine is already waiting for the move again)
            end = g.machine_turn();
        }
        if g.machine_moves.len() > n {
            let sq: Vec<u8> = g.machine_moves[n]
                .printed
                .split(|c: char| !c.is_ascii_digit())
                .filter(|t| !t.is_empty())
                .take(2)
                .filter_map(|t| t.parse().ok())
                .collect();
            if let [from, to] = sq[..] {
                moves.push(played(find(&pos, from, to).as_ref(), from, to, true));
            }
            pos = g.position();
        }
        if end.is_some() {
            break;
        }
        let Some(squares) = next(&g, last_refusal.as_deref()) else {
            end = Some(GameEnd::ScriptDone);
            break;
        };
        match g.human_move(&squares) {
            Entered::Accepted => {
                last_refusal = None;
                let (from, to) = (squares[0], squares[squares.len() - 1]);
                let m = find(&pos, from, to);
                moves.push(played(m.as_ref(), from, to, false));
                if let Some(m) = m {
                    pos = apply(&pos, &m);
                }
            }
            Entered::Refused(msg) => {
                refused.push((squares, msg.clone()));
                last_refusal = Some(msg);
            }
            Entered::Stopped => {
                end = Some(GameEnd::Hoot);
            }
        }
    }
    Ok(GameReport {
        paper: g.paper().to_string(),
        moves,
        refused,
        machine_moves: g.machine_moves.clone(),
        end: end.unwrap_or(GameEnd::Budget),
        last: g.position().to_fen(),
        instructions: g.machine.stats.instructions,
        beats: g.machine.stats.beats,
    })
}

/// Reads an opponent's move as typed: squares separated by `-` or `x` (`23-18`,
/// `12x21`, `5x14x23`); Strachey squares 0–31, or PDN 1–32 with `pdn`.
///
/// # Errors
/// A message saying what is wrong with the text.
pub fn parse_squares(text: &str, pdn: bool) -> Result<Vec<u8>, String> {
    let parts: Vec<&str> = text
        .trim()
        .split(['-', 'x', 'X', ' '])
        .filter(|t| !t.is_empty())
        .collect();
    if parts.len() < 2 {
        return Err(format!(
            "`{}`: a move is two or more squares, as 23-18",
            text.trim()
        ));
    }
    parts
        .iter()
        .map(|t| {
            let v: u32 = t
                .parse()
                .map_err(|_| format!("`{t}` is not a square number"))?;
            if pdn {
                rd::pdn_to_strachey(v).ok_or_else(|| format!("PDN square {v} is not 1-32"))
            } else if v < 32 {
                Ok(v as u8)
            } else {
                Err(format!("Strachey square {v} is not 0-31"))
            }
        })
        .collect()
}

/// One of the machine's moves of the 1952 game, replayed by [`replay_1952`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayMove {
    /// The machine's move number (1–34).
    pub number: usize,
    /// The move as Faster than Thought records it (Strachey's notation).
    pub recorded: String,
    /// Whether the recorded move is among the moves the program valued best.
    pub agrees: bool,
    /// The program's best-valued moves (`from-to`), and their value in eighths of a man.
    pub best: Vec<String>,
    /// The best value.
    pub best_value: i32,
    /// The recorded move's value as the program found it.
    pub recorded_value: Option<i32>,
    /// The move the program chose (with its /W number).
    pub chosen: Option<String>,
}

/// For each of the machine's 34 moves in Strachey's 1952 game (Faster than Thought's
/// transcription, [`rd::GAME_1952`]): the position before it, a think of the emulated
/// program with the settings `p`, and whether the recorded move is among the moves it
/// valued best (by from and to square).
///
/// # Errors
/// The program failing to assemble or run, or the record not replaying (a bug).
pub fn replay_1952(p: &Params, seed: u64) -> Result<Vec<ReplayMove>, DraughtsRunError> {
    let asm = assemble()?;
    let mut pos = Position::start();
    let mut out = Vec::new();
    for (i, (black, white)) in rd::GAME_1952.iter().enumerate() {
        let rec = rd::moves::find_move(&pos, black, true)
            .map_err(|e| DraughtsRunError::Stopped(format!("the 1952 record: {e}")))?;
        let emu = think(&asm, &pos, p, seed.wrapping_add(i as u64))?;
        let best_value = emu.moves.iter().map(|m| m.value).max().unwrap_or(0);
        let recorded_value = emu
            .moves
            .iter()
            .filter(|m| m.from == rec.from && m.to == rec.to)
            .map(|m| m.value)
            .max();
        let mut best: Vec<String> = emu
            .moves
            .iter()
            .filter(|m| m.value == best_value)
            .map(|m| format!("{}-{}", m.from, m.to))
            .collect();
        best.dedup();
        out.push(ReplayMove {
            number: i + 1,
            recorded: black.to_string(),
            agrees: recorded_value == Some(best_value),
            best,
            best_value,
            recorded_value,
            chosen: emu
                .chosen
                .map(|c| format!("{}-{}", emu.moves[c].from, emu.moves[c].to)),
        });
        pos = apply(&pos, &rec);
        if !white.is_empty() {
            let m = rd::moves::find_move(&pos, white, true)
                .map_err(|e| DraughtsRunError::Stopped(format!("the 1952 record: {e}")))?;
            pos = apply(&pos, &m);
        }
    }
    Ok(out)
}

/// One line of [`timing_table`]: the program's thinks at one setting.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimingRow {
    /// The settings.
    pub params: Params,
    /// Positions thought about.
    pub positions: usize,
    /// Moves considered in all (B3).
    pub considered: u64,
    /// Simulated seconds in all.
    pub seconds: f64,
    /// The longest think, simulated seconds.
    pub longest: f64,
    /// Magnetic transfers in all.
    pub transfers: u64,
    /// Instructions in all.
    pub instructions: u64,
}

impl TimingRow {
    /// Moves considered per simulated second.
    pub fn rate(&self) -> f64 {
        self.considered as f64 / self.seconds.max(1e-9)
    }
    /// Mean simulated seconds a think (a machine move).
    pub fn per_move(&self) -> f64 {
        self.seconds / self.positions.max(1) as f64
    }
}

/// The positions before each of the machine's 34 moves of the 1952 game.
pub fn positions_1952() -> Vec<Position> {
    let mut pos = Position::start();
    let mut out = Vec::new();
    for (black, white) in rd::GAME_1952.iter() {
        out.push(pos);
        for t in [black, white] {
            if let Ok(m) = rd::moves::find_move(&pos, t, true) {
                pos = apply(&pos, &m);
            }
        }
    }
    out
}

/// Thinks of the emulated program on `positions` at each setting: moves considered per
/// simulated second, simulated seconds a machine move (Strachey 1952: about ten moves a
/// second; three plies under strategy 1 take one to two minutes).
///
/// # Errors
/// The program failing to assemble or run.
pub fn timing_table(
    positions: &[Position],
    settings: &[Params],
    seed: u64,
) -> Result<Vec<TimingRow>, DraughtsRunError> {
    let asm = assemble()?;
    let mut rows = Vec::new();
    for p in settings {
        let mut row = TimingRow {
            params: *p,
            positions: 0,
            considered: 0,
            seconds: 0.0,
            longest: 0.0,
            transfers: 0,
            instructions: 0,
        };
        for (i, pos) in positions.iter().enumerate() {
            let t = think(&asm, pos, p, seed.wrapping_add(i as u64))?;
            row.positions += 1;
            row.considered += t.considered;
            row.seconds += t.seconds();
            row.longest = row.longest.max(t.seconds());
            row.transfers += t.transfers;
            row.instructions += t.instructions;
        }
        rows.push(row);
    }
    Ok(rows)
}
