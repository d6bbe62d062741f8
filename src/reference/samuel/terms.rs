//! The terms of Samuel's scoring polynomial (Samuel 1959, Appendix C, "Definitions of
//! parameters"), each a function of a position, and the binary connective terms.
//!
//! A parameter rates one side: the *passive* side (the side that has just moved) or,
//! where the definition says so, the *active* side (the side to move). Appendix C,
//! "Method of computing terms": a term is the parameter's value for the position under
//! consideration less its value for the position just before the last move (there the
//! sides' roles are exchanged), credited to the side passive on the position under
//! consideration: [`term_values`]. Squares in the definitions are the standard
//! checkerboard numbers (PDN 1–32, Samuel's Appendix B) of the colour named; Black
//! starts on 1–12.
//!
//! Where the OCR or the text is unclear we say what we read (docs/samuel.md):
//! - CRAMP for White: "19 or 20" printed; we read 19 or 24, the mirror of Black's 9 or
//!   14 (20 is White's cramping square itself).
//! - DIAV is counted in halves (½, 1 and 3/2 become 1, 2 and 3).
//! - DENY: a MOB square counts if every normal move into it leaves the piece there to
//!   be taken with no recapture; EXCH, RECAP and THRET count a square if some move into
//!   it does what they say.
//! - FORK needs an active piece able to step onto the forking square; POLE needs all
//!   four diagonal neighbours on the board (a man on the edge is not surrounded).
//! - The binary connectives read "on a sign basis": A is true when term A's value is
//!   above zero.

use super::board::{at, bit, col, forward, man_dir, neighbour, pdn_mask, row, squares};
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{legal_moves, Position, Side};

/// The 26 simple parameters of Appendix C and the 12 binary connectives, in that order
/// (38 terms, as the text's "38 different terms (in addition to the piece-advantage
/// term)").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Term {
    /// Advancement: +1 for each passive man in the 5th and 6th rows (counting in the
    /// passive side's direction), −1 for each in the 3rd and 4th.
    Adv,
    /// Apex: −1 if there are no kings on the board, either square 7 or 26 is occupied by
    /// an active man, and neither is occupied by a passive man.
    Apex,
    /// Back row bridge: 1 if there are no active kings and the two bridge squares of the
    /// passive side's back row (1 and 3 for Black, 30 and 32 for White) hold passive
    /// pieces.
    Back,
    /// Centre control I: 1 for each centre square (Samuel's bits 11, 12, 15, 16, 20, 21,
    /// 24, 25: PDN 10, 11, 14, 15, 18, 19, 22, 23) occupied by a passive man.
    Cent,
    /// Centre control II: 1 for each of those squares occupied by an active piece or to
    /// which an active piece can move.
    Cntr,
    /// Double-corner credit: 1 if the active side's material credit (man 2, king 3) is 6
    /// or less, the passive side is ahead in material credit, and the active side can
    /// move into a double-corner square (1, 5, 28, 32).
    Corn,
    /// Cramp: 2 if the passive side occupies its cramping square (13 for Black, 20 for
    /// White) and at least one nearby square (9 or 14 for Black; 19 or 24 for White)
    /// while 17, 21, 22 and 25 (against Black) or 8, 11, 12 and 16 (against White) are
    /// all occupied by the active side.
    Cramp,
    /// Denial of occupancy: 1 for each MOB square where a piece moved there could be
    /// taken on the next move without an exchange.
    Deny,
    /// Double diagonal file: 1 for each passive piece on the diagonals ending in the
    /// double corners (1–28 and 5–32).
    Dia,
    /// Diagonal moment value, in halves: 1 for each passive piece two diagonals away
    /// from the double-corner files, 2 for one away, 3 on them.
    Diav,
    /// Dyke: 1 for each string of passive pieces on three adjacent diagonal squares.
    Dyke,
    /// Exchange: 1 for each square to which the active side may advance a piece and so
    /// force an exchange.
    Exch,
    /// Exposure: 1 for each passive piece flanked along one or the other diagonal by two
    /// empty squares.
    Expos,
    /// Threat of fork: 1 for each pair of passive pieces on adjacent squares of a row
    /// with three empty squares placed so that the active side, by occupying one of them,
    /// would threaten to take one or the other.
    Fork,
    /// Gap: 1 for each single empty square separating two passive pieces along a
    /// diagonal, or a passive piece from the edge of the board.
    Gap,
    /// Back row control: 1 if there are no active kings and either the bridge or the
    /// triangle of Oreo is occupied by passive pieces.
    Guard,
    /// Hole: 1 for each empty square with three or more passive pieces around it.
    Hole,
    /// King centre control: 1 for each centre square occupied by a passive king.
    Kcent,
    /// Total mobility: 1 for each square to which the active side could move one or more
    /// pieces in the normal fashion (jumps disregarded).
    Mob,
    /// Undenied mobility: MOB − DENY.
    Mobil,
    /// Move (opposition): 1 if the material is even with a total credit (man 2, king 3)
    /// below 24, and an odd number of pieces stands in the move system (the vertical
    /// files starting with squares 1, 2, 3 and 4).
    Move,
    /// Node: 1 for each passive piece with at least three empty squares around it.
    Node,
    /// Triangle of Oreo: 1 if there are no passive kings and the triangle (2, 3 and 7
    /// for Black; 26, 30 and 31 for White) is occupied by passive pieces.
    Oreo,
    /// Pole: 1 for each passive man completely surrounded by empty squares.
    Pole,
    /// Recapture: identical with EXCH (Samuel introduced it to test the effect of the
    /// random times at which terms enter and leave the polynomial).
    Recap,
    /// Threat: 1 for each square to which an active piece may be moved so as to threaten
    /// a passive piece with capture on the next move.
    Thret,
    /// DENY and MOB both above zero (Denial of occupancy–Total mobility: A·B).
    Demo,
    /// DENY not, MOB above zero (Ā·B).
    Demmo,
    /// DENY above zero, MOB not (A·B̄).
    Ddemo,
    /// Neither (Ā·B̄).
    Ddmm,
    /// MOBIL and DENY above zero (Undenied mobility–Denial of occupancy: A·B).
    Mode1,
    /// MOBIL not, DENY above zero (Ā·B).
    Mode2,
    /// MOBIL above zero, DENY not (A·B̄).
    Mode3,
    /// Neither (Ā·B̄).
    Mode4,
    /// MOBIL and CENT above zero (Undenied mobility–Centre control I: A·B).
    Moc1,
    /// MOBIL above zero, CENT not (A·B̄; the appendix lists MOC 1, 3, 2, 4 in the order
    /// A·B, Ā·B, A·B̄, Ā·B̄).
    Moc2,
    /// MOBIL not, CENT above zero (Ā·B).
    Moc3,
    /// Neither (Ā·B̄).
    Moc4,
}

/// Number of simple terms (Appendix C defines 26).
pub const SIMPLE: usize = 26;
/// Number of terms, simple and connective.
pub const TERMS: usize = 38;

/// The names as Samuel printed them, in [`Term`] order.
pub const NAMES: [&str; TERMS] = [
    "ADV", "APEX", "BACK", "CENT", "CNTR", "CORN", "CRAMP", "DENY", "DIA", "DIAV", "DYKE", "EXCH",
    "EXPOS", "FORK", "GAP", "GUARD", "HOLE", "KCENT", "MOB", "MOBIL", "MOVE", "NODE", "OREO",
    "POLE", "RECAP", "THRET", "DEMO", "DEMMO", "DDEMO", "DDMM", "MODE 1", "MODE 2", "MODE 3",
    "MODE 4", "MOC 1", "MOC 2", "MOC 3", "MOC 4",
];

impl Term {
    /// Every term in order.
    pub fn all() -> [Term; TERMS] {
        use Term::*;
        [
            Adv, Apex, Back, Cent, Cntr, Corn, Cramp, Deny, Dia, Diav, Dyke, Exch, Expos, Fork,
            Gap, Guard, Hole, Kcent, Mob, Mobil, Move, Node, Oreo, Pole, Recap, Thret, Demo, Demmo,
            Ddemo, Ddmm, Mode1, Mode2, Mode3, Mode4, Moc1, Moc2, Moc3, Moc4,
        ]
    }

    /// Index 0–37.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Samuel's name (`MODE 1`).
    pub fn name(self) -> &'static str {
        NAMES[self.index()]
    }

    /// The term named `name` (case and spaces ignored: `mode1`, `MODE 1`).
    pub fn from_name(name: &str) -> Option<Term> {
        let key = |s: &str| s.replace(' ', "").to_ascii_uppercase();
        let k = key(name);
        Term::all().into_iter().find(|t| key(t.name()) == k)
    }

    /// Whether it is a binary connective.
    pub fn is_connective(self) -> bool {
        self.index() >= SIMPLE
    }
}

/// The 26 parameter values of a position (the side to move active), in [`Term`] order.
pub type Params = [i32; SIMPLE];

/// Material credit of `pieces` with `kings` among them: man 2, king 3 (Appendix C, CORN
/// and MOVE).
pub fn credit(pieces: u32, kings: u32) -> i32 {
    (2 * (pieces & !kings).count_ones() + 3 * (pieces & kings).count_ones()) as i32
}

/// The centre squares: Appendix C's "11, 12, 15, 16, 20, 21, 24 and 25" are Samuel's
/// own bit numbers (Fig. A-1), PDN 10, 11, 14, 15, 18, 19, 22 and 23, the eight
/// central squares. Read as standard numbers they would be a lopsided zig-zag, unlike
/// every other square list of the appendix, each of which is its own mirror between
/// the colours in the standard numbering (docs/samuel.md).
fn centre() -> u32 {
    pdn_mask(&[10, 11, 14, 15, 18, 19, 22, 23])
}

/// A side's view of a position.
struct View {
    pos: Position,
    act: u32,
    pas: u32,
    kings: u32,
    empty: u32,
    aside: Side,
    pside: Side,
}

impl View {
    fn of(pos: &Position) -> View {
        let (act, pas) = pos.own_opp();
        View {
            pos: *pos,
            act,
            pas,
            kings: pos.k,
            empty: pos.empty(),
            aside: pos.to_move,
            pside: pos.to_move.opponent(),
        }
    }
}

/// A normal (non-jump) move of the side to move: (from, to).
fn steps(v: &View) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for s in squares(v.act) {
        let king = v.kings & bit(s) != 0;
        for d in 0..4 {
            if !king && !man_dir(v.aside, d) {
                continue;
            }
            if let Some(t) = neighbour(s, d) {
                if v.empty & bit(t) != 0 {
                    out.push((s, t));
                }
            }
        }
    }
    out
}

/// The position after the active side's step `(s, t)` (crowned on the far row), the
/// passive side to move.
fn after_step(v: &View, (s, t): (u8, u8)) -> Position {
    let king_row = if v.aside == Side::Black { 7 } else { 0 };
    let mut p = v.pos;
    let was_king = p.k & bit(s) != 0;
    match v.aside {
        Side::Black => p.b = (p.b & !bit(s)) | bit(t),
        Side::White => p.w = (p.w & !bit(s)) | bit(t),
    }
    p.k &= !bit(s);
    if was_king || row(t) == king_row {
        p.k |= bit(t);
    }
    p.to_move = v.pside;
    p
}

/// Whether the piece on `s` (of the side `side`, with the pieces `own`, opponent `opp`)
/// has a jump.
fn piece_can_jump(s: u8, king: bool, side: Side, opp: u32, empty: u32) -> bool {
    (0..4).any(|d| {
        (king || man_dir(side, d))
            && neighbour(s, d).is_some_and(|n| {
                opp & bit(n) != 0 && neighbour(n, d).is_some_and(|l| empty & bit(l) != 0)
            })
    })
}

/// Whether the side to move in `p` has any capture.
fn can_capture(p: &Position) -> bool {
    crate::reference::draughts::moves::has_capture(p)
}

/// Whether, after the active side's step to `t` (the passive side to move in `after`),
/// the piece on `t` can be taken with no recapture.
fn taken_free(after: &Position, t: u8) -> bool {
    legal_moves(after)
        .iter()
        .filter(|m| m.captured & bit(t) != 0)
        .any(|m| !can_capture(&apply(after, m)))
}

/// Whether the active side's step leaves the passive side forced to capture and every
/// capture answered by a capture.
fn forces_exchange(after: &Position) -> bool {
    let replies = legal_moves(after);
    !replies.is_empty()
        && replies[0].is_capture()
        && replies.iter().all(|m| can_capture(&apply(after, m)))
}

/// The 26 parameters of `pos`, the side to move active ([`Term`] order).
pub fn all_parameters(pos: &Position) -> Params {
    parameters(pos, &[true; SIMPLE])
}

/// The parameters of `pos` (the side to move active, [`Term`] order) that `needed`
/// marks; the others are 0.
pub fn parameters(pos: &Position, needed: &[bool; SIMPLE]) -> Params {
    let v = Board::of(pos);
    let mut f = [0i32; SIMPLE];
    for (i, t) in Term::all()[..SIMPLE].iter().enumerate() {
        if needed[i] {
            f[i] = parameter(&v, *t);
        }
    }
    f
}

/// One parameter of `pos` (the side to move active); 0 for a connective (see
/// [`term_values`]).
pub fn parameter_of(pos: &Position, t: Term) -> i32 {
    parameter(&Board::of(pos), t)
}

fn parameter(v: &Board, t: Term) -> i32 {
    match t {
        Term::Adv => adv(v),
        Term::Apex => apex(v),
        Term::Back => back(v),
        Term::Cent => cent(v),
        Term::Cntr => cntr(v),
        Term::Corn => corn(v),
        Term::Cramp => cramp(v),
        Term::Deny => deny(v),
        Term::Dia => dia(v),
        Term::Diav => diav(v),
        Term::Dyke => dyke(v),
        Term::Exch => exch(v),
        Term::Expos => expos(v),
        Term::Fork => fork(v),
        Term::Gap => gap(v),
        Term::Guard => guard(v),
        Term::Hole => hole(v),
        Term::Kcent => kcent(v),
        Term::Mob => mob(v),
        Term::Mobil => mobil(v),
        Term::Move => move_(v),
        Term::Node => node(v),
        Term::Oreo => oreo(v),
        Term::Pole => pole(v),
        Term::Recap => recap(v),
        Term::Thret => thret(v),
        _ => 0,
    }
}

/// A position as the terms see it: the active side's pieces and its normal moves, the
/// passive side's pieces, and (computed once, when first asked) what each square the
/// active side can move to leads to.
struct Board {
    v: View,
    steps: Vec<(u8, u8)>,
    dests: u32,
    tries: std::cell::OnceCell<(i32, i32, i32)>,
}

impl Board {
    fn of(pos: &Position) -> Board {
        let v = View::of(pos);
        let steps = steps(&v);
        let dests = steps.iter().fold(0, |a, &(_, t)| a | bit(t));
        Board {
            v,
            steps,
            dests,
            tries: std::cell::OnceCell::new(),
        }
    }
    fn pmen(&self) -> u32 {
        self.v.pas & !self.v.kings
    }
    fn pkings(&self) -> u32 {
        self.v.pas & self.v.kings
    }
    fn amen(&self) -> u32 {
        self.v.act & !self.v.kings
    }
    fn akings(&self) -> u32 {
        self.v.act & self.v.kings
    }
    /// The passive side's bridge (1 and 3, or 30 and 32) and triangle of Oreo (2, 3, 7,
    /// or 26, 30, 31).
    fn bridge_oreo(&self) -> (u32, u32) {
        match self.v.pside {
            Side::Black => (pdn_mask(&[1, 3]), pdn_mask(&[2, 3, 7])),
            Side::White => (pdn_mask(&[30, 32]), pdn_mask(&[26, 30, 31])),
        }
    }
    /// (DENY, EXCH, THRET): every square the active side can move to, tried.
    fn tries(&self) -> (i32, i32, i32) {
        *self.tries.get_or_init(|| {
            let v = &self.v;
            let (mut deny, mut exch, mut thret) = (0, 0, 0);
            for t in squares(self.dests) {
                let afters: Vec<Position> = self
                    .steps
                    .iter()
                    .filter(|&&(_, to)| to == t)
                    .map(|&m| after_step(v, m))
                    .collect();
                if afters.iter().all(|a| taken_free(a, t)) {
                    deny += 1;
                }
                if afters.iter().any(forces_exchange) {
                    exch += 1;
                }
                if afters.iter().any(|a| {
                    let opp = match v.aside {
                        Side::Black => a.w,
                        Side::White => a.b,
                    };
                    piece_can_jump(t, a.k & bit(t) != 0, v.aside, opp, a.empty())
                }) {
                    thret += 1;
                }
            }
            (deny, exch, thret)
        })
    }
}

/// ADV (Advancement): "credited with 1 for each passive man in the 5th and 6th rows
/// (counting in passive's direction) and debited with 1 for each passive man in the
/// 3rd and 4th rows."
fn adv(b: &Board) -> i32 {
    squares(b.pmen())
        .map(|s| {
            let r = if b.v.pside == Side::Black {
                row(s) + 1
            } else {
                8 - row(s)
            };
            match r {
                5 | 6 => 1,
                3 | 4 => -1,
                _ => 0,
            }
        })
        .sum()
}

/// APEX (Apex): "debited with 1 if there are no kings on the board, if either square 7
/// or 26 is occupied by an active man, and if neither of these squares is occupied by
/// a passive man."
fn apex(b: &Board) -> i32 {
    let apex = pdn_mask(&[7, 26]);
    if b.v.kings == 0 && b.amen() & apex != 0 && b.pmen() & apex == 0 {
        -1
    } else {
        0
    }
}

/// BACK (Back Row Bridge): "credited with 1 if there are no active kings on the board
/// and if the two bridge squares (1 and 3, or 30 and 32) in the back row are occupied
/// by passive pieces."
fn back(b: &Board) -> i32 {
    let (bridge, _) = b.bridge_oreo();
    i32::from(b.akings() == 0 && b.v.pas & bridge == bridge)
}

/// CENT (Center Control I): "credited with 1 for each of the following squares: 11,
/// 12, 15, 16, 20, 21, 24 and 25 which is occupied by a passive man" (Samuel's bit
/// numbers: PDN 10, 11, 14, 15, 18, 19, 22 and 23, see `centre`).
fn cent(b: &Board) -> i32 {
    (b.pmen() & centre()).count_ones() as i32
}

/// CNTR (Center Control II): "credited with 1 for each of the following squares: 11,
/// 12, 15, 16, 20, 21, 24 and 25 that is either currently occupied by an active piece
/// or to which an active piece can move."
fn cntr(b: &Board) -> i32 {
    ((b.v.act | b.dests) & centre()).count_ones() as i32
}

/// CORN (Double-Corner Credit): "credited with 1 if the material credit value for the
/// active side is 6 or less, if the passive side is ahead in material credit, and if
/// the active side can move into one of the double-corner squares."
fn corn(b: &Board) -> i32 {
    let (ca, cp) = (credit(b.v.act, b.v.kings), credit(b.v.pas, b.v.kings));
    i32::from(ca <= 6 && cp > ca && b.dests & pdn_mask(&[1, 5, 28, 32]) != 0)
}

/// CRAMP (Cramp): "credited with 2 if the passive side occupies the cramping square (13
/// for Black, and 20 for White) and at least one other nearby square (9 or 14 for
/// Black, and 19 or 20 [we read 24] for White), while certain squares (17, 21, 22 and
/// 25 for Black, and 8, 11, 12 and 16 for White) are all occupied by the active side."
fn cramp(b: &Board) -> i32 {
    let (cramp, near, held) = match b.v.pside {
        Side::Black => (
            pdn_mask(&[13]),
            pdn_mask(&[9, 14]),
            pdn_mask(&[17, 21, 22, 25]),
        ),
        Side::White => (
            pdn_mask(&[20]),
            pdn_mask(&[19, 24]),
            pdn_mask(&[8, 11, 12, 16]),
        ),
    };
    if b.v.pas & cramp != 0 && b.v.pas & near != 0 && b.v.act & held == held {
        2
    } else {
        0
    }
}

/// DENY (Denial of Occupancy): "credited with 1 for each square defined in MOB if on
/// the next move a piece occupying this square could be captured without an exchange"
/// (ours: whichever piece the active side moves there).
fn deny(b: &Board) -> i32 {
    b.tries().0
}

/// DIA (Double Diagonal File): "credited with 1 for each passive piece located in the
/// diagonal files terminating in the double-corner squares."
fn dia(b: &Board) -> i32 {
    squares(b.v.pas)
        .filter(|&s| (row(s) - col(s)).abs() == 1)
        .count() as i32
}

/// DIAV (Diagonal Moment Value), in halves: "credited with 1/2 for each passive piece
/// located on squares 2 removed from the double-corner diagonal files, with 1 for each
/// passive piece located on squares 1 removed from the double-corner files and with
/// 3/2 for each passive piece in the double-corner files."
fn diav(b: &Board) -> i32 {
    squares(b.v.pas)
        .map(|s| match (row(s) - col(s)).abs() {
            1 => 3,
            3 => 2,
            5 => 1,
            _ => 0,
        })
        .sum()
}

/// DYKE (Dyke): "credited with 1 for each string of passive pieces that occupy three
/// adjacent diagonal squares" (a string of four is two strings of three).
fn dyke(b: &Board) -> i32 {
    let mut n = 0;
    for s in squares(b.v.pas) {
        for d in 0..2 {
            let n1 = neighbour(s, d);
            let n2 = n1.and_then(|x| neighbour(x, d));
            if let (Some(n1), Some(n2)) = (n1, n2) {
                if b.v.pas & bit(n1) != 0 && b.v.pas & bit(n2) != 0 {
                    n += 1;
                }
            }
        }
    }
    n
}

/// EXCH (Exchange): "credited with 1 for each square to which the active side may
/// advance a piece and, in so doing, force an exchange" (the passive side must take,
/// and every way of taking can be answered by a capture).
fn exch(b: &Board) -> i32 {
    b.tries().1
}

/// EXPOS (Exposure): "credited with 1 for each passive piece that is flanked along one
/// or the other diagonal by two empty squares."
fn expos(b: &Board) -> i32 {
    let e = |x: Option<u8>| x.is_some_and(|n| b.v.empty & bit(n) != 0);
    squares(b.v.pas)
        .filter(|&s| {
            let nb = [0, 1, 2, 3].map(|d| neighbour(s, d));
            (e(nb[0]) && e(nb[3])) || (e(nb[1]) && e(nb[2]))
        })
        .count() as i32
}

/// FORK (Threat of Fork): "credited with 1 for each situation in which passive pieces
/// occupy two adjacent squares in one row and in which there are three empty squares
/// so disposed that the active side could, by occupying one of them, threaten a sure
/// capture of one or the other of the two pieces" (ours: the square between them on
/// the active side's side and the two landing squares beyond, with an active piece
/// able to step onto the first).
fn fork(b: &Board) -> i32 {
    let v = &b.v;
    let fwd = forward(v.aside);
    let mut n = 0;
    for s in squares(v.pas) {
        let (r, c) = (row(s), col(s));
        let Some(s2) = at(r, c + 2) else { continue };
        if v.pas & bit(s2) == 0 {
            continue;
        }
        for dr in [1i8, -1] {
            let movers = if dr == fwd { v.act } else { b.akings() };
            let (Some(fk), Some(l1), Some(l2)) =
                (at(r - dr, c + 1), at(r + dr, c - 1), at(r + dr, c + 3))
            else {
                continue;
            };
            let free = [fk, l1, l2].iter().all(|&x| v.empty & bit(x) != 0);
            if free
                && b.steps
                    .iter()
                    .any(|&(from, to)| to == fk && movers & bit(from) != 0)
            {
                n += 1;
            }
        }
    }
    n
}

/// GAP (Gap): "credited with 1 for each single empty square that separates two passive
/// pieces along a diagonal, or that separates a passive piece from the edge of the
/// board."
fn gap(b: &Board) -> i32 {
    let p = |x: Option<u8>| x.is_some_and(|n| b.v.pas & bit(n) != 0);
    let mut n = 0;
    for e in squares(b.v.empty) {
        let nb = [0, 1, 2, 3].map(|d| neighbour(e, d));
        for (x, y) in [(nb[0], nb[3]), (nb[1], nb[2])] {
            let g = match (x, y) {
                (Some(_), Some(_)) => p(x) && p(y),
                (Some(_), None) => p(x),
                (None, Some(_)) => p(y),
                (None, None) => false,
            };
            n += i32::from(g);
        }
    }
    n
}

/// GUARD (Back Row Control): "credited with 1 if there are no active kings and if
/// either the Bridge or the Triangle of Oreo is occupied by passive pieces."
fn guard(b: &Board) -> i32 {
    let (bridge, oreo) = b.bridge_oreo();
    i32::from(b.akings() == 0 && (b.v.pas & bridge == bridge || b.v.pas & oreo == oreo))
}

/// HOLE (Hole): "credited with 1 for each empty square that is surrounded by three or
/// more passive pieces."
fn hole(b: &Board) -> i32 {
    squares(b.v.empty)
        .filter(|&e| {
            (0..4)
                .filter(|&d| neighbour(e, d).is_some_and(|n| b.v.pas & bit(n) != 0))
                .count()
                >= 3
        })
        .count() as i32
}

/// KCENT (King Center Control): "credited with 1 for each of the following squares:
/// 11, 12, 15, 16, 20, 21, 24 and 25 which is occupied by a passive king."
fn kcent(b: &Board) -> i32 {
    (b.pkings() & centre()).count_ones() as i32
}

/// MOB (Total Mobility): "credited with 1 for each square to which the active side
/// could move one or more pieces in the normal fashion, disregarding the fact that
/// jump moves may or may not be available."
fn mob(b: &Board) -> i32 {
    b.dests.count_ones() as i32
}

/// MOBIL (Undenied Mobility): "credited with the difference between MOB and DENY."
fn mobil(b: &Board) -> i32 {
    mob(b) - deny(b)
}

/// MOVE (Move): "credited with 1 if pieces are even with a total piece count (2 for
/// men, and 3 for kings) of less than 24, and if an odd number of pieces are in the
/// move system, defined as those vertical files starting with squares 1, 2, 3 and 4."
/// Ours: the files from 1, 2, 3 and 4 when Black is to move, their mirror (the files
/// from 29, 30, 31 and 32, p ↔ 33 − p) when White is, as every square list of the
/// appendix is read for the side concerned (docs/samuel.md); with an odd number of
/// pieces on the board the two systems' counts differ in parity, so one system for both
/// sides would make the term depend on the colour.
fn move_(b: &Board) -> i32 {
    let p = &b.v.pos;
    let (cb, cw) = (credit(p.b, p.k), credit(p.w, p.k));
    let blacks = pdn_mask(&[1, 2, 3, 4, 9, 10, 11, 12, 17, 18, 19, 20, 25, 26, 27, 28]);
    let system = if b.v.aside == Side::Black {
        blacks
    } else {
        blacks.reverse_bits()
    };
    i32::from(cb == cw && cb + cw < 24 && ((p.b | p.w) & system).count_ones() % 2 == 1)
}

/// NODE (Node): "credited with 1 for each passive piece that is surrounded by at least
/// three empty squares."
fn node(b: &Board) -> i32 {
    squares(b.v.pas)
        .filter(|&s| {
            (0..4)
                .filter(|&d| neighbour(s, d).is_some_and(|n| b.v.empty & bit(n) != 0))
                .count()
                >= 3
        })
        .count() as i32
}

/// OREO (Triangle of Oreo): "credited with 1 if there are no passive kings and if the
/// Triangle of Oreo (squares 2, 3 and 7 for Black, and squares 26, 30 and 31 for White)
/// is occupied by passive pieces."
fn oreo(b: &Board) -> i32 {
    let (_, oreo) = b.bridge_oreo();
    i32::from(b.pkings() == 0 && b.v.pas & oreo == oreo)
}

/// POLE (Pole): "credited with 1 for each passive man that is completely surrounded by
/// empty squares" (ours: all four diagonal neighbours on the board and empty).
fn pole(b: &Board) -> i32 {
    squares(b.pmen())
        .filter(|&s| (0..4).all(|d| neighbour(s, d).is_some_and(|n| b.v.empty & bit(n) != 0)))
        .count() as i32
}

/// RECAP (Recapture): "identical with Exchange, as defined above. (It was introduced
/// to test the effects produced by the random times at which parameters are introduced
/// and deleted from the evaluation polynomial.)"
fn recap(b: &Board) -> i32 {
    exch(b)
}

/// THRET (Threat): "credited with 1 for each square to which an active piece may be
/// moved and in so doing threaten the capture of a passive piece on a subsequent move."
fn thret(b: &Board) -> i32 {
    b.tries().2
}

/// All 38 term values of a position whose parameters are `now` (from [`parameters`]),
/// the position before the last move having had `before`: each simple term `now −
/// before`, to the credit of the side that has just moved; the connectives 0 or 1 from
/// the signs of DENY, MOB, MOBIL and CENT (Appendix C).
pub fn term_values(now: &Params, before: &Params) -> [i32; TERMS] {
    let mut t = [0i32; TERMS];
    for i in 0..SIMPLE {
        t[i] = now[i] - before[i];
    }
    let pos = |x: Term| t[x.index()] > 0;
    let quad = |a: bool, b: bool| [a && b, !a && b, a && !b, !a && !b].map(i32::from);
    let demo = quad(pos(Term::Deny), pos(Term::Mob));
    let mode = quad(pos(Term::Mobil), pos(Term::Deny));
    let moc = quad(pos(Term::Mobil), pos(Term::Cent));
    t[Term::Demo.index()..=Term::Ddmm.index()].copy_from_slice(&demo);
    t[Term::Mode1.index()..=Term::Mode4.index()].copy_from_slice(&mode);
    // MOC 1 = A·B, MOC 3 = Ā·B, MOC 2 = A·B̄, MOC 4 = Ā·B̄.
    t[Term::Moc1.index()] = moc[0];
    t[Term::Moc3.index()] = moc[1];
    t[Term::Moc2.index()] = moc[2];
    t[Term::Moc4.index()] = moc[3];
    t
}
