//! A game against the program: the machine operated through the keys as a person did,
//! the opponent's moves from an [`Opponent`], the record and the machine's costs.

use super::opponent::Opponent;
use super::think::loaded;
use super::{DraughtsRunError, Params, PROGRAM};
use crate::asm::Assembly;
use crate::machine::{Budget, Machine, Stop};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{self as rd, Position, Side};
use serde::Serialize;
use std::fmt::Write;

/// Who plays first (Black): the side that wins the toss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum First {
    /// The machine won the toss: the operator answers YES to HAVE I WON.
    Machine,
    /// The opponent won: the operator answers NO.
    Human,
}

/// How a game ended, as the machine showed it.
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

/// One machine move with its cost, read from the teleprinter and the B3 counter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineMove {
    /// The move as the program printed it (`8 - 13`, `14 - 28 K 24 17`).
    pub printed: String,
    /// Moves considered for it (B3).
    pub considered: u64,
    /// Simulated seconds from the opponent's accepted move (or the toss) to the
    /// machine's printed move, pictures and printing included.
    pub seconds: f64,
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
    last_b3: u64,
    last_beats: u64,
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
        m.breaks.set_line(key_line, true);
        Ok(Game {
            machine: m,
            key_line,
            unit_line: at("g_un")?,
            key_unit: 20,
            press_beats: crate::machine::KAC_DEFAULT_BEATS,
            machine_moves: Vec::new(),
            assembly: assembly.clone(),
            position_lines,
            last_b3: 0,
            last_beats: 0,
        })
    }

    /// A label's address in the program.
    ///
    /// # Errors
    /// [`DraughtsRunError::Program`] naming the label if the program does not define it.
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
        self.machine.step(); // past the breakpoint, into the count-down
        self.machine.set_hand_switches(h);
        self.machine.set_kac(true);
        self.machine.run(Budget::beats(self.press_beats));
        self.machine.set_kac(false);
    }

    /// Where the machine's next move starts to cost (B3 and the beats now).
    fn mark(&mut self) {
        self.last_b3 = u64::from(self.machine.b[3]);
        self.last_beats = self.machine.stats.beats;
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
            let b3 = u64::from(self.machine.b[3]);
            self.machine_moves.push(MachineMove {
                printed: printed.to_string(),
                considered: b3.wrapping_sub(self.last_b3),
                seconds: (self.machine.stats.beats - self.last_beats) as f64 * 240e-6,
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
    u32::from(s) + u32::from(pdn)
}

/// Beats the driver lets the machine run before it expects the keys again (a think
/// under strategy 1 with 4 plies takes well under this).
const BUDGET: u64 = 2_000_000_000;

/// One move of a played game, as the driver saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayedMove {
    /// `true` for the machine's.
    pub machine: bool,
    /// Strachey squares: from, then every landing square (the first legal move between
    /// the move's first and last square, in the reference engine's list).
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
}

impl GameReport {
    /// What `mark1 draughts` prints after a game: how it ended, the last position and
    /// the cost in all; then each machine move as printed with the moves considered for
    /// it, its simulated seconds and moves a simulated second; then those in all (`p`:
    /// the settings, named in the heading). Lines end in `\n`.
    pub fn summary(&self, p: &Params) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "end: {:?}; position {}; {} instructions, {:.1} s of machine time",
            self.end,
            self.last,
            self.instructions,
            self.beats as f64 * 240e-6
        );
        let _ = writeln!(
            s,
            "the machine's moves (strategy {}, {} plies, king {}/8):",
            p.strategy, p.plies, p.king
        );
        let (mut tc, mut ts) = (0u64, 0f64);
        for m in &self.machine_moves {
            let _ = writeln!(
                s,
                "  {:<20} {:6} moves considered  {:7.1} s  {:5.1} moves a second",
                m.printed,
                m.considered,
                m.seconds,
                m.considered as f64 / m.seconds.max(1e-9)
            );
            tc += m.considered;
            ts += m.seconds;
        }
        if !self.machine_moves.is_empty() {
            let _ = writeln!(
                s,
                "  in all: {tc} moves considered in {ts:.1} s: {:.1} moves a second, {:.1} s a move (Strachey: about ten moves a second)",
                tc as f64 / ts.max(1e-9),
                ts / self.machine_moves.len() as f64
            );
        }
        s
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
    )
}

/// Plays a game: the machine's think runs on the emulated machine, the opponent's moves
/// come from `next` (Strachey squares: from, any landing squares, to), which is called
/// each time the machine waits for a move and gets the refusal of the last entry, if
/// any; `None` ends the game there.
///
/// # Errors
/// Settings the program does not take.
pub fn play_against(
    assembly: &Assembly,
    p: &Params,
    seed: u64,
    first: First,
    next: &mut dyn Opponent,
) -> Result<GameReport, DraughtsRunError> {
    let mut g = Game::new(assembly, p, seed)?;
    let mut moves = Vec::new();
    let mut refused = Vec::new();
    let mut end = g.start(first);
    let mut last_refusal: Option<String> = None;
    // The record is kept in full PDN (every landing square) from the reference engine's
    // list of moves: for the record only, after the program has made the move.
    let find = |pos: &Position, from: u8, to: u8| {
        rd::legal_moves(pos)
            .into_iter()
            .find(|m| m.from == from && m.to == to)
    };
    let played = |m: Option<&rd::moves::Move>, from: u8, to: u8, machine: bool| match m {
        Some(m) => PlayedMove {
            machine,
            squares: std::iter::once(m.from)
                .chain(m.landings().iter().copied())
                .collect(),
            capture: m.is_capture(),
        },
        None => PlayedMove {
            machine,
            squares: vec![from, to],
            capture: false,
        },
    };
    let mut pos = Position::start();
    while end.is_none() {
        let n = g.machine_moves.len();
        if last_refusal.is_none() {
            // (after a refusal the machine is already waiting for the move again)
            end = g.machine_turn();
        }
        if g.machine_moves.len() > n {
            let sq: Vec<u8> = g.machine_moves[n]
                .printed
                .split(|c: char| !c.is_ascii_digit())
                .filter(|t| !t.is_empty())
                .take(2)
                .filter_map(|t| t.parse().ok())
                .collect();
            if let [from, to] = sq[..] {
                moves.push(played(find(&pos, from, to).as_ref(), from, to, true));
            }
            pos = g.position();
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
                let (from, to) = (squares[0], squares[squares.len() - 1]);
                let m = find(&pos, from, to);
                moves.push(played(m.as_ref(), from, to, false));
                if let Some(m) = m {
                    pos = apply(&pos, &m);
                }
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
    Ok(GameReport {
        paper: g.paper().to_string(),
        moves,
        refused,
        machine_moves: g.machine_moves.clone(),
        end: end.unwrap_or(GameEnd::Budget),
        last: g.position().to_fen(),
        instructions: g.machine.stats.instructions,
        beats: g.machine.stats.beats,
    })
}
