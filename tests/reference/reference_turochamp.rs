//! Turing's paper chess machine (typescript "Digital Computers applied to Games"; Faster
//! than Thought ch. 25) against hand calculations, each reading switch, the replays of the
//! two printed games, and bad input.

use crate::common::mark1;
use mark1::reference::turochamp::position_play::{position_play, root, sqrt_tenths, terms, Terms};
use mark1::reference::turochamp::search::{
    analysed_moves, considerable, licence, recapture_square, tested_capture, Searcher,
};
use mark1::reference::turochamp::{
    analyse, analyse_with, parse_fen, parse_san, replay, Readings, TurochampError, Value,
    DEFAULT_NODE_LIMIT,
};
use proptest::prelude::*;
use shakmaty::{Chess, Position};

/// Game 2 before White's 27th move (the bench's position).
const MIDDLE_GAME: &str = "1rr3k1/p4ppp/q2p4/1n2p2b/2B1P1RP/2BQ1P2/1PPK1P2/3R4 w - - 10 27";

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn reading(s: &str) -> Readings {
    Readings::from_assignments(&[s]).unwrap()
}

fn pos(fen: &str) -> Chess {
    parse_fen(fen).unwrap()
}

fn after(p: &Chess, san: &str) -> Chess {
    let m = parse_san(p, san).unwrap();
    let mut q = p.clone();
    q.play_unchecked(m);
    q
}

// ---- Square roots, values ----

#[test]
fn sqrt_table_is_turings_and_continues_by_rounding() {
    let table = [0, 10, 14, 17, 20, 22, 24, 26, 28, 30, 32, 33, 35, 36];
    for (n, &t) in table.iter().enumerate() {
        assert_eq!(sqrt_tenths(n as u32), t, "sqrt {n}");
    }
    // Past 13: the true root rounded to a tenth.
    assert_eq!(sqrt_tenths(14), 37);
    assert_eq!(sqrt_tenths(15), 39);
    assert_eq!(sqrt_tenths(16), 40);
    assert_eq!(sqrt_tenths(27), 52);
    assert_eq!(sqrt_tenths(40), 63);
}

#[test]
fn values_compare_as_exact_fractions() {
    let r = |w, b| Value::Ratio { white: w, black: b };
    // 41/41 = 40/40 (an even exchange keeps the value 1).
    assert_eq!(r(82, 82), r(80, 80));
    // 38/37 > 37/37.5 (half points: 76/74 against 74/75).
    assert!(r(76, 74) > r(74, 75));
    assert!(Value::WhiteMates > r(206, 0));
    assert!(r(206, 0) > r(206, 2));
    assert!(Value::BlackMates < r(0, 82));
    assert_eq!(r(77, 75).fraction(), "38.5/37.5");
    assert_eq!(r(82, 80).decimal(), "1.025");
}

// ---- Position play ----

#[test]
fn initial_position_play_is_10_2() {
    // By hand, default readings: each knight 2 moves (1.4) + defended by its rook (1.0) =
    // 2.4, two knights 4.8; Bc1 defended by the queen 1.0, Bf1 by the king 1.0; rooks,
    // queen: no moves, rooks undefended; king 0 moves less the imaginary queen's 0 = 0;
    // castling not lost 1.0 (not possible next move); every pawn defended by a piece
    // (a2 Ra1, b2 Bc1, c2 Qd1, d2 e2 several, f2 the king, g2 Bf1, h2 Rh1): 8 x 0.3 = 2.4.
    // Total 4.8 + 2.0 + 1.0 + 2.4 = 10.2.
    let t = terms(&Chess::default(), false, &Readings::default());
    assert_eq!(
        t,
        Terms {
            mobility: 28,
            defence: 40,
            king: 0,
            castling: 10,
            pawns: 24,
            black_king: 0
        }
    );
    assert_eq!(t.total(), 102);
}

#[test]
fn e4_scores_turings_4_2_and_e3_scores_4_4() {
    // Turing printed 1. P-K4 4.2*. By hand: Q 4 moves 2.0, Bf1 5 moves 2.2, Kg1 2 -> 3
    // moves +0.3, the king 1 move (1.0) less the queen on e1 2 moves (1.4) -0.4, the pawn
    // +0.4 advanced -0.3 no longer defended: 4.2. P-K3 gains the same but the imaginary
    // queen has one move only (0), and the pawn +0.2 -0.3: 4.4. The rules choose 1. e3
    // (as ChessBase's reconstruction does); Turing's 1. e4 departs from them.
    let r = Readings::default();
    let start = Chess::default();
    let base = position_play(&start, false, &r);
    assert_eq!(position_play(&after(&start, "e4"), false, &r) - base, 42);
    assert_eq!(position_play(&after(&start, "e3"), false, &r) - base, 44);
    let a = analyse(&start, &r, DEFAULT_NODE_LIMIT).unwrap();
    let c = a.choice().unwrap();
    assert_eq!(c.san, "e3");
    assert_eq!(c.increase, 44);
    assert!(a.star(a.chosen.unwrap()));
    assert_eq!(
        c.value,
        Value::Ratio {
            white: 82,
            black: 82
        }
    );
}

// ---- Each reading switch changes what it says ----

#[test]
fn reading_turn_counts_a_pinned_piece_when_black_is_to_move() {
    // Black to move; White's bishop e2 is pinned by the rook e8. `pass`: its moves would
    // leave the king in check, 0; `pattern`: its 9 pattern moves count (sqrt 9 = 3.0).
    let p = pos("4r2k/8/8/8/8/8/4B3/4K3 b - - 0 1");
    let pass = terms(&p, false, &reading("turn=pass"));
    let pattern = terms(&p, false, &reading("turn=pattern"));
    assert_eq!(pattern.mobility - pass.mobility, 30);
    // With White to move both readings count legal moves only.
    let w = pos("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(
        terms(&w, false, &reading("turn=pass")),
        terms(&w, false, &reading("turn=pattern"))
    );
}

#[test]
fn reading_pawn_defends_counts_a_pawn_defender() {
    // Knight d4 defended by the pawn e3 only.
    let p = pos("7k/8/8/8/3N4/4P3/8/K7 w - - 0 1");
    assert_eq!(terms(&p, false, &reading("pawn-defends=yes")).defence, 10);
    assert_eq!(terms(&p, false, &reading("pawn-defends=no")).defence, 0);
}

#[test]
fn reading_king_defends_counts_the_king_for_pieces_and_pawns() {
    // Knight d2 and pawn e2 defended by the king e1 only.
    let p = pos("7k/8/8/8/8/8/3NP3/4K3 w - - 0 1");
    let yes = terms(&p, false, &reading("king-defends=yes"));
    let no = terms(&p, false, &reading("king-defends=no"));
    assert_eq!(yes.defence - no.defence, 10);
    assert_eq!(yes.pawns - no.pawns, 3);
}

#[test]
fn reading_queen_capture_weighs_the_imaginary_queens_captures() {
    // King a1; a queen there would have 7 empty squares up the file... and a capture on
    // b2: the black knight. Its moves: a2..a7 (6) + a8 is the black rook (capture) + b1..h1
    // (7) + b2 (capture of the knight). `two`: 6 + 2 + 7 + 2 = 17; `one`: 15.
    let p = pos("r6k/8/8/8/8/8/1n6/K7 w - - 0 1");
    let two = terms(&p, false, &reading("queen-capture=two"));
    let one = terms(&p, false, &reading("queen-capture=one"));
    assert_eq!(one.king - two.king, sqrt_tenths(17) - sqrt_tenths(15));
    assert_ne!(one.king, two.king);
}

#[test]
fn reading_castling_scores_the_act_three_or_one() {
    let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let castled = after(&p, "O-O");
    assert_eq!(
        terms(&castled, true, &reading("castling=three")).castling,
        30
    );
    assert_eq!(terms(&castled, true, &reading("castling=one")).castling, 10);
    // Before castling: the right (1.0) and castling possible next move (1.0).
    assert_eq!(terms(&p, false, &Readings::default()).castling, 20);
}

#[test]
fn reading_castle_sides_counts_each_side() {
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        terms(&p, false, &reading("castle-sides=either")).castling,
        20
    );
    assert_eq!(terms(&p, false, &reading("castle-sides=each")).castling, 40);
}

#[test]
fn reading_pawn_prey_makes_an_undefended_pawn_considerable() {
    // Beyond the second ply: Rxa7 takes an undefended pawn, a rook taking a pawn.
    let p = pos("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1");
    let m = parse_san(&p, "Rxa7").unwrap();
    assert!(considerable(&p, m, None, &reading("pawn-prey=yes")));
    assert!(!considerable(&p, m, None, &reading("pawn-prey=no")));
    // An undefended knight stays considerable either way.
    let q = pos("4k3/n7/8/8/8/8/8/R3K3 w - - 0 1");
    let n = parse_san(&q, "Rxa7").unwrap();
    assert!(considerable(&q, n, None, &reading("pawn-prey=no")));
}

#[test]
fn reading_recapture_licenses_recaptures_after_tested_captures_only() {
    // exd5 takes a pawn defended by the queen, pawn for pawn: a capture, but not one the
    // capture tests pass. `any-capture`: a recapture on d5 is considerable; `tested-capture`:
    // not. (The pawn on d5 is then defended by c4, so ...Qxd5 passes no test itself.)
    let p = pos("3qk3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    let m = parse_san(&p, "exd5").unwrap();
    assert_eq!(
        recapture_square(&p, m, &reading("recapture=any-capture")),
        Some(m.to())
    );
    assert_eq!(
        recapture_square(&p, m, &reading("recapture=tested-capture")),
        None
    );
    let q = after(&p, "exd5");
    let re = parse_san(&q, "Qxd5").unwrap();
    assert!(considerable(&q, re, Some(m.to()), &Readings::default()));
    assert!(!considerable(&q, re, None, &Readings::default()));
}

#[test]
fn reading_dead_any_capture_analyses_every_capture() {
    // Qxd5: a queen takes a pawn defended by a pawn: no capture test passes.
    let p = pos("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
    let m = parse_san(&p, "Qxd5").unwrap();
    assert!(!considerable(&p, m, None, &reading("dead=considerable")));
    assert!(considerable(&p, m, None, &reading("dead=any-capture")));
}

#[test]
fn reading_defended_decides_which_men_defend_in_the_search() {
    let tested = |fen: &str, san: &str, value: &str| {
        let p = pos(fen);
        let m = parse_san(&p, san).unwrap();
        tested_capture(&p, m, &reading(&format!("defended={value}")))
    };
    // Rxd7: the pawn is defended by its king only.
    let by_king = "3k4/3p4/8/8/8/8/8/3RK3 w - - 0 1";
    assert!(!tested(by_king, "Rxd7", "any"));
    assert!(tested(by_king, "Rxd7", "no-king"));
    // Rxd6: the pawn is defended by a pawn only.
    let by_pawn = "4k3/2p5/3p4/8/8/8/8/3RK3 w - - 0 1";
    assert!(!tested(by_pawn, "Rxd6", "no-king"));
    assert!(tested(by_pawn, "Rxd6", "pieces"));
    // exd5: the bishop on f3 defends d5 only once e4 has left (an x-ray through the
    // capturer's square).
    let xray = "7k/8/8/3p4/4P3/5b2/8/K7 w - - 0 1";
    assert!(tested(xray, "exd5", "any"));
    assert!(!tested(xray, "exd5", "after"));
    assert!(!tested(xray, "exd5", "legal"));
    // Qxd6: the rook on e6 attacks d6 but is pinned to its king by Re1.
    let pinned = "4k3/8/3pr3/8/8/8/8/3QRK2 w - - 0 1";
    assert!(!tested(pinned, "Qxd6", "after"));
    assert!(tested(pinned, "Qxd6", "legal"));
}

#[test]
fn reading_mate_threat_counts_a_parried_threat_or_not() {
    // Black to move; White threatens Ra8 mate, but ...h6 (or ...g6) parries it.
    let parried = pos("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1");
    assert_eq!(
        terms(&parried, false, &reading("mate-threat=pass")).black_king,
        10
    );
    assert_eq!(
        terms(&parried, false, &reading("mate-threat=forced")).black_king,
        0
    );
    // Black's only move, Kg8, allows Qb8 mate: a threat under both readings.
    let forced = pos("7k/8/6K1/8/8/8/8/1Q6 b - - 0 1");
    assert_eq!(
        terms(&forced, false, &reading("mate-threat=pass")).black_king,
        10
    );
    assert_eq!(
        terms(&forced, false, &reading("mate-threat=forced")).black_king,
        10
    );
}

#[test]
fn reading_recapture_on_allows_a_recapture_anywhere() {
    // Rxd7 takes a pawn its king defends: no capture test passes. After a capture on e4 it
    // is a recapture only under `recapture-on=anywhere`.
    let p = pos("3k4/3p4/8/8/8/8/8/3RK3 w - - 0 1");
    let m = parse_san(&p, "Rxd7").unwrap();
    let e4 = Some(shakmaty::Square::E4);
    assert!(!considerable(&p, m, e4, &reading("recapture-on=square")));
    assert!(considerable(&p, m, e4, &reading("recapture-on=anywhere")));
    assert!(considerable(
        &p,
        m,
        Some(m.to()),
        &reading("recapture-on=square")
    ));
}

#[test]
fn reading_chain_lets_a_recapture_license_another() {
    // Rxd7 beyond the second ply, a recapture on d7 and nothing more (the pawn is
    // defended): with `chain=yes` it licenses a recapture on d7 in turn, with `chain=no`
    // not. In the first two plies every capture licenses one either way.
    let p = pos("3k4/3p4/8/8/8/8/8/3RK3 w - - 0 1");
    let m = parse_san(&p, "Rxd7").unwrap();
    let d7 = Some(m.to());
    assert_eq!(licence(&p, m, 3, d7, &reading("chain=yes")), d7);
    assert_eq!(licence(&p, m, 3, d7, &reading("chain=no")), None);
    assert_eq!(licence(&p, m, 1, d7, &reading("chain=no")), d7);
}

#[test]
fn reading_evasions_analyses_every_move_out_of_check() {
    // White in check beyond the second ply, with no capture or mate: `considerable` analyses
    // nothing (the position is valued as dead), `all` every king move.
    let p = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    let legal: Vec<_> = p.legal_moves().into_iter().collect();
    let (none, all_none) = analysed_moves(&p, &legal, 2, None, &reading("evasions=considerable"));
    assert!(none.is_empty() && !all_none);
    let (every, all) = analysed_moves(&p, &legal, 2, None, &reading("evasions=all"));
    assert_eq!((every.len(), all), (legal.len(), true));
}

#[test]
fn reading_pp_at_line_compares_the_end_of_the_expected_line() {
    // Game 2 before White's 6th move: several moves share the best value; `pp-at=move`
    // keeps the printed 6. P-Q5, `pp-at=line` weighs where each line ends and differs.
    let g = mark1::reference::turochamp::games::game(2).unwrap();
    let p = pos(&g.white[5].fen_before);
    let by_move = analyse(&p, &reading("pp-at=move"), DEFAULT_NODE_LIMIT).unwrap();
    let by_line = analyse(&p, &reading("pp-at=line"), DEFAULT_NODE_LIMIT).unwrap();
    assert_eq!(by_move.choice().unwrap().san, "d5");
    let c = by_line.choice().unwrap();
    assert_ne!(c.san, "d5");
    assert!(by_move.moves.iter().all(|m| m.choice_pp == m.pp));
    assert!(by_line.moves.iter().any(|m| m.choice_pp != m.pp));
    // The value first, then the line's position play, as the choice says.
    assert!(by_line
        .moves
        .iter()
        .all(|m| m.value < c.value || m.choice_pp <= c.choice_pp));
}

#[test]
fn reading_sqrt_caps_at_the_tables_last_entry() {
    assert_eq!(root(13, &reading("sqrt=round")), 36);
    assert_eq!(root(13, &reading("sqrt=cap")), 36);
    assert_eq!(root(20, &reading("sqrt=round")), 45);
    assert_eq!(root(20, &reading("sqrt=cap")), 36);
    // A queen on d4, its king on h8: 26 moves.
    let p = pos("k6K/8/8/8/3Q4/8/8/8 w - - 0 1");
    let round = terms(&p, false, &reading("sqrt=round")).mobility;
    let cap = terms(&p, false, &reading("sqrt=cap")).mobility;
    assert_eq!(round - cap, sqrt_tenths(26) - 36);
}

#[test]
fn reading_tie_picks_the_lowest_or_highest_square() {
    // Symmetric pawns: a4 and h4 (and the other pawn pushes) are equal in value and PP.
    let p = pos("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    let low = analyse(&p, &reading("tie=low"), DEFAULT_NODE_LIMIT).unwrap();
    let high = analyse(&p, &reading("tie=high"), DEFAULT_NODE_LIMIT).unwrap();
    let (l, h) = (low.choice().unwrap(), high.choice().unwrap());
    assert_eq!(l.san, "a4");
    assert_eq!(h.san, "h4");
    assert_eq!((l.value, l.pp), (h.value, h.pp));
}

#[test]
fn unknown_readings_are_refused_in_words() {
    let e = Readings::from_assignments(&["tie=middle"]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad reading: reading `tie` takes low or high, not `middle`"
    );
    let e = Readings::from_assignments(&["colour=blue"]).unwrap_err();
    assert!(e
        .to_string()
        .starts_with("bad reading: no reading `colour`"));
    assert!(Readings::from_assignments(&["turn"]).is_err());
}

// ---- The search ----

#[test]
fn the_machine_mates_when_it_can() {
    let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let a = analyse(&p, &Readings::default(), DEFAULT_NODE_LIMIT).unwrap();
    let c = a.choice().unwrap();
    assert_eq!(c.san, "Ra8#");
    assert_eq!(c.value, Value::WhiteMates);
}

#[test]
fn the_machine_takes_the_queen() {
    // The knight can take the queen (Nxd2) or a pawn (Nxe5, after which ...Qe1 is no
    // capture): the queen is worth more, and the value says so.
    let p = pos("4k3/8/8/4p3/8/5N2/3q4/4K3 w - - 0 1");
    let a = analyse(&p, &Readings::default(), DEFAULT_NODE_LIMIT).unwrap();
    let c = a.choice().unwrap();
    assert!(c.san.ends_with("xd2"), "{}", c.san);
    assert_eq!(c.value, Value::Ratio { white: 6, black: 2 });
}

#[test]
fn every_search_stops_at_its_node_limit() {
    let p = Chess::default();
    let a = analyse(&p, &Readings::default(), 50).unwrap();
    assert!(a.truncated);
    let r = Readings::default();
    let mut s = Searcher::new(&r, 10);
    s.value(&after(&p, "e4"), 1, None);
    assert!(s.nodes <= 40, "{} nodes", s.nodes);
}

#[test]
fn cut_offs_change_no_value() {
    // Middle-game positions of Game 2 (before moves 16, 21 and 27): every move's value with
    // alpha-beta equals its value over the whole considerable-move tree.
    for fen in [
        "1r3rk1/pP3ppp/B2p4/q1n1p2b/Pb2P2P/2N2P2/1PPBQP2/R3K1R1 w Q - 7 16",
        "1rr3k1/p4ppp/3p2b1/q1nBp1R1/P3P2P/2b2P2/1PPBQP2/2KR4 w - - 0 21",
        MIDDLE_GAME,
    ] {
        let p = pos(fen);
        let r = Readings::default();
        let cut = analyse_with(&p, &r, DEFAULT_NODE_LIMIT, true).unwrap();
        let full = analyse_with(&p, &r, DEFAULT_NODE_LIMIT, false).unwrap();
        assert!(!full.truncated);
        assert!(cut.nodes < full.nodes);
        let values = |a: &mark1::reference::turochamp::Analysis| {
            a.moves
                .iter()
                .map(|m| (m.san.clone(), m.value))
                .collect::<Vec<_>>()
        };
        assert_eq!(values(&cut), values(&full), "{fen}");
        assert_eq!(cut.chosen, full.chosen);
    }
    // The whole tree before Game 2's move 27.
    let full = analyse_with(
        &pos(MIDDLE_GAME),
        &Readings::default(),
        DEFAULT_NODE_LIMIT,
        false,
    )
    .unwrap();
    assert_eq!(full.nodes, 402_148);
}

// ---- The printed games ----

#[test]
fn replay_game_2_agrees_with_18_of_29_moves() {
    let r = replay(2, &Readings::default(), DEFAULT_NODE_LIMIT).unwrap();
    assert_eq!(r.moves.len(), 29);
    assert_eq!(r.agreeing(), 18);
    assert_eq!(r.pp_figures(), (9, 16));
    // 1. e4 4.2*: our figure is Turing's, but 1. e3 scores more (no star).
    let first = &r.moves[0];
    assert_eq!((first.played.as_str(), first.chosen.as_str()), ("e4", "e3"));
    assert_eq!(first.our_pp, 42);
    assert!(!first.our_star && first.printed_star);
}

#[test]
fn replay_game_1_agrees_with_20_of_29_moves() {
    let r = replay(1, &Readings::default(), DEFAULT_NODE_LIMIT).unwrap();
    assert_eq!(r.moves.len(), 29);
    assert_eq!(r.agreeing(), 20);
    assert_eq!(r.pp_figures(), (6, 15));
}

#[test]
fn replay_cli_ends_with_the_agreement_lines() {
    for (game, moves, pp) in [
        (
            "2",
            "moves: 18/29 agree",
            "position play: 9/16 printed values reproduced",
        ),
        (
            "1",
            "moves: 20/29 agree",
            "position play: 6/15 printed values reproduced",
        ),
    ] {
        let (ok, out, err) = mark1(&["ref", "turochamp", "replay", "--game", game]);
        assert!(ok, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[lines.len() - 2..], [moves, pp], "game {game}");
    }
}

#[test]
fn best_cli_lists_every_move_and_the_tree() {
    let (ok, out, err) = mark1(&["ref", "turochamp", "best", "--fen", START]);
    assert!(ok, "{err}");
    assert!(out.contains("position play on the board: 10.2"));
    assert!(out.contains("chosen: e3 (value 41/41 = 1.000, position play +4.4)"));
    assert_eq!(out.lines().filter(|l| l.contains("41/41")).count(), 21);
    assert!(out.contains("considerable-move tree: "));
    let (ok, out, _) = mark1(&["ref", "turochamp", "best", "--fen", START, "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["chosen"], "e3");
    assert_eq!(v["moves"].as_array().unwrap().len(), 20);
    assert_eq!(v["moves"][0]["value"]["fraction"], "41/41");
    assert_eq!(v["readings"]["tie"], "low");
}

// ---- Bad input ----

#[test]
fn bad_fen_and_black_to_move_are_refused() {
    assert!(matches!(
        parse_fen("not a fen"),
        Err(TurochampError::Fen(_))
    ));
    // Two white kings: a FEN that reads but is no legal position.
    assert!(parse_fen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1").is_err());
    let black = pos("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(matches!(
        analyse(&black, &Readings::default(), 10),
        Err(TurochampError::NotWhiteToMove)
    ));
    let (ok, _, err) = mark1(&["ref", "turochamp", "best", "--fen", "xyz"]);
    assert!(!ok);
    assert!(err.contains("bad FEN `xyz`"), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn bad_san_is_refused_with_the_reason() {
    let p = Chess::default();
    let e = parse_san(&p, "e5").unwrap_err().to_string();
    assert_eq!(e, "bad move `e5`: no legal move fits it in this position");
    let e = parse_san(&p, "hello").unwrap_err().to_string();
    assert!(e.contains("not a move in SAN"), "{e}");
    let q = pos("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1");
    let e = parse_san(&q, "Nd2").unwrap_err().to_string();
    assert!(e.contains("more than one legal move"), "{e}");
}

#[test]
fn play_refuses_an_illegal_move_and_goes_on_and_writes_pgn() {
    let dir = std::env::temp_dir().join(format!("turochamp-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("moves.txt");
    let pgn = dir.join("game.pgn");
    std::fs::write(&script, "e5\nKe2 # illegal\nd5\n").unwrap();
    let (ok, out, err) = mark1(&[
        "ref",
        "turochamp",
        "play",
        "--script",
        script.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("1. e3"), "{out}");
    assert!(out.contains("refused: bad move `Ke2`"), "{out}");
    assert!(out.contains("end of input"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Result \"*\"]"));
    assert!(text.contains("1. e3 e5 2. "), "{text}");
    assert!(text.contains(" d5 "), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn parsers_never_panic(s in "\\PC{0,40}") {
        let _ = parse_fen(&s);
        let _ = parse_san(&Chess::default(), &s);
        let _ = Readings::from_assignments(&[s.as_str()]);
    }

    #[test]
    fn fen_like_text_never_panics(s in "[rnbqkpRNBQKP1-8/]{1,40} [wb] [KQkq-]{1,4} [a-h1-8-]{1,2} [0-9] [0-9]") {
        if let Ok(p) = parse_fen(&s) {
            if p.turn() == shakmaty::Color::White {
                let _ = analyse(&p, &Readings::default(), 2000);
            }
        }
    }
}
