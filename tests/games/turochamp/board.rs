//! The turochamp programme's foundation on the emulated Mark 1: the position tape read
//! into the board, and the attack test, against shakmaty.

use super::support::{fen_of, random_positions};
use mark1::games::turochamp::{self as tc, StorePosition};
use mark1::reference::turochamp::games::game;
use shakmaty::{Chess, Color, Position, Square};

const INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Every position of both games before a White move, and random ones.
fn positions() -> Vec<(String, Chess)> {
    let mut v = Vec::new();
    for g in [1u8, 2] {
        for w in game(g).expect("game").white {
            let pos = tc::position(&w.fen_before).expect("fen");
            v.push((format!("game {g} move {}", w.number), pos));
        }
    }
    for (i, p) in random_positions(150, 1951).into_iter().enumerate() {
        v.push((format!("random {i}"), p));
    }
    v
}

fn check_read(what: &str, pos: &Chess) -> tc::Loaded {
    let fen = fen_of(pos);
    let loaded = tc::load(&fen).unwrap_or_else(|e| panic!("{what} {fen}: {e}"));
    assert_eq!(
        loaded.position(),
        StorePosition::expected(pos),
        "{what}: {fen} read as\n{}",
        tc::tape_text(&tc::tape(&fen).unwrap())
    );
    loaded
}

#[test]
fn the_initial_position_is_read_from_its_tape() {
    let pos = tc::position(INITIAL).unwrap();
    check_read("initial", &pos);
    assert_eq!(
        tc::tape_text(&tc::tape(INITIAL).unwrap()),
        "XRXNXBXQXKXBXNXR/XPXPXPXPXPXPXPXP/8/8/8/8/PPPPPPPP/RNBQKBNR W KQXKXQ -£"
    );
}

#[test]
fn en_passant_and_rights_are_read() {
    let fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 1";
    let pos = tc::position(fen).unwrap();
    let l = check_read("ep", &pos);
    let p = l.position();
    assert_eq!(p.ep, 53); // d6 = rank 5 (0-based) file 3
    assert_eq!(p.rights, [1, 0, 0, 1]);
    assert_eq!(
        tc::tape_text(&tc::tape(fen).unwrap()),
        "XR3XK2XR/8/8/3XPP3/8/8/8/R3K2R W KXQ 46£"
    );
}

#[test]
fn every_game_and_random_position_is_read() {
    for (what, pos) in positions() {
        check_read(&what, &pos);
    }
}

#[test]

fn every_game_and_random_position_is_read_and_its_attacks_agree_with_shakmaty() {
    let mut questions = 0u64;
    let mut beats = 0u64;
    for (what, pos) in positions() {
        let mut l = check_read(&what, &pos);
        let board = pos.board();
        for sq in Square::ALL {
            for by in [Color::White, Color::Black] {
                let want = board.attacks_to(sq, by, board.occupied()).any();
                let (got, b) = l.attacked(sq, by).unwrap();
                assert_eq!(got, want, "{what}: {} attacked by {by:?}", sq);
                questions += 1;
                beats += b;
            }
        }
    }
    assert!(questions > 20_000);
    assert!(beats > 0);
}

#[test]
fn a_bad_fen_is_refused_with_a_message() {
    for bad in [
        "",
        "not a fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    ] {
        let e = tc::load(bad).err().expect("refused");
        assert!(e.to_string().starts_with("bad FEN"), "{e}");
    }
}

#[test]
fn the_rows_beyond_the_board_read_as_off_the_board() {
    // The 20 lines below rank 1 (the attack test's last orders) and the 20 above rank 8
    // (jump constants) must all be 16 or more, so that every step off the board stops.
    let l = tc::load(INITIAL).unwrap();
    let a = mark1::asm::assemble_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/programs/turochamp.m1"
    ))
    .expect("assembles");
    let bs = a.symbols["bd"].value as u32 + 1;
    for s in (-21i32..=-2).chain(79..=98) {
        let v = l.machine.store.read((bs as i32 + s) as u32);
        assert!(v >= 16, "line bs{s:+} holds {v}");
    }
}
