//! [`Natural`]: a whole number of any size in base 2⁶⁴, with just what
//! running a linear recurrence needs (add a multiple, subtract, write in
//! decimal). The library's [`Count`] is base 10⁹ and adds only; a term
//! of 4×10,000's recurrence has some 7,000 digits and takes hundreds of
//! multiples a term, so this one multiplies a word at a time and is
//! written in decimal once, at the end.

use crate::plain::Count;

/// A whole number: base 2⁶⁴ limbs, least significant first, no leading
/// (last) zero limbs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Natural {
    limbs: Vec<u64>,
}

impl Natural {
    pub(crate) fn from_u64(n: u64) -> Natural {
        let mut natural = Natural { limbs: vec![n] };
        natural.trim();
        natural
    }

    /// The number whose words are `limbs`, least significant first.
    pub(crate) fn from_words(limbs: Vec<u64>) -> Natural {
        let mut natural = Natural { limbs };
        natural.trim();
        natural
    }

    pub(crate) fn clear(&mut self) {
        self.limbs.clear();
    }

    /// Adds `x × c`.
    #[cfg(test)]
    pub(crate) fn add_mul(&mut self, x: &Natural, c: u128) {
        // Two words of the multiplier, the high one a limb up.
        let (low, high) = (low_word(c), low_word(c >> 64));
        self.add_mul_word(&x.limbs, low, 0);
        self.add_mul_word(&x.limbs, high, 1);
    }

    /// Adds `x × c × 2^(64 × shift)`.
    #[cfg(test)]
    fn add_mul_word(&mut self, x: &[u64], c: u64, shift: usize) {
        if c == 0 || x.is_empty() {
            return;
        }
        let top = x.len() + shift;
        if self.limbs.len() < top {
            self.limbs.resize(top, 0);
        }
        let mut carry = 0u64;
        let c = u128::from(c);
        let limbs = &mut self.limbs[shift..top];
        for k in 0..x.len() {
            // At most (2⁶⁴−1)² + 2(2⁶⁴−1) = 2¹²⁸−1: it fits.
            let sum = u128::from(limbs[k]) + u128::from(x[k]) * c + u128::from(carry);
            limbs[k] = low_word(sum);
            carry = low_word(sum >> 64);
        }
        let mut k = top;
        while carry != 0 {
            match self.limbs.get_mut(k) {
                Some(limb) => {
                    let (sum, over) = limb.overflowing_add(carry);
                    *limb = sum;
                    carry = u64::from(over);
                }
                None => {
                    self.limbs.push(carry);
                    carry = 0;
                }
            }
            k += 1;
        }
        self.trim();
    }

    /// Adds `x × a × 2^(64 × shift)` and `y × b × 2^(64 × shift)` in one
    /// pass over the words (two carry chains side by side: half the loads
    /// and stores of two passes).
    pub(crate) fn add_mul_pair(&mut self, x: &[u64], a: u64, y: &[u64], b: u64, shift: usize) {
        let ((long, a), (short, b)) = if x.len() >= y.len() {
            ((x, a), (y, b))
        } else {
            ((y, b), (x, a))
        };
        let n = short.len();
        let top = long.len() + shift;
        if self.limbs.len() < top {
            self.limbs.resize(top, 0);
        }
        let (a, b) = (u128::from(a), u128::from(b));
        let (mut first, mut second) = (0u64, 0u64);
        let limbs = &mut self.limbs[shift..top];
        for k in 0..n {
            // Each at most (2⁶⁴−1)² + 2(2⁶⁴−1) = 2¹²⁸−1: they fit.
            let t = u128::from(limbs[k]) + u128::from(long[k]) * a + u128::from(first);
            let u = u128::from(low_word(t)) + u128::from(short[k]) * b + u128::from(second);
            limbs[k] = low_word(u);
            first = low_word(t >> 64);
            second = low_word(u >> 64);
        }
        for k in n..long.len() {
            let t = u128::from(limbs[k]) + u128::from(long[k]) * a + u128::from(first);
            limbs[k] = low_word(t);
            first = low_word(t >> 64);
        }
        self.add_word_at(top, first);
        self.add_word_at(shift + n, second);
        self.trim();
    }

    /// Adds `word × 2^(64 × at)`.
    fn add_word_at(&mut self, mut at: usize, mut word: u64) {
        while word != 0 {
            match self.limbs.get_mut(at) {
                Some(limb) => {
                    let (sum, over) = limb.overflowing_add(word);
                    *limb = sum;
                    word = u64::from(over);
                }
                None => {
                    self.limbs.resize(at, 0);
                    self.limbs.push(word);
                    word = 0;
                }
            }
            at += 1;
        }
    }

    /// The words, least significant first.
    pub(crate) fn words(&self) -> &[u64] {
        &self.limbs
    }

    /// Subtracts `other`; false (and `self` left unspecified) when
    /// `other` is larger.
    pub(crate) fn sub_assign(&mut self, other: &Natural) -> bool {
        if other.limbs.len() > self.limbs.len() {
            return false;
        }
        let mut borrow = false;
        for (k, limb) in self.limbs.iter_mut().enumerate() {
            let take = other.limbs.get(k).copied().unwrap_or(0);
            if k >= other.limbs.len() && !borrow {
                break;
            }
            let (difference, under_a) = limb.overflowing_sub(take);
            let (difference, under_b) = difference.overflowing_sub(u64::from(borrow));
            *limb = difference;
            borrow = under_a || under_b;
        }
        self.trim();
        !borrow
    }

    /// The number in the library's decimal [`Count`].
    pub(crate) fn to_count(&self) -> Count {
        // Divide by 10¹⁹ (the largest power of ten in a word) again and
        // again: the remainders are the decimal digits, 19 at a time.
        const TEN_19: u64 = 10_000_000_000_000_000_000;
        let mut rest = self.limbs.clone();
        let mut chunks = Vec::new();
        while !rest.is_empty() {
            let mut remainder = 0u128;
            for limb in rest.iter_mut().rev() {
                let value = (remainder << 64) | u128::from(*limb);
                *limb = low_word(value / u128::from(TEN_19));
                remainder = value % u128::from(TEN_19);
            }
            chunks.push(low_word(remainder));
            while rest.last() == Some(&0) {
                rest.pop();
            }
        }
        let mut text = String::with_capacity(chunks.len() * 19 + 1);
        match chunks.split_last() {
            None => text.push('0'),
            Some((top, lower)) => {
                text.push_str(&top.to_string());
                for chunk in lower.iter().rev() {
                    text.push_str(&format!("{chunk:019}"));
                }
            }
        }
        // Decimal digits only, as written just above.
        text.parse().unwrap_or_default()
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }
}

/// Adds `x × c` to the words `sum` (as long as `x` or longer), dropping
/// any carry out of them: the caller leaves them room.
#[inline]
pub(crate) fn add_mul_words(sum: &mut [u64], x: &[u64], c: u64) {
    if c == 0 {
        return;
    }
    let c = u128::from(c);
    let mut carry = 0u64;
    for k in 0..x.len() {
        let total = u128::from(sum[k]) + u128::from(x[k]) * c + u128::from(carry);
        sum[k] = low_word(total);
        carry = low_word(total >> 64);
    }
    for limb in &mut sum[x.len()..] {
        if carry == 0 {
            break;
        }
        let (total, over) = limb.overflowing_add(carry);
        *limb = total;
        carry = u64::from(over);
    }
}

/// The low word of `x` (the rest dropped, as a limb's arithmetic wants).
pub(crate) fn low_word(x: u128) -> u64 {
    u64::try_from(x & u128::from(u64::MAX)).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against u128 arithmetic, across limb boundaries, and the decimal
    /// against `u128`'s.
    #[test]
    fn adds_multiples_subtracts_and_writes_as_u128_does() {
        let values = [
            0u128,
            1,
            9,
            u128::from(u64::MAX),
            1 << 64,
            (1 << 100) + 12345,
        ];
        for &a in &values {
            for &b in &values {
                for c in [0u128, 1, 3, u128::from(u64::MAX), (1 << 64) + 5] {
                    let Some(want) = b.checked_mul(c).and_then(|bc| bc.checked_add(a)) else {
                        continue;
                    };
                    let mut n = Natural::default();
                    n.add_mul(&Natural::from_u64(1), a);
                    n.add_mul(&natural(b), c);
                    assert_eq!(n, natural(want), "{a} + {b} × {c}");
                    assert_eq!(n.to_count().to_string(), want.to_string());
                    let mut d = natural(want);
                    assert!(d.sub_assign(&natural(a)));
                    assert_eq!(d, natural(want - a));
                }
                let mut d = natural(a);
                assert_eq!(d.sub_assign(&natural(b)), a >= b, "{a} − {b}");
            }
        }
        // Two multiples at once, as two one at a time, words of any length.
        let numbers = [
            natural(0),
            natural(u128::MAX),
            natural(1 << 64),
            big_number(),
        ];
        for x in &numbers {
            for y in &numbers {
                for (a, b) in [(0, 3), (u64::MAX, u64::MAX), (5, u64::MAX - 1)] {
                    for shift in 0..2 {
                        let mut want = big_number();
                        want.add_mul_word(&x.limbs, a, shift);
                        want.add_mul_word(&y.limbs, b, shift);
                        let mut got = big_number();
                        got.add_mul_pair(&x.limbs, a, &y.limbs, b, shift);
                        assert_eq!(got, want);
                    }
                }
            }
        }
        // 2^640 − 1: ten words of ones, 193 digits.
        let mut big = Natural::default();
        for _ in 0..640 {
            let twice = big.clone();
            big.add_mul(&twice, 1);
            big.add_mul(&Natural::from_u64(1), 1);
        }
        assert_eq!(big.limbs.len(), 10);
        assert_eq!(big.to_count().digits(), 193);
    }

    /// 2^320 − 1 plus a little: five words and a sixth.
    fn big_number() -> Natural {
        let mut n = Natural::from_words(vec![u64::MAX; 5]);
        n.add_mul(&Natural::from_u64(12345), 1 << 70);
        n
    }

    fn natural(n: u128) -> Natural {
        let mut natural = Natural::default();
        natural.add_mul(&Natural::from_u64(1), n);
        natural
    }
}
