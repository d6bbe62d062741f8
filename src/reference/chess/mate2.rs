//! Prinz's mate-in-two turn structure (Robot Chess, Figure 4).
//!
//! Four turns W1, B1, W2, B2 (the side to move is "W"), each with entry 1 (first move,
//! counters reset), entry 2 (next move), exit 3 (legal move found) and exit 4 (position
//! exhausted). W1.3 → B1.1; B1.3 → W2.1; W2.3 → B2.1; B2.3 (Black has a reply) → W2.2;
//! B2.4 (no reply: mate or stalemate) → B1.2; W2.4 (no mating move) → W1.2;
//! B1.4 → solution (the W1 move is a key); W1.4 → no (further) solution.

use super::board::{Board, ChessMove, Counts, Cursor};

/// Result of [`solve_mate2`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mate2Report {
    /// Every key move, in the order W1 tries them (full search past the first key).
    pub keys: Vec<ChessMove>,
    /// The legal first-turn moves as the program printed them: each W1 move as it is
    /// passed to B1 (W1 exit 3), up to and including the first key (all of them if there
    /// is no key). Prinz's program then printed MATE and stopped.
    pub first_moves_tried: Vec<ChessMove>,
    /// Possible moves tried and illegal moves, over all four turns, from the start up to
    /// the moment the first key is established (B1 exit 4), or the whole run if no key.
    pub to_first_key: Counts,
    /// The same counts for the full search (every W1 move).
    pub full: Counts,
}

/// Solves a mate-in-two with Prinz's turn structure and rules; the side to move mates.
/// A position where the side to move cannot move has no key.
pub fn solve_mate2(board: &Board) -> Mate2Report {
    let mut b = board.clone();
    let mut counts = Counts::default();
    let mut keys = Vec::new();
    let mut printed = Vec::new();
    let mut first_key_counts = None;
    let mut w1 = Cursor::default();
    while let Some(m1) = b.next_legal(&mut w1, &mut counts) {
        if first_key_counts.is_none() {
            printed.push(m1);
        }
        b.make(&m1);
        let mut refuted = false;
        let mut b1 = Cursor::default();
        while let Some(r1) = b.next_legal(&mut b1, &mut counts) {
            b.make(&r1);
            let mut mates = false;
            let mut w2 = Cursor::default();
            while let Some(m2) = b.next_legal(&mut w2, &mut counts) {
                b.make(&m2);
                let reply = b.next_legal(&mut Cursor::default(), &mut counts);
                b.unmake(&m2);
                if reply.is_none() {
                    mates = true; // B2.4 → B1.2
                    break;
                }
            }
            b.unmake(&r1);
            if !mates {
                refuted = true; // W2.4 → W1.2
                break;
            }
        }
        b.unmake(&m1);
        if !refuted {
            keys.push(m1); // B1.4: solution
            if first_key_counts.is_none() {
                first_key_counts = Some(counts);
            }
        }
    }
    Mate2Report {
        keys,
        first_moves_tried: printed,
        to_first_key: first_key_counts.unwrap_or(counts),
        full: counts,
    }
}
