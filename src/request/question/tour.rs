//! `/tour` (a whole tour from a start square) and `/tour/step` (one step
//! of the block construction's tour, on boards up to 10⁹ a side).

use std::borrow::Cow;

use serde::Deserialize;

use crate::error::{ApiError, Code, StepRefused, TourRefused};
use crate::request::params::{choice, params, Given};
use crate::request::question::ending;
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{PlainArgs, SquareArg};
use crate::written::Notated;
use knight::tour::{Ending, IndexedTour, DEFAULT_BACKTRACKS};
use knight::{Board, Notation, Square, TourError, TourRequest};

/// How a request asks a tour to be found (`method`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MethodArg {
    /// The block construction: never misses, and `/tour/step` reads it.
    #[default]
    Auto,
    /// Warnsdorff's rule with Roth's tie-break, backtracking when stuck.
    Warnsdorff,
}

impl<'de> Deserialize<'de> for MethodArg {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        choice(
            deserializer,
            "a method",
            &[
                ("auto", MethodArg::Auto),
                ("warnsdorff", MethodArg::Warnsdorff),
            ],
        )
    }
}

crate::request::params::param_by_serde!(MethodArg);

params! {
    /// What a tour request asks. `start` defaults to `a1`, `closed` to false,
    /// `method` to `auto`.
    pub struct TourArgs {
        pub start: Given<SquareArg>,
        pub end: Given<SquareArg>,
        pub closed: Given<bool>,
        pub method: Given<MethodArg>,
        pub seed: Given<u64>,
    }
}

params! {
    /// `/tour`: a GET's query or a POST's body (`format` comes in the
    /// query string).
    pub struct TourParams {
        pub tour: TourArgs,
        pub plain: PlainArgs,
    }
}

/// A tour to find: the library's request, within `--max-tour-squares`.
pub struct TourQuestion {
    pub asked: TourRequest,
    /// The end asked for, if any.
    pub end: Option<Square>,
    pub shown: Notated,
    /// `--max-tour-squares`.
    pub limit: u64,
}

impl Resolve for TourQuestion {
    type Sent = TourParams;

    fn resolve(sent: TourParams, cx: &Context<'_>) -> Result<TourQuestion, ApiError> {
        let TourParams { tour: req, plain } = sent;
        let board = plain.board()?;
        let start_arg = req.start.0.as_ref().unwrap_or(SquareArg::a1());
        let start = start_arg.on(board, "start")?;
        let end = req.end.0.as_ref().map(|e| e.on(board, "end")).transpose()?;
        let shown = plain.shown(board, start_arg.notation());
        let ending = ending(req.closed.or(false), end)?;
        let question = TourQuestion {
            asked: TourRequest {
                board,
                start,
                method: method(ending, req.method.or_default(), req.seed)?,
            },
            end,
            shown,
            limit: cx.config.max_tour_squares,
        };
        // Refused here too, so that a board far too large never queues.
        if board.squares() > question.limit {
            return Err(question.refused(TourError::TooLarge {
                squares: board.squares(),
                limit: question.limit,
            }));
        }
        cx.format.check_drawable(board, &[])?;
        Ok(question)
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        let squares = [self.asked.start].into_iter().chain(self.end).collect();
        Some((self.asked.board, Cow::Owned(squares)))
    }
}

/// The library's method of a tour that ends as `ending` asks, by
/// `method`; `seed` breaks Warnsdorff's ties.
fn method(
    ending: Ending,
    method: MethodArg,
    seed: Given<u64>,
) -> Result<knight::tour::Method, ApiError> {
    let closed = ending == Ending::Closed;
    Ok(match (ending, method) {
        (Ending::End(_), MethodArg::Warnsdorff) => {
            return Err(ApiError::invalid(
                "end",
                "Warnsdorff's rule does not steer toward an end square: with 'end', leave out 'method' or give 'method=auto'",
            ))
        }
        _ if seed.is_given() && method != MethodArg::Warnsdorff => {
            return Err(ApiError::invalid(
                "seed",
                "'seed' breaks the ties of Warnsdorff's rule: give it with 'method=warnsdorff', or leave it out",
            ))
        }
        (Ending::End(end), MethodArg::Auto) => knight::tour::Method::Ends { end },
        (_, MethodArg::Auto) => knight::tour::Method::Construction { closed },
        (_, MethodArg::Warnsdorff) => knight::tour::Method::Warnsdorff {
            closed,
            seed: seed.0,
            max_backtracks: DEFAULT_BACKTRACKS,
        },
    })
}

impl TourQuestion {
    /// Why the library found no tour, in the request's words.
    pub fn refused(&self, error: TourError) -> ApiError {
        let warnsdorff = matches!(self.asked.method, knight::tour::Method::Warnsdorff { .. });
        TourRefused {
            error,
            board: self.asked.board,
            warnsdorff,
        }
        .into()
    }
}

params! {
    /// `/tour/step`: exactly one of `step` and `square`.
    pub struct StepRequest {
        pub start: Given<SquareArg>,
        pub closed: Given<bool>,
        pub step: Given<u64>,
        pub square: Given<SquareArg>,
        pub plain: PlainArgs,
    }
}

/// What `/tour/step` asks of the tour.
#[derive(Clone, Copy)]
pub enum Lookup {
    Step(u64),
    Square(Square),
}

/// One step of the tour of a board from `start`.
pub struct StepQuestion {
    pub board: Board,
    pub start: Square,
    pub closed: bool,
    pub lookup: Lookup,
    pub shown: Notated,
    /// `--max-tour-squares`.
    pub limit: u64,
}

impl Resolve for StepQuestion {
    type Sent = StepRequest;

    fn resolve(req: StepRequest, cx: &Context<'_>) -> Result<StepQuestion, ApiError> {
        let board = req.plain.board()?;
        let lookup_arg = match (req.step.0, req.square.0.as_ref()) {
            (Some(_), Some(_)) => return Err(ApiError::invalid(
                "square",
                "give exactly one of 'step' (answered with its square) and 'square' (answered with its step), not both",
            )),
            (None, None) => return Err(ApiError::new(
                Code::MissingParameter,
                "give 'step' (a position in the tour from 0, answered with its square) or 'square' (answered with its step)",
            )
            .at("step")),
            (Some(step), None) => Ok(step),
            (None, Some(square)) => Err(square),
        };
        let start_arg = req.start.0.as_ref();
        let start = start_arg.unwrap_or(SquareArg::a1()).on(board, "start")?;
        let lookup = match lookup_arg {
            Ok(step) => Lookup::Step(step),
            Err(square) => Lookup::Square(square.on(board, "square")?),
        };
        // Squares are written as the first square given is.
        let first = start_arg.or(lookup_arg.err());
        let question = StepQuestion {
            board,
            start,
            closed: req.closed.or(false),
            lookup,
            shown: req.plain.shown(
                board,
                first.map_or(Notation::Algebraic, SquareArg::notation),
            ),
            limit: cx.config.max_tour_squares,
        };
        question.check()?;
        Ok(question)
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        Some((self.board, Cow::Borrowed(std::slice::from_ref(&self.start))))
    }
}

impl StepQuestion {
    /// A step past the tour's end is refused, and so is a board whose
    /// tour is listed whole (heavy work) past `--max-tour-squares`.
    fn check(&self) -> Result<(), ApiError> {
        let board = self.board;
        if let Lookup::Step(step) = self.lookup {
            if step >= board.squares() {
                return Err(ApiError::invalid(
                    "step",
                    format!(
                        "step {step} is past the end: a tour of the {board} board has steps 0 to {}",
                        board.squares() - 1
                    ),
                ));
            }
        }
        if IndexedTour::is_listed(board) && board.squares() > self.limit {
            return Err(self.refused(TourError::TooLarge {
                squares: board.squares(),
                limit: self.limit,
            }));
        }
        Ok(())
    }

    /// The step and the square asked about, read in `tour`.
    pub fn look_up(&self, tour: &IndexedTour) -> Result<(u64, Square), ApiError> {
        let lost = || ApiError::internal();
        Ok(match self.lookup {
            Lookup::Step(step) => (step, tour.square_at(step).ok_or_else(lost)?),
            Lookup::Square(square) => (tour.step_of(square).ok_or_else(lost)?, square),
        })
    }

    /// Why the tour could not be set up, in the request's words.
    pub fn refused(&self, error: TourError) -> ApiError {
        StepRefused {
            error,
            board: self.board,
            limit: self.limit,
        }
        .into()
    }
}
