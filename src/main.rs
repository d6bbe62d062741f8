//! `mark1`: the command-line front end. It parses the command line and hands each
//! subcommand to its module in `src/cli/` (its clap arguments and its handler); the work
//! is in the library.

mod cli;

use anyhow::Result;
use clap::{Parser, Subcommand};

/// A beat-accurate emulator of the Ferranti Mark 1 (Manchester, 1951), with an
/// assembler, the period game programs on the emulated machine and native reference
/// engines that cross-check them.
#[derive(Parser)]
#[command(name = "mark1", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands, each handled by its module in `src/cli/`.
#[derive(Subcommand)]
enum Command {
    /// Run a program (assembler source, image, SimH drum image or a boot tape) until the
    /// machine stops; print the teleprinter output and a summary.
    ///
    /// Example: `mark1 run programs/hello.m1`, `mark1 run hello.drm` or `mark1 run --tape
    /// hello.tape --json`
    Run(cli::run::RunArgs),
    /// Run a program as `run` does and show where its time went: orders and beats by
    /// routine and by store line, magnetic transfers by half-track, device waits.
    ///
    /// Example: `mark1 profile programs/prinz.m1`, `mark1 profile draughts.drm --symbols
    /// strachey.sym --annotate`
    Profile(cli::profile::ProfileArgs),
    /// Assemble a source file into a machine image (and optionally a listing, a boot
    /// tape, a SimH drum image).
    ///
    /// Example: `mark1 asm programs/prinz15.m1 -o prinz15.m1i --listing prinz15.lst`
    Asm(cli::asm::AsmArgs),
    /// Disassemble an image (or source) in period notation with function names.
    ///
    /// Example: `mark1 disasm prinz15.m1i --page 0`
    Disasm(cli::disasm::DisasmArgs),
    /// Work the machine from a script of console commands, as an operator would (kec,
    /// set h, kac, tape, go, expect, …; see docs/console.md).
    ///
    /// Example: `mark1 console --drum SchemeA.drm --script start.con`
    Console(cli::console::ConsoleArgs),
    /// The console as a terminal user interface: the store tubes, the small tubes, lamps,
    /// paper and instruction history; single prepulses, runs at real, slow or full speed,
    /// breakpoints, the keys and switches (see docs/console.md). Without a terminal, or
    /// with --headless, applies --script and prints the final screen as text.
    ///
    /// Example: `mark1 debug programs/prinz15.m1` or `mark1 debug prinz15.m1 --script s.con --headless`
    Debug(cli::debug::DebugArgs),
    /// Native reference engines (draughts and Prinz-rules chess).
    ///
    /// Example: `mark1 ref chess mate2 --fen "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"`
    Ref {
        #[command(subcommand)]
        cmd: cli::reference::RefCommand,
    },
    /// Prinz's mate-in-two program (1951) on the emulated machine: the teleprinter
    /// transcript, then the figures against Faster than Thought's; `--check N` compares
    /// N positions with the reference engine.
    ///
    /// Example: `mark1 prinz` (Figure 1) or `mark1 prinz --fen "..." --json`
    Prinz(cli::prinz::PrinzArgs),
    /// Strachey's draughts (1952) on the emulated machine: play a game against the program
    /// (the moves entered on the hand switches with KAC, as its operators did), or one
    /// think on a position, the cross-check against `mark1 ref draughts best`, the 1952
    /// game's positions, the timing table.
    ///
    /// Example: `mark1 draughts --first human` (play), `mark1 draughts --script moves.txt
    /// --pdn game.pdn`, `mark1 draughts --think --fen "B:W21-32:B1-12" --strategy 1`,
    /// `mark1 draughts --check 1000`, `mark1 draughts --replay-1952`
    Draughts(cli::draughts::DraughtsArgs),
    /// Nim as Faster than Thought's universal-computer programme plays it (ch. 25):
    /// `mark1 nim --think --heaps 7,4,5,2 --k 2`, `mark1 nim --check 10000`.
    Nim(cli::nim::NimArgs),
    /// Turing's paper chess machine on the emulated machine: one move chosen by the
    /// programme, `mark1 turochamp [--fen "..."] [--json]`, or its legal move count
    /// (`--count`).
    Turochamp(cli::turochamp::TurochampArgs),
    /// A match between Samuel's checkers player (native, 1959) and Strachey's draughts
    /// program on the emulated Mark 1, its moves entered on the hand switches; or
    /// between two Samuel polynomials. Games stop at 70 moves, judged on material.
    ///
    /// Example: `mark1 match --white samuel --black strachey:1 --games 10 --pdn match.pdn`
    Match(cli::matches::MatchArgs),
    /// Michie's noughts-and-crosses machine, Bell's incomplete defence (`--machine
    /// defence`) or MENACE (`--machine menace`) (Bell 1972, ch. 1.3), on the emulated Mark 1: a game, your cells on the
    /// hand switches with KAC; one think (`--think --moves 5,1`); the comparison with the
    /// reference (`--check N`).
    ///
    /// Example: `mark1 noughts`, `mark1 noughts --check 10000`
    Noughts(cli::noughts::NoughtsArgs),
    /// MENACE, Michie's matchbox machine, on the emulated Mark 1 (Bell 1972, ch. 1.3):
    /// its boxes on the drum, and training against an opponent, the boxes kept in a drum
    /// image (`--drum`), the learning curve drawn (`--curve`). A game at the keys is
    /// `mark1 noughts --machine menace`.
    ///
    /// Example: `mark1 menace train --games 1000 --curve menace.png`, `mark1 menace boxes`
    Menace(cli::menace::MenaceArgs),
    /// The web console: a local HTTP server with the store tubes, the hand switches,
    /// the keys and the teleprinter in a browser, each tab its own machine (docs/web.md).
    ///
    /// Example: `mark1 serve`, then open http://127.0.0.1:8080/
    Serve(cli::serve::ServeArgs),
    /// Bridg-it as Bell's machine plays it (Bell 1972, ch. 1.2) on the emulated Mark 1:
    /// Gross's strategy by Bell's formula, and it knows when it has won; your crossings
    /// on the hand switches with KAC.
    ///
    /// Example: `mark1 bridgit --size 5`, `mark1 bridgit --check 10000`
    Bridgit(cli::bridgit::BridgitArgs),
    /// The knight's tour by Warnsdorff's rule on the emulated Mark 1, printed as Bell's
    /// Fig. 1.1 (Bell 1972, ch. 1): the starting square on the hand switches with KAC.
    ///
    /// Example: `mark1 knights-tour --from a1`, `mark1 knights-tour --check 10000`
    KnightsTour(cli::knights::KnightsArgs),
    /// Isaacs' Guess It with Bell's tables (Bell 1972, ch. 1.4) on the emulated Mark 1:
    /// a game, your asks, guesses and answers on the hand switches with KAC; one turn
    /// (`--think --moves KH,AS`); games against Bell's procedure (`--selfplay N`); the
    /// comparison with the reference (`--check N`).
    ///
    /// Example: `mark1 guess-it`, `mark1 guess-it --check 10000`
    GuessIt(cli::guessit::GuessitArgs),
    /// Run a SimH Ferranti Mark I command file (`.ini`) as SimH's shipped Mark I software
    /// uses them: att/det, set cpu kec|kac, dep/ex, go until, do/call/goto/if, feedptr,
    /// typein and appendtotape on the off-line perforator (docs/compatibility.md).
    ///
    /// Example: `mark1 simh run.ini Sample/HelloWorld.txt Sample/Steering.pt.txt`
    Simh(cli::simh::SimhArgs),
}

fn main() -> std::process::ExitCode {
    // A closed pipe (`mark1 draughts … | head`) ends the program as it does any Unix
    // tool, instead of a panic in println!.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // What is left on standard output after the last newline is written here, so that a
    // write error there is an error too ("cannot write to standard output: …", status 1).
    let result = dispatch(cli::parse_args::<Cli>()).and_then(|()| Ok(cli::out::flush_stdout()?));
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::from(cli::exit_status(&e))
        }
    }
}

/// Hands the parsed subcommand to its handler.
fn dispatch(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Run(a) => cli::run::run(a),
        Command::Profile(a) => cli::profile::run(a),
        Command::Asm(a) => cli::asm::run(a),
        Command::Disasm(a) => cli::disasm::run(a),
        Command::Console(a) => cli::console::run(a),
        Command::Debug(a) => cli::debug::run(a),
        Command::Ref { cmd } => cli::reference::run(&cmd, &mut cli::out::stdout()),
        Command::Prinz(a) => cli::prinz::run(a),
        Command::Draughts(a) => cli::draughts::run(a),
        Command::Nim(a) => cli::nim::run(a),
        Command::Turochamp(a) => cli::turochamp::run(a),
        Command::Match(a) => cli::matches::run(a),
        Command::Noughts(a) => cli::noughts::run(a),
        Command::Menace(a) => cli::menace::run(a),
        Command::Serve(a) => cli::serve::run(a),
        Command::Bridgit(a) => cli::bridgit::run(a),
        Command::KnightsTour(a) => cli::knights::run(a),
        Command::GuessIt(a) => cli::guessit::run(a),
        Command::Simh(a) => cli::simh::run(a),
    }
}
