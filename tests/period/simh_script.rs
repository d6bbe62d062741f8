//! `mark1 simh` through the binary on small scripts of our own: the script language
//! (labels, `goto`, `call`/`return`, `if`, `%STATUS%`, `set env`, `do` with arguments),
//! the perforator (`typein line`, `appendtotape`), `feedptr`, `dep`/`ex`, the notes for
//! display settings, the stop at an unknown command, and the budgets.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mark1-simh-s-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes `script` as `d/t.ini` and runs it with `args`.
fn run(d: &Path, script: &str, args: &[&str]) -> Output {
    let p = d.join("t.ini");
    std::fs::write(&p, script).unwrap();
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .arg("simh")
        .arg(&p)
        .args(args)
        .output()
        .unwrap()
}

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).to_string()
}

#[test]
fn control_flow_arguments_and_status() {
    let d = dir("flow");
    let o = run(
        &d,
        "echo start %1\n\
         if \"%1\"==\"x\" goto skip\n\
         echo not skipped\n\
         :skip\n\
         set env who=operator\n\
         call greet %who% twice\n\
         if not exist \"nothing.here\" echo no such file\n\
         if exist \"t.ini\" echo the script exists\n\
         typein line ABC\n\
         if \"%STATUS%\">\"0\" echo status %STATUS%\n\
         echo status now %STATUS%\n\
         goto end\n\
         :greet\n\
         echo hello %1 %2\n\
         return\n\
         :end\n",
        &["x"],
    );
    let out = text(&o.stdout);
    assert_eq!(
        out,
        "start x\nhello operator twice\nno such file\nthe script exists\nstatus 1\nstatus now 0\n"
    );
    // The typein failed (no perforator attached): reported with the line, exit 1.
    let err = text(&o.stderr);
    assert!(
        err.contains("t.ini:9: no file is attached to the perforator"),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn unknown_command_stops_with_file_and_line_and_display_settings_are_noted() {
    let d = dir("unknown");
    let o = run(
        &d,
        "set cpanel on\nset console -q log=x.txt\necho one\nfrobnicate now\necho two\n",
        &[],
    );
    assert_eq!(text(&o.stdout), "one\n");
    let err = text(&o.stderr);
    assert!(err.contains("note: ignored `set cpanel on`"), "{err}");
    assert!(
        err.contains("t.ini:4: unknown SimH command `frobnicate`"),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn perforator_lines_and_appendtotape() {
    let d = dir("perforator");
    std::fs::write(d.join("more.txt"), "EEE ; c\n").unwrap();
    let o = run(
        &d,
        "set perforator noecho\n\
         att -n perforator tape.pt.txt\n\
         typein line    K AK @ ///# R///  ; a comment\n\
         typein line |  Y\n\
         typein bautocode line n1 = 2 ; two\n\
         det perforator\n\
         appendtotape tape.pt.txt more.txt\n",
        &[],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let tape = std::fs::read_to_string(d.join("tape.pt.txt")).unwrap();
    assert_eq!(
        tape,
        format!(
            "K AK @ ///# R///  \r\n   Y\r\n{:<30}\r\nEEE;c\r\n",
            "XER@VF"
        )
    );
}

#[test]
fn feedptr_deposit_examine_and_do() {
    let d = dir("feed");
    std::fs::write(
        d.join("inner.ini"),
        "echo inner %1\ndep H %1\nquit\necho never\n",
    )
    .unwrap();
    let o = run(
        &d,
        "dep C 5\nex C\ndo inner.ini :/@/\necho after quit: never\n",
        &[],
    );
    let out = text(&o.stdout);
    assert!(out.contains("inner :/@/"), "{out}");
    assert!(!out.contains("never"), "{out}");
    assert!(o.status.success(), "{}", text(&o.stderr));
    // A program that reads two tape characters fed by feedptr and stops.
    let o = run(&d, "feedptr E @ ; comment\nfeedptr -n\nfeedptr E ?\n", &[]);
    assert!(
        text(&o.stderr).contains("t.ini:3: feedptr: `?` is not a tape character"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn budgets_end_the_run() {
    let d = dir("budgets");
    // A goto loop that never runs the machine.
    let p = d.join("loop.ini");
    std::fs::write(&p, ":a\ngoto a\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["simh", "--max-commands", "1000"])
        .arg(&p)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("its budget"),
        "{}",
        text(&o.stderr)
    );
    // A program that does not stop within the beat budget: exit status 3, the rest of
    // the script not obeyed.
    let p = d.join("spin.ini");
    std::fs::write(&p, "dep 1 ZT//\ndep C 0\ngo\necho never\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["simh", "--max-beats", "100000"])
        .arg(&p)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert!(!text(&o.stdout).contains("never"));
}
