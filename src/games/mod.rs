//! Drivers that run the period game programs on the emulated machine, acting as the
//! operator did (tapes, hand switches, KAC and KEC, reading the teleprinter and the
//! tubes); nothing native computes a move for them.
//!
//! - [`prinz`]: Prinz's mate-in-two (1951), a position on tape.
//! - [`draughts`]: Strachey's draughts (1952) as our reconstruction; [`strachey1952`]:
//!   Strachey's original program from SimH's drum image.
//! - [`nim`]: Faster than Thought's nim programme (1953).
//! - [`turochamp`]: Turing's paper chess machine as a program of ours.
//! - [`mod@matches`]: Samuel's player (native) against Strachey's program on the machine.
//! - Bell's games (1972): [`noughts`] (Michie's machine, the incomplete defence),
//!   [`menace`] (its boxes on the drum), [`bridgit`], [`knights`] (the knight's tour),
//!   [`guessit`].
//! - [`bundled`]: a bundled program assembled once, its labels looked up by name.

pub mod bridgit;
pub mod bundled;
pub mod draughts;
pub mod guessit;
pub mod knights;
pub mod matches;
pub mod menace;
pub mod nim;
pub mod noughts;
pub mod prinz;
pub mod strachey1952;
pub mod turochamp;
