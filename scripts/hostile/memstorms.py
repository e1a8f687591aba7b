"""The memory storms of scripts/hostile.sh (issue: one replica holds its
memory limit under any traffic), each against a knightd run with the
manifest's settings (deploy/kubernetes.yaml: 2 heavy workers, 512 MiB):

    m  big-pages     /shortest-paths pages of 300 and 1,000 paths of 50,000
                     moves on the 10^9 board (221 MB and 739 MB built whole),
                     and pages that fit, read whole; and the count of paths
                     35,419 moves along a board 8 high (1.6 GB counted whole)
    n  finish-bodies 14 clients posting 4 MiB /tour/finish bodies
                     ("played":[0,0,...]), 2 more with long legal prefixes
    o  png-windows   32 clients asking 4096-px PNGs of 256x256 windows of
                     the 10^9 board, 30% of them HEAD
    p  h2-resets     HTTP/2: a stream of a large answer opened and reset
                     about 3 ms later, again and again, on 2 connections
    q  abandoned-jobs  8 clients start 10 s /longest-path searches and
                     leave at once (HTTP/1.1: close; HTTP/2: reset the
                     stream, or close the connection), again and again,
                     while another client asks a 0.2 s search each second:
                     each answered within 2 s (or refused at once, 503),
                     and every job ended within 1 s of the clients' leaving

Each: peak RSS < 512 MiB, /healthz p99 <= 50 ms during, no 5xx but 503
with Retry-After (a refusal the client is told to retry), and RSS a while
after (--after) within the warm baseline + 64 MiB.
"""

import json
import socket
import struct
import threading
import time

import hpack

from common import (
    MIB,
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
    post_request,
    proc_status_kib,
    reset_close,
)
from h2storms import PREFACE, frame, get_text, memory_after, request_block, settle_rss

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
    # Two squares 35,419 moves apart on a board 8 high: half a million
    # squares on shortest paths, each with a number of up to thousands of
    # digits (1.6 GB when every number was kept; now refused, 422, within
    # --max-path-count-bytes of counting, holding a small part of it).
    count_bomb = get_request(addr, "/shortest-paths?width=67108865&from=784&to=71619&limit=1")
    pages = [page(300), page(1000), page(19), count_bomb, page(300)]

    def make(i, n):
        return pages[(i + n) % len(pages)], f"127.0.40.{i + 1}"

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


def rock_board():
    """64x64, a fifth of it rock and a tenth water, drawn from seed 3 (the
    board of tests/http/memory.rs), its first and last ranks plain: the longest
    path from corner to corner runs to its time limit."""
    x, ranks = 3, []
    for rank in range(64):
        cells = []
        for _ in range(64):
            x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
            r = (x >> 33) % 100
            cells.append("." if rank in (0, 63) or r >= 30 else "R" if r < 20 else "W")
        ranks.append(" ".join(cells))
    return "\n".join(ranks)


def search_body(time_limit_ms):
    body = {"board": rock_board(), "from": 0, "to": 4095, "time_limit_ms": time_limit_ms, "barrier_rule": "either"}
    return json.dumps(body).encode()


def early_status(sock, seconds):
    """The status of an answer that comes within `seconds` (a refusal at
    once), or None."""
    sock.settimeout(seconds)
    try:
        data = sock.recv(65536)
    except (socket.timeout, OSError):
        return None
    if data.startswith(b"HTTP/1.1 "):
        return int(data[9:12]), b"\r\nretry-after:" in data.lower()
    return None


def leave_http1(addr, source, request, stay):
    """Sends a search and closes the connection `stay` seconds later."""
    sock = connect(addr, source, timeout=5)
    try:
        sock.sendall(request)
        return early_status(sock, stay)
    finally:
        sock.close()


def leave_http2(addr, source, body, stay, streams):
    """One HTTP/2 connection: `streams` searches in turn, each stream
    reset `stay` seconds after it was sent; the last one is left by
    closing the connection instead. Returns how many it sent."""
    sock = connect(addr, source, timeout=5)
    block = hpack.Encoder().encode(
        [
            (":method", "POST"),
            (":scheme", "http"),
            (":authority", f"{addr[0]}:{addr[1]}"),
            (":path", "/longest-path"),
            ("content-type", "application/json"),
            ("content-length", str(len(body))),
        ]
    )
    sent = 0
    try:
        sock.sendall(PREFACE + frame(4, 0, 0))
        for k in range(streams):
            sid = 1 + 2 * k
            data = b"".join(frame(0, 0x1 if i + 16384 >= len(body) else 0, sid, body[i : i + 16384]) for i in range(0, len(body), 16384))
            sock.sendall(frame(1, 0x4, sid, block) + data)
            sent += 1
            time.sleep(stay)
            if k + 1 < streams:
                # RST_STREAM, CANCEL.
                sock.sendall(frame(3, 0, sid, struct.pack(">I", 8)))
    except OSError:
        pass
    finally:
        reset_close(sock)
    return sent


def metric(addr, name):
    """The value of an unlabelled line of /metrics, or None."""
    for line in get_text(addr, "/metrics").splitlines():
        if line.startswith(name + " "):
            return int(line.split()[1])
    return None


def abandoned_jobs(args):
    """q: clients start 10 s searches and leave at once, again and again;
    another client's 0.2 s search, asked each second, is answered within
    its goal: the abandoned jobs free their workers."""
    storm = "q abandoned jobs"
    addr = args.addr
    long_body = search_body(10_000)
    long_request = post_request(addr, "/longest-path", long_body)
    witness_request = post_request(addr, "/longest-path", search_body(200))
    fetch(addr, witness_request, "127.0.0.1", timeout=60)
    baseline = settle_rss(args.pid, 1.0)
    probe = Probe(addr, args.pid)
    lock = threading.Lock()
    statuses, left = {}, {"http1 close": 0, "http2 reset or close": 0}
    witness = []
    until = time.monotonic() + args.seconds

    def leaver(i):
        n = 0
        source = f"127.0.44.{i + 1}"
        while time.monotonic() < until:
            try:
                if (i + n) % 2 == 0:
                    early = leave_http1(addr, source, long_request, 0.03)
                    kind, sent = "http1 close", 1
                else:
                    early = None
                    sent = leave_http2(addr, source, long_body, 0.03, 4)
                    kind = "http2 reset or close"
            except OSError:
                time.sleep(0.05)
                continue
            with lock:
                left[kind] += sent
                if early:
                    status, retry = early
                    key = status if (status != 503 or retry) else "503 without Retry-After"
                    statuses[key] = statuses.get(key, 0) + 1
            n += 1

    def witness_loop():
        while time.monotonic() < until:
            began = time.monotonic()
            try:
                status, headers, _, took = fetch(addr, witness_request, "127.0.45.1", timeout=30)
            except OSError as e:
                status, took = f"error ({type(e).__name__})", time.monotonic() - began
            with lock:
                witness.append((status, took))
            time.sleep(max(0.0, 1.0 - (time.monotonic() - began)))

    leavers = [threading.Thread(target=leaver, args=(i,), daemon=True) for i in range(args.clients)]
    other = threading.Thread(target=witness_loop, daemon=True)
    for t in [*leavers, other]:
        t.start()
    for t in leavers:
        t.join(args.seconds + 40)
    # The searches just left must end now, not at their 10 s limit (the
    # other client's last search, if running, takes 0.2 s).
    left_at = time.monotonic()
    while (metric(addr, "knightd_heavy_jobs") or 0) > 0 and time.monotonic() - left_at < 15:
        time.sleep(0.02)
    freed = time.monotonic() - left_at
    other.join(40)
    summary = probe.stop()
    called_off = metric(addr, "knightd_heavy_jobs_called_off_total")
    note(f"searches left: {left}; early answers to them: {statuses}; jobs called off (/metrics): {called_off}; warm baseline {mib(baseline)}")
    answered = [t for s, t in witness if s == 200]
    refused = [t for s, t in witness if s == 503]
    note(
        f"the other client's searches: {len(witness)}: {len(answered)} answered (p50 {ms(percentile(answered, 50))}), "
        f"{len(refused)} refused with 503 (admission counts each running or waiting search at its 10 s limit; slowest refusal {ms(max(refused) if refused else None)})"
    )
    worst = max(answered) if answered else None
    figure(
        storm,
        "another client's 0.2 s search: answered, slowest",
        f"{len(answered)} of {len(witness)}, {ms(worst)}",
        "some, each within 2 s (the rest refused at once)",
        bool(answered) and worst <= 2.0 and len(answered) + len(refused) == len(witness),
    )
    figure(storm, "heavy jobs all ended after the clients left", ms(freed), "<= 1000 ms (their limit: 10 s)", freed <= 1.0)
    peak = summary.get("rss_peak_kib")
    figure(storm, "peak RSS (VmRSS every 100 ms)", mib(peak), f"< {LIMIT_MIB} MiB", peak is not None and peak < LIMIT_MIB * 1024)
    healthz_figures(storm, summary, p99_goal_ms=50)
    bad = sum(v for k, v in statuses.items() if not isinstance(k, int) or (k >= 500 and k != 503))
    bad += sum(1 for s, _ in witness if not isinstance(s, int) or (s >= 500 and s != 503))
    figure(storm, "5xx but 503 with Retry-After, or no answer", bad, "0", bad == 0)
    memory_after(storm, args, baseline)


STORMS = {
    "big-pages": (big_pages, 4),
    "finish-bodies": (finish_bodies, 16),
    "png-windows": (png_windows, 32),
    "h2-resets": (h2_resets, 2),
    "abandoned-jobs": (abandoned_jobs, 8),
}
