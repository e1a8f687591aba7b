//! The knightd binary: options, logs, bind, serve until SIGTERM or Ctrl-C.

use clap::Parser;
use knightd::config::{Config, LogFormat};
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let config = Config::parse();
    let filter = EnvFilter::try_new(&config.log).unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter);
    match config.log_format {
        LogFormat::Pretty => logs.init(),
        LogFormat::Json => logs.json().init(),
    }
    let listener = TcpListener::bind(config.bind).await?;
    tracing::info!(address = %listener.local_addr()?, "knightd listening");
    tokio::task::spawn_blocking(|| {
        knightd::warm();
        tracing::info!("8x8 table built; ready");
    });
    axum::serve(listener, knightd::app(&config))
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    tracing::info!("knightd stopped");
    Ok(())
}

/// Resolves on SIGTERM or Ctrl-C.
async fn shutdown_signal() {
    let ctrl_c = async {
        tokio::signal::ctrl_c().await.ok();
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
