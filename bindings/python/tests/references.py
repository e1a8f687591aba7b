"""Independent references the tests hold knight_moves to: plain
breadth-first search, brute-force enumeration and move-by-move checks,
written here from the rules alone (they share no code with the library)."""

from __future__ import annotations

from collections import deque
from typing import Iterator, Optional, Sequence

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]

Cell = tuple[int, int]


def name(file: int, rank: int) -> str:
    """The algebraic name of (file, rank), 0-based: files in bijective base 26."""
    letters = ""
    n = file + 1
    while n > 0:
        n, r = divmod(n - 1, 26)
        letters = chr(ord("a") + r) + letters
    return f"{letters}{rank + 1}"


def cell(square: str | int, width: int) -> Cell:
    """(file, rank) of a square written as a name or an index."""
    if isinstance(square, int):
        return square % width, square // width
    letters = square.rstrip("0123456789")
    file = 0
    for c in letters.lower():
        file = file * 26 + (ord(c) - ord("a") + 1)
    return file - 1, int(square[len(letters):]) - 1


def neighbours(c: Cell, width: int, height: int) -> Iterator[Cell]:
    """The squares one knight move from c."""
    for df, dr in JUMPS:
        f, r = c[0] + df, c[1] + dr
        if 0 <= f < width and 0 <= r < height:
            yield f, r


def is_move(a: Cell, b: Cell) -> bool:
    """Whether a to b is one knight move."""
    return sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2]


def bfs(start: Cell, width: int, height: int) -> dict[Cell, int]:
    """The fewest moves from start to every square it reaches."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(here, width, height):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def check_tour(path: Sequence[Cell], width: int, height: int, closed: bool) -> Optional[str]:
    """Why path is not a tour (None when it is), checked move by move."""
    if len(path) != width * height:
        return f"{len(path)} squares, not {width * height}"
    if len(set(path)) != len(path):
        return "a square twice"
    for i, (a, b) in enumerate(zip(path, path[1:])):
        if not (0 <= b[0] < width and 0 <= b[1] < height):
            return f"step {i + 1} off the board"
        if not is_move(a, b):
            return f"step {i + 1} is not a knight move"
    if closed and not is_move(path[-1], path[0]):
        return "does not close"
    return None


def all_tours(width: int, height: int, closed: bool, limit: int = 10**9) -> Iterator[list[Cell]]:
    """Every directed tour of the board (from every start), by brute force."""
    squares = width * height
    for f in range(width):
        for r in range(height):
            start = (f, r)
            path = [start]
            seen = {start}

            def extend() -> Iterator[list[Cell]]:
                if len(path) == squares:
                    if not closed or is_move(path[-1], path[0]):
                        yield list(path)
                    return
                for nxt in neighbours(path[-1], width, height):
                    if nxt not in seen:
                        seen.add(nxt)
                        path.append(nxt)
                        yield from extend()
                        path.pop()
                        seen.discard(nxt)

            yield from extend()


def tours_agreeing(
    width: int, height: int, closed: bool, clues: dict[Cell, int], stop_after: int = 2
) -> list[list[Cell]]:
    """Every directed tour whose squares carry the clues' step numbers (from
    1), up to stop_after of them: a complete search of all tours, cut only
    where a clue is broken."""
    squares = width * height
    at_step = {step: c for c, step in clues.items()}
    found: list[list[Cell]] = []
    starts = [at_step[1]] if 1 in at_step else [(f, r) for f in range(width) for r in range(height)]
    for start in starts:
        if clues.get(start, 1) != 1:
            continue
        path = [start]
        seen = {start}

        def extend() -> bool:
            if len(found) >= stop_after:
                return True
            if len(path) == squares:
                if not closed or is_move(path[-1], path[0]):
                    found.append(list(path))
                return len(found) >= stop_after
            step = len(path) + 1
            for nxt in neighbours(path[-1], width, height):
                if nxt in seen:
                    continue
                if step in at_step and at_step[step] != nxt:
                    continue
                if nxt in clues and clues[nxt] != step:
                    continue
                seen.add(nxt)
                path.append(nxt)
                done = extend()
                path.pop()
                seen.discard(nxt)
                if done:
                    return True
            return False

        if extend():
            break
    return found
