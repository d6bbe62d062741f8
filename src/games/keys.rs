//! One model for a period program played at the keys: the trait [`AtTheKeys`] that every
//! game's driver implements, and the settings a game starts from. The CLI, the console,
//! the TUI and the web console drive any game through it, so a face learns a game once.
//!
//! The model follows the operator of 1951-53 (Prinz 1952; Strachey 1952; Faster than
//! Thought ch. 25): the program runs until it waits at its key routine for the opponent's
//! move or reaches its dynamic stop at the end of the game; a move is entered on the hand
//! switches with KAC (one entry after another, as each game's program reads them); the
//! operator reads the teleprinter's paper and the tubes. Nothing here computes a move.

use super::bundled::{RunError, Waiting};
use crate::machine::Machine;

/// Who moves first in a game at the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum First {
    /// The program on the machine moves first.
    #[default]
    Machine,
    /// The opponent at the console moves first.
    Human,
}

impl First {
    /// `machine` or `human`, the word the CLI and the web console use.
    pub fn word(self) -> &'static str {
        match self {
            First::Machine => "machine",
            First::Human => "human",
        }
    }

    /// Reads `machine` or `human` (any case).
    ///
    /// # Errors
    /// Any other word, with the two allowed named.
    pub fn parse(text: &str) -> Result<First, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "machine" => Ok(First::Machine),
            "human" => Ok(First::Human),
            other => Err(format!("first `{other}`: machine or human")),
        }
    }
}

/// What a game starts from, the same shape for every game and every face.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Who moves first (games where the program always moves first ignore it).
    pub first: First,
    /// The seed of the machine's random-number hardware (its noise source), and of any
    /// choice the driver makes for the operator (e.g. a deal of cards).
    pub seed: u64,
    /// The starting position in the game's own notation, if not the usual start: a FEN
    /// (Prinz, Turing's machine), heaps `3 4 5` (nim), a board size (Bridg-it), a square
    /// (the knight's tour). Each game's driver reads and validates it.
    pub position: Option<String>,
    /// A drum image the program comes on, where it is not bundled (Strachey's original
    /// draughts: SimH's drum image from the period software), or that holds the table it
    /// plays from (krk: the building program's table, else built first).
    pub drum: Option<std::path::PathBuf>,
}

/// A move refused before or while it was entered: the game goes on, nothing is lost.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in the game's notation, or the program is not waiting for
    /// one: the reason in words.
    #[error("{0}")]
    Input(String),
    /// The program itself refused the move (what it printed, e.g. Strachey's draughts'
    /// message for an illegal move, Turing's machine's REFUSED).
    #[error("the program refused the move: {0}")]
    Refused(String),
    /// The machine stopped while the move was entered.
    #[error(transparent)]
    Run(#[from] RunError),
}

/// A period program played at the keys: the driver of one game, holding the machine the
/// program runs on. Every game's driver implements it (`games::GAMES` lists them); the
/// faces (CLI, console, TUI, web) hold a `Box<dyn AtTheKeys>` and never a game by name.
pub trait AtTheKeys: Send {
    /// The game's name as the commands spell it (e.g. `nim`, `draughts`, `bridgit`), also
    /// the key of its view in the web console's frames.
    fn game(&self) -> &'static str;

    /// The machine the program runs on.
    fn machine(&self) -> &Machine;

    /// The machine, to run or to show (a face may swap its own machine in and out).
    fn machine_mut(&mut self) -> &mut Machine;

    /// Runs the machine for at most `beats` beats (1 beat = 240 µs simulated) towards the
    /// program's next wait. `Ok(None)`: the beats were spent and the program still
    /// runs (call again); `Ok(Some(Waiting::Key))`: it waits at its key routine for the
    /// opponent's move; `Ok(Some(Waiting::Over))`: the game is over (see
    /// [`AtTheKeys::end`]).
    ///
    /// # Errors
    /// [`RunError::Stopped`] when the machine stops where the program never waits (a
    /// fault of the program or of the operator's switches).
    fn run(&mut self, beats: u64) -> Result<Option<Waiting>, RunError>;

    /// What the program waits for, in words and in the game's notation, e.g. "your move:
    /// its squares in PDN (1-32), e.g. 11-15".
    fn prompt(&self) -> String;

    /// Enters the opponent's move, `text` in the game's notation, on the hand switches
    /// with KAC, one entry after another as the program reads them (the machine runs
    /// between entries, within the driver's limit). The program's reply is left for
    /// [`AtTheKeys::run`]. Call when the program waits at its key routine.
    ///
    /// # Errors
    /// [`MoveError::Input`] for text that is not a move (nothing is entered);
    /// [`MoveError::Refused`] when the program refuses it (the game goes on);
    /// [`MoveError::Run`] when the machine stops.
    fn enter(&mut self, text: &str) -> Result<(), MoveError>;

    /// The teleprinter's paper so far.
    fn paper(&self) -> &str {
        self.machine().printer_text()
    }

    /// The position as the program holds it in its store, drawn in text (a board, the
    /// heaps, the crossings taken), in the numbering the game's commands use.
    fn board(&self) -> String;

    /// The position as the program holds it, as JSON for a picture; its fields name the
    /// numbering they use (e.g. `"numbering": "PDN"`).
    fn view(&self) -> serde_json::Value;

    /// How the game ended, in words, once [`AtTheKeys::run`] has said
    /// [`Waiting::Over`] (`None` before).
    fn end(&self) -> Option<String>;

    /// A report made when the game is over, as JSON, if the program has one (Prinz's
    /// timing against Faster than Thought's figures); `None` by default.
    fn report(&self) -> Option<serde_json::Value> {
        None
    }

    /// The two store pages worth watching on the tubes while the game runs (the board,
    /// the key routine's page); pages 0 and 1 by default.
    fn pages(&self) -> [u32; 2] {
        [0, 1]
    }
}

/// The first three methods of [`AtTheKeys`] for a driver that holds its machine in a
/// field: `game_and_machine!("nim", machine)` names the game and lends the field.
macro_rules! game_and_machine {
    ($game:literal, $field:ident) => {
        fn game(&self) -> &'static str {
            $game
        }

        fn machine(&self) -> &$crate::machine::Machine {
            &self.$field
        }

        fn machine_mut(&mut self) -> &mut $crate::machine::Machine {
            &mut self.$field
        }
    };
}
pub(crate) use game_and_machine;

/// Runs `game` until it waits for the opponent or the game is over, at most `beats`
/// beats in all.
///
/// # Errors
/// [`RunError::Stopped`] when the machine stops elsewhere or the beats run out.
pub fn run_to_wait(game: &mut dyn AtTheKeys, beats: u64) -> Result<Waiting, RunError> {
    match game.run(beats)? {
        Some(w) => Ok(w),
        None => Err(RunError::Stopped(format!(
            "the program did not wait for a move within {beats} beats"
        ))),
    }
}

/// The last line of `paper` with anything printed on it, trimmed ("" if none): how a
/// game's program says how it ended (`I WIN`, `YOU HAVE WON`).
pub fn last_words(paper: &str) -> &str {
    paper
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
}
