//! Prinz-rules chess engine: Figure 1 (Robot Chess; Faster than Thought ch. 25), restricted
//! move lists against cozy-chess with the excluded move types filtered out, restricted perft
//! (anchors.md §2.2), FEN handling.

use cozy_chess::{Board as Cozy, Piece as CozyPiece};
use mark1::reference::chess::*;

const FIGURE_1: &str = "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1";

#[test]
fn figure1_key_and_printed_list() {
    let r = solve_mate2(&Board::from_fen(FIGURE_1).unwrap());
    let keys: Vec<String> = r.keys.iter().map(|m| m.uci()).collect();
    assert_eq!(keys, ["h1h6"]);
    let printed: Vec<String> = r.first_moves_tried.iter().map(|m| m.prinz()).collect();
    let want = [
        "Pawn to 78",
        "Rook to 17",
        "Rook to 16",
        "Rook to 15",
        "Rook to 14",
        "Rook to 13",
        "Rook to 12",
        "Rook to 11",
        "Rook to 28",
        "Rook to 38",
        "Rook to 48",
        "Rook to 58",
        "Rook to 68",
    ];
    assert_eq!(printed, want);
    assert!(r.to_first_key.tried > 0 && r.to_first_key.illegal > 0);
    assert!(r.full.tried >= r.to_first_key.tried);
}

/// The restricted legal moves of a cozy-chess board as standard (from, to) squares.
fn cozy_restricted(b: &Cozy) -> Vec<(u8, u8)> {
    let mut v = Vec::new();
    b.generate_moves(|pm| {
        for m in pm {
            let (f, t) = (m.from as u8, m.to as u8);
            let double = pm.piece == CozyPiece::Pawn && (f / 8).abs_diff(t / 8) == 2;
            if m.promotion.is_none() && !double {
                v.push((f, t));
            }
        }
        false
    });
    v.sort();
    v
}

/// Compares move lists at every node down to `depth` plies; returns the leaf count.
fn compare(mine: &mut Board, cozy: &Cozy, depth: u32) -> u64 {
    let ours = legal_moves(mine);
    let mut a: Vec<(u8, u8)> = ours.iter().map(|m| m.std_squares()).collect();
    a.sort();
    let b = cozy_restricted(cozy);
    assert_eq!(a, b, "move lists differ at {}", mine.to_fen());
    if depth == 1 {
        return a.len() as u64;
    }
    let mut n = 0;
    for m in &ours {
        let (f, t) = m.std_squares();
        let mv = cozy_chess::Move {
            from: cozy_chess::Square::index(f as usize),
            to: cozy_chess::Square::index(t as usize),
            promotion: None,
        };
        let mut c = cozy.clone();
        c.play_unchecked(mv);
        mine.make(m);
        n += compare(mine, &c, depth - 1);
        mine.unmake(m);
    }
    n
}

const POSITIONS: [&str; 7] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w - - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

#[test]
fn move_lists_match_cozy_chess_to_depth_4() {
    for fen in POSITIONS {
        let mut mine = Board::from_fen(fen).unwrap();
        let cozy: Cozy = fen.parse().unwrap();
        let n = compare(&mut mine, &cozy, 4);
        assert_eq!(n, perft(&mine, 4), "{fen}");
    }
}

#[test]
fn restricted_perft_anchors() {
    let start = Board::from_fen(POSITIONS[0]).unwrap();
    assert_eq!(
        (1..=4).map(|d| perft(&start, d)).collect::<Vec<_>>(),
        [12, 144, 2124, 31250]
    );
    let p3 = Board::from_fen(POSITIONS[2]).unwrap();
    assert_eq!(
        (1..=5).map(|d| perft(&p3, d)).collect::<Vec<_>>(),
        [12, 148, 2012, 29373, 430462]
    );
    let p6 = Board::from_fen(POSITIONS[6]).unwrap();
    assert_eq!(
        (1..=3).map(|d| perft(&p6, d)).collect::<Vec<_>>(),
        [44, 1898, 78191]
    );
}

#[test]
fn prinz_keys_of_anchor_problems() {
    // anchors.md §2.2: the first two published keys need excluded moves; the third stands.
    for (fen, keys) in [
        ("6R1/3n4/3B4/Kpp1qB2/8/4NPpp/1Q1P3k/4R3 w - - 0 1", vec![]),
        ("2n2K2/1Q3Pr1/3pk3/5bp1/4p1q1/2B1nNNB/8/8 w - - 0 1", vec![]),
        ("5K2/3PRnQB/2p5/3p4/5k2/7q/2N5/4N3 w - - 0 1", vec!["c2e3"]),
    ] {
        let r = solve_mate2(&Board::from_fen(fen).unwrap());
        let got: Vec<String> = r.keys.iter().map(|m| m.uci()).collect();
        assert_eq!(got, keys, "{fen}");
    }
}

#[test]
fn fen_errors_and_round_trip() {
    let b = Board::from_fen(FIGURE_1).unwrap();
    assert_eq!(b.to_fen(), FIGURE_1);
    assert_eq!(Board::from_fen(&b.to_fen()).unwrap(), b);
    // Counters: white king at a+15, rook 12, pawn 0; black = white + 16.
    assert_eq!(b.a[15], internal_square(5, 7) as i8);
    assert_eq!(b.a[12], internal_square(7, 0) as i8);
    assert_eq!(b.a[0], internal_square(6, 5) as i8);
    assert_eq!(b.a[31], internal_square(7, 7) as i8);
    for bad in [
        "",
        "8/8/8/8/8/8/8/8 w",
        "5Kbk/6pp/6P1/8/8/8/8/7R",
        "5Kbk/6pp/6P1/8/8/8/8/7R x",
        "9/8/8/8/8/8/8/8 w",
        "K7/8/8/8/8/8/8/7k w - - 0 1 extra",
    ] {
        assert!(Board::from_fen(bad).is_err(), "{bad:?}");
    }
}
