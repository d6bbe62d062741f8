//! The turochamp programme's search (programs/turochamp/search.m1) against the reference
//! engine: the value of a position after White's move (Black to play, ply 1, no recapture
//! pending), job 2, equals `Searcher::value`.

use super::support;
use mark1::games::turochamp::think::decode_value as decode;
use mark1::games::turochamp::{load, position, Loaded};
use mark1::reference::turochamp::readings::Readings;
use mark1::reference::turochamp::search::{Searcher, DEFAULT_NODE_LIMIT};
use mark1::reference::turochamp::value::Value;
use shakmaty::{Chess, Position};

fn machine_value(l: &mut Loaded) -> (Value, u64, u64) {
    let run = l.job(2, "rv_stop", 4_000_000_000).unwrap();
    let s = &l.machine.store;
    let n = s.read_long(l.label("rres").unwrap());
    let d = s.read_long(l.label("rres2").unwrap());
    let nodes = s.read_long(l.label("nodes").unwrap());
    (decode(n, d), nodes, run.beats)
}

fn check(pos: &Chess) -> (u64, u64) {
    let fen = support::fen_of(pos);
    let r = Readings::default();
    let want = Searcher::new(&r, DEFAULT_NODE_LIMIT).value(pos, 1, None);
    let mut l = load(&fen).unwrap();
    let (got, nodes, beats) = machine_value(&mut l);
    // equal as values (41/41 = 38/38): which of several equal lines is found first
    // depends on the order the moves are tried in
    assert!(
        got == want,
        "{fen}: machine {}, reference {}",
        got.fraction(),
        want.fraction()
    );
    (nodes, beats)
}

#[test]
fn the_value_after_white_moves_from_the_start() {
    let start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    for m in start.legal_moves().iter().take(6) {
        let mut p = start.clone();
        p.play_unchecked(*m);
        let (nodes, beats) = check(&p);
        eprintln!("{m}: {nodes} positions, {beats} beats");
    }
}

/// Every White move of every sixth position of Game 2 (Faster than Thought): the value
/// of the position after it (no recapture pending) equals the reference's.
#[test]
fn the_value_after_every_move_of_game_2_positions() {
    let game = mark1::reference::turochamp::games::game(2).unwrap();
    let (mut n, mut nodes, mut beats) = (0, 0, 0);
    for w in game.white.iter().step_by(6) {
        let pos = position(&w.fen_before).unwrap();
        for m in pos.legal_moves() {
            let mut p = pos.clone();
            p.play_unchecked(m);
            let (k, b) = check(&p);
            n += 1;
            nodes += k;
            beats = beats.max(b);
        }
    }
    eprintln!("{n} positions, {nodes} valued in all, the longest {beats} beats");
}

/// 60 random positions of random play with Black to move.
#[test]
fn the_value_of_random_positions() {
    let mut n = 0;
    for pos in support::random_positions(120, 1952) {
        if pos.turn() == shakmaty::Color::Black && !pos.legal_moves().is_empty() {
            check(&pos);
            n += 1;
        }
    }
    assert!(n >= 40, "{n}");
}
