//! The ends of a [`Wide`](super::layout::Wide) path (one over squares too
//! small to see): each end's neighbourhood boxed on the board, and drawn
//! again square by square in an inset under it, with the path's moves there
//! (those leaving it cut at its edge, Liang–Barsky) and their move numbers,
//! a heading and labels.

use std::fmt::Write;
use std::ops::Range;

use super::layout::{Inset, Layout};
use super::markup::{esc, num};
use super::palette::{DARK, END, INK, LIGHT, MUTED, PATH, START};
use super::view::View;
use crate::board::{file_name, Square};

/// Each end's neighbourhood boxed on the board, in its end's colour: the
/// part of it in view (an end at the view's edge has squares beyond it).
pub(super) fn draw_boxes(out: &mut String, layout: &Layout) {
    let within = |a: &Range<u32>, b: &Range<u32>| a.start.max(b.start)..a.end.min(b.end);
    for inset in &layout.insets.ends {
        let files = within(&inset.window.files, &layout.view.files);
        let ranks = within(&inset.window.ranks, &layout.view.ranks);
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="{}"><title>around the {}: drawn under the board</title></rect>"#,
            num(layout.x(files.start)),
            num(layout.y(ranks.end - 1)),
            files.len(),
            ranks.len(),
            inset.colour,
            num(layout.px(2.0)),
            inset.name
        );
    }
}

/// The ends' insets, side by side under the board.
pub(super) fn draw_insets(out: &mut String, layout: &Layout, path: &[Square]) {
    let Some(w) = &layout.wide else {
        return;
    };
    for (k, inset) in layout.insets.ends.iter().enumerate() {
        let place = Place {
            window: &inset.window,
            at: layout.inset_at(k),
            unit: w.unit,
        };
        let heading = format!("Around the {}, {}", inset.name, inset.square);
        place.draw_squares(out, &heading);
        place.draw_moves(out, path);
        place.draw_frame(out, inset, &heading, layout.insets.label);
    }
}

/// Where an inset's squares go: the top left of `window`'s, `unit` a square.
struct Place<'a> {
    window: &'a View,
    at: (f64, f64),
    unit: f64,
}

impl Place<'_> {
    /// The left of `file`'s squares (outside the window too: a move leaving
    /// it is cut at its edge).
    fn x(&self, file: u32) -> f64 {
        self.at.0 + (f64::from(file) - f64::from(self.window.files.start)) * self.unit
    }

    /// The top of `rank`'s squares.
    fn y(&self, rank: u32) -> f64 {
        self.at.1 + (f64::from(self.window.ranks.end) - 1.0 - f64::from(rank)) * self.unit
    }

    fn centre(&self, s: Square) -> (f64, f64) {
        (
            self.x(s.file()) + self.unit / 2.0,
            self.y(s.rank()) + self.unit / 2.0,
        )
    }

    /// The inset's width and height.
    fn size(&self) -> (f64, f64) {
        (
            f64::from(self.window.side(true)) * self.unit,
            f64::from(self.window.lines(true)) * self.unit,
        )
    }

    /// The window's squares, each named by `data-square`.
    fn draw_squares(&self, out: &mut String, heading: &str) {
        let (window, unit) = (self.window, self.unit);
        let mut squares: [String; 2] = Default::default();
        for rank in window.rows() {
            for file in window.files.clone() {
                let square = Square::new(file, rank);
                let _ = write!(
                    squares[usize::from((file + rank) % 2 == 0)],
                    r#"<rect x="{}" y="{}" width="{}" height="{}" data-square="{square}"/>"#,
                    num(self.x(file)),
                    num(self.y(rank)),
                    num(unit),
                    num(unit)
                );
            }
        }
        let _ = writeln!(
            out,
            r#"<g><title>{}</title><g fill="{LIGHT}">{}</g><g fill="{DARK}">{}</g></g>"#,
            esc(heading),
            squares[0],
            squares[1]
        );
    }

    /// The moves with a square in the window, cut at its edge, and the
    /// numbered points of the path's squares in it.
    fn draw_moves(&self, out: &mut String, path: &[Square]) {
        let (window, unit) = (self.window, self.unit);
        let (x0, y0) = self.at;
        let (w, h) = self.size();
        let bounds = (x0, y0, x0 + w, y0 + h);
        let mut d = String::new();
        let mut points = String::new();
        for pair in path.windows(2) {
            if !window.contains(pair[0]) && !window.contains(pair[1]) {
                continue;
            }
            if let Some((a, b)) = clip(self.centre(pair[0]), self.centre(pair[1]), bounds) {
                let _ = write!(d, "M{} {}L{} {}", num(a.0), num(a.1), num(b.0), num(b.1));
            }
        }
        let size = unit * 0.42;
        for (i, &square) in path
            .iter()
            .enumerate()
            .filter(|(_, s)| window.contains(**s))
        {
            let (x, y) = self.centre(square);
            let fill = match i {
                0 => START,
                i if i == path.len() - 1 => END,
                _ => PATH,
            };
            let number = i.to_string();
            let r = (size * 0.32 * number.len() as f64 + unit * 0.12).max(unit * 0.3);
            let _ = write!(
                points,
                r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}"/><text x="{}" y="{}" fill="#fff">{number}</text>"##,
                num(x),
                num(y),
                num(r),
                num(x),
                num(y + size * 0.36)
            );
        }
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{PATH}" stroke-width="{}" stroke-linecap="round" pointer-events="none"/><g text-anchor="middle" font-size="{}" pointer-events="none">{points}</g>"#,
            num(unit * 0.1),
            num(size)
        );
    }

    /// The window's frame in its end's colour, its heading and labels
    /// (`label` their font size).
    fn draw_frame(&self, out: &mut String, inset: &Inset, heading: &str, label: f64) {
        let (window, unit) = (self.window, self.unit);
        let (x0, y0) = self.at;
        let (w, h) = self.size();
        let mut labels = String::new();
        for file in window.files.clone() {
            let _ = write!(
                labels,
                r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
                num(self.x(file) + unit / 2.0),
                num(y0 + h + label * 1.15),
                file_name(u64::from(file))
            );
        }
        for rank in window.ranks.clone() {
            let _ = write!(
                labels,
                r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
                num(x0 - label * 0.3),
                num(self.y(rank) + unit / 2.0 + label * 0.35),
                rank + 1
            );
        }
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="{}"/><g font-size="{}" fill="{MUTED}">{labels}</g><text x="{}" y="{}" font-size="{}" fill="{INK}" font-weight="bold">{}</text>"#,
            num(x0),
            num(y0),
            num(w),
            num(h),
            inset.colour,
            num(unit * 0.08),
            num(label),
            num(x0),
            num(y0 - label * 0.5),
            num(label * 1.15),
            esc(heading)
        );
    }
}

/// The part of segment `a`–`b` inside `[x0, x1] × [y0, y1]`, if any
/// (Liang–Barsky).
fn clip(
    a: (f64, f64),
    b: (f64, f64),
    (x0, y0, x1, y1): (f64, f64, f64, f64),
) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.0 - x0),
        (dx, x1 - a.0),
        (-dy, a.1 - y0),
        (dy, y1 - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else if p < 0.0 {
            t0 = t0.max(q / p);
        } else {
            t1 = t1.min(q / p);
        }
    }
    (t0 <= t1).then_some((
        (a.0 + t0 * dx, a.1 + t0 * dy),
        (a.0 + t1 * dx, a.1 + t1 * dy),
    ))
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, Square};
    use crate::draw::palette::{BLOCK, PATH};
    use crate::draw::{svg, Overlay, MIN_CHECKER_PX};
    use crate::terrain::Ground;

    /// The path from `start` of `moves` knight moves, move `k` by the files
    /// and ranks `step(k)` says.
    fn walk(start: Square, moves: usize, step: impl Fn(usize) -> (i64, i64)) -> Vec<Square> {
        let mut path = vec![start];
        for k in 0..moves {
            let (at, (df, dr)) = (path[k], step(k));
            assert_eq!(df.abs() * dr.abs(), 2, "a knight move");
            let to = |c: u32, d: i64| u32::try_from(i64::from(c) + d).unwrap();
            path.push(Square::new(to(at.file(), df), to(at.rank(), dr)));
        }
        path
    }

    /// The value of attribute `name` in the first tag of `svg` that holds `needle`.
    fn attribute_near(svg: &str, needle: &str, name: &str) -> String {
        let at = svg.find(needle).unwrap_or_else(|| panic!("no {needle}"));
        let tag = &svg[svg[..=at].rfind('<').unwrap()..];
        let tag = &tag[..tag.find('>').unwrap()];
        let key = format!(r#" {name}=""#);
        let from = tag
            .find(&key)
            .unwrap_or_else(|| panic!("no {name} in {tag}"))
            + key.len();
        tag[from..from + tag[from..].find('"').unwrap()].to_owned()
    }

    /// The path a1 to all1000 by (1, 2) and (2, 1) in turn (666 moves)
    /// drawn on 1000×1000, with its ends asked about.
    fn across() -> (Vec<Square>, String) {
        let board = Board::new(1000, 1000).unwrap();
        let path = walk(Square::new(0, 0), 666, |k| {
            if k % 2 == 0 {
                (1, 2)
            } else {
                (2, 1)
            }
        });
        assert_eq!(path[666], Square::new(999, 999));
        let overlay = Overlay {
            ends: vec![path[0], path[666]],
            ..Overlay::default()
        };
        let svg = svg(Ground::Plain(board), &path, overlay).unwrap();
        (path, svg)
    }

    #[test]
    fn a_path_across_squares_too_small_to_see_shows_blocks_and_a_wide_line() {
        let (path, svg) = across();
        let number = |text: String| text.parse::<f64>().unwrap();
        let view_box: Vec<f64> = attribute_near(&svg, "<svg", "viewBox")
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let scale = number(attribute_near(&svg, "<svg", "width")) / view_box[2];
        assert!(
            scale < MIN_CHECKER_PX,
            "squares of {scale} px: too small to see"
        );

        // The board in blocks of at least 24 px, checkered: half of them dark.
        let title = attribute_near(&svg, "data-view=\"0 0 1000 1000\"", "data-view");
        assert_eq!(title, "0 0 1000 1000");
        let block: u32 = svg
            .split("in blocks of ")
            .nth(1)
            .and_then(|rest| rest.split('×').next())
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            f64::from(block) * scale >= 24.0,
            "blocks of {block} squares"
        );
        let side = 1000u32.div_ceil(block);
        let dark = (0..side)
            .flat_map(|f| (0..side).map(move |r| (f, r)))
            .filter(|(f, r)| (f + r) % 2 == 0)
            .count();
        let blocks = svg.split(&format!(r#"<g fill="{BLOCK}">"#)).nth(1).unwrap();
        let blocks = &blocks[..blocks.find("</g>").unwrap()];
        assert_eq!(blocks.matches("<rect").count(), dark);

        // The line at least 4 px wide, over a white casing wider still.
        let line = number(attribute_near(
            &svg,
            &format!(r#"<g stroke="{PATH}" stroke-opacity="0.9""#),
            "stroke-width",
        ));
        assert!(line * scale >= 4.0 - 1e-9, "a line of {} px", line * scale);
        let casing = number(attribute_near(
            &svg,
            r##"stroke="#fff" stroke-opacity"##,
            "stroke-width",
        ));
        assert!(casing > line);

        // Squares big enough to see: the board is drawn as before, no insets.
        let board = Board::new(300, 300).unwrap();
        let small =
            crate::draw::svg(Ground::Plain(board), &path[..200], Overlay::default()).unwrap();
        assert!(!small.contains("data-square") && !small.contains("in blocks of"));
    }

    #[test]
    fn a_path_across_squares_too_small_to_see_shows_its_ends_square_by_square() {
        let (path, svg) = across();
        // Each end's 9×9 squares named, and the path's squares there numbered.
        let window =
            |lo: u32| (lo..lo + 9).flat_map(move |f| (lo..lo + 9).map(move |r| Square::new(f, r)));
        let mut want: Vec<String> = window(0)
            .chain(window(991))
            .map(|s| s.to_string())
            .collect();
        let mut named: Vec<String> = svg
            .split(r#"data-square=""#)
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].to_owned())
            .collect();
        want.sort();
        named.sort();
        assert_eq!(named, want);
        let near: Vec<usize> = (0..path.len())
            .filter(|&i| window(0).chain(window(991)).any(|s| s == path[i]))
            .collect();
        assert_eq!(near, [0, 1, 2, 3, 4, 5, 661, 662, 663, 664, 665, 666]);
        for i in near {
            assert!(
                svg.contains(&format!(r##"fill="#fff">{i}</text>"##)),
                "move {i} numbered"
            );
        }
        assert!(
            svg.contains(">Around the start, a1</text>")
                && svg.contains(">Around the end, all1000</text>")
        );
    }

    #[test]
    fn an_end_at_the_edge_of_the_view_is_boxed_within_it() {
        // From e4 of the middle up and left to e624: the path's leftmost
        // square is its end, two files inside the view, whose inset reaches
        // four files left of it.
        let board = Board::new(1000, 1000).unwrap();
        let path = walk(Square::new(500, 3), 372, |k| {
            if k < 248 {
                (-1, 2)
            } else {
                (-2, 1)
            }
        });
        let end = *path.last().unwrap();
        assert_eq!(end, Square::new(4, 623));
        let svg = svg(Ground::Plain(board), &path, Overlay::default()).unwrap();
        let shown: Vec<f64> = attribute_near(&svg, "data-view", "data-view")
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let (left, top) = (shown[0], shown[1] + shown[3] - 1.0);
        assert!(svg.contains("in blocks of"), "drawn wide");
        let title = svg.find("<title>around the end").unwrap();
        let boxed = &svg[svg[..title].rfind("<rect").unwrap()..];
        let number = |name: &str| -> f64 { attribute_near(boxed, "<rect", name).parse().unwrap() };
        let (x, y, w, h) = (number("x"), number("y"), number("width"), number("height"));
        // On the board drawn, around the end's square.
        assert!(x >= 0.0 && y >= 0.0, "box at ({x}, {y})");
        assert!(
            x + w <= shown[2] && y + h <= shown[3],
            "box {w}×{h} at ({x}, {y})"
        );
        let (ex, ey) = (f64::from(end.file()) - left, top - f64::from(end.rank()));
        assert!(x <= ex && ex < x + w && y <= ey && ey < y + h);
        // The inset still shows all 9×9 squares around the end.
        assert!(svg.contains(r#"data-square="a620""#) && svg.contains(r#"data-square="i628""#));
    }
}
