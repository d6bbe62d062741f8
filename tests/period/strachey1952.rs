//! Samuel's player against Strachey's original 1952 program (SimH's drum image in the
//! period-software folder, `MARK1_PERIOD_SOFTWARE`): a whole game through the binary,
//! the program's moves read off its paper, Samuel's entered on the hand switches, the
//! PDN replayed legally here. The refusals need no folder.

use crate::common::period_dir;

use mark1::reference::draughts::moves::apply;
use mark1::reference::draughts::{legal_moves, Position};
use std::process::Command;

fn mark1(args: &[&str], env: Option<&std::path::Path>) -> (bool, String, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mark1"));
    c.args(args).env_remove("MARK1_PERIOD_SOFTWARE");
    if let Some(p) = env {
        c.env("MARK1_PERIOD_SOFTWARE", p);
    }
    let out = c.output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_original_needs_its_drum_and_plays_black() {
    let (ok, _, err) = mark1(&["match", "--black", "strachey:1952", "--games", "1"], None);
    assert!(!ok && err.contains("period-software folder"), "{err}");
    let (ok, _, err) = mark1(
        &[
            "match",
            "--black",
            "strachey:1952",
            "--period-software",
            "/nonexistent",
        ],
        None,
    );
    assert!(!ok && err.contains("no drum image"), "{err}");
}

#[test]
#[cfg_attr(
    not(period_software),
    ignore = "needs the period-software folder: MARK1_PERIOD_SOFTWARE=../shared/reference/period-software cargo test"
)]
fn samuel_against_the_original_program() {
    let dir = period_dir();
    let (ok, _, err) = mark1(
        &[
            "match",
            "--white",
            "strachey:1952",
            "--black",
            "samuel",
            "--games",
            "1",
        ],
        Some(&dir),
    );
    assert!(!ok && err.contains("plays Black only"), "{err}");
    let pdn = std::env::temp_dir().join(format!("mark1-orig-{}.pdn", std::process::id()));
    let (ok, out, err) = mark1(
        &[
            "match",
            "--black",
            "strachey:1952",
            "--white",
            "samuel",
            "--games",
            "1",
            "--pdn",
            pdn.to_str().unwrap(),
        ],
        Some(&dir),
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("game 1: Black strachey:1952, White samuel"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pdn).unwrap();
    std::fs::remove_file(&pdn).ok();
    let result = text
        .split("[Result \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let body = text.split("\n\n").nth(1).unwrap();
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
    assert!(n >= 20, "a whole game: {n} moves\n{text}");
    if legal_moves(&pos).is_empty() {
        let expect = if pos.to_move == mark1::reference::draughts::Side::Black {
            "0-2"
        } else {
            "2-0"
        };
        assert_eq!(result, expect);
    }
}
