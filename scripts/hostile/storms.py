"""The storms of scripts/hostile.sh, one subcommand each, against a knightd
already running at --addr with process id --pid (loopback only). Each storm
ends by itself within --bound seconds and prints FIGURE lines (see
common.figure) and notes. Loopback addresses 127.0.x.y stand for different
clients: the server tells clients apart by their address.

    storms.py nonreaders|compressed|uploads|slowloris|stalled-reader|
              huge-length|fairness|flood|big-pages|finish-bodies|
              png-windows|h2-resets --addr HOST:PORT --pid PID [...]
"""

import argparse
import concurrent.futures
import os
import queue
import select
import selectors
import socket
import statistics
import sys
import threading
import time

from common import (
    MIB,
    KeepAlive,
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
    parse_addr,
    peek_status,
    peer_gone,
    percentile,
    post_request,
    proc_status_kib,
    raise_fd_limit,
    reset_close,
    server_side_tcp,
)

BIG_TOUR = "/tour?start=a1&width=1000&height=1000"
# Grace beyond a configured timeout for "within the timeout": the server's
# timer, the probe's 100 ms sampling and a loaded 2-core machine.
SLACK = 1.0


def rss_figures(storm, summary, goal_mib):
    peak = summary.get("rss_peak_kib")
    ok = peak is not None and peak <= goal_mib * 1024
    figure(storm, "peak RSS (VmRSS every 100 ms)", mib(peak), f"<= {goal_mib} MiB", ok)
    note(f"VmHWM at the end {mib(summary.get('hwm_kib'))}, {summary.get('rss_samples')} samples")
    return ok


# (a) ------------------------------------------------------------------------


def nonreaders(args):
    """Clients that ask for a 1000x1000 tour and never read a byte of it."""
    storm = "a nonreaders"
    addr = args.addr
    deadline = time.monotonic() + args.bound
    wt = args.write_timeout_ms / 1000
    probe = Probe(addr, args.pid)
    before = proc_status_kib(args.pid, "VmRSS")
    clients = []
    request = get_request(addr, BIG_TOUR, close=False)

    def watch():
        now = time.monotonic()
        server = server_side_tcp(addr[1])
        for c in clients:
            if c["status"] is None:
                status = peek_status(c["sock"])
                if status:
                    c["status"], c["started"] = status, now
            if c["closed"] is None:
                how = None
                if peer_gone(c["sock"]):
                    how = "client saw FIN/RST"
                else:
                    entry = server.get(c["key"])
                    if entry is None:
                        how = "server socket gone"
                    elif entry[0] != "01":
                        how = f"server closed (tcp state {entry[0]})"
                if how:
                    c["closed"], c["how"] = now, how

    # Clients join as fast as the server begins their answers (at most 8
    # waiting at once), so that the heavy queue does not refuse them; the
    # ramp leaves time for the write timeout to act on the last ones.
    ramp_deadline = deadline - wt - 3 - SLACK
    try:
        for i in range(args.clients):
            while (
                sum(1 for c in clients if c["status"] is None) >= 8
                and time.monotonic() < ramp_deadline
            ):
                time.sleep(0.05)
                watch()
            if time.monotonic() >= ramp_deadline:
                note(f"ramp stopped at its time bound after {i} clients")
                break
            source = f"127.0.1.{i + 1}"
            try:
                sock = connect(addr, source, timeout=5)
                sock.sendall(request)
                sock.setblocking(False)
            except OSError as e:
                note(f"client {source}: {e}")
                continue
            clients.append(
                {
                    "sock": sock,
                    "key": (source, sock.getsockname()[1]),
                    "sent": time.monotonic(),
                    "status": None,
                    "started": None,
                    "closed": None,
                    "how": None,
                }
            )
            if i % 10 == 0:
                watch()
            time.sleep(args.ramp_ms / 1000)
        # Hold until every stalled answer has had its write timeout and more.
        hold_until = min(deadline, time.monotonic() + wt + 3 + SLACK)
        while time.monotonic() < hold_until:
            watch()
            if all(c["closed"] is not None or c["status"] not in (None, 200) for c in clients):
                break
            time.sleep(0.1)
        watch()
    finally:
        summary = probe.stop()
        # An established socket with inode 0 is still in the listen backlog.
        server = server_side_tcp(addr[1])
        unaccepted = sum(1 for c in clients if server.get(c["key"], ("", 1))[1] == 0)
        for c in clients:
            reset_close(c["sock"])
    statuses = {}
    for c in clients:
        statuses[c["status"]] = statuses.get(c["status"], 0) + 1
    big = [c for c in clients if c["status"] == 200]
    in_time = [c for c in big if c["closed"] is not None and c["closed"] - c["started"] <= wt + SLACK]
    closed = [c for c in clients if c["closed"] is not None]
    note(f"{len(clients)} clients connected; answers begun by status: {statuses}")
    if unaccepted:
        note(f"{unaccepted} connections never accepted by the server (still in its backlog)")
    note(f"RSS before {mib(before)}; {len(closed)} connections closed by the server in all")
    if closed:
        hows = {}
        for c in closed:
            hows[c["how"]] = hows.get(c["how"], 0) + 1
        note(f"how the closes were seen: {hows}")
    rss_figures(storm, summary, 256)
    share = len(in_time) / len(big) if big else 0.0
    figure(
        storm,
        f"200s cut off within write timeout ({args.write_timeout_ms} ms)",
        f"{len(in_time)}/{len(big)} = {share:.0%}",
        ">= 90%",
        bool(big) and share >= 0.9,
    )
    healthz_figures(storm, summary, p99_goal_ms=50)


# (b) ------------------------------------------------------------------------


def compressed(args):
    """Clients looping on compressed 1000x1000 tours; each offered encoding."""
    storm = "b compressed"
    addr = args.addr
    deadline = time.monotonic() + args.bound
    plain = []
    for _ in range(3):
        status, _, size, secs = fetch(addr, get_request(addr, BIG_TOUR))
        plain.append(secs)
    plain_time = statistics.median(plain)
    note(f"plain tour: status {status}, {size / MIB:.1f} MiB, median {ms(plain_time)}")
    offered = {}
    for enc in ("gzip", "zstd", "br"):
        req = get_request(addr, BIG_TOUR, [f"Accept-Encoding: {enc}"])
        status, headers, size, secs = fetch(addr, req)
        got = headers.get("content-encoding", "identity")
        if got == enc:
            times = [secs] + [fetch(addr, req)[3] for _ in range(2)]
            offered[enc] = statistics.median(times)
            note(f"{enc}: {size / MIB:.2f} MiB, median {ms(offered[enc])}")
        else:
            note(f"{enc}: not offered (answer was {got})")
    if not offered:
        figure(storm, "compressed encodings offered", "none", "gzip at least", False)
        return
    best = min(offered.values())
    for enc, secs in offered.items():
        ratio = secs / plain_time
        ok = None
        if secs == best:
            ok = ratio <= 3
        figure(storm, f"{enc} tour time / plain", f"{ratio:.1f}x", "<= 3x (best)", ok)
    per_encoding = max(2.0, (deadline - time.monotonic()) / len(offered) - 2)
    for enc in offered:
        duration = min(args.seconds, per_encoding)
        req = get_request(addr, BIG_TOUR, [f"Accept-Encoding: {enc}"])
        stop = threading.Event()
        counts = {"done": 0, "failed": 0}

        def loop(source, stop, req, counts):
            while not stop.is_set():
                try:
                    status, _, _, _ = fetch(addr, req, source, timeout=duration + 5)
                    counts["done" if status == 200 else "failed"] += 1
                except OSError:
                    counts["failed"] += 1
                    stop.wait(0.1)

        probe = Probe(addr, args.pid)
        time.sleep(0.3)
        threads = [
            threading.Thread(
                target=loop, args=(f"127.0.7.{i + 1}", stop, req, counts), daemon=True
            )
            for i in range(args.clients)
        ]
        for t in threads:
            t.start()
        time.sleep(duration)
        summary = probe.stop()
        stop.set()
        for t in threads:
            t.join(max(0.1, min(duration + 5, deadline - time.monotonic())))
        note(
            f"{enc}: {args.clients} clients for {duration:.0f} s: {counts['done']} tours, "
            f"{counts['failed']} refused or failed"
        )
        healthz_figures(f"{storm} {enc}", summary, p99_goal_ms=50, max_goal_ms=250)


# (c) ------------------------------------------------------------------------


def uploads(args):
    """Uploads of all but 20 bytes of a 4 MiB body, then silence."""
    storm = "c uploads"
    addr = args.addr
    deadline = time.monotonic() + args.bound
    bt = args.body_timeout_ms / 1000
    length = 4 * MIB
    prefix = b'{"width":8,"height":8,"path":["a1"'
    filler = b',"b3","a1"' * (length // 10 + 1)
    body = (prefix + filler)[: length - 20]
    head = (
        f"POST /validate HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    ).encode()
    probe = Probe(addr, args.pid)
    before = proc_status_kib(args.pid, "VmRSS")
    results = []

    def upload(i):
        r = {"i": i, "stalled": None, "end": None, "what": None, "sent": 0}
        try:
            sock = connect(addr, f"127.0.5.{i + 1}", timeout=max(1.0, deadline - time.monotonic()))
        except OSError as e:
            r["what"] = f"connect failed: {e}"
            return r, None
        data = memoryview(head + body)
        try:
            while r["sent"] < len(data):
                r["sent"] += sock.send(data[r["sent"] :])
            r["stalled"] = time.monotonic()
        except socket.timeout:
            r["what"] = f"server stopped reading at {r['sent']} bytes"
        except OSError as e:
            r["end"], r["what"] = time.monotonic(), f"closed while sending ({e.strerror})"
        return r, sock

    # Stalled uploads are watched from the moment they stall, so that an
    # early answer or close is timed when it happens.
    stalled = queue.Queue()
    sending_done = threading.Event()

    def watch():
        poller = select.poll()
        by_fd = {}
        while time.monotonic() < deadline:
            while True:
                try:
                    r, sock = stalled.get_nowait()
                except queue.Empty:
                    break
                sock.setblocking(False)
                poller.register(sock, select.POLLIN | select.POLLHUP | select.POLLERR)
                by_fd[sock.fileno()] = (r, sock)
            if sending_done.is_set() and not by_fd and stalled.empty():
                return
            for fd, _ in poller.poll(50):
                r, sock = by_fd.pop(fd)
                poller.unregister(fd)
                r["end"] = time.monotonic()
                try:
                    data = sock.recv(65536)
                    r["what"] = f"answered {int(data[9:12])}" if data[:5] == b"HTTP/" else "closed"
                except (OSError, ValueError):
                    r["what"] = "reset"

    def upload_and_watch(i):
        r, sock = upload(i)
        if sock is not None and r["end"] is None and r["stalled"] is not None:
            stalled.put((r, sock))
        return r, sock

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    socks = {}
    with concurrent.futures.ThreadPoolExecutor(args.senders) as pool:
        for r, sock in pool.map(upload_and_watch, range(args.clients)):
            results.append(r)
            if sock is not None:
                socks[r["i"]] = sock
    sending_done.set()
    note(f"all uploads sent or stopped after {args.bound - (deadline - time.monotonic()):.1f} s")
    watcher.join(max(0.0, deadline - time.monotonic()) + 1)
    summary = probe.stop()
    for sock in socks.values():
        reset_close(sock)
    time.sleep(2)
    after = proc_status_kib(args.pid, "VmRSS")
    outcomes = {}
    in_time = 0
    worst = None
    for r in results:
        what = r["what"] or "no answer by the end of the storm"
        outcomes[what] = outcomes.get(what, 0) + 1
        if r["end"] is not None and r["stalled"] is not None:
            took = r["end"] - r["stalled"]
            worst = took if worst is None else max(worst, took)
            if took <= bt + SLACK:
                in_time += 1
        elif r["end"] is not None:
            in_time += 1  # closed while still sending: never held a stalled body
    note(f"outcomes: {outcomes}")
    note(f"slowest answer or close after the stall: {ms(worst)}")
    note(f"RSS before {mib(before)}, 2 s after the clients left {mib(after)}")
    rss_figures(storm, summary, 320)
    figure(
        storm,
        f"answered/closed within body timeout ({args.body_timeout_ms} ms)",
        f"{in_time}/{len(results)}",
        f"{len(results)}/{len(results)}",
        in_time == len(results),
    )


# (d) ------------------------------------------------------------------------


def slowloris(args):
    """Connections that send a partial header line and trickle, reopened
    when the server closes them."""
    storm = "d slowloris"
    addr = args.addr
    raise_fd_limit()
    deadline = time.monotonic() + args.bound
    partial = f"GET /healthz HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nX-Slow: ".encode()
    before = proc_status_kib(args.pid, "VmRSS")
    # The probes ask the admin port when there is one: connections refused
    # past their client's share, or closed at --max-connections, come back
    # at once, and a probe on the main port waits behind them in the
    # accept queue. A fresh client on the main port is timed beside them.
    from connstorms import FreshClient, fresh_figures

    probe = Probe(args.admin or addr, args.pid)
    fresh = FreshClient(addr)
    sel = selectors.DefaultSelector()
    counts = {"opened": 0, "closed_by_server": 0, "connect_failed": 0, "peak_open": 0}
    sources = [f"127.0.6.{i + 1}" for i in range(8)]

    def start_one(n):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.bind((sources[n % len(sources)], 0))
            sock.connect_ex(addr)
        except OSError:
            sock.close()
            counts["connect_failed"] += 1
            return
        sel.register(sock, selectors.EVENT_WRITE, "connecting")

    def drop(sock):
        try:
            sel.unregister(sock)
        except (KeyError, ValueError):
            pass
        if sock in open_socks_set:
            open_socks_set.discard(sock)
        sock.close()

    open_socks_set = set()
    started = 0
    tick = 0
    full_since = None
    try:
        while time.monotonic() < deadline:
            pending = len(sel.get_map()) - len(open_socks_set)
            want = args.clients - len(open_socks_set) - pending
            for _ in range(max(0, min(want, 400))):
                start_one(started)
                started += 1
            for key, events in sel.select(timeout=0.1):
                sock = key.fileobj
                if key.data == "connecting":
                    if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
                        counts["connect_failed"] += 1
                        drop(sock)
                        continue
                    try:
                        sock.send(partial)
                    except OSError:
                        counts["connect_failed"] += 1
                        drop(sock)
                        continue
                    sel.modify(sock, selectors.EVENT_READ, "open")
                    open_socks_set.add(sock)
                    counts["opened"] += 1
                else:
                    # Anything readable is the server's answer or its close.
                    counts["closed_by_server"] += 1
                    drop(sock)
            counts["peak_open"] = max(counts["peak_open"], len(open_socks_set))
            if full_since is None and len(open_socks_set) >= args.clients * 0.95:
                full_since = time.monotonic()
                deadline = min(deadline, full_since + args.seconds)
            # Trickle: each connection sends a byte every 2 s (a 20th a tick).
            tick += 1
            batch = [s for i, s in enumerate(open_socks_set) if i % 20 == tick % 20]
            for sock in batch:
                try:
                    sock.send(b"a")
                except OSError:
                    counts["closed_by_server"] += 1
                    drop(sock)
    finally:
        fresh.stop()
        summary = probe.stop()
        for key in list(sel.get_map().values()):
            reset_close(key.fileobj)
        sel.close()
    held = f"{time.monotonic() - full_since:.0f} s" if full_since else "never (target not reached)"
    note(
        f"target {args.clients}; peak open {counts['peak_open']}; opened {counts['opened']}; "
        f"closed by the server {counts['closed_by_server']}; connects failed {counts['connect_failed']}; "
        f"held at target for {held}"
    )
    growth = None
    if summary.get("rss_peak_kib") is not None and before is not None:
        growth = summary["rss_peak_kib"] - before
    note(f"RSS before {mib(before)}, peak {mib(summary.get('rss_peak_kib'))}")
    figure(
        storm,
        "RSS growth",
        mib(growth),
        "<= 128 MiB",
        growth is not None and growth <= 128 * 1024,
    )
    figure(
        storm,
        "connections open at once",
        counts["peak_open"],
        f">= {int(args.clients * 0.95)} (storm strength)",
        None,
    )
    healthz_figures(storm, summary, p99_goal_ms=100)
    fresh_figures(storm, fresh)


# (e) ------------------------------------------------------------------------


def stalled_reader(args):
    """One client that asks for a 1000x1000 tour and reads nothing, for the
    SIGTERM storm: writes the answer's status to --ready once it begins,
    then holds the connection until --bound or SIGTERM, and says whether
    and when the server closed it."""
    import signal

    addr = args.addr
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    sock = connect(addr, "127.0.0.8", timeout=5)
    sock.sendall(get_request(addr, BIG_TOUR, close=False))
    sock.setblocking(False)
    key = ("127.0.0.8", sock.getsockname()[1])
    deadline = time.monotonic() + args.bound
    status = None
    while status is None and time.monotonic() < deadline and not stop.is_set():
        status = peek_status(sock)
        time.sleep(0.05)
    with open(args.ready, "w") as f:
        f.write(f"{status}\n")
    began = time.monotonic()
    closed = None
    while time.monotonic() < deadline and not stop.is_set():
        gone = peer_gone(sock)
        if not gone:
            try:
                entry = server_side_tcp(addr[1]).get(key)
                gone = entry is None or entry[0] != "01"
            except OSError:
                gone = True
        if gone:
            closed = time.monotonic() - began
            break
        stop.wait(0.1)
    reset_close(sock)
    if closed is None:
        note(f"stalled reader (answer {status}): still connected when it gave up")
    else:
        note(f"stalled reader (answer {status}): server closed it {closed:.1f} s after the answer began")


# (f) ------------------------------------------------------------------------


def huge_length(args):
    """A declared Content-Length far over the limit, with a 1-byte body."""
    storm = "f huge length"
    addr = args.addr
    head = (
        f"POST /validate HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\n"
        "Content-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n{"
    ).encode()
    start = time.monotonic()
    sock = connect(addr, timeout=args.bound)
    status, what = None, None
    try:
        sock.sendall(head)
        data = sock.recv(65536)
        if data[:5] == b"HTTP/":
            status = int(data[9:12])
            what = f"status {status}"
        else:
            what = "closed without an answer"
    except socket.timeout:
        what = f"no answer within {args.bound:.0f} s"
    except OSError as e:
        what = f"reset ({e.strerror})"
    finally:
        reset_close(sock)
    took = time.monotonic() - start
    figure(storm, "answer to Content-Length 99999999999", what, "413", status == 413)
    figure(storm, "time to answer", ms(took), "<= 1000 ms (at once)", status is not None and took <= 1.0)


# (g) ------------------------------------------------------------------------


def fairness(args):
    """127.0.0.2 keeps 20 heavy /longest-path requests in flight; 127.0.0.3
    asks for a 100x100 tour."""
    storm = "g fairness"
    addr = args.addr
    deadline = time.monotonic() + args.bound
    heavy = post_request(addr, "/longest-path", longest_body(2000))
    stop = threading.Event()
    counts = {}

    def hog():
        while not stop.is_set():
            try:
                status, _, _, _ = fetch(addr, heavy, "127.0.0.2", timeout=40)
            except OSError:
                status = "error"
            counts[status] = counts.get(status, 0) + 1
            if status != 200:
                stop.wait(0.1)

    threads = [threading.Thread(target=hog, daemon=True) for _ in range(args.clients)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    tour = get_request(addr, "/tour?start=a1&width=100&height=100")
    latencies = []
    for _ in range(args.probes):
        left = deadline - time.monotonic()
        if left < 1:
            break
        start = time.monotonic()
        try:
            status, _, _, secs = fetch(addr, tour, "127.0.0.3", timeout=left)
            what = f"{status} in {ms(secs)}"
        except socket.timeout:
            status, secs = None, time.monotonic() - start
            what = f"no answer after {secs:.1f} s, when the storm's time bound came"
        except OSError as e:
            status, secs = None, time.monotonic() - start
            what = f"failed ({e}) after {ms(secs)}"
        latencies.append((status, secs))
        note(f"127.0.0.3 tour 100x100: {what}")
        time.sleep(0.5)
    stop.set()
    note(f"127.0.0.2's heavy answers meanwhile by status: {counts}")
    worst = max((s for _, s in latencies), default=None)
    ok = bool(latencies) and all(st == 200 and s <= 3.0 for st, s in latencies)
    figure(storm, "other client's 100x100 tour, slowest", ms(worst), "<= 3000 ms, 200", ok)


# (h) ------------------------------------------------------------------------


def flood(args):
    """Floods of 400s and of 503s (heavy queue overflow); the log lines per
    second knightd writes at WARN and ERROR meanwhile."""
    storm = "h log flood"
    addr = args.addr
    log = open(args.log, "rb")
    log.seek(0, os.SEEK_END)
    stop = threading.Event()
    statuses = {}
    bad = get_request(addr, "/distance?from=zz&to=a1", close=False)
    heavy = post_request(addr, "/longest-path", longest_body(500), close=False)

    def hammer(request, source):
        conn = KeepAlive(addr, source, timeout=10)
        while not stop.is_set():
            try:
                status = conn.ask(request)
            except OSError:
                status = "error"
                stop.wait(0.05)
            statuses[status] = statuses.get(status, 0) + 1
        conn.close()

    threads = [threading.Thread(target=hammer, args=(bad, "127.0.0.5"), daemon=True) for _ in range(4)]
    threads += [
        threading.Thread(target=hammer, args=(heavy, f"127.0.8.{i % 8 + 1}"), daemon=True)
        for i in range(args.clients)
    ]
    for t in threads:
        t.start()
    per_second = []
    levels = {}
    start = time.monotonic()
    buf = b""
    while time.monotonic() - start < args.seconds:
        time.sleep(1.0)
        buf += log.read()
        lines = buf.split(b"\n")
        buf = lines.pop()
        loud = 0
        for line in lines:
            level = "?"
            for name in (b"ERROR", b"WARN", b"INFO", b"DEBUG", b"TRACE"):
                if b'"level":"' + name + b'"' in line or b" " + name + b" " in line:
                    level = name.decode()
                    break
            levels[level] = levels.get(level, 0) + 1
            if level in ("ERROR", "WARN"):
                loud += 1
        per_second.append(loud)
    stop.set()
    elapsed = time.monotonic() - start
    for t in threads:
        t.join(5)
    total = sum(v for k, v in statuses.items())
    note(f"answers by status: {statuses} ({total / elapsed:.0f}/s)")
    note(f"log lines by level: {levels}; ERROR+WARN per second: {per_second}")
    figure(storm, "ERROR log lines", levels.get("ERROR", 0), "0 (client-caused)", levels.get("ERROR", 0) == 0)
    worst = max(per_second) if per_second else 0
    figure(storm, "ERROR+WARN lines in the worst second", worst, "<= 5", worst <= 5)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("storm")
    parser.add_argument("--addr", type=parse_addr, required=True)
    parser.add_argument("--pid", type=int, default=0)
    parser.add_argument("--bound", type=float, default=30, help="hard time limit, seconds")
    parser.add_argument("--seconds", type=float, default=10, help="storm duration")
    parser.add_argument("--clients", type=int, default=0)
    parser.add_argument("--ramp-ms", type=float, default=10)
    parser.add_argument("--senders", type=int, default=10)
    parser.add_argument("--probes", type=int, default=3)
    parser.add_argument("--write-timeout-ms", type=int, default=10_000)
    parser.add_argument("--body-timeout-ms", type=int, default=10_000)
    parser.add_argument("--streams", type=int, default=128, help="HTTP/2 streams a connection")
    parser.add_argument("--after", type=float, default=60, help="seconds to wait for memory after")
    parser.add_argument("--admin", type=parse_addr, help="the admin listener, for the probes of r and s")
    parser.add_argument("--ready")
    parser.add_argument("--log")
    args = parser.parse_args()
    import connstorms
    import h2storms
    import memstorms

    storms = {
        "nonreaders": (nonreaders, 120),
        "compressed": (compressed, 6),
        "uploads": (uploads, 100),
        "slowloris": (slowloris, 4000),
        "stalled-reader": (stalled_reader, 1),
        "huge-length": (huge_length, 1),
        "fairness": (fairness, 20),
        "flood": (flood, 48),
        "h2-stalled": (h2storms.h2_stalled, 300),
        "h2-heavy": (h2storms.h2_heavy, 10),
        "h2-floods": (h2storms.h2_floods, 4),
        "cache-shapes": (h2storms.cache_shapes, 2000),
        **memstorms.STORMS,
        **connstorms.STORMS,
    }
    if args.storm not in storms:
        parser.error(f"unknown storm {args.storm!r}; one of {', '.join(storms)}")
    run, clients = storms[args.storm]
    if not args.clients:
        args.clients = clients
    run(args)
    sys.stdout.flush()
    # Threads left waiting on a socket must not keep the process alive.
    os._exit(0)


if __name__ == "__main__":
    main()
