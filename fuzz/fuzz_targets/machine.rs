//! The machine with arbitrary store contents, registers and switches, run for a bounded
//! number of beats: it stops with a reason, never panics, and keeps registers in width.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mark1::machine::{Budget, Config, Machine, RngKind, MASK80};

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (head, body) = data.split_at(8);
    let mut m = Machine::new(Config {
        rng: if head[0] & 1 == 0 {
            RngKind::Mark1
        } else {
            RngKind::Simh
        },
        stop_on_unassigned: head[0] & 2 != 0,
        stop_on_dynamic: head[0] & 4 != 0,
        output_lag: head[0] & 8 != 0,
        ..Config::default()
    });
    m.console.stop_l = head[1] & 1 != 0;
    m.console.stop_g = head[1] & 2 != 0;
    m.console.kcc_held = head[1] & 4 != 0;
    m.set_kac(head[1] & 8 != 0);
    m.c = u32::from(head[2]) | (u32::from(head[3] & 3) << 8);
    m.set_hand_switches(u32::from_le_bytes([head[4], head[5], head[6], head[7]]));
    // Three bytes per store line, the rest of the input also as tape.
    for (i, w) in body.chunks(3).enumerate().take(512) {
        let v = w.iter().rev().fold(0u32, |a, &b| (a << 8) | u32::from(b));
        m.store.write(i as u32, v);
    }
    m.load_tape(body);
    for _ in 0..4 {
        m.run(Budget::beats(5_000));
        assert!(m.a <= MASK80 && m.c < 1024 && m.b.iter().all(|&b| b < 1 << 20));
    }
});
