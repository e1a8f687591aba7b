//! Property tests: the parsers of squares, boards and request bodies never
//! panic, round-trip what they print, and turn every rejection into a 4xx.

use knight::board::{file_name, MAX_SIDE};
use knight::{Board, SquareName, Terrain};
use knightd::request::extract::{from_json, from_query};
use knightd::request::question::distance::{BatchRequest, DistanceRequest};
use knightd::request::question::path::{PathBody, PathQuery};
use proptest::prelude::*;

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<u64>().prop_map(serde_json::Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(serde_json::Value::from),
        "[a-zA-Z0-9 ._\\-]{0,12}".prop_map(serde_json::Value::from),
        Just(serde_json::Value::from("g2")),
        Just(serde_json::Value::from("19")),
    ];
    leaf.prop_recursive(3, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
            prop::collection::btree_map(
                prop_oneof![
                    Just("from".to_owned()),
                    Just("to".to_owned()),
                    Just("src".to_owned()),
                    Just("dest".to_owned()),
                    Just("width".to_owned()),
                    Just("height".to_owned()),
                    Just("pairs".to_owned()),
                    Just("board".to_owned()),
                    Just("notation".to_owned()),
                    "[a-z]{1,8}",
                ],
                inner,
                0..6
            )
            .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn square_names_never_panic(text in "\\PC{0,30}") {
        let _ = text.parse::<SquareName>();
    }

    #[test]
    fn algebraic_names_round_trip(file in 0..MAX_SIDE, rank in 0..MAX_SIDE) {
        let text = format!("{}{}", file_name(file), rank + 1);
        let name: SquareName = text.parse().unwrap();
        prop_assert_eq!(name, SquareName::Algebraic { file, rank });
        prop_assert_eq!(name.to_string(), text.clone());
        prop_assert_eq!(text.to_uppercase().parse::<SquareName>().unwrap(), name);
    }

    #[test]
    fn indices_round_trip(w in 1..2000u64, h in 1..2000u64, seed in any::<u64>()) {
        let board = Board::new(w, h).unwrap();
        let index = seed % board.squares();
        let square = SquareName::Index(index).on(board).unwrap();
        prop_assert_eq!(board.index(square), index);
        let by_name: SquareName = square.to_string().parse().unwrap();
        prop_assert_eq!(by_name.on(board).unwrap(), square);
    }

    #[test]
    fn board_texts_never_panic(text in "[.WLRBTSEx \\n\\r\\t]{0,200}") {
        if let Ok(terrain) = Terrain::parse(&text, 10_000) {
            let b = terrain.board();
            prop_assert_eq!(terrain.cells().len() as u64, b.squares());
        }
    }

    #[test]
    fn arbitrary_board_texts_never_panic(text in "\\PC{0,100}") {
        let _ = Terrain::parse(&text, 10_000);
    }

    #[test]
    fn json_bodies_are_accepted_or_refused_with_a_4xx(value in json_value()) {
        let bytes = serde_json::to_vec(&value).unwrap();
        for status in [
            from_json::<DistanceRequest>(&bytes).err().map(|e| e.status()),
            from_json::<BatchRequest>(&bytes).err().map(|e| e.status()),
            from_json::<PathBody>(&bytes).err().map(|e| e.status()),
        ].into_iter().flatten() {
            prop_assert!(status.is_client_error(), "{} for {}", status, value);
        }
    }

    #[test]
    fn raw_bodies_are_refused_with_a_4xx(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        if let Err(e) = from_json::<DistanceRequest>(&bytes) {
            prop_assert!(e.status().is_client_error());
        }
    }

    #[test]
    fn query_strings_are_accepted_or_refused_with_a_4xx(query in "[a-z0-9=&%+.\\-]{0,60}") {
        for status in [
            from_query::<DistanceRequest>(&query).err().map(|e| e.status()),
            from_query::<PathQuery>(&query).err().map(|e| e.status()),
        ].into_iter().flatten() {
            prop_assert!(status.is_client_error(), "{} for {}", status, query);
        }
    }
}
