//! MENACE on the emulated Mark 1 (programs/menace.m1) against reference::noughts::menace.

use mark1::games::menace as g;
use mark1::reference::noughts::menace::{Empty, Opponent};
use mark1::reference::noughts::{EMPTY, X};

#[test]
fn first_think_makes_the_first_box() {
    let b = [EMPTY; 9];
    let t = g::think(&b, 7, Empty::Resign, None).unwrap();
    eprintln!("{t:?}", t = (t.cell, t.random, t.instructions, t.beats));
    let mut m = mark1::machine::Machine::new(mark1::machine::Config::default());
    t.boxes.put(&mut m);
    let boxes = g::read_boxes(&m).unwrap();
    assert_eq!(boxes.len(), 1);
    assert_eq!(boxes[0].position, [EMPTY; 9]);
    // Bell: 4 beads of each distinct first move: a corner, an edge, the centre.
    assert_eq!(boxes[0].beads.iter().filter(|&&n| n == 4).count(), 3);
    assert!(t.cell.is_some());
    let _ = X;
}

#[test]
fn check_agrees_with_the_reference() {
    for empty in [Empty::Resign, Empty::Refill] {
        let r = g::check(300, 1, empty).unwrap();
        assert!(r.differences.is_empty(), "{}", r.text());
    }
}

#[test]
fn training_games_finish() {
    let (games, g) = g::train(20, Opponent::Random, Empty::Resign, 1, None, |_, _| {}).unwrap();
    assert_eq!(games.len(), 20);
    assert!(!g.boxes().unwrap().is_empty());
}

#[test]
#[ignore]
fn timing() {
    let t = std::time::Instant::now();
    let r = g::check(1000, 1, Empty::Resign).unwrap();
    eprintln!("check 1000: {:?} {}", t.elapsed(), r.text());
    let t = std::time::Instant::now();
    let (games, gm) = g::train(1000, Opponent::Perfect, Empty::Resign, 1, None, |_, _| {}).unwrap();
    eprintln!(
        "train 1000: {:?}, {} boxes, {} beats",
        t.elapsed(),
        gm.boxes().unwrap().len(),
        gm.machine.stats.beats
    );
    let last: Vec<_> = games[900..]
        .iter()
        .map(|p| format!("{:?}", p.result))
        .collect();
    eprintln!("{}", last.join(" "));
}
