//! `mark1 debug`: the console as a terminal user interface (ratatui on crossterm).
//!
//! [`Debugger`] is the operator's side, apart from the machine (as moa keeps its debugger
//! apart from the CPU): it owns a console [`Session`], keeps the instruction history
//! (the machine's hot loop records none), the page selectors of the two large tubes and
//! the prepulse speed, and turns every key into a command line of the shared console
//! language ([`crate::console`]) or of the few commands that concern the view
//! ([`Debugger::command`]). [`view`] draws it; [`run_interactive`] and
//! [`run_headless`] drive it. See docs/console.md.

mod term;
pub mod view;

use crate::console::{count, Command, Labels, Session};
use crate::formats::image::Image;
use crate::formats::output::{write_atomic, Overwrite};
use crate::machine::code::addr_chars;
use crate::machine::report::describe_stop;
use crate::machine::timing::BEAT_MICROSECONDS;
use crate::machine::{Budget, Stop};
use crate::render::{continue_hoot_loop, hoot_wav, tubes_png, TubePage, HOOT_TAIL_SECONDS};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub use term::run_interactive;

/// The prepulse speed of a run (Sancho's console: full, ≈ 50 instructions/s, single).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    /// Paced to the beat clock: one beat per 240 µs of wall time.
    Real,
    /// About [`SLOW_RATE`] instructions a second, each recorded in the history.
    Slow,
    /// As fast as the host goes, in chunks; the history is not kept meanwhile.
    Full,
}

impl Speed {
    /// The name used by the `speed` command.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Real => "real",
            Speed::Slow => "slow",
            Speed::Full => "full",
        }
    }
}

/// Instructions a second at [`Speed::Slow`].
pub const SLOW_RATE: f64 = 50.0;
/// Entries kept in the instruction history.
pub const HISTORY_LEN: usize = 256;
/// Messages kept in the log.
const LOG_LEN: usize = 64;

/// One entry of the instruction history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryEntry {
    /// An instruction obeyed: the line it came from, the actual instruction PI, and the
    /// beat counter after it.
    Obeyed {
        /// Line (0–1023) of the presumptive instruction.
        line: u32,
        /// The actual (B-modified) instruction, 20 bits.
        pi: u32,
        /// Beats elapsed after it.
        beats: u64,
    },
    /// A stretch obeyed without recording (a full-speed run, `go`, `kac`).
    Ran {
        /// Instructions obeyed in it.
        instructions: u64,
    },
}

/// The debugger: a console session and the operator's view of it.
pub struct Debugger {
    /// The machine and the console command language.
    pub session: Session,
    /// Name of the program shown in the title.
    pub name: String,
    /// Pages (0–7) shown on the left and right large tubes.
    pub pages: [u32; 2],
    /// Prepulse speed of `run`.
    pub speed: Speed,
    /// Whether the machine is running (interactive mode).
    pub running: bool,
    /// Interactive (a terminal, wall-clock pacing) rather than a headless script.
    pub interactive: bool,
    /// The last instructions obeyed, oldest first.
    pub history: VecDeque<HistoryEntry>,
    /// Why the machine last stopped.
    pub last_stop: Option<Stop>,
    /// Messages for the operator, oldest first.
    pub log: VecDeque<String>,
    /// The command line being typed, if any.
    pub input: Option<String>,
    /// The help screen is shown.
    pub help: bool,
    /// `quit` was given.
    pub quit: bool,
    /// Watched lines (for display).
    pub watches: Vec<u32>,
    /// Where the `png` key writes the tube picture.
    pub png_path: PathBuf,
    /// Where the `wav` key writes the hooter's sound.
    pub wav_path: PathBuf,
    /// The lines of the last command's output when it had more than one (a range
    /// examined, `show`, `help COMMAND`), shown over the console until a key is pressed;
    /// the command line first.
    pub output: Option<Vec<String>>,
    /// The `K` key (KEC) was pressed once and waits for its confirmation.
    pub kec_armed: bool,
    /// Assembles the program's source again for `reload`: its image and labels (set by
    /// the front end when the program came from a source file).
    pub reloader: Option<Reloader>,
    pace: Option<(Instant, u64, u64)>,
    kac_release_at: Option<u64>,
}

/// What `reload` calls: the source assembled again, as an image and its labels, or the
/// assembler's errors in words.
pub type Reloader = Box<dyn FnMut() -> Result<(Image, Labels), String>>;

/// The period-notation decoding of one instruction, as `mark1 disasm` prints it:
/// function, address, B-line and meaning (e.g. `/N VE  A += D*S+`); see
/// [`crate::machine::code::describe`].
pub fn decode(w: u32) -> String {
    crate::machine::code::describe(w)
}

/// `path` made absolute against the current directory, so that a message says where a
/// file went (the path as given if that fails).
/// `default` if no file has that name, else the first of `NAME-2.EXT`, `NAME-3.EXT`, …
/// that is free: the `P` and `W` keys never replace an earlier picture or sound.
fn free_name(default: &Path) -> String {
    let stem = default.file_stem().unwrap_or_default().to_string_lossy();
    let ext = default
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (1..)
        .map(|k| match k {
            1 => default.to_path_buf(),
            k => default.with_file_name(format!("{stem}-{k}{ext}")),
        })
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .unwrap_or_else(|| default.to_path_buf())
        .display()
        .to_string()
}

fn full_path(path: &str) -> String {
    std::path::absolute(path).map_or_else(|_| path.to_string(), |p| p.display().to_string())
}

impl Debugger {
    /// A debugger on `session`, showing pages 0 and 1, stopped, at real speed.
    pub fn new(session: Session, name: impl Into<String>) -> Debugger {
        Debugger {
            session,
            name: name.into(),
            pages: [0, 1],
            speed: Speed::Real,
            running: false,
            interactive: false,
            history: VecDeque::new(),
            last_stop: None,
            log: VecDeque::new(),
            input: None,
            help: false,
            quit: false,
            watches: Vec::new(),
            png_path: PathBuf::from("mark1-tubes.png"),
            wav_path: PathBuf::from("mark1-hoot.wav"),
            output: None,
            kec_armed: false,
            reloader: None,
            pace: None,
            kac_release_at: None,
        }
    }

    /// Adds a message to the log.
    pub fn say(&mut self, msg: impl Into<String>) {
        if self.log.len() == LOG_LEN {
            self.log.pop_front();
        }
        self.log.push_back(msg.into());
    }

    fn push(&mut self, e: HistoryEntry) {
        if let (HistoryEntry::Ran { instructions: n }, Some(HistoryEntry::Ran { instructions })) =
            (e, self.history.back_mut())
        {
            *instructions += n;
            return;
        }
        if self.history.len() == HISTORY_LEN {
            self.history.pop_front();
        }
        self.history.push_back(e);
    }

    fn stopped(&mut self, s: Stop) {
        self.running = false;
        self.pace = None;
        self.last_stop = Some(s);
        let m = &self.session.machine;
        let msg = format!(
            "stop: {} after {}, {}",
            describe_stop(&s),
            count(m.stats.instructions, "instruction"),
            count(m.stats.beats, "beat")
        );
        self.say(msg);
    }

    fn release_kac_if_due(&mut self) {
        if let Some(t) = self.kac_release_at {
            if self.session.machine.stats.beats >= t {
                self.session.machine.set_kac(false);
                self.kac_release_at = None;
            }
        }
    }

    /// One prepulse, recorded in the history. A breakpoint on the line is obeyed through
    /// (stepping from a breakpoint obeys that instruction).
    pub fn step_one(&mut self) -> Option<Stop> {
        let line = (self.session.machine.c + 1) & 1023;
        self.last_stop = None;
        let s = self.session.step_one();
        self.session.messages.clear();
        self.session.stops.clear();
        let m = &self.session.machine;
        self.push(HistoryEntry::Obeyed {
            line,
            pi: m.pi,
            beats: m.stats.beats,
        });
        self.release_kac_if_due();
        if let Some(s) = s {
            self.stopped(s);
        }
        s
    }

    /// Obeys instructions one at a time (recording each) until one stops the machine,
    /// `max` have been obeyed, or the beat counter reaches `beat_target`. The first
    /// instruction is obeyed even at a breakpoint when `pass_first` is set; later ones
    /// stop at breakpoints before being obeyed.
    pub fn advance(&mut self, max: u64, beat_target: u64, pass_first: bool) -> Option<Stop> {
        for i in 0..max {
            let m = &self.session.machine;
            if m.stats.beats >= beat_target {
                return None;
            }
            let next = (m.c + 1) & 1023;
            if (i > 0 || !pass_first) && !m.console.kcc_held && m.breaks.has_line(next) {
                let s = Stop::Breakpoint { line: next };
                self.stopped(s);
                return Some(s);
            }
            if let Some(s) = self.step_one() {
                return Some(s);
            }
        }
        None
    }

    /// Runs at full speed for at most `beats` beats (in chunks, the history recording
    /// only how many instructions were obeyed), stopping at breakpoints as `advance`.
    pub fn run_full(&mut self, beats: u64, pass_first: bool) -> Option<Stop> {
        let m = &mut self.session.machine;
        let i0 = m.stats.instructions;
        let end = m.stats.beats.saturating_add(beats);
        let next = (m.c + 1) & 1023;
        let mut stop = None;
        if !pass_first && !m.console.kcc_held && m.breaks.has_line(next) {
            stop = Some(Stop::Breakpoint { line: next });
        }
        let mut first = pass_first;
        while stop.is_none() && self.session.machine.stats.beats < end {
            let m = &mut self.session.machine;
            let mut chunk = (end - m.stats.beats).min(1 << 22);
            if let Some(t) = self.kac_release_at {
                chunk = chunk.min(t.saturating_sub(m.stats.beats).max(1));
            }
            // A chunk that ends before a breakpoint line must not pass over it.
            let next = (m.c + 1) & 1023;
            if !first && !m.console.kcc_held && m.breaks.has_line(next) {
                stop = Some(Stop::Breakpoint { line: next });
                break;
            }
            first = false;
            match m.run(Budget::beats(chunk)) {
                Stop::BeatLimit => {}
                s => stop = Some(s),
            }
            self.release_kac_if_due();
        }
        let n = self.session.machine.stats.instructions - i0;
        if n > 0 {
            self.push(HistoryEntry::Ran { instructions: n });
        }
        if let Some(s) = stop {
            self.stopped(s);
        }
        stop
    }

    /// Starts a run at the present speed (interactive), or, headless, runs until the
    /// machine stops or the session's beat limit is spent.
    pub fn start(&mut self) {
        self.last_stop = None;
        if self.interactive {
            self.running = true;
            self.pace = None;
            return;
        }
        let limit = self.session.limit;
        let b0 = self.session.machine.stats.beats;
        let s = match self.speed {
            Speed::Full => self.run_full(limit, true),
            _ => self.advance(u64::MAX, b0.saturating_add(limit), true),
        };
        if s.is_none() {
            self.stopped(Stop::BeatLimit);
        }
    }

    /// Advances a running machine to wall time `now` (interactive mode).
    pub fn tick(&mut self, now: Instant) {
        if !self.running {
            return;
        }
        let m = &self.session.machine;
        let first = self.pace.is_none();
        let (t0, b0, i0) = *self
            .pace
            .get_or_insert((now, m.stats.beats, m.stats.instructions));
        let secs = now.saturating_duration_since(t0).as_secs_f64();
        match self.speed {
            Speed::Real => {
                let target = b0 + (secs * 1e6 / BEAT_MICROSECONDS) as u64;
                // The first tick obeys at least the instruction a run starts at (it may
                // hold a breakpoint, passed over). Never more than 50 000 a frame: a host
                // that falls behind slips rather than racing to catch up.
                let goal = if first {
                    target.max(m.stats.beats + 1)
                } else {
                    target
                };
                if self.advance(50_000, goal, first).is_none()
                    && self.session.machine.stats.beats + 10_000 < target
                {
                    self.pace = None;
                }
            }
            Speed::Slow => {
                let target = i0 + (secs * SLOW_RATE) as u64;
                let due = target.saturating_sub(m.stats.instructions);
                let due = if first { 1 } else { due.min(1000) };
                self.advance(due, u64::MAX, first);
            }
            Speed::Full => {
                let start = Instant::now();
                let mut first = first;
                while self.running && start.elapsed().as_millis() < 25 {
                    if self.run_full(2_000_000, first).is_some() {
                        break;
                    }
                    first = false;
                }
            }
        }
    }

    /// Writes the two large tubes as a PNG (as mark1 writes every file:
    /// [`crate::formats::output::write_atomic`], an existing file replaced only with
    /// [`Overwrite::Allow`]).
    ///
    /// # Errors
    /// The file exists (with `Refuse`) or cannot be written.
    pub fn write_png(&mut self, path: &str, overwrite: Overwrite) -> Result<(), String> {
        let m = &self.session.machine;
        let png = tubes_png(
            &TubePage::of(&m.store, self.pages[0]),
            &TubePage::of(&m.store, self.pages[1]),
        )
        .map_err(|e| e.to_string())?;
        write_atomic(Path::new(path), &png, overwrite).map_err(|e| e.to_string())?;
        self.say(format!("wrote the tubes to {}", full_path(path)));
        Ok(())
    }

    /// Writes the hooter's output so far as a WAV (a hoot stop continued for a second),
    /// as [`Debugger::write_png`] writes.
    ///
    /// # Errors
    /// The file exists (with `Refuse`) or cannot be written.
    pub fn write_wav(&mut self, path: &str, overwrite: Overwrite) -> Result<(), String> {
        let m = &self.session.machine;
        let stop = self.last_stop.unwrap_or(Stop::BeatLimit);
        let (beats, end) = continue_hoot_loop(m, stop, HOOT_TAIL_SECONDS);
        write_atomic(Path::new(path), &hoot_wav(&beats, end), overwrite)
            .map_err(|e| e.to_string())?;
        self.say(format!(
            "wrote {} to {}",
            count(beats.len() as u64, "hoot"),
            full_path(path)
        ));
        Ok(())
    }

    /// Obeys one command line: first the debugger's own commands (`run`, `stop`,
    /// `speed real|slow|full`, `page left|right N`, `png [-f] [FILE]`, `wav [-f] [FILE]`,
    /// `reload`, `help`, `quit`), then the console language ([`Session::parse`], with
    /// the labels of the loaded source), with `step` recorded in the history. A console
    /// command whose output has more than one line opens [`Debugger::output`].
    ///
    /// # Errors
    /// A message saying what is wrong or what failed.
    pub fn command(&mut self, line: &str) -> Result<(), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        // The box of the last command's output belongs to that command only.
        self.output = None;
        let Some(first) = words.first() else {
            return Ok(());
        };
        let arg = |i: usize| words.get(i).copied();
        match first.to_ascii_lowercase().as_str() {
            "run" if words.len() == 1 => {
                self.start();
                return Ok(());
            }
            "stop" if words.len() == 1 => {
                if self.running {
                    self.running = false;
                    self.pace = None;
                    self.say("stopped by the operator");
                }
                return Ok(());
            }
            "speed" => {
                self.speed = match arg(1).map(str::to_ascii_lowercase).as_deref() {
                    Some("real") => Speed::Real,
                    Some("slow") => Speed::Slow,
                    Some("full") => Speed::Full,
                    _ => return Err("expected `speed real`, `speed slow` or `speed full`".into()),
                };
                self.pace = None;
                return Ok(());
            }
            "page" => {
                let side = match arg(1).map(str::to_ascii_lowercase).as_deref() {
                    Some("left" | "l") => 0,
                    Some("right" | "r") => 1,
                    _ => return Err("expected `page left N` or `page right N`".into()),
                };
                match arg(2).and_then(|s| s.parse::<u32>().ok()) {
                    Some(p) if p < 8 && words.len() == 3 => self.pages[side] = p,
                    _ => return Err("the page is 0-7".into()),
                }
                return Ok(());
            }
            "png" | "wav" if words.len() <= 3 => {
                // `png [-f] [FILE]`: a FILE that exists is replaced only with -f; without
                // FILE, the default name or the first free one after it.
                let force = words.get(1).is_some_and(|w| *w == "-f" || *w == "--force");
                let file = words.get(1 + usize::from(force)).map(|w| w.to_string());
                if words.len() > 2 + usize::from(force) {
                    return Err(format!("expected `{} [-f] [FILE]`", words[0]));
                }
                let png = words[0].eq_ignore_ascii_case("png");
                let (p, overwrite) = match file {
                    Some(f) => (f, Overwrite::from_force(force)),
                    None => {
                        let default = if png { &self.png_path } else { &self.wav_path };
                        (free_name(default), Overwrite::Refuse)
                    }
                };
                return if png {
                    self.write_png(&p, overwrite)
                } else {
                    self.write_wav(&p, overwrite)
                };
            }
            "help" | "?" if words.len() == 1 => {
                self.help = !self.help;
                return Ok(());
            }
            "reload" if words.len() == 1 => return self.reload(),
            "quit" | "q" => {
                self.quit = true;
                return Ok(());
            }
            _ => {}
        }
        let cmd = self.session.parse(line)?;
        let i0 = self.session.machine.stats.instructions;
        let result = match &cmd {
            Command::Step(n) => {
                for _ in 0..*n {
                    if self.step_one().is_some() {
                        break;
                    }
                }
                Ok(())
            }
            Command::KacHold(true) if self.interactive => {
                self.kac_release_at = None;
                self.session.execute(&cmd).map_err(|e| e.to_string())
            }
            _ => {
                let r = self.session.execute(&cmd).map_err(|e| e.to_string());
                let n = self.session.machine.stats.instructions - i0;
                if n > 0 {
                    self.push(HistoryEntry::Ran { instructions: n });
                }
                r
            }
        };
        match cmd {
            Command::Watch(l) if !self.watches.contains(&l) => self.watches.push(l),
            Command::UnbreakAll => self.watches.clear(),
            // The old stop is no longer where the machine is: the title says what is next.
            Command::Kec | Command::Kcc => self.last_stop = None,
            _ => {}
        }
        if let Some(rec) = self.session.stops.last() {
            self.last_stop = Some(rec.stop);
        }
        self.session.stops.clear();
        let msgs: Vec<String> = self.session.messages.drain(..).collect();
        self.output = (msgs.len() > 1).then(|| {
            std::iter::once(format!(":{}", line.trim()))
                .chain(msgs.iter().cloned())
                .collect()
        });
        for m in msgs {
            self.say(m);
        }
        result
    }

    /// `reload`: the source assembled again ([`Debugger::reloader`]) and loaded as at
    /// the start (KEC, then the image: store, drum half-tracks, hand switches, control);
    /// the history emptied; each breakpoint and watch kept by its label (`loop+2`, the
    /// nearest label at or below it on its page, found at its new place), or at its
    /// line when it had no label; one whose label is gone is dropped and named. The
    /// event breaks, the paper, the counters and the attached files are kept. If the
    /// source does not assemble, nothing changes.
    ///
    /// # Errors
    /// No source to reload, or the assembler's errors.
    pub fn reload(&mut self) -> Result<(), String> {
        let Some(reloader) = self.reloader.as_mut() else {
            return Err(
                "`reload` assembles the program's source again: start `mark1 debug` \
                        with a .m1 file"
                    .into(),
            );
        };
        let (image, labels) = match reloader() {
            Ok(r) => r,
            Err(e) => {
                // The assembler's errors, every one, over the console; nothing changed.
                self.output = Some(
                    std::iter::once(":reload (nothing changed)".to_string())
                        .chain(e.lines().map(str::to_string))
                        .collect(),
                );
                return Err(e);
            }
        };
        let old = std::mem::take(&mut self.session.labels);
        let mut kept = Vec::new();
        let mut dropped = Vec::new();
        let mut moved = |line: u32| -> Option<u32> {
            let Some(name) = old.describe(line) else {
                return Some(line);
            };
            match labels.line(&name) {
                Ok(l) => {
                    kept.push(if l == line {
                        name
                    } else {
                        format!("{name} (now {})", addr_chars(l))
                    });
                    Some(l)
                }
                Err(_) => {
                    dropped.push(name);
                    None
                }
            }
        };
        let m = &mut self.session.machine;
        let lines: Vec<u32> = m
            .breaks
            .lines()
            .into_iter()
            .filter_map(&mut moved)
            .collect();
        let watches: Vec<u32> = self.watches.iter().filter_map(|&w| moved(w)).collect();
        let events = (m.breaks.on_hoot, m.breaks.on_print, m.breaks.on_transfer);
        m.kec();
        m.load_image(&image);
        m.breaks.clear();
        (m.breaks.on_hoot, m.breaks.on_print, m.breaks.on_transfer) = events;
        for &l in &lines {
            m.breaks.set_line(l, true);
        }
        for &w in &watches {
            m.breaks.watch(w, &m.store);
        }
        self.watches = watches;
        self.session.labels = labels;
        self.history.clear();
        self.last_stop = None;
        self.running = false;
        self.pace = None;
        let mut msg = format!(
            "reloaded {} ({})",
            self.session.labels.source(),
            count(self.session.labels.len() as u64, "label")
        );
        if !kept.is_empty() {
            msg.push_str(&format!("; kept by label: {}", kept.join(", ")));
        }
        if !dropped.is_empty() {
            msg.push_str(&format!("; dropped (label gone): {}", dropped.join(", ")));
        }
        self.say(msg);
        Ok(())
    }

    /// Holds KAC for `beats` beats of machine time while the machine goes on at its
    /// present speed (the interactive form of `kac N`); released by the run loops.
    pub fn hold_kac_for(&mut self, beats: u64) {
        let m = &mut self.session.machine;
        m.set_kac(true);
        self.kac_release_at = Some(m.stats.beats + beats);
    }

    /// Runs a script of command lines (one a line; `#` and `;` start comments).
    ///
    /// # Errors
    /// `name:line: text: message` for the first line that fails.
    pub fn run_script(&mut self, name: &str, text: &str) -> Result<(), String> {
        for (i, line) in text.lines().enumerate() {
            self.command(line)
                .map_err(|e| format!("{name}:{}: `{}`: {e}", i + 1, line.trim()))?;
            if self.quit {
                break;
            }
        }
        Ok(())
    }

    /// The title line's stop text: why the machine is stopped, or that it runs.
    pub fn state_text(&self) -> String {
        if self.running {
            return format!("running ({})", self.speed.name());
        }
        match &self.last_stop {
            Some(s) => format!("stopped: {}", describe_stop(s)),
            None => format!(
                "stopped; next line {}",
                addr_chars((self.session.machine.c + 1) & 1023)
            ),
        }
    }
}

/// Applies `script` to `dbg` without a terminal and returns the final screen as text
/// (`width` × `height` characters, trailing spaces trimmed), with the script's error, if
/// any, after it.
pub fn run_headless(
    dbg: &mut Debugger,
    name: &str,
    script: &str,
    width: u16,
    height: u16,
) -> (String, Result<(), String>) {
    dbg.interactive = false;
    let r = dbg.run_script(name, script);
    (view::screen_text(dbg, width, height), r)
}
