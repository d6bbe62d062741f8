//! Strachey's original Draughts (1952) profiled through a game:
//! the drum image and his routine sheets are test data in the period-software folder
//! (`MARK1_PERIOD_SOFTWARE`), never in this repository. The symbol file is made here, at
//! test time, from the transcriptions of his sheets: each half-track of the drum is named
//! after the sheet whose words it holds.

use crate::common::period_dir;

use mark1::console::{parse_command, Session};
use mark1::machine::code::parse_line;
use mark1::machine::profile::origin;
use mark1::machine::{beats_to_seconds, Config, Machine, RngKind, Timing};
use mark1::profile::{Profile, Symbols};
use mark1::reference::draughts::moves::apply;
use mark1::reference::draughts::{legal_moves, Position, Side};
use std::collections::{BTreeMap, HashSet};

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
    let dir = period_dir().join("Draughts");
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
    let root = period_dir();
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

/// Long lines of Strachey's look-ahead on page 4, found by watching the page through game
/// B (docs/profiler.md, "Moves considered"): a frame is five long lines, the kings first,
/// the side not to move at +6 and the side to move at +8; frame 0 (the game's position,
/// where the machine's moves are made) at line 266, frame 1 (after one of them, where the
/// opponent's replies are made) at line 276.
const FRAMES: [u32; 2] = [256 + 10, 256 + 20];

/// A frame's (side not to move, side to move) words: 32 squares, Strachey's numbering.
fn frame(s: &Session, f: usize) -> (u32, u32) {
    let st = &s.machine.store;
    (
        st.read_long(FRAMES[f] + 6) as u32,
        st.read_long(FRAMES[f] + 8) as u32,
    )
}

/// Whether any legal move of `pos` or of a position after one of them is a capture of more
/// than one stage (the original re-makes a first stage when it looks for another way on,
/// so its count there exceeds the legal moves).
fn multi_stage_within_two_plies(pos: &Position) -> bool {
    legal_moves(pos)
        .iter()
        .any(|m| m.stages > 1 || legal_moves(&apply(pos, m)).iter().any(|m2| m2.stages > 1))
}

/// Strachey's original counted: every move it makes on its look-ahead frames through game
/// B, reply by reply, against the reference engine's legal moves from the same positions
/// (read off frame 0 when the first move is made), with the moves considered a simulated
/// second. The routine that makes them is found by watching which sheet's orders change
/// the frames.
#[test]
#[cfg_attr(
    not(period_software),
    ignore = "needs the period-software folder: MARK1_PERIOD_SOFTWARE=../shared/reference/period-software cargo test"
)]
fn strachey_moves_considered() {
    let dir = period_dir().join("Draughts");
    let config = Config {
        rng: RngKind::Simh,
        ..Config::default()
    };
    let mut s = Session::new(Machine::new(config), &dir);
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/period/DR_GameB.con"
    ))
    .unwrap();
    let mut symbols: Option<Symbols> = None;
    let mut makers: BTreeMap<String, u64> = BTreeMap::new();
    let mut rows = Vec::new();
    let mut elsewhere = 0;
    let mut roots: Vec<(String, Position)> = Vec::new();
    let mut searching: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    for line in script.lines() {
        let reply =
            line.starts_with("go until \"") && line[10..].starts_with(|c: char| c.is_ascii_digit());
        if !reply {
            s.execute(&parse_command(line).unwrap())
                .unwrap_or_else(|e| panic!("`{line}`: {e}"));
            continue;
        }
        let symbols = symbols.get_or_insert_with(|| {
            Symbols::parse(&symbols_from_sheets(&dir, &s.machine.drum), "sheets").unwrap()
        });
        let want = &line[10..line.len() - 1];
        let paper = s.machine.printer_text().len();
        let start = s.machine.stats.beats;
        let (mut root, mut first, mut last) = (None::<Position>, 0, 0);
        let (mut first_order, mut last_order) = (0, 0);
        let mut made = [0u64; 2];
        // (orders, beats) by routine through the reply, and as they stood at the first
        // and the last move made.
        let mut running: BTreeMap<String, (u64, u64)> = BTreeMap::new();
        let (mut at_first, mut at_last) = (BTreeMap::new(), BTreeMap::new());
        let mut orders = 0u64;
        while !s.machine.printer_text()[paper..].contains(want) {
            orders += 1;
            assert!(orders < 1_000_000, "no reply `{want}`");
            let at = (s.machine.c + 1) & 1023;
            let from = origin(&s.machine, at);
            let before = [frame(&s, 0), frame(&s, 1)];
            let maker = symbols.name(at, from) == "DR/B 3";
            let page = if maker {
                s.machine.store.page_copy(4)
            } else {
                [0; 64]
            };
            let (i0, b0) = (s.machine.stats.instructions, s.machine.stats.beats);
            s.machine.last_magnetic = None;
            s.step_one();
            let key = if s.machine.last_magnetic.is_some() {
                "magnetic transfers".to_string()
            } else {
                symbols.name(at, from)
            };
            let e = running.entry(key).or_default();
            e.0 += s.machine.stats.instructions - i0;
            e.1 += s.machine.stats.beats - b0;
            if maker {
                let now = s.machine.store.page_copy(4);
                elsewhere += (0..64)
                    .filter(|&l| !(10..32).contains(&l) && page[l] != now[l])
                    .count();
            }
            let after = [frame(&s, 0), frame(&s, 1)];
            // A move made: a frame leaves its base, frame 0 the position the search
            // started from (taken when DR/B 3 first changes it: the orders before that
            // put the game's position there), frame 1 the copy of frame 0 with the sides
            // exchanged.
            for f in 0..2 {
                let base = match (f, root) {
                    (0, Some(p)) => (p.w, p.b),
                    (0, None) => before[0],
                    _ => (before[0].1, before[0].0),
                };
                if before[f] != base || after[f] == base {
                    continue;
                }
                let name = symbols.name(at, from);
                if root.is_none() {
                    if f == 1 || name != "DR/B 3" {
                        continue;
                    }
                    let (w, b) = before[0];
                    let k = s.machine.store.read_long(FRAMES[0]) as u32 & (w | b);
                    root = Some(Position::new(b, w, k, Side::Black).unwrap());
                    first = s.machine.stats.beats;
                    first_order = s.machine.stats.instructions;
                    at_first = running.clone();
                }
                *makers.entry(name).or_default() += 1;
                made[f] += 1;
                last = s.machine.stats.beats;
                last_order = s.machine.stats.instructions;
                at_last = running.clone();
            }
        }
        for (name, (o, b)) in &at_last {
            let (o0, b0) = at_first.get(name).copied().unwrap_or((0, 0));
            let e = searching.entry(name.clone()).or_insert((0u64, 0u64));
            e.0 += o - o0;
            e.1 += b - b0;
        }
        let pos = root.expect("the machine made no move");
        let moves = legal_moves(&pos);
        let replies: u64 = moves
            .iter()
            .map(|m| legal_moves(&apply(&pos, m)).len() as u64)
            .sum();
        roots.push((want.to_string(), pos));
        rows.push((
            want.to_string(),
            made,
            [moves.len() as u64, replies],
            multi_stage_within_two_plies(&pos),
            beats_to_seconds(s.machine.stats.beats - start),
            beats_to_seconds(last - first),
            (last_order - first_order, last - first),
        ));
    }

    eprintln!("moves made on the frames, by routine: {makers:?}");
    eprintln!("   reply  made ply 1, 2  legal 1, 2  reply (s)  search (s)  a second");
    let (mut total, mut reply_s, mut search_s) = (0, 0.0, 0.0);
    let (mut between, mut orders, mut beats) = (0, 0, 0);
    for (want, made, legal, multi, reply, search, (o, b)) in &rows {
        let n = made[0] + made[1];
        let rate = if n > 1 {
            format!("{:.2}", (n - 1) as f64 / search)
        } else {
            "-".to_string()
        };
        eprintln!(
            "{want:>8}  {:>7} {:>4}  {:>7} {:>4}  {reply:>9.1}  {search:>10.1}  {rate:>6}{}",
            made[0],
            made[1],
            legal[0],
            legal[1],
            if *multi { "  (multiple captures)" } else { "" }
        );
        total += n;
        reply_s += reply;
        search_s += search;
        between += n - 1;
        orders += o;
        beats += b;
    }
    eprintln!(
        "over the game: {total} moves made in {reply_s:.1} simulated seconds of replies ({:.2} a second); \
         from each reply's first move made to its last, {search_s:.1} s for {between} moves ({:.2} a second, \
         {:.0} orders and {:.0} beats a move)",
        total as f64 / reply_s,
        between as f64 / search_s,
        orders as f64 / between as f64,
        beats as f64 / between as f64
    );
    let mut by_beats: Vec<_> = searching.iter().collect();
    by_beats.sort_by_key(|(_, (_, b))| std::cmp::Reverse(*b));
    eprintln!("a move made, by routine (from each reply's first move made to its last):");
    for (name, (o, b)) in by_beats.iter().filter(|(_, (o, _))| *o > 0) {
        eprintln!(
            "  {name:<20} {:>6.1} orders {:>7.1} beats {:>5.1}%",
            *o as f64 / between as f64,
            *b as f64 / between as f64,
            100.0 * *b as f64 / beats as f64
        );
    }

    // DR/B 3 makes the moves; no other routine moves a piece on the frames.
    assert_eq!(makers.keys().collect::<Vec<_>>(), ["DR/B 3"], "{makers:?}");
    // It writes on page 4 only the two frames and the kings word after them (line 30,
    // where an opponent's reply that crowns puts its kings): there is no third ply.
    assert_eq!(elsewhere, 0, "DR/B 3 wrote page 4 outside lines 10-31");
    assert_eq!(rows.len(), 20);
    // The operator's capture 19 - 10 (over 15) was entered as from and to only, as in
    // SimH's script: the program's board at its next reply (7 - 14) still holds its man
    // on 15 (docs/samuel.md, "Against Strachey's original program").
    let (_, after) = roots.iter().find(|(w, _)| w == "7 - 14").unwrap();
    assert!(after.b & (1 << 15) != 0, "{}", after.to_fen());
    for (want, made, legal, multi, ..) in &rows {
        // Two plies: each of the machine's legal moves made on frame 0 and each of the
        // opponent's replies on frame 1; a multiple capture's first stage may be made
        // again.
        if *multi {
            assert!(
                made[0] >= legal[0] && made[1] >= legal[1],
                "{want}: {made:?} against {legal:?}"
            );
        } else {
            assert_eq!(made, legal, "{want}: made against legal");
        }
    }
}
