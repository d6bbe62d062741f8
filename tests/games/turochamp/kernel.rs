//! The kernel of the turochamp programme's search (programs/turochamp/kernel.m1): the
//! root's jobs, frames pushed and popped through the drum, the generation handing back
//! through GR.

use super::support;
use mark1::games::turochamp::{load, Loaded};

fn signed40(v: u64) -> i64 {
    ((v << 24) as i64) >> 24
}

fn read(l: &Loaded, name: &str) -> i64 {
    signed40(l.machine.store.read_long(l.label(name).unwrap()))
}

#[test]
fn position_play_job_pushes_a_frame_and_pops_back_with_the_value() {
    let mut l = load("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    let before = l.position();
    let run = l.job(1, "r_stop", 10_000_000).unwrap();
    // 1. e4, Black to move: the position play of pp.m1 (tests/games/turochamp/pp.rs has the rest)
    assert_eq!(read(&l, "rres"), 144, "the reference's position play");
    assert_eq!(l.position(), before, "the position is back as it was");
    assert_eq!(read(&l, "rst") & 255, 160, "back in slot 0");
    assert!(run.transfers >= 8, "{run:?}");
}

/// Every unit is one page: a unit that grew past its 64 lines would spill onto the next
/// half-track, which is never brought down. The drum may hold only the units' half-tracks
/// (page 5 of each overlay: half 1 of an even track from 46 to 158 and from 210 to 246), unit T (42.1, 43.0,
/// 43.1), unit L (45.0) and the root's state page as assembled (160.0).
#[test]
fn every_unit_fits_its_page() {
    let a = mark1::asm::assemble_file(std::path::Path::new("programs/turochamp.m1")).unwrap();
    for &(t, h) in a.image.drum.keys() {
        let unit = h == 1 && t % 2 == 0 && ((46..=158).contains(&t) || (210..=246).contains(&t));
        // the printer's units (notation.m1) are placed with `.track` on either half of its
        // tracks 130-140: one longer than its half-track does not assemble
        let printer = (130..=140).contains(&t);
        let known = matches!((t, h), (42, 1) | (43, 0) | (43, 1) | (45, 0) | (160, 0));
        assert!(
            unit || known || printer,
            "half-track {t}.{h} holds lines: a unit before it is longer than a page"
        );
    }
}

/// The position after `m` as the programme keeps it (shakmaty playing the move).
fn after(pos: &shakmaty::Chess, m: shakmaty::Move) -> mark1::games::turochamp::StorePosition {
    use shakmaty::Position;
    let mut p = pos.clone();
    p.play_unchecked(m);
    mark1::games::turochamp::StorePosition::expected(&p)
}

/// Unit MK (kernel.m1) makes every legal move of a position exactly as shakmaty plays it:
/// the board, the side, en passant, the kings' squares and the castling rights (job 4:
/// the move at index H >> 3 of the programme's own table made in a child frame).
fn check_makes(fen: &str) {
    use mark1::games::turochamp::{position, table_move};
    let pos = position(fen).unwrap();
    let mut gen = load(fen).unwrap();
    let table = gen.generate().unwrap();
    for (i, &(f, t)) in table.moves.iter().enumerate() {
        let m = table_move(&pos, f, t).unwrap();
        let mut l = load(fen).unwrap();
        l.job(4 + 8 * i as u32, "rv_stop", 50_000_000)
            .unwrap_or_else(|e| panic!("{fen} move {i}: {e}"));
        let mut got = l.position();
        let mut want = after(&pos, m);
        // the programme keeps the square passed after any double step; shakmaty's
        // legal en passant square only when a capture is possible: compare through
        // the generator's view (an en passant square no pawn can use is no square)
        if want.ep == 127 && got.ep != 127 {
            got.ep = 127;
        }
        want.ep = want.ep.min(127);
        assert_eq!(got, want, "{fen}: move {i} {m}");
    }
}

#[test]
fn the_kernel_makes_every_move_as_shakmaty_does() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/pppq1ppp/2n2n2/1B1pp1B1/1b1PP1b1/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        "r3k2r/pppq1ppp/2n2n2/1B1pp1B1/1b1PP1b1/2N2N2/PPPQ1PPP/R3K2R b KQkq - 0 1",
        "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
        "r3k2r/1P4P1/8/8/2Pp4/8/1p4p1/R3K2R b KQkq c3 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    ] {
        check_makes(fen);
    }
}

/// The same on 40 random positions of random play (either side to move), every move.
#[test]
fn the_kernel_makes_every_move_of_random_positions() {
    for pos in support::random_positions(40, 18) {
        check_makes(&support::fen_of(&pos));
    }
}
