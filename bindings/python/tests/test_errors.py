"""Errors: ValueError subclasses carrying the API's codes and plain words."""

from __future__ import annotations

import threading

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


def test_a_heavy_call_releases_the_gil() -> None:
    # While a longest-path search runs for 0.3 s in another thread, this
    # thread keeps running Python: it could not if the GIL were held.
    board = "\n".join(["." * 12] * 12)
    done = threading.Event()

    def search() -> None:
        km.longest_path(board, "a1", "l12", timeout=0.3)
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    turns = 0
    while not done.is_set():
        turns += 1
    worker.join()
    assert turns > 1_000


def test_an_exception_in_on_improve_stops_the_search_and_propagates() -> None:
    def stop(moves: int, bound: int | None, path: list[str | int] | None) -> None:
        raise KeyError("enough")

    with pytest.raises(KeyError, match="enough"):
        km.longest_path("\n".join(["." * 8] * 8), "a1", "h8", timeout=5, on_improve=stop)
