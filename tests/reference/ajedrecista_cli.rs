//! Torres Quevedo's machine's native reference through the binary (`mark1 ref
//! ajedrecista best|census|longest`): Faster than Thought's claims over every position
//! the machine can meet, the sources' figures against the census, bad input refused; and
//! properties of the engine on any position.

use crate::common::mark1;
use mark1::reference::ajedrecista as ra;
use proptest::prelude::*;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let (ok, out, err) = mark1(args);
    assert!(ok, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// Faster than Thought: it "always wins its games" and "avoids stalemate very cleverly":
/// from every legal start, against every defence, whoever moves first.
#[test]
fn always_mates_and_never_stalemates() {
    for first in ["machine", "human"] {
        let c = json(&["ref", "ajedrecista", "census", "--first", first, "--json"]);
        assert_eq!(c["starts"], 42, "{c}");
        assert!(c["positions"].as_u64().unwrap() > 1000, "{c}");
        assert_eq!(c["always_mates"], true, "{c}");
        assert_eq!(c["stalemates"], 0, "{c}");
        assert_eq!(c["rooks_lost"], 0, "{c}");
        assert_eq!(c["stops"], 0, "{c}");
        assert_eq!(c["repeated"], 0, "{c}");
        let cases: u64 = (1..=6)
            .map(|k| c["cases"][k.to_string()].as_u64().unwrap())
            .sum();
        assert_eq!(
            cases,
            c["positions"].as_u64().unwrap(),
            "every position one row"
        );
    }
    let (ok, out, _) = mark1(&["ref", "ajedrecista", "census"]);
    assert!(ok);
    assert!(out.contains("0 stalemates, 0 rooks lost, 0 stops"), "{out}");
    assert!(out.contains("every game ends in mate"), "{out}");
}

/// The rook on b8 (one transcription of Atkinson): from c6 the table finds no row after
/// one move, so that reading cannot be the machine's.
#[test]
fn the_rook_on_b8_stops_from_c6() {
    let c = json(&["ref", "ajedrecista", "census", "--rook", "b8", "--json"]);
    assert_eq!(c["always_mates"], false, "{c}");
    assert!(c["stops"].as_u64().unwrap() > 0, "{c}");
    let l = json(&["ref", "ajedrecista", "longest", "--rook", "b8", "--json"]);
    assert_eq!(l["longest"]["c6"], Value::Null, "{l}");
}

#[test]
fn best_names_the_case_and_the_move() {
    let b = json(&[
        "ref",
        "ajedrecista",
        "best",
        "--fen",
        "K7/1R6/8/8/3k4/8/8/8 w - - 0 1",
        "--json",
    ]);
    assert_eq!(
        (b["case"].clone(), b["move"].clone()),
        (2.into(), "Rb6".into())
    );
    let b = json(&[
        "ref",
        "ajedrecista",
        "best",
        "--fen",
        "8/8/8/8/8/4K3/1R6/4k3 w - - 0 1",
        "--json",
    ]);
    assert_eq!(
        (b["case"].clone(), b["move"].clone()),
        (6.into(), "Rb1#".into())
    );
    assert_eq!(b["status"], "mate");
    // The black king past the rook (Faster than Thought's cheat): no row holds.
    let (ok, out, _) = mark1(&[
        "ref",
        "ajedrecista",
        "best",
        "--fen",
        "K2k4/8/8/8/8/8/1R6/8 w",
    ]);
    assert!(ok);
    assert!(
        out.contains("the machine stops, a draw: no row of its table fits"),
        "{out}"
    );
}

/// The sources' figures: "about 61 moves" from a6 (Atkinson) holds; the longest of all
/// is the census's, and the line it prints ends in mate after that many moves.
#[test]
fn the_longest_games() {
    let l = json(&["ref", "ajedrecista", "longest", "--from", "a6", "--json"]);
    assert_eq!(l["from"]["moves"], 61, "{l}");
    assert_eq!(l["longest"].as_object().unwrap().len(), 42);
    let line = l["line"].as_str().unwrap();
    assert!(line.starts_with("1. ") && line.ends_with('#'), "{line}");
    assert!(line.contains("61. ") && !line.contains("62. "), "{line}");
    let all = json(&["ref", "ajedrecista", "longest", "--json"]);
    let max = all["longest"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .max()
        .unwrap();
    assert_eq!(all["from"]["moves"], max);
}

/// Torres Quevedo's table against perfect play from the same starts: each start's perfect
/// count is the retrograde table's (`mark1 ref krk best` on the same position), never more
/// than the machine's own count, and the machine's line keeps to the perfect count for
/// at most as many moves as it makes.
#[test]
fn the_longest_games_against_perfect_play() {
    let l = json(&["ref", "ajedrecista", "longest", "--from", "d6", "--json"]);
    let best = json(&[
        "ref",
        "krk",
        "best",
        "--fen",
        "K7/1R6/3k4/8/8/8/8/8 w - - 0 1",
        "--json",
    ]);
    assert_eq!(l["from"]["perfect"], best["distance"], "{l}");
    assert_eq!(l["perfect"]["d6"], best["distance"], "{l}");
    let optimal = l["from"]["optimal_moves"].as_u64().unwrap();
    assert!(
        optimal >= 1 && optimal <= l["from"]["moves"].as_u64().unwrap(),
        "{l}"
    );
    let perfect = l["perfect"].as_object().unwrap();
    assert_eq!(perfect.len(), 42);
    for (square, p) in perfect {
        let p = p.as_u64().unwrap_or_else(|| panic!("{square}: {p}"));
        let machine = l["longest"][square].as_u64().unwrap();
        assert!(
            p >= 1 && p <= machine,
            "{square}: perfect {p}, the machine {machine}"
        );
    }
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let (ok, _, err) = mark1(&["ref", "ajedrecista", "best", "--fen", "K7/8/8/8/8/8/8/7q w"]);
    assert!(!ok && err.contains("a q on h1"), "{err}");
    let (ok, _, err) = mark1(&["ref", "ajedrecista", "best", "--fen", "nonsense"]);
    assert!(!ok && err.contains("FEN `nonsense`"), "{err}");
    let (ok, _, err) = mark1(&["ref", "ajedrecista", "longest", "--from", "b3"]);
    assert!(!ok && err.contains("in check from the rook on b7"), "{err}");
    let (ok, _, err) = mark1(&["ref", "ajedrecista", "longest", "--from", "d7"]);
    assert!(!ok && err.contains("ranks 1-6"), "{err}");
    let (ok, _, err) = mark1(&["ref", "ajedrecista", "longest", "--from", "z9"]);
    assert!(!ok && err.contains("`z9` is not a square"), "{err}");
}

proptest! {
    /// Any text as a FEN: read or refused, never a panic; what is read writes back the
    /// same position.
    #[test]
    fn any_fen_is_read_or_refused(text in ".{0,60}") {
        if let Ok(p) = ra::Position::from_fen(&text) {
            prop_assert_eq!(ra::Position::from_fen(&p.fen()).unwrap(), p);
        }
    }

    /// Any placement of the three pegs: the machine decides (a move onto a free square on
    /// the board, never upward, or a stop), and a game goes on or ends without a panic.
    #[test]
    fn any_position_is_decided(wk in 0u8..64, r in 0u8..64, bk in 0u8..64, moves in proptest::collection::vec(0u8..64, 0..12)) {
        prop_assume!(wk != r && r != bk && wk != bk);
        let p = ra::Position { white_king: wk, rook: Some(r), black_king: bk, machine_to_move: true };
        prop_assert_eq!(ra::Position::from_fen(&p.fen()).unwrap(), p);
        for rows in [ra::Rows::Vigneron, ra::Rows::Atkinson] {
            if let ra::Decision::Move(reply) = ra::decide(&p, rows) {
                let to = reply.order.to.unwrap();
                prop_assert!(!p.occupied(to));
                prop_assert!(ra::rank(to) <= ra::rank(reply.order.from), "never upward");
            }
        }
        let mut g = ra::Game::new(p, ra::Readings::default());
        for to in moves {
            if g.end.is_some() { break; }
            if g.position.machine_to_move { g.machine().unwrap(); } else { g.visitor(to).unwrap(); }
        }
        prop_assert!(g.strikes <= ra::STRIKES);
    }
}
