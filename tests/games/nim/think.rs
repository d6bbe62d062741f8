//! The nim programme on the emulated machine against `reference::nim` over arbitrary
//! positions (not only the generator's): the same case, the same move wherever the
//! reference fixes it, a legal random move where the position is safe.

use mark1::games::nim::think;
use mark1::reference::nim::{self as rn, Case, Rule};
use proptest::prelude::*;

fn position() -> impl Strategy<Value = (Vec<u8>, usize, bool)> {
    (2usize..=8).prop_flat_map(|n| {
        (
            prop::collection::vec(prop_oneof![0u8..=1, 0u8..=7, 0u8..=31], n),
            1..n,
            any::<bool>(),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn programme_agrees_with_reference((heaps, k, normal) in position(), seed in any::<u64>()) {
        let rule = if normal { Rule::Normal } else { Rule::Misere };
        let t = think(&heaps, k, rule, seed).unwrap();
        let want = rn::reply(&heaps, k, rule, &rn::Readings::default()).unwrap();
        prop_assert_eq!(t.case, want.case);
        match want.after {
            Some(after) => {
                prop_assert!(!t.random);
                prop_assert_eq!(t.after, after);
            }
            None if want.case == Case::Zero => prop_assert_eq!(t.after, heaps),
            None => {
                prop_assert!(t.random);
                prop_assert!(rn::check_move(&heaps, &t.after, k).is_ok());
            }
        }
    }
}

#[test]
fn refused_before_the_machine_starts() {
    assert!(think(&[1, 2, 3, 4, 5, 6, 7, 8, 9], 1, Rule::Misere, 1).is_err());
    assert!(think(&[3, 4, 5], 3, Rule::Misere, 1).is_err());
    assert!(think(&[3, 40], 1, Rule::Misere, 1).is_err());
}

#[test]
fn same_seed_same_random_move() {
    let a = think(&[5, 7, 3, 1], 1, Rule::Misere, 7).unwrap();
    let b = think(&[5, 7, 3, 1], 1, Rule::Misere, 7).unwrap();
    assert!(a.random);
    assert_eq!(a, b);
}
