"""The errors of knight_moves: each a ValueError carrying the same ``code``
as the knightd HTTP API's problems, and plain words saying what was wrong.

``code`` is a stable slug (``"square_off_board"``, ``"no_tour"``, …);
``param`` names the argument at fault when there is one. Catch
:class:`KnightError` for all of them, or a subclass for one kind.
"""

from __future__ import annotations

from typing import Optional


class KnightError(ValueError):
    """A question that has no answer as asked.

    ``code`` is the knightd API's code for the same problem, ``param`` the
    argument at fault (or None); ``str(error)`` is the plain words.
    """

    code: str
    param: Optional[str]

    def __init__(self, code: str, detail: str, param: Optional[str] = None) -> None:
        super().__init__(detail)
        self.code = code
        self.param = param

    @property
    def detail(self) -> str:
        """The plain words (the API's ``detail``)."""
        return str(self.args[0])

    def __reduce__(self) -> tuple[type[KnightError], tuple[str, str, Optional[str]]]:
        # Pickled (for multiprocessing) with its code and param.
        return (type(self), (self.code, self.detail, self.param))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.detail!r}, {self.param!r})"


class ParameterError(KnightError):
    """An argument with a value the question cannot take (``invalid_parameter``)."""


class SquareError(KnightError):
    """A square that does not parse, is not on the board, or cannot be stood on
    (``invalid_square``, ``square_off_board``, ``square_not_landable``)."""


class BoardError(KnightError):
    """A board size out of range, or a terrain board that does not parse
    (``invalid_board_size``, ``board_empty``, ``board_ragged_rows``, …)."""


class TooLargeError(KnightError):
    """A board, path or picture over a size limit (``board_too_large``,
    ``path_too_long``, ``render_too_large``)."""


class NoTourError(KnightError):
    """No tour exists as asked, and the words say why (``no_tour``)."""


class NotFoundError(KnightError):
    """A search gave up within its time without an answer or a proof that
    none exists (``tour_not_found``), or a count of tours was not finished
    in time (``count_not_settled``): ask again with a larger ``timeout``."""


_BY_CODE = {
    "invalid_parameter": ParameterError,
    "invalid_square": SquareError,
    "square_off_board": SquareError,
    "square_not_landable": SquareError,
    "invalid_board_size": BoardError,
    "board_empty": BoardError,
    "board_ragged_rows": BoardError,
    "board_unknown_character": BoardError,
    "board_teleport_count": BoardError,
    "board_duplicate_marker": BoardError,
    "board_start_end_unpaired": BoardError,
    "board_too_large": TooLargeError,
    "path_too_long": TooLargeError,
    "render_too_large": TooLargeError,
    "no_tour": NoTourError,
    "tour_not_found": NotFoundError,
    "count_not_settled": NotFoundError,
}


def _from_code(code: str, detail: str, param: Optional[str]) -> KnightError:
    """The error for ``code`` (the native module raises through this)."""
    return _BY_CODE.get(code, KnightError)(code, detail, param)


__all__ = [
    "KnightError",
    "ParameterError",
    "SquareError",
    "BoardError",
    "TooLargeError",
    "NoTourError",
    "NotFoundError",
]
