//! `mark1 run`'s diagnostics (issue 38) through the binary: the beat-limit stop names
//! the line reached and the empty store; `--stop-on-unassigned` stops with status 1;
//! `--warn-overflow` names the first overflow; `--hands` and `--switch` for any program.

use std::process::{Command, Output};

fn mark1(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .expect("the mark1 binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `text` as `name` in a scratch folder of this test and returns its path.
fn source(test: &str, name: &str, text: &str) -> String {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(test);
    std::fs::create_dir_all(&d).unwrap();
    let p = d.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn a_jump_into_empty_store_ends_naming_the_line_and_the_empty_store() {
    let p = source(
        "run_diag_empty",
        "empty.m1",
        "        .org 1\n        T:\n        /P j\nj:      .jump 100\n",
    );
    let o = mark1(&["run", &p, "--max-beats", "2000000"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("did not stop within 2000000 beats"), "{err}");
    assert!(err.contains("; it was at line "), "{err}");
    assert!(err.contains("obeying empty store (`////` lines"), "{err}");
    assert!(
        err.contains("from line :A (100), where the jump at line @/ (2) went: a jump to a line with no program?"),
        "{err}"
    );
    assert!(stdout(&o).contains("beat limit reached"), "{}", stdout(&o));
    // The same when the run is obeyed order by order for --warn-overflow.
    let o = mark1(&["run", &p, "--max-beats", "2000000", "--warn-overflow"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("from line :A (100), where the jump at line @/ (2) went"),
        "{}",
        stderr(&o)
    );

    // A program that runs past its last order says so.
    let p = source(
        "run_diag_empty",
        "runoff.m1",
        "        .org 1\n        T:\n        T:\n",
    );
    let o = mark1(&["run", &p, "--max-beats", "2000000"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("from line A/ (3), after line @/ (2): the program ran past its end?"),
        "{err}"
    );

    // A loop that is not empty store names only its line.
    let p = source(
        "run_diag_empty",
        "loop.m1",
        "        .org 1\nl:      T:\n        /P j\nj:      .jump l\n",
    );
    let o = mark1(&["run", &p, "--max-beats", "1000"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("; it was at line "), "{err}");
    assert!(!err.contains("empty store"), "{err}");
}

#[test]
fn an_unassigned_code_warns_and_stops_with_status_1_when_asked() {
    let p = source(
        "run_diag_unassigned",
        "te.m1",
        "        .org 1\n        T:\n        TE 5\nstop:   /Q m1\nm1:     .word -1\n",
    );
    // The default stays the machine's: a dummy, then the loop stop.
    let o = mark1(&["run", &p]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("te.m1:3:9: warning: `TE` is an unassigned function code"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("dynamic stop"), "{}", stdout(&o));
    let o = mark1(&["run", &p, "--stop-on-unassigned"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("unassigned function TE at line @/ (2)"),
        "{}",
        stdout(&o)
    );
    assert!(
        stderr(&o)
            .contains("error: the machine stopped on an unassigned function TE at line @/ (2)"),
        "{}",
        stderr(&o)
    );
    let o = mark1(&["run", &p, "--stop-on-unassigned", "--json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["stop"]["reason"], "unassigned");
    assert_eq!(v["stop"]["line"], 2);
    assert_eq!(v["stop"]["function"], 3);
}

#[test]
fn warn_overflow_names_the_first_overflow() {
    // M += 2^39 - 1 twice: the second goes past 2^79 - 1.
    let p = source(
        "run_diag_overflow",
        "ov.m1",
        "        .org 1\n        /J big\n        /J big\n        /J big\nstop:   /Q m1\nm1:     .word -1\n        .org 20\nbig:    .long 0x7fffffffff\n",
    );
    let o = mark1(&["run", &p]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("overflow"), "{}", stderr(&o));
    let quiet = stdout(&o);
    let o = mark1(&["run", &p, "--warn-overflow"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("warning: overflow at line @/ (2): the order H//J (/J, S at line H/ (20))"),
        "{err}"
    );
    assert_eq!(err.matches("overflow at").count(), 1, "{err}");
    // The run itself is the same.
    let summary = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("host time"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(summary(&stdout(&o)), summary(&quiet));
}

/// A program that stops at line 6 when H = 0, at line 7 when H >= 1, and at its `/L`
/// (line 5) when the /L switch is on and H = 0.
const HANDS: &str = "        .org 1
        /Z h
        T/ h
        TN one
        /H j_big
        /L
small:  /Q m1
big:    /Q m1
m1:     .word -1
j_big:  .jump big
        .org 10
h:      .long 0
one:    .long 1
";

#[test]
fn run_takes_hands_and_switches_for_any_program() {
    let p = source("run_diag_hands", "hands.m1", HANDS);
    let o = mark1(&["run", &p]);
    assert!(
        stdout(&o).contains("dynamic stop (jump to itself) at line I/ (6)"),
        "{}",
        stdout(&o)
    );
    let o = mark1(&["run", &p, "--hands", "E///"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("dynamic stop (jump to itself) at line U/ (7)"),
        "{}",
        stdout(&o)
    );
    let o = mark1(&["run", &p, "--switch", "L"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("dummy stop /L at line S/ (5)"),
        "{}",
        stdout(&o)
    );
    let o = mark1(&["run", &p, "--switch", "G", "--switch", "/l"]);
    assert!(
        stdout(&o).contains("dummy stop /L at line S/ (5)"),
        "{}",
        stdout(&o)
    );
    // An image takes them too.
    let img = p.replace(".m1", ".m1i");
    let o = mark1(&["asm", &p, "-o", &img, "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = mark1(&["run", &img, "--hands", "1"]);
    assert!(stdout(&o).contains("at line U/ (7)"), "{}", stdout(&o));
    let o = mark1(&["run", &p, "--switch", "X"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no stop switch `X`"), "{}", stderr(&o));
}
