//! `/distance` (two squares of a plain board) and `/distance/batch` (many
//! pairs on one board).

use std::borrow::Cow;

use crate::error::ApiError;
use crate::request::params::{params, Given};
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{plain_board, Ends, PlainArgs, Side, SquareArg};
use crate::written::Notated;
use knight::{Board, Square};

params! {
    /// `/distance`, as a query or a JSON body.
    pub struct DistanceRequest {
        pub ends: Ends,
        pub plain: PlainArgs,
    }
}

/// Two squares of a plain board, and how the answer writes them.
pub struct Distance {
    pub shown: Notated,
    pub ends: [Square; 2],
}

impl Resolve for Distance {
    type Sent = DistanceRequest;

    fn resolve(sent: DistanceRequest, _: &Context<'_>) -> Result<Distance, ApiError> {
        let (shown, ends) = sent.plain.squares(sent.ends.named())?;
        Ok(Distance { shown, ends })
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        Some((self.shown.board, Cow::Borrowed(&self.ends)))
    }
}

params! {
    /// `POST /distance/batch`.
    pub struct BatchRequest {
        pub width: Given<Side>,
        pub height: Given<Side>,
        /// Each pair is an array of two squares.
        pub pairs: Given<Vec<Vec<SquareArg>>>,
    }
}

/// Pairs of squares of one plain board, at most `--max-batch`.
pub struct Batch {
    pub board: Board,
    pub pairs: Vec<[Square; 2]>,
}

impl Resolve for Batch {
    type Sent = BatchRequest;

    fn resolve(sent: BatchRequest, cx: &Context<'_>) -> Result<Batch, ApiError> {
        let pairs = sent.pairs.required("pairs")?;
        let limit = cx.config.max_batch;
        if pairs.len() > limit {
            return Err(ApiError::too_many("pairs", pairs.len(), limit));
        }
        let board = plain_board(sent.width, sent.height)?;
        let pairs = pairs
            .iter()
            .enumerate()
            .map(|(i, pair)| {
                let [a, b] = pair.as_slice() else {
                    return Err(ApiError::invalid(
                        format!("pairs[{i}]"),
                        format!(
                            "'pairs[{i}]' is {}: a pair is an array of exactly two squares, such as [\"g2\", \"a8\"] or [0, 1]",
                            shown_list(pair)
                        ),
                    ));
                };
                let from = a.on(board, format_args!("pairs[{i}][0]"))?;
                let to = b.on(board, format_args!("pairs[{i}][1]"))?;
                Ok([from, to])
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        Ok(Batch { board, pairs })
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        None
    }
}

/// A list of squares as JSON writes it, for a detail: its first three, and
/// how many in all past them.
fn shown_list(squares: &[SquareArg]) -> String {
    let first: Vec<String> = squares.iter().take(3).map(SquareArg::shown).collect();
    match squares.len() {
        0..=3 => format!("[{}]", first.join(", ")),
        n => format!("[{}, …] ({n} squares)", first.join(", ")),
    }
}
