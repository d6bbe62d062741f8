//! Learning by generalisation (Samuel 1959, "Learning procedure involving
//! generalizations", "Polynomial modification procedure", "Instabilities", "Term
//! replacement"): Alpha adjusts its polynomial after each of its moves; Beta keeps its
//! own for the game and takes Alpha's when Alpha wins.
//!
//! After each move Alpha compares the backed-up score of the present position with the
//! polynomial's score of the position it moved from last time (saved after that move,
//! computed with the polynomial as corrected then): `delta`. If `|delta|` reaches the
//! minimum (the average magnitude of the active coefficients), each active term that
//! was non-zero in that saved score counts +1 if its contribution had the sign of
//! `delta`, −1 if not, into its correlation coefficient `C ← C + f·(±1 − C)/N`, with
//! `N` the times used rounded down to a power of two, at least 16 and at most 256, and
//! `f` 2 if the piece advantage changed meanwhile, 4 if `delta` says a sure win or
//! loss. A term whose coefficient turns negative has its sign reversed. The term with
//! the largest correlation gets 2^18 and the others a power of two proportional to
//! their correlation ([`Powers::Table`], the reading that gives Samuel's printed table;
//! [`Powers::Ratio`] is the text's rule). After each move the active
//! term with the lowest correlation gets a low tally; at the tally limit (8) it goes to
//! the bottom of the reserve and the head of the reserve comes in (so a term comes back
//! after 22 × 8 = 176 moves). Three black marks (games Beta won) zero the leading term.
//! This is Samuel's first series; docs/samuel.md says what his second series changed.

use super::search::{
    evaluate, piece_advantage, search, Limits, Polynomial, SearchResult, MAX_POWER, WIN,
};
use super::terms::{all_parameters, term_values, Params, Term, SIMPLE, TERMS};
use crate::random::Xorshift;
use crate::reference::draughts::moves::apply;
use crate::reference::draughts::{legal_moves, Move, Position, Side};
use std::collections::VecDeque;

/// Terms active at once.
pub const ACTIVE: usize = 16;

/// One active term of a learner.
#[derive(Clone, Debug, PartialEq)]
pub struct TermState {
    /// The term.
    pub term: Term,
    /// Its sign: +1 or −1.
    pub sign: i64,
    /// Correlation coefficient, 0 to 1 (a negative one reverses the sign).
    pub correlation: f64,
    /// Times its correlation was adjusted.
    pub used: u32,
    /// Low tallies against it.
    pub tally: u32,
    /// Its coefficient's power of two, or `None` for a zero coefficient.
    pub power: Option<u32>,
}

impl TermState {
    fn new(term: Term, power: Option<u32>) -> TermState {
        TermState {
            term,
            sign: 1,
            correlation: 0.0,
            used: 0,
            tally: 0,
            power,
        }
    }

    /// The signed coefficient.
    pub fn coefficient(&self) -> i64 {
        self.power.map_or(0, |p| self.sign << p)
    }
}

/// The learning settings (Samuel's numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LearnParams {
    /// Low tallies before a term is retired (8; 32 in his second series).
    pub tally_limit: u32,
    /// Black marks before the leading term is zeroed (3).
    pub black_marks: u32,
    /// Moves (plies) after which a game is stopped and judged (70).
    pub game_moves: u32,
    /// Samuel's series: 1 (the procedure above) or 2 (his second series' changes: a
    /// positive delta corrects only the terms that pulled against the saved score's
    /// sign; the span of remembered moves grows until delta reaches the minimum; the
    /// saved score is a rudimentary look-ahead ended by the first move that is not a
    /// jump; Beta takes Alpha's polynomial only on a majority of wins; with a tally
    /// limit of 32).
    pub series: u8,
    /// How the coefficients' powers follow the correlations ([`Powers`]).
    pub powers: Powers,
    /// When Beta takes Alpha's polynomial in series 2 ([`Adoption`]).
    pub adoption: Adoption,
    /// What a correction counts into a term's correlation ([`Correlation`]).
    pub correlation: Correlation,
    /// Series 2's changes that are left out (all `false`: his second series as he
    /// describes it); for measuring which change does what. Ignored in series 1.
    pub without: Without,
}

/// Series 2's four changes to the procedure, each of which can be left out
/// (`mark1 ref samuel strength --series 2 --without span`): a measurement of what each
/// does, not a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Without {
    /// Leave out: a positive delta corrects only the terms that pulled against the
    /// saved score's sign.
    pub selective: bool,
    /// Leave out: the span of remembered moves grows until delta reaches the minimum.
    pub span: bool,
    /// Leave out: the saved score from a look-ahead to the first move that is not a
    /// jump (the polynomial's direct score instead).
    pub quiet: bool,
    /// Leave out: Beta takes Alpha's polynomial only on a majority of wins (on every
    /// win instead).
    pub majority: bool,
}

/// What each correction counts into a term's correlation coefficient: a reading of "a
/// record is kept of the correlation existing between the signs of the individual term
/// contributions in the initial scoring polynomial and the sign of delta" (issue 39,
/// item 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Correlation {
    /// The formula as printed, `C ← C + (±1 − C)/N`: +1 when the contribution had
    /// delta's sign, −1 when not (a running agreement of the two signs).
    #[default]
    Signs,
    /// A correlation in the statistician's sense: the agreement less what delta's sign
    /// alone would give, `x = s_c × (s_δ − m_δ)` with `m_δ` the running mean of delta's
    /// sign over the learner's corrections (the same 16-256 schedule). A term that is
    /// never negative (the 0/1 connectives) then gains nothing from delta being more
    /// often of one sign.
    Centred,
}

impl Correlation {
    /// The reading's name, as `--correlation` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Correlation::Signs => "signs",
            Correlation::Centred => "centred",
        }
    }
}

/// How the coefficients' powers of two follow the correlation coefficients: a reading
/// (issue 39, item 3; docs/samuel.md, "Readings").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Powers {
    /// The text ("Polynomial modification procedure"): "if the ratio of two
    /// correlation coefficients is equal to or larger than n but less than n+1 ...
    /// the ratio of the two term coefficients is set equal to 2^n": the leader 2^18,
    /// a term whose correlation the leader's is `n` to `n + 1` times 2^(18 − n).
    Ratio,
    /// Samuel's printed table (the evaluation polynomial after 42 games, powers 18,
    /// 16, 14, 13, 11, 8, 8, 8, 6, 5, 5, 4 against correlations 0.45, 0.40, 0.35,
    /// 0.33, 0.27, 0.19, 0.19, 0.19, 0.14, 0.13, 0.13, 0.10): the power proportional
    /// to the correlation, `round(18 × C / C_max)`, which gives all twelve rows. The
    /// default: the one reading that reproduces a figure he printed.
    #[default]
    Table,
}

impl Powers {
    /// The power of two (0-18) for correlation `c` when the leader's is `top` (both
    /// above 0); `None` for a zero coefficient.
    pub fn power(self, c: f64, top: f64) -> Option<u32> {
        if top <= 0.0 || c <= 0.0 {
            return None;
        }
        match self {
            Powers::Ratio => {
                let n = if c >= top {
                    0
                } else {
                    (top / c).floor() as u32
                };
                MAX_POWER.checked_sub(n)
            }
            Powers::Table => Some((f64::from(MAX_POWER) * (c / top).min(1.0)).round() as u32),
        }
    }

    /// The reading's name, as `--powers` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Powers::Ratio => "ratio",
            Powers::Table => "table",
        }
    }
}

/// When Beta takes Alpha's polynomial in Samuel's second series ("to require a
/// majority of wins on Alpha's part before Beta would adopt Alpha's scoring
/// polynomial"): a reading (issue 39, item 3). The first series takes it on every
/// win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Adoption {
    /// Alpha won more than half of the games played since Beta last took its
    /// polynomial, draws counted among the games.
    #[default]
    Games,
    /// Alpha won more of those games than it lost (draws not counted).
    Decisive,
}

impl Adoption {
    /// Whether Beta takes the polynomial after `won` wins and `lost` losses in `games`
    /// games since the last adoption (the last game one of them, won).
    pub fn adopts(self, won: u32, lost: u32, games: u32) -> bool {
        match self {
            Adoption::Games => 2 * won > games,
            Adoption::Decisive => won > lost,
        }
    }

    /// The reading's name, as `--adopt` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Adoption::Games => "games",
            Adoption::Decisive => "decisive",
        }
    }
}

impl LearnParams {
    /// Samuel's second series (tally limit 32).
    pub fn second_series() -> LearnParams {
        LearnParams {
            tally_limit: 32,
            series: 2,
            ..LearnParams::default()
        }
    }
}

impl Default for LearnParams {
    fn default() -> Self {
        LearnParams {
            tally_limit: 8,
            black_marks: 3,
            game_moves: 70,
            series: 1,
            powers: Powers::default(),
            adoption: Adoption::default(),
            correlation: Correlation::default(),
            without: Without::default(),
        }
    }
}

/// A learning player: its active terms and reserve.
#[derive(Clone, Debug, PartialEq)]
pub struct Learner {
    /// The 16 active terms.
    pub active: Vec<TermState>,
    /// The reserve, head first.
    pub reserve: VecDeque<Term>,
    /// Black marks since the last drastic change.
    pub black_marks: u32,
    /// Correlation adjustments made.
    pub adjustments: u64,
    /// Terms retired to the reserve.
    pub retired: u64,
    /// How the coefficients follow the correlations (not written to the JSON: a
    /// setting of the series, not of the polynomial).
    pub powers: Powers,
    /// What a correction counts into a correlation (a setting, not written).
    pub correlation: Correlation,
    /// The running mean of delta's sign over the corrections (for
    /// [`Correlation::Centred`]).
    pub delta_mean: f64,
}

/// Alpha's saved initial score: the polynomial's score of the position it last moved
/// from, with the term values and the piece advantage then.
#[derive(Clone, Debug)]
struct Saved {
    score: i64,
    values: [i32; TERMS],
    piece_advantage: i64,
}

impl Default for Learner {
    /// The start of a series: the first 16 terms in [`Term`] order active, all with the
    /// same coefficient (2^10, sign +), the other 22 in reserve in order (Samuel: "an
    /// arbitrary selection of 16 terms ... all terms were assigned equal weights").
    fn default() -> Learner {
        let all = Term::all();
        Learner {
            active: all[..ACTIVE]
                .iter()
                .map(|&t| TermState::new(t, Some(10)))
                .collect(),
            reserve: all[ACTIVE..].iter().copied().collect(),
            black_marks: 0,
            adjustments: 0,
            retired: 0,
            powers: Powers::default(),
            correlation: Correlation::default(),
            delta_mean: 0.0,
        }
    }
}

impl Learner {
    /// The polynomial of the active terms.
    pub fn polynomial(&self) -> Polynomial {
        Polynomial {
            terms: self
                .active
                .iter()
                .map(|t| (t.term, t.coefficient()))
                .collect(),
        }
    }

    /// The minimum `|delta|`: the average magnitude of the active coefficients (at
    /// least 1).
    fn min_delta(&self) -> i64 {
        let sum: i64 = self.active.iter().map(|t| t.coefficient().abs()).sum();
        (sum / self.active.len().max(1) as i64).max(1)
    }

    /// Sets the coefficients from the correlations: the largest gets 2^18, the others
    /// as [`Learner::powers`] says.
    fn set_coefficients(&mut self) {
        let top = self
            .active
            .iter()
            .map(|t| t.correlation)
            .fold(0.0f64, f64::max);
        let powers = self.powers;
        for t in &mut self.active {
            t.power = powers.power(t.correlation, top);
        }
    }

    /// One adjustment from `delta` (the backed-up score less the saved score, both for
    /// the side to move, Alpha) against the saved position's term `values` (credited to
    /// the side that had just moved, Alpha's opponent), `factor` 1, 2 or 4; with `only`
    /// ±1, only the terms whose contribution had that sign. Each non-zero active term's
    /// correlation moves towards +1 if its contribution to Alpha's score had delta's
    /// sign, towards −1 if not; the coefficients are then set from the correlations.
    /// This is the step Alpha makes after each move; public for the known-answer test.
    pub fn correlate(&mut self, delta: i64, values: &[i32; TERMS], factor: f64, only: Option<i64>) {
        let sd = delta.signum() as f64;
        let m = self.delta_mean;
        // The mean of delta's sign, on the same schedule as a term's correlation.
        let n_all = f64::from(
            (1u32 << (63 - (self.adjustments + 1).leading_zeros()).min(31)).clamp(16, 256),
        );
        self.delta_mean += (sd - self.delta_mean) / n_all;
        let centred = self.correlation == Correlation::Centred;
        for t in &mut self.active {
            let v = i64::from(values[t.term.index()]);
            if v == 0 {
                continue;
            }
            // The term's contribution to Alpha's score: the terms are to the credit of
            // the side that had just moved, Alpha's opponent.
            let contribution = -t.sign * v;
            if only.is_some_and(|o| contribution.signum() != o) {
                continue;
            }
            let x = if centred {
                contribution.signum() as f64 * (sd - m)
            } else if contribution.signum() == delta.signum() {
                1.0
            } else {
                -1.0
            };
            t.used += 1;
            // 16 until used reaches 32, then 32 until 64, ..., never above 256.
            let n = f64::from((1u32 << (31 - t.used.leading_zeros())).clamp(16, 256));
            t.correlation = (t.correlation + factor * (x - t.correlation) / n).clamp(-1.0, 1.0);
            if t.correlation < 0.0 {
                t.correlation = -t.correlation;
                t.sign = -t.sign;
            }
        }
        self.adjustments += 1;
        self.set_coefficients();
    }

    /// A low tally against the active term with the lowest correlation (the last of
    /// equals); at the limit it goes to the bottom of the reserve and the head of the
    /// reserve takes its place. Returns the names (retired, brought in) if a term was
    /// replaced.
    fn low_tally(&mut self, limit: u32) -> Option<(Term, Term)> {
        let i = (0..self.active.len()).rev().min_by(|&a, &b| {
            self.active[a]
                .correlation
                .total_cmp(&self.active[b].correlation)
        })?;
        self.active[i].tally += 1;
        if self.active[i].tally < limit {
            return None;
        }
        let incoming = self.reserve.pop_front()?;
        let out = self.active[i].term;
        self.reserve.push_back(out);
        self.active[i] = TermState::new(incoming, None);
        self.retired += 1;
        self.set_coefficients();
        Some((out, incoming))
    }

    /// Three black marks: the leading term's coefficient set to zero (its correlation
    /// cleared, so that it is the next to be retired).
    fn black_mark(&mut self, limit: u32) -> bool {
        self.black_marks += 1;
        if self.black_marks < limit {
            return false;
        }
        self.black_marks = 0;
        if let Some(t) = self
            .active
            .iter_mut()
            .max_by(|a, b| a.correlation.total_cmp(&b.correlation))
        {
            t.correlation = 0.0;
            t.power = None;
        }
        self.set_coefficients();
        true
    }
}

/// A position in play with the parameters of the position before the last move.
#[derive(Clone)]
struct Played {
    pos: Position,
    before: Params,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Black won (White could not move, or Black was ahead in material when the game was
    /// stopped).
    Black,
    /// White won.
    White,
    /// Drawn: stopped with the material even.
    Draw,
}

impl Outcome {
    /// How a game ends at `pos`: lost by the side to move if it cannot move, else (a game
    /// stopped at the move limit) judged on material ([`judge`]).
    pub fn at_end(pos: &Position) -> Outcome {
        if legal_moves(pos).is_empty() {
            match pos.to_move {
                Side::Black => Outcome::White,
                Side::White => Outcome::Black,
            }
        } else {
            judge(pos)
        }
    }

    /// The outcome for `side`: 1 won, 0 drawn, −1 lost.
    pub fn for_side(self, side: Side) -> i32 {
        match (self, side) {
            (Outcome::Draw, _) => 0,
            (Outcome::Black, Side::Black) | (Outcome::White, Side::White) => 1,
            _ => -1,
        }
    }
}

/// A game's end: who won and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner, or a draw.
    pub outcome: Outcome,
    /// Moves (plies) played.
    pub moves: u32,
    /// Whether a side was left unable to move (else the game was stopped at the move
    /// limit and judged on material).
    pub finished: bool,
    /// The moves in PDN.
    pub record: Vec<String>,
    /// The last position (PDN FEN).
    pub last: String,
}

/// Judges a stopped game by the material credit (man 2, king 3).
pub fn judge(pos: &Position) -> Outcome {
    match piece_advantage(pos, Side::Black).signum() {
        1 => Outcome::Black,
        -1 => Outcome::White,
        _ => Outcome::Draw,
    }
}

/// What happened in a learning game, for its results line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnGame {
    /// The game.
    pub result: GameResult,
    /// Alpha's colour.
    pub alpha: Side,
    /// Whether Beta took Alpha's polynomial.
    pub beta_adopted: bool,
    /// Whether a black mark zeroed Alpha's leading term.
    pub drastic: bool,
    /// Terms Alpha retired in the game: (retired, brought in).
    pub replaced: Vec<(Term, Term)>,
    /// Adjustments Alpha made.
    pub adjustments: u64,
}

/// The seven opening moves of Black, in the reference engine's order: Beta's first
/// move in the first 14 games ("two cycles of the seven different initial moves").
fn opening(i: usize) -> Move {
    let moves = legal_moves(&Position::start());
    moves[i % moves.len()]
}

/// A self-play series: Alpha learning against Beta.
pub struct Series {
    /// Alpha.
    pub alpha: Learner,
    /// Beta's polynomial.
    pub beta: Polynomial,
    /// The settings.
    pub params: LearnParams,
    /// The look-ahead.
    pub limits: Limits,
    /// Games played.
    pub games: u32,
    /// Alpha's wins, losses and the games played since Beta last took its polynomial
    /// (for the second series' majority rule).
    since_adoption: (u32, u32, u32),
    rng: Xorshift,
    /// If set, every Alpha move is recorded here ([`AlphaStep`]) for the diagnosis
    /// (`mark1 ref samuel diagnose`); `None` (the default) records nothing.
    pub trace: Option<Vec<AlphaStep>>,
}

/// One Alpha move as the diagnosis sees it (recorded when [`Series::trace`] is set).
#[derive(Clone, Debug)]
pub struct AlphaStep {
    /// The game (0 the first).
    pub game: u32,
    /// The position Alpha moved from (Alpha to move).
    pub pos: Position,
    /// Alpha's polynomial when it chose the move.
    pub poly: Polynomial,
    /// The search that chose the move (scores for Alpha).
    pub search: SearchResult,
    /// The move played.
    pub played: Move,
    /// The position's term values (to the credit of Alpha's opponent, who had just
    /// moved).
    pub values: [i32; TERMS],
    /// Delta: the backed-up score less the saved score, or `None` on Alpha's first move.
    pub delta: Option<i64>,
    /// The saved position's term values (credited to Alpha's opponent) and Alpha's
    /// piece advantage then, if a score was saved.
    pub saved: Option<([i32; TERMS], i64)>,
    /// The minimum |delta| then (the average coefficient magnitude).
    pub min_delta: i64,
    /// The factor of the correction made (1, 2 or 4), or `None` if none was made.
    pub factor: Option<f64>,
    /// Each active term's signed correlation (sign × C) before and after the
    /// correction, if one was made.
    pub changes: Vec<(Term, f64, f64)>,
}

impl Series {
    /// A series from the start ([`Learner::default`] for both), ties broken by a
    /// generator seeded with `seed`.
    pub fn new(seed: u64, params: LearnParams, limits: Limits) -> Series {
        Series::starting_from(Learner::default(), seed, params, limits)
    }

    /// A series whose Alpha and Beta start with `start`'s active terms and reserve, the
    /// weights set equal again (Samuel's second series: "the initial selection of terms
    /// was made on the basis of the results obtained during the earlier tests, but no
    /// attention was paid to their previously assigned weights").
    pub fn starting_from(start: Learner, seed: u64, params: LearnParams, limits: Limits) -> Series {
        let alpha = Learner {
            active: start
                .active
                .iter()
                .map(|t| TermState::new(t.term, Some(10)))
                .collect(),
            reserve: start.reserve.clone(),
            black_marks: 0,
            adjustments: 0,
            retired: 0,
            powers: params.powers,
            correlation: params.correlation,
            delta_mean: 0.0,
        };
        Series {
            beta: alpha.polynomial(),
            alpha,
            params,
            limits,
            games: 0,
            since_adoption: (0, 0, 0),
            rng: Xorshift((seed as u32) ^ ((seed >> 32) as u32) ^ 0x5A4D_0E11),
            trace: None,
        }
    }

    /// Plays the next game (Samuel: Alpha White for the first 14 games, Beta's first
    /// move then each of the seven openings in turn; colours alternating after).
    pub fn play_game(&mut self) -> LearnGame {
        let g = self.games;
        self.games += 1;
        let alpha_side = if g < 14 || g.is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        };
        let mut state = Played {
            pos: Position::start(),
            before: all_parameters(&Position::start()),
        };
        let mut record = Vec::new();
        let mut saved: Option<Saved> = None;
        let mut replaced = Vec::new();
        let adjustments0 = self.alpha.adjustments;
        let mut moves = 0;
        while moves < self.params.game_moves {
            let pos = state.pos;
            if legal_moves(&pos).is_empty() {
                break;
            }
            let m = if pos.to_move == alpha_side {
                let (m, out) = self.alpha_move(&state, &mut saved);
                if let Some(r) = out {
                    replaced.push(r);
                }
                m
            } else if g < 14 && moves == 0 {
                opening(g as usize)
            } else {
                let r = search(&pos, &self.beta, &self.limits, None, &mut self.rng);
                r.best.expect("a side with moves has a best one")
            };
            record.push(m.pdn());
            let now = all_parameters(&pos);
            state = Played {
                pos: apply(&pos, &m),
                before: now,
            };
            moves += 1;
        }
        let finished = legal_moves(&state.pos).is_empty();
        let outcome = Outcome::at_end(&state.pos);
        let alpha_won = outcome.for_side(alpha_side) == 1;
        let beta_won = outcome.for_side(alpha_side) == -1;
        let mut drastic = false;
        self.since_adoption.2 += 1;
        if alpha_won {
            self.since_adoption.0 += 1;
        }
        if beta_won {
            self.since_adoption.1 += 1;
        }
        // Series 2: only on a majority of wins since Beta last took the polynomial.
        let (won, lost, played) = self.since_adoption;
        let adopt = alpha_won
            && (self.params.series != 2
                || self.params.without.majority
                || self.params.adoption.adopts(won, lost, played));
        if adopt {
            self.beta = self.alpha.polynomial();
            self.since_adoption = (0, 0, 0);
        } else if beta_won {
            drastic = self.alpha.black_mark(self.params.black_marks);
        }
        LearnGame {
            result: GameResult {
                outcome,
                moves,
                finished,
                record,
                last: state.pos.to_fen(),
            },
            alpha: alpha_side,
            beta_adopted: adopt,
            drastic,
            replaced,
            adjustments: self.alpha.adjustments - adjustments0,
        }
    }

    /// Alpha's move with its learning: the search, delta against the saved score, the
    /// correlations and coefficients, the low tally, and the new saved score.
    fn alpha_move(
        &mut self,
        state: &Played,
        saved: &mut Option<Saved>,
    ) -> (Move, Option<(Term, Term)>) {
        let poly = self.alpha.polynomial();
        let r: SearchResult = search(&state.pos, &poly, &self.limits, None, &mut self.rng);
        let m = r.best.expect("a side with moves has a best one");
        let second = self.params.series == 2;
        let mut keep = false;
        let min_delta = self.alpha.min_delta();
        let signed = |l: &Learner| -> Vec<(Term, f64)> {
            l.active
                .iter()
                .map(|t| (t.term, t.sign as f64 * t.correlation))
                .collect()
        };
        let before_correction = signed(&self.alpha);
        let adjustments0 = self.alpha.adjustments;
        let mut factor_used = None;
        let mut delta_seen = None;
        if let Some(s) = saved.as_ref() {
            let delta = r.score - s.score;
            delta_seen = Some(delta);
            if delta.abs() >= min_delta {
                let pa = piece_advantage(&state.pos, state.pos.to_move);
                let factor = if delta.abs() >= WIN / 2 {
                    4.0
                } else if pa != s.piece_advantage {
                    2.0
                } else {
                    1.0
                };
                // Series 2, a positive delta: only the terms that pulled against the
                // saved score's sign.
                let only = (second && !self.params.without.selective && delta > 0)
                    .then(|| -s.score.signum());
                if only != Some(0) {
                    let values = s.values;
                    self.alpha.correlate(delta, &values, factor, only);
                    factor_used = Some(factor);
                }
            } else if second && !self.params.without.span {
                // Series 2: the span grows until delta reaches the minimum.
                keep = true;
            }
        }
        if let Some(trace) = self.trace.as_mut() {
            let after = signed(&self.alpha);
            let changes = if self.alpha.adjustments > adjustments0 {
                before_correction
                    .iter()
                    .zip(&after)
                    .map(|(&(t, b), &(_, a))| (t, b, a))
                    .collect()
            } else {
                Vec::new()
            };
            trace.push(AlphaStep {
                game: self.games - 1,
                pos: state.pos,
                poly: poly.clone(),
                search: r.clone(),
                played: m,
                values: term_values(&all_parameters(&state.pos), &state.before),
                delta: delta_seen,
                saved: saved.as_ref().map(|s| (s.values, s.piece_advantage)),
                min_delta,
                factor: factor_used,
                changes,
            });
        }
        let out = self.alpha.low_tally(self.params.tally_limit);
        if !keep {
            // The score saved for the next comparison: this position's, by the
            // polynomial as it now stands (series 2: by a look-ahead to the first move
            // that is not a jump).
            let now = all_parameters(&state.pos);
            let poly = self.alpha.polynomial();
            let score = if second && !self.params.without.quiet {
                let quiet = Limits {
                    quiet: true,
                    ..self.limits
                };
                search(&state.pos, &poly, &quiet, None, &mut self.rng).score
            } else {
                evaluate(&state.pos, &now, &state.before, &poly)
            };
            *saved = Some(Saved {
                score,
                values: term_values(&now, &state.before),
                piece_advantage: piece_advantage(&state.pos, state.pos.to_move),
            });
        }
        (m, out)
    }
}

/// Plays a game between two polynomials from the start, Black's first, each searching
/// with `limits`, stopped at `max_moves` plies and judged on material; ties broken by
/// `rng`.
pub fn play(
    black: &Polynomial,
    white: &Polynomial,
    limits: &Limits,
    max_moves: u32,
    rng: &mut Xorshift,
) -> GameResult {
    let mut pos = Position::start();
    let mut record = Vec::new();
    let mut moves = 0;
    while moves < max_moves {
        let poly = match pos.to_move {
            Side::Black => black,
            Side::White => white,
        };
        let Some(m) = search(&pos, poly, limits, None, rng).best else {
            break;
        };
        record.push(m.pdn());
        pos = apply(&pos, &m);
        moves += 1;
    }
    let finished = legal_moves(&pos).is_empty();
    let outcome = Outcome::at_end(&pos);
    GameResult {
        outcome,
        moves,
        finished,
        record,
        last: pos.to_fen(),
    }
}

impl Learner {
    /// The learner as JSON: the active terms (name, coefficient, power of two, sign,
    /// correlation, times used, low tallies) and the reserve, as `learn --out` writes it.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        json!({
            "polynomial": "Samuel 1959, learning by generalisation (mark1)",
            "max_power": MAX_POWER,
            "terms": self.active.iter().map(|t| json!({
                "name": t.term.name(),
                "coefficient": t.coefficient(),
                "power": t.power,
                "sign": if t.sign < 0 { "-" } else { "+" },
                "correlation": (t.correlation * 1e4).round() / 1e4,
                "used": t.used,
                "low_tally": t.tally,
            })).collect::<Vec<_>>(),
            "reserve": self.reserve.iter().map(|t| t.name()).collect::<Vec<_>>(),
            "black_marks": self.black_marks,
            "adjustments": self.adjustments,
            "retired": self.retired,
        })
    }

    /// Reads a learner written by [`Learner::to_json`]: every term known, none twice,
    /// 16 active, powers 0-18, correlations 0-1.
    ///
    /// # Errors
    /// The reason, naming the entry.
    pub fn from_json(text: &str) -> Result<Learner, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let terms = v
            .get("terms")
            .and_then(|t| t.as_array())
            .ok_or("no `terms` list")?;
        let mut seen = std::collections::HashSet::new();
        let mut active = Vec::new();
        for (i, t) in terms.iter().enumerate() {
            let at = |what: &str| format!("term {}: {what}", i + 1);
            let name = t
                .get("name")
                .and_then(|n| n.as_str())
                .ok_or_else(|| at("no name"))?;
            let term = Term::from_name(name)
                .ok_or_else(|| at(&format!("`{name}` is not one of Samuel's terms")))?;
            if !seen.insert(term) {
                return Err(at(&format!("`{name}` twice")));
            }
            let power = match t.get("power") {
                None | Some(serde_json::Value::Null) => None,
                Some(p) => Some(
                    p.as_u64()
                        .filter(|&p| p <= u64::from(MAX_POWER))
                        .ok_or_else(|| at("power must be 0-18 or null"))?
                        as u32,
                ),
            };
            let sign = match t.get("sign").and_then(|s| s.as_str()) {
                Some("+") | None => 1,
                Some("-") => -1,
                Some(s) => return Err(at(&format!("sign `{s}`: + or -"))),
            };
            let correlation = t.get("correlation").and_then(|c| c.as_f64()).unwrap_or(0.0);
            if !(0.0..=1.0).contains(&correlation) {
                return Err(at("correlation must be 0-1"));
            }
            let num = |f: &str| {
                t.get(f)
                    .and_then(|x| x.as_u64())
                    .unwrap_or(0)
                    .min(u64::from(u32::MAX)) as u32
            };
            active.push(TermState {
                term,
                sign,
                correlation,
                used: num("used"),
                tally: num("low_tally"),
                power,
            });
        }
        if active.len() != ACTIVE {
            return Err(format!(
                "{} active terms: Samuel's polynomial has {ACTIVE}",
                active.len()
            ));
        }
        let mut reserve = VecDeque::new();
        for name in v
            .get("reserve")
            .and_then(|r| r.as_array())
            .map(Vec::as_slice)
            .unwrap_or(&[])
        {
            let name = name.as_str().ok_or("a reserve entry is not a name")?;
            let term = Term::from_name(name)
                .ok_or_else(|| format!("reserve: `{name}` is not one of Samuel's terms"))?;
            if !seen.insert(term) {
                return Err(format!("reserve: `{name}` twice or also active"));
            }
            reserve.push_back(term);
        }
        let num = |f: &str| v.get(f).and_then(|x| x.as_u64()).unwrap_or(0);
        Ok(Learner {
            active,
            reserve,
            black_marks: num("black_marks").min(100) as u32,
            adjustments: num("adjustments"),
            retired: num("retired"),
            powers: Powers::default(),
            correlation: Correlation::default(),
            delta_mean: 0.0,
        })
    }
}

/// The parameters cover the simple terms, the values all 38.
const _: () = assert!(SIMPLE < TERMS);
