//! Matches between Samuel's player (the native engine, [`crate::reference::samuel`])
//! and Strachey's program on the emulated Mark 1 ([`super::draughts`]), or between two
//! Samuel polynomials: the first meeting of the two pioneers' programs.
//!
//! Strachey's side is the period program itself, run on the emulated machine as its
//! operators ran it: Samuel's moves are set on the hand switches square by square and
//! entered with KAC, and the machine's replies are read off the teleprinter
//! ([`super::draughts::play_against`]). Every move of both sides is checked against the
//! draughts reference engine's legal moves. Games stop at 70 moves (plies), as
//! Samuel's did, and a stopped game goes to the side ahead in material (man 2, king 3).

use super::draughts::{self as d, First, GameEnd, Squares};
use crate::asm::Assembly;
use crate::random::Xorshift;
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{legal_moves, Position, Side};
use crate::reference::samuel::{judge, search, Learner, Limits, Outcome, Polynomial};
use std::time::Instant;

/// One side of a match.
#[derive(Clone, Debug)]
pub enum Player {
    /// Samuel's player with a polynomial (`name` says which).
    Samuel {
        /// How the user named it (`samuel`, `samuel:learned.json`).
        name: String,
        /// Its polynomial.
        poly: Polynomial,
    },
    /// Strachey's program on the emulated Mark 1 with its settings.
    Strachey {
        /// How the user named it (`strachey:2`).
        name: String,
        /// The program's settings.
        params: d::Params,
    },
    /// Strachey's original 1952 program itself, from SimH's drum image (the
    /// period-software folder): it plays Black ([`super::draughts::original`]).
    Strachey1952 {
        /// The drum image.
        drum: std::path::PathBuf,
    },
}

impl Player {
    /// Reads a player: `samuel` (the unlearned polynomial: the first 16 terms, equal
    /// coefficients), `samuel:FILE.json` (a polynomial `mark1 ref samuel learn` wrote),
    /// `strachey` or `strachey:2` (our reconstruction of Strachey's program: strategy 2,
    /// four plies, king 2½ men, its defaults), `strachey:1` (strategy 1, three plies),
    /// `strachey:1952` (his original program, from `Draughts/Draughts.drm` in the
    /// period-software folder `period`).
    ///
    /// # Errors
    /// An unknown player, an unreadable or malformed polynomial, `strachey:1952` without
    /// the folder or its drum, with the reason.
    pub fn parse_with(spec: &str, period: Option<&std::path::Path>) -> Result<Player, String> {
        if spec == "strachey:1952" {
            let dir = period.ok_or(
                "strachey:1952 is the original program on SimH's drum image: give the \
                 period-software folder (--period-software DIR or MARK1_PERIOD_SOFTWARE)",
            )?;
            let drum = dir.join("Draughts").join("Draughts.drm");
            if !drum.is_file() {
                return Err(format!(
                    "strachey:1952: no drum image at {}",
                    drum.display()
                ));
            }
            return Ok(Player::Strachey1952 { drum });
        }
        Player::parse(spec)
    }

    /// [`Player::parse_with`] without the period-software folder.
    ///
    /// # Errors
    /// As [`Player::parse_with`].
    pub fn parse(spec: &str) -> Result<Player, String> {
        let (kind, arg) = match spec.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (spec, None),
        };
        match (kind, arg) {
            ("samuel", None) => Ok(Player::Samuel {
                name: "samuel".into(),
                poly: Learner::default().polynomial(),
            }),
            ("samuel", Some(file)) => {
                let text = crate::formats::input::read_text(
                    std::path::Path::new(file),
                    crate::formats::input::LEARNED,
                )
                .map_err(|e| format!("cannot read the polynomial {file}: {}", e.reason()))?;
                let l = Learner::from_json(&text).map_err(|e| format!("{file}: {e}"))?;
                Ok(Player::Samuel {
                    name: spec.into(),
                    poly: l.polynomial(),
                })
            }
            ("strachey", None | Some("2")) => Ok(Player::Strachey {
                name: "strachey:2".into(),
                params: d::Params::strategy2(4, 20),
            }),
            ("strachey", Some("1")) => Ok(Player::Strachey {
                name: "strachey:1".into(),
                params: d::Params::strategy1(3),
            }),
            ("strachey", Some("1952")) => Err(
                "strachey:1952 is the original program on SimH's drum image: give the period-software folder (--period-software DIR or MARK1_PERIOD_SOFTWARE)".into(),
            ),
            ("strachey", Some(s)) => Err(format!(
                "strachey:{s}: Strachey's program has strategies 1 and 2 (and the original, 1952)"
            )),
            _ => Err(format!(
                "`{spec}`: a player is samuel, samuel:FILE.json, strachey, strachey:1, strachey:2 or strachey:1952"
            )),
        }
    }

    /// The name as the user gave it (normalised).
    pub fn name(&self) -> &str {
        match self {
            Player::Samuel { name, .. } | Player::Strachey { name, .. } => name,
            Player::Strachey1952 { .. } => "strachey:1952",
        }
    }

    /// Whether it is one of Strachey's programs (ours or the original).
    pub fn is_strachey(&self) -> bool {
        matches!(self, Player::Strachey { .. } | Player::Strachey1952 { .. })
    }
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// Black's name and White's.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Who won.
    pub outcome: Outcome,
    /// How it ended, in words.
    pub ending: String,
    /// The moves in PDN (`11-15`, `18x11`).
    pub moves: Vec<String>,
    /// The last position (PDN FEN).
    pub last: String,
    /// Host seconds the game took.
    pub host_seconds: f64,
    /// Simulated seconds the emulated machine ran (0 for two Samuel players).
    pub simulated_seconds: f64,
    /// Moves checked legal by the reference engine (all of them).
    pub checked: usize,
}

impl MatchGame {
    /// PDN's result: 2-0 Black won, 0-2 White, 1-1 drawn (the convention of
    /// `mark1 draughts --pdn`).
    pub fn result(&self) -> &'static str {
        match self.outcome {
            Outcome::Black => "2-0",
            Outcome::White => "0-2",
            Outcome::Draw => "1-1",
        }
    }

    /// The game as PDN.
    pub fn pdn(&self, round: usize) -> String {
        let mut out = format!(
            "[Event \"mark1 match\"]\n[Round \"{round}\"]\n[Black \"{}\"]\n[White \"{}\"]\n[Result \"{}\"]\n[Termination \"{}\"]\n\n",
            self.black,
            self.white,
            self.result(),
            self.ending
        );
        for (i, m) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                out.push_str(&format!("{}. ", i / 2 + 1));
            }
            out.push_str(m);
            out.push(' ');
        }
        out.push_str(self.result());
        out.push_str("\n\n");
        out
    }
}

/// Errors of a match game.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// Strachey's program on the emulated machine failed or its move could not be read.
    #[error(transparent)]
    Draughts(#[from] d::DraughtsRunError),
    /// A move the reference engine does not allow (a fault: named with the position).
    #[error("game {game}: {mv} is not a legal move in {fen}")]
    Illegal {
        /// The game (from 1).
        game: usize,
        /// The move in PDN.
        mv: String,
        /// The position, PDN FEN.
        fen: String,
    },
    /// The match wants one Samuel player at least.
    #[error("both sides are Strachey's program: a match needs Samuel's player on one side")]
    TwoStracheys,
    /// The original program's board is not the game's position.
    #[error(
        "game {game}: the original program's board (page 4) shows {shown}, the game is at {fen}"
    )]
    Diverged {
        /// The game (from 1).
        game: usize,
        /// The game's position, PDN FEN.
        fen: String,
        /// What page 4 shows.
        shown: String,
    },
    /// The original program plays Black only.
    #[error("Strachey's original program moves first whatever the toss: it plays Black only")]
    OriginalAsWhite,
    /// Operating the original program failed.
    #[error(transparent)]
    Original(#[from] super::draughts::original::OriginalRunError),
}

/// Plays game `round` (from 1) between `black` and `white`, stopped at `max_moves`
/// plies; Samuel's searches under `limits`, ties broken by a generator seeded from
/// `seed`, which also seeds the emulated program's /W. With `opening` (0-6), Black's
/// first move is that one of the seven opening moves (in the reference engine's order)
/// when Black is Samuel's player, as Samuel constrained Beta's first move.
///
/// # Errors
/// [`MatchError`].
#[allow(clippy::too_many_arguments)]
pub fn play_game(
    asm: Option<&Assembly>,
    black: &Player,
    white: &Player,
    round: usize,
    seed: u64,
    max_moves: u32,
    limits: &Limits,
    opening: Option<usize>,
) -> Result<MatchGame, MatchError> {
    let forced = |pos: &Position| -> Option<crate::reference::draughts::Move> {
        let i = opening?;
        (*pos == Position::start()).then(|| {
            let moves = legal_moves(pos);
            moves[i % moves.len()]
        })
    };
    let t0 = Instant::now();
    let mut rng = Xorshift((seed as u32) ^ (round as u32).wrapping_mul(0x9E37_79B9) ^ 0x5A4D);
    let (moves, simulated, ending) = match (black, white) {
        (b, w) if b.is_strachey() && w.is_strachey() => return Err(MatchError::TwoStracheys),
        (_, Player::Strachey1952 { .. }) => return Err(MatchError::OriginalAsWhite),
        (Player::Strachey1952 { drum }, Player::Samuel { poly, .. }) => {
            play_original(drum, poly, limits, max_moves, &mut rng, seed, round)?
        }
        (Player::Samuel { poly: pb, .. }, Player::Samuel { poly: pw, .. }) => {
            let mut pos = Position::start();
            let mut moves = Vec::new();
            let mut ending = String::new();
            while moves.len() < max_moves as usize {
                let poly = if pos.to_move == Side::Black { pb } else { pw };
                let Some(m) =
                    forced(&pos).or_else(|| search(&pos, poly, limits, None, &mut rng).best)
                else {
                    break;
                };
                moves.push(m.pdn());
                pos = apply(&pos, &m);
            }
            if moves.len() >= max_moves as usize {
                ending = format!("stopped at {max_moves} moves");
            }
            (moves, 0.0, ending)
        }
        _ => {
            let (params, first) = match (black, white) {
                (Player::Strachey { params, .. }, _) => (params, First::Machine),
                (_, Player::Strachey { params, .. }) => (params, First::Human),
                _ => unreachable!("one side is Strachey's reconstruction here"),
            };
            let samuel = if black.is_strachey() { white } else { black };
            let Player::Samuel { poly, .. } = samuel else {
                unreachable!("the other side is Samuel's")
            };
            let asm = match asm {
                Some(a) => a,
                None => {
                    return Err(MatchError::Draughts(d::DraughtsRunError::Settings(
                        "Strachey's program is not assembled".into(),
                    )))
                }
            };
            let mut own = 0usize;
            let mut opponent = |g: &d::Game, refusal: Option<&str>| -> Option<Vec<u8>> {
                // A refusal of a legal move would be the program's fault: the game
                // stops there (the check below names it if the record is wrong).
                if refusal.is_some() || g.machine_moves.len() + own >= max_moves as usize {
                    return None;
                }
                own += 1;
                let pos = g.position();
                forced(&pos)
                    .or_else(|| search(&pos, poly, limits, None, &mut rng).best)
                    .map(|m| {
                        std::iter::once(m.from)
                            .chain(m.landings().iter().copied())
                            .collect()
                    })
            };
            let report = d::play_against(
                asm,
                params,
                seed ^ round as u64,
                first,
                &mut opponent,
                Squares::Pdn,
                false,
            )?;
            let moves: Vec<String> = report
                .moves
                .iter()
                .map(|m| {
                    let sep = if m.capture { "x" } else { "-" };
                    m.squares
                        .iter()
                        .map(|s| (s + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(sep)
                })
                .collect();
            let ending = match report.end {
                GameEnd::ScriptDone | GameEnd::Over => String::new(),
                ref e => e.to_string(),
            };
            (
                moves,
                crate::machine::beats_to_seconds(report.beats),
                ending,
            )
        }
    };
    // Every move checked against the reference engine, and the game judged.
    let mut pos = Position::start();
    let mut moves = moves;
    moves.truncate(max_moves as usize);
    for mv in &moves {
        let legal = legal_moves(&pos);
        let Some(m) = legal.iter().find(|m| m.pdn() == *mv) else {
            return Err(MatchError::Illegal {
                game: round,
                mv: mv.clone(),
                fen: pos.to_fen(),
            });
        };
        pos = apply(&pos, m);
    }
    let no_move = legal_moves(&pos).is_empty();
    let (outcome, ending) = if no_move {
        let w = match pos.to_move {
            Side::Black => Outcome::White,
            Side::White => Outcome::Black,
        };
        (w, format!("{} cannot move", side_name(pos.to_move)))
    } else if moves.len() >= max_moves as usize {
        (
            judge(&pos),
            format!("stopped at {max_moves} moves, judged on material"),
        )
    } else {
        let e = if ending.is_empty() {
            "stopped".to_string()
        } else {
            ending
        };
        (judge(&pos), format!("{e}; judged on material"))
    };
    Ok(MatchGame {
        black: black.name().to_string(),
        white: white.name().to_string(),
        outcome,
        ending,
        checked: moves.len(),
        moves,
        last: pos.to_fen(),
        host_seconds: t0.elapsed().as_secs_f64(),
        simulated_seconds: simulated,
    })
}

/// A game against the original program (Black): its moves read off the paper and
/// matched to the legal moves, Samuel's entered as the program prints moves (from, to,
/// the squares taken). Returns the moves in PDN, the simulated seconds, and how it
/// stopped if not by the rules.
fn play_original(
    drum: &std::path::Path,
    poly: &Polynomial,
    limits: &Limits,
    max_moves: u32,
    rng: &mut Xorshift,
    seed: u64,
    round: usize,
) -> Result<(Vec<String>, f64, String), MatchError> {
    use super::draughts::original::Original;
    let config = crate::machine::Config {
        seed: seed ^ round as u64,
        ..crate::machine::Config::default()
    };
    let mut o = Original::start(drum, config)?;
    let mut pos = Position::start();
    let mut moves = Vec::new();
    let mut ending = String::new();
    while moves.len() < max_moves as usize {
        let legal = legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        if pos.to_move == Side::Black {
            // Up to a simulated hour for a reply.
            let printed = match o.reply(15_000_000) {
                Ok(p) => p,
                Err(e) => {
                    ending = format!("the program stopped: {e}");
                    break;
                }
            };
            // The program's board (page 4) must hold the game's pieces: else an entry went
            // wrong.
            // (The pieces of each side; the kings word of the frame is not compared: the
            // search leaves it changed after some king moves.)
            let (b, w, _) = o.board();
            if (b, w) != (pos.b, pos.w) {
                let k = pos.k & (b | w);
                return Err(MatchError::Diverged {
                    game: round,
                    fen: pos.to_fen(),
                    shown: Position {
                        b,
                        w,
                        k,
                        to_move: Side::Black,
                    }
                    .to_fen(),
                });
            }
            let matched =
                super::draughts::original::matching(&pos, printed.from, printed.to, &printed.taken);
            let Some(m) = matched else {
                return Err(MatchError::Illegal {
                    game: round,
                    mv: format!("the program's {}", printed.text),
                    fen: pos.to_fen(),
                });
            };
            moves.push(m.pdn());
            pos = apply(&pos, &m);
        } else {
            let Some(m) = search(&pos, poly, limits, None, rng).best else {
                break;
            };
            o.enter(&super::draughts::original::entry(&m));
            moves.push(m.pdn());
            pos = apply(&pos, &m);
        }
    }
    Ok((
        moves,
        crate::machine::beats_to_seconds(o.machine.stats.beats),
        ending,
    ))
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::Black => "Black",
        Side::White => "White",
    }
}

/// A match's results for the table: wins of each named player, draws, average moves,
/// host and simulated time.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchTable {
    /// Games won by Black's player and by White's.
    pub black_wins: u32,
    /// Games won by White's player.
    pub white_wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Moves (plies) in all.
    pub moves: u64,
    /// Host seconds in all.
    pub host_seconds: f64,
    /// Simulated seconds in all.
    pub simulated_seconds: f64,
    /// Games.
    pub games: u32,
}

impl MatchTable {
    /// Adds a game.
    pub fn add(&mut self, g: &MatchGame) {
        self.games += 1;
        match g.outcome {
            Outcome::Black => self.black_wins += 1,
            Outcome::White => self.white_wins += 1,
            Outcome::Draw => self.draws += 1,
        }
        self.moves += g.moves.len() as u64;
        self.host_seconds += g.host_seconds;
        self.simulated_seconds += g.simulated_seconds;
    }
}
