//! `mark1 serve`'s HTTP server: one page (HTML, CSS and JavaScript shipped inside the
//! binary) and a WebSocket per browser tab, each tab with its own machine
//! ([`super::session::WebSession`]), freed when the tab closes (docs/web.md).

use super::protocol::{self, Note};
use super::session::{Offered, WebSession};
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

/// The longest a message's heavy part (assembling a source, reading a tape or drum image,
/// starting a game: `session::prepare`) may take, waiting for its turn included, before
/// the session answers that it was refused: 10 seconds.
pub const HEAVY_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Heavy parts run at once, all sessions together: one fewer than the host's cores (at
/// least one), so that the machines' thread and the network keep a core.
fn heavy_permits() -> &'static Arc<tokio::sync::Semaphore> {
    static P: std::sync::OnceLock<Arc<tokio::sync::Semaphore>> = std::sync::OnceLock::new();
    P.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Arc::new(tokio::sync::Semaphore::new(cores.saturating_sub(1).max(1)))
    })
}

fn error_note(message: String) -> Vec<Note> {
    vec![Note {
        kind: "error",
        message,
    }]
}

/// Obeys one message off the network threads: its heavy part (if any) on the blocking
/// pool, one of [`heavy_permits`] held, within [`HEAVY_LIMIT`]; then the message itself on
/// the session, locked (between the machines' slices). Returns the notes to send.
async fn obey(
    slot: Arc<super::scheduler::Slot>,
    offered: Arc<Vec<Offered>>,
    msg: protocol::ClientMsg,
) -> Vec<Note> {
    let heavy = super::session::Prepared::is_heavy(&msg);
    let upload = match &msg {
        protocol::ClientMsg::Upload { name, .. } => name.clone(),
        _ => "message".into(),
    };
    let too_long = || {
        error_note(format!(
            "{upload} refused: not done within {} seconds (the server is busy, or it is too \
             much work); try again, or send less",
            HEAVY_LIMIT.as_secs()
        ))
    };
    let deadline = tokio::time::Instant::now() + HEAVY_LIMIT;
    let permit = if heavy {
        match tokio::time::timeout_at(deadline, heavy_permits().clone().acquire_owned()).await {
            Ok(Ok(p)) => Some(p),
            _ => return too_long(),
        }
    } else {
        None
    };
    // Set when the time is up: the work then finishes (holding its permit) unused.
    let abandoned = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let gone = abandoned.clone();
    let job = tokio::task::spawn_blocking(move || {
        let p = super::session::prepare(msg, &offered);
        drop(permit);
        if gone.load(Ordering::SeqCst) {
            return Vec::new();
        }
        slot.lock().apply(p)
    });
    if !heavy {
        return job.await.unwrap_or_else(|_| {
            error_note("the server failed to obey the message (a fault of ours)".into())
        });
    }
    match tokio::time::timeout_at(deadline, job).await {
        Ok(Ok(notes)) => notes,
        Ok(Err(_)) => error_note(format!(
            "{upload} refused: the server failed on it (a fault of ours)"
        )),
        Err(_) => {
            abandoned.store(true, Ordering::SeqCst);
            too_long()
        }
    }
}

async fn run_session(mut socket: WebSocket, shared: Shared) {
    shared.sessions.fetch_add(1, Ordering::SeqCst);
    let _count = Count(shared.sessions.clone());
    // Making the session assembles the first program offered, and a start in a game mode
    // starts the game: off the network threads.
    let offered = shared.offered.clone();
    let start = shared.start.clone();
    let made = tokio::task::spawn_blocking(move || {
        let mut session = WebSession::new(offered.to_vec());
        let notes = start.map(|m| session.handle(m)).unwrap_or_default();
        (session, notes)
    })
    .await;
    let Ok((session, first_notes)) = made else {
        return;
    };
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
    // From here the machines' thread runs the machine and sends its frames; this task
    // carries messages both ways. While a message is obeyed the next is not read (so
    // that they are obeyed in order), but frames still flow.
    let (slot, mut frames) = super::scheduler::Scheduler::global().register(session);
    let mut job: Option<std::pin::Pin<Box<dyn std::future::Future<Output = Vec<Note>> + Send>>> =
        None;
    loop {
        let notes = tokio::select! {
            m = socket.recv(), if job.is_none() => {
                match m {
                    Some(Ok(Message::Text(t))) => match protocol::parse(&t) {
                        Ok(msg) => {
                            job = Some(Box::pin(obey(slot.clone(), shared.offered.clone(), msg)));
                            vec![]
                        }
                        Err(e) => vec![Note { kind: "error", message: e }],
                    },
                    Some(Ok(Message::Binary(_))) => vec![Note {
                        kind: "error",
                        message: "message refused: binary messages are not read; send JSON text".into(),
                    }],
                    Some(Ok(_)) => vec![],
                    // Closed, or the connection broke: the session ends.
                    Some(Err(_)) | None => return,
                }
            }
            notes = async {
                match job.as_mut() {
                    Some(j) => j.await,
                    None => std::future::pending().await,
                }
            }, if job.is_some() => {
                job = None;
                notes
            }
            o = frames.recv() => {
                let m = match o {
                    Some(super::scheduler::Out::Frame(f)) => text(&f),
                    Some(super::scheduler::Out::Report(r)) => text(&r),
                    // The machines' thread let the session go (a fault of ours).
                    None => return,
                };
                if socket.send(m).await.is_err() {
                    return;
                }
                vec![]
            }
        };
        for n in notes {
            if socket.send(text(&n)).await.is_err() {
                return;
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
