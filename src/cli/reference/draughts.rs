//! `mark1 ref draughts …`: Strachey's draughts: perft, the legal moves, the best move
//! under one of his strategies.

use crate::cli::out::write_json;
use anyhow::Result;
use mark1::random::{RandomSource, Xorshift};
use mark1::reference::draughts::moves::Move;
use mark1::reference::draughts::strategy::{BestMove, KING_2_HALF, MAN};
use mark1::reference::draughts::{
    best, legal_moves, perft, Duplicates, MoveKind, Position, SearchParams, Strategy, TieBreak,
    START_FEN,
};
use mark1::reference::RefError;
use serde::Serialize;
use std::io::Write;

/// The depth from which `perft` shows its progress bar (12 plies take a few seconds
/// from the start, 15 minutes).
const PROGRESS_DEPTH: u32 = 12;

/// Draughts subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum DraughtsCommand {
    /// Count leaf nodes N plies ahead (duplicate captures counted, as the published tables;
    /// at most 15 plies, which take minutes from the start; from 12 plies a progress bar
    /// on standard error when it is a terminal).
    ///
    /// Example: `mark1 ref draughts perft --depth 10 --divide`
    Perft {
        /// Plies, 0-15.
        #[arg(long, value_parser = clap::value_parser!(u32).range(..=i64::from(perft::MAX_PERFT_DEPTH)))]
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
        /// Worker threads for the root moves (1 or more); all cores by default. The result is the
        /// same for any number.
        #[arg(long, value_parser = crate::cli::parse_threads)]
        threads: Option<usize>,
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

/// A move in the JSON of `moves` and `best`: `from`, `to` and `captured` in PDN squares
/// 1-32 (the output's `"squares": "pdn"`); `pdn` and `strachey` the move in each
/// notation, named.
fn move_json(m: &Move) -> MoveJson {
    MoveJson {
        pdn: m.pdn(),
        strachey: m.strachey(),
        from: m.from + 1,
        to: m.to + 1,
        captured: (0..32)
            .filter(|i| m.captured & (1 << i) != 0)
            .map(|i| i + 1)
            .collect(),
        r#type: match m.kind {
            MoveKind::Step(d) => d.label().to_string(),
            MoveKind::Capture(a, b) => format!("{} then {}", a.label(), b.label()),
        },
        crowns: m.crowns,
        value_eighths: None,
    }
}

/// A move in the JSON ([`move_json`]); in `best`'s list of moves, with its value.
#[derive(Serialize)]
struct MoveJson {
    pdn: String,
    strachey: String,
    from: u8,
    to: u8,
    captured: Vec<u32>,
    /// The step's direction, or the directions of a capture's first and last stages.
    r#type: String,
    crowns: bool,
    /// The move's value in eighths of a man (`best`'s moves only).
    #[serde(skip_serializing_if = "Option::is_none")]
    value_eighths: Option<i32>,
}

/// `moves --json`: the legal moves in Strachey's order.
#[derive(Serialize)]
struct MovesJson {
    squares: &'static str,
    fen: String,
    moves: Vec<MoveJson>,
}

/// `best --json`: the settings, every move with its value, the ties, the draws of the
/// tie-break, the choice (its index and the move) and the leaves searched.
#[derive(Serialize)]
struct BestJson<'a> {
    squares: &'static str,
    fen: String,
    strategy: u8,
    plies: u32,
    man_eighths: i32,
    king_eighths: i32,
    tie_break: &'a str,
    moves: Vec<MoveJson>,
    tied: &'a [usize],
    draws: &'a [u32],
    chosen_index: Option<usize>,
    chosen: Option<MoveJson>,
    leaves: u64,
}

fn eighths(v: i32) -> String {
    format!("{}", v as f64 / MAN as f64)
}

/// Runs one `ref draughts` subcommand, writing its report to `out`.
///
/// # Errors
/// A bad FEN or argument, or a failed write.
pub fn run(cmd: &DraughtsCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        DraughtsCommand::Perft {
            depth,
            fen,
            divide,
            merge_duplicates,
            threads,
        } => run_perft(
            *depth,
            fen.as_deref(),
            (*divide, *merge_duplicates),
            *threads,
            out,
        ),
        DraughtsCommand::Moves { fen, json } => run_moves(fen, *json, out),
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
            let params = search_params(*strategy, *plies, *king_eighths, tie_break)?;
            let mut rng = Scripted {
                given: random.clone(),
                next: 0,
                rest: Xorshift(*seed),
            };
            let r = best(&pos, &params, &mut rng);
            if *json {
                best_json(&pos, *strategy, &params, tie_break, &r, out)
            } else {
                best_text(*strategy, &params, &r, out)
            }
        }
    }
}

/// `perft`: the count, or with `divide` (the first of `(divide, merge_duplicates)`) the
/// count under each root move first; the root moves counted on `threads` threads.
fn run_perft(
    depth: u32,
    fen: Option<&str>,
    (divide, merge_duplicates): (bool, bool),
    threads: Option<usize>,
    out: &mut dyn Write,
) -> Result<()> {
    let pos = Position::from_fen(fen.unwrap_or(START_FEN))?;
    let dups = if merge_duplicates {
        Duplicates::Merged
    } else {
        Duplicates::Counted
    };
    if divide {
        // The root moves are counted in parallel; each line is shown as soon as it and
        // every line before it in Strachey's order are counted (the workers send them
        // here, to the thread that owns `out`).
        let (tx, rx) = std::sync::mpsc::channel::<(usize, usize, String)>();
        let tx = std::sync::Mutex::new(tx);
        let counts = std::thread::scope(|scope| -> Result<Vec<_>> {
            let job = scope.spawn(|| {
                let r = crate::cli::with_threads(threads, || {
                    perft::perft_divide_each(&pos, depth, dups, &|i, total, m, n| {
                        if let Ok(tx) = tx.lock() {
                            let _ = tx.send((i, total, format!("{} {}", m.pdn(), n)));
                        }
                    })
                });
                drop(tx);
                r
            });
            let (mut waiting, mut next) = (std::collections::BTreeMap::new(), 0);
            while let Ok((i, total, line)) = rx.recv() {
                waiting.insert(i, line);
                while let Some(line) = waiting.remove(&next) {
                    writeln!(out, "{line}")?;
                    out.flush()?;
                    next += 1;
                }
                if next == total {
                    break;
                }
            }
            job.join()
                .map_err(|_| anyhow::anyhow!("the perft worker failed"))?
        })?;
        let total = if depth == 0 {
            1
        } else {
            counts.iter().map(|(_, n)| n).sum()
        };
        writeln!(out, "perft({depth}) = {total}")?;
    } else {
        let mut bar = super::RootProgress::new(depth >= PROGRESS_DEPTH);
        let n = crate::cli::with_threads(threads, || {
            perft::perft_with_progress(&pos, depth, dups, &mut |d, t| bar.update(d, t))
        })?;
        drop(bar);
        writeln!(out, "perft({depth}) = {n}")?;
    }
    Ok(())
}

/// `moves`: the legal moves in Strachey's order, as text or JSON.
fn run_moves(fen: &str, json: bool, out: &mut dyn Write) -> Result<()> {
    let pos = Position::from_fen(fen)?;
    let moves = legal_moves(&pos);
    if json {
        write_json(
            out,
            &MovesJson {
                squares: "pdn",
                fen: pos.to_fen(),
                moves: moves.iter().map(move_json).collect(),
            },
        )?;
    } else {
        for m in &moves {
            writeln!(out, "{:<16} strachey {}", m.pdn(), m.strachey())?;
        }
        writeln!(out, "{} moves", moves.len())?;
    }
    Ok(())
}

/// The search settings `best` asks for: the strategy with its plies (1-8) and king,
/// and the tie-break rule by name.
fn search_params(
    strategy: u8,
    plies: Option<u32>,
    king_eighths: Option<i32>,
    tie_break: &str,
) -> Result<SearchParams, RefError> {
    let mut params = if strategy == 1 {
        SearchParams::strategy1(plies.unwrap_or(3))
    } else {
        SearchParams::strategy2(plies.unwrap_or(4), KING_2_HALF)
    };
    if let Some(k) = king_eighths {
        params.king = k;
    }
    params.tie_break = match tie_break {
        "uniform" => TieBreak::Uniform,
        "running" => TieBreak::Running,
        other => {
            return Err(RefError::Argument(format!(
                "--tie-break `{other}`: use uniform or running"
            )))
        }
    };
    let limit = plies_of(&params);
    if !(1..=8).contains(&limit) {
        return Err(RefError::Argument(format!("--plies {limit}: use 1 to 8")));
    }
    Ok(params)
}

/// The look-ahead limit of the settings.
fn plies_of(params: &SearchParams) -> u32 {
    match params.strategy {
        Strategy::Fixed { plies } | Strategy::Captures { max_plies: plies } => plies,
    }
}

/// `best --json`: the settings, every move with its value, the ties, the draws, the
/// choice and the leaves searched.
fn best_json(
    pos: &Position,
    strategy: u8,
    params: &SearchParams,
    tie_break: &str,
    r: &BestMove,
    out: &mut dyn Write,
) -> Result<()> {
    let moves = r
        .moves
        .iter()
        .map(|e| MoveJson {
            value_eighths: Some(e.value),
            ..move_json(&e.mv)
        })
        .collect();
    write_json(
        out,
        &BestJson {
            squares: "pdn",
            fen: pos.to_fen(),
            strategy,
            plies: plies_of(params),
            man_eighths: params.man,
            king_eighths: params.king,
            tie_break,
            moves,
            tied: &r.tied,
            draws: &r.draws,
            chosen_index: r.chosen,
            chosen: r.chosen.map(|i| move_json(&r.moves[i].mv)),
            leaves: r.leaves,
        },
    )
}

/// `best` as text: the settings, every move with its value in men (the chosen one
/// marked), and the best move in both notations.
fn best_text(strategy: u8, params: &SearchParams, r: &BestMove, out: &mut dyn Write) -> Result<()> {
    writeln!(
        out,
        "strategy {strategy}, {} plies, man 1, king {}",
        plies_of(params),
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
    Ok(())
}
