//! `mark1 krk`: king and rook against king worked out whole by the Mark 1 itself
//! (docs/krk.md, "The Mark 1 program"): `mark1 krk build` runs the program to its loop
//! stop (or to a level's line) and prints the census of the table it left on the drum,
//! its simulated time, transfers, drum tracks and profile; `mark1 krk --check all --drum
//! F` compares a drum image's table with the reference, slot for slot; `--check N` and
//! `--think --fen F` run the playing program against the reference's optimal moves;
//! `mark1 krk play` plays a game from the table. The work is in
//! [`mark1::games::krk`].

use crate::cli::out::{rounded, write_json};
use crate::cli::CheckCount;
use anyhow::{anyhow, bail, Result};
use mark1::games::krk as g;
use mark1::machine::code::ORDERS;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `mark1 krk`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct KrkArgs {
    #[command(subcommand)]
    cmd: Option<KrkCommand>,
    /// Compare with the reference: `all`, every slot of both tables on the drum; or N
    /// (1 to 100,000), the playing program's move on N random positions (White to move)
    /// against the reference's optimal moves, and the drum's distance against the
    /// reference's.
    #[arg(long, value_parser = |s: &str| crate::cli::parse_check_count(s, 100_000), conflicts_with = "think")]
    check: Option<CheckCount>,
    /// The playing program's move on --fen (White to move), with the drum's distance and
    /// the reference's optimal moves beside it.
    #[arg(long, requires = "fen")]
    think: bool,
    /// The position for --think, White to move (a white king, a white rook, a black
    /// king), e.g. `8/8/8/8/8/2k5/1R6/K7 w - - 0 1`.
    #[arg(long, requires = "think")]
    fen: Option<String>,
    /// Seed of --check N's positions.
    #[arg(long, default_value_t = 1952)]
    seed: u64,
    /// Worker threads for --check N (1 or more); all cores by default.
    #[arg(long, value_parser = crate::cli::parse_threads)]
    threads: Option<usize>,
    /// The drum image holding the table (SimH `.drm`, as `mark1 krk build --drum` writes
    /// it); without it the table is built first, on the machine.
    #[arg(long)]
    drum: Option<PathBuf>,
    /// The levels the drum's table should hold (0-16; 16, the default, is the whole
    /// table): for a build stopped with `build --levels K`.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u8).range(0..=16))]
    levels: u8,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

/// `mark1 krk` subcommands.
#[derive(clap::Subcommand)]
pub enum KrkCommand {
    /// Plays White from the table on the drum (the second program, `programs/krk/
    /// play.m1`) against a black king: the position set on the hand switches with KAC,
    /// the machine's moves on the teleprinter, Black's squares set the same way, to MATE.
    ///
    /// Example: `mark1 krk play --fen "8/8/8/8/8/2k5/1R6/K7 w - - 0 1"`
    Play {
        /// The position, White to move (a white king, a white rook, a black king).
        #[arg(long)]
        fen: String,
        /// The drum image holding the table (as `mark1 krk build --drum` writes it); the
        /// table is built first if none is given.
        #[arg(long)]
        drum: Option<PathBuf>,
        /// Black's squares in order, separated by commas (`c4,b4`); after the last (or
        /// without), Black's replies are the reference's longest defence.
        #[arg(long)]
        black: Option<String>,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Runs the building program on the emulated Mark 1 to its loop stop and prints the
    /// census of the table it left on the drum, its simulated time, magnetic transfers,
    /// drum tracks and profile, and the table compared with the reference.
    ///
    /// Example: `mark1 krk build --drum krk.drm`
    Build {
        /// Write the drum image (SimH `.drm`, 256 tracks × 128 words) here: the table.
        #[arg(long)]
        drum: Option<PathBuf>,
        /// Stop the machine when the teleprinter has printed level K's line (0-16): the
        /// positions of distance up to K are then on the drum.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=16))]
        levels: Option<u32>,
        /// Overwrite an existing --drum file.
        #[arg(long)]
        force: bool,
        /// Leave the profiler off (the run is then faster on the host: it is not counted
        /// order by order); the profile summary is then the orders obeyed most.
        #[arg(long)]
        no_profile: bool,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
}

/// The simulated time in days, hours and minutes: `3 days 23 h 35 min`.
fn days(seconds: f64) -> String {
    let m = (seconds / 60.0).round() as u64;
    let (d, h, min) = (m / 1440, m / 60 % 24, m % 60);
    match d {
        0 => format!("{h} h {min} min"),
        1 => format!("1 day {h} h {min} min"),
        _ => format!("{d} days {h} h {min} min"),
    }
}

/// One order's share of the instructions obeyed.
#[derive(Serialize)]
struct Share {
    order: &'static str,
    instructions: u64,
    percent: f64,
}

/// The orders obeyed most, with their share (at most `n`).
fn profile(m: &mark1::machine::Machine, n: usize) -> Vec<Share> {
    let total = m.stats.instructions.max(1) as f64;
    let mut v: Vec<(usize, u64)> = m
        .stats
        .by_function
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, c)| c > 0)
        .collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v.into_iter()
        .take(n)
        .map(|(f, c)| Share {
            order: ORDERS[f].code,
            instructions: c,
            percent: rounded(100.0 * c as f64 / total, 1),
        })
        .collect()
}

/// `build --json`.
#[derive(Serialize)]
struct BuildJson<'a> {
    squares: &'static str,
    finished: bool,
    paper: &'a str,
    levels: Vec<g::Level>,
    census: mark1::reference::krk::Census,
    census_note: &'static str,
    instructions: u64,
    beats: u64,
    simulated_seconds: f64,
    simulated_time: String,
    magnetic_transfers: u64,
    drum_tracks_used: u32,
    drum_tracks: u32,
    profile: Vec<Share>,
    by_unit: Vec<g::UnitCost>,
    magnetic_reads: Option<u64>,
    magnetic_writes: Option<u64>,
    host_seconds: f64,
    profiled: bool,
    check: g::Check,
}

/// Runs `mark1 krk`.
///
/// # Errors
/// A drum image that cannot be read or written, the program failing, no subcommand or
/// check asked for.
pub fn run(a: KrkArgs) -> Result<()> {
    let out = &mut crate::cli::out::stdout();
    match a.cmd {
        Some(KrkCommand::Build {
            drum,
            levels,
            force,
            no_profile,
            json,
        }) => build(out, drum, levels, force, !no_profile, json),
        Some(KrkCommand::Play {
            fen,
            drum,
            black,
            json,
        }) => play(out, &fen, drum, black.as_deref(), json),
        None => {
            if a.check.is_none() && !a.think {
                bail!("say what to do: `mark1 krk build`, `mark1 krk --check all --drum F`, `mark1 krk --check N`, `mark1 krk --think --fen F`, or `mark1 krk play --fen F`");
            }
            // The position is read before any table is built.
            let start = match &a.fen {
                Some(f) => Some(mark1::reference::krk::Position::from_fen(f)?),
                None => None,
            };
            let words = match &a.drum {
                Some(p) => read_drum(p)?,
                None => g::build(None, false)?.machine.drum.words().to_vec(),
            };
            let label = a.drum.as_ref().map_or_else(
                || "the table built now".to_string(),
                |p| p.display().to_string(),
            );
            if let Some(p) = start {
                let t = g::think(&words, &p)?;
                if a.json {
                    return write_json(out, &t);
                }
                writeln!(out, "{}", t.printed)?;
                let d =
                    |d: Option<u8>| d.map_or("no distance".to_string(), |d| format!("mate in {d}"));
                writeln!(
                    out,
                    "the machine plays {} ({} on the drum); the reference: {}, optimal {}; {}",
                    t.machine_move,
                    d(t.drum_distance),
                    d(t.reference_distance),
                    t.optimal.join(" "),
                    if t.machine_optimal {
                        "the machine's move is optimal"
                    } else {
                        "the machine's move is NOT optimal"
                    }
                )?;
                writeln!(
                    out,
                    "{} beats ({:.1} simulated seconds) from KAC to the move",
                    t.beats,
                    t.beats as f64 * 0.00024
                )?;
                if !t.machine_optimal || t.drum_distance != t.reference_distance {
                    bail!("the program differs from the reference");
                }
                return Ok(());
            }
            if let Some(CheckCount::Positions(n)) = a.check {
                let c = crate::cli::with_threads(a.threads, || g::check_moves(&words, n, a.seed))??;
                if a.json {
                    return write_json(out, &c);
                }
                let summary = format!(
                    "{} positions (seed {}), the playing program against the reference: {} differences; {:.0} beats a move on average ({:.1} simulated seconds)",
                    c.positions,
                    c.seed,
                    c.differences,
                    c.mean_beats,
                    c.mean_beats * 0.00024
                );
                return report(out, &c.first, &summary, c.differences > 0, "the program");
            }
            let c = g::check(&words, a.levels).map_err(|e| anyhow!("{label}: {e}"))?;
            if a.json {
                return write_json(out, &c);
            }
            let summary = format!(
                "{} slots compared with the reference (levels 0-{}), {} differences",
                c.slots, c.level, c.differences
            );
            report(
                out,
                &c.first,
                &summary,
                c.differences > 0,
                "the drum's table",
            )
        }
    }
}

fn build(
    out: &mut dyn Write,
    drum: Option<PathBuf>,
    levels: Option<u32>,
    force: bool,
    profiled: bool,
    json: bool,
) -> Result<()> {
    if let Some(p) = &drum {
        crate::cli::out::check_outputs(&[Some(p.as_path())], force, &[])?;
    }
    let r = g::build(levels, profiled)?;
    let m = &r.machine;
    let words = m.drum.words();
    let level = r.last_level().unwrap_or(0).min(16) as u8;
    let census = g::census(words);
    let check = g::check(words, level).map_err(|e| anyhow!(e))?;
    if let Some(p) = &drum {
        crate::cli::out::write_file(p, mark1::formats::drm::write_drm(words), force)?;
    }
    let secs = m.simulated_seconds();
    let prof = profile(m, 6);
    let units = r.profile.as_ref().map(g::by_unit).unwrap_or_default();
    let rw = r.profile.as_ref().map(g::transfers);
    if json {
        return write_json(
            out,
            &BuildJson {
                squares: "algebraic",
                finished: r.finished,
                paper: r.paper(),
                levels: r.levels(),
                census,
                census_note: "read from the drum: the stalemates and the rook taken are both drawn there, so stalemates and rook_can_be_taken are not split (0)",
                instructions: m.stats.instructions,
                beats: m.stats.beats,
                simulated_seconds: rounded(secs, 3),
                simulated_time: days(secs),
                magnetic_transfers: m.stats.transfers,
                drum_tracks_used: r.tracks_used(),
                drum_tracks: g::DRUM_TRACKS,
                profile: prof,
                by_unit: units,
                magnetic_reads: rw.map(|t| t.0),
                magnetic_writes: rw.map(|t| t.2),
                host_seconds: rounded(r.host_seconds, 3),
                profiled,
                check,
            },
        );
    }
    writeln!(
        out,
        "king and rook against king, worked out by the Mark 1 (programs/krk/build.m1)"
    )?;
    writeln!(
        out,
        "the paper (a line a level: the distance, the White-to-move and Black-to-move slots valued):"
    )?;
    for l in r.paper().lines() {
        writeln!(out, "  {l}")?;
    }
    if !r.finished {
        writeln!(
            out,
            "stopped by the operator after level {level}'s line (the positions of distance up to {level} are valued)"
        )?;
    }
    writeln!(out, "the table the machine left on the drum:")?;
    crate::cli::reference::krk::write_census_rows(out, &census)?;
    writeln!(
        out,
        "Black to move: {} mated, {} in check",
        census.mated, census.black_in_check
    )?;
    for (side, l) in [
        ("White to move: mate in", &census.longest_white_to_move),
        ("Black to move: lost in", &census.longest_black_to_move),
    ] {
        if let Some(l) = l {
            writeln!(out, "longest, {side} {}, e.g. {}", l.distance, l.fen)?;
        }
    }
    writeln!(
        out,
        "simulated time: {} ({:.1} s, {} beats of 240 µs)",
        days(secs),
        secs,
        m.stats.beats
    )?;
    writeln!(
        out,
        "instructions: {}; magnetic transfers: {}",
        m.stats.instructions, m.stats.transfers
    )?;
    writeln!(
        out,
        "drum: {} of {} tracks used (the two tables {}, the program's units {}), {} spare",
        r.tracks_used(),
        g::DRUM_TRACKS,
        2 * g::TABLE_TRACKS,
        g::UNIT_TRACKS.len(),
        g::DRUM_TRACKS - r.tracks_used()
    )?;
    let shares: Vec<String> = prof
        .iter()
        .map(|s| format!("{} {}%", s.order, s.percent))
        .collect();
    writeln!(
        out,
        "profile: the orders obeyed most: {}",
        shares.join(", ")
    )?;
    if let Some((reads, rb, writes, wb)) = rw {
        let pc = |b: u64| rounded(100.0 * b as f64 / m.stats.beats.max(1) as f64, 1);
        writeln!(
            out,
            "profile: magnetic reads {reads} ({}% of the time), writes {writes} ({}%)",
            pc(rb),
            pc(wb)
        )?;
        let parts: Vec<String> = units
            .iter()
            .map(|u| format!("{} {}%", u.unit, pc(u.beats)))
            .collect();
        writeln!(out, "profile: the time by unit: {}", parts.join(", "))?;
    }
    writeln!(
        out,
        "host time: {:.1} s ({:.0} million Mark 1 instructions a second{})",
        r.host_seconds,
        m.stats.instructions as f64 / r.host_seconds.max(1e-9) / 1e6,
        if profiled {
            ", the profiler counting every order; --no-profile is faster"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "compared with the reference (levels 0-{}): {} slots, {} differences",
        check.level, check.slots, check.differences
    )?;
    for d in &check.first {
        writeln!(out, "  {d}")?;
    }
    if check.differences > 0 {
        bail!("the Mark 1's table differs from the reference");
    }
    Ok(())
}

/// A comparison's first differences, then its summary; an error naming `what` if it
/// found any.
fn report(
    out: &mut dyn Write,
    first: &[String],
    summary: &str,
    differs: bool,
    what: &str,
) -> Result<()> {
    for d in first {
        writeln!(out, "{d}")?;
    }
    writeln!(out, "{summary}")?;
    if differs {
        bail!("{what} differs from the reference");
    }
    Ok(())
}

/// Reads a drum image (SimH `.drm`).
fn read_drum(path: &std::path::Path) -> Result<Vec<u32>> {
    let bytes = std::fs::read(path)
        .map_err(|e| anyhow!("cannot read the drum image {}: {e}", path.display()))?;
    mark1::formats::drm::read_drm(&bytes).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// `mark1 krk play`.
fn play(
    out: &mut dyn Write,
    fen: &str,
    drum: Option<PathBuf>,
    black: Option<&str>,
    json: bool,
) -> Result<()> {
    use mark1::reference::krk::{self as rk, Position};
    let start = Position::from_fen(fen)?;
    if !start.white_to_move {
        bail!("the position must have White to move: {fen}");
    }
    let mut given: std::collections::VecDeque<u8> = match black {
        None => Default::default(),
        Some(t) => t
            .split(',')
            .map(|w| {
                let b = w.trim().as_bytes();
                match b {
                    [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok((f - b'a') + 8 * (r - b'1')),
                    _ => Err(anyhow!("`{}` is not a square a1-h8 (--black)", w.trim())),
                }
            })
            .collect::<Result<_>>()?,
    };
    let words = match &drum {
        Some(p) => read_drum(p)?,
        None => g::build(None, false)?.machine.drum.words().to_vec(),
    };
    let table = rk::table();
    let mut reply = |p: &Position| {
        given
            .pop_front()
            .or_else(|| table.best_moves(p).first().map(|m| m.to))
    };
    let game = g::play(&words, &start, &mut reply)?;
    if json {
        return write_json(out, &game);
    }
    write!(out, "{}", game.paper)?;
    if !game.paper.ends_with('\n') {
        writeln!(out)?;
    }
    // The game as the operator writes it down: White's moves off the paper, Black's
    // squares as set on the switches (the black king of the position after the next
    // White move).
    let mut text = Vec::new();
    for (k, m) in game.moves.iter().enumerate() {
        let mut t = format!(
            "{}. {}{}{}",
            k + 1,
            if m.king { "K" } else { "R" },
            rk::square_name(m.to),
            if m.mate { "#" } else { "" }
        );
        if let Some(next) = game.positions.get(k + 1) {
            let n = Position::from_fen(next)?;
            t += &format!(" K{}", rk::square_name(n.black_king));
        }
        text.push(t);
    }
    writeln!(out, "the game: {}", text.join(" "))?;
    writeln!(
        out,
        "{} White moves{}; {} square{} refused; {} instructions, {} beats ({:.1} simulated seconds)",
        game.moves.len(),
        if game.mated { ", mate" } else { "" },
        game.refused,
        if game.refused == 1 { "" } else { "s" },
        game.instructions,
        game.beats,
        game.beats as f64 * 0.00024
    )?;
    Ok(())
}
