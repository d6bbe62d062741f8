//! Reference-engine speed: draughts perft with bulk counting, Prinz's Figure 1 solved.
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

criterion_group!(benches, draughts, chess_bench);
criterion_main!(benches);
