//! `mark1 bridgit`: Bell's Bridg-it machine on the emulated Mark 1 (Bell 1972, ch. 1.2;
//! docs/bell.md): a game (your crossings on the hand switches with KAC), the machine's
//! replies after a list of your crossings (`--think --moves`), the comparison with the
//! reference (`--check N`). The work is in [`mark1::games::bridgit`].

use crate::cli::cost::{Cost, Timed};
use crate::cli::moves::Moves;
use crate::cli::out::write_json;
use anyhow::{bail, Result};
use mark1::games::bridgit::{self as g, Waiting};
use mark1::reference::bridgit as rb;
use serde::Serialize;
use std::io::Write;

/// The arguments of `mark1 bridgit`.
#[derive(clap::Args)]
pub struct BridgitArgs {
    /// Board size N (2-8); Bell's board is 5.
    #[arg(long, default_value_t = 5)]
    size: u32,
    /// Who moves first: machine (Bell's: Gross's strategy is the first player's).
    #[arg(long, default_value = "machine", value_parser = ["machine", "human"])]
    first: String,
    /// Your crossings for a game, one a line (`#` starts a comment); the terminal
    /// otherwise (`mark1 ref bridgit board --size N` draws the numbers).
    #[arg(long, conflicts_with_all = ["think", "check"])]
    script: Option<std::path::PathBuf>,
    /// Seed (of --check's positions).
    #[arg(long, default_value_t = 1960)]
    seed: u64,
    /// JSON output (one object naming its numbering).
    #[arg(long)]
    json: bool,
    /// The machine's replies after --moves: your crossings, e.g. `12,27`.
    #[arg(long, requires = "moves")]
    think: bool,
    /// Your crossings so far, in order.
    #[arg(long)]
    moves: Option<String>,
    /// Compare the program with the reference on N random positions (in parallel); the
    /// last line is `N positions, D differences`.
    #[arg(long, conflicts_with = "think", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    check: Option<u64>,
    /// Worker threads for --check (1 or more); all cores by default.
    #[arg(long, value_parser = crate::cli::parse_threads)]
    threads: Option<usize>,
}

/// `--json` of a game or a think: the machine's crossings, the result, the cost.
#[derive(Serialize)]
struct GameJson<'a> {
    numbering: &'static str,
    size: u32,
    paper: &'a str,
    /// The machine's crossings, in order.
    machine: Vec<u32>,
    result: &'a str,
    #[serde(flatten)]
    cost: Timed,
}

/// A crossing number as typed, or the refusal.
fn crossing(text: &str) -> Result<u32, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a crossing number"))
}

/// Runs `mark1 bridgit`: the check, or a game (or `--think`'s replies) played with
/// the crossings of `--moves`, the script or the terminal.
///
/// # Errors
/// Bad input (refused with the reason), the program failing.
pub fn run(a: BridgitArgs) -> Result<()> {
    rb::check_size(a.size)?;
    if a.first == "human" {
        bail!("--first human: Bell's machine plays first (Gross's winning strategy is the first player's)");
    }
    let out = &mut crate::cli::out::stdout();
    if let Some(n) = a.check {
        let r = crate::cli::with_threads(a.threads, || g::check(n as usize, a.seed))??;
        write!(out, "{}", r.text())?;
        return Ok(());
    }
    let mut game = g::Game::new(a.size, a.seed)?;
    let mut source = match &a.moves {
        Some(m) => {
            let listed = listed(m)?;
            if a.think {
                check_think(a.size, &listed)?;
            }
            Source::Listed(listed.into_iter())
        }
        None => {
            let r = Moves::open(a.script.as_deref())?;
            r.check_script(crossing)?;
            Source::Read(r)
        }
    };
    play(&mut game, &mut source, !a.json && !a.think, out)?;
    report(&a, &game, out)
}

/// Where a game's crossings come from.
enum Source {
    /// `--moves`'s list.
    Listed(std::vec::IntoIter<u32>),
    /// The script's or the terminal's.
    Read(Moves),
}

/// The crossings of `--moves` (separated by commas).
fn listed(text: &str) -> Result<Vec<u32>> {
    text.split(',')
        .filter(|t| !t.trim().is_empty())
        .enumerate()
        .map(|(i, t)| crossing(t.trim()).map_err(|e| anyhow::anyhow!("move {}: {e}", i + 1)))
        .collect()
}

/// `--think`: the crossings must all be legal, each answered by Bell's reply, the game
/// not over before the last (refused before anything runs).
fn check_think(size: u32, moves: &[u32]) -> Result<()> {
    let mut b = rb::Board::new(size)?;
    b.play(rb::Owner::Black, 1)?;
    for (i, &c) in moves.iter().enumerate() {
        b.play(rb::Owner::White, c)
            .map_err(|e| anyhow::anyhow!("move {}: {e}", i + 1))?;
        if b.winner().is_some() {
            bail!("move {}: the game is over after it", i + 1);
        }
        b.play(rb::Owner::Black, rb::reply(size, c)).ok();
        if b.winner().is_some() && i + 1 < moves.len() {
            bail!("move {}: the machine has won after it", i + 1);
        }
    }
    Ok(())
}

/// Plays the game at the keys to its end or to the end of the crossings, the paper
/// printed as it grows when `show`.
fn play(game: &mut g::Game, source: &mut Source, show: bool, out: &mut dyn Write) -> Result<()> {
    let mut shown = 0;
    let mut w = game.run_to_wait()?;
    loop {
        if show {
            write!(out, "{}", &game.paper()[shown..])?;
            out.flush()?;
        }
        shown = game.paper().len();
        if w == Waiting::Over {
            return Ok(());
        }
        let next = match source {
            Source::Listed(m) => m.next(),
            Source::Read(r) => r
                .next_move("your crossing> ", out, crossing)?
                .map(|(_, c)| c),
        };
        let Some(c) = next else { return Ok(()) };
        w = game.enter(c)?;
    }
}

/// The end: the result and the machine's crossings, as JSON, `--think`'s line, or a
/// game's last line.
fn report(a: &BridgitArgs, game: &g::Game, out: &mut dyn Write) -> Result<()> {
    let result = match game.board().winner() {
        Some(rb::Owner::Black) => "the machine won",
        Some(rb::Owner::White) => "you won",
        None => "not finished",
    };
    let cost = Cost::of(&game.machine);
    if a.json {
        write_json(
            out,
            &GameJson {
                numbering: "Bell's crossings, Fig. 1.5 as reconstructed (mark1 ref bridgit board)",
                size: a.size,
                paper: game.paper(),
                machine: game.machine_moves(),
                result,
                cost: cost.timed(1),
            },
        )?;
    } else if a.think {
        writeln!(
            out,
            "the machine's crossings: {}; {result}; {}",
            game.machine_moves()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            cost.text(1)
        )?;
    } else {
        writeln!(out, "{result}; {}", cost.machine_time())?;
    }
    Ok(())
}
