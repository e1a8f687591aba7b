//! The small print of an SVG picture: numbers written short, text made
//! safe for XML, and text measured and broken into lines. Widths are
//! estimates for a sans-serif font, with room to spare, since the picture
//! cannot measure the font its reader has.

use std::fmt::{self, Write};

/// `<g {attributes}>{inner}</g>` on a line of its own, when there is
/// anything inside (an empty group would only add bytes).
pub(super) fn group(out: &mut String, attributes: fmt::Arguments<'_>, inner: &str) {
    if !inner.is_empty() {
        let _ = writeln!(out, "<g {attributes}>{inner}</g>");
    }
}

/// A number with at most three decimals and no trailing zeros.
pub(super) fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// Text made safe for XML character data and attribute values.
pub(super) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// About how wide `text` is in a sans-serif font `size` units high.
pub(super) fn text_width(text: &str, size: f64) -> f64 {
    let ems: f64 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' | '(' | ')' => 0.33,
            'm' | 'w' | 'M' | 'W' | '—' => 0.92,
            'A'..='Z' | '×' => 0.7,
            _ => 0.62,
        })
        .sum();
    ems * size
}

/// `text` broken into lines of at most `width` units at font `size`.
pub(super) fn wrap(text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    // A word wider than a line (a count of 137 digits) is cut into pieces
    // that fit.
    let mut words: Vec<String> = Vec::new();
    for word in text.split(' ') {
        let mut piece = String::new();
        for c in word.chars() {
            piece.push(c);
            // (With a twentieth to spare: the widths are estimates.)
            if text_width(&piece, size) * 1.05 > width && piece.chars().count() > 1 {
                let last = piece.pop().unwrap_or(c);
                words.push(std::mem::take(&mut piece));
                piece.push(last);
            }
        }
        words.push(piece);
    }
    for word in words.iter().map(String::as_str) {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&candidate, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_wider_than_a_line_is_cut_to_fit() {
        let count = "7".repeat(137);
        let text = format!("Every path: {count} of them.");
        let lines = wrap(&text, 14.0, 300.0);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(
            lines.iter().all(|l| text_width(l, 14.0) <= 300.0),
            "{lines:?}"
        );
        // Nothing lost: the pieces put back together are the text.
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
    }
}
