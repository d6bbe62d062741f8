//! `mark1 run` on Prinz §15: the summary and the JSON object; refusals of bad files.

use std::process::Command;

/// Prinz §15, the programme sheet as printed (programs/prinz15.m1).
const PRINZ15: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/prinz15.m1");

#[test]
fn run_prints_summary_and_json() {
    let dir = std::env::temp_dir().join(format!("mark1-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("p15.m1i");
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["run", PRINZ15])
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
        .args(["run", PRINZ15, "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["instructions"], 62);
    assert_eq!(v["beats"], 340);
    assert_eq!(v["stop"]["reason"], "dynamic_stop");
    assert_eq!(v["stop"]["line"], 9);

    // `mark1 run` on a file holding `text` fails; its standard error.
    let run_fails = |text: &str| {
        std::fs::write(&path, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
            .args(["run", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(!out.status.success());
        String::from_utf8(out.stderr).unwrap()
    };
    // Not an image, so read as assembler source: a diagnostic with file:line:column.
    let err = run_fails("not an image");
    assert!(err.contains("p15.m1i:1:1:"), "{err}");
    // A malformed image is refused with the line and the reason.
    let err = run_fails("MARK1-IMAGE 1\nS /T ////\n");
    assert!(
        err.contains("line 2: store address beyond the 8 fitted tubes"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
