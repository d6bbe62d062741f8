//! `mark1 console` devices through the binary: a drum attached from a file
//! keeps what a program writes on it (and only when it should), a punched tape is read
//! back by the reader as the same characters, `mark1 run FILE.drm` boots, and commands
//! piped on standard input are obeyed one by one. Every file is made in a temporary
//! folder of the test's own.

use mark1::formats::drm::read_drm;
use mark1::formats::tape::read_pt_text;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mark1-con-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn mark1(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap()
}

/// `mark1 console ARGS` with `input` on standard input.
fn piped(cwd: &Path, args: &[&str], input: &str) -> Output {
    let all: Vec<&str> = std::iter::once("console")
        .chain(args.iter().copied())
        .collect();
    crate::common::run::with_stdin(Some(cwd), &all, input)
}

fn ok(out: &Output) -> (String, String) {
    let (o, e) = (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    );
    assert!(
        out.status.success(),
        "status {:?}\nstdout:\n{o}\nstderr:\n{e}",
        out.status
    );
    (o, e)
}

/// Writes page 2 (VETA, 7) to track 20, half 0 with a magnetic write order, then stops.
const WRITER: &str = "
        .org 1
        /: wr
stop:   /Q minus1
        .org 64
wr:     .mag write 20, 0, 2
minus1: .word -1
        .org 128
        .word 114750            ; VETA
        .word 7
";

/// Reads track 20, half 0 into page 3, then stops.
const READER: &str = "
        .org 1
        /: rd
stop:   /Q minus1
        .org 64
rd:     .mag read 20, 0, 3
minus1: .word -1
";

fn drum_word(path: &Path, track: usize, half: usize, line: usize) -> u32 {
    read_drm(&std::fs::read(path).unwrap()).unwrap()[128 * track + 64 * half + line]
}

#[test]
fn attached_drum_keeps_a_written_track_and_a_second_run_reads_it_back() {
    let d = dir("drum");
    std::fs::write(d.join("writer.m1"), WRITER).unwrap();
    std::fs::write(d.join("reader.m1"), READER).unwrap();
    // The drum: the writer made bootable by the assembler; a copy is attached.
    ok(&mark1(&d, &["asm", "writer.m1", "--drm", "writer.drm"]));
    std::fs::copy(d.join("writer.drm"), d.join("copy.drm")).unwrap();
    assert_eq!(drum_word(&d.join("copy.drm"), 20, 0, 0), 0);

    // Read-only and the old `drum FILE` leave the file as it was.
    for attach in [
        "attach -r drum copy.drm",
        "drum copy.drm",
        "attach drum copy.drm\nset drum nopersistent",
    ] {
        std::fs::write(d.join("s.con"), format!("{attach}\nkec\nset h ////\ngo\n")).unwrap();
        ok(&mark1(&d, &["console", "--script", "s.con"]));
        assert_eq!(drum_word(&d.join("copy.drm"), 20, 0, 0), 0, "{attach}");
    }

    // Booted the period way; the write order puts page 2 on track 20; detach writes back.
    std::fs::write(
        d.join("write.con"),
        "attach drum copy.drm\nkec\nset h ////\ngo\ndetach drum\n",
    )
    .unwrap();
    let (_, err) = ok(&mark1(&d, &["console", "--script", "write.con"]));
    assert!(err.contains("drum written back to"), "{err}");
    assert_eq!(drum_word(&d.join("copy.drm"), 20, 0, 0), 114_750);
    assert_eq!(drum_word(&d.join("copy.drm"), 20, 0, 1), 7);
    // Nothing else changed on the drum.
    let before = read_drm(&std::fs::read(d.join("writer.drm")).unwrap()).unwrap();
    let after = read_drm(&std::fs::read(d.join("copy.drm")).unwrap()).unwrap();
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    assert_eq!(changed, vec![128 * 20, 128 * 20 + 1]);

    // A second run reads the track back from the file into the store.
    std::fs::write(
        d.join("read.con"),
        "attach -r drum copy.drm\nexamine drum 20.0:0\ngo\nexamine 192-193\n",
    )
    .unwrap();
    let (_, err) = ok(&mark1(
        &d,
        &["console", "--program", "reader.m1", "--script", "read.con"],
    ));
    assert!(err.contains("drum 20.0:// (0): VETA  114750"), "{err}");
    assert!(err.contains("/I (192): VETA  114750"), "{err}");
    assert!(err.contains("EI (193): U///  7"), "{err}");
}

#[test]
fn drum_is_written_back_at_the_end_of_a_script_and_by_save() {
    let d = dir("drum-end");
    std::fs::write(d.join("writer.m1"), WRITER).unwrap();
    ok(&mark1(&d, &["asm", "writer.m1", "--drm", "a.drm"]));
    // No detach: the end of the script writes it back. `save` writes another file.
    std::fs::write(
        d.join("s.con"),
        "attach drum a.drm\nkec\nset h ////\ngo\nsave drum b.drm\ndeposit drum 21.1:63 VETA\n",
    )
    .unwrap();
    ok(&mark1(&d, &["console", "--script", "s.con"]));
    assert_eq!(drum_word(&d.join("a.drm"), 20, 0, 0), 114_750);
    assert_eq!(drum_word(&d.join("a.drm"), 21, 1, 63), 114_750);
    assert_eq!(drum_word(&d.join("b.drm"), 20, 0, 0), 114_750);
    assert_eq!(drum_word(&d.join("b.drm"), 21, 1, 63), 0);
    // A script that fails still writes the drum back (the end of the session).
    std::fs::write(
        d.join("f.con"),
        "attach drum a.drm\ndeposit drum 22.0:0 7\nexpect \"NOT PRINTED\"\n",
    )
    .unwrap();
    let out = mark1(&d, &["console", "--script", "f.con"]);
    assert!(!out.status.success());
    assert_eq!(drum_word(&d.join("a.drm"), 22, 0, 0), 7);
    // A new drum with -n.
    std::fs::write(
        d.join("n.con"),
        "attach -n drum new.drm\ndeposit drum 1.0:1 E///\n",
    )
    .unwrap();
    ok(&mark1(&d, &["console", "--script", "n.con"]));
    assert_eq!(drum_word(&d.join("new.drm"), 1, 0, 1), 1);
    // Without -n a missing file is an error.
    std::fs::write(d.join("m.con"), "attach drum missing.drm\n").unwrap();
    let out = mark1(&d, &["console", "--script", "m.con"]);
    assert!(!out.status.success());
    assert!(!d.join("missing.drm").exists());
}

/// Reads characters from the tape and prints each (output is two-stage, so each is
/// carried out by the next), until the tape runs out.
const ECHO: &str = "
        .org 1
loop:   /: in
        /: out
        /P j_loop
        .org 64
in:     .io O
out:    .io T
j_loop: .jump loop
";

#[test]
fn punched_tape_is_read_back_as_the_same_characters() {
    let d = dir("punch");
    let hello = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");
    std::fs::write(
        d.join("p.con"),
        "attach punch out.pt.txt\ngo\ndetach punch\n",
    )
    .unwrap();
    ok(&mark1(
        &d,
        &["console", "--program", hello, "--script", "p.con"],
    ));
    let rows = read_pt_text(&std::fs::read(d.join("out.pt.txt")).unwrap()).unwrap();
    // The T orders: HELLO and WORLD (the space, CR and LF are their own orders).
    assert_eq!(rows, mark1::formats::tape::rows_of("HELLOWORLD").unwrap());

    // The reader reads the file back; the echo program prints what it reads.
    std::fs::write(d.join("echo.m1"), ECHO).unwrap();
    std::fs::write(
        d.join("r.con"),
        "attach reader out.pt.txt\ngo\n# the last character is carried out by the next output order\nfeed /\ngo\n",
    )
    .unwrap();
    let (paper, err) = ok(&mark1(
        &d,
        &["console", "--program", "echo.m1", "--script", "r.con"],
    ));
    assert!(err.contains("tape ran out"), "{err}");
    assert_eq!(paper, "HELLOWORLD\n");

    // The printer attached to a file gets the paper from then on.
    std::fs::write(d.join("l.con"), "attach printer paper.txt\ngo\n").unwrap();
    ok(&mark1(
        &d,
        &["console", "--program", hello, "--script", "l.con"],
    ));
    assert_eq!(
        std::fs::read_to_string(d.join("paper.txt")).unwrap(),
        // The last order (LF) is still set up, not carried out (two-stage output).
        "\nHELLO WORLD"
    );
}

#[test]
fn run_boots_a_drum_image_with_the_hand_switches() {
    let d = dir("run-drm");
    let hello = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");
    ok(&mark1(&d, &["asm", hello, "--drm", "hello.drm"]));
    for args in [
        vec!["run", "hello.drm"],
        vec!["run", "hello.drm", "--hand", "////"],
        vec!["run", "hello.drm", "--hands", "0"],
    ] {
        let (out, _) = ok(&mark1(&d, &args));
        assert!(out.starts_with("\nHELLO WORLD\n---"), "{args:?}: {out}");
    }
    // Other hand switches read another track (here an empty one) at the first prepulse:
    // the machine does not print.
    let out = mark1(
        &d,
        &[
            "run",
            "hello.drm",
            "--hand",
            "E///",
            "--max-beats",
            "100000",
        ],
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("HELLO"));
}

#[test]
fn piped_commands_examine_deposit_go_show() {
    let d = dir("pipe");
    let hello = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");
    let out = piped(
        &d,
        &["--program", hello],
        "examine long 64\ndeposit /@ HELP\nexamine /@\ngo\nshow counters\nshow time\nquit\nexamine 64\n",
    );
    let (o, _) = ok(&out);
    // The text HELLO as a long line at 64, least significant character first.
    assert!(o.contains("/@ (64): HELLO///"), "{o}");
    assert!(o.contains("/@ (64): HELP "), "{o}");
    assert!(o.contains("\nHELPO WORLD\n"), "{o}");
    assert!(o.contains("stop: dynamic stop"), "{o}");
    assert!(o.contains("instructions 71"), "{o}");
    assert!(o.contains("instructions per host second"), "{o}");
    // `quit` ends the session: the examine after it is not obeyed.
    assert_eq!(o.matches("/@ (64)").count(), 2, "{o}");

    // A command that fails is reported, the next one obeyed, and the status is 1.
    let out = piped(&d, &[], "fly\ne A\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown command `fly`"));
    assert!(String::from_utf8_lossy(&out.stdout).contains("A: ////////////////  0"));
}
