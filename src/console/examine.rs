//! `examine` and `deposit`: registers, store lines and drum lines read and written in the
//! notation of the Mark 1's programmers.
//!
//! A value is shown three ways: in teleprint code (four characters for a short line,
//! least significant character first, Prinz §2), in decimal (with its signed reading
//! when the top digit is set: long lines and A are two's complement, Prinz §11), and as
//! the binary digits the tubes showed, least significant digit on the *left*, in groups
//! of five (one group a teleprint character), as the Manchester programmers wrote binary.
//!
//! What can be named (docs/console.md, "Examine and deposit"):
//!
//! | target | what | width |
//! |---|---|---|
//! | `D/`, `9`, `store PI` | a store line: two teleprint characters or decimal 0–1023 (`store` forces a store line where a register has the same name) | 20 |
//! | `D/-RE`, `0-63` | a range of store lines | 20 each |
//! | `long D/`, `long 0-6` | long lines: the line and its partner (Prinz §4), every second line of a range | 40 each |
//! | `A`, `L`, `M` | the accumulator, its less and more significant halves | 80, 40, 40 |
//! | `D` | the multiplicand register | 40 |
//! | `C`, `PI` | control (a line address) and the present instruction | 10, 20 |
//! | `H` | the hand switches | 20 |
//! | `B0` … `B7`, `B` | one B-line, all eight | 20 |
//! | `drum 5.1:E/`, `drum 5.1:1-9`, `drum 5.1` | drum track 5, half 1, line E/ (1); a range; the whole half-track (the notation of `mark1 disasm`) | 20 each |

use super::labels::Labels;
use crate::machine::code::{addr_chars, parse_addr, parse_chars, to_chars, MASK20};
use crate::machine::store::partner;
use crate::machine::Machine;

/// A register of the machine that `examine` and `deposit` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Register {
    /// The accumulator, 80 bits.
    A,
    /// Its less significant half (P0–P39).
    L,
    /// Its more significant half (P40–P79).
    M,
    /// The multiplicand, 40 bits.
    D,
    /// Control: the address of the line last obeyed (10 bits).
    C,
    /// The present instruction (20 bits).
    Pi,
    /// The hand switches (20 bits).
    H,
    /// B-line 0–7 (20 bits).
    B(u8),
}

impl Register {
    /// Width in binary digits.
    pub fn width(self) -> u32 {
        match self {
            Register::A => 80,
            Register::L | Register::M | Register::D => 40,
            Register::C => 10,
            Register::Pi | Register::H | Register::B(_) => 20,
        }
    }

    /// The name as written (`A`, `PI`, `B3`).
    pub fn name(self) -> String {
        match self {
            Register::A => "A".into(),
            Register::L => "L".into(),
            Register::M => "M".into(),
            Register::D => "D".into(),
            Register::C => "C".into(),
            Register::Pi => "PI".into(),
            Register::H => "H".into(),
            Register::B(i) => format!("B{i}"),
        }
    }

    fn read(self, m: &Machine) -> u128 {
        match self {
            Register::A => m.a,
            Register::L => u128::from(m.l()),
            Register::M => u128::from(m.m()),
            Register::D => u128::from(m.d),
            Register::C => u128::from(m.c & 1023),
            Register::Pi => u128::from(m.pi),
            Register::H => u128::from(m.console.hand_switches),
            Register::B(i) => u128::from(m.b[usize::from(i & 7)]),
        }
    }

    fn write(self, m: &mut Machine, v: u128) {
        let low40 = (1u128 << 40) - 1;
        match self {
            Register::A => m.a = v & ((1u128 << 80) - 1),
            Register::L => m.a = (m.a & !low40) | (v & low40),
            Register::M => m.a = (m.a & low40) | ((v & low40) << 40),
            Register::D => m.d = (v & low40) as u64,
            Register::C => m.c = (v as u32) & 1023,
            Register::Pi => m.pi = (v as u32) & MASK20,
            Register::H => m.set_hand_switches(v as u32),
            Register::B(i) => m.b[usize::from(i & 7)] = (v as u32) & MASK20,
        }
    }
}

/// What an `examine` or `deposit` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Store lines `from`..=`to` (0–1023), short (20 bits) or long (40 bits, each with
    /// its partner, every second line).
    Store {
        /// First line.
        from: u32,
        /// Last line (≥ `from`).
        to: u32,
        /// Long lines.
        long: bool,
    },
    /// A register.
    Register(Register),
    /// All eight B-lines.
    BLines,
    /// Drum lines `from`..=`to` (0–63) of half-track (`track` 0–255, `half` 0|1).
    Drum {
        /// Track.
        track: u32,
        /// Half-track.
        half: u32,
        /// First line.
        from: u32,
        /// Last line (≥ `from`).
        to: u32,
    },
}

/// A value to deposit: the bits, already reduced to the target's width (a negative
/// decimal in two's complement).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value(pub u128);

fn register(word: &str) -> Option<Register> {
    let w = word.to_ascii_uppercase();
    Some(match w.as_str() {
        "A" => Register::A,
        "L" => Register::L,
        "M" => Register::M,
        "D" => Register::D,
        "C" => Register::C,
        "PI" => Register::Pi,
        "H" => Register::H,
        _ => {
            let d = w.strip_prefix('B')?;
            match d.parse::<u8>() {
                Ok(i) if i < 8 && d.len() == 1 => Register::B(i),
                _ => return None,
            }
        }
    })
}

/// `FROM` or `FROM-TO` with `one` reading each end; `TO` ≥ `FROM`.
fn range(s: &str, one: &dyn Fn(&str) -> Result<u32, String>) -> Result<(u32, u32), String> {
    match s.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (one(a)?, one(b)?);
            if b < a {
                return Err(format!("the range `{s}` runs backwards"));
            }
            Ok((a, b))
        }
        None => {
            let a = one(s)?;
            Ok((a, a))
        }
    }
}

/// A drum line within a half-track: decimal 0–63 or two teleprint characters below 64.
fn drum_line(s: &str) -> Result<u32, String> {
    let v = if s.chars().all(|c| c.is_ascii_digit()) && !s.is_empty() {
        s.parse::<u32>().ok()
    } else {
        parse_addr(s)
    };
    match v {
        Some(v) if v < 64 => Ok(v),
        _ => Err(format!(
            "`{s}` is not a drum line (0-63, or two characters `//` to `£E`)"
        )),
    }
}

/// `T.H`, `T.H:L` or `T.H:L-L2` (track 0–255, half 0|1).
fn drum_target(s: &str) -> Result<Target, String> {
    let bad =
        || format!("`{s}` is not a drum place: write TRACK.HALF[:LINE[-LINE]], e.g. `5.1:E/`");
    let (th, lines) = match s.split_once(':') {
        Some((a, b)) => (a, Some(b)),
        None => (s, None),
    };
    let (t, h) = th.split_once('.').ok_or_else(bad)?;
    let track = match t.parse::<u32>() {
        Ok(v) if v < 256 => v,
        _ => return Err(format!("track `{t}` is not 0-255")),
    };
    let half = match h {
        "0" => 0,
        "1" => 1,
        _ => return Err(format!("half `{h}` is not 0 or 1")),
    };
    let (from, to) = match lines {
        Some(l) => range(l, &drum_line)?,
        None => (0, 63),
    };
    Ok(Target::Drum {
        track,
        half,
        from,
        to,
    })
}

/// Reads the words after `examine` / before the value of `deposit` (line addresses
/// only: no labels).
///
/// # Errors
/// A message naming what cannot be read.
pub fn parse_target(words: &[&str]) -> Result<Target, String> {
    parse_target_with(words, &Labels::default())
}

/// Reads the words after `examine` / before the value of `deposit`; a store line may
/// also be a label of `labels` or `label+N` ([`Labels::line`]; a register's name is
/// read as the register: `store NAME` for a label spelt as one).
///
/// # Errors
/// A message naming what cannot be read.
pub fn parse_target_with(words: &[&str], labels: &Labels) -> Result<Target, String> {
    let first = words.first().map(|w| w.to_ascii_lowercase());
    match (first.as_deref(), words.len()) {
        (Some(k @ ("long" | "store")), 2) => {
            let (from, to) = labels.range(words[1])?;
            Ok(Target::Store {
                from,
                to,
                long: k == "long",
            })
        }
        (Some("drum"), 2) => drum_target(words[1]),
        (Some("b"), 1) => Ok(Target::BLines),
        (Some(_), 1) => {
            let w = words[0];
            if let Some(r) = register(w) {
                Ok(Target::Register(r))
            } else if w.contains('.') && labels.range(w).is_err() {
                drum_target(w)
            } else {
                let (from, to) = labels.range(w)?;
                Ok(Target::Store {
                    from,
                    to,
                    long: false,
                })
            }
        }
        _ => Err(
            "name a register (A L M D C PI H B0-B7), a store line (`D/`, `9`, `D/-RE`, \
             `long D/`) or a drum line (`drum 5.1:E/`)"
                .into(),
        ),
    }
}

impl Target {
    /// Width in binary digits of each value the target holds.
    pub fn width(&self) -> u32 {
        match self {
            Target::Store { long: true, .. } => 40,
            Target::Store { .. } | Target::BLines | Target::Drum { .. } => 20,
            Target::Register(r) => r.width(),
        }
    }

    /// The places named, each with its label, in order.
    fn places(&self) -> Vec<(String, Place)> {
        match *self {
            Target::Store { from, to, long } => {
                let step = if long { 2 } else { 1 };
                (from..=to)
                    .step_by(step)
                    .map(|a| {
                        let label = format!("{} ({a})", addr_chars(a));
                        (label, Place::Store { addr: a, long })
                    })
                    .collect()
            }
            Target::Register(r) => vec![(r.name(), Place::Register(r))],
            Target::BLines => (0..8)
                .map(|i| {
                    let r = Register::B(i);
                    (r.name(), Place::Register(r))
                })
                .collect(),
            Target::Drum {
                track,
                half,
                from,
                to,
            } => (from..=to)
                .map(|l| {
                    let label = format!("drum {track}.{half}:{} ({l})", addr_chars(l));
                    (
                        label,
                        Place::Drum {
                            track,
                            half,
                            line: l,
                        },
                    )
                })
                .collect(),
        }
    }

    /// One line a place: its label, then [`show_value`].
    pub fn show(&self, m: &Machine) -> Vec<String> {
        self.show_labelled(m, &Labels::default())
    }

    /// As [`Target::show`], a store line named also by its label in `labels` at the
    /// end (the nearest label at or below it on its page: `A/ (3): …  (loop+2)`).
    pub fn show_labelled(&self, m: &Machine, labels: &Labels) -> Vec<String> {
        let w = self.width();
        self.places()
            .into_iter()
            .map(|(label, p)| {
                let value = format!("{label}: {}", show_value(p.read(m), w));
                match p {
                    Place::Store { addr, .. } => match labels.describe(addr) {
                        Some(name) => format!("{value}  ({name})"),
                        None => value,
                    },
                    _ => value,
                }
            })
            .collect()
    }

    /// Writes `v` to every place named. Store lines 512–1023 are not fitted (Prinz
    /// §7(9)): what is written there is lost, as on the machine. A drum write marks the
    /// drum changed, so that a persistent drum is written back.
    pub fn deposit(&self, m: &mut Machine, v: Value) {
        for (_, p) in self.places() {
            p.write(m, v.0);
        }
    }
}

/// One place of a target.
#[derive(Clone, Copy)]
enum Place {
    Store { addr: u32, long: bool },
    Register(Register),
    Drum { track: u32, half: u32, line: u32 },
}

impl Place {
    fn read(self, m: &Machine) -> u128 {
        match self {
            Place::Store { addr, long: true } => u128::from(m.store.read_long(addr)),
            Place::Store { addr, .. } => u128::from(m.store.read(addr)),
            Place::Register(r) => r.read(m),
            Place::Drum { track, half, line } => {
                u128::from(m.drum.half_track(track, half)[line as usize])
            }
        }
    }

    fn write(self, m: &mut Machine, v: u128) {
        match self {
            Place::Store { addr, long: true } => {
                m.store.write(addr, v as u32 & MASK20);
                m.store.write(partner(addr), (v >> 20) as u32 & MASK20);
            }
            Place::Store { addr, .. } => m.store.write(addr, v as u32),
            Place::Register(r) => r.write(m, v),
            Place::Drum { track, half, line } => {
                let mut lines = [0u32; 64];
                lines.copy_from_slice(m.drum.half_track(track, half));
                lines[line as usize] = v as u32 & MASK20;
                m.drum.set_half_track(track, half, &lines);
            }
        }
    }
}

/// A value of `width` digits in the three notations: teleprint characters (least
/// significant first), decimal (and its signed reading when the top digit is set and
/// the width is 20 or more), binary digits least significant first in groups of five.
pub fn show_value(v: u128, width: u32) -> String {
    let chars = width.div_ceil(5) as usize;
    let mut s = format!("{}  {v}", to_chars(v, chars));
    if width >= 20 && (v >> (width - 1)) & 1 == 1 {
        let signed = v as i128 - (1i128 << width);
        s.push_str(&format!(" (signed {signed})"));
    }
    s.push_str("  ");
    s.push_str(&lamps(v, width));
    s
}

/// Binary digits least significant first, a space after every five.
pub fn lamps(v: u128, width: u32) -> String {
    let mut s = String::with_capacity(width as usize * 6 / 5);
    for i in 0..width {
        if i > 0 && i % 5 == 0 {
            s.push(' ');
        }
        s.push(if (v >> i) & 1 == 1 { '1' } else { '0' });
    }
    s
}

/// Reads a value for a target of `width` digits: exactly `width/5` teleprint characters
/// (two for C), or a decimal number, negative allowed down to −2^(width−1) (kept in two's
/// complement), positive up to 2^width − 1.
///
/// # Errors
/// A message naming the value and what the target accepts.
pub fn parse_value(s: &str, width: u32) -> Result<Value, String> {
    let chars = width.div_ceil(5) as usize;
    let max = (1u128 << width) - 1;
    let digits = s.strip_prefix('-').unwrap_or(s);
    if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '_') {
        let n: u128 = digits
            .replace('_', "")
            .parse()
            .map_err(|_| format!("`{s}` is too large"))?;
        if s.starts_with('-') {
            if n > 1u128 << (width - 1) {
                return Err(format!("`{s}` is below -2^{}", width - 1));
            }
            return Ok(Value((n.wrapping_neg()) & max));
        }
        if n > max {
            return Err(format!("`{s}` does not fit in {width} binary digits"));
        }
        return Ok(Value(n));
    }
    if s.chars().count() == chars {
        if let Some(v) = parse_chars(s) {
            return Ok(Value(v & max));
        }
    }
    Err(format!(
        "`{s}` is neither {chars} teleprint characters nor a decimal number"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::Config;

    #[test]
    fn targets() {
        assert_eq!(
            parse_target(&["D/"]),
            Ok(Target::Store {
                from: 9,
                to: 9,
                long: false
            })
        );
        assert_eq!(
            parse_target(&["D/-RE"]),
            Ok(Target::Store {
                from: 9,
                to: 42,
                long: false
            })
        );
        assert_eq!(parse_target(&["pi"]), Ok(Target::Register(Register::Pi)));
        assert_eq!(
            parse_target(&["store", "PI"]),
            Ok(Target::Store {
                from: 22 + 6 * 32,
                to: 22 + 6 * 32,
                long: false
            })
        );
        assert_eq!(parse_target(&["B3"]), Ok(Target::Register(Register::B(3))));
        assert_eq!(parse_target(&["b"]), Ok(Target::BLines));
        assert_eq!(
            parse_target(&["drum", "5.1:E/"]),
            Ok(Target::Drum {
                track: 5,
                half: 1,
                from: 1,
                to: 1
            })
        );
        assert_eq!(
            parse_target(&["5.0"]),
            Ok(Target::Drum {
                track: 5,
                half: 0,
                from: 0,
                to: 63
            })
        );
        assert!(parse_target(&["RE-D/"]).is_err());
        assert!(parse_target(&["drum", "256.0"]).is_err());
        assert!(parse_target(&["B8"]).is_err());
        assert!(parse_target(&[]).is_err());
    }

    #[test]
    fn values_and_display() {
        assert_eq!(parse_value("VETA", 20), Ok(Value(114_750)));
        assert_eq!(parse_value("114750", 20), Ok(Value(114_750)));
        assert_eq!(parse_value("-1", 20), Ok(Value(0xF_FFFF)));
        assert_eq!(parse_value("-524288", 20), Ok(Value(0x8_0000)));
        assert!(parse_value("-524289", 20).is_err());
        assert!(parse_value("1048576", 20).is_err());
        assert!(parse_value("VET", 20).is_err());
        assert_eq!(parse_value("D/", 10), Ok(Value(9)));
        assert_eq!(show_value(1, 20), "E///  1  10000 00000 00000 00000");
        assert_eq!(
            show_value(0xF_FFFF, 20),
            "££££  1048575 (signed -1)  11111 11111 11111 11111"
        );
    }

    #[test]
    fn deposit_and_examine_every_kind() {
        let mut m = Machine::new(Config::default());
        let t = parse_target(&["long", "D/"]).unwrap();
        t.deposit(&mut m, parse_value("-2", 40).unwrap());
        assert_eq!(m.store.read(9), 0xF_FFFE);
        assert_eq!(m.store.read(10), 0xF_FFFF);
        Target::Register(Register::M).deposit(&mut m, Value(5));
        assert_eq!(m.m(), 5);
        assert_eq!(m.l(), 0);
        let d = parse_target(&["drum", "7.1:3"]).unwrap();
        d.deposit(&mut m, Value(77));
        assert_eq!(m.drum.half_track(7, 1)[3], 77);
        assert!(m.drum.dirty);
        assert_eq!(
            d.show(&m),
            vec!["drum 7.1:A/ (3): F@//  77  10110 01000 00000 00000"]
        );
        let h = Target::Register(Register::H);
        h.deposit(&mut m, parse_value("NE@/", 20).unwrap());
        assert_eq!(m.console.hand_switches, 2092);
    }
}
