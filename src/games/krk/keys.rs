//! The playing program (`programs/krk/play.m1`) as a game at the keys
//! (`games::GAMES`' row `krk`, docs/krk.md, "Playing from the table"): the machine has
//! White's king and rook and plays from the table the Mark 1 built on its drum; the
//! visitor's king is Black. The driver is the operator: it puts the table on the drum (a
//! drum image given, or the table the building program leaves, built once for the
//! process on the emulated machine by `programs/krk/build.m1`), sets the starting
//! position on the hand switches with KAC (white king + 64 × rook + 4096 × black king,
//! squares 0-63 = file + 8 × rank), then the visitor's squares on switches 0-5 with KAC.
//! It reads the position from the program's store (`wk`, `rk`, `bk`) and its moves from
//! the teleprinter; it never chooses White's move. A square the program refuses is
//! printed `ILLEGAL` and the program waits for another; the game ends with `MATE`.

use super::{printed, DRUM_TRACKS, PLAY, PLAY_BEATS, TABLE_TRACKS};
use crate::games::bundled::{RunError, Waiting};
use crate::games::keys::{First, Settings};
use crate::games::keys_core::{self, GameError, KeysCore, Limit};
use crate::machine::Machine;
use crate::reference::krk::{self as rk, Position, Square};
use std::sync::OnceLock;

/// The usual start, White to move: Ka1 Rb2, the black king on c3 (mate in 16, the
/// longest there is: `mark1 ref krk census`).
pub const START_FEN: &str = "8/8/8/8/8/2k5/1R6/K7 w - - 0 1";

/// The table the building program leaves on the drum, built once for the process (the
/// whole build on the emulated machine, about 2 s of host time): the drum's words, or
/// why the build failed.
pub fn built_table() -> Result<&'static [u32], String> {
    static BUILT: OnceLock<Result<Vec<u32>, String>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let r = super::build(None, false).map_err(|e| e.to_string())?;
            Ok(r.machine.drum.words().to_vec())
        })
        .as_ref()
        .map(Vec::as_slice)
        .map_err(|e| format!("the building program failed: {e}"))
}

/// Copies the table (tracks 0-159 of `drum`, 256 × 128 words, as the building program
/// left them) onto `machine`'s drum.
///
/// # Errors
/// A drum of the wrong size.
pub fn table_onto(machine: &mut Machine, drum: &[u32]) -> Result<(), GameError> {
    if drum.len() != (DRUM_TRACKS * 128) as usize {
        return Err(GameError::Input(format!(
            "a drum image holds {} words, not {}",
            drum.len(),
            DRUM_TRACKS * 128
        )));
    }
    for t in 0..2 * TABLE_TRACKS {
        for h in 0..2 {
            let o = ((t * 2 + h) * 64) as usize;
            let mut lines = [0u32; 64];
            lines.copy_from_slice(&drum[o..o + 64]);
            machine.drum.set_half_track(t, h, &lines);
        }
    }
    Ok(())
}

/// The playing program at the keys.
pub struct Game {
    core: KeysCore,
    /// The starting position (White to move), set by the driver when the program asks.
    start: Position,
    /// Whether the driver has set the starting position.
    entered: bool,
    /// The store lines of the program's `wk`, `rk`, `bk`.
    lines: [u32; 3],
}

keys_core::holds_core!(Game);

/// Reads a start: a FEN with White to move and a legal position (the reference says why
/// not), or the usual start ([`START_FEN`]) when `None`.
///
/// # Errors
/// [`GameError::Input`] with the reason.
pub fn start_position(text: Option<&str>) -> Result<Position, GameError> {
    let t = text.map_or(START_FEN, str::trim);
    let p = Position::from_fen(t).map_err(|e| GameError::Input(e.to_string()))?;
    if !p.white_to_move {
        return Err(GameError::Input(format!(
            "FEN `{t}`: the machine plays White and moves first: give White to move"
        )));
    }
    if let Some(why) = p.illegal() {
        return Err(GameError::Input(format!("FEN `{t}`: {why}")));
    }
    Ok(p)
}

/// A square `a1`-`h8` (a leading `K` allowed: `Kc4`).
fn parse_square(text: &str) -> Result<Square, String> {
    let t = text.trim();
    let t = t
        .strip_prefix(['K', 'k'])
        .filter(|s| s.len() == 2)
        .unwrap_or(t);
    match t.to_ascii_lowercase().as_bytes() {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok((f - b'a') + 8 * (r - b'1')),
        _ => Err(format!(
            "`{t}` is not a square a1-h8 (your king's square, e.g. c4)"
        )),
    }
}

impl Game {
    /// The playing program loaded, the table of `drum` on its drum, `start` to be set
    /// when it asks; nothing run yet.
    ///
    /// # Errors
    /// A drum of the wrong size; the program failing to assemble.
    pub fn new(drum: &[u32], start: Position) -> Result<Game, GameError> {
        let mut core = KeysCore::new(&PLAY, 0, Limit::EachWait(PLAY_BEATS), 0xF_FFFF)?;
        table_onto(&mut core.machine, drum)?;
        let a = PLAY.assembly()?;
        let label = |n: &str| PLAY.label(a, n);
        Ok(Game {
            core,
            start,
            entered: false,
            lines: [label("wk")?, label("rk")?, label("bk")?],
        })
    }

    /// The position the program holds in its store (Black to move while it waits for the
    /// visitor), once the driver has set the start.
    pub fn position(&self) -> Option<Position> {
        if !self.entered {
            return None;
        }
        let sq = |l: u32| (self.machine.store.read(l) & 63) as Square;
        Some(Position {
            white_king: sq(self.lines[0]),
            rook: sq(self.lines[1]),
            black_king: sq(self.lines[2]),
            white_to_move: self.waiting().is_none(),
        })
    }

    /// The machine's moves so far as printed (`K B1`, `R A8 MATE`).
    pub fn moves(&self) -> Vec<String> {
        self.paper()
            .lines()
            .map(str::trim)
            .filter(|l| printed(l).is_some())
            .map(String::from)
            .collect()
    }
}

/// The board in text, rank 8 first: `K` the white king, `R` the rook, `k` the black king.
fn diagram(p: &Position) -> String {
    let mut s = String::new();
    for r in (0..8u8).rev() {
        s.push_str(&format!("{} ", r + 1));
        for f in 0..8u8 {
            let q = f + 8 * r;
            s.push(if q == p.white_king {
                'K'
            } else if q == p.rook {
                'R'
            } else if q == p.black_king {
                'k'
            } else {
                '.'
            });
            s.push(' ');
        }
        s.pop();
        s.push('\n');
    }
    s.push_str("  a b c d e f g h\n");
    s
}

impl keys_core::Driver for Game {
    fn move_prompt(&self) -> String {
        if !self.entered {
            "the position (the driver sets it on the hand switches)".into()
        } else {
            "your king's square, a1-h8 (one step, e.g. c4)".into()
        }
    }

    fn move_switches(&self, text: &str) -> Result<u32, String> {
        parse_square(text).map(u32::from)
    }

    fn board_text(&self) -> String {
        match self.position() {
            Some(p) => diagram(&p),
            None => format!(
                "(the position is not set yet: {})\n",
                diagram(&self.start).trim_end()
            ),
        }
    }

    fn board_json(&self) -> serde_json::Value {
        let p = self.position();
        let name = |f: fn(&Position) -> Square| p.as_ref().map(|p| rk::square_name(f(p)));
        serde_json::json!({
            "squares": "chess squares a1-h8",
            "numbering": "the program's store: wk, rk, bk, squares 0-63 = file + 8 × rank",
            "white_king": name(|p| p.white_king),
            "rook": name(|p| p.rook),
            "black_king": name(|p| p.black_king),
            "fen": p.map(|p| p.fen()),
            // The visitor's legal king steps by the rules of chess (the reference's: the
            // page lights them; the program judges the square itself).
            "legal": p
                .filter(|p| !p.white_to_move)
                .map(|p| p.moves().iter().map(|m| rk::square_name(m.to)).collect::<Vec<_>>())
                .unwrap_or_default(),
            "record": self.moves(),
        })
    }

    fn result_text(&self) -> Option<String> {
        let last = crate::games::keys::last_words(self.paper());
        if last == "ILLEGAL POSITION" {
            return Some("the program refuses the position: ILLEGAL POSITION".into());
        }
        let n = self.moves().len();
        if last.ends_with("MATE") {
            return Some(format!("mate: the machine wins in {n} moves"));
        }
        Some(format!("the program stopped after {n} moves: {last}"))
    }

    fn board_page(&self) -> u32 {
        self.lines[0] / 64
    }

    /// The core's run; the starting position is set on the hand switches with KAC when
    /// the program first asks, and the run goes on.
    fn run_within(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        let end = self.machine.stats.beats.saturating_add(beats);
        loop {
            let left = end.saturating_sub(self.machine.stats.beats);
            let w = self.core.run(left)?;
            if w == Some(Waiting::Key) && !self.entered {
                let p = self.start;
                self.entered = true;
                self.core.key(
                    u32::from(p.white_king)
                        + 64 * u32::from(p.rook)
                        + 4096 * u32::from(p.black_king),
                );
                continue;
            }
            return Ok(w);
        }
    }
}

/// Starts the playing program at the keys (`games::GAMES`' row `krk`): the table from
/// `settings.drum` (a drum image as `mark1 krk build --drum` writes it), else built on
/// the emulated machine once for the process ([`built_table`]); the start from
/// `settings.position` (a FEN, White to move), else [`START_FEN`]. The machine always
/// moves first (`settings.first` must not be `human`).
///
/// # Errors
/// A start the reference refuses, the visitor asked to move first, a drum image that
/// cannot be read; the building program or the playing program failing.
pub fn start(settings: &Settings) -> Result<Box<dyn crate::games::AtTheKeys>, String> {
    if settings.first == First::Human {
        return Err("the machine plays White and always moves first: first machine".into());
    }
    let p = start_position(settings.position.as_deref()).map_err(|e| e.to_string())?;
    let owned;
    let drum: &[u32] = match &settings.drum {
        Some(path) => {
            let bytes = std::fs::read(path)
                .map_err(|e| format!("cannot read the drum image {}: {e}", path.display()))?;
            owned = crate::formats::drm::read_drm(&bytes)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            &owned
        }
        None => built_table()?,
    };
    let g = Game::new(drum, p).map_err(|e| e.to_string())?;
    Ok(keys_core::AtKeys::boxed("krk", g))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::keys::run_to_wait;
    use crate::games::MoveError;

    /// The start read and refused: the usual start, Black to move refused, an illegal
    /// position refused with the reference's reason, squares read with or without K.
    #[test]
    fn starts_and_squares() {
        assert_eq!(start_position(None).unwrap().fen(), START_FEN);
        let e = start_position(Some("8/8/8/8/8/2k5/1R6/K7 b - - 0 1")).unwrap_err();
        assert!(e.to_string().contains("White to move"), "{e}");
        assert!(start_position(Some("8/8/8/8/8/1k6/1R6/K7 w - - 0 1")).is_err());
        assert!(start_position(Some("nonsense")).is_err());
        assert_eq!(parse_square("c4"), Ok(26));
        assert_eq!(parse_square("Kc4"), Ok(26));
        assert!(parse_square("z9").is_err());
        let s = Settings {
            first: First::Human,
            ..Settings::default()
        };
        assert!(start(&s).is_err());
    }

    /// A game at the keys from the usual start, Black taking the reference's longest
    /// defence: one illegal square refused (the program prints ILLEGAL and waits again),
    /// and the machine mates in exactly the table's 16 moves.
    #[test]
    fn the_longest_game_at_the_keys() {
        let mut g = crate::games::start("krk", &Settings::default()).unwrap();
        let table = rk::table();
        let mut tried_illegal = false;
        loop {
            match run_to_wait(&mut *g, PLAY_BEATS).unwrap() {
                Waiting::Over => break,
                Waiting::Key => {}
            }
            let fen = g.view()["fen"].as_str().unwrap().to_string();
            let p = Position::from_fen(&fen).unwrap();
            assert!(!p.white_to_move, "{fen}");
            if !tried_illegal {
                tried_illegal = true;
                // Onto the white king's own square: never a legal step.
                g.enter(&rk::square_name(p.white_king)).unwrap();
                assert_eq!(run_to_wait(&mut *g, PLAY_BEATS).unwrap(), Waiting::Key);
                assert!(g.paper().trim_end().ends_with("ILLEGAL"), "{}", g.paper());
                assert_eq!(g.view()["fen"], fen.as_str());
            }
            let m = table.best_moves(&p)[0];
            g.enter(&rk::square_name(m.to)).unwrap();
        }
        assert!(matches!(g.enter("c4"), Err(MoveError::Input(_))));
        let end = g.end().unwrap();
        assert_eq!(end, "mate: the machine wins in 16 moves", "{}", g.paper());
        assert!(g.paper().trim_end().ends_with("MATE"), "{}", g.paper());
        assert!(g.board().contains('K'), "{}", g.board());
    }
}
