//! Drivers that run the period game programs on the emulated machine, acting as the
//! operator did (tapes, hand switches, KAC and KEC, reading the teleprinter and the
//! tubes); nothing native computes a move for them.
//!
//! - [`prinz`]: Prinz's mate-in-two (1951), a position on tape.
//! - [`draughts`]: Strachey's draughts (1952) as our reconstruction, and
//!   [`draughts::original`]: Strachey's original program from SimH's drum image.
//! - [`nim`]: Faster than Thought's nim programme (1953).
//! - [`turochamp`]: Turing's paper chess machine as a program of ours.
//! - [`mod@matches`]: Samuel's player (native) against Strachey's program on the machine.
//! - Bell's games (1972): [`noughts`] (Michie's machine, the incomplete defence;
//!   [`noughts::menace`]: MENACE, its boxes on the drum), [`bridgit`], [`knights`] (the knight's tour),
//!   [`guessit`].
//! - [`ajedrecista`]: Torres Quevedo's chess machine (1912) as a program of ours.
//! - [`krk`]: king and rook against king worked out whole by the Mark 1 (retrograde
//!   analysis, the table on the drum).
//! - [`bundled`]: a bundled program assembled once, its labels looked up by name.
//! - [`keys_core`]: the core of Bell's games at the keys (the machine, the key routine,
//!   KAC, the paper), their one error type [`GameError`] and bundled-program macro.
//! - [`keys`]: the one model of a program at the keys ([`AtTheKeys`]) every driver
//!   implements; [`GAMES`] lists the games, where each part lives and how to start it.

pub mod ajedrecista;
pub mod bridgit;
pub mod bundled;
pub mod draughts;
pub mod guessit;
pub mod keys;
pub mod keys_core;
pub mod knights;
pub mod krk;
pub mod matches;
pub mod nim;
pub mod noughts;
pub mod prinz;
pub mod turochamp;

pub use keys::{AtTheKeys, First, MoveError, Settings};
pub use keys_core::GameError;

/// One period program played at the keys: where each part of it lives, and how a face
/// starts it. `docs/architecture.md` ("How to add a game") says how a row is made.
#[derive(Clone, Copy)]
pub struct GameRow {
    /// The game's name as the commands spell it (`mark1 <command>`, the web's `start`).
    pub game: &'static str,
    /// The program in words, with its author and year.
    pub title: &'static str,
    /// The program's assembler sources (the main file first), or its drum image.
    pub programs: &'static [&'static str],
    /// The driver's module (the operator at the keys).
    pub driver: &'static str,
    /// The native reference engine it is checked against.
    pub reference: &'static str,
    /// The CLI subcommand that plays or checks it.
    pub command: &'static str,
    /// The test module that runs it on the machine.
    pub tests: &'static str,
    /// Its page in docs/.
    pub doc: &'static str,
    /// Starts a game from `Settings` (the program loaded, nothing run yet).
    ///
    /// # Errors
    /// Settings the game refuses (a bad position, a missing drum image), or the program
    /// failing to assemble, in words.
    pub start: fn(&Settings) -> Result<Box<dyn AtTheKeys>, String>,
}

/// The period programs played at the keys, one row each.
pub static GAMES: &[GameRow] = &[
    GameRow {
        game: "prinz",
        title: "Prinz's mate-in-two (1951)",
        programs: &["programs/prinz.m1"],
        driver: "games::prinz",
        reference: "reference::chess",
        command: "prinz",
        tests: "tests/games/prinz.rs",
        doc: "docs/prinz.md",
        start: prinz::start,
    },
    GameRow {
        game: "draughts",
        title: "Strachey's draughts (1952), our reconstruction",
        programs: &["programs/draughts.m1"],
        driver: "games::draughts",
        reference: "reference::draughts",
        command: "draughts",
        tests: "tests/games/draughts.rs",
        doc: "docs/draughts.md",
        start: draughts::start,
    },
    GameRow {
        game: "draughts-1952",
        title: "Strachey's original draughts (1952), from SimH's drum image",
        programs: &["period-software: Strachey's drum image"],
        driver: "games::draughts::original",
        reference: "reference::draughts",
        command: "match --black strachey:1952 --period-software DIR",
        tests: "tests/period/strachey1952.rs",
        doc: "docs/draughts.md",
        start: draughts::original::start,
    },
    GameRow {
        game: "nim",
        title: "Faster than Thought's nim programme (1953)",
        programs: &["programs/nim.m1"],
        driver: "games::nim",
        reference: "reference::nim",
        command: "nim",
        tests: "tests/games/nim.rs",
        doc: "docs/nim-programme.md",
        start: nim::game::start,
    },
    GameRow {
        game: "turochamp",
        title: "Turing's paper chess machine (1948-53) as a program",
        programs: &["programs/turochamp.m1"],
        driver: "games::turochamp::play",
        reference: "reference::turochamp",
        command: "turochamp",
        tests: "tests/games/turochamp.rs",
        doc: "docs/turochamp-programme.md",
        start: turochamp::play::start,
    },
    GameRow {
        game: "noughts",
        title: "Michie's noughts-and-crosses machine (Bell 1972)",
        programs: &["programs/noughts.m1"],
        driver: "games::noughts",
        reference: "reference::noughts",
        command: "noughts",
        tests: "tests/games/noughts.rs",
        doc: "docs/bell.md",
        start: noughts::start_michie,
    },
    GameRow {
        game: "defence",
        title: "The incomplete defence at noughts and crosses (Bell 1972)",
        programs: &["programs/noughts.m1"],
        driver: "games::noughts",
        reference: "reference::noughts::defence",
        command: "noughts --machine defence",
        tests: "tests/games/noughts.rs",
        doc: "docs/bell.md",
        start: noughts::start_defence,
    },
    GameRow {
        game: "menace",
        title: "MENACE, its matchboxes on the drum (Michie 1961; Bell 1972)",
        programs: &["programs/menace.m1"],
        driver: "games::noughts::menace",
        reference: "reference::noughts::menace",
        command: "menace",
        tests: "tests/games/menace.rs",
        doc: "docs/bell.md",
        start: noughts::menace::start,
    },
    GameRow {
        game: "bridgit",
        title: "Bridg-it (Bell 1972)",
        programs: &["programs/bridgit.m1"],
        driver: "games::bridgit",
        reference: "reference::bridgit",
        command: "bridgit",
        tests: "tests/games/bridgit.rs",
        doc: "docs/bell.md",
        start: bridgit::start,
    },
    GameRow {
        game: "knights-tour",
        title: "The knight's tour (Bell 1972)",
        programs: &["programs/knights.m1"],
        driver: "games::knights",
        reference: "reference::knights",
        command: "knights-tour",
        tests: "tests/games/knights.rs",
        doc: "docs/bell.md",
        start: knights::start,
    },
    GameRow {
        game: "ajedrecista",
        title: "Torres Quevedo's chess machine, El Ajedrecista (1912), as a program",
        programs: &["programs/ajedrecista.m1"],
        driver: "games::ajedrecista",
        reference: "reference::ajedrecista",
        command: "ajedrecista",
        tests: "tests/games/ajedrecista.rs",
        doc: "docs/ajedrecista.md",
        start: ajedrecista::start,
    },
    GameRow {
        game: "krk",
        title: "King and rook against king from the table the Mark 1 built (Turing's definite programme)",
        programs: &["programs/krk/play.m1", "programs/krk/build.m1"],
        driver: "games::krk::keys",
        reference: "reference::krk",
        command: "krk",
        tests: "tests/games/krk.rs",
        doc: "docs/krk.md",
        start: krk::keys::start,
    },
    GameRow {
        game: "guess-it",
        title: "Guess It (Bell 1972)",
        programs: &["programs/guessit.m1"],
        driver: "games::guessit",
        reference: "reference::guessit",
        command: "guess-it",
        tests: "tests/games/guessit.rs",
        doc: "docs/bell.md",
        start: guessit::start,
    },
];

/// The row of `game` (its name as the commands spell it).
pub fn row(game: &str) -> Option<&'static GameRow> {
    GAMES.iter().find(|r| r.game == game)
}

/// Starts `game` at the keys from `settings`.
///
/// # Errors
/// An unknown game (the known ones named), or the game's own refusal, in words.
pub fn start(game: &str, settings: &Settings) -> Result<Box<dyn AtTheKeys>, String> {
    let r = row(game).ok_or_else(|| {
        let names: Vec<&str> = GAMES.iter().map(|r| r.game).collect();
        format!("no game `{game}`: the games are {}", names.join(", "))
    })?;
    (r.start)(settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table is true: every file a row names exists (the original draughts' drum
    /// image is test data outside the project), names and commands are unique, and an
    /// unknown name is refused naming the known ones.
    #[test]
    fn the_table_names_files_that_exist() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut names = std::collections::BTreeSet::new();
        for r in GAMES {
            assert!(names.insert(r.game), "{} twice", r.game);
            let files = r.programs.iter().filter(|p| p.starts_with("programs/"));
            for f in files.chain([&r.tests, &r.doc]) {
                let path = root.join(f);
                let dir = path.with_extension("");
                assert!(path.exists() || dir.is_dir(), "{}: {f} is missing", r.game);
            }
            assert!(row(r.game).is_some());
        }
        let e = start("chess", &Settings::default()).err().unwrap();
        assert!(e.contains("nim") && e.contains("guess-it"), "{e}");
    }
}
