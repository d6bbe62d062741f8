//! `mark1 ref …`: the native reference engines from the command line: Strachey's
//! draughts ([`draughts`]), Prinz's chess ([`chess`]), Faster than Thought's nim
//! ([`nim`]), Turing's paper chess machine ([`turochamp`]) and king and rook against
//! king by retrograde analysis ([`krk`]), among others.

pub mod ajedrecista;
pub mod bell;
pub mod chess;
pub mod draughts;
pub mod krk;
pub mod nim;
pub mod samuel;
pub mod turochamp;

use anyhow::Result;
use indicatif::ProgressBar;
use std::io::Write;

/// A progress bar on standard error for a long perft: root moves done of their total.
/// It shows only when standard error is a terminal and the run is deep enough to take a
/// while; it is cleared at the end, so the count on standard output stands alone.
pub struct RootProgress(Option<ProgressBar>);

impl RootProgress {
    /// A bar if `deep` and standard error is a terminal, otherwise nothing.
    pub fn new(deep: bool) -> RootProgress {
        RootProgress(crate::cli::out::progress_bar(
            deep,
            0,
            "perft [{bar:40}] {pos}/{len} root moves, {elapsed}",
        ))
    }

    /// Reports `done` root moves of `total` (the library's progress callback).
    pub fn update(&mut self, done: usize, total: usize) {
        if let Some(bar) = &self.0 {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    }
}

impl Drop for RootProgress {
    fn drop(&mut self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// Native reference engines, one a game (each named as the game's own command where it
/// has one: `guess-it`, `knights-tour`; the older `guessit` and `knights` kept as aliases).
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
    /// Nim as Faster than Thought's universal-computer programme plays it (misère by
    /// default, up to k heaps a move), and Bell's single pile.
    ///
    /// Example: `mark1 ref nim move --heaps 7,4,5,2 --k 2`
    Nim {
        /// What to do.
        #[command(subcommand)]
        cmd: nim::NimCommand,
    },
    /// Turing's paper chess machine (typescript "Digital Computers applied to Games";
    /// Faster than Thought ch. 25): its move, its replay of the two printed games, a game.
    ///
    /// Example: `mark1 ref turochamp replay --game 2`
    Turochamp {
        /// What to do.
        #[command(subcommand)]
        cmd: turochamp::TurochampCommand,
    },
    /// Samuel's checkers player (1959) as a native engine: the terms of his scoring
    /// polynomial, his look-ahead, rote learning and learning by generalisation.
    ///
    /// Example: `mark1 ref samuel learn --games 20 --seed 1 --out learned.json`
    Samuel {
        /// What to do.
        #[command(subcommand)]
        cmd: samuel::SamuelCommand,
    },
    /// Torres Quevedo's king-and-rook machine, El Ajedrecista (1912): its six-row table
    /// (Vigneron 1914), the census of every position it can meet, its longest games.
    ///
    /// Example: `mark1 ref ajedrecista census`
    Ajedrecista {
        /// What to do.
        #[command(subcommand)]
        cmd: ajedrecista::AjedrecistaCommand,
    },
    /// King and rook against king solved by retrograde analysis: every legal position's
    /// distance to mate with best play, the census by distance, a position's best moves.
    ///
    /// Example: `mark1 ref krk best --fen "8/8/8/8/8/2k5/1R6/K7 w - - 0 1"`
    Krk {
        /// What to do.
        #[command(subcommand)]
        cmd: krk::KrkCommand,
    },
    /// Bridg-it with Gross's strategy as Bell's formula (Bell 1972, ch. 1.2).
    ///
    /// Example: `mark1 ref bridgit board --size 5`
    Bridgit {
        /// What to do.
        #[command(subcommand)]
        cmd: bell::BridgitCommand,
    },
    /// Noughts and crosses: Michie's scoring, MENACE's boxes (Bell 1972, ch. 1.3).
    ///
    /// Example: `mark1 ref noughts michie --board "x.o..xo.."`
    Noughts {
        /// What to do.
        #[command(subcommand)]
        cmd: bell::NoughtsCommand,
    },
    /// Isaacs' Guess It: Bell's tables beside the solved game, self-play (Bell 1972,
    /// ch. 1.4).
    ///
    /// Example: `mark1 ref guess-it tables`
    #[command(name = "guess-it", alias = "guessit")]
    Guessit {
        /// What to do.
        #[command(subcommand)]
        cmd: bell::GuessitCommand,
    },
    /// The knight's tour: Bell's Fig. 1.1, Warnsdorff's rule.
    ///
    /// Example: `mark1 ref knights-tour tour --from a1`
    #[command(name = "knights-tour", alias = "knights")]
    Knights {
        /// What to do.
        #[command(subcommand)]
        cmd: bell::KnightsCommand,
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
        RefCommand::Nim { cmd } => nim::run(cmd, out),
        RefCommand::Turochamp { cmd } => turochamp::run(cmd, out),
        RefCommand::Samuel { cmd } => samuel::run(cmd, out),
        RefCommand::Ajedrecista { cmd } => ajedrecista::run(cmd, out),
        RefCommand::Krk { cmd } => krk::run(cmd, out),
        RefCommand::Bridgit { cmd } => bell::bridgit(cmd, out),
        RefCommand::Noughts { cmd } => bell::noughts(cmd, out),
        RefCommand::Guessit { cmd } => bell::guessit(cmd, out),
        RefCommand::Knights { cmd } => bell::knights(cmd, out),
    }
}
