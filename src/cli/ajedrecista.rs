//! `mark1 ajedrecista`: Torres Quevedo's chess machine (El Ajedrecista, 1912) as a
//! program of ours on the emulated Mark 1 (docs/ajedrecista.md): a game (the visitor's
//! king squares on the hand switches with KAC, from `--script` or the terminal), the
//! program's one move on a position (`--think --fen`), the comparison with the reference
//! (`--check N|all`). The work is in [`mark1::games::ajedrecista`].

use crate::cli::cost::{Cost, Timed};
use crate::cli::moves::Moves;
use crate::cli::out::write_json;
use crate::cli::CheckCount;
use anyhow::{bail, Result};
use mark1::games::ajedrecista::{self as g, Said, Waiting};
use mark1::games::First;
use mark1::reference::ajedrecista::{self as ra, square_name, Position};
use serde::Serialize;
use std::io::Write;

/// The arguments of `mark1 ajedrecista`.
#[derive(clap::Args)]
pub struct AjedrecistaArgs {
    /// Where the visitor's (black) king starts: a square on ranks 1-6, not on the b-file
    /// (the machine's king and rook stand on a8 and b7).
    #[arg(long, default_value = "d5", conflicts_with_all = ["think", "check"])]
    from: String,
    /// Who moves first: machine (the default) or human (the visitor).
    #[arg(long, default_value = "machine", value_parser = First::parse)]
    first: First,
    /// The visitor's king squares for a game, one a line or several a line (`d4 c4`; `#`
    /// starts a comment); the terminal otherwise.
    #[arg(long, conflicts_with_all = ["think", "check"])]
    script: Option<std::path::PathBuf>,
    /// The program's one move on --fen (the machine, White, to move).
    #[arg(long, requires = "fen", conflicts_with = "check")]
    think: bool,
    /// A position for --think: the white king, the rook and the black king, e.g.
    /// `K7/1R6/8/3k4/8/8/8/8 w - - 0 1`.
    #[arg(long)]
    fen: Option<String>,
    /// Compare the program with the reference on N random reachable positions, or on
    /// every one with `all` (in parallel); then the time a move in beats.
    #[arg(long, value_parser = |s: &str| crate::cli::parse_check_count(s, 1_000_000))]
    check: Option<CheckCount>,
    /// Seed (of --check's positions).
    #[arg(long, default_value_t = 1912)]
    seed: u64,
    /// Worker threads for --check (1 or more); all cores by default.
    #[arg(long, value_parser = crate::cli::parse_threads)]
    threads: Option<usize>,
    /// JSON output (one object naming its squares).
    #[arg(long)]
    json: bool,
}

/// How the JSON names its squares.
const SQUARES: &str = "chess squares a1-h8; moves in SAN";

/// `--think --json`: the position, the move or why the machine stops, the board after it.
#[derive(Serialize)]
struct ThinkJson {
    squares: &'static str,
    fen: String,
    #[serde(rename = "move")]
    mv: Option<String>,
    status: Option<&'static str>,
    stops: Option<String>,
    after: Option<String>,
    paper: String,
    decision_beats: u64,
    #[serde(flatten)]
    cost: Timed,
}

/// A game's `--json`: the start, the paper, the record in SAN, the end.
#[derive(Serialize)]
struct GameJson<'a> {
    squares: &'static str,
    from: String,
    first: &'static str,
    paper: &'a str,
    record: Vec<String>,
    end: Option<String>,
    board: Option<String>,
    #[serde(flatten)]
    cost: Timed,
}

/// `--check --json`: the counts and the time a move.
#[derive(Serialize)]
struct CheckJson {
    positions: usize,
    differences: Vec<String>,
    decision_beats: BeatsJson,
    reply_beats: BeatsJson,
}

/// Min, mean and max beats.
#[derive(Serialize)]
struct BeatsJson {
    min: u64,
    mean: u64,
    max: u64,
}

impl From<g::Beats> for BeatsJson {
    fn from(b: g::Beats) -> BeatsJson {
        BeatsJson {
            min: b.min,
            mean: b.mean,
            max: b.max,
        }
    }
}

/// A square as typed.
fn square(text: &str) -> Result<u8, String> {
    ra::parse_square(text).map_err(|e| e.to_string())
}

/// Runs `mark1 ajedrecista`.
///
/// # Errors
/// Bad input (refused with the reason), the program failing.
pub fn run(a: AjedrecistaArgs) -> Result<()> {
    let out = &mut crate::cli::out::stdout();
    if let Some(c) = a.check {
        let n = match c {
            CheckCount::All => None,
            CheckCount::Positions(n) => Some(n),
        };
        let r = crate::cli::with_threads(a.threads, || g::check(n, a.seed))??;
        if a.json {
            write_json(
                out,
                &CheckJson {
                    positions: r.report.positions,
                    differences: r.report.differences.clone(),
                    decision_beats: r.decide.into(),
                    reply_beats: r.reply.into(),
                },
            )?;
        } else {
            write!(out, "{}", r.text())?;
        }
        return Ok(());
    }
    if a.think {
        let p = Position::from_fen(a.fen.as_deref().unwrap_or(""))?;
        let t = g::think(&p, a.seed)?;
        let cost = Cost::new(t.reply_instructions, t.reply_beats);
        let (mv, status, stops) = match t.said {
            Said::Move { status, .. } => (Some(t.said.text()), status.word(), None),
            _ => (None, None, Some(t.said.text())),
        };
        let after = t
            .held
            .position(false)
            .filter(|_| mv.is_some())
            .map(|q| q.fen());
        if a.json {
            write_json(
                out,
                &ThinkJson {
                    squares: SQUARES,
                    fen: p.fen(),
                    mv,
                    status,
                    stops,
                    after,
                    paper: t.paper.clone(),
                    decision_beats: t.decide_beats,
                    cost: cost.timed(3),
                },
            )?;
        } else {
            match &mv {
                Some(m) => write!(out, "the machine plays {m}")?,
                None => write!(out, "the machine stops: {}", t.said.text())?,
            }
            writeln!(
                out,
                "; the decision {} beats; {}",
                t.decide_beats,
                cost.text(2)
            )?;
        }
        return Ok(());
    }
    if a.fen.is_some() {
        bail!("--fen is for --think; a game starts from --from SQUARE");
    }
    let start = g::start_position(&a.from, a.first)?;
    let mut game = g::Game::at(&start, a.seed)?;
    let moves = Moves::open(a.script.as_deref())?;
    moves.check_script(|l: &str| {
        l.split_whitespace()
            .map(square)
            .collect::<Result<Vec<_>, _>>()
    })?;
    play(&mut game, moves, !a.json, out)?;
    let end = game
        .waiting()
        .filter(|w| *w == Waiting::Over)
        .and_then(|_| g::end_words(game.paper()));
    let cost = Cost::of(&game.machine);
    if a.json {
        write_json(
            out,
            &GameJson {
                squares: SQUARES,
                from: square_name(start.black_king),
                first: a.first.word(),
                paper: game.paper(),
                record: g::record(game.paper()),
                end: end.clone(),
                board: game.position().map(|p| p.fen()),
                cost: cost.timed(1),
            },
        )?;
    } else {
        writeln!(
            out,
            "{}; {}",
            end.as_deref().unwrap_or("unfinished"),
            cost.machine_time()
        )?;
    }
    Ok(())
}

/// Plays the game at the keys to its end or to the end of the visitor's squares, the
/// paper printed as it grows when `show`.
fn play(game: &mut g::Game, mut moves: Moves, show: bool, out: &mut dyn Write) -> Result<()> {
    let mut shown = 0;
    let mut queue: std::collections::VecDeque<u8> = Default::default();
    let mut w = game.wait()?;
    loop {
        if show {
            write!(out, "{}", &game.paper()[shown..])?;
            out.flush()?;
        }
        shown = game.paper().len();
        if w == Waiting::Over {
            return Ok(());
        }
        if queue.is_empty() {
            let next = moves.next_move("your king> ", out, |l| {
                l.split_whitespace()
                    .map(square)
                    .collect::<Result<Vec<_>, _>>()
            })?;
            match next {
                Some((_, squares)) => queue.extend(squares),
                None => return Ok(()),
            }
        }
        if let Some(s) = queue.pop_front() {
            w = game.play(s)?;
        }
    }
}
