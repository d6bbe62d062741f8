//! The turochamp programme's legal move generator on the emulated Mark 1
//! against shakmaty: the table the programme leaves in the store, read as
//! moves, equals shakmaty's legal moves (promotions to a queen only: Turing's machine
//! promotes to a queen), and the count it prints is their number.

use super::support::{fen_of, random_positions};
use mark1::games::turochamp as tc;
use mark1::reference::turochamp::games::game;
use shakmaty::{Chess, Move, Position, Role};
use std::collections::BTreeSet;

/// shakmaty's legal moves, as UCI text, promotions to a queen only.
fn expected(pos: &Chess) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .filter(|m| m.promotion().is_none_or(|r| r == Role::Queen))
        .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
        .collect()
}

/// The programme's table as UCI text (each entry must be a legal move, none twice), its
/// count, and what it printed.
fn generated(what: &str, pos: &Chess) -> (BTreeSet<String>, tc::Generated) {
    let fen = fen_of(pos);
    let mut l = tc::load(&fen).unwrap_or_else(|e| panic!("{what} {fen}: {e}"));
    let g = l.generate().unwrap_or_else(|e| panic!("{what} {fen}: {e}"));
    let mut set = BTreeSet::new();
    for &(f, t) in &g.moves {
        let m: Move = tc::table_move(pos, f, t).unwrap_or_else(|e| panic!("{what} {fen}: {e}"));
        let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
        assert!(set.insert(uci.clone()), "{what} {fen}: {uci} listed twice");
    }
    (set, g)
}

/// Checks one position: the set, the count and the printed count.
fn check(what: &str, pos: &Chess) -> tc::Generated {
    let want = expected(pos);
    let (got, g) = generated(what, pos);
    let fen = fen_of(pos);
    assert_eq!(g.count as usize, want.len(), "{what} {fen}: the count");
    assert_eq!(g.printed, want.len().to_string(), "{what} {fen}: printed");
    if want.len() <= tc::TABLE_ROOM as usize {
        assert_eq!(got, want, "{what} {fen}");
    } else {
        assert_eq!(
            got.len(),
            tc::TABLE_ROOM as usize,
            "{what} {fen}: a full table"
        );
        assert!(got.is_subset(&want), "{what} {fen}");
    }
    g
}

fn check_fen(what: &str, fen: &str) -> tc::Generated {
    check(what, &tc::position(fen).expect("fen"))
}

#[test]
fn the_initial_position_has_twenty_moves() {
    let g = check_fen(
        "initial",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(g.count, 20);
    assert!(g.transfers >= 10, "the units come down from the drum");
}

#[test]
fn castling_both_sides_and_blocked_by_attack() {
    // both sides, both colours
    let g = check_fen(
        "castling",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    );
    assert!(g.moves.contains(&(4, 6)) && g.moves.contains(&(4, 2)));
    let g = check_fen(
        "castling b",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
    );
    assert!(g.moves.contains(&(74, 76)) && g.moves.contains(&(74, 72)));
    // f1 attacked (bishop on c4 of Black's): no king's side castling; d1 free
    let g = check_fen("f1 attacked", "r3k2r/p6p/8/8/2b5/8/P6P/R3K2R w KQkq - 0 1");
    assert!(!g.moves.contains(&(4, 6)) && g.moves.contains(&(4, 2)));
    // in check: neither
    let g = check_fen("in check", "r3k2r/p6p/8/8/1b6/8/P6P/R3K2R w KQkq - 0 1");
    assert!(!g.moves.contains(&(4, 6)) && !g.moves.contains(&(4, 2)));
    // b1 attacked only: queen's side castling allowed (only c1, d1 must be safe)
    let g = check_fen("b1 attacked", "1r2k2r/p6p/8/8/8/8/P6P/R3K2R w KQk - 0 1");
    assert!(g.moves.contains(&(4, 2)));
    // g1 attacked, or a piece between
    check_fen("g1 attacked", "r3k2r/p6p/8/8/8/7b/P6P/R3K2R w KQkq - 0 1");
    check_fen("b1 occupied", "r3k2r/p6p/8/8/8/8/P6P/RN2K1NR w KQkq - 0 1");
}

#[test]
fn en_passant_and_the_pinned_case() {
    check_fen(
        "ep white",
        "r3k2r/ppp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 1",
    );
    check_fen(
        "ep black",
        "r3k2r/ppp2ppp/8/8/3pP3/8/PPP2PPP/R3K2R b KQkq e3 0 1",
    );
    check_fen("ep both", "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1");
    // the two pawns leave the rank: the king would be open to the rook
    let g = check_fen("ep pinned", "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    assert!(!g.moves.contains(&(44, 53)));
    // the capturing pawn pinned on a diagonal
    let g = check_fen("ep diag pin", "8/6b1/8/3pP3/8/2K5/8/4k3 w - d6 0 1");
    assert!(!g.moves.contains(&(44, 53)) && !g.moves.contains(&(44, 54)));
}

#[test]
fn promotion_with_capture_check_double_check() {
    check_fen("promotion", "r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    check_fen("black promotes", "4k3/8/8/8/8/8/p6p/1N2K1N1 b - - 0 1");
    check_fen("check", "4k3/8/8/8/8/8/3PPP2/r3K3 w - - 0 1");
    let g = check_fen("double check", "4k3/8/8/8/1b6/8/3P4/4K2r w - - 0 1");
    assert!(g.moves.iter().all(|&(f, _)| f == 4), "only the king moves");
}

#[test]
fn pinned_pieces_move_only_along_the_pin() {
    // Unit GK finds the pin and has every move tested; each kind of pinning piece on
    // each kind of line, for both sides, a pinned piece that can move along the pin and
    // one that cannot, and an own piece shielding a second own piece (no pin).
    for (what, fen) in [
        ("rook pins a rook", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1"),
        (
            "queen pins a bishop on a diagonal",
            "4k3/8/8/8/q7/8/2B5/4K3 w - - 0 1",
        ),
        ("bishop pins a knight", "4k3/8/8/b7/8/2N5/8/4K3 w - - 0 1"),
        (
            "queen pins a pawn on the file",
            "4q3/8/8/8/8/8/4P3/4K2k w - - 0 1",
        ),
        (
            "rook pins a pawn on the rank",
            "8/8/8/8/8/k7/r1P1K3/8 w - - 0 1",
        ),
        (
            "bishop does not pin on a file",
            "4b3/8/8/8/8/8/4N3/4K2k w - - 0 1",
        ),
        (
            "rook does not pin on a diagonal",
            "7k/8/8/r7/8/2N5/8/4K3 w - - 0 1",
        ),
        (
            "two own pieces: no pin",
            "4k3/4r3/8/8/4N3/8/4R3/4K3 w - - 0 1",
        ),
        ("black pinned", "4k3/4n3/8/8/8/8/8/4RK2 b - - 0 1"),
        (
            "black pinned on a diagonal",
            "4k3/3p4/8/1B6/8/8/8/5K2 b - - 0 1",
        ),
        (
            "a pinned pawn may take the pinner",
            "4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1",
        ),
    ] {
        check_fen(what, fen);
    }
}

#[test]
fn counting_thirty_moves_takes_the_machine_under_ten_seconds() {
    // Milestone 2: the attack test only where a move can expose the king (27.46 simulated
    // seconds before).
    let g = check_fen(
        "game 10",
        "r2qk2r/ppp2ppp/3p1n2/3Pp2b/Pb2P2P/2N2P2/1PPB1P2/R2QKB1R w KQkq - 1 10",
    );
    assert_eq!(g.count, 30);
    let seconds = mark1::machine::timing::beats_to_seconds(g.beats);
    assert!(seconds < 10.0, "{seconds} simulated seconds");
}

#[test]
fn stalemate_and_mate_have_no_moves() {
    let g = check_fen("stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!((g.count, g.printed.as_str()), (0, "0"));
    let g = check_fen("mate", "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(g.count, 0);
}

#[test]
fn every_position_before_a_white_move_of_turings_games() {
    for n in [1u8, 2] {
        for w in game(n).expect("game").white {
            check_fen(&format!("game {n} move {}", w.number), &w.fen_before);
        }
    }
}

#[test]
fn three_hundred_random_positions() {
    let mut total = 0;
    for (i, pos) in random_positions(300, 1952).iter().enumerate() {
        total += check(&format!("random {i}"), pos).count;
    }
    assert!(total > 3000);
}

#[test]
fn the_count_command_prints_the_count_moves_cost_and_turings_estimate() {
    let fen = "r2qk2r/ppp2ppp/3p1n2/3Pp2b/Pb2P2P/2N2P2/1PPB1P2/R2QKB1R w KQkq - 1 10";
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["turochamp", "--count", "--fen", fen])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("the teleprinter printed: 30\n"), "{text}");
    assert!(text.contains("30 legal moves: "), "{text}");
    assert!(text.contains(" Ke2"), "{text}");
    assert!(
        text.contains("simulated seconds, 12 magnetic transfers"),
        "{text}"
    );
    assert!(
        text.contains("counting 30 moves: a man 45 seconds, the machine 1 second"),
        "{text}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["turochamp", "--count", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["count"], 20);
    assert_eq!(v["printed"], "20");
    assert_eq!(v["moves"].as_array().unwrap().len(), 20);
    assert!(v["beats"].as_u64().unwrap() > 0);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["turochamp", "--count", "--fen", "not a fen"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad FEN"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
    /// Any text as a FEN: an error or a count, never a panic.
    #[test]
    fn any_fen_text_is_refused_or_counted(s in "[rnbqkpRNBQKP1-8/ wbKQkq-]{0,60}") {
        if let Ok(r) = tc::count::count(&s) {
            proptest::prop_assert_eq!(r.generated.printed, r.generated.count.to_string());
        }
    }
}

#[test]
fn more_moves_than_the_table_holds_are_counted_and_printed() {
    // 218 legal moves (the known maximum); the table keeps the first 64.
    let g = check_fen(
        "218",
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    );
    assert_eq!((g.count, g.printed.as_str()), (218, "218"));
    assert_eq!(g.moves.len(), tc::TABLE_ROOM as usize);
}
