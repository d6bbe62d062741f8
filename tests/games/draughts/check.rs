//! Strachey's draughts on the emulated machine against the reference engine
//! (`mark1::reference::draughts::best`): the move list in Strachey's order, every value,
//! the tie count, the move chosen with the program's own /W number, and the position
//! after the move the program made.

use mark1::games::draughts::{assemble, check_positions, compare, cross_check, think, Params};
use mark1::reference::draughts::{Position, Side};

#[test]
fn start_position_three_plies_strategy_1() {
    let asm = assemble().unwrap();
    let pos = Position::start();
    let p = Params::strategy1(3);
    let emu = think(&asm, &pos, &p, 1951).unwrap();
    assert_eq!(emu.moves.len(), 7);
    assert!(emu.moves.iter().all(|m| m.value == 0));
    assert_eq!(emu.ties, 7);
    assert!(emu.draw.is_some());
    assert!(compare(&pos, &p, &emu).is_empty());
    let after = emu.after.unwrap();
    assert_eq!(after.to_move, Side::White);
    assert_eq!(after.b.count_ones(), 12);
    // Strachey: three plies take one to two minutes; ours within a factor of two.
    assert!(
        emu.seconds() > 30.0 && emu.seconds() < 240.0,
        "{}",
        emu.seconds()
    );
}

#[test]
fn hundred_positions_strategy_1_three_plies_agree() {
    let positions = check_positions(100, 6);
    let rep = cross_check(&positions, &Params::strategy1(3), 6).unwrap();
    assert_eq!(rep.positions, 100);
    assert!(rep.differences.is_empty(), "{:?}", rep.differences);
}

#[test]
fn hundred_positions_strategy_2_agree_with_both_kings() {
    for king in [20, 23] {
        let positions = check_positions(100, 7);
        let rep = cross_check(&positions, &Params::strategy2(4, king), 7).unwrap();
        assert_eq!(rep.positions, 100);
        assert!(rep.differences.is_empty(), "{:?}", rep.differences);
    }
}

#[test]
fn one_and_five_plies_agree() {
    for plies in [1, 5] {
        let positions = check_positions(30, 8);
        let rep = cross_check(&positions, &Params::strategy1(plies), 8).unwrap();
        assert!(rep.differences.is_empty(), "{:?}", rep.differences);
    }
}

/// A side with no move: the program lists nothing and chooses nothing.
#[test]
fn no_move_no_choice() {
    let asm = assemble().unwrap();
    // Black's only man on 32 (Strachey 31) cannot move forward; White elsewhere. Built
    // from the words: as a FEN (`B:W1:B32`) it is refused, both men being on their
    // crowning rows.
    let pos = Position::new(1 << 31, 1, 0, mark1::reference::draughts::Side::Black).unwrap();
    let emu = think(&asm, &pos, &Params::strategy1(3), 1).unwrap();
    assert!(emu.moves.is_empty());
    assert_eq!(emu.chosen, None);
    assert_eq!(emu.after, None);
}

/// Same seed, same think; another seed may choose another of the equal moves.
#[test]
fn same_seed_same_choice() {
    let asm = assemble().unwrap();
    let pos = Position::start();
    let p = Params::strategy2(4, 20);
    let a = think(&asm, &pos, &p, 99).unwrap();
    let b = think(&asm, &pos, &p, 99).unwrap();
    assert_eq!(a, b);
}

#[test]
fn settings_out_of_range_are_refused() {
    let asm = assemble().unwrap();
    let pos = Position::start();
    assert!(think(&asm, &pos, &Params::strategy1(0), 1).is_err());
    assert!(think(&asm, &pos, &Params::strategy1(9), 1).is_err());
    assert!(think(&asm, &pos, &Params::strategy2(4, 100), 1).is_err());
}

/// The differences name their numbering: with PDN squares the move list and the choice
/// are in PDN squares 1-32 (as `--think --pdn-squares` prints them).
#[test]
fn differences_are_in_the_users_squares() {
    use mark1::games::draughts::{compare_in, Squares};
    let asm = assemble().unwrap();
    let pos = Position::start();
    let p = Params::strategy1(1);
    let mut emu = think(&asm, &pos, &p, 1951).unwrap();
    emu.moves[0].value += 8; // a value the reference engine does not give
    let strachey = compare_in(&pos, &p, &emu, Squares::Strachey);
    let pdn = compare_in(&pos, &p, &emu, Squares::Pdn);
    assert!(
        strachey[0].contains("Strachey's squares 0-31"),
        "{strachey:?}"
    );
    assert!(strachey[0].contains("emulated [11-15=8 "), "{strachey:?}");
    assert!(pdn[0].contains("PDN squares 1-32"), "{pdn:?}");
    assert!(pdn[0].contains("emulated [12-16=8 "), "{pdn:?}");
}
