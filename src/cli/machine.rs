//! The machine flags shared by every subcommand that builds a machine (`run`,
//! `console`, `debug`): the /W seed and generator, the timing profile, the negation, the
//! core, the stop on an unassigned function.

use clap::ValueEnum;
use mark1::machine::{Config, Core, RngKind, Timing};

/// The interpreter by name (docs/performance.md).
#[derive(Clone, Copy, ValueEnum)]
pub enum CoreArg {
    /// The fast interpreter: pre-decoded lines, registers in locals, rare orders through
    /// the general path.
    Fast,
    /// The simple interpreter the fast one is tested against; same results, slower.
    Reference,
}

/// A timing profile by name.
#[derive(Clone, Copy, ValueEnum)]
pub enum TimingArg {
    /// Prinz's Introduction to Programming (1951).
    Prinz,
    /// Brooker 1956's drum and device times.
    Brooker,
    /// Turing's handbook Fig. E (/@ 24 beats).
    Turing,
    /// SimH's Ferranti Mark I costs.
    Simh,
}

/// The /W generator by name.
#[derive(Clone, Copy, ValueEnum)]
pub enum RngArg {
    /// Our own seeded generator.
    Mark1,
    /// SimH's repeatable sequence (restarts at KEC).
    Simh,
}

/// How TN and TF negate S, by name.
#[derive(Clone, Copy, ValueEnum)]
pub enum NegationArg {
    /// 80-bit arithmetic: S sign-extended, then negated (Prinz).
    Own,
    /// SimH's: S negated within 40 bits, then sign-extended (differs for S = -2^39).
    Simh,
}

/// Options shared by everything that builds a machine.
#[derive(clap::Args)]
pub struct MachineArgs {
    /// Seed of the /W random generator.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
    /// Which generator feeds /W.
    #[arg(long, value_enum, default_value_t = RngArg::Mark1)]
    rng: RngArg,
    /// Timing profile (docs/timing.md).
    #[arg(long, value_enum, default_value_t = TimingArg::Prinz)]
    timing: TimingArg,
    /// How TN and TF negate S (docs/compatibility.md: SimH's way for its Love Letters counts).
    #[arg(long, value_enum, default_value_t = NegationArg::Own)]
    negation: NegationArg,
    /// Which interpreter obeys the orders; both give the same results (docs/performance.md).
    #[arg(long, value_enum, default_value_t = CoreArg::Fast)]
    core: CoreArg,
    /// Stop on an order with an unassigned function (`TE`, `/X`, ...) instead of
    /// obeying it as a dummy, as the machine does: the stop names the line and the code,
    /// and `mark1 run` exits with status 1.
    #[arg(long)]
    stop_on_unassigned: bool,
}

impl TimingArg {
    /// The profile's beat costs.
    pub fn timing(self) -> Timing {
        match self {
            TimingArg::Prinz => Timing::prinz(),
            TimingArg::Brooker => Timing::brooker(),
            TimingArg::Turing => Timing::turing(),
            TimingArg::Simh => Timing::simh(),
        }
    }
}

impl MachineArgs {
    /// The machine configuration these flags ask for.
    pub fn config(&self) -> Config {
        Config {
            timing: self.timing.timing(),
            seed: self.seed,
            rng: match self.rng {
                RngArg::Mark1 => RngKind::Mark1,
                RngArg::Simh => RngKind::Simh,
            },
            simh_negation: matches!(self.negation, NegationArg::Simh),
            core: match self.core {
                CoreArg::Fast => Core::Fast,
                CoreArg::Reference => Core::Reference,
            },
            stop_on_unassigned: self.stop_on_unassigned,
            ..Config::default()
        }
    }
}
