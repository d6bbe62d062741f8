//! `mark1 serve`'s HTTP server: one page (HTML, CSS and JavaScript shipped inside the
//! binary) and a WebSocket per browser tab, each tab with its own machine
//! ([`super::session::WebSession`]), freed when the tab closes (docs/web.md).
//!
//! The edge (docs/web.md, "Security and limits"): every request must name this server in
//! its `Host` (against DNS rebinding) and come from no page or this server's own page
//! (`Origin`, against cross-site WebSocket hijacking), or a refused request gets 403 and
//! the reason; at most [`Limits::max_sessions`] sessions (the next tab is told the machine
//! is busy), at most [`Limits::max_connections`] connections open before upgrade (more
//! wait), each closed if its request's head has not arrived within
//! [`Limits::header_timeout`]; every response carries a self-only
//! `Content-Security-Policy`, `X-Frame-Options: DENY` and `X-Content-Type-Options: nosniff`.

use super::protocol::{self, Note};
use super::session::{Offered, WebSession};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");
const MODES: &str = include_str!("page/modes.js");
const FAVICON: &str = include_str!("page/favicon.svg");
const KIOSK: &str = include_str!("page/kiosk.js");

/// The longest WebSocket message the socket reads, in bytes: [`protocol::MAX_MESSAGE`]
/// and 1 KiB for the JSON around an upload. A longer message (or frame) is not read: the
/// socket is closed with code 1009 and the reason (`close_after_error`). A message
/// between the two limits is read and refused by [`protocol::parse`], and the session goes
/// on.
pub const SOCKET_LIMIT: usize = protocol::MAX_MESSAGE + 1024;

/// The server's limits and the origins it accepts besides its own (`mark1 serve`'s flags).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Sessions (WebSockets, each a machine) at once; the next tab is told the machine is
    /// busy (`--max-sessions`, default 32).
    pub max_sessions: usize,
    /// HTTP connections open at once before any upgrade to a WebSocket; more wait, unread,
    /// until one ends (`--max-connections`, default 512).
    pub max_connections: usize,
    /// A connection whose request head (request line and headers) has not arrived this
    /// long after it opened, or after its previous response, is closed (10 s).
    pub header_timeout: Duration,
    /// Origins accepted besides the server's own, as [`parse_origin`] gives them
    /// (`--allow-origin`, repeatable); their hosts are accepted in `Host` too.
    pub allow_origins: Vec<String>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_sessions: 32,
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
            allow_origins: Vec::new(),
        }
    }
}

/// What every session of a server shares.
#[derive(Clone)]
pub struct Shared {
    /// The programs offered.
    pub offered: Arc<Vec<Offered>>,
    /// Sessions open now.
    pub sessions: Arc<AtomicUsize>,
    /// What each new tab does first (`mark1 serve --program prinz|draughts|nim`).
    pub start: Option<super::protocol::ClientMsg>,
    /// The limits and the origins allowed ([`Limits::default`] unless told otherwise).
    pub limits: Limits,
    /// Sessions admitted: upgrades accepted and not yet ended (at most
    /// `limits.max_sessions`).
    admitted: Arc<AtomicUsize>,
    /// Sockets being told the machine is busy (at most `limits.max_sessions` too; more
    /// get 503 before any upgrade).
    refusing: Arc<AtomicUsize>,
    /// The data folder where sessions are kept across reloads and restarts (`mark1 serve
    /// --data`); `None`: sessions are not kept.
    pub keeper: Option<super::persist::Keeper>,
    /// The ids of the sessions open now (a second tab with the same id, a duplicated tab,
    /// gets a new id and a copy of the session).
    live: Arc<std::sync::Mutex<std::collections::HashSet<String>>>,
    /// Running as a kiosk on a gallery floor (`mark1 serve --kiosk`): no uploads, and the
    /// page told so in its `hello` (fullscreen, attract mode after the idle time).
    pub kiosk: Option<Kiosk>,
    /// The period-software folder, read and checked (`mark1 serve --period-software`):
    /// Strachey's original draughts and Love Letters are offered only with it.
    pub period: Option<Arc<super::period::Period>>,
}

/// `mark1 serve --kiosk`: what the server and the page do differently (docs/web.md,
/// "The kiosk").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kiosk {
    /// With no input for this long, the page resets to its attract mode
    /// (`--idle SECONDS`, 120 unless told).
    pub idle: Duration,
}

impl Default for Kiosk {
    fn default() -> Kiosk {
        Kiosk {
            idle: Duration::from_secs(120),
        }
    }
}

impl Shared {
    /// The shared state offering `offered`.
    pub fn new(offered: Vec<Offered>) -> Shared {
        Shared {
            offered: Arc::new(offered),
            sessions: Arc::new(AtomicUsize::new(0)),
            start: None,
            limits: Limits::default(),
            admitted: Arc::new(AtomicUsize::new(0)),
            refusing: Arc::new(AtomicUsize::new(0)),
            keeper: None,
            live: Arc::default(),
            kiosk: None,
            period: None,
        }
    }
}

/// The server's routes for a server bound to `bound`: `/` the page, `/app.js`,
/// `/modes.js` (the game modes), `/style.css`, `/favicon.svg`, `/ws` the socket, `/status` the number of sessions (JSON); every request
/// checked by [`Access`] and every response with the security headers.
pub fn router(shared: Shared, bound: SocketAddr) -> Router {
    let access = Arc::new(Access::new(bound, &shared.limits.allow_origins));
    Router::new()
        .route("/", get(page))
        .route(
            "/kiosk.js",
            get(|| async { ([("content-type", "text/javascript")], KIOSK) }),
        )
        .route(
            "/app.js",
            get(|| async { ([("content-type", "text/javascript")], SCRIPT) }),
        )
        .route(
            "/modes.js",
            get(|| async { ([("content-type", "text/javascript")], MODES) }),
        )
        .route(
            "/favicon.svg",
            get(|| async { ([("content-type", "image/svg+xml")], FAVICON) }),
        )
        .route(
            "/style.css",
            get(|| async { ([("content-type", "text/css")], STYLE) }),
        )
        .route("/status", get(status))
        .route("/ws", get(socket))
        .with_state(shared)
        .layer(axum::middleware::from_fn_with_state(access, edge))
}

/// The page; when every session is taken, a page that says so in words and asks the
/// browser to try again in a few seconds (no script: a refresh), with 503.
async fn page(State(s): State<Shared>) -> Response {
    let max = s.limits.max_sessions;
    if s.admitted.load(Ordering::SeqCst) < max {
        return Html(INDEX).into_response();
    }
    let busy = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"refresh\" content=\"{BUSY_RETRY}\">\n\
         <title>Ferranti Mark 1: all the consoles are in use</title>\n\
         <link rel=\"stylesheet\" href=\"/style.css\">\n</head>\n<body>\n<main id=\"busy\">\n\
         <h1>The Ferranti Mark 1 is busy</h1>\n\
         <p>All {max} of its consoles are in use just now.</p>\n\
         <p>Please wait a moment: this page tries again by itself every {BUSY_RETRY} seconds.</p>\n\
         </main>\n</body>\n</html>\n"
    );
    (StatusCode::SERVICE_UNAVAILABLE, Html(busy)).into_response()
}

/// Seconds the busy page waits before it asks again.
const BUSY_RETRY: u32 = 5;

async fn status(State(s): State<Shared>) -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "sessions": s.sessions.load(Ordering::SeqCst),
        "programs": s.offered.iter().map(|o| o.name.clone()).collect::<Vec<_>>(),
    }))
}

/// The session id a socket's request asks for (`/ws?session=ID`), if it has the form of
/// one.
fn asked_id(query: Option<&str>) -> Option<String> {
    query?
        .split('&')
        .filter_map(|kv| kv.strip_prefix("session="))
        .find(|id| super::persist::valid_id(id))
        .map(str::to_string)
}

async fn socket(
    ws: WebSocketUpgrade,
    State(s): State<Shared>,
    axum::extract::RawQuery(query): axum::extract::RawQuery,
) -> Response {
    let asked = asked_id(query.as_deref());
    let ws = ws
        .max_message_size(SOCKET_LIMIT)
        .max_frame_size(SOCKET_LIMIT);
    let max = s.limits.max_sessions;
    if let Some(slot) = Place::take(&s.admitted, max) {
        return ws
            .on_upgrade(move |socket| async move {
                let _slot = slot;
                run_session(socket, s, asked).await
            })
            .into_response();
    }
    // Busy: told through the socket, which the page shows; beyond as many of those at
    // once, a 503 with the same words, so that refusals too are bounded.
    match Place::take(&s.refusing, max) {
        Some(place) => ws
            .on_upgrade(move |socket| async move {
                let _place = place;
                busy(socket, max).await
            })
            .into_response(),
        None => (StatusCode::SERVICE_UNAVAILABLE, busy_reason(max)).into_response(),
    }
}

/// A place among `max` counted by a counter (a session among [`Limits::max_sessions`], a
/// busy notice), given back when dropped: when the socket ends, or when the upgrade fails
/// and its callback is dropped.
struct Place(Arc<AtomicUsize>);

impl Place {
    fn take(count: &Arc<AtomicUsize>, max: usize) -> Option<Place> {
        count
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| Place(count.clone()))
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The WebSocket close code for "try again later" (RFC 6455 registry).
const TRY_AGAIN_LATER: u16 = 1013;
/// The WebSocket close code for a message too big to read (RFC 6455 §7.4.1).
const MESSAGE_TOO_BIG: u16 = 1009;
/// The WebSocket close code for a protocol error (RFC 6455 §7.4.1).
const PROTOCOL_ERROR: u16 = 1002;
/// The WebSocket close code for text that is not UTF-8 (RFC 6455 §7.4.1).
const INVALID_DATA: u16 = 1007;

/// The words a tab gets when all sessions are in use.
fn busy_reason(max: usize) -> String {
    format!("the machine is busy: {max} of {max} sessions in use, try again later")
}

/// A tab beyond the limit: an error note and a close frame (1013) with the reason, which
/// the page shows; then the client's close is awaited up to a second, so that the
/// connection ends cleanly.
async fn busy(mut socket: WebSocket, max: usize) {
    let reason = busy_reason(max);
    let note = Note {
        kind: "error",
        message: reason.clone(),
    };
    if socket.send(text(&note)).await.is_err() {
        return;
    }
    let close = Message::Close(Some(CloseFrame {
        code: TRY_AGAIN_LATER,
        reason: reason.into(),
    }));
    if socket.send(close).await.is_err() {
        return;
    }
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while let Some(Ok(_)) = socket.recv().await {}
    })
    .await;
}

/// After the socket failed to read a message: a close frame with the reason when the
/// message was too big (1009), not a WebSocket frame (1002) or not UTF-8 text (1007),
/// then half a second for the client to read it before the connection is dropped (the
/// unread rest of a message makes the drop a reset, which some systems let overtake the
/// frame); nothing for a connection that broke or was dropped.
async fn close_after_error(socket: &mut WebSocket, e: axum::Error) {
    use tungstenite::error::{CapacityError, Error as WsError, ProtocolError};
    let inner = e.into_inner();
    let Some(e) = inner.downcast_ref::<WsError>() else {
        return;
    };
    let (code, reason) = match e {
        WsError::Capacity(CapacityError::MessageTooLong { .. }) => (
            MESSAGE_TOO_BIG,
            format!("message too big: limit {SOCKET_LIMIT} bytes"),
        ),
        WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake) => return,
        WsError::Capacity(_) | WsError::Protocol(_) => (
            PROTOCOL_ERROR,
            "not a WebSocket frame this server reads".into(),
        ),
        WsError::Utf8(_) => (INVALID_DATA, "a text message that is not UTF-8".into()),
        _ => return,
    };
    let close = Message::Close(Some(CloseFrame {
        code,
        reason: reason.into(),
    }));
    if socket.send(close).await.is_ok() {
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
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
    period: Option<Arc<super::period::Period>>,
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
        let p = super::session::prepare_with(msg, &offered, period.as_deref());
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

/// A session's id among those open now: the one asked for (a reload, a reconnect) unless
/// a session with it is open (a duplicated tab), else a new one; `None` when sessions are
/// not kept. Freed when dropped.
struct LiveId {
    id: Option<String>,
    live: Arc<std::sync::Mutex<std::collections::HashSet<String>>>,
}

impl LiveId {
    fn take(shared: &Shared, asked: Option<&str>) -> LiveId {
        let live = shared.live.clone();
        let id = shared.keeper.as_ref().and_then(|_| {
            let mut l = live.lock().unwrap_or_else(|e| e.into_inner());
            let id = match asked {
                Some(a) if !l.contains(a) => a.to_string(),
                _ => super::persist::new_id()?,
            };
            l.insert(id.clone());
            Some(id)
        });
        LiveId { id, live }
    }
}

impl Drop for LiveId {
    fn drop(&mut self) {
        if let Some(id) = &self.id {
            self.live
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(id);
        }
    }
}

/// Makes a tab's session: restored from the journal saved for the id it asked for, if
/// there is one, else new (with the server's start, if any); the notes to send first, and
/// whether it was restored.
fn make_session(shared: &Shared, asked: Option<&str>) -> (WebSession, Vec<Note>, bool) {
    let offered = shared.offered.to_vec();
    let fresh = |mut notes: Vec<Note>| {
        let mut session = WebSession::new(offered.clone());
        session.set_period(shared.period.clone());
        if let Some(m) = shared.start.clone() {
            notes.extend(session.handle(m));
        }
        (session, notes, false)
    };
    let Some(keeper) = &shared.keeper else {
        return fresh(Vec::new());
    };
    keeper.prune_now_and_then();
    let Some(id) = asked else {
        return fresh(Vec::new());
    };
    match keeper.load(id) {
        Some(Ok(j)) => {
            let (s, notes) = WebSession::restore_with(offered.clone(), shared.period.clone(), &j);
            let ok = notes.iter().all(|n| n.kind != "error");
            (s, notes, ok)
        }
        Some(Err(e)) => fresh(error_note(format!(
            "your session could not be restored: {e}; a new one started"
        ))),
        None => fresh(Vec::new()),
    }
}

/// Saves a session's journal each time it is sent a newer one (the last wins), one write
/// at a time, off the network threads; the last one sent is saved before it ends.
async fn saver(
    keeper: super::persist::Keeper,
    id: String,
    mut rx: tokio::sync::watch::Receiver<Option<super::persist::Journal>>,
) {
    loop {
        let ended = rx.changed().await.is_err();
        let j = rx.borrow_and_update().clone();
        if let Some(j) = j {
            let (k, id) = (keeper.clone(), id.clone());
            if let Ok(Err(e)) = tokio::task::spawn_blocking(move || k.save(&id, &j)).await {
                eprintln!("mark1 serve: session not kept: {e}");
            }
        }
        if ended {
            return;
        }
    }
}

async fn run_session(mut socket: WebSocket, shared: Shared, asked: Option<String>) {
    shared.sessions.fetch_add(1, Ordering::SeqCst);
    let _count = Count(shared.sessions.clone());
    let live = LiveId::take(&shared, asked.as_deref());
    // Making the session assembles the first program offered, and a start in a game mode
    // starts the game, a restore replays the journal: off the network threads.
    let made = {
        let shared = shared.clone();
        tokio::task::spawn_blocking(move || make_session(&shared, asked.as_deref())).await
    };
    let Ok((session, first_notes, restored)) = made else {
        return;
    };
    let hello = serde_json::json!({
        "type": "hello",
        "programs": session.programs(),
        "prinz_positions": super::cards::prinz_positions()
            .into_iter()
            .map(|(name, fen)| serde_json::json!({"name": name, "fen": fen}))
            .collect::<Vec<_>>(),
        "games": super::cards::modes(shared.period.is_some()),
        "program_cards": super::cards::program_cards(shared.period.is_some()),
        "session": live.id,
        "restored": restored,
        "kiosk": shared.kiosk.is_some(),
        "idle": shared.kiosk.as_ref().map(|k| k.idle.as_secs()),
    });
    if socket.send(text(&hello)).await.is_err() {
        return;
    }
    for n in first_notes {
        if socket.send(text(&n)).await.is_err() {
            return;
        }
    }
    // The journal, saved whenever it changes (a restored one at once, under its new id
    // if it had to have one).
    let journal = session.journal();
    let (save, saved) = tokio::sync::watch::channel(None);
    if let (Some(k), Some(id)) = (&shared.keeper, &live.id) {
        tokio::spawn(saver(k.clone(), id.clone(), saved));
    }
    let mut seen = u64::MAX;
    let mut keep = move || {
        let j = journal.lock().unwrap_or_else(|e| e.into_inner());
        if j.changes != seen && (j.changes > 0 || restored) {
            seen = j.changes;
            let _ = save.send(Some(j.clone()));
        }
    };
    keep();
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
                        Ok(protocol::ClientMsg::Upload { name, .. }) if shared.kiosk.is_some() => {
                            error_note(format!(
                                "{name} refused: this Mark 1 is a kiosk, which takes no uploads"
                            ))
                        }
                        Ok(msg) => {
                            job = Some(Box::pin(obey(slot.clone(), shared.offered.clone(), shared.period.clone(), msg)));
                            vec![]
                        }
                        Err(e) => vec![Note { kind: "error", message: e }],
                    },
                    Some(Ok(Message::Binary(_))) => vec![Note {
                        kind: "error",
                        message: "message refused: binary messages are not read; send JSON text".into(),
                    }],
                    Some(Ok(_)) => vec![],
                    // Too big, not WebSocket, or the connection broke: the session ends.
                    Some(Err(e)) => return close_after_error(&mut socket, e).await,
                    // Closed.
                    None => return,
                }
            }
            notes = async {
                match job.as_mut() {
                    Some(j) => j.await,
                    None => std::future::pending().await,
                }
            }, if job.is_some() => {
                job = None;
                keep();
                notes
            }
            o = frames.recv() => {
                let m = match o {
                    Some(super::scheduler::Out::Frame(f)) => text(&f),
                    Some(super::scheduler::Out::Report(r)) => text(&r),
                    // The machines' thread let the session go (a fault of ours).
                    None => return,
                };
                keep();
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

/// Who may use a server bound to one address: the `Host` names it may be reached by, and
/// the origins (pages) it accepts besides its own.
#[derive(Clone, Debug)]
pub struct Access {
    /// The port bound.
    port: u16,
    /// `Host` values accepted, lower case (`127.0.0.1:8080`, `localhost:8080`, ...).
    hosts: Vec<String>,
    /// Bound to every address (0.0.0.0 or ::): any IP address with the port bound is
    /// accepted as `Host` too (an address, not a name, cannot be rebound).
    any_address: bool,
    /// Origins accepted besides the server's own (`--allow-origin`).
    origins: Vec<String>,
}

impl Access {
    /// The rules for a server bound to `bound`, accepting the origins `allow` (as
    /// [`parse_origin`] gives them) and their hosts besides its own. Its own hosts: the
    /// address bound; `localhost` too for a loopback address; without the port as well on
    /// port 80.
    pub fn new(bound: SocketAddr, allow: &[String]) -> Access {
        let port = bound.port();
        let mut names = Vec::new();
        if bound.ip().is_unspecified() {
            names.push("localhost".to_string());
        } else {
            names.push(match bound.ip() {
                IpAddr::V4(ip) => ip.to_string(),
                IpAddr::V6(ip) => format!("[{ip}]"),
            });
            if bound.ip().is_loopback() {
                names.push("localhost".to_string());
            }
        }
        let mut hosts = Vec::new();
        for n in names {
            hosts.push(format!("{n}:{port}"));
            if port == 80 {
                hosts.push(n);
            }
        }
        for o in allow {
            if let Some((_, authority)) = o.split_once("://") {
                hosts.push(authority.to_string());
            }
        }
        Access {
            port,
            hosts,
            any_address: bound.ip().is_unspecified(),
            origins: allow.to_vec(),
        }
    }

    /// Whether `host` (a `Host` header's value) names this server.
    fn host_ok(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        if self.hosts.contains(&host) {
            return true;
        }
        if !self.any_address {
            return false;
        }
        if let Ok(a) = host.parse::<SocketAddr>() {
            return a.port() == self.port;
        }
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        self.port == 80 && bare.parse::<IpAddr>().is_ok()
    }

    /// Checks a request's `Host` and `Origin`; the host, or the reason for refusing.
    ///
    /// # Errors
    /// The reason in words: no `Host`, a `Host` that is not this server's, an `Origin`
    /// that is neither this server's nor allowed.
    pub fn check(&self, headers: &axum::http::HeaderMap) -> Result<String, String> {
        let Some(host) = headers.get(header::HOST) else {
            return Err("refused: the request names no Host".into());
        };
        let host = host.to_str().unwrap_or("").trim().to_ascii_lowercase();
        if !self.host_ok(&host) {
            let mut own = self.hosts.join(", ");
            if self.any_address {
                own += &format!(", or any IP address with port {}", self.port);
            }
            return Err(format!(
                "refused: Host `{host}` is not this server's address ({own}): a page reached \
                 through another name could be an attacker's (DNS rebinding); start mark1 \
                 serve with --allow-origin http://NAME:PORT to allow a name"
            ));
        }
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(host);
        };
        let origin = origin.to_str().unwrap_or("").trim();
        let norm = origin.trim_end_matches('/').to_ascii_lowercase();
        let own = |h: &str| norm.strip_prefix("http://") == Some(h);
        if own(&host) || self.hosts.iter().any(|h| own(h)) || self.origins.contains(&norm) {
            return Ok(host);
        }
        let shown = if origin == "null" {
            "null (a sandboxed page or a file)".to_string()
        } else {
            format!("`{origin}`")
        };
        Err(format!(
            "refused: a page from origin {shown} may not use this server (cross-site \
             request); its own pages are http://{host}; start mark1 serve with \
             --allow-origin ORIGIN to allow another"
        ))
    }
}

/// Reads an `--allow-origin` value: `http://` or `https://`, then a host name or address
/// and an optional port, nothing after (a `/` at the end is dropped); lower case.
///
/// # Errors
/// The reason in words, with the form expected.
pub fn parse_origin(s: &str) -> Result<String, String> {
    let norm = s.trim().trim_end_matches('/').to_ascii_lowercase();
    let form = "the form is http://HOST or http://HOST:PORT (or https://)";
    let Some((scheme, authority)) = norm.split_once("://") else {
        return Err(format!("origin `{s}`: no scheme; {form}"));
    };
    if scheme != "http" && scheme != "https" {
        return Err(format!("origin `{s}`: scheme `{scheme}`; {form}"));
    }
    let ok = |c: char| c.is_ascii_alphanumeric() || "-.:[]_".contains(c);
    if authority.is_empty() || !authority.chars().all(ok) {
        return Err(format!(
            "origin `{s}`: `{authority}` is not a host and port; {form}"
        ));
    }
    Ok(norm)
}

/// The edge of every request: [`Access::check`] (403 and the reason if refused), then the
/// security headers on whatever the response is.
async fn edge(State(access): State<Arc<Access>>, req: Request, next: Next) -> Response {
    let (mut response, host) = match access.check(req.headers()) {
        Ok(host) => (next.run(req).await, Some(host)),
        Err(reason) => ((StatusCode::FORBIDDEN, reason).into_response(), None),
    };
    // 'self' covers ws: for the page's own host in CSP 3; the host is named as well for
    // browsers that do not (only a host that passed the check above).
    let connect = match host {
        Some(h) => format!("'self' ws://{h} wss://{h}"),
        None => "'self'".into(),
    };
    let csp = format!(
        "default-src 'self'; connect-src {connect}; frame-ancestors 'none'; \
         base-uri 'none'; form-action 'none'"
    );
    let h = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&csp) {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// Serves on `listener` until the process ends: at most `shared.limits.max_connections`
/// connections at once (the next waits in the listener's queue until one ends), each
/// closed if a request's head does not arrive within `shared.limits.header_timeout`;
/// WebSocket upgrades handed on (a session then counts against `max_sessions`, not
/// against the connections).
///
/// # Errors
/// The listener's address cannot be read.
pub async fn serve(listener: tokio::net::TcpListener, shared: Shared) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    let bound = listener.local_addr()?;
    let app = router(shared.clone(), bound);
    let open = Arc::new(tokio::sync::Semaphore::new(
        shared.limits.max_connections.max(1),
    ));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(shared.limits.header_timeout);
    loop {
        let Ok(permit) = open.clone().acquire_owned().await else {
            return Ok(()); // the semaphore is never closed
        };
        let stream = loop {
            match listener.accept().await {
                Ok((stream, _)) => break stream,
                Err(e) => accept_error(e).await,
            }
        };
        let conn = http
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()))
            .with_upgrades();
        tokio::spawn(async move {
            // A connection's errors (a timeout, a reset) end it and nothing else.
            let _ = conn.await;
            drop(permit);
        });
    }
}

/// After `accept` failed: at once again when a connection was reset before it was
/// accepted; otherwise (out of file descriptors, say) after a second, as hyper and axum do.
async fn accept_error(e: std::io::Error) {
    use std::io::ErrorKind;
    if !matches!(
        e.kind(),
        ErrorKind::ConnectionRefused | ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset
    ) {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    fn check(a: &Access, host: Option<&str>, origin: Option<&str>) -> Result<String, String> {
        let mut h = HeaderMap::new();
        if let Some(v) = host {
            h.insert(header::HOST, v.parse().unwrap());
        }
        if let Some(v) = origin {
            h.insert(header::ORIGIN, v.parse().unwrap());
        }
        a.check(&h)
    }

    #[test]
    fn hosts_and_origins_by_the_address_bound() {
        // IPv6 loopback: its bracketed address and localhost, with the port.
        let a = Access::new("[::1]:8080".parse().unwrap(), &[]);
        assert!(check(&a, Some("[::1]:8080"), Some("http://[::1]:8080")).is_ok());
        assert!(check(&a, Some("localhost:8080"), Some("http://localhost:8080")).is_ok());
        assert!(check(&a, Some("[::1]:8080"), Some("http://localhost:8080")).is_ok());
        assert!(check(&a, Some("127.0.0.1:8080"), None).is_err());
        assert!(check(&a, Some("[::1]:8081"), None).is_err());
        assert!(check(&a, Some("[::1]"), None).is_err());
        // Port 80: the browser leaves the port out.
        let a = Access::new("127.0.0.1:80".parse().unwrap(), &[]);
        assert!(check(&a, Some("localhost"), Some("http://localhost")).is_ok());
        assert!(check(&a, Some("127.0.0.1:80"), None).is_ok());
        // Every address: any IP address with the port (what the visitor typed), no names
        // but localhost; the origin must be the host asked for.
        let a = Access::new("0.0.0.0:8080".parse().unwrap(), &[]);
        assert!(check(
            &a,
            Some("192.168.1.5:8080"),
            Some("http://192.168.1.5:8080")
        )
        .is_ok());
        assert!(check(&a, Some("[fe80::1]:8080"), None).is_ok());
        assert!(check(
            &a,
            Some("192.168.1.5:8080"),
            Some("http://192.168.1.6:8080")
        )
        .is_err());
        assert!(check(&a, Some("192.168.1.5:9090"), None).is_err());
        let e = check(&a, Some("mark1.lan:8080"), None).unwrap_err();
        assert!(e.contains("any IP address with port 8080"), "{e}");
        // A name given with --allow-origin, its host accepted too.
        let allow = [parse_origin("HTTP://Mark1.lan:8080/").unwrap()];
        let a = Access::new("0.0.0.0:8080".parse().unwrap(), &allow);
        assert!(check(&a, Some("mark1.lan:8080"), Some("http://mark1.lan:8080")).is_ok());
        // Refusals say why.
        let e = check(&a, None, None).unwrap_err();
        assert!(e.contains("no Host"), "{e}");
        let e = check(&a, Some("localhost:8080"), Some("null")).unwrap_err();
        assert!(e.contains("null (a sandboxed page or a file)"), "{e}");
    }

    #[test]
    fn allowed_origins_are_read_or_refused_with_the_form() {
        assert_eq!(
            parse_origin("https://Museum.Example/"),
            Ok("https://museum.example".into())
        );
        for bad in [
            "museum.example",
            "ftp://x",
            "http://",
            "http://a/b",
            "http://*",
        ] {
            let e = parse_origin(bad).unwrap_err();
            assert!(e.contains("http://HOST:PORT"), "{bad}: {e}");
        }
    }
}
