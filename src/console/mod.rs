//! The operator's command language: what a person at the Mark 1's console did, as text.
//! One implementation serves `mark1 console` (scripts, the interactive prompt and
//! commands piped on standard input) and the debugger's command line. The SimH-script
//! interpreter ([`crate::simh`]) sits on top of the same [`Session`] (its devices
//! [`Session::attach`], [`Session::detach`], [`Session::finish`], its keys
//! [`Session::schedule_kac`], its examine/deposit [`examine::Target`]).
//!
//! The modules: [`parser`] reads a command line into a [`Command`]; [`session`] obeys
//! it on a machine; [`examine`] reads and writes registers, store and drum lines in
//! period notation; [`devices`] keeps the files attached to the drum, reader, punch and
//! printer; [`help`] holds the one-line help of every command. docs/console.md has the
//! command table and a worked session.
//!
//! A `go` that spends its budget, a `go until` that ends otherwise, and an `expect` that
//! fails end a script with an error naming the script line.

pub mod devices;
pub mod examine;
pub mod help;
pub mod labels;
pub mod parser;
pub mod session;

pub use devices::{Device, Devices};
pub use examine::{Target, Value};
pub use labels::Labels;
pub use parser::{parse_command, parse_command_with, parse_h, parse_line_addr};
pub use session::{LastRun, Session, StopRecord};

use crate::machine::Stop;
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
    /// Press KAC after this many instructions (`after`) and hold it for this many
    /// (`hold`), both counted by the following runs (SimH's `set cpu kac`: 700 and 700).
    KacAfter {
        /// Instructions obeyed before the press.
        after: u64,
        /// Instructions obeyed while the key is held.
        hold: u64,
    },
    /// Set the hand switches.
    SetH(u32),
    /// Whether an attached drum is written back to its file (`set drum
    /// persistent|nopersistent`).
    SetDrumPersistent(bool),
    /// Set the /L (`'L'`) or /G (`'G'`) stop switch.
    Switch(char, bool),
    /// Printer on or off.
    Printer(bool),
    /// Punch on or off.
    Punch(bool),
    /// Read a drum image (not written back: the old `drum FILE`).
    Drum(String),
    /// Attach a file to a device.
    Attach {
        /// The device.
        device: Device,
        /// The file.
        file: String,
        /// Never write the file (a drum image only).
        read_only: bool,
        /// The file need not exist: a new, empty drum (a drum image only).
        new: bool,
        /// `-f`: the punch's or printer's file may exist and is replaced (refused
        /// otherwise).
        force: bool,
    },
    /// Detach a device (`None`: all), writing what it holds to its file.
    Detach(Option<Device>),
    /// Write what a device holds to a file now (the drum's image, the punched tape so far
    /// since the punch was attached or the session began, the printer's paper); the
    /// flag (`save -f`): an existing file is replaced (refused otherwise).
    Save(Device, String, bool),
    /// Write a coding-sheet LOAD file's half-tracks onto the drum.
    Load(String),
    /// Put a tape file in the reader (replacing what was left).
    Tape(String),
    /// Queue tape characters (5-bit codes).
    Feed(Vec<u8>),
    /// Run until the machine stops.
    Go,
    /// Run from this line until the machine stops (control set so that the next
    /// prepulse obeys the line).
    GoFrom(u32),
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
    /// Show the registers on one line.
    Print,
    /// Show what is asked (registers, counters, devices, the last run's host time).
    Show(ShowWhat),
    /// Show store, register or drum lines.
    Examine(Target),
    /// Set store, register or drum lines to a value.
    Deposit(Target, Value),
    /// The profiler: on, off, show, save, symbols (docs/profiler.md).
    Profile(ProfileCommand),
    /// The command list, or the help of one command.
    Help(Option<String>),
    /// End the session (the rest of a script is not read).
    Quit,
    /// Nothing (blank line or comment).
    Nothing,
}

/// What `profile` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProfileCommand {
    /// `profile on`: every run from now on obeyed one order at a time and counted, into
    /// a fresh profile.
    On,
    /// `profile off`: runs at full speed again; the counts are kept for `show` and `save`.
    Off,
    /// `profile show [N]`: the report, with the N dearest lines (20 if not given).
    Show(usize),
    /// `profile save [-f] FILE`: the report (JSON if FILE ends in `.json`) written to
    /// FILE; the flag (`-f`): an existing file is replaced (refused otherwise).
    Save(String, bool),
    /// `profile symbols FILE`: routine names from a symbol file (`track 12 = NAME`).
    Symbols(String),
}

/// What `show` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowWhat {
    /// Everything below.
    All,
    /// C, PI, A, L, M, D, the B-lines, H, the sign flip-flops, switches and keys.
    Registers,
    /// Instructions, beats, simulated seconds, magnetic transfers, hoots, characters.
    Counters,
    /// The attached files and the reader's tape.
    Devices,
    /// The host time and instructions per host second of the last run.
    Time,
    /// Breakpoints, watches and event breaks.
    Breaks,
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
    /// A line of a script is not UTF-8 text ([`Session::run_script_bytes`]).
    #[error("{file}:{line}: not UTF-8 text")]
    NotText {
        /// Script name.
        file: String,
        /// 1-based line.
        line: usize,
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
    /// The operator stopped a run (Ctrl-C at the prompt): where, in words. The machine
    /// is kept as it was; `go` goes on from there.
    #[error("{0}")]
    Interrupted(String),
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

/// `n` and the noun, plural unless `n` is 1: "1 instruction", "2 instructions".
pub fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The plural ending of a noun counted `n`: "" for 1, else "s".
pub fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_environment() {
        std::env::set_var("MARK1_TEST_DIR", "/x");
        assert_eq!(expand("$MARK1_TEST_DIR/a.drm").unwrap(), "/x/a.drm");
        assert_eq!(expand("${MARK1_TEST_DIR}b").unwrap(), "/xb");
        assert!(expand("$MARK1_NO_SUCH_VARIABLE_X").is_err());
    }

    #[test]
    fn counts_in_words() {
        assert_eq!(count(1, "instruction"), "1 instruction");
        assert_eq!(count(0, "beat"), "0 beats");
        assert_eq!(count(7, "beat"), "7 beats");
    }
}
