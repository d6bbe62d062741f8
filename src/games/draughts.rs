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
use crate::machine::{Budget, Config, Machine, Stop};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::strategy::Xorshift;
use crate::reference::draughts::{self as rd, Position, SearchParams, Side};
use serde::Serialize;
use std::collections::BTreeMap;

/// The program's sources, by the names the includes use.
const SOURCES: [(&str, &str); 7] = [
    ("programs/draughts.m1", include_str!("../../programs/draughts.m1")),
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
    ("choice.m1", include_str!("../../programs/draughts/choice.m1")),
    ("keys.m1", include_str!("../../programs/draughts/keys.m1")),
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
    let mut w = |n: &str, v: i64| m.store.write_long(sym(a, n), (v as u64) & ((1 << 40) - 1));
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
    p.check()?;
    let mut m = Machine::new(Config {
        seed,
        ..Config::default()
    });
    m.kec();
    m.load_image(&assembly.image);
    put_position(&mut m, assembly, pos, p);
    // cret: where the kernel takes the game half (the think routine).
    m.store.write(sym(assembly, "cret"), sym(assembly, "th_go") - 1);
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
