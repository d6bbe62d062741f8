//! Setup shared by the machine's tests (`crate::common`).

use mark1::machine::{Config, RngKind, Timing};

/// One of four machine configurations, by `k % 4`: the default, SimH's, Brooker's timing
/// stopping on unassigned codes, and Turing's timing with SimH's random numbers and no
/// dynamic stops. The random-machine tests draw from these.
pub fn config(k: u64) -> Config {
    match k % 4 {
        0 => Config::default(),
        1 => Config::simh(),
        2 => Config {
            timing: Timing::brooker(),
            stop_on_unassigned: true,
            ..Config::default()
        },
        _ => Config {
            rng: RngKind::Simh,
            stop_on_dynamic: false,
            timing: Timing::turing(),
            ..Config::default()
        },
    }
}
