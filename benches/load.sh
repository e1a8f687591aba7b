#!/usr/bin/env bash
# Load test of the release build, all in one run on this machine (loopback
# only; every loop is bounded in time and stops by itself):
#   1. /healthz and POST /distance throughput with wrk, and their ratio;
#   2. /distance p99 latency while 1000x1000 tours are being computed;
#   3. the server's peak memory (VmHWM).
# Needs wrk (apt-get install wrk) and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk > /dev/null || { echo "load.sh needs wrk: apt-get install -y wrk" >&2; exit 1; }
seconds=${LOAD_SECONDS:-10}
connections=${LOAD_CONNECTIONS:-128}
# One wrk thread: the client takes one of the two cores, not both, so the
# server, not wrk, is what runs out.
threads=${LOAD_THREADS:-1}
. scripts/knightd-release.sh
build_knightd
tmp=$(mktemp -d)
trap 'stop_knightd; rm -rf "$tmp"' EXIT
# The default configuration, as the container runs it: info logs in JSON,
# no per-request access line (see --access-log).
start_knightd
base="http://$addr"

cat > "$tmp/distance.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"src":19,"dest":36}'
wrk.headers["Content-Type"] = "application/json"
LUA

rps() { awk '/^Requests\/sec:/ {print $2}' "$1"; }

echo "== machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)"
echo "== 1. throughput: wrk -t$threads -c$connections -d${seconds}s, each endpoint twice, interleaved; best of two"
h=0; d=0
for round in 1 2; do
  wrk -t"$threads" -c"$connections" -d"${seconds}s" "$base/healthz" > "$tmp/healthz.$round.txt"
  wrk -t"$threads" -c"$connections" -d"${seconds}s" -s "$tmp/distance.lua" "$base/distance" > "$tmp/distance.$round.txt"
  h=$(awk -v a="$h" -v b="$(rps "$tmp/healthz.$round.txt")" 'BEGIN {print (b > a ? b : a)}')
  d=$(awk -v a="$d" -v b="$(rps "$tmp/distance.$round.txt")" 'BEGIN {print (b > a ? b : a)}')
  echo "round $round: GET /healthz $(rps "$tmp/healthz.$round.txt") req/s, POST /distance $(rps "$tmp/distance.$round.txt") req/s"
done
echo "GET  /healthz        $h req/s"
echo "POST /distance       $d req/s"
echo "ratio /distance / /healthz = $(awk -v d="$d" -v h="$h" 'BEGIN {printf "%.3f", d/h}') (goal >= 0.9)"
echo "== 2. /distance latency while 1000x1000 tours are computed"
tour_url="$base/tour?start=a1&width=1000&height=1000&closed=false"
if [ "$(curl -s -o /dev/null -w '%{http_code}' "$tour_url")" = 200 ]; then
  end=$(( $(date +%s) + seconds + 2 ))
  tours=0
  for _ in 1 2; do
    ( n=0; while [ "$(date +%s)" -lt "$end" ]; do curl -s -o /dev/null "$tour_url"; n=$((n+1)); done; echo "$n" > "$tmp/tours.$BASHPID" ) &
  done
  sleep 1
  wrk -t1 -c8 -d"${seconds}s" --latency -s "$tmp/distance.lua" "$base/distance" > "$tmp/busy.txt"
  wait_for=$(jobs -p | grep -v "^$pid$" || true)
  for j in $wait_for; do wait "$j" 2>/dev/null || true; done
  tours=$(cat "$tmp"/tours.* 2>/dev/null | awk '{s+=$1} END {print s+0}')
  p99=$(awk '/ 99% / {print $2}' "$tmp/busy.txt")
  p50=$(awk '/ 50% / {print $2}' "$tmp/busy.txt")
  echo "tours computed meanwhile: $tours"
  echo "POST /distance under tour load: p50 $p50, p99 $p99 (goal p99 < 20ms), $(rps "$tmp/busy.txt") req/s"
else
  echo "(skipped: /tour on 1000x1000 did not answer 200)"
fi

echo "== 3. peak memory"
echo "knightd VmHWM: $(awk '/VmHWM/ {printf "%.1f MiB", $2/1024}' /proc/$pid/status)"
