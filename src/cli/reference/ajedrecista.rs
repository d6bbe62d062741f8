//! `mark1 ref ajedrecista …`: Torres Quevedo's king-and-rook machine (1912) as a native
//! reference: its move, the census of every position it can meet, the longest games
//! (docs/ajedrecista.md).

use crate::cli::out::write_json;
use anyhow::Result;
use mark1::reference::ajedrecista::{self as ra, Readings, RookStart, Rows};
use std::io::Write;

/// The table's reading and who moves first, shared by the subcommands.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct TableArgs {
    /// How the table's rows are read: vigneron (every condition of a row, the default) or
    /// atkinson (his else-chain).
    #[arg(long, default_value = "vigneron", value_parser = ["vigneron", "atkinson"])]
    rows: String,
    /// Where the rook starts: b7 (the default) or b8 (one transcription of Atkinson).
    #[arg(long, default_value = "b7", value_parser = ["b7", "b8"])]
    rook: String,
}

impl TableArgs {
    fn readings(&self) -> Result<Readings> {
        Ok(Readings {
            rows: Rows::parse(&self.rows)?,
            rook: RookStart::parse(&self.rook)?,
            ..Readings::default()
        })
    }
}

/// Who moves first from a start, for the census and the longest games.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct FirstArgs {
    /// Who moves first from the start: machine (the default) or human.
    #[arg(long, default_value = "machine", value_parser = ["machine", "human"])]
    first: String,
}

impl FirstArgs {
    fn machine(&self) -> bool {
        self.first == "machine"
    }
}

/// El Ajedrecista subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum AjedrecistaCommand {
    /// The machine's move in a position: the row of its table (case 1-6) and the move in
    /// SAN, or why it stops.
    ///
    /// Example: `mark1 ref ajedrecista best --fen "K7/1R6/8/8/3k4/8/8/8 w - - 0 1"`
    Best {
        /// The position: the white king, at most one white rook, the black king.
        #[arg(long)]
        fen: String,
        #[command(flatten)]
        table: TableArgs,
        /// JSON output (`case`, `move` in SAN).
        #[arg(long)]
        json: bool,
    },
    /// Every position the machine can meet from a legal start (king a8, rook b7, the
    /// black king on ranks 1-6 not in check) under every legal reply, counted by row and
    /// by what follows (mates, stalemates, rooks lost, stops, repetitions).
    ///
    /// Example: `mark1 ref ajedrecista census`
    Census {
        #[command(flatten)]
        table: TableArgs,
        #[command(flatten)]
        first: FirstArgs,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// The longest game the visitor can force from each start (the machine's moves to
    /// mate), and the line from one start (the longest of all if none is given).
    ///
    /// Example: `mark1 ref ajedrecista longest --from a6`
    Longest {
        /// The black king's start square, a1-h6 off the b-file.
        #[arg(long)]
        from: Option<String>,
        #[command(flatten)]
        table: TableArgs,
        #[command(flatten)]
        first: FirstArgs,
        /// JSON output (`longest`: start square → the machine's moves).
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `ref ajedrecista` subcommand.
///
/// # Errors
/// A bad FEN or square, or a failed write.
pub fn run(cmd: &AjedrecistaCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        AjedrecistaCommand::Best { fen, table, json } => {
            let p = ra::Position::from_fen(fen)?;
            let b = ra::best(&p, &table.readings()?);
            if *json {
                return write_json(out, &b);
            }
            write!(out, "{}", p.diagram())?;
            match (&b.mv, b.case) {
                (Some(mv), Some(case)) => {
                    let status = b.status.map(|s| format!(", {s}")).unwrap_or_default();
                    writeln!(out, "case {case}: {mv}{status}")?;
                }
                _ => writeln!(out, "{}", b.stops.unwrap_or_default())?,
            }
        }
        AjedrecistaCommand::Census { table, first, json } => {
            let c = ra::census(&table.readings()?, first.machine());
            if *json {
                return write_json(out, &c);
            }
            writeln!(
                out,
                "{} positions reachable from {} starts ({} moves first; {})",
                c.positions, c.starts, c.first, c.readings
            )?;
            let cases: Vec<String> = c.cases.iter().map(|(k, n)| format!("{k}: {n}")).collect();
            writeln!(out, "by case: {}", cases.join(", "))?;
            writeln!(out, "{} checks, {} mates", c.checks, c.mates)?;
            writeln!(
                out,
                "{} stalemates, {} rooks lost, {} stops, {} positions that can come twice in one game",
                c.stalemates, c.rooks_lost, c.stops, c.repeated
            )?;
            writeln!(
                out,
                "{}",
                if c.always_mates {
                    "every game ends in mate, whatever the visitor plays"
                } else {
                    "the visitor can avoid mate from some start"
                }
            )?;
        }
        AjedrecistaCommand::Longest {
            from,
            table,
            first,
            json,
        } => {
            let from = match from {
                Some(t) => {
                    let s = ra::parse_square(t)?;
                    ra::Position::start_with(s, RookStart::parse(&table.rook)?)?;
                    Some(s)
                }
                None => None,
            };
            let l = ra::longest(&table.readings()?, first.machine(), from);
            if *json {
                return write_json(out, &l);
            }
            writeln!(
                out,
                "the machine's moves to mate against the longest defence, by the black king's start ({} moves first):",
                l.first
            )?;
            write_grid(out, &l.longest)?;
            writeln!(
                out,
                "   a  b  c  d  e  f  g  h   (- a start in check, x no mate forced)"
            )?;
            writeln!(
                out,
                "perfect play's moves to mate from the same starts (the retrograde table, mark1 ref krk):"
            )?;
            write_grid(out, &l.perfect)?;
            writeln!(out, "   a  b  c  d  e  f  g  h")?;
            let moves = l
                .from
                .moves
                .map_or_else(|| "no mate".to_string(), |n| format!("{n} machine moves"));
            let perfect = l.from.perfect.map_or_else(
                || "perfect play: not a won position".to_string(),
                |n| format!("perfect play mates in {n}"),
            );
            writeln!(
                out,
                "from {}: {moves}; {perfect}; {} of the machine's moves kept to the perfect count",
                l.from.square, l.from.optimal_moves
            )?;
            writeln!(out, "{}", l.line)?;
        }
    }
    Ok(())
}

/// The starts' counts as a board of ranks 6 to 1 (a number, `x` for none, `-` for a
/// square that is not a start), without the files' line.
fn write_grid(
    out: &mut dyn Write,
    counts: &std::collections::BTreeMap<String, Option<u32>>,
) -> std::io::Result<()> {
    for k in (0..6).rev() {
        let mut row = format!("{} ", k + 1);
        for f in 0..8u8 {
            let cell = match counts.get(&ra::square_name(f + 8 * k)) {
                Some(Some(n)) => format!("{n:>3}"),
                Some(None) => "  x".to_string(),
                None => "  -".to_string(),
            };
            row.push_str(&cell);
        }
        writeln!(out, "{row}")?;
    }
    Ok(())
}
