#!/usr/bin/env bash
# Instructions per request, knightd against the bare axum server
# (examples/bare_stack.rs), counted by callgrind: unlike req/s, the count
# hardly moves with the machine's load, so it can compare two builds taken
# on a shared machine. For GET /healthz and POST /distance {"src":19,"dest":36}:
# each server runs under callgrind, wrk warms it up, the counts are zeroed,
# wrk drives it for CALLGRIND_SECONDS (default 15; -t1 -c32), the counts are
# dumped, and the instructions counted are divided by the requests wrk saw
# answered (the few in flight at either end are within 0.2 %).
#   benches/callgrind.sh                      builds both first as the image
#                                             does (`production`: fat LTO;
#                                             `--features jemalloc`)
#   KNIGHTD_BIN=path benches/callgrind.sh     counts another knightd build
# Needs valgrind (callgrind_control, callgrind_annotate) and wrk. Add
# CARGO_PROFILE_RELEASE_DEBUG=line-tables-only to the build for profiles that
# name source lines (callgrind_annotate --inclusive=yes FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in valgrind callgrind_control callgrind_annotate wrk; do
  command -v "$tool" > /dev/null || { echo "callgrind.sh needs $tool" >&2; exit 1; }
done
seconds=${CALLGRIND_SECONDS:-15}
# Where cargo builds (CARGO_TARGET_DIR, as cargo reads it), else target/;
# in the image's profile, `production` (fat LTO), with the image's features
# (the same for the bare server, so that one build serves both: jemalloc is
# knightd's binary's allocator only, never the examples').
built=${CARGO_TARGET_DIR:-target}/production
knightd=${KNIGHTD_BIN:-$built/knightd}
bare=$built/examples/bare_stack
if [ -z "${KNIGHTD_BIN:-}" ]; then
  cargo build --profile production --features jemalloc --locked --bin knightd --example bare_stack
elif [ ! -x "$bare" ]; then
  cargo build --profile production --features jemalloc --locked --example bare_stack
fi
tmp=$(mktemp -d)
vpid=""
cleanup() {
  if [ -n "$vpid" ]; then
    kill "$vpid" 2> /dev/null || true
    wait "$vpid" 2> /dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
cat > "$tmp/distance.lua" << 'LUA'
wrk.method = "POST"
wrk.body = '{"src":19,"dest":36}'
wrk.headers["Content-Type"] = "application/json"
LUA

# count NAME KIND(knightd|bare) PATH(healthz|distance): prints Ir per request.
count() {
  local name=$1 kind=$2 what=$3 out="$tmp/$1.$3" log="$tmp/$1.$3.log" addr="" script=()
  if [ "$kind" = knightd ]; then
    env KNIGHTD_BIND=127.0.0.1:0 KNIGHTD_LOG_FORMAT=json \
      valgrind --tool=callgrind --callgrind-out-file="$out.%p" "$knightd" > "$log" 2>&1 &
  else
    valgrind --tool=callgrind --callgrind-out-file="$out.%p" "$bare" --bind 127.0.0.1:0 > "$log" 2>&1 &
  fi
  vpid=$!
  for _ in $(seq 1 300); do
    if [ "$kind" = knightd ]; then
      addr=$(sed -n 's/.*"address":"\([0-9.:]*\)".*/\1/p' "$log" 2> /dev/null | head -n 1 || true)
    else
      # (The log may not be there yet.)
      addr=$(grep -Eo '^127\.0\.0\.1:[0-9]+' "$log" 2> /dev/null | head -n 1 || true)
    fi
    [ -n "$addr" ] && break
    sleep 0.2
  done
  [ -n "$addr" ] || { cat "$log"; echo "$name never said where it listens" >&2; exit 1; }
  [ "$what" = distance ] && script=(-s "$tmp/distance.lua")
  local url="http://$addr/$what"
  # Wait until it answers (knightd's /readyz comes after its table is built).
  for _ in $(seq 1 300); do
    curl -fs -o /dev/null "http://$addr/healthz" && break
    sleep 0.2
  done
  wrk -t1 -c32 -d3s "${script[@]}" "$url" > /dev/null
  callgrind_control -z "$vpid" > /dev/null 2>&1
  wrk -t1 -c32 -d"${seconds}s" "${script[@]}" "$url" > "$out.wrk"
  callgrind_control -d "$vpid" > /dev/null 2>&1
  kill "$vpid"
  wait "$vpid" 2> /dev/null || true
  vpid=""
  local requests ir
  requests=$(awk '/requests in/ {print $1}' "$out.wrk")
  ir=$(callgrind_annotate "$(ls "$out".[0-9]*.1 | head -n 1)" 2> /dev/null |
    awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
  printf '%-8s %-15s %9d instructions per request (%d requests)\n' "$name" \
    "$([ "$what" = distance ] && echo "POST /distance" || echo "GET /healthz")" \
    "$(awk -v a="$ir" -v b="$requests" 'BEGIN {printf "%.0f", a / b}')" "$requests"
}

echo "== callgrind, wrk -t1 -c32 -d${seconds}s after a 3 s warm-up: $knightd against $bare"
for what in healthz distance; do
  count knightd knightd "$what"
  count bare bare "$what"
done
