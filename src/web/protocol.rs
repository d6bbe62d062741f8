//! The messages between the web console's page and `mark1 serve` (one JSON object per
//! WebSocket text message), and their parser: every message is validated here, once; a
//! malformed one gets an error reply and the session goes on (docs/web.md).

use crate::games::First;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The longest message the server reads, in bytes (uploads included): 1 MiB.
pub const MAX_MESSAGE: usize = 1 << 20;

/// The speed the page asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// The Mark 1's own speed: 4,167 beats a second (a beat is 240 µs).
    Real,
    /// A sixteenth of it, to watch the tubes change line by line.
    Slow,
    /// As fast as the budget of a frame allows.
    Fast,
}

/// What an upload holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum UploadKind {
    /// An assembler source (text).
    Asm,
    /// A paper tape: `.pt.txt` text, or raw rows in base 64.
    Tape,
    /// A SimH drum image in base 64.
    Drm,
}

/// A message from the page.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Load a program the server offers (`hello`, `hoot`, or the `--program` file).
    Load {
        /// Its name.
        program: String,
    },
    /// Run until a stop (within each frame's budget).
    Run {},
    /// Stop running.
    Stop {},
    /// One prepulse: one instruction obeyed.
    Step {},
    /// Set hand switch `bit` (0–19) on or off.
    Switch {
        /// The switch, 0–19 (P0 the leftmost, as on the console).
        bit: u32,
        /// On or off.
        on: bool,
    },
    /// Press (`held` true) or release KAC.
    Kac {
        /// Held down.
        held: bool,
    },
    /// KEC: clear everything but the drum.
    Kec {},
    /// KCC: clear control.
    Kcc {},
    /// Set the stop switch of `/L` or `/G`.
    StopSwitch {
        /// `L` or `G`.
        which: String,
        /// On: the dummy stop stops.
        on: bool,
    },
    /// The speed.
    Speed {
        /// Real, slow or fast.
        value: Speed,
    },
    /// The pages on the two store tubes (monitor switches).
    Pages {
        /// The left tube's page, 0–7.
        left: u32,
        /// The right tube's page, 0–7.
        right: u32,
    },
    /// A game at the keys (`games::GAMES`): the program loaded and started, the
    /// machine then run to its first wait by frames.
    Start {
        /// The game's name (`prinz`, `draughts`, `nim`, ...).
        game: String,
        /// `machine` or `human` (games where the program always moves first ignore it);
        /// `machine` if not given.
        first: Option<String>,
        /// The starting position in the game's notation (a FEN, heaps `3 4 5`), if not
        /// the game's usual one.
        position: Option<String>,
        /// The seed of the machine's random numbers; 1951 (the machine's own default) if
        /// not given.
        seed: Option<u64>,
    },
    /// The visitor's move in the game's notation (`11-15` in PDN squares for draughts,
    /// `B:2` for nim), entered on the hand switches with KAC as the program reads it.
    Move {
        /// The move's text.
        text: String,
    },
    /// Old form of `start` for Prinz's problem: the program loaded with the position on
    /// its tape (FEN; the side to move mates in two). [`parse`] makes it a `start`.
    Prinz {
        /// The position.
        fen: String,
    },
    /// Old form of `start` for draughts against Strachey's program (our reconstruction,
    /// programs/draughts), seed 1952: a new game, the machine or the visitor first.
    Draughts {
        /// `machine` or `human`.
        first: String,
    },
    /// Old form of `move` for draughts: its squares in PDN numbering (1–32), from, to,
    /// and for a capture the squares taken, as the operator entered them; each goes on
    /// the hand switches with KAC, then KAC with nothing set.
    DraughtsMove {
        /// The squares, PDN 1–32.
        squares: Vec<u32>,
    },
    /// Old form of `start` for nim against our programme (programs/nim), seed 1951: a
    /// new game on these heaps (2-8 heaps of 0-31 matches; one heap altered a move, the
    /// last match losing, as Faster than Thought's), the machine or the visitor first.
    Nim {
        /// The heaps, A first.
        heaps: Vec<u8>,
        /// `machine` or `human`.
        first: String,
    },
    /// Old form of `move` for nim: the move as typed (`B:2`, heap letter and matches
    /// taken), each heap set on the hand switches with KAC, then KAC with nothing set.
    NimMove {
        /// The move's text.
        text: String,
    },
    /// A file from the visitor's computer.
    Upload {
        /// Its kind.
        kind: UploadKind,
        /// Its name, for messages.
        name: String,
        /// Its content: text for `asm` and `.pt.txt` tapes, base 64 otherwise.
        data: String,
    },
}

/// Reads one message from the page.
///
/// # Errors
/// The reason, in words: too long, not JSON, an unknown operation or field, a value out
/// of range.
pub fn parse(text: &str) -> Result<ClientMsg, String> {
    if text.len() > MAX_MESSAGE {
        return Err(format!(
            "message refused: {} bytes, more than the {} allowed",
            text.len(),
            MAX_MESSAGE
        ));
    }
    // Anything but an object: serde's message would name the Rust type (`internally
    // tagged enum ClientMsg`) or speak of variant identifiers; say what is wanted.
    if !text.trim_start().starts_with('{') {
        return Err("message refused: a message is a JSON object with an `op` field".into());
    }
    let m: ClientMsg = serde_json::from_str(text).map_err(|e| format!("message refused: {e}"))?;
    match &m {
        ClientMsg::Switch { bit, .. } if *bit > 19 => Err(format!(
            "message refused: hand switch {bit}: there are 20, 0 to 19"
        )),
        ClientMsg::Pages { left, right } if *left > 7 || *right > 7 => Err(format!(
            "message refused: pages {left} and {right}: the store has pages 0 to 7"
        )),
        ClientMsg::StopSwitch { which, .. } if which != "L" && which != "G" => Err(format!(
            "message refused: stop switch `{which}`: there are L and G"
        )),
        ClientMsg::Draughts { first } if first != "machine" && first != "human" => Err(format!(
            "message refused: first `{first}`: machine or human"
        )),
        ClientMsg::Nim { first, .. } if first != "machine" && first != "human" => Err(format!(
            "message refused: first `{first}`: machine or human"
        )),
        ClientMsg::Nim { heaps, .. }
            if heaps.len() < 2 || heaps.len() > 8 || heaps.iter().any(|&h| h > 31) =>
        {
            Err("message refused: nim takes 2 to 8 heaps of 0 to 31 matches".into())
        }
        ClientMsg::DraughtsMove { squares }
            if squares.len() < 2
                || squares.len() > 12
                || squares.iter().any(|&s| !(1..=32).contains(&s)) =>
        {
            Err("message refused: a move is 2 to 12 squares, PDN 1-32".into())
        }
        ClientMsg::Start { game, first, .. } => {
            crate::games::row(game).ok_or_else(|| {
                let names: Vec<&str> = crate::games::GAMES.iter().map(|r| r.game).collect();
                format!(
                    "message refused: no game `{game}`: the games are {}",
                    names.join(", ")
                )
            })?;
            match first {
                Some(f) => First::parse(f).map_err(|e| format!("message refused: {e}"))?,
                None => First::Machine,
            };
            Ok(m)
        }
        _ => Ok(m.generic()),
    }
}

/// The seed a `start` without one gives the machine: the machine's own default.
pub const DEFAULT_SEED: u64 = 1951;

impl ClientMsg {
    /// The message in its generic form: the old per-game forms (`prinz`, `draughts`,
    /// `draughts_move`, `nim`, `nim_move`) as the `start` or `move` they stand for, with
    /// the seeds those games had (draughts 1952, nim 1951); any other message as it is.
    pub fn generic(self) -> ClientMsg {
        let start =
            |game: &str, first: Option<String>, position: Option<String>, seed| ClientMsg::Start {
                game: game.into(),
                first,
                position,
                seed: Some(seed),
            };
        match self {
            ClientMsg::Prinz { fen } => start("prinz", None, Some(fen), DEFAULT_SEED),
            ClientMsg::Draughts { first } => start("draughts", Some(first), None, 1952),
            ClientMsg::Nim { heaps, first } => {
                let heaps: Vec<String> = heaps.iter().map(u8::to_string).collect();
                start("nim", Some(first), Some(heaps.join(" ")), 1951)
            }
            ClientMsg::DraughtsMove { squares } => {
                let squares: Vec<String> = squares.iter().map(u32::to_string).collect();
                ClientMsg::Move {
                    text: squares.join("-"),
                }
            }
            ClientMsg::NimMove { text } => ClientMsg::Move { text },
            m => m,
        }
    }

    /// Whether the message has heavy work to do before the session obeys it (assembling,
    /// reading a file, starting a game): the server does that off its network threads.
    pub fn is_heavy(&self) -> bool {
        matches!(
            self,
            ClientMsg::Load { .. }
                | ClientMsg::Upload { .. }
                | ClientMsg::Start { .. }
                | ClientMsg::Prinz { .. }
                | ClientMsg::Draughts { .. }
                | ClientMsg::Nim { .. }
        )
    }
}

/// One tube's picture: a page's 64 lines and its marker line, 20 digits each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TubeFrame {
    /// The page, 0–7.
    pub page: u32,
    /// Its lines, line 0 first.
    pub lines: Vec<u32>,
    /// The marker (65th) line.
    pub marker: u32,
}

/// What the page is sent after each frame of emulation (or a change).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Frame {
    /// Always `frame`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The two store tubes.
    pub tubes: [TubeFrame; 2],
    /// A as four 20-digit lines, P0–P19 first.
    pub a: [u32; 4],
    /// D as two 20-digit lines.
    pub d: [u32; 2],
    /// B0–B7.
    pub b: [u32; 8],
    /// Control C and the present instruction PI.
    pub c: u32,
    /// The present instruction.
    pub pi: u32,
    /// The hand switches.
    pub h: u32,
    /// Instructions obeyed.
    pub instructions: u64,
    /// Beats.
    pub beats: u64,
    /// Simulated seconds, to the millisecond.
    pub seconds: f64,
    /// Magnetic transfers.
    pub transfers: u64,
    /// The paper printed since the last frame.
    pub paper: String,
    /// Hoots since the last frame, as beats after the frame's first beat.
    pub hoots: Vec<u64>,
    /// The frame's first beat and its length in beats (for the sound).
    pub frame_beats: [u64; 2],
    /// Running.
    pub running: bool,
    /// Why the machine last stopped, in words.
    pub stopped: Option<String>,
    /// The game at the keys, if one was started: its name (a key of `game`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playing: Option<&'static str>,
    /// What the program waits for, in words (`AtTheKeys::prompt`), while a game is held.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// The position the program holds, drawn in text (`AtTheKeys::board`), while a game
    /// is held: the page shows it for a game it has no picture for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// How the game ended, in words (`AtTheKeys::end`), once it is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// Standing at a hoot stop (a hoot and a jump back to it, Turing's continuous hoot):
    /// the beats between its hoots (8 for Turing's loop). The page keeps the hoot sounding
    /// until the machine is stopped, started or cleared; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hoot_stop: Option<u64>,
    /// While a game's program thinks (from a start or a move entered to its next wait):
    /// how long it has thought and how long its last reply took, in simulated seconds, for
    /// the expected wait the page shows; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thinking: Option<Thinking>,
    /// The game at the keys, if one was started, under its name (`"draughts"`, `"nim"`,
    /// ...): its view (`AtTheKeys::view`, e.g. `{"fen": ..., "numbering": "PDN"}` or
    /// `{"heaps": [...]}`) with `your_move` (the program waits for the visitor's move)
    /// and `over` (the game is over) added; flattened into the frame.
    #[serde(flatten)]
    pub game: BTreeMap<&'static str, serde_json::Value>,
}

/// How long a game's program has been thinking, in simulated seconds (the Mark 1's own
/// time: at `real` speed, the visitor's too).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Thinking {
    /// Since the start or the move entered.
    pub seconds: f64,
    /// Its last reply's whole thinking, if it has replied before (the expected wait).
    pub last: Option<f64>,
}

/// A game's report, sent once when the game is over (Prinz's run compared with the
/// documented figures: `{"type": "report", "mate": ..., "rows": [[figure, emulated,
/// documented (source)], ...]}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Always `report`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The game's report (`AtTheKeys::report`), its fields flattened into the message.
    #[serde(flatten)]
    pub fields: serde_json::Map<String, serde_json::Value>,
}

/// A reply that is not a frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// `error` or `info`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The words.
    pub message: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_read_or_refused() {
        assert_eq!(parse(r#"{"op":"run"}"#), Ok(ClientMsg::Run {}));
        assert_eq!(
            parse(r#"{"op":"switch","bit":3,"on":true}"#),
            Ok(ClientMsg::Switch { bit: 3, on: true })
        );
        assert!(parse(r#"{"op":"switch","bit":20,"on":true}"#)
            .unwrap_err()
            .contains("0 to 19"));
        assert!(parse("garbage").is_err());
        assert!(parse(r#"{"op":"explode"}"#).is_err());
        assert!(parse(r#"{"op":"run","x":1}"#).is_err());
        assert!(parse(&"x".repeat(MAX_MESSAGE + 1))
            .unwrap_err()
            .contains("more than"));
    }

    #[test]
    fn games_are_started_and_moves_made_by_the_generic_messages() {
        let start =
            |game: &str, first: Option<&str>, position: Option<&str>, seed| ClientMsg::Start {
                game: game.into(),
                first: first.map(Into::into),
                position: position.map(Into::into),
                seed,
            };
        assert_eq!(
            parse(r#"{"op":"start","game":"nim","first":"human","position":"3 4 5"}"#),
            Ok(start("nim", Some("human"), Some("3 4 5"), None))
        );
        assert_eq!(
            parse(r#"{"op":"move","text":"B:2"}"#),
            Ok(ClientMsg::Move { text: "B:2".into() })
        );
        let e = parse(r#"{"op":"start","game":"chess"}"#).unwrap_err();
        assert!(
            e.contains("no game `chess`") && e.contains("draughts"),
            "{e}"
        );
        let e = parse(r#"{"op":"start","game":"nim","first":"nobody"}"#).unwrap_err();
        assert_eq!(e, "message refused: first `nobody`: machine or human");
        // The old forms become the generic ones, with the seeds those games had.
        assert_eq!(
            parse(r#"{"op":"nim","heaps":[3,4,5],"first":"human"}"#),
            Ok(start("nim", Some("human"), Some("3 4 5"), Some(1951)))
        );
        assert_eq!(
            parse(r#"{"op":"draughts","first":"machine"}"#),
            Ok(start("draughts", Some("machine"), None, Some(1952)))
        );
        assert_eq!(
            parse(r#"{"op":"prinz","fen":"8/8/8/8/8/8/8/8 w - - 0 1"}"#),
            Ok(start(
                "prinz",
                None,
                Some("8/8/8/8/8/8/8/8 w - - 0 1"),
                Some(1951)
            ))
        );
        assert_eq!(
            parse(r#"{"op":"draughts_move","squares":[22,15]}"#),
            Ok(ClientMsg::Move {
                text: "22-15".into()
            })
        );
        assert_eq!(
            parse(r#"{"op":"nim_move","text":"A:1"}"#),
            Ok(ClientMsg::Move { text: "A:1".into() })
        );
        assert!(parse(r#"{"op":"nim","heaps":[40],"first":"human"}"#).is_err());
    }
}
