//! `mark1 draughts`: Strachey's draughts on the emulated machine: a game, one think,
//! the cross-check, the 1952 game's positions, the timing table. The flags are wired to
//! [`mark1::games::draughts`]; the work and the words are there.

use crate::cli::out::write_json;
use anyhow::{bail, Result};
use mark1::games::draughts as d;
use mark1::reference::draughts::{Position, START_FEN};
use serde::Serialize;
use std::io::Write;

/// The arguments of `mark1 draughts`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("mode").args(["think", "check", "replay_1952", "timing"])))]
pub struct DraughtsArgs {
    /// Think: the position (PDN FEN); the start position by default. A game always
    /// starts from the opening position.
    #[arg(long)]
    fen: Option<String>,
    /// Strachey's strategy: 1 (every line to the look-ahead) or 2 (until two moves
    /// running take nothing).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    strategy: u8,
    /// Plies of look-ahead (strategy 2: the most); Strachey's 3 (strategy 1) or 4
    /// (strategy 2) by default.
    #[arg(long)]
    plies: Option<u32>,
    /// A king's value in eighths of a man; 24 (strategy 1) or 20, Strachey's 2 1/2
    /// (strategy 2), by default; Faster than Thought's 2 7/8 is 23.
    #[arg(long)]
    king: Option<i32>,
    /// Cross-check N generated positions against the reference engine (squares are
    /// Strachey's 0-31).
    /// At most 1,000,000 (the bound of every `--check`).
    #[arg(long, conflicts_with = "pdn_squares", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    check: Option<u64>,
    /// Seed of the position generator and of the /W generator.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
    /// Worker threads for --check (positions run in parallel) (1 or more); all cores by default. The result is the
    /// same for any number.
    #[arg(long, value_parser = crate::cli::parse_threads)]
    threads: Option<usize>,
    /// Print the result as JSON: standard output holds one JSON value (a game's
    /// progress goes to standard error).
    #[arg(long)]
    json: bool,
    /// Value one position (the program's think) instead of playing a game.
    #[arg(long)]
    think: bool,
    /// Think or play: write where the think's (or the whole game's) time went, routine by
    /// routine and line by line, to FILE (JSON if it ends in `.json`; docs/profiler.md).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["check", "replay_1952", "timing"])]
    profile: Option<std::path::PathBuf>,
    /// Play: who wins the toss and plays Black, moving first (the machine by default).
    #[arg(long, value_enum, conflicts_with = "mode")]
    first: Option<FirstArg>,
    /// Play: the opponent's moves from FILE, one a line (`23-18`, `12x21`; `#` comments),
    /// instead of the terminal.
    #[arg(long, conflicts_with = "mode")]
    script: Option<std::path::PathBuf>,
    /// Play: the opponent is the driver, playing the first legal move (`first`), a seeded
    /// random one (`random`), or the reference engine's choice under strategy 2 with six
    /// plies (`best`): for trying the program out; the program itself gets only the keys.
    #[arg(long, value_enum, conflicts_with_all = ["mode", "script"])]
    opponent: Option<OpponentArg>,
    /// Play and think: every square typed and shown (text and JSON) in PDN squares
    /// 1-32 instead of Strachey's 0-31; the paper stays as the program printed it.
    #[arg(long)]
    pdn_squares: bool,
    /// Play: write the game as PDN to OUT.
    #[arg(long, conflicts_with = "mode")]
    pdn: Option<std::path::PathBuf>,
    /// Replace --pdn and --profile files that exist (without it an existing file is
    /// refused before the game or the think).
    #[arg(long)]
    force: bool,
    /// Replay the machine's 34 moves of Strachey's 1952 game (Faster than Thought): for
    /// each, the program thinks on the position before it; is the recorded move among
    /// its best? The last line reads `agreement: K/34` (squares are Strachey's 0-31).
    #[arg(long, conflicts_with = "pdn_squares")]
    replay_1952: bool,
    /// The timing table: thinks on the 34 positions of the 1952 game at 1-4 plies under
    /// strategy 1 and under strategy 2: moves considered per simulated second, simulated
    /// time a machine move (Strachey: about ten moves a second; three plies, one to two
    /// minutes). The settings are the table's own: `--strategy`, `--plies` and `--king`
    /// are refused with it.
    #[arg(long, conflicts_with_all = ["pdn_squares", "strategy", "plies", "king"])]
    timing: bool,
}

/// Who wins the toss.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum FirstArg {
    /// The machine plays Black and moves first.
    Machine,
    /// You (or the opponent the flags choose) play Black and move first.
    Human,
}

/// The driver as the opponent.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum OpponentArg {
    /// The first legal move, in Strachey's order.
    First,
    /// A legal move chosen at random (seeded by --seed).
    Random,
    /// The reference engine's choice, strategy 2 with six plies.
    Best,
}

/// Runs `mark1 draughts`: the timing table, the replay, the cross-check, a think, or a
/// game, as the flags say.
pub fn run(a: DraughtsArgs) -> Result<()> {
    let params = d::Params {
        strategy: a.strategy,
        plies: a.plies.unwrap_or(if a.strategy == 1 { 3 } else { 4 }),
        king: a.king.unwrap_or(if a.strategy == 1 { 24 } else { 20 }),
    };
    if a.fen.is_some() && !a.think {
        bail!("--fen is for --think: a game starts from the opening position, as the program's always did");
    }
    let inputs: Vec<&std::path::Path> = a.script.as_deref().into_iter().collect();
    super::out::check_outputs(&[a.pdn.as_deref(), a.profile.as_deref()], a.force, &inputs)?;
    if a.timing {
        return timing(&a);
    }
    if a.replay_1952 {
        return replay(&a, &params);
    }
    if let Some(n) = a.check.map(|n| n as usize) {
        return check(&a, &params, n);
    }
    if a.think {
        return think(&a, &params);
    }
    play(&a, &params)
}

/// `--timing --json`: the rows of the table and the table as text.
#[derive(Serialize)]
struct TimingJson<'a> {
    squares: &'static str,
    rows: &'a [d::TimingRow],
    text: String,
}

/// `--think --json`: the think's own JSON ([`d::Think::json`]) and the differences
/// from the reference engine beside its keys.
#[derive(Serialize)]
struct ThinkJson<'a> {
    #[serde(flatten)]
    think: serde_json::Value,
    differences: &'a [String],
}

/// A game's `--json`: the game's own JSON and its summary (the text printed without
/// `--json`) beside its keys.
#[derive(Serialize)]
struct GameJson<'a> {
    #[serde(flatten)]
    game: serde_json::Value,
    summary: &'a str,
}

/// `--timing`: the table at strategy 1 with 1-4 plies and strategy 2 with 4.
fn timing(a: &DraughtsArgs) -> Result<()> {
    let out = &mut super::out::stdout();
    let mut settings: Vec<d::Params> = (1..=4).map(d::Params::strategy1).collect();
    settings.push(d::Params::strategy2(4, 20));
    let rows = d::timing_table(&d::positions_1952(), &settings, a.seed)?;
    if a.json {
        write_json(
            out,
            &TimingJson {
                squares: d::Squares::Strachey.key(),
                rows: &rows,
                text: d::timing_text(&rows),
            },
        )?;
    } else {
        write!(out, "{}", d::timing_text(&rows))?;
    }
    Ok(())
}

/// `--replay-1952`: a line a machine move, then the agreement.
fn replay(a: &DraughtsArgs, params: &d::Params) -> Result<()> {
    let out = &mut super::out::stdout();
    let rep = d::replay_1952(params, a.seed)?;
    if a.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&d::replay_json(params, &rep))?
        )?;
        return Ok(());
    }
    writeln!(out,
        "Strachey's 1952 game, the machine's moves (Strachey's squares 0-31), strategy {} ({} plies, king {}/8):",
        params.strategy, params.plies, params.king
    )?;
    for m in &rep {
        writeln!(out, "{m}")?;
    }
    writeln!(
        out,
        "agreement: {}/{}",
        rep.iter().filter(|m| m.agrees).count(),
        rep.len()
    )?;
    Ok(())
}

/// `--check N`: the differences, the summary; an error if there were any.
fn check(a: &DraughtsArgs, params: &d::Params, n: usize) -> Result<()> {
    let out = &mut super::out::stdout();
    let positions = d::check_positions(n, a.seed as u32);
    let report = super::with_threads(a.threads, || d::cross_check(&positions, params, a.seed))??;
    if a.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&report.json(params))?
        )?;
    } else {
        for (i, fen, what) in &report.differences {
            writeln!(out, "{}: {fen}: {what}", i + 1)?;
        }
        write!(out, "{}", report.summary(params))?;
    }
    if !report.differences.is_empty() {
        bail!("the emulated program and the reference engine differ");
    }
    Ok(())
}

/// `--think` (or a position other than the start): one think, then any difference
/// from the reference engine (in the JSON's `differences` with `--json`).
fn think(a: &DraughtsArgs, params: &d::Params) -> Result<()> {
    let out = &mut super::out::stdout();
    let pos = Position::from_fen(a.fen.as_deref().unwrap_or(START_FEN))?;
    let sq = d::Squares::pdn_if(a.pdn_squares);
    let asm = d::assemble()?;
    let emu = match &a.profile {
        None => d::think(&asm, &pos, params, a.seed)?,
        Some(path) => {
            let (emu, p) = d::think_profiled(&asm, &pos, params, a.seed)?;
            super::save_profile(
                path,
                &p,
                &mark1::profile::Symbols::from_assembly(&asm),
                a.force,
            )?;
            emu
        }
    };
    let differences = d::compare_in(&pos, params, &emu, sq);
    if a.json {
        write_json(
            out,
            &ThinkJson {
                think: emu.json(sq),
                differences: &differences,
            },
        )?;
    } else {
        write!(out, "{}", emu.text(sq))?;
        for line in differences {
            writeln!(out, "difference: {line}")?;
        }
    }
    Ok(())
}

/// A game: the opponent the flags choose (the driver, a script, or the terminal),
/// watched on standard output (standard error with `--json`); then the game's summary,
/// the PDN file, the JSON (with the summary in it).
fn play(a: &DraughtsArgs, params: &d::Params) -> Result<()> {
    let script = match &a.script {
        Some(f) => Some(super::moves::read_script(f)?),
        None => None,
    };
    let interactive = script.is_none() && a.opponent.is_none();
    let pdn = a.pdn_squares;
    let json = a.json;
    let out = move || -> Box<dyn Write> {
        if json {
            Box::new(std::io::stderr())
        } else {
            Box::new(crate::cli::out::stdout())
        }
    };
    let mut inner: Box<dyn d::Opponent> = match (a.opponent, script) {
        (Some(OpponentArg::First), _) => Box::new(d::FirstLegal),
        (Some(OpponentArg::Random), _) => Box::new(d::RandomMove::new(a.seed)),
        (Some(OpponentArg::Best), _) => Box::new(d::Best::new(a.seed)),
        (None, Some(text)) => Box::new(d::Script::new(&text, pdn, out())),
        (None, None) => Box::new(d::Terminal::new(std::io::stdin().lock(), out(), pdn)),
    };
    let mut watched = d::Watched::new(inner.as_mut(), out(), interactive, pdn);
    if interactive {
        write!(out(), "{}", d::introduction(pdn))?;
    }
    let first = match a.first.unwrap_or(FirstArg::Machine) {
        FirstArg::Machine => d::First::Machine,
        FirstArg::Human => d::First::Human,
    };
    let sq = d::Squares::pdn_if(pdn);
    let asm = d::assemble()?;
    let rep = d::play_against(
        &asm,
        params,
        a.seed,
        first,
        &mut watched,
        sq,
        a.profile.is_some(),
    )?;
    if let (Some(path), Some(p)) = (&a.profile, &rep.profile) {
        super::save_profile(
            path,
            p,
            &mark1::profile::Symbols::from_assembly(&asm),
            a.force,
        )?;
    }
    let summary = rep.summary(params, sq);
    writeln!(out(), "{}", watched.unshown(&rep.paper))?;
    if let Some(f) = &a.pdn {
        super::out::write_file(f, rep.pdn(first, params), a.force)?;
    }
    if json {
        write_json(
            &mut super::out::stdout(),
            &GameJson {
                game: rep.json(sq),
                summary: &summary,
            },
        )?;
    } else {
        write!(super::out::stdout(), "{summary}")?;
    }
    Ok(())
}
