//! The period programs on the emulated machine: Prinz's mate-in-two on Figure 1
//! (assembled once, then run from a fresh machine each time: about 300,000 Mark 1
//! instructions), and the 300-position cross-check against the reference engine;
//! Strachey's draughts: a whole game under strategy 2 (tests/draughts/game_seed7.txt),
//! one three-ply think, and the 100-position cross-check under strategy 2; Turing's
//! paper machine: one move from the initial position.
//! Run: `cargo bench --bench period`; figures in docs/performance.md.

use criterion::{criterion_group, criterion_main, Criterion};
use mark1::games::prinz::{
    assemble, check_positions, cross_check, run_board, RunOptions, FIGURE1_FEN,
};
use mark1::reference::chess::Board;

fn bench(c: &mut Criterion) {
    let assembly = assemble().expect("programs/prinz.m1 assembles");
    let board = Board::from_fen(FIGURE1_FEN).unwrap();
    let opts = RunOptions::default();
    let mut g = c.benchmark_group("period");
    g.sample_size(20);
    g.bench_function("prinz_figure1", |b| {
        b.iter(|| run_board(&assembly, &board, &opts).unwrap())
    });
    let positions = check_positions(300, 1);
    g.sample_size(10);
    g.bench_function("prinz_check_300", |b| {
        b.iter(|| {
            let r = cross_check(&positions, &opts, &mut |_, _, _| {}).unwrap();
            assert!(r.disagreements.is_empty());
        })
    });
    let dasm = mark1::games::draughts::assemble().expect("programs/draughts.m1 assembles");
    let script: Vec<Vec<u8>> = include_str!("../tests/draughts/game_seed7.txt")
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(|l| mark1::games::draughts::parse_squares(l, false).unwrap())
        .collect();
    g.sample_size(20);
    g.bench_function("draughts_game_strategy2", |b| {
        b.iter(|| {
            let mut it = script.clone().into_iter();
            let rep = mark1::games::draughts::play(
                &dasm,
                &mark1::games::draughts::Params::strategy2(4, 20),
                7,
                mark1::games::draughts::First::Machine,
                &mut |_, _| it.next(),
            )
            .unwrap();
            assert_eq!(rep.end, mark1::games::draughts::GameEnd::Over);
        })
    });
    let start = mark1::reference::draughts::Position::start();
    g.bench_function("draughts_think_3_plies", |b| {
        b.iter(|| {
            mark1::games::draughts::think(
                &dasm,
                &start,
                &mark1::games::draughts::Params::strategy1(3),
                1,
            )
            .unwrap()
        })
    });
    let dpos = mark1::games::draughts::check_positions(100, 1);
    g.sample_size(10);
    g.bench_function("draughts_check_100", |b| {
        b.iter(|| {
            let r = mark1::games::draughts::cross_check(
                &dpos,
                &mark1::games::draughts::Params::strategy2(4, 20),
                1,
            )
            .unwrap();
            assert!(r.differences.is_empty());
        })
    });
    // Turing's paper machine: one move from the initial position (about 6.5 million
    // Mark 1 instructions, 164 simulated minutes), the position tape read first
    g.sample_size(10);
    g.bench_function("turochamp_move_start", |b| {
        b.iter(|| {
            let (_, t) = mark1::games::turochamp::think::think_fen(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            )
            .unwrap();
            assert_eq!(t.positions, 420);
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
