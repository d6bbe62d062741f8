//! `mark1 console`: a program written by `mark1 asm --drm` boots the period way (H =
//! ////, KEC, run) and prints what `mark1 run` prints; a failing `expect` or an
//! exhausted budget ends the script with an error naming the line.

use std::process::Command;

fn mark1(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .unwrap()
}

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("mark1-console-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// `mark1 console --drum DRM --script SCRIPT`.
fn console_on_drum(drm: &std::path::Path, script: &std::path::Path) -> std::process::Output {
    mark1(&[
        "console",
        "--drum",
        drm.to_str().unwrap(),
        "--script",
        script.to_str().unwrap(),
    ])
}

#[test]
fn asm_drm_boots_in_console_like_run() {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");
    let drm = tmp("hello.drm");
    let out = mark1(&["asm", src, "--drm", drm.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::metadata(&drm).unwrap().len(), 131_072);

    let script = tmp("boot.con");
    std::fs::write(&script, "kec\nset h ////\ngo\nexpect \"HELLO WORLD\"\n").unwrap();
    let out = console_on_drum(&drm, &script);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let console_paper = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("stop: dynamic stop"), "{err}");

    let out = mark1(&["run", src, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The paper on standard output ends with a newline; the JSON keeps it as
    // printed.
    assert_eq!(
        console_paper,
        format!("{}\n", v["printed"].as_str().unwrap())
    );
    assert_eq!(console_paper, "\nHELLO WORLD\n");
}

/// Runs `mark1 console ARGS --script FILE`, the script `script` written to the scratch
/// file `name`.
fn console_script(name: &str, script: &str, args: &[&str]) -> std::process::Output {
    let path = tmp(name);
    std::fs::write(&path, script).unwrap();
    let mut all = vec!["console"];
    all.extend_from_slice(args);
    all.extend(["--script", path.to_str().unwrap()]);
    mark1(&all)
}

/// Runs `script` (with `args` before `--script`) and returns standard error, asserting
/// that the run failed.
fn script_error(script: &str, args: &[&str]) -> String {
    let out = console_script("bad.con", script, args);
    assert!(!out.status.success());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn failing_expect_and_budget_are_errors_with_the_line() {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");
    let err = script_error("go\nexpect \"GOODBYE\"\n", &["--program", src]);
    assert!(err.contains("bad.con:2: `expect \"GOODBYE\"`"), "{err}");

    let err = script_error("limit 100\ngo\n", &["--program", src]);
    assert!(
        err.contains("bad.con:2: `go`: the machine did not stop within 100 beats"),
        "{err}"
    );

    let err = script_error("set h QQQ\n", &[]);
    assert!(err.contains("bad.con:1: cannot read `set h QQQ`"), "{err}");
}

#[test]
fn malformed_drum_is_refused_with_the_reason() {
    let drm = tmp("short.drm");
    std::fs::write(&drm, [0u8; 100]).unwrap();
    let script = tmp("noop.con");
    std::fs::write(&script, "kec\n").unwrap();
    let out = console_on_drum(&drm, &script);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("must be exactly 131072 bytes") && err.contains("has 100"),
        "{err}"
    );
}

/// The exit status says why a script stopped: 3 when a `go`, `go until "TEXT"` or `go
/// until hoot` used its whole beat budget, 1 when it ended otherwise (the machine stopped
/// without printing the text or hooting).
#[test]
fn every_go_past_its_budget_exits_3() {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");
    for (name, script, code, said) in [
        (
            "go.con",
            "limit 100\ngo\n",
            3,
            "did not stop within 100 beats",
        ),
        (
            "text.con",
            "limit 100\ngo until \"WORLD\"\n",
            3,
            "before printing `WORLD`",
        ),
        (
            "hoot.con",
            "limit 100\ngo until hoot\n",
            3,
            "without hooting",
        ),
        (
            "text_stop.con",
            "go until \"GOODBYE\\n\"\n",
            1,
            "dynamic stop (jump to itself) at line O/ (24)) before printing `GOODBYE\\n`",
        ),
        ("hoot_stop.con", "go until hoot\n", 1, "without hooting"),
    ] {
        let out = console_script(name, script, &["--program", src]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(code), "{name}: {err}");
        assert!(err.contains(said), "{name}: {err}");
    }
}

/// A failed `expect` quotes the text as the script wrote it, in backquotes, and shows
/// the paper as its lines, indented, not as an escaped string.
#[test]
fn failed_expect_shows_the_paper_as_lines() {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");
    let out = console_script(
        "expect.con",
        "go\nexpect \"GOODBYE\"\n",
        &["--program", src],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("expected `GOODBYE` in the printer output; it printed:\n"),
        "{err}"
    );
    assert!(err.contains("\n    HELLO WORLD"), "{err}");
    assert!(
        !err.contains("\\n") && !err.contains("\"GOODBYE\" in"),
        "{err}"
    );
}
