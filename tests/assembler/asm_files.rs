//! One small source per test under `tests/asm/`, with its expectations written in the
//! same file (customasm style), and one `#[test]` per source (the list in
//! `asm_sources!` below; `every_source_has_its_test` fails when a `.m1` file is not in
//! it).
//!
//! * `;= ADDR CONTENT` on a line of its own: one expected non-zero store line
//!   (`;= 5.1:E/ ME/C` for a drum line, `;= H ....` and `;= C ....` for hand switches
//!   and control). The test fails if the image holds any other non-zero line.
//! * `;! COL: text` at the end of a line (after the code, as a comment): a diagnostic
//!   expected on that line, at column COL (1-based, in characters), whose message
//!   contains `text`. `;! text` leaves the column open. A line may carry several
//!   (`;! 3: one ;! 9: other`). The diagnostics must be exactly those expected: each
//!   diagnostic is claimed by one expectation on its own line, none left over either
//!   way, and any diagnostic in another (included) file is unexpected. With any `;!`,
//!   the assembly must fail; without, it must succeed.

use mark1::asm::{assemble_str, AsmError, MapLoader};
use mark1::machine::code::{addr_chars, line_chars, parse_addr, parse_line};
use std::collections::BTreeSet;
use std::path::Path;

/// One `#[test]` per source, named after the file, and the list of names.
macro_rules! asm_sources {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*
        const SOURCES: &[&str] = &[$(stringify!($name)),*];
    };
}

asm_sources!(
    boot_entry_page2,
    chars,
    equ,
    err_addr_range,
    err_bad_char,
    err_beyond_store,
    err_bline,
    err_chars,
    err_drum_page,
    err_duplicate_label,
    err_equ_undefined,
    err_include,
    err_label_address,
    err_lowercase_period,
    err_missing_label,
    err_number_range,
    err_overlap,
    err_overlay,
    err_period_beyond_store,
    err_track_range,
    err_unknown_code,
    err_unknown_directive,
    fill,
    hand_control,
    here,
    include,
    io,
    jump,
    label_period,
    mag,
    mixed_comments,
    numbers,
    overlay,
    period_addressless,
    period_basic,
    period_prinz15,
    period_prinz18,
    period_standins,
    symbolic_instr,
    track,
);

/// Fails when a `.m1` file under `tests/asm/` has no test in `asm_sources!`, or the
/// list names a file that does not exist.
#[test]
fn every_source_has_its_test() {
    let on_disk: BTreeSet<String> = std::fs::read_dir("tests/asm")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "m1"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    let listed: BTreeSet<String> = SOURCES.iter().map(|s| s.to_string()).collect();
    let untested: Vec<_> = on_disk.difference(&listed).collect();
    let missing: Vec<_> = listed.difference(&on_disk).collect();
    assert!(
        untested.is_empty() && missing.is_empty(),
        "add to asm_sources!: {untested:?}; listed without a file: {missing:?}"
    );
}

fn loader() -> MapLoader {
    let mut m = MapLoader::default();
    for e in std::fs::read_dir("tests/asm/inc").unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        m.0.insert(format!("inc/{name}"), std::fs::read_to_string(&p).unwrap());
    }
    m
}

/// An expected diagnostic: 1-based line (where it stands), column if given, text.
#[derive(Debug)]
struct Want {
    line: usize,
    column: Option<usize>,
    text: String,
}

impl Want {
    fn claims(&self, e: &AsmError, file: &str) -> bool {
        e.file == file
            && e.line == self.line
            && self.column.is_none_or(|c| c == e.column)
            && e.message.contains(&self.text)
    }
}

/// The `;!` expectations of a source, by the line they stand on.
fn wanted_diagnostics(text: &str) -> Vec<Want> {
    let mut out = Vec::new();
    for (k, l) in text.lines().enumerate() {
        for piece in l.split(";!").skip(1) {
            let piece = piece.trim();
            let (column, text) = match piece.split_once(": ") {
                Some((c, t)) if c.parse::<usize>().is_ok() => (c.parse().ok(), t),
                _ => (None, piece),
            };
            out.push(Want {
                line: k + 1,
                column,
                text: text.to_string(),
            });
        }
    }
    out
}

/// The `;=` expectations of a source, normalised through the code so that `#`/`½`
/// spellings agree.
fn wanted_words(name: &str, text: &str) -> BTreeSet<String> {
    let mut want = BTreeSet::new();
    for l in text.lines() {
        let Some(w) = l.trim().strip_prefix(";=") else {
            continue;
        };
        let f: Vec<&str> = w.split_whitespace().collect();
        assert_eq!(f.len(), 2, "{name}: bad expectation `{l}`");
        let content = line_chars(parse_line(f[1]).unwrap_or_else(|| panic!("{name}: {l}")));
        let loc = match f[0] {
            "H" | "C" => f[0].to_string(),
            a if a.contains('.') => {
                let (th, ad) = a.split_once(':').unwrap();
                format!("{th}:{}", addr_chars(parse_addr(ad).unwrap()))
            }
            a => addr_chars(parse_addr(a).unwrap_or_else(|| panic!("{name}: {l}"))),
        };
        want.insert(format!("{loc} {content}"));
    }
    want
}

/// Every non-zero line of an image, written as `;=` expectations are.
fn image_words(image: &mark1::formats::image::Image) -> BTreeSet<String> {
    let mut got = BTreeSet::new();
    for (i, &w) in image.store.iter().enumerate() {
        if w != 0 {
            got.insert(format!("{} {}", addr_chars(i as u32), line_chars(w)));
        }
    }
    for (&(t, h), ht) in &image.drum {
        for (i, &w) in ht.iter().enumerate() {
            if w != 0 {
                got.insert(format!(
                    "{t}.{h}:{} {}",
                    addr_chars(i as u32),
                    line_chars(w)
                ));
            }
        }
    }
    if image.hand_switches != 0 {
        got.insert(format!("H {}", line_chars(image.hand_switches)));
    }
    if image.control != 0 {
        got.insert(format!("C {}", line_chars(image.control)));
    }
    got
}

/// Compares the diagnostics with the expectations one to one.
fn check_diagnostics(name: &str, wants: &[Want], errs: &[AsmError]) -> Result<(), String> {
    let mut claimed = vec![false; errs.len()];
    let mut missing = Vec::new();
    for w in wants {
        match (0..errs.len()).find(|&k| !claimed[k] && w.claims(&errs[k], name)) {
            Some(k) => claimed[k] = true,
            None => missing.push(w),
        }
    }
    let extra: Vec<String> = errs
        .iter()
        .zip(&claimed)
        .filter(|(_, &c)| !c)
        .map(|(e, _)| format!("{}:{}:{}: {}", e.file, e.line, e.column, e.message))
        .collect();
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    Err(format!("missing {missing:?}, unexpected {extra:?}"))
}

/// Assembles `tests/asm/NAME.m1` and checks it against its expectations.
fn check(stem: &str) {
    let path = Path::new("tests/asm").join(format!("{stem}.m1"));
    let text = std::fs::read_to_string(&path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let wants = wanted_diagnostics(&text);
    let res = assemble_str(&name, &text, &loader());
    if !wants.is_empty() {
        let errs = match res {
            Ok(_) => panic!("{name}: assembled, but diagnostics were expected: {wants:?}"),
            Err(e) => e,
        };
        if let Err(m) = check_diagnostics(&name, &wants, &errs.0) {
            panic!("{name}: {m}\n{errs}");
        }
        return;
    }
    let a = res.unwrap_or_else(|e| panic!("{name}: failed:\n{e}"));
    let want = wanted_words(&name, &text);
    let got = image_words(&a.image);
    let missing: Vec<_> = want.difference(&got).collect();
    let extra: Vec<_> = got.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{name}: missing {missing:?}, unexpected {extra:?}"
    );
}
