//! A game against the program: the machine operated through the keys as a person did,
//! the opponent's moves from an [`Opponent`], the record and the machine's costs.

use super::opponent::Opponent;
use super::think::loaded;
use super::{json_seconds, DraughtsRunError, Params, Squares, PROGRAM};
use crate::asm::Assembly;
use crate::games::bundled::{RunError, Waiting};
use crate::games::keys::{last_words, AtTheKeys, MoveError, Settings};
use crate::machine::{beats_to_seconds, Budget, Machine, Stop};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{self as rd, Position, Side};
use serde::Serialize;
use serde_json::json;
use std::fmt::{self, Write};

/// Who plays first (Black): the side that wins the toss (the machine: the operator
/// answers YES to HAVE I WON; the opponent: NO). The one [`crate::games::keys::First`].
pub use crate::games::keys::First;

/// How a game ended, as the machine showed it. Shown to the user in words
/// ([`fmt::Display`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum GameEnd {
    /// The program printed the end of the game and stopped (a side had no move).
    Over,
    /// The program hooted without end (it refused to go on, or claimed the game).
    Hoot,
    /// The opponent's script ran out while the machine waited for a move.
    ScriptDone,
    /// The beat budget ran out (the program did not come back to the keys).
    Budget,
}

impl GameEnd {
    /// How a game ended in words, `paper` its paper: for a game the program ended, its
    /// last words (`the game ended: I HAVE WON`).
    pub fn words(&self, paper: &str) -> String {
        match (self, last_words(paper)) {
            (GameEnd::Over, l) if !l.is_empty() => format!("the game ended: {l}"),
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameEnd::Over => "the program printed the end of the game and stopped",
            GameEnd::Hoot => "the machine hooted (the program would not go on)",
            GameEnd::ScriptDone => "the opponent stopped (its moves ran out)",
            GameEnd::Budget => {
                "the driver gave up waiting (the program did not come back to the keys)"
            }
        })
    }
}

/// What the program made of one move the opponent entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Entered {
    /// Accepted (the preview was accepted with KAC and nothing set).
    Accepted,
    /// Refused: the message the program printed.
    Refused(String),
    /// The program stopped (hooted) instead.
    Stopped,
}

/// One machine move with its cost, read from the teleprinter, the B3 counter and the
/// beat counter at the moments the operator sees unit T come down to think and the
/// flow unit come back (`sw`, page 4).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineMove {
    /// The move as the program printed it, in Strachey's squares (`8 - 13`,
    /// `14 - 28 K 24 17`).
    pub printed: String,
    /// The move as the driver recorded it (Strachey's squares: from, then every
    /// landing square), matched to the legal moves of the position before it by
    /// [`play_against`]; empty when the game is driven by hand through [`Game`].
    pub squares: Vec<u8>,
    /// Whether it took anything.
    pub capture: bool,
    /// The program's position after the move, as page 4 shows it once the machine
    /// waits for the opponent (or has stopped), in PDN FEN.
    pub after: String,
    /// Moves considered in the think (B3 when unit T comes back less B3 when it came
    /// down), as `mark1 draughts --think` counts them.
    pub considered: u64,
    /// Beats of the think: from `sw` bringing unit T down to think to `sw` bringing
    /// the flow unit back.
    pub think_beats: u64,
    /// Beats of the whole turn: from the opponent's accepted move (or the toss) to the
    /// machine's printed move, the pictures, the printing and the unit transfers
    /// included.
    pub turn_beats: u64,
}

impl MachineMove {
    /// Moves considered a simulated second of the think.
    pub fn rate(&self) -> f64 {
        super::think::rate(self.considered, self.think_beats)
    }
}

/// Strachey's draughts as a game on the emulated machine, operated as a person did:
/// KAC after each prompt, the toss answered on the hand switches, each square of a
/// move set on the hand switches and entered with KAC, KAC with nothing set to end
/// the move and to accept the preview. The driver reads the teleprinter paper and the
/// tubes (page 4: the program's position; pages 3 and 5: its pictures); it never
/// chooses or checks a move for the program.
pub struct Game {
    /// The machine.
    pub machine: Machine,
    key_line: u32,
    unit_line: u32,
    key_unit: u32,
    /// Beats a KAC press is held (833 ≈ 0.2 s).
    pub press_beats: u64,
    /// The machine's moves so far.
    pub machine_moves: Vec<MachineMove>,
    assembly: Assembly,
    /// Page 4's position lines: g_pb, g_pw, g_pk, g_ps.
    position_lines: [u32; 4],
    /// Page 4's `sw` (the unit switch) and `g_hm` (think, or find a move).
    sw_line: u32,
    /// The order at `sw` as the program has it (the search half overlays page 4 while
    /// it runs, so the line also holds the search's orders).
    sw_order: u32,
    hm_line: u32,
    last_beats: u64,
    /// B3 and the beats when unit T came down to think, while it thinks.
    think_from: Option<(u64, u64)>,
    /// The last think's moves considered and beats, until a printed move takes them.
    think_cost: Option<(u64, u64)>,
    /// How the game ended, once [`AtTheKeys::run`] has seen it end.
    end: Option<GameEnd>,
}

/// The hand-switch setting for square `s` (Link 2012): the tens digit one-hot in
/// switches 0–4, the units one-hot in switches 5–14 (square 23 = switches 2 and 8).
pub fn square_switches(s: u8) -> u32 {
    (1 << (s / 10)) | (1 << (5 + s % 10))
}

impl Game {
    /// Loads the program with the strategy set in the kernel's lines (as the operator's
    /// settings tape would), clears everything with KEC, and stands ready at line 1.
    ///
    /// # Errors
    /// Settings the program does not take.
    pub fn new(assembly: &Assembly, p: &Params, seed: u64) -> Result<Game, DraughtsRunError> {
        let mut m = loaded(assembly, &Position::start(), p, seed)?;
        let at = |n: &str| PROGRAM.label(assembly, n);
        let key_line = at("g_key")?;
        let position_lines = [at("g_pb")?, at("g_pw")?, at("g_pk")?, at("g_ps")?];
        let sw_line = at("sw")?;
        // The game half's page 4 (with `sw`) comes down from the half-track the
        // assembler placed `sw` on (the listing says where).
        let (track, half, line) = drum_place(assembly, "sw")?;
        let sw_order = assembly
            .image
            .drum
            .get(&(track, half))
            .map(|t| t[line as usize])
            .ok_or_else(|| {
                DraughtsRunError::stopped(format!(
                    "the game half's page 4 (with `sw`) is not on half-track {track}.{half} of the image"
                ))
            })?;
        m.breaks.set_line(key_line, true);
        m.breaks.set_line(sw_line, true);
        Ok(Game {
            machine: m,
            key_line,
            unit_line: at("g_un")?,
            key_unit: 20,
            press_beats: crate::machine::KAC_DEFAULT_BEATS,
            machine_moves: Vec::new(),
            assembly: assembly.clone(),
            position_lines,
            sw_line,
            sw_order,
            hm_line: at("g_hm")?,
            last_beats: 0,
            think_from: None,
            think_cost: None,
            end: None,
        })
    }

    /// A label's address in the program.
    ///
    /// # Errors
    /// [`DraughtsRunError::Run`] naming the label if the program does not define it.
    pub fn sym(&self, n: &str) -> Result<u32, DraughtsRunError> {
        Ok(PROGRAM.label(&self.assembly, n)?)
    }

    /// Runs until the program waits for an entry from the keys (its key routine has
    /// begun to count down) or stops. `None`: waiting; `Some(end)`: stopped.
    pub fn run_to_wait(&mut self, budget: u64) -> Option<GameEnd> {
        let limit = self.machine.stats.beats + budget;
        loop {
            let left = limit.saturating_sub(self.machine.stats.beats);
            if left == 0 {
                return Some(GameEnd::Budget);
            }
            match self.machine.run(Budget::beats(left)) {
                Stop::Breakpoint { line } if line == self.key_line => {
                    // The same line holds other units' orders: the key routine only if
                    // unit K is in (page 4 says which unit is down).
                    if self.machine.store.read(self.unit_line) == self.key_unit {
                        return None;
                    }
                    self.machine.step();
                }
                Stop::Breakpoint { line }
                    if line == self.sw_line && self.machine.store.read(line) == self.sw_order =>
                {
                    self.unit_switch();
                    self.machine.step();
                }
                Stop::Breakpoint { .. } => {
                    self.machine.step();
                }
                Stop::HootStop { .. } => return Some(GameEnd::Hoot),
                Stop::DynamicStop { .. } => return Some(GameEnd::Over),
                _ => return Some(GameEnd::Budget),
            }
        }
    }

    /// One entry: the hand switches set to `h`, KAC held `press_beats`, released.
    pub fn enter(&mut self, h: u32) {
        self.machine.enter_at_key(h, self.press_beats);
    }

    /// Where the machine's next turn starts (the beats now).
    fn mark(&mut self) {
        self.last_beats = self.machine.stats.beats;
    }

    /// The machine is at `sw` (page 4), about to bring down unit `g_un`: as an operator
    /// watching the tubes, note B3 and the beat counter when unit T (g_un 0) comes down
    /// to think (g_hm negative), and again when `sw` brings down another unit (T hands
    /// back to the flow); the difference is the think's cost.
    fn unit_switch(&mut self) {
        let b3 = u64::from(self.machine.b[3]);
        let beats = self.machine.stats.beats;
        let unit_t = self.machine.store.read(self.unit_line) == 0;
        match self.think_from {
            // (the search's runs come back to unit T through sw too)
            Some((b0, t0)) if !unit_t => {
                self.think_cost = Some((b3.wrapping_sub(b0) & 0xF_FFFF, beats - t0));
                self.think_from = None;
            }
            None if unit_t && self.machine.store.read_long(self.hm_line) >> 39 & 1 == 1 => {
                self.think_from = Some((b3, beats));
            }
            _ => {}
        }
    }

    /// The teleprinter paper so far.
    pub fn paper(&self) -> &str {
        self.machine.printer_text()
    }

    /// The card and the toss: KAC after each of the first two prompts, then YES (switch
    /// 5 alone) if the machine is to play first, NO (nothing set) if not.
    pub fn start(&mut self, first: First) -> Option<GameEnd> {
        for _ in 0..2 {
            if let Some(e) = self.run_to_wait(BUDGET) {
                return Some(e);
            }
            self.enter(0);
        }
        if let Some(e) = self.run_to_wait(BUDGET) {
            return Some(e);
        }
        self.enter(match first {
            First::Machine => 1 << 5,
            First::Human => 0,
        });
        self.mark();
        None
    }

    /// Runs the machine to its next wait for the opponent's move, noting the machine's
    /// move it printed meanwhile (if any).
    pub fn machine_turn(&mut self) -> Option<GameEnd> {
        let before = self.paper().len();
        let end = self.run_to_wait(BUDGET);
        let new = self.paper()[before..].to_string();
        // The machine's moves are printed from place 33 on (moves.m1).
        if let Some(printed) = new
            .lines()
            .filter_map(|l| l.get(33..).map(str::trim))
            .rfind(|t| !t.is_empty())
        {
            let (considered, think_beats) = self.think_cost.take().unwrap_or((0, 0));
            self.machine_moves.push(MachineMove {
                printed: printed.to_string(),
                squares: Vec::new(),
                capture: false,
                after: self.position().to_fen(),
                considered,
                think_beats,
                turn_beats: self.machine.stats.beats - self.last_beats,
            });
        }
        end
    }

    /// Enters the opponent's move (its squares, then KAC with nothing set) and, if the
    /// program previews it, accepts it (KAC with nothing set).
    pub fn human_move(&mut self, squares: &[u8]) -> Entered {
        for &s in squares {
            self.enter(square_switches(s));
            if self.run_to_wait(BUDGET).is_some() {
                return Entered::Stopped;
            }
        }
        let before = self.paper().len();
        self.enter(0);
        if self.run_to_wait(BUDGET).is_some() {
            return Entered::Stopped;
        }
        let new = self.paper()[before..].trim().to_string();
        if !new.is_empty() {
            return Entered::Refused(new);
        }
        self.enter(0); // accept the preview
        self.mark();
        Entered::Accepted
    }

    /// The board as the program shows it on store page `page` (3 or 5), read off the
    /// tube: each square's 5 × 4 spot pattern (picture.m1) as a character: `b` `w` a
    /// black or white man, `B` `W` a king, `.` an empty playing square, a space a square
    /// not played on, `?` a pattern the program does not draw. Black's side (squares 0–3)
    /// at the top.
    pub fn board_text(&self, page: u32) -> String {
        const PATTERNS: [([u32; 4], char); 6] = [
            ([0, 0, 0, 0], '.'),
            ([31, 31, 31, 31], ' '),
            ([4, 10, 10, 4], 'b'),
            ([17, 10, 10, 17], 'w'),
            ([4, 14, 14, 4], 'B'),
            ([17, 31, 31, 17], 'W'),
        ];
        let m = &self.machine;
        let row = |y: u32| {
            u64::from(m.store.read(64 * page + y))
                | u64::from(m.store.read(64 * page + 32 + y)) << 20
        };
        let mut out = String::new();
        for r in 0..8 {
            for c in 0..8 {
                let pat: [u32; 4] =
                    std::array::from_fn(|j| (row(4 * r + j as u32) >> (5 * c) & 31) as u32);
                let ch = PATTERNS
                    .iter()
                    .find(|(p, _)| *p == pat)
                    .map_or('?', |(_, ch)| *ch);
                out.push(ch);
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }

    /// The board as the program shows it on the tube (page 3, see [`Game::board_text`]),
    /// each row indented four spaces and followed by its squares' numbers: PDN 1–32 with
    /// `pdn`, Strachey's 0–31 without. Lines end in `\n`.
    pub fn board_with_squares(&self, pdn: bool) -> String {
        let mut s = String::new();
        for (r, line) in self.board_text(3).lines().enumerate() {
            let nums: Vec<String> = (0..4)
                .map(|i| format!("{:2}", shown_square(4 * r as u8 + i, pdn)))
                .collect();
            let _ = writeln!(s, "    {line}   {}", nums.join(" "));
        }
        s
    }

    /// The legal moves in the program's position (the reference engine's list, in
    /// Strachey's order), each as its squares joined by `-` (a step) or `x` (a capture):
    /// PDN squares with `pdn`, Strachey's without; separated by spaces.
    pub fn legal_moves_text(&self, pdn: bool) -> String {
        rd::legal_moves(&self.position())
            .iter()
            .map(|m| {
                let sep = if m.is_capture() { "x" } else { "-" };
                std::iter::once(m.from)
                    .chain(m.landings().iter().copied())
                    .map(|s| shown_square(s, pdn).to_string())
                    .collect::<Vec<_>>()
                    .join(sep)
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The pieces the picture on store page `page` (3 or 5) shows, read off the tube as
    /// [`Game::board_text`] reads it: (Black, White, kings) as the position's words;
    /// `None` if a square shows a pattern the program does not draw.
    pub fn picture_pieces(&self, page: u32) -> Option<(u32, u32, u32)> {
        let (mut b, mut w, mut k) = (0u32, 0u32, 0u32);
        for (r, line) in self.board_text(page).lines().enumerate() {
            for (c, ch) in line.chars().step_by(2).enumerate() {
                if (r + c) % 2 == 0 {
                    continue;
                }
                let bit = 1u32 << (4 * r + c / 2);
                match ch {
                    'b' => b |= bit,
                    'w' => w |= bit,
                    'B' => (b, k) = (b | bit, k | bit),
                    'W' => (w, k) = (w | bit, k | bit),
                    '.' => {}
                    _ => return None,
                }
            }
        }
        Some((b, w, k))
    }

    /// The program's position (page 4: g_pb g_pw g_pk g_ps), as the tubes show it.
    pub fn position(&self) -> Position {
        let r = |i: usize| self.machine.store.read_long(self.position_lines[i]);
        Position {
            b: r(0) as u32,
            w: r(1) as u32,
            k: r(2) as u32,
            to_move: if r(3) == 0 { Side::Black } else { Side::White },
        }
    }
}

/// Strachey square `s` (0–31) as shown: PDN 1–32 with `pdn`, itself without.
fn shown_square(s: u8, pdn: bool) -> u32 {
    Squares::pdn_if(pdn).show(s)
}

/// Beats the driver lets the machine run before it expects the keys again (a think
/// under strategy 1 with 4 plies takes well under this).
const BUDGET: u64 = 2_000_000_000;

/// One move of a played game, as the driver saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayedMove {
    /// `true` for the machine's.
    pub machine: bool,
    /// Strachey squares: from, then every landing square (the legal move that gives the
    /// position the machine shows after it, see [`play_against`]).
    pub squares: Vec<u8>,
    /// Whether it took anything.
    pub capture: bool,
}

/// The record of a game played by [`play`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReport {
    /// The teleprinter paper.
    pub paper: String,
    /// The moves made, in order.
    pub moves: Vec<PlayedMove>,
    /// The opponent's entries the program refused: (the squares, its message).
    pub refused: Vec<(Vec<u8>, String)>,
    /// The machine's moves with what each cost.
    pub machine_moves: Vec<MachineMove>,
    /// How the game ended.
    pub end: GameEnd,
    /// The position at the end (page 4).
    pub last: String,
    /// Instructions and beats in all.
    pub instructions: u64,
    /// Beats in all (240 µs each).
    pub beats: u64,
    /// Where the game's time went, line by line, if it was profiled
    /// ([`play_against`] with `profile`).
    #[serde(skip)]
    pub profile: Option<crate::profile::Profile>,
}

impl GameReport {
    /// How the game ended in words: for a game the program ended, its last words
    /// (`the game ended: I HAVE WON`).
    pub fn end_text(&self) -> String {
        self.end.words(&self.paper)
    }

    /// What `mark1 draughts` prints after a game: how it ended, the last position and
    /// the cost in all; then each machine move in the numbering `sq` (named in the
    /// heading) with the moves considered in its think, the think's simulated seconds
    /// and moves a simulated second, and the whole turn's simulated seconds; then those
    /// in all (`p`: the settings, named in the heading). Lines end in `\n`.
    pub fn summary(&self, p: &Params, sq: Squares) -> String {
        let mut s = format!(
            "{}; position (PDN FEN) {}; {} instructions, {:.1} s of machine time\n",
            self.end_text(),
            self.last,
            self.instructions,
            beats_to_seconds(self.beats)
        );
        let _ = writeln!(
            s,
            "the machine's moves ({}; strategy {}, {} plies, king {}/8): moves considered and seconds in the think, seconds in the whole turn:",
            sq.words(),
            p.strategy,
            p.plies,
            p.king
        );
        let (mut tc, mut tb, mut turn) = (0u64, 0u64, 0u64);
        for m in &self.machine_moves {
            let _ = writeln!(
                s,
                "  {:<12} {:6} moves considered in {:6.1} s ({:5.1} a second); turn {:6.1} s",
                sq.move_text(&m.squares, m.capture),
                m.considered,
                beats_to_seconds(m.think_beats),
                m.rate(),
                beats_to_seconds(m.turn_beats)
            );
            tc += m.considered;
            tb += m.think_beats;
            turn += m.turn_beats;
        }
        if !self.machine_moves.is_empty() {
            let n = self.machine_moves.len() as f64;
            let _ = writeln!(
                s,
                "  in all: {tc} moves considered in {:.1} s of thinking: {:.1} moves a second, {:.1} s a think, {:.1} s a turn (Strachey: about ten moves a second)",
                beats_to_seconds(tb),
                super::think::rate(tc, tb),
                beats_to_seconds(tb) / n,
                beats_to_seconds(turn) / n
            );
        }
        s
    }

    /// The game as `mark1 draughts --json` prints it: `squares` names the numbering
    /// `sq` of every square in it (the moves, the refused entries, the machine's moves;
    /// `printed` is the paper's text, Strachey's squares, as the program printed it);
    /// `end` in words; beats as integers, seconds rounded to the microsecond.
    pub fn json(&self, sq: Squares) -> serde_json::Value {
        let shown = |v: &[u8]| v.iter().map(|&q| sq.show(q)).collect::<Vec<_>>();
        let moves: Vec<_> = self
            .moves
            .iter()
            .map(|m| json!({"machine": m.machine, "squares": shown(&m.squares), "capture": m.capture}))
            .collect();
        let refused: Vec<_> = self
            .refused
            .iter()
            .map(|(v, msg)| json!({"squares": shown(v), "message": msg}))
            .collect();
        let machine: Vec<_> = self
            .machine_moves
            .iter()
            .map(|m| {
                json!({
                    "printed": m.printed,
                    "squares": shown(&m.squares),
                    "capture": m.capture,
                    "considered": m.considered,
                    "think_beats": m.think_beats,
                    "think_seconds": json_seconds(m.think_beats),
                    "turn_beats": m.turn_beats,
                    "turn_seconds": json_seconds(m.turn_beats),
                })
            })
            .collect();
        json!({
            "squares": sq.key(),
            "paper": self.paper,
            "moves": moves,
            "refused": refused,
            "machine_moves": machine,
            "end": self.end_text(),
            "last": self.last,
            "instructions": self.instructions,
            "beats": self.beats,
            "seconds": json_seconds(self.beats),
        })
    }

    /// The game in PDN (PDN squares 1–32, captures with `x` from the first square to the
    /// last): the tags, then the moves numbered in pairs.
    pub fn pdn(&self, first: First, p: &Params) -> String {
        let (black, white) = match first {
            First::Machine => ("Strachey (mark1)", "Opponent"),
            First::Human => ("Opponent", "Strachey (mark1)"),
        };
        let mut out = format!(
            "[Event \"Strachey's draughts on the emulated Ferranti Mark 1\"]\n[Black \"{black}\"]\n[White \"{white}\"]\n[Strategy \"{} {} plies king {}/8\"]\n\n",
            p.strategy, p.plies, p.king
        );
        for (i, m) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                out.push_str(&format!("{}. ", i / 2 + 1));
            }
            let sep = if m.capture { "x" } else { "-" };
            let sq: Vec<String> = m.squares.iter().map(|s| (s + 1).to_string()).collect();
            out.push_str(&sq.join(sep));
            out.push(' ');
        }
        // The result, from the program's own words (msg.m1: 11 YOU HAVE WON, 12 I HAVE
        // WON): PDN's 2-0 for a win by Black, 0-2 by White.
        let machine_black = first == First::Machine;
        let last = self.paper.trim_end();
        out.push_str(match self.end {
            GameEnd::Over if last.ends_with("YOU HAVE WON") == machine_black => "0-2",
            GameEnd::Over => "2-0",
            _ => "*",
        });
        out.push('\n');
        out
    }
}

/// An opponent as a closure, for [`play`]: see [`Opponent`].
pub type OpponentFn<'a> = dyn FnMut(&Game, Option<&str>) -> Option<Vec<u8>> + 'a;

/// [`play_against`] with the opponent a closure (given the machine waiting for a move
/// and the program's refusal of the last entry, if any, the squares of the next move,
/// or `None` to stop).
///
/// # Errors
/// Settings the program does not take.
pub fn play(
    assembly: &Assembly,
    p: &Params,
    seed: u64,
    first: First,
    next: &mut OpponentFn<'_>,
) -> Result<GameReport, DraughtsRunError> {
    play_against(
        assembly,
        p,
        seed,
        first,
        &mut |g: &Game, r: Option<&str>| next(g, r),
        Squares::Strachey,
        false,
    )
}

/// Plays a game: the machine's think runs on the emulated machine, the opponent's moves
/// come from `next` (Strachey squares: from, any landing squares, to), which is called
/// each time the machine waits for a move and gets the refusal of the last entry, if
/// any; `None` ends the game there. An empty move (`Some(vec![])`) is entered as it
/// is, KAC with nothing set: an entry error, which the program refuses.
///
/// The record follows what the machine shows: the opponent's accepted move is the legal
/// move whose squares include those entered and whose result is the position the
/// program shows before its reply (page 5's picture), and the machine's move the legal
/// move between the printed squares whose result is the position page 4 shows after
/// it. `sq` is the numbering of the squares in an error's words. With `profile` the
/// whole game is profiled ([`crate::profile`]: obeyed one order at a time; the game is
/// the same): the counts in [`GameReport::profile`].
///
/// # Errors
/// Settings the program does not take; a move the program printed (or accepted) that
/// the driver cannot match to exactly one legal move ([`DraughtsRunError::Unmatched`]).
pub fn play_against(
    assembly: &Assembly,
    p: &Params,
    seed: u64,
    first: First,
    next: &mut dyn Opponent,
    sq: Squares,
    profile: bool,
) -> Result<GameReport, DraughtsRunError> {
    let mut g = Game::new(assembly, p, seed)?;
    if profile {
        g.machine.profile = Some(Box::default());
    }
    let mut moves = Vec::new();
    let mut refused = Vec::new();
    let mut end = g.start(first);
    let mut last_refusal: Option<String> = None;
    let mut pos = Position::start();
    // The opponent's accepted move, until the machine shows which route it made.
    let mut pending: Option<(Vec<u8>, Vec<rd::moves::Move>)> = None;
    while end.is_none() {
        let n = g.machine_moves.len();
        if last_refusal.is_none() {
            // (after a refusal the machine is already waiting for the move again)
            end = g.machine_turn();
        }
        let printed = g.machine_moves.get(n).map(|mm| mm.printed.clone());
        if let Some((entered, cands)) = pending.take() {
            let m = settle_opponent(&g, &pos, &entered, &cands, printed.is_some(), sq)?;
            moves.push(played(&m, false));
            pos = apply(&pos, &m);
        } else if printed.is_some() {
            check_shown(&g, &pos)?;
        }
        if let Some(printed) = printed {
            let m = machine_move(&pos, &printed, &g.position())?;
            let mm = &mut g.machine_moves[n];
            mm.squares = squares_of(&m);
            mm.capture = m.is_capture();
            moves.push(played(&m, true));
            pos = apply(&pos, &m);
        }
        if end.is_some() {
            break;
        }
        let Some(squares) = next.next_move(&g, last_refusal.as_deref()) else {
            end = Some(GameEnd::ScriptDone);
            break;
        };
        match g.human_move(&squares) {
            Entered::Accepted => {
                last_refusal = None;
                let cands = entered_candidates(&pos, &squares);
                if cands.is_empty() {
                    return Err(opponent_unmatched(&squares, &pos, sq));
                }
                pending = Some((squares, cands));
            }
            Entered::Refused(msg) => {
                refused.push((squares, msg.clone()));
                last_refusal = Some(msg);
            }
            Entered::Stopped => {
                end = Some(GameEnd::Hoot);
            }
        }
    }
    if let Some((entered, cands)) = pending {
        // The game stopped before the machine showed the move (a hoot, the budget):
        // recorded if only one legal move fits what was entered.
        match cands[..] {
            [m] => moves.push(played(&m, false)),
            _ => return Err(opponent_unmatched(&entered, &pos, sq)),
        }
    }
    Ok(GameReport {
        paper: g.paper().to_string(),
        moves,
        refused,
        machine_moves: g.machine_moves.clone(),
        end: end.unwrap_or(GameEnd::Budget),
        last: g.position().to_fen(),
        instructions: g.machine.stats.instructions,
        beats: g.machine.stats.beats,
        profile: g.machine.profile.take().map(|b| *b),
    })
}

/// The opponent's accepted move, settled once the machine has shown the position after
/// it: page 5 before the machine's reply (the program draws the position before its move
/// there) when it has printed one, else page 4. The one candidate that gives it.
fn settle_opponent(
    g: &Game,
    pos: &Position,
    entered: &[u8],
    cands: &[rd::moves::Move],
    replied: bool,
    sq: Squares,
) -> Result<rd::moves::Move, DraughtsRunError> {
    let shown = if replied {
        g.picture_pieces(5)
    } else {
        let q = g.position();
        Some((q.b, q.w, q.k))
    };
    pick(pos, cands, |after| {
        shown.is_none_or(|s| s == (after.b, after.w, after.k))
    })
    .ok_or_else(|| opponent_unmatched(entered, pos, sq))
}

/// The position before the machine's move, as page 5 shows it, must be the driver's:
/// anything else is a fault the driver cannot record.
fn check_shown(g: &Game, pos: &Position) -> Result<(), DraughtsRunError> {
    match g.picture_pieces(5) {
        Some(s) if s != (pos.b, pos.w, pos.k) => Err(DraughtsRunError::Diverged {
            fen: pos.to_fen(),
            shown: Position {
                b: s.0,
                w: s.1,
                k: s.2,
                to_move: pos.to_move,
            }
            .to_fen(),
        }),
        _ => Ok(()),
    }
}

/// The error for an opponent's move that is not exactly one legal move of `pos`, in the
/// user's numbering.
fn opponent_unmatched(entered: &[u8], pos: &Position, sq: Squares) -> DraughtsRunError {
    unmatched(
        "the opponent's",
        format!("{} ({})", sq.move_text(entered, false), sq.words()),
        pos,
    )
}

/// Where the assembler placed the word at `label` on the drum: (track, half, line 0-63),
/// the first copy if an `.overlay` placed it several times (the assembler's
/// `Symbol::places`).
///
/// # Errors
/// [`DraughtsRunError::Run`] naming the label if the program does not define it or
/// did not place it on the drum.
pub fn drum_place(assembly: &Assembly, label: &str) -> Result<(u8, u8, u32), DraughtsRunError> {
    PROGRAM.label(assembly, label)?;
    assembly
        .symbols
        .get(label)
        .and_then(|s| {
            s.places.iter().find_map(|p| match *p {
                crate::asm::Place::Drum(t, h, l) => Some((t, h, l)),
                crate::asm::Place::Store(_) => None,
            })
        })
        .ok_or_else(|| {
            DraughtsRunError::stopped(format!(
                "the program does not place the label `{label}` on the drum"
            ))
        })
}

// The record is kept in full PDN (every landing square) from the reference engine's
// list of moves: for the record only, after the program has made the move.

/// The one move of `cands` (legal moves of `pos`) whose result `fits`; `None` if none
/// or more than one does.
fn pick(
    pos: &Position,
    cands: &[rd::moves::Move],
    fits: impl Fn(&Position) -> bool,
) -> Option<rd::moves::Move> {
    let mut it = cands.iter().filter(|m| fits(&apply(pos, m)));
    match (it.next(), it.next()) {
        (Some(m), None) => Some(*m),
        _ => None,
    }
}

/// The legal moves of `pos` that the entered squares describe: from the first to the
/// last, through every square entered between (in order, among the landing squares).
pub(super) fn entered_candidates(pos: &Position, squares: &[u8]) -> Vec<rd::moves::Move> {
    let (Some(&from), Some(&to)) = (squares.first(), squares.last()) else {
        return Vec::new();
    };
    let between = &squares[1..squares.len().saturating_sub(1).max(1)];
    rd::legal_moves(pos)
        .into_iter()
        .filter(|m| m.from == from && m.to == to && squares.len() >= 2)
        .filter(|m| {
            let mut landings = m.landings().iter();
            between.iter().all(|s| landings.any(|l| l == s))
        })
        .collect()
}

/// A move's squares: from, then every landing square.
fn squares_of(m: &rd::moves::Move) -> Vec<u8> {
    std::iter::once(m.from)
        .chain(m.landings().iter().copied())
        .collect()
}

/// `m` as a move of the record.
fn played(m: &rd::moves::Move, machine: bool) -> PlayedMove {
    PlayedMove {
        machine,
        squares: squares_of(m),
        capture: m.is_capture(),
    }
}

/// The error for a move the driver cannot match to a legal move of `pos`.
fn unmatched(who: &'static str, printed: String, pos: &Position) -> DraughtsRunError {
    DraughtsRunError::Unmatched {
        who,
        printed,
        fen: pos.to_fen(),
    }
}

/// The machine's move as printed (`9 - 14`, `14 - 28 K 24 17`: from and to first,
/// Strachey's squares, then ` K` for a crowning and the squares taken when it took more
/// than one) matched to the legal moves of `pos`, the position before it: the one
/// between those squares, taking the squares printed, whose result is `after`, the
/// position the program shows after its move (page 4).
///
/// # Errors
/// [`DraughtsRunError::Unmatched`] if the text has no two squares, or not exactly one
/// legal move fits it and `after`.
pub fn machine_move(
    pos: &Position,
    printed: &str,
    after: &Position,
) -> Result<rd::moves::Move, DraughtsRunError> {
    let sq: Vec<u8> = printed
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .filter_map(|t| t.parse().ok())
        .collect();
    let found = match sq[..] {
        [from, to, ref taken @ ..] => {
            let cands: Vec<_> = rd::legal_moves(pos)
                .into_iter()
                .filter(|m| m.from == from && m.to == to)
                .filter(|m| {
                    taken.is_empty()
                        || taken.iter().fold(0u32, |a, &t| {
                            a | 1u32.checked_shl(u32::from(t)).unwrap_or(0)
                        }) == m.captured
                })
                .collect();
            pick(pos, &cands, |q| q == after)
        }
        _ => None,
    };
    found.ok_or_else(|| {
        unmatched(
            "the machine's",
            format!("{} (Strachey's squares 0-31)", printed.trim()),
            pos,
        )
    })
}

/// Starts a game of draughts at the keys against our reconstruction, as Strachey played
/// it (strategy 1, 3 plies: [`Params::strategy1`]), or under his strategy 2 (4 plies, a
/// king 2 1/2 men: [`Params::strategy2`], the CLI's defaults for `--strategy 2`) when
/// `settings.position` says `strategy 2` (the program always starts from the usual
/// position; `strategy 1` is the default): the program loaded with `seed`, the card and
/// the toss answered as [`Game::start`] answers them for `first`; the machine then thinks
/// first or waits for the opponent's move.
///
/// # Errors
/// Any other position given, or the program stopping before the toss, in words.
pub fn start(settings: &Settings) -> Result<Box<dyn AtTheKeys>, String> {
    let params = match settings.position.as_deref().map(str::trim) {
        None | Some("strategy 1") => Params::strategy1(3),
        Some("strategy 2") => Params::strategy2(4, 20),
        Some(p) => {
            return Err(format!(
                "position `{p}`: the draughts program starts from the usual position only \
                 (`strategy 1`, the default, or `strategy 2` choose its settings)"
            ))
        }
    };
    let a = PROGRAM.assembly().map_err(|e| e.to_string())?;
    let mut g = Game::new(a, &params, settings.seed).map_err(|e| e.to_string())?;
    if let Some(e) = g.start(settings.first) {
        let why = match e {
            GameEnd::Over => "it came to its end",
            GameEnd::Hoot => "it hooted and stopped",
            GameEnd::ScriptDone | GameEnd::Budget => "it ran out of beats",
        };
        return Err(format!("the draughts program stopped at the start: {why}"));
    }
    Ok(Box::new(g))
}

impl AtTheKeys for Game {
    crate::games::keys::game_and_machine!("draughts", machine);

    /// [`Game::run_to_wait`] within `beats`: the key routine with unit K in, or the end
    /// (the program's stop or its endless hoot).
    fn run(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        match self.run_to_wait(beats) {
            None => Ok(Some(Waiting::Key)),
            Some(GameEnd::Budget) => Ok(None),
            Some(e) => {
                self.end = Some(e);
                Ok(Some(Waiting::Over))
            }
        }
    }

    fn prompt(&self) -> String {
        "your move: its squares in PDN (1-32), e.g. 11-15, a capture as 22x15".into()
    }

    /// [`Game::human_move`] with the squares of `text` (PDN, [`super::parse_squares`]).
    fn enter(&mut self, text: &str) -> Result<(), MoveError> {
        let squares = super::parse_squares(text, true).map_err(MoveError::Input)?;
        match self.human_move(&squares) {
            Entered::Accepted => Ok(()),
            Entered::Refused(msg) => Err(MoveError::Refused(msg)),
            Entered::Stopped => {
                self.end = Some(GameEnd::Hoot);
                Err(
                    RunError::Stopped("the program stopped while the move was entered".into())
                        .into(),
                )
            }
        }
    }

    fn board(&self) -> String {
        self.board_with_squares(true)
    }

    /// `{"fen", "numbering": "PDN", "legal"}`: the position in the program's store, and the
    /// legal moves in it (the reference engine's, [`Game::legal_moves_text`]) for a face
    /// that lights the targets; meaningful when the program waits for the visitor.
    fn view(&self) -> serde_json::Value {
        let legal = self.legal_moves_text(true);
        serde_json::json!({
            "fen": self.position().to_fen(),
            "numbering": "PDN",
            "legal": legal.split_whitespace().collect::<Vec<_>>(),
        })
    }

    fn end(&self) -> Option<String> {
        self.end.as_ref().map(|e| e.words(self.paper()))
    }

    fn pages(&self) -> [u32; 2] {
        [3, 4]
    }
}

#[cfg(test)]
mod tests {
    use crate::games::bundled::Waiting;
    use crate::games::keys::{run_to_wait, First, MoveError, Settings};
    use crate::reference::draughts::Position;

    #[test]
    fn an_illegal_move_is_refused_and_the_game_goes_on() {
        // The web console's game: the visitor first, seed 1952.
        let human_first = Settings {
            first: First::Human,
            seed: 1952,
            position: None,
            drum: None,
        };
        let mut g = crate::games::start("draughts", &human_first).unwrap();
        assert_eq!(g.pages(), [3, 4]);
        assert_eq!(run_to_wait(g.as_mut(), 1 << 31).unwrap(), Waiting::Key);
        let start = Position::start().to_fen();
        assert_eq!(g.view()["fen"], start.as_str());
        assert_eq!(g.view()["numbering"], "PDN");
        assert!(matches!(g.enter("eleven"), Err(MoveError::Input(_))));
        // A man cannot move sideways: the program says so, and waits again.
        match g.enter("1-2") {
            Err(MoveError::Refused(msg)) => assert!(!msg.trim().is_empty()),
            other => panic!("{other:?}"),
        }
        assert_eq!(g.end(), None);
        g.enter("11-15").unwrap();
        let before = g.paper().len();
        assert_eq!(run_to_wait(g.as_mut(), 1 << 31).unwrap(), Waiting::Key);
        // The machine replied on the paper (from place 33) and its board moved on: our man
        // from 11 to 15 and one of White's.
        let reply = &g.paper()[before..];
        assert!(
            reply
                .lines()
                .any(|l| l.get(33..).is_some_and(|t| !t.trim().is_empty())),
            "{reply}"
        );
        let fen = g.view()["fen"].as_str().unwrap().to_string();
        let pos = Position::from_fen(&fen).unwrap();
        assert_eq!(
            pos.to_move,
            crate::reference::draughts::Side::Black,
            "{fen}"
        );
        assert!(pos.b & 1 << 14 != 0 && pos.b & 1 << 10 == 0, "{fen}");
        assert_ne!(pos.w, Position::start().w, "{fen}");
        assert!(g.board().contains("15"));
    }
}
