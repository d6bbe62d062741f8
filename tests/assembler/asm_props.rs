//! Property tests: disassembly reassembles to the same image; the assembler never
//! panics, whatever the text.

use mark1::asm::{assemble_str, disasm, NoIncludes, Selection};
use mark1::formats::image::Image;
use proptest::prelude::*;

fn image() -> impl Strategy<Value = Image> {
    (
        prop::collection::vec((0usize..512, 0u32..(1 << 20)), 0..60),
        prop::collection::vec(
            (
                (0u8..=255, 0u8..2),
                prop::collection::vec((0usize..64, 0u32..(1 << 20)), 0..8),
            ),
            0..4,
        ),
        0u32..(1 << 20),
        0u32..(1 << 20),
    )
        .prop_map(|(store, drum, h, c)| {
            let mut img = Image::default();
            for (a, w) in store {
                img.store[a] = w;
            }
            for (k, lines) in drum {
                let ht = img.drum.entry(k).or_insert([0; 64]);
                for (l, w) in lines {
                    ht[l] = w;
                }
            }
            img.hand_switches = h;
            img.control = c;
            img
        })
}

const SOURCES: [&str; 6] = [
    include_str!("../../programs/prinz15.m1"),
    include_str!("../../programs/prinz18.m1"),
    include_str!("../../programs/hello.m1"),
    include_str!("../../programs/hoot.m1"),
    include_str!("../../roms/initial.m1"),
    include_str!("../asm/boot_entry_page2.m1"),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn disasm_then_asm_is_identity(img in image()) {
        let text = disasm(&img, Selection::All);
        let a = assemble_str("disasm", &text, &NoIncludes).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(a.image, img);
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = assemble_str("random", &text, &NoIncludes);
    }

    #[test]
    fn random_lines_of_the_alphabet_never_panic(text in "[ /E@A:SIU½#¼DRJNFCKTZLWHYPQOBG\"MXV£$a-z0-9.,;()+*=_'\n-]{0,300}") {
        let _ = assemble_str("alphabet", &text, &NoIncludes);
    }

    #[test]
    fn mutated_sources_never_panic(
        which in 0usize..SOURCES.len(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<char>()), 1..12),
    ) {
        let mut chars: Vec<char> = SOURCES[which].chars().collect();
        for (ix, op, c) in edits {
            if chars.is_empty() { break; }
            let i = ix.index(chars.len());
            match op {
                0 => { chars.remove(i); }
                1 => chars.insert(i, c),
                2 => chars[i] = c,
                _ => { let j = ix.index(chars.len().min(i + 40).max(1)); chars.swap(i, j); }
            }
        }
        let text: String = chars.into_iter().collect();
        let _ = assemble_str("mutated", &text, &NoIncludes);
    }
}
