//! The order code: one prepulse, B-modification, and all 64 function numbers.
//!
//! Sources per group are given on each arm; the table in docs/machine.md repeats them.

use super::code::{
    address, b_digits, function, in_set, without_b_digits, IoOrder, MagneticOrder, B_TUBE, MASK20,
    MASK40, NOT_B_MODIFIED, UNASSIGNED, WRITES_A,
};
use super::drum::marker_of;
use super::io::OutputOrder;
use super::{Machine, Stop, StopSwitch, MASK80};

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
        match f {
            // --- magnetic group (Prinz §21, §23) ---
            0 => return self.magnetic(self.console.hand_switches, line, base),
            8 => {
                let w = self.store.read(s);
                return self.magnetic(w, line, base);
            }
            // --- accumulator group (Prinz §10, §11, §13) ---
            1 => self.a = u128::from(st.read_long(s)),
            17 => self.a = Self::sext80(st.read_long(s)),
            27 => self.a = Self::negated(st.read_long(s), self.config.simh_negation),
            31 => self.a = (Self::sext80(st.read_long(s)) << 1) & MASK80,
            9 => self.a = 0,
            13 => self.a = (self.a + u128::from(st.read_long(s))) & MASK80,
            29 => self.a = (self.a + Self::sext80(st.read_long(s))) & MASK80,
            25 => {
                self.a =
                    (self.a + Self::negated(st.read_long(s), self.config.simh_negation)) & MASK80
            }
            22 => self.a = (self.a + (u128::from(st.read_long(s)) << 40)) & MASK80,
            10 => st.write_long(s, self.a as u64),
            2 => st.write_long(s, (self.a >> 40) as u64),
            7 => {
                st.write_long(s, self.a as u64);
                self.a = 0;
            }
            6 => {
                st.write_long(s, (self.a >> 40) as u64);
                self.a &= u128::from(MASK40);
            }
            14 => {
                st.write_long(s, self.a as u64);
                self.a >>= 40;
            }
            12 => self.a = (self.a >> 40) | ((self.a & u128::from(MASK40)) << 40),
            // --- multiplication (Prinz §12) ---
            28 | 30 => {
                self.d = st.read_long(s);
                self.d_signed = f == 30;
            }
            16 | 18 | 24 | 26 => {
                let sv = st.read_long(s);
                let sv: u128 = if f == 18 || f == 26 {
                    Self::sext80(sv)
                } else {
                    u128::from(sv)
                };
                let dv: u128 = if self.d_signed {
                    Self::sext80(self.d)
                } else {
                    u128::from(self.d)
                };
                // Both factors as 80-bit two's complement; the product mod 2^80 is the
                // same as the signed product mod 2^80.
                let p = dv.wrapping_mul(sv);
                self.a = if f == 16 || f == 18 {
                    self.a.wrapping_sub(p)
                } else {
                    self.a.wrapping_add(p)
                } & MASK80;
            }
            // --- logical (Prinz §16): S taken signed ---
            21 => self.a &= Self::sext80(st.read_long(s)),
            19 => self.a |= Self::sext80(st.read_long(s)),
            23 => self.a ^= Self::sext80(st.read_long(s)),
            // --- special arithmetic (Prinz §19, §24) ---
            4 => {
                let v = st.read_long(s);
                let m = if v == 0 { 63 } else { 63 - v.leading_zeros() };
                self.a = (self.a + (u128::from(m) << 40)) & MASK80;
            }
            20 => {
                let n = st.read_long(s).count_ones();
                self.a = (self.a + (u128::from(n) << 40)) & MASK80;
            }
            38 => {
                self.a = (self.a & !u128::from(MASK20)) | u128::from(self.rng.next20());
                self.stats.random += 1;
            }
            5 => {
                self.a = u128::from(if s & 63 == 0 {
                    st.marker(s >> 6)
                } else {
                    st.read(s - 1)
                });
            }
            // --- B-tube (Prinz §18): the B-sign follows P19 of the line operated on ---
            33 | 49 => {
                let b = b_digits(actual) as usize;
                self.b[b] = st.read(s);
                self.b_sign = self.b[b] >> 19 == 1;
            }
            35 | 51 => {
                let b = b_digits(actual) as usize;
                st.write(s, self.b[b]);
                self.b_sign = self.b[b] >> 19 == 1;
            }
            37 | 53 => {
                let b = b_digits(actual) as usize;
                self.b[b] = self.b[b].wrapping_sub(st.read(s)) & MASK20;
                self.b_sign = self.b[b] >> 19 == 1;
            }
            // --- control transfers (Prinz §14): C := t, or C := C + t ---
            44 | 46 | 40 | 56 | 32 | 48 => {
                let taken = match f {
                    40 | 56 => !self.a_sign(),
                    32 | 48 => !self.b_sign,
                    _ => true,
                };
                if taken {
                    let t = self.store.read(s);
                    // /Q /M /O are relative to the line of the jump.
                    let rel = if f == 46 || f == 56 || f == 48 {
                        line
                    } else {
                        0
                    };
                    if !self.jump(rel + t, line) {
                        return None;
                    }
                }
            }
            // --- special operational (Prinz §20, §13) ---
            36 => {
                if self.console.stop_l {
                    self.halt = Some(Stop::DummyStop {
                        line,
                        switch: StopSwitch::L,
                    });
                }
            }
            52 => {
                if self.console.stop_g {
                    self.halt = Some(Stop::DummyStop {
                        line,
                        switch: StopSwitch::G,
                    });
                }
            }
            60 => {
                self.hooter.hoot(self.stats.beats + u64::from(base));
                if self.breaks.on_hoot {
                    self.halt = Some(Stop::Hoot { line });
                }
            }
            34 => st.write(s, self.console.hand_switches),
            // /Y: unresolved in the primaries; SimH reads the 1st-edition summary as
            // "clear line s" (docs/machine.md).
            42 => st.write(s, 0),
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

    /// Loads control with `t` (10 bits); the next prepulse goes to t + 1. A jump to
    /// itself, or back to a `/V` just before it (a continuous hoot), is a dynamic stop:
    /// the jump is not obeyed (nor counted, as SimH counts) and `false` is returned, so
    /// that continuing obeys it again.
    #[inline]
    fn jump(&mut self, t: u32, line: u32) -> bool {
        let t = t & 1023;
        let next = (t + 1) & 1023;
        if self.config.stop_on_dynamic {
            if next == line {
                self.halt = Some(Stop::DynamicStop { line });
                return false;
            } else if next == ((line + 1023) & 1023) && function(self.store.read(next)) == 60 {
                self.halt = Some(Stop::HootStop { line });
                return false;
            }
        }
        self.c = t;
        true
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
    fn magnetic(&mut self, w: u32, line: u32, base: u32) -> Option<u32> {
        let Some(m) = MagneticOrder::decode(w) else {
            return self.io(w, line, base);
        };
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
                let zeros = [0; 64];
                let lines = self.store.page(p).unwrap_or(&zeros);
                self.drum.set_half_track_from(track, h, lines);
            }
            self.stats.transfers += 1;
            extra = drum_write;
        } else {
            for (p, h) in m.pairs() {
                self.store.set_page_from(p, self.drum.half_track(track, h));
                self.store.set_marker(p, marker_of(track, h));
            }
            self.stats.transfers += 1;
            extra = drum_read;
        }
        if self.breaks.on_transfer {
            self.halt = Some(Stop::Transfer { line });
        }
        Some(extra)
    }

    /// An input/output instruction (Prinz §26): only character 3 (P10–P14) matters.
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
