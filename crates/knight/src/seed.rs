//! The library's one seeded generator, splitmix64 (Steele, Lea and Flood
//! 2014): a fixed, well-spread function of a seed, so that every seeded
//! tie-break (Warnsdorff's rule with a seed, the finish's and the window's
//! restarts, the clue search and the puzzles it makes, the longest path's
//! rotations) gives the same answer for the same seed on every machine.

/// The golden-ratio increment of splitmix64's state.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// splitmix64's output: `z` mixed so that every bit of it moves every bit
/// of the result.
#[inline]
fn scrambled(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// splitmix64 of `x`: the next value of a generator whose state was `x`.
#[inline]
pub(crate) fn splitmix64(x: u64) -> u64 {
    scrambled(x.wrapping_add(GOLDEN))
}

/// `seed` and `key` mixed: `key` spread by the golden increment, then
/// scrambled as splitmix64 scrambles its state (a tie-break that depends
/// on both, the same for the same pair).
#[inline]
pub(crate) fn splitmix64_keyed(seed: u64, key: u32) -> u64 {
    scrambled(seed ^ u64::from(key).wrapping_mul(GOLDEN))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// splitmix64's published first outputs from the state 0.
    #[test]
    fn splitmix64_is_the_published_generator() {
        let mut state = 0u64;
        let mut next = || {
            let out = splitmix64(state);
            state = state.wrapping_add(GOLDEN);
            out
        };
        assert_eq!(next(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(next(), 0x6e78_9e6a_a1b9_65f4);
    }
}
