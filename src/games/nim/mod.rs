//! Driver for the nim programme (`programs/nim.m1`, our reconstruction of the "universal
//! computer" programme of Faster than Thought ch. 25, NIM) on the emulated machine.
//!
//! The driver acts only as an operator did: it assembles the programme, loads it, puts
//! the heaps, k and the rule into the settings lines (the lines an operator's settings
//! tape fills, docs/nim-programme.md), starts the machine at line 1 and, when it stops at
//! `th_stop`, reads the heaps after the move, the case and the random mark off the store
//! as an operator read the tube. The programme finds the move itself; the native
//! reference [`crate::reference::nim`] is used only by [`check`].
//!
//! Files: `mod.rs` one move ([`think`]) and the comparison ([`check`]); `game.rs` a game
//! against the programme as the operator at the console ([`game::Game`]).

pub mod game;

use super::bundled::{Bundled, RunError};
use crate::machine::{Budget, Config, Machine, Stop};
use crate::reference::nim::{self as rn, Case, NimError, Rule};
use serde_json::json;
use std::fmt::Write;

/// Errors of a run of the nim programme.
#[derive(Debug, thiserror::Error)]
pub enum NimRunError {
    /// Bad heaps or k (refused before the machine is started).
    #[error(transparent)]
    Input(#[from] NimError),
    /// The programme left something no reading of its lines explains (a bug).
    #[error("the programme left {0}")]
    Result(String),
    /// A move typed for a game that is not `B:2` or `B:2,D:1` (heap letter : matches).
    #[error("bad move {0}")]
    Move(String),
    /// The programme did not assemble, lacks a label, or the machine stopped elsewhere.
    #[error(transparent)]
    Run(#[from] RunError),
}

crate::games::bundled::run_error_from_bundled!(NimRunError);

const SOURCES: &[(&str, &str)] = &[
    ("programs/nim.m1", include_str!("../../../programs/nim.m1")),
    (
        "nim/think.m1",
        include_str!("../../../programs/nim/think.m1"),
    ),
    ("nim/data.m1", include_str!("../../../programs/nim/data.m1")),
    (
        "nim/gdata.m1",
        include_str!("../../../programs/nim/gdata.m1"),
    ),
    ("nim/res.m1", include_str!("../../../programs/nim/res.m1")),
    ("nim/game.m1", include_str!("../../../programs/nim/game.m1")),
];

pub(crate) static PROGRAM: Bundled = Bundled::new(SOURCES);

/// The most beats one move may take before the driver gives up (a move takes a few
/// thousand; this is a guard against a programme that never stops).
const MOVE_BEATS: u64 = 50_000_000;

/// One move of the programme: the position given, what it left and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Think {
    /// The heaps before the move (A first), 0-31 matches each.
    pub before: Vec<u8>,
    /// k, the most heaps a move may alter.
    pub k: usize,
    /// The rule in force.
    pub rule: Rule,
    /// FtT's case, as the programme determined it (line `cs`).
    pub case: Case,
    /// The heaps after the move (line `hh` on), equal to `before` in case (d).
    pub after: Vec<u8>,
    /// Whether the programme drew the move at random with /W (the position was safe).
    pub random: bool,
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats (the beat model, `machine::timing`).
    pub beats: u64,
}

impl Think {
    /// Simulated seconds of the move (beats x 240 microseconds).
    pub fn seconds(&self) -> f64 {
        crate::machine::beats_to_seconds(self.beats)
    }

    /// The move in words: `C 3→1, D 2→0` (as `mark1 ref nim move` writes it), or `none`.
    pub fn move_text(&self) -> String {
        let ch = rn::changes(&self.before, &self.after);
        if ch.is_empty() {
            return "none".to_string();
        }
        ch.iter()
            .map(|&(i, b, a)| format!("{} {b}→{a}", rn::letter(i)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The move as the players type it: `D:2` or `B:2,D:1` (heap letter : matches taken).
    pub fn move_keys(&self) -> String {
        rn::changes(&self.before, &self.after)
            .iter()
            .map(|&(i, b, a)| format!("{}:{}", rn::letter(i), b - a))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The move as text for `mark1 nim --think`.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "heaps {} (k = {}, {}): {}",
            heaps_text(&self.before),
            self.k,
            self.rule.name(),
            self.case
        );
        let how = if self.random {
            " (the position was safe: a random move drawn with /W)"
        } else {
            ""
        };
        let _ = writeln!(s, "move: {}{how}", self.move_text());
        let _ = writeln!(s, "heaps after: {}", heaps_text(&self.after));
        let _ = writeln!(
            s,
            "{} instructions, {} beats, {:.3} s of machine time",
            self.instructions,
            self.beats,
            self.seconds()
        );
        s
    }

    /// The move as JSON for `mark1 nim --think --json`.
    pub fn json(&self) -> serde_json::Value {
        json!({
            "heaps": self.before,
            "k": self.k,
            "rule": self.rule.word(),
            "case": self.case.letter().to_string(),
            "after": self.after,
            "move": self.move_keys(),
            "random": self.random,
            "instructions": self.instructions,
            "beats": self.beats,
            "seconds": crate::machine::report::micro_seconds(self.beats),
        })
    }
}

/// Heaps as `7,4,5,2`.
pub fn heaps_text(h: &[u8]) -> String {
    h.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

/// The addresses of the lines the driver uses, looked up once.
pub struct Lines {
    pub(crate) hh: u32,
    pub(crate) k: u32,
    pub(crate) rule: u32,
    pub(crate) cs: u32,
    pub(crate) rnd: u32,
    pub(crate) stop: u32,
    pub(crate) mode: u32,
}

/// The programme's assembly (programs/nim.m1), assembled once: its image and labels.
///
/// # Errors
/// The programme does not assemble.
pub fn assembly() -> Result<&'static crate::asm::Assembly, NimRunError> {
    Ok(lines()?.0)
}

pub(crate) fn lines() -> Result<(&'static crate::asm::Assembly, Lines), NimRunError> {
    let a = PROGRAM.assembly()?;
    let at = |n: &str| PROGRAM.label(a, n);
    Ok((
        a,
        Lines {
            hh: at("hh")?,
            k: at("s_k")?,
            rule: at("s_rule")?,
            cs: at("cs")?,
            rnd: at("rnd")?,
            stop: at("th_stop")?,
            mode: at("s_mode")?,
        },
    ))
}

/// A machine as an operator leaves it before starting the programme: KEC, the programme
/// loaded, the settings put in (the heaps into `hh`, zeros beyond the N in play, k into
/// `s_k`, the rule into `s_rule`, one move: 0 into `s_mode`), the /W generator seeded with `seed`. The heaps and k
/// are validated first ([`rn::validate`], the one validation).
///
/// # Errors
/// [`NimRunError::Input`] for heaps or k refused; [`NimRunError::Run`] if the programme
/// does not assemble or lacks a label.
pub fn loaded(
    heaps: &[u8],
    k: usize,
    rule: Rule,
    seed: u64,
) -> Result<(Machine, &'static crate::asm::Assembly, Lines), NimRunError> {
    rn::validate(heaps, k)?;
    let (a, l) = lines()?;
    let mut m = Machine::new(Config {
        seed,
        ..Config::default()
    });
    m.kec();
    m.load_image(&a.image);
    for i in 0..rn::MAX_HEAPS {
        let v = heaps.get(i).copied().unwrap_or(0);
        m.store.write_long(l.hh + 2 * i as u32, u64::from(v));
    }
    m.store.write_long(l.k, k as u64);
    m.store.write_long(l.rule, u64::from(rule == Rule::Normal));
    m.store.write_long(l.mode, 0);
    Ok((m, a, l))
}

/// The programme's move on `heaps` with k and the rule: the settings put in, KEC, run
/// to `th_stop`, the results read off the store. `seed` seeds the /W generator.
///
/// # Errors
/// [`NimRunError::Input`] for heaps or k [`rn::validate`] refuses; [`NimRunError::Run`]
/// if the machine stops anywhere but `th_stop`; [`NimRunError::Result`] for a case line
/// out of range.
pub fn think(heaps: &[u8], k: usize, rule: Rule, seed: u64) -> Result<Think, NimRunError> {
    think_on(heaps, k, rule, seed, None)
}

/// [`think`], the run profiled ([`crate::profile`], docs/profiler.md): the move and where
/// its time went, line by line (obeyed one order at a time; the result is the same).
///
/// # Errors
/// As [`think`].
pub fn think_profiled(
    heaps: &[u8],
    k: usize,
    rule: Rule,
    seed: u64,
) -> Result<(Think, crate::profile::Profile), NimRunError> {
    crate::profile::profiled(|p| think_on(heaps, k, rule, seed, Some(p)))
}

/// [`think`], profiled into `profile` if given.
fn think_on(
    heaps: &[u8],
    k: usize,
    rule: Rule,
    seed: u64,
    profile: Option<&mut crate::profile::Profile>,
) -> Result<Think, NimRunError> {
    let (mut m, _, l) = loaded(heaps, k, rule, seed)?;
    if profile.is_some() {
        m.profile = Some(Box::default());
    }
    let stop = m.run(Budget::beats(MOVE_BEATS));
    if let (Some(out), Some(p)) = (profile, m.profile.take()) {
        *out = *p;
    }
    match stop {
        Stop::DynamicStop { line } if line == l.stop => {}
        other => {
            return Err(RunError::Stopped(crate::machine::report::describe_stop(&other)).into())
        }
    }
    let case = match m.store.read_long(l.cs) {
        0 => Case::A,
        1 => Case::B,
        2 => Case::C,
        3 => Case::Zero,
        v => return Err(NimRunError::Result(format!("case line cs = {v}"))),
    };
    let after = (0..heaps.len())
        .map(|i| m.store.read_long(l.hh + 2 * i as u32) as u8)
        .collect();
    Ok(Think {
        before: heaps.to_vec(),
        k,
        rule,
        case,
        after,
        random: m.store.read_long(l.rnd) == 1,
        instructions: m.stats.instructions,
        beats: m.stats.beats,
    })
}

/// One difference between the programme and the reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// The programme's move.
    pub think: Think,
    /// What the reference says.
    pub expected: String,
}

/// The result of [`check`].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct CheckReport {
    /// Positions compared.
    pub positions: usize,
    /// The differences (at most the first 20 kept; `count` counts them all).
    pub differences: Vec<Difference>,
    /// Differences in all.
    pub count: usize,
    /// Positions where the programme moved at random (safe positions).
    pub random: usize,
    /// Beats over all the positions.
    pub beats: u64,
    /// The most beats one move took.
    pub longest: u64,
}

impl CheckReport {
    /// The report as text; the last line is `N positions, D differences`.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for d in &self.differences {
            let t = &d.think;
            let _ = writeln!(
                s,
                "heaps {} k = {} {}: the programme gave case ({}) and {}; the reference: {}",
                heaps_text(&t.before),
                t.k,
                t.rule.name(),
                t.case.letter(),
                heaps_text(&t.after),
                d.expected
            );
        }
        let n = self.positions.max(1) as u64;
        let _ = writeln!(
            s,
            "{} random moves (safe positions, any legal move right); machine time a move: mean {:.4} s, longest {:.4} s",
            self.random,
            crate::machine::beats_to_seconds(self.beats / n),
            crate::machine::beats_to_seconds(self.longest)
        );
        let _ = writeln!(
            s,
            "{} positions, {} differences",
            self.positions, self.count
        );
        s
    }
}

/// Compares the programme with [`rn::reply`] on `n` positions of
/// [`rn::random_positions`]`(n, seed)`: the same case everywhere; the same heaps after
/// wherever the reference fixes the move; a legal move ([`rn::check_move`]) where the
/// position is safe and the programme moves at random; no move in case (d).
///
/// The positions are drawn first, in order; then they run in parallel on the current
/// rayon pool (each think builds its own machine; `mark1 nim --threads N` sizes the
/// pool): the report is the same for any number of threads, in position order.
///
/// # Errors
/// A run that does not reach `th_stop` (a programme fault, not a difference): the first
/// such position in order.
pub fn check(n: usize, seed: u64) -> Result<CheckReport, NimRunError> {
    use rayon::prelude::*;
    let positions = rn::random_positions(n, seed);
    let results: Vec<Result<(Think, Option<String>), NimRunError>> = positions
        .into_par_iter()
        .enumerate()
        .map(|(i, (heaps, k, rule))| {
            let t = think(&heaps, k, rule, seed.wrapping_add(i as u64))?;
            let wrong = judge(&heaps, k, rule, &t)?;
            Ok((t, wrong))
        })
        .collect();
    let mut r = CheckReport::default();
    for res in results {
        let (t, wrong) = res?;
        r.positions += 1;
        r.beats += t.beats;
        r.longest = r.longest.max(t.beats);
        r.random += usize::from(t.random);
        if let Some(expected) = wrong {
            r.count += 1;
            if r.differences.len() < 20 {
                r.differences.push(Difference { think: t, expected });
            }
        }
    }
    Ok(r)
}

/// What the reference expects where the programme's move `t` on `heaps` differs from
/// it (see [`check`]), or `None` when they agree.
fn judge(heaps: &[u8], k: usize, rule: Rule, t: &Think) -> Result<Option<String>, NimRunError> {
    let want = rn::reply(heaps, k, rule, &rn::Readings::default())?;
    Ok(if t.case != want.case {
        Some(format!("case ({})", want.case.letter()))
    } else {
        match (&want.after, want.case) {
            (Some(after), _) if *after != t.after || t.random => {
                Some(format!("the move to {}", heaps_text(after)))
            }
            (Some(_), _) => None,
            (None, Case::Zero) => (t.after != heaps).then(|| "no move".to_string()),
            (None, _) => match rn::check_move(heaps, &t.after, k) {
                Ok(()) if t.random => None,
                Ok(()) => Some("a random move (the position is safe)".to_string()),
                Err(e) => Some(format!("a legal move ({e})")),
            },
        }
    })
}
