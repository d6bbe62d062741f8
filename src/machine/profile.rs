//! The profiler's counting: a profiled run obeys the orders one at a time
//! through [`Machine::step`] (the reference path) and charges each to its *key*: the store
//! line obeyed and the half-track last brought down into that line's page (the page's
//! marker line, Prinz §24). The beats charged are the machine's own (the beat counter
//! before and after the order, device waits included), so the lines add up to the run's
//! totals exactly.
//!
//! [`Machine::run`] profiles into [`Machine::profile`] while it is set; otherwise it
//! costs one test a run and nothing an order. Routine names and reports are in
//! `crate::profile`.

use super::code::{Halves, MagneticOrder};
use super::{Budget, Machine, Stop};
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
/// breakpoint), its cost added to `p` (not to [`Machine::profile`]). Returns why the machine stopped, if it did.
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
    let stop = m.step_unprofiled();
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
}
