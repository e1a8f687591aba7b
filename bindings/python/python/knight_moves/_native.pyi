"""Type stubs of the native module (the functions knight_moves re-exports)."""

from typing import Callable, Iterable, Iterator, Literal, Mapping, Optional, Sequence, Tuple, Union, overload

#: A square: an algebraic name such as ``"g2"`` (any case) or an index
#: ``rank * width + file``.
Square = Union[str, int]
#: A terrain board: a Terrain, a str of rows one a line, or row strings.
Board = Union["Terrain", str, Sequence[str]]
Notation = Literal["algebraic", "index"]
BarrierRule = Literal["either", "long_leg"]

class Picture:
    """An answer that can be drawn."""
    def svg(self) -> str: ...
    def text(self) -> str: ...
    def png(self, size: Optional[int] = None) -> bytes: ...
    def _repr_svg_(self) -> str: ...

def distance(src: Square, dest: Square, /, *, width: int = 8, height: int = 8) -> Optional[int]: ...
def distances(
    pairs: Iterable[Tuple[Square, Square]], /, *, width: int = 8, height: int = 8
) -> list[Optional[int]]: ...
@overload
def path(
    src: str, dest: Square, /, *, width: int = 8, height: int = 8, notation: None = None
) -> Optional[list[str]]: ...
@overload
def path(
    src: int, dest: Square, /, *, width: int = 8, height: int = 8, notation: None = None
) -> Optional[list[int]]: ...
@overload
def path(
    src: Square, dest: Square, /, *, width: int = 8, height: int = 8, notation: Literal["algebraic"]
) -> Optional[list[str]]: ...
@overload
def path(
    src: Square, dest: Square, /, *, width: int = 8, height: int = 8, notation: Literal["index"]
) -> Optional[list[int]]: ...
@overload
def path(
    src: Square, dest: Square, /, *, width: int = 8, height: int = 8, notation: Optional[Notation] = None
) -> Optional[list[Square]]: ...
def colour(square: Square, /, *, width: int = 8, height: int = 8) -> Literal["light", "dark"]: ...
@overload
def moves(square: str, /, *, width: int = 8, height: int = 8) -> list[str]: ...
@overload
def moves(square: int, /, *, width: int = 8, height: int = 8) -> list[int]: ...
@overload
def moves(square: Square, /, *, width: int = 8, height: int = 8) -> list[Square]: ...
def square_name(index: Square, /, *, width: int = 8, height: int = 8) -> str: ...
def square_index(name: Square, /, *, width: int = 8, height: int = 8) -> int: ...

class ShortestPaths(Picture):
    """Every shortest path between two squares, counted and listed."""
    @property
    def moves(self) -> Optional[int]: ...
    @property
    def count(self) -> int: ...
    def page(self, offset: Optional[int] = None, limit: int = 100) -> list[list[Square]]: ...
    def __iter__(self) -> Iterator[list[Square]]: ...

def shortest_paths(
    src: Square, dest: Square, /, *, width: int = 8, height: int = 8, notation: Optional[Notation] = None
) -> ShortestPaths: ...

class DistanceMap(Picture):
    """The fewest moves from one square to every square of a window."""
    @property
    def rows(self) -> list[list[Optional[int]]]: ...
    @property
    def farthest(self) -> Optional[int]: ...
    @property
    def files(self) -> range: ...
    @property
    def ranks(self) -> range: ...

def distance_map(
    src: Square,
    /,
    *,
    width: int = 8,
    height: int = 8,
    files: Optional[range] = None,
    ranks: Optional[range] = None,
) -> DistanceMap: ...

class Tour(Picture):
    """A knight's tour, a sequence of its squares."""
    @property
    def path(self) -> list[Square]: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def closed(self) -> bool: ...
    @property
    def backtracks(self) -> Optional[int]: ...
    @property
    def played(self) -> int: ...
    @property
    def unique(self) -> Optional[bool]: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> Square: ...
    @overload
    def __getitem__(self, index: slice) -> list[Square]: ...
    def __iter__(self) -> Iterator[Square]: ...

def tour(
    start: Square,
    /,
    *,
    width: int = 8,
    height: int = 8,
    closed: bool = False,
    end: Optional[Square] = None,
    method: Literal["auto", "warnsdorff"] = "auto",
    seed: Optional[int] = None,
    max_squares: int = 1000000,
) -> Tour: ...

class IndexedTour:
    """Any step of a tour of a board up to 10⁹ a side, without building it."""
    def __init__(self, start: Square, /, *, width: int = 8, height: int = 8, closed: bool = False) -> None: ...
    def square_at(self, step: int) -> Square: ...
    def step_of(self, square: Square) -> int: ...
    @property
    def closed(self) -> bool: ...
    def __len__(self) -> int: ...

def tour_step(
    start: Square, step: int, /, *, width: int = 8, height: int = 8, closed: bool = False
) -> Square: ...
def finish(
    played: Sequence[Square],
    /,
    *,
    width: int = 8,
    height: int = 8,
    closed: bool = False,
    end: Optional[Square] = None,
    timeout: float = 1.0,
) -> Tour: ...
def count_tours(
    width: int,
    height: int,
    /,
    *,
    closed: bool = False,
    start: Optional[Square] = None,
    end: Optional[Square] = None,
    timeout: float = 1.0,
    max_bytes: int = 268435456,
) -> int: ...
def solve_clues(
    clues: Union[Mapping[str, int], Mapping[int, int], Mapping[Square, int]],
    /,
    *,
    width: int = 8,
    height: int = 8,
    closed: bool = False,
    timeout: float = 1.0,
) -> Tour: ...

class Puzzle(Picture):
    """A knight's tour puzzle with exactly one solution."""
    @property
    def clues(self) -> dict[Square, int]: ...
    @property
    def solution(self) -> list[Square]: ...
    @property
    def seed(self) -> int: ...
    @property
    def closed(self) -> bool: ...
    @property
    def minimal(self) -> bool: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...

def puzzle(
    *,
    width: int = 8,
    height: int = 8,
    seed: int = 0,
    closed: bool = False,
    timeout: float = 1.0,
    notation: Optional[Notation] = None,
) -> Puzzle: ...

class Terrain:
    """A terrain board, parsed once."""
    def __init__(self, rows: Union[str, Sequence[str]]) -> None: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def start(self) -> Optional[str]: ...
    @property
    def end(self) -> Optional[str]: ...

class StepFault:
    """A step refused by validate()."""
    @property
    def step(self) -> int: ...
    @property
    def src(self) -> Optional[Square]: ...
    @property
    def dest(self) -> Square: ...
    @property
    def reason(self) -> str: ...

class Validation(Picture):
    """The check of a path, move by move."""
    @property
    def valid(self) -> bool: ...
    @property
    def moves(self) -> Optional[int]: ...
    @property
    def cost(self) -> Optional[int]: ...
    @property
    def error(self) -> Optional[StepFault]: ...
    @property
    def frames(self) -> list[str]: ...

def validate(
    path: Sequence[Square],
    /,
    *,
    width: int = 8,
    height: int = 8,
    board: Optional[Board] = None,
    barrier_rule: BarrierRule = "either",
    simple: bool = False,
) -> Validation: ...

class TerrainPath(Picture):
    """A path on a terrain board."""
    @property
    def path(self) -> list[Square]: ...
    @property
    def moves(self) -> int: ...
    @property
    def cost(self) -> int: ...
    @property
    def upper_bound(self) -> Optional[int]: ...
    @property
    def optimal(self) -> Optional[bool]: ...
    def __len__(self) -> int: ...

def cheapest_path(
    board: Board,
    src: Optional[Square] = None,
    dest: Optional[Square] = None,
    *,
    barrier_rule: BarrierRule = "either",
    notation: Optional[Notation] = None,
) -> Optional[TerrainPath]: ...
def longest_path(
    board: Board,
    src: Optional[Square] = None,
    dest: Optional[Square] = None,
    *,
    barrier_rule: BarrierRule = "either",
    timeout: float = 1.0,
    on_improve: Optional[Callable[[int, Optional[int], Optional[list[Square]]], object]] = None,
    notation: Optional[Notation] = None,
) -> Optional[TerrainPath]: ...
