//! The profiler: per-line counts checked by hand on a small program, and the
//! counts adding up to the run's totals, with the same stop, instructions and beats as an
//! unprofiled run, on the bundled programs.

use mark1::asm::assemble_file;
use mark1::machine::{Budget, Config, Core, Machine};
use mark1::profile::{self, Profile, Symbols};
use std::path::Path;

fn loaded(path: &str) -> Machine {
    let a = assemble_file(Path::new(path)).unwrap();
    let mut m = Machine::new(Config::default());
    m.load_image(&a.image);
    m
}

/// Prinz §18's scalar product (programs/prinz18.m1): B7 counts 30, 28, ... 0, so the
/// loop body (lines 3-6: /K, /F, TG, /T) runs 16 times; line 1 (T:) and line 2 (TO) once;
/// the loop stop at line 7 stops the machine before it is counted. Beats from Prinz's
/// table (docs/timing.md): T: 5, TO 4, /K 5, /F 9, TG 4, /T 4.
#[test]
fn prinz18_line_by_line_by_hand() {
    let mut m = loaded("programs/prinz18.m1");
    let mut p = Profile::default();
    let stop = profile::run(&mut m, Budget::beats(1_000_000), &mut p);
    assert_eq!(stop, mark1::machine::Stop::DynamicStop { line: 7 });
    let got: Vec<(u32, u64, u64)> = p
        .lines()
        .iter()
        .map(|(&(a, o), c)| {
            assert_eq!(o, None, "loaded, not read from the drum");
            (a, c.executions, c.beats)
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (1, 1, 5),
            (2, 1, 4),
            (3, 16, 16 * 5),
            (4, 16, 16 * 9),
            (5, 16, 16 * 4),
            (6, 16, 16 * 4)
        ]
    );
    assert_eq!((p.instructions, p.beats), (66, 361));
    assert_eq!((m.stats.instructions, m.stats.beats), (66, 361));
}

/// A profiled run stops where an unprofiled one does, after the same instructions and
/// beats, on both cores' results, and its lines and routines add up to its totals.
#[test]
fn profiled_runs_match_plain_runs() {
    for path in [
        "programs/prinz18.m1",
        "programs/prinz15.m1",
        "programs/hello.m1",
        "programs/hoot.m1",
        "programs/prinz.m1",
    ] {
        let a = assemble_file(Path::new(path)).unwrap();
        let symbols = Symbols::from_assembly(&a);
        for budget in [1_000, 100_000, 5_000_000] {
            let mut plain = Machine::new(Config::default());
            plain.load_image(&a.image);
            plain.set_core(Core::Fast);
            let s1 = plain.run(Budget::beats(budget));
            let mut m = Machine::new(Config::default());
            m.load_image(&a.image);
            let mut p = Profile::default();
            let s2 = profile::run(&mut m, Budget::beats(budget), &mut p);
            assert_eq!(s1, s2, "{path} {budget}");
            assert_eq!(plain.stats.instructions, m.stats.instructions, "{path}");
            assert_eq!(plain.stats.beats, m.stats.beats, "{path}");
            assert_eq!(plain.store.lines(), m.store.lines(), "{path}");
            assert_eq!(
                (p.instructions, p.beats),
                (m.stats.instructions, m.stats.beats)
            );
            let lines = p.lines();
            let (n, b) = lines
                .values()
                .fold((0, 0), |(n, b), c| (n + c.executions, b + c.beats));
            assert_eq!((n, b), (p.instructions, p.beats), "{path}: lines");
            let r = p.routines(&symbols);
            let (n, b) = r
                .iter()
                .fold((0, 0), |(n, b), c| (n + c.executions, b + c.beats));
            assert_eq!((n, b), (p.instructions, p.beats), "{path}: routines");
            let t: u64 = p.transfers.values().map(|t| t.count).sum();
            assert_eq!(t, m.stats.transfers + m.stats.checks, "{path}: transfers");
            // The JSON carries the same totals.
            let j = p.json(&symbols);
            assert_eq!(j["totals"]["orders"], p.instructions);
            assert_eq!(j["lines"].as_array().unwrap().len(), lines.len());
        }
    }
}

/// Routines named from the assembler's labels.
#[test]
fn routines_are_named_from_labels() {
    let a = assemble_file(Path::new("programs/prinz18.m1")).unwrap();
    assert!(
        Symbols::from_assembly(&a).store.is_empty(),
        "prinz18 has no labels"
    );
    let a = assemble_file(Path::new("programs/hello.m1")).unwrap();
    let s = Symbols::from_assembly(&a);
    let mut m = Machine::new(Config::default());
    m.load_image(&a.image);
    let mut p = Profile::default();
    profile::run(&mut m, Budget::beats(1_000_000), &mut p);
    let names: Vec<String> = p.routines(&s).into_iter().map(|r| r.name).collect();
    // The lines before the first label are named by their page.
    assert!(
        names.iter().any(|n| s.store.values().any(|v| v == n)),
        "{names:?}"
    );
    for n in &names {
        assert!(
            s.store.values().any(|v| v == n) || n == "page 0",
            "{n}: not one of hello.m1's labels ({names:?})"
        );
    }
    // A written symbol file reads back as the same names.
    assert_eq!(Symbols::parse(&s.write(), "hello.sym").unwrap(), s);
}

/// Prinz's programme on Figure 1 (the README's main job): the profile kept beside the
/// driver's own phases counts every order and beat of the run, and names Prinz's
/// routines from the programme's labels.
#[test]
fn prinz_figure1_profile_adds_up() {
    use mark1::games::prinz;
    let run = prinz::run_fen(prinz::FIGURE1_FEN, &prinz::RunOptions::default()).unwrap();
    let p = &run.lines;
    assert_eq!((p.instructions, p.beats), (run.instructions, run.beats));
    let t: u64 = p
        .transfers
        .values()
        .filter(|t| t.count > 0)
        .map(|t| t.count)
        .sum();
    assert!(
        t >= run.transfers,
        "{t} magnetic orders, {} transfers",
        run.transfers
    );
    let symbols = Symbols::from_assembly(&prinz::assemble().unwrap());
    let routines = p.routines(&symbols);
    let labelled: u64 = routines
        .iter()
        .filter(|r| !r.name.starts_with("page ") && !r.name.starts_with("track "))
        .map(|r| r.beats)
        .sum();
    assert!(
        labelled * 10 > p.beats * 9,
        "most of the time in named routines: {routines:?}"
    );
}

/// `mark1 console --profile`: every run of the session profiled, the report written at
/// the end; a bad symbol file is refused with file:line before anything runs.
#[test]
fn console_profile_and_bad_symbols() {
    let dir = std::env::temp_dir().join(format!("mark1-profile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("s.con");
    std::fs::write(&script, "go\n").unwrap();
    let out = dir.join("p.json");
    let bin = env!("CARGO_BIN_EXE_mark1");
    let r = std::process::Command::new(bin)
        .args(["console", "--program", "programs/hello.m1", "--script"])
        .arg(&script)
        .arg("--profile")
        .arg(&out)
        .output()
        .unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let orders: u64 = j["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["orders"].as_u64().unwrap())
        .sum();
    assert_eq!(Some(orders), j["totals"]["orders"].as_u64());
    assert!(orders > 0);
    let sym = dir.join("bad.sym");
    std::fs::write(&sym, "track 8.0 = ok\ntrack 300 = too far\n").unwrap();
    let r = std::process::Command::new(bin)
        .args(["profile", "programs/hello.m1", "--symbols"])
        .arg(&sym)
        .output()
        .unwrap();
    assert!(!r.status.success());
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("bad.sym:2: track: 300 is more than 255"),
        "{err}"
    );
    assert!(r.stdout.is_empty(), "nothing ran");
    std::fs::remove_dir_all(&dir).ok();
}

/// Turing's machine (programs/turochamp/): a move profiled through `Machine::profile`
/// chooses the same move at the same cost as unprofiled, and the profile names the units
/// by the half-track each was brought down from.
#[test]
fn turochamp_move_profiled() {
    use mark1::games::turochamp as tc;
    let pos = tc::position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    let mut plain = tc::load_position(&pos).unwrap();
    let t1 = plain.think(&pos).unwrap();
    let mut l = tc::load_position(&pos).unwrap();
    l.machine.profile = Some(Box::default());
    let t2 = l.think(&pos).unwrap();
    assert_eq!(t1.mv, t2.mv);
    assert_eq!(
        (t1.run.instructions, t1.run.beats),
        (t2.run.instructions, t2.run.beats)
    );
    let p = l.machine.profile.take().unwrap();
    assert_eq!(p.instructions, t2.run.instructions);
    assert_eq!(p.beats, t2.run.beats);
    let symbols = Symbols::from_assembly(tc::assembly().unwrap());
    let origins = p.origins();
    let (n, b) = origins.iter().fold((0, 0), |(n, b), o| (n + o.1, b + o.2));
    assert_eq!((n, b), (p.instructions, p.beats));
    // The generating units G1-G4 and the search's SR are among the half-tracks run.
    for unit in ["g1", "g2", "g3", "g4", "sr"] {
        assert!(
            origins
                .iter()
                .any(|o| o.0.and_then(|h| symbols.half_track_name(h)) == Some(unit)),
            "{unit} not among {origins:?}"
        );
    }
}

/// Our draughts programme: a think profiled gives the same think at the same cost, and
/// its lines add up to it.
#[test]
fn draughts_think_profiled() {
    use mark1::games::draughts as d;
    use mark1::reference::draughts::{Position, START_FEN};
    let asm = d::assemble().unwrap();
    let pos = Position::from_fen(START_FEN).unwrap();
    let params = d::Params::strategy1(2);
    let plain = d::think(&asm, &pos, &params, 1).unwrap();
    let (t, p) = d::think_profiled(&asm, &pos, &params, 1).unwrap();
    assert_eq!(t.chosen, plain.chosen);
    assert_eq!(t.considered, plain.considered);
    assert_eq!((t.instructions, t.beats), (plain.instructions, plain.beats));
    assert_eq!((p.instructions, p.beats), (t.instructions, t.beats));
    let r = p.routines(&Symbols::from_assembly(&asm));
    let b: u64 = r.iter().map(|r| r.beats).sum();
    assert_eq!(b, p.beats);
}

/// A dummy stop with its switch on (Prinz §20): the machine stops before counting the
/// `/L`, and counts it when it goes on; the profiler charges it to the `/L`'s line.
#[test]
fn dummy_stop_charged_to_its_line() {
    use mark1::machine::code::{function_number, instruction};
    use mark1::machine::Stop;
    let mut m = Machine::new(Config::default());
    let f = |c: &str| function_number(c).unwrap();
    m.store.write(1, instruction(0, 0, f("/L"))); // the dummy stop
    m.store.write(2, instruction(0, 0, f("T:"))); // A = 0
    m.store.write(3, instruction(10, 0, f("/P"))); // jump via line 10: to line 3
    m.store.write(10, 2);
    m.console.stop_l = true;
    let mut p = Profile::default();
    let s = profile::run(&mut m, Budget::beats(1_000), &mut p);
    assert!(matches!(s, Stop::DummyStop { line: 1, .. }), "{s:?}");
    assert_eq!(p.instructions, m.stats.instructions);
    let s = profile::run(&mut m, Budget::beats(1_000), &mut p);
    assert_eq!(s, Stop::DynamicStop { line: 3 });
    assert_eq!(
        (p.instructions, p.beats),
        (m.stats.instructions, m.stats.beats)
    );
    let lines = p.lines();
    assert_eq!(lines[&(1, None)].executions, 1, "{lines:?}");
    assert_eq!(lines[&(2, None)].executions, 1, "{lines:?}");
}

/// The nim programme: a move profiled is the same move at the same cost.
#[test]
fn nim_think_profiled() {
    use mark1::games::nim as g;
    let rule = "misere".parse().unwrap();
    let plain = g::think(&[7, 4, 5, 2], 2, rule, 1).unwrap();
    let (t, p) = g::think_profiled(&[7, 4, 5, 2], 2, rule, 1).unwrap();
    assert_eq!(t.after, plain.after);
    assert_eq!((p.instructions, p.beats), (t.instructions, t.beats));
    assert_eq!((t.instructions, t.beats), (plain.instructions, plain.beats));
    let r = p.routines(&Symbols::from_assembly(g::assembly().unwrap()));
    assert!(r.iter().all(|r| !r.name.starts_with("page ")), "{r:?}");
}

proptest::proptest! {
    /// The symbol-file parser never panics, and what it reads writes back to the same.
    #[test]
    fn symbol_files_never_panic(text in "(\\PC{0,40}\n){0,6}") {
        if let Ok(s) = Symbols::parse(&text, "p.sym") {
            proptest::prop_assert_eq!(Symbols::parse(&s.write(), "again").unwrap(), s);
        }
    }

    /// Well-formed lines are read whatever the numbers and names.
    #[test]
    fn symbol_lines_read(t in 0u8..=255, h in 0u8..2, l in 0u32..64, a in 0u32..512,
                         name in "[A-Za-z/][A-Za-z0-9/ .-]{0,12}[A-Za-z0-9]") {
        let text = format!("line {a} = {name}\ndrum {t}.{h}:{l} = {name}\ntrack {t} = {name}\ntrack {t}.{h} = {name}\n");
        let s = Symbols::parse(&text, "p.sym").unwrap();
        proptest::prop_assert_eq!(&s.store[&a], &name);
        proptest::prop_assert_eq!(&s.drum[&(t, h, l)], &name);
        proptest::prop_assert_eq!(&s.tracks[&(t, None)], &name);
        proptest::prop_assert_eq!(&s.tracks[&(t, Some(h))], &name);
    }
}

/// A whole game of our draughts programme profiled (against the first legal move each
/// turn): the profile counts every order and beat of the game.
#[test]
fn draughts_game_profiled() {
    use mark1::games::draughts as d;
    let asm = d::assemble().unwrap();
    let params = d::Params::strategy1(1);
    let mut opp = d::FirstLegal;
    let rep = d::play_against(
        &asm,
        &params,
        3,
        d::First::Machine,
        &mut opp,
        d::Squares::Strachey,
        true,
    )
    .unwrap();
    let p = rep.profile.as_ref().unwrap();
    assert_eq!((p.instructions, p.beats), (rep.instructions, rep.beats));
    let mut opp = d::FirstLegal;
    let plain = d::play_against(
        &asm,
        &params,
        3,
        d::First::Machine,
        &mut opp,
        d::Squares::Strachey,
        false,
    )
    .unwrap();
    assert_eq!(plain.paper, rep.paper);
    assert_eq!(
        (plain.instructions, plain.beats),
        (rep.instructions, rep.beats)
    );
}

/// `mark1 profile FILE --script S`: the program loaded, the console script run with every
/// run profiled, the paper then the report, routines named by the source's labels.
#[test]
fn profile_with_a_script() {
    let dir = std::env::temp_dir().join(format!("mark1-profile-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("go.con");
    std::fs::write(&script, "go\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["profile", "programs/hello.m1", "--script"])
        .arg(&script)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("\nHELLO WORLD") || stdout.contains("HELLO WORLD\n---"),
        "{stdout}"
    );
    assert!(stdout.contains("profile: 71 instructions"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("h2 ")), "{stdout}");
}

/// The flame graph: the folded stacks' weights add up to the run's beats, every routine
/// is a frame of the SVG, and `mark1 profile --flame` writes it after the report.
#[test]
fn flame_graph_adds_up_and_names_routines() {
    let a = assemble_file(Path::new("programs/hello.m1")).unwrap();
    let s = Symbols::from_assembly(&a);
    let mut m = Machine::new(Config::default());
    m.load_image(&a.image);
    let mut p = Profile::default();
    profile::run(&mut m, Budget::beats(1_000_000), &mut p);
    let folded = p.folded(&s);
    let sum: u64 = folded
        .lines()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, p.beats, "{folded}");
    assert!(
        folded.lines().all(|l| l.split(';').count() == 3),
        "{folded}"
    );
    let svg = p.flame_graph(&s);
    assert!(svg.contains("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains(&format!("{} orders", p.instructions)), "title");
    for r in p.routines(&s) {
        assert!(
            svg.contains(&format!("<title>{} (", r.name)),
            "{} missing",
            r.name
        );
    }

    let dir = std::env::temp_dir().join(format!("mark1-flame-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("hello.svg");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["profile", "programs/hello.m1", "--flame"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("HELLO WORLD"));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), svg);
    // A place that cannot be written: refused before the run (docs/guide.md, "Files
    // mark1 writes": an error writes nothing), naming the missing folder.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["profile", "programs/hello.m1", "--flame"])
        .arg(dir.join("no/such/dir/x.svg"))
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "refused before the run");
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("x.svg") && e.contains("does not exist"), "{e}");
}
