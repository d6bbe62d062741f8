//! What a run of the emulated machine cost, as the commands of the games at the keys
//! report it: the instructions obeyed and the beats (240 µs each), with the simulated
//! seconds they come to, in the text and in the JSON (`instructions`, `beats`,
//! `simulated_seconds`).

use crate::cli::out::rounded;
use serde::Serialize;

/// The instructions and beats of a run (a game's, a think's): in a JSON object as its
/// keys `instructions` and `beats` (a `#[serde(flatten)]` field).
#[derive(Serialize, Clone, Copy)]
pub struct Cost {
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats (240 µs each).
    pub beats: u64,
}

/// A [`Cost`] with its simulated seconds, rounded (`simulated_seconds` in the JSON).
#[derive(Serialize)]
pub struct Timed {
    #[serde(flatten)]
    cost: Cost,
    simulated_seconds: f64,
}

impl Cost {
    /// The cost of `instructions` and `beats`.
    pub fn new(instructions: u64, beats: u64) -> Cost {
        Cost {
            instructions,
            beats,
        }
    }

    /// What the machine has run so far (its statistics).
    pub fn of(m: &mark1::machine::Machine) -> Cost {
        Cost::new(m.stats.instructions, m.stats.beats)
    }

    /// The beats in simulated seconds.
    pub fn seconds(&self) -> f64 {
        mark1::machine::beats_to_seconds(self.beats)
    }

    /// With its simulated seconds rounded to `places` decimal places, for the JSON.
    pub fn timed(self, places: i32) -> Timed {
        Timed {
            cost: self,
            simulated_seconds: rounded(self.seconds(), places),
        }
    }

    /// "N instructions, N beats, S simulated seconds", the seconds with `places`
    /// decimals: the end of a think's line.
    pub fn text(&self, places: usize) -> String {
        format!(
            "{} instructions, {} beats, {:.*} simulated seconds",
            self.instructions,
            self.beats,
            places,
            self.seconds()
        )
    }

    /// "N instructions, S.S s of machine time": the end of a game's last line.
    pub fn machine_time(&self) -> String {
        format!(
            "{} instructions, {:.1} s of machine time",
            self.instructions,
            self.seconds()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_reads_as_the_commands_have_always_written_it() {
        // 4,167 beats are 1.00008 simulated seconds.
        let c = Cost::new(1234, 4167);
        assert_eq!(
            c.text(2),
            "1234 instructions, 4167 beats, 1.00 simulated seconds"
        );
        assert_eq!(c.machine_time(), "1234 instructions, 1.0 s of machine time");
        let json = crate::cli::out::json_text(&c.timed(3)).unwrap();
        assert_eq!(
            json,
            "{\n  \"beats\": 4167,\n  \"instructions\": 1234,\n  \"simulated_seconds\": 1.0\n}"
        );
    }
}
