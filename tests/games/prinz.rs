//! Prinz's mate-in-two (programs/prinz.m1): the program against the reference engine, and
//! `mark1 prinz` through the binary.

mod cli;
mod program;
