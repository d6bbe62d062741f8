//! `mark1 run`: run a program until the machine stops; the teleprinter output and a
//! summary, optionally the tubes as a PNG and the hooter as a WAV.

use super::load::load_or_boot;
use super::machine::MachineArgs;
use super::out;
use anyhow::Result;
use mark1::machine::code::{
    addr_chars, address, function, function_code, in_set, line_chars, JUMPS,
};
use mark1::machine::overflow::{self, Overflow};
use mark1::machine::report::RunReport;
use mark1::machine::{Budget, Machine, Stop, StopSwitch};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// What `run --help` says after the options: the exit statuses.
pub const EXIT_HELP: &str = "Exit status: 0 when the machine stopped by itself (a dynamic \
stop, a hoot stop, a dummy stop with its switch on, the tape running out); 1 for an error \
(a file that cannot be read, an unassigned function with --stop-on-unassigned); 2 for a \
command line that cannot be read; 3 when the beat limit came before the machine stopped: \
standard error then says the line reached, and whether the machine was obeying empty \
store (docs/guide.md).";

/// The arguments of `mark1 run`.
#[derive(clap::Args)]
#[command(after_help = EXIT_HELP)]
pub struct RunArgs {
    /// Assembler source (`.m1`), machine image (`.m1i`), or a SimH drum image (`.drm`),
    /// booted the period way: the hand switches set (--hands), KEC, run.
    #[arg(required_unless_present = "tape")]
    file: Option<PathBuf>,
    /// Boot the period way from this tape (`.pt.txt` or raw) through the initial
    /// routine in roms/: H = ////, KEC, prepulse. With a drum image: the tape in the
    /// reader.
    #[arg(long)]
    tape: Option<PathBuf>,
    /// The hand switches: four teleprint characters (least significant first) or a
    /// number. A source or image starts with them (over its `.hand`); a drum image boots
    /// with them (`////` if not given: track 0's left half to page 0, where `mark1 asm
    /// --drm` and Scheme A put their boot routine). Refused with a tape alone.
    #[arg(long, visible_alias = "hand", value_name = "H", value_parser = mark1::console::parse_h)]
    hands: Option<u32>,
    /// Turn on a stop switch: `L` (the dummy stop `/L` stops the machine) or `G` (`/G`);
    /// give it twice for both. Off if not given, as the console's `switch L on`.
    #[arg(long, value_name = "NAME", value_parser = parse_switch)]
    switch: Vec<StopSwitch>,
    /// Report the first overflow on standard error: the line and the order whose exact
    /// result does not fit A's 80 bits as a signed number. The machine has no overflow
    /// indicator and goes on, as it does without the flag; until the first overflow the
    /// orders are obeyed one at a time (slower).
    #[arg(long)]
    warn_overflow: bool,
    /// Stop after this many beats (240 µs each); the run then exits with status 3,
    /// saying the line reached and whether the machine was obeying empty store.
    #[arg(long, default_value_t = 250_000_000)]
    max_beats: u64,
    #[command(flatten)]
    machine: MachineArgs,
    /// Print the summary as one JSON object (printer output included).
    #[arg(long)]
    json: bool,
    /// Write the two large tubes (pages 0 and 1, or --display-pages) as a PNG here.
    #[arg(long, value_name = "FILE")]
    display_png: Option<PathBuf>,
    /// The pages (0-7) shown on the two tubes of --display-png, e.g. `0,1`.
    #[arg(long, value_name = "LEFT,RIGHT", default_value = "0,1", value_parser = parse_pages)]
    display_pages: (u32, u32),
    /// Write the hooter's output as a WAV here (a pulse at each hoot's beat time; a
    /// continuous hoot at the end is continued for a second).
    #[arg(long, value_name = "FILE")]
    hoot_wav: Option<PathBuf>,
    /// Replace --display-png and --hoot-wav files that exist (without it an existing
    /// file is refused before the run).
    #[arg(long)]
    force: bool,
}

/// Runs `mark1 run`.
pub fn run(a: RunArgs) -> Result<()> {
    let inputs: Vec<&std::path::Path> = [a.file.as_deref(), a.tape.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    out::check_outputs(
        &[a.display_png.as_deref(), a.hoot_wav.as_deref()],
        a.force,
        &inputs,
    )?;
    let mut m = Machine::new(a.machine.config());
    load_or_boot(&mut m, a.file.as_ref(), a.tape.as_ref(), false, a.hands)?;
    for s in &a.switch {
        match s {
            StopSwitch::L => m.console.stop_l = true,
            StopSwitch::G => m.console.stop_g = true,
        }
    }
    let t0 = Instant::now();
    let watched = run_watched(&mut m, a.max_beats, a.warn_overflow);
    let stop = watched.stop;
    if let Some(o) = &watched.overflow {
        eprintln!("{}", overflow_text(o));
    }
    let mut report = RunReport::new(&m, stop);
    report.host_seconds = Some(t0.elapsed().as_secs_f64());
    let out = &mut out::stdout();
    if a.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        write!(out, "{}", report.printed)?;
        if !report.printed.is_empty() && !report.printed.ends_with('\n') {
            writeln!(out)?;
        }
        writeln!(out, "---")?;
        write!(out, "{}", report.summary())?;
    }
    if let Some(p) = &a.display_png {
        use mark1::render::{tubes_png, TubePage};
        let (l, r) = a.display_pages;
        let png = tubes_png(&TubePage::of(&m.store, l), &TubePage::of(&m.store, r))?;
        out::write_file(p, png, a.force)?;
    }
    if let Some(p) = &a.hoot_wav {
        use mark1::render::{continue_hoot_loop, hoot_wav, HOOT_TAIL_SECONDS};
        let (beats, end) = continue_hoot_loop(&m, stop, HOOT_TAIL_SECONDS);
        out::write_file(p, hoot_wav(&beats, end), a.force)?;
    }
    let after = if stop == Stop::BeatLimit {
        reached_text(&m, watched.empty.as_ref())
    } else {
        String::new()
    };
    super::stop_result(stop, a.max_beats, &after)
}

/// Reads `--switch NAME`: `L` or `G` (also `/L`, `/G`, lower case), the stop switches
/// of the console's `switch` command.
fn parse_switch(s: &str) -> Result<StopSwitch, String> {
    match s.to_ascii_uppercase().as_str() {
        "L" | "/L" => Ok(StopSwitch::L),
        "G" | "/G" => Ok(StopSwitch::G),
        _ => Err(format!(
            "no stop switch `{s}`: the Mark 1 has two, L (for /L) and G (for /G)"
        )),
    }
}

/// How a run ended: the stop, the first overflow if watched for, and where the machine
/// went into empty store if it was obeying empty store at the beat limit.
struct Watched {
    stop: Stop,
    overflow: Option<Overflow>,
    empty: Option<EmptyStore>,
}

/// Where a machine went into empty store: the first `////` line of the last run of
/// them and the line obeyed before it.
struct EmptyStore {
    first: u32,
    from: u32,
    /// The order at `from` was a jump (taken or not).
    by_jump: bool,
}

/// Beats of one slice of a run: the machine is looked at (and kept) between slices
/// (4 194 304 beats, about 17 minutes of machine time, a few milliseconds of the
/// host's).
const SLICE_BEATS: u64 = 1 << 22;

/// Runs `m` for at most `max_beats` beats: with `warn_overflow`, one order at a time
/// until the first overflow ([`overflow::check`]); then in slices of [`SLICE_BEATS`],
/// which end where one run would (each slice's run stops before the order that would
/// start past its budget, as the whole run's does), keeping the machine as it was
/// before the last slice that obeyed anything but `////`. If the run reaches its limit
/// obeying `////` lines, the run from that slice on is obeyed again order by order (on
/// a copy) to find where the machine went into empty store.
fn run_watched(m: &mut Machine, max_beats: u64, warn_overflow: bool) -> Watched {
    let end = m.stats.beats.saturating_add(max_beats);
    let mut overflow = None;
    if warn_overflow {
        let mut streak = Streak::default();
        loop {
            if m.stats.beats >= end {
                return Watched {
                    stop: Stop::BeatLimit,
                    overflow,
                    empty: streak.found,
                };
            }
            let line = (m.c + 1) & 1023;
            let (before, w) = (m.a, m.store.read(line));
            if let Some(stop) = m.step() {
                return Watched {
                    stop,
                    overflow,
                    empty: None,
                };
            }
            streak.obeyed(m, line, w);
            if let Some(o) = overflow::check(m, line, before) {
                overflow = Some(o);
                break;
            }
        }
    }
    let mut mixed: Option<Machine> = None;
    loop {
        let left = end.saturating_sub(m.stats.beats);
        let (i0, z0) = (m.stats.instructions, m.stats.by_function[0]);
        let saved = m.clone();
        let stop = m.run(Budget::beats(left.min(SLICE_BEATS)));
        let (di, dz) = (m.stats.instructions - i0, m.stats.by_function[0] - z0);
        if di != dz {
            mixed = Some(saved);
        }
        if stop != Stop::BeatLimit || m.stats.beats >= end {
            let empty = (stop == Stop::BeatLimit && m.store.read(m.c) == 0)
                .then(|| mixed.and_then(|from| find_empty_store(from, m.stats.beats)))
                .flatten();
            return Watched {
                stop,
                overflow,
                empty,
            };
        }
    }
}

/// Follows a machine order by order: where the present run of `////` lines began.
#[derive(Default)]
struct Streak {
    /// The start of the run of `////` lines obeyed last, while it goes on.
    found: Option<EmptyStore>,
    /// The line obeyed last, and whether its order was a jump.
    prev: Option<(u32, bool)>,
}

impl Streak {
    /// `m` has just obeyed `line`, which held `w` before it was obeyed.
    fn obeyed(&mut self, m: &Machine, line: u32, w: u32) {
        if w != 0 {
            self.found = None;
        } else if self.found.is_none() {
            self.found = self.prev.map(|(from, by_jump)| EmptyStore {
                first: line,
                from,
                by_jump,
            });
        }
        self.prev = Some((line, in_set(JUMPS, function(m.pi))));
    }
}

/// Obeys `m` order by order up to `beats`, and returns the start of the last run of
/// `////` lines it obeyed (still running at the end), or `None` if it stopped or
/// obeyed no other line before them.
fn find_empty_store(mut m: Machine, beats: u64) -> Option<EmptyStore> {
    let mut streak = Streak::default();
    while m.stats.beats < beats {
        let line = (m.c + 1) & 1023;
        let w = m.store.read(line);
        if m.step().is_some() {
            return None;
        }
        streak.obeyed(&m, line, w);
    }
    streak.found
}

/// A line as the summary names it: `line D/ (9)`.
fn at(line: u32) -> String {
    format!("line {} ({line})", addr_chars(line))
}

/// What a run that reached its beat limit adds to its error: the line reached and, when
/// it was obeying empty store, where it went in.
fn reached_text(m: &Machine, empty: Option<&EmptyStore>) -> String {
    let mut s = format!("; it was at {}", at(m.c));
    if m.store.read(m.c) != 0 {
        return s;
    }
    s.push_str(
        ", obeying empty store (`////` lines: each obeys the hand switches as a magnetic \
         order, with H = //// a read of drum track 0 over page 0)",
    );
    match empty {
        Some(e) if e.by_jump => s.push_str(&format!(
            ", from {}, where the jump at {} went: a jump to a line with no program?",
            at(e.first),
            at(e.from)
        )),
        Some(e) => s.push_str(&format!(
            ", from {}, after {}: the program ran past its end? (a program stops with a \
             jump to itself)",
            at(e.first),
            at(e.from)
        )),
        None => s.push_str(": a jump to a line with no program?"),
    }
    s
}

/// The warning of `--warn-overflow`.
fn overflow_text(o: &Overflow) -> String {
    format!(
        "warning: overflow at {}: the order {} ({}, S at {}) gave {}, beyond A's 80 bits \
         as a signed number (-2^79 to 2^79 - 1); the machine has no overflow indicator and \
         went on with the result mod 2^80 (the first overflow only is reported)",
        at(o.line),
        line_chars(o.order),
        function_code(function(o.order)),
        at(address(o.order)),
        o.exact
    )
}

/// Reads `--display-pages LEFT,RIGHT`: two pages 0-7, e.g. `0,1`.
fn parse_pages(s: &str) -> Result<(u32, u32), String> {
    let page = |p: &str| match p.trim().parse::<u32>() {
        Ok(n) if n <= 7 => Ok(n),
        _ => Err(format!("`{p}` is not a page 0-7")),
    };
    match s.split_once(',') {
        Some((l, r)) => Ok((page(l)?, page(r)?)),
        None => Err("give two pages 0-7 as LEFT,RIGHT, e.g. `0,1`".to_string()),
    }
}
