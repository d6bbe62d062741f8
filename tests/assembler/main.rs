//! The assembler's tests: the sources under `tests/asm/` and their diagnostics, labels and
//! symbols, listings and disassembly (insta snapshots), boot tapes run on the machine,
//! property tests, `mark1 asm` / `mark1 disasm` through the binary, and the programs of
//! docs/tutorial.md against the paper it shows. One of the suite's
//! six test binaries (`tests/*/main.rs`): `cargo test --test assembler asm_files::` runs
//! one module.

mod asm_files;
mod asm_props;
mod asm_run;
mod asm_snapshots;
mod asm_symbols;
mod cli_asm;
mod cli_disasm;
mod tutorial;
