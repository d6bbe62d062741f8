//! MENACE on the emulated Mark 1 (programs/menace.m1) against reference::noughts::menace.

use crate::common::mark1;
use mark1::games::noughts::menace as g;
use mark1::reference::noughts::menace::{Empty, Opponent};
use mark1::reference::noughts::{EMPTY, X};

#[test]
fn first_think_makes_the_first_box() {
    let b = [EMPTY; 9];
    let t = g::think(&b, 7, Empty::Resign, None).unwrap();
    eprintln!("{t:?}", t = (t.cell, t.random, t.instructions, t.beats));
    let mut m = mark1::machine::Machine::new(mark1::machine::Config::default());
    t.boxes.put(&mut m);
    let boxes = g::read_boxes(&m).unwrap();
    assert_eq!(boxes.len(), 1);
    assert_eq!(boxes[0].position, [EMPTY; 9]);
    // Bell: 4 beads of each distinct first move: a corner, an edge, the centre.
    assert_eq!(boxes[0].beads.iter().filter(|&&n| n == 4).count(), 3);
    assert!(t.cell.is_some());
    let _ = X;
}

#[test]
fn check_agrees_with_the_reference() {
    for empty in [Empty::Resign, Empty::Refill] {
        let r = g::check(300, 1, empty).unwrap();
        assert!(r.differences.is_empty(), "{}", r.text());
    }
}

#[test]
fn training_games_finish() {
    let (games, g) = g::train(20, Opponent::Random, Empty::Resign, 1, None, |_, _| {}).unwrap();
    assert_eq!(games.len(), 20);
    assert!(!g.boxes().unwrap().is_empty());
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mark1-menace-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The figure: `--check 1000` with 0 differences through the binary, for both
/// readings of an empty box.
#[test]
fn check_through_the_binary() {
    for empty in ["resign", "refill"] {
        let (ok, out, err) = mark1(&[
            "noughts",
            "--machine",
            "menace",
            "--check",
            "1000",
            "--empty",
            empty,
        ]);
        assert!(ok, "{err}");
        assert_eq!(
            out.lines().last(),
            Some("1000 positions, 0 differences"),
            "{out}"
        );
    }
}

/// A scripted game through the binary to the end (the paper as a snapshot), its boxes
/// kept in a drum image, and a second game on them: the boxes it made have learned.
#[test]
fn scripted_games_keep_their_boxes() {
    let dir = temp("games");
    let script = dir.join("cells.txt");
    let drum = dir.join("menace.drm");
    std::fs::write(&script, "# the opponent\n5\n9\n7\n2\n4\n3\n1\n").unwrap();
    let args = [
        "noughts",
        "--machine",
        "menace",
        "--script",
        script.to_str().unwrap(),
        "--drum",
        drum.to_str().unwrap(),
        "--seed",
        "1961",
    ];
    let (ok, out, err) = mark1(&args);
    assert!(ok, "{err}");
    let paper: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("the boxes are on"))
        .collect();
    insta::assert_snapshot!("menace_scripted_game", paper.join("\n"));
    let (ok, boxes, err) = mark1(&[
        "menace",
        "boxes",
        "--drum",
        drum.to_str().unwrap(),
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&boxes).unwrap();
    let made = v["boxes_made"].as_u64().unwrap();
    assert!((1..=4).contains(&made), "{boxes}");
    // The first box: Bell's four beads of each of the three distinct first moves, and the
    // game's result added to the bead played.
    let first: u64 = v["boxes"][0]["beads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["beads"].as_u64().unwrap())
        .sum();
    let delta = if out.contains("DRAWN") {
        1
    } else if out.contains("I HAVE WON") {
        3
    } else {
        -1i64 as u64
    };
    assert_eq!(first, 12u64.wrapping_add(delta), "{boxes}");
    let (ok, out2, err) = mark1(&args);
    assert!(ok, "{err}");
    assert!(out2.contains("boxes made"), "{out2}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Training through the binary: the drum image and the learning curve written; a drum
/// image that is not MENACE's refused with the reason.
#[test]
fn training_writes_the_drum_and_the_curve() {
    let dir = temp("train");
    let drum = dir.join("m.drm");
    let png = dir.join("m.png");
    let t = std::time::Instant::now();
    let (ok, out, err) = mark1(&[
        "menace",
        "train",
        "--games",
        "1000",
        "--seed",
        "1",
        "--drum",
        drum.to_str().unwrap(),
        "--curve",
        png.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(
        t.elapsed().as_secs() < 30,
        "the issue's limit: {:?}",
        t.elapsed()
    );
    assert!(out.contains("1000 games;"), "{out}");
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    assert_eq!(std::fs::metadata(&drum).unwrap().len(), 131_072);
    let bad = dir.join("bad.drm");
    let mut b = std::fs::read(&drum).unwrap();
    // The number of boxes made (track 60.0, line 0) set to 400.
    let at = (60 * 128) * 4;
    b[at..at + 4].copy_from_slice(&400u32.to_le_bytes());
    std::fs::write(&bad, &b).unwrap();
    let (ok, _, err) = mark1(&["menace", "boxes", "--drum", bad.to_str().unwrap()]);
    assert!(!ok && err.contains("more than the 304"), "{err}");
    let (ok, _, err) = mark1(&[
        "menace",
        "train",
        "--games",
        "5",
        "--drum",
        bad.to_str().unwrap(),
    ]);
    assert!(!ok && err.contains("refused"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[ignore]
fn timing() {
    let t = std::time::Instant::now();
    let r = g::check(1000, 1, Empty::Resign).unwrap();
    eprintln!("check 1000: {:?} {}", t.elapsed(), r.text());
    let t = std::time::Instant::now();
    let (games, gm) = g::train(1000, Opponent::Perfect, Empty::Resign, 1, None, |_, _| {}).unwrap();
    eprintln!(
        "train 1000: {:?}, {} boxes, {} beats",
        t.elapsed(),
        gm.boxes().unwrap().len(),
        gm.machine.stats.beats
    );
    let last: Vec<_> = games[900..]
        .iter()
        .map(|p| format!("{:?}", p.result))
        .collect();
    eprintln!("{}", last.join(" "));
}

/// MENACE's mark (track 60.1, `g::MARK_HALF_TRACK`) is never read or written by the
/// program: over many games with garbage there, no magnetic order names that half-track
/// (nor track 60 whole), the garbage is still there after, and the games are the same
/// as on a drum without it.
#[test]
fn the_program_never_touches_the_mark_track() {
    use mark1::machine::{Config, Machine};
    let (t, h) = (g::MARK_HALF_TRACK / 2, g::MARK_HALF_TRACK % 2);
    let mut m = Machine::new(Config::default());
    let garbage: [u32; 64] =
        std::array::from_fn(|i| ((i as u32).wrapping_mul(2_654_435_761) >> 7) & 0xF_FFFF);
    m.drum.set_half_track(t, h, &garbage);
    let boxes = g::DrumBoxes::of(&m);
    // The profiler counts every magnetic order by its track and half.
    let mut game = g::Game::new(5, Empty::Resign, Some(&boxes)).unwrap();
    game.machine.profile = Some(Box::default());
    for k in 0..40 {
        let mut w = if k == 0 {
            game.run_to_wait().unwrap()
        } else {
            game.again().unwrap()
        };
        while w == g::Waiting::Key {
            let b = game.board();
            let free = b.iter().rposition(|&c| c == EMPTY).unwrap();
            w = game.enter(free as u32 + 1).unwrap();
        }
    }
    let p = game.machine.profile.take().unwrap();
    assert!(!p.transfers.is_empty(), "the program uses the drum");
    for &(track, half, kind) in p.transfers.keys() {
        assert!(
            !(u32::from(track) == t && half.is_none_or(|x| u32::from(x) == h)),
            "a {kind} order on track {track} half {half:?}"
        );
    }
    assert_eq!(game.machine.drum.half_track(t, h), &garbage[..]);
    // Nor does it read it: the same games as without.
    let with = g::train(
        60,
        Opponent::Random,
        Empty::Resign,
        3,
        Some(&boxes),
        |_, _| {},
    )
    .unwrap();
    let without = g::train(60, Opponent::Random, Empty::Resign, 3, None, |_, _| {}).unwrap();
    assert_eq!(with.0, without.0);
    assert_eq!(with.1.machine.drum.half_track(t, h), &garbage[..]);
}
