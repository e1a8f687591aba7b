//! Every `$ curl` example in README.md and in docs/ answers exactly as written.

mod common;

use serde_json::Value;

/// One example: the request and the answer the README shows.
#[derive(Debug)]
struct Example {
    command: String,
    target: String,
    body: Option<String>,
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
    let mut i = 1;
    while i < words.len() {
        match words[i].as_str() {
            "-s" => {}
            "-H" => i += 1,
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
        expected,
    }
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
        let answer = request.send().await.unwrap().text().await.unwrap();
        if example.expected.starts_with('{') {
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
