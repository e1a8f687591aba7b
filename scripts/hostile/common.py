"""What the hostile-traffic storms share: a small HTTP/1.1 client on raw
sockets (an attacker's client, not a polite one), /proc readings of the
server, the /healthz and memory probe, and the figure lines that
scripts/hostile.sh turns into its table. Python standard library only."""

import json
import math
import os
import select
import signal
import socket
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MIB = 1024 * 1024


REPO = os.path.dirname(os.path.dirname(HERE))


def challenge_board():
    with open(os.path.join(REPO, "assets", "page", "boards", "challenge-28x32.txt")) as f:
        return f.read()


def longest_body(time_limit_ms):
    """A /longest-path search on the challenge board, for `time_limit_ms`
    (storms g, j and q)."""
    body = {
        "board": challenge_board(),
        "from": "a1",
        "to": "af28",
        "time_limit_ms": time_limit_ms,
    }
    return json.dumps(body).encode()


def figure(storm, name, value, goal="", ok=None):
    """One figure line: storm, figure, value, goal, PASS/FAIL/- (no goal)."""
    verdict = "-" if ok is None else ("PASS" if ok else "FAIL")
    print(f"FIGURE\t{storm}\t{name}\t{value}\t{goal}\t{verdict}", flush=True)


def note(text):
    print(f"  {text}", flush=True)


def parse_addr(text):
    host, _, port = text.rpartition(":")
    return host, int(port)


def proc_status_kib(pid, field):
    """A `kB` field of /proc/PID/status (VmRSS, VmHWM), or None once gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def mib(kib):
    return "n/a" if kib is None else f"{kib / 1024:.0f} MiB"


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    # Nearest rank: the smallest value with at least p% of them at or below.
    k = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[k]


def ms(seconds):
    return "n/a" if seconds is None else f"{seconds * 1000:.0f} ms"


def connect(addr, source=None, timeout=10.0):
    """A connected TCP socket, from `source` (a loopback address) if given:
    127.0.0.2 and 127.0.0.3 are different clients to the server."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if source:
            sock.bind((source, 0))
        sock.settimeout(timeout)
        sock.connect(addr)
    except OSError:
        sock.close()
        raise
    return sock


def reset_close(sock):
    """Close with a RST (SO_LINGER 0): no TIME_WAIT left behind, and the
    server sees the client gone at once."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    sock.close()


def get_request(addr, target, headers=(), close=True):
    host, port = addr
    lines = [f"GET {target} HTTP/1.1", f"Host: {host}:{port}", *headers]
    if close:
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def post_request(addr, target, body, headers=(), close=True):
    host, port = addr
    lines = [
        f"POST {target} HTTP/1.1",
        f"Host: {host}:{port}",
        "Content-Type: application/json",
        f"Content-Length: {len(body)}",
        *headers,
    ]
    if close:
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def parse_head(head):
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, sep, value = line.decode("latin-1").partition(":")
        if sep:
            headers[name.strip().lower()] = value.strip()
    return status, headers


def read_to_close(sock):
    """Reads an answer until the server closes; returns status, headers and
    the number of body bytes, without keeping the body."""
    buf = bytearray()
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the head of the answer")
        buf += chunk
    head, _, rest = bytes(buf).partition(b"\r\n\r\n")
    status, headers = parse_head(head)
    total = len(rest)
    scratch = bytearray(1 << 20)
    while True:
        n = sock.recv_into(scratch)
        if n == 0:
            return status, headers, total
        total += n


def fetch(addr, request, source=None, timeout=30.0):
    """One request on its own connection (Connection: close), read to the
    end. Returns (status, headers, body bytes, seconds)."""
    start = time.monotonic()
    sock = connect(addr, source, timeout)
    try:
        sock.sendall(request)
        status, headers, size = read_to_close(sock)
    finally:
        sock.close()
    return status, headers, size, time.monotonic() - start


class KeepAlive:
    """A keep-alive connection for floods of small answers."""

    def __init__(self, addr, source=None, timeout=10.0):
        self.addr, self.source, self.timeout = addr, source, timeout
        self.sock = None
        self.buf = bytearray()

    def ask(self, request):
        if self.sock is None:
            self.sock = connect(self.addr, self.source, self.timeout)
            self.buf = bytearray()
        try:
            self.sock.sendall(request)
            return self._read()
        except OSError:
            self.close()
            raise

    def close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def _fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed by the server")
        self.buf += chunk

    def _read(self):
        while b"\r\n\r\n" not in self.buf:
            self._fill()
        end = self.buf.index(b"\r\n\r\n")
        status, headers = parse_head(bytes(self.buf[:end]))
        del self.buf[: end + 4]
        if "content-length" in headers:
            n = int(headers["content-length"])
            while len(self.buf) < n:
                self._fill()
            del self.buf[:n]
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            while True:
                while b"\r\n" not in self.buf:
                    self._fill()
                end = self.buf.index(b"\r\n")
                size = int(bytes(self.buf[:end]).split(b";")[0], 16)
                while len(self.buf) < end + 2 + size + 2:
                    self._fill()
                del self.buf[: end + 2 + size + 2]
                if size == 0:
                    break
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status


def server_side_tcp(server_port):
    """The server's end of every connection to `server_port`, from
    /proc/net/tcp: {(client ip, client port): (state, inode)}. State 01 is
    ESTABLISHED; once the server has closed its end the entry is in another
    state (FIN_WAIT1 with unsent data, inode 0) or gone."""
    sockets = {}
    with open("/proc/net/tcp") as f:
        next(f)
        for line in f:
            fields = line.split()
            local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
            lip, lport = local.split(":")
            if int(lport, 16) != server_port:
                continue
            rip, rport = remote.split(":")
            ip = socket.inet_ntoa(struct.pack("<I", int(rip, 16)))
            sockets[(ip, int(rport, 16))] = (state, int(inode))
    return sockets


def peer_gone(sock):
    """True when the client's own socket shows the server closed or reset
    it (seen only if the server's FIN or RST got through)."""
    poller = select.poll()
    poller.register(sock, select.POLLRDHUP | select.POLLHUP | select.POLLERR)
    return bool(poller.poll(0))


def peek_status(sock):
    """The status of an answer that has begun arriving, read without
    consuming it (the client still reads nothing); None before it begins,
    0 when the server closed without answering."""
    try:
        head = sock.recv(12, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return None
    except OSError:
        return 0
    if not head:
        return 0
    if len(head) < 12:
        return None
    try:
        return int(head[9:12])
    except ValueError:
        return -1


class Probe:
    """probe.py in its own process (so that the storm's own Python threads
    do not delay it): /healthz latency on a fresh connection every
    `interval` seconds and the server's VmRSS every 100 ms."""

    def __init__(self, addr, pid, interval=0.05, timeout=5.0):
        host, port = addr
        self.proc = subprocess.Popen(
            [
                sys.executable,
                os.path.join(HERE, "probe.py"),
                f"{host}:{port}",
                str(pid),
                str(interval),
                str(timeout),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )

    def stop(self):
        """Stops the probe and returns its summary (a dict)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            out, _ = self.proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate()
        try:
            return json.loads(out.strip().splitlines()[-1])
        except (ValueError, IndexError):
            return {"healthz": [], "errors": 0, "rss_peak_kib": None}

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def healthz_figures(storm, summary, p99_goal_ms=None, max_goal_ms=None):
    """Prints /healthz p99 (and max) figures from a probe summary; returns
    whether the goals held."""
    lat = summary.get("healthz", [])
    errors = summary.get("errors", 0)
    p99 = percentile(lat, 99)
    worst = max(lat) if lat else None
    note(
        f"/healthz: {len(lat)} probes, {errors} failed or timed out, "
        f"p50 {ms(percentile(lat, 50))}, p99 {ms(p99)}, max {ms(worst)}"
    )
    ok = True
    if not lat:
        # The storm ended before the first probe ran: nothing was measured,
        # which is not a missed goal.
        figure(storm, "/healthz probes", "0 (the storm ended before the first)", "", None)
        return ok
    if p99_goal_ms is not None:
        good = p99 is not None and p99 * 1000 <= p99_goal_ms and errors == 0
        figure(storm, "/healthz p99", ms(p99), f"<= {p99_goal_ms} ms", good)
        ok &= good
    if max_goal_ms is not None:
        good = worst is not None and worst * 1000 <= max_goal_ms and errors == 0
        figure(storm, "/healthz max", ms(worst), f"<= {max_goal_ms} ms", good)
        ok &= good
    if errors:
        figure(storm, "/healthz probes failed", errors, "0", False)
    return ok


def raise_fd_limit():
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return max(soft, hard)
