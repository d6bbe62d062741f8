//! What the reference binary's modules share: the binary run with arguments.

use std::process::Command;

/// `mark1 ARGS`: whether it succeeded, its standard output and its standard error.
pub fn mark1(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
