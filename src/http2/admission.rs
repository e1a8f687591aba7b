//! Which connections are let in, and which are let go, over HTTP/1.1 and
//! HTTP/2 alike (nginx's `limit_conn` and `large_client_header_buffers`,
//! Envoy's overload manager):
//!
//! - `--max-connections-per-client`: a client address (an IPv6 client's
//!   /64) holds at most this many connections; past it its new ones are
//!   closed at once (trusted proxies are many clients, and are not held);
//! - `--max-connections`: at it, a new connection closes the connections
//!   idle the longest (no request in flight; a head still arriving counts
//!   as activity from when it began), a few at a time, so that a new
//!   client is served instead of waiting in the listen backlog; with none
//!   idle, it is answered 503 and closed at once, and from then until
//!   fewer than nine tenths of the limit are open, HTTP/1.1 answers carry
//!   `Connection: close`, so that keep-alive clients give their slots back
//!   as they are answered;
//! - `--header-budget`: the bytes of unfinished request heads, over all
//!   connections (HTTP/1.1: what a connection sent while no request of it
//!   was in flight; HTTP/2: the header blocks still awaiting their
//!   `END_HEADERS`). Past it, the connections whose heads have been
//!   unfinished the longest are closed until it is back under seven
//!   eighths of it: a slow head is let go, never buffered, and a new
//!   client's small head is the last to go.
//!
//! One [`Admission`] is shared by the connections one `serve` accepts; each
//! open [`Connection`] is in its table, for the scans that choose whom to
//! close. A scan reads every connection's atomics (about 10,000 at the
//! default limit: tens of microseconds) and runs only when a limit is hit.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::connection::{Admitting, Budget, Connection};
use crate::config::Config;

/// What `/metrics` shows of the connections, counted over the process.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConnectionFigures {
    /// Connections open now.
    pub open: u64,
    /// Bytes of unfinished request heads held now.
    pub head_bytes: u64,
    /// Idle connections closed to make room at `--max-connections`.
    pub shed: u64,
    /// New connections closed at once: their client was at
    /// `--max-connections-per-client`.
    pub refused_per_client: u64,
    /// New connections closed at once: `--max-connections` was reached
    /// and no connection was idle.
    pub refused_full: u64,
    /// Connections closed for their unfinished heads past `--header-budget`.
    pub heads_closed: u64,
}

static OPEN: AtomicU64 = AtomicU64::new(0);
static HEAD_BYTES: AtomicU64 = AtomicU64::new(0);
static SHED: AtomicU64 = AtomicU64::new(0);
static REFUSED_PER_CLIENT: AtomicU64 = AtomicU64::new(0);
static REFUSED_FULL: AtomicU64 = AtomicU64::new(0);
static HEADS_CLOSED: AtomicU64 = AtomicU64::new(0);

/// The figures now.
pub fn connection_figures() -> ConnectionFigures {
    ConnectionFigures {
        open: OPEN.load(Ordering::Relaxed),
        head_bytes: HEAD_BYTES.load(Ordering::Relaxed),
        shed: SHED.load(Ordering::Relaxed),
        refused_per_client: REFUSED_PER_CLIENT.load(Ordering::Relaxed),
        refused_full: REFUSED_FULL.load(Ordering::Relaxed),
        heads_closed: HEADS_CLOSED.load(Ordering::Relaxed),
    }
}

/// Why a new connection was closed at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Its client holds `--max-connections-per-client` already.
    PerClient(usize),
    /// `--max-connections` are open and none is idle.
    Full(usize),
}

/// The connections of one `serve`: see the module's documentation.
#[derive(Debug)]
pub struct Admission {
    budget: Arc<Budget>,
    max: usize,
    per_client: usize,
    trusted: Vec<ipnet::IpNet>,
    pub(super) head_budget: usize,
    max_header_bytes: usize,
    max_headers: usize,
    /// Bytes of unfinished heads, over all connections.
    pub(super) heads: AtomicUsize,
    open: AtomicUsize,
    /// Of those, the ones let go whose tasks have not yet ended: not
    /// counted against the limit (else each new connection would close
    /// more while the last ones closed are still going).
    leaving: AtomicUsize,
    /// Answers close their connections: the limit was reached with none
    /// idle, and the connections are not yet under nine tenths of it.
    closing: AtomicBool,
    crowded_from: usize,
    ticks: AtomicU64,
    table: Mutex<Table>,
    /// A scan for heads to close is under way (one at a time is enough).
    closing_heads: AtomicBool,
}

/// The open connections, and how many each client holds.
#[derive(Debug, Default)]
struct Table {
    slots: Vec<Option<Arc<Connection>>>,
    free: Vec<usize>,
    clients: HashMap<IpAddr, usize>,
}

/// Connections closed by one scan at `--max-connections`, at most: room
/// for the next new ones without a scan each (one for each 512 of the
/// limit), within the descriptors `server` keeps spare.
const SHED_AT_ONCE: usize = 16;

/// One read of a head, as hyper first reads one (its first buffer).
const HEAD_READ: usize = 16 * 1024;

/// Connections let go and still ending, past `max` open, at most: half
/// as many again (at least 64), which `server` keeps descriptors for. A
/// storm of new connections closes idle ones faster than their tasks end
/// on a busy machine; past this, a new connection is refused instead.
pub fn leaving_at_most(max: usize) -> usize {
    (max / 2).max(64)
}

impl Admission {
    pub fn new(config: &Config, max_connections: usize) -> Arc<Admission> {
        let max = max_connections.max(1);
        Arc::new(Admission {
            budget: Budget::new(config),
            max,
            per_client: config.max_connections_per_client.max(1),
            trusted: config.trusted_proxy.clone(),
            head_budget: config.header_budget,
            max_header_bytes: config.max_header_bytes,
            max_headers: config.max_headers,
            heads: AtomicUsize::new(0),
            open: AtomicUsize::new(0),
            leaving: AtomicUsize::new(0),
            closing: AtomicBool::new(false),
            crowded_from: max - max / 10,
            ticks: AtomicU64::new(0),
            table: Mutex::new(Table::default()),
            closing_heads: AtomicBool::new(false),
        })
    }

    /// The next tick of this admission's count: it orders the moments the
    /// connections went idle or began their heads (which came first is
    /// all that choosing the longest idle needs), and costs no clock read
    /// a request.
    fn now(&self) -> u64 {
        self.ticks.fetch_add(1, Ordering::Relaxed)
    }

    fn table(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The most one connection's unfinished head counts: the head limit
    /// and a read past it.
    fn head_cap(&self) -> usize {
        self.max_header_bytes.saturating_add(HEAD_READ)
    }

    /// `--max-header-bytes` and `--max-headers`.
    pub fn head_limits(&self) -> (usize, usize) {
        (self.max_header_bytes, self.max_headers)
    }

    /// Whether answers should close their connections: `--max-connections`
    /// was reached with no connection idle to close, and fewer than nine
    /// tenths of it have been open since.
    pub fn crowded(&self) -> bool {
        self.closing.load(Ordering::Relaxed)
    }

    /// Connections open and not let go.
    fn live(&self) -> usize {
        self.open
            .load(Ordering::Relaxed)
            .saturating_sub(self.leaving.load(Ordering::Relaxed))
    }

    /// Lets a new connection from `peer` in, closing idle connections to
    /// make room at `--max-connections`; or says why it is refused.
    pub fn admit(self: &Arc<Admission>, peer: SocketAddr) -> Result<Admitted, Refused> {
        let client = client_key(peer.ip());
        let capped = !self.trusted.iter().any(|net| net.contains(&peer.ip()));
        let mut table = self.table();
        let held = table.clients.get(&client).copied().unwrap_or(0);
        if capped && held >= self.per_client {
            REFUSED_PER_CLIENT.fetch_add(1, Ordering::Relaxed);
            return Err(Refused::PerClient(self.per_client));
        }
        if self.live() >= self.max {
            // Those let go hold their descriptors until their tasks end:
            // past the spare ones, a new connection waits for them.
            let spare = self.open.load(Ordering::Relaxed) < self.max + leaving_at_most(self.max);
            if !spare || !self.shed_idle(&table) {
                if spare {
                    // None idle: answers give their connections back.
                    self.closing.store(true, Ordering::Relaxed);
                }
                REFUSED_FULL.fetch_add(1, Ordering::Relaxed);
                return Err(Refused::Full(self.max));
            }
        } else if self.live() < self.crowded_from {
            self.closing.store(false, Ordering::Relaxed);
        }
        *table.clients.entry(client).or_insert(0) += 1;
        let admission: Arc<dyn Admitting> = Arc::clone(self) as Arc<dyn Admitting>;
        let connection = Connection::new(&self.budget, admission, peer);
        let slot = match table.free.pop() {
            Some(slot) => {
                table.slots[slot] = Some(Arc::clone(&connection));
                slot
            }
            None => {
                table.slots.push(Some(Arc::clone(&connection)));
                table.slots.len() - 1
            }
        };
        self.open.fetch_add(1, Ordering::Relaxed);
        OPEN.fetch_add(1, Ordering::Relaxed);
        Ok(Admitted {
            admission: Arc::clone(self),
            connection,
            slot,
            client,
        })
    }

    /// Closes the connections idle the longest (a few, so the next new
    /// connections find room without a scan each); false when none is idle.
    fn shed_idle(&self, table: &Table) -> bool {
        let mut idle: Vec<(u64, &Arc<Connection>)> = table
            .slots
            .iter()
            .flatten()
            .filter_map(|c| c.idle_since().map(|since| (since, c)))
            .collect();
        if idle.is_empty() {
            return false;
        }
        let n = (self.max / 512).clamp(1, SHED_AT_ONCE).min(idle.len());
        if n < idle.len() {
            idle.select_nth_unstable_by_key(n - 1, |&(since, _)| since);
        }
        for (_, connection) in &idle[..n] {
            connection.let_go();
            SHED.fetch_add(1, Ordering::Relaxed);
        }
        tracing::debug!(
            shed = n,
            "--max-connections reached: the connections idle the longest closed"
        );
        true
    }

    /// `n` more bytes of unfinished heads; past `--header-budget`, the
    /// heads unfinished the longest are let go.
    fn heads_grew(&self, n: usize) {
        let total = self.heads.fetch_add(n, Ordering::Relaxed) + n;
        HEAD_BYTES.fetch_add(crate::convert::len64(n), Ordering::Relaxed);
        if total > self.head_budget && !self.closing_heads.swap(true, Ordering::Acquire) {
            self.close_slow_heads();
            self.closing_heads.store(false, Ordering::Release);
        }
    }

    fn heads_shrank(&self, n: usize) {
        self.heads.fetch_sub(n, Ordering::Relaxed);
        HEAD_BYTES.fetch_sub(crate::convert::len64(n), Ordering::Relaxed);
    }

    /// Closes the connections whose heads began the longest ago until the
    /// heads held are under seven eighths of the budget.
    fn close_slow_heads(&self) {
        let target = self.head_budget - self.head_budget / 8;
        let table = self.table();
        let mut heads: Vec<(u64, &Arc<Connection>)> = table
            .slots
            .iter()
            .flatten()
            .filter_map(|c| c.head_since().map(|since| (since, c)))
            .collect();
        heads.sort_unstable_by_key(|&(since, _)| since);
        let mut closed = 0u64;
        for (_, connection) in heads {
            if self.heads.load(Ordering::Relaxed) <= target {
                break;
            }
            connection.let_go();
            closed += 1;
        }
        HEADS_CLOSED.fetch_add(closed, Ordering::Relaxed);
        tracing::debug!(
            closed,
            "--header-budget reached: the heads unfinished the longest closed"
        );
    }
}

impl Admitting for Admission {
    fn now(&self) -> u64 {
        Admission::now(self)
    }

    fn head_cap(&self) -> usize {
        Admission::head_cap(self)
    }

    fn heads_grew(&self, n: usize) {
        Admission::heads_grew(self, n);
    }

    fn heads_shrank(&self, n: usize) {
        Admission::heads_shrank(self, n);
    }

    fn left(&self) {
        self.leaving.fetch_add(1, Ordering::Relaxed);
    }

    fn crowded(&self) -> bool {
        Admission::crowded(self)
    }

    fn head_limits(&self) -> (usize, usize) {
        Admission::head_limits(self)
    }
}

/// The client a connection's peer is: its address, an IPv6 peer's /64.
fn client_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

/// A connection let in: its place in the table and its client's count,
/// given back when dropped (with the connection's task).
#[derive(Debug)]
pub struct Admitted {
    admission: Arc<Admission>,
    connection: Arc<Connection>,
    slot: usize,
    client: IpAddr,
}

impl Admitted {
    pub fn connection(&self) -> &Arc<Connection> {
        &self.connection
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.connection.release_head();
        let mut table = self.admission.table();
        table.slots[self.slot] = None;
        table.free.push(self.slot);
        if let Some(held) = table.clients.get_mut(&self.client) {
            *held -= 1;
            if *held == 0 {
                table.clients.remove(&self.client);
            }
        }
        if self.connection.is_let_go() {
            self.admission.leaving.fetch_sub(1, Ordering::Relaxed);
        }
        self.admission.open.fetch_sub(1, Ordering::Relaxed);
        OPEN.fetch_sub(1, Ordering::Relaxed);
    }
}
