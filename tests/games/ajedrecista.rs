//! Torres Quevedo's chess machine as a program of the emulated Mark 1
//! (programs/ajedrecista.m1) through the binary: its move, its words and its board on
//! every reachable position against `reference::ajedrecista`, a game to mate and a
//! refusal as the paper shows them, and Faster than Thought's claims: two mistakes
//! tolerated and the third refused, and the cheat ("moving one's own king the length of
//! the board") after which the machine does not mate.

use crate::common::mark1;
use mark1::reference::ajedrecista::{self as ra, Position, Readings, Visited};

/// `mark1 ajedrecista ARGS` with `script` (the visitor's squares) in a file of its own.
fn game(script: &str, args: &[&str]) -> (bool, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("moves.txt");
    std::fs::write(&path, script).unwrap();
    let mut all = vec!["ajedrecista", "--script", path.to_str().unwrap()];
    all.extend_from_slice(args);
    mark1(&all)
}

/// The paper's lines from a game's output (the output less its last line, the end).
fn paper(out: &str) -> Vec<&str> {
    let lines: Vec<&str> = out.lines().collect();
    lines[..lines.len().saturating_sub(1)].to_vec()
}

/// Every position the machine can meet: the program's move, CHECK/MATE/STALEMATE and the
/// board after it are the reference's, and the command says so with the time a move.
#[test]
fn every_reachable_position_agrees_with_the_reference() {
    let (ok, out, err) = mark1(&["ajedrecista", "--check", "all"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let n = mark1::games::ajedrecista::reachable().len();
    assert!(n > 1000, "{n}");
    assert_eq!(lines[0], format!("{n} positions, 0 differences"), "{out}");
    assert!(lines[1].starts_with("the time a move, in beats"), "{out}");
    let (ok, out, _) = mark1(&["ajedrecista", "--check", "50", "--seed", "3", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["positions"], 50);
    assert_eq!(v["differences"], serde_json::json!([]));
    assert!(v["decision_beats"]["min"].as_u64().unwrap() > 0);
}

/// A game from d5, the visitor taking the first legal move the reference lists each
/// time: the paper to the machine's mate, and every move on it the reference's.
#[test]
fn a_game_to_mate_through_the_binary() {
    let mut g = ra::Game::new(Position::start(35).unwrap(), Readings::default());
    let mut script = String::new();
    while g.end.is_none() {
        if g.position.machine_to_move {
            g.machine().unwrap();
        } else {
            let to = g.position.visitor_moves()[0];
            script += &format!("{}\n", ra::square_name(to));
            g.visitor(to).unwrap();
        }
    }
    assert_eq!(g.end, Some(ra::End::Mate));
    let (ok, out, err) = game(&script, &["--from", "d5"]);
    assert!(ok, "{err}");
    assert!(paper(&out).last().unwrap().ends_with(" MATE"), "{out}");
    let end = out.lines().last().unwrap();
    assert!(
        end.starts_with(&format!("{}; ", ra::End::Mate.words())),
        "{out}"
    );
    let (ok, json, _) = game(&script, &["--from", "d5", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["record"], serde_json::json!(g.record), "{json}");
    assert_eq!(v["end"], ra::End::Mate.words());
    insta::assert_snapshot!("ajedrecista_game_to_mate", paper(&out).join("\n"));
}

/// Two illegal moves tolerated, each with ILLEGAL and no reply; the third ends the game
/// with the machine's refusal (Faster than Thought: "It allows an opponent to make two
/// mistakes before it refuses to play further with him").
#[test]
fn the_third_illegal_move_is_refused() {
    // From d5 the machine plays Rb6; then d5 (no move), d3 (a jump: the king stands on
    // d3), f5 (a jump again): the third.
    let (ok, out, err) = game("d5\nd3\nf5\nd2\n", &["--from", "d5"]);
    assert!(ok, "{err}");
    let p = paper(&out);
    assert_eq!(p.iter().filter(|l| **l == "ILLEGAL").count(), 3, "{out}");
    assert_eq!(p.last(), Some(&"I REFUSE TO PLAY"), "{out}");
    assert!(
        !out.contains("YOU D2"),
        "the game went on after the refusal: {out}"
    );
    assert!(out.contains(&ra::End::Refused.words()), "{out}");
    // No reply between the strikes.
    assert_eq!(
        p[2..],
        [
            "R B6",
            "YOU D5",
            "ILLEGAL",
            "YOU D3",
            "ILLEGAL",
            "YOU F5",
            "ILLEGAL",
            "I REFUSE TO PLAY"
        ],
        "{out}"
    );
    // The reference agrees: two flagged, then the refusal.
    let mut g = ra::Game::new(Position::start(35).unwrap(), Readings::default());
    g.machine().unwrap();
    assert!(matches!(
        g.visitor(35),
        Ok(Visited::Flagged { strike: 1, .. })
    ));
    assert!(matches!(
        g.visitor(19),
        Ok(Visited::Flagged {
            strike: 2,
            stands: 19
        })
    ));
    assert_eq!(g.visitor(37), Ok(Visited::Refused));
    insta::assert_snapshot!("ajedrecista_refusal", p.join("\n"));
}

/// Faster than Thought: "It allows an opponent to make two mistakes": after two illegal
/// moves the game goes on, and the machine still mates. The visitor's moves after the
/// strikes are the first legal ones the reference lists; the program's paper must end in
/// MATE with no refusal.
#[test]
fn two_mistakes_are_tolerated_and_the_machine_still_mates() {
    let mut g = ra::Game::new(Position::start(35).unwrap(), Readings::default());
    g.machine().unwrap();
    // d5 (no move) and d1 (a jump the other way: the king stands on d1).
    let mut script = vec!["d5".to_string(), "d1".to_string()];
    assert!(matches!(
        g.visitor(35),
        Ok(Visited::Flagged { strike: 1, .. })
    ));
    assert!(matches!(
        g.visitor(3),
        Ok(Visited::Flagged {
            strike: 2,
            stands: 3
        })
    ));
    while g.end.is_none() {
        if g.position.machine_to_move {
            g.machine().unwrap();
        } else {
            let to = g.position.visitor_moves()[0];
            script.push(ra::square_name(to));
            g.visitor(to).unwrap();
        }
    }
    assert_eq!(g.end, Some(ra::End::Mate));
    let (ok, out, err) = game(&script.join("\n"), &["--from", "d5"]);
    assert!(ok, "{err}");
    let p = paper(&out);
    assert_eq!(p.iter().filter(|l| **l == "ILLEGAL").count(), 2, "{out}");
    assert!(!out.contains("I REFUSE TO PLAY"), "{out}");
    assert!(p.last().is_some_and(|l| l.ends_with(" MATE")), "{out}");
    assert!(out.contains(&ra::End::Mate.words()), "{out}");
}

/// Faster than Thought's cheat: the king moved the length of the board past the rook
/// (c2 to c8: one strike, the king stands there), then a legal move (d8): the rook
/// cannot go back up past it, no row of the table holds, and the machine stops without
/// mating: a draw.
#[test]
fn the_cheat_leads_to_no_mate() {
    let (ok, out, err) = game("c5 c4 c3 c2\nc8\nd8\nd7\n", &["--from", "d5"]);
    assert!(ok, "{err}");
    let p = paper(&out);
    assert_eq!(
        p[p.len() - 5..],
        ["R H3", "YOU C8", "ILLEGAL", "YOU D8", "NO CASE"],
        "{out}"
    );
    assert!(!out.contains("MATE"), "{out}");
    assert!(!out.contains("YOU D7"), "{out}");
    assert!(out.contains(&ra::End::NoCase.words()), "{out}");
    // The reference plays the same game to the same end.
    let mut g = ra::Game::new(Position::start(35).unwrap(), Readings::default());
    for to in ["c5", "c4", "c3", "c2", "c8", "d8"] {
        if g.position.machine_to_move {
            g.machine().unwrap();
        }
        g.visitor(ra::parse_square(to).unwrap()).unwrap();
    }
    g.machine().unwrap();
    assert_eq!(g.end, Some(ra::End::NoCase));
}

/// One move of the program on a position (`--think`): the move in SAN, the position after
/// it, and the stop when the table has no case.
#[test]
fn one_move_on_a_position() {
    let (ok, out, err) = mark1(&[
        "ajedrecista",
        "--think",
        "--fen",
        "K7/1R6/8/3k4/8/8/8/8 w - - 0 1",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["move"], "Rb6");
    assert_eq!(v["after"], "K7/8/1R6/3k4/8/8/8/8 b - - 0 1");
    let (ok, out, _) = mark1(&[
        "ajedrecista",
        "--think",
        "--fen",
        "2k5/8/8/8/8/7R/8/K7 w - - 0 1",
    ]);
    assert!(ok);
    assert!(out.starts_with("the machine stops: no case"), "{out}");
    // Row 1 sends the rook from a4 to h4, and the white king stands in its way on d4:
    // the mechanism cannot, and the machine stops.
    let fen = "8/8/1k6/8/R2K4/8/8/8 w - - 0 1";
    assert!(matches!(
        ra::decide(&Position::from_fen(fen).unwrap(), ra::Rows::Vigneron),
        ra::Decision::Cannot(
            ra::Order {
                case: 1,
                piece: ra::Piece::Rook,
                ..
            },
            ra::Blocked::Path
        )
    ));
    let (ok, out, _) = mark1(&["ajedrecista", "--think", "--fen", fen]);
    assert!(ok);
    assert!(
        out.starts_with("the machine stops: its rook cannot move"),
        "{out}"
    );
    let (ok, out, _) = mark1(&["ajedrecista", "--think", "--fen", fen, "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["move"], serde_json::Value::Null);
    assert!(
        v["paper"].as_str().unwrap().ends_with("R CANNOT MOVE\n"),
        "{out}"
    );
}

#[test]
fn bad_input_refused() {
    let (ok, _, err) = mark1(&["ajedrecista", "--from", "b5"]);
    assert!(!ok && err.contains("in check from the rook"), "{err}");
    let (ok, _, err) = mark1(&["ajedrecista", "--from", "d7"]);
    assert!(!ok && err.contains("ranks 1-6"), "{err}");
    let (ok, _, err) = mark1(&[
        "ajedrecista",
        "--think",
        "--fen",
        "K7/1R6/8/3k4/8/8/8/8 b - - 0 1",
    ]);
    assert!(!ok && err.contains("visitor to move"), "{err}");
    let (ok, _, err) = mark1(&["ajedrecista", "--check", "0"]);
    assert!(!ok && err.contains("nor `all`"), "{err}");
    let (ok, _, err) = game("d4\nz9\n", &[]);
    assert!(
        !ok && err.contains("line 2") && err.contains("not a square"),
        "{err}"
    );
}

/// `mark1 play ajedrecista` through the table: the visitor's start square is the first
/// entry, the machine's pegs set by the driver; with `--first human` the visitor moves
/// first from a start given as the position.
#[test]
fn played_through_mark1_play() {
    let (ok, out, err) = crate::common::mark1_with_stdin(&["play", "ajedrecista"], "b5\nd5\nc5\n");
    assert!(ok, "{err}");
    assert!(
        out.contains("refused: the black king cannot start on b5"),
        "{out}"
    );
    assert!(out.contains("K A8 R B7 YOU D5\nR B6\n"), "{out}");
    assert!(out.contains("YOU C5\nR H6\n"), "{out}");
    assert!(out.contains("no more moves"), "{out}");
    let (ok, out, err) = crate::common::mark1_with_stdin(
        &[
            "play",
            "ajedrecista",
            "--position",
            "e4",
            "--first",
            "human",
        ],
        "e3\n",
    );
    assert!(ok, "{err}");
    let (before, after) = out.split_once("YOU E3\nR B6\n").expect(&out);
    assert!(before.contains("K A8 R B7 YOU E4\n"), "{out}");
    assert!(!before.contains("R B6"), "the machine moved first: {out}");
    assert!(after.contains("no more moves"), "{out}");
}

/// Random games at the keys against the reference's `Game` move by move: the visitor
/// plays legal moves, any king's step (into check, next to the white king, onto a guarded
/// rook) and jumps anywhere; after every move the program's record (the machine's moves,
/// the lamp, the rook taken) and the pegs on its board are the reference's, and the game
/// ends where and as the reference's does.
#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    use mark1::games::ajedrecista::{self as g, Waiting};
    use mark1::random::{RandomSource, Xorshift};
    let mut rng = Xorshift(0x1912);
    let starts = Position::starts();
    let mut ends = std::collections::BTreeMap::new();
    for k in 0..1000 {
        let mut start = starts[rng.next_u20() as usize % starts.len()];
        start.machine_to_move = !rng.next_u20().is_multiple_of(4);
        let mut r = ra::Game::new(start, Readings::default());
        let mut p = g::Game::at(&start, k).unwrap();
        let mut w = p.wait().unwrap();
        loop {
            if r.end.is_none() && r.position.machine_to_move {
                r.machine().unwrap();
            }
            let paper = p.paper().to_string();
            assert_eq!(g::record(&paper), r.record, "game {k}:\n{paper}");
            if let Some(end) = r.end {
                assert_eq!(w, Waiting::Over, "game {k}:\n{paper}");
                let last = mark1::games::keys::last_words(&paper);
                let said = match end {
                    ra::End::Mate => last.ends_with(" MATE"),
                    ra::End::Stalemate => last.ends_with(" STALEMATE"),
                    ra::End::RookLost => last == "ROOK LOST",
                    ra::End::NoCase => last == "NO CASE",
                    ra::End::Refused => last == "I REFUSE TO PLAY",
                    ra::End::Cannot(o, _) => {
                        last == format!(
                            "{} CANNOT MOVE",
                            if o.piece == ra::Piece::King { 'K' } else { 'R' }
                        )
                    }
                };
                assert!(said, "game {k}: the reference ends {end:?}:\n{paper}");
                *ends.entry(end.name()).or_insert(0) += 1;
                break;
            }
            assert_eq!(w, Waiting::Key, "game {k}:\n{paper}");
            assert_eq!(p.position(), Some(r.position), "game {k}:\n{paper}");
            let bk = r.position.black_king;
            let legal = r.position.visitor_moves();
            let to = match rng.next_u20() % 10 {
                0 => (rng.next_u20() % 64) as u8,
                1..=3 => {
                    let steps: Vec<u8> = (0..64).filter(|&s| ra::adjacent(bk, s)).collect();
                    steps[rng.next_u20() as usize % steps.len()]
                }
                _ if !legal.is_empty() => legal[rng.next_u20() as usize % legal.len()],
                _ => (rng.next_u20() % 64) as u8,
            };
            r.visitor(to).unwrap();
            w = p.play(to).unwrap();
        }
    }
    // The games reach the ends the lamp and the cheat make, not only mate.
    for e in ["mate", "refused"] {
        assert!(ends.contains_key(e), "{ends:?}");
    }
    assert!(ends.len() >= 3, "{ends:?}");
}
