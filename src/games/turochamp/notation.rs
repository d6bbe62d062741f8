//! The turochamp programme's printer (programs/turochamp/notation.m1;
//! docs/turochamp-programme.md, "The printer"): a move printed on the teleprinter in
//! Turing's descriptive notation by the emulated Mark 1.
//!
//! The driver only acts as an operator: it runs job 3 of the root (the legal moves
//! generated, the printer made ready), writes the move and what goes with it into the
//! printer's mailbox in the store (kernel.m1: `nmvp` ... `nret`), sets control to `tramp`
//! and runs to the dynamic stop at `n_stop`, then reads the teleprinter's paper. The text
//! is the programme's own: the shortest descriptive form that reads back to the move alone
//! (the writer of `reference::turochamp::descriptive`, `Style::Teleprinter`).

use super::{Loaded, TurochampRunError};

/// The most beats one print may take (a guard: a print takes well under a million).
const PRINT_BEATS: u64 = 20_000_000;

/// The most beats job 3 (the moves generated for the printer) may take.
const READY_BEATS: u64 = 50_000_000;

/// What the move does to the other side, printed after it (Turing's `ch`, `mate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Suffix {
    /// Nothing printed.
    #[default]
    None,
    /// ` CH`.
    Check,
    /// ` MATE`.
    Mate,
}

/// The position-play part of a printed line: the increase in tenths and the star
/// (Turing's typescript prints `B-Q2 3.7*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionPlay {
    /// The increase of position play in tenths, signed (printed `4.2`, `-1.5`, `0.0`);
    /// the programme prints magnitudes below 1000 tenths.
    pub tenths: i32,
    /// The star: every other legal move's position play is lower.
    pub star: bool,
}

/// One move printed by the programme, and what the print cost on the machine (from
/// control at `tramp` to the stop at `n_stop`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    /// The line as the teleprinter printed it, without its CR LF; the star is printed
    /// `+` (the teleprinter has no `*`, docs/turochamp-programme.md).
    pub text: String,
    /// Orders obeyed.
    pub instructions: u64,
    /// Beats (one beat is 240 microseconds, docs/timing.md).
    pub beats: u64,
    /// Magnetic transfers (the printer's units, and its working pages saved and read
    /// back).
    pub transfers: u64,
}

impl Printed {
    /// Simulated seconds of the print (beats x 240 microseconds).
    pub fn seconds(&self) -> f64 {
        crate::machine::timing::beats_to_seconds(self.beats)
    }
}

/// The printed text with the machine's star (`+` after the position-play figure) written
/// back as Turing's `*`, for comparison with the reference's text.
pub fn with_star(text: &str) -> String {
    match text.strip_suffix('+') {
        Some(rest) => format!("{rest}*"),
        None => text.to_string(),
    }
}

impl Loaded {
    /// Makes the printer ready as the operator does: job 3 of the root (hand switches 3,
    /// control at `think`) generates the legal moves into the table and stops at
    /// `r_stop` with N0 in `rcall`. Returns the number of legal moves (`nnm`).
    ///
    /// # Errors
    /// [`TurochampRunError::Run`] if the machine stops anywhere but `r_stop`.
    pub fn ready_printer(&mut self) -> Result<u32, TurochampRunError> {
        self.job(3, "r_stop", READY_BEATS)?;
        Ok(self.machine.store.read(self.label("nnm")?))
    }

    /// Prints the legal move `from` -> `to` (programme square numbers, 10 x rank + file)
    /// of the side to move, with `suffix` and, if given, the position-play part: the
    /// mailbox written, control set to `tramp`, run to the stop at `n_stop`, the paper
    /// read. Runs job 3 first unless the printer is ready (N0 in `rcall`); several moves
    /// of one position are printed one after another.
    ///
    /// # Errors
    /// [`TurochampRunError::Run`] if the machine stops anywhere but `n_stop`.
    pub fn print_move(
        &mut self,
        from: u32,
        to: u32,
        suffix: Suffix,
        pp: Option<PositionPlay>,
    ) -> Result<Printed, TurochampRunError> {
        let n0 = self.label("pr_r_n0")?;
        if self.machine.store.read(self.label("rcall")?) != n0 {
            self.ready_printer()?;
        }
        let (tramp, stop) = (self.label("tramp")?, self.label("n_stop")?);
        let mailbox = [
            ("nmvp", u64::from(from + 128 * to)),
            (
                "nchk",
                match suffix {
                    Suffix::None => 0,
                    Suffix::Check => 1,
                    Suffix::Mate => 2,
                },
            ),
            ("npp", u64::from(pp.is_some())),
            (
                "ninc",
                pp.map_or(0, |p| (i64::from(p.tenths) as u64) & ((1 << 40) - 1)),
            ),
            ("nstar", u64::from(pp.is_some_and(|p| p.star))),
            ("nret", 0),
        ];
        for (name, v) in mailbox {
            let line = self.label(name)?;
            self.machine.store.write_long(line, v);
        }
        let run = self.run_from(tramp, stop, PRINT_BEATS)?;
        Ok(Printed {
            text: run.printed.trim_end_matches(['\n', ' ']).to_string(),
            instructions: run.instructions,
            beats: run.beats,
            transfers: run.transfers,
        })
    }
}
