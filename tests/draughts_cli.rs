//! `mark1 draughts` through the real binary: a scripted game with an illegal move in it,
//! the cross-check's last line, the replay's last line, and bad input.

use proptest::prelude::*;
use std::process::Command;

fn mark1(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The script of tests/draughts_game.rs with an illegal move put in: the program
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
    assert!(out.contains("end: Over"), "{out}");
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

proptest! {
    /// Typed moves: any text gives squares or a reason, never a panic.
    #[test]
    fn typed_moves_never_panic(s in "\\PC{0,24}", pdn in any::<bool>()) {
        if let Ok(v) = mark1::games::draughts::parse_squares(&s, pdn) {
            prop_assert!(v.len() >= 2 && v.iter().all(|&q| q < 32));
        }
    }
}
