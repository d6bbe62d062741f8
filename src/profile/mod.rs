//! The profiler (issue 25): where a run's time goes, store line by store line and
//! routine by routine, and the magnetic transfers by half-track.
//!
//! A profiled run obeys the orders one at a time through [`Machine::step`] (the
//! reference core), so the fast cores carry no profiling code at all: with the profiler
//! off nothing is counted and nothing costs. Each order is charged to its *key*: the store
//! line obeyed and the half-track last brought down into that line's page (the page's
//! marker line, Prinz §24, which every magnetic read sets), so that the routines of an
//! overlaid page are told apart. The beats charged are the machine's own (`Stats::beats`
//! before and after the order, device waits included), so the per-line figures add up to
//! the run's totals exactly.
//!
//! Routine names come from [`Symbols`]: the assembler's labels (`mark1 asm --symbols`)
//! or a file the user writes for a drum program (`track 12 = DR/C MASTER`).

mod symbols;

pub use symbols::{SymbolError, Symbols};

use crate::machine::code::{Halves, MagneticOrder};
use crate::machine::{beats_to_seconds, Budget, Machine, Stop};
use std::collections::BTreeMap;

/// Where the orders of a store page came from: the half-track (track 0–255, half 0|1)
/// last brought down into it, or `None` if no magnetic read has reached it (loaded from
/// an image, or written by orders).
pub type Origin = Option<(u8, u8)>;

/// What one key (store line, origin) cost over a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineCount {
    /// Orders obeyed at the line.
    pub executions: u64,
    /// Beats charged to them (240 µs each), device waits included.
    pub beats: u64,
    /// Of those, beats waiting for the printer, punch or reader.
    pub device_wait_beats: u64,
    /// The line (20 bits, before B-modification) as last obeyed there.
    pub word: u32,
}

/// What the magnetic orders on one half-track cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TransferCount {
    /// Orders obeyed.
    pub count: u64,
    /// Their beats.
    pub beats: u64,
}

/// A magnetic order's half-tracks and kind, the key of [`Profile::transfers`]: track,
/// half (`None` for a double or crossed transfer, both halves), and `read`, `write`,
/// `readcheck` or `writecheck` ([`crate::machine::code::Transfer::word`]).
pub type TransferKey = (u8, Option<u8>, &'static str);

/// The counts of one or more profiled runs.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// The counts by (origin, page of 64 lines): slot [`slot`] holds the page's 64 lines
    /// as run from that origin (allocated when first run), so that counting an order is
    /// two indexings; [`Profile::lines`] gives them by key.
    tables: Vec<Option<Box<[LineCount; 64]>>>,
    /// Magnetic orders by half-track.
    pub transfers: BTreeMap<TransferKey, TransferCount>,
    /// Orders obeyed while profiling.
    pub instructions: u64,
    /// Beats elapsed while profiling.
    pub beats: u64,
    /// Of those, beats waiting for the printer, punch or reader.
    pub device_wait_beats: u64,
}

/// Slots of [`Profile`]'s tables: (no origin, or 256 tracks × 2 halves) × 16 pages of
/// addresses 0–1023.
const SLOTS: usize = 513 * 16;

/// The slot of store line `line` (0–1023) run from `origin`.
fn slot(line: u32, origin: Origin) -> usize {
    let o = match origin {
        None => 0,
        Some((t, h)) => 1 + usize::from(t) * 2 + usize::from(h & 1),
    };
    o * 16 + (line as usize & 1023) / 64
}

/// The origin of the page holding store line `line`, read off its marker line.
pub fn origin(m: &Machine, line: u32) -> Origin {
    if line >= 512 {
        return None;
    }
    let w = m.store.marker(line >> 6);
    if w == 0 {
        return None;
    }
    MagneticOrder::decode(w).map(|o| {
        let h = match o.halves {
            Halves::Half(h) => h,
            _ => 0,
        };
        (o.track, h)
    })
}

/// Runs `m` within `budget` as [`Machine::run`] does (a breakpoint on the first line is
/// passed over, later ones stop the run; watches and halts stop it), one order at a
/// time, adding what each order costs to `p`. Returns why the run stopped.
pub fn run(m: &mut Machine, budget: Budget, p: &mut Profile) -> Stop {
    let beat_end = m.stats.beats.saturating_add(budget.beats);
    let instr_end = m.stats.instructions.saturating_add(budget.instructions);
    // A dummy stop the machine stopped at is counted (by the machine) when it goes on:
    // charged here to the stop's line.
    let (i0, b0, w0) = (
        m.stats.instructions,
        m.stats.beats,
        m.stats.device_wait_beats,
    );
    m.settle_dummy_stop();
    if m.stats.instructions != i0 {
        let line = m.c & 1023;
        let key = (line, origin(m, line));
        let word = m.store.read(line);
        charge(p, m, key, word, (i0, b0, w0));
    }
    let mut first = true;
    loop {
        if m.stats.beats >= beat_end {
            return Stop::BeatLimit;
        }
        if m.stats.instructions >= instr_end {
            return Stop::InstructionLimit;
        }
        let line = (m.c + 1) & 1023;
        if !first && !m.console.kcc_held && m.breaks.has_line(line) {
            return Stop::Breakpoint { line };
        }
        first = false;
        if let Some(s) = step(m, p) {
            return s;
        }
    }
}

/// One prepulse as [`Machine::step`] (the next order obeyed even if its line holds a
/// breakpoint), its cost added to `p`. Returns why the machine stopped, if it did.
pub fn step(m: &mut Machine, p: &mut Profile) -> Option<Stop> {
    let line = (m.c + 1) & 1023;
    let key = (line, origin(m, line));
    let word = m.store.read(line);
    let before = (
        m.stats.instructions,
        m.stats.beats,
        m.stats.device_wait_beats,
    );
    m.last_magnetic = None;
    let stop = m.step();
    charge(p, m, key, word, before);
    if let Some(o) = m.last_magnetic.take() {
        let half = match o.halves {
            Halves::Half(h) => Some(h),
            _ => None,
        };
        let t = p
            .transfers
            .entry((o.track, half, o.transfer.word()))
            .or_default();
        t.count += 1;
        t.beats += m.stats.beats - before.1;
    }
    stop
}

/// Adds the machine's counters since `before` (instructions, beats, device waits) to
/// `key`.
fn charge(p: &mut Profile, m: &Machine, key: (u32, Origin), word: u32, before: (u64, u64, u64)) {
    let di = m.stats.instructions - before.0;
    let db = m.stats.beats - before.1;
    let dw = m.stats.device_wait_beats - before.2;
    if di == 0 && db == 0 {
        return;
    }
    if p.tables.is_empty() {
        p.tables.resize(SLOTS, None);
    }
    let table =
        p.tables[slot(key.0, key.1)].get_or_insert_with(|| Box::new([LineCount::default(); 64]));
    let c = &mut table[key.0 as usize % 64];
    c.executions += di;
    c.beats += db;
    c.device_wait_beats += dw;
    c.word = word;
    p.instructions += di;
    p.beats += db;
    p.device_wait_beats += dw;
}

/// One routine's share of a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoutineCount {
    /// Its name ([`Symbols::name`]).
    pub name: String,
    /// Orders obeyed in it.
    pub executions: u64,
    /// Beats charged to it.
    pub beats: u64,
    /// Store lines (keys) of it that ran.
    pub lines: usize,
}

impl Profile {
    /// Every line that ran, by (store line 0–1023, origin), with what it cost.
    pub fn lines(&self) -> BTreeMap<(u32, Origin), LineCount> {
        let mut m = BTreeMap::new();
        for (i, t) in self.tables.iter().enumerate() {
            let Some(t) = t else { continue };
            let o = i / 16;
            let origin = (o > 0).then(|| (((o - 1) / 2) as u8, ((o - 1) % 2) as u8));
            for (k, c) in t.iter().enumerate() {
                if c.executions > 0 || c.beats > 0 {
                    m.insert((((i % 16) * 64 + k) as u32, origin), *c);
                }
            }
        }
        m
    }

    /// The lines grouped by routine, the dearest first (by beats, then by name).
    pub fn routines(&self, symbols: &Symbols) -> Vec<RoutineCount> {
        let mut by: BTreeMap<String, RoutineCount> = BTreeMap::new();
        for (&(a, o), c) in &self.lines() {
            let name = symbols.name(a, o);
            let r = by.entry(name.clone()).or_insert(RoutineCount {
                name,
                executions: 0,
                beats: 0,
                lines: 0,
            });
            r.executions += c.executions;
            r.beats += c.beats;
            r.lines += 1;
        }
        let mut v: Vec<RoutineCount> = by.into_values().collect();
        v.sort_by(|a, b| b.beats.cmp(&a.beats).then_with(|| a.name.cmp(&b.name)));
        v
    }

    /// A share of the profile's beats as a percentage with one decimal (`12.3`).
    pub fn share(&self, beats: u64) -> String {
        if self.beats == 0 {
            return "0.0".into();
        }
        format!("{:.1}", beats as f64 * 100.0 / self.beats as f64)
    }

    /// The report as text: the totals, the routines, the magnetic transfers by
    /// half-track, and the `top` dearest lines.
    pub fn text(&self, symbols: &Symbols, top: usize) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "profile: {} instructions, {} beats ({:.1} simulated seconds), of which {} beats waiting for the printer, punch or reader",
            self.instructions,
            self.beats,
            beats_to_seconds(self.beats),
            self.device_wait_beats
        );
        let _ = writeln!(
            s,
            "\nroutine                           orders        beats   share  lines"
        );
        for r in self.routines(symbols) {
            let _ = writeln!(
                s,
                "{:30} {:>9} {:>12} {:>6}% {:>6}",
                r.name,
                r.executions,
                r.beats,
                self.share(r.beats),
                r.lines
            );
        }
        if !self.transfers.is_empty() {
            let _ = writeln!(
                s,
                "\nmagnetic orders by half-track        orders        beats   share"
            );
            let mut t: Vec<_> = self.transfers.iter().collect();
            t.sort_by(|a, b| b.1.beats.cmp(&a.1.beats).then(a.0.cmp(b.0)));
            for (&(track, half, kind), c) in t {
                let ht = match half {
                    Some(h) => format!("{track}.{h}"),
                    None => format!("{track} (both halves)"),
                };
                let _ = writeln!(
                    s,
                    "  {:10} track {:17} {:>7} {:>12} {:>6}%",
                    kind,
                    ht,
                    c.count,
                    c.beats,
                    self.share(c.beats)
                );
            }
        }
        if top > 0 {
            let _ = writeln!(
                s,
                "\nthe {top} dearest lines (store line, from half-track, routine):"
            );
            let lines = self.lines();
            let mut l: Vec<_> = lines.iter().collect();
            l.sort_by(|a, b| b.1.beats.cmp(&a.1.beats).then(a.0.cmp(b.0)));
            for (&(a, o), c) in l.into_iter().take(top) {
                let _ = writeln!(
                    s,
                    "  line {:3} {:8} {:24} {:>9} orders {:>12} beats {:>6}%  {}",
                    a,
                    origin_text(o),
                    symbols.name(a, o),
                    c.executions,
                    c.beats,
                    self.share(c.beats),
                    crate::machine::code::describe(c.word)
                );
            }
        }
        s
    }

    /// The annotated listing: every line that ran, in store order within each origin,
    /// its count and beats beside its disassembly (as `perf annotate` shows).
    pub fn annotated(&self, symbols: &Symbols) -> String {
        use crate::machine::code::{addr_chars, describe, line_chars};
        use std::fmt::Write as _;
        let mut s = String::new();
        let all = self.lines();
        let mut by_origin: BTreeMap<Origin, Vec<(u32, &LineCount)>> = BTreeMap::new();
        for (&(a, o), c) in &all {
            by_origin.entry(o).or_default().push((a, c));
        }
        for (o, lines) in by_origin {
            let _ = writeln!(s, "; ---- {} ----", origin_text(o));
            let mut last = String::new();
            for (a, c) in lines {
                let name = symbols.name(a, o);
                if name != last {
                    let _ = writeln!(s, "; {name}");
                    last = name;
                }
                let _ = writeln!(
                    s,
                    "{:>9} {:>12} {:>6}%  {:3} {}  {}   ; {}",
                    c.executions,
                    c.beats,
                    self.share(c.beats),
                    a,
                    addr_chars(a),
                    line_chars(c.word),
                    describe(c.word)
                );
            }
        }
        s
    }

    /// The report as JSON: totals, routines, every line (store addresses in decimal,
    /// 0–1023; half-tracks as `track.half`), transfers. The lines' orders and beats add
    /// up to the totals exactly.
    pub fn json(&self, symbols: &Symbols) -> serde_json::Value {
        use serde_json::json;
        let routines: Vec<_> = self
            .routines(symbols)
            .into_iter()
            .map(|r| {
                json!({"name": r.name, "orders": r.executions, "beats": r.beats, "lines": r.lines})
            })
            .collect();
        let lines: Vec<_> = self
            .lines()
            .iter()
            .map(|(&(a, o), c)| {
                json!({
                    "line": a,
                    "from": o.map(|(t, h)| format!("{t}.{h}")),
                    "routine": symbols.name(a, o),
                    "orders": c.executions,
                    "beats": c.beats,
                    "device_wait_beats": c.device_wait_beats,
                    "word": c.word,
                })
            })
            .collect();
        let transfers: Vec<_> = self
            .transfers
            .iter()
            .map(|(&(t, h, k), c)| {
                json!({"track": t, "half": h, "kind": k, "orders": c.count, "beats": c.beats})
            })
            .collect();
        json!({
            "numbering": "store lines as decimal addresses 0-1023; half-tracks as track.half",
            "totals": {
                "orders": self.instructions,
                "beats": self.beats,
                "simulated_seconds": (beats_to_seconds(self.beats) * 1000.0).round() / 1000.0,
                "device_wait_beats": self.device_wait_beats,
            },
            "routines": routines,
            "lines": lines,
            "transfers": transfers,
        })
    }
}

/// `from 12.1`, or `loaded` for a page no magnetic read has reached.
pub fn origin_text(o: Origin) -> String {
    match o {
        Some((t, h)) => format!("from {t}.{h}"),
        None => "loaded".into(),
    }
}
