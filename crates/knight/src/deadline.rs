//! A time limit that can also be called off: the instant a search must stop
//! by, and, when given, a flag another thread sets once nobody waits for
//! the answer (a service whose client went away). Every long search loop
//! reads [`Deadline::passed`] where it would read the clock, so a called-off
//! search stops exactly as a timed-out one does and claims no more than one
//! (a search that stopped early proves nothing: its answer is "not found in
//! time", never "no tour").

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// When a search must stop: at an instant, or sooner when its flag is set.
///
/// A [`Duration`] converts into one that ends that long from now, so the
/// searches that take a time limit take either.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use std::sync::Arc;
/// use std::time::Duration;
/// use knight::Deadline;
///
/// let flag = Arc::new(AtomicBool::new(false));
/// let deadline = Deadline::from(Duration::from_secs(60)).cancelled_by(Arc::clone(&flag));
/// assert!(!deadline.passed());
/// flag.store(true, Ordering::Relaxed);
/// assert!(deadline.passed());
/// ```
#[derive(Clone, Debug)]
pub struct Deadline {
    at: Instant,
    cancel: Option<Arc<AtomicBool>>,
}

impl Deadline {
    /// The same deadline, passed as soon as `flag` is set too.
    #[must_use]
    pub fn cancelled_by(self, flag: Arc<AtomicBool>) -> Deadline {
        Deadline {
            cancel: Some(flag),
            ..self
        }
    }

    /// Whether the search must stop: the instant is reached, or the flag
    /// is set.
    pub fn passed(&self) -> bool {
        Instant::now() >= self.at || self.cancelled()
    }

    /// Whether the flag is set (read alone, without the clock).
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The time left before the instant (zero once it is reached).
    pub(crate) fn left(&self) -> Duration {
        self.at.saturating_duration_since(Instant::now())
    }

    /// A deadline at most `within` from now, called off with this one.
    pub(crate) fn sooner(&self, within: Duration) -> Deadline {
        Deadline {
            at: self.at.min(Instant::now() + within),
            cancel: self.cancel.clone(),
        }
    }
}

impl From<Duration> for Deadline {
    /// The deadline `time_limit` from now, with no flag.
    fn from(time_limit: Duration) -> Deadline {
        Deadline {
            at: Instant::now() + time_limit,
            cancel: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Square};
    use crate::tour::Ending;
    use crate::tour::{finish_tour, FinishError, FinishRequest};

    /// A called-off finish stops as a timed-out one does (`NotFound`, never
    /// "no tour"), with an hour still on its clock; the same question not
    /// called off is finished.
    #[test]
    fn called_off_finish_is_not_found() {
        let board = Board::new(100, 100).unwrap();
        let played = [Square::new(0, 0), Square::new(1, 2)];
        let request = FinishRequest {
            board,
            played: &played,
            ending: Ending::Open,
        };
        let hour = Duration::from_secs(3600);
        let flag = Arc::new(AtomicBool::new(true));
        let called_off = Deadline::from(hour).cancelled_by(flag);
        assert_eq!(
            finish_tour(request, 1_000_000, called_off),
            Err(FinishError::NotFound)
        );
        let done = finish_tour(request, 1_000_000, hour).unwrap();
        assert_eq!(done.path.len(), 10_000);
    }

    #[test]
    fn sooner_keeps_the_flag_and_the_earlier_instant() {
        let flag = Arc::new(AtomicBool::new(false));
        let far = Deadline::from(Duration::from_secs(3600)).cancelled_by(Arc::clone(&flag));
        let near = far.sooner(Duration::ZERO);
        assert!(near.passed() && !far.passed());
        // The earlier of the two instants: the hour, not two.
        assert!(far.sooner(Duration::from_secs(7200)).left() <= Duration::from_secs(3600));
        flag.store(true, Ordering::Relaxed);
        assert!(far.sooner(Duration::from_secs(60)).passed());
    }
}
