//! The learning's diagnosis (issue 39; `mark1 ref samuel diagnose`): a series of
//! learning games played with every Alpha move recorded ([`Series::trace`]), then
//! measured: how often the learned and the unlearned polynomials choose different moves
//! in the same positions, how often the positional terms decide a move at all (against
//! material alone), delta's distribution and how often it passes the minimum, whether
//! each correction moves a coefficient the way the game's outcome says, and the signs
//! and scales end to end (the piece advantage against the terms' 2^18, the 70-move stop,
//! Beta's adoptions, the look-ahead's point of view).

use super::learn::{AlphaStep, LearnParams, Learner, Series};
use super::search::{evaluate, piece_advantage, search, Limits, Polynomial, MAX_POWER, PIECE_UNIT};
use super::terms::{all_parameters, Term, TERMS};
use crate::random::Xorshift;
use crate::reference::draughts::{Move, Position, Side};
use serde::Serialize;

/// One term's record over the series.
#[derive(Clone, Debug, Serialize)]
pub struct TermRecord {
    /// The term's name.
    pub name: &'static str,
    /// Alpha's positions where its value was not zero.
    pub nonzero: u32,
    /// Pearson correlation, over Alpha's positions, of the term's value credited to
    /// Alpha with the game's result for Alpha (+1 won, 0 drawn, −1 lost): above zero,
    /// the term predicts winning.
    pub outcome_correlation: f64,
    /// The sum of the corrections to its signed correlation (sign × C): above zero,
    /// the learning moved it towards "good for the side that has it".
    pub net_correction: f64,
    /// Corrections made to it.
    pub corrections: u32,
}

/// The diagnosis of a learning series: counts over Alpha's moves, and the checks.
#[derive(Clone, Debug, Serialize)]
pub struct Diagnosis {
    /// Games played.
    pub games: u32,
    /// Samuel's series (1 or 2).
    pub series: u8,
    /// Alpha's games won, lost and drawn.
    pub alpha_record: [u32; 3],
    /// Alpha's moves (positions examined).
    pub positions: u32,
    /// Positions where the learned (final) and the unlearned polynomials have no best
    /// move in common.
    pub learned_differs: u32,
    /// Positions where material alone (an empty polynomial) has one best move.
    pub material_decides: u32,
    /// Positions where material alone ties and Alpha's move was one of the tied ones
    /// (the positional terms broke the tie).
    pub positional_breaks_tie: u32,
    /// Positions where Alpha's move was not among material alone's best (the positional
    /// terms outweighed material in the look-ahead).
    pub positional_overrides: u32,
    /// Deltas computed (Alpha moves after the first of a game).
    pub deltas: u32,
    /// Deltas whose magnitude reached the minimum.
    pub deltas_past_minimum: u32,
    /// Deltas above zero.
    pub deltas_positive: u32,
    /// Quantiles of |delta| in men (a man at the start's material is 2^26): 10%, 25%,
    /// 50%, 75%, 90%.
    pub delta_quantiles_men: [f64; 5],
    /// Corrections made, and of them with factor 2 (material changed) and 4 (a sure
    /// win or loss).
    pub corrections: [u32; 3],
    /// Term corrections (a term's signed correlation changed) whose direction agrees
    /// with the game's outcome (the term's value credited to Alpha at the saved
    /// position, times Alpha's result, has the correction's sign), of those with a
    /// decided game and a non-zero value.
    pub corrections_agreeing: (u32, u32),
    /// Steps where Alpha's material changed since the saved position, and of them those
    /// where delta has the sign of the change.
    pub delta_follows_material: (u32, u32),
    /// Deltas past the minimum with Alpha's material unchanged since the saved position
    /// and a non-zero positional part in the saved score, and of them those where
    /// delta has the opposite sign to that positional part. The terms are changes made
    /// by the last move (Appendix C), so the backed-up score does not hold the saved
    /// score's terms; were delta mostly taking them away again (above half), every
    /// term with weight would be driven against its own sign.
    pub delta_opposes_saved_terms: (u32, u32),
    /// Per term, over the terms that were ever active.
    pub terms: Vec<TermRecord>,
    /// The checks of signs and scales, one line each.
    pub checks: Vec<String>,
}

/// A term's tally: (value credited to Alpha, Alpha's result) at each position, the
/// sum of its corrections, their number.
type TermTally = (Vec<(f64, f64)>, f64, u32);

/// The moves with the search's best score.
fn best_set(r: &super::search::SearchResult) -> Vec<Move> {
    r.moves
        .iter()
        .filter(|(_, s)| *s == r.score)
        .map(|(m, _)| *m)
        .collect()
}

fn pearson(xs: &[(f64, f64)]) -> f64 {
    let n = xs.len() as f64;
    if n < 2.0 {
        return 0.0;
    }
    let (mx, my) = xs
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (x, y) in xs {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    if sxx == 0.0 || syy == 0.0 {
        0.0
    } else {
        sxy / (sxx * syy).sqrt()
    }
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}

/// The look-ahead's point of view, tested on positions whose sign is known: Black a
/// man up, Black to move (the score must be above zero) and White to move (below
/// zero). Returns the line and whether it holds.
pub fn lookahead_sign_check(limits: &Limits) -> (String, bool) {
    let poly = Learner::default().polynomial();
    let mut rng = Xorshift(1);
    let mut text = Vec::new();
    let mut ok = true;
    for (fen, want) in [("B:W21-31:B1-12", 1), ("W:W21-31:B1-12", -1)] {
        let Ok(pos) = Position::from_fen(fen) else {
            return (format!("the position {fen} does not parse"), false);
        };
        let r = search(&pos, &poly, limits, None, &mut rng);
        let now = all_parameters(&pos);
        let direct = evaluate(&pos, &now, &now, &poly);
        let good = r.score.signum() == want && direct.signum() == want;
        ok &= good;
        text.push(format!(
            "{fen} (Black a man up, {} to move): backed-up {:+.2} men, direct {:+.2} men, {}",
            if pos.to_move == Side::Black {
                "Black"
            } else {
                "White"
            },
            r.score as f64 / (2 * PIECE_UNIT) as f64,
            direct as f64 / (2 * PIECE_UNIT) as f64,
            if good { "right" } else { "WRONG" }
        ));
    }
    (text.join("; "), ok)
}

/// Plays `games` learning games with `params` (series 1 or 2 and the readings) from
/// the start, ties broken by `seed`, under `limits`, and measures them
/// ([`Diagnosis`]). Costs about four times the series itself (each Alpha position is
/// searched again by the learned, the unlearned and the material-only polynomials).
pub fn diagnose(games: u32, seed: u64, params: LearnParams, limits: Limits) -> Diagnosis {
    let series = params.series;
    let mut s = Series::new(seed, params, limits);
    let unlearned = s.alpha.polynomial();
    s.trace = Some(Vec::new());
    let mut results = Vec::new();
    let mut record = [0u32; 3];
    let (mut stopped, mut stopped_judged) = (0u32, [0u32; 3]);
    let mut adoptions = Vec::new();
    let mut max_positional = 0i64;
    for g in 0..games {
        let r = s.play_game();
        let alpha_result = r.result.outcome.for_side(r.alpha);
        let k = match alpha_result {
            1 => 0,
            -1 => 1,
            _ => 2,
        };
        record[k] += 1;
        if !r.result.finished {
            stopped += 1;
            stopped_judged[k] += 1;
        }
        if r.beta_adopted {
            adoptions.push(g + 1);
        }
        results.push(alpha_result);
    }
    let steps: Vec<AlphaStep> = s.trace.take().unwrap_or_default();
    let learned = s.alpha.polynomial();
    let material = Polynomial::default();
    let mut rng = Xorshift(0x1D1A_6905 ^ seed as u32);
    let mut d = Diagnosis {
        games,
        series,
        alpha_record: record,
        positions: steps.len() as u32,
        learned_differs: 0,
        material_decides: 0,
        positional_breaks_tie: 0,
        positional_overrides: 0,
        deltas: 0,
        deltas_past_minimum: 0,
        deltas_positive: 0,
        delta_quantiles_men: [0.0; 5],
        corrections: [0; 3],
        corrections_agreeing: (0, 0),
        delta_follows_material: (0, 0),
        delta_opposes_saved_terms: (0, 0),
        terms: Vec::new(),
        checks: Vec::new(),
    };
    let mut magnitudes = Vec::new();
    let mut per_term: Vec<TermTally> = vec![(Vec::new(), 0.0, 0); TERMS];
    let mut ever_active = [false; TERMS];
    for st in &steps {
        let result = f64::from(results[st.game as usize]);
        let l = search(&st.pos, &learned, &limits, None, &mut rng);
        let u = search(&st.pos, &unlearned, &limits, None, &mut rng);
        let m = search(&st.pos, &material, &limits, None, &mut rng);
        let (lb, ub, mb) = (best_set(&l), best_set(&u), best_set(&m));
        if !lb.iter().any(|x| ub.contains(x)) {
            d.learned_differs += 1;
        }
        if mb.len() == 1 {
            d.material_decides += 1;
        }
        if mb.contains(&st.played) {
            if mb.len() > 1 {
                d.positional_breaks_tie += 1;
            }
        } else {
            d.positional_overrides += 1;
        }
        max_positional = max_positional.max(st.poly.value(&st.values).abs());
        for &(t, _) in &st.poly.terms {
            ever_active[t.index()] = true;
            let v = -f64::from(st.values[t.index()]);
            per_term[t.index()].0.push((v, result));
        }
        if let Some(delta) = st.delta {
            d.deltas += 1;
            if delta.abs() >= st.min_delta {
                d.deltas_past_minimum += 1;
            }
            if delta > 0 {
                d.deltas_positive += 1;
            }
            magnitudes.push(delta.abs() as f64 / (2 * PIECE_UNIT) as f64);
            if let Some((_, saved_pa)) = st.saved {
                let pa = piece_advantage(&st.pos, st.pos.to_move);
                if pa != saved_pa {
                    d.delta_follows_material.0 += 1;
                    if (pa - saved_pa).signum() == delta.signum() {
                        d.delta_follows_material.1 += 1;
                    }
                }
            }
            if let Some((values, saved_pa)) = st.saved {
                let pa = piece_advantage(&st.pos, st.pos.to_move);
                // The saved score's positional part, for Alpha: the terms are credited
                // to the opponent.
                let part = -st.poly.value(&values);
                if pa == saved_pa && delta.abs() >= st.min_delta && part != 0 && delta != 0 {
                    d.delta_opposes_saved_terms.0 += 1;
                    if part.signum() != delta.signum() {
                        d.delta_opposes_saved_terms.1 += 1;
                    }
                }
            }
        }
        if let Some(f) = st.factor {
            d.corrections[0] += 1;
            if f == 2.0 {
                d.corrections[1] += 1;
            } else if f == 4.0 {
                d.corrections[2] += 1;
            }
            for &(t, before, after) in &st.changes {
                let change = after - before;
                if change == 0.0 {
                    continue;
                }
                per_term[t.index()].1 += change;
                per_term[t.index()].2 += 1;
                let Some((values, _)) = st.saved else {
                    continue;
                };
                let v = -i64::from(values[t.index()]);
                let r = results[st.game as usize];
                if v != 0 && r != 0 {
                    d.corrections_agreeing.1 += 1;
                    if (v.signum() * i64::from(r)) as f64 == change.signum() {
                        d.corrections_agreeing.0 += 1;
                    }
                }
            }
        }
    }
    magnitudes.sort_by(f64::total_cmp);
    for (i, q) in [0.1, 0.25, 0.5, 0.75, 0.9].iter().enumerate() {
        d.delta_quantiles_men[i] = (quantile(&magnitudes, *q) * 1e4).round() / 1e4;
    }
    for t in Term::all() {
        if !ever_active[t.index()] {
            continue;
        }
        let (pairs, net, n) = &per_term[t.index()];
        d.terms.push(TermRecord {
            name: t.name(),
            nonzero: pairs.iter().filter(|(v, _)| *v != 0.0).count() as u32,
            outcome_correlation: (pearson(pairs) * 1e4).round() / 1e4,
            net_correction: (net * 1e4).round() / 1e4,
            corrections: *n,
        });
    }
    let man = 2 * PIECE_UNIT;
    d.checks.push(format!(
        "piece advantage: a man at the start's material is {man} = 2^{} = {} x the largest coefficient 2^{MAX_POWER}; the largest positional part seen was {:.3} men",
        man.trailing_zeros(),
        man >> MAX_POWER,
        max_positional as f64 / man as f64
    ));
    d.checks.push(format!(
        "the {}-move stop: {stopped} of {games} games stopped and judged on material (Alpha won {}, lost {}, drew {} of them); {} finished with a side unable to move",
        params.game_moves,
        stopped_judged[0],
        stopped_judged[1],
        stopped_judged[2],
        games - stopped
    ));
    d.checks.push(format!(
        "Beta's adoption of Alpha's polynomial: {} time{}{}{}",
        adoptions.len(),
        if adoptions.len() == 1 { "" } else { "s" },
        if adoptions.is_empty() {
            ""
        } else {
            ", after games "
        },
        adoptions
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let (line, ok) = lookahead_sign_check(&limits);
    d.checks.push(format!(
        "look-ahead point of view: {line}: {}",
        if ok { "holds" } else { "FAILS" }
    ));
    let (n, opposed) = d.delta_opposes_saved_terms;
    d.checks.push(format!(
        "delta against the saved score's positional part (material unchanged): opposite signs in {opposed} of {n}{}",
        if n > 0 {
            format!(" ({:.0}%)", 100.0 * f64::from(opposed) / f64::from(n))
        } else {
            String::new()
        }
    ));
    let (n, agree) = d.delta_follows_material;
    d.checks.push(format!(
        "delta's sign against Alpha's material change since the saved position: {agree} of {n} agree"
    ));
    d
}
