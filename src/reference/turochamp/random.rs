//! Seeded random positions for cross-checks of the paper machine: positions from random
//! legal play, White to move, with at least one legal move (the same seed gives the same
//! positions on every run and machine).

use crate::random::Lcg64;
use shakmaty::{Chess, Color, Position};

/// `n` middle-game positions, White to move: random legal play from the initial
/// position for 10 to 49 plies (an even number, so that White is to move), kept when
/// White has a legal move. A linear congruential generator ([`Lcg64`]) drives the choice.
pub fn middle_games(n: usize, seed: u64) -> Vec<Chess> {
    let mut rng = Lcg64::new(seed);
    let mut next = move || rng.next_u31();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Chess::default();
        let plies = 2 * (5 + next() % 20);
        let mut ok = true;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            pos.play_unchecked(moves[next() % moves.len()]);
        }
        if ok && pos.turn() == Color::White && !pos.legal_moves().is_empty() {
            out.push(pos);
        }
    }
    out
}
