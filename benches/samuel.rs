//! Samuel's per-operation times (1959, Appendix A, "Approximate computation times" on
//! the IBM 704) measured for the native engine, on a middle-game position:
//! all moves found (2.6 ms), a move made (1.5 ms), a position evaluated with 4 terms
//! (2.4 ms) and with 16 (7.5 ms), a saved position's score found (2.3 ms).
//!
//! Run: `cargo bench --bench samuel` (figures in docs/samuel.md).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use mark1::reference::draughts::moves::apply;
use mark1::reference::draughts::{legal_moves, Position};
use mark1::reference::samuel::search::{evaluate, Polynomial};
use mark1::reference::samuel::terms::{parameters, Term, SIMPLE};
use mark1::reference::samuel::{Learner, Rote, RoteParams};

/// A position after ten moves (11-15 23-19 8-11 22-17 4-8 17-13 15-18 24-20 11-15
/// 28-24) and the one before its last move.
fn positions() -> (Position, Position) {
    let mut pos = Position::start();
    let mut before = pos;
    for mv in [
        "11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "11-15", "28-24",
    ] {
        let m = *legal_moves(&pos)
            .iter()
            .find(|m| m.pdn() == mv)
            .expect("a legal opening move");
        before = pos;
        pos = apply(&pos, &m);
    }
    (pos, before)
}

fn needed(poly: &Polynomial) -> [bool; SIMPLE] {
    let mut n = [false; SIMPLE];
    for &(t, _) in &poly.terms {
        if t.is_connective() {
            for s in [Term::Deny, Term::Mob, Term::Mobil, Term::Cent] {
                n[s.index()] = true;
            }
        } else {
            n[t.index()] = true;
        }
    }
    n
}

fn samuel(c: &mut Criterion) {
    let (pos, before) = positions();
    let mut g = c.benchmark_group("samuel");
    g.measurement_time(Duration::from_secs(3));
    g.bench_function("all_moves", |b| b.iter(|| legal_moves(black_box(&pos))));
    let m = legal_moves(&pos)[0];
    g.bench_function("make_a_move", |b| {
        b.iter(|| apply(black_box(&pos), black_box(&m)))
    });
    // Samuel's four terms of the rote-learning tests: piece advantage (always there),
    // denial of occupancy, mobility, centre control with advancement.
    let four = Polynomial {
        terms: vec![
            (Term::Deny, 1 << 14),
            (Term::Mob, 1 << 13),
            (Term::Cent, 1 << 12),
        ],
    };
    let sixteen = Learner::default().polynomial();
    for (name, poly) in [("evaluate_4_terms", &four), ("evaluate_16_terms", &sixteen)] {
        let n = needed(poly);
        g.bench_function(name, |b| {
            b.iter(|| {
                let now = parameters(black_box(&pos), &n);
                let prev = parameters(black_box(&before), &n);
                evaluate(&pos, &now, &prev, poly)
            })
        });
    }
    let mut rote = Rote::new(RoteParams::default());
    for p in mark1::reference::draughts::random_positions(50_000, 3) {
        rote.save(&p, 1, 3);
    }
    rote.save(&pos, 7, 3);
    g.bench_function("rote_lookup", |b| b.iter(|| rote.lookup(black_box(&pos))));
    g.finish();
}

criterion_group!(benches, samuel);
criterion_main!(benches);
