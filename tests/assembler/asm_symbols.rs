//! Where the assembler placed a label's word (`Symbol::places`): the store line, the drum
//! line of a `.track`, or every copy of an `.overlay`.

use mark1::asm::{assemble_str, NoIncludes, Place};

#[test]
fn labels_know_where_their_words_went() {
    let src = "        .overlay 10, 20\n        .org 127\nx:      T:\n        .endoverlay\n        .track 5, 1, 2\ny:      T:\n        .org 3\nz:      T:\nn = 7\n";
    let a = assemble_str("places.m1", src, &NoIncludes).unwrap();
    assert_eq!(
        a.symbols["x"].places,
        vec![Place::Drum(10, 1, 63), Place::Drum(20, 1, 63)]
    );
    assert_eq!(a.symbols["y"].places, vec![Place::Drum(5, 1, 0)]);
    assert_eq!(a.symbols["z"].places, vec![Place::Store(3)]);
    assert!(a.symbols["n"].places.is_empty());
}
