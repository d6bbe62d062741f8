//! `mark1 knights-tour`: the knight's tour by Warnsdorff's rule on the emulated Mark 1,
//! printed as Bell's Fig. 1.1 (docs/bell.md): the starting square set on the hand
//! switches with KAC, the paper, and the comparison with the reference (`--check N`).
//! The work is in [`mark1::games::knights`].

use crate::cli::cost::{Cost, Timed};
use crate::cli::out::write_json;
use anyhow::Result;
use mark1::games::knights as g;
use mark1::reference::knights as rk;
use serde::Serialize;
use std::io::Write;

/// The arguments of `mark1 knights-tour`.
#[derive(clap::Args)]
pub struct KnightsArgs {
    /// The starting square, a1-h8 (Bell's Fig. 1.1 starts in the corner a1).
    #[arg(long, default_value = "a1")]
    from: String,
    /// Seed (of --check's squares after the first 64).
    #[arg(long, default_value_t = 1823)]
    seed: u64,
    /// JSON output (one object naming its squares).
    #[arg(long)]
    json: bool,
    /// One think: the program's next square after the tour so far (--moves).
    #[arg(long, requires = "moves", conflicts_with = "check")]
    think: bool,
    /// The tour so far for --think, squares a1-h8 separated by commas, e.g. `a1,b3,c5`.
    #[arg(long)]
    moves: Option<String>,
    /// Compare the program with the reference on N tours (every square, then squares
    /// drawn from --seed; in parallel); the last line is `N positions, D differences`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    check: Option<u64>,
    /// Worker threads for --check (1 or more); all cores by default.
    #[arg(long, value_parser = crate::cli::parse_threads)]
    threads: Option<usize>,
}

/// How the JSON names its squares.
const SQUARES: &str = "chess squares a1-h8";

/// The squares' names, a1-h8.
fn names(squares: &[u8]) -> Vec<String> {
    squares.iter().map(|&s| rk::name(s)).collect()
}

/// `--think --json`: the tour so far and the next square, none when the knight is stuck.
#[derive(Serialize)]
struct ThinkJson {
    squares: &'static str,
    tour_so_far: Vec<String>,
    next: Option<String>,
    stuck: bool,
    #[serde(flatten)]
    cost: Timed,
}

/// A tour's `--json`: its squares, whether it is complete and closed, the paper.
#[derive(Serialize)]
struct TourJson<'a> {
    squares: &'static str,
    from: String,
    paper: &'a str,
    path: Vec<String>,
    complete: bool,
    closed: bool,
    #[serde(flatten)]
    cost: Timed,
}

/// Runs `mark1 knights-tour`.
///
/// # Errors
/// A bad square (refused with the reason), the program failing.
pub fn run(a: KnightsArgs) -> Result<()> {
    let out = &mut crate::cli::out::stdout();
    if let Some(n) = a.check {
        let r = crate::cli::with_threads(a.threads, || g::check(n as usize, a.seed))??;
        write!(out, "{}", r.text())?;
        return Ok(());
    }
    if a.think {
        let path = a
            .moves
            .as_deref()
            .unwrap_or("")
            .split(',')
            .filter(|t| !t.trim().is_empty())
            .map(|t| rk::parse(t.trim()))
            .collect::<Result<Vec<u8>, _>>()?;
        let t = g::think(&path, a.seed)?;
        let cost = Cost::new(t.instructions, t.beats);
        if a.json {
            write_json(
                out,
                &ThinkJson {
                    squares: SQUARES,
                    tour_so_far: names(&path),
                    next: t.square.map(rk::name),
                    stuck: t.square.is_none(),
                    cost: cost.timed(3),
                },
            )?;
        } else {
            match t.square {
                Some(s) => write!(
                    out,
                    "the knight goes to {} (move {})",
                    rk::name(s),
                    path.len() + 1
                )?,
                None => write!(out, "the knight is stuck after {} squares", path.len())?,
            }
            writeln!(out, "; {}", cost.text(2))?;
        }
        return Ok(());
    }
    let start = rk::parse(&a.from)?;
    let run = g::tour(start, a.seed)?;
    let (_, closed) = rk::check_tour(&run.path);
    let result = g::result_words(start, &run.path);
    let cost = Cost::new(run.instructions, run.beats);
    if a.json {
        write_json(
            out,
            &TourJson {
                squares: SQUARES,
                from: rk::name(start),
                paper: &run.paper,
                path: names(&run.path),
                complete: run.path.len() == 64,
                closed,
                cost: cost.timed(1),
            },
        )?;
    } else {
        write!(out, "{}", run.paper)?;
        writeln!(out, "{result}; {}", cost.text(1))?;
    }
    Ok(())
}
