//! Samuel's checkers player (A. L. Samuel, "Some Studies in Machine Learning Using the
//! Game of Checkers", IBM Journal 3(3), 1959), as a native engine: the IBM 704 program
//! is not a Mark 1 program, so it is built here from the paper, to meet Strachey's
//! program on the emulated Mark 1 (`mark1 match`).
//!
//! - [`board`]: Samuel's numbering (bits 1–35, 9, 18 and 27 off the board), his four
//!   words, the geometry.
//! - [`terms`]: the 26 parameters of Appendix C and the 12 binary connectives.
//! - [`mod@search`]: piece advantage, the polynomial, the ply rules, minimax with
//!   alpha-beta and the sense of direction.
//! - [`rote`]: rote learning; [`rote_effect`]: its effect measured.
//! - [`learn`]: learning by generalisation, Alpha against Beta.
//! - [`diagnose`]: the learning measured (issue 39); [`strength`]: a polynomial against
//!   another in paired games, and the learning curve.
//!
//! Positions are the draughts reference engine's ([`crate::reference::draughts`]):
//! English draughts, the same game (Samuel: "checkers"), whose move generation is
//! tested. docs/samuel.md has the terms, our readings of the garbled parts, the
//! learning and the figures.

pub mod board;
pub mod diagnose;
pub mod learn;
pub mod rote;
pub mod rote_effect;
pub mod search;
pub mod strength;
pub mod terms;

pub use learn::{
    judge, play, Adoption, Correlation, GameResult, LearnGame, LearnParams, Learner, Outcome,
    Powers, Series, Without,
};
pub use rote::{Rote, RoteParams};
pub use search::{search, Limits, Polynomial, SearchResult};
pub use terms::{all_parameters, parameters, term_values, Term};
