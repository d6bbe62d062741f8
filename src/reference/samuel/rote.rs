//! Rote learning (Samuel 1959, "Rote learning and its variants", "Cataloging and
//! culling stored information"): positions met in play saved with their backed-up
//! scores, looked up during later look-aheads so that a stored score, itself backed up,
//! extends the effective ply.
//!
//! - Standardised: every position as if Black were to move (a White-to-move position
//!   turned round and its colours exchanged), and a position of kings only reflected
//!   about the diagonals to the least of its four forms.
//! - Ageing: a new position gets an age ([`RoteParams::new_age`]); each reference to it
//!   halves its age ("refreshing"); at each merge (every [`RoteParams::merge_every`]
//!   moves of play) every age grows by one, and a position reaching
//!   [`RoteParams::max_age`] is forgotten. When the memory passes
//!   [`RoteParams::max_entries`], the lowest-ply positions are culled to nine tenths.
//! - The sense of direction is in the scores themselves ([`super::search::shrink`]);
//!   the ply behind each score is kept with it.
//!
//! Samuel's catalogue by piece counts and moments and his tape merges are organisation
//! for the IBM 704's tapes; a hash map does their work here.

use super::super::draughts::{Position, Side};
use super::board::bit;
use std::collections::HashMap;

/// A stored position's record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoteEntry {
    /// Backed-up score for the side to move (Black, once standardised).
    pub score: i64,
    /// Plies behind the score.
    pub ply: u32,
    /// Age: halved on each reference, one more at each merge.
    pub age: u32,
}

/// The rote memory's settings (our choices: the paper gives none of the numbers but
/// the merge interval, "about once every 20 moves").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoteParams {
    /// Age of a newly saved position.
    pub new_age: u32,
    /// A position whose age reaches this is forgotten at a merge.
    pub max_age: u32,
    /// Moves of play between merges.
    pub merge_every: u32,
    /// Most positions kept; past it the lowest-ply positions are culled to 90 %.
    pub max_entries: usize,
}

impl Default for RoteParams {
    fn default() -> Self {
        RoteParams {
            new_age: 4,
            max_age: 16,
            merge_every: 20,
            max_entries: 100_000,
        }
    }
}

/// The key of a standardised position: Black to move; (B, W, K).
pub type Key = (u32, u32, u32);

/// Errors reading a rote memory file.
#[derive(Debug, thiserror::Error)]
pub enum RoteError {
    /// The file is not JSON or lacks a field.
    #[error("rote memory: {0}")]
    Format(String),
}

/// The rote memory.
#[derive(Clone, Debug, Default)]
pub struct Rote {
    /// The stored positions.
    pub map: HashMap<Key, RoteEntry>,
    /// The settings.
    pub params: RoteParams,
    /// Moves of play since the last merge.
    moves_since_merge: u32,
    /// Positions looked up and found.
    pub found: u64,
}

/// Turns a word round (Strachey's square s to 31 − s).
fn rotate(w: u32) -> u32 {
    w.reverse_bits()
}

/// Reflects a word about a diagonal: `(r, c)` to `(c, r)` if `main`, else to
/// `(7 − c, 7 − r)`.
fn reflect(w: u32, main: bool) -> u32 {
    use super::board::{at, col, row};
    let mut out = 0;
    for s in super::board::squares(w) {
        let (r, c) = (row(s), col(s));
        let t = if main { at(c, r) } else { at(7 - c, 7 - r) };
        if let Some(t) = t {
            out |= bit(t);
        }
    }
    out
}

/// The standardised key of `pos` (Samuel: reversed if White is to move; a position of
/// kings only reflected about the diagonals, the least of its forms kept).
pub fn standardise(pos: &Position) -> Key {
    let (b, w, k) = match pos.to_move {
        Side::Black => (pos.b, pos.w, pos.k),
        Side::White => (rotate(pos.w), rotate(pos.b), rotate(pos.k)),
    };
    if k != b | w {
        return (b, w, k);
    }
    let forms = [
        (b, w, k),
        (rotate(b), rotate(w), rotate(k)),
        (reflect(b, true), reflect(w, true), reflect(k, true)),
        (reflect(b, false), reflect(w, false), reflect(k, false)),
    ];
    forms.into_iter().min().unwrap_or((b, w, k))
}

impl Rote {
    /// An empty memory with `params`.
    pub fn new(params: RoteParams) -> Rote {
        Rote {
            params,
            ..Rote::default()
        }
    }

    /// The stored score (for the side to move) and plies of `pos`, refreshing it.
    pub fn lookup(&mut self, pos: &Position) -> Option<(i64, u32)> {
        let e = self.map.get_mut(&standardise(pos))?;
        e.age /= 2;
        self.found += 1;
        Some((e.score, e.ply))
    }

    /// Saves `pos` with its backed-up `score` (for the side to move) and the `ply`
    /// behind it; a position already stored takes the new score if it is backed up at
    /// least as far, and is refreshed.
    pub fn save(&mut self, pos: &Position, score: i64, ply: u32) {
        let new_age = self.params.new_age;
        self.map
            .entry(standardise(pos))
            .and_modify(|e| {
                if ply >= e.ply {
                    e.score = score;
                    e.ply = ply;
                }
                e.age /= 2;
            })
            .or_insert(RoteEntry {
                score,
                ply,
                age: new_age,
            });
        if self.map.len() > self.params.max_entries {
            self.cull();
        }
    }

    /// One move of play: every [`RoteParams::merge_every`] moves, a merge.
    pub fn moved(&mut self) {
        self.moves_since_merge += 1;
        if self.moves_since_merge >= self.params.merge_every {
            self.merge();
        }
    }

    /// A merge: every position a unit older, those at the maximum age forgotten.
    pub fn merge(&mut self) {
        self.moves_since_merge = 0;
        let max = self.params.max_age;
        self.map.retain(|_, e| {
            e.age += 1;
            e.age < max
        });
    }

    /// Culls the lowest-ply positions to 90 % of the maximum.
    fn cull(&mut self) {
        let keep = self.params.max_entries * 9 / 10;
        let mut v: Vec<(Key, RoteEntry)> = self.map.drain().collect();
        v.sort_by(|a, b| b.1.ply.cmp(&a.1.ply).then(a.0.cmp(&b.0)));
        v.truncate(keep);
        self.map = v.into_iter().collect();
    }

    /// The memory as JSON (positions standardised, Black to move; squares Strachey's
    /// 0–31 as bits).
    pub fn to_json(&self) -> serde_json::Value {
        let mut v: Vec<_> = self.map.iter().collect();
        v.sort_by_key(|(k, _)| **k);
        serde_json::json!({
            "numbering": "b, w, k: bit n = Strachey's square n (PDN n + 1); Black to move",
            "positions": v.iter().map(|(k, e)| serde_json::json!({
                "b": k.0, "w": k.1, "k": k.2, "score": e.score, "ply": e.ply, "age": e.age,
            })).collect::<Vec<_>>(),
        })
    }

    /// Reads a memory written by [`Rote::to_json`].
    ///
    /// # Errors
    /// [`RoteError::Format`] naming the first bad entry.
    pub fn from_json(text: &str, params: RoteParams) -> Result<Rote, RoteError> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| RoteError::Format(e.to_string()))?;
        let list = v
            .get("positions")
            .and_then(|p| p.as_array())
            .ok_or_else(|| RoteError::Format("no `positions` list".into()))?;
        let mut r = Rote::new(params);
        for (i, e) in list.iter().enumerate() {
            let field = |name: &str| {
                e.get(name).and_then(|x| x.as_i64()).ok_or_else(|| {
                    RoteError::Format(format!(
                        "position {}: `{name}` missing or not a number",
                        i + 1
                    ))
                })
            };
            let (b, w, k) = (field("b")?, field("w")?, field("k")?);
            let word = |x: i64| u32::try_from(x).ok();
            let (Some(b), Some(w), Some(k)) = (word(b), word(w), word(k)) else {
                return Err(RoteError::Format(format!(
                    "position {}: a word is not 32 bits",
                    i + 1
                )));
            };
            if b & w != 0 || k & !(b | w) != 0 {
                return Err(RoteError::Format(format!(
                    "position {}: b and w overlap or a king stands on an empty square",
                    i + 1
                )));
            }
            let (score, ply, age) = (field("score")?, field("ply")?, field("age")?);
            if !(0..=64).contains(&ply) || !(0..=1_000).contains(&age) {
                return Err(RoteError::Format(format!(
                    "position {}: ply or age out of range",
                    i + 1
                )));
            }
            r.map.insert(
                (b, w, k),
                RoteEntry {
                    score,
                    ply: ply as u32,
                    age: age as u32,
                },
            );
        }
        Ok(r)
    }
}
