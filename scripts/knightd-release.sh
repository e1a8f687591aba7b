# Sourced by the scripts that drive the release binary: builds it from
# exactly the image's build context, and starts it on a free port.
#   build_knightd                with KNIGHTD_IMAGE set (CI), builds that
#                                image with podman and takes its binary
#                                (scripts/image.sh --build); otherwise runs
#                                the Dockerfile's own command on its build
#                                context without an engine
#                                (scripts/image-context.sh).
#   start_knightd [ENV=VALUE …]  sets $pid, $server_pid, $addr and
#                                $admin_addr (the probes' listener, on a
#                                port of the kernel's choice), waits
#                                for /readyz. With KNIGHTD_IMAGE set, the
#                                server is that image in a container run
#                                as deploy/kubernetes.yaml runs it (on the
#                                host's network, so that clients keep their
#                                own loopback addresses): $pid is the
#                                attached `podman run` (a signal to it
#                                reaches knightd; its exit code is
#                                knightd's), $server_pid knightd's own.
#   (The address comes from the info-level "knightd listening" log line:
#   a KNIGHTD_LOG filter must keep knightd=info.)
# The caller's EXIT trap should call stop_knightd (or forget_knightd once
# the server is gone).

if [ -n "${KNIGHTD_IMAGE:-}" ]; then
  . scripts/image-engine.sh
  image_engine_setup
fi

build_knightd() {
  if [ -n "${KNIGHTD_IMAGE:-}" ]; then
    scripts/image.sh --build
  else
    scripts/image-context.sh
  fi
}

start_knightd() {
  knightd_log=$(mktemp)
  # Port 0: the kernel picks a free port; the first log line says which.
  if [ -n "${KNIGHTD_IMAGE:-}" ]; then
    knightd_container=knightd-$$-$RANDOM
    local run_args
    mapfile -t run_args < <(python3 scripts/image-run-args.py KNIGHTD_BIND=127.0.0.1:0 KNIGHTD_ADMIN_BIND=127.0.0.1:0 KNIGHTD_LOG_FORMAT=json "$@")
    podman run --rm --name "$knightd_container" --network host "${run_args[@]}" \
      "$KNIGHTD_IMAGE" > "$knightd_log" 2>&1 &
  else
    env KNIGHTD_BIND=127.0.0.1:0 KNIGHTD_ADMIN_BIND=127.0.0.1:0 KNIGHTD_LOG_FORMAT=json "$@" target/release/knightd > "$knightd_log" 2>&1 &
  fi
  pid=$!
  server_pid=$pid
  addr=""
  for _ in $(seq 1 100); do
    addr=$(sed -n 's/.*"address":"\([0-9.:]*\)".*/\1/p' "$knightd_log" | head -n 1)
    [ -n "$addr" ] && break
    kill -0 "$pid" 2> /dev/null || { cat "$knightd_log"; echo "knightd exited at start" >&2; return 1; }
    sleep 0.1
  done
  [ -n "$addr" ] || { cat "$knightd_log"; echo "knightd never said where it listens" >&2; return 1; }
  # The admin listener's, logged just after (none from a knightd without it).
  admin_addr=""
  for _ in $(seq 1 20); do
    admin_addr=$(sed -n 's/.*"admin_address":"\([0-9.:]*\)".*/\1/p' "$knightd_log" | head -n 1)
    [ -n "$admin_addr" ] && break
    sleep 0.1
  done
  if [ -n "${KNIGHTD_IMAGE:-}" ]; then
    server_pid=$(podman inspect --format '{{.State.Pid}}' "$knightd_container")
  fi
  for _ in $(seq 1 100); do
    curl -fsS "http://$addr/readyz" > /dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "knightd at $addr never became ready" >&2
  return 1
}

stop_knightd() {
  kill "$pid" 2> /dev/null || true
  forget_knightd
}

# After the server is gone (or SIGKILLed): its container and log removed.
forget_knightd() {
  if [ -n "${knightd_container:-}" ]; then
    podman rm --force --time 0 "$knightd_container" > /dev/null 2>&1 || true
    knightd_container=""
  fi
  rm -f "${knightd_log:-}"
}
