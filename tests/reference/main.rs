//! The native reference engines: chess (Prinz's rules), draughts, nim, Turing's paper
//! machine, Samuel's checkers player, Bell's four games, Torres Quevedo's machine, the
//! king-and-rook-against-king table (`krk_ref`), their property tests, and `mark1 ref`
//! through the binary. One of the suite's six test binaries (`tests/*/main.rs`):
//! `cargo test --test reference reference_nim::` runs one module.

mod ajedrecista_cli;
mod bell_cli;
mod common;
mod krk_ref;
mod reference_chess;
mod reference_cli;
mod reference_draughts;
mod reference_nim;
mod reference_props;
mod reference_turochamp;
mod samuel_cli;
mod samuel_learning;
mod samuel_readings;
mod samuel_rote;
mod samuel_terms;
