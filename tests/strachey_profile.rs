//! Strachey's original Draughts (1952) profiled through a game (issue 25, deliverable 2):
//! the drum image and his routine sheets are test data in the period-software folder
//! (`MARK1_PERIOD_SOFTWARE`), never in this repository. The symbol file is made here, at
//! test time, from the transcriptions of his sheets: each half-track of the drum is named
//! after the sheet whose words it holds.

#[path = "common/period.rs"]
mod period;

use mark1::console::{parse_command, Session};
use mark1::machine::code::parse_line;
use mark1::machine::{Config, Machine, RngKind, Timing};
use mark1::profile::{Profile, Symbols};
use std::collections::HashSet;

/// The words (20-bit lines) of a sheet's transcription: the four-character groups between
/// bars, in the teleprint code (`#` for ½ and `$` for £ as the transcriptions write them),
/// zero lines left out.
fn sheet_words(text: &str) -> HashSet<u32> {
    let mut set = HashSet::new();
    for cell in text.split('|') {
        let c = cell.trim().replace('#', "½").replace('$', "£");
        if c.chars().count() == 4 {
            if let Some(w) = parse_line(&c) {
                if w != 0 {
                    set.insert(w);
                }
            }
        }
    }
    set
}

/// A sheet's routine names from its header (`[DR/B         1 2]` gives `DR/B 1`, `DR/B 2`;
/// `[DR/C MASTER  1 2]` gives `DR/C MASTER 1`, `DR/C MASTER 2`).
fn sheet_names(text: &str) -> Vec<String> {
    let Some(start) = text.find("[DR") else {
        return Vec::new();
    };
    let header = &text[start + 1..start + text[start..].find(']').unwrap()];
    let words: Vec<&str> = header.split_whitespace().collect();
    let numbers: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let name = words
        .iter()
        .copied()
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase();
    numbers.iter().map(|n| format!("{name} {n}")).collect()
}

/// The symbol file: each half-track named after the sheet sharing the most of its words
/// (at least 24 of 64), the routine by its half (a sheet of two routines holds the first
/// in half 0) or the sheet's one number; tracks 0-3 are Scheme A's.
fn symbols_from_sheets(dir: &std::path::Path, drum: &mark1::machine::Drum) -> String {
    let mut sheets = Vec::new();
    for e in std::fs::read_dir(dir.join("Prog")).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        let names = sheet_names(&text);
        if !names.is_empty() {
            sheets.push((names, sheet_words(&text)));
        }
    }
    let mut out = String::new();
    for t in 0..256u32 {
        for h in 0..2u32 {
            let ht = drum.half_track(t, h);
            let best = sheets
                .iter()
                .map(|(names, words)| {
                    let n = ht.iter().filter(|w| **w != 0 && words.contains(w)).count();
                    (n, names)
                })
                .max_by_key(|x| x.0);
            if let Some((n, names)) = best {
                if n >= 24 {
                    let name = if names.len() == 2 {
                        &names[h as usize]
                    } else {
                        &names[0]
                    };
                    out += &format!("track {t}.{h} = {name}\n");
                }
            }
        }
    }
    for t in 0..4 {
        out += &format!("track {t} = Scheme A (track {t})\n");
    }
    out
}

/// Plays game B (tests/period/DR_GameB.con) on a fresh machine with `config`, profiled if
/// `profile`; returns the session and the simulated seconds of each machine reply: the
/// `go until` that waits for the reply's squares, from the operator's last KAC to the
/// squares printed (the thinking and the printing, no waiting for the operator).
fn play(dir: &std::path::Path, config: Config, profile: bool) -> (Session, Vec<f64>) {
    let mut s = Session::new(Machine::new(config), dir);
    if profile {
        s.machine.profile = Some(Box::default());
    }
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/period/DR_GameB.con"
    ))
    .unwrap();
    let mut replies = Vec::new();
    for line in script.lines() {
        let reply =
            line.starts_with("go until \"") && line[10..].starts_with(|c: char| c.is_ascii_digit());
        let before = s.machine.stats.beats;
        s.execute(&parse_command(line).unwrap())
            .unwrap_or_else(|e| panic!("`{line}`: {e}"));
        if reply {
            replies.push(mark1::machine::beats_to_seconds(
                s.machine.stats.beats - before,
            ));
        }
    }
    (s, replies)
}

/// The reply times with mark1's own timing (Prinz's beats, the printer's waits), against
/// SimH's 13-62 s a reply in the same game (docs/fidelity.md).
#[test]
#[cfg_attr(
    not(period_software),
    ignore = "needs the period-software folder: MARK1_PERIOD_SOFTWARE=../shared/reference/period-software cargo test"
)]
fn strachey_game_b_reply_times() {
    let dir = period::period_dir().join("Draughts");
    let config = Config {
        rng: RngKind::Simh,
        ..Config::default()
    };
    let (_, replies) = play(&dir, config, false);
    assert_eq!(replies.len(), 20);
    let mut sorted = replies.clone();
    sorted.sort_by(f64::total_cmp);
    eprintln!(
        "replies (mark1's timing): {:?}\n{} from {:.1} to {:.1} simulated seconds, median {:.1}",
        replies
            .iter()
            .map(|r| format!("{r:.1}"))
            .collect::<Vec<_>>(),
        replies.len(),
        sorted[0],
        sorted[19],
        (sorted[9] + sorted[10]) / 2.0
    );
    assert!(sorted[0] > 0.0);
}

#[test]
#[cfg_attr(
    not(period_software),
    ignore = "needs the period-software folder: MARK1_PERIOD_SOFTWARE=../shared/reference/period-software cargo test"
)]
fn strachey_game_b_profiled() {
    let root = period::period_dir();
    let dir = root.join("Draughts");
    let config = Config {
        rng: RngKind::Simh,
        timing: Timing::simh(),
        ..Config::default()
    };
    let (s, replies) = play(&dir, config, true);
    let mut sorted = replies.clone();
    sorted.sort_by(f64::total_cmp);
    eprintln!(
        "replies (SimH's timing): {} from {:.1} to {:.1} simulated seconds, median {:.1}",
        replies.len(),
        sorted[0],
        sorted[sorted.len() - 1],
        sorted[sorted.len() / 2]
    );

    // The game as SimH printed it (game B of the transcript, up to the machine's last
    // reply, which our script waits for).
    let transcript =
        std::fs::read_to_string(root.parent().unwrap().join("simh-draughts-transcript.txt"))
            .unwrap();
    let b = &transcript[transcript.find("=== B.").unwrap()..];
    let from = b.find("PLEASE READ").unwrap();
    let to = b.find("YOU MUST PLAY").unwrap();
    let expected: Vec<&str> = b[from..to].lines().map(str::trim_end).collect();
    let paper = s.machine.printer_text();
    let ours: Vec<&str> = paper[paper.find("PLEASE READ").unwrap()..]
        .lines()
        .map(str::trim_end)
        .collect();
    assert_eq!(ours.len(), expected.len(), "{paper}");
    for (o, e) in ours.iter().zip(&expected) {
        // The last reply: our script stops when its squares are printed.
        assert!(e.starts_with(o), "ours `{o}`, SimH's `{e}`");
    }

    // The profile adds up, and names Strachey's routines.
    let p: &Profile = s.machine.profile.as_deref().unwrap();
    assert_eq!(
        (p.instructions, p.beats),
        (s.machine.stats.instructions, s.machine.stats.beats)
    );
    let text = symbols_from_sheets(&dir, &s.machine.drum);
    let symbols = Symbols::parse(&text, "sheets").unwrap();
    for name in ["DR/C MASTER 1", "DR/C 1", "DR/B 1", "DR/RECORD 1"] {
        assert!(
            symbols.tracks.values().any(|v| v == name),
            "{name} not found on the drum:\n{text}"
        );
    }
    let routines = p.routines(&symbols);
    let strachey: u64 = routines
        .iter()
        .filter(|r| r.name.starts_with("DR/"))
        .map(|r| r.beats)
        .sum();
    assert!(
        strachey * 10 > p.beats * 9,
        "most of the time in Strachey's routines: {routines:?}"
    );
    eprintln!("{}", p.text(&symbols, 10));

    // The same through the binary: `mark1 profile --script` with the symbol file.
    let sym = std::env::temp_dir().join(format!("strachey-{}.sym", std::process::id()));
    std::fs::write(&sym, &text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["profile", "--timing", "simh", "--rng", "simh", "--script"])
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/period/DR_GameB.con"
        ))
        .arg("--base")
        .arg(&dir)
        .arg("--symbols")
        .arg(&sym)
        .output()
        .unwrap();
    std::fs::remove_file(&sym).ok();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("21 - 30"), "the game: {stdout}");
    let first = routines[0].name.as_str();
    let row = stdout
        .lines()
        .find(|l| l.starts_with(first))
        .unwrap_or_else(|| panic!("{first} missing: {stdout}"));
    assert!(row.contains(&p.share(routines[0].beats)), "{row}");
}
