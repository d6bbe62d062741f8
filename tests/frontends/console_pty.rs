//! The interactive `mark1 console` in a pseudo-terminal (portable-pty), its screen read
//! with a terminal emulator (vt100): the prompt, examine, deposit, go, show, the line
//! editor's history, Ctrl-C stopping a run with the state kept, and quit.

use crate::common::pty;

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

struct Term {
    parser: vt100::Parser,
    rx: mpsc::Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Term {
    /// Starts `mark1 console ARGS` in a 60 × 160 terminal in `cwd`.
    fn start(cwd: &Path, args: &[&str]) -> Term {
        let mut all = vec![OsStr::new("console")];
        all.extend(args.iter().map(OsStr::new));
        let pty::Pty {
            parser,
            rx,
            writer,
            child,
        } = pty::spawn(&all, cwd, 60, 160);
        Term {
            parser,
            rx,
            writer,
            child,
        }
    }

    /// Feeds output to the emulator until `done` holds of the screen (20 s at most),
    /// answering the cursor-position query the line editor makes.
    fn wait(&mut self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            let s = self.parser.screen().contents();
            if done(&s) {
                return s;
            }
            assert!(
                Instant::now() < end,
                "timed out waiting for {what}; screen:\n{s}"
            );
            if let Ok(b) = self.rx.recv_timeout(Duration::from_millis(100)) {
                self.parser.process(&b);
                if b.windows(4).any(|w| w == b"\x1b[6n") {
                    let (r, c) = self.parser.screen().cursor_position();
                    self.send(&format!("\x1b[{};{}R", r + 1, c + 1));
                }
            }
        }
    }

    fn wait_for(&mut self, text: &str) -> String {
        self.wait(text, |s| s.contains(text))
    }

    /// Waits until `text` is on the screen `n` times.
    fn wait_count(&mut self, text: &str, n: usize) -> String {
        self.wait(&format!("{n} times {text}"), |s| {
            s.matches(text).count() >= n
        })
    }

    /// Types `line` and Enter once the prompt is there, and waits for the next prompt.
    fn command(&mut self, line: &str) -> String {
        let n = self.parser.screen().contents().matches("mark1> ").count();
        self.send(&format!("{line}\r"));
        self.wait_count("mark1> ", n + 1)
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits for the process to end; its exit status.
    fn exit(mut self) -> portable_pty::ExitStatus {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            // Keep reading so that the child never blocks on a full terminal.
            while let Ok(b) = self.rx.try_recv() {
                self.parser.process(&b);
            }
            if let Some(st) = self.child.try_wait().unwrap() {
                return st;
            }
            if Instant::now() > end {
                let _ = self.child.kill();
                panic!(
                    "mark1 console did not end; screen:\n{}",
                    self.parser.screen().contents()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

#[test]
fn prompt_examine_deposit_go_show_history_quit() {
    let hello = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");
    let mut t = Term::start(&std::env::temp_dir(), &["--program", hello]);
    t.wait_count("mark1> ", 1);
    assert!(t.command("examine long 64").contains("/@ (64): HELLO///"));
    t.command("deposit 64 HELP");
    assert!(t.command("e /@").contains("/@ (64): HELP  "));
    // The line editor's history: Up brings back the last command.
    let s = t.command("\x1b[A");
    assert_eq!(s.matches("/@ (64): HELP  ").count(), 2, "{s}");
    let s = t.command("go");
    assert!(s.contains("HELPO WORLD"), "{s}");
    assert!(s.contains("stop: dynamic stop"), "{s}");
    assert!(t
        .command("show counters")
        .contains("instructions 71  beats"));
    assert!(t
        .command("help deposit")
        .contains("deposit: set store lines"));
    t.send("quit\r");
    assert!(t.exit().success());
}

#[test]
fn ctrl_c_stops_a_run_and_keeps_the_state() {
    let dir = std::env::temp_dir().join(format!("mark1-con-pty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Two lines jumping to each other: the machine never stops by itself.
    std::fs::write(
        dir.join("loop.m1"),
        "        .org 1\nl1:     /P j_l2\nl2:     /P j_l1\n        .org 64\nj_l1:   .jump l1\nj_l2:   .jump l2\n",
    )
    .unwrap();
    let mut t = Term::start(&dir, &["--program", "loop.m1"]);
    t.wait_count("mark1> ", 1);
    t.command("limit 100000000000000");
    // Keys are sent only once the line editor shows its prompt (before that the
    // terminal's own line discipline would take them).
    t.send("go\r");
    std::thread::sleep(Duration::from_millis(700));
    t.send("\x03");
    let s = t.wait_for("interrupted: stopped by the operator before line");
    assert!(s.contains("`go` goes on from there"), "{s}");
    t.wait_count("mark1> ", 3);
    // The machine is where it was: C in the loop, and the counters kept.
    let s = t.command("show counters");
    let line = s.lines().find(|l| l.starts_with("instructions ")).unwrap();
    assert!(!line.starts_with("instructions 0 "), "{line}");
    // C holds the line before the next one obeyed: 0 or 1 (a jump sets C to the line
    // before its target).
    let s = t.command("e C");
    assert!(s.contains("C: //  0  ") || s.contains("C: E/  1  "), "{s}");
    // Ctrl-C at the prompt does not end the console; Ctrl-D does.
    let n = t.parser.screen().contents().matches("mark1> ").count();
    t.send("\x03");
    t.wait_count("mark1> ", n + 1);
    assert!(t.parser.screen().contents().contains("(Ctrl-C stops a run"));
    t.send("\x04");
    assert!(t.exit().success());
}
