#!/usr/bin/env bash
# Runs schemathesis against the release binary and openapi.yaml with its
# standard checks: no 5xx, responses that conform to the schema (status codes,
# content types, headers, bodies), and invalid data rejected.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/knightd-release.sh
build_knightd
trap stop_knightd EXIT
start_knightd KNIGHTD_LOG=warn,knightd=info
schemathesis run openapi.yaml \
  --url "http://$addr" \
  --workers 1 \
  --max-examples "${SCHEMATHESIS_EXAMPLES:-100}" \
  --seed 1 \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection
