//! The tape, drum-image, machine-image and coding-sheet loaders and the console command parser on
//! arbitrary bytes: refusals with reasons, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = mark1::formats::tape::read_any(data);
    let _ = mark1::formats::tape::read_pt_text(data);
    let _ = mark1::formats::drm::read_drm(data);
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = mark1::formats::image::Image::parse(text);
        let _ = mark1::formats::load::read_load(text);
        for line in text.lines() {
            let _ = mark1::console::parse_command(line);
        }
    }
});
