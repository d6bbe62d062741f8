//! The period software (Roberto Sancho's SimH drum images and tapes) run by the console
//! scripts beside this file (`tests/period/*.con`) and by our SimH scripts
//! (`tests/simh/*.ini`), SimH's script language, and Strachey's original draughts
//! (a match against the reference engine, and its profile). The tests that need the
//! period-software folder are `#[ignore]`d without `MARK1_PERIOD_SOFTWARE` (build.rs). One
//! of the suite's six test binaries (`tests/*/main.rs`):
//! `cargo test --test period period_software::` runs one module.

mod common;
mod period_software;
mod simh_period;
mod simh_props;
mod simh_script;
mod strachey1952;
mod strachey_profile;
