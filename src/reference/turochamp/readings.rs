//! The named readings of the places where Turing's rules are ambiguous.
//!
//! Each reading is a switch `NAME=VALUE` (`mark1 ref turochamp … --reading NAME=VALUE`).
//! The defaults are the values that reproduce Turing's printed position-play figures and
//! moves best (docs/turochamp.md gives the evidence for each); none is a special case for a
//! game.

use super::TurochampError;

/// Whose moves count for White's mobility in a position where Black is to move (the
/// position after White's move, whose position-play value the machine compares).
///
/// Turing (typescript, "Position-play value" i): "the number of moves the piece can make
/// from the position … not forgetting that the king must not be left in check".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MobilityTurn {
    /// White's moves as if White were to move again (Black passes): a move that would leave
    /// White's king in check does not count, whoever is to move.
    Pass,
    /// With Black to move White has no legal moves, so count each piece's moves by its
    /// pattern alone (empty squares and Black men), without the check test; with White to
    /// move, as [`MobilityTurn::Pass`].
    Pattern,
}

/// What "capture" means in the dead-position rule beyond the first two plies.
///
/// Turing: "A position in the analysis is dead if there are no considerable moves in that
/// position, i.e. if it is more than two moves ahead of the present position, and no capture
/// or recapture or mate can be made in the next move."
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadRule {
    /// Dead when no considerable move exists (the first clause): only considerable captures
    /// (recapture, undefended man, higher by lower) keep the analysis going.
    Considerable,
    /// Dead only when no capture at all can be made (the "i.e." clause): every capture beyond
    /// the second ply is analysed.
    AnyCapture,
}

/// Which captures a recapture may answer beyond the first two plies.
///
/// Turing: "If a capture is considerable then any recapture is considerable." Every move of
/// the first two plies is considerable, so a capture there may license recaptures; or only a
/// capture considerable by the tests themselves (an undefended man, higher by lower) does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recapture {
    /// A recapture answers any capture in the analysis, the first two plies included.
    AnyCapture,
    /// A recapture answers only a capture that passes the capture tests itself (an
    /// undefended man taken, or a higher-valued man taken by a lower), whatever its ply.
    TestedCapture,
}

/// How many castling points the act of castling scores (Turing's v): "1.0 for the
/// possibility of castling later not being lost …, a further 1.0 if castling could take
/// place on the next move, and yet another 1.0 for the actual performance of castling."
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingPoints {
    /// The move that castles scores all three points (it is the fulfilment of the first
    /// two); the rights it uses up are not counted again.
    Three,
    /// The move that castles scores its own 1.0 only; the two points for the right and the
    /// possibility are gone with the right.
    One,
}

/// Whether "the possibility of castling" (and "castling could take place on the next move")
/// is counted once or for each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingSides {
    /// 1.0 if castling on either side is still possible (and 1.0 if either could be made
    /// next move).
    Either,
    /// 1.0 for each side, king's and queen's (up to 2.0 and 2.0).
    Each,
}

/// The stated arbitrary rule for moves equal in value and position play (Turing: "a choice
/// may be made at random, or according to an arbitrary additional condition").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tie {
    /// The move with the lowest origin square (a1, b1, … h8), then the lowest destination.
    Low,
    /// The move with the highest origin square, then the highest destination.
    High,
}

/// What "defended" means in the search's capture test ("the capture of an undefended
/// piece … is always considerable"); the position-play readings (ii, vii) do not apply here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defended {
    /// Attacked by any man of its own side on the board before the capture, king and pawns
    /// included: the ordinary chess sense.
    Any,
    /// As [`Defended::Any`], the king not counted.
    NoKing,
    /// Attacked by a piece of its own side, neither pawns nor the king (the strict sense of
    /// "piece" that (vii) spells out: "by at least one piece (not P)").
    Pieces,
    /// Attacked by a man of its own side on the board after the capture (the capturer has
    /// left its square, so a line through it opens: an x-ray defence counts); pins ignored.
    After,
    /// After the capture its side has a legal move taking the capturer (pins and the king's
    /// safety counted; the x-ray through the capturer's square too).
    Legal,
}

/// What Turing's "threat of checkmate" (viii, for the black king) means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MateThreat {
    /// White, moving again (Black passing), would have a mating move.
    Pass,
    /// A threat Black cannot parry: after every legal Black reply White has a mating move.
    Forced,
}

/// What a "recapture" is: "If a capture is considerable then any recapture is considerable."
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecaptureOn {
    /// A capture on the square of the capture it answers (taking the capturer).
    Square,
    /// Any capture made in reply to a licensed capture, on any square (capturing back).
    Anywhere,
}

/// Turing's rule for choosing between moves of equal value: "the greatest possible
/// position-play value", of which position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PpAt {
    /// The position after White's move (Black to move): the position the printed figure
    /// describes.
    Move,
    /// The position at the end of the line the analysis expects after the move (the one
    /// whose value the move gets).
    Line,
}

/// The square roots past Turing's table (which stops at 13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SqrtBeyond {
    /// The rule the table follows: the true root rounded to the nearest tenth.
    Round,
    /// The table's last entry, 3.6, for 13 moves and more (the table is all he used).
    Cap,
}

/// The readings in force: one value for each ambiguity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    /// `turn`: whose moves count for White's mobility when Black is to move.
    pub turn: MobilityTurn,
    /// `pawn-defends`: whether a pawn counts as a defender of a R, B or Kt (ii). The pawn
    /// term (vii) excludes pawns in so many words whatever this says.
    pub pawn_defends: bool,
    /// `king-defends`: whether the king counts as a defender of a R, B, Kt (ii) or a pawn
    /// (vii, "defended by at least one piece (not P)").
    pub king_defends: bool,
    /// `queen-capture`: whether a capture counts two moves for the imaginary queen on the
    /// king's square (iv, "estimating as in i)") as well as for the real pieces.
    pub queen_capture_two: bool,
    /// `pawn-prey`: whether a pawn is a "piece" in "the capture of an undefended piece".
    pub pawn_prey: bool,
    /// `recapture`: which captures a recapture may answer.
    pub recapture: Recapture,
    /// `castling`: the points the act of castling scores.
    pub castling: CastlingPoints,
    /// `castle-sides`: castling possibility counted once or per side.
    pub castle_sides: CastlingSides,
    /// `dead`: "capture" in the dead-position rule.
    pub dead: DeadRule,
    /// `tie`: the arbitrary rule among equals.
    pub tie: Tie,
    /// `defended`: "undefended" in the search's capture test.
    pub defended: Defended,
    /// `mate-threat`: the black king's "threat of checkmate" (viii).
    pub mate_threat: MateThreat,
    /// `recapture-on`: where a recapture may be made.
    pub recapture_on: RecaptureOn,
    /// `chain`: whether a capture considerable only as a recapture licenses a recapture in
    /// turn.
    pub chain: bool,
    /// `evasions`: whether a side in check beyond the second ply considers every legal move
    /// (and may not stand on the position's dead value).
    pub evasions: bool,
    /// `pp-at`: the position whose position play breaks ties in value.
    pub pp_at: PpAt,
    /// `sqrt`: the square roots past 13.
    pub sqrt: SqrtBeyond,
}

impl Default for Readings {
    /// The defaults chosen by the printed figures (docs/turochamp.md).
    fn default() -> Readings {
        Readings {
            turn: MobilityTurn::Pass,
            pawn_defends: true,
            king_defends: true,
            queen_capture_two: true,
            pawn_prey: true,
            recapture: Recapture::AnyCapture,
            castling: CastlingPoints::Three,
            castle_sides: CastlingSides::Either,
            dead: DeadRule::Considerable,
            tie: Tie::Low,
            defended: Defended::Any,
            mate_threat: MateThreat::Pass,
            recapture_on: RecaptureOn::Square,
            chain: true,
            evasions: false,
            pp_at: PpAt::Move,
            sqrt: SqrtBeyond::Round,
        }
    }
}

/// One reading switch: its name, its values and what it decides. The order of the
/// values is the order `--reading` documents them in (the default is first for every
/// switch, see [`Readings::default`]); most switches have two values, `defended` five.
#[derive(Debug, Clone, Copy)]
pub struct Switch {
    /// The name in `--reading NAME=VALUE`.
    pub name: &'static str,
    /// The values it takes.
    pub values: &'static [&'static str],
    /// What it decides, in words.
    pub about: &'static str,
}

/// Every reading switch, in the order `describe` lists them.
pub const SWITCHES: &[Switch] = &[
    Switch {
        name: "turn",
        values: &["pass", "pattern"],
        about: "whose moves count for White's mobility when Black is to move",
    },
    Switch {
        name: "pawn-defends",
        values: &["yes", "no"],
        about: "whether a pawn defends a rook, bishop or knight",
    },
    Switch {
        name: "king-defends",
        values: &["yes", "no"],
        about: "whether the king defends a piece or a pawn",
    },
    Switch {
        name: "queen-capture",
        values: &["two", "one"],
        about: "what a capture counts for the imaginary queen on the king's square",
    },
    Switch {
        name: "pawn-prey",
        values: &["yes", "no"],
        about: "whether taking an undefended pawn is considerable",
    },
    Switch {
        name: "recapture",
        values: &["any-capture", "tested-capture"],
        about: "which captures make a recapture considerable",
    },
    Switch {
        name: "castling",
        values: &["three", "one"],
        about: "the points the act of castling scores",
    },
    Switch {
        name: "castle-sides",
        values: &["either", "each"],
        about: "castling possibility counted once or for each side",
    },
    Switch {
        name: "dead",
        values: &["considerable", "any-capture"],
        about: "what keeps a position beyond the second ply alive",
    },
    Switch {
        name: "tie",
        values: &["low", "high"],
        about: "the arbitrary rule among moves equal in value and position play",
    },
    Switch {
        name: "defended",
        values: &["any", "no-king", "pieces", "after", "legal"],
        about: "what defends a man in the search's capture test",
    },
    Switch {
        name: "mate-threat",
        values: &["pass", "forced"],
        about:
            "the black king's threat of checkmate: a mate if Black passed, or one no reply parries",
    },
    Switch {
        name: "recapture-on",
        values: &["square", "anywhere"],
        about: "a recapture takes on the square of the capture, or anywhere",
    },
    Switch {
        name: "chain",
        values: &["yes", "no"],
        about: "whether a recapture licenses a recapture in turn",
    },
    Switch {
        name: "evasions",
        values: &["considerable", "all"],
        about: "a side in check beyond the second ply: considerable moves only, or every move",
    },
    Switch {
        name: "pp-at",
        values: &["move", "line"],
        about: "the position whose position play breaks ties in value",
    },
    Switch {
        name: "sqrt",
        values: &["round", "cap"],
        about: "the square roots past Turing's table (13)",
    },
];

/// The `defended` values in the order of the switch's list.
const DEFENDED: [Defended; 5] = [
    Defended::Any,
    Defended::NoKing,
    Defended::Pieces,
    Defended::After,
    Defended::Legal,
];

/// `a` if `first`, else `b`.
fn pick<T>(first: bool, a: T, b: T) -> T {
    if first {
        a
    } else {
        b
    }
}

impl Readings {
    /// Sets one reading from `NAME=VALUE`.
    ///
    /// # Errors
    /// [`TurochampError::Reading`] naming the switch and its values when the name or the
    /// value is not one of [`SWITCHES`].
    pub fn set(&mut self, assignment: &str) -> Result<(), TurochampError> {
        let (name, value) = assignment.split_once('=').ok_or_else(|| {
            TurochampError::Reading(format!("`{assignment}`: expected NAME=VALUE"))
        })?;
        let (name, value) = (name.trim(), value.trim());
        let switch = SWITCHES.iter().find(|s| s.name == name).ok_or_else(|| {
            let names: Vec<&str> = SWITCHES.iter().map(|s| s.name).collect();
            TurochampError::Reading(format!(
                "no reading `{name}`; the readings are {}",
                names.join(", ")
            ))
        })?;
        // `i`: the index of the value in the switch's list (0 is the default).
        let Some(i) = switch.values.iter().position(|v| *v == value) else {
            return Err(TurochampError::Reading(format!(
                "reading `{name}` takes {}, not `{value}`",
                switch.values.join(" or ")
            )));
        };
        let first = i == 0;
        match name {
            "turn" => self.turn = pick(first, MobilityTurn::Pass, MobilityTurn::Pattern),
            "pawn-defends" => self.pawn_defends = first,
            "king-defends" => self.king_defends = first,
            "queen-capture" => self.queen_capture_two = first,
            "pawn-prey" => self.pawn_prey = first,
            "recapture" => {
                self.recapture = pick(first, Recapture::AnyCapture, Recapture::TestedCapture)
            }
            "castling" => self.castling = pick(first, CastlingPoints::Three, CastlingPoints::One),
            "castle-sides" => {
                self.castle_sides = pick(first, CastlingSides::Either, CastlingSides::Each)
            }
            "dead" => self.dead = pick(first, DeadRule::Considerable, DeadRule::AnyCapture),
            "tie" => self.tie = pick(first, Tie::Low, Tie::High),
            "defended" => self.defended = DEFENDED[i],
            "mate-threat" => self.mate_threat = pick(first, MateThreat::Pass, MateThreat::Forced),
            "recapture-on" => {
                self.recapture_on = pick(first, RecaptureOn::Square, RecaptureOn::Anywhere)
            }
            "chain" => self.chain = first,
            "evasions" => self.evasions = !first,
            "pp-at" => self.pp_at = pick(first, PpAt::Move, PpAt::Line),
            _ => self.sqrt = pick(first, SqrtBeyond::Round, SqrtBeyond::Cap),
        }
        Ok(())
    }

    /// The defaults with each `NAME=VALUE` of `assignments` applied in order.
    ///
    /// # Errors
    /// As [`Readings::set`].
    pub fn from_assignments<S: AsRef<str>>(assignments: &[S]) -> Result<Readings, TurochampError> {
        let mut r = Readings::default();
        for a in assignments {
            r.set(a.as_ref())?;
        }
        Ok(r)
    }

    /// The value of the switch `name` in words (as `--reading` takes it), or `None` for an
    /// unknown name.
    pub fn value_of(&self, name: &str) -> Option<&'static str> {
        let index = match name {
            "turn" => usize::from(self.turn != MobilityTurn::Pass),
            "pawn-defends" => usize::from(!self.pawn_defends),
            "king-defends" => usize::from(!self.king_defends),
            "queen-capture" => usize::from(!self.queen_capture_two),
            "pawn-prey" => usize::from(!self.pawn_prey),
            "recapture" => usize::from(self.recapture != Recapture::AnyCapture),
            "castling" => usize::from(self.castling != CastlingPoints::Three),
            "castle-sides" => usize::from(self.castle_sides != CastlingSides::Either),
            "dead" => usize::from(self.dead != DeadRule::Considerable),
            "tie" => usize::from(self.tie != Tie::Low),
            "defended" => DEFENDED.iter().position(|d| *d == self.defended)?,
            "mate-threat" => usize::from(self.mate_threat != MateThreat::Pass),
            "recapture-on" => usize::from(self.recapture_on != RecaptureOn::Square),
            "chain" => usize::from(!self.chain),
            "evasions" => usize::from(self.evasions),
            "pp-at" => usize::from(self.pp_at != PpAt::Move),
            "sqrt" => usize::from(self.sqrt != SqrtBeyond::Round),
            _ => return None,
        };
        let switch = SWITCHES.iter().find(|s| s.name == name)?;
        switch.values.get(index).copied()
    }

    /// Every switch with its value, `NAME=VALUE` separated by spaces.
    pub fn describe(&self) -> String {
        SWITCHES
            .iter()
            .map(|s| format!("{}={}", s.name, self.value_of(s.name).unwrap_or("?")))
            .collect::<Vec<_>>()
            .join(" ")
    }
}
