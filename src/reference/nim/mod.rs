//! Nim as the "universal computer" programme of Faster than Thought plays it (FtT ch. 25,
//! "NIM"), with Bouton's single-heap game (k = 1), Moore's multiple game (1..k heaps a
//! move) and Bell's single-pile game (Bell, *Games Playing with Computers*, ch. 1.1).
//!
//! # Positions
//! A position is a slice of heaps, lettered A, B, C ... as FtT letters them; each heap
//! holds 0 to [`MAX_MATCHES`] (31, five bits) matches and there are at most [`MAX_HEAPS`]
//! (8) heaps: 8 x 5 bits is one 40-bit Mark 1 word (FtT: "a maximum of eight heaps, with
//! not more than thirty-one matches in a heap"). `k` is the most heaps one move may alter,
//! `1 <= k < N`. [`validate`] is the one check every entry point makes.
//!
//! # Safety
//! A position is *safe* when it is a win for the player who has just moved. Under
//! [`Rule::Normal`] (taking the last match wins) that is FtT's rule: every binary column
//! sum divisible by k+1. Under [`Rule::Misere`] (taking the last match loses, FtT's
//! default) it is the rule read off FtT's cases: in case (a) the column rule; in case (b)
//! never (a column above the 1s holds between 1 and k ones); in case (c) the number of
//! unit heaps is r(k+1)+1; all empty (case (d)) is a loss for the player who took the
//! last match. The tests check both definitions against an exhaustive game search.
//!
//! # The machine's reply ([`reply`])
//! *Determination of case* ([`case_of`]): (a) at least k+1 heaps hold more than one match;
//! (b) 1..=k heaps do; (c) none does and not all are empty; (d) all are empty ([`Case::Zero`]).
//!
//! *Normal Routine* (case (a), and every non-empty case under [`Rule::Normal`]): for each
//! column from the 16s down to the 1s, r = (column sum) mod (k+1); while r > 0, choose a
//! heap holding a 1 in the column, first among heaps already altered in this move, only
//! then among fresh heaps, clear that bit and set every lower bit of the heap (FtT: "the
//! minimum move which removes the 1"), r -= 1. Among several candidates the heap is the
//! one [`HeapPick`] names (default [`HeapPick::Last`], the highest letter). At most k heaps
//! change, each downward; the column sums end divisible by k+1.
//!
//! *Cases (b) and (c)* (misère): leave r(k+1)+1 unit heaps and nothing bigger. Every heap
//! of more than one match is altered (to 0 or 1); the count of unit heaps left is the only
//! one ≡ 1 mod (k+1) within reach (it is unique: the reachable counts span at most k+1
//! consecutive numbers). With y = that count minus the present unit heaps: if y >= 0, y of
//! the big heaps keep one match and the rest are emptied; if y < 0, the big heaps are
//! emptied and -y unit heaps too. Which heaps keep one or are emptied follows [`HeapPick`].
//! In case (c) with the count already r(k+1)+1 no target is in reach: the position is safe.
//!
//! *Random move*: faced with a safe position the programme moves at random (Mark 1 /W),
//! so [`reply`] gives no move then; any legal move is right. *Zero case*: game over.
//!
//! See docs/nim.md for the readings, the evidence and FtT's two slips.

use std::fmt;

/// The most heaps the universal computer's programme takes (FtT ch. 25, NIM).
pub const MAX_HEAPS: usize = 8;
/// The most matches in a heap for the universal computer: five bits (FtT ch. 25, NIM).
pub const MAX_MATCHES: u8 = 31;
/// Nimrod's heaps (FtT ch. 25, NIM: "four heaps").
pub const NIMROD_HEAPS: usize = 4;
/// Nimrod's most matches in a heap: three bits (FtT ch. 25, NIM: "seven matches").
pub const NIMROD_MATCHES: u8 = 7;
/// Binary columns of a heap: 16s, 8s, 4s, 2s, 1s.
pub const COLUMNS: usize = 5;
/// The most legal moves [`safe_moves`] will enumerate before refusing.
pub const MAX_ENUMERATED_MOVES: u64 = 2_000_000;

/// Who wins when the last match goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Taking the last match loses (FtT's default and its worked example).
    #[default]
    Misere,
    /// Taking the last match wins.
    Normal,
}

impl Rule {
    /// The rule's word: `misere` or `normal` (also the command-line spelling).
    pub fn word(self) -> &'static str {
        match self {
            Rule::Misere => "misere",
            Rule::Normal => "normal",
        }
    }

    /// The rule's name in prose: `misère` or `normal` (the word with its accent, for text
    /// output; [`Rule::word`] is the spelling of flags and JSON).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Misere => "misère",
            Rule::Normal => "normal",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Misere => "misère (taking the last match loses)",
            Rule::Normal => "normal (taking the last match wins)",
        })
    }
}

impl std::str::FromStr for Rule {
    type Err = NimError;
    fn from_str(s: &str) -> Result<Rule, NimError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "misere" | "misère" => Ok(Rule::Misere),
            "normal" => Ok(Rule::Normal),
            _ => Err(NimError::BadRule(s.to_string())),
        }
    }
}

/// FtT's four cases of a position (ch. 25, NIM, "Possible positions").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Case {
    /// (a) At least k+1 heaps hold more than one match: the Normal Routine.
    A,
    /// (b) Between 1 and k heaps hold more than one match.
    B,
    /// (c) No heap holds more than one match; not all are empty.
    C,
    /// (d) All heaps are empty: the game is over.
    Zero,
}

impl Case {
    /// The case's letter as FtT writes it: `a`, `b`, `c`, `d`.
    pub fn letter(self) -> char {
        match self {
            Case::A => 'a',
            Case::B => 'b',
            Case::C => 'c',
            Case::Zero => 'd',
        }
    }
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Case::A => "case (a): at least k+1 heaps hold more than one match",
            Case::B => "case (b): between 1 and k heaps hold more than one match",
            Case::C => "case (c): no heap holds more than one match, not all are empty",
            Case::Zero => "case (d): all heaps are empty",
        })
    }
}

/// Bad heaps, k or moves.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NimError {
    /// No heaps at all.
    #[error("no heaps given: nim needs at least two heaps")]
    NoHeaps,
    /// A single heap: no k satisfies 1 <= k < N.
    #[error("one heap given: nim needs at least two heaps, since k must be less than the number of heaps")]
    OneHeap,
    /// More than [`MAX_HEAPS`] heaps.
    #[error("{0} heaps given: the universal computer's programme takes at most 8")]
    TooManyHeaps(usize),
    /// A heap over [`MAX_MATCHES`].
    #[error("heap {heap} holds {matches} matches: at most 31 (five bits) are allowed")]
    TooManyMatches {
        /// The heap's letter.
        heap: char,
        /// Its matches.
        matches: u64,
    },
    /// k out of 1..N.
    #[error("k = {k} with {heaps} heaps: k must be at least 1 and less than the number of heaps")]
    BadK {
        /// The k given.
        k: usize,
        /// The number of heaps.
        heaps: usize,
    },
    /// A heap list that does not parse.
    #[error("cannot read heaps {0:?}: give matches separated by commas, e.g. 7,4,5,2")]
    BadHeaps(String),
    /// An unknown rule word.
    #[error("unknown rule {0:?}: use misere or normal")]
    BadRule(String),
    /// A move to a different number of heaps.
    #[error("the move leaves {after} heaps where there were {before}")]
    HeapCount {
        /// Heaps before.
        before: usize,
        /// Heaps after.
        after: usize,
    },
    /// A move that takes nothing.
    #[error("the move takes no match: at least one must be taken")]
    NothingTaken,
    /// A move that adds matches.
    #[error("heap {heap} would grow from {from} to {to}: matches can only be taken")]
    HeapGrows {
        /// The heap's letter.
        heap: char,
        /// Matches before.
        from: u8,
        /// Matches after.
        to: u8,
    },
    /// A move altering more than k heaps.
    #[error("the move alters {altered} heaps: at most k = {k} may be altered")]
    TooManyAltered {
        /// Heaps altered.
        altered: usize,
        /// The k in force.
        k: usize,
    },
    /// Too many legal moves to enumerate.
    #[error("{0} legal moves are too many to enumerate (at most 2000000)")]
    TooManyMoves(u64),
}

/// The heap's letter: 0 -> 'A', 1 -> 'B', ...
pub fn letter(index: usize) -> char {
    char::from(b'A' + (index % 26) as u8)
}

/// Reads a heap list such as `7,4,5,2` (spaces allowed around numbers) and validates the
/// count and the sizes (not k).
///
/// # Errors
/// [`NimError::BadHeaps`] for empty fields or non-numbers; the count and size errors of
/// [`validate`].
pub fn parse_heaps(text: &str) -> Result<Vec<u8>, NimError> {
    let mut heaps = Vec::new();
    for (i, field) in text.split(',').enumerate() {
        let value: u64 = field
            .trim()
            .parse()
            .map_err(|_| NimError::BadHeaps(text.to_string()))?;
        if value > u64::from(MAX_MATCHES) {
            return Err(NimError::TooManyMatches {
                heap: letter(i),
                matches: value,
            });
        }
        heaps.push(value as u8);
    }
    if heaps.len() > MAX_HEAPS {
        return Err(NimError::TooManyHeaps(heaps.len()));
    }
    Ok(heaps)
}

/// The one validation: 1..=8 heaps, each at most 31 matches, and 1 <= k < N (so in
/// effect at least two heaps).
///
/// # Errors
/// [`NimError::NoHeaps`], [`NimError::TooManyHeaps`], [`NimError::TooManyMatches`],
/// [`NimError::OneHeap`], [`NimError::BadK`].
pub fn validate(heaps: &[u8], k: usize) -> Result<(), NimError> {
    if heaps.is_empty() {
        return Err(NimError::NoHeaps);
    }
    if heaps.len() > MAX_HEAPS {
        return Err(NimError::TooManyHeaps(heaps.len()));
    }
    if let Some((i, &m)) = heaps.iter().enumerate().find(|(_, &m)| m > MAX_MATCHES) {
        return Err(NimError::TooManyMatches {
            heap: letter(i),
            matches: u64::from(m),
        });
    }
    if heaps.len() == 1 {
        return Err(NimError::OneHeap);
    }
    if k == 0 || k >= heaps.len() {
        return Err(NimError::BadK {
            k,
            heaps: heaps.len(),
        });
    }
    Ok(())
}

/// The binary column sums: index 0 is the 1s column, 4 the 16s (FtT adds the columns of
/// the heaps written in binary; its (7,4,3,2) gives 4s 2, 2s 3, 1s 2).
pub fn column_sums(heaps: &[u8]) -> [u32; COLUMNS] {
    let mut sums = [0; COLUMNS];
    for &h in heaps {
        for (bit, sum) in sums.iter_mut().enumerate() {
            *sum += u32::from((h >> bit) & 1);
        }
    }
    sums
}

/// Bouton's nim-sum (k = 1): the exclusive or of the heaps ("neqv 2", Bell ch. 1.1).
pub fn nim_sum(heaps: &[u8]) -> u8 {
    heaps.iter().fold(0, |acc, &h| acc ^ h)
}

/// Moore's test: every binary column sum divisible by k+1 (FtT's "secret of a winning
/// position"; for k = 1 the nim-sum is zero).
pub fn columns_divisible(heaps: &[u8], k: usize) -> bool {
    column_sums(heaps).iter().all(|&s| s % (k as u32 + 1) == 0)
}

/// FtT's case of a position (k is not validated here; see [`validate`]).
pub fn case_of(heaps: &[u8], k: usize) -> Case {
    let big = heaps.iter().filter(|&&h| h > 1).count();
    if big > k {
        Case::A
    } else if big > 0 {
        Case::B
    } else if heaps.contains(&1) {
        Case::C
    } else {
        Case::Zero
    }
}

/// Whether the position is safe: a win for the player who has just moved (see the module
/// documentation for the misère definition; k is not validated here).
pub fn is_safe(heaps: &[u8], k: usize, rule: Rule) -> bool {
    match rule {
        Rule::Normal => columns_divisible(heaps, k),
        Rule::Misere => match case_of(heaps, k) {
            Case::A => columns_divisible(heaps, k),
            Case::B | Case::Zero => false,
            Case::C => {
                let units = heaps.iter().filter(|&&h| h == 1).count();
                units % (k + 1) == 1
            }
        },
    }
}

/// Which heap the programme takes when several qualify (FtT: "choose any heap, say D").
/// See docs/nim.md for which worked facts each reading passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum HeapPick {
    /// The highest-lettered heap: a scan from the last heap down takes the first it finds.
    /// Passes FtT's k = 1 and k = 2 replies and Bell's N = 2 reply (the default).
    #[default]
    Last,
    /// The lowest-lettered heap. Fails FtT's k = 1 reply (gives 5,4,3,2).
    First,
    /// The heap with the fewest matches, ties to the later letter. Passes FtT's two replies,
    /// fails Bell's N = 2 reply (gives 0,3,5,7,6).
    Smallest,
    /// The heap whose minimum move takes the fewest matches (its value below the column
    /// smallest), ties to the later letter. Passes all three.
    FewestTaken,
}

impl HeapPick {
    /// The reading's name as the command line spells it.
    pub fn word(self) -> &'static str {
        match self {
            HeapPick::Last => "last",
            HeapPick::First => "first",
            HeapPick::Smallest => "smallest",
            HeapPick::FewestTaken => "fewest-taken",
        }
    }
}

impl std::str::FromStr for HeapPick {
    type Err = String;
    fn from_str(s: &str) -> Result<HeapPick, String> {
        match s {
            "last" => Ok(HeapPick::Last),
            "first" => Ok(HeapPick::First),
            "smallest" => Ok(HeapPick::Smallest),
            "fewest-taken" => Ok(HeapPick::FewestTaken),
            _ => Err(format!(
                "unknown heap pick {s:?}: use last, first, smallest or fewest-taken"
            )),
        }
    }
}

/// The named readings of FtT's text where it leaves a choice open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Readings {
    /// Which heap to take when several qualify (default [`HeapPick::Last`]).
    pub pick: HeapPick,
}

/// The machine's reply to a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// FtT's case of the position faced.
    pub case: Case,
    /// The heaps after the move; `None` when the position is already safe (the programme
    /// then moves at random with /W: any legal move is right) or the game is over.
    pub after: Option<Vec<u8>>,
}

/// Chooses one index among `candidates` (in letter order) by the reading; `low_mask`
/// selects the heap's bits below the column in question (for [`HeapPick::FewestTaken`]).
fn choose(candidates: &[usize], heaps: &[u8], low_mask: u8, pick: HeapPick) -> Option<usize> {
    match pick {
        HeapPick::Last => candidates.last().copied(),
        HeapPick::First => candidates.first().copied(),
        // `min_by_key` keeps the first minimum; scanning in reverse gives the later letter.
        HeapPick::Smallest => candidates.iter().rev().copied().min_by_key(|&i| heaps[i]),
        HeapPick::FewestTaken => candidates
            .iter()
            .rev()
            .copied()
            .min_by_key(|&i| heaps[i] & low_mask),
    }
}

/// FtT's Normal Routine on an unsafe position: the heaps after the move (see the module
/// documentation for the exact procedure). Returns the heaps unchanged if they are
/// already column-safe.
pub fn normal_routine(heaps: &[u8], k: usize, options: &Readings) -> Vec<u8> {
    let mut h = heaps.to_vec();
    let mut altered = vec![false; h.len()];
    let modulus = k as u32 + 1;
    for bit in (0..COLUMNS).rev() {
        let mask = 1u8 << bit;
        let low_mask = mask - 1;
        let sum = h.iter().filter(|&&x| x & mask != 0).count() as u32;
        let mut r = sum % modulus;
        while r > 0 {
            let with_one = |want_altered: bool| -> Vec<usize> {
                (0..h.len())
                    .filter(|&i| altered[i] == want_altered && h[i] & mask != 0)
                    .collect()
            };
            let mut candidates = with_one(true);
            if candidates.is_empty() {
                candidates = with_one(false);
            }
            // r <= column sum, so a candidate always exists.
            let Some(i) = choose(&candidates, &h, low_mask, options.pick) else {
                break;
            };
            h[i] = (h[i] & !mask) | low_mask;
            altered[i] = true;
            r -= 1;
        }
    }
    h
}

/// FtT's Cases (b) and (c) (misère): leave r(k+1)+1 unit heaps and nothing bigger.
/// `None` when no such position is in reach (case (c) with the count already right).
pub fn cases_b_c(heaps: &[u8], k: usize, options: &Readings) -> Option<Vec<u8>> {
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 1).collect();
    let units: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == 1).collect();
    if big.len() > k {
        return None;
    }
    let spare = (k - big.len()).min(units.len());
    let low = units.len() - spare; // fewest unit heaps in reach
    let high = units.len() + big.len(); // most unit heaps in reach
    let modulus = k + 1;
    // The one count ≡ 1 mod (k+1) in [low, high], if any.
    let target = (low..=high).find(|&n| n % modulus == 1)?;
    let mut h = heaps.to_vec();
    for &i in &big {
        h[i] = 0;
    }
    if target >= units.len() {
        // Keep one match in (target - units) of the big heaps.
        let mut left: Vec<usize> = big.clone();
        for _ in 0..target - units.len() {
            let i = choose(&left, heaps, 0xff, options.pick)?;
            h[i] = 1;
            left.retain(|&j| j != i);
        }
    } else {
        let mut left = units.clone();
        for _ in 0..units.len() - target {
            let i = choose(&left, heaps, 0xff, options.pick)?;
            h[i] = 0;
            left.retain(|&j| j != i);
        }
    }
    if h == heaps {
        return None; // nothing taken: the position is already the target
    }
    Some(h)
}

/// The programme's deterministic reply per FtT (see the module documentation).
///
/// # Errors
/// The errors of [`validate`].
pub fn reply(heaps: &[u8], k: usize, rule: Rule, options: &Readings) -> Result<Reply, NimError> {
    validate(heaps, k)?;
    let case = case_of(heaps, k);
    if case == Case::Zero || is_safe(heaps, k, rule) {
        return Ok(Reply { case, after: None });
    }
    let after = match (rule, case) {
        (Rule::Misere, Case::B | Case::C) => cases_b_c(heaps, k, options),
        _ => Some(normal_routine(heaps, k, options)),
    };
    Ok(Reply { case, after })
}

/// Checks a move: the same number of heaps, at least one match taken, every heap equal or
/// lower, 1..=k heaps changed.
///
/// # Errors
/// The errors of [`validate`] for `before`, then [`NimError::HeapCount`],
/// [`NimError::HeapGrows`], [`NimError::NothingTaken`], [`NimError::TooManyAltered`].
pub fn check_move(before: &[u8], after: &[u8], k: usize) -> Result<(), NimError> {
    validate(before, k)?;
    if before.len() != after.len() {
        return Err(NimError::HeapCount {
            before: before.len(),
            after: after.len(),
        });
    }
    let mut altered = 0;
    for (i, (&b, &a)) in before.iter().zip(after).enumerate() {
        if a > b {
            return Err(NimError::HeapGrows {
                heap: letter(i),
                from: b,
                to: a,
            });
        }
        if a != b {
            altered += 1;
        }
    }
    if altered == 0 {
        return Err(NimError::NothingTaken);
    }
    if altered > k {
        return Err(NimError::TooManyAltered { altered, k });
    }
    Ok(())
}

/// The number of legal moves from a position: the sum over sets of 1..=k heaps of the
/// product of their sizes (elementary symmetric sums), saturating.
pub fn legal_move_count(heaps: &[u8], k: usize) -> u64 {
    // e[j] = sum over j-sets of products.
    let mut e = vec![0u64; k + 1];
    e[0] = 1;
    for &h in heaps {
        for j in (1..=k).rev() {
            e[j] = e[j].saturating_add(e[j - 1].saturating_mul(u64::from(h)));
        }
    }
    e[1..].iter().fold(0u64, |a, &b| a.saturating_add(b))
}

/// Every legal move to a safe position, as the heaps after it, in lexicographic order of
/// the heaps after (Bell's "three moves possible" for 1,3,5,7,11,13 with k = 1).
///
/// # Errors
/// The errors of [`validate`]; [`NimError::TooManyMoves`] when there are more than
/// [`MAX_ENUMERATED_MOVES`] legal moves.
pub fn safe_moves(heaps: &[u8], k: usize, rule: Rule) -> Result<Vec<Vec<u8>>, NimError> {
    validate(heaps, k)?;
    let count = legal_move_count(heaps, k);
    if count > MAX_ENUMERATED_MOVES {
        return Err(NimError::TooManyMoves(count));
    }
    let mut out = Vec::new();
    let mut cur = heaps.to_vec();
    fn walk(
        i: usize,
        changed: usize,
        heaps: &[u8],
        k: usize,
        rule: Rule,
        cur: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
    ) {
        if i == heaps.len() {
            if changed > 0 && is_safe(cur, k, rule) {
                out.push(cur.clone());
            }
            return;
        }
        for v in 0..=heaps[i] {
            let c = changed + usize::from(v != heaps[i]);
            if c > k {
                continue;
            }
            cur[i] = v;
            walk(i + 1, c, heaps, k, rule, cur, out);
        }
        cur[i] = heaps[i];
    }
    walk(0, 0, heaps, k, rule, &mut cur, &mut out);
    Ok(out)
}

/// Bell's single-pile game (Bell ch. 1.1): a move takes 1 up to half the pile (rounded
/// down; from a pile of one the last match must be taken) and whoever takes the last
/// match loses. The safe sizes are 2^n - 1. Returns the matches to take to leave a safe
/// size, as Bell's machine computes it (clear the most significant bit, add 1 to what is
/// left), or `None` when the pile is already safe (Bell's machine then takes one match)
/// or empty.
pub fn single_pile_reply(n: u32) -> Option<u32> {
    if n == 0 || single_pile_safe(n) {
        return None;
    }
    let top = 1u32 << (31 - n.leading_zeros());
    Some(n - top + 1)
}

/// Whether a single pile is safe in Bell's game: n = 2^m - 1 (1, 3, 7, 15, 31 ...).
pub fn single_pile_safe(n: u32) -> bool {
    n != 0 && (n & n.wrapping_add(1)) == 0
}

/// The most matches a move may take from a single pile of n in Bell's game: half,
/// rounded down, but at least one while any remain.
pub fn single_pile_max_take(n: u32) -> u32 {
    if n == 0 {
        0
    } else {
        (n / 2).max(1)
    }
}

use crate::random::Xorshift64;

/// `n` random positions for the programme's check: 2..=8 heaps, every k from 1 to N-1,
/// both rules. Each position draws a ceiling from 31, 7 (Nimrod), 3 and 1 with equal
/// chance and its heaps uniformly from 0 up to it, so that cases (b), (c) and (d) occur
/// often enough to be checked. Deterministic for a seed.
pub fn random_positions(n: usize, seed: u64) -> Vec<(Vec<u8>, usize, Rule)> {
    let mut rng = Xorshift64::new(seed);
    (0..n)
        .map(|_| {
            let count = 2 + rng.below(MAX_HEAPS as u64 - 1) as usize;
            let ceiling = [MAX_MATCHES, NIMROD_MATCHES, 3, 1][rng.below(4) as usize];
            let heaps: Vec<u8> = (0..count)
                .map(|_| rng.below(u64::from(ceiling) + 1) as u8)
                .collect();
            let k = 1 + rng.below(count as u64 - 1) as usize;
            let rule = if rng.below(2) == 0 {
                Rule::Misere
            } else {
                Rule::Normal
            };
            (heaps, k, rule)
        })
        .collect()
}

/// The heaps a move changes: (index, matches before, matches after), in letter order.
pub fn changes(before: &[u8], after: &[u8]) -> Vec<(usize, u8, u8)> {
    before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(i, (&b, &a))| (i, b, a))
        .collect()
}
