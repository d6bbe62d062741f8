//! Prinz's program at the keys: the position on its tape in the reader, the machine run
//! to the program's dynamic stop, and the report beside Faster than Thought's figures.
//! The program takes no moves at the keys (it reads its position from tape).

use super::{documented as doc, label, position_tape, PROGRAM};
use crate::games::bundled::{RunError, Waiting};
use crate::games::keys::{AtTheKeys, MoveError, Settings};
use crate::machine::report::describe_stop;
use crate::machine::{Budget, Config, Machine, Stop};
use crate::reference::chess::Board;

/// Prinz's program loaded with a position on its tape, run as the operator of 1951 ran
/// it: started, and read at its end.
pub struct Problem {
    machine: Machine,
    /// The position set (FEN, as the reference engine writes it).
    fen: String,
    /// The program reached its dynamic stop.
    over: bool,
}

/// Starts Prinz's program at the keys on `settings.position` (a FEN; default Faster than
/// Thought's Figure 1, [`super::FIGURE1_FEN`]): the program loaded and its position tape
/// in the reader (`position_tape`); nothing run yet. `first` and `seed` are not used (the
/// side to move is the FEN's; the program draws no random numbers).
///
/// # Errors
/// A position refused (`Board::from_fen`'s reason), or the program failing to assemble.
pub fn start(settings: &Settings) -> Result<Box<dyn AtTheKeys>, String> {
    let fen = settings.position.as_deref().unwrap_or(super::FIGURE1_FEN);
    let board = Board::from_fen(fen).map_err(|e| format!("position refused: {e}"))?;
    let a = PROGRAM.assembly().map_err(|e| e.to_string())?;
    let mut machine = Machine::new(Config::default());
    machine.load_image(&a.image);
    machine.load_tape(&position_tape(&board));
    Ok(Box::new(Problem {
        machine,
        fen: board.to_fen(),
        over: false,
    }))
}

impl Problem {
    /// The report of the finished run, from the store's counts (the lines `tried` and
    /// `illegal`, read as the operator read the monitor tube) and the counters, beside
    /// Faster than Thought's figures for its Figure 1 (`documented`): `{"mate": bool,
    /// "rows": [[figure, emulated, documented (source)], ...]}`.
    fn report_json(&self) -> Option<serde_json::Value> {
        let m = &self.machine;
        let tried = m.store.read(label("tried").ok()?);
        let illegal = m.store.read(label("illegal").ok()?);
        let first_field = |f: &str| f.split(' ').next().map(str::to_string);
        let figure1 = first_field(&self.fen) == first_field(super::FIGURE1_FEN);
        let d = |t: String| {
            if figure1 {
                t
            } else {
                "not documented for this position".into()
            }
        };
        let secs = m.simulated_seconds();
        let rows: Vec<[String; 3]> = vec![
            [
                "time to solution".into(),
                format!("{:.1} minutes ({secs:.0} s)", secs / 60.0),
                d(format!(
                    "about {} minutes (Faster than Thought)",
                    doc::MINUTES
                )),
            ],
            [
                "moves tried".into(),
                tried.to_string(),
                d(format!("about {} (Faster than Thought)", doc::MOVES_TRIED)),
            ],
            [
                "illegal moves".into(),
                illegal.to_string(),
                d(format!("about {} (Faster than Thought)", doc::ILLEGAL)),
            ],
            [
                "magnetic transfers".into(),
                m.stats.transfers.to_string(),
                "nine a legal move (Robot Chess; Faster than Thought)".into(),
            ],
        ];
        Some(serde_json::json!({
            "mate": m.printer_text().contains("MATE"),
            "rows": rows,
        }))
    }
}

impl AtTheKeys for Problem {
    crate::games::keys::game_and_machine!("prinz", machine);

    /// Runs towards the program's dynamic stop, its end (it never waits at the keys).
    fn run(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        match self.machine.run(Budget::beats(beats)) {
            Stop::BeatLimit | Stop::InstructionLimit => Ok(None),
            Stop::DynamicStop { .. } => {
                self.over = true;
                Ok(Some(Waiting::Over))
            }
            other => Err(RunError::Stopped(describe_stop(&other))),
        }
    }

    fn prompt(&self) -> String {
        "the position is on the program's tape: run it (it takes no moves at the keys)".into()
    }

    fn enter(&mut self, _text: &str) -> Result<(), MoveError> {
        Err(MoveError::Input(
            "Prinz's program takes no moves at the keys: it reads its position from tape".into(),
        ))
    }

    /// The position set, rank 8 at the top: FEN's letters (white in capitals), `.` an
    /// empty square.
    fn board(&self) -> String {
        let placement = self.fen.split(' ').next().unwrap_or("");
        let mut s = String::new();
        for rank in placement.split('/') {
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => s.push_str(&". ".repeat(n as usize)),
                    None => {
                        s.push(c);
                        s.push(' ');
                    }
                }
            }
            s.push('\n');
        }
        s
    }

    fn view(&self) -> serde_json::Value {
        serde_json::json!({ "fen": self.fen })
    }

    fn end(&self) -> Option<String> {
        let verdict = |mate: bool| {
            if mate {
                "the program printed its key move and MATE"
            } else {
                "the program found no mate in two"
            }
        };
        self.over
            .then(|| verdict(self.machine.printer_text().contains("MATE")).to_string())
    }

    fn report(&self) -> Option<serde_json::Value> {
        self.report_json()
    }
}

#[cfg(test)]
mod tests {
    use crate::games::bundled::Waiting;
    use crate::games::keys::{run_to_wait, MoveError, Settings};

    #[test]
    fn figure_1_runs_to_its_end_and_the_report_says_mate() {
        let mut g = crate::games::start("prinz", &Settings::default()).unwrap();
        assert!(matches!(g.enter("Rh6"), Err(MoveError::Input(_))));
        assert_eq!(g.end(), None);
        assert_eq!(run_to_wait(g.as_mut(), 50_000_000).unwrap(), Waiting::Over);
        assert!(g.paper().contains("MATE."), "{}", g.paper());
        assert!(g.end().unwrap().contains("MATE"));
        let r = g.report().unwrap();
        assert_eq!(r["mate"], true);
        assert!(
            r["rows"][0][2].as_str().unwrap().contains("15 minutes"),
            "{r}"
        );
        assert_eq!(r["rows"].as_array().unwrap().len(), 4);
        // The position as set: Black's king on h8, White's rook on h1.
        let board = g.board();
        assert!(board.lines().next().unwrap().ends_with("b k "), "{board}");
        let bad = Settings {
            position: Some("nonsense".into()),
            ..Settings::default()
        };
        assert!(crate::games::start("prinz", &bad)
            .err()
            .unwrap()
            .starts_with("position refused"));
    }
}
