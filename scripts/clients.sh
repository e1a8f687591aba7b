#!/usr/bin/env bash
# Generates clients from the documents the release binary SERVES, as another
# service would, and calls EVERY operation of the documents through each
# (scripts/clients/call_opc.py, call_generator.py, call.ts), a picture of
# each kind (SVG and text) included, checking each answer against references
# worked out without knightd (scripts/clients/reference.py; call.ts holds
# its own); a caller fails on an operation of the document it did not call.
#
#   openapi-python-client  from /openapi.yaml      (OpenAPI 3.1), with
#                          scripts/clients/opc.yaml and the template in
#                          scripts/clients/opc-templates/ (it reads a
#                          picture answer by its Content-Type: upstream
#                          reads only the first media type a response lists)
#   openapi-generator      from /openapi-3.0.yaml  (OpenAPI 3.0.3): python
#                          and typescript-fetch (the jar ships in the PyPI
#                          package openapi-generator-cli; needs Java 11+);
#                          pictures through their generated raw methods
#                          (`*_without_preload_content`, `*Raw`)
#
# Fails on any warning a generator prints about the document. openapi-
# generator prints two messages for every document of a kind, not about this
# one: "Failed to get the schema name: null" (for any oneOf of plain types,
# as a square is an integer or a string) and, in Python, that `From` is a
# reserved word (the API's parameter `from`). Both come out of a two-line
# baseline document too, generated first; only messages that the baseline
# does not produce fail the run.
#
# Installs what it needs with pip and npm; every step is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/.."

OPC_VERSION=0.29.1
GENERATOR_VERSION=7.26.0
TYPESCRIPT_VERSION=5.9.3

python3 -m pip install --quiet --disable-pip-version-check \
  "openapi-python-client==$OPC_VERSION" "openapi-generator-cli==$GENERATOR_VERSION" \
  pydantic urllib3 python-dateutil typing-extensions httpx attrs pyyaml
if command -v pyenv > /dev/null; then pyenv rehash; fi

. scripts/knightd-release.sh
build_knightd
work=$(mktemp -d)
trap 'stop_knightd; rm -rf "$work"' EXIT
start_knightd KNIGHTD_LOG=warn,knightd=info

curl -fsS "http://$addr/openapi.yaml" -o "$work/openapi.yaml"
curl -fsS "http://$addr/openapi-3.0.yaml" -o "$work/openapi-3.0.yaml"

# The generator's messages that are not about a document: those it prints
# for a two-line one with a oneOf of plain types and a parameter `from`.
cat > "$work/baseline.yaml" <<'EOF'
openapi: 3.0.3
info: {title: baseline, version: '1'}
paths:
  /x:
    get:
      operationId: getX
      parameters:
        - {name: from, in: query, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/IntOrText'}
components:
  schemas:
    Int: {type: integer}
    Text: {type: string}
    IntOrText:
      oneOf: [{$ref: '#/components/schemas/Int'}, {$ref: '#/components/schemas/Text'}]
EOF

# Runs a generator: its output in $work/<name>.log; fails on a warning
# (a line matching $pattern) the baseline does not also produce.
generate() {
  local name=$1 pattern=$2 baseline=$3; shift 3
  echo "== $name: $*"
  timeout 600 "$@" > "$work/$name.log" 2>&1 || { cat "$work/$name.log"; echo "$name failed" >&2; return 1; }
  local noted
  noted=$(grep -E "$pattern" "$work/$name.log" | sed 's/^.* - //' | sort -u || true)
  if [ -n "$noted" ]; then
    echo "$noted" | sed 's/^/  generator said: /'
  fi
  local extra
  extra=$(comm -23 <(echo "$noted" | sed '/^$/d') <(echo "$baseline" | sed '/^$/d') || true)
  if [ -n "$extra" ]; then
    echo "$name: warnings about the document:" >&2
    echo "$extra" >&2
    return 1
  fi
  echo "  $name: no warning about the document"
}

# docs/api.md's command: the same configuration and template.
generate openapi-python-client 'WARNING|Warning|Cannot|Unsupported|Error' "" \
  openapi-python-client generate --path "$work/openapi.yaml" --meta none \
  --output-path "$work/py_opc/knightd_opc" --config scripts/clients/opc.yaml \
  --custom-template-path scripts/clients/opc-templates

baseline_for() {
  timeout 600 openapi-generator-cli generate -i "$work/baseline.yaml" -g "$1" \
    -o "$work/baseline-$1" 2>&1 | grep -E '\] (WARN|ERROR)' | sed 's/^.* - //' | sort -u || true
}
generate openapi-generator-python '\] (WARN|ERROR)' "$(baseline_for python)" \
  openapi-generator-cli generate -i "$work/openapi-3.0.yaml" -g python \
  -o "$work/py_gen" --additional-properties=packageName=knightd_gen
generate openapi-generator-typescript '\] (WARN|ERROR)' "$(baseline_for typescript-fetch)" \
  openapi-generator-cli generate -i "$work/openapi-3.0.yaml" -g typescript-fetch \
  -o "$work/ts_gen/src"

echo "== docs/api.md's client commands, exactly as written (localhost:8080 is http://$addr)"
# The first ```sh and ```python blocks after "Generating a client".
doc_block() {
  awk -v fence="\`\`\`$1" '/^Generating a client/ { after = 1 }
    after && $0 == fence { inside = 1; next }
    inside && $0 == "```" { exit }
    inside { print }' docs/api.md
}
doc_block sh | sed "s#localhost:8080#$addr#g" > "$work/docs.sh"
doc_block python | sed "s#localhost:8080#$addr#g" > "$work/docs.py"
[ -s "$work/docs.sh" ] && [ -s "$work/docs.py" ] || { echo "docs/api.md: no client blocks" >&2; exit 1; }
# pip's own notices (run as root, a newer pip) are not about the document.
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
generate docs-api '^[^[].*(WARNING|Warning|Cannot|Unsupported|Error)|\] (WARN|ERROR)' \
  "$(printf '%s\n%s\n' "$(baseline_for python)" "$(baseline_for typescript-fetch)" | sort -u)" \
  bash -euo pipefail "$work/docs.sh"
PYTHONPATH=target/clients timeout 60 python3 "$work/docs.py" > "$work/docs.out"
grep -q 'proven optimal' "$work/docs.out" || { cat "$work/docs.out"; exit 1; }
echo "  docs/api.md's Python: ran as written; it printed:"
sed 's/^/    /' "$work/docs.out"

echo "== calling every operation at http://$addr through each client"
python3 - "$work/openapi.yaml" > "$work/operations.json" <<'EOF'
import json, sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
print(json.dumps(sorted(op["operationId"] for item in doc["paths"].values()
                        for op in item.values() if isinstance(op, dict) and "operationId" in op)))
EOF
echo "  the document names $(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$work/operations.json") operations"
PYTHONPATH="$work/py_opc:scripts/clients" timeout 120 python3 scripts/clients/call_opc.py \
  "http://$addr" "$work/openapi.yaml"
PYTHONPATH="$work/py_gen:scripts/clients" timeout 120 python3 scripts/clients/call_generator.py \
  "http://$addr" "$work/openapi.yaml"

ts=$work/ts_gen
(cd "$ts" && timeout 300 npm install --silent --no-audit --no-fund --no-save "typescript@$TYPESCRIPT_VERSION" > /dev/null)
cp scripts/clients/call.ts "$ts/src/call.ts"
(cd "$ts" && timeout 300 node_modules/.bin/tsc --strict --target es2020 --module commonjs \
  --lib es2020,dom --skipLibCheck --outDir out src/*.ts src/apis/*.ts src/models/*.ts)
timeout 120 node "$ts/out/call.js" "http://$addr" "$work/openapi.yaml" "$work/operations.json"
echo "clients: every generated client called every operation and got what the contract says"
