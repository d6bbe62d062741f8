//! Reading a user's file with a size limit: every file mark1 reads because a user named
//! it (a program, a tape, a drum image, a script, a learned memory) is read here, through
//! [`read_limited`] or [`read_text`], with the [`Limit`] of its kind. A file above its
//! limit is refused with the file's name and the limit, after reading at most one byte
//! more than the limit: `/dev/zero` or a runaway file is refused at once instead of
//! filling the memory.
//!
//! The limits are far above any real file of the kind (the largest program of the
//! repository is 31 KB; a whole drum as a tape is under 600 KB) and far below what a
//! machine runs out of.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The size limit of one kind of file: at most `bytes` bytes, `what` naming the kind in
/// messages ("a drum image").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// The largest size accepted, in bytes.
    pub bytes: u64,
    /// The kind of file, as messages name it ("larger than the 131,072-byte limit for
    /// a drum image").
    pub what: &'static str,
}

/// Assembler source, and each file it includes: 4 MiB (4,194,304 bytes).
pub const SOURCE: Limit = Limit {
    bytes: 4 << 20,
    what: "assembler source",
};

/// A program file of a form not yet known (assembler source, a machine image (`.m1i`
/// text, under 1 MB for a whole drum and store) or a drum image: `mark1 run FILE`): 4
/// MiB, the largest of the three. A file named `.drm` is read with [`DRUM`] instead.
pub const PROGRAM: Limit = Limit {
    bytes: 4 << 20,
    what: "a program file",
};

/// A paper tape (raw rows or SimH paper-tape text): 4 MiB.
pub const TAPE: Limit = Limit {
    bytes: 4 << 20,
    what: "a paper tape",
};

/// A SimH drum image: exactly [`crate::formats::drm::DRM_BYTES`] (131,072 bytes), so
/// a larger file is refused after reading 131,073 bytes.
pub const DRUM: Limit = Limit {
    bytes: crate::formats::drm::DRM_BYTES as u64,
    what: "a drum image",
};

/// A script of commands (a console script, a debugger script, a SimH command file, a
/// game's moves one a line): 1 MiB (1,048,576 bytes).
pub const SCRIPT: Limit = Limit {
    bytes: 1 << 20,
    what: "a script",
};

/// A profiler symbol file (`track 12 = NAME`, one a line): 1 MiB.
pub const SYMBOLS: Limit = Limit {
    bytes: 1 << 20,
    what: "a symbol file",
};

/// A SimH coding-sheet LOAD file (the console's `load FILE`): 4 MiB (a whole drum of
/// sheets is under 1 MB).
pub const LOAD_SHEETS: Limit = Limit {
    bytes: 4 << 20,
    what: "a LOAD file",
};

/// What a learning player saved (Samuel's polynomial or rote memory as JSON; the rote
/// memory keeps at most 100,000 positions, about 10 MB): 64 MiB.
pub const LEARNED: Limit = Limit {
    bytes: 64 << 20,
    what: "a learned polynomial or rote memory",
};

/// One command typed or piped to a prompt (`mark1 console` reading standard input): 64 KiB
/// (65,536 bytes).
pub const COMMAND_LINE: Limit = Limit {
    bytes: 64 << 10,
    what: "a command line",
};

/// A line of a stream read by [`read_line_limited`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// The line's text, without its `\n` (a `\r` before it dropped).
    Text(String),
    /// The line is longer than the limit: its bytes were read and dropped.
    TooLong,
    /// The line is not UTF-8 text.
    NotText,
}

/// The next line of `r`, at most `limit.bytes` bytes kept: a longer line is read to
/// its end and dropped ([`Line::TooLong`]), so that one runaway line neither fills the
/// memory nor ends the reading; a line that is not UTF-8 is [`Line::NotText`]. `None`
/// at the end of the stream.
///
/// # Errors
/// The stream cannot be read.
pub fn read_line_limited(
    r: &mut impl std::io::BufRead,
    limit: Limit,
) -> std::io::Result<Option<Line>> {
    let max = usize::try_from(limit.bytes).unwrap_or(usize::MAX);
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let avail = match r.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let newline = avail.iter().position(|&b| b == b'\n');
        let chunk = &avail[..newline.unwrap_or(avail.len())];
        if !too_long {
            if buf.len() + chunk.len() > max {
                too_long = true;
                buf = Vec::new();
            } else {
                buf.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + usize::from(newline.is_some());
        r.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(t) => Line::Text(t),
        Err(_) => Line::NotText,
    }))
}

/// Why a user's file was not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("cannot read {}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said (in the message, not a source: said once).
        error: std::io::Error,
    },
    /// The file is larger than its kind's limit (only `limit.bytes + 1` bytes were
    /// read).
    #[error("{} is larger than the {}-byte limit for {}", path.display(), grouped(limit.bytes), limit.what)]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit it broke.
        limit: Limit,
    },
    /// The file was to be text ([`read_text`]) and is not UTF-8.
    #[error("{} is not UTF-8 text (byte offset {offset})", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
        /// The offset of the first byte that is not UTF-8.
        offset: usize,
    },
}

impl ReadError {
    /// Why the file was not read, without its name, for a message that names it
    /// already: the system's words, "larger than the 131,072-byte limit for a drum
    /// image", or "not UTF-8 text (byte offset N)".
    pub fn reason(&self) -> String {
        match self {
            ReadError::Io { error, .. } => error.to_string(),
            ReadError::TooLarge { limit, .. } => format!(
                "larger than the {}-byte limit for {}",
                grouped(limit.bytes),
                limit.what
            ),
            ReadError::NotText { offset, .. } => format!("not UTF-8 text (byte offset {offset})"),
        }
    }
}

/// `n` with a comma between groups of three digits: `131,072`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut s = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            s.push(',');
        }
        s.push(c);
    }
    s
}

/// The bytes of `path`, at most `limit.bytes` of them: the file is read through
/// `File::take(limit + 1)`, so that a larger file (or an endless one, `/dev/zero`) is
/// refused after reading one byte more than the limit.
///
/// # Errors
/// [`ReadError::Io`] when the file cannot be opened or read; [`ReadError::TooLarge`]
/// with the limit above it.
pub fn read_limited(path: &Path, limit: Limit) -> Result<Vec<u8>, ReadError> {
    let io = |error| ReadError::Io {
        path: path.to_path_buf(),
        error,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    // The size the file says it has, when it says one, saves reading a large file.
    if let Ok(meta) = file.metadata() {
        if meta.is_file() && meta.len() > limit.bytes {
            return Err(ReadError::TooLarge {
                path: path.to_path_buf(),
                limit,
            });
        }
    }
    let mut bytes = Vec::new();
    file.take(limit.bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit.bytes {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

/// The text of `path`, read as [`read_limited`] does and then checked to be UTF-8.
///
/// # Errors
/// As [`read_limited`], and [`ReadError::NotText`] with the first bad byte's offset.
pub fn read_text(path: &Path, limit: Limit) -> Result<String, ReadError> {
    let bytes = read_limited(path, limit)?;
    String::from_utf8(bytes).map_err(|e| ReadError::NotText {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_digits() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(131_072), "131,072");
        assert_eq!(grouped(4_194_304), "4,194,304");
    }

    #[test]
    fn lines_within_a_limit() {
        let four = Limit {
            bytes: 4,
            what: "a test line",
        };
        let mut r = std::io::Cursor::new(b"ab\r\nabcdefgh\n\xff\xfe\nok".to_vec());
        let mut got = Vec::new();
        while let Some(l) = read_line_limited(&mut r, four).unwrap() {
            got.push(l);
        }
        assert_eq!(
            got,
            [
                Line::Text("ab".into()),
                Line::TooLong,
                Line::NotText,
                Line::Text("ok".into())
            ]
        );
    }

    #[test]
    fn refuses_above_the_limit() {
        let dir = std::env::temp_dir().join(format!("mark1-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("f");
        std::fs::write(&p, [7u8; 11]).unwrap();
        let ten = Limit {
            bytes: 10,
            what: "a test file",
        };
        let e = read_limited(&p, ten).unwrap_err().to_string();
        assert!(
            e.ends_with("is larger than the 10-byte limit for a test file"),
            "{e}"
        );
        let eleven = Limit { bytes: 11, ..ten };
        assert_eq!(read_limited(&p, eleven).unwrap().len(), 11);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
