//! `mark1`: the command-line front end. It parses the command line and hands each
//! subcommand to its module in `src/cli/` (its clap arguments and its handler); the work
//! is in the library.

mod cli;

use clap::Parser;

/// A beat-accurate emulator of the Ferranti Mark 1 (Manchester, 1951), with an
/// assembler, the period game programs on the emulated machine and native reference
/// engines that cross-check them.
#[derive(Parser)]
#[command(name = "mark1", version, about)]
struct Cli {
    #[command(subcommand)]
    command: cli::command::Command,
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
    let result = cli::command::dispatch(cli::parse_args::<Cli>(cli::command::grouped_help).command)
        .and_then(|()| Ok(cli::out::flush_stdout()?));
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::from(cli::exit_status(&e))
        }
    }
}
