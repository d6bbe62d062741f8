//! The labels of a program loaded from its source, for the console's and the debugger's
//! commands that take a line address (`examine total`, `break loop`): the assembler's
//! symbol table turned into the console's [`Labels`] (the console layer does not
//! assemble).

use mark1::asm::Assembly;
use mark1::console::Labels;
use mark1::formats::image::Image;
use std::path::Path;

/// The labels of `a` (assembled from `source`): every label placed in the store or in a
/// page brought down from the drum (`.track`, `.overlay`: the address it runs at), by
/// its value; equates kept apart, so that they are refused with a reason.
pub fn labels_of(a: &Assembly, source: &str) -> Labels {
    let mut l = Labels::new(source);
    for (name, sym) in &a.symbols {
        let is_label = !sym.places.is_empty();
        match u32::try_from(sym.value) {
            Ok(v) if is_label && v < 1024 => l.add_label(name, v),
            _ if is_label => {}
            _ => l.add_equate(name, sym.value),
        }
    }
    l
}

/// Whether `path` holds assembler source (text that is not a machine image).
fn is_source(path: &Path) -> bool {
    match mark1::formats::input::read_text(path, mark1::formats::input::SOURCE) {
        Ok(text) => !text.starts_with("MARK1-IMAGE"),
        Err(_) => false,
    }
}

/// The labels of the program in `path` when it is assembler source that assembles;
/// empty labels (naming the file, so that a refusal says where it looked) otherwise.
pub fn source_labels(path: &Path) -> Labels {
    if is_source(path) {
        if let Ok(a) = mark1::asm::assemble_file(path) {
            return labels_of(&a, &path.display().to_string());
        }
    }
    Labels::default()
}

/// Assembles `path` again (the debugger's `reload`): its image and labels.
///
/// # Errors
/// The file cannot be read, is not source, or does not assemble (every diagnostic).
pub fn reassemble(path: &Path) -> Result<(Image, Labels), String> {
    if !is_source(path) {
        return Err(format!(
            "{} is not assembler source: `reload` assembles a .m1 file again",
            path.display()
        ));
    }
    let a = mark1::asm::assemble_file(path).map_err(|e| e.to_string())?;
    let labels = labels_of(&a, &path.display().to_string());
    Ok((a.image, labels))
}
