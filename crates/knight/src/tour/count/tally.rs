//! The number of ways a state of the frontier is reached ([`Tally`]): a
//! machine word while the counts fit, wider ones where one overflows. Its
//! own room, so that the frontier and its table both take it from here.

use crate::plain::Count;

/// The number of ways held for one state: a machine word while it fits,
/// 256 bits ([`Wide`]), or a [`Count`] of any size.
pub(crate) trait Tally: Clone + Send + Sync {
    fn zero() -> Self;
    fn one() -> Self;
    /// Adds `other`; false when the sum does not fit.
    fn add(&mut self, other: &Self) -> bool;
    /// The bytes it holds beside its own size.
    fn heap_bytes(&self) -> usize;
    fn into_count(self) -> Count;
}

/// A machine word as a [`Tally`]: `u64` first, `u128` where one
/// overflows; each becomes a [`Count`] by `into_count`.
macro_rules! word_tally {
    ($word:ty, $into_count:path) => {
        impl Tally for $word {
            fn zero() -> Self {
                0
            }

            fn one() -> Self {
                1
            }

            fn add(&mut self, other: &Self) -> bool {
                match self.checked_add(*other) {
                    Some(sum) => {
                        *self = sum;
                        true
                    }
                    None => false,
                }
            }

            fn heap_bytes(&self) -> usize {
                0
            }

            fn into_count(self) -> Count {
                $into_count(self)
            }
        }
    };
}

word_tally!(u64, Count::from);
word_tally!(u128, Count::from_u128);

/// A count of 256 bits: four words, least significant first (5×50's open
/// count has 78 digits, past `u128`; a [`Count`] per state would put its
/// digits on the heap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Wide([u64; 4]);

impl Wide {
    pub(crate) fn from_u128(n: u128) -> Wide {
        let low = u64::try_from(n & u128::from(u64::MAX)).unwrap_or(0);
        let high = u64::try_from(n >> 64).unwrap_or(0);
        Wide([low, high, 0, 0])
    }
}

impl Tally for Wide {
    fn zero() -> Self {
        Wide::default()
    }

    fn one() -> Self {
        Wide([1, 0, 0, 0])
    }

    fn add(&mut self, other: &Self) -> bool {
        let mut carry = false;
        let mut sum = [0u64; 4];
        for (k, word) in sum.iter_mut().enumerate() {
            let (partial, over_a) = self.0[k].overflowing_add(other.0[k]);
            let (total, over_b) = partial.overflowing_add(u64::from(carry));
            *word = total;
            carry = over_a || over_b;
        }
        if carry {
            return false;
        }
        self.0 = sum;
        true
    }

    fn heap_bytes(&self) -> usize {
        0
    }

    fn into_count(self) -> Count {
        super::natural::Natural::from_words(self.0.to_vec()).to_count()
    }
}

impl Tally for Count {
    fn zero() -> Self {
        Count::default()
    }

    fn one() -> Self {
        Count::one()
    }

    fn add(&mut self, other: &Self) -> bool {
        *self += other;
        true
    }

    fn heap_bytes(&self) -> usize {
        self.limb_bytes()
    }

    fn into_count(self) -> Count {
        self
    }
}
