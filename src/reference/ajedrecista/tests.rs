use super::*;

fn sq(t: &str) -> Square {
    parse_square(t).unwrap()
}

fn pos(wk: &str, r: &str, bk: &str) -> Position {
    Position {
        white_king: sq(wk),
        rook: Some(sq(r)),
        black_king: sq(bk),
        machine_to_move: true,
    }
}

fn answer(p: &Position) -> (u8, String) {
    match decide(p, Rows::Vigneron) {
        Decision::Move(r) => (r.order.case, r.san()),
        d => panic!("no move in {}: {d:?}", p.fen()),
    }
}

#[test]
fn the_starts_are_ranks_one_to_six_off_the_b_file() {
    let s = Position::starts();
    assert_eq!(s.len(), 42);
    assert!(s
        .iter()
        .all(|p| rank(p.black_king) <= 5 && file(p.black_king) != 1));
    assert!(Position::start(sq("b3")).is_err());
    assert!(Position::start(sq("d7")).is_err());
    let e = Position::start(sq("b3")).unwrap_err().to_string();
    assert_eq!(
        e,
        "the black king cannot start on b3: it would be in check from the rook on b7"
    );
}

#[test]
fn each_row_of_the_table() {
    // 1: the black king in the rook's zone (a-c): the rook to the h-file.
    assert_eq!(answer(&pos("a8", "b7", "c3")), (1, "Rh7".into()));
    // ... and in the right zone from the right: to the a-file.
    assert_eq!(answer(&pos("a8", "g5", "h2")), (1, "Ra5".into()));
    // 2: more than one rank below the rook: the rook down.
    assert_eq!(answer(&pos("a8", "b7", "e3")), (2, "Rb6".into()));
    // 3: the rook one rank above, the kings more than two ranks apart: the king down.
    assert_eq!(answer(&pos("a8", "b4", "e3")), (3, "Ka7".into()));
    // 4: two ranks apart, files odd: the waiting move b -> a.
    assert_eq!(answer(&pos("b5", "b4", "e3")), (4, "Ra4".into()));
    assert_eq!(answer(&pos("b5", "h4", "e3")), (4, "Rg4".into()));
    // 5: even and not zero: the king one file towards the black king.
    assert_eq!(answer(&pos("a5", "b4", "e3")), (5, "Kb5".into()));
    assert_eq!(answer(&pos("h5", "a4", "d3")), (5, "Kg5".into()));
    // 6: opposition: the rook down, check; mate on the first rank.
    assert_eq!(answer(&pos("e5", "b4", "e3")), (6, "Rb3+".into()));
    assert_eq!(answer(&pos("e3", "b2", "e1")), (6, "Rb1#".into()));
}

#[test]
fn fen_in_and_out() {
    let p = pos("a8", "b7", "d4");
    assert_eq!(p.fen(), "K7/1R6/8/8/3k4/8/8/8 w - - 0 1");
    assert_eq!(Position::from_fen(&p.fen()).unwrap(), p);
    let e = Position::from_fen("K7/1R6/8/8/3k4/8/8/7q w - - 0 1").unwrap_err();
    assert!(e.to_string().contains("a q on h1"), "{e}");
    assert!(Position::from_fen("K7/8/8 w").is_err());
    assert!(Position::from_fen("8/1R6/8/8/3k4/8/8/8 w - - 0 1")
        .unwrap_err()
        .to_string()
        .contains("one white king (has 0)"));
}

#[test]
fn three_strikes_and_the_king_stands() {
    let mut g = Game::new(Position::start(sq("d3")).unwrap(), Readings::default());
    g.machine().unwrap();
    // A jump the length of the board: flagged, the king stands on d8.
    assert_eq!(
        g.visitor(sq("d8")).unwrap(),
        Visited::Flagged {
            strike: 1,
            stands: sq("d8")
        }
    );
    assert!(g.machine().is_err(), "no reply after a flagged move");
    // A step next to the white king: flagged again.
    let wk = g.position.white_king;
    let beside = (0..64).find(|&s| adjacent(s, wk) && adjacent(s, g.position.black_king));
    if let Some(b) = beside {
        assert!(matches!(
            g.visitor(b).unwrap(),
            Visited::Flagged { strike: 2, .. }
        ));
    } else {
        assert!(matches!(
            g.visitor(sq("a1")).unwrap(),
            Visited::Flagged { strike: 2, .. }
        ));
    }
    assert_eq!(g.visitor(sq("h1")).unwrap(), Visited::Refused);
    assert_eq!(g.end, Some(End::Refused));
    assert!(g.visitor(sq("d7")).is_err());
}

#[test]
fn put_back_after_a_flagged_move_under_back() {
    let readings = Readings {
        flagged: Flagged::Back,
        ..Readings::default()
    };
    let mut g = Game::new(Position::start(sq("d3")).unwrap(), readings);
    g.machine().unwrap();
    let at = g.position.black_king;
    assert_eq!(
        g.visitor(sq("d8")).unwrap(),
        Visited::Flagged {
            strike: 1,
            stands: at
        }
    );
}

#[test]
fn the_cheat_past_the_rook_stops_the_machine() {
    // Faster than Thought: the king moved the length of the board, past the rook; the
    // machine has no upward move and never mates.
    let mut g = Game::new(Position::start(sq("e2")).unwrap(), Readings::default());
    g.machine().unwrap(); // Rb6
    assert!(matches!(
        g.visitor(sq("e8")).unwrap(),
        Visited::Flagged { .. }
    ));
    assert_eq!(g.visitor(sq("e7")).unwrap(), Visited::Played);
    g.machine().unwrap();
    assert!(
        matches!(g.end, Some(End::NoCase | End::Cannot(..))),
        "{:?}",
        g.end
    );
}

#[test]
fn the_census_has_no_stalemate_no_lost_rook_and_always_mates() {
    for first in [true, false] {
        let c = census(&Readings::default(), first);
        assert!(c.positions > 100, "{c:?}");
        assert_eq!(
            (c.stalemates, c.rooks_lost, c.stops, c.repeated),
            (0, 0, 0, 0),
            "{c:?}"
        );
        assert!(c.always_mates);
        assert!(c.mates > 0 && c.cases.values().all(|&n| n > 0), "{c:?}");
    }
}

#[test]
fn the_longest_line_ends_in_mate_after_its_count() {
    let l = longest(&Readings::default(), true, None);
    let n = l.from.moves.unwrap();
    assert!(l.line.ends_with('#'), "{}", l.line);
    assert!(l.line.contains(&format!("{n}. ")), "{}", l.line);
    assert!(!l.line.contains(&format!("{}. ", n + 1)), "{}", l.line);
}
