//! The fast core: the same machine as [`Machine::obey`] (the reference core), obeyed
//! with the registers in locals, one dispatch on a pre-decoded order, and the budget
//! turned into a down-counter (docs/performance.md).
//!
//! Two loops share that design. The block core ([`Machine::block_chunk`])
//! runs cached blocks: the straight run of orders from a line to the first control
//! transfer (or up to the first rare order), translated once, its instructions and beats
//! added once per run of the block (the statistics per line and per function counted
//! from the block's run count when the chunk ends), the beat budget tested once per
//! block, and every block that depends on a line dropped when the line is written
//! ([`BlockCache`]). The order-by-order loop ([`Machine::fast_chunk`]) takes over near
//! the budget's end, while B0 is not zero, and on pages overwritten again and again
//! (routines brought down from the drum in turn).
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
use super::store::signed40;
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

/// The cheapest order the fast loops obey under `timing`, in beats: a budget of n
/// instructions is at least n times this many beats of fast orders.
pub(super) fn cheapest(timing: &super::Timing) -> u64 {
    (0..64)
        .filter(|&f| !in_set(RARE, f))
        .map(|f| u64::from(timing.beats[f as usize]))
        .min()
        .unwrap_or(0)
}

/// Why a fast chunk ended.
enum Exit {
    /// It obeyed all the orders it was given.
    Done,
    /// The next order must be obeyed by the general path.
    General,
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
    /// Cached blocks ([`Machine::block_chunk`]) while whole blocks fit in the budget,
    /// then the one-order-at-a-time fast loop ([`Machine::fast_chunk`]) near the limit or
    /// while B0 is not zero, and the general path for the rare orders.
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
            // A rare order next is obeyed at once, without entering the fast loops.
            let rare_next = self.store.decoded(self.c + 1) & SLOW != 0;
            // An order alone between rare ones (a jump back to a transfer, say) costs
            // less through the general path than entering and leaving a chunk.
            let alone = rare_next || self.store.decoded(self.c + 2) & SLOW != 0;
            if !alone {
                if self.b[0] == 0 {
                    let exit = self.block_chunk(
                        beat_end - self.stats.beats,
                        instr_end - self.stats.instructions,
                    );
                    if let BlockExit::General = exit {
                        if self.stats.beats >= beat_end {
                            return Stop::BeatLimit;
                        }
                        if self.stats.instructions >= instr_end {
                            return Stop::InstructionLimit;
                        }
                        self.obey();
                        if let Some(s) = self.halt.take() {
                            return s;
                        }
                        continue;
                    }
                }
                // Near the limit (or B0 not zero): order by order.
                let n = (instr_end - self.stats.instructions)
                    .min(beat_end.saturating_sub(self.stats.beats) / dearest);
                if n > 0 {
                    if let Exit::Done = self.fast_chunk(n) {
                        continue;
                    }
                }
            }
            if self.stats.beats >= beat_end {
                return Stop::BeatLimit;
            }
            if self.stats.instructions >= instr_end {
                return Stop::InstructionLimit;
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

// ---------------------------------------------------------------------------------------
// The block core.
// ---------------------------------------------------------------------------------------

/// Translated-op kind of an order that leaves the block core before it is obeyed: the
/// rare orders ([`RARE`]) and the B-tube orders that would write B0 (the block core
/// assumes B0 = 0 and adds nothing for B-digits 0). Kind 0 (a B-modified `//`) is free
/// since `//` is rare; kinds are 0–127, so the dispatch needs no range test.
const K_EXIT: u32 = 0;

/// Translated-op kinds 64 + f: order f, not B-modified (a B-exceptional order, or B-digits
/// 0 with B0 = 0), the address s ready in P16–P25. Kinds 0–63 are order f B-modified by
/// the B-line in P8–P10, with P0–P13 of the line (the part the B-line is added to) in
/// P16–P29.
const K_PLAIN: u32 = 64;

/// Kind of a `TG` (not B-modified, B-line not 0) whose next line is a `/T` with B-digits
/// 0, set when a block holding both is built: the count and the conditional jump that
/// close most period loops, obeyed as one (a superinstruction; kind 8, a B-modified `/:`,
/// is otherwise unused).
const K_TG_T: u32 = 8;

/// Kind of a B-modified `/K` whose next line is a B-modified `/F`: load the multiplier,
/// then multiply and add (a scalar product's step, Prinz §18), obeyed as one (kind 36, a
/// B-modified `/L`, is otherwise unused).
const K_K_F: u32 = 36;

/// The control transfers (`/T /H /P /Q /O /M`), which end a block.
const JUMPS: u64 = 1 << 32 | 1 << 40 | 1 << 44 | 1 << 46 | 1 << 48 | 1 << 56;

/// `need` of a block not active in the present chunk: larger than any budget, so the one
/// test at a block's start also sends an inactive block to [`BlockCache::activate`].
const INACTIVE: i64 = i64::MAX;

/// The block core's translation of a store line `w` (20 bits), recomputed with every
/// write: P0–P7 the kind (`K_EXIT`, or f + 64 for an order obeyed as written, or f for a
/// B-modified one), P8–P10 the B-line (the one added, or for a B-exceptional B-tube order
/// the one operated on), P16 up the address (plain) or P0–P13 of the line (B-modified).
#[inline(always)]
pub const fn translate(w: u32) -> u32 {
    let f = (w >> 14) & 63;
    let b = (w >> 10) & 7;
    if in_set(RARE, f) {
        return K_EXIT;
    }
    if in_set(NOT_B_MODIFIED, f) || b == 0 {
        // TT TL (B-digits 0, B0 = 0) and TO TG with B-digits 0 would write B0.
        if b == 0 && (f == 33 || f == 37 || f == 49 || f == 53) {
            return K_EXIT;
        }
        (K_PLAIN + f) | (b << 8) | ((w & 1023) << 16)
    } else {
        f | (b << 8) | ((w & 0x3FFF) << 16)
    }
}

/// One cached block: the straight run of orders from its first line to the first control
/// transfer (included) or the first order the block core does not obey (excluded, the
/// block's terminator), with its instructions and beats added up once.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(super) struct Block {
    /// While the block is active in a chunk: the beats before its last order, plus 1 (it
    /// runs whole only if at least that many beats are left); [`INACTIVE`] otherwise.
    need: i64,
    /// Times run whole in the present chunk, counted into the statistics when the chunk
    /// ends ([`BlockCache::flush`]).
    hits: u64,
    /// Beats of the whole block (the base beats of its orders).
    beats: u32,
    /// `need` of the block when translated; 0 if the block is not translated.
    vneed: u32,
    /// Orders in the block (at least 1).
    n: u16,
    /// The last line the block depends on: its control transfer, or its terminator.
    end: u16,
    _pad: u32,
}

const NO_BLOCK: Block = Block {
    need: INACTIVE,
    hits: 0,
    beats: 0,
    vneed: 0,
    n: 0,
    end: 0,
    _pad: 0,
};

/// A page overwritten this many times while blocks depended on its lines (routines
/// brought down from the drum in turn) gets no more blocks: its orders are obeyed one at
/// a time, which costs less than building blocks used only a few times.
const VOLATILE: u32 = 4;

/// The block core's cache, kept by the store beside the lines: the block starting at
/// each line, how many blocks depend on each line (so that a write to such a line drops
/// them, [`BlockCache::written`]), the translation ([`translate`]) of the lines the
/// blocks hold, and how often each page was overwritten under its blocks.
#[derive(Clone)]
pub(super) struct BlockCache {
    ops: [u32; 1024],
    cover: [u16; 1024],
    blocks: [Block; 1024],
    /// The blocks activated in the present chunk.
    touched: [u16; 1024],
    ntouched: usize,
    /// Times each page was overwritten whole while blocks depended on it ([`VOLATILE`]).
    replaced: [u32; 8],
}

impl BlockCache {
    /// The cache of an all-zero store.
    pub(super) fn new() -> Box<BlockCache> {
        Box::new(BlockCache {
            ops: [translate(0); 1024],
            cover: [0; 1024],
            blocks: [NO_BLOCK; 1024],
            touched: [0; 1024],
            ntouched: 0,
            replaced: [0; 8],
        })
    }

    /// Page `p` (0–7) is about to be overwritten whole with different lines: drops every
    /// block that depends on a line of it, and counts the page towards [`VOLATILE`].
    pub(super) fn page_replaced(&mut self, p: usize) {
        let p0 = p * 64;
        if self.cover[p0..p0 + 64].iter().any(|&c| c != 0) {
            self.replaced[p] = self.replaced[p].saturating_add(1);
            for a in p0..p0 + 64 {
                self.written(a);
            }
        }
    }

    /// Line `a` (0–511) is about to be written: drops the blocks that depend on it.
    #[inline(always)]
    pub(super) fn written(&mut self, a: usize) {
        if self.cover[a] != 0 {
            self.invalidate(a);
        }
    }

    /// Drops every block that depends on line `a`: the blocks that start at `a` or at a
    /// line before it from which the orders run straight (no transfer, no terminator)
    /// to `a`. Such lines are covered by a block, so their translation is up to date.
    #[cold]
    #[inline(never)]
    fn invalidate(&mut self, a: usize) {
        debug_assert_eq!(self.ntouched, 0, "a block dropped inside a chunk");
        let mut l = a;
        loop {
            let b = self.blocks[l];
            if b.vneed != 0 && usize::from(b.end) >= a {
                for x in l..=usize::from(b.end) {
                    self.cover[x] -= 1;
                }
                self.blocks[l] = NO_BLOCK;
            }
            if l == 0 {
                break;
            }
            let k = self.ops[l - 1] & 255;
            if self.cover[l - 1] == 0 || k == K_EXIT || in_set(JUMPS, k & 63) {
                break;
            }
            l -= 1;
        }
    }

    /// No block (KEC).
    pub(super) fn clear(&mut self) {
        debug_assert_eq!(self.ntouched, 0);
        self.cover = [0; 1024];
        self.blocks = [NO_BLOCK; 1024];
    }

    /// Makes the block at line `l` active for this chunk, translating it if need be.
    /// `Err(true)`: no block can start there (the order at `l` is not for the block
    /// core); `Err(false)`: the block does not fit in the `left` beats.
    #[cold]
    #[inline(never)]
    fn activate(
        &mut self,
        l: usize,
        lines: &[u32; 1024],
        base: &[u32; 64],
        left: i64,
    ) -> Result<(), bool> {
        let b = self.blocks[l];
        if b.need != INACTIVE || self.replaced[(l >> 6) & 7] >= VOLATILE {
            // It does not fit; or a page of overlays, obeyed order by order.
            return Err(false);
        }
        if in_set(RARE, function(lines[l])) {
            // No block starts at a rare order.
            return Err(true);
        }
        if b.vneed == 0 {
            let (mut n, mut beats, mut last, mut x) = (0usize, 0u32, 0u32, l);
            let end = loop {
                // Translated now; kept up to date while a block covers the line.
                self.ops[x] = translate(lines[x]);
                let k = self.ops[x] & 255;
                if k == K_EXIT {
                    break x;
                }
                last = base[(k & 63) as usize];
                beats += last;
                n += 1;
                if in_set(JUMPS, k & 63) {
                    break x;
                }
                x += 1;
            };
            if n == 0 {
                return Err(true);
            }
            // Superinstructions: a TG whose next line is a /T in the same block.
            for x in l..l + n - 1 {
                let (k, k2) = (self.ops[x] & 255, self.ops[x + 1] & 255);
                if k == K_PLAIN + 53 && k2 == K_PLAIN + 32 {
                    self.ops[x] = (self.ops[x] & !255) | K_TG_T;
                } else if k == 30 && k2 == 26 {
                    self.ops[x] = (self.ops[x] & !255) | K_K_F;
                }
            }
            for c in &mut self.cover[l..=end] {
                *c += 1;
            }
            self.blocks[l] = Block {
                need: INACTIVE,
                hits: 0,
                beats,
                vneed: beats - last + 1,
                n: n as u16,
                end: end as u16,
                _pad: 0,
            };
        }
        let b = &mut self.blocks[l];
        if i64::from(b.vneed) > left {
            return Err(false);
        }
        b.need = i64::from(b.vneed);
        self.touched[self.ntouched] = l as u16;
        self.ntouched += 1;
        Ok(())
    }

    /// Counts the blocks run whole in this chunk into the statistics (instructions, orders
    /// per function, beats per line) and makes them inactive.
    fn flush(
        &mut self,
        lines: &[u32; 1024],
        base: &[u32; 64],
        stats: &mut super::Stats,
        line_beats: &mut [u64; 1024],
    ) {
        for &l in &self.touched[..self.ntouched] {
            let b = &mut self.blocks[usize::from(l)];
            let h = b.hits;
            if h != 0 {
                let l = usize::from(l);
                stats.instructions += h * u64::from(b.n);
                for x in l..l + usize::from(b.n) {
                    let f = function(lines[x]) as usize;
                    stats.by_function[f] += h;
                    line_beats[x] += h * u64::from(base[f]);
                }
            }
            b.hits = 0;
            b.need = INACTIVE;
        }
        self.ntouched = 0;
    }
}

/// Why a block chunk ended.
pub(super) enum BlockExit {
    /// The next block does not fit in the budget (or the chunk could not start).
    Limit,
    /// The next order must be obeyed by the general path.
    General,
}

/// Writes `v` (20 bits) to line `a` from inside a block chunk, which has made sure that
/// no block depends on it.
#[inline(always)]
fn put(lines: &mut [u32; 1024], a: u32, v: u32) {
    let a = a as usize;
    if a < super::store::LINES {
        lines[a] = v;
    }
}

impl Machine {
    /// Runs cached blocks while whole blocks fit in `beats_left` and `instr_left`. Every
    /// exit is exact: the orders obeyed are counted as the reference core counts them,
    /// and the machine is left as it was before the next order.
    #[inline(never)]
    #[allow(unreachable_code)]
    pub(super) fn block_chunk(&mut self, beats_left: u64, instr_left: u64) -> BlockExit {
        let cheapest = self.fast_cheapest;
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
        let super::Store {
            lines,
            markers,
            cache,
        } = store;
        let lines: &mut [u32; 1024] = lines;
        let cache: &mut BlockCache = cache;
        let base = &config.timing.beats;
        let stop_dyn = config.stop_on_dynamic;
        let stop_unassigned = config.stop_on_unassigned;
        let simh_negation = config.simh_negation;
        let hand = console.hand_switches;
        // One budget in beats: no order starts at or after the beat limit, and since every
        // order takes at least `cheapest` beats, no more than `instr_left` orders start.
        let start = beats_left
            .min(instr_left.saturating_mul(cheapest))
            .min(1 << 62) as i64;
        let mut left = start;
        let mut a = *a_reg;
        let mut d_signed = *d_signed_reg;
        let mut dv: i64 = if d_signed {
            signed40(*d_reg)
        } else {
            *d_reg as i64
        };
        let mut bl = *b_regs;
        let mut b_sign = *b_sign_reg;
        // The line the next block starts at, and the last order of the block before.
        let mut l = ((*c_reg + 1) & 1023) as usize;
        let mut prev_end = usize::MAX;
        // The B-modified actual order (P0–P13) of the last B-modified order obeyed.
        let mut px = 0u32;

        macro_rules! rl {
            ($s:expr) => {{
                let s = $s;
                u64::from(lines[s as usize])
                    | (u64::from(lines[((s & !63) | ((s + 1) & 63)) as usize]) << 20)
            }};
        }
        // A long write; the order is left to the general path if a block depends on
        // either line.
        macro_rules! wl {
            ($s:expr, $v:expr, $line:expr, $run:lifetime) => {{
                let s = $s;
                let p = (s & !63) | ((s + 1) & 63);
                if (cache.cover[s as usize] | cache.cover[p as usize]) != 0 {
                    break $run(BlockExit::General, $line, true);
                }
                let v: u64 = $v;
                put(lines, s, (v as u32) & MASK20);
                put(lines, p, ((v >> 20) as u32) & MASK20);
            }};
        }
        macro_rules! ws {
            ($s:expr, $v:expr, $line:expr, $run:lifetime) => {{
                let s = $s;
                if cache.cover[s as usize] != 0 {
                    break $run(BlockExit::General, $line, true);
                }
                put(lines, s, $v);
            }};
        }
        // A control transfer to line `next` ends the block: the next block starts there.
        // While it is active and fits, it is counted and run at once (the common case);
        // otherwise the outer loop activates it or ends the chunk.
        macro_rules! next_block {
            ($next:expr, $line:ident, $ops:lifetime, $blocks:lifetime) => {{
                prev_end = $line;
                l = $next as usize;
                let blk = &mut cache.blocks[l];
                if blk.need <= left {
                    left -= i64::from(blk.beats);
                    blk.hits += 1;
                    $line = l;
                    continue $ops;
                }
                continue $blocks;
            }};
        }
        // Order f on address s; `$i` the B-line of a B-tube order; `$done` what the order
        // leaves behind once obeyed (the B-modified actual order).
        macro_rules! order {
            ($f:tt, $s:ident, $i:expr, $line:ident, $done:block, $run:lifetime, $ops:lifetime, $blocks:lifetime) => {
                match $f {
                    1 => a = u128::from(rl!($s)),
                    17 => a = sext(rl!($s)),
                    27 => a = Self::negated(rl!($s), simh_negation),
                    31 => a = (sext(rl!($s)) << 1) & MASK80,
                    9 => a = 0,
                    13 => a = (a + u128::from(rl!($s))) & MASK80,
                    29 => a = (a + sext(rl!($s))) & MASK80,
                    25 => a = (a + Self::negated(rl!($s), simh_negation)) & MASK80,
                    22 => a = (a + (u128::from(rl!($s)) << 40)) & MASK80,
                    10 => wl!($s, a as u64, $line, $run),
                    2 => wl!($s, (a >> 40) as u64, $line, $run),
                    7 => {
                        wl!($s, a as u64, $line, $run);
                        a = 0;
                    }
                    6 => {
                        wl!($s, (a >> 40) as u64, $line, $run);
                        a &= u128::from(MASK40);
                    }
                    14 => {
                        wl!($s, a as u64, $line, $run);
                        a >>= 40;
                    }
                    12 => a = (a >> 40) | ((a & u128::from(MASK40)) << 40),
                    28 => {
                        dv = rl!($s) as i64;
                        d_signed = false;
                    }
                    30 => {
                        dv = signed40(rl!($s));
                        d_signed = true;
                    }
                    16 => a = a.wrapping_sub((i128::from(dv) * i128::from(rl!($s) as i64)) as u128) & MASK80,
                    18 => a = a.wrapping_sub((i128::from(dv) * i128::from(signed40(rl!($s)))) as u128) & MASK80,
                    24 => a = a.wrapping_add((i128::from(dv) * i128::from(rl!($s) as i64)) as u128) & MASK80,
                    26 => a = a.wrapping_add((i128::from(dv) * i128::from(signed40(rl!($s)))) as u128) & MASK80,
                    21 => a &= sext(rl!($s)),
                    19 => a |= sext(rl!($s)),
                    23 => a ^= sext(rl!($s)),
                    4 => {
                        let v = rl!($s);
                        let m = if v == 0 { 63 } else { 63 - v.leading_zeros() };
                        a = (a + (u128::from(m) << 40)) & MASK80;
                    }
                    20 => {
                        let k = rl!($s).count_ones();
                        a = (a + (u128::from(k) << 40)) & MASK80;
                    }
                    5 => {
                        a = u128::from(if $s & 63 == 0 {
                            markers.get(($s >> 6) as usize).copied().unwrap_or(0)
                        } else {
                            lines[($s - 1) as usize]
                        });
                    }
                    33 | 49 => {
                        let i = $i;
                        if i == 0 {
                            break $run (BlockExit::General, $line, true);
                        }
                        let v = lines[$s as usize];
                        bl[i] = v;
                        b_sign = v >> 19 == 1;
                    }
                    35 | 51 => {
                        let v = bl[$i];
                        ws!($s, v, $line, $run);
                        b_sign = v >> 19 == 1;
                    }
                    37 | 53 => {
                        let i = $i;
                        if i == 0 {
                            break $run (BlockExit::General, $line, true);
                        }
                        let v = bl[i].wrapping_sub(lines[$s as usize]) & MASK20;
                        bl[i] = v;
                        b_sign = v >> 19 == 1;
                    }
                    44 | 46 | 40 | 56 | 32 | 48 => {
                        let taken = match $f {
                            40 | 56 => (a >> 79) & 1 == 0,
                            32 | 48 => !b_sign,
                            _ => true,
                        };
                        let next = if taken {
                            let rel = if $f == 46 || $f == 56 || $f == 48 { $line as u32 } else { 0 };
                            let next = (rel + lines[$s as usize] + 1) & 1023;
                            let back = ($line as u32).wrapping_sub(next) & 1023;
                            if back <= 1 {
                                if stop_dyn && (back == 0 || function(lines[next as usize]) == 60) {
                                    // A dynamic or hoot stop: the general path stops there.
                                    break $run (BlockExit::General, $line, true);
                                }
                            }
                            next
                        } else {
                            ($line as u32 + 1) & 1023
                        };
                        $done
                        next_block!(next, $line, $ops, $blocks);
                    }
                    34 => ws!($s, hand, $line, $run),
                    42 => ws!($s, 0, $line, $run),
                    // The dummies TS TH TX TV T£ and the unassigned codes (dummies unless the
                    // machine is to stop on them).
                    _ => {
                        if stop_unassigned && in_set(UNASSIGNED, $f) {
                            break $run (BlockExit::General, $line, true);
                        }
                    }
                }
            };
        }
        macro_rules! dispatch {
            ($k:expr, $op:ident, $line:ident, $run:lifetime, $ops:lifetime, $blocks:lifetime; $($f:tt $p:tt),*) => {
                match $k & 127 {
                    $(
                        $f => {
                            // B-modified: the B-line is added to P0-P13 of the line; if
                            // that changes the function digits, the general path obeys it.
                            let x = ($op >> 16) + bl[(($op >> 8) & 7) as usize];
                            if x & 0xFC000 != 0 {
                                break $run (BlockExit::General, $line, true);
                            }
                            let s = x & 1023;
                            order!($f, s, ((x >> 10) & 7) as usize, $line, { px = x }, $run, $ops, $blocks);
                            px = x;
                        }
                        $p => {
                            let s = ($op >> 16) & 1023;
                            order!($f, s, (($op >> 8) & 7) as usize, $line, {}, $run, $ops, $blocks);
                        }
                    )*
                    K_TG_T => {
                        // TG on line `line` (its B-line not 0), then the /T on the next.
                        let i = (($op >> 8) & 7) as usize;
                        let v = bl[i].wrapping_sub(lines[(($op >> 16) & 1023) as usize]) & MASK20;
                        bl[i] = v;
                        b_sign = v >> 19 == 1;
                        let jl = $line + 1;
                        let next = if v >> 19 == 0 {
                            let t = lines[((cache.ops[jl & 1023] >> 16) & 1023) as usize];
                            let next = (t + 1) & 1023;
                            let back = (jl as u32).wrapping_sub(next) & 1023;
                            if back <= 1 {
                                if stop_dyn && (back == 0 || function(lines[next as usize]) == 60) {
                                    // A dynamic or hoot stop: the general path stops there.
                                    break $run (BlockExit::General, jl, true);
                                }
                            }
                            next
                        } else {
                            (jl as u32 + 1) & 1023
                        };
                        $line = jl;
                        next_block!(next, $line, $ops, $blocks);
                    }
                    K_K_F => {
                        // /K on line `line`, then /F on the next, both B-modified.
                        let x = ($op >> 16) + bl[(($op >> 8) & 7) as usize];
                        if x & 0xFC000 != 0 {
                            break $run (BlockExit::General, $line, true);
                        }
                        let d = signed40(rl!(x & 1023));
                        let op2 = cache.ops[($line + 1) & 1023];
                        let x2 = (op2 >> 16) + bl[((op2 >> 8) & 7) as usize];
                        dv = d;
                        d_signed = true;
                        px = x;
                        if x2 & 0xFC000 != 0 {
                            break $run (BlockExit::General, $line + 1, true);
                        }
                        a = a.wrapping_add((i128::from(d) * i128::from(signed40(rl!(x2 & 1023)))) as u128) & MASK80;
                        px = x2;
                        $line += 1;
                    }
                    0 | 38 | 52 | 60 | 64 | 72 | 100 | 102 | 116 | 124 | 128..=u32::MAX => {
                        break $run (BlockExit::General, $line, true)
                    }
                }
            };
        }

        let (exit, y, charged) = 'run: {
            'blocks: loop {
                // A block starts at line l.
                if cache.blocks[l].need > left {
                    if let Err(general) = cache.activate(l, lines, base, left) {
                        let e = if general {
                            BlockExit::General
                        } else {
                            BlockExit::Limit
                        };
                        break 'run (e, l, false);
                    }
                }
                let blk = &mut cache.blocks[l];
                left -= i64::from(blk.beats);
                blk.hits += 1;
                let mut line = l;
                'ops: loop {
                    let op = cache.ops[line & 1023];
                    dispatch!(op, op, line, 'run, 'ops, 'blocks;
                        1 65, 2 66, 3 67, 4 68, 5 69, 6 70, 7 71, 9 73, 10 74, 11 75, 12 76,
                        13 77, 14 78, 15 79, 16 80, 17 81, 18 82, 19 83, 20 84, 21 85, 22 86,
                        23 87, 24 88, 25 89, 26 90, 27 91, 28 92, 29 93, 30 94, 31 95, 32 96,
                        33 97, 34 98, 35 99, 37 101, 39 103, 40 104, 41 105, 42 106, 43 107,
                        44 108, 45 109, 46 110, 47 111, 48 112, 49 113, 50 114, 51 115, 53 117,
                        54 118, 55 119, 56 120, 57 121, 58 122, 59 123, 61 125, 62 126, 63 127);
                    line += 1;
                }
            }
        };

        // Out of the chunk: the order at line y is not obeyed. If the block at l was
        // counted whole but left early, count the orders it obeyed one by one instead.
        let mut direct = 0u64;
        let last = if charged && y > l { y - 1 } else { prev_end };
        if charged {
            let blk = &mut cache.blocks[l];
            if y - l < usize::from(blk.n) {
                blk.hits -= 1;
                left += i64::from(blk.beats);
                for x in l..y {
                    let f = function(lines[x]) as usize;
                    let cost = u64::from(base[f]);
                    stats.by_function[f] += 1;
                    line_beats[x] += cost;
                    left -= cost as i64;
                    direct += 1;
                }
            }
        }
        cache.flush(lines, base, stats, line_beats);
        stats.instructions += direct;
        stats.beats += (start - left) as u64;
        *a_reg = a;
        *d_reg = (dv as u64) & MASK40;
        *d_signed_reg = d_signed;
        *b_regs = bl;
        *b_sign_reg = b_sign;
        *c_reg = ((y + 1023) & 1023) as u32;
        if last != usize::MAX {
            // The last order obeyed, as B-modified (its line is unchanged: a block covers
            // it).
            let w = lines[last];
            let f = function(w);
            let x = if in_set(NOT_B_MODIFIED, f) || (w >> 10) & 7 == 0 {
                w
            } else {
                (f << 14) | (px & 0x3FFF)
            };
            *pi_reg = if in_set(B_TUBE | NOT_B_MODIFIED, function(x)) {
                x
            } else {
                x & !B_DIGITS_MASK
            };
        }
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
