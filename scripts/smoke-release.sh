#!/usr/bin/env bash
# Builds the release binary exactly as the Dockerfile does and shows it runs
# on its own: it becomes ready, answers, passes its own health check (the
# image's HEALTHCHECK), and exits 0 on SIGTERM.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --bin knightd
bin=target/release/knightd
port=${SMOKE_PORT:-18080}
KNIGHTD_BIND=127.0.0.1:$port KNIGHTD_LOG_FORMAT=json "$bin" > /tmp/knightd-smoke.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$port/readyz" > /dev/null 2>&1; then break; fi
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/readyz"; echo
answer=$(curl -fsS "http://127.0.0.1:$port/path?from=g2&to=a8")
echo "$answer"
[ "$answer" = '{"from":"g2","to":"a8","width":8,"height":8,"moves":4,"cost":4,"path":["g2","e3","d5","c7","a8"]}' ]
KNIGHTD_BIND=0.0.0.0:$port "$bin" --health-check
kill -TERM $pid
wait $pid
echo "smoke: release binary started, answered, passed --health-check and exited 0 on SIGTERM"
