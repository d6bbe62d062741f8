//! Random positions for cross-checks: random games from the start position, from a
//! seeded [`Xorshift`].

use super::moves::apply;
use super::{legal_moves, Position};
use crate::random::RandomSource;
use crate::random::Xorshift;

/// `n` test positions from seed `seed`: random games from the start position, stopped
/// after a random number of plies (0–59), the side to move having at least one move.
/// The same seed gives the same positions.
pub fn random_positions(n: usize, seed: u32) -> Vec<Position> {
    let mut rng = Xorshift(seed.wrapping_mul(2_654_435_761).wrapping_add(1));
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Position::start();
        let len = rng.next_u20() % 60;
        for _ in 0..len {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let i = rng.next_u20() as usize % moves.len();
            pos = apply(&pos, &moves[i]);
        }
        if !legal_moves(&pos).is_empty() {
            out.push(pos);
        }
    }
    out
}
