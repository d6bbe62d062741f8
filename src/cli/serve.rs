//! `mark1 serve`: the web console, a local HTTP server with the tubes, the keys and the
//! teleprinter in a browser, each tab with its own machine (docs/web.md). The work is in
//! [`mark1::web`].

use anyhow::{bail, Context, Result};
use mark1::web::session::{built_in, Offered};

/// The arguments of `mark1 serve`.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// Address and port to listen on; localhost unless told otherwise.
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: String,
    /// What each new tab starts with: hello or hoot (loaded), prinz (Prinz's problem,
    /// Figure 1, ready to run), draughts (a game against Strachey's program, you first),
    /// nim (heaps 3, 4, 5, you first), any other game of `mark1 play --list` (started as
    /// its mode starts it), love-letters (with --period-software), or an assembler source
    /// FILE (assembled now, offered to every tab under its file name).
    #[arg(long, default_value = "hello")]
    program: String,
    /// Sessions (tabs, each with its own machine) at once; the next tab is told the
    /// machine is busy.
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_sessions: u32,
    /// HTTP connections open at once (before a tab's socket opens); more wait until one
    /// ends. Each is closed if its request has not arrived within 10 seconds.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_connections: u32,
    /// Accept pages from ORIGIN (http://HOST:PORT or https://HOST) besides the server's
    /// own, and requests naming its host: for a proxy or a name on the network. Repeatable.
    #[arg(long, value_name = "ORIGIN", value_parser = origin)]
    allow_origin: Vec<String>,
    /// The folder where sessions are kept, so that a tab's game survives a reload and a
    /// restart of the server (made if missing; at most 1,000 sessions, a week each).
    /// Default: mark1/web-sessions in the user's data folder ($XDG_DATA_HOME or
    /// ~/.local/share), or ./mark1-data.
    #[arg(long, value_name = "DIR")]
    data: Option<std::path::PathBuf>,
    /// Run as a kiosk on a gallery floor: no uploads, the page fullscreen on the first
    /// touch, without its context menu and zoom, and after --idle seconds with no input
    /// back to an attract mode (the machine solving Prinz's problem, "touch to play").
    #[arg(long)]
    kiosk: bool,
    /// With --kiosk: seconds with no input before the page returns to its attract mode.
    #[arg(long, value_name = "SECONDS", requires = "kiosk", default_value_t = 120, value_parser = clap::value_parser!(u64).range(10..=86_400))]
    idle: u64,
    /// The period-software folder (not bundled; docs/compatibility.md): offer Strachey's
    /// original draughts of 1952 (`Draughts/Draughts.drm`) and his Love Letters
    /// (`LoveLetters/`), from their drum images. Read and checked at start.
    #[arg(long, value_name = "DIR")]
    period_software: Option<std::path::PathBuf>,
}

fn origin(s: &str) -> std::result::Result<String, String> {
    mark1::web::server::parse_origin(s)
}

/// Threads obeying the sessions' messages off the network threads (tokio's blocking pool,
/// 512 unless told): each keeps the stack pages and allocator arena it has used, so that
/// with hundreds of visitors coming and going the server's memory crept up as new threads
/// came and went (issue 37's soak test, docs/performance.md). Heavy work runs at most one
/// fewer than the cores at a time anyway (`web::server`); the rest is quick.
const BLOCKING_THREADS: usize = 4;

/// The allocator's settings for a server that sees visitors come and go all day (issue
/// 37's soak test, docs/performance.md: without them glibc's allocator kept what the
/// sessions of visitors long gone had freed, and the server grew by a fifth in 200 rounds
/// of 20 tabs; with them it stays flat):
/// - allocations of 128 KiB and more (a machine's drum and store, a frame's JSON) from
///   their own mappings, given back when freed (glibc raises that threshold after the
///   first such block is freed, and then took them from its arenas);
/// - one arena for every thread (the network threads and the machines' each had their
///   own, and what one freed stayed with it);
/// - no per-thread cache of freed blocks (`glibc.malloc.tcache_count=0`): the blocks it
///   holds are never given back and pin the pages around them. This one has no `mallopt`:
///   it is a tunable read when a program starts, so the server starts itself again once
///   with it set (`GLIBC_TUNABLES`), the same arguments, the same process id.
///
/// Elsewhere than Linux with glibc, nothing.
fn settle_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        const NO_TCACHE: &str = "glibc.malloc.tcache_count=0";
        let tunables = std::env::var("GLIBC_TUNABLES").unwrap_or_default();
        if !tunables.contains("glibc.malloc.tcache_count") {
            use std::os::unix::process::CommandExt;
            let set = if tunables.is_empty() {
                NO_TCACHE.to_string()
            } else {
                format!("{tunables}:{NO_TCACHE}")
            };
            let mut args = std::env::args_os();
            let program = args.next().unwrap_or_else(|| "mark1".into());
            // `exec` returns only if it failed: the server then runs with the cache.
            let e = std::process::Command::new("/proc/self/exe")
                .arg0(program)
                .args(args)
                .env("GLIBC_TUNABLES", set)
                .exec();
            eprintln!("mark1 serve: note: cannot restart with the allocator's cache off ({e})");
        }
        // SAFETY: mallopt only sets parameters of the allocator, before any thread starts.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
            libc::mallopt(libc::M_ARENA_MAX, 1);
        }
    }
}

/// Runs `mark1 serve` until interrupted.
///
/// # Errors
/// A bad program file, an address that cannot be bound.
pub fn run(a: ServeArgs) -> Result<()> {
    settle_allocator();
    use mark1::web::protocol::ClientMsg;
    let mut offered = built_in();
    let start = match a.program.as_str() {
        "prinz" => Some(ClientMsg::Prinz {
            fen: mark1::games::prinz::FIGURE1_FEN.into(),
        }),
        "draughts" => Some(ClientMsg::Draughts {
            first: "human".into(),
        }),
        "nim" => Some(ClientMsg::Nim {
            heaps: vec![3, 4, 5],
            first: "human".into(),
        }),
        // Love Letters, from the period software (checked below).
        mark1::web::period::LOVE_LETTERS => Some(ClientMsg::Load {
            program: a.program.clone(),
        }),
        // Any other game of the table, as its mode starts it with nothing chosen.
        name => mark1::games::row(name).map(|r| ClientMsg::Start {
            game: r.game.to_string(),
            first: None,
            position: None,
            seed: None,
        }),
    };
    match offered.iter().position(|o| o.name == a.program) {
        _ if start.is_some() => {}
        Some(i) => {
            let o = offered.remove(i);
            offered.insert(0, o);
        }
        None => {
            let path = std::path::Path::new(&a.program);
            if !path.exists() {
                bail!(
                    "--program {}: not hello, hoot or a game (mark1 play --list), and no such file",
                    a.program
                );
            }
            let source = mark1::formats::input::read_text(path, mark1::formats::input::SOURCE)?;
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| a.program.clone());
            mark1::asm::assemble_str(&name, &source, &mark1::asm::NoIncludes)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            offered.insert(0, Offered { name, source });
        }
    }
    let from_period = a.program == mark1::web::period::LOVE_LETTERS
        || mark1::games::row(&a.program)
            .is_some_and(|r| r.programs.iter().any(|p| p.starts_with("period-software")));
    if from_period && a.period_software.is_none() {
        bail!(
            "--program {}: it comes from the period software, which is not bundled: give \
             its folder with --period-software DIR",
            a.program
        );
    }
    let period = match &a.period_software {
        Some(dir) => Some(std::sync::Arc::new(
            mark1::web::period::Period::open(dir).map_err(anyhow::Error::msg)?,
        )),
        None => None,
    };
    let keeper = match &a.data {
        Some(dir) => Some(mark1::web::persist::Keeper::open(dir).map_err(anyhow::Error::msg)?),
        None => match mark1::web::persist::Keeper::open(&mark1::web::persist::default_dir()) {
            Ok(k) => Some(k),
            Err(e) => {
                eprintln!("mark1 serve: warning: {e}: sessions are not kept across reloads (--data DIR to keep them)");
                None
            }
        },
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()
        .context("cannot start the server's runtime")?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(&a.bind)
            .await
            .with_context(|| format!("cannot listen on {}", a.bind))?;
        let addr = listener.local_addr()?;
        if !addr.ip().is_loopback() {
            eprintln!(
                "mark1 serve: warning: listening on {addr}, not a loopback address: anyone \
                 on the network who can reach it can use the machines (run programs, upload \
                 files); --bind 127.0.0.1:{} keeps them to this computer",
                addr.port()
            );
        }
        eprintln!("mark1 serve: the Mark 1 at http://{addr}/ (Ctrl-C to stop)");
        let mut shared = mark1::web::server::Shared::new(offered);
        shared.start = start;
        shared.limits.max_sessions = a.max_sessions as usize;
        shared.limits.max_connections = a.max_connections as usize;
        shared.limits.allow_origins = a.allow_origin;
        shared.keeper = keeper;
        shared.period = period;
        if a.kiosk {
            shared.kiosk = Some(mark1::web::server::Kiosk {
                idle: std::time::Duration::from_secs(a.idle),
            });
        }
        mark1::web::server::serve(listener, shared)
            .await
            .context("the server stopped")
    })
}
