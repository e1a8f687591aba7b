"""Chess-knight problems, answered exactly: the knightd solver library,
in-process.

Squares are names (``"g2"``, any case) or indices (``rank * width + file``,
so ``"a1"`` is 0 and ``"h8"`` is 63 on 8×8); answers write squares the way
the question's first square was written. Boards are ``width`` × ``height``,
8×8 unless given, each side up to 1,000,000,000. Errors are
:class:`KnightError` (a ``ValueError``) with the knightd API's ``code``.
Time limits are ``timeout=`` seconds. The heavy calls release the GIL.

>>> import knight_moves as km
>>> km.distance("g2", "a8")
4
>>> km.path("g2", "a8")
['g2', 'e3', 'd5', 'c7', 'a8']
"""

from knight_moves._native import (
    DistanceMap,
    IndexedTour,
    Picture,
    Puzzle,
    ShortestPaths,
    StepFault,
    Terrain,
    TerrainPath,
    Tour,
    Validation,
    cheapest_path,
    colour,
    count_tours,
    distance,
    distance_map,
    distances,
    finish,
    longest_path,
    moves,
    path,
    puzzle,
    shortest_paths,
    solve_clues,
    square_index,
    square_name,
    tour,
    tour_step,
    validate,
)
from knight_moves.errors import (
    BoardError,
    KnightError,
    NoTourError,
    NotFoundError,
    ParameterError,
    SquareError,
    TooLargeError,
)

#: The American spelling of :func:`colour`.
color = colour

__all__ = [
    "BoardError",
    "DistanceMap",
    "IndexedTour",
    "KnightError",
    "NoTourError",
    "NotFoundError",
    "ParameterError",
    "Picture",
    "Puzzle",
    "ShortestPaths",
    "SquareError",
    "StepFault",
    "Terrain",
    "TerrainPath",
    "TooLargeError",
    "Tour",
    "Validation",
    "cheapest_path",
    "color",
    "colour",
    "distance",
    "distance_map",
    "distances",
    "count_tours",
    "finish",
    "longest_path",
    "moves",
    "path",
    "puzzle",
    "shortest_paths",
    "solve_clues",
    "square_index",
    "square_name",
    "tour",
    "tour_step",
    "validate",
]
