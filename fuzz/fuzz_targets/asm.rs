//! The assembler on arbitrary text: diagnostics, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mark1::asm::{assemble_str, NoIncludes};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = assemble_str("fuzz.m1", text, &NoIncludes);
    }
});
