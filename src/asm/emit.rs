//! The emission pass: turns each placed [`Item`] into words, now that every name has a
//! value, and writes them into the image, refusing a place written twice.

use super::eval::{LineEval, Symbols};
use super::expr::Ex;
use super::layout::Item;
use super::parse::{MagMode, MagOrder, Stmt, NOWARN_LONG, NOWARN_UNASSIGNED};
use super::source::Sources;
use super::Place;
use crate::machine::code::{
    addr_chars, address, function_code, in_set, instruction, MASK20, UNASSIGNED,
};
use crate::machine::code::{Halves, IoOrder, MagneticOrder};
use crate::machine::Image;
use std::collections::HashMap;

/// Smallest and largest values of a 20-bit line (signed or not).
const W20: (i64, i64) = (-(1 << 19), (1 << 20) - 1);
/// Smallest and largest values of a 40-bit long line.
const W40: (i64, i64) = (-(1 << 39), (1 << 40) - 1);

/// A word written: the index of its source line in the listing, where, and the word.
pub(super) type Placed = (usize, Place, u32);

/// What the emission pass makes: the image and every word in the order written.
pub(super) struct Emitted {
    pub image: Image,
    pub placed: Vec<Placed>,
}

/// Runs the emission pass over `items`; `drum_tracks` are present in the image even
/// when nothing is written to them.
pub(super) fn run(
    items: &[Item],
    drum_tracks: &[(u8, u8)],
    syms: &Symbols,
    src: &mut Sources,
) -> Emitted {
    let mut e = Emitter {
        image: Image::default(),
        placed: Vec::new(),
        owner: HashMap::new(),
    };
    for &(t, h) in drum_tracks {
        e.image.drum.entry((t, h)).or_insert([0; 64]);
    }
    for it in items {
        let mut ev = LineEval {
            syms,
            src,
            file: it.file,
            line: it.line,
            here: it.here(),
        };
        let out = e.item(it, &mut ev);
        for (line, w, off) in out {
            for place in it.sec.places(line) {
                e.write(it, &mut ev, place, w, off);
            }
        }
    }
    Emitted {
        image: e.image,
        placed: e.placed,
    }
}

/// The image so far and which source line wrote each place.
struct Emitter {
    image: Image,
    placed: Vec<Placed>,
    owner: HashMap<Place, (usize, usize)>,
}

/// A word of an item: line within the section, word, byte offset to blame.
type Word = (u32, u32, usize);

impl Emitter {
    /// The words of one item (settings of hand switches and control go straight into
    /// the image).
    fn item(&mut self, it: &Item, ev: &mut LineEval) -> Vec<Word> {
        let at = |k: usize, w: u32, off: usize| (it.loc + k as u32, w, off);
        match &it.stmt {
            Stmt::Period(pairs) => pairs
                .iter()
                .map(|&(off, addr, w)| (it.sec.period_line(addr), w, off))
                .collect(),
            Stmt::Content(w) => vec![at(0, *w, it.soff)],
            Stmt::Instr { f, b, operand } => {
                if in_set(UNASSIGNED, *f) && it.nowarn & NOWARN_UNASSIGNED == 0 {
                    ev.warn(
                        it.soff,
                        format!(
                            "`{}` is an unassigned function code: the machine obeys it as a dummy (nothing happens); `mark1 run --stop-on-unassigned` stops there instead",
                            function_code(*f)
                        ),
                    );
                }
                let s = operand
                    .as_ref()
                    .map_or(0, |x| ev.in_range(x, 0, 1023, "address").unwrap_or(0));
                vec![at(0, instruction(s as u32, *b, *f), it.soff)]
            }
            Stmt::Word(v) => v
                .iter()
                .enumerate()
                .map(|(k, x)| at(k, word20(ev, x, "20-bit number").unwrap_or(0), x.off))
                .collect(),
            Stmt::Long(v) => longs(it, ev, v),
            Stmt::Chars(cs) => {
                if (5..=8).contains(&cs.len()) && it.here() % 2 == 1 && it.nowarn & NOWARN_LONG == 0
                {
                    ev.warn(
                        it.soff,
                        odd_long(it.here(), "these characters fill a long line"),
                    );
                }
                cs.chunks(4)
                    .enumerate()
                    .map(|(k, ch)| at(k, pack_chars(ch), it.soff))
                    .collect()
            }
            Stmt::Jump(x) => {
                let t = ev.in_range(x, 0, 1023, "jump target").unwrap_or(1);
                vec![at(0, address((t - 1) as u32), x.off)]
            }
            Stmt::Fill(n, v) => {
                let n = ev.syms.eval(n, ev.here).unwrap_or(0).max(0) as usize;
                let w = v
                    .as_ref()
                    .map_or(0, |x| word20(ev, x, "20-bit number").unwrap_or(0));
                (0..n).map(|k| at(k, w, it.soff)).collect()
            }
            Stmt::Mag(m) => vec![at(0, mag(ev, m), it.soff)],
            Stmt::Io(c) => vec![at(0, IoOrder::of_char(*c).encode(), it.soff)],
            Stmt::Hand(_) | Stmt::Control(_) | Stmt::Start(_) => {
                self.setting(&it.stmt, ev);
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// `.hand`, `.control` and `.start`: the hand switches or control C.
    fn setting(&mut self, stmt: &Stmt, ev: &mut LineEval) {
        match stmt {
            Stmt::Hand(x) => {
                if let Some(v) = word20(ev, x, "hand-switch setting") {
                    self.image.hand_switches = v;
                }
            }
            Stmt::Control(x) => {
                if let Some(v) = word20(ev, x, "control setting") {
                    self.image.control = v;
                }
            }
            Stmt::Start(x) => {
                if let Some(v) = ev.in_range(x, 0, 1023, "start line") {
                    self.image.control = address((v - 1) as u32);
                }
            }
            _ => {}
        }
    }

    /// Writes `w` at `place` unless an earlier line wrote there.
    fn write(&mut self, it: &Item, ev: &mut LineEval, place: Place, w: u32, off: usize) {
        if let Some(&(f0, l0)) = self.owner.get(&place) {
            let at = ev.src.at(f0, l0);
            let what = match place {
                Place::Store(a) => format!("line {}", addr_chars(a)),
                Place::Drum(t, h, l) => format!("line {} of half-track {t}.{h}", addr_chars(l)),
            };
            ev.err(
                off,
                format!("overlapping placement: {what} was already set at {at}"),
            );
            return;
        }
        self.owner.insert(place, (it.file, it.line));
        match place {
            Place::Store(a) => self.image.store[a as usize] = w,
            Place::Drum(t, h, l) => {
                self.image.drum.entry((t, h)).or_insert([0; 64])[l as usize] = w;
            }
        }
        self.placed.push((it.list, place, w));
    }
}

/// A 20-bit value (signed or not) as a line.
fn word20(ev: &mut LineEval, x: &Ex, what: &str) -> Option<u32> {
    let v = ev.in_range(x, W20.0, W20.1, what)?;
    Some((v as u32) & MASK20)
}

/// `.long`: each value as two lines, least significant first, never starting at the
/// last line of a page.
fn longs(it: &Item, ev: &mut LineEval, v: &[Ex]) -> Vec<Word> {
    let mut out = Vec::new();
    for (k, x) in v.iter().enumerate() {
        let w = ev.in_range(x, W40.0, W40.1, "40-bit number").unwrap_or(0) as u64;
        let here = it.here() + 2 * k as i64;
        if here % 2 == 1 && here % 64 != 63 && it.nowarn & NOWARN_LONG == 0 {
            ev.warn(x.off, odd_long(here, "a long line"));
        }
        if here % 64 == 63 {
            ev.err(
                x.off,
                "a long line cannot start at the last line of a page: the machine pairs line 63 with line 0 of the same page (Prinz §4(6)); put long lines at even lines",
            );
        }
        let line = it.loc + 2 * k as u32;
        out.push((line, (w as u32) & MASK20, x.off));
        out.push((line + 1, ((w >> 20) as u32) & MASK20, x.off));
    }
    out
}

/// The warning for a long line (`what`) placed at the odd line `here`.
fn odd_long(here: i64, what: &str) -> String {
    format!(
        "{what} at the odd line {} ({here}): put long lines at even lines, as Prinz §4(6)-(8) recommends (the machine pairs a line with the one after it, but line 63 of a page with line 0 of the same page)",
        addr_chars(here as u32)
    )
}

/// Up to four teleprint character values as one line, the first least significant.
fn pack_chars(cs: &[u8]) -> u32 {
    cs.iter()
        .enumerate()
        .fold(0u32, |w, (i, &c)| w | (u32::from(c) << (5 * i)))
}

/// `.mag OP TRACK, HALF, PAGE`: the magnetic transfer instruction (Prinz §23).
fn mag(ev: &mut LineEval, m: &MagOrder) -> u32 {
    let track = ev.in_range(&m.track, 0, 255, "track").unwrap_or(0) as u8;
    let page = ev.in_range(&m.page, 0, 7, "page").unwrap_or(0) as u8;
    let halves = match &m.mode {
        MagMode::Half(h) => Halves::Half(ev.in_range(h, 0, 1, "half-track").unwrap_or(0) as u8),
        MagMode::Double | MagMode::Crossed => {
            if page % 2 == 1 {
                ev.err(
                    m.page.off,
                    "a double transfer names the even page of a pair (0, 2, 4, 6)",
                );
            }
            if m.mode == MagMode::Double {
                Halves::Double
            } else {
                Halves::Crossed
            }
        }
    };
    MagneticOrder {
        track,
        halves,
        transfer: m.transfer,
        page,
    }
    .encode()
}
