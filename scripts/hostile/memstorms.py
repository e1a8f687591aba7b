"""The memory storms of scripts/hostile.sh (issue: one replica holds its
memory limit under any traffic), each against a knightd run with the
manifest's settings (deploy/kubernetes.yaml: 2 heavy workers, 512 MiB):

    m  big-pages     /shortest-paths pages of 300 and 1,000 paths of 50,000
                     moves on the 10^9 board (221 MB and 739 MB built whole),
                     and pages that fit, read whole
    n  finish-bodies 14 clients posting 4 MiB /tour/finish bodies
                     ("played":[0,0,...]), 2 more with long legal prefixes
    o  png-windows   32 clients asking 4096-px PNGs of 256x256 windows of
                     the 10^9 board, 30% of them HEAD
    p  h2-resets     HTTP/2: a stream of a large answer opened and reset
                     about 3 ms later, again and again, on 2 connections

Each: peak RSS < 512 MiB, /healthz p99 <= 50 ms during, no 5xx but 503
with Retry-After (a refusal the client is told to retry), and RSS a while
after (--after) within the warm baseline + 64 MiB.
"""

import json
import socket
import struct
import threading
import time

from common import (
    MIB,
    Probe,
    connect,
    figure,
    get_request,
    healthz_figures,
    mib,
    note,
    post_request,
    proc_status_kib,
    reset_close,
)
from h2storms import PREFACE, frame, memory_after, request_block, settle_rss

LIMIT_MIB = 512
BIG = 1_000_000_000
# 50,001 moves apart on the 10^9 board.
FAR = 50_000_000_100_001


def answer(sock):
    """Reads one answer (Connection: close) to the end: its status, whether
    it carried Retry-After, and its length. The body is not kept."""
    buf = bytearray()
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            return "closed", False, 0
        buf += chunk
    head, _, rest = bytes(buf).partition(b"\r\n\r\n")
    status = int(head[9:12])
    retry = b"\r\nretry-after:" in head.lower()
    total = len(rest)
    scratch = bytearray(1 << 20)
    while True:
        n = sock.recv_into(scratch)
        if n == 0:
            return status, retry, total
        total += n


def ask(addr, request, source, timeout=60):
    """One request on its own connection, read to the end. A request with a
    body sends its head first and waits 50 ms for an early answer (a
    refusal at once, before the body is read: the server then closes, and
    a client still sending would see only a broken pipe)."""
    try:
        sock = connect(addr, source, timeout)
    except OSError:
        return "connect failed", False, 0
    try:
        head, sep, body = request.partition(b"\r\n\r\n")
        if body:
            sock.sendall(head + sep)
            sock.settimeout(0.05)
            try:
                early = sock.recv(65536, socket.MSG_PEEK)
            except socket.timeout:
                early = b""
            sock.settimeout(timeout)
            if not early:
                sock.sendall(body)
        else:
            sock.sendall(request)
        return answer(sock)
    except OSError as e:
        return f"error ({type(e).__name__})", False, 0
    finally:
        sock.close()


def loop_clients(count, seconds, make):
    """`count` threads, each asking `make(i, n)` (a request and its source
    address) again and again for `seconds`. Returns {status: count} and
    the 503s without Retry-After."""
    statuses, bare_503 = {}, [0]
    lock = threading.Lock()
    until = time.monotonic() + seconds

    def run(i):
        n = 0
        while time.monotonic() < until:
            request, source = make(i, n)
            status, retry, _ = ask(LOOP_ADDR[0], request, source)
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
                if status == 503 and not retry:
                    bare_503[0] += 1
            if status == 503:
                time.sleep(0.2)
            n += 1

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 90)
    return statuses, bare_503[0]


LOOP_ADDR = [None]


def run_storm(storm, args, warm, clients, make):
    """The storm's figures: warm baseline, the clients for args.seconds
    under the probe, then memory after."""
    addr = args.addr
    LOOP_ADDR[0] = addr
    for request in warm:
        ask(addr, request, "127.0.0.1")
    baseline = settle_rss(args.pid, 1.0)
    probe = Probe(addr, args.pid)
    statuses, bare_503 = loop_clients(clients, args.seconds, make)
    summary = probe.stop()
    note(f"answers by status: {statuses}; warm baseline {mib(baseline)}")
    peak = summary.get("rss_peak_kib")
    figure(storm, "peak RSS (VmRSS every 100 ms)", mib(peak), f"< {LIMIT_MIB} MiB", peak is not None and peak < LIMIT_MIB * 1024)
    healthz_figures(storm, summary, p99_goal_ms=50)
    bad = sum(v for k, v in statuses.items() if not isinstance(k, int) or (k >= 500 and k != 503)) + bare_503
    figure(storm, "5xx but 503 with Retry-After, or no answer", bad, "0", bad == 0)
    memory_after(storm, args, baseline)


def big_pages(args):
    """m: pages of 300 and 1,000 paths of 50,001 moves (refused before they
    are built, naming the largest limit), and the largest that fits, read
    whole, in turn."""
    addr = args.addr
    page = lambda limit: get_request(  # noqa: E731
        addr, f"/shortest-paths?from=0&to={FAR}&width={BIG}&height={BIG}&limit={limit}"
    )
    limits = [300, 1000, 19, 300]

    def make(i, n):
        return page(limits[(i + n) % len(limits)]), f"127.0.40.{i + 1}"

    run_storm("m big pages", args, [page(1)], args.clients, make)


def finish_bodies(args):
    """n: 14 clients post 4 MiB /tour/finish bodies of "played":[0,0,...]
    and 2 post long legal prefixes of a 1000x1000 tour."""
    addr = args.addr
    zeros = b'{"width":1000,"height":1000,"played":[' + b"0," * (2 * MIB - 40) + b"0]}"
    # A legal prefix: the first 300,000 squares of the board's tour.
    sock = connect(addr, "127.0.0.1", 60)
    sock.sendall(get_request(addr, "/tour?width=1000&height=1000&notation=index"))
    data = bytearray()
    while True:
        chunk = sock.recv(1 << 20)
        if not chunk:
            break
        data += chunk
    sock.close()
    head, _, body = bytes(data).partition(b"\r\n\r\n")
    status = int(head[9:12])
    tour = json.loads(body)["path"]
    prefix = json.dumps({"width": 1000, "height": 1000, "played": tour[:300_000]}).encode()
    note(f"bodies: {len(zeros) / MIB:.1f} MiB of zeros, a legal prefix of {len(prefix) / MIB:.1f} MiB (status {status})")
    zero_request = post_request(addr, "/tour/finish", zeros)
    prefix_request = post_request(addr, "/tour/finish", prefix)

    def make(i, n):
        request = prefix_request if i >= 14 else zero_request
        return request, f"127.0.41.{i + 1}"

    run_storm("n finish bodies", args, [], 16, make)


def png_windows(args):
    """o: 32 clients ask 4096-px PNGs of 256x256 windows of the 10^9 board
    (distance maps), 30% of them HEAD."""
    addr = args.addr

    def window(i, n):
        f0 = (i * 7919 + n * 104729) % (BIG - 300)
        r0 = (i * 15485863 + n * 32452843) % (BIG - 300)
        # Files by index, ranks by number; from the window's corner.
        return (
            f"/distance-map?width={BIG}&height={BIG}&from={r0 * BIG + f0}"
            f"&files={f0}..{f0 + 255}&ranks={r0 + 1}..{r0 + 256}&format=png&size=4096"
        )

    def make(i, n):
        target = window(i, n)
        request = get_request(addr, target)
        if (i * 31 + n) % 10 < 3:
            request = b"HEAD" + request[3:]
        return request, f"127.0.42.{i + 1}"

    run_storm("o png windows", args, [get_request(addr, window(0, 0))], args.clients, make)


def paced_reset_session(addr, source, until, path):
    """One HTTP/2 connection: a stream of `path` opened, reset about 3 ms
    later, again and again until `until` or the server ends the
    connection. Returns (resets sent, how it ended)."""
    sock = connect(addr, source, timeout=5)
    sock.sendall(PREFACE + frame(4, 0, 0))
    sock.settimeout(0.003)
    block = request_block(addr, path)
    resets, how, sid = 0, "still open at the end", 1
    began = time.monotonic()
    try:
        while time.monotonic() < until:
            try:
                sock.sendall(frame(1, 0x1 | 0x4, sid, block))
            except OSError:
                how = f"closed by the server after {time.monotonic() - began:.2f} s"
                break
            # About 3 ms for the server to take the stream and begin.
            t = time.monotonic() + 0.003
            closed = False
            while time.monotonic() < t:
                try:
                    data = sock.recv(1 << 20)
                    if not data:
                        closed = True
                        break
                    if b"\x07\x00\x00\x00\x00\x00" in data[:64] or data[3:4] == b"\x07":
                        how = f"GOAWAY after {time.monotonic() - began:.2f} s"
                except socket.timeout:
                    pass
                except OSError:
                    closed = True
                    break
            if closed:
                if not how.startswith("GOAWAY"):
                    how = f"closed by the server after {time.monotonic() - began:.2f} s"
                break
            try:
                sock.sendall(frame(3, 0, sid, struct.pack(">I", 8)))
            except OSError:
                how = f"closed by the server after {time.monotonic() - began:.2f} s"
                break
            resets += 1
            sid += 2
    finally:
        reset_close(sock)
    return resets, how


def h2_resets(args):
    """p: paced rapid reset of a large answer, 2 connections at a time for
    args.seconds, each reconnecting when cut off."""
    storm = "p h2 paced resets"
    addr = args.addr
    path = "/tour?start=a1&width=1000&height=1000"
    ask(addr, get_request(addr, path), "127.0.0.1")
    baseline = settle_rss(args.pid, 1.0)
    probe = Probe(addr, args.pid)
    sessions = []
    lock = threading.Lock()
    until = time.monotonic() + args.seconds

    def run(k):
        while time.monotonic() < until:
            try:
                r = paced_reset_session(addr, f"127.0.43.{k + 1}", until, path)
            except OSError as e:
                r = (0, f"connect failed ({e})")
                time.sleep(0.05)
            with lock:
                sessions.append(r)

    threads = [threading.Thread(target=run, args=(k,), daemon=True) for k in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(args.seconds + 10)
    summary = probe.stop()
    three = settle_rss(args.pid, 3.0)
    cut = [r for r, how in sessions if not how.startswith("still open")]
    note(f"{len(sessions)} connections; resets sent on each before it was cut off: {sorted(cut)[:5]}..{sorted(cut)[-5:] if cut else []}")
    note(f"how they ended: {sorted(set(how.split(' after')[0] for _, how in sessions))}")
    most = max(cut) if cut else None
    figure(storm, "resets a connection made before it was cut off (most)", most, "<= 100 + 10 a second", most is not None and most <= 100 + 10 * args.seconds)
    peak = summary.get("rss_peak_kib")
    figure(storm, "peak RSS (VmRSS every 100 ms)", mib(peak), f"< {LIMIT_MIB} MiB", peak is not None and peak < LIMIT_MIB * 1024)
    note(f"RSS 3 s after: {mib(three)} (warm baseline {mib(baseline)})")
    healthz_figures(storm, summary, p99_goal_ms=50)
    memory_after(storm, args, baseline)


STORMS = {
    "big-pages": (big_pages, 4),
    "finish-bodies": (finish_bodies, 16),
    "png-windows": (png_windows, 32),
    "h2-resets": (h2_resets, 2),
}
