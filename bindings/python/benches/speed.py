"""The package's speed goals, measured (docs/python.md, "Speed").

    python bindings/python/benches/speed.py
    python bindings/python/benches/speed.py threads N [CALLS]   # CALLS (200) heavy calls on N threads

The second form prints one line a run: the calls, the wall time, the CPU
time of the whole process (every thread) and the calls per wall second,
for one thread against two run back to back on a quiet machine. It can
also be timed as a whole process against another (one thread against two,
by /usr/bin/time or any A-against-B timer), which holds up on a shared
machine where timings inside one process do not.

Prints, each the median of several timed repeats (time.perf_counter):
all 4,096 8×8 distances by a loop of calls and by one batch call; a
1000×1000 tour from the middle (the call, then its squares as a Python
list); and the throughput of heavy calls in one thread and in two. Figures,
not a test: it asserts nothing, and the machine's load moves them.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from typing import Callable

import knight_moves as km


def median_ms(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")
    indices = [(a, b) for a in range(64) for b in range(64)]
    names = [(km.square_name(a), km.square_name(b)) for a, b in indices]
    distance = km.distance

    def loop_ints() -> None:
        for a, b in indices:
            distance(a, b)

    def loop_names() -> None:
        for a, b in names:
            distance(a, b)

    print(f"4,096 distances, a loop of calls (indices): {median_ms(loop_ints, 50):.2f} ms")
    print(f"4,096 distances, a loop of calls (names):   {median_ms(loop_names, 50):.2f} ms")
    print(f"4,096 distances, one batch call (indices):  {median_ms(lambda: km.distances(indices), 50):.3f} ms")
    print(f"4,096 distances, one batch call (names):    {median_ms(lambda: km.distances(names), 50):.3f} ms")

    middle = 499 * 1000 + 500  # the library's benchmark's start, Square::new(500, 499)
    km.tour(middle, width=1000, height=1000)  # builds the board's tables once, as the benchmark's warm-up
    for closed in (False, True):
        kind = "closed" if closed else "open"
        ms = median_ms(lambda: km.tour(middle, width=1000, height=1000, closed=closed), 200)
        print(f"tour 1000×1000 {kind}, km.tour():            {ms * 1000:.1f} µs")
    t = km.tour(middle, width=1000, height=1000)
    print(f"  its squares as a list of ints, t.path:    {median_ms(lambda: t.path, 5):.1f} ms")
    t = km.tour("sf500", width=1000, height=1000)
    print(f"  as a list of names (start 'sf500'):      {median_ms(lambda: t.path, 5):.1f} ms")

    heavy = heavy_call

    calls = 12
    heavy()
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(calls):
        heavy()
    wall = time.perf_counter() - start
    one, one_cores = calls / wall, (time.process_time() - cpu) / wall

    def share() -> None:
        for _ in range(calls // 2):
            heavy()

    threads = [threading.Thread(target=share) for _ in range(2)]
    start, cpu = time.perf_counter(), time.process_time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - start
    two, two_cores = calls / wall, (time.process_time() - cpu) / wall
    print(
        f"heavy calls (Warnsdorff 300×300): one thread {one:.1f}/s on {one_cores:.2f} cores, "
        f"two threads {two:.1f}/s on {two_cores:.2f} cores: {two / one:.2f}×"
    )


def heavy_call() -> None:
    """A heavy call that keeps no table: Warnsdorff's rule on 300×300."""
    km.tour(0, width=300, height=300, method="warnsdorff")


def threads(n: int, calls: int = 200) -> None:
    """`calls` heavy calls shared by `n` threads (the first threads take
    one more each when `n` does not divide `calls`), after one call not
    counted; prints one line of what they took."""

    def share(count: int) -> None:
        for _ in range(count):
            heavy_call()

    heavy_call()
    workers = [threading.Thread(target=share, args=(calls // n + (i < calls % n),)) for i in range(n)]
    start, cpu = time.perf_counter(), time.process_time()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"threads {n}: {calls} calls (Warnsdorff 300×300) in {wall:.3f} s wall, {cpu:.3f} s CPU "
        f"({cpu / wall:.2f} cores), {calls / wall:.2f} calls per wall second; "
        f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    counts = sys.argv[2:]
    if len(sys.argv) == 1:
        main()
    elif sys.argv[1] == "threads" and len(counts) in (1, 2) and all(c.isdigit() and int(c) > 0 for c in counts):
        threads(*(int(c) for c in counts))
    else:
        sys.exit(__doc__)
