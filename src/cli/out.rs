//! Where the commands write: standard output through [`stdout`], whose errors say so
//! (a full disk is an error message and exit status 1, never a panic), and the user's
//! files through [`check_outputs`] before the work and [`write_file`] after it
//! ([`mark1::formats::output`]: atomic, never clobbered without `--force`).

use anyhow::Result;
use mark1::formats::output::{self, Overwrite};
use std::io::Write;
use std::path::Path;

/// Standard output for a command's results: a locked stdout whose write errors read
/// "cannot write to standard output: REASON". (A closed pipe ends mark1 quietly before
/// any error: SIGPIPE has its default disposition, set in main.)
pub struct Out(std::io::StdoutLock<'static>);

/// A write error of standard output, in words.
#[derive(Debug, thiserror::Error)]
#[error("cannot write to standard output: {0}")]
pub struct StdoutError(std::io::Error);

fn tagged(e: std::io::Error) -> std::io::Error {
    if e.get_ref().is_some_and(|r| r.is::<StdoutError>()) {
        return e;
    }
    std::io::Error::new(e.kind(), StdoutError(e))
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).map_err(tagged)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(tagged)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.0.write_all(buf).map_err(tagged)
    }
}

/// Standard output, locked, for `write!`/`writeln!` with `?`.
pub fn stdout() -> Out {
    Out(std::io::stdout().lock())
}

/// Flushes standard output at the end of a command (what is left after the last newline).
///
/// # Errors
/// "cannot write to standard output: REASON".
pub fn flush_stdout() -> std::io::Result<()> {
    std::io::stdout().flush().map_err(tagged)
}

/// Checks a command's output files before its work ([`output::check_all`]): none a
/// folder, each folder existing, none existing unless `force`, none read-only, none one
/// of `inputs`, no two the same. `None`s are skipped.
///
/// # Errors
/// The first refusal, naming the file and the reason.
pub fn check_outputs(outputs: &[Option<&Path>], force: bool, inputs: &[&Path]) -> Result<()> {
    let paths: Vec<&Path> = outputs.iter().flatten().copied().collect();
    output::check_all(&paths, Overwrite::from_force(force), inputs)?;
    Ok(())
}

/// Writes an output file atomically ([`output::write_atomic`]); an existing file only
/// with `force`.
///
/// # Errors
/// The refusal or the system's error, naming the file.
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>, force: bool) -> Result<()> {
    output::write_atomic(path, bytes.as_ref(), Overwrite::from_force(force))?;
    Ok(())
}

/// Writes `value` as JSON on `out`, indented, then a newline: every `--json` object of
/// the commands, each a `#[derive(Serialize)]` type beside the data it describes. The
/// keys of every object come out in alphabetical order (the value passes through
/// serde_json's map, which keeps its keys sorted), as mark1's JSON has always printed
/// them, whatever the order of a type's fields; a field marked `#[serde(flatten)]`
/// takes its place among them.
///
/// # Errors
/// The value cannot be made JSON (a map with keys that are not strings), or the write
/// failed.
pub fn write_json<W: Write + ?Sized>(out: &mut W, value: &impl serde::Serialize) -> Result<()> {
    writeln!(out, "{}", json_text(value)?)?;
    Ok(())
}

/// `value` as indented JSON with its keys in alphabetical order ([`write_json`]).
///
/// # Errors
/// The value cannot be made JSON (a map with keys that are not strings).
pub fn json_text(value: &impl serde::Serialize) -> Result<String> {
    Ok(serde_json::to_string_pretty(&serde_json::to_value(value)?)?)
}

/// `x` rounded to `places` decimal places (the JSON's seconds and shares: 0.1 s, 0.001
/// minutes), the same number as `(x * 10^places).round() / 10^places`.
pub fn rounded(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

/// A progress bar on standard error, `len` steps drawn with indicatif's `template`
/// (`[{bar:40}] {pos}/{len} games, {elapsed}`), when `wanted` and standard error is a
/// terminal; none otherwise, so that a pipe or a file never gets one. The long runs'
/// bars: `menace train`, `ref samuel learn`, a deep perft.
pub fn progress_bar(wanted: bool, len: u64, template: &str) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !wanted || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    Some(bar)
}
