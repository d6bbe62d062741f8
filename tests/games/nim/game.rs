//! A whole game against the nim programme through the operator-side driver
//! (`mark1::games::nim::game`): hand switches and KAC, the teleprinter paper.

use mark1::games::nim::game::{Entry, First, Game, Waiting};
use mark1::reference::nim::{self as rn, Readings, Rule};
use proptest::prelude::*;

const BUDGET: u64 = 20_000_000;

/// The machine's moves on a stretch of paper: `I TAKE n FROM X` lines as (heap, n).
fn machine_moves(paper: &str) -> Vec<(usize, u8)> {
    paper
        .lines()
        .filter_map(|l| {
            let r = l.trim().strip_prefix("I TAKE ")?;
            let (n, x) = r.split_once(" FROM ")?;
            let heap = (x.trim().as_bytes()[0] - b'A') as usize;
            Some((heap, n.trim().parse().ok()?))
        })
        .collect()
}

/// The opponent's move: the reference's where it gives one, else one match from the
/// first heap not empty.
fn opponent(heaps: &[u8], k: usize, rule: Rule) -> Vec<(usize, u8)> {
    let r = rn::reply(heaps, k, rule, &Readings::default()).unwrap();
    match r.after {
        Some(after) => (0..heaps.len())
            .filter(|&i| after[i] != heaps[i])
            .map(|i| (i, heaps[i] - after[i]))
            .collect(),
        None => {
            let i = heaps.iter().position(|&h| h > 0).unwrap();
            vec![(i, 1)]
        }
    }
}

/// The lamp rows a Nimrod-style picture shows for the heaps `h`: one spot a match, from
/// the least significant digit up (the heaps from the paper, not from the store).
fn spots(h: &[u8]) -> Vec<u64> {
    h.iter().map(|&x| (1u64 << x) - 1).collect()
}

/// Plays a game to the end; returns the paper. Checks every machine move for legality.
fn play(heaps: &[u8], k: usize, rule: Rule, first: First, seed: u64) -> String {
    play_with(heaps, k, rule, first, seed, &mut |h| opponent(h, k, rule))
}

/// Plays a game to the end with `opp` choosing the opponent's moves; checks every
/// machine move for legality, the heaps on the tube against the paper, and that the
/// result follows the rule from who took the last match. Returns the paper.
fn play_with(
    heaps: &[u8],
    k: usize,
    rule: Rule,
    first: First,
    seed: u64,
    opp: &mut dyn FnMut(&[u8]) -> Vec<Entry>,
) -> String {
    let mut g = Game::new(heaps, k, rule, first, seed).unwrap();
    let mut h = heaps.to_vec();
    let mut w = g.run_to_wait(BUDGET).unwrap();
    let mut seen = 0;
    let apply_machine = |g: &Game, h: &mut Vec<u8>, seen: &mut usize| {
        let p = g.paper()[*seen..].to_string();
        *seen = g.paper().len();
        let mv = machine_moves(&p);
        if !mv.is_empty() {
            let mut after = h.clone();
            for &(i, n) in &mv {
                after[i] -= n;
            }
            rn::check_move(h, &after, k).unwrap();
            *h = after;
        }
    };
    apply_machine(&g, &mut h, &mut seen);
    assert_eq!(g.lamp_rows(), spots(&h), "paper:\n{}", g.paper());
    let mut machine_last = true;
    for _ in 0..200 {
        if w == Waiting::Over {
            break;
        }
        let mv = opp(&h);
        for &(i, n) in &mv {
            h[i] -= n;
        }
        machine_last = false;
        seen = g.paper().len();
        let (w2, _) = g.play(&mv, BUDGET).unwrap();
        w = w2;
        if h.iter().any(|&x| x > 0) {
            machine_last = true;
        }
        apply_machine(&g, &mut h, &mut seen);
        assert_eq!(g.heaps(), h, "paper:\n{}", g.paper());
        assert_eq!(g.lamp_rows(), spots(&h), "paper:\n{}", g.paper());
    }
    assert_eq!(w, Waiting::Over, "paper:\n{}", g.paper());
    assert!(h.iter().all(|&x| x == 0), "{}", g.paper());
    let machine_wins = machine_last == (rule == Rule::Normal);
    let want = if machine_wins { "I WIN" } else { "YOU WIN" };
    assert_eq!(last_line(g.paper()), want, "{}", g.paper());
    g.paper().to_string()
}

#[test]
fn a_whole_game_machine_first() {
    let p = play(&[3, 4, 5], 1, Rule::Misere, First::Machine, 7);
    eprintln!("{p}");
    let last = p
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap()
        .trim();
    assert!(last == "I WIN" || last == "YOU WIN", "{p}");
}

fn last_line(p: &str) -> &str {
    p.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap()
        .trim()
}

#[test]
fn games_reach_the_end_with_legal_machine_moves() {
    for (heaps, k, rule, first, seed) in [
        (vec![3, 4, 5], 1, Rule::Misere, First::Human, 1),
        (vec![1, 3, 5, 7], 1, Rule::Misere, First::Machine, 2),
        (vec![7, 4, 5, 2], 2, Rule::Misere, First::Human, 3),
        (vec![12, 31, 9, 6, 20], 2, Rule::Normal, First::Machine, 4),
        (vec![2, 2], 1, Rule::Normal, First::Human, 5),
    ] {
        let p = play(&heaps, k, rule, first, seed);
        let last = last_line(&p);
        assert!(last == "I WIN" || last == "YOU WIN", "{p}");
        assert!(p.starts_with(&format!(
            "{} ",
            heaps
                .iter()
                .enumerate()
                .map(|(i, h)| format!("{}{h}", rn::letter(i)))
                .collect::<Vec<_>>()
                .join(" ")
        )));
    }
}

#[test]
fn the_reference_player_wins_where_it_can() {
    // 1,3,5,7 misere with k = 1 is safe for the player to move: the machine moves
    // first, so the opponent playing the reference's moves wins.
    let p = play(&[1, 3, 5, 7], 1, Rule::Misere, First::Machine, 9);
    assert_eq!(last_line(&p), "YOU WIN", "{p}");
}

#[test]
fn same_seed_same_game() {
    let a = play(&[1, 3, 5, 7], 1, Rule::Misere, First::Machine, 11);
    let b = play(&[1, 3, 5, 7], 1, Rule::Misere, First::Machine, 11);
    assert_eq!(a, b);
}

#[test]
fn illegal_moves_are_refused_with_their_reason_and_the_game_goes_on() {
    let mut g = Game::new(&[3, 4, 5], 1, Rule::Misere, First::Human, 1).unwrap();
    assert_eq!(g.run_to_wait(BUDGET).unwrap(), Waiting::Key);
    for (entries, h, reason) in [
        (vec![], None, "NO MOVE"),
        (vec![(0usize, 9u8)], None, "TOO BIG"),
        (vec![(3, 1)], None, "NO HEAP"),
        (vec![(0, 1), (1, 1)], None, "OVER K"),
        (vec![(1, 1), (1, 1)], None, "TWICE"),
        (vec![], Some(1 << 3 | 1 << 5), "BAD KEY"),
    ] {
        let (w, p) = if let Some(h) = h {
            g.enter(h);
            assert_eq!(g.run_to_wait(BUDGET).unwrap(), Waiting::Key);
            g.play(&[], BUDGET).unwrap()
        } else {
            g.play(&entries, BUDGET).unwrap()
        };
        assert_eq!(w, Waiting::Key, "{p}");
        assert_eq!(p.trim(), reason);
        assert_eq!(g.heaps(), vec![3, 4, 5], "a refused move leaves the heaps");
    }
    // Then a legal move: taken, and the machine answers.
    let (w, p) = g.play(&[(2, 1)], BUDGET).unwrap();
    assert_eq!(w, Waiting::Key);
    assert!(p.starts_with("I TAKE "), "{p}");
    let mut want = vec![3, 4, 4];
    for (i, n) in machine_moves(&p) {
        want[i] -= n;
    }
    assert!(want.iter().sum::<u8>() < 11, "{p}");
    assert_eq!(g.heaps(), want, "{p}");
}

#[test]
fn switches_encode_heap_and_matches() {
    use mark1::games::nim::game::switches;
    assert_eq!(switches((0, 1)), 0b10_0000);
    assert_eq!(switches((7, 31)), 7 | 31 << 5);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Any position, k, rule and first player, the opponent moving at random (legal
    /// moves only): the machine's moves are legal, the game ends, and the result follows
    /// the rule.
    #[test]
    fn random_games_end_by_the_rule(
        heaps in proptest::collection::vec(0u8..=12, 2..=5),
        kk in 1usize..4,
        normal in any::<bool>(),
        human_first in any::<bool>(),
        seed in 0u64..1000,
        picks in proptest::collection::vec(any::<u32>(), 64),
    ) {
        prop_assume!(heaps.iter().any(|&h| h > 0));
        let k = 1 + kk % (heaps.len() - 1);
        let rule = if normal { Rule::Normal } else { Rule::Misere };
        let first = if human_first { First::Human } else { First::Machine };
        let mut t = 0usize;
        let mut opp = |h: &[u8]| {
            let mut r = picks[t % picks.len()] as usize;
            t += 1;
            let live: Vec<usize> = (0..h.len()).filter(|&i| h[i] > 0).collect();
            let i = live[r % live.len()];
            r /= 7;
            vec![(i, 1 + (r % usize::from(h[i])) as u8)]
        };
        play_with(&heaps, k, rule, first, seed, &mut opp);
    }
}

/// The lamp rows while the programme waits for the opponent's first move: the heaps set
/// (3, 4, 5 and 31, the universal computer's largest) drawn one spot a match. Read off the
/// store page as `mark1 debug` shows it.
#[test]
fn lamp_rows_on_the_store_page_before_the_first_move() {
    let mut g = Game::new(&[3, 4, 5, 31], 1, Rule::Misere, First::Human, 1).unwrap();
    assert_eq!(g.run_to_wait(BUDGET).unwrap(), Waiting::Key);
    assert_eq!(
        g.lamp_rows(),
        vec![0b111, 0b1111, 0b11111, 0x7FFF_FFFF],
        "{}",
        g.paper()
    );
}
