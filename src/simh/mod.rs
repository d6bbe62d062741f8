//! SimH Ferranti Mark I command files run on mark1: `mark1 simh SCRIPT.ini [ARG...]`.
//!
//! The people who run the period programs today use Roberto Sancho's SimH Ferranti Mark I,
//! and its shipped software comes with `.ini` command files. This module reads that
//! command language ([`parse`]) and obeys it on a console [`Session`], so that such a
//! script runs unchanged: the devices (`att`/`det` of `drum`, `ptr`, `ptp`, `lpt` and the
//! off-line `perforator`), the keys (`set cpu kec|kac`), examine and deposit, `go`, `go
//! until "TEXT"`, `step`, the script language (`do`, `call`/`return`, `goto` and labels,
//! `if`, `set env`, `%N` arguments, `%STATUS%`), `feedptr`, and the perforator's `typein`
//! and `appendtotape` ([`perforator`]). docs/compatibility.md lists the subset and where
//! mark1 differs.
//!
//! **Errors.** A command mark1 does not know, a line that cannot be read, a `goto` to a
//! missing label, a `go` that spends its beat budget, and a script that obeys more than
//! its command budget end the run with `FILE:LINE: ...` ([`SimhError`]). Any other
//! failure (a file that cannot be read, a bad character typed on the perforator, a
//! machine that stops before the text of `go until`) is reported with `FILE:LINE:`, sets
//! `%STATUS%` to 1, and the script goes on, as SimH's do: scripts test it with `if
//! "%STATUS%">"0" goto ...`. A command that succeeds sets `%STATUS%` to 0.

pub mod parse;
pub mod perforator;

use crate::console::examine::{parse_target, parse_value};
use crate::console::parser::feed_codes;
use crate::console::{Command, Device, ExecError, Session};
use crate::formats::input;
use parse::{parse_line, substitute, Cmd, Cond, CpuSet, Dev, Op, Typein};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Commands a run obeys at most unless told otherwise ([`Simh::max_commands`]): a
/// `goto` loop that never runs the machine still ends.
pub const DEFAULT_MAX_COMMANDS: u64 = 1_000_000;

/// How deep `do` files may nest (SimH's own limit is 10).
pub const MAX_DO_DEPTH: usize = 10;

/// Where a line of output goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// What the script shows, one line each: `echo`, `ex`, stops, the perforator's echo.
    Out,
    /// Failures and notes, each `FILE:LINE: ...`.
    Err,
    /// What the teleprinter printed since it was last shown, as printed (it need not
    /// end a line).
    Paper,
}

/// Why a script run ended before its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimhError {
    /// A line mark1 cannot obey (an unknown command, a line that cannot be read, a
    /// missing label, too deep `do`, the command budget spent).
    #[error("{file}:{line}: {message}")]
    Stop {
        /// The command file.
        file: String,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The command file itself cannot be read.
    #[error("cannot read the command file {file}: {message}")]
    Read {
        /// The command file.
        file: String,
        /// Why (the system's words).
        message: String,
    },
    /// A `go` (or `go until`, `step`) used its whole beat budget.
    #[error("{file}:{line}: {message}")]
    BeatLimit {
        /// The command file.
        file: String,
        /// 1-based line.
        line: usize,
        /// Where the machine is.
        message: String,
    },
}

/// What a line asks of the lines after it.
enum Flow {
    Next,
    Goto(String),
    Call(String, Vec<String>),
    Return,
    Quit,
}

/// How a command failed.
enum Fail {
    /// Reported; `%STATUS%` set; the script goes on.
    Soft(String),
    /// Ends the run.
    Hard(String),
    /// Ends the run: the beat budget.
    Beats(String),
}

impl From<String> for Fail {
    fn from(s: String) -> Fail {
        Fail::Soft(s)
    }
}

/// A SimH script interpreter on a console session.
pub struct Simh {
    /// The machine and its attached files.
    pub session: Session,
    /// `%STATUS%`: 0 after a command that succeeded, 1 after one that failed.
    pub status: u32,
    /// Commands that failed (and were reported) so far.
    pub failures: usize,
    /// Commands obeyed so far (every line read counts, comments included).
    pub commands: u64,
    /// The most commands a run obeys before it ends with an error.
    pub max_commands: u64,
    vars: BTreeMap<String, String>,
    perforator: Option<PathBuf>,
    perforator_echo: bool,
    warning_j: bool,
    shown: usize,
    depth: usize,
}

impl Simh {
    /// An interpreter on `session`; relative file names are resolved against the
    /// session's base folder.
    pub fn new(session: Session) -> Simh {
        let shown = session.machine.printer_text().len();
        Simh {
            session,
            status: 0,
            failures: 0,
            commands: 0,
            max_commands: DEFAULT_MAX_COMMANDS,
            vars: BTreeMap::new(),
            perforator: None,
            perforator_echo: true,
            warning_j: false,
            shown,
            depth: 0,
        }
    }

    /// Runs the command file `script` with arguments `args` (`%1` …; `%0` is the file).
    /// Output comes through `out` as it happens.
    ///
    /// # Errors
    /// [`SimhError`] when the run ended before the end of the script (see the module
    /// documentation); a file that cannot be read is one.
    pub fn run_file(
        &mut self,
        script: &Path,
        args: &[String],
        out: &mut dyn FnMut(Stream, &str),
    ) -> Result<(), SimhError> {
        let name = script.display().to_string();
        let text = input::read_text(script, input::SCRIPT).map_err(|e| SimhError::Read {
            file: name.clone(),
            message: e.reason(),
        })?;
        let mut all = vec![name.clone()];
        all.extend(args.iter().cloned());
        self.run_text(&name, &text, all, out).map(|_| ())
    }

    /// Runs the lines of one command file; `Ok(true)` when `quit` ended it.
    ///
    /// # Errors
    /// As [`Simh::run_file`].
    pub fn run_text(
        &mut self,
        name: &str,
        text: &str,
        mut args: Vec<String>,
        out: &mut dyn FnMut(Stream, &str),
    ) -> Result<bool, SimhError> {
        let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
        let mut labels = BTreeMap::new();
        for (i, l) in lines.iter().enumerate() {
            if let Some(label) = l.trim_start().strip_prefix(':') {
                labels.entry(label.trim().to_ascii_lowercase()).or_insert(i);
            }
        }
        let mut calls: Vec<(usize, Vec<String>)> = Vec::new();
        let mut pc = 0;
        while pc < lines.len() {
            let n = pc + 1;
            self.commands += 1;
            let stop = |message: String| SimhError::Stop {
                file: name.to_string(),
                line: n,
                message,
            };
            if self.commands > self.max_commands {
                return Err(stop(format!(
                    "the script obeyed {} commands, its budget (--max-commands)",
                    self.max_commands
                )));
            }
            let line = {
                let vars = &self.vars;
                let status = self.status;
                let var = move |v: &str| -> Option<String> {
                    if v.eq_ignore_ascii_case("STATUS") {
                        return Some(status.to_string());
                    }
                    vars.get(&v.to_ascii_lowercase())
                        .cloned()
                        .or_else(|| std::env::var(v).ok())
                };
                substitute(lines[pc], &args, &var)
            };
            pc += 1;
            let flow = match self.obey(&line, out) {
                Ok(f) => {
                    self.status = 0;
                    f
                }
                Err(Fail::Soft(m)) => {
                    self.status = 1;
                    self.failures += 1;
                    out(Stream::Err, &format!("{name}:{n}: {m}"));
                    Flow::Next
                }
                Err(Fail::Hard(m)) => return Err(stop(m)),
                Err(Fail::Beats(message)) => {
                    return Err(SimhError::BeatLimit {
                        file: name.to_string(),
                        line: n,
                        message,
                    })
                }
            };
            match flow {
                Flow::Next => {}
                Flow::Quit => return Ok(true),
                Flow::Goto(l) => {
                    pc = *labels
                        .get(&l)
                        .ok_or_else(|| stop(format!("goto: no label `:{l}` in this file")))?;
                }
                Flow::Call(l, a) => {
                    let to = *labels
                        .get(&l)
                        .ok_or_else(|| stop(format!("call: no label `:{l}` in this file")))?;
                    if calls.len() >= 100 {
                        return Err(stop("calls nested deeper than 100".into()));
                    }
                    let mut new_args = vec![args.first().cloned().unwrap_or_default()];
                    new_args.extend(a);
                    calls.push((pc, std::mem::replace(&mut args, new_args)));
                    pc = to;
                }
                Flow::Return => match calls.pop() {
                    Some((back, a)) => {
                        pc = back;
                        args = a;
                    }
                    None => return Ok(false),
                },
            }
        }
        Ok(false)
    }

    /// Shows the paper printed since it was last shown.
    fn show_paper(&mut self, out: &mut dyn FnMut(Stream, &str)) {
        let paper = self.session.machine.printer_text();
        if paper.len() > self.shown {
            out(Stream::Paper, &paper[self.shown..]);
            self.shown = paper.len();
        } else if paper.len() < self.shown {
            // KEC or a new paper: start again.
            self.shown = paper.len();
        }
    }

    /// The session's messages, unless quiet.
    fn show_messages(&mut self, quiet: bool, out: &mut dyn FnMut(Stream, &str)) {
        for m in self.session.messages.drain(..) {
            if !quiet {
                out(Stream::Out, &m);
            }
        }
    }

    /// Obeys a console command that runs the machine.
    fn run(
        &mut self,
        cmd: &Command,
        quiet: bool,
        out: &mut dyn FnMut(Stream, &str),
    ) -> Result<(), Fail> {
        let r = self.session.execute(cmd);
        self.show_paper(out);
        self.show_messages(quiet, out);
        match r {
            Ok(()) => Ok(()),
            Err(ExecError::BeatLimit(m)) => Err(Fail::Beats(m)),
            Err(ExecError::Interrupted(m)) => Err(Fail::Hard(m)),
            Err(ExecError::Message(m)) => Err(Fail::Soft(m)),
        }
    }

    /// A console command that does not run the machine.
    fn console(&mut self, cmd: &Command, out: &mut dyn FnMut(Stream, &str)) -> Result<(), Fail> {
        let r = self.session.execute(cmd);
        self.show_messages(false, out);
        r.map_err(|e| Fail::Soft(e.to_string()))
    }

    fn path(&self, f: &str) -> Result<PathBuf, Fail> {
        self.session.path(f).map_err(Fail::Soft)
    }

    /// Obeys one substituted line.
    fn obey(&mut self, line: &str, out: &mut dyn FnMut(Stream, &str)) -> Result<Flow, Fail> {
        let cmd = parse_line(line).map_err(Fail::Hard)?;
        match cmd {
            Cmd::Nothing | Cmd::Label(_) => {}
            Cmd::Echo(t) => out(Stream::Out, &t),
            Cmd::Ignored(note) | Cmd::SetCpu(CpuSet::Ignored(note)) => {
                out(Stream::Err, &format!("note: ignored {note}"));
            }
            Cmd::Attach(sw, dev, f) => self.attach(sw, dev, &f)?,
            Cmd::Detach(_, None) => {
                self.perforator = None;
                self.console(&Command::Detach(None), out)?;
            }
            Cmd::Detach(_, Some(Dev::Perforator)) => {
                if self.perforator.take().is_none() {
                    return Err(Fail::Soft("no file is attached to the perforator".into()));
                }
            }
            Cmd::Detach(_, Some(d)) => self.console(&Command::Detach(Some(device(d))), out)?,
            Cmd::SetDrum(on) => self.console(&Command::SetDrumPersistent(on), out)?,
            Cmd::SetCpu(CpuSet::Kec) => self.console(&Command::Kec, out)?,
            Cmd::SetCpu(CpuSet::Kac) => self.session.schedule_kac(700, 700),
            Cmd::SetCpu(CpuSet::Stop { g, l }) => {
                self.session.machine.console.stop_g = g;
                self.session.machine.console.stop_l = l;
            }
            Cmd::SetCpu(CpuSet::BrkHoot(on)) => self.session.machine.breaks.on_hoot = on,
            Cmd::SetWarningJ(j) => self.warning_j = j,
            Cmd::SetPerforatorEcho(on) => self.perforator_echo = on,
            Cmd::SetEnabled(Dev::Ptp, on) => self.console(&Command::Punch(on), out)?,
            Cmd::SetEnabled(_, on) => self.console(&Command::Printer(on), out)?,
            Cmd::SetEnv(name, value) => {
                let k = name.to_ascii_lowercase();
                if value.is_empty() {
                    self.vars.remove(&k);
                } else {
                    self.vars.insert(k, value);
                }
            }
            Cmd::Deposit(target, value) => {
                let words: Vec<&str> = target.iter().map(String::as_str).collect();
                let t = parse_target(&words)?;
                let v = parse_value(&value, t.width())?;
                self.console(&Command::Deposit(t, v), out)?;
            }
            Cmd::Examine(target) => {
                let words: Vec<&str> = target.iter().map(String::as_str).collect();
                let t = parse_target(&words)?;
                self.console(&Command::Examine(t), out)?;
            }
            Cmd::Go(quiet) => self.run(&Command::Go, quiet, out)?,
            Cmd::GoUntil(text) => self.go_until(&text, out)?,
            Cmd::Step(quiet, n) => self.run(&Command::Step(n), quiet, out)?,
            Cmd::Do(f, args) => return self.do_file(&f, args, out),
            Cmd::Call(l, a) => return Ok(Flow::Call(l, a)),
            Cmd::Return => return Ok(Flow::Return),
            Cmd::Goto(l) => return Ok(Flow::Goto(l)),
            Cmd::If(not, cond, then) => {
                if self.holds(&cond)? != not {
                    return self.obey(&then, out);
                }
            }
            Cmd::FeedPtr(None) => self.session.machine.load_tape(&[]),
            Cmd::FeedPtr(Some(text)) => {
                let typed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
                let codes = feed_codes(&typed).map_err(|e| format!("feedptr: {e}"))?;
                self.session.machine.feed_tape(&codes);
            }
            Cmd::Typein(quiet, t) => self.typein(quiet, &t, out)?,
            Cmd::AppendToTape(to, from) => {
                let (to, from) = (self.path(&to)?, self.path(&from)?);
                let bytes = input::read_limited(&from, input::TAPE).map_err(|e| e.to_string())?;
                append(&to, &perforator::append_text(&bytes))?;
            }
            Cmd::Load(f) => self.console(&Command::Load(f), out)?,
            Cmd::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Next)
    }

    fn attach(&mut self, sw: parse::Switches, dev: Dev, f: &str) -> Result<(), Fail> {
        let p = self.path(f)?;
        if dev == Dev::Perforator {
            if sw.new || !p.exists() {
                std::fs::write(&p, b"")
                    .map_err(|e| format!("cannot create {}: {e}", p.display()))?;
            }
            self.perforator = Some(p);
            return Ok(());
        }
        if sw.new && matches!(dev, Dev::Ptp | Dev::Lpt) {
            std::fs::write(&p, b"").map_err(|e| format!("cannot create {}: {e}", p.display()))?;
        }
        // A drum file without write permission is attached read-only, as SimH attaches a
        // unit whose file it cannot open for writing (never written back).
        let read_only = sw.read_only
            || (dev == Dev::Drum
                && std::fs::metadata(&p).is_ok_and(|m| m.permissions().readonly()));
        self.session
            // SimH's attach: the file is the device's whatever it held (SimH's own rule,
            // docs/compatibility.md), so an existing file is not refused here.
            .attach(device(dev), &p, read_only, sw.new, true)
            .map_err(Fail::Soft)
    }

    /// `go until "TEXT"`. The machine carries out an output order only at the next
    /// output order (two-stage output); SimH prints at once. When the machine stops with
    /// the text's last character still set up, the text counts as printed, as SimH would
    /// show it.
    fn go_until(&mut self, text: &str, out: &mut dyn FnMut(Stream, &str)) -> Result<(), Fail> {
        let from = self.session.machine.printer_text().len();
        match self.run(&Command::GoUntilText(text.to_string()), false, out) {
            Err(Fail::Soft(m)) => {
                let mut t = self.session.machine.teleprinter.clone();
                if let Some(o) = t.pending.take() {
                    t.carry_out(o);
                }
                let paper = t.paper();
                if paper.len() >= from && paper[from..].contains(text) {
                    Ok(())
                } else {
                    Err(Fail::Soft(m))
                }
            }
            r => r,
        }
    }

    fn do_file(
        &mut self,
        f: &str,
        args: Vec<String>,
        out: &mut dyn FnMut(Stream, &str),
    ) -> Result<Flow, Fail> {
        if self.depth >= MAX_DO_DEPTH {
            return Err(Fail::Hard(format!(
                "do files nested deeper than {MAX_DO_DEPTH}"
            )));
        }
        let p = self.path(f)?;
        let text = input::read_text(&p, input::SCRIPT).map_err(|e| e.to_string())?;
        let mut all = vec![f.to_string()];
        all.extend(args);
        self.depth += 1;
        let r = self.run_text(&p.display().to_string(), &text, all, out);
        self.depth -= 1;
        match r {
            Ok(true) => Ok(Flow::Quit),
            Ok(false) => Ok(Flow::Next),
            Err(SimhError::BeatLimit { message, .. }) => {
                Err(Fail::Beats(format!("in {f}: {message}")))
            }
            Err(e) => Err(Fail::Hard(format!("in {f}: {e}"))),
        }
    }

    fn holds(&self, cond: &Cond) -> Result<bool, Fail> {
        Ok(match cond {
            Cond::Exist(f) => self.path(f)?.exists(),
            Cond::Compare(a, op, b) => {
                let ord = match (a.trim().parse::<i64>(), b.trim().parse::<i64>()) {
                    (Ok(x), Ok(y)) => x.cmp(&y),
                    _ => a.cmp(b),
                };
                match op {
                    Op::Eq => ord.is_eq(),
                    Op::Ne => ord.is_ne(),
                    Op::Lt => ord.is_lt(),
                    Op::Le => ord.is_le(),
                    Op::Gt => ord.is_gt(),
                    Op::Ge => ord.is_ge(),
                }
            }
        })
    }

    /// `typein`: punches lines on the perforator's file.
    fn typein(
        &mut self,
        quiet: bool,
        t: &Typein,
        out: &mut dyn FnMut(Stream, &str),
    ) -> Result<(), Fail> {
        let Some(file) = self.perforator.clone() else {
            return Err(Fail::Soft(
                "no file is attached to the perforator (att perforator FILE)".into(),
            ));
        };
        let echo = self.perforator_echo && !quiet;
        // (what is punched, what is echoed)
        let mut lines: Vec<(String, String)> = Vec::new();
        let mut failed = None;
        let source = |f: &str| -> Result<String, Fail> {
            let p = self.path(f)?;
            input::read_text(&p, input::SOURCE).map_err(|e| Fail::Soft(e.to_string()))
        };
        match t {
            Typein::Line(text) => {
                if !text.is_empty() {
                    let p = perforator::punched(text);
                    lines.push((p.clone(), p));
                }
            }
            Typein::BautocodeLine(text) | Typein::GautocodeLine(text) => {
                let b = matches!(t, Typein::BautocodeLine(_));
                if !text.is_empty() {
                    let p = if b {
                        perforator::bautocode_line(text)?
                    } else {
                        perforator::gautocode_line(text)?
                    };
                    lines.push((p, text.clone()));
                }
            }
            Typein::BautocodeSource(f) | Typein::GautocodeSource(f) => {
                let b = matches!(t, Typein::BautocodeSource(_));
                let text = source(f)?;
                for (i, l) in text.split_inclusive('\n').enumerate() {
                    let r = if b {
                        perforator::bautocode_line(l)
                    } else {
                        perforator::gautocode_line(l)
                    };
                    match r {
                        Ok(p) => lines.push((p, l.trim_end_matches(['\r', '\n']).to_string())),
                        Err(e) => {
                            failed = Some(format!("{f} line {}: {e}", i + 1));
                            break;
                        }
                    }
                }
            }
            Typein::Routine { n, file: f, store } => {
                let text = source(f)?;
                let words =
                    perforator::routine_sheet(&text, *n).map_err(|e| format!("{f}: {e}"))?;
                let punched = if self.warning_j {
                    if *store != 4 {
                        return Err(Fail::Soft(
                            "with the warning character J a routine goes to S4 only".into(),
                        ));
                    }
                    perforator::routine_lines_j(&words)
                } else {
                    perforator::routine_lines_k(&words, *store)
                };
                lines.extend(punched.into_iter().map(|l| (l.clone(), l)));
            }
        }
        let mut bytes = Vec::new();
        for (p, e) in &lines {
            bytes.extend_from_slice(p.as_bytes());
            bytes.extend_from_slice(b"\r\n");
            if echo {
                out(Stream::Out, e);
            }
        }
        append(&file, &bytes)?;
        match failed {
            Some(m) => Err(Fail::Soft(m)),
            None => Ok(()),
        }
    }
}

/// The console's device for a SimH one (not the perforator).
fn device(d: Dev) -> Device {
    match d {
        Dev::Drum => Device::Drum,
        Dev::Ptr => Device::Reader,
        Dev::Ptp | Dev::Perforator => Device::Punch,
        Dev::Lpt => Device::Printer,
    }
}

/// Adds `bytes` at the end of `path` (created if missing).
fn append(path: &Path, bytes: &[u8]) -> Result<(), Fail> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(bytes))
        .map_err(|e| Fail::Soft(format!("cannot write {}: {e}", path.display())))
}
