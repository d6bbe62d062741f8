//! Samuel's player through the binary: terms, best, learn (the polynomial changes and
//! is written as JSON that reads back), play refusing an illegal move, and `mark1
//! match` against Strachey's program on the emulated Mark 1 with every move of the PDN
//! replayed legally here; bad players and polynomials refused before anything runs.

use crate::common::mark1;
use mark1::reference::draughts::moves::apply;
use mark1::reference::draughts::{legal_moves, Position};
use mark1::reference::samuel::Learner;
use proptest::prelude::*;
use std::io::Write;
use std::process::{Command, Stdio};

fn temp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("mark1-samuel-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn terms_text_and_json() {
    let (ok, out, err) = mark1(&[
        "ref",
        "samuel",
        "terms",
        "--fen",
        "W:W21-32:B1-10,12,15",
        "--before",
        "B:W21-32:B1-12",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("credited to Black"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("MOC 4")), "{out}");
    let (ok, out, _) = mark1(&[
        "ref",
        "samuel",
        "terms",
        "--fen",
        "B:W21-32:B1-12",
        "--json",
    ]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["squares"], "pdn");
    assert_eq!(v["parameters"].as_object().unwrap().len(), 26);
    // Same side to move before and after: refused.
    let (ok, _, err) = mark1(&[
        "ref",
        "samuel",
        "terms",
        "--fen",
        "B:W21-32:B1-12",
        "--before",
        "B:W21-32:B1-12",
    ]);
    assert!(!ok && err.contains("other side to move"), "{err}");
    let (ok, _, err) = mark1(&["ref", "samuel", "terms", "--fen", "B:W33:B1"]);
    assert!(!ok && err.contains("FEN"), "{err}");
}

#[test]
fn best_names_a_legal_move() {
    let (ok, out, err) = mark1(&["ref", "samuel", "best", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let best = v["best"].as_str().unwrap();
    assert!(legal_moves(&Position::start())
        .iter()
        .any(|m| m.pdn() == best));
    assert!(v["depth"].as_u64().unwrap() >= 3);
    assert!(!out.contains("Some("));
}

/// A short series changes the polynomial, writes it, and the file reads back; `best`
/// and `match` take it; a malformed one is refused with the reason.
#[test]
fn learn_writes_a_polynomial_that_reads_back() {
    let file = temp("learned.json");
    let (ok, out, err) = mark1(&[
        "ref",
        "samuel",
        "learn",
        "--games",
        "2",
        "--seed",
        "5",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("game 1: Alpha White"), "{out}");
    assert!(out.contains("the polynomial changed"), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    let l = Learner::from_json(&text).unwrap();
    assert_ne!(l.polynomial(), Learner::default().polynomial());
    let (ok, _, err) = mark1(&[
        "ref",
        "samuel",
        "best",
        "--polynomial",
        file.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let bad = temp("bad.json");
    std::fs::write(&bad, r#"{"terms":[{"name":"WIBBLE","power":3}]}"#).unwrap();
    let (ok, _, err) = mark1(&[
        "ref",
        "samuel",
        "best",
        "--polynomial",
        bad.to_str().unwrap(),
    ]);
    assert!(
        !ok && err.contains("WIBBLE") && err.contains("term 1"),
        "{err}"
    );
    let spec = format!("samuel:{}", bad.display());
    let (ok, _, err) = mark1(&["match", "--white", &spec, "--games", "1"]);
    assert!(
        !ok && err.contains("--white") && err.contains("WIBBLE"),
        "{err}"
    );
}

#[test]
fn play_refuses_an_illegal_move_and_goes_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["ref", "samuel", "play", "--you", "black"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"11-16\n11-15\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("not legal"), "{text}");
    assert!(text.contains("Samuel's player: "), "{text}");
}

#[test]
fn bad_players_are_refused_before_anything_runs() {
    let (ok, _, err) = mark1(&["match", "--white", "turing", "--games", "1"]);
    assert!(!ok && err.contains("a player is samuel"), "{err}");
    let (ok, _, err) = mark1(&["match", "--white", "strachey:3"]);
    assert!(!ok && err.contains("strategies 1 and 2"), "{err}");
    let (ok, _, err) = mark1(&["match", "--white", "strachey", "--black", "strachey:1"]);
    assert!(!ok && err.contains("Samuel's player on one side"), "{err}");
}

/// Samuel's player against Strachey's program on the emulated Mark 1: whole games, the
/// table, and the PDN whose every move is legal when replayed here with the reference
/// engine; the results agree with the PDN's.
#[test]
fn match_against_strachey_on_the_emulated_machine() {
    let pdn = temp("match.pdn");
    let (ok, out, err) = mark1(&[
        "match",
        "--white",
        "samuel",
        "--black",
        "strachey:1",
        "--games",
        "2",
        "--alternate",
        "--seed",
        "2",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("game 2: Black samuel, White strachey:1"),
        "{out}"
    );
    assert!(out.contains("every move checked legal"), "{out}");
    let text = std::fs::read_to_string(&pdn).unwrap();
    let games: Vec<&str> = text.split("[Event").skip(1).collect();
    assert_eq!(games.len(), 2);
    for g in games {
        let result = g
            .split("[Result \"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let body = g.split("\n\n").nth(1).unwrap();
        let mut pos = Position::start();
        let mut n = 0;
        for tok in body.split_whitespace() {
            if tok.ends_with('.') || tok == result {
                continue;
            }
            let m = legal_moves(&pos)
                .into_iter()
                .find(|m| m.pdn() == tok)
                .unwrap_or_else(|| panic!("{tok} is not legal in {}", pos.to_fen()));
            pos = apply(&pos, &m);
            n += 1;
        }
        assert!(n >= 20, "a whole game: {n} moves");
        assert!(n <= 70);
        if legal_moves(&pos).is_empty() {
            let expect = if pos.to_move == mark1::reference::draughts::Side::Black {
                "0-2"
            } else {
                "2-0"
            };
            assert_eq!(result, expect);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// No text makes the polynomial or rote readers panic.
    #[test]
    fn readers_never_panic(s in "\\PC{0,200}") {
        let _ = Learner::from_json(&s);
        let _ = mark1::reference::samuel::Rote::from_json(&s, Default::default());
    }

    /// Any well-formed JSON shape with odd values is refused or read, never a panic.
    #[test]
    fn odd_values_never_panic(name in "[A-Z ]{0,8}", power in -5i64..40, corr in -2.0f64..2.0) {
        let text = format!(r#"{{"terms":[{{"name":"{name}","power":{power},"correlation":{corr}}}],"reserve":["{name}"]}}"#);
        let _ = Learner::from_json(&text);
    }
}

/// `mark1 match --json`: the games and the table as one JSON object naming its squares.
#[test]
fn match_as_json() {
    let (ok, out, err) = mark1(&[
        "match",
        "--black",
        "samuel",
        "--white",
        "samuel",
        "--games",
        "2",
        "--openings",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["squares"], "pdn");
    assert_eq!(v["games"].as_array().unwrap().len(), 2);
    assert_eq!(v["table"].as_array().unwrap().len(), 2);
    let first = v["games"][0]["moves"][0].as_str().unwrap();
    assert!(legal_moves(&Position::start())
        .iter()
        .any(|m| m.pdn() == first));
    assert!(!out.contains("Some("));
}

/// `diagnose` (issue 39): two learning games measured, every count and check said in
/// words, the look-ahead's point of view holding; the JSON's counts consistent.
#[test]
fn diagnose_measures_a_short_series() {
    let (ok, out, err) = mark1(&["ref", "samuel", "diagnose", "--games", "2", "--seed", "5"]);
    assert!(ok, "{err}");
    for want in [
        "2 games of series 2, seed 5",
        "learned and unlearned polynomials choose different moves",
        "material alone decides the move",
        "past the minimum",
        "term corrections in the direction the game's outcome says",
        "piece advantage: a man at the start's material is 67108864 = 2^26 = 256 x the largest coefficient 2^18",
        "the 70-move stop",
        "Beta's adoption of Alpha's polynomial",
        "look-ahead point of view",
        "delta against the saved score's positional part (material unchanged)",
    ] {
        assert!(out.contains(want), "missing {want:?} in:\n{out}");
    }
    assert!(out.contains("right: holds"), "{out}");
    assert!(!out.contains("Some(") && !out.contains("FAILS"), "{out}");
    let (ok, out, err) = mark1(&[
        "ref", "samuel", "diagnose", "--games", "2", "--seed", "5", "--series", "1", "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let n = |k: &str| v[k].as_u64().unwrap();
    assert_eq!(n("games"), 2);
    assert!(n("positions") >= 20);
    assert!(n("deltas") < n("positions"));
    assert!(n("deltas_past_minimum") <= n("deltas"));
    assert!(n("learned_differs") <= n("positions"));
    let record: u64 = v["alpha_record"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(record, 2);
    assert_eq!(v["checks"].as_array().unwrap().len(), 6);
}

#[test]
fn strength_measures_a_short_series_and_draws_its_curve() {
    let plot = temp("curve.png");
    let poly = temp("strength.json");
    let _ = std::fs::remove_file(&plot);
    let _ = std::fs::remove_file(&poly);
    let args = [
        "ref", "samuel", "strength", "--games", "2", "--seed", "5", "--every", "1", "--match", "4",
        "--plot",
    ];
    let mut a: Vec<&str> = args.to_vec();
    let (plot_s, poly_s) = (plot.to_str().unwrap(), poly.to_str().unwrap());
    a.extend([plot_s, "--out", poly_s]);
    let (ok, out, err) = mark1(&a);
    assert!(ok, "{err}");
    for want in [
        "after 1 games (Alpha ",
        "after 2 games (Alpha ",
        "of 4: score ",
        "95 % interval",
        "learned after 2 games against the unlearned polynomial",
        "learning curve written to",
    ] {
        assert!(out.contains(want), "missing {want:?} in:\n{out}");
    }
    assert!(!out.contains("Some(") && !out.contains("Table"), "{out}");
    assert!(std::fs::read(&plot).unwrap().starts_with(b"\x89PNG"));
    // The file is refused the second time without --force, before any game.
    let (ok, _, err) = mark1(&a);
    assert!(!ok && err.contains("exists"), "{err}");
    // A learned file measured, as JSON naming its readings.
    let (ok, out, err) = mark1(&[
        "ref",
        "samuel",
        "strength",
        "--polynomial",
        poly_s,
        "--match",
        "2",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["learning"].is_null(), "{out}");
    assert_eq!(v["polynomial"], poly_s);
    assert_eq!(v["points"][0]["measured"]["games"], 2);
    // A series as JSON names its readings.
    let (ok, out, err) = mark1(&[
        "ref",
        "samuel",
        "strength",
        "--games",
        "1",
        "--match",
        "2",
        "--json",
        "--powers",
        "ratio",
        "--without",
        "span",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["learning"]["powers"], "ratio");
    assert_eq!(v["learning"]["correlation"], "signs");
    assert_eq!(v["learning"]["without"][0], "span");
    assert_eq!(v["points"][0]["measured"]["games"], 2);
    // Learning flags with a file to measure are refused.
    let (ok, _, err) = mark1(&[
        "ref",
        "samuel",
        "strength",
        "--polynomial",
        poly_s,
        "--games",
        "5",
    ]);
    assert!(!ok && err.contains("--games"), "{err}");
    // Readings by name; a wrong one refused with the choices.
    let (ok, _, err) = mark1(&["ref", "samuel", "learn", "--games", "1", "--powers", "mine"]);
    assert!(
        !ok && err.contains("ratio") && err.contains("table"),
        "{err}"
    );
}
