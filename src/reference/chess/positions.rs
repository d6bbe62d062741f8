//! Random positions for cross-checks under Prinz's rules: small endgames from a seeded
//! 64-bit xorshift.

use super::Board;
use crate::random::Xorshift64;

/// `n` positions from seed `seed` (the same seed gives the same positions): both kings
/// and one to five other pieces placed at random, the side to move getting most of the
/// extra pieces and the other king put on an edge rank half of the time, so that many
/// positions have a mate in two; kept if the FEN reads and the side not to move is not
/// in check. Returned as FEN (castling and en passant fields `-`).
pub fn random_positions(n: usize, seed: u64) -> Vec<String> {
    let mut rng = Xorshift64::hashed(seed);
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        if let Some(board) = random_board(&mut rng) {
            v.push(board.to_fen());
        }
    }
    v
}

/// One attempt: `None` if a piece found no square in twenty tries, or the position is
/// not one a game can reach.
fn random_board(rng: &mut Xorshift64) -> Option<Board> {
    let black_moves = rng.next_u64().is_multiple_of(4);
    let mut cells = [None::<char>; 64];
    let extra = 1 + (rng.next_u64() % 5) as usize;
    let mut pieces = vec!['K', 'k'];
    for _ in 0..extra {
        let c = b"QRBNPRNPB"[(rng.next_u64() % 9) as usize] as char;
        let mover = rng.next_u64() % 10 < 7;
        pieces.push(if mover != black_moves {
            c
        } else {
            c.to_ascii_lowercase()
        });
    }
    let mut ok = true;
    for (i, p) in pieces.into_iter().enumerate() {
        let defender = (i == 1 && !black_moves) || (i == 0 && black_moves);
        ok &= place(rng, &mut cells, p, defender);
    }
    if !ok {
        return None;
    }
    let side = if black_moves { 'b' } else { 'w' };
    let board = Board::from_fen(&format!("{} {side} - - 0 1", placement(&cells))).ok()?;
    // The side not to move must not be in check (the position must be reachable).
    (!board.in_check(board.to_move.opponent())).then_some(board)
}

/// Puts piece `p` on a free square (pawns not on the first or last rank) in at most
/// twenty tries, a defending king on an edge rank half of the time; `false` if none.
fn place(rng: &mut Xorshift64, cells: &mut [Option<char>; 64], p: char, defender: bool) -> bool {
    for _ in 0..20 {
        let mut sq = (rng.next_u64() % 64) as usize;
        if defender && rng.next_u64().is_multiple_of(2) {
            let file = sq % 8;
            sq = if rng.next_u64().is_multiple_of(2) {
                file
            } else {
                56 + file
            };
        }
        let rank = sq / 8;
        if cells[sq].is_none() && !(p.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
            cells[sq] = Some(p);
            return true;
        }
    }
    false
}

/// The piece-placement field of a FEN for `cells` (index 8 × rank + file, rank 0 = 1).
fn placement(cells: &[Option<char>; 64]) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut gap = 0;
        for file in 0..8 {
            match cells[rank * 8 + file] {
                Some(c) => {
                    if gap > 0 {
                        fen.push_str(&gap.to_string());
                        gap = 0;
                    }
                    fen.push(c);
                }
                None => gap += 1,
            }
        }
        if gap > 0 {
            fen.push_str(&gap.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}
