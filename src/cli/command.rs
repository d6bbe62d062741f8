//! The subcommands of `mark1`: one variant a subcommand, its arguments and its handler in
//! the module of the same name beside this one; [`dispatch`] hands each to its handler.

use anyhow::Result;
use clap::Subcommand;

/// The subcommands, each handled by its module in `src/cli/`.
#[derive(Subcommand)]
pub enum Command {
    /// Run a program (assembler source, image, SimH drum image or a boot tape) until the
    /// machine stops; print the teleprinter output and a summary.
    ///
    /// Example: `mark1 run programs/hello.m1`, `mark1 run hello.drm` or `mark1 run --tape
    /// hello.tape --json`
    Run(super::run::RunArgs),
    /// Run a program as `run` does and show where its time went: orders and beats by
    /// routine and by store line, magnetic transfers by half-track, device waits.
    ///
    /// Example: `mark1 profile programs/prinz.m1`, `mark1 profile draughts.drm --symbols
    /// strachey.sym --annotate`
    Profile(super::profile::ProfileArgs),
    /// Assemble a source file into a machine image (and optionally a listing, a boot
    /// tape, a SimH drum image).
    ///
    /// Example: `mark1 asm programs/prinz15.m1 -o prinz15.m1i --listing prinz15.lst`
    Asm(super::asm::AsmArgs),
    /// Disassemble an image (or source) in period notation with function names.
    ///
    /// Example: `mark1 disasm prinz15.m1i --page 0`
    Disasm(super::disasm::DisasmArgs),
    /// Work the machine from a script of console commands, as an operator would (kec,
    /// set h, kac, tape, go, expect, …; see docs/console.md).
    ///
    /// Example: `mark1 console --drum SchemeA.drm --script start.con`
    Console(super::console::ConsoleArgs),
    /// The console as a terminal user interface: the store tubes, the small tubes, lamps,
    /// paper and instruction history; single prepulses, runs at real, slow or full speed,
    /// breakpoints, the keys and switches (see docs/console.md). Without a terminal, or
    /// with --headless, applies --script and prints the final screen as text.
    ///
    /// Example: `mark1 debug programs/prinz15.m1` or `mark1 debug prinz15.m1 --script s.con --headless`
    Debug(super::debug::DebugArgs),
    /// Native reference engines, one a game: draughts, Prinz-rules chess, nim, Turing's
    /// paper machine, Samuel's checkers player and Bell's games, against which the period
    /// programs are checked.
    ///
    /// Example: `mark1 ref chess mate2 --fen "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"`
    Ref {
        #[command(subcommand)]
        cmd: super::reference::RefCommand,
    },
    /// Play any period program at the keys through the one model (`mark1 play --list`
    /// names them): the machine runs to its key routine, your moves go in on the hand
    /// switches with KAC.
    ///
    /// Example: `mark1 play nim --position "3 4 5" --first human`, `mark1 play bridgit
    /// --script moves.txt`
    Play(super::play::PlayArgs),
    /// Prinz's mate-in-two program (1951) on the emulated machine: the teleprinter
    /// transcript, then the figures against Faster than Thought's; `--check N` compares
    /// N positions with the reference engine.
    ///
    /// Example: `mark1 prinz` (Figure 1) or `mark1 prinz --fen "..." --json`
    Prinz(super::prinz::PrinzArgs),
    /// Strachey's draughts (1952) on the emulated machine: play a game against the program
    /// (the moves entered on the hand switches with KAC, as its operators did), or one
    /// think on a position, the cross-check against `mark1 ref draughts best`, the 1952
    /// game's positions, the timing table.
    ///
    /// Example: `mark1 draughts --first human` (play), `mark1 draughts --script moves.txt
    /// --pdn game.pdn`, `mark1 draughts --think --fen "B:W21-32:B1-12" --strategy 1`,
    /// `mark1 draughts --check 1000`, `mark1 draughts --replay-1952`
    Draughts(super::draughts::DraughtsArgs),
    /// Nim as Faster than Thought's universal-computer programme plays it (ch. 25):
    /// `mark1 nim --think --heaps 7,4,5,2 --k 2`, `mark1 nim --check 10000`.
    Nim(super::nim::NimArgs),
    /// Turing's paper chess machine on the emulated machine: one move chosen by the
    /// programme, `mark1 turochamp [--fen "..."] [--json]`, or its legal move count
    /// (`--count`).
    Turochamp(super::turochamp::TurochampArgs),
    /// A match between Samuel's checkers player (native, 1959) and Strachey's draughts
    /// program on the emulated Mark 1, its moves entered on the hand switches; or
    /// between two Samuel polynomials. Games stop at 70 moves, judged on material.
    ///
    /// Example: `mark1 match --white samuel --black strachey:1 --games 10 --pdn match.pdn`
    Match(super::matches::MatchArgs),
    /// Michie's noughts-and-crosses machine, Bell's incomplete defence (`--machine
    /// defence`) or MENACE (`--machine menace`) (Bell 1972, ch. 1.3), on the emulated Mark 1: a game, your cells on the
    /// hand switches with KAC; one think (`--think --moves 5,1`); the comparison with the
    /// reference (`--check N`).
    ///
    /// Example: `mark1 noughts`, `mark1 noughts --check 10000`
    Noughts(super::noughts::NoughtsArgs),
    /// MENACE, Michie's matchbox machine, on the emulated Mark 1 (Bell 1972, ch. 1.3):
    /// its boxes on the drum, and training against an opponent, the boxes kept in a drum
    /// image (`--drum`), the learning curve drawn (`--curve`). A game at the keys is
    /// `mark1 noughts --machine menace`.
    ///
    /// Example: `mark1 menace train --games 1000 --curve menace.png`, `mark1 menace boxes`
    Menace(super::menace::MenaceArgs),
    /// The web console: a local HTTP server with the store tubes, the hand switches,
    /// the keys and the teleprinter in a browser, each tab its own machine (docs/web.md).
    ///
    /// Example: `mark1 serve`, then open http://127.0.0.1:8080/
    Serve(super::serve::ServeArgs),
    /// Bridg-it as Bell's machine plays it (Bell 1972, ch. 1.2) on the emulated Mark 1:
    /// Gross's strategy by Bell's formula, and it knows when it has won; your crossings
    /// on the hand switches with KAC.
    ///
    /// Example: `mark1 bridgit --size 5`, `mark1 bridgit --check 10000`
    Bridgit(super::bridgit::BridgitArgs),
    /// The knight's tour by Warnsdorff's rule on the emulated Mark 1, printed as Bell's
    /// Fig. 1.1 (Bell 1972, ch. 1): the starting square on the hand switches with KAC.
    ///
    /// Example: `mark1 knights-tour --from a1`, `mark1 knights-tour --check 10000`
    KnightsTour(super::knights::KnightsArgs),
    /// King and rook against king worked out whole by the Mark 1 itself, Turing's
    /// "definite programme" (retrograde analysis, the table on the drum): the build, and
    /// a drum image's table compared with the reference.
    ///
    /// Example: `mark1 krk build --drum krk.drm`, `mark1 krk --check all --drum krk.drm`
    Krk(super::krk::KrkArgs),
    /// Isaacs' Guess It with Bell's tables (Bell 1972, ch. 1.4) on the emulated Mark 1:
    /// a game, your asks, guesses and answers on the hand switches with KAC; one turn
    /// (`--think --moves KH,AS`); games against Bell's procedure (`--selfplay N`); the
    /// comparison with the reference (`--check N`).
    ///
    /// Example: `mark1 guess-it`, `mark1 guess-it --check 10000`
    GuessIt(super::guessit::GuessitArgs),
    /// Torres Quevedo's chess machine, El Ajedrecista (1912), as a program of ours on the
    /// emulated Mark 1: its six-row table with rook and king against your king (your
    /// squares on the hand switches with KAC), the lamp for an illegal move and the
    /// refusal after the third; one move (`--think --fen F`); the comparison with the
    /// reference (`--check N|all`).
    ///
    /// Example: `mark1 ajedrecista --from d5`, `mark1 ajedrecista --check all`
    Ajedrecista(super::ajedrecista::AjedrecistaArgs),
    /// Run a SimH Ferranti Mark I command file (`.ini`) as SimH's shipped Mark I software
    /// uses them: att/det, set cpu kec|kac, dep/ex, go until, do/call/goto/if, feedptr,
    /// typein and appendtotape on the off-line perforator (docs/compatibility.md).
    ///
    /// Example: `mark1 simh run.ini Sample/HelloWorld.txt Sample/Steering.pt.txt`
    Simh(super::simh::SimhArgs),
}

/// Hands the parsed subcommand to its handler.
pub fn dispatch(command: Command) -> Result<()> {
    match command {
        Command::Run(a) => super::run::run(a),
        Command::Profile(a) => super::profile::run(a),
        Command::Asm(a) => super::asm::run(a),
        Command::Disasm(a) => super::disasm::run(a),
        Command::Console(a) => super::console::run(a),
        Command::Debug(a) => super::debug::run(a),
        Command::Ref { cmd } => super::reference::run(&cmd, &mut super::out::stdout()),
        Command::Play(a) => super::play::run(a),
        Command::Prinz(a) => super::prinz::run(a),
        Command::Draughts(a) => super::draughts::run(a),
        Command::Nim(a) => super::nim::run(a),
        Command::Turochamp(a) => super::turochamp::run(a),
        Command::Match(a) => super::matches::run(a),
        Command::Noughts(a) => super::noughts::run(a),
        Command::Menace(a) => super::menace::run(a),
        Command::Serve(a) => super::serve::run(a),
        Command::Bridgit(a) => super::bridgit::run(a),
        Command::KnightsTour(a) => super::knights::run(a),
        Command::Krk(a) => super::krk::run(a),
        Command::GuessIt(a) => super::guessit::run(a),
        Command::Ajedrecista(a) => super::ajedrecista::run(a),
        Command::Simh(a) => super::simh::run(a),
    }
}

/// The groups `mark1 --help` lists the subcommands under, in order; a subcommand named in
/// none is listed under "Other" (the test `every_subcommand_has_a_group` keeps this table
/// whole).
pub const GROUPS: &[(&str, &[&str])] = &[
    (
        "The machine and its tools",
        &[
            "run", "asm", "disasm", "console", "debug", "profile", "simh",
        ],
    ),
    (
        "Period programs on the emulated machine",
        &[
            "play",
            "prinz",
            "draughts",
            "nim",
            "turochamp",
            "noughts",
            "menace",
            "bridgit",
            "knights-tour",
            "guess-it",
            "ajedrecista",
            "krk",
            "match",
        ],
    ),
    ("Reference engines", &["ref"]),
    ("Servers", &["serve"]),
];

/// `cmd` (the top-level command) with its help listing the subcommands under
/// [`GROUPS`]' headings, each with the first line of its own help, instead of one flat
/// list.
pub fn grouped_help(cmd: clap::Command) -> clap::Command {
    let mut cmd = cmd;
    cmd.build();
    let subs: Vec<(String, String)> = cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(|s| {
            let about = s.get_about().map(|a| a.to_string()).unwrap_or_default();
            (s.get_name().to_string(), about)
        })
        .collect();
    let width = subs.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let line = |(n, a): &(String, String)| format!("  {n:width$}  {a}\n");
    let mut text = String::new();
    for (heading, names) in GROUPS {
        text += &format!("{heading}:\n");
        for name in *names {
            if let Some(s) = subs.iter().find(|(n, _)| n == name) {
                text += &line(s);
            }
        }
        text += "\n";
    }
    let known = |n: &str| n == "help" || GROUPS.iter().any(|(_, ns)| ns.contains(&n));
    let other: Vec<&(String, String)> = subs.iter().filter(|(n, _)| !known(n)).collect();
    if !other.is_empty() {
        text += "Other:\n";
        for s in other {
            text += &line(s);
        }
        text += "\n";
    }
    if let Some(s) = subs.iter().find(|(n, _)| n == "help") {
        text += &line(s);
        text += "\n";
    }
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\n{text}\
         Options:\n{{options}}{{after-help}}"
    );
    cmd.help_template(template)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[derive(clap::Parser)]
    struct Top {
        #[command(subcommand)]
        command: Command,
    }

    #[test]
    fn every_subcommand_has_a_group() {
        let cmd = Top::command();
        for s in cmd.get_subcommands() {
            let n = s.get_name();
            assert!(
                GROUPS.iter().any(|(_, ns)| ns.contains(&n)),
                "{n} is in no group of mark1 --help"
            );
        }
    }
}
