//! `mark1 serve`'s server under load and faults, through real WebSockets (no browser):
//! 20 sessions at once, sockets dropped mid-run, garbage and oversized messages.

use futures_util::SinkExt;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

use crate::common::ws;
use ws::{connect, until, Socket};

async fn server() -> (String, mark1::web::server::Shared) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let shared = mark1::web::server::Shared::new(mark1::web::session::built_in());
    tokio::spawn(mark1::web::server::serve(listener, shared.clone()));
    (addr, shared)
}

async fn send(s: &mut Socket, text: &str) {
    s.send(Message::Text(text.to_string().into()))
        .await
        .unwrap();
}

async fn hello_world(addr: String) -> String {
    let mut s = connect(&addr).await;
    send(&mut s, r#"{"op":"speed","value":"fast"}"#).await;
    send(&mut s, r#"{"op":"run"}"#).await;
    let mut paper = String::new();
    let start = Instant::now();
    while !paper.contains("HELLO WORLD") {
        let v = until(&mut s, |v| v["type"] == "frame").await;
        paper += v["paper"].as_str().unwrap_or("");
        assert!(start.elapsed() < Duration::from_secs(30));
    }
    paper
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_sessions_at_once_each_get_their_answer() {
    let (addr, shared) = server().await;
    let runs: Vec<_> = (0..20)
        .map(|_| tokio::spawn(hello_world(addr.clone())))
        .collect();
    for r in runs {
        assert!(r.await.unwrap().contains("HELLO WORLD"));
    }
    wait_sessions(&shared, 0).await;
}

async fn wait_sessions(shared: &mark1::web::server::Shared, n: usize) {
    let start = Instant::now();
    while shared.sessions.load(std::sync::atomic::Ordering::SeqCst) != n {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "sessions did not return to {n}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_socket_frees_its_session() {
    let (addr, shared) = server().await;
    let mut s = connect(&addr).await;
    send(&mut s, r#"{"op":"load","program":"hoot"}"#).await;
    send(&mut s, r#"{"op":"run"}"#).await;
    until(&mut s, |v| v["type"] == "frame" && v["running"] == true).await;
    wait_sessions(&shared, 1).await;
    drop(s); // mid-run, without a close message
    wait_sessions(&shared, 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_and_oversized_messages_are_refused_and_the_session_goes_on() {
    let (addr, _) = server().await;
    let mut s = connect(&addr).await;
    for bad in [
        "garbage",
        r#"{"op":"explode"}"#,
        r#"{"op":"switch","bit":25,"on":true}"#,
        r#"{"op":"upload","kind":"drm","name":"x.drm","data":"not base 64!"}"#,
        r#"{"op":"load","program":"../../etc/passwd"}"#,
    ] {
        send(&mut s, bad).await;
        let v = until(&mut s, |v| v["type"] == "error").await;
        assert!(!v["message"].as_str().unwrap().is_empty());
    }
    let big = format!(
        r#"{{"op":"upload","kind":"asm","name":"big.m1","data":"{}"}}"#,
        "x".repeat(mark1::web::protocol::MAX_MESSAGE)
    );
    send(&mut s, &big).await;
    let v = until(&mut s, |v| v["type"] == "error").await;
    assert!(v["message"].as_str().unwrap().contains("more than"), "{v}");
    // Still alive: hello world runs.
    send(&mut s, r#"{"op":"speed","value":"fast"}"#).await;
    send(&mut s, r#"{"op":"run"}"#).await;
    let mut paper = String::new();
    while !paper.contains("HELLO WORLD") {
        paper += until(&mut s, |v| v["type"] == "frame").await["paper"]
            .as_str()
            .unwrap_or("");
    }
}

/// The reply the program makes to 11-15 (PDN), played by the operator-side driver
/// directly: what every session must print.
fn expected_reply() -> String {
    use mark1::games::draughts as gd;
    let a = gd::assemble().unwrap();
    let mut g = gd::Game::new(&a, &gd::Params::strategy1(3), 1952).unwrap();
    assert!(g.start(gd::First::Human).is_none());
    assert!(g.machine_turn().is_none());
    assert!(matches!(g.human_move(&[10, 14]), gd::Entered::Accepted));
    assert!(g.machine_turn().is_none());
    g.machine_moves[0].printed.clone()
}

async fn draughts_reply(addr: String) -> String {
    let mut s = connect(&addr).await;
    send(&mut s, r#"{"op":"speed","value":"fast"}"#).await;
    send(&mut s, r#"{"op":"draughts","first":"human"}"#).await;
    let mut paper = String::new();
    loop {
        let v = until(&mut s, |v| v["type"] == "frame").await;
        paper += v["paper"].as_str().unwrap_or("");
        if v["draughts"]["your_move"] == true {
            break;
        }
    }
    send(&mut s, r#"{"op":"draughts_move","squares":[11,15]}"#).await;
    let mut after = String::new();
    loop {
        let v = until(&mut s, |v| v["type"] == "frame").await;
        after += v["paper"].as_str().unwrap_or("");
        if v["draughts"]["your_move"] == true && after.contains('\n') {
            break;
        }
    }
    after
        .lines()
        .filter_map(|l| l.get(33..).map(str::trim))
        .rfind(|t| !t.is_empty())
        .unwrap_or("")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_sessions_think_at_draughts_at_once() {
    let want = expected_reply();
    let (addr, shared) = server().await;
    let runs: Vec<_> = (0..20)
        .map(|_| tokio::spawn(draughts_reply(addr.clone())))
        .collect();
    for r in runs {
        assert_eq!(r.await.unwrap(), want);
    }
    wait_sessions(&shared, 0).await;
}

/// `mark1 serve --program prinz`: every new tab starts with Prinz's problem ready to run.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tab_can_start_in_a_game_mode() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let mut shared = mark1::web::server::Shared::new(mark1::web::session::built_in());
    shared.start = Some(mark1::web::protocol::ClientMsg::Prinz {
        fen: mark1::games::prinz::FIGURE1_FEN.into(),
    });
    tokio::spawn(mark1::web::server::serve(listener, shared));
    let mut s = connect(&addr).await;
    let v = until(&mut s, |v| v["type"] == "info").await;
    assert!(v["message"].as_str().unwrap().contains("Prinz"), "{v}");
    send(&mut s, r#"{"op":"speed","value":"fast"}"#).await;
    send(&mut s, r#"{"op":"run"}"#).await;
    let r = until(&mut s, |v| v["type"] == "report").await;
    assert_eq!(r["mate"], true);
}

/// The KRK modes of the web console: `hello` lists the game `krk` (its card: the
/// machine first, the longest start the default) and the program `krk-build` (fast); the
/// game started plays the machine's first move and waits for the visitor's square, a
/// refused square said on the paper; the build loaded runs at once with the tubes on its
/// pages and prints level 0's line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_krk_modes() {
    let (addr, _shared) = server().await;
    let mut s = connect(&addr).await;
    let hello = until(&mut s, |v| v["type"] == "hello").await;
    let krk = hello["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "krk")
        .cloned()
        .unwrap_or_else(|| panic!("{hello}"));
    assert_eq!(krk["firsts"], serde_json::json!(["machine"]));
    assert!(krk["positions"][0]["position"]
        .as_str()
        .unwrap()
        .starts_with("8/8/8/8/8/2k5/1R6/K7 w"));
    assert!(hello["programs"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p == "krk-build"));
    let card = hello["program_cards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["program"] == "krk-build")
        .cloned()
        .unwrap();
    assert_eq!(card["fast"], true);

    send(&mut s, r#"{"op":"speed","value":"fast"}"#).await;
    send(&mut s, r#"{"op":"start","game":"krk"}"#).await;
    let mut paper = String::new();
    let v = until(&mut s, |v| {
        if v["type"] == "frame" {
            paper += v["paper"].as_str().unwrap_or("");
        }
        v["type"] == "frame" && v["playing"] == "krk" && v["krk"]["your_move"] == true
    })
    .await;
    assert_eq!(paper, "K A2\n", "{v}");
    assert_eq!(v["krk"]["fen"], "8/8/8/8/8/2k5/KR6/8 b - - 0 1", "{v}");
    send(&mut s, r#"{"op":"move","text":"a1"}"#).await;
    until(&mut s, |v| {
        if v["type"] == "frame" {
            paper += v["paper"].as_str().unwrap_or("");
        }
        paper.contains("ILLEGAL\n")
    })
    .await;
    send(&mut s, r#"{"op":"move","text":"d4"}"#).await;
    until(&mut s, |v| {
        if v["type"] == "frame" {
            paper += v["paper"].as_str().unwrap_or("");
        }
        paper.lines().count() >= 3
    })
    .await;
    assert_eq!(paper, "K A2\nILLEGAL\nK B3\n");

    send(&mut s, r#"{"op":"load","program":"krk-build"}"#).await;
    let v = until(&mut s, |v| v["type"] == "info").await;
    assert!(v["message"].as_str().unwrap().contains("build.m1"), "{v}");
    let mut paper = String::new();
    let v = until(&mut s, |v| {
        if v["type"] == "frame" {
            paper += v["paper"].as_str().unwrap_or("");
        }
        v["type"] == "frame" && paper.contains("\n")
    })
    .await;
    assert_eq!(v["running"], true, "{v}");
    assert_eq!(v["tubes"][1]["page"], 6, "{v}");
    assert_ne!(v["tubes"][0]["page"], 0, "{v}");
    assert!(paper.trim_start().starts_with("0 0 32"), "{paper:?}");
}
