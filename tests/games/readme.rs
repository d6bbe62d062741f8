//! README.md's table of programs against `games::GAMES`: every game has a row with its
//! command and its doc page, and the command is one the binary accepts.

use crate::common::mark1;
use mark1::games::GAMES;

/// The rows of README.md's table under "## The programs": (command cell, doc cell).
fn readme_rows() -> Vec<(String, String)> {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let start = readme
        .find("\n## The programs")
        .expect("README.md has a section `## The programs`");
    let section = &readme[start + 1..];
    let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
    section[..end]
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
        .skip(1) // the header
        .filter_map(|l| {
            // | program | author and year | what it does | command | doc |
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells.len() >= 7).then(|| (cells[4].to_string(), cells[5].to_string()))
        })
        .collect()
}

/// Every row of `games::GAMES` has a row in README.md's table whose command is
/// `mark1 COMMAND` (in backticks) and whose doc cell names the game's page; the command
/// is accepted by the binary (`mark1 COMMAND --help` succeeds).
#[test]
fn every_game_has_a_readme_row_with_its_command() {
    let rows = readme_rows();
    assert!(
        rows.len() >= GAMES.len(),
        "{} rows in README.md's table",
        rows.len()
    );
    let mut wrong = Vec::new();
    for g in GAMES {
        let command = format!("mark1 {}", g.command);
        let row = rows.iter().find(|(cmd, _)| {
            let cmd = cmd.trim_matches('`');
            cmd == command || cmd.starts_with(&format!("{command} "))
        });
        match row {
            None => wrong.push(format!("{}: no row with the command `{command}`", g.game)),
            Some((_, doc)) if !doc.contains(g.doc) => {
                wrong.push(format!("{}: the row's doc is {doc}, not {}", g.game, g.doc));
            }
            Some(_) => {}
        }
        let mut args: Vec<&str> = g.command.split_whitespace().collect();
        args.push("--help");
        let (ok, _, err) = mark1(&args);
        if !ok {
            wrong.push(format!("{}: `{command}` is refused: {err}", g.game));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
