//! `mark1 ref nim …`: the nim reference engine: the programme's reply to a position (FtT
//! ch. 25, NIM), whether a position is safe, and Bell's single-pile game.

use crate::cli::out::write_json;
use anyhow::Result;
use mark1::reference::nim::{
    case_of, changes, column_sums, is_safe, letter, nim_sum, parse_heaps, reply,
    single_pile_max_take, single_pile_reply, single_pile_safe, validate, HeapPick, Readings, Rule,
    COLUMNS,
};
use serde::Serialize;
use std::io::Write;

/// A nim position and the game's settings, as `move` and `safe` take them.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct PositionArgs {
    /// Matches in each heap A, B, C ..., comma-separated: 2 to 8 heaps of 0 to 31.
    #[arg(long, value_parser = heaps_arg)]
    heaps: Heaps,
    /// The most heaps a move may alter, 1 to N-1.
    #[arg(long, default_value_t = 1)]
    k: usize,
    /// `misere` (taking the last match loses, FtT's default) or `normal`.
    #[arg(long, default_value = "misere", value_parser = rule_arg)]
    rule: Rule,
}

/// Nim subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum NimCommand {
    /// The universal-computer programme's move: the case, the heaps it changes and the heaps
    /// after, or that the position is safe (the programme would move at random) or the game
    /// is over.
    ///
    /// Example: `mark1 ref nim move --heaps 7,4,5,2 --k 2`
    Move {
        #[command(flatten)]
        position: PositionArgs,
        /// Which heap the routine takes when several qualify: `last` (default, FtT's
        /// worked examples), `first`, `smallest` or `fewest-taken`.
        #[arg(long, default_value = "last", value_parser = pick_arg)]
        pick: HeapPick,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Whether a position is safe (a win for the player who has just moved), with the binary
    /// column sums.
    ///
    /// Example: `mark1 ref nim safe --heaps 5,7,3,1 --k 1`
    Safe {
        #[command(flatten)]
        position: PositionArgs,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Bell's single pile: a move takes 1 up to half the pile, whoever takes the last match
    /// loses; the safe sizes are 2^n - 1.
    ///
    /// Example: `mark1 ref nim pile --matches 47`
    Pile {
        /// Matches in the pile.
        #[arg(long)]
        matches: u32,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
}

/// A validated-in-shape heap list (count and sizes; k is checked by each command).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heaps(pub Vec<u8>);

fn heaps_arg(s: &str) -> Result<Heaps, String> {
    parse_heaps(s).map(Heaps).map_err(|e| e.to_string())
}

fn rule_arg(s: &str) -> Result<Rule, String> {
    s.parse::<Rule>().map_err(|e| e.to_string())
}

fn pick_arg(s: &str) -> Result<HeapPick, String> {
    s.parse::<HeapPick>()
}

/// Runs one `ref nim` subcommand, writing its report to `out`.
///
/// # Errors
/// Bad heaps or k (in words), or a failed write.
pub fn run(cmd: &NimCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        NimCommand::Move {
            position: p,
            pick,
            json,
        } => run_move(&p.heaps.0, p.k, p.rule, *pick, *json, out),
        NimCommand::Safe { position: p, json } => run_safe(&p.heaps.0, p.k, p.rule, *json, out),
        NimCommand::Pile { matches, json } => run_pile(*matches, *json, out),
    }
}

fn list(heaps: &[u8]) -> String {
    heaps
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The column sums from the 16s down to the 1s, as words for text output.
fn sums_words(heaps: &[u8]) -> String {
    let sums = column_sums(heaps);
    (0..COLUMNS)
        .rev()
        .map(|c| format!("{}s {}", 1u32 << c, sums[c]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A binary column's sum in `safe --json`: the column's value (16, 8, 4, 2, 1) and how
/// many heaps have that bit.
#[derive(Serialize)]
struct ColumnJson {
    column: u32,
    sum: u32,
}

/// The column sums from the 16s down to the 1s.
fn sums_json(heaps: &[u8]) -> Vec<ColumnJson> {
    let sums = column_sums(heaps);
    (0..COLUMNS)
        .rev()
        .map(|c| ColumnJson {
            column: 1u32 << c,
            sum: sums[c],
        })
        .collect()
}

/// What `move --json` and `safe --json` both say: the position and the settings, the
/// case of FtT's routine.
#[derive(Serialize)]
struct PositionJson<'a> {
    heaps: &'a [u8],
    k: usize,
    rule: &'static str,
    /// The case's letter and the case in words.
    case: String,
    case_words: String,
}

impl<'a> PositionJson<'a> {
    fn new(heaps: &'a [u8], k: usize, rule: Rule, case: mark1::reference::nim::Case) -> Self {
        PositionJson {
            heaps,
            k,
            rule: rule.word(),
            case: case.letter().to_string(),
            case_words: case.to_string(),
        }
    }
}

/// `move --json`: the programme's move (the heaps it changes and the heaps after), or
/// none when the position is safe or the game over.
#[derive(Serialize)]
struct MoveJson<'a> {
    #[serde(flatten)]
    position: PositionJson<'a>,
    pick: &'static str,
    outcome: &'static str,
    changes: Vec<ChangeJson>,
    after: Option<Vec<u8>>,
}

/// A heap the move changes: its letter, its matches before and after, those taken.
#[derive(Serialize)]
struct ChangeJson {
    heap: String,
    from: u8,
    to: u8,
    taken: u8,
}

/// `safe --json`: whether the position is safe, the column sums, the nim-sum.
#[derive(Serialize)]
struct SafeJson<'a> {
    #[serde(flatten)]
    position: PositionJson<'a>,
    safe: bool,
    column_sums: Vec<ColumnJson>,
    nim_sum: u8,
}

/// `pile --json`: Bell's single pile: whether it is safe, the most a move may take, the
/// reply (none when safe or empty) and what it leaves.
#[derive(Serialize)]
struct PileJson {
    matches: u32,
    safe: bool,
    most_to_take: u32,
    take: Option<u32>,
    left: Option<u32>,
}

fn run_move(
    heaps: &[u8],
    k: usize,
    rule: Rule,
    pick: HeapPick,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let r = reply(heaps, k, rule, &Readings { pick })?;
    let outcome = match (&r.after, r.case) {
        (Some(_), _) => "move",
        (None, mark1::reference::nim::Case::Zero) => "game over",
        (None, _) => "safe: random move",
    };
    let changed = r
        .after
        .as_ref()
        .map(|a| changes(heaps, a))
        .unwrap_or_default();
    if json {
        return write_json(
            out,
            &MoveJson {
                position: PositionJson::new(heaps, k, rule, r.case),
                pick: pick.word(),
                outcome,
                changes: changed
                    .iter()
                    .map(|&(i, from, to)| ChangeJson {
                        heap: letter(i).to_string(),
                        from,
                        to,
                        taken: from - to,
                    })
                    .collect(),
                after: r.after.clone(),
            },
        );
    }
    writeln!(out, "heaps {} with k = {k}, {rule}", list(heaps))?;
    writeln!(out, "{}", r.case)?;
    match &r.after {
        Some(a) => {
            let moves: Vec<String> = changed
                .iter()
                .map(|&(i, from, to)| format!("{} {from}→{to}", letter(i)))
                .collect();
            writeln!(out, "move: {}", moves.join(", "))?;
            writeln!(out, "after: {}", list(a))?;
        }
        None if r.case == mark1::reference::nim::Case::Zero => {
            let who = match rule {
                Rule::Misere => "the player who took the last match lost",
                Rule::Normal => "the player who took the last match won",
            };
            writeln!(out, "game over: {who}")?;
        }
        None => writeln!(
            out,
            "the position is safe: the programme moves at random (any legal move)"
        )?,
    }
    Ok(())
}

fn run_safe(heaps: &[u8], k: usize, rule: Rule, json: bool, out: &mut dyn Write) -> Result<()> {
    validate(heaps, k)?;
    let safe = is_safe(heaps, k, rule);
    let case = case_of(heaps, k);
    if json {
        return write_json(
            out,
            &SafeJson {
                position: PositionJson::new(heaps, k, rule, case),
                safe,
                column_sums: sums_json(heaps),
                nim_sum: nim_sum(heaps),
            },
        );
    }
    writeln!(out, "heaps {} with k = {k}, {rule}", list(heaps))?;
    writeln!(out, "column sums: {}", sums_words(heaps))?;
    if k == 1 {
        writeln!(out, "nim-sum (exclusive or): {}", nim_sum(heaps))?;
    }
    writeln!(out, "{case}")?;
    writeln!(
        out,
        "{}",
        if safe {
            "safe: a win for the player who has just moved"
        } else {
            "unsafe: a win for the player to move"
        }
    )?;
    Ok(())
}

fn run_pile(n: u32, json: bool, out: &mut dyn Write) -> Result<()> {
    let safe = single_pile_safe(n);
    let take = single_pile_reply(n);
    if json {
        return write_json(
            out,
            &PileJson {
                matches: n,
                safe,
                most_to_take: single_pile_max_take(n),
                take,
                left: take.map(|t| n - t),
            },
        );
    }
    writeln!(
        out,
        "pile of {n}: a move takes 1 to {} (the last match loses)",
        single_pile_max_take(n)
    )?;
    match take {
        Some(t) => writeln!(out, "unsafe: take {t}, leaving {}", n - t)?,
        None if n == 0 => writeln!(out, "the pile is empty: the game is over")?,
        None => writeln!(
            out,
            "safe (2^n - 1): no move keeps it safe; Bell's machine takes 1"
        )?,
    }
    Ok(())
}
