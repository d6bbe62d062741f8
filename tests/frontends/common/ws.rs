//! WebSocket clients of `mark1 serve` for the server tests that include it
//! (`use crate::common::ws;`): connect to a server's `/ws`, and read messages
//! until one satisfies a test, each within a bound.

use futures_util::{SinkExt, StreamExt};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A client's socket.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A socket to `ws://ADDR/ws`, connected within 20 s.
pub async fn connect(addr: &str) -> Socket {
    connect_to(&format!("ws://{addr}/ws")).await
}

/// A socket to `url`, connected within 20 s.
async fn connect_to(url: &str) -> Socket {
    let (s, _) = tokio::time::timeout(
        Duration::from_secs(20),
        tokio_tungstenite::connect_async(url),
    )
    .await
    .expect("connected in time")
    .expect("connected");
    s
}

/// A socket to `ws://ADDR/ws?session=ID` (no id: a new session) and its `hello`.
pub async fn open_session(addr: &str, id: Option<&str>) -> (Socket, serde_json::Value) {
    let q = id.map(|i| format!("?session={i}")).unwrap_or_default();
    let mut s = connect_to(&format!("ws://{addr}/ws{q}")).await;
    let hello = until(&mut s, |v| v["type"] == "hello").await;
    (s, hello)
}

/// Sends `v` as a text message.
pub async fn send_json(s: &mut Socket, v: serde_json::Value) {
    s.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// At fast speed, starts our draughts with the visitor first (seed 1952), the game the
/// load, speed and persistence tests play.
pub async fn start_draughts_fast(s: &mut Socket) {
    send_json(s, serde_json::json!({"op":"speed","value":"fast"})).await;
    send_json(
        s,
        serde_json::json!({"op":"start","game":"draughts","first":"human","seed":1952}),
    )
    .await;
}

/// Reads messages until one satisfies `f` (up to 30 s); returns it.
pub async fn until(
    s: &mut Socket,
    mut f: impl FnMut(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let start = Instant::now();
    loop {
        let left = Duration::from_secs(30).saturating_sub(start.elapsed());
        let m = tokio::time::timeout(left, s.next())
            .await
            .expect("timed out")
            .expect("open")
            .expect("read");
        if let Message::Text(t) = m {
            let v: serde_json::Value = serde_json::from_str(&t).unwrap();
            if f(&v) {
                return v;
            }
        }
    }
}
