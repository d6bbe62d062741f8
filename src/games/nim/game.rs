//! A game against the nim programme (`s_mode` = 1): the driver as the operator at the
//! console. It puts the settings in (heaps, k, rule, N, who moves first), starts the
//! machine, and for the opponent's moves sets the hand switches and presses KAC when the
//! programme waits in its key routine (`k_key`, unit G's page 4; docs/nim-programme.md):
//! one entry a heap, the heap on switches 0-2 (A = 0 ... H = 7) and the matches taken on
//! switches 5-9, then KAC with nothing set to end the move. It reads the teleprinter
//! paper and, at the end, the dynamic stop `g_end`. It never computes the machine's move.

use super::{lines, NimRunError, PROGRAM};
use crate::games::bundled::RunError;
use crate::machine::{Budget, Config, Machine, Stop};
use crate::reference::nim::{self as rn, Rule};

/// Who moves first in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// The machine (`s_first` = 0).
    Machine,
    /// The opponent at the console (`s_first` = 1).
    Human,
}

/// Where the machine stopped running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// In the key routine, waiting for KAC (the opponent's entry).
    Key,
    /// At the dynamic stop `g_end`: the game is over.
    Over,
}

/// One entry of the opponent's move: a heap (0 = A ... 7 = H) and the matches taken
/// (1-31).
pub type Entry = (usize, u8);

/// The hand switches for one entry: the heap on switches 0-2, the matches taken on
/// switches 5-9 (switch n is digit 2^n of H).
pub fn switches(e: Entry) -> u32 {
    (e.0 as u32 & 7) | (u32::from(e.1) & 31) << 5
}

/// A game in progress on the emulated machine.
pub struct Game {
    /// The machine (its store, paper and counters are the operator's to read).
    pub machine: Machine,
    key_line: u32,
    end_line: u32,
    hh: u32,
    n: usize,
}

impl Game {
    /// The settings put in and the machine started (KEC, the programme loaded, s_mode = 1);
    /// nothing is run yet.
    ///
    /// # Errors
    /// [`NimRunError::Input`] for heaps or k that [`rn::validate`] refuses.
    pub fn new(
        heaps: &[u8],
        k: usize,
        rule: Rule,
        first: First,
        seed: u64,
    ) -> Result<Game, NimRunError> {
        rn::validate(heaps, k)?;
        let (a, l) = lines()?;
        let at = |n: &str| PROGRAM.label(a, n);
        let mut m = Machine::new(Config {
            seed,
            ..Config::default()
        });
        m.kec();
        m.load_image(&a.image);
        for i in 0..rn::MAX_HEAPS {
            let v = heaps.get(i).copied().unwrap_or(0);
            m.store.write_long(l.hh + 2 * i as u32, u64::from(v));
        }
        m.store.write_long(l.k, k as u64);
        m.store.write_long(l.rule, u64::from(rule == Rule::Normal));
        m.store.write_long(at("s_mode")?, 1);
        m.store.write_long(at("s_n")?, heaps.len() as u64);
        m.store
            .write_long(at("s_first")?, u64::from(first == First::Human));
        let key_line = at("k_key")?;
        m.breaks.set_line(key_line, true);
        Ok(Game {
            machine: m,
            key_line,
            end_line: at("g_end")?,
            hh: l.hh,
            n: heaps.len(),
        })
    }

    /// Runs until the programme waits for KAC or stops at `g_end`, at most `budget` beats.
    ///
    /// # Errors
    /// [`NimRunError::Run`] if the budget runs out or the machine stops elsewhere.
    pub fn run_to_wait(&mut self, budget: u64) -> Result<Waiting, NimRunError> {
        match self.machine.run(Budget::beats(budget)) {
            Stop::Breakpoint { line } if line == self.key_line => Ok(Waiting::Key),
            Stop::DynamicStop { line } if line == self.end_line => Ok(Waiting::Over),
            other => Err(RunError::Stopped(crate::machine::report::describe_stop(&other)).into()),
        }
    }

    /// One entry at the key routine: the hand switches set to `h`, KAC held for
    /// [`crate::machine::KAC_DEFAULT_BEATS`] beats, released.
    pub fn enter(&mut self, h: u32) {
        self.machine.step(); // past the breakpoint, into the count-down
        self.machine.set_hand_switches(h);
        self.machine.set_kac(true);
        self.machine
            .run(Budget::beats(crate::machine::KAC_DEFAULT_BEATS));
        self.machine.set_kac(false);
    }

    /// The opponent's move, one entry a heap and KAC with nothing set at the end, then the
    /// machine run on until it waits again or the game is over. Call when
    /// [`Game::run_to_wait`] has said [`Waiting::Key`]. Returns the paper printed since.
    ///
    /// # Errors
    /// As [`Game::run_to_wait`], each entry given `budget` beats.
    pub fn play(
        &mut self,
        entries: &[Entry],
        budget: u64,
    ) -> Result<(Waiting, String), NimRunError> {
        let before = self.paper().len();
        for &e in entries {
            self.enter(switches(e));
            if self.run_to_wait(budget)? == Waiting::Over {
                return Ok((Waiting::Over, self.paper()[before..].to_string()));
            }
        }
        self.enter(0);
        let w = self.run_to_wait(budget)?;
        Ok((w, self.paper()[before..].to_string()))
    }

    /// The teleprinter paper so far.
    pub fn paper(&self) -> &str {
        self.machine.printer_text()
    }

    /// The heaps in play as the store holds them (the tube: lines `hh` on).
    pub fn heaps(&self) -> Vec<u8> {
        (0..self.n)
            .map(|i| self.machine.store.read_long(self.hh + 2 * i as u32) as u8)
            .collect()
    }
}
