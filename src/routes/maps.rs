//! `/distance-map` (how far every square of a board, or of a window of it,
//! is from one square) and `/shortest-paths` (how many shortest paths join
//! two squares, and any page of them), GET with a query or POST with the
//! same fields as JSON; both also drawn (`format=text` or `svg`).

use std::ops::Range;

use axum::response::Response;
use serde::Serialize;

use crate::convert::len64;
use crate::error::{ApiError, Code, PathsRefused};
use crate::heavy::Served;
use crate::http2::AnswerBudget;
use crate::request::extract::Params;
use crate::request::params::params;
use crate::request::params::{shorten, Given};
use crate::request::square::{required, squares_on, Ends, PlainArgs, SquareArg};
use crate::response::answer::json_with_lists;
use crate::response::picture::respond;
use crate::shape::Format;
use crate::shape::{Shown, ShownSquare};
use knight::board::file_name;
use knight::draw::{Caption, Overlay};
use knight::plain::{distance_map, shortest_paths, Count, PathsLimits};
use knight::terrain::Ground;
use knight::{Board, Square};

params! {
    /// The part of a board a distance map shows: `files` and `ranks`, each
    /// `first..last` (each side whole when absent).
    pub struct Window {
        pub files: Given<String>,
        pub ranks: Given<String>,
    }
}

params! {
    /// What `/distance-map` asks: from where, on which board, over which
    /// window.
    pub struct MapArgs {
        pub from: Given<SquareArg>,
        pub window: Window,
        pub plain: PlainArgs,
    }
}

params! {
    /// What `/shortest-paths` asks: the two squares, the board, and the page.
    pub struct PathsArgs {
        pub ends: Ends,
        pub offset: Given<Count>,
        pub limit: Given<u64>,
        pub plain: PlainArgs,
    }
}

#[derive(Debug, Serialize)]
pub struct MapAnswer {
    pub from: ShownSquare,
    pub width: u64,
    pub height: u64,
    /// The window's files, by name, left to right.
    pub files: Vec<String>,
    /// The window's ranks, by number (from 1), highest first.
    pub ranks: Vec<u64>,
    pub rows: Vec<Vec<Option<u64>>>,
    pub farthest: Option<u64>,
}

#[derive(Debug, Serialize)]
pub struct PathsAnswer {
    pub from: ShownSquare,
    pub to: ShownSquare,
    pub width: u64,
    pub height: u64,
    pub moves: Option<u64>,
    /// A decimal string: it outgrows every integer type.
    pub count: String,
    /// A decimal string, as `count` is: any place below the count.
    pub offset: String,
    pub paths: Vec<Vec<ShownSquare>>,
}

/// `/distance-map`, GET or POST.
pub async fn map(
    Served { state, work }: Served,
    format: Format,
    Params(req): Params<MapArgs>,
) -> Result<Response, ApiError> {
    let (shown, [from]) = req.plain.squares([("from", req.from.as_ref())])?;
    let board = shown.board;
    let limit = state.config.max_map_squares;
    let (files, ranks) = req.window.ranges(board)?;
    let squares = len64(files.len()) * len64(ranks.len());
    if squares > limit {
        let detail = if req.window.files.is_given() || req.window.ranks.is_given() {
            format!("the window has {squares} squares; a distance map shows at most {limit}: give a smaller 'files' or 'ranks' range")
        } else {
            format!("the {board} board has {squares} squares; a distance map shows at most {limit}: give a window, such as files=a..p&ranks=1..16")
        };
        let error = ApiError::new(Code::BoardTooLarge, detail);
        return Err(
            match (req.window.files.is_given(), req.window.ranks.is_given()) {
                (true, _) => error.at("files"),
                (false, true) => error.at("ranks"),
                (false, false) => error,
            },
        );
    }
    let make = move || -> Result<Response, ApiError> {
        let map = distance_map(board, from, files.clone(), ranks.clone(), limit)
            .map_err(ApiError::from)?;
        let answer = MapAnswer {
            from: shown.square(from),
            width: board.width(),
            height: board.height(),
            files: files.clone().map(|f| file_name(u64::from(f))).collect(),
            ranks: ranks.clone().rev().map(|r| u64::from(r) + 1).collect(),
            rows: map.rows().map(<[Option<u64>]>::to_vec).collect(),
            farthest: map.farthest,
        };
        let shades = ranks
            .clone()
            .rev()
            .flat_map(|r| files.clone().map(move |f| Square::new(f, r)))
            .zip(map.moves.iter())
            .filter_map(|(s, m)| m.map(|m| (s, m)))
            .collect();
        // The square itself: its colour and its moves (drawn), then the map.
        let moves = board.knight_moves(from).count();
        let itself = format!(
            "{} square, {moves} knight move{} (drawn)",
            from.colour().as_str(),
            if moves == 1 { "" } else { "s" }
        );
        let verdict = match map.farthest {
            Some(far) if far > 0 => {
                format!("{itself}; every square shown is at most {far} moves from {from}")
            }
            _ => format!("{itself}; no other square shown can be reached from {from}"),
        };
        let overlay = Overlay {
            ends: vec![from],
            moves_of: Some(from),
            shades,
            caption: Caption {
                asked: format!("Fewest moves from {from} to every square"),
                verdict: Some(verdict),
                ..Caption::default()
            },
            ..Overlay::default()
        };
        respond(format, Ground::Plain(board), None, &answer, overlay)
    };
    work.run_sized(squares, make).await?
}

/// `/shortest-paths`, GET or POST.
pub async fn paths(
    Served { state, work }: Served,
    budget: AnswerBudget,
    format: Format,
    Params(req): Params<PathsArgs>,
) -> Result<Response, ApiError> {
    let args = required(req.ends.named())?;
    let (shown, [from, to]) = squares_on(req.plain.board()?, req.plain.notation, args)?;
    let board = shown.board;
    let most = state.config.max_paths_page;
    let limit = req.limit.or(100);
    if limit > most {
        return Err(ApiError::invalid(
            "limit",
            // Not quoted: the number read may be written otherwise (1e5).
            format!("'limit' is more than a page lists, at most {most} paths (--max-paths-page): give limit={most} or less, and page with 'offset'"),
        ));
    }
    let offset = req.offset.or_default();
    let limits = PathsLimits {
        squares: state.config.max_shortest_path_squares,
        count_bytes: state.config.max_path_count_bytes,
    };
    // The work grows with the squares on shortest paths: about the square
    // of the moves, within the board.
    let moves = knight::knight_distance(board, from, to).unwrap_or(0);
    let units = board
        .squares()
        .min((moves + 1).saturating_mul(moves + 1).saturating_mul(8));
    // A page is built whole: at most `fits` paths of `moves + 1` squares.
    let page_squares = state.config.max_page_squares;
    let fits = page_squares / (moves + 1);
    // The JSON page's bytes, counted before it is made: each square's
    // longest name and a comma.
    let listed = limit.min(fits);
    let bytes = match format {
        Format::Json => listed * (moves + 1) * (longest_name(shown) + 1),
        _ => 0,
    };
    let budgeted = budget.reserve(bytes)?;
    let make = move || -> Result<Response, ApiError> {
        let found = shortest_paths(board, from, to, &offset, listed, limits).map_err(|error| {
            PathsRefused {
                error,
                board: shown.board,
                ends: [from, to],
            }
        })?;
        let mut end = offset.clone();
        end += &Count::from(listed);
        if limit > listed && found.count > end {
            return Err(page_too_long(limit, moves, fits, page_squares));
        }
        let answer = PathsAnswer {
            from: shown.square(from),
            to: shown.square(to),
            width: board.width(),
            height: board.height(),
            moves: found.moves,
            count: found.count.to_string(),
            offset: offset.to_string(),
            paths: Vec::new(),
        };
        let first = found.paths().next().filter(|_| found.moves.is_some());
        let shades = found
            .layers
            .iter()
            .enumerate()
            .flat_map(|(k, layer)| layer.iter().map(move |&s| (s, len64(k))))
            .collect();
        let verdict = match (found.moves, first) {
            (None, _) => "unreachable".to_owned(),
            (Some(_), Some(_)) => format!(
                "{}; path {} drawn, every square on some shortest path shaded by its move",
                count_words(&found.count.to_string()),
                {
                    let mut place = offset.clone();
                    place += &Count::one();
                    place
                }
            ),
            (Some(_), None) => format!(
                "{}; none at place {offset}",
                count_words(&found.count.to_string())
            ),
        };
        let overlay = Overlay {
            ends: vec![from, to],
            shades,
            shade_moves: true,
            caption: Caption {
                asked: format!("Every shortest path from {from} to {to}"),
                moves: found.moves,
                verdict: Some(verdict),
                ..Caption::default()
            },
            ..Overlay::default()
        };
        match format {
            Format::Json => Ok(json_with_lists(&answer, shown, found.paths())),
            _ => respond(format, Ground::Plain(board), first, &answer, overlay),
        }
    };
    Ok(budgeted.hold(work.run_sized(units, make).await??))
}

/// Digits up to this many are written whole (grouped by thousands); more,
/// as a power of ten (as the page writes them).
const WHOLE_DIGITS: usize = 12;

/// A count of shortest paths (decimal digits) as a person reads it: "1
/// shortest path", "1,234,567 shortest paths", or past [`WHOLE_DIGITS`]
/// digits "9.46 × 10²³⁰ shortest paths (231 digits)": three figures,
/// rounded half up.
fn count_words(count: &str) -> String {
    let digits = count.trim_start_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    if digits == "1" {
        return "1 shortest path".to_owned();
    }
    if digits.len() <= WHOLE_DIGITS {
        let mut grouped = String::with_capacity(digits.len() * 4 / 3);
        for (k, digit) in digits.chars().enumerate() {
            if k > 0 && (digits.len() - k) % 3 == 0 {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        return format!("{grouped} shortest paths");
    }
    let figure = |k: usize| u32::from(digits.as_bytes()[k] - b'0');
    let mut lead = figure(0) * 100 + figure(1) * 10 + figure(2) + u32::from(figure(3) >= 5);
    let mut power = digits.len() - 1;
    if lead == 1000 {
        lead = 100;
        power += 1;
    }
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let exponent: String = power
        .to_string()
        .bytes()
        .map(|d| SUPERSCRIPT[usize::from(d - b'0')])
        .collect();
    format!(
        "{}.{:02} × 10{exponent} shortest paths ({} digits)",
        lead / 100,
        lead % 100,
        digits.len()
    )
}

/// The most bytes a square of `shown`'s board takes in JSON: the largest
/// index's digits, or the longest file's letters, the highest rank's
/// digits and two quotes.
fn longest_name(shown: Shown) -> u64 {
    let digits = |n: u64| len64(n.to_string().len());
    let board = shown.board;
    match shown.notation {
        knight::Notation::Index => digits(board.squares() - 1),
        knight::Notation::Algebraic => {
            len64(file_name(board.width() - 1).len()) + digits(board.height()) + 2
        }
    }
}

/// A page of `limit` paths of `moves` moves is longer than `most` squares:
/// refused, naming the largest `limit` (`fits`) that is not.
fn page_too_long(limit: u64, moves: u64, fits: u64, most: u64) -> ApiError {
    let squares = u128::from(limit) * u128::from(moves + 1);
    let put_right = if fits == 0 {
        "one path is already longer: choose squares closer together".to_owned()
    } else {
        format!("give limit={fits} or less, and page with 'offset'")
    };
    ApiError::new(
        Code::PathTooLong,
        format!(
            "a page of {limit} paths of {moves} moves is {squares} squares; a page lists at most {most} squares (--max-page-squares): {put_right}"
        ),
    )
    .at("limit")
}

impl Window {
    /// The files and ranks of the window on `board`.
    fn ranges(&self, board: Board) -> Result<(Range<u32>, Range<u32>), ApiError> {
        let files = self.files.0.as_deref();
        let ranks = self.ranks.0.as_deref();
        Ok((
            window(files, "files", board.files().end, Side::Files)?,
            window(ranks, "ranks", board.ranks().end, Side::Ranks)?,
        ))
    }
}

/// Which side of the board a window's range is along.
#[derive(Clone, Copy)]
enum Side {
    /// Files: letters as in names (`a..p`) or indices from 0 (`0..15`).
    Files,
    /// Ranks: numbers as in names, from 1 (`1..16`).
    Ranks,
}

/// The window along one side: `first..last`, both included, or the whole
/// side when absent.
fn window(
    sent: Option<&str>,
    param: &str,
    side_len: u32,
    side: Side,
) -> Result<Range<u32>, ApiError> {
    let Some(whole) = sent else {
        return Ok(0..side_len);
    };
    let sent = shorten(whole);
    let how = match side {
        Side::Files => "file letters or indices from 0, such as a..p or 0..15",
        Side::Ranks => "rank numbers from 1, such as 1..16",
    };
    let bad = || {
        ApiError::invalid(
            param,
            format!("'{sent}' is not a range of {how} (first..last, both included)"),
        )
    };
    let (first, last) = whole.split_once("..").ok_or_else(bad)?;
    let read = |text: &str| -> Option<u64> {
        let text = text.trim();
        match side {
            Side::Files if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
                text.parse().ok()
            }
            Side::Files => text
                .parse::<knight::SquareName>()
                .ok()
                .or_else(|| format!("{text}1").parse::<knight::SquareName>().ok())
                .and_then(|name| match name {
                    knight::SquareName::Algebraic { file, .. } => Some(file),
                    knight::SquareName::Index(_) => None,
                }),
            Side::Ranks => text.parse::<u64>().ok().and_then(|r| r.checked_sub(1)),
        }
    };
    let (first, last) = (read(first).ok_or_else(bad)?, read(last).ok_or_else(bad)?);
    if first > last {
        return Err(ApiError::invalid(
            param,
            format!(
                "'{sent}' runs backwards: give the first {} before the last",
                side_word(side)
            ),
        ));
    }
    if last >= u64::from(side_len) {
        return Err(ApiError::new(
            Code::SquareOffBoard,
            format!(
                "'{sent}' goes past the board, which has {side_len} {}: give a range within {}",
                side_word(side),
                match side {
                    Side::Files =>
                        format!("a..{}", knight::board::file_name(u64::from(side_len) - 1)),
                    Side::Ranks => format!("1..{side_len}"),
                }
            ),
        )
        .at(param));
    }
    let to32 = |v: u64| u32::try_from(v).map_err(|_| bad());
    Ok(to32(first)?..to32(last)? + 1)
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Files => "files",
        Side::Ranks => "ranks",
    }
}
