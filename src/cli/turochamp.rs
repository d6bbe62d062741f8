//! `mark1 turochamp`: Turing's paper chess machine on the emulated Mark 1: one
//! move (the default), the move count (`--count`), the comparison with the reference
//! engine (`--check N`), the printed games replayed (`--replay 1|2`) and a game against
//! it (`--play`). The flags are wired to [`mark1::games::turochamp`]; the work and the
//! words are there.

use crate::cli::moves::Moves;
use crate::cli::out::{rounded, write_json};
use anyhow::Result;
use mark1::games::turochamp::play::{Game, Reply};
use mark1::games::turochamp::{check, count, think};
use mark1::reference::turochamp::{replay as ref_replay, Readings, DEFAULT_NODE_LIMIT};
use serde::Serialize;
use std::io::Write;

/// The arguments of `mark1 turochamp`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("mode").args(["count", "check", "replay", "play"])))]
pub struct TurochampArgs {
    /// Count the legal moves of the position with the programme's move generator: the
    /// count as printed, the moves, the machine's instructions, beats, simulated seconds
    /// and magnetic transfers, beside Turing's estimate.
    #[arg(long)]
    count: bool,
    /// Compare the programme with the reference engine on N positions (both printed
    /// games' positions, then random middle-game positions): the same move, value,
    /// position play and star; the last line is `N positions, D differences`.
    /// At most 1,000,000 (the bound of every `--check`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    check: Option<u64>,
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
    /// A game against the programme, the machine as White: your moves in SAN (`e5`,
    /// `Nf6`, `O-O`) or as squares (`e7e5`), from --script or the terminal.
    #[arg(long)]
    play: bool,
    /// Your moves for --play, one a line (`#` starts a comment).
    #[arg(long, requires = "play")]
    script: Option<std::path::PathBuf>,
    /// Write the game as PGN to this file (--play).
    #[arg(long, requires = "play")]
    pgn: Option<std::path::PathBuf>,
    /// Write the position's tape (SimH paper-tape text, `.pt.txt`) to this file and stop:
    /// for the console and the debugger, where the operator puts it in the reader.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["check", "replay", "play", "count"])]
    tape: Option<std::path::PathBuf>,
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
    /// Profile the move (the job from the position read to the move printed) and write
    /// where its time went, unit by unit and line by line, to FILE (JSON if it ends in
    /// `.json`; docs/profiler.md). The move is then obeyed one order at a time.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["check", "replay", "play", "count", "tape"])]
    profile: Option<std::path::PathBuf>,
    /// Replace --pgn, --tape and --profile files that exist (without it an existing file
    /// is refused before the work).
    #[arg(long)]
    force: bool,
}

/// Runs `mark1 turochamp`.
pub fn run(a: TurochampArgs) -> Result<()> {
    let inputs: Vec<&std::path::Path> = a.script.as_deref().into_iter().collect();
    super::out::check_outputs(
        &[a.pgn.as_deref(), a.tape.as_deref(), a.profile.as_deref()],
        a.force,
        &inputs,
    )?;
    if let Some(n) = a.check.map(|n| n as usize) {
        return run_check(n, a.seed, a.threads, a.json);
    }
    if let Some(g) = a.replay {
        return run_replay(g, a.threads, a.json);
    }
    if a.play {
        return run_play(&a);
    }
    let out = &mut super::out::stdout();
    if let Some(p) = &a.tape {
        let codes = mark1::games::turochamp::tape(&a.fen)?;
        let text = mark1::formats::tape::write_pt_text(&codes)?;
        super::out::write_file(p, text, a.force)?;
        writeln!(
            out,
            "the position's tape ({} rows) written to {}",
            codes.len(),
            p.display()
        )?;
        return Ok(());
    }
    if a.count {
        let r = count::count(&a.fen)?;
        if a.json {
            writeln!(out, "{}", serde_json::to_string_pretty(&r.json())?)?;
        } else {
            write!(out, "{}", r.text())?;
        }
        return Ok(());
    }
    let (pos, t) = match &a.profile {
        None => think::think_fen(&a.fen)?,
        Some(path) => {
            use mark1::games::turochamp as tc;
            let pos = tc::position(&a.fen)?;
            let mut l = tc::load_position(&pos)?;
            l.machine.profile = Some(Box::default());
            let t = l.think(&pos)?;
            let p = l.machine.profile.take().unwrap_or_default();
            let symbols = mark1::profile::Symbols::from_assembly(tc::assembly()?);
            super::save_profile(path, &p, &symbols, a.force)?;
            (pos, t)
        }
    };
    let fen = a.fen.trim();
    if a.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&t.json(fen, &pos))?)?;
    } else {
        write!(out, "{}", t.text(fen, &pos))?;
    }
    Ok(())
}

/// Minutes with one decimal.
fn minutes(t: &think::Thought) -> String {
    format!("{:.1}", t.minutes())
}

/// `--check N --json`: a row a position, and the differences counted.
#[derive(Serialize)]
struct CheckJson<'a> {
    positions: usize,
    differences: usize,
    results: Vec<CheckedJson<'a>>,
}

/// A position of `--check`: the programme's move, its value (W/B as a fraction), its
/// cost and any difference from the reference engine.
#[derive(Serialize)]
struct CheckedJson<'a> {
    fen: &'a str,
    r#move: &'a str,
    value: String,
    position_play_tenths: i64,
    beats: u64,
    minutes: f64,
    positions_over_64_moves: u64,
    differences: &'a [String],
}

/// `--replay N --json`: the moves that agree, the simulated time, a row a White move.
#[derive(Serialize)]
struct ReplayJson<'a> {
    game: u8,
    agree: usize,
    moves: usize,
    reference_agree: usize,
    median_minutes: f64,
    worst_minutes: f64,
    results: Vec<ReplayedJson<'a>>,
}

/// A White move of `--replay`: the move printed and played, the programme's choice.
#[derive(Serialize)]
struct ReplayedJson<'a> {
    number: u32,
    printed: &'static str,
    played: &'a str,
    chosen: &'a str,
    agrees: bool,
    value: String,
    beats: u64,
    minutes: f64,
}

fn run_check(n: usize, seed: u64, threads: Option<usize>, as_json: bool) -> Result<()> {
    let out = &mut super::out::stdout();
    let positions = check::check_positions(n, seed);
    let checked = super::with_threads(threads, || check::cross_check(&positions))??;
    let differences: usize = checked.iter().map(|c| c.differences.len()).sum();
    if as_json {
        let results = checked
            .iter()
            .map(|c| CheckedJson {
                fen: &c.fen,
                r#move: &c.san,
                value: c.thought.value.fraction(),
                position_play_tenths: c.thought.pp,
                beats: c.thought.run.beats,
                minutes: rounded(c.thought.minutes(), 3),
                positions_over_64_moves: c.thought.full_tables,
                differences: &c.differences,
            })
            .collect();
        return write_json(
            out,
            &CheckJson {
                positions: checked.len(),
                differences,
                results,
            },
        );
    }
    for (i, c) in checked.iter().enumerate() {
        writeln!(
            out,
            "{:4} {}  {}  value {}  {} min{}{}",
            i + 1,
            c.fen,
            c.san,
            c.thought.value.fraction(),
            minutes(&c.thought),
            if c.thought.full_tables > 0 {
                format!("  (table full {} times)", c.thought.full_tables)
            } else {
                String::new()
            },
            if c.differences.is_empty() {
                String::new()
            } else {
                format!("  DIFFERS: {}", c.differences.join("; "))
            }
        )?;
    }
    let full = checked.iter().filter(|c| c.thought.full_tables > 0).count();
    if full > 0 {
        writeln!(
            out,
            "{full} of them met a position with more than 64 legal moves in the search (the \
             move table keeps the first 64)"
        )?;
    }
    writeln!(
        out,
        "{} positions, {differences} differences",
        checked.len()
    )?;
    Ok(())
}

fn run_replay(game: u8, threads: Option<usize>, as_json: bool) -> Result<()> {
    let out = &mut super::out::stdout();
    let moves = super::with_threads(threads, || check::replay(game))??;
    let agree = moves.iter().filter(|m| m.agrees()).count();
    let reference = ref_replay(game, &Readings::default(), DEFAULT_NODE_LIMIT)?;
    let mut mins: Vec<f64> = moves.iter().map(|m| m.thought.minutes()).collect();
    mins.sort_by(f64::total_cmp);
    let median = mins.get(mins.len() / 2).copied().unwrap_or(0.0);
    let worst = mins.last().copied().unwrap_or(0.0);
    if as_json {
        let results = moves
            .iter()
            .map(|m| ReplayedJson {
                number: m.number,
                printed: m.printed,
                played: &m.played,
                chosen: &m.chosen,
                agrees: m.agrees(),
                value: m.thought.value.fraction(),
                beats: m.thought.run.beats,
                minutes: rounded(m.thought.minutes(), 3),
            })
            .collect();
        return write_json(
            out,
            &ReplayJson {
                game,
                agree,
                moves: moves.len(),
                reference_agree: reference.agreeing(),
                median_minutes: rounded(median, 1),
                worst_minutes: rounded(worst, 1),
                results,
            },
        );
    }
    for m in &moves {
        writeln!(
            out,
            "{:2}. {:14} played {:7} machine {:7} {}  {} min",
            m.number,
            m.printed,
            m.played,
            m.chosen,
            if m.agrees() { "=" } else { " " },
            minutes(&m.thought)
        )?;
    }
    writeln!(
        out,
        "simulated time a move: median {median:.1} minutes, worst {worst:.1} minutes"
    )?;
    writeln!(
        out,
        "the reference engine: {}/{} agree",
        reference.agreeing(),
        reference.moves.len()
    )?;
    writeln!(out, "moves: {agree}/{} agree", moves.len())?;
    Ok(())
}

/// What the machine's reply shows: the teleprinter's line, the move in SAN, the cost.
fn show_reply(out: &mut impl Write, r: &Reply) -> std::io::Result<()> {
    match r {
        Reply::Moved {
            san,
            printed,
            thought,
        } => writeln!(
            out,
            "machine: {printed}    ({san}; {} positions valued, {:.1} simulated minutes)",
            thought.positions,
            thought.minutes()
        ),
        Reply::Refused(printed) => {
            writeln!(
                out,
                "machine: {printed}    (not a legal move: another, please)"
            )
        }
        Reply::Over => Ok(()),
    }
}

fn run_play(a: &TurochampArgs) -> Result<()> {
    let mut moves = Moves::open(a.script.as_deref())?;
    let (mut game, first) = Game::start(&a.fen)?;
    let out = &mut super::out::stdout();
    writeln!(out, "position: {}", a.fen.trim())?;
    show_reply(out, &first)?;
    loop {
        if let Some(words) = game.end_words() {
            writeln!(out, "{words}")?;
            break;
        }
        let Some(line) = moves.next_line("your move: ", out)? else {
            if moves.is_script() {
                writeln!(out, "the script has no more moves: the game stops here")?;
            } else {
                writeln!(out)?;
            }
            break;
        };
        let text = line.text;
        writeln!(out, "you: {text}")?;
        match game.human(&text) {
            Ok(r) => show_reply(out, &r)?,
            Err(mark1::games::turochamp::TurochampRunError::Result(why)) => {
                writeln!(out, "refused: {why}")?;
            }
            Err(e) => return Err(e.into()),
        }
    }
    let mins = &game.minutes;
    if !mins.is_empty() {
        let mut sorted = mins.clone();
        sorted.sort_by(f64::total_cmp);
        writeln!(
            out,
            "the machine's moves: {}, simulated minutes a move: median {:.1}, worst {:.1}",
            mins.len(),
            sorted[sorted.len() / 2],
            sorted[sorted.len() - 1]
        )?;
    }
    writeln!(out, "moves: {}", game.sans.join(" "))?;
    if let Some(p) = &a.pgn {
        super::out::write_file(p, game.pgn(), a.force)?;
        writeln!(out, "PGN written to {}", p.display())?;
    }
    Ok(())
}
