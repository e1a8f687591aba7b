//! [`Count`]: a whole number of any size, for the number of shortest paths
//! (it outgrows every integer type: the far corners of a 1000 × 1000 board
//! are joined by a number of paths with hundreds of digits).
//!
//! Base 10⁹ limbs, least significant first: adding and comparing are a loop
//! over limbs, and writing it in decimal needs no division. Only what the
//! counting and unranking of paths need is here (add, subtract, compare).

use std::cmp::Ordering;
use std::fmt;

use crate::grid::Int;

/// One limb holds a number below this.
const BASE: u32 = 1_000_000_000;

/// A whole number of any size (the number of shortest paths, or a place
/// among them). Written in decimal by `Display`.
///
/// ```
/// use knight::plain::Count;
/// let mut n = Count::from(999_999_999_999_999_999u64);
/// n += &Count::from(2u64);
/// assert_eq!(n.to_string(), "1000000000000000001");
/// assert!(n > Count::from(u64::MAX / 20));
/// assert_eq!(Count::default().to_string(), "0");
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// Base 10⁹, least significant first, no leading (last) zero limbs.
    limbs: Vec<u32>,
}

impl Count {
    /// One.
    pub fn one() -> Count {
        Count { limbs: vec![1] }
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        self.limbs.iter().rev().try_fold(0u64, |n, &limb| {
            n.checked_mul(u64::from(BASE))?.checked_add(u64::from(limb))
        })
    }

    /// `self - other`, or None when `other` is larger (a place counted from
    /// the end: the last page of paths starts at `count - limit`).
    ///
    /// ```
    /// use knight::plain::Count;
    /// assert_eq!(Count::from(10u64).checked_sub(&Count::from(3u64)), Some(Count::from(7u64)));
    /// assert_eq!(Count::from(3u64).checked_sub(&Count::from(10u64)), None);
    /// ```
    pub fn checked_sub(&self, other: &Count) -> Option<Count> {
        (self >= other).then(|| {
            let mut difference = self.clone();
            difference.sub_assign(other);
            difference
        })
    }

    /// Subtracts `other`, which is at most `self`.
    pub(crate) fn sub_assign(&mut self, other: &Count) {
        debug_assert!(*self >= *other);
        let mut borrow = 0u32;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let take = other.limbs.get(i).copied().unwrap_or(0) + borrow;
            if take == 0 && i >= other.limbs.len() {
                break;
            }
            if *limb >= take {
                *limb -= take;
                borrow = 0;
            } else {
                *limb = *limb + BASE - take;
                borrow = 1;
            }
        }
        self.trim();
    }

    /// The memory it takes: its own bytes and its limbs' (what a table of
    /// counts is charged, against a limit, as it is built).
    pub(crate) fn bytes(&self) -> u64 {
        let limbs = self
            .limbs
            .capacity()
            .saturating_mul(std::mem::size_of::<u32>());
        (std::mem::size_of::<Count>() + limbs).u64()
    }

    /// The number, from a `u128`.
    pub(crate) fn from_u128(mut n: u128) -> Count {
        let mut limbs = Vec::new();
        while n > 0 {
            // Below 10⁹: the remainder fits a limb.
            limbs.push(u32::try_from(n % u128::from(BASE)).unwrap_or(0));
            n /= u128::from(BASE);
        }
        Count { limbs }
    }

    /// The bytes its limbs take on the heap.
    pub(crate) fn limb_bytes(&self) -> usize {
        self.limbs.capacity() * std::mem::size_of::<u32>()
    }

    /// How many decimal digits it has (1 for zero).
    pub fn digits(&self) -> usize {
        match self.limbs.split_last() {
            None => 1,
            Some((top, rest)) => top.to_string().len() + 9 * rest.len(),
        }
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }
}

impl From<u64> for Count {
    fn from(mut n: u64) -> Count {
        let mut limbs = Vec::new();
        while n > 0 {
            limbs.push((n % u64::from(BASE)).u32());
            n /= u64::from(BASE);
        }
        Count { limbs }
    }
}

/// Why a text is not a [`Count`]: it is empty, or holds something other
/// than decimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotDigits;

impl fmt::Display for NotDigits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a string of decimal digits")
    }
}

impl std::error::Error for NotDigits {}

/// Decimal digits (leading zeros allowed), as `Display` writes them: a
/// place among the paths may be as large as their count.
///
/// ```
/// use knight::plain::Count;
/// let place: Count = "99999999999999999999".parse().unwrap();
/// assert_eq!(place.to_string(), "99999999999999999999");
/// assert_eq!("007".parse::<Count>().unwrap(), Count::from(7u64));
/// assert!("".parse::<Count>().is_err() && "1e3".parse::<Count>().is_err());
/// ```
impl std::str::FromStr for Count {
    type Err = NotDigits;

    fn from_str(text: &str) -> Result<Count, NotDigits> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotDigits);
        }
        let digits = text.trim_start_matches('0').as_bytes();
        // Nine digits a limb, from the least significant end.
        let limbs = digits
            .rchunks(9)
            .map(|chunk| {
                chunk
                    .iter()
                    .fold(0u32, |limb, &d| limb * 10 + u32::from(d - b'0'))
            })
            .collect();
        Ok(Count { limbs })
    }
}

impl std::ops::AddAssign<&Count> for Count {
    fn add_assign(&mut self, other: &Count) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = 0u32;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let add = other.limbs.get(i).copied().unwrap_or(0) + carry;
            if add == 0 && i >= other.limbs.len() {
                break;
            }
            let sum = *limb + add;
            (*limb, carry) = if sum >= BASE {
                (sum - BASE, 1)
            } else {
                (sum, 0)
            };
        }
        if carry > 0 {
            self.limbs.push(carry);
        }
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Count) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Count) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((top, rest)) = self.limbs.split_last() else {
            return f.write_str("0");
        };
        write!(f, "{top}")?;
        for limb in rest.iter().rev() {
            write!(f, "{limb:09}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Count({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against u128 arithmetic, across limb boundaries.
    #[test]
    fn adds_subtracts_compares_and_writes_as_u128_does() {
        let values: Vec<u128> = [
            0u128,
            1,
            999_999_999,
            1_000_000_000,
            1_000_000_001,
            999_999_999_999_999_999,
            u128::from(u64::MAX),
            u128::from(u64::MAX) * 1_000_003,
        ]
        .into_iter()
        .collect();
        let count = |v: u128| {
            let (high, low) = (v / (1 << 64), v % (1 << 64));
            let mut c = Count::from(u64::try_from(high).unwrap());
            // high × 2^64 by doubling, then + low.
            for _ in 0..64 {
                let twice = c.clone();
                c += &twice;
            }
            c += &Count::from(u64::try_from(low).unwrap());
            c
        };
        for &a in &values {
            assert_eq!(count(a).to_string(), a.to_string());
            assert_eq!(count(a).to_u64(), u64::try_from(a).ok());
            assert_eq!(a.to_string().parse::<Count>(), Ok(count(a)));
            assert_eq!(format!("000{a}").parse::<Count>(), Ok(count(a)));
            for &b in &values {
                let mut sum = count(a);
                sum += &count(b);
                assert_eq!(sum.to_string(), (a + b).to_string());
                assert_eq!(count(a).cmp(&count(b)), a.cmp(&b), "{a} {b}");
                if a >= b {
                    let mut difference = count(a);
                    difference.sub_assign(&count(b));
                    assert_eq!(difference.to_string(), (a - b).to_string());
                    assert_eq!(difference.is_zero(), a == b);
                }
            }
        }
    }

    #[test]
    fn only_digits_parse() {
        for text in ["", "-1", "+1", "1e3", "1.0", " 1", "1 ", "١"] {
            assert_eq!(text.parse::<Count>(), Err(NotDigits), "{text:?}");
        }
        assert!("0".parse::<Count>().unwrap().is_zero());
        assert!("000000000000".parse::<Count>().unwrap().is_zero());
    }
}
