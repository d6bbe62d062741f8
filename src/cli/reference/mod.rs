//! `mark1 ref …`: the native reference engines from the command line: Strachey's
//! draughts ([`draughts`]) and Prinz's chess ([`chess`]).

pub mod chess;
pub mod draughts;

use anyhow::Result;
use std::io::Write;

/// Native reference engines: Strachey's draughts and Prinz's chess.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum RefCommand {
    /// English draughts as Strachey's 1952 program plays it (PDN squares 1-32 in and out).
    ///
    /// Example: `mark1 ref draughts perft --depth 8`
    Draughts {
        /// What to do.
        #[command(subcommand)]
        cmd: draughts::DraughtsCommand,
    },
    /// Chess under Prinz's 1951 rules (no castling, double steps, en passant, promotion;
    /// stalemate is mate).
    ///
    /// Example: `mark1 ref chess mate2 --fen "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"`
    Chess {
        /// What to do.
        #[command(subcommand)]
        cmd: chess::ChessCommand,
    },
}

/// Runs one `ref` subcommand, writing its report to `out`.
///
/// # Errors
/// A bad FEN or argument, or a failed write.
pub fn run(cmd: &RefCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        RefCommand::Draughts { cmd } => draughts::run(cmd, out),
        RefCommand::Chess { cmd } => chess::run(cmd, out),
    }
}
