//! Bell's games' native references through the binary (`mark1 ref bridgit|noughts|
//! guessit|knights`): what they print, and bad input refused with the reason.

use crate::common::mark1;

#[test]
fn bridgit() {
    let (ok, out, _) = mark1(&["ref", "bridgit", "board", "--size", "2"]);
    assert!(ok);
    assert!(
        out.contains("x  1  x  2  x") && out.contains("5 crossings"),
        "{out}"
    );
    let (ok, out, _) = mark1(&[
        "ref", "bridgit", "reply", "--size", "5", "--move", "12", "--json",
    ]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reply"], 16);
    assert_eq!(v["pairing_wins"], true);
    let (ok, _, err) = mark1(&["ref", "bridgit", "board", "--size", "9"]);
    assert!(!ok && err.contains("sizes 2 to 8"), "{err}");
    let (ok, _, err) = mark1(&["ref", "bridgit", "reply", "--size", "5", "--move", "42"]);
    assert!(!ok && err.contains("2 to 41"), "{err}");
}

#[test]
fn noughts() {
    let (ok, out, _) = mark1(&["ref", "noughts", "michie", "--board", "x.o..xo.."]);
    assert!(ok);
    assert!(
        out.contains("cell 5: 29") && out.contains("the machine plays 5"),
        "{out}"
    );
    let (ok, _, err) = mark1(&["ref", "noughts", "michie", "--board", "x.o"]);
    assert!(!ok && err.contains("nine cells"), "{err}");
    let (ok, _, err) = mark1(&["ref", "noughts", "michie", "--board", "x.o..xo.q"]);
    assert!(!ok && err.contains("cell 9"), "{err}");
    let (ok, out, _) = mark1(&["ref", "noughts", "boxes"]);
    assert!(ok && out.contains("304 in all"), "{out}");
    let (ok, out, _) = mark1(&[
        "ref",
        "noughts",
        "menace",
        "--games",
        "60",
        "--opponent",
        "random",
        "--seed",
        "2",
    ]);
    assert!(
        ok && out.contains("41-60") && out.contains("boxes opened"),
        "{out}"
    );
}

#[test]
fn guessit_and_knights() {
    let (ok, out, _) = mark1(&["ref", "guessit", "tables"]);
    assert!(
        ok && out.contains("33/33") && out.contains("(Bell: 0.54)"),
        "{out}"
    );
    let (ok, out, _) = mark1(&["ref", "guessit", "selfplay", "--games", "2000"]);
    assert!(
        ok && out.contains("2000 games: the first player won"),
        "{out}"
    );
    let (ok, out, _) = mark1(&["ref", "knights", "figure"]);
    assert!(ok && out.contains("a legal tour from a1, open"), "{out}");
    let (ok, out, _) = mark1(&["ref", "knights", "tour", "--from", "e3"]);
    assert!(
        ok && out.contains("stuck after 60 squares from e3"),
        "{out}"
    );
    let (ok, _, err) = mark1(&["ref", "knights", "tour", "--from", "i9"]);
    assert!(!ok && err.contains("a1 to h8"), "{err}");
}
