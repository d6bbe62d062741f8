//! Random sources for the `/W` order (Prinz §19(15)–(16): a random 20-bit number; the
//! physical source of the real machine's randomness is not documented).

use serde::{Deserialize, Serialize};

/// Which generator feeds `/W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum RngKind {
    /// Our own seeded generator (SplitMix64): deterministic given the seed; KEC does not
    /// reseed it.
    #[default]
    Mark1,
    /// SimH's repeatable sequence (period-software README §8 item 1): KEC sets x = 2;
    /// each `/W` computes s = (x mod 2147483646) + 1, s = 16807·s mod 2147483647,
    /// x = s − 1, and delivers x mod 2^20. Needed to reproduce Love Letters.
    Simh,
}

/// The generator state.
#[derive(Clone, Debug)]
pub struct Rng {
    kind: RngKind,
    seed: u64,
    state: u64,
}

impl Rng {
    /// A generator of `kind`; `seed` is used by [`RngKind::Mark1`] only.
    pub fn new(kind: RngKind, seed: u64) -> Rng {
        let mut r = Rng {
            kind,
            seed,
            state: 0,
        };
        r.reset();
        r
    }

    /// Restarts the sequence from its seed.
    pub fn reset(&mut self) {
        self.state = match self.kind {
            RngKind::Mark1 => self.seed,
            RngKind::Simh => 2,
        };
    }

    /// Called on KEC: SimH's generator restarts there; ours does not.
    pub fn on_kec(&mut self) {
        if self.kind == RngKind::Simh {
            self.reset();
        }
    }

    /// The next 20-bit random number (0 ..= 2^20 − 1).
    pub fn next20(&mut self) -> u32 {
        match self.kind {
            RngKind::Mark1 => {
                self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = self.state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^= z >> 31;
                (z >> 44) as u32
            }
            RngKind::Simh => {
                let s = (self.state % 2_147_483_646) + 1;
                let s = (16_807 * s) % 2_147_483_647;
                self.state = s - 1;
                (self.state & 0xF_FFFF) as u32
            }
        }
    }

    /// Which generator this is.
    pub fn kind(&self) -> RngKind {
        self.kind
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simh_sequence_from_kec() {
        // period-software README §8 item 1: 50420, 176338, 460428, ...
        let mut r = Rng::new(RngKind::Simh, 0);
        assert_eq!(
            [r.next20(), r.next20(), r.next20()],
            [50420, 176338, 460428]
        );
        r.on_kec();
        assert_eq!(r.next20(), 50420);
    }

    #[test]
    fn own_generator_is_seeded() {
        let mut a = Rng::new(RngKind::Mark1, 7);
        let mut b = Rng::new(RngKind::Mark1, 7);
        let mut c = Rng::new(RngKind::Mark1, 8);
        let xa: Vec<u32> = (0..5).map(|_| a.next20()).collect();
        let xb: Vec<u32> = (0..5).map(|_| b.next20()).collect();
        let xc: Vec<u32> = (0..5).map(|_| c.next20()).collect();
        assert_eq!(xa, xb);
        assert_ne!(xa, xc);
        assert!(xa.iter().all(|&x| x < 1 << 20));
    }
}
