//! Samuel's learning readings (issue 39, item 3) and the paired match that measures
//! them (item 5): the printed table against the coefficient rules, the adoption rules,
//! the correlation readings on a term that is never negative, and the match's control.

use mark1::reference::samuel::learn::{Adoption, Correlation, Powers};
use mark1::reference::samuel::strength::{opening, paired_match, MatchParams};
use mark1::reference::samuel::terms::TERMS;
use mark1::reference::samuel::{Learner, Polynomial};

/// Samuel's printed polynomial after 42 games: (power, correlation), the twelve rows.
const TABLE: [(u32, f64); 12] = [
    (18, 0.45),
    (16, 0.40),
    (14, 0.35),
    (13, 0.33),
    (11, 0.27),
    (8, 0.19),
    (8, 0.19),
    (8, 0.19),
    (6, 0.14),
    (5, 0.13),
    (5, 0.13),
    (4, 0.10),
];

#[test]
fn the_table_reading_gives_every_row_of_samuels_printed_polynomial() {
    for (power, c) in TABLE {
        assert_eq!(
            Powers::Table.power(c, 0.45),
            Some(power),
            "correlation {c} against the leader's 0.45"
        );
    }
}

#[test]
fn the_texts_ratio_rule_does_not() {
    let rows = TABLE
        .iter()
        .filter(|&&(power, c)| Powers::Ratio.power(c, 0.45) == Some(power))
        .count();
    // Only the leader's 18: the ratio 0.45/0.40 < 2 gives 2^17, not 16, and so on.
    assert_eq!(rows, 1, "{rows} of 12 rows agree");
    assert_eq!(Powers::Ratio.power(0.45, 0.45), Some(18));
    assert_eq!(Powers::Ratio.power(0.40, 0.45), Some(17));
    assert_eq!(Powers::Ratio.power(0.10, 0.45), Some(14));
    assert_eq!(Powers::Ratio.power(0.0, 0.45), None);
    assert_eq!(Powers::Table.power(0.0, 0.45), None);
}

#[test]
fn the_adoption_readings_count_draws_or_not() {
    // One win, one loss and two draws since the last adoption, the last game won.
    assert!(!Adoption::Games.adopts(1, 1, 4));
    assert!(!Adoption::Decisive.adopts(1, 1, 4));
    // Two wins, one loss, two draws: a majority of the decisive games, not of all.
    assert!(!Adoption::Games.adopts(2, 1, 5));
    assert!(Adoption::Decisive.adopts(2, 1, 5));
    assert!(Adoption::Games.adopts(1, 0, 1));
}

/// A learner whose one active term (the first) has value 1 in every correction, with
/// delta negative in `negative` of every ten.
fn corrected(reading: Correlation, negative: u32) -> f64 {
    let mut l = Learner {
        correlation: reading,
        ..Learner::default()
    };
    let mut values = [0i32; TERMS];
    values[l.active[0].term.index()] = 1;
    for i in 0..400u32 {
        let delta = if i % 10 < negative { -1000 } else { 1000 };
        l.correlate(delta, &values, 1.0, None);
    }
    l.active[0].sign as f64 * l.active[0].correlation
}

#[test]
fn a_term_that_is_never_negative_gains_from_deltas_sign_only_in_the_printed_reading() {
    // The term is credited to the opponent: with sign + its contribution to Alpha is
    // negative, so a delta negative six times in ten agrees with it.
    let signs = corrected(Correlation::Signs, 6);
    assert!(signs > 0.1, "printed formula: {signs}");
    let centred = corrected(Correlation::Centred, 6);
    assert!(centred.abs() < 0.05, "centred: {centred}");
    // Evenly signed deltas: neither reading learns anything.
    assert!(corrected(Correlation::Signs, 5).abs() < 0.05);
}

#[test]
fn a_polynomial_against_itself_scores_exactly_one_half() {
    let p = Learner::default().polynomial();
    let m = MatchParams {
        games: 8,
        seed: 3,
        ..MatchParams::default()
    };
    let r = paired_match(&p, &p, &m);
    assert_eq!(r.games, 8);
    assert_eq!(r.won, r.lost);
    assert_eq!(r.won + r.lost + r.drawn, 8);
    assert!((r.score - 0.5).abs() < 1e-12, "{r:?}");
    assert_eq!(r.interval, [0.5, 0.5]);
}

#[test]
fn a_match_is_the_same_for_a_seed_on_varied_openings() {
    // Material alone (an empty polynomial) against the unlearned polynomial: the
    // figures are the same twice over, whatever the threads.
    let empty = Polynomial::default();
    let p = Learner::default().polynomial();
    let m = MatchParams {
        games: 6,
        seed: 4,
        ..MatchParams::default()
    };
    let a = paired_match(&empty, &p, &m);
    let b = paired_match(&empty, &p, &m);
    assert_eq!(a, b);
    assert!(a.interval[0] <= a.score && a.score <= a.interval[1]);
    // Openings: three plies, legal (applied without a panic), varied by pair.
    let o: Vec<_> = (0..20).map(|k| opening(4, k, 3)).collect();
    assert!(o.iter().all(|l| l.len() == 3));
    let distinct: std::collections::HashSet<String> = o
        .iter()
        .map(|l| l.iter().map(|m| m.pdn()).collect::<Vec<_>>().join(" "))
        .collect();
    assert!(
        distinct.len() >= 15,
        "{} distinct openings of 20",
        distinct.len()
    );
}

/// The unlearned polynomial with one of its sixteen terms raised to ±2^14, each against
/// the unlearned one over 100 games (seed 9): whether any polynomial of these terms
/// plays better than equal weights (docs/samuel.md, "What a better polynomial would
/// need"). About four minutes:
/// `cargo test --profile test --test reference one_term_raised -- --ignored --nocapture`;
/// `MARK1_MATCH_SEED=10` plays the matches on other openings.
#[test]
#[ignore = "four minutes; a measurement for docs/samuel.md"]
fn one_term_raised_against_the_unlearned_polynomial() {
    let unlearned = Learner::default().polynomial();
    let m = MatchParams {
        seed: std::env::var("MARK1_MATCH_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(9),
        ..MatchParams::default()
    };
    let mut best = (0.0, String::new());
    for i in 0..unlearned.terms.len() {
        for sign in [1i64, -1] {
            let mut p = unlearned.clone();
            p.terms[i].1 = sign << 14;
            let r = paired_match(&p, &unlearned, &m);
            let name = format!(
                "{} {}2^14",
                p.terms[i].0.name(),
                if sign > 0 { "+" } else { "-" }
            );
            println!(
                "{name:<14} won {:>2}, lost {:>2}, drew {:>2}: {:.3} ({:.3}-{:.3})",
                r.won, r.lost, r.drawn, r.score, r.interval[0], r.interval[1]
            );
            if r.score > best.0 {
                best = (r.score, name);
            }
        }
    }
    println!("best: {} {:.3}", best.1, best.0);
    assert!(best.0 > 0.0);
}

#[test]
fn series_two_without_its_four_changes_is_series_one() {
    use mark1::reference::samuel::{LearnParams, Limits, Series, Without};
    let limits = Limits::default();
    let mut two = LearnParams::second_series();
    two.without = Without {
        selective: true,
        span: true,
        quiet: true,
        majority: true,
    };
    let one = LearnParams {
        tally_limit: two.tally_limit,
        ..LearnParams::default()
    };
    let (mut a, mut b) = (Series::new(7, two, limits), Series::new(7, one, limits));
    for _ in 0..2 {
        assert_eq!(a.play_game(), b.play_game());
    }
    assert_eq!(a.alpha, b.alpha);
    // With its changes, series 2 is a different series.
    let mut c = Series::new(7, LearnParams::second_series(), limits);
    let mut d = Series::new(7, one, limits);
    let differs = (0..2).any(|_| c.play_game() != d.play_game()) || c.alpha != d.alpha;
    assert!(differs);
}
