//! `mark1 match`: Samuel's player against Strachey's program on the emulated Mark 1, or
//! two Samuel polynomials against each other; PDN and a results table.

use crate::cli::out::{rounded, write_json};
use anyhow::{anyhow, Result};
use mark1::games::draughts;
use mark1::games::matches::{play_game, MatchTable, Player};
use mark1::reference::samuel::{Limits, Outcome};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `mark1 match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// White's player: `samuel`, `samuel:FILE.json` (a polynomial `mark1 ref samuel
    /// learn` wrote), `strachey` (= `strachey:2`) or `strachey:1`.
    #[arg(long, default_value = "samuel")]
    white: String,
    /// Black's player (moves first), as `--white`.
    #[arg(long, default_value = "strachey")]
    black: String,
    /// Games to play (1-1000); with `--alternate`, each pair of games swaps colours.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
    games: u32,
    /// Seed for the tie-breaking generators (Samuel's and the program's /W).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Swap the colours every other game (game 2 has `--white` as Black).
    #[arg(long)]
    alternate: bool,
    /// Moves (plies) after which a game is stopped and judged on material (Samuel: 70).
    #[arg(long, default_value_t = 70, value_parser = clap::value_parser!(u32).range(1..=500))]
    max_moves: u32,
    /// Samuel's minimum look-ahead in plies (3).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=10))]
    min_ply: u32,
    /// Black's first move, when Black is Samuel's player, goes through the seven
    /// opening moves in turn (pairs of games with `--alternate`), as Samuel constrained
    /// Beta's first move: games that differ from the first move on.
    #[arg(long)]
    openings: bool,
    /// Write the games as PDN here.
    #[arg(long)]
    pdn: Option<PathBuf>,
    /// Print the games and the table as one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The period-software folder, for `strachey:1952` (Strachey's original program
    /// on SimH's drum image, `Draughts/Draughts.drm`).
    #[arg(long, env = "MARK1_PERIOD_SOFTWARE")]
    period_software: Option<PathBuf>,
    /// Replace a --pdn file that exists (without it an existing file is refused before
    /// the match).
    #[arg(long)]
    force: bool,
}

/// `--json`: every game and the table.
#[derive(Serialize)]
struct MatchJson<'a> {
    squares: &'static str,
    result_convention: &'static str,
    games: &'a [GameJson],
    table: Vec<TableJson<'a>>,
    moves_a_game: f64,
    host_seconds: f64,
    simulated_seconds: f64,
}

/// A game of the match: its players, its result (2-0, 0-2, 1-1) and winner (none in a
/// draw), its moves in PDN, how it ended, its times.
#[derive(Serialize)]
struct GameJson {
    round: usize,
    black: String,
    white: String,
    result: &'static str,
    winner: Option<String>,
    moves: Vec<String>,
    ending: String,
    last: String,
    host_seconds: f64,
    simulated_seconds: f64,
}

/// A player's line of the table.
#[derive(Serialize)]
struct TableJson<'a> {
    player: &'a str,
    won: u32,
    lost: u32,
    drawn: u32,
}

/// Runs `mark1 match`: the players read and checked, the games played, the table.
///
/// # Errors
/// An unknown player or unreadable polynomial (before anything is played), a game the
/// emulated program could not finish, a file that cannot be written.
pub fn run(a: MatchArgs) -> Result<()> {
    super::out::check_outputs(&[a.pdn.as_deref()], a.force, &[])?;
    let (white, black) = players(&a)?;
    let out = &mut crate::cli::out::stdout();
    let played = play_match(&a, &white, &black, out)?;
    if let Some(p) = &a.pdn {
        super::out::write_file(p, &played.pdn, a.force)?;
    }
    report(&a, &played, out)
}

/// White's and Black's players, refused before anything is played: unknown, both
/// Strachey's program, or Strachey's original program as White.
fn players(a: &MatchArgs) -> Result<(Player, Player)> {
    let period = a.period_software.as_deref();
    let white = Player::parse_with(&a.white, period).map_err(|e| anyhow!("--white: {e}"))?;
    let black = Player::parse_with(&a.black, period).map_err(|e| anyhow!("--black: {e}"))?;
    if white.is_strachey() && black.is_strachey() {
        anyhow::bail!(
            "both sides are Strachey's program: a match needs Samuel's player on one side"
        );
    }
    if matches!(white, Player::Strachey1952 { .. })
        || (a.alternate && matches!(black, Player::Strachey1952 { .. }))
    {
        anyhow::bail!(
            "Strachey's original program moves first whatever the toss: it plays Black only (no --alternate)"
        );
    }
    Ok((white, black))
}

/// The games of a match as played.
struct Played {
    /// `--black`'s and `--white`'s names (the first game's colours).
    names: [String; 2],
    /// Games won by each of `names`.
    wins: [u32; 2],
    table: MatchTable,
    /// The games as PDN.
    pdn: String,
    records: Vec<GameJson>,
}

/// Plays the games (colours swapped every other game with `--alternate`), a line a game
/// on `out` unless `--json`.
fn play_match(
    a: &MatchArgs,
    white: &Player,
    black: &Player,
    out: &mut dyn Write,
) -> Result<Played> {
    let asm = draughts::assemble()?;
    let limits = Limits {
        min_ply: a.min_ply,
        ..Limits::default()
    };
    let mut m = Played {
        names: [black.name().to_string(), white.name().to_string()],
        wins: [0; 2],
        table: MatchTable::default(),
        pdn: String::new(),
        records: Vec::new(),
    };
    for g in 1..=a.games as usize {
        let swap = a.alternate && g % 2 == 0;
        let (b, w) = if swap { (white, black) } else { (black, white) };
        let opening = a
            .openings
            .then(|| if a.alternate { (g - 1) / 2 } else { g - 1 });
        let game = play_game(Some(&asm), b, w, g, a.seed, a.max_moves, &limits, opening)?;
        let winner = match game.outcome {
            Outcome::Black => Some(b.name()),
            Outcome::White => Some(w.name()),
            Outcome::Draw => None,
        };
        if let Some(n) = winner {
            m.wins[usize::from(n != m.names[0])] += 1;
        }
        m.records.push(GameJson {
            round: g,
            black: b.name().to_string(),
            white: w.name().to_string(),
            result: game.result(),
            winner: winner.map(str::to_string),
            moves: game.moves.clone(),
            ending: game.ending.clone(),
            last: game.last.clone(),
            host_seconds: rounded(game.host_seconds, 3),
            simulated_seconds: rounded(game.simulated_seconds, 1),
        });
        if !a.json {
            writeln!(
                out,
                "game {g}: Black {}, White {}: {} in {} moves ({}); {:.1} s host{}",
                b.name(),
                w.name(),
                winner.map_or("drawn".to_string(), |n| format!("{n} won")),
                game.moves.len(),
                game.ending,
                game.host_seconds,
                if game.simulated_seconds > 0.0 {
                    format!(", {:.0} simulated s", game.simulated_seconds)
                } else {
                    String::new()
                }
            )?;
        }
        m.pdn.push_str(&game.pdn(g));
        m.table.add(&game);
    }
    Ok(m)
}

/// The match's table: every game and the table as JSON, or the table as text.
fn report(a: &MatchArgs, m: &Played, out: &mut dyn Write) -> Result<()> {
    let (table, wins) = (&m.table, m.wins);
    let n = f64::from(table.games);
    if a.json {
        return write_json(
            out,
            &MatchJson {
                squares: "pdn",
                result_convention: "2-0 Black won, 0-2 White won, 1-1 drawn",
                games: &m.records,
                table: m
                    .names
                    .iter()
                    .enumerate()
                    .map(|(i, name)| TableJson {
                        player: name,
                        won: wins[i],
                        lost: wins[1 - i],
                        drawn: table.draws,
                    })
                    .collect(),
                moves_a_game: rounded(table.moves as f64 / n, 1),
                host_seconds: rounded(table.host_seconds, 3),
                simulated_seconds: rounded(table.simulated_seconds, 1),
            },
        );
    }
    writeln!(out)?;
    writeln!(out, "player                     won  lost  drawn")?;
    for (i, name) in m.names.iter().enumerate() {
        writeln!(
            out,
            "{:<24} {:>5} {:>5} {:>6}",
            name,
            wins[i],
            wins[1 - i],
            table.draws
        )?;
    }
    writeln!(
        out,
        "{} games, {:.1} moves a game on average (every move checked legal by the draughts reference engine); {:.1} s host, {:.0} simulated s on the emulated Mark 1",
        table.games,
        table.moves as f64 / n,
        table.host_seconds,
        table.simulated_seconds
    )?;
    if let Some(p) = &a.pdn {
        writeln!(out, "games written to {}", p.display())?;
    }
    Ok(())
}
