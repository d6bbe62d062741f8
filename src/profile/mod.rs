//! The profiler: where a run's time goes, store line by store line and
//! routine by routine, and the magnetic transfers by half-track.
//!
//! A profiled run obeys the orders one at a time through [`crate::machine::Machine::step`] (the
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

use crate::machine::beats_to_seconds;
pub use crate::machine::profile::{
    origin, run, step, LineCount, Origin, Profile, TransferCount, TransferKey,
};
use std::collections::BTreeMap;

/// Runs `f` with a fresh [`Profile`] to count into and returns its result with the
/// counts: the one way a driver's think or game is run profiled (docs/profiler.md).
///
/// # Errors
/// `f`'s error.
pub fn profiled<T, E>(f: impl FnOnce(&mut Profile) -> Result<T, E>) -> Result<(T, Profile), E> {
    let mut profile = Profile::default();
    let t = f(&mut profile)?;
    Ok((t, profile))
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
    /// The lines grouped by routine, the dearest first (by beats, then by name).
    pub fn routines(&self, symbols: &Symbols) -> Vec<RoutineCount> {
        routines_of(&self.lines(), symbols)
    }

    /// The lines grouped by where their page came from (the half-track last read into
    /// it, or loaded), the dearest first: (origin, orders, beats).
    pub fn origins(&self) -> Vec<(Origin, u64, u64)> {
        origins_of(&self.lines())
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
        let lines = self.lines();
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
        for r in routines_of(&lines, symbols) {
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
        let origins = origins_of(&lines);
        if origins.iter().any(|o| o.0.is_some()) {
            let _ = writeln!(
                s,
                "\nby where the page came from            orders        beats   share"
            );
            for (o, n, b) in origins {
                let label = match o {
                    Some(h) => match symbols.half_track_name(h) {
                        Some(name) => format!("{} ({name})", origin_text(o)),
                        None => origin_text(o),
                    },
                    None => "loaded, never read from the drum".into(),
                };
                let _ = writeln!(s, "  {:32} {:>9} {:>12} {:>6}%", label, n, b, self.share(b));
            }
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

    /// The report for a file named `path`: [`Profile::json`] if it ends in `.json`,
    /// [`Profile::flame_graph`] if it ends in `.svg`, else [`Profile::text`] with the 30
    /// dearest lines (what every `--profile FILE` and the console's `profile save` write).
    pub fn report_for(&self, path: &std::path::Path, symbols: &Symbols) -> String {
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => {
                let mut text =
                    serde_json::to_string_pretty(&self.json(symbols)).unwrap_or_default();
                text.push('\n');
                text
            }
            Some("svg") => self.flame_graph(symbols),
            _ => self.text(symbols, 30),
        }
    }

    /// The profile as folded stacks, one line a store line that ran: `where;routine;line
    /// beats` (`where` the half-track its page came from, or `loaded`; the line as its
    /// address, decimal and in period notation, and its order), the beats the weight.
    /// The Mark 1 has no call order (a program's links are its own convention), so the
    /// stacks are where the code came from, the routine and the line, not calls.
    pub fn folded(&self, symbols: &Symbols) -> String {
        use crate::machine::code::{addr_chars, line_chars};
        use std::fmt::Write as _;
        let clean = |s: &str| s.replace([';', '\n'], ",");
        let mut s = String::new();
        for (&(a, o), c) in &self.lines() {
            if c.beats == 0 {
                continue;
            }
            let place = match (o, o.and_then(|h| symbols.half_track_name(h))) {
                (Some((t, h)), Some(n)) => format!("{t}.{h} {n}"),
                (Some((t, h)), None) => format!("{t}.{h}"),
                (None, _) => "loaded".into(),
            };
            let _ = writeln!(
                s,
                "{};{};line {a} {} {} {}",
                clean(&place),
                clean(&symbols.name(a, o)),
                addr_chars(a),
                line_chars(c.word),
                c.beats
            );
        }
        s
    }

    /// The profile as a flame graph (SVG, drawn by the `inferno` crate) of
    /// [`Profile::folded`]: each box's width its share of the beats (simulated time).
    pub fn flame_graph(&self, symbols: &Symbols) -> String {
        let folded = self.folded(symbols);
        let mut options = inferno::flamegraph::Options::default();
        options.title = format!(
            "mark1 profile: {} orders, {} beats ({:.1} simulated seconds)",
            self.instructions,
            self.beats,
            beats_to_seconds(self.beats)
        );
        options.count_name = "beats".into();
        options.name_type = "Line:".into();
        let mut svg = Vec::new();
        if folded.is_empty() {
            return format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"40\"><text x=\"10\" y=\"25\">{}: nothing ran</text></svg>\n",
                options.title
            );
        }
        match inferno::flamegraph::from_lines(&mut options, folded.lines(), &mut svg) {
            Ok(()) => String::from_utf8_lossy(&svg).into_owned(),
            Err(e) => format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"40\"><text x=\"10\" y=\"25\">flame graph not drawn: {e}</text></svg>\n"
            ),
        }
    }

    /// Writes [`Profile::report_for`] `path` to `path`, as mark1 writes every file
    /// ([`crate::formats::output::write_atomic`]): an existing file replaced only with
    /// `force` (the console's `profile save -f`).
    ///
    /// # Errors
    /// The file exists (without `force`), or cannot be written (with the reason).
    pub fn save(
        &self,
        path: &std::path::Path,
        symbols: &Symbols,
        force: bool,
    ) -> Result<(), crate::formats::output::OutputError> {
        use crate::formats::output::{write_atomic, Overwrite};
        write_atomic(
            path,
            self.report_for(path, symbols).as_bytes(),
            Overwrite::from_force(force),
        )
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
        let all = self.lines();
        let routines: Vec<_> = routines_of(&all, symbols)
            .into_iter()
            .map(|r| {
                json!({"name": r.name, "orders": r.executions, "beats": r.beats, "lines": r.lines})
            })
            .collect();
        let lines: Vec<_> = all
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
            "origins": origins_of(&all)
                .into_iter()
                .map(|(o, n, b)| json!({
                    "from": o.map(|(t, h)| format!("{t}.{h}")),
                    "name": o.and_then(|h| symbols.half_track_name(h)),
                    "orders": n,
                    "beats": b,
                }))
                .collect::<Vec<_>>(),
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

/// Every line that ran, by key ([`Profile::lines`]).
type Lines = BTreeMap<(u32, Origin), LineCount>;

/// [`Profile::routines`] of the lines `lines` ([`Profile::lines`]).
fn routines_of(lines: &Lines, symbols: &Symbols) -> Vec<RoutineCount> {
    let mut by: BTreeMap<String, RoutineCount> = BTreeMap::new();
    for (&(a, o), c) in lines {
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

/// [`Profile::origins`] of the lines `lines`.
fn origins_of(lines: &Lines) -> Vec<(Origin, u64, u64)> {
    let mut by: BTreeMap<Origin, (u64, u64)> = BTreeMap::new();
    for (&(_, o), c) in lines {
        let e = by.entry(o).or_default();
        e.0 += c.executions;
        e.1 += c.beats;
    }
    let mut v: Vec<_> = by.into_iter().map(|(o, (n, b))| (o, n, b)).collect();
    v.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    v
}
