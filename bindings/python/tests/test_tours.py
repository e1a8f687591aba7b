"""Tours checked move by move; finishes, clues and puzzles checked against
brute-force enumeration on small boards (references.py)."""

from __future__ import annotations

import pytest

import knight_moves as km
from references import all_tours, cell, check_tour, is_move, tours_agreeing


def cells(squares: list[str] | list[int] | list[str | int], width: int) -> list[tuple[int, int]]:
    return [cell(s, width) for s in squares]


@pytest.mark.parametrize("width,height", [(5, 5), (6, 6), (8, 8), (3, 4), (3, 10), (4, 5), (7, 9), (12, 30)])
def test_open_tours_from_every_start_that_has_one(width: int, height: int) -> None:
    for start in range(0, width * height, max(1, width * height // 12)):
        try:
            t = km.tour(start, width=width, height=height)
        except km.NoTourError as refused:
            assert refused.code == "no_tour"
            continue
        path = cells(t.path, width)
        assert path[0] == cell(start, width)
        assert check_tour(path, width, height, closed=False) is None
        assert len(t) == width * height and t[0] == start and t[-1] == t.path[-1]
        assert t[1:5] == t.path[1:5] and t[::-7] == t.path[::-7] and list(t) == t.path


@pytest.mark.parametrize("width,height", [(6, 6), (8, 8), (10, 3), (5, 6)])
def test_closed_tours(width: int, height: int) -> None:
    try:
        t = km.tour("a1", width=width, height=height, closed=True)
    except km.NoTourError:
        # Schwenk: none on an m×n board with m, n both odd, m in {1, 2, 4},
        # or m = 3 and n in {4, 6, 8}.
        m, n = sorted((width, height))
        assert (m * n) % 2 == 1 or m in (1, 2, 4) or (m == 3 and n in (4, 6, 8))
        return
    assert check_tour(cells(t.path, width), width, height, closed=True) is None


def test_small_boards_without_tours_agree_with_brute_force() -> None:
    for width, height in [(3, 3), (4, 4), (3, 5), (3, 6)]:
        exists = next(all_tours(width, height, closed=False), None) is not None
        try:
            km.tour("a1", width=width, height=height)
            from_a1 = True
        except km.NoTourError:
            from_a1 = False
        assert from_a1 <= exists


def test_tours_to_an_end_and_by_warnsdorff() -> None:
    t = km.tour("a1", end="h1")
    assert check_tour(cells(t.path, 8), 8, 8, False) is None and t.path[-1] == "h1"
    w = km.tour("a1", width=6, height=6, method="warnsdorff")
    assert check_tour(cells(w.path, 6), 6, 6, False) is None and w.backtracks is not None
    seeded = [km.tour("a1", width=6, height=6, method="warnsdorff", seed=s).path for s in (7, 7, 8)]
    assert seeded[0] == seeded[1]
    with pytest.raises(km.NoTourError, match="colour"):
        km.tour("a1", end="c1")
    with pytest.raises(km.ParameterError):
        km.tour("a1", end="h1", closed=True)


def test_indexed_tour_reads_the_listed_tour() -> None:
    for width, height, closed in [(8, 8, False), (8, 8, True), (13, 17, False), (30, 20, True)]:
        listed = km.tour(0, width=width, height=height, closed=closed).path
        indexed = km.IndexedTour(0, width=width, height=height, closed=closed)
        assert [indexed.square_at(i) for i in range(len(listed))] == listed
        assert all(indexed.step_of(s) == i for i, s in enumerate(listed))
    huge = km.IndexedTour("a1", width=10**9, height=10**9)
    steps = [0, 1, 123456789012345, 10**18 - 1]
    squares = [huge.square_at(s) for s in steps]
    assert [huge.step_of(s) for s in squares] == steps
    assert is_move(cell(huge.square_at(10**15), 10**9), cell(huge.square_at(10**15 + 1), 10**9))
    assert km.tour_step("a1", 123456789012345, width=10**9, height=10**9) == "kazxhb123459"


def test_finish_begins_with_the_played_squares() -> None:
    done = km.finish(["a1", "b3", "c5"], width=5, height=5)
    assert done.path[:3] == ["a1", "b3", "c5"] and done.played == 3
    assert check_tour(cells(done.path, 5), 5, 5, False) is None
    closed = km.finish([0, 13, 26], width=6, height=6, closed=True)
    assert check_tour(cells(closed.path, 6), 6, 6, True) is None
    with pytest.raises(km.NoTourError) as stuck:
        km.finish(["b3", "d4", "c2", "e1"])
    assert "a1 can no longer be entered" in str(stuck.value)


def test_finish_on_4x5_agrees_with_brute_force() -> None:
    tours = list(all_tours(4, 5, closed=False))
    prefixes = {tuple(t[:3]) for t in tours}
    for t in tours[:40]:
        for k in (2, 3):
            played = t[:k]
            names = [f"{chr(97 + f)}{r + 1}" for f, r in played]
            if k == 3 and tuple(played) not in prefixes:
                continue
            done = km.finish(names, width=4, height=5)
            path = cells(done.path, 4)
            assert path[:k] == played and check_tour(path, 4, 5, False) is None
    # A prefix no tour begins with: refused, and brute force agrees.
    starts = {tuple(t[:2]) for t in tours}
    for a in [(0, 0), (1, 0), (1, 2)]:
        for b in [(2, 1), (1, 2), (0, 4), (3, 3)]:
            if not is_move(a, b):
                continue
            names = [f"{chr(97 + a[0])}{a[1] + 1}", f"{chr(97 + b[0])}{b[1] + 1}"]
            if (a, b) in starts:
                assert km.finish(names, width=4, height=5).path[:2] == names
            else:
                with pytest.raises(km.NoTourError):
                    km.finish(names, width=4, height=5)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_5x5_puzzle_has_exactly_one_solution_by_brute_force(seed: int) -> None:
    made = km.puzzle(width=5, height=5, seed=seed, timeout=5)
    clues = {cell(s, 5): step for s, step in made.clues.items()}
    solutions = tours_agreeing(5, 5, False, clues)
    assert solutions == [cells(made.solution, 5)]
    solved = km.solve_clues(made.clues, width=5, height=5, timeout=5)
    assert solved.unique is True and solved.path == made.solution
    # Minimal: without any one clue, a second tour agrees with the rest.
    assert made.minimal is True
    for left_out in clues:
        rest = {c: step for c, step in clues.items() if c != left_out}
        assert len(tours_agreeing(5, 5, False, rest)) == 2, left_out


def test_clue_uniqueness_agrees_with_brute_force() -> None:
    for clue_set in [{"a1": 1}, {"a1": 1, "e5": 25}, {"a1": 1, "c3": 13}, {"c3": 1}, {"b1": 2, "d5": 24}]:
        clues = {cell(s, 5): n for s, n in clue_set.items()}
        found = tours_agreeing(5, 5, False, clues)
        if not found:
            with pytest.raises(km.NoTourError):
                km.solve_clues(clue_set, width=5, height=5, timeout=5)
            continue
        solved = km.solve_clues(clue_set, width=5, height=5, timeout=5)
        path = cells(solved.path, 5)
        assert check_tour(path, 5, 5, False) is None
        assert all(path[n - 1] == c for c, n in clues.items())
        assert solved.unique is (len(found) == 1)


@pytest.mark.parametrize("width,height", [(3, 4), (4, 3), (4, 5), (3, 7), (5, 4)])
def test_tour_counts_agree_with_brute_force(width: int, height: int) -> None:
    directed = list(all_tours(width, height, closed=False))
    # Open tours counted once whichever way walked: half the directed ones.
    assert km.count_tours(width, height) == len(directed) // 2
    for f in range(width):
        for r in range(height):
            start = (f, r)
            from_here = [t for t in directed if t[0] == start]
            name = f"{chr(ord('a') + f)}{r + 1}"
            assert km.count_tours(width, height, start=name) == len(from_here), name
            if from_here:
                end = from_here[0][-1]
                between = sum(1 for t in from_here if t[-1] == end)
                assert km.count_tours(width, height, start=name, end=end[1] * width + end[0]) == between
    cycles = list(all_tours(width, height, closed=True))
    # A closed tour is walked from each of its squares, both ways.
    assert km.count_tours(width, height, closed=True) == len(cycles) // (2 * width * height)


def test_tour_counts_published_and_refused() -> None:
    assert km.count_tours(5, 5) == 864  # OEIS A165134's 1,728 directed, halved
    assert km.count_tours(5, 5, start="a1") == 304
    assert km.count_tours(5, 5, start="c3") == 64
    assert km.count_tours(6, 6, closed=True, timeout=30) == 9862  # A001230
    assert km.count_tours(3, 200, timeout=60) > 2**128  # an int however large (a loaded machine needs more than 1 s)
    with pytest.raises(km.TooLargeError) as refused:
        km.count_tours(8, 8, closed=True)
    assert refused.value.code == "board_too_large"
    with pytest.raises(km.ParameterError):
        km.count_tours(6, 6, closed=True, start="a1")
    with pytest.raises(km.SquareError):
        km.count_tours(5, 5, start="f9")
