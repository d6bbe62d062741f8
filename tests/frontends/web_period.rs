//! `mark1 serve --period-software DIR` (issue 37, item 1): Strachey's original draughts
//! and his Love Letters in the browser, from their drum images in the period-software
//! folder, through the binary on a free loopback port and real WebSockets. The folder is
//! not in this repository: the tests that need it read `MARK1_PERIOD_SOFTWARE` and are
//! compiled as ignored without it (build.rs), as the period tests are. A bad folder is
//! refused at start with the reason, and a server without the flag offers neither.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::serve::Serve;
use crate::common::ws;
use ws::{open_session, send_json, until, Socket};

/// The period-software folder named by `MARK1_PERIOD_SOFTWARE` (the tests that call this
/// are ignored when it was not set at build time).
fn period_dir() -> PathBuf {
    let d = std::env::var("MARK1_PERIOD_SOFTWARE")
        .expect("MARK1_PERIOD_SOFTWARE is not set: set it to the period-software folder");
    let p = PathBuf::from(d);
    assert!(
        p.join("counts.tsv").is_file(),
        "{} holds no counts.tsv",
        p.display()
    );
    p
}

/// `mark1 serve` on a free loopback port with `args`, killed when dropped.
fn serve(args: &[&OsStr]) -> Serve {
    let mut all: Vec<&OsStr> = vec!["--bind".as_ref(), "127.0.0.1:0".as_ref()];
    all.extend_from_slice(args);
    Serve::start(&all)
}

/// With the period software and a data folder.
fn period(data: &Path) -> Serve {
    let dir = period_dir();
    serve(&[
        "--period-software".as_ref(),
        dir.as_os_str(),
        "--data".as_ref(),
        data.as_os_str(),
    ])
}

fn offers(hello: &serde_json::Value) -> (bool, bool) {
    let game = hello["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["game"] == "draughts-1952");
    let program = hello["programs"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p == "love-letters");
    (game, program)
}

/// `mark1 serve --period-software` with a folder that is not the period software: refused
/// at start, the file and the reason named; no server.
#[test]
fn a_bad_period_folder_is_refused_with_the_reason() {
    let refused = |dir: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
            .args(["serve", "--bind", "127.0.0.1:0", "--period-software"])
            .arg(dir)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    // A period program asked for as every tab's start, without the folder.
    for program in ["love-letters", "draughts-1952"] {
        let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
            .args(["serve", "--bind", "127.0.0.1:0", "--program", program])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success());
        let e = String::from_utf8_lossy(&out.stderr);
        assert!(
            e.contains(program) && e.contains("--period-software DIR"),
            "{e}"
        );
    }
    let d = tempfile::tempdir().unwrap();
    let missing = d.path().join("nowhere");
    let e = refused(&missing);
    assert!(e.contains("nowhere") && e.contains("no such folder"), "{e}");
    let e = refused(d.path());
    assert!(
        e.contains("Draughts.drm") && e.contains("cannot be read"),
        "{e}"
    );
    std::fs::create_dir(d.path().join("Draughts")).unwrap();
    std::fs::write(d.path().join("Draughts/Draughts.drm"), [0u8; 100]).unwrap();
    let e = refused(d.path());
    assert!(
        e.contains("Draughts.drm") && e.contains("not a drum image") && e.contains("131072"),
        "{e}"
    );
}

/// Without the flag neither period program is offered, and asking for them is refused
/// with the reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_folder_neither_is_offered() {
    let d = tempfile::tempdir().unwrap();
    let a = serve(&["--data".as_ref(), d.path().as_os_str()]);
    let (mut s, hello) = open_session(&a.addr, None).await;
    assert_eq!(offers(&hello), (false, false), "{hello}");
    send_json(
        &mut s,
        serde_json::json!({"op":"load","program":"love-letters"}),
    )
    .await;
    let n = until(&mut s, |v| v["type"] == "error").await;
    assert!(
        n["message"].as_str().unwrap().contains("--period-software"),
        "{n}"
    );
    send_json(
        &mut s,
        serde_json::json!({"op":"start","game":"draughts-1952"}),
    )
    .await;
    let n = until(&mut s, |v| v["type"] == "error").await;
    assert!(
        n["message"].as_str().unwrap().contains("--period-software"),
        "{n}"
    );
}

/// The program's last move on `paper` (its right-hand column), in Strachey's squares.
fn its_last_move(paper: &str) -> Option<mark1::games::draughts::original::PrintedMove> {
    paper
        .lines()
        .rev()
        .filter_map(|l| l.get(30..))
        .map(str::trim)
        .find(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        .and_then(|t| mark1::games::draughts::original::parse_printed(t).ok())
}

/// Frames until the original program waits for the visitor: the paper they carried (the
/// machine's simulated seconds then printed: the figure of the card, docs/web.md).
async fn to_its_wait(s: &mut Socket) -> String {
    let mut paper = String::new();
    let mut clock = 0.0;
    let start = Instant::now();
    loop {
        let v = until(s, |v| v["type"] == "frame" || v["type"] == "error").await;
        assert_eq!(v["type"], "frame", "{v}");
        paper += v["paper"].as_str().unwrap_or("");
        if let Some(t) = v["seconds"].as_f64() {
            clock = t;
        }
        if v["draughts-1952"]["your_move"] == true {
            // The figure docs/web.md's card gives (`-- --nocapture` shows it).
            eprintln!("draughts-1952: waiting for the visitor at {clock:.1} simulated seconds");
            return paper;
        }
        assert!(v["draughts-1952"]["over"] != true, "{paper}");
        assert!(start.elapsed() < Duration::from_secs(120), "{paper}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(period_software),
    ignore = "needs the period-software folder: MARK1_PERIOD_SOFTWARE=/work/shared/reference/period-software cargo test --test frontends web_period"
)]
async fn stracheys_original_draughts_answers_a_move() {
    use mark1::reference::draughts::{legal_moves, moves::apply, Position};
    let d = tempfile::tempdir().unwrap();
    let a = period(d.path());
    let (mut s, hello) = open_session(&a.addr, None).await;
    assert_eq!(offers(&hello), (true, true), "{hello}");
    send_json(&mut s, serde_json::json!({"op":"speed","value":"fast"})).await;
    send_json(
        &mut s,
        serde_json::json!({"op":"start","game":"draughts-1952","first":"machine","seed":1952}),
    )
    .await;
    let n = until(&mut s, |v| v["type"] == "info" || v["type"] == "error").await;
    assert_eq!(n["type"], "info", "{n}");
    // It plays Black and moves first: its move on the paper, a legal one.
    let paper = to_its_wait(&mut s).await;
    let first = its_last_move(&paper).unwrap_or_else(|| panic!("no move on {paper:?}"));
    let start = Position::start();
    let its = *legal_moves(&start)
        .iter()
        .find(|m| m.from == first.from && m.to == first.to)
        .unwrap_or_else(|| panic!("{} is not a legal move", first.text));
    let pos = apply(&start, &its);
    // Our move, in PDN as every face shows the board (the driver enters it in the
    // program's squares); a move the rules forbid is refused first, and the game goes on.
    send_json(&mut s, serde_json::json!({"op":"move","text":"1-2"})).await;
    let n = until(&mut s, |v| v["type"] == "error").await;
    assert!(
        n["message"].as_str().unwrap().contains("legal moves: "),
        "{n}"
    );
    let ours = legal_moves(&pos)[0];
    send_json(&mut s, serde_json::json!({"op":"move","text": ours.pdn()})).await;
    // Its reply: a second move on the paper, legal from the position our move made.
    let more = to_its_wait(&mut s).await;
    let reply = its_last_move(&more).unwrap_or_else(|| panic!("no reply on {more:?}"));
    let after = apply(&pos, &ours);
    assert!(
        legal_moves(&after)
            .iter()
            .any(|m| m.from == reply.from && m.to == reply.to),
        "{} is not a legal reply: {more}",
        reply.text
    );
}

/// The first letter of Love Letters' run of SimH's (period-software README), from its
/// salutation to `MUC.`: the letter our machine must write with SimH's random sequence.
fn simhs_first_letter(dir: &Path) -> String {
    let t =
        std::fs::read_to_string(dir.join("LoveLetters/expected/LL_10letters.printer.txt")).unwrap();
    let from = t.find("LOADED").expect("LOADED on SimH's paper") + "LOADED".len();
    let t = &t[from..];
    let to = t.find("MUC.").expect("MUC. on SimH's paper") + "MUC.".len();
    t[..to].replace("\r\n", "\n").trim().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(period_software),
    ignore = "needs the period-software folder: MARK1_PERIOD_SOFTWARE=/work/shared/reference/period-software cargo test --test frontends web_period"
)]
async fn love_letters_print_a_letter_and_need_the_same_folder_to_be_restored() {
    let dir: PathBuf = period_dir();
    let want = simhs_first_letter(&dir);
    let d = tempfile::tempdir().unwrap();
    let a = period(d.path());
    let (mut s, hello) = open_session(&a.addr, None).await;
    let id = hello["session"].as_str().expect("a session id").to_string();
    send_json(&mut s, serde_json::json!({"op":"speed","value":"fast"})).await;
    send_json(
        &mut s,
        serde_json::json!({"op":"load","program":"love-letters"}),
    )
    .await;
    let n = until(&mut s, |v| v["type"] == "info" || v["type"] == "error").await;
    assert_eq!(n["type"], "info", "{n}");
    let mut paper = String::new();
    let start = Instant::now();
    while !paper.contains("MUC.") {
        let v = until(&mut s, |v| v["type"] == "frame" || v["type"] == "error").await;
        assert_eq!(v["type"], "frame", "{v}");
        paper += v["paper"].as_str().unwrap_or("");
        if paper.contains("MUC.") {
            // The figure docs/web.md gives (`-- --nocapture` shows it).
            eprintln!(
                "love-letters: the first letter signed at {} simulated seconds",
                v["seconds"]
            );
        }
        assert!(start.elapsed() < Duration::from_secs(120), "{paper}");
    }
    let got = &paper[paper.find("LOADED").expect("loaded") + "LOADED".len()..];
    let got = got[..got.find("MUC.").unwrap() + "MUC.".len()].trim();
    assert_eq!(got, want, "the first letter as SimH's run wrote it");
    drop(s);
    // Kept under the folder: a server without it tells the page plainly.
    let journal = d.path().join(format!("{id}.json"));
    let t0 = Instant::now();
    while !std::fs::read_to_string(&journal).is_ok_and(|t| t.contains("period_software")) {
        assert!(t0.elapsed() < Duration::from_secs(20), "never saved");
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(a);
    // Another folder with the same files: not the one the session was kept under.
    let other = tempfile::tempdir().unwrap();
    for f in [
        "Draughts/Draughts.drm",
        "LoveLetters/generated/LoveLetters_SchemeT.drm",
        "LoveLetters/LL_Tape.pt.txt",
    ] {
        let to = other.path().join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(dir.join(f), to).unwrap();
    }
    let c = serve(&[
        "--period-software".as_ref(),
        other.path().as_os_str(),
        "--data".as_ref(),
        d.path().as_os_str(),
    ]);
    let (mut s, hello) = open_session(&c.addr, Some(&id)).await;
    assert_eq!(hello["restored"], false, "{hello}");
    let n = until(&mut s, |v| v["type"] == "error").await;
    let m = n["message"].as_str().unwrap();
    assert!(
        m.contains("could not be restored") && m.contains("instead"),
        "{m}"
    );
    drop(s);
    drop(c);
    let b = serve(&["--data".as_ref(), d.path().as_os_str()]);
    let (mut s, hello) = open_session(&b.addr, Some(&id)).await;
    assert_eq!(hello["restored"], false, "{hello}");
    let n = until(&mut s, |v| v["type"] == "error").await;
    let m = n["message"].as_str().unwrap();
    assert!(
        m.contains("could not be restored") && m.contains("--period-software"),
        "{m}"
    );
}

/// `mark1 serve --program love-letters --period-software DIR`: every new tab starts with
/// Love Letters loaded and running.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(period_software),
    ignore = "needs the period-software folder: MARK1_PERIOD_SOFTWARE=/work/shared/reference/period-software cargo test --test frontends web_period"
)]
async fn a_tab_can_start_with_love_letters() {
    let dir = period_dir();
    let a = serve(&[
        "--program".as_ref(),
        "love-letters".as_ref(),
        "--period-software".as_ref(),
        dir.as_os_str(),
    ]);
    let (mut s, _) = open_session(&a.addr, None).await;
    let n = until(&mut s, |v| v["type"] == "info" || v["type"] == "error").await;
    assert!(
        n["message"].as_str().unwrap().contains("Love Letters"),
        "{n}"
    );
    let v = until(&mut s, |v| v["type"] == "frame" && v["running"] == true).await;
    assert_eq!(v["running"], true);
}
