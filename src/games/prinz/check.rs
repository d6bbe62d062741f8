//! The cross-check: the emulated program against the reference engine's mate-in-two
//! solver, on a fixed collection and generated positions.

use super::{run_board, PrinzRun, PrinzRunError, RunOptions, PROGRAM};
use crate::reference::chess::{random_positions, solve_mate2, Board};
use serde::Serialize;

/// One disagreement between the emulated program and the reference engine.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    /// The position.
    pub fen: String,
    /// What differs.
    pub what: String,
}

/// The outcome of [`cross_check`].
#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    /// Positions run.
    pub positions: usize,
    /// Every disagreement found.
    pub disagreements: Vec<Disagreement>,
}

/// Compares one emulated run with the reference engine: the printed first-turn list,
/// the verdict (key or none) and the counts of moves tried and illegal up to the first
/// key.
pub fn compare(run: &PrinzRun, board: &Board) -> Vec<String> {
    let r = solve_mate2(board);
    let mut out = Vec::new();
    let want: Vec<String> = r
        .first_moves_tried
        .iter()
        .map(|m| format!("{} TO {}", m.piece.name().to_uppercase(), m.to_prinz()))
        .collect();
    let got = run.printed_text();
    if want != got {
        let list = |v: &[String]| {
            if v.is_empty() {
                "nothing".to_string()
            } else {
                v.join(", ")
            }
        };
        out.push(format!(
            "printed list: emulated {}; reference {}",
            list(&got),
            list(&want)
        ));
    }
    let want_mate = !r.keys.is_empty();
    if want_mate != run.mate {
        out.push(format!(
            "verdict: emulated {}, reference {}",
            if run.mate { "MATE" } else { "no solution" },
            if want_mate { "MATE" } else { "no solution" }
        ));
    }
    if r.to_first_key.tried != run.moves_tried || r.to_first_key.illegal != run.illegal {
        out.push(format!(
            "counts: emulated {} tried / {} illegal, reference {} / {}",
            run.moves_tried, run.illegal, r.to_first_key.tried, r.to_first_key.illegal
        ));
    }
    out
}

/// The fixed collection of cross-check positions (`src/games/prinz/positions.txt`):
/// FENs, one a line, `#` comments.
pub const FIXED_POSITIONS: &str = include_str!("positions.txt");

/// `n` positions for the cross-check: the fixed collection first, then positions made
/// by the reference engine's seeded generator ([`random_positions`]: small endgames,
/// kept if legal for the side to move under Prinz's rules).
pub fn check_positions(n: usize, seed: u64) -> Vec<String> {
    let mut v: Vec<String> = FIXED_POSITIONS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .take(n)
        .collect();
    let more = n - v.len();
    v.extend(random_positions(more, seed));
    v
}

/// Runs `positions` through the emulated program and the reference engine and reports
/// every disagreement; `progress(index, fen, differences)` is called for each position in
/// order once all are run.
///
/// The positions run in parallel on the current rayon pool (each builds its own machine;
/// `mark1 prinz --threads N` sizes the pool); the report is the same for any number of
/// threads, in position order.
///
/// # Errors
/// A bad FEN, or a run that does not end at the program's loop stop: the first such
/// position in order (`progress` has been called for the positions before it).
pub fn cross_check(
    positions: &[String],
    opts: &RunOptions,
    progress: &mut dyn FnMut(usize, &str, &[String]),
) -> Result<CheckReport, PrinzRunError> {
    use rayon::prelude::*;
    let assembly = PROGRAM.assembly()?;
    let results: Vec<Result<Vec<String>, PrinzRunError>> = positions
        .par_iter()
        .map(|fen| {
            let board = Board::from_fen(fen)?;
            let run = run_board(assembly, &board, opts)?;
            Ok(compare(&run, &board))
        })
        .collect();
    let mut disagreements = Vec::new();
    for (i, (fen, d)) in positions.iter().zip(results).enumerate() {
        let d = d?;
        progress(i, fen, &d);
        for what in d {
            disagreements.push(Disagreement {
                fen: fen.clone(),
                what,
            });
        }
    }
    Ok(CheckReport {
        positions: positions.len(),
        disagreements,
    })
}

/// The named positions of the cross-check set ([`FIXED_POSITIONS`]): (the comment above
/// it, the FEN), Faster than Thought's Figure 1 first; the generated ones are left out.
pub fn named_positions() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut name = String::new();
    for l in FIXED_POSITIONS.lines() {
        let l = l.trim();
        if let Some(c) = l.strip_prefix('#') {
            name = c.trim().to_string();
        } else if !l.is_empty() {
            if name.is_empty() || name.starts_with("generated") || name.starts_with("Cross-check") {
                break;
            }
            out.push((std::mem::take(&mut name), l.to_string()));
        }
    }
    out
}
