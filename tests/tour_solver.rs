//! The solver's tours with random access, both ends fixed, and by
//! Warnsdorff's rule, checked square by square.

use knightd::solver::tour::random_access::{Coord, IndexedTour};
use knightd::solver::tour::TourError;

fn knight((a, b): Coord, (c, d): Coord) -> bool {
    let (dx, dy) = (a.abs_diff(c), b.abs_diff(d));
    (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
}

/// Whether `path` (board indices) is a tour of the board from `start`.
fn is_tour(w: u64, h: u64, start: Coord, closed: bool, path: &[u32]) -> Result<(), String> {
    let n = (w * h) as usize;
    if path.len() != n {
        return Err(format!("{} squares, not {n}", path.len()));
    }
    let at = |i: u32| (u64::from(i) % w, u64::from(i) / w);
    if at(path[0]) != start {
        return Err(format!("starts at {:?}", at(path[0])));
    }
    let mut seen = vec![false; n];
    for (k, &i) in path.iter().enumerate() {
        if std::mem::replace(&mut seen[i as usize], true) {
            return Err(format!("step {k} revisits {:?}", at(i)));
        }
        if k > 0 && !knight(at(path[k - 1]), at(i)) {
            return Err(format!("step {k} is no knight move"));
        }
    }
    if closed && !knight(at(path[n - 1]), at(path[0])) {
        return Err("does not close".into());
    }
    Ok(())
}

fn has_tour(w: u64, h: u64, s: Coord, closed: bool) -> bool {
    let odd = w % 2 == 1 && h % 2 == 1;
    if closed {
        !odd
    } else {
        !odd || (s.0 + s.1) % 2 == 0
    }
}

/// Builds, checks, and compares square_at / step_of with the list.
fn check_board(w: u64, h: u64, s: Coord, closed: bool) -> &'static str {
    let tour = IndexedTour::new(w, h, s, closed)
        .unwrap_or_else(|e| panic!("{w}x{h} {s:?} {closed}: {e:?}"));
    let path = tour.build(1_000_000).unwrap();
    if let Err(why) = is_tour(w, h, s, closed, &path) {
        panic!("{w}x{h} from {s:?} closed {closed} ({}): {why}", tour.construction());
    }
    for (k, &i) in path.iter().enumerate() {
        let sq = (u64::from(i) % w, u64::from(i) / w);
        assert_eq!(tour.square_at(k as u64), Some(sq), "{w}x{h} {s:?} step {k}");
        assert_eq!(tour.step_of(sq), Some(k as u64), "{w}x{h} {s:?} {sq:?}");
    }
    assert_eq!(tour.square_at(w * h), None);
    tour.construction()
}

#[test]
fn every_board_to_20_every_start() {
    let mut kinds = std::collections::BTreeMap::new();
    for w in 5..=20u64 {
        for h in 5..=20u64 {
            for y in 0..h {
                for x in 0..w {
                    for closed in [false, true] {
                        if has_tour(w, h, (x, y), closed) {
                            *kinds.entry(check_board(w, h, (x, y), closed)).or_insert(0) += 1;
                        } else {
                            assert!(matches!(
                                IndexedTour::new(w, h, (x, y), closed),
                                Err(TourError::NoTour(_))
                            ));
                        }
                    }
                }
            }
        }
    }
    eprintln!("constructions: {kinds:?}");
}
