//! The draughts kernel (programs/draughts/kernel.m1): routine changing between the
//! search and the game halves, proved with stub halves (tests/draughts/kernel_halves.m1).

use mark1::asm::{assemble_file, Assembly};
use mark1::machine::{Budget, Config, Machine, Stop};

fn assembly() -> Assembly {
    assemble_file("tests/draughts/kernel_halves.m1").unwrap_or_else(|e| panic!("{e}"))
}

fn sym(a: &Assembly, name: &str) -> u32 {
    u32::try_from(a.symbols[name].value).unwrap()
}

fn loaded(a: &Assembly) -> Machine {
    let mut m = Machine::new(Config::default());
    m.kec();
    m.load_image(&a.image);
    m
}

/// Runs `m` to a dynamic stop at `label`, after which the stub search has run once and
/// page 7 begins with `page7` (0x5555 the search's, 0x2AAA the game's).
fn runs_to(a: &Assembly, m: &mut Machine, label: &str, page7: u32) {
    let stop = m.run(Budget::beats(1_000_000));
    assert_eq!(
        stop,
        Stop::DynamicStop {
            line: sym(a, label)
        }
    );
    assert_eq!(m.store.read(sym(a, "scount")), 1, "the search ran once");
    assert_eq!(m.store.read(448), page7, "whose page 7");
}

/// Loaded as it is, the program starts the game half; the game hands to the search,
/// whose last order jumps to `kexit`, which brings the game back down at `cret` + 1.
#[test]
fn game_calls_search_and_gets_control_back() {
    let a = assembly();
    let mut m = loaded(&a);
    runs_to(&a, &mut m, "gend", 0x2AAA);
}

/// An analysis run: `cgo` set to `ksearch`'s jump constant and `cret` to -1, as an
/// operator's tape would leave them: the search runs once and the machine stops at
/// `kstop`, with the search's pages still in the store.
#[test]
fn analysis_run_stops_at_kstop() {
    let a = assembly();
    let mut m = loaded(&a);
    m.store.write(sym(&a, "cgo"), sym(&a, "ksearch") - 1);
    m.store.write(sym(&a, "cret"), 0xF_FFFF); // -1
    runs_to(&a, &mut m, "kstop", 0x5555);
}
