//! Guess It, R. Isaacs' card game with Bell's tables (Bell 1972, ch. 1.4 "Isaacs'
//! bluffer"), as a period program of ours on the emulated Mark 1 (`programs/guessit.m1`,
//! docs/bell.md): the driver as the operator. The dealer puts the machine's five cards
//! into the store before the start, as a card reader or a tape would; the driver sets the
//! settings, enters the opponent's cards and answers on the hand switches with KAC, and
//! reads the teleprinter and the store (page 7: the machine's cards, the cards shown, those
//! it counts as the opponent's, those asked for). It never computes the machine's
//! decision; [`check`] compares it with `reference::guessit::decide` given the same random
//! numbers (the machine's `/W` sequence for the seed).

use super::bundled::RunError;
pub use super::bundled::{CheckReport, Waiting};
pub use super::keys::First;
use super::keys_core::{self, GameError, KeysCore, Limit};
use crate::machine::{Machine, Rng, RngKind};
use crate::random::RandomSource;
use crate::random::Xorshift;
use crate::reference::guessit::{self as rg, Decision, View, CARDS};

keys_core::bundled_program!("programs/guessit.m1");

/// Beats a turn or a wait may take before the driver gives up.
const BEATS: u64 = 20_000_000;

/// The card index 0-10 of a store value, or the reason it is none.
fn card_of(v: u64) -> Result<usize, RunError> {
    usize::try_from(v)
        .ok()
        .filter(|&c| c < 11)
        .ok_or_else(|| RunError::Stopped(format!("no card {v} in the store")))
}

/// Puts a view into the program's store: the four sets (page 7), the card it knows and
/// the card it has just answered NO to.
fn set_view(m: &mut Machine, v: &View) -> Result<(), GameError> {
    m.store.write_long(label("mine")?, u64::from(v.mine));
    m.store.write_long(label("shown")?, u64::from(v.shown));
    m.store.write_long(label("hism")?, u64::from(v.his));
    m.store.write_long(label("men")?, u64::from(v.mentioned));
    m.store
        .write_long(label("knows")?, v.knows.map_or(0, |c| c as u64 + 1));
    m.store
        .write_long(label("pend")?, v.pending.map_or(0, |c| c as u64 + 1));
    Ok(())
}

/// The view the program holds in the store.
fn read_view(m: &Machine) -> Result<View, RunError> {
    let set = |n: &str| -> Result<u16, RunError> {
        Ok((m.store.read_long(label(n)?) & u64::from(rg::ALL)) as u16)
    };
    let opt = |n: &str| -> Result<Option<usize>, RunError> {
        let v = m.store.read_long(label(n)?);
        Ok(if v == 0 { None } else { Some(card_of(v - 1)?) })
    };
    Ok(View {
        mine: set("mine")?,
        shown: set("shown")?,
        his: set("hism")?,
        mentioned: set("men")?,
        knows: opt("knows")?,
        pending: opt("pend")?,
    })
}

/// Checks that a view is one a player can hold at his turn.
///
/// # Errors
/// [`GameError::Input`] with the reason.
pub fn check_view(v: &View) -> Result<(), GameError> {
    let bad = |s: &str| Err(GameError::Input(s.to_string()));
    if (v.mine | v.shown | v.his | v.mentioned) & !rg::ALL != 0 {
        return bad("a set holds a card that is none of the eleven");
    }
    if v.mine & v.shown != 0 || v.mine & v.his != 0 || v.shown & v.his != 0 {
        return bad("a card is in two of the sets mine, shown and his");
    }
    if v.shown & !v.mentioned != 0 {
        return bad("a card was shown without being asked for");
    }
    if v.mine.count_ones() > 5 {
        return bad("a player holds five cards at most");
    }
    for c in [v.knows, v.pending].into_iter().flatten() {
        if c > 10 {
            return bad("no such card");
        }
        if v.mentioned & 1 << c == 0 || (v.mine | v.shown) & 1 << c != 0 {
            return bad("the card known or just asked for must be asked for, and neither the player's nor shown");
        }
    }
    Ok(())
}

/// The decision the program left in the store: `dec`, `card`, `isbl`.
fn decision_in(m: &Machine) -> Result<Decision, RunError> {
    let card = card_of(m.store.read_long(label("card")?))?;
    Ok(match m.store.read_long(label("dec")?) {
        1 => Decision::Ask {
            card,
            bluff: m.store.read_long(label("isbl")?) == 1,
        },
        2 => Decision::Guess(card),
        3 => Decision::Call(card),
        other => {
            return Err(RunError::Stopped(format!(
                "the program left no decision ({other})"
            )))
        }
    })
}

/// One turn of the machine on a position: its decision, the view it left, the cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// What the program decided.
    pub decision: Decision,
    /// The view it left in the store (the card just asked for counted as his, unless
    /// called).
    pub after: View,
    /// Random numbers drawn (`/W` orders obeyed).
    pub randoms: u64,
    /// Orders obeyed.
    pub instructions: u64,
    /// Beats (240 µs each).
    pub beats: u64,
}

/// Runs the program's one-turn mode on `view` (the machine's), `/W` seeded with `seed`.
///
/// # Errors
/// A view that cannot be; the program failing.
pub fn think(view: &View, seed: u64) -> Result<Think, GameError> {
    check_view(view)?;
    let mut m = keys_core::loaded(&PROGRAM, seed)?;
    m.store.write_long(label("s_mode")?, 0);
    set_view(&mut m, view)?;
    keys_core::run_to_stop(&mut m, label("th_end")?, BEATS)?;
    let decision = decision_in(&m)?;
    Ok(Think {
        decision,
        after: read_view(&m)?,
        randoms: m.stats.random,
        instructions: m.stats.instructions,
        beats: m.stats.beats,
    })
}

/// The reference's decision on `view` given the machine's `/W` numbers for `seed`: the
/// decision, the view after it and the numbers drawn.
pub fn reference_think(view: &View, seed: u64) -> (Decision, View, u64) {
    let mut rng = Rng::new(RngKind::Mark1, seed);
    let mut drawn = 0u64;
    let mut next = || {
        drawn += 1;
        rng.next20()
    };
    let mut v = *view;
    let d = rg::decide(&mut v, &mut next);
    (d, v, drawn)
}

/// A decision in words: `asks for QC (a bluff)`, `guesses AS`, `calls KH (THATS THE
/// CARD)`.
pub fn decision_text(d: &Decision) -> String {
    match *d {
        Decision::Ask { card, bluff } => format!(
            "asks for {}{}",
            CARDS[card],
            if bluff { " (a bluff)" } else { "" }
        ),
        Decision::Guess(c) => format!("guesses {}", CARDS[c]),
        Decision::Call(c) => format!("calls {} (THATS THE CARD)", CARDS[c]),
    }
}

/// A view in words: the four sets, the card known and the card just answered NO to.
pub fn view_text(v: &View) -> String {
    let opt = |c: Option<usize>| c.map_or("-".to_string(), |c| CARDS[c].to_string());
    format!(
        "mine [{}] shown [{}] his [{}] asked [{}] knows {} pending {}",
        rg::set_text(v.mine),
        rg::set_text(v.shown),
        rg::set_text(v.his),
        rg::set_text(v.mentioned),
        opt(v.knows),
        opt(v.pending)
    )
}

/// Random positions where the machine is to move: `n` of them from `seed`, each a
/// random deal and a history of Bell's procedure on both sides, cut at one of the
/// machine's turns chosen at random.
pub fn positions(n: usize, seed: u64) -> Vec<View> {
    let mut rng = Xorshift((seed as u32) ^ 0x6E55_17AA);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let (_, a, b) = rg::deal(&mut rng);
        let mut p = [a, b].map(|mine| View {
            mine,
            ..View::default()
        });
        // The machine is player 0; it moves first or second.
        let mut turn = (rng.next_u20() & 1) as usize;
        let mut seen = Vec::new();
        for _ in 0..40 {
            if turn == 0 {
                seen.push(p[0]);
            }
            let d = rg::decide(&mut p[turn], &mut rng);
            match d {
                Decision::Ask { card, bluff } => {
                    let (x, y) = p.split_at_mut(1);
                    let (asker, other) = if turn == 0 {
                        (&mut x[0], &mut y[0])
                    } else {
                        (&mut y[0], &mut x[0])
                    };
                    rg::answer(asker, other, card, bluff);
                }
                _ => break,
            }
            turn = 1 - turn;
        }
        if !seen.is_empty() {
            let k = rng.next_u20() as usize % seen.len();
            out.push(seen[k]);
        }
    }
    out
}

/// The program against `reference::guessit::decide` on `n` positions, each given the
/// same random numbers (the machine's `/W` sequence for the position's seed): the same
/// decision, the same view left (the card just answered NO to counted as his, unless
/// called) and as many numbers drawn. Run in parallel on the current rayon pool; the
/// report is the same for any number of threads.
///
/// # Errors
/// The program failing on a position.
pub fn check(n: usize, seed: u64) -> Result<CheckReport, GameError> {
    use rayon::prelude::*;
    let ps = positions(n, seed);
    let results: Vec<Result<Option<String>, GameError>> = ps
        .par_iter()
        .enumerate()
        .map(|(k, v)| {
            let s = seed.wrapping_mul(1_000_003).wrapping_add(k as u64);
            let t = think(v, s)?;
            let (d, after, drawn) = reference_think(v, s);
            let same = t.decision == d && t.after == after && t.randoms == drawn;
            Ok((!same).then(|| {
                format!(
                    "{} (seed {s}): the program {} drawing {} numbers, the reference {} drawing {}",
                    view_text(v),
                    decision_text(&t.decision),
                    t.randoms,
                    decision_text(&d),
                    drawn
                )
            }))
        })
        .collect();
    CheckReport::collect(n, results)
}

/// A deal: the hidden card and the two hands, as sets (bit `c` for card `c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The hidden card, 0-10.
    pub hidden: usize,
    /// The machine's five cards.
    pub machine: u16,
    /// The opponent's five cards.
    pub human: u16,
}

impl Deal {
    /// A random deal from `seed` (a shuffle of the eleven, `reference::guessit::deal`).
    pub fn random(seed: u64) -> Deal {
        let mut rng = Xorshift((seed as u32) ^ 0x00DE_A1ED ^ ((seed >> 32) as u32));
        let (hidden, machine, human) = rg::deal(&mut rng);
        Deal {
            hidden,
            machine,
            human,
        }
    }
}

/// What the program waits for, read off the store at a wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// The answer to its HAVE YOU for this card (switch 0 on for yes).
    Answer(usize),
    /// The opponent's turn: a card to ask for or to guess.
    Turn,
    /// The game is over.
    Over,
}

/// How a game ended: the paper's last line read with the hidden card turned over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Whether the machine won.
    pub machine_won: bool,
    /// The reason, in words.
    pub reason: String,
}

/// A game on the emulated machine, at the keys (the machine and the program's waits in
/// its [`KeysCore`], which it dereferences to: `game.machine`, `game.paper()`; its own
/// [`Game::run_to_wait`] and [`Game::enter`] watch the machine's turns).
pub struct Game {
    core: KeysCore,
    /// The deal.
    pub deal: Deal,
    k_ret: u32,
    answer_link: u32,
    think_line: u32,
    thinks: Vec<(View, Option<Decision>)>,
}

keys_core::holds_core!(Game);

impl Game {
    /// The program loaded with the deal and the settings; nothing run yet.
    ///
    /// # Errors
    /// The program failing to assemble; a deal that is not one.
    pub fn new(deal: Deal, first: First, seed: u64) -> Result<Game, GameError> {
        let ok = deal.hidden < 11
            && deal.machine.count_ones() == 5
            && deal.human.count_ones() == 5
            && deal.machine & deal.human == 0
            && (deal.machine | deal.human) & 1 << deal.hidden == 0
            && (deal.machine | deal.human) & !rg::ALL == 0;
        if !ok {
            return Err(GameError::Input(
                "a deal is a hidden card and five other cards to each player".into(),
            ));
        }
        let mut core = KeysCore::new(&PROGRAM, seed, Limit::EachWait(BEATS), 0xF_FFFF)?;
        let m = &mut core.machine;
        m.store.write_long(label("s_mode")?, 1);
        m.store
            .write_long(label("s_first")?, u64::from(first == First::Human));
        m.store.write_long(label("mine")?, u64::from(deal.machine));
        Ok(Game {
            core,
            deal,
            k_ret: label("k_ret")?,
            // The key routine's link holds the jump constant of the return: mt_5 - 1.
            answer_link: label("mt_5")? - 1,
            think_line: label("tothink")?,
            thinks: Vec::new(),
        })
    }

    /// Runs until the program waits for KAC or the game is over.
    ///
    /// # Errors
    /// The machine stopping elsewhere or running past the limit.
    pub fn run_to_wait(&mut self) -> Result<Waiting, GameError> {
        // Within the driver's limit a run ends in a wait or an error, never in None.
        let stop = crate::machine::report::describe_stop(&crate::machine::Stop::BeatLimit);
        Ok(self.watched(None)?.ok_or(RunError::Stopped(stop))?)
    }

    /// Runs to the next wait, within `beats` if given (`Ok(None)`: they were spent), the
    /// driver's limit otherwise. Where [`Game::watch_thinks`] set the breakpoint at the
    /// start of the machine's turn, it looks at the tube there (the view the machine
    /// holds) and at the next wait (the decision it came to).
    fn watched(&mut self, beats: Option<u64>) -> Result<Option<Waiting>, RunError> {
        let think = self.think_line;
        let thinks = &mut self.thinks;
        let mut watch = |m: &Machine, line: u32| -> Result<bool, RunError> {
            if line == think {
                thinks.push((read_view(m)?, None));
            }
            Ok(line == think)
        };
        let w = match beats {
            None => Some(self.core.run_to_wait_watching(&mut watch)?),
            Some(b) => self.core.run_watching(b, &mut watch)?,
        };
        if w.is_some() && matches!(self.thinks.last(), Some((_, None))) {
            let d = decision_in(&self.core.machine)?;
            if let Some(last) = self.thinks.last_mut() {
                last.1 = Some(d);
            }
        }
        Ok(w)
    }

    /// Watches the machine's turns from now on: [`Game::thinks`] gives the view it held
    /// as each began and the decision it came to, read off the store.
    pub fn watch_thinks(&mut self) {
        self.core.machine.breaks.set_line(self.think_line, true);
    }

    /// The machine's turns watched so far (see [`Game::watch_thinks`]): the view as the
    /// turn began and the decision.
    pub fn thinks(&self) -> Vec<(View, Decision)> {
        self.thinks
            .iter()
            .filter_map(|(v, d)| d.map(|d| (*v, d)))
            .collect()
    }

    /// Sets `h` on the hand switches with KAC, then runs to the next wait.
    ///
    /// # Errors
    /// As [`Game::run_to_wait`].
    pub fn enter(&mut self, h: u32) -> Result<Waiting, GameError> {
        self.core.key(h);
        self.run_to_wait()
    }

    /// Asks for card `c` (0-10): its number 1-11 on switches 0-3.
    ///
    /// # Errors
    /// As [`Game::run_to_wait`].
    pub fn ask(&mut self, c: usize) -> Result<Waiting, GameError> {
        self.enter(c as u32 + 1)
    }

    /// Guesses card `c` (0-10): its number on switches 0-3 and switch 4.
    ///
    /// # Errors
    /// As [`Game::run_to_wait`].
    pub fn guess(&mut self, c: usize) -> Result<Waiting, GameError> {
        self.enter((c as u32 + 1) | 16)
    }

    /// Answers the machine's HAVE YOU: switch 0 on for yes.
    ///
    /// # Errors
    /// As [`Game::run_to_wait`].
    pub fn answer(&mut self, yes: bool) -> Result<Waiting, GameError> {
        self.enter(u32::from(yes))
    }

    /// What the program waits for (the key routine's link in the store says where it
    /// was called from).
    pub fn prompt(&self) -> Prompt {
        if self.waiting() == Some(Waiting::Over) {
            return Prompt::Over;
        }
        if self.machine.store.read(self.k_ret) == self.answer_link {
            let c = label("card")
                .map(|a| self.machine.store.read_long(a) as usize)
                .unwrap_or(0);
            Prompt::Answer(c.min(10))
        } else {
            Prompt::Turn
        }
    }

    /// The machine's knowledge as it holds it in the store.
    ///
    /// # Errors
    /// A store that holds no view (a bug in the program).
    pub fn view(&self) -> Result<View, GameError> {
        Ok(read_view(&self.machine)?)
    }

    /// The end, once the game is over: the paper's last line, with the hidden card
    /// turned over by the dealer.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.waiting() != Some(Waiting::Over) {
            return None;
        }
        let last = self
            .paper()
            .lines()
            .map(str::trim)
            .rfind(|l| !l.is_empty())
            .unwrap_or("");
        // SORRY ... follows the name of the card he asked for.
        let last = match last.split_once(' ') {
            Some((c, rest)) if rg::parse_card(c).is_ok() => rest,
            _ => last,
        };
        let hidden = self.deal.hidden;
        let named = |prefix: &str| {
            last.strip_prefix(prefix)
                .and_then(|c| rg::parse_card(c).ok())
        };
        let (machine_won, reason) = if let Some(c) = named("I GUESS ") {
            (c == hidden, format!("the machine guessed {}", CARDS[c]))
        } else if last.starts_with("THATS THE CARD") {
            let c = label("card")
                .map(|a| self.machine.store.read_long(a) as usize)
                .unwrap_or(11)
                .min(10);
            (
                c == hidden,
                format!("the machine called {}, the card you asked for", CARDS[c]),
            )
        } else if last.starts_with("SORRY") {
            // The card its genuine ask was told NO to (the hidden one, if the answer
            // was true).
            let k = label("knows")
                .map(|a| self.machine.store.read_long(a) as usize)
                .unwrap_or(0);
            let k = k.clamp(1, 11) - 1;
            (
                k == hidden,
                format!(
                    "the machine named {}, the card its genuine ask was told NO to",
                    CARDS[k]
                ),
            )
        } else if let Some(c) = named("YOU GUESS ") {
            (c != hidden, format!("you guessed {}", CARDS[c]))
        } else {
            return None;
        };
        Some(Outcome {
            machine_won,
            reason: format!(
                "{reason}; the hidden card is {}: {}",
                CARDS[hidden],
                if machine_won {
                    "the machine wins"
                } else {
                    "you win"
                }
            ),
        })
    }
}

impl keys_core::Driver for Game {
    fn move_prompt(&self) -> String {
        match self.prompt() {
            Prompt::Answer(c) => format!("do you have {}? yes or no", CARDS[c]),
            Prompt::Turn => format!(
                "your card to ask for, or guess CARD (the cards: {}; yours: {})",
                CARDS.join(" "),
                rg::set_text(self.deal.human)
            ),
            Prompt::Over => "the game is over".into(),
        }
    }

    /// As `mark1 guess-it` reads a line: `yes` or `no` (the true answer) to HAVE YOU; a
    /// card to ask for, or `guess` and a card, at the opponent's turn.
    fn move_switches(&self, text: &str) -> Result<u32, String> {
        let lower = text.to_ascii_lowercase();
        match self.prompt() {
            Prompt::Answer(c) => {
                let yes = match lower.as_str() {
                    "yes" | "y" => true,
                    "no" | "n" => false,
                    _ => return Err(format!("`{text}`: answer yes or no")),
                };
                let holds = self.deal.human & 1 << c != 0;
                if yes != holds {
                    return Err(format!(
                        "`{text}`: you {} {}; the answer must be true",
                        if holds { "hold" } else { "do not hold" },
                        CARDS[c]
                    ));
                }
                Ok(u32::from(yes))
            }
            Prompt::Turn => {
                // `guess` is five ASCII letters: the card's name follows at byte 5.
                let (guess, name) = if lower.starts_with("guess") {
                    (16, text.get(5..).unwrap_or("").trim())
                } else {
                    (0, text)
                };
                let c = rg::parse_card(name).map_err(|e| format!("{e}; to guess, `guess QC`"))?;
                Ok((c as u32 + 1) | guess)
            }
            Prompt::Over => Err("the game is over".into()),
        }
    }

    /// Your hand, and what the machine holds in its store that you may see: its cards
    /// shown, those it counts as yours, those asked for (its own hand stays hidden).
    fn board_text(&self) -> String {
        let v = read_view(&self.machine).unwrap_or_default();
        format!(
            "your cards: {} (the machine holds five, one is hidden)\nthe machine's shown [{}] counted as yours [{}] asked for [{}]\n",
            rg::set_text(self.deal.human),
            rg::set_text(v.shown),
            rg::set_text(v.his),
            rg::set_text(v.mentioned)
        )
    }

    fn board_json(&self) -> serde_json::Value {
        let v = read_view(&self.machine).unwrap_or_default();
        let set = |s: u16| {
            (0..11)
                .filter(|c| s >> c & 1 == 1)
                .map(|c| CARDS[c])
                .collect::<Vec<_>>()
        };
        let (waiting, card) = match self.prompt() {
            Prompt::Answer(c) => ("answer", Some(CARDS[c])),
            Prompt::Turn => ("turn", None),
            Prompt::Over => ("over", None),
        };
        serde_json::json!({
            "cards": CARDS.join(" "),
            "numbering": "cards by name; a move: a card to ask for, `guess` and a card, or yes or no",
            "your_hand": set(self.deal.human),
            "machine_shown": set(v.shown),
            "counted_as_yours": set(v.his),
            "asked": set(v.mentioned),
            "waiting_for": waiting,
            "card_asked": card,
        })
    }

    fn result_text(&self) -> Option<String> {
        self.outcome().map(|o| o.reason)
    }

    fn board_page(&self) -> u32 {
        label("mine").map_or(7, |a| a / 64)
    }

    fn run_within(&mut self, beats: u64) -> Result<Option<Waiting>, RunError> {
        self.watched(Some(beats))
    }
}

/// Starts Guess It at the keys (`games::GAMES`' row `guess-it`): the deal from
/// `settings.seed` (as `mark1 guess-it --seed`), `settings.first` asking first.
///
/// # Errors
/// A position or a drum image given; the program failing to assemble.
pub fn start(settings: &super::Settings) -> Result<Box<dyn super::AtTheKeys>, String> {
    if settings.position.is_some() || settings.drum.is_some() {
        return Err("Guess It starts from a deal by the seed: no position or drum image".into());
    }
    let deal = Deal::random(settings.seed);
    let g = Game::new(deal, settings.first, settings.seed).map_err(|e| e.to_string())?;
    Ok(keys_core::AtKeys::boxed("guess-it", g))
}

/// The result of a game of the program against the reference's procedure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfplayGame {
    /// Whether the machine won.
    pub machine_won: bool,
    /// Turns played (asks and the last guess).
    pub turns: u32,
    /// The paper.
    pub paper: String,
    /// The machine's turns: its view as each began and its decision (read off the store).
    pub thinks: Vec<(View, Decision)>,
}

/// One game of the program on the Mark 1 against Bell's procedure played by the
/// operator (`reference::guessit::decide` on the opponent's own view, its random
/// numbers from `seed`), on the deal from `seed`; the machine's `/W` seeded from it.
///
/// # Errors
/// The program failing, or the game not ending.
pub fn selfplay_game(first: First, seed: u64) -> Result<SelfplayGame, GameError> {
    let deal = Deal::random(seed);
    let mut game = Game::new(deal, first, seed)?;
    game.watch_thinks();
    let mut opp = View {
        mine: deal.human,
        ..View::default()
    };
    let mut rng = Xorshift((seed as u32) ^ 0x0BB0_5EED ^ ((seed >> 32) as u32));
    let mut w = game.run_to_wait()?;
    let mut turns = 0;
    while w == Waiting::Key {
        if turns > 60 {
            return Err(GameError::Run(RunError::Stopped(
                "the game did not end".into(),
            )));
        }
        match game.prompt() {
            Prompt::Over => break,
            Prompt::Answer(c) => {
                turns += 1;
                let bit = 1u16 << c;
                opp.mentioned |= bit;
                let yes = opp.mine & bit != 0;
                if yes {
                    opp.mine &= !bit;
                    opp.shown |= bit;
                } else {
                    opp.pending = Some(c);
                }
                w = game.answer(yes)?;
            }
            Prompt::Turn => {
                turns += 1;
                match rg::decide(&mut opp, &mut rng) {
                    Decision::Guess(c) | Decision::Call(c) => w = game.guess(c)?,
                    Decision::Ask { card, bluff } => {
                        let before = game.paper().len();
                        w = game.ask(card)?;
                        let said = game.paper()[before..]
                            .lines()
                            .map(str::trim)
                            .find(|l| !l.is_empty())
                            .unwrap_or("")
                            .to_string();
                        // The paper: the card's name, then YES, NO or SORRY ...
                        let said = said.split_once(' ').map_or("", |(_, a)| a);
                        opp.mentioned |= 1 << card;
                        if said == "YES" {
                            opp.shown |= 1 << card;
                        } else if said == "NO" && !bluff {
                            opp.knows = Some(card);
                        }
                    }
                }
            }
        }
    }
    let o = game.outcome().ok_or_else(|| {
        GameError::Run(RunError::Stopped(format!(
            "the paper does not end a game: {}",
            game.paper()
        )))
    })?;
    Ok(SelfplayGame {
        machine_won: o.machine_won,
        turns,
        paper: game.paper().to_string(),
        thinks: game.thinks(),
    })
}

/// `games` games of the program against Bell's procedure (see [`selfplay_game`]), game
/// `k` from seed `seed + k`, in parallel on the current rayon pool: the machine's wins.
///
/// # Errors
/// The first game that failed.
pub fn selfplay(games: u64, first: First, seed: u64) -> Result<u64, GameError> {
    use rayon::prelude::*;
    let won: Result<Vec<bool>, GameError> = (0..games)
        .into_par_iter()
        .map(|k| selfplay_game(first, seed.wrapping_add(k)).map(|g| g.machine_won))
        .collect();
    Ok(won?.into_iter().filter(|&w| w).count() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The program's units fit their pages: unit T on half-tracks 40.0, 40.1 and 41.0
    /// only (pages 0-2), unit G below page 3, and the sets on page 7.
    #[test]
    fn guessit_units_fit_the_store() {
        let a = assembly().unwrap();
        let tracks: Vec<(u8, u8)> = a.image.drum.keys().copied().collect();
        assert_eq!(tracks, [(40, 0), (40, 1), (41, 0)]);
        for l in ["t_before", "g_end", "mt_5", "ht_4"] {
            assert!(label(l).unwrap() < 192, "{l}");
        }
        assert_eq!(label("tothink").unwrap(), 192);
        for l in ["mine", "shown", "hism", "men"] {
            assert_eq!(label(l).unwrap() / 64, 7, "{l}");
        }
        // Tables and messages read through a B-line as long lines keep off line 63 of a
        // page (which the machine pairs with line 0 of the same page).
        let read_as_longs = [
            ("pw", 11),
            ("tbluff", 25),
            ("rowt", 12),
            ("tcall", 25),
            ("colt", 6),
            ("cnames", 11),
            ("t_head", 3),
            ("t_sorry", 11),
            ("t_yguess", 3),
            ("t_have", 3),
            ("t_yes", 1),
            ("t_no", 1),
            ("t_thats", 4),
            ("t_iguess", 3),
            ("t_nosuch", 4),
            ("t_before", 4),
        ];
        for (l, n) in read_as_longs {
            let a = label(l).unwrap();
            assert!((a..a + n).all(|x| x % 64 != 63), "{l} at {a}");
        }
    }

    /// The check's positions are views a player can hold, and the machine's first turn
    /// of a fresh deal asks for a card (genuinely or bluffing), as the reference does.
    #[test]
    fn guessit_positions_and_a_first_turn() {
        for v in positions(500, 3) {
            check_view(&v).unwrap();
        }
        let d = Deal::random(9);
        let v = View {
            mine: d.machine,
            ..View::default()
        };
        for seed in 0..20 {
            let t = think(&v, seed).unwrap();
            assert!(matches!(t.decision, Decision::Ask { .. }));
            assert_eq!(t.randoms, 2);
            assert_eq!((t.decision, t.after, t.randoms), reference_think(&v, seed));
        }
    }

    /// Guess It played to the end through `games::start`, the opponent first: asking
    /// for cards not asked before and answering truly; the machine's answer to an ask is
    /// on the paper, an untrue answer is refused, and the end names the hidden card.
    #[test]
    fn guessit_at_the_keys() {
        use crate::games::{keys_core::play, AtTheKeys, First, MoveError, Settings};
        // The deal of seed 0, the opponent asking first.
        let s = Settings {
            first: First::Human,
            ..Default::default()
        };
        let mut refused = 0;
        let choose = |g: &mut dyn AtTheKeys| {
            let v = g.view();
            let has = |set: &str, c: &str| v[set].as_array().unwrap().iter().any(|x| x == c);
            if v["waiting_for"] == "answer" {
                let c = v["card_asked"].as_str().unwrap();
                let (yes, no) = if has("your_hand", c) {
                    ("yes", "no")
                } else {
                    ("no", "yes")
                };
                // The untrue answer is refused before anything is entered.
                let e = g.enter(no);
                assert!(
                    matches!(&e, Err(MoveError::Input(m)) if m.contains("must be true")),
                    "{e:?}"
                );
                refused += 1;
                return yes.to_string();
            }
            let ask = CARDS
                .iter()
                .find(|c| !has("your_hand", c) && !has("asked", c))
                .copied();
            match ask {
                Some(c) => c.to_string(),
                None => "guess AS".into(),
            }
        };
        let g = play("guess-it", &s, 40, BEATS, choose);
        let p = g.paper();
        let first_ask = p
            .lines()
            .find(|l| l.ends_with(" YES") || l.ends_with(" NO"));
        assert!(first_ask.is_some(), "{p}");
        let end = g.end().unwrap();
        assert!(end.contains("; the hidden card is "), "{end}");
        assert_eq!(refused, p.matches("HAVE YOU").count(), "{p}");
    }
}
