//! Samuel's learning with a known answer (issue 39, item 2): a teacher polynomial, a
//! known combination of Samuel's terms with signs and sizes chosen here, labels the
//! positions of random games; Alpha's correction step ([`Learner::correlate`]), given
//! as delta the teacher's score less its own saved score (both for the side to move,
//! the material the same and so cancelling), must move its coefficients towards the
//! teacher's: each taught term to the teacher's sign. The
//! same step with delta taken from the wrong side's point of view (its sign reversed)
//! must not: the test tells a reading that learns from one that does not.

use mark1::random::{RandomSource, Xorshift};
use mark1::reference::draughts::moves::apply;
use mark1::reference::draughts::{legal_moves, Position};
use mark1::reference::samuel::search::{evaluate, Polynomial};
use mark1::reference::samuel::terms::{all_parameters, term_values, Term};
use mark1::reference::samuel::Learner;

/// The teacher: four of the sixteen starting terms, two good for the side that has
/// them and two bad, with the largest coefficients.
fn teacher() -> Polynomial {
    Polynomial {
        terms: vec![
            (Term::Cent, 1 << 18),
            (Term::Diav, -(1 << 18)),
            (Term::Gap, 1 << 17),
            (Term::Adv, -(1 << 17)),
        ],
    }
}

/// Runs the correction step over the positions of `games` random games of up to 60
/// plies, delta multiplied by `view` (+1 the right point of view, −1 the wrong one).
fn learn(games: u32, view: i64, seed: u32) -> Learner {
    let t = teacher();
    let mut l = Learner::default();
    let mut rng = Xorshift(seed);
    for _ in 0..games {
        let mut pos = Position::start();
        let mut before = all_parameters(&pos);
        for _ in 0..60 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let now = all_parameters(&pos);
            let mine = evaluate(&pos, &now, &before, &l.polynomial());
            let truth = evaluate(&pos, &now, &before, &t);
            let delta = view * (truth - mine);
            if delta != 0 {
                l.correlate(delta, &term_values(&now, &before), 1.0, None);
            }
            let m = moves[rng.next_u20() as usize % moves.len()];
            before = now;
            pos = apply(&pos, &m);
        }
    }
    l
}

fn coefficient(l: &Learner, t: Term) -> i64 {
    l.active
        .iter()
        .find(|s| s.term == t)
        .map_or(0, |s| s.coefficient())
}

/// How many of the taught terms the learner has with the teacher's sign.
fn signs_learned(l: &Learner) -> usize {
    teacher()
        .terms
        .iter()
        .filter(|&&(x, c)| coefficient(l, x).signum() == c.signum())
        .count()
}

#[test]
fn the_correction_step_learns_a_known_polynomial() {
    for seed in [1, 2, 3] {
        let l = learn(40, 1, seed);
        let got: Vec<String> = l
            .active
            .iter()
            .map(|s| format!("{} {}", s.term.name(), s.coefficient()))
            .collect();
        assert_eq!(
            signs_learned(&l),
            4,
            "seed {seed}: the teacher is CENT +2^18, DIAV -2^18, GAP +2^17, ADV -2^17; learned {got:?}"
        );
    }
}

#[test]
fn the_wrong_point_of_view_does_not_learn_it() {
    for seed in [1, 2, 3] {
        let l = learn(40, -1, seed);
        assert!(
            signs_learned(&l) < 4,
            "seed {seed}: delta from the wrong side's point of view still learned {} of the 4 signs",
            signs_learned(&l)
        );
    }
}
