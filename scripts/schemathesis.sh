#!/usr/bin/env bash
# Runs schemathesis against the release binary and openapi.yaml with its
# standard checks: no 5xx, responses that conform to the schema (status codes,
# content types, headers, bodies), and invalid data rejected.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${SCHEMATHESIS_PORT:-18082}
cargo build --release --locked --bin knightd
KNIGHTD_BIND=127.0.0.1:$port KNIGHTD_LOG=warn target/release/knightd &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/readyz" > /dev/null 2>&1 && break; sleep 0.1; done
schemathesis run openapi.yaml \
  --url "http://127.0.0.1:$port" \
  --workers 1 \
  --max-examples "${SCHEMATHESIS_EXAMPLES:-100}" \
  --seed 1 \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection
