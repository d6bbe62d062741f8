//! King and rook against king worked out whole by the Mark 1 (programs/krk/): the table
//! the program leaves on the drum against `reference::krk` slot for slot, its census
//! against the reference's, a build stopped after a level, and the command.

use crate::common::mark1;
use mark1::games::krk as g;
use mark1::reference::krk::{self as rk, Position, Value};

/// The whole build (about 2 s in the test profile): the machine reaches its loop stop
/// after the level that values nothing (17); every slot of both tables is the
/// reference's; the census of the full board read from the drum is the reference's, row
/// for row; the paper's counts add up to the valued slots.
#[test]
fn the_whole_table_is_the_references() {
    let r = g::build(None, true).unwrap();
    assert!(r.finished);
    let words = r.machine.drum.words();
    let c = g::check(words, 16).unwrap();
    assert_eq!(c.slots, 2 * 10 * 64 * 64);
    assert_eq!(c.differences, 0, "{:?}", c.first);
    let mine = g::census(words);
    let theirs = rk::table().census();
    assert_eq!(mine.white_to_move, theirs.white_to_move);
    assert_eq!(mine.black_to_move, theirs.black_to_move);
    assert_eq!(mine.mated, theirs.mated);
    assert_eq!(mine.black_in_check, theirs.black_in_check);
    assert_eq!(mine.longest_white_to_move, theirs.longest_white_to_move);
    assert_eq!(mine.longest_black_to_move, theirs.longest_black_to_move);
    // The paper: levels 0-17, the last valuing nothing, the counts those of the slots.
    let levels = r.levels();
    assert_eq!(levels.len(), 18, "{}", r.paper());
    let last = levels.last().unwrap();
    assert_eq!(
        (last.distance, last.white_to_move, last.black_to_move),
        (17, 0, 0)
    );
    let table = rk::table();
    for l in &levels {
        let (mut w, mut b) = (0, 0);
        for &wk in &g::TRIANGLE {
            for rook in 0..64 {
                for bk in 0..64 {
                    let p = |white| Position {
                        white_king: wk,
                        rook,
                        black_king: bk,
                        white_to_move: white,
                    };
                    w += u64::from(table.value(&p(true)) == Value::MateIn(l.distance as u8));
                    b += u64::from(table.value(&p(false)) == Value::LostIn(l.distance as u8));
                }
            }
        }
        assert_eq!(
            (l.white_to_move, l.black_to_move),
            (w, b),
            "level {}",
            l.distance
        );
    }
    // The drum: the two tables and the units, nothing else.
    assert_eq!(
        r.tracks_used(),
        2 * g::TABLE_TRACKS + g::UNIT_TRACKS.len() as u32
    );
    // The profile: every order and beat charged to a unit or the resident routines; S,
    // the scan of one slice, the dearest; the reads and writes those of the machine.
    let p = r.profile.as_ref().unwrap();
    let units = g::by_unit(p);
    assert_eq!(
        units.iter().map(|u| u.beats).sum::<u64>(),
        r.machine.stats.beats
    );
    assert_eq!(
        units.iter().map(|u| u.instructions).sum::<u64>(),
        r.machine.stats.instructions
    );
    assert_eq!(units[0].unit, "S");
    assert!(units.iter().all(|u| u.unit != "drum page"), "{units:?}");
    let (reads, _, writes, _) = g::transfers(p);
    assert_eq!(reads + writes, r.machine.stats.transfers);
    assert!(writes > 0 && reads > writes);
}

/// A build stopped by the operator after level 2's line: the positions of distance up
/// to 2 are valued exactly as the reference's, the others not yet; the same drum
/// compared as a whole table differs; one slot changed on the drum is one difference.
#[test]
fn a_build_stopped_after_level_2() {
    let r = g::build(Some(2), false).unwrap();
    assert!(!r.finished);
    assert_eq!(r.last_level(), Some(2));
    let mut words = r.machine.drum.words().to_vec();
    let c = g::check(&words, 2).unwrap();
    assert_eq!(c.differences, 0, "{:?}", c.first);
    assert!(g::check(&words, 16).unwrap().differences > 0);
    assert!(g::check(&words, 1).unwrap().differences > 0);
    // Ka1 Rb2 / kc2, Black to move, lost in 16: not yet valued (0); made 5 (lost in 4).
    // Its slot: track 80 + 8 x 0 + rank 1 (the rook's), half 0, line 16 x file 1 of the
    // rook + 2 x rank 1 of the king, character 2 (the king's file).
    let line = ((g::BTM_TRACK + 1) * 2) as usize * 64 + 18;
    assert_eq!((words[line] >> 10) & 31, 0);
    words[line] |= 5 << 10;
    let c = g::check(&words, 2).unwrap();
    assert_eq!(c.differences, 1);
    assert!(
        c.first[0].starts_with(
            "8/8/8/8/8/8/1Rk5/K7 b - - 0 1: the drum says lost in 4, the reference not valued"
        ),
        "{:?}",
        c.first
    );
    assert!(g::check(&words[1..], 2).is_err());
}

/// Through the binary: `krk build --drum F` prints the census and 0 differences, `krk
/// --check all --drum F` compares the image again; bad input is refused in words.
#[test]
fn the_command() {
    let dir = std::env::temp_dir().join(format!("mark1-krk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let drm = dir.join("krk.drm");
    let d = drm.to_str().unwrap();
    let (ok, out, err) = mark1(&["krk", "build", "--levels", "1", "--drum", d, "--force"]);
    assert!(ok, "{err}");
    assert!(out.contains("\n  0 0 32\n  1 224 90\n"), "{out}");
    assert!(
        out.contains("       1       1512        189        624         78\n"),
        "{out}"
    );
    assert!(
        out.contains("(levels 0-1): 81920 slots, 0 differences"),
        "{out}"
    );
    let (ok, out, _) = mark1(&["krk", "--check", "all", "--drum", d, "--levels", "1"]);
    assert!(ok);
    assert_eq!(
        out,
        "81920 slots compared with the reference (levels 0-1), 0 differences\n"
    );
    let (ok, out, err) = mark1(&["krk", "--check", "all", "--drum", d]);
    assert!(!ok);
    assert!(
        out.ends_with("differences\n") && !out.contains(" 0 differences"),
        "{out}"
    );
    assert!(err.contains("differs from the reference"), "{err}");
    let (ok, _, err) = mark1(&["krk", "--check", "all", "--drum", "/nonexistent/krk.drm"]);
    assert!(!ok);
    assert!(err.contains("cannot read the drum image"), "{err}");
    std::fs::write(dir.join("short.drm"), [0u8; 100]).unwrap();
    let short = dir.join("short.drm");
    let (ok, _, err) = mark1(&["krk", "--check", "all", "--drum", short.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.starts_with("error: ") && !err.contains("panick"),
        "{err}"
    );
    let (ok, _, err) = mark1(&["krk"]);
    assert!(!ok);
    assert!(err.contains("mark1 krk build"), "{err}");
    let (ok, _, err) = mark1(&["krk", "build", "--levels", "17"]);
    assert!(!ok);
    assert!(err.contains("17"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The playing program from the table the build left: from the longest positions and
/// others drawn from the table, against the reference's longest defence, every White
/// move it prints takes the distance down by one and the game ends in MATE after exactly
/// the table's distance; a square that is not a king's step, or onto an attacked square,
/// is refused.
#[test]
fn the_playing_program_mates_in_the_tables_distance() {
    let table = rk::table();
    let r = g::build(None, false).unwrap();
    let drum = r.machine.drum.words().to_vec();
    let starts = [
        "8/8/8/8/8/2k5/1R6/K7 w - - 0 1",
        "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
        "7k/8/8/8/8/8/8/K5R1 w - - 0 1",
        "8/8/2k5/8/8/5K2/8/7R w - - 0 1",
    ];
    for fen in starts {
        let start = Position::from_fen(fen).unwrap();
        let Value::MateIn(d) = table.value(&start) else {
            panic!("{fen}")
        };
        let mut black = |p: &Position| table.best_moves(p).first().map(|m| m.to);
        let game = g::play(&drum, &start, &mut black).unwrap();
        assert!(game.mated, "{fen}: {}", game.paper);
        assert_eq!(game.moves.len(), usize::from(d), "{fen}: {}", game.paper);
        for (k, f) in game.positions.iter().enumerate() {
            let q = Position::from_fen(f).unwrap();
            assert_eq!(
                table.value(&q),
                Value::LostIn(d - 1 - k as u8),
                "{fen}: {f}"
            );
        }
        assert_eq!(game.refused, 0);
    }
    // The visitor's bad squares: two squares away, then onto an attacked square, then
    // a good one.
    let start = Position::from_fen("8/8/8/8/8/2k5/1R6/K7 w - - 0 1").unwrap();
    let mut n = 0;
    let mut black = |p: &Position| {
        n += 1;
        match n {
            1 => Some(p.black_king + 16),
            2 => Some(p.rook + 8 * (p.black_king / 8 - p.rook / 8)),
            _ => table.best_moves(p).first().map(|m| m.to),
        }
    };
    let game = g::play(&drum, &start, &mut black).unwrap();
    assert!(game.mated, "{}", game.paper);
    assert!(game.refused >= 1, "{}", game.paper);
    assert!(game.paper.contains("\nILLEGAL\n"), "{}", game.paper);
}

/// 60 random legal White-to-move positions, Black answering with a random legal move:
/// after each of White's moves the position is lost in one less than White's distance
/// before it, and the game ends in MATE.
#[test]
fn the_playing_program_against_random_defences() {
    let table = rk::table();
    let r = g::build(None, false).unwrap();
    let drum = r.machine.drum.words().to_vec();
    let mut seed = 0x4b524bu64;
    let mut rnd = move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    let mut games = 0;
    while games < 60 {
        let i = rnd(rk::SLOTS);
        let start = Position::from_index(i, true);
        let Value::MateIn(_) = table.value(&start) else {
            continue;
        };
        games += 1;
        let mut rnd2 = |n: usize| rnd(n);
        let mut black = |p: &Position| {
            let moves: Vec<_> = p.moves().into_iter().filter(|m| m.to != p.rook).collect();
            (!moves.is_empty()).then(|| moves[rnd2(moves.len())].to)
        };
        let game = g::play(&drum, &start, &mut black).unwrap();
        assert!(game.mated, "{}: {}", start.fen(), game.paper);
        assert_eq!(game.refused, 0, "{}: {}", start.fen(), game.paper);
        // Replay: each White move one nearer than the position it was made from.
        let mut p = start;
        for (k, f) in game.positions.iter().enumerate() {
            let q = Position::from_fen(f).unwrap();
            let Value::MateIn(d) = table.value(&p) else {
                panic!("{}: move {k} from {}", start.fen(), p.fen())
            };
            assert_eq!(
                table.value(&q),
                Value::LostIn(d - 1),
                "{}: {f}",
                start.fen()
            );
            // Black's reply as the driver gave it: the next position's black king.
            if let Some(next) = game.positions.get(k + 1) {
                let n = Position::from_fen(next).unwrap();
                p = Position {
                    black_king: n.black_king,
                    white_to_move: true,
                    ..q
                };
            }
        }
    }
}

/// `mark1 krk play` through the binary, from a drum image: the paper, the game written
/// down, MATE after the table's 16 moves; a square that is not one and Black to move
/// refused.
#[test]
fn the_play_command() {
    let dir = std::env::temp_dir().join(format!("mark1-krk-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let drm = dir.join("krk.drm");
    let d = drm.to_str().unwrap();
    let (ok, _, err) = mark1(&["krk", "build", "--no-profile", "--drum", d, "--force"]);
    assert!(ok, "{err}");
    let fen = "8/8/8/8/8/2k5/1R6/K7 w - - 0 1";
    let (ok, out, err) = mark1(&["krk", "play", "--fen", fen, "--drum", d]);
    assert!(ok, "{err}");
    assert!(out.starts_with("K A2\n"), "{out}");
    assert!(out.contains("R A1 MATE\n"), "{out}");
    assert!(out.contains("\nthe game: 1. Ka2 "), "{out}");
    assert!(
        out.contains("16 White moves, mate; 0 squares refused"),
        "{out}"
    );
    let (ok, out, _) = mark1(&["krk", "play", "--fen", fen, "--drum", d, "--black", "d5,d3"]);
    assert!(ok);
    assert!(out.starts_with("K A2\nILLEGAL\n"), "{out}");
    assert!(out.contains("; 1 square refused;"), "{out}");
    let (ok, _, err) = mark1(&["krk", "play", "--fen", fen, "--drum", d, "--black", "z9"]);
    assert!(!ok);
    assert!(err.contains("`z9` is not a square"), "{err}");
    let (ok, _, err) = mark1(&["krk", "play", "--fen", "8/8/8/8/8/2k5/1R6/K7 b - - 0 1"]);
    assert!(!ok);
    assert!(err.contains("White to move"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The playing program as a game at the keys through the binary, `mark1 play krk
/// --position F --script FILE`, the table built on the machine first: Black's squares
/// are the reference's longest defence against the program's own moves (found by playing
/// it through `games::start` first), after a square the program refuses (ILLEGAL, the
/// game going on); the machine mates in exactly the distance `mark1 ref krk best` gives.
/// A FEN with Black to move and a visitor moving first are refused in words.
#[test]
fn krk_at_the_keys_through_the_binary() {
    use mark1::games::bundled::Waiting;
    use mark1::games::keys::run_to_wait;
    let fen = "8/8/8/1k6/3K4/8/2R5/8 w - - 0 1";
    let (ok, out, err) = mark1(&["ref", "krk", "best", "--fen", fen, "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let distance = v["distance"].as_u64().unwrap() as usize;
    assert_eq!(distance, 9);
    let settings = mark1::games::Settings {
        position: Some(fen.into()),
        ..Default::default()
    };
    let mut g = mark1::games::start("krk", &settings).unwrap();
    let table = rk::table();
    let mut script = String::from("# Black's squares\n");
    loop {
        if run_to_wait(&mut *g, g::PLAY_BEATS).unwrap() == Waiting::Over {
            break;
        }
        let p = Position::from_fen(g.view()["fen"].as_str().unwrap()).unwrap();
        if script.lines().count() == 1 {
            // Onto the white king: never a step the program allows.
            script += &format!("{}\n", rk::square_name(p.white_king));
        }
        let to = rk::square_name(table.best_moves(&p)[0].to);
        script += &format!("{to}\n");
        g.enter(&to).unwrap();
    }
    let dir = std::env::temp_dir().join(format!("mark1-krk-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("black.txt");
    std::fs::write(&file, &script).unwrap();
    let f = file.to_str().unwrap();
    let (ok, out, err) = mark1(&["play", "krk", "--position", fen, "--script", f]);
    assert!(ok, "{err}");
    let machine: Vec<&str> = out.lines().filter(|l| g::printed(l).is_some()).collect();
    assert_eq!(machine.len(), distance, "{out}");
    assert!(machine[distance - 1].ends_with(" MATE"), "{out}");
    assert_eq!(out.matches("\nILLEGAL\n").count(), 1, "{out}");
    assert!(
        out.trim_end()
            .ends_with(&format!("mate: the machine wins in {distance} moves")),
        "{out}"
    );
    let (ok, out, _) = mark1(&["play", "--list"]);
    assert!(ok && out.contains("krk "), "{out}");
    let black = "8/8/8/1k6/3K4/8/2R5/8 b - - 0 1";
    let (ok, _, err) = mark1(&["play", "krk", "--position", black, "--script", f]);
    assert!(!ok);
    assert!(err.contains("White to move"), "{err}");
    let (ok, _, err) = mark1(&["play", "krk", "--first", "human", "--script", f]);
    assert!(!ok);
    assert!(err.contains("always moves first"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `mark1 krk --think --fen F` and `--check N`: the playing program's move on a position
/// (from the drum the build left) is one of the reference's optimal moves and the drum's
/// distance the reference's, on the longest position and on 300 drawn at random; a drum
/// whose slot for the position is changed is caught; bad requests are refused in words.
#[test]
fn the_think_and_check_commands() {
    let dir = std::env::temp_dir().join(format!("mark1-krk-think-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let drm = dir.join("krk.drm");
    let d = drm.to_str().unwrap();
    let (ok, _, err) = mark1(&["krk", "build", "--no-profile", "--drum", d, "--force"]);
    assert!(ok, "{err}");
    let fen = "8/8/8/8/8/2k5/1R6/K7 w - - 0 1";
    let (ok, out, err) = mark1(&["krk", "--think", "--fen", fen, "--drum", d]);
    assert!(ok, "{err}");
    assert!(out.starts_with("K A2\n"), "{out}");
    assert!(
        out.contains("the machine plays Ka2 (mate in 16 on the drum); the reference: mate in 16"),
        "{out}"
    );
    assert!(out.contains("the machine's move is optimal"), "{out}");
    let (ok, out, _) = mark1(&["krk", "--think", "--fen", fen, "--drum", d, "--json"]);
    assert!(ok);
    let t: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (_, best, _) = mark1(&["ref", "krk", "best", "--fen", fen, "--json"]);
    let best: serde_json::Value = serde_json::from_str(&best).unwrap();
    assert_eq!(t["drum_distance"], best["distance"], "{t}");
    assert_eq!(t["machine_optimal"], true, "{t}");
    assert!(
        t["optimal"].as_array().unwrap().iter().any(|m| m == "Ka2"),
        "{t}"
    );
    let (ok, out, err) = mark1(&["krk", "--check", "300", "--seed", "7", "--drum", d]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with(
            "300 positions (seed 7), the playing program against the reference: 0 differences;"
        ),
        "{out}"
    );
    // The slot of the position above (white king a1 in the triangle, rook b2, black king
    // c3, White to move) changed from mate in 16 to mate in 15.
    let mut words = mark1::formats::drm::read_drm(&std::fs::read(&drm).unwrap()).unwrap();
    let p = Position::from_fen(fen).unwrap();
    assert_eq!(g::drum_value(&words, &p), Some(Value::MateIn(16)));
    let (rook, bk) = (u32::from(p.rook), u32::from(p.black_king));
    let track = g::WTM_TRACK + rook / 8;
    let line = 16 * (rook % 8 % 4) + 2 * (bk / 8) + bk % 8 / 4;
    let w = ((track * 2 + rook % 8 / 4) * 64 + line) as usize;
    let shift = 5 * (bk % 8 % 4);
    words[w] = (words[w] & !(31 << shift)) | (15 << shift);
    assert_eq!(g::drum_value(&words, &p), Some(Value::MateIn(15)));
    let bad = dir.join("bad.drm");
    std::fs::write(&bad, mark1::formats::drm::write_drm(&words)).unwrap();
    let (ok, _, err) = mark1(&[
        "krk",
        "--think",
        "--fen",
        fen,
        "--drum",
        bad.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        err.starts_with("error: ") && !err.contains("panick"),
        "{err}"
    );
    let (ok, _, err) = mark1(&["krk", "--check", "0", "--drum", d]);
    assert!(!ok && err.contains("1 to 100000"), "{err}");
    let (ok, _, err) = mark1(&["krk", "--think", "--drum", d]);
    assert!(!ok && err.contains("--fen"), "{err}");
    let (ok, _, err) = mark1(&[
        "krk",
        "--think",
        "--fen",
        "8/8/8/8/8/2k5/1R6/K7 b - - 0 1",
        "--drum",
        d,
    ]);
    assert!(!ok && err.contains("White to move"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
