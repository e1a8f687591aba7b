//! Every shortest path and distance maps, against references written here:
//! breadth-first search counting the paths layer by layer, brute-force
//! enumeration of every path of the shortest length, and ranking a path
//! back to its place.

use std::collections::VecDeque;

use knight::plain::{distance_map, shortest_paths, Count, PathsError, PathsLimits};
use knight::{knight_distance, Board, Square};

use knight_reference::tours::{moves_from, Mix};

/// Limits no test below reaches (but the ones that test them).
fn roomy() -> PathsLimits {
    PathsLimits {
        squares: 1 << 20,
        count_bytes: u64::MAX,
    }
}

/// The squares a knight reaches from `(f, r)` (the reference's own moves).
fn neighbours(w: u32, h: u32, (f, r): (u32, u32)) -> impl Iterator<Item = (u32, u32)> {
    moves_from(w.into(), h.into(), (f.into(), r.into())).map(|(f, r)| (f as u32, r as u32))
}

/// Breadth-first search from `from`: each square's distance and number of
/// shortest paths to it (by index `r * w + f`).
fn bfs_counts(w: u32, h: u32, from: (u32, u32)) -> (Vec<Option<u64>>, Vec<u128>) {
    let at = |(f, r): (u32, u32)| (r * w + f) as usize;
    let n = (w * h) as usize;
    let (mut dist, mut ways) = (vec![None; n], vec![0u128; n]);
    dist[at(from)] = Some(0);
    ways[at(from)] = 1;
    let mut queue = VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        let d = dist[at(s)].unwrap();
        for t in neighbours(w, h, s) {
            match dist[at(t)] {
                None => {
                    dist[at(t)] = Some(d + 1);
                    ways[at(t)] = ways[at(s)];
                    queue.push_back(t);
                }
                Some(e) if e == d + 1 => ways[at(t)] += ways[at(s)],
                _ => {}
            }
        }
    }
    (dist, ways)
}

fn sq((f, r): (u32, u32)) -> Square {
    Square::new(f, r)
}

fn zero() -> Count {
    Count::default()
}

/// Counts on every pair of every board up to 10 × 10 against breadth-first
/// search.
#[test]
fn counts_agree_with_bfs_on_every_pair_to_10x10() {
    for w in 1..=10u32 {
        for h in 1..=10u32 {
            let board = Board::new(w.into(), h.into()).unwrap();
            for fr in 0..h {
                for ff in 0..w {
                    let (dist, ways) = bfs_counts(w, h, (ff, fr));
                    for tr in 0..h {
                        for tf in 0..w {
                            let i = (tr * w + tf) as usize;
                            let page = shortest_paths(
                                board,
                                sq((ff, fr)),
                                sq((tf, tr)),
                                &zero(),
                                0,
                                roomy(),
                            )
                            .unwrap();
                            assert_eq!(page.moves, dist[i], "{w}x{h} ({ff},{fr})->({tf},{tr})");
                            assert_eq!(
                                page.count.to_string(),
                                ways[i].to_string(),
                                "{w}x{h} ({ff},{fr})->({tf},{tr})"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Sampled pairs of boards up to 40 × 40.
#[test]
fn counts_agree_with_bfs_on_sampled_pairs_to_40x40() {
    let mut rng = Mix(23);
    for _ in 0..300 {
        let (w, h) = (1 + rng.below(40) as u32, 1 + rng.below(40) as u32);
        let board = Board::new(w.into(), h.into()).unwrap();
        let from = (rng.below(w.into()) as u32, rng.below(h.into()) as u32);
        let (dist, ways) = bfs_counts(w, h, from);
        for _ in 0..10 {
            let to = (rng.below(w.into()) as u32, rng.below(h.into()) as u32);
            let i = (to.1 * w + to.0) as usize;
            let page = shortest_paths(board, sq(from), sq(to), &zero(), 0, roomy()).unwrap();
            assert_eq!(page.moves, dist[i]);
            assert_eq!(
                page.count.to_string(),
                ways[i].to_string(),
                "{w}x{h} {from:?}->{to:?}"
            );
        }
    }
}

/// Every path of `moves` knight moves from `from` to `to`, by brute force,
/// as index sequences.
fn every_path(w: u32, h: u32, from: (u32, u32), to: (u32, u32), moves: u64) -> Vec<Vec<u32>> {
    fn go(
        w: u32,
        h: u32,
        path: &mut Vec<(u32, u32)>,
        to: (u32, u32),
        left: u64,
        out: &mut Vec<Vec<u32>>,
    ) {
        let here = *path.last().unwrap();
        if left == 0 {
            if here == to {
                out.push(path.iter().map(|&(f, r)| r * w + f).collect());
            }
            return;
        }
        for next in neighbours(w, h, here) {
            path.push(next);
            go(w, h, path, to, left - 1, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    go(w, h, &mut vec![from], to, moves, &mut out);
    out
}

/// On small counts, the listed paths are exactly the ones brute force
/// finds, in the order of their index sequences, with no repeat; and every
/// page, from any offset, is the same slice of them.
#[test]
fn listed_paths_are_every_path_in_order() {
    let mut rng = Mix(7);
    let mut checked = 0;
    while checked < 200 {
        let (w, h) = (3 + rng.below(8) as u32, 3 + rng.below(8) as u32);
        let from = (rng.below(w.into()) as u32, rng.below(h.into()) as u32);
        let to = (rng.below(w.into()) as u32, rng.below(h.into()) as u32);
        let board = Board::new(w.into(), h.into()).unwrap();
        let Some(moves) = knight_distance(board, sq(from), sq(to)) else {
            continue;
        };
        if moves > 6 {
            continue;
        }
        let mut truth = every_path(w, h, from, to, moves);
        truth.sort();
        let all = shortest_paths(board, sq(from), sq(to), &zero(), 10_000, roomy()).unwrap();
        let listed: Vec<Vec<u32>> = all
            .paths()
            .map(|p| p.iter().map(|s| s.rank() * w + s.file()).collect())
            .collect();
        assert_eq!(listed, truth, "{w}x{h} {from:?}->{to:?}");
        assert_eq!(all.count.to_string(), truth.len().to_string());
        let offset = rng.below(truth.len() as u64);
        let page =
            shortest_paths(board, sq(from), sq(to), &Count::from(offset), 3, roomy()).unwrap();
        let end = (offset as usize + 3).min(truth.len());
        let listed: Vec<Vec<u32>> = page
            .paths()
            .map(|p| p.iter().map(|s| s.rank() * w + s.file()).collect())
            .collect();
        assert_eq!(listed, truth[offset as usize..end]);
        checked += 1;
    }
}

/// The place of `path` among the shortest paths, ranked back here: at each
/// move, the paths through smaller successors (counted by breadth-first
/// search from the end on small boards, or by the distance on large ones).
fn rank(board: Board, path: &[Square]) -> u128 {
    let to = *path.last().unwrap();
    let moves = path.len() as u64 - 1;
    // Paths from a square to `to` in `left` moves, memoised per layer.
    let mut memo = std::collections::HashMap::new();
    fn ways(
        board: Board,
        s: Square,
        to: Square,
        left: u64,
        memo: &mut std::collections::HashMap<(Square, u64), u128>,
    ) -> u128 {
        if left == 0 {
            return u128::from(s == to);
        }
        if knight_distance(board, s, to) != Some(left) {
            return 0;
        }
        if let Some(&w) = memo.get(&(s, left)) {
            return w;
        }
        let total = board
            .knight_moves(s)
            .map(|n| ways(board, n, to, left - 1, memo))
            .sum();
        memo.insert((s, left), total);
        total
    }
    let mut place = 0;
    for k in 0..moves as usize {
        for n in board.knight_moves(path[k]) {
            if board.index(n) < board.index(path[k + 1]) {
                place += ways(board, n, to, moves - k as u64 - 1, &mut memo);
            }
        }
    }
    place
}

/// The path at place k, ranked back, is k: on small boards and on boards of
/// 10⁹ a side, at places across the whole count.
#[test]
fn unranking_round_trips() {
    let g = 1_000_000_000u64;
    let mut rng = Mix(99);
    for (w, h, from, to) in [
        (8u64, 8u64, (6u32, 1u32), (0u32, 7u32)),
        (30, 30, (0, 0), (29, 29)),
        (g, g, (500, 500), (530, 547)),
        (g, g, (g as u32 - 1, 0), (g as u32 - 40, 33)),
        (5, g, (2, 1000), (4, 1060)),
    ] {
        let board = Board::new(w, h).unwrap();
        let first = shortest_paths(board, sq(from), sq(to), &zero(), 1, roomy()).unwrap();
        let count: u128 = first.count.to_string().parse().unwrap();
        assert!(count > 0);
        for k in [0, 1, count / 3, count / 2, count - 1]
            .into_iter()
            .chain((0..5).map(|_| u128::from(rng.next()) % count))
        {
            let offset = Count::from(u64::try_from(k).unwrap());
            let page = shortest_paths(board, sq(from), sq(to), &offset, 1, roomy()).unwrap();
            let path = page.paths().next().unwrap();
            assert_eq!(path[0], sq(from));
            assert_eq!(*path.last().unwrap(), sq(to));
            assert!(path.windows(2).all(|p| p[0].is_knight_move_to(p[1])));
            assert_eq!(rank(board, path), k, "{w}x{h} {from:?}->{to:?} place {k}");
        }
        let past = Count::from(u64::try_from(count).unwrap());
        assert_eq!(
            shortest_paths(board, sq(from), sq(to), &past, 5, roomy())
                .unwrap()
                .paths()
                .count(),
            0
        );
    }
}

/// Too many squares on shortest paths is refused, naming how many were found.
#[test]
fn too_many_squares_on_shortest_paths() {
    let g = 1_000_000_000u64;
    let board = Board::new(g, g).unwrap();
    let far = shortest_paths(
        board,
        Square::new(0, 0),
        Square::new(999_999_999, 999_999_999),
        &zero(),
        1,
        PathsLimits {
            squares: 1_000_000,
            count_bytes: u64::MAX,
        },
    );
    assert!(
        matches!(
            far,
            Err(PathsError::TooLarge {
                limit: 1_000_000,
                ..
            })
        ),
        "{far:?}"
    );
    let none = shortest_paths(
        Board::new(1, 5).unwrap(),
        Square::new(0, 0),
        Square::new(0, 4),
        &zero(),
        5,
        PathsLimits {
            squares: 10,
            count_bytes: 0,
        },
    )
    .unwrap();
    assert_eq!(
        (none.moves, none.count.to_string(), none.paths().count()),
        (None, "0".into(), 0)
    );
}

/// The numbers of paths are charged as they are made: past
/// `count_bytes` the counting stops and says how much it had counted, no
/// more than one number past the limit; with room, the count is the
/// breadth-first reference's.
#[test]
fn numbers_of_paths_past_their_bytes_are_refused() {
    // 8 high and 60 long, corner to corner: 29 moves, a count that fits
    // a u128 (at most 8^29 paths) and a few hundred squares.
    let (w, h) = (60u32, 8u32);
    let board = Board::new(w.into(), h.into()).unwrap();
    let (from, to) = ((0, 0), (w - 1, h - 1));
    let (_, ways) = bfs_counts(w, h, from);
    let reference = ways[usize::try_from(to.1 * w + to.0).unwrap()];
    let counted = shortest_paths(board, sq(from), sq(to), &zero(), 1, roomy()).unwrap();
    assert_eq!(counted.count.to_string(), reference.to_string());
    let squares: u64 = counted
        .layers
        .iter()
        .map(|l| u64::try_from(l.len()).unwrap())
        .sum();
    // One number takes at least its own header: a table of them takes at
    // least this, so a limit below it is always reached.
    let header = u64::try_from(std::mem::size_of::<Count>()).unwrap();
    for limit in [0, 100, 1_000, squares * header - 1] {
        let refused = shortest_paths(
            board,
            sq(from),
            sq(to),
            &zero(),
            1,
            PathsLimits {
                squares: 1 << 20,
                count_bytes: limit,
            },
        );
        match refused {
            Err(PathsError::CountsTooLarge { bytes, limit: l }) => {
                assert_eq!(l, limit);
                // Past the limit by one number at most: a number of at
                // most 8^29 < 10^27 paths has at most 3 limbs of 10^9,
                // held in at most 8 (doubled capacity).
                assert!(
                    bytes > limit && bytes <= limit + header + 8 * 4,
                    "{bytes} {limit}"
                );
            }
            other => panic!("limit {limit}: {other:?}"),
        }
    }
    // The long narrow board that took 1.6 GB before the limit: refused
    // within 64 MiB, and soon.
    let long = Board::new(67_108_865, 8).unwrap();
    let (a, b) = (Square::new(784, 0), Square::new(71_619, 0));
    let bomb = shortest_paths(
        long,
        a,
        b,
        &zero(),
        1,
        PathsLimits {
            squares: 1_000_000,
            count_bytes: 64 << 20,
        },
    );
    assert!(
        matches!(
            bomb,
            Err(PathsError::CountsTooLarge {
                limit: 67_108_864,
                ..
            })
        ),
        "{bomb:?}"
    );
}

/// Distance maps: every square of boards up to 24 × 24 from a few squares,
/// against breadth-first search; windows of a 10⁹ board against the
/// distance of each square alone.
#[test]
fn distance_maps_agree_with_bfs_and_windows_with_distances() {
    for w in 1..=24u32 {
        for h in 1..=24u32 {
            let board = Board::new(w.into(), h.into()).unwrap();
            for from in [(0, 0), (w / 2, h / 2), (w - 1, h / 3)] {
                let (dist, _) = bfs_counts(w, h, from);
                let map = distance_map(board, sq(from), 0..w, 0..h, 1 << 20).unwrap();
                let rows: Vec<&[Option<u64>]> = map.rows().collect();
                for (k, row) in rows.iter().enumerate() {
                    let r = h - 1 - k as u32;
                    for (f, &d) in row.iter().enumerate() {
                        assert_eq!(d, dist[(r * w + f as u32) as usize], "{w}x{h} {from:?}");
                    }
                }
                assert_eq!(map.farthest, dist.iter().flatten().copied().max());
            }
        }
    }
    let g = 1_000_000_000u32;
    let board = Board::new(g.into(), g.into()).unwrap();
    let from = Square::new(123_456_789, 987_654_321);
    let (files, ranks) = (123_456_700..123_456_956, 987_654_200..987_654_456);
    let map = distance_map(board, from, files.clone(), ranks.clone(), 65_536).unwrap();
    assert_eq!(map.moves.len(), 65_536);
    for (k, row) in map.rows().enumerate() {
        let rank = ranks.end - 1 - k as u32;
        for (i, &d) in row.iter().enumerate() {
            let file = files.start + i as u32;
            assert_eq!(d, knight_distance(board, from, Square::new(file, rank)));
        }
    }
}
