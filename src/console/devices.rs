//! The files attached to the machine's devices, and what is written back to them.
//!
//! * **drum**: a SimH drum image (`.drm`, [`crate::formats::drm`]). Attached persistent
//!   (the default of `attach drum`), it is written back to its file when detached, when
//!   another drum is attached, and when the session finishes (the end of a script, `quit`,
//!   end of input) if the machine or a `deposit` changed it. Attached read-only (`attach
//!   -r`, `--read-only`) or after `set drum nopersistent`, the file is never written;
//!   the machine still writes the drum in its own memory. The old `drum FILE` command
//!   (and `mark1 console --drum`) reads an image without persistence.
//! * **reader**: a tape file put in the reader (as `tape FILE`); detaching takes the
//!   tape out.
//! * **punch**: the rows punched from the moment the punch is attached are written to
//!   the file as SimH paper-tape text (`.pt.txt`, [`crate::formats::tape`]), which the
//!   reader reads back. Attaching switches the punch on (SimH has no punch switch: its
//!   punch punches when attached). The file is rewritten after every command that ran
//!   the machine, and at detach.
//! * **printer**: the paper printed from the moment the printer is attached, as text,
//!   rewritten likewise.
//!
//! Output is two-stage (Prinz §26(5)–(9)): the last order a program sets up is carried
//! out only by its next output order, so it is in neither file until then.

use std::path::PathBuf;

/// A device a file can be attached to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Device {
    /// The magnetic drum (`drum`).
    Drum,
    /// The tape reader (`reader`, SimH's `ptr`).
    Reader,
    /// The tape punch (`punch`, SimH's `ptp`).
    Punch,
    /// The teleprinter's paper (`printer`, SimH's `lpt`).
    Printer,
}

impl Device {
    /// Reads a device name: `drum`, `reader` or `ptr`, `punch` or `ptp`, `printer` or
    /// `lpt` (any case).
    pub fn parse(s: &str) -> Option<Device> {
        Some(match s.to_ascii_lowercase().as_str() {
            "drum" => Device::Drum,
            "reader" | "ptr" => Device::Reader,
            "punch" | "ptp" => Device::Punch,
            "printer" | "lpt" => Device::Printer,
            _ => return None,
        })
    }

    /// The name as the console writes it.
    pub fn name(self) -> &'static str {
        match self {
            Device::Drum => "drum",
            Device::Reader => "reader",
            Device::Punch => "punch",
            Device::Printer => "printer",
        }
    }
}

/// The drum's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrumFile {
    /// The image file.
    pub path: PathBuf,
    /// Written back when detached or at the end of the session.
    pub persistent: bool,
    /// Attached read-only: never written back, whatever `set drum persistent` says.
    pub read_only: bool,
}

/// An output device's file and where its output starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    /// The file.
    pub path: PathBuf,
    /// The punched rows ([`crate::machine::io::Teleprinter::punched`]) or the paper's
    /// bytes ([`crate::machine::Machine::printer_text`]) before the attachment: not
    /// written to the file.
    pub from: usize,
}

/// The files attached to the devices of a session.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Devices {
    /// The drum's image file, if any.
    pub drum: Option<DrumFile>,
    /// The file the reader's tape came from, if any.
    pub reader: Option<PathBuf>,
    /// The punch's file, if any.
    pub punch: Option<OutputFile>,
    /// The printer's file, if any.
    pub printer: Option<OutputFile>,
}

use super::Session;
use crate::formats::drm::{read_drm, write_drm};
use crate::formats::input;
use crate::formats::output::{check, write_atomic, Overwrite};
use crate::formats::tape::{read_any, write_pt_text};
use std::path::Path;

/// Writes `bytes` over `path` as mark1 writes every file ([`write_atomic`]): through a
/// temporary file beside it renamed over it, so that a failure never leaves half a file;
/// a symbolic link written through to its target, the mode kept, a read-only file
/// refused. Used for what the session itself owns (an attached drum's write-back, the
/// punch's and printer's files once attached); `save` decides about an existing file
/// before it comes here.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_atomic(path, bytes, Overwrite::Allow).map_err(|e| e.to_string())
}

impl Session {
    /// Reads a drum image file onto the drum (the old `drum FILE`: not written back).
    ///
    /// # Errors
    /// The file cannot be read or is not a drum image (with the reason).
    pub fn attach_drum(&mut self, file: &Path) -> Result<(), String> {
        self.attach_drum_file(file, false, false, false)
    }

    /// Puts a tape file (`.pt.txt` text, or raw one-row-per-byte) in the reader; what was
    /// left of the previous tape is taken out, as an operator would.
    ///
    /// # Errors
    /// The file cannot be read or is malformed (with the reason).
    pub fn load_tape_file(&mut self, file: &Path) -> Result<(), String> {
        let bytes = input::read_limited(file, input::TAPE).map_err(|e| e.to_string())?;
        let rows = read_any(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        self.machine.load_tape(&rows);
        self.devices.reader = Some(file.to_path_buf());
        Ok(())
    }

    /// Attaches the drum image `file`, first detaching the drum attached before (written
    /// back if persistent). `persistent`: written back at detach and at the end of the
    /// session; `read_only`: never written back, whatever `set drum` says; `new`: a
    /// file that does not exist starts an empty drum (written at detach if persistent).
    ///
    /// # Errors
    /// The previous drum cannot be written back; the file cannot be read or is not a
    /// drum image.
    pub(super) fn attach_drum_file(
        &mut self,
        file: &Path,
        persistent: bool,
        read_only: bool,
        new: bool,
    ) -> Result<(), String> {
        // A drum that will be written back must be writable where it is: refused now,
        // not at the end of the session (a read-only file, a missing folder).
        if persistent && !read_only {
            check(file, Overwrite::Allow, &[]).map_err(|e| match e {
                crate::formats::output::OutputError::ReadOnly(_) => format!(
                    "{} is read-only: attach it with -r to use it without writing it back",
                    file.display()
                ),
                e => e.to_string(),
            })?;
        }
        if self.devices.drum.is_some() {
            self.detach(Device::Drum)?;
        }
        if new && !file.exists() {
            self.machine.drum.load_words(&[]);
            self.machine.drum.dirty = true;
        } else {
            let bytes = input::read_limited(file, input::DRUM).map_err(|e| {
                if file.exists() {
                    e.to_string()
                } else {
                    // A new drum is asked for with -n: say so.
                    format!(
                        "{e}; `attach -n drum {}` starts a new, empty drum in that file",
                        file.display()
                    )
                }
            })?;
            let words = read_drm(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
            self.machine.drum.load_words(&words);
        }
        self.devices.drum = Some(DrumFile {
            path: file.to_path_buf(),
            persistent: persistent && !read_only,
            read_only,
        });
        Ok(())
    }

    /// Attaches `file` to `device` (see the module documentation for what each keeps).
    /// `read_only` and `new` concern the drum only. The drum is attached persistent
    /// unless read-only or `set drum nopersistent` is in force. `force` concerns the
    /// punch and the printer: their file is mark1's from the attachment on, rewritten
    /// with what they hold as it grows; an existing file is refused unless `force`
    /// (`attach -f`), so that nothing is emptied without asking.
    ///
    /// # Errors
    /// The file cannot be read (drum, reader) or created (punch, printer), exists
    /// (punch, printer, without `force`), is read-only (a drum written back, punch,
    /// printer); a device attached before cannot be written back.
    pub fn attach(
        &mut self,
        device: Device,
        file: &Path,
        read_only: bool,
        new: bool,
        force: bool,
    ) -> Result<(), String> {
        match device {
            Device::Drum => self.attach_drum_file(file, self.drum_persistent, read_only, new),
            Device::Reader => self.load_tape_file(file),
            Device::Punch | Device::Printer => {
                let own = |o: &Option<OutputFile>| o.as_ref().is_some_and(|o| o.path == file);
                // Attached again to the file it already has: it is the session's own.
                let again = own(&self.devices.punch) || own(&self.devices.printer);
                check(file, Overwrite::from_force(force || again), &[])
                    .map_err(|e| e.to_string())?;
                if self.attached(device) {
                    self.detach(device)?;
                }
                let t = &mut self.machine.teleprinter;
                let from = if device == Device::Punch {
                    t.punch_on = true;
                    t.punched().len()
                } else {
                    self.machine.printer_text().len()
                };
                let out = Some(OutputFile {
                    path: file.to_path_buf(),
                    from,
                });
                if device == Device::Punch {
                    self.devices.punch = out;
                } else {
                    self.devices.printer = out;
                }
                self.flush_outputs()
            }
        }
    }

    /// Whether a file is attached to `device`.
    pub fn attached(&self, device: Device) -> bool {
        let d = &self.devices;
        match device {
            Device::Drum => d.drum.is_some(),
            Device::Reader => d.reader.is_some(),
            Device::Punch => d.punch.is_some(),
            Device::Printer => d.printer.is_some(),
        }
    }

    /// Detaches `device`: a persistent drum changed since it was read or written is
    /// written back; the punch's and printer's files are brought up to date; the reader's
    /// tape is taken out.
    ///
    /// # Errors
    /// Nothing is attached to `device`; its file cannot be written (it stays attached).
    pub fn detach(&mut self, device: Device) -> Result<(), String> {
        if !self.attached(device) {
            return Err(format!("no file is attached to the {}", device.name()));
        }
        match device {
            Device::Drum => {
                if let Some(d) = &self.devices.drum {
                    if d.persistent && !d.read_only && self.machine.drum.dirty {
                        write_file(&d.path, &write_drm(self.machine.drum.words()))?;
                        self.machine.drum.mark_clean();
                        self.messages
                            .push(format!("drum written back to {}", d.path.display()));
                    }
                }
                self.devices.drum = None;
            }
            Device::Reader => {
                self.machine.load_tape(&[]);
                self.devices.reader = None;
            }
            Device::Punch | Device::Printer => {
                self.flush_outputs()?;
                if device == Device::Punch {
                    self.devices.punch = None;
                } else {
                    self.devices.printer = None;
                }
            }
        }
        Ok(())
    }

    /// Detaches every device (the end of a session: `quit`, the end of a script or of
    /// the input, `detach all`), writing back what each holds.
    ///
    /// # Errors
    /// The files that could not be written, one message a line.
    pub fn finish(&mut self) -> Result<(), String> {
        let mut errors = Vec::new();
        for d in [Device::Drum, Device::Reader, Device::Punch, Device::Printer] {
            if self.attached(d) {
                if let Err(e) = self.detach(d) {
                    errors.push(e);
                    // Given up: not tried again.
                    match d {
                        Device::Drum => self.devices.drum = None,
                        Device::Punch => self.devices.punch = None,
                        Device::Printer => self.devices.printer = None,
                        Device::Reader => {}
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors.join("\n"))
        }
    }

    /// `set drum persistent|nopersistent`: the persistence of `attach drum` from now
    /// on and of the drum attached now.
    ///
    /// # Errors
    /// `persistent` asked of a drum attached read-only.
    pub fn set_drum_persistent(&mut self, on: bool) -> Result<(), String> {
        self.drum_persistent = on;
        if let Some(d) = &mut self.devices.drum {
            if on && d.read_only {
                return Err(format!(
                    "{} is attached read-only: detach it and attach it without -r",
                    d.path.display()
                ));
            }
            d.persistent = on;
        }
        Ok(())
    }

    /// The punched rows and the paper since each was attached.
    fn outputs(&self) -> (Vec<u8>, String) {
        let t = &self.machine.teleprinter;
        let from = |o: &Option<OutputFile>| o.as_ref().map_or(0, |o| o.from);
        let rows = t.punched().get(from(&self.devices.punch)..).unwrap_or(&[]);
        let paper = self
            .machine
            .printer_text()
            .get(from(&self.devices.printer)..)
            .unwrap_or("");
        (rows.to_vec(), paper.to_string())
    }

    /// Rewrites the punch's and printer's files with what they hold so far.
    ///
    /// # Errors
    /// A file cannot be written.
    pub fn flush_outputs(&mut self) -> Result<(), String> {
        if self.devices.punch.is_none() && self.devices.printer.is_none() {
            return Ok(());
        }
        let (rows, paper) = self.outputs();
        if let Some(p) = &self.devices.punch {
            let text = write_pt_text(&rows).map_err(|e| e.to_string())?;
            write_file(&p.path, text.as_bytes())?;
        }
        if let Some(p) = &self.devices.printer {
            write_file(&p.path, paper.as_bytes())?;
        }
        Ok(())
    }

    /// `save [-f] DEVICE FILE`: the drum image; the rows punched since the punch was
    /// attached (or since the session began) as `.pt.txt`; the paper since the printer
    /// was attached (or since the session began). An existing file is refused unless
    /// `force` (`save -f`); saving the drum to its own attached file counts as writing it
    /// back (allowed without `-f`).
    ///
    /// # Errors
    /// The file exists (without `force`) or cannot be written; the reader has nothing to
    /// save.
    pub fn save(&mut self, device: Device, file: &Path, force: bool) -> Result<(), String> {
        let (rows, paper) = self.outputs();
        let own_drum =
            device == Device::Drum && self.devices.drum.as_ref().is_some_and(|d| d.path == file);
        let overwrite = Overwrite::from_force(force || own_drum);
        let write = |bytes: &[u8]| write_atomic(file, bytes, overwrite).map_err(|e| e.to_string());
        match device {
            Device::Drum => {
                write(&write_drm(self.machine.drum.words()))?;
                if own_drum {
                    self.machine.drum.mark_clean();
                }
            }
            Device::Punch => {
                let text = write_pt_text(&rows).map_err(|e| e.to_string())?;
                write(text.as_bytes())?;
            }
            Device::Printer => write(paper.as_bytes())?,
            Device::Reader => return Err("the reader holds nothing to save".into()),
        }
        self.messages
            .push(format!("{} saved to {}", device.name(), file.display()));
        Ok(())
    }

    /// `show devices`: one line a device.
    pub(super) fn show_devices(&self) -> Vec<String> {
        let m = &self.machine;
        let t = &m.teleprinter;
        let onoff = |b: bool| if b { "on" } else { "off" };
        let drum = match &self.devices.drum {
            None => "drum: no file".to_string(),
            Some(d) => format!(
                "drum: {} ({}; {})",
                d.path.display(),
                if d.read_only {
                    "read-only"
                } else if d.persistent {
                    "written back at detach and at the end"
                } else {
                    "not written back"
                },
                if m.drum.dirty {
                    "changed since read or written"
                } else {
                    "unchanged"
                }
            ),
        };
        let left = m.reader.remaining();
        let reader = format!(
            "reader: {}, {left} character{} left",
            self.devices
                .reader
                .as_ref()
                .map_or("no file".to_string(), |p| p.display().to_string()),
            super::plural(left as u64)
        );
        let punch = match &self.devices.punch {
            None => format!("punch: no file (switch {})", onoff(t.punch_on)),
            Some(p) => {
                let rows = t.punched().len().saturating_sub(p.from);
                format!(
                    "punch: {} (switch {}), {rows} row{} punched into it",
                    p.path.display(),
                    onoff(t.punch_on),
                    super::plural(rows as u64)
                )
            }
        };
        let printer = match &self.devices.printer {
            None => format!("printer: no file (switch {})", onoff(t.printer_on)),
            Some(p) => format!(
                "printer: {} (switch {})",
                p.path.display(),
                onoff(t.printer_on)
            ),
        };
        vec![drum, reader, punch, printer]
    }
}
