//! The messages between the web console's page and `mark1 serve` (one JSON object per
//! WebSocket text message), and their parser: every message is validated here, once; a
//! malformed one gets an error reply and the session goes on (docs/web.md).

use serde::{Deserialize, Serialize};

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
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
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
    /// Prinz's problem: the program loaded with the position on its tape (FEN; the side to
    /// move mates in two), ready to run.
    Prinz {
        /// The position.
        fen: String,
    },
    /// Draughts against Strachey's program (our reconstruction, programs/draughts): a new
    /// game, the machine or the visitor first.
    Draughts {
        /// `machine` or `human`.
        first: String,
    },
    /// The visitor's draughts move: its squares in PDN numbering (1–32), from, to, and
    /// for a capture the squares taken, as the operator entered them; each goes on the
    /// hand switches with KAC, then KAC with nothing set.
    DraughtsMove {
        /// The squares, PDN 1–32.
        squares: Vec<u32>,
    },
    /// Nim against our programme (programs/nim): a new game on these heaps (2-8 heaps of
    /// 0-31 matches; one heap altered a move, the last match losing, as Faster than
    /// Thought's), the machine or the visitor first.
    Nim {
        /// The heaps, A first.
        heaps: Vec<u8>,
        /// `machine` or `human`.
        first: String,
    },
    /// The visitor's nim move as typed (`B:2`, heap letter and matches taken), each heap
    /// set on the hand switches with KAC, then KAC with nothing set.
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
        _ => Ok(m),
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
    /// In draughts: the program's position (page 4, read off the tube) as PDN FEN
    /// (`W:W21,...:B1,...`, squares 1–32), and whether it waits for the visitor's move.
    pub draughts: Option<DraughtsFrame>,
    /// In nim: the heaps as the programme holds them, and whether it waits for a move.
    pub nim: Option<NimFrame>,
}

/// The nim heaps as the programme holds them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimFrame {
    /// The heaps, A first.
    pub heaps: Vec<u8>,
    /// The programme waits for the visitor's move.
    pub your_move: bool,
    /// The game is over.
    pub over: bool,
}

/// The draughts board as the program holds it, for the plain board beside the tubes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DraughtsFrame {
    /// The position, PDN FEN (squares numbered 1–32).
    pub fen: String,
    /// The program waits for the visitor's move.
    pub your_move: bool,
    /// The game is over.
    pub over: bool,
}

/// Prinz's run compared with the documented figures, sent when the program stops.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Always `report`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Whether the program printed MATE.
    pub mate: bool,
    /// Rows: figure, emulated, documented (with its source).
    pub rows: Vec<[String; 3]>,
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
}
