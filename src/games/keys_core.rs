//! The operator's side of a bundled program at the keys, written once for the drivers
//! of Bell's games (`noughts` with the incomplete defence and `noughts::menace`,
//! `bridgit`, `knights`, `guessit`):
//!
//! - `bundled_program!`: a driver's program (its sources compiled in, the assembly made
//!   once, its labels looked up by name);
//! - [`GameError`]: the one error type of these drivers (bad input, or the run failing);
//! - [`KeysCore`]: the machine with the program loaded, its key routine's line (a
//!   breakpoint) and its dynamic stop at the end, run to the next wait within the
//!   driver's limit or a face's budget, a value entered on the hand switches with KAC;
//! - [`Driver`] and [`AtKeys`]: what a game adds to the core (its notation, its board,
//!   its end), and the [`AtTheKeys`] every face plays it through.
//!
//! Every one of these programs waits for the opponent at a line labelled `k_key` (the
//! breakpoint) and ends the game with a dynamic stop at `g_end` (docs/bell.md).

use super::bundled::{Bundled, BundledError, RunError, Waiting};
use super::keys::{AtTheKeys, MoveError};
use crate::machine::report::describe_stop;
use crate::machine::{Budget, Config, Machine, Stop, KAC_DEFAULT_BEATS};

/// Declares a driver's bundled program in the module that invokes it: `static PROGRAM`
/// (a [`Bundled`] of the files named, paths from the crate's root, the main file first),
/// `pub fn assembly()` and `fn label(name)`.
macro_rules! bundled_program {
    ($($path:literal),+ $(,)?) => {
        static PROGRAM: $crate::games::bundled::Bundled = $crate::games::bundled::Bundled::new(&[
            $(($path, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)))),+
        ]);

        /// The program's assembly, made once from its bundled sources.
        ///
        /// # Errors
        /// The bundled source does not assemble.
        pub fn assembly(
        ) -> Result<&'static $crate::asm::Assembly, $crate::games::bundled::BundledError> {
            PROGRAM.assembly()
        }

        /// The address of the program's label `name`.
        fn label(name: &str) -> Result<u32, $crate::games::bundled::BundledError> {
            PROGRAM.label(PROGRAM.assembly()?, name)
        }
    };
}
pub(crate) use bundled_program;

/// Errors of the drivers of Bell's games.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// Input refused before anything ran: a cell, crossing, square or card that is not
    /// one, a position that cannot be, a bad drum image; the reason in words.
    #[error("{0}")]
    Input(String),
    /// The program did not assemble, lacks a label, or the machine stopped elsewhere.
    #[error(transparent)]
    Run(#[from] RunError),
}

super::bundled::run_error_from_bundled!(GameError);

/// `From` a reference's error (a size, a crossing, a square refused) for [`GameError`],
/// as [`GameError::Input`] with its words.
macro_rules! input_from {
    ($error:ty) => {
        impl From<$error> for $crate::games::keys_core::GameError {
            fn from(e: $error) -> Self {
                $crate::games::keys_core::GameError::Input(e.to_string())
            }
        }
    };
}
pub(crate) use input_from;

impl From<GameError> for MoveError {
    fn from(e: GameError) -> MoveError {
        match e {
            GameError::Input(s) => MoveError::Input(s),
            GameError::Run(r) => MoveError::Run(r),
        }
    }
}

/// A machine with `program` loaded (the store and its units on the drum), the random
/// source `/W` seeded with `seed`; nothing run.
///
/// # Errors
/// The program does not assemble.
pub fn loaded(program: &Bundled, seed: u64) -> Result<Machine, BundledError> {
    let mut m = Machine::new(Config {
        seed,
        ..Config::default()
    });
    m.load_image(&program.assembly()?.image);
    Ok(m)
}

/// Runs `m` for at most `beats` beats until it reaches the breakpoint at `key_line`
/// (where `at_key` says the key routine really is in the store there) or the dynamic
/// stop at `end_line` (`lines` is the two): `Ok(None)` when the beats are spent first.
/// `watch` is told of a breakpoint at any other line and says whether it was one the
/// driver set (it is then passed, and the run goes on).
///
/// # Errors
/// [`RunError::Stopped`] when the machine stops anywhere else; `watch`'s own.
pub fn run_until(
    m: &mut Machine,
    (key_line, end_line): (u32, u32),
    beats: u64,
    at_key: &dyn Fn(&Machine, u32) -> bool,
    watch: &mut dyn FnMut(&Machine, u32) -> Result<bool, RunError>,
) -> Result<Option<Waiting>, RunError> {
    let end = m.stats.beats.saturating_add(beats);
    loop {
        let left = end.saturating_sub(m.stats.beats);
        return Ok(Some(match m.run(Budget::beats(left)) {
            Stop::Breakpoint { line } if line == key_line => {
                if !at_key(m, line) {
                    continue;
                }
                Waiting::Key
            }
            Stop::DynamicStop { line } if line == end_line => Waiting::Over,
            Stop::BeatLimit => return Ok(None),
            Stop::Breakpoint { line } if watch(m, line)? => continue,
            other => return Err(RunError::Stopped(describe_stop(&other))),
        }));
    }
}

/// Runs `m` (a program's one-move mode) for at most `beats` beats to its dynamic stop
/// at `line`.
///
/// # Errors
/// [`RunError::Stopped`] when it stops anywhere else or the beats run out.
pub fn run_to_stop(m: &mut Machine, line: u32, beats: u64) -> Result<(), RunError> {
    match m.run(Budget::beats(beats)) {
        Stop::DynamicStop { line: l } if l == line => Ok(()),
        other => Err(RunError::Stopped(describe_stop(&other))),
    }
}

/// How long the driver lets the program run before it gives up (beats of 240 µs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// At most this many beats from one wait to the next.
    EachWait(u64),
    /// At most this many beats from the start (the knight's tour: the whole tour).
    FromStart(u64),
}

/// The core of a game at the keys: the machine with the program loaded, a breakpoint
/// on its key routine (`k_key`), its dynamic stop at the end (`g_end`), what it last
/// waited for. Each game's `Game` holds one and dereferences to it, so `game.machine`,
/// `game.run_to_wait()`, `game.enter(n)` and `game.paper()` are written here once.
pub struct KeysCore {
    /// The machine.
    pub machine: Machine,
    key_line: u32,
    end_line: u32,
    limit: Limit,
    switches: u32,
    at_key: fn(&Machine, u32) -> bool,
    waiting: Option<Waiting>,
}

impl KeysCore {
    /// `program` loaded on a machine whose `/W` is seeded with `seed`, a breakpoint on
    /// its key routine; nothing run. `switches` masks what [`KeysCore::key`] sets on the
    /// hand switches (those the program reads).
    ///
    /// # Errors
    /// The program does not assemble or lacks `k_key` or `g_end`.
    pub fn new(
        program: &Bundled,
        seed: u64,
        limit: Limit,
        switches: u32,
    ) -> Result<KeysCore, BundledError> {
        let mut machine = loaded(program, seed)?;
        let a = program.assembly()?;
        let key_line = program.label(a, "k_key")?;
        machine.breaks.set_line(key_line, true);
        Ok(KeysCore {
            machine,
            key_line,
            end_line: program.label(a, "g_end")?,
            limit,
            switches,
            at_key: |_, _| true,
            waiting: None,
        })
    }

    /// The same, the breakpoint on the key routine's line counted a wait only where
    /// `at_key(machine, line)` says the key routine is in the store there (a program
    /// that brings units down over it).
    pub fn only_at_key(self, at_key: fn(&Machine, u32) -> bool) -> KeysCore {
        KeysCore { at_key, ..self }
    }

    /// The key routine's line.
    pub fn key_line(&self) -> u32 {
        self.key_line
    }

    /// What the program waits for since it last stopped (`None`: it has not yet run, or
    /// runs on after a move or KCC).
    pub fn waiting(&self) -> Option<Waiting> {
        self.waiting
    }

    /// Runs at most `beats` beats until the program waits (see [`run_until`]), and
    /// remembers the wait.
    fn go(
        &mut self,
        beats: u64,
        watch: &mut dyn FnMut(&Machine, u32) -> Result<bool, RunError>,
    ) -> Result<Option<Waiting>, RunError> {
        let lines = (self.key_line, self.end_line);
        let w = run_until(&mut self.machine, lines, beats, &self.at_key, watch)?;
        self.waiting = w;
        Ok(w)
    }

    /// Runs the program for at most `beats` beats towards its next wait, as
    /// [`AtTheKeys::run`]: at once if it already waits.
    ///
    /// # Errors
    /// [`RunError::Stopped`] when the machine stops where the program never waits.
    pub fn run(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        self.run_watching(beats, &mut |_, _| Ok(false))
    }

    /// [`KeysCore::run`], `watch` told of the driver's other breakpoints (see
    /// [`KeysCore::run_to_wait_watching`]).
    ///
    /// # Errors
    /// As [`KeysCore::run`], and `watch`'s own.
    pub fn run_watching(
        &mut self,
        beats: u64,
        watch: &mut dyn FnMut(&Machine, u32) -> Result<bool, RunError>,
    ) -> Result<Option<Waiting>, RunError> {
        match self.waiting {
            Some(w) => Ok(Some(w)),
            None => self.go(beats, watch),
        }
    }

    /// Runs until the program waits for KAC or the game is over, within the driver's
    /// limit.
    ///
    /// # Errors
    /// The machine stopping elsewhere or running past the limit.
    pub fn run_to_wait(&mut self) -> Result<Waiting, RunError> {
        self.run_to_wait_watching(&mut |_, _| Ok(false))
    }

    /// [`KeysCore::run_to_wait`], `watch` called at a breakpoint on any line but the key
    /// routine's with the machine and the line: `Ok(true)` when the driver set it (to
    /// look at the store there) and the run goes on, `Ok(false)` when it is none of its
    /// (the machine stopped unexpectedly).
    ///
    /// # Errors
    /// As [`KeysCore::run_to_wait`], and `watch`'s own.
    pub fn run_to_wait_watching(
        &mut self,
        watch: &mut dyn FnMut(&Machine, u32) -> Result<bool, RunError>,
    ) -> Result<Waiting, RunError> {
        let beats = match self.limit {
            Limit::EachWait(b) => b,
            Limit::FromStart(b) => b.saturating_sub(self.machine.stats.beats),
        };
        self.go(beats, watch)?
            .ok_or_else(|| RunError::Stopped(describe_stop(&Stop::BeatLimit)))
    }

    /// Sets `value` on the hand switches (masked to those the program reads) and
    /// presses KAC, the machine running while it is held; the program's reply is left
    /// for the next run.
    pub fn key(&mut self, value: u32) {
        self.machine
            .enter_at_key(value & self.switches, KAC_DEFAULT_BEATS);
        self.waiting = None;
    }

    /// [`KeysCore::key`], then runs to the next wait.
    ///
    /// # Errors
    /// As [`KeysCore::run_to_wait`].
    pub fn enter(&mut self, value: u32) -> Result<Waiting, RunError> {
        self.key(value);
        self.run_to_wait()
    }

    /// KCC: the program starts again at line 1 (the store and the drum as they are);
    /// nothing run yet.
    pub fn kcc(&mut self) {
        self.machine.kcc();
        self.waiting = None;
    }

    /// The paper so far.
    pub fn paper(&self) -> &str {
        self.machine.printer_text()
    }
}

/// `Deref` and `DerefMut` to the [`KeysCore`] in a driver's field `core`.
macro_rules! holds_core {
    ($game:ty) => {
        impl std::ops::Deref for $game {
            type Target = $crate::games::keys_core::KeysCore;
            fn deref(&self) -> &Self::Target {
                &self.core
            }
        }
        impl std::ops::DerefMut for $game {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.core
            }
        }
    };
}
pub(crate) use holds_core;

/// What a game adds to its [`KeysCore`] to be played at the keys: its notation, its
/// board and its end, as [`AtTheKeys`] asks for them ([`AtKeys`] makes the rest).
pub trait Driver: std::ops::DerefMut<Target = KeysCore> + Send {
    /// What the program waits for, in words and in the game's notation.
    fn move_prompt(&self) -> String;

    /// The hand switches for the move `text` (trimmed), in the game's notation, or why
    /// it is not a move.
    ///
    /// # Errors
    /// The reason in words.
    fn move_switches(&self, text: &str) -> Result<u32, String>;

    /// The board as the program holds it, in text, as the game's commands print it.
    fn board_text(&self) -> String;

    /// The board as the program holds it, as JSON naming its numbering.
    fn board_json(&self) -> serde_json::Value;

    /// How the game ended, in words, once the program is at its end.
    fn result_text(&self) -> Option<String>;

    /// The store page that holds the board.
    fn board_page(&self) -> u32;

    /// Runs towards the next wait within `beats`; the core's run by default.
    ///
    /// # Errors
    /// As [`KeysCore::run`].
    fn run_within(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        KeysCore::run(self, beats)
    }
}

/// A driver played through [`AtTheKeys`] under the name the commands give it.
pub struct AtKeys<G> {
    game: &'static str,
    driver: G,
}

impl<G: Driver + 'static> AtKeys<G> {
    /// `driver` played as `game` (e.g. `noughts`, `defence`), boxed for a face.
    pub fn boxed(game: &'static str, driver: G) -> Box<dyn AtTheKeys> {
        Box::new(AtKeys { game, driver })
    }
}

impl<G: Driver> AtTheKeys for AtKeys<G> {
    fn game(&self) -> &'static str {
        self.game
    }

    fn machine(&self) -> &Machine {
        &self.driver.machine
    }

    fn machine_mut(&mut self) -> &mut Machine {
        &mut self.driver.machine
    }

    fn run(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        self.driver.run_within(beats)
    }

    fn prompt(&self) -> String {
        self.driver.move_prompt()
    }

    fn enter(&mut self, text: &str) -> Result<(), MoveError> {
        if self.driver.waiting() != Some(Waiting::Key) {
            return Err(MoveError::Input(
                "the program is not waiting for a move: run it to its key routine first".into(),
            ));
        }
        let h = self
            .driver
            .move_switches(text.trim())
            .map_err(MoveError::Input)?;
        self.driver.key(h);
        Ok(())
    }

    fn board(&self) -> String {
        self.driver.board_text()
    }

    fn view(&self) -> serde_json::Value {
        self.driver.board_json()
    }

    fn end(&self) -> Option<String> {
        match self.driver.waiting() {
            Some(Waiting::Over) => self.driver.result_text(),
            _ => None,
        }
    }

    fn pages(&self) -> [u32; 2] {
        [self.driver.board_page(), self.driver.key_line() / 64]
    }
}

/// Test help: plays `game` through [`super::start`] from `settings`, the opponent's
/// moves chosen by `choose` from the game as it stands at each wait (it may try moves
/// that are refused), until the game is
/// over or `moves` moves have been entered; each run within `beats`.
#[cfg(test)]
pub(crate) fn play(
    game: &str,
    settings: &super::Settings,
    moves: usize,
    beats: u64,
    mut choose: impl FnMut(&mut dyn AtTheKeys) -> String,
) -> Box<dyn AtTheKeys> {
    let mut g = super::start(game, settings).unwrap();
    assert_eq!(g.game(), game);
    for _ in 0..moves {
        match super::keys::run_to_wait(&mut *g, beats).unwrap() {
            Waiting::Over => return g,
            Waiting::Key => {
                let m = choose(&mut *g);
                g.enter(&m).unwrap();
            }
        }
    }
    super::keys::run_to_wait(&mut *g, beats).unwrap();
    g
}
