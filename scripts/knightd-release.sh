# Sourced by the scripts that drive the release binary: builds it from
# exactly the image's build context, with the Dockerfile's own command
# (scripts/image-context.sh), and starts it on a free port.
#   start_knightd [ENV=VALUE …]  sets $pid and $addr, waits for /readyz.
#   (The address comes from the info-level "knightd listening" log line:
#   a KNIGHTD_LOG filter must keep knightd=info.)
# The caller's EXIT trap should call stop_knightd.

build_knightd() {
  scripts/image-context.sh
}

start_knightd() {
  knightd_log=$(mktemp)
  # Port 0: the kernel picks a free port; the first log line says which.
  env KNIGHTD_BIND=127.0.0.1:0 KNIGHTD_LOG_FORMAT=json "$@" target/release/knightd > "$knightd_log" 2>&1 &
  pid=$!
  addr=""
  for _ in $(seq 1 100); do
    addr=$(sed -n 's/.*"address":"\([0-9.:]*\)".*/\1/p' "$knightd_log" | head -n 1)
    [ -n "$addr" ] && break
    kill -0 "$pid" 2> /dev/null || { cat "$knightd_log"; echo "knightd exited at start" >&2; return 1; }
    sleep 0.1
  done
  [ -n "$addr" ] || { cat "$knightd_log"; echo "knightd never said where it listens" >&2; return 1; }
  for _ in $(seq 1 100); do
    curl -fsS "http://$addr/readyz" > /dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "knightd at $addr never became ready" >&2
  return 1
}

stop_knightd() {
  kill "$pid" 2> /dev/null || true
  rm -f "$knightd_log"
}
