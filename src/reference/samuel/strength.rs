//! Whether learning made the player stronger (issue 39, item 5): a polynomial against
//! another over games in pairs, and the learning curve of a series measured so.
//!
//! A match ([`paired_match`]) is played in pairs of games on the same opening, three
//! plies drawn at random from the legal moves (seeded), the first player Black in the
//! first game of a pair and White in the second. Both games of a pair break ties with
//! the same generator, so a polynomial against itself scores exactly ½ (the control),
//! and the 95 % interval is taken over the pairs (each pair's mean one observation).
//! Games stop at Samuel's 70 moves (plies) and go to the side ahead in material
//! ([`Outcome::at_end`]). Pairs are played in parallel (rayon): each pair's generator
//! depends only on the seed and the pair's number, so the figures do not depend on the
//! threads.

use super::learn::{LearnParams, Learner, Outcome, Series};
use super::search::{search, Limits, Polynomial};
use crate::random::{RandomSource, Xorshift};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{legal_moves, Move, Position, Side};
use rayon::prelude::*;

/// The settings of a paired match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchParams {
    /// Games (an even number: pairs).
    pub games: u32,
    /// Seed of the openings and of the tie-breaking generators.
    pub seed: u64,
    /// Random plies each opening has (3).
    pub opening_plies: u32,
    /// Moves (plies) after which a game is stopped and judged on material (70).
    pub max_moves: u32,
    /// The look-ahead's rules.
    pub limits: Limits,
}

impl Default for MatchParams {
    fn default() -> Self {
        MatchParams {
            games: 100,
            seed: 9,
            opening_plies: 3,
            max_moves: 70,
            limits: Limits::default(),
        }
    }
}

/// A match's figures for the first player.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct MatchReport {
    /// Games played.
    pub games: u32,
    /// Games the first player won.
    pub won: u32,
    /// Games it lost.
    pub lost: u32,
    /// Games drawn.
    pub drawn: u32,
    /// Games that ended with a side unable to move (the others were stopped at the
    /// move limit and judged on material).
    pub finished: u32,
    /// Its score: (won + drawn / 2) / games, 0 to 1.
    pub score: f64,
    /// The score's 95 % interval (normal approximation over the pairs).
    pub interval: [f64; 2],
}

/// A 32-bit generator seed from a seed, a pair number and a salt (never zero).
fn seed32(seed: u64, pair: u32, salt: u32) -> u32 {
    let s = (seed as u32) ^ ((seed >> 32) as u32) ^ pair.wrapping_mul(0x9E37_79B9) ^ salt;
    if s == 0 {
        0x5A
    } else {
        s
    }
}

/// The opening of pair `pair`: `plies` moves drawn at random from the legal ones
/// (fewer if a side cannot move).
pub fn opening(seed: u64, pair: u32, plies: u32) -> Vec<Move> {
    let mut rng = Xorshift(seed32(seed, pair, 0x0BE7));
    let mut pos = Position::start();
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.next_u20() as usize % moves.len()];
        pos = apply(&pos, &m);
        line.push(m);
    }
    line
}

/// One game from the start: `open` first, then each side's polynomial; the outcome.
fn game(
    black: &Polynomial,
    white: &Polynomial,
    open: &[Move],
    p: &MatchParams,
    rng: &mut Xorshift,
) -> (Outcome, bool) {
    let mut pos = Position::start();
    let mut ply = 0;
    while ply < p.max_moves {
        if legal_moves(&pos).is_empty() {
            break;
        }
        let m = match open.get(ply as usize) {
            Some(&m) => m,
            None => {
                let poly = match pos.to_move {
                    Side::Black => black,
                    Side::White => white,
                };
                match search(&pos, poly, &p.limits, None, rng).best {
                    Some(m) => m,
                    None => break,
                }
            }
        };
        pos = apply(&pos, &m);
        ply += 1;
    }
    (Outcome::at_end(&pos), legal_moves(&pos).is_empty())
}

/// `first` against `second` over `p.games` games in pairs (module docs): the figures
/// for `first`.
pub fn paired_match(first: &Polynomial, second: &Polynomial, p: &MatchParams) -> MatchReport {
    let pairs = p.games.div_ceil(2);
    // Each pair: the first player's two scores (0, ½, 1) and games finished.
    let results: Vec<([f64; 2], u32)> = (0..pairs)
        .into_par_iter()
        .map(|k| {
            let open = opening(p.seed, k, p.opening_plies);
            let mut scores = [0.0; 2];
            let mut finished = 0;
            for (i, side) in [Side::Black, Side::White].into_iter().enumerate() {
                let mut rng = Xorshift(seed32(p.seed, k, 0x3A7C));
                let (black, white) = match side {
                    Side::Black => (first, second),
                    Side::White => (second, first),
                };
                let (outcome, done) = game(black, white, &open, p, &mut rng);
                scores[i] = (f64::from(outcome.for_side(side)) + 1.0) / 2.0;
                finished += u32::from(done);
            }
            (scores, finished)
        })
        .collect();
    let mut rep = MatchReport {
        games: pairs * 2,
        ..MatchReport::default()
    };
    for (scores, finished) in &results {
        rep.finished += finished;
        for &s in scores {
            match s {
                x if x > 0.75 => rep.won += 1,
                x if x < 0.25 => rep.lost += 1,
                _ => rep.drawn += 1,
            }
        }
    }
    let pair_means: Vec<f64> = results.iter().map(|(s, _)| (s[0] + s[1]) / 2.0).collect();
    let (mean, half) = mean_interval(&pair_means);
    rep.score = mean;
    rep.interval = [(mean - half).max(0.0), (mean + half).min(1.0)];
    rep
}

/// The mean of `values` and the half-width of its 95 % interval (normal
/// approximation); `(0, 0)` for none.
pub fn mean_interval(values: &[f64]) -> (f64, f64) {
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = if values.len() > 1 {
        values.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (mean, 1.96 * (var / n).sqrt())
}

/// One point of a learning curve: the polynomial after `games` games of learning
/// against the unlearned one (or [`CurveParams::against`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CurvePoint {
    /// Learning games played.
    pub games: u32,
    /// Alpha's games won, lost and drawn against Beta so far.
    pub alpha_record: [u32; 3],
    /// The learned polynomial's match against [`CurveParams::against`] (the unlearned
    /// polynomial unless another was given).
    pub measured: MatchReport,
}

/// What a learning curve measures: a series of `games` learning games from
/// [`Learner::default`] with `params` and `limits`, ties broken by `seed`, measured
/// every `every` games (0: only at the end) and at the end against `against` by
/// [`paired_match`] with `m`.
#[derive(Clone, Debug)]
pub struct CurveParams {
    /// Learning games.
    pub games: u32,
    /// The series' seed.
    pub seed: u64,
    /// The learning settings (series and readings).
    pub params: LearnParams,
    /// The look-ahead's rules.
    pub limits: Limits,
    /// Measure after every this many games (0: only at the end).
    pub every: u32,
    /// The polynomial measured against (the unlearned one for Samuel's question).
    pub against: Polynomial,
    /// The matches.
    pub m: MatchParams,
}

/// Plays the series of `c` and measures it ([`CurveParams`]); `on_game` is called
/// after each learning game with its number, `on_point` with each point measured.
pub fn learning_curve(
    c: &CurveParams,
    on_game: &mut dyn FnMut(u32),
    on_point: &mut dyn FnMut(&CurvePoint),
) -> Curve {
    let mut series = Series::starting_from(Learner::default(), c.seed, c.params, c.limits);
    let mut record = [0u32; 3];
    let mut first28 = [0u32; 3];
    let mut points = Vec::new();
    for g in 1..=c.games {
        let r = series.play_game();
        let k = match r.result.outcome.for_side(r.alpha) {
            1 => 0,
            -1 => 1,
            _ => 2,
        };
        record[k] += 1;
        if g <= 28 {
            first28[k] += 1;
        }
        on_game(g);
        if (c.every > 0 && g % c.every == 0) || g == c.games {
            let point = CurvePoint {
                games: g,
                alpha_record: record,
                measured: paired_match(&series.alpha.polynomial(), &c.against, &c.m),
            };
            on_point(&point);
            points.push(point);
        }
    }
    Curve {
        first28,
        points,
        learned: series.alpha,
    }
}

/// A learning curve's figures.
#[derive(Clone, Debug)]
pub struct Curve {
    /// Alpha's games won, lost and drawn in the first 28 (or fewer) games.
    pub first28: [u32; 3],
    /// The measured points.
    pub points: Vec<CurvePoint>,
    /// Alpha at the end.
    pub learned: Learner,
}
