//! File formats: machine images, teleprinter tapes, drum images; and the reading of a
//! user's file with the size limit of its kind ([`input`]).

pub mod drm;
pub mod image;
pub mod input;
pub mod load;
pub mod tape;
