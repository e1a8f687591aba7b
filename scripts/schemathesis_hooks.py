"""schemathesis hooks (loaded by schemathesis.toml): the refusals of
schema-valid requests that knightd may make, and a check that it makes no
other.

A schema-valid request may be refused only for a rule no JSON Schema can
state (see schemathesis.toml for each kind and why). Any other 4xx answer to
a request schemathesis generated as valid fails the run, naming the problem.
At exit, the refusals seen are counted by kind, so that CI shows them.
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
    "board_empty": "a terrain board of blanks only",
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
    if code == "invalid_parameter" and param == "step" and "past the end" in detail:
        return "invalid_parameter: a step past the board's last square"
    if (
        param in ("step", "square")
        and code in ("invalid_parameter", "missing_parameter")
        and case.method.upper() == "GET"
    ):
        return "step or square: exactly one, in a query string"
    if code == "invalid_parameter" and param in ENDS and "given twice" in detail:
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


@atexit.register
def report():
    if not checked:
        return
    total = sum(seen.values())
    print(f"\nRefusals of schema-valid requests, all of an allowed kind: {total}", file=sys.stderr)
    for kind, count in sorted(seen.items()):
        print(f"  {count:5}  {kind}", file=sys.stderr)
