//! Property test: whatever the store, drum, registers and switches hold, the machine
//! runs a bounded number of beats without panicking, every register stays within its
//! width, and every instruction costs at least 4 beats.

use crate::common::config;
use mark1::machine::{Budget, Machine, Stop, MASK80};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_machines_never_panic(
        store in proptest::collection::vec(0u32..(1 << 20), 512),
        drum in proptest::collection::vec(0u32..(1 << 20), 0..512),
        b in proptest::array::uniform8(0u32..(1 << 20)),
        a in any::<u128>(), h in 0u32..(1 << 20), c in 0u32..1024,
        tape in proptest::collection::vec(0u8..32, 0..20),
        k in any::<u8>(), kac in any::<bool>(), kcc in any::<bool>(),
    ) {
        let mut m = Machine::new(config(u64::from(k)));
        for (i, &w) in store.iter().enumerate() {
            m.store.write(i as u32, w);
        }
        let mut words = vec![0u32; 32768];
        words[..drum.len()].copy_from_slice(&drum);
        m.drum.load_words(&words);
        m.b = b;
        m.a = a & MASK80;
        m.set_hand_switches(h);
        m.c = c;
        m.load_tape(&tape);
        m.console.stop_l = k & 16 != 0;
        m.console.stop_g = k & 32 != 0;
        m.set_kac(kac);
        m.console.kcc_held = kcc;
        m.breaks.on_print = k & 64 != 0;
        for _ in 0..20 {
            let before = (m.stats.instructions, m.beats());
            let stop = m.run(Budget::beats(20_000));
            prop_assert!(m.a <= MASK80);
            prop_assert!(m.c < 1024 && m.pi < 1 << 20 && m.d < 1 << 40);
            prop_assert!(m.b.iter().all(|&x| x < 1 << 20));
            prop_assert!(m.store.lines().iter().all(|&x| x < 1 << 20));
            let n = m.stats.instructions - before.0;
            prop_assert!(m.beats() - before.1 >= 4 * n);
            if stop == Stop::BeatLimit {
                break;
            }
            if matches!(stop, Stop::ReaderEmpty { .. }) {
                m.feed_tape(&[1, 2, 3]);
            }
        }
    }
}
