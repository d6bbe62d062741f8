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

#[test]
fn a_drum_image_is_disassembled_by_track() {
    // hello.m1 as a bootable drum: its pages on spare tracks, a loader on track 0. The
    // drum image's half-tracks that hold anything are listed, and the program's page 1
    // is among them, word for word.
    let dir = std::env::temp_dir().join(format!("mark1-disasm-drm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let drm = dir.join("hello.drm");
    mark1(&["asm", HELLO, "--drm", drm.to_str().unwrap()]);
    let all = mark1(&["disasm", drm.to_str().unwrap()]);
    assert!(all.contains(".track 0, 0"), "{all}");
    let page1 = mark1(&["disasm", HELLO, "--page", "1"]);
    let words: Vec<&str> = page1
        .lines()
        .filter(|l| !l.starts_with(';') && !l.starts_with('.'))
        .filter_map(|l| l.split_whitespace().nth(1))
        .filter(|w| *w != "////")
        .collect();
    assert!(words.len() > 5, "{page1}");
    let track = all
        .split(".track ")
        .find(|t| words.iter().all(|w| t.contains(&format!("  {w}   ;"))))
        .unwrap_or_else(|| panic!("page 1's words on no half-track:\n{all}"));
    let t: u8 = track.split(',').next().unwrap().parse().unwrap();
    let one = mark1(&["disasm", drm.to_str().unwrap(), "--track", &t.to_string()]);
    assert!(
        one.starts_with(&format!("; mark1 disasm: drum track {t}")),
        "{one}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
