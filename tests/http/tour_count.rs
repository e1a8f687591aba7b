//! `/tour/count` through the real server: the counts the published tables
//! hold (OEIS A165134's 5×5 table of tours from each square, A079137,
//! A001230's 6×6), GET and POST alike, the text board of counts, a picture;
//! the 400s of a closed tour with ends, the 422 of a board whose states
//! would not fit (naming the longest board of its width that does, which
//! is then counted) and of a count out of time. The counting itself is
//! held to an exhaustive enumeration in the library's
//! `crates/knight/tests/solver/count.rs`.

use crate::common;

use serde_json::{json, Value};

use common::{start, start_configured, Server};

/// A165134's 5×5 table: the directed tours from each square, rank 5 first.
const FROM_EACH_5X5: [[u64; 5]; 5] = [
    [304, 0, 56, 0, 304],
    [0, 56, 0, 56, 0],
    [56, 0, 64, 0, 56],
    [0, 56, 0, 56, 0],
    [304, 0, 56, 0, 304],
];

#[tokio::test]
async fn counts_are_the_published_ones_by_get_and_post() {
    let server = start().await;
    let v = server
        .get_json("/tour/count?width=5&height=5&time_limit_ms=10000")
        .await;
    assert_eq!(
        v,
        json!({"width": 5, "height": 5, "closed": false, "count": "864", "digits": 3})
    );
    let v = server
        .post_json(
            "/tour/count",
            &json!({"width": 5, "height": 5, "start": "a1", "time_limit_ms": 10000}),
        )
        .await;
    assert_eq!(
        v,
        json!({"width": 5, "height": 5, "closed": false, "start": "a1", "count": "304", "digits": 3})
    );
    // An index names the centre, and the answer writes squares as indices.
    let v = server
        .get_json("/tour/count?width=5&height=5&start=12&time_limit_ms=10000")
        .await;
    assert_eq!((&v["start"], &v["count"]), (&json!(12), &json!("64")));
    // The 25 squares' counts add up to twice the open count.
    let total: u64 = FROM_EACH_5X5.iter().flatten().sum();
    assert_eq!(total, 2 * 864);
    // An end alone: the tours that end there, as many as start there.
    let v = server
        .get_json("/tour/count?width=5&height=5&end=e5&time_limit_ms=10000")
        .await;
    assert_eq!((&v["end"], &v["count"]), (&json!("e5"), &json!("304")));
    // A079137: 4×8 has 31,088 open tours; either way round.
    for (w, h) in [(4, 8), (8, 4)] {
        let v = server
            .get_json(&format!(
                "/tour/count?width={w}&height={h}&time_limit_ms=10000"
            ))
            .await;
        assert_eq!(v["count"], "31088", "{w}×{h}");
    }
    // No board 4 wide has a closed tour (Schwenk): 0 at any length, though
    // far too long to count.
    let v = server
        .get_json("/tour/count?width=4&height=1000000000&closed=true")
        .await;
    assert_eq!((&v["count"], &v["digits"]), (&json!("0"), &json!(1)));
    let (status, _, text) = server
        .get("/tour/count?width=4&height=1000000000&closed=true&format=text")
        .await;
    assert_eq!(
        (status, text.as_str()),
        (200, "0 closed tours of the 4×1000000000 board\n")
    );
    // 5×6 has 8 closed tours (A175881).
    let v = server
        .get_json("/tour/count?width=5&height=6&closed=true")
        .await;
    assert_eq!((&v["closed"], &v["count"]), (&json!(true), &json!("8")));
}

/// A long thin board's count outgrows every JSON number (and `u64`): a
/// decimal string.
#[tokio::test]
async fn a_count_past_every_integer_is_a_string_of_digits() {
    let server = start().await;
    let v = server
        .get_json("/tour/count?width=3&height=40&time_limit_ms=10000")
        .await;
    let count = v["count"].as_str().unwrap();
    assert!(count.len() > 19 && count > "18446744073709551615", "{v}");
    assert!(count.bytes().all(|b| b.is_ascii_digit()));
    assert_eq!(v["digits"], json!(count.len()));
}

#[tokio::test]
async fn text_prints_the_count_and_every_squares_count() {
    let server = start().await;
    let (status, kind, text) = server
        .get("/tour/count?width=5&height=5&start=a1&format=text&time_limit_ms=10000")
        .await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("304 open tours of the 5×5 board from a1")
    );
    assert_eq!(lines.next(), Some("open tours from each square:"));
    for (rank, row) in (1..=5).rev().zip(FROM_EACH_5X5) {
        let line = lines.next().unwrap();
        let numbers: Vec<u64> = line
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(numbers[0], rank);
        assert_eq!(numbers[1..], row, "rank {rank}");
    }
    let (_, _, text) = server
        .get("/tour/count?width=5&height=5&start=a1&end=e5&format=text&time_limit_ms=10000")
        .await;
    assert_eq!(text, "56 open tours of the 5×5 board from a1 to e5\n");
    let (status, kind, svg) = server
        .get("/tour/count?width=6&height=5&closed=true&format=svg")
        .await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"), "{svg}");
    assert!(svg.contains("8 closed tours of the 6×5 board"), "{svg}");
}

#[tokio::test]
async fn a_closed_tour_takes_no_ends() {
    let server = start().await;
    for (query, param) in [("start=a1", "start"), ("end=a1", "end")] {
        let answer = server
            .get(&format!("/tour/count?width=6&height=6&closed=true&{query}"))
            .await;
        let v = Server::problem_naming(answer, 400, "invalid_parameter", param);
        assert!(v["detail"].as_str().unwrap().contains("closed=true"), "{v}");
    }
    let answer = server.get("/tour/count?width=5&height=5&start=f1").await;
    Server::problem_naming(answer, 400, "square_off_board", "start");
}

/// Refused before any work, naming the longest board of its width that
/// fits — which is then counted.
#[tokio::test]
async fn a_board_over_the_budget_is_refused_naming_one_that_fits() {
    let server = start_configured(|c| c.max_count_bytes = 16 << 20).await;
    let answer = server.get("/tour/count?width=5&height=5").await;
    let v = Server::problem_naming(answer, 422, "board_too_large", "height");
    let detail = v["detail"].as_str().unwrap();
    assert!(detail.contains("--max-count-bytes"), "{detail}");
    let height: u64 = detail
        .split("send height=")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no height named: {detail}"));
    assert!((1..5).contains(&height), "{detail}");
    let fits = server
        .get_json(&format!(
            "/tour/count?width=5&height={height}&time_limit_ms=10000"
        ))
        .await;
    assert_eq!(fits["height"], json!(height));
    let answer = server
        .get(&format!("/tour/count?width=5&height={}", height + 1))
        .await;
    Server::problem(answer, 422, "board_too_large");
}

#[tokio::test]
async fn a_count_out_of_time_is_not_settled() {
    let server = start_configured(|c| c.max_count_bytes = 64 << 30).await;
    let answer = server
        .get("/tour/count?width=6&height=6&time_limit_ms=1")
        .await;
    let v: Value = Server::problem_naming(answer, 422, "count_not_settled", "time_limit_ms");
    assert!(
        v["detail"].as_str().unwrap().contains("time_limit_ms = 1"),
        "{v}"
    );
    let answer = server
        .get("/tour/count?width=5&height=5&time_limit_ms=10001")
        .await;
    Server::problem_naming(answer, 400, "invalid_parameter", "time_limit_ms");
}

/// Boards 3 and 4 wide with both ends fixed are settled by the narrow
/// boards' exact programme: the questions that once timed out get a tour
/// (checked square by square) or `no_tour` at once. The same programme is
/// held to an exhaustive enumeration of every such board of at most 30
/// squares in the library's `tests/solver/count.rs`.
#[tokio::test]
async fn narrow_boards_with_both_ends_are_answered_exactly() {
    use common::named_squares;
    use knight_reference::tours::{assert_tour, from_name};

    let server = start().await;
    let v = server
        .get_json("/tour?width=3&height=40&start=c24&end=c27")
        .await;
    let path = named_squares(&v["path"]);
    assert_tour(3, 40, from_name("c24"), false, &path);
    assert_eq!(path.last(), Some(&from_name("c27")));
    let v = server
        .post_json(
            "/tour/finish",
            &json!({"width": 3, "height": 40, "played": ["c24"], "end": "c27"}),
        )
        .await;
    let path = named_squares(&v["path"]);
    assert_tour(3, 40, from_name("c24"), false, &path);
    assert_eq!(path.last(), Some(&from_name("c27")));
    let answer = server
        .post(
            "/tour/finish",
            &json!({"width": 4, "height": 40, "played": ["b5"], "end": "c9"}),
        )
        .await;
    let v = Server::problem(answer, 422, "no_tour");
    assert!(
        v["detail"].as_str().unwrap().contains("from b5 to c9"),
        "{v}"
    );
    let v = server
        .post_json(
            "/tour/finish",
            &json!({"width": 4, "height": 300, "played": ["a150"], "end": "a151"}),
        )
        .await;
    let path = named_squares(&v["path"]);
    assert_tour(4, 300, from_name("a150"), false, &path);
    assert_eq!(path.last(), Some(&from_name("a151")));
}
