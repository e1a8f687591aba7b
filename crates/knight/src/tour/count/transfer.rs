//! Long boards 3 or 4 wide, with no end asked: the row-to-row transfer of
//! the frontier's states, and the linear recurrence the counts obey.
//!
//! On a board that goes on below its rows for ever ([`Step::new`]'s
//! unbounded walk), the states at the start of a row are the frontier's
//! states, and from the fourth row on, a row takes each state to the same
//! states in the same numbers of ways: a matrix `M` (a few thousand states
//! 4 wide). A tour of the board `n` rows long is a way that ends whole
//! with row `n`, so `a(n) = g · Mⁿ⁻⁴ u` for `n ≥ 4` (`u` the ways into the
//! fourth row, `g` the ways each state ends whole within a row), and the
//! counts obey a linear recurrence with integer coefficients (the least
//! one divides `xᵏ` times `M`'s characteristic polynomial, which is monic
//! and integer; Gauss's lemma).
//!
//! The recurrence is found by Berlekamp–Massey from the first terms modulo
//! a word-size prime, walked until it holds on the terms past the `2L`
//! that find it (32 + L/4 more); three more primes, walking as many terms
//! together, give its coefficients' residues, which the Chinese remainder
//! theorem turns into integers once the last prime changes none of them.
//! The recurrence is then run in exact [`Natural`]s from exact first
//! terms (the matrix walked in `Natural`s): 4×10,000 takes some tens of
//! thousands of word products a term where the frontier would take
//! billions of big-number additions in all.
//!
//! This is checked, not proven: the recurrence holds on every term walked,
//! and the tests hold its counts to the frontier programme's on every
//! length to 60 (3 wide) and 40 (4 wide) and to the published terms. A
//! proof would walk twice the states' number of terms (the recurrence of
//! the vectors, `Σ cᵢ Mᴸ⁻ⁱ u = 0`, does not hold: there are more states
//! than the counts need, 1,863 for a recurrence of 178 on 3 wide).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::frontier::{add_whole, Layout, StateHasher, States, Step, Stopped, Walked};
use super::natural::{add_mul_words, low_word, Natural};
use crate::deadline::Deadline;
use crate::plain::Count;

/// The rows walked one by one before the rows are alike.
const FIRST_ROWS: usize = 4;

/// Word-size primes (below 2³¹, so that a product and a sum of a few
/// thousand fit a `u64`), tried in turn.
const PRIMES: [u64; 6] = [
    2_147_483_647,
    2_147_483_629,
    2_147_483_587,
    2_147_483_579,
    2_147_483_563,
    2_147_483_549,
];

/// The terms past those that find a recurrence on which it must hold too.
const CHECKED: usize = 32;

/// The row-to-row transfer of a board `w` wide.
pub(crate) struct Transfer {
    /// The counts of the boards of 1, 2, 3 rows (exact).
    first: [u64; FIRST_ROWS - 1],
    /// The ways into each state before the fourth row (exact).
    start: Vec<u64>,
    /// For state `s`, its successors after a row are
    /// `targets[offsets[s]..offsets[s + 1]]`, in `weights` ways each.
    offsets: Vec<usize>,
    targets: Vec<u32>,
    weights: Vec<u32>,
    /// For each state, the ways a row makes a whole tour from it.
    whole: Vec<u32>,
    /// Whether the weights into any state add up to less than 2³²: then
    /// a row's products of residues below 2³¹ are added up in a `u64`
    /// and reduced once.
    lazy: bool,
}

/// What the transfer holds, to size it before it is built (and to check
/// it as it is): its states and its entries.
pub(crate) struct TransferSize {
    pub states: u64,
    pub entries: u64,
}

impl TransferSize {
    pub(crate) fn bytes(&self) -> u64 {
        // Per state: its key and number in the index (about 17 bytes with
        // the table's slack, 32 counted), its offset, its whole count and
        // residues in two vectors; per entry a target and a weight.
        self.states
            .saturating_mul(32 + 8 + 4 + 2 * 3 * 8)
            .saturating_add(self.entries.saturating_mul(8))
    }
}

/// A walk of the transfer modulo a few primes at once (each entry of the
/// matrix read once for all of them): the terms so far for each prime,
/// and the ways into each state before the next row, a residue for each
/// prime side by side.
struct WalkMod {
    primes: Vec<u64>,
    terms: Vec<Vec<u64>>,
    u: Vec<u64>,
    next: Vec<u64>,
}

impl WalkMod {
    fn new(transfer: &Transfer, primes: &[u64]) -> WalkMod {
        let u: Vec<u64> = transfer
            .start
            .iter()
            .flat_map(|&x| primes.iter().map(move |&p| x % p))
            .collect();
        WalkMod {
            primes: primes.to_vec(),
            terms: vec![Vec::new(); primes.len()],
            next: vec![0; u.len()],
            u,
        }
    }
}

impl Transfer {
    /// The transfer of boards `w` wide (`closed` tours or open ones), its
    /// states at most `size.states` and entries at most `size.entries`
    /// (else `Stopped::Memory`).
    pub(crate) fn build(
        w: usize,
        closed: bool,
        size: &TransferSize,
        deadline: &Deadline,
    ) -> Result<Transfer, Stopped> {
        let layout = Layout {
            w,
            h: FIRST_ROWS + 1,
            closed,
            ends: [None, None],
        };
        let step = Step::new(layout, true);
        let mut work = 0u32;
        let mut states: States<u64> = States::default();
        states.add(step.first_key(), &1);
        let mut first = [0; FIRST_ROWS - 1];
        for (row, first) in first.iter_mut().enumerate() {
            states = walk_row(&step, states, row, deadline, &mut work, first)?;
        }
        let mut keys: Vec<u64> = states.iter().map(|(key, _)| key).collect();
        keys.sort_unstable();
        let start: Vec<u64> = keys
            .iter()
            .map(|&key| states.get(key).copied().unwrap_or(0))
            .collect();
        let mut index: HashMap<u64, u32, BuildHasherDefault<StateHasher>> =
            HashMap::with_capacity_and_hasher(keys.len(), BuildHasherDefault::default());
        for (number, &key) in (0u32..).zip(&keys) {
            index.insert(key, number);
        }
        let mut transfer = Transfer {
            first,
            start,
            offsets: vec![0],
            targets: Vec::new(),
            weights: Vec::new(),
            whole: Vec::new(),
            lazy: false,
        };
        let mut next = 0;
        while let Some(&key) = keys.get(next) {
            next += 1;
            let mut row = States::default();
            row.add(key, &1u64);
            let mut whole = 0;
            let row = walk_row(&step, row, FIRST_ROWS - 1, deadline, &mut work, &mut whole)?;
            transfer.whole.push(narrow(whole)?);
            for (successor, ways) in row.into_states() {
                let number = match index.get(&successor) {
                    Some(&number) => number,
                    None => {
                        let number = narrow(keys.len() as u64)?;
                        index.insert(successor, number);
                        keys.push(successor);
                        number
                    }
                };
                transfer.targets.push(number);
                transfer.weights.push(narrow(ways)?);
            }
            transfer.offsets.push(transfer.targets.len());
            if keys.len() as u64 > size.states || transfer.targets.len() as u64 > size.entries {
                return Err(Stopped::Memory);
            }
        }
        transfer.start.resize(keys.len(), 0);
        let transfer = transfer.live();
        Ok(transfer)
    }

    /// The same transfer without the states from which no row ever ends a
    /// tour (their ways count for nothing), and `lazy` set.
    fn live(self) -> Transfer {
        let n = self.whole.len();
        let mut into: Vec<Vec<u32>> = vec![Vec::new(); n];
        for s in 0..n {
            for &t in &self.targets[self.offsets[s]..self.offsets[s + 1]] {
                into[t as usize].push(narrow_index(s));
            }
        }
        let mut live = vec![false; n];
        let mut queue: Vec<usize> = (0..n).filter(|&s| self.whole[s] > 0).collect();
        for &s in &queue {
            live[s] = true;
        }
        while let Some(t) = queue.pop() {
            for &s in &into[t] {
                let s = s as usize;
                if !live[s] {
                    live[s] = true;
                    queue.push(s);
                }
            }
        }
        drop(into);
        let mut number = vec![u32::MAX; n];
        for (kept, s) in (0u32..).zip((0..n).filter(|&s| live[s])) {
            number[s] = kept;
        }
        let mut pruned = Transfer {
            first: self.first,
            start: Vec::new(),
            offsets: vec![0],
            targets: Vec::new(),
            weights: Vec::new(),
            whole: Vec::new(),
            lazy: false,
        };
        let mut weight_in = vec![0u64; n];
        for s in (0..n).filter(|&s| live[s]) {
            pruned.start.push(self.start[s]);
            pruned.whole.push(self.whole[s]);
            for e in self.offsets[s]..self.offsets[s + 1] {
                let t = self.targets[e] as usize;
                if live[t] {
                    pruned.targets.push(number[t]);
                    pruned.weights.push(self.weights[e]);
                    weight_in[t] += u64::from(self.weights[e]);
                }
            }
            pruned.offsets.push(pruned.targets.len());
        }
        pruned.lazy = weight_in.iter().all(|&w| w < 1 << 32);
        pruned
    }

    pub(crate) fn states(&self) -> usize {
        self.whole.len()
    }

    /// The counts (boards of 1, 2, … rows) modulo the walk's primes,
    /// extended to `count` terms (those held kept).
    fn terms_mod(
        &self,
        walk: &mut WalkMod,
        count: usize,
        deadline: &Deadline,
    ) -> Result<(), Stopped> {
        let k = walk.primes.len();
        while walk.terms[0].len() < count {
            let row = walk.terms[0].len();
            for (j, &p) in walk.primes.iter().enumerate() {
                let term = match self.first.get(row) {
                    Some(&first) => first % p,
                    // g · u.
                    None => self.whole.iter().enumerate().fold(0, |sum, (s, &g)| {
                        (sum + u64::from(g) * walk.u[s * k + j]) % p
                    }),
                };
                walk.terms[j].push(term);
            }
            if row < FIRST_ROWS - 1 {
                continue;
            }
            self.apply_mod(walk);
            if deadline.passed() {
                return Err(Stopped::Time);
            }
        }
        Ok(())
    }

    /// One row: the walk's `u` becomes `M u` modulo each prime.
    fn apply_mod(&self, walk: &mut WalkMod) {
        match walk.primes.len() {
            1 => self.apply_mod_k::<1>(walk),
            _ => self.apply_mod_k::<3>(walk),
        }
    }

    /// [`Transfer::apply_mod`] for `K` primes (so that the loop over them
    /// is unrolled).
    fn apply_mod_k<const K: usize>(&self, walk: &mut WalkMod) {
        let WalkMod {
            primes, u, next, ..
        } = walk;
        let mut p = [1u64; K];
        p.copy_from_slice(&primes[..K]);
        next.fill(0);
        for s in 0..u.len() / K {
            let mut x = [0u64; K];
            x.copy_from_slice(&u[s * K..s * K + K]);
            if x == [0; K] {
                continue;
            }
            // Index loops: zips here were not inlined (release profile).
            for e in self.offsets[s]..self.offsets[s + 1] {
                let t = self.targets[e] as usize * K;
                let weight = u64::from(self.weights[e]);
                let sums = &mut next[t..t + K];
                for j in 0..K {
                    sums[j] = if self.lazy {
                        // Below 2⁶⁴ however many are added (`lazy`'s bound).
                        sums[j] + weight * x[j]
                    } else {
                        // Below 2³¹ × 2³² + 2³¹: reduced at once.
                        (sums[j] + weight * x[j]) % p[j]
                    };
                }
            }
        }
        if self.lazy {
            for residues in next.chunks_exact_mut(K) {
                for j in 0..K {
                    residues[j] %= p[j];
                }
            }
        }
        std::mem::swap(u, next);
    }

    /// The first `count` counts, exact: the matrix walked in [`Natural`]s.
    fn exact_terms(&self, count: usize, deadline: &Deadline) -> Result<Vec<Natural>, Stopped> {
        let mut terms: Vec<Natural> = self
            .first
            .iter()
            .map(|&a| Natural::from_u64(a))
            .take(count)
            .collect();
        // Every state's ways side by side, `width` words each, the top one
        // kept zero: a row multiplies them by less than 2⁶⁴ (the weights
        // into a state, u32s, number fewer than 2³²), so it never carries
        // out of a number; a number that reaches its top word widens all.
        let n = self.states();
        let mut width = 2;
        let mut u: Vec<u64> = self.start.iter().flat_map(|&x| [x, 0]).collect();
        let mut next = vec![0u64; u.len()];
        while terms.len() < count {
            let mut term = vec![0u64; width + 1];
            for s in 0..n {
                add_mul_words(
                    &mut term,
                    &u[s * width..(s + 1) * width],
                    u64::from(self.whole[s]),
                );
            }
            terms.push(Natural::from_words(term));
            next.fill(0);
            for s in 0..n {
                let x = &u[s * width..(s + 1) * width];
                for e in self.offsets[s]..self.offsets[s + 1] {
                    let t = self.targets[e] as usize * width;
                    add_mul_words(&mut next[t..t + width], x, u64::from(self.weights[e]));
                }
            }
            std::mem::swap(&mut u, &mut next);
            if (0..n).any(|s| u[s * width + width - 1] != 0) {
                let wider = width + 1;
                let mut widened = vec![0u64; n * wider];
                for s in 0..n {
                    widened[s * wider..s * wider + width]
                        .copy_from_slice(&u[s * width..(s + 1) * width]);
                }
                u = widened;
                next = vec![0u64; n * wider];
                width = wider;
            }
            if deadline.passed() {
                return Err(Stopped::Time);
            }
        }
        Ok(terms)
    }
}

/// The shortest board each width counts by its recurrence: below it the
/// frontier programme is quicker than building the transfer (4×24 takes
/// the frontier about as long as the transfer takes to build, 0.3 s; 3
/// wide's transfer is built in 0.05 s). The published terms in the tests
/// (3×n to 29, 4×n to 24) reach past them, so they hold this method too.
fn shortest(w: usize, closed: bool) -> Option<usize> {
    match (w, closed) {
        (3, _) => Some(SHORTEST_3),
        (4, false) => Some(SHORTEST_4),
        _ => None,
    }
}

const SHORTEST_3: usize = 16;
const SHORTEST_4: usize = 24;

/// What a width's transfer holds as it is built, measured (the tests
/// print them) and rounded up: 3 wide open 2,340 states (1,863 from which
/// a tour can still end), 13,189 entries, a recurrence of 178 terms;
/// closed 181 states, 495 entries, 44 terms; 4 wide open 16,229 states
/// (4,550), 214,520 entries, 243 terms. A transfer that outgrows them
/// stops (`Stopped::Memory`) rather than take more than was sized.
fn most(w: usize, closed: bool) -> (TransferSize, usize) {
    let (states, entries, length) = match (w, closed) {
        (3, false) => (3_000, 16_000, 200),
        (3, true) => (256, 1_024, 64),
        _ => (20_000, 250_000, 280),
    };
    (TransferSize { states, entries }, length)
}

/// Whether `layout` is counted by its recurrence: 3 or 4 wide, no end
/// asked, and long enough.
pub(crate) fn suits(layout: Layout) -> bool {
    layout.ends == [None, None]
        && shortest(layout.w, layout.closed).is_some_and(|shortest| layout.h >= shortest)
}

/// The most bytes counting `layout` (one that [`suits`]) by its
/// recurrence takes: the transfer, the terms that find the recurrence
/// (residues, a few words each), and the exact terms: the first ones on
/// every state, then a window of the recurrence's length, each term of a
/// board `rows` long at most `count_bits(rows)` bits.
pub(crate) fn bytes(layout: Layout, count_bits: impl Fn(u64) -> u64) -> u64 {
    let (size, length) = most(layout.w, layout.closed);
    let length = length as u64;
    let terms = (2 * length + CHECKED as u64 + length / 4).next_power_of_two();
    let word_bits = |rows: u64| count_bits(rows) / 64 + 2;
    let first = size
        .states
        .saturating_mul(2)
        .saturating_mul(word_bits(length) * 8 + 24);
    let window = (length + 3).saturating_mul(word_bits(layout.h as u64) * 8 + 24);
    size.bytes()
        .saturating_add(terms.saturating_mul(8 * 4))
        .saturating_add(first)
        .saturating_add(window)
}

/// Counts the tours of `layout` (one that [`suits`]) by its recurrence,
/// within `budget` bytes (as [`bytes`] sizes it) by `deadline`.
pub(crate) fn count(layout: Layout, deadline: &Deadline) -> Result<Walked, Stopped> {
    let (size, length) = most(layout.w, layout.closed);
    let transfer = Transfer::build(layout.w, layout.closed, &size, deadline)?;
    let Some(recurrence) = Recurrence::find(&transfer, deadline)? else {
        return Err(Stopped::Memory);
    };
    if recurrence.len() > length {
        return Err(Stopped::Memory);
    }
    Ok(Walked {
        count: recurrence.term(layout.h, deadline)?,
        most_states: transfer.states(),
    })
}

/// Walks row `row` of the unbounded board from `states`, adding the ways
/// that end whole in it to `whole`.
fn walk_row(
    step: &Step,
    mut states: States<u64>,
    row: usize,
    deadline: &Deadline,
    work: &mut u32,
    whole: &mut u64,
) -> Result<States<u64>, Stopped> {
    let w = step.width();
    let mut total = None;
    for column in 0..w {
        let (next, ended) = step.advance(&states, row * w + column, deadline, work)?;
        add_whole(&mut total, ended)?;
        states = next;
    }
    *whole = total.unwrap_or(0);
    Ok(states)
}

fn narrow_index(n: usize) -> u32 {
    // A state's number: the states are at most `TransferSize::states`.
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn narrow(n: u64) -> Result<u32, Stopped> {
    u32::try_from(n).map_err(|_| Stopped::Overflow)
}

/// The recurrence the counts obey: `a(n) = −Σ cᵢ a(n − i)` for `n ≥ L`
/// (counting boards from 1 row as `a(0)`), with its first `L` terms.
pub(crate) struct Recurrence {
    /// `c[1..=L]` (`c[0] = 1` left out).
    coefficients: Vec<i128>,
    first: Vec<Natural>,
}

impl Recurrence {
    /// The recurrence of `transfer`'s counts, checked on the terms walked;
    /// None when it does not settle within the terms a proof would take
    /// (never seen), or the primes here do not settle its integer
    /// coefficients (past about 2⁹¹: 4×n's reach 2⁹⁰).
    pub(crate) fn find(transfer: &Transfer, deadline: &Deadline) -> Result<Option<Self>, Stopped> {
        // Enough terms to find a recurrence of length L takes 2L; the
        // counts obey one no longer than the states and the first rows.
        let most = 2 * (transfer.states() + FIRST_ROWS) + 8;
        let mut count = 64.min(most);
        // The first prime finds how many terms it takes, 64 more at a time;
        // three more walk as many together, for the integer coefficients.
        let mut walk = WalkMod::new(transfer, &PRIMES[..1]);
        let first = loop {
            transfer.terms_mod(&mut walk, count, deadline)?;
            let c = berlekamp_massey(&walk.terms[0], PRIMES[0]);
            if checked(c.len(), count) || count >= most {
                break c;
            }
            count = (count + 64).min(most);
        };
        let settled = (2 * first.len() + CHECKED).min(count);
        let mut found: Vec<(u64, Vec<u64>)> = vec![(PRIMES[0], first)];
        // A recurrence of length L is settled by 2L terms: the others walk
        // those (and a few more).
        let mut walk = WalkMod::new(transfer, &PRIMES[1..4]);
        transfer.terms_mod(&mut walk, settled, deadline)?;
        for (&p, terms) in PRIMES[1..4].iter().zip(&walk.terms) {
            let c = berlekamp_massey(terms, p);
            // An unlucky prime finds a shorter recurrence (its reduction
            // loses a factor): keep the longest.
            let longest = found[0].1.len();
            if c.len() > longest {
                found.clear();
            }
            if c.len() >= longest {
                found.push((p, c));
            }
        }
        // Past `most` terms the recurrence is settled outright (2 × a bound
        // on its length).
        if found.len() < 2 || !(checked(found[0].1.len(), count) || count >= most) {
            return Ok(None);
        }
        let all = chinese(&found);
        if all != chinese(&found[..found.len() - 1]) {
            return Ok(None);
        }
        let first = transfer.exact_terms(all.len(), deadline)?;
        Ok(Some(Recurrence {
            coefficients: all,
            first,
        }))
    }

    /// The count of the board `n` rows long (`n ≥ 1`), and the most limbs
    /// the run held at once.
    pub(crate) fn term(&self, n: usize, deadline: &Deadline) -> Result<Count, Stopped> {
        let l = self.coefficients.len();
        let index = n.saturating_sub(1);
        if l == 0 {
            return Ok(Count::default());
        }
        if let Some(term) = self.first.get(index) {
            return Ok(term.to_count());
        }
        // The coefficients' words: those added (c < 0) and those taken
        // away, each list by its shift (a word up for the high ones), then
        // two at a time.
        let mut words: [Vec<(usize, u64, usize)>; 2] = [Vec::new(), Vec::new()];
        for (i, &c) in (1..).zip(&self.coefficients) {
            let magnitude = c.unsigned_abs();
            let side = usize::from(c > 0);
            for (shift, word) in [(0, low_word(magnitude)), (1, low_word(magnitude >> 64))] {
                if word != 0 {
                    words[side].push((i, word, shift));
                }
            }
        }
        for side in &mut words {
            side.sort_by_key(|&(_, _, shift)| shift);
        }
        // The last L terms, a(k − L) at `k % L`.
        let mut window = self.first.clone();
        let mut sums = [Natural::default(), Natural::default()];
        for k in l..=index {
            for (sum, side) in sums.iter_mut().zip(&words) {
                sum.clear();
                let mut pairs = side.chunks_exact(2);
                for pair in &mut pairs {
                    let (i, a, shift) = pair[0];
                    let (j, b, other) = pair[1];
                    let (x, y) = (window[(k - i) % l].words(), window[(k - j) % l].words());
                    if shift == other {
                        sum.add_mul_pair(x, a, y, b, shift);
                    } else {
                        sum.add_mul_pair(x, a, &[], 0, shift);
                        sum.add_mul_pair(y, b, &[], 0, other);
                    }
                }
                if let [(i, a, shift)] = *pairs.remainder() {
                    sum.add_mul_pair(window[(k - i) % l].words(), a, &[], 0, shift);
                }
            }
            let [mut plus, minus] = std::mem::take(&mut sums);
            if !plus.sub_assign(&minus) {
                // A count below zero: the recurrence is wrong, never seen.
                return Err(Stopped::Overflow);
            }
            std::mem::swap(&mut window[k % l], &mut plus);
            sums = [plus, minus];
            if k % 64 == 0 && deadline.passed() {
                return Err(Stopped::Time);
            }
        }
        Ok(window[index % l].to_count())
    }

    pub(crate) fn len(&self) -> usize {
        self.coefficients.len()
    }
}

/// Whether a recurrence of `length` coefficients (the first 1) found from
/// `count` terms held on enough of them past the `2 × length` that find it.
fn checked(length: usize, count: usize) -> bool {
    2 * length + CHECKED + length / 4 <= count
}

/// The shortest linear recurrence of `s` modulo `p` (Berlekamp–Massey):
/// the connection polynomial `c`, `c[0] = 1`, with
/// `s[n] + Σ c[i] s[n − i] = 0` for `n ≥ c.len() − 1`.
fn berlekamp_massey(s: &[u64], p: u64) -> Vec<u64> {
    let mut c = vec![1u64];
    let mut b = vec![1u64];
    let (mut l, mut m, mut last) = (0usize, 1usize, 1u64);
    for n in 0..s.len() {
        let mut d = s[n];
        for i in 1..=l.min(c.len() - 1) {
            d = (d + c[i] * s[n - i]) % p;
        }
        if d == 0 {
            m += 1;
            continue;
        }
        let factor = d * inverse(last, p) % p;
        let before = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, 0);
        }
        for (i, &bi) in b.iter().enumerate() {
            c[i + m] = (c[i + m] + p - factor * bi % p) % p;
        }
        if 2 * l <= n {
            l = n + 1 - l;
            b = before;
            last = d;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, 0);
    c
}

/// `a⁻¹` mod the prime `p` (Fermat).
fn inverse(a: u64, p: u64) -> u64 {
    let (mut result, mut base, mut exponent) = (1u64, a % p, p - 2);
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = result * base % p;
        }
        base = base * base % p;
        exponent >>= 1;
    }
    result
}

/// The integer coefficients `c[1..]` whose residues are `found` (the
/// least absolute ones), by Garner's mixed radix. At most four primes
/// below 2³¹: their product fits a `u128`.
fn chinese(found: &[(u64, Vec<u64>)]) -> Vec<i128> {
    let found = &found[..found.len().min(4)];
    let l = found[0].1.len();
    (1..l)
        .map(|i| {
            let mut x: u128 = 0;
            let mut modulus: u128 = 1;
            for &(prime, ref c) in found {
                let (p, r) = (u128::from(prime), u128::from(c[i]));
                // x + modulus × t ≡ r (mod p).
                let m = low_word(modulus % p);
                let have = low_word(x % p);
                let want = low_word((r + p - u128::from(have)) % p);
                let t = u128::from(want) * u128::from(inverse(m, prime)) % p;
                x += modulus * t;
                modulus *= p;
            }
            // Below 2¹²⁴: both fit an i128.
            if x > modulus / 2 {
                -i128::try_from(modulus - x).unwrap_or(0)
            } else {
                i128::try_from(x).unwrap_or(0)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::frontier;
    use super::*;
    use std::time::Duration;

    fn deadline() -> Deadline {
        Deadline::from(Duration::from_secs(600))
    }

    /// The recurrence's counts against the frontier programme's on every
    /// length from 1 to 60 (3 wide) and 40 (4 wide), open and closed.
    #[test]
    fn recurrence_agrees_with_the_frontier() {
        for (w, most) in [(3, 60), (4, 40)] {
            for closed in [false, true] {
                let size = TransferSize {
                    states: 1 << 20,
                    entries: 1 << 24,
                };
                let transfer = Transfer::build(w, closed, &size, &deadline()).ok().unwrap();
                let recurrence = Recurrence::find(&transfer, &deadline())
                    .ok()
                    .flatten()
                    .unwrap();
                eprintln!(
                    "{w} closed {closed}: {} states, {} entries, recurrence {}",
                    transfer.states(),
                    transfer.targets.len(),
                    recurrence.len()
                );
                for h in w..=most {
                    let layout = Layout {
                        w,
                        h,
                        closed,
                        ends: [None, None],
                    };
                    let want = match frontier::count::<u128>(layout, u64::MAX, &deadline()) {
                        Ok(walked) => walked.count,
                        Err(_) => {
                            frontier::count::<Count>(layout, u64::MAX, &deadline())
                                .ok()
                                .unwrap()
                                .count
                        }
                    };
                    let got = recurrence.term(h, &deadline()).ok().unwrap();
                    assert_eq!(got, want, "{w}×{h} closed {closed}");
                }
            }
        }
    }

    /// Berlekamp–Massey finds Fibonacci's recurrence, and a sequence with
    /// irregular first terms.
    #[test]
    fn berlekamp_massey_finds_known_recurrences() {
        let p = PRIMES[0];
        let mut fibonacci = vec![0u64, 1];
        for n in 2..20 {
            fibonacci.push((fibonacci[n - 1] + fibonacci[n - 2]) % p);
        }
        assert_eq!(berlekamp_massey(&fibonacci, p), vec![1, p - 1, p - 1]);
        // 5, 0, then doubling from 1.
        let s = [5, 0, 1, 2, 4, 8, 16, 32, 64, 128];
        let c = berlekamp_massey(&s, p);
        for n in c.len() - 1..s.len() {
            let sum = (1..c.len()).fold(s[n], |sum, i| (sum + c[i] * s[n - i]) % p);
            assert_eq!(sum, 0);
        }
        assert_eq!(c.len(), 4);
    }
}
