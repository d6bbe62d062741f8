//! Sessions kept across a reload of the tab and a restart of the server (docs/web.md,
//! "Reconnect"): each session has an id the page keeps, and its journal (what the visitor
//! did that can be done again on the deterministic machine: the program loaded or the game
//! started with its settings, the moves entered, the switches, the keys, the prepulses)
//! saved to a file of the server's data folder, `ID.json`, written atomically through
//! [`crate::formats::output::write_atomic`]. A new connection with the id replays the
//! journal on a new machine ([`super::session::WebSession::restore`]). An upload is not
//! kept (the journal says so, and the page is told plainly).
//!
//! Bounded: a journal holds at most [`MAX_STEPS`] steps (a longer one is marked as not
//! kept), the folder at most [`MAX_FILES`] journals and those saved since the last
//! pruning, none older than [`MAX_AGE`]; the oldest go first ([`Keeper::prune`], when a
//! session starts, at most once every [`PRUNE_EVERY`]).

use crate::formats::output::{write_atomic, Overwrite};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The most steps a journal keeps: a session that did more is marked as not kept
/// ([`Journal::lost`]) rather than grow its file without end.
pub const MAX_STEPS: usize = 4096;
/// The most journals a data folder keeps; the oldest are removed beyond it.
pub const MAX_FILES: usize = 1000;
/// Journals untouched this long are removed: a week.
pub const MAX_AGE: Duration = Duration::from_secs(7 * 24 * 3600);
/// The longest journal file read back, in bytes (a journal of [`MAX_STEPS`] steps is far
/// shorter; a longer file is not ours).
pub const MAX_FILE: u64 = 4 << 20;

/// What a session did that can be done again: its steps (the page's messages, in their
/// generic JSON form, and `{"op":"waited"}` where the program reached its wait), or why it
/// cannot be restored.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Journal {
    /// The steps, oldest first.
    pub steps: Vec<serde_json::Value>,
    /// Set when the session's machine holds what a replay cannot give back (an upload,
    /// by its name; a journal too long): the reason, in words.
    pub lost: Option<String>,
    /// The period-software folder (`mark1 serve --period-software`) the session's program
    /// or game came from (Strachey's original draughts, Love Letters), if it did: it is
    /// restored only by a server with the same folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_software: Option<String>,
    /// Changes made, for the server to know when to save (not saved).
    #[serde(skip)]
    pub changes: u64,
}

impl Journal {
    /// Starts afresh (a program loaded, a game started): the steps so far forgotten but
    /// the speed, which is the session's, not the program's.
    pub fn restart(&mut self) {
        let speed = self.steps.iter().rfind(|s| s["op"] == "speed").cloned();
        self.steps.clear();
        self.steps.extend(speed);
        self.lost = None;
        self.period_software = None;
        self.changes += 1;
    }

    /// Adds a step. Consecutive settings of the same thing (the same switch, the pages,
    /// the speed) keep only the last; beyond [`MAX_STEPS`] the journal is marked lost.
    pub fn push(&mut self, step: serde_json::Value) {
        self.changes += 1;
        if self.lost.is_some() {
            return;
        }
        let same = |a: &serde_json::Value, b: &serde_json::Value| {
            let op = a["op"].as_str().unwrap_or("");
            a["op"] == b["op"]
                && match op {
                    "switch" => a["bit"] == b["bit"],
                    "stop_switch" => a["which"] == b["which"],
                    "pages" | "speed" | "waited" => true,
                    _ => false,
                }
        };
        if let Some(last) = self.steps.last_mut() {
            if same(last, &step) {
                *last = step;
                return;
            }
        }
        if self.steps.len() >= MAX_STEPS {
            self.steps.clear();
            self.lost = Some(format!(
                "this session did more than {MAX_STEPS} steps, more than the server keeps"
            ));
            return;
        }
        self.steps.push(step);
    }

    /// Marks the journal as not restorable, with the reason.
    pub fn lose(&mut self, reason: String) {
        self.steps.clear();
        self.lost = Some(reason);
        self.changes += 1;
    }
}

/// A new session id: 128 bits from the system's random source, as 32 hexadecimal digits.
/// `None` if the system gives no random numbers (the session is then not kept).
pub fn new_id() -> Option<String> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).ok()?;
    Some(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// Whether `id` has the form [`new_id`] gives (32 lower-case hexadecimal digits): only
/// such ids name files.
pub fn valid_id(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c))
}

/// The server's data folder, where the journals are kept.
#[derive(Clone, Debug)]
pub struct Keeper {
    dir: PathBuf,
    /// When [`Keeper::prune_now_and_then`] last pruned.
    pruned: std::sync::Arc<std::sync::Mutex<Option<std::time::Instant>>>,
}

/// [`Keeper::prune_now_and_then`] prunes at most this often: a minute.
pub const PRUNE_EVERY: Duration = Duration::from_secs(60);

impl Keeper {
    /// The data folder `dir`, made if it does not exist.
    ///
    /// # Errors
    /// The folder cannot be made or is not a folder: the folder and the reason.
    pub fn open(dir: &Path) -> Result<Keeper, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the data folder {}: {e}", dir.display()))?;
        if !dir.is_dir() {
            return Err(format!("the data folder {} is not a folder", dir.display()));
        }
        Ok(Keeper {
            dir: dir.to_path_buf(),
            pruned: Default::default(),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    /// The journal saved for `id`: `None` if there is none (or the id is not one of
    /// ours).
    ///
    /// # Errors
    /// The file cannot be read or is not a journal: the file and the reason.
    pub fn load(&self, id: &str) -> Option<Result<Journal, String>> {
        if !valid_id(id) {
            return None;
        }
        let path = self.path(id);
        let md = std::fs::metadata(&path).ok()?;
        if md.len() > MAX_FILE {
            return Some(Err(format!(
                "{}: {} bytes, more than the {MAX_FILE} a journal may have",
                path.display(),
                md.len()
            )));
        }
        Some(
            std::fs::read(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
                .and_then(|b| {
                    serde_json::from_slice(&b)
                        .map_err(|e| format!("{} is not a session's journal: {e}", path.display()))
                }),
        )
    }

    /// Saves `journal` as `id`'s, atomically (the old file stays whole until the new one
    /// is complete).
    ///
    /// # Errors
    /// The file cannot be written: the file and the reason.
    pub fn save(&self, id: &str, journal: &Journal) -> Result<(), String> {
        if !valid_id(id) {
            return Err(format!("session id `{id}` is not one of the server's"));
        }
        let bytes = serde_json::to_vec(journal).map_err(|e| e.to_string())?;
        write_atomic(&self.path(id), &bytes, Overwrite::Allow).map_err(|e| e.to_string())
    }

    /// [`Keeper::prune`], at most once every [`PRUNE_EVERY`] (a session starts often; the
    /// folder is read whole each time). Returns how many files it removed.
    pub fn prune_now_and_then(&self) -> usize {
        {
            let mut last = self.pruned.lock().unwrap_or_else(|e| e.into_inner());
            if last.is_some_and(|t| t.elapsed() < PRUNE_EVERY) {
                return 0;
            }
            *last = Some(std::time::Instant::now());
        }
        self.prune()
    }

    /// Removes journals older than [`MAX_AGE`], then the oldest beyond [`MAX_FILES`], and
    /// temporary files left by an interrupted write. Returns how many files it removed.
    pub fn prune(&self) -> usize {
        self.prune_to(MAX_FILES, MAX_AGE)
    }

    /// [`Keeper::prune`] with other bounds: at most `most` journals, none older than
    /// `age`.
    pub fn prune_to(&self, most: usize, age: Duration) -> usize {
        let max_age = age;
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return 0;
        };
        let now = SystemTime::now();
        let mut journals = Vec::new();
        let mut removed = 0;
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let modified = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            let age = now.duration_since(modified).unwrap_or_default();
            let ours = name.strip_suffix(".json").is_some_and(valid_id);
            let tmp = name.ends_with(".mark1-tmp") && age > Duration::from_secs(60);
            if tmp || (ours && age > max_age) {
                removed += usize::from(std::fs::remove_file(e.path()).is_ok());
            } else if ours {
                journals.push((modified, e.path()));
            }
        }
        if journals.len() > most {
            journals.sort();
            let excess = journals.len() - most;
            for (_, p) in journals.into_iter().take(excess) {
                removed += usize::from(std::fs::remove_file(p).is_ok());
            }
        }
        removed
    }
}

/// The data folder `mark1 serve` uses unless told (`--data`): `mark1/web-sessions` under
/// the user's data folder (`$XDG_DATA_HOME`, or `~/.local/share`), or `./mark1-data`
/// when neither is known.
pub fn default_dir() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        });
    match base {
        Some(b) => b.join("mark1").join("web-sessions"),
        None => PathBuf::from("mark1-data"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn journals_are_saved_bounded_and_pruned() {
        let dir = tempfile::tempdir().unwrap();
        let k = Keeper::open(&dir.path().join("data")).unwrap();
        let id = new_id().unwrap();
        assert!(valid_id(&id), "{id}");
        assert!(!valid_id("../../etc/passwd") && !valid_id(&id.to_uppercase()));
        assert!(k.load(&id).is_none());
        let mut j = Journal::default();
        j.push(serde_json::json!({"op":"load","program":"hello"}));
        j.push(serde_json::json!({"op":"switch","bit":3,"on":true}));
        j.push(serde_json::json!({"op":"switch","bit":3,"on":false}));
        j.push(serde_json::json!({"op":"switch","bit":4,"on":true}));
        assert_eq!(j.steps.len(), 3, "{:?}", j.steps);
        k.save(&id, &j).unwrap();
        let back = k.load(&id).unwrap().unwrap();
        assert_eq!(back.steps, j.steps);
        // Too many steps: marked lost, not grown.
        for i in 0..MAX_STEPS + 1 {
            j.push(serde_json::json!({"op":"move","text":i.to_string()}));
        }
        assert!(j.steps.is_empty() && j.lost.is_some());
        // A file that is not a journal is refused with its name.
        std::fs::write(k.dir().join(format!("{id}.json")), "nonsense").unwrap();
        let e = k.load(&id).unwrap().unwrap_err();
        assert!(
            e.contains(&id) && e.contains("not a session's journal"),
            "{e}"
        );
        // Beyond the most kept, the oldest go; and those too old.
        for _ in 0..14 {
            k.save(&new_id().unwrap(), &Journal::default()).unwrap();
        }
        assert_eq!(k.prune_to(10, MAX_AGE), 5);
        let left = std::fs::read_dir(k.dir()).unwrap().count();
        assert_eq!(left, 10);
        assert_eq!(k.prune(), 0);
        assert_eq!(k.prune_to(100, Duration::ZERO), 10);
    }
}
