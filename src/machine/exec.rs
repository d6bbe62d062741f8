//! The order code: one prepulse, B-modification, and all 64 function numbers.
//!
//! Sources per group are given on each arm; the table in docs/machine.md repeats them.

use super::arith::{self, DynamicStop};
use super::code::{
    address, b_digits, function, in_set, op, without_b_digits, IoOrder, MagneticOrder, B_TUBE,
    JUMPS_ON_A, JUMPS_ON_B, MASK20, NOT_B_MODIFIED, RELATIVE_JUMPS, UNASSIGNED, WRITES_A,
};
use super::drum::marker_of;
use super::io::OutputOrder;
use super::{Machine, Stop, StopSwitch};

impl Machine {
    /// One prepulse (Prinz §7(7)–(16)): C := C + 1, fetch the presumptive instruction,
    /// B-modify it (§17(6)–(10)), obey it, and charge its beats.
    #[inline(always)]
    pub(super) fn obey(&mut self) {
        let (line, presumptive) = if self.console.kcc_held {
            // Clear control held: PI stays //// and each prepulse obeys H (§21(21)).
            self.c = 0;
            (0, 0)
        } else {
            self.c = (self.c + 1) & 1023;
            (self.c, self.store.read(self.c))
        };
        let actual = if in_set(NOT_B_MODIFIED, function(presumptive)) {
            presumptive
        } else {
            // The B-line is added to the whole instruction, which may change its
            // function and B-digits (§18(14)-(16)); the B-digits of the result are then
            // disregarded except in B-tube orders.
            let b = self.b[b_digits(presumptive) as usize];
            let x = (presumptive + b) & MASK20;
            if in_set(B_TUBE, function(x)) {
                x
            } else {
                without_b_digits(x)
            }
        };
        self.pi = actual;
        let (f, s) = (function(actual), address(actual));
        let base = self.config.timing.beats[f as usize];
        let extra = match self.order(f, s, actual, line, base) {
            Some(e) => e,
            None => {
                // Not obeyed (no tape, a dynamic stop, or a stop on an unassigned code):
                // control is put back so that continuing obeys the same line again.
                self.c = (line + 1023) & 1023;
                return;
            }
        };
        if self.a_sign_latch.is_some() {
            self.kac_after(f);
        }
        let beats = u64::from(base) + u64::from(extra);
        if matches!(self.halt, Some(Stop::DummyStop { .. })) {
            // A dummy stop is complete only when the operator continues: it is counted
            // then (as SimH counts it; period-software README §2).
            self.pending_charge = Some((f, beats, line));
            return;
        }
        self.charge(f, beats, line);
    }

    /// Counts one obeyed instruction of function `f` at `line` and its beats.
    #[inline(always)]
    pub(super) fn charge(&mut self, f: u32, beats: u64, line: u32) {
        self.stats.instructions += 1;
        self.stats.by_function[f as usize] += 1;
        self.stats.beats += beats;
        self.line_beats[line as usize] += beats;
    }

    /// Obeys function `f` on address `s`; returns the beats beyond the base cost, or
    /// `None` if the order could not be obeyed.
    #[inline(always)]
    fn order(&mut self, f: u32, s: u32, actual: u32, line: u32, base: u32) -> Option<u32> {
        let st = &mut self.store;
        let simh = self.config.simh_negation;
        match f {
            // --- magnetic group (Prinz §21, §23) ---
            op::MAGNETIC_H => return self.magnetic(self.console.hand_switches, line, base),
            op::MAGNETIC_S => {
                let w = self.store.read(s);
                return self.magnetic(w, line, base);
            }
            // --- accumulator group (Prinz §10, §11, §13) ---
            op::LOAD => self.a = arith::load(st.read_long(s)),
            op::LOAD_SIGNED => self.a = arith::load_signed(st.read_long(s)),
            op::LOAD_NEGATED => self.a = arith::load_negated(st.read_long(s), simh),
            op::LOAD_DOUBLE => self.a = arith::load_double(st.read_long(s)),
            op::CLEAR => self.a = 0,
            op::ADD => self.a = arith::add(self.a, st.read_long(s)),
            op::ADD_SIGNED => self.a = arith::add_signed(self.a, st.read_long(s)),
            op::SUB_SIGNED => self.a = arith::sub_signed(self.a, st.read_long(s), simh),
            op::ADD_M => self.a = arith::add_m(self.a, st.read_long(s)),
            op::STORE_L => st.write_long(s, arith::l(self.a)),
            op::STORE_M => st.write_long(s, arith::m(self.a)),
            op::STORE_L_CLEAR => {
                st.write_long(s, arith::l(self.a));
                self.a = 0;
            }
            op::STORE_M_CLEAR => {
                st.write_long(s, arith::m(self.a));
                self.a = arith::clear_m(self.a);
            }
            op::STORE_L_SHIFT => {
                st.write_long(s, arith::l(self.a));
                self.a = arith::shift_down(self.a);
            }
            op::SWAP => self.a = arith::swap(self.a),
            // --- multiplication (Prinz §12) ---
            op::LOAD_D | op::LOAD_D_SIGNED => {
                self.d = st.read_long(s);
                self.d_signed = f == op::LOAD_D_SIGNED;
            }
            op::MUL_SUB | op::MUL_SUB_SIGNED | op::MUL_ADD | op::MUL_ADD_SIGNED => {
                let signed = f == op::MUL_SUB_SIGNED || f == op::MUL_ADD_SIGNED;
                let sv = arith::factor(st.read_long(s), signed);
                let dv = arith::factor(self.d, self.d_signed);
                let subtract = f == op::MUL_SUB || f == op::MUL_SUB_SIGNED;
                self.a = arith::multiply(self.a, dv, sv, subtract);
            }
            // --- logical (Prinz §16): S taken signed ---
            op::AND => self.a = arith::and(self.a, st.read_long(s)),
            op::OR => self.a = arith::or(self.a, st.read_long(s)),
            op::XOR => self.a = arith::xor(self.a, st.read_long(s)),
            // --- special arithmetic (Prinz §19, §24) ---
            op::TOP_BIT => self.a = arith::top_bit(self.a, st.read_long(s)),
            op::ONES => self.a = arith::ones(self.a, st.read_long(s)),
            op::RANDOM => {
                self.a = (self.a & !u128::from(MASK20)) | u128::from(self.rng.next20());
                self.stats.random += 1;
            }
            op::MARKER => {
                self.a = arith::marker_or_line_before(s, |p| st.marker(p), |x| st.read(x));
            }
            // --- B-tube (Prinz §18): the B-sign follows P19 of the line operated on ---
            op::B_LOAD | op::B_LOAD_X => {
                let b = b_digits(actual) as usize;
                self.b[b] = st.read(s);
                self.b_sign = arith::b_sign(self.b[b]);
            }
            op::B_STORE | op::B_STORE_X => {
                let b = b_digits(actual) as usize;
                st.write(s, self.b[b]);
                self.b_sign = arith::b_sign(self.b[b]);
            }
            op::B_SUB | op::B_SUB_X => {
                let b = b_digits(actual) as usize;
                self.b[b] = arith::b_sub(self.b[b], st.read(s));
                self.b_sign = arith::b_sign(self.b[b]);
            }
            // --- control transfers (Prinz §14): C := t, or C := C + t ---
            // (One arm each, so that the function is a constant in each.)
            op::JUMP => return self.transfer(op::JUMP, s, line),
            op::JUMP_REL => return self.transfer(op::JUMP_REL, s, line),
            op::JUMP_A => return self.transfer(op::JUMP_A, s, line),
            op::JUMP_REL_A => return self.transfer(op::JUMP_REL_A, s, line),
            op::JUMP_B => return self.transfer(op::JUMP_B, s, line),
            op::JUMP_REL_B => return self.transfer(op::JUMP_REL_B, s, line),
            // --- special operational (Prinz §20, §13) ---
            op::STOP_L => {
                if self.console.stop_l {
                    self.halt = Some(Stop::DummyStop {
                        line,
                        switch: StopSwitch::L,
                    });
                }
            }
            op::STOP_G => {
                if self.console.stop_g {
                    self.halt = Some(Stop::DummyStop {
                        line,
                        switch: StopSwitch::G,
                    });
                }
            }
            op::HOOT => {
                self.hooter.hoot(self.stats.beats + u64::from(base));
                if self.breaks.on_hoot {
                    self.halt = Some(Stop::Hoot { line });
                }
            }
            op::HAND => st.write(s, self.console.hand_switches),
            // /Y: unresolved in the primaries; SimH reads the 1st-edition summary as
            // "clear line s" (docs/machine.md).
            op::CLEAR_LINE => st.write(s, 0),
            _ => {
                if in_set(UNASSIGNED, f) && self.config.stop_on_unassigned {
                    self.halt = Some(Stop::Unassigned { line, function: f });
                    return None;
                }
                // Dummies: TS TH TX TV T£ (Prinz §20(10)-(14)) and the unassigned codes.
            }
        }
        Some(0)
    }

    /// The control transfer `f` (Prinz §14, §18(39)–(44)) at `line` via line `s`:
    /// `Some(0)` (no beats added), or `None` for a dynamic stop.
    #[inline(always)]
    fn transfer(&mut self, f: u32, s: u32, line: u32) -> Option<u32> {
        let (on_a, on_b) = (in_set(JUMPS_ON_A, f), in_set(JUMPS_ON_B, f));
        if arith::taken(on_a, on_b, self.a_sign(), self.b_sign) {
            // /Q /M /O are relative to the line of the jump.
            let (to, next) = arith::jump_to(in_set(RELATIVE_JUMPS, f), line, self.store.read(s));
            if !self.jump(to, next, line) {
                return None;
            }
        }
        Some(0)
    }

    /// Loads control with `to` (10 bits); the next prepulse goes to `next`, to + 1. A jump to
    /// itself, or back to a `/V` just before it (a continuous hoot), is a dynamic stop:
    /// the jump is not obeyed (nor counted, as SimH counts) and `false` is returned, so
    /// that continuing obeys it again.
    #[inline]
    fn jump(&mut self, to: u32, next: u32, line: u32) -> bool {
        let store = &self.store;
        match arith::dynamic_stop(self.config.stop_on_dynamic, line, next, |x| store.read(x)) {
            Some(DynamicStop::Loop) => {
                self.halt = Some(Stop::DynamicStop { line });
                false
            }
            Some(DynamicStop::Hoot) => {
                self.halt = Some(Stop::HootStop { line });
                false
            }
            None => {
                self.c = to;
                true
            }
        }
    }

    /// KAC held: A is lost after each order that writes it, the A-sign flip-flop keeping
    /// the sign of the result. After release, the next order that writes A ends the latch.
    #[cold]
    fn kac_after(&mut self, f: u32) {
        if in_set(WRITES_A, f) {
            self.a_written();
        }
    }

    /// A was written while the A-sign flip-flop is latched (KAC held, or released since
    /// the last order that wrote A), as `kac_after` describes.
    #[cold]
    fn a_written(&mut self) {
        if self.console.kac_held {
            self.a_sign_latch = Some((self.a >> 79) & 1 == 1);
            self.a = 0;
        } else {
            self.a_sign_latch = None;
        }
    }

    /// Obeys `w` as a magnetic instruction ([`MagneticOrder`], Prinz §23) or, with P14
    /// set, an input/output one ([`IoOrder`], §26). Returns the added beats, or `None`
    /// if not obeyed.
    #[inline(always)]
    fn magnetic(&mut self, w: u32, line: u32, base: u32) -> Option<u32> {
        match MagneticOrder::decode(w) {
            Some(m) => Some(self.magnetic_order(m, line)),
            None => self.io(w, line, base),
        }
    }

    /// Obeys the magnetic order `m` (Prinz §23) at `line`: a read, a write or a check
    /// (one that succeeds skips two lines, C := C + 2). Returns the beats beyond the
    /// base cost (the drum's, [`super::Timing`]).
    #[inline(always)]
    pub(super) fn magnetic_order(&mut self, m: MagneticOrder, line: u32) -> u32 {
        self.last_magnetic = Some(m);
        let t = &self.config.timing;
        let (drum_read, drum_write) = (t.drum_read, t.drum_write);
        let track = u32::from(m.track);
        let extra;
        if m.transfer.is_check() {
            // Check (§25): compare digit by digit; read-like checks (P13 = 0) compare the
            // marker too. Success skips to x + 3.
            let read_like = !m.transfer.is_write();
            let ok = m.pairs().all(|(p, h)| {
                let ht = self.drum.half_track(track, h);
                // A page that is not fitted reads as zeros.
                self.store
                    .page(p)
                    .map_or_else(|| ht.iter().all(|&w| w == 0), |pg| pg == ht)
                    && (!read_like
                        || !self.config.check_markers
                        || self.store.marker(p) == marker_of(track, h))
            });
            self.stats.checks += 1;
            if ok {
                self.stats.checks_ok += 1;
                self.c = (self.c + 2) & 1023;
            }
            extra = drum_read;
        } else if m.transfer.is_write() {
            for (p, h) in m.pairs() {
                // A page that is not fitted writes zeros.
                static ZEROS: [u32; 64] = [0; 64];
                let lines = self.store.page(p).unwrap_or(&ZEROS);
                self.drum.set_half_track_from(track, h, lines);
            }
            self.stats.transfers += 1;
            extra = drum_write;
        } else {
            for (p, h) in m.pairs() {
                self.store
                    .read_page_from(p, self.drum.half_track(track, h), track, h);
                self.store.set_marker(p, marker_of(track, h));
            }
            self.stats.transfers += 1;
            extra = drum_read;
        }
        if self.breaks.on_transfer {
            self.halt = Some(Stop::Transfer { line });
        }
        debug_assert_eq!(extra, self.magnetic_beats(m));
        extra
    }

    /// The beats the magnetic order `m` takes beyond its base cost under the machine's
    /// timing: a write's (P13 set, P12 clear) or, for a read or either check, a read's
    /// ([`super::Timing::drum_write`], [`super::Timing::drum_read`]); what
    /// [`Machine::magnetic_order`] returns for it (checked there in test builds: it
    /// chooses in its own arms, since calling this there cost the general path's
    /// transfer loop 222 host instructions an order instead of 219, issue 40).
    #[inline(always)]
    pub(super) fn magnetic_beats(&self, m: MagneticOrder) -> u32 {
        let t = &self.config.timing;
        if m.transfer.is_write() && !m.transfer.is_check() {
            t.drum_write
        } else {
            t.drum_read
        }
    }

    /// An input/output instruction (Prinz §26): only character 3 (P10–P14) matters.
    #[inline(never)]
    fn io(&mut self, w: u32, line: u32, base: u32) -> Option<u32> {
        let t = &self.config.timing;
        let (io_input, io_check, io_dummy) = (t.io_input, t.io_check, t.io_dummy);
        let reader_char = if t.device_waits { t.reader_char } else { 0 };
        let Some(io) = IoOrder::decode(w) else {
            return Some(io_dummy);
        };
        let order = match io {
            IoOrder::Output => OutputOrder::Char(((self.a >> 75) & 31) as u8),
            IoOrder::Space => OutputOrder::Space,
            IoOrder::CarriageReturn => OutputOrder::CarriageReturn,
            IoOrder::LineFeed => OutputOrder::LineFeed,
            IoOrder::FigureShift => OutputOrder::FigureShift,
            IoOrder::LetterShift => OutputOrder::LetterShift,
            IoOrder::Input => {
                // O: clear P75-P79 and put the next tape character there.
                let Some(ch) = self.reader.read_char() else {
                    self.halt = Some(Stop::ReaderEmpty { line });
                    return None;
                };
                self.a = (self.a & !(31u128 << 75)) | (u128::from(ch) << 75);
                self.teleprinter.staticisor = ch;
                self.stats.chars_in += 1;
                self.stats.device_wait_beats += u64::from(reader_char);
                self.io_wrote_a();
                return Some(io_input + reader_char);
            }
            IoOrder::Check => {
                // B: the staticisor's character XORed into P75-P79, as the period
                // routines need (period-software README §8 item 8; docs/machine.md).
                self.a ^= u128::from(self.teleprinter.staticisor & 31) << 75;
                self.io_wrote_a();
                return Some(io_check);
            }
            IoOrder::Dummy(_) => return Some(io_dummy),
        };
        Some(self.output(order, line, base))
    }

    /// The input and check orders write P75–P79 of A.
    fn io_wrote_a(&mut self) {
        if self.a_sign_latch.is_some() {
            self.a_written();
        }
    }

    /// Sets up an output order and carries out the one set up before (Prinz
    /// §26(5)–(9)), waiting for the devices as the timing profile says.
    fn output(&mut self, o: OutputOrder, line: u32, base: u32) -> u32 {
        let t = &self.config.timing;
        let mut extra = t.io_output;
        let (waits, printer_char, punch_char) = (t.device_waits, t.printer_char, t.punch_char);
        if let OutputOrder::Char(c) = o {
            self.teleprinter.staticisor = c;
        }
        let todo = if self.config.output_lag {
            self.teleprinter.pending.replace(o)
        } else {
            Some(o)
        };
        if let Some(o) = todo {
            if waits {
                let now = self.stats.beats + u64::from(base) + u64::from(extra);
                let wait = self.device_free_at.saturating_sub(now);
                let tp = &self.teleprinter;
                let dur = u64::from(match o {
                    OutputOrder::Char(_) => {
                        let p = if tp.printer_on { printer_char } else { 0 };
                        let q = if tp.punch_on { punch_char } else { 0 };
                        p.max(q)
                    }
                    _ if tp.printer_on => printer_char,
                    _ => 0,
                });
                let held = if o.holds_computation() { dur } else { 0 };
                self.device_free_at = now + wait + dur;
                extra += (wait + held) as u32;
                self.stats.device_wait_beats += wait + held;
            }
            self.teleprinter.carry_out(o);
            self.stats.chars_out += 1;
            if self.breaks.on_print {
                self.halt = Some(Stop::Printed { line });
            }
        }
        extra
    }
}
