//! The timing table: thinks on the 1952 game's positions at several settings, moves
//! considered a simulated second and simulated seconds a machine move.

use super::{think, DraughtsRunError, Params, PROGRAM};
use crate::reference::draughts::Position;
use serde::Serialize;
use std::fmt::Write;

/// One line of [`timing_table`]: the program's thinks at one setting.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimingRow {
    /// The settings.
    pub params: Params,
    /// Positions thought about.
    pub positions: usize,
    /// Moves considered in all (B3).
    pub considered: u64,
    /// Beats in all (240 µs each).
    pub beats: u64,
    /// The longest think, in beats.
    pub longest_beats: u64,
    /// Magnetic transfers in all.
    pub transfers: u64,
    /// Instructions in all.
    pub instructions: u64,
}

impl TimingRow {
    /// Simulated seconds in all.
    pub fn seconds(&self) -> f64 {
        crate::machine::beats_to_seconds(self.beats)
    }
    /// The longest think, simulated seconds.
    pub fn longest(&self) -> f64 {
        crate::machine::beats_to_seconds(self.longest_beats)
    }
    /// Moves considered per simulated second.
    pub fn rate(&self) -> f64 {
        super::think::rate(self.considered, self.beats)
    }
    /// Mean simulated seconds a think (a machine move).
    pub fn per_move(&self) -> f64 {
        self.seconds() / self.positions.max(1) as f64
    }
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
    let asm = PROGRAM.assembly()?;
    let mut rows = Vec::new();
    for p in settings {
        let mut row = TimingRow {
            params: *p,
            positions: 0,
            considered: 0,
            beats: 0,
            longest_beats: 0,
            transfers: 0,
            instructions: 0,
        };
        for (i, pos) in positions.iter().enumerate() {
            let t = think(asm, pos, p, seed.wrapping_add(i as u64))?;
            row.positions += 1;
            row.considered += t.considered;
            row.beats += t.beats;
            row.longest_beats = row.longest_beats.max(t.beats);
            row.transfers += t.transfers;
            row.instructions += t.instructions;
        }
        rows.push(row);
    }
    Ok(rows)
}

/// The table as `mark1 draughts --timing` prints it: a heading, one line a setting
/// (strategy, plies, king, moves considered, moves a simulated second, simulated
/// seconds a move, the longest think, magnetic transfers), and Strachey's figures.
/// Lines end in `\n`.
pub fn timing_text(rows: &[TimingRow]) -> String {
    let mut s = String::new();
    s.push_str(
        "thinks on the 34 positions before the machine's moves of the 1952 game (prinz timing):\n",
    );
    s.push_str("strategy plies king  moves considered  a second  s a move  longest s  transfers\n");
    for r in rows {
        let _ = writeln!(
            s,
            "{:>8} {:>5} {:>4}  {:>16}  {:>8.1}  {:>8.1}  {:>9.1}  {:>9}",
            r.params.strategy,
            r.params.plies,
            r.params.king,
            r.considered,
            r.rate(),
            r.per_move(),
            r.longest(),
            r.transfers
        );
    }
    s.push_str("Strachey 1952: about ten moves a second; three plies (strategy 1) take one to two minutes.\n");
    s
}
