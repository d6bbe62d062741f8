//! Turing's material and the value W/B of a position, kept as an exact fraction.
//!
//! Turing (typescript): "P = 1 Kt = 3 B = 3 1/2 R = 5 Q = 10 Checkmate +/- 1000. If B is
//! black's total and W is white's, then W/B is quite a good measure of value." Totals are
//! kept in half points so that the bishop's 3 1/2 is an integer; two values are compared by
//! cross-multiplication, never through floating point.

use shakmaty::{Board, Color, Role};
use std::cmp::Ordering;

/// A man's value in half points (P 2, Kt 6, B 7, R 10, Q 20; the king 0, since it is never
/// taken: mate is valued instead).
pub fn half_points(role: Role) -> u32 {
    match role {
        Role::Pawn => 2,
        Role::Knight => 6,
        Role::Bishop => 7,
        Role::Rook => 10,
        Role::Queen => 20,
        Role::King => 0,
    }
}

/// The rank of a man for "the capture of a piece of higher value by one of lower value":
/// its value in half points, the king above everything (it has no material value, and a
/// king capture is never "lower takes higher").
pub fn capture_rank(role: Role) -> u32 {
    match role {
        Role::King => u32::MAX,
        r => half_points(r),
    }
}

/// A side's material in half points.
pub fn material(board: &Board, color: Color) -> u32 {
    let side = board.by_color(color);
    [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ]
    .iter()
    .map(|&r| (side & board.by_role(r)).count() as u32 * half_points(r))
    .sum()
}

/// The value of a position in the analysis.
///
/// Ordered for White: `BlackMates` (-1000) < every ratio < `WhiteMates` (+1000). A ratio
/// W/0 (Black has only its king) is above every finite ratio and below mate: Turing's
/// ±1000 is meant to dominate, and no finite W/B reaches 1000 (W is at most 103 points).
#[derive(Debug, Clone, Copy)]
pub enum Value {
    /// Black has mated White: -1000.
    BlackMates,
    /// A dead position's W/B, both totals in half points.
    Ratio {
        /// White's material in half points.
        white: u32,
        /// Black's material in half points.
        black: u32,
    },
    /// White has mated Black: +1000.
    WhiteMates,
}

impl Value {
    /// The value of `board` evaluated as a dead position: W/B.
    pub fn dead(board: &Board) -> Value {
        Value::Ratio {
            white: material(board, Color::White),
            black: material(board, Color::Black),
        }
    }

    /// The mate value for the side that has been mated.
    pub fn mated(loser: Color) -> Value {
        match loser {
            Color::White => Value::BlackMates,
            Color::Black => Value::WhiteMates,
        }
    }

    /// The fraction in words: `41/41` in points (halves written `38.5`), or `mate +1000` /
    /// `mate -1000`.
    pub fn fraction(&self) -> String {
        match *self {
            Value::BlackMates => "mate -1000".to_string(),
            Value::WhiteMates => "mate +1000".to_string(),
            Value::Ratio { white, black } => format!("{}/{}", points(white), points(black)),
        }
    }

    /// The value as a decimal to three places (`1.000`, `1.025`, `1000`, `-1000`, or
    /// `infinite` for W/0), computed in integers.
    pub fn decimal(&self) -> String {
        match *self {
            Value::BlackMates => "-1000".to_string(),
            Value::WhiteMates => "1000".to_string(),
            Value::Ratio { black: 0, .. } => "infinite".to_string(),
            Value::Ratio { white, black } => {
                let (w, b) = (u64::from(white), u64::from(black));
                let thousandths = (w * 1000 * 2 + b) / (2 * b);
                format!("{}.{:03}", thousandths / 1000, thousandths % 1000)
            }
        }
    }

    /// The decimal as a number for JSON output (None for W/0).
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Value::BlackMates => Some(-1000.0),
            Value::WhiteMates => Some(1000.0),
            Value::Ratio { black: 0, .. } => None,
            Value::Ratio { .. } => self.decimal().parse().ok(),
        }
    }
}

/// Half points as points: `41`, `38.5`.
pub fn points(half: u32) -> String {
    if half.is_multiple_of(2) {
        format!("{}", half / 2)
    } else {
        format!("{}.5", half / 2)
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        fn class(v: &Value) -> u8 {
            match v {
                Value::BlackMates => 0,
                Value::Ratio { .. } => 1,
                Value::WhiteMates => 2,
            }
        }
        match (*self, *other) {
            (
                Value::Ratio {
                    white: w1,
                    black: b1,
                },
                Value::Ratio {
                    white: w2,
                    black: b2,
                },
            ) => match (b1, b2) {
                (0, 0) => w1.cmp(&w2),
                (0, _) => Ordering::Greater,
                (_, 0) => Ordering::Less,
                _ => (u64::from(w1) * u64::from(b2)).cmp(&(u64::from(w2) * u64::from(b1))),
            },
            (a, b) => class(&a).cmp(&class(&b)),
        }
    }
}

impl PartialEq for Value {
    /// Equal values: the same mate, or ratios equal as fractions (41/41 = 40/40).
    fn eq(&self, other: &Value) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
