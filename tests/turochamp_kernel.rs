//! The kernel of the turochamp programme's search (programs/turochamp/kernel.m1): the
//! root's jobs, frames pushed and popped through the drum, the generation handing back
//! through GR.

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
    assert_eq!(read(&l, "rres"), 42, "the stub's value");
    assert_eq!(l.position(), before, "the position is back as it was");
    assert_eq!(read(&l, "rst") & 255, 160, "back in slot 0");
    assert!(run.transfers >= 8, "{run:?}");
}

/// Every unit is one page: a unit that grew past its 64 lines would spill onto the next
/// half-track, which is never brought down. The drum may hold only the units' half-tracks
/// (page 5 of each overlay: half 1 of an even track from 46 on), unit T (42.1, 43.0,
/// 43.1), unit L (45.0) and the root's state page as assembled (160.0).
#[test]
fn every_unit_fits_its_page() {
    let a = mark1::asm::assemble_file(std::path::Path::new("programs/turochamp.m1")).unwrap();
    for &(t, h) in a.image.drum.keys() {
        let unit = h == 1 && t % 2 == 0 && (46..=158).contains(&t);
        let known = matches!((t, h), (42, 1) | (43, 0) | (43, 1) | (45, 0) | (160, 0));
        assert!(
            unit || known,
            "half-track {t}.{h} holds lines: a unit before it is longer than a page"
        );
    }
}
