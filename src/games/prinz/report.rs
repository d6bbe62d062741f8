//! What `mark1 prinz` prints: the transcript with the figures against Faster than
//! Thought's, as text or as one JSON object.

use super::{PrinzRun, FIGURE1_FEN};
use crate::machine::report::round_to;
use crate::reference::chess::Board;

/// Faster than Thought's figures for Figure 1 (and Robot Chess's transfers).
pub mod documented {
    /// "15 minutes were needed to print the solution" (FtT ch. 25).
    pub const MINUTES: f64 = 15.0;
    /// "the machine tried about 450 possible moves" (FtT).
    pub const MOVES_TRIED: u64 = 450;
    /// "(of which about 100 were illegal)" (FtT).
    pub const ILLEGAL: u64 = 100;
    /// "nine for every legal move in the present programme" (FtT; Robot Chess).
    pub const TRANSFERS_PER_LEGAL_MOVE: f64 = 9.0;
    /// "about two seconds per move on the average" (FtT).
    pub const SECONDS_PER_MOVE: f64 = 2.0;
}

/// What the documented column says for a figure Faster than Thought gave for Figure 1
/// only, when the position is another.
const NOT_DOCUMENTED: &str = "none for this position";

/// Whether the run's position is Faster than Thought's Figure 1 (the same pieces, the
/// same side to move): the only position its time, moves and illegal moves belong to.
pub fn is_figure1(run: &PrinzRun) -> bool {
    let key = |fen: &str| fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    let figure1 = Board::from_fen(FIGURE1_FEN)
        .map(|b| b.to_fen())
        .unwrap_or_else(|_| FIGURE1_FEN.to_string());
    key(&run.fen) == key(&figure1)
}

/// The transcript, the comparison table and the time profile, as `mark1 prinz` prints
/// them. The documented column gives Faster than Thought's figures for Figure 1; for
/// another position only the program's own transfers per legal move are documented.
pub fn text_report(run: &PrinzRun) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    s.push_str(&run.transcript);
    if !run.transcript.ends_with('\n') {
        s.push('\n');
    }
    let figure1 = is_figure1(run);
    let doc = |text: &'static str| if figure1 { text } else { NOT_DOCUMENTED };
    let min = run.simulated_seconds / 60.0;
    let _ = writeln!(s);
    let _ = writeln!(s, "| figure | emulated | documented (source) |");
    let _ = writeln!(s, "|---|---|---|");
    let _ = writeln!(
        s,
        "| time to solution | {:.1} minutes ({:.0} s) | {} |",
        min,
        run.simulated_seconds,
        doc("about 15 minutes (Faster than Thought)")
    );
    let _ = writeln!(
        s,
        "| moves tried | {} | {} |",
        run.moves_tried,
        doc("about 450 (Faster than Thought)")
    );
    let _ = writeln!(
        s,
        "| illegal moves | {} | {} |",
        run.illegal,
        doc("about 100 (Faster than Thought)")
    );
    let _ = writeln!(
        s,
        "| magnetic transfers per legal move | {:.1} ({} in {} legal moves) | nine (Robot Chess; Faster than Thought) |",
        run.transfers_per_legal_move(),
        run.search_transfers,
        run.legal
    );
    let _ = writeln!(
        s,
        "| seconds per move | {:.2} | {} |",
        run.seconds_per_move(),
        doc("about two (Faster than Thought)")
    );
    if !figure1 {
        let _ = writeln!(
            s,
            "\nNo documented time exists for this position: Faster than Thought's time, moves \
             and illegal moves are for its Figure 1 ({FIGURE1_FEN}); the nine transfers a \
             legal move are the program's own."
        );
    }
    let p = &run.profile;
    let total = run.beats.max(1) as f64;
    let pc = |b: u64| 100.0 * b as f64 / total;
    let _ = writeln!(
        s,
        "\nWhere the time went: self-check {:.0}%, magnetic transfers {:.0}%, move construction {:.0}% \
         (turn linkage in page 0 {:.0}%, printing {:.0}%, reading the tape {:.0}%).",
        pc(p.self_check),
        pc(p.transfers),
        pc(p.move_construction),
        pc(p.master),
        pc(p.printing),
        pc(p.tape)
    );
    let _ = writeln!(
        s,
        "{} instructions, {} beats, {} transfers in all; timing {}; host {:.3} s.",
        run.instructions, run.beats, run.transfers, run.timing, run.host_seconds
    );
    s
}

/// The `--json` object: the run with the documented figures beside it. `figure1` says
/// whether the position is Figure 1; `documented` holds Faster than Thought's figures for
/// Figure 1, and for another position only the transfers per legal move (the program's
/// own) with a note that no documented time exists for it. Seconds are rounded to the
/// microsecond, the ratios to three places.
pub fn json_report(run: &PrinzRun) -> serde_json::Value {
    let mut v = serde_json::to_value(run).unwrap_or(serde_json::Value::Null);
    let figure1 = is_figure1(run);
    if let serde_json::Value::Object(o) = &mut v {
        o.insert("figure1".into(), serde_json::json!(figure1));
        o.insert(
            "transfers_per_legal_move".into(),
            serde_json::json!(round_to(run.transfers_per_legal_move(), 3)),
        );
        o.insert(
            "seconds_per_move".into(),
            serde_json::json!(round_to(run.seconds_per_move(), 3)),
        );
        let documented = if figure1 {
            serde_json::json!({
                "minutes": documented::MINUTES,
                "moves_tried": documented::MOVES_TRIED,
                "illegal": documented::ILLEGAL,
                "transfers_per_legal_move": documented::TRANSFERS_PER_LEGAL_MOVE,
                "seconds_per_move": documented::SECONDS_PER_MOVE,
                "source": "Faster than Thought (1953) ch. 25; Prinz, Robot Chess (1952)",
            })
        } else {
            serde_json::json!({
                "transfers_per_legal_move": documented::TRANSFERS_PER_LEGAL_MOVE,
                "source": "Prinz, Robot Chess (1952); Faster than Thought (1953) ch. 25",
                "note": format!(
                    "no documented time exists for this position: Faster than Thought's \
                     time, moves and illegal moves are for its Figure 1 ({FIGURE1_FEN})"
                ),
            })
        };
        o.insert("documented".into(), documented);
    }
    v
}
