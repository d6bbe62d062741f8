//! The turochamp programme's printer on the emulated Mark 1 (programs/turochamp/
//! notation.m1) against the reference writer (`reference::turochamp::descriptive::write`,
//! `Style::Teleprinter`): every legal move of many positions, both sides to move, printed
//! by the machine exactly as the reference writes it, the board as it was after.

mod turochamp_support;

use mark1::games::turochamp as tc;
use mark1::games::turochamp::notation::{with_star, PositionPlay, Suffix};
use mark1::reference::turochamp::descriptive::{write, Style};
use mark1::reference::turochamp::games::game;
use mark1::reference::turochamp::position_play::tenths_text;
use shakmaty::{Chess, Move, Position};
use turochamp_support::{fen_of, random_positions};

/// The suffix the move gives (check, mate), from shakmaty.
fn suffix(pos: &Chess, m: &Move) -> Suffix {
    let after = pos.clone().play(*m).expect("legal");
    if after.is_checkmate() {
        Suffix::Mate
    } else if after.is_check() {
        Suffix::Check
    } else {
        Suffix::None
    }
}

/// Prints every move of the programme's table for `pos` and compares each with the
/// reference; returns the number of moves compared and the differences (FEN, expected,
/// printed).
fn check_position(pos: &Chess) -> (usize, Vec<(String, String, String)>) {
    let fen = fen_of(pos);
    let mut l = tc::load(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let before = l.position();
    let n = l.ready_printer().unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mvl = l.label("mvl").unwrap();
    let entries: Vec<(u32, u32)> = (0..n.min(tc::TABLE_ROOM))
        .map(|i| {
            let e = l.machine.store.read(mvl + i);
            (e % 128, e / 128)
        })
        .collect();
    let mut diffs = Vec::new();
    for &(f, t) in &entries {
        let m = tc::table_move(pos, f, t).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let want = write(pos, &m, Style::Teleprinter);
        let got = l
            .print_move(f, t, suffix(pos, &m), None)
            .unwrap_or_else(|e| panic!("{fen} {want}: {e}"));
        if got.text != want {
            diffs.push((fen.clone(), want, got.text));
        }
        assert_eq!(l.position(), before, "{fen}: the board after printing");
    }
    (entries.len(), diffs)
}

fn check_all(what: &str, positions: &[Chess]) -> usize {
    let mut total = 0;
    let mut all = Vec::new();
    for pos in positions {
        let (n, d) = check_position(pos);
        total += n;
        all.extend(d);
    }
    for (fen, want, got) in all.iter().take(30) {
        eprintln!("{what}: {fen}: want {want:?}, printed {got:?}");
    }
    assert!(
        all.is_empty(),
        "{what}: {} of {total} moves printed differently",
        all.len()
    );
    total
}

fn positions_of(fens: &[&str]) -> Vec<Chess> {
    fens.iter()
        .map(|f| tc::position(f).expect("fen"))
        .collect()
}

#[test]
fn the_initial_position() {
    let n = check_all(
        "initial",
        &positions_of(&["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]),
    );
    assert_eq!(n, 20);
}

#[test]
fn hard_cases() {
    let fens = [
        // two knights and two rooks reaching one square; both sides
        "4k3/8/8/8/8/2N3N1/8/R3K2R w KQ - 0 1",
        "r3k2r/8/2n3n1/8/8/8/8/4K3 b kq - 0 1",
        // rooks on one file, queens and rooks on one rank
        "4k3/8/8/R7/8/8/R7/4K3 w - - 0 1",
        "2k5/8/8/8/Q6Q/8/8/3K4 w - - 0 1",
        // pawn captures with several pawns able to take, and doubled pawns
        "4k3/8/8/2p1p3/3P1P2/2P5/8/4K3 w - - 0 1",
        "4k3/8/2p1p3/1P1P1P2/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/1p1p1p2/2P1P3/8/8/4K3 b - - 0 1",
        // en passant, both sides, two pawns able to take
        "4k3/8/8/3pPp2/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/8/3PpP2/8/8/4K3 b - d3 0 1",
        // promotions with and without capture
        "1n1nk3/2P5/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/5p1p/3K2N1 b - - 0 1",
        // castling on both sides, both colours; a king beside a rook
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
        // checks and mates
        "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1",
        "7k/8/6Q1/8/8/8/8/K7 w - - 0 1",
        "k7/8/1Q6/8/8/8/8/K1R5 w - - 0 1",
    ];
    check_all("hard cases", &positions_of(&fens));
}

#[test]
fn both_printed_games() {
    let mut positions = Vec::new();
    for n in [1, 2] {
        let g = game(n).expect("game");
        let mut pos = Chess::default();
        for san in &g.sans {
            positions.push(pos.clone());
            let m = san
                .parse::<shakmaty::san::San>()
                .expect("san")
                .to_move(&pos)
                .expect("move");
            pos = pos.play(m).expect("legal");
        }
    }
    check_all("games", &positions);
}

#[test]
fn random_positions_both_sides() {
    let positions = random_positions(200, 7);
    check_all("random", &positions);
}

#[test]
fn position_play_parts() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut l = tc::load(fen).unwrap();
    // e2-e4: square 14 -> 34
    for (tenths, star) in [(42, false), (-15, true), (0, false), (123, true), (-7, false)] {
        let p = l
            .print_move(14, 34, Suffix::None, Some(PositionPlay { tenths, star }))
            .unwrap();
        let want = format!(
            "P-K4 {}{}",
            tenths_text(tenths),
            if star { "*" } else { "" }
        );
        assert_eq!(with_star(&p.text), want, "{tenths} {star}");
    }
}
