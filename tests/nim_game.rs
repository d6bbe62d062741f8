//! A whole game against the nim programme through the operator-side driver
//! (`mark1::games::nim::game`): hand switches and KAC, the teleprinter paper.

use mark1::games::nim::game::{First, Game, Waiting};
use mark1::reference::nim::{self as rn, Readings, Rule};

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

/// Plays a game to the end; returns the paper. Checks every machine move for legality.
fn play(heaps: &[u8], k: usize, rule: Rule, first: First, seed: u64) -> String {
    let mut g = Game::new(heaps, k, rule, first, seed).unwrap();
    let mut h = heaps.to_vec();
    let mut w = g.run_to_wait(BUDGET).unwrap();
    let mut seen = 0;
    let mut apply_machine = |g: &Game, h: &mut Vec<u8>, seen: &mut usize| {
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
    for _ in 0..100 {
        if w == Waiting::Over {
            break;
        }
        let mv = opponent(&h, k, rule);
        for &(i, n) in &mv {
            h[i] -= n;
        }
        seen = g.paper().len();
        let (w2, _) = g.play(&mv, BUDGET).unwrap();
        w = w2;
        apply_machine(&g, &mut h, &mut seen);
        assert_eq!(g.heaps(), h, "paper:\n{}", g.paper());
    }
    assert_eq!(w, Waiting::Over, "paper:\n{}", g.paper());
    g.paper().to_string()
}

#[test]
fn a_whole_game_machine_first() {
    let p = play(&[3, 4, 5], 1, Rule::Misere, First::Machine, 7);
    eprintln!("{p}");
    let last = p.lines().rev().find(|l| !l.trim().is_empty()).unwrap().trim();
    assert!(last == "I WIN" || last == "YOU WIN", "{p}");
}
