//! The service's numeric conversions, each in one place: lengths and
//! durations as the `u64`s that answers, headers and logs carry. Each is
//! lossless or saturates, said in its name.

use std::time::Duration;

/// A length as a `u64` (lossless on every target: `usize` is at most 64
/// bits).
#[inline]
pub fn len64(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// A `u64` count as a `usize`, saturating (a count past memory is refused
/// before it is used as one).
#[inline]
pub fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Whole seconds, rounded up: what a `Retry-After` header says.
#[inline]
pub fn secs_rounded_up(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

/// Whole milliseconds, saturating.
#[inline]
pub fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Whole microseconds, saturating.
#[inline]
pub fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// The whole pixels that hold `x`: the least n ≥ `x`, from 1 to `max`.
pub fn pixels(x: f64, max: u32) -> u32 {
    let (mut lo, mut hi) = (1, max.max(1));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if f64::from(mid) >= x {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_round_as_headers_need() {
        assert_eq!(secs_rounded_up(Duration::from_millis(1)), 1);
        assert_eq!(secs_rounded_up(Duration::from_secs(2)), 2);
        assert_eq!(secs_rounded_up(Duration::from_millis(2001)), 3);
        assert_eq!(millis(Duration::from_micros(2500)), 2);
        assert_eq!((len64(7), to_usize(7)), (7, 7));
    }
}
