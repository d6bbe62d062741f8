//! `mark1 ref krk …`: king and rook against king solved by retrograde analysis: the
//! census of the table and a position's value with its best moves (docs/krk.md).

use crate::cli::out::write_json;
use anyhow::Result;
use mark1::reference::krk::{self, Position};
use std::io::Write;

/// KRK reference subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum KrkCommand {
    /// Every legal position counted by its distance to mate in White moves, for each side
    /// to move (full board and up to the 8 symmetries), the draws, the longest with an
    /// example.
    ///
    /// Example: `mark1 ref krk census`
    Census {
        /// JSON output (squares algebraic; `by_distance` rows of distance and positions).
        #[arg(long)]
        json: bool,
    },
    /// A position's value and distance to mate, and every optimal move (SAN and
    /// coordinates).
    ///
    /// Example: `mark1 ref krk best --fen "8/8/8/8/8/2k5/1R6/K7 w - - 0 1"`
    Best {
        /// The position: a white king, a white rook and a black king, legal.
        #[arg(long)]
        fen: String,
        /// JSON output (squares algebraic; `moves` with `san`, `uci`, the position after).
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `ref krk` subcommand.
///
/// # Errors
/// A FEN that is not a legal KRK position, or a failed write.
pub fn run(cmd: &KrkCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        KrkCommand::Census { json } => {
            let c = krk::table().census();
            if *json {
                return write_json(out, &c);
            }
            write_census(out, &c)?;
        }
        KrkCommand::Best { fen, json } => {
            let p = Position::from_fen(fen)?;
            let b = krk::table().best(&p);
            if *json {
                return write_json(out, &b);
            }
            writeln!(out, "{}", b.fen)?;
            let plies = match b.plies {
                None | Some(0) => String::new(),
                Some(1) => " (1 ply)".into(),
                Some(n) => format!(" ({n} plies)"),
            };
            writeln!(out, "{}{plies}", b.words)?;
            if b.moves.is_empty() {
                writeln!(out, "no move")?;
            }
            for m in &b.moves {
                writeln!(out, "{} ({}): {}", m.san, m.uci, m.value_after)?;
            }
        }
    }
    Ok(())
}

/// Writes a census as `mark1 ref krk census` prints it: the distances for each side to
/// move (full board and up to symmetry), the draws, the totals, the Black-to-move
/// particulars and the longest (`mark1 krk build` prints the Mark 1's table the same way).
///
/// # Errors
/// A failed write.
pub fn write_census(out: &mut dyn Write, c: &krk::Census) -> Result<()> {
    write_census_rows(out, c)?;
    write_census_rest(out, c)
}

/// Writes a census's table of distances, draws and totals (the start of
/// [`write_census`]).
///
/// # Errors
/// A failed write.
pub fn write_census_rows(out: &mut dyn Write, c: &krk::Census) -> Result<()> {
    writeln!(
        out,
        "king and rook against king: distance to mate in White moves (full board; up to symmetry)"
    )?;
    writeln!(
        out,
        "{:>8} {:>10} {:>10} {:>10} {:>10}",
        "distance", "WTM", "WTM cls", "BTM", "BTM cls"
    )?;
    let (w, b) = (&c.white_to_move, &c.black_to_move);
    let rows = w.by_distance.len().max(b.by_distance.len());
    let cell = |side: &krk::Side, n: usize| -> (String, String) {
        match side.by_distance.get(n) {
            Some(r) if r.positions > 0 => (
                r.positions.to_string(),
                side.classes_by_distance[n].to_string(),
            ),
            _ => ("-".into(), "-".into()),
        }
    };
    for n in 0..rows {
        let (wp, wc) = cell(w, n);
        let (bp, bc) = cell(b, n);
        writeln!(out, "{n:>8} {wp:>10} {wc:>10} {bp:>10} {bc:>10}")?;
    }
    writeln!(
        out,
        "{:>8} {:>10} {:>10} {:>10} {:>10}",
        "drawn", w.drawn, w.drawn_classes, b.drawn, b.drawn_classes
    )?;
    writeln!(
        out,
        "{:>8} {:>10} {:>10} {:>10} {:>10}",
        "total", w.positions, w.classes, b.positions, b.classes
    )?;
    Ok(())
}

/// Writes a census's Black-to-move particulars and longest lines (the end of
/// [`write_census`]).
///
/// # Errors
/// A failed write.
pub fn write_census_rest(out: &mut dyn Write, c: &krk::Census) -> Result<()> {
    writeln!(
        out,
        "Black to move: {} mated, {} stalemated, {} can take the rook, {} in check",
        c.mated, c.stalemates, c.rook_can_be_taken, c.black_in_check
    )?;
    if let Some(l) = &c.longest_white_to_move {
        writeln!(
            out,
            "longest, White to move: mate in {}, e.g. {}",
            l.distance, l.fen
        )?;
    }
    if let Some(l) = &c.longest_black_to_move {
        writeln!(
            out,
            "longest, Black to move: lost in {}, e.g. {}",
            l.distance, l.fen
        )?;
    }
    Ok(())
}
