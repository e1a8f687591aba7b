#!/usr/bin/env python3
"""Time to the first NDJSON line of POST /longest-path on the challenge
board (a1 to af28, 1 s), over 7 requests, against a running knightd:

    target/release/knightd --bind 127.0.0.1:18725 &
    python3 benches/stream_first_line.py 127.0.0.1:18725
"""
import http.client
import json
import statistics
import sys
import time

host, port = sys.argv[1].split(":") if len(sys.argv) > 1 else ("127.0.0.1", "8080")
board = open("assets/page/boards/challenge-28x32.txt").read()
body = json.dumps({"board": board, "from": "a1", "to": "af28", "time_limit_ms": 1000})
firsts, lines = [], []
for _ in range(7):
    connection = http.client.HTTPConnection(host, int(port))
    began = time.perf_counter()
    connection.request("POST", "/longest-path", body,
                       {"content-type": "application/json", "accept": "application/x-ndjson"})
    response = connection.getresponse()
    first, text = None, b""
    while chunk := response.read1(65536):
        if first is None:
            first = time.perf_counter() - began
        text += chunk
    firsts.append(first * 1000)
    lines.append(len(text.decode().strip().split("\n")))
print("first line (ms):", [round(f, 1) for f in firsts],
      "median", round(statistics.median(firsts), 1), "lines", lines)
