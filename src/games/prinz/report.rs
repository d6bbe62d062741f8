//! What `mark1 prinz` prints: the transcript with the figures against Faster than
//! Thought's, as text or as one JSON object.

use super::PrinzRun;

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

/// The transcript, the comparison table and the time profile, as `mark1 prinz` prints
/// them.
pub fn text_report(run: &PrinzRun) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    s.push_str(&run.transcript);
    if !run.transcript.ends_with('\n') {
        s.push('\n');
    }
    let min = run.simulated_seconds / 60.0;
    let _ = writeln!(s);
    let _ = writeln!(s, "| figure | emulated | documented (source) |");
    let _ = writeln!(s, "|---|---|---|");
    let _ = writeln!(
        s,
        "| time to solution | {:.1} minutes ({:.0} s) | about 15 minutes (Faster than Thought) |",
        min, run.simulated_seconds
    );
    let _ = writeln!(
        s,
        "| moves tried | {} | about 450 (Faster than Thought) |",
        run.moves_tried
    );
    let _ = writeln!(
        s,
        "| illegal moves | {} | about 100 (Faster than Thought) |",
        run.illegal
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
        "| seconds per move | {:.2} | about two (Faster than Thought) |",
        run.seconds_per_move()
    );
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

/// The `--json` object: the run with the documented figures beside it.
pub fn json_report(run: &PrinzRun) -> serde_json::Value {
    let mut v = serde_json::to_value(run).unwrap_or(serde_json::Value::Null);
    if let serde_json::Value::Object(o) = &mut v {
        o.insert(
            "transfers_per_legal_move".into(),
            serde_json::json!(run.transfers_per_legal_move()),
        );
        o.insert(
            "seconds_per_move".into(),
            serde_json::json!(run.seconds_per_move()),
        );
        o.insert(
            "documented".into(),
            serde_json::json!({
                "minutes": documented::MINUTES,
                "moves_tried": documented::MOVES_TRIED,
                "illegal": documented::ILLEGAL,
                "transfers_per_legal_move": documented::TRANSFERS_PER_LEGAL_MOVE,
                "seconds_per_move": documented::SECONDS_PER_MOVE,
                "source": "Faster than Thought (1953) ch. 25; Prinz, Robot Chess (1952)",
            }),
        );
    }
    v
}
