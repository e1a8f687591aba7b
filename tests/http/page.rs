//! The board page's files as served: their types and headers, that every
//! file the page loads is served, and that nothing in it needs what the
//! Content-Security-Policy forbids (inline script or style, `eval`, another
//! host). What the page does in a browser is tested by
//! `scripts/browser-tests.sh`, which needs Chromium; these tests do not.
//! They ask the real application (`knightd::app`, as the binary serves it).

use crate::common;

use knightd::routes::page::{Asset, ASSETS, CONTENT_SECURITY_POLICY};
use reqwest::header::{self, HeaderMap};
use reqwest::{Method, StatusCode};

/// One request to the real application; its status, headers and body.
async fn send(
    server: &common::Server,
    method: Method,
    path: &str,
    etag: Option<&str>,
) -> (StatusCode, HeaderMap, String) {
    let mut request = server.client.request(method, server.url(path));
    if let Some(etag) = etag {
        request = request.header(header::IF_NONE_MATCH, etag);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

fn asset(path: &str) -> &'static Asset {
    ASSETS.iter().find(|a| a.path == path).unwrap()
}

#[tokio::test]
async fn every_file_is_served_with_its_type_and_the_page_headers() {
    let s = common::start().await;
    for asset in ASSETS {
        let (status, headers, body) = send(&s, Method::GET, asset.path, None).await;
        assert_eq!(status, StatusCode::OK, "{}", asset.path);
        assert_eq!(headers[header::CONTENT_TYPE], asset.content_type);
        assert_eq!(
            headers[header::CONTENT_SECURITY_POLICY],
            CONTENT_SECURITY_POLICY
        );
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(headers[header::CACHE_CONTROL], "no-cache");
        assert_eq!(body, asset.body);
        let etag = headers[header::ETAG].to_str().unwrap();
        assert!(
            etag.len() == 18 && etag.starts_with('"') && etag.ends_with('"'),
            "{etag}"
        );
    }
    let types: Vec<_> = ["/", "/page/app.js", "/page/style.css", "/page/favicon.svg"]
        .iter()
        .map(|p| asset(p).content_type)
        .collect();
    assert_eq!(
        types,
        [
            "text/html; charset=utf-8",
            "text/javascript; charset=utf-8",
            "text/css; charset=utf-8",
            "image/svg+xml"
        ]
    );
}

#[tokio::test]
async fn a_current_copy_is_revalidated_with_304_and_head_answers_headers() {
    let s = common::start().await;
    let (_, headers, _) = send(&s, Method::GET, "/page/app.js", None).await;
    let etag = headers[header::ETAG].to_str().unwrap().to_owned();
    let (status, headers, body) = send(&s, Method::GET, "/page/app.js", Some(&etag)).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert_eq!(headers[header::ETAG], etag.as_str());
    assert!(body.is_empty());
    let weak = format!("\"other\", W/{etag}");
    let (status, _, _) = send(&s, Method::GET, "/page/app.js", Some(&weak)).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    let (status, _, _) = send(&s, Method::GET, "/page/app.js", Some("\"0000\"")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, headers, body) = send(&s, Method::HEAD, "/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "text/html; charset=utf-8");
    assert!(body.is_empty());
    // Files differ, so do their ETags.
    let (_, page, _) = send(&s, Method::GET, "/", None).await;
    assert_ne!(page[header::ETAG], etag.as_str());
}

/// What follows each `marker` in `text` up to the next `end`:
/// (`href="`, '"') → every href.
fn quoted_after<'a>(text: &'a str, marker: &str, end: char) -> Vec<&'a str> {
    text.match_indices(marker)
        .filter_map(|(at, _)| {
            let rest = &text[at + marker.len()..];
            rest.find(end).map(|stop| &rest[..stop])
        })
        .collect()
}

#[test]
fn every_file_the_page_loads_is_served() {
    let served: Vec<&str> = ASSETS.iter().map(|a| a.path).collect();
    let html = asset("/").body;
    let mut wanted: Vec<String> = quoted_after(html, "href=\"", '"')
        .into_iter()
        .chain(quoted_after(html, "src=\"", '"'))
        .filter(|url| url.starts_with("page/"))
        .map(|url| format!("/{url}"))
        .collect();
    assert!(wanted.iter().any(|u| u == "/page/app.js"), "{wanted:?}");
    for js in ASSETS.iter().filter(|a| a.path.ends_with(".js")) {
        for module in quoted_after(js.body, "from './", '\'') {
            wanted.push(format!("/page/{module}"));
        }
        for url in quoted_after(js.body, "'page/", '\'') {
            wanted.push(format!("/page/{url}"));
        }
    }
    for url in &wanted {
        assert!(
            served.contains(&url.as_str()),
            "{url} is loaded but not served"
        );
    }
    // And nothing is served that nothing loads.
    for path in served.iter().filter(|p| **p != "/") {
        assert!(
            wanted.iter().any(|u| u == path),
            "{path} is served but never loaded"
        );
    }
}

#[test]
fn nothing_in_the_page_needs_what_its_policy_forbids() {
    let html = asset("/").body.to_lowercase();
    assert!(!html.contains("<style"), "no <style> element");
    assert!(!html.contains(" style="), "no style attribute");
    for script in html.split("<script").skip(1) {
        let tag = &script[..script.find('>').unwrap()];
        assert!(tag.contains(" src="), "no inline script: <script{tag}>");
    }
    let handlers = html
        .match_indices(" on")
        .filter(|(at, _)| {
            let rest = &html[at + 3..];
            let name = rest.chars().take_while(char::is_ascii_lowercase).count();
            name > 0 && rest[name..].starts_with('=')
        })
        .count();
    assert_eq!(handlers, 0, "no inline event handler");
    for asset in ASSETS {
        for forbidden in [
            "eval(",
            "new Function",
            "innerHTML",
            "document.write",
            "setAttribute('style'",
        ] {
            assert!(
                !asset.body.contains(forbidden),
                "{} uses {forbidden}",
                asset.path
            );
        }
        // Everything comes from knightd itself: no other host, no CDN.
        for scheme in ["http://", "https://", "//cdn"] {
            for (at, _) in asset.body.match_indices(scheme) {
                assert!(
                    asset.body[at..].starts_with("http://www.w3.org/"),
                    "{} refers to another host at byte {at}",
                    asset.path
                );
            }
        }
    }
}

#[test]
fn the_terrain_preset_is_the_challenge_board() {
    assert_eq!(
        asset("/page/boards/challenge-28x32.txt").body,
        include_str!("../../assets/page/boards/challenge-28x32.txt")
    );
}

#[tokio::test]
async fn the_page_is_at_the_root_and_other_paths_stay_problems() {
    let s = common::start().await;
    let (status, kind, body) = s.get("/").await;
    assert_eq!(status, 200);
    assert_eq!(kind, "text/html; charset=utf-8");
    assert!(body.contains("<html"), "{body}");
    common::Server::problem(s.get("/page/nothing.js").await, 404, "not_found");
    common::Server::problem(
        s.post("/", &serde_json::json!({})).await,
        405,
        "method_not_allowed",
    );
}
