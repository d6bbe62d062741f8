//! `mark1 serve --kiosk` (issue 37, item 3), the server's side, through real connections
//! on loopback: the page is told it is a kiosk (and its idle time) in `hello`, uploads are
//! refused and the session goes on, the kiosk's script is served, and when every session
//! is taken the page is a friendly HTML page that tries again by itself, not a bare error.

use futures_util::SinkExt;
use std::io::{Read, Write};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

use crate::common::ws;
use ws::{connect, until};

async fn kiosk_server(max_sessions: usize) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let mut shared = mark1::web::server::Shared::new(mark1::web::session::built_in());
    shared.kiosk = Some(mark1::web::server::Kiosk {
        idle: Duration::from_secs(30),
    });
    shared.limits.max_sessions = max_sessions;
    tokio::spawn(mark1::web::server::serve(listener, shared));
    addr
}

/// `GET path` on a fresh connection: the status line and the whole response.
fn get(addr: &str, path: &str) -> String {
    let mut c = std::net::TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        c,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut r = String::new();
    c.read_to_string(&mut r).unwrap();
    r
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kiosk_says_so_refuses_uploads_and_has_a_busy_page() {
    let addr = kiosk_server(1).await;
    let a = addr.clone();
    let page = tokio::task::spawn_blocking(move || get(&a, "/"))
        .await
        .unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(
        page.contains("/kiosk.js"),
        "the page loads the kiosk's script"
    );
    let a = addr.clone();
    let script = tokio::task::spawn_blocking(move || get(&a, "/kiosk.js"))
        .await
        .unwrap();
    assert!(
        script.starts_with("HTTP/1.1 200") && script.contains("touch to play"),
        "{script}"
    );

    let mut s = connect(&addr).await;
    let hello = until(&mut s, |v| v["type"] == "hello").await;
    assert_eq!(hello["kiosk"], true, "{hello}");
    assert_eq!(hello["idle"], 30, "{hello}");
    let up = serde_json::json!({"op":"upload","kind":"asm","name":"mine.m1",
        "data":"        .org 1\nl:      /P j\nj:      .jump l\n"});
    s.send(Message::Text(up.to_string().into())).await.unwrap();
    let e = until(&mut s, |v| v["type"] == "error" || v["type"] == "info").await;
    assert_eq!(e["type"], "error", "{e}");
    assert!(e["message"].as_str().unwrap().contains("kiosk"), "{e}");
    // The session goes on: hello still runs.
    for m in [r#"{"op":"speed","value":"fast"}"#, r#"{"op":"run"}"#] {
        s.send(Message::Text(m.into())).await.unwrap();
    }
    let mut paper = String::new();
    while !paper.contains("HELLO WORLD") {
        paper += until(&mut s, |v| v["type"] == "frame").await["paper"]
            .as_str()
            .unwrap_or("");
    }

    // Every session taken (one of one): the page is the busy page, in words, trying again.
    let a = addr.clone();
    let busy = tokio::task::spawn_blocking(move || get(&a, "/"))
        .await
        .unwrap();
    assert!(busy.starts_with("HTTP/1.1 503"), "{busy}");
    assert!(busy.contains("text/html"), "{busy}");
    assert!(
        busy.contains("is busy") && busy.contains("All 1 of its consoles are in use"),
        "{busy}"
    );
    assert!(busy.contains(r#"http-equiv="refresh""#), "{busy}");
    // The session given back, the console again.
    drop(s);
    let start = std::time::Instant::now();
    loop {
        let a = addr.clone();
        let page = tokio::task::spawn_blocking(move || get(&a, "/"))
            .await
            .unwrap();
        if page.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{page}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Not a kiosk: uploads are taken, and `hello` says it is not one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn not_a_kiosk_takes_uploads() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let shared = mark1::web::server::Shared::new(mark1::web::session::built_in());
    tokio::spawn(mark1::web::server::serve(listener, shared));
    let mut s = connect(&addr).await;
    let hello = until(&mut s, |v| v["type"] == "hello").await;
    assert_eq!(hello["kiosk"], false, "{hello}");
    let up = serde_json::json!({"op":"upload","kind":"asm","name":"mine.m1",
        "data":"        .org 1\nl:      /P j\nj:      .jump l\n"});
    s.send(Message::Text(up.to_string().into())).await.unwrap();
    let n = until(&mut s, |v| v["type"] == "error" || v["type"] == "info").await;
    assert_eq!(n["type"], "info", "{n}");
}

/// `--idle` means nothing without `--kiosk`: refused, naming it.
#[test]
fn idle_without_kiosk_is_refused() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(["serve", "--bind", "127.0.0.1:0", "--idle", "30"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--kiosk"), "{err}");
}
