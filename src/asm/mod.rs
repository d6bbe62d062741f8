//! The assembler: period programme sheets and symbolic source to machine images.
