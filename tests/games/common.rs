//! Helpers the games' modules share: the binary run with arguments (and input).

use std::io::Write;
use std::process::{Command, Stdio};

/// `mark1 ARGS`: success, stdout, stderr.
pub fn mark1(args: &[&str]) -> (bool, String, String) {
    mark1_with_stdin(args, "")
}

/// `mark1 ARGS` with `stdin` as its standard input: success, stdout, stderr.
pub fn mark1_with_stdin(args: &[&str], stdin: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
