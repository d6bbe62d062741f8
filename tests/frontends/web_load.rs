//! `mark1 serve` under load, through the binary (its own process, so that its memory is
//! its own: VmRSS from /proc) and real WebSockets on loopback: hooting sessions at fast
//! speed stay small, a tab at real speed keeps its 25 frames a second beside tabs at fast
//! speed and beside pathological uploads (docs/performance.md, docs/web.md "Memory and
//! CPU"). Each test takes seconds; the full load test is ignored by default:
//! `cargo test --test frontends web_load:: -- --ignored --nocapture` (60 s, or
//! `MARK1_LOAD_SECONDS`).

use futures_util::StreamExt;
use std::ffi::OsStr;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

use crate::common::serve::Serve;
use crate::common::ws;
use ws::{connect, send_json, until, Socket};

/// One test of this file at a time: each measures frame times or memory, which the
/// others' load would disturb on a small host.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A `mark1 serve` process on a free loopback port with a data folder of its own, killed
/// when dropped.
struct Server {
    serve: Serve,
    addr: String,
    /// Its data folder (`--data`), removed when dropped.
    _data: tempfile::TempDir,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let data = tempfile::tempdir().expect("a data folder");
        let mut args: Vec<&OsStr> = vec!["--bind".as_ref(), "127.0.0.1:0".as_ref()];
        args.extend(extra.iter().map(OsStr::new));
        args.extend(["--data".as_ref(), data.path().as_os_str()]);
        let serve = Serve::start(&args);
        assert!(serve.addr.starts_with("127.0.0.1:"), "{}", serve.addr);
        Server {
            addr: serve.addr.clone(),
            serve,
            _data: data,
        }
    }

    /// The server's resident memory now, in MiB (VmRSS).
    fn rss_mib(&self) -> f64 {
        let s = std::fs::read_to_string(format!("/proc/{}/status", self.serve.child.id()))
            .expect("the server's /proc status");
        let kb: f64 = s
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .expect("VmRSS");
        kb / 1024.0
    }
}

/// A loop of two orders, forever: no output, no hoots.
const LOOP: &str = "        .org 1\nloop:   T£\n        /P jl\njl:     .jump loop\n";
/// A hoot loop of three orders, forever (not the two of Turing's continuous hoot, which
/// the machine takes for a stop).
const HOOT_LOOP: &str =
    "        .org 1\nloop:   /V\n        T£\n        /P jl\njl:     .jump loop\n";

/// Uploads `source` as `name` and waits for the answer; returns it.
async fn upload(s: &mut Socket, name: &str, source: &str) -> serde_json::Value {
    send_json(
        s,
        serde_json::json!({"op":"upload","kind":"asm","name":name,"data":source}),
    )
    .await;
    until(s, |v| v["type"] == "info" || v["type"] == "error").await
}

/// A tab that uploads `source`, sets `speed` and runs, then reads its frames until
/// `stop`: counts frames, hoots and the last beat count.
#[derive(Default)]
struct Tally {
    paper: AtomicU64,
    frames: AtomicU64,
    hoots: AtomicU64,
    beats: AtomicU64,
}

async fn runner(
    addr: String,
    source: &'static str,
    speed: &'static str,
    stop: Arc<AtomicBool>,
    tally: Arc<Tally>,
) {
    let mut s = connect(&addr).await;
    let v = upload(&mut s, "loop.m1", source).await;
    assert_eq!(v["type"], "info", "{v}");
    send_json(&mut s, serde_json::json!({"op":"speed","value":speed})).await;
    send_json(&mut s, serde_json::json!({"op":"run"})).await;
    while !stop.load(Ordering::Relaxed) {
        let m = match tokio::time::timeout(Duration::from_millis(200), s.next()).await {
            Ok(Some(Ok(m))) => m,
            Ok(_) => panic!("the server closed a running session"),
            Err(_) => continue,
        };
        if let Message::Text(t) = m {
            let v: serde_json::Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "frame" {
                tally.frames.fetch_add(1, Ordering::Relaxed);
                let p = v["paper"].as_str().map_or(0, str::len) as u64;
                tally.paper.fetch_add(p, Ordering::Relaxed);
                let h = v["hoots"].as_array().map_or(0, |a| a.len()) as u64;
                tally.hoots.fetch_add(h, Ordering::Relaxed);
                tally
                    .beats
                    .store(v["beats"].as_u64().unwrap_or(0), Ordering::Relaxed);
            }
        }
    }
}

/// `n` tabs each running `source` at `speed` ([`runner`]) until `stop`: their tallies and
/// their tasks.
fn spawn_runners(
    addr: &str,
    n: usize,
    source: &'static str,
    speed: &'static str,
    stop: &Arc<AtomicBool>,
) -> (Vec<Arc<Tally>>, Vec<tokio::task::JoinHandle<()>>) {
    let tallies: Vec<Arc<Tally>> = (0..n).map(|_| Arc::new(Tally::default())).collect();
    let runs = tallies
        .iter()
        .map(|t| {
            tokio::spawn(runner(
                addr.to_string(),
                source,
                speed,
                stop.clone(),
                t.clone(),
            ))
        })
        .collect();
    (tallies, runs)
}

/// A tab at real speed running the loop: the arrival times of its frames while `ready`,
/// until `stop`.
async fn watcher(addr: String, stop: Arc<AtomicBool>, ready: Arc<AtomicBool>) -> Vec<Instant> {
    let mut s = connect(&addr).await;
    let v = upload(&mut s, "loop.m1", LOOP).await;
    assert_eq!(v["type"], "info", "{v}");
    send_json(&mut s, serde_json::json!({"op":"speed","value":"real"})).await;
    send_json(&mut s, serde_json::json!({"op":"run"})).await;
    let mut times = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let m = match tokio::time::timeout(Duration::from_millis(100), s.next()).await {
            Ok(Some(Ok(m))) => m,
            Ok(_) => panic!("the server closed the watching session"),
            Err(_) => continue,
        };
        if let Message::Text(t) = m {
            let v: serde_json::Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "frame" && v["running"] == true && ready.load(Ordering::Relaxed) {
                times.push(Instant::now());
            }
        }
    }
    times
}

/// Frame intervals: (average ms, largest ms, frames a second).
fn intervals(times: &[Instant]) -> (f64, f64, f64) {
    if times.len() < 2 {
        return (f64::INFINITY, f64::INFINITY, 0.0);
    }
    let gaps: Vec<f64> = times
        .windows(2)
        .map(|w| (w[1] - w[0]).as_secs_f64() * 1000.0)
        .collect();
    let avg = gaps.iter().sum::<f64>() / gaps.len() as f64;
    let max = gaps.iter().cloned().fold(0.0, f64::max);
    (avg, max, 1000.0 / avg)
}

/// Memory: 20 sessions hooting at fast speed keep only what their next frame
/// needs. Before, each kept every hoot's beat (up to 4 Mi of them, 32 MiB a session) and
/// sent them all in its frames.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_hooting_sessions_at_fast_speed_stay_small() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = Server::start(&[]);
    let base = server.rss_mib();
    let stop = Arc::new(AtomicBool::new(false));
    let (tallies, runs) = spawn_runners(&server.addr, 20, HOOT_LOOP, "fast", &stop);
    let start = Instant::now();
    let mut peak: f64 = 0.0;
    while start.elapsed() < Duration::from_secs(8) {
        tokio::time::sleep(Duration::from_millis(200)).await;
        peak = peak.max(server.rss_mib());
    }
    stop.store(true, Ordering::Relaxed);
    for r in runs {
        r.await.unwrap();
    }
    let beats: Vec<u64> = tallies
        .iter()
        .map(|t| t.beats.load(Ordering::Relaxed))
        .collect();
    let hoots: u64 = tallies
        .iter()
        .map(|t| t.hoots.load(Ordering::Relaxed))
        .sum();
    eprintln!(
        "20 hooting sessions, 8 s: RSS {base:.1} MiB at the start, peak {peak:.1} MiB; \
         beats {beats:?}; hoots sent {hoots}"
    );
    assert!(peak < 100.0, "the server's RSS reached {peak:.1} MiB");
    // They ran at fast speed (each at least one whole fast frame's worth, 2^21 beats, in
    // 8 s) and hooted.
    assert!(beats.iter().all(|&b| b > 1 << 21), "{beats:?}");
    assert!(hoots > 0);
}

/// Spaces and line feeds without carriage returns, forever: each line feed keeps the
/// carriage, so each line is longer than the last.
const PRINT_LOOP: &str = "        .org 1\nl:      /: sp\n        /: sp\n        /: sp\n        \
                          /: sp\n        /: lf\n        /P j\nj:      .jump l\n\
                          sp:     .io Z\nlf:     .io W\n";

/// Memory, the teleprinter: tabs printing at fast speed without end keep a
/// bounded paper (before, all of it, and lines fed without a carriage return grew without
/// end: hundreds of MiB in seconds).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tabs_printing_without_end_stay_small() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = Server::start(&[]);
    let stop = Arc::new(AtomicBool::new(false));
    let (tallies, runs) = spawn_runners(&server.addr, 4, PRINT_LOOP, "fast", &stop);
    let start = Instant::now();
    let mut peak: f64 = 0.0;
    while start.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        peak = peak.max(server.rss_mib());
        assert!(peak < 60.0, "the server's RSS reached {peak:.1} MiB");
    }
    stop.store(true, Ordering::Relaxed);
    for r in runs {
        r.await.unwrap();
    }
    let paper: Vec<u64> = tallies
        .iter()
        .map(|t| t.paper.load(Ordering::Relaxed))
        .collect();
    eprintln!("4 printing tabs, 5 s: RSS {peak:.1} MiB at the most; paper sent {paper:?}");
    // Each printed more than the session keeps (128 KiB) several times over.
    assert!(paper.iter().all(|&p| p > 1 << 20), "{paper:?}");
}

/// Fair CPU: a tab at real speed keeps its 25 frames a second while 60 tabs run
/// at fast speed, and those share the rest fairly. (Before, with every tab's machine run
/// on the network threads, it got 16 frames a second here, gaps over 400 ms.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_speed_tab_keeps_its_frame_rate_beside_sixty_fast_ones() {
    let _one = ONE_AT_A_TIME.lock().await;
    // 61 tabs: the edge's session cap (32 by default) raised for them.
    let server = Server::start(&["--max-sessions", "100"]);
    let stop = Arc::new(AtomicBool::new(false));
    let ready = Arc::new(AtomicBool::new(false));
    let (tallies, runs) = spawn_runners(&server.addr, 60, LOOP, "fast", &stop);
    let watch = tokio::spawn(watcher(server.addr.clone(), stop.clone(), ready.clone()));
    tokio::time::sleep(Duration::from_secs(2)).await;
    let before: Vec<u64> = tallies
        .iter()
        .map(|t| t.beats.load(Ordering::Relaxed))
        .collect();
    ready.store(true, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(5)).await;
    ready.store(false, Ordering::Relaxed);
    let after: Vec<u64> = tallies
        .iter()
        .map(|t| t.beats.load(Ordering::Relaxed))
        .collect();
    stop.store(true, Ordering::Relaxed);
    let times = watch.await.unwrap();
    for r in runs {
        r.await.unwrap();
    }
    let (avg, max, fps) = intervals(&times);
    let ran: Vec<u64> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
    eprintln!(
        "60 fast tabs: the real-speed tab's frames {avg:.1} ms on average, {max:.1} ms at \
         most, {fps:.1} a second; the fast tabs' beats in 5 s {ran:?}"
    );
    assert!(fps >= 23.5, "{fps:.1} frames a second");
    assert!(max < 150.0, "a gap of {max:.1} ms between frames");
    // The fast tabs all ran, and shared the time: none got less than a quarter of the
    // most any got.
    let most = *ran.iter().max().unwrap();
    let least = *ran.iter().min().unwrap();
    assert!(least > 0 && least * 4 >= most, "{ran:?}");
}

/// A chain of `n` equates, each the one before plus one (docs/assembler.md: `name =
/// expr`): far deeper than the assembler evaluates (200), so each is refused.
fn equate_chain(n: usize) -> String {
    let mut s = String::from("a0 = 1\n");
    for i in 1..n {
        s += &format!("a{i} = a{} + 1\n", i - 1);
    }
    s
}

/// Heavy work off the network threads: pathological uploads (a 25,000-deep chain of equates, within the
/// size limit) are assembled off the server's network threads: a tab at real speed keeps
/// its frames meanwhile, and the uploading tabs get their answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pathological_uploads_do_not_stall_other_tabs() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = Server::start(&[]);
    let source = Arc::new(equate_chain(25_000));
    assert!(source.len() < mark1::web::session::MAX_UPLOAD);
    let stop = Arc::new(AtomicBool::new(false));
    let ready = Arc::new(AtomicBool::new(false));
    let watch = tokio::spawn(watcher(server.addr.clone(), stop.clone(), ready.clone()));
    tokio::time::sleep(Duration::from_secs(1)).await;
    ready.store(true, Ordering::Relaxed);
    let start = Instant::now();
    let uploads: Vec<_> = (0..3)
        .map(|_| {
            let (addr, source) = (server.addr.clone(), source.clone());
            tokio::spawn(async move {
                let mut s = connect(&addr).await;
                let mut answers = Vec::new();
                for _ in 0..2 {
                    answers.push(upload(&mut s, "chain.m1", &source).await);
                }
                answers
            })
        })
        .collect();
    let mut answers = Vec::new();
    for u in uploads {
        answers.extend(u.await.unwrap());
    }
    let took = start.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.store(true, Ordering::Relaxed);
    let times = watch.await.unwrap();
    let (avg, max, fps) = intervals(&times);
    eprintln!(
        "6 uploads of a 25,000-deep chain in {:.1} s: the real-speed tab's frames {avg:.1} ms \
         on average, {max:.1} ms at most, {fps:.1} a second",
        took.as_secs_f64()
    );
    let longest = answers
        .iter()
        .map(|a| a["message"].as_str().map_or(0, str::len))
        .max()
        .unwrap_or(0);
    eprintln!("the longest answer: {longest} bytes");
    for a in &answers {
        assert_eq!(a["type"], "error", "{a}");
        let m = a["message"].as_str().unwrap();
        assert!(m.starts_with("chain.m1"), "{}", &m[..m.len().min(300)]);
    }
    assert!(fps >= 22.0, "{fps:.1} frames a second");
    assert!(max < 250.0, "a gap of {max:.1} ms between frames");
}

/// `GET /status` over a plain connection: the time it took.
fn status_latency(addr: &str) -> Duration {
    let start = Instant::now();
    let body = status_body(addr);
    assert!(body.contains("sessions"), "{body}");
    start.elapsed()
}

/// The load test (ignored by default; its figures are in
/// docs/performance.md): 50 sessions at fast speed (20 of them hooting), 200 idle, 300
/// half-open connections, for 60 s (`MARK1_LOAD_SECONDS`): the server's RSS, a real-speed
/// tab's frame times and `/status` latency.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a minute of load: cargo test --test frontends web_load:: -- --ignored --nocapture"]
async fn load_fifty_fast_two_hundred_idle_three_hundred_half_open() {
    let _one = ONE_AT_A_TIME.lock().await;
    let secs: u64 = std::env::var("MARK1_LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    // The edge's session cap (32 by default) raised above the 251 sessions here.
    let server = Server::start(&["--max-sessions", "1000"]);
    let addr = server.addr.clone();
    let base = server.rss_mib();
    let stop = Arc::new(AtomicBool::new(false));
    let ready = Arc::new(AtomicBool::new(false));
    // 300 half-open connections: a request begun and never finished.
    let half_open: Vec<std::net::TcpStream> = (0..300)
        .filter_map(|_| {
            let mut c = std::net::TcpStream::connect(&addr).ok()?;
            c.write_all(b"GET / HTTP/1.1\r\nHost: ").ok()?;
            Some(c)
        })
        .collect();
    // 200 idle sessions: connected, nothing asked.
    let mut idle = Vec::new();
    for _ in 0..200 {
        idle.push(connect(&addr).await);
    }
    let tallies: Vec<Arc<Tally>> = (0..50).map(|_| Arc::new(Tally::default())).collect();
    let runs: Vec<_> = tallies
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let program = if i < 20 { HOOT_LOOP } else { LOOP };
            tokio::spawn(runner(
                addr.clone(),
                program,
                "fast",
                stop.clone(),
                t.clone(),
            ))
        })
        .collect();
    let watch = tokio::spawn(watcher(addr.clone(), stop.clone(), ready.clone()));
    tokio::time::sleep(Duration::from_secs(3)).await;
    ready.store(true, Ordering::Relaxed);
    let start = Instant::now();
    let mut peak: f64 = 0.0;
    let mut status = Vec::new();
    while start.elapsed() < Duration::from_secs(secs) {
        tokio::time::sleep(Duration::from_millis(500)).await;
        peak = peak.max(server.rss_mib());
        let a = addr.clone();
        status.push(
            tokio::task::spawn_blocking(move || status_latency(&a))
                .await
                .unwrap(),
        );
    }
    let end_rss = server.rss_mib();
    stop.store(true, Ordering::Relaxed);
    let times = watch.await.unwrap();
    for r in runs {
        r.await.unwrap();
    }
    let (avg, max, fps) = intervals(&times);
    let ms = |d: &Duration| d.as_secs_f64() * 1000.0;
    let s_avg = status.iter().map(ms).sum::<f64>() / status.len().max(1) as f64;
    let s_max = status.iter().map(ms).fold(0.0, f64::max);
    let beats: Vec<u64> = tallies
        .iter()
        .map(|t| t.beats.load(Ordering::Relaxed))
        .collect();
    let hoots: u64 = tallies
        .iter()
        .map(|t| t.hoots.load(Ordering::Relaxed))
        .sum();
    let open = half_open
        .iter()
        .filter(|c| {
            c.set_nonblocking(true).ok();
            let mut b = [0u8; 1];
            matches!((&mut &**c).read(&mut b), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
        })
        .count();
    println!("load for {secs} s: 50 fast sessions (20 hooting), 200 idle, 300 half-open");
    println!(
        "  RSS: {base:.1} MiB at the start, {peak:.1} MiB at the most, {end_rss:.1} MiB at the end"
    );
    println!("  the real-speed tab: frames {avg:.1} ms apart on average, {max:.1} ms at most, {fps:.1} a second");
    println!(
        "  /status: {s_avg:.1} ms on average, {s_max:.1} ms at most ({} requests)",
        status.len()
    );
    println!(
        "  fast sessions' beats: least {}, most {}; hoots sent {hoots}",
        beats.iter().min().unwrap(),
        beats.iter().max().unwrap()
    );
    println!("  half-open connections still open at the end: {open} of 300");
    drop(idle);
    assert!(fps >= 20.0 && max < 500.0, "{fps:.1} fps, {max:.1} ms");
    assert!(s_max < 1000.0, "/status took {s_max:.1} ms");
}

/// One soak visitor: opens a tab, starts a draughts game (you first) at fast speed, plays
/// 11-15, waits for the program's reply, and closes the tab.
async fn soak_visitor(addr: String) {
    let mut s = connect(&addr).await;
    ws::start_draughts_fast(&mut s).await;
    let before = until(&mut s, |v| v["draughts"]["your_move"] == true).await;
    let fen = before["draughts"]["fen"].clone();
    send_json(&mut s, serde_json::json!({"op":"move","text":"11-15"})).await;
    // Its turn again once the position has changed (the move and the reply).
    until(&mut s, |v| {
        v["draughts"]["your_move"] == true && v["draughts"]["fen"] != fen
    })
    .await;
    let _ = s.close(None).await;
}

/// The server's RSS once its sessions have all ended and it has had the time to give
/// their memory back (`scheduler::TRIM_EVERY`, and half a second more).
async fn settled_rss(server: &Server) -> f64 {
    let addr = server.addr.clone();
    let start = Instant::now();
    loop {
        let a = addr.clone();
        let body = tokio::task::spawn_blocking(move || status_body(&a))
            .await
            .unwrap();
        if body.contains("\"sessions\":0") {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "{body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(mark1::web::scheduler::TRIM_EVERY + Duration::from_millis(500)).await;
    if std::env::var_os("MARK1_SOAK_VERBOSE").is_some() {
        let pid = server.serve.child.id();
        let st = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let threads = st.lines().find(|l| l.starts_with("Threads:")).unwrap_or("");
        let smaps = std::fs::read_to_string(format!("/proc/{pid}/smaps")).unwrap_or_default();
        let mut heap = 0;
        let mut anon = 0;
        let mut region = String::new();
        for l in smaps.lines() {
            if l.contains('-') && !l.starts_with(|c: char| c.is_ascii_uppercase()) {
                region = l.to_string();
            } else if let Some(v) = l.strip_prefix("Rss:") {
                let kb: u64 = v.trim().trim_end_matches(" kB").trim().parse().unwrap_or(0);
                if region.contains("[heap]") {
                    heap += kb;
                } else if region.split_whitespace().count() < 6 {
                    anon += kb;
                }
            }
        }
        eprintln!("soak: {threads}, [heap] {heap} kB, anonymous {anon} kB");
    }
    server.rss_mib()
}

/// `/status`'s response.
fn status_body(addr: &str) -> String {
    let mut c = std::net::TcpStream::connect(addr).expect("connect for /status");
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        c,
        "GET /status HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut body = String::new();
    let _ = c.read_to_string(&mut body);
    body
}

/// The soak test (issue 37): `MARK1_SOAK_ROUNDS` rounds (200 unless told) of 20 tabs at
/// once that each start a draughts game, play a move, get the reply and close; the
/// server's resident memory at the end within 10% of what it was after the first round.
/// `cargo test --test frontends web_load::soak -- --ignored --nocapture`
/// (figures in docs/performance.md).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes of load: cargo test --test frontends web_load::soak -- --ignored --nocapture"]
async fn soak_two_hundred_rounds_of_twenty_tabs() {
    let _one = ONE_AT_A_TIME.lock().await;
    let rounds: usize = std::env::var("MARK1_SOAK_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let server = Server::start(&[]);
    let start = Instant::now();
    let mut first = 0.0;
    for round in 1..=rounds {
        let tabs: Vec<_> = (0..20)
            .map(|_| tokio::spawn(soak_visitor(server.addr.clone())))
            .collect();
        for t in tabs {
            t.await.unwrap();
        }
        if round == 1 {
            first = settled_rss(&server).await;
        }
        let verbose = std::env::var_os("MARK1_SOAK_VERBOSE").is_some();
        let rss = if verbose && round % 20 == 0 {
            settled_rss(&server).await
        } else {
            server.rss_mib()
        };
        if round == 1 || round % 20 == 0 {
            eprintln!(
                "soak: round {round}: {rss:.1} MiB ({:.0} s)",
                start.elapsed().as_secs_f64()
            );
        }
    }
    let end = settled_rss(&server).await;
    eprintln!(
        "soak: {rounds} rounds of 20 tabs in {:.0} s; RSS {first:.1} MiB after the first, {end:.1} MiB at the end",
        start.elapsed().as_secs_f64()
    );
    assert!(
        end <= first * 1.10,
        "RSS grew from {first:.1} MiB after the first round to {end:.1} MiB"
    );
}

/// `mark1 serve` runs with glibc's per-thread cache of freed blocks off (it starts itself
/// again once with `GLIBC_TUNABLES`, `cli::serve::settle_allocator`), what keeps its memory
/// flat in the soak test above (docs/performance.md).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_runs_without_the_allocators_thread_cache() {
    let tunables = |server: &Server| {
        let env = std::fs::read(format!("/proc/{}/environ", server.serve.child.id()))
            .expect("the server's environment");
        env.split(|&b| b == 0)
            .find_map(|v| v.strip_prefix(b"GLIBC_TUNABLES="))
            .map(|v| String::from_utf8_lossy(v).into_owned())
            .unwrap_or_default()
    };
    let server = Server::start(&[]);
    assert!(
        tunables(&server).contains("glibc.malloc.tcache_count=0"),
        "{}",
        tunables(&server)
    );
    // Still answering: the address line came from the process started again.
    assert!(status_body(&server.addr).contains("\"sessions\":0"));
}
