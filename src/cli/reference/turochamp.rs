//! `mark1 ref turochamp …`: Turing's paper chess machine (typescript "Digital Computers
//! applied to Games"; Faster than Thought ch. 25): its choice in a position, its replay of
//! the two printed games, and a game against a person.

use crate::cli::out::write_json;
use anyhow::Result;
use mark1::reference::turochamp::choose::{analyse_with, fen_of, san_of};
use mark1::reference::turochamp::position_play::tenths_text;
use mark1::reference::turochamp::readings::SWITCHES;
use mark1::reference::turochamp::{
    analyse, parse_fen, parse_san, replay, Analysis, Readings, Value, DEFAULT_NODE_LIMIT,
};
use serde::Serialize;
use shakmaty::{Chess, Color, Position};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

/// The readings and the node limit, shared by every subcommand.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct MachineArgs {
    /// A reading of an ambiguous rule, NAME=VALUE (repeatable): turn=pass|pattern,
    /// pawn-defends=yes|no, king-defends=yes|no, queen-capture=two|one, pawn-prey=yes|no,
    /// recapture=any-capture|tested-capture, castling=three|one, castle-sides=either|each,
    /// dead=considerable|any-capture, tie=low|high, defended=any|no-king|pieces|after|legal,
    /// mate-threat=pass|forced, recapture-on=square|anywhere, chain=yes|no,
    /// evasions=considerable|all, pp-at=move|line, sqrt=round|cap. See docs/turochamp.md.
    #[arg(long = "reading", value_name = "NAME=VALUE")]
    readings: Vec<String>,
    /// The most positions one analysis may visit (the search's limit).
    #[arg(long, default_value_t = DEFAULT_NODE_LIMIT)]
    nodes: u64,
}

impl MachineArgs {
    fn readings(&self) -> Result<Readings> {
        Ok(Readings::from_assignments(&self.readings)?)
    }
}

/// Turochamp subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum TurochampCommand {
    /// The machine's move in a position with White to move: every legal move with its value
    /// W/B and position-play increase, the choice, and the considerable-move tree's size.
    ///
    /// Example: `mark1 ref turochamp best --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`
    Best {
        /// The position (FEN), White to move.
        #[arg(long)]
        fen: String,
        #[command(flatten)]
        machine: MachineArgs,
        /// Search the whole considerable-move tree (no alpha-beta cut-offs, which never
        /// change a value), so that the tree size reported is the full tree's.
        #[arg(long)]
        full_tree: bool,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Replay a printed game: for each White move, the move played, the machine's choice,
    /// Turing's printed position-play increase and `*` and ours.
    ///
    /// Example: `mark1 ref turochamp replay --game 2`
    Replay {
        /// 1: the typescript's game (ends 29... R-R8 mate); 2: Faster than Thought's.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
        game: u8,
        #[command(flatten)]
        machine: MachineArgs,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Play against the machine: it is White; type Black's moves in SAN, one a line (from
    /// standard input, or from a script file). An illegal move is refused with the reason
    /// and the game goes on; the game ends at mate, stalemate or the end of the input.
    ///
    /// Example: `mark1 ref turochamp play --script moves.txt --pgn game.pgn`
    Play {
        /// Black's moves, one SAN a line (`#` starts a comment), instead of standard input.
        #[arg(long)]
        script: Option<PathBuf>,
        /// Write the game as PGN to this file at the end.
        #[arg(long)]
        pgn: Option<PathBuf>,
        /// Replace a --pgn file that exists (without it an existing file is refused
        /// before the game).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        machine: MachineArgs,
    },
}

/// Runs one `ref turochamp` subcommand, writing its report to `out`.
///
/// # Errors
/// A bad FEN, SAN, reading or script, or a failed read or write.
pub fn run(cmd: &TurochampCommand, out: &mut dyn Write) -> Result<()> {
    match cmd {
        TurochampCommand::Best {
            fen,
            machine,
            full_tree,
            json,
        } => run_best(fen, machine, *full_tree, *json, out),
        TurochampCommand::Replay {
            game,
            machine,
            json,
        } => run_replay(*game, machine, *json, out),
        TurochampCommand::Play {
            script,
            pgn,
            force,
            machine,
        } => {
            let inputs: Vec<&std::path::Path> = script.as_deref().into_iter().collect();
            crate::cli::out::check_outputs(&[pgn.as_deref()], *force, &inputs)?;
            let readings = machine.readings()?;
            let mut moves = crate::cli::moves::Moves::open(script.as_deref())?;
            play(
                &mut moves,
                out,
                &readings,
                machine.nodes,
                pgn.as_deref().map(|p| (p, *force)),
            )
        }
    }
}

/// Every reading of an ambiguous rule by its name, with its value.
fn readings_json(r: &Readings) -> BTreeMap<&'static str, Option<&'static str>> {
    SWITCHES
        .iter()
        .map(|s| (s.name, r.value_of(s.name)))
        .collect()
}

/// A value W/B: the fraction as Turing wrote it and as a decimal (none when B is 0).
#[derive(Serialize)]
struct ValueJson {
    fraction: String,
    decimal: Option<f64>,
}

fn value_json(v: &Value) -> ValueJson {
    ValueJson {
        fraction: v.fraction(),
        decimal: v.as_f64(),
    }
}

/// `best --json`: the readings, the position play on the board, every move in the order
/// of preference, the choice, the size of the considerable-move tree.
#[derive(Serialize)]
struct BestJson<'a> {
    fen: String,
    readings: BTreeMap<&'static str, Option<&'static str>>,
    position_play_tenths: i32,
    chosen: Option<&'a str>,
    moves: Vec<MoveJson<'a>>,
    tree_positions: u64,
    full_tree: bool,
    truncated: bool,
}

/// A move of `best --json`: its value, its position-play increase (tenths and text),
/// whether it earns Turing's `*`, the positions of its tree.
#[derive(Serialize)]
struct MoveJson<'a> {
    san: &'a str,
    value: ValueJson,
    pp_increase_tenths: i32,
    pp_increase: String,
    star: bool,
    nodes: u64,
}

/// `replay --json`: every White move of the printed game beside the machine's choice,
/// the figures reproduced.
#[derive(Serialize)]
struct ReplayJson {
    game: u8,
    source: &'static str,
    readings: BTreeMap<&'static str, Option<&'static str>>,
    moves: Vec<ReplayedJson>,
    moves_agree: usize,
    white_moves: usize,
    pp_reproduced: usize,
    pp_printed: usize,
    pp_and_star_reproduced: usize,
    end: &'static str,
}

/// A White move of `replay --json`: printed, played and chosen, their values, Turing's
/// position-play figure and `*` beside ours.
#[derive(Serialize)]
struct ReplayedJson {
    number: u32,
    printed: &'static str,
    played: String,
    chosen: String,
    agrees: bool,
    played_value: ValueJson,
    chosen_value: ValueJson,
    printed_pp_tenths: Option<i32>,
    our_pp_tenths: i32,
    printed_star: bool,
    our_star: bool,
    tree_positions: u64,
    truncated: bool,
}

fn signed(t: i32) -> String {
    if t > 0 {
        format!("+{}", tenths_text(t))
    } else {
        tenths_text(t)
    }
}

/// The moves in the order of preference: value, then position play, then the tie order.
fn ranked(a: &Analysis) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..a.moves.len()).collect();
    idx.sort_by(|&i, &j| {
        let (x, y) = (&a.moves[i], &a.moves[j]);
        y.value
            .cmp(&x.value)
            .then(y.choice_pp.cmp(&x.choice_pp))
            .then(i.cmp(&j))
    });
    idx
}

fn run_best(
    fen: &str,
    machine: &MachineArgs,
    full_tree: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let readings = machine.readings()?;
    let pos = parse_fen(fen)?;
    let a = analyse_with(&pos, &readings, machine.nodes, !full_tree)?;
    let order = ranked(&a);
    if json {
        return write_json(
            out,
            &BestJson {
                fen: fen_of(&pos),
                readings: readings_json(&readings),
                position_play_tenths: a.pp_before,
                chosen: a.choice().map(|c| c.san.as_str()),
                moves: order
                    .iter()
                    .map(|&i| {
                        let m = &a.moves[i];
                        MoveJson {
                            san: &m.san,
                            value: value_json(&m.value),
                            pp_increase_tenths: m.increase,
                            pp_increase: tenths_text(m.increase),
                            star: a.star(i),
                            nodes: m.nodes,
                        }
                    })
                    .collect(),
                tree_positions: a.nodes,
                full_tree,
                truncated: a.truncated,
            },
        );
    }
    writeln!(out, "position: {}", fen_of(&pos))?;
    writeln!(out, "readings: {}", readings.describe())?;
    writeln!(
        out,
        "position play on the board: {}",
        tenths_text(a.pp_before)
    )?;
    writeln!(
        out,
        "{:<8} {:>13} {:>9} {:>12}",
        "move", "value W/B", "decimal", "PP increase"
    )?;
    for &i in &order {
        let m = &a.moves[i];
        writeln!(
            out,
            "{:<8} {:>13} {:>9} {:>11}{}",
            m.san,
            m.value.fraction(),
            m.value.decimal(),
            signed(m.increase),
            if a.star(i) { "*" } else { " " }
        )?;
    }
    match a.choice() {
        Some(c) => writeln!(
            out,
            "chosen: {} (value {} = {}, position play {})",
            c.san,
            c.value.fraction(),
            c.value.decimal(),
            signed(c.increase)
        )?,
        None => writeln!(out, "no legal move: the game is over")?,
    }
    writeln!(
        out,
        "considerable-move tree: {} positions{}{}",
        a.nodes,
        if full_tree {
            " (the whole tree)"
        } else {
            " visited (alpha-beta; --full-tree for the whole tree)"
        },
        if a.truncated {
            " (cut short by the node limit)"
        } else {
            ""
        }
    )?;
    Ok(())
}

/// A position-play increase with its `*`, or `-` where none is printed.
fn printed_text(p: Option<i32>, star: bool) -> String {
    match p {
        Some(t) => format!("{}{}", tenths_text(t), if star { "*" } else { "" }),
        None => "-".to_string(),
    }
}

fn run_replay(game: u8, machine: &MachineArgs, json: bool, out: &mut dyn Write) -> Result<()> {
    let readings = machine.readings()?;
    let r = replay(game, &readings, machine.nodes)?;
    let (same, printed) = r.pp_figures();
    let n = r.moves.len();
    if json {
        return write_json(
            out,
            &ReplayJson {
                game,
                source: r.source,
                readings: readings_json(&readings),
                moves: r
                    .moves
                    .iter()
                    .map(|m| ReplayedJson {
                        number: m.number,
                        printed: m.descriptive,
                        played: m.played.clone(),
                        chosen: m.chosen.clone(),
                        agrees: m.agrees(),
                        played_value: value_json(&m.played_value),
                        chosen_value: value_json(&m.chosen_value),
                        printed_pp_tenths: m.printed_pp,
                        our_pp_tenths: m.our_pp,
                        printed_star: m.printed_star,
                        our_star: m.our_star,
                        tree_positions: m.nodes,
                        truncated: m.truncated,
                    })
                    .collect(),
                moves_agree: r.agreeing(),
                white_moves: n,
                pp_reproduced: same,
                pp_printed: printed,
                pp_and_star_reproduced: r.pp_and_star(),
                end: r.end,
            },
        );
    }
    writeln!(out, "game {game}: {}", r.source)?;
    writeln!(out, "readings: {}", readings.describe())?;
    writeln!(
        out,
        "{:>3}  {:<8} {:<8} {:<6} {:>8} {:>6} {:>13} {:>13}",
        "no.", "played", "machine", "agree", "printed", "ours", "value played", "value chosen"
    )?;
    for m in &r.moves {
        writeln!(
            out,
            "{:>3}. {:<8} {:<8} {:<6} {:>8} {:>6} {:>13} {:>13}",
            m.number,
            m.played,
            m.chosen,
            if m.agrees() { "yes" } else { "no" },
            printed_text(m.printed_pp, m.printed_star),
            printed_text(Some(m.our_pp), m.our_star),
            m.played_value.fraction(),
            m.chosen_value.fraction(),
        )?;
    }
    writeln!(out, "end: {}", r.end)?;
    writeln!(
        out,
        "stars: {}/{printed} printed figures reproduced with their asterisk",
        r.pp_and_star()
    )?;
    writeln!(out, "moves: {}/{n} agree", r.agreeing())?;
    writeln!(
        out,
        "position play: {same}/{printed} printed values reproduced"
    )?;
    Ok(())
}

/// The game so far as PGN (the seven tags of the PGN standard's roster, the date unknown).
fn pgn_text(sans: &[String], result: &str) -> String {
    let mut s = String::new();
    s.push_str("[Event \"A game against Turing's paper machine\"]\n");
    s.push_str("[Site \"mark1 ref turochamp play\"]\n");
    s.push_str("[Date \"????.??.??\"]\n");
    s.push_str("[Round \"-\"]\n");
    s.push_str("[White \"Turing's paper machine (mark1 reference engine)\"]\n");
    s.push_str("[Black \"Player\"]\n");
    s.push_str(&format!("[Result \"{result}\"]\n\n"));
    let mut line = String::new();
    for (i, san) in sans.iter().enumerate() {
        if i % 2 == 0 {
            line.push_str(&format!("{}. ", i / 2 + 1));
        }
        line.push_str(san);
        line.push(' ');
    }
    line.push_str(result);
    s.push_str(&line);
    s.push('\n');
    s
}

/// The result when the game is over: mate or stalemate.
fn finished(pos: &Chess) -> Option<(&'static str, &'static str)> {
    if pos.is_checkmate() {
        Some(match pos.turn() {
            Color::White => ("0-1", "Black mates"),
            Color::Black => ("1-0", "White mates"),
        })
    } else if pos.is_stalemate() {
        Some(("1/2-1/2", "stalemate"))
    } else {
        None
    }
}

/// The machine (White) against Black's moves from the script (each echoed) or the
/// terminal (each after the prompt `Black? `).
fn play(
    moves: &mut crate::cli::moves::Moves,
    out: &mut dyn Write,
    readings: &Readings,
    nodes: u64,
    pgn: Option<(&std::path::Path, bool)>,
) -> Result<()> {
    let mut pos = Chess::default();
    let mut sans: Vec<String> = Vec::new();
    let mut result = "*";
    writeln!(out, "the machine plays White; type Black's moves in SAN")?;
    'game: loop {
        let a = analyse(&pos, readings, nodes)?;
        let Some(c) = a.choice() else {
            break;
        };
        writeln!(
            out,
            "{}. {} (value {}, position play {})",
            sans.len() / 2 + 1,
            c.san,
            c.value.fraction(),
            signed(c.increase)
        )?;
        sans.push(c.san.clone());
        pos.play_unchecked(c.mv);
        if let Some((r, words)) = finished(&pos) {
            writeln!(out, "{words}: {r}")?;
            result = r;
            break;
        }
        loop {
            let Some(line) = moves.next_line("Black? ", out)? else {
                writeln!(out, "end of input: the game stops here")?;
                break 'game;
            };
            let text = line.text.as_str();
            if moves.is_script() {
                writeln!(out, "Black: {text}")?;
            }
            match parse_san(&pos, text) {
                Ok(m) => {
                    sans.push(san_of(&pos, m));
                    pos.play_unchecked(m);
                    break;
                }
                Err(e) => writeln!(out, "refused: {e}; try again")?,
            }
        }
        if let Some((r, words)) = finished(&pos) {
            writeln!(out, "{words}: {r}")?;
            result = r;
            break;
        }
    }
    let text = pgn_text(&sans, result);
    match pgn {
        Some((path, force)) => {
            crate::cli::out::write_file(path, &text, force)?;
            writeln!(out, "PGN written to {}", path.display())?;
        }
        None => write!(out, "{text}")?,
    }
    Ok(())
}
