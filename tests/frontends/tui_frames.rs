//! The debugger's frames (ratatui test backend) as insta snapshots, the breakpoint-step
//! regression, and the hoot WAV's pitch.

use mark1::console::Session;
use mark1::machine::{Budget, Config, Machine, Stop};
use mark1::render::{continue_hoot_loop, hoot_wav, wav_samples, zero_crossings, SAMPLE_RATE};
use mark1::tui::view::{screen_text, HEIGHT, WIDTH};
use mark1::tui::{Debugger, HistoryEntry};

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn machine(program: &str) -> Machine {
    let img = mark1::asm::assemble_file(root().join(program)).expect("assembles");
    let mut m = Machine::new(Config::default());
    m.load_image(&img.image);
    m
}

fn debugger(program: &str) -> Debugger {
    Debugger::new(Session::new(machine(program), root()), program)
}

fn frame_after(steps: u64) -> String {
    let mut d = debugger("programs/prinz15.m1");
    if steps > 0 {
        d.command(&format!("step {steps}")).expect("steps");
    }
    screen_text(&d, WIDTH, HEIGHT)
}

#[test]
fn prinz15_after_0_steps() {
    insta::assert_snapshot!(frame_after(0));
}

#[test]
fn prinz15_after_1_step() {
    insta::assert_snapshot!(frame_after(1));
}

#[test]
fn prinz15_after_10_steps() {
    insta::assert_snapshot!(frame_after(10));
}

/// The draughts board as Strachey's program drew it: the picture orders of
/// programs/draughts/picture.m1 run on the emulated machine with the start position in
/// the kernel's lines cb cw ck (tests/draughts/picture_run.m1 copies it there from
/// t_pb t_pw t_pk and draws it on pages 3 and 5),
/// then page 3 on the left tube and page 5 on the right.
#[test]
fn draughts_board_on_page_3() {
    use mark1::reference::draughts::Position;
    let program = "tests/draughts/picture_run.m1";
    let img = mark1::asm::assemble_file(root().join(program)).expect("assembles");
    let sym = |n: &str| u32::try_from(img.symbols[n].value).unwrap();
    let mut m = Machine::new(Config::default());
    m.kec();
    m.load_image(&img.image);
    let p = Position::start();
    m.store.write_long(sym("t_pb"), u64::from(p.b));
    m.store.write_long(sym("t_pw"), u64::from(p.w));
    m.store.write_long(sym("t_pk"), u64::from(p.k));
    let stop = m.run(Budget::beats(10_000_000));
    assert_eq!(stop, Stop::DynamicStop { line: sym("t_end") });
    let mut d = Debugger::new(Session::new(m, root()), program);
    d.command("page left 3").expect("page");
    d.command("page right 5").expect("page");
    insta::assert_snapshot!(screen_text(&d, WIDTH, HEIGHT));
}

/// A game in progress: Strachey's program (programs/draughts.m1) has made its first move
/// (the driver operated the keys as a person would); its own pictures are on the tubes,
/// page 3 (after the move) on the left and page 5 (before it) on the right.
#[test]
fn draughts_game_in_progress_on_pages_3_and_5() {
    use mark1::games::draughts::{assemble, First, Game, Params};
    let asm = assemble().expect("assembles");
    let mut g = Game::new(&asm, &Params::strategy2(4, 20), 7).expect("settings");
    assert_eq!(g.start(First::Machine), None);
    assert_eq!(g.machine_turn(), None);
    let mut d = Debugger::new(Session::new(g.machine, root()), "programs/draughts.m1");
    d.command("page left 3").expect("page");
    d.command("page right 5").expect("page");
    insta::assert_snapshot!(screen_text(&d, WIDTH, HEIGHT));
}

#[test]
fn help_screen() {
    let mut d = debugger("programs/prinz15.m1");
    d.command("help").expect("help");
    let s = screen_text(&d, WIDTH, HEIGHT);
    assert!(s.contains("one prepulse (step)"), "{s}");
    assert!(s.contains("go until \"TEXT\""), "{s}");
}

/// Regression: stopping at a breakpoint, then stepping, obeys the instruction at the
/// breakpoint (rather than stopping there again); running on goes round the loop to it.
#[test]
fn step_from_breakpoint_obeys_it() {
    for speed in ["full", "real"] {
        let mut d = debugger("programs/prinz15.m1");
        d.command(&format!("speed {speed}")).unwrap();
        d.command("break U/").unwrap(); // line 7: A -= 1
        d.command("run").unwrap();
        assert_eq!(d.last_stop, Some(Stop::Breakpoint { line: 7 }), "{speed}");
        assert_eq!(d.session.machine.c, 6);
        let a = d.session.machine.a;
        d.command("step").unwrap();
        assert_eq!(
            d.session.machine.c, 7,
            "{speed}: the instruction at U/ was obeyed"
        );
        assert_eq!(
            d.session.machine.a,
            a.wrapping_sub(1) & mark1::machine::MASK80
        );
        match d.history.back() {
            Some(HistoryEntry::Obeyed { line, .. }) => assert_eq!(*line, 7),
            e => panic!("{e:?}"),
        }
        let i = d.session.machine.stats.instructions;
        d.command("run").unwrap();
        assert_eq!(d.last_stop, Some(Stop::Breakpoint { line: 7 }));
        // Once round the loop: ½/ jumps back, then A/, :/, S/, I/ and the stop before U/.
        assert_eq!(d.session.machine.stats.instructions, i + 5);
        // And a run started at the breakpoint passes over it.
        d.command("unbreak all").unwrap();
        d.command("run").unwrap();
        assert_eq!(d.last_stop, Some(Stop::DynamicStop { line: 9 }));
    }
}

/// Watches, event breaks and KAC through the command line.
#[test]
fn event_breaks_and_watches() {
    let mut d = debugger("programs/prinz15.m1");
    d.command("watch VE").unwrap();
    d.command("speed full").unwrap();
    d.command("run").unwrap();
    assert_eq!(d.last_stop, Some(Stop::Watch { address: 62 }));
    let mut h = debugger("programs/hoot.m1");
    h.command("break hoot").unwrap();
    h.command("run").unwrap();
    assert!(matches!(h.last_stop, Some(Stop::Hoot { .. })));
    assert_eq!(h.session.machine.hooter.count, 1);
    h.command("kac hold").unwrap();
    assert!(h.session.machine.console.kac_held);
    h.command("kac release").unwrap();
    assert!(!h.session.machine.console.kac_held);
    assert!(h.command("page left 9").is_err());
    assert!(h.command("fly").is_err());
}

fn frequency(samples: &[i16], seconds: f64) -> f64 {
    zero_crossings(samples) as f64 / 2.0 / seconds
}

/// The hoot tune's WAV: Turing's two-instruction loop at the end sounds at 1/(8 beats ×
/// 240 µs) = 520.8 Hz, counted by zero crossings over the last half second.
#[test]
fn hoot_wav_fundamental() {
    let mut m = machine("programs/hoot.m1");
    let stop = m.run(Budget::beats(10_000_000));
    assert!(matches!(stop, Stop::HootStop { .. }), "{stop:?}");
    let (beats, end) = continue_hoot_loop(&m, stop, 1.0);
    let samples = wav_samples(&hoot_wav(&beats, end)).expect("a WAV");
    let half = SAMPLE_RATE as usize / 2;
    let tail = &samples[samples.len() - half..];
    let f = frequency(tail, 0.5);
    assert!((f - 520.83).abs() < 3.0, "fundamental {f} Hz");
    // The first note: a pulse every 12 beats (about 347 Hz).
    let t0 = (beats[0] as f64 * 240e-6 * f64::from(SAMPLE_RATE)) as usize;
    let t1 = (beats[150] as f64 * 240e-6 * f64::from(SAMPLE_RATE)) as usize;
    let f1 = frequency(
        &samples[t0 + 100..t1],
        (t1 - t0 - 100) as f64 / f64::from(SAMPLE_RATE),
    );
    assert!((f1 - 347.2).abs() < 4.0, "first note {f1} Hz");
}

/// Real speed follows the beat clock: half a second of wall time is about 2 083 beats
/// (240 µs each). The bounds are wide, for a loaded host.
#[test]
fn real_speed_paces_to_the_beat_clock() {
    let img = mark1::asm::assemble_file(root().join("programs/prinz15.m1")).unwrap();
    let mut m = Machine::new(Config {
        stop_on_dynamic: false, // loop at D/ for ever, as the real machine does
        ..Config::default()
    });
    m.load_image(&img.image);
    let mut d = Debugger::new(Session::new(m, root()), "prinz15");
    d.interactive = true;
    d.command("run").unwrap();
    let t0 = std::time::Instant::now();
    while t0.elapsed().as_millis() < 500 {
        d.tick(std::time::Instant::now());
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    d.tick(t0 + std::time::Duration::from_millis(500));
    let beats = d.session.machine.stats.beats;
    assert!((1800..=2200).contains(&beats), "{beats} beats in 0.5 s");
    d.command("stop").unwrap();
    assert!(!d.running);
}
