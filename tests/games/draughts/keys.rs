//! The hand-switch and KAC protocol of Strachey's draughts (programs/draughts/keys.m1)
//! on the emulated machine, operated as a person would: set the hand switches, hold KAC
//! for a person's key press (833 beats, 0.2 s), let go, wait.

use mark1::asm::{assemble_file, Assembly};
use mark1::console::{parse_command, Session};
use mark1::machine::{Budget, Config, Machine, Stop};

fn assembly() -> Assembly {
    assemble_file("tests/draughts/keys_run.m1").unwrap_or_else(|e| panic!("{e}"))
}

fn sym(a: &Assembly, name: &str) -> u32 {
    u32::try_from(a.symbols[name].value).unwrap()
}

/// The routine's results, as the test program listed them at `t_list`.
fn entries(a: &Assembly, m: &Machine, n: u32) -> Vec<i64> {
    (0..n)
        .map(|i| {
            let v = m.store.read_long(sym(a, "t_list") + 2 * i);
            // 40-bit two's complement
            if v >> 39 & 1 == 1 {
                v as i64 - (1i64 << 40)
            } else {
                v as i64
            }
        })
        .collect()
}

/// An operator enters each setting with KAC, 20 000 beats (4.8 s) apart.
fn operate(settings: &[&str]) -> (Assembly, Session) {
    let a = assembly();
    let mut m = Machine::new(Config::default());
    m.kec();
    m.load_image(&a.image);
    let mut s = Session::new(m, ".");
    for h in settings {
        s.machine.run(Budget::beats(20_000));
        s.execute(&parse_command(&format!("set h {h}")).unwrap())
            .unwrap();
        s.execute(&parse_command("kac").unwrap()).unwrap();
    }
    (a, s)
}

#[test]
fn a_move_of_two_squares_then_the_end() {
    // 23 = switches 2 and 8 (4 + 256), 18 = switches 1 and 13 (2 + 8192), then blank.
    let (a, mut s) = operate(&["260", "8194", "0"]);
    let stop = s.machine.run(Budget::beats(100_000));
    assert_eq!(
        stop,
        Stop::DynamicStop {
            line: sym(&a, "t_end")
        }
    );
    assert_eq!(entries(&a, &s.machine, 3), vec![23, 18, -1]);
}

#[test]
fn squares_0_and_31() {
    // 0 = switches 0 and 5; 31 = switches 3 and 6.
    let (a, mut s) = operate(&["33", "72", "0"]);
    s.machine.run(Budget::beats(100_000));
    assert_eq!(entries(&a, &s.machine, 3), vec![0, 31, -1]);
}

#[test]
fn wrong_settings_and_no() {
    // two tens digits; three switches; a units digit alone; square 39 (tens 3, units 9);
    // NO (switch 19, `///T`); then the end.
    let (a, mut s) = operate(&["3", "261", "256", "16392", "///T", "0"]);
    s.machine.run(Budget::beats(100_000));
    assert_eq!(entries(&a, &s.machine, 6), vec![-2, -2, -2, -2, -4, -1]);
}

/// Nobody presses KAC: the count runs out (147 456 rounds of 9 beats).
#[test]
fn no_kac_runs_the_count_out() {
    let (a, mut s) = operate(&[]);
    let stop = s.machine.run(Budget::beats(2_000_000));
    assert_eq!(
        stop,
        Stop::DynamicStop {
            line: sym(&a, "t_end")
        }
    );
    assert_eq!(entries(&a, &s.machine, 1), vec![-3]);
    let beats = s.machine.stats.beats;
    assert!((1_300_000..1_400_000).contains(&beats), "{beats} beats");
}
