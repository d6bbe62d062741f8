//! Position play (PP): Turing's "position-play value", in tenths as integers.
//!
//! Turing (typescript, "Position-play value"): "Each white piece has a certain position-play
//! contribution and so has the black king. These must all be added up." The terms:
//!
//! - Q, R, B, Kt (i): the square root of the number of moves, a capture counting two, the
//!   king not left in check; (ii) R, B, Kt: 1.0 if defended, 0.5 more if twice defended.
//! - K (iii): its non-castling moves as (i); (iv) minus the same for a friendly queen on the
//!   king's square; (v) 1.0 while castling is not lost, 1.0 if it could be made next move,
//!   1.0 for castling itself.
//! - P (vi): 0.2 a rank advanced; (vii) 0.3 if defended by a piece (not a pawn).
//! - Black K (viii): 1.0 for a threat of mate; (ix) 0.5 for check.
//!
//! Square roots come from Turing's one-decimal table ([`sqrt_tenths`]). The ambiguous
//! places follow [`Readings`].

use super::readings::{
    CastlingPoints, CastlingSides, MateThreat, MobilityTurn, Readings, SqrtBeyond,
};
use super::search::gives_mate;
use shakmaty::{attacks, Bitboard, Board, CastlingSide, Chess, Color, Position, Role, Square};

/// Turing's table of square roots, in tenths, for 0 to 13 moves: 0 1 1.4 1.7 2.0 2.2 2.4
/// 2.6 2.8 3.0 3.2 3.3 3.5 3.6.
pub const SQRT_TABLE: [i32; 14] = [0, 10, 14, 17, 20, 22, 24, 26, 28, 30, 32, 33, 35, 36];

/// The square root of `n` in tenths: Turing's table for 0..=13; past 13 (his table stops
/// there, and a queen with captures can reach some 40 moves) the same rule the table
/// follows, the true root rounded to the nearest tenth (14 -> 3.7, 16 -> 4.0, 27 -> 5.2),
/// computed in integers.
pub fn sqrt_tenths(n: u32) -> i32 {
    if let Some(&t) = SQRT_TABLE.get(n as usize) {
        return t;
    }
    let target = 100 * u64::from(n);
    let mut t = (target as f64).sqrt() as u64;
    while t * t > target {
        t -= 1;
    }
    while (t + 1) * (t + 1) <= target {
        t += 1;
    }
    // Round: t + 1 when (t + 1/2)^2 <= 100 n, i.e. 4t^2 + 4t + 1 <= 400 n (never equal).
    if 4 * t * t + 4 * t < 4 * target {
        t += 1;
    }
    t as i32
}

/// The square root of `n` in tenths under the `sqrt` reading: [`sqrt_tenths`], or past
/// Turing's table its last entry, 3.6 (`sqrt=cap`).
pub fn root(n: u32, r: &Readings) -> i32 {
    match r.sqrt {
        SqrtBeyond::Round => sqrt_tenths(n),
        SqrtBeyond::Cap => sqrt_tenths(n.min(13)),
    }
}

/// The position-play terms of a position, in tenths.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Terms {
    /// (i) Q, R, B, Kt: square roots of their moves.
    pub mobility: i32,
    /// (ii) R, B, Kt: 1.0 defended, 0.5 more twice defended.
    pub defence: i32,
    /// (iii) and (iv): the king's moves less the imaginary queen's.
    pub king: i32,
    /// (v) castling.
    pub castling: i32,
    /// (vi) and (vii): pawns.
    pub pawns: i32,
    /// (viii) and (ix): the black king (threat of mate, check).
    pub black_king: i32,
}

impl Terms {
    /// The position-play value: the sum of the terms, in tenths.
    pub fn total(&self) -> i32 {
        self.mobility + self.defence + self.king + self.castling + self.pawns + self.black_king
    }
}

/// Whether a White move from `from` to `to` on `board` leaves White's king out of check (a
/// board without a White king: always).
fn king_safe_after(board: &Board, from: Square, to: Square) -> bool {
    let mut b = board.clone();
    let Some(piece) = b.remove_piece_at(from) else {
        return true;
    };
    b.set_piece_at(to, piece);
    match b.king_of(Color::White) {
        Some(k) => b.attacks_to(k, Color::Black, b.occupied()).is_empty(),
        None => true,
    }
}

/// The moves a White man on `from` can make to the squares `targets`, a capture counting
/// `capture_weight`, those that leave the king in check left out when `check_test`.
fn count_moves(
    board: &Board,
    from: Square,
    targets: Bitboard,
    capture_weight: u32,
    check_test: bool,
) -> u32 {
    let black = board.by_color(Color::Black);
    targets
        .into_iter()
        .filter(|&to| !check_test || king_safe_after(board, from, to))
        .map(|to| {
            if black.contains(to) {
                capture_weight
            } else {
                1
            }
        })
        .sum()
}

/// The squares a White man may move to by its pattern: not White-occupied and not the
/// black king's square (a king is never taken).
fn targets(board: &Board, attacks: Bitboard) -> Bitboard {
    let mut bk = Bitboard::EMPTY;
    if let Some(k) = board.king_of(Color::Black) {
        bk = Bitboard::from_square(k);
    }
    attacks & !board.by_color(Color::White) & !bk
}

/// White's defenders of `sq` under the readings (pawns and the king per `pawn_defends` and
/// `king_defends`).
fn defenders(board: &Board, sq: Square, pawns: bool, king: bool) -> u32 {
    let mut d = board.attacks_to(sq, Color::White, board.occupied());
    if !pawns {
        d &= !board.by_role(Role::Pawn);
    }
    if !king {
        d &= !board.by_role(Role::King);
    }
    d.count() as u32
}

/// Whether White could castle on `side` on its next move: the right held, the squares
/// between king and rook empty, and the king not in check nor passing or landing on a
/// square Black attacks.
pub fn could_castle(pos: &Chess, side: CastlingSide) -> bool {
    let board = pos.board();
    let castles = pos.castles();
    if !castles.has(Color::White, side) {
        return false;
    }
    let Some(king) = board.king_of(Color::White) else {
        return false;
    };
    if !(castles.path(Color::White, side) & board.occupied()).is_empty() {
        return false;
    }
    let king_to = side.king_to(Color::White);
    let walk = attacks::between(king, king_to)
        | Bitboard::from_square(king)
        | Bitboard::from_square(king_to);
    let mut occupied = board.occupied();
    occupied.discard(king);
    walk.into_iter()
        .all(|sq| board.attacks_to(sq, Color::Black, occupied).is_empty())
}

/// Whether White, to move in `pos` (or with Black passing), has a move that mates. A
/// position with Black in check has no such "threat" (White would simply be taking the
/// king); its check counts under (ix) instead.
pub fn threat_of_mate(pos: &Chess) -> bool {
    with_turn(pos, Color::White).is_some_and(|p| mate_in_one(&p))
}

/// `pos` with `side` to move (the other side passing), or None when that is no legal
/// position (the side not to move would be in check).
fn with_turn(pos: &Chess, side: Color) -> Option<Chess> {
    if pos.turn() == side {
        Some(pos.clone())
    } else {
        pos.clone().swap_turn().ok()
    }
}

/// Whether the side to move in `pos` has a mating move.
fn mate_in_one(pos: &Chess) -> bool {
    pos.legal_moves().iter().any(|&m| gives_mate(pos, m))
}

/// Whether Black, to move in `pos` (or with White passing), has no reply after which
/// White has no mate: a threat of mate no reply parries (`mate-threat=forced`). Black
/// having no legal move (mate or stalemate) is no threat.
pub fn forced_mate_threat(pos: &Chess) -> bool {
    let Some(black_to_move) = with_turn(pos, Color::Black) else {
        return false;
    };
    let replies = black_to_move.legal_moves();
    !replies.is_empty()
        && replies.iter().all(|&m| {
            let mut after = black_to_move.clone();
            after.play_unchecked(m);
            mate_in_one(&after)
        })
}

/// Turing's (viii) "threat of checkmate" under the `mate-threat` reading.
pub fn mate_threat(pos: &Chess, r: &Readings) -> bool {
    match r.mate_threat {
        MateThreat::Pass => threat_of_mate(pos),
        MateThreat::Forced => forced_mate_threat(pos),
    }
}

/// The position-play terms of `pos` for White; `castled` is whether the move that reached
/// it was White castling (the 1.0 "for the actual performance of castling").
pub fn terms(pos: &Chess, castled: bool, r: &Readings) -> Terms {
    let board = pos.board();
    let white = board.by_color(Color::White);
    let check_test = pos.turn() == Color::White || r.turn == MobilityTurn::Pass;
    let mut t = Terms::default();
    for sq in white {
        let Some(role) = board.role_at(sq) else {
            continue;
        };
        match role {
            Role::Queen | Role::Rook | Role::Bishop | Role::Knight => {
                let n = count_moves(
                    board,
                    sq,
                    targets(board, board.attacks_from(sq)),
                    2,
                    check_test,
                );
                t.mobility += root(n, r);
                if role != Role::Queen {
                    let d = defenders(board, sq, r.pawn_defends, r.king_defends);
                    t.defence += match d {
                        0 => 0,
                        1 => 10,
                        _ => 15,
                    };
                }
            }
            Role::King => {
                // The king never steps onto an attacked square, whichever `turn` reading.
                let n = count_moves(
                    board,
                    sq,
                    targets(board, attacks::king_attacks(sq)),
                    2,
                    true,
                );
                let q = count_moves(
                    board,
                    sq,
                    targets(board, attacks::queen_attacks(sq, board.occupied())),
                    if r.queen_capture_two { 2 } else { 1 },
                    false,
                );
                t.king += root(n, r) - root(q, r);
            }
            Role::Pawn => {
                let advanced = i32::from(u8::from(sq.rank())) - 1;
                t.pawns += 2 * advanced.max(0);
                if defenders(board, sq, false, r.king_defends) > 0 {
                    t.pawns += 3;
                }
            }
        }
    }
    t.castling = castling_points(pos, castled, r);
    if let Some(k) = board.king_of(Color::Black) {
        if !board
            .attacks_to(k, Color::White, board.occupied())
            .is_empty()
        {
            t.black_king += 5;
        }
    }
    if mate_threat(pos, r) {
        t.black_king += 10;
    }
    t
}

/// Turing's (v), in tenths.
fn castling_points(pos: &Chess, castled: bool, r: &Readings) -> i32 {
    let sides = [CastlingSide::KingSide, CastlingSide::QueenSide];
    let held: Vec<bool> = sides
        .iter()
        .map(|&s| pos.castles().has(Color::White, s))
        .collect();
    let next: Vec<bool> = sides.iter().map(|&s| could_castle(pos, s)).collect();
    let count = |v: &[bool]| -> i32 {
        match r.castle_sides {
            CastlingSides::Either => i32::from(v.iter().any(|&b| b)),
            CastlingSides::Each => v.iter().filter(|&&b| b).count() as i32,
        }
    };
    let mut points = 10 * count(&held) + 10 * count(&next);
    if castled {
        points += match r.castling {
            CastlingPoints::Three => 30,
            CastlingPoints::One => 10,
        };
    }
    points
}

/// The position-play value of `pos` in tenths (see [`terms`]).
pub fn position_play(pos: &Chess, castled: bool, r: &Readings) -> i32 {
    terms(pos, castled, r).total()
}

/// Tenths as a signed decimal with one place: `4.2`, `-1.5`, `0.0`.
pub fn tenths_text(t: i32) -> String {
    let sign = if t < 0 { "-" } else { "" };
    format!("{sign}{}.{}", t.abs() / 10, t.abs() % 10)
}
