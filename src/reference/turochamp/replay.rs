//! The engine against Turing's two printed games, White move by White move.
//!
//! For each White move of a game ([`super::games::game`]): the move played, the engine's
//! choice in the position before it, Turing's printed position-play increase and `*` and
//! ours for the move played.

use super::choose::{analyse, parse_fen, parse_san, Analysis};
use super::games;
use super::readings::Readings;
use super::value::Value;
use super::TurochampError;

/// One White move of a printed game against the engine.
#[derive(Debug, Clone)]
pub struct ReplayMove {
    /// The move number.
    pub number: u32,
    /// The move as printed, in descriptive notation.
    pub descriptive: &'static str,
    /// The move played, SAN.
    pub played: String,
    /// The engine's choice, SAN.
    pub chosen: String,
    /// The value of the move played.
    pub played_value: Value,
    /// The value of the engine's choice.
    pub chosen_value: Value,
    /// Turing's printed position-play increase in tenths, if printed.
    pub printed_pp: Option<i32>,
    /// Our position-play increase for the move played, in tenths.
    pub our_pp: i32,
    /// Turing printed `*`.
    pub printed_star: bool,
    /// Our `*`: the move played has a position-play value above every other move's.
    pub our_star: bool,
    /// Positions the analysis visited.
    pub nodes: u64,
    /// Whether the node limit cut the analysis short.
    pub truncated: bool,
}

impl ReplayMove {
    /// Whether the engine chose the move played.
    pub fn agrees(&self) -> bool {
        self.played == self.chosen
    }

    /// Whether a printed figure is reproduced: our increase equals it (None when nothing
    /// is printed).
    pub fn pp_reproduced(&self) -> Option<bool> {
        self.printed_pp.map(|p| p == self.our_pp)
    }

    /// Whether a printed figure's star is reproduced too (None when nothing is printed).
    pub fn star_reproduced(&self) -> Option<bool> {
        self.printed_pp.map(|_| self.printed_star == self.our_star)
    }
}

/// A whole game replayed.
#[derive(Debug, Clone)]
pub struct Replay {
    /// Which game, 1 or 2.
    pub game: u8,
    /// Where it is printed.
    pub source: &'static str,
    /// Every White move.
    pub moves: Vec<ReplayMove>,
    /// How the game ends, as printed.
    pub end: &'static str,
}

impl Replay {
    /// White moves on which the engine chose the move played.
    pub fn agreeing(&self) -> usize {
        self.moves.iter().filter(|m| m.agrees()).count()
    }

    /// Printed position-play figures, and how many our increases reproduce.
    pub fn pp_figures(&self) -> (usize, usize) {
        let printed = self.moves.iter().filter(|m| m.printed_pp.is_some()).count();
        let same = self
            .moves
            .iter()
            .filter(|m| m.pp_reproduced() == Some(true))
            .count();
        (same, printed)
    }

    /// Printed figures whose value and star are both reproduced.
    pub fn pp_and_star(&self) -> usize {
        self.moves
            .iter()
            .filter(|m| m.pp_reproduced() == Some(true) && m.star_reproduced() == Some(true))
            .count()
    }
}

/// Replays game `number` (1: the typescript, 2: Faster than Thought) under `readings`.
///
/// # Errors
/// [`TurochampError::Game`] for a game other than 1 or 2 or one that cannot be read.
pub fn replay(number: u8, readings: &Readings, node_limit: u64) -> Result<Replay, TurochampError> {
    let game = games::game(number).map_err(|e| TurochampError::Game(e.to_string()))?;
    let mut moves = Vec::with_capacity(game.white.len());
    for w in &game.white {
        let pos = parse_fen(&w.fen_before)?;
        let a: Analysis = analyse(&pos, readings, node_limit)?;
        let mv = parse_san(&pos, &w.san)?;
        let played = a.find(mv).ok_or_else(|| {
            TurochampError::Game(format!(
                "game {number}, move {}: {} is not legal in {}",
                w.number, w.san, w.fen_before
            ))
        })?;
        let choice = a
            .choice()
            .ok_or_else(|| TurochampError::Game(format!("move {}: no legal move", w.number)))?;
        moves.push(ReplayMove {
            number: w.number,
            descriptive: w.descriptive,
            played: a.moves[played].san.clone(),
            chosen: choice.san.clone(),
            played_value: a.moves[played].value,
            chosen_value: choice.value,
            printed_pp: w.printed_pp_tenths,
            our_pp: a.moves[played].increase,
            printed_star: w.star,
            our_star: a.star(played),
            nodes: a.nodes,
            truncated: a.truncated,
        });
    }
    Ok(Replay {
        game: number,
        source: game.source,
        moves,
        end: game.end,
    })
}
