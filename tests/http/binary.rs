//! The release binary on its own, as the Dockerfile runs it: it starts,
//! answers, passes its own `--health-check`, and exits 0 on SIGTERM, by
//! the shutdown deadline even while a client holds a request open.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::BINARY_RUNS;

const BIN: &str = env!("CARGO_BIN_EXE_knightd");

/// Starts the binary on a free port; its address, from its first log line.
fn start() -> (Child, String) {
    start_with(&[])
}

/// [`start`] with more flags.
fn start_with(flags: &[&str]) -> (Child, String) {
    let mut child = Command::new(BIN)
        .args(["--bind", "127.0.0.1:0", "--log-format", "json"])
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the knightd binary starts");
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let address = loop {
        let line = lines.next().expect("knightd logs its address").unwrap();
        let log: serde_json::Value = serde_json::from_str(&line).expect("JSON log lines");
        if let Some(address) = log["fields"]["address"].as_str() {
            break address.to_owned();
        }
    };
    // Keep draining the logs so the child never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (child, address)
}

fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

fn wait_exit(child: &mut Child) -> std::process::ExitStatus {
    for _ in 0..100 {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().ok();
    panic!("knightd did not exit within 5 s");
}

#[tokio::test]
async fn starts_answers_and_stops_on_sigterm() {
    let _running = BINARY_RUNS.read().await;
    let (mut child, address) = start();
    let client = reqwest::Client::new();
    let mut ready = false;
    for _ in 0..100 {
        let r = client
            .get(format!("http://{address}/readyz"))
            .send()
            .await
            .unwrap();
        if r.status() == 200 {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(ready, "/readyz never turned 200");
    let v: serde_json::Value = client
        .get(format!("http://{address}/path?from=g2&to=a8"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(v["path"], serde_json::json!(["g2", "e3", "d5", "c7", "a8"]));
    // The check's words are captured, so that a passing test prints none.
    let check = Command::new(BIN)
        .args(["--health-check", "--bind", &address])
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "--health-check failed against a live server: {}",
        String::from_utf8_lossy(&check.stderr)
    );
    signal(&child, "TERM");
    assert!(
        wait_exit(&mut child).success(),
        "knightd did not exit 0 on SIGTERM"
    );
    let check = Command::new(BIN)
        .args(["--health-check", "--bind", &address])
        .output()
        .unwrap();
    assert!(
        !check.status.success(),
        "--health-check passed with no server"
    );
    let said = String::from_utf8_lossy(&check.stderr);
    assert!(said.contains(&format!("/healthz at {address}")), "{said}");
}

#[test]
fn sigterm_closes_what_is_still_open_at_the_shutdown_deadline() {
    let _running = BINARY_RUNS.blocking_read();
    use std::io::Write;
    let (mut child, address) = start_with(&[
        "--shutdown-timeout-ms",
        "1000",
        "--body-timeout-ms",
        "60000",
        "--header-timeout-ms",
        "60000",
    ]);
    // A request in flight that will not finish: its body stops arriving.
    let mut stalled = std::net::TcpStream::connect(&address).unwrap();
    stalled
        .write_all(
            b"POST /validate HTTP/1.1\r\nHost: knightd\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"width\": 8,",
        )
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let sent = std::time::Instant::now();
    signal(&child, "TERM");
    let status = wait_exit(&mut child);
    let took = sent.elapsed();
    assert!(status.success(), "knightd exited with {status}");
    assert!(
        took >= Duration::from_millis(900),
        "exited after {took:?}, before the deadline: the request in flight was not waited for"
    );
    drop(stalled);
}

#[test]
fn start_up_logs_say_what_they_mean_in_plain_words() {
    let _running = BINARY_RUNS.blocking_read();
    // The first line names the address and the open-file limit as a number
    // (or "unlimited"), not a debug form such as `Some(20000)`.
    let mut child = Command::new(BIN)
        .args(["--bind", "127.0.0.1:0", "--log-format", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let line = BufReader::new(stdout).lines().next().unwrap().unwrap();
    let log: serde_json::Value = serde_json::from_str(&line).unwrap();
    let limit = log["fields"]["open_file_limit"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        limit == "unlimited" || limit.parse::<u64>().is_ok(),
        "{line}"
    );
    let address = log["fields"]["address"].as_str().unwrap().to_owned();
    // A second instance on the same address names it and says why.
    let second = Command::new(BIN)
        .args(["--bind", &address])
        .output()
        .unwrap();
    signal(&child, "TERM");
    wait_exit(&mut child);
    assert!(!second.status.success());
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(
        said.contains(&format!("could not listen on {address}")) && said.contains("already in use"),
        "{said}"
    );
}

#[tokio::test]
async fn sigterm_first_fails_readiness_for_the_shutdown_delay_while_still_serving() {
    let _running = BINARY_RUNS.read().await;
    let (mut child, address) = start_with(&["--shutdown-delay-ms", "1500"]);
    let client = reqwest::Client::new();
    let status = |path: &'static str| {
        let request = client.get(format!("http://{address}{path}"));
        async move { request.send().await.map(|r| r.status().as_u16()) }
    };
    for _ in 0..100 {
        if status("/readyz").await.ok() == Some(200) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(status("/readyz").await.unwrap(), 200);
    let sent = std::time::Instant::now();
    signal(&child, "TERM");
    tokio::time::sleep(Duration::from_millis(300)).await;
    // New connections too: a fresh client has none open.
    let fresh = reqwest::Client::new();
    let readyz = fresh
        .get(format!("http://{address}/readyz"))
        .send()
        .await
        .expect("the listener is still open during the delay");
    assert_eq!(readyz.status(), 503);
    let problem: serde_json::Value = readyz.json().await.unwrap();
    assert_eq!(problem["code"], "not_ready", "{problem}");
    assert_eq!(status("/healthz").await.unwrap(), 200);
    assert_eq!(status("/path?from=a1&to=b3").await.unwrap(), 200);
    let exit = wait_exit(&mut child);
    assert!(exit.success(), "knightd exited with {exit}");
    let took = sent.elapsed();
    assert!(
        took >= Duration::from_millis(1400),
        "exited {took:?} after SIGTERM, before the shutdown delay was over"
    );
}
