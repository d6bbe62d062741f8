//! Strachey's draughts on the emulated machine against the reference engine
//! (`mark1::reference::draughts::best`, strategy 1): the move list in Strachey's order,
//! every value, the tie count and the move chosen with the program's own /W number.

use mark1::games::draughts::{assemble, check_positions, compare, cross_check, run_position};
use mark1::reference::draughts::Position;

#[test]
fn start_position_one_ply() {
    let asm = assemble().unwrap();
    let pos = Position::start();
    let emu = run_position(&asm, &pos, 1, 1951).unwrap();
    assert!(emu.complete);
    assert_eq!(emu.moves.len(), 7);
    assert_eq!(emu.ties, 7);
    assert!(emu.draw.is_some());
    assert!(compare(&pos, 1, &emu).is_empty());
}

#[test]
fn hundred_positions_two_plies_agree() {
    let positions = check_positions(120, 6);
    let rep = cross_check(&positions, 2, 6).unwrap();
    assert!(
        rep.positions >= 100,
        "only {} positions finished",
        rep.positions
    );
    assert!(rep.differences.is_empty(), "{:?}", rep.differences);
}
