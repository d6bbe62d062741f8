//! The board picture of Strachey's draughts (programs/draughts/picture.m1) drawn by the
//! emulated machine on store pages 3 and 5, rendered as the tube shows a page (Prinz §1):
//! two columns of 32 lines side by side, so that row y is line y then line 32 + y, 20
//! spots each, least significant digit on the left; `#` lit, `.` dark.

use mark1::asm::{assemble_file, Assembly};
use mark1::machine::{Budget, Config, Machine, Stop};
use mark1::reference::draughts::{Position, Side};

fn assembly() -> Assembly {
    assemble_file("tests/draughts/picture_run.m1").unwrap_or_else(|e| panic!("{e}"))
}

fn sym(a: &Assembly, name: &str) -> u32 {
    u32::try_from(a.symbols[name].value).unwrap()
}

/// Runs the picture orders on `p` (put in t_pb t_pw t_pk, as a tape would; the harness
/// copies them into cb cw ck) and
/// returns the machine at its stop.
fn drawn(p: &Position) -> Machine {
    let a = assembly();
    let mut m = Machine::new(Config::default());
    m.kec();
    m.load_image(&a.image);
    m.store.write_long(sym(&a, "t_pb"), u64::from(p.b));
    m.store.write_long(sym(&a, "t_pw"), u64::from(p.w));
    m.store.write_long(sym(&a, "t_pk"), u64::from(p.k));
    let stop = m.run(Budget::beats(10_000_000));
    assert_eq!(
        stop,
        Stop::DynamicStop {
            line: sym(&a, "t_end")
        }
    );
    m
}

/// Tube row `y` (0–31) of page `page`: 40 spots, bit x = spot x.
fn tube_row(m: &Machine, page: u32, y: u32) -> u64 {
    let left = u64::from(m.store.read(64 * page + y));
    let right = u64::from(m.store.read(64 * page + 32 + y));
    left | right << 20
}

/// Page `page` as 32 rows of 40 spots.
fn spots(m: &Machine, page: u32) -> String {
    let mut s = String::new();
    for y in 0..32 {
        let v = tube_row(m, page, y);
        for x in 0..40 {
            s.push(if v >> x & 1 == 1 { '#' } else { '.' });
        }
        s.push('\n');
    }
    s
}

#[test]
fn start_position_on_page_3() {
    let m = drawn(&Position::start());
    insta::assert_snapshot!(spots(&m, 3));
}

#[test]
fn pages_3_and_5_hold_the_same_picture() {
    let m = drawn(&Position::start());
    assert_eq!(spots(&m, 3), spots(&m, 5));
}

/// Men and kings of both colours: B:W18,K26:B5,K14 (PDN).
#[test]
fn kings_and_men_of_both_colours() {
    let p = Position::from_fen("B:W18,K26:B5,K14").unwrap();
    let m = drawn(&p);
    insta::assert_snapshot!(spots(&m, 3));
}

/// Every square of the picture follows the position: lit squares not played on, and on
/// each playing square the pattern of what stands there (checked spot by spot against
/// the layout in picture.m1's header, for random positions).
#[test]
fn every_square_matches_the_position() {
    let pats: [[u64; 4]; 6] = [
        [0, 0, 0, 0],
        [31, 31, 31, 31],
        [4, 10, 10, 4],
        [17, 10, 10, 17],
        [4, 14, 14, 4],
        [17, 31, 31, 17],
    ];
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..20 {
        let mut b = 0u32;
        let mut w = 0u32;
        let mut k = 0u32;
        for s in 0..32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            match x % 5 {
                0 => b |= 1 << s,
                1 => w |= 1 << s,
                2 => {
                    b |= 1 << s;
                    k |= 1 << s;
                }
                3 => {
                    w |= 1 << s;
                    k |= 1 << s;
                }
                _ => {}
            }
        }
        let p = Position::new(b, w, k, Side::Black).unwrap();
        let m = drawn(&p);
        for r in 0..8u32 {
            for j in 0..4u32 {
                let line = tube_row(&m, 3, 4 * r + j);
                for c in 0..8u32 {
                    let pat = if (r + c) % 2 == 0 {
                        1
                    } else {
                        let bit = 1u32 << (4 * r + c / 2);
                        let king = if k & bit != 0 { 2 } else { 0 };
                        if b & bit != 0 {
                            2 + king
                        } else if w & bit != 0 {
                            3 + king
                        } else {
                            0
                        }
                    };
                    assert_eq!(
                        (line >> (5 * c)) & 31,
                        pats[pat][j as usize],
                        "row {r} line {j} column {c}"
                    );
                }
            }
        }
    }
}
