//! `mark1 turochamp --check N` and `--replay 1|2`: the programme on the emulated machine
//! against the reference engine (`reference::turochamp`, default readings), and against
//! Turing's printed games.

use super::notation::with_star;
use super::think::Thought;
use super::{load_position, position, TurochampRunError};
use crate::reference::turochamp::choose::{analyse, fen_of, Analysis};
use crate::reference::turochamp::descriptive::{self, Style};
use crate::reference::turochamp::position_play::tenths_text;
use crate::reference::turochamp::{games, random, Readings, DEFAULT_NODE_LIMIT};
use shakmaty::Chess;

/// The positions of a check: every position before a White move of both printed games
/// (Game 1's and Game 2's first 20 are the same, kept once), then random middle-game
/// positions from `seed` ([`random::middle_games`]), `n` in all.
pub fn check_positions(n: usize, seed: u64) -> Vec<Chess> {
    let mut fens: Vec<String> = Vec::new();
    for g in [2u8, 1] {
        if let Ok(game) = games::game(g) {
            for w in game.white {
                if !fens.contains(&w.fen_before) {
                    fens.push(w.fen_before);
                }
            }
        }
    }
    let mut v: Vec<Chess> = fens
        .iter()
        .filter_map(|f| position(f).ok())
        .take(n)
        .collect();
    let more = n - v.len();
    v.extend(random::middle_games(more, seed));
    v
}

/// The differences between the programme's move and the reference engine's analysis of
/// the same position: the chosen move, its value, its position play and the position
/// play before it, the star, and the line printed on the teleprinter (the reference's
/// move in Turing's notation with its increase and star; the machine's `+` after the
/// figure read as `*`). Empty when they agree.
pub fn compare(pos: &Chess, t: &Thought, a: &Analysis) -> Vec<String> {
    let mut out = Vec::new();
    let Some(best) = a.choice() else {
        return vec!["the reference finds no legal move".to_string()];
    };
    let san = t.san(pos);
    if t.mv != best.mv {
        out.push(format!("move: machine {san}, reference {}", best.san));
    }
    if let Some(i) = a.find(t.mv) {
        let r = &a.moves[i];
        if t.value != r.value {
            out.push(format!(
                "value of {san}: machine {}, reference {}",
                t.value.fraction(),
                r.value.fraction()
            ));
        }
        if t.pp != i64::from(r.pp) {
            out.push(format!(
                "position play after {san}: machine {}, reference {}",
                tenths_text(t.pp as i32),
                tenths_text(r.pp)
            ));
        }
        if t.star != a.star(i) {
            out.push(format!(
                "star on {san}: machine {}, reference {}",
                if t.star { "yes" } else { "no" },
                if a.star(i) { "yes" } else { "no" }
            ));
        }
    }
    if let Some(i) = a.find(best.mv) {
        // the transcript: the reference's move in Turing's notation, its increase, the star
        let want = format!(
            "{} {}{}",
            descriptive::write(pos, &best.mv, Style::Teleprinter),
            tenths_text(best.increase),
            if a.star(i) { "*" } else { "" }
        );
        let got = with_star(t.run.printed.trim());
        if got != want {
            out.push(format!("printed: machine \"{got}\", reference \"{want}\""));
        }
    }
    if t.pp_before != i64::from(a.pp_before) {
        out.push(format!(
            "position play before the move: machine {}, reference {}",
            tenths_text(t.pp_before as i32),
            tenths_text(a.pp_before)
        ));
    }
    out
}

/// One position of a check: its FEN, the programme's move, and the differences.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The position.
    pub fen: String,
    /// The programme's move and its cost.
    pub thought: Thought,
    /// The move in SAN.
    pub san: String,
    /// What differs from the reference engine (empty: nothing).
    pub differences: Vec<String>,
}

/// Runs each position through the programme and the reference engine, in parallel on the
/// current rayon pool (the result is the same for any number of threads, in position
/// order).
///
/// # Errors
/// The first position (in order) whose run fails: a bad position or a machine that stops
/// where the driver does not expect (named with the position's FEN).
pub fn cross_check(positions: &[Chess]) -> Result<Vec<Checked>, TurochampRunError> {
    use rayon::prelude::*;
    let r = Readings::default();
    positions
        .par_iter()
        .map(|pos| {
            let at =
                |e: TurochampRunError| TurochampRunError::Result(format!("{}: {e}", fen_of(pos)));
            let mut l = load_position(pos).map_err(at)?;
            let t = l.think(pos).map_err(at)?;
            let a = analyse(pos, &r, DEFAULT_NODE_LIMIT)
                .map_err(|e| TurochampRunError::Result(format!("the reference engine: {e}")))?;
            Ok(Checked {
                fen: fen_of(pos),
                san: t.san(pos),
                differences: compare(pos, &t, &a),
                thought: t,
            })
        })
        .collect()
}

/// One White move of a printed game: the move printed, the programme's choice.
#[derive(Clone, Debug)]
pub struct ReplayedMove {
    /// The move number.
    pub number: u32,
    /// The move as printed (descriptive notation).
    pub printed: &'static str,
    /// The move printed, SAN.
    pub played: String,
    /// The programme's choice, SAN.
    pub chosen: String,
    /// The programme's move and its cost.
    pub thought: Thought,
}

/// The programme thinks at every White move of printed game `number` (1 typescript, 2
/// Faster than Thought), in parallel on the current rayon pool.
///
/// # Errors
/// A game other than 1 or 2, or a run that fails.
pub fn replay(number: u8) -> Result<Vec<ReplayedMove>, TurochampRunError> {
    use rayon::prelude::*;
    let game = games::game(number).map_err(|e| TurochampRunError::Result(format!("{e}")))?;
    game.white
        .par_iter()
        .map(|w| {
            let pos = position(&w.fen_before)?;
            let mut l = load_position(&pos)?;
            let t = l.think(&pos)?;
            let played = w.san.trim_end_matches(['+', '#']).to_string();
            let chosen = t.san(&pos);
            Ok(ReplayedMove {
                number: w.number,
                printed: w.descriptive,
                played,
                chosen,
                thought: t,
            })
        })
        .collect()
}

impl ReplayedMove {
    /// Whether the programme chose the move printed.
    pub fn agrees(&self) -> bool {
        self.played == self.chosen.trim_end_matches(['+', '#'])
    }
}
