//! The files read during an assembly and the diagnostics raised against them, shared
//! by every pass.

use super::AsmError;

use super::MAX_ERRORS;

/// One source file: its name as reported and its lines.
#[derive(Debug, Clone)]
pub(super) struct Src {
    pub name: String,
    pub lines: Vec<String>,
}

/// Every file read (the main one first, then includes in the order met) and the
/// diagnostics found so far.
#[derive(Debug, Default)]
pub(super) struct Sources {
    pub files: Vec<Src>,
    errors: Vec<AsmError>,
    /// Warnings: the assembly goes on, they are shown beside its result.
    warnings: Vec<AsmError>,
    /// Diagnostics found after the first [`MAX_ERRORS`]: counted, not kept.
    dropped: usize,
    /// The cycles of equates already reported at a use (their names, sorted): a later
    /// use of the same cycle is not reported again.
    cycles: std::collections::HashSet<Vec<String>>,
}

/// The names of the cycle a `circular definition: a -> b -> a` message names, sorted,
/// or `None` for any other message.
pub(super) fn cycle_of(msg: &str) -> Option<Vec<String>> {
    let chain = msg.strip_prefix("circular definition: ")?;
    let mut names: Vec<String> = chain.split(" -> ").map(str::to_string).collect();
    names.sort();
    names.dedup();
    Some(names)
}

impl Sources {
    /// The name of file `file` as reported.
    pub fn file_name(&self, file: usize) -> &str {
        self.files.get(file).map_or("", |f| f.name.as_str())
    }

    /// Adds a file; returns its index.
    pub fn add(&mut self, name: &str, text: &str) -> usize {
        self.files.push(Src {
            name: name.to_string(),
            lines: text.lines().map(str::to_string).collect(),
        });
        self.files.len() - 1
    }

    /// Reports `msg` at byte offset `off` of line `line` (0-based) of file `file`. A
    /// circular definition met at a use is reported at the first use of its cycle only
    /// (the equates' own lines say it too: [`Sources::err_definition`]).
    pub fn err(&mut self, file: usize, line: usize, off: usize, msg: impl Into<String>) {
        let msg = msg.into();
        if let Some(cycle) = cycle_of(&msg) {
            if !self.cycles.insert(cycle) {
                return;
            }
        }
        self.err_definition(file, line, off, msg);
    }

    /// Reports `msg` as [`Sources::err`] does, a circular definition included (on an
    /// equate's own line).
    pub fn err_definition(&mut self, file: usize, line: usize, off: usize, msg: String) {
        if self.errors.len() >= MAX_ERRORS {
            self.dropped += 1;
            return;
        }
        let e = self.diagnostic(file, line, off, msg);
        self.errors.push(e);
    }

    /// Warns with `msg` at byte offset `off` of line `line` (0-based) of file `file`:
    /// the message is kept with `warning: ` before it, and the assembly goes on. At most
    /// [`MAX_ERRORS`] are kept.
    pub fn warn(&mut self, file: usize, line: usize, off: usize, msg: impl Into<String>) {
        if self.warnings.len() < MAX_ERRORS {
            let e = self.diagnostic(file, line, off, format!("warning: {}", msg.into()));
            self.warnings.push(e);
        }
    }

    /// A diagnostic at byte offset `off` of line `line` (0-based) of file `file`.
    fn diagnostic(&self, file: usize, line: usize, off: usize, message: String) -> AsmError {
        let src = &self.files[file];
        let text = src.lines.get(line).cloned().unwrap_or_default();
        let column = text.get(..off).map_or(1, |p| p.chars().count() + 1);
        AsmError {
            file: src.name.clone(),
            line: line + 1,
            column,
            source_line: text,
            message,
        }
    }

    /// The warnings in source order (as [`Sources::take_errors`] sorts the errors).
    pub fn take_warnings(&mut self) -> Vec<AsmError> {
        let mut w = std::mem::take(&mut self.warnings);
        w.dedup();
        let order = |e: &AsmError| {
            let file = self.files.iter().position(|f| f.name == e.file);
            (file, e.line, e.column)
        };
        w.sort_by_key(order);
        w
    }

    /// `file:line` (1-based) of line `line` of file `file`, as diagnostics cite it.
    pub fn at(&self, file: usize, line: usize) -> String {
        format!("{}:{}", self.files[file].name, line + 1)
    }

    /// The diagnostics in source order (file as first read, line, column) and how
    /// many more were found past [`MAX_ERRORS`], or `None` when there are none.
    pub fn take_errors(&mut self) -> Option<(Vec<AsmError>, usize)> {
        let mut errors = std::mem::take(&mut self.errors);
        errors.dedup();
        if errors.is_empty() {
            return None;
        }
        let order = |e: &AsmError| {
            let file = self.files.iter().position(|f| f.name == e.file);
            (file, e.line, e.column)
        };
        errors.sort_by_key(order);
        Some((errors, std::mem::take(&mut self.dropped)))
    }
}
