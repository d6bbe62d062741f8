//! Turing's position play on the emulated machine (`programs/turochamp/pp.m1`;
//! docs/turochamp-programme.md, "Position play"): the driver's side of job 1.
//!
//! The driver acts as the operator: it sets the hand switches (job 1, and 8 more when the
//! move that reached the position was White castling), sets control to `think`, runs the
//! machine to the dynamic stop at `r_stop` and reads the value off the store (`rres`, a
//! signed long line, in tenths). The programme counts everything itself, on the board it
//! read from the tape (Turing, typescript, "Position-play value"; the definition is
//! [`crate::reference::turochamp::position_play::position_play`] under the default
//! readings).

use super::{JobRun, Loaded, TurochampRunError};

/// The most beats one position-play job may take before the driver gives up (a guard:
/// a position with a threat of mate to look for takes a few hundred thousand).
pub const PP_BEATS: u64 = 100_000_000;

/// The job number of the position play on the hand switches (programs/turochamp/root.m1).
const JOB_PP: u32 = 1;

/// The hand switch saying that the move that reached the position was White castling.
const CASTLED: u32 = 8;

/// What the programme leaves in `rres` when White has more moves than its table keeps
/// (B1 = 0 less the 1000 R1 takes away).
const TABLE_FULL: i64 = -1000;

use crate::games::bundled::signed40;

impl Loaded {
    /// The position-play value (tenths) of the position read, as the programme works it
    /// out on the machine: job 1 run from `think` to `r_stop` (hand switches 1, + 8 when
    /// `castled`: the move that reached the position was White castling, Turing's "1.0
    /// for the actual performance of castling", scored 3.0 under the default readings),
    /// the value read from `rres`. Returns the value and what the run cost (beats of 240
    /// microseconds, instructions, transfers).
    ///
    /// # Errors
    /// [`TurochampRunError::Run`] if the machine stops anywhere but `r_stop`;
    /// [`TurochampRunError::TableFull`] if White has more than 64 moves (the programme's move
    /// table keeps 64, docs/turochamp-programme.md, "The move table");
    /// [`TurochampRunError::Result`] if the value is out of every range the programme can leave.
    pub fn position_play(&mut self, castled: bool) -> Result<(i32, JobRun), TurochampRunError> {
        let hand = JOB_PP + if castled { CASTLED } else { 0 };
        let run = self.job(hand, "r_stop", PP_BEATS)?;
        let rres = self.label("rres")?;
        let v = signed40(self.machine.store.read_long(rres));
        if v == TABLE_FULL {
            return Err(TurochampRunError::TableFull);
        }
        let v = i32::try_from(v)
            .ok()
            .filter(|v| (-100..1000).contains(v))
            .ok_or_else(|| TurochampRunError::Result(format!("a position-play value of {v}")))?;
        Ok((v, run))
    }
}
