//! `mark1 ref chess …`: Prinz-rules chess: the mate-in-two solver and perft.

use crate::cli::out::write_json;
use anyhow::Result;
use mark1::reference::chess::{self, solve_mate2, Board};
use serde::Serialize;
use std::io::Write;

/// The depth from which `perft` shows its progress bar (6 plies take about a second
/// from the opening, 7 minutes).
const PROGRESS_DEPTH: u32 = 6;

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
    /// Count leaf nodes N plies ahead under Prinz's rules (at most 7 plies, which take
    /// minutes from the opening; from 6 plies a progress bar on standard error when it
    /// is a terminal).
    ///
    /// Example: `mark1 ref chess perft --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" --depth 4`
    Perft {
        /// FEN.
        #[arg(long)]
        fen: String,
        /// Plies, 0-7.
        #[arg(long, value_parser = clap::value_parser!(u32).range(..=i64::from(chess::MAX_PERFT_DEPTH)))]
        depth: u32,
        /// Worker threads for the root moves (1 or more); all cores by default. The result is the
        /// same for any number.
        #[arg(long, value_parser = crate::cli::parse_threads)]
        threads: Option<usize>,
    },
}

/// `mate2 --json`: the keys and the first moves tried (UCI; `printed` as Prinz's
/// program printed them), the moves tried up to the first key and in the full search.
#[derive(Serialize)]
struct Mate2Json {
    fen: String,
    keys: Vec<String>,
    first_moves_tried: Vec<String>,
    printed: Vec<String>,
    moves_tried: u64,
    illegal: u64,
    full_moves_tried: u64,
    full_illegal: u64,
}

/// Runs one `ref chess` subcommand, writing its report to `out`.
///
/// # Errors
/// A bad FEN, or a failed write.
pub fn run(cmd: &ChessCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        ChessCommand::Mate2 { fen, json } => {
            let board = Board::from_fen(fen)?;
            let r = solve_mate2(&board);
            if *json {
                write_json(
                    out,
                    &Mate2Json {
                        fen: board.to_fen(),
                        keys: r.keys.iter().map(chess::ChessMove::uci).collect(),
                        first_moves_tried: r
                            .first_moves_tried
                            .iter()
                            .map(chess::ChessMove::uci)
                            .collect(),
                        printed: r
                            .first_moves_tried
                            .iter()
                            .map(chess::ChessMove::prinz)
                            .collect(),
                        moves_tried: r.to_first_key.tried,
                        illegal: r.to_first_key.illegal,
                        full_moves_tried: r.full.tried,
                        full_illegal: r.full.illegal,
                    },
                )?;
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
        ChessCommand::Perft {
            fen,
            depth,
            threads,
        } => {
            let board = Board::from_fen(fen)?;
            let mut bar = super::RootProgress::new(*depth >= PROGRESS_DEPTH);
            let n = crate::cli::with_threads(*threads, || {
                chess::perft_with_progress(&board, *depth, &mut |d, t| bar.update(d, t))
            })?;
            drop(bar);
            writeln!(out, "perft({depth}) = {n}")?;
        }
    }
    Ok(())
}
