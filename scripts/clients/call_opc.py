"""Calls every operation of knightd through the client openapi-python-client
generated (package knightd_opc, scripts/clients.sh), and checks each
answer against scripts/clients/reference.py.

    python3 call_opc.py BASE_URL SERVED_OPENAPI_YAML

Fails when an answer is wrong or an operation of the document was not
called.
"""

import importlib
import pkgutil
import sys

import yaml

import reference as ref
from knightd_opc import Client
from knightd_opc.api.operations import (
    get_healthz,
    get_metrics,
    get_openapi,
    get_openapi_30,
    get_readyz,
)
from knightd_opc.api import page
from knightd_opc.api.plain import (
    get_color,
    get_colour,
    get_distance,
    get_distance_map,
    get_moves,
    get_path,
    get_shortest_paths,
    get_tour,
    get_tour_step,
    post_color,
    post_colour,
    post_distance,
    post_distance_batch,
    post_distance_map,
    post_moves,
    post_shortest_paths,
    post_tour,
    post_tour_finish,
    get_tour_count,
    get_tour_puzzle,
    post_tour_count,
    post_tour_puzzle,
    post_tour_step,
)
from knightd_opc.api.terrain import post_longest_path, post_path, post_validate
from knightd_opc.models import (
    BatchRequest,
    DistanceAnswer,
    DistanceMapRequest,
    DistanceRequest,
    Format,
    LongestPathRequest,
    PathRequest,
    ProblemBadRequest,
    ShortestPathsRequest,
    SquareRequest,
    TourMethod,
    TourRequest,
    TourFinishRequest,
    TourCountRequest,
    TourFinishRequestClues,
    TourPuzzleRequest,
    TourStepRequest,
    ValidateRequest,
)

base, served = sys.argv[1], sys.argv[2]
document = open(served).read()
client = Client(base_url=base, timeout=60)
called = {}


def expect(kind, answer):
    assert isinstance(answer, kind), (kind, answer)
    return answer


TELEPORTS = ["S . . . . . . .", ". . T . . . . .", ". . . . . . . .", ". . . . . . . .",
             ". . . . . . . .", ". . . . . . . .", ". . . . . T . .", ". . . . . . . E"]

# Plain boards.
a = expect(DistanceAnswer, get_distance.sync(client=client, from_="g2", to="a8"))
assert a.moves == ref.distance("g2", "a8", 8, 8), a
problem = expect(ProblemBadRequest, get_distance.sync(client=client, from_="g2", to="z9"))
assert problem.code == "square_off_board" and problem.param == "to", problem
called["getDistance"] = f"g2 -> a8: {a.moves} moves; z9: {problem.code}"
a = expect(DistanceAnswer, post_distance.sync(client=client, body=DistanceRequest(src=19, dest=36)))
assert (a.from_, a.to, a.moves) == (19, 36, ref.distance(19, 36, 8, 8)), a
called["postDistance"] = "19 -> 36"
a = post_distance_batch.sync(client=client, body=BatchRequest(pairs=[[0, 1], ["g2", "a8"]], width=8))
assert a.moves == [ref.distance(0, 1, 8, 8), ref.distance("g2", "a8", 8, 8)], a
called["postDistanceBatch"] = "[[0, 1], [g2, a8]]"

a = get_path.sync(client=client, from_="g2", to="a8")
ref.check_shortest_path(a.path, "g2", "a8", 8, 8)
svg = get_path.sync(client=client, from_="g2", to="a8", format_=Format.SVG)
assert isinstance(svg, str), type(svg)
ref.check_svg(svg, a.path)
called["getPath"] = "g2 -> a8, as JSON and as SVG"
a = post_path.sync(client=client, body=PathRequest(board=TELEPORTS))
assert (a.moves, a.cost, a.path[0], a.path[-1]) == (2, 2, "a8", "h1"), a
text = post_path.sync(client=client, body=PathRequest(from_="a1", to="b3", width=5, height=5),
                      format_=Format.TEXT)
ref.check_text_picture(text, 5, 5, "1 move, cost 1")
called["postPath"] = "the teleport board as JSON; a1 -> b3 as text"

a = get_tour.sync(client=client, width=5, height=5, start="a1")
ref.check_tour(a.path, 5, 5, "a1")
text = get_tour.sync(client=client, width=6, height=6, start="a1", closed=True, format_=Format.TEXT)
ref.check_text_picture(text, 6, 6, "35 moves, every square once, then one move back to a1")
called["getTour"] = "5x5 from a1; 6x6 closed as text"
a = post_tour.sync(client=client, body=TourRequest(width=8, height=8, start="a1", end="h1"))
ref.check_tour(a.path, 8, 8, "a1", end="h1")
a = post_tour.sync(client=client, body=TourRequest(width=6, height=6, start="a1",
                                                   method=TourMethod.WARNSDORFF, seed=7))
ref.check_tour(a.path, 6, 6, "a1")
assert a.backtracks is not None, a
called["postTour"] = "8x8 a1 -> h1; 6x6 by Warnsdorff's rule, seed 7"

a = get_tour_step.sync(client=client, width=10**9, height=10**9, start="a1", step=123456789012345)
assert a.square == "kazxhb123459", a
called["getTourStep"] = "step 123456789012345 of 10^9 x 10^9"
closed = get_tour.sync(client=client, width=8, height=8, start="0", closed=True)
a = post_tour_step.sync(client=client, body=TourStepRequest(width=8, height=8, start=0, closed=True, step=63))
assert a.square == closed.path[63], (a, closed.path[63])
called["postTourStep"] = "step 63 of the closed 8x8 tour, as /tour has it"
a = post_tour_finish.sync(client=client, body=TourFinishRequest(width=8, height=8, played=["a1", "b3", "c5"]))
assert a.played == 3 and len(a.path) == 64 and a.path[2] == "c5", a
body = TourFinishRequest(width=8, height=8, played=["a1", "b3", "c5"])
svg = post_tour_finish.sync(client=client, body=body, format_=Format.SVG)
ref.check_svg(svg, a.path)
assert 'data-played="3"' in svg, svg[:200]
called["postTourFinish"] = "8x8 tour finished after a1 b3 c5, as JSON and as SVG"

a = get_tour_count.sync(client=client, width=4, height=3)
assert a.count == str(ref.count_tours(4, 3)) and a.digits == len(a.count) and not a.closed, a
called["getTourCount"] = f"4x3 open: {a.count} tours"
b = post_tour_count.sync(client=client, body=TourCountRequest(width=5, height=4, start="a1"))
assert b.count == str(ref.count_tours(5, 4, start="a1")) and b.digits == len(b.count), b
called["postTourCount"] = f"5x4 open from a1: {b.count} tours"

a = get_tour_puzzle.sync(client=client, width=6, height=6, seed=7)
clues = a.clues.to_dict()
ref.check_tour(a.solution, 6, 6, a.solution[0])
assert clues and all(a.solution[step - 1] == sq for sq, step in clues.items()), a
called["getTourPuzzle"] = "6x6 seed 7: its clues on its solution"
b = post_tour_puzzle.sync(client=client, body=TourPuzzleRequest(width=6, height=6, seed=7))
assert b.solution == a.solution and b.clues.to_dict() == clues, b
text = post_tour_puzzle.sync(client=client, body=TourPuzzleRequest(width=6, height=6, seed=7), format_=Format.TEXT)
assert all(str(step) in text for step in clues.values()), text
called["postTourPuzzle"] = "6x6 seed 7 as JSON (as GET has it) and as text"
s = post_tour_finish.sync(client=client, body=TourFinishRequest(width=6, height=6,
                                                                clues=TourFinishRequestClues.from_dict(clues)))
assert s.unique is True and s.path == a.solution, s

for operation, get in [("getColour", get_colour), ("getColor", get_color)]:
    a = get.sync(client=client, square="d3")
    assert a.colour == ref.colour("d3", 8) == "light", a
    called[operation] = "d3"
for operation, post in [("postColour", post_colour), ("postColor", post_color)]:
    a = post.sync(client=client, body=SquareRequest(square="a1"))
    assert a.colour == ref.colour("a1", 8) == "dark", a
    called[operation] = "a1"
a = get_moves.sync(client=client, square="g1")
assert [ref.square(s, 8) for s in a.moves] == [ref.square(i, 8) for i in ref.moves_from("g1", 8, 8)], a
called["getMoves"] = "g1"
a = post_moves.sync(client=client, body=SquareRequest(square=19, width=5, height=5))
assert a.moves == ref.moves_from(19, 5, 5), a
called["postMoves"] = "19 on 5x5"
a = get_distance_map.sync(client=client, from_="g2")
assert a.rows == ref.distance_rows("g2", 8, 8) and a.farthest == 5, a
called["getDistanceMap"] = "g2: at most 5 moves"
a = post_distance_map.sync(client=client, body=DistanceMapRequest(src=0, width=5, height=5, files="b..d", ranks="2..3"))
rows = ref.distance_rows(0, 5, 5)
assert a.rows == [row[1:4] for row in rows[2:4]] and a.from_ == 0, a
called["postDistanceMap"] = "a1 on 5x5, the window b..d, 2..3"
a = get_shortest_paths.sync(client=client, from_="g2", to="a8", limit=3)
assert a.count == str(ref.count_paths("g2", "a8", 8, 8)) == "6" and len(a.paths) == 3, a
for p in a.paths:
    ref.check_shortest_path(p, "g2", "a8", 8, 8)
called["getShortestPaths"] = "g2 -> a8: 6 paths, a page of 3"
a = post_shortest_paths.sync(client=client, body=ShortestPathsRequest(src=0, dest=63, offset=100, limit=2))
assert a.count == str(ref.count_paths(0, 63, 8, 8)) and a.offset == "100" and len(a.paths) == 2, a
for p in a.paths:
    ref.check_shortest_path(p, 0, 63, 8, 8)
called["postShortestPaths"] = f"0 -> 63: {a.count} paths, the page at 100"

# Terrain boards.
a = post_validate.sync(client=client, body=ValidateRequest(path=["b6", "d5", "d6"]))
assert not a.valid and a.error.step == 2 and a.error.reason == "not_a_knight_move", a
svg = post_validate.sync(client=client, body=ValidateRequest(path=["b6", "d5", "d6"]), format_=Format.SVG)
ref.check_svg(svg, ["b6", "d5", "d6"])
called["postValidate"] = "b6 d5 d6, as JSON and as SVG"
body = LongestPathRequest(board=["S . . .", ". . T .", ". . . .", "T . . E"])
a = post_longest_path.sync(client=client, body=body)
assert (a.moves, a.upper_bound, a.optimal) == (12, 12, True), a
assert len(set(a.path)) == len(a.path) == a.moves + 2, a
text = post_longest_path.sync(client=client, body=body, format_=Format.TEXT)
ref.check_text_picture(text, 4, 4, "12 moves, cost 12, upper bound 12 moves: proven optimal")
called["postLongestPath"] = "the 4x4 teleport board, as JSON and as text"

# Operations.
assert get_healthz.sync(client=client).status == "ok"
called["getHealthz"] = "ok"
assert get_readyz.sync(client=client).status == "ready"
called["getReadyz"] = "ready"
assert "knightd_requests_total" in get_metrics.sync(client=client)
called["getMetrics"] = "knightd_requests_total"
assert get_openapi.sync(client=client) == document
called["getOpenapi"] = "the served document"
assert get_openapi_30.sync(client=client).startswith("# OpenAPI 3.0.3 copy")
called["getOpenapi30"] = "the 3.0.3 copy"

# The page's files.
for module in sorted(m.name for m in pkgutil.iter_modules(page.__path__)):
    body = importlib.import_module(f"knightd_opc.api.page.{module}").sync(client=client)
    ref.check_page_file(ref.operation_id(module), body, called)

ref.check_every_operation_called(yaml.safe_load(document), called, "openapi-python-client")
