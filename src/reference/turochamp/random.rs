//! Seeded random positions for cross-checks of the paper machine: positions from random
//! legal play, White to move, with at least one legal move (the same seed gives the same
//! positions on every run and machine).

use shakmaty::{Chess, Color, Position};

/// `n` middle-game positions, White to move: random legal play from the initial
/// position for 10 to 49 plies (an even number, so that White is to move), kept when
/// White has a legal move. A small linear congruential generator drives the choice.
pub fn middle_games(n: usize, seed: u64) -> Vec<Chess> {
    let mut r = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        r = r
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (r >> 33) as usize
    };
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
