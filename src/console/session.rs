//! A console session: a machine, the files attached to it, and an operator obeying
//! commands on it ([`Session::execute`]).

use super::devices::Devices;
use super::examine::Target;
use super::labels::Labels;
use super::DEFAULT_LIMIT;
use super::{
    count, expand, help, parse_command_with, Command, ConsoleError, Event, ExecError, ShowWhat,
};
use crate::machine::code::{addr_chars, line_chars, to_chars};
use crate::machine::report::describe_stop;
use crate::machine::{Budget, Machine, Stop};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Beats of one slice of a run, between two looks at the interrupt flag: 262 144 beats
/// (63 simulated seconds; a few milliseconds of host time).
const SLICE_BEATS: u64 = 1 << 18;

/// Instructions between two looks at the interrupt flag during `step N`.
const STEP_POLL: u64 = 4096;

/// A record of one stop during a session.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StopRecord {
    /// Why the machine stopped.
    pub stop: Stop,
    /// Instructions obeyed so far.
    pub instructions: u64,
    /// Beats so far.
    pub beats: u64,
}

/// What the last command that ran the machine (`go`, `go until`, `step`, `kac`) cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LastRun {
    /// Host seconds it took.
    pub host_seconds: f64,
    /// Instructions it obeyed.
    pub instructions: u64,
    /// Beats it took.
    pub beats: u64,
}

/// A press of KAC planned in instructions (`kac after N hold M`): pressed when the
/// instruction counter reaches `press_at`, released at `release_at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct KacPlan {
    press_at: u64,
    release_at: u64,
    pressed: bool,
}

/// A console session: a machine and an operator working it.
pub struct Session {
    /// The machine.
    pub machine: Machine,
    /// Beat budget of each `go`.
    pub limit: u64,
    /// Directory against which relative file names are resolved.
    pub base: PathBuf,
    /// Every stop that ended a `go` (or `kac`), in order.
    pub stops: Vec<StopRecord>,
    /// Messages for the operator (`print`, `examine`, `show`, stops); not printer output.
    pub messages: Vec<String>,
    /// The files attached to the devices.
    pub devices: Devices,
    /// Whether `attach drum` attaches persistent (`set drum persistent|nopersistent`;
    /// true unless set).
    pub drum_persistent: bool,
    /// Set (by a Ctrl-C handler, say) to stop a run: runs look at it between slices of
    /// 262 144 beats and end with [`ExecError::Interrupted`], the machine kept as it is.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// The cost of the last command that ran the machine.
    pub last_run: Option<LastRun>,
    /// Set by `quit`.
    pub quit: bool,
    kac_plan: Option<KacPlan>,
    expect_from: usize,
    /// Routine names for `profile show` and `profile save` (`profile symbols FILE`, or
    /// the labels of the program the session was started with).
    pub profile_symbols: crate::profile::Symbols,
    /// The counts kept by `profile off`.
    profile_kept: Option<Box<crate::profile::Profile>>,
    /// The labels of the loaded source: commands that take a line address take them
    /// too ([`Session::parse`]); empty when the program was not loaded from source.
    pub labels: Labels,
}

impl Session {
    /// A session on `machine`, resolving relative paths against `base`.
    pub fn new(machine: Machine, base: impl Into<PathBuf>) -> Session {
        Session {
            machine,
            limit: DEFAULT_LIMIT,
            base: base.into(),
            stops: Vec::new(),
            messages: Vec::new(),
            devices: Devices::default(),
            drum_persistent: true,
            interrupt: None,
            last_run: None,
            quit: false,
            kac_plan: None,
            expect_from: 0,
            profile_symbols: crate::profile::Symbols::default(),
            profile_kept: None,
            labels: Labels::default(),
        }
    }

    /// Reads one command line with the session's [`Session::labels`].
    ///
    /// # Errors
    /// A message saying what is wrong.
    pub fn parse(&self, line: &str) -> Result<Command, String> {
        parse_command_with(line, &self.labels)
    }

    /// A file name of a command resolved: `$VAR` expanded, relative to [`Session::base`].
    ///
    /// # Errors
    /// An environment variable that is not set.
    pub fn path(&self, p: &str) -> Result<PathBuf, String> {
        let p = PathBuf::from(expand(p)?);
        Ok(if p.is_absolute() {
            p
        } else {
            self.base.join(p)
        })
    }

    fn record(&mut self, stop: Stop) {
        let m = &self.machine;
        self.messages.push(format!(
            "stop: {} after {}, {}",
            describe_stop(&stop),
            count(m.stats.instructions, "instruction"),
            count(m.stats.beats, "beat")
        ));
        self.stops.push(StopRecord {
            stop,
            instructions: m.stats.instructions,
            beats: m.stats.beats,
        });
    }

    fn interrupted(&self) -> bool {
        self.interrupt
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// The error of a run the operator stopped, with where the machine is.
    fn interruption(&mut self) -> ExecError {
        let m = &self.machine;
        let msg = format!(
            "stopped by the operator before line {} after {}, {}; `go` goes on from there",
            addr_chars((m.c + 1) & 1023),
            count(m.stats.instructions, "instruction"),
            count(m.stats.beats, "beat")
        );
        ExecError::Interrupted(msg)
    }

    /// Presses or releases KAC as a `kac after N hold M` plan says at the present
    /// instruction count; the instructions until its next press or release, if any.
    fn apply_kac_plan(&mut self) -> Option<u64> {
        let mut p = self.kac_plan?;
        let now = self.machine.stats.instructions;
        if !p.pressed && now >= p.press_at {
            self.machine.set_kac(true);
            p.pressed = true;
        }
        if p.pressed && now >= p.release_at {
            self.machine.set_kac(false);
            self.kac_plan = None;
            return None;
        }
        self.kac_plan = Some(p);
        Some(if p.pressed { p.release_at } else { p.press_at } - now)
    }

    /// Runs the machine for at most `beats` beats, exactly as one
    /// [`Machine::run`] would (a breakpoint on the first line obeyed is passed over), but
    /// in slices: between slices it looks at [`Session::interrupt`] and presses or
    /// releases KAC as a `kac after N hold M` plan says. Returns why the machine stopped
    /// ([`Stop::BeatLimit`] when the beats are spent).
    ///
    /// # Errors
    /// [`ExecError::Interrupted`] when the interrupt flag was set.
    pub fn run_beats(&mut self, beats: u64) -> Result<Stop, ExecError> {
        let start = self.machine.stats.beats;
        let mut first = true;
        loop {
            let spent = self.machine.stats.beats - start;
            if spent >= beats {
                return Ok(Stop::BeatLimit);
            }
            let m = &self.machine;
            let next = (m.c + 1) & 1023;
            if !first && !m.console.kcc_held && m.breaks.has_line(next) {
                // What one long run would have stopped at.
                return Ok(Stop::Breakpoint { line: next });
            }
            first = false;
            if self.interrupted() {
                return Err(self.interruption());
            }
            let budget = Budget {
                beats: (beats - spent).min(SLICE_BEATS),
                instructions: self.apply_kac_plan().unwrap_or(u64::MAX),
            };
            match self.machine.run(budget) {
                Stop::BeatLimit | Stop::InstructionLimit => {}
                s => return Ok(s),
            }
        }
    }

    /// Runs until the machine stops, within the session's beat budget; records the stop.
    ///
    /// # Errors
    /// [`ExecError::Interrupted`] when the operator stopped it.
    pub fn go(&mut self) -> Result<Stop, ExecError> {
        let s = self.run_beats(self.limit)?;
        self.record(s);
        Ok(s)
    }

    /// One prepulse (the `step` command's unit): obeys the next instruction even if its
    /// line holds a breakpoint, and records the stop if it stopped the machine.
    pub fn step_one(&mut self) -> Option<Stop> {
        self.apply_kac_plan();
        let s = self.machine.step();
        if let Some(s) = s {
            self.record(s);
        }
        s
    }

    /// Obeys one command. After a command that ran the machine, [`Session::last_run`]
    /// holds its cost and the punch's and printer's files are brought up to date.
    ///
    /// # Errors
    /// What failed: [`ExecError::BeatLimit`] when a `go` used its whole beat budget,
    /// [`ExecError::Interrupted`] when the operator stopped a run, else
    /// [`ExecError::Message`].
    pub fn execute(&mut self, cmd: &Command) -> Result<(), ExecError> {
        let runs = matches!(
            cmd,
            Command::Go
                | Command::GoFrom(_)
                | Command::GoUntilText(_)
                | Command::GoUntilHoot
                | Command::Step(_)
                | Command::Kac(_)
        );
        if !runs {
            return self.execute_other(cmd);
        }
        let (t0, i0, b0) = (
            Instant::now(),
            self.machine.stats.instructions,
            self.machine.stats.beats,
        );
        let r = self.execute_run(cmd);
        self.last_run = Some(LastRun {
            host_seconds: t0.elapsed().as_secs_f64(),
            instructions: self.machine.stats.instructions - i0,
            beats: self.machine.stats.beats - b0,
        });
        let flushed = self.flush_outputs();
        r?;
        flushed.map_err(ExecError::Message)
    }

    /// The commands that run the machine.
    fn execute_run(&mut self, cmd: &Command) -> Result<(), ExecError> {
        match cmd {
            Command::Kac(beats) => {
                self.kac_plan = None;
                self.machine.set_kac(true);
                // The machine runs while the key is held. If it stops meanwhile it stays
                // stopped (the beat counter counts only the machine's own beats), and the
                // stop is reported.
                let s = self.run_beats(*beats);
                self.machine.set_kac(false);
                let s = s?;
                if s != Stop::BeatLimit {
                    self.record(s);
                }
            }
            Command::Go | Command::GoFrom(_) => {
                if let Command::GoFrom(line) = cmd {
                    // C holds the line last obeyed: the next prepulse obeys C + 1.
                    self.machine.c = line.wrapping_sub(1) & 1023;
                }
                if self.go()? == Stop::BeatLimit {
                    return Err(ExecError::BeatLimit(format!(
                        "the machine did not stop within {} (now at line {})",
                        count(self.limit, "beat"),
                        addr_chars((self.machine.c + 1) & 1023)
                    )));
                }
            }
            Command::GoUntilText(text) => self.go_until_text(text)?,
            Command::GoUntilHoot => {
                self.machine.breaks.on_hoot = true;
                let s = self.go();
                self.machine.breaks.on_hoot = false;
                let s = s?;
                if !matches!(s, Stop::Hoot { .. } | Stop::HootStop { .. }) {
                    return Err(ExecError::after(
                        s,
                        format!(
                            "the machine stopped ({}) without hooting",
                            describe_stop(&s)
                        ),
                    ));
                }
            }
            Command::Step(n) => {
                for i in 0..*n {
                    if i % STEP_POLL == STEP_POLL - 1 && self.interrupted() {
                        return Err(self.interruption());
                    }
                    if self.step_one().is_some() {
                        break;
                    }
                }
            }
            _ => return self.execute_other(cmd),
        }
        Ok(())
    }

    /// The commands that do not run the machine.
    fn execute_other(&mut self, cmd: &Command) -> Result<(), ExecError> {
        let m = &mut self.machine;
        match cmd {
            Command::Nothing => {}
            Command::Kec => m.kec(),
            Command::Kcc => m.kcc(),
            Command::KacAfter { after, hold } => self.schedule_kac(*after, *hold),
            Command::SetH(h) => m.set_hand_switches(*h),
            Command::SetDrumPersistent(on) => self.set_drum_persistent(*on)?,
            Command::Switch('L', on) => m.console.stop_l = *on,
            Command::Switch(_, on) => m.console.stop_g = *on,
            Command::Printer(on) => m.teleprinter.printer_on = *on,
            Command::Punch(on) => m.teleprinter.punch_on = *on,
            Command::Drum(f) => {
                let p = self.path(f)?;
                self.attach_drum_file(&p, false, false, false)?;
            }
            Command::Attach {
                device,
                file,
                read_only,
                new,
                force,
            } => {
                let p = self.path(file)?;
                self.attach(*device, &p, *read_only, *new, *force)?;
            }
            Command::Detach(None) => self.finish()?,
            Command::Detach(Some(d)) => self.detach(*d)?,
            Command::Save(d, f, force) => {
                let p = self.path(f)?;
                self.save(*d, &p, *force)?;
            }
            Command::Load(f) => self.load_sheets(f)?,
            Command::Tape(f) => {
                let p = self.path(f)?;
                self.attach(super::Device::Reader, &p, false, false, false)?;
            }
            Command::Feed(codes) => m.feed_tape(codes),
            Command::Break(l) => m.breaks.set_line(*l, true),
            Command::Unbreak(l) => m.breaks.set_line(*l, false),
            Command::BreakOn(e, on) => match e {
                Event::Hoot => m.breaks.on_hoot = *on,
                Event::Print => m.breaks.on_print = *on,
                Event::Transfer => m.breaks.on_transfer = *on,
            },
            Command::Watch(l) => m.breaks.watch(*l, &m.store),
            Command::UnbreakAll => m.breaks.clear(),
            Command::KacHold(held) => {
                self.kac_plan = None;
                m.set_kac(*held);
            }
            Command::Expect(text) => self.expect(text)?,
            Command::Limit(b) => self.limit = *b,
            Command::Print => {
                let s = self.registers();
                self.messages.push(s);
            }
            Command::Profile(c) => self.profile_command(c)?,
            Command::Show(what) => {
                let lines = self.show(*what);
                self.messages.extend(lines);
            }
            Command::Examine(t) => {
                let lines = t.show_labelled(&self.machine, &self.labels);
                self.messages.extend(lines);
            }
            Command::Deposit(t, v) => t.deposit(&mut self.machine, *v),
            Command::Help(None) => self.messages.extend(help::list()),
            Command::Help(Some(w)) => self.messages.extend(help::one(w)?),
            Command::Quit => self.quit = true,
            Command::Go
            | Command::GoFrom(_)
            | Command::GoUntilText(_)
            | Command::GoUntilHoot
            | Command::Step(_)
            | Command::Kac(_) => return self.execute_run(cmd),
        }
        Ok(())
    }

    /// Plans a press of KAC as SimH's `set cpu kac` makes one: after `after` more
    /// instructions the key is pressed, and it is released `hold` instructions later,
    /// both counted by the runs that follow (`go`, `step`, `go until`). A plan replaces
    /// the one before; `kac`, `kac hold` and `kac release` cancel it.
    pub fn schedule_kac(&mut self, after: u64, hold: u64) {
        let now = self.machine.stats.instructions;
        let press_at = now.saturating_add(after);
        self.kac_plan = Some(KacPlan {
            press_at,
            release_at: press_at.saturating_add(hold),
            pressed: false,
        });
    }

    /// `go until "TEXT"`: runs until the printer has printed `text` (within the session's
    /// beat budget); an error if the machine stops first. It stops at the output order
    /// that carries out the last character of `text`, which, output being two-stage
    /// (Prinz §26), is the output order after the one that set it up.
    fn go_until_text(&mut self, text: &str) -> Result<(), ExecError> {
        let from = self.machine.printer_text().len();
        self.machine.breaks.on_print = true;
        let spent = self.machine.stats.beats;
        // Where the next search starts: a match not found yet ends in what is printed
        // next, so it starts at most `text.len() - 1` bytes before the paper's end.
        let mut scan = from;
        let result = loop {
            let left = self.limit.saturating_sub(self.machine.stats.beats - spent);
            let s = match self.run_beats(left) {
                Ok(s) => s,
                Err(e) => break Err(e),
            };
            let paper = self.machine.printer_text();
            if paper[scan..].contains(text) {
                break Ok(());
            }
            scan = paper.len().saturating_sub(text.len().saturating_sub(1));
            while !paper.is_char_boundary(scan) {
                scan -= 1;
            }
            scan = scan.max(from);
            if !matches!(s, Stop::Printed { .. }) {
                self.record(s);
                break Err(ExecError::after(
                    s,
                    format!(
                        "the machine stopped ({}) before printing `{}`",
                        describe_stop(&s),
                        script_text(text)
                    ),
                ));
            }
        };
        self.machine.breaks.on_print = false;
        result
    }

    /// `load FILE`: SimH coding-sheet LOAD lines written onto the drum.
    fn load_sheets(&mut self, f: &str) -> Result<(), String> {
        let p = self.path(f)?;
        let text = crate::formats::input::read_text(&p, crate::formats::input::LOAD_SHEETS)
            .map_err(|e| e.to_string())?;
        let sheets =
            crate::formats::load::read_load(&text).map_err(|e| format!("{}: {e}", p.display()))?;
        for (&(t, h), ht) in &sheets {
            self.machine
                .drum
                .set_half_track(u32::from(t), u32::from(h), ht);
        }
        Ok(())
    }

    /// `expect "TEXT"`: the printer has printed `text` since the last expectation met.
    fn expect(&mut self, text: &str) -> Result<(), String> {
        let printed = self.machine.printer_text();
        let paper = &printed[self.expect_from.min(printed.len())..];
        match paper.find(text) {
            Some(i) => {
                self.expect_from += i + text.len();
                Ok(())
            }
            None => Err(format!(
                "expected `{}` in the printer output; {}",
                script_text(text),
                paper_lines(paper)
            )),
        }
    }

    /// C, PI, A, D, the B-lines, the flip-flops and the counters, in period notation.
    pub fn registers(&self) -> String {
        let m = &self.machine;
        let b: Vec<String> = m.b.iter().map(|&w| line_chars(w)).collect();
        format!(
            "C {} PI {}  A {} {}  D {}{}  B {}  A-sign {} B-sign {}  instructions {} beats {}",
            addr_chars(m.c),
            line_chars(m.pi),
            to_chars(u128::from(m.l()), 8),
            to_chars(u128::from(m.m()), 8),
            to_chars(u128::from(m.d), 8),
            if m.d_signed { "±" } else { "+" },
            b.join(" "),
            u8::from(m.a_sign()),
            u8::from(m.b_sign),
            m.stats.instructions,
            m.stats.beats
        )
    }

    /// `profile on|off|show|save|symbols` (docs/profiler.md).
    fn profile_command(&mut self, c: &super::ProfileCommand) -> Result<(), ExecError> {
        use super::ProfileCommand as P;
        let current = |s: &Session| -> Result<crate::profile::Profile, ExecError> {
            s.machine
                .profile
                .as_deref()
                .or(s.profile_kept.as_deref())
                .cloned()
                .ok_or_else(|| ExecError::Message("no profile: `profile on` first".into()))
        };
        match c {
            P::On => {
                self.machine.profile = Some(Box::default());
                self.profile_kept = None;
                self.messages
                    .push("profiling every run from now on (one order at a time)".into());
            }
            P::Off => {
                if let Some(p) = self.machine.profile.take() {
                    self.profile_kept = Some(p);
                }
                self.messages
                    .push("profiling off; `profile show` shows the counts".into());
            }
            P::Show(n) => {
                let p = current(self)?;
                let text = p.text(&self.profile_symbols, *n);
                self.messages.extend(text.lines().map(str::to_string));
            }
            P::Save(f, force) => {
                let p = current(self)?;
                let path = self.path(f)?;
                p.save(&path, &self.profile_symbols, *force)
                    .map_err(|e| ExecError::Message(e.to_string()))?;
            }
            P::Symbols(f) => {
                let path = self.path(f)?;
                let text = crate::formats::input::read_text(&path, crate::formats::input::SYMBOLS)
                    .map_err(|e| ExecError::Message(e.to_string()))?;
                self.profile_symbols =
                    crate::profile::Symbols::parse(&text, &path.display().to_string())
                        .map_err(|e| ExecError::Message(e.to_string()))?;
            }
        }
        Ok(())
    }

    /// What `show` shows, one line an entry.
    pub fn show(&self, what: ShowWhat) -> Vec<String> {
        match what {
            ShowWhat::All => [
                ShowWhat::Registers,
                ShowWhat::Counters,
                ShowWhat::Devices,
                ShowWhat::Time,
                ShowWhat::Breaks,
            ]
            .iter()
            .flat_map(|&w| self.show(w))
            .collect(),
            ShowWhat::Registers => self.show_registers(),
            ShowWhat::Counters => vec![self.show_counters()],
            ShowWhat::Devices => self.show_devices(),
            ShowWhat::Time => vec![self.show_time()],
            ShowWhat::Breaks => vec![self.show_breaks()],
        }
    }

    fn show_registers(&self) -> Vec<String> {
        use super::examine::Register;
        let m = &self.machine;
        let mut out: Vec<String> = [Register::C, Register::Pi, Register::A]
            .into_iter()
            .chain([Register::L, Register::M, Register::D])
            .chain((0..8).map(Register::B))
            .chain([Register::H])
            .flat_map(|r| Target::Register(r).show(m))
            .collect();
        let yes = |b: bool| if b { "yes" } else { "no" };
        let onoff = |b: bool| if b { "on" } else { "off" };
        out.push(format!(
            "A-sign {}  B-sign {}  D loaded {}  /L switch {}  /G switch {}  KAC held {}  KCC held {}",
            u8::from(m.a_sign()),
            u8::from(m.b_sign),
            if m.d_signed { "signed" } else { "unsigned" },
            onoff(m.console.stop_l),
            onoff(m.console.stop_g),
            yes(m.console.kac_held),
            yes(m.console.kcc_held),
        ));
        if let Some(p) = self.kac_plan {
            let now = m.stats.instructions;
            out.push(if p.pressed {
                let n = p.release_at - now;
                format!(
                    "KAC planned: held, released after {n} more instruction{}",
                    super::plural(n)
                )
            } else {
                let n = p.press_at - now;
                format!(
                    "KAC planned: pressed after {n} more instruction{}, held for {}",
                    super::plural(n),
                    p.release_at - p.press_at
                )
            });
        }
        out
    }

    fn show_counters(&self) -> String {
        use crate::machine::report::grouped;
        let m = &self.machine;
        let s = &m.stats;
        format!(
            "instructions {}  beats {}  simulated time {:.3} s  magnetic transfers {} (and {} checks)  hoots {}  characters read {}  output orders {}",
            grouped(s.instructions),
            grouped(s.beats),
            m.simulated_seconds(),
            grouped(s.transfers),
            grouped(s.checks),
            grouped(m.hooter.count),
            grouped(s.chars_in),
            grouped(s.chars_out),
        )
    }

    fn show_time(&self) -> String {
        use crate::machine::report::grouped;
        match self.last_run {
            None => "last run: none yet".into(),
            Some(r) => {
                let per = if r.host_seconds > 0.0 {
                    format!(
                        "{} instructions per host second",
                        grouped((r.instructions as f64 / r.host_seconds) as u64)
                    )
                } else {
                    "too short to time".into()
                };
                format!(
                    "last run: {} instruction{}, {} beat{} ({:.3} simulated s) in {:.3} host s: {per}",
                    grouped(r.instructions),
                    super::plural(r.instructions),
                    grouped(r.beats),
                    super::plural(r.beats),
                    crate::machine::timing::beats_to_seconds(r.beats),
                    r.host_seconds,
                )
            }
        }
    }

    fn show_breaks(&self) -> String {
        let b = &self.machine.breaks;
        let lines: Vec<String> = b
            .lines()
            .iter()
            .map(|&l| match self.labels.describe(l) {
                Some(name) => format!("{} ({name})", addr_chars(l)),
                None => addr_chars(l),
            })
            .collect();
        let mut events = Vec::new();
        for (on, name) in [
            (b.on_hoot, "hoot"),
            (b.on_print, "print"),
            (b.on_transfer, "transfer"),
        ] {
            if on {
                events.push(name);
            }
        }
        format!(
            "breakpoints: {}  event breaks: {}",
            if lines.is_empty() {
                "none".to_string()
            } else {
                lines.join(" ")
            },
            if events.is_empty() {
                "none".to_string()
            } else {
                events.join(" ")
            }
        )
    }

    /// Runs a whole script. `on_message` receives each operator message as it comes.
    /// `quit` ends it. The attached files are not written back here: call
    /// [`Session::finish`] after it (dropping the session does too).
    ///
    /// # Errors
    /// The first command that cannot be read or fails, with `file:line`.
    pub fn run_script(
        &mut self,
        name: &str,
        text: &str,
        on_message: &mut dyn FnMut(&str),
    ) -> Result<(), ConsoleError> {
        self.run_script_bytes(name, text.as_bytes(), on_message)
    }

    /// Runs a whole script read as bytes (a file as it is on disk), as
    /// [`Session::run_script`] does: its lines split at `\n` (a `\r` before it dropped),
    /// each checked to be UTF-8 when its turn comes, so that the lines before a line
    /// that is not text are obeyed and the script stops there, as at any bad command.
    ///
    /// # Errors
    /// As [`Session::run_script`]; [`ConsoleError::NotText`] for a line that is not
    /// UTF-8.
    pub fn run_script_bytes(
        &mut self,
        name: &str,
        bytes: &[u8],
        on_message: &mut dyn FnMut(&str),
    ) -> Result<(), ConsoleError> {
        for (i, raw) in script_lines(bytes).enumerate() {
            let line = std::str::from_utf8(raw).map_err(|_| ConsoleError::NotText {
                file: name.to_string(),
                line: i + 1,
            })?;
            let cmd = self.parse(line).map_err(|message| ConsoleError::Syntax {
                file: name.to_string(),
                line: i + 1,
                text: line.trim().to_string(),
                message,
            })?;
            let r = self.execute(&cmd);
            for msg in self.messages.drain(..) {
                on_message(&msg);
            }
            r.map_err(|error| ConsoleError::Failed {
                file: name.to_string(),
                line: i + 1,
                text: line.trim().to_string(),
                error,
            })?;
            if self.quit {
                break;
            }
        }
        Ok(())
    }
}

impl Drop for Session {
    /// Writes the attached files back, as at the end of a session, if
    /// [`Session::finish`] was not called; a failure is reported on standard error.
    fn drop(&mut self) {
        if let Err(e) = self.finish() {
            eprintln!("{e}");
        }
    }
}

/// The lines of a script's bytes, as `str::lines` splits text: at `\n`, a `\r` before
/// it dropped, no empty line after a last `\n`.
pub fn script_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let empty = bytes.is_empty();
    body.split(|&b| b == b'\n')
        .filter(move |_| !empty)
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
}

/// Text as a script writes it between quotes: `\\`, `\"` and `\n` escaped, for
/// messages that quote a script's `expect` or `go until` text.
fn script_text(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// What the printer printed, for a message: the paper's lines, each indented four
/// spaces, after "it printed:", or "it printed nothing".
fn paper_lines(paper: &str) -> String {
    if paper.is_empty() {
        return "it printed nothing".to_string();
    }
    let mut s = "it printed:".to_string();
    for line in paper.lines() {
        s.push_str("\n    ");
        s.push_str(line.trim_end_matches('\r'));
    }
    s
}
