//! A game against the nim programme (`s_mode` = 1): the driver as the operator at the
//! console. It puts the settings in (heaps, k, rule, N, who moves first), starts the
//! machine, and for the opponent's moves sets the hand switches and presses KAC when the
//! programme waits in its key routine (`k_key`, unit G's page 4; docs/nim-programme.md):
//! one entry a heap, the heap on switches 0-2 (A = 0 ... H = 7) and the matches taken on
//! switches 5-9, then KAC with nothing set to end the move. It reads the teleprinter
//! paper and, at the end, the dynamic stop `g_end`. It never computes the machine's move.

use super::{NimRunError, PROGRAM};
use crate::games::bundled::RunError;
use crate::games::keys::{last_words, AtTheKeys, MoveError, Settings};
use crate::games::keys_core::run_until;
use crate::machine::Machine;
use crate::reference::nim::{self as rn, Rule};

/// Where the machine stopped running: in the key routine waiting for KAC, or at the
/// dynamic stop `g_end` (the game over); the one [`crate::games::bundled::Waiting`].
pub use crate::games::bundled::Waiting;
/// Who moves first: the machine (`s_first` = 0) or the opponent at the console
/// (`s_first` = 1); the one [`crate::games::keys::First`] of every game.
pub use crate::games::keys::First;

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
    /// The game is over (the programme reached `g_end`).
    over: bool,
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
            over: false,
        })
    }

    /// Runs until the programme waits for KAC or stops at `g_end`, at most `budget` beats.
    ///
    /// # Errors
    /// [`NimRunError::Run`] if the budget runs out or the machine stops elsewhere.
    pub fn run_to_wait(&mut self, budget: u64) -> Result<Waiting, NimRunError> {
        let w = crate::games::bundled::run_to_wait(
            &mut self.machine,
            self.key_line,
            self.end_line,
            budget,
            |_| true,
        )?;
        self.over |= w == Waiting::Over;
        Ok(w)
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
            "first": self.setup.first.word(),
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
        last_words(g.paper()).to_string()
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

/// The heaps a game starts from when the settings name none: 3, 4 and 5 matches.
pub const DEFAULT_HEAPS: [u8; 3] = [3, 4, 5];

/// Beats an entry of a move may take before the programme is back at its key routine
/// (a few thousand in fact).
const ENTRY_BEATS: u64 = 1 << 22;

/// Heaps as the settings give them, `3 4 5` or `3,4,5` (A first).
///
/// # Errors
/// A heap that is not a number of 0 to 255, in words (the programme's own limits, 2-8
/// heaps of 0-31, are checked when the game is set up).
pub fn parse_heaps(text: &str) -> Result<Vec<u8>, String> {
    text.split([' ', ',', '\t'])
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<u8>()
                .map_err(|_| format!("heaps `{}`: `{t}` is not a number of matches", text.trim()))
        })
        .collect()
}

/// Starts a game of nim at the keys from `settings`: the heaps from `position` (default
/// [`DEFAULT_HEAPS`]), one heap altered a move, the last match losing (Faster than
/// Thought's game), `first` and `seed` as given; nothing run yet.
///
/// # Errors
/// Heaps the programme does not take, or the programme failing to assemble, in words.
pub fn start(settings: &Settings) -> Result<Box<dyn AtTheKeys>, String> {
    let heaps = match &settings.position {
        Some(p) => parse_heaps(p)?,
        None => DEFAULT_HEAPS.to_vec(),
    };
    let g = Game::new(&heaps, 1, Rule::Misere, settings.first, settings.seed)
        .map_err(|e| e.to_string())?;
    Ok(Box::new(g))
}

impl AtTheKeys for Game {
    crate::games::keys::game_and_machine!("nim", machine);

    fn run(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        let lines = (self.key_line, self.end_line);
        let w = run_until(
            &mut self.machine,
            lines,
            beats,
            &|_, _| true,
            &mut |_, _| Ok(false),
        )?;
        self.over |= w == Some(Waiting::Over);
        Ok(w)
    }

    fn prompt(&self) -> String {
        "your move: the heap's letter and the matches taken, e.g. B:2".into()
    }

    /// Each heap's entry (its letter on switches 0-2, the matches on 5-9) with KAC, the
    /// programme run back to its key routine between entries, then KAC with nothing set.
    fn enter(&mut self, text: &str) -> Result<(), MoveError> {
        let entries = parse_move(text).map_err(|e| MoveError::Input(e.to_string()))?;
        for &e in &entries {
            Game::enter(self, switches(e));
            if crate::games::keys::run_to_wait(self, ENTRY_BEATS)? == Waiting::Over {
                return Ok(());
            }
        }
        Game::enter(self, 0);
        Ok(())
    }

    /// One line a heap as the store holds it: its letter, its matches, a `|` a match.
    fn board(&self) -> String {
        self.heaps()
            .iter()
            .zip('A'..='H')
            .map(|(&h, c)| format!("{c} {h:2} {}\n", "|".repeat(usize::from(h))))
            .collect()
    }

    fn view(&self) -> serde_json::Value {
        serde_json::json!({ "heaps": self.heaps() })
    }

    fn end(&self) -> Option<String> {
        self.over
            .then(|| format!("the game ended: {}", last_words(self.paper())))
    }

    fn pages(&self) -> [u32; 2] {
        [5, 7]
    }
}

#[cfg(test)]
mod tests {
    use crate::games::bundled::Waiting;
    use crate::games::keys::{last_words, run_to_wait, First, MoveError, Settings};

    /// The heaps as the paper's last line prints them (`A1 B4 C5`).
    fn printed_heaps(paper: &str) -> Vec<u64> {
        last_words(paper)
            .split_whitespace()
            .map(|t| t[1..].parse().unwrap())
            .collect()
    }

    #[test]
    fn a_move_at_the_keys_and_the_programmes_reply() {
        let settings = Settings {
            first: First::Human,
            seed: 1951,
            position: Some("3 4 5".into()),
            drum: None,
        };
        let mut g = crate::games::start("nim", &settings).unwrap();
        assert_eq!(g.pages(), [5, 7]);
        assert_eq!(run_to_wait(g.as_mut(), 1 << 24).unwrap(), Waiting::Key);
        assert_eq!(g.view()["heaps"], serde_json::json!([3, 4, 5]));
        // Not a move: refused before anything is entered; the game goes on.
        assert!(matches!(g.enter("Q:9"), Err(MoveError::Input(_))));
        g.enter("A:1").unwrap();
        let before = g.paper().len();
        assert_eq!(run_to_wait(g.as_mut(), 1 << 24).unwrap(), Waiting::Key);
        let reply = g.paper()[before..].to_string();
        assert!(reply.contains("I TAKE"), "{reply}");
        // The heaps shown are those the paper prints after the machine's move: our match
        // and the machine's taken off the 12.
        let shown: Vec<u64> = g.view()["heaps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_u64().unwrap())
            .collect();
        assert_eq!(shown, printed_heaps(g.paper()), "{reply}");
        assert!(shown.iter().sum::<u64>() < 11, "{shown:?}");
        assert!(g.board().starts_with(&format!("A {:2}", shown[0])));
        assert_eq!(g.end(), None);
    }
}
