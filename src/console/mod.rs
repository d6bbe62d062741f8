//! The operator's command language: what a person at the Mark 1's console did, as text.
//! One implementation serves `mark1 console` scripts and the debugger's command line.
//!
//! | command | effect |
//! |---|---|
//! | `kec`, `kcc` | press and release KEC (clear everything) or KCC (clear control) |
//! | `kac [BEATS]` | hold KAC for BEATS beats of machine time (default 833 ≈ 0.2 s), running the machine meanwhile, then release it |
//! | `set h VALUE` | hand switches: four teleprint characters (`NE@/`) or a decimal number |
//! | `switch L on\|off`, `switch G on\|off` | the /L and /G dummy-stop switches |
//! | `printer on\|off`, `punch on\|off` | the output selector switches |
//! | `drum FILE` | attach a drum image (`.drm`); `$VAR` and `${VAR}` are expanded |
//! | `load FILE` | write the half-tracks of a SimH coding-sheet LOAD file onto the drum |
//! | `tape FILE` | put a tape (`.pt.txt` or raw) in the reader; what was left of the previous tape is taken out |
//! | `feed TEXT` | splice characters onto what is left in the reader (spaces ignored; `.pt.txt` glyphs) |
//! | `go` | run until the machine stops |
//! | `go until "TEXT"` / `go until hoot` | run until the printer has printed TEXT / until a hoot |
//! | `step [N]` | obey N instructions (default 1), passing over breakpoints |
//! | `break LINE`, `unbreak LINE` | breakpoint on a line (two teleprint characters or decimal) |
//! | `break hoot\|print\|transfer`, `unbreak …` | stop after a hoot, a character carried out on the teleprinter, a magnetic transfer or check |
//! | `watch LINE` | stop after an instruction that changes store line LINE |
//! | `unbreak all` | remove every breakpoint, watch and event break |
//! | `kac hold`, `kac release` | press KAC and keep it held; release it |
//! | `expect "TEXT"` | the printer output since the last `expect` must contain TEXT |
//! | `limit BEATS` | the beat budget of each `go` (default 2 000 000 000) |
//! | `print` | show C, PI, A, D, the B-lines and the counters |
//! | `# …` or `; …` | comment |
//!
//! A `go` that spends its budget, a `go until` that ends otherwise, and an `expect` that
//! fails end a script with an error naming the script line.

use crate::formats::drm::read_drm;
use crate::machine::code::{addr_chars, line_chars, parse_addr, parse_line, to_chars};
use crate::machine::report::describe_stop;
use crate::machine::{Budget, Machine, Stop};
use nom::branch::alt;
use nom::bytes::complete::{escaped_transform, is_not, tag, take_while1};
use nom::character::complete::{char, space0, space1};
use nom::combinator::{all_consuming, map, opt, value};
use nom::multi::separated_list0;
use nom::sequence::delimited;
use nom::{IResult, Parser};
use std::path::{Path, PathBuf};

pub use crate::machine::KAC_DEFAULT_BEATS;
/// Default beat budget of one `go`.
pub const DEFAULT_LIMIT: u64 = 2_000_000_000;

/// One console command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// KEC.
    Kec,
    /// KCC.
    Kcc,
    /// Hold KAC for this many beats.
    Kac(u64),
    /// Set the hand switches.
    SetH(u32),
    /// Set the /L (`'L'`) or /G (`'G'`) stop switch.
    Switch(char, bool),
    /// Printer on or off.
    Printer(bool),
    /// Punch on or off.
    Punch(bool),
    /// Attach a drum image.
    Drum(String),
    /// Write a coding-sheet LOAD file's half-tracks onto the drum.
    Load(String),
    /// Put a tape file in the reader (replacing what was left).
    Tape(String),
    /// Queue tape characters (5-bit codes).
    Feed(Vec<u8>),
    /// Run until the machine stops.
    Go,
    /// Run until the printer has printed this text.
    GoUntilText(String),
    /// Run until a hoot.
    GoUntilHoot,
    /// Obey this many instructions.
    Step(u64),
    /// Set a breakpoint.
    Break(u32),
    /// Remove a breakpoint.
    Unbreak(u32),
    /// Set (`true`) or clear a break on an event.
    BreakOn(Event, bool),
    /// Watch a store line.
    Watch(u32),
    /// Remove every breakpoint, watch and event break.
    UnbreakAll,
    /// Press (`true`) and keep held, or release, KAC.
    KacHold(bool),
    /// The printer output since the last expect must contain this.
    Expect(String),
    /// Beat budget of each `go`.
    Limit(u64),
    /// Show the registers.
    Print,
    /// Nothing (blank line or comment).
    Nothing,
}

/// An event the machine can stop after (see [`crate::machine::Breaks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A hoot (`/V`).
    Hoot,
    /// An order carried out on the teleprinter.
    Print,
    /// A magnetic transfer or check.
    Transfer,
}

fn event(s: &str) -> Option<Event> {
    match s.to_ascii_lowercase().as_str() {
        "hoot" => Some(Event::Hoot),
        "print" => Some(Event::Print),
        "transfer" => Some(Event::Transfer),
        _ => None,
    }
}

/// An error in a console script or command.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConsoleError {
    /// A command could not be read.
    #[error("{file}:{line}: cannot read `{text}`: {message}")]
    Syntax {
        /// Script name.
        file: String,
        /// 1-based line.
        line: usize,
        /// The line.
        text: String,
        /// What is wrong.
        message: String,
    },
    /// A command failed (a file could not be loaded, a budget ran out, an expect failed).
    #[error("{file}:{line}: `{text}`: {error}")]
    Failed {
        /// Script name.
        file: String,
        /// 1-based line.
        line: usize,
        /// The line.
        text: String,
        /// What happened.
        error: ExecError,
    },
}

impl ConsoleError {
    /// Whether the script stopped because a `go` (or `go until`) used its whole beat
    /// budget before the machine stopped.
    pub fn is_beat_limit(&self) -> bool {
        matches!(
            self,
            ConsoleError::Failed {
                error: ExecError::BeatLimit(_),
                ..
            }
        )
    }
}

/// Why one console command failed ([`Session::execute`]); shown as its message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExecError {
    /// A `go`, `go until "TEXT"` or `go until hoot` used its whole beat budget (`limit`)
    /// before the machine stopped: what was awaited, in words.
    #[error("{0}")]
    BeatLimit(String),
    /// Any other failure (a file that cannot be read, a failed `expect`, a stop other
    /// than the one awaited), in words.
    #[error("{0}")]
    Message(String),
}

impl From<String> for ExecError {
    fn from(message: String) -> Self {
        ExecError::Message(message)
    }
}

impl ExecError {
    /// [`ExecError::BeatLimit`] if `stop` is the beat limit, else [`ExecError::Message`].
    fn after(stop: Stop, message: String) -> ExecError {
        if stop == Stop::BeatLimit {
            ExecError::BeatLimit(message)
        } else {
            ExecError::Message(message)
        }
    }
}

fn word(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| !c.is_whitespace() && c != '"')(i)
}

fn quoted(i: &str) -> IResult<&str, String> {
    delimited(
        char('"'),
        map(
            opt(escaped_transform(
                is_not("\\\""),
                '\\',
                alt((
                    value("\\", tag("\\")),
                    value("\"", tag("\"")),
                    value("\n", tag("n")),
                )),
            )),
            Option::unwrap_or_default,
        ),
        char('"'),
    )
    .parse(i)
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

fn onoff(s: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("expected on or off, found `{s}`")),
    }
}

fn number(s: &str) -> Result<u64, String> {
    s.replace('_', "")
        .parse()
        .map_err(|_| format!("expected a number, found `{s}`"))
}

/// Reads a hand-switch value: four teleprint characters (least significant first) or a
/// decimal number below 2^20.
pub fn parse_h(s: &str) -> Result<u32, String> {
    if let Some(v) = parse_line(s) {
        if !s.chars().all(|c| c.is_ascii_digit()) {
            return Ok(v);
        }
    }
    match s.parse::<u32>() {
        Ok(v) if v < 1 << 20 => Ok(v),
        _ => Err(format!(
            "`{s}` is neither four teleprint characters nor a number below 1048576"
        )),
    }
}

/// Reads a line address: two teleprint characters or a decimal number (0–1023).
pub fn parse_line_addr(s: &str) -> Result<u32, String> {
    if s.chars().all(|c| c.is_ascii_digit()) {
        match s.parse::<u32>() {
            Ok(v) if v < 1024 => return Ok(v),
            _ => return Err(format!("line `{s}` is not 0-1023")),
        }
    }
    parse_addr(s).ok_or_else(|| format!("`{s}` is not a line address"))
}

/// Parses one command line.
///
/// # Errors
/// A message saying what is wrong.
pub fn parse_command(line: &str) -> Result<Command, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
        return Ok(Command::Nothing);
    }
    let args = all_consuming(delimited(
        space0::<&str, nom::error::Error<&str>>,
        separated_list0(space1, alt((quoted, map(word, str::to_string)))),
        space0,
    ))
    .parse(line)
    .map(|(_, v)| v)
    .map_err(|_| "unbalanced quotes".to_string())?;
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let lower = a[0].to_ascii_lowercase();
    let n = a.len();
    let want = |k: usize| {
        if n == k {
            Ok(())
        } else {
            Err(format!("`{}` takes {} argument(s)", a[0], k - 1))
        }
    };
    Ok(match lower.as_str() {
        "kec" => want(1).map(|_| Command::Kec)?,
        "kcc" => want(1).map(|_| Command::Kcc)?,
        "kac" => match n {
            1 => Command::Kac(KAC_DEFAULT_BEATS),
            2 if a[1].eq_ignore_ascii_case("hold") => Command::KacHold(true),
            2 if a[1].eq_ignore_ascii_case("release") => Command::KacHold(false),
            2 => Command::Kac(number(a[1])?),
            _ => return Err("`kac` takes at most one argument (beats)".into()),
        },
        "set" => {
            want(3)?;
            if !a[1].eq_ignore_ascii_case("h") {
                return Err(format!("only `set h` exists, not `set {}`", a[1]));
            }
            Command::SetH(parse_h(a[2])?)
        }
        "switch" => {
            want(3)?;
            let s = match a[1].to_ascii_uppercase().as_str() {
                "L" | "/L" => 'L',
                "G" | "/G" => 'G',
                _ => return Err(format!("no stop switch `{}` (L or G)", a[1])),
            };
            Command::Switch(s, onoff(a[2])?)
        }
        "printer" => want(2).and_then(|_| onoff(a[1])).map(Command::Printer)?,
        "punch" => want(2).and_then(|_| onoff(a[1])).map(Command::Punch)?,
        "drum" => want(2).map(|_| Command::Drum(a[1].to_string()))?,
        "load" => want(2).map(|_| Command::Load(a[1].to_string()))?,
        "tape" => want(2).map(|_| Command::Tape(a[1].to_string()))?,
        "feed" => Command::Feed(feed_codes(&a[1..])?),
        "go" => go_command(&a, &args, line)?,
        "step" => match n {
            1 => Command::Step(1),
            2 => Command::Step(number(a[1])?),
            _ => return Err("`step` takes at most one argument".into()),
        },
        "break" | "unbreak" => want(2).and_then(|_| break_command(lower == "break", a[1]))?,
        "watch" => want(2)
            .and_then(|_| parse_line_addr(a[1]))
            .map(Command::Watch)?,
        "expect" => want(2).map(|_| Command::Expect(args[1].clone()))?,
        "limit" => want(2).and_then(|_| number(a[1])).map(Command::Limit)?,
        "print" => want(1).map(|_| Command::Print)?,
        _ => return Err(format!("unknown command `{}`", a[0])),
    })
}

/// The codes of `feed`'s characters (the words joined), each a tape character.
fn feed_codes(words: &[&str]) -> Result<Vec<u8>, String> {
    words
        .concat()
        .chars()
        .map(|c| {
            crate::formats::tape::pt_value(c)
                .ok_or_else(|| format!("`{c}` is not a tape character"))
        })
        .collect()
}

/// `go`, `go until "TEXT"` or `go until hoot` (`a` the words, `args` the same unquoted).
fn go_command(a: &[&str], args: &[String], line: &str) -> Result<Command, String> {
    match (a.len(), a.get(1).map(|s| s.to_ascii_lowercase())) {
        (1, _) => Ok(Command::Go),
        (3, Some(u)) if u == "until" => {
            if args[2].eq_ignore_ascii_case("hoot") && !line.contains('"') {
                Ok(Command::GoUntilHoot)
            } else {
                Ok(Command::GoUntilText(args[2].clone()))
            }
        }
        _ => Err("expected `go`, `go until \"TEXT\"` or `go until hoot`".into()),
    }
}

/// `break WHAT` (`on`) or `unbreak WHAT`: an event, a line, or (unbreak) `all`.
fn break_command(on: bool, what: &str) -> Result<Command, String> {
    Ok(if let Some(e) = event(what) {
        Command::BreakOn(e, on)
    } else if !on && what.eq_ignore_ascii_case("all") {
        Command::UnbreakAll
    } else if on {
        Command::Break(parse_line_addr(what)?)
    } else {
        Command::Unbreak(parse_line_addr(what)?)
    })
}

/// Expands `$VAR` and `${VAR}` from the environment; an unset variable is an error.
fn expand(path: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = path;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let (name, tail) = if let Some(b) = after.strip_prefix('{') {
            let j = b.find('}').ok_or("unclosed ${")?;
            (&b[..j], &b[j + 1..])
        } else {
            let j = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            (&after[..j], &after[j..])
        };
        let v =
            std::env::var(name).map_err(|_| format!("environment variable {name} is not set"))?;
        out.push_str(&v);
        rest = tail;
    }
    out.push_str(rest);
    Ok(out)
}

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
    /// Messages for the operator (`print`, stops); not printer output.
    pub messages: Vec<String>,
    expect_from: usize,
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
            expect_from: 0,
        }
    }

    fn path(&self, p: &str) -> Result<PathBuf, String> {
        let p = PathBuf::from(expand(p)?);
        Ok(if p.is_absolute() {
            p
        } else {
            self.base.join(p)
        })
    }

    /// Attaches a drum image file.
    ///
    /// # Errors
    /// The file cannot be read or is not a drum image (with the reason).
    pub fn attach_drum(&mut self, file: &Path) -> Result<(), String> {
        let bytes =
            std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let words = read_drm(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        self.machine.drum.load_words(&words);
        Ok(())
    }

    /// Puts a tape file (`.pt.txt` text, or raw one-row-per-byte) in the reader; what was
    /// left of the previous tape is taken out, as an operator would.
    ///
    /// # Errors
    /// The file cannot be read or is malformed (with the reason).
    pub fn load_tape_file(&mut self, file: &Path) -> Result<(), String> {
        let bytes =
            std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let rows = crate::formats::tape::read_any(&bytes)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        self.machine.load_tape(&rows);
        Ok(())
    }

    fn record(&mut self, stop: Stop) {
        let m = &self.machine;
        self.messages.push(format!(
            "stop: {} after {} instructions, {} beats",
            describe_stop(&stop),
            m.stats.instructions,
            m.stats.beats
        ));
        self.stops.push(StopRecord {
            stop,
            instructions: m.stats.instructions,
            beats: m.stats.beats,
        });
    }

    /// Runs until the machine stops, within the session's beat budget.
    pub fn go(&mut self) -> Stop {
        let s = self.machine.run(Budget::beats(self.limit));
        self.record(s);
        s
    }

    /// One prepulse (the `step` command's unit): obeys the next instruction even if its
    /// line holds a breakpoint, and records the stop if it stopped the machine.
    pub fn step_one(&mut self) -> Option<Stop> {
        let s = self.machine.step();
        if let Some(s) = s {
            self.record(s);
        }
        s
    }

    /// Obeys one command.
    ///
    /// # Errors
    /// What failed: [`ExecError::BeatLimit`] when a `go` used its whole beat budget,
    /// else [`ExecError::Message`].
    pub fn execute(&mut self, cmd: &Command) -> Result<(), ExecError> {
        let m = &mut self.machine;
        match cmd {
            Command::Nothing => {}
            Command::Kec => m.kec(),
            Command::Kcc => m.kcc(),
            Command::Kac(beats) => {
                m.set_kac(true);
                // The machine runs while the key is held. If it stops meanwhile it stays
                // stopped (the beat counter counts only the machine's own beats), and the
                // stop is reported.
                let s = m.run(Budget::beats(*beats));
                m.set_kac(false);
                if s != Stop::BeatLimit {
                    self.record(s);
                }
            }
            Command::SetH(h) => m.set_hand_switches(*h),
            Command::Switch('L', on) => m.console.stop_l = *on,
            Command::Switch(_, on) => m.console.stop_g = *on,
            Command::Printer(on) => m.teleprinter.printer_on = *on,
            Command::Punch(on) => m.teleprinter.punch_on = *on,
            Command::Drum(f) => {
                let p = self.path(f)?;
                self.attach_drum(&p)?;
            }
            Command::Load(f) => self.load_sheets(f)?,
            Command::Tape(f) => {
                let p = self.path(f)?;
                self.load_tape_file(&p)?;
            }
            Command::Feed(codes) => m.feed_tape(codes),
            Command::Go => {
                if self.go() == Stop::BeatLimit {
                    return Err(ExecError::BeatLimit(format!(
                        "the machine did not stop within {} beats (now at line {})",
                        self.limit,
                        addr_chars((self.machine.c + 1) & 1023)
                    )));
                }
            }
            Command::GoUntilText(text) => self.go_until_text(text)?,
            Command::GoUntilHoot => {
                m.breaks.on_hoot = true;
                let s = self.go();
                self.machine.breaks.on_hoot = false;
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
                for _ in 0..*n {
                    if self.step_one().is_some() {
                        break;
                    }
                }
            }
            Command::Break(l) => m.breaks.set_line(*l, true),
            Command::Unbreak(l) => m.breaks.set_line(*l, false),
            Command::BreakOn(e, on) => match e {
                Event::Hoot => m.breaks.on_hoot = *on,
                Event::Print => m.breaks.on_print = *on,
                Event::Transfer => m.breaks.on_transfer = *on,
            },
            Command::Watch(l) => m.breaks.watch(*l, &m.store),
            Command::UnbreakAll => m.breaks.clear(),
            Command::KacHold(held) => m.set_kac(*held),
            Command::Expect(text) => self.expect(text)?,
            Command::Limit(b) => self.limit = *b,
            Command::Print => {
                let s = self.registers();
                self.messages.push(s);
            }
        }
        Ok(())
    }

    /// `go until "TEXT"`: runs until the printer has printed `text` (within the session's
    /// beat budget); an error if the machine stops first.
    fn go_until_text(&mut self, text: &str) -> Result<(), ExecError> {
        let m = &mut self.machine;
        let from = m.printer_text().len();
        m.breaks.on_print = true;
        let spent = m.stats.beats;
        let result = loop {
            let left = self.limit.saturating_sub(self.machine.stats.beats - spent);
            let s = self.machine.run(Budget::beats(left));
            if self.machine.printer_text()[from..].contains(text) {
                break Ok(());
            }
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
        let text =
            std::fs::read_to_string(&p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
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

    /// Runs a whole script. `on_message` receives each operator message as it comes.
    ///
    /// # Errors
    /// The first command that cannot be read or fails, with `file:line`.
    pub fn run_script(
        &mut self,
        name: &str,
        text: &str,
        on_message: &mut dyn FnMut(&str),
    ) -> Result<(), ConsoleError> {
        for (i, line) in text.lines().enumerate() {
            let cmd = parse_command(line).map_err(|message| ConsoleError::Syntax {
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
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands() {
        assert_eq!(parse_command("kec"), Ok(Command::Kec));
        assert_eq!(parse_command("  KAC 100 "), Ok(Command::Kac(100)));
        assert_eq!(parse_command("kac"), Ok(Command::Kac(KAC_DEFAULT_BEATS)));
        assert_eq!(parse_command("set h NE@/"), Ok(Command::SetH(2092)));
        assert_eq!(parse_command("set h 2092"), Ok(Command::SetH(2092)));
        assert_eq!(parse_command("set h ////"), Ok(Command::SetH(0)));
        assert_eq!(parse_command("switch G on"), Ok(Command::Switch('G', true)));
        assert_eq!(
            parse_command("go until \"MATE\""),
            Ok(Command::GoUntilText("MATE".into()))
        );
        assert_eq!(parse_command("go until hoot"), Ok(Command::GoUntilHoot));
        assert_eq!(parse_command("break FS"), Ok(Command::Break(13 + 5 * 32)));
        assert_eq!(parse_command("break 41"), Ok(Command::Break(41)));
        assert_eq!(
            parse_command("feed K VS @"),
            Ok(Command::Feed(vec![15, 30, 5, 2]))
        );
        assert_eq!(parse_command("# a comment"), Ok(Command::Nothing));
        assert_eq!(
            parse_command("expect \"a \\\"b\\\"\""),
            Ok(Command::Expect("a \"b\"".into()))
        );
        assert_eq!(
            parse_command("break hoot"),
            Ok(Command::BreakOn(Event::Hoot, true))
        );
        assert_eq!(
            parse_command("unbreak PRINT"),
            Ok(Command::BreakOn(Event::Print, false))
        );
        assert_eq!(parse_command("unbreak all"), Ok(Command::UnbreakAll));
        assert_eq!(parse_command("watch VE"), Ok(Command::Watch(30 + 32)));
        assert_eq!(parse_command("kac hold"), Ok(Command::KacHold(true)));
        assert_eq!(parse_command("kac release"), Ok(Command::KacHold(false)));
        assert!(parse_command("break all").is_err());
        assert!(parse_command("set h NE@").is_err());
        assert!(parse_command("fly").is_err());
        assert!(parse_command("expect \"open").is_err());
        assert!(parse_command("switch X on").is_err());
    }

    #[test]
    fn expands_environment() {
        std::env::set_var("MARK1_TEST_DIR", "/x");
        assert_eq!(expand("$MARK1_TEST_DIR/a.drm").unwrap(), "/x/a.drm");
        assert_eq!(expand("${MARK1_TEST_DIR}b").unwrap(), "/xb");
        assert!(expand("$MARK1_NO_SUCH_VARIABLE_X").is_err());
    }
}
