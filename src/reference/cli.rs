//! The `mark1 ref …` subcommands as a library piece; `main.rs` wires [`RefCommand`] in as
//! `Ref { #[command(subcommand)] cmd: RefCommand }` and calls [`run`].

use std::io::Write;

use serde_json::{json, Value};

use super::chess::{self, solve_mate2, Board};
use super::draughts::moves::Move;
use super::draughts::strategy::{Xorshift, KING_2_HALF, MAN};
use super::draughts::{
    best, legal_moves, perft, perft_divide, Duplicates, Position, RandomSource, SearchParams,
    Strategy, TieBreak, START_FEN,
};
use super::RefError;

/// Native reference engines: Strachey's draughts and Prinz's chess.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum RefCommand {
    /// English draughts as Strachey's 1952 program plays it (PDN squares 1-32 in and out).
    ///
    /// Example: `mark1 ref draughts perft --depth 8`
    Draughts {
        /// What to do.
        #[command(subcommand)]
        cmd: DraughtsCommand,
    },
    /// Chess under Prinz's 1951 rules (no castling, double steps, en passant, promotion;
    /// stalemate is mate).
    ///
    /// Example: `mark1 ref chess mate2 --fen "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"`
    Chess {
        /// What to do.
        #[command(subcommand)]
        cmd: ChessCommand,
    },
}

/// Draughts subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum DraughtsCommand {
    /// Count leaf nodes N plies ahead (duplicate captures counted, as the published tables).
    ///
    /// Example: `mark1 ref draughts perft --depth 10 --divide`
    Perft {
        /// Plies.
        #[arg(long)]
        depth: u32,
        /// PDN FEN (default: the start position), e.g. `W:WK10:B14,15,22,23`.
        #[arg(long)]
        fen: Option<String>,
        /// Also print the count under each root move, in Strachey's order.
        #[arg(long)]
        divide: bool,
        /// Count captures of the same pieces by different routes once (dctl convention).
        #[arg(long)]
        merge_duplicates: bool,
    },
    /// List the legal moves in Strachey's generation order.
    ///
    /// Example: `mark1 ref draughts moves --fen "B:W21-32:B1-12" --json`
    Moves {
        /// PDN FEN.
        #[arg(long)]
        fen: String,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Value every legal move with one of Strachey's strategies and choose one.
    ///
    /// Example: `mark1 ref draughts best --fen "B:W21-32:B1-12" --strategy 1 --plies 3 --seed 1`
    Best {
        /// PDN FEN.
        #[arg(long)]
        fen: String,
        /// 1: fixed look-ahead, king 3; 2: until two consecutive non-captures, king 2½.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
        strategy: u8,
        /// Plies for strategy 1 (default 3) or the overriding limit for strategy 2 (default 4).
        #[arg(long)]
        plies: Option<u32>,
        /// King value in eighths of a man (default 24 for strategy 1, 20 = 2½ for strategy
        /// 2; Faster than Thought's 2⅞ is 23).
        #[arg(long)]
        king_eighths: Option<i32>,
        /// Tie-break rule: `uniform` (one draw, index = r·n >> 20) or `running`.
        #[arg(long, default_value = "uniform")]
        tie_break: String,
        /// Seed of the xorshift32 random source.
        #[arg(long, default_value_t = 1)]
        seed: u32,
        /// Explicit 20-bit random numbers, comma-separated, used before the seeded source.
        #[arg(long, value_delimiter = ',')]
        random: Vec<u32>,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
}

/// Chess subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum ChessCommand {
    /// Solve a mate in two with Prinz's turn structure, reporting what his program printed.
    ///
    /// Example: `mark1 ref chess mate2 --fen "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1" --json`
    Mate2 {
        /// FEN (castling and en passant fields are ignored).
        #[arg(long)]
        fen: String,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Count leaf nodes N plies ahead under Prinz's rules.
    ///
    /// Example: `mark1 ref chess perft --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" --depth 4`
    Perft {
        /// FEN.
        #[arg(long)]
        fen: String,
        /// Plies.
        #[arg(long)]
        depth: u32,
    },
}

/// A random source that hands out given numbers first, then a seeded xorshift.
struct Scripted {
    given: Vec<u32>,
    next: usize,
    rest: Xorshift,
}

impl RandomSource for Scripted {
    fn next_u20(&mut self) -> u32 {
        if let Some(&r) = self.given.get(self.next) {
            self.next += 1;
            return r & 0xF_FFFF;
        }
        self.rest.next_u20()
    }
}

fn move_json(m: &Move) -> Value {
    let caps: Vec<u32> = (0..32)
        .filter(|i| m.captured & (1 << i) != 0)
        .map(|i| i + 1)
        .collect();
    json!({
        "pdn": m.pdn(),
        "strachey": m.strachey(),
        "from": m.from + 1,
        "to": m.to + 1,
        "captured": caps,
        "type": match m.kind {
            super::draughts::MoveKind::Step(d) => d.label().to_string(),
            super::draughts::MoveKind::Capture(a, b) => format!("{} then {}", a.label(), b.label()),
        },
        "crowns": m.crowns,
    })
}

fn eighths(v: i32) -> String {
    format!("{}", v as f64 / MAN as f64)
}

/// Runs one `ref` subcommand, writing its report to `out`. Errors: bad FEN or
/// arguments ([`RefError`]), write failures.
pub fn run(cmd: &RefCommand, out: &mut dyn Write) -> Result<(), RefError> {
    match cmd {
        RefCommand::Draughts { cmd } => run_draughts(cmd, out),
        RefCommand::Chess { cmd } => run_chess(cmd, out),
    }
}

fn run_draughts(cmd: &DraughtsCommand, out: &mut dyn Write) -> Result<(), RefError> {
    match cmd {
        DraughtsCommand::Perft {
            depth,
            fen,
            divide,
            merge_duplicates,
        } => {
            let pos = Position::from_fen(fen.as_deref().unwrap_or(START_FEN))?;
            let dups = if *merge_duplicates {
                Duplicates::Merged
            } else {
                Duplicates::Counted
            };
            if *divide {
                let mut total = 0;
                for (m, n) in perft_divide(&pos, *depth, dups) {
                    writeln!(out, "{} {}", m.pdn(), n)?;
                    total += n;
                }
                if *depth == 0 {
                    total = 1;
                }
                writeln!(out, "perft({depth}) = {total}")?;
            } else {
                writeln!(out, "perft({depth}) = {}", perft(&pos, *depth, dups))?;
            }
        }
        DraughtsCommand::Moves { fen, json } => {
            let pos = Position::from_fen(fen)?;
            let moves = legal_moves(&pos);
            if *json {
                let v = json!({
                    "fen": pos.to_fen(),
                    "moves": moves.iter().map(move_json).collect::<Vec<_>>(),
                });
                writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
            } else {
                for m in &moves {
                    writeln!(out, "{:<16} strachey {}", m.pdn(), m.strachey())?;
                }
                writeln!(out, "{} moves", moves.len())?;
            }
        }
        DraughtsCommand::Best {
            fen,
            strategy,
            plies,
            king_eighths,
            tie_break,
            seed,
            random,
            json,
        } => {
            let pos = Position::from_fen(fen)?;
            let mut params = if *strategy == 1 {
                SearchParams::strategy1(plies.unwrap_or(3))
            } else {
                SearchParams::strategy2(plies.unwrap_or(4), KING_2_HALF)
            };
            if let Some(k) = king_eighths {
                params.king = *k;
            }
            params.tie_break = match tie_break.as_str() {
                "uniform" => TieBreak::Uniform,
                "running" => TieBreak::Running,
                other => {
                    return Err(RefError::Argument(format!(
                        "--tie-break {other:?}: use uniform or running"
                    )))
                }
            };
            let limit = match params.strategy {
                Strategy::Fixed { plies } | Strategy::Captures { max_plies: plies } => plies,
            };
            if !(1..=8).contains(&limit) {
                return Err(RefError::Argument(format!("--plies {limit}: use 1 to 8")));
            }
            let mut rng = Scripted {
                given: random.clone(),
                next: 0,
                rest: Xorshift(*seed),
            };
            let r = best(&pos, &params, &mut rng);
            if *json {
                let moves: Vec<Value> = r
                    .moves
                    .iter()
                    .map(|e| {
                        let mut v = move_json(&e.mv);
                        v["value_eighths"] = json!(e.value);
                        v
                    })
                    .collect();
                let v = json!({
                    "fen": pos.to_fen(),
                    "strategy": strategy,
                    "plies": limit,
                    "man_eighths": params.man,
                    "king_eighths": params.king,
                    "tie_break": tie_break,
                    "moves": moves,
                    "tied": r.tied,
                    "draws": r.draws,
                    "chosen_index": r.chosen,
                    "chosen": r.chosen.map(|i| move_json(&r.moves[i].mv)),
                    "leaves": r.leaves,
                });
                writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
            } else {
                writeln!(
                    out,
                    "strategy {strategy}, {limit} plies, man 1, king {}",
                    eighths(params.king)
                )?;
                for (i, e) in r.moves.iter().enumerate() {
                    let mark = if Some(i) == r.chosen {
                        "  <- chosen"
                    } else {
                        ""
                    };
                    writeln!(out, "{:<16} {:>7}{mark}", e.mv.pdn(), eighths(e.value))?;
                }
                match r.chosen {
                    Some(i) => writeln!(
                        out,
                        "best {} (Strachey {})",
                        r.moves[i].mv.pdn(),
                        r.moves[i].mv.strachey()
                    )?,
                    None => writeln!(out, "no legal move")?,
                }
            }
        }
    }
    Ok(())
}

fn run_chess(cmd: &ChessCommand, out: &mut dyn Write) -> Result<(), RefError> {
    match cmd {
        ChessCommand::Mate2 { fen, json } => {
            let board = Board::from_fen(fen)?;
            let r = solve_mate2(&board);
            if *json {
                let v = json!({
                    "fen": board.to_fen(),
                    "keys": r.keys.iter().map(chess::ChessMove::uci).collect::<Vec<_>>(),
                    "first_moves_tried": r.first_moves_tried.iter().map(chess::ChessMove::uci).collect::<Vec<_>>(),
                    "printed": r.first_moves_tried.iter().map(chess::ChessMove::prinz).collect::<Vec<_>>(),
                    "moves_tried": r.to_first_key.tried,
                    "illegal": r.to_first_key.illegal,
                    "full_moves_tried": r.full.tried,
                    "full_illegal": r.full.illegal,
                });
                writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
            } else {
                for m in &r.first_moves_tried {
                    writeln!(out, "{}.", m.prinz())?;
                }
                if !r.keys.is_empty() {
                    writeln!(out, "MATE.")?;
                }
                let keys: Vec<String> = r.keys.iter().map(chess::ChessMove::uci).collect();
                writeln!(
                    out,
                    "keys: {}",
                    if keys.is_empty() {
                        "none".to_string()
                    } else {
                        keys.join(" ")
                    }
                )?;
                writeln!(
                    out,
                    "to the first key: {} moves tried, {} illegal; full search: {} tried, {} illegal",
                    r.to_first_key.tried, r.to_first_key.illegal, r.full.tried, r.full.illegal
                )?;
            }
        }
        ChessCommand::Perft { fen, depth } => {
            let board = Board::from_fen(fen)?;
            writeln!(out, "perft({depth}) = {}", chess::perft(&board, *depth))?;
        }
    }
    Ok(())
}
