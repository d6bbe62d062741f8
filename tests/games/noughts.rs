//! Michie's machine as a program of the emulated Mark 1 (programs/noughts.m1): its sums
//! and moves against `reference::noughts`, Bell's worked example, games through the
//! binary, and bad input refused.

use crate::common::mark1;
use mark1::games::noughts::{self as g, First, Waiting};
use mark1::reference::noughts::{self as rn, EMPTY, O, X};

/// Every empty cell's sum is Michie's and the cell chosen one of his largest, on 1,000
/// positions.
#[test]
fn the_program_agrees_with_the_reference() {
    let r = g::check(1000, 7).unwrap();
    assert_eq!(r.positions, 1000);
    assert!(
        r.differences.is_empty(),
        "{:?}",
        &r.differences[..r.differences.len().min(3)]
    );
    let (ok, out, _) = mark1(&["noughts", "--check", "300", "--seed", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("300 positions, 0 differences"));
}

/// Bell's worked example on the Mark 1: the machine on 1 and 6, the opponent on 3 and 7;
/// the sums -23 -18 29 -3 -22 and the centre.
#[test]
fn bells_worked_example() {
    let b = [X, EMPTY, O, EMPTY, EMPTY, X, O, EMPTY, EMPTY];
    let t = g::think(&b, 1).unwrap();
    let sums: Vec<i64> = t.sums.iter().flatten().copied().collect();
    assert_eq!(sums, [-23, -18, 29, -3, -22]);
    assert_eq!(t.cell, 4);
    assert!(t.beats > 0);
    let (ok, out, _) = mark1(&["noughts", "--think", "--moves", "1,3,6,7", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cell"], 5);
    assert_eq!(v["cells"], "1-9 row by row from the top left");
}

/// Games against a random opponent: the machine never loses, every move it makes is one
/// of Michie's choices, and the game ends with the right words.
#[test]
fn games_against_a_random_opponent() {
    use mark1::random::RandomSource;
    use mark1::random::Xorshift;
    let mut rng = Xorshift(99);
    for seed in 0..40u64 {
        let first = if seed % 2 == 0 {
            First::Machine
        } else {
            First::Human
        };
        let mut game = g::Game::new(first, seed).unwrap();
        let mut w = game.run_to_wait().unwrap();
        let mut before = [EMPTY; 9];
        while w == Waiting::Key {
            let b = game.board();
            // The machine's move since the last look was one of Michie's choices.
            let placed: Vec<usize> = (0..9).filter(|&i| b[i] == X && before[i] != X).collect();
            if let [c] = placed[..] {
                assert!(
                    rn::michie_choices(&before, X).contains(&c),
                    "{:?} -> {c}",
                    before
                );
            }
            let free: Vec<usize> = (0..9).filter(|&i| b[i] == EMPTY).collect();
            let c = free[rng.next_u20() as usize % free.len()];
            let mut after = b;
            after[c] = O;
            before = after;
            w = game.enter(c as u32 + 1).unwrap();
        }
        let b = game.board();
        assert_ne!(rn::winner(&b), Some(O), "lost: {}", g::board_text(&b));
        let paper = game.paper();
        assert!(
            paper.contains("I HAVE WON") || paper.contains("DRAWN"),
            "{paper}"
        );
    }
}

/// A scripted game through the binary: the paper, a taken cell refused, the end.
#[test]
fn scripted_game_through_the_binary() {
    let dir = std::env::temp_dir().join(format!("mark1-oxo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("cells.txt");
    std::fs::write(&script, "# the opponent\n1\n5\n9\n3\n").unwrap();
    let (ok, out, err) = mark1(&[
        "noughts",
        "--script",
        script.to_str().unwrap(),
        "--seed",
        "1961",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "NOUGHTS AND CROSSES");
    assert_eq!(
        lines[1], "I PLAY 5",
        "Michie's machine always takes the centre first"
    );
    assert!(out.contains("YOU PLAY 1\n"));
    assert!(out.contains("NOT FREE\n"), "5 is the machine's: refused");
    assert!(
        out.contains("I HAVE WON") || out.contains("DRAWN") || out.contains("the opponent"),
        "{out}"
    );
    assert!(!out.contains("YOU HAVE WON"), "{out}");
    insta::assert_snapshot!("michie_scripted_game", out);
}

#[test]
fn bad_input_refused() {
    let (ok, _, err) = mark1(&["noughts", "--think", "--moves", "1,1"]);
    assert!(!ok && err.contains("cell 1 is taken"), "{err}");
    let (ok, _, err) = mark1(&["noughts", "--think", "--moves", "1,x"]);
    assert!(!ok && err.contains("not a cell"), "{err}");
    let (ok, _, err) = mark1(&["noughts", "--think", "--moves", "1,4,2,5,3"]);
    assert!(!ok && err.contains("over"), "{err}");
    let (ok, _, err) = mark1(&["noughts", "--machine", "menace", "--first", "human"]);
    assert!(!ok && err.contains("MENACE plays first"), "{err}");
    assert!(g::parse_board("x.o").is_err());
}

/// Bell's incomplete defence on the Mark 1 (units D and E): every move one of the
/// reference's candidates on 1,000 positions, through the binary too.
#[test]
fn the_defence_agrees_with_the_reference() {
    let r = g::check_defence(1000, 24).unwrap();
    assert!(
        r.differences.is_empty(),
        "{:?}",
        &r.differences[..r.differences.len().min(5)]
    );
    let (ok, out, _) = mark1(&["noughts", "--machine", "defence", "--check", "200"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("200 positions, 0 differences"));
}

/// Bell's worked example: the opponent on his 5 and 6 (our 9 and 8), the machine on the
/// centre: the sums under the free cells, his 1 2 3 4 7 8 (our 1 2 3 6 7 4), 1 1 1 3 4 0
/// (Bell's row 1 1 1 3 3 3 4 under his cells 1-7 also counts his 5 and 6, the opponent's),
/// and the reply his 7, our 7.
#[test]
fn the_defence_worked_example() {
    let b = g::parse_board(".../.o./.xx").unwrap();
    let t = g::think_as(g::Player::Defence, &b, 1).unwrap();
    assert_eq!(t.cell, 6);
    assert_eq!(
        t.sums,
        [
            Some(1),
            Some(1),
            Some(1),
            Some(0),
            None,
            Some(3),
            Some(4),
            None,
            None
        ]
    );
}

/// Games of the defence against a random opponent at the keys: every move one of the
/// reference's candidates, the end said rightly, and a loss only through an opening the
/// reference's whole tree loses by (Bell's (a)(iii): the corner and the edge a knight's
/// move from it, the machine in the centre).
#[test]
fn defence_games_against_a_random_opponent() {
    use mark1::random::RandomSource;
    use mark1::random::Xorshift;
    let (_, losing) = rn::defence::tree();
    let mut rng = Xorshift(7);
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for seed in 0..60u64 {
        let mut game = g::Game::new_as(g::Player::Defence, First::Human, seed).unwrap();
        let mut w = game.run_to_wait().unwrap();
        let mut before = [EMPTY; 9];
        let (mut theirs, mut mine) = (Vec::new(), Vec::new());
        while w == Waiting::Key {
            let b = game.board();
            let placed: Vec<usize> = (0..9).filter(|&i| b[i] == O && before[i] != O).collect();
            if let [c] = placed[..] {
                assert!(
                    rn::defence::choices(&before).contains(&c),
                    "{} -> {}",
                    g::board_text(&before),
                    c + 1
                );
                mine.push(c);
            }
            let free: Vec<usize> = (0..9).filter(|&i| b[i] == EMPTY).collect();
            let c = free[rng.next_u20() as usize % free.len()];
            theirs.push(c);
            let mut after = b;
            after[c] = X;
            before = after;
            w = game.enter(c as u32 + 1).unwrap();
        }
        let b = game.board();
        let paper = game.paper();
        match rn::winner(&b) {
            Some(m) if m == O => {
                won += 1;
                assert!(paper.contains("I HAVE WON"), "{paper}");
            }
            Some(_) => {
                lost += 1;
                assert!(paper.contains("YOU HAVE WON"), "{paper}");
                // The opponent's first two cells and the machine's first, as the tree
                // keys its losses (spiral numbers).
                let sp = rn::defence::spiral_of;
                let key = (sp(theirs[0]), sp(mine[0]), sp(theirs[1]));
                assert!(
                    losing.iter().any(|(k, _)| *k == key),
                    "lost by {key:?}: {paper}"
                );
            }
            None => {
                drawn += 1;
                assert!(paper.contains("DRAWN"), "{paper}");
            }
        }
    }
    eprintln!("the defence against a random opponent: {won} won, {drawn} drawn, {lost} lost");
    assert_eq!(won + drawn + lost, 60);
}

/// A scripted game of the defence through the binary, and its refusals.
#[test]
fn defence_scripted_game_through_the_binary() {
    let dir = std::env::temp_dir().join(format!("mark1-oxo-d-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("cells.txt");
    std::fs::write(&script, "5\n1\n9\n4\n8\n").unwrap();
    let (ok, out, err) = mark1(&[
        "noughts",
        "--machine",
        "defence",
        "--script",
        script.to_str().unwrap(),
        "--seed",
        "1",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["NOUGHTS AND CROSSES", "YOU PLAY 5"]);
    assert!(
        ["I PLAY 1", "I PLAY 3", "I PLAY 7", "I PLAY 9"].contains(&lines[2]),
        "the centre taken: a corner, {out}"
    );
    insta::assert_snapshot!("defence_scripted_game", out);
    let (ok, _, err) = mark1(&["noughts", "--machine", "defence", "--first", "machine"]);
    assert!(!ok && err.contains("plays second"), "{err}");
    let (ok, _, err) = mark1(&["noughts", "--machine", "menace", "--think", "--moves", "1"]);
    assert!(!ok && err.contains("MENACE plays first"), "{err}");
    let (ok, _, err) = mark1(&[
        "noughts",
        "--machine",
        "menace",
        "--think",
        "--moves",
        "1,5",
        "--drum",
        "/nonexistent/m.drm",
    ]);
    assert!(!ok && err.contains("cannot read"), "{err}");
}

/// Michie's machine never loses when it plays first (Bell's), but played second it can
/// be forked: after the opponent's 8, 1 and 9 it blocks 5 (Michie's largest sum) and 7
/// wins. The property tests found it; the reference's scoring plays the same.
#[test]
fn michie_second_can_be_forked() {
    let mut g = g::Game::new(g::First::Human, 5).unwrap();
    let mut w = g.run_to_wait().unwrap();
    for n in [8, 1, 9, 7] {
        assert_eq!(w, g::Waiting::Key);
        w = g.enter(n).unwrap();
    }
    assert_eq!(w, g::Waiting::Over);
    assert!(
        g.paper().contains("I PLAY 5\nYOU PLAY 7\nYOU HAVE WON"),
        "{}",
        g.paper()
    );
    let mut b = [mark1::reference::noughts::EMPTY; 9];
    for (c, m) in [(7, O), (2, X), (0, O), (5, X), (8, O)] {
        b[c] = m;
    }
    assert_eq!(mark1::reference::noughts::michie_choices(&b, X), vec![4]);
}

/// `--think` without `--moves` thinks on the empty board (issue 38), as `--moves ""`.
#[test]
fn think_without_moves_is_the_empty_board() {
    let (ok, out, err) = mark1(&["noughts", "--think", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cell"], 5);
    let (ok, empty, _) = mark1(&["noughts", "--think", "--moves", "", "--json"]);
    assert!(ok);
    assert_eq!(out, empty);
    let (ok, out, err) = mark1(&["noughts", "--machine", "menace", "--think"]);
    assert!(ok, "{err}");
    assert!(out.contains("MENACE plays"), "{out}");
}
