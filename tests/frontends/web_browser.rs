//! The web console in a real browser: `mark1 serve`'s server started on a free
//! port, headless Chromium driven through chromedriver (fantoccini). These tests run only
//! where Chromium and chromedriver are installed (build.rs sets `cfg(browser)`; .ci/run
//! installs Debian's chromium and chromium-driver); elsewhere they show as ignored.
//! With `MARK1_WEB_SCREENSHOTS=DIR` they leave their screenshots in DIR (docs/web.md's
//! pictures: `MARK1_WEB_SCREENSHOTS=docs cargo test --test frontends web_browser::`).

use fantoccini::{Client, ClientBuilder, Locator};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn chromium() -> &'static str {
    for b in ["chromium", "chromium-browser", "google-chrome"] {
        if Command::new("which")
            .arg(b)
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
        {
            return b;
        }
    }
    "chromium"
}

/// The server on a free port (in this runtime), chromedriver, and a browser on the page.
async fn open() -> (Client, Driver, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let shared = mark1::web::server::Shared::new(mark1::web::session::built_in());
    tokio::spawn(mark1::web::server::serve(listener, shared));
    let port = free_port();
    let driver = Driver(
        Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver"),
    );
    let binary = String::from_utf8(
        Command::new("which")
            .arg(chromium())
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": binary.trim(),
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"],
        }),
    );
    let start = Instant::now();
    let client = loop {
        let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await;
        match c {
            Ok(c) => break c,
            Err(e) if start.elapsed() < Duration::from_secs(20) => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("cannot reach chromedriver: {e}"),
        }
    };
    client.goto(&url).await.unwrap();
    wait_for(&client, "return document.getElementById('status').textContent === 'connected' && +(document.body.dataset.frames || 0) > 0").await;
    (client, driver, url)
}

/// Waits (up to 20 s) until the script returns true.
async fn wait_for(c: &Client, script: &str) {
    let start = Instant::now();
    loop {
        if c.execute(script, vec![]).await.unwrap() == serde_json::Value::Bool(true) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for: {script}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn screenshot(c: &Client, name: &str) {
    if let Ok(dir) = std::env::var("MARK1_WEB_SCREENSHOTS") {
        let png = c.screenshot().await.unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
}

/// Finds the element and clicks it.
async fn click(c: &Client, at: Locator<'_>) {
    c.find(at).await.unwrap().click().await.unwrap();
}

async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser),
    ignore = "needs chromium and chromedriver (.ci/run installs them)"
)]
async fn the_page_loads_and_a_prepulse_changes_the_tubes() {
    let (c, _d, _) = open().await;
    assert!(c.title().await.unwrap().contains("Ferranti Mark 1"));
    let picture = "return document.getElementById('tube0').toDataURL() + document.getElementById('tubeC').toDataURL()";
    let before = js(&c, picture).await;
    let frames = js(&c, "return +document.body.dataset.frames").await;
    click(&c, Locator::Id("step")).await;
    wait_for(
        &c,
        &format!("return +document.body.dataset.frames > {frames}"),
    )
    .await;
    let after = js(&c, picture).await;
    assert_ne!(
        before, after,
        "one prepulse: the control mark and C/PI move"
    );
    assert_eq!(
        js(
            &c,
            "return document.getElementById('instructions').textContent"
        )
        .await,
        "1"
    );
    screenshot(&c, "web-prepulse.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser),
    ignore = "needs chromium and chromedriver (.ci/run installs them)"
)]
async fn hello_world_on_the_teleprinter() {
    let (c, _d, _) = open().await;
    c.find(Locator::Css(
        "#speed option[value='fast'], #speed option:nth-child(3)",
    ))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    click(&c, Locator::Id("run")).await;
    wait_for(
        &c,
        "return document.getElementById('paper').textContent.includes('HELLO WORLD')",
    )
    .await;
    screenshot(&c, "web-hello.png").await;
    // A hand switch clicked reaches the machine (the frame shows H back).
    click(&c, Locator::Id("sw3")).await;
    wait_for(&c, "return document.getElementById('sw3').checked").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser),
    ignore = "needs chromium and chromedriver (.ci/run installs them)"
)]
async fn prinz_mode_prints_mate_and_the_timing_table() {
    let (c, _d, _) = open().await;
    c.find(Locator::Css("#speed option:nth-child(3)"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    // Figure 1 of Faster than Thought is the first position offered.
    click(&c, Locator::Id("prinz-think")).await;
    wait_for(
        &c,
        "return document.getElementById('paper').textContent.includes('MATE.')",
    )
    .await;
    wait_for(
        &c,
        "return document.getElementById('report').dataset.mate === 'true'",
    )
    .await;
    let table = js(&c, "return document.getElementById('report').textContent").await;
    assert!(
        table.as_str().unwrap().contains("about 15 minutes"),
        "{table}"
    );
    screenshot(&c, "web-prinz.png").await;
    c.close().await.unwrap();
}

/// Clicks PDN square `n` on the plain board (Black's side, 1-4, at the top).
async fn click_square(c: &Client, n: u32) {
    let (r, i) = ((n - 1) / 4, (n - 1) % 4);
    let col = 2 * i + if r % 2 == 0 { 1 } else { 0 };
    let script = format!(
        "const cv = document.getElementById('board'); const b = cv.getBoundingClientRect(); const q = b.width / 8;\n         cv.dispatchEvent(new MouseEvent('click', {{clientX: b.left + ({col} + 0.5) * q, clientY: b.top + ({r} + 0.5) * q, bubbles: true}})); return true;"
    );
    js(c, &script).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser),
    ignore = "needs chromium and chromedriver (.ci/run installs them)"
)]
async fn a_draughts_move_clicked_gets_the_machines_reply() {
    let (c, _d, _) = open().await;
    c.find(Locator::Css("#speed option:nth-child(3)"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    click(&c, Locator::Id("draughts-human")).await;
    wait_for(&c, "return document.body.dataset.yourMove === 'true'").await;
    let before = js(
        &c,
        "return document.getElementById('paper').textContent.length",
    )
    .await;
    // 11-15 (PDN), the commonest opening move.
    click_square(&c, 11).await;
    click_square(&c, 15).await;
    assert_eq!(
        js(
            &c,
            "return document.getElementById('draughts-move').textContent"
        )
        .await,
        "11 - 15"
    );
    click(&c, Locator::Id("draughts-enter")).await;
    // The machine thinks (within a frame or two at fast speed) and waits again, its
    // reply printed after ours at place 33.
    wait_for(&c, "return /10 - 14 +\\d+ - \\d+/.test(document.getElementById('paper').textContent) && document.body.dataset.yourMove === 'true'").await;
    let after = js(&c, "return document.getElementById('paper').textContent").await;
    let after = after.as_str().unwrap();
    assert!(
        after.len() as u64 > before.as_u64().unwrap(),
        "the machine's reply printed: {after}"
    );
    assert!(
        after.contains("10 - 14"),
        "our move as the program prints it: {after}"
    );
    screenshot(&c, "web-draughts.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser),
    ignore = "needs chromium and chromedriver (.ci/run installs them)"
)]
async fn a_nim_move_typed_gets_the_programmes_reply() {
    let (c, _d, _) = open().await;
    c.find(Locator::Css("#speed option:nth-child(3)"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    click(&c, Locator::Id("nim-human")).await;
    wait_for(&c, "return document.body.dataset.nimYourMove === 'true'").await;
    let before = js(
        &c,
        "return document.getElementById('paper').textContent.length",
    )
    .await;
    c.find(Locator::Id("nim-move"))
        .await
        .unwrap()
        .send_keys("A:1")
        .await
        .unwrap();
    click(&c, Locator::Id("nim-play")).await;
    wait_for(&c, &format!(
        "return document.getElementById('paper').textContent.length > {before} && document.body.dataset.nimYourMove === 'true'"
    )).await;
    // Our match and the machine's taken off the heaps the page shows (3, 4, 5 at first).
    let board = js(
        &c,
        "return document.getElementById('nim-board').textContent",
    )
    .await;
    let left: u32 = board
        .as_str()
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u32>().unwrap())
        .sum();
    assert!(left <= 10, "{board}");
    screenshot(&c, "web-nim.png").await;
    c.close().await.unwrap();
}
