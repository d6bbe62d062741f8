//! `mark1 turochamp --count`: the programme's move count on a position, with what it
//! cost on the machine beside Turing's estimate (typescript, "Digital Computers applied
//! to Games": "If the number is 30 a man might do it in 45 seconds and the machine in 1
//! second").

use super::{load_position, position, table_move, Generated, TurochampRunError, TABLE_ROOM};
use crate::machine::timing::beats_to_seconds;
use serde_json::{json, Value};
use shakmaty::san::San;

/// Turing's estimate for counting 30 moves (typescript): a man's seconds, the machine's.
pub const TURING_ESTIMATE: (u32, f64, f64) = (30, 45.0, 1.0);

/// The count of one position as the programme made it.
#[derive(Clone, Debug, PartialEq)]
pub struct CountReport {
    /// The position's FEN as given.
    pub fen: String,
    /// The generator's result (count, table, printed text, instructions, beats,
    /// transfers).
    pub generated: Generated,
    /// The table's moves in SAN (shakmaty), in the programme's order.
    pub san: Vec<String>,
    /// Simulated seconds of the generation (beats x 240 microseconds).
    pub seconds: f64,
}

/// Reads `fen` into the programme and runs its move generator.
///
/// # Errors
/// [`TurochampRunError::Fen`] for a bad FEN, [`TurochampRunError::Run`] if the machine stops
/// elsewhere, [`TurochampRunError::Result`] if a table entry is no legal move.
pub fn count(fen: &str) -> Result<CountReport, TurochampRunError> {
    let pos = position(fen)?;
    let mut loaded = load_position(&pos)?;
    let generated = loaded.generate()?;
    let san = generated
        .moves
        .iter()
        .map(|&(f, t)| table_move(&pos, f, t).map(|m| San::from_move(&pos, m).to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(CountReport {
        fen: fen.trim().to_string(),
        seconds: beats_to_seconds(generated.beats),
        generated,
        san,
    })
}

impl CountReport {
    /// The report as text: the count printed, the moves, the cost, Turing's estimate.
    pub fn text(&self) -> String {
        let g = &self.generated;
        let (n, man, machine) = TURING_ESTIMATE;
        let mut s = format!("position: {}\n", self.fen);
        s += &format!("the teleprinter printed: {}\n", g.printed);
        s += &format!("{} legal moves: {}\n", g.count, self.san.join(" "));
        if g.count > TABLE_ROOM {
            s += &format!(
                "(the table holds {TABLE_ROOM}; the other {} were counted, not kept)\n",
                g.count - TABLE_ROOM
            );
        }
        s += &format!(
            "the machine: {} instructions, {} beats, {:.2} simulated seconds, {} magnetic transfers\n",
            g.instructions, g.beats, self.seconds, g.transfers
        );
        s += &format!(
            "Turing's estimate (typescript), counting {n} moves: a man {man} seconds, the machine {machine} second\n"
        );
        s
    }

    /// The report as JSON.
    pub fn json(&self) -> Value {
        let g = &self.generated;
        let (n, man, machine) = TURING_ESTIMATE;
        json!({
            "fen": self.fen,
            "printed": g.printed,
            "count": g.count,
            "moves": self.san,
            "table_room": TABLE_ROOM,
            "instructions": g.instructions,
            "beats": g.beats,
            "seconds": (self.seconds * 1000.0).round() / 1000.0,
            "transfers": g.transfers,
            "turing_estimate": {"moves": n, "man_seconds": man, "machine_seconds": machine},
        })
    }
}
