//! The Ferranti Mark 1: store, drum, order code, beat timing, console and peripherals.
//!
//! The machine knows nothing of games or terminals. One [`Machine::step`] is one
//! prepulse: control C is advanced, the presumptive instruction is fetched from line C,
//! B-modified into the actual instruction PI, and obeyed (Prinz §7(7)–(16), §17).
//! [`Machine::run`] repeats that until something stops the machine and says why.
//!
//! Every behaviour names its source in the docstring of the code that implements it;
//! docs/machine.md collects them with the choices made where sources disagree.

mod arith;
pub mod code;
pub mod drum;
mod exec;
mod fast;
pub mod image;
pub mod io;
pub mod overflow;
pub mod profile;
pub mod report;
pub mod rng;
pub mod store;
pub mod timing;

use code::{MASK20, MASK40};
pub use drum::Drum;
pub use image::{HalfTrack, Image};
pub use io::{Hooter, OutputOrder, Reader, Teleprinter};
pub use rng::{Rng, RngKind};
use serde::Serialize;
pub use store::Store;
pub use timing::{beats_to_seconds, Timing};

/// Default length of a KAC press: about 0.2 s of machine time, in beats (833 × 240 µs).
pub const KAC_DEFAULT_BEATS: u64 = 833;

/// Mask of the 80-bit accumulator.
pub const MASK80: u128 = (1 << 80) - 1;

/// Options that choose between documented behaviours.
#[derive(Clone, Debug)]
pub struct Config {
    /// Beat costs; see [`Timing`].
    pub timing: Timing,
    /// Seed of our own `/W` generator.
    pub seed: u64,
    /// Which generator feeds `/W`.
    pub rng: RngKind,
    /// Prinz's two-stage output (an order is carried out at the next output order,
    /// §26(5)–(9)); `false` carries out at once, as SimH does.
    pub output_lag: bool,
    /// Read-like checks also compare the page's marker line (Prinz §25); SimH compares
    /// only the 64 data lines.
    pub check_markers: bool,
    /// Stop on an unassigned function number instead of obeying it as a 4-beat dummy
    /// (Prinz §20(10)–(14) makes them dummies).
    pub stop_on_unassigned: bool,
    /// Stop on a dynamic stop: an unconditional jump (or a taken B-conditional one) to
    /// itself, or a hoot loop. The real machine simply loops.
    pub stop_on_dynamic: bool,
    /// `TN` and `TF` negate S within 40 bits before extending its sign, as SimH does, so
    /// that S = −2^39 gives −2^39 instead of +2^39 (docs/compatibility.md: this is why
    /// SimH's Love Letters run obeys 12 orders more). `false` (the default) is 80-bit
    /// arithmetic (Prinz §10(8)–(9), §11(15)).
    pub simh_negation: bool,
    /// Which interpreter obeys the orders: the fast core (the default) or the simple
    /// reference core it is checked against (docs/performance.md). Both give
    /// the same registers, store, drum, counters, output and stops.
    pub core: Core,
}

/// The interpreter that obeys the orders ([`Config::core`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Core {
    /// Cached blocks of straight-line orders (instructions and beats counted per block,
    /// superinstructions for `TG`+`/T` and `/K`+`/F`), registers in locals, one dispatch
    /// per order, the budget as a down-counter with an exact fall-back near its end; rare
    /// orders through the general path (src/machine/fast.rs, docs/performance.md).
    #[default]
    Fast,
    /// One prepulse at a time with every check after every order (src/machine/exec.rs):
    /// the simple interpreter the fast core is tested against.
    Reference,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            timing: Timing::prinz(),
            seed: 1951,
            rng: RngKind::Mark1,
            output_lag: true,
            check_markers: true,
            stop_on_unassigned: false,
            stop_on_dynamic: true,
            simh_negation: false,
            core: Core::Fast,
        }
    }
}

impl Config {
    /// The settings that reproduce SimH's Ferranti Mark I on the period software: its
    /// random sequence, immediate output, checks without markers, its beat table, its
    /// 40-bit negation in `TN` and `TF`.
    pub fn simh() -> Config {
        Config {
            timing: Timing::simh(),
            rng: RngKind::Simh,
            output_lag: false,
            check_markers: false,
            simh_negation: true,
            ..Config::default()
        }
    }
}

/// The console: hand switches, stop switches and the keys that are held.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Console {
    /// The 20 hand switches H, read by `/Z` and obeyed by `//` (Prinz §13(18)–(21), §21).
    pub hand_switches: u32,
    /// The stop switch of the dummy stop `/L` (Prinz §20(1)–(6)).
    pub stop_l: bool,
    /// The stop switch of the dummy stop `/G`.
    pub stop_g: bool,
    /// KAC held: A reads zero while the A-sign flip-flop keeps the sign of each result
    /// (Link 2012).
    pub kac_held: bool,
    /// KCC (clear control) held: every prepulse obeys `////`, i.e. H as a magnetic
    /// instruction (Prinz §21(21)).
    pub kcc_held: bool,
}

/// Which dummy-stop switch stopped the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum StopSwitch {
    /// `/L`.
    L,
    /// `/G`.
    G,
}

/// Why [`Machine::run`] returned. `line` is the address of the instruction concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Stop {
    /// A dummy stop with its switch on; continuing obeys the next line.
    DummyStop {
        /// Line of the /L or /G.
        line: u32,
        /// The switch.
        switch: StopSwitch,
    },
    /// A jump to itself (a "loop stop", Prinz §14(24)).
    DynamicStop {
        /// Line of the jump.
        line: u32,
    },
    /// A hoot followed by a jump back to it: a continuous hoot.
    HootStop {
        /// Line of the jump.
        line: u32,
    },
    /// An unassigned function with `stop_on_unassigned` set; not obeyed.
    Unassigned {
        /// Line of the instruction.
        line: u32,
        /// Its function number.
        function: u32,
    },
    /// An input order found no tape; continuing obeys it again.
    ReaderEmpty {
        /// Line of the instruction (`/:` or `//`) obeying the input order.
        line: u32,
    },
    /// The next instruction's line holds a breakpoint; not yet obeyed.
    Breakpoint {
        /// The line.
        line: u32,
    },
    /// A watched store line changed.
    Watch {
        /// The watched address.
        address: u32,
    },
    /// An order was carried out on the teleprinter and break-on-print is set.
    Printed {
        /// Line of the output order.
        line: u32,
    },
    /// A hoot with break-on-hoot set.
    Hoot {
        /// Line of the /V.
        line: u32,
    },
    /// A magnetic transfer or check with break-on-transfer set.
    Transfer {
        /// Line of the magnetic order.
        line: u32,
    },
    /// The beat budget of this run is spent.
    BeatLimit,
    /// The instruction budget of this run is spent.
    InstructionLimit,
}

/// Limits of one [`Machine::run`], counted from the start of that run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Beats this run may take.
    pub beats: u64,
    /// Instructions this run may obey.
    pub instructions: u64,
}

impl Budget {
    /// At most `n` beats.
    pub fn beats(n: u64) -> Budget {
        Budget {
            beats: n,
            instructions: u64::MAX,
        }
    }
    /// At most `n` instructions.
    pub fn instructions(n: u64) -> Budget {
        Budget {
            beats: u64::MAX,
            instructions: n,
        }
    }
}

/// Counters kept by the machine.
#[derive(Clone, Debug, Serialize)]
pub struct Stats {
    /// Instructions obeyed (completed).
    pub instructions: u64,
    /// Beats elapsed (240 µs each), device waits included.
    pub beats: u64,
    /// Beats spent waiting for the printer, punch or reader.
    pub device_wait_beats: u64,
    /// Instructions obeyed, by function number.
    #[serde(serialize_with = "ser_array")]
    pub by_function: [u64; 64],
    /// Magnetic reads and writes (checks are counted apart).
    pub transfers: u64,
    /// Magnetic checks obeyed.
    pub checks: u64,
    /// Magnetic checks that succeeded (skipped to x+3).
    pub checks_ok: u64,
    /// Characters read from tape.
    pub chars_in: u64,
    /// Output orders carried out.
    pub chars_out: u64,
    /// `/W` orders obeyed.
    pub random: u64,
}

fn ser_array<S: serde::Serializer>(a: &[u64; 64], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(None)?;
    for (f, &n) in a.iter().enumerate() {
        if n > 0 {
            m.serialize_entry(&code::function_code(f as u32), &n)?;
        }
    }
    m.end()
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            instructions: 0,
            beats: 0,
            device_wait_beats: 0,
            by_function: [0; 64],
            transfers: 0,
            checks: 0,
            checks_ok: 0,
            chars_in: 0,
            chars_out: 0,
            random: 0,
        }
    }
}

/// Debugging aids: breakpoints on lines, watches on store lines, breaks on events.
#[derive(Clone, Debug, Default)]
pub struct Breaks {
    lines: [u64; 16],
    any_line: bool,
    watches: Vec<(u32, u32)>,
    /// Stop after an output order is carried out.
    pub on_print: bool,
    /// Stop after a hoot.
    pub on_hoot: bool,
    /// Stop after a magnetic transfer or check.
    pub on_transfer: bool,
}

impl Breaks {
    /// Sets or clears a breakpoint on line `a` (0–1023).
    pub fn set_line(&mut self, a: u32, on: bool) {
        let a = (a & 1023) as usize;
        if on {
            self.lines[a >> 6] |= 1 << (a & 63);
        } else {
            self.lines[a >> 6] &= !(1 << (a & 63));
        }
        self.any_line = self.lines.iter().any(|&w| w != 0);
    }

    /// Whether line `a` has a breakpoint.
    #[inline]
    pub fn has_line(&self, a: u32) -> bool {
        let a = (a & 1023) as usize;
        self.lines[a >> 6] & (1 << (a & 63)) != 0
    }

    /// The lines with breakpoints.
    pub fn lines(&self) -> Vec<u32> {
        (0..1024).filter(|&a| self.has_line(a)).collect()
    }

    /// Watches store line `a`; the machine stops after an instruction that changes it.
    pub fn watch(&mut self, a: u32, store: &Store) {
        let a = a & 1023;
        if !self.watches.iter().any(|w| w.0 == a) {
            self.watches.push((a, store.read(a)));
        }
    }

    /// Removes every breakpoint and watch and event break.
    pub fn clear(&mut self) {
        *self = Breaks::default();
    }
}

/// The whole machine.
///
/// Registers are plain integers masked to their widths: A 80 bits (L = P0–P39,
/// M = P40–P79), D 40 bits, B-lines, C, PI and H 20 bits.
#[derive(Clone, Debug)]
pub struct Machine {
    /// The electronic store with its marker lines.
    pub store: Store,
    /// The magnetic drum.
    pub drum: Drum,
    /// Accumulator A, 80 bits (Prinz §5).
    pub a: u128,
    /// Multiplicand D, 40 bits as loaded (Prinz §12).
    pub d: u64,
    /// D was loaded by `/K` (plus-minus convention) rather than `/C`.
    pub d_signed: bool,
    /// B-lines B0–B7, 20 bits each (Prinz §17). B0 is zero by convention only.
    pub b: [u32; 8],
    /// B-sign flip-flop: P19 of the B-line last operated on (Prinz §18(39)–(40)).
    pub b_sign: bool,
    /// A-sign flip-flop latched while KAC is held or since (see [`Machine::a_sign`]).
    a_sign_latch: Option<bool>,
    /// Control C: the address of the instruction being obeyed (before the next
    /// prepulse advances it). 10 bits are kept (Prinz §7(8)).
    pub c: u32,
    /// The present (actual, B-modified) instruction PI, 20 bits.
    pub pi: u32,
    /// Keys and switches.
    pub console: Console,
    /// Tape reader.
    pub reader: Reader,
    /// Printer and punch.
    pub teleprinter: Teleprinter,
    /// Hooter.
    pub hooter: Hooter,
    /// Counters.
    pub stats: Stats,
    /// Beats spent at each line (an execution profile, all 1024 addresses).
    pub line_beats: Box<[u64; 1024]>,
    /// Breakpoints and watches.
    pub breaks: Breaks,
    /// The last magnetic instruction obeyed (transfer or check), for the profiler
    /// (`crate::profile`), which takes it after each order; set only by magnetic
    /// orders, so it costs nothing on the others.
    pub last_magnetic: Option<code::MagneticOrder>,
    /// While set, [`Machine::run`] and [`Machine::step`] obey one order at a time and
    /// charge each to its line here ([`profile`], docs/profiler.md); unset, it costs one
    /// test a run.
    pub profile: Option<Box<profile::Profile>>,
    config: Config,
    /// [`fast::dearest`] of the timing in force, for the fast core's chunks.
    fast_dearest: u64,
    /// [`fast::cheapest`] of the timing in force, for the block core's budget.
    fast_cheapest: u64,
    rng: Rng,
    device_free_at: u64,
    halt: Option<Stop>,
    /// A dummy stop's (function, beats, line), counted when the machine goes on.
    pending_charge: Option<(u32, u64, u32)>,
}

impl Machine {
    /// A machine with everything clear, the printer on and the punch off.
    pub fn new(config: Config) -> Machine {
        Machine {
            store: Store::default(),
            drum: Drum::default(),
            a: 0,
            d: 0,
            d_signed: false,
            b: [0; 8],
            b_sign: false,
            a_sign_latch: None,
            c: 0,
            pi: 0,
            console: Console::default(),
            reader: Reader::default(),
            teleprinter: Teleprinter::new(),
            hooter: Hooter::default(),
            stats: Stats::default(),
            line_beats: Box::new([0; 1024]),
            breaks: Breaks::default(),
            last_magnetic: None,
            profile: None,
            rng: Rng::new(config.rng, config.seed),
            device_free_at: 0,
            halt: None,
            pending_charge: None,
            fast_dearest: fast::dearest(&config.timing),
            fast_cheapest: fast::cheapest(&config.timing),
            config,
        }
    }

    /// The configuration in force.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Chooses the interpreter for the runs from now on ([`Config::core`]); nothing else
    /// changes, so a machine can be set up once and run on either core.
    pub fn set_core(&mut self, core: Core) {
        self.config.core = core;
    }

    /// The timing profile in force.
    pub fn timing(&self) -> &Timing {
        &self.config.timing
    }

    /// Loads an image: store lines, drum half-tracks, hand switches and control.
    /// Nothing else is changed.
    pub fn load_image(&mut self, img: &Image) {
        for (a, &w) in img.store.iter().enumerate().take(store::LINES) {
            self.store.write(a as u32, w);
        }
        for (&(t, h), ht) in &img.drum {
            self.drum.set_half_track(u32::from(t), u32::from(h), ht);
        }
        self.drum.mark_clean();
        self.console.hand_switches = img.hand_switches & MASK20;
        self.c = img.control & 1023;
    }

    /// KEC, "clear everything": the electronic store with its marker lines, A, D, the
    /// B-lines, C and PI (Prinz §21). The drum, the switches and the output set-up are
    /// kept (§26(12)); SimH's generator restarts.
    pub fn kec(&mut self) {
        self.store.clear();
        self.a = 0;
        self.d = 0;
        self.d_signed = false;
        self.b = [0; 8];
        self.b_sign = false;
        self.a_sign_latch = None;
        self.c = 0;
        self.pi = 0;
        self.pending_charge = None; // a dummy stop cleared before it completed
        self.rng.on_kec();
    }

    /// KCC pressed and released: control and PI cleared (Prinz §21(17)).
    pub fn kcc(&mut self) {
        self.c = 0;
        self.pi = 0;
    }

    /// Presses (`true`) or releases KAC. Pressing stops A recirculating, so A becomes
    /// zero; the A-sign flip-flop keeps its value and, while the key is held, is set
    /// from each result before it is lost (Link 2012).
    pub fn set_kac(&mut self, held: bool) {
        if held && !self.console.kac_held {
            self.a_sign_latch = Some(self.a_sign());
            self.a = 0;
        }
        self.console.kac_held = held;
    }

    /// An operator's entry at a key routine: the machine stepped past the breakpoint it
    /// waits at, the hand switches set to `h` (20 bits), KAC held for `beats` beats of
    /// machine time while the machine runs, then released (the draughts and nim drivers;
    /// Link 2012 for how a program sees the key). Returns why the held run ended
    /// ([`Stop::BeatLimit`] when the key was held for its whole time).
    pub fn enter_at_key(&mut self, h: u32, beats: u64) -> Stop {
        self.step();
        self.set_hand_switches(h);
        self.set_kac(true);
        let s = self.run(Budget::beats(beats));
        self.set_kac(false);
        s
    }

    /// Sets the hand switches H (20 bits).
    pub fn set_hand_switches(&mut self, h: u32) {
        self.console.hand_switches = h & MASK20;
    }

    /// Puts a tape (5-bit codes) in the reader, replacing what was there.
    pub fn load_tape(&mut self, codes: &[u8]) {
        self.reader.load(codes);
    }

    /// Splices more tape onto what is left in the reader.
    pub fn feed_tape(&mut self, codes: &[u8]) {
        self.reader.feed(codes);
    }

    /// The A-sign flip-flop tested by `/H` and `/M`: P79 of A, except that while KAC is
    /// held (and until the next order that writes A after its release) it holds the
    /// sign of the last result computed (Link 2012).
    #[inline]
    pub fn a_sign(&self) -> bool {
        match self.a_sign_latch {
            None => (self.a >> 79) & 1 == 1,
            Some(s) => s,
        }
    }

    /// L, the less significant half of A (P0–P39).
    pub fn l(&self) -> u64 {
        (self.a as u64) & MASK40
    }

    /// M, the more significant half of A (P40–P79).
    pub fn m(&self) -> u64 {
        ((self.a >> 40) as u64) & MASK40
    }

    /// Beats elapsed.
    pub fn beats(&self) -> u64 {
        self.stats.beats
    }

    /// Simulated seconds elapsed (beats × 240 µs).
    pub fn simulated_seconds(&self) -> f64 {
        beats_to_seconds(self.stats.beats)
    }

    /// The teleprinter paper so far.
    pub fn printer_text(&self) -> &str {
        self.teleprinter.paper()
    }

    /// One prepulse: obeys exactly one instruction, ignoring line breakpoints (so that
    /// stepping from a breakpoint obeys the instruction there). Returns why the machine
    /// stopped, if this instruction stopped it. Never inlined, so that a profiler can
    /// count what the machine costs (benches/callgrind.sh).
    #[inline(never)]
    pub fn step(&mut self) -> Option<Stop> {
        if let Some(mut p) = self.profile.take() {
            let s = profile::step(self, &mut p);
            self.profile = Some(p);
            return s;
        }
        self.step_unprofiled()
    }

    /// [`Machine::step`] without the profiler (which calls this).
    pub(crate) fn step_unprofiled(&mut self) -> Option<Stop> {
        self.settle_dummy_stop();
        self.obey();
        self.after_instruction()
    }

    /// Runs until something stops the machine or the budget is spent. A breakpoint on
    /// the first line obeyed is passed over, so a run started at a breakpoint goes on.
    /// The core chosen by [`Config::core`] obeys the orders; the result is the same.
    /// Never inlined, so that a profiler can count what the machine costs
    /// (benches/callgrind.sh).
    #[inline(never)]
    pub fn run(&mut self, budget: Budget) -> Stop {
        if let Some(mut p) = self.profile.take() {
            let s = profile::run(self, budget, &mut p);
            self.profile = Some(p);
            return s;
        }
        if self.fast_allowed() {
            self.run_fast(budget)
        } else {
            self.run_reference(budget)
        }
    }

    /// [`Machine::run`] on the reference core: every check before and after every order.
    fn run_reference(&mut self, budget: Budget) -> Stop {
        self.settle_dummy_stop();
        let beat_end = self.stats.beats.saturating_add(budget.beats);
        let instr_end = self.stats.instructions.saturating_add(budget.instructions);
        let mut first = true;
        loop {
            if self.stats.beats >= beat_end {
                return Stop::BeatLimit;
            }
            if self.stats.instructions >= instr_end {
                return Stop::InstructionLimit;
            }
            if self.breaks.any_line && !first && !self.console.kcc_held {
                let next = (self.c + 1) & 1023;
                if self.breaks.has_line(next) {
                    return Stop::Breakpoint { line: next };
                }
            }
            first = false;
            self.obey();
            if self.halt.is_some() || !self.breaks.watches.is_empty() {
                if let Some(s) = self.after_instruction() {
                    return s;
                }
            }
        }
    }

    /// Counts the dummy stop the machine stopped at, now that it goes on.
    pub(crate) fn settle_dummy_stop(&mut self) {
        if let Some((f, beats, line)) = self.pending_charge.take() {
            self.charge(f, beats, line);
        }
    }

    fn after_instruction(&mut self) -> Option<Stop> {
        if let Some(s) = self.halt.take() {
            return Some(s);
        }
        for w in self.breaks.watches.iter_mut() {
            let now = self.store.read(w.0);
            if now != w.1 {
                w.1 = now;
                return Some(Stop::Watch { address: w.0 });
            }
        }
        None
    }
}
