//! Rote learning's effect (issue 39, item 4), fast checks: a memory built from games
//! holds their positions, a search finds them and its look-ahead is effectively deeper
//! there, the player with a memory chooses differently in positions stored in it, and a
//! small match with and without the memory is the same for the same seed. The figures
//! over 100 games are in docs/samuel.md ("Rote learning's effect").

use crate::common::mark1;
use mark1::random::Xorshift;
use mark1::reference::draughts::moves::apply;
use mark1::reference::draughts::{legal_moves, Position};
use mark1::reference::samuel::rote::standardise;
use mark1::reference::samuel::rote_effect::{self, EffectParams};
use mark1::reference::samuel::{search, Learner, Limits, Rote, RoteParams};

/// Quiet positions a few moves into games from the two-move openings.
fn positions() -> Vec<Position> {
    let poly = Learner::default().polynomial();
    let mut out = Vec::new();
    for k in 0..6 {
        let mut pos = Position::start();
        for m in rote_effect::opening(7, k) {
            pos = apply(&pos, &m);
        }
        let mut rng = Xorshift(3);
        for _ in 0..4 {
            let Some(m) = search(&pos, &poly, &Limits::default(), None, &mut rng).best else {
                break;
            };
            pos = apply(&pos, &m);
        }
        out.push(pos);
    }
    out
}

/// Samuel's Fig. 3: the positions met in play saved with their backed-up scores, a
/// later search that meets them at ply 1 takes a score already backed up, so its
/// result stands on more plies than its own look-ahead; and with those deeper scores
/// the player chooses differently in some positions.
#[test]
fn saved_positions_are_found_and_deepen_the_look_ahead() {
    let poly = Learner::default().polynomial();
    let limits = Limits::default();
    let mut differs = 0;
    let mut deeper = 0i64;
    let all = positions();
    for pos in &all {
        let plain = search(pos, &poly, &limits, None, &mut Xorshift(5));
        // The memory as play would make it: each position after a move searched from
        // there and saved with its score and plies.
        let mut memory = Rote::new(RoteParams::default());
        for m in legal_moves(pos) {
            let child = apply(pos, &m);
            let r = search(&child, &poly, &limits, None, &mut Xorshift(5));
            memory.save(&child, r.score, r.effective_ply);
        }
        let with = search(pos, &poly, &limits, Some(&mut memory), &mut Xorshift(5));
        assert_eq!(
            with.rote_hits,
            legal_moves(pos).len() as u64,
            "every child found at ply 1 in {}",
            pos.to_fen()
        );
        assert!(
            with.nodes < plain.nodes,
            "the memory saved the search's work: {} against {} positions",
            with.nodes,
            plain.nodes
        );
        // A child's stored score stands on at least the minimum look-ahead, so the
        // root's on one more.
        assert!(
            with.effective_ply > limits.min_ply,
            "effective ply {} with the memory in {}",
            with.effective_ply,
            pos.to_fen()
        );
        deeper += i64::from(with.effective_ply) - i64::from(plain.effective_ply);
        if with.best != plain.best {
            differs += 1;
        }
    }
    assert!(
        deeper > 0,
        "the memory's effective plies exceed the plain search's by {deeper} in all"
    );
    assert!(
        differs > 0,
        "the deeper scores changed no choice in {} positions",
        all.len()
    );
}

/// A memory built from games holds their positions, standardised; later games of the
/// build find earlier ones' positions; building is deterministic for a seed.
#[test]
fn memory_built_from_games() {
    let poly = Learner::default().polynomial();
    let p = EffectParams {
        build_games: 4,
        max_moves: 20,
        ..EffectParams::default()
    };
    let (memory, rep) = rote_effect::build(&poly, &p);
    assert_eq!(rep.games, 4);
    assert_eq!(rep.saved, rep.searches);
    assert!(rep.saved >= 4 * 19, "{rep:?}");
    assert!(
        rep.positions > 40 && rep.positions <= rep.saved as usize,
        "{rep:?}"
    );
    assert!(
        memory.map.contains_key(&standardise(&Position::start())),
        "the start position is saved"
    );
    assert!(
        memory.map.values().all(|e| e.ply >= 3),
        "every saved score stands on at least the minimum look-ahead"
    );
    // The second game's first search meets the first game's position after one move.
    assert!(rep.searches_with_hits > 0, "{rep:?}");
    let (again, rep2) = rote_effect::build(&poly, &p);
    assert_eq!(rep, rep2);
    assert_eq!(again.map, memory.map);
}

/// A small match with and without the memory: colours alternated, each pair on its
/// opening, every game counted once, the same figures for the same seed and others for
/// another.
#[test]
fn small_match_is_deterministic() {
    let poly = Learner::default().polynomial();
    let p = EffectParams {
        build_games: 4,
        match_games: 4,
        max_moves: 24,
        ..EffectParams::default()
    };
    let (memory, _) = rote_effect::build(&poly, &p);
    let a = rote_effect::play_match(&poly, &memory, &p);
    let b = rote_effect::play_match(&poly, &memory, &p);
    assert_eq!(a, b);
    assert_eq!(a.won + a.lost + a.drawn, 4);
    for (g, game) in a.games.iter().enumerate() {
        let open = rote_effect::opening(p.seed, g as u32 / 2);
        assert_eq!(game.record[..2], [open[0].pdn(), open[1].pdn()]);
        assert_eq!(
            game.rote_side,
            if g % 2 == 0 {
                mark1::reference::draughts::Side::Black
            } else {
                mark1::reference::draughts::Side::White
            }
        );
        assert!(game.record.len() <= 24);
    }
    let searches: u64 = a
        .rote_bands
        .iter()
        .chain(&a.plain_bands)
        .map(|b| b.searches)
        .sum();
    let moves: usize = a.games.iter().map(|g| g.record.len() - 2).sum();
    assert_eq!(searches as usize, moves, "one search per move not forced");
    assert!(a.interval[0] <= a.score && a.score <= a.interval[1]);
    // Against the same match with an empty memory: the player against itself.
    let control = rote_effect::play_match(&poly, &Rote::new(p.rote), &p);
    assert_eq!(
        control.rote_bands.iter().map(|b| b.with_hits).sum::<u64>(),
        0
    );
    let (d, i) = rote_effect::paired_difference(&a, &control);
    let direct: f64 = a
        .games
        .iter()
        .zip(&control.games)
        .map(|(x, y)| x.rote_score() - y.rote_score())
        .sum::<f64>()
        / 4.0;
    assert!((d - direct).abs() < 1e-12 && i[0] <= d && d <= i[1]);
    assert_eq!(rote_effect::paired_difference(&a, &a).0, 0.0);
    let other = rote_effect::play_match(&poly, &memory, &EffectParams { seed: 2, ..p });
    assert_ne!(a.games, other.games, "another seed, other openings");
}

/// Through the binary: the JSON's figures add up; a match of one game is refused.
#[test]
fn rote_effect_command() {
    let (ok, out, err) = mark1(&[
        "ref",
        "samuel",
        "rote-effect",
        "--games",
        "2",
        "--match",
        "2",
        "--moves",
        "16",
        "--seed",
        "3",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let n = |k: &str| v[k].as_u64().unwrap();
    assert_eq!(n("won") + n("lost") + n("drawn"), 2);
    let c = &v["control"];
    assert_eq!(
        c["won"].as_u64().unwrap() + c["lost"].as_u64().unwrap() + c["drawn"].as_u64().unwrap(),
        2
    );
    assert!(v["effect"].as_f64().unwrap().abs() <= 1.0);
    assert_eq!(v["games"].as_array().unwrap().len(), 2);
    assert_eq!(v["replies"].as_array().unwrap().len(), 7);
    assert_eq!(v["opening_line"]["without"].as_array().unwrap().len(), 8);
    assert!(v["memory"]["positions"].as_u64().unwrap() > 0);
    let (ok, out, _) = mark1(&[
        "ref",
        "samuel",
        "rote-effect",
        "--games",
        "2",
        "--match",
        "2",
        "--moves",
        "16",
    ]);
    assert!(ok);
    assert!(out.contains("with the memory won"), "{out}");
    // The memory written with --out is the one `best --rote` reads; not replaced
    // without --force.
    let dir = std::env::temp_dir().join(format!("mark1-samuel-rote-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("memory.json");
    let _ = std::fs::remove_file(&file);
    let f = file.to_str().unwrap();
    let args = [
        "ref",
        "samuel",
        "rote-effect",
        "--games",
        "2",
        "--match",
        "2",
        "--moves",
        "16",
        "--out",
        f,
    ];
    let (ok, out, err) = mark1(&args);
    assert!(ok && out.contains("memory written to"), "{out}{err}");
    let (ok, out, err) = mark1(&["ref", "samuel", "best", "--rote", f]);
    assert!(ok && !out.contains(" 0 from the rote memory"), "{out}{err}");
    let (ok, _, err) = mark1(&args);
    assert!(!ok && err.contains("already exists"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
    let (ok, _, err) = mark1(&["ref", "samuel", "rote-effect", "--match", "1"]);
    assert!(!ok && err.contains("--match"), "{err}");
}
