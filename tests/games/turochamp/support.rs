//! Test setup shared by the turochamp programme's tests (`turochamp_board`,
//! `turochamp_moves`).

use shakmaty::{Chess, Position};

/// Positions from seeded random legal play (a small LCG: the same positions every run).
pub fn random_positions(n: usize, seed: u64) -> Vec<Chess> {
    let mut r = seed;
    let mut next = move || {
        r = r
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (r >> 33) as usize
    };
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Chess::default();
        let plies = 1 + next() % 120;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[next() % moves.len()];
            pos = pos.play(m).unwrap();
        }
        out.push(pos);
    }
    out
}

/// The FEN of a position.
pub fn fen_of(pos: &Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}
