//! The listing pass: every source line with the words it placed, in period notation.

use super::emit::Placed;
use super::source::Src;
use super::Place;
use crate::machine::code::line_chars;

/// One source line and the words it placed.
#[derive(Debug, Clone)]
struct ListLine {
    file: usize,
    line: usize,
    words: Vec<(Place, u32)>,
}

/// Every source line (includes where they stand) with its words.
#[derive(Debug, Clone, Default)]
pub(super) struct Listing(Vec<ListLine>);

impl Listing {
    /// Joins the layout's source lines ((file, 0-based line), listing order) with the
    /// words the emission pass placed (by index into `lines`).
    pub fn new(lines: &[(usize, usize)], placed: Vec<Placed>) -> Listing {
        let mut list: Vec<ListLine> = lines
            .iter()
            .map(|&(file, line)| ListLine {
                file,
                line,
                words: Vec::new(),
            })
            .collect();
        for (k, place, w) in placed {
            list[k].words.push((place, w));
        }
        Listing(list)
    }

    /// The listing's text: a `;;; file` line at each change of file, then per source
    /// line its number, location and content of each word, and the source text.
    pub fn render(&self, files: &[Src]) -> String {
        let mut s = String::new();
        let mut cur = usize::MAX;
        for l in &self.0 {
            if l.file != cur {
                cur = l.file;
                s.push_str(&format!(";;; {}\n", files[cur].name));
            }
            let text = files[l.file].lines[l.line].trim_end();
            let number = format!("{:>5}", l.line + 1);
            if l.words.is_empty() {
                s.push_str(format!("{number:>5}  {:>9} {:4}  {text}", "", "").trim_end());
                s.push('\n');
            }
            for (k, (p, w)) in l.words.iter().enumerate() {
                let (ln, src) = if k == 0 {
                    (&number[..], text)
                } else {
                    ("", "")
                };
                let loc = p.to_string();
                s.push_str(format!("{ln:>5}  {loc:>9} {}  {src}", line_chars(*w)).trim_end());
                s.push('\n');
            }
        }
        s
    }
}
