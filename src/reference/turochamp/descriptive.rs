//! Descriptive notation (`P-K4`, `KT-KB3`, `B X P`, `O-O`), as Turing printed his games.
//! (Stub: filled in on branch h-notation.)
