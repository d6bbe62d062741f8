//! Strachey's draughts as a game on the emulated machine (programs/draughts.m1, the game
//! half's units), operated as a person would: KAC after the prompts, the toss answered
//! on the hand switches, each square of a move entered with KAC (mark1::games::draughts
//! ::Game). The opponent's moves come from a committed script.

use mark1::games::draughts::{
    assemble, parse_squares, play, square_switches, Entered, First, Game, GameEnd, GameReport,
    Params,
};
use mark1::reference::draughts::{moves::legal_moves, Position, Side};

const SCRIPT: &str = include_str!("../../draughts/game_seed7.txt");

fn script_moves(text: &str) -> Vec<Vec<u8>> {
    text.lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(|l| parse_squares(l, false).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn play_script(moves: Vec<Vec<u8>>, seed: u64) -> GameReport {
    let asm = assemble().unwrap();
    let mut it = moves.into_iter();
    play(
        &asm,
        &Params::strategy2(4, 20),
        seed,
        First::Machine,
        &mut |_, _| it.next(),
    )
    .unwrap()
}

/// The whole game of the script: the machine (Black, strategy 2) wins and says so.
#[test]
fn scripted_game_runs_to_the_end() {
    let rep = play_script(script_moves(SCRIPT), 7);
    assert_eq!(rep.end, GameEnd::Over);
    assert!(rep.refused.is_empty(), "{:?}", rep.refused);
    assert!(rep.paper.trim_end().ends_with("I HAVE WON"));
    insta::assert_snapshot!(rep.paper);
    // The machine's moves are legal ones (the reference engine finds each in turn).
    let last = Position::from_fen(&rep.last).unwrap();
    assert_eq!(last.w, 0, "White has nothing left");
    insta::assert_snapshot!(
        "seed7_pdn",
        rep.pdn(First::Machine, &Params::strategy2(4, 20))
    );
}

/// Every move of a played game, the machine's above all, is a legal move of the
/// position before it (the reference engine's list), and the machine's gives the
/// position the program showed after it (page 4): the record replays from the start
/// through the positions the machine showed.
#[test]
fn every_machine_move_is_legal_in_the_position_before_it() {
    use mark1::reference::draughts::moves::apply;
    let rep = play_script(script_moves(SCRIPT), 7);
    let mut pos = Position::start();
    let mut machine = rep.machine_moves.iter();
    for m in &rep.moves {
        let legal = legal_moves(&pos);
        let found = legal
            .iter()
            .find(|l| {
                let mut sq = vec![l.from];
                sq.extend(l.landings());
                sq == m.squares
            })
            .unwrap_or_else(|| panic!("{:?} is not legal in {}", m, pos.to_fen()));
        pos = apply(&pos, found);
        if m.machine {
            let mm = machine.next().expect("a machine move with its cost");
            assert_eq!(mm.squares, m.squares);
            assert!(mm.considered > 0 || legal.len() == 1, "{mm:?}");
            // what the machine showed after its move, not the driver's own copy
            assert_eq!(pos.to_fen(), mm.after, "{mm:?}");
        }
    }
    assert!(machine.next().is_none());
    assert_eq!(pos.to_fen(), rep.last);
}

/// A machine move the driver cannot match to exactly one legal move giving the
/// position the machine shows is an error, with words.
#[test]
fn an_unmatched_machine_move_is_an_error() {
    use mark1::games::draughts::{machine_move, DraughtsRunError};
    use mark1::reference::draughts::moves::apply;
    let start = Position::start();
    let m = legal_moves(&start)
        .into_iter()
        .find(|m| m.from == 9 && m.to == 14)
        .unwrap();
    let after = apply(&start, &m);
    assert_eq!(machine_move(&start, "9 - 14", &after).unwrap().to, 14);
    for (printed, after) in [
        ("9 - 20", after),
        ("", after),
        ("K", after),
        ("9 - 14", start), // the machine shows another position
    ] {
        let e = machine_move(&start, printed, &after).unwrap_err();
        assert!(matches!(e, DraughtsRunError::Unmatched { .. }), "{e:?}");
        assert!(
            e.to_string().contains("is not exactly one legal move"),
            "{e}"
        );
    }
}

/// Two capture routes between the same squares: the printed move's squares taken and
/// the position the machine shows pick the route the program made.
#[test]
fn the_route_is_the_one_the_machine_made() {
    use mark1::games::draughts::machine_move;
    use mark1::reference::draughts::moves::apply;
    // A black man on 6 (PDN) takes 9 and 17 or 10 and 18 to land on 22 either way; a
    // black king on 10 takes the four men round 18 either way round and comes back
    // (the same men, the same result: the machine's paper and tubes cannot tell them
    // apart, and the driver says so).
    let mut routes = 0;
    for fen in ["B:W9,10,17,18:B6", "B:W14,15,22,23:BK10"] {
        let pos = Position::from_fen(fen).unwrap();
        let legal = legal_moves(&pos);
        for m in &legal {
            let same: Vec<_> = legal
                .iter()
                .filter(|l| l.from == m.from && l.to == m.to)
                .collect();
            if same.len() < 2 {
                continue;
            }
            routes += 1;
            let after = apply(&pos, m);
            let fits: Vec<_> = same.iter().filter(|l| apply(&pos, l) == after).collect();
            let mut taken: Vec<u32> = (0..32).filter(|i| m.captured >> i & 1 == 1).collect();
            taken.reverse();
            let printed = format!(
                "{} - {} {}",
                m.from,
                m.to,
                taken
                    .iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            match machine_move(&pos, &printed, &after) {
                Ok(found) => {
                    assert_eq!(found.captured, m.captured, "{fen} {printed}");
                    assert_eq!(apply(&pos, &found), after);
                }
                Err(_) => assert!(fits.len() > 1, "{fen} {printed}: one route fits"),
            }
        }
    }
    assert_eq!(routes, 4, "two moves with another route in each position");
}

/// The driver checks its record against the positions the machine shows: a program
/// whose start position differs (its start constant `f_sb` changed on the drum, as a
/// mended tape could) makes the game an error, not a wrong record.
#[test]
fn a_game_that_leaves_the_record_is_an_error() {
    use mark1::games::draughts::{drum_place, label, play_against, DraughtsRunError, Squares};
    let mut asm = assemble().unwrap();
    let (t, h, line) = drum_place(&asm, "f_sb").unwrap();
    assert_eq!(label(&asm, "f_sb").unwrap() % 64, line);
    let ht = asm.image.drum.get_mut(&(t, h)).unwrap();
    assert_eq!(ht[line as usize], 0xFFF);
    ht[line as usize] = 0x7FF; // Black without its man on 11
    let mut it = script_moves(SCRIPT).into_iter();
    let r = play_against(
        &asm,
        &Params::strategy2(4, 20),
        7,
        First::Machine,
        &mut |_: &Game, _: Option<&str>| it.next(),
        Squares::Strachey,
        false,
    );
    let e = r.unwrap_err();
    assert!(
        matches!(
            e,
            DraughtsRunError::Diverged { .. } | DraughtsRunError::Unmatched { .. }
        ),
        "{e}"
    );
    assert!(!e.to_string().contains("Some("), "{e}");
}

/// An opponent that gives an empty move: the driver enters it as it is (KAC with
/// nothing set), the program refuses it, and the game goes on: no panic.
#[test]
fn an_empty_move_is_an_entry_error() {
    let mut moves = script_moves(SCRIPT);
    moves.insert(1, vec![]);
    let rep = play_script(moves, 7);
    assert_eq!(rep.refused.len(), 1);
    assert_eq!(rep.refused[0].0, Vec::<u8>::new());
    assert_eq!(rep.end, GameEnd::Over);
    assert_eq!(rep.moves, play_script(script_moves(SCRIPT), 7).moves);
}

/// Same seed, same game.
#[test]
fn same_seed_same_game() {
    let a = play_script(script_moves(SCRIPT), 7);
    let b = play_script(script_moves(SCRIPT), 7);
    assert_eq!(a, b);
}

/// An illegal move in the script is refused (the program prints the first of its
/// angry messages) and the game goes on to the same end.
#[test]
fn illegal_move_is_refused_and_the_game_goes_on() {
    let mut moves = script_moves(SCRIPT);
    moves.insert(2, vec![21, 12]); // no such move
    let rep = play_script(moves, 7);
    assert_eq!(rep.refused.len(), 1);
    assert_eq!(rep.refused[0].0, vec![21, 12]);
    assert_eq!(rep.refused[0].1, "WRONG KEY SETTING. PLEASE CORRECT IT.");
    assert_eq!(rep.end, GameEnd::Over);
    let plain = play_script(script_moves(SCRIPT), 7);
    assert_eq!(rep.moves, plain.moves);
}

fn started(first: First) -> Game {
    let asm = assemble().unwrap();
    let mut g = Game::new(&asm, &Params::strategy2(4, 20), 7).unwrap();
    assert_eq!(g.start(first), None);
    g
}

/// Tube row `y` (0–31) of page `page`: 40 spots, bit x = spot x.
fn spots(g: &Game, page: u32) -> String {
    let m = &g.machine;
    let mut s = String::new();
    for y in 0..32 {
        let v = u64::from(m.store.read(64 * page + y))
            | u64::from(m.store.read(64 * page + 32 + y)) << 20;
        for x in 0..40 {
            s.push(if v >> x & 1 == 1 { '#' } else { '.' });
        }
        s.push('\n');
    }
    s
}

/// What the picture should be (picture.m1's layout) for position `p`.
fn expected_spots(p: &Position) -> String {
    // 5x4 patterns, rows of 5 spots (bit x = spot x): empty, not played on, black man,
    // white man, black king, white king.
    // by line of the square, then by pattern
    const PAT: [[u32; 6]; 4] = [
        [0, 31, 4, 17, 4, 17],
        [0, 31, 10, 10, 14, 31],
        [0, 31, 10, 10, 14, 31],
        [0, 31, 4, 17, 4, 17],
    ];
    let mut s = String::new();
    for r in 0..8u32 {
        for prow in PAT.iter() {
            for c in 0..8u32 {
                let playing = (r + c) % 2 == 1;
                let pat = if !playing {
                    1
                } else {
                    let sq = 4 * r + c / 2;
                    let bit = 1u32 << sq;
                    let king = p.k & bit != 0;
                    if p.b & bit != 0 {
                        if king {
                            4
                        } else {
                            2
                        }
                    } else if p.w & bit != 0 {
                        if king {
                            5
                        } else {
                            3
                        }
                    } else {
                        0
                    }
                };
                for x in 0..5 {
                    s.push(if prow[pat] >> x & 1 == 1 { '#' } else { '.' });
                }
            }
            s.push('\n');
        }
    }
    s
}

/// After the machine's move the tubes show, as the original did, the position before
/// it on page 5 and the position after it on page 3.
#[test]
fn pages_5_and_3_show_the_positions_before_and_after_the_machines_move() {
    let mut g = started(First::Machine);
    assert_eq!(g.machine_turn(), None);
    let after = g.position();
    assert_eq!(after.to_move, Side::White);
    let p3 = spots(&g, 3);
    assert_eq!(p3, expected_spots(&after));
    assert_eq!(spots(&g, 5), expected_spots(&Position::start()));
    insta::assert_snapshot!("page3_after_first_move", p3);
}

/// The opponent's move is shown on page 3 before it is accepted; NO (switch 19) takes it
/// back, and the machine waits for the move again.
#[test]
fn no_on_the_preview_takes_the_move_back() {
    let mut g = started(First::Human);
    assert_eq!(g.run_to_wait(1 << 31), None);
    let before = g.position();
    for s in [9u8, 13] {
        g.enter(square_switches(s));
        assert_eq!(g.run_to_wait(1 << 31), None);
    }
    g.enter(0);
    assert_eq!(g.run_to_wait(1 << 31), None);
    // the preview: 9-13 made on page 3
    let mut previewed = before;
    previewed.b = (before.b & !(1 << 9)) | 1 << 13;
    previewed.to_move = Side::White;
    assert_eq!(spots(&g, 3), expected_spots(&previewed));
    g.enter(1 << 19); // NO
    assert_eq!(g.run_to_wait(1 << 31), None);
    let mut unmoved = before;
    unmoved.to_move = Side::Black;
    assert_eq!(spots(&g, 3), expected_spots(&unmoved));
    assert_eq!(g.position(), before);
    // and the move can be made now
    assert_eq!(g.human_move(&[9, 13]), Entered::Accepted);
    assert_eq!(g.machine_turn(), None);
    assert!(
        g.paper().lines().any(|l| l.starts_with(" 9 - 13")),
        "{}",
        g.paper()
    );
}

/// Wrong entries make the machine angrier each time; the fifth ends the game with a
/// hoot that goes on.
#[test]
fn wrong_entries_grow_impatient_then_a_hoot() {
    let mut g = started(First::Human);
    assert_eq!(g.run_to_wait(1 << 31), None);
    let wrong = [
        vec![0u8, 31], // no such move
        vec![9],       // one square only
        vec![21, 17],  // not Black's piece
        vec![10, 10],  // nowhere
    ];
    for w in &wrong {
        assert!(matches!(g.human_move(w), Entered::Refused(_)));
    }
    // a key setting that is no square: switches 0 and 1
    g.enter(3);
    assert_eq!(g.run_to_wait(1 << 31), Some(GameEnd::Hoot));
    let paper = g.paper();
    for m in [
        "WRONG KEY SETTING. PLEASE CORRECT IT.",
        "PLEASE START THE MOVE AGAIN.",
        "KINDLY READ THE INSTRUCTIONS AND START THE MOVE AGAIN",
        "IF YOU DONT OBEY THE INSTRUCTIONS I CANT PLAY WITH YOU: TRY ONCE MORE",
        "I REFUSE TO WASTE ANY MORE TIME. GO AND PLAY WITH A HUMAN BEING/",
    ] {
        assert!(paper.contains(m), "{m} missing from\n{paper}");
    }
}

/// No answer in time: YOU MUST PLAY AT ONCE OR RESIGN., then I CLAIM THE GAME / and a
/// hoot that goes on.
#[test]
fn no_answer_then_the_machine_claims_the_game() {
    let mut g = started(First::Human);
    assert_eq!(g.run_to_wait(1 << 31), None);
    g.machine.breaks.set_line(g.sym("g_key").unwrap(), false);
    let stop = g.run_to_wait(20_000_000);
    assert_eq!(stop, Some(GameEnd::Hoot));
    let paper = g.paper();
    assert!(
        paper.contains("YOU MUST PLAY AT ONCE OR RESIGN.\nI CLAIM THE GAME /"),
        "{paper}"
    );
    // The count-down: 147 456 rounds of 9 beats (5.3 minutes) each time.
    assert!(g.machine.stats.beats > 2 * 147_456 * 9);
}

/// The machine says when the opponent has no move left (the original did not).
#[test]
fn the_end_of_the_game_is_seen() {
    let rep = play_script(script_moves(SCRIPT), 7);
    let last = Position::from_fen(&rep.last).unwrap();
    assert!(legal_moves(&last).is_empty());
    assert!(rep.paper.contains("I HAVE WON"));
}

/// A strong opponent (the reference engine, strategy 2, six plies, playing Black) against
/// the program at one ply: the machine is left without a move and says so.
#[test]
fn the_machine_sees_it_has_lost() {
    use mark1::random::Xorshift;
    use mark1::reference::draughts::{best, SearchParams};
    let asm = assemble().unwrap();
    let mut rng = Xorshift(1);
    let mut next = |g: &Game, _: Option<&str>| -> Option<Vec<u8>> {
        let b = best(&g.position(), &SearchParams::strategy2(6, 20), &mut rng);
        let m = b.moves.get(b.chosen?)?.mv;
        let mut v = vec![m.from];
        v.extend(m.landings());
        Some(v)
    };
    let rep = play(&asm, &Params::strategy1(1), 1, First::Human, &mut next).unwrap();
    assert_eq!(rep.end, GameEnd::Over);
    assert!(
        rep.paper.trim_end().ends_with("YOU HAVE WON"),
        "{}",
        rep.paper
    );
    let last = Position::from_fen(&rep.last).unwrap();
    assert_eq!(last.to_move, Side::White);
    assert!(legal_moves(&last).is_empty());
    assert!(rep
        .pdn(First::Human, &Params::strategy1(1))
        .trim_end()
        .ends_with("2-0"));
}
