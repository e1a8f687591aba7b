//! `POST /longest-path`: the longest simple path found in a time budget on a
//! plain or terrain board, with a proven upper bound on its moves; streamed
//! as NDJSON lines, one at each improvement, when the client asks.

use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use axum::response::Response;

use crate::error::ApiError;
use crate::heavy::SMALL_SEARCH_SQUARES;
use crate::heavy::{Served, Work};
use crate::request::format::Ndjson;
use crate::request::question::longest::LongestQuestion;
use crate::request::resolve::Question;
use crate::response::answer::path::{LongestAnswer, LongestFound, LongestLine};
use crate::response::answer::respond;
use crate::response::lines::{self, LineSender};
use crate::written::{Format, Notated};
use knight::terrain::SearchError;
use knight::terrain::{longest_path_watched, Longest, LongestWatch};
use knight::{BarrierRule, Square, Terrain};

/// What the search reports to the stream: a line at each improvement, and
/// "cancelled" once the client has gone.
struct Watch {
    lines: LineSender,
    work: Work,
    shown: Notated,
    ends: [Square; 2],
    began: Instant,
}

impl Watch {
    fn line(&self, longest: &Longest, last: bool) -> LongestLine {
        let elapsed = self.began.elapsed().as_millis();
        LongestLine {
            answer: LongestAnswer::new(&self.shown, self.ends, longest),
            elapsed_ms: u64::try_from(elapsed).unwrap_or(u64::MAX),
            last,
        }
    }
}

impl LongestWatch for Watch {
    fn improved(&self, longest: &Longest) {
        self.lines.offer(&self.line(longest, false));
    }

    fn cancelled(&self) -> bool {
        self.lines.is_closed() || self.work.is_called_off()
    }

    fn cores(&self) -> usize {
        cores(&self.work)
    }
}

/// The cores a search may use: two while the pool has one to spare, one
/// each while another client's work waits.
fn cores(work: &Work) -> usize {
    if work.core_to_spare() {
        2
    } else {
        1
    }
}

/// The watch of a search answered whole: its cores, and whether its
/// client is still there.
struct Cores(Work);

impl LongestWatch for Cores {
    fn improved(&self, _: &Longest) {}

    fn cancelled(&self) -> bool {
        self.0.is_called_off()
    }

    fn cores(&self) -> usize {
        cores(&self.0)
    }
}

/// The search streamed as NDJSON: the answer (`200`) once the search has
/// started on the blocking pool (a refusal of admission is the usual
/// `503`), its lines as it improves, and the final answer last. The
/// search stops when the client goes away.
async fn stream(work: Work, ask: LongestQuestion, limit: Duration) -> Result<Response, ApiError> {
    let began = Instant::now();
    let (lines, response) = lines::channel();
    let (started, has_started) = oneshot::channel::<()>();
    let watch = Watch {
        lines,
        work: work.clone(),
        shown: ask.shown,
        ends: ask.ends,
        began,
    };
    let job = tokio::spawn(async move {
        let searched = work
            .run_for(limit, move || {
                let _ = started.send(());
                let [from, to] = ask.ends;
                let longest = longest_path_watched(&ask.terrain, ask.rule, from, to, limit, &watch);
                (longest, watch)
            })
            .await?;
        if let (Ok(longest), watch) = searched {
            let last = watch.line(&longest, true);
            watch.lines.finish(&last).await;
        }
        Ok::<(), ApiError>(())
    });
    lines::started(has_started, job).await?;
    Ok(response)
}

pub async fn handler(
    Served { work, .. }: Served,
    format: Format,
    ndjson: Ndjson,
    Question(ask): Question<LongestQuestion>,
) -> Result<Response, ApiError> {
    let limit = Duration::from_millis(ask.time_limit_ms);
    if ndjson.0 {
        ask.check_ends()?;
        return stream(work, ask, limit).await;
    }
    let LongestQuestion {
        terrain,
        rule,
        shown,
        ends,
        time_limit_ms,
    } = ask;
    let (terrain, longest) = whole(work, terrain, rule, ends, limit).await?;
    let longest = longest?;
    let answer = LongestFound {
        terrain,
        rule,
        shown,
        ends,
        longest,
        time_limit_ms,
    };
    respond(format, answer)
}

/// The search answered whole. Admission counts the time limit as the
/// search's time: it runs to the limit unless it proves its path the
/// longest first.
async fn whole(
    work: Work,
    terrain: Terrain,
    rule: BarrierRule,
    [from, to]: [Square; 2],
    limit: Duration,
) -> Result<(Terrain, Result<Longest, SearchError>), ApiError> {
    let squares = terrain.board().squares();
    let cores = Cores(work.clone());
    let search = move || {
        let longest = longest_path_watched(&terrain, rule, from, to, limit, &cores);
        (terrain, longest)
    };
    if squares <= SMALL_SEARCH_SQUARES {
        Ok(search())
    } else {
        work.run_for(limit, search).await
    }
}
