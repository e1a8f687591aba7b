"""Calls every operation of knightd through the Python client openapi-
generator generated (package knightd_gen, scripts/clients.sh), and checks
each answer against scripts/clients/reference.py.

    python3 call_generator.py BASE_URL SERVED_OPENAPI_YAML

This generator reads a JSON answer into its model and any text/* answer as
a string; a picture, whose operation also answers JSON, and any other
media type (the SVG icon, the YAML documents) are read through the
generated `*_without_preload_content` methods, which hand back the raw
answer. Fails when an answer is wrong or an operation of the document was
not called.
"""

import json
import sys

import yaml

import knightd_gen
import reference as ref
from knightd_gen.exceptions import ApiException
from knightd_gen.models import (
    BatchRequest,
    Board,
    DistanceMapRequest,
    DistanceRequest,
    Format,
    LongestPathRequest,
    PathRequest,
    PathsOffset,
    ShortestPathsRequest,
    Square,
    SquareRequest,
    TourCountRequest,
    TourFinishRequest,
    TourPuzzleRequest,
    TourMethod,
    TourRequest,
    TourStepRequest,
    ValidateRequest,
)

base, served = sys.argv[1], sys.argv[2]
document = open(served).read()
api_client = knightd_gen.ApiClient(knightd_gen.Configuration(host=base))
plain = knightd_gen.PlainApi(api_client)
terrain = knightd_gen.TerrainApi(api_client)
operations_api = knightd_gen.OperationsApi(api_client)
page = knightd_gen.PageApi(api_client)
called = {}


def v(square):
    """A square of an answer (a oneOf wrapper) as its int or name."""
    return square.actual_instance


def squares(path):
    return [v(s) for s in path]


def raw(response, content_type):
    """The body of a `*_without_preload_content` answer, as text."""
    assert response.status == 200, (response.status, response.data[:200])
    assert response.headers["content-type"].startswith(content_type), response.headers
    return response.data.decode()


TELEPORTS = ["S . . . . . . .", ". . T . . . . .", ". . . . . . . .", ". . . . . . . .",
             ". . . . . . . .", ". . . . . . . .", ". . . . . T . .", ". . . . . . . E"]

# Plain boards.
a = plain.get_distance(var_from="g2", to="a8")
assert a.moves == ref.distance("g2", "a8", 8, 8), a
try:
    plain.get_distance(var_from="g2", to="z9")
    raise AssertionError("z9 was accepted")
except ApiException as e:
    status, problem = e.status, json.loads(e.body)
assert status == 400 and problem["code"] == "square_off_board", problem
called["getDistance"] = f"g2 -> a8: {a.moves} moves; z9: {problem['code']}"
a = plain.post_distance(DistanceRequest(src=Square(19), dest=Square(36)))
assert (v(a.var_from), v(a.to), a.moves) == (19, 36, ref.distance(19, 36, 8, 8)), a
called["postDistance"] = "19 -> 36"
a = plain.post_distance_batch(BatchRequest(pairs=[[Square(0), Square(1)], [Square("g2"), Square("a8")]]))
assert a.moves == [ref.distance(0, 1, 8, 8), ref.distance("g2", "a8", 8, 8)], a
called["postDistanceBatch"] = "[[0, 1], [g2, a8]]"

a = plain.get_path(var_from="g2", to="a8")
ref.check_shortest_path(squares(a.path), "g2", "a8", 8, 8)
svg = raw(plain.get_path_without_preload_content(var_from="g2", to="a8", format=Format.SVG), "image/svg+xml")
ref.check_svg(svg, squares(a.path))
called["getPath"] = "g2 -> a8, as JSON and as SVG"
a = terrain.post_path(PathRequest(board=Board(TELEPORTS)))
assert (a.moves, a.cost, v(a.path[0]), v(a.path[-1])) == (2, 2, "a8", "h1"), a
text = raw(terrain.post_path_without_preload_content(
    PathRequest(var_from=Square("a1"), to=Square("b3"), width=5, height=5), format=Format.TEXT), "text/plain")
ref.check_text_picture(text, 5, 5, "1 move, cost 1")
called["postPath"] = "the teleport board as JSON; a1 -> b3 as text"

a = plain.get_tour(width=5, height=5, start="a1")
ref.check_tour(squares(a.path), 5, 5, "a1")
text = raw(plain.get_tour_without_preload_content(width=6, height=6, start="a1", closed=True,
                                                  format=Format.TEXT), "text/plain")
ref.check_text_picture(text, 6, 6, "35 moves, every square once, then one move back to a1")
called["getTour"] = "5x5 from a1; 6x6 closed as text"
a = plain.post_tour(TourRequest(width=8, height=8, start=Square("a1"), end=Square("h1")))
ref.check_tour(squares(a.path), 8, 8, "a1", end="h1")
a = plain.post_tour(TourRequest(width=6, height=6, start=Square("a1"), method=TourMethod.WARNSDORFF, seed=7))
ref.check_tour(squares(a.path), 6, 6, "a1")
assert a.backtracks is not None, a
called["postTour"] = "8x8 a1 -> h1; 6x6 by Warnsdorff's rule, seed 7"

a = plain.get_tour_step(width=10**9, height=10**9, start="a1", step=123456789012345)
assert v(a.square) == "kazxhb123459", a
called["getTourStep"] = "step 123456789012345 of 10^9 x 10^9"
closed = plain.get_tour(width=8, height=8, start="0", closed=True)
a = plain.post_tour_step(TourStepRequest(width=8, height=8, start=Square(0), closed=True, step=63))
assert v(a.square) == v(closed.path[63]), (a, closed.path[63])
called["postTourStep"] = "step 63 of the closed 8x8 tour, as /tour has it"
a = plain.post_tour_finish(TourFinishRequest(width=8, height=8, played=[Square("a1"), Square("b3"), Square("c5")]))
assert a.played == 3 and len(a.path) == 64 and v(a.path[2]) == "c5", a
body = TourFinishRequest(width=8, height=8, played=[Square("a1"), Square("b3"), Square("c5")])
svg = raw(plain.post_tour_finish_without_preload_content(body, format=Format.SVG), "image/svg+xml")
ref.check_svg(svg, [v(s) for s in a.path])
assert 'data-played="3"' in svg, svg[:200]
called["postTourFinish"] = "8x8 tour finished after a1 b3 c5, as JSON and as SVG"

a = plain.get_tour_count(width=4, height=3)
assert a.count == str(ref.count_tours(4, 3)) and a.digits == len(a.count) and not a.closed, a
called["getTourCount"] = f"4x3 open: {a.count} tours"
b = plain.post_tour_count(TourCountRequest(width=5, height=4, start=Square("a1")))
assert b.count == str(ref.count_tours(5, 4, start="a1")) and b.digits == len(b.count), b
called["postTourCount"] = f"5x4 open from a1: {b.count} tours"

a = plain.get_tour_puzzle(width=6, height=6, seed=7)
solution = [v(s) for s in a.solution]
ref.check_tour(solution, 6, 6, solution[0])
assert a.clues and all(solution[step - 1] == sq for sq, step in a.clues.items()), a
called["getTourPuzzle"] = "6x6 seed 7: its clues on its solution"
b = plain.post_tour_puzzle(TourPuzzleRequest(width=6, height=6, seed=7))
assert [v(s) for s in b.solution] == solution and b.clues == a.clues, b
text = raw(plain.post_tour_puzzle_without_preload_content(TourPuzzleRequest(width=6, height=6, seed=7),
                                                         format=Format.TEXT), "text/plain")
assert all(str(step) in text for step in a.clues.values()), text
called["postTourPuzzle"] = "6x6 seed 7 as JSON (as GET has it) and as text"
s = plain.post_tour_finish(TourFinishRequest(width=6, height=6, clues=a.clues))
assert s.unique is True and [v(q) for q in s.path] == solution, s

for operation, get in [("getColour", plain.get_colour), ("getColor", plain.get_color)]:
    a = get(square="d3")
    assert a.colour == ref.colour("d3", 8) == "light", a
    called[operation] = "d3"
for operation, post in [("postColour", plain.post_colour), ("postColor", plain.post_color)]:
    a = post(SquareRequest(square=Square("a1")))
    assert a.colour == ref.colour("a1", 8) == "dark", a
    called[operation] = "a1"
a = plain.get_moves(square="g1")
got = [ref.square(s, 8) for s in squares(a.moves)]
assert got == [ref.square(i, 8) for i in ref.moves_from("g1", 8, 8)], a
called["getMoves"] = "g1"
a = plain.post_moves(SquareRequest(square=Square(19), width=5, height=5))
assert squares(a.moves) == ref.moves_from(19, 5, 5), a
called["postMoves"] = "19 on 5x5"
a = plain.get_distance_map(var_from="g2")
assert a.rows == ref.distance_rows("g2", 8, 8) and a.farthest == 5, a
called["getDistanceMap"] = "g2: at most 5 moves"
a = plain.post_distance_map(DistanceMapRequest(src=Square(0), width=5, height=5, files="b..d", ranks="2..3"))
rows = ref.distance_rows(0, 5, 5)
assert a.rows == [row[1:4] for row in rows[2:4]] and v(a.var_from) == 0, a
called["postDistanceMap"] = "a1 on 5x5, the window b..d, 2..3"
a = plain.get_shortest_paths(var_from="g2", to="a8", limit=3)
assert a.count == str(ref.count_paths("g2", "a8", 8, 8)) == "6" and len(a.paths) == 3, a
for p in a.paths:
    ref.check_shortest_path(squares(p), "g2", "a8", 8, 8)
called["getShortestPaths"] = "g2 -> a8: 6 paths, a page of 3"
a = plain.post_shortest_paths(ShortestPathsRequest(src=Square(0), dest=Square(63), offset=PathsOffset(100), limit=2))
assert a.count == str(ref.count_paths(0, 63, 8, 8)) and a.offset == "100" and len(a.paths) == 2, a
for p in a.paths:
    ref.check_shortest_path(squares(p), 0, 63, 8, 8)
called["postShortestPaths"] = f"0 -> 63: {a.count} paths, the page at 100"

# Terrain boards.
body = ValidateRequest(path=[Square("b6"), Square("d5"), Square("d6")])
a = terrain.post_validate(body)
assert not a.valid and a.error.step == 2 and a.error.reason == "not_a_knight_move", a
svg = raw(terrain.post_validate_without_preload_content(body, format=Format.SVG), "image/svg+xml")
ref.check_svg(svg, ["b6", "d5", "d6"])
called["postValidate"] = "b6 d5 d6, as JSON and as SVG"
body = LongestPathRequest(board=Board(["S . . .", ". . T .", ". . . .", "T . . E"]))
a = terrain.post_longest_path(body)
assert (a.moves, a.upper_bound, a.optimal) == (12, 12, True), a
assert len(set(squares(a.path))) == len(a.path) == a.moves + 2, a
text = raw(terrain.post_longest_path_without_preload_content(body, format=Format.TEXT), "text/plain")
ref.check_text_picture(text, 4, 4, "12 moves, cost 12, upper bound 12 moves: proven optimal")
called["postLongestPath"] = "the 4x4 teleport board, as JSON and as text"

# Operations.
assert operations_api.get_healthz().status == "ok"
called["getHealthz"] = "ok"
assert operations_api.get_readyz().status == "ready"
called["getReadyz"] = "ready"
assert "knightd_requests_total" in operations_api.get_metrics()
called["getMetrics"] = "knightd_requests_total"
assert raw(operations_api.get_openapi_without_preload_content(), "application/yaml") == document
called["getOpenapi"] = "the served document"
text = raw(operations_api.get_openapi30_without_preload_content(), "application/yaml")
assert text.startswith("# OpenAPI 3.0.3 copy"), text[:80]
called["getOpenapi30"] = "the 3.0.3 copy"

# The page's files: text/* answers are strings; the icon is read raw.
for method in sorted(m for m in dir(page) if m.startswith("get_page") and not m.endswith(("_info", "_content"))):
    operation = ref.operation_id(method)
    if operation == "getPageFavicon":
        body = raw(page.get_page_favicon_without_preload_content(), "image/svg+xml")
    else:
        body = getattr(page, method)()
    ref.check_page_file(operation, body, called)

ref.check_every_operation_called(yaml.safe_load(document), called, "openapi-generator python")
