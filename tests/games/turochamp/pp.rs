//! Turing's position play on the emulated Mark 1 (programs/turochamp/pp.m1, job 1 of the
//! root) against the reference engine's `position_play` under the default readings: every
//! position of both printed games before and after each White move, seeded random
//! positions of either side to move, and positions made for the cases the rules single
//! out (checks, pins, castling, threats of mate, a promotion that mates only as a knight,
//! the square roots past Turing's table). The programme's table keeps 64 moves: with more
//! White moves it refuses, and only then.

use super::support::{fen_of, random_positions};
use mark1::games::turochamp::{load_position, position, Loaded, TurochampRunError};
use mark1::reference::turochamp::games::game;
use mark1::reference::turochamp::position_play::{position_play, terms, threat_of_mate};
use mark1::reference::turochamp::{parse_fen, parse_san, Readings};
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Position, Role,
};

/// What the machine made of one position.
enum Machine {
    Value(i32, u64),
    TableFull,
}

fn machine_pp(pos: &Chess, castled: bool) -> Machine {
    let fen = fen_of(pos);
    let mut l: Loaded = load_position(pos).unwrap_or_else(|e| panic!("{fen}: {e}"));
    match l.position_play(castled) {
        Ok((v, run)) => Machine::Value(v, run.beats),
        Err(TurochampRunError::TableFull) => Machine::TableFull,
        Err(e) => panic!("{fen}: {e}"),
    }
}

fn reference(pos: &Chess, castled: bool) -> i32 {
    position_play(pos, castled, &Readings::default())
}

/// White's moves as the programme's generator counts them (White to move, Black passing;
/// promotions to a queen only): exact when that position is legal (Black not in check),
/// else None.
fn white_moves(pos: &Chess) -> Option<usize> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    if setup.turn == Color::Black {
        setup.turn = Color::White;
        setup.ep_square = None;
    }
    let white = Chess::from_setup(setup, CastlingMode::Standard).ok()?;
    Some(
        white
            .legal_moves()
            .iter()
            .filter(|m| m.promotion().is_none_or(|r| r == Role::Queen))
            .count(),
    )
}

/// An upper bound on White's moves by pattern (no check test; a pawn at most 4).
fn white_moves_bound(pos: &Chess) -> usize {
    let b = pos.board();
    let white = b.by_color(Color::White);
    white
        .into_iter()
        .map(|sq| match b.role_at(sq) {
            Some(Role::Pawn) => 4,
            Some(Role::King) => (b.attacks_from(sq) & !white).count() + 2,
            _ => (b.attacks_from(sq) & !white).count(),
        })
        .sum()
}

/// Compares the machine with the reference on `pos`; returns the beats, or None when the
/// machine refused with a full table (checked to be right). A difference is pushed to
/// `diffs`.
fn check(what: &str, pos: &Chess, castled: bool, diffs: &mut Vec<String>) -> Option<u64> {
    let want = reference(pos, castled);
    match machine_pp(pos, castled) {
        Machine::Value(v, beats) => {
            if v != want {
                diffs.push(format!(
                    "{what} {} castled {castled}: machine {v}, reference {want} ({:?})",
                    fen_of(pos),
                    terms(pos, castled, &Readings::default())
                ));
            }
            if let Some(n) = white_moves(pos) {
                assert!(n <= 64, "{what} {}: {n} moves, no refusal", fen_of(pos));
            }
            Some(beats)
        }
        Machine::TableFull => {
            match white_moves(pos) {
                Some(n) => assert!(n > 64, "{what} {}: refused with {n}", fen_of(pos)),
                None => assert!(white_moves_bound(pos) > 64, "{what} {}", fen_of(pos)),
            }
            None
        }
    }
}

#[test]
fn both_printed_games_before_and_after_each_white_move() {
    let mut diffs = Vec::new();
    let mut n = 0;
    for g in [1u8, 2] {
        let game = game(g).unwrap();
        for w in &game.white {
            let before = parse_fen(&w.fen_before).unwrap();
            let what = format!("game {g} before {}. {}", w.number, w.san);
            assert!(check(&what, &before, false, &mut diffs).is_some(), "{what}");
            let m = parse_san(&before, &w.san).unwrap();
            let after = before.clone().play(m).unwrap();
            let what = format!("game {g} after {}. {}", w.number, w.san);
            assert!(check(&what, &after, m.is_castle(), &mut diffs).is_some());
            n += 2;
        }
    }
    println!("the printed games: {n} positions");
    assert!(n >= 100, "{n} positions");
    assert!(
        diffs.is_empty(),
        "{} of {n} differ:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

/// A White piece (not the king) pinned to its king: removing it exposes the king.
fn white_pin(pos: &Chess) -> bool {
    let b = pos.board();
    let Some(k) = b.king_of(Color::White) else {
        return false;
    };
    let occ = b.occupied();
    let checkers = |o: Bitboard| !b.attacks_to(k, Color::Black, o).is_empty();
    !checkers(occ)
        && (b.by_color(Color::White) & !b.kings())
            .into_iter()
            .any(|sq| checkers(occ.without(sq)))
}

#[test]
fn random_positions_of_either_side_to_move() {
    let positions = random_positions(300, 0x7070);
    let mut diffs = Vec::new();
    let (mut black, mut white, mut wchk, mut bchk, mut rights, mut next, mut threat, mut pin) =
        (0, 0, 0, 0, 0, 0, 0, 0);
    let mut valued = 0;
    for (i, pos) in positions.iter().enumerate() {
        let castled = i % 10 == 3;
        if check(&format!("random {i}"), pos, castled, &mut diffs).is_some() {
            valued += 1;
        }
        let t = terms(pos, false, &Readings::default());
        if pos.turn() == Color::White {
            white += 1;
            wchk += usize::from(pos.is_check());
        } else {
            black += 1;
            bchk += usize::from(pos.is_check());
        }
        rights += usize::from(
            pos.castles().has(Color::White, CastlingSide::KingSide)
                || pos.castles().has(Color::White, CastlingSide::QueenSide),
        );
        next += usize::from(t.castling >= 20);
        threat += usize::from(threat_of_mate(pos));
        pin += usize::from(white_pin(pos));
    }
    assert!(
        diffs.is_empty(),
        "{} of 300 differ:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
    assert!(valued >= 295, "{valued} valued");
    println!(
        "300 random positions: {valued} valued, White to move {white}, Black {black}, \
         White in check {wchk}, Black {bchk}, castling rights {rights}, castling next \
         {next}, threats of mate {threat}, pins {pin}"
    );
    for (what, n) in [
        ("White to move", white),
        ("Black to move", black),
        ("White in check", wchk),
        ("Black in check", bchk),
        ("a White castling right", rights),
        ("castling possible next move", next),
        ("a threat of mate", threat),
        ("a White piece pinned", pin),
    ] {
        assert!(n >= 2, "only {n} positions with {what}");
    }
}

#[test]
fn positions_made_for_the_rules_cases() {
    let cases: &[(&str, bool)] = &[
        // a back-rank mate threat (Ra8#), Black passing
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1", false),
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", false),
        // a promotion that mates only as a knight (f8=N#)
        ("6br/5Ppk/6pp/8/8/8/8/K7 w - - 0 1", false),
        ("6br/5Ppk/6pp/8/8/8/8/K7 b - - 0 1", false),
        // mate by a move to a1 (the square numbered 0)
        ("8/R7/8/8/8/5N1p/5K2/7k w - - 0 1", false),
        // Black in check (no threat of mate then; the king's square is never a target)
        ("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", false),
        ("3qk3/8/8/8/1B6/8/4R3/4K3 b - - 0 1", false),
        // White in check, White to move
        ("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", false),
        // a pinned knight and a pinned rook
        ("4k3/4r3/8/8/b7/8/2R1N3/4K3 w - - 0 1", false),
        ("4k3/4r3/8/8/b7/8/2R1N3/4K3 b - - 0 1", false),
        // castling: through an attacked square (king's side), possible (queen's side)
        ("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", false),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false),
        // castled (3.0 more)
        ("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", true),
        ("r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1", true),
        // en passant for White (Black's double step just made)
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false),
        // a queen with more moves than Turing's table (square roots past 13)
        ("4k3/8/2p1p1p1/8/2p1Q1p1/8/2p1p1p1/K7 b - - 0 1", false),
        ("6k1/8/8/8/3Q4/8/8/K7 w - - 0 1", false),
    ];
    let mut diffs = Vec::new();
    for &(fen, castled) in cases {
        let pos = position(fen).unwrap();
        assert!(check(fen, &pos, castled, &mut diffs).is_some(), "{fen}");
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    // the threats of mate above are threats for the reference too
    for fen in [
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1",
        "6br/5Ppk/6pp/8/8/8/8/K7 w - - 0 1",
        "8/R7/8/8/8/5N1p/5K2/7k w - - 0 1",
    ] {
        assert!(threat_of_mate(&position(fen).unwrap()), "{fen}");
    }
}

#[test]
fn more_than_64_white_moves_are_refused() {
    let fen = "4kbn1/3p4/4np1r/2Q4p/4BP2/1p4KP/3BN1N1/1R5R w - - 2 40";
    let pos = position(fen).unwrap();
    assert!(white_moves(&pos).unwrap() > 64);
    assert!(matches!(machine_pp(&pos, false), Machine::TableFull));
}

#[test]
fn the_time_of_one_position_play() {
    // the position before White's 10th move of the typescript game (the count's example)
    let fen = "r2qk2r/ppp2ppp/3p1n2/3Pp2b/Pb2P2P/2N2P2/1PPB1P2/R2QKB1R w KQkq - 1 10";
    let pos = position(fen).unwrap();
    let Machine::Value(v, beats) = machine_pp(&pos, false) else {
        panic!("refused");
    };
    assert_eq!(v, reference(&pos, false));
    let seconds = mark1::machine::timing::beats_to_seconds(beats);
    assert!((50_000..5_000_000).contains(&beats), "{beats} beats");
    assert!(seconds > 10.0, "{seconds} s");
    println!("one position play: {beats} beats, {seconds:.1} simulated seconds");
}

/// The same comparison on 28,000 random positions (seeds 1, 2, 3, 7, 11, 21, 31; 4,000
/// each): `cargo test --release --test games turochamp::pp:: -- --ignored` (about 15 s).
#[test]
#[ignore]
fn many_random_positions() {
    let mut diffs = Vec::new();
    let mut refused = 0;
    for seed in [1u64, 2, 3, 7, 11, 21, 31] {
        for (i, pos) in random_positions(4000, seed).iter().enumerate() {
            if check(&format!("seed {seed} {i}"), pos, false, &mut diffs).is_none() {
                refused += 1;
            }
        }
    }
    println!(
        "28,000 random positions: {} differ, {refused} refused",
        diffs.len()
    );
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}
