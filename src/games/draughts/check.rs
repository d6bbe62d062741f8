//! The cross-check: thinks of the emulated program compared with the reference
//! engine's `best` under the same settings.

use super::{think, DraughtsRunError, Params, RootMove, Squares, Think, PROGRAM};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{self as rd, Position};
use serde::Serialize;

/// Compares a think with the reference engine's `best` under the same settings, fed
/// the random number the program drew. Returns the differences found (empty when they
/// agree): the move list, the values, the tie count, the move chosen and the position
/// after it. Squares are Strachey's (see [`compare_in`]).
pub fn compare(pos: &Position, p: &Params, emu: &Think) -> Vec<String> {
    compare_in(pos, p, emu, Squares::Strachey)
}

/// [`compare`] with the squares of the differences in the numbering `sq` (named in
/// each line that has squares; positions are PDN FEN).
pub fn compare_in(pos: &Position, p: &Params, emu: &Think, sq: Squares) -> Vec<String> {
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
                .map(|m| format!("{}-{}={}", sq.show(m.from), sq.show(m.to), m.value))
                .collect::<Vec<_>>()
                .join(" ")
        };
        d.push(format!(
            "moves ({}: squares=value): emulated [{}], reference [{}]",
            sq.words(),
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
        let chosen = |c: Option<usize>, v: &[RootMove]| match c {
            Some(i) => match v.get(i) {
                Some(m) => format!("move {i} ({}-{})", sq.show(m.from), sq.show(m.to)),
                None => format!("move {i} (not in the list)"),
            },
            None => "none".to_string(),
        };
        d.push(format!(
            "chosen ({}): emulated {}, reference {}",
            sq.words(),
            chosen(emu.chosen, &emu.moves),
            chosen(r.chosen, &refm)
        ));
    }
    if let Some(c) = r.chosen {
        let want = apply(pos, &r.moves[c].mv);
        if emu.after != Some(want) {
            d.push(format!(
                "position after the move (PDN FEN): emulated {}, reference {}",
                emu.after
                    .map_or("none (no move made)".to_string(), |p| p.to_fen()),
                want.to_fen()
            ));
        }
    }
    d
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
/// reference engine. Position `i` draws its random numbers from `seed + i`.
///
/// The positions run in parallel on the current rayon pool (each think builds its own
/// machine; `mark1 draughts --threads N` sizes the pool); the report is the same for any
/// number of threads, the differences in position order.
///
/// # Errors
/// The program failing to assemble, bad settings, or the machine stopping unexpectedly
/// (the first such position in order).
pub fn cross_check(
    positions: &[Position],
    p: &Params,
    seed: u64,
) -> Result<CheckReport, DraughtsRunError> {
    use rayon::prelude::*;
    let assembly = PROGRAM.assembly()?;
    let results: Vec<Result<(Think, Vec<String>), DraughtsRunError>> = positions
        .par_iter()
        .enumerate()
        .map(|(i, pos)| {
            let emu = think(assembly, pos, p, seed.wrapping_add(i as u64))?;
            let d = compare(pos, p, &emu);
            Ok((emu, d))
        })
        .collect();
    let mut rep = CheckReport::default();
    for (i, (pos, r)) in positions.iter().zip(results).enumerate() {
        let (emu, d) = r?;
        rep.instructions += emu.instructions;
        rep.beats += emu.beats;
        rep.considered += emu.considered;
        rep.positions += 1;
        for d in d {
            rep.differences.push((i, pos.to_fen(), d));
        }
    }
    Ok(rep)
}

impl CheckReport {
    /// The report as `mark1 draughts --check --json` prints it: `squares` names the
    /// numbering of the squares in the differences' words (Strachey's); each difference
    /// with its position's number (from 1) and FEN; the cost in all; `summary` the last
    /// lines of the text.
    pub fn json(&self, p: &Params) -> serde_json::Value {
        let differences: Vec<_> = self
            .differences
            .iter()
            .map(|(i, fen, what)| {
                serde_json::json!({"position": i + 1, "fen": fen, "difference": what})
            })
            .collect();
        serde_json::json!({
            "squares": Squares::Strachey.key(),
            "params": p,
            "positions": self.positions,
            "differences": differences,
            "considered": self.considered,
            "instructions": self.instructions,
            "beats": self.beats,
            "seconds": super::json_seconds(self.beats),
            "summary": self.summary(p),
        })
    }

    /// The last lines of `mark1 draughts --check`: the settings with the cost in all
    /// (moves considered, instructions, simulated seconds), then the count of positions
    /// and of differences. Lines end in `\n`.
    pub fn summary(&self, p: &Params) -> String {
        format!(
            "strategy {}, {} plies, king {} eighths: {} moves considered, {} instructions, {:.1} s of machine time\n{} positions, {} differences\n",
            p.strategy,
            p.plies,
            p.king,
            self.considered,
            self.instructions,
            crate::machine::beats_to_seconds(self.beats),
            self.positions,
            self.differences.len()
        )
    }
}
