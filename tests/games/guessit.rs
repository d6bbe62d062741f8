//! Guess It as a program of the emulated Mark 1 (programs/guessit.m1): its decisions
//! against `reference::guessit::decide` given the same random numbers, games against
//! Bell's procedure, games through the binary, and bad input refused.

use crate::common::mark1;
use mark1::games::guessit::{self as g, Deal, First, Prompt, Waiting};
use mark1::machine::{Rng, RngKind};
use mark1::reference::guessit::{self as rg, Decision, View};

fn card(name: &str) -> usize {
    rg::parse_card(name).unwrap()
}

fn set(names: &[&str]) -> u16 {
    names.iter().fold(0, |s, n| s | 1 << card(n))
}

/// The program's decision, the view it leaves and the numbers it draws are the
/// reference's on 600 positions, and through the binary on 300 more.
#[test]
fn the_program_agrees_with_the_reference() {
    let r = g::check(600, 7).unwrap();
    assert_eq!(r.positions, 600);
    assert!(
        r.differences.is_empty(),
        "{} differences: {:?}",
        r.differences.len(),
        &r.differences[..r.differences.len().min(3)]
    );
    let (ok, out, _) = mark1(&["guess-it", "--check", "300", "--seed", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("300 positions, 0 differences"));
}

/// The check's positions reach every branch of Isaacs' procedure: genuine asks, bluffs,
/// calls, guesses of the known card and forced guesses, each many times.
#[test]
fn the_positions_reach_every_decision() {
    let (mut genuine, mut bluff, mut call, mut known, mut forced) = (0, 0, 0, 0, 0);
    for (k, v) in g::positions(2000, 11).iter().enumerate() {
        g::check_view(v).unwrap();
        let (d, _, _) = g::reference_think(v, k as u64);
        match d {
            Decision::Ask { bluff: false, .. } => genuine += 1,
            Decision::Ask { bluff: true, .. } => bluff += 1,
            Decision::Call(_) => call += 1,
            Decision::Guess(c) if v.knows == Some(c) => known += 1,
            Decision::Guess(_) => forced += 1,
        }
    }
    eprintln!("genuine {genuine}, bluff {bluff}, call {call}, known {known}, forced {forced}");
    for n in [genuine, bluff, call, known, forced] {
        assert!(n >= 20, "{genuine} {bluff} {call} {known} {forced}");
    }
}

/// Bell's examples on the Mark 1: with three cards against four (two of its own shown
/// and one of his, five unaccounted for) DO I BLUFF? gives 23: a first random number r
/// bluffs exactly when ⌊100r/2^20⌋ < 23; having just answered NO, IS HE BLUFFING? gives
/// 26 the same way.
#[test]
fn bells_examples() {
    let v = View {
        mine: set(&["AS", "KS", "QH"]),
        shown: set(&["AH", "KH", "QD"]),
        mentioned: set(&["AH", "KH", "QD"]),
        ..View::default()
    };
    let (mut bluffs, mut calls) = (0, 0);
    for seed in 0..200u64 {
        let r = Rng::new(RngKind::Mark1, seed).next20();
        let t = g::think(&v, seed).unwrap();
        let bluffed = matches!(t.decision, Decision::Ask { bluff: true, .. });
        assert_eq!(bluffed, rg::percent(r) < 23, "seed {seed}");
        bluffs += u32::from(bluffed);
        // He asked for QC and was told NO: QC is still unaccounted for.
        let w = View {
            mentioned: v.mentioned | set(&["QC"]),
            pending: Some(card("QC")),
            ..v
        };
        let t = g::think(&w, seed).unwrap();
        let called = t.decision == Decision::Call(card("QC"));
        assert_eq!(called, rg::percent(r) < 26, "seed {seed}");
        calls += u32::from(called);
        if !called {
            assert_eq!(t.after.his, set(&["QC"]));
            assert_eq!(t.after.pending, None);
        }
    }
    assert!((25..=70).contains(&bluffs) && (30..=75).contains(&calls));
    // Knowing the card it guesses it, drawing nothing.
    let k = View {
        knows: Some(card("KD")),
        mentioned: v.mentioned | set(&["KD"]),
        ..v
    };
    let t = g::think(&k, 1).unwrap();
    assert_eq!((t.decision, t.randoms), (Decision::Guess(card("KD")), 0));
}

/// The program plays Bell's procedure: against it, the first player wins about 0.54 of
/// the games whichever side the machine takes (Bell: 0.54; the reference against itself
/// 0.5406 over a million games).
#[test]
fn games_against_bells_procedure() {
    let n = 4000u64;
    let first = g::selfplay(n, First::Machine, 1).unwrap() as f64 / n as f64;
    let second = 1.0 - g::selfplay(n, First::Human, 2).unwrap() as f64 / n as f64;
    eprintln!("the first player's share: {first:.4} (machine first), {second:.4} (machine second)");
    assert!((first - 0.54).abs() < 0.03, "{first}");
    assert!((second - 0.54).abs() < 0.03, "{second}");
}

/// A game at the keys: every ending is said on the paper and read by the dealer.
#[test]
fn games_at_the_keys_end_rightly() {
    let mut endings = std::collections::BTreeSet::new();
    for seed in 0..300u64 {
        let gm = g::selfplay_game(
            if seed % 2 == 0 {
                First::Machine
            } else {
                First::Human
            },
            seed,
        )
        .unwrap();
        let last = gm.paper.lines().last().unwrap_or("").to_string();
        let ending = ["I GUESS", "THATS THE CARD", "SORRY", "YOU GUESS"]
            .into_iter()
            .find(|e| last.contains(e))
            .unwrap_or_else(|| panic!("{}", gm.paper));
        endings.insert(ending);
        assert!(gm.turns >= 1);
    }
    assert_eq!(endings.len(), 4, "{endings:?}");
}

/// The opponent's numbers refused on the switches: 0 and 12-15 are no card, a card
/// asked before is refused, and the game goes on.
#[test]
fn the_program_refuses_bad_switches() {
    let deal = Deal {
        hidden: card("KS"),
        machine: set(&["AD", "KD", "KC", "QH", "QC"]),
        human: set(&["AS", "AH", "AC", "KH", "QD"]),
    };
    let mut game = g::Game::new(deal, First::Human, 4).unwrap();
    assert_eq!(game.run_to_wait().unwrap(), Waiting::Key);
    assert_eq!(game.prompt(), Prompt::Turn);
    for h in [0, 12, 15] {
        assert_eq!(game.enter(h).unwrap(), Waiting::Key);
        assert_eq!(game.prompt(), Prompt::Turn);
    }
    assert_eq!(game.paper().matches("NO SUCH CARD").count(), 3);
    // KD is the machine's: YES, and it is shown.
    game.ask(card("KD")).unwrap();
    assert!(game.paper().contains("KD YES\n"), "{}", game.paper());
    let v = game.view().unwrap();
    assert_eq!(v.mine, set(&["AD", "KC", "QH", "QC"]));
    assert_eq!(v.shown & set(&["KD"]), set(&["KD"]));
    // The machine's turn came and went; answer it truthfully, then ask KD again.
    while let Prompt::Answer(c) = game.prompt() {
        game.answer(deal.human & 1 << c != 0).unwrap();
    }
    assert_eq!(game.prompt(), Prompt::Turn, "{}", game.paper());
    game.ask(card("KD")).unwrap();
    assert!(game.paper().ends_with("ASKED BEFORE\n"), "{}", game.paper());
    assert_eq!(game.prompt(), Prompt::Turn);
    game.guess(card("KS")).unwrap();
    assert_eq!(game.prompt(), Prompt::Over);
    let o = game.outcome().unwrap();
    assert!(!o.machine_won, "{}", o.reason);
    assert!(game.paper().ends_with("YOU GUESS KS\n"), "{}", game.paper());
}

/// A scripted game through the binary: the paper, an unknown card, a card asked before
/// and a false answer refused, the end read with the hidden card.
#[test]
fn scripted_game_through_the_binary() {
    let dir = std::env::temp_dir().join(format!("mark1-guessit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("lines.txt");
    std::fs::write(
        &script,
        "# the opponent at seed 1972: his cards AS AH AC KH QD\n\
         yes\nZZ    # no such card\nQD    # asked before\nKD\nyes\nQC\n\
         no    # a false answer\nyes\nKS\nno\nguess KS\n",
    )
    .unwrap();
    let (ok, out, err) = mark1(&[
        "guess-it",
        "--script",
        script.to_str().unwrap(),
        "--seed",
        "1972",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(ok, "{err}");
    assert!(out.contains("`ZZ` is not one of the eleven cards"), "{out}");
    assert!(out.contains("ASKED BEFORE\n"), "{out}");
    assert!(
        out.contains("you hold AH; the answer must be true"),
        "{out}"
    );
    assert!(out.contains("the hidden card is KS: you win"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn bad_input_refused() {
    let (ok, _, err) = mark1(&["guess-it", "--think", "--moves", "KH,XX"]);
    assert!(
        !ok && err.contains("card 2") && err.contains("not one of"),
        "{err}"
    );
    let (ok, _, err) = mark1(&["guess-it", "--think", "--moves", "KH,KH"]);
    assert!(!ok && err.contains("asked for before"), "{err}");
    let (ok, _, err) = mark1(&["guess-it", "--think", "--moves", "KH"]);
    assert!(!ok && err.contains("your turn"), "{err}");
    let (ok, _, err) = mark1(&["guess-it", "--think", "--hand", "AS,AS,KH,QC,QD"]);
    assert!(!ok && err.contains("five different cards"), "{err}");
    let (ok, _, err) = mark1(&["guess-it", "--script", "/nonexistent/guessit.txt"]);
    assert!(!ok && err.contains("cannot read"), "{err}");
    let (ok, out, _) = mark1(&[
        "guess-it",
        "--think",
        "--hand",
        "AS,AH,AD,AC,KS",
        "--first",
        "human",
        "--moves",
        "KH,AS,QC",
        "--json",
    ]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // AS was a bluff: the machine keeps it; KH, answered NO and not called, is his.
    assert_eq!(v["mine"], serde_json::json!(["AS", "AH", "AD", "AC", "KS"]));
    assert_eq!(v["his"], serde_json::json!(["KH"]));
    assert_eq!(v["pending"], "QC");
    assert!(["ask", "call", "guess"].contains(&v["decision"].as_str().unwrap()));
    assert!(g::Game::new(
        Deal {
            hidden: 0,
            machine: 0b11111,
            human: 0b11111 << 5
        },
        First::Machine,
        1
    )
    .is_err());
}

/// Whole games against Bell's procedure, the machine's turns watched on the tube: every
/// decision it came to is the reference's on the view it held, given the machine's own
/// `/W` numbers in the order it drew them through the game.
#[test]
fn every_decision_in_games_is_the_references() {
    let mut turns = 0;
    for seed in 0..200u64 {
        let first = if seed % 2 == 0 {
            First::Machine
        } else {
            First::Human
        };
        let gm = g::selfplay_game(first, seed).unwrap();
        let mut rng = Rng::new(RngKind::Mark1, seed);
        let mut next = || rng.next20();
        for (v, d) in &gm.thinks {
            let mut w = *v;
            assert_eq!(
                rg::decide(&mut w, &mut next),
                *d,
                "seed {seed}: {}",
                g::view_text(v)
            );
            turns += 1;
        }
    }
    eprintln!("{turns} turns of the machine in 200 games");
    assert!(turns > 400, "{turns}");
}
