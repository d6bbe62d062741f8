//! One move of the turochamp programme on the emulated machine (job 0) against the
//! reference engine's analysis: the chosen move's value is the greatest value.

use mark1::games::turochamp::think::think_fen;
use mark1::reference::turochamp::choose::analyse;
use mark1::reference::turochamp::readings::Readings;
use mark1::reference::turochamp::search::DEFAULT_NODE_LIMIT;

#[test]
fn the_chosen_moves_value_is_the_best_value() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqk2r/ppp2ppp/3p1n2/3Pp3/1b1nP3/P1N2N2/1PPB1PPP/R2QKB1R w KQkq - 0 7",
    ] {
        let (pos, t) = think_fen(fen).unwrap();
        let a = analyse(&pos, &Readings::default(), DEFAULT_NODE_LIMIT).unwrap();
        let best = a.choice().unwrap();
        eprintln!(
            "{fen}: machine {} value {} pp {} (before {}), {} positions, {} beats; reference {} {} pp {}",
            t.mv, t.value.fraction(), t.pp, t.pp_before, t.positions, t.run.beats, best.san, best.value.fraction(), best.pp
        );
        assert!(t.value == best.value, "{fen}");
        let played = a.find(t.mv).unwrap();
        assert!(a.moves[played].value == best.value);
    }
}

/// The board drawn on page 7 after the move (unit BD) is the position the programme read.
#[test]
fn the_board_is_drawn_on_page_7() {
    use mark1::games::turochamp::{load_position, position, StorePosition};
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r2qk2r/ppp2ppp/3p1n2/3Pp2b/Pb2P2P/2N2P2/1PPB1P2/R2QKB1R w KQkq - 1 10",
    ] {
        let pos = position(fen).unwrap();
        let mut l = load_position(&pos).unwrap();
        l.think(&pos).unwrap();
        assert_eq!(l.picture(), StorePosition::expected(&pos).squares, "{fen}");
    }
}

/// A position with more than 64 legal moves (here 65 for White at the root): the table
/// keeps the first 64 and the programme counts the generation in the upper line of `nodes` (kernel.m1,
/// unit GR), which the driver reports; the initial position counts none.
#[test]
fn more_than_64_moves_are_counted() {
    use shakmaty::Position;
    let fen = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
    let pos = mark1::games::turochamp::position(fen).unwrap();
    assert!(
        pos.legal_moves().len() > 64,
        "the test position must have more than 64 moves"
    );
    let (_, t) = think_fen(fen).unwrap();
    assert!(t.full_tables >= 1, "{fen}: no full table counted");
    assert!(t.text(fen, &pos).contains("more than 64 legal moves"));
    let (_, t) = think_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert_eq!(t.full_tables, 0);
}
