//! Peripherals: the tape reader, the teleprinter (page printer) and tape punch behind
//! the output staticisor, and the hooter.

use super::code::TELEPRINT;
use serde::Serialize;

/// The photoelectric tape reader: 5-hole tape, one character (0–31) per row.
#[derive(Clone, Debug, Default)]
pub struct Reader {
    tape: Vec<u8>,
    pos: usize,
}

impl Reader {
    /// Replaces the tape in the reader (values are taken mod 32).
    pub fn load(&mut self, codes: &[u8]) {
        self.tape = codes.iter().map(|c| c & 31).collect();
        self.pos = 0;
    }

    /// Splices more tape on after what is left (as loading the next tape when the
    /// reader has run out).
    pub fn feed(&mut self, codes: &[u8]) {
        self.tape.drain(..self.pos);
        self.pos = 0;
        self.tape.extend(codes.iter().map(|c| c & 31));
    }

    /// The next character, or `None` when the tape has run out.
    #[inline]
    pub fn read_char(&mut self) -> Option<u8> {
        let c = self.tape.get(self.pos).copied()?;
        self.pos += 1;
        Some(c)
    }

    /// Characters left on the tape.
    pub fn remaining(&self) -> usize {
        self.tape.len() - self.pos
    }
}

/// One output order as carried out (Prinz §26: T, Z, L, W, H, Y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum OutputOrder {
    /// T: print (and punch) the 5-bit character.
    Char(u8),
    /// Z: space.
    Space,
    /// L: carriage return.
    CarriageReturn,
    /// W: line feed.
    LineFeed,
    /// H: figure shift.
    FigureShift,
    /// Y: letter shift.
    LetterShift,
}

impl OutputOrder {
    /// Space, CR and LF hold up computation while carried out (Prinz §26(37)).
    pub fn holds_computation(self) -> bool {
        matches!(
            self,
            OutputOrder::Space | OutputOrder::CarriageReturn | OutputOrder::LineFeed
        )
    }

    /// The order in the notation of SimH's `rawout` files: a T order as its letter-shift
    /// glyph (ASCII stand-ins `#`, `$`), the others as `{Z}` `{L}` `{W}` `{H}` `{Y}`.
    pub fn raw(self) -> String {
        match self {
            OutputOrder::Char(c) => super::code::TELEPRINT_ASCII[(c & 31) as usize].to_string(),
            OutputOrder::Space => "{Z}".into(),
            OutputOrder::CarriageReturn => "{L}".into(),
            OutputOrder::LineFeed => "{W}".into(),
            OutputOrder::FigureShift => "{H}".into(),
            OutputOrder::LetterShift => "{Y}".into(),
        }
    }
}

/// The figure-shift glyph of a 5-bit code (Prinz §26(15)–(22)): `/E@A:SIU½D` print
/// 0–9, `MPFQ` print `- + . =`; `"` and `£` print themselves (SimH's table); other codes
/// have no known glyph and print `~`. Z, L, W, Y are functions (space, CR, LF, letter
/// shift) and are handled by the printer, not here.
pub fn figure_glyph(c: u8) -> char {
    match c & 31 {
        0 => '0',
        1 => '1',
        2 => '2',
        3 => '3',
        4 => '4',
        5 => '5',
        6 => '6',
        7 => '7',
        8 => '8',
        9 => '9',
        28 => '-',
        22 => '+',
        13 => '.',
        23 => '=',
        27 => '"',
        31 => '£',
        _ => '~',
    }
}

/// The teleprinter and punch behind the output staticisor.
///
/// Output is two-stage (Prinz §26(5)–(9)): an output order *sets up* its action and
/// *carries out* the one set up by the previous output order. The setting survives KEC.
/// The paper is rendered as text: CR returns the carriage, LF starts a new text line
/// and keeps the carriage column (the next character is preceded by that many spaces).
#[derive(Clone, Debug, Default)]
pub struct Teleprinter {
    /// Last 5-bit character set up for output or read from tape (read by the check
    /// order B).
    pub staticisor: u8,
    /// The order set up and not yet carried out.
    pub pending: Option<OutputOrder>,
    /// Printer in figure shift.
    pub figure_shift: bool,
    /// Printer switched on (console switch; Prinz §26(10)).
    pub printer_on: bool,
    /// Punch switched on.
    pub punch_on: bool,
    /// The most spaces a line feed's kept carriage puts before the next character, if
    /// set: a long-running host's bound on the paper (the web console sets it, so that a
    /// program feeding lines without returning the carriage cannot grow each line without
    /// end; a real line held 69 characters, Prinz §26). Unset (the default), unbounded.
    pub pad_limit: Option<usize>,
    paper: String,
    col: usize,
    pad: usize,
    carried: Vec<OutputOrder>,
    punched: Vec<u8>,
}

impl Teleprinter {
    /// A teleprinter with the printer on and the punch off.
    pub fn new() -> Teleprinter {
        Teleprinter {
            printer_on: true,
            ..Default::default()
        }
    }

    /// Carries out one order: prints it (if the printer is on) and punches T characters
    /// (if the punch is on). Every order is recorded in [`Teleprinter::orders`].
    pub fn carry_out(&mut self, o: OutputOrder) {
        self.carried.push(o);
        if let OutputOrder::Char(c) = o {
            if self.punch_on {
                self.punched.push(c & 31);
            }
        }
        if self.printer_on {
            self.print(o);
        }
    }

    /// What the printer does with one order. In figure shift, a T character `Z`, `L`,
    /// `W` or `Y` spaces, returns, feeds or shifts to letters (Prinz §26(15)–(22)).
    fn print(&mut self, o: OutputOrder) {
        match o {
            OutputOrder::Space => self.put(' '),
            OutputOrder::CarriageReturn => {
                self.col = 0;
                self.pad = 0;
            }
            OutputOrder::LineFeed => {
                self.paper.push('\n');
                self.pad = self.col;
            }
            OutputOrder::FigureShift => self.figure_shift = true,
            OutputOrder::LetterShift => self.figure_shift = false,
            OutputOrder::Char(c) => {
                let c = c & 31;
                if !self.figure_shift {
                    self.put(TELEPRINT[c as usize]);
                } else {
                    match c {
                        17 => self.print(OutputOrder::Space),
                        18 => self.print(OutputOrder::CarriageReturn),
                        19 => self.print(OutputOrder::LineFeed),
                        21 => self.print(OutputOrder::LetterShift),
                        _ => self.put(figure_glyph(c)),
                    }
                }
            }
        }
    }

    fn put(&mut self, ch: char) {
        let pad = self.pad_limit.map_or(self.pad, |l| self.pad.min(l));
        for _ in 0..pad {
            self.paper.push(' ');
        }
        self.pad = 0;
        self.paper.push(ch);
        self.col += 1;
    }

    /// The printed paper as text (`\n` between lines).
    pub fn paper(&self) -> &str {
        &self.paper
    }

    /// Every order carried out so far, in order.
    pub fn orders(&self) -> &[OutputOrder] {
        &self.carried
    }

    /// The orders carried out, plus the one still set up, in SimH's `rawout` notation
    /// (a newline after each `{W}`).
    pub fn raw_text(&self, include_pending: bool) -> String {
        let mut s = String::new();
        let pending = if include_pending { self.pending } else { None };
        for o in self.carried.iter().copied().chain(pending) {
            s.push_str(&o.raw());
            if o == OutputOrder::LineFeed {
                s.push('\n');
            }
        }
        s
    }

    /// The 5-bit codes punched so far.
    pub fn punched(&self) -> &[u8] {
        &self.punched
    }

    /// Forgets what a long-running host has shown already, so that the teleprinter's
    /// memory stays bounded however long a program prints (the web console, docs/web.md):
    /// the paper before its last `keep` bytes (cut at a character boundary), and every
    /// order carried out and code punched so far ([`Teleprinter::orders`] and
    /// [`Teleprinter::punched`] start again from empty). What prints next is as before (the
    /// carriage, the shifts and the order set up are kept). Returns the bytes of paper
    /// forgotten.
    pub fn forget(&mut self, keep: usize) -> usize {
        let mut cut = self.paper.len().saturating_sub(keep);
        while !self.paper.is_char_boundary(cut) {
            cut += 1;
        }
        self.paper.drain(..cut);
        self.paper.shrink_to(keep.saturating_mul(2));
        self.carried = Vec::new();
        self.punched = Vec::new();
        cut
    }
}

/// The hooter: each `/V` sends one pulse to the loudspeaker (Prinz §20(8)–(9)).
#[derive(Clone, Debug, Default)]
pub struct Hooter {
    /// Beat number of each hoot, up to [`Hooter::MAX_RECORDED`] of them.
    pub beats: Vec<u64>,
    /// Total hoots, recorded or not.
    pub count: u64,
}

impl Hooter {
    /// Hoots whose beat number is kept (enough for minutes of sound).
    pub const MAX_RECORDED: usize = 1 << 22;

    /// Records a hoot at beat `beat`.
    pub fn hoot(&mut self, beat: u64) {
        self.count += 1;
        if self.beats.len() < Self::MAX_RECORDED {
            self.beats.push(beat);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_rendering() {
        let mut t = Teleprinter::new();
        for o in [
            OutputOrder::Char(1),
            OutputOrder::Space,
            OutputOrder::FigureShift,
            OutputOrder::Char(3),
            OutputOrder::Char(13),
            OutputOrder::LetterShift,
            OutputOrder::CarriageReturn,
            OutputOrder::LineFeed,
            OutputOrder::Char(16),
            OutputOrder::LineFeed,
            OutputOrder::Char(1),
        ] {
            t.carry_out(o);
        }
        assert_eq!(t.paper(), "E 3.\nT\n E");
        assert_eq!(t.raw_text(false), "E{Z}{H}AF{Y}{L}{W}\nT{W}\nE");
    }

    #[test]
    fn forgetting_keeps_the_tail_and_the_carriage() {
        let mut t = Teleprinter::new();
        for o in [
            OutputOrder::Char(1),
            OutputOrder::Char(1),
            OutputOrder::LineFeed,
        ] {
            t.carry_out(o);
        }
        assert_eq!(t.forget(1), 2);
        assert_eq!(t.paper(), "\n");
        assert!(t.orders().is_empty());
        // The carriage column (2) is kept: the next character is padded as before.
        t.carry_out(OutputOrder::Char(1));
        assert_eq!(t.paper(), "\n  E");
    }
}
