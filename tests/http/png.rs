//! PNG pictures (`format=png`, `Accept: image/png`): on every route that
//! draws, a PNG that decodes, as large as the SVG it is rasterised from (or
//! `size` along its longer side), drawn (not blank: the board's light
//! squares and the path's ink are there), cached like the SVG under its own
//! `ETag`; a bad or too large `size` is a 400 naming it.

use crate::common;

use serde_json::json;

const CHALLENGE: &str = include_str!("../../assets/page/boards/challenge-28x32.txt");

/// A decoded PNG: width, height and RGBA pixels.
struct Image {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Image {
    /// Decodes `bytes`, which must be a whole, valid PNG.
    fn decode(bytes: &[u8]) -> Image {
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buffer).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgba);
        buffer.truncate(info.buffer_size());
        Image {
            width: info.width,
            height: info.height,
            rgba: buffer,
        }
    }

    /// Pixels within 24 of `rgb` in each channel, opaque.
    fn count_near(&self, rgb: [u8; 3]) -> usize {
        self.rgba
            .chunks(4)
            .filter(|p| p[3] == 255 && (0..3).all(|i| p[i].abs_diff(rgb[i]) <= 24))
            .count()
    }
}

/// The SVG's own size in pixels (its `width` and `height`).
fn svg_size(svg: &str) -> (u32, u32) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let root = doc.root_element();
    let side = |name| root.attribute(name).unwrap().parse::<u32>().unwrap();
    (side("width"), side("height"))
}

async fn fetch(
    s: &common::Server,
    method: &str,
    path: &str,
    body: Option<&serde_json::Value>,
    headers: &[(&str, &str)],
) -> reqwest::Response {
    let client = reqwest::Client::new();
    let mut request = match method {
        "GET" => client.get(s.url(path)),
        _ => client.post(s.url(path)).json(body.unwrap()),
    };
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap()
}

/// A 200 PNG of `path`, checked and decoded, with its SVG's size.
async fn png_and_svg_size(
    s: &common::Server,
    method: &str,
    path: &str,
    body: Option<&serde_json::Value>,
) -> (Image, (u32, u32)) {
    let r = fetch(s, method, &format!("{path}format=png"), body, &[]).await;
    assert_eq!(r.status(), 200, "{method} {path}");
    assert_eq!(r.headers()["content-type"], "image/png", "{method} {path}");
    let image = Image::decode(&r.bytes().await.unwrap());
    let r = fetch(s, method, &format!("{path}format=svg"), body, &[]).await;
    assert_eq!(r.status(), 200);
    let svg = r.text().await.unwrap();
    (image, svg_size(&svg))
}

const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
const PLAIN: [u8; 3] = [0xd3, 0xb1, 0x8c];
const PATH: [u8; 3] = [0x1d, 0x35, 0x57];

#[tokio::test]
async fn every_picture_route_answers_a_png_of_its_svg() {
    let s = common::start().await;
    let longest = json!({"width": 5, "height": 5, "from": "a1", "to": "e5", "time_limit_ms": 200});
    let cases: [(&str, &str, Option<serde_json::Value>); 9] = [
        ("GET", "/path?from=g2&to=a8&", None),
        ("GET", "/tour?width=6&height=6&closed=true&", None),
        ("GET", "/distance-map?from=e4&", None),
        (
            "GET",
            "/shortest-paths?from=b2&to=t17&width=24&height=20&limit=1&",
            None,
        ),
        (
            "POST",
            "/path?",
            Some(json!({"board": CHALLENGE, "from": "a1", "to": "af28"})),
        ),
        (
            "POST",
            "/validate?",
            Some(json!({"path": ["b6", "d5", "d6"]})),
        ),
        ("POST", "/longest-path?", Some(longest)),
        (
            "POST",
            "/tour/finish?",
            Some(json!({"played": ["a1", "b3", "c5"], "width": 6, "height": 6})),
        ),
        ("GET", "/tour?width=1000&height=1000&", None),
    ];
    for (method, path, body) in &cases {
        let (image, (width, height)) = png_and_svg_size(&s, method, path, body.as_ref()).await;
        // At the SVG's own size (a pixel more where it rounds up).
        assert!(
            image.width.abs_diff(width) <= 1 && image.height.abs_diff(height) <= 1,
            "{method} {path}: {}×{} for an SVG of {width}×{height}",
            image.width,
            image.height
        );
        // Light squares, or the plain board of squares under 2 px.
        let board = image.count_near(LIGHT) + image.count_near(PLAIN);
        assert!(board > 100, "{method} {path}: {board} pixels of board");
        let text = image.count_near([0x1f, 0x23, 0x28]) + image.count_near(PATH);
        assert!(text > 100, "{method} {path}: {text} pixels of ink");
        // docs/pictures.md gives the 1000×1000 tour's PNG size: this one's.
        if path.contains("width=1000") {
            let docs = include_str!("../../docs/pictures.md");
            let said = format!("as PNG ({}×{} px)", image.width, image.height);
            assert!(docs.contains(&said), "docs/pictures.md should say {said}");
        }
    }
}

#[tokio::test]
async fn size_sets_the_longer_side_within_the_limit() {
    let s = common::start_configured(|c| c.max_png_side = 500).await;
    for (size, query) in [
        (300, "/path?from=g2&to=a8"),
        (1, "/path?from=g2&to=a8"),
        (500, "/tour?width=5&height=5&start=a1"),
        (499, "/tour?width=1000&height=1000"),
        (333, "/distance-map?from=g2"),
    ] {
        let r = fetch(
            &s,
            "GET",
            &format!("{query}&format=png&size={size}"),
            None,
            &[],
        )
        .await;
        assert_eq!(r.status(), 200);
        let image = Image::decode(&r.bytes().await.unwrap());
        assert_eq!(image.width.max(image.height), size, "{query}");
    }
    // POST carries format and size in its query.
    let r = fetch(
        &s,
        "POST",
        "/validate?format=png&size=200",
        Some(&json!({"path": ["b6", "d5"]})),
        &[],
    )
    .await;
    assert_eq!(r.status(), 200);
    let image = Image::decode(&r.bytes().await.unwrap());
    assert_eq!(image.width.max(image.height), 200);
    let r = fetch(
        &s,
        "POST",
        "/tour/finish?format=png&size=240",
        Some(&json!({"played": ["a1", "b3"], "width": 6, "height": 6, "closed": true})),
        &[],
    )
    .await;
    assert_eq!(r.status(), 200);
    let image = Image::decode(&r.bytes().await.unwrap());
    assert_eq!(image.width.max(image.height), 240);

    for (size, words) in [
        ("501", "'501' is too large for 'size': at most 500 pixels"),
        (
            "99999999999999999999",
            "is too large for 'size': at most 500 pixels",
        ),
        (
            "0",
            "'size' must be a whole number of pixels from 1 to 500, not '0'",
        ),
        ("12.5", "'12.5' is not a size"),
        ("big", "'big' is not a size"),
    ] {
        let answer = s
            .get(&format!("/path?from=g2&to=a8&format=png&size={size}"))
            .await;
        let v = common::Server::problem(answer, 400, "invalid_parameter");
        assert_eq!(v["param"], "size");
        assert!(v["detail"].as_str().unwrap().contains(words), "{v}");
    }
    let answer = s.get("/path?from=g2&to=a8&format=svg&size=300").await;
    let v = common::Server::problem(answer, 400, "invalid_parameter");
    assert!(v["detail"]
        .as_str()
        .unwrap()
        .contains("give it with format=png"));
    let answer = s.get("/path?from=g2&to=a8&format=png&size=3&size=4").await;
    common::Server::problem_naming(answer, 400, "invalid_parameter", "size");
    // The handler's own errors come through as they are.
    let answer = s.get("/path?from=g2&to=z9&format=png").await;
    common::Server::problem_naming(answer, 400, "square_off_board", "to");
}

#[tokio::test]
async fn accept_asks_for_a_png_and_format_wins() {
    let s = common::start().await;
    let kind = |r: &reqwest::Response| r.headers()["content-type"].to_str().unwrap().to_owned();
    let r = fetch(
        &s,
        "GET",
        "/path?from=g2&to=a8",
        None,
        &[("accept", "image/png")],
    )
    .await;
    assert_eq!(
        (r.status().as_u16(), kind(&r)),
        (200, "image/png".to_owned())
    );
    assert!(r.headers().get_all("vary").iter().any(|v| v == "accept"));
    Image::decode(&r.bytes().await.unwrap());
    let both = [("accept", "image/png;q=0.5, image/svg+xml")];
    let r = fetch(&s, "GET", "/path?from=g2&to=a8", None, &both).await;
    assert_eq!(kind(&r), "image/svg+xml");
    let r = fetch(
        &s,
        "GET",
        "/path?from=g2&to=a8&format=svg",
        None,
        &[("accept", "image/png")],
    )
    .await;
    assert_eq!(kind(&r), "image/svg+xml");
    let r = fetch(
        &s,
        "POST",
        "/validate",
        Some(&json!({"path": ["b6", "d5"]})),
        &[("accept", "image/png")],
    )
    .await;
    assert_eq!(kind(&r), "image/png");
}

#[tokio::test]
async fn a_png_has_its_own_etag_and_is_not_modified() {
    let s = common::start().await;
    let png = fetch(&s, "GET", "/path?from=g2&to=a8&format=png", None, &[]).await;
    let svg = fetch(&s, "GET", "/path?from=g2&to=a8&format=svg", None, &[]).await;
    let tag = png.headers()["etag"].to_str().unwrap().to_owned();
    let svg_tag = svg.headers()["etag"].to_str().unwrap().to_owned();
    assert!(tag.ends_with("-png\""), "{tag}");
    assert_ne!(tag, svg_tag);
    assert_eq!(png.headers()["cache-control"], "public, max-age=86400");
    let again = fetch(
        &s,
        "GET",
        "/path?from=g2&to=a8&format=png",
        None,
        &[("if-none-match", &tag)],
    )
    .await;
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"].to_str().unwrap(), tag);
    // The SVG's tag is not the PNG's.
    let other = fetch(
        &s,
        "GET",
        "/path?from=g2&to=a8&format=png",
        None,
        &[("if-none-match", &svg_tag)],
    )
    .await;
    assert_eq!(other.status(), 200);
    Image::decode(&other.bytes().await.unwrap());
}
