"""schemathesis hooks (loaded by schemathesis.toml): the refusals of
schema-valid requests that knightd may make, and a check that it makes no
other; and the schema-invalid requests it may accept.

A schema-valid request may be refused only for a rule no JSON Schema can
state (see schemathesis.toml for each kind and why). Any other 4xx answer to
a request schemathesis generated as valid fails the run, naming the problem.

knightd reads option values case-insensitively (`format=SVG`, `"method":
"Warnsdorff"`, `closed=TRUE`) and a whole number written `8.0` or `8e0` as
8. The schemas list the lower-case spellings only (what answers write and
generated clients send, kept as enums so that clients get enum types) and
say so in words; so a request schemathesis generated as invalid may be one
knightd rightly accepts. `lenient_spellings_are_accepted` drops the
"schema-violating request accepted" failure of exactly those: a request
that, with its option values lower-cased and its whole numbers read as
integers, is valid in every part. Any other accepted invalid request still
fails the run.

At exit, the refusals and the accepted spellings seen are counted by kind,
so that CI shows them.
"""

import atexit
import collections
import json
import sys

import schemathesis

# Problem codes a schema-valid request may get, whatever its parameter.
ALLOWED_CODES = {
    "square_off_board": "a square beyond the given width/height",
    "board_too_large": "a board over an endpoint's size limit",
    "render_too_large": "a board too large to draw",
    "path_too_long": "a path longer than can be listed",
    "no_tour": "no tour of that board from that square",
    "tour_not_found": "no tour found from that square",
    "board_ragged_rows": "terrain rows of different lengths",
    "board_teleport_count": "one teleport, or more than two",
    "board_duplicate_marker": "two S or two E",
    "board_start_end_unpaired": "S without E, or E without S",
    "square_not_landable": "from/to on a rock or barrier",
}
ENDS = {"from", "to", "src", "dest"}

seen = collections.Counter()
checked = 0


def kind_of(case, problem):
    """The allowed kind of a refusal, or None."""
    code = problem.get("code")
    param = problem.get("param")
    if code in ALLOWED_CODES:
        return code
    query = case.query or {}
    if code == "missing_parameter" and param in ("from", "to"):
        # Neither a name nor its alias in a query string; or a terrain
        # board without S/E and no from/to in the body.
        if case.body is not None and isinstance(case.body, dict) and "board" in case.body:
            return "missing_parameter: no from/to and no S/E on the board"
        alias = {"from": "src", "to": "dest"}[param]
        if case.method.upper() == "GET" and param not in query and alias not in query:
            return "missing_parameter: neither name nor alias in the query"
    detail = problem.get("detail", "")
    if (
        code == "invalid_parameter"
        and param in ("end", "seed")
        and ("closed" in detail or "Warnsdorff" in detail)
        and case.method.upper() == "GET"
    ):
        # A JSON body's schema states these ties; query parameters cannot.
        return "invalid_parameter: a tour option that needs or excludes another, in a query string"
    if (
        code == "invalid_parameter"
        and param in ("start", "end")
        and "closed" in detail
        and case.operation.path == "/tour/count"
    ):
        # A count of closed tours takes no start or end: OpenAPI parameters
        # cannot tie one value to another (the body's schema does not yet).
        return "invalid_parameter: a closed count with a start or an end"
    if code == "invalid_parameter" and param == "step" and "past the end" in detail:
        return "invalid_parameter: a step past the board's last square"
    if (
        param in ("step", "square")
        and code in ("invalid_parameter", "missing_parameter")
        and case.method.upper() == "GET"
    ):
        return "step or square: exactly one, in a query string"
    if code == "invalid_parameter" and param in ("files", "ranks") and "runs backwards" in detail:
        # A pattern cannot say that the first of a range comes before its last.
        return "invalid_parameter: a window's range that runs backwards"
    if code == "invalid_parameter" and str(param).startswith("played[") and case.operation.path == "/tour/finish":
        # Squares that are not a path of knight moves, or that repeat one:
        # a board's content, which no schema states (as /validate's paths).
        return "invalid_parameter: played squares that are not a knight's path"
    if code == "invalid_parameter" and param == "size" and "sizes a PNG picture" in detail:
        # `size` needs format=png (or Accept: image/png): a tie between two
        # query parameters, which a schema states only in words.
        return "invalid_parameter: size without a PNG asked for"
    if code == "missing_parameter" and param in ("played", "clues") and case.operation.path == "/tour/finish":
        # One of played or clues: said in the schema's description, not as
        # an anyOf (client generators read that as an untyped body).
        return "missing_parameter: neither played nor clues"
    if (
        code == "invalid_square"
        and str(param).startswith("clues.")
        and case.operation.path == "/tour/finish"
    ):
        # A clue's key names a square; the 3.0 document (which this schema
        # is derived alongside) has no `propertyNames` to say so.
        return "invalid_square: a clue's key that names no square"
    if (
        code == "invalid_parameter"
        and str(param).startswith("clues.")
        and case.operation.path == "/tour/finish"
        and ("give each" in detail or "the steps of a tour of the" in detail)
    ):
        # The clues' content: one step given two squares (or a square two
        # steps, with `played`), or a step past the board's last square. No
        # schema states that an object's values differ, or ties a value to
        # width × height.
        return "invalid_parameter: clues that give a step twice, or a step past the board's last square"
    if code == "invalid_parameter" and param in ENDS and (
        "given twice" in detail or "both given" in detail
    ):
        if case.method.upper() == "GET":
            return "invalid_parameter: a name and its alias in the query"
    return None


@schemathesis.check
def refusals_are_of_an_allowed_kind(ctx, response, case):
    global checked
    checked += 1
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    if not 400 <= response.status_code < 500:
        return None
    try:
        problem = json.loads(response.content)
    except ValueError:
        raise AssertionError(f"a schema-valid request refused without a problem: {response.status_code}")
    kind = kind_of(case, problem)
    if kind is None:
        raise AssertionError(
            "a schema-valid request refused for a reason the schema could state: "
            f"{response.status_code} {problem.get('code')} param={problem.get('param')}: {problem.get('detail')}"
        )
    seen[kind] += 1
    return None


def resolved(schema, root):
    """`schema` with its `$ref` (local to `root`, e.g. `#/x-bundled/…`) followed."""
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and seen < 32:
        target = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
        schema, seen = target, seen + 1
    return schema


def differs(a, b):
    """Whether two JSON values differ as JSON does: `0` and `0.0` are two
    spellings (Python's `==` calls them equal)."""
    return json.dumps(a, sort_keys=True) != json.dumps(b, sort_keys=True)


def lenient(value, schema, root=None):
    """`value` as knightd reads it against `schema` (its references local to
    `root`): a case variant of an enum's string or of a boolean in its lower
    case, a whole number written as a decimal (`8.0`, `8e0`) as that
    integer; else `value` unchanged."""
    root = schema if root is None else root
    schema = resolved(schema, root)
    if not isinstance(schema, dict):
        return value
    # A value of one of several kinds (a square: a name or an index): read
    # as the first alternative that reads it differently.
    for alternatives in (schema.get("oneOf"), schema.get("anyOf")):
        for alternative in alternatives or ():
            read = lenient(value, alternative, root)
            if differs(read, value):
                return read
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    enum = schema.get("enum") or ([schema["const"]] if "const" in schema else None)
    if isinstance(value, str):
        lower = value.lower()
        if enum and lower in enum:
            return lower
        if "boolean" in kinds and lower in ("true", "false"):
            return lower == "true"
        if "integer" in kinds:
            try:
                number = float(value)
            except ValueError:
                return value
            if number.is_integer() and abs(number) < 2**64:
                return int(number)
    if isinstance(value, float) and "integer" in kinds and value.is_integer():
        return int(value)
    if isinstance(value, dict) and isinstance(schema.get("properties"), dict):
        return {k: lenient(v, schema["properties"].get(k), root) for k, v in value.items()}
    return value


def accepted_as_lenient(case):
    """Whether `case` differs from a valid request only in spellings knightd
    reads leniently (and does differ)."""
    changed = False
    for parameter in case.operation.query:
        if parameter.name not in (case.query or {}):
            continue
        value = case.query[parameter.name]
        read = lenient(value, parameter.optimized_schema)
        changed |= differs(read, value)
        if not parameter.is_valid(read):
            return False
    if case.body is not None and isinstance(case.body, dict):
        bodies = list(case.operation.body)
        if len(bodies) != 1:
            return False
        read = lenient(case.body, bodies[0].optimized_schema)
        changed |= differs(read, case.body)
        if not bodies[0].is_valid(read):
            return False
    return changed


lenient_seen = collections.Counter()


@schemathesis.hook
def filter_failure(ctx, failure, case, response):
    """Keeps every failure but "schema-violating request accepted" of a
    request valid but for its lenient spellings (see the module's doc)."""
    if "negative_data_rejection" not in getattr(failure, "checks", ()):
        return True
    try:
        lenient_request = accepted_as_lenient(case)
    except Exception:  # the check stands whenever the case is not understood
        return True
    if lenient_request:
        lenient_seen[case.operation.label] += 1
        return False
    return True


@atexit.register
def report():
    if not checked:
        return
    total = sum(seen.values())
    print(f"\nRefusals of schema-valid requests, all of an allowed kind: {total}", file=sys.stderr)
    for kind, count in sorted(seen.items()):
        print(f"  {count:5}  {kind}", file=sys.stderr)
    total = sum(lenient_seen.values())
    print(f"Accepted requests invalid only in lenient spellings (case, 8.0): {total}", file=sys.stderr)
    for operation, count in sorted(lenient_seen.items()):
        print(f"  {count:5}  {operation}", file=sys.stderr)
