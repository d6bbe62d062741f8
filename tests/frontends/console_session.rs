//! The console session in the library: a `go` run in slices stops exactly where one long
//! run stops (breakpoints, beat limit); the interrupt flag stops a run and keeps the
//! state; `kac after N hold M` holds the key for exactly the instructions asked.

use mark1::asm::{assemble_str, NoIncludes};
use mark1::console::{parse_command, ExecError, Session};
use mark1::machine::{Budget, Config, Machine, Stop};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A countdown of 100 001 turns (about 800 000 beats, several slices of a run), then
/// the line `mark`, then again.
const COUNTDOWN: &str = "
        .org 1
top:    YO big
h1:     YG one
        /T j_h1
mark:   YO big
        /P j_top
        .org 64
big:    .word 100000
one:    .word 1
j_h1:   .jump h1
j_top:  .jump top
";

fn machine(src: &str) -> (Machine, u32) {
    let a = assemble_str("t.m1", src, &NoIncludes).unwrap();
    let mut m = Machine::new(Config::default());
    m.load_image(&a.image);
    let mark = a.symbols.get("mark").map_or(4, |s| s.value as u32);
    (m, mark)
}

fn run(s: &mut Session, line: &str) -> Result<(), ExecError> {
    s.execute(&parse_command(line).unwrap())
}

#[test]
fn slices_stop_where_one_long_run_stops() {
    let (m, mark) = machine(COUNTDOWN);
    let mut whole = m.clone();
    let mut s = Session::new(m, ".");
    s.machine.breaks.set_line(mark, true);
    whole.breaks.set_line(mark, true);
    for _ in 0..4 {
        let b0 = s.machine.stats.beats;
        let a = s.go().unwrap();
        // Each run spans more than one slice of 262 144 beats.
        assert!(s.machine.stats.beats - b0 > 1 << 18);
        let b = whole.run(Budget::beats(s.limit));
        assert_eq!(a, b);
        assert_eq!(a, Stop::Breakpoint { line: mark });
        assert_eq!(s.machine.stats.instructions, whole.stats.instructions);
        assert_eq!(s.machine.stats.beats, whole.stats.beats);
    }
    // A beat budget that ends in the middle of a slice.
    s.machine.breaks.set_line(mark, false);
    whole.breaks.set_line(mark, false);
    s.limit = 1_000_003;
    let a = s.go().unwrap();
    let b = whole.run(Budget::beats(1_000_003));
    assert_eq!((a, b), (Stop::BeatLimit, Stop::BeatLimit));
    assert_eq!(s.machine.stats.instructions, whole.stats.instructions);
    assert_eq!(s.machine.stats.beats, whole.stats.beats);
}

#[test]
fn the_interrupt_flag_stops_a_run_and_keeps_the_state() {
    let (m, _) = machine(COUNTDOWN);
    let mut s = Session::new(m, ".");
    let flag = Arc::new(AtomicBool::new(true));
    s.interrupt = Some(Arc::clone(&flag));
    let e = run(&mut s, "go").unwrap_err();
    assert!(matches!(e, ExecError::Interrupted(_)), "{e}");
    assert!(e.to_string().contains("stopped by the operator"), "{e}");
    assert_eq!(s.machine.stats.instructions, 0);
    assert!(s.last_run.is_some());
    flag.store(false, Ordering::Relaxed);
    run(&mut s, "step 3").unwrap();
    assert_eq!(s.machine.stats.instructions, 3);
    // The same machine goes on where it was.
    let c = s.machine.c;
    flag.store(true, Ordering::Relaxed);
    assert!(run(&mut s, "go until hoot").is_err());
    assert_eq!(s.machine.c, c);
    assert!(
        !s.machine.breaks.on_hoot,
        "the break set for `go until` is taken off"
    );
}

#[test]
fn kac_after_n_hold_m_holds_for_exactly_m_instructions() {
    let (m, _) = machine(COUNTDOWN);
    let mut s = Session::new(m, ".");
    run(&mut s, "kac after 10 hold 5").unwrap();
    let mut held = Vec::new();
    for _ in 0..20 {
        s.step_one();
        // Held while this instruction was obeyed.
        held.push(s.machine.console.kac_held);
    }
    let idx: Vec<usize> = (0..20).filter(|&i| held[i]).collect();
    // Instructions 11 to 15 (indices 10 to 14) are obeyed with the key held.
    assert_eq!(idx, vec![10, 11, 12, 13, 14]);
    assert!(!s.machine.console.kac_held);

    // The same plan through `go`: pressed and released within one run.
    let (m, mark) = machine(COUNTDOWN);
    let mut s = Session::new(m, ".");
    s.machine.breaks.set_line(mark, true);
    run(&mut s, "kac after 700 hold 700").unwrap();
    assert!(s
        .show(mark1::console::ShowWhat::Registers)
        .iter()
        .any(|l| l.contains("KAC planned: pressed after 700 more instructions, held for 700")));
    run(&mut s, "go").unwrap();
    assert!(!s.machine.console.kac_held);
    assert!(!s
        .show(mark1::console::ShowWhat::Registers)
        .iter()
        .any(|l| l.contains("KAC planned")));
    // While held, A read zero: the countdown (which does not use A) is undisturbed.
    assert_eq!(
        s.stops.last().unwrap().stop,
        Stop::Breakpoint { line: mark }
    );

    // A plan still pending when the machine stops stays for the next run.
    let (m, mark) = machine(COUNTDOWN);
    let mut s = Session::new(m, ".");
    s.machine.breaks.set_line(mark, true);
    run(&mut s, "kac after 300000 hold 10").unwrap();
    run(&mut s, "go").unwrap();
    assert!(s
        .show(mark1::console::ShowWhat::Registers)
        .iter()
        .any(|l| l.contains("KAC planned: pressed after")));
}
