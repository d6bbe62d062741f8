//! A session survives a restart of `mark1 serve` (issue 37, item 4), through the binary
//! (`mark1 serve --data DIR` on a free loopback port, killed and started again on the same
//! folder) and real WebSockets: a draughts game started and a move played, the server
//! killed, a new one started, the tab reconnected with its id: the paper and the position
//! as before, and the next move accepted. Also: a session that held an upload is told
//! plainly that it could not be restored.

use std::ffi::OsStr;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::serve::Serve;
use crate::common::ws;
use ws::{open_session, send_json, until, Socket};

/// `mark1 serve --data DIR` on a free loopback port (`extra` arguments after), killed
/// when dropped.
fn start(data: &Path, extra: &[&str]) -> Serve {
    let mut args: Vec<&OsStr> = vec![
        "--bind".as_ref(),
        "127.0.0.1:0".as_ref(),
        "--data".as_ref(),
        data.as_os_str(),
    ];
    args.extend(extra.iter().map(OsStr::new));
    Serve::start(&args)
}

/// Frames until the program waits for the visitor's move: the paper they carried and the
/// position on the last.
async fn to_your_move(s: &mut Socket) -> (String, String) {
    let mut paper = String::new();
    loop {
        let v = until(s, |v| v["type"] == "frame" || v["type"] == "error").await;
        assert_eq!(v["type"], "frame", "{v}");
        paper += v["paper"].as_str().unwrap_or("");
        if v["draughts"]["your_move"] == true {
            return (paper, v["draughts"]["fen"].as_str().unwrap().to_string());
        }
    }
}

/// A legal move for the side to move in `fen` (PDN), as the program wants it entered:
/// from, the squares passed, to.
fn a_legal_move(fen: &str) -> String {
    use mark1::reference::draughts::{moves::legal_moves, Position};
    let pos = Position::from_fen(fen).unwrap();
    let m = legal_moves(&pos)[0];
    let mut squares = vec![m.from];
    squares.extend_from_slice(&m.path[..m.stages as usize]);
    let squares: Vec<String> = squares.iter().map(|q| (q + 1).to_string()).collect();
    squares.join("-")
}

/// Waits until the journal saved for `id` holds `what` (the server saves as it goes).
fn wait_saved(data: &Path, id: &str, what: &str) {
    let path = data.join(format!("{id}.json"));
    let start = Instant::now();
    loop {
        if std::fs::read_to_string(&path).is_ok_and(|t| t.contains(what)) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{} never held {what}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_after_the_server_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("sessions");
    let a = start(&data, &[]);
    let (mut s, hello) = open_session(&a.addr, None).await;
    let id = hello["session"].as_str().expect("a session id").to_string();
    assert_eq!(hello["restored"], false);
    ws::start_draughts_fast(&mut s).await;
    let (mut paper, _) = to_your_move(&mut s).await;
    send_json(&mut s, serde_json::json!({"op":"move","text":"11-15"})).await;
    let (more, fen) = to_your_move(&mut s).await;
    paper += &more;
    assert!(paper.trim().lines().count() > 1, "{paper}");
    // Saved: the move, and the program's wait after its reply.
    wait_saved(&data, &id, r#""waited"}]"#);
    wait_saved(&data, &id, "11-15");
    drop(s);
    drop(a);

    let b = start(&data, &[]);
    let (mut s, hello) = open_session(&b.addr, Some(&id)).await;
    assert_eq!(hello["session"], id.as_str(), "{hello}");
    assert_eq!(hello["restored"], true, "{hello}");
    let n = until(&mut s, |v| v["type"] == "info" || v["type"] == "error").await;
    assert_eq!(n["type"], "info", "{n}");
    assert!(n["message"].as_str().unwrap().contains("restored"), "{n}");
    let (again, fen_again) = to_your_move(&mut s).await;
    assert_eq!(again, paper, "the paper as before");
    assert_eq!(fen_again, fen, "the position as before");
    // The game goes on: the next move is accepted and the program replies.
    let next = a_legal_move(&fen);
    send_json(&mut s, serde_json::json!({"op":"move","text":next})).await;
    let mut reply = String::new();
    loop {
        let v = until(&mut s, |v| v["type"] == "frame" || v["type"] == "error").await;
        assert_eq!(v["type"], "frame", "{next}: {v}");
        reply += v["paper"].as_str().unwrap_or("");
        if v["draughts"]["your_move"] == true && v["draughts"]["fen"] != fen.as_str() {
            break;
        }
    }
    assert!(!reply.trim().is_empty(), "the program replied to {next}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upload_is_not_restored_and_the_page_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("sessions");
    let a = start(&data, &[]);
    let (mut s, hello) = open_session(&a.addr, None).await;
    let id = hello["session"].as_str().unwrap().to_string();
    let src = "        .org 1\nl:      /P j\nj:      .jump l\n";
    send_json(
        &mut s,
        serde_json::json!({"op":"upload","kind":"asm","name":"mine.m1","data":src}),
    )
    .await;
    until(&mut s, |v| v["type"] == "info").await;
    wait_saved(&data, &id, "mine.m1");
    drop(s);
    // A reload: the same server, the same id.
    let (mut s, hello) = open_session(&a.addr, Some(&id)).await;
    assert_eq!(hello["restored"], false, "{hello}");
    let n = until(&mut s, |v| v["type"] == "error").await;
    let m = n["message"].as_str().unwrap();
    assert!(
        m.contains("could not be restored") && m.contains("mine.m1"),
        "{m}"
    );
    // An id the server never gave is not a file it reads: a new session.
    let (_s, hello) = open_session(&a.addr, Some("../../../../etc/passwd")).await;
    assert_ne!(hello["session"], "../../../../etc/passwd");
    assert_eq!(hello["restored"], false);
}
