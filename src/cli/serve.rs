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
    /// nim (heaps 3, 4, 5, you first), or an assembler source FILE (assembled now,
    /// offered to every tab under its file name).
    #[arg(long, default_value = "hello")]
    program: String,
}

/// Runs `mark1 serve` until interrupted.
///
/// # Errors
/// A bad program file, an address that cannot be bound.
pub fn run(a: ServeArgs) -> Result<()> {
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
        _ => None,
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
                    "--program {}: not hello or hoot, and no such file",
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
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(&a.bind)
            .await
            .with_context(|| format!("cannot listen on {}", a.bind))?;
        let addr = listener.local_addr()?;
        eprintln!("mark1 serve: the Mark 1 at http://{addr}/ (Ctrl-C to stop)");
        let mut shared = mark1::web::server::Shared::new(offered);
        shared.start = start;
        mark1::web::server::serve(listener, shared)
            .await
            .context("the server stopped")
    })
}
