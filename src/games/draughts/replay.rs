//! Strachey's 1952 game (Faster than Thought): the program's think on the position
//! before each of the machine's 34 moves, against the move recorded.

use super::{think, DraughtsRunError, Params, PROGRAM};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{self as rd, Position};
use serde::Serialize;
use std::fmt;

/// One of the machine's moves of the 1952 game, replayed by [`replay_1952`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayMove {
    /// The machine's move number (1–34).
    pub number: usize,
    /// The move as Faster than Thought records it (Strachey's notation and squares).
    pub recorded: String,
    /// Whether the recorded move is among the moves the program valued best.
    pub agrees: bool,
    /// The program's best-valued moves (`from-to`, Strachey's squares).
    pub best: Vec<String>,
    /// The best value.
    pub best_value: i32,
    /// The recorded move's value as the program found it.
    pub recorded_value: Option<i32>,
    /// The move the program chose (`from-to`, Strachey's squares; with its /W number).
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
    let asm = PROGRAM.assembly()?;
    let mut pos = Position::start();
    let mut out = Vec::new();
    for (i, (black, white)) in rd::GAME_1952.iter().enumerate() {
        let rec = rd::moves::find_move(&pos, black, true)
            .map_err(|e| DraughtsRunError::stopped(format!("the 1952 record: {e}")))?;
        let emu = think(asm, &pos, p, seed.wrapping_add(i as u64))?;
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
                .map_err(|e| DraughtsRunError::stopped(format!("the 1952 record: {e}")))?;
            pos = apply(&pos, &m);
        }
    }
    Ok(out)
}

/// The replay as `mark1 draughts --replay-1952 --json` prints it: `squares` names the
/// numbering of `recorded`, `best` and `chosen` (Strachey's 0-31), the settings, the
/// moves and the agreement (`agree` of `of`).
pub fn replay_json(p: &Params, moves: &[ReplayMove]) -> serde_json::Value {
    serde_json::json!({
        "squares": super::Squares::Strachey.key(),
        "params": p,
        "moves": moves,
        "agree": moves.iter().filter(|m| m.agrees).count(),
        "of": moves.len(),
    })
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

impl fmt::Display for ReplayMove {
    /// One line of `mark1 draughts --replay-1952`: the number, the recorded move,
    /// `agree` or `DIFF`, its value and the best value with the best moves, and the
    /// move chosen.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:2}. {:<14} {:<5} value {:>4} (best {:>4}: {}); chose {}",
            self.number,
            self.recorded,
            if self.agrees { "agree" } else { "DIFF" },
            self.recorded_value.map_or("-".into(), |v| v.to_string()),
            self.best_value,
            self.best.join(" "),
            self.chosen.as_deref().unwrap_or("-")
        )
    }
}
