"""The connection storms of scripts/hostile.sh (issue: the connection layer
admits only what it can hold), each against a knightd run with the
manifest's settings and its admin listener:

    r  hoarded-heads    up to 2,000 connections from many loopback
                        addresses each send a request line, Host and
                        headers of about 4 KB and never the blank line,
                        reopened when the server closes them; a share of
                        them HTTP/2, a HEADERS frame and CONTINUATION
                        frames that never end the block
    s  keepalive-slots  up to 12,000 keep-alive connections from many
                        addresses each ask GET /healthz every few seconds,
                        more than --max-connections, reconnecting when the
                        server closes them

Each: peak RSS < 512 MiB (r: < 256 MiB, the head budget at its default);
the probes on the admin port p99 <= 50 ms throughout; a fresh client on
the main port (a new address, a new connection, every 0.5 s) answered 200
within 1 s; no 5xx but 503 with Retry-After among the storm's answers;
RSS a while after (--after) within the warm baseline + 64 MiB.

Besides the fixed sizes, each run draws held-out parameters (header sizes
and counts, pacing, how many addresses, the HTTP/2 share) from a fresh
seed, printed so that a run can be repeated (HOSTILE_SEED=N).
"""

import os
import random
import selectors
import socket
import threading
import time

from common import (
    Probe,
    figure,
    healthz_figures,
    mib,
    ms,
    note,
    parse_addr,
    parse_head,
    percentile,
    proc_status_kib,
    raise_fd_limit,
)
from h2storms import PREFACE, frame, memory_after, settle_rss

LIMIT_MIB = 512


def seeded(storm):
    seed = int(os.environ.get("HOSTILE_SEED") or random.SystemRandom().randrange(1 << 32))
    note(f"{storm}: held-out parameters drawn with seed {seed} (HOSTILE_SEED={seed} repeats them)")
    return random.Random(seed)


def sources(count, third):
    """`count` loopback addresses 127.THIRD.x.y: as many clients to the
    server."""
    return [f"127.{third + i // 250}.{i % 250 + 1}.1" for i in range(count)]


class FreshClient:
    """A new client every `interval` seconds: a new address, a new
    connection, GET /healthz on the main port; its latencies and statuses."""

    def __init__(self, addr, interval=0.5, timeout=5.0):
        self.addr, self.interval, self.timeout = addr, interval, timeout
        self.latencies, self.connects, self.statuses = [], [], {}
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        n = 0
        request = f"GET /healthz HTTP/1.1\r\nHost: {self.addr[0]}\r\nConnection: close\r\n\r\n".encode()
        while not self.stop_event.is_set():
            source = f"127.200.{n // 250 % 250}.{n % 250 + 1}"
            n += 1
            start = time.monotonic()
            status = "no answer"
            try:
                with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
                    sock.bind((source, 0))
                    sock.settimeout(self.timeout)
                    sock.connect(self.addr)
                    self.connects.append(time.monotonic() - start)
                    sock.sendall(request)
                    data = b""
                    while b"\r\n\r\n" not in data:
                        chunk = sock.recv(4096)
                        if not chunk:
                            break
                        data += chunk
                    if b"\r\n\r\n" in data:
                        status = parse_head(data.split(b"\r\n\r\n")[0])[0]
            except OSError as e:
                status = f"error ({type(e).__name__})"
            self.latencies.append(time.monotonic() - start)
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.stop_event.wait(max(0.0, self.interval - (time.monotonic() - start)))

    def stop(self):
        self.stop_event.set()
        self.thread.join(self.timeout + 2)


class Conntrack:
    """The kernel's connection tracking (netfilter), where the machine has
    it: every connection a storm opens takes an entry, kept about two
    minutes after it closes, and a full table drops new connections' SYNs
    for every listener, the server's admin port and fresh clients alike,
    which would pass for the server's failure. Waits before a storm for
    the table to have room, then samples its fill."""

    COUNT = "/proc/sys/net/netfilter/nf_conntrack_count"
    MAX = "/proc/sys/net/netfilter/nf_conntrack_max"

    @classmethod
    def read(cls):
        try:
            with open(cls.COUNT) as count, open(cls.MAX) as most:
                return int(count.read()), int(most.read())
        except (OSError, ValueError):
            return None

    def __init__(self, storm, wait=180.0):
        self.storm, self.peak, self.most = storm, 0, None
        now = self.read()
        if now is None:
            self.thread = None
            return
        count, self.most = now
        deadline = time.monotonic() + wait
        while count > self.most // 4 and time.monotonic() < deadline:
            time.sleep(2)
            count, self.most = self.read() or (0, self.most)
        note(f"{storm}: the kernel's connection tracking holds {count} of {self.most} entries at the start")
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop_event.wait(0.25):
            now = self.read()
            if now is not None:
                self.peak = max(self.peak, now[0])

    def stop(self):
        if self.thread is not None:
            self.stop_event.set()
            self.thread.join(2)

    def figure(self):
        """A figure of its own: when the table filled, the kernel dropped
        connections and the run's latencies say nothing of the server."""
        if self.thread is None:
            return
        figure(self.storm, "the kernel's connection tracking had room (peak entries)",
               f"{self.peak} of {self.most}", f"< {self.most}", self.peak < self.most - 64)


def fresh_figures(storm, fresh):
    worst = max(fresh.latencies) if fresh.latencies else None
    note(
        f"fresh clients on the main port: {len(fresh.latencies)}, statuses {fresh.statuses}, "
        f"p50 {ms(percentile(fresh.latencies, 50))}, max {ms(worst)} "
        f"(of which connecting: max {ms(max(fresh.connects) if fresh.connects else None)})"
    )
    if not fresh.latencies:
        figure(storm, "fresh clients on the main port", "0 (the storm ended before the first)")
        return
    served = fresh.statuses.get(200, 0) == len(fresh.latencies)
    figure(
        storm,
        "fresh client on the main port answered 200, slowest",
        ms(worst),
        "<= 1000 ms, every one 200",
        served and worst <= 1.0,
    )


def metrics(admin, names):
    """The values of `names` in /metrics on the admin port (None each when
    it cannot be read)."""
    out = dict.fromkeys(names)
    try:
        with socket.create_connection(admin, timeout=5) as sock:
            sock.sendall(b"GET /metrics HTTP/1.1\r\nHost: k\r\nConnection: close\r\n\r\n")
            data = b""
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
    except OSError:
        return out
    for line in data.decode("latin-1").splitlines():
        name, _, value = line.partition(" ")
        if name in out:
            out[name] = value
    return out


def admin_of(args):
    if not args.admin:
        note("no admin listener (a knightd without --admin-bind): the probes ask the main port")
        return args.addr
    return args.admin


def hoarded_heads(args):
    """r: connections that send most of a request head and never end it."""
    storm = "r hoarded-heads"
    rng = seeded(storm)
    addr = args.addr
    admin = admin_of(args)
    raise_fd_limit()
    # Held out: each connection's header size and count, the addresses,
    # how fast the headers come, the HTTP/2 share.
    header_bytes = rng.randint(3_000, 4_000)
    # Most stop just short of the head limit (32 KiB by default), as an
    # attacker who knows it would; the others send on to 99 headers.
    under = rng.uniform(0.6, 0.9)
    addresses = rng.randint(150, 400)
    pace = rng.uniform(0.002, 0.05)
    h2_share = rng.uniform(0.05, 0.2)
    note(
        f"{args.clients} connections from {addresses} addresses; each sends headers of {header_bytes} "
        f"bytes, one every {pace * 1000:.0f} ms, and never the blank line: {under:.0%} of them "
        f"{30_000 // header_bytes} headers (just under 32 KiB), the others 99; {h2_share:.0%} of them "
        f"HTTP/2 (a header block of as many CONTINUATION frames)"
    )
    value = "h" * header_bytes
    host = f"{addr[0]}:{addr[1]}"
    pool = sources(addresses, 10)
    sel = selectors.DefaultSelector()
    counts = {"opened": 0, "closed_by_server": 0, "answered": {}, "connect_failed": 0, "peak_open": 0}
    state = {}

    def start_one(n):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.bind((pool[n % len(pool)], 0))
            sock.connect_ex(addr)
        except OSError:
            sock.close()
            counts["connect_failed"] += 1
            return
        h2 = rng.random() < h2_share
        count = 30_000 // header_bytes if rng.random() < under else 99
        state[sock] = {"h2": h2, "sent": 0, "next": 0.0, "connected": False, "count": count}
        sel.register(sock, selectors.EVENT_WRITE | selectors.EVENT_READ)

    def drop(sock):
        try:
            sel.unregister(sock)
        except (KeyError, ValueError):
            pass
        state.pop(sock, None)
        sock.close()

    def next_piece(s):
        """The next piece of this connection's head, or None when all but
        its end is sent."""
        i = s["sent"]
        if i > s["count"]:
            return None
        if s["h2"]:
            if i == 0:
                return PREFACE + frame(0x4, 0, 0) + frame(0x1, 0, 1, b"\x82\x84\x86" + hpack_literal("x-0", value))
            return frame(0x9, 0, 1, hpack_literal(f"x-{i}", value))
        if i == 0:
            return f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n".encode()
        return f"X-Hoard-{i}: {value}\r\n".encode()

    tracked = Conntrack(storm)
    before = proc_status_kib(args.pid, "VmRSS")
    baseline = settle_rss(args.pid, 0.5)
    probe = Probe(admin, args.pid)
    fresh = FreshClient(addr)
    started = 0
    began = time.monotonic()
    until = began + args.seconds
    try:
        while time.monotonic() < until:
            want = args.clients - len(state)
            for _ in range(max(0, min(want, 200))):
                start_one(started)
                started += 1
            now = time.monotonic()
            for key, events in sel.select(timeout=0.01):
                sock = key.fileobj
                s = state.get(sock)
                if s is None:
                    continue
                if not s["connected"]:
                    if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
                        counts["connect_failed"] += 1
                        drop(sock)
                        continue
                    s["connected"] = True
                    counts["opened"] += 1
                    sel.modify(sock, selectors.EVENT_READ)
                    continue
                try:
                    data = sock.recv(65536)
                except OSError:
                    data = b""
                if not data:
                    counts["closed_by_server"] += 1
                    drop(sock)
                    continue
                if data.startswith(b"HTTP/1.1 "):
                    status = int(data[9:12])
                    counts["answered"][status] = counts["answered"].get(status, 0) + 1
            # Each connection sends its next header when its time comes.
            for sock, s in list(state.items()):
                if not s["connected"] or s["next"] > now:
                    continue
                piece = next_piece(s)
                if piece is None:
                    continue
                try:
                    sock.send(piece)
                except BlockingIOError:
                    continue
                except OSError:
                    counts["closed_by_server"] += 1
                    drop(sock)
                    continue
                s["sent"] += 1
                s["next"] = now + pace
            counts["peak_open"] = max(counts["peak_open"], len(state))
    finally:
        fresh.stop()
        summary = probe.stop()
        tracked.stop()
        for sock in list(state):
            drop(sock)
    note(
        f"connections opened {counts['opened']}, closed by the server {counts['closed_by_server']}, "
        f"answered {counts['answered']}, connect failures {counts['connect_failed']}, peak open {counts['peak_open']}; "
        f"RSS before {mib(before)}"
    )
    seen = metrics(
        admin,
        ["knightd_connections_slow_heads_closed_total", "knightd_connections_refused_per_client_total",
         "knightd_connections_shed_total", "knightd_requests_total"],
    )
    note(f"server's own counts: {seen}")
    peak = summary.get("rss_peak_kib")
    figure(storm, "peak RSS (VmRSS every 100 ms)", mib(peak), "< 256 MiB (head budget at its default)",
           peak is not None and peak < 256 * 1024)
    healthz_figures(storm, summary, p99_goal_ms=50)
    fresh_figures(storm, fresh)
    bad = sum(v for k, v in counts["answered"].items() if k >= 500)
    figure(storm, "5xx answers to the hoarders", bad, "0", bad == 0)
    tracked.figure()
    memory_after(storm, args, baseline)


def hpack_literal(name, value):
    """A header field as an HPACK literal without indexing (no Huffman)."""
    return b"\x00" + hpack_string(name.encode()) + hpack_string(value.encode())


def hpack_string(raw):
    n = len(raw)
    if n < 127:
        return bytes([n]) + raw
    out = bytearray([127])
    n -= 127
    while n >= 128:
        out.append(n % 128 + 128)
        n //= 128
    out.append(n)
    return bytes(out) + raw


def keepalive_slots(args):
    """s: more keep-alive connections than --max-connections, each asking
    GET /healthz every few seconds."""
    storm = "s keepalive-slots"
    rng = seeded(storm)
    addr = args.addr
    admin = admin_of(args)
    raise_fd_limit()
    interval = rng.uniform(3.0, 6.0)
    per_address = rng.randint(40, 120)
    addresses = max(1, -(-args.clients // per_address))
    note(
        f"{args.clients} keep-alive connections from {addresses} addresses ({per_address} each), "
        f"each asking GET /healthz every {interval:.1f} s and reconnecting when closed"
    )
    pool = sources(addresses, 30)
    request = f"GET /healthz HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\n\r\n".encode()
    sel = selectors.DefaultSelector()
    counts = {"connects": 0, "closed_by_server": 0, "connect_failed": 0, "answered": {}, "bare_503": 0}
    state = {}

    def start_one(n, when):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.bind((pool[n % len(pool)], 0))
            sock.connect_ex(addr)
        except OSError:
            sock.close()
            counts["connect_failed"] += 1
            return
        counts["connects"] += 1
        state[sock] = {"n": n, "next": when, "buf": b"", "waiting": False, "connected": False}
        sel.register(sock, selectors.EVENT_WRITE | selectors.EVENT_READ)

    def drop(sock, reconnect=True):
        try:
            sel.unregister(sock)
        except (KeyError, ValueError):
            pass
        s = state.pop(sock, None)
        sock.close()
        if reconnect and s is not None:
            pending.append(s["n"])

    pending = []
    tracked = Conntrack(storm)
    before = proc_status_kib(args.pid, "VmRSS")
    baseline = settle_rss(args.pid, 0.5)
    probe = Probe(admin, args.pid)
    fresh = FreshClient(addr)
    began = time.monotonic()
    until = began + args.seconds
    opened = 0
    peak_open = 0
    try:
        while time.monotonic() < until:
            now = time.monotonic()
            for _ in range(min(300, args.clients - opened)):
                start_one(opened, now + rng.uniform(0, interval))
                opened += 1
            # A client whose connection was closed comes back with its
            # next request at once, as a keep-alive client does.
            for _ in range(min(300, len(pending))):
                start_one(pending.pop(), now)
            for key, events in sel.select(timeout=0.01):
                sock = key.fileobj
                s = state.get(sock)
                if s is None:
                    continue
                if not s["connected"] and events & selectors.EVENT_WRITE:
                    if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
                        counts["connect_failed"] += 1
                        drop(sock)
                        continue
                    s["connected"] = True
                    sel.modify(sock, selectors.EVENT_READ)
                if events & selectors.EVENT_READ:
                    try:
                        data = sock.recv(65536)
                    except OSError:
                        data = b""
                    if not data:
                        counts["closed_by_server"] += 1
                        drop(sock)
                        continue
                    s["buf"] += data
                    while b"\r\n\r\n" in s["buf"]:
                        head, _, rest = s["buf"].partition(b"\r\n\r\n")
                        status, headers = parse_head(head)
                        length = int(headers.get("content-length", "0"))
                        if len(rest) < length:
                            break
                        s["buf"] = rest[length:]
                        s["waiting"] = False
                        counts["answered"][status] = counts["answered"].get(status, 0) + 1
                        if status == 503 and "retry-after" not in headers:
                            counts["bare_503"] += 1
                        if headers.get("connection", "").lower() == "close":
                            drop(sock)
                            break
            now = time.monotonic()
            peak_open = max(peak_open, len(state))
            for sock, s in list(state.items()):
                if not s["connected"] or s["waiting"] or s["next"] > now:
                    continue
                try:
                    sock.send(request)
                except OSError:
                    counts["closed_by_server"] += 1
                    drop(sock)
                    continue
                s["waiting"] = True
                s["next"] = now + interval
    finally:
        fresh.stop()
        summary = probe.stop()
        tracked.stop()
        for sock in list(state):
            drop(sock, reconnect=False)
    note(
        f"connects {counts['connects']}, closed by the server {counts['closed_by_server']}, "
        f"answered {counts['answered']}, connect failures {counts['connect_failed']}, "
        f"peak open {peak_open}; RSS before {mib(before)}"
    )
    seen = metrics(
        admin,
        ["knightd_connections_shed_total", "knightd_connections_refused_full_total",
         "knightd_connections_refused_per_client_total"],
    )
    note(f"server's own counts: {seen}")
    peak = summary.get("rss_peak_kib")
    figure(storm, "peak RSS (VmRSS every 100 ms)", mib(peak), f"< {LIMIT_MIB} MiB",
           peak is not None and peak < LIMIT_MIB * 1024)
    healthz_figures(storm, summary, p99_goal_ms=50)
    fresh_figures(storm, fresh)
    bad = sum(v for k, v in counts["answered"].items() if k >= 500 and k != 503) + counts["bare_503"]
    figure(storm, "5xx but 503 with Retry-After", bad, "0", bad == 0)
    tracked.figure()
    memory_after(storm, args, baseline)


STORMS = {
    "hoarded-heads": (hoarded_heads, 2000),
    "keepalive-slots": (keepalive_slots, 12000),
}
