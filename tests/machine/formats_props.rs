//! Property tests: the file loaders and the console command parser never panic, whatever
//! they are given, and refuse bad input with a reason.

use mark1::console::parse_command;
use mark1::formats::drm::{read_drm, write_drm, DrmError, DRM_BYTES};
use mark1::formats::image::Image;
use mark1::formats::tape::{read_any, read_pt_text, write_pt_text};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn drm_of_any_size_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        prop_assert!(read_drm(&bytes).is_err() || bytes.len() == DRM_BYTES);
    }

    #[test]
    fn drm_truncated_oversized_or_corrupted(words in proptest::collection::vec(0u32..(1 << 20), 0..64),
                                            cut in 0usize..DRM_BYTES + 8,
                                            poke in 0usize..DRM_BYTES, val in any::<u8>()) {
        let mut all = vec![0u32; DRM_BYTES / 4];
        all[..words.len()].copy_from_slice(&words);
        let mut bytes = write_drm(&all);
        prop_assert_eq!(read_drm(&bytes).unwrap(), all);
        bytes[poke] = val;
        let _ = read_drm(&bytes);
        bytes.resize(cut, 0xFF);
        if cut != DRM_BYTES {
            prop_assert_eq!(read_drm(&bytes), Err(DrmError::Size(cut)));
        }
    }

    #[test]
    fn tapes_never_panic_and_round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..512),
                                        rows in proptest::collection::vec(0u8..32, 0..300)) {
        let _ = read_pt_text(&bytes);
        let _ = read_any(&bytes);
        let text = write_pt_text(&rows).unwrap();
        prop_assert_eq!(read_pt_text(text.as_bytes()).unwrap(), rows);
    }

    #[test]
    fn images_never_panic(text in "\\PC{0,400}", tail in "[HCSD /E@A:SIU#DRJNFCKTZLWHYPQOBG\"MXV$0-9\n ]{0,200}") {
        let _ = Image::parse(&text);
        let _ = Image::parse(&format!("MARK1-IMAGE 1\n{tail}"));
    }

    #[test]
    fn load_sheets_never_panic(text in "\\PC{0,300}",
                               rows in proptest::collection::vec("[ |/E@A:SIU#DRJNFCKTZLWHYPQOBG\"MXV$%2458\\[\\]ColTrack0-9LR]{0,40}", 0..20)) {
        let _ = mark1::formats::load::read_load(&text);
        let _ = mark1::formats::load::read_load(&format!("[Col : S  Track 1L]\n{}", rows.join("\n")));
        let _ = mark1::formats::load::read_load(&format!("[Col / ]  [ E Track 16L ]\n{}", rows.join("\n")));
    }

    #[test]
    fn console_commands_never_panic(line in "\\PC{0,80}",
                                    cmd in "(kec|kac|set h|switch|go until|step|break|expect|feed|limit|tape) [ -~]{0,20}") {
        let _ = parse_command(&line);
        let _ = parse_command(&cmd);
    }
}
