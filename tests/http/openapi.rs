//! `openapi-3.0.yaml` (served at `/openapi-3.0.yaml`) is `openapi.yaml`
//! (OpenAPI 3.1) said in OpenAPI 3.0.3, for generators that do not read
//! 3.1: this test derives it from the 3.1 document and fails when the
//! committed file differs, so the two cannot drift. After changing
//! `openapi.yaml`, write the 3.0 copy again with
//! `UPDATE_OPENAPI_30=1 cargo test --test http openapi::`.

use serde_norway::{Mapping, Value};

const HEADER: &str =
    "# OpenAPI 3.0.3 copy of openapi.yaml, derived from it by tests/http/openapi.rs\n\
# (UPDATE_OPENAPI_30=1 cargo test --test http openapi::); do not edit by hand.\n";

fn path(file: &str) -> String {
    format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn read(file: &str) -> Value {
    let text = std::fs::read_to_string(path(file)).unwrap();
    serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn key(name: &str) -> Value {
    Value::String(name.to_owned())
}

fn is_null_type(v: &Value) -> bool {
    v.as_mapping()
        .and_then(|m| m.get(key("type")))
        .and_then(Value::as_str)
        == Some("null")
}

/// One schema object (or any mapping of the document) in 3.0 terms:
/// `type: [T, 'null']` is `type: T` with `nullable: true`; a `{type:
/// 'null'}` branch of `oneOf`/`anyOf` is `nullable: true`; `const: x` is
/// `enum: [x]` (with the type of `x` when the schema names none).
fn convert_mapping(map: &mut Mapping) {
    let mut nullable = false;
    if let Some(Value::Sequence(types)) = map.get_mut(key("type")) {
        if types.iter().any(|t| t.as_str() == Some("null")) {
            types.retain(|t| t.as_str() != Some("null"));
            nullable = true;
        }
        assert_eq!(types.len(), 1, "3.0 has one type a schema: {types:?}");
        let single = types[0].clone();
        map.insert(key("type"), single);
    }
    for combinator in ["oneOf", "anyOf"] {
        if let Some(Value::Sequence(branches)) = map.get_mut(key(combinator)) {
            if branches.iter().any(is_null_type) {
                branches.retain(|b| !is_null_type(b));
                nullable = true;
            }
        }
    }
    if nullable {
        map.insert(key("nullable"), Value::Bool(true));
    }
    if let Some(value) = map.remove(key("const")) {
        // 3.0 generators want a type beside an enum.
        let kind = match &value {
            Value::Number(n) if n.is_i64() || n.is_u64() => Some("integer"),
            Value::String(_) => Some("string"),
            Value::Bool(_) => Some("boolean"),
            _ => None,
        };
        if let (Some(kind), false) = (kind, map.contains_key(key("type"))) {
            map.insert(key("type"), key(kind));
        }
        map.insert(key("enum"), Value::Sequence(vec![value]));
    }
    for (_, value) in map.iter_mut() {
        convert(value);
    }
}

fn convert(value: &mut Value) {
    match value {
        Value::Mapping(map) => convert_mapping(map),
        Value::Sequence(items) => items.iter_mut().for_each(convert),
        _ => {}
    }
}

/// The 3.1 document in OpenAPI 3.0.3.
fn to_30(mut doc: Value) -> Value {
    let root = doc.as_mapping_mut().unwrap();
    assert_eq!(
        root.get(key("openapi")).and_then(Value::as_str),
        Some("3.1.0")
    );
    root.insert(key("openapi"), key("3.0.3"));
    for only_31 in ["webhooks", "jsonSchemaDialect"] {
        assert!(
            !root.contains_key(key(only_31)),
            "{only_31} has no 3.0 form"
        );
    }
    let info = root.get_mut(key("info")).unwrap().as_mapping_mut().unwrap();
    // 3.0's info has no summary: it leads the description instead.
    if let Some(Value::String(summary)) = info.remove(key("summary")) {
        let description = info
            .get(key("description"))
            .and_then(Value::as_str)
            .unwrap_or("");
        info.insert(
            key("description"),
            key(&format!("{summary}\n\n{description}")),
        );
    }
    if let Some(Value::Mapping(license)) = info.get_mut(key("license")) {
        // 3.0 names a license by URL, not by SPDX identifier.
        if let Some(Value::String(id)) = license.remove(key("identifier")) {
            license.insert(
                key("url"),
                key(&format!("https://spdx.org/licenses/{id}.html")),
            );
        }
    }
    for section in ["paths", "components"] {
        if let Some(value) = root.get_mut(key(section)) {
            convert(value);
        }
    }
    doc
}

/// Fails on any keyword of the converted document that 3.0 does not have.
fn assert_30_only(value: &Value, at: &str) {
    match value {
        Value::Mapping(map) => {
            for (k, v) in map {
                let k = k.as_str().unwrap_or("");
                if [
                    "const",
                    "dependentRequired",
                    "prefixItems",
                    "$defs",
                    "unevaluatedProperties",
                ]
                .contains(&k)
                    && !at.ends_with("/properties")
                {
                    panic!("{at}/{k} is not OpenAPI 3.0");
                }
                if k == "type" && (v.is_sequence() || v.as_str() == Some("null")) {
                    panic!("{at}/type is {v:?}, not OpenAPI 3.0");
                }
                if k == "$ref" && map.len() > 1 && !at.contains("/examples") {
                    panic!("{at}: $ref with siblings, which 3.0 ignores");
                }
                assert_30_only(v, &format!("{at}/{k}"));
            }
        }
        Value::Sequence(items) => {
            for (i, item) in items.iter().enumerate() {
                assert_30_only(item, &format!("{at}/{i}"));
            }
        }
        _ => {}
    }
}

#[test]
fn openapi_30_is_the_31_document_in_30_terms() {
    let derived = to_30(read("openapi.yaml"));
    assert_30_only(&derived, "");
    if std::env::var_os("UPDATE_OPENAPI_30").is_some() {
        let text = serde_norway::to_string(&derived).unwrap();
        std::fs::write(path("openapi-3.0.yaml"), format!("{HEADER}{text}")).unwrap();
    }
    let committed = read("openapi-3.0.yaml");
    assert!(
        committed == derived,
        "openapi-3.0.yaml is not openapi.yaml in 3.0 terms; write it again with \
         `UPDATE_OPENAPI_30=1 cargo test --test http openapi::`"
    );
}

#[test]
fn the_server_serves_both_documents() {
    assert_eq!(
        knightd::routes::ops::OPENAPI_YAML,
        std::fs::read_to_string(path("openapi.yaml")).unwrap()
    );
    assert_eq!(
        knightd::routes::ops::OPENAPI_30_YAML,
        std::fs::read_to_string(path("openapi-3.0.yaml")).unwrap()
    );
}
