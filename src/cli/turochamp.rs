//! `mark1 turochamp`: Turing's paper chess machine on the emulated Mark 1 (issue 18): one
//! move (the default) or the move count (`--count`). The flags are wired to
//! [`mark1::games::turochamp`]; the work and the words are there.

use anyhow::Result;
use mark1::games::turochamp::{count, think};

/// The arguments of `mark1 turochamp`.
#[derive(clap::Args)]
pub struct TurochampArgs {
    /// Count the legal moves of the position with the programme's move generator: the
    /// count as printed, the moves, the machine's instructions, beats, simulated seconds
    /// and magnetic transfers, beside Turing's estimate.
    #[arg(long)]
    count: bool,
    /// The position (FEN); the initial position by default.
    #[arg(
        long,
        default_value = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )]
    fen: String,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `mark1 turochamp`.
pub fn run(a: TurochampArgs) -> Result<()> {
    if !a.count {
        let (pos, t) = think::think_fen(&a.fen)?;
        let fen = a.fen.trim();
        if a.json {
            println!("{}", serde_json::to_string_pretty(&t.json(fen, &pos))?);
        } else {
            print!("{}", t.text(fen, &pos));
        }
        return Ok(());
    }
    let r = count::count(&a.fen)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&r.json())?);
    } else {
        print!("{}", r.text());
    }
    Ok(())
}
