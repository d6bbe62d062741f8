//! `mark1 debug`: the console as a terminal user interface, or headless.

use super::load::load_or_boot;
use super::machine::MachineArgs;
use anyhow::{anyhow, Result};
use mark1::console::Session;
use mark1::machine::Machine;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The arguments of `mark1 debug`.
#[derive(clap::Args)]
pub struct DebugArgs {
    /// Assembler source (`.m1`), machine image (`.m1i`), a SimH drum image (`.drm`, attached
    /// with H = //// and KEC), or a boot tape with --tape.
    #[arg(required_unless_present = "tape")]
    file: Option<PathBuf>,
    /// Boot the period way from this tape through the initial routine.
    #[arg(long, conflicts_with = "file")]
    tape: Option<PathBuf>,
    /// Apply these commands first (one a line, the console language and the
    /// debugger's own: step, run, speed, page, png, reload, ...; labels of a source
    /// where a line is taken: `break loop`, `e long total`).
    #[arg(long)]
    script: Option<PathBuf>,
    /// Do not open the terminal interface: apply --script, print the screen as text.
    #[arg(long)]
    headless: bool,
    /// Screen size of the headless text, columns by rows: 20 to 1000 columns, 5 to
    /// 1000 rows.
    #[arg(long, value_name = "COLSxROWS", default_value = "140x50")]
    size: String,
    #[command(flatten)]
    machine: MachineArgs,
}

/// Runs `mark1 debug`.
pub fn run(a: DebugArgs) -> Result<()> {
    use mark1::tui::{run_headless, run_interactive, Debugger};
    use std::io::IsTerminal;
    let mut m = Machine::new(a.machine.config());
    let name = load_or_boot(&mut m, a.file.as_ref(), a.tape.as_ref(), true, None)?;
    let base = a
        .script
        .as_ref()
        .and_then(|s| s.parent().map(Path::to_path_buf))
        .unwrap_or_default();
    let mut session = Session::new(m, base);
    let mut dbg = match &a.file {
        Some(f) => {
            session.labels = super::labels::source_labels(f);
            let mut dbg = Debugger::new(session, name);
            if !dbg.session.labels.source().is_empty() {
                let f = f.clone();
                dbg.reloader = Some(Box::new(move || super::labels::reassemble(&f)));
            }
            dbg
        }
        None => Debugger::new(session, name),
    };
    let script = match &a.script {
        Some(s) => Some((
            s.display().to_string(),
            mark1::formats::input::read_text(s, mark1::formats::input::SCRIPT)?,
        )),
        None => None,
    };
    if a.headless || !std::io::stdout().is_terminal() {
        let (w, h) = a
            .size
            .split_once('x')
            .and_then(|(w, h)| Some((w.parse::<u16>().ok()?, h.parse::<u16>().ok()?)))
            .filter(|&(w, h)| (20..=1000).contains(&w) && (5..=1000).contains(&h))
            .ok_or_else(|| {
                anyhow!(
                    "--size {}: the size is COLSxROWS, 20 to 1000 columns by 5 to 1000 rows, \
                     e.g. 140x50",
                    a.size
                )
            })?;
        let (name, text) = script.unwrap_or_default();
        let (screen, r) = run_headless(&mut dbg, &name, &text, w, h);
        write!(super::out::stdout(), "{screen}")?;
        return r.map_err(|e| anyhow!(e));
    }
    if let Some((name, text)) = script {
        dbg.run_script(&name, &text).map_err(|e| anyhow!(e))?;
    }
    if !dbg.quit {
        run_interactive(&mut dbg)?;
    }
    Ok(())
}
