//! What a detail says of a parameter: its other name, what it takes and
//! the largest it takes. Here, beside the one error, so that reading a
//! request (which makes errors) depends on this and not the reverse.

use std::fmt;

/// The other name of a parameter, if it has one.
pub fn alias(name: &str) -> Option<&'static str> {
    match name {
        "from" => Some("src"),
        "to" => Some("dest"),
        "src" => Some("from"),
        "dest" => Some("to"),
        _ => None,
    }
}

/// What a parameter takes, in words, by its name; for an item of a list,
/// by the list's name and `[]` for each level (`pairs[][]`). None for a
/// parameter this table does not know.
pub fn allowed(shape: &str) -> Option<&'static str> {
    const SQUARE: &str =
        "a square: an index (a whole number from 0) or a name such as \"d3\" (file letters, then a rank from 1)";
    Some(match shape {
        "width" | "height" => "a whole number from 1 to 1000000000",
        "from" | "to" | "src" | "dest" | "square" | "start" | "end" | "path[]" | "played[]"
        | "pairs[][]" => SQUARE,
        "notation" => "\"algebraic\" or \"index\"",
        "format" => "\"json\", \"text\", \"svg\" or \"png\"",
        "barrier_rule" => "\"either\" or \"long_leg\"",
        "method" => "\"auto\" or \"warnsdorff\"",
        "closed" | "render" | "simple" => "true or false",
        "time_limit_ms" => "a whole number of milliseconds, from 0",
        "played" => "an array of squares, such as [\"a1\", \"b3\"]",
        "files" => "a range of files such as \"a..p\" (first..last, both included)",
        "ranks" => "a range of ranks such as \"1..16\" (first..last, both included)",
        "clues" => {
            "an object of clues, each a square and its step, such as {\"a1\": 1, \"d5\": 17}"
        }
        "step" => "a whole number from 0",
        "seed" => "a whole number from 0 to 18446744073709551615",
        "offset" => "a whole number from 0 (a JSON number or a string of digits)",
        "limit" => {
            "a whole number from 0 to the server's page size (--max-paths-page, 10000 by default)"
        }
        "board" => "a board: a string of rows separated by line breaks, or an array of row strings",
        "board[]" => "a row of the board: a string such as \". W . B\"",
        "pairs" => "an array of pairs of squares, such as [[\"g2\", \"a8\"], [0, 1]]",
        "pairs[]" => "a pair of squares: an array of two squares, such as [\"g2\", \"a8\"]",
        "path" => "an array of squares, such as [\"b6\", \"d5\", \"f6\"]",
        _ => return None,
    })
}

/// `'{square}' is not a square of the {board} board`, with the board's
/// range both ways a square is named (as the library's `OffBoard` says it).
pub fn off_board(square: impl fmt::Display, board: knight::Board) -> String {
    format!(
        "'{square}' is not a square of the {board} board: its squares are 0 to {} (a1 to {}{})",
        board.squares() - 1,
        knight::board::file_name(board.width() - 1),
        board.height()
    )
}

/// Whether a parameter (as [`allowed`] names it) holds a square.
pub fn is_square(shape: &str) -> bool {
    matches!(
        shape,
        "from"
            | "to"
            | "src"
            | "dest"
            | "square"
            | "start"
            | "end"
            | "path[]"
            | "played[]"
            | "pairs[][]"
    )
}

/// What a too-large value of a parameter is told is the largest allowed,
/// by the parameter's name (as [`allowed`] takes it).
pub fn largest(shape: &str) -> Option<&'static str> {
    const SQUARE: &str = "an index is at most width × height − 1 (63 on the 8×8 board, 999999999999999999 on the largest)";
    Some(match shape {
        "width" | "height" => "a side is at most 1000000000",
        _ if is_square(shape) => SQUARE,
        "step" => "at most width × height − 1 (999999999999999999 on the largest board)",
        "seed" => "at most 18446744073709551615",
        "time_limit_ms" => "at most 10000 milliseconds",
        "offset" => "at most 1000000 digits",
        "limit" => "at most the server's page size (--max-paths-page, 10000 by default)",
        _ => return None,
    })
}

/// Whether a parameter (as [`allowed`] names it) takes any whole number,
/// whatever its size (a place among the shortest paths): a JSON number
/// past what a float holds is read from its text.
pub fn any_whole(shape: &str) -> bool {
    shape == "offset"
}

/// Whether a parameter (as [`allowed`] names it) is a side of a plain
/// board: out of range, it is a board size refused (`invalid_board_size`).
pub fn is_side(shape: &str) -> bool {
    matches!(shape, "width" | "height")
}
