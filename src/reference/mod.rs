//! Native reference engines for Strachey's draughts and Prinz's chess.
