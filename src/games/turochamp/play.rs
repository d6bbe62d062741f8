//! `mark1 turochamp --play`: a game against the programme on the emulated Mark 1, the
//! machine as White (jobs 5 and 6 of programs/turochamp/root.m1).
//!
//! The driver acts as the operator: it loads the programme and the position tape, and
//! starts the machine's first move (hand switches 6, control to `think`); the programme
//! analyses, prints its move, makes it on its own board, draws the board on page 7 and
//! waits at its key routine (`k_key`). For each of the person's moves the operator sets
//! the move on the hand switches (from + 128 x to, squares numbered 10 x rank + file)
//! and presses KAC: the programme looks the move up among its own legal moves, makes it
//! and replies, or prints REFUSED and waits again, and the game goes on. The driver
//! keeps a shakmaty position beside the game only to read the person's SAN, to name
//! the machine's move in SAN, and to write the PGN; the programme decides everything.

use super::think::{entry_move, Thought, THINK_BEATS};
use super::{load_position, position, square_number, Loaded, TuroRunError};
use crate::reference::turochamp::choose::{fen_of, parse_san};
use shakmaty::{san::SanPlus, Chess, Color, Move, Position, Role};

/// How the operator starts the machine.
#[derive(Clone, Copy, Debug)]
enum Start {
    /// A job: the hand switches set, control to `think`.
    Job(u32),
    /// An entry at the key: the hand switches set, KAC held and released.
    Key(u32),
}

/// Where a job of the game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stopped {
    /// Waiting at the key after the machine's move.
    Moved,
    /// Waiting at the key after `REFUSED`: the person's move is not legal.
    Refused,
    /// At `rc_none`: White has no legal move.
    NoMove,
}

/// How a game stands after a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The person is to move.
    Going,
    /// Checkmate: the winner.
    Mate(Color),
    /// Stalemate.
    Stalemate,
}

/// A game in progress.
pub struct Game {
    loaded: Loaded,
    /// The position as the game stands (beside the machine's own board).
    pub pos: Chess,
    /// The moves so far, SAN with `+`/`#`, White's and Black's alternately.
    pub sans: Vec<String>,
    /// The starting FEN.
    pub start_fen: String,
    /// Simulated minutes of each of the machine's moves.
    pub minutes: Vec<f64>,
}

/// The answer to a person's move.
#[derive(Clone, Debug)]
pub enum Reply {
    /// The programme refused the move (not among its legal moves); the game goes on.
    Refused(String),
    /// The move was made and the machine replied: its move in SAN, what it printed, and
    /// the cost.
    Moved {
        /// The machine's reply, SAN.
        san: String,
        /// The line printed on the teleprinter.
        printed: String,
        /// The machine's move and its cost.
        thought: Box<Thought>,
    },
    /// The person's move ended the game (mate or stalemate: the machine has no move).
    Over,
}

impl Game {
    /// Starts a game from `fen` (White to move): the machine's first move.
    ///
    /// # Errors
    /// A bad FEN, a position with Black to move, or a run that stops where the driver
    /// does not expect.
    pub fn start(fen: &str) -> Result<(Game, Reply), TuroRunError> {
        let pos = position(fen)?;
        if pos.turn() != Color::White {
            return Err(TuroRunError::Result(
                "the machine plays White: the position must have White to move".into(),
            ));
        }
        let loaded = load_position(&pos)?;
        let mut g = Game {
            loaded,
            pos,
            sans: Vec::new(),
            start_fen: fen.trim().to_string(),
            minutes: Vec::new(),
        };
        let r = g.machine_turn(6)?;
        Ok((g, r))
    }

    /// Runs the machine until the programme waits for a move at its key routine
    /// (`k_key`, a breakpoint: the machine's move made, or the person's refused) or stops
    /// at `rc_none` (White has no legal move). `start` does what the operator does first:
    /// a job started at `think` with the hand switches, or an entry at the key (the move
    /// on the hand switches, KAC held and released).
    fn run_until_wait(&mut self, start: Start) -> Result<(Stopped, super::JobRun), TuroRunError> {
        let l = &mut self.loaded;
        let think = l.label("think")?;
        let (key, none) = (l.label("k_key")?, l.label("rc_none")?);
        let rcall = l.label("rcall")?;
        let ky = key_unit()?;
        let m = &mut l.machine;
        m.breaks.set_line(key, true);
        let (i0, b0, t0) = (m.stats.instructions, m.stats.beats, m.stats.transfers);
        let paper0 = m.teleprinter.paper().len();
        match start {
            Start::Job(hand) => {
                m.set_hand_switches(hand);
                m.c = think - 1;
            }
            Start::Key(hand) => {
                if let crate::machine::Stop::DynamicStop { line } =
                    m.enter_at_key(hand, crate::machine::KAC_DEFAULT_BEATS)
                {
                    if line == none {
                        return Err(TuroRunError::Result("the game is over".into()));
                    }
                }
            }
        }
        // page 5 holds every unit in turn: the breakpoint on k_key's line is the key
        // routine's only while unit KY is the one brought down (rcall names it)
        let stop = loop {
            let budget = THINK_BEATS.saturating_sub(m.stats.beats - b0);
            match m.run(crate::machine::Budget::beats(budget)) {
                crate::machine::Stop::Breakpoint { line }
                    if line == key && m.store.read(rcall) != ky =>
                {
                    m.step();
                }
                other => break other,
            }
        };
        let run = super::JobRun {
            instructions: m.stats.instructions - i0,
            beats: m.stats.beats - b0,
            transfers: m.stats.transfers - t0,
            printed: m.teleprinter.paper()[paper0..].trim().to_string(),
        };
        let how = match stop {
            crate::machine::Stop::Breakpoint { line } if line == key => {
                if run.printed.contains("REFUSED") {
                    Stopped::Refused
                } else {
                    Stopped::Moved
                }
            }
            crate::machine::Stop::DynamicStop { line } if line == none => Stopped::NoMove,
            other => {
                return Err(
                    super::RunError::Stopped(crate::machine::report::describe_stop(&other)).into(),
                )
            }
        };
        Ok((how, run))
    }

    /// The machine's move, read off the store once the programme waits again at its key,
    /// made on the driver's position.
    fn machine_move(&mut self, run: super::JobRun) -> Result<Reply, TuroRunError> {
        let printed = run.printed.clone();
        let thought = self.loaded.read_thought(&self.pos, run)?;
        let mv = thought.mv;
        let san = SanPlus::from_move(self.pos.clone(), mv).to_string();
        self.pos.play_unchecked(mv);
        self.sans.push(san.clone());
        self.minutes.push(thought.minutes());
        Ok(Reply::Moved {
            san,
            printed,
            thought: Box::new(thought),
        })
    }

    /// Runs a job that ends with the machine's move.
    fn machine_turn(&mut self, hand: u32) -> Result<Reply, TuroRunError> {
        match self.run_until_wait(Start::Job(hand))? {
            (Stopped::Moved, run) => self.machine_move(run),
            (Stopped::NoMove, _) => Ok(Reply::Over),
            (Stopped::Refused, run) => Ok(Reply::Refused(run.printed)),
        }
    }

    /// The person's move, as typed: SAN (`e5`, `Nf6`, `O-O`, `exd5`) or, as an operator
    /// might set the switches straight from the squares, `e7e5`. A SAN text that is no
    /// move of this position, or an underpromotion (Turing's machine promotes to a queen
    /// only), is refused here with the reason; squares are given to the machine as they
    /// are, and the machine refuses what is not among its legal moves (`REFUSED`). The
    /// game goes on after a refusal.
    ///
    /// # Errors
    /// [`TuroRunError::Result`] for a text that cannot be read or a move refused before
    /// the machine; a run that stops where the driver does not expect.
    pub fn human(&mut self, text: &str) -> Result<Reply, TuroRunError> {
        let t = text.trim();
        let (from, to) = match coordinate_move(t) {
            Some(sq) => sq,
            None => {
                let mv =
                    parse_san(&self.pos, t).map_err(|e| TuroRunError::Result(e.to_string()))?;
                if mv.promotion().is_some_and(|r| r != Role::Queen) {
                    return Err(TuroRunError::Result(format!(
                        "`{t}`: Turing's machine promotes to a queen only"
                    )));
                }
                let f = mv.from().map_or(0, square_number);
                let to = match mv {
                    Move::Castle { king, rook } => {
                        if rook > king {
                            square_number(king) + 2
                        } else {
                            square_number(king) - 2
                        }
                    }
                    _ => square_number(mv.to()),
                };
                (f, to)
            }
        };
        let entry = u64::from(from) + 128 * u64::from(to);
        let (how, run) = self.run_until_wait(Start::Key(from + 128 * to))?;
        if how == Stopped::Refused {
            return Ok(Reply::Refused(run.printed));
        }
        // the machine took the move: made on the driver's side too
        let m = entry_move(&self.pos, entry).ok_or_else(|| {
            TuroRunError::Result(format!(
                "the machine took {t}, which the rules do not allow"
            ))
        })?;
        self.sans
            .push(SanPlus::from_move(self.pos.clone(), m).to_string());
        self.pos.play_unchecked(m);
        match how {
            Stopped::Moved => self.machine_move(run),
            _ => Ok(Reply::Over),
        }
    }

    /// The game's state for the person to move.
    pub fn outcome(&self) -> Outcome {
        if !self.pos.legal_moves().is_empty() {
            Outcome::Going
        } else if self.pos.is_check() {
            Outcome::Mate(!self.pos.turn())
        } else {
            Outcome::Stalemate
        }
    }

    /// The game so far as PGN (SAN moves; the result `1-0`, `0-1`, `1/2-1/2` or `*`).
    pub fn pgn(&self) -> String {
        let result = match self.outcome() {
            Outcome::Mate(Color::White) => "1-0",
            Outcome::Mate(Color::Black) => "0-1",
            Outcome::Stalemate => "1/2-1/2",
            Outcome::Going => "*",
        };
        let mut s = String::new();
        s += "[Event \"Turing's paper machine on the emulated Ferranti Mark 1\"]\n";
        s += "[Site \"mark1\"]\n";
        s += "[White \"Turing's paper machine (mark1 turochamp)\"]\n";
        s += "[Black \"Human\"]\n";
        s += &format!("[Result \"{result}\"]\n");
        if self.start_fen != fen_of(&Chess::default()) {
            s += "[SetUp \"1\"]\n";
            s += &format!("[FEN \"{}\"]\n", self.start_fen);
        }
        s += "\n";
        for (i, pair) in self.sans.chunks(2).enumerate() {
            s += &format!("{}. {} ", i + 1, pair.join(" "));
        }
        s += result;
        s += "\n";
        s
    }
}

/// The magnetic instruction that brings unit KY (the key routine's unit) into page 5:
/// the half-track its label `k_key` is assembled on.
fn key_unit() -> Result<u32, TuroRunError> {
    use crate::machine::code::{Halves, MagneticOrder, Transfer};
    let a = super::PROGRAM.assembly()?;
    let place = a
        .symbols
        .get("k_key")
        .and_then(|s| s.places.first().copied());
    match place {
        Some(crate::asm::Place::Drum(track, half, _)) => Ok(MagneticOrder {
            track,
            halves: Halves::Half(half),
            transfer: Transfer::Read,
            page: 5,
        }
        .encode()),
        _ => Err(TuroRunError::Result("k_key is not on the drum".into())),
    }
}

/// `e7e5` as two squares in the programme's numbering, or None.
fn coordinate_move(t: &str) -> Option<(u32, u32)> {
    let b = t.as_bytes();
    if b.len() != 4 {
        return None;
    }
    let sq = |f: u8, r: u8| -> Option<u32> {
        ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r))
            .then(|| 10 * u32::from(r - b'1') + u32::from(f - b'a'))
    };
    Some((sq(b[0], b[1])?, sq(b[2], b[3])?))
}
