//! File formats: machine images, teleprinter tapes, drum images; the reading of a
//! user's file with the size limit of its kind ([`input`]), and [`output`], the one way a
//! user's file is written.

pub mod drm;
pub mod image;
pub mod input;
pub mod load;
pub mod output;
pub mod tape;
