//! Seeded random numbers for the native side: the reference engines' choices among equal
//! moves, the random positions of the cross-checks (`--check N --seed S`), the operator's
//! random opponents and the tests. The emulated machine's own `/W` generator is
//! [`crate::machine`]'s and is not here.
//!
//! Imports nothing from the rest of the crate, so that every layer above the machine may
//! use it.

/// A source of 20-bit random numbers (the Mark 1's /W order puts one in the accumulator).
/// Only the low 20 bits of each value are used.
pub trait RandomSource {
    /// The next random number, 0 ≤ r < 2^20.
    fn next_u20(&mut self) -> u32;
}

impl<F: FnMut() -> u32> RandomSource for F {
    fn next_u20(&mut self) -> u32 {
        self() & 0xF_FFFF
    }
}

/// A small repeatable generator (Marsaglia's xorshift32, shifts 13, 17, 5) for the
/// command line's `--seed`: state 32 bits (0 is replaced by 0x9E37_79B9), each number
/// the top 20 bits of the new state.
#[derive(Clone, Debug)]
pub struct Xorshift(pub u32);

impl RandomSource for Xorshift {
    fn next_u20(&mut self) -> u32 {
        let mut x = if self.0 == 0 { 0x9E37_79B9 } else { self.0 };
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x >> 12
    }
}

/// Marsaglia's xorshift64 (shifts 13, 7, 17) for reproducible random positions: state
/// 64 bits, never zero.
#[derive(Debug, Clone)]
pub struct Xorshift64(u64);

impl Xorshift64 {
    /// A generator whose state is the seed itself (seed 0 is replaced by
    /// 0x9E37_79B9_7F4A_7C15); nim's random positions.
    pub fn new(seed: u64) -> Xorshift64 {
        Xorshift64(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// A generator whose state is the seed spread by Fibonacci hashing (the seed times
    /// 0x9E37_79B9_7F4A_7C15, the low bit set): neighbouring seeds start far apart;
    /// Prinz's random positions.
    pub fn hashed(seed: u64) -> Xorshift64 {
        Xorshift64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64-bit value.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A value in `0..n` (n > 0; the small modulo bias is harmless here).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// Knuth's MMIX linear congruential generator (multiplier 6364136223846793005, increment
/// 1442695040888963407), its state the seed XOR 0x9E37_79B9_7F4A_7C15, each number the
/// top 31 bits of the new state; Turing's paper machine's random middle games.
#[derive(Debug, Clone)]
pub struct Lcg64(u64);

impl Lcg64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Lcg64 {
        Lcg64(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// The next number, 0 ≤ r < 2^31.
    pub fn next_u31(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xorshift_gives_20_bits_and_repeats_for_a_seed() {
        let (mut a, mut b) = (Xorshift(7), Xorshift(7));
        for _ in 0..1000 {
            let x = a.next_u20();
            assert!(x < 1 << 20);
            assert_eq!(x, b.next_u20());
        }
        // Seed 0 is not stuck at zero.
        let mut z = Xorshift(0);
        assert!((0..10).any(|_| z.next_u20() != 0));
    }

    #[test]
    fn xorshift64_seeds() {
        assert_eq!(Xorshift64::new(0).0, 0x9E37_79B9_7F4A_7C15);
        assert_eq!(Xorshift64::new(5).0, 5);
        assert_eq!(Xorshift64::hashed(0).0, 1);
        // State 1: 0x2001 after << 13, 0x2041 after >> 7, 0x4082_2041 after << 17.
        let mut r = Xorshift64::new(1);
        assert_eq!(r.next_u64(), 0x4082_2041);
        assert!(r.below(10) < 10);
    }

    #[test]
    fn lcg64_from_its_seed() {
        let mut r = Lcg64::new(0x9E37_79B9_7F4A_7C15);
        // State 0: the next state is the increment itself.
        assert_eq!(r.next_u31(), (1442695040888963407u64 >> 33) as usize);
    }
}
