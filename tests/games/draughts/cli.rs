//! `mark1 draughts` through the real binary: a scripted game with an illegal move in it,
//! the cross-check's last line, the replay's last line, and bad input.

use crate::common::mark1;
use proptest::prelude::*;
use std::process::Command;

/// The script of tests/games/draughts/game.rs with an illegal move put in: the program
/// refuses it, the driver shows the legal moves, and the game goes on to the end.
#[test]
fn scripted_game_with_an_illegal_move() {
    let script = std::fs::read_to_string("tests/draughts/game_seed7.txt").unwrap();
    let mut lines: Vec<&str> = script.lines().collect();
    lines.insert(4, "21-12   # not a move");
    let path = std::env::temp_dir().join(format!("mark1_draughts_{}.txt", std::process::id()));
    std::fs::write(&path, lines.join("\n")).unwrap();
    let pdn = path.with_extension("pdn");
    let (ok, out, err) = mark1(&[
        "draughts",
        "--script",
        path.to_str().unwrap(),
        "--seed",
        "7",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("WRONG KEY SETTING. PLEASE CORRECT IT."),
        "{out}"
    );
    assert!(
        out.contains("(refused; the legal moves are: 31-27 22-18 21-17 20-16 23-18 22-17 21-16)"),
        "{out}"
    );
    assert!(out.contains("I HAVE WON"), "{out}");
    assert!(out.contains("the game ended: I HAVE WON"), "{out}");
    assert!(out.contains("moves considered"), "{out}");
    let game = std::fs::read_to_string(&pdn).unwrap();
    assert!(game.trim_end().ends_with("2-0"), "{game}");
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&pdn);
}

#[test]
fn check_last_line() {
    let (ok, out, _) = mark1(&["draughts", "--check", "20", "--seed", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("20 positions, 0 differences"));
}

#[test]
fn replay_1952_last_line() {
    let (ok, out, _) = mark1(&["draughts", "--replay-1952"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("agreement: 33/34"));
}

#[test]
fn bad_settings_and_scripts_are_refused_with_a_reason() {
    let (ok, _, err) = mark1(&["draughts", "--think", "--plies", "12"]);
    assert!(!ok);
    assert!(err.contains("1 to 8"), "{err}");
    let (ok, _, err) = mark1(&["draughts", "--script", "/nonexistent/moves.txt"]);
    assert!(!ok);
    assert!(err.contains("cannot read the script"), "{err}");
}

/// Output that must never reach a user: Rust's Debug forms and unrounded floats.
fn assert_words(out: &str) {
    for bad in ["Some(", "None", "Over", "ScriptDone", "Hoot", "Budget"] {
        assert!(!out.contains(bad), "`{bad}` in {out}");
    }
    // no number with more than six decimals (seconds are rounded to the microsecond)
    let long_fraction = out
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .any(|t| {
            t.split_once('.')
                .is_some_and(|(_, f)| f.len() > 6 && f.bytes().all(|b| b.is_ascii_digit()))
        });
    assert!(!long_fraction, "an unrounded float in {out}");
}

/// `--think` shows Strachey's squares by default and PDN's with `--pdn-squares`, in the
/// text and in the JSON, which names its numbering; the draw is in words.
#[test]
fn think_squares_follow_the_users_choice() {
    let (ok, out, err) = mark1(&["draughts", "--think"]);
    assert!(ok, "{err}");
    assert!(out.contains("Strachey's squares 0-31"), "{out}");
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .trim_start()
            .starts_with("11-15 value"),
        "{out}"
    );
    assert!(out.contains("draw: /W gave "), "{out}");
    assert_words(&out);
    let (ok, out, _) = mark1(&["draughts", "--think", "--pdn-squares"]);
    assert!(ok);
    assert!(out.contains("PDN squares 1-32"), "{out}");
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .trim_start()
            .starts_with("12-16 value"),
        "{out}"
    );
    for (flags, key, from) in [
        (&[][..], "strachey", 11),
        (&["--pdn-squares"][..], "pdn", 12),
    ] {
        let mut args = vec!["draughts", "--think", "--json"];
        args.extend(flags);
        let (ok, out, _) = mark1(&args);
        assert!(ok);
        assert_words(&out);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["squares"], key, "{out}");
        assert_eq!(v["differences"], serde_json::json!([]), "{out}");
        assert_eq!(v["moves"][0]["from"], from, "{out}");
    }
    // one best move: the draw in words
    let (ok, out, _) = mark1(&["draughts", "--think", "--fen", "B:W18:B14"]);
    assert!(ok);
    assert!(out.contains("draw: none (one best move)"), "{out}");
    assert_words(&out);
}

/// A game with `--pdn-squares`: the summary's machine moves and the JSON are in PDN
/// squares, named; the end in words; no Debug forms or long floats anywhere.
#[test]
fn game_squares_follow_the_users_choice() {
    let (ok, out, err) = mark1(&["draughts", "--opponent", "first", "--pdn-squares", "--json"]);
    assert!(ok, "{err}");
    assert_words(&out);
    // standard output is the JSON alone; the game's progress went to standard error
    let v: serde_json::Value = serde_json::from_str(&out).expect("stdout is one JSON value");
    assert!(err.contains("I HAVE WON"), "{err}");
    let summary = v["summary"].as_str().unwrap();
    assert!(
        summary.contains("the machine's moves (PDN squares 1-32;"),
        "{summary}"
    );
    assert!(summary.contains("position (PDN FEN) "), "{summary}");
    // the program printed `9 - 14` (Strachey's squares); the driver writes PDN 10-15
    assert!(summary.contains("\n  10-15 "), "{summary}");
    assert_eq!(v["squares"], "pdn");
    assert_eq!(
        v["machine_moves"][0]["squares"],
        serde_json::json!([10, 15])
    );
    assert_eq!(v["machine_moves"][0]["printed"], "9 - 14");
    assert_eq!(v["end"], "the game ended: I HAVE WON");
    // without --json the summary is on standard output
    let (ok, out, err) = mark1(&["draughts", "--opponent", "first"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("the game ended: I HAVE WON; position (PDN FEN) "),
        "{out}"
    );
}

/// A game's think and `--think` count the same thing: on the start position the game's
/// first think considers as many moves as `--think` does, but for making the chosen
/// move (the search makes moves 0..=k again to make move k), and takes about as long.
#[test]
fn a_games_think_and_think_mean_the_same() {
    let (ok, out, err) = mark1(&["draughts", "--opponent", "first", "--json"]);
    assert!(ok, "{err}");
    let game: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (ok, out, _) = mark1(&["draughts", "--think", "--json"]);
    assert!(ok);
    let think: serde_json::Value = serde_json::from_str(&out).unwrap();
    let first = &game["machine_moves"][0];
    let index = |from: &serde_json::Value, to: &serde_json::Value| {
        think["moves"]
            .as_array()
            .unwrap()
            .iter()
            .position(|m| &m["from"] == from && &m["to"] == to)
            .unwrap() as i64
    };
    let k_game = index(&first["squares"][0], &first["squares"][1]);
    let k_think = think["chosen"].as_i64().unwrap();
    let c_game = first["considered"].as_i64().unwrap();
    let c_think = think["considered"].as_i64().unwrap();
    assert_eq!(c_game - k_game, c_think - k_think, "{first} {think}");
    let (s_game, s_think) = (
        first["think_seconds"].as_f64().unwrap(),
        think["seconds"].as_f64().unwrap(),
    );
    assert!(
        (s_game - s_think).abs() < 3.0,
        "{s_game} s against {s_think} s"
    );
    assert!(first["turn_seconds"].as_f64().unwrap() > s_game);
}

/// Flags for a game are refused with a think, the cross-check, the replay or the
/// timing table, and a position (`--fen`) without `--think`: never silently ignored.
#[test]
fn flags_that_do_not_go_together_are_refused() {
    let (ok, _, err) = mark1(&["draughts", "--fen", "B:W18:B14"]);
    assert!(!ok);
    assert!(err.contains("--fen is for --think"), "{err}");
    for args in [
        &["draughts", "--think", "--script", "x.txt"][..],
        &["draughts", "--think", "--opponent", "first"][..],
        &["draughts", "--check", "5", "--first", "human"][..],
        &["draughts", "--replay-1952", "--pdn", "x.pdn"][..],
        &["draughts", "--timing", "--opponent", "best"][..],
        &["draughts", "--check", "5", "--pdn-squares"][..],
        &["draughts", "--think", "--check", "5"][..],
        &["draughts", "--script", "x.txt", "--opponent", "first"][..],
        &["draughts", "--timing", "--strategy", "1"][..],
        &["draughts", "--timing", "--plies", "2"][..],
        &["draughts", "--timing", "--king", "30"][..],
    ] {
        let (ok, out, err) = mark1(args);
        assert!(!ok, "{args:?}: {out}");
        assert!(err.contains("cannot be used with"), "{args:?}: {err}");
    }
}

/// With `--json` standard output holds exactly one JSON value, which names its
/// numbering of the squares, whatever the mode.
#[test]
fn json_output_is_one_value_naming_its_squares() {
    for (args, key) in [
        (&["draughts", "--check", "3", "--json"][..], "strachey"),
        (&["draughts", "--replay-1952", "--json"][..], "strachey"),
        (&["draughts", "--think", "--json"][..], "strachey"),
        (
            &["draughts", "--think", "--pdn-squares", "--json"][..],
            "pdn",
        ),
        (
            &["draughts", "--opponent", "random", "--seed", "3", "--json"][..],
            "strachey",
        ),
        (
            &[
                "ref",
                "draughts",
                "moves",
                "--fen",
                "B:W21-32:B1-12",
                "--json",
            ][..],
            "pdn",
        ),
        (
            &[
                "ref",
                "draughts",
                "best",
                "--fen",
                "B:W21-32:B1-12",
                "--json",
            ][..],
            "pdn",
        ),
    ] {
        let (ok, out, err) = mark1(args);
        assert!(ok, "{args:?}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("{args:?}: stdout is not one JSON value ({e}): {out}"));
        assert_eq!(v["squares"], key, "{args:?}");
        assert_words(&out);
    }
    let (_, out, _) = mark1(&["draughts", "--replay-1952", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["agree"].as_u64(), v["of"].as_u64()),
        (Some(33), Some(34))
    );
    let (_, out, _) = mark1(&["draughts", "--check", "3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["differences"], serde_json::json!([]));
    assert_eq!(v["positions"], 3);
}

/// `--help` says what each value of `--first` and `--opponent` means.
#[test]
fn help_describes_every_value() {
    let (ok, out, _) = mark1(&["draughts", "--help"]);
    assert!(ok);
    for words in [
        "The machine plays Black and moves first",
        "play Black and move first",
        "The first legal move",
        "A legal move chosen at random",
        "The reference engine's choice",
    ] {
        assert!(out.contains(words), "`{words}` missing from {out}");
    }
}

/// `ref draughts perft --divide` shows each root move's count as soon as it is counted:
/// the first line arrives while the rest are still being counted. One thread, so that
/// the root moves are counted in order: with several, the first move's line waits for
/// that move, and on a loaded machine the others could all be done by then.
#[test]
fn perft_divide_shows_each_root_move_as_it_comes() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args([
            "ref",
            "draughts",
            "perft",
            "--depth",
            "13",
            "--divide",
            "--threads",
            "1",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(first.starts_with("12-16 "), "{first}");
    assert!(running, "the divide ended before its first line came");
}

proptest! {
    /// Typed moves: any text gives squares or a reason, never a panic.
    #[test]
    fn typed_moves_never_panic(s in "\\PC{0,24}", pdn in any::<bool>()) {
        if let Ok(v) = mark1::games::draughts::parse_squares(&s, pdn) {
            prop_assert!(v.len() >= 2 && v.iter().all(|&q| q < 32));
        }
    }
}
