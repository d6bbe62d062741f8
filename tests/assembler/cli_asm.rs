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

/// Assembles `source` (written to a scratch file `name`) with `mark1 asm -o`, asserting
/// that it assembles; returns standard error.
fn asm_warnings(name: &str, source: &str) -> String {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_asm");
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join(name);
    std::fs::write(&f, source).unwrap();
    let img = d.join(format!("{name}.m1i"));
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args([
            "asm",
            f.to_str().unwrap(),
            "-o",
            img.to_str().unwrap(),
            "--force",
        ])
        .output()
        .expect("runs");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{name}: {err}");
    assert!(img.exists(), "{name}: no image");
    err
}

/// Warnings name file:line:column as errors do and do not stop the assembly: an
/// unassigned function code, a long line at an odd line (`.long`, `.chars` of 5-8
/// characters); `.nowarn` turns them off from there on.
#[test]
fn warnings_are_shown_and_the_assembly_goes_on() {
    let err = asm_warnings(
        "warn.m1",
        "        .org 1\n        TE 5\n        /X\n        .long 7\n        .org 9\nt:      .chars HELLO\n        .org 12\n        .long 1\n        .chars ABCD\n",
    );
    for said in [
        "warn.m1:2:9: warning: `TE` is an unassigned function code: the machine obeys it as a dummy",
        "--stop-on-unassigned",
        "warn.m1:3:9: warning: `/X` is an unassigned function code",
        "warn.m1:4:15: warning: a long line at the odd line A/ (3): put long lines at even lines",
        "warn.m1:6:9: warning: these characters fill a long line at the odd line D/ (9)",
    ] {
        assert!(err.contains(said), "{said}: {err}");
    }
    // The even .long at 12 and the short .chars at 14 are not warned of.
    assert_eq!(err.matches("warning:").count(), 4, "{err}");
    let err = asm_warnings(
        "nowarn.m1",
        "        .nowarn long, unassigned\n        .org 1\n        TE 5\n        .long 7\n",
    );
    assert!(err.is_empty(), "{err}");
    let err = asm_warnings(
        "nowarn_long.m1",
        "        .nowarn long\n        .org 1\n        TE 5\n        .long 7\n",
    );
    assert_eq!(err.matches("warning:").count(), 1, "{err}");
    // The bundled programs assemble without warnings.
    let root = env!("CARGO_MANIFEST_DIR");
    for p in [
        "hello",
        "noughts",
        "menace",
        "turochamp",
        "guessit",
        "bridgit",
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
            .args(["asm", &format!("{root}/programs/{p}.m1")])
            .output()
            .expect("runs");
        assert!(out.status.success(), "{p}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("warning"), "{p}: {err}");
    }
}

/// A space in `.chars` says what is true: a space is an output order of its own.
#[test]
fn a_space_in_chars_says_how_a_space_is_printed() {
    let err = asm_error("space.m1", "        .chars HELLO WORLD\n");
    assert!(
        err.contains("space.m1:1:21: a space is not a teleprint character: a space on the paper is an output order of its own (`.io Z`"),
        "{err}"
    );
    assert!(!err.contains("write space as"), "{err}");
}

/// The assembler's own listing given as a source: one error saying so, not one a line.
#[test]
fn a_listing_given_as_source_is_one_clear_error() {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_asm");
    std::fs::create_dir_all(&d).unwrap();
    let lst = d.join("hello.lst");
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args([
            "asm",
            &format!("{root}/programs/hello.m1"),
            "--listing",
            lst.to_str().unwrap(),
            "--force",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    for cmd in ["asm", "run"] {
        let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
            .args([cmd, lst.to_str().unwrap()])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("hello.lst:1:1: this is a listing (`mark1 asm --listing`), not a source: assemble or run the source it lists"),
            "{cmd}: {err}"
        );
        assert!(err.contains("programs/hello.m1"), "{cmd}: {err}");
        assert_eq!(err.matches("hello.lst:").count(), 1, "{cmd}: {err}");
    }
}

/// A cycle of equates is said once, whole, on its first equate's line, and each other
/// equate of it gets one line pointing there: one line a label of the cycle, none at its
/// uses (issue 38). An equate that only uses the cycle is said as a use.
#[test]
fn a_circular_chain_is_not_repeated_at_every_use() {
    let err = asm_error(
        "cycle.m1",
        "a = b\nb = c\nc = a\nz = a + 1\n        .word a\n        .word b\n        TI c\n        .word z\n",
    );
    assert!(
        err.contains("cycle.m1:1:5: circular definition: a -> b -> c -> a"),
        "{err}"
    );
    assert!(
        err.contains("cycle.m1:2:5: `b` is part of the circular definition said at line 1"),
        "{err}"
    );
    assert!(
        err.contains("cycle.m1:3:5: `c` is part of the circular definition said at line 1"),
        "{err}"
    );
    // The chain printed once; three lines for the three labels, none for the uses.
    assert_eq!(err.matches(" -> ").count(), 3, "{err}");
    assert_eq!(err.matches("circular definition").count(), 3, "{err}");
    assert!(
        !err.contains("cycle.m1:5:") && !err.contains("cycle.m1:6:"),
        "{err}"
    );
}

/// `--listing -` (and any one text output) goes to standard output, not to a file named
/// `-`; two outputs to `-`, or a drum image to it, are refused.
#[test]
fn a_dash_is_standard_output() {
    let d = tempfile::tempdir().unwrap();
    let hello = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/hello.m1");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_mark1"))
            .current_dir(d.path())
            .arg("asm")
            .arg(&hello)
            .args(args)
            .output()
            .expect("runs")
    };
    let o = run(&["--listing", "-"]);
    assert!(o.status.success(), "{o:?}");
    let listing = String::from_utf8(o.stdout).unwrap();
    assert!(listing.contains("h1:     /N text1"), "{listing}");
    assert!(!d.path().join("-").exists());
    for args in [&["--listing", "-", "-o", "-"][..], &["--drm", "-"][..]] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains('-'), "{args:?}");
        assert!(!d.path().join("-").exists());
    }
}
