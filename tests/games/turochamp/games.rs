//! Turing's two printed games (src/reference/turochamp/games.rs) and the descriptive
//! notation reader and writer (src/reference/turochamp/descriptive.rs).

use mark1::reference::turochamp::descriptive::{
    read, read_with, write, CastlingReading, NotationError, ReadOptions, Style, SuffixReading,
};
use mark1::reference::turochamp::games::{game, position};
use proptest::prelude::*;
use shakmaty::{san::San, Chess, Move, Position};

/// Game 2 in SAN, copied from /work/shared/reference/programs-next.md section A: a
/// separate transcription, not the code under test.
const GAME_2_SAN: &str =
    "e4 e5 Nc3 Nf6 d4 Bb4 Nf3 d6 Bd2 Nc6 d5 Nd4 h4 Bg4 a4 Nxf3+ gxf3 Bh5 Bb5+ c6 dxc6 \
O-O cxb7 Rb8 Ba6 Qa5 Qe2 Nd7 Rg1 Nc5 Rg5 Bg6 Bb5 Nxb7 O-O-O Nc5 Bc6 Rfc8 Bd5 Bxc3 Bxc3 Qxa4 \
Kd2 Ne6 Rg4 Nd4 Qd3 Nb5 Bb3 Qa6 Bc4 Bh5 Rg3 Qa4 Bxb5 Qxb5 Qxd6 Rd8";

/// Game 1 after move 20, from the same digest.
const GAME_1_AFTER_20: &str =
    "bxc3 Qxa4 Be3 Qa3+ Kd2 Na4 Bxa7 Rb2 c4 Qc3+ Kc1 Ra2 Bxf7+ Bxf7 Rxg7+ Kxg7 Be3 Ra1#";

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

#[test]
fn both_games_are_legal_throughout_from_their_fens() {
    for n in [1, 2] {
        let g = game(n).unwrap();
        assert_eq!(g.white.len(), 29, "game {n}");
        for (i, w) in g.white.iter().enumerate() {
            assert_eq!(w.number as usize, i + 1);
            let pos = position(&w.fen_before).unwrap();
            assert_eq!(pos.turn(), shakmaty::Color::White);
            let m = read(&pos, w.descriptive).or_else(|e| {
                // The ambiguous prints are read by the rest of the game; the reading says so.
                assert!(w.reading.is_some(), "{e}");
                let san: San = w.san.trim_end_matches(['+', '#']).parse().unwrap();
                san.to_move(&pos).map_err(|_| e)
            });
            assert!(m.is_ok(), "game {n} move {}", w.number);
        }
        for b in &g.black {
            let pos = position(&b.fen_before).unwrap();
            assert_eq!(pos.turn(), shakmaty::Color::Black);
        }
    }
}

#[test]
fn game_1_ends_in_checkmate() {
    let g = game(1).unwrap();
    let end = position(&g.final_fen).unwrap();
    assert!(end.is_checkmate());
    assert_eq!(g.black.len(), 29);
    assert_eq!(g.black.last().unwrap().descriptive, "R - R8 mate");
    assert_eq!(g.sans.last().unwrap(), "Ra1#");
}

#[test]
fn game_2_has_29_white_moves_and_ends_after_black_29_rook_to_q1() {
    let g = game(2).unwrap();
    assert_eq!(g.white.len(), 29);
    assert_eq!(g.black.len(), 29);
    assert_eq!(g.black.last().unwrap().descriptive, "R—Q 1");
    let end = position(&g.final_fen).unwrap();
    assert_eq!(end.turn(), shakmaty::Color::White);
    assert!(!end.is_checkmate());
    assert!(g.end.contains("resigns"));
}

#[test]
fn first_twenty_moves_agree_and_sans_match_the_digest() {
    let (g1, g2) = (game(1).unwrap(), game(2).unwrap());
    assert_eq!(g1.sans[..40], g2.sans[..40]);
    assert_ne!(g1.sans[40], g2.sans[40]);
    assert_eq!(g2.sans, words(GAME_2_SAN));
    assert_eq!(g1.sans[40..], words(GAME_1_AFTER_20)[..]);
}

#[test]
fn printed_position_play_figures() {
    let (g1, g2) = (game(1).unwrap(), game(2).unwrap());
    let pp = |g: &mark1::reference::turochamp::games::Game, n: usize| {
        (g.white[n - 1].printed_pp_tenths, g.white[n - 1].star)
    };
    assert_eq!(pp(&g1, 1), (Some(42), true));
    assert_eq!(pp(&g1, 3), (Some(31), true));
    assert_eq!(pp(&g2, 3), (Some(26), true));
    assert_eq!(pp(&g1, 4), (Some(20), false));
    assert_eq!(pp(&g1, 5), (Some(36), true));
    assert_eq!(pp(&g2, 5), (Some(35), true));
    assert_eq!(pp(&g1, 9), (None, false));
    assert_eq!(pp(&g1, 13), (Some(-15), false));
    assert_eq!(pp(&g1, 18), (Some(30), true));
    assert_eq!(pp(&g2, 18), (Some(32), true));
    assert_eq!(pp(&g1, 21), (Some(-7), false));
    assert_eq!(pp(&g2, 21), (Some(7), false));
    assert_eq!(pp(&g2, 23), (Some(-3), false));
    assert_eq!(g1.white[3].note, Some(1));
    assert!(g1.white[3].note_text.unwrap().starts_with("If B-Q2 3.6*"));
    assert_eq!(g1.black[14].note, Some(4));
    assert_eq!(g2.white[28].note_text, Some("Fiddling while Rome burns!"));
}

#[test]
fn the_ambiguous_prints_are_read_by_the_rest_of_the_game() {
    let g1 = game(1).unwrap();
    assert_eq!(g1.white[12].san, "Ba6");
    assert!(g1.white[12].reading.as_deref().unwrap().contains("Bh6"));
    assert_eq!(g1.white[24].san, "c4");
    assert!(g1.white[24].reading.as_deref().unwrap().contains("f4"));
    assert_eq!(g1.black[20].san, "Qxa4");
    assert_eq!(
        g1.white[17].san, "O-O-O",
        "the typescript's O-O is the queen's side"
    );
    assert!(g1.white[0].reading.is_none());
}

#[test]
fn no_game_3() {
    assert_eq!(game(3).unwrap_err(), NotationError::NoSuchGame(3));
    assert!(game(0).unwrap_err().to_string().contains("no game 0"));
}

fn after(sans: &str) -> Chess {
    let mut pos = Chess::default();
    for s in sans.split_whitespace() {
        let m = s.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos = pos.play(m).unwrap();
    }
    pos
}

fn san_of(pos: &Chess, text: &str) -> String {
    San::from_move(pos, read(pos, text).unwrap()).to_string()
}

#[test]
fn reads_from_both_sides() {
    let pos = Chess::default();
    assert_eq!(san_of(&pos, "P-K4"), "e4");
    assert_eq!(san_of(&pos, "Kt-KB3"), "Nf3");
    assert_eq!(san_of(&pos, "N-QB3"), "Nc3");
    assert_eq!(san_of(&pos, "kt . -  kb 3"), "Nf3");
    let pos = after("e4");
    assert_eq!(san_of(&pos, "P-K4"), "e5");
    assert_eq!(san_of(&pos, "P—Q B 4"), "c5");
    assert_eq!(san_of(&pos, "KT-KB3"), "Nf6");
    let pos = after("e4 d5");
    assert_eq!(san_of(&pos, "P x P"), "exd5");
    assert_eq!(san_of(&pos, "P*P"), "exd5");
    assert_eq!(san_of(&pos, "KP X QP"), "exd5");
}

#[test]
fn ambiguous_and_illegal_moves_are_errors() {
    let pos = Chess::default();
    match read(&pos, "Kt-B3").unwrap_err() {
        NotationError::Ambiguous { candidates, .. } => {
            assert_eq!(candidates, ["Nc3", "Nf3"].map(String::from))
        }
        e => panic!("{e}"),
    }
    let e = read(&pos, "P-K5").unwrap_err();
    assert!(matches!(e, NotationError::NoSuchMove { .. }), "{e}");
    assert!(e.to_string().contains("\"P-K5\""), "{e}");
    assert!(matches!(
        read(&pos, "Z-K4").unwrap_err(),
        NotationError::Unreadable { .. }
    ));
    assert!(matches!(
        read(&pos, "").unwrap_err(),
        NotationError::Unreadable { .. }
    ));
    // A wrong `ch` is an error unless told to ignore it.
    let e = read(&pos, "P-K4 ch").unwrap_err();
    assert!(matches!(e, NotationError::WrongSuffix { .. }), "{e}");
    let lenient = ReadOptions {
        suffix: SuffixReading::Ignored,
        ..ReadOptions::default()
    };
    assert!(read_with(&pos, "P-K4 ch", &lenient).is_ok());
}

#[test]
fn castling_both_sides_and_turings_o_o() {
    let pos = after("e4 e5 Nf3 Nc6 Bc4 Bc5 d3 d6 Be3 Be6 Qd2 Qd7 Nc3 Nf6");
    assert_eq!(san_of(&pos, "O-O"), "O-O");
    assert_eq!(san_of(&pos, "O - O - O"), "O-O-O");
    assert_eq!(san_of(&pos, "0-0-0"), "O-O-O");
    // Only the queen's side is legal: Turing's "O-O" (castling) reads as O-O-O by default.
    let pos = after("d4 d5 Nc3 Nc6 Bf4 Bf5 Qd2 Qd7");
    assert_eq!(san_of(&pos, "O-O"), "O-O-O");
    let strict = ReadOptions {
        castling: CastlingReading::KingSide,
        ..ReadOptions::default()
    };
    assert!(read_with(&pos, "O-O", &strict).is_err());
    let m = read(&pos, "O-O-O").unwrap();
    assert_eq!(write(&pos, &m, Style::Turing), "O-O-O");
}

#[test]
fn en_passant_and_promotion_written_and_read() {
    let pos = after("e4 a6 e5 d5");
    let m = read(&pos, "P x P e.p.").unwrap();
    assert!(m.is_en_passant());
    assert_eq!(write(&pos, &m, Style::Turing), "P x P");
    assert_eq!(read(&pos, &write(&pos, &m, Style::Teleprinter)).unwrap(), m);
    let pos = after("h4 g5 hxg5 Nf6 g6 Ne4 g7 Nd6");
    let m = read(&pos, "P x R=Q").unwrap();
    assert_eq!(San::from_move(&pos, m).to_string(), "gxh8=Q");
    assert_eq!(write(&pos, &m, Style::Turing), "P x R=Q");
    assert!(matches!(
        read(&pos, "P-Kt8").unwrap_err(),
        NotationError::Ambiguous { .. }
    ));
    let m = read(&pos, "P-Kt8(Kt)").unwrap();
    assert_eq!(San::from_move(&pos, m).to_string(), "g8=N");
    assert_eq!(write(&pos, &m, Style::Teleprinter), "P-KT8=KT");
}

#[test]
fn writes_turings_style_and_the_teleprinter_style() {
    let pos = Chess::default();
    let nf3 = read(&pos, "Kt-KB3").unwrap();
    assert_eq!(write(&pos, &nf3, Style::Turing), "Kt-KB3");
    assert_eq!(write(&pos, &nf3, Style::Teleprinter), "KT-KB3");
    assert_eq!(
        write(&pos, &read(&pos, "P-K4").unwrap(), Style::Turing),
        "P-K4"
    );
    let g = game(1).unwrap();
    // 10. B-Kt5 ch: both Kt5s are in reach, so the writer names QKt5.
    let pos = position(&g.white[9].fen_before).unwrap();
    let m = "Bb5".parse::<San>().unwrap().to_move(&pos).unwrap();
    assert_eq!(write(&pos, &m, Style::Turing), "B-QKt5 ch");
    // 9. P x Kt.
    let pos = position(&g.white[8].fen_before).unwrap();
    let m = "gxf3".parse::<San>().unwrap().to_move(&pos).unwrap();
    assert_eq!(write(&pos, &m, Style::Turing), "P x Kt");
    assert_eq!(write(&pos, &m, Style::Teleprinter), "P X KT");
    // 29... R-R8 mate.
    let pos = position(&g.black[28].fen_before).unwrap();
    let m = "Ra1".parse::<San>().unwrap().to_move(&pos).unwrap();
    assert_eq!(write(&pos, &m, Style::Turing), "R-R8 mate");
}

fn random_position(picks: &[usize]) -> Chess {
    let mut pos = Chess::default();
    for p in picks {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[p % moves.len()];
        pos = pos.play(m).unwrap();
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_legal_move_written_reads_back(picks in proptest::collection::vec(any::<usize>(), 0..80)) {
        let pos = random_position(&picks);
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        for m in &legal {
            for style in [Style::Turing, Style::Teleprinter] {
                let text = write(&pos, m, style);
                prop_assert_eq!(read(&pos, &text), Ok(*m), "{}", text);
            }
        }
    }

    #[test]
    fn the_reader_never_panics(text in ".{0,24}", picks in proptest::collection::vec(any::<usize>(), 0..20)) {
        let pos = random_position(&picks);
        let _ = read(&pos, &text);
    }

    #[test]
    fn the_reader_never_panics_on_notation_like_text(text in "[KQRBNTPXO0-9 .()/=+#*x-]{0,16}") {
        let _ = read(&Chess::default(), &text);
    }
}
