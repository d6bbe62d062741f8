//! The nim reference engine against the seeds' worked facts (Faster than Thought ch. 25,
//! NIM; Bell ch. 1.1), an exhaustive game search, and the Normal Routine's properties.

use mark1::reference::nim::{
    case_of, check_move, column_sums, is_safe, nim_sum, random_positions, reply, safe_moves,
    single_pile_max_take, single_pile_reply, single_pile_safe, validate, Case, HeapPick, NimError,
    Readings, Rule,
};
use proptest::prelude::*;
use std::collections::HashMap;

fn after(heaps: &[u8], k: usize, rule: Rule) -> Option<Vec<u8>> {
    reply(heaps, k, rule, &Readings::default()).unwrap().after
}

fn after_with(heaps: &[u8], k: usize, rule: Rule, pick: HeapPick) -> Option<Vec<u8>> {
    reply(heaps, k, rule, &Readings { pick }).unwrap().after
}

// ---- FtT ch. 25, NIM ----

#[test]
fn ftt_7432_is_unsafe_with_sums_2_3_2() {
    // FtT's table: columns 4, 2, 1 sum to 2, 3, 2; our index 0 is the 1s column.
    let sums = column_sums(&[7, 4, 3, 2]);
    assert_eq!(sums, [2, 3, 2, 0, 0]);
    assert!(!is_safe(&[7, 4, 3, 2], 1, Rule::Misere));
    assert!(!is_safe(&[7, 4, 3, 2], 1, Rule::Normal));
    // "cannot represent a winning position whatever our initial choice of k"
    for k in 1..4 {
        assert!(!is_safe(&[7, 4, 3, 2], k, Rule::Normal));
    }
}

#[test]
fn ftt_5731_is_safe_for_k1_not_k3() {
    assert_eq!(column_sums(&[5, 7, 3, 1]), [4, 2, 2, 0, 0]);
    assert!(is_safe(&[5, 7, 3, 1], 1, Rule::Misere));
    assert!(is_safe(&[5, 7, 3, 1], 1, Rule::Normal));
    // "would not be so if we had previously fixed k = 3"
    assert!(!is_safe(&[5, 7, 3, 1], 3, Rule::Normal));
    assert_eq!(nim_sum(&[5, 7, 3, 1]), 0);
}

#[test]
fn ftt_k1_reply_is_7430() {
    let r = reply(&[7, 4, 3, 2], 1, Rule::Misere, &Readings::default()).unwrap();
    assert_eq!(r.case, Case::A);
    assert_eq!(r.after, Some(vec![7, 4, 3, 0]));
    assert_eq!(
        after(&[7, 4, 3, 2], 1, Rule::Normal),
        Some(vec![7, 4, 3, 0])
    );
}

#[test]
fn ftt_k2_reply_is_5451() {
    let r = reply(&[7, 4, 5, 2], 2, Rule::Misere, &Readings::default()).unwrap();
    assert_eq!(r.case, Case::A);
    assert_eq!(r.after, Some(vec![5, 4, 5, 1]));
    assert!(is_safe(&[5, 4, 5, 1], 2, Rule::Misere));
}

#[test]
fn ftt_0421_is_case_b_and_the_reply_leaves_0001() {
    // FtT's slips: it counts "3 non-zero, non-unit heaps" (there are 2: B and C) and says
    // "remove all matches from heaps B and D"; the rule leaves one unit heap: (0,0,0,1).
    let heaps = [0, 4, 2, 1];
    assert_eq!(heaps.iter().filter(|&&h| h > 1).count(), 2);
    assert_eq!(case_of(&heaps, 2), Case::B);
    let r = reply(&heaps, 2, Rule::Misere, &Readings::default()).unwrap();
    assert_eq!(r.case, Case::B);
    assert_eq!(r.after, Some(vec![0, 0, 0, 1]));
    // The slip's move (empty B and D) leaves (0,0,2,0): not safe, the opponent wins.
    assert!(!is_safe(&[0, 0, 2, 0], 2, Rule::Misere));
    // And only one safe move exists.
    assert_eq!(
        safe_moves(&heaps, 2, Rule::Misere).unwrap(),
        vec![vec![0, 0, 0, 1]]
    );
}

#[test]
fn readings_against_the_worked_facts() {
    // k = 1 (7,4,3,2) -> (7,4,3,0): First fails.
    assert_eq!(
        after_with(&[7, 4, 3, 2], 1, Rule::Misere, HeapPick::First),
        Some(vec![5, 4, 3, 2])
    );
    for pick in [HeapPick::Last, HeapPick::Smallest, HeapPick::FewestTaken] {
        assert_eq!(
            after_with(&[7, 4, 3, 2], 1, Rule::Misere, pick),
            Some(vec![7, 4, 3, 0]),
            "{pick:?}"
        );
    }
    // k = 2 (7,4,5,2) -> (5,4,5,1): every reading.
    for pick in [
        HeapPick::Last,
        HeapPick::First,
        HeapPick::Smallest,
        HeapPick::FewestTaken,
    ] {
        assert_eq!(
            after_with(&[7, 4, 5, 2], 2, Rule::Misere, pick),
            Some(vec![5, 4, 5, 1]),
            "{pick:?}"
        );
    }
    // Bell N = 2: 1,3,5,7,11 -> 7 and 11 to 6 and 6: Smallest and First fail.
    for pick in [HeapPick::Last, HeapPick::FewestTaken] {
        assert_eq!(
            after_with(&[1, 3, 5, 7, 11], 2, Rule::Normal, pick),
            Some(vec![1, 3, 5, 6, 6]),
            "{pick:?}"
        );
    }
    for pick in [HeapPick::Smallest, HeapPick::First] {
        assert_eq!(
            after_with(&[1, 3, 5, 7, 11], 2, Rule::Normal, pick),
            Some(vec![0, 3, 5, 7, 6]),
            "{pick:?}"
        );
    }
}

// ---- Bell ch. 1.1 ----

#[test]
fn bell_13_5_7_11_empties_the_11() {
    assert_eq!(nim_sum(&[1, 3, 5, 7, 11]), 0b1011);
    assert_eq!(
        after(&[1, 3, 5, 7, 11], 1, Rule::Normal),
        Some(vec![1, 3, 5, 7, 0])
    );
    assert_eq!(
        safe_moves(&[1, 3, 5, 7, 11], 1, Rule::Normal).unwrap(),
        vec![vec![1, 3, 5, 7, 0]]
    );
}

#[test]
fn bell_six_heaps_have_three_safe_moves() {
    let heaps = [1, 3, 5, 7, 11, 13];
    assert_eq!(nim_sum(&heaps), 0b0110);
    let mut moves = safe_moves(&heaps, 1, Rule::Normal).unwrap();
    moves.sort();
    let mut want = vec![
        vec![1, 3, 3, 7, 11, 13],
        vec![1, 3, 5, 1, 11, 13],
        vec![1, 3, 5, 7, 11, 11],
    ];
    want.sort();
    assert_eq!(moves, want);
    // The programme's reply is one of them (Last: 13 -> 11).
    let r = after(&heaps, 1, Rule::Normal).unwrap();
    assert!(want.contains(&r));
    assert_eq!(r, vec![1, 3, 5, 7, 11, 11]);
}

#[test]
fn bell_misere_endings() {
    assert_eq!(case_of(&[1, 1, 1, 7], 1), Case::B);
    assert_eq!(
        after(&[1, 1, 1, 7], 1, Rule::Misere),
        Some(vec![1, 1, 1, 0])
    );
    assert_eq!(
        after(&[1, 1, 1, 1, 7], 1, Rule::Misere),
        Some(vec![1, 1, 1, 1, 1])
    );
}

#[test]
fn bell_ternary_sums_and_7_11_to_6_6() {
    // Bell's "1202": the column sums mod 3, 8s column first.
    let sums = column_sums(&[1, 3, 5, 7, 11]);
    let ternary: Vec<u32> = (0..4).rev().map(|c| sums[c] % 3).collect();
    assert_eq!(ternary, vec![1, 2, 0, 2]);
    // 7 and 11 -> 6 and 6 is safe for k = 2.
    assert!(is_safe(&[1, 3, 5, 6, 6], 2, Rule::Normal));
    assert!(safe_moves(&[1, 3, 5, 7, 11], 2, Rule::Normal)
        .unwrap()
        .contains(&vec![1, 3, 5, 6, 6]));
    // Bell's 3,4,5 (N = 1) has nim-sum 010.
    assert_eq!(nim_sum(&[3, 4, 5]), 0b010);
}

#[test]
fn bell_single_pile() {
    // 47: take 16, leaving 31.
    assert_eq!(single_pile_reply(47), Some(16));
    // 17: take up to 8; the reply leaves 15.
    assert_eq!(single_pile_reply(17), Some(2));
    for safe in [1, 3, 7, 15, 31, 63] {
        assert!(single_pile_safe(safe));
        assert_eq!(single_pile_reply(safe), None);
    }
    assert_eq!(single_pile_reply(0), None);
    // Exhaustive: a pile is a win for the player who just moved iff it is 2^n - 1, and the
    // reply is legal and leaves a safe pile.
    let mut win_for_mover = vec![false; 300];
    // 0: the player who just moved took the last match and lost.
    for n in 1..300u32 {
        let max = single_pile_max_take(n);
        // n is safe iff every move leaves an unsafe pile; the empty pile is unsafe (the
        // player who took the last match lost).
        win_for_mover[n as usize] = (1..=max).all(|t| !win_for_mover[(n - t) as usize]);
        assert_eq!(win_for_mover[n as usize], single_pile_safe(n), "pile {n}");
        if let Some(t) = single_pile_reply(n) {
            assert!(t >= 1 && t <= max, "pile {n} take {t}");
            assert!(single_pile_safe(n - t));
        }
    }
}

// ---- exhaustive game search ----

/// Every position one legal move away (independent of the engine's enumeration).
fn successors(p: &[u8], k: usize) -> Vec<Vec<u8>> {
    // (position so far, heaps changed so far)
    let mut partial: Vec<(Vec<u8>, usize)> = vec![(Vec::new(), 0)];
    for &h in p {
        let mut next = Vec::new();
        for (q, changed) in partial {
            for v in 0..=h {
                let c = changed + usize::from(v != h);
                if c <= k {
                    let mut q2 = q.clone();
                    q2.push(v);
                    next.push((q2, c));
                }
            }
        }
        partial = next;
    }
    partial
        .into_iter()
        .filter(|(_, c)| *c > 0)
        .map(|(q, _)| q)
        .collect()
}

/// Whether the position is a win for the player who has just moved, by full search.
fn solved(p: &[u8], k: usize, rule: Rule, memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if p.iter().all(|&h| h == 0) {
        // The player who just moved took the last match.
        return rule == Rule::Normal;
    }
    if let Some(&v) = memo.get(p) {
        return v;
    }
    // Safe iff no move leaves a safe position.
    let v = !successors(p, k).iter().any(|q| solved(q, k, rule, memo));
    memo.insert(p.to_vec(), v);
    v
}

fn all_positions(heaps: usize, max: u8) -> Vec<Vec<u8>> {
    let mut out = vec![vec![]];
    for _ in 0..heaps {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..=max).map(move |v| {
                    let mut q = p.clone();
                    q.push(v);
                    q
                })
            })
            .collect();
    }
    out
}

#[test]
fn is_safe_and_reply_agree_with_full_search() {
    for (n, max) in [(2usize, 7u8), (3, 7), (4, 5), (5, 3)] {
        for k in 1..n {
            for rule in [Rule::Misere, Rule::Normal] {
                let mut memo = HashMap::new();
                for p in all_positions(n, max) {
                    let truth = solved(&p, k, rule, &mut memo);
                    assert_eq!(is_safe(&p, k, rule), truth, "{p:?} k={k} {rule:?}");
                    let r = reply(&p, k, rule, &Readings::default()).unwrap();
                    match r.after {
                        Some(a) => {
                            check_move(&p, &a, k).unwrap();
                            assert!(!truth, "{p:?}: moved from a safe position");
                            assert!(
                                solved(&a, k, rule, &mut memo),
                                "{p:?} k={k} {rule:?} -> {a:?} not safe"
                            );
                        }
                        None => assert!(
                            truth || r.case == Case::Zero,
                            "{p:?} k={k} {rule:?}: no move from an unsafe position"
                        ),
                    }
                }
            }
        }
    }
}

// ---- validation and moves ----

#[test]
fn validation_refuses_bad_positions() {
    assert_eq!(validate(&[], 1), Err(NimError::NoHeaps));
    assert_eq!(validate(&[1; 9], 1), Err(NimError::TooManyHeaps(9)));
    assert!(matches!(
        validate(&[3, 32], 1),
        Err(NimError::TooManyMatches { heap: 'B', .. })
    ));
    assert!(matches!(validate(&[3, 4], 2), Err(NimError::BadK { .. })));
    assert!(matches!(validate(&[3, 4], 0), Err(NimError::BadK { .. })));
    assert_eq!(validate(&[3], 1), Err(NimError::OneHeap));
    assert!(validate(&[31; 8], 7).is_ok());
    assert!(reply(&[1; 9], 1, Rule::Misere, &Readings::default()).is_err());
}

#[test]
fn check_move_rules() {
    assert!(check_move(&[3, 4, 5], &[3, 4, 4], 1).is_ok());
    assert_eq!(
        check_move(&[3, 4, 5], &[3, 4, 5], 1),
        Err(NimError::NothingTaken)
    );
    assert!(matches!(
        check_move(&[3, 4, 5], &[3, 5, 4], 2),
        Err(NimError::HeapGrows { heap: 'B', .. })
    ));
    assert!(matches!(
        check_move(&[3, 4, 5], &[2, 3, 5], 1),
        Err(NimError::TooManyAltered { altered: 2, k: 1 })
    ));
    assert!(matches!(
        check_move(&[3, 4, 5], &[3, 4], 1),
        Err(NimError::HeapCount { .. })
    ));
}

#[test]
fn random_positions_are_valid_and_deterministic() {
    let a = random_positions(2000, 7);
    assert_eq!(a, random_positions(2000, 7));
    assert_ne!(a, random_positions(2000, 8));
    let mut cases = HashMap::new();
    for (h, k, rule) in &a {
        validate(h, *k).unwrap();
        *cases.entry((case_of(h, *k), *rule)).or_insert(0) += 1;
    }
    // Every case under both rules occurs.
    for c in [Case::A, Case::B, Case::C, Case::Zero] {
        for r in [Rule::Misere, Rule::Normal] {
            assert!(cases.get(&(c, r)).copied().unwrap_or(0) > 0, "{c:?} {r:?}");
        }
    }
}

// ---- deliverable 5: the Normal Routine's property ----

fn case_a_position() -> impl Strategy<Value = (Vec<u8>, usize, Rule, HeapPick)> {
    (2usize..=8)
        .prop_flat_map(|n| {
            (
                proptest::collection::vec(0u8..=31, n),
                1..n,
                prop_oneof![Just(Rule::Misere), Just(Rule::Normal)],
                prop_oneof![
                    Just(HeapPick::Last),
                    Just(HeapPick::First),
                    Just(HeapPick::Smallest),
                    Just(HeapPick::FewestTaken)
                ],
            )
        })
        .prop_filter("unsafe case (a)", |(h, k, rule, _)| {
            case_of(h, *k) == Case::A && !is_safe(h, *k, *rule)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn normal_routine_makes_columns_divisible((heaps, k, rule, pick) in case_a_position()) {
        let r = reply(&heaps, k, rule, &Readings { pick }).unwrap();
        let a = r.after.expect("a move from an unsafe case (a) position");
        prop_assert!(check_move(&heaps, &a, k).is_ok());
        let altered = heaps.iter().zip(&a).filter(|(b, a)| b != a).count();
        prop_assert!((1..=k).contains(&altered));
        prop_assert!(heaps.iter().zip(&a).all(|(b, a)| a <= b));
        for s in column_sums(&a) {
            prop_assert_eq!(s % (k as u32 + 1), 0);
        }
        prop_assert!(is_safe(&a, k, rule));
    }
}

// ---- through the binary ----

fn mark1(args: &[&str]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_move_gives_ftts_reply() {
    let (code, out, _) = mark1(&["ref", "nim", "move", "--heaps", "7,4,5,2", "--k", "2"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("case (a)"), "{out}");
    assert!(out.contains("move: A 7→5, D 2→1"), "{out}");
    assert!(out.contains("after: 5,4,5,1"), "{out}");
    let (code, out, _) = mark1(&["ref", "nim", "move", "--heaps", "0,4,2,1", "--k", "2"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("case (b)"), "{out}");
    assert!(out.contains("move: B 4→0, C 2→0"), "{out}");
    let (_, out, _) = mark1(&["ref", "nim", "move", "--heaps", "5,4,5,1", "--k", "2"]);
    assert!(out.contains("safe: the programme moves at random"), "{out}");
    let (_, out, _) = mark1(&["ref", "nim", "move", "--heaps", "0,0", "--rule", "normal"]);
    assert!(out.contains("game over"), "{out}");
}

#[test]
fn cli_json_names_fields_in_words() {
    let (code, out, _) = mark1(&[
        "ref", "nim", "move", "--heaps", "7,4,3,2", "--k", "1", "--json",
    ]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["case"], "a");
    assert_eq!(v["outcome"], "move");
    assert_eq!(v["after"], serde_json::json!([7, 4, 3, 0]));
    assert_eq!(v["changes"][0]["heap"], "D");
    assert_eq!(v["changes"][0]["taken"], 2);
    let (_, out, _) = mark1(&["ref", "nim", "safe", "--heaps", "7,4,3,2", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["safe"], false);
    // 4s, 2s and 1s columns sum to 2, 3, 2.
    let sums: Vec<u64> = v["column_sums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["sum"].as_u64().unwrap())
        .collect();
    assert_eq!(sums, vec![0, 0, 2, 3, 2]);
    let (_, out, _) = mark1(&["ref", "nim", "pile", "--matches", "47", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["take"], 16);
    assert_eq!(v["left"], 31);
}

#[test]
fn cli_safe_and_pile_in_words() {
    let (code, out, _) = mark1(&["ref", "nim", "safe", "--heaps", "5,7,3,1", "--k", "1"]);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("column sums: 16s 0, 8s 0, 4s 2, 2s 2, 1s 4"),
        "{out}"
    );
    assert!(
        out.contains("safe: a win for the player who has just moved"),
        "{out}"
    );
    let (_, out, _) = mark1(&["ref", "nim", "safe", "--heaps", "5,7,3,1", "--k", "3"]);
    assert!(out.contains("unsafe"), "{out}");
    let (_, out, _) = mark1(&["ref", "nim", "pile", "--matches", "7"]);
    assert!(out.contains("safe (2^n - 1)"), "{out}");
}

#[test]
fn cli_refuses_bad_input_without_panic() {
    let cases: &[(&[&str], &str)] = &[
        (&["--heaps", "1,2,3,4,5,6,7,8,9"], "at most 8"),
        (&["--heaps", "3,32"], "heap B holds 32 matches"),
        (
            &["--heaps", "3,4", "--k", "2"],
            "less than the number of heaps",
        ),
        (
            &["--heaps", "3,4", "--k", "0"],
            "less than the number of heaps",
        ),
        (&["--heaps", "3"], "at least two heaps"),
        (&["--heaps", "3,,4"], "cannot read heaps"),
        (&["--heaps", "3,x"], "cannot read heaps"),
        (&["--heaps", ""], "cannot read heaps"),
        (
            &["--heaps", "3,99999999999"],
            "heap B holds 99999999999 matches",
        ),
        (
            &["--heaps", "3,99999999999999999999999"],
            "cannot read heaps",
        ),
        (&["--heaps", "3,4", "--rule", "foo"], "use misere or normal"),
    ];
    for (args, want) in cases {
        for sub in ["move", "safe"] {
            let mut all = vec!["ref", "nim", sub];
            all.extend_from_slice(args);
            let (code, out, err) = mark1(&all);
            assert!(matches!(code, Some(1) | Some(2)), "{all:?}: {code:?}");
            assert!(out.is_empty(), "{all:?}: {out}");
            assert!(err.contains(want), "{all:?}: {err}");
            assert!(!err.contains("panicked"), "{all:?}: {err}");
        }
    }
    let (code, _, err) = mark1(&["ref", "nim", "pile", "--matches", "-3"]);
    assert_eq!(code, Some(2), "{err}");
}
