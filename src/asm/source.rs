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
    /// Diagnostics found after the first [`MAX_ERRORS`]: counted, not kept.
    dropped: usize,
}

impl Sources {
    /// Adds a file; returns its index.
    pub fn add(&mut self, name: &str, text: &str) -> usize {
        self.files.push(Src {
            name: name.to_string(),
            lines: text.lines().map(str::to_string).collect(),
        });
        self.files.len() - 1
    }

    /// Reports `msg` at byte offset `off` of line `line` (0-based) of file `file`.
    pub fn err(&mut self, file: usize, line: usize, off: usize, msg: impl Into<String>) {
        if self.errors.len() >= MAX_ERRORS {
            self.dropped += 1;
            return;
        }
        let src = &self.files[file];
        let text = src.lines.get(line).cloned().unwrap_or_default();
        let column = text.get(..off).map_or(1, |p| p.chars().count() + 1);
        self.errors.push(AsmError {
            file: src.name.clone(),
            line: line + 1,
            column,
            source_line: text,
            message: msg.into(),
        });
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
