//! `/distance-map` and `/shortest-paths` over HTTP (GET and POST): the real
//! server on port 0. The solver's answers are tested with the library
//! (`crates/knight/tests/solver/shortest_paths.rs`); here, what the service adds:
//! the shapes of the answers, windows, pages, limits, pictures and errors.

use crate::common;

use common::Server;
use serde_json::{json, Value};

#[tokio::test]
async fn the_distance_map_of_g2() {
    let s = common::start().await;
    let v = s.get_json("/distance-map?from=g2").await;
    assert_eq!(
        v,
        json!({"from": "g2", "width": 8, "height": 8,
            "files": ["a", "b", "c", "d", "e", "f", "g", "h"], "ranks": [8, 7, 6, 5, 4, 3, 2, 1],
            "rows": [[4, 5, 4, 3, 4, 3, 4, 3], [5, 4, 3, 4, 3, 4, 3, 4], [4, 3, 4, 3, 2, 3, 2, 3],
                     [3, 4, 3, 2, 3, 2, 3, 2], [4, 3, 2, 3, 4, 1, 2, 1], [3, 4, 3, 2, 1, 2, 3, 2],
                     [4, 3, 2, 3, 2, 3, 0, 3], [3, 4, 3, 2, 1, 2, 3, 4]],
            "farthest": 5})
    );
    // POST, the src alias, index notation.
    let p = s.post_json("/distance-map", &json!({"src": 14})).await;
    assert_eq!(p["from"], 14);
    assert_eq!(p["rows"], v["rows"]);
    // Unreachable squares are null: the centre of 3×3.
    let c = s.get_json("/distance-map?from=b2&width=3&height=3").await;
    assert_eq!(
        c["rows"],
        json!([[null, null, null], [null, 0, null], [null, null, null]])
    );
    assert_eq!(c["farthest"], 0);
}

#[tokio::test]
async fn windows_of_large_boards() {
    let s = common::start().await;
    let v = s
        .get_json("/distance-map?width=1000000000&height=1000000000&from=a1&files=a..c&ranks=1..2")
        .await;
    assert_eq!(v["files"], json!(["a", "b", "c"]));
    assert_eq!(v["ranks"], json!([2, 1]));
    // a1 to b2 is 4 moves (the corner's exception), to c2 one.
    assert_eq!(v["rows"], json!([[3, 4, 1], [0, 3, 2]]));
    // Indices for files.
    let i = s
        .get_json("/distance-map?width=1000000000&height=1000000000&from=a1&files=0..2&ranks=1..2")
        .await;
    assert_eq!(i["rows"], v["rows"]);
    // A window of 65,536 squares is allowed; a board that large without one is not.
    let big = s
        .get_json(
            "/distance-map?width=1000000000&height=1000000000&from=zz99&files=a..iv&ranks=1..256",
        )
        .await;
    assert_eq!(big["rows"].as_array().unwrap().len(), 256);
    let p = Server::problem(
        s.get("/distance-map?width=1000&height=1000&from=a1").await,
        422,
        "board_too_large",
    );
    assert!(p["detail"].as_str().unwrap().contains("files=a..p"), "{p}");
    let p = Server::problem(
        s.get("/distance-map?width=1000&height=1000&from=a1&files=a..z&ranks=1..3000")
            .await,
        400,
        "square_off_board",
    );
    assert_eq!(p["param"], "ranks");
    assert!(p["detail"].as_str().unwrap().contains("'1..3000'"), "{p}");
    let p = Server::problem(
        s.get("/distance-map?from=a1&files=c..a").await,
        400,
        "invalid_parameter",
    );
    assert!(p["detail"].as_str().unwrap().contains("'c..a'"), "{p}");
    let p = Server::problem(
        s.get("/distance-map?from=a1&ranks=one").await,
        400,
        "invalid_parameter",
    );
    assert_eq!(p["param"], "ranks");
    Server::problem(s.get("/distance-map").await, 400, "missing_parameter");
}

#[tokio::test]
async fn every_shortest_path_from_g2_to_a8() {
    let s = common::start().await;
    let v = s.get_json("/shortest-paths?from=g2&to=a8&limit=3").await;
    assert_eq!(
        v,
        json!({"from": "g2", "to": "a8", "width": 8, "height": 8, "moves": 4, "count": "6", "offset": "0",
            "paths": [["g2", "e3", "c4", "b6", "a8"], ["g2", "e3", "d5", "b6", "a8"], ["g2", "e3", "d5", "c7", "a8"]]})
    );
    let all = s.get_json("/shortest-paths?from=g2&to=a8").await;
    assert_eq!(all["paths"].as_array().unwrap().len(), 6);
    let page = s
        .post_json(
            "/shortest-paths",
            &json!({"src": "g2", "dest": "a8", "offset": 4}),
        )
        .await;
    assert_eq!(page["paths"], json!(all["paths"].as_array().unwrap()[4..]));
    assert_eq!(page["offset"], "4");
    // Index notation, and a count past every integer type.
    let i = s.get_json("/shortest-paths?from=14&to=56&limit=1").await;
    assert_eq!(i["paths"], json!([[14, 20, 26, 41, 56]]));
    let huge = s
        .get_json("/shortest-paths?width=200&height=200&from=a1&to=gr200&limit=1&offset=123456789")
        .await;
    let count = huge["count"].as_str().unwrap();
    assert!(
        count.len() > 20 && count.bytes().all(|b| b.is_ascii_digit()),
        "{count}"
    );
    assert_eq!(huge["paths"].as_array().unwrap().len(), 1);
    // Unreachable.
    let none = s
        .get_json("/shortest-paths?width=3&height=3&from=a1&to=b2")
        .await;
    assert_eq!(
        (
            none["moves"].clone(),
            none["count"].clone(),
            none["paths"].clone()
        ),
        (Value::Null, json!("0"), json!([]))
    );
}

/// The shortest paths from a1 to dp120 on 120×120 number about 7.98 ×
/// 10²⁴, past every 64-bit integer: pages anywhere among them, asked with
/// the offset as a JSON number, a string of digits or in a query, match
/// an unranking written here over numbers of paths counted here
/// (breadth-first distances both ways, in u128).
#[tokio::test]
async fn any_page_past_two_to_the_sixty_three() {
    use knight_reference::tours::moves_from;
    let (w, h) = (120u64, 120u64);
    let at = |(f, r): (u64, u64)| usize::try_from(r * w + f).unwrap();
    let next = |s| {
        let mut n: Vec<(u64, u64)> = moves_from(w, h, s).collect();
        n.sort_by_key(|&m| at(m));
        n
    };
    let bfs = |from: (u64, u64)| {
        let mut d = vec![u64::MAX; at((w - 1, h - 1)) + 1];
        d[at(from)] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            for n in next(s) {
                if d[at(n)] == u64::MAX {
                    d[at(n)] = d[at(s)] + 1;
                    queue.push_back(n);
                }
            }
        }
        d
    };
    let (a, z) = ((0, 0), (w - 1, h - 1));
    let (from_a, to_z) = (bfs(a), bfs(z));
    let moves = to_z[at(a)];
    // Paths to z from each square on a shortest path, nearest z first.
    let mut ways = vec![0u128; from_a.len()];
    ways[at(z)] = 1;
    let mut by_distance: Vec<(u64, u64)> = (0..h)
        .flat_map(|r| (0..w).map(move |f| (f, r)))
        .filter(|&s| from_a[at(s)] + to_z[at(s)] == moves)
        .collect();
    by_distance.sort_by_key(|&s| to_z[at(s)]);
    for &s in &by_distance[1..] {
        ways[at(s)] = next(s)
            .into_iter()
            .filter(|&n| to_z[at(n)] + 1 == to_z[at(s)] && from_a[at(n)] == from_a[at(s)] + 1)
            .map(|n| ways[at(n)])
            .sum();
    }
    let count = ways[at(a)];
    assert!(count > u128::from(u64::MAX), "{count}");
    let unrank = |mut place: u128| {
        let mut path = vec![a];
        let mut here = a;
        while here != z {
            for n in next(here) {
                if to_z[at(n)] + 1 != to_z[at(here)] || from_a[at(n)] != from_a[at(here)] + 1 {
                    continue;
                }
                if place < ways[at(n)] {
                    here = n;
                    break;
                }
                place -= ways[at(n)];
            }
            path.push(here);
        }
        path
    };
    let s = common::start().await;
    let big = 1u128 << 63;
    for place in [big - 1, big, 1u128 << 64, 10u128.pow(20), count - 2] {
        let want = [unrank(place), unrank(place + 1)];
        let query =
            format!("/shortest-paths?width=120&height=120&from=a1&to=dp120&limit=2&offset={place}");
        let body = format!(
            r#"{{"width":120,"height":120,"from":"a1","to":"dp120","limit":2,"offset":{place}}}"#
        );
        let string = format!(
            r#"{{"width":120,"height":120,"from":"a1","to":"dp120","limit":2,"offset":"{place}"}}"#
        );
        let mut answers = vec![s.get_json(&query).await];
        for body in [body, string] {
            let (status, _, text) = s
                .post_raw("/shortest-paths", Some("application/json"), body)
                .await;
            assert_eq!(status, 200, "{text}");
            answers.push(serde_json::from_str(&text).unwrap());
        }
        for v in answers {
            assert_eq!(
                (v["count"].clone(), v["offset"].clone()),
                (json!(count.to_string()), json!(place.to_string()))
            );
            assert_eq!(
                common::named_squares(&v["paths"][0]),
                want[0],
                "offset {place}"
            );
            assert_eq!(
                common::named_squares(&v["paths"][1]),
                want[1],
                "offset {place}"
            );
        }
    }
    // Written with an exponent, as JSON writes numbers: 10^20 again.
    for body in [
        r#"{"width":120,"height":120,"from":"a1","to":"dp120","limit":1,"offset":1e20}"#,
        r#"{"width":120,"height":120,"from":"a1","to":"dp120","limit":1,"offset":"1E+20"}"#,
    ] {
        let (status, _, text) = s
            .post_raw("/shortest-paths", Some("application/json"), body)
            .await;
        assert_eq!(status, 200, "{text}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["offset"], "100000000000000000000");
        assert_eq!(
            common::named_squares(&v["paths"][0]),
            unrank(10u128.pow(20))
        );
    }
    // The last path, and none past it.
    let last = s
        .get_json(&format!(
            "/shortest-paths?width=120&height=120&from=a1&to=dp120&offset={}",
            count - 1
        ))
        .await;
    assert_eq!(common::named_squares(&last["paths"][0]), unrank(count - 1));
    assert_eq!(last["paths"].as_array().unwrap().len(), 1);
    let past = s
        .get_json(&format!(
            "/shortest-paths?width=120&height=120&from=a1&to=dp120&offset={count}"
        ))
        .await;
    assert_eq!(past["paths"], json!([]));
}

#[tokio::test]
async fn shortest_path_limits_and_errors() {
    let s = common::start().await;
    // Past the last path: an empty page, whatever the offset's size.
    for offset in ["9223372036854775807", "99999999999999999999", "1e400"] {
        let end = s
            .get_json(&format!("/shortest-paths?from=a1&to=b3&offset={offset}"))
            .await;
        assert_eq!(
            (end["paths"].clone(), end["count"].clone()),
            (json!([]), json!("1"))
        );
    }
    for (offset, detail) in [
        ("-1", "'offset' must be a whole number from 0 (a JSON number or a string of digits), not '-1'"),
        ("2.5", "'offset' must be a whole number from 0 (a JSON number or a string of digits), not '2.5'"),
        ("seven", "'offset' must be a whole number from 0 (a JSON number or a string of digits), not 'seven'"),
        ("1e1000000", "'1e1000000' is too large for 'offset': at most 1000000 digits"),
    ] {
        let p = Server::problem_naming(
            s.get(&format!("/shortest-paths?from=a1&to=b3&offset={offset}"))
                .await,
            400,
            "invalid_parameter",
            "offset",
        );
        assert_eq!(p["detail"], detail);
    }
    // A string of more digits than any count within the limits has.
    let body = format!(
        r#"{{"from": "a1", "to": "b3", "offset": "1{}"}}"#,
        "0".repeat(1_000_000)
    );
    let p = Server::problem_naming(
        s.post_raw("/shortest-paths", Some("application/json"), body)
            .await,
        400,
        "invalid_parameter",
        "offset",
    );
    assert_eq!(p["detail"], "\"100000000000000000000000000000000000… (1000001 characters)\" is too large for 'offset': at most 1000000 digits");
    for limit in ["10001", "1e5"] {
        let p = Server::problem_naming(
            s.get(&format!("/shortest-paths?from=a1&to=h8&limit={limit}"))
                .await,
            400,
            "invalid_parameter",
            "limit",
        );
        // Never the number as read (100000 for 1e5): the limit and what to give.
        assert_eq!(p["detail"], "'limit' is more than a page lists, at most 10000 paths (--max-paths-page): give limit=10000 or less, and page with 'offset'");
    }
    let p = Server::problem(
        s.get("/shortest-paths?width=1000000000&height=1000000000&from=a1&to=b1000000")
            .await,
        422,
        "board_too_large",
    );
    assert!(p["detail"].as_str().unwrap().contains("1000000"), "{p}");
    // Two squares 35,419 moves apart on a board 8 high: half a million
    // squares on shortest paths, each with a number of up to thousands of
    // digits (1.6 GB, kept whole, before the limit): refused, in words.
    for target in [
        "/shortest-paths?width=67108865&from=784&to=71619&limit=1",
        "/shortest-paths?width=67108865&from=784&to=71619&limit=482&offset=1086048",
    ] {
        let p = Server::problem(s.get(target).await, 422, "board_too_large");
        let detail = p["detail"].as_str().unwrap();
        assert!(
            detail.contains("too many to count")
                && detail.contains("268435456 bytes")
                && detail.contains("67108865"),
            "{p}"
        );
    }
    Server::problem(
        s.get("/shortest-paths?from=a1").await,
        400,
        "missing_parameter",
    );
    Server::problem(
        s.get("/shortest-paths?from=a1&to=z9").await,
        400,
        "square_off_board",
    );
    let p = Server::problem(
        s.post(
            "/shortest-paths?offset=3",
            &json!({"from": "a1", "to": "b3"}),
        )
        .await,
        400,
        "unknown_parameter",
    );
    assert_eq!(p["param"], "offset");
}

#[tokio::test]
async fn pictures_of_both() {
    let s = common::start().await;
    for (path, marks) in [
        (
            "/distance-map?from=g2&format=svg",
            "at most 5 moves from g2",
        ),
        (
            "/shortest-paths?from=g2&to=a8&offset=2&limit=1&format=svg",
            "6 shortest paths; path 3 drawn",
        ),
    ] {
        let (status, kind, body) = s.get(path).await;
        assert_eq!((status, kind.as_str()), (200, "image/svg+xml"), "{body}");
        assert!(body.starts_with("<svg") && body.trim_end().ends_with("</svg>"));
        assert!(body.contains(marks), "{path}: {body}");
        assert!(body.contains(r#"data-square="a8""#));
        assert!(body.contains("data-moves="));
    }
    let (status, _, text) = s.get("/distance-map?from=g2&format=text").await;
    assert_eq!(status, 200);
    assert!(text.starts_with("8 4 5 4 3 4 3 4 3\n"), "{text}");
    let (status, _, text) = s.get("/shortest-paths?from=g2&to=a8&format=text").await;
    assert_eq!(status, 200);
    assert!(text.contains("6 shortest paths"), "{text}");
    // A window of a huge board is drawn as exactly that window.
    let (status, _, svg) = s
        .get("/distance-map?width=1000000000&height=1000000000&from=c3&files=a..e&ranks=1..5&format=svg")
        .await;
    assert_eq!(status, 200);
    assert_eq!(svg.matches("data-moves=").count(), 25, "{svg}");
}

/// The caption says a count as a person reads it: one path in the singular,
/// a count past twelve digits as a power of ten with its number of digits.
#[tokio::test]
async fn the_caption_words_counts_as_a_person_reads_them() {
    let s = common::start().await;
    for (query, count, says) in [
        (
            "from=a1&to=b3",
            "1",
            "1 move, 1 shortest path; path 1 drawn",
        ),
        (
            "from=a1&to=h8",
            "108",
            "6 moves, 108 shortest paths; path 1 drawn",
        ),
        (
            "width=200&height=200&from=a1&to=gr200",
            "12415267738820962944299447188252402392721800",
            "134 moves, 1.24 × 10⁴³ shortest paths (44 digits); path 1 drawn",
        ),
    ] {
        let v = s
            .get_json(&format!("/shortest-paths?{query}&limit=1"))
            .await;
        assert_eq!(v["count"], count, "{query}");
        let (status, _, svg) = s
            .get(&format!("/shortest-paths?{query}&limit=1&format=svg"))
            .await;
        assert_eq!(status, 200, "{query}");
        assert!(
            svg.contains(says),
            "{query}: {}",
            &svg[..svg.len().min(600)]
        );
        assert!(
            !svg.contains(count) || count.len() < 4,
            "{query}: the count printed whole"
        );
    }
}
