//! Pictures and sounds of the machine, written to files: the two large store tubes as a
//! PNG ([`tubes_png`]) and the hooter as a WAV ([`hoot_wav`]).
//!
//! Nothing here knows of terminals; the machine knows nothing of these writers.

pub mod curve;

use crate::machine::{Machine, Stop, Store};

/// What one Williams tube shows: a store page of 64 lines of 20 digits and its marker
/// (65th) line (reference §11.1; Prinz §2(1)–(2), §24).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TubePage {
    /// The page shown (0–7).
    pub page: u32,
    /// Its 64 lines, line 0 first; only the low 20 bits are shown.
    pub lines: [u32; 64],
    /// The marker line.
    pub marker: u32,
}

impl TubePage {
    /// Page `p` of `store` (pages 8–15 are not fitted and show all dim).
    pub fn of(store: &Store, p: u32) -> TubePage {
        TubePage {
            page: p,
            lines: store.page_copy(p),
            marker: store.marker(p),
        }
    }
}

/// Pixel size of one tube's square in the PNG.
pub const TUBE_PX: usize = 480;
/// Horizontal pitch of the spots in the PNG, in pixels.
const DIGIT_PITCH: f32 = 7.0;
/// Vertical pitch of the lines in the PNG, in pixels.
const LINE_PITCH: f32 = 9.5;

/// The two large tubes side by side as a PNG (RGB, `2 × 480 + 3 × 20` by `480 + 40`
/// pixels), drawn as the photographs show them: a round dark-green face, each line of
/// the page a row of 20 spots with the least significant digit on the left, a bright
/// dash for 1 and a dim dot for 0, lines 0–31 in the left column and 32–63 in the right,
/// the marker line above the left column.
///
/// # Errors
/// Only if the PNG encoder fails (it writes to memory, so in practice never).
pub fn tubes_png(left: &TubePage, right: &TubePage) -> Result<Vec<u8>, png::EncodingError> {
    let margin = 20usize;
    let w = 2 * TUBE_PX + 3 * margin;
    let h = TUBE_PX + 2 * margin;
    let mut px = vec![[0.0f32; 3]; w * h];
    for (i, t) in [left, right].iter().enumerate() {
        let ox = margin + i * (TUBE_PX + margin);
        draw_tube(&mut px, w, ox as f32, margin as f32, t);
    }
    let mut rgb = Vec::with_capacity(w * h * 3);
    for p in &px {
        for &c in p {
            rgb.push((c.clamp(0.0, 1.0) * 255.0).round() as u8);
        }
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w as u32, h as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut wr = enc.write_header()?;
        wr.write_image_data(&rgb)?;
        wr.finish()?;
    }
    Ok(out)
}

/// Phosphor colour of a lit spot (the blue-green of the photographs).
const PHOSPHOR: [f32; 3] = [0.55, 1.0, 0.8];

fn draw_tube(px: &mut [[f32; 3]], w: usize, ox: f32, oy: f32, t: &TubePage) {
    let r = TUBE_PX as f32 / 2.0;
    let (cx, cy) = (ox + r, oy + r);
    // The face: dark glass, a little lighter towards the centre, a grey rim.
    for y in oy as usize..(oy + TUBE_PX as f32) as usize {
        for x in ox as usize..(ox + TUBE_PX as f32) as usize {
            let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
            let c = &mut px[y * w + x];
            if d <= r - 4.0 {
                let g = 0.06 + 0.05 * (1.0 - d / r);
                *c = [g * 0.6, g, g * 0.8];
            } else if d <= r {
                *c = [0.22, 0.24, 0.22];
            }
        }
    }
    let col_w = 20.0 * DIGIT_PITCH;
    let gap = 24.0;
    let x0 = cx - (2.0 * col_w + gap) / 2.0;
    let rows = 34.0; // marker, a blank line, 32 lines
    let y0 = cy - rows * LINE_PITCH / 2.0;
    let row = |px: &mut [[f32; 3]], word: u32, x: f32, y: f32| {
        for d in 0..20 {
            let sx = x + d as f32 * DIGIT_PITCH + DIGIT_PITCH / 2.0;
            if (word >> d) & 1 == 1 {
                spot(px, w, sx - 2.0, sx + 2.0, y, 1.0);
            } else {
                spot(px, w, sx, sx, y, 0.35);
            }
        }
    };
    row(px, t.marker, x0, y0);
    for (l, &word) in t.lines.iter().enumerate() {
        let col = (l / 32) as f32;
        let y = y0 + (2 + l % 32) as f32 * LINE_PITCH;
        row(px, word, x0 + col * (col_w + gap), y);
    }
}

/// Adds a glowing segment from (x1, y) to (x2, y) of peak brightness `peak`.
fn spot(px: &mut [[f32; 3]], w: usize, x1: f32, x2: f32, y: f32, peak: f32) {
    let h = px.len() / w;
    let sigma = 1.1f32;
    let reach = 5.0f32;
    let ylo = (y - reach).max(0.0) as usize;
    let yhi = ((y + reach) as usize).min(h - 1);
    let xlo = (x1 - reach).max(0.0) as usize;
    let xhi = ((x2 + reach) as usize).min(w - 1);
    for yy in ylo..=yhi {
        for xx in xlo..=xhi {
            let fx = xx as f32 + 0.5;
            let fy = yy as f32 + 0.5;
            let dx = if fx < x1 {
                x1 - fx
            } else if fx > x2 {
                fx - x2
            } else {
                0.0
            };
            let d2 = dx * dx + (fy - y) * (fy - y);
            let i = peak * (-d2 / (2.0 * sigma * sigma)).exp();
            let c = &mut px[yy * w + xx];
            for k in 0..3 {
                c[k] += i * PHOSPHOR[k];
            }
        }
    }
}

/// Sample rate of the WAV files written by [`hoot_wav`], in Hz.
pub const SAMPLE_RATE: u32 = 48_000;
/// Longest sound [`hoot_wav`] writes, in seconds; later hoots are left out.
pub const MAX_WAV_SECONDS: f64 = 600.0;
/// Seconds of a continuous hoot added by [`continue_hoot_loop`] by default.
pub const HOOT_TAIL_SECONDS: f64 = 1.0;

/// The hooter's output as a 16-bit mono PCM WAV file at [`SAMPLE_RATE`]: each hoot is a
/// pulse one beat (240 µs) long starting at its beat time, the train passed through a
/// 20 Hz high-pass filter as a loudspeaker's coupling would, so that it swings about
/// zero. `beats` are the hoots' beat numbers (as in [`crate::machine::Hooter::beats`]);
/// the sound lasts from beat 0 to `end_beat` (at most [`MAX_WAV_SECONDS`]). Turing's
/// two-instruction loop pulses every 8 beats: a fundamental of 1 / 1.92 ms ≈ 521 Hz.
pub fn hoot_wav(beats: &[u64], end_beat: u64) -> Vec<u8> {
    let sr = f64::from(SAMPLE_RATE);
    let beat_s = crate::machine::timing::BEAT_MICROSECONDS * 1e-6;
    let seconds = (end_beat as f64 * beat_s).min(MAX_WAV_SECONDS);
    let n = (seconds * sr).ceil() as usize;
    // The pulse train, as the fraction of each sample covered by a pulse, computed
    // sample by sample (beats ascend) so that a long sound needs no second buffer.
    let pulse = |b: u64| {
        let t0 = b as f64 * beat_s * sr;
        (t0, t0 + beat_s * sr)
    };
    let rc = 1.0 / (2.0 * std::f64::consts::PI * 20.0);
    let alpha = rc / (rc + 1.0 / sr);
    let mut samples = Vec::with_capacity(n);
    let (mut prev_x, mut prev_y) = (0.0, 0.0);
    let mut first = 0usize;
    for i in 0..n {
        let (lo, hi) = (i as f64, i as f64 + 1.0);
        while first < beats.len() && pulse(beats[first]).1 <= lo {
            first += 1;
        }
        let mut xi = 0.0;
        for &b in &beats[first..] {
            let (t0, t1) = pulse(b);
            if t0 >= hi {
                break;
            }
            xi += (t1.min(hi) - t0.max(lo)).max(0.0);
        }
        let y = alpha * (prev_y + xi - prev_x);
        prev_x = xi;
        prev_y = y;
        samples.push((y * 0.6 * f64::from(i16::MAX)).clamp(-32767.0, 32767.0) as i16);
    }
    wav_bytes(&samples)
}

/// A 16-bit mono PCM WAV file at [`SAMPLE_RATE`] holding `samples`.
pub fn wav_bytes(samples: &[i16]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

/// Reads back the samples of a WAV written by [`wav_bytes`] (16-bit mono PCM with a
/// 44-byte header); `None` if it is not one.
pub fn wav_samples(bytes: &[u8]) -> Option<Vec<i16>> {
    if bytes.len() < 44 || &bytes[0..4] != b"RIFF" || &bytes[36..40] != b"data" {
        return None;
    }
    Some(
        bytes[44..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect(),
    )
}

/// The hoots of a run, and the beat at which its sound ends. A run that ended in a
/// continuous hoot ([`Stop::HootStop`]: a `/V` and a jump back to it, which the real
/// machine obeys until the operator stops it) is continued for `tail_seconds`, one hoot
/// every `/V` + jump beats of the machine's timing (8 beats for Turing's `/V`, `/P`).
pub fn continue_hoot_loop(m: &Machine, stop: Stop, tail_seconds: f64) -> (Vec<u64>, u64) {
    let mut beats = m.hooter.beats.clone();
    let mut end = m.stats.beats;
    if let Stop::HootStop { line } = stop {
        let t = m.timing();
        let jump = crate::machine::code::function(m.store.read(line));
        let period = u64::from(t.beats[60] + t.beats[jump as usize]).max(1);
        let tail =
            (tail_seconds.max(0.0) / (crate::machine::timing::BEAT_MICROSECONDS * 1e-6)) as u64;
        let start = beats.last().copied().unwrap_or(end);
        let mut b = start + period;
        while b <= start + tail {
            beats.push(b);
            b += period;
        }
        end = end.max(start + tail);
    }
    (beats, end)
}

/// Counts sign changes in `samples` (zeros are skipped), for frequency checks: a
/// periodic sound crossing zero twice a period has frequency `count / 2 / seconds`.
pub fn zero_crossings(samples: &[i16]) -> usize {
    let mut last = 0i16;
    let mut n = 0;
    for &s in samples {
        if s != 0 {
            if last != 0 && (s > 0) != (last > 0) {
                n += 1;
            }
            last = s;
        }
    }
    n
}
