//! The `ref` subcommands through the binary (`mark1 ref …`, src/cli/reference/).

use std::process::{Command, Output};

/// `mark1 ref ARGS…`, run.
fn mark1_ref(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .arg("ref")
        .args(args)
        .output()
        .unwrap()
}

/// The standard output of `mark1 ref ARGS…`, which must succeed.
fn output(args: &[&str]) -> String {
    let out = mark1_ref(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `mark1 ref ARGS…` fails with an error message, not a panic (exit 101).
fn fails_cleanly(args: &[&str]) {
    let out = mark1_ref(args);
    let code = out.status.code();
    assert!(
        code.is_some() && code != Some(0) && code != Some(101),
        "{args:?}: {code:?}"
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with("error"),
        "{args:?}"
    );
}

#[test]
fn chess_mate2_figure1_json() {
    let text = output(&[
        "chess",
        "mate2",
        "--fen",
        "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["keys"], serde_json::json!(["h1h6"]));
    assert_eq!(v["first_moves_tried"].as_array().unwrap().len(), 13);
    assert_eq!(v["first_moves_tried"][0], "g6h7");
    insta::assert_snapshot!("mate2_figure1_json", text);
}

#[test]
fn chess_mate2_figure1_text() {
    insta::assert_snapshot!(
        "mate2_figure1_text",
        output(&[
            "chess",
            "mate2",
            "--fen",
            "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"
        ])
    );
}

#[test]
fn draughts_commands() {
    assert_eq!(
        output(&["draughts", "perft", "--depth", "5"]),
        "perft(5) = 7361\n"
    );
    assert_eq!(
        output(&[
            "draughts",
            "perft",
            "--depth",
            "1",
            "--fen",
            "W:WK10:B14,15,22,23",
            "--merge-duplicates"
        ]),
        "perft(1) = 1\n"
    );
    insta::assert_snapshot!(
        "draughts_divide_3",
        output(&["draughts", "perft", "--depth", "3", "--divide"])
    );
    insta::assert_snapshot!(
        "draughts_moves_json",
        output(&[
            "draughts",
            "moves",
            "--fen",
            "W:WK10:B14,15,22,23",
            "--json"
        ])
    );
    insta::assert_snapshot!(
        "draughts_best_s1",
        output(&[
            "draughts",
            "best",
            "--fen",
            "B:W21-32:B1-12",
            "--strategy",
            "1",
            "--plies",
            "3",
            "--random",
            "524288"
        ])
    );
    let v: serde_json::Value = serde_json::from_str(&output(&[
        "draughts",
        "best",
        "--fen",
        "W:W18:B14,K5",
        "--strategy",
        "2",
        "--json",
    ]))
    .unwrap();
    assert_eq!(v["chosen"]["pdn"], "18x9");
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    for args in [
        vec!["draughts", "moves", "--fen", "B:W99:B1"],
        vec!["chess", "mate2", "--fen", "nonsense"],
        vec![
            "draughts",
            "best",
            "--fen",
            "B:W21:B1",
            "--tie-break",
            "coin",
        ],
    ] {
        fails_cleanly(&args);
    }
    fails_cleanly(&["draughts", "best", "--fen", "B:W21:B1", "--strategy", "3"]);
}

/// The references of Bell's guess-it and knight's tour are named as their games'
/// commands (`mark1 guess-it`, `mark1 knights-tour`); the older names still work and give
/// the same output.
#[test]
fn references_named_as_their_games() {
    for (name, old) in [("guess-it", "guessit"), ("knights-tour", "knights")] {
        let help = output(&[name, "--help"]);
        assert!(help.contains("Usage: mark1 ref"), "{name}: {help}");
        assert!(
            output(&["--help"]).contains(name),
            "ref --help lists {name}"
        );
        assert_eq!(output(&[old, "--help"]), help, "{old} is {name}");
    }
    assert_eq!(
        output(&["knights-tour", "tour", "--from", "a1"]),
        output(&["knights", "tour", "--from", "a1"])
    );
}
