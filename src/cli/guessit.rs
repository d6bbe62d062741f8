//! `mark1 guess-it`: Isaacs' Guess It with Bell's tables on the emulated Mark 1 (Bell
//! 1972, ch. 1.4; docs/bell.md): a game at the terminal or from a script (your asks,
//! guesses and answers on the hand switches with KAC), one turn (`--think --moves`),
//! games against Bell's procedure (`--selfplay N`) and the comparison with the reference
//! (`--check N`). The work and the words are in [`mark1::games::guessit`].

use crate::cli::cost::{Cost, Timed};
use crate::cli::moves::Moves;
use crate::cli::out::{rounded, write_json};
use anyhow::{bail, Result};
use mark1::games::guessit::{self as g, Deal, First, Prompt, Waiting};
use mark1::reference::guessit::{self as rg, View, CARDS};
use serde::Serialize;
use std::io::Write;

/// The arguments of `mark1 guess-it`.
#[derive(clap::Args)]
pub struct GuessitArgs {
    /// Who moves first: machine or human.
    #[arg(long, default_value = "machine", value_parser = ["machine", "human"])]
    first: String,
    /// Your lines for a game, one a line (a card to ask for, e.g. KH; `guess QC`; `yes`
    /// or `no` to the machine's HAVE YOU; `#` starts a comment); the terminal otherwise.
    #[arg(long, conflicts_with_all = ["think", "check", "selfplay"])]
    script: Option<std::path::PathBuf>,
    /// Seed of the deal, of /W and of --check's and --selfplay's positions and games.
    #[arg(long, default_value_t = 1972)]
    seed: u64,
    /// The machine's five cards (e.g. `AS,KH,QC,KD,AC`) instead of the dealt ones; the
    /// hidden card and yours are dealt from the other six.
    #[arg(long, conflicts_with_all = ["check", "selfplay"])]
    hand: Option<String>,
    /// JSON output (one object naming its cards).
    #[arg(long)]
    json: bool,
    /// One turn: the machine's decision after --moves.
    #[arg(long, conflicts_with_all = ["check", "selfplay"])]
    think: bool,
    /// The cards asked for so far, alternately, the first player's first (--first), e.g.
    /// `KH,AS,QC`; each answered from the deal.
    #[arg(long, requires = "think")]
    moves: Option<String>,
    /// Compare the program with the reference on N random positions (in parallel); the
    /// last line is `N positions, D differences`.
    #[arg(long, conflicts_with = "selfplay", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    check: Option<u64>,
    /// Play N games of the program against Bell's procedure (in parallel) and print the
    /// first player's share of wins.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    selfplay: Option<u64>,
    /// Worker threads for --check and --selfplay (1 or more); all cores by default.
    #[arg(long, value_parser = crate::cli::parse_threads)]
    threads: Option<usize>,
}

/// `--selfplay N --json`: the games won and the first player's share with its 95 %
/// interval (four places).
#[derive(Serialize)]
struct SelfplayJson<'a> {
    games: u64,
    opponent: &'static str,
    first: &'a str,
    machine_won: u64,
    first_player_won: u64,
    first_player_share: f64,
    interval_95: [f64; 2],
}

/// `--think --json`: the machine's view (each set of cards by name) and its decision.
#[derive(Serialize)]
struct ThinkJson {
    cards: String,
    mine: Vec<&'static str>,
    shown: Vec<&'static str>,
    his: Vec<&'static str>,
    asked: Vec<&'static str>,
    knows: Option<&'static str>,
    pending: Option<&'static str>,
    /// ask, guess or call.
    decision: &'static str,
    card: &'static str,
    bluff: bool,
    randoms: u64,
    #[serde(flatten)]
    cost: Timed,
}

/// A game's `--json`: the deal, the paper, the lines entered, the result.
#[derive(Serialize)]
struct GameJson<'a> {
    cards: String,
    machine_hand: String,
    your_hand: String,
    hidden: &'static str,
    paper: &'a str,
    entered: Vec<String>,
    machine_won: Option<bool>,
    result: &'a str,
    #[serde(flatten)]
    cost: Cost,
}

/// A list of cards separated by commas or spaces.
fn cards_of(text: &str) -> Result<Vec<usize>> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| rg::parse_card(t).map_err(|e| anyhow::anyhow!("card {}: {e}", i + 1)))
        .collect()
}

/// The deal: dealt from the seed, or the machine's hand as given and the rest dealt.
fn deal_of(hand: Option<&str>, seed: u64) -> Result<Deal> {
    let d = Deal::random(seed);
    let Some(text) = hand else { return Ok(d) };
    let cards = cards_of(text)?;
    let set = cards.iter().fold(0u16, |s, &c| s | 1 << c);
    if cards.len() != 5 || set.count_ones() != 5 {
        bail!("--hand: five different cards, e.g. AS,KH,QC,KD,AC");
    }
    // The other six in the dealt order: the first hidden, the rest the opponent's.
    let mut rest: Vec<usize> = (0..11).filter(|c| set & 1 << c == 0).collect();
    let k = d.hidden % rest.len();
    rest.rotate_left(k);
    Ok(Deal {
        hidden: rest[0],
        machine: set,
        human: rest[1..].iter().fold(0u16, |s, &c| s | 1 << c),
    })
}

/// The machine's view after the asks of `moves` on `deal`, `first` to ask first; the
/// machine to move after them.
fn view_after(deal: &Deal, first: First, moves: &[usize]) -> Result<View> {
    let mut m = View {
        mine: deal.machine,
        ..View::default()
    };
    let mut h = View {
        mine: deal.human,
        ..View::default()
    };
    let mut machine_turn = first == First::Machine;
    for (i, &c) in moves.iter().enumerate() {
        let n = i + 1;
        if m.mentioned & 1 << c != 0 {
            bail!("move {n}: {} was asked for before", CARDS[c]);
        }
        if machine_turn {
            // It did not call: the card he just asked for counts as his.
            if let Some(p) = m.pending.take() {
                m.his |= 1 << p;
            }
            if m.knows.is_some() {
                bail!("move {n}: the game was over: the machine knew the card");
            }
            let bluff = m.mine & 1 << c != 0;
            rg::answer(&mut m, &mut h, c, bluff);
        } else {
            if m.knows.is_some() {
                bail!("move {n}: the game was over: the machine knew the card and said so");
            }
            let bluff = h.mine & 1 << c != 0;
            rg::answer(&mut h, &mut m, c, bluff);
        }
        machine_turn = !machine_turn;
    }
    if !machine_turn {
        bail!(
            "after {} moves it is your turn, not the machine's: give one move more or fewer",
            moves.len()
        );
    }
    Ok(m)
}

/// Runs `mark1 guess-it`.
///
/// # Errors
/// Bad input (refused with the reason), the program failing.
pub fn run(a: GuessitArgs) -> Result<()> {
    let first = if a.first == "human" {
        First::Human
    } else {
        First::Machine
    };
    let out = &mut crate::cli::out::stdout();
    if let Some(n) = a.check {
        let r = crate::cli::with_threads(a.threads, || g::check(n as usize, a.seed))??;
        write!(out, "{}", r.text())?;
        return Ok(());
    }
    if let Some(n) = a.selfplay {
        let w = crate::cli::with_threads(a.threads, || g::selfplay(n, first, a.seed))??;
        let firsts = if first == First::Machine { w } else { n - w };
        let p = firsts as f64 / n as f64;
        let half = 1.96 * (p * (1.0 - p) / n as f64).sqrt();
        let who = if first == First::Machine {
            "the machine first"
        } else {
            "Bell's procedure first"
        };
        if a.json {
            write_json(
                out,
                &SelfplayJson {
                    games: n,
                    opponent: "Bell's procedure (reference::guessit::decide)",
                    first: &a.first,
                    machine_won: w,
                    first_player_won: firsts,
                    first_player_share: rounded(p, 4),
                    interval_95: [rounded(p - half, 4), rounded(p + half, 4)],
                },
            )?;
        } else {
            writeln!(
                out,
                "{n} games against Bell's procedure, {who}: the machine won {w}; the first player won {firsts} ({p:.4}, 95 % interval {:.4} to {:.4}); Bell: 0.54",
                p - half,
                p + half
            )?;
        }
        return Ok(());
    }
    let deal = deal_of(a.hand.as_deref(), a.seed)?;
    if a.think {
        let moves = cards_of(a.moves.as_deref().unwrap_or(""))?;
        let v = view_after(&deal, first, &moves)?;
        let t = g::think(&v, a.seed)?;
        let cost = Cost::new(t.instructions, t.beats);
        if a.json {
            let set = |s: u16| {
                (0..11)
                    .filter(|c| s >> c & 1 == 1)
                    .map(|c| CARDS[c])
                    .collect::<Vec<_>>()
            };
            let (decision, card, bluff) = match t.decision {
                rg::Decision::Ask { card, bluff } => ("ask", card, bluff),
                rg::Decision::Guess(c) => ("guess", c, false),
                rg::Decision::Call(c) => ("call", c, false),
            };
            write_json(
                out,
                &ThinkJson {
                    cards: CARDS.join(" "),
                    mine: set(v.mine),
                    shown: set(v.shown),
                    his: set(v.his),
                    asked: set(v.mentioned),
                    knows: v.knows.map(|c| CARDS[c]),
                    pending: v.pending.map(|c| CARDS[c]),
                    decision,
                    card: CARDS[card],
                    bluff,
                    randoms: t.randoms,
                    cost: cost.timed(3),
                },
            )?;
        } else {
            writeln!(out, "{}", g::view_text(&v))?;
            writeln!(
                out,
                "the machine {}; {} random numbers, {}",
                g::decision_text(&t.decision),
                t.randoms,
                cost.text(2)
            )?;
        }
        return Ok(());
    }
    play(&a, deal, first, out)
}

/// A line of the operator's in a game.
enum Said {
    /// yes or no to the machine's HAVE YOU.
    Answer(bool),
    /// `guess CARD`.
    Guess(usize),
    /// A card to ask for.
    Ask(usize),
}

/// What the operator's line `text` says when the program waits with `prompt`, the
/// operator holding the cards `human`; or the refusal (an answer must be true).
fn said_of(prompt: Prompt, human: u16, text: &str) -> Result<Said, String> {
    let lower = text.to_ascii_lowercase();
    if let Prompt::Answer(c) = prompt {
        let yes = match lower.as_str() {
            "yes" | "y" => true,
            "no" | "n" => false,
            _ => return Err(format!("`{text}`: answer yes or no")),
        };
        let holds = human & 1 << c != 0;
        if yes != holds {
            return Err(format!(
                "`{text}`: you {} {}; the answer must be true",
                if holds { "hold" } else { "do not hold" },
                CARDS[c]
            ));
        }
        return Ok(Said::Answer(yes));
    }
    // `guess` is five ASCII letters: the card's name follows at byte 5.
    let (is_guess, name) = if lower.starts_with("guess") {
        (true, text.get(5..).unwrap_or("").trim())
    } else {
        (false, text)
    };
    let c = rg::parse_card(name).map_err(|e| format!("{e}; to guess, `guess QC`"))?;
    Ok(if is_guess {
        Said::Guess(c)
    } else {
        Said::Ask(c)
    })
}

/// A game at the terminal or from the script.
fn play(a: &GuessitArgs, deal: Deal, first: First, out: &mut dyn Write) -> Result<()> {
    let mut game = g::Game::new(deal, first, a.seed)?;
    let mut moves = Moves::open(a.script.as_deref())?;
    if !a.json {
        writeln!(
            out,
            "your cards: {} (the machine holds five, one is hidden)",
            rg::set_text(deal.human)
        )?;
    }
    let mut shown = 0;
    let mut entered: Vec<String> = Vec::new();
    let mut w = game.run_to_wait()?;
    loop {
        if !a.json {
            write!(out, "{}", &game.paper()[shown..])?;
            out.flush()?;
        }
        shown = game.paper().len();
        let prompt = game.prompt();
        if w == Waiting::Over || prompt == Prompt::Over {
            break;
        }
        let ask = match prompt {
            Prompt::Answer(c) => format!("do you have {}? (yes/no)> ", CARDS[c]),
            _ => "your card to ask for, or guess CARD> ".to_string(),
        };
        let human = game.deal.human;
        let Some((line, said)) = moves.next_move(&ask, out, |t| said_of(prompt, human, t))? else {
            break;
        };
        entered.push(line.text);
        w = match said {
            Said::Answer(yes) => game.answer(yes)?,
            Said::Guess(c) => game.guess(c)?,
            Said::Ask(c) => game.ask(c)?,
        };
    }
    let outcome = game.outcome();
    let result = outcome.as_ref().map_or_else(
        || "stopped before the end".to_string(),
        |o| o.reason.clone(),
    );
    if a.json {
        write_json(
            out,
            &GameJson {
                cards: CARDS.join(" "),
                machine_hand: rg::set_text(deal.machine),
                your_hand: rg::set_text(deal.human),
                hidden: CARDS[deal.hidden],
                paper: game.paper(),
                entered,
                machine_won: outcome.as_ref().map(|o| o.machine_won),
                result: &result,
                cost: Cost::of(&game.machine),
            },
        )?;
    } else {
        writeln!(out, "{result}; {}", Cost::of(&game.machine).machine_time())?;
    }
    Ok(())
}
