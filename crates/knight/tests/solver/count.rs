//! The tour counts, held to an exhaustive enumeration written here (every
//! board of at most 30 squares: every start, and every pair of ends on the
//! smaller ones) and to the published tables (OEIS), whose terms are
//! copied below with their sequence numbers.
//!
//! The enumeration walks every path of knight moves from each square and
//! counts, for each pair (start, end), the paths through every square. It
//! shares nothing with the counting it checks (no frontier, no states): a
//! plain depth-first search on bitmasks, cut only where no tour can go on
//! (an unvisited square with fewer ways in than it needs).

use std::time::Duration;

use knight::tour::{count_tours, count_tours_on, CountError, CountRequest, Counted};
use knight::{Board, Square};

const BUDGET: u64 = 1 << 30;
const HOUR: Duration = Duration::from_secs(3600);

/// Every directed tour of a `w` × `h` board (at most 64 squares, and few
/// enough that they can be walked): `paths[start][end]`.
struct Enumerated {
    w: usize,
    h: usize,
    paths: Vec<Vec<u64>>,
}

fn enumerate(w: usize, h: usize) -> Enumerated {
    let n = w * h;
    let mut neighbours = vec![0u64; n];
    for (s, mask) in neighbours.iter_mut().enumerate() {
        let (x, y) = ((s % w) as i64, (s / w) as i64);
        for (dx, dy) in [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ] {
            let (nx, ny) = (x + dx, y + dy);
            if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                *mask |= 1 << (ny as usize * w + nx as usize);
            }
        }
    }
    let mut paths = vec![vec![0u64; n]; n];
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    for (start, ends) in paths.iter_mut().enumerate() {
        walk(&neighbours, all, 1 << start, start, ends);
    }
    Enumerated { w, h, paths }
}

/// Extends the path ending at `at` over the squares not in `visited`.
fn walk(neighbours: &[u64], all: u64, visited: u64, at: usize, ends: &mut [u64]) {
    if visited == all {
        ends[at] += 1;
        return;
    }
    // Every unvisited square needs two ways in (from the unvisited squares
    // or the knight's), except the one that ends the tour, which needs one.
    let free = all & !visited;
    let mut one_way = 0;
    let mut rest = free;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let ways = (neighbours[s] & (free | 1 << at)).count_ones();
        if ways == 0 {
            return;
        }
        if ways == 1 {
            one_way += 1;
            if one_way > 1 && neighbours[s] & (1 << at) == 0 {
                return;
            }
        }
    }
    let mut next = neighbours[at] & free;
    while next != 0 {
        let s = next.trailing_zeros() as usize;
        next &= next - 1;
        walk(neighbours, all, visited | 1 << s, s, ends);
    }
}

impl Enumerated {
    fn square(&self, s: usize) -> Square {
        Square::new((s % self.w) as u32, (s / self.w) as u32)
    }

    fn directed(&self) -> u64 {
        self.paths.iter().flatten().sum()
    }

    fn from(&self, start: usize) -> u64 {
        self.paths[start].iter().sum()
    }

    /// Cycles: the directed tours from square 0 that end one move from it,
    /// each cycle walked both ways.
    fn closed(&self) -> u64 {
        let n = self.w * self.h;
        if n < 3 {
            return 0;
        }
        let (x0, y0) = (0i64, 0i64);
        (0..n)
            .filter(|&e| {
                let (x, y) = ((e % self.w) as i64, (e / self.w) as i64);
                (x - x0).abs() * (y - y0).abs() == 2
            })
            .map(|e| self.paths[0][e])
            .sum::<u64>()
            / 2
    }
}

fn count(w: usize, h: usize, counted: Counted) -> u64 {
    let board = Board::new(w as u64, h as u64).unwrap();
    let counted = count_tours(CountRequest { board, counted }, BUDGET, HOUR).unwrap();
    counted.count.to_string().parse().unwrap()
}

fn open() -> Counted {
    Counted::Open {
        start: None,
        end: None,
    }
}

fn from(start: Square) -> Counted {
    Counted::Open {
        start: Some(start),
        end: None,
    }
}

fn boards(most: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..=most).flat_map(move |w| (1..=most / w).map(move |h| (w, h)))
}

/// Every board of at most 30 squares, both ways round: the open count is
/// half the directed tours (1 on a board of one square), the closed count
/// the cycles.
#[test]
fn open_and_closed_counts_agree_with_enumeration_up_to_30_squares() {
    for (w, h) in boards(30) {
        let all = enumerate(w, h);
        let directed = all.directed();
        let undirected = if w * h == 1 { 1 } else { directed / 2 };
        assert_eq!(count(w, h, open()), undirected, "{w}×{h} open");
        assert_eq!(count(w, h, Counted::Closed), all.closed(), "{w}×{h} closed");
    }
}

/// Every start of every board of at most 30 squares.
#[test]
fn counts_from_every_start_agree_with_enumeration_up_to_30_squares() {
    for (w, h) in boards(30) {
        let all = enumerate(w, h);
        for s in 0..w * h {
            let start = all.square(s);
            assert_eq!(
                count(w, h, from(start)),
                all.from(s),
                "{w}×{h} from {start}"
            );
        }
    }
}

/// Every pair of ends, and every end alone, of every board of at most 20
/// squares.
#[test]
fn counts_between_every_two_squares_agree_with_enumeration_up_to_20_squares() {
    for (w, h) in boards(20) {
        let all = enumerate(w, h);
        for s in 0..w * h {
            let to = Counted::Open {
                start: None,
                end: Some(all.square(s)),
            };
            assert_eq!(count(w, h, to), all.from(s), "{w}×{h} to {}", all.square(s));
            for e in 0..w * h {
                let (start, end) = (all.square(s), all.square(e));
                let between = Counted::Open {
                    start: Some(start),
                    end: Some(end),
                };
                let want = if w * h == 1 { 1 } else { all.paths[s][e] };
                assert_eq!(count(w, h, between), want, "{w}×{h} {start} to {end}");
            }
        }
    }
}

/// A169696: undirected open tours of 3 × n, n = 1..29.
const A169696: [u64; 29] = [
    0,
    0,
    0,
    8,
    0,
    0,
    52,
    396,
    560,
    3048,
    10672,
    57248,
    128864,
    646272,
    1838784,
    8636880,
    23400992,
    105865688,
    305753680,
    1322849752,
    3862974304,
    16225820000,
    48744080192,
    198673312880,
    607041217056,
    2417584484232,
    7519864632928,
    29320809649000,
    92507134938336,
];

/// A079137: undirected open tours of 4 × n, n = 1..24.
const A079137: [u64; 24] = [
    0,
    0,
    8,
    0,
    82,
    744,
    6378,
    31088,
    189688,
    1213112,
    6683852,
    36486328,
    201282470,
    1083585304,
    5706117458,
    29819231288,
    154430502724,
    790787799376,
    4014945695196,
    20241304810488,
    101336136490228,
    504096313001272,
    2493533648002492,
    12270473056485396,
];

/// A083386 (as A389755(5n)): undirected open tours of 5 × n, n = 1..9.
const A083386: [u64; 9] = [0, 0, 0, 82, 864, 18784, 622868, 18061054, 264895640];

/// A070030 / A169764 (as A383660's terms on whole boards): closed tours of
/// 3 × n for even n = 10..20 (none for odd n or n < 10).
const CLOSED_3: [(usize, u64); 6] = [
    (10, 16),
    (12, 176),
    (14, 1536),
    (16, 15424),
    (18, 147728),
    (20, 1448416),
];

/// A383661's terms on whole boards: closed tours of 5 × n, n = 6, 8, 10, 12.
const CLOSED_5: [(usize, u64); 4] = [(6, 8), (8, 44202), (10, 13311268), (12, 4557702762)];

/// A175881: closed tours of 6 × n, n = 1..9.
const CLOSED_6: [u64; 9] = [0, 0, 0, 0, 8, 9862, 1067638, 55488142, 3374967940];

#[test]
fn open_counts_of_3_by_n_are_a169696() {
    for (n, &want) in (1..).zip(&A169696) {
        assert_eq!(count(3, n, open()), want, "3×{n}");
        assert_eq!(count(n, 3, open()), want, "{n}×3");
    }
}

#[test]
fn open_counts_of_4_by_n_are_a079137() {
    for (n, &want) in (1..).zip(&A079137) {
        assert_eq!(count(4, n, open()), want, "4×{n}");
    }
}

#[test]
fn open_counts_of_5_by_n_are_a083386() {
    for (n, &want) in (1..).zip(&A083386).take(6) {
        assert_eq!(count(5, n, open()), want, "5×{n}");
    }
}

#[test]
fn closed_counts_of_3_5_and_6_by_n_are_published() {
    for n in 1..=20 {
        let want = CLOSED_3
            .iter()
            .find(|&&(m, _)| m == n)
            .map_or(0, |&(_, c)| c);
        assert_eq!(count(3, n, Counted::Closed), want, "3×{n}");
    }
    for (n, want) in CLOSED_5 {
        assert_eq!(count(5, n, Counted::Closed), want, "5×{n}");
    }
    for (n, &want) in (1..).zip(&CLOSED_6).take(7) {
        assert_eq!(count(6, n, Counted::Closed), want, "6×{n}");
    }
}

/// A165134's 5×5 table (directed tours from each square: 304 from a
/// corner, 56, 64 from the centre; 1,728 in all) and A001230's 6×6.
#[test]
fn five_by_five_from_each_square_is_a165134s_table() {
    let table = [
        [304, 0, 56, 0, 304],
        [0, 56, 0, 56, 0],
        [56, 0, 64, 0, 56],
        [0, 56, 0, 56, 0],
        [304, 0, 56, 0, 304],
    ];
    let mut total = 0;
    for (rank, row) in table.iter().enumerate() {
        for (file, &want) in row.iter().enumerate() {
            let start = Square::new(file as u32, rank as u32);
            assert_eq!(count(5, 5, from(start)), want, "from {start}");
            total += want;
        }
    }
    assert_eq!(total, 1728);
    assert_eq!(count(5, 5, open()), 864);
    assert_eq!(count(6, 6, Counted::Closed), 9862);
}

/// A square off the board, and a board too large for the budget, are
/// refused before any work; the refusal names the longest board of that
/// width that fits.
#[test]
fn refusals_say_why() {
    let board = Board::new(5, 5).unwrap();
    let off = Square::new(5, 0);
    let request = CountRequest {
        board,
        counted: from(off),
    };
    assert_eq!(
        count_tours(request, BUDGET, HOUR),
        Err(CountError::OffBoard(off))
    );
    let wide = CountRequest {
        board: Board::new(9, 10).unwrap(),
        counted: Counted::Closed,
    };
    let Err(CountError::TooLarge { largest, .. }) = count_tours(wide, BUDGET, HOUR) else {
        panic!("9×10 counted within {BUDGET} bytes");
    };
    let largest = largest.expect("some board 9 wide fits");
    assert_eq!(largest.width(), 9);
    assert!(largest.height() < 9);
    let fits = CountRequest {
        board: largest,
        counted: Counted::Closed,
    };
    assert!(fits.bytes() <= BUDGET);
    let one_more = CountRequest {
        board: Board::new(9, largest.height() + 1).unwrap(),
        counted: Counted::Closed,
    };
    assert!(one_more.bytes() > BUDGET);
}

/// Counts large enough that their steps are split between threads (more
/// than sixteen thousand states) are the published ones on two threads
/// and four, and on two threads a count out of time still says so.
#[test]
fn counts_on_several_threads_are_the_published_ones() {
    for threads in [2, 4] {
        let on = |w: u64, h: u64, counted| {
            let board = Board::new(w, h).unwrap();
            count_tours_on(CountRequest { board, counted }, BUDGET, HOUR, threads)
                .unwrap()
                .count
                .to_string()
        };
        assert_eq!(on(5, 8, open()), A083386[7].to_string(), "5×8 on {threads}");
        assert_eq!(on(8, 5, open()), A083386[7].to_string(), "8×5 on {threads}");
        assert_eq!(
            on(6, 7, Counted::Closed),
            CLOSED_6[6].to_string(),
            "6×7 on {threads}"
        );
    }
    let request = CountRequest {
        board: Board::new(6, 6).unwrap(),
        counted: open(),
    };
    assert_eq!(
        count_tours_on(request, u64::MAX, Duration::from_millis(50), 2),
        Err(CountError::NotSettled)
    );
}

/// A count stopped by its deadline says so (and is never a number).
#[test]
fn a_count_out_of_time_is_not_settled() {
    let request = CountRequest {
        board: Board::new(6, 6).unwrap(),
        counted: open(),
    };
    assert_eq!(
        count_tours(request, u64::MAX, Duration::ZERO),
        Err(CountError::NotSettled)
    );
}

/// Boards 3 and 4 wide with both ends fixed are settled exactly by the
/// narrow boards' programme: a tour between every two squares the
/// enumeration finds tours between (checked square by square), and
/// `no_tour` between every other two — on every such board of at most 30
/// squares, both ways round.
#[test]
fn narrow_boards_with_both_ends_agree_with_enumeration() {
    use knight::tour::Method;
    use knight::{tour, Cache, TourError, TourRequest};
    use knight_reference::tours::check_tour;

    let cache = Cache::default();
    for (w, h) in boards(30).filter(|&(w, h)| (3..=4).contains(&w.min(h)) && w * h > 1) {
        let all = enumerate(w, h);
        let board = Board::new(w as u64, h as u64).unwrap();
        for s in 0..w * h {
            for e in (0..w * h).filter(|&e| e != s) {
                let (start, end) = (all.square(s), all.square(e));
                let request = TourRequest {
                    board,
                    start,
                    method: Method::Ends { end },
                };
                match tour(request, 1 << 20, &cache) {
                    Ok(answer) => {
                        assert!(
                            all.paths[s][e] > 0,
                            "{w}×{h} {start} to {end}: a tour where none is"
                        );
                        let path: Vec<(u64, u64)> = answer
                            .tour
                            .squares
                            .into_vec()
                            .iter()
                            .map(|q| (u64::from(q.file()), u64::from(q.rank())))
                            .collect();
                        let xy = |q: Square| (u64::from(q.file()), u64::from(q.rank()));
                        check_tour(w as u64, h as u64, xy(start), false, &path).unwrap();
                        assert_eq!(path.last(), Some(&xy(end)), "{w}×{h} {start} to {end}");
                    }
                    Err(TourError::NoTour(_)) => {
                        assert_eq!(all.paths[s][e], 0, "{w}×{h} {start} to {end}: none found");
                    }
                    Err(other) => panic!("{w}×{h} {start} to {end}: {other:?}"),
                }
            }
        }
    }
}

/// Boards no tour can cross, by Schwenk's theorem (closed) and the narrow
/// sides (open), are answered 0 at any size, before any budget.
#[test]
fn boards_without_tours_count_zero_at_any_size() {
    for (w, h, counted) in [
        (4, 1_000_000_000, Counted::Closed),
        (999_999_999, 3, Counted::Closed),
        (2, 1_000_000, open()),
        (1_000_000_000, 1, open()),
    ] {
        let board = Board::new(w, h).unwrap();
        let request = CountRequest { board, counted };
        let counted = count_tours(request, 1 << 20, HOUR).unwrap();
        assert_eq!(counted.count.to_string(), "0", "{w}×{h}");
    }
}
