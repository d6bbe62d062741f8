//! One small source per test under `tests/asm/`, with its expectation written beside
//! the source in the same file (customasm style):
//!
//! * `;= ADDR CONTENT` one expected non-zero store line (`;= 5.1:E/ ME/C` for a drum
//!   line, `;= H ....` and `;= C ....` for hand switches and control). The test fails if
//!   the image holds any other non-zero line.
//! * `;! LINE:COL: text` an expected diagnostic (the message must contain `text`); the
//!   assembly must fail.

use mark1::asm::{assemble_str, MapLoader};
use mark1::machine::code::{line_chars, parse_addr, parse_line};
use std::collections::BTreeSet;

fn loader() -> MapLoader {
    let mut m = MapLoader::default();
    for e in std::fs::read_dir("tests/asm/inc").unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        m.0.insert(format!("inc/{name}"), std::fs::read_to_string(&p).unwrap());
    }
    m
}

fn check(path: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut want: BTreeSet<String> = BTreeSet::new();
    let mut diags: Vec<(String, String)> = Vec::new();
    for l in text.lines() {
        if let Some(w) = l.trim().strip_prefix(";=") {
            let f: Vec<&str> = w.split_whitespace().collect();
            assert_eq!(f.len(), 2, "{name}: bad expectation `{l}`");
            // normalise through the code so `#`/`½` spellings agree
            let content = line_chars(parse_line(f[1]).unwrap_or_else(|| panic!("{name}: {l}")));
            let loc = match f[0] {
                "H" | "C" => f[0].to_string(),
                a if a.contains('.') => {
                    let (th, ad) = a.split_once(':').unwrap();
                    format!(
                        "{th}:{}",
                        mark1::machine::code::addr_chars(parse_addr(ad).unwrap())
                    )
                }
                a => mark1::machine::code::addr_chars(
                    parse_addr(a).unwrap_or_else(|| panic!("{name}: {l}")),
                ),
            };
            want.insert(format!("{loc} {content}"));
        } else if let Some(d) = l.trim().strip_prefix(";!") {
            let d = d.trim();
            let (pos, msg) = d
                .split_once(": ")
                .unwrap_or_else(|| panic!("{name}: bad `{l}`"));
            diags.push((pos.to_string(), msg.to_string()));
        }
    }
    let res = assemble_str(&name, &text, &loader());
    if !diags.is_empty() {
        let errs = match res {
            Ok(_) => return Err(format!("{name}: assembled, but diagnostics were expected")),
            Err(e) => e,
        };
        let shown = errs.to_string();
        for (pos, msg) in &diags {
            let hit = errs.0.iter().any(|e| {
                format!("{}:{}", e.line, e.column) == *pos && e.message.contains(msg.as_str())
            });
            if !hit {
                return Err(format!("{name}: expected `{pos}: {msg}`, got:\n{shown}"));
            }
        }
        return Ok(());
    }
    let a = res.map_err(|e| format!("{name}: failed:\n{e}"))?;
    let mut got = BTreeSet::new();
    for (i, &w) in a.image.store.iter().enumerate() {
        if w != 0 {
            got.insert(format!(
                "{} {}",
                mark1::machine::code::addr_chars(i as u32),
                line_chars(w)
            ));
        }
    }
    for (&(t, h), ht) in &a.image.drum {
        for (i, &w) in ht.iter().enumerate() {
            if w != 0 {
                got.insert(format!(
                    "{t}.{h}:{} {}",
                    mark1::machine::code::addr_chars(i as u32),
                    line_chars(w)
                ));
            }
        }
    }
    if a.image.hand_switches != 0 {
        got.insert(format!("H {}", line_chars(a.image.hand_switches)));
    }
    if a.image.control != 0 {
        got.insert(format!("C {}", line_chars(a.image.control)));
    }
    if got != want {
        let missing: Vec<_> = want.difference(&got).collect();
        let extra: Vec<_> = got.difference(&want).collect();
        return Err(format!("{name}: missing {missing:?}, unexpected {extra:?}"));
    }
    Ok(())
}

#[test]
fn every_source_under_tests_asm() {
    let mut paths: Vec<_> = std::fs::read_dir("tests/asm")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "m1"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 20, "only {} test sources", paths.len());
    let fails: Vec<String> = paths.iter().filter_map(|p| check(p).err()).collect();
    assert!(
        fails.is_empty(),
        "{} of {} failed:\n{}",
        fails.len(),
        paths.len(),
        fails.join("\n")
    );
}
