//! File formats: machine images, teleprinter tapes, drum images.

pub mod drm;
pub mod image;
pub mod load;
pub mod tape;
