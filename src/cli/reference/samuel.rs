//! `mark1 ref samuel …`: Samuel's checkers player (1959) as a native engine: every
//! term of a position, the best move, a learning series, a game against a person.
//! Squares are PDN 1-32 in and out.

use crate::cli::out::write_json;
use anyhow::{bail, Result};
use mark1::random::Xorshift;
use mark1::reference::draughts::moves::{apply, find_move};
use mark1::reference::draughts::{legal_moves, Position, Side, START_FEN};
use mark1::reference::samuel::rote_effect::{self, Band, Conversions, EffectParams, BANDS};
use mark1::reference::samuel::search::{piece_advantage, Polynomial, PIECE_UNIT, WIN};
use mark1::reference::samuel::strength::{self, CurvePoint, MatchParams, MatchReport};
use mark1::reference::samuel::terms::{all_parameters, term_values, Term, SIMPLE};
use mark1::reference::samuel::{
    search, Adoption, Correlation, LearnParams, Learner, Limits, Outcome, Powers, Rote, RoteParams,
    SearchResult, Series,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Samuel subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum SamuelCommand {
    /// Every parameter of a position (Appendix C, the side to move active), and with
    /// `--before` every term: the change since the position before the last move, to
    /// the credit of the side that has just moved, and the 12 connectives.
    ///
    /// Example: `mark1 ref samuel terms --fen "W:W21-32:B1-10,12,15" --before "B:W21-32:B1-12"`
    Terms {
        /// PDN FEN of the position.
        #[arg(long)]
        fen: String,
        /// PDN FEN of the position before the last move.
        #[arg(long)]
        before: Option<String>,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// The move Samuel's player chooses: minimax with alpha-beta under the paper's ply
    /// rules, the score backed up with the sense of direction.
    ///
    /// Example: `mark1 ref samuel best --fen "B:W21-32:B1-12"`
    Best {
        /// PDN FEN (default: the start).
        #[arg(long)]
        fen: Option<String>,
        #[command(flatten)]
        player: PlayerArgs,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Learning by generalisation: Alpha against Beta for N games (Samuel's first
    /// series), a results line a game, the learned polynomial written as JSON.
    ///
    /// Example: `mark1 ref samuel learn --games 20 --seed 1 --out learned.json`
    Learn {
        /// Games to play (1-10000).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        games: u32,
        /// Seed of the tie-breaking generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write Alpha's polynomial (JSON).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Samuel's series: 1 (his first procedure) or 2 (his second series' changes,
        /// docs/samuel.md).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
        series: u8,
        /// Low tallies before a term is retired (default 8 in series 1, 32 in series 2).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
        tally_limit: Option<u32>,
        /// Start from this polynomial's terms (its weights set equal again), as Samuel's
        /// second series started from the first's selection.
        #[arg(long)]
        from: Option<PathBuf>,
        /// The minimum look-ahead in plies (Samuel: 3).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=10))]
        min_ply: u32,
        #[command(flatten)]
        readings: ReadingArgs,
        /// Replace an --out file that exists (without it an existing file is refused
        /// before the games).
        #[arg(long)]
        force: bool,
    },
    /// The learning's diagnosis: N learning games with every Alpha move recorded, then
    /// how often the learned and unlearned polynomials differ, how often the positional
    /// terms decide a move, delta's distribution, whether the corrections follow the
    /// games' outcomes, and the checks of signs and scales (docs/samuel.md, Diagnosis).
    ///
    /// Example: `mark1 ref samuel diagnose --games 10 --seed 5 --series 2`
    Diagnose {
        /// Games to play (1-1000).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
        games: u32,
        /// Seed of the tie-breaking generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Samuel's series: 1 or 2.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
        series: u8,
        #[command(flatten)]
        readings: ReadingArgs,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Whether learning made the player stronger: a series of N learning games, the
    /// learned polynomial measured against the unlearned one (every K games with
    /// `--every`, and at the end) over M games in pairs on random three-ply openings,
    /// colours exchanged within a pair, with the score's 95 % interval; Alpha's record
    /// over the first 28 games; the learning curve as a picture with `--plot`. With
    /// `--polynomial` a learned file is measured instead (docs/samuel.md, Results).
    ///
    /// Example: `mark1 ref samuel strength --games 150 --seed 11 --series 2 --every 25 --plot curve.png`
    Strength {
        /// Learning games (1-10000; not with --polynomial).
        #[arg(long, default_value_t = 150, conflicts_with = "polynomial", value_parser = clap::value_parser!(u32).range(1..=10_000))]
        games: u32,
        /// Seed of the learning series' tie-breaking generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Samuel's series: 1 or 2.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
        series: u8,
        #[command(flatten)]
        readings: ReadingArgs,
        /// Measure after every this many learning games as well as at the end (0: at
        /// the end only).
        #[arg(long, default_value_t = 0)]
        every: u32,
        /// Games of each match against the unlearned polynomial, in pairs (2-10000).
        #[arg(long = "match", default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..=10_000))]
        match_games: u32,
        /// Seed of the matches' openings and tie-breaking generators (a different
        /// seed from the learning's, so that the match is not the series' games).
        #[arg(long, default_value_t = 9)]
        match_seed: u64,
        /// Measure this learned polynomial (`learn --out`) instead of learning.
        #[arg(long)]
        polynomial: Option<PathBuf>,
        /// Against this polynomial instead of the unlearned one.
        #[arg(long)]
        against: Option<PathBuf>,
        /// Write the learning curve here as a PNG.
        #[arg(long, conflicts_with = "polynomial")]
        plot: Option<PathBuf>,
        /// Write the learned polynomial here (JSON, as `learn --out`).
        #[arg(long, conflicts_with = "polynomial")]
        out: Option<PathBuf>,
        /// Replace --plot or --out files that exist.
        #[arg(long)]
        force: bool,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Rote learning's effect: a rote memory built from N games of self-play (each
    /// position met saved with its backed-up score, as Samuel's program saved the
    /// positions of its games), then the player with the memory against the same player
    /// without it over M games in pairs (two-move openings drawn at random, colours
    /// alternated): won, lost, drawn, the score with its 95 % interval, the opening moves
    /// each finds and how games end once a side is ahead by a man.
    ///
    /// Example: `mark1 ref samuel rote-effect --games 100 --match 100 --seed 1`
    RoteEffect {
        /// Games of self-play that build the memory (0-10000).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(0..=10_000))]
        games: u32,
        /// Games of the match, the memory's player Black in odd-numbered games and White
        /// in even (2-10000).
        #[arg(long = "match", default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..=10_000))]
        match_games: u32,
        /// Seed of the openings and the tie-breaking generators.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Moves (plies) after which a game is stopped and judged on material (Samuel:
        /// 70; 10-500).
        #[arg(long, default_value_t = 70, value_parser = clap::value_parser!(u32).range(10..=500))]
        moves: u32,
        /// Merges (one every 20 moves of play) after which a position not looked up
        /// is forgotten, counted from a new position's age of 4 (default 16, as the
        /// rote memory's; 1000: never forgotten in practice; 5-1000).
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(5..=1000))]
        max_age: u32,
        /// A polynomial `learn --out` wrote (default: the unlearned one).
        #[arg(long)]
        polynomial: Option<PathBuf>,
        /// Write the built memory here (the file `--rote` reads).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace an --out file that exists.
        #[arg(long)]
        force: bool,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// A game against Samuel's player at the terminal: type moves in PDN (`11-15`,
    /// `15x24`), `quit` to stop.
    ///
    /// Example: `mark1 ref samuel play --you black`
    Play {
        /// Your colour: black (moves first) or white.
        #[arg(long, default_value = "black", value_parser = ["black", "white"])]
        you: String,
        #[command(flatten)]
        player: PlayerArgs,
    },
}

/// The readings of the learning that are named options (docs/samuel.md, "Readings").
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct ReadingArgs {
    /// How the coefficients' powers of two follow the correlations: `ratio` (the
    /// text: a ratio of n to n+1 gives 2^n) or `table` (Samuel's printed table:
    /// power = 18 x C / C_max, rounded; the default).
    #[arg(long, value_enum, default_value_t = PowersArg::Table)]
    powers: PowersArg,
    /// When Beta takes Alpha's polynomial in series 2: `games` (Alpha won more than
    /// half of the games since the last adoption, draws counted) or `decisive` (more
    /// wins than losses).
    #[arg(long, value_enum, default_value_t = AdoptArg::Games)]
    adopt: AdoptArg,
    /// What a correction counts into a term's correlation: `signs` (the printed
    /// formula, +1 or -1 as the contribution's sign agrees with delta's) or `centred`
    /// (the agreement less what delta's sign alone gives).
    #[arg(long, value_enum, default_value_t = CorrelationArg::Signs)]
    correlation: CorrelationArg,
    /// Series 2 without one of its four changes (repeatable), to measure what each
    /// does: `selective` (a positive delta corrects only the terms against the saved
    /// score's sign), `span` (the span grows until delta reaches the minimum), `quiet`
    /// (the saved score from a look-ahead to the first move that is not a jump),
    /// `majority` (Beta adopts only on a majority of wins).
    #[arg(long, value_enum)]
    without: Vec<WithoutArg>,
}

/// `--without`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum WithoutArg {
    /// A positive delta corrects every contributing term.
    Selective,
    /// The span is always one move pair.
    Span,
    /// The saved score is the polynomial's direct score.
    Quiet,
    /// Beta adopts on every win.
    Majority,
}

/// `--correlation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CorrelationArg {
    /// The printed formula: +1 or -1.
    Signs,
    /// Centred on delta's mean sign.
    Centred,
}

/// `--powers`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PowersArg {
    /// The text's rule: a ratio of correlations of n to n+1 gives 2^n.
    Ratio,
    /// Samuel's printed table: the power proportional to the correlation.
    Table,
}

/// `--adopt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AdoptArg {
    /// A majority of the games since the last adoption won.
    Games,
    /// More wins than losses since the last adoption.
    Decisive,
}

impl ReadingArgs {
    /// The learning settings of `series` (1 or 2) with these readings.
    fn params(&self, series: u8) -> LearnParams {
        let mut p = if series == 2 {
            LearnParams::second_series()
        } else {
            LearnParams::default()
        };
        p.powers = match self.powers {
            PowersArg::Ratio => Powers::Ratio,
            PowersArg::Table => Powers::Table,
        };
        p.correlation = match self.correlation {
            CorrelationArg::Signs => Correlation::Signs,
            CorrelationArg::Centred => Correlation::Centred,
        };
        for w in &self.without {
            match w {
                WithoutArg::Selective => p.without.selective = true,
                WithoutArg::Span => p.without.span = true,
                WithoutArg::Quiet => p.without.quiet = true,
                WithoutArg::Majority => p.without.majority = true,
            }
        }
        p.adoption = match self.adopt {
            AdoptArg::Games => Adoption::Games,
            AdoptArg::Decisive => Adoption::Decisive,
        };
        p
    }
}

/// Samuel's player as [`PlayerArgs`] set it up: its polynomial, its rote memory (if
/// any), its look-ahead and its tie-breaking generator.
struct Engine {
    poly: Polynomial,
    rote: Option<Rote>,
    limits: Limits,
    rng: Xorshift,
}

impl Engine {
    /// The player's search from `pos` (its rote memory consulted, not yet written).
    fn search(&mut self, pos: &Position) -> SearchResult {
        search(
            pos,
            &self.poly,
            &self.limits,
            self.rote.as_mut(),
            &mut self.rng,
        )
    }
}

impl PlayerArgs {
    /// The player these flags set up.
    ///
    /// # Errors
    /// The polynomial or the rote memory cannot be read.
    fn engine(&self) -> Result<Engine> {
        Ok(Engine {
            poly: load_polynomial(self.polynomial.as_deref())?,
            rote: load_rote(self.rote.as_deref())?,
            limits: Limits {
                min_ply: self.min_ply,
                ..Limits::default()
            },
            rng: Xorshift(self.seed as u32 ^ 0x5A),
        })
    }
}

/// How Samuel's player is set up.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct PlayerArgs {
    /// A polynomial `learn --out` wrote (default: the unlearned one, the first 16 terms
    /// with equal coefficients).
    #[arg(long)]
    polynomial: Option<PathBuf>,
    /// A rote memory file: positions are looked up in it, and `play` saves the game's
    /// positions to it.
    #[arg(long)]
    rote: Option<PathBuf>,
    /// The minimum look-ahead in plies (Samuel: 3).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=10))]
    min_ply: u32,
    /// Seed of the generator that breaks ties between equal moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A polynomial from a file, or the unlearned one.
///
/// # Errors
/// The file cannot be read or is not a polynomial, with the reason.
pub fn load_polynomial(path: Option<&Path>) -> Result<Polynomial> {
    match path {
        None => Ok(Learner::default().polynomial()),
        Some(p) => {
            let text = mark1::formats::input::read_text(p, mark1::formats::input::LEARNED)
                .map_err(|e| {
                    anyhow::anyhow!("cannot read the polynomial {}: {}", p.display(), e.reason())
                })?;
            let l =
                Learner::from_json(&text).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
            Ok(l.polynomial())
        }
    }
}

fn load_rote(path: Option<&Path>) -> Result<Option<Rote>> {
    let Some(p) = path else { return Ok(None) };
    if !p.exists() {
        return Ok(Some(Rote::new(RoteParams::default())));
    }
    let text =
        mark1::formats::input::read_text(p, mark1::formats::input::LEARNED).map_err(|e| {
            anyhow::anyhow!(
                "cannot read the rote memory {}: {}",
                p.display(),
                e.reason()
            )
        })?;
    Ok(Some(
        Rote::from_json(&text, RoteParams::default())
            .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?,
    ))
}

/// A score in words: a win or loss in so many plies, or the score with its value in
/// men (a man at the start's material is 2^26).
pub fn score_text(s: i64) -> String {
    if s > WIN / 2 {
        format!("a win within {} plies", WIN - s)
    } else if s < -WIN / 2 {
        format!("a loss within {} plies", WIN + s)
    } else {
        format!("{s} ({:+.2} men)", s as f64 / (2 * PIECE_UNIT) as f64)
    }
}

fn side_word(s: Side) -> &'static str {
    match s {
        Side::Black => "Black",
        Side::White => "White",
    }
}

/// Runs one `ref samuel` subcommand.
///
/// # Errors
/// A bad FEN, polynomial or rote file, or a failed write.
pub fn run(cmd: &SamuelCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        SamuelCommand::Terms { fen, before, json } => run_terms(fen, before.as_deref(), *json, out),
        SamuelCommand::Best { fen, player, json } => {
            let pos = Position::from_fen(fen.as_deref().unwrap_or(START_FEN))?;
            let mut e = player.engine()?;
            let r = e.search(&pos);
            best_report(&pos, &r, *json, out)
        }
        SamuelCommand::Learn {
            games,
            seed,
            out: file,
            series,
            tally_limit,
            from,
            min_ply,
            readings,
            force,
        } => {
            let inputs: Vec<&Path> = from.as_deref().into_iter().collect();
            crate::cli::out::check_outputs(&[file.as_deref()], *force, &inputs)?;
            let mut params = readings.params(*series);
            if let Some(t) = tally_limit {
                params.tally_limit = *t;
            }
            let start = match from {
                None => Learner::default(),
                Some(p) => {
                    let text = mark1::formats::input::read_text(p, mark1::formats::input::LEARNED)
                        .map_err(|e| {
                            anyhow::anyhow!(
                                "cannot read the polynomial {}: {}",
                                p.display(),
                                e.reason()
                            )
                        })?;
                    Learner::from_json(&text)
                        .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?
                }
            };
            let file = file.as_deref().map(|f| (f, *force));
            run_learn(*games, *seed, file, params, start, *min_ply, out)
        }
        SamuelCommand::Diagnose {
            games,
            seed,
            series,
            readings,
            json,
        } => run_diagnose(*games, *seed, readings.params(*series), *json, out),
        SamuelCommand::Strength {
            games,
            seed,
            series,
            readings,
            every,
            match_games,
            match_seed,
            polynomial,
            against,
            plot,
            out: file,
            force,
            json,
        } => {
            let inputs: Vec<&Path> = polynomial
                .as_deref()
                .into_iter()
                .chain(against.as_deref())
                .collect();
            crate::cli::out::check_outputs(&[plot.as_deref(), file.as_deref()], *force, &inputs)?;
            let m = MatchParams {
                games: *match_games,
                seed: *match_seed,
                ..MatchParams::default()
            };
            let s = StrengthRun {
                games: *games,
                seed: *seed,
                params: readings.params(*series),
                every: *every,
                m,
                polynomial: polynomial.as_deref(),
                against: against.as_deref(),
                plot: plot.as_deref(),
                file: file.as_deref(),
                force: *force,
                json: *json,
            };
            run_strength(&s, out)
        }
        SamuelCommand::RoteEffect {
            games,
            match_games,
            seed,
            moves,
            max_age,
            polynomial,
            out: file,
            force,
            json,
        } => {
            let inputs: Vec<&Path> = polynomial.as_deref().into_iter().collect();
            crate::cli::out::check_outputs(&[file.as_deref()], *force, &inputs)?;
            let poly = load_polynomial(polynomial.as_deref())?;
            let p = EffectParams {
                build_games: *games,
                match_games: *match_games,
                seed: *seed,
                max_moves: *moves,
                rote: RoteParams {
                    max_age: *max_age,
                    ..RoteParams::default()
                },
                ..EffectParams::default()
            };
            run_rote_effect(&poly, &p, file.as_deref().map(|f| (f, *force)), *json, out)
        }
        SamuelCommand::Play { you, player } => {
            let mut moves = crate::cli::moves::Moves::open(None)?;
            run_play(you == "black", player, &mut moves, out)
        }
    }
}

/// `terms --json`: every parameter of the position by name, and with `--before` every
/// term by name and the side credited with them.
#[derive(Serialize)]
struct TermsJson {
    squares: &'static str,
    fen: String,
    active: &'static str,
    piece_advantage: i64,
    parameters: BTreeMap<&'static str, i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    terms: Option<BTreeMap<&'static str, i32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    credited_to: Option<&'static str>,
}

fn run_terms(fen: &str, before: Option<&str>, json: bool, out: &mut dyn Write) -> Result<()> {
    let pos = Position::from_fen(fen)?;
    let now = all_parameters(&pos);
    let prev = before.map(Position::from_fen).transpose()?;
    if let Some(p) = &prev {
        if p.to_move == pos.to_move {
            bail!("the position before the last move must have the other side to move");
        }
    }
    let values = prev.map(|p| term_values(&now, &all_parameters(&p)));
    let names = Term::all();
    if json {
        return write_json(
            out,
            &TermsJson {
                squares: "pdn",
                fen: pos.to_fen(),
                active: side_word(pos.to_move),
                piece_advantage: piece_advantage(&pos, pos.to_move),
                parameters: names[..SIMPLE]
                    .iter()
                    .map(|t| (t.name(), now[t.index()]))
                    .collect(),
                terms: values.map(|t| names.iter().map(|x| (x.name(), t[x.index()])).collect()),
                credited_to: values.map(|_| side_word(pos.to_move.opponent())),
            },
        );
    }
    writeln!(
        out,
        "position {} ({} to move: active {}, passive {})",
        pos.to_fen(),
        side_word(pos.to_move),
        side_word(pos.to_move),
        side_word(pos.to_move.opponent())
    )?;
    writeln!(
        out,
        "piece advantage for {}: {}",
        side_word(pos.to_move),
        score_text(piece_advantage(&pos, pos.to_move))
    )?;
    match values {
        None => {
            writeln!(out, "term      parameter")?;
            for t in &names[..SIMPLE] {
                writeln!(out, "{:<8} {:>10}", t.name(), now[t.index()])?;
            }
        }
        Some(v) => {
            writeln!(
                out,
                "term      parameter   term (credited to {})",
                side_word(pos.to_move.opponent())
            )?;
            for t in &names {
                let p = if t.is_connective() {
                    String::new()
                } else {
                    now[t.index()].to_string()
                };
                writeln!(out, "{:<8} {:>10} {:>6}", t.name(), p, v[t.index()])?;
            }
        }
    }
    Ok(())
}

/// `best --json`: the move chosen, its score (in words too), every move's score, the
/// search's counts.
#[derive(Serialize)]
struct BestJson {
    squares: &'static str,
    fen: String,
    best: Option<String>,
    score: i64,
    score_words: String,
    moves: Vec<ScoredJson>,
    nodes: u64,
    evaluations: u64,
    rote_hits: u64,
    depth: u32,
    effective_ply: u32,
    ties: usize,
}

/// A move and its backed-up score.
#[derive(Serialize)]
struct ScoredJson {
    r#move: String,
    score: i64,
}

fn best_report(pos: &Position, r: &SearchResult, json: bool, out: &mut dyn Write) -> Result<()> {
    if json {
        return write_json(
            out,
            &BestJson {
                squares: "pdn",
                fen: pos.to_fen(),
                best: r.best.map(|m| m.pdn()),
                score: r.score,
                score_words: score_text(r.score),
                moves: r
                    .moves
                    .iter()
                    .map(|(m, s)| ScoredJson {
                        r#move: m.pdn(),
                        score: *s,
                    })
                    .collect(),
                nodes: r.nodes,
                evaluations: r.evaluations,
                rote_hits: r.rote_hits,
                depth: r.depth,
                effective_ply: r.effective_ply,
                ties: r.ties,
            },
        );
    }
    let Some(best) = r.best else {
        writeln!(
            out,
            "{} has no move: the game is lost",
            side_word(pos.to_move)
        )?;
        return Ok(());
    };
    for (m, s) in &r.moves {
        writeln!(out, "{:<14} {}", m.pdn(), score_text(*s))?;
    }
    writeln!(
        out,
        "best {} score {}; {} positions, {} scored, {} from the rote memory, deepest ply {}, effective ply {}{}",
        best.pdn(),
        score_text(r.score),
        r.nodes,
        r.evaluations,
        r.rote_hits,
        r.depth,
        r.effective_ply,
        if r.ties > 1 {
            format!("; chosen at random among {} equal moves", r.ties)
        } else {
            String::new()
        }
    )?;
    Ok(())
}

/// A game of the learning series as its line reads ("game N: Alpha black, Alpha won in
/// M moves (...); K adjustments; ..."), and whether Alpha won (0), lost (1) or drew (2).
fn learn_line(g: u32, r: &mark1::reference::samuel::LearnGame) -> (usize, String) {
    let alpha_won = matches!(
        (r.result.outcome, r.alpha),
        (Outcome::Black, Side::Black) | (Outcome::White, Side::White)
    );
    let (k, verdict) = match r.result.outcome {
        Outcome::Draw => (2, "drawn"),
        _ if alpha_won => (0, "Alpha won"),
        _ => (1, "Beta won"),
    };
    let how = if r.result.finished {
        "the loser could not move"
    } else {
        "stopped at 70 moves, judged on material"
    };
    let mut line = format!(
        "game {g}: Alpha {}, {verdict} in {} moves ({how}); {} adjustments",
        side_word(r.alpha),
        r.result.moves,
        r.adjustments
    );
    if !r.replaced.is_empty() {
        let names: Vec<String> = r
            .replaced
            .iter()
            .map(|(a, b)| format!("{} for {}", b.name(), a.name()))
            .collect();
        line += &format!("; terms in: {}", names.join(", "));
    }
    if r.beta_adopted {
        line += "; Beta takes Alpha's polynomial";
    }
    if r.drastic {
        line += "; third black mark: Alpha's leading term zeroed";
    }
    (k, line)
}

fn run_learn(
    games: u32,
    seed: u64,
    file: Option<(&Path, bool)>,
    params: LearnParams,
    start: Learner,
    min_ply: u32,
    out: &mut dyn Write,
) -> Result<()> {
    let t0 = std::time::Instant::now();
    let limits = Limits {
        min_ply,
        ..Limits::default()
    };
    let mut series = Series::starting_from(start, seed, params, limits);
    let start = series.alpha.polynomial();
    let bar = crate::cli::out::progress_bar(
        true,
        u64::from(games),
        "learning [{bar:40}] {pos}/{len} games, {elapsed}",
    );
    // Alpha's games won, lost and drawn.
    let mut tally = [0u32; 3];
    for g in 1..=games {
        let r = series.play_game();
        let (k, line) = learn_line(g, &r);
        tally[k] += 1;
        match &bar {
            Some(b) => b.println(&line),
            None => writeln!(out, "{line}")?,
        }
        if let Some(b) = &bar {
            b.inc(1);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let [won, lost, drawn] = tally;
    let learned = series.alpha.polynomial();
    writeln!(
        out,
        "{games} games in {:.1} s: Alpha won {won}, lost {lost}, drew {drawn}; {} adjustments, {} terms retired; the polynomial {}",
        t0.elapsed().as_secs_f64(),
        series.alpha.adjustments,
        series.alpha.retired,
        if learned == start { "is unchanged" } else { "changed" }
    )?;
    writeln!(out, "Alpha's terms (coefficient, correlation):")?;
    let mut terms = series.alpha.active.clone();
    terms.sort_by(|a, b| b.correlation.total_cmp(&a.correlation));
    for t in &terms {
        writeln!(
            out,
            "  {:<8} {:>8} {:.3}",
            t.term.name(),
            t.coefficient(),
            t.correlation
        )?;
    }
    if let Some((f, force)) = file {
        let text = serde_json::to_string_pretty(&series.alpha.to_json())? + "\n";
        crate::cli::out::write_file(f, text, force)?;
        writeln!(out, "written to {}", f.display())?;
    }
    Ok(())
}

/// What `strength` was asked.
struct StrengthRun<'a> {
    games: u32,
    seed: u64,
    params: LearnParams,
    every: u32,
    m: MatchParams,
    polynomial: Option<&'a Path>,
    against: Option<&'a Path>,
    plot: Option<&'a Path>,
    file: Option<&'a Path>,
    force: bool,
    json: bool,
}

/// `strength --json`: the learning's settings (absent when a file was measured), the
/// match's seed, the opponent and the points.
#[derive(Serialize)]
struct StrengthJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    learning: Option<LearningJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    polynomial: Option<String>,
    match_seed: u64,
    against: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    alpha_first_28: Option<[u32; 3]>,
    points: &'a [CurvePoint],
}

/// The learning's settings in `strength --json`.
#[derive(Serialize)]
struct LearningJson {
    series: u8,
    seed: u64,
    powers: &'static str,
    correlation: &'static str,
    adopt: &'static str,
    without: Vec<&'static str>,
}

impl LearningJson {
    fn of(params: &LearnParams, seed: u64) -> LearningJson {
        let w = params.without;
        LearningJson {
            series: params.series,
            seed,
            powers: params.powers.name(),
            correlation: params.correlation.name(),
            adopt: params.adoption.name(),
            without: [
                (w.selective, "selective"),
                (w.span, "span"),
                (w.quiet, "quiet"),
                (w.majority, "majority"),
            ]
            .into_iter()
            .filter(|&(on, _)| on && params.series == 2)
            .map(|(_, name)| name)
            .collect(),
        }
    }
}

/// A match's line: won, lost, drawn, the score and its interval.
fn match_line(r: &MatchReport) -> String {
    format!(
        "won {}, lost {}, drew {} of {}: score {:.3} (95 % interval {:.3}-{:.3}); {} finished, the rest stopped at 70 moves",
        r.won, r.lost, r.drawn, r.games, r.score, r.interval[0], r.interval[1], r.finished
    )
}

fn run_strength(s: &StrengthRun, out: &mut dyn Write) -> Result<()> {
    let t0 = std::time::Instant::now();
    let unlearned = Learner::default().polynomial();
    let against = match s.against {
        Some(p) => load_polynomial(Some(p))?,
        None => unlearned,
    };
    let against_name = s
        .against
        .map_or("the unlearned polynomial".to_string(), |p| {
            p.display().to_string()
        });
    if let Some(p) = s.polynomial {
        let poly = load_polynomial(Some(p))?;
        let r = strength::paired_match(&poly, &against, &s.m);
        if s.json {
            return write_json(
                out,
                &StrengthJson {
                    learning: None,
                    polynomial: Some(p.display().to_string()),
                    match_seed: s.m.seed,
                    against: against_name,
                    alpha_first_28: None,
                    points: &[CurvePoint {
                        games: 0,
                        alpha_record: [0; 3],
                        measured: r,
                    }],
                },
            );
        }
        writeln!(
            out,
            "{} against {against_name}: {}",
            p.display(),
            match_line(&r)
        )?;
        writeln!(out, "{:.1} s", t0.elapsed().as_secs_f64())?;
        return Ok(());
    }
    let bar = crate::cli::out::progress_bar(
        true,
        u64::from(s.games),
        "learning and measuring [{bar:40}] {pos}/{len} games, {elapsed}",
    );
    let c = strength::CurveParams {
        games: s.games,
        seed: s.seed,
        params: s.params,
        limits: Limits::default(),
        every: s.every,
        against,
        m: s.m,
    };
    let mut failed = None;
    let curve = strength::learning_curve(
        &c,
        &mut |_| {
            if let Some(b) = &bar {
                b.inc(1);
            }
        },
        &mut |p| {
            let [w, l, d] = p.alpha_record;
            let line = format!(
                "after {} games (Alpha {w}-{l}-{d}): {}",
                p.games,
                match_line(&p.measured)
            );
            if s.json {
                return;
            }
            match &bar {
                Some(b) => b.println(&line),
                None => {
                    if let Err(e) = writeln!(out, "{line}") {
                        failed.get_or_insert(e);
                    }
                }
            }
        },
    );
    if let Some(e) = failed {
        return Err(e.into());
    }
    let points = curve.points;
    let first28 = curve.first28;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(f) = s.file {
        let text = serde_json::to_string_pretty(&curve.learned.to_json())? + "\n";
        crate::cli::out::write_file(f, text, s.force)?;
    }
    if let Some(f) = s.plot {
        let title = format!(
            "Samuel's series {} (seed {}, powers {}): learned against unlearned",
            s.params.series,
            s.seed,
            s.params.powers.name()
        );
        let line = |name: &str, of: fn(&MatchReport) -> f64| mark1::render::curve::Series {
            name: name.into(),
            points: points
                .iter()
                .map(|p| (f64::from(p.games), of(&p.measured)))
                .collect(),
        };
        let curves = [
            line("score", |r| r.score),
            line("95 % interval, low", |r| r.interval[0]),
            line("95 % interval, high", |r| r.interval[1]),
            mark1::render::curve::Series {
                name: "even".into(),
                points: vec![(0.0, 0.5), (f64::from(s.games), 0.5)],
            },
        ];
        let png = mark1::render::curve::curve_png(
            &title,
            "learning games",
            &format!("score over {} games", s.m.games),
            f64::from(s.games),
            &curves,
            (900, 520),
        )?;
        crate::cli::out::write_file(f, png, s.force)?;
    }
    let shown28 = (s.games >= 28).then_some(first28);
    if s.json {
        return write_json(
            out,
            &StrengthJson {
                learning: Some(LearningJson::of(&s.params, s.seed)),
                polynomial: None,
                match_seed: s.m.seed,
                against: against_name,
                alpha_first_28: shown28,
                points: &points,
            },
        );
    }
    if let Some([w, l, d]) = shown28 {
        writeln!(
            out,
            "Alpha in the first 28 games: won {w}, lost {l}, drew {d} (Samuel's second series: 18, 4, 6; his first: 16, 12)"
        )?;
    }
    if let Some(p) = points.last() {
        writeln!(
            out,
            "learned after {} games against {against_name}: {}",
            p.games,
            match_line(&p.measured)
        )?;
    }
    for (what, f) in [("polynomial", s.file), ("learning curve", s.plot)] {
        if let Some(f) = f {
            writeln!(out, "{what} written to {}", f.display())?;
        }
    }
    writeln!(out, "{:.1} s", t0.elapsed().as_secs_f64())?;
    Ok(())
}

fn run_diagnose(
    games: u32,
    seed: u64,
    params: LearnParams,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let d = mark1::reference::samuel::diagnose::diagnose(games, seed, params, Limits::default());
    if json {
        return write_json(out, &d);
    }
    let pct = |a: u32, b: u32| {
        if b == 0 {
            0.0
        } else {
            100.0 * f64::from(a) / f64::from(b)
        }
    };
    let [w, l, dr] = d.alpha_record;
    writeln!(
        out,
        "{} games of series {}, seed {seed}: Alpha won {w}, lost {l}, drew {dr}; {} Alpha positions",
        d.games, d.series, d.positions
    )?;
    writeln!(
        out,
        "learned and unlearned polynomials choose different moves: {} of {} positions ({:.1}%)",
        d.learned_differs,
        d.positions,
        pct(d.learned_differs, d.positions)
    )?;
    writeln!(
        out,
        "material alone decides the move: {} ({:.1}%); positional terms break a material tie: {} ({:.1}%); positional terms outweigh material: {} ({:.1}%)",
        d.material_decides,
        pct(d.material_decides, d.positions),
        d.positional_breaks_tie,
        pct(d.positional_breaks_tie, d.positions),
        d.positional_overrides,
        pct(d.positional_overrides, d.positions)
    )?;
    let q = d.delta_quantiles_men;
    writeln!(
        out,
        "delta: {} computed, {} past the minimum ({:.1}%), {} positive; |delta| in men at 10/25/50/75/90%: {} {} {} {} {}",
        d.deltas,
        d.deltas_past_minimum,
        pct(d.deltas_past_minimum, d.deltas),
        d.deltas_positive,
        q[0],
        q[1],
        q[2],
        q[3],
        q[4]
    )?;
    writeln!(
        out,
        "corrections: {} ({} doubled for a material change, {} quadrupled for a sure win or loss)",
        d.corrections[0], d.corrections[1], d.corrections[2]
    )?;
    let (a, n) = d.corrections_agreeing;
    writeln!(
        out,
        "term corrections in the direction the game's outcome says: {a} of {n} ({:.1}%)",
        pct(a, n)
    )?;
    writeln!(
        out,
        "terms (outcome correlation of the value credited to Alpha; net correction of sign x C; corrections; positions non-zero):"
    )?;
    let mut agree = (0, 0);
    for t in &d.terms {
        let both = t.outcome_correlation != 0.0 && t.net_correction != 0.0;
        let same = t.outcome_correlation.signum() == t.net_correction.signum();
        if both {
            agree.1 += 1;
            if same {
                agree.0 += 1;
            }
        }
        writeln!(
            out,
            "  {:<8} {:+.3} {:+.3} {:>5} {:>5}{}",
            t.name,
            t.outcome_correlation,
            t.net_correction,
            t.corrections,
            t.nonzero,
            if !both {
                ""
            } else if same {
                "  same direction"
            } else {
                "  opposite"
            }
        )?;
    }
    writeln!(
        out,
        "terms whose net correction has the sign of their outcome correlation: {} of {}",
        agree.0, agree.1
    )?;
    writeln!(out, "checks:")?;
    for c in &d.checks {
        writeln!(out, "  {c}")?;
    }
    Ok(())
}

fn run_play(
    you_black: bool,
    player: &PlayerArgs,
    input: &mut crate::cli::moves::Moves,
    out: &mut dyn Write,
) -> Result<()> {
    let mut e = player.engine()?;
    let you = if you_black { Side::Black } else { Side::White };
    let mut pos = Position::start();
    let mut moves = 0;
    writeln!(
        out,
        "You play {}; squares are PDN 1-32 (Black starts on 1-12). Moves like 11-15 or 15x24; quit to stop.",
        side_word(you)
    )?;
    loop {
        writeln!(out, "{pos}")?;
        if legal_moves(&pos).is_empty() {
            let w = if pos.to_move == you {
                "Samuel's player wins"
            } else {
                "You win"
            };
            writeln!(out, "{} cannot move: {w}.", side_word(pos.to_move))?;
            break;
        }
        if moves >= 70 {
            writeln!(out, "70 moves: stopped (Samuel stopped his games there).")?;
            break;
        }
        if pos.to_move == you {
            let Some(line) = input.next_line("your move> ", out)? else {
                break;
            };
            let t = line.text.as_str();
            if t == "quit" {
                break;
            }
            match find_move(&pos, t, false) {
                Ok(m) => {
                    pos = apply(&pos, &m);
                    moves += 1;
                }
                Err(e) => {
                    let legal: Vec<String> = legal_moves(&pos).iter().map(|m| m.pdn()).collect();
                    writeln!(out, "{e}; legal: {}", legal.join(" "))?;
                }
            }
        } else {
            let r = e.search(&pos);
            let Some(m) = r.best else { continue };
            writeln!(
                out,
                "Samuel's player: {} (score {}, {} positions)",
                m.pdn(),
                score_text(r.score),
                r.nodes
            )?;
            if let Some(rt) = e.rote.as_mut() {
                rt.save(&pos, r.score, r.effective_ply);
                rt.moved();
            }
            pos = apply(&pos, &m);
            moves += 1;
        }
    }
    if let (Some(rt), Some(p)) = (&e.rote, &player.rote) {
        // The rote memory is read and written back: replaced atomically, its mode kept.
        crate::cli::out::write_file(p, serde_json::to_string(&rt.to_json())? + "\n", true)?;
        writeln!(
            out,
            "rote memory: {} positions, written to {}",
            rt.map.len(),
            p.display()
        )?;
    }
    Ok(())
}

/// `rote-effect --json`: the settings, the memory built, the match and the openings.
#[derive(Serialize)]
struct RoteEffectJson {
    squares: &'static str,
    build_games: u32,
    match_games: u32,
    seed: u64,
    max_moves: u32,
    memory: MemoryJson,
    won: u32,
    lost: u32,
    drawn: u32,
    score: f64,
    interval_95: [f64; 2],
    finished_games: usize,
    control: ControlJson,
    effect: f64,
    effect_interval_95: [f64; 2],
    bands: Vec<BandJson>,
    conversions: BTreeMap<&'static str, ConversionsJson>,
    opening_line: BTreeMap<&'static str, Vec<String>>,
    replies: Vec<ReplyJson>,
    games: Vec<EffectGameJson>,
    seconds: f64,
}

/// The same match with an empty memory: the player against itself.
#[derive(Serialize)]
struct ControlJson {
    won: u32,
    lost: u32,
    drawn: u32,
    score: f64,
    interval_95: [f64; 2],
}

#[derive(Serialize)]
struct MemoryJson {
    saved: u64,
    positions: usize,
    build_searches: u64,
    build_searches_with_hits: u64,
}

#[derive(Serialize)]
struct BandJson {
    first_move: u32,
    last_move: Option<u32>,
    rote_searches: u64,
    rote_searches_with_hits: u64,
    rote_mean_effective_ply: f64,
    plain_searches: u64,
    plain_mean_effective_ply: f64,
}

#[derive(Serialize)]
struct ConversionsJson {
    ahead: u32,
    won_outright: u32,
    won_on_material: u32,
    drawn: u32,
    lost: u32,
    mean_moves_outright: Option<f64>,
}

#[derive(Serialize)]
struct ReplyJson {
    first: String,
    reply_with_memory: String,
    effective_ply_with_memory: u32,
    reply_without: String,
    effective_ply_without: u32,
}

#[derive(Serialize)]
struct EffectGameJson {
    rote_side: &'static str,
    result: &'static str,
    finished: bool,
    moves: String,
}

fn mean(sum: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        ((sum as f64 / n as f64) * 100.0).round() / 100.0
    }
}

fn conversions_json(c: &Conversions) -> ConversionsJson {
    ConversionsJson {
        ahead: c.ahead,
        won_outright: c.won_outright,
        won_on_material: c.won_on_material,
        drawn: c.drawn,
        lost: c.lost,
        mean_moves_outright: (c.won_outright > 0)
            .then(|| mean(c.outright_moves, u64::from(c.won_outright))),
    }
}

fn run_rote_effect(
    poly: &Polynomial,
    p: &EffectParams,
    file: Option<(&Path, bool)>,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let t0 = std::time::Instant::now();
    let (memory, built) = rote_effect::build(poly, p);
    if let Some((f, force)) = file {
        crate::cli::out::write_file(f, serde_json::to_string(&memory.to_json())? + "\n", force)?;
    }
    let m = rote_effect::play_match(poly, &memory, p);
    let control = rote_effect::play_match(poly, &Rote::new(p.rote), p);
    let (effect, effect_interval) = rote_effect::paired_difference(&m, &control);
    let line_with = rote_effect::opening_line(poly, Some(&memory), &p.limits, 8, p.seed);
    let line_without = rote_effect::opening_line(poly, None, &p.limits, 8, p.seed);
    let with = rote_effect::replies(poly, Some(&memory), &p.limits, p.seed);
    let without = rote_effect::replies(poly, None, &p.limits, p.seed);
    let finished = m.games.iter().filter(|g| g.finished).count();
    let bands: Vec<BandJson> = BANDS
        .iter()
        .zip(m.rote_bands.iter().zip(&m.plain_bands))
        .map(
            |(&(a, b), (r, q)): (&(u32, u32), (&Band, &Band))| BandJson {
                first_move: a,
                last_move: (b != u32::MAX).then_some(b),
                rote_searches: r.searches,
                rote_searches_with_hits: r.with_hits,
                rote_mean_effective_ply: mean(r.effective_ply, r.searches),
                plain_searches: q.searches,
                plain_mean_effective_ply: mean(q.effective_ply, q.searches),
            },
        )
        .collect();
    let replies: Vec<ReplyJson> = with
        .iter()
        .zip(&without)
        .map(|(w, o)| ReplyJson {
            first: w.0.clone(),
            reply_with_memory: w.1.clone(),
            effective_ply_with_memory: w.2,
            reply_without: o.1.clone(),
            effective_ply_without: o.2,
        })
        .collect();
    let round4 = |x: f64| (x * 1e4).round() / 1e4;
    if json {
        return write_json(
            out,
            &RoteEffectJson {
                squares: "pdn",
                build_games: p.build_games,
                match_games: p.match_games,
                seed: p.seed,
                max_moves: p.max_moves,
                memory: MemoryJson {
                    saved: built.saved,
                    positions: built.positions,
                    build_searches: built.searches,
                    build_searches_with_hits: built.searches_with_hits,
                },
                won: m.won,
                lost: m.lost,
                drawn: m.drawn,
                score: round4(m.score),
                interval_95: [round4(m.interval[0]), round4(m.interval[1])],
                finished_games: finished,
                control: ControlJson {
                    won: control.won,
                    lost: control.lost,
                    drawn: control.drawn,
                    score: round4(control.score),
                    interval_95: [round4(control.interval[0]), round4(control.interval[1])],
                },
                effect: round4(effect),
                effect_interval_95: [round4(effect_interval[0]), round4(effect_interval[1])],
                bands,
                conversions: [
                    ("with_memory", conversions_json(&m.rote_conversions)),
                    ("without", conversions_json(&m.plain_conversions)),
                ]
                .into_iter()
                .collect(),
                opening_line: [
                    ("with_memory", line_with.clone()),
                    ("without", line_without.clone()),
                ]
                .into_iter()
                .collect(),
                replies,
                games: m
                    .games
                    .iter()
                    .map(|g| EffectGameJson {
                        rote_side: side_word(g.rote_side),
                        result: match g.rote_score() {
                            x if x > 0.75 => "won",
                            x if x < 0.25 => "lost",
                            _ => "drawn",
                        },
                        finished: g.finished,
                        moves: g.record.join(" "),
                    })
                    .collect(),
                seconds: (t0.elapsed().as_secs_f64() * 10.0).round() / 10.0,
            },
        );
    }
    writeln!(
        out,
        "memory: {} games of self-play, {} positions saved, {} kept (forgetting and culling); {} of {} searches found a position in it",
        p.build_games, built.saved, built.positions, built.searches_with_hits, built.searches
    )?;
    if let Some((f, _)) = file {
        writeln!(out, "memory written to {}", f.display())?;
    }
    writeln!(
        out,
        "match, {} games (two-move openings drawn with seed {}, colours alternated, stopped at {} moves): with the memory won {}, lost {}, drew {}; score {:.3} (95 % interval {:.3} to {:.3}); {} games finished before the limit",
        m.games.len(),
        p.seed,
        p.max_moves,
        m.won,
        m.lost,
        m.drawn,
        m.score,
        m.interval[0],
        m.interval[1],
        finished
    )?;
    writeln!(
        out,
        "control, the same match with an empty memory (the player against itself): won {}, lost {}, drew {}; score {:.3} (95 % interval {:.3} to {:.3})",
        control.won, control.lost, control.drawn, control.score, control.interval[0], control.interval[1]
    )?;
    writeln!(
        out,
        "the memory's effect, its score less the control's game by game: {:+.3} (95 % interval {:+.3} to {:+.3})",
        effect, effect_interval[0], effect_interval[1]
    )?;
    writeln!(
        out,
        "moves      searches with a position from the memory   mean effective ply: with   without"
    )?;
    for b in &bands {
        let range = match b.last_move {
            Some(l) => format!("{}-{}", b.first_move, l),
            None => format!("{}-", b.first_move),
        };
        writeln!(
            out,
            "{:<10} {:>5} of {:<5} {:>38.2} {:>9.2}",
            range,
            b.rote_searches_with_hits,
            b.rote_searches,
            b.rote_mean_effective_ply,
            b.plain_mean_effective_ply
        )?;
    }
    writeln!(
        out,
        "end games (a side ahead by a man or more in two successive positions): ahead, won outright (mean moves), won on material at the limit, drawn, lost"
    )?;
    for (name, c) in [
        ("with the memory", &m.rote_conversions),
        ("without", &m.plain_conversions),
    ] {
        let mm = if c.won_outright > 0 {
            format!(
                " ({:.1})",
                mean(c.outright_moves, u64::from(c.won_outright))
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "  {name:<16} {}, {}{mm}, {}, {}, {}",
            c.ahead, c.won_outright, c.won_on_material, c.drawn, c.lost
        )?;
    }
    writeln!(out, "opening line, the player on both sides:")?;
    writeln!(out, "  with the memory: {}", line_with.join(" "))?;
    writeln!(out, "  without:         {}", line_without.join(" "))?;
    writeln!(
        out,
        "White's reply to each first move: with the memory (effective ply), without (effective ply)"
    )?;
    for r in &replies {
        writeln!(
            out,
            "  {:<6} {:<6} ({:>2})   {:<6} ({:>2}){}",
            r.first,
            r.reply_with_memory,
            r.effective_ply_with_memory,
            r.reply_without,
            r.effective_ply_without,
            if r.reply_with_memory != r.reply_without {
                "  differs"
            } else {
                ""
            }
        )?;
    }
    writeln!(out, "{:.1} s", t0.elapsed().as_secs_f64())?;
    Ok(())
}
