//! Michie's noughts-and-crosses machine and Bell's incomplete defence (Bell 1972, ch.
//! 1.3) as a period program of ours on the emulated Mark 1 (`programs/noughts.m1`,
//! docs/bell.md): the driver as the operator. It puts the position or the settings in, starts the machine, enters the
//! opponent's cells on the hand switches with KAC, and reads the paper and the store
//! (the position on page 7, the sums and the move after a think). It never computes the
//! machine's move; [`check`] compares it with `reference::noughts`.

pub mod menace;

pub use super::bundled::{CheckReport, Waiting};
pub use super::keys::First;
use super::keys_core::{self, GameError, KeysCore, Limit};
use crate::reference::noughts::{self as rn, Board, EMPTY, O, X};

keys_core::bundled_program!("programs/noughts.m1");

/// Beats a think or a wait may take before the driver gives up.
const BEATS: u64 = 20_000_000;

use super::bundled::signed40 as signed;

/// Which of Bell's machines the program runs (the setting `s_machine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Michie's scoring machine (units G and T); it plays first, as X.
    Michie,
    /// Bell's incomplete defence (units G, D and E); it plays second. On a [`Board`]
    /// its marks are O and the opponent's X, as in `reference::noughts::defence`.
    Defence,
}

/// One think: the machine's cell (0-8), its sums for the empty cells, and the cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// The cell the program chose, 0-8.
    pub cell: usize,
    /// The sums it left in `sc`, for the empty cells.
    pub sums: [Option<i64>; 9],
    /// Orders obeyed.
    pub instructions: u64,
    /// Beats (240 µs each).
    pub beats: u64,
}

/// Checks a board for a think: the game not over, and `to_move(xs, os)` true of the
/// counts of X's and O's on it (the program's player is to move), else `why`.
pub(crate) fn check_marks(
    b: &Board,
    to_move: fn(usize, usize) -> bool,
    why: &str,
) -> Result<(), GameError> {
    if rn::over(b) {
        return Err(GameError::Input("the game is over on that board".into()));
    }
    let count = |m: u8| b.iter().filter(|&&c| c == m).count();
    if !to_move(count(X), count(O)) {
        return Err(GameError::Input(why.into()));
    }
    Ok(())
}

/// Runs the program's one-move mode on `b` (X the machine's marks), `/W` seeded with
/// `seed`: Michie's machine.
///
/// # Errors
/// A board where the machine cannot move; the program failing.
pub fn think(b: &Board, seed: u64) -> Result<Think, GameError> {
    think_as(Player::Michie, b, seed)
}

/// Runs the program's one-move mode on `b` for `player` (Michie's: X the machine's
/// marks; the defence's: O the machine's), `/W` seeded with `seed`. The sums are those
/// the program left in `sc` (the defence's: its Fig. 1.7 sums after its second move, 2
/// a winning and 1 a blocking cell later, 2 1 0 for centre, corner, edge at its first).
///
/// # Errors
/// A board where the machine cannot move; the program failing.
pub fn think_as(player: Player, b: &Board, seed: u64) -> Result<Think, GameError> {
    let mine = match player {
        Player::Michie => {
            check_marks(
                b,
                |xs, os| xs <= os && os <= xs + 1,
                "the machine must be to move: its marks as many as the opponent's, or one fewer",
            )?;
            X
        }
        Player::Defence => {
            check_marks(
                b,
                |xs, os| xs == os + 1,
                "the incomplete defence plays second: the opponent's marks must be one more than the machine's",
            )?;
            O
        }
    };
    let mut m = keys_core::loaded(&PROGRAM, seed)?;
    m.store.write_long(label("s_mode")?, 0);
    m.store
        .write_long(label("s_machine")?, u64::from(player == Player::Defence));
    let cell = label("cell")?;
    for (i, &c) in b.iter().enumerate() {
        let v = match c {
            EMPTY => 0,
            c if c == mine => 1,
            _ => 2,
        };
        m.store.write_long(cell + 2 * i as u32, v);
    }
    keys_core::run_to_stop(&mut m, label("th_end")?, BEATS)?;
    let sc = label("sc")?;
    let mut sums = [None; 9];
    for (i, s) in sums.iter_mut().enumerate() {
        if b[i] == EMPTY {
            *s = Some(signed(m.store.read_long(sc + 2 * i as u32)));
        }
    }
    Ok(Think {
        cell: m.store.read_long(label("mv")?) as usize,
        sums,
        instructions: m.stats.instructions,
        beats: m.stats.beats,
    })
}

/// Random positions where the machine is to move: `n` of them from `seed`, each the
/// start followed by random legal moves, game not over.
pub fn positions(n: usize, seed: u64) -> Vec<Board> {
    use crate::random::RandomSource;
    use crate::random::Xorshift;
    let mut rng = Xorshift((seed as u32) ^ 0x0A0A_5E5E);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let plies = rng.next_u20() % 8;
        // The machine plays X: it is to move when the marks are even.
        out.extend(random_play(&mut rng, plies).filter(|b| rn::to_move(b) == X));
    }
    out
}

/// The start followed by `plies` random legal moves drawn from `rng`; `None` if the game
/// ended on the way.
fn random_play(rng: &mut crate::random::Xorshift, plies: u32) -> Option<Board> {
    use crate::random::RandomSource;
    let mut b = [EMPTY; 9];
    for _ in 0..plies {
        let free: Vec<usize> = (0..9).filter(|&i| b[i] == EMPTY).collect();
        let i = free[rng.next_u20() as usize % free.len()];
        b[i] = rn::to_move(&b);
        if rn::over(&b) {
            return None;
        }
    }
    Some(b)
}

/// The program against `reference::noughts` on `n` positions: every empty cell's sum
/// the same as Michie's, and the cell chosen one of the largest.
///
/// # Errors
/// The program failing on a position.
pub fn check(n: usize, seed: u64) -> Result<CheckReport, GameError> {
    let mut differences = Vec::new();
    for (k, b) in positions(n, seed).iter().enumerate() {
        let t = think(b, seed.wrapping_add(k as u64))?;
        let want = rn::michie_scores(b, X);
        let want: Vec<Option<i64>> = want.iter().map(|s| s.map(i64::from)).collect();
        let choices = rn::michie_choices(b, X);
        if t.sums.to_vec() != want || !choices.contains(&t.cell) {
            differences.push(format!(
                "{}: the program's sums {:?} and cell {}, Michie's {:?} and {:?}",
                board_text(b),
                t.sums,
                t.cell + 1,
                want,
                choices.iter().map(|c| c + 1).collect::<Vec<_>>()
            ));
        }
    }
    Ok(CheckReport {
        positions: n,
        differences,
    })
}

/// Random positions where the incomplete defence (O) is to move: `n` of them from
/// `seed`, each the start followed by random legal moves, game not over.
pub fn defence_positions(n: usize, seed: u64) -> Vec<Board> {
    use crate::random::RandomSource;
    use crate::random::Xorshift;
    let mut rng = Xorshift((seed as u32) ^ 0x0DEF_E1CE);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let plies = 1 + 2 * (rng.next_u20() % 4);
        out.extend(random_play(&mut rng, plies));
    }
    out
}

/// The incomplete defence on the Mark 1 against `reference::noughts::defence` on `n`
/// positions: the cell chosen one of the reference's candidates (the centre or a corner
/// first; the largest Fig. 1.7 sum second; a win, else a block, else any free cell later).
///
/// # Errors
/// The program failing on a position.
pub fn check_defence(n: usize, seed: u64) -> Result<CheckReport, GameError> {
    let mut differences = Vec::new();
    for (k, b) in defence_positions(n, seed).iter().enumerate() {
        let t = think_as(Player::Defence, b, seed.wrapping_add(k as u64))?;
        let choices = rn::defence::choices(b);
        if !choices.contains(&t.cell) {
            differences.push(format!(
                "{}: the program played cell {}, the reference's candidates {:?}",
                board_text(b),
                t.cell + 1,
                choices.iter().map(|c| c + 1).collect::<Vec<_>>()
            ));
        }
    }
    Ok(CheckReport {
        positions: n,
        differences,
    })
}

/// A board as nine characters, row by row: `x` the first player's marks (X: Michie's
/// machine, or the incomplete defence's opponent), `o` the second's, `.` empty.
pub fn board_text(b: &Board) -> String {
    b.iter()
        .map(|&c| match c {
            X => 'x',
            O => 'o',
            _ => '.',
        })
        .collect()
}

/// Reads a board of nine characters `x`, `o`, `.` (spaces and `/` ignored).
///
/// # Errors
/// [`GameError::Input`] with the reason.
pub fn parse_board(text: &str) -> Result<Board, GameError> {
    let cells: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '/')
        .collect();
    if cells.len() != 9 {
        return Err(GameError::Input(format!(
            "a board is nine cells (x, o or .), row by row: got {}",
            cells.len()
        )));
    }
    let mut b = [EMPTY; 9];
    for (i, c) in cells.iter().enumerate() {
        b[i] = match c.to_ascii_lowercase() {
            'x' => X,
            'o' => O,
            '.' | '-' => EMPTY,
            other => {
                return Err(GameError::Input(format!(
                    "cell {}: `{other}` is not x, o or .",
                    i + 1
                )))
            }
        };
    }
    Ok(b)
}

/// A game on the emulated machine, at the keys (the machine and the program's waits in
/// its [`KeysCore`], which it dereferences to: `game.machine`, `game.run_to_wait()`,
/// `game.enter(cell)` with the cell 1-9 in binary on switches 0-3, `game.paper()`).
pub struct Game {
    core: KeysCore,
    player: Player,
    cell: u32,
}

keys_core::holds_core!(Game);

impl Game {
    /// The program loaded with the game's settings; nothing run yet.
    ///
    /// # Errors
    /// The program failing to assemble.
    pub fn new(first: First, seed: u64) -> Result<Game, GameError> {
        Game::new_as(Player::Michie, first, seed)
    }

    /// The program loaded to play as `player`; nothing run yet. The incomplete defence
    /// plays second whatever `first` says (Bell's).
    ///
    /// # Errors
    /// The program failing to assemble.
    pub fn new_as(player: Player, first: First, seed: u64) -> Result<Game, GameError> {
        let first = match player {
            Player::Michie => first,
            Player::Defence => First::Human,
        };
        let mut core = KeysCore::new(&PROGRAM, seed, Limit::EachWait(BEATS), 15)?;
        let m = &mut core.machine;
        m.store.write_long(label("s_mode")?, 1);
        m.store
            .write_long(label("s_machine")?, u64::from(player == Player::Defence));
        m.store
            .write_long(label("s_first")?, u64::from(first == First::Human));
        Ok(Game {
            core,
            player,
            cell: label("cell")?,
        })
    }

    /// The position as the program holds it (page 7): the machine's marks X for
    /// Michie's machine, O for the incomplete defence (as the references have them).
    pub fn board(&self) -> Board {
        let (mine, theirs) = match self.player {
            Player::Michie => (X, O),
            Player::Defence => (O, X),
        };
        board_in(&self.machine, self.cell, mine, theirs)
    }
}

/// The nine cells from line `cell` on (a long line each: 0 empty, 1 the machine's mark,
/// 2 the opponent's) as a [`Board`] with the marks `mine` and `theirs`.
fn board_in(m: &crate::machine::Machine, cell: u32, mine: u8, theirs: u8) -> Board {
    let mut b = [EMPTY; 9];
    for (i, c) in b.iter_mut().enumerate() {
        *c = match m.store.read_long(cell + 2 * i as u32) {
            1 => mine,
            2 => theirs,
            _ => EMPTY,
        };
    }
    b
}

/// The cells' numbering, as the commands and the views name it.
pub const CELLS: &str = "1-9 row by row from the top left";

/// A game of noughts and crosses at the keys (Michie's machine, the incomplete defence,
/// MENACE): what [`keys_core::Driver`] needs of it; the driver is made from it once.
pub trait Cells: std::ops::DerefMut<Target = KeysCore> + Send {
    /// The position as the program holds it.
    fn position(&self) -> Board;
    /// The machine's mark on it (X or O).
    fn mark(&self) -> u8;
    /// The line of the first cell (page 7).
    fn first_cell(&self) -> u32;
    /// More of the game for its view, merged into the view's object (MENACE: its boxes
    /// used this game, as the program holds them); nothing unless a game says.
    fn more_view(&self) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::new()
    }
    /// The end in words, the game over.
    fn result_words(&self) -> &'static str {
        let b = self.position();
        match rn::winner(&b) {
            Some(m) if m == self.mark() => "the machine won",
            Some(_) => "you won",
            None if rn::over(&b) => "drawn",
            None => "stopped",
        }
    }
}

impl<T: Cells> keys_core::Driver for T {
    fn move_prompt(&self) -> String {
        format!("your cell, {CELLS}")
    }

    fn move_switches(&self, text: &str) -> Result<u32, String> {
        match text.parse::<u32>() {
            Ok(n) if (1..=9).contains(&n) => Ok(n),
            _ => Err(format!("`{text}` is not a cell {CELLS}")),
        }
    }

    fn board_text(&self) -> String {
        board_text(&self.position())
    }

    fn board_json(&self) -> serde_json::Value {
        let b = self.position();
        let mut v = serde_json::json!({
            "numbering": format!("cells {CELLS}"),
            "board_marks": "x X's (Michie's machine, MENACE, or the defence's opponent), o O's, . empty",
            "board": board_text(&b),
            "machine_mark": if self.mark() == X { "x" } else { "o" },
        });
        if let Some(o) = v.as_object_mut() {
            o.extend(self.more_view());
        }
        v
    }

    fn result_text(&self) -> Option<String> {
        Some(self.result_words().to_string())
    }

    fn board_page(&self) -> u32 {
        self.first_cell() / 64
    }
}

impl Cells for Game {
    fn position(&self) -> Board {
        self.board()
    }

    fn mark(&self) -> u8 {
        match self.player {
            Player::Michie => X,
            Player::Defence => O,
        }
    }

    fn first_cell(&self) -> u32 {
        self.cell
    }
}

/// Starts Michie's machine at the keys (`games::GAMES`' row `noughts`): it plays first
/// unless `settings.first` is the human; no position or drum.
///
/// # Errors
/// A position or a drum image given; the program failing to assemble.
pub fn start_michie(settings: &super::Settings) -> Result<Box<dyn super::AtTheKeys>, String> {
    start_as(Player::Michie, settings)
}

/// Starts Bell's incomplete defence at the keys (`games::GAMES`' row `defence`): it
/// always plays second (`settings.first` is not asked); no position or drum.
///
/// # Errors
/// As [`start_michie`].
pub fn start_defence(settings: &super::Settings) -> Result<Box<dyn super::AtTheKeys>, String> {
    start_as(Player::Defence, settings)
}

fn start_as(player: Player, s: &super::Settings) -> Result<Box<dyn super::AtTheKeys>, String> {
    if s.position.is_some() || s.drum.is_some() {
        return Err(
            "noughts and crosses starts from the empty board and keeps nothing on the drum: \
             no position or drum image"
                .into(),
        );
    }
    let g = Game::new_as(player, s.first, s.seed).map_err(|e| e.to_string())?;
    let name = match player {
        Player::Michie => "noughts",
        Player::Defence => "defence",
    };
    Ok(keys_core::AtKeys::boxed(name, g))
}

#[cfg(test)]
mod tests {
    use super::{parse_board, rn};
    use crate::games::keys_core::play;
    use crate::games::{AtTheKeys, First, MoveError, Settings};

    /// The first empty cell of the board the game shows, as a move.
    fn first_free(g: &mut dyn AtTheKeys) -> String {
        let i = g.board().find('.').unwrap_or(0);
        (i + 1).to_string()
    }

    /// The cell of the program's first reply on the paper (`I PLAY n`).
    fn reply(paper: &str) -> usize {
        let l = paper
            .lines()
            .find_map(|l| l.strip_prefix("I PLAY "))
            .unwrap();
        l.trim().parse().unwrap()
    }

    /// Michie's machine and the incomplete defence played to the end through
    /// `games::start`: the program's replies on the paper are its marks on the board it
    /// holds, and the end in words is the board's.
    #[test]
    fn noughts_and_the_defence_at_the_keys() {
        let human = Settings {
            first: First::Human,
            seed: 5,
            ..Settings::default()
        };
        for (game, settings, mark) in [
            ("noughts", &human, 'x'),
            ("defence", &Settings::default(), 'o'),
        ] {
            let g = play(game, settings, 9, 20_000_000, first_free);
            assert!(
                g.paper().starts_with("NOUGHTS AND CROSSES\nYOU PLAY 1\n"),
                "{}",
                g.paper()
            );
            let b = g.board();
            assert_eq!(b.chars().nth(reply(g.paper()) - 1), Some(mark), "{b}");
            let board = parse_board(&b).unwrap();
            assert!(rn::over(&board), "{b}");
            let want = match rn::winner(&board) {
                Some(w) if (w == rn::X) == (mark == 'x') => "the machine won",
                Some(_) => "you won",
                None => "drawn",
            };
            assert_eq!(g.end().as_deref(), Some(want));
            assert_eq!(g.view()["board"], b.as_str());
            assert_eq!(g.pages()[0], 7);
        }
    }

    /// A cell outside 1-9 is refused before anything is entered and the game goes on; a
    /// move before the program waits is refused too.
    #[test]
    fn noughts_refuses_what_is_not_a_cell() {
        let mut g = crate::games::start("noughts", &Settings::default()).unwrap();
        assert!(matches!(g.enter("5"), Err(MoveError::Input(_))));
        crate::games::keys::run_to_wait(&mut *g, 20_000_000).unwrap();
        for bad in ["0", "10", "x", ""] {
            assert!(matches!(g.enter(bad), Err(MoveError::Input(m)) if m.contains("1-9")));
        }
        let free = first_free(&mut *g);
        g.enter(&free).unwrap();
        crate::games::keys::run_to_wait(&mut *g, 20_000_000).unwrap();
        assert!(
            g.paper().contains(&format!("YOU PLAY {free}")),
            "{}",
            g.paper()
        );
        assert!(crate::games::start(
            "noughts",
            &Settings {
                position: Some("x".into()),
                ..Settings::default()
            }
        )
        .is_err());
    }
}
