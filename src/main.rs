//! The knightd binary: options, logs, bind, serve until SIGTERM or Ctrl-C.

use clap::Parser;
use knightd::config::{Config, LogFormat};
use tracing_subscriber::EnvFilter;

/// jemalloc, whose background thread returns freed memory to the system:
/// glibc's allocator and mimalloc kept what a storm took
/// (docs/performance.md). On by default (the `jemalloc` feature), so that
/// `cargo run --release` holds the bounds the image holds;
/// `--no-default-features` leaves it out (Cargo.toml).
#[cfg(feature = "jemalloc")]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> std::process::ExitCode {
    let config = Config::parse();
    if config.health_check {
        return health_check(&served_config(config));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build();
    let served = runtime.and_then(|rt| {
        let served = rt.block_on(serve(config));
        // Heavy work still running past the shutdown deadline is not
        // waited for: its clients are gone.
        rt.shutdown_background();
        served
    });
    match served {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("knightd: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The configuration of the server a health check is for: the flags of
/// the one knightd serving beside it (a container's HEALTHCHECK gets the
/// container's environment but not the server's flags, as in `docker run
/// knightd --bind 0.0.0.0:9090`), then the check's own flags, which win,
/// read as the server reads them, environment included. The check's own
/// configuration where no single server is found.
fn served_config(own: Config) -> Config {
    let Some(server) = serving_knightd_args() else {
        return own;
    };
    let args = server.into_iter().chain(std::env::args().skip(1));
    Config::try_parse_from(args).unwrap_or(own)
}

/// The arguments of the one other process running this executable that
/// is not a health check (Linux's /proc), if there is exactly one.
fn serving_knightd_args() -> Option<Vec<String>> {
    let me = std::fs::read_link("/proc/self/exe").ok()?;
    let own = std::process::id().to_string();
    let mut servers = std::fs::read_dir("/proc").ok()?.filter_map(|entry| {
        let path = entry.ok()?.path();
        let pid = path.file_name()?.to_str()?;
        if pid == own || std::fs::read_link(path.join("exe")).ok()? != me {
            return None;
        }
        let cmdline = std::fs::read(path.join("cmdline")).ok()?;
        let cmdline = cmdline.strip_suffix(&[0]).unwrap_or(&cmdline);
        let args: Vec<String> = cmdline
            .split(|&b| b == 0)
            .map(|arg| String::from_utf8_lossy(arg).into_owned())
            .collect();
        (!args.iter().any(|arg| arg == "--health-check")).then_some(args)
    });
    let server = servers.next()?;
    servers.next().is_none().then_some(server)
}

/// GET /healthz from the server at `--admin-bind` when it has one (the
/// probes' own port), else at `--bind`; success when it answers 200.
fn health_check(config: &Config) -> std::process::ExitCode {
    use std::io::{Read, Write};
    let timeout = std::time::Duration::from_secs(2);
    let mut addr = config.admin_bind.unwrap_or(config.bind);
    if addr.ip().is_unspecified() {
        addr.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
    }
    let answer = (|| -> std::io::Result<String> {
        let mut stream = std::net::TcpStream::connect_timeout(&addr, timeout)?;
        stream.set_read_timeout(Some(timeout))?;
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")?;
        let mut head = [0u8; 12];
        stream.read_exact(&mut head)?;
        Ok(String::from_utf8_lossy(&head).into_owned())
    })();
    match answer {
        Ok(head) if head.starts_with("HTTP/1.1 200") => std::process::ExitCode::SUCCESS,
        Ok(head) => {
            eprintln!("knightd: /healthz answered {head:?}");
            std::process::ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("knightd: /healthz at {addr}: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve(config: Config) -> std::io::Result<()> {
    let filter = EnvFilter::try_new(&config.log).unwrap_or_else(|_| EnvFilter::new("info"));
    // Warnings and errors at most five a second: a flood cannot flood the
    // log (the lines past it are dropped where they are written).
    let throttle = std::sync::Arc::new(knightd::logs::Throttle::default());
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(knightd::logs::ThrottledStdout(std::sync::Arc::clone(
            &throttle,
        )));
    match config.log_format {
        LogFormat::Pretty => logs.init(),
        LogFormat::Json => logs.json().init(),
    }
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(10));
        loop {
            every.tick().await;
            let dropped = throttle.take_dropped();
            if dropped > 0 {
                tracing::info!(
                    dropped,
                    "warnings and errors past five a second were not logged"
                );
            }
        }
    });
    let descriptors = match knightd::server::raise_descriptor_limit() {
        Some(limit) => limit.to_string(),
        None => "unlimited".to_owned(),
    };
    let listener = knightd::server::listen(config.bind).map_err(|e| {
        let why = match e.kind() {
            std::io::ErrorKind::AddrInUse => {
                "the address is already in use (is another knightd, or another server, listening there? choose another with --bind or KNIGHTD_BIND)".to_owned()
            }
            std::io::ErrorKind::PermissionDenied => {
                "permission denied (ports below 1024 need privileges; choose another with --bind or KNIGHTD_BIND)".to_owned()
            }
            _ => e.to_string(),
        };
        std::io::Error::new(e.kind(), format!("could not listen on {}: {why}", config.bind))
    })?;
    tracing::info!(
        address = %listener.local_addr()?,
        open_file_limit = %descriptors,
        "knightd listening"
    );
    let app = knightd::app(&config);
    if let Some(admin) = config.admin_bind {
        let listener = std::net::TcpListener::bind(admin).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("could not listen on {admin} (--admin-bind, KNIGHTD_ADMIN_BIND): {e}"),
            )
        })?;
        tracing::info!(
            admin_address = %listener.local_addr()?,
            "admin listener (/healthz, /readyz, /metrics)"
        );
        knightd::server::serve_admin(listener, app.clone(), &config)?;
    }
    tokio::task::spawn_blocking(|| {
        knightd::warm();
        tracing::info!("8x8 table built; ready");
    });
    let delay = std::time::Duration::from_millis(config.shutdown_delay_ms);
    let shutdown = async move {
        shutdown_signal().await;
        // Load balancers see /readyz fail and stop sending new requests
        // while the listener still takes them.
        knightd::routes::ops::stop_being_ready();
        tokio::time::sleep(delay).await;
    };
    knightd::serve(listener, app, &config, shutdown).await?;
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
