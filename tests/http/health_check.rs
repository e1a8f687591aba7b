//! `knightd --health-check` reads the configuration the server reads: a
//! container's HEALTHCHECK has the container's environment but not the
//! flags the server was started with (`docker run knightd --bind
//! 0.0.0.0:9090`). The check looks for the one knightd running beside it,
//! and the other tests of the binary start several: this test holds
//! [`BINARY_RUNS`] alone.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::BINARY_RUNS;

const BIN: &str = env!("CARGO_BIN_EXE_knightd");

fn health_check(env_bind: &str, flags: &[&str]) -> bool {
    Command::new(BIN)
        .arg("--health-check")
        .args(flags)
        .env("KNIGHTD_BIND", env_bind)
        .stderr(Stdio::null())
        .status()
        .unwrap()
        .success()
}

#[test]
fn the_health_check_finds_the_server_by_its_flags() {
    let _alone = BINARY_RUNS.blocking_write();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let bind = format!("127.0.0.1:{port}");
    // Started by flag, with no KNIGHTD_BIND, as `docker run knightd --bind`.
    let mut server = Command::new(BIN)
        .args(["--bind", &bind, "--log", "warn"])
        .env_remove("KNIGHTD_BIND")
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut up = false;
    for _ in 0..100 {
        if std::net::TcpStream::connect(&bind).is_ok() {
            up = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // The environment names another address (the image's default); the
    // server's flag wins over it, and the check's own flag over both.
    let nothing_there = "127.0.0.1:1";
    let found = up && health_check(nothing_there, &[]);
    let own_flag_wins = !health_check(&bind, &["--bind", nothing_there]);
    server.kill().unwrap();
    server.wait().unwrap();
    assert!(up, "knightd never listened on {bind}");
    assert!(
        found,
        "--health-check did not find the server started with --bind {bind}"
    );
    assert!(own_flag_wins, "--health-check's own --bind did not win");
    assert!(
        !health_check(&bind, &[]),
        "--health-check passed with no server"
    );
}
