//! `mark1 serve` in its own process, as the web tests that need the binary start it.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A `mark1 serve` process, killed when dropped.
pub struct Serve {
    /// The process.
    pub child: Child,
    /// Where it listens (`127.0.0.1:PORT`), from its address line.
    pub addr: String,
    /// What it said on standard error before its address line (a warning, say).
    pub before: Vec<String>,
}

impl Serve {
    /// `mark1 serve ARGS`, waiting up to 30 s for its address line. Sessions are kept
    /// under a temporary folder unless ARGS name `--data`, never in the user's. What it
    /// says after the address line shows on the test's standard error.
    pub fn start<S: AsRef<OsStr>>(args: &[S]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mark1"))
            .arg("serve")
            .args(args)
            .env(
                "XDG_DATA_HOME",
                std::env::temp_dir().join("mark1-test-data"),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mark1 serve starts");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut found = false;
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if found {
                    // Anything the server says later (a panic would be a fault) shows.
                    eprintln!("mark1 serve: {line}");
                } else {
                    found = line.starts_with("mark1 serve: the Mark 1 at http://");
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        });
        // Made first, so that the process is killed if the address never comes.
        let mut serve = Serve {
            child,
            addr: String::new(),
            before: Vec::new(),
        };
        loop {
            let line = rx
                .recv_timeout(Duration::from_secs(30))
                .expect("mark1 serve says where it listens within 30 s");
            if let Some(rest) = line.strip_prefix("mark1 serve: the Mark 1 at http://") {
                serve.addr = rest.split('/').next().unwrap_or("").to_string();
                return serve;
            }
            serve.before.push(line);
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
