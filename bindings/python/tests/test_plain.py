"""Distances, paths, every shortest path, distance maps, colours and moves,
held to a breadth-first search written in references.py."""

from __future__ import annotations

import itertools
from typing import Any, Iterator

import pytest

import knight_moves as km
from references import bfs, cell, is_move, name, neighbours


def test_every_8x8_pair_agrees_with_bfs() -> None:
    for a in range(64):
        reach = bfs((a % 8, a // 8), 8, 8)
        for b in range(64):
            assert km.distance(a, b) == reach[(b % 8, b // 8)], (a, b)


def test_the_batch_agrees_with_one_call_at_a_time() -> None:
    pairs = [(a, b) for a in range(64) for b in range(64)]
    assert km.distances(pairs) == [km.distance(a, b) for a, b in pairs]
    named = [(name(a % 8, a // 8), b) for a, b in pairs[:300]]
    assert km.distances(named) == [km.distance(a, b) for a, b in named]


def test_the_batch_reads_every_form_of_pair_and_square() -> None:
    # Tuples of exact ints and short names are read directly; every other
    # form (a list, a namedtuple, an int or str subclass, a bool, upper case,
    # a generator) the general way: all give the search's answers.
    import collections
    import enum

    class Index(enum.IntEnum):
        G2 = 14

    class Name(str):
        pass

    Pair = collections.namedtuple("Pair", "src dest")
    reach = bfs((6, 1), 8, 8)  # from g2
    pairs: list[Any] = [(Index.G2, Name("a8")), Pair("g2", "A8"), ["g2", True], (14, 1), ("G2", "h8")]
    want = [reach[(0, 7)], reach[(0, 7)], reach[(1, 0)], reach[(1, 0)], reach[(7, 7)]]
    assert km.distances(pairs) == want
    assert km.distances(p for p in pairs) == want
    assert km.distances([]) == []
    # Indices and names past 64 bits' worth of squares' text, on 10⁹ boards.
    big = {"width": 10**9, "height": 10**9}
    assert km.distances([(0, 999999999999999999), ("a1", "kazxhb123459")], **big) == [666666666, 65812761]


@pytest.mark.parametrize(
    "bad,code,words",
    [
        (-1, "invalid_square", "'-1' is not a square: an index is a whole number from 0"),
        (2**64, "invalid_square", "'18446744073709551616' is not a square: an index is a whole number from 0"),
        ("z9", "square_off_board", "'z9' is not a square of the 8×8 board: its squares are 0 to 63 (a1 to h8)"),
        ("ｇ2", "invalid_square", "'ｇ2' is not a square: use an index such as 19 or a name such as d3 (file letters, then a rank from 1)"),
        ("a" * 30, "invalid_square", f"'{'a' * 30}' is not a square: use an index such as 19 or a name such as d3 (file letters, then a rank from 1)"),
        ("", "invalid_square", "a square may not be empty"),
    ],
)
def test_a_batch_refusal_names_the_pair(bad: Any, code: str, words: str) -> None:
    with pytest.raises(km.SquareError) as caught:
        km.distances([(0, 1), (14, bad)])
    assert (caught.value.code, caught.value.param, str(caught.value)) == (code, "pairs[1][1]", words)


def test_a_batch_passes_on_what_its_iterable_raises() -> None:
    def pairs() -> Iterator[tuple[int, int]]:
        yield (0, 1)
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        km.distances(pairs())
    with pytest.raises(TypeError, match="'int' object is not iterable"):
        km.distances(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"pairs\[1\] must be a pair of squares \(src, dest\), not 5"):
        km.distances([(0, 1), 5])  # type: ignore[list-item]


@pytest.mark.parametrize("width,height", [(1, 5), (2, 7), (3, 3), (3, 10), (4, 9), (5, 5), (7, 12), (11, 6)])
def test_small_boards_every_pair_agrees_with_bfs(width: int, height: int) -> None:
    n = width * height
    for a in range(n):
        reach = bfs((a % width, a // width), width, height)
        got = km.distances([(a, b) for b in range(n)], width=width, height=height)
        assert got == [reach.get((b % width, b // width)) for b in range(n)], a


def test_paths_are_shortest_and_made_of_knight_moves() -> None:
    for a, b in itertools.product(range(0, 64, 3), range(0, 64, 5)):
        found = km.path(a, b)
        assert found is not None
        cells = [cell(s, 8) for s in found]
        assert cells[0] == cell(a, 8) and cells[-1] == cell(b, 8)
        assert all(is_move(x, y) for x, y in zip(cells, cells[1:]))
        assert len(found) - 1 == bfs(cell(a, 8), 8, 8)[cell(b, 8)]


def test_a_path_is_written_as_its_first_square() -> None:
    assert km.path("g2", "a8") == ["g2", "e3", "d5", "c7", "a8"]
    assert km.path(14, "a8") == [14, 20, 35, 50, 56]
    assert km.path("g2", "a8", notation="index") == [14, 20, 35, 50, 56]
    assert km.path("b2", "a1", width=3, height=3) is None


def count_paths(a: tuple[int, int], b: tuple[int, int], width: int, height: int) -> tuple[int, list[list[tuple[int, int]]]]:
    """Every shortest path from a to b, listed by walking the BFS layers."""
    from_a = bfs(a, width, height)
    to_b = bfs(b, width, height)
    if b not in from_a:
        return 0, []
    d = from_a[b]
    paths: list[list[tuple[int, int]]] = []

    def walk(p: list[tuple[int, int]]) -> None:
        if p[-1] == b:
            paths.append(list(p))
            return
        for n in neighbours(p[-1], width, height):
            if from_a.get(n) == len(p) and to_b.get(n) == d - len(p):
                walk(p + [n])

    walk([a])
    return len(paths), paths


def index_order(path: list[tuple[int, int]], width: int) -> list[int]:
    return [f + r * width for f, r in path]


@pytest.mark.parametrize("width,height", [(8, 8), (5, 6), (3, 7)])
def test_every_shortest_path_counted_and_listed_in_order(width: int, height: int) -> None:
    n = width * height
    for a in range(0, n, 5):
        for b in range(0, n, 7):
            count, paths = count_paths((a % width, a // width), (b % width, b // width), width, height)
            found = km.shortest_paths(a, b, width=width, height=height)
            assert found.count == count
            listed = list(found)
            assert listed == sorted(index_order(p, width) for p in paths)
            if count > 2:
                assert found.page(1, 2) == listed[1:3]


def test_a_count_beyond_64_bits_is_a_python_int() -> None:
    found = km.shortest_paths("a1", "a200", width=8, height=200)
    assert found.moves is not None and found.count > 2**64
    last = found.page(found.count - 1, 5)
    assert len(last) == 1 and last[0][0] == "a1" and last[0][-1] == "a200"
    assert found.page(found.count) == []


def test_distance_map_agrees_with_bfs() -> None:
    for start in ["a1", "g2", "d4"]:
        rows = km.distance_map(start).rows
        reach = bfs(cell(start, 8), 8, 8)
        assert rows == [[reach[(f, r)] for f in range(8)] for r in reversed(range(8))]
    window = km.distance_map("a1", width=10**9, height=10**9, files=range(0, 5), ranks=range(0, 3))
    reach = bfs((0, 0), 40, 40)
    assert window.rows == [[reach[(f, r)] for f in range(5)] for r in (2, 1, 0)]
    assert window.files == range(0, 5) and window.ranks == range(0, 3)
    assert window.farthest == max(reach[(f, r)] for f in range(5) for r in range(3))


def test_colours_and_moves() -> None:
    for f in range(8):
        for r in range(8):
            expected = "light" if (f + r) % 2 else "dark"
            assert km.colour(name(f, r)) == expected == km.color(f + 8 * r)
            around = sorted(neighbours((f, r), 8, 8), key=lambda c: c[0] + 8 * c[1])
            assert km.moves(name(f, r)) == [name(*c) for c in around]
            assert km.moves(f + 8 * r) == [c[0] + 8 * c[1] for c in around]


def test_square_names_and_indices() -> None:
    assert km.square_name(14) == "g2" and km.square_index("g2") == 14
    assert km.square_index("D3") == 19 and km.square_index("e5") == 36
    for i in [0, 25, 26, 701, 702, 99_999]:
        assert km.square_name(i, width=10**6) == name(i, 0)
