//! One browser tab's machine: what the page's messages do to it and what each frame of
//! emulation sends back (docs/web.md). Nothing here knows of the network: the server
//! (`web::server`) feeds it messages and ticks.

use super::period::{Period, KRK_BUILD, LOVE_LETTERS};
use super::persist::Journal;
use super::protocol::{ClientMsg, Frame, Note, Report, Speed, Thinking, TubeFrame, UploadKind};
use crate::games::bundled::Waiting;
use crate::games::{AtTheKeys, First, MoveError, Settings};
use crate::machine::report::describe_stop;
use crate::machine::{Budget, Config, Image, Machine, Stop};
use base64::Engine;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Frames a second the server sends while the machine runs.
pub const FRAMES_PER_SECOND: u64 = 25;
/// Beats the Mark 1 obeys in a second of its own time (a beat is 240 µs).
pub const BEATS_PER_SECOND: u64 = 4_167;
/// The Mark 1's beat in nanoseconds (240 µs): at real speed a session runs one beat for
/// each 240 µs of the host's clock ([`WebSession::frame_budget_at`]).
pub const BEAT_NANOS: u64 = 240_000;
/// How far behind the wall clock a session at real or slow speed may fall before it
/// gives up catching up (the host was suspended, or far too busy): one second. Beyond it
/// the clock is taken afresh from now rather than the lost time run in a burst.
pub const PACE_SLACK: Duration = Duration::from_secs(1);
/// The most beats a frame may run at `fast` (so that one tab cannot starve the others):
/// 2^21 beats, about 8 simulated minutes, a few milliseconds of host time.
pub const FAST_FRAME_BEATS: u64 = 1 << 21;
/// The longest upload, in bytes once decoded: a drum image (131,072 bytes) or a source.
pub const MAX_UPLOAD: usize = 512 * 1024;
/// The most hoots a frame carries (the first of the frame's): the page plays them only at
/// real speed, where a frame of 166 beats holds at most 21 (a hoot every 8 beats).
pub const MAX_FRAME_HOOTS: usize = 256;
/// The most beats a session's machine runs in one go (a slice): between slices the
/// session takes the hoots the hooter recorded, so that it keeps at most a slice's worth
/// (one an order, an order at least 4 beats: 4,096 of them, 32 KiB), and the scheduler
/// (`web::scheduler`) looks at the clock.
pub const SLICE_BEATS: u64 = 1 << 14;
/// A slice while a game is at the keys, whose drivers stop at breakpoints: fewer
/// boundaries between runs (each a run that passes over a breakpoint on its first line).
const GAME_SLICE_BEATS: u64 = 1 << 18;
/// The most beats a restore runs a game's program for to reach one of its waits: 2^28,
/// about 18 hours of the Mark 1's time (a move of Turing's machine takes hours).
pub const REPLAY_BEATS: u64 = 1 << 28;
/// The paper a session keeps once it has sent it, in bytes: when the teleprinter holds
/// more than [`PAPER_LIMIT`] bytes of paper (or as many orders carried out or codes
/// punched), all but the last `PAPER_KEEP` bytes are forgotten (the page has them).
pub const PAPER_KEEP: usize = 16 * 1024;
/// See [`PAPER_KEEP`]: 128 KiB of paper, or 128 Ki orders or punched codes.
pub const PAPER_LIMIT: usize = 128 * 1024;
/// The most spaces a line feed's kept carriage puts before a character in a session
/// (`Teleprinter::pad_limit`): a real line held 69 characters (Prinz §26); without a
/// limit, lines fed without returning the carriage grow without end.
pub const PAD_LIMIT: usize = 128;

/// `beats` as simulated seconds, to the millisecond.
fn round_ms(beats: u64) -> f64 {
    (crate::machine::beats_to_seconds(beats) * 1000.0).round() / 1000.0
}

/// A program the server offers: its name and its assembler source.
#[derive(Clone, Debug)]
pub struct Offered {
    /// The name the page shows and loads it by.
    pub name: String,
    /// The source.
    pub source: String,
}

/// The programs every server offers: `hello` (programs/hello.m1) and `hoot`.
pub fn built_in() -> Vec<Offered> {
    vec![
        Offered {
            name: "hello".into(),
            source: include_str!("../../programs/hello.m1").into(),
        },
        Offered {
            name: "hoot".into(),
            source: include_str!("../../programs/hoot.m1").into(),
        },
    ]
}

/// The positions offered for Prinz's problem (the page's list): the named ones of the
/// cross-check set, each with the comment above it.
pub use crate::games::prinz::named_positions as prinz_positions;

/// One tab's machine and what the page has set.
pub struct WebSession {
    /// The machine.
    pub machine: Machine,
    /// Running (frames run it).
    pub running: bool,
    /// The speed.
    pub speed: Speed,
    pages: [u32; 2],
    paper_sent: usize,
    /// The frame under way: its first beat, the beats granted so far, and its hoots
    /// (beat numbers, the first [`MAX_FRAME_HOOTS`]).
    frame_start: u64,
    frame_granted: u64,
    frame_hoots: Vec<u64>,
    stopped: Option<String>,
    offered: Vec<Offered>,
    dirty: bool,
    /// The game's report, once it is over, until sent.
    report: Option<Report>,
    /// The game at the keys, if one was started. Its machine is the session's: it lives
    /// in `machine` (the one the frames show) and is swapped into the game while the
    /// game's driver works on it ([`WebSession::with_game`]).
    game: Option<Box<dyn AtTheKeys>>,
    your_move: bool,
    over: bool,
    /// At real and slow speed, the wall-clock instant and the machine's beat count the
    /// pace is measured from ([`WebSession::frame_budget_at`]); `None` until the next
    /// frame takes the clock afresh (after a start, a stop, a change of speed, a move).
    pace: Option<(Instant, u64)>,
    /// The beat at which the game's program began to think (from a start or a move
    /// entered to its next wait), while it thinks.
    think_from: Option<u64>,
    /// The beats the program's last reply took (its last thinking), for the expected
    /// wait the page shows.
    last_think: Option<u64>,
    /// Standing at a hoot stop (a hoot and a jump back to it): the beats between its
    /// hoots, until the machine is stopped, started or cleared.
    hoot_stop: Option<u64>,
    /// What the visitor did that a replay can do again (saved by the server, which holds
    /// it too: `journal`).
    journal: Arc<Mutex<Journal>>,
    /// The boxes MENACE learnt in this session's games (its drum's boxes region, taken
    /// when a MENACE game gives way to another game or program): a new MENACE game starts
    /// from them, as `mark1 noughts --machine menace --drum` starts from its drum image.
    menace_boxes: Option<crate::games::noughts::menace::DrumBoxes>,
    /// The period-software folder the server was started with (`--period-software`), if
    /// any: Strachey's original draughts and Love Letters.
    period: Option<Arc<Period>>,
}

fn assemble(name: &str, source: &str) -> Result<Image, String> {
    crate::asm::assemble_str(name, source, &crate::asm::NoIncludes)
        .map(|a| a.image)
        .map_err(|e| e.to_string())
}

/// A message with its heavy part done by [`prepare`] (assembling, reading a tape or a drum
/// image, starting a game), ready for [`WebSession::apply`], with what the session's
/// journal makes of it if it is obeyed.
pub struct Prepared(Step, Option<Logged>, Option<String>);

/// What a message obeyed does to the session's journal ([`super::persist::Journal`]).
enum Logged {
    /// A program loaded or a game started: the journal starts afresh with it.
    Restart(serde_json::Value),
    /// A step to do again on restoring (a switch, a key, a move, a prepulse...).
    Step(serde_json::Value),
    /// What a replay cannot give back (an upload): the reason.
    Lost(String),
}

impl Logged {
    /// What `msg` (in its generic form) does to the journal: run and stop do nothing (how
    /// far a run went is the wall clock's, not the visitor's: a game's program runs to its
    /// waits on restoring, `{"op":"waited"}`).
    fn of(msg: &ClientMsg) -> Option<Logged> {
        let json = || serde_json::to_value(msg).ok();
        Some(match msg {
            ClientMsg::Run {} | ClientMsg::Stop {} => return None,
            ClientMsg::Load { .. } | ClientMsg::Start { .. } => Logged::Restart(json()?),
            ClientMsg::Upload { name, .. } => Logged::Lost(format!(
                "it holds an upload ({name}), which the server does not keep: load it again"
            )),
            _ => Logged::Step(json()?),
        })
    }
}

enum Step {
    /// Nothing heavy to do first.
    Plain(ClientMsg),
    /// Refused, with the reason.
    Refused(String),
    /// A program assembled, and the note to send.
    Image(Box<Image>, String),
    /// A tape's rows for the reader.
    Tape(Vec<u8>, String),
    /// A drum image's words.
    Drum(Vec<u32>, String),
    /// A game at the keys started, and the note to send.
    Game(Box<dyn AtTheKeys>, String),
    /// A period program's (or a long program's) machine, ready to run, the two pages to
    /// show on the tubes, and the note to send.
    Period(Box<Machine>, [u32; 2], String),
}

impl Prepared {
    /// Whether [`prepare`] had heavy work to do for it (the server runs those off its
    /// network threads, a few at a time, with a time limit: `web::server`).
    pub fn is_heavy(msg: &ClientMsg) -> bool {
        msg.is_heavy()
    }
}

/// Does the heavy part of a message, without the session: assembles an offered program or
/// an uploaded source, reads an uploaded tape or drum image, or starts a game at the keys
/// (`games::start`: the program assembled and loaded, its position set, a draughts
/// program's card and toss answered); other messages pass through (the old per-game
/// forms as their generic ones, [`ClientMsg::generic`]). Refusals carry the reason in
/// words (the file's name, the line, the limit). Can take a while (a pathological source
/// of 512 KiB takes seconds): the server runs it on its blocking pool.
pub fn prepare(msg: ClientMsg, offered: &[Offered]) -> Prepared {
    prepare_with(msg, offered, None)
}

/// [`prepare`] on a server with the period-software folder `period` (`mark1 serve
/// --period-software`): the game `draughts-1952` starts with its drum image, and the
/// program [`LOVE_LETTERS`] loads from its drum image and tape
/// ([`super::period::Period::love_letters`]); without it both are refused, saying why.
pub fn prepare_with(msg: ClientMsg, offered: &[Offered], period: Option<&Period>) -> Prepared {
    let msg = msg.generic();
    let logged = Logged::of(&msg);
    let uses_period = match &msg {
        ClientMsg::Load { program } => program == LOVE_LETTERS,
        ClientMsg::Start { game, .. } => needs_period(game),
        _ => false,
    };
    let folder = period.filter(|_| uses_period).map(Period::name);
    Prepared(
        match prepare_step(msg, offered, period) {
            Ok(s) => s,
            Err(e) => Step::Refused(e),
        },
        logged,
        folder,
    )
}

/// Whether `game` is started from the period-software folder (its row's program is
/// there, not bundled: `draughts-1952`).
fn needs_period(game: &str) -> bool {
    crate::games::row(game)
        .is_some_and(|r| r.programs.iter().any(|p| p.starts_with("period-software")))
}

/// The refusal of a period program on a server without the folder.
fn no_period(what: &str) -> String {
    format!(
        "{what} needs the period software, which is not bundled: this server was started \
         without --period-software DIR"
    )
}

fn prepare_step(
    msg: ClientMsg,
    offered: &[Offered],
    period: Option<&Period>,
) -> Result<Step, String> {
    Ok(match msg.generic() {
        ClientMsg::Load { program } if program == LOVE_LETTERS => {
            let p = period.ok_or_else(|| no_period("Strachey's Love Letters"))?;
            Step::Period(
                Box::new(p.love_letters()),
                [0, 1],
                "Strachey's Love Letters (1952), loaded as the operators did: FERUT's Scheme T \
                 from its drum image, the hand switches at :/@/, its tape in the reader. \
                 Running: it reads the tape, then writes love letters on the teleprinter, \
                 one after another (the first after about 510 simulated seconds, 8 1/2 \
                 minutes at real speed: choose fast to skip; the G stop switch stops it \
                 after each letter)"
                    .into(),
            )
        }
        ClientMsg::Load { program } if program == KRK_BUILD => {
            let e = |e: crate::games::bundled::BundledError| e.to_string();
            let m = crate::games::krk::build_loaded().map_err(e)?;
            let pages = crate::games::krk::build_pages().map_err(e)?;
            Step::Period(
                Box::new(m),
                pages,
                "King and rook against king worked out by the Mark 1 (programs/krk/build.m1): \
                 running. The teleprinter prints a line a level (the distance, the \
                 White-to-move and Black-to-move slots valued); the left tube shows the level \
                 and its counts (lev, cntw, cntb), the right the board of the slice in hand. \
                 The whole build takes 3 days 23 hours of machine time: fast speed does it in \
                 half a minute or more"
                    .into(),
            )
        }
        ClientMsg::Load { program } => match offered.iter().find(|o| o.name == program) {
            Some(o) => Step::Image(
                Box::new(assemble(&o.name, &o.source)?),
                format!("{program} loaded"),
            ),
            None => {
                let names: Vec<&str> = offered.iter().map(|o| o.name.as_str()).collect();
                return Err(format!(
                    "no program `{program}` here; there are {}",
                    names.join(", ")
                ));
            }
        },
        ClientMsg::Start {
            game,
            first,
            position,
            seed,
        } => {
            let drum = if needs_period(&game) {
                let p = period.ok_or_else(|| {
                    no_period(crate::games::row(&game).map_or("this game", |r| r.title))
                })?;
                Some(p.draughts.clone())
            } else {
                None
            };
            let settings = Settings {
                first: first.as_deref().map_or(Ok(First::Machine), First::parse)?,
                seed: seed.unwrap_or(super::protocol::DEFAULT_SEED),
                position,
                drum,
            };
            let g = crate::games::start(&game, &settings)?;
            let title = crate::games::row(&game).map_or("", |r| r.title);
            let note = format!("{title}: {}", g.prompt());
            Step::Game(g, note)
        }
        ClientMsg::Upload { kind, name, data } => upload(kind, &name, &data)?,
        m => Step::Plain(m),
    })
}

fn upload(kind: UploadKind, name: &str, data: &str) -> Result<Step, String> {
    let decode = |d: &str| {
        base64::engine::general_purpose::STANDARD
            .decode(d.trim())
            .map_err(|e| format!("{name} refused: not base 64 ({e})"))
    };
    // Every upload but a drum image (whose reader wants exactly its size) is refused past
    // MAX_UPLOAD bytes: the text as sent, or the bytes once decoded.
    let within = |len: usize| {
        if len > MAX_UPLOAD {
            Err(format!("{name} refused: more than {MAX_UPLOAD} bytes"))
        } else {
            Ok(())
        }
    };
    match kind {
        UploadKind::Asm => {
            within(data.len())?;
            let img = assemble(name, data).map_err(|e| format!("{name} refused:\n{e}"))?;
            Ok(Step::Image(
                Box::new(img),
                format!("{name} assembled and loaded"),
            ))
        }
        UploadKind::Tape => {
            let rows = if name.ends_with(".txt") {
                within(data.len())?;
                crate::formats::tape::read_pt_text(data.as_bytes())
            } else {
                let bytes = decode(data)?;
                within(bytes.len())?;
                crate::formats::tape::read_any(&bytes)
            }
            .map_err(|e| format!("{name} refused: {e}"))?;
            let note = format!("{name}: {} rows in the reader", rows.len());
            Ok(Step::Tape(rows, note))
        }
        UploadKind::Drm => {
            let bytes = decode(data)?;
            let words = crate::formats::drm::read_drm(&bytes)
                .map_err(|e| format!("{name} refused: {e}"))?;
            Ok(Step::Drum(words, format!("{name} on the drum")))
        }
    }
}

impl WebSession {
    /// A session with the first offered program loaded (a bare machine if none).
    pub fn new(offered: Vec<Offered>) -> WebSession {
        let mut s = WebSession {
            machine: Machine::new(Config::default()),
            running: false,
            speed: Speed::Real,
            pages: [0, 1],
            paper_sent: 0,
            frame_start: 0,
            frame_granted: 0,
            frame_hoots: Vec::new(),
            stopped: None,
            offered,
            dirty: true,
            report: None,
            game: None,
            your_move: false,
            over: false,
            pace: None,
            think_from: None,
            last_think: None,
            hoot_stop: None,
            journal: Arc::default(),
            menace_boxes: None,
            period: None,
        };
        if let Some(first) = s.offered.first().cloned() {
            let _ = s.load_source(&first.name, &first.source);
        }
        s
    }

    /// The names of the offered programs, [`KRK_BUILD`], and [`LOVE_LETTERS`] with the
    /// period software.
    pub fn programs(&self) -> Vec<String> {
        let mut p: Vec<String> = self.offered.iter().map(|o| o.name.clone()).collect();
        p.push(KRK_BUILD.into());
        if self.period.is_some() {
            p.push(LOVE_LETTERS.into());
        }
        p
    }

    /// Gives the session the period-software folder (`mark1 serve --period-software`):
    /// Strachey's original draughts and Love Letters can then be started.
    pub fn set_period(&mut self, period: Option<Arc<Period>>) {
        self.period = period;
    }

    /// The game at the keys' name (`menace`, `nim`, ...), if one was started.
    fn game_name(&self) -> Option<&'static str> {
        self.game.as_ref().map(|g| g.game())
    }

    fn fresh(&mut self, img: &Image) {
        if self.game_name() == Some("menace") {
            self.menace_boxes = Some(crate::games::noughts::menace::DrumBoxes::of(&self.machine));
        }
        self.machine = Machine::new(Config::default());
        self.machine.teleprinter.pad_limit = Some(PAD_LIMIT);
        self.machine.load_image(img);
        // A game turned the tubes to its pages; a program starts on pages 0 and 1 again.
        if self.game.is_some() {
            self.pages = [0, 1];
        }
        self.running = false;
        self.paper_sent = 0;
        self.frame_start = 0;
        self.frame_granted = 0;
        self.frame_hoots.clear();
        self.stopped = None;
        self.dirty = true;
        self.report = None;
        self.game = None;
        self.your_move = false;
        self.over = false;
        self.pace = None;
        self.think_from = None;
        self.last_think = None;
        self.hoot_stop = None;
    }

    /// Runs `f` on the game at the keys with the session's machine swapped into it (the
    /// session's machine is the one the frames show; the driver works on it while it
    /// runs), and swaps it back; `None` if there is no game.
    fn with_game<R>(&mut self, f: impl FnOnce(&mut dyn AtTheKeys) -> R) -> Option<R> {
        let g = self.game.as_mut()?;
        std::mem::swap(&mut self.machine, g.machine_mut());
        let r = f(g.as_mut());
        std::mem::swap(&mut self.machine, g.machine_mut());
        Some(r)
    }

    /// Notes in the journal that the game's program reached its wait (a replay runs it
    /// there).
    fn waited(&mut self) {
        let mut j = self.journal.lock().unwrap_or_else(|e| e.into_inner());
        j.push(serde_json::json!({"op": "waited"}));
    }

    /// The session's journal, shared: what a replay can do again ([`WebSession::restore`]).
    pub fn journal(&self) -> Arc<Mutex<Journal>> {
        self.journal.clone()
    }

    /// A session made again from a journal saved by an earlier one (a reload of the tab, a
    /// restart of the server): a new machine with the first offered program, then each
    /// step obeyed again in order, and at each `{"op":"waited"}` the game's program run
    /// (at once, not by frames) to its wait. A game whose program was still thinking is
    /// left running, at the speed last set. Returns the session and the notes for the
    /// page: what was restored, or why not (an upload, a step refused), in words.
    pub fn restore(offered: Vec<Offered>, journal: &Journal) -> (WebSession, Vec<Note>) {
        WebSession::restore_with(offered, None, journal)
    }

    /// [`WebSession::restore`] on a server with the period-software folder `period`: a
    /// journal that holds one of its programs is restored only if the server has the same
    /// folder it was kept under ([`Journal::period_software`]); otherwise the page is told
    /// so and a new session starts.
    pub fn restore_with(
        offered: Vec<Offered>,
        period: Option<Arc<Period>>,
        journal: &Journal,
    ) -> (WebSession, Vec<Note>) {
        let mut s = WebSession::new(offered);
        let here = period.as_ref().map(|p| p.name());
        s.set_period(period);
        let note = |kind, message: String| vec![Note { kind, message }];
        if let Some(kept) = &journal.period_software {
            if here.as_deref() != Some(kept.as_str()) {
                // The folders' names stay on the server: the page is told what differs.
                let now = if here.is_some() {
                    "this server has another period-software folder instead"
                } else {
                    "this server was started without --period-software"
                };
                return (
                    s,
                    note(
                        "error",
                        format!(
                            "your session could not be restored: it holds a period program \
                             (Strachey's original draughts or Love Letters) from a \
                             period-software folder, and {now}; a new one started"
                        ),
                    ),
                );
            }
        }
        if let Some(why) = &journal.lost {
            return (
                s,
                note(
                    "error",
                    format!("your session could not be restored: {why}; a new one started"),
                ),
            );
        }
        let mut moves = 0;
        for (k, step) in journal.steps.iter().enumerate() {
            if step["op"] == "waited" {
                if let Err(e) = s.run_to_wait() {
                    return (
                        s,
                        note(
                            "error",
                            format!(
                                "your session could not be restored after step {}: {e}",
                                k + 1
                            ),
                        ),
                    );
                }
                continue;
            }
            let refused = |e: String| {
                format!(
                    "your session could not be restored beyond step {}: {e}",
                    k + 1
                )
            };
            let msg = match super::protocol::parse(&step.to_string()) {
                Ok(m) => m,
                Err(e) => return (s, note("error", refused(e))),
            };
            moves += usize::from(matches!(msg, ClientMsg::Move { .. }));
            let n = s.handle(msg);
            if let Some(e) = n.into_iter().find(|n| n.kind == "error") {
                return (s, note("error", refused(e.message)));
            }
        }
        let what = if s.game.is_some() {
            let title = s
                .with_game(|g| crate::games::row(g.game()).map_or("", |r| r.title))
                .unwrap_or("");
            let s = if moves == 1 { "" } else { "s" };
            format!("your game was restored: {title}, {moves} move{s} of yours replayed")
        } else {
            "your session was restored: the program loaded again with your switches (a run is \
             not replayed: press run)"
                .to_string()
        };
        (s, note("info", what))
    }

    /// Runs the game's program (at once) until it waits for the visitor or the game is
    /// over, within [`REPLAY_BEATS`].
    fn run_to_wait(&mut self) -> Result<(), String> {
        if self.game.is_none() {
            return Ok(());
        }
        let mut left = REPLAY_BEATS;
        self.begin_frame();
        while self.running && !self.your_move && !self.over {
            if left == 0 {
                return Err(format!(
                    "the program did not reach its wait within {REPLAY_BEATS} beats"
                ));
            }
            let n = left.min(GAME_SLICE_BEATS);
            left -= n;
            self.run_beats(n);
        }
        if !self.your_move && !self.over {
            return Err(self
                .stopped
                .clone()
                .unwrap_or_else(|| "the machine stopped".into()));
        }
        Ok(())
    }

    /// The program waits at its key routine for the visitor's move.
    fn visitors_turn(&mut self) {
        self.waited();
        if let Some(from) = self.think_from.take() {
            self.last_think = Some(self.machine.stats.beats.saturating_sub(from));
        }
        self.running = false;
        self.your_move = true;
        self.stopped = Some("waiting for your move".into());
    }

    /// The game has come to its end: its report (if it has one) is sent once.
    fn game_over(&mut self) {
        self.waited();
        if !self.over {
            self.report = self.with_game(|g| g.report()).flatten().map(|r| Report {
                kind: "report",
                fields: match r {
                    serde_json::Value::Object(o) => o,
                    other => [("report".to_string(), other)].into_iter().collect(),
                },
            });
        }
        self.running = false;
        self.over = true;
        self.think_from = None;
        self.stopped = Some("the game is over".into());
    }

    /// A new game at the keys (made by [`prepare`]): its machine becomes the session's,
    /// the tubes turn to the game's pages, and it runs to its first wait by frames (the
    /// machine thinks first, or the program waits for the visitor).
    fn install(&mut self, mut g: Box<dyn AtTheKeys>) {
        self.fresh(&Image::default());
        // MENACE's boxes carried from the session's games before (nothing has run yet:
        // as if its drum image had been given).
        if let (Some(b), "menace") = (&self.menace_boxes, g.game()) {
            b.put(g.machine_mut());
        }
        std::mem::swap(&mut self.machine, g.machine_mut());
        self.machine.teleprinter.pad_limit = Some(PAD_LIMIT);
        self.pages = g.pages();
        self.game = Some(g);
        self.running = true;
        self.think_from = Some(self.machine.stats.beats);
    }

    /// The visitor's move entered at the keys (`AtTheKeys::enter`); the program's reply
    /// is then run by frames.
    fn enter_move(&mut self, text: &str) -> Vec<Note> {
        let err = |s: String| {
            vec![Note {
                kind: "error",
                message: s,
            }]
        };
        if self.game.is_none() {
            return err("no game at the keys: start one first".into());
        }
        if !self.your_move {
            return err("the program is not waiting for your move".into());
        }
        match self.with_game(|g| g.enter(text)) {
            Some(Ok(())) => {
                self.your_move = false;
                self.running = true;
                self.stopped = None;
                self.think_from = Some(self.machine.stats.beats);
                vec![]
            }
            Some(Err(e @ (MoveError::Input(_) | MoveError::Refused(_)))) => err(e.to_string()),
            Some(Err(e)) => {
                self.over = true;
                self.your_move = false;
                err(e.to_string())
            }
            None => err("no game at the keys: start one first".into()),
        }
    }

    /// The report of the last game, once, when it is over (Prinz's run beside Faster
    /// than Thought's figures).
    pub fn take_report(&mut self) -> Option<Report> {
        self.report.take()
    }

    fn load_source(&mut self, name: &str, source: &str) -> Result<(), String> {
        let img = assemble(name, source)?;
        self.fresh(&img);
        Ok(())
    }

    /// Obeys one message; the notes to send back (an error's reason, or what was done).
    /// The same as [`prepare`] then [`WebSession::apply`], in one go.
    pub fn handle(&mut self, msg: ClientMsg) -> Vec<Note> {
        let p = prepare_with(msg, &self.offered, self.period.as_deref());
        self.apply(p)
    }

    /// Obeys a message whose heavy part [`prepare`] has done: quick (at most a key entry's
    /// run of a few million beats); the notes to send back.
    pub fn apply(&mut self, p: Prepared) -> Vec<Note> {
        let logged = p.1;
        // Once MENACE has played, the journal is not begun afresh: its boxes are what the
        // session's games before made them, and a replay must play those games again.
        let carrying = self.menace_boxes.is_some() || self.game_name() == Some("menace");
        let folder = p.2;
        let notes = self.obey(p.0);
        if notes.iter().all(|n| n.kind != "error") {
            let mut j = self.journal.lock().unwrap_or_else(|e| e.into_inner());
            match logged {
                Some(Logged::Restart(v)) => {
                    if !carrying {
                        j.restart();
                    }
                    j.push(v);
                    if folder.is_some() {
                        j.period_software = folder;
                    }
                }
                Some(Logged::Step(v)) => j.push(v),
                Some(Logged::Lost(why)) => j.lose(why),
                None => {}
            }
        }
        notes
    }

    fn obey(&mut self, step: Step) -> Vec<Note> {
        self.dirty = true;
        // A start, a stop, a speed, a move entered or a prepulse (the last two run the
        // machine outside the frames) take the pace's clock afresh; all but the speed and
        // a file in the reader or on the drum end a hoot stop's sounding (a switch, KAC,
        // a page turned change neither).
        let (repace, quiet) = match &step {
            Step::Plain(ClientMsg::Switch { .. } | ClientMsg::Pages { .. })
            | Step::Plain(ClientMsg::Kac { .. } | ClientMsg::StopSwitch { .. })
            | Step::Refused(_) => (false, false),
            Step::Plain(ClientMsg::Speed { .. }) | Step::Tape(..) | Step::Drum(..) => (true, false),
            _ => (true, true),
        };
        if repace {
            self.pace = None;
        }
        if quiet {
            self.hoot_stop = None;
        }
        let info = |s: String| {
            vec![Note {
                kind: "info",
                message: s,
            }]
        };
        let error = |s: String| {
            vec![Note {
                kind: "error",
                message: s,
            }]
        };
        let msg = match step {
            Step::Plain(m) => m,
            Step::Refused(e) => return error(e),
            Step::Image(img, note) => {
                self.fresh(&img);
                return info(note);
            }
            Step::Tape(rows, note) => {
                self.machine.load_tape(&rows);
                return info(note);
            }
            Step::Drum(words, note) => {
                self.machine.drum.load_words(&words);
                return info(note);
            }
            Step::Game(g, note) => {
                self.install(g);
                return info(note);
            }
            Step::Period(m, pages, note) => {
                self.fresh(&Image::default());
                self.machine = *m;
                self.pages = pages;
                self.machine.teleprinter.pad_limit = Some(PAD_LIMIT);
                self.running = true;
                return info(note);
            }
        };
        match msg {
            ClientMsg::Run {} => {
                self.running = true;
                self.stopped = None;
                vec![]
            }
            ClientMsg::Stop {} => {
                self.running = false;
                vec![]
            }
            ClientMsg::Step {} => {
                self.running = false;
                if let Some(s) = self.machine.step() {
                    self.stopped = Some(describe_stop(&s));
                }
                self.take_hoots();
                vec![]
            }
            ClientMsg::Switch { bit, on } => {
                let h = self.machine.console.hand_switches;
                self.machine
                    .set_hand_switches(if on { h | 1 << bit } else { h & !(1 << bit) });
                vec![]
            }
            ClientMsg::Kac { held } => {
                self.machine.set_kac(held);
                vec![]
            }
            ClientMsg::Kec {} => {
                self.machine.kec();
                self.stopped = None;
                vec![]
            }
            ClientMsg::Kcc {} => {
                self.machine.kcc();
                self.stopped = None;
                vec![]
            }
            ClientMsg::StopSwitch { which, on } => {
                if which == "L" {
                    self.machine.console.stop_l = on;
                } else {
                    self.machine.console.stop_g = on;
                }
                vec![]
            }
            ClientMsg::Speed { value } => {
                self.speed = value;
                vec![]
            }
            ClientMsg::Pages { left, right } => {
                self.pages = [left, right];
                vec![]
            }
            ClientMsg::Move { text } => {
                let n = self.enter_move(&text);
                self.take_hoots();
                n
            }
            // Made into other steps by `prepare`.
            _ => error("message refused: not prepared".into()),
        }
    }

    /// Runs one frame's budget if running ([`WebSession::frame_budget`]); the frame to
    /// send, if anything changed. The same as [`WebSession::begin_frame`],
    /// [`WebSession::run_beats`] with the whole budget, then [`WebSession::end_frame`].
    pub fn tick(&mut self) -> Option<Frame> {
        self.begin_frame();
        let b = self.frame_budget();
        self.run_beats(b);
        self.end_frame()
    }

    /// The beats the frame starting now runs at the speed set: see
    /// [`WebSession::frame_budget_at`].
    pub fn frame_budget(&mut self) -> u64 {
        self.frame_budget_at(Instant::now())
    }

    /// The beats the frame starting at `now` runs at the speed set; 0 when not running.
    /// At `fast`, [`FAST_FRAME_BEATS`] (the scheduler shares the host's time). At `real`
    /// and `slow` the session keeps to the wall clock: the beats a frame runs are those the
    /// Mark 1 would have obeyed since the pace's clock was taken (one beat each 240 µs, a
    /// sixteenth of that at `slow`, counting a frame's worth before the first frame) less
    /// those the machine has already gone on by. An order longer than the frame (a
    /// teleprinter character is 629 beats, the frame 167) overshoots it, and the frames
    /// after it run that much less; a frame run short (the host busy) is made up by the
    /// next. So simulated time over wall time stays 1.00 at `real`, whatever the orders.
    /// Fallen behind by more than [`PACE_SLACK`], the clock is taken afresh.
    pub fn frame_budget_at(&mut self, now: Instant) -> u64 {
        if !self.running {
            self.pace = None;
            return 0;
        }
        let slowdown = match self.speed {
            Speed::Fast => {
                self.pace = None;
                return FAST_FRAME_BEATS;
            }
            Speed::Real => 1,
            Speed::Slow => 16,
        };
        let beat = Duration::from_nanos(BEAT_NANOS * slowdown);
        let frame = Duration::from_millis(1000 / FRAMES_PER_SECOND);
        let beats = self.machine.stats.beats;
        let (since, at) = *self
            .pace
            .get_or_insert_with(|| (now.checked_sub(frame).unwrap_or(now), beats));
        let owed = |since: Instant| {
            (now.saturating_duration_since(since).as_nanos() / beat.as_nanos()) as u64
        };
        let ran = beats.saturating_sub(at);
        let due = owed(since);
        if due > ran + (PACE_SLACK.as_nanos() / beat.as_nanos()) as u64 {
            // Far behind: from now on, a frame's worth first.
            let since = now.checked_sub(frame).unwrap_or(now);
            self.pace = Some((since, beats));
            return owed(since);
        }
        due.saturating_sub(ran)
    }

    /// Running at fast speed: the scheduler shares the host's time among such sessions.
    pub fn is_fast(&self) -> bool {
        self.running && self.speed == Speed::Fast
    }

    /// Beats granted to the frame under way so far.
    pub fn frame_granted(&self) -> u64 {
        self.frame_granted
    }

    /// Starts a frame: its first beat is the machine's beat now.
    pub fn begin_frame(&mut self) {
        self.frame_start = self.machine.stats.beats;
        self.frame_granted = 0;
        self.frame_hoots.clear();
    }

    /// Runs up to `beats` more beats of the frame under way, a slice ([`SLICE_BEATS`]) at a
    /// time, the hooter emptied after each; stops early when the machine stops or waits for
    /// the visitor. Returns the beats the machine went on by.
    pub fn run_beats(&mut self, beats: u64) -> u64 {
        self.frame_granted += beats;
        if !self.running {
            return 0;
        }
        // Running, a frame goes out even when this one owes its beats to an order that
        // overshot the last (the page's clocks and counters go on).
        self.dirty = true;
        if beats == 0 {
            return 0;
        }
        let first = self.machine.stats.beats;
        let mut left = beats;
        while left > 0 && self.running {
            let slice = if self.game.is_some() {
                GAME_SLICE_BEATS
            } else {
                SLICE_BEATS
            };
            let n = left.min(slice);
            left -= n;
            self.run_slice(n);
            self.take_hoots();
        }
        self.machine.stats.beats.saturating_sub(first)
    }

    fn run_slice(&mut self, budget: u64) {
        if self.game.is_some() {
            match self.with_game(|g| g.run(budget)) {
                Some(Ok(Some(Waiting::Key))) => self.visitors_turn(),
                Some(Ok(Some(Waiting::Over))) => self.game_over(),
                Some(Ok(None)) | None => {}
                Some(Err(e)) => {
                    self.running = false;
                    self.stopped = Some(e.to_string());
                }
            }
            return;
        }
        let s = self.machine.run(Budget::beats(budget));
        if !matches!(s, Stop::BeatLimit | Stop::InstructionLimit) {
            self.running = false;
            self.stopped = Some(describe_stop(&s));
            if let Stop::HootStop { line } = s {
                self.hoot_stop = Some(self.hoot_period(line));
            }
        }
    }

    /// The beats between the hoots of the hoot stop whose jump is at `line` (a `/V` on the
    /// line before it): the two orders' beats in the timing in force (8 for Turing's
    /// `FS NS/V, CS FS/P`).
    fn hoot_period(&self, line: u32) -> u64 {
        let m = &self.machine;
        let beats = |l: u32| {
            let f = (m.store.read(l & 1023) >> 14) & 63;
            u64::from(m.timing().beats[f as usize])
        };
        (beats(line.wrapping_sub(1)) + beats(line)).max(1)
    }

    /// Moves the hoots the hooter has recorded into the frame under way (the first
    /// [`MAX_FRAME_HOOTS`] of the frame; the rest are only counted, in
    /// `machine.hooter.count`), leaving the hooter empty.
    fn take_hoots(&mut self) {
        let room = MAX_FRAME_HOOTS.saturating_sub(self.frame_hoots.len());
        let beats = &mut self.machine.hooter.beats;
        self.frame_hoots.extend(beats.iter().copied().take(room));
        beats.clear();
    }

    /// Ends the frame under way: the frame to send, if anything changed (then the paper
    /// already sent is forgotten beyond [`PAPER_KEEP`] bytes, see there).
    pub fn end_frame(&mut self) -> Option<Frame> {
        if !self.dirty {
            return None;
        }
        self.dirty = false;
        let f = self.frame(self.frame_start, self.frame_granted);
        self.frame_hoots.clear();
        let t = &self.machine.teleprinter;
        if t.paper().len() > PAPER_LIMIT
            || t.orders().len() > PAPER_LIMIT
            || t.punched().len() > PAPER_LIMIT
        {
            let forgotten = self.machine.teleprinter.forget(PAPER_KEEP);
            self.paper_sent = self.paper_sent.saturating_sub(forgotten);
        }
        Some(f)
    }

    /// The picture now.
    pub fn frame(&mut self, start: u64, budget: u64) -> Frame {
        let m = &self.machine;
        let tube = |p: u32| TubeFrame {
            page: p,
            lines: m.store.page_copy(p).to_vec(),
            marker: m.store.marker(p),
        };
        let paper = m.printer_text();
        let new_paper = paper.get(self.paper_sent..).unwrap_or("").to_string();
        self.paper_sent = paper.len();
        let hoots: Vec<u64> = self
            .frame_hoots
            .iter()
            .map(|&b| b.saturating_sub(start))
            .collect();
        let mask = 0xF_FFFF;
        let mut f = Frame {
            kind: "frame",
            tubes: [tube(self.pages[0]), tube(self.pages[1])],
            a: [
                (m.a & mask) as u32,
                (m.a >> 20 & mask) as u32,
                (m.a >> 40 & mask) as u32,
                (m.a >> 60 & mask) as u32,
            ],
            d: [(m.d & 0xF_FFFF) as u32, (m.d >> 20 & 0xF_FFFF) as u32],
            b: m.b,
            c: m.c,
            pi: m.pi,
            h: m.console.hand_switches,
            instructions: m.stats.instructions,
            beats: m.stats.beats,
            seconds: round_ms(m.stats.beats),
            transfers: m.stats.transfers,
            paper: new_paper,
            hoots,
            frame_beats: [start, budget],
            running: self.running,
            stopped: self.stopped.clone(),
            playing: None,
            prompt: None,
            board: None,
            end: None,
            hoot_stop: self.hoot_stop,
            thinking: self.think_from.map(|from| Thinking {
                seconds: round_ms(m.stats.beats.saturating_sub(from)),
                last: self.last_think.map(round_ms),
            }),
            game: Default::default(),
        };
        if self.game.is_some() {
            let (your_move, over) = (self.your_move, self.over);
            let view = self.with_game(|g| (g.game(), g.view(), g.prompt(), g.board(), g.end()));
            if let Some((name, view, prompt, board, end)) = view {
                f.playing = Some(name);
                f.prompt = Some(prompt);
                f.board = Some(board);
                f.end = end;
                let mut v = match view {
                    serde_json::Value::Object(o) => o,
                    other => [("view".to_string(), other)].into_iter().collect(),
                };
                v.insert("your_move".into(), your_move.into());
                v.insert("over".into(), over.into());
                f.game.insert(name, v.into());
            }
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::protocol::parse;

    /// Ticks at most `frames` frames while the machine runs: the paper they carried.
    fn paper_while_running(s: &mut WebSession, frames: usize) -> String {
        let mut paper = String::new();
        for _ in 0..frames {
            if let Some(f) = s.tick() {
                paper += &f.paper;
            }
            if !s.running {
                break;
            }
        }
        paper
    }

    /// Ticks at most `frames` frames until the program waits for the visitor's move or
    /// the game is over.
    fn until_your_move(s: &mut WebSession, frames: usize) {
        for _ in 0..frames {
            s.tick();
            if s.your_move || s.over {
                break;
            }
        }
    }

    /// The game's view (its board and what more it shows).
    fn view(s: &mut WebSession) -> serde_json::Value {
        s.with_game(|g| g.view()).unwrap_or_default()
    }

    /// The beads of box `n` among the view's boxes used this game.
    fn beads_of(v: &serde_json::Value, n: u64) -> Option<serde_json::Value> {
        v["boxes_used"]
            .as_array()?
            .iter()
            .find(|b| b["box"] == n)
            .map(|b| b["beads"].clone())
    }

    /// MENACE learns across the session: a second game starts from the boxes the first
    /// left (its opening box's beads changed by the first game's result, not a fresh
    /// box's), and the view shows the boxes used, the box in play last; a session restored
    /// from its journal has them too.
    #[test]
    fn menace_keeps_its_boxes_from_game_to_game() {
        let mut s = WebSession::new(built_in());
        s.handle(parse(r#"{"op":"speed","value":"fast"}"#).unwrap());
        let start = r#"{"op":"start","game":"menace","seed":7}"#;
        assert!(s
            .handle(parse(start).unwrap())
            .iter()
            .all(|n| n.kind != "error"));
        until_your_move(&mut s, 400);
        assert!(s.your_move, "MENACE moved first");
        let v = view(&mut s);
        assert_eq!(v["boxes_made"], 1, "{v}");
        let used = v["boxes_used"].as_array().unwrap().clone();
        assert_eq!(used.len(), 1, "{v}");
        assert_eq!(used[0]["position"], ".........", "the opening box: {v}");
        let drawn = used[0]["drawn"].as_u64().unwrap();
        assert!((1..=9).contains(&drawn), "{v}");
        let fresh = beads_of(&v, 0).unwrap();
        // Michie's opening box: 4 beads of each move distinct up to symmetry (corner,
        // edge, centre).
        let total: u64 = fresh
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_u64().unwrap())
            .sum();
        assert_eq!(total, 12, "{fresh}");
        // The visitor plays the first free cell each time, to the end.
        for _ in 0..5 {
            if s.over {
                break;
            }
            let b = view(&mut s)["board"].as_str().unwrap().to_string();
            let cell = b.find('.').unwrap() + 1;
            let n = s.handle(parse(&format!(r#"{{"op":"move","text":"{cell}"}}"#)).unwrap());
            assert!(n.iter().all(|n| n.kind != "error"), "{n:?}");
            until_your_move(&mut s, 400);
        }
        assert!(s.over, "the first game over");
        let end = view(&mut s);
        let learnt = beads_of(&end, 0).unwrap();
        assert_ne!(
            learnt, fresh,
            "the first game's result changed the opening box: {end}"
        );
        let made = end["boxes_made"].clone();
        // A second game in the same session: its opening box is the one learnt.
        assert!(s
            .handle(parse(start).unwrap())
            .iter()
            .all(|n| n.kind != "error"));
        until_your_move(&mut s, 400);
        let v2 = view(&mut s);
        assert_eq!(v2["boxes_made"], made, "the boxes carried: {v2}");
        assert_eq!(beads_of(&v2, 0), Some(learnt.clone()), "{v2}");
        // Restored from its journal (a restart of the server), the same boxes.
        let j = s.journal().lock().unwrap().clone();
        let (mut r, notes) = WebSession::restore(built_in(), &j);
        assert!(notes.iter().all(|n| n.kind != "error"), "{notes:?}");
        until_your_move(&mut r, 400);
        let v3 = view(&mut r);
        assert_eq!(beads_of(&v3, 0), Some(learnt), "restored: {v3}");
        assert_eq!(v3["boxes_made"], made, "{v3}");
    }

    #[test]
    fn hello_world_runs_frame_by_frame() {
        let mut s = WebSession::new(built_in());
        s.handle(parse(r#"{"op":"speed","value":"fast"}"#).unwrap());
        s.handle(parse(r#"{"op":"run"}"#).unwrap());
        let paper = paper_while_running(&mut s, 50);
        assert!(paper.contains("HELLO WORLD"), "{paper}");
    }

    /// At real speed the frames keep to the wall clock: hello's teleprinter characters
    /// (629 beats each, a frame 167) overshoot their frames and the next frames pay it
    /// back, so that 10 s of frames run 10 s of the Mark 1's time (within one character),
    /// not four times that; at slow speed a sixteenth; a host that stalls for a minute
    /// makes up at most a second.
    #[test]
    fn real_speed_keeps_to_the_wall_clock() {
        let frame = Duration::from_millis(40);
        for (speed, slowdown) in [(Speed::Real, 1), (Speed::Slow, 16)] {
            let mut s = WebSession::new(built_in());
            s.handle(ClientMsg::Speed { value: speed });
            s.handle(ClientMsg::Run {});
            let t0 = Instant::now();
            let mut now = t0;
            let mut frames = 0;
            // Ten seconds of frames; hello itself stops after a few, so it is loaded and
            // run again whenever it stops (the clock taken afresh each time).
            let mut paced = 0u64;
            let mut first = s.machine.stats.beats;
            for _ in 0..250 {
                now += frame;
                s.begin_frame();
                let b = s.frame_budget_at(now);
                s.run_beats(b);
                frames += 1;
                if !s.running {
                    paced += s.machine.stats.beats - first;
                    s.handle(ClientMsg::Load {
                        program: "hello".into(),
                    });
                    s.handle(ClientMsg::Run {});
                    first = s.machine.stats.beats;
                }
            }
            paced += s.machine.stats.beats - first;
            let want = frames * BEATS_PER_SECOND / 25 / slowdown;
            // Each run may end up to one character (and an order) beyond its own clock,
            // and may be a frame short where it stopped mid-frame.
            let runs = 1 + 250 * 40 * BEATS_PER_SECOND / 1000 / slowdown / 10_000;
            let slack = runs * (700 + BEATS_PER_SECOND / 25 / slowdown);
            assert!(
                paced.abs_diff(want) <= slack,
                "{speed:?}: {paced} beats in {frames} frames, {want} wanted (within {slack})"
            );
        }
        // Tight and long: a frame's worth only, after a long stall, then back on pace.
        let mut s = WebSession::new(built_in());
        s.handle(ClientMsg::Run {});
        let t0 = Instant::now();
        s.begin_frame();
        let b = s.frame_budget_at(t0);
        assert!((160..=170).contains(&b), "{b}");
        s.run_beats(b);
        let b = s.frame_budget_at(t0 + Duration::from_secs(60));
        assert!(b <= BEATS_PER_SECOND + 200, "{b} beats after a stall");
    }

    #[test]
    fn a_fast_hooting_frame_keeps_a_frames_hoots_only() {
        let mut s = WebSession::new(built_in());
        // Three orders a hoot, forever (Turing's two would be a hoot stop).
        let src = "        .org 1\nl:      /V\n        T£\n        /P j\nj:      .jump l\n";
        let n = s.handle(ClientMsg::Upload {
            kind: UploadKind::Asm,
            name: "h.m1".into(),
            data: src.into(),
        });
        assert_eq!(n[0].kind, "info", "{}", n[0].message);
        s.handle(parse(r#"{"op":"speed","value":"fast"}"#).unwrap());
        s.handle(parse(r#"{"op":"run"}"#).unwrap());
        for _ in 0..3 {
            let f = s.tick().unwrap();
            assert!(f.running, "{:?}", f.stopped);
            assert_eq!(f.hoots.len(), MAX_FRAME_HOOTS);
            assert!(s.machine.hooter.beats.is_empty());
        }
        assert!(s.machine.stats.beats >= 3 * FAST_FRAME_BEATS);
        assert!(s.machine.hooter.count > 3 * FAST_FRAME_BEATS / 16);
    }

    #[test]
    fn endless_printing_keeps_a_bounded_paper_and_sends_it_all() {
        let mut s = WebSession::new(built_in());
        // Spaces and line feeds, forever: a line of 4 spaces a line feed.
        let src =
            "        .org 1\nl:      /: sp\n        /: sp\n        /: sp\n        /: sp\n        \
                   /: lf\n        /P j\nj:      .jump l\nsp:     .io Z\nlf:     .io W\n";
        let n = s.handle(ClientMsg::Upload {
            kind: UploadKind::Asm,
            name: "p.m1".into(),
            data: src.into(),
        });
        assert_eq!(n[0].kind, "info", "{}", n[0].message);
        s.handle(ClientMsg::Speed { value: Speed::Fast });
        s.handle(ClientMsg::Run {});
        let mut paper = String::new();
        let mut most = 0usize;
        for _ in 0..100 {
            let f = s.tick().unwrap();
            assert!(f.running, "{:?}", f.stopped);
            paper += &f.paper;
            most = most.max(s.machine.printer_text().len());
        }
        assert!(
            paper.len() > 4 * PAPER_LIMIT,
            "{} bytes printed",
            paper.len()
        );
        assert!(most <= 2 * PAPER_LIMIT, "{most} bytes of paper kept");
        assert!(s.machine.teleprinter.orders().len() <= 2 * PAPER_LIMIT);
        // Nothing lost at the cuts: line k of the paper sent is 4k spaces (the carriage
        // kept by the line feed, up to the limit) and 4 more.
        for (k, l) in paper.lines().enumerate().skip(1).take(100_000) {
            assert_eq!(l.len(), (4 * k).min(PAD_LIMIT) + 4, "line {k}");
        }
    }

    #[test]
    fn prinz_mode_mates_and_reports() {
        let mut s = WebSession::new(built_in());
        let (name, fen) = prinz_positions()[0].clone();
        assert!(name.contains("Figure 1"), "{name}");
        assert_eq!(s.handle(ClientMsg::Prinz { fen })[0].kind, "info");
        s.handle(parse(r#"{"op":"speed","value":"fast"}"#).unwrap());
        s.handle(ClientMsg::Run {});
        let paper = paper_while_running(&mut s, 100);
        assert!(paper.contains("MATE"), "{paper}");
        let r = s.take_report().unwrap().fields;
        assert!(r["mate"] == true);
        assert!(r["rows"][0][2].as_str().unwrap().contains("15 minutes"));
        assert!(
            s.handle(ClientMsg::Prinz {
                fen: "nonsense".into()
            })[0]
                .kind
                == "error"
        );
    }

    #[test]
    fn draughts_by_the_keys() {
        let mut s = WebSession::new(built_in());
        let n = s.handle(ClientMsg::Draughts {
            first: "human".into(),
        });
        assert_eq!(n[0].kind, "info", "{}", n[0].message);
        s.handle(ClientMsg::Speed { value: Speed::Fast });
        until_your_move(&mut s, 50);
        let d = s.frame(0, 0).game["draughts"].clone();
        assert!(d["your_move"] == true);
        // A move the program refuses: the game goes on.
        let n = s.handle(ClientMsg::DraughtsMove {
            squares: vec![1, 2],
        });
        assert_eq!(n[0].kind, "error");
        assert!(s.your_move);
        let pos = crate::reference::draughts::Position::start();
        let m = crate::reference::draughts::moves::legal_moves(&pos)[0];
        let n = s.handle(ClientMsg::DraughtsMove {
            squares: vec![u32::from(m.from) + 1, u32::from(m.to) + 1],
        });
        assert!(n.is_empty(), "{}", n[0].message);
        s.handle(ClientMsg::Speed { value: Speed::Fast });
        let before = s.machine.printer_text().len();
        until_your_move(&mut s, 200);
        assert!(s.your_move, "the machine replied and waits again");
        assert!(
            s.machine.printer_text()[before..].trim().len() > 3,
            "{}",
            s.machine.printer_text()
        );
    }

    #[test]
    fn nim_by_the_keys() {
        let mut s = WebSession::new(built_in());
        let n = s.handle(ClientMsg::Nim {
            heaps: vec![3, 4, 5],
            first: "human".into(),
        });
        assert_eq!(n[0].kind, "info", "{}", n[0].message);
        s.handle(ClientMsg::Speed { value: Speed::Fast });
        until_your_move(&mut s, 20);
        assert!(
            s.your_move,
            "{:?} {:?} {}",
            s.stopped,
            s.running,
            s.machine.printer_text()
        );
        assert_eq!(
            s.handle(ClientMsg::NimMove { text: "Q:9".into() })[0].kind,
            "error"
        );
        assert!(s
            .handle(ClientMsg::NimMove { text: "A:1".into() })
            .is_empty());
        let before = s.machine.printer_text().len();
        until_your_move(&mut s, 50);
        assert!(s.your_move, "the machine moved and waits again");
        assert!(s.machine.printer_text().len() > before);
        // Our A:1 and the machine's move both taken off the heaps the programme holds.
        let heaps: Vec<u8> =
            serde_json::from_value(s.frame(0, 0).game["nim"]["heaps"].clone()).unwrap();
        assert!(
            heaps.iter().map(|&h| u32::from(h)).sum::<u32>() < 11,
            "{heaps:?}"
        );
    }

    #[test]
    fn a_game_by_the_generic_messages_and_its_part_of_the_frame() {
        let mut s = WebSession::new(built_in());
        let n = s.handle(
            parse(r#"{"op":"start","game":"nim","first":"human","position":"2 3"}"#).unwrap(),
        );
        assert_eq!(n[0].kind, "info", "{}", n[0].message);
        assert!(n[0].message.contains("nim"), "{}", n[0].message);
        assert_eq!(s.pages, [5, 7]);
        s.handle(ClientMsg::Speed { value: Speed::Fast });
        until_your_move(&mut s, 20);
        // The frame carries the game's view under its name, with your_move and over.
        let f = serde_json::to_value(s.frame(0, 0)).unwrap();
        assert_eq!(
            f["nim"],
            serde_json::json!({"heaps": [2, 3], "your_move": true, "over": false})
        );
        let n = s.handle(parse(r#"{"op":"move","text":"B:9"}"#).unwrap());
        assert!(n.is_empty(), "{}", n[0].message);
        assert!(!s.your_move && s.running);
        // A game nobody knows, a position refused: the reasons in words.
        let n = s.handle(ClientMsg::Start {
            game: "nim".into(),
            first: None,
            position: Some("3 x".into()),
            seed: None,
        });
        assert_eq!(n[0].kind, "error");
        assert!(n[0].message.contains("`x`"), "{}", n[0].message);
        let n = s.handle(parse(r#"{"op":"start","game":"draughts-1952"}"#).unwrap());
        assert!(n[0].message.contains("drum image"), "{}", n[0].message);
        // Without a game, a move is refused and the machine runs free.
        s.handle(parse(r#"{"op":"load","program":"hello"}"#).unwrap());
        let n = s.handle(parse(r#"{"op":"move","text":"A:1"}"#).unwrap());
        assert!(n[0].message.contains("no game"), "{}", n[0].message);
        let f = serde_json::to_value(s.frame(0, 0)).unwrap();
        assert!(f.get("nim").is_none(), "{f}");
    }

    /// Draughts under Strachey's strategy 2 is started by its settings word in
    /// `position` (the page's list), and the program plays under it; anything else is
    /// refused with the choices named.
    #[test]
    fn draughts_under_strategy_2() {
        let mut s = WebSession::new(built_in());
        let n = s.handle(
            parse(r#"{"op":"start","game":"draughts","first":"machine","position":"strategy 2"}"#)
                .unwrap(),
        );
        assert_eq!(n[0].kind, "info", "{}", n[0].message);
        s.handle(ClientMsg::Speed { value: Speed::Fast });
        until_your_move(&mut s, 400);
        assert!(s.your_move, "{:?} {}", s.stopped, s.machine.printer_text());
        let n =
            s.handle(parse(r#"{"op":"start","game":"draughts","position":"strategy 3"}"#).unwrap());
        assert!(n[0].message.contains("`strategy 2`"), "{}", n[0].message);
    }

    /// Every mode the page offers starts from every position and with every first its
    /// card lists (Nimrod's 4 heaps of 7, draughts' strategy 2, Prinz's positions, ...),
    /// and comes to the visitor's move or its end.
    #[test]
    fn every_mode_starts_from_what_its_card_offers() {
        for m in crate::web::cards::modes(false) {
            let positions: Vec<Option<String>> = if m.positions.is_empty() {
                vec![None]
            } else {
                m.positions
                    .iter()
                    .map(|p| Some(p["position"].as_str().unwrap().to_string()))
                    .collect()
            };
            let firsts: Vec<Option<&str>> = if m.firsts.is_empty() {
                vec![None]
            } else {
                m.firsts.iter().map(|f| Some(*f)).collect()
            };
            for position in &positions {
                for first in &firsts {
                    let mut s = WebSession::new(built_in());
                    let n = s.handle(ClientMsg::Start {
                        game: m.game.into(),
                        first: first.map(Into::into),
                        position: position.clone(),
                        seed: None,
                    });
                    assert_eq!(
                        n[0].kind, "info",
                        "{} {position:?} {first:?}: {}",
                        m.game, n[0].message
                    );
                    if m.game != "turochamp" {
                        s.handle(ClientMsg::Speed { value: Speed::Fast });
                        until_your_move(&mut s, 400);
                        assert!(s.your_move || s.over, "{} {position:?} {first:?}", m.game);
                    }
                }
            }
        }
    }

    /// The frame names the game held, its prompt and its text board (the page's fallback
    /// for a game it has no picture for), and draughts' view lists the visitor's legal
    /// moves (the page lights their squares); none of these without a game.
    #[test]
    fn a_frame_carries_the_prompt_the_text_board_and_the_legal_moves() {
        let mut s = WebSession::new(built_in());
        let f = serde_json::to_value(s.frame(0, 0)).unwrap();
        assert!(
            f.get("playing").is_none() && f.get("prompt").is_none(),
            "{f}"
        );
        s.handle(parse(r#"{"op":"start","game":"draughts","first":"human"}"#).unwrap());
        s.handle(ClientMsg::Speed { value: Speed::Fast });
        until_your_move(&mut s, 50);
        let f = serde_json::to_value(s.frame(0, 0)).unwrap();
        assert_eq!(f["playing"], "draughts");
        assert!(f["prompt"].as_str().unwrap().contains("PDN"), "{f}");
        assert!(f["board"].as_str().unwrap().contains("29 30 31 32"), "{f}");
        let legal: Vec<&str> = f["draughts"]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(legal.len(), 7, "{legal:?}");
        assert!(legal.contains(&"11-15"), "{legal:?}");
        // Turing's machine: the visitor's legal moves from and to.
        s.handle(parse(r#"{"op":"start","game":"turochamp"}"#).unwrap());
        until_your_move(&mut s, 200);
        let f = serde_json::to_value(s.frame(0, 0)).unwrap();
        let legal = f["turochamp"]["legal"].as_array().unwrap();
        assert_eq!(legal.len(), 20, "{f}");
        assert!(legal.iter().any(|m| m == "e7e5"), "{f}");
    }

    #[test]
    fn a_prepulse_changes_the_picture_and_bad_uploads_are_refused() {
        let mut s = WebSession::new(built_in());
        let before = s.tick().unwrap();
        s.handle(ClientMsg::Step {});
        let after = s.tick().unwrap();
        assert_ne!(
            (before.c, before.instructions),
            (after.c, after.instructions)
        );
        let mut refused = |kind, name: &str, data: &str| {
            let n = s.handle(ClientMsg::Upload {
                kind,
                name: name.into(),
                data: data.into(),
            });
            assert_eq!(n[0].kind, "error");
            n[0].message.clone()
        };
        let e = refused(UploadKind::Drm, "x.drm", "AAAA");
        assert!(e.contains("131072"), "{e}");
        let e = refused(UploadKind::Asm, "bad.m1", "  XX 1\n");
        assert!(e.contains("bad.m1:1:"), "{e}");
    }
}
