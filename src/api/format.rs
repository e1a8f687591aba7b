//! `?format=`: JSON (the default), the challenge's text board, or SVG.

use serde::Deserialize;

use super::extract::not_null;

/// How an answer that draws a board is written.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    #[default]
    Json,
    Text,
    Svg,
}

/// The query string of a POST endpoint that can draw its answer.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatQuery {
    #[serde(default, deserialize_with = "not_null")]
    pub format: Option<Format>,
}
