//! The command line, one module a subcommand: each holds its clap (derive) arguments
//! and its handler `run`, and only wires flags to the library. [`machine`] holds the
//! machine flags the subcommands share, [`load`] the reading of program and tape files.

pub mod asm;
pub mod console;
pub mod debug;
pub mod disasm;
pub mod draughts;
pub mod load;
pub mod machine;
pub mod prinz;
pub mod reference;
pub mod run;
