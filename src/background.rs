//! Threads that run background work (heavy jobs, large bodies parsed,
//! answers gzipped on the blocking pool) run below the async threads that
//! answer `/healthz` and the cheap endpoints, so that on a busy machine
//! those wait less behind a search.

/// The niceness of the threads that run heavy work (and parse large
/// bodies): below the async threads that answer `/healthz` and the cheap
/// endpoints, so that on a busy machine those wait less behind a search.
const BACKGROUND_NICENESS: i32 = 10;

/// Lowers the calling thread's priority to `BACKGROUND_NICENESS`, once
/// per thread (on Linux a thread has its own niceness; the blocking pool
/// runs only background work). Best effort: a failure changes nothing.
pub fn as_background() {
    thread_local! {
        static LOWERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    LOWERED.with(|lowered| {
        if !lowered.replace(true) {
            let _ = rustix::process::setpriority_process(None, BACKGROUND_NICENESS);
        }
    });
}
