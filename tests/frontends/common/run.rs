//! `mark1` run once as a child process with text on its standard input.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `mark1 ARGS` with `input` on standard input (then closed), in `cwd` if given: its
/// status, standard output and standard error.
pub fn with_stdin(cwd: Option<&Path>, args: &[&str], input: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mark1"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(d) = cwd {
        cmd.current_dir(d);
    }
    let mut child = cmd.spawn().expect("the mark1 binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
