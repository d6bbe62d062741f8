//! The period programs on the emulated machine: Prinz's mate-in-two on Figure 1
//! (assembled once, then run from a fresh machine each time: about 300,000 Mark 1
//! instructions), and the 300-position cross-check against the reference engine.
//! Run: `cargo bench --bench period`; figures in docs/performance.md.

use criterion::{criterion_group, criterion_main, Criterion};
use mark1::games::prinz::{
    assemble, check_positions, cross_check, read_position, run_board, RunOptions, FIGURE1_FEN,
};

fn bench(c: &mut Criterion) {
    let assembly = assemble().expect("programs/prinz.m1 assembles");
    let board = read_position(FIGURE1_FEN).unwrap();
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
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
