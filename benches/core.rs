//! Core speed: a long compute loop (Prinz §18's scalar product run over and over) and a
//! magnetic-transfer-heavy loop, with full beat accounting.
//! Run: `cargo bench --bench core`; figures in docs/performance.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mark1::asm::assemble_file;
use mark1::machine::code::{instruction, Halves, MagneticOrder, Transfer};
use mark1::machine::{Budget, Config, Machine};

/// Prinz §18's scalar-product loop (programs/prinz18.m1), its loop stop at line 7
/// replaced by a jump back to line 1, so that it runs for ever.
fn compute_loop() -> Machine {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/prinz18.m1");
    let a = assemble_file(path).expect("programs/prinz18.m1 assembles");
    let mut m = Machine::new(Config::default());
    m.load_image(&a.image);
    m.store.write(7, instruction(40, 0, 44)); // /P via line 40 (holds 0): back to line 1
    m.store.write(40, 0);
    m
}

/// A loop that reads a track, checks it and writes it back, forever.
fn transfer_loop() -> Machine {
    let mut m = Machine::new(Config::default());
    m.store.write(1, instruction(20, 0, 8)); // read track 5 into page 2
    m.store.write(2, instruction(21, 0, 8)); // read-like check (success skips to 5)
    m.store.write(5, instruction(22, 0, 8)); // write page 2 to track 6
    m.store.write(6, instruction(23, 0, 44)); // back to 1
    let order = |track, transfer| {
        MagneticOrder {
            track,
            halves: Halves::Half(0),
            transfer,
            page: 2,
        }
        .encode()
    };
    m.store.write(20, order(5, Transfer::Read));
    m.store.write(21, order(5, Transfer::ReadCheck));
    m.store.write(22, order(6, Transfer::Write));
    m
}

fn bench(c: &mut Criterion) {
    const N: u64 = 5_000_000;
    let mut g = c.benchmark_group("core");
    g.throughput(Throughput::Elements(N));
    g.sample_size(20);
    g.bench_function("compute_loop_5M_instructions", |b| {
        let mut m = compute_loop();
        b.iter(|| m.run(Budget::instructions(N)))
    });
    const T: u64 = 100_000;
    g.throughput(Throughput::Elements(T));
    g.bench_function("transfer_loop_100k_instructions", |b| {
        let mut m = transfer_loop();
        b.iter(|| m.run(Budget::instructions(T)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
