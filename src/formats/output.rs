//! Writing a user's file: the one place every command and the console write a file
//! through (docs/guide.md, "Files mark1 writes").
//!
//! - Atomic: the bytes go to a temporary file in the same folder, which is then renamed
//!   over the name, so that a failure (a full disk, an interrupted run) leaves the old
//!   file whole and no half-written one.
//! - Never clobbered without asking: an existing file is replaced only with
//!   [`Overwrite::Allow`] (a command's `--force`, the console's `-f`), and never when it is
//!   one of the command's inputs.
//! - Identity kept: a symbolic link is written through to its target (the link stays a
//!   link), the file keeps its mode, and a read-only file is refused rather than replaced.
//! - A device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written straight to: there
//!   is no old file to keep and nothing to rename.
//!
//! [`check`] does every refusal without writing, so that a command can check all its
//! outputs before it does its work and before it writes any of them.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether an existing file may be replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overwrite {
    /// An existing file is refused ([`OutputError::Exists`]).
    Refuse,
    /// An existing file is replaced (atomically, its mode kept).
    Allow,
}

impl Overwrite {
    /// `Allow` when the user asked (`--force`, `-f`), else `Refuse`.
    pub fn from_force(force: bool) -> Overwrite {
        if force {
            Overwrite::Allow
        } else {
            Overwrite::Refuse
        }
    }
}

/// Why a file was not written. Each message names the file and the reason.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The file exists and replacing it was not asked for.
    #[error("{} already exists: not replaced unless asked (--force; in the console, -f)", .0.display())]
    Exists(PathBuf),
    /// The name is a folder.
    #[error("cannot write {}: it is a folder", .0.display())]
    IsFolder(PathBuf),
    /// The folder the file would go in does not exist (or is not a folder).
    #[error("cannot write {}: the folder {} does not exist", .path.display(), .folder.display())]
    NoFolder {
        /// The file.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// The file exists and has no write permission.
    #[error("cannot write {}: the file is read-only", .0.display())]
    ReadOnly(PathBuf),
    /// The file is one the command reads.
    #[error("cannot write {}: it is an input of this command ({}), not overwritten", .path.display(), .input.display())]
    Input {
        /// The output named.
        path: PathBuf,
        /// The input it is.
        input: PathBuf,
    },
    /// Two outputs of one command name the same file.
    #[error("{} is named as two outputs", .0.display())]
    Twice(PathBuf),
    /// The system refused (a full disk, no permission on the folder, …).
    #[error("cannot write {}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

/// The file a name writes to: a symbolic link's target (followed to the end, or one
/// level when it dangles), else the name itself.
fn target(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(md) if md.file_type().is_symlink() => match std::fs::canonicalize(path) {
            Ok(t) => t,
            Err(_) => match std::fs::read_link(path) {
                Ok(l) if l.is_absolute() => l,
                Ok(l) => path.parent().unwrap_or(Path::new("")).join(l),
                Err(_) => path.to_path_buf(),
            },
        },
        _ => path.to_path_buf(),
    }
}

/// The folder of `path`, `.` for a bare name.
fn folder(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Whether two names are the same file (both existing).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
        false
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// Checks that `path` may be written under `overwrite`, without writing it: not a
/// folder, its folder exists, not an existing file unless `Allow`, not read-only, not one
/// of `inputs` (compared as files: a link or another name of an input counts).
///
/// # Errors
/// The first refusal, naming the file and the reason.
pub fn check(path: &Path, overwrite: Overwrite, inputs: &[&Path]) -> Result<(), OutputError> {
    let t = target(path);
    for input in inputs {
        if same_file(&t, input) {
            return Err(OutputError::Input {
                path: path.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
    }
    match std::fs::metadata(&t) {
        Ok(md) if md.is_dir() => Err(OutputError::IsFolder(path.to_path_buf())),
        // A device or a pipe: written straight to, nothing to keep.
        Ok(md) if !md.is_file() => Ok(()),
        Ok(_) if overwrite == Overwrite::Refuse => Err(OutputError::Exists(path.to_path_buf())),
        Ok(md) if md.permissions().readonly() => Err(OutputError::ReadOnly(path.to_path_buf())),
        Ok(_) => Ok(()),
        Err(_) => {
            let f = folder(&t);
            if f.is_dir() {
                Ok(())
            } else {
                Err(OutputError::NoFolder {
                    path: path.to_path_buf(),
                    folder: f,
                })
            }
        }
    }
}

/// Checks several outputs of one command at once ([`check`] each), and that no two name
/// the same file.
///
/// # Errors
/// The first refusal.
pub fn check_all(
    paths: &[&Path],
    overwrite: Overwrite,
    inputs: &[&Path],
) -> Result<(), OutputError> {
    // Compared as absolute names (`out` and `./out` are one file), or as files.
    let absolute = |p: &Path| std::path::absolute(target(p)).unwrap_or_else(|_| target(p));
    for (i, p) in paths.iter().enumerate() {
        check(p, overwrite, inputs)?;
        let t = absolute(p);
        if paths[..i]
            .iter()
            .any(|q| absolute(q) == t || same_file(&absolute(q), &t))
        {
            return Err(OutputError::Twice(p.to_path_buf()));
        }
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically: [`check`]ed first, then a temporary file in the
/// target's folder, flushed to the disk, given the old file's mode (a new file: 0666 less
/// the umask), and renamed over the target (a symbolic link is written through, and stays
/// a link). With [`Overwrite::Refuse`] the rename itself refuses a file that appeared
/// meanwhile. A device or a pipe is written straight to.
///
/// # Errors
/// A refusal of [`check`], or the system's error (the old file, if any, left whole and
/// no temporary file left behind).
pub fn write_atomic(path: &Path, bytes: &[u8], overwrite: Overwrite) -> Result<(), OutputError> {
    check(path, overwrite, &[])?;
    let io = |source: std::io::Error| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    let t = target(path);
    let old = std::fs::metadata(&t).ok();
    if let Some(md) = &old {
        if !md.is_file() {
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .truncate(true)
                .open(&t)
                .map_err(io)?;
            return f.write_all(bytes).and_then(|()| f.flush()).map_err(io);
        }
    }
    let name = t
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut b = tempfile::Builder::new();
    let prefix = format!(".{name}.");
    b.prefix(&prefix).suffix(".mark1-tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // 0666 less the umask, as a file created by open(2).
        b.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = b.tempfile_in(folder(&t)).map_err(io)?;
    tmp.write_all(bytes).map_err(io)?;
    if let Some(md) = &old {
        tmp.as_file()
            .set_permissions(md.permissions())
            .map_err(io)?;
    }
    tmp.as_file().sync_all().map_err(io)?;
    match overwrite {
        Overwrite::Allow => tmp.persist(&t).map(drop).map_err(|e| io(e.error)),
        Overwrite::Refuse => tmp.persist_noclobber(&t).map(drop).map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                OutputError::Exists(path.to_path_buf())
            } else {
                io(e.error)
            }
        }),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn refuses_replaces_and_keeps_the_mode() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("a.txt");
        write_atomic(&f, b"one", Overwrite::Refuse).unwrap();
        assert!(matches!(
            write_atomic(&f, b"two", Overwrite::Refuse),
            Err(OutputError::Exists(_))
        ));
        assert_eq!(std::fs::read(&f).unwrap(), b"one");
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o604)).unwrap();
        write_atomic(&f, b"two", Overwrite::Allow).unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"two");
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o604);
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o444)).unwrap();
        assert!(matches!(
            write_atomic(&f, b"three", Overwrite::Allow),
            Err(OutputError::ReadOnly(_))
        ));
        assert_eq!(std::fs::read(&f).unwrap(), b"two");
        // Nothing but the file is left in the folder.
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
    }

    #[test]
    fn links_are_written_through_and_devices_written_to() {
        let d = tempfile::tempdir().unwrap();
        let link = d.path().join("link");
        // A dangling link: its target is created, the link stays.
        std::os::unix::fs::symlink("target", &link).unwrap();
        write_atomic(&link, b"x", Overwrite::Refuse).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(d.path().join("target")).unwrap(), b"x");
        // A device is written to, not replaced by a file.
        write_atomic(Path::new("/dev/null"), b"x", Overwrite::Refuse).unwrap();
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
        // Errors name the file and the reason.
        let e = check(&d.path().join("no/x"), Overwrite::Allow, &[]).unwrap_err();
        assert!(e.to_string().contains("does not exist"), "{e}");
        let e = check(d.path(), Overwrite::Allow, &[]).unwrap_err();
        assert!(e.to_string().contains("folder"), "{e}");
    }
}
