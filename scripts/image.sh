#!/usr/bin/env bash
# The image, built and run for real with podman (Debian's packages), from
# the Dockerfile as committed:
#  1. its base images, or stand-ins under their names where no registry is
#     reachable (scripts/image-bases.sh, which says which);
#  2. `podman build` (buildah reads BuildKit's `RUN --mount` cache mounts,
#     kept between builds), timed; the image's size against 40 MB;
#  3. its /knightd copied to target/release/knightd: the binary every other
#     stage of CI runs, so the fat-LTO `production` build is done once;
#     (`--build` stops here)
#  4. smoke: the container run as deploy/kubernetes.yaml runs it
#     (scripts/image-run-args.py: user 65532, read-only root, no
#     capabilities, no-new-privileges, its memory and CPU limits and its
#     environment), started with `--bind 0.0.0.0:9090` against the
#     manifest's KNIGHTD_BIND and published on 127.0.0.1 only: /readyz, a
#     known answer, the image's own HEALTHCHECK healthy; on SIGTERM,
#     /readyz 503 for the shutdown delay while it still answers, then exit 0;
#  5. memory storm: the cache filled with large tours, then rounds of
#     concurrent 4096-px PNGs (each 64 MiB of pixels) beside more tours;
#     every answer 200, and it fails on an OOM kill as the kernel counts
#     it (`oom_kill` of the container's memory cgroup), not as the engine
#     reports it. Prints the cgroup's peak and the working set after.
#
#   scripts/image.sh [--build]      KNIGHTD_IMAGE names the tag (knightd:ci);
#                                   IMAGE_STORM_ENV="K=V ..." changes the
#                                   memory storm's server settings
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/image-engine.sh
image_engine_setup
image=${KNIGHTD_IMAGE:-knightd:ci}

scripts/image-bases.sh
echo "image: podman build -t $image . (Dockerfile as committed)"
start=$(date +%s)
# docker format: OCI images have no HEALTHCHECK. --pull=never: the bases
# are in the store (step 1). The build's RUN (cargo fetching crates)
# trusts the certificate authorities this machine trusts, mounted for the
# build alone: a machine behind a TLS-intercepting proxy (CI's) adds its
# own, which no base image has; nothing of it stays in the image.
bundle=${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}
podman build --quiet --format docker --pull=never \
  --volume "$bundle:/etc/ssl/certs/ca-certificates.crt:ro" -t "$image" . > /dev/null
built=$(($(date +%s) - start))
size=$(podman image inspect --format '{{.Size}}' "$image")
echo "image: $image built in ${built} s; $(awk -v b="$size" 'BEGIN {printf "%.1f MB", b / 1e6}') (goal <= 40 MB)"
if [ "$size" -gt 40000000 ]; then
  echo "image: $image is over 40 MB" >&2
  exit 1
fi
ctr=$(podman create "$image")
mkdir -p target/release
rm -f target/release/knightd
podman cp "$ctr:/knightd" target/release/knightd
podman rm "$ctr" > /dev/null
echo "image: target/release/knightd is the image's /knightd"
[ "${1:-}" = --build ] && exit 0

name=knightd-smoke-$$
cleanup() { podman rm --force --time 0 "$name" > /dev/null 2>&1 || true; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Starts the image as the manifest runs it, published on 127.0.0.1:$port,
# told its address by a flag; KEY=VALUE arguments override the manifest's
# environment.
start_container() {
  local run_args
  mapfile -t run_args < <(python3 scripts/image-run-args.py "$@")
  port=$(free_port)
  podman run --detach --name "$name" "${run_args[@]}" -p "127.0.0.1:$port:9090" \
    "$image" --bind 0.0.0.0:9090 > /dev/null
  base=http://127.0.0.1:$port
  for _ in $(seq 1 100); do
    curl -fsS "$base/readyz" > /dev/null 2>&1 && return 0
    sleep 0.1
  done
  podman logs "$name" >&2
  echo "image: the container never became ready at $base" >&2
  return 1
}

echo "== image smoke: $(python3 scripts/image-run-args.py | grep -v '^--env' | tr '\n' ' ')"
start_container
echo "image: ready at $base (published on 127.0.0.1 only)"
answer=$(curl -fsS "$base/path?from=g2&to=a8")
[ "$answer" = '{"from":"g2","to":"a8","width":8,"height":8,"moves":4,"cost":4,"path":["g2","e3","d5","c7","a8"]}' ] \
  || { echo "image: unexpected answer: $answer" >&2; exit 1; }
user=$(podman top "$name" user huser capeff | tail -n 1)
echo "image: running as (user, host user, effective capabilities): $user"
case "$user" in *65532*none* | *65532*0000000000000000*) ;; *) echo "image: not 65532 without capabilities" >&2; exit 1 ;; esac
# The image's HEALTHCHECK, run inside the container: the server was told
# its address by a flag, the check reads it from there.
podman healthcheck run "$name" && echo "image: HEALTHCHECK healthy (server started with --bind 0.0.0.0:9090)"
delay_ms=$(python3 scripts/image-run-args.py | sed -n 's/^--env=KNIGHTD_SHUTDOWN_DELAY_MS=//p')
sent=$(date +%s.%N)
podman kill --signal TERM "$name" > /dev/null
sleep 0.5
ready=$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")
served=$(curl -s -o /dev/null -w '%{http_code}' "$base/path?from=a1&to=h8")
echo "image: 0.5 s after SIGTERM: /readyz $ready, /path $served (shutdown delay ${delay_ms:-0} ms)"
[ "$ready" = 503 ] && [ "$served" = 200 ] || { echo "image: expected 503 and 200" >&2; exit 1; }
code=$(podman wait "$name")
took=$(awk -v a="$sent" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
echo "image: exit code $code, ${took} s after SIGTERM"
[ "$code" = 0 ] || { podman logs "$name" | tail -n 20 >&2; exit 1; }
podman rm "$name" > /dev/null

echo "== image memory storm: the cache filled, then 4096-px PNGs 8 at a time beside 1000x1000 tours"
# IMAGE_STORM_ENV="KNIGHTD_CACHE_BYTES=268435456": the storm against other
# settings than the manifest's.
# shellcheck disable=SC2086 # K=V pairs, split on purpose
start_container ${IMAGE_STORM_ENV:-}
pid=$(podman inspect --format '{{.State.Pid}}' "$name")
# The memory cgroup: cgroup v2 (one hierarchy) or v1's memory controller.
cgroup=""
while IFS=: read -r _ controllers path; do
  if [ "$controllers" = memory ] && [ -e "/sys/fs/cgroup/memory$path/memory.oom_control" ]; then
    cgroup=/sys/fs/cgroup/memory$path
  elif [ -z "$controllers" ] && [ -e "/sys/fs/cgroup$path/memory.events" ]; then
    cgroup=/sys/fs/cgroup$path
  fi
done < "/proc/$pid/cgroup"
[ -n "$cgroup" ] || { echo "image: no memory cgroup for the container" >&2; exit 1; }
oom_kills() { awk '$1 == "oom_kill" {print $2}' "$(cgroup_file memory.events memory.oom_control)"; }
# The first of these files the cgroup has (v2's, then v1's).
cgroup_file() {
  local f
  for f in "$@"; do
    [ -e "$cgroup/$f" ] && { echo "$cgroup/$f"; return 0; }
  done
  return 1
}
peak() { cat "$(cgroup_file memory.peak memory.max_usage_in_bytes)"; }
working_set() {
  if [ -e "$cgroup/memory.current" ]; then
    echo $(($(cat "$cgroup/memory.current") - $(awk '$1 == "inactive_file" {print $2}' "$cgroup/memory.stat")))
  else
    echo $(($(cat "$cgroup/memory.usage_in_bytes") - $(awk '$1 == "total_inactive_file" {print $2}' "$cgroup/memory.stat")))
  fi
}
mib() { awk -v b="$1" 'BEGIN {printf "%.0f MiB", b / 1048576}'; }
echo "image: memory cgroup $cgroup; limit $(mib "$(cat "$(cgroup_file memory.max memory.limit_in_bytes)")")"
codes=$(mktemp)
# The cgroup goes with its container: a sampler keeps the last readings
# (OOM kills, peak) every 0.1 s, so a kill that ends the container is
# still counted.
readings=$(mktemp)
echo "0 0" > "$readings"
(
  while [ -d "$cgroup" ]; do
    line="$(oom_kills) $(peak)"
    case "$line" in [0-9]*" "[0-9]*) echo "$line" > "$readings.new" && mv "$readings.new" "$readings" ;; esac
    sleep 0.1
  done
) 2> /dev/null &
sampler=$!
last_oom_kills() { awk '{print $1}' "$readings"; }
last_peak() { awk '{print $2}' "$readings"; }
for i in $(seq 0 7); do
  curl -s -o /dev/null -w '%{http_code}\n' "$base/tour?width=1000&height=$((1000 - i))" >> "$codes"
done
echo "image: cache filled: $(curl -fsS "$base/metrics" | grep -E '^knightd_cache_(bytes|budget_bytes) ' | tr '\n' ' ')"
echo "image: working set with the cache full: $(mib "$(working_set)")"
for round in 1 2 3; do
  jobs=()
  for i in $(seq 1 8); do
    side=$((100 + 10 * round + i))
    curl -s -o /dev/null -w '%{http_code}\n' --max-time 60 \
      "$base/tour?width=$side&height=$side&format=png&size=4096" >> "$codes" &
    jobs+=($!)
  done
  for i in 1 2; do
    curl -s -o /dev/null -w '%{http_code}\n' --max-time 60 \
      "$base/tour?width=1000&height=$((990 - 2 * round - i))" >> "$codes" &
    jobs+=($!)
  done
  wait "${jobs[@]}" || true
  sleep 0.2
  echo "image: round $round: peak $(mib "$(last_peak)"), OOM kills $(last_oom_kills)"
done
running=$(podman inspect --format '{{.State.Running}}' "$name")
if [ "$running" = true ]; then
  after=$(mib "$(working_set)")
else
  after="(gone)"
fi
sleep 0.2
kill "$sampler" 2> /dev/null || true
wait "$sampler" 2> /dev/null || true
answers=$(sort "$codes" | uniq -c | awk '{printf "%s x %s, ", $1, $2}')
echo "image: answers: ${answers%, }; container running: $running"
echo "image: memory storm: peak $(mib "$(last_peak)") of the cgroup, working set after $after, kernel OOM kills $(last_oom_kills)"
failed=0
[ "$(last_oom_kills)" = 0 ] || { echo "image: FAIL: the kernel OOM-killed in the container's cgroup" >&2; failed=1; }
[ "$running" = true ] || { echo "image: FAIL: the container stopped" >&2; failed=1; }
if grep -qv '^200$' "$codes"; then echo "image: FAIL: not every answer was 200" >&2; failed=1; fi
rm -f "$codes" "$readings"
[ "$failed" = 0 ] || { podman logs "$name" 2>&1 | tail -n 20 >&2; exit 1; }
echo "image: built, smoke-tested and stormed as the manifest runs it"
