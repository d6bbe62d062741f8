//! Bell's Bridg-it machine as a program of the emulated Mark 1 (programs/bridgit.m1):
//! its replies, its board and its verdicts against `reference::bridgit`, a whole game
//! through the binary, and bad input refused.

use crate::common::mark1;
use mark1::games::bridgit::{self as g, Waiting};
use mark1::reference::bridgit::{self as rb, Owner};

/// Every reply Bell's formula's, the board the reference's, I HAVE WON exactly when
/// Black has joined base and goal, on 300 positions of every size.
#[test]
fn the_program_agrees_with_the_reference() {
    let r = g::check(300, 11).unwrap();
    assert!(
        r.differences.is_empty(),
        "{:?}",
        &r.differences[..r.differences.len().min(3)]
    );
    let (ok, out, _) = mark1(&["bridgit", "--check", "100", "--seed", "4"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("100 positions, 0 differences"));
}

/// A whole game on the size-2 board through the binary: the paper to the machine's win.
#[test]
fn a_whole_game_through_the_binary() {
    let dir = std::env::temp_dir().join(format!("mark1-bridgit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("moves.txt");
    std::fs::write(&script, "# White\n2\n4\n").unwrap();
    let (ok, out, err) = mark1(&[
        "bridgit",
        "--size",
        "2",
        "--script",
        script.to_str().unwrap(),
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(ok, "{err}");
    assert_eq!(
        out.lines().take(7).collect::<Vec<_>>(),
        [
            "BRIDGIT",
            "I PLAY 1",
            "YOU PLAY 2",
            "I PLAY 3",
            "YOU PLAY 4",
            "I PLAY 5",
            "I HAVE WON"
        ]
    );
    assert!(out.contains("the machine won"), "{out}");
    insta::assert_snapshot!("bridgit_size2_game", out);
}

/// Size 5 against a fixed White: the machine wins and says so as soon as it has.
#[test]
fn it_knows_when_it_has_won() {
    let mut game = g::Game::new(5, 1).unwrap();
    let mut board = rb::Board::new(5).unwrap();
    board.play(Owner::Black, 1).unwrap();
    let mut w = game.run_to_wait().unwrap();
    let mut c = 2;
    while w == Waiting::Key {
        while board.owner[c as usize - 1].is_some() {
            c += 1;
        }
        board.play(Owner::White, c).unwrap();
        board.play(Owner::Black, rb::reply(5, c)).unwrap();
        w = game.enter(c).unwrap();
        assert_eq!(
            w == Waiting::Over,
            board.winner() == Some(Owner::Black),
            "after White's {c}: {}",
            game.paper()
        );
    }
    assert!(game.paper().ends_with("I HAVE WON\n") || game.paper().contains("I HAVE WON"));
    assert_eq!(game.board(), board);
}

#[test]
fn bad_input_refused() {
    let (ok, _, err) = mark1(&["bridgit", "--size", "9"]);
    assert!(!ok && err.contains("sizes 2 to 8"), "{err}");
    let (ok, _, err) = mark1(&["bridgit", "--first", "human"]);
    assert!(!ok && err.contains("plays first"), "{err}");
    let (ok, _, err) = mark1(&["bridgit", "--think", "--moves", "1"]);
    assert!(!ok && err.contains("already taken"), "{err}");
    let (ok, _, err) = mark1(&["bridgit", "--think", "--moves", "2,x"]);
    assert!(!ok && err.contains("not a crossing"), "{err}");
    let (ok, out, _) = mark1(&["bridgit", "--think", "--moves", "12,27", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["machine"], serde_json::json!([1, 16, 23]));
}
