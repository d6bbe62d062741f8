//! The `ref` subcommands through clap, as main.rs will wire them.

use clap::Parser;
use mark1::reference::cli::{run, RefCommand};

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    cmd: RefCommand,
}

fn output(args: &[&str]) -> String {
    let cli = Cli::try_parse_from(std::iter::once("ref").chain(args.iter().copied())).unwrap();
    let mut out = Vec::new();
    run(&cli.cmd, &mut out).unwrap();
    String::from_utf8(out).unwrap()
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
        let cli = Cli::try_parse_from(std::iter::once("ref").chain(args.iter().copied())).unwrap();
        assert!(run(&cli.cmd, &mut Vec::new()).is_err(), "{args:?}");
    }
    assert!(Cli::try_parse_from([
        "ref",
        "draughts",
        "best",
        "--fen",
        "B:W21:B1",
        "--strategy",
        "3"
    ])
    .is_err());
}
