#!/usr/bin/env bash
# Generates clients from the documents the release binary SERVES, as another
# service would, and calls /distance through each: g2 -> a8 is 4 moves, and
# an off-board square is a problem with code square_off_board.
#
#   openapi-python-client  from /openapi.yaml      (OpenAPI 3.1)
#   openapi-generator      from /openapi-3.0.yaml  (OpenAPI 3.0.3): python
#                          and typescript-fetch (the jar ships in the PyPI
#                          package openapi-generator-cli; needs Java 11+)
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
  pydantic urllib3 python-dateutil typing-extensions httpx attrs
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

cat > "$work/opc.yaml" <<'EOF'
# openapi-python-client reads no YAML or SVG answers: the two documents and
# the page's icon (an SVG with no JSON alternative) are text to it.
content_type_overrides:
  application/yaml: text/plain
  image/svg+xml: text/plain
EOF
generate openapi-python-client 'WARNING|Warning|Cannot|Unsupported|Error' "" \
  openapi-python-client generate --path "$work/openapi.yaml" --meta none \
  --output-path "$work/py_opc/knightd_opc" --config "$work/opc.yaml"

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

echo "== calling /distance at http://$addr through each client"
PYTHONPATH="$work/py_opc" timeout 60 python3 - "http://$addr" <<'EOF'
import sys
from knightd_opc import Client
from knightd_opc.api.plain import get_distance
from knightd_opc.models import DistanceAnswer, ProblemBadRequest

client = Client(base_url=sys.argv[1])
answer = get_distance.sync(client=client, from_="g2", to="a8")
assert isinstance(answer, DistanceAnswer) and answer.moves == 4, answer
problem = get_distance.sync(client=client, from_="g2", to="z9")
assert isinstance(problem, ProblemBadRequest), problem
assert problem.code == "square_off_board" and problem.param == "to", problem
print(f"  openapi-python-client: g2 -> a8 = {answer.moves} moves; z9: {problem.code} ({problem.detail})")
EOF

PYTHONPATH="$work/py_gen" timeout 60 python3 - "http://$addr" <<'EOF'
import json, sys
import knightd_gen
from knightd_gen.exceptions import ApiException

api = knightd_gen.PlainApi(knightd_gen.ApiClient(knightd_gen.Configuration(host=sys.argv[1])))
answer = api.get_distance(var_from="g2", to="a8")
assert answer.moves == 4, answer
try:
    api.get_distance(var_from="g2", to="z9")
    raise AssertionError("z9 was accepted")
except ApiException as e:
    status, problem = e.status, json.loads(e.body)
assert status == 400 and problem["code"] == "square_off_board", problem
print(f"  openapi-generator python: g2 -> a8 = {answer.moves} moves; z9: {problem['code']} ({problem['detail']})")
EOF

ts=$work/ts_gen
(cd "$ts" && timeout 300 npm install --silent --no-audit --no-fund --no-save "typescript@$TYPESCRIPT_VERSION" > /dev/null)
cat > "$ts/src/call.ts" <<'EOF'
import { Configuration, PlainApi, ResponseError } from "./index";

declare const process: { argv: string[]; exit(code: number): never };

async function main(base: string): Promise<void> {
  const api = new PlainApi(new Configuration({ basePath: base }));
  const answer = await api.getDistance({ from: "g2", to: "a8" });
  if (answer.moves !== 4) throw new Error(`g2 -> a8: ${JSON.stringify(answer)}`);
  let problem: any = null;
  try {
    await api.getDistance({ from: "g2", to: "z9" });
  } catch (e) {
    if (!(e instanceof ResponseError)) throw e;
    problem = await e.response.json();
    if (e.response.status !== 400) throw new Error(`status ${e.response.status}`);
  }
  if (problem?.code !== "square_off_board") throw new Error(`z9: ${JSON.stringify(problem)}`);
  console.log(`  openapi-generator typescript-fetch: g2 -> a8 = ${answer.moves} moves; z9: ${problem.code} (${problem.detail})`);
}

main(process.argv[2]).catch((e) => { console.error(e); process.exit(1); });
EOF
(cd "$ts" && timeout 300 node_modules/.bin/tsc --strict --target es2020 --module commonjs \
  --lib es2020,dom --skipLibCheck --outDir out src/*.ts src/apis/*.ts src/models/*.ts)
timeout 60 node "$ts/out/call.js" "http://$addr"
echo "clients: every generated client called /distance and got what the contract says"
