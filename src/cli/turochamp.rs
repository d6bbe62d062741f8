//! `mark1 turochamp`: Turing's paper chess machine on the emulated Mark 1 (issue 18): one
//! move (the default), the move count (`--count`), the comparison with the reference
//! engine (`--check N`) and the printed games replayed (`--replay 1|2`). The flags are
//! wired to [`mark1::games::turochamp`]; the work and the words are there.

use anyhow::Result;
use mark1::games::turochamp::{check, count, think};
use mark1::reference::turochamp::{replay as ref_replay, Readings, DEFAULT_NODE_LIMIT};
use serde_json::json;

/// The arguments of `mark1 turochamp`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("mode").args(["count", "check", "replay"])))]
pub struct TurochampArgs {
    /// Count the legal moves of the position with the programme's move generator: the
    /// count as printed, the moves, the machine's instructions, beats, simulated seconds
    /// and magnetic transfers, beside Turing's estimate.
    #[arg(long)]
    count: bool,
    /// Compare the programme with the reference engine on N positions (both printed
    /// games' positions, then random middle-game positions): the same move, value,
    /// position play and star; the last line is `N positions, D differences`.
    #[arg(long)]
    check: Option<usize>,
    /// The seed of the random positions of --check.
    #[arg(long, default_value_t = 1951, requires = "check")]
    seed: u64,
    /// Worker threads for --check and --replay (positions run in parallel) (1 or more);
    /// all cores by default. The result is the same for any number.
    #[arg(long, value_parser = crate::cli::parse_threads)]
    threads: Option<usize>,
    /// The programme thinks at every White move of printed game 1 (typescript) or 2
    /// (Faster than Thought); the last line is `moves: K/29 agree`.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    replay: Option<u8>,
    /// The position (FEN); the initial position by default.
    #[arg(
        long,
        default_value = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        conflicts_with_all = ["check", "replay"]
    )]
    fen: String,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `mark1 turochamp`.
pub fn run(a: TurochampArgs) -> Result<()> {
    if let Some(n) = a.check {
        return run_check(n, a.seed, a.threads, a.json);
    }
    if let Some(g) = a.replay {
        return run_replay(g, a.threads, a.json);
    }
    if a.count {
        let r = count::count(&a.fen)?;
        if a.json {
            println!("{}", serde_json::to_string_pretty(&r.json())?);
        } else {
            print!("{}", r.text());
        }
        return Ok(());
    }
    let (pos, t) = think::think_fen(&a.fen)?;
    let fen = a.fen.trim();
    if a.json {
        println!("{}", serde_json::to_string_pretty(&t.json(fen, &pos))?);
    } else {
        print!("{}", t.text(fen, &pos));
    }
    Ok(())
}

/// Minutes with one decimal.
fn minutes(t: &think::Thought) -> String {
    format!("{:.1}", t.minutes())
}

fn run_check(n: usize, seed: u64, threads: Option<usize>, as_json: bool) -> Result<()> {
    let positions = check::check_positions(n, seed);
    let checked = super::with_threads(threads, || check::cross_check(&positions))??;
    let differences: usize = checked.iter().map(|c| c.differences.len()).sum();
    if as_json {
        let rows: Vec<_> = checked
            .iter()
            .map(|c| {
                json!({
                    "fen": c.fen,
                    "move": c.san,
                    "value": c.thought.value.fraction(),
                    "position_play_tenths": c.thought.pp,
                    "beats": c.thought.run.beats,
                    "minutes": (c.thought.minutes() * 1000.0).round() / 1000.0,
                    "differences": c.differences,
                })
            })
            .collect();
        let v = json!({"positions": checked.len(), "differences": differences, "results": rows});
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    for (i, c) in checked.iter().enumerate() {
        println!(
            "{:4} {}  {}  value {}  {} min{}",
            i + 1,
            c.fen,
            c.san,
            c.thought.value.fraction(),
            minutes(&c.thought),
            if c.differences.is_empty() {
                String::new()
            } else {
                format!("  DIFFERS: {}", c.differences.join("; "))
            }
        );
    }
    println!("{} positions, {differences} differences", checked.len());
    Ok(())
}

fn run_replay(game: u8, threads: Option<usize>, as_json: bool) -> Result<()> {
    let moves = super::with_threads(threads, || check::replay(game))??;
    let agree = moves.iter().filter(|m| m.agrees()).count();
    let reference = ref_replay(game, &Readings::default(), DEFAULT_NODE_LIMIT)?;
    let mut mins: Vec<f64> = moves.iter().map(|m| m.thought.minutes()).collect();
    mins.sort_by(f64::total_cmp);
    let median = mins.get(mins.len() / 2).copied().unwrap_or(0.0);
    let worst = mins.last().copied().unwrap_or(0.0);
    if as_json {
        let rows: Vec<_> = moves
            .iter()
            .map(|m| {
                json!({
                    "number": m.number,
                    "printed": m.printed,
                    "played": m.played,
                    "chosen": m.chosen,
                    "agrees": m.agrees(),
                    "value": m.thought.value.fraction(),
                    "beats": m.thought.run.beats,
                    "minutes": (m.thought.minutes() * 1000.0).round() / 1000.0,
                })
            })
            .collect();
        let v = json!({
            "game": game,
            "agree": agree,
            "moves": moves.len(),
            "reference_agree": reference.agreeing(),
            "median_minutes": (median * 10.0).round() / 10.0,
            "worst_minutes": (worst * 10.0).round() / 10.0,
            "results": rows,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    for m in &moves {
        println!(
            "{:2}. {:14} played {:7} machine {:7} {}  {} min",
            m.number,
            m.printed,
            m.played,
            m.chosen,
            if m.agrees() { "=" } else { " " },
            minutes(&m.thought)
        );
    }
    println!("simulated time a move: median {median:.1} minutes, worst {worst:.1} minutes");
    println!(
        "the reference engine: {}/{} agree",
        reference.agreeing(),
        reference.moves.len()
    );
    println!("moves: {agree}/{} agree", moves.len());
    Ok(())
}
