//! The machines of `mark1 serve`: one thread (`mark1-machines`) runs every session's
//! machine, 25 frames a second, so that the server's network threads only carry
//! messages, and a tab at real speed keeps its frame rate however many others run at
//! fast speed (docs/web.md, "Memory and CPU"; docs/performance.md).
//!
//! Each frame (40 ms) the thread first runs every session that is not at fast speed (real
//! speed 166 beats, slow 10: microseconds each) and sends its frame; then it shares
//! [`FAST_SHARE`] of host time, less what the first part took, among the sessions running
//! at fast speed: each in turn gets an equal part of what is left, run a slice
//! ([`session::SLICE_BEATS`]) at a time until its part is spent or it has run
//! [`session::FAST_FRAME_BEATS`]. The order of the turns rotates from frame to frame;
//! when there are so many fast sessions that the time runs out before every one has had
//! its turn, the next frame starts with the first left out. A session whose client has
//! not taken its last frames ([`QUEUE`]) waits (its machine does not run), and one whose
//! messages are being obeyed is passed over for the frame.

use super::protocol::{Frame, Report};
use super::session::{self, WebSession};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, TryLockError};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// A frame's length: 40 ms, [`session::FRAMES_PER_SECOND`] a second.
pub const FRAME: Duration = Duration::from_millis(1000 / session::FRAMES_PER_SECOND);
/// Host time a frame gives to all the sessions at fast speed together, the sessions at
/// real and slow speed included (they go first): 25 ms of the 40, most of one core,
/// leaving the rest of the frame for slack and the other cores to the network.
pub const FAST_SHARE: Duration = Duration::from_millis(25);
/// Frames (and reports) a session's client may leave untaken before its machine waits.
pub const QUEUE: usize = 4;

/// At most this often, and only after sessions have ended, the memory they freed is given
/// back to the system ([`give_back_memory`]).
pub const TRIM_EVERY: Duration = Duration::from_secs(2);

/// Gives the memory freed by ended sessions back to the system. glibc's allocator keeps
/// what a thread's arena freed (the machines are made on the blocking pool's threads, each
/// with an arena of its own) and a server that sees thousands of visitors come and go grew
/// by a third in sixty rounds of twenty tabs without this (issue 37's soak test,
/// docs/performance.md); `malloc_trim` returns the free pages of every arena. Elsewhere,
/// nothing.
pub fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of the allocator's arenas; it takes
    // their locks and touches no memory in use.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// What the machines' thread sends a session's connection.
#[derive(Debug)]
pub enum Out {
    /// A frame.
    Frame(Box<Frame>),
    /// The report of a finished Prinz run.
    Report(Report),
}

/// One session as the scheduler holds it: its machine (locked while it runs or while a
/// message is obeyed) and the way to its connection.
pub struct Slot {
    session: Mutex<WebSession>,
    /// Set when running it panicked (a fault of ours): it runs no more and its
    /// connection ends.
    dead: AtomicBool,
}

/// A slot as the scheduler's list holds it, with the sender of its frames (dropped when
/// the slot leaves the list, which ends its connection).
#[derive(Clone)]
struct Entry {
    slot: Arc<Slot>,
    out: mpsc::Sender<Out>,
}

impl Slot {
    /// The session, for obeying a message (waits for the slice running, if any).
    pub fn lock(&self) -> std::sync::MutexGuard<'_, WebSession> {
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The machines' thread and the sessions it runs.
pub struct Scheduler {
    slots: Mutex<Vec<Entry>>,
}

impl Scheduler {
    /// The process's scheduler, its thread started on first use.
    pub fn global() -> &'static Arc<Scheduler> {
        static ONE: OnceLock<Arc<Scheduler>> = OnceLock::new();
        ONE.get_or_init(|| {
            let s = Arc::new(Scheduler {
                slots: Mutex::new(Vec::new()),
            });
            let t = s.clone();
            // If the thread cannot start, sessions get no frames but still answer.
            let _ = std::thread::Builder::new()
                .name("mark1-machines".into())
                .spawn(move || t.run());
            s
        })
    }

    /// Takes `session` in: from the next frame its machine runs here. Returns its slot
    /// (to obey messages on) and the receiver of its frames; the session leaves when the
    /// receiver is dropped.
    pub fn register(&self, session: WebSession) -> (Arc<Slot>, mpsc::Receiver<Out>) {
        let (tx, rx) = mpsc::channel(QUEUE);
        let slot = Arc::new(Slot {
            session: Mutex::new(session),
            dead: AtomicBool::new(false),
        });
        self.slots
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Entry {
                slot: slot.clone(),
                out: tx,
            });
        (slot, rx)
    }

    fn run(&self) {
        let mut next = Instant::now();
        let mut cursor = 0usize;
        let mut trimmed = Instant::now();
        let mut left = false;
        loop {
            next += FRAME;
            let now = Instant::now();
            if next > now {
                std::thread::sleep(next - now);
            } else if now - next > FRAME {
                // Far behind (the host was busy): start afresh rather than catch up.
                next = now;
            }
            let start = Instant::now();
            let slots: Vec<Entry> = {
                let mut all = self.slots.lock().unwrap_or_else(|e| e.into_inner());
                let before = all.len();
                all.retain(|e| !e.out.is_closed() && !e.slot.dead.load(Ordering::Relaxed));
                left |= all.len() < before;
                all.clone()
            };
            if left && trimmed.elapsed() >= TRIM_EVERY {
                give_back_memory();
                trimmed = Instant::now();
                left = false;
            }
            let mut fast = Vec::new();
            for s in &slots {
                if let Some(true) = guarded(s, |w| {
                    w.begin_frame();
                    if w.is_fast() {
                        return true;
                    }
                    let b = w.frame_budget_at(start);
                    w.run_beats(b);
                    send(&s.out, w);
                    false
                }) {
                    fast.push(s.clone());
                }
            }
            cursor = share(&fast, start + FAST_SHARE, cursor);
        }
    }
}

/// Runs the sessions at fast speed in turn from `cursor` until `deadline`, each an equal
/// part of the time left; returns where the next frame starts.
fn share(fast: &[Entry], deadline: Instant, cursor: usize) -> usize {
    let n = fast.len();
    if n == 0 {
        return 0;
    }
    let first = cursor % n;
    for k in 0..n {
        let i = (first + k) % n;
        let now = Instant::now();
        if now >= deadline {
            return i;
        }
        let until = now + (deadline - now) / (n - k) as u32;
        guarded(&fast[i], |w| {
            while w.running && w.frame_granted() < session::FAST_FRAME_BEATS {
                let b = session::SLICE_BEATS.min(session::FAST_FRAME_BEATS - w.frame_granted());
                w.run_beats(b);
                if Instant::now() >= until {
                    break;
                }
            }
            send(&fast[i].out, w);
        });
    }
    first + 1
}

/// Runs `f` on the slot's session if its client has room for a frame and a report and
/// nobody else holds it; a panic (a fault of ours) ends that session alone.
fn guarded<R>(e: &Entry, f: impl FnOnce(&mut WebSession) -> R) -> Option<R> {
    if e.out.capacity() < 2 {
        return None;
    }
    let mut w = match e.slot.session.try_lock() {
        Ok(w) => w,
        Err(TryLockError::WouldBlock) | Err(TryLockError::Poisoned(_)) => return None,
    };
    let r = catch_unwind(AssertUnwindSafe(|| f(&mut w)));
    if r.is_err() {
        e.slot.dead.store(true, Ordering::Relaxed);
    }
    r.ok()
}

/// Sends the session's frame (if anything changed) and its report (if one is ready).
fn send(out: &mpsc::Sender<Out>, w: &mut WebSession) {
    if let Some(f) = w.end_frame() {
        let _ = out.try_send(Out::Frame(Box::new(f)));
    }
    if let Some(r) = w.take_report() {
        let _ = out.try_send(Out::Report(r));
    }
}
