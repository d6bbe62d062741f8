//! The fast core: the same machine as [`Machine::obey`] (the reference core), obeyed
//! with the registers in locals, one dispatch on a pre-decoded order, and the budget
//! turned into a down-counter (docs/performance.md).
//!
//! Two loops share that design. The block core ([`Machine::block_chunk`])
//! runs cached blocks: the straight run of orders from a line to the first control
//! transfer (or up to the first rare order), translated once, its instructions and beats
//! added once per run of the block (the statistics per line and per function counted
//! from the block's run count when the run ends or the block is dropped), the beat
//! budget tested once per block, and every block that depends on a line dropped when
//! the line is written ([`BlockCache`]). A page's blocks are kept with the half-track
//! its lines were read from and come back when that half-track is read into the page
//! again, where their lines are unchanged (routines brought down from the drum in turn,
//! issue 40). The order-by-order loop ([`Machine::fast_chunk`]) takes over near the
//! budget's end and while B0 is not zero.
//!
//! How it keeps every observable the same as the reference core:
//!
//! * The order-by-order loop decodes each line ([`decode`]) as it fetches it, and the
//!   block core's translations are dropped whenever a line they hold is written (the
//!   store does it in every write) and come back after a magnetic read only onto the
//!   very lines they were made from, so self-modifying programs, magnetic reads,
//!   deposits, image loads and KEC are all seen.
//! * An order is obeyed here only if it can be completed here. The rare ones (the magnetic
//!   and I/O group `//` `/:`, `/W`, the hoot `/V`, the dummy stops `/L` `/G`, an
//!   unassigned code with `stop_on_unassigned`), a B-modification that changes the
//!   function digits, and a jump that would be a dynamic or hoot stop leave the fast loop
//!   *before* anything is changed; the machine then obeys that one order through the
//!   general path ([`Machine::obey`]) and comes back.
//! * Everything else a reference run checks after each order cannot happen in a fast
//!   order: event breaks (print, hoot, transfer) only follow rare orders. What could
//!   (watches, KCC, KAC held or its latch) sends the whole run to the reference loop;
//!   none of these can change during a run.
//! * Line breakpoints are kept by the fast core: a line with a breakpoint ends every
//!   block that reaches it and starts none (the blocks are built again when the
//!   breakpoints change, [`BlockCache::use_breakpoints`]), the order-by-order loop
//!   leaves before it, and the run stops there as the reference core stops, a
//!   breakpoint on the run's first order passed over.
//! * The instruction and beat limits become one count of orders computed before each
//!   chunk: no more than the instructions left, and no more than the beats left divided
//!   by the dearest fast order, so no order in the chunk can start at or after the beat
//!   limit. Near the limit the chunk shrinks to nothing and orders are obeyed one by one
//!   with the reference checks, so the stop comes at exactly the same beat.
//! * Instructions, beats, beats per line and orders per function are counted as the
//!   reference counts them.

use super::arith;
use super::code::MagneticOrder;
use super::code::{
    address, b_digits, below_function, function, in_set, op, with_function, without_b_digits,
    B_TUBE, DEVICE_ORDERS, JUMPS, JUMPS_ON_A, JUMPS_ON_B, MASK20, MASK40, NOT_B_MODIFIED,
    RELATIVE_JUMPS, UNASSIGNED, WRITES_B,
};
use super::{Budget, Machine, Stop};

/// The orders never obeyed in the fast loop: those that work a device
/// ([`super::code::Order::device`]): `//` `/:` (magnetic and I/O), `/L` `/G` (dummy
/// stops), `/W` (random), `/V` (hoot). Bit f for function f.
pub const RARE: u64 = DEVICE_ORDERS;

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
    DECODE[function(w) as usize] | (b_digits(w) << 8)
}

/// The base beats under `timing` of each order the fast loops obey.
fn fast_beats(timing: &super::Timing) -> impl Iterator<Item = u64> + '_ {
    (0..64)
        .filter(|&f| !in_set(RARE, f))
        .map(|f| u64::from(timing.beats[f as usize]))
}

/// The cheapest order the fast loops obey under `timing`, in beats: a budget of n
/// instructions is at least n times this many beats of fast orders.
pub(super) fn cheapest(timing: &super::Timing) -> u64 {
    fast_beats(timing).min().unwrap_or(0)
}

/// The dearest order the fast loop obeys under `timing`, in beats (at least 1): what a
/// chunk's order count is bounded by ([`Machine::run_fast`]). Computed once, when the
/// machine is made, since its timing never changes.
pub(super) fn dearest(timing: &super::Timing) -> u64 {
    fast_beats(timing).max().unwrap_or(0).max(1)
}

/// Why a fast chunk ended.
enum Exit {
    /// It obeyed all the orders it was given.
    Done,
    /// The next order must be obeyed by the general path.
    General,
}

/// The registers a fast loop keeps in locals while it runs, taken from the machine when
/// it starts ([`Regs::of`]) and put back when it ends ([`Regs::put`]).
#[derive(Clone, Copy)]
struct Regs {
    /// A, 80 bits.
    a: u128,
    /// D as the multiplier ([`arith::factor`]: signed after `/K`, unsigned after `/C`);
    /// D itself is its low 40 bits.
    dv: i64,
    /// Whether `/K` loaded D.
    d_signed: bool,
    /// B0–B7, then eight zeros: the entry added to the orders that are not B-modified
    /// ([`NO_B_LINE`]).
    bl: [u32; 16],
    /// The B-sign flip-flop.
    b_sign: bool,
}

impl Regs {
    /// The registers of machine `m`.
    #[inline(always)]
    fn of(m: &Machine) -> Regs {
        let mut bl = [0u32; 16];
        bl[..8].copy_from_slice(&m.b);
        Regs {
            a: m.a,
            dv: arith::factor(m.d, m.d_signed),
            d_signed: m.d_signed,
            bl,
            b_sign: m.b_sign,
        }
    }

    /// The registers as plain values: (A, D's factor, its sign flag, the B-lines, the
    /// B-sign), for locals in the loops.
    #[inline(always)]
    fn parts(self) -> (u128, i64, bool, [u32; 16], bool) {
        (self.a, self.dv, self.d_signed, self.bl, self.b_sign)
    }

    /// The registers from plain values, as [`Regs::parts`] gives them.
    #[inline(always)]
    fn from_parts(a: u128, dv: i64, d_signed: bool, bl: [u32; 16], b_sign: bool) -> Regs {
        Regs {
            a,
            dv,
            d_signed,
            bl,
            b_sign,
        }
    }

    /// Puts the registers back into machine `m`.
    #[inline(always)]
    fn put(&self, m: &mut Machine) {
        m.a = self.a;
        m.d = (self.dv as u64) & MASK40;
        m.d_signed = self.d_signed;
        m.b.copy_from_slice(&self.bl[..8]);
        m.b_sign = self.b_sign;
    }
}

/// What a fast loop reads of the configuration and the console, fixed during a run.
#[derive(Clone, Copy)]
struct Opts {
    /// `Config::stop_on_dynamic`.
    stop_dyn: bool,
    /// `Config::stop_on_unassigned`.
    stop_unassigned: bool,
    /// `Config::simh_negation`.
    simh_negation: bool,
    /// The hand switches, as `/Z` writes them.
    hand: u32,
}

impl Opts {
    #[inline(always)]
    fn of(m: &Machine) -> Opts {
        Opts {
            stop_dyn: m.config.stop_on_dynamic,
            stop_unassigned: m.config.stop_on_unassigned,
            simh_negation: m.config.simh_negation,
            hand: m.console.hand_switches,
        }
    }
}

/// PI as the reference core leaves it after the actual order `x`: its B-digits kept only
/// by the B-tube orders and by the orders that are not B-modified at all.
#[inline(always)]
fn settled_pi(x: u32) -> u32 {
    if in_set(B_TUBE | NOT_B_MODIFIED, function(x)) {
        x
    } else {
        without_b_digits(x)
    }
}

/// A control transfer `$f` (a constant) for [`order!`]: taken or not, `$jump!(c, next,
/// ..)` with `c` the new C and `next` the line of the next order (c + 1), after `$done`.
macro_rules! transfer {
    ($f:expr, $s:expr, $line:expr, ($a:ident, $dv:ident, $d_signed:ident, $bl:ident, $b_sign:ident), $o:ident, $rs:ident, $exit:block,
     $jump:ident($($ja:tt)*), $done:block) => {{
        let line = $line as u32;
        let (on_a, on_b) = (in_set(JUMPS_ON_A, $f), in_set(JUMPS_ON_B, $f));
        let (to, next) = if arith::taken(on_a, on_b, arith::a_sign($a), $b_sign) {
            let (to, next) = arith::jump_to(in_set(RELATIVE_JUMPS, $f), line, $rs!($s));
            if arith::dynamic_stop($o.stop_dyn, line, next, |x| $rs!(x)).is_some() {
                // A dynamic or hoot stop: the general path stops there.
                $exit
            }
            (to, next)
        } else {
            (line, (line + 1) & 1023)
        };
        $done
        $jump!(to, next, $($ja)*);
    }};
}

/// One order of the fast loops, written once for both: function `$f` (a constant in the
/// block core's dispatch, the order's function in the order-by-order loop) on address
/// `$s`, the B-tube orders on B-line `$i`, the order at line `$line`, the registers in
/// the locals named (A, D's factor, its sign flag, the B-lines, the B-sign: [`Regs`]),
/// the options in `$o` ([`Opts`]). The arithmetic is [`arith`]'s, the
/// same as the reference core's. Each loop brings its own ways to the store, as names of
/// its macros: `$rl!(s)` a long line, `$rs!(s)` a short one, `$mk!(p)` page p's marker,
/// `$wl!(s, v, {exit})` and `$ws!(s, v, {exit})` a long and a short write (which may
/// leave instead). `exit { .. }` leaves the loop before the order has changed anything,
/// for the general path to obey it; with `$b0_exit` true a B-tube order that would write
/// B0 leaves too (the block core assumes B0 = 0). A control transfer, taken or not, runs
/// `done { .. }` and then `$jump!(next, ..)`, `next` the line of the next order.
macro_rules! order {
    ($f:expr, $s:expr, $i:expr, $line:expr, ($a:ident, $dv:ident, $d_signed:ident, $bl:ident, $b_sign:ident), $o:ident, $b0_exit:expr,
     [$rl:ident, $rs:ident, $mk:ident, $wl:ident, $ws:ident],
     exit $exit:block, jump $jump:ident($($ja:tt)*), done $done:block) => {
        match $f {
            // --- accumulator group (Prinz §10, §11, §13) ---
            op::LOAD => $a = arith::load($rl!($s)),
            op::LOAD_SIGNED => $a = arith::load_signed($rl!($s)),
            op::LOAD_NEGATED => $a = arith::load_negated($rl!($s), $o.simh_negation),
            op::LOAD_DOUBLE => $a = arith::load_double($rl!($s)),
            op::CLEAR => $a = 0,
            op::ADD => $a = arith::add($a, $rl!($s)),
            op::ADD_SIGNED => $a = arith::add_signed($a, $rl!($s)),
            op::SUB_SIGNED => $a = arith::sub_signed($a, $rl!($s), $o.simh_negation),
            op::ADD_M => $a = arith::add_m($a, $rl!($s)),
            op::STORE_L => $wl!($s, arith::l($a), $exit),
            op::STORE_M => $wl!($s, arith::m($a), $exit),
            op::STORE_L_CLEAR => {
                $wl!($s, arith::l($a), $exit);
                $a = 0;
            }
            op::STORE_M_CLEAR => {
                $wl!($s, arith::m($a), $exit);
                $a = arith::clear_m($a);
            }
            op::STORE_L_SHIFT => {
                $wl!($s, arith::l($a), $exit);
                $a = arith::shift_down($a);
            }
            op::SWAP => $a = arith::swap($a),
            // --- multiplication (Prinz §12): D held as its factor ---
            op::LOAD_D | op::LOAD_D_SIGNED => {
                $d_signed = $f == op::LOAD_D_SIGNED;
                $dv = arith::factor($rl!($s), $d_signed);
            }
            op::MUL_SUB | op::MUL_SUB_SIGNED | op::MUL_ADD | op::MUL_ADD_SIGNED => {
                let signed = $f == op::MUL_SUB_SIGNED || $f == op::MUL_ADD_SIGNED;
                let subtract = $f == op::MUL_SUB || $f == op::MUL_SUB_SIGNED;
                let sv = arith::factor($rl!($s), signed);
                $a = arith::multiply($a, $dv, sv, subtract);
            }
            // --- logical (Prinz §16) ---
            op::AND => $a = arith::and($a, $rl!($s)),
            op::OR => $a = arith::or($a, $rl!($s)),
            op::XOR => $a = arith::xor($a, $rl!($s)),
            // --- special arithmetic (Prinz §19, §24) ---
            op::TOP_BIT => $a = arith::top_bit($a, $rl!($s)),
            op::ONES => $a = arith::ones($a, $rl!($s)),
            op::MARKER => $a = arith::marker_or_line_before($s, |p| $mk!(p), |x| $rs!(x)),
            // --- B-tube (Prinz §18) ---
            op::B_LOAD | op::B_LOAD_X => {
                let i = $i;
                if $b0_exit && i == 0 $exit
                let v = $rs!($s);
                $bl[i] = v;
                $b_sign = arith::b_sign(v);
            }
            op::B_STORE | op::B_STORE_X => {
                let v = $bl[$i];
                $ws!($s, v, $exit);
                $b_sign = arith::b_sign(v);
            }
            op::B_SUB | op::B_SUB_X => {
                let i = $i;
                if $b0_exit && i == 0 $exit
                let v = arith::b_sub($bl[i], $rs!($s));
                $bl[i] = v;
                $b_sign = arith::b_sign(v);
            }
            // --- control transfers (Prinz §14) ---
            // (One arm each, so that the function is a constant in each.)
            op::JUMP => transfer!(op::JUMP, $s, $line, ($a, $dv, $d_signed, $bl, $b_sign), $o, $rs, $exit, $jump($($ja)*), $done),
            op::JUMP_REL => transfer!(op::JUMP_REL, $s, $line, ($a, $dv, $d_signed, $bl, $b_sign), $o, $rs, $exit, $jump($($ja)*), $done),
            op::JUMP_A => transfer!(op::JUMP_A, $s, $line, ($a, $dv, $d_signed, $bl, $b_sign), $o, $rs, $exit, $jump($($ja)*), $done),
            op::JUMP_REL_A => transfer!(op::JUMP_REL_A, $s, $line, ($a, $dv, $d_signed, $bl, $b_sign), $o, $rs, $exit, $jump($($ja)*), $done),
            op::JUMP_B => transfer!(op::JUMP_B, $s, $line, ($a, $dv, $d_signed, $bl, $b_sign), $o, $rs, $exit, $jump($($ja)*), $done),
            op::JUMP_REL_B => transfer!(op::JUMP_REL_B, $s, $line, ($a, $dv, $d_signed, $bl, $b_sign), $o, $rs, $exit, $jump($($ja)*), $done),
            // --- special operational (Prinz §20, §13) ---
            op::HAND => $ws!($s, $o.hand, $exit),
            op::CLEAR_LINE => $ws!($s, 0, $exit),
            // The rest: the dummies TS TH TX TV T£ (Prinz §20(10)–(14)) and the unassigned
            // codes, dummies too unless the machine is to stop on them; and the rare
            // orders, which never get here (the loops send them to the general path first).
            _ => {
                if in_set(RARE, $f) || ($o.stop_unassigned && in_set(UNASSIGNED, $f)) $exit
            }
        }
    };
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
            && self.breaks.watches.is_empty()
    }

    /// The breakpoint the run stops at before its next order, if any: a line
    /// breakpoint on it, unless it is the run's `first` order (the reference core's
    /// rule, [`Machine::run`]).
    #[cold]
    #[inline(never)]
    fn breakpoint_next(&self, first: bool) -> Option<Stop> {
        let next = (self.c + 1) & 1023;
        (!first && self.breaks.has_line(next)).then_some(Stop::Breakpoint { line: next })
    }

    /// The stop of a run that has reached its beat limit `beat_end` or its instruction
    /// limit `instr_end` (the beat limit first), if it has.
    #[inline(always)]
    fn at_limit(&self, beat_end: u64, instr_end: u64) -> Option<Stop> {
        if self.stats.beats >= beat_end {
            Some(Stop::BeatLimit)
        } else if self.stats.instructions >= instr_end {
            Some(Stop::InstructionLimit)
        } else {
            None
        }
    }

    /// [`Machine::run`] on the fast core; stops exactly where the reference core stops.
    /// Cached blocks ([`Machine::block_chunk`]) while whole blocks fit in the budget,
    /// then the one-order-at-a-time fast loop ([`Machine::fast_chunk`]) near the limit or
    /// while B0 is not zero, and the general path for the rare orders.
    pub(super) fn run_fast(&mut self, budget: Budget) -> Stop {
        self.store.cache.use_breakpoints(&self.breaks.lines);
        let stop = self.run_fast_orders(budget);
        // The blocks' runs into the orders by function and the beats by line.
        let super::Store { lines, cache, .. } = &mut self.store;
        cache.settle(
            lines,
            &self.config.timing.beats,
            &mut self.stats.by_function,
            &mut self.line_beats,
        );
        stop
    }

    /// [`Machine::run_fast`] but for the blocks' runs, counted by function and by line
    /// only when the run ends ([`BlockCache::settle`]).
    fn run_fast_orders(&mut self, budget: Budget) -> Stop {
        self.settle_dummy_stop();
        let beat_end = self.stats.beats.saturating_add(budget.beats);
        let instr_end = self.stats.instructions.saturating_add(budget.instructions);
        let dearest = self.fast_dearest;
        let start = self.stats.instructions;
        let breaks = self.breaks.any_line;
        loop {
            if let Some(stop) = self.at_limit(beat_end, instr_end) {
                return stop;
            }
            if breaks {
                if let Some(stop) = self.breakpoint_next(self.stats.instructions == start) {
                    return stop;
                }
            }
            // A rare order next is obeyed at once, without entering the fast loops.
            let rare_next = self.store.decoded(self.c + 1) & SLOW != 0;
            // An order alone between rare ones (a jump back to a transfer, say) costs
            // less through the general path than entering and leaving a chunk.
            let alone = rare_next || self.store.decoded(self.c + 2) & SLOW != 0;
            if !alone {
                let blocks = (self.b[0] == 0).then(|| {
                    self.block_chunk(
                        beat_end - self.stats.beats,
                        instr_end - self.stats.instructions,
                    )
                });
                let one_order = match blocks {
                    // The next order is for the general path.
                    Some(BlockExit::General) => true,
                    // A chunk's most beats run: another chunk.
                    Some(BlockExit::Again) => false,
                    // Near the limit (or B0 not zero): order by order.
                    _ => {
                        let n = (instr_end - self.stats.instructions)
                            .min(beat_end.saturating_sub(self.stats.beats) / dearest);
                        n == 0 || matches!(self.fast_chunk(n), Exit::General)
                    }
                };
                if !one_order {
                    continue;
                }
                // Orders were obeyed since the checks above: again.
                if let Some(stop) = self.at_limit(beat_end, instr_end) {
                    return stop;
                }
                if breaks {
                    if let Some(stop) = self.breakpoint_next(self.stats.instructions == start) {
                        return stop;
                    }
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
        // The registers in plain locals, as `order!` names them.
        let (mut a, mut dv, mut d_signed, mut bl, mut b_sign) = Regs::of(self).parts();
        let o = Opts::of(self);
        let mut c = self.c;
        let mut pi = self.pi;
        let Machine {
            store,
            stats,
            line_beats,
            config,
            breaks,
            ..
        } = self;
        let base = &config.timing.beats;
        let mut beats = stats.beats;
        let mut left = n;
        // The store as `order!` reaches it: every write through the store, which keeps the
        // pre-decoded lines and the blocks up to date.
        macro_rules! rl {
            ($s:expr) => {
                store.read_long($s)
            };
        }
        macro_rules! rs {
            ($s:expr) => {
                store.read($s)
            };
        }
        macro_rules! mk {
            ($p:expr) => {
                store.marker($p)
            };
        }
        macro_rules! wl {
            ($s:expr, $v:expr, $exit:block) => {
                store.write_long($s, $v)
            };
        }
        macro_rules! ws {
            ($s:expr, $v:expr, $exit:block) => {
                store.write($s, $v)
            };
        }
        // C := the line before the next order.
        macro_rules! goto {
            ($to:expr, $next:expr,) => {{
                let _ = $next; // the next line is C + 1
                c = $to;
            }};
        }
        let exit = loop {
            if left == 0 {
                break Exit::Done;
            }
            let line = (c + 1) & 1023;
            // A line breakpoint ends the chunk before its line (the run decides whether
            // it stops there: [`Machine::breakpoint_next`]).
            if breaks.any_line && left != n && breaks.has_line(line) {
                break Exit::General;
            }
            let w = store.read(line);
            let dec = store.decoded(line);
            // B-modification (Prinz §17(6)–(10), §18(14)–(16)): the B-line is added to the
            // whole line; if that changes the function digits, or the order is rare, the
            // op field differs from the function of the result.
            let actual = (w + bl[((dec >> 8) & 15) as usize]) & MASK20;
            // The function number, 0-63 by construction (one jump table, no range test).
            let f = function(actual);
            if f != dec & 127 {
                break Exit::General;
            }
            let s = address(actual);
            c = line;
            order!(f, s, b_digits(actual) as usize, line, (a, dv, d_signed, bl, b_sign), o, false, [rl, rs, mk, wl, ws],
                exit {
                    c = (line + 1023) & 1023;
                    break Exit::General;
                },
                jump goto(), done {});
            // PI is the actual order (its B-digits sorted out when the chunk ends).
            pi = actual;
            let cost = u64::from(base[f as usize]);
            beats += cost;
            line_beats[line as usize] += cost;
            stats.by_function[f as usize] += 1;
            left -= 1;
        };
        stats.beats = beats;
        stats.instructions += n - left;
        Regs::from_parts(a, dv, d_signed, bl, b_sign).put(self);
        self.c = c;
        self.pi = settled_pi(pi);
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
const K_TG_T: u32 = op::MAGNETIC_S;

/// Kind of a B-modified `/K` whose next line is a B-modified `/F`: load the multiplier,
/// then multiply and add (a scalar product's step, Prinz §18), obeyed as one (kind 36, a
/// B-modified `/L`, is otherwise unused).
const K_K_F: u32 = op::STOP_L;

/// Kinds of the pairs of orders obeyed as one (superinstructions, [`PAIRS`]), the
/// commonest pairs in blocks of Turing's and Prinz's programs (`TN` then `/H`, 12% of a
/// Turing move's orders; `T/` B-modified then `TR`, 9%; issue 40). Their kinds are
/// those of rare orders, never translated ([`translate`] gives [`K_EXIT`] for them all).
const K_TN_H: u32 = op::HOOT;
const K_LB_R: u32 = op::STOP_G;
const K_R_S: u32 = K_PLAIN + op::MAGNETIC_H;
const K_S_TN: u32 = K_PLAIN + op::MAGNETIC_S;
const K_L_TN: u32 = K_PLAIN + op::STOP_L;
const K_R_TN: u32 = K_PLAIN + op::RANDOM;
const K_TG_LB: u32 = K_PLAIN + op::HOOT;
const K_TO_TG: u32 = K_PLAIN + op::STOP_G;

/// The pairs of orders obeyed as one: (the first's kind, the second's, the pair's).
const PAIRS: [(u32, u32, u32); 10] = [
    (K_PLAIN + op::B_SUB_X, K_PLAIN + op::JUMP_B, K_TG_T),
    (op::LOAD_D_SIGNED, op::MUL_ADD_SIGNED, K_K_F),
    (K_PLAIN + op::SUB_SIGNED, K_PLAIN + op::JUMP_A, K_TN_H),
    (op::LOAD, K_PLAIN + op::AND, K_LB_R),
    (K_PLAIN + op::AND, K_PLAIN + op::STORE_L, K_R_S),
    (K_PLAIN + op::STORE_L, K_PLAIN + op::SUB_SIGNED, K_S_TN),
    (K_PLAIN + op::LOAD, K_PLAIN + op::SUB_SIGNED, K_L_TN),
    (K_PLAIN + op::AND, K_PLAIN + op::SUB_SIGNED, K_R_TN),
    (K_PLAIN + op::B_SUB_X, op::LOAD, K_TG_LB),
    (K_PLAIN + op::B_LOAD_X, K_PLAIN + op::B_SUB_X, K_TO_TG),
];

/// Every kind the block core gives a line that [`translate`] never gives: the pairs',
/// and [`K_FALL`].
const SUPER_KINDS: [u32; 11] = [
    K_TG_T, K_K_F, K_TN_H, K_LB_R, K_R_S, K_S_TN, K_L_TN, K_R_TN, K_TG_LB, K_TO_TG, K_FALL,
];

// The superinstructions' kinds are those of rare orders, never translated.
const _: () = {
    let mut i = 0;
    while i < SUPER_KINDS.len() {
        assert!(in_set(RARE, SUPER_KINDS[i] & 63));
        i += 1;
    }
    assert!(in_set(RARE, K_EXIT));
};

/// Whether a line translated as `op` ends every block that holds it: a control transfer
/// (the block's last order) or an order the block core does not obey (its terminator).
#[inline(always)]
fn ends_block(op: u32) -> bool {
    let k = op & 255;
    k == K_EXIT || in_set(JUMPS, k & 63)
}

/// `need` of a block not active in the present chunk: larger than any budget, so the one
/// test at a block's start also sends an inactive block to [`BlockCache::activate`].
const INACTIVE: i64 = i64::MAX;

/// The block core's translation of a store line `w` (20 bits), recomputed with every
/// write: P0–P7 the kind (`K_EXIT`, or f + 64 for an order obeyed as written, or f for a
/// B-modified one), P8–P10 the B-line (the one added, or for a B-exceptional B-tube order
/// the one operated on); plain, the address s in P22–P31 and its long-line partner
/// ([`super::store::partner`]) in P12–P21; B-modified, P0–P13 of the line in P16–P29.
#[inline(always)]
pub const fn translate(w: u32) -> u32 {
    let f = function(w);
    let b = b_digits(w);
    if in_set(RARE, f) {
        return K_EXIT;
    }
    if in_set(NOT_B_MODIFIED, f) || b == 0 {
        // TT TL (B-digits 0, B0 = 0) and TO TG with B-digits 0 would write B0.
        if b == 0 && in_set(WRITES_B, f) {
            return K_EXIT;
        }
        let s = address(w);
        (K_PLAIN + f) | (b << 8) | (super::store::partner(s) << 12) | (s << 22)
    } else {
        f | (b << 8) | (below_function(w) << 16)
    }
}

/// One cached block: the straight run of orders from its first line to the first control
/// transfer (included) or the first order the block core does not obey (excluded, the
/// block's terminator), with its instructions and beats added up once.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(super) struct Block {
    /// While the block is active (in this run): `vneed` in the budget's units
    /// ([`BUDGET_SHIFT`]); it runs whole only if at least that much budget is left.
    /// [`INACTIVE`] otherwise.
    need: i64,
    /// Times run whole in this run, counted into the orders by function and the beats by
    /// line when the run ends or the block is dropped ([`BlockCache::settle`]).
    hits: u64,
    /// What a run of the block costs the budget: its beats (the base beats of its
    /// orders) shifted up by [`BUDGET_SHIFT`], plus its orders.
    cost: u64,
    /// The beats before its last order, plus 1; 0 if the block is not translated.
    vneed: u32,
    /// Orders in the block (at least 1).
    n: u16,
    /// The last line the block depends on: its control transfer, or its terminator.
    end: u16,
}

const NO_BLOCK: Block = Block {
    need: INACTIVE,
    hits: 0,
    cost: 0,
    vneed: 0,
    n: 0,
    end: 0,
};

/// The block core's budget counts beats and orders in one number: beats in the bits
/// from this one up, orders below (at most [`CHUNK_BEATS`] of either in a chunk), so
/// that running a block is one subtraction ([`Block::cost`]) and its test one
/// comparison ([`Block::need`]).
const BUDGET_SHIFT: u32 = 24;

/// The most beats a block chunk may run (about 34 minutes of machine time): fewer than
/// 2^[`BUDGET_SHIFT`] orders fit in it (every fast order takes a beat at least), with one
/// block's orders over.
const CHUNK_BEATS: u64 = 1 << 23;

/// The half-track (track × 2 + half, 0–511) a page's lines were last read from by a
/// magnetic transfer ([`BlockCache::origin`]); `NO_ORIGIN` when the page was last filled
/// some other way (cleared, loaded, deposited).
const NO_ORIGIN: u16 = u16::MAX;

/// Kind of the slot after a page's last line in its [`PageCache::ops`]: the orders ran
/// off the end of the page without a control transfer (a block ends with the page), and
/// the next block starts at the next page's first line. Kind 38, a B-modified `/W`, is
/// otherwise unused: a rare order translates to [`K_EXIT`] whatever its B-digits.
const K_FALL: u32 = op::RANDOM;

/// The block core's part of one page (64 lines): the block starting at each line and
/// the translation ([`translate`]) of the lines the blocks hold. Blocks never run from
/// one page into the next, so a page's part is whole by itself and moves as one box: put
/// aside with the half-track the page was read from when the page is overwritten, and
/// brought back when that half-track is read into the page again (both in one step for
/// a magnetic read, [`BlockCache::page_read`]; put aside only, for a page filled some
/// other way, [`BlockCache::page_replaced`]).
#[derive(Clone)]
struct PageCache {
    /// The page (0–15) the blocks are in: a box comes back only to it.
    page: usize,
    /// The translation of line x of the page at index x % 128 (valid on the lines the
    /// blocks cover; superinstructions fused), and [`K_FALL`] at the index of the line
    /// after the page's last, (64 p + 64) % 128: the other half of the array is unused,
    /// so that the block core finds a line's translation by its address alone.
    ops: [u32; 128],
    /// The block starting at each line of the page ([`NO_BLOCK`] where none is built).
    blocks: [Block; 64],
    /// The lines where a block is built (bit i for line i of the page).
    built: u64,
    /// The lines whose block is active (bit i for line i of the page): made active in
    /// this run ([`BlockCache::activate`]), its runs not yet counted into the orders by
    /// function and the beats by line ([`BlockCache::settle`]).
    active: u64,
    /// While put aside: how many blocks cover each line (in the store's page, the
    /// count is [`BlockCache::cover`]).
    cover: [u16; 64],
    /// While put aside: the page's 64 lines as the blocks were translated from them. A
    /// block comes back only where these are the lines read.
    lines: [u32; 64],
}

impl PageCache {
    /// An empty box for page `p` (0–15).
    fn new(p: usize) -> Box<PageCache> {
        let mut c = Box::new(PageCache {
            page: p,
            ops: [translate(0); 128],
            blocks: [NO_BLOCK; 64],
            built: 0,
            active: 0,
            cover: [0; 64],
            lines: [0; 64],
        });
        c.ops[(p * 64 + 64) & 127] = K_FALL;
        c
    }

    /// Makes the box (with no active block) the empty box of page `p` (0–15).
    fn reset(&mut self, p: usize) {
        debug_assert_eq!(self.active, 0);
        for i in ones(std::mem::take(&mut self.built)) {
            self.blocks[i] = NO_BLOCK;
        }
        self.page = p;
        self.ops[(p * 64 + 64) & 127] = K_FALL;
    }

    /// Makes the block at line `i` (0–63) of the page inactive and takes its runs in
    /// this run: (its orders, the runs).
    fn take_runs(&mut self, i: usize) -> (usize, u64) {
        self.active &= !(1 << i);
        let b = &mut self.blocks[i];
        b.need = INACTIVE;
        (usize::from(b.n), std::mem::take(&mut b.hits))
    }

    /// Makes the block at line `i` (0–63) of the page inactive, its runs in this run
    /// counted into `pend` (`lines` the page's lines as the block holds them).
    fn retire(&mut self, i: usize, lines: &[u32], pend: &mut Pending) {
        let (n, h) = self.take_runs(i);
        if h != 0 {
            pend.count(&lines[i..i + n], self.page * 64 + i, h);
        }
    }

    /// Makes every block of the page inactive, their runs counted into `pend` (`lines`
    /// the page's lines as the blocks hold them).
    fn retire_all(&mut self, lines: &[u32], pend: &mut Pending) {
        for i in ones(self.active) {
            self.retire(i, lines, pend);
        }
    }

    /// Drops every block of the page that depends on its line `i` (0–63): those that
    /// start at `i` or at a line before it from which the orders run straight (no
    /// transfer, no terminator) to `i`. Such lines are covered by a block, so their
    /// translation is up to date. `lines` are the page's lines as the blocks hold them,
    /// `cover` the page's 64 counts.
    fn drop_over(&mut self, i: usize, lines: &[u32], cover: &mut [u16], pend: &mut Pending) {
        let (p0, a) = (self.page * 64, self.page * 64 + i);
        let mut j = i;
        loop {
            let b = self.blocks[j];
            if b.vneed != 0 && usize::from(b.end) >= a {
                self.drop_block(j, lines, cover, pend);
            }
            if j == 0 || cover[j - 1] == 0 || ends_block(self.ops[(p0 + j - 1) & 127]) {
                break;
            }
            j -= 1;
        }
    }

    /// Drops the block at line `i` (0–63) of the page, its runs counted into `pend`, and
    /// uncovers its lines in `cover` (the page's 64 counts).
    fn drop_block(&mut self, i: usize, lines: &[u32], cover: &mut [u16], pend: &mut Pending) {
        self.retire(i, lines, pend);
        let e = usize::from(self.blocks[i].end) & 63;
        for c in &mut cover[i..=e] {
            *c -= 1;
        }
        self.blocks[i] = NO_BLOCK;
        self.built &= !(1 << i);
    }
}

/// The positions of the ones in `w`, lowest first.
#[inline(always)]
fn ones(mut w: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (w != 0).then(|| {
            let i = w.trailing_zeros() as usize;
            w &= w - 1;
            i
        })
    })
}

/// The most blocks a box coming back with its half-track may hold for its lines to be
/// compared with those read block by block ([`BlockCache::page_read`]); with more, the
/// lines that differ are found first (eight at a time) and the blocks over them dropped.
/// The two ways cost about the same at four blocks (`benches/callgrind.sh turochamp` and
/// `mark1 turochamp --check 6` under callgrind, issue 40).
const FEW_BLOCKS: u32 = 4;

/// The lines (bit i for line i) where the pages `a` and `b` differ, compared eight
/// lines at a time.
#[inline(always)]
fn lines_differ(a: &[u32; 64], b: &[u32; 64]) -> u64 {
    let (a8, b8) = (a.as_chunks::<8>().0, b.as_chunks::<8>().0);
    let mut d = 0;
    for (c, (x, y)) in a8.iter().zip(b8).enumerate() {
        if x != y {
            for (j, (v, w)) in x.iter().zip(y).enumerate() {
                d |= u64::from(v != w) << (c * 8 + j);
            }
        }
    }
    d
}

/// Whether line `x` (0–1023) is in the set of lines `bits` (bit x % 64 of word x / 64).
#[inline(always)]
fn has_line(bits: &[u64; 16], x: usize) -> bool {
    bits[(x >> 6) & 15] & (1 << (x & 63)) != 0
}

/// Runs of blocks counted into the orders by function and the beats by line: straight
/// into the statistics when a run ends ([`BlockCache::settle`]), or kept here for a
/// block dropped or a box recycled inside a run.
#[derive(Clone)]
struct Pending {
    /// The beats of each function ([`super::Timing::beats`], fixed for a machine), kept
    /// when a block is built.
    base: [u32; 64],
    /// Orders by function, not yet in the statistics.
    by_function: [u64; 64],
    /// Beats by line, not yet in the statistics.
    line_beats: [u64; 1024],
    /// Whether anything is pending.
    any: bool,
}

impl Pending {
    /// Counts `h` runs of the orders `lines`, the first at address `at`.
    fn count(&mut self, lines: &[u32], at: usize, h: u64) {
        count_runs(
            lines,
            at,
            h,
            &self.base,
            &mut self.by_function,
            &mut self.line_beats,
        );
        self.any = true;
    }
}

/// Counts `h` runs of the orders `lines` (the first at address `at`) into `by_function`
/// and `line_beats`, `base` the beats of each function.
fn count_runs(
    lines: &[u32],
    at: usize,
    h: u64,
    base: &[u32; 64],
    by_function: &mut [u64; 64],
    line_beats: &mut [u64; 1024],
) {
    for (w, lb) in lines.iter().zip(&mut line_beats[at..at + lines.len()]) {
        let f = function(*w) as usize;
        by_function[f] += h;
        *lb += h * u64::from(base[f]);
    }
}

/// [`BlockCache::cover`] with no block: 0 for the fitted lines, 1 for the others.
const UNFITTED: [u16; 1024] = {
    let mut c = [0; 1024];
    let mut x = super::store::LINES;
    while x < 1024 {
        c[x] = 1;
        x += 1;
    }
    c
};

/// The block core's cache, kept by the store beside the lines: each page's part
/// ([`PageCache`]: its blocks and the translation of the lines they hold), how many
/// blocks depend on each line (so that a write to such a line drops them,
/// [`BlockCache::written`]), and the parts of pages overwritten by magnetic reads, kept
/// with the half-track each page came from.
#[derive(Clone)]
pub(super) struct BlockCache {
    /// The part of each page, 0–15 (8–15 are not fitted: their lines are zero, rare, and
    /// hold no block).
    pages: [Box<PageCache>; 16],
    /// How many blocks cover each line (their orders, and their terminator); 1 for the
    /// lines that are not fitted (512–1023, [`UNFITTED`]), so that the block core's
    /// one test before a write also sends a write to them, which is lost, to the
    /// general path.
    cover: [u16; 1024],
    /// Runs of blocks dropped while active, not yet in the statistics.
    pend: Pending,
    /// Whether a block was made active since the last [`BlockCache::settle`].
    busy: bool,
    /// The half-track each page was last read from ([`NO_ORIGIN`]: none).
    origin: [u16; 8],
    /// Per half-track (track × 2 + half), the part of the last page overwritten while
    /// it held lines read from it; empty until a page is first put aside.
    memo: Vec<Option<Box<PageCache>>>,
    /// The half-tracks (bit k % 64 of word k / 64) whose box went aside holding active
    /// blocks since the last settle.
    aside: [u64; 8],
    /// The line breakpoints the blocks were built under (bit l % 64 of word l / 64): a
    /// line with one ends every block that reaches it and starts none.
    bp: [u64; 16],
    /// Empty boxes, for the pages whose box went aside (boxed: they move between the
    /// pages, the memo and this list without being copied).
    #[allow(clippy::vec_box)]
    spare: Vec<Box<PageCache>>,
}

impl BlockCache {
    /// The cache of an all-zero store.
    pub(super) fn new() -> Box<BlockCache> {
        Box::new(BlockCache {
            pages: std::array::from_fn(PageCache::new),
            cover: UNFITTED,
            pend: Pending {
                base: [0; 64],
                by_function: [0; 64],
                line_beats: [0; 1024],
                any: false,
            },
            busy: false,
            origin: [NO_ORIGIN; 8],
            memo: Vec::new(),
            aside: [0; 8],
            bp: [0; 16],
            spare: Vec::new(),
        })
    }

    /// The line breakpoints of the run about to start (between runs: no block is
    /// active): if they are not those the blocks were built under, every block goes,
    /// the boxes put aside too.
    pub(super) fn use_breakpoints(&mut self, bp: &[u64; 16]) {
        if self.bp != *bp {
            self.bp = *bp;
            self.clear();
            self.spare
                .extend(self.memo.iter_mut().filter_map(Option::take));
        }
    }

    /// The block starting at line `l` (0–1023).
    #[inline(always)]
    fn block(&self, l: usize) -> &Block {
        &self.pages[(l >> 6) & 15].blocks[l & 63]
    }

    /// The block starting at line `l` (0–1023), to change.
    #[inline(always)]
    fn block_mut(&mut self, l: usize) -> &mut Block {
        &mut self.pages[(l >> 6) & 15].blocks[l & 63]
    }

    /// The translation held for line `l` (0–1023).
    #[cfg(test)]
    fn op(&self, l: usize) -> u32 {
        self.pages[(l >> 6) & 15].ops[l & 127]
    }

    /// Page `p` (0–7) is about to be overwritten whole with different lines other than by
    /// a magnetic read (a load, a deposit; `lines` the store before the write): every
    /// block that depends on a line of it is dropped from the page; the page's box goes
    /// aside with the half-track the page was read from, if it was, and the page gets an
    /// empty one. The page's origin is forgotten. (A magnetic read does this and brings
    /// a box back in one step, [`BlockCache::page_read`].)
    pub(super) fn page_replaced(&mut self, p: usize, lines: &[u32; 1024]) {
        let p0 = p * 64;
        let origin = std::mem::replace(&mut self.origin[p], NO_ORIGIN);
        let now = lines[p0..p0 + 64].try_into().expect("a page is 64 lines");
        if let Some(o) = self.leaving(p, origin, now) {
            let empty = self.empty_box(p);
            self.cover[p0..p0 + 64].fill(0);
            let out = std::mem::replace(&mut self.pages[p], empty);
            self.put_aside(o, out);
        }
    }

    /// The first half of overwriting page `p` (0–7), which holds the lines `now` and was
    /// last read from half-track `origin` ([`NO_ORIGIN`]: from none): a page with no block
    /// is left as it is; a page with no origin has its blocks dropped, its box emptied in
    /// place and its cover counts cleared; otherwise its box records the lines and the
    /// counts, ready to go aside with `origin`, which is returned.
    #[inline(always)]
    fn leaving(&mut self, p: usize, origin: u16, now: &[u32; 64]) -> Option<usize> {
        let p0 = p * 64;
        let pg = &mut self.pages[p];
        if pg.built == 0 {
            None
        } else if origin == NO_ORIGIN {
            pg.retire_all(now, &mut self.pend);
            pg.reset(p);
            self.cover[p0..p0 + 64].fill(0);
            None
        } else {
            let o = usize::from(origin);
            pg.lines = *now;
            pg.cover.copy_from_slice(&self.cover[p0..p0 + 64]);
            if pg.active != 0 {
                self.aside[o >> 6] |= 1 << (o & 63);
            }
            if self.memo.is_empty() {
                self.memo.resize(2 * super::drum::TRACKS, None);
            }
            Some(o)
        }
    }

    /// Puts the box `out` aside with half-track `key`, in place of the one there.
    fn put_aside(&mut self, key: usize, out: Box<PageCache>) {
        if let Some(old) = self.memo[key].replace(out) {
            self.discard(old);
        }
    }

    /// A box no longer kept: its runs counted, the box kept for another page.
    fn discard(&mut self, mut old: Box<PageCache>) {
        let lines = old.lines;
        old.retire_all(&lines, &mut self.pend);
        self.spare.push(old);
    }

    /// An empty box for page `p`: a spare one, or a new one.
    fn empty_box(&mut self, p: usize) -> Box<PageCache> {
        match self.spare.pop() {
            Some(mut b) => {
                b.reset(p);
                b
            }
            None => PageCache::new(p),
        }
    }

    /// Page `p` (0–7) was read from half-track `key` (track × 2 + half) but held those
    /// lines already, so its blocks stay: records the origin.
    #[inline(always)]
    pub(super) fn page_kept(&mut self, p: usize, key: usize) {
        self.origin[p] = key as u16;
    }

    /// Page `p` (0–7), holding the lines `now`, is about to be overwritten by a magnetic
    /// read with the different lines `new` of half-track `key` (track × 2 + half): what
    /// [`BlockCache::page_replaced`] then a bringing back would do, in one step (issue 40).
    /// The page's box goes aside with the half-track the page was read from, if it was
    /// (its blocks dropped if it was not); the box put aside with half-track `key` from
    /// this page comes back, its blocks kept only where their lines, every one of them
    /// (terminator included), are the same in `new` as when they were put aside (those
    /// are the lines the blocks were translated from, so no stale translation comes
    /// back); with none, the page gets an empty box. The origin becomes `key`.
    #[inline(never)]
    pub(super) fn page_read(&mut self, p: usize, key: usize, now: &[u32; 64], new: &[u32; 64]) {
        let p0 = p * 64;
        let origin = std::mem::replace(&mut self.origin[p], key as u16);
        let aside_at = self.leaving(p, origin, now);
        if aside_at == Some(key) {
            // Read again from the half-track it came from: the page's box stays (as if
            // put aside and brought straight back), and the box the memo held for that
            // half-track goes, as it would, replaced there by the page's box.
            if let Some(old) = self.memo[key].take() {
                self.discard(old);
            }
        } else {
            let coming = self
                .memo
                .get_mut(key)
                .and_then(|slot| slot.take_if(|m| m.page == p));
            let came = coming.is_some();
            let next = match (coming, aside_at) {
                (Some(m), _) => {
                    self.cover[p0..p0 + 64].copy_from_slice(&m.cover);
                    self.busy |= m.active != 0;
                    m
                }
                (None, Some(_)) => {
                    self.cover[p0..p0 + 64].fill(0);
                    self.empty_box(p)
                }
                // The page's box is empty already, and none comes back.
                (None, None) => return,
            };
            let out = std::mem::replace(&mut self.pages[p], next);
            match aside_at {
                Some(o) => self.put_aside(o, out),
                None => {
                    debug_assert_eq!(out.built, 0);
                    self.spare.push(out);
                }
            }
            if !came {
                return;
            }
        }
        // The box back in the page: where some lines differ from those its blocks were
        // translated from (written to the page or to the track since), the blocks over
        // them are dropped.
        let m = &mut self.pages[p];
        let cover = &mut self.cover[p0..p0 + 64];
        if m.lines != *new {
            let lines = m.lines;
            if m.built.count_ones() <= FEW_BLOCKS {
                // Block by block.
                for s in ones(m.built) {
                    let e = usize::from(m.blocks[s].end) & 63;
                    if lines[s..=e] != new[s..=e] {
                        m.drop_block(s, &lines, cover, &mut self.pend);
                    }
                }
            } else {
                // Line by line: the blocks over each line that differs.
                for i in ones(lines_differ(&lines, new)) {
                    if cover[i] != 0 {
                        m.drop_over(i, &lines, cover, &mut self.pend);
                    }
                }
            }
        }
    }

    /// Line `a` (0–511) of `lines` is about to be written: drops the blocks that depend
    /// on it.
    #[inline(always)]
    pub(super) fn written(&mut self, a: usize, lines: &[u32; 1024]) {
        if self.cover[a] != 0 {
            self.invalidate(a, lines);
        }
    }

    /// Drops every block that depends on line `a`: the blocks that start at `a` or at a
    /// line before it in its page from which the orders run straight (no transfer, no
    /// terminator) to `a`. Such lines are covered by a block, so their translation is up
    /// to date.
    #[cold]
    #[inline(never)]
    fn invalidate(&mut self, a: usize, lines: &[u32; 1024]) {
        let p = (a >> 6) & 15;
        let p0 = p * 64;
        let (page, cover) = (&lines[p0..p0 + 64], &mut self.cover[p0..p0 + 64]);
        self.pages[p].drop_over(a - p0, page, cover, &mut self.pend);
    }

    /// No block (KEC).
    pub(super) fn clear(&mut self) {
        for (p, pg) in self.pages.iter_mut().enumerate() {
            debug_assert_eq!(pg.active, 0, "KEC inside a run");
            pg.reset(p);
        }
        self.cover = UNFITTED;
        self.origin = [NO_ORIGIN; 8];
    }

    /// Page `p` (0–7) was filled other than by a magnetic read: it has no origin.
    pub(super) fn page_loaded(&mut self, p: usize) {
        self.origin[p] = NO_ORIGIN;
    }

    /// Makes the block at line `l` active for this run, translating it if need be.
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
        let (p, i) = ((l >> 6) & 15, l & 63);
        let b = self.pages[p].blocks[i];
        if b.need != INACTIVE {
            // It does not fit.
            return Err(false);
        }
        if in_set(RARE, function(lines[l])) || has_line(&self.bp, l) {
            // No block starts at a rare order, or at a breakpoint.
            return Err(true);
        }
        let pg = &mut *self.pages[p];
        if b.vneed == 0 {
            self.pend.base = *base;
            let (mut n, mut beats, mut last, mut x) = (0usize, 0u32, 0u32, l);
            let end = loop {
                // Translated now; kept up to date while a block covers the line. A
                // line with a breakpoint is a terminator.
                let t = if has_line(&self.bp, x) {
                    K_EXIT
                } else {
                    translate(lines[x])
                };
                pg.ops[x & 127] = t;
                let k = t & 255;
                if k == K_EXIT {
                    break x;
                }
                last = base[(k & 63) as usize];
                beats += last;
                n += 1;
                // A block ends at a control transfer, or with its page.
                if in_set(JUMPS, k & 63) || x & 63 == 63 {
                    break x;
                }
                x += 1;
            };
            if n == 0 {
                return Err(true);
            }
            // Superinstructions: pairs of orders in the block obeyed as one, each pair's
            // first line given the pair's kind (the second keeps its translation), taken
            // from the first line on, a line in one pair at most.
            let mut x = l;
            while x + 1 < l + n {
                let (k, k2) = (pg.ops[x & 127] & 255, pg.ops[(x + 1) & 127] & 255);
                match PAIRS.iter().find(|&&(a, b, _)| a == k && b == k2) {
                    Some(&(_, _, kind)) => {
                        pg.ops[x & 127] = (pg.ops[x & 127] & !255) | kind;
                        x += 2;
                    }
                    None => x += 1,
                }
            }
            for c in &mut self.cover[l..=end] {
                *c += 1;
            }
            pg.blocks[i] = Block {
                need: INACTIVE,
                hits: 0,
                cost: (u64::from(beats) << BUDGET_SHIFT) | n as u64,
                vneed: beats - last + 1,
                n: n as u16,
                end: end as u16,
            };
            pg.built |= 1 << i;
        }
        let b = &mut pg.blocks[i];
        let need = i64::from(b.vneed) << BUDGET_SHIFT;
        if need > left {
            return Err(false);
        }
        b.need = need;
        pg.active |= 1 << i;
        self.busy = true;
        Ok(())
    }

    /// Counts the runs of the active blocks (in the store's pages and in the boxes put
    /// aside), and those of blocks dropped while active, into the orders by function and
    /// the beats by line (the instructions and beats were counted as the blocks ran),
    /// and makes every block inactive: the end of a run ([`Machine::run_fast`]), after
    /// which the statistics are exact.
    #[inline(always)]
    pub(super) fn settle(
        &mut self,
        lines: &[u32; 1024],
        base: &[u32; 64],
        by_function: &mut [u64; 64],
        line_beats: &mut [u64; 1024],
    ) {
        if self.busy || self.pend.any {
            self.settle_all(lines, base, by_function, line_beats);
        }
    }

    /// [`BlockCache::settle`] when there is something to count.
    #[inline(never)]
    fn settle_all(
        &mut self,
        lines: &[u32; 1024],
        base: &[u32; 64],
        by_function: &mut [u64; 64],
        line_beats: &mut [u64; 1024],
    ) {
        self.busy = false;
        let mut settle = |pg: &mut PageCache, lines: &[u32]| {
            for i in ones(pg.active) {
                let (n, h) = pg.take_runs(i);
                if h != 0 {
                    let at = pg.page * 64 + i;
                    count_runs(&lines[i..i + n], at, h, base, by_function, line_beats);
                }
            }
        };
        for (p, pg) in self.pages.iter_mut().enumerate() {
            if pg.active != 0 {
                settle(pg, &lines[p * 64..p * 64 + 64]);
            }
        }
        for w in 0..8 {
            for key in ones(std::mem::take(&mut self.aside[w])).map(|k| w * 64 + k) {
                if let Some(Some(m)) = self.memo.get_mut(key) {
                    if m.active != 0 {
                        let own = m.lines;
                        settle(m, &own);
                    }
                }
            }
        }
        if self.pend.any {
            self.pend.any = false;
            for (t, p) in by_function.iter_mut().zip(&mut self.pend.by_function) {
                *t += std::mem::take(p);
            }
            for (t, p) in line_beats.iter_mut().zip(self.pend.line_beats.iter_mut()) {
                *t += std::mem::take(p);
            }
        }
    }
}

/// Why a block chunk ended.
pub(super) enum BlockExit {
    /// The next block does not fit in the budget (or the chunk could not start).
    Limit,
    /// The next order must be obeyed by the general path.
    General,
    /// The chunk's budget was cut to [`CHUNK_BEATS`] and is spent: another chunk goes on.
    Again,
}

/// Calls `$m!(.. [f p, ..] [x ..])` with the block core's kinds: each function number f
/// it obeys (those not in [`RARE`]) with its plain kind p = K_PLAIN + f, then every
/// other kind but the superinstructions' and [`K_FALL`] (kinds that leave to the general path: the
/// rare functions, B-modified or plain). Literals, for the patterns of the dispatch;
/// checked against [`RARE`] by the test `block_kinds_are_every_kind_once`.
macro_rules! block_kinds {
    ($m:ident!($($a:tt)*)) => {
        $m!($($a)*
            [1 65, 2 66, 3 67, 4 68, 5 69, 6 70, 7 71, 9 73, 10 74, 11 75, 12 76, 13 77,
             14 78, 15 79, 16 80, 17 81, 18 82, 19 83, 20 84, 21 85, 22 86, 23 87, 24 88,
             25 89, 26 90, 27 91, 28 92, 29 93, 30 94, 31 95, 32 96, 33 97, 34 98, 35 99,
             37 101, 39 103, 40 104, 41 105, 42 106, 43 107, 44 108, 45 109, 46 110,
             47 111, 48 112, 49 113, 50 114, 51 115, 53 117, 54 118, 55 119, 56 120,
             57 121, 58 122, 59 123, 61 125, 62 126, 63 127]
            [0])
    };
}

/// A block chunk between its three steps ([`Machine::block_chunk`]): built from the
/// machine ([`Machine::block_build`]), run ([`BlockRun::run`]), and counted and put back
/// into the machine ([`Machine::block_flush`]).
struct BlockRun {
    /// The registers, in locals while the blocks run.
    r: Regs,
    /// The options the orders read.
    o: Opts,
    /// The budget the chunk started with, in beats (at most [`CHUNK_BEATS`]) shifted up
    /// by [`BUDGET_SHIFT`], the orders' part below all ones: no order starts at or after
    /// the beat limit, and since every order takes at least the cheapest fast order's
    /// beats, no more orders start than the instructions left.
    start: i64,
    /// What is left of it.
    left: i64,
    /// The line the block being run (or the next one) starts at.
    l: usize,
    /// The last order of the block before (`usize::MAX`: none).
    prev_end: usize,
    /// The B-modified actual order (P0–P13) of the last B-modified order obeyed.
    px: u32,
}

/// How a block chunk's run ended: why, the line of the order not obeyed, and whether
/// the block at [`BlockRun::l`] was counted whole when it started.
type RunEnd = (BlockExit, usize, bool);

impl Machine {
    /// Runs cached blocks while whole blocks fit in `beats_left` and `instr_left`. Every
    /// exit is exact: the orders obeyed are counted as the reference core counts them,
    /// and the machine is left as it was before the next order.
    #[inline(never)]
    pub(super) fn block_chunk(&mut self, beats_left: u64, instr_left: u64) -> BlockExit {
        let mut run = self.block_build(beats_left, instr_left);
        let (exit, y, charged) = loop {
            let end = run.run(&mut self.store, &self.config.timing.beats);
            // A magnetic transfer next is obeyed here and the blocks go on (leaving the
            // chunk and coming back costs more than the transfer's own work).
            if matches!(end.0, BlockExit::General) && self.chunk_transfer(&mut run, end.1, end.2) {
                continue;
            }
            break end;
        };
        self.block_flush(&run, y, charged);
        match exit {
            BlockExit::Limit
                if beats_left.min(instr_left.saturating_mul(self.fast_cheapest)) > CHUNK_BEATS =>
            {
                BlockExit::Again
            }
            e => e,
        }
    }

    /// Obeys the order at line `y`, where a block chunk's run left for the general path,
    /// inside the chunk if it is a magnetic transfer (`/:`, B-digits 0, naming a
    /// magnetic order, Prinz §23) that starts within the budget and takes at least the
    /// cheapest fast order's beats (so that the budget still bounds the orders), with no
    /// stop on transfers asked for, no breakpoint on its line, and the block the run was
    /// in (`charged`) obeyed whole: as the general path obeys it
    /// ([`Machine::magnetic_order`]), its beats and its one order taken from the chunk's
    /// budget, counted by function and by line, PI set, and the run made to go on at the
    /// line after (three after, a check that succeeds). Returns whether it was obeyed; if
    /// not, nothing has changed.
    #[inline(never)]
    fn chunk_transfer(&mut self, run: &mut BlockRun, y: usize, charged: bool) -> bool {
        if self.breaks.on_transfer
            || run.left < (1 << BUDGET_SHIFT)
            || has_line(&self.store.cache.bp, y)
        {
            return false;
        }
        if charged && y - run.l < usize::from(self.store.cache.block(run.l).n) {
            return false;
        }
        let w = self.store.lines[y];
        if function(w) != op::MAGNETIC_S || b_digits(w) != 0 {
            return false;
        }
        let Some(m) = MagneticOrder::decode(self.store.read(address(w))) else {
            return false;
        };
        let base = self.config.timing.beats[op::MAGNETIC_S as usize];
        let beats = u64::from(base) + u64::from(self.magnetic_beats(m));
        if beats < self.fast_cheapest {
            // The budget counts orders by the cheapest's beats: a transfer cheaper than
            // that (a timing made so) goes to the general path.
            return false;
        }
        self.c = y as u32;
        self.magnetic_order(m, y as u32);
        self.stats.by_function[op::MAGNETIC_S as usize] += 1;
        self.line_beats[y] += beats;
        run.left -= ((beats as i64) << BUDGET_SHIFT) | 1;
        // PI is the transfer (B-digits 0: as written) until a block's order follows.
        self.pi = w;
        run.prev_end = usize::MAX;
        run.l = ((self.c + 1) & 1023) as usize;
        true
    }

    /// A block chunk's start: the registers and options taken, the budget as beats.
    #[inline(always)]
    fn block_build(&self, beats_left: u64, instr_left: u64) -> BlockRun {
        let beats = beats_left
            .min(instr_left.saturating_mul(self.fast_cheapest))
            .min(CHUNK_BEATS) as i64;
        let start = (beats << BUDGET_SHIFT) | ((1 << BUDGET_SHIFT) - 1);
        BlockRun {
            r: Regs::of(self),
            o: Opts::of(self),
            start,
            left: start,
            l: ((self.c + 1) & 1023) as usize,
            prev_end: usize::MAX,
            px: 0,
        }
    }

    /// A block chunk's end, the order at line `y` not obeyed: if the block at `run.l`
    /// was counted whole (`charged`) but left early, its orders obeyed are counted one by
    /// one instead; the instructions and beats of the chunk counted (the blocks' orders
    /// by function and beats by line are counted when the run ends,
    /// [`BlockCache::settle`]); the registers, C and PI put back.
    #[inline(never)]
    fn block_flush(&mut self, run: &BlockRun, y: usize, charged: bool) {
        let (lines, cache) = (&self.store.lines, &mut self.store.cache);
        let (stats, line_beats) = (&mut self.stats, &mut self.line_beats);
        let base = &self.config.timing.beats;
        let l = run.l;
        let mut left = run.left;
        let mut direct = 0u64;
        let last = if charged && y > l {
            y - 1
        } else {
            run.prev_end
        };
        if charged {
            let blk = cache.block_mut(l);
            if y - l < usize::from(blk.n) {
                blk.hits -= 1;
                left += blk.cost as i64;
                for x in l..y {
                    let f = function(lines[x]) as usize;
                    let cost = u64::from(base[f]);
                    stats.by_function[f] += 1;
                    line_beats[x] += cost;
                    left -= (cost as i64) << BUDGET_SHIFT;
                    direct += 1;
                }
            }
        }
        // Spent: the beats above BUDGET_SHIFT, the orders of the blocks below.
        let used = (run.start - left) as u64;
        stats.instructions += (used & ((1 << BUDGET_SHIFT) - 1)) + direct;
        stats.beats += used >> BUDGET_SHIFT;
        // The last order obeyed, as B-modified (its line is unchanged: a block covers it).
        let pi = (last != usize::MAX).then(|| {
            let w = lines[last];
            let f = function(w);
            if in_set(NOT_B_MODIFIED, f) || b_digits(w) == 0 {
                w
            } else {
                with_function(run.px, f)
            }
        });
        run.r.put(self);
        self.c = ((y + 1023) & 1023) as u32;
        if let Some(x) = pi {
            self.pi = settled_pi(x);
        }
    }
}

impl BlockRun {
    /// Runs blocks from line `self.l` on the store's lines while they fit in the budget;
    /// `base` the beats of each function.
    #[inline(always)]
    #[allow(unreachable_code)]
    fn run(&mut self, store: &mut super::Store, base: &[u32; 64]) -> RunEnd {
        let super::Store {
            lines,
            markers,
            cache,
        } = store;
        let lines: &mut [u32; 1024] = lines;
        let cache: &mut BlockCache = cache;
        let markers: &[u32; 8] = markers;
        // The registers in plain locals, as `order!` names them.
        let (mut a, mut dv, mut d_signed, mut bl, mut b_sign) = self.r.parts();
        let o = self.o;
        let (mut left, mut l, mut prev_end, mut px) = (self.left, self.l, self.prev_end, self.px);
        // The part of the page of the block being run.
        let mut pg: &mut PageCache;
        // The partner of the address of the order being obeyed (the long lines').
        let mut pq: u32;

        // The store as `order!` reaches it: the lines directly. A write to a line a block
        // depends on leaves the order to the general path (through the store, it drops
        // the blocks).
        // (`pq` is the partner of the order's address, set before each order.)
        macro_rules! rl {
            ($s:expr) => {{
                let s = $s;
                u64::from(lines[s as usize]) | (u64::from(lines[pq as usize]) << 20)
            }};
        }
        macro_rules! rs {
            ($s:expr) => {
                lines[$s as usize]
            };
        }
        macro_rules! mk {
            ($p:expr) => {
                markers.get($p as usize).copied().unwrap_or(0)
            };
        }
        macro_rules! wl {
            ($s:expr, $v:expr, $exit:block) => {{
                let s = $s;
                if (cache.cover[s as usize] | cache.cover[pq as usize]) != 0 $exit
                let v: u64 = $v;
                lines[s as usize] = (v as u32) & MASK20;
                lines[pq as usize] = ((v >> 20) as u32) & MASK20;
            }};
        }
        macro_rules! ws {
            ($s:expr, $v:expr, $exit:block) => {{
                let s = $s;
                if cache.cover[s as usize] != 0 $exit
                lines[s as usize] = $v;
            }};
        }
        // A control transfer to line `next` ends the block: the next block starts there.
        // While it is active and fits, it is counted and run at once (the common case);
        // otherwise the outer loop activates it or ends the chunk.
        macro_rules! next_block {
            ($to:expr, $next:expr, $line:ident, $ops:lifetime, $blocks:lifetime) => {{
                let _ = $to; // C is set when the chunk ends
                prev_end = $line;
                l = $next as usize;
                pg = &mut cache.pages[(l >> 6) & 15];
                let blk = &mut pg.blocks[l & 63];
                if blk.need <= left {
                    left -= blk.cost as i64;
                    blk.hits += 1;
                    $line = l;
                    continue $ops;
                }
                continue $blocks;
            }};
        }
        // One dispatch on the translated op's kind: for each function f obeyed here, f
        // B-modified and K_PLAIN + f as written (the pairs given); the superinstructions;
        // every other kind leaves to the general path.
        // Order `$f` B-modified, translated as `$op`, on line `$line`: the B-line is
        // added to P0-P13 of the line; if that changes the function digits, the general
        // path obeys it.
        macro_rules! bmod {
            ($f:expr, $op:expr, $line:ident, $run:lifetime, $ops:lifetime, $blocks:lifetime) => {{
                let op = $op;
                let x = (op >> 16) + bl[((op >> 8) & 7) as usize];
                if function(x) != 0 {
                    break $run (BlockExit::General, $line, true);
                }
                let s = address(x);
                pq = super::store::partner(s);
                order!($f, s, b_digits(x) as usize, $line, (a, dv, d_signed, bl, b_sign), o, true,
                    [rl, rs, mk, wl, ws],
                    exit { break $run (BlockExit::General, $line, true) },
                    jump next_block($line, $ops, $blocks), done { px = x });
                px = x;
            }};
        }
        // Order `$f` as written (not B-modified), translated as `$op`, on line `$line`.
        macro_rules! plain {
            ($f:expr, $op:expr, $line:ident, $run:lifetime, $ops:lifetime, $blocks:lifetime) => {{
                let op = $op;
                let s = op >> 22;
                pq = (op >> 12) & 1023;
                order!($f, s, ((op >> 8) & 7) as usize, $line, (a, dv, d_signed, bl, b_sign), o, true,
                    [rl, rs, mk, wl, ws],
                    exit { break $run (BlockExit::General, $line, true) },
                    jump next_block($line, $ops, $blocks), done {});
            }};
        }
        // A pair fused at line `$line` ([`PAIRS`]): the first order, then the second on
        // the next line, each in its form (`bmod` or `plain`); `$line` is left on the
        // second.
        macro_rules! pair {
            ($op:ident, $line:ident, $run:lifetime, $ops:lifetime, $blocks:lifetime;
             $m1:ident $f1:expr, $m2:ident $f2:expr) => {{
                $m1!($f1, $op, $line, $run, $ops, $blocks);
                $line += 1;
                $m2!($f2, pg.ops[$line & 127], $line, $run, $ops, $blocks);
            }};
        }
        macro_rules! dispatch {
            ($k:expr, $op:ident, $line:ident, $run:lifetime, $ops:lifetime, $blocks:lifetime;
             [$($f:tt $p:tt),*] [$($x:tt)*]) => {
                match $k & 127 {
                    $(
                        $f => bmod!($f, $op, $line, $run, $ops, $blocks),
                        $p => plain!($f, $op, $line, $run, $ops, $blocks),
                    )*
                    K_TN_H => pair!($op, $line, $run, $ops, $blocks; plain op::SUB_SIGNED, plain op::JUMP_A),
                    K_LB_R => pair!($op, $line, $run, $ops, $blocks; bmod op::LOAD, plain op::AND),
                    K_R_S => pair!($op, $line, $run, $ops, $blocks; plain op::AND, plain op::STORE_L),
                    K_S_TN => pair!($op, $line, $run, $ops, $blocks; plain op::STORE_L, plain op::SUB_SIGNED),
                    K_L_TN => pair!($op, $line, $run, $ops, $blocks; plain op::LOAD, plain op::SUB_SIGNED),
                    K_R_TN => pair!($op, $line, $run, $ops, $blocks; plain op::AND, plain op::SUB_SIGNED),
                    K_TG_LB => pair!($op, $line, $run, $ops, $blocks; plain op::B_SUB_X, bmod op::LOAD),
                    K_TO_TG => pair!($op, $line, $run, $ops, $blocks; plain op::B_LOAD_X, plain op::B_SUB_X),
                    // `TG /T` and `/K /F` (the §18 loop's pairs) are written out: through
                    // `pair!` the loop costs 29.3 host instructions an order, not 28.1.
                    K_TG_T => {
                        // TG on line `line` (its B-line not 0), then the /T on the next.
                        let i = (($op >> 8) & 7) as usize;
                        let v = arith::b_sub(bl[i], lines[($op >> 22) as usize]);
                        bl[i] = v;
                        b_sign = arith::b_sign(v);
                        let jl = $line + 1;
                        let next = if !b_sign {
                            let t = lines[(pg.ops[jl & 127] >> 22) as usize];
                            let (_, next) = arith::jump_to(false, jl as u32, t);
                            if arith::dynamic_stop(o.stop_dyn, jl as u32, next, |x| lines[x as usize]).is_some() {
                                // A dynamic or hoot stop: the general path stops there.
                                break $run (BlockExit::General, jl, true);
                            }
                            next
                        } else {
                            (jl as u32 + 1) & 1023
                        };
                        $line = jl;
                        next_block!((), next, $line, $ops, $blocks);
                    }
                    K_FALL => {
                        // The orders ran off the end of the page (`line` the next page's
                        // first): the next block starts there.
                        $line -= 1;
                        next_block!((), ($line + 1) & 1023, $line, $ops, $blocks);
                    }
                    K_K_F => {
                        // /K on line `line`, then /F on the next, both B-modified.
                        let x = ($op >> 16) + bl[(($op >> 8) & 7) as usize];
                        if function(x) != 0 {
                            break $run (BlockExit::General, $line, true);
                        }
                        pq = super::store::partner(address(x));
                        let d = arith::factor(rl!(address(x)), true);
                        let op2 = pg.ops[($line + 1) & 127];
                        let x2 = (op2 >> 16) + bl[((op2 >> 8) & 7) as usize];
                        dv = d;
                        d_signed = true;
                        px = x;
                        if function(x2) != 0 {
                            break $run (BlockExit::General, $line + 1, true);
                        }
                        pq = super::store::partner(address(x2));
                        a = arith::multiply(a, d, arith::factor(rl!(address(x2)), true), false);
                        px = x2;
                        $line += 1;
                    }
                    // Every kind 0-127 is an arm (no range test in the dispatch).
                    $($x)|* | 128..=u32::MAX => break $run (BlockExit::General, $line, true),
                }
            };
        }

        let end = 'run: {
            'blocks: loop {
                // A block starts at line l.
                if cache.block(l).need > left {
                    if let Err(general) = cache.activate(l, lines, base, left) {
                        let e = if general {
                            BlockExit::General
                        } else {
                            BlockExit::Limit
                        };
                        break 'run (e, l, false);
                    }
                }
                pg = &mut cache.pages[(l >> 6) & 15];
                let blk = &mut pg.blocks[l & 63];
                left -= blk.cost as i64;
                blk.hits += 1;
                let mut line = l;
                'ops: loop {
                    let op = pg.ops[line & 127];
                    block_kinds!(dispatch!(op, op, line, 'run, 'ops, 'blocks;));
                    line += 1;
                }
            }
        };
        self.r = Regs::from_parts(a, dv, d_signed, bl, b_sign);
        (self.left, self.l, self.prev_end, self.px) = (left, l, prev_end, px);
        end
    }
}

#[cfg(test)]
mod tests {
    use super::super::code::ORDERS;
    use super::*;

    macro_rules! lists {
        ([$($f:tt $p:tt),*] [$($x:tt)*]) => {
            (vec![$($f),*], vec![$($p),*], vec![$($x),*])
        };
    }

    #[test]
    fn block_kinds_are_every_kind_once() {
        let (fs, ps, xs): (Vec<u32>, Vec<u32>, Vec<u32>) = block_kinds!(lists!());
        let fast: Vec<u32> = (0..64).filter(|&f| !in_set(RARE, f)).collect();
        assert_eq!(fs, fast, "the functions the block core obeys");
        assert!(fs.iter().zip(&ps).all(|(&f, &p)| p == K_PLAIN + f));
        let mut exits: Vec<u32> = (0..64)
            .filter(|&f| in_set(RARE, f))
            .flat_map(|f| [f, K_PLAIN + f])
            .filter(|k| !SUPER_KINDS.contains(k))
            .collect();
        exits.sort();
        assert_eq!(xs, exits, "the kinds that leave");
        let mut all: Vec<u32> = [fs, ps, xs, SUPER_KINDS.to_vec()].concat();
        all.sort();
        assert_eq!(all, (0..128).collect::<Vec<u32>>(), "every kind once");
    }

    /// The blocks of a page go aside with the half-track it was read from and come back
    /// when that half-track is read again, only where their lines are the same.
    #[test]
    fn blocks_come_back_with_their_half_track() {
        use super::super::code::instruction;
        use super::super::{Budget, Config, Machine, Stop};
        let mut r = [0u32; 64];
        r[0] = instruction(128 + 48, 1, op::B_LOAD_X); // B1 := 10
        r[1] = instruction(128 + 40, 0, op::ADD);
        r[2] = instruction(128 + 44, 1, op::B_SUB_X); // TG+/T: back to line 129
        r[3] = instruction(128 + 45, 0, op::JUMP_B);
        r[4] = instruction(128 + 47, 0, op::JUMP); // a loop stop
        (r[40], r[44], r[45], r[47], r[48]) = (3, 1, 128, 131, 10);
        let mut m = Machine::new(Config::default());
        m.drum.set_half_track(5, 0, &r);
        let read = |m: &mut Machine, t: u32| {
            let ht = *m.drum.half_track(t, 0);
            m.store.read_page_from(2, &ht, t, 0);
        };
        let run = |m: &mut Machine| {
            m.c = 127;
            let s = m.run(Budget::beats(100_000));
            assert_eq!(s, Stop::DynamicStop { line: 132 });
        };
        read(&mut m, 5);
        run(&mut m);
        let c = &m.store.cache;
        assert!(c.block(128).vneed != 0 && c.block(129).vneed != 0);
        assert!(c.cover[131] == 2 && c.op(130) & 255 == K_TG_T);
        // Another half-track (zeros) over it: the blocks go...
        read(&mut m, 6);
        assert!(m.store.cache.cover[..512].iter().all(|&c| c == 0));
        // ... and come back with track 5, as they were.
        read(&mut m, 5);
        let c = &m.store.cache;
        assert!(c.block(128).vneed != 0 && c.block(129).vneed != 0);
        assert!(c.cover[131] == 2 && c.op(130) & 255 == K_TG_T);
        run(&mut m);
        // Track 5 rewritten with line 2 changed: the blocks over line 130 stay out, the
        // one at line 132 (lines 132 only) comes back.
        read(&mut m, 6);
        r[2] = instruction(128 + 44, 1, op::B_SUB);
        m.drum.set_half_track(5, 0, &r);
        read(&mut m, 5);
        let c = &m.store.cache;
        assert!(c.block(128).vneed == 0 && c.block(129).vneed == 0);
        assert!(c.block(132).vneed != 0 && c.cover[130] == 0 && c.cover[132] == 1);
    }

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
