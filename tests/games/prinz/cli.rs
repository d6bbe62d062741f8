//! `mark1 prinz` from the command line.

use crate::common::mark1;
use std::process::Command;

#[test]
fn prinz_prints_the_transcript_and_the_table() {
    let (ok, out, _) = mark1(&["prinz"]);
    assert!(ok);
    assert!(out.starts_with("PAWN TO 78.\nROOK TO 17.\n"));
    assert!(out.contains("ROOK TO 68.\nMATE.\n"));
    for row in [
        "| time to solution |",
        "| moves tried | 525 |",
        "| illegal moves | 116 |",
        "| magnetic transfers per legal move |",
        "| seconds per move |",
        "Where the time went: self-check",
    ] {
        assert!(out.contains(row), "{row}");
    }
}

#[test]
fn prinz_json_is_one_object() {
    let (ok, out, _) = mark1(&["prinz", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves_tried"], 525);
    assert_eq!(v["illegal"], 116);
    assert_eq!(v["keys"][0], "ROOK TO 68");
}

#[test]
fn prinz_check_ends_with_the_count_line() {
    let (ok, out, _) = mark1(&["prinz", "--check", "12"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("12 positions, 0 disagreements"));
}

#[test]
fn prinz_bad_fen_is_an_error_message() {
    let (ok, _, err) = mark1(&["prinz", "--fen", "8/8/8 w"]);
    assert!(!ok);
    assert!(err.contains("bad chess FEN"), "{err}");
    assert!(!err.contains("panicked"));
}

/// `--check N` cross-checks the list's positions, so a `--fen` with it is refused rather
/// than silently ignored.
#[test]
fn prinz_check_refuses_fen() {
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args([
            "prinz",
            "--check",
            "1",
            "--fen",
            mark1::games::prinz::FIGURE1_FEN,
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--fen") && err.contains("--check"), "{err}");
}

/// A bad FEN is quoted as given, in backquotes, not as a Rust string literal.
#[test]
fn bad_fen_is_backquoted() {
    let (ok, _, err) = mark1(&["prinz", "--fen", "k7/8 w"]);
    assert!(!ok);
    assert!(err.contains("bad chess FEN `k7/8 w`: "), "{err}");
    assert!(!err.contains('"'), "{err}");
}
