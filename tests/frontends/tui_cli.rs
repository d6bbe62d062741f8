//! The binary's debugger and picture/sound options without a terminal.

use mark1::render::{wav_samples, zero_crossings, SAMPLE_RATE};
use std::process::Command;

fn mark1(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mark1"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs mark1")
}

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("mark1-tui-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn headless_script_prints_the_screen() {
    let script = tmp("s.con");
    std::fs::write(
        &script,
        "# scripted session\nbreak U/\nspeed full\nrun\nstep\nset h ///T\npage right 3\ngo\n",
    )
    .unwrap();
    let out = mark1(&[
        "debug",
        "programs/prinz15.m1",
        "--script",
        script.to_str().unwrap(),
        "--headless",
    ]);
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{s}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(s.contains("tube 2: page 3"), "{s}");
    assert!(s.contains("///T"), "{s}");
    assert!(s.contains("stopped: breakpoint at line U/"), "{s}");
    std::fs::write(&script, "step\nfly\n").unwrap();
    let bad = mark1(&[
        "debug",
        "programs/prinz15.m1",
        "--script",
        script.to_str().unwrap(),
    ]);
    assert!(!bad.status.success());
    let e = String::from_utf8_lossy(&bad.stderr);
    assert!(
        e.contains("s.con:2") && e.contains("unknown command `fly`"),
        "{e}"
    );
}

#[test]
fn run_writes_hoot_wav_and_tube_png() {
    let wav = tmp("hoot.wav");
    let png = tmp("tubes.png");
    let out = mark1(&[
        "run",
        "programs/hoot.m1",
        "--hoot-wav",
        wav.to_str().unwrap(),
        "--display-png",
        png.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let samples = wav_samples(&std::fs::read(&wav).unwrap()).expect("a WAV");
    let half = SAMPLE_RATE as usize / 2;
    let f = zero_crossings(&samples[samples.len() - half..]) as f64 / 2.0 / 0.5;
    assert!((f - 520.83).abs() < 3.0, "{f} Hz");
    let dec = png::Decoder::new(std::io::Cursor::new(std::fs::read(&png).unwrap()));
    let r = dec.read_info().expect("a PNG");
    assert_eq!((r.info().width, r.info().height), (1020, 520));
}
