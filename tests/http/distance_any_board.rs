//! `/distance`, `/distance/batch` and `/path` on boards of any size, spoken to
//! over HTTP: exact answers up to 1,000,000,000 a side, unreachable answers on
//! narrow boards, and the 422 for a path too long to list.

use crate::common;

use serde_json::{json, Value};

const BILLION: u64 = 1_000_000_000;

/// Whether two squares (as (file, rank)) are one knight move apart.
fn knight_move(a: (u64, u64), b: (u64, u64)) -> bool {
    let (df, dr) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    (df, dr) == (1, 2) || (df, dr) == (2, 1)
}

#[tokio::test]
async fn distance_between_far_corners_of_a_billion_board() {
    let s = common::start().await;
    let last = BILLION * BILLION - 1;
    let v = s
        .get_json(&format!(
            "/distance?from=0&to={last}&width={BILLION}&height={BILLION}"
        ))
        .await;
    assert_eq!(
        v,
        json!({"from": 0, "to": last, "width": BILLION, "height": BILLION,
               "moves": 666_666_666u64, "reachable": true})
    );
    // The same by POST with the puzzle's names, in algebraic notation: a1 to
    // the square diagonally next to it is 2 moves in the middle of the board
    // but 4 from the corner.
    let v = s
        .post_json(
            "/distance",
            &json!({"src": "a1", "dest": "b2", "width": BILLION, "height": BILLION}),
        )
        .await;
    assert_eq!(v["moves"], 4);
    assert_eq!(
        (v["from"].as_str(), v["to"].as_str()),
        (Some("a1"), Some("b2"))
    );
}

#[tokio::test]
async fn batch_on_a_billion_board_and_on_long_strips() {
    let s = common::start().await;
    let v = s
        .post_json(
            "/distance/batch",
            &json!({"width": BILLION, "height": BILLION,
                    "pairs": [[0, 1], ["a1", "b2"], ["c3", "d4"], ["a1", "a1"], [0, BILLION]]}),
        )
        .await;
    assert_eq!(v["moves"], json!([3, 4, 2, 0, 3]));
    // A 3-wide strip: along its length the knight makes two ranks a move.
    let v = s
        .post_json(
            "/distance/batch",
            &json!({"width": 3, "height": BILLION,
                    "pairs": [["a1", "b3"], ["a1", "a5"], ["a1", "b1"], ["b2", "b2"]]}),
        )
        .await;
    assert_eq!(v["moves"], json!([1, 2, 3, 0]));
}

#[tokio::test]
async fn unreachable_squares_on_narrow_boards() {
    let s = common::start().await;
    for query in [
        // 1 wide: no moves at all.
        format!("from=a1&to=a3&width=1&height={BILLION}"),
        // 2 wide: moves of (±1, ±2) only, so a1 never reaches b1 or a2.
        format!("from=a1&to=b1&width=2&height={BILLION}"),
        format!("from=a1&to=c1&width={BILLION}&height=2"),
        // The centre of 3×3 has no move.
        "from=b2&to=a1&width=3&height=3".to_owned(),
    ] {
        let v = s.get_json(&format!("/distance?{query}")).await;
        assert_eq!(v["moves"], Value::Null, "{query}");
        assert_eq!(v["reachable"], false, "{query}");
        let v = s.get_json(&format!("/path?{query}")).await;
        assert_eq!(
            (&v["moves"], &v["cost"], &v["path"]),
            (&Value::Null, &Value::Null, &Value::Null),
            "{query}"
        );
    }
    // What 2 wide does reach: a1 → b3 → a5, on a board a billion long.
    let v = s
        .get_json(&format!("/path?from=a1&to=a5&width=2&height={BILLION}"))
        .await;
    assert_eq!(v["path"], json!(["a1", "b3", "a5"]));
}

#[tokio::test]
async fn path_on_a_large_board_is_valid_and_shortest() {
    let s = common::start().await;
    let side = 1_000_000u64;
    let (from, to) = ((side - 1, side - 1), (side - 3_001, side - 2_001));
    let index = |(f, r): (u64, u64)| r * side + f;
    let url = format!(
        "/path?from={}&to={}&width={side}&height={side}",
        index(from),
        index(to)
    );
    let v = s.get_json(&url).await;
    let d = s
        .get_json(&format!(
            "/distance?from={}&to={}&width={side}&height={side}",
            index(from),
            index(to)
        ))
        .await;
    // 3000 files and 2000 ranks apart: p = 1000, q = -1000, 1000 + 2·334.
    assert_eq!(d["moves"], 1_668);
    assert_eq!(v["moves"], d["moves"]);
    assert_eq!(v["cost"], d["moves"]);
    let squares: Vec<(u64, u64)> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let i = i.as_u64().unwrap();
            (i % side, i / side)
        })
        .collect();
    assert_eq!(squares.len(), 1_669);
    assert_eq!((squares[0], *squares.last().unwrap()), (from, to));
    assert!(squares.windows(2).all(|w| knight_move(w[0], w[1])));
    // The same request gives the same path.
    assert_eq!(s.get_json(&url).await, v);
}

#[tokio::test]
async fn a_path_too_long_to_list_points_to_distance() {
    let s = common::start().await;
    let answer = s
        .get(&format!(
            "/path?from=0&to={}&width={BILLION}&height={BILLION}",
            BILLION * BILLION - 1
        ))
        .await;
    let v = common::Server::problem(answer, 422, "path_too_long");
    let detail = v["detail"].as_str().unwrap();
    assert!(detail.contains("/distance"), "{detail}");
    assert!(detail.contains("666666667"), "{detail}");
    let answer = s
        .post(
            "/path",
            &json!({"from": "a1", "to": "b3", "width": BILLION, "height": BILLION}),
        )
        .await;
    assert_eq!(answer.0, 200, "{answer:?}");
}
