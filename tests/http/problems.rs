//! The problem codes of `src/error/problem.rs` against what `openapi.yaml` and
//! the README's error table document: every code in both, with its one
//! status, and no documented code that the server does not have.

use std::collections::BTreeMap;

use knightd::error::Code;

fn read(file: &str) -> String {
    std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Every code with its one status, from the code table.
fn table() -> BTreeMap<String, u16> {
    Code::ALL
        .iter()
        .map(|c| (c.slug().to_owned(), c.status().as_u16()))
        .collect()
}

/// Adds `code` with `status`, refusing a code documented with two statuses.
fn add(found: &mut BTreeMap<String, u16>, code: &str, status: u16, file: &str) {
    if let Some(before) = found.insert(code.to_owned(), status) {
        assert_eq!(
            before, status,
            "{file}: `{code}` has statuses {before} and {status}"
        );
    }
}

/// The items of a flow list `[a, b, c]` that follows `prefix` in `line`.
fn flow_list<'a>(line: &'a str, prefix: &str) -> Option<Vec<&'a str>> {
    let rest = line.trim().strip_prefix(prefix)?;
    let list = rest.split(']').next()?;
    Some(
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

#[test]
fn openapi_lists_every_code_with_its_one_status() {
    let yaml = read("openapi.yaml");
    let mut found = BTreeMap::new();
    let mut status = None;
    let mut all = None;
    for line in yaml.lines() {
        if let Some(s) = line.trim().strip_prefix("status: {const: ") {
            status = Some(s.trim_end_matches('}').parse::<u16>().unwrap());
        } else if let Some(codes) = flow_list(line, "code: {enum: [") {
            let status = status
                .take()
                .expect("a `code` enum follows its `status` const");
            for code in codes {
                add(&mut found, code, status, "openapi.yaml");
            }
        } else if let Some(codes) = flow_list(line, "enum: [") {
            if codes.contains(&"square_off_board") {
                all = Some(codes.iter().map(|c| c.to_string()).collect::<Vec<_>>());
            }
        }
    }
    assert_eq!(found, table(), "openapi.yaml's problem responses");
    let mut all = all.expect("Problem.code lists every code");
    all.sort();
    assert_eq!(
        all,
        table().into_keys().collect::<Vec<_>>(),
        "Problem.code enum"
    );
}

#[test]
fn readme_lists_every_code_with_its_one_status() {
    let readme = read("README.md");
    let section = readme
        .split("## Errors\n")
        .nth(1)
        .expect("the README has an Errors section");
    let mut found = BTreeMap::new();
    for row in section.lines().skip_while(|l| !l.starts_with('|')) {
        if !row.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let Ok(status) = cells[1].parse::<u16>() else {
            continue; // the header and its rule
        };
        for code in cells[2].split('`').skip(1).step_by(2) {
            add(&mut found, code, status, "README.md");
        }
    }
    assert_eq!(found, table(), "README's error table");
}
