//! `mark1 disasm` through the binary: a page's runs of empty (zero) lines are one comment
//! line each, not a column of `////` lines read as magnetic instructions, and what it
//! prints still assembles to the same page.

use std::process::Command;

const HELLO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/hello.m1");

fn mark1(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn disasm_collapses_runs_of_zero_lines() {
    let text = mark1(&["disasm", HELLO, "--page", "1"]);
    // hello.m1 fills page 1 up to line K@ (15); lines T@-£A (16-63) are empty.
    assert!(text.contains("; T@-£A zero, 48 lines"), "{text}");
    // A lone zero line (:@) is printed; no two zero lines follow each other.
    let zero: Vec<bool> = text.lines().map(|l| l.contains("  ////   ;")).collect();
    assert!(zero.windows(2).all(|w| !(w[0] && w[1])), "{text}");
    assert!(text.lines().count() < 25, "{text}");

    // The listing assembles back to the same page.
    let dir = std::env::temp_dir().join(format!("mark1-disasm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (src, img) = (dir.join("page1.m1"), dir.join("page1.m1i"));
    std::fs::write(&src, &text).unwrap();
    mark1(&["asm", src.to_str().unwrap(), "-o", img.to_str().unwrap()]);
    assert_eq!(
        mark1(&["disasm", img.to_str().unwrap(), "--page", "1"]),
        text
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_single_zero_line_stays_a_line() {
    // Line // of page 0 is zero and alone: it is printed, decoded as usual.
    let text = mark1(&["disasm", HELLO, "--page", "0"]);
    assert!(
        text.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("//  ////")),
        "{text}"
    );
}
