//! The moves of a game at the keys, read once for every command: from a script file
//! (`--script FILE`) or, without one, from standard input (the terminal), one a line.
//! A `#` starts a comment; blank lines (and lines that are only a comment) are skipped.
//! A script is read whole before the game (bounded by [`input::SCRIPT`], refused
//! "cannot read the script FILE: REASON"); a line from the terminal is read when the
//! game waits for it, after the command's prompt.

use anyhow::Result;
use mark1::formats::input;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The text of a script file, bounded and checked as UTF-8 ([`input::SCRIPT`]).
///
/// # Errors
/// "cannot read the script FILE: REASON" (missing, unreadable, larger than the limit,
/// not UTF-8 text).
pub fn read_script(path: &Path) -> Result<String> {
    input::read_text(path, input::SCRIPT)
        .map_err(|e| anyhow::anyhow!("cannot read the script {}: {}", path.display(), e.reason()))
}

/// A line's move: its text without the comment and the white space around it, empty
/// for a blank line or a comment.
pub fn move_text(line: &str) -> &str {
    line.split('#').next().unwrap_or("").trim()
}

/// One move's line as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The move's text ([`move_text`]: no comment, trimmed, never empty).
    pub text: String,
    /// Where it stands: the script's line number (1 the first), or the count of the
    /// terminal's lines read so far.
    pub number: usize,
}

/// Where a game's moves come from.
enum Source {
    /// A script's moves with their line numbers, in order.
    Script {
        path: PathBuf,
        lines: std::vec::IntoIter<Line>,
    },
    /// The terminal (standard input), or any reader in its place.
    Terminal {
        input: Box<dyn BufRead>,
        read: usize,
    },
}

/// The moves of a game: a script's lines, or the terminal's as the game asks for them.
pub struct Moves(Source);

impl Moves {
    /// The moves of `script` (read whole now, [`read_script`]) or, without one, of
    /// standard input.
    ///
    /// # Errors
    /// The script cannot be read ([`read_script`]).
    pub fn open(script: Option<&Path>) -> Result<Moves> {
        Ok(match script {
            Some(p) => Moves::script(p, &read_script(p)?),
            None => Moves::terminal(Box::new(std::io::stdin().lock())),
        })
    }

    /// The moves of a script's `text` (`path` names it in messages).
    pub fn script(path: &Path, text: &str) -> Moves {
        let lines: Vec<Line> = text
            .lines()
            .enumerate()
            .filter_map(|(i, l)| {
                let t = move_text(l);
                (!t.is_empty()).then(|| Line {
                    text: t.to_string(),
                    number: i + 1,
                })
            })
            .collect();
        Moves(Source::Script {
            path: path.to_path_buf(),
            lines: lines.into_iter(),
        })
    }

    /// The moves of `input` read as the terminal's: a line at a time, after the prompt.
    pub fn terminal(input: Box<dyn BufRead>) -> Moves {
        Moves(Source::Terminal { input, read: 0 })
    }

    /// Whether the moves are a script's (the terminal's otherwise).
    pub fn is_script(&self) -> bool {
        matches!(self.0, Source::Script { .. })
    }

    /// Every line of the script read by `parse` before the game starts, so that a bad
    /// line stops the command before anything runs; nothing for the terminal.
    ///
    /// # Errors
    /// The first line `parse` refuses: "FILE line N: REASON".
    pub fn check_script<T, E: std::fmt::Display>(
        &self,
        parse: impl Fn(&str) -> Result<T, E>,
    ) -> Result<()> {
        if let Source::Script { path, lines } = &self.0 {
            for l in lines.as_slice() {
                if let Err(e) = parse(&l.text) {
                    anyhow::bail!("{} line {}: {e}", path.display(), l.number);
                }
            }
        }
        Ok(())
    }

    /// The next move's line: the script's next, or the terminal's after `prompt` is
    /// written to `out` (blank lines and comments skipped, the prompt written again);
    /// `None` at the end of the script or of the input.
    ///
    /// # Errors
    /// Writing the prompt or reading the terminal failed.
    pub fn next_line(&mut self, prompt: &str, out: &mut dyn Write) -> Result<Option<Line>> {
        match &mut self.0 {
            Source::Script { lines, .. } => Ok(lines.next()),
            Source::Terminal { input, read } => loop {
                write!(out, "{prompt}")?;
                out.flush()?;
                let mut l = String::new();
                if input.read_line(&mut l)? == 0 {
                    return Ok(None);
                }
                *read += 1;
                let t = move_text(&l);
                if !t.is_empty() {
                    return Ok(Some(Line {
                        text: t.to_string(),
                        number: *read,
                    }));
                }
            },
        }
    }

    /// The next move read by `parse` ([`Moves::next_line`]): a line it refuses is
    /// answered on `out` with its reason (a line of its own) and the next is read, from
    /// the script or the terminal alike; `None` at the end.
    ///
    /// # Errors
    /// As [`Moves::next_line`], or writing a refusal failed.
    pub fn next_move<T>(
        &mut self,
        prompt: &str,
        out: &mut dyn Write,
        mut parse: impl FnMut(&str) -> Result<T, String>,
    ) -> Result<Option<(Line, T)>> {
        while let Some(line) = self.next_line(prompt, out)? {
            match parse(&line.text) {
                Ok(m) => return Ok(Some((line, m))),
                Err(why) => writeln!(out, "{why}")?,
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(t: &str) -> Result<u32, String> {
        match t.parse() {
            Ok(n) if (1..=9).contains(&n) => Ok(n),
            _ => Err(format!("`{t}` is not a cell 1-9")),
        }
    }

    #[test]
    fn a_script_skips_blanks_and_comments_and_numbers_its_lines() {
        let mut m = Moves::script(Path::new("s.txt"), "# me\n5\n\n  9 # corner\n#\n3\n");
        assert!(m.is_script());
        let mut out = Vec::new();
        let got: Vec<(String, usize)> = std::iter::from_fn(|| m.next_line("> ", &mut out).unwrap())
            .map(|l| (l.text, l.number))
            .collect();
        assert_eq!(got, [("5".into(), 2), ("9".into(), 4), ("3".into(), 6)]);
        // A script is never prompted for.
        assert!(out.is_empty());
    }

    #[test]
    fn a_bad_script_line_is_refused_before_the_game_with_its_line_number() {
        let m = Moves::script(Path::new("s.txt"), "# me\n5\n\nx\n");
        let e = m.check_script(cell).unwrap_err().to_string();
        assert_eq!(e, "s.txt line 4: `x` is not a cell 1-9");
        let ok = Moves::script(Path::new("s.txt"), "5\n1\n");
        assert!(ok.check_script(cell).is_ok());
    }

    #[test]
    fn the_terminal_is_prompted_and_a_refused_line_read_again() {
        let input = b"5\n\n# c\nx\n10\n7\n".to_vec();
        let mut m = Moves::terminal(Box::new(std::io::Cursor::new(input)));
        assert!(!m.is_script());
        let mut out = Vec::new();
        let (l, n) = m.next_move("cell> ", &mut out, cell).unwrap().unwrap();
        assert_eq!((l.text.as_str(), l.number, n), ("5", 1, 5));
        let (l, n) = m.next_move("cell> ", &mut out, cell).unwrap().unwrap();
        assert_eq!((l.number, n), (6, 7));
        assert!(m.next_move("cell> ", &mut out, cell).unwrap().is_none());
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "cell> cell> cell> cell> `x` is not a cell 1-9\ncell> `10` is not a cell 1-9\n\
             cell> cell> "
        );
    }

    #[test]
    fn a_missing_script_names_the_file_and_the_reason() {
        let e = Moves::open(Some(Path::new("/nonexistent/moves.txt")))
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.starts_with("cannot read the script /nonexistent/moves.txt: "),
            "{e}"
        );
    }
}
