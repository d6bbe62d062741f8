//! `mark1 nim --play` through the binary: a scripted game's paper (snapshot), the JSON
//! record, and bad input refused with a message before the machine starts.

use std::process::{Command, Output};

fn mark1(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .expect("run mark1")
}

/// A script file for this test (its own name, in the temporary directory).
fn script(name: &str, text: &str) -> String {
    let p = std::env::temp_dir().join(format!("mark1-nim-{}-{name}.txt", std::process::id()));
    std::fs::write(&p, text).expect("write script");
    p.to_string_lossy().into_owned()
}

// The opponent's moves for 3,4,5, k = 1, misere, the opponent first, seed 1951: one
// refused (too big), the rest legal whatever the machine answers.
const GAME: &str = "# 3,4,5 misere, the opponent first\nC:1\nB:9   # refused: too big\nB:1\nB:1\nB:1\nB:1\nC:1\nC:1\nC:1\nC:1\n";

#[test]
fn scripted_game_paper() {
    let s = script("paper", GAME);
    let out = mark1(&["nim", "--play", "--first", "human", "--script", &s]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf8");
    assert!(text.contains("TOO BIG"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn scripted_game_json_record() {
    let s = script("json", GAME);
    let out = mark1(&[
        "nim", "--play", "--first", "human", "--script", &s, "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["heaps"], serde_json::json!([3, 4, 5]));
    assert_eq!(v["first"], "human");
    assert_eq!(v["entered"][1], "B:9");
    let r = v["result"].as_str().expect("result");
    assert!(["I WIN", "YOU WIN", "unfinished"].contains(&r), "{r}");
    assert!(v["paper"].as_str().expect("paper").starts_with("A3 B4 C5"));
    assert!(v["beats"].as_u64().expect("beats") > 0);
}

#[test]
fn machine_first_game_to_the_end() {
    // Enough moves to finish: the machine moves first on 1,3,5,7; the opponent takes
    // one match at a time wherever it can (refusals on empty heaps are fine).
    let mut t = String::new();
    for _ in 0..20 {
        t.push_str("A:1\nB:1\nC:1\nD:1\n");
    }
    let s = script("end", &t);
    let out = mark1(&["nim", "--play", "--nimrod", "--script", &s, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let r = v["result"].as_str().expect("result");
    assert!(r == "I WIN" || r == "YOU WIN", "{v}");
    assert!(v["paper"].as_str().expect("paper").contains("I TAKE"));
}

#[test]
fn bad_script_and_flags_refused() {
    let s = script("bad", "B2\n");
    let out = mark1(&["nim", "--play", "--script", &s]);
    assert!(!out.status.success());
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("line 1") && e.contains("bad move B2"), "{e}");
    let s = script("bad2", "Z:1\n");
    let out = mark1(&["nim", "--play", "--script", &s]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("A to H"));
    let out = mark1(&["nim", "--play", "--first", "nobody"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("machine or human"));
    let out = mark1(&["nim", "--play", "--heaps", "3,40"]);
    assert!(!out.status.success());
}

#[test]
fn beat_limit_stops_the_game() {
    let s = script("limit", GAME);
    let out = mark1(&["nim", "--play", "--script", &s, "--beats", "1000"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("stopped"));
}

/// `mark1 nim` without --think or --check plays, as the usage line has it: the
/// same game as with --play; the play-only flags are refused with --think.
#[test]
fn nim_without_a_mode_plays() {
    let s = script("default", GAME);
    let with = mark1(&["nim", "--play", "--first", "human", "--script", &s]);
    let without = mark1(&["nim", "--first", "human", "--script", &s]);
    assert!(
        without.status.success(),
        "{}",
        String::from_utf8_lossy(&without.stderr)
    );
    assert_eq!(with.stdout, without.stdout);
    let refused = mark1(&["nim", "--think", "--script", &s]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("cannot be used with"));
}
