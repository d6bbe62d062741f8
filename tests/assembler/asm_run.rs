//! Assembled programs run on the machine: Prinz §15 from the period sheet, and every
//! example booted from tape through `roms/` against the same image loaded directly.

use mark1::asm::{assemble_file, boot, Assembly};
use mark1::machine::code::parse_addr;
use mark1::machine::{Budget, Config, Machine, Stop, MASK80};

fn asm(path: &str) -> Assembly {
    assemble_file(path).unwrap_or_else(|e| panic!("{e}"))
}

/// The fast path: KEC, then the image loaded directly.
fn direct(a: &Assembly) -> Machine {
    let mut m = Machine::new(Config::default());
    m.kec();
    m.load_image(&a.image);
    m
}

/// The period path: the routine on track 0, H = ////, KEC, the boot tape in the reader.
fn booted(a: &Assembly) -> Machine {
    let tape = a.tape().unwrap_or_else(|e| panic!("{e}"));
    let mut m = Machine::new(Config::default());
    boot::prepare(&mut m, &tape);
    m
}

#[test]
fn prinz_15_from_the_sheet_reaches_the_manuals_end_state() {
    let a = asm("programs/prinz15.m1");
    let mut m = direct(&a);
    let stop = m.run(Budget::beats(100_000));
    let d_slash = parse_addr("D/").unwrap();
    assert_eq!(stop, Stop::DynamicStop { line: d_slash });
    assert_eq!(
        m.store.read_long(parse_addr("VE").unwrap()),
        100_000_000_000
    );
    assert_eq!(m.a, MASK80, "A = -1");
    assert_eq!(m.d, 10);
    assert_eq!((m.c + 1) & 1023, d_slash, "control loops at D/");
}

#[test]
fn prinz_18_scalar_product() {
    let a = asm("programs/prinz18.m1");
    let mut m = direct(&a);
    let stop = m.run(Budget::beats(100_000));
    assert_eq!(
        stop,
        Stop::DynamicStop {
            line: parse_addr("U/").unwrap()
        }
    );
    assert_eq!(m.a, 1240);
}

#[test]
fn hello_prints() {
    let a = asm("programs/hello.m1");
    let mut m = direct(&a);
    let stop = m.run(Budget::beats(10_000_000));
    assert!(matches!(stop, Stop::DynamicStop { .. }), "{stop:?}");
    assert!(
        m.printer_text().contains("HELLO WORLD"),
        "{:?}",
        m.printer_text()
    );
}

#[test]
fn hoot_tune_ends_in_turings_loop() {
    let a = asm("programs/hoot.m1");
    let mut m = direct(&a);
    let stop = m.run(Budget::beats(10_000_000));
    assert!(matches!(stop, Stop::HootStop { .. }), "{stop:?}");
    assert_eq!(m.hooter.count, 200 + 150 + 120 + 1);
}

#[test]
fn the_routine_assembles_into_track_0() {
    let (ht, fin) = boot::rom();
    assert_eq!(ht[1], mark1::machine::code::parse_line("//T£").unwrap());
    assert!(fin > 2 && fin < 62);
    assert!(boot::rom_image().drum.contains_key(&(0, 0)));
}

/// Runs both ways to the same stop and compares what a program can see; returns the
/// beats of (direct, booted).
fn same_both_ways(path: &str, budget: u64) -> (u64, u64, usize) {
    let a = asm(path);
    let mut d = direct(&a);
    let sd = d.run(Budget::beats(budget));
    let mut b = booted(&a);
    let sb = b.run(Budget::beats(budget * 1000));
    assert_eq!(sd, sb, "{path}: stops differ");
    assert_eq!(d.store.lines(), b.store.lines(), "{path}: stores differ");
    assert_eq!(
        (d.a, d.d, d.d_signed, d.b, d.b_sign, d.c),
        (b.a, b.d, b.d_signed, b.b, b.b_sign, b.c),
        "{path}: registers differ"
    );
    assert_eq!(d.printer_text(), b.printer_text(), "{path}: output differs");
    assert_eq!(d.hooter.count, b.hooter.count, "{path}: hoots differ");
    for (&(t, h), ht) in &a.image.drum {
        assert_eq!(
            b.drum.half_track(u32::from(t), u32::from(h)),
            &ht[..],
            "{path}: drum {t}.{h}"
        );
    }
    (d.beats(), b.beats(), a.tape().unwrap().len())
}

#[test]
fn booted_from_tape_and_loaded_as_image_end_the_same() {
    for (p, budget) in [
        ("programs/prinz15.m1", 100_000),
        ("programs/prinz18.m1", 100_000),
        ("programs/hello.m1", 10_000_000),
        ("programs/hoot.m1", 10_000_000),
        ("tests/asm/boot_entry_page2.m1", 100_000),
    ] {
        let (d, b, rows) = same_both_ways(p, budget);
        println!("{p}: image {d} beats, tape {b} beats ({rows} rows)");
        assert!(b > d);
    }
}

#[test]
fn boot_tape_survives_both_file_forms() {
    use mark1::formats::tape;
    let rows = asm("programs/hello.m1").tape().unwrap();
    let text = tape::write_pt_text(&rows).unwrap();
    assert_eq!(tape::read_pt_text(text.as_bytes()).unwrap(), rows);
    assert_eq!(
        tape::read_raw(&tape::write_raw(&rows).unwrap()).unwrap(),
        rows
    );
    assert_eq!(tape::read_any(&rows).unwrap(), rows);
}
