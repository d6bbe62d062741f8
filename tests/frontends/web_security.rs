//! `mark1 serve`'s edge (docs/web.md "Security and limits"), through the server
//! on loopback and through the binary: foreign origins and hosts refused with 403 and the
//! reason, sessions bounded with a busy notice, connections bounded and half-open ones
//! closed by the header timeout, a message over the limit closed with 1009 and the reason,
//! `.pt.txt` uploads within the upload limit, the security headers on every response,
//! the warning for a non-loopback bind. Every connection is to 127.0.0.1, bounded in
//! count and time.

use crate::common::serve::Serve;
use futures_util::{SinkExt, StreamExt};
use mark1::web::server::{Limits, Shared};
use std::process::Command;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

type Socket = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A server on a free loopback port with `limits`, in this runtime; its address.
async fn server(limits: Limits) -> (String, Shared) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let mut shared = Shared::new(mark1::web::session::built_in());
    shared.limits = limits;
    tokio::spawn(mark1::web::server::serve(listener, shared.clone()));
    (addr, shared)
}

/// A response read off a raw connection: status, headers (names lower case), body.
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `request` (the whole head, CRLFs included) on a new connection to `addr` and
/// reads the response's head and its body (by Content-Length; none for 101), within 10 s.
async fn raw(addr: &str, request: &str) -> Reply {
    tokio::time::timeout(Duration::from_secs(10), async {
        let mut c = TcpStream::connect(addr).await.unwrap();
        c.write_all(request.as_bytes()).await.unwrap();
        let mut buf = Vec::new();
        let head_end = loop {
            let mut chunk = [0u8; 4096];
            let n = c.read(&mut chunk).await.unwrap();
            assert!(n > 0, "connection closed before a response");
            buf.extend_from_slice(&chunk[..n]);
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
        let mut lines = head.split("\r\n");
        let status: u16 = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let len: usize = headers
            .iter()
            .find(|(n, _)| n == "content-length")
            .map(|(_, v)| v.parse().unwrap())
            .unwrap_or(0);
        let mut body = buf[head_end..].to_vec();
        while status != 101 && body.len() < len {
            let mut chunk = [0u8; 4096];
            let n = c.read(&mut chunk).await.unwrap();
            assert!(n > 0, "connection closed in the body");
            body.extend_from_slice(&chunk[..n]);
        }
        Reply {
            status,
            headers,
            body: String::from_utf8_lossy(&body).into_owned(),
        }
    })
    .await
    .expect("no response within 10 s")
}

fn get(path: &str, host: &str, origin: Option<&str>) -> String {
    let origin = origin
        .map(|o| format!("Origin: {o}\r\n"))
        .unwrap_or_default();
    format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n{origin}Connection: close\r\n\r\n")
}

fn upgrade(host: &str, origin: Option<&str>) -> String {
    let origin = origin
        .map(|o| format!("Origin: {o}\r\n"))
        .unwrap_or_default();
    format!(
        "GET /ws HTTP/1.1\r\nHost: {host}\r\n{origin}Upgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
}

/// A WebSocket to `addr`'s `/ws`, naming `host` and `origin` (none if `None`).
async fn ws(addr: &str, host: &str, origin: Option<&str>) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{host}/ws").into_client_request().unwrap();
    if let Some(o) = origin {
        req.headers_mut().insert("origin", o.parse().unwrap());
    }
    let stream = TcpStream::connect(addr).await.unwrap();
    tokio::time::timeout(
        Duration::from_secs(10),
        tokio_tungstenite::client_async(req, stream),
    )
    .await
    .expect("no handshake within 10 s")
    .expect("handshake refused")
    .0
}

/// The next message, within 10 s (`None` if the socket ended or failed).
async fn next(s: &mut Socket) -> Option<Message> {
    match tokio::time::timeout(Duration::from_secs(10), s.next()).await {
        Ok(Some(Ok(m))) => Some(m),
        Ok(_) => None,
        Err(_) => panic!("nothing within 10 s"),
    }
}

/// Reads text messages until one satisfies `f`; panics if the socket ends first.
async fn until(s: &mut Socket, f: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    loop {
        match next(s).await {
            Some(Message::Text(t)) => {
                let v: serde_json::Value = serde_json::from_str(&t).unwrap();
                if f(&v) {
                    return v;
                }
            }
            Some(_) => {}
            None => panic!("the socket ended"),
        }
    }
}

async fn status_sessions(addr: &str) -> u64 {
    let r = raw(addr, &get("/status", addr, None)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let v: serde_json::Value = serde_json::from_str(&r.body).unwrap();
    v["sessions"].as_u64().unwrap()
}

// ---- item 1: cross-site WebSocket hijacking and DNS rebinding ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_origins_and_hosts_are_refused_with_403_and_the_reason() {
    let (addr, _) = server(Limits::default()).await;
    let port = addr.rsplit(':').next().unwrap().to_string();
    let own = format!("http://{addr}");
    for origin in [
        "http://evil.example",
        "null",
        "http://127.0.0.1.evil.example",
    ] {
        let r = raw(&addr, &upgrade(&addr, Some(origin))).await;
        assert_eq!(r.status, 403, "Origin {origin}: {}", r.body);
        assert!(r.body.contains("origin"), "{}", r.body);
        assert!(r.body.contains("--allow-origin"), "{}", r.body);
    }
    let r = raw(&addr, &upgrade(&addr, Some("null"))).await;
    assert!(
        r.body.contains("null (a sandboxed page or a file)"),
        "{}",
        r.body
    );
    // Another port of this machine is another origin.
    let r = raw(&addr, &upgrade(&addr, Some("http://127.0.0.1:1"))).await;
    assert_eq!(r.status, 403, "{}", r.body);
    // DNS rebinding: the page, the status and the socket under another name.
    let rebound = format!("rebind.attacker.test:{port}");
    for host in [rebound.as_str(), "rebind.attacker.test", "127.0.0.1:1"] {
        for path in ["/", "/status", "/app.js"] {
            let r = raw(&addr, &get(path, host, None)).await;
            assert_eq!(r.status, 403, "Host {host} {path}: {}", r.body);
            assert!(r.body.contains("DNS rebinding"), "{}", r.body);
            assert!(!r.body.contains("sessions"), "{}", r.body);
        }
        let r = raw(&addr, &upgrade(host, Some(&format!("http://{host}")))).await;
        assert_eq!(r.status, 403, "Host {host} /ws: {}", r.body);
    }
    let r = raw(&addr, "GET /status HTTP/1.0\r\n\r\n").await;
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains("no Host"), "{}", r.body);
    // None of them ran a machine.
    assert_eq!(status_sessions(&addr).await, 0);

    // The server's own pages, under its address or localhost, and clients without an
    // Origin (not a browser page) are served.
    let localhost = format!("localhost:{port}");
    for (host, origin) in [
        (addr.as_str(), Some(own.as_str())),
        (addr.as_str(), Some(&*format!("HTTP://{addr}/"))),
        (addr.as_str(), None),
        (localhost.as_str(), Some(&*format!("http://{localhost}"))),
    ] {
        let r = raw(&addr, &upgrade(host, origin)).await;
        assert_eq!(r.status, 101, "Host {host} Origin {origin:?}: {}", r.body);
        let r = raw(&addr, &get("/", host, origin)).await;
        assert_eq!(r.status, 200, "Host {host} Origin {origin:?}: {}", r.body);
    }
    let mut s = ws(&addr, &addr, Some(&own)).await;
    until(&mut s, |v| v["type"] == "hello").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_refuses_foreign_origins_unless_allowed() {
    let s = Serve::start(&[
        "--bind",
        "127.0.0.1:0",
        "--allow-origin",
        "http://Museum.example:8000/",
    ]);
    let addr = s.addr.as_str();
    assert!(s.before.is_empty(), "{:?}", s.before);
    let r = raw(addr, &upgrade(addr, Some("http://evil.example"))).await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = raw(addr, &get("/status", "rebind.attacker.test", None)).await;
    assert_eq!(r.status, 403, "{}", r.body);
    // The deliberate setup: a page from the allowed origin, a request naming its host.
    let r = raw(addr, &upgrade(addr, Some("http://museum.example:8000"))).await;
    assert_eq!(r.status, 101, "{}", r.body);
    let r = raw(addr, &get("/status", "museum.example:8000", None)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let mut w = ws(
        addr,
        "museum.example:8000",
        Some("http://museum.example:8000"),
    )
    .await;
    until(&mut w, |v| v["type"] == "hello").await;

    // A malformed --allow-origin is refused with the form expected.
    let out = Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--allow-origin",
            "evil.example",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("origin `evil.example`: no scheme"), "{err}");
    assert!(err.contains("http://HOST:PORT"), "{err}");
}

// ---- item 2: bounded sessions and connections ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tab_beyond_max_sessions_is_told_the_machine_is_busy() {
    let (addr, shared) = server(Limits {
        max_sessions: 2,
        ..Limits::default()
    })
    .await;
    let mut a = ws(&addr, &addr, None).await;
    until(&mut a, |v| v["type"] == "hello").await;
    let mut b = ws(&addr, &addr, None).await;
    until(&mut b, |v| v["type"] == "hello").await;
    let want = "the machine is busy: 2 of 2 sessions in use, try again later";
    let start = Instant::now();
    let mut c = ws(&addr, &addr, None).await;
    let v = until(&mut c, |v| v["type"] == "error" || v["type"] == "hello").await;
    assert_eq!(v["message"], want, "{v}");
    let close = loop {
        match next(&mut c).await {
            Some(Message::Close(f)) => break f.expect("a close frame with a reason"),
            Some(_) => {}
            None => panic!("the socket ended without a close frame"),
        }
    };
    let took = start.elapsed();
    assert_eq!(close.code, CloseCode::Again);
    assert_eq!(close.reason.as_str(), want);
    assert!(took < Duration::from_secs(1), "{took:?}");
    eprintln!("busy refusal: {took:?}");
    assert_eq!(shared.sessions.load(std::sync::atomic::Ordering::SeqCst), 2);
    // A tab closed gives its place back.
    drop(a);
    let start = Instant::now();
    loop {
        let mut d = ws(&addr, &addr, None).await;
        let v = until(&mut d, |v| v["type"] == "error" || v["type"] == "hello").await;
        if v["type"] == "hello" {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no place freed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn busy_notices_are_bounded_too_then_a_503_says_so() {
    let (addr, _) = server(Limits {
        max_sessions: 2,
        ..Limits::default()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut s = ws(&addr, &addr, None).await;
        until(&mut s, |v| v["type"] == "hello").await;
        held.push(s);
    }
    // Two clients that are told through the socket and never answer its close (each is
    // kept up to a second), then a third is refused before any upgrade.
    let want = "the machine is busy: 2 of 2 sessions in use, try again later";
    let mut silent = Vec::new();
    for _ in 0..2 {
        let mut c = TcpStream::connect(&addr).await.unwrap();
        c.write_all(upgrade(&addr, None).as_bytes()).await.unwrap();
        let mut b = [0u8; 12];
        c.read_exact(&mut b).await.unwrap();
        assert_eq!(&b, b"HTTP/1.1 101");
        silent.push(c);
    }
    let r = raw(&addr, &upgrade(&addr, None)).await;
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(r.body, want);
    // Their places come back after the second.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut c = ws(&addr, &addr, None).await;
    let v = until(&mut c, |v| v["type"] == "error" || v["type"] == "hello").await;
    assert_eq!(v["message"], want, "{v}");
    drop((held, silent));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_takes_max_sessions() {
    let s = Serve::start(&["--bind", "127.0.0.1:0", "--max-sessions", "1"]);
    let addr = s.addr.as_str();
    let mut a = ws(addr, addr, None).await;
    until(&mut a, |v| v["type"] == "hello").await;
    let mut b = ws(addr, addr, None).await;
    let v = until(&mut b, |v| v["type"] == "error" || v["type"] == "hello").await;
    assert_eq!(
        v["message"],
        "the machine is busy: 1 of 1 sessions in use, try again later"
    );
}

/// Opens `n` connections that send half a request head and no more.
async fn half_open(addr: &str, n: usize) -> Vec<TcpStream> {
    let mut v = Vec::new();
    for _ in 0..n {
        let mut c = TcpStream::connect(addr).await.unwrap();
        c.write_all(format!("GET /status HTTP/1.1\r\nHost: {addr}\r\n").as_bytes())
            .await
            .unwrap();
        v.push(c);
    }
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_half_open_connection_is_closed_by_the_header_timeout() {
    let (addr, _) = server(Limits {
        header_timeout: Duration::from_secs(1),
        ..Limits::default()
    })
    .await;
    let mut c = half_open(&addr, 1).await.pop().unwrap();
    let start = Instant::now();
    let mut rest = Vec::new();
    let ended = tokio::time::timeout(Duration::from_secs(5), c.read_to_end(&mut rest)).await;
    let took = start.elapsed();
    assert!(ended.is_ok(), "still open after 5 s");
    assert!(took >= Duration::from_millis(900), "{took:?}");
    eprintln!("half-open connection closed after {took:?} (header timeout 1 s)");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_beyond_the_cap_wait_until_half_open_ones_time_out() {
    let (addr, _) = server(Limits {
        max_connections: 8,
        header_timeout: Duration::from_secs(1),
        ..Limits::default()
    })
    .await;
    let held = half_open(&addr, 8).await;
    let start = Instant::now();
    let r = raw(&addr, &get("/status", &addr, None)).await;
    let took = start.elapsed();
    assert_eq!(r.status, 200);
    // It waited for a place (the 8 were accepted first), then was served once the header
    // timeout had closed them.
    assert!(took >= Duration::from_millis(500), "{took:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    eprintln!("/status behind 8 half-open connections at a cap of 8: {took:?}");
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_half_open_connections_do_not_hold_up_status() {
    let (addr, _) = server(Limits::default()).await;
    let held = half_open(&addr, 300).await;
    let mut worst = Duration::ZERO;
    for _ in 0..5 {
        let start = Instant::now();
        let r = raw(&addr, &get("/status", &addr, None)).await;
        worst = worst.max(start.elapsed());
        assert_eq!(r.status, 200);
    }
    assert!(worst < Duration::from_secs(2), "{worst:?}");
    eprintln!("/status with 300 half-open connections: worst of 5 {worst:?}");
    drop(held);
}

// ---- item 6: limits as documented ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_over_the_limit_is_closed_with_1009_and_the_reason() {
    let (addr, shared) = server(Limits::default()).await;
    let s = ws(&addr, &addr, None).await;
    let (mut tx, mut rx) = s.split();
    let big = format!(
        r#"{{"op":"upload","kind":"asm","name":"big.m1","data":"{}"}}"#,
        "x".repeat(2 * mark1::web::protocol::MAX_MESSAGE)
    );
    // Sent from its own task: the server stops reading at the frame's header.
    let sending = tokio::spawn(async move {
        let _ = tx.send(Message::Text(big.into())).await;
        tx
    });
    let close = loop {
        match tokio::time::timeout(Duration::from_secs(10), rx.next())
            .await
            .expect("nothing within 10 s")
        {
            Some(Ok(Message::Close(f))) => break f.expect("a close frame with a reason"),
            Some(Ok(_)) => {}
            Some(Err(e)) => panic!("the socket failed without a close frame: {e}"),
            None => panic!("the socket ended without a close frame"),
        }
    };
    assert_eq!(close.code, CloseCode::Size);
    assert_eq!(
        close.reason.as_str(),
        format!(
            "message too big: limit {} bytes",
            mark1::web::server::SOCKET_LIMIT
        )
    );
    sending.abort();
    let start = Instant::now();
    while shared.sessions.load(std::sync::atomic::Ordering::SeqCst) != 0 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "session not freed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Upgrades a raw connection to a socket, sends `frame` (bytes as on the wire), and reads
/// the server's close frame: its code and reason.
async fn close_for(addr: &str, frame: &[u8]) -> (u16, String) {
    tokio::time::timeout(Duration::from_secs(10), async {
        let mut c = TcpStream::connect(addr).await.unwrap();
        c.write_all(upgrade(addr, None).as_bytes()).await.unwrap();
        let mut buf = Vec::new();
        let end = loop {
            let mut b = [0u8; 1024];
            let n = c.read(&mut b).await.unwrap();
            assert!(n > 0);
            buf.extend_from_slice(&b[..n]);
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
        };
        assert!(buf.starts_with(b"HTTP/1.1 101"));
        buf.drain(..end);
        c.write_all(frame).await.unwrap();
        // Frames from the server until its close (opcode 8); the hello comes first.
        loop {
            while buf.len() < 4 {
                let mut b = [0u8; 65536];
                let n = c.read(&mut b).await.unwrap();
                assert!(n > 0, "ended without a close frame");
                buf.extend_from_slice(&b[..n]);
            }
            let (len, head) = match buf[1] & 127 {
                126 => (u16::from_be_bytes([buf[2], buf[3]]) as usize, 4),
                127 => panic!("a frame over 64 KiB"),
                n => (n as usize, 2),
            };
            while buf.len() < head + len {
                let mut b = [0u8; 65536];
                let n = c.read(&mut b).await.unwrap();
                assert!(n > 0, "ended in a frame");
                buf.extend_from_slice(&b[..n]);
            }
            if buf[0] & 15 == 8 {
                let p = &buf[head..head + len];
                return (
                    u16::from_be_bytes([p[0], p[1]]),
                    String::from_utf8_lossy(&p[2..]).into_owned(),
                );
            }
            buf.drain(..head + len);
        }
    })
    .await
    .expect("no close frame within 10 s")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_not_read_is_closed_with_the_code_and_reason() {
    let (addr, _) = server(Limits::default()).await;
    // A text frame whose payload is not UTF-8 (masked with zeros, as a client must mask).
    let (code, reason) = close_for(&addr, &[0x81, 0x81, 0, 0, 0, 0, 0xff]).await;
    assert_eq!(
        (code, reason.as_str()),
        (1007, "a text message that is not UTF-8")
    );
    // A client frame without a mask.
    let (code, reason) = close_for(&addr, &[0x81, 0x02, b'h', b'i']).await;
    assert_eq!(
        (code, reason.as_str()),
        (1002, "not a WebSocket frame this server reads")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pt_txt_tape_obeys_the_upload_limit() {
    let (addr, _) = server(Limits::default()).await;
    let mut s = ws(&addr, &addr, None).await;
    let limit = mark1::web::session::MAX_UPLOAD;
    let upload = |name: &str, rows: usize| {
        Message::Text(
            format!(
                r#"{{"op":"upload","kind":"tape","name":"{name}","data":"{}"}}"#,
                "0".repeat(rows)
            )
            .into(),
        )
    };
    s.send(upload("small.pt.txt", 1000)).await.unwrap();
    let v = until(&mut s, |v| v["type"] == "info" || v["type"] == "error").await;
    assert_eq!(v["message"], "small.pt.txt: 1000 rows in the reader", "{v}");
    s.send(upload("big.pt.txt", limit + 1)).await.unwrap();
    let v = until(&mut s, |v| v["type"] == "info" || v["type"] == "error").await;
    assert_eq!(v["type"], "error", "{v}");
    assert_eq!(
        v["message"],
        format!("big.pt.txt refused: more than {limit} bytes")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_security_headers() {
    let (addr, _) = server(Limits::default()).await;
    let requests = [
        get("/", &addr, None),
        get("/app.js", &addr, None),
        get("/style.css", &addr, None),
        get("/status", &addr, None),
        get("/no-such-page", &addr, None),
        get("/", "rebind.attacker.test", None),
        upgrade(&addr, Some("http://evil.example")),
    ];
    for req in &requests {
        let r = raw(&addr, req).await;
        let line = req.lines().next().unwrap();
        let csp = r.header("content-security-policy").unwrap_or("");
        assert!(csp.contains("default-src 'self'"), "{line}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{line}: {csp}");
        assert_eq!(r.header("x-frame-options"), Some("DENY"), "{line}");
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{line}"
        );
    }
}

#[test]
fn a_non_loopback_bind_warns_that_anyone_on_the_network_can_use_the_machines() {
    // Listens on every address for a moment; nothing connects to it.
    let s = Serve::start(&["--bind", "0.0.0.0:0"]);
    let warning = s.before.join("\n");
    assert!(warning.contains("warning"), "{warning}");
    assert!(
        warning.contains("anyone on the network who can reach it can use the machines"),
        "{warning}"
    );
    assert!(s.addr.starts_with("0.0.0.0:"), "{}", s.addr);
    let quiet = Serve::start(&["--bind", "127.0.0.1:0"]);
    assert!(quiet.before.is_empty(), "{:?}", quiet.before);
}

/// `--program` takes any game of the table: a new tab finds Torres Quevedo's machine
/// started (its frames carry its view), and a name that is no game, program or file is
/// refused with the reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_starts_any_game_of_the_table() {
    let s = Serve::start(&["--bind", "127.0.0.1:0", "--program", "ajedrecista"]);
    let addr = s.addr.as_str();
    let mut a = ws(addr, addr, None).await;
    let v = until(&mut a, |v| {
        v["type"] == "frame" && v["playing"] == "ajedrecista"
    })
    .await;
    assert_eq!(v["ajedrecista"]["squares"], "chess squares a1-h8", "{v}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--program",
            "no-such-game",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not hello, hoot or a game"), "{err}");
}
