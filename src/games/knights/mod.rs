//! The knight's tour by Warnsdorff's rule, a period program of ours on the emulated
//! Mark 1 (`programs/knights.m1`, docs/bell.md), printed as Bell prints the tour of his
//! Fig. 1.1: the driver as the operator. It sets the starting square on the hand switches
//! with KAC and reads the paper and the board (lines 392-511). It never computes the
//! tour; [`check`] compares it with `reference::knights`.
//!
//! Squares are chess squares `a1`–`h8`, 0–63 inside (file + 8 × rank), as in
//! `reference::knights`.

use super::bundled::{Bundled, RunError};
pub use super::bundled::{CheckReport, Waiting};
use crate::machine::{Config, Machine};
use crate::reference::knights as rk;

const SOURCES: &[(&str, &str)] = &[(
    "programs/knights.m1",
    include_str!("../../../programs/knights.m1"),
)];

static PROGRAM: Bundled = Bundled::new(SOURCES);

/// Beats the driver lets a tour take before it gives up (a tour takes about 250,000).
const BEATS: u64 = 50_000_000;

/// Errors of the knight's-tour driver.
#[derive(Debug, thiserror::Error)]
pub enum KnightsRunError {
    /// A bad square.
    #[error("{0}")]
    Input(String),
    /// The program did not assemble, lacks a label, or the machine stopped elsewhere.
    #[error(transparent)]
    Run(#[from] RunError),
}

crate::games::bundled::run_error_from_bundled!(KnightsRunError);

impl From<rk::KnightError> for KnightsRunError {
    fn from(e: rk::KnightError) -> Self {
        KnightsRunError::Input(e.to_string())
    }
}

fn label(n: &str) -> Result<u32, KnightsRunError> {
    let a = PROGRAM.assembly()?;
    Ok(PROGRAM.label(a, n)?)
}

/// Square `s` (file + 8 × rank) as the program's board entry: (rank + 2) × 10 + file + 1
/// of its bordered 10 × 12 table.
fn entry(s: u8) -> u32 {
    (u32::from(s) / 8 + 2) * 10 + u32::from(s) % 8 + 1
}

/// The program on the emulated machine, at the keys.
pub struct Tour {
    /// The machine.
    pub machine: Machine,
    key_line: u32,
    end_line: u32,
    board: u32,
}

impl Tour {
    /// The program loaded; nothing run yet.
    ///
    /// # Errors
    /// The program failing to assemble.
    pub fn new(seed: u64) -> Result<Tour, KnightsRunError> {
        let mut m = Machine::new(Config {
            seed,
            ..Config::default()
        });
        m.load_image(&PROGRAM.assembly()?.image);
        let key_line = label("k_key")?;
        m.breaks.set_line(key_line, true);
        Ok(Tour {
            machine: m,
            key_line,
            end_line: label("g_end")?,
            board: label("board")?,
        })
    }

    /// Runs until the program waits for KAC or has printed the tour.
    ///
    /// # Errors
    /// The machine stopping elsewhere or running past the limit.
    pub fn run_to_wait(&mut self) -> Result<Waiting, KnightsRunError> {
        // BEATS is the limit for the whole tour, from the start.
        let left = BEATS.saturating_sub(self.machine.stats.beats);
        let (key, end) = (self.key_line, self.end_line);
        Ok(super::bundled::run_to_wait(
            &mut self.machine,
            key,
            end,
            left,
            |_| true,
        )?)
    }

    /// Sets `value` on the hand switches (the square, 0-63 = file + 8 × rank, on switches
    /// 0-5; anything larger is refused by the program) with KAC, then runs to the next
    /// wait.
    ///
    /// # Errors
    /// As [`Tour::run_to_wait`].
    pub fn enter(&mut self, value: u32) -> Result<Waiting, KnightsRunError> {
        self.machine
            .enter_at_key(value & 0xF_FFFF, crate::machine::KAC_DEFAULT_BEATS);
        self.run_to_wait()
    }

    /// The paper so far.
    pub fn paper(&self) -> &str {
        self.machine.printer_text()
    }

    /// The tour as the program holds it: the squares in the order of the move numbers
    /// in its board (entry (rank + 2) × 10 + file + 1). Numbers missing from 1 up end it.
    pub fn path(&self) -> Vec<u8> {
        let mut at = [None; 64];
        for s in 0..64u32 {
            let e = entry(s as u8);
            let v = self.machine.store.read(self.board + e) as usize;
            if (1..=64).contains(&v) {
                at[v - 1] = Some(s as u8);
            }
        }
        at.iter().map_while(|s| *s).collect()
    }

    /// The board lines of the paper (between the heading and the verdict).
    pub fn printed_board(&self) -> String {
        board_of_paper(self.paper())
    }

    /// Whether the paper ends with COMPLETE.
    pub fn complete(&self) -> bool {
        self.paper().lines().any(|l| l.trim() == "COMPLETE")
    }
}

/// The eight board lines of a tour's paper (after the heading), each ending in a new
/// line, as `reference::knights::board_text` draws a board.
fn board_of_paper(paper: &str) -> String {
    paper
        .lines()
        .skip(1)
        .take(8)
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A tour run from start to end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourRun {
    /// The starting square (0-63).
    pub start: u8,
    /// The squares in order, as the program's board holds them.
    pub path: Vec<u8>,
    /// The paper.
    pub paper: String,
    /// Whether the program printed COMPLETE.
    pub complete: bool,
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats (240 µs each).
    pub beats: u64,
}

/// The program's tour from `start` (0-63): loaded, started, the square entered with KAC.
///
/// # Errors
/// A square above 63; the program failing.
pub fn tour(start: u8, seed: u64) -> Result<TourRun, KnightsRunError> {
    if start >= 64 {
        return Err(KnightsRunError::Input(format!(
            "square {start} is not on the board (0-63)"
        )));
    }
    let mut t = Tour::new(seed)?;
    if t.run_to_wait()? != Waiting::Key {
        return Err(KnightsRunError::Run(RunError::Stopped(
            "the program ended before asking for the square".into(),
        )));
    }
    if t.enter(u32::from(start))? != Waiting::Over {
        return Err(KnightsRunError::Run(RunError::Stopped(
            "the program asked for the square again".into(),
        )));
    }
    Ok(TourRun {
        start,
        path: t.path(),
        paper: t.paper().to_string(),
        complete: t.complete(),
        instructions: t.machine.stats.instructions,
        beats: t.machine.stats.beats,
    })
}

/// The program against `reference::knights::warnsdorff` on `n` tours: the first 64 from
/// every square in turn, then from squares drawn from `seed`. The program's board must
/// hold the reference's path, its paper must show `reference::knights::board_text` of
/// that path, and it must print COMPLETE exactly when the path has 64 squares. Run in
/// parallel on the current rayon pool; the report is the same for any number of threads.
///
/// # Errors
/// The program failing.
pub fn check(n: usize, seed: u64) -> Result<CheckReport, KnightsRunError> {
    use crate::random::RandomSource;
    use crate::random::Xorshift;
    use rayon::prelude::*;
    let mut rng = Xorshift((seed as u32) ^ 0x0C0F_FEE5);
    let starts: Vec<u8> = (0..n)
        .map(|k| {
            if k < 64 {
                k as u8
            } else {
                (rng.next_u20() % 64) as u8
            }
        })
        .collect();
    let results: Vec<Result<Option<String>, KnightsRunError>> = starts
        .par_iter()
        .enumerate()
        .map(|(k, &s)| {
            let run = tour(s, seed.wrapping_add(k as u64))?;
            let expect = rk::warnsdorff(s);
            let paper_board = board_of_paper(&run.paper);
            let bad = run.path != expect
                || paper_board != rk::board_text(&expect)
                || run.complete != (expect.len() == 64);
            Ok(bad.then(|| {
                format!(
                    "from {}: the program visited {} squares{}, the reference {}",
                    rk::name(s),
                    run.path.len(),
                    if run.path == expect {
                        " (the same path, printed differently)"
                    } else {
                        ""
                    },
                    expect.len()
                )
            }))
        })
        .collect();
    CheckReport::collect(n, results)
}

/// The program's next square after a partial tour: `None` if the knight is stuck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Next {
    /// The square the program moves to (0-63 = file + 8 × rank), if any.
    pub square: Option<u8>,
    /// Orders obeyed.
    pub instructions: u64,
    /// Beats (240 µs each).
    pub beats: u64,
}

/// Checks a partial tour: 1 to 63 distinct squares, each a knight's move from the one
/// before.
///
/// # Errors
/// The first fault, in words.
pub fn check_path(path: &[u8]) -> Result<(), KnightsRunError> {
    let bad = |s: String| Err(KnightsRunError::Input(s));
    if path.is_empty() || path.len() > 63 {
        return bad(format!(
            "a tour so far of {} squares: give 1 to 63",
            path.len()
        ));
    }
    for (i, &s) in path.iter().enumerate() {
        if s > 63 {
            return bad(format!("square {s} is off the board"));
        }
        if path[..i].contains(&s) {
            return bad(format!("{} is visited twice", rk::name(s)));
        }
        if i > 0 && !rk::moves(path[i - 1]).contains(&s) {
            return bad(format!(
                "{} to {} is not a knight's move",
                rk::name(path[i - 1]),
                rk::name(s)
            ));
        }
    }
    Ok(())
}

/// The program's next move after the partial tour `path`: the driver writes the tour so
/// far into the program's board (the move numbers), its last square and the move number
/// into `cur` and `n`, as the program leaves them after each move, and starts it at its
/// loop (`t_lp`), as an operator would set the store and control from the console; the
/// square is read when the program next writes the board (`put`).
///
/// # Errors
/// A bad path; the program failing.
pub fn think(path: &[u8], seed: u64) -> Result<Next, KnightsRunError> {
    check_path(path)?;
    let mut t = Tour::new(seed)?;
    for (i, &s) in path.iter().enumerate() {
        t.machine.store.write(t.board + entry(s), i as u32 + 1);
    }
    let last = path[path.len() - 1];
    t.machine
        .store
        .write_long(label("cur")?, u64::from(entry(last)));
    t.machine.store.write_long(label("n")?, path.len() as u64);
    t.machine.c = label("t_lp")? - 1;
    let put = label("put")?;
    t.machine.breaks.set_line(put, true);
    let stuck = label("stuck")?;
    t.machine.breaks.set_line(stuck, true);
    let s = t.machine.run(crate::machine::Budget::beats(BEATS));
    let square = match s {
        crate::machine::Stop::Breakpoint { line } if line == put => {
            let cur = (t.machine.store.read_long(label("cur")?) & 0xF_FFFF) as u32;
            let (r, f) = (cur / 10 - 2, cur % 10 - 1);
            Some((r * 8 + f) as u8)
        }
        crate::machine::Stop::Breakpoint { line } if line == stuck => None,
        other => {
            return Err(KnightsRunError::Run(RunError::Stopped(
                crate::machine::report::describe_stop(&other),
            )))
        }
    };
    Ok(Next {
        square,
        instructions: t.machine.stats.instructions,
        beats: t.machine.stats.beats,
    })
}
