//! Torres Quevedo's chess machine (El Ajedrecista, 1912) as a period program of ours on
//! the emulated Mark 1 (`programs/ajedrecista.m1`, docs/ajedrecista.md): the driver as
//! the operator. It sets the pegs on the hand switches with KAC (the white king's square,
//! the rook's, the black king's, switch 6 on with the last when the visitor moves first),
//! enters the visitor's king moves the same way, and reads the teleprinter and the board
//! on the tube. It never computes a move; [`check`] compares the program with
//! `reference::ajedrecista` (the default readings: Vigneron's rows, chess legality, the
//! king standing after a flagged move, the rook from b7).
//!
//! Squares are 0-63 = file + 8 × rank (a1 = 0, h1 = 7, a8 = 56), as in
//! `reference::ajedrecista`; a square is set on hand switches 0-5.
//!
//! **The board on the tube** (`bd`, store lines 128-218: page 2 and the top of page 3):
//! a table of lines with a border, a line a square; square (file f, rank r) is line 128 +
//! e, e = 9(r + 1) + f + 1, so nine lines a rank from rank 1 up (a border line, then the
//! files a to h; the table's first nine lines and its last ten are border). A line's
//! digits: 1 the white king, 2 the rook, 4 the black king (a dot each at the left of the
//! line), 8 the border, 16 next to the white king, 32 attacked by the rook (the squares
//! the black king may not enter, made again after each move of the machine).
//!
//! **The paper**: `EL AJEDRECISTA`; the pegs set (`K A8 R B7 YOU D5`); each move of the
//! machine (`R H7`, `K B7`, with ` CHECK`, ` MATE` or ` STALEMATE` after it); each of the
//! visitor's (`YOU D4`, then `ILLEGAL` on a line of its own when it is one); and the end:
//! `... MATE` (the machine wins), `... STALEMATE`, `ROOK LOST`, `NO CASE` or `R CANNOT
//! MOVE` / `K CANNOT MOVE` (the machine stops: a draw), `I REFUSE TO PLAY` (the third
//! illegal move).

use super::bundled::RunError;
pub use super::bundled::{CheckReport, Waiting};
pub use super::keys::First;
use super::keys_core::{self, GameError, KeysCore, Limit};
use crate::machine::Machine;
use crate::reference::ajedrecista::{
    self as ra, decide, square_name, Decision, End, Piece, Position, Readings, Square, Status,
};

keys_core::bundled_program!("programs/ajedrecista.m1");

keys_core::input_from!(ra::AjedrecistaError);

/// Beats a wait may take before the driver gives up (a reply takes about 20,000).
const BEATS: u64 = 5_000_000;

/// The hand switch that says the visitor moves first, set with the black king's square.
const VISITOR_FIRST: u32 = 64;

/// The program's table entry of square `s`: 9(rank + 1) + file + 1.
fn entry(s: Square) -> u32 {
    9 * (u32::from(s) / 8 + 1) + u32::from(s) % 8 + 1
}

/// The pegs as the program holds them on its board (the table of squares on the tube).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Held {
    /// The white king's square, if on the board.
    pub white_king: Option<Square>,
    /// The rook's square, if on the board.
    pub rook: Option<Square>,
    /// The black king's square, if on the board.
    pub black_king: Option<Square>,
}

impl Held {
    /// The position these pegs make, `machine_to_move` said by the caller; `None` when a
    /// king is missing.
    pub fn position(&self, machine_to_move: bool) -> Option<Position> {
        Some(Position {
            white_king: self.white_king?,
            rook: self.rook,
            black_king: self.black_king?,
            machine_to_move,
        })
    }
}

/// What the machine said about its move on the paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// `R H7`, `K B7 CHECK`: the piece, its square, the black king's situation.
    Move {
        /// The piece moved.
        piece: Piece,
        /// Where to.
        to: Square,
        /// CHECK, MATE, STALEMATE or nothing.
        status: Status,
    },
    /// `R CANNOT MOVE`: the table's order cannot be made; the machine stops.
    Cannot(Piece),
    /// `NO CASE`: no row of the table holds; the machine stops.
    NoCase,
}

impl Said {
    /// In SAN (`Rh7`, `Rb1+`, `Rb1#`), or the words of a stop.
    pub fn text(&self) -> String {
        match self {
            Said::Move { piece, to, status } => format!(
                "{}{}{}",
                letter(*piece),
                square_name(*to),
                match status {
                    Status::Mate => "#",
                    Status::Check => "+",
                    _ => "",
                }
            ),
            Said::Cannot(p) => format!("its {} cannot move", piece_word(*p)),
            Said::NoCase => "no case".into(),
        }
    }
}

/// `K` or `R`.
fn letter(p: Piece) -> char {
    match p {
        Piece::King => 'K',
        Piece::Rook => 'R',
    }
}

/// `king` or `rook`.
fn piece_word(p: Piece) -> &'static str {
    match p {
        Piece::King => "king",
        Piece::Rook => "rook",
    }
}

/// A square as the teleprinter prints it, `D4`.
fn printed_square(t: &str) -> Option<Square> {
    ra::parse_square(&t.to_ascii_lowercase()).ok()
}

/// The machine's move on one line of the paper, if the line is one.
fn said_of(line: &str) -> Option<Said> {
    let l = line.trim();
    if l == "NO CASE" {
        return Some(Said::NoCase);
    }
    let (p, rest) = l.split_once(' ')?;
    let piece = match p {
        "K" => Piece::King,
        "R" => Piece::Rook,
        _ => return None,
    };
    if rest == "CANNOT MOVE" {
        return Some(Said::Cannot(piece));
    }
    let (sq, word) = rest.split_once(' ').unwrap_or((rest, ""));
    let status = match word {
        "" => Status::Quiet,
        "CHECK" => Status::Check,
        "MATE" => Status::Mate,
        "STALEMATE" => Status::Stalemate,
        _ => return None,
    };
    Some(Said::Move {
        piece,
        to: printed_square(sq)?,
        status,
    })
}

/// The paper after its first two lines (the heading and the pegs set).
fn moves_part(paper: &str) -> impl Iterator<Item = &str> {
    paper
        .lines()
        .skip(2)
        .map(str::trim)
        .filter(|l| !l.is_empty())
}

/// Every move of the machine on the paper, in order.
pub fn machine_said(paper: &str) -> Vec<Said> {
    moves_part(paper).filter_map(said_of).collect()
}

/// The game on the paper in SAN, as `reference::ajedrecista::Game` records it: the
/// machine's moves (`Rh7`, `Rb1#`), the visitor's (`Kd4`; `Kd4?` when the lamp lit;
/// `Kxh7` when it took the rook).
pub fn record(paper: &str) -> Vec<String> {
    let lines: Vec<&str> = moves_part(paper).collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some(sq) = l.strip_prefix("YOU ") {
            let next = lines.get(i + 1).copied().unwrap_or("");
            let name = sq.to_ascii_lowercase();
            out.push(match next {
                "ILLEGAL" => format!("K{name}?"),
                "ROOK LOST" => format!("Kx{name}"),
                _ => format!("K{name}"),
            });
        } else if let Some(Said::Move { .. }) = said_of(l) {
            out.push(said_of(l).map(|s| s.text()).unwrap_or_default());
        }
    }
    out
}

/// How the game on the paper ended, in the reference's words, once it has: mate,
/// stalemate, the rook lost, the machine stopped (no case, or a move its mechanism cannot
/// make), or its refusal after the third illegal move.
pub fn end_words(paper: &str) -> Option<String> {
    let last = super::keys::last_words(paper);
    Some(match last {
        "ROOK LOST" => End::RookLost.words(),
        "NO CASE" => End::NoCase.words(),
        "I REFUSE TO PLAY" => End::Refused.words(),
        l if l.ends_with(" MATE") => End::Mate.words(),
        l if l.ends_with(" STALEMATE") => End::Stalemate.words(),
        l => match said_of(l) {
            Some(Said::Cannot(p)) => format!(
                "the machine stops, a draw: its table orders a move of the {} that its \
                 mechanism cannot make",
                piece_word(p)
            ),
            _ => return None,
        },
    })
}

/// A game on the emulated machine, at the keys (the machine and the program's waits in
/// its [`KeysCore`], which it dereferences to: `game.machine`, `game.run_to_wait()`,
/// `game.enter(value)` with a square 0-63 on switches 0-5, `game.paper()`).
pub struct Game {
    core: KeysCore,
    bd: u32,
    /// The pegs entered so far (0-3): the program asks for three before the game.
    pegs: u8,
    /// Entries the operator makes when the program next asks (the pegs of a position).
    preset: Vec<u32>,
    /// The visitor moves first (switch 6 with the black king's square).
    visitor_first: bool,
}

keys_core::holds_core!(Game);

impl Game {
    /// The program loaded; nothing run yet.
    ///
    /// # Errors
    /// The program failing to assemble.
    pub fn new(seed: u64) -> Result<Game, GameError> {
        Ok(Game {
            core: KeysCore::new(&PROGRAM, seed, Limit::EachWait(BEATS), 0x7F)?,
            bd: label("bd")?,
            pegs: 0,
            preset: Vec::new(),
            visitor_first: false,
        })
    }

    /// The program loaded, the pegs of `p` to be set when it asks (white king, rook,
    /// black king; the visitor first when `p` has Black to move); nothing run yet.
    ///
    /// # Errors
    /// A position without its rook (the program sets three pegs); the program failing.
    pub fn at(p: &Position, seed: u64) -> Result<Game, GameError> {
        let Some(r) = p.rook else {
            return Err(GameError::Input(
                "the machine has no rook in this position: it has nothing to play".into(),
            ));
        };
        let mut g = Game::new(seed)?;
        g.visitor_first = !p.machine_to_move;
        g.preset = vec![
            u32::from(p.white_king),
            u32::from(r),
            u32::from(p.black_king) | if g.visitor_first { VISITOR_FIRST } else { 0 },
        ];
        Ok(g)
    }

    /// Runs to the next wait within the driver's limit, setting the preset pegs when the
    /// program asks for them.
    ///
    /// # Errors
    /// The machine stopping elsewhere.
    pub fn wait(&mut self) -> Result<Waiting, RunError> {
        loop {
            let w = self.core.run_to_wait()?;
            if w == Waiting::Key && self.next_peg() {
                continue;
            }
            return Ok(w);
        }
    }

    /// Sets `v` on the hand switches and presses KAC: a peg while the program asks for
    /// them (the first three entries, counted), then the visitor's moves.
    fn key(&mut self, v: u32) {
        self.pegs = (self.pegs + 1).min(3);
        self.core.key(v);
    }

    /// Sets the next preset peg with KAC, if one is left (the program waiting at its key
    /// routine): whether it did.
    fn next_peg(&mut self) -> bool {
        if self.preset.is_empty() {
            return false;
        }
        let v = self.preset.remove(0);
        self.key(v);
        true
    }

    /// Enters the visitor's move `to` (or a peg while the program asks for them) and runs
    /// to the next wait.
    ///
    /// # Errors
    /// The machine stopping elsewhere.
    pub fn play(&mut self, to: Square) -> Result<Waiting, RunError> {
        self.key(u32::from(to));
        self.wait()
    }

    /// The pegs on the program's board (its table of squares on the tube).
    pub fn held(&self) -> Held {
        let mut h = Held::default();
        for s in 0..64u8 {
            let v = self.machine.store.read(self.bd + entry(s));
            if v & 1 != 0 {
                h.white_king = Some(s);
            }
            if v & 2 != 0 {
                h.rook = Some(s);
            }
            if v & 4 != 0 {
                h.black_king = Some(s);
            }
        }
        h
    }

    /// The squares the program's board marks as ones the black king may not enter (next
    /// to the white king or attacked by the rook), in square order.
    pub fn forbidden(&self) -> Vec<Square> {
        (0..64u8)
            .filter(|&s| self.machine.store.read(self.bd + entry(s)) & 48 != 0)
            .collect()
    }

    /// The position on the board, the visitor to move while the program waits for a
    /// move, `None` while a peg is missing.
    pub fn position(&self) -> Option<Position> {
        self.held().position(self.pegs < 3)
    }
}

/// Reads a start: a square `d5` (the black king's; the machine's pegs on a8 and b7), or a
/// FEN (its side to move decides who moves first); `first` says who moves first from a
/// square. Validated by the reference: a square on ranks 1-6 not in check from the rook
/// on b7; a FEN with the three pegs.
///
/// # Errors
/// [`GameError::Input`] with the reason.
pub fn start_position(text: &str, first: First) -> Result<Position, GameError> {
    let t = text.trim();
    let mut p = if t.contains('/') {
        Position::from_fen(t)?
    } else {
        Position::start(ra::parse_square(t)?)?
    };
    if !t.contains('/') {
        p.machine_to_move = first == First::Machine;
    }
    if p.rook.is_none() {
        return Err(GameError::Input(format!(
            "FEN `{t}`: the machine has no rook in it: it has nothing to play"
        )));
    }
    Ok(p)
}

impl keys_core::Driver for Game {
    fn move_prompt(&self) -> String {
        if self.pegs < 2 {
            "the machine's pegs (the driver sets them)".into()
        } else if self.pegs == 2 {
            "where your king starts, a1-h6 (not on the b-file)".into()
        } else {
            "your king's square, a1-h8 (one step: e.g. d4)".into()
        }
    }

    fn move_switches(&self, text: &str) -> Result<u32, String> {
        let s = ra::parse_square(text).map_err(|e| e.to_string())?;
        if self.pegs == 2 {
            let p = Position::start(s).map_err(|e| e.to_string())?;
            return Ok(u32::from(p.black_king) | if self.visitor_first { VISITOR_FIRST } else { 0 });
        }
        Ok(u32::from(s))
    }

    fn board_text(&self) -> String {
        match self.position() {
            Some(p) => p.diagram(),
            None => "(the pegs are not all set yet)\n".into(),
        }
    }

    fn board_json(&self) -> serde_json::Value {
        let h = self.held();
        serde_json::json!({
            "squares": "chess squares a1-h8",
            "numbering": "the program's board: line 128 + 9(rank + 1) + file + 1, a line a square",
            "white_king": h.white_king.map(square_name),
            "rook": h.rook.map(square_name),
            "black_king": h.black_king.map(square_name),
            "fen": self.position().map(|p| p.fen()),
            "forbidden": self.forbidden().into_iter().map(square_name).collect::<Vec<_>>(),
            // The visitor's legal king moves by the rules of chess (the reference's; the
            // page lights them, the program still judges the move itself).
            "legal": self
                .position()
                .map(|p| p.visitor_moves().into_iter().map(square_name).collect::<Vec<_>>())
                .unwrap_or_default(),
            "record": record(self.paper()),
        })
    }

    fn result_text(&self) -> Option<String> {
        end_words(self.paper())
    }

    fn board_page(&self) -> u32 {
        self.bd / 64
    }

    /// The core's run; the pegs of the settings are set on the hand switches with KAC
    /// when the program asks for them, and the run goes on.
    fn run_within(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        let end = self.machine.stats.beats.saturating_add(beats);
        loop {
            let left = end.saturating_sub(self.machine.stats.beats);
            let w = self.core.run(left)?;
            if w == Some(Waiting::Key) && self.next_peg() {
                continue;
            }
            return Ok(w);
        }
    }
}

/// Starts Torres Quevedo's machine at the keys (`games::GAMES`' row `ajedrecista`): the
/// driver sets the machine's pegs (a8, b7); the black king's start is
/// `settings.position` (a square `d5`, or a FEN for the whole position), else the
/// visitor's first entry; `settings.first` says who moves first from a square.
///
/// # Errors
/// A start the reference refuses, a drum image given; the program failing to assemble.
pub fn start(settings: &super::Settings) -> Result<Box<dyn super::AtTheKeys>, String> {
    if settings.drum.is_some() {
        return Err("Torres Quevedo's machine comes with its program: no drum image".into());
    }
    let g = match &settings.position {
        Some(t) => {
            let p = start_position(t, settings.first).map_err(|e| e.to_string())?;
            Game::at(&p, settings.seed).map_err(|e| e.to_string())?
        }
        None => {
            let mut g = Game::new(settings.seed).map_err(|e| e.to_string())?;
            g.visitor_first = settings.first == First::Human;
            g.preset = vec![u32::from(ra::START_KING), u32::from(ra::START_ROOK)];
            g
        }
    };
    Ok(Box::new(Keys(g)))
}

/// [`Game`] played through [`super::AtTheKeys`]: the driver's [`keys_core::Driver`] with
/// the pegs counted as the visitor enters them.
struct Keys(Game);

impl super::AtTheKeys for Keys {
    fn game(&self) -> &'static str {
        "ajedrecista"
    }

    fn machine(&self) -> &Machine {
        &self.0.core.machine
    }

    fn machine_mut(&mut self) -> &mut Machine {
        &mut self.0.core.machine
    }

    fn run(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        keys_core::Driver::run_within(&mut self.0, beats)
    }

    fn prompt(&self) -> String {
        keys_core::Driver::move_prompt(&self.0)
    }

    fn enter(&mut self, text: &str) -> Result<(), super::MoveError> {
        if self.0.waiting() != Some(Waiting::Key) {
            return Err(super::MoveError::Input(
                "the program is not waiting for a move: run it to its key routine first".into(),
            ));
        }
        let h = keys_core::Driver::move_switches(&self.0, text.trim())
            .map_err(super::MoveError::Input)?;
        self.0.key(h);
        Ok(())
    }

    fn board(&self) -> String {
        keys_core::Driver::board_text(&self.0)
    }

    fn view(&self) -> serde_json::Value {
        keys_core::Driver::board_json(&self.0)
    }

    fn end(&self) -> Option<String> {
        match self.0.waiting() {
            Some(Waiting::Over) => keys_core::Driver::result_text(&self.0),
            _ => None,
        }
    }

    fn pages(&self) -> [u32; 2] {
        [self.0.bd / 64, self.0.key_line() / 64]
    }
}

/// The machine's time for one move, in beats (240 µs each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Beats {
    /// The fewest.
    pub min: u64,
    /// The mean, rounded.
    pub mean: u64,
    /// The most.
    pub max: u64,
}

impl Beats {
    /// The figures of `v` (all zero when empty).
    fn of(v: &[u64]) -> Beats {
        if v.is_empty() {
            return Beats::default();
        }
        Beats {
            min: *v.iter().min().unwrap_or(&0),
            mean: (v.iter().sum::<u64>() as f64 / v.len() as f64).round() as u64,
            max: *v.iter().max().unwrap_or(&0),
        }
    }
}

/// One move of the program on a position (`--think`): what it said, the board after it,
/// and its time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// The position given (the machine to move).
    pub position: Position,
    /// What the machine printed about its move.
    pub said: Said,
    /// The pegs on its board after it.
    pub held: Held,
    /// The paper.
    pub paper: String,
    /// The decision's beats: from the table's unit brought down to the move made on the
    /// board (or to the stop), the drum transfers included.
    pub decide_beats: u64,
    /// The whole reply's beats: from the table brought down to the next wait (or the
    /// end), the printing included.
    pub reply_beats: u64,
    /// The reply's orders obeyed (from the table brought down).
    pub reply_instructions: u64,
}

/// The program's one move on `p` (the machine to move): the pegs set, the machine run
/// to its next wait; the decision timed between the switch routines `tot` (the table
/// brought down) and `tod` (the move made: D brought down) or `last` (the stop).
///
/// # Errors
/// The visitor to move, or no rook; the program failing.
pub fn think(p: &Position, seed: u64) -> Result<Think, GameError> {
    if !p.machine_to_move {
        return Err(GameError::Input(
            "the position has the visitor to move: give one with the machine (White) to move"
                .into(),
        ));
    }
    let mut g = Game::at(p, seed)?;
    // The first two pegs.
    for _ in 0..2 {
        if g.core.run_to_wait()? != Waiting::Key {
            return Err(GameError::Run(RunError::Stopped(
                "the program ended while the pegs were set".into(),
            )));
        }
        g.next_peg();
    }
    if g.core.run_to_wait()? != Waiting::Key {
        return Err(GameError::Run(RunError::Stopped(
            "the program ended while the pegs were set".into(),
        )));
    }
    let (tot, tod, last) = (label("tot")?, label("tod")?, label("last")?);
    for l in [tot, tod, last] {
        g.machine.breaks.set_line(l, true);
    }
    g.next_peg();
    let (mut from, mut to) = (None, None);
    g.core.run_to_wait_watching(&mut |m, line| {
        if line == tot {
            from.get_or_insert((m.stats.beats, m.stats.instructions));
            Ok(true)
        } else if line == tod || line == last {
            to.get_or_insert(m.stats.beats);
            Ok(true)
        } else {
            Ok(false)
        }
    })?;
    let Some((b0, i0)) = from else {
        return Err(GameError::Run(RunError::Stopped(
            "the program never brought its table down".into(),
        )));
    };
    let paper = g.paper().to_string();
    let said = machine_said(&paper).first().copied().ok_or_else(|| {
        GameError::Run(RunError::Stopped(format!(
            "the program printed no move: {}",
            paper.trim()
        )))
    })?;
    Ok(Think {
        position: *p,
        said,
        held: g.held(),
        decide_beats: to.map_or(0, |b| b - b0),
        reply_beats: g.machine.stats.beats - b0,
        reply_instructions: g.machine.stats.instructions - i0,
        paper,
    })
}

/// What the reference says the machine does on `p`, as the program would print it, and
/// the pegs after it.
fn expected(p: &Position) -> (Said, Held) {
    let held = |q: &Position| Held {
        white_king: Some(q.white_king),
        rook: q.rook,
        black_king: Some(q.black_king),
    };
    match decide(p, ra::Rows::Vigneron) {
        Decision::Move(r) => (
            Said::Move {
                piece: r.order.piece,
                to: r.order.to.unwrap_or(0),
                status: r.status,
            },
            held(&r.after),
        ),
        Decision::Cannot(o, _) => (Said::Cannot(o.piece), held(p)),
        Decision::NoCase => (Said::NoCase, held(p)),
    }
}

/// The result of [`check`]: the comparison and the program's time a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The positions compared and what differed.
    pub report: CheckReport,
    /// The decision's beats over the positions ([`Think::decide_beats`]).
    pub decide: Beats,
    /// The whole reply's beats ([`Think::reply_beats`]).
    pub reply: Beats,
}

impl Checked {
    /// The report's text, then the time a move.
    pub fn text(&self) -> String {
        format!(
            "{}the time a move, in beats (min/mean/max): the decision {}/{}/{}, the whole reply \
             with its printing {}/{}/{}\n",
            self.report.text(),
            self.decide.min,
            self.decide.mean,
            self.decide.max,
            self.reply.min,
            self.reply.mean,
            self.reply.max
        )
    }
}

/// Every position the machine can meet from a legal start (the machine first or the
/// visitor first) under every legal reply of the visitor (`reference::ajedrecista::
/// reachable`, the default readings), in order, each once.
pub fn reachable() -> Vec<Position> {
    let r = Readings::default();
    let mut v = ra::reachable(&r, true);
    v.extend(ra::reachable(&r, false));
    v.sort();
    v.dedup();
    v
}

/// The program against the reference on `n` reachable positions drawn from `seed`
/// (every one, in order, when `n` is `None`): for each, the pegs set, the machine's one
/// move run; what it printed (the move, CHECK, MATE or STALEMATE, or its stop) and the
/// pegs on its board after it must be what `reference::ajedrecista::decide` gives. Run
/// in parallel on the current rayon pool; the report is the same for any number of
/// threads.
///
/// # Errors
/// The program failing.
pub fn check(n: Option<usize>, seed: u64) -> Result<Checked, GameError> {
    use crate::random::{RandomSource, Xorshift};
    use rayon::prelude::*;
    let all = reachable();
    let positions: Vec<Position> = match n {
        None => all,
        Some(n) => {
            let mut rng = Xorshift((seed as u32) ^ 0x7012_1912);
            (0..n)
                .map(|_| all[rng.next_u20() as usize % all.len()])
                .collect()
        }
    };
    let results: Vec<Result<Compared, GameError>> = positions
        .par_iter()
        .enumerate()
        .map(|(k, p)| {
            let t = think(p, seed.wrapping_add(k as u64))?;
            let (said, held) = expected(p);
            let bad = t.said != said || t.held != held;
            Ok((
                bad.then(|| {
                    format!(
                        "{}: the program {} (board {}), the reference {} (board {})",
                        p.fen(),
                        t.said.text(),
                        held_text(&t.held),
                        said.text(),
                        held_text(&held)
                    )
                }),
                t.decide_beats,
                t.reply_beats,
            ))
        })
        .collect();
    let mut decide_beats = Vec::new();
    let mut reply_beats = Vec::new();
    let mut lines = Vec::new();
    for r in results {
        let (d, a, b) = r?;
        lines.push(Ok::<_, GameError>(d));
        decide_beats.push(a);
        reply_beats.push(b);
    }
    Ok(Checked {
        report: CheckReport::collect(positions.len(), lines)?,
        decide: Beats::of(&decide_beats),
        reply: Beats::of(&reply_beats),
    })
}

/// One position compared: what differed, if anything; the decision's beats; the reply's.
type Compared = (Option<String>, u64, u64);

/// Pegs in words: `K a8 R b7 k d5`.
fn held_text(h: &Held) -> String {
    let s = |o: Option<Square>| o.map(square_name).unwrap_or_else(|| "-".into());
    format!(
        "K {} R {} k {}",
        s(h.white_king),
        s(h.rook),
        s(h.black_king)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::keys_core::play;
    use crate::games::{AtTheKeys, MoveError, Settings};

    /// A game through `games::start` from d5, the visitor taking the first legal move
    /// the reference lists each time: every move of the machine on the paper is the
    /// reference's on the position its board holds, and the game ends in mate.
    #[test]
    fn ajedrecista_at_the_keys() {
        let s = Settings {
            position: Some("d5".into()),
            ..Settings::default()
        };
        let mut checked = 0;
        let first_legal = |g: &mut dyn AtTheKeys| {
            let fen = g.view()["fen"].as_str().unwrap().to_string();
            let p = Position::from_fen(&fen).unwrap();
            square_name(p.visitor_moves()[0])
        };
        let g = play("ajedrecista", &s, 200, BEATS, first_legal);
        let mut game = ra::Game::new(Position::start(35).unwrap(), Readings::default());
        for m in record(g.paper()) {
            if game.position.machine_to_move {
                let d = game.machine().unwrap();
                let Decision::Move(r) = d else {
                    panic!("{d:?}")
                };
                assert_eq!(r.san(), m, "{}", g.paper());
                checked += 1;
            } else {
                let to = ra::parse_square(&m[1..3]).unwrap();
                game.visitor(to).unwrap();
            }
        }
        assert!(checked > 5, "{}", g.paper());
        assert_eq!(g.end().unwrap(), End::Mate.words(), "{}", g.paper());
        assert!(g.paper().trim_end().ends_with(" MATE"), "{}", g.paper());
    }

    /// The visitor's start square entered at the keys when the settings name none; a
    /// square that is no legal start is refused, and so is text that is no square.
    #[test]
    fn the_start_at_the_keys() {
        let mut g = crate::games::start("ajedrecista", &Settings::default()).unwrap();
        assert_eq!(
            crate::games::keys::run_to_wait(&mut *g, BEATS).unwrap(),
            Waiting::Key
        );
        assert!(g.prompt().contains("starts"), "{}", g.prompt());
        assert!(matches!(g.enter("b5"), Err(MoveError::Input(_))));
        assert!(matches!(g.enter("d7"), Err(MoveError::Input(_))));
        assert!(matches!(g.enter("z9"), Err(MoveError::Input(_))));
        g.enter("d5").unwrap();
        crate::games::keys::run_to_wait(&mut *g, BEATS).unwrap();
        assert!(
            g.paper().contains("K A8 R B7 YOU D5\nR B6\n"),
            "{}",
            g.paper()
        );
        assert_eq!(g.view()["rook"], "b6");
    }
}
