#!/usr/bin/env bash
# The board page in a real browser: Debian's chromium driven by playwright-core.
#
#   scripts/browser-tests.sh [path/to/knightd]     (default: target/debug/knightd)
#
# Installs what a fresh Debian machine lacks (chromium with apt, node and npm
# with apt, the test's npm packages with `npm ci`; no browser is downloaded
# by a tool), starts the given knightd on a free local port, runs
# tests/browser/page.test.mjs against it and stops it. Screenshots are left
# in target/browser-artifacts/ (or $ARTIFACTS) for a person to look at.
# `cargo test` needs none of this.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
knightd="${1:-$root/target/debug/knightd}"
artifacts="${ARTIFACTS:-$root/target/browser-artifacts}"
chromium="${CHROMIUM:-/usr/bin/chromium}"

if [[ ! -x "$knightd" ]]; then
    echo "no knightd binary at $knightd: build it with 'cargo build' or give its path" >&2
    exit 2
fi

sudo_if_needed() {
    if [[ "$(id -u)" -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

missing=()
[[ -x "$chromium" ]] || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
command -v curl >/dev/null || missing+=(curl)
if ((${#missing[@]})); then
    echo "installing with apt: ${missing[*]}"
    sudo_if_needed apt-get update -qq
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

(cd "$root/tests/browser" && npm ci --no-audit --no-fund --loglevel=error)

# A free port: ask the kernel for one, then hand it to knightd.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
    || node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
url="http://127.0.0.1:$port"
log="$(mktemp)"

"$knightd" --bind "127.0.0.1:$port" >"$log" 2>&1 &
server=$!
stop() {
    kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
    rm -f "$log"
}
trap stop EXIT

for _ in $(seq 1 100); do
    if curl -fsS "$url/readyz" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$server" 2>/dev/null; then
        echo "knightd did not start:" >&2
        cat "$log" >&2
        exit 1
    fi
    sleep 0.1
done
if ! curl -fsS "$url/" -o /dev/null; then
    echo "knightd at $url serves no page at / (is the page routed in this build?)" >&2
    exit 1
fi

mkdir -p "$artifacts"
echo "knightd at $url; screenshots in $artifacts"
cd "$root/tests/browser"
KNIGHTD_URL="$url" ARTIFACTS="$artifacts" CHROMIUM="$chromium" node --test page.test.mjs
