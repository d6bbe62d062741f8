//! `mark1 ref bridgit|noughts|guessit|knights …`: the native references for Bell's games
//! (A. G. Bell, *Games Playing with Computers*, 1972, ch. 1; docs/bell.md).

use crate::cli::out::write_json;
use anyhow::{bail, Result};
use mark1::random::Xorshift;
use mark1::reference::{bridgit, guessit, knights, noughts};
use serde::Serialize;
use std::io::Write;

/// Bridg-it subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum BridgitCommand {
    /// The board with Bell's crossing numbers (Fig. 1.5 as reconstructed).
    ///
    /// Example: `mark1 ref bridgit board --size 5`
    Board {
        /// Board size N (2-8).
        #[arg(long, default_value_t = 5)]
        size: u32,
    },
    /// Bell's reply to the opponent's crossing, and whether the formula is a winning
    /// pairing on this size (searched exhaustively).
    ///
    /// Example: `mark1 ref bridgit reply --size 5 --move 12`
    Reply {
        /// Board size N (2-8).
        #[arg(long, default_value_t = 5)]
        size: u32,
        /// The opponent's crossing.
        #[arg(long = "move")]
        om: u32,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
}

/// Noughts-and-crosses subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum NoughtsCommand {
    /// Michie's scores for the machine's move (cells 1-9 row by row from the top left).
    ///
    /// Example: `mark1 ref noughts michie --board "x.o..xo.."`
    Michie {
        /// Nine characters, row by row: `x` the machine's, `o` the opponent's, `.` empty.
        #[arg(long)]
        board: String,
    },
    /// MENACE's boxes counted by move.
    Boxes,
    /// MENACE trained against an opponent: its results game block by game block.
    ///
    /// Example: `mark1 ref noughts menace --games 300 --opponent perfect --seed 1`
    Menace {
        /// Games (1 to 1,000,000).
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        games: u64,
        /// perfect, random or michie.
        #[arg(long, default_value = "perfect", value_parser = ["perfect", "random", "michie"])]
        opponent: String,
        /// What an empty box does: resign (Michie's) or refill.
        #[arg(long, default_value = "resign", value_parser = ["resign", "refill"])]
        empty: String,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games a line of the report.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        block: u64,
    },
}

/// Guess It subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum GuessitCommand {
    /// Bell's two tables beside the ones solved here, entry by entry.
    Tables,
    /// Bell's procedure against itself: the first player's share of wins with its 95 %
    /// interval.
    ///
    /// Example: `mark1 ref guess-it selfplay --games 1000000 --seed 1`
    Selfplay {
        /// Games (1 to 10^8).
        #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        games: u64,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Knight's-tour subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum KnightsCommand {
    /// Warnsdorff's rule from a square, drawn as Bell's Fig. 1.1.
    ///
    /// Example: `mark1 ref knights-tour tour --from a1`
    Tour {
        /// The starting square, a1-h8.
        #[arg(long, default_value = "a1")]
        from: String,
    },
    /// Bell's Fig. 1.1 checked: a legal tour? closed?
    Figure,
}

/// `ref bridgit reply --json`: the machine's answer to the opponent's crossing, and
/// whether Bell's formula is a winning pairing on this size.
#[derive(Serialize)]
struct ReplyJson {
    numbering: &'static str,
    size: u32,
    r#move: u32,
    reply: u32,
    pairing_wins: bool,
}

/// Runs a `ref bridgit` subcommand.
///
/// # Errors
/// A bad size or crossing.
pub fn bridgit(cmd: &BridgitCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        BridgitCommand::Board { size } => {
            let b = bridgit::Board::new(*size)?;
            write!(out, "{}", b.diagram())?;
            writeln!(
                out,
                "size {size}: {} crossings; o Black's circles (base the top row, goal the bottom), x White's (base the left column, goal the right)",
                bridgit::crossings(*size)
            )?;
        }
        BridgitCommand::Reply { size, om, json } => {
            bridgit::check_size(*size)?;
            let count = bridgit::crossings(*size);
            if !(2..=count).contains(om) {
                bail!("crossing {om}: the opponent's move is one of 2 to {count} (1 is the machine's first)");
            }
            let a = bridgit::reply(*size, *om);
            let wins = bridgit::pairing_wins(*size);
            if *json {
                write_json(
                    out,
                    &ReplyJson {
                        numbering: "Bell's crossings, Fig. 1.5 as reconstructed (docs/bell.md)",
                        size: *size,
                        r#move: *om,
                        reply: a,
                        pairing_wins: wins,
                    },
                )?;
            } else {
                writeln!(
                    out,
                    "the opponent crosses {om}: the machine answers {a} (size {size}; the formula {} a winning pairing here)",
                    if wins { "is" } else { "is not" }
                )?;
            }
        }
    }
    Ok(())
}

/// Runs a `ref noughts` subcommand.
///
/// # Errors
/// A malformed board, or one where the game is over (a line of three, no empty cell).
pub fn noughts(cmd: &NoughtsCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        NoughtsCommand::Michie { board } => {
            let cells: Vec<char> = board.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != 9 {
                bail!(
                    "a board is nine cells (x, o or .), row by row: got {}",
                    cells.len()
                );
            }
            let mut b = [noughts::EMPTY; 9];
            for (i, c) in cells.iter().enumerate() {
                b[i] = match c.to_ascii_lowercase() {
                    'x' | 'm' => noughts::X,
                    'o' | '0' => noughts::O,
                    '.' | '-' => noughts::EMPTY,
                    other => bail!("cell {}: `{other}` is not x, o or .", i + 1),
                };
            }
            if let Some(w) = noughts::winner(&b) {
                let mark = if w == noughts::X { "x" } else { "o" };
                bail!("the game is over ({mark} has three in a line): the machine has no move");
            }
            if noughts::over(&b) {
                bail!("the game is over (the board is full): the machine has no move");
            }
            let s = noughts::michie_scores(&b, noughts::X);
            for (i, v) in s.iter().enumerate() {
                if let Some(v) = v {
                    writeln!(out, "cell {}: {v}", i + 1)?;
                }
            }
            let best: Vec<String> = noughts::michie_choices(&b, noughts::X)
                .iter()
                .map(|i| (i + 1).to_string())
                .collect();
            writeln!(out, "the machine plays {}", best.join(" or "))?;
        }
        NoughtsCommand::Menace {
            games,
            opponent,
            empty,
            seed,
            block,
        } => {
            use noughts::menace::{is_corner, Empty, Menace, Opponent, Result3};
            let opp = match opponent.as_str() {
                "random" => Opponent::Random,
                "michie" => Opponent::Michie,
                _ => Opponent::Perfect,
            };
            let empty = if empty == "refill" {
                Empty::Refill
            } else {
                Empty::Resign
            };
            let mut m = Menace::default();
            let mut rng = Xorshift(*seed as u32 ^ 0x3E4A);
            writeln!(out, "games          won drawn  lost  corner openings")?;
            let (mut w, mut d, mut l, mut c) = (0, 0, 0, 0);
            for g in 1..=*games {
                let (r, first) = m.play(opp, empty, &mut rng);
                match r {
                    Result3::Win => w += 1,
                    Result3::Draw => d += 1,
                    Result3::Loss => l += 1,
                }
                if is_corner(first) {
                    c += 1;
                }
                if g % block == 0 || g == *games {
                    let from = (g - 1) / block * block + 1;
                    writeln!(out, "{from:>5}-{g:<6} {w:>5} {d:>5} {l:>5}  {c:>5}")?;
                    (w, d, l, c) = (0, 0, 0, 0);
                }
            }
            writeln!(out, "{} boxes opened", m.boxes.len())?;
        }
        NoughtsCommand::Boxes => {
            let all = noughts::menace_boxes(false, false);
            writeln!(
                out,
                "MENACE's boxes (positions X meets, up to symmetry, game not over): moves 1, 3, 5, 7: {}, {}, {}, {}; {} in all",
                all[0], all[1], all[2], all[3], all.iter().sum::<usize>()
            )?;
        }
    }
    Ok(())
}

/// Runs a `ref guess-it` subcommand.
///
/// # Errors
/// A failed write.
pub fn guessit(cmd: &GuessitCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        GuessitCommand::Tables => write!(out, "{}", guessit::tables_text())?,
        GuessitCommand::Selfplay { games, seed } => {
            let mut rng = Xorshift(*seed as u32 ^ 0x6E55);
            let w = guessit::selfplay(*games, &mut rng);
            let p = w as f64 / *games as f64;
            let half = 1.96 * (p * (1.0 - p) / *games as f64).sqrt();
            writeln!(
                out,
                "{games} games: the first player won {w} ({p:.4}, 95 % interval {:.4} to {:.4}); Bell: 0.54",
                p - half,
                p + half
            )?;
        }
    }
    Ok(())
}

/// Runs a `ref knights-tour` subcommand.
///
/// # Errors
/// A bad square.
pub fn knights(cmd: &KnightsCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        KnightsCommand::Tour { from } => {
            let s = knights::parse(from)?;
            let path = knights::warnsdorff(s);
            write!(out, "{}", knights::board_text(&path))?;
            let (legal, closed) = knights::check_tour(&path);
            let result = mark1::reference::knights::tour_words(s, path.len(), legal, closed);
            if legal {
                writeln!(out, "{result}")?;
            } else {
                writeln!(
                    out,
                    "{result} (Warnsdorff's rule, ties to the first in our order)"
                )?;
            }
        }
        KnightsCommand::Figure => {
            let Some(path) = knights::figure_path() else {
                bail!("Fig. 1.1 does not hold the numbers 1 to 64 once each");
            };
            write!(out, "{}", knights::board_text(&path))?;
            let (legal, closed) = knights::check_tour(&path);
            writeln!(
                out,
                "Bell's Fig. 1.1: {} tour from {}{}",
                if legal { "a legal" } else { "not a legal" },
                knights::name(path[0]),
                if closed { ", closed" } else { ", open" }
            )?;
        }
    }
    Ok(())
}
