"""The HTTP/2 storms of scripts/hostile.sh (h2c, prior knowledge), and the
memory ones: each a function of storms.py's arguments, printing FIGURE
lines. HTTP/2 frames are made and read by Python's `h2` package (pinned;
hostile.sh installs it when missing); the floods write raw frames.

    i  h2-stalled   connections x streams of big tours with
                    SETTINGS_INITIAL_WINDOW_SIZE = 0: peak RSS, each stalled
                    stream reset (or its connection closed) within the
                    write timeout + 5 s, /healthz p99, memory after
    j  h2-heavy     connections x streams of /longest-path searches, read
                    whole: every stream answered, /healthz p99
    k  h2-floods    SETTINGS, PING and CONTINUATION floods, rapid reset:
                    what the server did, RSS growth, /healthz p99
    l  cache-shapes tours of distinct board shapes 500x500..1000x1000 in
                    turn: peak RSS against the cache's budget
"""

import selectors
import socket
import struct
import threading
import time

import h2.config
import h2.connection
import h2.events
import h2.settings
import hpack

from common import (
    MIB,
    longest_body,
    Probe,
    connect,
    fetch,
    figure,
    get_request,
    healthz_figures,
    mib,
    ms,
    note,
    percentile,
    proc_status_kib,
    raise_fd_limit,
    reset_close,
)

# Seven shapes of about 1000x1000, as the issue measured (each board's
# closed tour is kept in the cache: the answers are slices of its text).
TOUR_SHAPES = [(1000, 1000), (1000, 998), (998, 1000), (996, 1000), (1000, 996), (994, 1000), (1000, 994)]
PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"


def tally(streams):
    """How many streams got each answer status, and how many ended each way."""
    statuses, hows = {}, {}
    for s in streams:
        statuses[s["status"]] = statuses.get(s["status"], 0) + 1
        hows[s["how"]] = hows.get(s["how"], 0) + 1
    return statuses, hows


def source_address(i, third=9):
    """The i-th client's loopback address, from 127.0.THIRD.1 on."""
    return f"127.0.{third + i // 250}.{i % 250 + 1}"


def warm_tours(addr):
    """Every tour shape asked once over HTTP/1.1 and read whole, so that
    the storm's answers come from the cache."""
    for w, h in TOUR_SHAPES:
        fetch(addr, get_request(addr, f"/tour?start=a1&width={w}&height={h}"), timeout=60)


def settle_rss(pid, seconds=1.0):
    time.sleep(seconds)
    return proc_status_kib(pid, "VmRSS")


def memory_after(storm, args, baseline_kib, goal_mib=64):
    """RSS `args.after` seconds after the storm's clients left, against the
    warm baseline."""
    time.sleep(args.after)
    after = proc_status_kib(args.pid, "VmRSS")
    growth = None if after is None or baseline_kib is None else after - baseline_kib
    figure(
        storm,
        f"RSS {args.after:.0f} s after the storm (warm baseline {mib(baseline_kib)})",
        mib(after),
        f"<= baseline + {goal_mib} MiB",
        growth is not None and growth <= goal_mib * 1024,
    )


class H2Client:
    """One HTTP/2 connection driven by `h2`, non-blocking, its streams'
    fates recorded: {stream id: {"sent", "status", "head", "end", "how"}}."""

    def __init__(self, addr, source, window=None):
        self.sock = connect(addr, source, timeout=10)
        config = h2.config.H2Configuration(client_side=True, header_encoding="utf-8")
        self.conn = h2.connection.H2Connection(config=config)
        settings = {h2.settings.SettingCodes.ENABLE_PUSH: 0}
        if window is not None:
            settings[h2.settings.SettingCodes.INITIAL_WINDOW_SIZE] = window
        self.conn.local_settings = h2.settings.Settings(client=True, initial_values=settings)
        self.conn.initiate_connection()
        self.streams = {}
        self.closed = None
        self.authority = f"{addr[0]}:{addr[1]}"
        self.outbox = b""
        self.bodies = []

    def request(self, path, method="GET", body=None):
        sid = self.conn.get_next_available_stream_id()
        headers = [(":method", method), (":scheme", "http"), (":authority", self.authority), (":path", path)]
        if body is not None:
            headers += [("content-type", "application/json"), ("content-length", str(len(body)))]
        self.conn.send_headers(sid, headers, end_stream=body is None)
        if body is not None:
            # Sent once the server's windows let it through (see flush).
            self.bodies.append((sid, body))
        self.streams[sid] = {"sent": time.monotonic(), "status": None, "head": None, "end": None, "how": None, "bytes": 0}
        return sid

    def flush(self):
        waiting = []
        for sid, body in self.bodies:
            if self.conn.local_flow_control_window(sid) >= len(body):
                self.conn.send_data(sid, body, end_stream=True)
            else:
                waiting.append((sid, body))
        self.bodies = waiting
        self.outbox += self.conn.data_to_send()
        while self.outbox:
            try:
                n = self.sock.send(self.outbox)
            except (BlockingIOError, socket.timeout):
                return
            except OSError:
                self.gone("socket error on send")
                return
            self.outbox = self.outbox[n:]

    def gone(self, how):
        now = time.monotonic()
        if self.closed is None:
            self.closed = now
        for s in self.streams.values():
            if s["end"] is None:
                s["end"], s["how"] = now, how

    def on_readable(self, read_bodies):
        try:
            data = self.sock.recv(1 << 20)
        except BlockingIOError:
            return
        except OSError:
            self.gone("connection reset")
            return
        if not data:
            self.gone("connection closed")
            return
        try:
            events = self.conn.receive_data(data)
        except Exception as e:  # a protocol error of the server's
            self.gone(f"protocol error {type(e).__name__}")
            return
        now = time.monotonic()
        for ev in events:
            if isinstance(ev, h2.events.ResponseReceived):
                s = self.streams.get(ev.stream_id)
                if s is not None:
                    s["head"] = now
                    s["status"] = int(dict(ev.headers).get(":status", 0))
            elif isinstance(ev, h2.events.DataReceived):
                s = self.streams.get(ev.stream_id)
                if s is not None:
                    s["bytes"] += len(ev.data)
                if read_bodies:
                    self.conn.acknowledge_received_data(ev.flow_controlled_length, ev.stream_id)
            elif isinstance(ev, h2.events.StreamEnded):
                s = self.streams.get(ev.stream_id)
                if s is not None and s["end"] is None:
                    s["end"], s["how"] = now, "answered whole"
            elif isinstance(ev, h2.events.StreamReset):
                s = self.streams.get(ev.stream_id)
                if s is not None and s["end"] is None:
                    s["end"], s["how"] = now, f"reset ({ev.error_code.name})"
            elif isinstance(ev, h2.events.ConnectionTerminated):
                self.gone(f"GOAWAY ({ev.error_code.name})")
        self.flush()

    def open_streams(self):
        return sum(1 for s in self.streams.values() if s["end"] is None)


def drive(clients, until, read_bodies, done=None):
    """Runs the clients' sockets until `until` (monotonic) or `done()`."""
    sel = selectors.DefaultSelector()
    for c in clients:
        c.sock.setblocking(False)
        c.flush()
        sel.register(c.sock, selectors.EVENT_READ, c)
    try:
        while time.monotonic() < until:
            for key, _ in sel.select(timeout=0.1):
                c = key.data
                c.on_readable(read_bodies)
                if c.closed is not None:
                    sel.unregister(c.sock)
            for c in clients:
                if c.closed is None and (c.outbox or c.bodies):
                    c.flush()
            if done is not None and done():
                return
    finally:
        sel.close()


# (i) ------------------------------------------------------------------------


def h2_stalled(args):
    """Connections of `args.streams` streams each, asking for big tours with
    a flow-control window of 0: no byte of any answer gets through."""
    storm = "i h2 stalled"
    raise_fd_limit()
    addr = args.addr
    wt = args.write_timeout_ms / 1000
    started = time.monotonic()
    warm_tours(addr)
    baseline = settle_rss(args.pid)
    note(f"warm baseline (each of {len(TOUR_SHAPES)} tour shapes asked once): {mib(baseline)}")
    probe = Probe(addr, args.pid)
    clients = []
    for i in range(args.clients):
        try:
            c = H2Client(addr, source_address(i), window=0)
        except OSError as e:
            note(f"connection {i}: {e}")
            continue
        for k in range(args.streams):
            w, h = TOUR_SHAPES[(i + k) % len(TOUR_SHAPES)]
            c.request(f"/tour?start=a1&width={w}&height={h}")
        c.flush()
        clients.append(c)
    opened = time.monotonic()
    note(f"{len(clients)} connections x {args.streams} streams opened in {opened - started:.1f} s")
    streams = [s for c in clients for s in c.streams.values()]
    # Each stream has write timeout + 5 s from its answer's head; heads may
    # come late (heavy work queued), so the storm runs to its bound.
    deadline = started + args.bound - 3 - args.after

    def all_ended():
        return all(s["end"] is not None for s in streams)

    drive(clients, deadline, read_bodies=False, done=all_ended)
    summary = probe.stop()
    for c in clients:
        reset_close(c.sock)
    statuses, hows = tally(streams)
    note(f"{len(streams)} streams; answer heads by status: {statuses}")
    note(f"how the streams ended: {hows}")
    late = [s for s in streams if s["head"] is not None and (s["end"] is None or s["end"] - s["head"] > wt + 5)]
    begun = [s for s in streams if s["head"] is not None]
    worst = max((s["end"] - s["head"] for s in begun if s["end"] is not None), default=None)
    note(f"slowest reset or close after the answer's head: {ms(worst)}; bytes of answers received: {sum(s['bytes'] for s in streams)}")
    headless = [s for s in streams if s["head"] is None]
    if headless:
        ends = {}
        for s in headless:
            ends[s["how"]] = ends.get(s["how"], 0) + 1
        note(f"{len(headless)} streams got no answer head: {ends}")
    peak = summary.get("rss_peak_kib")
    # The replica's limit, as for every storm (deploy/kubernetes.yaml):
    # what the budgets bound. This storm's peak moves with how many stalled
    # answers are admitted before the first are reset (179-287 MiB over
    # three runs of the same build), so a tighter goal only flickered.
    figure(storm, "peak RSS (VmRSS every 100 ms)", mib(peak), "< 512 MiB", peak is not None and peak < 512 * 1024)
    ended = len(streams) - len(late) - sum(1 for s in headless if s["end"] is None)
    figure(
        storm,
        f"streams reset or closed within write timeout + 5 s ({args.write_timeout_ms} ms + 5 s)",
        f"{ended}/{len(streams)}",
        f"{len(streams)}/{len(streams)}",
        bool(streams) and ended == len(streams),
    )
    healthz_figures(storm, summary, p99_goal_ms=50)
    memory_after(storm, args, baseline)


# (j) ------------------------------------------------------------------------


def h2_heavy(args):
    """Connections of `args.streams` streams each, every one a /longest-path
    search on the challenge board, read whole."""
    storm = "j h2 heavy"
    addr = args.addr
    started = time.monotonic()
    body = longest_body(1000)
    probe = Probe(addr, args.pid)
    clients = []
    for i in range(args.clients):
        c = H2Client(addr, source_address(i, third=20))
        for _ in range(args.streams):
            c.request("/longest-path", "POST", body)
        clients.append(c)
    streams = [s for c in clients for s in c.streams.values()]
    drive(clients, started + args.bound - 3, read_bodies=True, done=lambda: all(s["end"] is not None for s in streams))
    summary = probe.stop()
    for c in clients:
        reset_close(c.sock)
    statuses, hows = tally(streams)
    note(f"{len(streams)} searches; statuses {statuses}; ended {hows}")
    answered = sum(1 for s in streams if s["how"] == "answered whole" and s["status"] in (200, 503))
    slowest = max((s["end"] - s["sent"] for s in streams if s["end"] is not None), default=None)
    note(f"slowest answer {ms(slowest)}")
    figure(storm, "searches answered (200, or 503 past the queue)", f"{answered}/{len(streams)}", f"{len(streams)}/{len(streams)}", answered == len(streams))
    healthz_figures(storm, summary, p99_goal_ms=50)


# (k) ------------------------------------------------------------------------


def frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


SETTINGS, PING, HEADERS, RST_STREAM, CONTINUATION = 4, 6, 1, 3, 9
END_STREAM, END_HEADERS = 0x1, 0x4


def request_block(addr, path):
    return hpack.Encoder().encode(
        [(":method", "GET"), (":scheme", "http"), (":authority", f"{addr[0]}:{addr[1]}"), (":path", path)]
    )


def flood_session(addr, source, make, until):
    """One connection writing `make(i)`'s frames as fast as the server takes
    them until `until` (monotonic), reading (and dropping) what it answers.
    Returns (frames sent, how it ended)."""
    sock = connect(addr, source, timeout=5)
    sock.sendall(PREFACE + frame(SETTINGS, 0, 0))
    sock.setblocking(False)
    began = time.monotonic()
    sent, how, pending, i = 0, "still open at the end", b"", 0
    inbox, at = bytearray(), 0
    try:
        while time.monotonic() < until:
            if not pending:
                pending = b"".join(make(i + k) for k in range(64))
                i += 64
            try:
                n = sock.send(pending)
                pending = pending[n:]
                if not pending:
                    sent = i
            except BlockingIOError:
                time.sleep(0.001)
            except OSError as e:
                if not how.startswith("GOAWAY"):
                    how = f"closed by the server ({e.strerror}) after {time.monotonic() - began:.2f} s"
                break
            try:
                data = sock.recv(1 << 20)
                if not data:
                    if not how.startswith("GOAWAY"):
                        how = f"closed by the server after {time.monotonic() - began:.2f} s"
                    break
                inbox += data
                # The server's frames, read by their headers.
                while len(inbox) - at >= 9:
                    length = int.from_bytes(inbox[at : at + 3], "big")
                    if inbox[at + 3] == 7 and not how.startswith("GOAWAY"):
                        how = f"GOAWAY after {time.monotonic() - began:.2f} s"
                    if len(inbox) - at < 9 + length:
                        break
                    at += 9 + length
                if at > 1 << 20:
                    del inbox[:at]
                    at = 0
            except BlockingIOError:
                pass
            except OSError as e:
                if not how.startswith("GOAWAY"):
                    how = f"reset by the server ({e.strerror}) after {time.monotonic() - began:.2f} s"
                break
    finally:
        reset_close(sock)
    return sent, how


def flood_one(addr, source, make, seconds):
    """Floods for `seconds`, on a new connection each time the server cuts
    one off. Returns the sessions: [(frames sent, how each ended)]."""
    until = time.monotonic() + seconds
    sessions = []
    while time.monotonic() < until:
        try:
            sessions.append(flood_session(addr, source, make, until))
        except OSError as e:
            sessions.append((0, f"connect failed ({e})"))
            time.sleep(0.05)
    return sessions


def h2_floods(args):
    storm = "k h2 floods"
    addr = args.addr
    block = request_block(addr, "/healthz")
    big = request_block(addr, "/tour?start=a1&width=1000&height=1000")
    floods = {
        "SETTINGS": lambda i: frame(SETTINGS, 0, 0, struct.pack(">HI", 0x3, 100)),
        "PING": lambda i: frame(PING, 0, 0, struct.pack(">Q", i)),
        # One header block that never ends: HEADERS without END_HEADERS,
        # then CONTINUATION frames of 16 KiB for ever.
        "CONTINUATION": lambda i: (frame(HEADERS, END_STREAM, 1, block) if i == 0 else b"")
        + frame(CONTINUATION, 0, 1, b"x" * 16_384),
        # Rapid reset: a heavy request, reset at once, again and again.
        "rapid reset": lambda i: frame(HEADERS, END_STREAM | END_HEADERS, 2 * i + 1, big)
        + frame(RST_STREAM, 0, 2 * i + 1, struct.pack(">I", 8)),
    }
    before = settle_rss(args.pid, 0.5)
    for n, (name, make) in enumerate(floods.items()):
        probe = Probe(addr, args.pid)
        results = []
        threads = []
        lock = threading.Lock()

        def run(k, name=name, make=make):
            r = flood_one(addr, source_address(k, third=30 + n), make, args.seconds)
            with lock:
                results.extend(r)

        for k in range(args.clients):
            t = threading.Thread(target=run, args=(k,), daemon=True)
            t.start()
            threads.append(t)
        for t in threads:
            t.join(args.seconds + 10)
        summary = probe.stop()
        hows = {}
        for _, how in results:
            kind = how.split(" after")[0]
            hows[kind] = hows.get(kind, 0) + 1
        frames = sum(f for f, _ in results)
        cut = [(f, how) for f, how in results if not how.startswith("still open")]
        note(
            f"{name} flood, {args.clients} clients for {args.seconds:.0f} s: {frames} frames sent "
            f"on {len(results)} connections; how they ended: {hows}"
        )
        if cut:
            per = sorted(f for f, _ in cut)
            note(f"  frames (a request and its reset count as one) written on a connection before it was cut off (in batches of 64): median {per[len(per) // 2]}, most {per[-1]}")
        peak = summary.get("rss_peak_kib")
        growth = None if peak is None or before is None else peak - before
        figure(f"{storm} {name}", "RSS growth", mib(growth), "<= 64 MiB", growth is not None and growth <= 64 * 1024)
        if name in ("CONTINUATION", "rapid reset"):
            figure(
                f"{storm} {name}",
                "connections cut off (GOAWAY or closed)",
                f"{len(cut)}/{len(results)}",
                "all but those the storm's end stopped",
                len(results) - len(cut) <= args.clients,
            )
        healthz_figures(f"{storm} {name}", summary, p99_goal_ms=50)
    memory_after(storm, args, before)


# (l) ------------------------------------------------------------------------


def cache_shapes(args):
    """Tours of `args.clients` distinct board shapes between 500x500 and
    1000x1000, one after another, read whole."""
    storm = "l cache shapes"
    addr = args.addr
    deadline = time.monotonic() + args.bound - 3
    probe = Probe(addr, args.pid)
    shapes = []
    k = 0
    while len(shapes) < args.clients:
        # Spread over the square of sides 500..1000, every shape distinct.
        w = 500 + (k * 389) % 501
        h = 500 + (k * 211 + k // 501) % 501
        if (w, h) not in shapes:
            shapes.append((w, h))
        k += 1
    statuses = {}
    done = 0
    for w, h in shapes:
        if time.monotonic() > deadline:
            note(f"stopped at the time bound after {done} shapes")
            break
        try:
            status, _, _, _ = fetch(addr, get_request(addr, f"/tour?start=a1&width={w}&height={h}"), timeout=60)
        except OSError as e:
            status = f"error {e}"
        statuses[status] = statuses.get(status, 0) + 1
        done += 1
    summary = probe.stop()
    metrics = {}
    try:
        for line in get_text(addr, "/metrics").splitlines():
            if line.startswith("knightd_cache_"):
                name, value = line.split()
                metrics[name] = float(value)
    except OSError as e:
        note(f"/metrics: {e}")
    note(f"{done} shapes asked; statuses {statuses}")
    budget = metrics.get("knightd_cache_budget_bytes")
    note(
        "cache: {} bytes in {} entries, {} evictions (budget {})".format(
            int(metrics.get("knightd_cache_bytes", -1)),
            int(metrics.get("knightd_cache_entries", -1)),
            int(metrics.get("knightd_cache_evictions_total", -1)),
            int(budget) if budget else "n/a",
        )
    )
    peak = summary.get("rss_peak_kib")
    goal_kib = (budget or 256 * MIB) / 1024 + 128 * 1024
    figure(
        storm,
        f"peak RSS over {done} distinct shapes",
        mib(peak),
        f"<= cache budget + 128 MiB ({mib(goal_kib)})",
        peak is not None and peak <= goal_kib and done >= min(args.clients, 1),
    )
    healthz_figures(storm, summary)
    note(f"/healthz p50 {ms(percentile(summary.get('healthz', []), 50))} meanwhile")


def get_text(addr, path):
    """GET `path` (Connection: close): the answer's body as text."""
    sock = connect(addr)
    try:
        sock.sendall(get_request(addr, path))
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    finally:
        sock.close()
    return data.partition(b"\r\n\r\n")[2].decode()
