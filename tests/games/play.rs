//! `mark1 play GAME` through the binary: any game of `games::GAMES` played at the keys
//! through the one model (`games::AtTheKeys`), its moves from a script or stdin.

/// `mark1 play ARGS` with `stdin` as its input: success, stdout, stderr.
fn play(args: &[&str], stdin: &str) -> (bool, String, String) {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    crate::common::mark1_with_stdin(&all, stdin)
}

/// Every row of the table is listed with its command and doc.
#[test]
fn the_list_names_every_game() {
    let (ok, out, _) = play(&["--list"], "");
    assert!(ok);
    for g in mark1::games::GAMES {
        assert!(out.contains(g.game), "{} missing:\n{out}", g.game);
        assert!(out.contains(g.doc), "{out}");
    }
}

/// Noughts at the keys from the terminal: a cell taken is refused by the program
/// (NOT FREE), text that is no cell by the driver, and the game goes on to its end.
#[test]
fn noughts_is_played_to_its_end_with_refusals() {
    let (ok, out, err) = play(&["noughts"], "3\n5\nten\n7\n");
    assert!(ok, "{err}");
    assert!(out.contains("NOT FREE"), "{out}");
    assert!(out.contains("refused:"), "{out}");
    assert!(out.contains("I HAVE WON"), "{out}");
    assert!(out.trim_end().ends_with("the machine won"), "{out}");
}

/// Nim from a position with the person first: the move entered, the programme's reply
/// printed, the heaps it holds shown; the script ends the game.
#[test]
fn nim_takes_a_position_and_a_script() {
    let dir = std::env::temp_dir().join(format!("mark1-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("moves.txt");
    std::fs::write(&script, "# the first move\nA:1\n").unwrap();
    let (ok, out, err) = play(
        &[
            "nim",
            "--position",
            "3 4 5",
            "--first",
            "human",
            "--script",
            script.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("A:1"), "{out}");
    assert!(out.contains("I TAKE"), "{out}");
    assert!(out.contains("no more moves"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// An unknown game and a bad position are refused in words, with exit status 1.
#[test]
fn bad_settings_are_refused() {
    let (ok, _, err) = play(&["chess"], "");
    assert!(!ok);
    assert!(
        err.contains("no game `chess`") && err.contains("bridgit"),
        "{err}"
    );
    let (ok, _, err) = play(&["bridgit", "--position", "12"], "");
    assert!(!ok);
    assert!(!err.contains("Some(") && !err.is_empty(), "{err}");
}
