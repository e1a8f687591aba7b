//! The words of a picture: the caption (what was asked, on which board, and
//! what was answered, from [`Caption`]), the notes on what the picture left
//! out or drew otherwise than square by square, and numbers written as a
//! picture's words write them.

use std::fmt::Write;

use super::layout::Layout;
use super::markup::{esc, num, wrap};
use super::palette::{INK, MUTED};
use super::{Caption, Overlay, MAX_DRAWN_SQUARES, MIN_CHECKER_PX, NUMBERED_POINTS};
use crate::board::{file_name, Board, Int, Square};

/// One line of words under the picture.
pub(super) struct Line {
    text: String,
    /// Its font size.
    size: f64,
    bold: bool,
    colour: &'static str,
}

/// The height of `lines`, as [`draw`] writes them.
pub(super) fn height(lines: &[Line]) -> f64 {
    lines.iter().map(|l| l.size * 1.35).sum()
}

/// The lines under the board: the caption, first line bold, then the notes
/// in a smaller, muted hand, each broken to the picture's width.
pub(super) fn lines(layout: &Layout, path: &[Square], overlay: &Overlay) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    for line in caption_text(&overlay.caption, layout.board) {
        let bold = lines.is_empty();
        for text in wrap(&line, layout.text_size, layout.inner) {
            lines.push(Line {
                text,
                size: layout.text_size,
                bold,
                colour: INK,
            });
        }
    }
    for note in notes(layout, path, overlay) {
        for text in wrap(&note, layout.small, layout.inner) {
            lines.push(Line {
                text,
                size: layout.small,
                bold: false,
                colour: MUTED,
            });
        }
    }
    lines
}

/// Writes `lines` from `y` (the top of the first) down; returns the bottom
/// of the last.
pub(super) fn draw(out: &mut String, lines: &[Line], layout: &Layout, mut y: f64) -> f64 {
    let mut words = String::new();
    for line in lines {
        y += line.size * 1.05;
        let _ = write!(
            words,
            r#"<text x="{}" y="{}" font-size="{}" fill="{}"{}>{}</text>"#,
            num(layout.words_left()),
            num(y),
            num(line.size),
            line.colour,
            if line.bold {
                r#" font-weight="bold""#
            } else {
                ""
            },
            esc(&line.text)
        );
        y += line.size * 0.3;
    }
    let _ = writeln!(out, "<g>{words}</g>");
    y
}

/// What the picture shows otherwise than whole and square by square, and
/// why: the part of the board shown, shades left out, blocks or a plain
/// board, a sampled path, numbers left out.
fn notes(layout: &Layout, path: &[Square], overlay: &Overlay) -> Vec<String> {
    let view = &layout.view;
    let mut notes = Vec::new();
    if view.cropped {
        notes.push(format!(
            "Shown: files {}–{}, ranks {}–{} of {}, {}.",
            file_name(u64::from(view.files.start)),
            file_name(u64::from(view.files.end - 1)),
            grouped(u64::from(view.ranks.start) + 1),
            grouped(u64::from(view.ranks.end)),
            the_board(layout.board),
            if overlay.shades.is_empty() {
                "the part around the path"
            } else {
                "the part asked for"
            }
        ));
    }
    if layout.unshaded > 0 {
        notes.push(format!(
            "The {} squares to shade are more than the {} drawn one by one: left out.",
            grouped(layout.unshaded.u64()),
            grouped(MAX_DRAWN_SQUARES)
        ));
    }
    if let Some(w) = &layout.wide {
        notes.push(format!(
            "Squares are smaller than {MIN_CHECKER_PX} px at this size: the board is drawn in blocks of {b}×{b} squares, and the {} squares around each end under it, square by square, with the moves there numbered.",
            w.side * w.side,
            b = w.block
        ));
    } else if !layout.checkered {
        notes.push(format!(
            "Squares are smaller than {MIN_CHECKER_PX} px at this size: the board is drawn plain, without its checks."
        ));
    }
    if layout.every > 1 {
        notes.push(format!(
            "The path is drawn through every {} of its {} squares, first and last included, to keep the picture small.",
            ordinal(layout.every),
            grouped(path.len().u64())
        ));
    }
    if !overlay.shades.is_empty() && !layout.numbered {
        notes.push("Numbers left out: the squares are too small to number legibly; the shades say how far each is.".to_owned());
    }
    if !path.is_empty() && !layout.numbered && layout.wide.is_none() {
        notes.push(if path.len() > NUMBERED_POINTS {
            format!(
                "Move numbers left out: the path lists {} squares, more than {NUMBERED_POINTS} are not numbered.",
                grouped(path.len().u64())
            )
        } else {
            "Move numbers left out: the squares are too small to number legibly.".to_owned()
        });
    }
    notes
}

/// The caption's lines: the question on its board, then the answer.
pub(super) fn caption_text(caption: &Caption, board: Board) -> Vec<String> {
    let on = the_board(board);
    let asked = if caption.asked.is_empty() {
        let mut on = on;
        on[..1].make_ascii_uppercase();
        on
    } else {
        format!("{} on {on}", caption.asked)
    };
    let mut answer: Vec<String> = Vec::new();
    if let Some(m) = caption.moves {
        answer.push(plural(m, "move", "moves"));
    }
    if let Some(c) = caption.cost {
        answer.push(format!("cost {c}"));
    }
    if let Some(v) = &caption.verdict {
        answer.push(v.clone());
    }
    let mut lines = vec![format!("{asked}.")];
    if !answer.is_empty() {
        let mut a = answer.join(", ");
        if let Some(first) = a.get(..1) {
            let upper = first.to_ascii_uppercase();
            a.replace_range(..1, &upper);
        }
        lines.push(format!("{a}."));
    }
    lines
}

/// "the 8×8 board", "the 1,000,000,000×8 board".
fn the_board(board: Board) -> String {
    format!(
        "the {}×{} board",
        grouped(board.width()),
        grouped(board.height())
    )
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// A number with its thousands grouped by commas when it has five digits
/// or more: 8, 1000, 1,000,000,000 (as a picture's words write numbers).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    if digits.len() < 5 {
        return digits;
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "2nd", "3rd", "16th", "21st".
pub(super) fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 16, 21, 22, 112]
            .map(ordinal)
            .into();
        assert_eq!(
            got,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "16th", "21st", "22nd", "112th"]
        );
    }

    #[test]
    fn big_numbers_are_grouped() {
        let got: Vec<String> = [8, 1000, 10_000, 123_456, 1_000_000_000]
            .into_iter()
            .map(grouped)
            .collect();
        assert_eq!(got, ["8", "1000", "10,000", "123,456", "1,000,000,000"]);
    }
}
