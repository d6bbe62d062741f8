//! Limits on every count and every input, through the binary: `--check` and
//! `--threads` bounded with a clear refusal; every file a user names read with the size
//! limit of its kind (`/dev/zero` refused at once, a drum image at 131,072 bytes); a
//! console line that is not UTF-8 refused with its number, nothing dropped silently; and
//! the small ones: messages in words, the assembler's limits said.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::ws;

/// A scratch folder of this test file.
fn scratch(name: &str) -> PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_limits")
        .join(name);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `mark1 ARGS` with `stdin` piped in; asserts it ended within 60 s (a refusal
/// must not read or allocate first).
fn mark1_in(args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin).unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{args:?} took {:?}",
        start.elapsed()
    );
    out
}

fn mark1(args: &[&str]) -> Output {
    mark1_in(args, b"")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// No Rust words in what a user reads.
fn assert_words(text: &str) {
    for rust in [
        "invalid digit",
        "target type",
        "..=",
        "internally tagged",
        "Some(",
        "os error 21",
    ] {
        assert!(!text.contains(rust), "`{rust}` in: {text}");
    }
}

// Item 10: counts.

#[test]
fn check_counts_are_bounded_like_the_bell_games() {
    for game in ["prinz", "nim", "draughts", "turochamp", "bridgit"] {
        let o = mark1(&[game, "--check", "1000000000000"]);
        assert_eq!(o.status.code(), Some(2), "{game}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("--check") && err.contains("1 to 1000000"),
            "{game}: {err}"
        );
        assert_words(&err);
    }
}

#[test]
fn threads_are_bounded_by_the_cores() {
    for args in [
        &["nim", "--check", "3", "--threads", "100000"][..],
        &["prinz", "--check", "1", "--threads", "100000"][..],
        &[
            "ref",
            "chess",
            "perft",
            "--depth",
            "1",
            "--threads",
            "100000",
        ][..],
        &[
            "bridgit",
            "--check",
            "1",
            "--threads",
            "99999999999999999999999",
        ][..],
    ] {
        let o = mark1(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("4 a core") && err.contains("so at most"),
            "{args:?}: {err}"
        );
    }
}

// Item 11: files read with a limit.

#[cfg(unix)]
#[test]
fn endless_files_are_refused_with_their_limit() {
    for (args, said) in [
        (
            &["run", "/dev/zero"][..],
            "/dev/zero is larger than the 4,194,304-byte limit for a program file",
        ),
        (
            &["disasm", "/dev/zero"][..],
            "larger than the 4,194,304-byte limit for a program file",
        ),
        (
            &["asm", "/dev/zero"][..],
            "/dev/zero: cannot read the file: larger than the 4,194,304-byte limit for assembler source",
        ),
        (
            &["run", "--tape", "/dev/zero"][..],
            "larger than the 4,194,304-byte limit for a paper tape",
        ),
        (
            &["console", "--script", "/dev/zero"][..],
            "larger than the 1,048,576-byte limit for a script",
        ),
        (
            &["console", "--drum", "/dev/zero", "--script", "/dev/null"][..],
            "/dev/zero is larger than the 131,072-byte limit for a drum image",
        ),
        (
            &["console", "--tape", "/dev/zero", "--script", "/dev/null"][..],
            "larger than the 4,194,304-byte limit for a paper tape",
        ),
        (
            &["simh", "/dev/zero"][..],
            "larger than the 1,048,576-byte limit for a script",
        ),
        (
            &["debug", "--headless", "programs/hello.m1", "--script", "/dev/zero"][..],
            "larger than the 1,048,576-byte limit for a script",
        ),
        (
            &["menace", "boxes", "--drum", "/dev/zero"][..],
            "larger than the 131,072-byte limit for a drum image",
        ),
        (
            &["noughts", "--script", "/dev/zero"][..],
            "larger than the 1,048,576-byte limit for a script",
        ),
        (
            &["draughts", "--script", "/dev/zero"][..],
            "larger than the 1,048,576-byte limit for a script",
        ),
    ] {
        let o = mark1(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(said), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn large_files_are_refused_with_their_limit() {
    let d = scratch("large");
    // A drum image one byte too long, named .drm and not.
    let drum = vec![0u8; 131_073];
    for name in ["big.drm", "big.bin"] {
        let p = d.join(name);
        std::fs::write(&p, &drum).unwrap();
        let o = mark1(&[
            "console",
            "--drum",
            p.to_str().unwrap(),
            "--script",
            "/dev/null",
        ]);
        assert_eq!(o.status.code(), Some(1));
        assert!(
            stderr(&o).contains("is larger than the 131,072-byte limit for a drum image"),
            "{}",
            stderr(&o)
        );
    }
    let o = mark1(&["run", d.join("big.drm").to_str().unwrap()]);
    assert!(
        stderr(&o).contains("larger than the 131,072-byte limit for a drum image"),
        "{}",
        stderr(&o)
    );
    // Source one byte over 4 MiB: refused by asm and run, the limit said.
    let mut text = "; ".to_string();
    text.push_str(&"x".repeat((4 << 20) - 2));
    text.push('\n');
    let src = d.join("big.m1");
    std::fs::write(&src, &text).unwrap();
    for cmd in ["asm", "run"] {
        let o = mark1(&[cmd, src.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        assert!(
            stderr(&o).contains("-byte limit for") && stderr(&o).contains("4,194,304"),
            "{cmd}: {}",
            stderr(&o)
        );
    }
    // An include over the limit names the included file.
    std::fs::write(d.join("main.m1"), "        .include \"big.m1\"\n").unwrap();
    let o = mark1(&["asm", d.join("main.m1").to_str().unwrap()]);
    assert!(
        stderr(&o).contains("big.m1 is larger than the 4,194,304-byte limit for assembler source"),
        "{}",
        stderr(&o)
    );
}

// Item 13: a line that is not UTF-8.

#[test]
fn piped_console_refuses_a_line_that_is_not_text_and_reads_on() {
    let o = mark1_in(
        &["console"],
        b"show counters\n\xff\xfe bad\nset h 5\nshow registers\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("line 2: not UTF-8 text"), "{err}");
    assert!(err.contains("1 command(s) failed"), "{err}");
    // The lines after it were obeyed: H was set and shown.
    let out = stdout(&o);
    assert!(out.contains("instructions 0"), "{out}");
    assert!(out.contains("H: S///"), "{out}");
}

#[test]
fn piped_console_refuses_an_overlong_line_and_reads_on() {
    let mut input = b"show counters\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 200_000));
    input.extend(b"\nshow registers\n");
    let o = mark1_in(&["console"], &input);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("line 2: longer than the 65,536-byte limit for a command line"),
        "{err}"
    );
    assert!(stdout(&o).contains("PI:"), "{}", stdout(&o));
}

#[test]
fn a_script_line_that_is_not_text_stops_it_as_a_bad_command_does() {
    let d = scratch("script");
    let s = d.join("s.con");
    std::fs::write(&s, b"show counters\n\xff\xfe bad\nshow registers\n").unwrap();
    let o = mark1(&["console", "--script", s.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    // The first line was obeyed; the script stopped at the second, by number.
    assert!(err.contains("instructions 0"), "{err}");
    assert!(err.contains("s.con:2: not UTF-8 text"), "{err}");
    assert!(!err.contains("PI:"), "{err}");
}

// Item 14: the small ones.

#[test]
fn michie_refuses_a_board_where_the_game_is_over() {
    for (board, said) in [
        ("xxxxxxxxx", "game is over"),
        ("xoxxoooxx", "the board is full"),
        ("xxx.oo...", "x has three in a line"),
    ] {
        let o = mark1(&["ref", "noughts", "michie", "--board", board]);
        assert_eq!(o.status.code(), Some(1), "{board}: {}", stdout(&o));
        assert!(stderr(&o).contains(said), "{board}: {}", stderr(&o));
        assert!(!stdout(&o).contains("the machine plays"), "{}", stdout(&o));
    }
    let o = mark1(&["ref", "noughts", "michie", "--board", "x.o..xo.."]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("the machine plays"));
}

#[test]
fn a_draughts_man_on_its_crowning_row_is_refused() {
    for (fen, said) in [
        (
            "W:W1:B32",
            "a Black man on square 32 is on its crowning row",
        ),
        (
            "B:W3,20:B5",
            "a White man on square 3 is on its crowning row",
        ),
    ] {
        let o = mark1(&["ref", "draughts", "best", "--fen", fen]);
        assert_eq!(o.status.code(), Some(1), "{fen}: {}", stdout(&o));
        assert!(stderr(&o).contains(said), "{fen}: {}", stderr(&o));
    }
    // Kings there are fine.
    let o = mark1(&["ref", "draughts", "best", "--fen", "W:WK1:BK32"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Assembles `source` as `name` in a scratch folder; returns the output.
fn asm(name: &str, source: &str, extra: &[&str]) -> Output {
    let d = scratch("asm");
    let f = d.join(name);
    std::fs::write(&f, source).unwrap();
    let mut args = vec!["asm", f.to_str().unwrap()];
    args.extend(extra);
    mark1(&args)
}

#[test]
fn a_flat_sum_of_many_terms_assembles() {
    let d = scratch("asm");
    let out = |n: &str| d.join(n).to_str().unwrap().to_string();
    for (terms, op, value) in [(256, "+", 256), (100_000, "+", 100_000), (5_000, "*", 1)] {
        let sum = vec!["a"; terms].join(op);
        let o = asm(
            "flat.m1",
            &format!("a = 1\nb = {sum}\n        .word b\n"),
            &["-o", &out("flat.m1i"), "--force"],
        );
        assert!(o.status.success(), "{terms}: {}", stderr(&o));
        let o = asm(
            "plain.m1",
            &format!("        .word {value}\n"),
            &["-o", &out("plain.m1i"), "--force"],
        );
        assert!(o.status.success());
        assert_eq!(
            std::fs::read_to_string(d.join("flat.m1i")).unwrap(),
            std::fs::read_to_string(d.join("plain.m1i")).unwrap(),
            "{terms} terms"
        );
    }
}

/// A cycle of equates is said once, whole, on its first equate's line; its other equate
/// gets one line pointing there, and its use nothing more (issue 38: one line a label of
/// the cycle at most).
#[test]
fn a_circular_equate_says_its_cycle_once() {
    let o = asm("circ.m1", "x = y + 1\ny = x\n        .word x\n", &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("circ.m1:1:5: circular definition: x -> y -> x"),
        "{err}"
    );
    assert!(
        err.contains("circ.m1:2:5: `y` is part of the circular definition said at line 1"),
        "{err}"
    );
    assert!(!err.contains("circ.m1:3:"), "{err}");
    assert_eq!(err.matches("->").count(), 2, "{err}");
    assert!(!err.contains("in `"), "{err}");
}

#[test]
fn the_error_list_says_how_many_more_past_100() {
    let source: String = (0..150)
        .map(|i| format!("        .word undefined{i}\n"))
        .collect();
    let o = asm("many.m1", &source, &[]);
    let err = stderr(&o);
    assert_eq!(err.matches("undefined name").count(), 100, "{err}");
    assert!(
        err.contains("... and 50 more errors (only the first 100 are shown)"),
        "{err}"
    );
}

#[test]
fn a_file_level_error_has_no_line_or_caret() {
    let d = scratch("asm");
    let missing = d.join("missing.m1");
    let o = mark1(&["asm", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("{}: cannot read the file:", missing.display())),
        "{err}"
    );
    assert!(!err.contains(":0:0") && !err.contains('^'), "{err}");
}

#[test]
fn number_refusals_are_in_words() {
    for (args, said) in [
        (
            &["run", "--max-beats", "abc", "x.m1"][..],
            "not a whole number",
        ),
        (
            &["run", "--max-beats", "99999999999999999999999", "x.m1"][..],
            "too large a number",
        ),
        (
            &["nim", "--check", "0"][..],
            "is not in the range 1 to 1000000",
        ),
        (
            &["bridgit", "--think", "--moves", "1,x"][..],
            "move 2: `x` is not a crossing number",
        ),
    ] {
        let o = mark1(args);
        assert!(!o.status.success());
        let err = stderr(&o);
        assert!(err.contains(said), "{args:?}: {err}");
        assert_words(&err);
    }
}

#[test]
fn debug_size_says_its_limits() {
    let o = mark1(&["debug", "--help"]);
    assert!(
        stdout(&o).contains("20 to 1000 columns, 5 to 1000 rows"),
        "{}",
        stdout(&o)
    );
    let o = mark1(&["debug", "--headless", "--size", "5x5", "programs/hello.m1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("--size 5x5")
            && stderr(&o).contains("20 to 1000 columns by 5 to 1000 rows"),
        "{}",
        stderr(&o)
    );
}

/// The web console's refusal of a message that is not a JSON object names what is
/// wanted, not serde's Rust type (a real WebSocket on 127.0.0.1).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_web_message_that_is_not_an_object_is_refused_in_words() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let shared = mark1::web::server::Shared::new(mark1::web::session::built_in());
    tokio::spawn(mark1::web::server::serve(listener, shared));
    let mut s = ws::connect(&addr).await;
    for bad in ["[1]", "5", "\"run\"", "garbage"] {
        s.send(Message::Text(bad.to_string().into())).await.unwrap();
        let v = ws::until(&mut s, |v| v["type"] == "error").await;
        let message = v["message"].as_str().unwrap().to_string();
        assert!(
            message.contains("a JSON object with an `op` field"),
            "{bad}: {message}"
        );
        assert_words(&message);
    }
}
