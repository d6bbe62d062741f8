//! Each order's arithmetic, once: what an order computes from the registers and the
//! line it reads, shared by the reference core ([`super::exec`]) and both loops of the
//! fast core ([`super::fast`]). Where the operand comes from and where the result goes
//! (the store, the block core's lines, registers held in locals) is each loop's own; the
//! functions are `#[inline(always)]` so that each loop compiles them into its own
//! dispatch. Sources per order are in docs/machine.md's table.
//!
//! Shapes: A is 80 bits in a `u128` (kept masked with [`MASK80`]); S, the long line at
//! s, is 40 bits in a `u64`; D is held as the multiplier it is, a signed 64-bit number
//! ([`factor`]); B-lines and short lines are 20 bits in a `u32`.

use super::code::{function, op, MASK20, MASK40};
use super::store::signed40;
use super::MASK80;

/// A 40-bit long line sign-extended to the 80 bits of A (plus-minus convention, Prinz
/// §6(15)–(25)).
#[inline(always)]
pub(super) fn sext(v: u64) -> u128 {
    (signed40(v) as i128 as u128) & MASK80
}

/// `T/`: A := S unsigned (Prinz §10).
#[inline(always)]
pub(super) fn load(s: u64) -> u128 {
    u128::from(s)
}

/// `T½`: A := S signed (Prinz §10).
#[inline(always)]
pub(super) fn load_signed(s: u64) -> u128 {
    sext(s)
}

/// S sign-extended and negated (Prinz §10(8)–(9), §11(15)). With `simh_negation`
/// ([`super::Config`]) S is negated within 40 bits first and the result sign-extended,
/// as SimH does: the same except for S = −2^39, where that gives −2^39 instead of +2^39.
#[inline(always)]
pub(super) fn negated(s: u64, simh_negation: bool) -> u128 {
    if simh_negation {
        sext(s.wrapping_neg() & MASK40)
    } else {
        sext(s).wrapping_neg() & MASK80
    }
}

/// `TF`: A := −S signed (Prinz §10(8)–(9)).
#[inline(always)]
pub(super) fn load_negated(s: u64, simh_negation: bool) -> u128 {
    negated(s, simh_negation)
}

/// `TK`: A := 2·S signed (Prinz §10(11)–(14)).
#[inline(always)]
pub(super) fn load_double(s: u64) -> u128 {
    (sext(s) << 1) & MASK80
}

/// `TI`: A += S unsigned (Prinz §11).
#[inline(always)]
pub(super) fn add(a: u128, s: u64) -> u128 {
    (a + u128::from(s)) & MASK80
}

/// `TC`: A += S signed (Prinz §11).
#[inline(always)]
pub(super) fn add_signed(a: u128, s: u64) -> u128 {
    (a + sext(s)) & MASK80
}

/// `TN`: A −= S signed (Prinz §11(15)).
#[inline(always)]
pub(super) fn sub_signed(a: u128, s: u64, simh_negation: bool) -> u128 {
    (a + negated(s, simh_negation)) & MASK80
}

/// `/J`: M += S (Prinz §11(16)–(17)).
#[inline(always)]
pub(super) fn add_m(a: u128, s: u64) -> u128 {
    (a + (u128::from(s) << 40)) & MASK80
}

/// L, the less significant half of A, as the long line `/S` `TA` `/U` write (Prinz
/// §13(3)): the low 64 bits of A, of which a long-line write keeps 40.
#[inline(always)]
pub(super) fn l(a: u128) -> u64 {
    a as u64
}

/// M, the more significant half of A, as the long line `/E` `/A` write (Prinz §13(3)).
#[inline(always)]
pub(super) fn m(a: u128) -> u64 {
    (a >> 40) as u64
}

/// A after `/A` has written M: M := 0 (Prinz §13(3)).
#[inline(always)]
pub(super) fn clear_m(a: u128) -> u128 {
    a & u128::from(MASK40)
}

/// A after `/U` has written L: L := M, M := 0 (Prinz §13(4)).
#[inline(always)]
pub(super) fn shift_down(a: u128) -> u128 {
    a >> 40
}

/// `/I`: swap L and M (Prinz §13(5)).
#[inline(always)]
pub(super) fn swap(a: u128) -> u128 {
    (a >> 40) | ((a & u128::from(MASK40)) << 40)
}

/// The multiplier D (or a factor S) as a number: signed (`/K`, `/D` `/F`) or unsigned
/// (`/C`, `/½` `/N`) (Prinz §12). 40 bits fit in an `i64` either way.
#[inline(always)]
pub(super) fn factor(v: u64, signed: bool) -> i64 {
    if signed {
        signed40(v)
    } else {
        v as i64
    }
}

/// `/N` `/F` (`subtract` false) and `/½` `/D` (true): A ± D·S, where `d` and `s` are
/// the factors ([`factor`]). The product is exact (64 × 64 → 128 bits) and taken mod
/// 2^80, which is the same as the product of the two 80-bit two's complement factors
/// (Prinz §12).
#[inline(always)]
pub(super) fn multiply(a: u128, d: i64, s: i64, subtract: bool) -> u128 {
    let p = (i128::from(d) * i128::from(s)) as u128;
    if subtract {
        a.wrapping_sub(p) & MASK80
    } else {
        a.wrapping_add(p) & MASK80
    }
}

/// `TR`: A := A and S, S signed (Prinz §16(8)–(12)).
#[inline(always)]
pub(super) fn and(a: u128, s: u64) -> u128 {
    a & sext(s)
}

/// `TD`: A := A or S, S signed (Prinz §16(17)–(18)).
#[inline(always)]
pub(super) fn or(a: u128, s: u64) -> u128 {
    a | sext(s)
}

/// `TJ`: A := A xor S, S signed (Prinz §16(25)–(28)).
#[inline(always)]
pub(super) fn xor(a: u128, s: u64) -> u128 {
    a ^ sext(s)
}

/// `/@`: M += the position of the top 1 of S unsigned, 63 if S = 0 (Prinz §19(2)–(11)).
#[inline(always)]
pub(super) fn top_bit(a: u128, s: u64) -> u128 {
    let m = if s == 0 { 63 } else { 63 - s.leading_zeros() };
    (a + (u128::from(m) << 40)) & MASK80
}

/// `/R`: M += the number of 1s in S (Prinz §19(12)–(14)).
#[inline(always)]
pub(super) fn ones(a: u128, s: u64) -> u128 {
    (a + (u128::from(s.count_ones()) << 40)) & MASK80
}

/// `T@`: A := the marker line of page p if s is line 0 of page p, else line s − 1
/// (Prinz §19(18), §24(6)–(8)); `marker` gives a page's marker, `line` a short line.
#[inline(always)]
pub(super) fn marker_or_line_before(
    s: u32,
    marker: impl FnOnce(u32) -> u32,
    line: impl FnOnce(u32) -> u32,
) -> u128 {
    u128::from(if s & 63 == 0 {
        marker(s >> 6)
    } else {
        line(s - 1)
    })
}

/// `TL` `TG`: B − line s, 20 bits (Prinz §18(28)–(30)).
#[inline(always)]
pub(super) fn b_sub(b: u32, v: u32) -> u32 {
    b.wrapping_sub(v) & MASK20
}

/// The B-sign a B-tube order leaves: P19 of the B-line it operated on (Prinz §18(39)–(40)).
#[inline(always)]
pub(super) fn b_sign(b: u32) -> bool {
    b >> 19 == 1
}

/// The A-sign of A: P79 (Prinz §5(6)).
#[inline(always)]
pub(super) fn a_sign(a: u128) -> bool {
    (a >> 79) & 1 == 1
}

/// Whether a control transfer whose taken-test is `on_a` (`/H` `/M`) or `on_b` (`/T`
/// `/O`), neither for `/P` `/Q`, is taken with these signs (Prinz §14, §18(39)–(44)).
#[inline(always)]
pub(super) fn taken(on_a: bool, on_b: bool, a_sign: bool, b_sign: bool) -> bool {
    if on_a {
        !a_sign
    } else if on_b {
        !b_sign
    } else {
        true
    }
}

/// A taken jump at `line`: C := t (`relative` false) or C := line + t (Prinz §14), and
/// the line of the next order, C + 1, both 10 bits; `t` is line s as read.
#[inline(always)]
pub(super) fn jump_to(relative: bool, line: u32, t: u32) -> (u32, u32) {
    let rel = if relative { line } else { 0 };
    ((rel + t) & 1023, (rel + t + 1) & 1023)
}

/// What makes a jump a dynamic stop instead ([`dynamic_stop`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DynamicStop {
    /// A jump to itself.
    Loop,
    /// A jump back to a `/V` just before it: a continuous hoot.
    Hoot,
}

/// Whether a jump at `line` whose next order would be at `next` is a dynamic stop, and
/// which, if the machine stops on them (`enabled`); `read` gives a short line (the line
/// before the jump is read only when `next` is that line). The common case, a jump
/// anywhere but to itself or to the line before, is one test here.
#[inline(always)]
pub(super) fn dynamic_stop(
    enabled: bool,
    line: u32,
    next: u32,
    read: impl FnOnce(u32) -> u32,
) -> Option<DynamicStop> {
    let back = line.wrapping_sub(next) & 1023;
    if back > 1 {
        None
    } else {
        near_stop(enabled, back == 0, next, read)
    }
}

/// [`dynamic_stop`] for a jump to itself (`to_itself`) or to the line `next` before it.
#[cold]
#[inline(never)]
fn near_stop(
    enabled: bool,
    to_itself: bool,
    next: u32,
    read: impl FnOnce(u32) -> u32,
) -> Option<DynamicStop> {
    if !enabled {
        None
    } else if to_itself {
        Some(DynamicStop::Loop)
    } else if function(read(next)) == op::HOOT {
        Some(DynamicStop::Hoot)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The arithmetic the reference core had before it was shared (80-bit two's
    /// complement throughout): the multiply through `i64` factors and `i128` agrees.
    #[test]
    fn multiply_agrees_with_the_80_bit_product() {
        let sext80 = |v: u64| -> u128 {
            let v = u128::from(v & MASK40);
            if v >> 39 & 1 == 1 {
                v | (MASK80 & !u128::from(MASK40))
            } else {
                v
            }
        };
        let vals = [
            0u64,
            1,
            2,
            5,
            MASK40,
            1 << 39,
            (1 << 39) - 1,
            0x12_3456_789A,
            0x80_0000_0001,
        ];
        let a = 0x1234_5678_9ABC_DEF0_1234u128 & MASK80;
        for &d in &vals {
            for &s in &vals {
                for (ds, ss) in [(false, false), (false, true), (true, false), (true, true)] {
                    let dv = if ds { sext80(d) } else { u128::from(d) };
                    let sv = if ss { sext80(s) } else { u128::from(s) };
                    let p = dv.wrapping_mul(sv);
                    let (df, sf) = (factor(d, ds), factor(s, ss));
                    assert_eq!(multiply(a, df, sf, false), a.wrapping_add(p) & MASK80);
                    assert_eq!(multiply(a, df, sf, true), a.wrapping_sub(p) & MASK80);
                }
            }
            assert_eq!(sext(d), sext80(d), "{d:#x}");
        }
    }

    #[test]
    fn dynamic_stops() {
        let hoot = op::HOOT << 14;
        assert_eq!(dynamic_stop(true, 5, 5, |_| 0), Some(DynamicStop::Loop));
        assert_eq!(dynamic_stop(true, 5, 4, |_| hoot), Some(DynamicStop::Hoot));
        assert_eq!(dynamic_stop(true, 5, 4, |_| 0), None);
        assert_eq!(
            dynamic_stop(true, 0, 1023, |_| hoot),
            Some(DynamicStop::Hoot)
        );
        assert_eq!(dynamic_stop(true, 5, 6, |_| hoot), None);
        assert_eq!(dynamic_stop(false, 5, 5, |_| 0), None);
        assert_eq!(jump_to(true, 1000, 30), (6, 7));
        assert_eq!(jump_to(false, 1000, 1023), (1023, 0));
    }
}
