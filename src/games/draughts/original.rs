//! Strachey's original Draughts (1952) itself, on the emulated Mark 1: SimH's drum
//! image of his program (the period-software folder, test data never copied into this
//! repository), operated as its operators did (period-software README, DR_Game):
//! the drum booted with KEC and H = `////`, DR/C MASTER started from Scheme A with the
//! tape text `K VS @ D/@C OEEZ` and `Y`, KAC at the prompts; then each square of the
//! opponent's move set on the hand switches (the tens digit one-hot in switches 0–4, the
//! units one-hot in 5–14) and entered with KAC, KAC with nothing set to end the move
//! and again to accept the position shown; the machine's reply read off the
//! teleprinter.
//!
//! What the driver found out by operating it (docs/samuel.md, "Strachey's original"):
//! - A capture by the opponent is entered as the program prints its own: the square
//!   moved from, the square reached, then each square taken (`25 - 18 22`). Entered as
//!   from and to alone the program moves the man but leaves the taken piece on its
//!   board.
//! - Whatever the hand switches say when it asks HAVE I WON, the program moves first:
//!   it plays Black here.
//! - It prints its move in its right-hand column as `13 - 22`, with `K` for a crowning
//!   and the squares taken when it takes two or more (`14 - 28 K 24 17`); it then waits
//!   for the opponent's move without a sound for about five minutes before it hoots.
//!
//! Squares are Strachey's 0–31 at the keys and on the paper (the program's own); at the
//! faces ([`AtTheKeys`]) the visitor types and sees PDN 1–32, as with our own draughts.
//! The driver reads the paper and never chooses a move for the program; like its
//! operator it keeps the game on a board of its own (the reference's legal moves
//! matched to what was printed and entered), so that it can show the position after
//! the program's move and not enter a move the rules forbid.

use crate::formats::drm::read_drm;
use crate::formats::tape::pt_value;
use crate::games::bundled::{RunError, Waiting};
use crate::games::keys::{AtTheKeys, MoveError, Settings};
use crate::machine::report::describe_stop;
use crate::machine::{Budget, Config, Machine};
use crate::reference::draughts::{Position, Side};
use std::path::Path;

/// Instructions before a KAC press, and held (as SimH's `set cpu kac` does).
const KAC_AFTER: u64 = 700;
/// Instructions between the operator's presses.
const BETWEEN: u64 = 5000;
/// Beats a slice of waiting for the paper (4.8 simulated seconds).
const SLICE: u64 = 20_000;

/// Errors of operating the original program.
#[derive(Debug, thiserror::Error)]
pub enum OriginalRunError {
    /// The drum image cannot be read.
    #[error("Strachey's drum {path}: {reason}")]
    Drum {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The program did not print what the operator waited for within the limit.
    #[error("the program did not print `{waited}` within {seconds:.0} simulated seconds; the paper ends: {tail}")]
    Timeout {
        /// What was awaited.
        waited: String,
        /// The limit.
        seconds: f64,
        /// The last of the paper.
        tail: String,
    },
    /// The program printed something the driver cannot read as a move.
    #[error("the program printed `{0}`, not a move")]
    Unreadable(String),
    /// The machine stopped (how, in words) while the driver waited for a move.
    #[error("the machine stopped: {0}")]
    Stopped(String),
}

/// A move as the program printed it (Strachey's squares).
#[derive(Clone, Debug, PartialEq)]
pub struct PrintedMove {
    /// The line as printed (its right-hand column).
    pub text: String,
    /// Square moved from.
    pub from: u8,
    /// Square reached.
    pub to: u8,
    /// Whether it printed `K` (a crowning).
    pub crowned: bool,
    /// The squares it printed as taken (only when it takes two or more).
    pub taken: Vec<u8>,
    /// Simulated seconds from the operator's last KAC to the move's last character.
    pub seconds: f64,
}

/// The original program running on an emulated Mark 1, waiting for the operator.
pub struct Original {
    /// The machine.
    pub machine: Machine,
    /// Paper already read.
    mark: usize,
    /// The paper's length when the driver last looked, and the beat it last changed at.
    heard: usize,
    changed_at: u64,
    /// How the game ended, once the driver has seen it end.
    end: Option<String>,
    /// The game's position as the operator keeps it on his own board: the usual start,
    /// then each move the program printed and each move entered, matched to the
    /// reference's legal moves (for the record and the faces' board only; the program
    /// keeps its own). `None` once a move could not be matched.
    game: Option<Position>,
    /// Its move has been read and it waits for the opponent's ([`AtTheKeys::run`] returns
    /// at once until a move is entered: a refused move leaves it waiting).
    waiting: bool,
}

/// The legal move of `pos` that `from`, `to` and the squares `taken` (all Strachey's; the
/// program prints the taken squares only when it takes two or more, so none means any)
/// describe: how a move printed or entered is read.
pub fn matching(
    pos: &Position,
    from: u8,
    to: u8,
    taken: &[u8],
) -> Option<crate::reference::draughts::Move> {
    let mask = taken.iter().fold(0u32, |a, &s| a | 1 << s);
    crate::reference::draughts::legal_moves(pos)
        .into_iter()
        .find(|m| m.from == from && m.to == to && (taken.is_empty() || m.captured == mask))
}

/// What the driver saw while it watched the paper for the program's move.
enum Watched {
    /// The beats were spent first.
    Spent,
    /// The program's move, its column as printed.
    Move(String),
    /// The program claimed the game or refused to go on (its words).
    Claimed(String),
    /// The machine stopped (how, in words).
    Stopped(String),
}

impl Original {
    /// Boots `drum` (SimH's `Draughts.drm`) and starts the game as the operating
    /// procedure says, up to the toss; the program then moves first.
    ///
    /// # Errors
    /// The drum cannot be read; the program does not reach the toss.
    pub fn start(drum: &Path, config: Config) -> Result<Original, OriginalRunError> {
        let bytes = crate::formats::input::read_limited(drum, crate::formats::input::DRUM)
            .map_err(|e| OriginalRunError::Drum {
                path: drum.display().to_string(),
                reason: e.reason(),
            })?;
        let words = read_drm(&bytes).map_err(|e| OriginalRunError::Drum {
            path: drum.display().to_string(),
            reason: e.to_string(),
        })?;
        let mut m = Machine::new(config);
        m.drum.load_words(&words);
        m.set_hand_switches(0);
        m.kec();
        let mut o = Original {
            machine: m,
            mark: 0,
            heard: 0,
            changed_at: 0,
            end: None,
            game: Some(Position::start()),
            waiting: false,
        };
        o.go_until("++INITIAL--", 1_000_000)?;
        let tape = |t: &str| -> Vec<u8> { t.chars().filter_map(pt_value).collect() };
        o.machine.feed_tape(&tape("KVS@D/@COEEZ"));
        o.machine.feed_tape(&tape("Y"));
        o.go_until("PLEASE READ THE INSTRUCTION CARD", 5_000_000)?;
        o.kac();
        o.go_until("SPIN A COIN", 5_000_000)?;
        o.kac();
        o.mark = o.machine.printer_text().len();
        o.listen();
        Ok(o)
    }

    /// From now on, a move counts once the paper has been still for a slice.
    fn listen(&mut self) {
        self.heard = self.machine.printer_text().len();
        self.changed_at = self.machine.stats.beats;
    }

    /// Runs at most `beats` (a slice at a time) until the program has printed a move in
    /// its right-hand column and the paper has not changed for a slice (4.8 simulated
    /// seconds) since, it claims the game, or the machine stops. A move read moves the
    /// driver's mark past it.
    fn watch(&mut self, beats: u64) -> Watched {
        let end = self.machine.stats.beats + beats;
        while self.machine.stats.beats < end {
            let (n, before) = (
                SLICE.min(end - self.machine.stats.beats),
                self.machine.stats.beats,
            );
            // A stop the program goes on from (its hoots) is run through, as the operator
            // let it run; one it stays at ends the game.
            let stop = self.machine.run(Budget::beats(n));
            if self.machine.stats.beats == before {
                return Watched::Stopped(describe_stop(&stop));
            }
            let now = self.machine.printer_text().len();
            if now != self.heard {
                self.heard = now;
                self.changed_at = self.machine.stats.beats;
                continue;
            }
            if self.machine.stats.beats - self.changed_at < SLICE {
                continue;
            }
            let fresh = &self.machine.printer_text()[self.mark..];
            if let Some(line) = fresh.lines().rev().find_map(machine_column) {
                let text = line.trim().to_string();
                self.mark = now;
                self.game = match (self.game.take(), parse_printed(&text)) {
                    (Some(pos), Ok(p)) => matching(&pos, p.from, p.to, &p.taken)
                        .map(|m| crate::reference::draughts::moves::apply(&pos, &m)),
                    _ => None,
                };
                return Watched::Move(text);
            }
            if fresh.contains("I CLAIM THE GAME") || fresh.contains("I REFUSE") {
                return Watched::Claimed(fresh.trim().to_string());
            }
        }
        Watched::Spent
    }

    /// Runs until the paper holds `text` (from where the driver last read), at most
    /// `beats`.
    fn go_until(&mut self, text: &str, beats: u64) -> Result<(), OriginalRunError> {
        let end = self.machine.stats.beats + beats;
        while !self.machine.printer_text()[self.mark..].contains(text) {
            if self.machine.stats.beats >= end {
                return Err(self.timeout(text, beats));
            }
            self.machine.run(Budget::beats(SLICE));
        }
        self.mark = self.machine.printer_text().len();
        Ok(())
    }

    fn timeout(&self, waited: &str, beats: u64) -> OriginalRunError {
        let p = self.machine.printer_text();
        let tail: String = p
            .chars()
            .rev()
            .take(80)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        OriginalRunError::Timeout {
            waited: waited.to_string(),
            seconds: crate::machine::beats_to_seconds(beats),
            tail: tail.replace('\n', " / "),
        }
    }

    /// One KAC: pressed after 700 instructions, held 700.
    fn kac(&mut self) {
        self.machine.run(Budget::instructions(KAC_AFTER));
        self.machine.set_kac(true);
        self.machine.run(Budget::instructions(KAC_AFTER));
        self.machine.set_kac(false);
    }

    /// Waits (at most `beats`) for the program's next move in its right-hand column and
    /// reads it: done when such a line has appeared and the paper has not changed for
    /// 4.8 simulated seconds.
    ///
    /// # Errors
    /// [`OriginalRunError::Timeout`] if no move comes; [`OriginalRunError::Unreadable`].
    pub fn reply(&mut self, beats: u64) -> Result<PrintedMove, OriginalRunError> {
        let start = self.machine.stats.beats;
        self.listen();
        match self.watch(beats) {
            Watched::Move(text) => {
                let mut mv = parse_printed(&text)?;
                // The time to the move's last character, at the granularity of a slice.
                mv.seconds = crate::machine::beats_to_seconds(self.changed_at - start);
                Ok(mv)
            }
            Watched::Spent => Err(self.timeout("a move", beats)),
            Watched::Claimed(words) => Err(OriginalRunError::Unreadable(words)),
            Watched::Stopped(how) => Err(OriginalRunError::Stopped(how)),
        }
    }

    /// Enters the opponent's move: each square (Strachey's 0–31) on the hand switches
    /// with KAC, KAC with nothing set to end the move, KAC again to accept the position.
    /// A capture is entered as the program prints one: from, to, the squares taken.
    pub fn enter(&mut self, squares: &[u8]) {
        self.waiting = false;
        self.game = match (self.game.take(), squares) {
            (Some(pos), [from, to, taken @ ..]) => matching(&pos, *from, *to, taken)
                .map(|m| crate::reference::draughts::moves::apply(&pos, &m)),
            _ => None,
        };
        for &s in squares {
            self.machine.run(Budget::instructions(BETWEEN));
            self.machine
                .set_hand_switches((1 << (s / 10)) | (1 << (5 + s % 10)));
            self.kac();
        }
        self.machine.run(Budget::instructions(BETWEEN));
        self.machine.set_hand_switches(0);
        self.kac();
        self.machine.run(Budget::instructions(BETWEEN));
        self.kac();
        self.listen();
    }

    /// The paper so far.
    pub fn paper(&self) -> &str {
        self.machine.printer_text()
    }

    /// The position the program searched from, as page 4 shows it (its look-ahead's
    /// first frame: the kings at line 266, White's men and kings at 272, Black's at
    /// 274, found by watching the page through a game: docs/profiler.md, "Moves
    /// considered and plies"). After a reply the search has put the pieces back: the
    /// position before the program's move. `(b, w, k)`, Strachey's squares; the kings
    /// word is as the search left it, which after some king moves is not the game's.
    pub fn board(&self) -> (u32, u32, u32) {
        let r = |a: u32| self.machine.store.read_long(a) as u32;
        let (w, b) = (r(256 + 16), r(256 + 18));
        (b, w, r(256 + 10) & (b | w))
    }
}

/// The squares of `m` as the program takes a move at the keys ([`Original::enter`]):
/// from, to, then each square taken, the largest first (Strachey's squares).
pub fn entry(m: &crate::reference::draughts::Move) -> Vec<u8> {
    let mut squares = vec![m.from, m.to];
    squares.extend((0..32u8).rev().filter(|s| m.captured & (1 << s) != 0));
    squares
}

/// The program's column of a printed line (from the 31st character), if it holds a
/// move (starts with a digit).
fn machine_column(line: &str) -> Option<&str> {
    let right = line.get(30..)?;
    right
        .trim_start()
        .starts_with(|c: char| c.is_ascii_digit())
        .then_some(right)
}

/// Reads `13 - 22`, `26 - 31 K`, `14 - 28 K 24 17`.
///
/// # Errors
/// [`OriginalRunError::Unreadable`] for anything else.
pub fn parse_printed(text: &str) -> Result<PrintedMove, OriginalRunError> {
    let bad = || OriginalRunError::Unreadable(text.to_string());
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() < 3 || words[1] != "-" {
        return Err(bad());
    }
    let sq = |w: &str| w.parse::<u8>().ok().filter(|&s| s < 32);
    let (from, to) = (sq(words[0]).ok_or_else(bad)?, sq(words[2]).ok_or_else(bad)?);
    let mut crowned = false;
    let mut taken = Vec::new();
    for w in &words[3..] {
        if *w == "K" {
            crowned = true;
        } else {
            taken.push(sq(w).ok_or_else(bad)?);
        }
    }
    Ok(PrintedMove {
        text: text.to_string(),
        from,
        to,
        crowned,
        taken,
        seconds: 0.0,
    })
}

/// Starts Strachey's original program at the keys from `settings.drum` (SimH's
/// `Draughts.drm`, from the period-software folder), booted and taken through the card
/// and the toss as [`Original::start`] does, on a machine whose random numbers come from
/// `seed`. The program moves first whatever the toss (`first` is not used): it plays Black.
///
/// # Errors
/// No drum image given, or one that cannot be read or does not reach the toss, in words.
pub fn start(settings: &Settings) -> Result<Box<dyn AtTheKeys>, String> {
    let drum = settings.drum.as_deref().ok_or(
        "Strachey's original draughts needs its drum image: SimH's Draughts.drm from the \
         period-software folder",
    )?;
    if let Some(p) = &settings.position {
        return Err(format!(
            "position `{p}`: the original program starts from the usual position only"
        ));
    }
    let config = Config {
        seed: settings.seed,
        ..Config::default()
    };
    Ok(Box::new(
        Original::start(drum, config).map_err(|e| e.to_string())?,
    ))
}

impl AtTheKeys for Original {
    crate::games::keys::game_and_machine!("draughts-1952", machine);

    /// Waits for the program's move on the paper (it has no key routine the driver can
    /// see): [`Waiting::Key`] once its move is printed and the paper is still, and at once
    /// from then until a move is entered (the machine is not run meanwhile: left running,
    /// the program tires of waiting after about five simulated minutes and claims the
    /// game); the game is over when it claims the game or refuses to go on, or the
    /// machine stops.
    fn run(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        if self.end.is_some() {
            return Ok(Some(Waiting::Over));
        }
        if self.waiting {
            return Ok(Some(Waiting::Key));
        }
        match self.watch(beats) {
            Watched::Spent => Ok(None),
            Watched::Move(_) => {
                self.waiting = true;
                Ok(Some(Waiting::Key))
            }
            Watched::Claimed(words) | Watched::Stopped(words) => {
                self.end = Some(words);
                Ok(Some(Waiting::Over))
            }
        }
    }

    fn prompt(&self) -> String {
        "your move (White): PDN squares 1-32 (the paper prints Strachey's 0-31, one less), \
         from and to, a capture through each square it lands on, e.g. 22-17 or 25x18"
            .into()
    }

    /// The move of `text` (PDN squares: from, each landing square, to, as the reference
    /// and our own draughts take them), matched to a legal move of the game's position
    /// and entered as the program takes it ([`Original::enter`]: from, to and each square
    /// taken, Strachey's 0-31, the largest first). A move that is not legal there is
    /// refused before it reaches the program, as its operator would not have entered it:
    /// the program has no way to refuse one, and would play on from a wrong board.
    ///
    /// # Errors
    /// [`MoveError::Input`]: not squares, not a legal move (the legal ones listed), or
    /// one that fits two moves (name the squares it lands on).
    fn enter(&mut self, text: &str) -> Result<(), MoveError> {
        let squares = super::parse_squares(text, true).map_err(MoveError::Input)?;
        let Some(pos) = self.game else {
            // The driver lost the game's position: the squares go in as typed.
            Original::enter(self, &squares);
            return Ok(());
        };
        let legal = || {
            crate::reference::draughts::legal_moves(&pos)
                .iter()
                .map(|m| m.pdn())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let m = match super::game::entered_candidates(&pos, &squares)[..] {
            [m] => m,
            [] => {
                return Err(MoveError::Input(format!(
                    "`{}` is not a legal move on the board; legal moves: {}",
                    text.trim(),
                    legal()
                )))
            }
            _ => {
                return Err(MoveError::Input(format!(
                    "`{}` fits more than one capture: name each square it lands on ({})",
                    text.trim(),
                    legal()
                )))
            }
        };
        Original::enter(self, &entry(&m));
        Ok(())
    }

    /// The game's position (the operator's board: after the program's last move), Black
    /// at the top; the position the program last searched from if the driver lost it.
    fn board(&self) -> String {
        self.game.unwrap_or_else(|| self.searched()).to_string()
    }

    /// `{"fen": ..., "numbering": "PDN", "legal": ["22-17", ...]}`: the game's position
    /// and the visitor's legal moves in it (the reference's list, a help to the visitor);
    /// if the driver lost the position, the one the program last searched from
    /// ([`Original::board`]) with `"before_its_move": true` and no list.
    fn view(&self) -> serde_json::Value {
        match self.game {
            Some(pos) => serde_json::json!({
                "fen": pos.to_fen(),
                "numbering": "PDN",
                "legal": crate::reference::draughts::legal_moves(&pos)
                    .iter()
                    .map(|m| m.pdn())
                    .collect::<Vec<_>>(),
            }),
            None => serde_json::json!({
                "fen": self.searched().to_fen(),
                "numbering": "PDN",
                "before_its_move": true,
            }),
        }
    }

    fn end(&self) -> Option<String> {
        self.end.clone()
    }

    fn pages(&self) -> [u32; 2] {
        [4, 5]
    }
}

impl Original {
    /// [`Original::board`] as a position, Black (the program) to move.
    fn searched(&self) -> Position {
        let (b, w, k) = self.board();
        Position {
            b,
            w,
            k,
            to_move: Side::Black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::keys::run_to_wait;
    use crate::reference::draughts::legal_moves;
    use crate::reference::draughts::moves::apply;

    #[test]
    fn the_original_needs_its_drum() {
        let e = crate::games::start("draughts-1952", &Settings::default())
            .err()
            .unwrap();
        assert!(e.contains("drum image"), "{e}");
        let missing = Settings {
            drum: Some("/nonexistent/Draughts.drm".into()),
            ..Settings::default()
        };
        let e = crate::games::start("draughts-1952", &missing)
            .err()
            .unwrap();
        assert!(e.contains("/nonexistent/Draughts.drm"), "{e}");
    }

    /// The program's move as printed, matched to the legal moves of `pos`.
    fn printed_move(pos: &Position, paper: &str) -> crate::reference::draughts::Move {
        let line = paper.lines().rev().find_map(machine_column).unwrap();
        let p = parse_printed(line.trim()).unwrap();
        *legal_moves(pos)
            .iter()
            .find(|m| m.from == p.from && m.to == p.to)
            .unwrap()
    }

    #[test]
    #[cfg_attr(
        not(period_software),
        ignore = "needs the period-software folder: MARK1_PERIOD_SOFTWARE=/work/shared/reference/period-software cargo test --lib original"
    )]
    fn the_original_moves_first_and_answers_a_move_at_the_keys() {
        let dir = std::env::var("MARK1_PERIOD_SOFTWARE").unwrap();
        let settings = Settings {
            seed: 1952,
            drum: Some(Path::new(&dir).join("Draughts/Draughts.drm")),
            ..Settings::default()
        };
        let mut o = Original::start(
            settings.drum.as_deref().unwrap(),
            Config {
                seed: 1952,
                ..Config::default()
            },
        )
        .unwrap();
        let g: &mut dyn AtTheKeys = &mut o;
        // It plays Black and moves first: its move printed, then it waits for ours; the
        // board shown is the position after its move, with our legal moves in PDN.
        assert_eq!(run_to_wait(g, 15_000_000).unwrap(), Waiting::Key);
        let start = Position::start();
        let pos = apply(&start, &printed_move(&start, g.paper()));
        assert_eq!(g.view()["fen"], pos.to_fen().as_str());
        let legal: Vec<String> = legal_moves(&pos).iter().map(|m| m.pdn()).collect();
        assert_eq!(g.view()["legal"], serde_json::json!(legal));
        // A move the rules forbid never reaches the program: refused, and the game goes on.
        let typed = g.paper().len();
        match g.enter("1-2") {
            Err(MoveError::Input(e)) => assert!(e.contains("legal moves: "), "{e}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(g.paper().len(), typed);
        // It still waits for ours (a face runs it again after a refusal): nothing printed,
        // and no "I CLAIM THE GAME" after five simulated minutes of waiting.
        assert_eq!(run_to_wait(g, 15_000_000).unwrap(), Waiting::Key);
        assert_eq!(g.paper().len(), typed);
        // Ours, typed in PDN as the faces show the board.
        let ours = legal_moves(&pos)[0];
        g.enter(&ours.pdn()).unwrap();
        let pos = apply(&pos, &ours);
        // Its second move, searched from the position our move made: the program's own
        // board (page 4) holds it, so the squares taken went in as it wants them.
        let before = g.paper().len();
        assert_eq!(run_to_wait(g, 15_000_000).unwrap(), Waiting::Key);
        let reply = printed_move(&pos, &g.paper()[before..]);
        let (b, w, _) = o.board();
        assert_eq!((b, w), (pos.b, pos.w), "{}", o.paper());
        let g: &mut dyn AtTheKeys = &mut o;
        assert_eq!(g.view()["fen"], apply(&pos, &reply).to_fen().as_str());
        assert_eq!(g.end(), None);
    }

    #[test]
    fn printed_moves_read() {
        let m = parse_printed("14 - 28 K 24 17").unwrap();
        assert_eq!(
            (m.from, m.to, m.crowned, m.taken),
            (14, 28, true, vec![24, 17])
        );
        let m = parse_printed("5 -  8").unwrap();
        assert_eq!((m.from, m.to, m.crowned), (5, 8, false));
        assert!(parse_printed("HAVE I WON").is_err());
        assert!(parse_printed("40 - 2").is_err());
        assert_eq!(
            machine_column("22 - 17                         13 - 22 "),
            Some("  13 - 22 ")
        );
        assert_eq!(machine_column("TAILS - HAVE I WON"), None);
    }
}
