//! Every `$ curl` example in README.md and in docs/ answers exactly as written.

use crate::common;

use serde_json::Value;

/// One example: the request and the answer the README shows.
#[derive(Debug)]
struct Example {
    command: String,
    target: String,
    body: Option<String>,
    /// The `Accept` header sent, if any.
    accept: Option<String>,
    expected: String,
}

/// Splits a shell command into words, keeping single-quoted text whole.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(word);
    }
    out
}

/// `jq -Rs '{"board": ., …}' FILE`: the JSON body with the file's text as `.`.
fn jq_body(words: &[String]) -> String {
    let (expr, file) = (&words[2], &words[3]);
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/").to_owned() + file)
        .unwrap();
    let json = expr.replace(
        ": .",
        &format!(": {}", serde_json::to_string(&text).unwrap()),
    );
    let value: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{expr}: {e}"));
    value.to_string()
}

fn parse(command: &str, expected: String) -> Example {
    let (piped, curl) = match command.split_once(" | ") {
        Some((jq, curl)) => (Some(jq_body(&words(jq))), curl),
        None => (None, command),
    };
    let words = words(curl);
    assert_eq!(words[0], "curl", "{command}");
    let mut target = None;
    let mut body = None;
    let mut accept = None;
    let mut i = 1;
    while i < words.len() {
        match words[i].as_str() {
            // -N: curl prints a stream as it comes, which the test reads whole.
            "-s" | "-sN" => {}
            "-H" => {
                i += 1;
                if let Some(value) = words[i].to_ascii_lowercase().strip_prefix("accept: ") {
                    accept = Some(value.to_owned());
                }
            }
            "-d" => {
                i += 1;
                body = Some(if words[i] == "@-" {
                    piped.clone().unwrap()
                } else {
                    words[i].clone()
                });
            }
            w if w.starts_with("localhost:8080") => {
                target = Some(w["localhost:8080".len()..].to_owned())
            }
            w => panic!("README example uses {w:?}, which this test does not know: {command}"),
        }
        i += 1;
    }
    Example {
        command: command.to_owned(),
        target: target.unwrap_or_else(|| panic!("no URL in {command}")),
        body,
        accept,
        expected,
    }
}

/// The lines of an NDJSON stream as JSON, each `elapsed_ms` (a time, which
/// no two runs share) checked to be a whole number and then left out.
fn ndjson_lines(text: &str, whose: &str) -> Vec<Value> {
    text.lines()
        .map(|line| {
            let mut value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{whose} wrote a line that is not JSON ({e}): {line}"));
            let elapsed = value.as_object_mut().and_then(|o| o.remove("elapsed_ms"));
            assert!(
                elapsed.as_ref().is_some_and(Value::is_u64),
                "{whose}: a line without a whole elapsed_ms: {line}"
            );
            value
        })
        .collect()
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_console = false;
    let mut lines = readme.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let mut expected = Vec::new();
            while let Some(next) = lines.peek() {
                if next.starts_with("$ ") || next.starts_with("```") {
                    break;
                }
                expected.push(lines.next().unwrap());
            }
            while expected.last().is_some_and(|l| l.is_empty()) {
                expected.pop();
            }
            out.push(parse(command, expected.join("\n")));
        }
    }
    out
}

#[tokio::test]
async fn every_readme_example_answers_as_written() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut pages = vec![format!("{root}/README.md")];
    let mut docs: Vec<String> = std::fs::read_dir(format!("{root}/docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path().display().to_string())
        .filter(|path| path.ends_with(".md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    let examples: Vec<Example> = pages
        .iter()
        .flat_map(|page| examples(&std::fs::read_to_string(page).unwrap()))
        .collect();
    assert!(
        examples.len() >= 25,
        "only {} examples found",
        examples.len()
    );
    let s = common::start().await;
    for example in examples {
        let request = match &example.body {
            Some(body) => s
                .client
                .post(s.url(&example.target))
                .header("content-type", "application/json")
                .body(body.clone()),
            None => s.client.get(s.url(&example.target)),
        };
        let request = match &example.accept {
            Some(accept) => request.header("accept", accept),
            None => request,
        };
        let answer = request.send().await.unwrap().text().await.unwrap();
        if example.accept.as_deref() == Some("application/x-ndjson") {
            assert_eq!(
                ndjson_lines(&answer, "the server"),
                ndjson_lines(&example.expected, "the docs"),
                "{}",
                example.command
            );
        } else if example.expected.starts_with('{') {
            let got: Value = serde_json::from_str(&answer).unwrap();
            let want: Value = serde_json::from_str(&example.expected)
                .unwrap_or_else(|e| panic!("README shows bad JSON for {}: {e}", example.command));
            assert_eq!(got, want, "{}", example.command);
        } else {
            assert_eq!(
                answer.trim_end_matches('\n'),
                example.expected,
                "{}",
                example.command
            );
        }
    }
}

/// The parameter names a README table cell lists: its `code` words, less
/// those in parentheses (defaults such as `(json)`, `(either)`).
fn cell_names(cell: &str) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let mut depth = 0usize;
    let mut parts = cell.split('`');
    // Text outside backticks, then a code word, alternately.
    while let Some(text) = parts.next() {
        for c in text.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        match parts.next() {
            Some(code) if depth == 0 => out.extend(code.split('/').map(str::to_owned)),
            _ => {}
        }
    }
    out
}

/// Follows `$ref`s of `openapi.yaml` (`#/components/...`).
fn resolve<'a>(doc: &'a Value, value: &'a Value) -> &'a Value {
    match value.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let mut at = doc;
            for key in reference.trim_start_matches("#/").split('/') {
                at = &at[key];
            }
            resolve(doc, at)
        }
        None => value,
    }
}

/// Every property name a request body's schema allows (through `$ref`,
/// `allOf`, `oneOf`, `anyOf`; not `not`, which forbids).
fn body_names(doc: &Value, schema: &Value, out: &mut std::collections::BTreeSet<String>) {
    let schema = resolve(doc, schema);
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        out.extend(properties.keys().cloned());
    }
    for key in ["allOf", "oneOf", "anyOf"] {
        for part in schema
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            body_names(doc, part, out);
        }
    }
}

/// The README's endpoint table lists every parameter each endpoint reads, by
/// `openapi.yaml` (which tests/http/contract.rs and schemathesis hold against the
/// server): a GET's query, a POST's body and its query. `src`/`dest` (said to
/// be aliases under the table) and `size` (said with `format`) are left out.
#[test]
fn the_readme_table_lists_every_parameter_each_endpoint_reads() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let yaml = std::fs::read_to_string(format!("{root}/openapi.yaml")).unwrap();
    let doc: Value = serde_norway::from_str(&yaml).unwrap();
    let mut rows = 0;
    for line in readme.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        if cells.len() < 4 || !cells[1].starts_with("`/") {
            continue;
        }
        let listed = cell_names(cells[2]);
        // The paths: every other piece between backticks.
        for path in cells[1].split('`').skip(1).step_by(2) {
            let operations = &doc["paths"][path];
            assert!(
                operations.is_object(),
                "{path} of the README is not in openapi.yaml"
            );
            let mut read = std::collections::BTreeSet::new();
            for method in ["get", "post"] {
                let Some(operation) = operations.get(method) else {
                    continue;
                };
                for parameter in operation["parameters"].as_array().into_iter().flatten() {
                    let parameter = resolve(&doc, parameter);
                    if parameter["in"] == "query" {
                        read.insert(parameter["name"].as_str().unwrap().to_owned());
                    }
                }
                if let Some(schema) =
                    operation.pointer("/requestBody/content/application~1json/schema")
                {
                    body_names(&doc, schema, &mut read);
                }
            }
            for said_elsewhere in ["src", "dest", "size"] {
                read.remove(said_elsewhere);
            }
            assert_eq!(listed, read, "the README's parameters of {path}");
            rows += 1;
        }
    }
    assert!(
        rows >= 13,
        "only {rows} endpoints read from the README's table"
    );
}

/// The first ```rust block of a Markdown text.
fn first_rust_block(text: &str) -> String {
    let start = text.find("```rust\n").expect("a ```rust block") + "```rust\n".len();
    let end = start + text[start..].find("```").unwrap();
    text[start..end].to_owned()
}

/// The README's library example is the library's own README example, which
/// the library runs as a doctest (`cargo test -p knight --doc`).
#[test]
fn the_readme_library_example_is_the_one_the_library_runs() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let library = std::fs::read_to_string(format!("{root}/crates/knight/README.md")).unwrap();
    assert_eq!(first_rust_block(&readme), first_rust_block(&library));
}
