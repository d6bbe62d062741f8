//! File formats: machine images, teleprinter tapes, drum images; and [`output`], the
//! one way a user's file is written.

pub mod drm;
pub mod image;
pub mod load;
pub mod output;
pub mod tape;
