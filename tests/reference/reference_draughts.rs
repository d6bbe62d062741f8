//! Draughts reference engine: perft anchors (anchors.md §1.1, §1.2), the 1952 game
//! (Faster than Thought ch. 25), strategies and FEN parsing.

use mark1::random::Xorshift;
use mark1::reference::draughts::moves::{apply, find_move};
use mark1::reference::draughts::strategy::KING_2_HALF;
use mark1::reference::draughts::*;

const START: [u64; 12] = [
    7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673,
];

#[test]
fn start_perft_1_to_10() {
    let p = Position::start();
    for (d, &n) in START.iter().enumerate().take(10) {
        assert_eq!(
            perft(&p, d as u32 + 1, Duplicates::Counted),
            n,
            "depth {}",
            d + 1
        );
    }
}

#[test]
#[ignore = "slow: depths 11 and 12 (about 470 million leaves)"]
fn start_perft_11_12() {
    let p = Position::start();
    assert_eq!(perft(&p, 11, Duplicates::Counted), START[10]);
    assert_eq!(perft(&p, 12, Duplicates::Counted), START[11]);
    assert_eq!(perft(&p, 12, Duplicates::Merged), 388617999);
}

#[test]
fn start_divide_depth_3_5() {
    let p = Position::start();
    let d3: Vec<(String, u64)> = perft_divide(&p, 3, Duplicates::Counted)
        .into_iter()
        .map(|(m, n)| (m.pdn(), n))
        .collect();
    let want = [
        ("12-16", 47),
        ("11-16", 47),
        ("11-15", 40),
        ("10-15", 40),
        ("10-14", 40),
        ("9-14", 40),
        ("9-13", 48),
    ];
    for (mv, n) in want {
        assert!(d3.contains(&(mv.to_string(), n)), "{mv} {n} in {d3:?}");
    }
    let d5: Vec<(String, u64)> = perft_divide(&p, 5, Duplicates::Counted)
        .into_iter()
        .map(|(m, n)| (m.pdn(), n))
        .collect();
    let want5 = [
        ("12-16", 1207),
        ("11-16", 1299),
        ("11-15", 860),
        ("10-15", 918),
        ("10-14", 874),
        ("9-14", 858),
        ("9-13", 1345),
    ];
    for (mv, n) in want5 {
        assert!(d5.contains(&(mv.to_string(), n)), "{mv} {n}");
    }
}

/// anchors.md §1.2: (FEN, duplicates counted d1.., merged d1..).
const TABLE: [(&str, &[u64], &[u64]); 5] = [
    ("W:WK10:B14,15,22,23", &[2, 0, 0], &[1, 0, 0]),
    (
        "W:W27,19,18,11,7,6,5:B28,26,25,20,17,10,9,4,3,2",
        &[9, 76, 458, 2509, 11995, 61781, 255427, 1314029],
        &[9, 76, 458, 2509, 11995, 61781, 255401, 1313985],
    ),
    (
        "W:WK21,K25:BK9,10,11,12",
        &[4, 36, 180, 1225, 5414, 34165, 166262, 1046776],
        &[4, 36, 180, 1225, 5414, 34165, 166262, 1046776],
    ),
    (
        "B:W18,26,27,25,11,19:BK15,K14",
        &[8, 22, 129, 590, 2654, 13018, 63592, 332033],
        &[7, 20, 113, 568, 2574, 12897, 63075, 331324],
    ),
    (
        "B:W18,19,10:BK15",
        &[3, 12, 48, 162, 484, 1773, 5169, 19062],
        &[3, 12, 48, 162, 484, 1773, 5169, 19062],
    ),
];

#[test]
fn non_initial_positions_both_conventions() {
    for (fen, counted, merged) in TABLE {
        let p = Position::from_fen(fen).unwrap();
        for (d, &n) in counted.iter().enumerate() {
            assert_eq!(
                perft(&p, d as u32 + 1, Duplicates::Counted),
                n,
                "{fen} counted depth {}",
                d + 1
            );
        }
        for (d, &n) in merged.iter().enumerate() {
            assert_eq!(
                perft(&p, d as u32 + 1, Duplicates::Merged),
                n,
                "{fen} merged depth {}",
                d + 1
            );
        }
    }
}

#[test]
fn dup_ring_routes() {
    let p = Position::from_fen("W:WK10:B14,15,22,23").unwrap();
    let m: Vec<String> = legal_moves(&p).iter().map(|m| m.pdn()).collect();
    assert_eq!(m.len(), 2);
    assert!(
        m.contains(&"10x19x26x17x10".to_string()) && m.contains(&"10x17x26x19x10".to_string()),
        "{m:?}"
    );
}

#[test]
fn game_1952_replays_all_67_plies() {
    let mut p = Position::start();
    let mut plies = 0;
    for (i, (black, white)) in GAME_1952.iter().enumerate() {
        for text in [black, white] {
            if text.is_empty() {
                continue;
            }
            let m = find_move(&p, text, true)
                .unwrap_or_else(|e| panic!("move {} {text}: {e}\n{p}", i + 1));
            assert_eq!(m.strachey(), *text, "notation of move {}", i + 1);
            p = apply(&p, &m);
            plies += 1;
        }
    }
    assert_eq!(plies, 67);
}

/// Replays `game` with the machine's move `index` (0-based) replaced; the ply count
/// reached before the first illegal move.
fn replay_with(index: usize, text: &'static str) -> usize {
    let mut p = Position::start();
    let mut plies = 0;
    for (i, (black, white)) in GAME_1952.iter().enumerate() {
        let black = if i == index { text } else { black };
        for t in [black, white] {
            if t.is_empty() {
                continue;
            }
            match find_move(&p, t, true) {
                Ok(m) => p = apply(&p, &m),
                Err(_) => return plies,
            }
            plies += 1;
        }
    }
    plies
}

#[test]
fn other_transcription_readings_fail() {
    // Strachey 1952 prints the machine's 18th as 18-22 (legal, but then White's 26-22 is not) and its
    // 29th as 15-9 (a man moving backwards).
    assert_eq!(replay_with(17, "18-22"), 35);
    assert_eq!(replay_with(28, "15-9"), 56);
}

#[test]
fn start_moves_in_strachey_order() {
    // +4 type first (largest destination first), then +3/+5.
    let m: Vec<String> = legal_moves(&Position::start())
        .iter()
        .map(|m| m.strachey())
        .collect();
    assert_eq!(
        m,
        ["11-15", "10-14", "9-13", "8-12", "10-15", "9-14", "8-13"]
    );
}

#[test]
fn fen_round_trip_and_errors() {
    let p = Position::from_fen(START_FEN).unwrap();
    assert_eq!(p, Position::start());
    assert_eq!(Position::from_fen(&p.to_fen()).unwrap(), p);
    let q = Position::from_fen("[FEN \"W:WK10:B14,15,22,23\"]").unwrap();
    assert_eq!(q.to_fen(), "W:WK10:B14,15,22,23");
    for bad in [
        "",
        "X:W1:B2",
        "B:W33:B1",
        "B:W1:B1",
        "B:W0:B2",
        "B:W1",
        "B:W1:B2:B3",
        "B:Wx:B1",
    ] {
        assert!(Position::from_fen(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn strategy1_takes_material_and_breaks_ties_reproducibly() {
    // Black man on 9 (PDN 10) can capture White on 14 (PDN 15) -> capture is forced anyway;
    // use a quiet position: the start. All seven moves are worth 0 at 3 plies.
    let r = best(
        &Position::start(),
        &SearchParams::strategy1(3),
        &mut Xorshift(1),
    );
    assert_eq!(r.moves.len(), 7);
    assert!(r.moves.iter().all(|e| e.value == 0));
    assert_eq!(r.tied.len(), 7);
    assert_eq!(r.draws.len(), 1);
    let want = ((r.draws[0] as u64 * 7) >> 20) as usize;
    assert_eq!(r.chosen, Some(want));
    let mut fixed = || 0x8_0000u32; // one half: index (n / 2)
    let r2 = best(&Position::start(), &SearchParams::strategy1(3), &mut fixed);
    assert_eq!(r2.chosen, Some(3));
}

#[test]
fn strategy1_sacrifices_to_delay_a_king_strategy2_does_not() {
    // Strachey 1952, Fig. 3 situation: White's man on Strachey 5 will crown next move.
    // Strategy 1 (3 plies, king 3) offers the man on 17 (17-22, taken by 26x17) to delay it;
    // strategy 2 (captures followed, king 2½) sees the crowning after the exchange.
    let p = Position::from_fen("B:W6,27:B9,18").unwrap();
    let s1 = best(&p, &SearchParams::strategy1(3), &mut Xorshift(3));
    let chosen = &s1.moves[s1.chosen.unwrap()];
    assert_eq!((chosen.mv.strachey().as_str(), chosen.value), ("17-22", -8));
    let s2 = best(
        &p,
        &SearchParams::strategy2(4, KING_2_HALF),
        &mut Xorshift(3),
    );
    let chosen = &s2.moves[s2.chosen.unwrap()];
    assert_ne!(chosen.mv.strachey(), "17-22");
    assert_eq!(chosen.value, -12); // two men against a man and a king of 2½
    let sac = s2
        .moves
        .iter()
        .find(|e| e.mv.strachey() == "17-22")
        .unwrap();
    assert!(sac.value < chosen.value);
}
