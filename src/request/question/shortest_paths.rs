//! `/shortest-paths`: two squares, and the page of their shortest paths to
//! list, sized before any work.

use std::borrow::Cow;

use crate::convert::len64;
use crate::error::{ApiError, Code};
use crate::request::params::{params, Given};
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{required, squares_on, Ends, PlainArgs};
use crate::written::{Format, Notated};
use knight::board::file_name;
use knight::plain::{Count, PathsLimits};
use knight::{Board, Square};

params! {
    /// What `/shortest-paths` asks: the two squares, the board, and the page.
    pub struct PathsArgs {
        pub ends: Ends,
        pub offset: Given<Count>,
        pub limit: Given<u64>,
        pub plain: PlainArgs,
    }
}

/// A page of shortest paths to list: `listed` of them from `offset`, of
/// the `limit` asked (a page holds at most `fits`).
pub struct PathsQuestion {
    pub shown: Notated,
    pub ends: [Square; 2],
    pub offset: Count,
    pub limit: u64,
    pub listed: u64,
    pub fits: u64,
    /// The fewest moves between the ends (0 when none).
    pub moves: u64,
    pub limits: PathsLimits,
    /// `--max-page-squares`.
    pub page_squares: u64,
    /// The work: about the squares on shortest paths.
    pub units: u64,
    /// The JSON page's bytes, counted before it is made.
    pub bytes: u64,
}

impl Resolve for PathsQuestion {
    type Sent = PathsArgs;

    fn resolve(req: PathsArgs, cx: &Context<'_>) -> Result<PathsQuestion, ApiError> {
        let args = required(req.ends.named())?;
        let (shown, ends) = squares_on(req.plain.board()?, req.plain.notation, args)?;
        let board = shown.board;
        let most = cx.config.max_paths_page;
        let limit = req.limit.or(100);
        if limit > most {
            return Err(ApiError::invalid(
                "limit",
                // Not quoted: the number read may be written otherwise (1e5).
                format!("'limit' is more than a page lists, at most {most} paths (--max-paths-page): give limit={most} or less, and page with 'offset'"),
            ));
        }
        // The work grows with the squares on shortest paths: about the
        // square of the moves, within the board.
        let moves = knight::knight_distance(board, ends[0], ends[1]).unwrap_or(0);
        let units = board
            .squares()
            .min((moves + 1).saturating_mul(moves + 1).saturating_mul(8));
        // A page is built whole: at most `fits` paths of `moves + 1` squares.
        let page_squares = cx.config.max_page_squares;
        let fits = page_squares / (moves + 1);
        let listed = limit.min(fits);
        // Each square's longest name and a comma.
        let bytes = match cx.format {
            Format::Json => listed * (moves + 1) * (longest_name(shown) + 1),
            _ => 0,
        };
        Ok(PathsQuestion {
            shown,
            ends,
            offset: req.offset.or_default(),
            limit,
            listed,
            fits,
            moves,
            limits: PathsLimits {
                squares: cx.config.max_shortest_path_squares,
                count_bytes: cx.config.max_path_count_bytes,
            },
            page_squares,
            units,
            bytes,
        })
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        Some((self.shown.board, Cow::Borrowed(&self.ends)))
    }
}

impl PathsQuestion {
    /// Whether the page asked is longer than a page may be, with `count`
    /// paths in all: refused, naming the largest `limit` that is not.
    pub fn check_page(&self, count: &Count) -> Result<(), ApiError> {
        let mut end = self.offset.clone();
        end += &Count::from(self.listed);
        if self.limit > self.listed && *count > end {
            return Err(self.page_too_long());
        }
        Ok(())
    }

    /// A page of `limit` paths of `moves` moves is longer than
    /// `--max-page-squares`.
    fn page_too_long(&self) -> ApiError {
        let (limit, moves, fits, most) = (self.limit, self.moves, self.fits, self.page_squares);
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
}

/// The most bytes a square of `shown`'s board takes in JSON: the largest
/// index's digits, or the longest file's letters, the highest rank's
/// digits and two quotes.
fn longest_name(shown: Notated) -> u64 {
    let digits = |n: u64| len64(n.to_string().len());
    let board = shown.board;
    match shown.notation {
        knight::Notation::Index => digits(board.squares() - 1),
        knight::Notation::Algebraic => {
            len64(file_name(board.width() - 1).len()) + digits(board.height()) + 2
        }
    }
}
