//! Serving the router: the accept loop, and warming the tables first.
//!
//! Why this file exists: axum 0.8's `axum::serve` sets no header-read
//! timeout, so a client that opens connections and sends its headers slowly
//! could hold them open for ever. This loop is `axum::serve` plus hyper's
//! `header_read_timeout` (`--header-timeout-ms`). It can go, and `main` call
//! `axum::serve(...).with_graceful_shutdown(...)`, once axum's `serve` lets
//! its caller set that timeout (or configure the hyper connection builder).

use std::time::Duration;

use axum::Router;

use crate::config::Config;
use crate::solver;

/// Builds the 8×8 table and the 3- and 4-wide strip table; `/readyz`
/// answers 200 after this returns.
pub fn warm() {
    solver::plain::strip::StripTable::get();
    solver::plain::table::ChessTable::get();
}

/// Serves `app` on `listener` until `shutdown` resolves, then stops
/// accepting, lets requests in flight finish, and returns.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    config: &Config,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;

    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_millis(config.header_timeout_ms.max(1)));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _)) => stream,
                    Err(e) => {
                        // Out of file descriptors and the like: back off, keep serving.
                        tracing::warn!(error = %e, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let service = TowerToHyperService::new(app.clone());
                let connection = http.serve_connection(TokioIo::new(stream), service);
                let connection = graceful.watch(connection);
                tokio::spawn(async move {
                    if let Err(e) = connection.await {
                        tracing::debug!(error = %e, "connection ended with an error");
                    }
                });
            }
            () = &mut shutdown => break,
        }
    }
    // Closing the listener refuses new connections; those open finish their
    // requests in flight and close.
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}
