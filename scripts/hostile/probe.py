"""The bystander during a storm, in its own process: GET /healthz on a fresh
connection every INTERVAL seconds (latency from connect to the end of the
answer; a probe that fails or takes over TIMEOUT seconds counts as failed,
with its time), and the server's VmRSS every 100 ms. Runs until SIGTERM,
then prints one JSON line: its samples and the peak.

    probe.py HOST:PORT PID INTERVAL TIMEOUT
"""

import json
import signal
import socket
import sys
import threading
import time

from common import parse_addr, proc_status_kib

stop = threading.Event()


def healthz_loop(addr, interval, timeout, out):
    request = f"GET /healthz HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nConnection: close\r\n\r\n"
    request = request.encode()
    while not stop.is_set():
        start = time.monotonic()
        ok = False
        try:
            with socket.create_connection(addr, timeout=timeout) as sock:
                sock.settimeout(max(0.01, timeout - (time.monotonic() - start)))
                sock.sendall(request)
                head = b""
                while True:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    head += chunk
                ok = head.startswith(b"HTTP/1.1 200")
        except OSError:
            ok = False
        elapsed = time.monotonic() - start
        out["healthz"].append(elapsed)
        if not ok:
            out["errors"] += 1
        stop.wait(max(0.0, interval - elapsed))


def rss_loop(pid, out):
    while not stop.is_set():
        rss = proc_status_kib(pid, "VmRSS")
        if rss is not None:
            out["rss_samples"] += 1
            out["rss_last_kib"] = rss
            if out["rss_first_kib"] is None:
                out["rss_first_kib"] = rss
            if out["rss_peak_kib"] is None or rss > out["rss_peak_kib"]:
                out["rss_peak_kib"] = rss
        stop.wait(0.1)


def main():
    addr = parse_addr(sys.argv[1])
    pid = int(sys.argv[2])
    interval = float(sys.argv[3])
    timeout = float(sys.argv[4])
    out = {
        "healthz": [],
        "errors": 0,
        "rss_samples": 0,
        "rss_first_kib": None,
        "rss_last_kib": None,
        "rss_peak_kib": None,
    }
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    threads = [
        threading.Thread(target=healthz_loop, args=(addr, interval, timeout, out)),
        threading.Thread(target=rss_loop, args=(pid, out)),
    ]
    for t in threads:
        t.start()
    while not stop.is_set():
        stop.wait(0.2)
    for t in threads:
        t.join(timeout + 1)
    out["hwm_kib"] = proc_status_kib(pid, "VmHWM")
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
