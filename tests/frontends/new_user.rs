//! What a new user tripped over, each tried through the binary as the
//! user typed it.

use std::process::{Command, Output};

fn mark1(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .expect("the mark1 binary runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `ref chess mate2` and `prinz` share one validation: the side not to move in check, or
/// a pawn on the first or eighth rank, is refused by both with the same reason.
#[test]
fn one_chess_validation_for_prinz_and_ref() {
    for (fen, reason) in [
        (
            "kK6/8/8/8/8/8/8/7R w - - 0 1",
            "the side not to move is in check",
        ),
        ("k7/8/8/8/8/8/8/K5RP w - - 0 1", "a pawn on rank 1"),
        ("k6P/8/8/8/8/8/8/K5R1 w - - 0 1", "a pawn on rank 8"),
    ] {
        for args in [
            vec!["ref", "chess", "mate2", "--fen", fen],
            vec!["ref", "chess", "perft", "--fen", fen, "--depth", "1"],
            vec!["prinz", "--fen", fen],
        ] {
            let o = mark1(&args);
            assert!(!o.status.success(), "{args:?} accepted {fen}");
            assert!(text(&o).contains(reason), "{args:?}: {}", text(&o));
            assert!(!text(&o).contains("MATE"), "{args:?}: {}", text(&o));
        }
    }
}

/// A scratch folder for files a test writes, under cargo's target directory, emptied
/// first: mark1 refuses to replace a file left by an earlier run (docs/guide.md, "Files
/// mark1 writes").
fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

/// `mark1 run FILE.drm` boots the drum the period way (H = ////, KEC, run) instead of
/// failing with "stream did not contain valid UTF-8"; `asm --drm` makes such a drum.
#[test]
fn run_boots_a_drum_image() {
    let d = scratch("run_boots_a_drum_image");
    let drm = d.join("hello.drm");
    let o = mark1(&["asm", "programs/hello.m1", "--drm", drm.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let o = mark1(&["run", drm.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("HELLO WORLD"), "{}", text(&o));
    assert!(text(&o).contains("dynamic stop"), "{}", text(&o));
}

/// Any other binary file given to `run` is refused with the accepted forms named, never
/// a UTF-8 error; a drum image given where a store image belongs says what to use.
#[test]
fn run_names_the_accepted_forms_for_a_binary_file() {
    let d = scratch("run_names_the_accepted_forms");
    let bin = d.join("junk.bin");
    std::fs::write(&bin, [0xffu8, 0xfe, 0x00, 0x80, 0x41, 0x42]).unwrap();
    let o = mark1(&["run", bin.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let t = text(&o);
    assert!(!t.contains("UTF-8"), "{t}");
    for form in [".m1", ".m1i", ".drm", "--tape"] {
        assert!(t.contains(form), "{form}: {t}");
    }
    let drm = d.join("hello.drm");
    let o = mark1(&["asm", "programs/hello.m1", "--drm", drm.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let con = d.join("go.con");
    std::fs::write(&con, "go\n").unwrap();
    let o = mark1(&[
        "console",
        "--program",
        drm.to_str().unwrap(),
        "--script",
        con.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("console --drum"), "{}", text(&o));
}

/// `--display-pages 0,1`, the form docs/console.md shows, is accepted; a page past 7 is
/// refused with the reason.
#[test]
fn display_pages_takes_the_documented_form() {
    let d = scratch("display_pages_takes_the_documented_form");
    let png = d.join("tubes.png");
    let o = mark1(&[
        "run",
        "--display-pages",
        "0,1",
        "programs/hello.m1",
        "--display-png",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(std::fs::metadata(&png).unwrap().len() > 0);
    let o = mark1(&["run", "programs/hello.m1", "--display-pages", "0,9"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("not a page 0-7"), "{}", text(&o));
    let guide = std::fs::read_to_string("docs/console.md").unwrap();
    assert!(guide.contains("--display-pages 0,1"));
}

/// The teleprinter paper on standard output ends with a newline (no `HELLO WORLDrc=0`
/// in a shell), for `run` and `console`.
#[test]
fn printed_paper_ends_with_a_newline() {
    let d = scratch("printed_paper_ends_with_a_newline");
    let con = d.join("go.con");
    std::fs::write(&con, "go\n").unwrap();
    let o = mark1(&[
        "console",
        "--program",
        "programs/hello.m1",
        "--script",
        con.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("HELLO WORLD"), "{out}");
    assert!(out.ends_with('\n'), "{out:?}");
    let o = mark1(&["run", "programs/hello.m1"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("HELLO WORLD\n"), "{out:?}");
}

/// One exit rule for `run` and `console`: 0 when the machine stopped by itself, 3 when
/// the beat limit came first (1 stays for errors, 2 for clap's usage errors).
#[test]
fn run_and_console_share_the_exit_rule() {
    let d = scratch("run_and_console_share_the_exit_rule");
    let o = mark1(&["run", "programs/hello.m1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = mark1(&["run", "programs/hello.m1", "--max-beats", "100"]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(text(&o).contains("beat limit reached"), "{}", text(&o));
    let o = mark1(&["run", "programs/hello.m1", "--max-beats", "100", "--json"]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    let (go, limited) = (d.join("go.con"), d.join("limited.con"));
    std::fs::write(&go, "go\n").unwrap();
    std::fs::write(&limited, "limit 100\ngo\n").unwrap();
    for (script, code) in [(&go, 0), (&limited, 3)] {
        let o = mark1(&[
            "console",
            "--program",
            "programs/hello.m1",
            "--script",
            script.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(code), "{}", text(&o));
    }
    let bad = d.join("bad.con");
    std::fs::write(&bad, "go\nexpect \"GOODBYE\"\n").unwrap();
    let o = mark1(&[
        "console",
        "--program",
        "programs/hello.m1",
        "--script",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    for cmd in ["run", "console"] {
        let o = mark1(&[cmd, "--help"]);
        assert!(text(&o).contains("Exit status: 0"), "{cmd}");
    }
}

/// Simulated seconds in `run --json` are rounded to the microsecond (a beat is 240 µs):
/// `2.41896`, not `2.4189599999999998`.
#[test]
fn run_json_seconds_are_rounded() {
    let o = mark1(&["run", "programs/hello.m1", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let beats = v["beats"].as_u64().unwrap();
    let line = out
        .lines()
        .find(|l| l.contains("\"simulated_seconds\""))
        .unwrap();
    let shown = line.split(':').nth(1).unwrap().trim().trim_end_matches(',');
    let micros = beats * 240;
    let exact = format!("{}.{:06}", micros / 1_000_000, micros % 1_000_000);
    assert_eq!(shown, exact.trim_end_matches('0'), "{line}");
}

/// `ref chess perft` and `ref draughts perft` refuse depths past their stated limits
/// (7 and 15 plies, named in the message and in --help) instead of running for ever.
#[test]
fn perft_refuses_depths_past_the_limit() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    for (args, limit) in [
        (
            vec!["ref", "chess", "perft", "--fen", start, "--depth", "99"],
            "0 to 7",
        ),
        (vec!["ref", "draughts", "perft", "--depth", "99"], "0 to 15"),
        (
            vec!["ref", "draughts", "perft", "--depth", "16", "--divide"],
            "0 to 15",
        ),
    ] {
        let o = mark1(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(limit), "{args:?}: {}", text(&o));
    }
    let o = mark1(&["ref", "chess", "perft", "--help"]);
    assert!(text(&o).contains("0-7"), "{}", text(&o));
    let o = mark1(&["ref", "draughts", "perft", "--help"]);
    assert!(text(&o).contains("0-15"), "{}", text(&o));
    // Without a terminal the count stands alone: no progress bar on standard error.
    let o = mark1(&["ref", "chess", "perft", "--fen", start, "--depth", "3"]);
    // (2 124, not 8 902: Prinz's rules have no double steps.)
    assert_eq!(String::from_utf8_lossy(&o.stdout), "perft(3) = 2124\n");
    assert!(o.stderr.is_empty(), "{}", text(&o));
}

/// A deep perft with standard error on a terminal shows a progress bar (root moves done
/// of their total), cleared at the end.
#[test]
fn deep_perft_shows_progress_on_a_terminal() {
    use portable_pty::{native_pty_system, CommandBuilder, PtySize};
    use std::io::Read;
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_mark1"));
    // King and rook against king: six plies in a moment.
    for a in [
        "ref",
        "chess",
        "perft",
        "--fen",
        "k7/8/8/8/8/8/8/K6R w - - 0 1",
        "--depth",
        "6",
    ] {
        cmd.arg(a);
    }
    cmd.env("TERM", "xterm-256color");
    let mut child = pair.slave.spawn_command(cmd).expect("spawns mark1");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
            if String::from_utf8_lossy(&all).contains("perft(6) = ") {
                break;
            }
        }
        let _ = tx.send(all);
    });
    let all = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("perft finishes");
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let out = String::from_utf8_lossy(&all);
    assert!(out.contains("root moves"), "{out:?}");
}

/// `mark1 prinz --fen OTHER` does not compare with Figure 1's documented 15 minutes: the
/// documented time, moves and illegal moves are shown for Figure 1 only, in text and in
/// JSON; JSON seconds and ratios are rounded.
#[test]
fn prinz_documents_figure1_only() {
    let other = "6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1";
    let o = mark1(&["prinz", "--fen", other]);
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(!t.contains("about 15 minutes"), "{t}");
    assert!(!t.contains("about 450"), "{t}");
    assert!(
        t.contains("No documented time exists for this position"),
        "{t}"
    );
    let o = mark1(&["prinz"]);
    let t = text(&o);
    assert!(t.contains("about 15 minutes (Faster than Thought)"), "{t}");
    assert!(!t.contains("No documented time"), "{t}");

    let o = mark1(&["prinz", "--fen", other, "--json"]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["figure1"], false);
    assert!(v["documented"]["minutes"].is_null(), "{}", v["documented"]);
    assert!(v["documented"]["note"]
        .as_str()
        .unwrap()
        .contains("no documented time exists for this position"));
    let o = mark1(&["prinz", "--json"]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["figure1"], true);
    assert_eq!(v["documented"]["minutes"], 15.0);
    // 1 876 203 beats: 450.28872 s, not 450.28871999999996.
    assert!(out.contains("\"simulated_seconds\": 450.28872,"), "{out}");
    assert!(out.contains("\"seconds_per_move\": 0.858,"), "{out}");
    assert!(out.contains("\"transfers_per_legal_move\": 8.23"), "{out}");
}

/// `mark1 asm --help` says where the image goes without `-o` and points at a page that
/// describes the `--drm` loader; without `-o` the image is on standard output.
#[test]
fn asm_help_says_where_the_image_goes() {
    let o = mark1(&["asm", "--help"]);
    let t = text(&o);
    assert!(t.contains("goes to standard output"), "{t}");
    assert!(t.contains("docs/assembler.md"), "{t}");
    let page = std::fs::read_to_string("docs/assembler.md").unwrap();
    assert!(page.contains("### The bootable drum (`--drm`)"));
    assert!(page.contains("track 0, half 0"));
    let o = mark1(&["asm", "programs/hello.m1"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("MARK1-IMAGE"));
}

/// No Rust Debug forms in what the commands print: `prinz --check --json` is one JSON
/// object on standard output (the count on standard error), and a tape character that is
/// not one is named in words, not as a quoted Debug `char`.
#[test]
fn outputs_are_words_not_debug_forms() {
    let o = mark1(&["prinz", "--check", "3", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["positions"], 3);
    assert!(String::from_utf8_lossy(&o.stderr).contains("3 positions, 0 disagreements"));

    let d = scratch("outputs_are_words_not_debug_forms");
    let tape = d.join("bad.pt.txt");
    std::fs::write(&tape, "QQ~\n").unwrap();
    let o = mark1(&["run", "--tape", tape.to_str().unwrap()]);
    let t = text(&o);
    assert!(!o.status.success(), "{t}");
    assert!(t.contains("character `~` is not a tape character"), "{t}");
    assert!(!t.contains("'~'"), "{t}");
}

/// A source file of exactly 131 072 bytes (a drum image's size) is still source: `run`,
/// `disasm` and `console --program` accept it as `asm` does, rather than reading it as a
/// drum image and failing on its first word.
#[test]
fn a_source_file_of_drum_size_is_source() {
    let d = scratch("a_source_file_of_drum_size_is_source");
    let mut src = std::fs::read_to_string("programs/hello.m1").unwrap();
    src.push('\n');
    while src.len() < 131_072 {
        src.push_str(&";".repeat(79.min(131_072 - src.len() - 1)));
        src.push('\n');
    }
    assert_eq!(src.len(), 131_072);
    let f = d.join("hello.m1");
    std::fs::write(&f, &src).unwrap();
    let f = f.to_str().unwrap();
    let o = mark1(&["asm", f]);
    assert!(o.status.success(), "{}", text(&o));
    let o = mark1(&["run", f]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("HELLO WORLD"), "{}", text(&o));
    let o = mark1(&["disasm", f]);
    assert!(o.status.success(), "{}", text(&o));
    let con = d.join("go.con");
    std::fs::write(&con, "go\n").unwrap();
    let o = mark1(&["console", "--program", f, "--script", con.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("HELLO WORLD"), "{}", text(&o));
}

/// A tape given as the program (by its name, as raw rows, or as paper-tape text under
/// another name) is refused in one line that says to use `--tape`, not assembled into a
/// wall of diagnostics or echoed with its control characters.
#[test]
fn a_tape_given_as_the_program_says_use_tape() {
    let d = scratch("a_tape_given_as_the_program_says_use_tape");
    let pt = d.join("h.pt.txt");
    let o = mark1(&["asm", "programs/hello.m1", "--tape", pt.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let pt_text = std::fs::read(&pt).unwrap();
    let rows = mark1::formats::tape::read_pt_text(&pt_text).unwrap();
    let raw = d.join("h.raw");
    std::fs::write(&raw, &rows).unwrap();
    let other = d.join("h.txt");
    std::fs::write(&other, &pt_text).unwrap();
    for f in [&pt, &raw, &other] {
        let f = f.to_str().unwrap();
        for args in [vec!["run", f], vec!["disasm", f]] {
            let o = mark1(&args);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", text(&o));
            let t = text(&o);
            assert!(t.contains("a paper tape"), "{args:?}: {t}");
            assert!(t.contains("--tape FILE"), "{args:?}: {t}");
            assert_eq!(t.lines().count(), 1, "{args:?}: {t}");
            assert!(!t.bytes().any(|b| b < 32 && b != b'\n'), "{args:?}: {t:?}");
        }
    }
    // The tape itself still boots with --tape.
    let o = mark1(&["run", "--tape", pt.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("HELLO WORLD"), "{}", text(&o));
}

/// `run --hands` sets the switches a drum image boots with, and those any other program
/// starts with (issue 38); with a tape alone (which boots with H = ////) it is refused
/// instead of silently ignored.
#[test]
fn run_hands_goes_with_a_drum_image() {
    let d = scratch("run_hands_goes_with_a_drum_image");
    let pt = d.join("h.pt.txt");
    let o = mark1(&["asm", "programs/hello.m1", "--tape", pt.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let o = mark1(&["run", "--tape", pt.to_str().unwrap(), "--hands", "E///"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("--hands goes with a drum image"),
        "{}",
        text(&o)
    );
    let o = mark1(&["run", "programs/hello.m1", "--hands", "E///"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let drm = d.join("hello.drm");
    let o = mark1(&["asm", "programs/hello.m1", "--drm", drm.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let o = mark1(&["run", drm.to_str().unwrap(), "--hands", "////"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

/// `mark1 --help` lists the subcommands under headings (the machine; the period
/// programs; the reference engines; the servers), every subcommand once.
#[test]
fn help_groups_the_subcommands() {
    let o = mark1(&["--help"]);
    assert!(o.status.success());
    let help = String::from_utf8_lossy(&o.stdout).into_owned();
    let headings = [
        "The machine and its tools:",
        "Period programs on the emulated machine:",
        "Reference engines:",
        "Servers:",
    ];
    let mut at = 0;
    for h in headings {
        let i = help[at..]
            .find(h)
            .unwrap_or_else(|| panic!("{h} missing:\n{help}"));
        at += i + h.len();
    }
    for name in [
        "run", "asm", "prinz", "draughts", "guess-it", "ref", "serve", "simh",
    ] {
        let lines = help
            .lines()
            .filter(|l| l.split_whitespace().next() == Some(name))
            .count();
        assert_eq!(lines, 1, "{name} listed once:\n{help}");
    }
}
