//! One move of Turing's paper machine on the emulated Mark 1 (job 0 of
//! programs/turochamp/root.m1): the programme analyses every legal White move (its value
//! by the search, its position play), chooses, and prints the move; the driver starts the
//! job as an operator (hand switches 0, control to `think`) and reads the results off the
//! store (the tube) and the teleprinter.

use super::{load_position, position, square_of_number, JobRun, Loaded, TurochampRunError};
use crate::reference::turochamp::value::Value;
use shakmaty::{Chess, Move, Position};

/// The most beats one move may take before the driver gives up (a guard against a
/// programme that never stops): 100,000 million beats, about 277 simulated days.
pub const THINK_BEATS: u64 = 100_000_000_000;

/// The programme's value (N, D) as a value of the reference engine's kind (search.m1:
/// Black mates (0, 1), White mates (1000000, 1), W/0 as (20480 + W, 1), W/B as (W + B, B)).
pub fn decode_value(n: u64, d: u64) -> Value {
    match (n, d) {
        (0, 1) => Value::BlackMates,
        (1_000_000, 1) => Value::WhiteMates,
        (n, 1) if n >= 20480 => Value::Ratio {
            white: (n - 20480) as u32,
            black: 0,
        },
        (n, d) => Value::Ratio {
            white: n.saturating_sub(d) as u32,
            black: d as u32,
        },
    }
}

/// What the programme chose and printed for one position, White to move.
#[derive(Clone, Debug)]
pub struct Thought {
    /// The chosen move.
    pub mv: Move,
    /// Its value, as the programme found it.
    pub value: Value,
    /// The position play after the move, in tenths.
    pub pp: i64,
    /// The position play of the position on the board, in tenths.
    pub pp_before: i64,
    /// The star: the move's position play above every other move's.
    pub star: bool,
    /// 0 no check, 1 check, 2 mate (as given to the printer).
    pub check: u64,
    /// Positions the search valued (the programme's own count, the lower line of `nodes`).
    pub positions: u64,
    /// Generations in this move's search with more than 64 legal moves, whose moves
    /// beyond the 64th the table lost (the programme's own count, the upper line of
    /// `nodes`, kept by kernel.m1 unit GR); 0 in every position of Turing's games.
    pub full_tables: u64,
    /// The run: instructions, beats, transfers, the teleprinter's text.
    pub run: JobRun,
}

use crate::games::bundled::signed40 as signed;

impl Loaded {
    /// Job 0: the programme's move in the position read (White to move), run to the
    /// stop `t_done` (the move printed, the board drawn), the results read off the store.
    ///
    /// # Errors
    /// [`TurochampRunError::Run`] if the machine stops elsewhere (or runs past
    /// [`THINK_BEATS`]); [`TurochampRunError::Result`] if the move left is no legal move.
    pub fn think(&mut self, pos: &Chess) -> Result<Thought, TurochampRunError> {
        let run = self.job(0, "t_done", THINK_BEATS)?;
        self.read_thought(pos, run)
    }

    /// The programme's move and its figures as the root leaves them in the store
    /// (root.m1: the printer's mailbox `nmvp`, `nstar`, `nchk`; the results `rvn`, `rvd`,
    /// `rvp`, `rvb`; `nodes`), read after a move in `pos` (White to move) that cost `run`.
    ///
    /// # Errors
    /// [`TurochampRunError::Result`] if the move left is no legal move of `pos`.
    pub fn read_thought(&self, pos: &Chess, run: JobRun) -> Result<Thought, TurochampRunError> {
        let at = |name: &str| -> Result<u64, TurochampRunError> {
            Ok(self.machine.store.read_long(self.label(name)?))
        };
        let e = at("nmvp")?;
        let mv = entry_move(pos, e).ok_or_else(|| {
            TurochampRunError::Result(format!(
                "a chosen move {e} (from + 128 x to) that is not legal"
            ))
        })?;
        Ok(Thought {
            mv,
            value: decode_value(at("rvn")?, at("rvd")?),
            pp: signed(at("rvp")?),
            pp_before: signed(at("rvb")?),
            star: at("nstar")? == 1,
            check: at("nchk")?,
            positions: at("nodes")? & 0xF_FFFF,
            full_tables: at("nodes")? >> 20,
            run,
        })
    }
}

/// The legal move of `pos` that a programme's table entry names (from + 128 x to, squares
/// 10 x rank + file; castling as the king's two-square step, a pawn reaching the last rank
/// as a queen's promotion), or None.
pub fn entry_move(pos: &Chess, entry: u64) -> Option<Move> {
    let (f, t) = (
        square_of_number((entry % 128) as u32)?,
        square_of_number((entry / 128) as u32)?,
    );
    pos.legal_moves().into_iter().find(|m| {
        m.from() == Some(f)
            && (m.to() == t
                || (m.is_castle() && m.castling_side().map(|s| s.king_to(pos.turn())) == Some(t)))
            && m.promotion().is_none_or(|r| r == shakmaty::Role::Queen)
    })
}

impl Loaded {
    /// The board as the programme draws it on page 7 (unit BD, root.m1) and an operator
    /// reads it off the tube: for each square a1 ... h8 (shakmaty's order) the piece's
    /// code (White P 1, N 2, B 3, Q 4, R 5, K 6, Black the same + 8; 0 empty), from the
    /// height of its bar (line 8 x (7 - rank) + k, k = 0 ... 7; digits 2 x file for
    /// White, 2 x file + 1 for Black).
    pub fn picture(&self) -> Vec<u32> {
        let s = &self.machine.store;
        let mut out = Vec::with_capacity(64);
        for rank in 0..8u32 {
            for file in 0..8u32 {
                let lit = |bit: u32| {
                    (0..8u32)
                        .filter(|k| s.read(448 + 8 * (7 - rank) + k) >> bit & 1 == 1)
                        .count() as u32
                };
                let (w, b) = (lit(2 * file), lit(2 * file + 1));
                out.push(if b > 0 { b + 8 } else { w });
            }
        }
        out
    }
}

/// Reads `fen` and runs one move of the programme on it.
///
/// # Errors
/// As [`position`] and [`Loaded::think`].
pub fn think_fen(fen: &str) -> Result<(Chess, Thought), TurochampRunError> {
    let pos = position(fen)?;
    let mut l = load_position(&pos)?;
    let t = l.think(&pos)?;
    Ok((pos, t))
}

/// Turing's own estimate of the machine's time for a move (typescript, "Digital Computers
/// applied to Games"): "two or three minutes of calculation" for a passably good move.
pub const TURING_MINUTES: (f64, f64) = (2.0, 3.0);

impl Thought {
    /// The move in SAN (with `+` or `#`) in the position it was chosen in.
    pub fn san(&self, pos: &Chess) -> String {
        shakmaty::san::SanPlus::from_move(pos.clone(), self.mv).to_string()
    }

    /// Simulated minutes of the move (beats x 240 microseconds).
    pub fn minutes(&self) -> f64 {
        crate::machine::timing::beats_to_seconds(self.run.beats) / 60.0
    }

    /// The report in words: the transcript, the move, its value and position play, the
    /// cost on the machine beside Turing's estimate.
    pub fn text(&self, fen: &str, pos: &Chess) -> String {
        use crate::reference::turochamp::position_play::tenths_text;
        let mut s = format!("position: {fen}\n");
        s += &format!("the teleprinter printed: {}\n", self.run.printed.trim_end());
        s += &format!(
            "the move: {} (value {}, position play {}{}, increase {})\n",
            self.san(pos),
            self.value.fraction(),
            tenths_text(self.pp as i32),
            if self.star {
                ", above every other move's"
            } else {
                ""
            },
            tenths_text((self.pp - self.pp_before) as i32),
        );
        s += &format!(
            "the machine: {} positions valued, {} instructions, {} beats, {:.1} simulated minutes, {} magnetic transfers\n",
            self.positions,
            self.run.instructions,
            self.run.beats,
            self.minutes(),
            self.run.transfers
        );
        if self.full_tables > 0 {
            s += &format!(
                "note: {} position{} in the search had more than 64 legal moves; the move table keeps the first 64, so the move was chosen without the others\n",
                self.full_tables,
                if self.full_tables == 1 { "" } else { "s" }
            );
        }
        s += "Turing's estimate (typescript): \"two or three minutes of calculation\" for a move\n";
        s
    }

    /// The report as JSON.
    pub fn json(&self, fen: &str, pos: &Chess) -> serde_json::Value {
        serde_json::json!({
            "fen": fen,
            "printed": self.run.printed.trim_end(),
            "move": self.san(pos),
            "value": self.value.fraction(),
            "position_play_tenths": self.pp,
            "position_play_before_tenths": self.pp_before,
            "increase_tenths": self.pp - self.pp_before,
            "star": self.star,
            "positions": self.positions,
            "positions_over_64_moves": self.full_tables,
            "instructions": self.run.instructions,
            "beats": self.run.beats,
            "minutes": (self.minutes() * 1000.0).round() / 1000.0,
            "transfers": self.run.transfers,
            "turing_estimate_minutes": [TURING_MINUTES.0, TURING_MINUTES.1],
        })
    }
}
