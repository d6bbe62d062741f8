//! `mark1 nim --think` and `--check` through the binary: the programme's moves on the
//! worked facts of Faster than Thought ch. 25 (NIM) and Bell ch. 1, the comparison with
//! the reference, and bad input refused with a message.

use std::process::{Command, Output};

fn mark1(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .expect("run mark1")
}

fn think_json(heaps: &str, k: &str, rule: &str) -> serde_json::Value {
    let out = mark1(&[
        "nim", "--think", "--heaps", heaps, "--k", k, "--rule", rule, "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

fn after(v: &serde_json::Value) -> Vec<u64> {
    v["after"]
        .as_array()
        .expect("after")
        .iter()
        .map(|x| x.as_u64().expect("number"))
        .collect()
}

#[test]
fn ftt_k2_reply_with_cost() {
    let v = think_json("7,4,5,2", "2", "misere");
    assert_eq!(after(&v), [5, 4, 5, 1]);
    assert_eq!(v["case"], "a");
    assert_eq!(v["move"], "A:2,D:1");
    assert_eq!(v["random"], false);
    let instructions = v["instructions"].as_u64().expect("instructions");
    let beats = v["beats"].as_u64().expect("beats");
    let seconds = v["seconds"].as_f64().expect("seconds");
    assert!(instructions > 100 && beats > instructions * 4, "{v}");
    assert!((seconds - beats as f64 * 240e-6).abs() < 1e-5, "{v}");
}

#[test]
fn ftt_k1_reply_and_case_b() {
    assert_eq!(after(&think_json("7,4,3,2", "1", "misere")), [7, 4, 3, 0]);
    // The opponent then leaves (0,4,2,1): case (b); the rule (not FtT's slip) empties B and C.
    let v = think_json("0,4,2,1", "2", "misere");
    assert_eq!(v["case"], "b");
    assert_eq!(after(&v), [0, 0, 0, 1]);
}

#[test]
fn bell_facts() {
    assert_eq!(
        after(&think_json("1,3,5,7,11", "1", "normal")),
        [1, 3, 5, 7, 0]
    );
    assert_eq!(after(&think_json("1,1,1,7", "1", "misere")), [1, 1, 1, 0]);
    assert_eq!(
        after(&think_json("1,1,1,1,7", "1", "misere")),
        [1, 1, 1, 1, 1]
    );
}

#[test]
fn safe_position_gets_a_random_legal_move() {
    let v = think_json("5,7,3,1", "1", "misere");
    assert_eq!(v["random"], true);
    let a = after(&v);
    let before = [5u64, 7, 3, 1];
    let changed: Vec<_> = (0..4).filter(|&i| a[i] != before[i]).collect();
    assert_eq!(changed.len(), 1, "{v}");
    assert!(a[changed[0]] < before[changed[0]]);
}

#[test]
fn check_500_has_no_differences() {
    let out = mark1(&["nim", "--check", "500"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().last(),
        Some("500 positions, 0 differences"),
        "{text}"
    );
}

#[test]
fn bad_input_is_refused() {
    for (args, words) in [
        (vec!["--heaps", "1,2,3,4,5,6,7,8,9"], "at most 8"),
        (vec!["--heaps", "3,32,5"], "at most 31"),
        (
            vec!["--heaps", "3,4,5", "--k", "3"],
            "less than the number of heaps",
        ),
        (vec!["--heaps", "3,4,5", "--k", "0"], "k must be at least 1"),
        (vec!["--heaps", "3,,5"], "cannot read heaps"),
        (vec!["--heaps", "three"], "cannot read heaps"),
        (vec!["--heaps", "3,4", "--rule", "sideways"], "unknown rule"),
        (vec!["--nimrod", "--heaps", "1,3,5,9"], "Nimrod"),
    ] {
        let mut all = vec!["nim", "--think"];
        all.extend(args.iter());
        let out = mark1(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{all:?}: {err}");
        assert!(err.contains(words), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
