//! The pseudo-terminal harness of the pty tests: `mark1` started in a pseudo-terminal
//! (portable-pty), its output read on a thread and handed over a channel, to be fed to a
//! terminal emulator (vt100) of the same size.

use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc;

/// `mark1` running in a pseudo-terminal.
pub struct Pty {
    /// The terminal emulator, `rows` × `cols`, fed nothing yet.
    pub parser: vt100::Parser,
    /// What the program writes, as it comes.
    pub rx: mpsc::Receiver<Vec<u8>>,
    /// The keyboard.
    pub writer: Box<dyn Write + Send>,
    /// The process.
    pub child: Box<dyn portable_pty::Child + Send + Sync>,
}

/// Starts `mark1 ARGS` in a `rows` × `cols` pseudo-terminal with `cwd` as its current
/// directory and `TERM=xterm-256color`.
pub fn spawn(args: &[&std::ffi::OsStr], cwd: &Path, rows: u16, cols: u16) -> Pty {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_mark1"));
    for a in args {
        cmd.arg(a);
    }
    cmd.cwd(cwd);
    cmd.env("TERM", "xterm-256color");
    let child = pair.slave.spawn_command(cmd).expect("spawns mark1");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    Pty {
        parser: vt100::Parser::new(
            std::num::NonZeroU16::new(rows).unwrap(),
            std::num::NonZeroU16::new(cols).unwrap(),
            0,
        ),
        rx,
        writer: pair.master.take_writer().unwrap(),
        child,
    }
}
