//! Torres Quevedo's chess machine (El Ajedrecista, 1912) as a period program of ours on
//! the emulated Mark 1 (`programs/ajedrecista.m1`, docs/ajedrecista.md): the driver as
//! the operator. It sets the pegs on the hand switches with KAC (the white king's square,
//! the rook's, the black king's, switch 6 with the last when the visitor moves first),
//! enters the visitor's king moves the same way, and reads the teleprinter and the board
//! on the tube. It never computes a move; [`check`] compares the program with
//! `reference::ajedrecista`.
//!
//! Squares are 0-63 = file + 8 × rank (a1 = 0, h1 = 7, a8 = 56), as in
//! `reference::ajedrecista`.
//!
//! **The board on the tube** (`bd`, store lines 128-218, page 2 and the top of page 3):
//! a table of lines with a border, a line a square; square (file f, rank r) is line 128 +
//! e, e = 9(r + 1) + f + 1, so nine lines a rank from rank 1 up (a border line, then
//! the files a to h; ranks 0 and 9 of the table are all border). A line's digits: 1 the
//! white king, 2 the rook, 4 the black king (a dot each, at the left of the line), 8 the
//! border, 16 next to the white king, 32 attacked by the rook (the squares the black king
//! may not enter, made again after each move of the machine).
//!
//! **The paper**: `EL AJEDRECISTA`; the position set (`K A8 R B7 YOU D5`); each move of
//! the machine (`R H7`, `K B7`, with ` CHECK`, ` MATE` or ` STALEMATE` after it); each of
//! the visitor's (`YOU D4`, then `ILLEGAL` on a line of its own when it is); and the end:
//! `MATE` (the machine wins), `STALEMATE`, `ROOK LOST`, `NO CASE` or `R CANNOT MOVE` /
//! `K CANNOT MOVE` (the machine stops: a draw), `I REFUSE TO PLAY` (the third illegal
//! move).

pub use super::bundled::{CheckReport, Waiting};
pub use super::keys::First;
use super::keys_core::{self, GameError, KeysCore, Limit};

keys_core::bundled_program!("programs/ajedrecista.m1");

/// Beats a wait may take before the driver gives up (a reply takes about 20,000).
const BEATS: u64 = 5_000_000;

/// A square's name, `a1`-`h8`.
pub fn name(s: u8) -> String {
    format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1)
}

/// The program's table entry of square `s`.
fn entry(s: u8) -> u32 {
    9 * (u32::from(s) / 8 + 1) + u32::from(s) % 8 + 1
}

/// The position as the program holds it on its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Held {
    /// The white king's square, if on the board.
    pub white_king: Option<u8>,
    /// The rook's square, if on the board.
    pub rook: Option<u8>,
    /// The black king's square, if on the board.
    pub black_king: Option<u8>,
}

/// A game on the emulated machine, at the keys (the machine and the program's waits in
/// its [`KeysCore`], which it dereferences to).
pub struct Game {
    core: KeysCore,
    bd: u32,
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
        })
    }

    /// The position on the program's board (its table of squares).
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

    /// The squares the program marks as ones the black king may not enter (next to the
    /// white king or attacked by the rook).
    pub fn forbidden(&self) -> Vec<u8> {
        (0..64u8)
            .filter(|&s| self.machine.store.read(self.bd + entry(s)) & 48 != 0)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch() {
        let mut g = Game::new(1).unwrap();
        assert_eq!(g.run_to_wait().unwrap(), Waiting::Key);
        g.enter(56).unwrap();
        g.enter(49).unwrap();
        let w = g.enter(35).unwrap();
        eprintln!("{w:?}\n{}", g.paper());
        eprintln!("{:?} {:?}", g.held(), g.forbidden().iter().map(|&s| name(s)).collect::<Vec<_>>());
        for m in [34u8, 26, 18, 10, 11, 3, 4] {
            if g.waiting() != Some(Waiting::Key) { break; }
            let w = g.enter(u32::from(m)).unwrap();
            eprintln!("{w:?}\n{}", g.paper());
        }
        eprintln!("{:?}", g.held());
    }
}
