//! What a new user tripped over (issue 15, item 7), each tried through the binary as the
//! user typed it.

use std::process::{Command, Output};

fn mark1(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .expect("the mark1 binary runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `ref chess mate2` and `prinz` share one validation: the side not to move in check, or
/// a pawn on the first or eighth rank, is refused by both with the same reason.
#[test]
fn one_chess_validation_for_prinz_and_ref() {
    for (fen, reason) in [
        (
            "kK6/8/8/8/8/8/8/7R w - - 0 1",
            "the side not to move is in check",
        ),
        ("k7/8/8/8/8/8/8/K5RP w - - 0 1", "a pawn on rank 1"),
        ("k6P/8/8/8/8/8/8/K5R1 w - - 0 1", "a pawn on rank 8"),
    ] {
        for args in [
            vec!["ref", "chess", "mate2", "--fen", fen],
            vec!["ref", "chess", "perft", "--fen", fen, "--depth", "1"],
            vec!["prinz", "--fen", fen],
        ] {
            let o = mark1(&args);
            assert!(!o.status.success(), "{args:?} accepted {fen}");
            assert!(text(&o).contains(reason), "{args:?}: {}", text(&o));
            assert!(!text(&o).contains("MATE"), "{args:?}: {}", text(&o));
        }
    }
}
