//! `mark1 menace`: MENACE, Michie's matchbox machine, on the emulated Mark 1 (Bell 1972,
//! ch. 1.3; docs/bell.md): its boxes on the drum (`boxes`), and training against an
//! opponent played by the operator (`train`), the boxes kept in a drum image between
//! sessions (`--drum FILE`) and the learning curve drawn (`--curve FILE.png`). A game at
//! the keys is `mark1 noughts --machine menace`. The work is in [`mark1::games::noughts::menace`].

use crate::cli::out::write_json;
use anyhow::{Context, Result};
use mark1::games::noughts::menace::{self as g, DrumBoxes};
use mark1::reference::noughts::menace::{is_corner, Empty, Opponent, Result3};
use mark1::reference::noughts::EMPTY;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
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
    Train(TrainArgs),
}

/// The arguments of `mark1 menace train`.
#[derive(clap::Args)]
struct TrainArgs {
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
        MenaceCommand::Boxes { drum, list, json } => boxes(drum.as_deref(), list, json, out),
        MenaceCommand::Train(t) if t.seeds > 1 => {
            if t.drum.is_some() || t.curve.is_some() {
                anyhow::bail!("--seeds trains on fresh boxes: without --drum and --curve");
            }
            many_seeds(&t, out)
        }
        MenaceCommand::Train(t) => train(&t, out),
    }
}

/// `boxes --json`: every box made, with the beads of its empty cells.
#[derive(Serialize)]
struct BoxesJson {
    cells: &'static str,
    board_marks: &'static str,
    boxes_made: usize,
    /// Boxes for the 1st, 3rd, 5th and 7th moves, keyed "1", "3", "5", "7".
    by_move: BTreeMap<&'static str, usize>,
    possible: usize,
    boxes: Vec<BoxJson>,
}

/// A box in `boxes --json`.
#[derive(Serialize)]
struct BoxJson {
    number: usize,
    /// Its own position, as [`mark1::games::noughts::board_text`] writes it.
    position: String,
    beads: Vec<BeadsJson>,
}

/// The beads of one empty cell (1-9) of a box.
#[derive(Serialize)]
struct BeadsJson {
    cell: usize,
    beads: u64,
}

/// `mark1 menace boxes`: how many boxes are made, by move, and with `list` each box.
fn boxes(drum: Option<&Path>, list: bool, json: bool, out: &mut dyn Write) -> Result<()> {
    let mut m = mark1::machine::Machine::new(mark1::machine::Config::default());
    if let Some(p) = drum {
        read_drum(p)?.put(&mut m);
    }
    let all = g::read_boxes(&m)?;
    let mut by_move = [0usize; 4];
    for b in &all {
        by_move[b.position.iter().filter(|&&c| c != EMPTY).count() / 2] += 1;
    }
    if json {
        let empty_cells = |b: &g::DrumBox| -> Vec<BeadsJson> {
            (0..9)
                .filter(|&j| b.position[j] == EMPTY)
                .map(|j| BeadsJson {
                    cell: j + 1,
                    beads: b.beads[j],
                })
                .collect()
        };
        return write_json(
            out,
            &BoxesJson {
                cells: "1-9 row by row from the top left, of each box's own position",
                board_marks: "x MENACE's, o the opponent's",
                boxes_made: all.len(),
                by_move: ["1", "3", "5", "7"].into_iter().zip(by_move).collect(),
                possible: g::MAX_BOXES,
                boxes: all
                    .iter()
                    .map(|b| BoxJson {
                        number: b.number,
                        position: mark1::games::noughts::board_text(&b.position),
                        beads: empty_cells(b),
                    })
                    .collect(),
            },
        );
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

/// The opponent `--opponent` names.
fn opponent_of(name: &str) -> Opponent {
    match name {
        "random" => Opponent::Random,
        "michie" => Opponent::Michie,
        _ => Opponent::Perfect,
    }
}

/// A block of games: the game it ends with (1 the first) and its games won, drawn,
/// lost and opened in a corner.
#[derive(Serialize)]
struct Block {
    to_game: usize,
    won: usize,
    drawn: usize,
    lost: usize,
    corner_openings: usize,
}

/// `train --json`: the blocks, when it first drew twenty in a row, the boxes, the cost.
#[derive(Serialize)]
struct TrainJson<'a> {
    opponent: &'a str,
    empty: &'a str,
    games: usize,
    block: u64,
    blocks: &'a [Block],
    twenty_draws_in_a_row_from_game: Option<usize>,
    boxes_made: usize,
    instructions: u64,
    beats: u64,
    simulated_seconds: f64,
}

/// `mark1 menace train` (one training): the files checked, the games played, the boxes
/// written back, the curve drawn, the blocks reported.
fn train(t: &TrainArgs, out: &mut dyn Write) -> Result<()> {
    let boxes = check_train_files(t)?;
    let t0 = std::time::Instant::now();
    let (played, game) = play_training(t, boxes.as_ref())?;
    let host = t0.elapsed().as_secs_f64();
    if let Some(p) = &t.drum {
        write_drum(p, &game.machine)?;
    }
    let made = game.boxes()?.len();
    let blocks = blocks_of(&played, t.block as usize);
    // One before the game the run of twenty began with (as this report has always
    // counted it; `--seeds` counts the game itself).
    let twenty = twenty_draws(&played).map(|k| k - 1);
    let beats = game.machine.stats.beats;
    let secs = mark1::machine::beats_to_seconds(beats);
    if let Some(p) = &t.curve {
        write_curve(t, p, &blocks, played.len())?;
    }
    if t.json {
        return write_json(
            out,
            &TrainJson {
                opponent: &t.opponent,
                empty: &t.empty,
                games: played.len(),
                block: t.block,
                blocks: &blocks,
                twenty_draws_in_a_row_from_game: twenty,
                boxes_made: made,
                instructions: game.machine.stats.instructions,
                beats,
                simulated_seconds: secs.round(),
            },
        );
    }
    let mut start = 0;
    for b in &blocks {
        writeln!(
            out,
            "games {:4}-{:<4} won {:3}  drawn {:3}  lost {:3}  opened in a corner {:3}",
            start + 1,
            b.to_game,
            b.won,
            b.drawn,
            b.lost,
            b.corner_openings
        )?;
        start = b.to_game;
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
    if let Some(p) = &t.drum {
        writeln!(out, "the boxes are on {}", p.display())?;
    }
    if let Some(p) = &t.curve {
        writeln!(out, "the learning curve is in {}", p.display())?;
    }
    Ok(())
}

/// Every file of a training checked before the games (an error loses no training): the
/// boxes of an existing `--drum`, which is written back afterwards, and `--curve`.
fn check_train_files(t: &TrainArgs) -> Result<Option<DrumBoxes>> {
    let boxes = match &t.drum {
        Some(p) if p.exists() => Some(read_drum(p)?),
        _ => None,
    };
    if let Some(p) = &t.drum {
        check_drum_output(p)?;
    }
    super::out::check_outputs(&[t.curve.as_deref()], t.force, &[])?;
    if let (Some(d), Some(c)) = (&t.drum, &t.curve) {
        super::out::check_outputs(&[Some(d), Some(c)], true, &[])?;
    }
    Ok(boxes)
}

/// The training's games on the Mark 1, with a progress bar on a terminal from 100 games.
fn play_training(t: &TrainArgs, boxes: Option<&DrumBoxes>) -> Result<(Vec<g::Played>, g::Game)> {
    let bar = super::out::progress_bar(
        t.games >= 100,
        t.games,
        "MENACE learning [{bar:40}] {pos}/{len} games, {elapsed}",
    );
    let r = g::train(
        t.games as usize,
        opponent_of(&t.opponent),
        empty_of(&t.empty),
        t.seed,
        boxes,
        |_, _| {
            if let Some(b) = &bar {
                b.inc(1);
            }
        },
    )?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(r)
}

/// The games in blocks of `block` (the last may be shorter).
fn blocks_of(played: &[g::Played], block: usize) -> Vec<Block> {
    played
        .chunks(block)
        .enumerate()
        .map(|(i, c)| {
            let count = |f: &dyn Fn(&g::Played) -> bool| c.iter().filter(|p| f(p)).count();
            Block {
                to_game: i * block + c.len(),
                won: count(&|p| p.result == Result3::Win),
                drawn: count(&|p| p.result == Result3::Draw),
                lost: count(&|p| p.result == Result3::Loss),
                corner_openings: count(&|p| p.first.is_some_and(is_corner)),
            }
        })
        .collect()
}

/// `--curve`: the share of each block won, drawn, lost and opened in a corner, drawn
/// as a PNG to `path`.
fn write_curve(t: &TrainArgs, path: &Path, blocks: &[Block], games: usize) -> Result<()> {
    /// A curve's name and the count of a block it draws.
    type Share = (&'static str, fn(&Block) -> usize);
    let shares: [Share; 4] = [
        ("won", |b| b.won),
        ("drawn", |b| b.drawn),
        ("lost", |b| b.lost),
        ("opened in a corner", |b| b.corner_openings),
    ];
    let series: Vec<mark1::render::curve::Series> = shares
        .iter()
        .map(|(name, of)| {
            let mut start = 0usize;
            let points = blocks
                .iter()
                .map(|b| {
                    let len = (b.to_game - start) as f64;
                    start = b.to_game;
                    (b.to_game as f64, of(b) as f64 / len)
                })
                .collect();
            mark1::render::curve::Series {
                name: (*name).into(),
                points,
            }
        })
        .collect();
    let png = mark1::render::curve::curve_png(
        &format!(
            "MENACE on the Mark 1 against the {} player (empty box: {})",
            t.opponent, t.empty
        ),
        "games",
        &format!("share of each block of {} games", t.block),
        games as f64,
        &series,
        (900, 520),
    )?;
    super::out::write_file(path, png, t.force)
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

/// `train --seeds N --json`: the quartiles over the trainings and their last 100 games.
#[derive(Serialize)]
struct SeedsJson<'a> {
    opponent: &'a str,
    empty: &'a str,
    games: usize,
    seeds: u64,
    first_seed: u64,
    twenty_draws_in_a_row: TwentyJson,
    last_opening_off_a_corner_quartiles: Option<[usize; 3]>,
    last_100_games: Last100Json,
}

/// How many trainings drew twenty in a row, and the quartiles of the game they began.
#[derive(Serialize)]
struct TwentyJson {
    trainings_that_did: usize,
    from_game_quartiles: Option<[usize; 3]>,
}

/// The last 100 games of every training together: results and openings.
#[derive(Serialize)]
struct Last100Json {
    won: usize,
    drawn: usize,
    lost: usize,
    games: usize,
    opened_corner: usize,
    opened_edge: usize,
    opened_centre: usize,
    resigned_at_once: usize,
}

/// The last 100 games of every training together: won, drawn, lost, and the openings
/// (a corner, an edge, the centre, none: resigned at once).
fn last_100(runs: &[Vec<g::Played>]) -> Last100Json {
    let mut l = Last100Json {
        won: 0,
        drawn: 0,
        lost: 0,
        games: runs.iter().map(|p| p.len().min(100)).sum::<usize>().max(1),
        opened_corner: 0,
        opened_edge: 0,
        opened_centre: 0,
        resigned_at_once: 0,
    };
    for p in runs {
        for g in p.iter().skip(p.len().saturating_sub(100)) {
            *match g.result {
                Result3::Win => &mut l.won,
                Result3::Draw => &mut l.drawn,
                Result3::Loss => &mut l.lost,
            } += 1;
            *match g.first {
                Some(c) if is_corner(c) => &mut l.opened_corner,
                Some(4) => &mut l.opened_centre,
                Some(_) => &mut l.opened_edge,
                None => &mut l.resigned_at_once,
            } += 1;
        }
    }
    l
}

/// `train --seeds N`: N trainings from fresh boxes, summarised.
fn many_seeds(t: &TrainArgs, out: &mut dyn Write) -> Result<()> {
    use rayon::prelude::*;
    let (games, opp, seed, seeds, json) = (
        t.games as usize,
        opponent_of(&t.opponent),
        t.seed,
        t.seeds,
        t.json,
    );
    let (opponent, empty) = (t.opponent.as_str(), t.empty.as_str());
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
    let last = last_100(&runs);
    let tq = quartiles(&twenty);
    let cq = quartiles(&off_corner);
    if json {
        return write_json(
            out,
            &SeedsJson {
                opponent,
                empty,
                games,
                seeds,
                first_seed: seed,
                twenty_draws_in_a_row: TwentyJson {
                    trainings_that_did: twenty.len(),
                    from_game_quartiles: tq.map(|(a, b, c)| [a, b, c]),
                },
                last_opening_off_a_corner_quartiles: cq.map(|(a, b, c)| [a, b, c]),
                last_100_games: last,
            },
        );
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
    let pc = |k: usize| 100.0 * k as f64 / last.games as f64;
    writeln!(
        out,
        "the last 100 games of each: won {:.1} %, drawn {:.1} %, lost {:.1} %",
        pc(last.won),
        pc(last.drawn),
        pc(last.lost)
    )?;
    writeln!(
        out,
        "their openings: a corner {:.1} %, an edge {:.1} %, the centre {:.1} %, resigned at once {:.1} %",
        pc(last.opened_corner),
        pc(last.opened_edge),
        pc(last.opened_centre),
        pc(last.resigned_at_once)
    )?;
    writeln!(out, "{:.1} s here", t0.elapsed().as_secs_f64())?;
    Ok(())
}
