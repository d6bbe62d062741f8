//! Property tests of the two FEN readers: no panic on any text, and round trips.

use mark1::reference::chess::Board;
use mark1::reference::draughts::{legal_moves, Position, Side};
use proptest::prelude::*;

proptest! {
    #[test]
    fn draughts_fen_never_panics(s in "\\PC{0,60}") {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn draughts_fen_shaped_text_never_panics(s in "[BWK]?:[BW]?[K0-9,\\-]{0,30}:[BW]?[K0-9,\\-]{0,30}") {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn draughts_fen_round_trip(b in any::<u32>(), w in any::<u32>(), k in any::<u32>(), black in any::<bool>()) {
        let w = w & !b;
        // A man on its crowning row (Black's PDN 29-32, White's 1-4) is a king: FEN refuses
        // such a man, so the positions written and read back crown them.
        let k = (k | (b & 0xF000_0000) | (w & 0xF)) & (b | w);
        let side = if black { Side::Black } else { Side::White };
        let p = Position::new(b, w, k, side).unwrap();
        let q = Position::from_fen(&p.to_fen()).unwrap();
        prop_assert_eq!(p, q);
        let _ = legal_moves(&p); // any position, however odd, generates without panicking
    }

    #[test]
    fn chess_fen_never_panics(s in "\\PC{0,80}") {
        let _ = Board::from_fen(&s);
    }

    #[test]
    fn chess_fen_shaped_text_never_panics(s in "[pnbrqkPNBRQK1-9/]{0,70} [wbx]") {
        let _ = Board::from_fen(&s);
    }

    #[test]
    fn chess_fen_round_trip(cells in proptest::collection::vec(0u8..13, 64), white in any::<bool>(), wk in 0usize..64, bk in 0usize..64) {
        prop_assume!(wk != bk);
        let letters = ['.', 'P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q', '.', '.'];
        let mut grid: Vec<char> = cells.iter().map(|&c| letters[c as usize]).collect();
        grid[wk] = 'K';
        grid[bk] = 'k';
        let mut fen = String::new();
        for rank in 0..8 {
            let mut gap = 0;
            for file in 0..8 {
                let c = grid[rank * 8 + file];
                if c == '.' { gap += 1; continue; }
                if gap > 0 { fen.push_str(&gap.to_string()); gap = 0; }
                fen.push(c);
            }
            if gap > 0 { fen.push_str(&gap.to_string()); }
            if rank < 7 { fen.push('/'); }
        }
        fen.push_str(if white { " w - - 0 1" } else { " b - - 0 1" });
        match Board::from_fen(&fen) {
            Ok(b) => {
                prop_assert_eq!(b.to_fen(), fen.clone());
                prop_assert_eq!(Board::from_fen(&b.to_fen()).unwrap(), b.clone());
                let _ = mark1::reference::chess::legal_moves(&b);
            }
            Err(_) => {
                // Only more than 16 pieces on one side is refused here.
                let whites = grid.iter().filter(|c| c.is_ascii_uppercase()).count();
                let blacks = grid.iter().filter(|c| c.is_ascii_lowercase()).count();
                prop_assert!(whites > 16 || blacks > 16, "{}", fen);
            }
        }
    }
}

/// Perft with progress counts the same leaves as perft, and reports every root move.
#[test]
fn perft_with_progress_agrees() {
    use mark1::reference::{chess, draughts};
    let b =
        chess::Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").unwrap();
    let mut seen = Vec::new();
    let n = chess::perft_with_progress(&b, 3, &mut |d, t| seen.push((d, t)));
    assert_eq!(n, chess::perft(&b, 3));
    // Prinz's rules have no double step: 8 pawn moves and 4 knight moves.
    assert_eq!(seen.first(), Some(&(0, 12)));
    assert_eq!(seen.last(), Some(&(12, 12)));
    assert_eq!(seen.len(), 13);
    let p = draughts::Position::start();
    let mut last = (0, 0);
    let n =
        draughts::perft::perft_with_progress(&p, 6, draughts::Duplicates::Counted, &mut |d, t| {
            last = (d, t)
        });
    assert_eq!(n, draughts::perft(&p, 6, draughts::Duplicates::Counted));
    assert_eq!(last, (7, 7));
}
