//! Assembler speed on a 10,000-line source: routines on 156 drum half-tracks, with labels,
//! forward references, expressions, B-lines, magnetic and I/O lines, period lines and
//! comments. Run: `cargo bench --bench asm`; figures in docs/performance.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mark1::asm::{assemble_str, NoIncludes};
use std::fmt::Write;

/// A source of exactly `lines` lines.
fn source(lines: usize) -> String {
    let mut s = String::from("; generated for the assembler benchmark\n.org 2\nstart: /: rd0\n");
    let mut n = 3;
    let mut track = 1;
    while n + 64 < lines {
        let _ = writeln!(s, ".track {track}, 0, 1     ; routine {track}");
        n += 1;
        for i in 0..14 {
            let _ = writeln!(s, "r{track}_{i}: TI x{track} + {i}, b{}", i % 8);
            let _ = writeln!(s, "        UK y{track}      ; /K on B7, as Prinz writes it");
            let _ = writeln!(s, "        /N x{track} + 2 * {i}");
            let _ = writeln!(s, "        YG one");
            n += 4;
        }
        let _ = writeln!(s, "        /T j{track}");
        let _ = writeln!(s, "x{track}:  .long {}", track * 1000 + 7);
        let _ = writeln!(s, "y{track}:  .word -{track}");
        let _ = writeln!(s, "j{track}:  .jump r{track}_0");
        n += 4;
        track += 1;
    }
    let _ = writeln!(
        s,
        ".org 400\none: .word 1\nrd0: .mag read 1, 0, 1\nout: .io T"
    );
    n += 4;
    while n < lines {
        let _ = writeln!(s, "; padding comment line {n}");
        n += 1;
    }
    s
}

fn bench(c: &mut Criterion) {
    let src = source(10_000);
    assert_eq!(src.lines().count(), 10_000);
    let a = assemble_str("bench.m1", &src, &NoIncludes).expect("the generated source assembles");
    assert!(a.image.drum.len() > 150);
    let mut g = c.benchmark_group("asm");
    g.throughput(Throughput::Elements(10_000));
    g.sample_size(20);
    g.bench_function("assemble_10000_lines", |b| {
        b.iter(|| assemble_str("bench.m1", &src, &NoIncludes).unwrap())
    });
    g.bench_function("listing_10000_lines", |b| b.iter(|| a.listing()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
