"""Errors: ValueError subclasses carrying the API's codes and plain words."""

from __future__ import annotations

import threading
import time
from typing import Callable

import pytest

import knight_moves as km


@pytest.mark.parametrize(
    "call,kind,code,param",
    [
        (lambda: km.distance("g2", "z9"), km.SquareError, "square_off_board", "dest"),
        (lambda: km.distance("g0", "a1"), km.SquareError, "invalid_square", "src"),
        (lambda: km.distance(-1, 0), km.SquareError, "invalid_square", "src"),
        (lambda: km.distance(0, 1, width=0), km.BoardError, "invalid_board_size", "width"),
        (lambda: km.distance(0, 1, height=10**10), km.BoardError, "invalid_board_size", "height"),
        (lambda: km.path("a1", "a1000000000", width=8, height=10**9), km.TooLargeError, "path_too_long", None),
        (lambda: km.tour("a1", width=3, height=3), km.NoTourError, "no_tour", None),
        (lambda: km.tour("a1", width=2000, height=1000), km.TooLargeError, "board_too_large", None),
        (lambda: km.tour("a1", width=10**6, height=10**6, max_squares=10**12), km.ParameterError, "invalid_parameter", "max_squares"),
        (lambda: km.tour("a1", method="fast"), km.ParameterError, "invalid_parameter", "method"),  # type: ignore[arg-type]
        (lambda: km.tour("a1", seed=3), km.ParameterError, "invalid_parameter", "seed"),
        (lambda: km.finish(["a1", "a2"]), km.ParameterError, "invalid_parameter", "played"),
        (lambda: km.finish(["a1"], timeout=0), km.ParameterError, "invalid_parameter", "timeout"),
        (lambda: km.solve_clues({"a1": 1}, width=9, height=9), km.TooLargeError, "board_too_large", None),
        (lambda: km.solve_clues({"a1": 1, "b1": 1}), km.ParameterError, "invalid_parameter", "clues"),
        (lambda: km.Terrain("..\n..."), km.BoardError, "board_ragged_rows", "board"),
        (lambda: km.Terrain("..X"), km.BoardError, "board_unknown_character", "board"),
        (lambda: km.cheapest_path("R..\n...\n...", "a3", "c1"), km.SquareError, "square_not_landable", "src"),
        (lambda: km.validate(["a1"], barrier_rule="both"), km.ParameterError, "invalid_parameter", "barrier_rule"),  # type: ignore[arg-type]
        (lambda: km.IndexedTour("a1").square_at(64), km.ParameterError, "invalid_parameter", "step"),
    ],
)
def test_each_refusal_has_its_class_code_and_param(
    call: object, kind: type[km.KnightError], code: str, param: str | None
) -> None:
    assert callable(call)
    with pytest.raises(kind) as raised:
        call()
    error = raised.value
    assert isinstance(error, ValueError)
    assert (error.code, error.param) == (code, param)
    assert error.detail == str(error) and len(error.detail) > 20


def test_the_words_quote_what_was_sent() -> None:
    with pytest.raises(km.SquareError, match=r"^'z9' is not a square of the 8×8 board: its squares are 0 to 63 \(a1 to h8\)$"):
        km.distance("g2", "z9")


def test_an_error_pickles_with_its_code() -> None:
    import pickle

    try:
        km.distance("g2", "z9")
    except km.KnightError as error:
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is km.SquareError
        assert (again.code, again.param, str(again)) == (error.code, error.param, str(error))


def test_wrong_python_types_are_type_errors() -> None:
    with pytest.raises(TypeError):
        km.distance(1.5, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        km.distances([(0, 1, 2)])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        km.finish("a1")


#: Calls of a tenth of a second or more (the longest path runs to its
#: timeout: its bound is not met on this board).
HEAVY_CALLS: dict[str, Callable[[], object]] = {
    "longest_path": lambda: km.longest_path("\n".join(["..R." * 5] * 20), "a1", "b1", timeout=0.3),
    "tour": lambda: [km.tour(0, width=300, height=300, method="warnsdorff") for _ in range(5)],
    "puzzle": lambda: km.puzzle(width=8, height=8, seed=5, timeout=0.3),
    "shortest_paths": lambda: km.shortest_paths("a1", "a10000", width=8, height=10000).page(0, 10),
}


@pytest.mark.parametrize("name", sorted(HEAVY_CALLS))
def test_a_heavy_call_releases_the_gil(name: str) -> None:
    # While the call runs in another thread, this thread keeps running
    # Python, in the middle half of the call too: it could not if the call
    # held the GIL (then it could run only before and after the call).
    span: list[float] = []
    done = threading.Event()

    def run() -> None:
        span.append(time.perf_counter())
        HEAVY_CALLS[name]()
        span.append(time.perf_counter())
        done.set()

    worker = threading.Thread(target=run)
    worker.start()
    seen = []
    while not done.is_set():
        seen.append(time.perf_counter())
    worker.join()
    start, end = span
    quarter = (end - start) / 4
    assert end - start > 0.05
    assert any(start + quarter < t < end - quarter for t in seen)


def test_an_exception_in_on_improve_stops_the_search_and_propagates() -> None:
    def stop(moves: int, bound: int | None, path: list[str | int] | None) -> None:
        raise KeyError("enough")

    with pytest.raises(KeyError, match="enough"):
        km.longest_path("\n".join(["." * 8] * 8), "a1", "h8", timeout=5, on_improve=stop)


def test_a_played_fault_says_what_knightd_says() -> None:
    # knightd's words (its detail names /validate where this names validate()).
    with pytest.raises(km.ParameterError) as caught:
        km.finish(["a1", "a2"])
    assert str(caught.value) == (
        "'played' must be a path of knight moves that visits no square twice, but step 1 from a1 to a2"
        " is not a knight move (as validate() reports it: step 1, not_a_knight_move)"
    )
