//! Core speed, on both cores: a long compute loop (Prinz §18's scalar product
//! run over and over), a magnetic-transfer-heavy loop, and a period workload (Prinz's
//! mate-in-two on Figure 1), with full beat accounting.
//! Run: `cargo bench --bench core`; figures in docs/performance.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mark1::asm::assemble_file;
use mark1::games::prinz::{assemble, position_tape, FIGURE1_FEN};
use mark1::machine::code::{instruction, Halves, MagneticOrder, Transfer};
use mark1::machine::{Budget, Config, Core, Machine};
use mark1::reference::chess::Board;

/// Prinz §18's scalar-product loop (programs/prinz18.m1), its loop stop at line 7
/// replaced by a jump back to line 1, so that it runs for ever.
fn compute_loop(core: Core) -> Machine {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/prinz18.m1");
    let a = assemble_file(path).expect("programs/prinz18.m1 assembles");
    let mut m = Machine::new(Config {
        core,
        ..Config::default()
    });
    m.load_image(&a.image);
    m.store.write(7, instruction(40, 0, 44)); // /P via line 40 (holds 0): back to line 1
    m.store.write(40, 0);
    m
}

/// A loop that reads a track, checks it and writes it back, forever.
fn transfer_loop(core: Core) -> Machine {
    let mut m = Machine::new(Config {
        core,
        ..Config::default()
    });
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

/// Prinz's mate-in-two with Figure 1's position tape in the reader, ready to run.
fn prinz_figure1(core: Core) -> Machine {
    let a = assemble().expect("programs/prinz.m1 assembles");
    let mut m = Machine::new(Config {
        core,
        ..Config::default()
    });
    m.load_image(&a.image);
    m.load_tape(&position_tape(
        &Board::from_fen(FIGURE1_FEN).expect("Figure 1"),
    ));
    m
}

fn bench(c: &mut Criterion) {
    const N: u64 = 5_000_000;
    let mut g = c.benchmark_group("core");
    g.sample_size(20);
    for (core, name) in [(Core::Fast, "fast"), (Core::Reference, "reference")] {
        g.throughput(Throughput::Elements(N));
        g.bench_function(format!("compute_loop_5M_instructions_{name}"), |b| {
            let mut m = compute_loop(core);
            b.iter(|| m.run(Budget::instructions(N)))
        });
        const T: u64 = 100_000;
        g.throughput(Throughput::Elements(T));
        g.bench_function(format!("transfer_loop_100k_instructions_{name}"), |b| {
            let mut m = transfer_loop(core);
            b.iter(|| m.run(Budget::instructions(T)))
        });
        let fresh = prinz_figure1(core);
        let mut probe = fresh.clone();
        probe.run(Budget::beats(u64::MAX));
        g.throughput(Throughput::Elements(probe.stats.instructions));
        g.bench_function(format!("prinz_figure1_{name}"), |b| {
            b.iter(|| {
                let mut m = fresh.clone();
                m.run(Budget::beats(u64::MAX))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
