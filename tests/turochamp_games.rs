//! Turing's two printed games (src/reference/turochamp/games.rs) and the descriptive
//! notation reader and writer (src/reference/turochamp/descriptive.rs).

use mark1::reference::turochamp::games::game;

#[test]
fn dump() {
    for n in [1, 2] {
        let g = game(n).unwrap();
        println!("{}", g.sans.join(" "));
        for w in &g.white {
            if let Some(r) = &w.reading {
                println!("W{} {r}", w.number);
            }
        }
        for w in &g.black {
            if let Some(r) = &w.reading {
                println!("B{} {r}", w.number);
            }
        }
    }
}
