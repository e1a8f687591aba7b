//! The one cache: every table a solver keeps between calls (a board's closed
//! tour, the paths inside blocks, the narrow boards' automata, and whatever
//! an embedding program keeps beside them), within one budget in bytes.
//!
//! The caller owns it and passes it in; nothing is kept in a process-global
//! static. When a new table does not fit, the tables used least recently
//! are dropped until it does; a table larger than the whole budget is given
//! out but not kept. Tables are built outside the lock, so a slow build
//! never holds up answers from tables already kept.

use std::any::{Any, TypeId};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};

/// Bytes counted for each kept table beyond its own: its key, the map's
/// slot and the counters.
const ENTRY_BYTES: usize = 96;

/// Tables kept between calls, within a budget in bytes: pass one to
/// [`tour`](fn@crate::tour) and [`IndexedTour::new`](crate::tour::IndexedTour::new).
///
/// One cache serves many threads (it is `Sync`); a service holds one in its
/// state and reports [`Cache::stats`].
///
/// ```
/// use knight::{tour, Board, Cache, Square, TourRequest};
/// let cache = Cache::new(16 << 20);
/// let request = TourRequest {
///     board: Board::new(40, 40).unwrap(),
///     start: Square::new(3, 5),
///     method: tour::Method::Construction { closed: true },
/// };
/// tour(request, 1_000_000, &cache)?;
/// let stats = cache.stats();
/// assert!(stats.entries > 0 && stats.bytes <= stats.budget);
/// # Ok::<(), knight::TourError>(())
/// ```
pub struct Cache {
    budget: usize,
    kept: Mutex<Kept>,
}

/// What a [`Cache`] holds now and has done, for a service's metrics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// The budget in bytes.
    pub budget: usize,
    /// Bytes of the tables kept now.
    pub bytes: usize,
    /// Tables kept now.
    pub entries: usize,
    /// Requests answered from a kept table.
    pub hits: u64,
    /// Requests that built their table.
    pub misses: u64,
    /// Tables dropped to make room.
    pub evictions: u64,
}

/// One kept table: its key and value as `Any`, found by a hash of both
/// types and the key.
struct Entry {
    key: Box<dyn Any + Send + Sync>,
    value: Arc<dyn Any + Send + Sync>,
    bytes: usize,
    used: u64,
}

#[derive(Default)]
struct Kept {
    entries: HashMap<u64, Vec<Entry>>,
    stats: CacheStats,
    clock: u64,
}

impl Kept {
    /// The table of type `T` kept under `key`, marked as used now.
    fn find<K: PartialEq + 'static, T: Send + Sync + 'static>(
        &mut self,
        slot: u64,
        key: &K,
    ) -> Option<Arc<T>> {
        self.clock += 1;
        let clock = self.clock;
        let entry = self
            .entries
            .get_mut(&slot)?
            .iter_mut()
            .find(|e| e.key.downcast_ref::<K>() == Some(key) && e.value.is::<T>())?;
        entry.used = clock;
        Arc::clone(&entry.value).downcast::<T>().ok()
    }

    /// Drops the least recently used tables until `bytes` more fit in
    /// `budget`.
    fn make_room(&mut self, bytes: usize, budget: usize) {
        while self.stats.bytes + bytes > budget {
            let oldest = self
                .entries
                .iter()
                .flat_map(|(&slot, list)| {
                    list.iter().enumerate().map(move |(i, e)| (e.used, slot, i))
                })
                .min();
            let Some((_, slot, i)) = oldest else {
                return;
            };
            let Some(list) = self.entries.get_mut(&slot) else {
                return;
            };
            let gone = list.swap_remove(i);
            if list.is_empty() {
                self.entries.remove(&slot);
            }
            self.stats.bytes -= gone.bytes;
            self.stats.entries -= 1;
            self.stats.evictions += 1;
        }
    }
}

impl Cache {
    /// A cache that keeps at most `budget` bytes of tables.
    pub fn new(budget: usize) -> Cache {
        Cache {
            budget,
            kept: Mutex::new(Kept::default()),
        }
    }

    /// The table kept under `key`, or the one `make` builds (with its size
    /// in bytes), kept for next time if it fits the budget. A build that
    /// fails is not kept: its error is given back, and the next call builds
    /// again.
    ///
    /// Keys of different types never meet, nor do tables of different
    /// types under one key, so each caller may pick its own key type.
    ///
    /// # Errors
    ///
    /// The error of `make`, when it fails.
    ///
    /// ```
    /// use knight::Cache;
    /// let cache = Cache::new(1 << 20);
    /// let squares = |n: u64| cache.keep(("squares", n), || Ok::<_, ()>((n * n, 8)));
    /// assert_eq!(squares(12).as_deref(), Ok(&144));
    /// assert_eq!(cache.stats().misses, 1);
    /// assert_eq!(squares(12).as_deref(), Ok(&144));
    /// assert_eq!(cache.stats().hits, 1);
    /// ```
    pub fn keep<K, T, E>(
        &self,
        key: K,
        make: impl FnOnce() -> Result<(T, usize), E>,
    ) -> Result<Arc<T>, E>
    where
        K: Hash + Eq + Send + Sync + 'static,
        T: Send + Sync + 'static,
    {
        let slot = slot::<K, T>(&key);
        {
            let mut kept = self.lock();
            if let Some(value) = kept.find::<K, T>(slot, &key) {
                kept.stats.hits += 1;
                return Ok(value);
            }
            kept.stats.misses += 1;
        }
        // Built outside the lock: other tables are served meanwhile.
        let (value, bytes) = make()?;
        let value = Arc::new(value);
        let bytes = ENTRY_BYTES + bytes;
        if bytes > self.budget {
            return Ok(value);
        }
        let mut kept = self.lock();
        if let Some(theirs) = kept.find::<K, T>(slot, &key) {
            // Another thread built it meanwhile: share theirs.
            return Ok(theirs);
        }
        kept.make_room(bytes, self.budget);
        let used = kept.clock;
        kept.entries.entry(slot).or_default().push(Entry {
            key: Box::new(key),
            value: Arc::clone(&value) as Arc<dyn Any + Send + Sync>,
            bytes,
            used,
        });
        kept.stats.bytes += bytes;
        kept.stats.entries += 1;
        Ok(value)
    }

    /// The table kept under `key`, if there is one; nothing is built.
    pub fn get<K, T>(&self, key: &K) -> Option<Arc<T>>
    where
        K: Hash + Eq + Send + Sync + 'static,
        T: Send + Sync + 'static,
    {
        let mut kept = self.lock();
        let value = kept.find::<K, T>(slot::<K, T>(key), key)?;
        kept.stats.hits += 1;
        Some(value)
    }

    /// What the cache holds now, and its hits, misses and evictions so far.
    pub fn stats(&self) -> CacheStats {
        CacheStats {
            budget: self.budget,
            ..self.lock().stats
        }
    }

    fn lock(&self) -> MutexGuard<'_, Kept> {
        // Every change to the tables is made whole under the lock, so a
        // panic elsewhere cannot leave them half-written.
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Default for Cache {
    /// A cache of 256 MiB: a few closed tours of a million squares, and
    /// every block's paths.
    fn default() -> Cache {
        Cache::new(256 << 20)
    }
}

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cache")
            .field("stats", &self.stats())
            .finish()
    }
}

/// The hash of a key with the types of key and table.
fn slot<K: Hash + 'static, T: 'static>(key: &K) -> u64 {
    let mut hasher = DefaultHasher::new();
    TypeId::of::<K>().hash(&mut hasher);
    TypeId::of::<T>().hash(&mut hasher);
    key.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(cache: &Cache, k: u32) -> Arc<Vec<u32>> {
        cache.keep(k, || Ok::<_, ()>((vec![k; 25], 100))).unwrap()
    }

    #[test]
    fn keeps_within_the_budget_dropping_the_least_recently_used() {
        let cache = Cache::new(3 * (ENTRY_BYTES + 100));
        for k in 0..3 {
            get(&cache, k);
        }
        assert_eq!(cache.stats().entries, 3);
        get(&cache, 0); // 1 is now the least recently used
        get(&cache, 3);
        let stats = cache.stats();
        assert_eq!((stats.entries, stats.evictions), (3, 1));
        assert!(stats.bytes <= stats.budget);
        let misses = cache.stats().misses;
        for k in [0, 2, 3] {
            get(&cache, k);
        }
        assert_eq!(cache.stats().misses, misses, "0, 2 and 3 were kept");
        assert!(cache.get::<u32, Vec<u32>>(&1).is_none(), "1 was dropped");
        get(&cache, 1);
        assert_eq!(cache.stats().misses, misses + 1);
    }

    #[test]
    fn too_large_is_given_but_not_kept_and_failures_are_not_kept() {
        let cache = Cache::new(1000);
        let big = cache.keep("big", || Ok::<_, ()>((7u8, 5000)));
        assert_eq!(big.as_deref(), Ok(&7));
        assert_eq!(cache.stats().entries, 0);
        assert_eq!(cache.keep("f", || Err::<(u8, usize), _>("no")), Err("no"));
        assert_eq!(cache.keep("f", || Ok::<_, ()>((1u8, 1))).as_deref(), Ok(&1));
    }

    #[test]
    fn types_of_key_and_table_keep_apart() {
        let cache = Cache::new(1 << 20);
        let keep = |value: Box<dyn FnOnce(&Cache) -> u64>| value(&cache);
        assert_eq!(
            keep(Box::new(|c| *c
                .keep(1u32, || Ok::<_, ()>((10u64, 8)))
                .unwrap())),
            10
        );
        assert_eq!(
            keep(Box::new(|c| *c
                .keep(1u64, || Ok::<_, ()>((20u64, 8)))
                .unwrap())),
            20
        );
        assert_eq!(
            keep(Box::new(|c| u64::from(
                *c.keep(1u32, || Ok::<_, ()>((30u32, 4))).unwrap()
            ))),
            30
        );
        assert_eq!(
            keep(Box::new(|c| *c
                .keep(1u32, || Ok::<_, ()>((0u64, 8)))
                .unwrap())),
            10
        );
        assert_eq!(cache.stats().entries, 3);
    }
}
