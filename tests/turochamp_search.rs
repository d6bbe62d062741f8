//! The turochamp programme's search (programs/turochamp/search.m1) against the reference
//! engine: the value of a position after White's move (Black to play, ply 1, no recapture
//! pending), job 2, equals `Searcher::value`.

use mark1::games::turochamp::{load, position, Loaded};
use mark1::reference::turochamp::readings::Readings;
use mark1::reference::turochamp::search::{Searcher, DEFAULT_NODE_LIMIT};
use mark1::reference::turochamp::value::Value;
use shakmaty::{Chess, Position};

mod turochamp_support;

/// The programme's fraction (N, D) as the reference's value (search.m1's encoding).
fn decode(n: u64, d: u64) -> Value {
    match (n, d) {
        (0, 1) => Value::BlackMates,
        (1_000_000, 1) => Value::WhiteMates,
        (n, 1) if n >= 20480 => Value::Ratio {
            white: (n - 20480) as u32,
            black: 0,
        },
        (n, d) => Value::Ratio {
            white: (n - d) as u32,
            black: d as u32,
        },
    }
}

fn machine_value(l: &mut Loaded) -> (Value, u64, u64) {
    let run = l.job(2, "rv_stop", 4_000_000_000).unwrap();
    let s = &l.machine.store;
    let n = s.read_long(l.label("rres").unwrap());
    let d = s.read_long(l.label("rres2").unwrap());
    let nodes = s.read_long(l.label("nodes").unwrap());
    (decode(n, d), nodes, run.beats)
}

fn check(pos: &Chess) -> (u64, u64) {
    let fen = turochamp_support::fen_of(pos);
    let r = Readings::default();
    let want = Searcher::new(&r, DEFAULT_NODE_LIMIT).value(pos, 1, None);
    let mut l = load(&fen).unwrap();
    let (got, nodes, beats) = machine_value(&mut l);
    assert_eq!(
        got.fraction(),
        want.fraction(),
        "{fen}: machine {got:?}, reference {want:?}"
    );
    assert!(got == want, "{fen}");
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
