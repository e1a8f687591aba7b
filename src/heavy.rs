//! Heavy work (tours, searches) runs on tokio's blocking pool, at most one
//! job a worker, so that cheap endpoints stay fast while it runs.
//!
//! Waiting work is queued per client and served round-robin: a client that
//! keeps many jobs queued gets one turn in each round like any other, so it
//! cannot starve the rest. Work is refused at once, with 503 and
//! `Retry-After`, when the queue is full, when its client already has its
//! share queued, or when the work ahead of it (by estimate) would not let it
//! start before the request timeout. A handler's work is queued as its
//! client's through [`Work`], which it gets with the state as [`Served`]
//! (an extractor naming the client as
//! [`Limits::client`](crate::layers::limits::Limits::client) does).
//!
//! One rule says what is heavy: work measured in more than [`INLINE_UNITS`]
//! units (squares listed, searched or drawn; characters of a board to parse),
//! and every tour and longest-path search, whose time the size does not tell,
//! except trivially small ones ([`Work::run_unless_small`]).
//!
//! Work that nobody waits for stops: each request's [`Work`] carries a flag
//! ([`Work::called_off`]) that its run path sets when the request's future
//! is dropped before the job has answered (the client reset its HTTP/2
//! stream, closed its connection, or the connection was closed for it).
//! The solvers read it where they read their deadline ([`knight::Deadline`],
//! [`knight::terrain::LongestWatch::cancelled`]), so the job ends within a few
//! thousand search nodes and its worker goes to the next in turn; jobs so
//! ended are counted in `/metrics`. What cannot be interrupted (a PNG being
//! rasterised) is bounded instead: one at a time a worker, sized before.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use std::convert::Infallible;
use tokio::sync::oneshot;

use crate::background::as_background;
use crate::convert::secs_rounded_up;
use crate::error::ApiError;
use knight::Cache;

/// Work of at most this many units runs on the request's own task: it takes
/// microseconds, less than a trip to the blocking pool.
pub const INLINE_UNITS: u64 = 16 * 1024;

/// Tours of boards of at most this many squares are answered inline: the
/// 8×8 tour takes microseconds.
pub const SMALL_TOUR_SQUARES: u64 = 64;

/// Longest-path searches on boards of at most this many squares are
/// answered inline: they are exhausted in microseconds.
pub const SMALL_SEARCH_SQUARES: u64 = 16;

/// A job's expected run time before any has been measured.
const FIRST_TYPICAL: Duration = Duration::from_millis(100);

/// The longest `Retry-After` ever suggested, in seconds.
const MOST_RETRY_AFTER_SECS: u64 = 60;

/// The heavy-work pool as one request sees it: its work is queued as its
/// client's. A handler gets it with the state, as [`Served`].
#[derive(Clone, Debug)]
pub struct Work {
    heavy: Heavy,
    client: IpAddr,
    /// A worker the request already holds ([`Work::take_worker`]): its
    /// work runs there, without queueing again.
    held: Option<Worker>,
    /// Set once nobody waits for this request's answer.
    called_off: Arc<AtomicBool>,
}

/// A worker taken for one request before its handler runs (a picture
/// rasterised after it is drawn): the handler's work runs on it, and it is
/// freed when the last clone is dropped. Carried to the handler as a
/// request extension.
#[derive(Clone)]
pub struct Worker {
    /// Held, not read: dropped with the last clone.
    slot: Arc<Slot>,
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Worker")
    }
}

impl Worker {
    /// Runs `work` on the blocking pool, on this worker.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.run_called_off(work, None).await
    }

    /// [`Worker::run`], counting the job as called off if `called_off` is
    /// set when it ends.
    async fn run_called_off<T, F>(
        &self,
        work: F,
        called_off: Option<Arc<AtomicBool>>,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let held = self.clone();
        tokio::task::spawn_blocking(move || {
            as_background();
            let answer = work();
            held.slot.inner.count_called_off(called_off.as_deref());
            drop(held);
            answer
        })
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "heavy work failed");
            ApiError::internal()
        })
    }
}

/// What the service's state gives a handler that runs heavy work.
pub trait Pool {
    /// The heavy-work pool as the client of the request `parts` sees it
    /// (named as [`Limits::client`](crate::layers::limits::Limits::client)
    /// names it).
    fn work_for(&self, parts: &Parts) -> Work;
    /// Every table kept between requests.
    fn cache(&self) -> &Arc<Cache>;
}

/// What a handler that runs heavy work is given: the tables kept between
/// requests, and the heavy-work pool as the request's client sees it.
#[derive(Clone, Debug)]
pub struct Served {
    pub cache: Arc<Cache>,
    pub work: Work,
}

impl<S: Pool + Send + Sync> FromRequestParts<S> for Served {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Served, Infallible> {
        let mut work = state.work_for(parts);
        work.held = parts.extensions.get::<Worker>().cloned();
        Ok(Served {
            cache: Arc::clone(state.cache()),
            work,
        })
    }
}

impl Work {
    /// Runs `work` on the blocking pool once a worker is free and it is its
    /// client's turn; 503 when it cannot be queued. If this future is
    /// dropped first, [`Work::called_off`] is set.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.run_job(None, work).await
    }

    /// The one run path: the job on the held worker or a queued one, with
    /// the flag set if the request's future is dropped before it answers.
    async fn run_job<T, F>(&self, estimate: Option<Duration>, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let armed = CallOff(Some(Arc::clone(&self.called_off)));
        let flag = Some(Arc::clone(&self.called_off));
        let answer = match &self.held {
            Some(worker) => worker.run_called_off(work, flag).await,
            None => self.heavy.run_job(self.client, estimate, flag, work).await,
        };
        armed.disarm();
        answer
    }

    /// The flag set once nobody waits for this request's answer: a search
    /// that takes it ([`knight::Deadline::cancelled_by`]) stops as if out
    /// of time.
    pub fn called_off(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.called_off)
    }

    /// Whether nobody waits for this request's answer any more.
    pub fn is_called_off(&self) -> bool {
        self.called_off.load(Ordering::Relaxed)
    }

    /// A worker for this request, taken as [`Work::run`] takes one (503
    /// when it cannot be queued), held until every clone is dropped.
    pub async fn take_worker(&self) -> Result<Worker, ApiError> {
        if let Some(worker) = &self.held {
            return Ok(worker.clone());
        }
        self.heavy.slot(self.client, None).await.map(|slot| Worker {
            slot: Arc::new(slot),
        })
    }

    /// [`Work::run`] for work expected to take about `estimate` (a
    /// search's time limit), which admission counts instead of the typical
    /// job's time.
    pub async fn run_for<T, F>(&self, estimate: Duration, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.run_job(Some(estimate), work).await
    }

    /// Whether a running job may use a second core: a worker is idle and no
    /// job waits (a search asks again often, and gives the core back).
    pub fn core_to_spare(&self) -> bool {
        let state = self.heavy.inner.lock();
        state.running.len() < self.heavy.inner.workers && state.queued == 0
    }

    /// Runs `work` of `units` (see [`INLINE_UNITS`]) here when it is light,
    /// else as [`Work::run`] does.
    pub async fn run_sized<T, F>(&self, units: u64, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.run_unless_small(units <= INLINE_UNITS, work).await
    }

    /// Runs `work` here when `small` (a tour or search so small that it
    /// takes microseconds), else as [`Work::run`] does.
    pub async fn run_unless_small<T, F>(&self, small: bool, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        if small {
            Ok(work())
        } else {
            self.run(work).await
        }
    }
}

/// Sets its flag when dropped armed: the request's future went away
/// before its job answered.
struct CallOff(Option<Arc<AtomicBool>>);

impl CallOff {
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CallOff {
    fn drop(&mut self) {
        if let Some(flag) = self.0.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// The heavy-work gate shared by all requests.
#[derive(Clone, Debug)]
pub struct Heavy {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    workers: usize,
    /// Jobs that may wait, in all.
    queue: usize,
    /// Jobs that may wait, for one client.
    per_client: usize,
    /// Work that could not start within this long is refused at once.
    timeout: Duration,
    retry_after_secs: u64,
    state: Mutex<State>,
    /// Jobs that ran and were called off before they ended.
    called_off: AtomicU64,
}

#[derive(Debug)]
struct State {
    running: Vec<Running>,
    /// Each client's waiting jobs, oldest first.
    waiting: HashMap<IpAddr, VecDeque<Waiter>>,
    /// Clients with waiting jobs, in the order of their next turn.
    turns: VecDeque<IpAddr>,
    queued: usize,
    next_id: u64,
    /// How long a job without an estimate of its own takes (a moving average).
    typical: Duration,
}

#[derive(Debug)]
struct Running {
    id: u64,
    started: Instant,
    estimate: Option<Duration>,
}

#[derive(Debug)]
struct Waiter {
    id: u64,
    estimate: Option<Duration>,
    start: oneshot::Sender<()>,
}

/// A worker held by one job; dropping it frees the worker for the next turn.
struct Slot {
    inner: Arc<Inner>,
    id: u64,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut state = self.inner.lock();
        if let Some(i) = state.running.iter().position(|r| r.id == self.id) {
            let done = state.running.swap_remove(i);
            if done.estimate.is_none() {
                let took = done.started.elapsed().min(self.inner.timeout);
                state.typical = (state.typical * 4 + took) / 5;
            }
        }
        self.inner.start_next(&mut state);
    }
}

/// A job waiting its turn: if the request goes away first, its place is
/// given up (or, granted meanwhile, its worker passed on).
struct Turn<'a> {
    inner: &'a Arc<Inner>,
    client: IpAddr,
    id: u64,
    started: bool,
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        if self.started {
            return;
        }
        let mut state = self.inner.lock();
        if let Some(queue) = state.waiting.get_mut(&self.client) {
            if let Some(i) = queue.iter().position(|w| w.id == self.id) {
                queue.remove(i);
                let empty = queue.is_empty();
                state.queued -= 1;
                if empty {
                    state.waiting.remove(&self.client);
                    state.turns.retain(|c| *c != self.client);
                }
                return;
            }
        }
        if let Some(i) = state.running.iter().position(|r| r.id == self.id) {
            state.running.swap_remove(i);
            self.inner.start_next(&mut state);
        }
    }
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A job has ended: counted if nobody waited for it any more.
    fn count_called_off(&self, flag: Option<&AtomicBool>) {
        if flag.is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.called_off.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Starts waiting jobs, one per client in turn, while workers are free.
    fn start_next(&self, state: &mut State) {
        while state.running.len() < self.workers {
            let Some(client) = state.turns.pop_front() else {
                return;
            };
            let Some(queue) = state.waiting.get_mut(&client) else {
                continue;
            };
            let Some(waiter) = queue.pop_front() else {
                state.waiting.remove(&client);
                continue;
            };
            if queue.is_empty() {
                state.waiting.remove(&client);
            } else {
                state.turns.push_back(client);
            }
            state.queued -= 1;
            // A request that went away has dropped its receiver.
            if waiter.start.send(()).is_ok() {
                state.running.push(Running {
                    id: waiter.id,
                    started: Instant::now(),
                    estimate: waiter.estimate,
                });
            }
        }
    }

    /// How long until a new job of `client` would start, served round-robin
    /// behind the jobs running and waiting.
    fn wait(&self, state: &State, client: IpAddr) -> Duration {
        let guess = |estimate: Option<Duration>| estimate.unwrap_or(state.typical);
        let mut ahead: Duration = state
            .running
            .iter()
            .map(|r| guess(r.estimate).saturating_sub(r.started.elapsed()))
            .sum();
        let own = state.waiting.get(&client).map_or(0, VecDeque::len);
        for (c, queue) in &state.waiting {
            let turns = if *c == client { own } else { own + 1 };
            ahead += queue
                .iter()
                .take(turns)
                .map(|w| guess(w.estimate))
                .sum::<Duration>();
        }
        ahead / u32::try_from(self.workers).unwrap_or(u32::MAX).max(1)
    }

    /// Seconds until a worker is likely free: the soonest running job's end.
    fn retry_after(&self, state: &State) -> u64 {
        let soonest = state
            .running
            .iter()
            .map(|r| {
                r.estimate
                    .unwrap_or(state.typical)
                    .saturating_sub(r.started.elapsed())
            })
            .min()
            .unwrap_or_default();
        secs_rounded_up(soonest).clamp(self.retry_after_secs, MOST_RETRY_AFTER_SECS)
    }
}

impl Heavy {
    /// At most `workers` jobs run at once and `queue` more wait; a refusal
    /// suggests retrying after at least `retry_after_secs`. No per-client
    /// share and no timeout until [`Heavy::per_client`] and
    /// [`Heavy::timeout`] set them.
    pub fn new(workers: usize, queue: usize, retry_after_secs: u64) -> Heavy {
        Heavy {
            inner: Arc::new(Inner {
                workers: workers.max(1),
                queue,
                per_client: usize::MAX,
                timeout: Duration::MAX,
                retry_after_secs,
                state: Mutex::new(State {
                    running: Vec::new(),
                    waiting: HashMap::new(),
                    turns: VecDeque::new(),
                    queued: 0,
                    next_id: 0,
                    typical: FIRST_TYPICAL,
                }),
                called_off: AtomicU64::new(0),
            }),
        }
    }

    /// The same gate, letting one client queue at most `jobs`.
    pub fn per_client(self, jobs: usize) -> Heavy {
        self.with(|inner| inner.per_client = jobs)
    }

    /// The same gate, refusing at once work that would not start within
    /// `timeout`.
    pub fn timeout(self, timeout: Duration) -> Heavy {
        self.with(|inner| inner.timeout = timeout)
    }

    fn with(self, change: impl FnOnce(&mut Inner)) -> Heavy {
        let mut inner = Arc::try_unwrap(self.inner).expect("configured before it is shared");
        change(&mut inner);
        Heavy {
            inner: Arc::new(inner),
        }
    }

    /// Jobs waiting for a worker.
    pub fn queued(&self) -> usize {
        self.inner.lock().queued
    }

    /// Jobs that ran and were called off before they ended (nobody waited
    /// for their answers any more), since the start.
    pub fn called_off(&self) -> u64 {
        self.inner.called_off.load(Ordering::Relaxed)
    }

    /// Jobs running or waiting.
    pub fn admitted(&self) -> usize {
        let state = self.inner.lock();
        state.running.len() + state.queued
    }

    /// The pool as `client`'s requests see it.
    pub fn for_client(&self, client: IpAddr) -> Work {
        Work {
            heavy: self.clone(),
            client,
            held: None,
            called_off: Arc::new(AtomicBool::new(false)),
        }
    }

    async fn run_job<T, F>(
        &self,
        client: IpAddr,
        estimate: Option<Duration>,
        called_off: Option<Arc<AtomicBool>>,
        work: F,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let slot = self.slot(client, estimate).await?;
        // The slot moves into the job: if the client goes away, the work
        // still holds its worker until it is really over (soon, when it
        // reads its flag).
        tokio::task::spawn_blocking(move || {
            as_background();
            let answer = work();
            slot.inner.count_called_off(called_off.as_deref());
            drop(slot);
            answer
        })
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "heavy work failed");
            ApiError::internal()
        })
    }

    /// A worker, once it is `client`'s turn; 503 when the job cannot be
    /// queued.
    async fn slot(&self, client: IpAddr, estimate: Option<Duration>) -> Result<Slot, ApiError> {
        match self.admit(client, estimate)? {
            Admitted::Now(slot) => Ok(slot),
            Admitted::Later { client, id, start } => {
                let mut turn = Turn {
                    inner: &self.inner,
                    client,
                    id,
                    started: false,
                };
                start.await.map_err(|_| ApiError::internal())?;
                turn.started = true;
                Ok(Slot {
                    inner: Arc::clone(&self.inner),
                    id,
                })
            }
        }
    }

    /// Takes a worker now, or a place in the client's queue, or refuses.
    fn admit(&self, client: IpAddr, estimate: Option<Duration>) -> Result<Admitted, ApiError> {
        let inner = &self.inner;
        let mut state = inner.lock();
        let id = state.next_id;
        state.next_id += 1;
        if state.running.len() < inner.workers && state.queued == 0 {
            state.running.push(Running {
                id,
                started: Instant::now(),
                estimate,
            });
            return Ok(Admitted::Now(Slot {
                inner: Arc::clone(inner),
                id,
            }));
        }
        let own = state.waiting.get(&client).map_or(0, VecDeque::len);
        if state.queued >= inner.queue {
            return Err(ApiError::overloaded(inner.retry_after(&state)));
        }
        if own >= inner.per_client {
            return Err(ApiError::client_overloaded(inner.retry_after(&state)));
        }
        if inner.wait(&state, client) >= inner.timeout {
            return Err(ApiError::overloaded(inner.retry_after(&state)));
        }
        let (sender, start) = oneshot::channel();
        if own == 0 {
            state.turns.push_back(client);
        }
        state.waiting.entry(client).or_default().push_back(Waiter {
            id,
            estimate,
            start: sender,
        });
        state.queued += 1;
        Ok(Admitted::Later { client, id, start })
    }
}

/// What admission gave a job: a worker now, or a place in its client's queue.
enum Admitted {
    Now(Slot),
    Later {
        client: IpAddr,
        id: u64,
        start: oneshot::Receiver<()>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    /// The client of work run outside any request.
    fn anyone() -> IpAddr {
        IpAddr::V4(Ipv4Addr::UNSPECIFIED)
    }

    /// A job of `client` that runs until its sender is dropped or sends.
    fn blocked(
        heavy: &Heavy,
        client: IpAddr,
        order: &Arc<Mutex<Vec<IpAddr>>>,
    ) -> (
        std::sync::mpsc::Sender<()>,
        tokio::task::JoinHandle<Result<(), ApiError>>,
    ) {
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let (heavy, order) = (heavy.clone(), Arc::clone(order));
        let job = tokio::spawn(async move {
            heavy
                .for_client(client)
                .run(move || {
                    order.lock().unwrap().push(client);
                    wait.recv().ok();
                })
                .await
        });
        (release, job)
    }

    async fn until(heavy: &Heavy, admitted: usize) {
        while heavy.admitted() != admitted {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    #[tokio::test]
    async fn clients_are_served_in_turn_and_capped() {
        let heavy = Heavy::new(1, 10, 1).per_client(3);
        let order = Arc::new(Mutex::new(Vec::new()));
        let hog: IpAddr = "127.0.0.2".parse().unwrap();
        let other: IpAddr = "127.0.0.3".parse().unwrap();
        let mut jobs = Vec::new();
        for admitted in 1..=4 {
            jobs.push(blocked(&heavy, hog, &order));
            until(&heavy, admitted).await;
        }
        // The hog has 1 running and 3 waiting: its share.
        let refused = heavy
            .for_client(hog)
            .run(|| ())
            .await
            .unwrap_err()
            .into_response();
        assert_eq!(refused.status(), 503);
        assert!(refused.headers().contains_key("retry-after"));
        jobs.push(blocked(&heavy, other, &order));
        until(&heavy, 5).await;
        let (releases, jobs): (Vec<_>, Vec<_>) = jobs.into_iter().unzip();
        drop(releases);
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        // The hog's turn came first (it was waiting first), then the other
        // client's one job: third, not last.
        assert_eq!(*order.lock().unwrap(), vec![hog, hog, other, hog, hog]);
        assert_eq!(heavy.admitted(), 0);
    }

    #[tokio::test]
    async fn work_that_could_not_start_in_time_is_refused_at_once() {
        let heavy = Heavy::new(1, 10, 1).timeout(Duration::from_secs(5));
        let long = || tokio::time::sleep(Duration::from_millis(1));
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let first = {
            let heavy = heavy.clone();
            tokio::spawn(async move {
                heavy
                    .for_client(anyone())
                    .run_for(Duration::from_secs(3), move || wait.recv().ok())
                    .await
            })
        };
        until(&heavy, 1).await;
        // 3 s running ahead: a 3 s search may wait; then 6 s are ahead.
        let second = {
            let heavy = heavy.clone();
            tokio::spawn(async move {
                heavy
                    .for_client(anyone())
                    .run_for(Duration::from_secs(3), || ())
                    .await
            })
        };
        until(&heavy, 2).await;
        let refused = heavy.for_client(anyone()).run(|| ()).await.unwrap_err();
        assert_eq!(refused.status(), 503);
        long().await;
        drop(release);
        first.await.unwrap().unwrap();
        second.await.unwrap().unwrap();
    }

    #[tokio::test]
    async fn a_waiter_that_goes_away_gives_up_its_place() {
        let heavy = Heavy::new(1, 1, 1);
        let order = Arc::new(Mutex::new(Vec::new()));
        let me = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let (release, job) = blocked(&heavy, me, &order);
        until(&heavy, 1).await;
        let gone = tokio::spawn({
            let heavy = heavy.clone();
            async move { heavy.for_client(anyone()).run(|| ()).await }
        });
        until(&heavy, 2).await;
        gone.abort();
        until(&heavy, 1).await;
        assert_eq!(heavy.queued(), 0);
        drop(release);
        job.await.unwrap().unwrap();
        assert_eq!(heavy.admitted(), 0);
    }

    use axum::response::IntoResponse;
}
