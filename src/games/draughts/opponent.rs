//! The opponent in a game against the program: who supplies the other side's moves
//! while the machine waits at its keys. [`FirstLegal`], [`RandomMove`] and [`Best`] are
//! the driver playing (for trying the program out: the program itself gets only the
//! keys); [`Script`] reads the moves from lines of text and [`Terminal`] from a person
//! typing; [`Watched`] shows the paper, the board and the refusals around any of them.

use super::game::Game;
use crate::random::RandomSource;
use crate::random::Xorshift;
use crate::reference::draughts::{self as rd, SearchParams};
use std::io::{BufRead, Write};

/// The opponent in [`super::play`]: given the machine waiting for a move and the
/// program's refusal of the last entry (if any), the squares of the next move (Strachey
/// squares 0–31: from, any landing squares, to), or `None` to stop the game there.
///
/// Any closure `FnMut(&Game, Option<&str>) -> Option<Vec<u8>>` is an opponent.
pub trait Opponent {
    /// The next move's squares, or `None` to stop.
    fn next_move(&mut self, game: &Game, refusal: Option<&str>) -> Option<Vec<u8>>;
}

impl<F: FnMut(&Game, Option<&str>) -> Option<Vec<u8>>> Opponent for F {
    fn next_move(&mut self, game: &Game, refusal: Option<&str>) -> Option<Vec<u8>> {
        self(game, refusal)
    }
}

/// A move's squares: from, then every landing square.
fn squares(m: &rd::Move) -> Vec<u8> {
    std::iter::once(m.from)
        .chain(m.landings().iter().copied())
        .collect()
}

/// The seed of the driver's own generator, from the game's seed.
fn driver_rng(seed: u64) -> Xorshift {
    Xorshift(seed as u32 ^ 0x5EED)
}

/// The driver plays the first legal move in Strachey's order; stops when there is none.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstLegal;

impl Opponent for FirstLegal {
    fn next_move(&mut self, game: &Game, _refusal: Option<&str>) -> Option<Vec<u8>> {
        rd::legal_moves(&game.position()).first().map(squares)
    }
}

/// The driver plays a legal move drawn from a seeded xorshift (the game's seed, so
/// that a game repeats); stops when there is none.
#[derive(Clone, Debug)]
pub struct RandomMove {
    rng: Xorshift,
}

impl RandomMove {
    /// An opponent drawing from a generator seeded from the game's `seed`.
    pub fn new(seed: u64) -> RandomMove {
        RandomMove {
            rng: driver_rng(seed),
        }
    }
}

impl Opponent for RandomMove {
    fn next_move(&mut self, game: &Game, _refusal: Option<&str>) -> Option<Vec<u8>> {
        let ms = rd::legal_moves(&game.position());
        if ms.is_empty() {
            return None;
        }
        Some(squares(&ms[self.rng.next_u20() as usize % ms.len()]))
    }
}

/// The driver plays the reference engine's choice under strategy 2 with six plies and
/// a king of 2½ men (ties drawn from a seeded xorshift); stops when there is no move.
#[derive(Clone, Debug)]
pub struct Best {
    rng: Xorshift,
}

impl Best {
    /// An opponent breaking ties from a generator seeded from the game's `seed`.
    pub fn new(seed: u64) -> Best {
        Best {
            rng: driver_rng(seed),
        }
    }
}

impl Opponent for Best {
    fn next_move(&mut self, game: &Game, _refusal: Option<&str>) -> Option<Vec<u8>> {
        let pos = game.position();
        let ms = rd::legal_moves(&pos);
        if ms.is_empty() {
            return None;
        }
        let b = rd::best(&pos, &SearchParams::strategy2(6, 20), &mut self.rng);
        Some(squares(&ms[b.chosen.unwrap_or(0)]))
    }
}

/// The moves from a script: one a line (`23-18`, `12x21`), `#` to the end of a line a
/// comment, blank lines skipped. Each line used is noted on `out` as
/// `    (script line N: TEXT)`; a line that is not a move is noted as not entered and
/// skipped. Stops when the lines run out.
pub struct Script<W: Write> {
    lines: std::vec::IntoIter<(usize, String)>,
    pdn: bool,
    out: W,
}

impl<W: Write> Script<W> {
    /// A script from `text`, in PDN squares 1–32 with `pdn` (Strachey's 0–31 without),
    /// noting each line on `out`.
    pub fn new(text: &str, pdn: bool, out: W) -> Script<W> {
        let lines: Vec<(usize, String)> = text
            .lines()
            .enumerate()
            .filter_map(|(i, line)| {
                let t = line.split('#').next().unwrap_or("").trim();
                (!t.is_empty()).then(|| (i + 1, t.to_string()))
            })
            .collect();
        Script {
            lines: lines.into_iter(),
            pdn,
            out,
        }
    }
}

impl<W: Write> Opponent for Script<W> {
    fn next_move(&mut self, _game: &Game, _refusal: Option<&str>) -> Option<Vec<u8>> {
        loop {
            let (line, t) = self.lines.next()?;
            let _ = writeln!(self.out, "    (script line {line}: {t})");
            match parse_squares(&t, self.pdn) {
                Ok(v) => return Some(v),
                Err(e) => {
                    let _ = writeln!(self.out, "    ({e}: not entered)");
                }
            }
        }
    }
}

/// A person at the terminal: prompts on `out`, reads a line from `input`; a line that
/// is not a move is answered with what is wrong and asked again. An empty line or the
/// end of the input stops.
pub struct Terminal<R: BufRead, W: Write> {
    input: R,
    out: W,
    pdn: bool,
}

impl<R: BufRead, W: Write> Terminal<R, W> {
    /// A terminal opponent typing PDN squares 1–32 with `pdn`, Strachey's 0–31 without.
    pub fn new(input: R, out: W, pdn: bool) -> Terminal<R, W> {
        Terminal { input, out, pdn }
    }
}

/// The words shown before an interactive game against a [`Terminal`]: how to play
/// (squares in PDN with `pdn`, Strachey's without) and how to stop. Ends in an empty
/// line.
pub fn introduction(pdn: bool) -> String {
    format!(
        "(Strachey's draughts on the emulated Mark 1: the machine's words come from its\n teleprinter; type your moves as squares, e.g. {}, and the driver sets them on the\n hand switches and presses KAC for you. An empty line or end of input stops.)\n\n",
        if pdn { "22-18 or 9x18" } else { "21-17 or 8x17" }
    )
}

impl<R: BufRead, W: Write> Opponent for Terminal<R, W> {
    fn next_move(&mut self, _game: &Game, _refusal: Option<&str>) -> Option<Vec<u8>> {
        loop {
            let _ = write!(
                self.out,
                "your move ({}): ",
                if self.pdn {
                    "PDN squares, 22-18"
                } else {
                    "Strachey squares, 23-18"
                }
            );
            let _ = self.out.flush();
            let mut l = String::new();
            if self.input.read_line(&mut l).ok()? == 0 || l.trim().is_empty() {
                return None;
            }
            match parse_squares(&l, self.pdn) {
                Ok(v) => return Some(v),
                Err(e) => {
                    let _ = writeln!(self.out, "{e}");
                }
            }
        }
    }
}

/// Any opponent, with what the operator sees before each of its moves written to
/// `out`: the teleprinter paper printed since last time, the board with the square
/// numbers (with `board`), and after a refusal the legal moves.
pub struct Watched<'a, W: Write> {
    inner: &'a mut dyn Opponent,
    out: W,
    board: bool,
    pdn: bool,
    printed: usize,
}

impl<'a, W: Write> Watched<'a, W> {
    /// `inner` watched on `out`; the board shown with `board`; squares in PDN 1–32 with
    /// `pdn`, Strachey's 0–31 without.
    pub fn new(inner: &'a mut dyn Opponent, out: W, board: bool, pdn: bool) -> Watched<'a, W> {
        Watched {
            inner,
            out,
            board,
            pdn,
            printed: 0,
        }
    }

    /// The paper not yet shown, of `paper` (the whole paper of the game, e.g. the
    /// report's at the end).
    pub fn unshown<'p>(&self, paper: &'p str) -> &'p str {
        &paper[self.printed.min(paper.len())..]
    }
}

impl<W: Write> Opponent for Watched<'_, W> {
    fn next_move(&mut self, game: &Game, refusal: Option<&str>) -> Option<Vec<u8>> {
        let paper = game.paper();
        let _ = write!(self.out, "{}", self.unshown(paper));
        self.printed = paper.len();
        if self.board {
            let _ = write!(self.out, "{}", game.board_with_squares(self.pdn));
        }
        if refusal.is_some() {
            let _ = writeln!(
                self.out,
                "    (refused; the legal moves are: {})",
                game.legal_moves_text(self.pdn)
            );
        }
        let _ = self.out.flush();
        self.inner.next_move(game, refusal)
    }
}

/// Reads an opponent's move as typed: squares separated by `-` or `x` (`23-18`,
/// `12x21`, `5x14x23`); Strachey squares 0–31, or PDN 1–32 with `pdn`.
///
/// # Errors
/// A message saying what is wrong with the text.
pub fn parse_squares(text: &str, pdn: bool) -> Result<Vec<u8>, String> {
    let parts: Vec<&str> = text
        .trim()
        .split(['-', 'x', 'X', ' '])
        .filter(|t| !t.is_empty())
        .collect();
    if parts.len() < 2 {
        return Err(format!(
            "`{}`: a move is two or more squares, as 23-18",
            text.trim()
        ));
    }
    parts
        .iter()
        .map(|t| {
            let v: u32 = t
                .parse()
                .map_err(|_| format!("`{t}` is not a square number"))?;
            if pdn {
                rd::pdn_to_strachey(v).ok_or_else(|| format!("PDN square {v} is not 1-32"))
            } else if v < 32 {
                Ok(v as u8)
            } else {
                Err(format!("Strachey square {v} is not 0-31"))
            }
        })
        .collect()
}
