#!/usr/bin/env bash
# Hostile traffic against the release binary, on loopback only: every storm
# below runs against a fresh knightd, is bounded in time, and prints its
# figures against the goals; a table of them all comes at the end.
#   a. 120 clients ask for 1000x1000 tours and never read: peak RSS, share
#      cut off within the write timeout, /healthz p99 meanwhile;
#   b. 6 clients loop on compressed 1000x1000 tours (gzip, and zstd or br
#      when offered): compressed/plain time, /healthz p99 and max;
#   c. 100 uploads stall 20 bytes short of a 4 MiB body: peak RSS, each
#      answered or closed within the body timeout;
#   d. 4,000 slowloris connections from 8 addresses: /healthz p99 (on the
#      admin port), a fresh client on the main port, RSS growth;
#   e. SIGTERM while a client stalls on a large answer: exit code, time;
#   f. Content-Length: 99999999999 with a 1-byte body: status, time;
#   g. 127.0.0.2 keeps 20 /longest-path requests of 2 s in flight while
#      127.0.0.3 asks a 100x100 tour: its latency;
#   h. floods of 400s and 503s: ERROR/WARN log lines per second;
#   i. HTTP/2: 300 connections x 128 streams (--short 20 x 128) of big tours
#      with a flow-control window of 0: peak RSS, every stalled stream reset
#      or its connection closed within the write timeout + 5 s, /healthz p99,
#      and RSS 60 s (--short 15 s) after the storm against the warm baseline;
#   j. HTTP/2: 10 connections x 128 streams of /longest-path searches:
#      every one answered, /healthz p99;
#   k. HTTP/2 floods: SETTINGS, PING, CONTINUATION, rapid reset: RSS growth,
#      the last two cut off, /healthz p99, memory after;
#   l. tours of 2,000 distinct board shapes 500x500..1000x1000 in turn
#      (--short 60): peak RSS against the cache's budget + 128 MiB;
#   m. /shortest-paths pages of 300 and 1,000 paths of 50,000 moves on the
#      10^9 board, and the largest that fits; and the count of the paths
#      35,419 moves along a board 8 high (1.6 GB of numbers, counted whole);
#   n. 14 clients posting 4 MiB /tour/finish bodies ("played":[0,0,...]),
#      2 more with long legal prefixes;
#   o. 32 clients asking 4096-px PNGs of 256x256 windows of the 10^9 board,
#      30% HEAD;
#   p. HTTP/2 paced rapid reset: a large answer's stream reset ~3 ms after
#      it opens, again and again, 2 connections;
#   q. 8 clients start 10 s /longest-path searches and leave at once
#      (HTTP/1.1 close, HTTP/2 stream reset or connection close), again and
#      again, while another client asks a 0.2 s search each second: each
#      answered within 2 s (or refused at once, 503), and every job ended
#      within 1 s of the clients' leaving (abandoned jobs free their workers);
#   m-q each: peak RSS < 512 MiB, /healthz p99 <= 50 ms, no 5xx but 503
#      with Retry-After, RSS 60 s (--short 10 s) after <= warm baseline +
#      64 MiB (scripts/hostile/memstorms.py).
#   r. 2,000 connections (--short 400) from many addresses send a request
#      line, Host and ~4 KB headers and never the blank line (a share over
#      HTTP/2: CONTINUATION frames that never end the block): peak RSS
#      < 256 MiB (the head budget at its default);
#   s. 12,000 keep-alive connections (--short 1,500 against
#      --max-connections 1,000) each ask /healthz every few seconds;
#   r-s each: the probes on the admin port p99 <= 50 ms, a fresh client on
#      the main port answered 200 within 1 s, no 5xx, RSS after <= warm
#      baseline + 64 MiB, with held-out sizes drawn from a fresh seed
#      (HOSTILE_SEED repeats a run; scripts/hostile/connstorms.py).
#      Each waits first for the kernel's connection tracking (netfilter,
#      where the machine has it) to be at most a quarter full and reports
#      its peak: a full table drops every listener's new connections,
#      which would read as the server's failure (docs/operations.md).
# Every storm runs with the manifest's settings (deploy/kubernetes.yaml:
# KNIGHTD_HEAVY_WORKERS=2; its 512 MiB is the memory goal).
# The helpers are Python 3 (scripts/hostile/): the standard library, and
# Python's `h2` for the HTTP/2 storms, installed pinned into
# target/hostile-python when it is missing.
#
#   scripts/hostile.sh           the full storms (a few minutes); exits 0
#                                once it has printed the table
#   scripts/hostile.sh --short   reduced storms for CI (under 2 minutes
#                                after the build); exits 1 if a goal fails
#
# The server's connection limits are passed as environment variables, so a
# knightd that lacks a flag still starts (and fails that goal honestly):
#   HOSTILE_WRITE_TIMEOUT_MS    -> KNIGHTD_WRITE_TIMEOUT_MS    (10000; --short 3000)
#   HOSTILE_BODY_TIMEOUT_MS     -> KNIGHTD_BODY_TIMEOUT_MS     (10000; --short 3000)
#   HOSTILE_SHUTDOWN_TIMEOUT_MS -> KNIGHTD_SHUTDOWN_TIMEOUT_MS (20000; --short 5000)
#   HOSTILE_MAX_CONNECTIONS     -> KNIGHTD_MAX_CONNECTIONS     (unset: the server's default)
#   HOSTILE_SERVER_ENV="KNIGHTD_X=1 KNIGHTD_Y=2"  anything else, as given
#   HOSTILE_ONLY="a c"          run only these storms
#   HOSTILE_NO_BUILD=1          use target/release/knightd (or the image) as it is
#   KNIGHTD_IMAGE=knightd:ci    storm that image, each server a container run
#                               as deploy/kubernetes.yaml runs it (podman;
#                               scripts/knightd-release.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
# No __pycache__ left in the tree.
export PYTHONDONTWRITEBYTECODE=1

short=0
case "${1:-}" in
  --short) short=1 ;;
  "") ;;
  *) echo "usage: scripts/hostile.sh [--short]" >&2; exit 2 ;;
esac
command -v python3 > /dev/null || { echo "hostile.sh needs python3" >&2; exit 1; }
command -v curl > /dev/null || { echo "hostile.sh needs curl" >&2; exit 1; }

if [ "$short" = 1 ]; then
  write_ms=${HOSTILE_WRITE_TIMEOUT_MS:-3000}
  body_ms=${HOSTILE_BODY_TIMEOUT_MS:-3000}
  shutdown_ms=${HOSTILE_SHUTDOWN_TIMEOUT_MS:-5000}
else
  write_ms=${HOSTILE_WRITE_TIMEOUT_MS:-10000}
  body_ms=${HOSTILE_BODY_TIMEOUT_MS:-10000}
  shutdown_ms=${HOSTILE_SHUTDOWN_TIMEOUT_MS:-20000}
fi
# No shutdown delay (a deployment's is for its load balancer): storm e
# times the shutdown timeout alone.
server_env=(
  "KNIGHTD_HEAVY_WORKERS=2"
  "KNIGHTD_WRITE_TIMEOUT_MS=$write_ms"
  "KNIGHTD_BODY_TIMEOUT_MS=$body_ms"
  "KNIGHTD_SHUTDOWN_TIMEOUT_MS=$shutdown_ms"
  "KNIGHTD_SHUTDOWN_DELAY_MS=0"
)
if [ -n "${HOSTILE_MAX_CONNECTIONS:-}" ]; then
  server_env+=("KNIGHTD_MAX_CONNECTIONS=$HOSTILE_MAX_CONNECTIONS")
fi
# shellcheck disable=SC2206 # word splitting of K=V pairs is the point
server_env+=(${HOSTILE_SERVER_ENV:-})
only=${HOSTILE_ONLY:-a b c d e f g h i j k l m n o p q r s}

# Python's h2 (and what it needs), pinned, for the HTTP/2 storms.
if ! python3 -c 'import h2' 2> /dev/null; then
  pylib=target/hostile-python
  if ! PYTHONPATH=$pylib python3 -c 'import h2' 2> /dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$pylib" \
      h2==4.3.0 hpack==4.2.0 hyperframe==6.1.0
  fi
  export PYTHONPATH="$PWD/$pylib${PYTHONPATH:+:$PYTHONPATH}"
fi

. scripts/knightd-release.sh
[ "${HOSTILE_NO_BUILD:-0}" = 1 ] || build_knightd

tmp=$(mktemp -d)
results="$tmp/figures.tsv"
: > "$results"
pid=""
helper=""

# Stops the server for good: SIGTERM, then SIGKILL if it has not gone in 3 s
# (today's knightd waits for stalled clients forever).
stop_hard() {
  if [ -n "$pid" ] && kill -0 "$pid" 2> /dev/null; then
    kill -TERM "$pid" 2> /dev/null || true
    for _ in $(seq 1 30); do
      kill -0 "$pid" 2> /dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2> /dev/null || true
  fi
  if [ -n "$pid" ]; then wait "$pid" 2> /dev/null || true; fi
  pid=""
  forget_knightd
}

cleanup() {
  if [ -n "$helper" ]; then
    kill -KILL "$helper" 2> /dev/null || true
    wait "$helper" 2> /dev/null || true
  fi
  stop_hard
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

figure() { printf 'FIGURE\t%s\t%s\t%s\t%s\t%s\n' "$@" | show; }

# Passes notes through and turns FIGURE lines into readable ones, keeping
# them for the table.
show() {
  while IFS= read -r line; do
    case "$line" in
      FIGURE*)
        printf '%s\n' "$line" >> "$results"
        printf '%s\n' "$line" | awk -F'\t' '{printf "  -> %s: %s (goal %s) %s\n", $3, $4, $5, $6}'
        ;;
      *) printf '%s\n' "$line" ;;
    esac
  done
}

wanted() { case " $only " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# run_storm LETTER NAME BOUND [storms.py options…]: a fresh knightd (with
# the storm's own settings in $storm_env besides), the storm within BOUND
# seconds (its helper is killed 20 s past that), the server stopped.
storm_env=()
run_storm() {
  local letter=$1 name=$2 bound=$3
  shift 3
  wanted "$letter" || return 0
  echo "== $letter. $name (bounded at ${bound} s)${storm_env[*]:+ with ${storm_env[*]}}"
  start_knightd "${server_env[@]}" "${storm_env[@]}"
  local rc=0 admin=()
  [ -n "${admin_addr:-}" ] && admin=(--admin "$admin_addr")
  timeout -k 5 $((bound + 20)) python3 scripts/hostile/storms.py "$name" \
    --addr "$addr" --pid "$server_pid" --bound "$bound" --log "$knightd_log" "${admin[@]}" "$@" 2>&1 | show || rc=$?
  if [ "$rc" != 0 ]; then
    figure "$letter $name" "storm finished" "exit $rc" "exit 0" FAIL
  fi
  if ! kill -0 "$pid" 2> /dev/null; then
    figure "$letter $name" "knightd still running after the storm" "no (crashed)" "yes" FAIL
  fi
  stop_hard
}

# The shutdown storm needs the server's exit code, which only this shell
# (its parent) can see.
shutdown_storm() {
  wanted e || return 0
  local limit
  # The goal is the shutdown timeout; the storm gives up at Kubernetes'
  # 30 s grace (or the shutdown timeout and 5 s in --short).
  if [ "$short" = 1 ]; then limit=$((shutdown_ms / 1000 + 5)); else limit=30; fi
  echo "== e. SIGTERM with a stalled reader (bounded at ${limit} s after SIGTERM)"
  start_knightd "${server_env[@]}"
  python3 scripts/hostile/storms.py stalled-reader --addr "$addr" --pid "$server_pid" \
    --ready "$tmp/ready" --bound $((limit + 20)) > "$tmp/stalled.out" 2>&1 &
  helper=$!
  for _ in $(seq 1 150); do
    [ -s "$tmp/ready" ] && break
    sleep 0.1
  done
  echo "  stalled reader's answer began: status $(cat "$tmp/ready" 2> /dev/null || echo none)"
  local t0 t1 code="" exited=0
  t0=$(date +%s.%N)
  kill -TERM "$pid"
  while :; do
    if ! kill -0 "$pid" 2> /dev/null; then exited=1; break; fi
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" -v l="$limit" 'BEGIN {exit !(b - a >= l)}' && break
    sleep 0.05
  done
  t1=$(date +%s.%N)
  local took
  took=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", b - a}')
  if [ "$exited" = 1 ]; then
    wait "$pid" && code=0 || code=$?
    pid=""
  else
    code="still running after ${took} s (SIGKILLed)"
  fi
  kill -TERM "$helper" 2> /dev/null || true
  wait "$helper" 2> /dev/null || true
  helper=""
  show < "$tmp/stalled.out"
  figure "e sigterm" "exit code" "$code" "0" "$([ "$code" = 0 ] && echo PASS || echo FAIL)"
  local in_time=FAIL
  if [ "$exited" = 1 ] && awk -v t="$took" -v l="$shutdown_ms" 'BEGIN {exit !(t * 1000 <= l + 1000)}'; then
    in_time=PASS
  fi
  figure "e sigterm" "time to exit after SIGTERM" "$([ "$exited" = 1 ] && echo "$took s" || echo "> $took s")" \
    "<= $((shutdown_ms / 1000)) s (shutdown timeout)" "$in_time"
  stop_hard
}

echo "== hostile traffic, $([ "$short" = 1 ] && echo short || echo full) form; $(nproc) cores, $(uname -sr)"
echo "== server environment: ${server_env[*]}"
start=$(date +%s)
if [ "$short" = 1 ]; then
  run_storm a nonreaders 25 --write-timeout-ms "$write_ms"
  run_storm b compressed 30 --seconds 4
  run_storm c uploads $((body_ms / 1000 + 10)) --body-timeout-ms "$body_ms"
  run_storm d slowloris 14 --seconds 5
  shutdown_storm
  run_storm f huge-length 3
  run_storm g fairness 12 --probes 2
  run_storm h flood 6 --seconds 4
  run_storm i h2-stalled $((write_ms / 1000 + 40)) --write-timeout-ms "$write_ms" --clients 20 --streams 128 --after 15
  run_storm j h2-heavy 40 --clients 4 --streams 64
  run_storm k h2-floods 40 --clients 2 --seconds 3 --after 15
  run_storm l cache-shapes 60 --clients 60
  run_storm m big-pages 60 --seconds 8 --after 10
  run_storm n finish-bodies 60 --seconds 8 --after 10
  run_storm o png-windows 60 --seconds 8 --after 10
  run_storm p h2-resets 40 --seconds 4 --after 10
  run_storm q abandoned-jobs 60 --seconds 8 --after 10
  run_storm r hoarded-heads 60 --clients 400 --seconds 6 --after 10
  storm_env=("KNIGHTD_MAX_CONNECTIONS=1000")
  run_storm s keepalive-slots 60 --clients 1500 --seconds 10 --after 10
  storm_env=()
else
  run_storm a nonreaders $((write_ms / 1000 + 65)) --write-timeout-ms "$write_ms"
  run_storm b compressed 60 --seconds 10
  run_storm c uploads $((body_ms / 1000 + 30)) --body-timeout-ms "$body_ms"
  run_storm d slowloris 35 --seconds 15
  shutdown_storm
  run_storm f huge-length 35
  run_storm g fairness 45 --probes 3
  run_storm h flood 12 --seconds 8
  run_storm i h2-stalled $((write_ms / 1000 + 150)) --write-timeout-ms "$write_ms" --clients 300 --streams 128 --after 60
  run_storm j h2-heavy 90 --clients 10 --streams 128
  run_storm k h2-floods 120 --clients 4 --seconds 8 --after 60
  run_storm l cache-shapes 400 --clients 2000
  run_storm m big-pages 150 --seconds 20 --after 60
  run_storm n finish-bodies 150 --seconds 20 --after 60
  run_storm o png-windows 150 --seconds 20 --after 60
  run_storm p h2-resets 100 --seconds 8 --after 60
  run_storm q abandoned-jobs 150 --seconds 20 --after 60
  run_storm r hoarded-heads 150 --clients 2000 --seconds 20 --after 60
  run_storm s keepalive-slots 150 --clients 12000 --seconds 30 --after 60
fi

echo
echo "== figures ($(($(date +%s) - start)) s; machine: $(nproc) cores, shared)"
awk -F'\t' '{printf "%-22s %-50s %-40s %-28s %s\n", $2, $3, $4, $5, $6}' "$results"
failed=$(awk -F'\t' '$6 == "FAIL"' "$results" | wc -l)
passed=$(awk -F'\t' '$6 == "PASS"' "$results" | wc -l)
echo "== $passed goals met, $failed failed"
# In --short (CI) a missed latency percentile is reported but does not fail
# the run: CI machines are shared and noisy, and timing goals belong to the
# full run on a quiet machine. Every other goal (memory, cut-offs, statuses,
# exit codes, log lines) gates.
gating=$(awk -F'\t' '$6 == "FAIL" && $3 !~ /^\/healthz (p99|max)$/' "$results" | wc -l)
if [ "$short" = 1 ] && [ "$gating" != 0 ]; then
  exit 1
fi
exit 0
