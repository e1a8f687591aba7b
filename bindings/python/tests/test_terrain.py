"""Terrain boards: validation, the cheapest path and the longest path, held
to a move checker, Dijkstra's search and a brute-force search written here
from the rules (docs/terrain.md)."""

from __future__ import annotations

import heapq
import random
from typing import Optional

import pytest

import knight_moves as km
from references import JUMPS, cell, name

COST = {".": 1, "S": 1, "E": 1, "T": 1, "W": 2, "L": 5}

Grid = list[str]  # rows from rank 1 up


def parse(rows_top_first: list[str]) -> Grid:
    return [r.replace(" ", "") for r in reversed(rows_top_first)]


def at(grid: Grid, c: tuple[int, int]) -> str:
    return grid[c[1]][c[0]]


def routes(a: tuple[int, int], b: tuple[int, int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The squares the long-leg-first and the short-leg-first routes pass."""
    df, dr = b[0] - a[0], b[1] - a[1]
    f, r = a
    if abs(df) == 2:
        s, t = df // 2, dr
        return [(f + s, r), (f + 2 * s, r)], [(f, r + t), (f + s, r + t)]
    s, t = dr // 2, df
    return [(f, r + s), (f, r + 2 * s)], [(f + t, r), (f + t, r + s)]


def step_fault(grid: Grid, a: tuple[int, int], b: tuple[int, int], rule: str) -> Optional[str]:
    """Why a knight may not move from a to b, or None."""
    if sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) != [1, 2]:
        return "not_a_knight_move"
    if at(grid, b) == "R":
        return "lands_on_rock"
    if at(grid, b) == "B":
        return "lands_on_barrier"
    long, short = routes(a, b)
    clear = [all(at(grid, c) != "B" for c in route) for route in (long, short)]
    if clear[0] or (rule == "either" and clear[1]):
        return None
    return "passes_barrier"


def teleports(grid: Grid) -> list[tuple[int, int]]:
    return [(f, r) for r, row in enumerate(grid) for f, ch in enumerate(row) if ch == "T"]


def cheapest(grid: Grid, a: tuple[int, int], b: tuple[int, int], rule: str) -> Optional[tuple[int, int]]:
    """(cost, moves) of the cheapest path, fewest moves among them: Dijkstra."""
    w, h = len(grid[0]), len(grid)
    tps = teleports(grid)
    best: dict[tuple[int, int], tuple[int, int]] = {a: (0, 0)}
    queue = [(0, 0, a)]
    while queue:
        cost, moves, here = heapq.heappop(queue)
        if here == b:
            return cost, moves
        if best.get(here, (cost, moves)) < (cost, moves):
            continue
        for df, dr in JUMPS:
            there = (here[0] + df, here[1] + dr)
            if not (0 <= there[0] < w and 0 <= there[1] < h) or step_fault(grid, here, there, rule):
                continue
            landed = (cost + COST[at(grid, there)], moves + 1)
            position = there
            if at(grid, there) == "T" and there != b:
                position = tps[1] if there == tps[0] else tps[0]
            if landed < best.get(position, (10**9, 0)):
                best[position] = landed
                heapq.heappush(queue, (landed[0], landed[1], position))
    return None


def random_board(rng: random.Random, w: int, h: int, teleport: bool) -> Grid:
    cells = [[rng.choice("......WLRB") for _ in range(w)] for _ in range(h)]
    if teleport:
        spots = rng.sample([(f, r) for f in range(w) for r in range(h)], 2)
        for f, r in spots:
            cells[r][f] = "T"
    return ["".join(row) for row in cells]


def rows_top_first(grid: Grid) -> list[str]:
    return list(reversed(grid))


def walk_cost(grid: Grid, path: list[tuple[int, int]], rule: str) -> tuple[int, int]:
    """(cost, moves) of a path, each step checked, hops included."""
    tps = teleports(grid)
    cost = moves = 0
    i = 1
    while i < len(path):
        assert step_fault(grid, path[i - 1], path[i], rule) is None, (path, i)
        cost += COST[at(grid, path[i])]
        moves += 1
        if at(grid, path[i]) == "T" and i + 1 < len(path):
            partner = tps[1] if path[i] == tps[0] else tps[0]
            assert path[i + 1] == partner
            i += 1
        i += 1
    return cost, moves


@pytest.mark.parametrize("rule", ["either", "long_leg"])
def test_cheapest_paths_agree_with_dijkstra(rule: str) -> None:
    rng = random.Random(46)
    for trial in range(40):
        w, h = rng.randint(3, 8), rng.randint(3, 8)
        grid = random_board(rng, w, h, teleport=trial % 3 == 0)
        terrain = km.Terrain(rows_top_first(grid))
        free = [(f, r) for f in range(w) for r in range(h) if at(grid, (f, r)) not in "RB"]
        for _ in range(6):
            a, b = rng.choice(free), rng.choice(free)
            found = km.cheapest_path(terrain, name(*a), name(*b), barrier_rule=rule)  # type: ignore[arg-type]
            expected = cheapest(grid, a, b, rule)
            if expected is None:
                assert found is None
                continue
            assert found is not None
            path = [cell(s, w) for s in found.path]
            assert path[0] == a and path[-1] == b
            assert (found.cost, found.moves) == expected == walk_cost(grid, path, rule)


def frames_drawn(grid: Grid, positions: list[tuple[int, int]]) -> list[str]:
    """knightd's frames (`render: true`), drawn from docs/terrain.md: each
    position a board, rows top first, a character a square and a space
    between, the knight as K."""
    return [
        "".join(
            " ".join("K" if (f, r) == knight else grid[r][f] for f in range(len(grid[r]))) + "\n"
            for r in reversed(range(len(grid)))
        )
        for knight in positions
    ]


def test_validate_agrees_with_the_move_checker() -> None:
    rng = random.Random(7)
    for _ in range(300):
        w, h = rng.randint(3, 7), rng.randint(3, 7)
        grid = random_board(rng, w, h, teleport=False)
        path = [(rng.randrange(w), rng.randrange(h))]
        for _ in range(rng.randint(0, 6)):
            f, r = path[-1]
            df, dr = rng.choice(JUMPS + [(1, 1), (0, 2)])
            path.append(((f + df) % w, (r + dr) % h))
        rule = rng.choice(["either", "long_leg"])
        got = km.validate([name(*c) for c in path], board=rows_top_first(grid), barrier_rule=rule)  # type: ignore[arg-type]
        fault = None
        if at(grid, path[0]) in "RB":
            fault = (0, "lands_on_rock" if at(grid, path[0]) == "R" else "lands_on_barrier")
        else:
            for i in range(1, len(path)):
                why = step_fault(grid, path[i - 1], path[i], rule)
                if why:
                    fault = (i, why)
                    break
        reached = len(path) if fault is None else fault[0]
        assert got.frames == frames_drawn(grid, path[:reached])
        if fault is None:
            assert got.valid and got.error is None
            assert (got.cost, got.moves) == walk_cost(grid, path, rule)
        else:
            assert (got.cost, got.moves) == (None, None)
        if fault is not None:
            assert not got.valid and got.error is not None
            assert (got.error.step, got.error.reason) == fault
            assert got.error.dest == name(*path[fault[0]])


def test_validation_frames_on_a_plain_board() -> None:
    v = km.validate([14, 31, 46, 63, 55], width=8, height=8)
    assert v.error is not None and v.error.step == 4
    grid = ["." * 8] * 8
    assert v.frames == frames_drawn(grid, [cell(s, 8) for s in (14, 31, 46, 63)])
    assert km.validate(["c3"], width=3, height=5).frames == [". . .\n. . .\n. . K\n. . .\n. . .\n"]
    # The first square refused: no position reached, no frame.
    assert km.validate(["a1"], board="..\nR.").frames == []


def test_validation_frames_are_refused_past_the_limit() -> None:
    # 5 frames of 1,000,000 squares each: more than the 4,000,000 drawn.
    many = km.validate(["a1", "b3", "c5", "d7", "e9"], width=1000, height=1000)
    assert many.valid
    with pytest.raises(km.TooLargeError) as raised:
        many.frames
    assert raised.value.code == "render_too_large"
    assert str(raised.value) == (
        "drawing every position would draw 5000000 squares, more than the 4000000 allowed; "
        "draw the path once with text() or svg()"
    )
    # One frame of a board too large to print.
    with pytest.raises(km.TooLargeError):
        km.validate(["a1"], width=10**9, height=10**9).frames
    assert len(km.validate(["a1", "b3", "c5", "d7"], width=1000, height=1000).frames) == 4


def test_validate_simple_refuses_a_revisit() -> None:
    v = km.validate(["a1", "b3", "a1"], simple=True)
    assert not v.valid and v.error is not None and v.error.reason == "revisits_square"
    assert km.validate(["a1", "b3", "a1"]).valid


def longest_brute(grid: Grid, a: tuple[int, int], b: tuple[int, int]) -> Optional[int]:
    """The most moves of a simple path from a to b (no teleports): brute force."""
    w, h = len(grid[0]), len(grid)
    best: Optional[int] = None
    seen = {a}

    def go(here: tuple[int, int], moves: int) -> None:
        nonlocal best
        if here == b:
            best = moves if best is None else max(best, moves)
            return
        for df, dr in JUMPS:
            there = (here[0] + df, here[1] + dr)
            if 0 <= there[0] < w and 0 <= there[1] < h and there not in seen:
                if step_fault(grid, here, there, "either") is None:
                    seen.add(there)
                    go(there, moves + 1)
                    seen.discard(there)

    go(a, 0)
    return best


def test_longest_paths_agree_with_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(25):
        w, h = rng.choice([(3, 4), (4, 4), (3, 5), (4, 5)])
        grid = [row.replace("B", ".") for row in random_board(rng, w, h, teleport=False)]
        free = [(f, r) for f in range(w) for r in range(h) if at(grid, (f, r)) != "R"]
        a, b = rng.sample(free, 2)
        seen: list[int] = []
        found = km.longest_path(
            rows_top_first(grid), name(*a), name(*b), timeout=5, on_improve=lambda m, ub, p: seen.append(m)
        )
        expected = longest_brute(grid, a, b)
        if expected is None:
            assert found is None
            continue
        assert found is not None and found.optimal is True
        assert found.moves == found.upper_bound == expected
        path = [cell(s, w) for s in found.path]
        assert len(set(path)) == len(path) and walk_cost(grid, path, "either")[1] == expected
        assert seen == sorted(seen) and all(m <= expected for m in seen)


def test_the_ends_default_to_s_and_e() -> None:
    found = km.cheapest_path("S . .\n. . .\n. . E")
    assert found is not None and found.path[0] == "a3" and found.path[-1] == "c1"
    with pytest.raises(km.ParameterError):
        km.cheapest_path(". . .\n. . .")
