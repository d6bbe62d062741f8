//! `mark1 play GAME`: any period program of `games::GAMES` played at the keys through the
//! one model (`games::AtTheKeys`): the machine run to its key routine, the paper shown,
//! your moves read from `--script` or the terminal (`cli::moves`) and entered on the hand switches with
//! KAC; a refused move is said and the game goes on.

use super::moves::Moves;
use anyhow::Result;
use clap::Args;
use mark1::games::{self, bundled::Waiting, AtTheKeys, First, Settings};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `mark1 play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game (`mark1 play --list` names them all), e.g. nim, draughts, bridgit.
    #[arg(required_unless_present = "list")]
    game: Option<String>,
    /// List the games that can be played at the keys, with their programs and commands.
    #[arg(long)]
    list: bool,
    /// Who moves first: machine or human.
    #[arg(long, default_value = "machine", value_parser = First::parse)]
    first: First,
    /// The starting position in the game's own notation: a FEN (Prinz, turochamp),
    /// heaps `3 4 5` (nim), a board size (bridgit), a square (knights-tour), the black
    /// king's start square or a FEN (ajedrecista), a FEN with White to move (krk).
    #[arg(long)]
    position: Option<String>,
    /// The seed of the machine's random-number hardware.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
    /// A drum image the program comes on (draughts-1952: Strachey's, from SimH), or
    /// holding its table (krk: as `mark1 krk build --drum` writes it; else built first).
    #[arg(long, value_name = "FILE")]
    drum: Option<PathBuf>,
    /// Your moves, one a line (`#` starts a comment); without it, the terminal.
    #[arg(long, value_name = "FILE")]
    script: Option<PathBuf>,
    /// The most beats the machine may run while you wait for it, in millions (1 beat =
    /// 240 microseconds simulated).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    max_megabeats: u64,
}

/// Beats a slice of running: the paper is shown between slices.
const SLICE: u64 = 1 << 22;

/// Runs `mark1 play`.
///
/// # Errors
/// An unknown game, settings it refuses, an unreadable script, or the machine stopping
/// where the program never waits.
pub fn run(a: PlayArgs) -> Result<()> {
    let out = &mut super::out::stdout();
    if a.list {
        for r in games::GAMES {
            writeln!(out, "{:14} {}", r.game, r.title)?;
            writeln!(
                out,
                "{:14} program {}; command mark1 {}; doc {}",
                "",
                r.programs.join(", "),
                r.command,
                r.doc
            )?;
        }
        return Ok(());
    }
    let name = a.game.as_deref().unwrap_or_default();
    let settings = Settings {
        first: a.first,
        seed: a.seed,
        position: a.position.clone(),
        drum: a.drum.clone(),
    };
    let mut game = games::start(name, &settings).map_err(anyhow::Error::msg)?;
    let mut moves = Moves::open(a.script.as_deref())?;
    let limit = a.max_megabeats.saturating_mul(1_000_000);
    let mut shown = 0;
    loop {
        let w = run_to_wait(game.as_mut(), limit, out, &mut shown)?;
        if w == Waiting::Over {
            break;
        }
        if !game.paper().is_empty() && !game.paper().ends_with('\n') {
            // (the board on a line of its own after a paper line the program left open)
            writeln!(out)?;
        }
        writeln!(out, "{}", game.board().trim_end())?;
        let prompt = format!("{}: ", game.prompt());
        let Some(line) = moves.next_line(&prompt, out)? else {
            writeln!(out, "no more moves: the game stops here")?;
            return Ok(());
        };
        if moves.is_script() {
            writeln!(out, "{prompt}{}", line.text)?;
        }
        if let Err(e) = game.enter(&line.text) {
            writeln!(out, "refused: {e}")?;
        }
    }
    writeln!(out, "{}", game.board().trim_end())?;
    if let Some(end) = game.end() {
        writeln!(out, "{end}")?;
    }
    Ok(())
}

/// Runs `game` to its next wait, `limit` beats at most, showing the paper as it comes.
fn run_to_wait(
    game: &mut dyn AtTheKeys,
    limit: u64,
    out: &mut impl Write,
    shown: &mut usize,
) -> Result<Waiting> {
    let start = game.machine().stats.beats;
    loop {
        let r = game.run(SLICE);
        let paper = game.paper();
        if let Some(new) = paper.get(*shown..) {
            write!(out, "{new}")?;
            out.flush()?;
        }
        *shown = paper.len();
        if let Some(w) = r? {
            return Ok(w);
        }
        if game.machine().stats.beats - start >= limit {
            anyhow::bail!(
                "the program did not wait for a move within {} beats (--max-megabeats)",
                limit
            );
        }
    }
}
