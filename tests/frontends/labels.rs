//! Labels where a line address is taken, through the binary: `mark1 console --program
//! SOURCE` and `mark1 debug SOURCE --headless --script` take `break LABEL`, `examine
//! LABEL`, `label+N`, `go LABEL`, and refuse a label that does not exist naming it and
//! the nearest; the debugger shows every line of a range examined, the labels in its
//! history, the title after KEC, `reload` keeping a breakpoint by its label, and `?`
//! listing every command; the console's and debugger's wording (issue 38).

use mark1::console::{Labels, Session};
use mark1::machine::{Config, Machine, Stop};
use mark1::tui::Debugger;
use std::process::Output;

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn hello() -> String {
    root().join("programs/hello.m1").display().to_string()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("mark1-labels-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `mark1 ARGS` with `input` on standard input, in `dir`.
fn mark1_in(dir: &std::path::Path, args: &[&str], input: &str) -> Output {
    crate::common::run::with_stdin(Some(dir), args, input)
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The console: `break h2` stops at h2's line (T/, 16), `examine long text2` shows the
/// line by address and label, `e h2+1` is the next line, `go stop` runs from the loop
/// stop; a misspelt label is refused with the nearest ones; `e totl` without a source
/// says labels need one.
#[test]
fn console_takes_labels() {
    let dir = scratch("console");
    let o = mark1_in(
        &dir,
        &["console", "--program", &hello()],
        "break h2\ngo\nexamine long text2\ne h2+1\nshow breaks\nunbreak h2\ngo stop\ne tex1\n\
         deposit one+1 5\ne minus1\n",
    );
    let (out, err) = text(&o);
    assert!(
        out.contains("stop: breakpoint at line T/ (16)"),
        "{out}\n{err}"
    );
    assert!(
        out.contains("@@ (66): WORLD///") && out.contains("  (text2)\n"),
        "{out}"
    );
    assert!(
        out.contains("Z/ (17): ///I  196608  00000 00000 00000 01100  (h2+1)"),
        "{out}"
    );
    assert!(out.contains("breakpoints: T/ (h2)"), "{out}");
    // `one+1` is minus1's line (½@, 72): deposited and examined by two names.
    assert!(out.contains("½@ (72): S///  5  "), "{out}");
    assert!(
        out.contains("stop: dynamic stop (jump to itself) at line O/ (24)"),
        "{out}"
    );
    assert!(
        err.contains("`tex1` is neither a line address") && err.contains("nearest: text1"),
        "{err}"
    );
    // Exactly the misspelt label failed.
    assert!(err.contains("1 command(s) failed"), "{err}");

    // Without a source there are no labels, and the message says why.
    let o = mark1_in(&dir, &["console"], "e total\n");
    let (_, err) = text(&o);
    assert!(
        err.contains("labels can be used when the program was loaded from its source"),
        "{err}"
    );
}

/// The same through a console script (`--script`), as the tutorial's sessions run.
#[test]
fn console_script_takes_labels() {
    let dir = scratch("script");
    std::fs::write(
        dir.join("s.con"),
        "break h1\ngo\nwatch text2\nunbreak all\nwatch text2\ngo\n",
    )
    .unwrap();
    let o = mark1_in(
        &dir,
        &["console", "--program", &hello(), "--script", "s.con"],
        "",
    );
    let (_, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("stop: breakpoint at line ½/ (8)"), "{err}");
    // The watch stop in words, the word `line` once.
    assert!(err.contains("watched line @@ (66) changed"), "{err}");
    assert!(!err.contains("line line"), "{err}");
}

/// `mark1 debug SOURCE --headless --script`: `break LABEL`, `examine LABEL`, a range
/// examined shown whole, the history with labels.
#[test]
fn debugger_takes_labels_and_shows_a_range_whole() {
    let dir = scratch("debug");
    std::fs::write(
        dir.join("d.con"),
        "break h1\nrun\nstep 2\ne long text1-text2\n",
    )
    .unwrap();
    let o = mark1_in(
        &dir,
        &["debug", &hello(), "--headless", "--script", "d.con"],
        "",
    );
    let (screen, err) = text(&o);
    assert!(o.status.success(), "{err}");
    // The range's two long lines, both, over the console.
    assert!(screen.contains("/@ (64): HELLO///"), "{screen}");
    assert!(screen.contains("@@ (66): WORLD///"), "{screen}");
    assert!(screen.contains("(text2)"), "{screen}");
    // The history names the lines by label: h1 and h1+1 (½/ and D/).
    assert!(screen.contains("½/ h1   "), "{screen}");
    assert!(screen.contains("D/ h1+1 "), "{screen}");
    // A misspelt label at the debugger's command line.
    std::fs::write(dir.join("bad.con"), "break h3\n").unwrap();
    let o = mark1_in(
        &dir,
        &["debug", &hello(), "--headless", "--script", "bad.con"],
        "",
    );
    let (_, err) = text(&o);
    assert!(!o.status.success());
    assert!(
        err.contains("bad.con:1") && err.contains("`h3`") && err.contains("nearest: h1, h2"),
        "{err}"
    );
}

/// After KEC the title no longer shows the stop before it; `reload` of the unchanged
/// source keeps the breakpoint by its label.
#[test]
fn debugger_title_after_kec_and_reload() {
    let dir = scratch("kec");
    std::fs::write(dir.join("k.con"), "go\nkec\n").unwrap();
    let o = mark1_in(
        &dir,
        &["debug", &hello(), "--headless", "--script", "k.con"],
        "",
    );
    let (screen, err) = text(&o);
    assert!(o.status.success(), "{err}");
    let title = screen.lines().next().unwrap_or_default();
    assert!(title.contains("stopped; next line E/"), "{title}");
    assert!(!title.contains("dynamic stop"), "{title}");

    std::fs::write(dir.join("r.con"), "break h2\nreload\nrun\n").unwrap();
    let o = mark1_in(
        &dir,
        &["debug", &hello(), "--headless", "--script", "r.con"],
        "",
    );
    let (screen, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        screen.contains("stopped: breakpoint at line T/"),
        "{screen}"
    );
    assert!(screen.contains("break: T/"), "{screen}");
}

/// `reload` after the source changed: h2 moved two lines on, the breakpoint and the
/// watch follow their labels; a label that is gone is dropped and named.
#[test]
fn reload_keeps_breakpoints_by_label() {
    let path = root().join("programs/hello.m1");
    let source = std::fs::read_to_string(&path).unwrap();
    let assemble = |text: &str| {
        let a = mark1::asm::assemble_str("hello.m1", text, &mark1::asm::FsLoader).unwrap();
        let mut l = Labels::new("hello.m1");
        for (name, sym) in &a.symbols {
            if !sym.places.is_empty() {
                l.add_label(name, sym.value as u32);
            }
        }
        (a.image, l)
    };
    let (image, labels) = assemble(&source);
    let mut m = Machine::new(Config::default());
    m.load_image(&image);
    let mut s = Session::new(m, root());
    s.labels = labels;
    let mut d = Debugger::new(s, "hello.m1");
    // Two more orders before h2 (it moves from T/ (16) to L/ (18)), and h1 renamed.
    let changed = source
        .replace(
            "        /: space\n",
            "        /: space\n        T:\n        T:\n",
        )
        .replace("h1", "g1");
    d.reloader = Some(Box::new(move || Ok(assemble(&changed))));
    d.command("break h2").unwrap();
    d.command("break h1").unwrap();
    d.command("watch text2").unwrap();
    d.command("reload").unwrap();
    let m = &d.session.machine;
    assert_eq!(m.breaks.lines(), vec![18], "h2's breakpoint followed it");
    let said = d.log.back().cloned().unwrap_or_default();
    assert!(said.contains("h2 (now L/)"), "{said}");
    assert!(said.contains("dropped (label gone): h1"), "{said}");
    assert_eq!(d.watches, vec![66]);
    d.command("run").unwrap();
    assert_eq!(d.last_stop, Some(Stop::Breakpoint { line: 18 }));
    // A source that does not assemble changes nothing and shows its errors.
    d.reloader = Some(Box::new(|| Err("hello.m1:3:1: unknown order `XX`".into())));
    let c = d.session.machine.c;
    assert!(d.command("reload").is_err());
    assert_eq!(d.session.machine.c, c);
    assert_eq!(d.session.machine.breaks.lines(), vec![18]);
    let shown = d.output.clone().unwrap_or_default().join("\n");
    assert!(shown.contains("unknown order `XX`"), "{shown}");
}

/// The `?` screen names every command of the console language and the debugger's own.
#[test]
fn help_screen_lists_every_command() {
    use mark1::tui::view::HELP;
    for c in mark1::console::help::COMMANDS {
        assert!(HELP.contains(c.name), "`{}` is not on the ? screen", c.name);
    }
    for w in [
        "run", "stop", "speed", "page", "png", "wav", "reload", "examine", "deposit", "show",
    ] {
        assert!(HELP.contains(w), "`{w}` is not on the ? screen");
    }
}

/// Wording: one instruction is singular; `attach drum` of a file that does not exist
/// says how to start a new drum.
#[test]
fn wording_of_stops_and_attach() {
    let dir = scratch("wording");
    let p15 = root().join("programs/prinz15.m1").display().to_string();
    let o = mark1_in(
        &dir,
        &["console", "--program", &p15],
        "break @/\ngo\nattach drum my.drm\n",
    );
    let (out, err) = text(&o);
    assert!(
        out.contains("stop: breakpoint at line @/ (2) after 1 instruction, "),
        "{out}"
    );
    assert!(
        err.contains("`attach -n drum my.drm` starts a new, empty drum"),
        "{err}"
    );
    let o = mark1_in(&dir, &["console"], "attach -n drum my.drm\ndetach drum\n");
    assert!(o.status.success(), "{}", text(&o).1);
    assert_eq!(
        std::fs::metadata(dir.join("my.drm")).unwrap().len(),
        131_072
    );
}
