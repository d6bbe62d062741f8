//! Drives the real `mark1 debug` in a pseudo-terminal (portable-pty), reads the screen
//! with a terminal emulator (vt100), and works it through step, breakpoint, run and quit.

use crate::common::pty;

use std::io::Write;
use std::sync::mpsc;
use std::time::{Duration, Instant};

struct Screen {
    parser: vt100::Parser,
    rx: mpsc::Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
}

impl Screen {
    /// Feeds output to the emulator until the screen contains `text` (20 s at most),
    /// answering the terminal queries crossterm makes.
    fn wait_for(&mut self, text: &str) -> String {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            let s = self.parser.screen().contents();
            if s.contains(text) {
                return s;
            }
            assert!(
                Instant::now() < end,
                "timed out waiting for {text:?}; screen:\n{s}"
            );
            if let Ok(b) = self.rx.recv_timeout(Duration::from_millis(100)) {
                // Primary device attributes: a terminal without the kitty protocol.
                if b.windows(3).any(|w| w == b"\x1b[c") {
                    self.send("\x1b[?62;22c");
                }
                self.parser.process(&b);
            }
        }
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }
}

/// Starts `mark1 debug programs/prinz15.m1` in a `rows` × `cols` pseudo-terminal with
/// `cwd` as its current directory.
fn start(rows: u16, cols: u16, cwd: &std::path::Path) -> (Screen, Box<dyn portable_pty::Child>) {
    let program = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/prinz15.m1");
    let p = pty::spawn(
        &[std::ffi::OsStr::new("debug"), program.as_os_str()],
        cwd,
        rows,
        cols,
    );
    let s = Screen {
        parser: p.parser,
        rx: p.rx,
        writer: p.writer,
    };
    (s, p.child)
}

/// Sends `q` and waits for a clean exit.
fn quit(s: &mut Screen, mut child: Box<dyn portable_pty::Child>) {
    s.send("q");
    let end = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("mark1 debug did not quit");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
}

#[test]
fn step_break_run_quit_in_a_terminal() {
    let (mut s, child) = start(50, 140, std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    let first = s.wait_for("q quit");
    assert!(first.contains("instructions 0 "), "{first}");
    s.send("s");
    let one = s.wait_for("instructions 1 ");
    assert!(
        one.contains("E/ ME/C"),
        "history shows the first instruction:\n{one}"
    );
    s.send(":break U/\r");
    s.wait_for("break: U/");
    s.send("3");
    s.wait_for("speed full");
    s.send("r");
    let stopped = s.wait_for("stopped: breakpoint at line U/");
    assert!(stopped.contains("instructions 6 "), "{stopped}");
    s.send("s");
    let stepped = s.wait_for("next line ½/");
    assert!(stepped.contains("U/ PETN"), "{stepped}");
    assert!(stepped.contains("instructions 7 "), "{stepped}");
    quit(&mut s, child);
}

#[test]
fn prompt_clears_with_ctrl_u_and_png_says_where() {
    let dir = std::env::temp_dir().join(format!("mark1-tui-pty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut s, child) = start(50, 140, &dir);
    s.wait_for("q quit");
    // `b` prefills `break E/` (the next line); Ctrl-U clears it for another line.
    s.send("b");
    s.wait_for(":break E/");
    s.send("\x15break U/\r");
    s.wait_for("break: U/");
    s.send("P");
    let png = dir.join("mark1-tubes.png");
    let shown = s.wait_for("wrote the tubes to");
    let full = std::path::absolute(&png).unwrap();
    assert!(
        shown.contains(&full.display().to_string()),
        "names the file in full:\n{shown}"
    );
    assert!(png.is_file());
    quit(&mut s, child);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_small_terminal_is_told_what_is_cut_off() {
    let (mut s, child) = start(24, 80, std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    let screen = s.wait_for("the console needs 140x50");
    assert!(screen.contains("terminal 80x24"), "{screen}");
    quit(&mut s, child);
}

/// `e` opens the examine prompt and never clears the store; a range examined is shown
/// whole until a key is pressed; KEC is `K` twice (a first `K` asks, another key
/// cancels), and the title then says where the machine is, not the old stop.
#[test]
fn e_examines_and_kec_asks_first() {
    let (mut s, child) = start(50, 140, std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    s.wait_for("q quit");
    s.send("s");
    s.wait_for("next line @/");
    s.send("e");
    s.wait_for(":e █");
    s.send("YE-PE\r");
    let shown = s.wait_for("(any key closes)");
    assert!(shown.contains("YE (53): ££//"), "{shown}");
    assert!(shown.contains("PE (54): E///"), "{shown}");
    assert!(
        shown.contains("instructions 1 "),
        "nothing cleared:\n{shown}"
    );
    s.send("x");
    s.send("K");
    s.wait_for("press K again");
    s.send("x");
    let kept = s.wait_for("KEC not pressed");
    assert!(kept.contains("next line @/"), "{kept}");
    s.send("K");
    s.wait_for("press K again");
    s.send("K");
    let cleared = s.wait_for("KEC pressed");
    assert!(cleared.contains("stopped; next line E/"), "{cleared}");
    quit(&mut s, child);
}
