//! `mark1 run` on an image of Prinz §15: the teleprinter output, the summary and the
//! JSON object.

use mark1::formats::image::Image;
use mark1::machine::code::{parse_addr, parse_line};
use std::process::Command;

fn prinz_15_image() -> Image {
    let mut img = Image::default();
    for (a, w) in [
        ("//", "@///"),
        ("E/", "ME/C"),
        ("@/", "OET/"),
        ("A/", "GETA"),
        (":/", "VE/N"),
        ("S/", "VETA"),
        ("I/", "GET/"),
        ("U/", "PETN"),
        ("½/", "///H"),
        ("D/", "YE/Q"),
        ("YE", "££//"),
        ("PE", "E///"),
        ("OE", "D///"),
        ("ME", "R///"),
        ("VE", "R///"),
    ] {
        img.store[parse_addr(a).unwrap() as usize] = parse_line(w).unwrap();
    }
    img
}

#[test]
fn run_prints_summary_and_json() {
    let dir = std::env::temp_dir().join(format!("mark1-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("p15.m1i");
    std::fs::write(&path, prinz_15_image().to_text()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["run", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("dynamic stop (jump to itself) at line D/ (9)"),
        "{text}"
    );
    assert!(text.contains("instructions         62"), "{text}");
    assert!(text.contains("beats                340"), "{text}");

    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["run", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["instructions"], 62);
    assert_eq!(v["beats"], 340);
    assert_eq!(v["stop"]["reason"], "dynamic_stop");
    assert_eq!(v["stop"]["line"], 9);

    // Not an image, so read as assembler source: a diagnostic with file:line:column.
    std::fs::write(&path, "not an image").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["run", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("p15.m1i:1:1:"), "{err}");
    // A malformed image is refused with the line and the reason.
    std::fs::write(&path, "MARK1-IMAGE 1\nS /T ////\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["run", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 2: store address beyond the 8 fitted tubes"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
