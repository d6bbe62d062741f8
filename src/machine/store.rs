//! The electronic (Williams-tube) store: 8 pages × 64 short lines of 20 bits, plus the
//! 65th (marker) line of each page.
//!
//! Addresses are 10 bits (0–1023). Only 8 tubes are fitted: "the machine behaves as if
//! it had 16 tubes, of which the 8 last permanently contain zero" (Prinz §7(9), §8(2)–(3)),
//! so lines 512–1023 read as zero and writes to them are lost.
//!
//! A long line (40 bits) at address n is short line n (less significant half) and its
//! partner; "when combining short lines to long lines, the short lines are considered
//! modulo 64" (Prinz §4(6)–(8)), so the partner of the last line of a page is the first
//! line of the same page. Prinz's own example (`£C` with `/C`) suggests a per-column
//! wrap instead; we follow the stated rule and record the conflict in docs/machine.md.

use super::code::{MASK20, MASK40};
use super::fast::{decode, BlockCache};

/// Number of fitted short lines (8 pages of 64).
pub const LINES: usize = 512;

/// The electronic store. Internally 1024 lines, the upper 512 always zero, so that a
/// read needs no bounds test.
///
/// Beside the lines the store keeps the fast core's cache of straight-line blocks
/// (`machine::fast`), of which every write to a line a block depends on (orders,
/// magnetic reads, deposits, loads, KEC) drops the blocks concerned, so that a program
/// that modifies itself is obeyed as written.
#[derive(Clone)]
pub struct Store {
    /// Lines 0–1023 (512–1023 always zero).
    pub(super) lines: Box<[u32; 1024]>,
    pub(super) markers: [u32; 8],
    /// The block core's cache of blocks and the translation of the lines they hold.
    pub(super) cache: Box<BlockCache>,
}

impl Default for Store {
    fn default() -> Self {
        Store {
            lines: Box::new([0; 1024]),
            markers: [0; 8],
            cache: BlockCache::new(),
        }
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.lines[..LINES].iter().filter(|&&w| w != 0).count();
        write!(f, "Store {{ {used} non-zero lines }}")
    }
}

/// A long line (40 bits, as [`Store::read_long`] gives it) read as a signed number in
/// the plus-minus convention: P39 the sign (Prinz §5), the result in -2^39..2^39.
#[inline(always)]
pub fn signed40(v: u64) -> i64 {
    ((v << 24) as i64) >> 24
}

/// The address of the partner (more significant half) of the long line at `a`:
/// `(a & !63) | ((a + 1) & 63)` within the 10-bit address space (Prinz §4(6)–(8)).
#[inline]
pub const fn partner(a: u32) -> u32 {
    let a = a & 1023;
    (a & !63) | ((a + 1) & 63)
}

impl Store {
    /// The 20-bit short line at address `a` (taken mod 1024); 0 for addresses 512–1023.
    #[inline]
    pub fn read(&self, a: u32) -> u32 {
        self.lines[(a & 1023) as usize]
    }

    /// Writes the low 20 bits of `v` to short line `a`; lost if `a` (mod 1024) ≥ 512.
    #[inline]
    pub fn write(&mut self, a: u32, v: u32) {
        let a = (a & 1023) as usize;
        if a < LINES {
            self.cache.written(a, &self.lines);
            self.lines[a] = v & MASK20;
        }
    }

    /// The pre-decoded form of line `a` (taken mod 1024), as [`super::fast`] lays it out.
    #[inline(always)]
    pub(super) fn decoded(&self, a: u32) -> u32 {
        decode(self.read(a))
    }

    /// The 40-bit long line at `a`: line `a` in P0–P19, its partner in P20–P39.
    #[inline]
    pub fn read_long(&self, a: u32) -> u64 {
        u64::from(self.read(a)) | (u64::from(self.read(partner(a))) << 20)
    }

    /// Writes the low 40 bits of `v` as the long line at `a`.
    #[inline]
    pub fn write_long(&mut self, a: u32, v: u64) {
        let v = v & MASK40;
        self.write(a, v as u32);
        self.write(partner(a), (v >> 20) as u32);
    }

    /// The marker (65th) line of page `p` (0–7), as last set by a magnetic read
    /// (Prinz §24). Pages 8–15 do not exist and read as 0.
    pub fn marker(&self, p: u32) -> u32 {
        self.markers.get(p as usize).copied().unwrap_or(0)
    }

    /// Sets the marker line of page `p`; ignored for pages 8–15.
    pub fn set_marker(&mut self, p: u32, v: u32) {
        if let Some(m) = self.markers.get_mut(p as usize) {
            *m = v & MASK20;
        }
    }

    /// The 64 lines of page `p` (0–7), or `None` for a page that is not fitted.
    pub fn page(&self, p: u32) -> Option<&[u32; 64]> {
        let p = p as usize;
        (p < 8).then(|| &self.lines.as_chunks::<64>().0[p])
    }

    /// Writes 64 lines into page `p`; lost for a page that is not fitted (8–15).
    pub fn set_page(&mut self, p: u32, lines: &[u32; 64]) {
        let new = lines.map(|w| w & MASK20);
        if p < 8 {
            self.replace_page(p, &new);
            self.cache.page_loaded(p as usize);
        }
    }

    /// A magnetic read: the 64 lines `new` of half-track (`track`, `half`), already held
    /// to 20 bits, into page `p`; lost for a page that is not fitted (8–15). The blocks
    /// put aside when a page last held lines of that half-track come back with them
    /// where their lines are the same ([`BlockCache::page_read`]).
    #[inline]
    pub(super) fn read_page_from(&mut self, p: u32, new: &[u32; 64], track: u32, half: u32) {
        if p < 8 {
            let (p, key) = (p as usize, super::drum::Drum::key(track, half));
            let page = &mut self.lines.as_chunks_mut::<64>().0[p];
            if *page == *new {
                self.cache.page_kept(p, key);
            } else {
                self.cache.page_read(p, key, page, new);
                *page = *new;
            }
        }
    }

    /// Writes `new` into page `p` (0–7) and returns whether its lines changed: if they
    /// do, the blocks that depend on the page are put aside and dropped first
    /// ([`BlockCache::page_replaced`]); if the page already holds those lines, nothing
    /// changes and the blocks stay.
    #[inline]
    fn replace_page(&mut self, p: u32, new: &[u32; 64]) -> bool {
        let p = p as usize;
        if self.lines[p * 64..p * 64 + 64] == *new {
            return false;
        }
        self.cache.page_replaced(p, &self.lines);
        self.lines[p * 64..p * 64 + 64].copy_from_slice(new);
        true
    }

    /// Copies page `p` out (all zero for a page that is not fitted).
    pub fn page_copy(&self, p: u32) -> [u32; 64] {
        let mut out = [0; 64];
        if let Some(pg) = self.page(p) {
            out.copy_from_slice(pg);
        }
        out
    }

    /// All 512 fitted lines, address order.
    pub fn lines(&self) -> &[u32] {
        &self.lines[..LINES]
    }

    /// Clears every line and marker (KEC, Prinz §21).
    pub fn clear(&mut self) {
        self.lines.fill(0);
        self.markers = [0; 8];
        self.cache.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unfitted_tubes_read_zero_and_lose_writes() {
        let mut s = Store::default();
        s.write(600, 5);
        assert_eq!(s.read(600), 0);
        s.write(1024 + 3, 7); // address taken mod 1024
        assert_eq!(s.read(3), 7);
    }

    #[test]
    fn long_line_wraps_within_page() {
        assert_eq!(partner(62), 63);
        assert_eq!(partner(63), 0);
        assert_eq!(partner(127), 64);
        assert_eq!(partner(511), 448);
        let mut s = Store::default();
        s.write_long(127, (9 << 20) | 4);
        assert_eq!(s.read(127), 4);
        assert_eq!(s.read(64), 9);
        assert_eq!(s.read_long(127), (9 << 20) | 4);
    }
}
