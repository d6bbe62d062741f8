//! A summary of a run, for `mark1 run` and the drivers: what was printed, what it cost
//! and why the machine stopped.

use super::{beats_to_seconds, Machine, Stop};
use serde::{Serialize, Serializer};

/// Groups the digits of a number by threes with spaces (`1 234 567`), as every count on
/// the console, the debugger and the reports is shown.
pub fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// `v` rounded to `places` decimal places, for output: the nearest double to the
/// rounded decimal, which serde_json and `{}` print with at most `places` decimals.
pub fn round_to(v: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (v * k).round() / k
}

/// Simulated seconds of `beats` (240 µs each), rounded to the microsecond: the form every
/// seconds figure takes in JSON (exact, since a beat is 240 µs).
pub fn micro_seconds(beats: u64) -> f64 {
    round_to(beats_to_seconds(beats), 6)
}

/// Serialises seconds rounded to the microsecond (a beat is 240 µs, so simulated times
/// are exact), for `#[serde(serialize_with)]`.
///
/// # Errors
/// As the serializer's.
pub fn serialize_micros<S: Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(round_to(*v, 6))
}

/// [`serialize_micros`] for an optional value.
///
/// # Errors
/// As the serializer's.
pub fn serialize_micros_opt<S: Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.serialize_some(&round_to(*v, 6)),
        None => s.serialize_none(),
    }
}

/// The outcome of a run, serialisable as the `--json` object of `mark1 run`.
#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    /// Why the machine stopped.
    pub stop: Stop,
    /// The teleprinter paper (orders carried out; see `pending`).
    pub printed: String,
    /// The output order still set up and not carried out, in rawout notation.
    pub pending: Option<String>,
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats elapsed (240 µs each).
    pub beats: u64,
    /// Simulated seconds (beats × 240 µs), to the microsecond in JSON.
    #[serde(serialize_with = "serialize_micros")]
    pub simulated_seconds: f64,
    /// Of the beats, those spent waiting for the printer, punch or reader.
    pub device_wait_beats: u64,
    /// Magnetic reads and writes.
    pub transfers: u64,
    /// Magnetic checks, and how many succeeded.
    pub checks: u64,
    /// Checks that succeeded.
    pub checks_ok: u64,
    /// Hoots.
    pub hoots: u64,
    /// Characters read from tape.
    pub chars_in: u64,
    /// Output orders carried out.
    pub chars_out: u64,
    /// `/W` orders obeyed.
    pub random: u64,
    /// Name of the timing profile.
    pub timing: &'static str,
    /// Host seconds the run took, if measured by the caller.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_micros_opt"
    )]
    pub host_seconds: Option<f64>,
}

impl RunReport {
    /// Summarises the machine's state after a run that ended with `stop`.
    pub fn new(m: &Machine, stop: Stop) -> RunReport {
        RunReport {
            stop,
            printed: m.printer_text().to_string(),
            pending: m.teleprinter.pending.map(|o| o.raw()),
            instructions: m.stats.instructions,
            beats: m.stats.beats,
            simulated_seconds: beats_to_seconds(m.stats.beats),
            device_wait_beats: m.stats.device_wait_beats,
            transfers: m.stats.transfers,
            checks: m.stats.checks,
            checks_ok: m.stats.checks_ok,
            hoots: m.hooter.count,
            chars_in: m.stats.chars_in,
            chars_out: m.stats.chars_out,
            random: m.stats.random,
            timing: m.timing().name,
            host_seconds: None,
        }
    }

    /// The summary as aligned text lines (no printer output).
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let mut kv = |k: &str, v: String| s.push_str(&format!("{k:<20} {v}\n"));
        kv("stop", describe_stop(&self.stop));
        kv("instructions", self.instructions.to_string());
        kv(
            "beats",
            format!(
                "{} ({} waiting for devices)",
                self.beats, self.device_wait_beats
            ),
        );
        kv(
            "simulated time",
            format!("{:.3} s (timing: {})", self.simulated_seconds, self.timing),
        );
        kv(
            "magnetic transfers",
            format!(
                "{} (checks {}, {} succeeded)",
                self.transfers, self.checks, self.checks_ok
            ),
        );
        kv("hoots", self.hoots.to_string());
        kv(
            "characters",
            format!("{} read, {} printed", self.chars_in, self.chars_out),
        );
        if let Some(p) = &self.pending {
            kv(
                "output set up",
                format!("{p} (carried out at the next output order)"),
            );
        }
        if let Some(h) = self.host_seconds {
            kv("host time", format!("{h:.3} s"));
        }
        s
    }
}

/// A plain-words description of a stop, in the period's terms.
pub fn describe_stop(s: &Stop) -> String {
    use super::code::addr_chars;
    let at = |l: &u32| format!("line {} ({l})", addr_chars(*l));
    match s {
        Stop::DummyStop { line, switch } => {
            let letter = match switch {
                super::StopSwitch::L => 'L',
                super::StopSwitch::G => 'G',
            };
            format!("dummy stop /{letter} at {}", at(line))
        }
        Stop::DynamicStop { line } => format!("dynamic stop (jump to itself) at {}", at(line)),
        Stop::HootStop { line } => format!("hoot stop (continuous hoot) at {}", at(line)),
        Stop::Unassigned { line, function } => format!(
            "unassigned function {} at {}",
            super::code::function_code(*function),
            at(line)
        ),
        Stop::ReaderEmpty { line } => format!("tape ran out: input order at {}", at(line)),
        Stop::Breakpoint { line } => format!("breakpoint at {}", at(line)),
        Stop::Watch { address } => format!("watched {} changed", at(address)),
        Stop::Printed { line } => format!("printed (break on print) at {}", at(line)),
        Stop::Hoot { line } => format!("hoot (break on hoot) at {}", at(line)),
        Stop::Transfer { line } => format!("magnetic transfer (break) at {}", at(line)),
        Stop::BeatLimit => "beat limit reached".into(),
        Stop::InstructionLimit => "instruction limit reached".into(),
    }
}
