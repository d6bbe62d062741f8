//! The turochamp programme's printer on the emulated Mark 1 (programs/turochamp/
//! notation.m1) against the reference writer (`reference::turochamp::descriptive::write`,
//! `Style::Teleprinter`): every legal move of many positions, both sides to move, printed
//! by the machine exactly as the reference writes it, the board as it was after.

use super::support::{fen_of, random_positions};
use mark1::games::turochamp as tc;
use mark1::games::turochamp::notation::{with_star, PositionPlay, Suffix};
use mark1::reference::turochamp::descriptive::{write, Style};
use mark1::reference::turochamp::games::game;
use mark1::reference::turochamp::position_play::tenths_text;
use shakmaty::{Chess, Move, Position};

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

/// What printing every move of some positions gave: the moves compared, the texts printed
/// and the differences (FEN, expected, printed).
#[derive(Default)]
struct Checked {
    moves: usize,
    printed: Vec<String>,
    diffs: Vec<(String, String, String)>,
}

/// Prints every move of the programme's table for `pos` and compares each with the
/// reference, into `out`.
fn check_position(pos: &Chess, out: &mut Checked) {
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
    for &(f, t) in &entries {
        let m = tc::table_move(pos, f, t).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let want = write(pos, &m, Style::Teleprinter);
        let got = l
            .print_move(f, t, suffix(pos, &m), None)
            .unwrap_or_else(|e| panic!("{fen} {want}: {e}"));
        if got.text != want {
            out.diffs.push((fen.clone(), want, got.text.clone()));
        }
        out.printed.push(got.text);
        assert_eq!(l.position(), before, "{fen}: the board after printing");
    }
    out.moves += entries.len();
}

/// Checks every move of `positions`; fails on any difference.
fn check_all(what: &str, positions: &[Chess]) -> Checked {
    let mut out = Checked::default();
    for pos in positions {
        check_position(pos, &mut out);
    }
    for (fen, want, got) in out.diffs.iter().take(30) {
        eprintln!("{what}: {fen}: want {want:?}, printed {got:?}");
    }
    assert!(
        out.diffs.is_empty(),
        "{what}: {} of {} moves printed differently",
        out.diffs.len(),
        out.moves
    );
    eprintln!(
        "{what}: {} positions, {} moves, 0 differences",
        positions.len(),
        out.moves
    );
    out
}

fn positions_of(fens: &[&str]) -> Vec<Chess> {
    fens.iter().map(|f| tc::position(f).expect("fen")).collect()
}

#[test]
fn the_initial_position() {
    let c = check_all(
        "initial",
        &positions_of(&["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]),
    );
    assert_eq!(c.moves, 20);
    assert!(c.printed.iter().any(|t| t == "KT-KB3"));
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
        // two pawns able to take en passant, both sides
        "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
        // a capture promoting beside an ordinary capture of the same piece
        "r3k3/1P6/2r5/3P4/8/8/8/4K3 w - - 0 1",
        // castling with check
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        // checks and mates
        "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1",
        "7k/8/6Q1/8/8/8/8/K7 w - - 0 1",
        "k7/8/1Q6/8/8/8/8/K1R5 w - - 0 1",
    ];
    let c = check_all("hard cases", &positions_of(&fens));
    // the forms these positions are for, each printed by the machine
    for want in [
        "QKT-K4",
        "KKT-K2",
        "R/QR2-R3",
        "Q/QR4-QKT4",
        "R-QR8 CH",
        "P X BP",
        "QP X KP",
        "KTP X P",
        "P X P",
        "P X KT/QKT8=Q",
        "P X KT/Q8=Q CH",
        "RP X KT=Q CH",
        "P-B8=Q",
        "P-R8=Q",
        "R-R8 MATE",
        "R-B8 MATE",
        "O-O",
        "O-O-O",
        "O-O CH",
        "BP X P",
        "KP X P",
        "QP X R",
        "P X R=Q CH",
    ] {
        assert!(c.printed.iter().any(|t| t == want), "{want} not printed");
    }
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
    assert!(positions.iter().any(|p| p.turn() == shakmaty::Color::White));
    assert!(positions.iter().any(|p| p.turn() == shakmaty::Color::Black));
    let c = check_all("random", &positions);
    assert!(c.moves > 4000, "{} moves", c.moves);
}

#[test]
fn position_play_parts() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut l = tc::load(fen).unwrap();
    // e2-e4: square 14 -> 34
    for (tenths, star) in [
        (42, false),
        (-15, true),
        (0, false),
        (123, true),
        (-7, false),
    ] {
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

/// With `nret` set the printer goes on in that unit instead of stopping: here the root's
/// R1 at phase 5 (its own printer phase), which makes the printer ready again and stops at
/// `r_stop`. The text is printed all the same.
#[test]
fn goes_on_in_nret() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut l = tc::load(fen).unwrap();
    l.ready_printer().unwrap();
    let r1 = 154 + 1024 + 5 * 65536;
    for (name, v) in [
        ("nmvp", 6 + 128 * 25),
        ("nchk", 0),
        ("npp", 0),
        ("nret", r1),
        ("fph", 5),
    ] {
        let a = l.label(name).unwrap();
        l.machine.store.write_long(a, v);
    }
    l.machine.c = l.label("tramp").unwrap() - 1;
    let stop = l.label("r_stop").unwrap();
    match l.machine.run(mark1::machine::Budget::beats(10_000_000)) {
        mark1::machine::Stop::DynamicStop { line } => assert_eq!(line, stop),
        other => panic!("{other:?}"),
    }
    assert_eq!(l.machine.teleprinter.paper(), "KT-KB3\n");
    let again = l.print_move(1, 22, Suffix::None, None).unwrap();
    assert_eq!(again.text, "KT-QB3");
}

/// The time of one print, reported in docs/turochamp-programme.md ("The printer").
#[test]
fn time_of_a_print() {
    let fen = "r2qk2r/ppp2ppp/3p1n2/3Pp2b/Pb2P2P/2N2P2/1PPB1P2/R2QKB1R w KQkq - 1 10";
    let mut l = tc::load(fen).unwrap();
    // 10. B-Kt5 ch in Turing's game: the bishop reaches both Kt5s (f1-b5, QKT5)
    let p = l.print_move(5, 41, Suffix::Check, None).unwrap();
    assert_eq!(p.text, "B-QKT5 CH");
    eprintln!(
        "B-QKT5 CH: {} instructions, {} beats ({:.2} s), {} transfers",
        p.instructions,
        p.beats,
        p.seconds(),
        p.transfers
    );
    assert!(p.beats < 200_000);
}
