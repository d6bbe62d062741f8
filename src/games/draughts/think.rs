//! One think of the program on a position: the position and the strategy put into the
//! kernel's lines, the machine run to the end of the think, the results read off the
//! store.

use super::{json_seconds, label, DraughtsRunError, Params, Squares};
use crate::asm::Assembly;
use crate::machine::code::MASK40;
use crate::machine::{Budget, Config, Machine, Stop};
use crate::reference::draughts::{Position, Side};
use serde::Serialize;
use serde_json::json;
use std::fmt::Write;

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

/// What one think of the program left in the store. Its cost runs from the start at
/// line 1 (after KEC, the kernel bringing the game half down) to the dynamic stop at
/// `g_astop`: the think and nothing else (no pictures, no printing, no keys).
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
    /// Beats (240 µs each) from the start to the stop.
    pub beats: u64,
    /// Magnetic transfers.
    pub transfers: u64,
}

impl Think {
    /// Simulated seconds of the think (its beats, 240 µs each).
    pub fn seconds(&self) -> f64 {
        crate::machine::beats_to_seconds(self.beats)
    }

    /// Moves considered a simulated second of the think (0 for a think of no time).
    pub fn rate(&self) -> f64 {
        rate(self.considered, self.beats)
    }

    /// The draw in words: the 20-bit number `/W` gave, or why there was none.
    fn draw_text(&self) -> String {
        match self.draw {
            Some(r) => format!("draw: /W gave {r}"),
            None if self.moves.is_empty() => "draw: none (no move)".to_string(),
            None => "draw: none (one best move)".to_string(),
        }
    }

    /// The think as `mark1 draughts --think` prints it: a heading naming the numbering
    /// `sq`, each root move in it with its value in eighths (the chosen one marked),
    /// then the tie count, the number drawn and the cost (moves considered,
    /// instructions, magnetic transfers, simulated seconds, moves a simulated second).
    /// Lines end in `\n`.
    pub fn text(&self, sq: Squares) -> String {
        let mut s = format!(
            "the program's moves ({}), valued in eighths of a man:\n",
            sq.words()
        );
        for (i, m) in self.moves.iter().enumerate() {
            let mark = if Some(i) == self.chosen {
                " <- chosen"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "{:>5} value {:+}{mark}",
                format!("{}-{}", sq.show(m.from), sq.show(m.to)),
                m.value
            );
        }
        let _ = writeln!(
            s,
            "{} ties, {}; {} moves considered, {} instructions, {} magnetic transfers, {:.1} s of machine time ({:.1} moves a second)",
            self.ties,
            self.draw_text(),
            self.considered,
            self.instructions,
            self.transfers,
            self.seconds(),
            self.rate()
        );
        s
    }

    /// The think as `mark1 draughts --think --json` prints it: `squares` names the
    /// numbering `sq` that `from` and `to` are in; `draw` is null when nothing was
    /// drawn; `chosen` is an index into `moves`, null when there was no move; `beats` are
    /// integers, `seconds` rounded to the microsecond, `moves_a_second` to 0.1.
    pub fn json(&self, sq: Squares) -> serde_json::Value {
        let moves: Vec<_> = self
            .moves
            .iter()
            .map(|m| json!({"from": sq.show(m.from), "to": sq.show(m.to), "value": m.value}))
            .collect();
        json!({
            "squares": sq.key(),
            "moves": moves,
            "ties": self.ties,
            "draw": self.draw,
            "chosen": self.chosen,
            "considered": self.considered,
            "instructions": self.instructions,
            "beats": self.beats,
            "seconds": json_seconds(self.beats),
            "transfers": self.transfers,
            "moves_a_second": crate::machine::report::round_to(self.rate(), 1),
        })
    }
}

/// `considered` moves over `beats` in moves a simulated second (0 when no time).
pub(super) fn rate(considered: u64, beats: u64) -> f64 {
    if beats == 0 {
        0.0
    } else {
        considered as f64 / crate::machine::beats_to_seconds(beats)
    }
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
fn put_position(
    m: &mut Machine,
    a: &Assembly,
    pos: &Position,
    p: &Params,
) -> Result<(), DraughtsRunError> {
    let mut w = |n: &str, v: i64| -> Result<(), DraughtsRunError> {
        m.store.write_long(label(a, n)?, (v as u64) & MASK40);
        Ok(())
    };
    w("cb", i64::from(pos.b))?;
    w("cw", i64::from(pos.w))?;
    w("ck", i64::from(pos.k))?;
    w(
        "cside",
        match pos.to_move {
            Side::Black => 0,
            Side::White => 2,
        },
    )?;
    w("clim", 512 * i64::from(p.plies))?;
    w("cqlim", if p.strategy == 2 { 256 } else { 1024 })?;
    w("ckm8", i64::from(p.king) - 8)?;
    w("cm40k", -40 * i64::from(p.king))
}

/// A machine after KEC with the program loaded (`seed` for its `/W`), and the position
/// and the strategy in the kernel's lines.
pub fn loaded(
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
    put_position(&mut m, assembly, pos, p)?;
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
    think_on(assembly, pos, p, seed, None)
}

/// [`think`], the run profiled ([`crate::profile`], docs/profiler.md): returns the think
/// and where its time went, line by line (the run then obeys one order at a time; the
/// result is the same).
///
/// # Errors
/// As [`think`].
pub fn think_profiled(
    assembly: &Assembly,
    pos: &Position,
    p: &Params,
    seed: u64,
) -> Result<(Think, crate::profile::Profile), DraughtsRunError> {
    crate::profile::profiled(|profile| think_on(assembly, pos, p, seed, Some(profile)))
}

/// [`think`], profiled into `profile` if given.
fn think_on(
    assembly: &Assembly,
    pos: &Position,
    p: &Params,
    seed: u64,
    profile: Option<&mut crate::profile::Profile>,
) -> Result<Think, DraughtsRunError> {
    let mut m = loaded(assembly, pos, p, seed)?;
    if profile.is_some() {
        m.profile = Some(Box::default());
    }
    let at = |n: &str| label(assembly, n);
    // cret: where the kernel takes the game half (the think routine).
    m.store.write(at("cret")?, at("th_go")? - 1);
    let stop = m.run(Budget::beats(200_000_000_000));
    if let (Some(out), Some(p)) = (profile, m.profile.take()) {
        *out = *p;
    }
    match stop {
        Stop::DynamicStop { line } if line == at("g_astop")? => {}
        other => {
            return Err(DraughtsRunError::stopped(
                crate::machine::report::describe_stop(&other),
            ))
        }
    }
    let rd_long = |n: &str| Ok::<_, DraughtsRunError>(long_signed(m.store.read_long(at(n)?)));
    let n = rd_long("nroot")?.max(0) as u32;
    let rv = at("rv")?;
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
    let ties = rd_long("nt")? as u32;
    let draw = if ties >= 2 {
        Some(m.store.read(at("rr")? + 1))
    } else {
        None
    };
    let ci = rd_long("ci")?;
    let chosen = (ci >= 0).then_some(ci as usize);
    let after = match chosen {
        Some(_) => Some(Position {
            b: m.store.read_long(at("cb")?) as u32,
            w: m.store.read_long(at("cw")?) as u32,
            k: m.store.read_long(at("ck")?) as u32,
            to_move: pos.to_move.opponent(),
        }),
        None => None,
    };
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
