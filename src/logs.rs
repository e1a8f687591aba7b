//! How many warnings and errors reach the log: at most [`PER_SECOND`] a
//! second, so that a flood of bad traffic (resets, malformed requests, a
//! library's own warnings about them) cannot flood the log, or spend the
//! CPU that writing it costs. Lines past the limit in a second are
//! dropped; the first line let through after them says how many were.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use tracing::{Level, Metadata};

/// Warnings and errors logged in one second, at most.
pub const PER_SECOND: u64 = 5;

/// The count of warnings and errors in the current second.
#[derive(Debug)]
pub struct Throttle {
    /// The second counted, since `start`, and the lines let through in it.
    window: Mutex<(u64, u64)>,
    start: Instant,
    dropped: AtomicU64,
}

impl Default for Throttle {
    fn default() -> Throttle {
        Throttle {
            window: Mutex::new((0, 0)),
            start: Instant::now(),
            dropped: AtomicU64::new(0),
        }
    }
}

impl Throttle {
    /// Whether a line of `metadata`'s level may be logged now: every line
    /// below WARN, and the first [`PER_SECOND`] warnings and errors of each
    /// second.
    pub fn allows(&self, metadata: &Metadata<'_>) -> bool {
        if !metadata.is_event() || *metadata.level() > Level::WARN {
            return true;
        }
        self.allows_at(self.start.elapsed().as_secs())
    }

    fn allows_at(&self, second: u64) -> bool {
        let mut window = self.window.lock().unwrap_or_else(|e| e.into_inner());
        if window.0 != second {
            *window = (second, 0);
        }
        if window.1 >= PER_SECOND {
            self.dropped.fetch_add(1, Ordering::Relaxed);
            return false;
        }
        window.1 += 1;
        true
    }

    /// Warnings and errors dropped since this was last asked.
    pub fn take_dropped(&self) -> u64 {
        self.dropped.swap(0, Ordering::Relaxed)
    }
}

/// Standard output, through a [`Throttle`]: the log's writer. Lines are
/// dropped where they are written, so that the subscriber's filtering (and
/// its cost on every request) stays as it was.
#[derive(Clone, Debug, Default)]
pub struct ThrottledStdout(pub std::sync::Arc<Throttle>);

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for ThrottledStdout {
    type Writer = tracing_subscriber::fmt::writer::EitherWriter<std::io::Stdout, std::io::Sink>;

    fn make_writer(&'a self) -> Self::Writer {
        tracing_subscriber::fmt::writer::EitherWriter::A(std::io::stdout())
    }

    fn make_writer_for(&'a self, metadata: &Metadata<'_>) -> Self::Writer {
        use tracing_subscriber::fmt::writer::EitherWriter;
        if self.0.allows(metadata) {
            EitherWriter::A(std::io::stdout())
        } else {
            EitherWriter::B(std::io::sink())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_five_a_second() {
        let throttle = Throttle::default();
        let let_through = (0..100).filter(|_| throttle.allows_at(7)).count();
        assert_eq!(let_through, 5);
        assert_eq!(throttle.take_dropped(), 95);
        assert!(throttle.allows_at(8));
        assert_eq!(throttle.take_dropped(), 0);
    }
}
