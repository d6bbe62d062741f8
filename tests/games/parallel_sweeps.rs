//! Every sweep gives the same result on one thread as on two:
//! `prinz --check`, `draughts --check`, `nim --check` across positions, perft in both
//! reference engines across root moves. Each runs inside a rayon pool of the given size,
//! as `--threads N` does; the whole result is compared, and the order of what the sweep
//! reports.

use mark1::games::{draughts, nim, prinz};
use mark1::reference::{chess, draughts as rd};
use std::process::Command;

/// Runs `f` on a rayon pool of `n` threads.
fn on<R: Send>(n: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .unwrap()
        .install(f)
}

/// `prinz --check`: the report and the progress calls (index, FEN, differences), in
/// position order.
#[test]
fn prinz_check_same_on_one_and_two_threads() {
    let positions = prinz::check_positions(8, 1951);
    let sweep = || {
        let mut calls = Vec::new();
        let r = prinz::cross_check(
            &positions,
            &prinz::RunOptions::default(),
            &mut |i, fen, d| calls.push((i, fen.to_string(), d.to_vec())),
        )
        .unwrap();
        (serde_json::to_value(&r).unwrap(), calls)
    };
    let one = on(1, sweep);
    let two = on(2, sweep);
    assert_eq!(one, two);
    assert_eq!(one.0["positions"], 8);
    let order: Vec<usize> = two.1.iter().map(|c| c.0).collect();
    assert_eq!(order, (0..8).collect::<Vec<_>>());
    let fens: Vec<&String> = two.1.iter().map(|c| &c.1).collect();
    assert_eq!(fens, positions.iter().collect::<Vec<_>>());
}

/// `draughts --check`: the whole report (differences, moves considered, instructions,
/// beats), with a seed that differs per position.
#[test]
fn draughts_check_same_on_one_and_two_threads() {
    let positions = draughts::check_positions(12, 5);
    let p = draughts::Params::strategy1(2);
    let sweep = || serde_json::to_value(draughts::cross_check(&positions, &p, 5).unwrap()).unwrap();
    let one = on(1, sweep);
    let two = on(2, sweep);
    assert_eq!(one, two);
    assert_eq!(one["positions"], 12);
    assert!(one["instructions"].as_u64().unwrap() > 0);
}

/// `nim --check`: the whole report (the positions are drawn before the sweep).
#[test]
fn nim_check_same_on_one_and_two_threads() {
    let one = on(1, || nim::check(60, 7).unwrap());
    let two = on(2, || nim::check(60, 7).unwrap());
    assert_eq!(one, two);
    assert_eq!(one.positions, 60);
    assert!(one.beats > 0);
}

/// Chess perft over root moves: the count, and progress counting up by one to the total.
#[test]
fn chess_perft_same_on_one_and_two_threads() {
    let b =
        chess::Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1")
            .unwrap();
    let sweep = || {
        let mut seen = Vec::new();
        let n = chess::perft_with_progress(&b, 3, &mut |d, t| seen.push((d, t)));
        (n, seen)
    };
    let (n1, seen1) = on(1, sweep);
    let (n2, seen2) = on(2, sweep);
    assert_eq!(n1, n2);
    assert_eq!(n1, chess::perft(&b, 3));
    assert_eq!(seen1, seen2);
    let total = seen2[0].1;
    assert!(total > 1);
    assert_eq!(seen2, (0..=total).map(|d| (d, total)).collect::<Vec<_>>());
}

/// Draughts perft over root moves: the count with progress, and the divide in
/// Strachey's order.
#[test]
fn draughts_perft_same_on_one_and_two_threads() {
    let p = rd::Position::start();
    let dups = rd::Duplicates::Counted;
    let sweep = || {
        let mut seen = Vec::new();
        let n = rd::perft::perft_with_progress(&p, 7, dups, &mut |d, t| seen.push((d, t)));
        (n, seen, rd::perft::perft_divide(&p, 7, dups))
    };
    let one = on(1, sweep);
    let two = on(2, sweep);
    assert_eq!(one, two);
    assert_eq!(one.0, rd::perft(&p, 7, dups));
    assert_eq!(one.1, (0..=7).map(|d| (d, 7)).collect::<Vec<_>>());
    let moves: Vec<_> = two.2.iter().map(|(m, _)| *m).collect();
    assert_eq!(moves, rd::legal_moves(&p));
    assert_eq!(two.2.iter().map(|(_, n)| n).sum::<u64>(), one.0);
}

/// The `--threads` flag: the same standard output with 1 and 2 threads.
#[test]
fn threads_flag_same_output() {
    let runs: &[&[&str]] = &[
        &[
            "draughts",
            "--check",
            "6",
            "--strategy",
            "1",
            "--plies",
            "2",
        ],
        &["nim", "--check", "30"],
        &["prinz", "--check", "4"],
        &[
            "ref",
            "chess",
            "perft",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "--depth",
            "3",
        ],
        &["ref", "draughts", "perft", "--depth", "6", "--divide"],
    ];
    for args in runs {
        let out = |threads: &str| {
            let o = Command::new(env!("CARGO_BIN_EXE_mark1"))
                .args(*args)
                .args(["--threads", threads])
                .output()
                .unwrap();
            assert!(
                o.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            String::from_utf8(o.stdout).unwrap()
        };
        let one = out("1");
        assert!(!one.is_empty());
        assert_eq!(one, out("2"), "{args:?}");
    }
    let o = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["nim", "--check", "3", "--threads", "0"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a number of threads"));
}
