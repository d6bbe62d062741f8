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
use super::{load_position, position, square_number, Loaded, TurochampRunError};
use crate::games::bundled::{RunError, Waiting};
use crate::games::keys::{AtTheKeys, MoveError};
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

/// Where a job of the machine's began: the counters and the paper's length then.
#[derive(Clone, Copy, Debug)]
struct Job {
    instructions: u64,
    beats: u64,
    transfers: u64,
    paper: usize,
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
    pub fn start(fen: &str) -> Result<(Game, Reply), TurochampRunError> {
        let mut g = Game::new(fen)?;
        let r = g.machine_turn(6)?;
        Ok((g, r))
    }

    /// The programme loaded with `fen` read from its tape (White to move); the machine's
    /// first move not yet begun.
    ///
    /// # Errors
    /// As [`Game::start`].
    fn new(fen: &str) -> Result<Game, TurochampRunError> {
        let pos = position(fen)?;
        if pos.turn() != Color::White {
            return Err(TurochampRunError::Result(
                "the machine plays White: the position must have White to move".into(),
            ));
        }
        let loaded = load_position(&pos)?;
        let g = Game {
            loaded,
            pos,
            sans: Vec::new(),
            start_fen: fen.trim().to_string(),
            minutes: Vec::new(),
        };
        Ok(g)
    }

    /// Runs the machine until the programme waits for a move at its key routine
    /// (`k_key`, a breakpoint: the machine's move made, or the person's refused) or stops
    /// at `rc_none` (White has no legal move). `start` does what the operator does first:
    /// a job started at `think` with the hand switches, or an entry at the key (the move
    /// on the hand switches, KAC held and released).
    fn run_until_wait(
        &mut self,
        start: Start,
    ) -> Result<(Stopped, super::JobRun), TurochampRunError> {
        let job = self.begin(start)?;
        let left = THINK_BEATS.saturating_sub(self.loaded.machine.stats.beats - job.beats);
        let stop = self.resume(left)?;
        self.finish(&job, stop)
    }

    /// The operator starts a job (see [`Game::run_until_wait`]); where it began.
    fn begin(&mut self, start: Start) -> Result<Job, TurochampRunError> {
        let none = self.loaded.label("rc_none")?;
        let key = self.loaded.label("k_key")?;
        let think = self.loaded.label("think")?;
        let m = &mut self.loaded.machine;
        m.breaks.set_line(key, true);
        let job = Job {
            instructions: m.stats.instructions,
            beats: m.stats.beats,
            transfers: m.stats.transfers,
            paper: m.teleprinter.paper().len(),
        };
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
                        return Err(TurochampRunError::Result("the game is over".into()));
                    }
                }
            }
        }
        Ok(job)
    }

    /// Runs the job under way for at most `beats` beats; how the machine stopped (a
    /// beat limit when the beats ran out first).
    fn resume(&mut self, beats: u64) -> Result<crate::machine::Stop, TurochampRunError> {
        let l = &mut self.loaded;
        let key = l.label("k_key")?;
        let rcall = l.label("rcall")?;
        let ky = key_unit()?;
        let m = &mut l.machine;
        let end = m.stats.beats + beats;
        // page 5 holds every unit in turn: the breakpoint on k_key's line is the key
        // routine's only while unit KY is the one brought down (rcall names it)
        Ok(loop {
            let budget = end.saturating_sub(m.stats.beats);
            match m.run(crate::machine::Budget::beats(budget)) {
                crate::machine::Stop::Breakpoint { line }
                    if line == key && m.store.read(rcall) != ky =>
                {
                    m.step();
                }
                other => break other,
            }
        })
    }

    /// What the job that began at `job` did, once the machine stopped with `stop`.
    fn finish(
        &mut self,
        job: &Job,
        stop: crate::machine::Stop,
    ) -> Result<(Stopped, super::JobRun), TurochampRunError> {
        let (key, none) = (self.loaded.label("k_key")?, self.loaded.label("rc_none")?);
        let m = &self.loaded.machine;
        let run = super::JobRun {
            instructions: m.stats.instructions - job.instructions,
            beats: m.stats.beats - job.beats,
            transfers: m.stats.transfers - job.transfers,
            printed: m.teleprinter.paper()[job.paper..].trim().to_string(),
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
    fn machine_move(&mut self, run: super::JobRun) -> Result<Reply, TurochampRunError> {
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
    fn machine_turn(&mut self, hand: u32) -> Result<Reply, TurochampRunError> {
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
    /// [`TurochampRunError::Result`] for a text that cannot be read or a move refused before
    /// the machine; a run that stops where the driver does not expect.
    pub fn human(&mut self, text: &str) -> Result<Reply, TurochampRunError> {
        let t = text.trim();
        let (from, to) = self.squares(t)?;
        let (how, run) = self.run_until_wait(Start::Key(from + 128 * to))?;
        self.after_human(t, from, to, how, run)
    }

    /// The person's move as the two squares the operator sets on the hand switches
    /// (see [`Game::human`]).
    fn squares(&self, t: &str) -> Result<(u32, u32), TurochampRunError> {
        Ok(match coordinate_move(t) {
            Some(sq) => sq,
            None => {
                let mv = parse_san(&self.pos, t)
                    .map_err(|e| TurochampRunError::Result(e.to_string()))?;
                if mv.promotion().is_some_and(|r| r != Role::Queen) {
                    return Err(TurochampRunError::Result(format!(
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
        })
    }

    /// The person's move `t` (squares `from`, `to`) once the machine has answered it.
    fn after_human(
        &mut self,
        t: &str,
        from: u32,
        to: u32,
        how: Stopped,
        run: super::JobRun,
    ) -> Result<Reply, TurochampRunError> {
        if how == Stopped::Refused {
            return Ok(Reply::Refused(run.printed));
        }
        let entry = u64::from(from) + 128 * u64::from(to);
        // the machine took the move: made on the driver's side too
        let m = entry_move(&self.pos, entry).ok_or_else(|| {
            TurochampRunError::Result(format!(
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

    /// The result in words once the side to move has no move (`mark1 turochamp --play`
    /// and the game at the keys alike): `None` while the game goes on.
    pub fn end_words(&self) -> Option<String> {
        match self.outcome() {
            Outcome::Going => None,
            Outcome::Mate(Color::White) => Some("checkmate: the machine (White) wins".into()),
            Outcome::Mate(Color::Black) => Some("checkmate: you (Black) wins".into()),
            Outcome::Stalemate => Some("stalemate".into()),
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
fn key_unit() -> Result<u32, TurochampRunError> {
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
        _ => Err(TurochampRunError::Result("k_key is not on the drum".into())),
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

/// What the machine is doing in a game at the keys.
#[derive(Clone, Debug)]
enum Turn {
    /// Thinking of its own move (a job started at `think`).
    Machine,
    /// Taking the person's move `text` (squares `from`, `to` on the hand switches), then
    /// replying.
    Person { text: String, from: u32, to: u32 },
}

/// Turing's paper machine at the keys ([`AtTheKeys`]): the programme plays White from a
/// position (Settings.position, a FEN; the usual start by default), the person Black.
/// The machine's first move is begun by [`start`] and made by [`AtTheKeys::run`].
pub struct AtKeys {
    game: Game,
    job: Option<(Job, Turn)>,
    refused: Option<String>,
    over: Option<String>,
}

/// Starts Turing's paper machine at the keys (`games::GAMES`): the programme loaded, the
/// position read from its tape, its first move (hand switches 6, control to `think`)
/// begun; run it with [`AtTheKeys::run`].
///
/// # Errors
/// A bad FEN, Black to move, or the program failing to load, in words.
pub fn start(settings: &crate::games::Settings) -> Result<Box<dyn AtTheKeys>, String> {
    let fen = settings
        .position
        .clone()
        .unwrap_or_else(|| fen_of(&Chess::default()));
    let mut game = Game::new(&fen).map_err(|e| e.to_string())?;
    let job = game.begin(Start::Job(6)).map_err(|e| e.to_string())?;
    Ok(Box::new(AtKeys {
        game,
        job: Some((job, Turn::Machine)),
        refused: None,
        over: None,
    }))
}

/// A driver's error as a run error (the trait's), its words kept.
fn run_error(e: TurochampRunError) -> RunError {
    match e {
        TurochampRunError::Run(r) => r,
        other => RunError::Stopped(other.to_string()),
    }
}

impl AtTheKeys for AtKeys {
    fn game(&self) -> &'static str {
        "turochamp"
    }

    fn machine(&self) -> &crate::machine::Machine {
        &self.game.loaded.machine
    }

    fn machine_mut(&mut self) -> &mut crate::machine::Machine {
        &mut self.game.loaded.machine
    }

    fn run(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        if self.over.is_some() {
            return Ok(Some(Waiting::Over));
        }
        let Some((job, turn)) = self.job.clone() else {
            return Ok(Some(Waiting::Key));
        };
        let spent = self.game.loaded.machine.stats.beats - job.beats;
        let left = THINK_BEATS.saturating_sub(spent);
        let stop = self.game.resume(beats.min(left)).map_err(run_error)?;
        if stop == crate::machine::Stop::BeatLimit && beats < left {
            return Ok(None);
        }
        let (how, run) = self.game.finish(&job, stop).map_err(run_error)?;
        self.job = None;
        let reply = match turn {
            Turn::Machine => match how {
                Stopped::Moved => self.game.machine_move(run),
                Stopped::NoMove => Ok(Reply::Over),
                Stopped::Refused => Ok(Reply::Refused(run.printed)),
            },
            Turn::Person { text, from, to } => self.game.after_human(&text, from, to, how, run),
        }
        .map_err(run_error)?;
        self.refused = match &reply {
            Reply::Refused(printed) => Some(printed.clone()),
            _ => None,
        };
        self.over = match reply {
            Reply::Over => Some(
                self.game
                    .end_words()
                    .unwrap_or_else(|| "the machine has no move: the game is over".into()),
            ),
            _ => self.game.end_words(),
        };
        Ok(Some(if self.over.is_some() {
            Waiting::Over
        } else {
            Waiting::Key
        }))
    }

    fn prompt(&self) -> String {
        let how = "as Black: SAN (e5, Nf6, O-O) or the squares (e7e5)";
        match &self.refused {
            Some(printed) => format!("the programme printed {printed}: another move, {how}"),
            None => format!("your move {how}"),
        }
    }

    fn enter(&mut self, text: &str) -> Result<(), MoveError> {
        if self.over.is_some() {
            return Err(MoveError::Input("the game is over".into()));
        }
        if self.job.is_some() {
            return Err(MoveError::Input(
                "the programme is not waiting for a move: it is still thinking".into(),
            ));
        }
        let t = text.trim();
        let (from, to) = self.game.squares(t).map_err(|e| match e {
            TurochampRunError::Result(why) => MoveError::Input(why),
            other => MoveError::Run(run_error(other)),
        })?;
        let job = self
            .game
            .begin(Start::Key(from + 128 * to))
            .map_err(|e| MoveError::Input(e.to_string()))?;
        self.job = Some((
            job,
            Turn::Person {
                text: t.to_string(),
                from,
                to,
            },
        ));
        Ok(())
    }

    /// The board as the programme holds it in its store (its board lines, one code a
    /// square): rank 8 at the top, White's pieces in capitals (`PNBQRK`), Black's in small
    /// letters, `.` an empty square, `?` a code the programme does not use.
    fn board(&self) -> String {
        let squares = self.game.loaded.position().squares;
        let mut s = String::new();
        for rank in (0..8).rev() {
            s += &format!("{} ", rank + 1);
            for file in 0..8 {
                s.push(piece_char(squares[rank * 8 + file]));
            }
            s.push('\n');
        }
        s += "  abcdefgh\n";
        s
    }

    fn view(&self) -> serde_json::Value {
        let squares: String = self
            .game
            .loaded
            .position()
            .squares
            .iter()
            .map(|&c| piece_char(c))
            .collect();
        // The visitor's legal moves as from and to squares (e7e5; a promotion with its
        // piece), for a face that lights the targets: from the position, not the programme.
        let legal: Vec<String> = self
            .game
            .pos
            .legal_moves()
            .iter()
            .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
            .collect();
        serde_json::json!({
            "fen": fen_of(&self.game.pos),
            "legal": legal,
            "squares": squares,
            "numbering": "a1 to h8, rank by rank (the programme's board lines)",
        })
    }

    fn end(&self) -> Option<String> {
        self.over.clone()
    }

    fn pages(&self) -> [u32; 2] {
        [5, 7]
    }
}

/// The character of the programme's piece code `c` (see `piece_code`).
fn piece_char(c: u32) -> char {
    match c {
        0 => '.',
        1..=6 => b"PNBQRK"[c as usize - 1] as char,
        9..=14 => b"pnbqrk"[c as usize - 9] as char,
        _ => '?',
    }
}

#[cfg(test)]
mod tests {
    use crate::games::{self, bundled::Waiting, MoveError, Settings};

    /// Runs `g` to its next wait, a slice of beats at a time, as a face does.
    fn to_wait(g: &mut dyn games::AtTheKeys) -> Waiting {
        for _ in 0..100_000 {
            if let Some(w) = g.run(1 << 20).unwrap() {
                return w;
            }
        }
        panic!("no wait");
    }

    /// Through the one model: the machine's first move made, a bad text refused and the
    /// game going on, then Black walking into Q-R5 mate (as tests/turochamp_play_cli.rs).
    #[test]
    fn a_game_at_the_keys_to_mate() {
        let mut g = games::start("turochamp", &Settings::default()).unwrap();
        assert_eq!(to_wait(g.as_mut()), Waiting::Key);
        assert!(
            !g.paper().trim().is_empty(),
            "the machine's first move is printed"
        );
        assert!(g.board().starts_with("8 rnbqkbnr\n"), "{}", g.board());
        assert!(matches!(g.enter("Ke9"), Err(MoveError::Input(_))));
        g.enter("f6").unwrap();
        assert!(matches!(g.enter("g5"), Err(MoveError::Input(_))));
        assert_eq!(to_wait(g.as_mut()), Waiting::Key);
        g.enter("g5").unwrap();
        assert_eq!(to_wait(g.as_mut()), Waiting::Over);
        assert!(g.paper().contains("Q-R5 MATE"), "{}", g.paper());
        assert_eq!(
            g.end().as_deref(),
            Some("checkmate: the machine (White) wins")
        );
        assert!(g.view()["fen"].as_str().unwrap().contains("Q"));
    }
}
