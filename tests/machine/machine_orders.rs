//! One test per function number (Prinz's order code, mark1-reference §7), asserting
//! registers, store, flip-flops and beats under the default (Prinz) timing, plus
//! B-modification, magnetic checks, input/output and the KAC key.

use mark1::machine::code::{instruction, parse_line, Halves, IoOrder, MagneticOrder, Transfer};
use mark1::machine::drum::marker_of;
use mark1::machine::{Budget, Config, Machine, OutputOrder, Stop, StopSwitch, MASK80};

/// A magnetic instruction line (Prinz §23).
fn mag(track: u8, halves: Halves, transfer: Transfer, page: u8) -> u32 {
    MagneticOrder {
        track,
        halves,
        transfer,
        page,
    }
    .encode()
}

/// A positive 40-bit number (P39 = 0).
const S_POS: u64 = 0x12_3456_789A;
/// A negative 40-bit number (P39 = 1): −(2^40 − 0xF0_0000_0005).
const S_NEG: u64 = 0xF0_0000_0005;
const MASK40: u64 = (1 << 40) - 1;
/// An 80-bit accumulator pattern with distinct halves.
const A0: u128 = (0x0B_CDEF_0123u128 << 40) | 0x04_5678_9ABC;
/// The operand line.
const X: u32 = 100;

fn machine() -> Machine {
    Machine::new(Config::default())
}

/// Places one instruction at line 1, obeys it, and returns the beats it took.
fn obey(m: &mut Machine, f: u32, s: u32, b: u32) -> u64 {
    m.store.write(1, instruction(s, b, f));
    m.c = 0;
    let before = (m.beats(), m.stats.instructions);
    let stop = m.step();
    assert_eq!(stop, None, "no stop expected");
    assert_eq!(m.stats.instructions, before.1 + 1);
    m.beats() - before.0
}

fn sext(v: u64) -> u128 {
    if v >> 39 & 1 == 1 {
        u128::from(v) | (MASK80 & !u128::from(MASK40))
    } else {
        u128::from(v)
    }
}

fn with_s(v: u64) -> Machine {
    let mut m = machine();
    m.store.write_long(X, v);
    m.a = A0;
    m
}

fn l(a: u128) -> u64 {
    (a as u64) & MASK40
}
fn mm(a: u128) -> u64 {
    ((a >> 40) as u64) & MASK40
}

// ---------------------------------------------------------------- magnetic (0, 8)

#[test]
fn f00_hand_switches_as_magnetic_instruction() {
    let mut m = machine();
    let mut ht = [0u32; 64];
    ht[5] = 77;
    m.drum.set_half_track(3, 1, &ht);
    // Read track 3, half 1 (char 3 = E) into page 2 (column character `:` = 4).
    m.set_hand_switches(mag(3, Halves::Half(1), Transfer::Read, 2));
    assert_eq!(m.console.hand_switches, parse_line("A/E:").unwrap());
    let beats = obey(&mut m, 0, 0, 0);
    assert_eq!(m.store.read(128 + 5), 77);
    assert_eq!(m.store.marker(2), marker_of(3, 1));
    assert_eq!(m.stats.transfers, 1);
    assert_eq!(beats, 138);
}

#[test]
fn f08_line_as_magnetic_instruction_write() {
    let mut m = machine();
    m.store.write(64 + 7, 99);
    // Write page 1 (column `@` = 2) to track 7, half 0: char 3 = `½` (8).
    m.store
        .write(X, mag(7, Halves::Half(0), Transfer::Write, 1));
    let beats = obey(&mut m, 8, X, 0);
    assert_eq!(m.drum.half_track(7, 0)[7], 99);
    assert!(m.drum.dirty);
    assert_eq!(beats, 258);
}

// ---------------------------------------------------------------- accumulator group

#[test]
fn f01_t_slash_load_unsigned() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 1, X, 0), 5);
    assert_eq!(m.a, u128::from(S_NEG));
    assert!(!m.a_sign());
}

#[test]
fn f17_t_half_load_signed() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 17, X, 0), 5);
    assert_eq!(m.a, sext(S_NEG));
    assert!(m.a_sign());
    // Prinz §6(13): T½ of NNNN NNNN leaves M clear; of ££££ ££££ gives −1.
    let mut m = with_s(parse_line("NNNN").unwrap() as u64 * (1 + (1 << 20)));
    obey(&mut m, 17, X, 0);
    assert_eq!(mm(m.a), 0);
    let mut m = with_s(MASK40);
    obey(&mut m, 17, X, 0);
    assert_eq!(m.a, MASK80);
}

#[test]
fn f27_tf_load_negative() {
    let mut m = with_s(S_POS);
    assert_eq!(obey(&mut m, 27, X, 0), 5);
    assert_eq!(m.a, (MASK80 + 1 - u128::from(S_POS)) & MASK80);
    let mut m = with_s(S_NEG);
    obey(&mut m, 27, X, 0);
    assert_eq!(m.a, (1u128 << 40) - u128::from(S_NEG));
}

#[test]
fn f31_tk_load_doubled() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 31, X, 0), 5);
    assert_eq!(m.a, (sext(S_NEG) << 1) & MASK80);
}

#[test]
fn f09_t_colon_clear() {
    let mut m = with_s(S_POS);
    assert_eq!(obey(&mut m, 9, 0x3FF, 0), 5);
    assert_eq!(m.a, 0);
}

#[test]
fn f13_ti_add_unsigned() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 13, X, 0), 5);
    assert_eq!(m.a, A0 + u128::from(S_NEG));
}

#[test]
fn f29_tc_add_signed() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 29, X, 0), 5);
    assert_eq!(m.a, (A0 + sext(S_NEG)) & MASK80);
}

#[test]
fn f25_tn_subtract_signed() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 25, X, 0), 5);
    assert_eq!(m.a, A0.wrapping_sub(sext(S_NEG)) & MASK80);
    // Overflow over the end of A is silent (Prinz §11).
    let mut m = with_s(1);
    m.a = 0;
    obey(&mut m, 25, X, 0);
    assert_eq!(m.a, MASK80);
    // S = -2^39: 80-bit arithmetic gives +2^39; SimH's 40-bit negation gives -2^39.
    let mut m = with_s(1 << 39);
    m.a = 0;
    obey(&mut m, 25, X, 0);
    assert_eq!(m.a, 1 << 39);
    let mut m = Machine::new(Config {
        simh_negation: true,
        ..Config::default()
    });
    m.store.write_long(X, 1 << 39);
    obey(&mut m, 25, X, 0);
    assert_eq!(m.a, sext(1 << 39));
    obey(&mut m, 27, X, 0);
    assert_eq!(m.a, sext(1 << 39), "TF alike");
}

#[test]
fn f22_j_add_to_m() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 22, X, 0), 5);
    assert_eq!(l(m.a), l(A0));
    assert_eq!(mm(m.a), (mm(A0) + S_NEG) & MASK40);
}

#[test]
fn f10_s_store_l() {
    let mut m = with_s(0);
    assert_eq!(obey(&mut m, 10, X, 0), 5);
    assert_eq!(m.store.read_long(X), l(A0));
    assert_eq!(m.a, A0);
}

#[test]
fn f02_e_store_m() {
    let mut m = with_s(0);
    assert_eq!(obey(&mut m, 2, X, 0), 5);
    assert_eq!(m.store.read_long(X), mm(A0));
    assert_eq!(m.a, A0);
    // Prinz §11: A = 7·2^40 + 5·2^35, VE/E stores 7.
    let mut m = with_s(0);
    m.a = (7u128 << 40) | (5 << 35);
    obey(&mut m, 2, X, 0);
    assert_eq!(m.store.read_long(X), 7);
}

#[test]
fn f07_ta_store_l_clear_a() {
    let mut m = with_s(0);
    assert_eq!(obey(&mut m, 7, X, 0), 5);
    assert_eq!(m.store.read_long(X), l(A0));
    assert_eq!(m.a, 0);
}

#[test]
fn f06_a_store_m_clear_m() {
    let mut m = with_s(0);
    assert_eq!(obey(&mut m, 6, X, 0), 5);
    assert_eq!(m.store.read_long(X), mm(A0));
    assert_eq!(m.a, u128::from(l(A0)));
}

#[test]
fn f14_u_store_l_shift_down() {
    let mut m = with_s(0);
    assert_eq!(obey(&mut m, 14, X, 0), 5);
    assert_eq!(m.store.read_long(X), l(A0));
    assert_eq!(m.a, u128::from(mm(A0)));
}

#[test]
fn f12_i_swap_halves() {
    let mut m = with_s(0);
    assert_eq!(obey(&mut m, 12, 0, 0), 5);
    assert_eq!(l(m.a), mm(A0));
    assert_eq!(mm(m.a), l(A0));
}

// ---------------------------------------------------------------- multiplication

#[test]
fn f28_c_multiplicand_unsigned_and_f24_n() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 28, X, 0), 5);
    assert_eq!(m.d, S_NEG);
    assert!(!m.d_signed);
    m.store.write_long(X, 3);
    assert_eq!(obey(&mut m, 24, X, 0), 9);
    assert_eq!(m.a, (A0 + 3 * u128::from(S_NEG)) & MASK80);
}

#[test]
fn f30_k_multiplicand_signed_and_f26_f() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 30, X, 0), 5);
    assert!(m.d_signed);
    m.a = 0;
    m.store.write_long(X, MASK40); // −1 signed
    assert_eq!(obey(&mut m, 26, X, 0), 9);
    // (−k)·(−1) = k where S_NEG = −k.
    assert_eq!(m.a, u128::from((1u64 << 40) - S_NEG));
}

#[test]
fn f24_n_signed_d_unsigned_s() {
    let mut m = with_s(7);
    obey(&mut m, 30, X, 0); // D = 7 signed
    m.a = 0;
    m.store.write_long(X, MASK40); // S+ = 2^40 − 1
    assert_eq!(obey(&mut m, 24, X, 0), 9);
    assert_eq!(m.a, 7 * u128::from(MASK40));
}

#[test]
fn f16_half_subtract_product_unsigned() {
    let mut m = with_s(5);
    obey(&mut m, 28, X, 0); // D = 5
    m.a = 100;
    m.store.write_long(X, 6);
    assert_eq!(obey(&mut m, 16, X, 0), 9);
    assert_eq!(m.a, 70);
}

#[test]
fn f18_d_subtract_product_signed() {
    let mut m = with_s(5);
    obey(&mut m, 30, X, 0); // D = 5
    m.a = 100;
    m.store.write_long(X, MASK40 - 5); // −6
    assert_eq!(obey(&mut m, 18, X, 0), 9);
    assert_eq!(m.a, 130);
}

// ---------------------------------------------------------------- logical

#[test]
fn f21_tr_and() {
    let mut m = with_s(S_POS);
    assert_eq!(obey(&mut m, 21, X, 0), 5);
    assert_eq!(m.a, u128::from(l(A0) & S_POS), "M cleared: P39 of S is 0");
    let mut m = with_s(S_NEG);
    obey(&mut m, 21, X, 0);
    assert_eq!(mm(m.a), mm(A0), "M kept: P39 of S is 1");
    assert_eq!(l(m.a), l(A0) & S_NEG);
}

#[test]
fn f19_td_or() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 19, X, 0), 5);
    assert_eq!(mm(m.a), MASK40);
    assert_eq!(l(m.a), l(A0) | S_NEG);
}

#[test]
fn f23_tj_not_equivalent() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 23, X, 0), 5);
    assert_eq!(mm(m.a), mm(A0) ^ MASK40);
    assert_eq!(l(m.a), l(A0) ^ S_NEG);
    let mut m = with_s(S_POS);
    obey(&mut m, 23, X, 0);
    assert_eq!(mm(m.a), mm(A0));
}

// ---------------------------------------------------------------- special arithmetic

#[test]
fn f04_standardise() {
    let mut m = with_s(8);
    m.a = 0;
    assert_eq!(obey(&mut m, 4, X, 0), 5);
    assert_eq!(m.a, 3u128 << 40);
    let mut m = with_s(0);
    m.a = 1;
    obey(&mut m, 4, X, 0);
    assert_eq!(m.a, (63u128 << 40) | 1, "/@ of 0 gives 63 (Prinz §19)");
    let mut m = with_s(S_NEG);
    m.a = 0;
    obey(&mut m, 4, X, 0);
    assert_eq!(m.a, 39u128 << 40, "S taken unsigned");
}

#[test]
fn f04_standardise_turing_timing() {
    let mut m = Machine::new(Config {
        timing: mark1::machine::Timing::turing(),
        ..Config::default()
    });
    m.store.write_long(X, 1);
    assert_eq!(obey(&mut m, 4, X, 0), 24);
}

#[test]
fn f20_r_sideways_add() {
    let mut m = with_s(S_NEG);
    assert_eq!(obey(&mut m, 20, X, 0), 5);
    assert_eq!(m.a, A0 + (u128::from(S_NEG.count_ones()) << 40));
}

#[test]
fn f38_w_random() {
    let mut m = with_s(0);
    assert_eq!(obey(&mut m, 38, 0, 0), 24);
    assert_eq!(m.a & !0xF_FFFF, A0 & !0xF_FFFF, "rest of A unchanged");
    assert_eq!(m.stats.random, 1);
    let mut m = Machine::new(Config::simh());
    obey(&mut m, 38, 0, 0);
    assert_eq!(m.a, 50420, "SimH's first number after KEC");
}

#[test]
fn f05_t_at_marker_and_line_before() {
    let mut m = machine();
    m.store.write(129, 0xABCDE);
    m.store.set_marker(2, 0x12345);
    m.a = A0;
    assert_eq!(obey(&mut m, 5, 130, 0), 5);
    assert_eq!(m.a, 0xABCDE, "A0 := line s − 1, rest cleared");
    obey(&mut m, 5, 128, 0);
    assert_eq!(m.a, 0x12345, "line 0 of a page reads its marker");
}

// ---------------------------------------------------------------- B-tube

#[test]
fn f33_tt_b_from_store_b_modifiable() {
    let mut m = machine();
    m.store.write(X + 4, 0x80001);
    m.b[3] = 4;
    assert_eq!(obey(&mut m, 33, X, 3), 4);
    assert_eq!(m.b[3], 0x80001, "B3 := line X + B3");
    assert!(m.b_sign);
}

#[test]
fn f49_to_b_from_store_not_modified() {
    let mut m = machine();
    m.store.write(X, 0x7FFFF);
    m.b[3] = 4;
    assert_eq!(obey(&mut m, 49, X, 3), 4);
    assert_eq!(m.b[3], 0x7FFFF);
    assert!(!m.b_sign);
}

#[test]
fn f35_tz_store_from_b() {
    let mut m = machine();
    m.b[2] = 1;
    assert_eq!(obey(&mut m, 35, X, 2), 4);
    assert_eq!(m.store.read(X + 1), 1);
    assert_eq!(m.b[2], 1, "B not cleared");
}

#[test]
fn f51_tb_store_from_b_not_modified() {
    let mut m = machine();
    m.b[2] = 0x90000;
    assert_eq!(obey(&mut m, 51, X, 2), 4);
    assert_eq!(m.store.read(X), 0x90000);
    assert!(m.b_sign);
}

#[test]
fn f37_tl_subtract_b_modifiable() {
    let mut m = machine();
    m.b[5] = 2;
    m.store.write(X + 2, 3);
    assert_eq!(obey(&mut m, 37, X, 5), 4);
    assert_eq!(m.b[5], (1 << 20) - 1, "2 − 3 = −1");
    assert!(m.b_sign);
}

#[test]
fn f53_tg_subtract_not_modified() {
    let mut m = machine();
    m.b[5] = 10;
    m.store.write(X, 3);
    assert_eq!(obey(&mut m, 53, X, 5), 4);
    assert_eq!(m.b[5], 7);
    assert!(!m.b_sign);
}

// ---------------------------------------------------------------- control transfers

/// Obeys a jump at line 20 whose operand line 50 holds `t`; returns the next line.
fn jump_from_20(m: &mut Machine, f: u32, t: u32) -> u32 {
    m.store.write(20, instruction(50, 0, f));
    m.store.write(50, t);
    m.c = 19;
    let before = m.beats();
    m.step();
    assert_eq!(m.beats() - before, 4);
    (m.c + 1) & 1023
}

#[test]
fn f44_p_absolute() {
    let mut m = machine();
    assert_eq!(jump_from_20(&mut m, 44, 30), 31);
    // "If t's first two chars are ££, control goes to //" (Prinz §14(5)).
    assert_eq!(jump_from_20(&mut m, 44, parse_line("££S/").unwrap()), 0);
}

#[test]
fn f46_q_relative() {
    let mut m = machine();
    assert_eq!(jump_from_20(&mut m, 46, 3), 24);
    assert_eq!(jump_from_20(&mut m, 46, 1020), 17, "−4 relative: C = 16");
}

#[test]
fn f40_h_if_a_positive() {
    let mut m = machine();
    m.a = 0;
    assert_eq!(jump_from_20(&mut m, 40, 30), 31);
    m.a = 1u128 << 79;
    assert_eq!(jump_from_20(&mut m, 40, 30), 21);
}

#[test]
fn f56_m_relative_if_a_positive() {
    let mut m = machine();
    assert_eq!(jump_from_20(&mut m, 56, 5), 26);
    m.a = MASK80;
    assert_eq!(jump_from_20(&mut m, 56, 5), 21);
}

#[test]
fn f32_t_if_b_sign_clear() {
    let mut m = machine();
    assert_eq!(jump_from_20(&mut m, 32, 30), 31);
    m.b_sign = true;
    assert_eq!(jump_from_20(&mut m, 32, 30), 21);
}

#[test]
fn f48_o_relative_if_b_sign_clear() {
    let mut m = machine();
    assert_eq!(jump_from_20(&mut m, 48, 2), 23);
    m.b_sign = true;
    assert_eq!(jump_from_20(&mut m, 48, 2), 21);
}

#[test]
fn jump_to_itself_is_a_dynamic_stop() {
    let mut m = machine();
    m.store.write(20, instruction(50, 0, 46));
    m.store.write(50, 1023);
    m.c = 19;
    assert_eq!(m.step(), Some(Stop::DynamicStop { line: 20 }));
    assert_eq!((m.c + 1) & 1023, 20);
}

// ---------------------------------------------------------------- special operational

#[test]
fn f36_l_dummy_stop() {
    let mut m = machine();
    assert_eq!(obey(&mut m, 36, 0, 0), 4, "switch off: a dummy");
    m.console.stop_l = true;
    m.store.write(1, instruction(0, 0, 36));
    m.c = 0;
    assert_eq!(
        m.step(),
        Some(Stop::DummyStop {
            line: 1,
            switch: StopSwitch::L
        })
    );
    assert_eq!(m.c, 1, "continuing obeys line 2");
}

#[test]
fn f52_g_dummy_stop() {
    let mut m = machine();
    assert_eq!(obey(&mut m, 52, 0, 0), 4);
    m.console.stop_g = true;
    m.store.write(1, instruction(0, 0, 52));
    m.c = 0;
    assert_eq!(
        m.step(),
        Some(Stop::DummyStop {
            line: 1,
            switch: StopSwitch::G
        })
    );
    // Counted when the machine goes on, as SimH counts it (docs/machine.md, Stops).
    let (n, beats) = (m.stats.instructions, m.beats());
    assert_eq!((n, beats), (1, 4), "the earlier dummy only");
    m.store.write(2, instruction(0, 0, 9));
    assert_eq!(m.step(), None);
    assert_eq!(m.stats.instructions, 3);
    assert_eq!(m.beats(), 4 + 4 + 5);
    // A KEC before going on drops it.
    m.store.write(1, instruction(0, 0, 52));
    m.c = 0;
    m.step();
    m.kec();
    assert_eq!(m.stats.instructions, 3);
}

#[test]
fn f60_v_hoot() {
    let mut m = machine();
    m.stats.beats = 1000;
    assert_eq!(obey(&mut m, 60, 0, 0), 4);
    assert_eq!(m.hooter.count, 1);
    assert_eq!(m.hooter.beats, vec![1004]);
}

#[test]
fn hoot_loop_is_a_hoot_stop_and_pulses_every_8_beats() {
    // Turing H1 node11: FS: NS/V, CS: FS/P sounds every 8 beats (521 Hz).
    let mut m = Machine::new(Config {
        stop_on_dynamic: false,
        ..Config::default()
    });
    m.store.write(10, instruction(0, 0, 60));
    m.store.write(11, instruction(12, 0, 44));
    m.store.write(12, 9);
    m.c = 9;
    m.run(Budget::beats(8 * 100));
    let d: Vec<u64> = m.hooter.beats.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(d.len() > 90 && d.iter().all(|&x| x == 8));
    let mut m = machine();
    m.store.write(10, instruction(0, 0, 60));
    m.store.write(11, instruction(12, 0, 44));
    m.store.write(12, 9);
    m.c = 9;
    assert_eq!(m.run(Budget::beats(1000)), Stop::HootStop { line: 11 });
}

#[test]
fn f34_z_hand_switches_to_store() {
    let mut m = machine();
    m.set_hand_switches(0xBEEF);
    assert_eq!(obey(&mut m, 34, X, 0), 4);
    assert_eq!(m.store.read(X), 0xBEEF);
}

#[test]
fn f42_y_clears_line() {
    let mut m = machine();
    m.store.write(X, 5);
    m.store.write(X + 1, 6);
    assert_eq!(obey(&mut m, 42, X, 0), 4);
    assert_eq!((m.store.read(X), m.store.read(X + 1)), (0, 6));
    // The table's meaning (the disassembler's comment) says what is obeyed, and whose
    // reading it is (docs/machine.md, table of choices).
    let meaning = mark1::machine::code::order(42).meaning;
    assert!(meaning.starts_with("s' = 0"), "{meaning}");
    assert!(meaning.contains("SimH"), "{meaning}");
}

#[test]
fn dummies_and_unassigned_codes() {
    // Prinz §20(10)-(14): TS TH TX TV and T£ are 4-beat dummies; so is every code no
    // source assigns, unless the machine is set to stop on them.
    for f in [
        11, 41, 59, 61, 63, 3, 15, 39, 43, 45, 47, 55, 57, 50, 54, 58, 62,
    ] {
        let mut m = with_s(S_POS);
        m.store.write(1, instruction(X, 0, f));
        let before = (m.a, m.b, m.d, m.store.lines().to_vec());
        assert_eq!(obey(&mut m, f, X, 0), 4, "f = {f}");
        assert_eq!((m.a, m.b, m.d, m.store.lines().to_vec()), before, "f = {f}");
    }
    let mut m = Machine::new(Config {
        stop_on_unassigned: true,
        ..Config::default()
    });
    m.store.write(1, instruction(0, 0, 3));
    assert_eq!(
        m.step(),
        Some(Stop::Unassigned {
            line: 1,
            function: 3
        })
    );
    assert_eq!(m.stats.instructions, 0);
    assert_eq!(m.c, 0, "not obeyed: continuing tries line 1 again");
    // T£ is a dummy even with the stop set.
    m.store.write(1, instruction(0, 0, 63));
    assert_eq!(m.step(), None);
}

// ---------------------------------------------------------------- B-modification

#[test]
fn b_modification_changes_the_b_line_named() {
    // Prinz §18(14)-(16): adding //E/ turns Y into P: presumptive VEYT (TT on B5)
    // becomes VEPT, which sets B6.
    let mut m = machine();
    m.b[5] = parse_line("//E/").unwrap();
    m.store.write(62, 0x1234);
    m.store.write(1, parse_line("VEYT").unwrap());
    m.step();
    assert_eq!(m.pi, parse_line("VEPT").unwrap());
    assert_eq!(m.b[6], 0x1234);
    assert_eq!(m.b[5], parse_line("//E/").unwrap());
}

#[test]
fn b_modification_changes_the_function() {
    // B1 holds ///E (function +2): presumptive VEE/ (// on B1) becomes VE/E, store M.
    let mut m = machine();
    m.b[1] = parse_line("///E").unwrap();
    m.a = 9u128 << 40;
    m.store.write(1, parse_line("VEE/").unwrap());
    m.step();
    assert_eq!(m.pi, parse_line("VE/E").unwrap(), "B-digits cleared in PI");
    assert_eq!(m.store.read_long(62), 9);
    assert_eq!(m.stats.transfers, 0);
}

#[test]
fn b0_is_added_like_any_b_line() {
    // Prinz §17(15): B0 is empty by convention only.
    let mut m = machine();
    m.b[0] = 2;
    m.store.write_long(X + 2, 77);
    m.store.write(1, instruction(X, 0, 1));
    m.step();
    assert_eq!(m.a, 77);
}

#[test]
fn b_exceptional_orders_are_not_modified() {
    // Prinz §17(13): with B7 = 30, /IUK is obeyed as VI/K; but QO (TO on B7) is not.
    let mut m = machine();
    m.b[7] = 30;
    m.store.write(1, parse_line("/IUK").unwrap());
    m.step();
    assert_eq!(m.pi, parse_line("VI/K").unwrap());
    m.store.write(X, 5);
    m.store.write(X + 30, 6);
    m.store.write(2, instruction(X, 7, 49));
    m.step();
    assert_eq!(m.b[7], 5);
}

// ---------------------------------------------------------------- magnetic checks

fn check_setup() -> Machine {
    let mut m = machine();
    let mut ht = [0u32; 64];
    for (i, w) in ht.iter_mut().enumerate() {
        *w = i as u32 * 3;
    }
    m.drum.set_half_track(9, 0, &ht);
    // Line 100: read track 9 half 0 into page 3 (column I = 6).
    m.store.write(X, mag(9, Halves::Half(0), Transfer::Read, 3));
    obey(&mut m, 8, X, 0);
    m
}

#[test]
fn read_like_check_success_skips_to_x_plus_3() {
    let mut m = check_setup();
    m.store
        .write(X + 2, mag(9, Halves::Half(0), Transfer::ReadCheck, 3)); // `:`
    m.store.write(20, instruction(X + 2, 0, 8));
    m.c = 19;
    let before = m.beats();
    m.step();
    assert_eq!(m.c + 1, 23, "success: next is x + 3");
    assert_eq!(m.beats() - before, 138);
    assert_eq!((m.stats.checks, m.stats.checks_ok), (1, 1));
}

#[test]
fn check_failure_goes_to_x_plus_1() {
    let mut m = check_setup();
    m.store.write(192 + 5, 1);
    m.store
        .write(X + 2, mag(9, Halves::Half(0), Transfer::ReadCheck, 3));
    m.store.write(20, instruction(X + 2, 0, 8));
    m.c = 19;
    m.step();
    assert_eq!(m.c + 1, 21);
}

#[test]
fn read_like_check_compares_the_marker_write_like_does_not() {
    let mut m = check_setup();
    m.store.set_marker(3, 0);
    m.store
        .write(X + 2, mag(9, Halves::Half(0), Transfer::ReadCheck, 3)); // read-like
    m.store
        .write(X + 4, mag(9, Halves::Half(0), Transfer::WriteCheck, 3)); // `N`
    m.store.write(20, instruction(X + 2, 0, 8));
    m.store.write(21, instruction(X + 4, 0, 8));
    m.c = 19;
    m.step();
    assert_eq!(m.c, 20, "read-like check fails on the marker");
    m.step();
    assert_eq!(m.c, 23, "write-like check ignores it");
}

#[test]
fn double_crossed_read() {
    let mut m = machine();
    m.drum.set_half_track(4, 0, &[1; 64]);
    m.drum.set_half_track(4, 1, &[2; 64]);
    // Crossed double read (`A`) to pages 2,3 (column `:` = 4).
    m.store.write(X, mag(4, Halves::Crossed, Transfer::Read, 2));
    obey(&mut m, 8, X, 0);
    assert_eq!((m.store.read(128), m.store.read(192)), (2, 1));
    assert_eq!(m.store.marker(2), marker_of(4, 1));
    // Parallel (`@`).
    m.store.write(X, mag(4, Halves::Double, Transfer::Read, 2));
    obey(&mut m, 8, X, 0);
    assert_eq!((m.store.read(128), m.store.read(192)), (1, 2));
    assert_eq!(m.stats.transfers, 2);
}

// ---------------------------------------------------------------- input / output

/// An I/O instruction line whose third character is `code` (16–31).
fn io_line(code: u32) -> u32 {
    IoOrder::of_char(code as u8).encode()
}

#[test]
fn output_is_two_stage() {
    let mut m = machine();
    m.store.write(X, io_line(16)); // T
    m.store.write(X + 1, io_line(17)); // Z
    m.a = 5u128 << 75; // S
    obey(&mut m, 8, X, 0);
    assert_eq!(m.teleprinter.orders(), &[], "set up, not yet carried out");
    assert_eq!(m.teleprinter.pending, Some(OutputOrder::Char(5)));
    obey(&mut m, 8, X + 1, 0);
    assert_eq!(m.teleprinter.orders(), &[OutputOrder::Char(5)]);
    assert_eq!(m.printer_text(), "S");
    assert_eq!(m.teleprinter.pending, Some(OutputOrder::Space));
}

#[test]
fn printer_paces_output_and_space_holds_computation() {
    let mut m = machine();
    m.store.write(X, io_line(16));
    m.store.write(X + 1, io_line(17));
    obey(&mut m, 8, X, 0); // T set up
    let b1 = obey(&mut m, 8, X + 1, 0); // carries out T: printer busy 625 beats
    assert_eq!(b1, 4);
    let b2 = obey(&mut m, 8, X + 1, 0); // waits for the printer, carries out the space
    assert_eq!(b2, 4 + (625 - 4) + 625);
}

#[test]
fn immediate_output_with_simh_settings() {
    let mut m = Machine::new(Config::simh());
    m.store.write(X, io_line(16));
    m.a = 5u128 << 75;
    assert_eq!(obey(&mut m, 8, X, 0), 4 + 62);
    assert_eq!(m.printer_text(), "S");
}

#[test]
fn input_order_reads_tape_into_top_of_m() {
    let mut m = machine();
    m.load_tape(&[9, 31]);
    m.store.write(X, io_line(24));
    m.a = (31u128 << 75) | 7;
    let beats = obey(&mut m, 8, X, 0);
    assert_eq!(
        m.a,
        (9u128 << 75) | 7,
        "P75-P79 cleared, then the character"
    );
    assert_eq!(beats, 4 + 21);
    assert_eq!(m.stats.chars_in, 1);
}

#[test]
fn reader_empty_stops_and_continuing_reads_again() {
    let mut m = machine();
    m.store.write(X, io_line(24));
    m.store.write(20, instruction(X, 0, 8));
    m.c = 19;
    assert_eq!(m.step(), Some(Stop::ReaderEmpty { line: 20 }));
    assert_eq!((m.c, m.stats.instructions, m.beats()), (19, 0, 0));
    m.feed_tape(&[3]);
    assert_eq!(m.step(), None);
    assert_eq!(m.a >> 75, 3);
    assert_eq!(m.c, 20);
}

#[test]
fn check_order_b_xors_staticisor_into_top_of_m() {
    let mut m = machine();
    m.store.write(X, io_line(16));
    m.store.write(X + 1, io_line(25));
    m.a = 0b10110u128 << 75;
    obey(&mut m, 8, X, 0);
    let beats = obey(&mut m, 8, X + 1, 0);
    assert_eq!(
        m.a, 0,
        "XOR of the same character clears the top five digits"
    );
    assert_eq!(beats, 4, "a short-line order under Prinz's timing");
}

#[test]
fn shift_orders_and_figure_shift_glyphs() {
    let mut m = machine();
    for (i, code) in [20, 16, 16, 21, 16, 19].into_iter().enumerate() {
        m.store.write(X + i as u32, io_line(code));
    }
    for (i, ch) in [0u8, 1, 13, 0, 1, 0].into_iter().enumerate() {
        m.a = u128::from(ch) << 75;
        obey(&mut m, 8, X + i as u32, 0);
    }
    // H, T(1), T(F), Y, T(E) carried out; LF still set up.
    assert_eq!(m.printer_text(), "1.E");
}

// ---------------------------------------------------------------- console

#[test]
fn kac_held_zeroes_a_but_latches_the_sign() {
    // Link 2012: while KAC is held A reads zero, yet the A-sign flip-flop is set from
    // each result computed before recirculation.
    let mut m = with_s(S_NEG);
    m.a = 5;
    m.set_kac(true);
    assert_eq!(m.a, 0);
    assert!(!m.a_sign());
    obey(&mut m, 17, X, 0); // T½ of a negative number
    assert_eq!(m.a, 0, "A lost");
    assert!(m.a_sign(), "sign of the lost result");
    // /H does not jump: the flip-flop says negative.
    m.store.write(20, instruction(50, 0, 40));
    m.store.write(50, 30);
    m.c = 19;
    m.step();
    assert_eq!(m.c, 20);
    m.set_kac(false);
    assert!(m.a_sign(), "held until the next order that writes A");
    obey(&mut m, 9, 0, 0); // T:
    assert!(!m.a_sign());
}

#[test]
fn kcc_held_obeys_hand_switches() {
    let mut m = machine();
    m.drum.set_half_track(2, 0, &[5; 64]);
    m.set_hand_switches(mag(2, Halves::Half(0), Transfer::Read, 4));
    m.store.write(1, instruction(X, 0, 1));
    m.console.kcc_held = true;
    m.step();
    assert_eq!(m.store.read(256), 5);
    assert_eq!(m.c, 0);
}

#[test]
fn kec_clears_store_registers_and_control_but_not_drum_or_switches() {
    let mut m = with_s(S_POS);
    m.b = [1; 8];
    m.d = 3;
    m.c = 40;
    m.set_hand_switches(77);
    m.drum.set_half_track(1, 1, &[4; 64]);
    m.kec();
    assert_eq!((m.a, m.d, m.b, m.c), (0, 0, [0; 8], 0));
    assert_eq!(m.store.read_long(X), 0);
    assert_eq!(m.console.hand_switches, 77);
    assert_eq!(m.drum.half_track(1, 1)[0], 4);
}

#[test]
fn breakpoint_then_step_obeys_the_instruction() {
    let mut m = machine();
    for line in 1..10 {
        m.store.write(line, instruction(0, 0, 9)); // T:
    }
    m.breaks.set_line(5, true);
    assert_eq!(m.run(Budget::beats(1000)), Stop::Breakpoint { line: 5 });
    assert_eq!(m.stats.instructions, 4);
    assert_eq!(m.step(), None);
    assert_eq!(m.c, 5, "the step obeyed line 5");
    // Running again from the breakpoint line goes on past it.
    m.c = 4;
    assert_eq!(m.run(Budget::instructions(3)), Stop::InstructionLimit);
}

/// Every I/O order, named or dummy, encodes to a line that decodes to the same order,
/// over all 16 values of character 3; a dummy holds only the dummy values (a value that
/// names an order, such as 16 = T or 24 = O, is not a dummy).
#[test]
fn io_orders_round_trip_over_all_sixteen_values() {
    use mark1::machine::code::DummyChar;
    let mut dummies = 0;
    for v in 16u8..32 {
        let o = IoOrder::of_char(v);
        assert_eq!(o.char_value(), v, "{v}");
        assert_eq!(IoOrder::decode(o.encode()), Some(o), "{v}");
        match DummyChar::new(v) {
            Some(d) => {
                dummies += 1;
                assert_eq!(d.value(), v);
                assert_eq!(IoOrder::Dummy(d), o, "{v}");
                assert_eq!(IoOrder::decode(IoOrder::Dummy(d).encode()), Some(o));
            }
            None => assert!(!matches!(o, IoOrder::Dummy(_)), "{v}"),
        }
    }
    assert_eq!(dummies, 8);
    assert!(DummyChar::new(16).is_none() && DummyChar::new(24).is_none());
}
