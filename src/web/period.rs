//! The surviving period programs the web console offers with `mark1 serve
//! --period-software DIR` (docs/web.md, "The period programs"): Strachey's original
//! draughts of 1952 from SimH's drum image `Draughts/Draughts.drm` (the game
//! `draughts-1952` of `games::GAMES`, started through `games::start` with the drum), and
//! Strachey's Love Letters on FERUT's Scheme T (`LoveLetters/generated/
//! LoveLetters_SchemeT.drm` and the tape `LoveLetters/LL_Tape.pt.txt`), a program mode
//! loaded as the period operators did (tests/period/LL_10letters.con). The folder is the
//! period-software folder of docs/compatibility.md; none of it is bundled. Everything is
//! read and checked once, when the server starts ([`Period::open`]).

use crate::formats::{drm, tape};
use crate::machine::{Config, Machine, RngKind};
use std::path::{Path, PathBuf};

/// The program name of Love Letters in the page's list of programs (the `load` op's
/// `program`).
pub const LOVE_LETTERS: &str = "love-letters";

/// The program name of the KRK build (`programs/krk/build.m1`, docs/krk.md) in the
/// page's list of programs: bundled, offered by every server (a long program of ours, run
/// as the period ones are: loaded and started at once, the tubes on its pages).
pub const KRK_BUILD: &str = "krk-build";

/// The hand switches Love Letters boots with, as the operator set them (`set h :/@/`,
/// tests/period/LL_10letters.con).
const LOVE_LETTERS_HANDS: &str = ":/@/";

/// The period-software folder, read and checked.
#[derive(Clone, Debug)]
pub struct Period {
    /// The folder as given (`--period-software DIR`), made absolute where it can be: the
    /// name sessions that hold one of its programs are kept under.
    pub dir: PathBuf,
    /// Strachey's original draughts' drum image (`Settings::drum` of `draughts-1952`).
    pub draughts: PathBuf,
    /// Love Letters' drum image, read: 32,768 words in track order.
    love_drum: Vec<u32>,
    /// Love Letters' tape, read: its rows.
    love_tape: Vec<u8>,
}

/// Reads one drum image of the folder, refused with the file's name and the reason.
fn drum(path: &Path) -> Result<Vec<u32>, String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("{}: cannot be read ({e})", path.display()))?;
    drm::read_drm(&bytes).map_err(|e| format!("{}: not a drum image: {e}", path.display()))
}

impl Period {
    /// Reads `dir`: `Draughts/Draughts.drm`, `LoveLetters/generated/LoveLetters_SchemeT.drm`
    /// (each a SimH drum image, read by `formats::drm`) and `LoveLetters/LL_Tape.pt.txt` (a
    /// tape in SimH's text form, `formats::tape`).
    ///
    /// # Errors
    /// The folder missing, or the first file missing or malformed: its name and the
    /// reason, in words.
    pub fn open(dir: &Path) -> Result<Period, String> {
        if !dir.is_dir() {
            return Err(format!(
                "--period-software {}: no such folder (it should hold the period software: \
                 Draughts/Draughts.drm and LoveLetters/)",
                dir.display()
            ));
        }
        let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        let draughts = dir.join("Draughts").join("Draughts.drm");
        drum(&draughts)?;
        let love_drum = drum(
            &dir.join("LoveLetters")
                .join("generated")
                .join("LoveLetters_SchemeT.drm"),
        )?;
        let tape_path = dir.join("LoveLetters").join("LL_Tape.pt.txt");
        let bytes = std::fs::read(&tape_path)
            .map_err(|e| format!("{}: cannot be read ({e})", tape_path.display()))?;
        let love_tape = tape::read_pt_text(&bytes)
            .map_err(|e| format!("{}: not a tape: {e}", tape_path.display()))?;
        if love_tape.is_empty() {
            return Err(format!("{}: the tape is empty", tape_path.display()));
        }
        Ok(Period {
            dir,
            draughts,
            love_drum,
            love_tape,
        })
    }

    /// The folder, in words, as sessions are kept under it.
    pub fn name(&self) -> String {
        self.dir.display().to_string()
    }

    /// A machine with Love Letters ready to run, as the operators of
    /// tests/period/LL_10letters.con left it: Scheme T's drum, KEC, the hand switches at
    /// `:/@/`, the tape in the reader. SimH's random sequence (`RngKind::Simh`), so that it
    /// writes the letters SimH's run printed (docs/compatibility.md). The G stop switch is
    /// off: the stops after each tape section and each letter are dummies, and the letters
    /// follow one another (the page's G switch puts them back).
    pub fn love_letters(&self) -> Machine {
        let mut m = Machine::new(Config {
            rng: RngKind::Simh,
            ..Config::default()
        });
        m.drum.load_words(&self.love_drum);
        m.kec();
        m.set_hand_switches(crate::machine::code::parse_line(LOVE_LETTERS_HANDS).unwrap_or(0));
        m.load_tape(&self.love_tape);
        m.console.stop_g = false;
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_folder_is_refused_with_the_file_and_the_reason() {
        let e = Period::open(Path::new("/nonexistent/period")).unwrap_err();
        assert!(
            e.contains("/nonexistent/period") && e.contains("no such folder"),
            "{e}"
        );
        let d = tempfile::tempdir().unwrap();
        let e = Period::open(d.path()).unwrap_err();
        assert!(
            e.contains("Draughts.drm") && e.contains("cannot be read"),
            "{e}"
        );
        std::fs::create_dir(d.path().join("Draughts")).unwrap();
        std::fs::write(d.path().join("Draughts/Draughts.drm"), b"short").unwrap();
        let e = Period::open(d.path()).unwrap_err();
        assert!(
            e.contains("not a drum image") && e.contains("131072"),
            "{e}"
        );
    }

    #[test]
    fn the_hands_read() {
        assert!(crate::machine::code::parse_line(LOVE_LETTERS_HANDS).is_some());
    }
}
