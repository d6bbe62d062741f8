//! King and rook against king, the native reference (`src/reference/krk/`): the table
//! against every figure of krk.md §2 (Gilith, UCI, and the note's own solver), the move
//! generator against shakmaty's legality, the distances against a forward search, and
//! `mark1 ref krk census|best` through the binary. The table is built once per test
//! process (`krk::table()`).

use crate::common::mark1;
use mark1::reference::krk::{self, Outcome, Position, Value};
use serde_json::Value as Json;
use shakmaty::{CastlingMode, Chess, Color, FromSetup, Piece, Position as _, Role, Setup};
use std::collections::BTreeSet;

/// krk.md §2: (depth, WTM full, WTM classes, BTM full, BTM classes) for depths 0-16.
const TABLE: [(u8, u64, u64, u64, u64); 17] = [
    (0, 0, 0, 216, 27),
    (1, 1_512, 189, 624, 78),
    (2, 4_676, 587, 1_948, 246),
    (3, 3_852, 484, 648, 81),
    (4, 1_900, 238, 1_584, 198),
    (5, 4_848, 607, 3_768, 471),
    (6, 8_708, 1_091, 4_728, 592),
    (7, 11_320, 1_418, 5_444, 683),
    (8, 17_172, 2_149, 11_448, 1_433),
    (9, 20_088, 2_514, 13_672, 1_712),
    (10, 19_016, 2_382, 15_872, 1_985),
    (11, 20_476, 2_565, 22_788, 2_854),
    (12, 21_480, 2_691, 28_732, 3_597),
    (13, 17_824, 2_234, 33_516, 4_194),
    (14, 16_136, 2_027, 36_372, 4_553),
    (15, 5_244, 662, 17_284, 2_166),
    (16, 916, 121, 3_056, 390),
];

/// A small deterministic generator (splitmix64) for sampling positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A legal position, side to move chosen at random.
    fn position(&mut self) -> Position {
        loop {
            let i = (self.next() % krk::SLOTS as u64) as usize;
            let p = Position::from_index(i, self.next().is_multiple_of(2));
            if p.is_legal() {
                return p;
            }
        }
    }
}

/// The position as shakmaty sees it, or `None` if shakmaty refuses it.
fn chess(p: &Position) -> Option<Chess> {
    let mut setup = Setup::empty();
    let put = |s: &mut Setup, sq: u8, color, role| {
        s.board
            .set_piece_at(shakmaty::Square::new(u32::from(sq)), Piece { color, role });
    };
    put(&mut setup, p.white_king, Color::White, Role::King);
    put(&mut setup, p.rook, Color::White, Role::Rook);
    put(&mut setup, p.black_king, Color::Black, Role::King);
    setup.turn = if p.white_to_move {
        Color::White
    } else {
        Color::Black
    };
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}

fn uci(m: &shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// Every figure of krk.md §2, full board and up to symmetry.
#[test]
fn the_census_equals_krk_md() {
    let c = krk::table().census();
    let (w, b) = (&c.white_to_move, &c.black_to_move);
    assert_eq!(w.positions, 175_168);
    assert_eq!(w.classes, 21_959);
    assert_eq!(w.drawn, 0, "every WTM position is won");
    assert_eq!(b.positions, 223_944);
    assert_eq!(b.classes, 28_056);
    assert_eq!(b.drawn, 22_244);
    assert_eq!(b.drawn_classes, 2_796);
    assert_eq!(c.mated, 216);
    assert_eq!(c.stalemates, 68);
    assert_eq!(c.rook_can_be_taken, 22_176);
    assert_eq!(c.black_in_check, 48_776);
    assert_eq!(w.by_distance.len(), 17);
    assert_eq!(b.by_distance.len(), 17);
    for (n, wf, wc, bf, bc) in TABLE {
        let i = usize::from(n);
        assert_eq!(w.by_distance[i].distance, n);
        assert_eq!(w.by_distance[i].positions, wf, "WTM full, depth {n}");
        assert_eq!(w.classes_by_distance[i], wc, "WTM classes, depth {n}");
        assert_eq!(b.by_distance[i].positions, bf, "BTM full, depth {n}");
        assert_eq!(b.classes_by_distance[i], bc, "BTM classes, depth {n}");
    }
    let lw = c.longest_white_to_move.as_ref().unwrap();
    let lb = c.longest_black_to_move.as_ref().unwrap();
    assert_eq!((lw.distance, lb.distance), (16, 16));
}

/// krk.md §2's longest examples: Ka1 Rb2 / kc3, White mates in 16; Black to move with
/// Ka1 Rb2 / kc2 is lost in 16.
#[test]
fn the_longest_examples() {
    let t = krk::table();
    let w = Position::from_fen("8/8/8/8/8/2k5/1R6/K7 w").unwrap();
    assert_eq!(t.value(&w), Value::MateIn(16));
    assert_eq!(t.value(&w).plies(), Some(31));
    let b = Position::from_fen("8/8/8/8/8/8/1Rk5/K7 b").unwrap();
    assert_eq!(t.value(&b), Value::LostIn(16));
    assert_eq!(t.value(&b).plies(), Some(32));
}

/// The table obeys its own definition at every legal position: White to move is one
/// more than its best Black-to-move child; Black to move lost is its longest child; a
/// draw is a stalemate or a capture of the rook; mated is checkmate.
#[test]
fn every_value_is_its_childrens_best() {
    let t = krk::table();
    for i in 0..krk::SLOTS {
        for white in [true, false] {
            let p = Position::from_index(i, white);
            let v = t.value(&p);
            if !p.is_legal() {
                assert_eq!(v, Value::Illegal);
                continue;
            }
            let children: Vec<Option<u8>> = p
                .moves()
                .iter()
                .map(|m| match p.play(m) {
                    Outcome::Position(q) => t.value(&q).distance(),
                    Outcome::RookTaken => None,
                })
                .collect();
            if white {
                let best = children.iter().flatten().min().copied();
                assert_eq!(v, Value::MateIn(best.unwrap() + 1), "{}", p.fen());
            } else if children.is_empty() {
                let want = if p.black_in_check() {
                    Value::LostIn(0)
                } else {
                    Value::Drawn
                };
                assert_eq!(v, want, "{}", p.fen());
            } else if children.iter().any(Option::is_none) {
                assert_eq!(v, Value::Drawn, "{}", p.fen());
            } else {
                let worst = children.iter().flatten().max().copied().unwrap();
                assert_eq!(v, Value::LostIn(worst), "{}", p.fen());
            }
        }
    }
}

/// Legality, the legal moves, checkmate, stalemate and SAN against shakmaty at every
/// position with three distinct squares (both sides to move).
#[test]
fn legality_and_moves_agree_with_shakmaty() {
    let t = krk::table();
    let mut legal = 0;
    for i in 0..krk::SLOTS {
        for white in [true, false] {
            let p = Position::from_index(i, white);
            if p.white_king == p.rook || p.white_king == p.black_king || p.rook == p.black_king {
                assert!(!p.is_legal());
                continue;
            }
            let Some(c) = chess(&p) else {
                assert!(!p.is_legal(), "shakmaty refuses {}", p.fen());
                continue;
            };
            assert!(p.is_legal(), "{}: {:?}", p.fen(), p.illegal());
            legal += 1;
            let ours: BTreeSet<String> = p.moves().iter().map(krk::Move::uci).collect();
            let theirs: BTreeSet<String> = c.legal_moves().iter().map(uci).collect();
            assert_eq!(ours, theirs, "{}", p.fen());
            assert_eq!(
                t.value(&p) == Value::LostIn(0),
                c.is_checkmate(),
                "{}",
                p.fen()
            );
            let stalemate = t.value(&p) == Value::Drawn && p.moves().is_empty();
            assert_eq!(stalemate, c.is_stalemate(), "{}", p.fen());
            // SAN on a sample (every 7th slot keeps the test quick).
            if i.is_multiple_of(7) {
                for m in c.legal_moves() {
                    let ours = p.moves().into_iter().find(|x| x.uci() == uci(&m)).unwrap();
                    let san = shakmaty::san::SanPlus::from_move(c.clone(), m).to_string();
                    assert_eq!(p.san(&ours), san, "{}", p.fen());
                }
            }
        }
    }
    assert_eq!(legal, 175_168 + 223_944);
}

/// White to move: can White mate within `n` White moves? (shakmaty's moves.)
fn wins_within(c: &Chess, n: u8) -> bool {
    n > 0
        && c.legal_moves().into_iter().any(|m| {
            let mut q = c.clone();
            q.play_unchecked(m);
            lost_within(&q, n - 1)
        })
}

/// Black to move: is Black mated within `n` White moves whatever it plays? Taking the
/// rook (a bare king left) or stalemate escapes.
fn lost_within(c: &Chess, n: u8) -> bool {
    if c.is_checkmate() {
        return true;
    }
    let moves = c.legal_moves();
    n > 0
        && !moves.is_empty()
        && moves.into_iter().all(|m| {
            let mut q = c.clone();
            q.play_unchecked(m);
            q.board().rooks().any() && wins_within(&q, n)
        })
}

/// A plain depth-limited minimax on shakmaty's moves confirms the table's distance
/// (exactly: within n and not within n−1) for random positions at distances up to 3.
#[test]
fn a_forward_search_confirms_small_distances() {
    let t = krk::table();
    let mut rng = Rng(41);
    let (mut white, mut black, mut drawn) = (0, 0, 0);
    while white < 25 || black < 25 {
        let p = rng.position();
        let c = chess(&p).unwrap();
        match t.value(&p) {
            Value::MateIn(n) if n <= 3 && white < 25 => {
                assert!(wins_within(&c, n), "{}", p.fen());
                assert!(!wins_within(&c, n - 1), "{}", p.fen());
                white += 1;
            }
            Value::LostIn(n) if n <= 3 && black < 25 => {
                assert!(lost_within(&c, n), "{}", p.fen());
                assert!(n == 0 || !lost_within(&c, n - 1), "{}", p.fen());
                black += 1;
            }
            Value::Drawn if drawn < 25 => {
                assert!(!lost_within(&c, 3), "{}", p.fen());
                drawn += 1;
            }
            _ => {}
        }
    }
}

/// From random positions, White playing the table's best move and Black any legal move
/// (random, or the table's longest defence): each White move takes the distance down by
/// one, Black's longest defence keeps it, and the game ends in mate in exactly the
/// distance, checked by shakmaty.
#[test]
fn the_best_moves_keep_the_distance_falling() {
    let t = krk::table();
    let mut rng = Rng(1952);
    let mut games: u32 = 0;
    while games < 300 {
        let mut p = rng.position();
        let Some(start) = t.value(&p).distance() else {
            continue;
        };
        games += 1;
        let defend = games.is_multiple_of(2);
        let mut white_moves = 0;
        loop {
            let v = t.value(&p);
            let best = t.best_moves(&p);
            if v == Value::LostIn(0) {
                assert!(best.is_empty());
                assert!(chess(&p).unwrap().is_checkmate(), "{}", p.fen());
                break;
            }
            assert!(!best.is_empty(), "{}", p.fen());
            let moves = p.moves();
            let m = if p.white_to_move || defend {
                best[(rng.next() % best.len() as u64) as usize]
            } else {
                moves[(rng.next() % moves.len() as u64) as usize]
            };
            let Outcome::Position(q) = p.play(&m) else {
                panic!("Black took the rook in a lost position {}", p.fen());
            };
            let (before, after) = (v.distance().unwrap(), t.value(&q).distance().unwrap());
            if p.white_to_move {
                white_moves += 1;
                assert_eq!(after + 1, before, "{} {}", p.fen(), m.uci());
            } else if defend {
                assert_eq!(after, before, "{} {}", p.fen(), m.uci());
            } else {
                assert!(after <= before, "{} {}", p.fen(), m.uci());
            }
            p = q;
        }
        if defend {
            assert_eq!(white_moves, start, "mate in exactly the distance");
        } else {
            assert!(white_moves <= start);
        }
    }
}

/// FENs that are not legal KRK positions are refused with a reason, never a panic.
#[test]
fn bad_fens_are_refused_with_a_reason() {
    for (fen, why) in [
        ("garbage", "FEN"),
        ("8/8/8/8/8/8/1Rk5/K6Q b - - 0 1", "queen on h1"),
        ("8/8/8/8/8/8/2k5/K7 b - - 0 1", "one white rook (has 0)"),
        ("8/8/8/8/8/8/RRk5/K7 b - - 0 1", "one white rook (has 2)"),
        ("8/8/8/8/8/8/1Rk5/K7 w - - 0 1", "Black is in check"),
        ("8/8/8/8/8/8/1R6/Kk6 b - - 0 1", "side by side"),
    ] {
        let e = Position::from_fen(fen).unwrap_err().to_string();
        assert!(e.contains(why), "{fen}: {e}");
        let (ok, out, err) = mark1(&["ref", "krk", "best", "--fen", fen]);
        assert!(!ok, "{fen}: {out}");
        assert!(err.contains(why), "{fen}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// `mark1 ref krk census`: the table as printed, and as JSON, equals krk.md §2.
#[test]
fn census_through_the_binary() {
    let (ok, out, err) = mark1(&["ref", "krk", "census"]);
    assert!(ok, "{err}");
    for (n, wf, wc, bf, bc) in TABLE {
        let cell = |x: u64| {
            if n == 0 && x == 0 {
                "-".to_string()
            } else {
                x.to_string()
            }
        };
        let row = format!(
            "{n:>8} {:>10} {:>10} {:>10} {:>10}",
            cell(wf),
            cell(wc),
            cell(bf),
            cell(bc)
        );
        assert!(out.contains(&row), "missing `{row}` in\n{out}");
    }
    assert!(
        out.contains("   drawn          0          0      22244       2796"),
        "{out}"
    );
    assert!(
        out.contains("   total     175168      21959     223944      28056"),
        "{out}"
    );
    assert!(
        out.contains("216 mated, 68 stalemated, 22176 can take the rook"),
        "{out}"
    );
    assert!(
        out.contains("longest, White to move: mate in 16, e.g. "),
        "{out}"
    );
    assert!(
        out.contains("longest, Black to move: lost in 16, e.g. "),
        "{out}"
    );

    let (ok, out, err) = mark1(&["ref", "krk", "census", "--json"]);
    assert!(ok, "{err}");
    let c: Json = serde_json::from_str(&out).unwrap();
    assert_eq!(c["squares"], "algebraic");
    assert_eq!(c["white_to_move"]["positions"], 175_168);
    assert_eq!(c["black_to_move"]["positions"], 223_944);
    assert_eq!(c["black_to_move"]["drawn"], 22_244);
    assert_eq!(c["black_to_move"]["classes"], 28_056);
    assert_eq!(c["stalemates"], 68);
    assert_eq!(c["mated"], 216);
    for (n, wf, _, bf, bc) in TABLE {
        let i = usize::from(n);
        assert_eq!(c["white_to_move"]["by_distance"][i]["positions"], wf);
        assert_eq!(c["black_to_move"]["by_distance"][i]["positions"], bf);
        assert_eq!(c["black_to_move"]["classes_by_distance"][i], bc);
    }
    // The example the command names is one the table values at 16.
    let fen = c["longest_white_to_move"]["fen"].as_str().unwrap();
    assert_eq!(
        krk::table().value(&Position::from_fen(fen).unwrap()),
        Value::MateIn(16)
    );
}

/// `mark1 ref krk best`: the value, the distance and the best moves of krk.md's longest
/// examples, a mate, a draw.
#[test]
fn best_through_the_binary() {
    let (ok, out, err) = mark1(&["ref", "krk", "best", "--fen", "8/8/8/8/8/2k5/1R6/K7 w"]);
    assert!(ok, "{err}");
    assert!(out.contains("White mates in 16 (31 plies)"), "{out}");
    assert!(out.contains("Rb8 (b2b8): Black is lost in 15"), "{out}");

    let (ok, out, err) = mark1(&[
        "ref",
        "krk",
        "best",
        "--fen",
        "8/8/8/8/8/8/1Rk5/K7 b",
        "--json",
    ]);
    assert!(ok, "{err}");
    let b: Json = serde_json::from_str(&out).unwrap();
    assert_eq!(b["squares"], "algebraic");
    assert_eq!(b["to_move"], "black");
    assert_eq!(b["value"], "won");
    assert_eq!(b["distance"], 16);
    assert_eq!(b["plies"], 32);
    let moves = b["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{b}");
    assert_eq!(moves[0]["san"], "Kc3");
    assert_eq!(moves[0]["uci"], "c2c3");
    assert_eq!(moves[0]["value_after"], "White mates in 16");

    let (ok, out, _) = mark1(&["ref", "krk", "best", "--fen", "k7/2K5/8/8/8/8/8/1R6 w"]);
    assert!(ok);
    assert!(out.contains("White mates in 1 (1 ply)"), "{out}");
    assert!(out.contains("Ra1# (b1a1): Black is mated"), "{out}");

    let (ok, out, _) = mark1(&["ref", "krk", "best", "--fen", "k7/1R6/8/8/8/8/8/4K3 b"]);
    assert!(ok);
    assert!(out.contains("drawn: Black takes the rook"), "{out}");
    assert!(out.contains("Kxb7 (a8b7)"), "{out}");

    let (ok, out, _) = mark1(&["ref", "krk", "best", "--fen", "k7/2K5/8/8/8/8/8/1R6 b"]);
    assert!(ok);
    assert!(out.contains("Black is lost in 1"), "{out}");
}
