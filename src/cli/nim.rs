//! `mark1 nim`: the nim programme of Faster than Thought on the emulated machine: one
//! move (`--think`), the comparison with the reference (`--check N`) and a game against
//! it (the default, or `--play`: the moves from a script or the terminal). The flags are
//! wired to [`mark1::games::nim`]; the work and the words are there.

use super::moves::Moves;
use anyhow::{bail, Result};
use mark1::games::nim as g;
use mark1::games::nim::game::{self as gg, Entry};
use mark1::reference::nim::{self as rn, Rule};
use std::io::Write;

/// The arguments of `mark1 nim`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("mode").args(["think", "check", "play"])))]
pub struct NimArgs {
    /// The heaps, matches in each from heap A on, e.g. 7,4,5,2 (2 to 8 heaps of 0-31);
    /// 3,4,5 by default (1,3,5,7 with --nimrod).
    #[arg(long)]
    heaps: Option<String>,
    /// k: the most heaps one move may alter (1 to N-1; FtT's "multiple game").
    #[arg(long, default_value_t = 1)]
    k: usize,
    /// misere (taking the last match loses, FtT's default) or normal (it wins).
    #[arg(long, default_value = "misere")]
    rule: String,
    /// Nimrod's limits (1951): four heaps of at most seven matches, k = 1 (the heaps
    /// default to 1,3,5,7).
    #[arg(long)]
    nimrod: bool,
    /// One move of the programme on the heaps.
    #[arg(long)]
    think: bool,
    /// Think: write where the move's time went, routine by routine and line by line, to
    /// FILE (JSON if it ends in `.json`; docs/profiler.md).
    #[arg(long, value_name = "FILE", requires = "think")]
    profile: Option<std::path::PathBuf>,
    /// Compare the programme with the reference on N random positions (all k, both
    /// rules); the last line is `N positions, D differences`.
    /// At most 1,000,000 (the bound of every `--check`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    check: Option<u64>,
    /// Worker threads for --check (positions run in parallel) (1 or more); all cores by default. The result is the
    /// same for any number.
    #[arg(long, value_parser = crate::cli::parse_threads)]
    threads: Option<usize>,
    /// Play a game against the programme (what `mark1 nim` does without --think or
    /// --check): the paper as it comes, your moves as `B:2` (heap letter : matches
    /// taken) or `B:2,D:1` (k > 1), from --script or the terminal.
    #[arg(long)]
    play: bool,
    /// Who moves first in a game: machine or human.
    #[arg(long, default_value = "machine", conflicts_with_all = ["think", "check"])]
    first: String,
    /// Your moves for a game, one a line (`B:2` or `B:2,D:1`; `#` starts a comment).
    #[arg(long, conflicts_with_all = ["think", "check"])]
    script: Option<std::path::PathBuf>,
    /// The most beats a game may take (the machine is stopped there).
    #[arg(long, default_value_t = 2_000_000_000)]
    beats: u64,
    /// Seed of the position generator and of the /W generator.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Replace a --profile file that exists (without it an existing file is refused
    /// before the think).
    #[arg(long)]
    force: bool,
}

/// The heaps and k, with Nimrod's limits if asked for.
fn position(a: &NimArgs) -> Result<(Vec<u8>, usize)> {
    if a.nimrod {
        let text = a.heaps.as_deref().unwrap_or("1,3,5,7");
        let heaps = rn::parse_heaps(text)?;
        if heaps.len() != rn::NIMROD_HEAPS || heaps.iter().any(|&h| h > rn::NIMROD_MATCHES) {
            bail!("Nimrod plays four heaps of at most seven matches; {text} is not one");
        }
        if a.k != 1 {
            bail!("Nimrod plays k = 1 (one heap a move)");
        }
        return Ok((heaps, 1));
    }
    let heaps = rn::parse_heaps(a.heaps.as_deref().unwrap_or("3,4,5"))?;
    rn::validate(&heaps, a.k)?;
    Ok((heaps, a.k))
}

/// `--check N --json`: the positions compared, the differences, how many positions the
/// programme met as safe (its random move), the beats.
#[derive(serde::Serialize)]
struct CheckJson {
    positions: usize,
    differences: usize,
    random: usize,
    beats: u64,
}

/// Runs `mark1 nim`.
pub fn run(a: NimArgs) -> Result<()> {
    super::out::check_outputs(&[a.profile.as_deref()], a.force, &[])?;
    let out = &mut super::out::stdout();
    if let Some(n) = a.check.map(|n| n as usize) {
        let seed = a.seed;
        let r = super::with_threads(a.threads, || g::check(n, seed))??;
        if a.json {
            // One line (the other JSON of `mark1 nim` is indented).
            writeln!(
                out,
                "{}",
                serde_json::to_value(CheckJson {
                    positions: r.positions,
                    differences: r.count,
                    random: r.random,
                    beats: r.beats,
                })?
            )?;
        } else {
            write!(out, "{}", r.text())?;
        }
        if r.count > 0 {
            bail!("{} differences from the reference", r.count);
        }
        return Ok(());
    }
    let rule: Rule = a.rule.parse()?;
    let (heaps, k) = position(&a)?;
    if !a.think {
        return play(&a, &heaps, k, rule);
    }
    let t = match &a.profile {
        None => g::think(&heaps, k, rule, a.seed)?,
        Some(path) => {
            let (t, p) = g::think_profiled(&heaps, k, rule, a.seed)?;
            let symbols = mark1::profile::Symbols::from_assembly(g::assembly()?);
            super::save_profile(path, &p, &symbols, a.force)?;
            t
        }
    };
    if a.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&t.json())?)?;
    } else {
        write!(out, "{}", t.text())?;
    }
    Ok(())
}

/// `mark1 nim --play`.
fn play(a: &NimArgs, heaps: &[u8], k: usize, rule: Rule) -> Result<()> {
    let first = match a.first.as_str() {
        "machine" => gg::First::Machine,
        "human" => gg::First::Human,
        other => bail!("--first is machine or human, not {other}"),
    };
    // A script's moves are all read before the game: a bad one stops it before it starts.
    let mut moves = Moves::open(a.script.as_deref())?;
    moves.check_script(gg::parse_move)?;
    let json = a.json;
    let mut next = || -> Option<(String, Vec<Entry>)> {
        let (line, entries) = moves
            .next_move(
                "your move (e.g. B:2, or B:2,D:1 for k > 1): ",
                &mut std::io::stderr(),
                |t| gg::parse_move(t).map_err(|e| e.to_string()),
            )
            .ok()??;
        Some((line.text, entries))
    };
    // The first error writing standard output (a full disk): the game's error at its end.
    let mut write_error: Option<std::io::Error> = None;
    let mut show = |p: &str| {
        if !json {
            let mut out = super::out::stdout();
            let mut put = || -> std::io::Result<()> {
                write!(out, "{p}")?;
                if !p.is_empty() && !p.ends_with('\n') {
                    writeln!(out)?;
                }
                out.flush()
            };
            if let Err(e) = put() {
                write_error.get_or_insert(e);
            }
        }
    };
    let r = gg::play_game(
        &gg::Setup {
            heaps: heaps.to_vec(),
            k,
            rule,
            first,
            seed: a.seed,
            beats: a.beats,
        },
        &mut next,
        &mut show,
    )?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let out = &mut super::out::stdout();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&r.json())?)?;
    } else {
        writeln!(
            out,
            "{}: {} moves entered, {} instructions, {} beats, {:.3} s of machine time",
            r.result,
            r.entered.len(),
            r.instructions,
            r.beats,
            r.seconds()
        )?;
    }
    Ok(())
}
