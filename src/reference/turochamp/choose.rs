//! The machine's choice of move in the position on the board.
//!
//! Turing (typescript): "The move chosen must have the greatest possible value, and,
//! consistent with this, the greatest possible position-play value. If this condition admits
//! of several solutions a choice may be made at random, or according to an arbitrary
//! additional condition." Our arbitrary condition is the `tie` reading.

use super::position_play::position_play;
use super::readings::{PpAt, Readings, Tie};
use super::search::{principal_line, recapture_square, Searcher};
use super::value::Value;
use super::TurochampError;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

/// One legal White move with its value and position play.
#[derive(Debug, Clone)]
pub struct MoveReport {
    /// The move.
    pub mv: Move,
    /// Its SAN in the position on the board (with `+` or `#`).
    pub san: String,
    /// The value of the position after it (minimax over the considerable moves).
    pub value: Value,
    /// The position-play value of the position after it, in tenths.
    pub pp: i32,
    /// The increase of position play over the position on the board, in tenths (the
    /// figure Turing printed after White's move).
    pub increase: i32,
    /// The position play the choice compares among moves of the greatest value, in
    /// tenths: `pp` under `pp-at=move`; under `pp-at=line` that of the position at the end
    /// of the line the analysis expects after the move (for the other moves, `pp`).
    pub choice_pp: i32,
    /// Positions the analysis of this move visited.
    pub nodes: u64,
}

/// The machine's analysis of a position with White to move.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The position-play value of the position on the board, in tenths.
    pub pp_before: i32,
    /// Every legal move, in the order of the `tie` rule's preference (first preferred
    /// among equals).
    pub moves: Vec<MoveReport>,
    /// The index in `moves` of the chosen move (None when White has no legal move).
    pub chosen: Option<usize>,
    /// Positions visited in all: the considerable-move tree's size without cut-offs, the
    /// part of it visited with them.
    pub nodes: u64,
    /// Whether the node limit cut any analysis short.
    pub truncated: bool,
}

impl Analysis {
    /// The chosen move's report.
    pub fn choice(&self) -> Option<&MoveReport> {
        self.chosen.and_then(|i| self.moves.get(i))
    }

    /// Whether the move at `index` has a position-play value above every other move's (the
    /// condition Turing marks with `*`).
    pub fn star(&self, index: usize) -> bool {
        let Some(m) = self.moves.get(index) else {
            return false;
        };
        self.moves
            .iter()
            .enumerate()
            .all(|(i, o)| i == index || o.pp < m.pp)
    }

    /// The index of the move `m`.
    pub fn find(&self, m: Move) -> Option<usize> {
        self.moves.iter().position(|r| r.mv == m)
    }
}

/// Reads a FEN into a position, with a clear error.
///
/// # Errors
/// [`TurochampError::Fen`] when the text is not a FEN or not a legal position.
pub fn parse_fen(text: &str) -> Result<Chess, TurochampError> {
    let fen: Fen = text
        .trim()
        .parse()
        .map_err(|e| TurochampError::Fen(format!("`{}`: {e}", text.trim())))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| TurochampError::Fen(format!("`{}`: {e}", text.trim())))
}

/// The FEN of a position.
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The SAN of `m` in `pos`, with `+` or `#` when it checks or mates.
pub fn san_of(pos: &Chess, m: Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

/// Reads a SAN move (a `+`/`#` suffix optional) legal in `pos`.
///
/// # Errors
/// [`TurochampError::San`] when the text is not SAN or names no legal move here.
pub fn parse_san(pos: &Chess, text: &str) -> Result<Move, TurochampError> {
    let t = text.trim();
    let san: SanPlus = t.parse().map_err(|_| {
        TurochampError::San(format!(
            "`{t}`: not a move in SAN (e.g. e5, Nf6, exd5, O-O)"
        ))
    })?;
    san.san.to_move(pos).map_err(|e| {
        let why = match e {
            shakmaty::san::SanError::AmbiguousSan => "it fits more than one legal move",
            shakmaty::san::SanError::IllegalSan => "no legal move fits it in this position",
        };
        TurochampError::San(format!("`{t}`: {why}"))
    })
}

/// The arbitrary order among equals: origin square, then destination (a1 = 0 … h8 = 63),
/// then promotion, ascending for `tie=low`, descending for `tie=high`.
fn tie_key(m: &Move) -> (u32, u32, u32) {
    (
        m.from().map_or(0, u32::from),
        u32::from(m.to()),
        m.promotion().map_or(0, |r| r as u32),
    )
}

/// The machine's analysis of `pos` (White to move) under `readings`, each move's analysis
/// stopping at `node_limit` positions in all.
///
/// # Errors
/// [`TurochampError::NotWhiteToMove`] when Black is to move (the machine plays White).
pub fn analyse(
    pos: &Chess,
    readings: &Readings,
    node_limit: u64,
) -> Result<Analysis, TurochampError> {
    analyse_with(pos, readings, node_limit, true)
}

/// As [`analyse`]; `prune` false searches the whole considerable-move tree (no alpha-beta
/// cut-offs), so that [`Analysis::nodes`] is the tree's full size. The values and the
/// choice are the same.
///
/// # Errors
/// As [`analyse`].
pub fn analyse_with(
    pos: &Chess,
    readings: &Readings,
    node_limit: u64,
    prune: bool,
) -> Result<Analysis, TurochampError> {
    if pos.turn() != Color::White {
        return Err(TurochampError::NotWhiteToMove);
    }
    let pp_before = position_play(pos, false, readings);
    let mut legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    legal.sort_by_key(tie_key);
    if readings.tie == Tie::High {
        legal.reverse();
    }
    let mut searcher = Searcher::new(readings, node_limit);
    searcher.prune = prune;
    let mut moves = Vec::with_capacity(legal.len());
    for m in legal {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let before_nodes = searcher.nodes;
        let value = searcher.value(&after, 1, recapture_square(pos, m, readings));
        let pp = position_play(&after, m.is_castle(), readings);
        moves.push(MoveReport {
            mv: m,
            san: san_of(pos, m),
            value,
            pp,
            increase: pp - pp_before,
            choice_pp: pp,
            nodes: searcher.nodes - before_nodes,
        });
    }
    if readings.pp_at == PpAt::Line {
        let best = moves.iter().map(|m| m.value).max();
        for r in moves.iter_mut().filter(|r| Some(r.value) == best) {
            let mut end = pos.clone();
            end.play_unchecked(r.mv);
            let licensed = recapture_square(pos, r.mv, readings);
            for m in principal_line(&end, 1, licensed, readings, node_limit) {
                end.play_unchecked(m);
            }
            r.choice_pp = position_play(&end, r.mv.is_castle(), readings);
        }
    }
    let mut chosen: Option<usize> = None;
    for (i, m) in moves.iter().enumerate() {
        let better = match chosen {
            None => true,
            Some(c) => {
                let b = &moves[c];
                m.value > b.value || (m.value == b.value && m.choice_pp > b.choice_pp)
            }
        };
        if better {
            chosen = Some(i);
        }
    }
    Ok(Analysis {
        pp_before,
        moves,
        chosen,
        nodes: searcher.nodes,
        truncated: searcher.truncated,
    })
}
