//! Property tests of the console language: no line makes the parser panic, and no
//! command made of the language's words (files left out) makes a session panic.
//!
//! The normal suite runs a few thousand lines. The million-line run is ignored by
//! default; run it with
//!
//!     cargo test --release --test frontends console_props:: -- --ignored
//!
//! (docs/console.md, "Tests").

use mark1::console::{parse_command, Session};
use mark1::machine::{Config, Machine};
use proptest::prelude::*;

/// Words of the language and things that look like its arguments.
const WORDS: &[&str] = &[
    "kec",
    "kcc",
    "kac",
    "after",
    "hold",
    "release",
    "set",
    "h",
    "drum",
    "persistent",
    "nopersistent",
    "switch",
    "L",
    "G",
    "on",
    "off",
    "printer",
    "punch",
    "feed",
    "go",
    "until",
    "hoot",
    "\"HELLO\"",
    "step",
    "break",
    "unbreak",
    "all",
    "print",
    "transfer",
    "watch",
    "examine",
    "e",
    "ex",
    "deposit",
    "d",
    "dep",
    "long",
    "store",
    "show",
    "registers",
    "counters",
    "devices",
    "time",
    "breaks",
    "help",
    "expect",
    "\"\"",
    "A",
    "L",
    "M",
    "D",
    "C",
    "PI",
    "H",
    "B",
    "B0",
    "B7",
    "B8",
    "D/",
    "D/-RE",
    "RE-D/",
    "0-1023",
    "££££",
    "VETA",
    "-1",
    "-524288",
    "1048576",
    "5.1:E/",
    "255.1:0-63",
    "256.0",
    "5.2",
    "5.1:64",
    "-",
    ".",
    ":",
    "--",
    "-r",
    "?",
    "reader",
    "ptr",
    "lpt",
];

/// Commands that name files are left out of the session test: it must not write any.
const FILE_COMMANDS: &[&str] = &["attach", "att", "save", "drum", "tape", "load", "limit"];

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(WORDS).prop_map(String::from),
        "[0-9]{1,4}",
        "[ -~]{0,8}",
        "\\PC{0,4}",
    ]
}

fn line() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(WORDS),
        proptest::collection::vec(token(), 0..5),
    )
        .prop_map(|(w, rest)| {
            let mut s = w.to_string();
            for t in rest {
                s.push(' ');
                s.push_str(&t);
            }
            s
        })
}

fn parse_never_panics(line: &str) {
    // Either a command or an error message; never a panic, never an empty message.
    if let Err(e) = parse_command(line) {
        assert!(!e.is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn any_line_parses_or_is_refused(s in "\\PC{0,60}") {
        parse_never_panics(&s);
    }

    #[test]
    fn language_like_lines_parse_or_are_refused(s in line()) {
        parse_never_panics(&s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Up to six commands obeyed on one session: no panic, whatever succeeds or fails.
    #[test]
    fn commands_never_panic_a_session(lines in proptest::collection::vec(line(), 1..6)) {
        let mut s = Session::new(Machine::new(Config::default()), std::env::temp_dir());
        s.limit = 20_000;
        for l in &lines {
            let first = l.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
            if FILE_COMMANDS.contains(&first.as_str()) {
                continue;
            }
            if let Ok(cmd) = parse_command(l) {
                let _ = s.execute(&cmd);
                s.messages.clear();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000_000))]

    /// The million-line run: `cargo test --release --test frontends console_props:: --
    /// --ignored`.
    #[test]
    #[ignore]
    fn a_million_lines_parse_or_are_refused(s in prop_oneof!["\\PC{0,60}", line()]) {
        parse_never_panics(&s);
    }
}
