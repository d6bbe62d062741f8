//! The fast core: the same machine as [`Machine::obey`] (the reference core), obeyed
//! with the registers in locals, one dispatch on a pre-decoded order, and the budget
//! turned into a down-counter (issue 26, deliverable 1; docs/performance.md).
//!
//! How it keeps every observable the same as the reference core:
//!
//! * Each store line carries a pre-decoded word ([`decode`]), recomputed whenever the line
//!   is written ([`super::Store`] does it in every write), so self-modifying programs,
//!   magnetic reads, deposits, image loads and KEC are all seen.
//! * An order is obeyed here only if it can be completed here. The rare ones (the magnetic
//!   and I/O group `//` `/:`, `/W`, the hoot `/V`, the dummy stops `/L` `/G`, an
//!   unassigned code with `stop_on_unassigned`), a B-modification that changes the
//!   function digits, and a jump that would be a dynamic or hoot stop leave the fast loop
//!   *before* anything is changed; the machine then obeys that one order through the
//!   general path ([`Machine::obey`]) and comes back.
//! * Everything else a reference run checks after each order cannot happen in a fast
//!   order: event breaks (print, hoot, transfer) only follow rare orders. What could
//!   (breakpoints, watches, KCC, KAC held or its latch) sends the whole run to the
//!   reference loop; none of these can change during a run.
//! * The instruction and beat limits become one count of orders computed before each
//!   chunk: no more than the instructions left, and no more than the beats left divided
//!   by the dearest fast order, so no order in the chunk can start at or after the beat
//!   limit. Near the limit the chunk shrinks to nothing and orders are obeyed one by one
//!   with the reference checks, so the stop comes at exactly the same beat.
//! * Instructions, beats, beats per line and orders per function are counted as the
//!   reference counts them.

use super::code::{
    function, in_set, B_DIGITS_MASK, B_TUBE, MASK20, MASK40, NOT_B_MODIFIED, UNASSIGNED,
};
use super::{Budget, Machine, Stop, MASK80};

/// The orders never obeyed in the fast loop: `//` `/:` (magnetic and I/O), `/L` `/G`
/// (dummy stops), `/W` (random), `/V` (hoot). Bit f for function f.
pub const RARE: u64 = 1 << 0 | 1 << 8 | 1 << 36 | 1 << 38 | 1 << 52 | 1 << 60;

/// Set in a pre-decoded word when the presumptive order is rare: the order field is then
/// never equal to a function number, so the one test of the fast loop catches it.
const SLOW: u32 = 64;

/// Index of the zero entry of the fast loop's B-line table, added to the B-exceptional
/// orders (TO TB TG T£), which are not B-modified (Prinz §18(16)–(20)).
const NO_B_LINE: u32 = 8;

/// The pre-decoded word of each function number, before the B-digits are added.
const DECODE: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut f = 0;
    while f < 64 {
        let mut d = f as u32;
        if in_set(RARE, f as u32) {
            d |= SLOW;
        }
        if in_set(NOT_B_MODIFIED, f as u32) {
            d |= NO_B_LINE << 8;
        }
        t[f] = d;
        f += 1;
    }
    t
};

/// The pre-decoded form of a store line `w` (20 bits): P0–P6 the function number of the
/// presumptive order, plus 64 if it is rare ([`RARE`]); P8–P11 the index of the B-line
/// added by B-modification, 8–15 (a zero entry) for the orders that are not B-modified.
#[inline(always)]
pub const fn decode(w: u32) -> u32 {
    DECODE[((w >> 14) & 63) as usize] | (((w >> 10) & 7) << 8)
}

/// Why a fast chunk ended.
enum Exit {
    /// It obeyed all the orders it was given.
    Done,
    /// The next order must be obeyed by the general path.
    General,
}

/// The 80-bit value of a 40-bit long line in the plus-minus convention, as an i64.
#[inline(always)]
fn signed40(v: u64) -> i64 {
    ((v << 24) as i64) >> 24
}

/// A 40-bit long line sign-extended to 80 bits (Prinz §6(15)–(25)).
#[inline(always)]
fn sext(v: u64) -> u128 {
    (signed40(v) as i128 as u128) & MASK80
}

/// The dearest order the fast loop obeys under `timing`, in beats (at least 1): what a
/// chunk's order count is bounded by ([`Machine::run_fast`]). Computed once, when the
/// machine is made, since its timing never changes.
pub(super) fn dearest(timing: &super::Timing) -> u64 {
    (0..64)
        .filter(|&f| !in_set(RARE, f))
        .map(|f| u64::from(timing.beats[f as usize]))
        .max()
        .unwrap_or(0)
        .max(1)
}

impl Machine {
    /// Whether this run can use the fast loop: the fast core is chosen, and nothing that
    /// must be checked after every order is in force (breakpoints, watches, KCC held, KAC
    /// held or its A-sign latch).
    pub(super) fn fast_allowed(&self) -> bool {
        self.config.core == super::Core::Fast
            && !self.console.kcc_held
            && !self.console.kac_held
            && self.a_sign_latch.is_none()
            && !self.breaks.any_line
            && self.breaks.watches.is_empty()
    }

    /// [`Machine::run`] on the fast core; stops exactly where the reference core stops.
    pub(super) fn run_fast(&mut self, budget: Budget) -> Stop {
        self.settle_dummy_stop();
        let beat_end = self.stats.beats.saturating_add(budget.beats);
        let instr_end = self.stats.instructions.saturating_add(budget.instructions);
        let dearest = self.fast_dearest;
        loop {
            if self.stats.beats >= beat_end {
                return Stop::BeatLimit;
            }
            if self.stats.instructions >= instr_end {
                return Stop::InstructionLimit;
            }
            let n =
                (instr_end - self.stats.instructions).min((beat_end - self.stats.beats) / dearest);
            // A rare order next is obeyed at once, without entering the fast loop.
            let rare_next = self.store.decoded(self.c + 1) & SLOW != 0;
            if n > 0 && !rare_next {
                if let Exit::Done = self.fast_chunk(n) {
                    continue;
                }
            }
            // A rare order, or too near the beat limit for a chunk: one order, as the
            // reference core obeys it.
            self.obey();
            if let Some(s) = self.halt.take() {
                return s;
            }
        }
    }

    /// Obeys up to `n` orders in the fast loop. Returns [`Exit::General`], with the
    /// machine as it was before the next order, when that order must be obeyed by the
    /// general path.
    #[inline(never)]
    fn fast_chunk(&mut self, n: u64) -> Exit {
        let Machine {
            store,
            a: a_reg,
            d: d_reg,
            d_signed: d_signed_reg,
            b: b_regs,
            b_sign: b_sign_reg,
            c: c_reg,
            pi: pi_reg,
            console,
            stats,
            line_beats,
            config,
            ..
        } = self;
        let base = &config.timing.beats;
        let mut a = *a_reg;
        let mut d_signed = *d_signed_reg;
        // D as the multiplier: signed (/K) or not (/C); 40 bits fit in an i64 either way,
        // and D itself is its low 40 bits.
        let mut dv: i64 = if d_signed {
            signed40(*d_reg)
        } else {
            *d_reg as i64
        };
        // B0-B7, then eight zeros for the orders that are not B-modified.
        let mut bl = [0u32; 16];
        bl[..8].copy_from_slice(b_regs);
        let mut b_sign = *b_sign_reg;
        let mut c = *c_reg;
        let mut beats = stats.beats;
        let mut left = n;
        let exit = loop {
            if left == 0 {
                break Exit::Done;
            }
            let line = (c + 1) & 1023;
            let w = store.read(line);
            let dec = store.decoded(line);
            // B-modification (Prinz §17(6)–(10), §18(14)–(16)): the B-line is added to the
            // whole line; if that changes the function digits, or the order is rare, the
            // op field differs from the function of the result.
            let actual = (w + bl[((dec >> 8) & 15) as usize]) & MASK20;
            if actual >> 14 != dec & 127 {
                break Exit::General;
            }
            // The function number, 0-63 by construction (one jump table, no range test).
            let f = actual >> 14;
            let s = actual & 1023;
            c = line;
            match f {
                // --- accumulator group (Prinz §10, §11, §13) ---
                1 => a = u128::from(store.read_long(s)),
                17 => a = sext(store.read_long(s)),
                27 => a = Self::negated(store.read_long(s), config.simh_negation),
                31 => a = (sext(store.read_long(s)) << 1) & MASK80,
                9 => a = 0,
                13 => a = (a + u128::from(store.read_long(s))) & MASK80,
                29 => a = (a + sext(store.read_long(s))) & MASK80,
                25 => a = (a + Self::negated(store.read_long(s), config.simh_negation)) & MASK80,
                22 => a = (a + (u128::from(store.read_long(s)) << 40)) & MASK80,
                10 => store.write_long(s, a as u64),
                2 => store.write_long(s, (a >> 40) as u64),
                7 => {
                    store.write_long(s, a as u64);
                    a = 0;
                }
                6 => {
                    store.write_long(s, (a >> 40) as u64);
                    a &= u128::from(MASK40);
                }
                14 => {
                    store.write_long(s, a as u64);
                    a >>= 40;
                }
                12 => a = (a >> 40) | ((a & u128::from(MASK40)) << 40),
                // --- multiplication (Prinz §12): a 64 x 64 -> 128 product of the two
                // factors, exact, then taken mod 2^80 as the reference core does ---
                28 | 30 => {
                    let v = store.read_long(s);
                    d_signed = f == 30;
                    dv = if d_signed { signed40(v) } else { v as i64 };
                }
                16 | 18 | 24 | 26 => {
                    let v = store.read_long(s);
                    let sv = if f == 18 || f == 26 {
                        signed40(v)
                    } else {
                        v as i64
                    };
                    let p = (i128::from(dv) * i128::from(sv)) as u128;
                    a = if f == 16 || f == 18 {
                        a.wrapping_sub(p)
                    } else {
                        a.wrapping_add(p)
                    } & MASK80;
                }
                // --- logical (Prinz §16) ---
                21 => a &= sext(store.read_long(s)),
                19 => a |= sext(store.read_long(s)),
                23 => a ^= sext(store.read_long(s)),
                // --- special arithmetic (Prinz §19, §24) ---
                4 => {
                    let v = store.read_long(s);
                    let m = if v == 0 { 63 } else { 63 - v.leading_zeros() };
                    a = (a + (u128::from(m) << 40)) & MASK80;
                }
                20 => {
                    let k = store.read_long(s).count_ones();
                    a = (a + (u128::from(k) << 40)) & MASK80;
                }
                5 => {
                    a = u128::from(if s & 63 == 0 {
                        store.marker(s >> 6)
                    } else {
                        store.read(s - 1)
                    });
                }
                // --- B-tube (Prinz §18) ---
                33 | 49 => {
                    let v = store.read(s);
                    bl[((actual >> 10) & 7) as usize] = v;
                    b_sign = v >> 19 == 1;
                }
                35 | 51 => {
                    let v = bl[((actual >> 10) & 7) as usize];
                    store.write(s, v);
                    b_sign = v >> 19 == 1;
                }
                37 | 53 => {
                    let i = ((actual >> 10) & 7) as usize;
                    let v = bl[i].wrapping_sub(store.read(s)) & MASK20;
                    bl[i] = v;
                    b_sign = v >> 19 == 1;
                }
                // --- control transfers (Prinz §14) ---
                44 | 46 | 40 | 56 | 32 | 48 => {
                    let taken = match f {
                        40 | 56 => (a >> 79) & 1 == 0,
                        32 | 48 => !b_sign,
                        _ => true,
                    };
                    if taken {
                        let rel = if f == 46 || f == 56 || f == 48 {
                            line
                        } else {
                            0
                        };
                        let t = (rel + store.read(s)) & 1023;
                        let next = (t + 1) & 1023;
                        if config.stop_on_dynamic
                            && (next == line
                                || (next == ((line + 1023) & 1023)
                                    && function(store.read(next)) == 60))
                        {
                            // A dynamic or hoot stop: the general path stops there.
                            c = (line + 1023) & 1023;
                            break Exit::General;
                        }
                        c = t;
                    }
                }
                // --- special operational (Prinz §20, §13) ---
                34 => store.write(s, console.hand_switches),
                42 => store.write(s, 0),
                // The rest: the dummies TS TH TX TV T£ (Prinz §20(10)–(14)) and the
                // unassigned codes, dummies too unless the machine is to stop on them;
                // and the rare orders, which never get here (their pre-decoded op is not
                // a function).
                _ => {
                    if in_set(RARE, f) || (config.stop_on_unassigned && in_set(UNASSIGNED, f)) {
                        c = (line + 1023) & 1023;
                        break Exit::General;
                    }
                }
            }
            // PI is the actual order (its B-digits sorted out when the chunk ends).
            *pi_reg = actual;
            let cost = u64::from(base[f as usize]);
            beats += cost;
            line_beats[line as usize] += cost;
            stats.by_function[f as usize] += 1;
            left -= 1;
        };
        *a_reg = a;
        *d_reg = (dv as u64) & MASK40;
        *d_signed_reg = d_signed;
        b_regs.copy_from_slice(&bl[..8]);
        *b_sign_reg = b_sign;
        *c_reg = c;
        // PI as the reference core leaves it: the B-digits of the result are kept only by
        // the B-tube orders and by the orders that are not B-modified at all.
        let x = *pi_reg;
        *pi_reg = if in_set(B_TUBE | NOT_B_MODIFIED, function(x)) {
            x
        } else {
            x & !B_DIGITS_MASK
        };
        stats.beats = beats;
        stats.instructions += n - left;
        exit
    }
}

#[cfg(test)]
mod tests {
    use super::super::code::ORDERS;
    use super::*;

    #[test]
    fn decode_marks_rare_and_exceptional_orders() {
        for f in 0..64u32 {
            let d = decode(f << 14 | 5 << 10);
            assert_eq!(d & 63, f);
            assert_eq!(d & SLOW != 0, in_set(RARE, f), "f {f}");
            let want_b = if ORDERS[f as usize].b_modified { 5 } else { 13 };
            assert_eq!((d >> 8) & 15, want_b, "f {f}");
        }
    }
}
