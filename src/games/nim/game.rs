//! A game against the nim programme (`s_mode` = 1): the driver as the operator at the
//! console. It puts the settings in (heaps, k, rule, N, who moves first), starts the
//! machine, and for the opponent's moves sets the hand switches and presses KAC when the
//! programme waits in its key routine (`k_key`, unit G's page 4; docs/nim-programme.md):
//! one entry a heap, the heap on switches 0-2 (A = 0 ... H = 7) and the matches taken on
//! switches 5-9, then KAC with nothing set to end the move. It reads the teleprinter
//! paper and, at the end, the dynamic stop `g_end`. It never computes the machine's move.

use super::{NimRunError, PROGRAM};
use crate::games::bundled::RunError;
use crate::machine::{Budget, Machine, Stop};
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
    rows: u32,
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
        let (mut m, a, l) = super::loaded(heaps, k, rule, seed)?;
        let at = |n: &str| PROGRAM.label(a, n);
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
            rows: at("rows")?,
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
        self.machine
            .enter_at_key(h, crate::machine::KAC_DEFAULT_BEATS);
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

    /// The lamp rows of the heaps in play as the tube shows them: one 40-bit long line a
    /// heap from line `rows` on (page 5), the programme's Nimrod-style picture, one spot
    /// (a 1 digit, from P0 up) a match. Drawn by unit G after every move; the move
    /// finder uses the first four rows as working lines while it runs.
    pub fn lamp_rows(&self) -> Vec<u64> {
        (0..self.n)
            .map(|i| self.machine.store.read_long(self.rows + 2 * i as u32))
            .collect()
    }
}

/// A move as the players type it, `B:2` or `B:2,D:1` (heap letter : matches taken), into
/// entries. Only the syntax is checked here: the programme judges the move itself.
///
/// # Errors
/// [`NimRunError::Move`] for text that is not heap letters A-H with 1-31 matches, or
/// empty.
pub fn parse_move(text: &str) -> Result<Vec<Entry>, NimRunError> {
    let bad = |why: &str| NimRunError::Move(format!("{}: {why}", text.trim()));
    let t = text.trim();
    if t.is_empty() {
        return Err(bad("no heap given (write e.g. B:2 or B:2,D:1)"));
    }
    t.split(',')
        .map(|part| {
            let (h, n) = part
                .trim()
                .split_once(':')
                .ok_or_else(|| bad("each heap as LETTER:MATCHES, e.g. B:2"))?;
            let h = h.trim().to_ascii_uppercase();
            let heap = match h.as_bytes() {
                [c @ b'A'..=b'H'] => usize::from(c - b'A'),
                _ => return Err(bad("a heap is one letter, A to H")),
            };
            let n: u8 = n
                .trim()
                .parse()
                .map_err(|_| bad("the matches taken are a number"))?;
            if n == 0 || n > rn::MAX_MATCHES {
                return Err(bad("the matches taken are 1 to 31"));
            }
            Ok((heap, n))
        })
        .collect()
}

/// A game played to the end or until the moves ran out.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The game's settings: the heaps at the start, k, the rule, who moved first.
    pub setup: Setup,
    /// The opponent's moves as entered (`B:2,D:1`), refused ones too.
    pub entered: Vec<String>,
    /// The teleprinter paper.
    pub paper: String,
    /// `I WIN`, `YOU WIN`, or `unfinished` (the moves ran out first).
    pub result: String,
    /// The heaps at the end, off the store.
    pub heaps_after: Vec<u8>,
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats (the beat model), KAC presses included.
    pub beats: u64,
    /// Beats of each move entered, from its first KAC to the next wait or the end: the
    /// entries, the check, and (if taken) the machine's reply with its transfers and its
    /// paper.
    pub turns: Vec<u64>,
}

impl Played {
    /// Simulated seconds of machine time (beats x 240 microseconds).
    pub fn seconds(&self) -> f64 {
        crate::machine::beats_to_seconds(self.beats)
    }

    /// The record as JSON for `mark1 nim --play --json`.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "heaps": self.setup.heaps,
            "k": self.setup.k,
            "rule": self.setup.rule.word(),
            "first": match self.setup.first { First::Machine => "machine", First::Human => "human" },
            "entered": self.entered,
            "paper": self.paper,
            "result": self.result,
            "heaps_after": self.heaps_after,
            "instructions": self.instructions,
            "beats": self.beats,
            "turn_beats": self.turns,
            "seconds": crate::machine::report::micro_seconds(self.beats),
        })
    }
}

/// The settings of a game for [`play_game`].
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The heaps, A first (2-8 heaps of 0-31 matches).
    pub heaps: Vec<u8>,
    /// k, the most heaps a move may alter (1 to N-1).
    pub k: usize,
    /// The rule in force.
    pub rule: Rule,
    /// Who moves first.
    pub first: First,
    /// Seed of the /W generator (same seed and moves, same game).
    pub seed: u64,
    /// The most beats the whole game may take.
    pub beats: u64,
}

/// Plays a game: `next` is asked for the opponent's move whenever the programme waits
/// for one (`None`: no more moves, the game is left unfinished); `show` is given each
/// stretch of paper as it is printed.
///
/// # Errors
/// [`NimRunError::Input`] for bad heaps or k; [`NimRunError::Run`] if the beats run out
/// or the machine stops anywhere but the key routine or `g_end`.
pub fn play_game(
    setup: &Setup,
    next: &mut dyn FnMut() -> Option<(String, Vec<Entry>)>,
    show: &mut dyn FnMut(&str),
) -> Result<Played, NimRunError> {
    let Setup {
        ref heaps,
        k,
        rule,
        first,
        seed,
        beats,
    } = *setup;
    let mut g = Game::new(heaps, k, rule, first, seed)?;
    let left = |g: &Game| beats.saturating_sub(g.machine.stats.beats).max(1);
    let mut w = g.run_to_wait(left(&g))?;
    show(g.paper());
    let mut entered = Vec::new();
    let mut turns = Vec::new();
    while w == Waiting::Key {
        let Some((text, entries)) = next() else { break };
        entered.push(text);
        let b0 = g.machine.stats.beats;
        let (w2, p) = g.play(&entries, left(&g))?;
        turns.push(g.machine.stats.beats - b0);
        show(&p);
        w = w2;
    }
    let result = if w == Waiting::Over {
        g.paper()
            .lines()
            .rev()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("")
            .to_string()
    } else {
        "unfinished".to_string()
    };
    Ok(Played {
        setup: setup.clone(),
        entered,
        paper: g.paper().to_string(),
        result,
        heaps_after: g.heaps(),
        instructions: g.machine.stats.instructions,
        beats: g.machine.stats.beats,
        turns,
    })
}
