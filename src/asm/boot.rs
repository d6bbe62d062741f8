//! Boot tapes for the initial input routine in `roms/` (see `docs/tapes.md`).

use crate::formats::image::Image;

/// Why an image cannot be written as a boot tape.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BootError {
    /// Not written yet.
    #[error("boot tapes are not available yet")]
    Unavailable,
}

/// The boot tape of an image.
///
/// # Errors
/// [`BootError`] when the image cannot be booted that way.
pub fn boot_tape(_img: &Image) -> Result<Vec<u8>, BootError> {
    Err(BootError::Unavailable)
}
