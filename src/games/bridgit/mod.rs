//! Bridg-it as Bell's machine plays it (Bell 1972, ch. 1.2), a period program of ours on
//! the emulated Mark 1 (`programs/bridgit.m1`, docs/bell.md): the driver as the
//! operator. It puts the board size in, starts the machine, enters the opponent's
//! crossings on the hand switches with KAC, and reads the paper and the position (page 7).
//! It never computes the machine's move; [`check`] compares it with `reference::bridgit`.

pub use super::bundled::{CheckReport, Waiting};
use super::keys_core::{self, GameError, KeysCore, Limit};
use crate::machine::profile::origin;
use crate::reference::bridgit::{self as rb, Board, Owner};

keys_core::bundled_program!("programs/bridgit.m1");

/// Beats the driver lets a move take before it gives up.
const BEATS: u64 = 200_000_000;

keys_core::input_from!(rb::BridgitError);

/// A game on the emulated machine, at the keys (the machine and the program's waits in
/// its [`KeysCore`], which it dereferences to: `game.machine`, `game.run_to_wait()`,
/// `game.enter(c)` with crossing `c` in binary on switches 0-6, `game.paper()`).
pub struct Game {
    core: KeysCore,
    /// The board size.
    pub n: u32,
    ownb: u32,
    ownw: u32,
}

keys_core::holds_core!(Game);

impl Game {
    /// The program loaded with board size `n` (2-8); nothing run yet. A wait is the key
    /// routine of unit G: the same line in unit T, when T is down, is passed over.
    ///
    /// # Errors
    /// A size outside 2-8; the program failing to assemble.
    pub fn new(n: u32, seed: u64) -> Result<Game, GameError> {
        rb::check_size(n)?;
        // Unit G is in the store when the key routine's page came from G's half-tracks
        // (50-52) or was loaded at the start; the same line in unit T is passed over.
        let mut core = KeysCore::new(&PROGRAM, seed, Limit::EachWait(BEATS), 127)?
            .only_at_key(|m, key| origin(m, key).is_none_or(|(t, _)| t >= 50));
        core.machine.store.write_long(label("s_n")?, u64::from(n));
        Ok(Game {
            core,
            n,
            ownb: label("ownb")?,
            ownw: label("ownw")?,
        })
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

impl keys_core::Driver for Game {
    fn move_prompt(&self) -> String {
        format!(
            "your crossing, 1-{} (Bell's numbering: mark1 ref bridgit board --size {})",
            rb::crossings(self.n),
            self.n
        )
    }

    fn move_switches(&self, text: &str) -> Result<u32, String> {
        match text.parse::<u32>() {
            Ok(c) if (1..=rb::crossings(self.n)).contains(&c) => Ok(c),
            _ => Err(format!(
                "`{text}` is not a crossing number 1-{} on the board of size {}",
                rb::crossings(self.n),
                self.n
            )),
        }
    }

    fn board_text(&self) -> String {
        self.board().diagram()
    }

    fn board_json(&self) -> serde_json::Value {
        let b = self.board();
        let owner = |o: Option<Owner>| match o {
            Some(Owner::Black) => "machine",
            Some(Owner::White) => "you",
            None => "",
        };
        serde_json::json!({
            "numbering": NUMBERING,
            "size": self.n,
            "crossings": b.owner.iter().map(|&o| owner(o)).collect::<Vec<_>>(),
            "machine": self.machine_moves(),
        })
    }

    fn result_text(&self) -> Option<String> {
        Some(
            match self.board().winner() {
                Some(Owner::Black) => "the machine won",
                Some(Owner::White) => "you won",
                None => "not finished",
            }
            .to_string(),
        )
    }

    fn board_page(&self) -> u32 {
        self.ownb / 64
    }
}

/// The crossings' numbering, as the commands and the views name it.
pub const NUMBERING: &str = "Bell's crossings, Fig. 1.5 as reconstructed (mark1 ref bridgit board)";

/// Starts Bridg-it at the keys (`games::GAMES`' row `bridgit`): the machine (Black)
/// first, as Bell's; `settings.position` the board size (2-8, Bell's 5 if none).
///
/// # Errors
/// The human first (Gross's strategy is the first player's), a size that is not one, a
/// drum image given; the program failing to assemble.
pub fn start(settings: &super::Settings) -> Result<Box<dyn super::AtTheKeys>, String> {
    if settings.first == super::First::Human {
        return Err(
            "Bell's machine plays first (Gross's winning strategy is the first player's)".into(),
        );
    }
    if settings.drum.is_some() {
        return Err("Bridg-it keeps nothing on the drum: no drum image".into());
    }
    let n = match settings.position.as_deref().map(str::trim) {
        None => 5,
        Some(t) => t
            .parse()
            .map_err(|_| format!("board size `{t}`: a number 2-8 (Bell's board is 5)"))?,
    };
    let g = Game::new(n, settings.seed).map_err(|e| e.to_string())?;
    Ok(keys_core::AtKeys::boxed("bridgit", g))
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
pub fn check(n: usize, seed: u64) -> Result<CheckReport, GameError> {
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
    let results: Vec<Result<Option<String>, GameError>> = cases
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

#[cfg(test)]
mod tests {
    use super::rb;
    use crate::games::keys_core::play;
    use crate::games::{AtTheKeys, MoveError, Settings};

    /// Bridg-it on the board of size 3 played through `games::start`, White taking the
    /// first free crossing each time: every reply on the paper is Bell's formula's, the
    /// board the program holds shows them, and the machine wins (Gross's strategy).
    #[test]
    fn bridgit_at_the_keys() {
        let s = Settings {
            position: Some("3".into()),
            ..Settings::default()
        };
        let first_free = |g: &mut dyn AtTheKeys| {
            let v = g.view();
            let c = v["crossings"]
                .as_array()
                .unwrap()
                .iter()
                .position(|o| o == "")
                .unwrap();
            (c + 1).to_string()
        };
        let g = play("bridgit", &s, 20, 200_000_000, first_free);
        let lines: Vec<&str> = g.paper().lines().collect();
        assert_eq!(lines[..2], ["BRIDGIT", "I PLAY 1"]);
        let mut replies = 0;
        for w in lines.windows(2) {
            if let (Some(c), Some(r)) =
                (w[0].strip_prefix("YOU PLAY "), w[1].strip_prefix("I PLAY "))
            {
                let (c, r): (u32, u32) = (c.parse().unwrap(), r.parse().unwrap());
                assert_eq!(r, rb::reply(3, c));
                assert_eq!(g.view()["crossings"][r as usize - 1], "machine");
                replies += 1;
            }
        }
        assert!(replies > 0, "{}", g.paper());
        assert!(g.paper().contains("I HAVE WON"), "{}", g.paper());
        assert_eq!(g.end().as_deref(), Some("the machine won"));
        assert!(
            g.board().contains('|') || g.board().contains("--"),
            "{}",
            g.board()
        );
    }

    /// Text that is not a crossing of the board is refused and the game goes on; a size
    /// that is not one is refused at the start.
    #[test]
    fn bridgit_refuses_what_is_not_a_crossing() {
        let mut g = crate::games::start("bridgit", &Settings::default()).unwrap();
        crate::games::keys::run_to_wait(&mut *g, 200_000_000).unwrap();
        for bad in ["0", "42", "twelve"] {
            assert!(matches!(g.enter(bad), Err(MoveError::Input(_))), "{bad}");
        }
        g.enter("12").unwrap();
        crate::games::keys::run_to_wait(&mut *g, 200_000_000).unwrap();
        assert!(
            g.paper().ends_with("YOU PLAY 12\nI PLAY 16\n"),
            "{}",
            g.paper()
        );
        let nine = Settings {
            position: Some("9".into()),
            ..Settings::default()
        };
        assert!(crate::games::start("bridgit", &nine).is_err());
    }
}
