//! The core endpoints, spoken to over HTTP.

mod common;

use serde_json::json;

#[tokio::test]
async fn distance_example() {
    let s = common::start().await;
    let v = s
        .post_json("/distance", &json!({"src": 19, "dest": 36}))
        .await;
    assert_eq!(
        v,
        json!({"from": 19, "to": 36, "width": 8, "height": 8, "moves": 1, "reachable": true})
    );
}
