//! The period programs bundled with the library: their sources (compiled in with
//! `include_str!`), assembled once on first use, and their labels looked up by name.

use crate::asm::{self, Assembly, MapLoader};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Errors of a bundled program.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BundledError {
    /// The bundled source did not assemble (a bug in the program).
    #[error("{program} does not assemble:\n{message}")]
    Assembly {
        /// The program's main file, e.g. `programs/draughts.m1`.
        program: &'static str,
        /// The assembler's diagnostics.
        message: String,
    },
    /// The driver asked for a label the program does not define (a driver and program
    /// out of step).
    #[error("{program} has no label `{label}`")]
    UnknownLabel {
        /// The program's main file.
        program: &'static str,
        /// The label asked for.
        label: String,
    },
}

/// Errors of a run of a bundled program on the machine, for any game's driver: the
/// program itself is at fault, or the machine stopped where the driver did not expect.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The bundled program did not assemble, or lacks a label the driver uses (a bug in
    /// the program or the driver).
    #[error(transparent)]
    Program(#[from] BundledError),
    /// The machine stopped somewhere other than where the driver expected: how.
    #[error("the machine stopped unexpectedly: {0}")]
    Stopped(String),
}

/// `From<BundledError>` for a driver's error type that holds a [`RunError`] in its `Run`
/// variant: a bundled program's assembly or label error becomes a run error, the same way
/// for every game.
macro_rules! run_error_from_bundled {
    ($error:ident) => {
        impl From<$crate::games::bundled::BundledError> for $error {
            fn from(e: $crate::games::bundled::BundledError) -> Self {
                $error::Run(e.into())
            }
        }
    };
}
pub(crate) use run_error_from_bundled;

/// A bundled program: its source files by the names its includes use, the main file
/// first, and the assembly made from them on first use.
pub struct Bundled {
    sources: &'static [(&'static str, &'static str)],
    assembly: OnceLock<Result<Assembly, BundledError>>,
}

impl Bundled {
    /// A bundled program from `sources`: `(name, text)` pairs, the main file first (its
    /// name is the program's name in messages).
    pub const fn new(sources: &'static [(&'static str, &'static str)]) -> Bundled {
        Bundled {
            sources,
            assembly: OnceLock::new(),
        }
    }

    /// The program's main file, e.g. `programs/prinz.m1`.
    pub fn name(&self) -> &'static str {
        self.sources[0].0
    }

    /// The program assembled (once; later calls return the same assembly).
    ///
    /// # Errors
    /// [`BundledError::Assembly`] if the source does not assemble.
    pub fn assembly(&self) -> Result<&Assembly, BundledError> {
        self.assembly
            .get_or_init(|| {
                let map: BTreeMap<String, String> = self
                    .sources
                    .iter()
                    .map(|(n, t)| (n.to_string(), t.to_string()))
                    .collect();
                let (name, text) = self.sources[0];
                asm::assemble_str(name, text, &MapLoader(map)).map_err(|e| BundledError::Assembly {
                    program: name,
                    message: e.to_string(),
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The address of `label` in an assembly of this program.
    ///
    /// # Errors
    /// [`BundledError::UnknownLabel`] if the program does not define it.
    pub fn label(&self, assembly: &Assembly, label: &str) -> Result<u32, BundledError> {
        label_in(self.name(), assembly, label)
    }
}

/// The address of `label` in `assembly` (an assembly of `program`, named in the error).
///
/// # Errors
/// [`BundledError::UnknownLabel`] if the assembly does not define it.
pub fn label_in(
    program: &'static str,
    assembly: &Assembly,
    label: &str,
) -> Result<u32, BundledError> {
    assembly
        .symbols
        .get(label)
        .map(|s| s.value as u32)
        .ok_or_else(|| BundledError::UnknownLabel {
            program,
            label: label.to_string(),
        })
}

/// The result of comparing a bundled program with its native reference on a number of
/// positions, one line of text for each that differed (the Bell games' `--check`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Positions compared.
    pub positions: usize,
    /// What differed, one line a position.
    pub differences: Vec<String>,
}

impl CheckReport {
    /// The report from one result per position (`Some(line)` where it differed), the
    /// first error, if any, returned instead.
    ///
    /// # Errors
    /// The first position's error.
    pub fn collect<E>(
        positions: usize,
        results: impl IntoIterator<Item = Result<Option<String>, E>>,
    ) -> Result<CheckReport, E> {
        let mut differences = Vec::new();
        for r in results {
            if let Some(d) = r? {
                differences.push(d);
            }
        }
        Ok(CheckReport {
            positions,
            differences,
        })
    }

    /// The report as the commands print it: the first 20 differences, then the last
    /// line `N positions, D differences`.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for d in self.differences.iter().take(20) {
            s += d;
            s.push('\n');
        }
        s += &format!(
            "{} positions, {} differences\n",
            self.positions,
            self.differences.len()
        );
        s
    }
}

/// Where a program played at the keys stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// At its key routine, waiting for the opponent's move on the hand switches (KAC).
    Key,
    /// At its dynamic stop: the game is over.
    Over,
}

/// Runs `m` for at most `beats` beats until it reaches the breakpoint at `key_line`
/// (where `at_key` says the key routine really is in the store: programs that bring
/// units down over it say which) or the dynamic stop at `end_line`.
///
/// # Errors
/// [`RunError::Stopped`] when the machine stops anywhere else or runs out of beats.
pub fn run_to_wait(
    m: &mut crate::machine::Machine,
    key_line: u32,
    end_line: u32,
    beats: u64,
    at_key: impl Fn(&crate::machine::Machine) -> bool,
) -> Result<Waiting, RunError> {
    let at_key = |m: &crate::machine::Machine, _| at_key(m);
    super::keys_core::run_until(m, (key_line, end_line), beats, &at_key, &mut |_, _| {
        Ok(false)
    })?
    .ok_or_else(|| {
        RunError::Stopped(crate::machine::report::describe_stop(
            &crate::machine::Stop::BeatLimit,
        ))
    })
}

/// A long line read as a signed number: the machine's own
/// ([`crate::machine::store::signed40`]).
pub use crate::machine::store::signed40;
