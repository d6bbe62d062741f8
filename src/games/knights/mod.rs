//! The knight's tour by Warnsdorff's rule, a period program of ours on the emulated
//! Mark 1 (`programs/knights.m1`, docs/bell.md), printed as Bell prints the tour of his
//! Fig. 1.1: the driver as the operator. It sets the starting square on the hand switches
//! with KAC and reads the paper and the board (lines 392-511). It never computes the
//! tour; [`check`] compares it with `reference::knights`.
//!
//! Squares are chess squares `a1`–`h8`, 0–63 inside (file + 8 × rank), as in
//! `reference::knights`.

use super::bundled::RunError;
pub use super::bundled::{CheckReport, Waiting};
use super::keys_core::{self, GameError, KeysCore, Limit};
use crate::reference::knights as rk;

keys_core::bundled_program!("programs/knights.m1");

/// Beats the driver lets a tour take before it gives up (a tour takes about 250,000).
const BEATS: u64 = 50_000_000;

keys_core::input_from!(rk::KnightError);

/// Square `s` (file + 8 × rank) as the program's board entry: (rank + 2) × 10 + file + 1
/// of its bordered 10 × 12 table.
fn entry(s: u8) -> u32 {
    (u32::from(s) / 8 + 2) * 10 + u32::from(s) % 8 + 1
}

/// The program on the emulated machine, at the keys (the machine and the program's waits
/// in its [`KeysCore`], which it dereferences to: `tour.machine`, `tour.run_to_wait()`
/// within the limit for the whole tour, `tour.enter(value)` with the square 0-63 = file +
/// 8 × rank on switches 0-5 (anything larger is refused by the program), `tour.paper()`).
pub struct Tour {
    core: KeysCore,
    board: u32,
    /// The square to set on the hand switches when the program first asks (played
    /// through [`crate::games::AtTheKeys`] from a position).
    preset: Option<u8>,
}

keys_core::holds_core!(Tour);

impl Tour {
    /// The program loaded; nothing run yet.
    ///
    /// # Errors
    /// The program failing to assemble.
    pub fn new(seed: u64) -> Result<Tour, GameError> {
        Ok(Tour {
            core: KeysCore::new(&PROGRAM, seed, Limit::FromStart(BEATS), 0xF_FFFF)?,
            board: label("board")?,
            preset: None,
        })
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

/// The words the command ends with: `a complete tour from a1, closed`, or `stuck after
/// 40 squares from e4`.
pub fn result_words(start: u8, path: &[u8]) -> String {
    let (_, closed) = rk::check_tour(path);
    rk::tour_words(start, path.len(), path.len() == 64, closed)
}

impl keys_core::Driver for Tour {
    fn move_prompt(&self) -> String {
        "the starting square, a1-h8".into()
    }

    fn move_switches(&self, text: &str) -> Result<u32, String> {
        rk::parse(text).map(u32::from).map_err(|e| e.to_string())
    }

    fn board_text(&self) -> String {
        rk::board_text(&self.path())
    }

    fn board_json(&self) -> serde_json::Value {
        let path = self.path();
        serde_json::json!({
            "squares": "chess squares a1-h8",
            "numbering": "each square's move number in the tour, rank 8 at the top",
            "path": path.iter().map(|&s| rk::name(s)).collect::<Vec<_>>(),
            "complete": path.len() == 64,
        })
    }

    fn result_text(&self) -> Option<String> {
        let path = self.path();
        Some(match path.first() {
            Some(&s) => result_words(s, &path),
            None => "no tour: the program ended before the first square".into(),
        })
    }

    fn board_page(&self) -> u32 {
        self.board / 64
    }

    /// The core's run; where a starting square was given in the settings it is set
    /// on the hand switches with KAC when the program first asks, and the run goes on.
    fn run_within(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        let before = self.machine.stats.beats;
        let w = self.core.run(beats)?;
        match (w, self.preset.take()) {
            (Some(Waiting::Key), Some(s)) => {
                self.core.key(u32::from(s));
                let spent = self.machine.stats.beats - before;
                self.core.run(beats.saturating_sub(spent))
            }
            _ => Ok(w),
        }
    }
}

/// Starts the knight's tour at the keys (`games::GAMES`' row `knights-tour`): the
/// program asks for the starting square; `settings.position` (a square a1-h8), if given,
/// is set on the switches when it does.
///
/// # Errors
/// A position that is not a square, a drum image given; the program failing to assemble.
pub fn start(settings: &super::Settings) -> Result<Box<dyn super::AtTheKeys>, String> {
    if settings.drum.is_some() {
        return Err("the knight's tour keeps nothing on the drum: no drum image".into());
    }
    let mut t = Tour::new(settings.seed).map_err(|e| e.to_string())?;
    if let Some(p) = &settings.position {
        t.preset = Some(rk::parse(p.trim()).map_err(|e| format!("the starting square: {e}"))?);
    }
    Ok(keys_core::AtKeys::boxed("knights-tour", t))
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
pub fn tour(start: u8, seed: u64) -> Result<TourRun, GameError> {
    if start >= 64 {
        return Err(GameError::Input(format!(
            "square {start} is not on the board (0-63)"
        )));
    }
    let mut t = Tour::new(seed)?;
    if t.run_to_wait()? != Waiting::Key {
        return Err(GameError::Run(RunError::Stopped(
            "the program ended before asking for the square".into(),
        )));
    }
    if t.enter(u32::from(start))? != Waiting::Over {
        return Err(GameError::Run(RunError::Stopped(
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
pub fn check(n: usize, seed: u64) -> Result<CheckReport, GameError> {
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
    let results: Vec<Result<Option<String>, GameError>> = starts
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
pub fn check_path(path: &[u8]) -> Result<(), GameError> {
    let bad = |s: String| Err(GameError::Input(s));
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
pub fn think(path: &[u8], seed: u64) -> Result<Next, GameError> {
    check_path(path)?;
    let mut t = Tour::new(seed)?;
    for (i, &s) in path.iter().enumerate() {
        let at = t.board + entry(s);
        t.machine.store.write(at, i as u32 + 1);
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
            return Err(GameError::Run(RunError::Stopped(
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

#[cfg(test)]
mod tests {
    use super::rk;
    use crate::games::keys_core::play;
    use crate::games::{MoveError, Settings};

    /// The knight's tour through `games::start`: the starting square entered at the
    /// keys (or given as the position), the program's tour on its board is Warnsdorff's,
    /// drawn as Fig. 1.1 is, and the end says so.
    #[test]
    fn knights_tour_at_the_keys() {
        let mut g = crate::games::start("knights-tour", &Settings::default()).unwrap();
        assert_eq!(
            crate::games::keys::run_to_wait(&mut *g, 50_000_000).unwrap(),
            super::Waiting::Key
        );
        assert!(matches!(g.enter("i9"), Err(MoveError::Input(_))));
        g.enter("a1").unwrap();
        assert_eq!(
            crate::games::keys::run_to_wait(&mut *g, 50_000_000).unwrap(),
            super::Waiting::Over
        );
        let want = rk::warnsdorff(0);
        assert_eq!(g.board(), rk::board_text(&want));
        assert!(g.paper().contains(&g.board()), "{}", g.paper());
        assert_eq!(g.end().unwrap(), super::result_words(0, &want));
        assert!(g.end().unwrap().starts_with("a complete tour from a1"));
        let e4 = Settings {
            position: Some("e4".into()),
            ..Settings::default()
        };
        let g = play("knights-tour", &e4, 0, 50_000_000, |_| unreachable!());
        assert_eq!(
            g.board(),
            rk::board_text(&rk::warnsdorff(rk::parse("e4").unwrap()))
        );
        assert_eq!(g.view()["path"][0], "e4");
    }
}
