//! docs/guide.md's "Write and run a program" shows a whole program and says what it
//! prints, where it stops and what `kcc` does: all three through the binary, with the
//! program taken from the page itself.

/// The page's program (its first ```m1 block after "## Write and run a program") and
/// the stop line the page quotes after "prints `HI` and `".
fn guide_program() -> (String, String) {
    let guide = std::fs::read_to_string("docs/guide.md").expect("docs/guide.md");
    let at = guide
        .find("## Write and run a program")
        .expect("the section is there");
    let section = &guide[at..];
    let start = section.find("```m1\n").expect("a ```m1 block") + 6;
    let len = section[start..].find("```").expect("the block ends");
    let program = section[start..start + len].to_string();
    let said = section
        .split("prints `HI` and `")
        .nth(1)
        .and_then(|r| r.split('`').next())
        .expect("the page says where it stops")
        .to_string();
    (program, said)
}

fn mark1(args: &[&str], stdin: &str) -> (bool, String) {
    let o = crate::common::run::with_stdin(None, args, stdin);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.success(), text)
}

/// The guide's program prints HI on a new line, stops where the page says with status 0,
/// and `kcc` then `go` at the console prints it again.
#[test]
fn the_guides_program_runs_as_the_page_says() {
    let (program, said) = guide_program();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hi.m1");
    std::fs::write(&path, program).unwrap();
    let file = path.to_str().unwrap();
    let (ok, out) = mark1(&["run", file], "");
    assert!(ok, "{out}");
    assert!(out.starts_with("\nHI\n"), "{out}");
    assert!(out.contains(&said), "the page says `{said}`: {out}");
    let (ok, out) = mark1(&["console", "--program", file], "go\nkcc\ngo\n");
    assert!(ok, "{out}");
    assert_eq!(out.matches("HI\n").count(), 2, "{out}");
}
