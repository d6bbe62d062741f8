//! `mark1 serve`'s HTTP server: one page (HTML, CSS and JavaScript shipped inside the
//! binary) and a WebSocket per browser tab, each tab with its own machine
//! ([`super::session::WebSession`]), freed when the tab closes (docs/web.md).

use super::protocol::{self, Note};
use super::session::{Offered, WebSession, FRAMES_PER_SECOND};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

/// What every session of a server shares.
#[derive(Clone)]
pub struct Shared {
    /// The programs offered.
    pub offered: Arc<Vec<Offered>>,
    /// Sessions open now.
    pub sessions: Arc<AtomicUsize>,
    /// What each new tab does first (`mark1 serve --program prinz|draughts|nim`).
    pub start: Option<super::protocol::ClientMsg>,
}

impl Shared {
    /// The shared state offering `offered`.
    pub fn new(offered: Vec<Offered>) -> Shared {
        Shared {
            offered: Arc::new(offered),
            sessions: Arc::new(AtomicUsize::new(0)),
            start: None,
        }
    }
}

/// The server's routes: `/` the page, `/app.js`, `/style.css`, `/ws` the socket,
/// `/status` the number of sessions (JSON).
pub fn router(shared: Shared) -> Router {
    Router::new()
        .route("/", get(|| async { Html(INDEX) }))
        .route(
            "/app.js",
            get(|| async { ([("content-type", "text/javascript")], SCRIPT) }),
        )
        .route(
            "/style.css",
            get(|| async { ([("content-type", "text/css")], STYLE) }),
        )
        .route("/status", get(status))
        .route("/ws", get(socket))
        .with_state(shared)
}

async fn status(State(s): State<Shared>) -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "sessions": s.sessions.load(Ordering::SeqCst),
        "programs": s.offered.iter().map(|o| o.name.clone()).collect::<Vec<_>>(),
    }))
}

async fn socket(ws: WebSocketUpgrade, State(s): State<Shared>) -> Response {
    ws.max_message_size(protocol::MAX_MESSAGE + 1024)
        .on_upgrade(move |socket| run_session(socket, s))
        .into_response()
}

/// Counts a session for as long as it lives.
struct Count(Arc<AtomicUsize>);

impl Drop for Count {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

fn text<T: serde::Serialize>(v: &T) -> Message {
    Message::Text(serde_json::to_string(v).unwrap_or_default().into())
}

async fn run_session(mut socket: WebSocket, shared: Shared) {
    shared.sessions.fetch_add(1, Ordering::SeqCst);
    let _count = Count(shared.sessions.clone());
    let mut session = WebSession::new(shared.offered.to_vec());
    let mut first_notes = Vec::new();
    if let Some(m) = shared.start.clone() {
        first_notes = session.handle(m);
    }
    let hello = serde_json::json!({
        "type": "hello",
        "programs": session.programs(),
        "prinz_positions": super::session::prinz_positions()
            .into_iter()
            .map(|(name, fen)| serde_json::json!({"name": name, "fen": fen}))
            .collect::<Vec<_>>(),
    });
    if socket.send(text(&hello)).await.is_err() {
        return;
    }
    for n in first_notes {
        if socket.send(text(&n)).await.is_err() {
            return;
        }
    }
    let mut tick =
        tokio::time::interval(std::time::Duration::from_millis(1000 / FRAMES_PER_SECOND));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            m = socket.recv() => {
                let notes = match m {
                    Some(Ok(Message::Text(t))) => match protocol::parse(&t) {
                        Ok(msg) => session.handle(msg),
                        Err(e) => vec![Note { kind: "error", message: e }],
                    },
                    Some(Ok(Message::Binary(_))) => vec![Note {
                        kind: "error",
                        message: "message refused: binary messages are not read; send JSON text".into(),
                    }],
                    Some(Ok(_)) => vec![],
                    // Closed, or the connection broke: the session ends.
                    Some(Err(_)) | None => return,
                };
                for n in notes {
                    if socket.send(text(&n)).await.is_err() {
                        return;
                    }
                }
            }
            _ = tick.tick() => {
                // A frame's emulation is bounded (session::FAST_FRAME_BEATS), a few ms.
                if let Some(f) = tokio::task::block_in_place(|| session.tick()) {
                    if socket.send(text(&f)).await.is_err() {
                        return;
                    }
                }
                if let Some(r) = session.take_report() {
                    if socket.send(text(&r)).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}

/// Serves on `listener` until the process ends.
///
/// # Errors
/// The server failing.
pub async fn serve(listener: tokio::net::TcpListener, shared: Shared) -> std::io::Result<()> {
    axum::serve(listener, router(shared)).await
}
