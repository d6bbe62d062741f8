//! The SimH-script parser and the perforator's translations never panic, whatever the
//! line (proptest). The suite runs a few thousand inputs; the million-input run is
//! behind `#[ignore]`:
//! `cargo test --release --test period simh_props:: -- --ignored`.

use mark1::simh::parse::{parse_line, substitute};
use mark1::simh::perforator::{bautocode_line, gautocode_line, punched, routine_sheet};
use proptest::prelude::*;

/// Lines made of SimH words and odd characters.
fn line() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "att",
        "det",
        "set",
        "cpu",
        "drum",
        "ptr",
        "ptp",
        "lpt",
        "perforator",
        "go",
        "until",
        "step",
        "dep",
        "ex",
        "H",
        "C",
        "if",
        "not",
        "exist",
        "goto",
        "call",
        "return",
        "do",
        "typein",
        "line",
        "routine1",
        "routine9",
        "bautocode",
        "gautocode",
        "source",
        "feedptr",
        "appendtotape",
        "echo",
        "quit",
        "-q",
        "-n",
        "-r",
        "-x",
        "\"",
        "\"a\"",
        "==",
        ">",
        "GTR",
        "%1",
        "%",
        "%STATUS%",
        ";",
        ":",
        "|",
        "\\",
        "\\n",
        "stop=/G",
        "kac",
        "env",
        "x=1",
        "S9",
        "é",
        "½",
        "\t",
        "",
    ]);
    prop_oneof![
        prop::collection::vec(words, 0..8).prop_map(|w| w.join(" ")),
        ".{0,60}",
    ]
}

fn check(l: &str) {
    let _ = parse_line(l);
    let args = vec!["s.ini".to_string(), l.to_string()];
    let _ = parse_line(&substitute(l, &args, &|_| Some("%".into())));
    let _ = bautocode_line(l);
    let _ = gautocode_line(l);
    let _ = punched(l);
    let _ = routine_sheet(&format!("[Col / E ]\n{l}\n"), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn never_panics(l in line()) {
        check(&l);
    }
}

#[test]
#[ignore = "1,000,000 inputs: cargo test --release --test period simh_props:: -- --ignored"]
fn never_panics_million() {
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(1_000_000));
    runner
        .run(&line(), |l| {
            check(&l);
            Ok(())
        })
        .unwrap();
}
