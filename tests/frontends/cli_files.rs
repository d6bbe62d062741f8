//! The files mark1 writes, through the binary (docs/guide.md, "Files mark1 writes"):
//! MENACE's drum images marked and other images refused, every write atomic (a failed
//! write leaves the old file whole), no file replaced without `--force` (or the console's
//! `-f`), the source never overwritten, an error writing nothing, the console's drum
//! written back through a link with its mode kept, and standard output's errors (a full
//! disk) an error message and exit status 1 instead of a panic.

#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const HELLO: &str = "programs/hello.m1";

fn mark1() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mark1"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c.stdin(Stdio::null());
    c
}

fn run(args: &[&str]) -> Output {
    mark1().args(args).output().expect("mark1 runs")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// A drum image of another program: `mark1 asm hello.m1 --drm`.
fn hello_drum(d: &Path) -> PathBuf {
    let h = d.join("h.drm");
    let o = run(&["asm", HELLO, "--drm", s(&h)]);
    assert!(o.status.success(), "{}", stderr(&o));
    h
}

/// The names in a folder, sorted (no temporary file left behind).
fn names(d: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

// ---- Item 7: MENACE's drum images ----

#[test]
fn menace_train_refuses_another_programs_drum_image() {
    let d = dir();
    let h = hello_drum(d.path());
    let before = fs::read(&h).unwrap();
    let o = run(&["menace", "train", "--games", "5", "--drum", s(&h)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("not a drum image of MENACE's boxes"), "{e}");
    assert!(e.contains("60.1"), "names the track: {e}");
    assert_eq!(
        fs::read(&h).unwrap(),
        before,
        "the program's drum is untouched"
    );
}

#[test]
fn noughts_menace_refuses_another_programs_drum_image() {
    let d = dir();
    let h = hello_drum(d.path());
    let before = fs::read(&h).unwrap();
    let script = d.path().join("moves.txt");
    fs::write(&script, "1\n2\n3\n4\n").unwrap();
    let o = run(&[
        "noughts",
        "--machine",
        "menace",
        "--drum",
        s(&h),
        "--script",
        s(&script),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a drum image of MENACE's boxes"));
    assert!(fs::read(&h).unwrap() == before);
    // `menace boxes` reads it no more than the others.
    let o = run(&["menace", "boxes", "--drum", s(&h)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("not a drum image of MENACE's boxes"));
}

#[test]
fn menace_drum_written_fresh_is_marked_and_read_back() {
    let d = dir();
    let m = d.path().join("menace.drm");
    let o = run(&["menace", "train", "--games", "5", "--drum", s(&m)]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The mark, one character a line on track 60.1 (half-track 121), as the image holds
    // its words (32-bit little-endian, track order, 64 lines a half-track).
    let words = mark1::formats::drm::read_drm(&fs::read(&m).unwrap()).unwrap();
    let line = |i: usize| words[121 * 64 + i];
    let mark: String = (0..18).map(|i| line(i) as u8 as char).collect();
    assert_eq!(mark, "mark1 MENACE boxes");
    // Read back by train (the boxes go on) and by boxes.
    let o = run(&["menace", "train", "--games", "5", "--drum", s(&m)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["menace", "boxes", "--drum", s(&m)]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn noughts_drum_with_another_machine_is_refused() {
    let d = dir();
    let m = d.path().join("x.drm");
    for machine in ["michie", "defence"] {
        let o = run(&[
            "noughts",
            "--machine",
            machine,
            "--drum",
            s(&m),
            "--think",
            "--moves",
            if machine == "michie" { "5,1" } else { "5" },
        ]);
        assert_eq!(o.status.code(), Some(1), "{machine}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("--drum is MENACE's drum image"),
            "{}",
            stderr(&o)
        );
    }
    assert!(!m.exists());
}

#[test]
fn menace_train_checks_the_drum_folder_before_training() {
    let d = dir();
    let m = d.path().join("missing/dir/x.drm");
    let o = run(&[
        "menace",
        "train",
        "--games",
        "200",
        "--json",
        "--drum",
        s(&m),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    // Refused before the games, naming the folder (not a system error after them).
    assert!(
        e.contains("the folder") && e.contains("does not exist"),
        "{e}"
    );
    assert!(o.stdout.is_empty(), "no training reported");
}

// ---- Item 8: atomic writes, the file's identity kept ----

/// Runs mark1 under a file-size limit of 16 KiB (SIGXFSZ ignored, so that a write past
/// the limit fails with an error instead of killing the process): a disk that fills up.
fn run_limited(args: &[&str]) -> Output {
    let mut script = String::from("trap '' XFSZ; ulimit -f 32; exec \"$0\"");
    for i in 1..=args.len() {
        script.push_str(&format!(" \"${i}\""));
    }
    Command::new("sh")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

#[test]
fn a_failed_drum_write_leaves_menaces_old_boxes_whole() {
    let d = dir();
    let m = d.path().join("menace.drm");
    let o = run(&["menace", "train", "--games", "5", "--drum", s(&m)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let before = fs::read(&m).unwrap();
    assert!(
        before.len() > 32 * 512,
        "a drum image is larger than the limit"
    );
    let o = run_limited(&["menace", "train", "--games", "5", "--drum", s(&m)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    assert!(fs::read(&m).unwrap() == before, "the old boxes are whole");
    assert_eq!(names(d.path()), ["menace.drm"], "no temporary file left");
}

#[test]
fn console_write_back_goes_through_a_link_and_keeps_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let d = dir();
    let real = d.path().join("real.drm");
    let o = run(&["asm", HELLO, "--drm", s(&real)]);
    assert!(o.status.success(), "{}", stderr(&o));
    fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
    let link = d.path().join("link.drm");
    std::os::unix::fs::symlink("real.drm", &link).unwrap();
    let script = d.path().join("s.con");
    fs::write(&script, "attach drum link.drm\ndeposit drum 5.1:E/ 7\n").unwrap();
    let o = run(&["console", "--script", s(&script)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link stays a link"
    );
    let words = mark1::formats::drm::read_drm(&fs::read(&real).unwrap()).unwrap();
    assert_eq!(
        words[(5 * 2 + 1) * 64 + 1],
        7,
        "written to the link's target"
    );
    let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "the mode is kept");
    assert_eq!(names(d.path()), ["link.drm", "real.drm", "s.con"]);
}

#[test]
fn console_refuses_to_write_back_a_read_only_drum() {
    use std::os::unix::fs::PermissionsExt;
    let d = dir();
    let h = hello_drum(d.path());
    fs::set_permissions(&h, fs::Permissions::from_mode(0o444)).unwrap();
    let before = fs::read(&h).unwrap();
    let script = d.path().join("s.con");
    fs::write(&script, "attach drum h.drm\ndeposit drum 5.1:E/ 7\n").unwrap();
    let o = run(&["console", "--script", s(&script)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("read-only") && e.contains("-r"), "{e}");
    assert!(fs::read(&h).unwrap() == before);
    // Attached read-only, it is used and left alone.
    fs::write(&script, "attach drum h.drm -r\ndeposit drum 5.1:E/ 7\n").unwrap();
    let o = run(&["console", "--script", s(&script)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(fs::read(&h).unwrap() == before);
}

// ---- Item 9: no silent clobbering; an error writes nothing ----

#[test]
fn asm_refuses_an_existing_output_unless_forced() {
    let d = dir();
    let out = d.path().join("out.m1i");
    fs::write(&out, "keep me").unwrap();
    let o = run(&["asm", HELLO, "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("already exists") && e.contains("--force"), "{e}");
    assert_eq!(fs::read_to_string(&out).unwrap(), "keep me");
    // --listing the same way.
    let lst = d.path().join("out.lst");
    fs::write(&lst, "keep me").unwrap();
    let o = run(&["asm", HELLO, "--listing", s(&lst)]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(fs::read_to_string(&lst).unwrap(), "keep me");
    // Asked: replaced.
    let o = run(&["asm", HELLO, "-o", s(&out), "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_ne!(fs::read_to_string(&out).unwrap(), "keep me");
}

#[test]
fn asm_never_overwrites_its_source() {
    let d = dir();
    let src = d.path().join("x.m1");
    fs::copy(HELLO, &src).unwrap();
    let before = fs::read(&src).unwrap();
    for force in [false, true] {
        let mut args = vec!["asm", s(&src), "-o", s(&src)];
        if force {
            args.push("--force");
        }
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1));
        assert!(stderr(&o).contains("input"), "{}", stderr(&o));
        assert!(fs::read(&src).unwrap() == before);
    }
    // Nor through a link to it.
    let link = d.path().join("y.m1i");
    std::os::unix::fs::symlink(&src, &link).unwrap();
    let o = run(&["asm", s(&src), "--listing", s(&link), "--force"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(fs::read(&src).unwrap() == before);
}

#[test]
fn an_asm_error_writes_nothing() {
    let d = dir();
    let out = d.path().join("out.m1i");
    // --listing names a folder: refused before anything is written.
    let o = run(&["asm", HELLO, "-o", s(&out), "--listing", s(d.path())]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("folder"), "{}", stderr(&o));
    assert!(!out.exists(), "-o was not written");
    // Two outputs naming one file, by one name or two.
    let o = run(&["asm", HELLO, "-o", s(&out), "--symbols", s(&out)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!out.exists());
    let other = d.path().join(".").join("out.m1i");
    let o = run(&["asm", HELLO, "-o", s(&out), "--listing", s(&other)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("two outputs"), "{}", stderr(&o));
    assert!(!out.exists());
}

#[test]
fn game_records_are_not_replaced_without_force() {
    let d = dir();
    let keep = |name: &str| {
        let p = d.path().join(name);
        fs::write(&p, "keep me").unwrap();
        p
    };
    let pdn = keep("game.pdn");
    let pgn = keep("game.pgn");
    let curve = keep("curve.png");
    let script = d.path().join("moves.txt");
    fs::write(&script, "e7e5\n").unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["match", "--games", "1", "--pdn", s(&pdn)],
        vec!["draughts", "--opponent", "first", "--pdn", s(&pdn)],
        vec![
            "turochamp",
            "--play",
            "--script",
            s(&script),
            "--pgn",
            s(&pgn),
        ],
        vec![
            "ref",
            "turochamp",
            "play",
            "--script",
            s(&script),
            "--pgn",
            s(&pgn),
        ],
        vec!["menace", "train", "--games", "20", "--curve", s(&curve)],
    ];
    for args in cases {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("already exists"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(o.stdout.is_empty(), "{args:?}: refused before the work");
    }
    for p in [&pdn, &pgn, &curve] {
        assert_eq!(fs::read_to_string(p).unwrap(), "keep me");
    }
}

#[test]
fn console_attach_printer_does_not_empty_an_existing_file() {
    let d = dir();
    let paper = d.path().join("paper.txt");
    fs::write(&paper, "keep me").unwrap();
    let script = d.path().join("s.con");
    fs::write(&script, "attach printer paper.txt\n").unwrap();
    let o = run(&["console", "--script", s(&script)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("already exists"), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&paper).unwrap(), "keep me");
    // The punch the same; `-f` asks.
    fs::write(&script, "attach punch paper.txt\n").unwrap();
    let o = run(&["console", "--script", s(&script)]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(fs::read_to_string(&paper).unwrap(), "keep me");
    fs::write(&script, "attach -f printer paper.txt\ngo\n").unwrap();
    let o = run(&["console", "--program", HELLO, "--script", s(&script)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(fs::read_to_string(&paper).unwrap().contains("HELLO"));
    // `save` likewise refuses an existing file without -f.
    fs::write(&script, "save printer paper.txt\n").unwrap();
    let o = run(&["console", "--script", s(&script)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(fs::read_to_string(&paper).unwrap().contains("HELLO"));
}

// ---- Item 12: standard output's errors ----

/// Runs mark1 with standard output on /dev/full (every write fails: no space left).
fn run_full(args: &[&str]) -> Output {
    mark1()
        .args(args)
        .stdout(Stdio::from(fs::File::create("/dev/full").unwrap()))
        .stderr(Stdio::piped())
        .output()
        .expect("mark1 runs")
}

#[test]
fn a_full_standard_output_is_an_error_not_a_panic() {
    let cases: [&[&str]; 7] = [
        &["asm", HELLO],
        &["run", HELLO],
        &["disasm", HELLO],
        &["menace", "boxes"],
        &["noughts", "--think", "--moves", "5,1"],
        &["ref", "guessit", "tables"],
        &["prinz", "--json"],
    ];
    for args in cases {
        let o = run_full(args);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        assert!(
            e.contains("error: cannot write to standard output: No space left on device"),
            "{args:?}: {e}"
        );
        assert!(!e.contains("panicked"), "{args:?}: {e}");
    }
}

#[test]
fn the_debugger_never_replaces_a_picture() {
    let d = dir();
    let script = d.path().join("s.con");
    fs::write(&script, "png\npng\npng out.png\npng out.png\n").unwrap();
    let hello = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");
    let o = mark1()
        .current_dir(d.path())
        .args(["debug", hello, "--script", "s.con", "--headless"])
        .output()
        .unwrap();
    // The keys' default name, then the next free one; a named file once, then refused.
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("s.con:4"), "{}", stderr(&o));
    assert!(stderr(&o).contains("already exists"), "{}", stderr(&o));
    assert_eq!(
        names(d.path()),
        ["mark1-tubes-2.png", "mark1-tubes.png", "out.png", "s.con"]
    );
    fs::write(&script, "png -f out.png\n").unwrap();
    let o = mark1()
        .current_dir(d.path())
        .args(["debug", hello, "--script", "s.con", "--headless"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
}
