//! Prinz's test programs from the *Introduction to Programming* (1951), entered from
//! the programme sheets line by line, and the start procedure of §21.

use mark1::machine::code::{parse_addr, parse_chars, parse_line};
use mark1::machine::{Budget, Config, Machine, OutputOrder, Stop};

/// A machine holding the given programme-sheet lines (address, content).
fn sheet(lines: &[(&str, &str)]) -> Machine {
    let mut m = Machine::new(Config::default());
    for (a, w) in lines {
        let a = parse_addr(a).unwrap_or_else(|| panic!("address {a}"));
        let w = parse_line(w).unwrap_or_else(|| panic!("line {w}"));
        m.store.write(a, w);
    }
    m
}

fn addr(a: &str) -> u32 {
    parse_addr(a).unwrap()
}

/// Prinz §15(7)–(20): 10^11 by repeated multiplication. End state: VE (long) = 10^11,
/// A = −1, D = 10, control looping at D/.
#[test]
fn prinz_15_ten_to_the_eleventh() {
    let mut m = sheet(&[
        ("//", "@///"),
        ("E/", "ME/C"),
        ("@/", "OET/"),
        ("A/", "GETA"),
        (":/", "VE/N"),
        ("S/", "VETA"),
        ("I/", "GET/"),
        ("U/", "PETN"),
        ("½/", "///H"),
        ("D/", "YE/Q"),
        ("YE", "££//"),
        ("PE", "E///"),
        ("QE", "////"),
        ("OE", "D///"),
        ("BE", "////"),
        ("GE", "////"),
        ("\"E", "////"),
        ("ME", "R///"),
        ("XE", "////"),
        ("VE", "R///"),
        ("£E", "////"),
    ]);
    let stop = m.run(Budget::beats(100_000));
    assert_eq!(stop, Stop::DynamicStop { line: addr("D/") });
    assert_eq!(m.store.read_long(addr("VE")), 100_000_000_000);
    assert_eq!(m.a, mark1::machine::MASK80, "A = -1");
    assert_eq!(m.d, 10);
    // C holds D/ - 1, so the next prepulse obeys D/ again: the loop stop, reported
    // without obeying it.
    assert_eq!((m.c + 1) & 1023, addr("D/"));
    // /C + T/ (5 + 5), ten rounds of TA /N TA T/ TN /H (5+9+5+5+5+4 = 33).
    assert_eq!(m.stats.instructions, 2 + 60);
    assert_eq!(m.beats(), 10 + 330);
}

/// Prinz §18(50)–(59): the scalar product of columns I and U, counted by B7 from 30 down
/// to 0 in steps of 2, with the value checked by hand.
#[test]
fn prinz_18_scalar_product() {
    let mut m = sheet(&[
        ("E/", "@/T:"),
        ("@/", "VEQO"),
        ("A/", "/IUK"),
        (":/", "/UUF"),
        ("S/", "£EQG"),
        ("I/", "E//T"),
        ("VE", "V///"),
        ("£E", "@///"),
    ]);
    let (col_i, col_u) = (addr("/I"), addr("/U"));
    let mut expected: i128 = 0;
    for i in 0..16u32 {
        let a: i64 = (i as i64 - 7) * 1_000_003;
        let b: i64 = 3 * i as i64 * i as i64 - 50;
        m.store
            .write_long(col_i + 2 * i, (a as u64) & ((1 << 40) - 1));
        m.store
            .write_long(col_u + 2 * i, (b as u64) & ((1 << 40) - 1));
        expected += i128::from(a) * i128::from(b);
    }
    // T: and TO, then 16 rounds of /K /F TG /T.
    let stop = m.run(Budget::instructions(2 + 16 * 4));
    assert_eq!(stop, Stop::InstructionLimit);
    assert_eq!(m.c, addr("I/"), "the last /T fell through");
    assert_eq!(m.b[7], (1 << 20) - 2, "B7 = -2");
    assert!(m.b_sign);
    let a = if m.a >> 79 == 1 {
        m.a as i128 - (1i128 << 80)
    } else {
        m.a as i128
    };
    assert_eq!(a, expected);
    assert_eq!(m.beats(), 5 + 4 + 16 * (5 + 9 + 4 + 4));
}

/// Prinz §26(38)–(41): print the first n characters of long line VA after CR LF CR and
/// letter shift, then a space, then jump on. Output is two-stage: the space is still set
/// up, not carried out, when the machine reaches the loop stop.
#[test]
fn prinz_26_printing_sequence() {
    let mut m = sheet(&[
        ("RE", "\"E/:"),
        ("JE", "GE/:"),
        ("NE", "\"E/:"),
        ("FE", "TE/:"),
        ("CE", "½/T:"), // xx = ½/: go on at D/
        ("KE", "ME/C"),
        ("TE", "£EYO"),
        ("ZE", "VA/N"),
        ("LE", "G£/I"),
        ("WE", "HE/:"),
        ("HE", "VATA"),
        ("YE", "VEYG"),
        ("PE", "LE/O"),
        ("QE", "BE/:"),
        ("OE", "CE/P"),
        ("BE", "ZZZZ"),
        ("GE", "WWWW"),
        ("\"E", "LLLL"),
        ("ME", "////"),
        ("XE", "///E"),
        ("VE", "E///"),
        ("£E", "S///"), // n - 1 = 5: six characters
        ("D/", "/@/Q"), // loop stop: /@ holds -1
        ("/@", "££//"),
    ]);
    m.store
        .write_long(addr("VA"), parse_chars("FERRANTI").unwrap() as u64);
    m.c = addr("RE") - 1;
    let stop = m.run(Budget::beats(1_000_000));
    assert_eq!(stop, Stop::DynamicStop { line: addr("D/") });
    assert_eq!(m.teleprinter.raw_text(false), "{L}{W}\n{L}{Y}FERRAN");
    assert_eq!(m.teleprinter.pending, Some(OutputOrder::Space));
    assert_eq!(m.printer_text(), "\nFERRAN");
    // Carried out: CR LF CR LS and six characters; the printer set the pace.
    assert_eq!(m.stats.chars_out, 10);
    assert!(m.stats.device_wait_beats > 0);
}

/// The start procedure (Prinz §21(12)–(21)): H set to read track 0 into page 0, KEC,
/// one prepulse obeys line 1 (////, i.e. H as a magnetic instruction), and the machine
/// then goes on at line 2 of what it has read; the read sets the marker line.
#[test]
fn start_procedure_loads_track_0_into_page_0() {
    let mut m = Machine::new(Config::default());
    let mut track0 = [0u32; 64];
    track0[2] = parse_line("E//P").unwrap(); // line 2: /P via line 1
    track0[1] = parse_line("@///").unwrap(); // line 1 holds 2: jump to line 3
    track0[3] = parse_line("://Q").unwrap(); // line 3: /Q via line 4
    track0[4] = parse_line("££//").unwrap(); // -1: loop stop
    m.drum.set_half_track(0, 0, &track0);
    m.store.write(5, 12345);
    m.set_hand_switches(0); // ////: read track 0, half 0, into page 0
    m.kec();
    assert_eq!(m.store.read(5), 0, "KEC clears the store");
    let stop = m.step();
    assert_eq!(stop, None);
    assert_eq!(m.c, 1);
    assert_eq!(m.store.read(3), track0[3], "track 0 read into page 0");
    assert_eq!(
        m.store.marker(0),
        parse_line("///½").unwrap(),
        "marker: track 0 half 0"
    );
    assert_eq!(m.beats(), 138);
    let stop = m.run(Budget::beats(10_000));
    assert_eq!(stop, Stop::DynamicStop { line: 3 });
    assert_eq!(
        m.stats.instructions, 2,
        "//, line 2 (the loop stop at 3 is not obeyed)"
    );
}

/// Same seed, same program: identical store and beat count; another seed differs.
#[test]
fn same_seed_same_run() {
    use mark1::machine::code::instruction;
    fn run(seed: u64) -> (Vec<u32>, u64) {
        let mut m = Machine::new(Config {
            seed,
            ..Config::default()
        });
        m.store.write(1, instruction(0, 0, 38)); // /W: random into A0
        m.store.write(2, instruction(100, 1, 7)); // TA to 100 + B1
        m.store.write(3, instruction(90, 1, 53)); // TG: B1 -= 2 (not B-modified)
        m.store.write(4, instruction(91, 0, 32)); // /T: while B1 >= 0 go to 1
        m.store.write(5, instruction(92, 0, 46)); // /Q: loop stop
        m.store.write(90, 2);
        m.store.write(92, 1023);
        m.b[1] = 20;
        let stop = m.run(Budget::beats(100_000));
        assert_eq!(stop, Stop::DynamicStop { line: 5 });
        assert_eq!(m.stats.random, 11);
        (m.store.lines()[100..122].to_vec(), m.beats())
    }
    let a = run(7);
    assert_eq!(a, run(7));
    assert_ne!(a.0, run(8).0);
    // Eleven rounds of /W TA TG /T (24 + 5 + 4 + 4); the /Q loop stop is not obeyed.
    assert_eq!(a.1, 11 * 37);
}
