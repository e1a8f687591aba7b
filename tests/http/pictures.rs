//! The SVG pictures and text boards as a person sees them: well-formed XML
//! that a page with a strict Content-Security-Policy can insert, a square
//! named by `data-square` for every square drawn, a legend, a caption of
//! the question and its answer, start and end marked, the closing move of a
//! closed tour, move numbers legible or left out with a note, and a board
//! too large to draw whole drawn on the part around the path, the same
//! part as text and as SVG. Its snapshots live in `tests/snapshots/`;
//! `UPDATE_SNAPSHOTS=1 cargo test --test http pictures::` rewrites them. The
//! refused step's picture is the library's snapshot
//! (`crates/knight/tests/snapshots/validate-fault.svg`, written by
//! `cargo test -p knight --test solver terrain::`).

use crate::common;

use std::collections::BTreeSet;

use knight_reference::tours::MOVES;
use serde_json::json;

const CHALLENGE: &str = include_str!("../../assets/page/boards/challenge-28x32.txt");

fn snapshot(name: &str, got: &str) {
    let path = format!("{}/tests/snapshots/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing {path}; run with UPDATE_SNAPSHOTS=1"));
    assert!(want == got, "{name} differs from its snapshot:\n{got}");
}

/// Parses `svg` and checks what every picture must be: one SVG element,
/// nothing a strict Content-Security-Policy refuses (no `<style>`, no
/// `style=""`, no script), only `knightd-` ids, and each square named once.
/// Returns the names of the squares drawn.
fn check_svg(svg: &str) -> BTreeSet<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}:\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let mut squares = BTreeSet::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        let tag = node.tag_name().name();
        assert!(
            !["style", "script", "foreignObject"].contains(&tag),
            "<{tag}>"
        );
        assert!(node.attribute("style").is_none(), "style on <{tag}>");
        if let Some(id) = node.attribute("id") {
            assert!(id.starts_with("knightd-"), "id {id}");
        }
        if let Some(name) = node.attribute("data-square") {
            assert_eq!(tag, "rect");
            assert!(squares.insert(name.to_owned()), "{name} named twice");
        }
    }
    squares
}

/// The `data-step` values of the picture's elements.
fn steps(svg: &str) -> Vec<usize> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter_map(|n| n.attribute("data-step"))
        .map(|s| s.parse().unwrap())
        .collect()
}

/// The move numbers' size on screen, in pixels at the picture's own size:
/// their font size times pixels a unit. None when no number is drawn.
fn number_px(svg: &str) -> Option<f64> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let root = doc.root_element();
    let width: f64 = root.attribute("width").unwrap().parse().unwrap();
    let view: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    let group = doc.descendants().find(|n| {
        n.children()
            .any(|c| c.attribute("data-step").is_some() && c.tag_name().name() == "g")
    })?;
    let size: f64 = group.attribute("font-size").unwrap().parse().unwrap();
    Some(size * width / view[2])
}

/// The picture's words, each `<text>` on a line.
fn texts(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The squares a text board shows: its rows' ranks and its last line's
/// files, or every square of an unlabelled (whole) board of `width`×`height`.
fn text_squares(text: &str) -> BTreeSet<String> {
    // Ranks, each after its label; the files under them; then the summary.
    let lines: Vec<&str> = text.lines().collect();
    let under = lines
        .iter()
        .position(|l| {
            l.starts_with(' ') && !l.trim_start().starts_with(|c: char| c.is_ascii_digit())
        })
        .expect("the files under the board");
    let files: Vec<&str> = lines[under].split_whitespace().collect();
    let mut squares = BTreeSet::new();
    for line in &lines[..under] {
        let rank = line.split_whitespace().next().unwrap();
        for file in &files {
            squares.insert(format!("{file}{rank}"));
        }
    }
    squares
}

async fn svg_of(s: &common::Server, path: &str) -> String {
    let (status, kind, body) = s.get(path).await;
    assert_eq!(
        (status, kind.as_str()),
        (200, "image/svg+xml"),
        "{path}: {body}"
    );
    body
}

#[tokio::test]
async fn every_square_of_a_drawn_board_is_named() {
    let s = common::start().await;
    let svg = svg_of(&s, "/path?from=g2&to=a8&format=svg").await;
    let names = check_svg(&svg);
    assert_eq!(names.len(), 64);
    for square in ["a1", "h1", "a8", "h8", "d5"] {
        assert!(names.contains(square), "{square}");
    }
    // Start and end marked, the caption says what was asked and answered.
    let words = texts(&svg);
    assert!(
        words.contains("Shortest path from g2 to a8 on the 8×8 board."),
        "{words}"
    );
    assert!(words.contains("4 moves, cost 4."), "{words}");
    assert!(svg.contains("<title>start: g2</title>") && svg.contains("<title>end: a8</title>"));
    // Each move a segment, each square a numbered point, with its step.
    let mut got = steps(&svg);
    got.sort_unstable();
    assert_eq!(got, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4]);
    // Unreachable: no path, both squares still marked, and said so.
    let svg = svg_of(&s, "/path?from=b2&to=a1&width=3&height=3&format=svg").await;
    assert_eq!(check_svg(&svg).len(), 9);
    assert!(texts(&svg).contains("Unreachable."), "{}", texts(&svg));
    assert!(svg.contains("<title>start: b2</title>") && svg.contains("<title>end: a1</title>"));
}

#[tokio::test]
async fn a_closed_tour_draws_its_closing_move() {
    let s = common::start().await;
    let closed = svg_of(&s, "/tour?width=6&height=6&start=a1&closed=true&format=svg").await;
    let open = svg_of(&s, "/tour?width=6&height=6&start=a1&format=svg").await;
    assert_eq!(check_svg(&closed).len(), 36);
    assert_ne!(closed, open);
    let tour = s
        .get_json("/tour?width=6&height=6&start=a1&closed=true")
        .await;
    let last = tour["path"][35].as_str().unwrap();
    assert!(
        closed.contains(&format!("<title>closing move {last} → a1</title>")),
        "{closed}"
    );
    // Shown with the last step of the slider, not before.
    assert_eq!(steps(&closed).into_iter().max(), Some(36));
    assert!(texts(&closed).contains("closing move"));
    assert!(!open.contains("closing move"));
    snapshot("tour-closed.svg", &closed);
}

/// A 200 `image/svg+xml` answer to POST `path` with `body`.
async fn posted_svg(s: &common::Server, path: &str, body: &serde_json::Value) -> String {
    let (status, kind, text) = s.post(path, body).await;
    assert_eq!(
        (status, kind.as_str()),
        (200, "image/svg+xml"),
        "{path} {body}: {text}"
    );
    text
}

/// The `data-step` values of the elements inside the `data-played` group.
fn played_steps(svg: &str) -> Vec<usize> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let group = doc
        .descendants()
        .find(|n| n.attribute("data-played").is_some())
        .expect("the played moves, drawn apart");
    group
        .descendants()
        .filter_map(|n| n.attribute("data-step"))
        .map(|s| s.parse().unwrap())
        .collect()
}

#[tokio::test]
async fn a_finished_tour_tells_the_played_moves_from_the_finish() {
    let s = common::start().await;
    let played = json!(["a1", "b3", "c5", "d7", "e5"]);
    let body = json!({"played": played});
    let svg = posted_svg(&s, "/tour/finish?format=svg", &body).await;
    assert_eq!(check_svg(&svg).len(), 64);
    let tour = s.post_json("/tour/finish", &body).await;
    let last = tour["path"][63].as_str().unwrap();
    let words = texts(&svg).replace('\n', " ");
    assert!(
        words.contains(
            "Knight's tour finished from the 5 squares played (a1 b3 c5 d7 e5) on the 8×8 board."
        ),
        "{words}"
    );
    assert!(
        words.contains(&format!(
            "63 moves, 4 played and 59 found to finish, every square once, ending on {last}."
        )),
        "{words}"
    );
    assert!(!words.contains("Check of"), "{words}");
    // The legend tells the played moves from the finish.
    assert!(
        words.contains("played") && words.contains("finish"),
        "{words}"
    );
    assert!(svg.contains("<title>start: a1</title>"));
    assert!(svg.contains(&format!("<title>end: {last}</title>")));
    // The four moves played, drawn apart; every move a segment once.
    assert_eq!(played_steps(&svg), [1, 2, 3, 4]);
    let mut segments: Vec<usize> = steps(&svg).into_iter().filter(|&n| n > 0).collect();
    segments.sort_unstable();
    segments.dedup();
    assert_eq!(segments, (1..=63).collect::<Vec<_>>());
    assert!(!svg.contains("closing move"));

    // One square played: said so, no move drawn apart; closed: the
    // closing move drawn.
    let body = json!({"played": ["a1"], "width": 6, "height": 6, "closed": true});
    let svg = posted_svg(&s, "/tour/finish?format=svg", &body).await;
    assert_eq!(check_svg(&svg).len(), 36);
    let tour = s.post_json("/tour/finish", &body).await;
    let last = tour["path"][35].as_str().unwrap();
    let words = texts(&svg).replace('\n', " ");
    assert!(
        words.contains(
            "Closed knight's tour finished from a1 (the one square played) on the 6×6 board."
        ),
        "{words}"
    );
    assert!(
        words.contains(
            "35 moves, every move found to finish, every square once, then one move back to a1."
        ),
        "{words}"
    );
    assert!(svg.contains(&format!("<title>closing move {last} → a1</title>")));
    assert!(!svg.contains("data-played"));

    // Text: every square numbered once, then the caption.
    let (status, kind, text) = s
        .post("/tour/finish?format=text", &json!({"played": played}))
        .await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    let mut numbers: Vec<u64> = text
        .lines()
        .take(8)
        .flat_map(|l| l.split_whitespace().skip(1))
        .map(|n| n.parse().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (0..64).collect::<Vec<_>>(), "{text}");
    assert!(
        text.contains("finished from the 5 squares played"),
        "{text}"
    );
    assert_eq!(text_squares(&text).len(), 64);

    // By Accept, as every picture route: and it varies with it.
    let r = reqwest::Client::new()
        .post(s.url("/tour/finish"))
        .header("accept", "image/svg+xml")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(r.headers().get_all("vary").iter().any(|v| v == "accept"));
    let (status, kind, _) = common::parts(r).await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    let r = reqwest::Client::new()
        .post(s.url("/tour/finish"))
        .header("accept", "text/plain")
        .json(&body)
        .send()
        .await
        .unwrap();
    let (status, kind, _) = common::parts(r).await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));

    // A picture asked for that cannot be answered is a problem, as JSON.
    let answer = s
        .post(
            "/tour/finish?format=svg",
            &json!({"played": ["b3", "d4", "c2", "e1"]}),
        )
        .await;
    common::Server::problem(answer, 422, "no_tour");
    let answer = s
        .post("/tour/finish?format=png", &json!({"played": ["a1", "b4"]}))
        .await;
    common::Server::problem_naming(answer, 400, "invalid_parameter", "played[1]");
    let answer = s
        .post("/tour/finish?format=gif", &json!({"played": ["a1"]}))
        .await;
    common::Server::problem_naming(answer, 400, "invalid_parameter", "format");
    let answer = s
        .post("/tour/finish?width=8", &json!({"played": ["a1"]}))
        .await;
    common::Server::problem(answer, 400, "unknown_parameter");
    // Text of a board too large to print: refused before the search.
    let answer = s
        .post(
            "/tour/finish?format=text",
            &json!({"played": ["a1"], "width": 1000, "height": 1000}),
        )
        .await;
    common::Server::problem_naming(answer, 422, "render_too_large", "format");
}

#[tokio::test]
async fn a_finished_tour_of_a_large_board_is_a_line_over_the_board() {
    let s = common::start().await;
    let body = json!({
        "played": ["a1", "b3", "c5", "d7", "e5"],
        "width": 1000,
        "height": 1000,
        "time_limit_ms": 10_000
    });
    let svg = posted_svg(&s, "/tour/finish?format=svg", &body).await;
    assert!(svg.len() <= 2_000_000, "{} bytes", svg.len());
    assert!(check_svg(&svg).is_empty(), "no square drawn on its own");
    let words = texts(&svg).replace('\n', " ");
    assert!(
        words.contains(
            "finished from the 5 squares played (a1 b3 c5 d7 e5) on the 1000×1000 board."
        ) && words.contains("999,999 moves, 4 played and 999,995 found to finish"),
        "{words}"
    );
    assert!(
        words.contains("every 16th of its 1,000,000 squares"),
        "{words}"
    );
    // The played moves over the sampled line: a1 b3 c5 d7 e5.
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let played = doc
        .descendants()
        .find(|n| n.attribute("data-played").is_some())
        .unwrap();
    assert_eq!(played.attribute("data-played"), Some("5"));
    assert_eq!(
        played.attribute("d"),
        Some("M0.5 999.5L1.5 997.5L2.5 995.5L3.5 993.5L4.5 995.5")
    );
}

#[tokio::test]
async fn terrain_pictures_have_a_legend_and_a_caption() {
    let s = common::start().await;
    let (status, _, svg) = s
        .post(
            "/path?format=svg",
            &json!({"board": CHALLENGE, "from": "a1", "to": "af28"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(check_svg(&svg).len(), 32 * 28);
    let answer = s
        .post_json(
            "/path",
            &json!({"board": CHALLENGE, "from": "a1", "to": "af28"}),
        )
        .await;
    let words = texts(&svg);
    for want in [
        "Cheapest path from a1 to af28 on the 32×28 board.".to_owned(),
        format!("{} moves, cost {}.", answer["moves"], answer["cost"]),
        "plain: costs 1".to_owned(),
        "water: costs 2".to_owned(),
        "lava: costs 5".to_owned(),
        "rock: jumped over, never landed on".to_owned(),
        "barrier: never landed on or passed".to_owned(),
        "teleport: hops to its partner".to_owned(),
        "teleport hop".to_owned(),
        "start".to_owned(),
        "end".to_owned(),
    ] {
        assert!(words.lines().any(|l| l == want), "{want} in {words}");
    }
    // The legend names only the kinds drawn.
    let (_, _, small) = s
        .post(
            "/path?format=svg",
            &json!({"board": ". . . .\n. W . .\n. . . .", "from": "a1", "to": "c2"}),
        )
        .await;
    let words = texts(&small);
    assert!(
        words.contains("water: costs 2") && !words.contains("lava"),
        "{words}"
    );
}

#[tokio::test]
async fn a_refused_step_is_drawn_with_its_reason() {
    let s = common::start().await;
    let (status, _, svg) = s
        .post("/validate?format=svg", &json!({"path": ["b6", "d5", "d6"]}))
        .await;
    assert_eq!(status, 200);
    check_svg(&svg);
    let want = common::served_snapshot("validate-fault.svg");
    assert_eq!(svg, want);
    assert!(texts(&svg).contains("Not valid at step 2: d5 to d6 is not a knight move."));
    let (_, _, svg) = s
        .post("/validate?format=svg", &json!({"path": ["b6", "d5", "f6"]}))
        .await;
    assert!(
        texts(&svg).contains("2 moves, cost 2, valid."),
        "{}",
        texts(&svg)
    );
}

#[tokio::test]
async fn move_numbers_stay_legible_or_are_left_out_with_a_note() {
    let s = common::start().await;
    let svg = svg_of(&s, "/tour?width=30&height=30&start=a1&format=svg").await;
    assert_eq!(check_svg(&svg).len(), 900);
    let px = number_px(&svg).unwrap();
    assert!(px >= 10.0, "{px} px");
    // A long path on the challenge board: every move numbered, legibly.
    let (status, _, svg) = s
        .post(
            "/longest-path?format=svg",
            &json!({"board": CHALLENGE, "from": "a1", "to": "af28", "time_limit_ms": 300}),
        )
        .await;
    assert_eq!(status, 200);
    check_svg(&svg);
    let px = number_px(&svg).unwrap();
    assert!(px >= 10.0, "{px} px");
    assert!(texts(&svg).contains("upper bound"), "{}", texts(&svg));
    // Past a thousand squares, no numbers, and the picture says so.
    let svg = svg_of(&s, "/tour?width=40&height=40&start=a1&format=svg").await;
    assert_eq!(check_svg(&svg).len(), 1600);
    assert_eq!(number_px(&svg), None);
    assert!(
        texts(&svg).contains("Move numbers left out"),
        "{}",
        texts(&svg)
    );
}

#[tokio::test]
async fn a_board_too_large_to_draw_whole_is_drawn_around_the_path() {
    let s = common::start().await;
    let svg = svg_of(&s, "/path?from=a1&to=h8&width=1000&height=1000&format=svg").await;
    let (status, _, text) = s
        .get("/path?from=a1&to=h8&width=1000&height=1000&format=text")
        .await;
    assert_eq!(status, 200);
    // Text and SVG show the same squares: the corner around the path.
    let shown = check_svg(&svg);
    assert_eq!(shown, text_squares(&text));
    assert_eq!(shown.len(), 100);
    let path = s
        .get_json("/path?from=a1&to=h8&width=1000&height=1000")
        .await;
    for square in path["path"].as_array().unwrap() {
        assert!(shown.contains(square.as_str().unwrap()), "{square}");
    }
    assert!(texts(&svg).replace('\n', " ").contains(
        "Shown: files a–j, ranks 1–10 of the 1000×1000 board, the part around the path."
    ));
    snapshot("path-cropped.svg", &svg);
    snapshot("path-cropped.txt", &text);

    // On the largest board, far from a1: labelled with its own coordinates.
    let far = "/path?from=zz999999999&to=aab1000000000&width=1000000000&height=1000000000";
    let svg = svg_of(&s, &format!("{far}&format=svg")).await;
    let (status, _, text) = s.get(&format!("{far}&format=text")).await;
    assert_eq!(status, 200, "{text}");
    let shown = check_svg(&svg);
    assert_eq!(shown, text_squares(&text));
    assert!(shown.contains("zz999999999") && shown.contains("aab1000000000"));
    assert!(shown.len() <= 100, "{}", shown.len());
    let words = texts(&svg).replace('\n', " ");
    assert!(
        words.contains("999999998") && words.contains("aab"),
        "{words}"
    );
    assert!(
        words.contains("1,000,000,000×1,000,000,000 board"),
        "{words}"
    );

    // Too much of a board to print as text: 422, saying what to ask for
    // instead; the SVG draws it.
    for query in [
        "/path?from=a1&to=all1000&width=1000&height=1000",
        "/tour?width=300&height=300",
    ] {
        let v = common::Server::problem(
            s.get(&format!("{query}&format=text")).await,
            422,
            "render_too_large",
        );
        assert_eq!(v["param"], "format");
        assert!(v["detail"].as_str().unwrap().contains("SVG or PNG"), "{v}");
        check_svg(&svg_of(&s, &format!("{query}&format=svg")).await);
    }
}

/// The points of a path's `d` written as one move and relative lines
/// (`M x y l dx dy dx dy …`), in units.
fn relative_points(d: &str) -> Vec<(f64, f64)> {
    let d = d.strip_prefix('M').unwrap();
    let (start, rest) = d.split_once('l').unwrap();
    let numbers = |t: &str| -> Vec<f64> {
        // Numbers are apart by a space or by the minus that starts one.
        t.replace('-', " -")
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect()
    };
    let first = numbers(start);
    let mut at = (first[0], first[1]);
    let mut points = vec![at];
    for pair in numbers(rest).chunks(2) {
        at = (at.0 + pair[0], at.1 + pair[1]);
        points.push(at);
    }
    points
}

/// The fewest knight moves between two squares of a `width`×`height`
/// board, by plain breadth-first search: the reference.
fn bfs_moves(width: i64, height: i64, from: (i64, i64), to: (i64, i64)) -> Option<u64> {
    let index = |(f, r): (i64, i64)| usize::try_from(r * width + f).unwrap();
    let mut seen = vec![u64::MAX; usize::try_from(width * height).unwrap()];
    let mut queue = std::collections::VecDeque::from([from]);
    seen[index(from)] = 0;
    while let Some((f, r)) = queue.pop_front() {
        let d = seen[index((f, r))];
        if (f, r) == to {
            return Some(d);
        }
        for (df, dr) in MOVES {
            let next = (f + df, r + dr);
            if (0..width).contains(&next.0)
                && (0..height).contains(&next.1)
                && seen[index(next)] == u64::MAX
            {
                seen[index(next)] = d + 1;
                queue.push_back(next);
            }
        }
    }
    None
}

#[tokio::test]
async fn large_boards_are_drawn_as_a_pattern_with_the_answer_over_it() {
    let s = common::start().await;

    // A path across 1000×1000: its 567 moves (as breadth-first search
    // finds), each drawn as its own segment, over one pattern of blocks;
    // the only squares drawn on their own are the 9×9 around each end
    // (within the board), drawn under it.
    let query = "/path?from=a1&to=zz999&width=1000&height=1000";
    let want = bfs_moves(1000, 1000, (0, 0), (701, 998)).unwrap();
    assert_eq!(want, 567);
    let svg = svg_of(&s, &format!("{query}&format=svg")).await;
    assert!(svg.len() <= 200_000, "{} bytes", svg.len());
    let file = |mut f: u32| {
        let mut name = String::new();
        f += 1;
        while f > 0 {
            f -= 1;
            name.insert(0, char::from(b'a' + u8::try_from(f % 26).unwrap()));
            f /= 26;
        }
        name
    };
    let around = |files: std::ops::Range<u32>, ranks: std::ops::Range<u32>| {
        files.flat_map(move |f| ranks.clone().map(move |r| format!("{}{}", file(f), r + 1)))
    };
    let ends: BTreeSet<String> = around(0..9, 0..9)
        .chain(around(697..706, 991..1000))
        .collect();
    assert_eq!(
        check_svg(&svg),
        ends,
        "the squares around each end, and no others"
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let view = doc
        .descendants()
        .find_map(|n| n.attribute("data-view"))
        .unwrap();
    // Files a to zz and two more, the whole height.
    assert_eq!(view, "0 0 704 1000");
    let segments = steps(&svg).iter().filter(|&&n| n > 0).count();
    // A segment per move, and the end ring's step.
    assert_eq!(segments, 567 + 1);
    assert!(texts(&svg).contains("567 moves"), "{}", texts(&svg));
    let answer = s.get_json(query).await;
    assert_eq!(answer["moves"], 567);

    // A tour of 1000×1000: at most 2 MB, its line through every 16th
    // square of the JSON tour, first and last included.
    let query = "/tour?width=1000&height=1000";
    let svg = svg_of(&s, &format!("{query}&format=svg")).await;
    assert!(svg.len() <= 2_000_000, "{} bytes", svg.len());
    check_svg(&svg);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // The line in bands, first to last, each starting where the one
    // before ends.
    let mut drawn: Vec<(f64, f64)> = Vec::new();
    let bands = doc.descendants().filter(|n| {
        n.has_tag_name("path")
            && n.children()
                .any(|c| c.text().is_some_and(|t| t.contains("through every 16th")))
    });
    for band in bands {
        let points = relative_points(band.attribute("d").unwrap());
        if let Some(&end) = drawn.last() {
            assert_eq!(points[0], end, "a band starts where the one before ends");
            drawn.extend(&points[1..]);
        } else {
            drawn = points;
        }
    }
    let tour = s.get_json(&format!("{query}&notation=index")).await;
    let tour: Vec<i64> = tour["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(tour.len(), 1_000_000);
    let mut picked: Vec<i64> = tour.iter().step_by(16).copied().collect();
    picked.push(tour[tour.len() - 1]);
    let centres: Vec<(f64, f64)> = picked
        .iter()
        .map(|i| {
            (
                i32::try_from(i % 1000).unwrap(),
                i32::try_from(i / 1000).unwrap(),
            )
        })
        .map(|(f, r)| (f64::from(f) + 0.5, f64::from(999 - r) + 0.5))
        .collect();
    assert_eq!(drawn, centres);
    let words = texts(&svg).replace('\n', " ");
    assert!(
        words.contains("every 16th of its 1,000,000 squares"),
        "{words}"
    );

    // The pattern, checkered where a square is 2 px or more: a snapshot.
    let svg = svg_of(&s, "/path?from=a1&to=cv100&width=100&height=100&format=svg").await;
    assert!(check_svg(&svg).is_empty());
    assert!(svg.contains(r#"stroke-dasharray="1 1""#), "checkered");
    snapshot("path-pattern.svg", &svg);
}

#[test]
fn every_committed_picture_is_well_formed() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut seen = 0;
    for dir in [
        "tests/snapshots",
        "crates/knight/tests/snapshots",
        "docs/pictures",
    ] {
        let Ok(entries) = std::fs::read_dir(format!("{root}/{dir}")) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "svg") {
                check_svg(&std::fs::read_to_string(&path).unwrap());
                seen += 1;
            }
        }
    }
    assert!(seen >= 5, "{seen} pictures");
}

/// The captions that say the whole question: a check as a simple path, a
/// longest path with its barrier rule and the time searched, a cheapest
/// path under the long-leg rule, a puzzle and a solved one. Their pictures
/// are kept as snapshots, which the Python package's tests draw again and
/// compare byte for byte (the words are the library's, written once).
#[tokio::test]
async fn captions_say_the_whole_question() {
    let s = common::start().await;
    let barrier = ". . . .\n. . . .\n. B . .\n. . . .";
    let simple = posted_svg(
        &s,
        "/validate?format=svg",
        &json!({"path": ["b1", "c3", "d1"], "width": 4, "height": 4, "simple": true}),
    )
    .await;
    let longest = posted_svg(
        &s,
        "/longest-path?format=svg",
        &json!({"board": barrier, "from": "a1", "to": "b1", "barrier_rule": "long_leg", "time_limit_ms": 500}),
    )
    .await;
    let cheapest = posted_svg(
        &s,
        "/path?format=svg",
        &json!({"board": barrier, "from": "a1", "to": "c2", "barrier_rule": "long_leg"}),
    )
    .await;
    let puzzle = svg_of(&s, "/tour/puzzle?width=6&height=6&seed=7&format=svg").await;
    let clues = json!({"width": 6, "height": 6, "clues": {"d5": 3, "d6": 10, "a6": 25, "a5": 32, "e5": 36}});
    let solved = posted_svg(&s, "/tour/finish?format=svg", &clues).await;
    let captions = [
        (&simple, "Check of the path b1 c3 d1 as a simple path on the 4×4 board."),
        (&longest, "Longest path (searched for up to 500 ms) from a1 to b1, barriers passed by the long leg first on the 4×4 board."),
        (&cheapest, "Cheapest path from a1 to c2, barriers passed by the long leg first on the 4×4 board."),
        (&puzzle, "Knight's tour puzzle (seed 7) on the 6×6 board."),
        (&solved, "Knight's tour puzzle: 5 numbered squares on the 6×6 board."),
    ];
    for (svg, words) in captions {
        check_svg(svg);
        let said = texts(svg).replace('\n', " ");
        assert!(said.contains(words), "{words}:\n{said}");
    }
    snapshot("validate-simple.svg", &simple);
    snapshot("longest-long-leg.svg", &longest);
    snapshot("cheapest-long-leg.svg", &cheapest);
    snapshot("puzzle.svg", &puzzle);
    snapshot("clues-solved.svg", &solved);
}
