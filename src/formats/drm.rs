//! SimH Ferranti Mark I drum images (`.drm`), as described in the period-software
//! README §6.1: exactly 131 072 bytes, 256 tracks × 128 words × 4 bytes; each word a
//! little-endian `u32` with the 20-bit line in bits 0–19 and bits 20–31 zero; track t at
//! byte 512·t, words 0–63 its half-track 0 (L), 64–127 its half-track 1 (R). The marker
//! lines are not stored.

use crate::machine::drum::{TRACKS, WORDS_PER_TRACK};

/// Size in bytes of a drum image.
pub const DRM_BYTES: usize = TRACKS * WORDS_PER_TRACK * 4;

/// Why a drum image was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DrmError {
    /// The file is not exactly 131 072 bytes.
    #[error("a drum image must be exactly {DRM_BYTES} bytes (256 tracks x 128 words x 4 bytes); this one has {0}")]
    Size(usize),
    /// A word has bits above P19 set.
    #[error("word at byte offset {offset} (track {track}, half {half}, line {line}) is {value:#x}: bits 20-31 must be zero")]
    Word {
        /// Byte offset of the word.
        offset: usize,
        /// Its track.
        track: usize,
        /// Its half-track.
        half: usize,
        /// Its line within the half-track.
        line: usize,
        /// The value found.
        value: u32,
    },
}

/// Reads a drum image into 32 768 words in track order.
///
/// # Errors
/// [`DrmError`] with the size, or the offset of the first bad word.
pub fn read_drm(bytes: &[u8]) -> Result<Vec<u32>, DrmError> {
    if bytes.len() != DRM_BYTES {
        return Err(DrmError::Size(bytes.len()));
    }
    let mut words = Vec::with_capacity(DRM_BYTES / 4);
    for (i, c) in bytes.chunks_exact(4).enumerate() {
        let v = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        if v >> 20 != 0 {
            return Err(DrmError::Word {
                offset: i * 4,
                track: i / WORDS_PER_TRACK,
                half: (i % WORDS_PER_TRACK) / 64,
                line: i % 64,
                value: v,
            });
        }
        words.push(v);
    }
    Ok(words)
}

/// Writes 32 768 words (track order) as a drum image; missing words are zero and the
/// bits above P19 are dropped.
pub fn write_drm(words: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(DRM_BYTES);
    for i in 0..DRM_BYTES / 4 {
        let w = words.get(i).copied().unwrap_or(0) & 0xF_FFFF;
        out.extend_from_slice(&w.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        let mut words = vec![0u32; DRM_BYTES / 4];
        words[5] = 0xABCDE;
        words[32767] = 1;
        let bytes = write_drm(&words);
        assert_eq!(bytes.len(), DRM_BYTES);
        assert_eq!(read_drm(&bytes), Ok(words));
        assert_eq!(read_drm(&bytes[1..]), Err(DrmError::Size(DRM_BYTES - 1)));
        let mut bad = bytes.clone();
        bad[512 + 64 * 4 + 3] = 0x10;
        let e = read_drm(&bad).unwrap_err();
        assert_eq!(
            e,
            DrmError::Word {
                offset: 512 + 256,
                track: 1,
                half: 1,
                line: 0,
                value: 0x1000_0000
            }
        );
        assert!(e.to_string().contains("track 1, half 1, line 0"));
    }
}
