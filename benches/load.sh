#!/usr/bin/env bash
# Load test of the image's build (the `production` profile, fat LTO) against a bare axum server
# (examples/bare_stack.rs: axum with nothing of knightd's), both started here
# and measured in the same run, interleaved, best of two rounds (loopback
# only; every loop is bounded in time and stops by itself):
#   1. GET /healthz and POST /distance throughput with wrk: knightd / bare;
#   2. 1000x1000 tours end to end with curl (index and algebraic notation):
#      knightd's time / the time bare takes to send as many bytes, and the
#      gzipped tour's time / the plain one's;
#   3. POST /distance/batch of 10,000 pairs: pairs per second, against the
#      bare server parsing the same body;
#   4. /healthz and /distance p99 latency while 1000x1000 tours are computed;
#   5. peak memory (VmHWM).
# Needs wrk (apt-get install wrk) and curl. LOAD_SECONDS (default 10) is the
# length of each wrk run; LOAD_CONNECTIONS (128) and LOAD_THREADS (1) its shape.
# LOAD_NO_BUILD=1 uses target/release/knightd as it is; LOAD_SERVER_ENV="K=V …"
# is knightd's extra environment (e.g. LD_PRELOAD=… to try an allocator).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk > /dev/null || { echo "load.sh needs wrk: apt-get install -y wrk" >&2; exit 1; }
seconds=${LOAD_SECONDS:-10}
connections=${LOAD_CONNECTIONS:-128}
# One wrk thread: the client takes one of the two cores, not both, so the
# server, not wrk, is what runs out.
threads=${LOAD_THREADS:-1}
# Curls per tour measurement; the median is kept.
curls=${LOAD_CURLS:-7}
. scripts/knightd-release.sh
[ "${LOAD_NO_BUILD:-0}" = 1 ] || build_knightd
# The bare server in the image's profile too (fat LTO), as knightd is,
# and with its features, as benches/callgrind.sh builds it (one build
# serves both; jemalloc is the knightd binary's allocator, not the
# example's).
cargo build --profile production --features jemalloc --locked --example bare_stack
tmp=$(mktemp -d)
bare_pid=""
cleanup() {
  stop_knightd
  if [ -n "$bare_pid" ]; then
    kill "$bare_pid" 2> /dev/null || true
    wait "$bare_pid" 2> /dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
# The default configuration, as the container runs it: info logs in JSON,
# no per-request access line (see --access-log).
# shellcheck disable=SC2086 # K=V pairs, split on purpose
start_knightd ${LOAD_SERVER_ENV:-}
base="http://$addr"
"${CARGO_TARGET_DIR:-target}"/production/examples/bare_stack --bind 127.0.0.1:0 > "$tmp/bare.out" 2>&1 &
bare_pid=$!
bare_addr=""
for _ in $(seq 1 100); do
  bare_addr=$(head -n 1 "$tmp/bare.out")
  [ -n "$bare_addr" ] && break
  kill -0 "$bare_pid" 2> /dev/null || { cat "$tmp/bare.out"; echo "bare_stack exited at start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$bare_addr" ] || { echo "bare_stack never said where it listens" >&2; exit 1; }
bare="http://$bare_addr"

cat > "$tmp/distance.lua" << 'LUA'
wrk.method = "POST"
wrk.body = '{"src":19,"dest":36}'
wrk.headers["Content-Type"] = "application/json"
LUA
# 10,000 pairs of squares of the 1000x1000 board, the same every run.
awk 'BEGIN {
  srand(12); printf "{\"width\":1000,\"height\":1000,\"pairs\":["
  for (i = 0; i < 10000; i++) printf "%s[%d,%d]", (i ? "," : ""), int(rand() * 1000000), int(rand() * 1000000)
  printf "]}"
}' > "$tmp/batch.json"
cat > "$tmp/batch.lua" << LUA
wrk.method = "POST"
local f = assert(io.open("$tmp/batch.json", "rb"))
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
LUA

rps() { awk '/^Requests\/sec:/ {print $2}' "$1"; }
max() { awk -v a="$1" -v b="$2" 'BEGIN {print (b > a ? b : a)}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "n/a"}'; }
# verdict VALUE OP GOAL: "met" or "NOT met".
verdict() { awk -v v="$1" -v g="$3" -v op="$2" 'BEGIN {ok = (op == ">=" ? v >= g : v <= g); print (v != "n/a" && ok ? "met" : "NOT met")}'; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR ? v[int((NR + 1) / 2)] : 0)}'; }

echo "== machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== knightd $(git describe --always --dirty 2> /dev/null || echo '?') at $addr, bare axum at $bare_addr"
echo "same question, both answers:"
echo "  knightd: $(curl -s -X POST -H 'Content-Type: application/json' -d '{"src":19,"dest":36}' "$base/distance")"
echo "  bare:    $(curl -s -X POST -H 'Content-Type: application/json' -d '{"src":19,"dest":36}' "$bare/distance")"

echo "== 1. throughput: wrk -t$threads -c$connections -d${seconds}s, knightd and bare interleaved; best of two"
kh=0 bh=0 kd=0 bd=0
for round in 1 2; do
  wrk -t"$threads" -c"$connections" -d"${seconds}s" "$base/healthz" > "$tmp/kh.$round"
  wrk -t"$threads" -c"$connections" -d"${seconds}s" "$bare/healthz" > "$tmp/bh.$round"
  wrk -t"$threads" -c"$connections" -d"${seconds}s" -s "$tmp/distance.lua" "$base/distance" > "$tmp/kd.$round"
  wrk -t"$threads" -c"$connections" -d"${seconds}s" -s "$tmp/distance.lua" "$bare/distance" > "$tmp/bd.$round"
  kh=$(max "$kh" "$(rps "$tmp/kh.$round")")
  bh=$(max "$bh" "$(rps "$tmp/bh.$round")")
  kd=$(max "$kd" "$(rps "$tmp/kd.$round")")
  bd=$(max "$bd" "$(rps "$tmp/bd.$round")")
  echo "round $round: GET /healthz knightd $(rps "$tmp/kh.$round"), bare $(rps "$tmp/bh.$round"); POST /distance knightd $(rps "$tmp/kd.$round"), bare $(rps "$tmp/bd.$round") req/s"
done
r=$(ratio "$kh" "$bh")
echo "GET  /healthz   knightd $kh req/s, bare $bh req/s: ratio $r (goal >= 0.85: $(verdict "$r" ">=" 0.85))"
r=$(ratio "$kd" "$bd")
echo "POST /distance  knightd $kd req/s, bare $bd req/s: ratio $r (goal >= 0.90: $(verdict "$r" ">=" 0.90))"
echo "POST /distance / GET /healthz within knightd: $(ratio "$kd" "$kh")"

echo "== 2. a 1000x1000 tour end to end (curl, output discarded; median of $curls each, interleaved with bare sending as many bytes)"
for notation in index algebraic; do
  if [ "$notation" = index ]; then start=0; goal=3; else start=a1; goal=4; fi
  url="$base/tour?start=$start&width=1000&height=1000"
  read -r code bytes < <(curl -s -o /dev/null -w '%{http_code} %{size_download}\n' "$url")
  if [ "$code" != 200 ]; then
    echo "$notation: (skipped: /tour answered $code)"
    continue
  fi
  : > "$tmp/k.times"
  : > "$tmp/b.times"
  for _ in $(seq 1 "$curls"); do
    curl -s -o /dev/null -w '%{time_total}\n' "$url" >> "$tmp/k.times"
    curl -s -o /dev/null -w '%{time_total}\n' "$bare/bytes?n=$bytes" >> "$tmp/b.times"
  done
  kt=$(median < "$tmp/k.times")
  bt=$(median < "$tmp/b.times")
  r=$(ratio "$kt" "$bt")
  echo "$notation (start=$start, $(awk -v b="$bytes" 'BEGIN {printf "%.1f MB", b / 1e6}')): knightd $(awk -v t="$kt" 'BEGIN {printf "%.1f ms", t * 1000}'), bare $(awk -v t="$bt" 'BEGIN {printf "%.1f ms", t * 1000}'): ${r}x (goal <= ${goal}x: $(verdict "$r" "<=" "$goal"))"
  # The same tour gzipped (Accept-Encoding: gzip, body not decoded).
  : > "$tmp/g.times"
  for _ in $(seq 1 "$curls"); do
    curl -s -o /dev/null -H 'Accept-Encoding: gzip' -w '%{time_total} %{size_download}\n' "$url" >> "$tmp/g.times"
  done
  gt=$(awk '{print $1}' "$tmp/g.times" | median)
  gbytes=$(awk 'NR == 1 {print $2}' "$tmp/g.times")
  r=$(ratio "$gt" "$kt")
  echo "$notation gzipped ($(awk -v b="$gbytes" 'BEGIN {printf "%.2f MB", b / 1e6}')): knightd $(awk -v t="$gt" 'BEGIN {printf "%.1f ms", t * 1000}'): ${r}x the plain answer (goal <= 3x: $(verdict "$r" "<=" 3))"
done

echo "== 3. POST /distance/batch of 10,000 pairs ($(wc -c < "$tmp/batch.json") bytes), wrk -t1 -c4 -d${seconds}s, interleaved; best of two"
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data-binary @"$tmp/batch.json" "$base/distance/batch")
if [ "$status" = 200 ]; then
  kb=0 bb=0
  for round in 1 2; do
    wrk -t1 -c4 -d"${seconds}s" -s "$tmp/batch.lua" "$base/distance/batch" > "$tmp/kb.$round"
    wrk -t1 -c4 -d"${seconds}s" -s "$tmp/batch.lua" "$bare/parse" > "$tmp/bb.$round"
    kb=$(max "$kb" "$(rps "$tmp/kb.$round")")
    bb=$(max "$bb" "$(rps "$tmp/bb.$round")")
  done
  echo "knightd /distance/batch: $(awk -v r="$kb" 'BEGIN {printf "%.0f", r * 10000}') pairs/s ($kb req/s)"
  echo "bare parse of the body:  $(awk -v r="$bb" 'BEGIN {printf "%.0f", r * 10000}') pairs/s ($bb req/s)"
  echo "knightd / bare parse: $(ratio "$kb" "$bb")"
else
  echo "(skipped: /distance/batch answered $status)"
fi

echo "== 4. latency while 1000x1000 tours are computed"
tour_url="$base/tour?start=a1&width=1000&height=1000&closed=false"
if [ "$(curl -s -o /dev/null -w '%{http_code}' "$tour_url")" = 200 ]; then
  end=$(($(date +%s) + 2 * seconds + 3))
  loops=()
  for _ in 1 2; do
    (
      n=0
      while [ "$(date +%s)" -lt "$end" ]; do
        curl -s -m 30 -o /dev/null "$tour_url" || true
        n=$((n + 1))
      done
      echo "$n" > "$tmp/tours.$BASHPID"
    ) &
    loops+=($!)
  done
  sleep 1
  wrk -t1 -c8 -d"${seconds}s" --latency "$base/healthz" > "$tmp/busy-h.txt"
  wrk -t1 -c8 -d"${seconds}s" --latency -s "$tmp/distance.lua" "$base/distance" > "$tmp/busy-d.txt"
  for j in "${loops[@]}"; do wait "$j" 2> /dev/null || true; done
  tours=$(cat "$tmp"/tours.* 2> /dev/null | awk '{s += $1} END {print s + 0}')
  echo "tours computed meanwhile: $tours"
  for f in busy-h busy-d; do
    what=$([ "$f" = busy-h ] && echo "GET  /healthz " || echo "POST /distance")
    echo "$what under tour load: p50 $(awk '/ 50% / {print $2}' "$tmp/$f.txt"), p99 $(awk '/ 99% / {print $2}' "$tmp/$f.txt") (goal p99 < 20ms), $(rps "$tmp/$f.txt") req/s"
  done
else
  echo "(skipped: /tour on 1000x1000 did not answer 200)"
fi

echo "== 5. peak memory"
echo "knightd VmHWM: $(awk '/VmHWM/ {printf "%.1f MiB", $2/1024}' /proc/"$pid"/status)"
echo "bare    VmHWM: $(awk '/VmHWM/ {printf "%.1f MiB", $2/1024}' /proc/"$bare_pid"/status)"
