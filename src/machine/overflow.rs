//! Overflow as a programmer means it, for `mark1 run --warn-overflow`: an order whose
//! exact result, read as a signed number (the plus-minus convention), does not fit A's
//! 80 bits. The machine itself has no overflow indicator: its additions are reckoned
//! mod 2^80, and overflow "into the sign digit" or "over the end of the accumulator"
//! goes on silently (Prinz §11(4)–(14), §13(7)–(17); docs/machine.md). This module only
//! looks at an order after it is obeyed; it changes nothing.

use super::code::{address, function, op};
use super::Machine;

/// A in the plus-minus convention: P79 the sign.
fn signed80(a: u128) -> i128 {
    ((a << 48) as i128) >> 48
}

/// A 40-bit long line in the plus-minus convention (P39 the sign).
fn signed40(v: u64) -> i128 {
    i128::from(((v << 24) as i64) >> 24)
}

/// The first overflow found: where and by which order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow {
    /// The line of the order (0–1023).
    pub line: u32,
    /// The actual (B-modified) instruction obeyed.
    pub order: u32,
    /// The exact result, which does not fit −2^79 … 2^79 − 1.
    pub exact: i128,
}

/// Whether the order `m` has just obeyed at `line` overflowed, A having been `before`:
/// for the additions and subtractions (`TI` `TC` `TN` `/J`) and the multiplications
/// into A (`/N` `/F` `/½` `/D`), the exact result of A ± S (or A ± D·S) is computed
/// from `before`, the operand still in the store and D, and compared with A's signed
/// range. The loads (`T/` `T½` `TF` `TK`) cannot overflow; the logical orders and the
/// shifts by storing are not arithmetic. `None` when the order did not overflow.
pub fn check(m: &Machine, line: u32, before: u128) -> Option<Overflow> {
    let order = m.pi;
    let f = function(order);
    let a = signed80(before);
    let s = || m.store.read_long(address(order));
    let d = || {
        if m.d_signed {
            signed40(m.d)
        } else {
            i128::from(m.d)
        }
    };
    let exact = match f {
        op::ADD => a + i128::from(s()),
        op::ADD_SIGNED => a + signed40(s()),
        op::SUB_SIGNED => a - signed40(s()),
        op::ADD_M => a + (signed40(s()) << 40),
        op::MUL_ADD => a + d() * i128::from(s()),
        op::MUL_ADD_SIGNED => a + d() * signed40(s()),
        op::MUL_SUB => a - d() * i128::from(s()),
        op::MUL_SUB_SIGNED => a - d() * signed40(s()),
        _ => return None,
    };
    let fits = (-(1i128 << 79)..(1i128 << 79)).contains(&exact);
    (!fits).then_some(Overflow { line, order, exact })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::code::instruction;
    use crate::machine::Config;

    #[test]
    fn the_largest_sum_overflows_and_a_smaller_one_does_not() {
        let mut m = Machine::new(Config::default());
        m.store.write_long(64, 1);
        m.pi = instruction(64, 0, op::ADD_SIGNED);
        let top = (1u128 << 79) - 1;
        let o = check(&m, 5, top).expect("2^79 - 1 + 1 overflows");
        assert_eq!((o.line, o.exact), (5, 1i128 << 79));
        assert_eq!(check(&m, 5, top - 1), None);
        // Adding -1 to the most negative number overflows the other way.
        m.store.write_long(64, (1 << 40) - 1);
        assert!(check(&m, 5, 1u128 << 79).is_some());
        assert_eq!(check(&m, 5, 0), None);
    }
}
