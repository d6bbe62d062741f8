//! File formats: machine images, teleprinter tapes, drum images.

pub mod image;
pub mod tape;
