//! Rote learning's effect measured (issue 39, item 4): a rote memory built from games
//! of self-play, then the player with that memory against the same player without it.
//!
//! How the memory is built, from Samuel's "Rote learning and its variants": "the
//! program saves only the board positions encountered during the actual play with their
//! associated backed-up scores", and his memory came from "a series of games ... both
//! self-play and play against many different individuals" and from book games. We have
//! no book and no people, so [`build`] plays the unlearned polynomial against itself,
//! both sides sharing one memory: before each move the side to move searches (the
//! memory looked up), its position is saved with the backed-up score and the plies
//! behind it ([`Rote::save`]), and the memory is merged every 20 moves of play
//! ([`Rote::moved`]). Each game starts with a two-move opening drawn at random as the
//! match's are (other draws of the same kind), so that the memory covers the openings
//! the match meets, as Samuel's covered the games he and his opponents played; ties
//! are broken by the seeded generator.
//!
//! The match ([`play_match`]): games in pairs on the same two-move opening (drawn at
//! random from the first moves and their replies), the memory's player Black in the
//! first of a pair and White in the second. Each game starts from a copy of the built
//! memory, which is looked up but not added to, so the games are independent and the
//! figure measures the memory as built.
//!
//! Both games of a pair break ties with the same generator, so without a memory they
//! would be one game with the players exchanged, one won and one lost (or both drawn):
//! the control ([`paired_difference`]), the same match with an empty memory, scores
//! exactly ½, and whatever the memory's player scores above or below ½ is the memory's
//! doing.

use super::learn::Outcome;
use super::rote::{Rote, RoteParams};
use super::search::{search, Limits, Polynomial};
use super::terms::credit;
use crate::random::{RandomSource, Xorshift};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{legal_moves, Move, Position, Side};

/// The settings of a measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct EffectParams {
    /// Games of self-play that build the memory.
    pub build_games: u32,
    /// Games of the match (with the memory against without), played in pairs.
    pub match_games: u32,
    /// Seed of the tie-breaking generators and of the openings.
    pub seed: u64,
    /// Moves (plies) after which a game is stopped and judged on material (Samuel: 70).
    pub max_moves: u32,
    /// The look-ahead's rules.
    pub limits: Limits,
    /// The rote memory's settings.
    pub rote: RoteParams,
}

impl Default for EffectParams {
    fn default() -> Self {
        EffectParams {
            build_games: 100,
            match_games: 100,
            seed: 1,
            max_moves: 70,
            limits: Limits::default(),
            rote: RoteParams::default(),
        }
    }
}

/// What building the memory did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildReport {
    /// Games played.
    pub games: u32,
    /// Positions saved (a position saved again counts again).
    pub saved: u64,
    /// Positions in the memory at the end (after forgetting and culling).
    pub positions: usize,
    /// Searches of the build games that found a position in the memory.
    pub searches_with_hits: u64,
    /// Searches in all.
    pub searches: u64,
}

/// Builds a rote memory from `p.build_games` games of `poly` against itself (module
/// docs: how, from Samuel's text).
pub fn build(poly: &Polynomial, p: &EffectParams) -> (Rote, BuildReport) {
    let mut rote = Rote::new(p.rote);
    let mut rep = BuildReport::default();
    for g in 0..p.build_games {
        let mut rng = Xorshift(seed32(p.seed, g, 0xB11D));
        let mut pos = Position::start();
        for mv in 0..p.max_moves {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let r = search(&pos, poly, &p.limits, Some(&mut rote), &mut rng);
            rep.searches += 1;
            if r.rote_hits > 0 {
                rep.searches_with_hits += 1;
            }
            rote.save(&pos, r.score, r.effective_ply);
            rep.saved += 1;
            rote.moved();
            let m = if mv < 2 {
                opening_drawn(p.seed, g, 0xB0E2)[mv as usize]
            } else {
                match r.best {
                    Some(m) => m,
                    None => break,
                }
            };
            pos = apply(&pos, &m);
        }
        rep.games += 1;
    }
    rep.positions = rote.map.len();
    (rote, rep)
}

/// A 32-bit generator seed from the measurement's seed, a game number and a salt
/// (never zero, which would stall the generator).
fn seed32(seed: u64, game: u32, salt: u32) -> u32 {
    let s = (seed as u32) ^ ((seed >> 32) as u32) ^ game.wrapping_mul(0x9E37_79B9) ^ salt;
    if s == 0 {
        0x5A
    } else {
        s
    }
}

/// One side's search statistics in a band of moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Band {
    /// Searches made.
    pub searches: u64,
    /// Searches in which the memory answered at least one position.
    pub with_hits: u64,
    /// The effective plies of the chosen moves, summed.
    pub effective_ply: u64,
}

/// The bands of moves (plies of the game) the statistics are kept in: 1–10 (the
/// opening), 11–40, 41 on.
pub const BANDS: [(u32, u32); 3] = [(1, 10), (11, 40), (41, u32::MAX)];

fn band_of(ply: u32) -> usize {
    BANDS
        .iter()
        .position(|&(a, b)| (a..=b).contains(&ply))
        .unwrap_or(BANDS.len() - 1)
}

/// How one side fared once it was ahead by a man or more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conversions {
    /// Games in which the side was ahead by at least a man's credit (2) in two
    /// successive positions.
    pub ahead: u32,
    /// Of those, won outright (the opponent could not move) within the move limit.
    pub won_outright: u32,
    /// Won on material when stopped at the move limit.
    pub won_on_material: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// Moves (plies) of the games won outright, summed.
    pub outright_moves: u64,
}

/// One game of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EffectGame {
    /// The side the memory's player had.
    pub rote_side: Side,
    /// The outcome.
    pub outcome: Outcome,
    /// Whether the loser could not move (else stopped at the move limit and judged).
    pub finished: bool,
    /// The moves in PDN.
    pub record: Vec<String>,
}

impl EffectGame {
    /// 1 if the memory's player won, ½ drawn, 0 lost.
    pub fn rote_score(&self) -> f64 {
        (f64::from(self.outcome.for_side(self.rote_side)) + 1.0) / 2.0
    }
}

/// The match's figures, for the player with the memory ("rote") and without ("plain").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchReport {
    /// The games.
    pub games: Vec<EffectGame>,
    /// Games the memory's player won, lost, drew.
    pub won: u32,
    /// Games it lost.
    pub lost: u32,
    /// Games drawn.
    pub drawn: u32,
    /// Its score, (won + drawn / 2) / games.
    pub score: f64,
    /// The 95 % interval of the score (normal approximation over the pairs of games).
    pub interval: [f64; 2],
    /// Search statistics in [`BANDS`], with the memory and without.
    pub rote_bands: [Band; 3],
    /// Without the memory.
    pub plain_bands: [Band; 3],
    /// End games: the memory's player once ahead, and the plain player once ahead.
    pub rote_conversions: Conversions,
    /// The plain player's.
    pub plain_conversions: Conversions,
}

/// The two-move opening of pair `k`: a first move and a reply drawn by the seeded
/// generator.
pub fn opening(seed: u64, k: u32) -> [Move; 2] {
    opening_drawn(seed, k, 0x0FE2)
}

/// A two-move opening drawn by a generator seeded from `seed`, `k` and `salt`.
fn opening_drawn(seed: u64, k: u32, salt: u32) -> [Move; 2] {
    let mut rng = Xorshift(seed32(seed, k, salt));
    let start = Position::start();
    let first = legal_moves(&start);
    let m1 = first[rng.next_u20() as usize % first.len()];
    let after = apply(&start, &m1);
    let replies = legal_moves(&after);
    let m2 = replies[rng.next_u20() as usize % replies.len()];
    [m1, m2]
}

/// Plays the match: `poly` with `memory` against `poly` without (module docs).
pub fn play_match(poly: &Polynomial, memory: &Rote, p: &EffectParams) -> MatchReport {
    let mut rep = MatchReport::default();
    for g in 0..p.match_games {
        let rote_side = if g % 2 == 0 { Side::Black } else { Side::White };
        let open = opening(p.seed, g / 2);
        let mut rote = memory.clone();
        // Both games of a pair break ties with the same generator: without a memory
        // they would be the same game with the colours' players exchanged.
        let mut rng = Xorshift(seed32(p.seed, g / 2, 0x3A7C));
        let mut pos = Position::start();
        let mut record = Vec::new();
        // The largest material lead (credit) each side held over two successive
        // positions (so not the middle of an exchange): [rote, plain].
        let mut lead = [0i32; 2];
        let mut prev = 0i32;
        while (record.len() as u32) < p.max_moves {
            let ply = record.len() as u32;
            if legal_moves(&pos).is_empty() {
                break;
            }
            let m = if ply < 2 {
                open[ply as usize]
            } else {
                let mine = pos.to_move == rote_side;
                let r = search(
                    &pos,
                    poly,
                    &p.limits,
                    if mine { Some(&mut rote) } else { None },
                    &mut rng,
                );
                let band = if mine {
                    &mut rep.rote_bands[band_of(ply + 1)]
                } else {
                    &mut rep.plain_bands[band_of(ply + 1)]
                };
                band.searches += 1;
                band.with_hits += u64::from(r.rote_hits > 0);
                band.effective_ply += u64::from(r.effective_ply);
                match r.best {
                    Some(m) => m,
                    None => break,
                }
            };
            record.push(m.pdn());
            pos = apply(&pos, &m);
            let d = credit(pos.b, pos.k) - credit(pos.w, pos.k);
            let d_rote = if rote_side == Side::Black { d } else { -d };
            lead[0] = lead[0].max(d_rote.min(prev));
            lead[1] = lead[1].max((-d_rote).min(-prev));
            prev = d_rote;
        }
        let finished = legal_moves(&pos).is_empty();
        let outcome = Outcome::at_end(&pos);
        let game = EffectGame {
            rote_side,
            outcome,
            finished,
            record,
        };
        let s = game.rote_score();
        match s {
            x if x > 0.75 => rep.won += 1,
            x if x < 0.25 => rep.lost += 1,
            _ => rep.drawn += 1,
        }
        for (i, c) in [&mut rep.rote_conversions, &mut rep.plain_conversions]
            .into_iter()
            .enumerate()
        {
            if lead[i] < 2 {
                continue;
            }
            c.ahead += 1;
            let mine = if i == 0 { s } else { 1.0 - s };
            if mine > 0.75 && game.finished {
                c.won_outright += 1;
                c.outright_moves += game.record.len() as u64;
            } else if mine > 0.75 {
                c.won_on_material += 1;
            } else if mine < 0.25 {
                c.lost += 1;
            } else {
                c.drawn += 1;
            }
        }
        rep.games.push(game);
    }
    let scores: Vec<f64> = rep.games.iter().map(EffectGame::rote_score).collect();
    let (mean, [lo, hi]) = pair_mean_interval(&scores);
    rep.score = mean;
    rep.interval = [lo.max(0.0), hi.min(1.0)];
    rep
}

/// The mean of `values` and its 95 % interval (normal approximation) taken over the
/// pairs of games (each pair's mean one observation: the two games of a pair share an
/// opening and a generator, so they are not independent). `(0, [0, 0])` for none.
fn pair_mean_interval(values: &[f64]) -> (f64, [f64; 2]) {
    let pairs: Vec<f64> = values
        .chunks(2)
        .map(|c| c.iter().sum::<f64>() / c.len() as f64)
        .collect();
    if values.is_empty() {
        return (0.0, [0.0, 0.0]);
    }
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let n = pairs.len() as f64;
    let pm = pairs.iter().sum::<f64>() / n;
    let var = if n > 1.0 {
        pairs.iter().map(|x| (x - pm) * (x - pm)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (var / n).sqrt();
    (mean, [mean - half, mean + half])
}

/// The line each player finds from the start when it plays both sides: `plies` moves in
/// PDN, with the memory if given (a copy, not added to), ties broken by `seed`.
pub fn opening_line(
    poly: &Polynomial,
    memory: Option<&Rote>,
    limits: &Limits,
    plies: u32,
    seed: u64,
) -> Vec<String> {
    let mut rote = memory.cloned();
    let mut rng = Xorshift(seed32(seed, 0, 0x11AE));
    let mut pos = Position::start();
    let mut line = Vec::new();
    for _ in 0..plies {
        let Some(m) = search(&pos, poly, limits, rote.as_mut(), &mut rng).best else {
            break;
        };
        line.push(m.pdn());
        pos = apply(&pos, &m);
    }
    line
}

/// White's reply to each of Black's seven first moves, with the memory if given (a
/// copy), ties broken by `seed`: (first move, reply, effective ply of the reply).
pub fn replies(
    poly: &Polynomial,
    memory: Option<&Rote>,
    limits: &Limits,
    seed: u64,
) -> Vec<(String, String, u32)> {
    let start = Position::start();
    legal_moves(&start)
        .iter()
        .enumerate()
        .map(|(i, m1)| {
            let mut rote = memory.cloned();
            let mut rng = Xorshift(seed32(seed, i as u32, 0x2E91));
            let pos = apply(&start, m1);
            let r = search(&pos, poly, limits, rote.as_mut(), &mut rng);
            (
                m1.pdn(),
                r.best.map(|m| m.pdn()).unwrap_or_default(),
                r.effective_ply,
            )
        })
        .collect()
}

/// The memory's effect: the mean over games of the memory's player's score in `with`
/// less its score in the same game of `control` (the match with an empty memory), and
/// the 95 % interval of that mean (normal approximation, over the pairs of games).
/// Games are paired by number;
/// the shorter match bounds the pairs. `(0, [0, 0])` for no games.
pub fn paired_difference(with: &MatchReport, control: &MatchReport) -> (f64, [f64; 2]) {
    let d: Vec<f64> = with
        .games
        .iter()
        .zip(&control.games)
        .map(|(a, b)| a.rote_score() - b.rote_score())
        .collect();
    pair_mean_interval(&d)
}
