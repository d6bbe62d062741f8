//! `mark1`: the command-line front end. Clap commands only; the work is in the library.

use anyhow::{anyhow, bail, Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use mark1::asm::{self, boot, Selection};
use mark1::console::Session;
use mark1::formats::{drm, image::Image, tape};
use mark1::machine::report::RunReport;
use mark1::machine::{Budget, Config, Machine, RngKind, Stop, Timing};
use mark1::reference::cli::RefCommand;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A beat-accurate emulator of the Ferranti Mark 1 (Manchester, 1951), with an
/// assembler and native reference engines for Prinz's chess and Strachey's draughts.
#[derive(Parser)]
#[command(name = "mark1", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a program (assembler source, image, or a boot tape) until the machine stops;
    /// print the teleprinter output and a summary.
    ///
    /// Example: `mark1 run programs/hello.m1` or `mark1 run --tape hello.tape --json`
    Run(RunArgs),
    /// Assemble a source file into a machine image (and optionally a listing, a boot
    /// tape, a SimH drum image).
    ///
    /// Example: `mark1 asm programs/prinz15.m1 -o prinz15.m1i --listing prinz15.lst`
    Asm(AsmArgs),
    /// Disassemble an image (or source) in period notation with function names.
    ///
    /// Example: `mark1 disasm prinz15.m1i --page 0`
    Disasm(DisasmArgs),
    /// Work the machine from a script of console commands, as an operator would (kec,
    /// set h, kac, tape, go, expect, …; see docs/console.md).
    ///
    /// Example: `mark1 console --drum SchemeA.drm --script start.con`
    Console(ConsoleArgs),
    /// The console as a terminal user interface: the store tubes, the small tubes, lamps,
    /// paper and instruction history; single prepulses, runs at real, slow or full speed,
    /// breakpoints, the keys and switches (see docs/console.md). Without a terminal, or
    /// with --headless, applies --script and prints the final screen as text.
    ///
    /// Example: `mark1 debug programs/prinz15.m1` or `mark1 debug prinz15.m1 --script s.con --headless`
    Debug(DebugArgs),
    /// Native reference engines (draughts and Prinz-rules chess).
    ///
    /// Example: `mark1 ref chess mate2 --fen "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"`
    Ref {
        #[command(subcommand)]
        cmd: RefCommand,
    },
    /// Prinz's mate-in-two program (1951) on the emulated machine: the teleprinter
    /// transcript, then the figures against Faster than Thought's; `--check N` compares
    /// N positions with the reference engine.
    ///
    /// Example: `mark1 prinz` (Figure 1) or `mark1 prinz --fen "..." --json`
    Prinz(PrinzArgs),
    /// Strachey's draughts (1952) on the emulated machine: play a game against the program
    /// (the moves entered on the hand switches with KAC, as its operators did), or one
    /// think on a position, the cross-check against `mark1 ref draughts best`, the 1952
    /// game's positions, the timing table.
    ///
    /// Example: `mark1 draughts --first human` (play), `mark1 draughts --script moves.txt
    /// --pdn game.pdn`, `mark1 draughts --think --fen "B:W21-32:B1-12" --strategy 1`,
    /// `mark1 draughts --check 1000`, `mark1 draughts --replay-1952`
    Draughts(DraughtsArgs),
}

#[derive(clap::Args)]
struct DraughtsArgs {
    /// The position (PDN FEN); the start position by default.
    #[arg(long, default_value = mark1::reference::draughts::START_FEN)]
    fen: String,
    /// Strachey's strategy: 1 (every line to the look-ahead) or 2 (until two moves
    /// running take nothing).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    strategy: u8,
    /// Plies of look-ahead (strategy 2: the most); Strachey's 3 (strategy 1) or 4
    /// (strategy 2) by default.
    #[arg(long)]
    plies: Option<u32>,
    /// A king's value in eighths of a man; 24 (strategy 1) or 20, Strachey's 2 1/2
    /// (strategy 2), by default; Faster than Thought's 2 7/8 is 23.
    #[arg(long)]
    king: Option<i32>,
    /// Cross-check N generated positions against the reference engine.
    #[arg(long)]
    check: Option<usize>,
    /// Seed of the position generator and of the /W generator.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Value one position (the program's think) instead of playing a game.
    #[arg(long)]
    think: bool,
    /// Play: who wins the toss and plays Black, moving first.
    #[arg(long, value_enum, default_value_t = FirstArg::Machine)]
    first: FirstArg,
    /// Play: the opponent's moves from FILE, one a line (`23-18`, `12x21`; `#` comments),
    /// instead of the terminal.
    #[arg(long)]
    script: Option<std::path::PathBuf>,
    /// Play: the opponent is the driver, playing the first legal move (`first`), a seeded
    /// random one (`random`), or the reference engine's choice under strategy 2 with six
    /// plies (`best`): for trying the program out; the program itself gets only the keys.
    #[arg(long, value_enum)]
    opponent: Option<OpponentArg>,
    /// Play: moves typed and shown in PDN squares 1-32 instead of Strachey's 0-31.
    #[arg(long)]
    pdn_squares: bool,
    /// Play: write the game as PDN to OUT.
    #[arg(long)]
    pdn: Option<std::path::PathBuf>,
    /// Replay the machine's 34 moves of Strachey's 1952 game (Faster than Thought): for
    /// each, the program thinks on the position before it; is the recorded move among
    /// its best? The last line reads `agreement: K/34`.
    #[arg(long)]
    replay_1952: bool,
    /// The timing table: thinks on the 34 positions of the 1952 game at 1-4 plies under
    /// strategy 1 and under strategy 2: moves considered per simulated second, simulated
    /// time a machine move (Strachey: about ten moves a second; three plies, one to two
    /// minutes).
    #[arg(long)]
    timing: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum FirstArg {
    Machine,
    Human,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum OpponentArg {
    First,
    Random,
    Best,
}

#[derive(clap::Args)]
struct PrinzArgs {
    /// The position (side to move mates in two); Faster than Thought's Figure 1 by default.
    #[arg(long, default_value = mark1::games::prinz::FIGURE1_FEN)]
    fen: String,
    /// Print everything as one JSON object.
    #[arg(long)]
    json: bool,
    /// Load the program as an image, or boot it from its tape through the initial routine.
    #[arg(long, value_enum, default_value_t = BootArg::Image)]
    boot: BootArg,
    /// Timing profile (docs/timing.md).
    #[arg(long, value_enum, default_value_t = TimingArg::Prinz)]
    timing: TimingArg,
    /// Cross-check N positions (src/games/prinz/positions.txt, then generated ones) against
    /// `mark1 ref chess mate2`.
    #[arg(long)]
    check: Option<usize>,
    /// Seed of the position generator for --check.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
}

#[derive(Clone, Copy, ValueEnum)]
enum BootArg {
    /// Load the assembled image.
    Image,
    /// Boot from the program's tape, the position following on the same tape.
    Tape,
}

#[derive(Clone, Copy, ValueEnum)]
enum TimingArg {
    /// Prinz's Introduction to Programming (1951).
    Prinz,
    /// Brooker 1956's drum and device times.
    Brooker,
    /// Turing's handbook Fig. E (/@ 24 beats).
    Turing,
    /// SimH's Ferranti Mark I costs.
    Simh,
}

#[derive(Clone, Copy, ValueEnum)]
enum RngArg {
    /// Our own seeded generator.
    Mark1,
    /// SimH's repeatable sequence (restarts at KEC).
    Simh,
}

#[derive(Clone, Copy, ValueEnum)]
enum NegationArg {
    /// 80-bit arithmetic: S sign-extended, then negated (Prinz).
    Own,
    /// SimH's: S negated within 40 bits, then sign-extended (differs for S = -2^39).
    Simh,
}

/// Options shared by everything that builds a machine.
#[derive(clap::Args)]
struct MachineArgs {
    /// Seed of the /W random generator.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
    /// Which generator feeds /W.
    #[arg(long, value_enum, default_value_t = RngArg::Mark1)]
    rng: RngArg,
    /// Timing profile (docs/timing.md).
    #[arg(long, value_enum, default_value_t = TimingArg::Prinz)]
    timing: TimingArg,
    /// How TN and TF negate S (docs/compatibility.md: SimH's way for its Love Letters counts).
    #[arg(long, value_enum, default_value_t = NegationArg::Own)]
    negation: NegationArg,
}

impl TimingArg {
    fn timing(self) -> Timing {
        match self {
            TimingArg::Prinz => Timing::prinz(),
            TimingArg::Brooker => Timing::brooker(),
            TimingArg::Turing => Timing::turing(),
            TimingArg::Simh => Timing::simh(),
        }
    }
}

impl MachineArgs {
    fn config(&self) -> Config {
        Config {
            timing: self.timing.timing(),
            seed: self.seed,
            rng: match self.rng {
                RngArg::Mark1 => RngKind::Mark1,
                RngArg::Simh => RngKind::Simh,
            },
            simh_negation: matches!(self.negation, NegationArg::Simh),
            ..Config::default()
        }
    }
}

#[derive(clap::Args)]
struct RunArgs {
    /// Assembler source (`.m1`) or machine image (`.m1i`).
    #[arg(required_unless_present = "tape")]
    file: Option<PathBuf>,
    /// Boot the period way from this tape (`.pt.txt` or raw) through the initial
    /// routine in roms/: H = ////, KEC, prepulse.
    #[arg(long, conflicts_with = "file")]
    tape: Option<PathBuf>,
    /// Stop after this many beats (240 µs each).
    #[arg(long, default_value_t = 250_000_000)]
    max_beats: u64,
    #[command(flatten)]
    machine: MachineArgs,
    /// Print the summary as one JSON object (printer output included).
    #[arg(long)]
    json: bool,
    /// Write the two large tubes (pages 0 and 1, or --display-pages) as a PNG here.
    #[arg(long, value_name = "FILE")]
    display_png: Option<PathBuf>,
    /// The pages shown on the two tubes of --display-png.
    #[arg(long, value_name = "LEFT,RIGHT", value_delimiter = ',', num_args = 2, default_values_t = [0u32, 1])]
    display_pages: Vec<u32>,
    /// Write the hooter's output as a WAV here (a pulse at each hoot's beat time; a
    /// continuous hoot at the end is continued for a second).
    #[arg(long, value_name = "FILE")]
    hoot_wav: Option<PathBuf>,
}

#[derive(clap::Args)]
struct DebugArgs {
    /// Assembler source (`.m1`), machine image (`.m1i`), or a boot tape with --tape.
    #[arg(required_unless_present = "tape")]
    file: Option<PathBuf>,
    /// Boot the period way from this tape through the initial routine.
    #[arg(long, conflicts_with = "file")]
    tape: Option<PathBuf>,
    /// Apply these commands first (one a line, the console language and the
    /// debugger's own: step, run, speed, page, png, ...).
    #[arg(long)]
    script: Option<PathBuf>,
    /// Do not open the terminal interface: apply --script, print the screen as text.
    #[arg(long)]
    headless: bool,
    /// Screen size of the headless text, columns by rows.
    #[arg(long, value_name = "COLSxROWS", default_value = "140x50")]
    size: String,
    #[command(flatten)]
    machine: MachineArgs,
}

#[derive(clap::Args)]
struct AsmArgs {
    /// Source file.
    source: PathBuf,
    /// Write the machine image here.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Write the listing (period notation beside the source) here.
    #[arg(long)]
    listing: Option<PathBuf>,
    /// Write the program as a boot tape (`.pt.txt` text) for the initial routine here.
    #[arg(long)]
    tape: Option<PathBuf>,
    /// Write a bootable SimH drum image (`.drm`): the program's pages on spare tracks
    /// and a loader on track 0, so that H = ////, KEC, run starts it (docs/assembler.md).
    #[arg(long)]
    drm: Option<PathBuf>,
}

#[derive(clap::Args)]
struct DisasmArgs {
    /// Machine image (or source, assembled first).
    file: PathBuf,
    /// Only this store page (0-7).
    #[arg(long, conflicts_with = "track")]
    page: Option<u8>,
    /// Only this drum track (0-255).
    #[arg(long)]
    track: Option<u8>,
}

#[derive(clap::Args)]
struct ConsoleArgs {
    /// The console script (one command per line).
    #[arg(long)]
    script: PathBuf,
    /// Attach this SimH drum image first.
    #[arg(long)]
    drum: Option<PathBuf>,
    /// Put this tape in the reader first.
    #[arg(long)]
    tape: Option<PathBuf>,
    /// Load this program (source or image) into the store first.
    #[arg(long)]
    program: Option<PathBuf>,
    /// Resolve the script's relative file names against this folder (default: the
    /// script's own folder).
    #[arg(long)]
    base: Option<PathBuf>,
    /// Write the printer output here instead of standard output.
    #[arg(long)]
    printer: Option<PathBuf>,
    #[command(flatten)]
    machine: MachineArgs,
}

fn main() -> std::process::ExitCode {
    // A closed pipe (`mark1 draughts … | head`) ends the program as it does any Unix
    // tool, instead of a panic in println!.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    match dispatch(Cli::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn dispatch(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Run(a) => run(a),
        Command::Asm(a) => assemble(a),
        Command::Disasm(a) => disassemble(a),
        Command::Console(a) => console(a),
        Command::Debug(a) => debug(a),
        Command::Ref { cmd } => {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            mark1::reference::cli::run(&cmd, &mut out)?;
            Ok(())
        }
        Command::Prinz(a) => prinz(a),
        Command::Draughts(a) => draughts(a),
    }
}

/// Reads a program: an image if the file says so, otherwise assembler source.
fn load_program(path: &Path) -> Result<Image> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    if text.starts_with("MARK1-IMAGE") {
        return Image::parse(&text).with_context(|| format!("{}", path.display()));
    }
    asm::assemble_file(path)
        .map(|a| a.image)
        .map_err(|e| anyhow!("{e}"))
}

fn read_tape(path: &Path) -> Result<Vec<u8>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    tape::read_any(&bytes).with_context(|| format!("{}", path.display()))
}

/// Puts a program into `m`: `file` (source or image) loaded into the store, or a tape
/// booted the period way through the initial routine. With `tape_by_extension`, a `file`
/// named `*.txt`, `*.tape` or `*.pt` is taken as a tape. Returns the name to show.
fn load_or_boot(
    m: &mut Machine,
    file: Option<&PathBuf>,
    tape: Option<&PathBuf>,
    tape_by_extension: bool,
) -> Result<String> {
    let is_tape = |f: &Path| {
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        tape_by_extension && matches!(ext, "txt" | "tape" | "pt")
    };
    match (file, tape) {
        (Some(f), _) if !is_tape(f) => m.load_image(&load_program(f)?),
        (Some(t), _) | (None, Some(t)) => boot::prepare(m, &read_tape(t)?),
        (None, None) => bail!("give a program file or --tape"),
    }
    Ok(file
        .or(tape)
        .map(|p| p.display().to_string())
        .unwrap_or_default())
}

fn run(a: RunArgs) -> Result<()> {
    let mut m = Machine::new(a.machine.config());
    load_or_boot(&mut m, a.file.as_ref(), a.tape.as_ref(), false)?;
    let t0 = Instant::now();
    let stop = m.run(Budget::beats(a.max_beats));
    let mut report = RunReport::new(&m, stop);
    report.host_seconds = Some(t0.elapsed().as_secs_f64());
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", report.printed);
        if !report.printed.is_empty() && !report.printed.ends_with('\n') {
            println!();
        }
        println!("---");
        print!("{}", report.summary());
    }
    if let Some(p) = &a.display_png {
        use mark1::render::{tubes_png, TubePage};
        let (l, r) = (a.display_pages[0], a.display_pages[1]);
        if l > 7 || r > 7 {
            bail!("--display-pages takes two pages 0-7");
        }
        let png = tubes_png(&TubePage::of(&m.store, l), &TubePage::of(&m.store, r))?;
        std::fs::write(p, png).with_context(|| format!("cannot write {}", p.display()))?;
    }
    if let Some(p) = &a.hoot_wav {
        use mark1::render::{continue_hoot_loop, hoot_wav, HOOT_TAIL_SECONDS};
        let (beats, end) = continue_hoot_loop(&m, stop, HOOT_TAIL_SECONDS);
        std::fs::write(p, hoot_wav(&beats, end))
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    if matches!(stop, Stop::Unassigned { .. }) {
        bail!("stopped on an unassigned function");
    }
    Ok(())
}

fn assemble(a: AsmArgs) -> Result<()> {
    let assembly = asm::assemble_file(&a.source).map_err(|e| anyhow!("{e}"))?;
    // Build everything before writing anything, so that an error writes nothing.
    let tape_text = match &a.tape {
        Some(_) => Some(tape::write_pt_text(&assembly.tape()?)?),
        None => None,
    };
    let drm_bytes = match &a.drm {
        Some(_) => {
            let mut m = Machine::new(Config::default());
            for (&(t, h), ht) in &asm::drum_boot::bootable_drum(&assembly.image)? {
                m.drum.set_half_track(u32::from(t), u32::from(h), ht);
            }
            Some(drm::write_drm(m.drum.words()))
        }
        None => None,
    };
    if let Some(o) = &a.output {
        std::fs::write(o, assembly.image.to_text())
            .with_context(|| format!("cannot write {}", o.display()))?;
    }
    if let Some(l) = &a.listing {
        std::fs::write(l, assembly.listing())
            .with_context(|| format!("cannot write {}", l.display()))?;
    }
    if let (Some(t), Some(text)) = (&a.tape, tape_text) {
        std::fs::write(t, text).with_context(|| format!("cannot write {}", t.display()))?;
    }
    if let (Some(d), Some(bytes)) = (&a.drm, drm_bytes) {
        std::fs::write(d, bytes).with_context(|| format!("cannot write {}", d.display()))?;
    }
    if a.output.is_none() && a.listing.is_none() && a.tape.is_none() && a.drm.is_none() {
        print!("{}", assembly.image.to_text());
    }
    Ok(())
}

fn disassemble(a: DisasmArgs) -> Result<()> {
    let img = load_program(&a.file)?;
    let sel = match (a.page, a.track) {
        (Some(p), _) if p < 8 => Selection::Page(p),
        (Some(p), _) => bail!("page {p} does not exist (0-7)"),
        (None, Some(t)) => Selection::Track(t),
        (None, None) => Selection::All,
    };
    print!("{}", asm::disasm(&img, sel));
    Ok(())
}

fn console(a: ConsoleArgs) -> Result<()> {
    let script = std::fs::read_to_string(&a.script)
        .with_context(|| format!("cannot read {}", a.script.display()))?;
    let base = a
        .base
        .clone()
        .unwrap_or_else(|| a.script.parent().map(Path::to_path_buf).unwrap_or_default());
    let mut m = Machine::new(a.machine.config());
    if let Some(p) = &a.program {
        m.load_image(&load_program(p)?);
    }
    let mut session = Session::new(m, base);
    if let Some(d) = &a.drum {
        session.attach_drum(d).map_err(|e| anyhow!(e))?;
    }
    if let Some(t) = &a.tape {
        session.load_tape_file(t).map_err(|e| anyhow!(e))?;
    }
    let result = session.run_script(&a.script.display().to_string(), &script, &mut |msg| {
        eprintln!("{msg}");
    });
    let paper = session.machine.printer_text().to_string();
    match &a.printer {
        Some(p) => {
            std::fs::write(p, &paper).with_context(|| format!("cannot write {}", p.display()))?
        }
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(paper.as_bytes())?;
            out.flush()?;
        }
    }
    result.map_err(|e| anyhow!("{e}"))
}

fn debug(a: DebugArgs) -> Result<()> {
    use mark1::tui::{run_headless, run_interactive, Debugger};
    use std::io::IsTerminal;
    let mut m = Machine::new(a.machine.config());
    let name = load_or_boot(&mut m, a.file.as_ref(), a.tape.as_ref(), true)?;
    let base = a
        .script
        .as_ref()
        .and_then(|s| s.parent().map(Path::to_path_buf))
        .unwrap_or_default();
    let mut dbg = Debugger::new(Session::new(m, base), name);
    let script = match &a.script {
        Some(s) => Some((
            s.display().to_string(),
            std::fs::read_to_string(s).with_context(|| format!("cannot read {}", s.display()))?,
        )),
        None => None,
    };
    if a.headless || !std::io::stdout().is_terminal() {
        let (w, h) = a
            .size
            .split_once('x')
            .and_then(|(w, h)| Some((w.parse::<u16>().ok()?, h.parse::<u16>().ok()?)))
            .filter(|&(w, h)| (20..=1000).contains(&w) && (5..=1000).contains(&h))
            .ok_or_else(|| anyhow!("--size is COLSxROWS, e.g. 140x50"))?;
        let (name, text) = script.unwrap_or_default();
        let (screen, r) = run_headless(&mut dbg, &name, &text, w, h);
        print!("{screen}");
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

fn prinz(a: PrinzArgs) -> Result<()> {
    use mark1::games::prinz as p;
    let opts = p::RunOptions {
        timing: a.timing.timing(),
        boot: match a.boot {
            BootArg::Image => p::BootMode::Image,
            BootArg::Tape => p::BootMode::Tape,
        },
        ..p::RunOptions::default()
    };
    if let Some(n) = a.check {
        let positions = p::check_positions(n, a.seed);
        let report = p::cross_check(&positions, &opts, &mut |i, fen, d| {
            for what in d {
                println!("{}: {fen}: {what}", i + 1);
            }
        })?;
        if a.json {
            println!("{}", serde_json::to_string_pretty(&report)?);
        }
        println!(
            "{} positions, {} disagreements",
            report.positions,
            report.disagreements.len()
        );
        if !report.disagreements.is_empty() {
            bail!("the emulated program and the reference engine disagree");
        }
        return Ok(());
    }
    let run = p::run_fen(&a.fen, &opts)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&p::json_report(&run))?);
    } else {
        print!("{}", p::text_report(&run));
    }
    Ok(())
}

fn draughts(a: DraughtsArgs) -> Result<()> {
    use mark1::games::draughts as d;
    use mark1::reference::draughts::Position;
    let params = d::Params {
        strategy: a.strategy,
        plies: a.plies.unwrap_or(if a.strategy == 1 { 3 } else { 4 }),
        king: a.king.unwrap_or(if a.strategy == 1 { 24 } else { 20 }),
    };
    if a.timing {
        let mut settings: Vec<d::Params> = (1..=4).map(d::Params::strategy1).collect();
        settings.push(d::Params::strategy2(4, 20));
        let rows = d::timing_table(&d::positions_1952(), &settings, a.seed)?;
        if a.json {
            println!("{}", serde_json::to_string_pretty(&rows)?);
        }
        println!("thinks on the 34 positions before the machine's moves of the 1952 game (prinz timing):");
        println!("strategy plies king  moves considered  a second  s a move  longest s  transfers");
        for r in &rows {
            println!(
                "{:>8} {:>5} {:>4}  {:>16}  {:>8.1}  {:>8.1}  {:>9.1}  {:>9}",
                r.params.strategy,
                r.params.plies,
                r.params.king,
                r.considered,
                r.rate(),
                r.per_move(),
                r.longest,
                r.transfers
            );
        }
        println!("Strachey 1952: about ten moves a second; three plies (strategy 1) take one to two minutes.");
        return Ok(());
    }
    if a.replay_1952 {
        let rep = d::replay_1952(&params, a.seed)?;
        if a.json {
            println!("{}", serde_json::to_string_pretty(&rep)?);
        }
        println!(
            "Strachey's 1952 game, the machine's moves, strategy {} ({} plies, king {}/8):",
            params.strategy, params.plies, params.king
        );
        for m in &rep {
            println!(
                "{:2}. {:<14} {:<5} value {:>4} (best {:>4}: {}); chose {}",
                m.number,
                m.recorded,
                if m.agrees { "agree" } else { "DIFF" },
                m.recorded_value.map_or("-".into(), |v| v.to_string()),
                m.best_value,
                m.best.join(" "),
                m.chosen.as_deref().unwrap_or("-")
            );
        }
        println!(
            "agreement: {}/{}",
            rep.iter().filter(|m| m.agrees).count(),
            rep.len()
        );
        return Ok(());
    }
    if let Some(n) = a.check {
        let positions = d::check_positions(n, a.seed as u32);
        let report = d::cross_check(&positions, &params, a.seed)?;
        for (i, fen, what) in &report.differences {
            println!("{}: {fen}: {what}", i + 1);
        }
        if a.json {
            println!("{}", serde_json::to_string_pretty(&report)?);
        }
        println!(
            "strategy {}, {} plies, king {} eighths: {} moves considered, {} instructions, {:.1} s of machine time",
            params.strategy,
            params.plies,
            params.king,
            report.considered,
            report.instructions,
            report.beats as f64 * 240e-6
        );
        println!(
            "{} positions, {} differences",
            report.positions,
            report.differences.len()
        );
        if !report.differences.is_empty() {
            bail!("the emulated program and the reference engine differ");
        }
        return Ok(());
    }
    if !a.think && a.fen == mark1::reference::draughts::START_FEN {
        return draughts_play(&a, &params);
    }
    let pos = Position::from_fen(&a.fen)?;
    let asm = d::assemble()?;
    let emu = d::think(&asm, &pos, &params, a.seed)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&emu)?);
    } else {
        for (i, m) in emu.moves.iter().enumerate() {
            let mark = if Some(i) == emu.chosen {
                " <- chosen"
            } else {
                ""
            };
            println!(
                "{:2}-{:<2} value {:+} eighths{mark}",
                m.from + 1,
                m.to + 1,
                m.value
            );
        }
        println!(
            "{} ties, draw {:?}; {} moves considered, {} instructions, {} magnetic transfers, {:.1} s of machine time ({:.1} moves a second)",
            emu.ties,
            emu.draw,
            emu.considered,
            emu.instructions,
            emu.transfers,
            emu.seconds(),
            emu.considered as f64 / emu.seconds()
        );
    }
    for line in d::compare(&pos, &params, &emu) {
        println!("difference: {line}");
    }
    Ok(())
}

fn draughts_play(a: &DraughtsArgs, params: &mark1::games::draughts::Params) -> Result<()> {
    use mark1::games::draughts as d;
    use mark1::reference::draughts::{legal_moves, strategy::Xorshift, RandomSource};
    use std::io::{BufRead, Write};
    let asm = d::assemble()?;
    let first = match a.first {
        FirstArg::Machine => d::First::Machine,
        FirstArg::Human => d::First::Human,
    };
    let show = |s: u8| {
        if a.pdn_squares {
            s as u32 + 1
        } else {
            s as u32
        }
    };
    let mut script: Vec<(usize, String)> = Vec::new();
    if let Some(f) = &a.script {
        let text = std::fs::read_to_string(f)
            .with_context(|| format!("cannot read the script {}", f.display()))?;
        for (i, line) in text.lines().enumerate() {
            let t = line.split('#').next().unwrap_or("").trim();
            if !t.is_empty() {
                script.push((i + 1, t.to_string()));
            }
        }
    }
    let mut script = script.into_iter();
    let mut rng = Xorshift(a.seed as u32 ^ 0x5EED);
    let stdin = std::io::stdin();
    let mut printed = 0usize;
    let interactive = a.script.is_none() && a.opponent.is_none();
    let mut next = |g: &d::Game, refusal: Option<&str>| -> Option<Vec<u8>> {
        let paper = g.paper();
        print!("{}", &paper[printed.min(paper.len())..]);
        printed = paper.len();
        let pos = g.position();
        if interactive {
            // The board as the program shows it on page 3 (the tube), beside the square
            // numbers.
            let board = g.board_text(3);
            for (r, line) in board.lines().enumerate() {
                let nums: Vec<String> = (0..4)
                    .map(|i| format!("{:2}", show(4 * r as u8 + i)))
                    .collect();
                println!("    {line}   {}", nums.join(" "));
            }
        }
        if refusal.is_some() {
            let legal: Vec<String> = legal_moves(&pos)
                .iter()
                .map(|m| {
                    let mut v = vec![show(m.from)];
                    v.extend(m.landings().iter().map(|&s| show(s)));
                    let sep = if m.is_capture() { "x" } else { "-" };
                    v.iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join(sep)
                })
                .collect();
            println!("    (refused; the legal moves are: {})", legal.join(" "));
        }
        let _ = std::io::stdout().flush();
        loop {
            let text = if let Some(o) = a.opponent {
                let ms = legal_moves(&pos);
                if ms.is_empty() {
                    return None;
                }
                let m = match o {
                    OpponentArg::First => ms[0],
                    OpponentArg::Random => ms[rng.next_u20() as usize % ms.len()],
                    OpponentArg::Best => {
                        let b = mark1::reference::draughts::best(
                            &pos,
                            &mark1::reference::draughts::SearchParams::strategy2(6, 20),
                            &mut rng,
                        );
                        ms[b.chosen.unwrap_or(0)]
                    }
                };
                let mut v = vec![m.from];
                v.extend(m.landings());
                return Some(v);
            } else if !interactive {
                let (line, t) = script.next()?;
                println!("    (script line {line}: {t})");
                t
            } else {
                print!(
                    "your move ({}): ",
                    if a.pdn_squares {
                        "PDN squares, 22-18"
                    } else {
                        "Strachey squares, 23-18"
                    }
                );
                let _ = std::io::stdout().flush();
                let mut l = String::new();
                if stdin.lock().read_line(&mut l).ok()? == 0 || l.trim().is_empty() {
                    return None;
                }
                l
            };
            match d::parse_squares(&text, a.pdn_squares) {
                Ok(v) => return Some(v),
                Err(e) if interactive => println!("{e}"),
                Err(e) => {
                    println!("    ({e}: not entered)");
                }
            }
        }
    };
    if interactive {
        println!(
            "(Strachey's draughts on the emulated Mark 1: the machine's words come from its\n teleprinter; type your moves as squares, e.g. {}, and the driver sets them on the\n hand switches and presses KAC for you. An empty line or end of input stops.)\n",
            if a.pdn_squares { "22-18 or 9x18" } else { "21-17 or 8x17" }
        );
    }
    let rep = d::play(&asm, params, a.seed, first, &mut next)?;
    print!("{}", &rep.paper[printed.min(rep.paper.len())..]);
    println!();
    println!(
        "end: {:?}; position {}; {} instructions, {:.1} s of machine time",
        rep.end,
        rep.last,
        rep.instructions,
        rep.beats as f64 * 240e-6
    );
    println!(
        "the machine's moves (strategy {}, {} plies, king {}/8):",
        params.strategy, params.plies, params.king
    );
    let (mut tc, mut ts) = (0u64, 0f64);
    for m in &rep.machine_moves {
        println!(
            "  {:<20} {:6} moves considered  {:7.1} s  {:5.1} moves a second",
            m.printed,
            m.considered,
            m.seconds,
            m.considered as f64 / m.seconds.max(1e-9)
        );
        tc += m.considered;
        ts += m.seconds;
    }
    if !rep.machine_moves.is_empty() {
        println!(
            "  in all: {tc} moves considered in {ts:.1} s: {:.1} moves a second, {:.1} s a move (Strachey: about ten moves a second)",
            tc as f64 / ts.max(1e-9),
            ts / rep.machine_moves.len() as f64
        );
    }
    if let Some(f) = &a.pdn {
        std::fs::write(f, rep.pdn(first, params))
            .with_context(|| format!("cannot write {}", f.display()))?;
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&rep)?);
    }
    Ok(())
}
