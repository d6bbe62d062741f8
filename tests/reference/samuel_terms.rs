//! Samuel's terms (1959, Appendix C) on hand-made positions, the connectives, the
//! symmetry of every parameter between the colours, and the ply rules.
//! Positions are PDN FEN; the side to move is the active side.

use mark1::random::Xorshift;
use mark1::reference::draughts::moves::apply;
use mark1::reference::draughts::{legal_moves, Position, Side};
use mark1::reference::samuel::search::{evaluate, shrink, stop_here, Limits, Polynomial, WIN};
use mark1::reference::samuel::terms::{
    all_parameters, parameter_of, term_values, Term, SIMPLE, TERMS,
};
use mark1::reference::samuel::{search, Rote, RoteParams};
use proptest::prelude::*;

fn f(fen: &str, t: Term) -> i32 {
    parameter_of(&Position::from_fen(fen).unwrap(), t)
}

#[test]
fn adv() {
    // Passive Black: 9 is its 3rd row (-1), 17 and 21 its 5th and 6th (+1 each), 25 its
    // 7th (0); a king does not count.
    assert_eq!(f("W:W32:B9,17,21,25,K18", Term::Adv), 1);
    // Passive White, counted from its own side: 12 its 6th row, 16 its 5th, 20 its 4th.
    assert_eq!(f("B:W12,16,20:B1", Term::Adv), 1);
}

#[test]
fn apex() {
    assert_eq!(f("B:W20:B7", Term::Apex), -1);
    assert_eq!(f("B:W26:B7", Term::Apex), 0, "a passive man on 26");
    assert_eq!(f("B:WK20:B7", Term::Apex), 0, "a king on the board");
}

#[test]
fn back() {
    assert_eq!(f("W:W20:B1,3", Term::Back), 1);
    assert_eq!(f("W:WK20:B1,3", Term::Back), 0, "an active king");
    assert_eq!(f("W:W20:B1,2", Term::Back), 0, "no bridge");
    assert_eq!(f("B:W30,32:B1", Term::Back), 1, "White's bridge");
}

#[test]
fn cent_and_kcent() {
    // The centre is PDN 10, 11, 14, 15, 18, 19, 22, 23 (Samuel's bits 11, 12, 15, 16,
    // 20, 21, 24, 25).
    assert_eq!(f("W:W30:B10,11,14,9,K15", Term::Cent), 3);
    assert_eq!(f("W:W32:BK11,K19,K1,12", Term::Kcent), 2);
}

#[test]
fn cntr() {
    // Black's 11 stands in the centre and can go to 15 (centre) and 16; 7 can go to 10
    // (centre) and 11.
    assert_eq!(f("B:W30:B11,7", Term::Cntr), 3);
}

#[test]
fn corn() {
    // White's king on 9 (credit 3) can step into the double corner at 5; Black has 4.
    assert_eq!(f("W:WK9:B20,24", Term::Corn), 1);
    assert_eq!(f("W:WK9:B20", Term::Corn), 0, "the passive side not ahead");
    assert_eq!(
        f("W:WK14:B20,24", Term::Corn),
        0,
        "no double corner within reach"
    );
}

#[test]
fn cramp() {
    assert_eq!(f("W:W17,21,22,25:B13,9", Term::Cramp), 2);
    assert_eq!(f("W:W17,21,22:B13,9", Term::Cramp), 0, "25 not held");
    assert_eq!(f("W:W17,21,22,25:B13", Term::Cramp), 0, "no nearby square");
    // White cramped: 20 and 24 held (our reading of "19 or 20"), Black on 8, 11, 12, 16.
    assert_eq!(f("B:W20,24:B8,11,12,16", Term::Cramp), 2);
}

#[test]
fn mob_deny_mobil_thret() {
    // Black's 6 can go to 9 and 10; on 10 White's 15 takes it for nothing, and from 10
    // it would threaten 15.
    let fen = "B:W15:B6";
    assert_eq!(f(fen, Term::Mob), 2);
    assert_eq!(f(fen, Term::Deny), 1);
    assert_eq!(f(fen, Term::Mobil), 1);
    assert_eq!(f(fen, Term::Thret), 1);
    assert_eq!(f(fen, Term::Exch), 0);
    assert_eq!(f("B:W32:B1", Term::Mob), 2);
}

#[test]
fn exch_and_recap() {
    // 7-10 offers a man that 15 must take (15x6), and 1 takes back (1x10): an exchange.
    // 7-11 loses the man for nothing (denied); 1-5 and 1-6 are safe.
    let fen = "B:W15:B1,7";
    assert_eq!(f(fen, Term::Exch), 1);
    assert_eq!(f(fen, Term::Recap), 1);
    assert_eq!(f(fen, Term::Mob), 4);
    assert_eq!(f(fen, Term::Deny), 1);
    assert_eq!(f(fen, Term::Mobil), 3);
}

#[test]
fn dia_and_diav() {
    // 1 and 14 on the double-corner files, 2 one diagonal away, 3 two away, 4 three.
    let fen = "W:W32:B1,2,3,4,14";
    assert_eq!(f(fen, Term::Dia), 2);
    assert_eq!(f(fen, Term::Diav), 3 + 2 + 1 + 3);
}

#[test]
fn dyke() {
    assert_eq!(f("W:W32:B1,6,10", Term::Dyke), 1);
    assert_eq!(f("W:W32:B1,6,10,15", Term::Dyke), 2);
    assert_eq!(f("W:W32:B1,6,11", Term::Dyke), 0);
}

#[test]
fn expos_node_pole() {
    // 14 alone in the open: exposed, a node, a pole; 5 on the edge: none of these.
    let fen = "W:W32:B5,14";
    assert_eq!(f(fen, Term::Expos), 1);
    assert_eq!(f(fen, Term::Node), 1);
    assert_eq!(f(fen, Term::Pole), 1);
    assert_eq!(f("W:W32:BK14", Term::Pole), 0, "a king is not a pole");
    assert_eq!(f("W:W32:BK14", Term::Node), 1);
}

#[test]
fn fork() {
    // Black's 14 and 15 side by side; 18, 9 and 11 empty; White's 22 can step to 18.
    assert_eq!(f("W:W22:B14,15", Term::Fork), 1);
    assert_eq!(f("W:W30:B14,15", Term::Fork), 0, "nothing can reach 18");
    assert_eq!(f("W:W22,9:B14,15", Term::Fork), 0, "a landing square taken");
}

#[test]
fn gap() {
    // 6 separates 1 and 10; 5 separates 1 from the edge.
    assert_eq!(f("W:W32:B1,10", Term::Gap), 2);
    // 5 and 13 separate 9 from the edge.
    assert_eq!(f("W:W32:B9", Term::Gap), 2);
}

#[test]
fn guard_and_oreo() {
    let fen = "W:W32:B2,3,7";
    assert_eq!(f(fen, Term::Guard), 1);
    assert_eq!(f(fen, Term::Oreo), 1);
    assert_eq!(f(fen, Term::Back), 0);
    assert_eq!(f("W:WK32:B2,3,7", Term::Guard), 0, "an active king");
    assert_eq!(
        f("W:WK32:B2,3,7", Term::Oreo),
        1,
        "OREO asks only for no passive king"
    );
    assert_eq!(f("W:W32:B2,3,K7", Term::Oreo), 0);
    assert_eq!(f("W:W32:B1,3", Term::Guard), 1, "the bridge");
}

#[test]
fn hole() {
    assert_eq!(f("W:W32:B9,10,17", Term::Hole), 1);
    assert_eq!(f("W:W32:B9,10", Term::Hole), 0);
}

#[test]
fn move_term() {
    // Even material, total 4: 4 is in the move system (rows of 1-4, 9-12, 17-20,
    // 25-28), 21 is not: one piece there, odd.
    assert_eq!(f("B:W21:B4", Term::Move), 1);
    assert_eq!(f("B:W25:B4", Term::Move), 0, "two pieces in the system");
    assert_eq!(f("B:W21,22:B4", Term::Move), 0, "material not even");
}

/// Each term's value is its parameter now less before; the connectives follow the
/// signs of DENY, MOB, MOBIL and CENT.
#[test]
fn term_values_and_connectives() {
    let mut now = [0i32; SIMPLE];
    let before = [0i32; SIMPLE];
    now[Term::Deny.index()] = 1;
    now[Term::Mob.index()] = 3;
    now[Term::Mobil.index()] = -2;
    now[Term::Cent.index()] = 0;
    let t = term_values(&now, &before);
    assert_eq!(t.len(), TERMS);
    assert_eq!(t[Term::Mob.index()], 3);
    let on = |x: Term| t[x.index()];
    // DENY+, MOB+: DEMO.
    assert_eq!(
        [
            on(Term::Demo),
            on(Term::Demmo),
            on(Term::Ddemo),
            on(Term::Ddmm)
        ],
        [1, 0, 0, 0]
    );
    // MOBIL-, DENY+: MODE 2 (not A, B).
    assert_eq!(
        [
            on(Term::Mode1),
            on(Term::Mode2),
            on(Term::Mode3),
            on(Term::Mode4)
        ],
        [0, 1, 0, 0]
    );
    // MOBIL-, CENT 0: MOC 4.
    assert_eq!(
        [
            on(Term::Moc1),
            on(Term::Moc2),
            on(Term::Moc3),
            on(Term::Moc4)
        ],
        [0, 0, 0, 1]
    );
    let mut before2 = now;
    before2[Term::Mob.index()] = 5;
    let t = term_values(&now, &before2);
    assert_eq!(t[Term::Mob.index()], -2);
    assert_eq!(t[Term::Demmo.index()] + t[Term::Ddmm.index()], 1);
}

/// A position turned round with its colours exchanged: every parameter the same (the
/// squares named for each colour are mirrors of each other).
fn turned(p: &Position) -> Position {
    Position {
        b: p.w.reverse_bits(),
        w: p.b.reverse_bits(),
        k: p.k.reverse_bits(),
        to_move: p.to_move.opponent(),
    }
}

#[test]
fn hand_made_positions_are_symmetric_too() {
    for fen in [
        "W:W17,21,22,25:B13,9",
        "B:W15:B1,7",
        "W:W22:B14,15",
        "W:W32:B1,2,3,4,14",
    ] {
        let p = Position::from_fen(fen).unwrap();
        assert_eq!(all_parameters(&p), all_parameters(&turned(&p)), "{fen}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Any position from a random game: the parameters of Black's view and of White's
    /// view of the turned position agree.
    #[test]
    fn parameters_are_colour_symmetric(seed in 1u32..100_000) {
        for p in mark1::reference::draughts::random_positions(3, seed) {
            prop_assert_eq!(all_parameters(&p), all_parameters(&turned(&p)));
        }
    }
}

#[test]
fn ply_rules() {
    let l = Limits::default();
    // Below the minimum: go on.
    assert!(!stop_here(&l, 2, false, false, false, false));
    // Ply 3: stop unless a jump is next, the last move was a jump, or an exchange offer.
    assert!(stop_here(&l, 3, false, false, false, false));
    assert!(!stop_here(&l, 3, true, false, false, false));
    assert!(!stop_here(&l, 3, false, true, false, false));
    assert!(!stop_here(&l, 3, false, false, true, false));
    // Ply 4: the last jump no longer keeps it going.
    assert!(stop_here(&l, 4, false, true, false, false));
    assert!(!stop_here(&l, 4, false, false, true, false));
    assert!(!stop_here(&l, 4, true, false, false, false));
    // Ply 5 on: only a jump next.
    assert!(stop_here(&l, 5, false, true, true, false));
    assert!(!stop_here(&l, 10, true, false, false, true));
    // Ply 11 on: more than two kings ahead stops even before a jump.
    assert!(stop_here(&l, 11, true, false, false, true));
    assert!(!stop_here(&l, 11, true, false, false, false));
    // Ply 20: always.
    assert!(stop_here(&l, 20, true, true, true, false));
}

/// The search follows a chain of jumps past the minimum ply: White's man on 22 is given
/// up (22-18) for a double jump back.
#[test]
fn search_follows_jumps_beyond_the_minimum() {
    let pos = Position::from_fen("B:W26,27,28,29:B1,2,3,5,6,7,9,10,11,14,15").unwrap();
    let mut rng = Xorshift(1);
    let poly = Polynomial::default();
    let r = search(&pos, &poly, &Limits::default(), None, &mut rng);
    assert!(r.best.is_some());
    assert!(r.depth >= 3, "depth {}", r.depth);
    // A quiet position: nothing beyond ply 3 unless an exchange is on offer.
    let quiet = Position::from_fen("B:W29,30,31,32:B1,2,3,4").unwrap();
    let r = search(&quiet, &poly, &Limits::default(), None, &mut rng);
    assert_eq!(r.depth, 3);
}

/// Plain minimax over the same rules, no pruning: the alpha-beta search gives the same
/// score for the best move.
fn plain(
    pos: &Position,
    before: &[i32; SIMPLE],
    ply: u32,
    last_jump: bool,
    poly: &Polynomial,
    l: &Limits,
) -> i64 {
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return -WIN;
    }
    let now = all_parameters(pos);
    let next_jump = moves[0].is_capture();
    let cb = (pos.b & !pos.k).count_ones() * 2 + (pos.b & pos.k).count_ones() * 3;
    let cw = (pos.w & !pos.k).count_ones() * 2 + (pos.w & pos.k).count_ones() * 3;
    let ahead = (cb as i32 - cw as i32).abs() > 6;
    if stop_here(
        l,
        ply,
        next_jump,
        last_jump,
        now[Term::Exch.index()] > 0,
        ahead,
    ) {
        let mut s = evaluate(pos, &now, before, poly);
        if next_jump && ply >= l.max_ply {
            let total = i64::from(cb + cw);
            s += mark1::reference::samuel::search::PIECE_UNIT * 2 * (96 - total) / 48;
        }
        return s;
    }
    moves
        .iter()
        .map(|m| {
            shrink(-plain(
                &apply(pos, m),
                &now,
                ply + 1,
                m.is_capture(),
                poly,
                l,
            ))
        })
        .max()
        .unwrap()
}

#[test]
fn alpha_beta_agrees_with_plain_minimax() {
    let poly = Polynomial {
        terms: vec![
            (Term::Mob, 1 << 16),
            (Term::Adv, -(1 << 14)),
            (Term::Cent, 1 << 15),
            (Term::Exch, 1 << 12),
            (Term::Mode2, 1 << 13),
        ],
    };
    let l = Limits {
        min_ply: 2,
        ahead_ply: 6,
        max_ply: 6,
        max_nodes: u64::MAX,
        quiet: false,
    };
    let mut checked = 0;
    for pos in mark1::reference::draughts::random_positions(40, 11) {
        if legal_moves(&pos).is_empty() {
            continue;
        }
        let r = search(&pos, &poly, &l, None, &mut Xorshift(3));
        let root = all_parameters(&pos);
        let best = legal_moves(&pos)
            .iter()
            .map(|m| shrink(-plain(&apply(&pos, m), &root, 1, m.is_capture(), &poly, &l)))
            .max()
            .unwrap();
        assert_eq!(r.score, best, "{}", pos.to_fen());
        checked += 1;
    }
    assert!(checked > 30);
}

/// The sense of direction: of two wins, the nearer scores higher.
#[test]
fn nearer_wins_score_higher() {
    assert!(shrink(WIN - 5) > shrink(shrink(shrink(WIN - 5))));
    assert!(shrink(-(WIN - 5)) < shrink(shrink(shrink(-(WIN - 5)))));
    // Black to move: 18-22 leaves White's last man on 29 without a move.
    let pos = Position::from_fen("B:W29:B25,18").unwrap();
    let r = search(
        &pos,
        &Polynomial::default(),
        &Limits::default(),
        None,
        &mut Xorshift(9),
    );
    assert!(r.score > WIN / 2, "{}", r.score);
}

/// Rote memory: standardised to Black to move, kings-only positions to one of four
/// forms; ages halved on reference, grown at merges, forgotten at the maximum.
#[test]
fn rote_memory() {
    use mark1::reference::samuel::rote::standardise;
    let p = Position::from_fen("W:W20,24:B5,9").unwrap();
    assert_eq!(standardise(&p), standardise(&turned(&p)));
    assert_eq!(standardise(&p).0, turned(&p).b);
    // Kings only: reflections give the same key.
    let k1 = Position::from_fen("B:WK32:BK1").unwrap();
    let k2 = Position::from_fen("B:WK29:BK4").unwrap();
    let k3 = Position::from_fen("B:WK1:BK32").unwrap();
    assert_eq!(standardise(&k1), standardise(&k3), "turned round");
    assert_ne!(
        standardise(&k1),
        standardise(&k2),
        "4 and 29 are the single corners"
    );
    let mut r = Rote::new(RoteParams {
        new_age: 4,
        max_age: 6,
        merge_every: 2,
        max_entries: 10,
    });
    r.save(&p, 123, 3);
    assert_eq!(r.lookup(&turned(&p)), Some((123, 3)));
    assert_eq!(r.map.values().next().unwrap().age, 2);
    for _ in 0..8 {
        r.moved();
    }
    assert!(
        r.map.is_empty(),
        "forgotten after its age reached the maximum"
    );
    // The file round trip, and a bad file refused with the reason.
    r.save(&p, -7, 5);
    let text = serde_json::to_string(&r.to_json()).unwrap();
    let back = Rote::from_json(&text, RoteParams::default()).unwrap();
    assert_eq!(back.map, r.map);
    let err = Rote::from_json(
        r#"{"positions":[{"b":1,"w":1,"k":0,"score":0,"ply":1,"age":0}]}"#,
        RoteParams::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("position 1"), "{err}");
    // A search uses a stored score: the stored position's ply counts behind the result.
    let mut r = Rote::new(RoteParams::default());
    let start = Position::start();
    for m in legal_moves(&start) {
        r.save(&apply(&start, &m), 0, 9);
    }
    let res = search(
        &start,
        &Polynomial::default(),
        &Limits::default(),
        Some(&mut r),
        &mut Xorshift(1),
    );
    assert!(res.rote_hits >= 7);
    assert_eq!(res.effective_ply, 10);
}

#[test]
fn side_words_in_samuel_numbering() {
    // Appendix A: Black to move, FA holds all Black's pieces, BA its kings.
    use mark1::reference::samuel::board::{samuel_of_pdn, SamuelWords};
    let p = Position::from_fen("B:WK32,29:B1,K9").unwrap();
    let w = SamuelWords::of(&p);
    let bit = |pdn: u32| 1u64 << samuel_of_pdn(pdn).unwrap();
    assert_eq!(w.fa, bit(1) | bit(9));
    assert_eq!(w.ba, bit(9));
    assert_eq!(w.fp, bit(32));
    assert_eq!(w.bp, bit(32) | bit(29));
    assert_eq!(w.active, Side::Black);
}
