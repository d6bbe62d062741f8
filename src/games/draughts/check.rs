//! The cross-check: thinks of the emulated program compared with the reference
//! engine's `best` under the same settings.

use super::{think, DraughtsRunError, Params, RootMove, Think, PROGRAM};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{self as rd, Position};
use serde::Serialize;

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
            "moves (Strachey's squares=value): emulated [{}], reference [{}]",
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
                Some(m) => format!("move {i} ({}-{})", m.from, m.to),
                None => format!("move {i} (not in the list)"),
            },
            None => "none".to_string(),
        };
        d.push(format!(
            "chosen (Strachey's squares): emulated {}, reference {}",
            chosen(emu.chosen, &emu.moves),
            chosen(r.chosen, &refm)
        ));
    }
    if let Some(c) = r.chosen {
        let want = apply(pos, &r.moves[c].mv);
        if emu.after != Some(want) {
            d.push(format!(
                "position after the move: emulated {}, reference {}",
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
/// reference engine.
///
/// # Errors
/// The program failing to assemble, bad settings, or the machine stopping unexpectedly.
pub fn cross_check(
    positions: &[Position],
    p: &Params,
    seed: u64,
) -> Result<CheckReport, DraughtsRunError> {
    let assembly = PROGRAM.assembly()?;
    let mut rep = CheckReport::default();
    for (i, pos) in positions.iter().enumerate() {
        let emu = think(assembly, pos, p, seed.wrapping_add(i as u64))?;
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

impl CheckReport {
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
