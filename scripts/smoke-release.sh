#!/usr/bin/env bash
# Builds the release binary from exactly what the image's build stage gets,
# with its own command (scripts/image-context.sh), and shows it runs on its
# own: it becomes ready, answers, passes its own health check (the
# image's HEALTHCHECK), and exits 0 on SIGTERM.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/knightd-release.sh
build_knightd
trap stop_knightd EXIT
start_knightd
curl -fsS "http://$addr/readyz"; echo
answer=$(curl -fsS "http://$addr/path?from=g2&to=a8")
echo "$answer"
[ "$answer" = '{"from":"g2","to":"a8","width":8,"height":8,"moves":4,"cost":4,"path":["g2","e3","d5","c7","a8"]}' ]
KNIGHTD_BIND=$addr target/release/knightd --health-check
kill -TERM "$pid"
wait "$pid"
echo "smoke: release binary on $addr started, answered, passed --health-check and exited 0 on SIGTERM"
