//! `mark1 asm` diagnostics through the binary: a character is quoted as the user typed
//! it, in backquotes (or by its code point when it does not print), never as a Rust
//! character literal.

use std::process::Command;

/// Assembles `source` (written to a scratch file) and returns standard error, asserting
/// that assembly failed.
fn asm_error(name: &str, source: &str) -> String {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_asm");
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join(name);
    std::fs::write(&f, source).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["asm", f.to_str().unwrap()])
        .output()
        .expect("runs");
    assert!(!out.status.success(), "{name} assembled");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn characters_in_messages_are_backquoted() {
    for (name, source, said) in [
        (
            "mnemonic.m1",
            "        /l 5\n",
            "bad character `l` in period notation",
        ),
        (
            "expr.m1",
            "        /N ?\n",
            "unexpected `?`: expected a number, a name or a period address",
        ),
        (
            "chars.m1",
            "        .chars HEllo\n",
            "`l` is not a teleprint character",
        ),
        (
            "period.m1",
            "E/  ME/?\n",
            "bad character `?` in period notation",
        ),
    ] {
        let err = asm_error(name, source);
        assert!(err.contains(said), "{name}: {err}");
        assert!(
            !err.contains("'l'") && !err.contains("'?'"),
            "{name}: {err}"
        );
    }
}
