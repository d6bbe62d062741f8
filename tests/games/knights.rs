//! The knight's tour by Warnsdorff's rule as a program of the emulated Mark 1
//! (programs/knights.m1): its tours against `reference::knights`, the paper through the
//! binary, a square off the board refused.

use crate::common::mark1;
use mark1::games::knights::{self as g, Waiting};
use mark1::reference::knights as rk;

/// From every square (and 36 more drawn squares) the program's tour is Warnsdorff's
/// rule's with our tie-break: the path in its board, the paper, COMPLETE or STUCK.
#[test]
fn the_program_agrees_with_the_reference() {
    let r = g::check(100, 5).unwrap();
    assert!(r.differences.is_empty(), "{:?}", r.differences);
    let (ok, out, _) = mark1(&["knights-tour", "--check", "70", "--seed", "9"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("70 positions, 0 differences"));
}

/// The tour from a1 (Bell's Fig. 1.1 starts in that corner) through the binary: the
/// paper as the figure lays it out, and the verdict.
#[test]
fn the_paper_from_a1() {
    let (ok, out, err) = mark1(&["knights-tour", "--from", "a1"]);
    assert!(ok, "{err}");
    let expect = format!(
        "KNIGHTS TOUR\n{}COMPLETE\n",
        rk::board_text(&rk::warnsdorff(0))
    );
    assert!(out.starts_with(&expect), "{out}");
    assert!(out.contains("a complete tour from a1, open; "), "{out}");
    insta::assert_snapshot!("knights_tour_from_a1", out);
    // From e3 the rule gets stuck (docs/bell.md): the program says so.
    let (ok, out, _) = mark1(&["knights-tour", "--from", "e3"]);
    assert!(ok);
    assert!(out.contains("\nSTUCK\n"), "{out}");
    assert!(out.contains("stuck after 60 squares from e3"), "{out}");
}

/// A number above 63 on the switches is refused by the program, which asks again; a bad
/// square is refused by the command.
#[test]
fn bad_squares_refused() {
    let mut t = g::Tour::new(1).unwrap();
    assert_eq!(t.run_to_wait().unwrap(), Waiting::Key);
    assert_eq!(t.enter(64).unwrap(), Waiting::Key);
    assert!(t.paper().contains("NO SUCH SQUARE"), "{}", t.paper());
    assert_eq!(t.enter(63).unwrap(), Waiting::Over);
    assert_eq!(t.path(), rk::warnsdorff(63));
    for bad in ["i1", "a9", "", "a1b"] {
        let (ok, _, err) = mark1(&["knights-tour", "--from", bad]);
        assert!(!ok && err.contains("not a square"), "{bad}: {err}");
    }
}

/// One think on partial tours: the program's next square is Warnsdorff's
/// (`reference::knights::next_square`) on tours from every square cut at every length,
/// and the stuck end of e3's tour is reported as stuck; bad tours refused.
#[test]
fn the_next_square_after_a_partial_tour() {
    for start in [0u8, 27, 20, 63] {
        let full = rk::warnsdorff(start);
        for cut in [1, 2, 10, 40, full.len() - 1, full.len()] {
            let cut = cut.min(full.len()).min(63);
            let t = g::think(&full[..cut], 1).unwrap();
            assert_eq!(
                t.square,
                rk::next_square(&full[..cut]),
                "from {start}, {cut} squares"
            );
        }
    }
    let (ok, out, err) = mark1(&["knights-tour", "--think", "--moves", "a1,b3"]);
    assert!(ok, "{err}");
    let want = rk::name(rk::next_square(&[0, 17]).unwrap());
    assert!(
        out.starts_with(&format!("the knight goes to {want} (move 3);")),
        "{out}"
    );
    let (ok, _, err) = mark1(&["knights-tour", "--think", "--moves", "a1,a2"]);
    assert!(!ok && err.contains("not a knight's move"), "{err}");
    let (ok, _, err) = mark1(&["knights-tour", "--think", "--moves", "a1,b3,a1"]);
    assert!(!ok && err.contains("twice"), "{err}");
}
