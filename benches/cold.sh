#!/usr/bin/env bash
# What a newcomer's first builds cost: a cold `cargo build --release`, then
# a cold `cargo test` (build and run), each from an empty target directory,
# niced, timed by /usr/bin/time (wall, and CPU as user + sys: the fairer
# measure on a shared machine). Prints one line per build, with the load
# average before and after it.
#   benches/cold.sh TARGET_DIR [CHECKOUT] [LABEL]
# TARGET_DIR is emptied before each build and removed at the end (it grows
# to a couple of GB); CHECKOUT (default: this one) is the tree built, so
# that another commit's tree can be timed side by side with this one:
#   git worktree add /tmp/before <commit>
#   benches/cold.sh /tmp/t-before /tmp/before before; benches/cold.sh /tmp/t-after
# COLD_TEST=0 times the release build alone. Extra cargo flags for both
# builds in COLD_CARGO_FLAGS (e.g. "--features jemalloc" for the image's
# allocator). Needs GNU time (/usr/bin/time).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: benches/cold.sh TARGET_DIR [CHECKOUT] [LABEL]" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "cold.sh needs GNU time: apt-get install time" >&2; exit 1; }
target=$1
checkout=${2:-$(cd "$(dirname "$0")/.." && pwd)}
label=${3:-$(git -C "$checkout" rev-parse --short HEAD)}
export CARGO_TARGET_DIR=$target
cd "$checkout"
# shellcheck disable=SC2206 # flags, split on purpose
flags=(${COLD_CARGO_FLAGS:-})
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# timed WHAT CARGO-ARGS…: one cold build, its figures on one line.
timed() {
  local what=$1 load
  shift
  rm -rf "$target"
  load=$(cut -d' ' -f1 /proc/loadavg)
  if ! /usr/bin/time -o "$log.time" -f "%e %U %S" nice -n 10 cargo "$@" "${flags[@]}" > "$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "$label: cargo $* failed" >&2
    exit 1
  fi
  read -r wall user sys < "$log.time"
  printf '%s: cold %-22s wall %6.1f s, CPU %6.1f s (user %.1f + sys %.1f), load %s -> %s, %s, target %s\n' \
    "$label" "$what" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}')" "$user" "$sys" "$load" \
    "$(cut -d' ' -f1 /proc/loadavg)" "$(date -u +%H:%M)" "$(du -sh "$target" | cut -f1)"
  rm -f "$log.time"
}

timed "cargo build --release" build --release
if [ "${COLD_TEST:-1}" = 1 ]; then
  timed "cargo test" test
  grep -E "^test result" "$log" | awk -v l="$label" \
    '{p += $4; f += $6; i += $8} END {printf "%s: cargo test: %d passed, %d failed, %d ignored\n", l, p, f, i}'
fi
rm -rf "$target"
