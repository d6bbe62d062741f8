//! `mark1 menace`: MENACE, Michie's matchbox machine, on the emulated Mark 1 (Bell 1972,
//! ch. 1.3; docs/bell.md): its boxes on the drum (`boxes`), and training against an
//! opponent played by the operator (`train`), the boxes kept in a drum image between
//! sessions (`--drum FILE`) and the learning curve drawn (`--curve FILE.png`). A game at
//! the keys is `mark1 noughts --machine menace`. The work is in [`mark1::games::noughts::menace`].

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mark1::games::noughts::menace::{self as g, DrumBoxes};
use mark1::reference::noughts::menace::{is_corner, Empty, Opponent, Result3};
use mark1::reference::noughts::EMPTY;
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The arguments of `mark1 menace`.
#[derive(clap::Args)]
pub struct MenaceArgs {
    #[command(subcommand)]
    command: MenaceCommand,
}

#[derive(clap::Subcommand)]
enum MenaceCommand {
    /// The boxes on the drum: how many made, by move, and with --list each box's
    /// position and beads (cells 1-9 row by row from the top left, of the box's own
    /// position, the smallest of the position's eight images).
    ///
    /// Example: `mark1 menace boxes --drum menace.drm --list`
    Boxes {
        /// A drum image of MENACE's (written by `train --drum`); none: a fresh drum.
        #[arg(long)]
        drum: Option<PathBuf>,
        /// Every box with its beads.
        #[arg(long)]
        list: bool,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Games of MENACE on the emulated Mark 1 against an opponent played by the
    /// operator; the results by blocks of games, and the learning curve.
    ///
    /// Example: `mark1 menace train --games 1000 --opponent perfect --curve menace.png`
    Train {
        /// Games to play.
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        games: u64,
        /// The opponent: perfect (random among the best cells), random (any empty
        /// cell), michie (Michie's scoring machine, ties at random).
        #[arg(long, default_value = "perfect", value_parser = ["perfect", "random", "michie"])]
        opponent: String,
        /// The drum image the boxes come from (if it exists) and go back to afterwards.
        #[arg(long)]
        drum: Option<PathBuf>,
        /// An empty box: resign (Michie's) or refill (filled again as new).
        #[arg(long, default_value = "resign", value_parser = ["resign", "refill"])]
        empty: String,
        /// Seed of /W and of the opponent's choices.
        #[arg(long, default_value_t = 1961)]
        seed: u64,
        /// Games in a block of the results and of the curve.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        block: u64,
        /// Train this many times, from --seed, --seed + 1, ... (fresh boxes each, in
        /// parallel), and print the quartiles of when MENACE first drew twenty games in a
        /// row and of its last opening off a corner, instead of the blocks.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
        seeds: u64,
        /// Write the learning curve here (PNG: the share of games won, drawn and lost in
        /// each block).
        #[arg(long)]
        curve: Option<PathBuf>,
        /// JSON output.
        #[arg(long)]
        json: bool,
        /// Replace a --curve file that exists (without it an existing file is refused
        /// before the games; the --drum image is the boxes' own and is always written
        /// back).
        #[arg(long)]
        force: bool,
    },
}

/// `--empty`'s value.
pub fn empty_of(s: &str) -> Empty {
    if s == "refill" {
        Empty::Refill
    } else {
        Empty::Resign
    }
}

/// The boxes of a drum image file, validated once here for every command that takes one.
///
/// # Errors
/// The file unreadable, not a drum image, or its boxes inconsistent.
pub fn read_drum(path: &Path) -> Result<DrumBoxes> {
    let bytes = mark1::formats::input::read_limited(path, mark1::formats::input::DRUM)?;
    DrumBoxes::from_drm(&bytes).with_context(|| format!("{} refused", path.display()))
}

/// Checks before the work that the boxes can go back to `path`: its folder exists, it
/// is not a folder nor read-only (an existing file is read first by [`read_drum`], which
/// refuses another program's drum image).
///
/// # Errors
/// The refusal, naming the file.
pub fn check_drum_output(path: &Path) -> Result<()> {
    super::out::check_outputs(&[Some(path)], true, &[])
}

/// Writes the machine's drum as a drum image (MENACE's mark on it), atomically over the
/// boxes it was read from: the old image stays whole if the write fails.
pub fn write_drum(path: &Path, m: &mark1::machine::Machine) -> Result<()> {
    super::out::write_file(path, DrumBoxes::drm_of(m), true)
}

fn beads_text(b: &g::DrumBox) -> String {
    (0..9)
        .filter(|&j| b.position[j] == EMPTY)
        .map(|j| format!("{}:{}", j + 1, b.beads[j]))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `mark1 menace`.
///
/// # Errors
/// Bad input (refused with the reason), the program failing, a file not written.
pub fn run(a: MenaceArgs) -> Result<()> {
    let out = &mut crate::cli::out::stdout();
    match a.command {
        MenaceCommand::Boxes { drum, list, json } => {
            let boxes = match &drum {
                Some(p) => Some(read_drum(p)?),
                None => None,
            };
            let mut m = mark1::machine::Machine::new(mark1::machine::Config::default());
            if let Some(b) = &boxes {
                b.put(&mut m);
            }
            let all = g::read_boxes(&m)?;
            let mut by_move = [0usize; 4];
            for b in &all {
                by_move[b.position.iter().filter(|&&c| c != EMPTY).count() / 2] += 1;
            }
            if json {
                let v = json!({
                    "cells": "1-9 row by row from the top left, of each box's own position",
                    "board_marks": "x MENACE's, o the opponent's",
                    "boxes_made": all.len(),
                    "by_move": {"1": by_move[0], "3": by_move[1], "5": by_move[2], "7": by_move[3]},
                    "possible": g::MAX_BOXES,
                    "boxes": all.iter().map(|b| json!({
                        "number": b.number,
                        "position": mark1::games::noughts::board_text(&b.position),
                        "beads": (0..9).filter(|&j| b.position[j] == EMPTY)
                            .map(|j| json!({"cell": j + 1, "beads": b.beads[j]})).collect::<Vec<_>>(),
                    })).collect::<Vec<_>>(),
                });
                writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
                return Ok(());
            }
            writeln!(
                out,
                "{} boxes made of the {} positions MENACE can meet; moves 1, 3, 5, 7: {}, {}, {}, {}",
                all.len(),
                g::MAX_BOXES,
                by_move[0],
                by_move[1],
                by_move[2],
                by_move[3]
            )?;
            if list {
                for b in &all {
                    writeln!(
                        out,
                        "box {:3}  {}  beads {}",
                        b.number,
                        mark1::games::noughts::board_text(&b.position),
                        beads_text(b)
                    )?;
                }
            }
            Ok(())
        }
        MenaceCommand::Train {
            games,
            opponent,
            drum,
            empty,
            seed,
            block,
            seeds,
            curve,
            json,
            force,
        } => {
            let opp = match opponent.as_str() {
                "random" => Opponent::Random,
                "michie" => Opponent::Michie,
                _ => Opponent::Perfect,
            };
            if seeds > 1 {
                if drum.is_some() || curve.is_some() {
                    anyhow::bail!("--seeds trains on fresh boxes: without --drum and --curve");
                }
                return many_seeds(
                    games as usize,
                    opp,
                    &opponent,
                    &empty,
                    seed,
                    seeds,
                    json,
                    out,
                );
            }
            // Every file checked before the games: an error loses no training.
            let boxes = match &drum {
                Some(p) if p.exists() => Some(read_drum(p)?),
                _ => None,
            };
            if let Some(p) = &drum {
                check_drum_output(p)?;
            }
            super::out::check_outputs(&[curve.as_deref()], force, &[])?;
            if let (Some(d), Some(c)) = (&drum, &curve) {
                super::out::check_outputs(&[Some(d), Some(c)], true, &[])?;
            }
            let t0 = std::time::Instant::now();
            let bar = if std::io::stderr().is_terminal() && games >= 100 {
                let b = ProgressBar::new(games);
                if let Ok(style) = ProgressStyle::with_template(
                    "MENACE learning [{bar:40}] {pos}/{len} games, {elapsed}",
                ) {
                    b.set_style(style.progress_chars("=> "));
                }
                Some(b)
            } else {
                None
            };
            let (played, game) = g::train(
                games as usize,
                opp,
                empty_of(&empty),
                seed,
                boxes.as_ref(),
                |_, _| {
                    if let Some(b) = &bar {
                        b.inc(1);
                    }
                },
            )?;
            if let Some(b) = bar {
                b.finish_and_clear();
            }
            let host = t0.elapsed().as_secs_f64();
            if let Some(p) = &drum {
                write_drum(p, &game.machine)?;
            }
            let made = game.boxes()?.len();
            // Blocks.
            let blocks: Vec<(usize, [usize; 4])> = played
                .chunks(block as usize)
                .enumerate()
                .map(|(i, c)| {
                    let mut n = [0usize; 4];
                    for p in c {
                        match p.result {
                            Result3::Win => n[0] += 1,
                            Result3::Draw => n[1] += 1,
                            Result3::Loss => n[2] += 1,
                        }
                        if p.first.is_some_and(is_corner) {
                            n[3] += 1;
                        }
                    }
                    (i * block as usize + c.len(), n)
                })
                .collect();
            // The first game after which it drew twenty in a row.
            let mut run = 0;
            let mut twenty = None;
            for (i, p) in played.iter().enumerate() {
                run = if p.result == Result3::Draw {
                    run + 1
                } else {
                    0
                };
                if run == 20 {
                    twenty = Some(i + 1 - 20);
                    break;
                }
            }
            let beats = game.machine.stats.beats;
            let secs = mark1::machine::beats_to_seconds(beats);
            if let Some(p) = &curve {
                let pts = |k: usize| -> Vec<(f64, f64)> {
                    let mut v = vec![];
                    let mut start = 0usize;
                    for (end, n) in &blocks {
                        let len = (end - start) as f64;
                        v.push((*end as f64, n[k] as f64 / len));
                        start = *end;
                    }
                    v
                };
                let series = [
                    mark1::render::curve::Series {
                        name: "won".into(),
                        points: pts(0),
                    },
                    mark1::render::curve::Series {
                        name: "drawn".into(),
                        points: pts(1),
                    },
                    mark1::render::curve::Series {
                        name: "lost".into(),
                        points: pts(2),
                    },
                    mark1::render::curve::Series {
                        name: "opened in a corner".into(),
                        points: pts(3),
                    },
                ];
                let png = mark1::render::curve::curve_png(
                    &format!(
                        "MENACE on the Mark 1 against the {opponent} player (empty box: {empty})"
                    ),
                    "games",
                    &format!("share of each block of {block} games"),
                    played.len() as f64,
                    &series,
                    (900, 520),
                )?;
                super::out::write_file(p, png, force)?;
            }
            if json {
                let v = json!({
                    "opponent": opponent,
                    "empty": empty,
                    "games": played.len(),
                    "block": block,
                    "blocks": blocks.iter().map(|(end, n)| json!({
                        "to_game": end, "won": n[0], "drawn": n[1], "lost": n[2], "corner_openings": n[3],
                    })).collect::<Vec<_>>(),
                    "twenty_draws_in_a_row_from_game": twenty,
                    "boxes_made": made,
                    "instructions": game.machine.stats.instructions,
                    "beats": beats,
                    "simulated_seconds": secs.round(),
                });
                writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
                return Ok(());
            }
            let mut start = 0;
            for (end, n) in &blocks {
                writeln!(
                    out,
                    "games {:4}-{:<4} won {:3}  drawn {:3}  lost {:3}  opened in a corner {:3}",
                    start + 1,
                    end,
                    n[0],
                    n[1],
                    n[2],
                    n[3]
                )?;
                start = *end;
            }
            match twenty {
                Some(k) => writeln!(out, "twenty draws in a row from game {k}")?,
                None => writeln!(out, "never twenty draws in a row")?,
            }
            writeln!(
                out,
                "{} games; {made} boxes made; {} instructions, {:.0} simulated seconds ({:.1} hours of the Mark 1); {host:.2} s here",
                played.len(),
                game.machine.stats.instructions,
                secs,
                secs / 3600.0
            )?;
            if let Some(p) = &drum {
                writeln!(out, "the boxes are on {}", p.display())?;
            }
            if let Some(p) = &curve {
                writeln!(out, "the learning curve is in {}", p.display())?;
            }
            Ok(())
        }
    }
}

/// The game (1 the first) from which MENACE drew twenty in a row, if it did.
fn twenty_draws(played: &[g::Played]) -> Option<usize> {
    let mut run = 0;
    for (i, p) in played.iter().enumerate() {
        run = if p.result == Result3::Draw {
            run + 1
        } else {
            0
        };
        if run == 20 {
            return Some(i + 2 - 20);
        }
    }
    None
}

/// Quartiles (lower, median, upper) of sorted values, by nearest rank.
fn quartiles(v: &[usize]) -> Option<(usize, usize, usize)> {
    if v.is_empty() {
        return None;
    }
    let at = |q: usize| v[(v.len() * q / 4).min(v.len() - 1)];
    Some((at(1), at(2), at(3)))
}

/// `train --seeds N`: N trainings from fresh boxes, summarised.
#[allow(clippy::too_many_arguments)]
fn many_seeds(
    games: usize,
    opp: Opponent,
    opponent: &str,
    empty: &str,
    seed: u64,
    seeds: u64,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    use rayon::prelude::*;
    let t0 = std::time::Instant::now();
    let runs: Vec<Vec<g::Played>> = (seed..seed + seeds)
        .into_par_iter()
        .map(|s| g::train(games, opp, empty_of(empty), s, None, |_, _| {}).map(|(p, _)| p))
        .collect::<Result<_, _>>()?;
    let mut twenty: Vec<usize> = runs.iter().filter_map(|p| twenty_draws(p)).collect();
    twenty.sort_unstable();
    let mut off_corner: Vec<usize> = runs
        .iter()
        .map(|p| {
            p.iter()
                .rposition(|g| g.first.is_some_and(|c| !is_corner(c)))
                .map_or(0, |i| i + 1)
        })
        .collect();
    off_corner.sort_unstable();
    let last_block = |k: usize| -> usize {
        runs.iter()
            .map(|p| {
                p.iter()
                    .skip(p.len().saturating_sub(100))
                    .filter(|g| match k {
                        0 => g.result == Result3::Win,
                        1 => g.result == Result3::Draw,
                        _ => g.result == Result3::Loss,
                    })
                    .count()
            })
            .sum()
    };
    let n_last = runs.iter().map(|p| p.len().min(100)).sum::<usize>().max(1);
    // The openings of the last 100 games: corner, edge, centre, none (resigned).
    let mut openings = [0usize; 4];
    for p in &runs {
        for g in p.iter().skip(p.len().saturating_sub(100)) {
            openings[match g.first {
                Some(c) if is_corner(c) => 0,
                Some(4) => 2,
                Some(_) => 1,
                None => 3,
            }] += 1;
        }
    }
    let (w, d, l) = (last_block(0), last_block(1), last_block(2));
    let tq = quartiles(&twenty);
    let cq = quartiles(&off_corner);
    if json {
        let v = json!({
            "opponent": opponent,
            "empty": empty,
            "games": games,
            "seeds": seeds,
            "first_seed": seed,
            "twenty_draws_in_a_row": {
                "trainings_that_did": twenty.len(),
                "from_game_quartiles": tq.map(|(a, b, c)| [a, b, c]),
            },
            "last_opening_off_a_corner_quartiles": cq.map(|(a, b, c)| [a, b, c]),
            "last_100_games": {"won": w, "drawn": d, "lost": l, "games": n_last,
                "opened_corner": openings[0], "opened_edge": openings[1], "opened_centre": openings[2], "resigned_at_once": openings[3]},
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "{seeds} trainings of {games} games against the {opponent} player (empty box: {empty}), seeds {seed}-{}",
        seed + seeds - 1
    )?;
    match tq {
        Some((a, b, c)) => writeln!(
            out,
            "twenty draws in a row: {} of {seeds}, from game {a} / {b} / {c} (quartiles)",
            twenty.len()
        )?,
        None => writeln!(out, "twenty draws in a row: none of {seeds}")?,
    }
    if let Some((a, b, c)) = cq {
        writeln!(
            out,
            "the last opening off a corner (of games it opened): game {a} / {b} / {c} (quartiles)"
        )?;
    }
    writeln!(
        out,
        "the last 100 games of each: won {:.1} %, drawn {:.1} %, lost {:.1} %",
        100.0 * w as f64 / n_last as f64,
        100.0 * d as f64 / n_last as f64,
        100.0 * l as f64 / n_last as f64
    )?;
    let pc = |k: usize| 100.0 * openings[k] as f64 / n_last as f64;
    writeln!(
        out,
        "their openings: a corner {:.1} %, an edge {:.1} %, the centre {:.1} %, resigned at once {:.1} %",
        pc(0),
        pc(1),
        pc(2),
        pc(3)
    )?;
    writeln!(out, "{:.1} s here", t0.elapsed().as_secs_f64())?;
    Ok(())
}
