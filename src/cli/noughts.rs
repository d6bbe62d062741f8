//! `mark1 noughts`: Michie's noughts-and-crosses machine on the emulated Mark 1 (Bell
//! 1972, ch. 1.3; docs/bell.md): a game (your cells on the hand switches with KAC), one
//! think (`--think`, after `--moves` or on the empty board), the comparison with the reference (`--check N`). The work
//! and the words are in [`mark1::games::noughts`].

use crate::cli::cost::{Cost, Timed};
use crate::cli::moves::Moves;
use crate::cli::out::write_json;
use anyhow::{bail, Context, Result};
use mark1::games::noughts::{self as g, First, Waiting};
use mark1::reference::noughts::{self as rn, EMPTY, O, X};
use serde::Serialize;
use std::io::Write;

/// The arguments of `mark1 noughts`.
#[derive(clap::Args)]
pub struct NoughtsArgs {
    /// Which machine: michie (Michie's scoring, it plays first), defence (Bell's
    /// incomplete defence, it plays second) or menace (Michie's matchbox machine, it
    /// plays first and learns), all on the Mark 1.
    #[arg(long, default_value = "michie", value_parser = ["michie", "defence", "menace"])]
    machine: String,
    /// Who moves first: machine or human. Michie's machine plays first unless told;
    /// the incomplete defence always plays second.
    #[arg(long, value_parser = ["machine", "human"])]
    first: Option<String>,
    /// Your cells for a game, one a line (1-9 row by row from the top left; `#` starts a
    /// comment); the terminal otherwise.
    #[arg(long, conflicts_with_all = ["think", "check"])]
    script: Option<std::path::PathBuf>,
    /// Seed of /W (the machine's choice between equal cells) and of --check's positions.
    #[arg(long, default_value_t = 1961)]
    seed: u64,
    /// JSON output (one object naming its cell numbering).
    #[arg(long)]
    json: bool,
    /// One think: the machine's reply after --moves, or on the empty board without
    /// --moves.
    #[arg(long)]
    think: bool,
    /// The cells played so far, alternately, the first player's first (X): for Michie's
    /// machine its own first, e.g. `5,1`; for the defence the opponent's, e.g. `9,5,8`.
    #[arg(long)]
    moves: Option<String>,
    /// MENACE: the drum image its boxes come from (if it exists) and go back to after
    /// the game; none: a fresh drum (`mark1 menace train --drum` writes one).
    #[arg(long)]
    drum: Option<std::path::PathBuf>,
    /// MENACE: an empty box resigns (Michie's) or is filled again as new.
    #[arg(long, default_value = "resign", value_parser = ["resign", "refill"])]
    empty: String,
    /// Compare the program with the reference on N random positions (MENACE: N of its
    /// moves in games against a random player, and its boxes after every game); the
    /// last line is `N positions, D differences`.
    #[arg(long, conflicts_with = "think", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    check: Option<u64>,
}

/// The cells of `--moves`, alternately the machine's (X) and the opponent's.
fn board_of_moves(text: &str) -> Result<rn::Board> {
    let mut b = [EMPTY; 9];
    for (i, t) in text.split(',').filter(|t| !t.trim().is_empty()).enumerate() {
        let n: usize = t
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=9).contains(n))
            .with_context(|| format!("move {}: `{}` is not a cell 1-9", i + 1, t.trim()))?;
        if b[n - 1] != EMPTY {
            bail!("move {}: cell {n} is taken", i + 1);
        }
        if rn::over(&b) {
            bail!("move {}: the game was already over", i + 1);
        }
        b[n - 1] = if i % 2 == 0 { X } else { O };
    }
    Ok(b)
}

/// What every `mark1 noughts --json` object holds: its numbering and marks, the
/// machine, the board.
#[derive(Serialize)]
struct BoardJson<'a> {
    cells: &'static str,
    machine: &'a str,
    board_marks: &'static str,
    /// The board as [`g::board_text`] writes it.
    board: String,
}

impl<'a> BoardJson<'a> {
    fn new(machine: &'a str, b: &rn::Board) -> Self {
        BoardJson {
            cells: "1-9 row by row from the top left",
            machine,
            board_marks: "x the first player's, o the second's",
            board: g::board_text(b),
        }
    }
}

/// `--think --json` of Michie's machine and the defence: the cell chosen (1-9) and each
/// cell's sum.
#[derive(Serialize)]
struct ThinkJson<'a> {
    #[serde(flatten)]
    board: BoardJson<'a>,
    cell: usize,
    sums: [Option<i64>; 9],
    #[serde(flatten)]
    cost: Timed,
}

/// `--think --json` of MENACE: the cell chosen (1-9), or none when it resigns.
#[derive(Serialize)]
struct MenaceThinkJson {
    #[serde(flatten)]
    board: BoardJson<'static>,
    cell: Option<usize>,
    resigned: bool,
    random: u32,
    #[serde(flatten)]
    cost: Timed,
}

/// A game's `--json`: the paper, the cells entered, the result (MENACE: the boxes made).
#[derive(Serialize)]
struct GameJson<'a> {
    #[serde(flatten)]
    board: BoardJson<'a>,
    paper: &'a str,
    entered: Vec<u32>,
    result: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    boxes_made: Option<usize>,
    #[serde(flatten)]
    cost: Cost,
}

impl GameJson<'_> {
    /// The end of a game: this JSON, or the line "RESULT; position BOARD; [N boxes
    /// made; ]COST".
    fn write(&self, json: bool, out: &mut dyn Write) -> Result<()> {
        if json {
            return write_json(out, self);
        }
        let made = self
            .boxes_made
            .map(|n| format!("{n} boxes made; "))
            .unwrap_or_default();
        writeln!(
            out,
            "{}; position {}; {made}{}",
            self.result,
            self.board.board,
            self.cost.machine_time()
        )?;
        Ok(())
    }
}

/// Runs `mark1 noughts`.
///
/// # Errors
/// Bad input (refused with the reason), the program failing.
pub fn run(a: NoughtsArgs) -> Result<()> {
    if a.drum.is_some() && a.machine != "menace" {
        bail!(
            "--drum is MENACE's drum image (--machine menace); the {} machine keeps nothing on the drum",
            if a.machine == "defence" { "defence" } else { "michie" }
        );
    }
    let player = match a.machine.as_str() {
        "michie" => g::Player::Michie,
        "defence" => g::Player::Defence,
        _ => return menace(a),
    };
    if player == g::Player::Defence && a.first.as_deref() == Some("machine") {
        bail!("--first machine: Bell's incomplete defence plays second");
    }
    // The machine's mark on a board (the references' convention: X moves first).
    let mine = match player {
        g::Player::Michie => X,
        g::Player::Defence => O,
    };
    let out = &mut crate::cli::out::stdout();
    if let Some(n) = a.check {
        let r = match player {
            g::Player::Michie => g::check(n as usize, a.seed)?,
            g::Player::Defence => g::check_defence(n as usize, a.seed)?,
        };
        write!(out, "{}", r.text())?;
        return Ok(());
    }
    if a.think {
        let b = board_of_moves(a.moves.as_deref().unwrap_or(""))?;
        let t = g::think_as(player, &b, a.seed)?;
        let cost = Cost::new(t.instructions, t.beats);
        if a.json {
            write_json(
                out,
                &ThinkJson {
                    board: BoardJson::new(&a.machine, &b),
                    cell: t.cell + 1,
                    sums: t.sums,
                    cost: cost.timed(3),
                },
            )?;
        } else {
            for (i, s) in t.sums.iter().enumerate() {
                if let Some(s) = s {
                    writeln!(out, "cell {}: {s}", i + 1)?;
                }
            }
            writeln!(out, "the machine plays {}; {}", t.cell + 1, cost.text(2))?;
        }
        return Ok(());
    }
    // A game.
    let first = if a.first.as_deref() == Some("human") || player == g::Player::Defence {
        First::Human
    } else {
        First::Machine
    };
    let mut game = g::Game::new_as(player, first, a.seed)?;
    let mut moves = Moves::open(a.script.as_deref())?;
    let entered = play_at_keys(&mut game, &mut moves, a.json, out)?;
    let b = game.board();
    let result = match rn::winner(&b) {
        Some(m) if m == mine => "the machine won",
        Some(_) => "you won",
        None if rn::over(&b) => "drawn",
        None => "stopped",
    };
    let end = GameJson {
        board: BoardJson::new(&a.machine, &b),
        paper: game.paper(),
        entered,
        result,
        boxes_made: None,
        cost: Cost::of(&game.machine),
    };
    end.write(a.json, out)
}

/// A game the operator plays at the keys: the program runs to its key routine, a cell
/// goes on the hand switches with KAC, the paper grows.
trait AtKeys {
    fn wait(&mut self) -> Result<Waiting>;
    fn cell(&mut self, n: u32) -> Result<Waiting>;
    fn paper_text(&self) -> &str;
}

/// [`AtKeys`] for drivers with the same three methods (`run_to_wait`, `enter`, `paper`).
macro_rules! at_keys {
    ($($game:ty),*) => {$(
        impl AtKeys for $game {
            fn wait(&mut self) -> Result<Waiting> {
                Ok(self.run_to_wait()?)
            }
            fn cell(&mut self, n: u32) -> Result<Waiting> {
                Ok(self.enter(n)?)
            }
            fn paper_text(&self) -> &str {
                self.paper()
            }
        }
    )*};
}

at_keys!(g::Game, mark1::games::noughts::menace::Game);

/// A cell 1-9 as typed, or the refusal.
fn cell(text: &str) -> Result<u32, String> {
    match text.parse() {
        Ok(n) if (1..=9).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{text}` is not a cell 1-9 (row by row from the top left)"
        )),
    }
}

/// Plays a game at the keys: the paper printed as it grows (unless `json`), the cells
/// from the script or the terminal ([`Moves`]); a line that is not a cell 1-9 is refused
/// and the game goes on. Returns the cells entered.
fn play_at_keys(
    game: &mut dyn AtKeys,
    moves: &mut Moves,
    json: bool,
    out: &mut dyn Write,
) -> Result<Vec<u32>> {
    let mut shown = 0;
    let mut entered = Vec::new();
    let mut w = game.wait()?;
    loop {
        if !json {
            write!(out, "{}", &game.paper_text()[shown..])?;
            out.flush()?;
        }
        shown = game.paper_text().len();
        if w == Waiting::Over {
            break;
        }
        let Some((_, n)) = moves.next_move("your cell (1-9)> ", out, cell)? else {
            break;
        };
        entered.push(n);
        w = game.cell(n)?;
    }
    Ok(entered)
}

/// `mark1 noughts --machine menace`: MENACE on the Mark 1 (games::noughts::menace).
fn menace(a: NoughtsArgs) -> Result<()> {
    use mark1::games::noughts::menace as m;
    use mark1::reference::noughts::menace::Result3;
    if a.first.as_deref() == Some("human") {
        bail!(
            "--first human: MENACE plays first (its boxes are for the 1st, 3rd, 5th and 7th moves)"
        );
    }
    let empty = crate::cli::menace::empty_of(&a.empty);
    let out = &mut crate::cli::out::stdout();
    if let Some(n) = a.check {
        let r = m::check(n as usize, a.seed, empty)?;
        write!(out, "{}", r.text())?;
        return Ok(());
    }
    let boxes = match &a.drum {
        Some(p) if p.exists() || a.think => Some(crate::cli::menace::read_drum(p)?),
        _ => None,
    };
    // Before the game: the boxes can go back to the file afterwards.
    if let (Some(p), false) = (&a.drum, a.think) {
        crate::cli::menace::check_drum_output(p)?;
    }
    if a.think {
        let b = board_of_moves(a.moves.as_deref().unwrap_or(""))?;
        let t = m::think(&b, a.seed, empty, boxes.as_ref())?;
        let cost = Cost::new(t.instructions, t.beats);
        if a.json {
            write_json(
                out,
                &MenaceThinkJson {
                    board: BoardJson::new("menace", &b),
                    cell: t.cell.map(|c| c + 1),
                    resigned: t.cell.is_none(),
                    random: t.random,
                    cost: cost.timed(3),
                },
            )?;
        } else {
            match t.cell {
                Some(c) => write!(out, "MENACE plays {}", c + 1)?,
                None => write!(out, "MENACE's box is empty: it resigns")?,
            }
            writeln!(out, "; {}", cost.text(2))?;
        }
        return Ok(());
    }
    let mut game = m::Game::new(a.seed, empty, boxes.as_ref())?;
    let mut moves = Moves::open(a.script.as_deref())?;
    let entered = play_at_keys(&mut game, &mut moves, a.json, out)?;
    if let Some(p) = &a.drum {
        crate::cli::menace::write_drum(p, &game.machine)?;
    }
    let b = game.board();
    let over = rn::over(&b) || game.paper().contains("RESIGN");
    let result = match (over, game.result()) {
        (false, _) => "stopped",
        (true, Result3::Win) => "the machine won",
        (true, Result3::Loss) if game.paper().contains("RESIGN") => "the machine resigned",
        (true, Result3::Loss) => "you won",
        (true, Result3::Draw) => "drawn",
    };
    let made = game.boxes()?.len();
    let end = GameJson {
        board: BoardJson::new("menace", &b),
        paper: game.paper(),
        entered,
        result,
        boxes_made: Some(made),
        cost: Cost::of(&game.machine),
    };
    end.write(a.json, out)?;
    if let (Some(p), false) = (&a.drum, a.json) {
        writeln!(out, "the boxes are on {}", p.display())?;
    }
    Ok(())
}
