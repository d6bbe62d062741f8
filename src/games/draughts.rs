//! Driver for Strachey's draughts (`programs/draughts.m1`) on the emulated machine.
//!
//! The driver acts only as an operator did: it assembles the program, loads it (store
//! and drum), puts the position into the store lines that the operator's position tape
//! fills (`posb posw posk pside pplies`, see `docs/draughts.md`), starts the machine at
//! line 1 and, when it stops, reads the tubes: the list of root moves with their values,
//! the tie count, the random number drawn and the chosen index. The program finds,
//! values and chooses the moves itself; the native engine in
//! [`crate::reference::draughts`] is used only by [`compare`] and [`cross_check`].

use crate::asm::{self, Assembly, NoIncludes};
use crate::machine::{Budget, Config, Machine, Stop};
use crate::reference::draughts::strategy::Xorshift;
use crate::reference::draughts::{self as rd, Position, SearchParams, Side};
use serde::Serialize;

/// The program's source.
const SOURCE: &str = include_str!("../../programs/draughts.m1");

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
}

/// Assembles the bundled program.
///
/// # Errors
/// [`DraughtsRunError::Assembly`] if the source does not assemble.
pub fn assemble() -> Result<Assembly, DraughtsRunError> {
    asm::assemble_str("programs/draughts.m1", SOURCE, &NoIncludes)
        .map_err(|e| DraughtsRunError::Assembly(e.to_string()))
}

/// A root move as the program left it in its list `rv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RootMove {
    /// Strachey square moved from (0–31).
    pub from: u8,
    /// Strachey square finally reached.
    pub to: u8,
    /// Value in eighths of a man (the program works in men, king 3: × 8).
    pub value: i32,
}

/// What one run of the program left in the store.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EmulatedBest {
    /// `false` if the program stopped because its records (or its root list) were full.
    pub complete: bool,
    /// The root moves in the program's order.
    pub moves: Vec<RootMove>,
    /// The number of moves sharing the best value.
    pub ties: u32,
    /// The random number drawn by `/W`, if one was (two or more ties).
    pub draw: Option<u32>,
    /// The index of the chosen move, if there was a move.
    pub chosen: Option<usize>,
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats (240 µs each).
    pub beats: u64,
}

/// Runs the program on `pos` with `plies` of look-ahead (strategy 1) and `seed` for the
/// `/W` generator, and reads its results from the store.
///
/// # Errors
/// The machine stopping other than at `stop` or at the records-full stop.
pub fn run_position(
    assembly: &Assembly,
    pos: &Position,
    plies: u32,
    seed: u64,
) -> Result<EmulatedBest, DraughtsRunError> {
    let mut m = Machine::new(Config {
        seed,
        ..Config::default()
    });
    m.load_image(&assembly.image);
    let sym = |n: &str| assembly.symbols[n].value as u32;
    // The operator's position tape: the three words, the side and the look-ahead.
    m.store.write_long(sym("posb"), u64::from(pos.b));
    m.store.write_long(sym("posw"), u64::from(pos.w));
    m.store.write_long(sym("posk"), u64::from(pos.k));
    let side = match pos.to_move {
        Side::Black => 0,
        Side::White => 2,
    };
    m.store.write_long(sym("pside"), side);
    m.store.write_long(sym("pplies"), u64::from(plies));
    let stop = m.run(Budget::beats(50_000_000_000));
    let line = match stop {
        Stop::DynamicStop { line } => line,
        other => {
            return Err(DraughtsRunError::Stopped(
                crate::machine::report::describe_stop(&other),
            ))
        }
    };
    let (instructions, beats) = (m.stats.instructions, m.stats.beats);
    if line != sym("stop") {
        return Ok(EmulatedBest {
            complete: false,
            moves: vec![],
            ties: 0,
            draw: None,
            chosen: None,
            instructions,
            beats,
        });
    }
    let n = m.store.read(sym("nroot"));
    let rv = sym("rv");
    let moves = (0..n)
        .map(|i| {
            let e = m.store.read(rv + i);
            let mv = e >> 10;
            RootMove {
                from: (mv & 31) as u8,
                to: (mv >> 5) as u8,
                value: ((e & 1023) as i32 - 512) * 8,
            }
        })
        .collect();
    let ties = m.store.read_long(sym("nt")) as u32;
    let draw = (ties >= 2).then(|| m.store.read(sym("rr") + 1));
    let chosen = (n > 0).then(|| m.store.read(sym("ci")) as usize);
    Ok(EmulatedBest {
        complete: true,
        moves,
        ties,
        draw,
        chosen,
        instructions,
        beats,
    })
}

/// Compares a run with the reference engine's `best` under strategy 1 with `plies`,
/// fed the random number the program drew. Returns the differences found (empty when
/// they agree).
pub fn compare(pos: &Position, plies: u32, emu: &EmulatedBest) -> Vec<String> {
    let mut draws = emu.draw.into_iter();
    let mut rng = move || draws.next().unwrap_or(0);
    let r = rd::best(pos, &SearchParams::strategy1(plies), &mut rng);
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
    /// Positions run to the end and compared.
    pub positions: usize,
    /// Positions the program could not finish (records or root list full).
    pub skipped: usize,
    /// `(index, FEN, difference)` for every difference.
    pub differences: Vec<(usize, String, String)>,
    /// Instructions obeyed in all.
    pub instructions: u64,
    /// Beats in all.
    pub beats: u64,
}

/// Runs the program on every position and compares each with the reference engine.
///
/// # Errors
/// The program failing to assemble or the machine stopping unexpectedly.
pub fn cross_check(
    positions: &[Position],
    plies: u32,
    seed: u64,
) -> Result<CheckReport, DraughtsRunError> {
    let assembly = assemble()?;
    let mut rep = CheckReport::default();
    for (i, pos) in positions.iter().enumerate() {
        let emu = run_position(&assembly, pos, plies, seed.wrapping_add(i as u64))?;
        rep.instructions += emu.instructions;
        rep.beats += emu.beats;
        if !emu.complete {
            rep.skipped += 1;
            continue;
        }
        rep.positions += 1;
        for d in compare(pos, plies, &emu) {
            rep.differences.push((i, pos.to_fen(), d));
        }
    }
    Ok(rep)
}
