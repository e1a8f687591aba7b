//! Heavy work (tours, searches) runs on tokio's blocking pool behind a
//! semaphore, with a bounded queue, so that cheap endpoints stay fast while
//! it runs. Past the queue a request is refused with 503 and `Retry-After`.
//!
//! One rule says what is heavy: work measured in more than [`INLINE_UNITS`]
//! units (squares listed, searched or drawn; characters of a board to parse),
//! and every tour and longest-path search, whose time the size does not tell.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::Semaphore;

use super::problem::ApiError;

/// Work of at most this many units runs on the request's own task: it takes
/// microseconds, less than a trip to the blocking pool.
pub const INLINE_UNITS: u64 = 16 * 1024;

/// The heavy-work gate shared by all requests.
#[derive(Clone, Debug)]
pub struct Heavy {
    permits: Arc<Semaphore>,
    /// Requests admitted: running plus queued.
    admitted: Arc<AtomicUsize>,
    workers: usize,
    queue: usize,
    retry_after_secs: u64,
}

/// Decrements the admitted count when the work is over, however it ends.
struct Admission(Arc<AtomicUsize>);

impl Drop for Admission {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Heavy {
    /// At most `workers` jobs run at once and `queue` more wait.
    pub fn new(workers: usize, queue: usize, retry_after_secs: u64) -> Heavy {
        let workers = workers.max(1);
        Heavy {
            permits: Arc::new(Semaphore::new(workers)),
            admitted: Arc::new(AtomicUsize::new(0)),
            workers,
            queue,
            retry_after_secs,
        }
    }

    /// Jobs waiting for a worker.
    pub fn queued(&self) -> usize {
        self.admitted
            .load(Ordering::SeqCst)
            .saturating_sub(self.workers)
    }

    /// Jobs running or waiting.
    pub fn admitted(&self) -> usize {
        self.admitted.load(Ordering::SeqCst)
    }

    /// Runs `work` on the blocking pool once a worker is free; 503 when the
    /// queue is full.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let before = self.admitted.fetch_add(1, Ordering::SeqCst);
        let admission = Admission(Arc::clone(&self.admitted));
        if before >= self.workers + self.queue {
            return Err(ApiError::overloaded(self.retry_after_secs));
        }
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::internal())?;
        // The permit and admission move into the job: if the client goes
        // away, the work still counts until it is really over.
        tokio::task::spawn_blocking(move || {
            let answer = work();
            drop(permit);
            drop(admission);
            answer
        })
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "heavy work failed");
            ApiError::internal()
        })
    }

    /// Runs `work` of `units` (see [`INLINE_UNITS`]) here when it is light,
    /// else as [`Heavy::run`] does.
    pub async fn run_sized<T, F>(&self, units: u64, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        if units <= INLINE_UNITS {
            Ok(work())
        } else {
            self.run(work).await
        }
    }
}
