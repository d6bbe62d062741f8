//! Bridg-it as Bell's machine plays it (Bell 1972, ch. 1.2), a period program of ours on
//! the emulated Mark 1 (`programs/bridgit.m1`, docs/bell.md): the driver as the
//! operator. It puts the board size in, starts the machine, enters the opponent's
//! crossings on the hand switches with KAC, and reads the paper and the position (page 7).
//! It never computes the machine's move; [`check`] compares it with `reference::bridgit`.

use super::bundled::{Bundled, RunError};
pub use super::bundled::{CheckReport, Waiting};
use crate::machine::profile::origin;
use crate::machine::{Config, Machine};
use crate::reference::bridgit::{self as rb, Board, Owner};

const SOURCES: &[(&str, &str)] = &[(
    "programs/bridgit.m1",
    include_str!("../../../programs/bridgit.m1"),
)];

static PROGRAM: Bundled = Bundled::new(SOURCES);

/// Beats the driver lets a move take before it gives up.
const BEATS: u64 = 200_000_000;

/// Errors of the Bridg-it driver.
#[derive(Debug, thiserror::Error)]
pub enum BridgitRunError {
    /// A bad size or crossing, a bad script line.
    #[error("{0}")]
    Input(String),
    /// The program did not assemble, lacks a label, or the machine stopped elsewhere.
    #[error(transparent)]
    Run(#[from] RunError),
}

crate::games::bundled::run_error_from_bundled!(BridgitRunError);

impl From<rb::BridgitError> for BridgitRunError {
    fn from(e: rb::BridgitError) -> Self {
        BridgitRunError::Input(e.to_string())
    }
}

fn label(n: &str) -> Result<u32, BridgitRunError> {
    let a = PROGRAM.assembly()?;
    Ok(PROGRAM.label(a, n)?)
}

/// A game on the emulated machine, at the keys.
pub struct Game {
    /// The machine.
    pub machine: Machine,
    /// The board size.
    pub n: u32,
    key_line: u32,
    end_line: u32,
    ownb: u32,
    ownw: u32,
}

impl Game {
    /// The program loaded with board size `n` (2-8); nothing run yet.
    ///
    /// # Errors
    /// A size outside 2-8; the program failing to assemble.
    pub fn new(n: u32, seed: u64) -> Result<Game, BridgitRunError> {
        rb::check_size(n)?;
        let mut m = Machine::new(Config {
            seed,
            ..Config::default()
        });
        m.load_image(&PROGRAM.assembly()?.image);
        m.store.write_long(label("s_n")?, u64::from(n));
        let key_line = label("k_key")?;
        m.breaks.set_line(key_line, true);
        Ok(Game {
            machine: m,
            n,
            key_line,
            end_line: label("g_end")?,
            ownb: label("ownb")?,
            ownw: label("ownw")?,
        })
    }

    /// Runs until the program waits for KAC (the key routine of unit G: the same line in
    /// unit T, when T is down, is passed over) or the game is over.
    ///
    /// # Errors
    /// The machine stopping elsewhere or running past the limit.
    pub fn run_to_wait(&mut self) -> Result<Waiting, BridgitRunError> {
        let (key, end) = (self.key_line, self.end_line);
        // Unit G is in the store when the key routine's page came from G's half-tracks
        // (50-52) or was loaded at the start; the same line in unit T is passed over.
        Ok(super::bundled::run_to_wait(
            &mut self.machine,
            key,
            end,
            BEATS,
            |m| origin(m, key).is_none_or(|(t, _)| t >= 50),
        )?)
    }

    /// Enters crossing `c` in binary on hand switches 0-6 with KAC, then runs to the next
    /// wait.
    ///
    /// # Errors
    /// As [`Game::run_to_wait`].
    pub fn enter(&mut self, c: u32) -> Result<Waiting, BridgitRunError> {
        self.machine
            .enter_at_key(c & 127, crate::machine::KAC_DEFAULT_BEATS);
        self.run_to_wait()
    }

    /// The paper so far.
    pub fn paper(&self) -> &str {
        self.machine.printer_text()
    }

    /// The machine's crossings as printed (`I PLAY n`), in order.
    pub fn machine_moves(&self) -> Vec<u32> {
        self.paper()
            .lines()
            .filter_map(|l| l.strip_prefix("I PLAY "))
            .filter_map(|n| n.trim().parse().ok())
            .collect()
    }

    /// The position as the program holds it (page 7: a long line a row of crossings).
    pub fn board(&self) -> Board {
        let mut b = Board::new(self.n).unwrap_or(Board {
            n: self.n,
            owner: Vec::new(),
        });
        let mut c = 1u32;
        for r in 0..(2 * self.n - 1) {
            let len = if r % 2 == 0 { self.n } else { self.n - 1 };
            let wb = self.machine.store.read_long(self.ownb + 2 * r);
            let ww = self.machine.store.read_long(self.ownw + 2 * r);
            for i in 0..len {
                let slot = &mut b.owner[c as usize - 1];
                if wb >> i & 1 == 1 {
                    *slot = Some(Owner::Black);
                } else if ww >> i & 1 == 1 {
                    *slot = Some(Owner::White);
                }
                c += 1;
            }
        }
        b
    }
}

/// The program against `reference::bridgit` on `n` positions from `seed`: each a random
/// size and a random number of random crossings of White's, entered at the keys; every
/// reply the program prints must be Bell's formula's, its board the reference's, and it
/// must say I HAVE WON exactly when Black has joined base and goal. The positions are
/// drawn first and run in parallel on the current rayon pool; the report is the same for
/// any number of threads.
///
/// # Errors
/// The program failing.
pub fn check(n: usize, seed: u64) -> Result<CheckReport, BridgitRunError> {
    use crate::random::RandomSource;
    use crate::random::Xorshift;
    use rayon::prelude::*;
    let mut rng = Xorshift((seed as u32) ^ 0x00B1_D617);
    // Each position: the size, White's crossings, the reference's board after them.
    let mut cases = Vec::with_capacity(n);
    for _ in 0..n {
        let size = 2 + rng.next_u20() % 7;
        let mut board = Board::new(size)?;
        board.play(Owner::Black, 1)?;
        let limit = rng.next_u20() % rb::crossings(size);
        let mut entered = Vec::new();
        while (entered.len() as u32) < limit && board.winner().is_none() {
            let free = board.free();
            let c = free[rng.next_u20() as usize % free.len()];
            board.play(Owner::White, c)?;
            entered.push(c);
            if board.winner().is_none() {
                board.play(Owner::Black, rb::reply(size, c))?;
            }
        }
        cases.push((size, entered, board));
    }
    let results: Vec<Result<Option<String>, BridgitRunError>> = cases
        .par_iter()
        .enumerate()
        .map(|(k, (size, entered, board))| {
            let mut game = Game::new(*size, seed.wrapping_add(k as u64))?;
            let mut w = game.run_to_wait()?;
            for &c in entered {
                if w != Waiting::Key {
                    break;
                }
                w = game.enter(c)?;
            }
            let mut expect = vec![1];
            expect.extend(entered.iter().map(|&c| rb::reply(*size, c)));
            let won = board.winner() == Some(Owner::Black);
            let got = game.machine_moves();
            let said_won = game.paper().contains("I HAVE WON");
            let bad = got != expect
                || said_won != won
                || game.board() != *board
                || game.paper().contains("YOU HAVE WON");
            Ok(bad.then(|| {
                format!(
                    "size {size}, White {entered:?}: the program played {got:?} (Bell's formula {expect:?}), {} (the reference: {})",
                    if said_won { "said I HAVE WON" } else { "did not say it had won" },
                    if won { "Black has won" } else { "no winner" }
                )
            }))
        })
        .collect();
    CheckReport::collect(n, results)
}
