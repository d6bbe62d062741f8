//! `mark1 ref nim …`: the nim reference engine: the programme's reply to a position (FtT
//! ch. 25, NIM), whether a position is safe, and Bell's single-pile game.

use anyhow::Result;
use mark1::reference::nim::{
    case_of, changes, column_sums, is_safe, letter, nim_sum, parse_heaps, reply,
    single_pile_max_take, single_pile_reply, single_pile_safe, validate, HeapPick, Readings, Rule,
    COLUMNS,
};
use serde_json::{json, Value};
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

fn sums_json(heaps: &[u8]) -> Value {
    let sums = column_sums(heaps);
    Value::Array(
        (0..COLUMNS)
            .rev()
            .map(|c| json!({"column": 1u32 << c, "sum": sums[c]}))
            .collect(),
    )
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
        let v = json!({
            "heaps": heaps,
            "k": k,
            "rule": rule.word(),
            "pick": pick.word(),
            "case": r.case.letter().to_string(),
            "case_words": r.case.to_string(),
            "outcome": outcome,
            "changes": changed.iter().map(|&(i, from, to)| json!({
                "heap": letter(i).to_string(), "from": from, "to": to, "taken": from - to
            })).collect::<Vec<_>>(),
            "after": r.after,
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        return Ok(());
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
        let v = json!({
            "heaps": heaps,
            "k": k,
            "rule": rule.word(),
            "safe": safe,
            "case": case.letter().to_string(),
            "case_words": case.to_string(),
            "column_sums": sums_json(heaps),
            "nim_sum": nim_sum(heaps),
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        return Ok(());
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
        let v = json!({
            "matches": n,
            "safe": safe,
            "most_to_take": single_pile_max_take(n),
            "take": take,
            "left": take.map(|t| n - t),
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        return Ok(());
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
