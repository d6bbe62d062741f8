//! docs/tutorial.md and its programs: every `.m1` under `programs/tutorial/` is
//! assembled and run, and its teleprinter paper must be exactly the paper the tutorial
//! writes for it.
//!
//! The tutorial marks a program's paper with a fenced block whose info string is
//! `paper NAME` (NAME a file of `programs/tutorial/`), optionally followed by
//! `hands=H1,H2,...`: H1 is set on the hand switches before the run; with more than one
//! value the /L switch is on, and at each /L stop the next value is set and the machine
//! runs on. The block's text is the paper; trailing line ends are not compared (the
//! last order a program sets up, often a line feed, is still waiting at the stop).
//! A program without a paper block, a paper block without its program, or a name given
//! twice fails. Each program must end in a dynamic stop (a jump to itself) within
//! [`BEAT_LIMIT`] beats, having used every hand-switch value. The programs are run on
//! the library's machine, and again through the binary as the tutorial tells the reader
//! to: `mark1 run` for those without hand switches, `mark1 console` (`set h`, `switch L
//! on`, `go`) for the others.

use mark1::asm::assemble_file;
use mark1::machine::report::describe_stop;
use mark1::machine::{Budget, Config, Machine, Stop, StopSwitch};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The beats a tutorial program may take (the longest takes about 10,000).
const BEAT_LIMIT: u64 = 200_000;

/// One `paper` block of the tutorial.
#[derive(Debug)]
struct Paper {
    /// The hand-switch values, in the order they are set.
    hands: Vec<u32>,
    /// The paper, trailing line ends removed.
    text: String,
    /// The line of the doc where the block starts (for messages).
    line: usize,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Reads the `paper` blocks of a tutorial text, by program name. Panics on a malformed
/// block (an unknown word in the info string, a bad hand-switch value, a name given
/// twice, a block never closed).
fn papers(doc: &str) -> BTreeMap<String, Paper> {
    let mut out = BTreeMap::new();
    let mut lines = doc.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```paper") else {
            continue;
        };
        let mut words = info.split_whitespace();
        let name = words
            .next()
            .unwrap_or_else(|| panic!("docs/tutorial.md:{}: `paper` without a name", i + 1))
            .to_string();
        let mut hands = Vec::new();
        for w in words {
            let Some(list) = w.strip_prefix("hands=") else {
                panic!("docs/tutorial.md:{}: unknown word `{w}` after paper", i + 1);
            };
            for h in list.split(',') {
                hands
                    .push(mark1::console::parse_h(h).unwrap_or_else(|e| {
                        panic!("docs/tutorial.md:{}: hands `{h}`: {e}", i + 1)
                    }));
            }
        }
        let mut body = Vec::new();
        loop {
            let (_, l) = lines
                .next()
                .unwrap_or_else(|| panic!("docs/tutorial.md:{}: paper block not closed", i + 1));
            if l.starts_with("```") {
                break;
            }
            body.push(l);
        }
        let text = body.join("\n").trim_end_matches('\n').to_string();
        let paper = Paper {
            hands,
            text,
            line: i + 1,
        };
        if let Some(old) = out.insert(name.clone(), paper) {
            panic!(
                "docs/tutorial.md: the paper of {name} is given twice (lines {} and {})",
                old.line,
                i + 1
            );
        }
    }
    out
}

fn tutorial_papers() -> BTreeMap<String, Paper> {
    let doc = std::fs::read_to_string(root().join("docs/tutorial.md")).expect("docs/tutorial.md");
    papers(&doc)
}

/// Every `.m1` file of `programs/tutorial/`, by name, in order.
fn programs() -> Vec<(String, PathBuf)> {
    let mut v: Vec<(String, PathBuf)> = std::fs::read_dir(root().join("programs/tutorial"))
        .expect("programs/tutorial")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("m1"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    v.sort();
    v
}

/// Runs a tutorial program as its paper block says; returns the paper printed, or why
/// the run did not end as it should.
fn run(path: &Path, hands: &[u32]) -> Result<String, String> {
    let a = assemble_file(path).map_err(|e| format!("does not assemble: {e}"))?;
    let mut m = Machine::new(Config::default());
    m.load_image(&a.image);
    let mut next = hands.iter();
    if let Some(&h) = next.next() {
        m.set_hand_switches(h);
    }
    m.console.stop_l = hands.len() > 1;
    loop {
        let left = BEAT_LIMIT.saturating_sub(m.beats());
        match m.run(Budget::beats(left)) {
            Stop::DynamicStop { .. } => break,
            Stop::DummyStop {
                switch: StopSwitch::L,
                line,
            } => match next.next() {
                Some(&h) => m.set_hand_switches(h),
                None => {
                    return Err(format!(
                        "stopped at /L (line {line}) with no hand value left"
                    ))
                }
            },
            other => {
                return Err(format!(
                    "did not end in a dynamic stop within {BEAT_LIMIT} beats: {}",
                    describe_stop(&other)
                ))
            }
        }
    }
    if next.next().is_some() {
        return Err("ended before every hand-switch value was used".into());
    }
    Ok(m.printer_text().trim_end_matches('\n').to_string())
}

#[test]
fn every_program_has_its_paper_and_every_paper_its_program() {
    let papers = tutorial_papers();
    let progs = programs();
    assert!(progs.len() >= 8, "the tutorial has eight steps: {progs:?}");
    for (name, _) in &progs {
        assert!(
            papers.contains_key(name),
            "programs/tutorial/{name} has no ```paper {name} block in docs/tutorial.md"
        );
    }
    for (name, p) in &papers {
        assert!(
            progs.iter().any(|(n, _)| n == name),
            "docs/tutorial.md:{}: paper of {name}, which is not in programs/tutorial/",
            p.line
        );
    }
}

#[test]
fn every_program_prints_the_paper_the_tutorial_shows() {
    let papers = tutorial_papers();
    let mut failures = Vec::new();
    for (name, path) in programs() {
        let Some(p) = papers.get(&name) else {
            failures.push(format!("{name}: no paper in docs/tutorial.md"));
            continue;
        };
        match run(&path, &p.hands) {
            Ok(text) if text == p.text => {}
            Ok(text) => failures.push(format!(
                "{name}: printed {text:?}, docs/tutorial.md:{} shows {:?}",
                p.line, p.text
            )),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The programs that need no hand switches, run as the tutorial tells the reader to:
/// `mark1 run programs/tutorial/NAME`.
#[test]
fn mark1_run_prints_the_same_paper() {
    let papers = tutorial_papers();
    for (name, path) in programs() {
        let Some(p) = papers.get(&name).filter(|p| p.hands.is_empty()) else {
            continue;
        };
        let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
            .args(["run", "--json", "--max-beats", &BEAT_LIMIT.to_string()])
            .arg(&path)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{name}: exit {:?}", out.status);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["stop"]["reason"], "dynamic_stop", "{name}");
        let printed = v["printed"].as_str().expect("printed");
        assert_eq!(printed.trim_end_matches('\n'), p.text, "{name}");
    }
}

/// The programs that need the hand switches, run at the console as step 4 shows:
/// `set h`, `switch L on` when there is more than one value, `go` after each.
#[test]
fn the_console_prints_the_same_paper_with_the_hand_switches() {
    let papers = tutorial_papers();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tutorial");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, path) in programs() {
        let Some(p) = papers.get(&name).filter(|p| !p.hands.is_empty()) else {
            continue;
        };
        let mut script = String::new();
        if p.hands.len() > 1 {
            script.push_str("switch L on\n");
        }
        for h in &p.hands {
            script.push_str(&format!("set h {h}\ngo\n"));
        }
        let script_file = dir.join(format!("{name}.con"));
        let printer = dir.join(format!("{name}.txt"));
        std::fs::write(&script_file, script).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
            .args(["console", "--force", "--program"])
            .arg(&path)
            .arg("--script")
            .arg(&script_file)
            .arg("--printer")
            .arg(&printer)
            .output()
            .expect("runs");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "{name}: exit {:?}: {said}",
            out.status
        );
        let last = said.lines().last().unwrap_or("");
        assert!(
            last.starts_with("stop: dynamic stop"),
            "{name}: the last go should end in a dynamic stop: {said}"
        );
        let paper = std::fs::read_to_string(&printer).unwrap();
        assert_eq!(paper.trim_end_matches('\n'), p.text, "{name}");
    }
}

#[test]
fn a_paper_block_reads_its_name_hands_and_text() {
    let doc = "text\n```paper 04-x.m1 hands=@///,3\n\n2+3=5\n```\n```paper 01-y.m1\n```\n";
    let p = papers(doc);
    assert_eq!(p["04-x.m1"].hands, vec![2, 3]);
    assert_eq!(p["04-x.m1"].text, "\n2+3=5");
    assert_eq!(p["01-y.m1"].text, "");
    assert!(p["01-y.m1"].hands.is_empty());
}
