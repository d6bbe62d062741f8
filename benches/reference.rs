//! Reference-engine speed: draughts perft with bulk counting, Prinz's Figure 1 solved,
//! Turing's paper machine choosing a move.
//!
//! Run: `cargo bench --bench reference` (one thread; every engine here is single-threaded).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use mark1::reference::chess::{self, solve_mate2, Board};
use mark1::reference::draughts::{perft, Duplicates, Position};

fn draughts(c: &mut Criterion) {
    let start = Position::start();
    let mut g = c.benchmark_group("draughts");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("perft_10_start", |b| {
        b.iter(|| perft(black_box(&start), 10, Duplicates::Counted))
    });
    g.finish();
    let mut g = c.benchmark_group("draughts_deep");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(20));
    g.bench_function("perft_12_start", |b| {
        b.iter(|| perft(black_box(&start), 12, Duplicates::Counted))
    });
    g.finish();
}

fn chess_bench(c: &mut Criterion) {
    let fig1 = Board::from_fen("5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1").expect("Figure 1 FEN");
    c.bench_function("chess/figure1_mate2", |b| {
        b.iter(|| solve_mate2(black_box(&fig1)))
    });
    let start = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
        .expect("start FEN");
    c.bench_function("chess/perft_4_start_prinz", |b| {
        b.iter(|| chess::perft(black_box(&start), 4))
    });
}

fn turochamp_bench(c: &mut Criterion) {
    use mark1::reference::turochamp::{analyse, parse_fen, Readings, DEFAULT_NODE_LIMIT};
    // Game 2 (Faster than Thought) before White's 27th move: the heaviest position of the
    // two printed games (402,148 positions in the whole considerable-move tree).
    let middle = parse_fen("1rr3k1/p4ppp/q2p4/1n2p2b/2B1P1RP/2BQ1P2/1PPK1P2/3R4 w - - 10 27")
        .expect("middle-game FEN");
    let readings = Readings::default();
    c.bench_function("turochamp/move_game2_27", |b| {
        b.iter(|| analyse(black_box(&middle), &readings, DEFAULT_NODE_LIMIT))
    });
    let start =
        parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").expect("start FEN");
    c.bench_function("turochamp/move_start", |b| {
        b.iter(|| analyse(black_box(&start), &readings, DEFAULT_NODE_LIMIT))
    });
}

criterion_group!(benches, draughts, chess_bench, turochamp_bench);
criterion_main!(benches);
