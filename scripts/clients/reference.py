"""What the generated Python clients' calls must answer, worked out here
without knightd: squares, knight moves, breadth-first distances, tours and
colours; and the checks both Python callers (call_opc.py, call_generator.py)
make alike: the page's files, and every operation of the document called.
scripts/clients/call.ts holds the same for the TypeScript client.
"""

from collections import deque


def file_of(letters):
    """A file's 0-based number from its letters (bijective base 26)."""
    n = 0
    for c in letters:
        n = n * 26 + (ord(c) - ord("a") + 1)
    return n - 1


def square(s, width):
    """(file, rank), 0-based, of an index or an algebraic name."""
    if isinstance(s, int) or str(s).isdigit():
        i = int(s)
        return i % width, i // width
    letters = s.rstrip("0123456789")
    return file_of(letters), int(s[len(letters):]) - 1


def name(file, rank):
    letters = ""
    file += 1
    while file:
        file, r = divmod(file - 1, 26)
        letters = chr(ord("a") + r) + letters
    return f"{letters}{rank + 1}"


JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def is_knight_move(a, b):
    return (abs(a[0] - b[0]), abs(a[1] - b[1])) in ((1, 2), (2, 1))


def moves_from(s, width, height):
    """The squares one knight move from `s`, as indices, sorted."""
    f, r = square(s, width)
    out = [
        (r + dr) * width + f + df
        for df, dr in JUMPS
        if 0 <= f + df < width and 0 <= r + dr < height
    ]
    return sorted(out)


def distance(a, b, width, height):
    """Fewest knight moves from a to b by breadth-first search; None if unreachable."""
    start = square(a, width)
    goal = square(b, width)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        f, r = queue.popleft()
        if (f, r) == goal:
            return seen[(f, r)]
        for df, dr in JUMPS:
            n = (f + df, r + dr)
            if 0 <= n[0] < width and 0 <= n[1] < height and n not in seen:
                seen[n] = seen[(f, r)] + 1
                queue.append(n)
    return None


def distances_from(a, width, height):
    """Breadth-first search from a: each square's distance and number of
    shortest paths, by (file, rank)."""
    start = square(a, width)
    dist, ways = {start: 0}, {start: 1}
    queue = deque([start])
    while queue:
        f, r = queue.popleft()
        for df, dr in JUMPS:
            n = (f + df, r + dr)
            if not (0 <= n[0] < width and 0 <= n[1] < height):
                continue
            if n not in dist:
                dist[n] = dist[(f, r)] + 1
                ways[n] = ways[(f, r)]
                queue.append(n)
            elif dist[n] == dist[(f, r)] + 1:
                ways[n] += ways[(f, r)]
    return dist, ways


def distance_rows(a, width, height):
    """The distance map of the whole board, highest rank first."""
    dist, _ = distances_from(a, width, height)
    return [[dist.get((f, r)) for f in range(width)] for r in reversed(range(height))]


def count_paths(a, b, width, height):
    """The number of shortest paths from a to b."""
    _, ways = distances_from(a, width, height)
    return ways.get(square(b, width), 0)


def count_tours(width, height, start=None, closed=False):
    """Knight's tours by depth-first enumeration of every directed path
    through all squares: open ones counted once whichever way walked, with
    `start` those walked from it, closed ones once (small boards only)."""
    n = width * height
    near = [moves_from(i, width, height) for i in range(n)]
    ends = {}

    def walk(at, seen, depth, first):
        if depth == n:
            ends[first] = ends.get(first, 0) + (1 if not closed or first in near[at] else 0)
            return
        for nxt in near[at]:
            if not seen >> nxt & 1:
                walk(nxt, seen | 1 << nxt, depth + 1, first)

    firsts = [square_index(start, width)] if start is not None else range(n)
    for first in firsts:
        walk(first, 1 << first, 1, first)
    directed = sum(ends.values())
    if start is not None:
        return directed
    return directed // (2 * n) if closed else directed // 2


def square_index(s, width):
    f, r = square(s, width)
    return r * width + f


def is_knight_path(path, width):
    squares = [square(s, width) for s in path]
    return all(is_knight_move(a, b) for a, b in zip(squares, squares[1:]))


def check_shortest_path(path, a, b, width, height):
    assert path[0] == a and path[-1] == b, path
    assert len(path) == distance(a, b, width, height) + 1, path
    assert is_knight_path(path, width), path


def check_tour(path, width, height, start, end=None, closed=False):
    squares = [square(s, width) for s in path]
    assert len(set(squares)) == width * height == len(path), path
    assert path[0] == start, path
    if end is not None:
        assert path[-1] == end, path
    assert is_knight_path(path, width), path
    if closed:
        assert is_knight_move(squares[-1], squares[0]), path


def colour(s, width):
    f, r = square(s, width)
    return "light" if (f + r) % 2 else "dark"


def check_text_picture(text, width, height, summary_words):
    """A text picture: ranks before the rows, files underneath, then what
    was asked (a line) and answered (a line holding `summary_words`)."""
    lines = text.rstrip("\n").split("\n")
    assert len(lines) == height + 3, text
    assert lines[height].split() == [name(f, 0)[:-1] for f in range(width)], text
    for i, line in enumerate(lines[:height]):
        assert line.split()[0] == str(height - i), text
    asked, answered = lines[height + 1:]
    assert asked.endswith("board.") and summary_words in answered, text


def check_svg(svg, squares):
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>"), svg[:200]
    for s in squares:
        assert f'data-square="{s}"' in svg, s


# The page's files and what each begins with (or holds).
PAGE = {
    "getPage": "<!doctype html>",
    "getPageStyle": "{",
    "getPageFavicon": "<svg",
    "getPageChallengeBoard": ". . .",
}


def operation_id(snake):
    """The operationId of a generated function or module: get_page_style is
    getPageStyle."""
    return "".join(w.capitalize() if i else w for i, w in enumerate(snake.split("_")))


def check_page_file(operation, body, called):
    """A file of the page, read as text: not empty, and beginning with (or
    holding) what PAGE says. Records it in `called`."""
    assert isinstance(body, str) and body, (operation, body)
    assert PAGE.get(operation, "") in body, (operation, body[:80])
    called[operation] = f"{len(body)} characters"


def check_every_operation_called(document, called, client):
    """Fails unless `called` (operationId: what it answered) names every
    operation of the parsed OpenAPI `document` and no other; then prints a
    few of the answers, for `client`."""
    operations = {
        op["operationId"]
        for item in document["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and "operationId" in op
    }
    missing = operations - set(called)
    assert not missing, f"operations not called: {sorted(missing)}"
    assert not set(called) - operations, sorted(set(called) - operations)
    print(f"  {client}: {len(called)} operations answered as the contract says, e.g.")
    for operation in ["getDistance", "getPath", "postPath", "postTourStep", "postLongestPath"]:
        print(f"    {operation}: {called[operation]}")
