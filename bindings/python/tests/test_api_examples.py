"""The Python answers are the HTTP API's: every `$ curl` example in the
repository's README.md and docs/ (real output of knightd, held byte for
byte by the service's own tests) is asked of knight_moves and the answers
compared, field by field, with the documented output. Examples of what the
package does not do (streams, the service's own endpoints, the HTTP
layer's refusals) are skipped by rule, and counted. knightd's SVG pictures
that its tests keep as snapshots are drawn again by the package and
compared byte for byte."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any, Callable, Literal, Optional
from urllib.parse import parse_qsl, urlsplit

import pytest

import knight_moves as km

ROOT = Path(__file__).resolve().parents[3]


class Example:
    def __init__(self, where: str, command: str, output: str) -> None:
        self.where = where
        self.command = command
        self.output = output
        words = shlex.split(command)
        self.body: dict[str, Any] = {}
        self.headers: list[str] = []
        url = ""
        i = 1
        while i < len(words):
            if words[i] == "-H":
                self.headers.append(words[i + 1].lower())
                i += 1
            elif words[i] == "-d":
                self.body = json.loads(words[i + 1])
                i += 1
            elif not words[i].startswith("-"):
                url = words[i]
            i += 1
        parts = urlsplit("http://" + url)
        self.endpoint = parts.path
        self.query = dict(parse_qsl(parts.query))
        self.format = self.query.pop("format", "json")
        self.args: dict[str, Any] = {**self.query, **self.body}

    def __repr__(self) -> str:
        return f"{self.where}: {self.command}"


def examples() -> list[Example]:
    found = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        lines = doc.read_text().splitlines()
        for i, line in enumerate(lines):
            if not line.startswith("$ curl"):
                continue
            output = []
            for after in lines[i + 1:]:
                if after.startswith("$ ") or after.startswith("```"):
                    break
                output.append(after)
            while output and not output[-1].strip():
                output.pop()
            found.append(Example(f"{doc.name}:{i + 1}", line[2:], "\n".join(output)))
    return found


def whole(value: Any) -> int:
    """A whole number as the API reads it (8, "8", 8.0, "8e0")."""
    return int(float(value))


def square(value: Any) -> str | int:
    """A square as the API reads it: digits alone are an index."""
    if isinstance(value, int):
        return value
    text = str(value)
    return int(text) if text.isdigit() else text


def board(args: dict[str, Any]) -> dict[str, int]:
    return {"width": whole(args.get("width", 8)), "height": whole(args.get("height", 8))}


def first(args: dict[str, Any], *names: str) -> Any:
    for n in names:
        if n in args:
            return args[n]
    return None


def bool_arg(value: Any) -> bool:
    return str(value).lower() == "true"


def window(text: Optional[str], files: bool) -> Optional[range]:
    """`a..e` or `1..3` as a range of 0-based files or ranks."""
    if text is None:
        return None
    lo, hi = text.split("..")
    if files and not lo.isdigit():
        return range(km.square_index(lo + "1", width=10**9), km.square_index(hi + "1", width=10**9) + 1)
    return range(int(lo) - (0 if files else 1), int(hi) - (0 if files else 1) + 1)


def notation_of(args: dict[str, Any], default: str | int) -> Literal["algebraic", "index"]:
    asked = str(args.get("notation", "")).lower() or ("algebraic" if isinstance(default, str) else "index")
    assert asked in ("algebraic", "index")
    return "algebraic" if asked == "algebraic" else "index"


def validate_summary(v: km.Validation) -> str:
    """The last line of `/validate?format=text` (docs/terrain.md), from the answer's fields."""
    if v.error is None:
        return f"valid: {v.moves} moves, cost {v.cost}"
    src = "start" if v.error.src is None else v.error.src
    return f"invalid: step {v.error.step} ({src} -> {v.error.dest}): {v.error.reason}"


def ask(example: Example) -> tuple[dict[str, Any], Optional[str]]:
    """The documented fields the Python answer has, and its text picture."""
    a, size = example.args, board(example.args)
    e = example.endpoint
    if e == "/distance":
        moves = km.distance(square(first(a, "from", "src")), square(first(a, "to", "dest")), **size)
        return {"moves": moves, "reachable": moves is not None}, None
    if e == "/distance/batch":
        return {"moves": km.distances([(square(x), square(y)) for x, y in a["pairs"]], **size)}, None
    if e == "/path" and "board" not in a:
        src = square(first(a, "from", "src"))
        found = km.path(src, square(first(a, "to", "dest")), **size, notation=notation_of(a, src))
        moves = None if found is None else len(found) - 1
        return {"moves": moves, "cost": moves, "path": found}, None
    if e == "/path":
        src, dest = first(a, "from", "src"), first(a, "to", "dest")
        p = km.cheapest_path(a["board"], None if src is None else square(src), None if dest is None else square(dest))
        return ({"path": None, "moves": None, "cost": None} if p is None else {"path": p.path, "moves": p.moves, "cost": p.cost}), None
    if e in ("/colour", "/color"):
        return {"colour": km.colour(square(a["square"]), **size)}, None
    if e == "/moves":
        return {"moves": km.moves(square(a["square"]), **size)}, None
    if e == "/distance-map":
        m = km.distance_map(square(a["from"]), **size, files=window(a.get("files"), True), ranks=window(a.get("ranks"), False))
        return {"rows": m.rows, "farthest": m.farthest}, m.text()
    if e == "/shortest-paths":
        src = square(a["from"])
        sp = km.shortest_paths(src, square(a["to"]), **size, notation=notation_of(a, src))
        offset, limit = int(a.get("offset", 0)), int(a.get("limit", 100))
        return {"moves": sp.moves, "count": str(sp.count), "paths": sp.page(offset, limit)}, None
    if e == "/tour":
        end = a.get("end")
        t = km.tour(
            square(a["start"]) if "start" in a else "a1",
            **size,
            closed=bool_arg(a.get("closed", False)),
            end=None if end is None else square(end),
            method=a.get("method", "auto"),
            seed=None if "seed" not in a else int(a["seed"]),
        )
        fields: dict[str, Any] = {"path": t.path, "closed": t.closed}
        if t.backtracks is not None:
            fields["backtracks"] = t.backtracks
        return fields, t.text()
    if e == "/tour/step":
        it = km.IndexedTour(square(a.get("start", "a1")), **size, closed=bool_arg(a.get("closed", False)))
        if "square" in a:
            return {"step": it.step_of(square(a["square"]))}, None
        return {"square": it.square_at(int(a["step"]))}, None
    if e == "/tour/count":
        start, end = a.get("start"), a.get("end")
        n = km.count_tours(
            size["width"],
            size["height"],
            closed=bool_arg(a.get("closed", False)),
            start=None if start is None else square(start),
            end=None if end is None else square(end),
            timeout=whole(a.get("time_limit_ms", 1000)) / 1000,
        )
        return {"count": str(n), "digits": len(str(n))}, None
    if e == "/tour/finish" and "clues" in a:
        s = km.solve_clues({square(k): v for k, v in a["clues"].items()}, **size, closed=bool_arg(a.get("closed", False)))
        return {"path": s.path, "unique": s.unique}, s.text()
    if e == "/tour/finish":
        end = a.get("end")
        f = km.finish([square(s) for s in a["played"]], **size, closed=bool_arg(a.get("closed", False)), end=None if end is None else square(end))
        return {"path": f.path, "played": f.played}, f.text()
    if e == "/tour/puzzle":
        made = km.puzzle(width=size["width"], height=size["height"], seed=int(a.get("seed", 0)), closed=bool_arg(a.get("closed", False)))
        return {"clues": made.clues, "solution": made.solution}, made.text()
    if e == "/validate":
        v = km.validate(
            [square(s) for s in a["path"]],
            **({} if "board" in a else size),
            board=a.get("board"),
            barrier_rule=a.get("barrier_rule", "either"),
            simple=bool(a.get("simple", False)),
        )
        error = None if v.error is None else {"step": v.error.step, "from": v.error.src, "to": v.error.dest, "reason": v.error.reason}
        fields = {"valid": v.valid, "moves": v.moves, "cost": v.cost, "error": error}
        if bool(a.get("render", False)):
            fields["frames"] = v.frames
        # The text answer: the frames, then the check in one line.
        return fields, "\n".join(v.frames) + "\n" + validate_summary(v)
    if e == "/longest-path":
        terrain = a.get("board") or "\n".join(["." * size["width"]] * size["height"])
        src, dest = first(a, "from", "src"), first(a, "to", "dest")
        lp = km.longest_path(terrain, None if src is None else square(src), None if dest is None else square(dest), timeout=whole(a.get("time_limit_ms", 1000)) / 1000)
        if lp is None:
            return {"moves": None}, None
        return {"moves": lp.moves, "cost": lp.cost, "upper_bound": lp.upper_bound, "optimal": lp.optimal}, lp.text()
    raise LookupError(e)


#: Why an example is not asked of the package, by rule.
def skipped(example: Example) -> Optional[str]:
    if example.endpoint in ("/healthz", "/readyz", "/metrics", "/openapi.yaml"):
        return "the service's own endpoint"
    if example.format == "text" and example.endpoint == "/tour/count":
        return "count_tours() answers an int, which draws no table of the tours from each square"
    if any(h.startswith("accept:") for h in example.headers):
        return "a stream (NDJSON), which the package gives as on_improve calls"
    if example.format == "text" and example.endpoint in ("/path", "/shortest-paths"):
        return "path() answers a list, which draws no picture"
    if example.endpoint in ("/validate", "/longest-path", "/distance/batch") and not example.body:
        return "the HTTP rule: this endpoint answers POST"
    if set(example.query) - {"from", "to", "src", "dest", "width", "height", "square", "start", "end", "step",
                             "closed", "method", "seed", "offset", "limit", "files", "ranks", "notation"}:
        return "an HTTP parameter the package has no counterpart for"
    if "played" in example.args and "clues" in example.args:
        return "played and clues together: one mapping of clues says it in Python"
    if example.endpoint == "/distance/batch" and example.query:
        return "the HTTP rule for a POST's query"
    return None


ALL = examples()


def test_the_examples_are_found() -> None:
    assert len(ALL) > 60
    asked = [x for x in ALL if not skipped(x)]
    assert len(asked) > 45, [repr(x) for x in ALL if skipped(x)]
    # /validate's frames, as JSON (render) and as text, are compared.
    assert any(x.endpoint == "/validate" and "render" in x.args for x in asked)
    assert any(x.endpoint == "/validate" and x.format == "text" for x in asked)


@pytest.mark.parametrize("example", [x for x in ALL if not skipped(x)], ids=repr)
def test_an_example_answers_as_documented(example: Example) -> None:
    if example.format == "text":
        _, text = ask(example)
        assert text is not None and text.rstrip("\n") == example.output
        return
    expected = json.loads(example.output)
    if "code" in expected and "status" in expected:
        with pytest.raises(km.KnightError) as raised:
            ask(example)
        assert raised.value.code == expected["code"]
        if expected["code"] in ("square_off_board", "invalid_square", "no_tour"):
            assert str(raised.value) == expected["detail"]
        return
    fields, _ = ask(example)
    shown = {k: v for k, v in fields.items() if k in expected}
    assert shown, (fields, expected)
    assert shown == {k: expected[k] for k in shown}


#: A board of 4×4 with a barrier on b2, where the barrier rule matters.
BARRIER = ". . . .\n. . . .\n. B . .\n. . . ."

#: knightd's pictures its tests hold byte for byte (tests/http/pictures.rs
#: and terrain_http.rs against tests/snapshots/; the library's, drawn by
#: the same functions, in crates/knight/tests/snapshots/), each with the
#: question that drew it asked of the package.
PICTURES: dict[str, Callable[[], Optional[km.Picture]]] = {
    "tests/snapshots/tour-closed.svg": lambda: km.tour("a1", width=6, height=6, closed=True),
    "tests/snapshots/validate-simple.svg": lambda: km.validate(["b1", "c3", "d1"], width=4, height=4, simple=True),
    "tests/snapshots/longest-long-leg.svg": lambda: km.longest_path(BARRIER, "a1", "b1", barrier_rule="long_leg", timeout=0.5),
    "tests/snapshots/cheapest-long-leg.svg": lambda: km.cheapest_path(BARRIER, "a1", "c2", barrier_rule="long_leg"),
    "tests/snapshots/puzzle.svg": lambda: km.puzzle(width=6, height=6, seed=7),
    "tests/snapshots/clues-solved.svg": lambda: km.solve_clues({"d5": 3, "d6": 10, "a6": 25, "a5": 32, "e5": 36}, width=6, height=6),
    "crates/knight/tests/snapshots/validate-fault.svg": lambda: km.validate(["b6", "d5", "d6"]),
    "crates/knight/tests/snapshots/sample-path.svg": lambda: km.cheapest_path((ROOT / "crates/knight/tests/boards/sample-8x8.txt").read_text()),
    "crates/knight/tests/snapshots/challenge-path.svg": lambda: km.cheapest_path(
        (ROOT / "assets/page/boards/challenge-28x32.txt").read_text(), "a1", "af28"
    ),
}


def untitled(svg: str) -> str:
    """A picture without the name of the program that drew it, which its
    title starts with (knightd's, the package's; the library's has none)."""
    return re.sub(r"^(<svg[^\n]*\n<title>)(knightd|knight_moves): ", r"\1", svg, count=1)


def test_every_snapshot_that_the_package_can_draw_is_compared() -> None:
    kept = {str(p.relative_to(ROOT)) for d in ("tests/snapshots", "crates/knight/tests/snapshots") for p in (ROOT / d).glob("*.svg")}
    # The rest are paths on plain boards, which path() answers as a list.
    assert kept - set(PICTURES) == {"tests/snapshots/path-cropped.svg", "tests/snapshots/path-pattern.svg"}


@pytest.mark.parametrize("snapshot", sorted(PICTURES))
def test_a_picture_is_knightds(snapshot: str) -> None:
    answer = PICTURES[snapshot]()
    assert answer is not None
    want = (ROOT / snapshot).read_text()
    assert untitled(answer.svg()) == untitled(want)
