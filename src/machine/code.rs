//! The teleprint code and the written form of lines and instructions.
//!
//! The Mark 1 wrote every 20-bit short line as four base-32 characters, *least
//! significant character first*, each character being a 5-bit teleprinter code whose
//! own digits are also written least significant first (Prinz §2(2)–(13)). The 32
//! characters in value order are
//! `/ E @ A : S I U ½ D R J N F C K T Z L W H Y P Q O B G " M X V £`
//! (Prinz §2(7)–(10); Brooker 1956).
//!
//! An instruction line (Prinz §8(1)–(11)) has, in bit (pulse) numbering P0–P19:
//!
//! | bits    | characters          | meaning                                   |
//! |---------|---------------------|-------------------------------------------|
//! | P0–P9   | chars 1–2           | address *s* (P9 = 0 for a fitted tube)    |
//! | P10–P12 | first 3 bits of ch3 | B-digits *b* (0–7)                        |
//! | P13     | 4th bit of ch3      | spare, ignored by electronic instructions |
//! | P14–P19 | last bit ch3 + ch4  | function number *f* (0–63)                |
//!
//! The function number is `P14 + 2 × value(char 4)`, so the codes run `//` = 0,
//! `T/` = 1, `/E` = 2, … `T£` = 63 (C50 codes; Prinz §17(5)).

/// The 32 teleprint characters in value order 0–31 (Prinz §2(7)).
pub const TELEPRINT: [char; 32] = [
    '/', 'E', '@', 'A', ':', 'S', 'I', 'U', '½', 'D', 'R', 'J', 'N', 'F', 'C', 'K', 'T', 'Z', 'L',
    'W', 'H', 'Y', 'P', 'Q', 'O', 'B', 'G', '"', 'M', 'X', 'V', '£',
];

/// The same 32 characters with the ASCII stand-ins `#` for `½` and `$` for `£`, as
/// used in SimH's files and in our ASCII outputs.
pub const TELEPRINT_ASCII: [char; 32] = [
    '/', 'E', '@', 'A', ':', 'S', 'I', 'U', '#', 'D', 'R', 'J', 'N', 'F', 'C', 'K', 'T', 'Z', 'L',
    'W', 'H', 'Y', 'P', 'Q', 'O', 'B', 'G', '"', 'M', 'X', 'V', '$',
];

/// Mask of a 20-bit short line.
pub const MASK20: u32 = (1 << 20) - 1;
/// Mask of a 40-bit long line.
pub const MASK40: u64 = (1 << 40) - 1;

/// The 5-bit value (0–31) of a teleprint character, or `None` if it is not one.
///
/// Accepts the period glyphs and the stand-ins: `½`, `¼` (Turing's handbook, Prinz
/// §2(8)) and `#` for 8; `£` and `$` for 31. Letters are accepted in either case.
pub fn char_value(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    Some(match c {
        '/' => 0,
        'E' => 1,
        '@' => 2,
        'A' => 3,
        ':' => 4,
        'S' => 5,
        'I' => 6,
        'U' => 7,
        '½' | '¼' | '#' => 8,
        'D' => 9,
        'R' => 10,
        'J' => 11,
        'N' => 12,
        'F' => 13,
        'C' => 14,
        'K' => 15,
        'T' => 16,
        'Z' => 17,
        'L' => 18,
        'W' => 19,
        'H' => 20,
        'Y' => 21,
        'P' => 22,
        'Q' => 23,
        'O' => 24,
        'B' => 25,
        'G' => 26,
        '"' => 27,
        'M' => 28,
        'X' => 29,
        'V' => 30,
        '£' | '$' => 31,
        _ => return None,
    })
}

/// The teleprint character of a 5-bit value (only the low 5 bits are used).
#[inline]
pub fn char_of(v: u32) -> char {
    TELEPRINT[(v & 31) as usize]
}

/// Writes `n` characters of `value`, least significant character first, in the period
/// glyphs (`½`, `£`). A short line is 4 characters, a long line 8, A is 16.
pub fn to_chars(value: u128, n: usize) -> String {
    (0..n).map(|i| char_of((value >> (5 * i)) as u32)).collect()
}

/// As [`to_chars`] but with the ASCII stand-ins `#` and `$`.
pub fn to_chars_ascii(value: u128, n: usize) -> String {
    (0..n)
        .map(|i| TELEPRINT_ASCII[((value >> (5 * i)) & 31) as usize])
        .collect()
}

/// The four characters of a 20-bit short line, e.g. `VETA` for 114 750.
pub fn line_chars(w: u32) -> String {
    to_chars(u128::from(w & MASK20), 4)
}

/// The two characters of a 10-bit address, line character first: `VS` = 190.
pub fn addr_chars(a: u32) -> String {
    to_chars(u128::from(a & 1023), 2)
}

/// Reads a run of teleprint characters, least significant first, as a number.
/// Returns `None` on any character outside the code or on more than 25 characters.
pub fn parse_chars(s: &str) -> Option<u128> {
    let mut v: u128 = 0;
    for (i, c) in s.chars().enumerate() {
        if i >= 25 {
            return None;
        }
        v |= u128::from(char_value(c)?) << (5 * i);
    }
    Some(v)
}

/// Reads exactly four teleprint characters as a 20-bit short line.
pub fn parse_line(s: &str) -> Option<u32> {
    if s.chars().count() != 4 {
        return None;
    }
    parse_chars(s).map(|v| v as u32)
}

/// Reads exactly two teleprint characters as a 10-bit address (0–1023).
pub fn parse_addr(s: &str) -> Option<u32> {
    if s.chars().count() != 2 {
        return None;
    }
    parse_chars(s).map(|v| v as u32)
}

/// The function number f (0–63) of an instruction line: P14–P19.
#[inline(always)]
pub const fn function(w: u32) -> u32 {
    (w >> 14) & 63
}

/// The address s (0–1023) of an instruction line: P0–P9.
#[inline(always)]
pub const fn address(w: u32) -> u32 {
    w & 1023
}

/// The B-digits b (0–7) of an instruction line: P10–P12.
#[inline(always)]
pub const fn b_digits(w: u32) -> u32 {
    (w >> 10) & 7
}

/// The two-character code of function number `f` (0–63): `/x` for even f, `Tx` for odd,
/// with x the teleprint character of f/2 (C50 codes).
pub fn function_code(f: u32) -> String {
    let f = f & 63;
    let first = if f & 1 == 1 { 'T' } else { '/' };
    format!("{first}{}", char_of(f >> 1))
}

/// The function number of a two-character code such as `/E`, `TI`, `T£`, `T#`, or `None`.
/// The first character must be `/` or `T` (B-digits are not part of a function code).
pub fn function_number(code: &str) -> Option<u32> {
    let mut it = code.chars();
    let (a, b) = (it.next()?, it.next()?);
    if it.next().is_some() {
        return None;
    }
    let p14 = match a.to_ascii_uppercase() {
        '/' => 0,
        'T' => 1,
        _ => return None,
    };
    Some(p14 + 2 * u32::from(char_value(b)?))
}

/// Builds an instruction line from its fields: address `s` (10 bits), B-line `b`
/// (3 bits) and function `f` (6 bits). The spare digit P13 is zero.
pub fn instruction(s: u32, b: u32, f: u32) -> u32 {
    (s & 1023) | ((b & 7) << 10) | ((f & 63) << 14)
}

/// Mask of the B-digits P10–P12 within an instruction line.
pub const B_DIGITS_MASK: u32 = 7 << 10;

/// An instruction line with its B-digits P10–P12 cleared (what a B-modified order keeps
/// of them, Prinz §18(14)–(16)).
#[inline(always)]
pub const fn without_b_digits(w: u32) -> u32 {
    w & !B_DIGITS_MASK
}

/// Mask of P0–P13 of an instruction line: the address, the B-digits and the spare
/// digit, all of a line that lies below its function digits.
pub const BELOW_FUNCTION: u32 = (1 << 14) - 1;

/// P0–P13 of an instruction line (address, B-digits, spare digit): what a B-line can
/// be added to without changing the function digits, if there is no carry out of it.
#[inline(always)]
pub const fn below_function(w: u32) -> u32 {
    w & BELOW_FUNCTION
}

/// Line `w` (its P0–P13) with function number `f` in P14–P19.
#[inline(always)]
pub const fn with_function(w: u32, f: u32) -> u32 {
    ((f & 63) << 14) | below_function(w)
}

/// The beat class of a function number: how long the order takes in Prinz's rule. The
/// beats themselves are in [`super::timing::Timing`], which may depart from the class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BeatClass {
    /// `//` and `/:`: the cost is that of the magnetic or I/O transfer obeyed.
    Transfer,
    /// A short-line order: 4 beats (Prinz §9(13)).
    Short,
    /// A long-line order: 5 beats (Prinz §9(14)).
    Long,
    /// A second-factor multiplication `/½ /D /N /F`: 9 beats (Prinz §12(11)).
    Multiply,
    /// The random-number order `/W`: 24 beats (Prinz §19(16)).
    Random,
}

impl BeatClass {
    /// The base beats of the class in Prinz's rule (Transfer 0: the transfer is charged).
    pub const fn prinz_beats(self) -> u32 {
        match self {
            BeatClass::Transfer => 0,
            BeatClass::Short => 4,
            BeatClass::Long => 5,
            BeatClass::Multiply => 9,
            BeatClass::Random => 24,
        }
    }
}

/// The part of the machine an order works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// `//` and `/:`: a magnetic (drum) or input/output instruction (Prinz §21, §23, §26).
    Magnetic,
    /// The accumulator A and the multiplicand register D (Prinz §10–§13, §16, §19).
    Accumulator,
    /// The B-tube: the actual B-digits name the B-line operated on (Prinz §17(8)–(9));
    /// what the order does to it.
    BTube(BLineOp),
    /// Control transfers (Prinz §14, §18(39)–(44)): when the jump is taken, and whether
    /// it is relative to the jump's own line ([`RELATIVE`]) or not ([`ABSOLUTE`]).
    Control(When, bool),
    /// Dummies, dummy stops, the hooter and the hand switches (Prinz §20).
    Special,
    /// A function number no source assigns: a 4-beat dummy (Prinz §20(10)–(14)).
    Unassigned,
}

/// What a B-tube order does to the B-line its actual B-digits name (Prinz §18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BLineOp {
    /// `TT` `TO`: B := line s.
    Load,
    /// `TZ` `TB`: line s := B.
    Store,
    /// `TL` `TG`: B := B − line s.
    Subtract,
}

/// When a control transfer is taken (Prinz §14, §18(39)–(44)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Always: `/P` `/Q`.
    Always,
    /// If the A-sign flip-flop is clear (A ≥ 0): `/H` `/M`.
    AClear,
    /// If the B-sign flip-flop is clear (the B-line last operated on ≥ 0): `/T` `/O`.
    BClear,
}

/// A control transfer relative to the line of the jump (C := C + t): `/Q` `/M` `/O`.
pub const RELATIVE: bool = true;
/// A control transfer to the line it names (C := t): `/P` `/H` `/T`.
pub const ABSOLUTE: bool = false;

/// One function number of the order code: a row of [`ORDERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    /// The period two-character code, C50 notation (`/E`, `T½`, `T£`; Prinz §17(5)).
    pub code: &'static str,
    /// A short meaning in words, as the disassembler and the debugger print it: S the
    /// long line at s, S+ unsigned, S+- signed, L and M the halves of A, S' the line
    /// written (docs/machine.md, "The notation of listings and the debugger", explains
    /// the notation; its order table gives every row in full).
    pub meaning: &'static str,
    /// How long it takes in Prinz's rule.
    pub beats: BeatClass,
    /// What it works on.
    pub unit: Unit,
    /// Whether it writes A (the A-sign flip-flop follows such orders while KAC is held).
    pub writes_a: bool,
    /// Whether it is B-modified; the B-exceptional orders TO TB TG T£ are not
    /// (Prinz §18(16)–(20)).
    pub b_modified: bool,
    /// Whether it works a device beside the store and the registers: the drum and the
    /// input/output (`//` `/:`), the random generator (`/W`), the dummy-stop switches
    /// (`/L` `/G`) or the hooter (`/V`); such an order may stop the machine, take beats
    /// beyond its class or be an event, and the fast core leaves it to the reference
    /// path ([`DEVICE_ORDERS`]).
    pub device: bool,
}

const A_WRITTEN: bool = true;
const A_KEPT: bool = false;
const MODIFIED: bool = true;
const EXCEPTIONAL: bool = false;
const DEVICE: bool = true;
const INSIDE: bool = false;

impl Order {
    const fn new(
        code: &'static str,
        meaning: &'static str,
        beats: BeatClass,
        unit: Unit,
        writes_a: bool,
        b_modified: bool,
        device: bool,
    ) -> Order {
        Order {
            code,
            meaning,
            beats,
            unit,
            writes_a,
            b_modified,
            device,
        }
    }
}

/// The 64 function numbers, indexed by function number (P14–P19). The one table the
/// emulator, the timing profiles, the assembler, the disassembler and the debugger use.
#[rustfmt::skip]
pub const ORDERS: [Order; 64] = {
    use BeatClass::*;
    use BLineOp::*;
    use Unit::*;
    use When::*;
    // The units of the B-tube orders and the jumps, one word each.
    const B_LOAD: Unit = BTube(Load);
    const B_STORE: Unit = BTube(Store);
    const B_SUB: Unit = BTube(Subtract);
    const JUMP: Unit = Control(Always, ABSOLUTE);
    const JUMP_REL: Unit = Control(Always, RELATIVE);
    const JUMP_IF_A: Unit = Control(AClear, ABSOLUTE);
    const JUMP_REL_IF_A: Unit = Control(AClear, RELATIVE);
    const JUMP_IF_B: Unit = Control(BClear, ABSOLUTE);
    const JUMP_REL_IF_B: Unit = Control(BClear, RELATIVE);
    [
    Order::new("//", "H as magnetic instruction", Transfer, Magnetic, A_KEPT, MODIFIED, DEVICE),
    Order::new("T/", "A = S+", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/E", "S' = M", Long, Accumulator, A_KEPT, MODIFIED, INSIDE),
    Order::new("TE", "unassigned", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("/@", "M += msb position of S", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("T@", "A0 = marker or s-1", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/A", "S' = M, M = 0", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("TA", "S' = L, A = 0", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/:", "s as magnetic instruction", Transfer, Magnetic, A_KEPT, MODIFIED, DEVICE),
    Order::new("T:", "A = 0", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/S", "S' = L", Long, Accumulator, A_KEPT, MODIFIED, INSIDE),
    Order::new("TS", "dummy", Short, Special, A_KEPT, MODIFIED, INSIDE),
    Order::new("/I", "swap L and M", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("TI", "A += S+", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/U", "S' = L, L = M, M = 0", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("TU", "unassigned", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("/½", "A -= D*S+", Multiply, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("T½", "A = S+-", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/D", "A -= D*S+-", Multiply, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("TD", "A |= S+-", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/R", "M += ones in S", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("TR", "A &= S+-", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/J", "M += S", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("TJ", "A ^= S+-", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/N", "A += D*S+", Multiply, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("TN", "A -= S+-", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/F", "A += D*S+-", Multiply, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("TF", "A = -S+-", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/C", "D = S+", Long, Accumulator, A_KEPT, MODIFIED, INSIDE),
    Order::new("TC", "A += S+-", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/K", "D = S+-", Long, Accumulator, A_KEPT, MODIFIED, INSIDE),
    Order::new("TK", "A = 2*S+-", Long, Accumulator, A_WRITTEN, MODIFIED, INSIDE),
    Order::new("/T", "jump via s if B >= 0", Short, JUMP_IF_B, A_KEPT, MODIFIED, INSIDE),
    Order::new("TT", "B = s", Short, B_LOAD, A_KEPT, MODIFIED, INSIDE),
    Order::new("/Z", "s' = H", Short, Special, A_KEPT, MODIFIED, INSIDE),
    Order::new("TZ", "s' = B", Short, B_STORE, A_KEPT, MODIFIED, INSIDE),
    Order::new("/L", "dummy stop /L", Short, Special, A_KEPT, MODIFIED, DEVICE),
    Order::new("TL", "B -= s", Short, B_SUB, A_KEPT, MODIFIED, INSIDE),
    Order::new("/W", "random to A0", Random, Accumulator, A_WRITTEN, MODIFIED, DEVICE),
    Order::new("TW", "unassigned", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("/H", "jump via s if A >= 0", Short, JUMP_IF_A, A_KEPT, MODIFIED, INSIDE),
    Order::new("TH", "dummy", Short, Special, A_KEPT, MODIFIED, INSIDE),
    Order::new("/Y", "s' = 0 (SimH's reading)", Short, Special, A_KEPT, MODIFIED, INSIDE),
    Order::new("TY", "unassigned", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("/P", "jump via s", Short, JUMP, A_KEPT, MODIFIED, INSIDE),
    Order::new("TP", "unassigned", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("/Q", "relative jump via s", Short, JUMP_REL, A_KEPT, MODIFIED, INSIDE),
    Order::new("TQ", "unassigned", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("/O", "rel. jump via s if B >= 0", Short, JUMP_REL_IF_B, A_KEPT, MODIFIED, INSIDE),
    Order::new("TO", "B = s (not B-modified)", Short, B_LOAD, A_KEPT, EXCEPTIONAL, INSIDE),
    Order::new("/B", "unknown (/B)", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("TB", "s' = B (not B-modified)", Short, B_STORE, A_KEPT, EXCEPTIONAL, INSIDE),
    Order::new("/G", "dummy stop /G", Short, Special, A_KEPT, MODIFIED, DEVICE),
    Order::new("TG", "B -= s (not B-modified)", Short, B_SUB, A_KEPT, EXCEPTIONAL, INSIDE),
    Order::new("/\"", "unknown (/\")", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("T\"", "unassigned", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("/M", "rel. jump via s if A >= 0", Short, JUMP_REL_IF_A, A_KEPT, MODIFIED, INSIDE),
    Order::new("TM", "unassigned", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("/X", "unknown (/X)", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("TX", "dummy", Short, Special, A_KEPT, MODIFIED, INSIDE),
    Order::new("/V", "hoot", Short, Special, A_KEPT, MODIFIED, DEVICE),
    Order::new("TV", "dummy", Short, Special, A_KEPT, MODIFIED, INSIDE),
    Order::new("/£", "unknown (/£)", Short, Unassigned, A_KEPT, MODIFIED, INSIDE),
    Order::new("T£", "dummy", Short, Special, A_KEPT, EXCEPTIONAL, INSIDE),
    ]
};

/// The function number whose period code (C50 notation, as in [`ORDERS`]) is `code`.
/// Used in constants ([`op`]), where a code that is not in the table stops the build.
pub const fn function_of(code: &str) -> u32 {
    let code = code.as_bytes();
    let mut f = 0;
    while f < 64 {
        let row = ORDERS[f].code.as_bytes();
        if row.len() == code.len() {
            let mut i = 0;
            while i < row.len() && row[i] == code[i] {
                i += 1;
            }
            if i == row.len() {
                return f as u32;
            }
        }
        f += 1;
    }
    panic!("a function code that is not in ORDERS")
}

/// The function numbers by name, each found in [`ORDERS`] by its period code (so the
/// table stays the one place that numbers the orders): what the cores match on instead
/// of bare numbers. The dummies and the unassigned codes have no names.
pub mod op {
    use super::function_of as f;

    /// `//`: obey the hand switches H as a magnetic instruction (Prinz §21).
    pub const MAGNETIC_H: u32 = f("//");
    /// `T/`: A := S unsigned.
    pub const LOAD: u32 = f("T/");
    /// `/E`: line s := M.
    pub const STORE_M: u32 = f("/E");
    /// `/@`: M += position of the top 1 of S.
    pub const TOP_BIT: u32 = f("/@");
    /// `T@`: A := the marker of page p, or line s − 1.
    pub const MARKER: u32 = f("T@");
    /// `/A`: line s := M, M := 0.
    pub const STORE_M_CLEAR: u32 = f("/A");
    /// `TA`: line s := L, A := 0.
    pub const STORE_L_CLEAR: u32 = f("TA");
    /// `/:`: obey line s as a magnetic instruction (Prinz §21).
    pub const MAGNETIC_S: u32 = f("/:");
    /// `T:`: A := 0.
    pub const CLEAR: u32 = f("T:");
    /// `/S`: line s := L.
    pub const STORE_L: u32 = f("/S");
    /// `/I`: swap L and M.
    pub const SWAP: u32 = f("/I");
    /// `TI`: A += S unsigned.
    pub const ADD: u32 = f("TI");
    /// `/U`: line s := L, L := M, M := 0.
    pub const STORE_L_SHIFT: u32 = f("/U");
    /// `/½`: A −= D·S unsigned.
    pub const MUL_SUB: u32 = f("/½");
    /// `T½`: A := S signed.
    pub const LOAD_SIGNED: u32 = f("T½");
    /// `/D`: A −= D·S signed.
    pub const MUL_SUB_SIGNED: u32 = f("/D");
    /// `TD`: A := A or S signed.
    pub const OR: u32 = f("TD");
    /// `/R`: M += the number of 1s in S.
    pub const ONES: u32 = f("/R");
    /// `TR`: A := A and S signed.
    pub const AND: u32 = f("TR");
    /// `/J`: M += S.
    pub const ADD_M: u32 = f("/J");
    /// `TJ`: A := A xor S signed.
    pub const XOR: u32 = f("TJ");
    /// `/N`: A += D·S unsigned.
    pub const MUL_ADD: u32 = f("/N");
    /// `TN`: A −= S signed.
    pub const SUB_SIGNED: u32 = f("TN");
    /// `/F`: A += D·S signed.
    pub const MUL_ADD_SIGNED: u32 = f("/F");
    /// `TF`: A := −S signed.
    pub const LOAD_NEGATED: u32 = f("TF");
    /// `/C`: D := S unsigned.
    pub const LOAD_D: u32 = f("/C");
    /// `TC`: A += S signed.
    pub const ADD_SIGNED: u32 = f("TC");
    /// `/K`: D := S signed.
    pub const LOAD_D_SIGNED: u32 = f("/K");
    /// `TK`: A := 2·S signed.
    pub const LOAD_DOUBLE: u32 = f("TK");
    /// `/T`: jump via line s if the B-sign is clear.
    pub const JUMP_B: u32 = f("/T");
    /// `TT`: B := line s.
    pub const B_LOAD: u32 = f("TT");
    /// `/Z`: line s := the hand switches H.
    pub const HAND: u32 = f("/Z");
    /// `TZ`: line s := B.
    pub const B_STORE: u32 = f("TZ");
    /// `/L`: dummy stop on the /L switch.
    pub const STOP_L: u32 = f("/L");
    /// `TL`: B := B − line s.
    pub const B_SUB: u32 = f("TL");
    /// `/W`: P0–P19 of A := a random number.
    pub const RANDOM: u32 = f("/W");
    /// `/H`: jump via line s if the A-sign is clear.
    pub const JUMP_A: u32 = f("/H");
    /// `/Y`: line s := 0 (SimH's reading).
    pub const CLEAR_LINE: u32 = f("/Y");
    /// `/P`: jump via line s.
    pub const JUMP: u32 = f("/P");
    /// `/Q`: relative jump via line s.
    pub const JUMP_REL: u32 = f("/Q");
    /// `/O`: relative jump via line s if the B-sign is clear.
    pub const JUMP_REL_B: u32 = f("/O");
    /// `TO`: B := line s, not B-modified.
    pub const B_LOAD_X: u32 = f("TO");
    /// `TB`: line s := B, not B-modified.
    pub const B_STORE_X: u32 = f("TB");
    /// `/G`: dummy stop on the /G switch.
    pub const STOP_G: u32 = f("/G");
    /// `TG`: B := B − line s, not B-modified.
    pub const B_SUB_X: u32 = f("TG");
    /// `/M`: relative jump via line s if the A-sign is clear.
    pub const JUMP_REL_A: u32 = f("/M");
    /// `/V`: hoot.
    pub const HOOT: u32 = f("/V");
}

/// The function numbers whose row of [`ORDERS`] satisfies a test, as a 64-bit set
/// (bit f for function f), computed at compile time.
macro_rules! function_set {
    (|$o:ident| $test:expr) => {{
        let mut m = 0u64;
        let mut f = 0;
        while f < 64 {
            let $o = &ORDERS[f];
            if $test {
                m |= 1 << f;
            }
            f += 1;
        }
        m
    }};
}

/// The B-exceptional orders, never B-modified: TO TB TG T£ (bit f for function f).
pub const NOT_B_MODIFIED: u64 = function_set!(|o| !o.b_modified);
/// The B-tube orders, whose actual B-digits name the B-line (bit f for function f).
pub const B_TUBE: u64 = function_set!(|o| matches!(o.unit, Unit::BTube(_)));
/// The B-tube orders that write the B-line they name: TT TO TL TG (bit f for function f).
pub const WRITES_B: u64 =
    function_set!(|o| matches!(o.unit, Unit::BTube(BLineOp::Load | BLineOp::Subtract)));
/// The control transfers `/T /H /P /Q /O /M` (bit f for function f).
pub const JUMPS: u64 = function_set!(|o| matches!(o.unit, Unit::Control(..)));
/// The control transfers relative to their own line, `/Q /M /O` (bit f for function f).
pub const RELATIVE_JUMPS: u64 = function_set!(|o| matches!(o.unit, Unit::Control(_, RELATIVE)));
/// The control transfers taken only if the A-sign is clear, `/H /M` (bit f for function f).
pub const JUMPS_ON_A: u64 = function_set!(|o| matches!(o.unit, Unit::Control(When::AClear, _)));
/// The control transfers taken only if the B-sign is clear, `/T /O` (bit f for function f).
pub const JUMPS_ON_B: u64 = function_set!(|o| matches!(o.unit, Unit::Control(When::BClear, _)));
/// The orders that work a device ([`Order::device`]): `//` `/:` `/L` `/G` `/W` `/V`, the
/// ones the fast core never obeys itself (bit f for function f).
pub const DEVICE_ORDERS: u64 = function_set!(|o| o.device);
/// The orders that write A (bit f for function f).
pub const WRITES_A: u64 = function_set!(|o| o.writes_a);
/// The function numbers no source assigns (bit f for function f).
pub const UNASSIGNED: u64 = function_set!(|o| matches!(o.unit, Unit::Unassigned));

/// Whether function `f` is in the 64-bit set `set`.
#[inline(always)]
pub const fn in_set(set: u64, f: u32) -> bool {
    (set >> (f & 63)) & 1 == 1
}

/// The row of [`ORDERS`] for function number `f` (taken mod 64).
#[inline]
pub fn order(f: u32) -> &'static Order {
    &ORDERS[(f & 63) as usize]
}

/// Which half-tracks a magnetic instruction moves: P10–P11 (Prinz §23(5)–(8)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halves {
    /// One half-track (0 or 1) to or from the page named.
    Half(u8),
    /// Both halves: half 0 with the even page of the pair, half 1 with the odd.
    Double,
    /// Both halves crossed: half 1 with the even page, half 0 with the odd.
    Crossed,
}

/// What a magnetic instruction does: P12 check, P13 write (Prinz §23, §25).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transfer {
    /// Drum to store.
    Read,
    /// Store to drum.
    Write,
    /// Compare store with drum as after a read (marker included); success skips.
    ReadCheck,
    /// Compare store with drum as after a write; success skips.
    WriteCheck,
}

impl Transfer {
    /// Whether P13 (write) is set.
    pub fn is_write(self) -> bool {
        matches!(self, Transfer::Write | Transfer::WriteCheck)
    }

    /// Whether P12 (check) is set.
    pub fn is_check(self) -> bool {
        matches!(self, Transfer::ReadCheck | Transfer::WriteCheck)
    }

    /// The word the assembler and the disassembler use: `read`, `write`, `readcheck`,
    /// `writecheck`.
    pub fn word(self) -> &'static str {
        match self {
            Transfer::Read => "read",
            Transfer::Write => "write",
            Transfer::ReadCheck => "readcheck",
            Transfer::WriteCheck => "writecheck",
        }
    }
}

/// A magnetic instruction (obeyed by `//` from the hand switches or `/:` from line s),
/// Prinz §23: P0–P7 track (P8–P9 ignored), P10 half, P11 double, P12 check, P13 write,
/// P14 clear (set makes it an [`IoOrder`]), P16–P19 the page (P15 ignored; the period
/// writes the page as character 4 = 2 × page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MagneticOrder {
    /// Drum track 0–255.
    pub track: u8,
    /// Which half-tracks.
    pub halves: Halves,
    /// Read, write or check.
    pub transfer: Transfer,
    /// Store page 0–15 (pages 8–15 are not fitted); for a double transfer the even page
    /// of the pair is used whatever P16 says.
    pub page: u8,
}

/// P14 of a line obeyed as a magnetic instruction: set for input/output (Prinz §26).
pub const IO_BIT: u32 = 1 << 14;

impl MagneticOrder {
    /// The instruction line (20 bits; ignored digits zero).
    pub fn encode(self) -> u32 {
        let (x, double) = match self.halves {
            Halves::Half(h) => (u32::from(h & 1), 0),
            Halves::Double => (0, 2),
            Halves::Crossed => (1, 2),
        };
        let check = u32::from(self.transfer.is_check()) << 2;
        let write = u32::from(self.transfer.is_write()) << 3;
        let c3 = x | double | check | write;
        u32::from(self.track) | (c3 << 10) | (u32::from(self.page & 15) << 16)
    }

    /// Reads a line obeyed as a magnetic instruction; `None` if P14 is set (an I/O order).
    pub fn decode(w: u32) -> Option<MagneticOrder> {
        if w & IO_BIT != 0 {
            return None;
        }
        let c3 = (w >> 10) & 15;
        let x = (c3 & 1) as u8;
        let halves = match c3 & 2 {
            0 => Halves::Half(x),
            _ if x == 0 => Halves::Double,
            _ => Halves::Crossed,
        };
        let transfer = match (c3 & 8 != 0, c3 & 4 != 0) {
            (false, false) => Transfer::Read,
            (true, false) => Transfer::Write,
            (false, true) => Transfer::ReadCheck,
            (true, true) => Transfer::WriteCheck,
        };
        Some(MagneticOrder {
            track: (w & 255) as u8,
            halves,
            transfer,
            page: ((w >> 16) & 15) as u8,
        })
    }

    /// The marker ("65th") line of half-track (`track`, `half`): "bring this half-track
    /// down to page 4" (Prinz §24).
    pub fn marker(track: u8, half: u8) -> MagneticOrder {
        MagneticOrder {
            track,
            halves: Halves::Half(half & 1),
            transfer: Transfer::Read,
            page: 4,
        }
    }

    /// The (page, half) pairs moved, one or two (Prinz §23(6)–(8)).
    pub fn pairs(self) -> impl Iterator<Item = (u32, u32)> {
        let page = u32::from(self.page & 15);
        let even = page & !1;
        let (pairs, n) = match self.halves {
            Halves::Half(h) => ([(page, u32::from(h & 1)), (0, 0)], 1),
            Halves::Double => ([(even, 0), (even + 1, 1)], 2),
            Halves::Crossed => ([(even, 1), (even + 1, 0)], 2),
        };
        pairs.into_iter().take(n)
    }
}

impl std::fmt::Display for MagneticOrder {
    /// In words, e.g. `read track 5 half 1, page 2` or `write track 9 double, page 6`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (op, t) = (self.transfer.word(), self.track);
        match self.halves {
            Halves::Half(h) => write!(f, "{op} track {t} half {h}")?,
            Halves::Double => write!(f, "{op} track {t} double")?,
            Halves::Crossed => write!(f, "{op} track {t} crossed")?,
        }
        write!(f, ", page {}", self.page)
    }
}

/// An input/output instruction (Prinz §26): a magnetic instruction with P14 set, of
/// which only character 3 (P10–P14, value 16–31) matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoOrder {
    /// T (16): print or punch the character in P75–P79 of A.
    Output,
    /// Z (17): space.
    Space,
    /// L (18): carriage return.
    CarriageReturn,
    /// W (19): line feed.
    LineFeed,
    /// H (20): figure shift.
    FigureShift,
    /// Y (21): letter shift.
    LetterShift,
    /// O (24): read the next tape character into P75–P79 of A.
    Input,
    /// B (25): the check order.
    Check,
    /// Any other character 16–31 (P Q G " M X V £): a dummy.
    Dummy(DummyChar),
}

/// The character-3 value of a dummy I/O order: one of 22, 23 and 26–31 (P Q G " M X V
/// £), never a value that names an order, so that [`IoOrder::encode`] then
/// [`IoOrder::decode`] gives back the same order. Made by [`DummyChar::new`] or
/// [`IoOrder::of_char`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DummyChar(u8);

impl DummyChar {
    /// The dummy of character-3 value `v` (16–31, or its low 4 bits); `None` if that
    /// value names an order (T Z L W H Y O B).
    pub fn new(v: u8) -> Option<DummyChar> {
        match IoOrder::of_char(v) {
            IoOrder::Dummy(d) => Some(d),
            _ => None,
        }
    }

    /// The value 16–31 of character 3.
    pub fn value(self) -> u8 {
        self.0
    }
}

impl IoOrder {
    /// The value 16–31 of character 3.
    pub fn char_value(self) -> u8 {
        match self {
            IoOrder::Output => 16,
            IoOrder::Space => 17,
            IoOrder::CarriageReturn => 18,
            IoOrder::LineFeed => 19,
            IoOrder::FigureShift => 20,
            IoOrder::LetterShift => 21,
            IoOrder::Input => 24,
            IoOrder::Check => 25,
            IoOrder::Dummy(d) => d.value(),
        }
    }

    /// The order of character-3 value `v` (only the low 4 bits are used: P14 is the
    /// I/O digit itself).
    pub fn of_char(v: u8) -> IoOrder {
        match v & 15 {
            0 => IoOrder::Output,
            1 => IoOrder::Space,
            2 => IoOrder::CarriageReturn,
            3 => IoOrder::LineFeed,
            4 => IoOrder::FigureShift,
            5 => IoOrder::LetterShift,
            8 => IoOrder::Input,
            9 => IoOrder::Check,
            x => IoOrder::Dummy(DummyChar(x | 16)),
        }
    }

    /// The instruction line: character 3 in P10–P14, everything else zero.
    pub fn encode(self) -> u32 {
        u32::from(self.char_value()) << 10
    }

    /// Reads a line obeyed as a magnetic instruction; `None` if P14 is clear.
    pub fn decode(w: u32) -> Option<IoOrder> {
        (w & IO_BIT != 0).then(|| IoOrder::of_char(((w >> 10) & 15) as u8))
    }

    /// In words, with the period letter: `output (T)`, `dummy`.
    pub fn words(self) -> &'static str {
        match self {
            IoOrder::Output => "output (T)",
            IoOrder::Space => "space (Z)",
            IoOrder::CarriageReturn => "carriage return (L)",
            IoOrder::LineFeed => "line feed (W)",
            IoOrder::FigureShift => "figure shift (H)",
            IoOrder::LetterShift => "letter shift (Y)",
            IoOrder::Input => "input (O)",
            IoOrder::Check => "check (B)",
            IoOrder::Dummy(_) => "dummy",
        }
    }
}

/// The decoding of an instruction line in period notation and words, as the
/// disassembler's comments and the debugger show it: function code, address, B-line,
/// meaning, and for `//` (or a bare I/O line) what it does when obeyed as a magnetic
/// instruction, e.g. `/N VE  A += D*S+` or `// E/  H as magnetic instruction | as
/// magnetic: read track 1 half 0, page 0`.
pub fn describe(w: u32) -> String {
    let w = w & MASK20;
    let (f, b) = (function(w), b_digits(w));
    let mut s = format!("{} {}", function_code(f), addr_chars(address(w)));
    if b != 0 {
        s.push_str(&format!(", b{b}"));
    }
    s.push_str("  ");
    s.push_str(order(f).meaning);
    if w & (1 << 13) != 0 {
        s.push_str(" (P13 set)");
    }
    if f == 0 {
        if let Some(m) = MagneticOrder::decode(w) {
            s.push_str(&format!(" | as magnetic: {m}"));
        }
    } else if f == 1 && address(w) == 0 {
        if let Some(io) = IoOrder::decode(w) {
            s.push_str(&format!(" | as I/O: {}", io.words()));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prinz_worked_examples() {
        // Prinz §2(10)-(13): A=3, B=25, C=14, D=9.
        assert_eq!(parse_chars("AB"), Some(803));
        assert_eq!(parse_chars("ABC"), Some(15_139));
        assert_eq!(parse_chars("ABCD"), Some(310_051));
        // Prinz §2(16)-(20): VS = 30 + 5*32 = 190.
        assert_eq!(parse_addr("VS"), Some(190));
        assert_eq!(addr_chars(190), "VS");
    }

    #[test]
    fn instruction_fields() {
        let w = parse_line("VETA").unwrap();
        assert_eq!(w, 114_750);
        assert_eq!(address(w), 62);
        assert_eq!(b_digits(w), 0);
        assert_eq!(function_code(function(w)), "TA");
        assert_eq!(function_number("TA"), Some(7));
        assert_eq!(function_number("//"), Some(0));
        assert_eq!(function_number("T/"), Some(1));
        assert_eq!(function_number("T$"), Some(63));
        assert_eq!(instruction(62, 0, 7), w);
        // /IUK: function /K on B7 (Prinz §17(13)).
        let w = parse_line("/IUK").unwrap();
        assert_eq!(b_digits(w), 7);
        assert_eq!(function_code(function(w)), "/K");
    }

    #[test]
    fn round_trip_all_lines() {
        for w in (0..=MASK20).step_by(97) {
            assert_eq!(parse_line(&line_chars(w)), Some(w));
        }
    }

    #[test]
    fn stand_ins() {
        assert_eq!(char_value('#'), Some(8));
        assert_eq!(char_value('¼'), Some(8));
        assert_eq!(char_value('$'), Some(31));
        assert_eq!(to_chars_ascii(31 | (8 << 5), 2), "$#");
        assert_eq!(char_value('x'), Some(29));
        assert_eq!(char_value('?'), None);
    }

    #[test]
    fn orders_table_codes_and_sets() {
        for (f, o) in ORDERS.iter().enumerate() {
            assert_eq!(o.code, function_code(f as u32), "row {f}");
        }
        let set = |fs: &[u32]| fs.iter().fold(0u64, |m, &f| m | 1 << f);
        // The sets exec.rs used before the table (Prinz §18, §20; docs/machine.md).
        assert_eq!(NOT_B_MODIFIED, set(&[49, 51, 53, 63]));
        assert_eq!(B_TUBE, set(&[33, 35, 37, 49, 51, 53]));
        assert_eq!(
            WRITES_A,
            set(&[
                1, 17, 27, 31, 9, 13, 29, 25, 22, 7, 6, 14, 12, 24, 16, 26, 18, 21, 19, 23, 4, 20,
                38, 5
            ])
        );
        assert_eq!(
            UNASSIGNED,
            set(&[3, 15, 39, 43, 45, 47, 55, 57, 50, 54, 58, 62])
        );
        // The sets fast.rs and exec.rs wrote by hand before they were derived.
        assert_eq!(DEVICE_ORDERS, set(&[0, 8, 36, 38, 52, 60]));
        assert_eq!(JUMPS, set(&[32, 40, 44, 46, 48, 56]));
        assert_eq!(RELATIVE_JUMPS, set(&[46, 56, 48]));
        assert_eq!(JUMPS_ON_A, set(&[40, 56]));
        assert_eq!(JUMPS_ON_B, set(&[32, 48]));
        assert_eq!(WRITES_B, set(&[33, 37, 49, 53]));
    }

    #[test]
    fn named_function_numbers_are_the_table_rows() {
        // Each name is the row of its code; the numbers as docs/machine.md gives them.
        let named = [
            (op::MAGNETIC_H, 0),
            (op::LOAD, 1),
            (op::STORE_M, 2),
            (op::TOP_BIT, 4),
            (op::MARKER, 5),
            (op::STORE_M_CLEAR, 6),
            (op::STORE_L_CLEAR, 7),
            (op::MAGNETIC_S, 8),
            (op::CLEAR, 9),
            (op::STORE_L, 10),
            (op::SWAP, 12),
            (op::ADD, 13),
            (op::STORE_L_SHIFT, 14),
            (op::MUL_SUB, 16),
            (op::LOAD_SIGNED, 17),
            (op::MUL_SUB_SIGNED, 18),
            (op::OR, 19),
            (op::ONES, 20),
            (op::AND, 21),
            (op::ADD_M, 22),
            (op::XOR, 23),
            (op::MUL_ADD, 24),
            (op::SUB_SIGNED, 25),
            (op::MUL_ADD_SIGNED, 26),
            (op::LOAD_NEGATED, 27),
            (op::LOAD_D, 28),
            (op::ADD_SIGNED, 29),
            (op::LOAD_D_SIGNED, 30),
            (op::LOAD_DOUBLE, 31),
            (op::JUMP_B, 32),
            (op::B_LOAD, 33),
            (op::HAND, 34),
            (op::B_STORE, 35),
            (op::STOP_L, 36),
            (op::B_SUB, 37),
            (op::RANDOM, 38),
            (op::JUMP_A, 40),
            (op::CLEAR_LINE, 42),
            (op::JUMP, 44),
            (op::JUMP_REL, 46),
            (op::JUMP_REL_B, 48),
            (op::B_LOAD_X, 49),
            (op::B_STORE_X, 51),
            (op::STOP_G, 52),
            (op::B_SUB_X, 53),
            (op::JUMP_REL_A, 56),
            (op::HOOT, 60),
        ];
        for (f, want) in named {
            assert_eq!(f, want, "{}", function_code(want));
            assert_eq!(function_number(ORDERS[f as usize].code), Some(f));
        }
        assert_eq!(function_of("T£"), 63);
        assert_eq!(function_of("/\""), 54);
    }

    #[test]
    fn magnetic_orders_round_trip() {
        for w in 0..(1u32 << 14) {
            // Every line with P14 clear and the ignored digits P8, P9, P15 zero.
            let w = (w & 0xff) | ((w >> 8 & 15) << 10) | ((w >> 12 & 3) << 16);
            let m = MagneticOrder::decode(w).unwrap();
            assert_eq!(m.encode(), w, "{w:#x} {m}");
            assert!(IoOrder::decode(w).is_none());
        }
        // Prinz §24: the marker of track 5 half 1 is `read track 5 half 1 to page 4`.
        assert_eq!(
            MagneticOrder::marker(5, 1).encode(),
            5 | (1 << 10) | (8 << 15)
        );
        let m = MagneticOrder::decode(parse_line("S/I:").unwrap()).unwrap();
        assert_eq!(m.to_string(), "readcheck track 5 double, page 2");
        assert_eq!(m.pairs().collect::<Vec<_>>(), vec![(2, 0), (3, 1)]);
    }

    #[test]
    fn io_orders_round_trip() {
        for v in 16..32u8 {
            let io = IoOrder::of_char(v);
            assert_eq!(io.char_value(), v);
            assert_eq!(IoOrder::decode(io.encode()), Some(io));
            assert!(MagneticOrder::decode(io.encode()).is_none());
        }
        assert_eq!(
            IoOrder::decode(parse_line("//T/").unwrap()),
            Some(IoOrder::Output)
        );
    }

    #[test]
    fn describe_in_words() {
        assert_eq!(
            describe(parse_line("VETA").unwrap()),
            "TA VE  S' = L, A = 0"
        );
        assert_eq!(
            describe(parse_line("E/E/").unwrap()),
            "// E/, b1  H as magnetic instruction | as magnetic: read track 1 half 1, page 0"
        );
        assert_eq!(
            describe(parse_line("//ZT").unwrap()).split(" | ").nth(1),
            None
        );
    }
}
