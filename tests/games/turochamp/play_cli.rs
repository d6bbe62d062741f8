//! `mark1 turochamp --play` through the binary: a scripted game against the programme on
//! the emulated machine, with a move the machine refuses (the game goes on), a move
//! refused before the machine (SAN that fits no legal move), and the PGN written.

use std::process::Command;

fn mark1() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mark1-turo-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `mark1 turochamp --play` with `moves` as the script and a PGN written: stdout and the PGN.
fn play(name: &str, moves: &str) -> (String, String) {
    let dir = scratch(name);
    let (script, pgn) = (dir.join("moves.txt"), dir.join("game.pgn"));
    std::fs::write(&script, moves).unwrap();
    let out = mark1()
        .args(["turochamp", "--play", "--script"])
        .arg(&script)
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let game = std::fs::read_to_string(&pgn).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    (text, game)
}

#[test]
fn a_scripted_game_plays_through_with_refusals_and_a_pgn() {
    let (text, game) = play(
        "refusals",
        "# Black's moves\ne5\ne7e4   # squares the rules do not allow\nNf6\nQh4    # blocked\nd6\n",
    );
    assert_eq!(text.matches("machine: ").count(), 5, "{text}");
    assert!(text.contains("machine: REFUSED"), "{text}");
    assert!(text.contains("refused: bad move `Qh4`"), "{text}");
    assert!(text.contains("the script has no more moves"), "{text}");
    // the PGN reads back as a legal game of 7 plies: 4 machine moves and e5 Nf6 d6
    let moves: Vec<&str> = game
        .lines()
        .last()
        .unwrap()
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && *t != "*")
        .collect();
    assert_eq!(moves.len(), 7, "{game}");
    let mut pos = shakmaty::Chess::default();
    for m in &moves {
        let san: shakmaty::san::SanPlus = m.parse().unwrap();
        let mv = san.san.to_move(&pos).unwrap();
        shakmaty::Position::play_unchecked(&mut pos, mv);
    }
    assert_eq!(moves[1], "e5");
    assert_eq!(moves[3], "Nf6");
    assert_eq!(moves[5], "d6");
}

#[test]
fn a_position_with_black_to_move_is_refused() {
    let out = mark1()
        .args([
            "turochamp",
            "--play",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("White to move"));
}

/// A game to its end: Black walks into Q-R5 mate, which the programme finds and prints
/// (`Q-R5 MATE`); the PGN ends 1-0.
#[test]
fn a_scripted_game_plays_to_mate() {
    let (text, game) = play("mate", "f6\ng5\n");
    assert!(text.contains("machine: Q-R5 MATE"), "{text}");
    assert!(
        text.contains("checkmate: the machine (White) wins"),
        "{text}"
    );
    assert!(game.contains("[Result \"1-0\"]"), "{game}");
    assert!(game.trim_end().ends_with("3. Qh5# 1-0"), "{game}");
}

/// `--tape` writes the position's tape as SimH paper-tape text, which the reader reads.
#[test]
fn the_position_tape_is_written_for_the_console() {
    let dir = scratch("tape");
    let tape = dir.join("pos.pt.txt");
    let out = mark1()
        .args(["turochamp", "--tape"])
        .arg(&tape)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&tape).unwrap();
    let rows = mark1::formats::tape::read_pt_text(text.as_bytes()).unwrap();
    assert_eq!(
        rows,
        mark1::games::turochamp::tape("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap()
    );
    std::fs::remove_dir_all(&dir).ok();
}
