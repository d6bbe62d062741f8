//! MENACE, Michie's matchbox machine (Bell 1972, ch. 1.3), as a period program of ours on
//! the emulated Mark 1 (`programs/menace.m1`, docs/bell.md): the driver as the operator.
//! It loads the program (and, when asked, the boxes from a drum image), starts the
//! machine, enters the opponent's cells on the hand switches with KAC, presses KCC to
//! start the next game, and reads the paper, the store and the drum. The boxes, their
//! beads, the draw and the learning are all the program's: the driver never computes
//! MENACE's move. [`check`] compares the program with `reference::noughts::menace`.
//!
//! The boxes on the drum (all lines 20 bits; a "long" is two lines, the less significant
//! first): half-track 120 (track 60.0) line 0, the number of boxes made; half-tracks
//! 128–191 (tracks 64–95), 64 drawers, a position in drawer (its number mod 64): line 0
//! the count, then longs at 2, 4, … of number + box × 2^20; half-track 192 + n (tracks
//! 96–247), box n: line 0 the position's number ([`rm::code`] of its canonical form),
//! then the beads of each cell of the canonical board as longs at lines 2 + 2j.

pub use crate::games::bundled::{CheckReport, Waiting};
use crate::games::keys_core::{self, GameError, KeysCore, Limit};
use crate::machine::drum::{TRACKS, WORDS_PER_TRACK};
use crate::machine::{Config, Machine};
use crate::reference::noughts::menace::{self as rm, Choice, Empty, Menace, Opponent, Result3};
use crate::reference::noughts::{self as rn, Board, EMPTY, O, X};
use std::collections::HashMap;

keys_core::bundled_program!("programs/menace.m1");

/// Beats a think or a wait may take before the driver gives up.
const BEATS: u64 = 50_000_000;

/// The half-track of the number of boxes made (track 60.0).
const HEADER: u32 = 120;
/// The first drawer's half-track (track 64.0).
const DRAWERS: u32 = 128;
/// Box 0's half-track (track 96.0).
const BOXES: u32 = 192;
/// The most boxes there can be: the positions MENACE can meet up to symmetry
/// (`reference::noughts::menace_boxes`).
pub const MAX_BOXES: usize = 304;
/// The tracks that hold the boxes (60–247): what a drum image gives and takes.
pub const BOX_TRACKS: std::ops::Range<u32> = 60..248;
/// The half-track of MENACE's mark (track 60.1), which the program never reads or
/// writes (its magnetic orders name half-tracks 80–103 for its units, 120 for the count,
/// 128–191 for the drawers and 192–495 for the boxes; tests/games/menace.rs checks).
pub const MARK_HALF_TRACK: u32 = 121;
/// MENACE's mark, one character a line from line 0 of [`MARK_HALF_TRACK`]: every drum
/// image [`DrumBoxes::drm_of`] writes has it, and [`DrumBoxes::from_drm`] refuses an
/// image without it, so that `--drum` never takes another program's drum image for
/// MENACE's and writes boxes over it.
pub const MARK: &[u8] = b"mark1 MENACE boxes";

/// What the program does with an empty box (the setting `s_empty`).
pub fn empty_setting(e: Empty) -> u64 {
    match e {
        Empty::Resign => 0,
        Empty::Refill => 1,
    }
}

/// The boxes region of a drum (tracks 60–247), as taken from or given to a drum image:
/// `(track, half, 64 lines)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DrumBoxes {
    half_tracks: Vec<(u32, u32, [u32; 64])>,
}

impl DrumBoxes {
    /// The boxes region of `m`'s drum.
    pub fn of(m: &Machine) -> DrumBoxes {
        let mut half_tracks = Vec::new();
        for t in BOX_TRACKS {
            for h in 0..2 {
                let mut lines = [0u32; 64];
                lines.copy_from_slice(m.drum.half_track(t, h));
                half_tracks.push((t, h, lines));
            }
        }
        DrumBoxes { half_tracks }
    }

    /// Puts the region on `m`'s drum.
    pub fn put(&self, m: &mut Machine) {
        for (t, h, lines) in &self.half_tracks {
            m.drum.set_half_track(*t, *h, lines);
        }
    }

    /// The region of a SimH drum image (32,768 words in track order), validated: the
    /// image must carry MENACE's [`MARK`] on track 60.1 and its boxes must read as
    /// [`read_boxes`] reads them.
    ///
    /// # Errors
    /// The image is not a drum image, is another program's (no mark), or its boxes are
    /// inconsistent (with the reason).
    pub fn from_drm(bytes: &[u8]) -> Result<DrumBoxes, GameError> {
        let words = crate::formats::drm::read_drm(bytes)
            .map_err(|e| GameError::Input(format!("not a drum image: {e}")))?;
        let mut m = Machine::new(Config::default());
        m.drum.load_words(&words);
        if !has_mark(&m) {
            return Err(GameError::Input(format!(
                "not a drum image of MENACE's boxes: track {}.{} lacks the mark `{}` that \
                 MENACE writes there (another program's drum image is refused, so that its \
                 drum is not overwritten with boxes)",
                MARK_HALF_TRACK / 2,
                MARK_HALF_TRACK % 2,
                String::from_utf8_lossy(MARK)
            )));
        }
        let d = DrumBoxes::of(&m);
        read_boxes(&m).map_err(|e| GameError::Input(format!("the drum image's boxes: {e}")))?;
        Ok(d)
    }

    /// The whole drum of `m` as a SimH drum image (the boxes and the program's units),
    /// with MENACE's [`MARK`] on track 60.1.
    pub fn drm_of(m: &Machine) -> Vec<u8> {
        debug_assert_eq!(m.drum.words().len(), TRACKS * WORDS_PER_TRACK);
        let mut words = m.drum.words().to_vec();
        let at = MARK_HALF_TRACK as usize * 64;
        words[at..at + 64].copy_from_slice(&mark_lines());
        crate::formats::drm::write_drm(&words)
    }
}

/// [`MARK`] as the 64 lines of its half-track.
fn mark_lines() -> [u32; 64] {
    let mut lines = [0u32; 64];
    for (l, &c) in lines.iter_mut().zip(MARK) {
        *l = u32::from(c);
    }
    lines
}

/// Whether `m`'s drum carries MENACE's [`MARK`].
fn has_mark(m: &Machine) -> bool {
    *m.drum.half_track(MARK_HALF_TRACK / 2, MARK_HALF_TRACK % 2) == mark_lines()
}

/// One box read off the drum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrumBox {
    /// Its number, in the order made.
    pub number: usize,
    /// The canonical position (X the machine's marks).
    pub position: Board,
    /// The beads of each cell of the canonical position.
    pub beads: [u64; 9],
}

fn long(lines: &[u32], i: usize) -> u64 {
    u64::from(lines[i]) | u64::from(lines[(i + 1) % 64]) << 20
}

/// The boxes on `m`'s drum, in the order made, checked: the count at most 304, each box a
/// canonical position MENACE can meet, filed in its drawer under its own number, no
/// position twice, no drawer holding another's.
///
/// # Errors
/// The first inconsistency, in words.
pub fn read_boxes(m: &Machine) -> Result<Vec<DrumBox>, GameError> {
    let bad = |s: String| GameError::Input(s);
    let n = long(m.drum.half_track(HEADER / 2, HEADER % 2), 0);
    if n > MAX_BOXES as u64 {
        return Err(bad(format!(
            "{n} boxes made, more than the {MAX_BOXES} positions MENACE can meet"
        )));
    }
    let n = n as usize;
    let mut out = Vec::with_capacity(n);
    let mut seen = HashMap::new();
    for i in 0..n {
        let h = BOXES + i as u32;
        let lines = m.drum.half_track(h / 2, h % 2);
        let k = long(lines, 0);
        let position = u32::try_from(k)
            .ok()
            .and_then(rm::from_code)
            .filter(|b| {
                rn::canonical(b) == *b
                    && !rn::over(b)
                    && rn::to_move(b) == X
                    && b.iter().filter(|&&c| c != EMPTY).count() < 8
            })
            .ok_or_else(|| {
                bad(format!(
                    "box {i}: {k} is not the number of a position MENACE meets"
                ))
            })?;
        if let Some(j) = seen.insert(k as u32, i) {
            return Err(bad(format!("boxes {j} and {i} hold the same position")));
        }
        let mut beads = [0u64; 9];
        for (j, b) in beads.iter_mut().enumerate() {
            *b = long(lines, 2 + 2 * j);
            if *b != 0 && position[j] != EMPTY {
                return Err(bad(format!(
                    "box {i}: beads on cell {} which is taken",
                    j + 1
                )));
            }
        }
        out.push(DrumBox {
            number: i,
            position,
            beads,
        });
    }
    let mut filed = 0;
    for d in 0..64u32 {
        let h = DRAWERS + d;
        let lines = m.drum.half_track(h / 2, h % 2);
        let c = long(lines, 0);
        if c > 31 {
            return Err(bad(format!(
                "drawer {d}: {c} entries, more than a half-track holds"
            )));
        }
        for e in 0..c as usize {
            let v = long(lines, 2 + 2 * e);
            let (k, b) = ((v & 0xF_FFFF) as u32, (v >> 20) as usize);
            if k % 64 != d || seen.get(&k) != Some(&b) {
                return Err(bad(format!("drawer {d}: entry {e} names box {b} wrongly")));
            }
        }
        filed += c as usize;
    }
    if filed != n {
        return Err(bad(format!(
            "{n} boxes made but {filed} filed in the drawers"
        )));
    }
    Ok(out)
}

/// The boxes as the reference holds them: canonical position → beads.
pub fn boxes_map(boxes: &[DrumBox]) -> HashMap<Board, [u32; 9]> {
    boxes
        .iter()
        .map(|b| {
            (
                b.position,
                b.beads.map(|n| n.min(u64::from(u32::MAX)) as u32),
            )
        })
        .collect()
}

/// Puts the boxes on `m`'s drum, if given, and makes the empty-box setting.
fn set_up(m: &mut Machine, empty: Empty, boxes: Option<&DrumBoxes>) -> Result<(), GameError> {
    if let Some(b) = boxes {
        b.put(m);
    }
    m.store.write_long(label("s_empty")?, empty_setting(empty));
    Ok(())
}

/// One think: MENACE's cell (or its resignation), the random number it drew, the cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// The cell the program chose, 0-8; `None`: the box was empty and it resigned.
    pub cell: Option<usize>,
    /// The 20-bit number `/W` gave for the draw (left at `rr + 1`).
    pub random: u32,
    /// Orders obeyed.
    pub instructions: u64,
    /// Beats (240 µs each).
    pub beats: u64,
    /// The boxes after the think (a new one made if the position was new).
    pub boxes: DrumBoxes,
}

/// Runs the program's one-move mode on `b` (X MENACE's marks) with the boxes given (none:
/// a fresh drum), `/W` seeded with `seed`.
///
/// # Errors
/// A board where MENACE cannot move; the program failing.
pub fn think(
    b: &Board,
    seed: u64,
    empty: Empty,
    boxes: Option<&DrumBoxes>,
) -> Result<Think, GameError> {
    super::check_marks(
        b,
        |xs, os| xs == os,
        "MENACE plays first: it is to move when its marks are as many as the opponent's",
    )?;
    let mut m = keys_core::loaded(&PROGRAM, seed)?;
    set_up(&mut m, empty, boxes)?;
    m.store.write_long(label("s_mode")?, 0);
    let cell = label("cell")?;
    for (i, &c) in b.iter().enumerate() {
        let v = match c {
            EMPTY => 0,
            X => 1,
            _ => 2,
        };
        m.store.write_long(cell + 2 * i as u32, v);
    }
    keys_core::run_to_stop(&mut m, label("th_end")?, BEATS)?;
    let mv = crate::games::bundled::signed40(m.store.read_long(label("mv")?));
    Ok(Think {
        cell: usize::try_from(mv).ok().filter(|&c| c < 9),
        random: m.store.read(label("rr")? + 1) & 0xF_FFFF,
        instructions: m.stats.instructions,
        beats: m.stats.beats,
        boxes: DrumBoxes::of(&m),
    })
}

/// A game's end as the program left it.
fn result_of(b: &Board) -> Result3 {
    match rn::winner(b) {
        Some(w) if w == X => Result3::Win,
        Some(_) => Result3::Loss,
        None if rn::over(b) => Result3::Draw,
        // Not over: MENACE resigned.
        None => Result3::Loss,
    }
}

/// Games of MENACE on the emulated Mark 1, one after another on the same drum, at the
/// keys: the driver presses KCC between games, as an operator starting the program again.
/// The machine and the program's waits are in its [`KeysCore`], which it dereferences to
/// (`game.machine`, `game.run_to_wait()`, `game.enter(cell)` with the cell 1-9 in binary
/// on switches 0-3, `game.paper()`).
pub struct Game {
    core: KeysCore,
    cell: u32,
}

keys_core::holds_core!(Game);

impl Game {
    /// The program loaded, its boxes from `boxes` if given; nothing run yet.
    ///
    /// # Errors
    /// The program failing to assemble.
    pub fn new(seed: u64, empty: Empty, boxes: Option<&DrumBoxes>) -> Result<Game, GameError> {
        let mut core = KeysCore::new(&PROGRAM, seed, Limit::EachWait(BEATS), 15)?;
        set_up(&mut core.machine, empty, boxes)?;
        core.machine.store.write_long(label("s_mode")?, 1);
        Ok(Game {
            core,
            cell: label("cell")?,
        })
    }

    /// KCC: the program starts again at line 1, a new game on the same boxes; runs to
    /// the first wait.
    ///
    /// # Errors
    /// As [`KeysCore::run_to_wait`].
    pub fn again(&mut self) -> Result<Waiting, GameError> {
        self.kcc();
        Ok(self.run_to_wait()?)
    }

    /// The position as the program holds it (page 7): X MENACE's marks.
    pub fn board(&self) -> Board {
        super::board_in(&self.machine, self.cell, X, O)
    }

    /// The game's result for MENACE once it is over (a resignation is a loss).
    pub fn result(&self) -> Result3 {
        result_of(&self.board())
    }

    /// The boxes MENACE drew from this game so far, in order, as the program notes them
    /// (`un` of them, their numbers at `ub`, twice the cells drawn at `uc`): each its
    /// number and the cell of its canonical position drawn (0-8). At most four.
    ///
    /// # Errors
    /// The program's labels missing.
    pub fn used_boxes(&self) -> Result<Vec<(usize, usize)>, GameError> {
        let s = &self.machine.store;
        let n = s.read_long(label("un")?).min(4) as u32;
        let (ub, uc) = (label("ub")?, label("uc")?);
        Ok((0..n)
            .map(|i| {
                (
                    s.read_long(ub + 2 * i) as usize,
                    (s.read_long(uc + 2 * i) / 2) as usize,
                )
            })
            .collect())
    }

    /// The boxes on the drum now.
    ///
    /// # Errors
    /// The drum's boxes inconsistent.
    pub fn boxes(&self) -> Result<Vec<DrumBox>, GameError> {
        read_boxes(&self.machine)
    }
}

impl super::Cells for Game {
    fn position(&self) -> Board {
        self.board()
    }

    /// `boxes_made`: the boxes on the drum; `boxes_used`: the boxes MENACE drew from this
    /// game, in order (the last the box in play), each `{"box": its number, "position":
    /// the canonical position as `x`, `o`, `.` (X MENACE's), "beads": the nine cells'
    /// beads of it as the drum holds them now, "drawn": the cell of it drawn, 1-9}`,
    /// read from the program's list (`un`, `ub`, `uc`) and the drum. Empty if the drum's
    /// boxes do not read.
    fn more_view(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut v = serde_json::Map::new();
        let Ok(boxes) = read_boxes(&self.machine) else {
            return v;
        };
        v.insert("boxes_made".into(), boxes.len().into());
        let used = self.used_boxes().unwrap_or_default();
        let list: Vec<serde_json::Value> = used
            .iter()
            .filter_map(|&(n, cell)| {
                let b = boxes.get(n)?;
                Some(serde_json::json!({
                    "box": n,
                    "position": super::board_text(&b.position),
                    "beads": b.beads,
                    "drawn": cell + 1,
                }))
            })
            .collect();
        v.insert("boxes_used".into(), list.into());
        v
    }

    fn mark(&self) -> u8 {
        X
    }

    fn first_cell(&self) -> u32 {
        self.cell
    }

    fn result_words(&self) -> &'static str {
        let resigned = self.paper().contains("RESIGN");
        match (rn::over(&self.board()) || resigned, self.result()) {
            (false, _) => "stopped",
            (true, Result3::Win) => "the machine won",
            (true, Result3::Loss) if resigned => "the machine resigned",
            (true, Result3::Loss) => "you won",
            (true, Result3::Draw) => "drawn",
        }
    }
}

/// Starts MENACE at the keys (`games::GAMES`' row `menace`): one game, MENACE first, an
/// empty box resigning (Michie's); its boxes from the drum image `settings.drum` if given
/// (a fresh drum otherwise; they are not written back).
///
/// # Errors
/// The human first (MENACE plays first), a position given, a drum image that cannot be
/// read or is not MENACE's; the program failing to assemble.
pub fn start(
    settings: &crate::games::Settings,
) -> Result<Box<dyn crate::games::AtTheKeys>, String> {
    if settings.first == crate::games::First::Human {
        return Err(
            "MENACE plays first (its boxes are for the 1st, 3rd, 5th and 7th moves)".into(),
        );
    }
    if settings.position.is_some() {
        return Err("MENACE starts from the empty board: no position".into());
    }
    let boxes = match &settings.drum {
        Some(p) => {
            let bytes = crate::formats::input::read_limited(p, crate::formats::input::DRUM)
                .map_err(|e| e.to_string())?;
            Some(DrumBoxes::from_drm(&bytes).map_err(|e| format!("{} refused: {e}", p.display()))?)
        }
        None => None,
    };
    let g = Game::new(settings.seed, Empty::Resign, boxes.as_ref()).map_err(|e| e.to_string())?;
    Ok(keys_core::AtKeys::boxed("menace", g))
}

/// One game of training: its result for MENACE and MENACE's first cell (0–8; `None` if
/// it resigned before moving).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The result.
    pub result: Result3,
    /// MENACE's opening cell.
    pub first: Option<usize>,
}

/// Plays `games` games of MENACE on the Mark 1 against `opp` (played by the operator
/// from `reference::noughts`, random choices from `seed`), on the boxes given (a fresh
/// drum if none); `each` is called after every game. Returns the games and the game
/// (with its drum) at the end.
///
/// # Errors
/// The program failing.
pub fn train(
    games: usize,
    opp: Opponent,
    empty: Empty,
    seed: u64,
    boxes: Option<&DrumBoxes>,
    mut each: impl FnMut(usize, Played),
) -> Result<(Vec<Played>, Game), GameError> {
    use crate::random::Xorshift;
    let mut rng = Xorshift((seed as u32) ^ 0x3E4A_CE61 | 1);
    let mut g = Game::new(seed, empty, boxes)?;
    let mut out = Vec::with_capacity(games);
    for k in 0..games {
        let mut w = if k == 0 { g.run_to_wait()? } else { g.again()? };
        let mut first = None;
        while w == Waiting::Key {
            let b = g.board();
            if first.is_none() {
                first = b.iter().position(|&c| c == X);
            }
            let i = rm::opponent_move(opp, &b, &mut rng);
            w = g.enter(i as u32 + 1)?;
        }
        let b = g.board();
        if first.is_none() {
            first = b.iter().position(|&c| c == X);
        }
        let p = Played {
            result: g.result(),
            first,
        };
        each(k, p);
        out.push(p);
    }
    Ok((out, g))
}

/// The program against `reference::noughts::menace` over games against a random
/// opponent until `n` of MENACE's moves have been compared: each move the same as the
/// reference's on the same position with the same random number (read off the store),
/// and after every game the boxes on the drum the same as the reference's.
///
/// # Errors
/// The program failing.
pub fn check(n: usize, seed: u64, empty: Empty) -> Result<CheckReport, GameError> {
    use crate::random::Xorshift;
    let mut rng = Xorshift((seed as u32) ^ 0x0C4E_C4ED | 1);
    let mut g = Game::new(seed, empty, None)?;
    let rr = label("rr")? + 1;
    let mut reference = Menace::default();
    let mut differences = Vec::new();
    let mut compared = 0;
    let mut game = 0;
    while compared < n {
        let mut w = if game == 0 {
            g.run_to_wait()?
        } else {
            g.again()?
        };
        game += 1;
        let mut before = [EMPTY; 9];
        let mut used = Vec::new();
        let mut stopped = false;
        loop {
            // MENACE has moved (or resigned, or the game is over).
            let now = g.board();
            if rn::to_move(&before) == X && !rn::over(&before) {
                let r = g.machine.store.read(rr) & 0xF_FFFF;
                let want = reference.choose(&before, r, empty);
                let got = (0..9).find(|&i| before[i] == EMPTY && now[i] == X);
                let same = match (want, got) {
                    (Choice::Cell(c, u), Some(g)) => {
                        used.extend(u);
                        c == g
                    }
                    (Choice::Resign, None) => true,
                    _ => false,
                };
                if !same {
                    differences.push(format!(
                        "game {game}, {}: the program {}, the reference {}",
                        super::board_text(&before),
                        got.map_or("resigned".to_string(), |c| format!("played {}", c + 1)),
                        match want {
                            Choice::Cell(c, _) => format!("plays {}", c + 1),
                            Choice::Resign => "resigns".to_string(),
                        }
                    ));
                }
                compared += 1;
                if compared == n {
                    stopped = true;
                    break;
                }
            }
            if w == Waiting::Over {
                break;
            }
            let mut b = g.board();
            let i = rm::opponent_move(Opponent::Random, &b, &mut rng);
            w = g.enter(i as u32 + 1)?;
            b[i] = O;
            before = b;
        }
        if stopped {
            break;
        }
        reference.learn(&used, g.result());
        let drum = boxes_map(&g.boxes()?);
        if drum != reference.boxes {
            differences.push(format!(
                "after game {game}: the boxes on the drum differ from the reference's ({} and {} boxes)",
                drum.len(),
                reference.boxes.len()
            ));
        }
    }
    Ok(CheckReport {
        positions: n,
        differences,
    })
}

#[cfg(test)]
mod tests {
    use crate::games::keys_core::play;
    use crate::games::{AtTheKeys, First, Settings};

    /// MENACE played to the end through `games::start` on a fresh drum: it opens (its
    /// first `I PLAY n` is an x on the board it holds) and the end is in words.
    #[test]
    fn menace_at_the_keys() {
        let first_free = |g: &mut dyn AtTheKeys| (g.board().find('.').unwrap_or(0) + 1).to_string();
        let g = play("menace", &Settings::default(), 9, 50_000_000, first_free);
        let p = g.paper();
        assert!(p.starts_with("MENACE\nI PLAY "), "{p}");
        let n: usize = p.lines().nth(1).unwrap()[7..].trim().parse().unwrap();
        assert_eq!(g.board().chars().nth(n - 1), Some('x'), "{}", g.board());
        let end = g.end().unwrap();
        assert!(
            [
                "the machine won",
                "you won",
                "drawn",
                "the machine resigned"
            ]
            .contains(&end.as_str()),
            "{end}"
        );
        let human = Settings {
            first: First::Human,
            ..Settings::default()
        };
        assert!(crate::games::start("menace", &human).is_err());

        // The boxes it made come back from a drum image given in the settings; a file
        // that is not MENACE's drum image is refused.
        let made = super::read_boxes(g.machine()).unwrap();
        assert!(!made.is_empty());
        let dir = tempfile::tempdir().unwrap();
        let drum = dir.path().join("boxes.drm");
        std::fs::write(&drum, super::DrumBoxes::drm_of(g.machine())).unwrap();
        let with = Settings {
            drum: Some(drum.clone()),
            ..Settings::default()
        };
        let again = crate::games::start("menace", &with).unwrap();
        assert_eq!(super::read_boxes(again.machine()).unwrap(), made);
        std::fs::write(&drum, b"not a drum").unwrap();
        let e = crate::games::start("menace", &with).err().unwrap();
        assert!(e.contains("refused"), "{e}");
    }
}
