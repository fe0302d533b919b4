//! The rest of a move once no capture can happen any more, on a packed row.
//!
//! Captures only ever empty the opponent's pits. So once each of the mover's
//! inner pits has an empty facing pit (or captures are suppressed), no lap
//! of the rest of the move can capture, and no choice point can come either
//! (a clockwise choice needs an immediate capture). From then on every lap
//! end either stops the move (the last seed fell into an empty pit) or
//! relays L, in one fixed direction, and the rest of the move is a function
//! of the mover's sixteen pits and L alone: E is always the previous L, and
//! the opponent's pits, the captured columns and the chain flag no longer
//! change (the chain flag at most once, on the first anticlockwise lap).
//!
//! The mover's pits are then packed one byte a pit into a `u128` (when the
//! side holds at most 255 seeds, so no pit can overflow its byte: seeds are
//! conserved), and a lap is a handful of word operations: lift L, add
//! ⌊hand/16⌋ to every pit at once, add one seed to the `hand mod 16` pits
//! after E through a precomputed mask.
//!
//! Never-ending detection stays exact and in bounded memory: Brent's
//! algorithm for the first laps (short cycles, no set-up cost), then
//! Nivasch's stack algorithm with partitions, which stops shortly after the
//! cycle's first full turn instead of Brent's two to three turns, with
//! Brent still running beside it as a guaranteed backstop. Every stack entry
//! is a whole state compared exactly (a hash only orders them); see
//! [`Detector`].

use super::board::Seeds;
use super::cycle::Brent;
use super::sowing::Direction;

/// `MASKS[d][e][r]`: one seed in each of the `r` pits after index `e` in
/// direction `d` (0 anticlockwise, 1 clockwise).
pub(crate) static MASKS: [[[u128; 16]; 16]; 2] = masks();

const fn masks() -> [[[u128; 16]; 16]; 2] {
    let mut m = [[[0u128; 16]; 16]; 2];
    let mut d = 0;
    while d < 2 {
        let step = if d == 0 { 1 } else { 15 };
        let mut e = 0;
        while e < 16 {
            let mut r = 1;
            while r < 16 {
                let i = (e + r * step) & 15;
                m[d][e][r] = m[d][e][r - 1] | (1u128 << (8 * i));
                r += 1;
            }
            e += 1;
        }
        d += 1;
    }
    m
}

/// The mover's pits packed one byte a pit (pit index i in byte i), or
/// `None` when the side holds more than 255 seeds.
#[inline]
pub(crate) fn pack(own: &[Seeds; 16]) -> Option<u128> {
    if own.iter().map(|&n| n as u32).sum::<u32>() > 255 {
        return None;
    }
    Some(u128::from_le_bytes(own.map(|n| n as u8)))
}

/// The pits of a packed row.
#[inline]
pub(crate) fn unpack(x: u128) -> [Seeds; 16] {
    x.to_le_bytes().map(Seeds::from)
}

/// A lap end of the capture-free rest of a move: the mover's packed pits
/// and L. Everything the rest of the move depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    pub x: u128,
    pub l: u8,
}

impl Row {
    /// Relay L in direction `d` (0 anticlockwise, 1 clockwise); `false`
    /// (and nothing changes) when the last seed fell into an empty pit and
    /// the move is over.
    #[inline(always)]
    pub(crate) fn relay(&mut self, d: usize) -> bool {
        let e = self.l as usize & 15;
        let shift = 8 * e as u32;
        let hand = (self.x >> shift) as u8;
        if hand <= 1 {
            return false;
        }
        let full = (hand >> 4) as u64 * 0x0101_0101_0101_0101;
        let rem = (hand & 15) as usize;
        self.x = (self.x & !(0xFFu128 << shift))
            + (full as u128 | (full as u128) << 64)
            + MASKS[d][e][rem];
        let step = if d == 0 { 1 } else { 15 };
        self.l = ((e + rem * step) & 15) as u8;
        true
    }

    /// A hash of the whole row (it only orders states; equality is always
    /// tested on the row itself).
    #[inline(always)]
    fn hash(&self) -> u64 {
        // Fibonacci hashing: the product's top bits depend on every bit of
        // the folded row
        (self.x as u64 ^ ((self.x >> 64) as u64).rotate_left(29) ^ self.l as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// How the capture-free rest of a move goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rest {
    /// It ends: the row at its end, the last lap's E, and the laps sown to
    /// get there.
    Ends { row: Row, e: u8, laps: u64 },
    /// It never ends: the cycle's exact length and the laps examined.
    Cycles { cycle_laps: u64, examined: u64 },
}

/// Laps followed with plain Brent before the stack detector is set up:
/// most moves end or cycle well within this.
const BRENT_FIRST: u64 = 1 << 14;

/// Follow the capture-free rest of a move from lap end `row` (whose E is
/// `e`), every relay sown in `dir`, until it ends or provably cycles.
pub(crate) fn rest(row: Row, e: u8, dir: Direction) -> Rest {
    let Until::Done(rest) = rest_until(row, e, dir, &|| false, u64::MAX) else {
        unreachable!("a rest that is never told to stop finishes")
    };
    rest
}

/// How far [`rest_until`] got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Until {
    /// The rest is decided.
    Done(Rest),
    /// The lap allowance ran out after these laps: no verdict.
    Unfinished(u64),
    /// The stop callback fired: no verdict.
    Stopped,
}

/// [`rest`] within `allowance` laps (exactly, when it is at most
/// [`BRENT_FIRST`]; beyond that it is checked every [`STOP_EVERY`] laps),
/// giving up when `stop` returns true: it is polled every [`STOP_EVERY`]
/// laps once a rest runs long. Giving up leaves no verdict.
pub(crate) fn rest_until(
    row: Row,
    e: u8,
    dir: Direction,
    stop: &dyn Fn() -> bool,
    allowance: u64,
) -> Until {
    let mut none = Snaps::new(row, e, false, dir, 0);
    rest_impl::<false>(row, e, dir, &mut none, stop, allowance)
}

/// Laps between two polls of a stop callback in a long rest or move
/// (about 5 ms at this engine's speed).
pub(crate) const STOP_EVERY: u64 = 1 << 20;

/// [`rest`], and when the rest never ends, also the laps from `row` (with
/// E `e` and the chain flag `chain`) until the cycle is first entered,
/// exactly as [`laps_before_cycle`] counts them, without walking the cycle
/// again: the detection pass keeps a bounded number of evenly spaced
/// snapshots (see [`Snaps`]), and the entry is found among them.
pub(crate) fn rest_with_entry(row: Row, e: u8, chain: bool, dir: Direction) -> (Rest, Option<u64>) {
    rest_with_entry_in(row, e, chain, dir, SNAPS)
}

/// [`rest_with_entry`] keeping at most `cap` (even, at least 2) snapshots.
fn rest_with_entry_in(
    row: Row,
    e: u8,
    chain: bool,
    dir: Direction,
    cap: usize,
) -> (Rest, Option<u64>) {
    match rest_until_with_entry_in(row, e, chain, dir, &|| false, u64::MAX, cap) {
        (Until::Done(rest), before) => (rest, before),
        _ => unreachable!("a rest that is never told to stop finishes"),
    }
}

/// [`rest_until`], and when the rest is decided never-ending, also its
/// entry as [`rest_with_entry`] finds it (E `e`, chain flag `chain`).
pub(crate) fn rest_until_with_entry(
    row: Row,
    e: u8,
    chain: bool,
    dir: Direction,
    stop: &dyn Fn() -> bool,
    allowance: u64,
) -> (Until, Option<u64>) {
    rest_until_with_entry_in(row, e, chain, dir, stop, allowance, SNAPS)
}

/// [`rest_until_with_entry`] keeping at most `cap` snapshots.
fn rest_until_with_entry_in(
    row: Row,
    e: u8,
    chain: bool,
    dir: Direction,
    stop: &dyn Fn() -> bool,
    allowance: u64,
    cap: usize,
) -> (Until, Option<u64>) {
    let mut snaps = Snaps::new(row, e, chain, dir, cap);
    let until = rest_impl::<true>(row, e, dir, &mut snaps, stop, allowance);
    let before = match until {
        Until::Done(Rest::Cycles { cycle_laps, .. }) => Some(snaps.entry(cycle_laps)),
        _ => None,
    };
    (until, before)
}

/// Snapshots kept at most by [`rest_with_entry`] (32 bytes each).
const SNAPS: usize = 4096;

/// Follow the rest; when `SNAP`, record the states of `snaps`' schedule.
#[inline(always)]
fn rest_impl<const SNAP: bool>(
    mut row: Row,
    mut e: u8,
    dir: Direction,
    snaps: &mut Snaps,
    stop: &dyn Fn() -> bool,
    allowance: u64,
) -> Until {
    let d = (dir == Direction::Clockwise) as usize;
    let mut brent = Brent::new(row);
    let mut laps = 0u64;
    let first = BRENT_FIRST.min(allowance);
    while laps < first {
        let from = row.l;
        if !row.relay(d) {
            return Until::Done(Rest::Ends { row, e, laps });
        }
        e = from;
        laps += 1;
        if SNAP && laps == snaps.next {
            snaps.push(row, e);
        }
        if let Some(cycle_laps) = brent.step(&row) {
            return Until::Done(Rest::Cycles {
                cycle_laps,
                examined: laps,
            });
        }
    }
    if laps >= allowance {
        return Until::Unfinished(laps);
    }
    // Long: the stack detector from here on, with a backstop (Brent's
    // algorithm on every 32nd state) that alone would also always finish.
    let mut det = Detector::new();
    let mut backstop = Brent::new(row);
    let mut t = 0u64;
    loop {
        let from = row.l;
        if !row.relay(d) {
            return Until::Done(Rest::Ends {
                row,
                e,
                laps: laps + t,
            });
        }
        e = from;
        t += 1;
        if SNAP && laps + t == snaps.next {
            snaps.push(row, e);
        }
        let hash = row.hash();
        if hash >> DISTINGUISHED_SHIFT == 0
            && let Some(cycle_laps) = det.see(row, hash, t)
        {
            return Until::Done(Rest::Cycles {
                cycle_laps,
                examined: laps + t,
            });
        }
        if t.is_multiple_of(BACKSTOP_EVERY) && backstop.step(&row).is_some() {
            // Every 32nd state cycles, so this state is on the cycle: its
            // next occurrence is exactly one turn away.
            let cycle_laps = turn(row, d);
            return Until::Done(Rest::Cycles {
                cycle_laps,
                examined: laps + t + cycle_laps,
            });
        }
        if t.is_multiple_of(STOP_EVERY) {
            if laps + t >= allowance {
                return Until::Unfinished(laps + t);
            }
            if stop() {
                return Until::Stopped;
            }
        }
    }
}

/// A whole lap-end state as [`laps_before_cycle`] compares them: the row,
/// E and the chain flag.
type Full = (Row, u8, bool);

/// The states of lap ends 0, K, 2K, … of the rest of a move, at most a
/// fixed number of them: when the buffer is full every other one is
/// dropped and K doubles, so they always cover the whole pass evenly.
///
/// Once the cycle's length λ is known, "state i equals state i + λ" holds
/// exactly from the cycle's entry μ on, so a binary search over the
/// snapshots finds the K-block holding μ, each probe sowing fewer than K
/// laps from the nearest snapshot, and a walk inside that block finishes:
/// about (log2(snapshots) + 3)·K laps in all, instead of μ + λ.
pub(crate) struct Snaps {
    buf: Vec<Full>,
    cap: usize,
    k: u64,
    /// The lap end of the next snapshot.
    next: u64,
    chain: bool,
    d: usize,
}

impl Snaps {
    /// Snapshots of the rest from `row` (E `e`, chain flag `chain`), at
    /// most `cap` (even) of them; none at all when `cap` is 0.
    fn new(row: Row, e: u8, chain: bool, dir: Direction, cap: usize) -> Snaps {
        let d = (dir == Direction::Clockwise) as usize;
        // grown as laps go by: a short rest keeps a few snapshots, a long
        // one at most `cap` (128 KB)
        let mut buf = Vec::new();
        if cap > 0 {
            buf.push((row, e, chain));
        }
        Snaps {
            buf,
            cap,
            k: 1,
            next: if cap > 0 { 1 } else { u64::MAX },
            chain: chain && d == 1,
            d,
        }
    }

    /// Record the state of lap end `self.next`.
    #[cold]
    #[inline(never)]
    fn push(&mut self, row: Row, e: u8) {
        if self.buf.len() == self.cap {
            let n = self.cap / 2;
            for j in 0..n {
                self.buf[j] = self.buf[2 * j];
            }
            self.buf.truncate(n);
            self.k *= 2;
        }
        self.buf.push((row, e, self.chain));
        self.next = self.buf.len() as u64 * self.k;
    }

    /// One lap of the whole state.
    #[inline(always)]
    fn step(d: usize, s: &mut Full) {
        let l = s.0.l;
        let sown = s.0.relay(d);
        debug_assert!(sown, "a state before or on a cycle cannot end");
        s.1 = l;
        s.2 &= d == 1;
    }

    /// The state of lap end `i`, sown from the nearest snapshot at or below.
    fn at(&self, i: u64) -> Full {
        let j = ((i / self.k) as usize).min(self.buf.len() - 1);
        let mut s = self.buf[j];
        for _ in j as u64 * self.k..i {
            Snaps::step(self.d, &mut s);
        }
        s
    }

    /// The laps until a cycle of `lambda` laps (or a multiple) is first
    /// entered.
    fn entry(&self, lambda: u64) -> u64 {
        let k = self.k;
        let on = |j: usize| self.buf[j] == self.at(j as u64 * k + lambda);
        // Probe only the snapshots j whose state j·K + λ lies within the
        // pass (before lap end n·K, where the pass stopped): each probe
        // then sows fewer than K laps. The entry is at most the pass's end
        // less λ, so it lies within about 2K laps after the last of them.
        let n = self.buf.len() as u64;
        let covered = n * k - 1;
        let m = if lambda > covered {
            0
        } else {
            (((covered - lambda) / k + 1).min(n)) as usize
        };
        // the first probed snapshot on the cycle, or m when none is
        let (mut lo, mut hi) = (0usize, m);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if on(mid) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if lo == 0 && m > 0 {
            return 0;
        }
        // the entry is after snapshot lo - 1 (at or before snapshot lo when
        // lo < m)
        let from = lo.saturating_sub(1);
        let mut i = from as u64 * k;
        let mut tortoise = self.buf[from];
        let mut hare = self.at(i + lambda);
        while tortoise != hare {
            Snaps::step(self.d, &mut tortoise);
            Snaps::step(self.d, &mut hare);
            i += 1;
        }
        i
    }
}

/// The laps until `row`, a state on a cycle, comes back: the cycle's length.
fn turn(start: Row, d: usize) -> u64 {
    let mut row = start;
    let mut n = 0;
    loop {
        let sown = row.relay(d);
        debug_assert!(sown, "a state on a cycle cannot end");
        n += 1;
        if row == start {
            return n;
        }
    }
}

/// Laps from lap end `origin` (with E `e` and the chain flag `chain`) until
/// the cycle of `cycle_laps` laps is first entered, comparing whole states
/// (E and the chain flag included) as the move's own detection does: the
/// re-walk (μ + λ more laps) that [`rest_with_entry`] replaces, kept as
/// its reference.
#[cfg(test)]
pub(crate) fn laps_before_cycle(
    origin: Row,
    e: u8,
    chain: bool,
    dir: Direction,
    cycle_laps: u64,
) -> u64 {
    let d = (dir == Direction::Clockwise) as usize;
    let step = |s: &mut (Row, u8, bool)| {
        let l = s.0.l;
        let sown = s.0.relay(d);
        debug_assert!(sown, "a state before or on a cycle cannot end");
        s.1 = l;
        s.2 &= d == 1;
    };
    super::cycle::steps_before_cycle((origin, e, chain), cycle_laps, step)
}

/// The stack detector only looks at the states whose hash has its top five
/// bits clear (one in 32): it is as exact on that subsequence (a state seen
/// there comes back there a cycle later), much cheaper per lap (its popping
/// is branchy), and a cycle of more than [`BRENT_FIRST`] laps has hundreds
/// of such states (if one had none, the backstop would still catch it).
const DISTINGUISHED_SHIFT: u32 = 59;

/// The backstop looks at every this many states.
const BACKSTOP_EVERY: u64 = 32;

/// Partitions of the stack detector, and entries a partition keeps.
const PARTS: usize = 64;
const DEPTH: usize = 40;

#[derive(Clone, Copy)]
struct Entry {
    hash: u64,
    t: u64,
    row: Row,
}

impl Entry {
    /// The total order the stacks keep: by hash, then by the whole row.
    #[inline(always)]
    fn key(&self) -> (u64, u128, u8) {
        (self.hash, self.row.x, self.row.l)
    }
}

/// Nivasch's stack algorithm, partitioned: states are split by hash into
/// [`PARTS`] classes, each with a stack of its states in increasing order
/// (popping every greater entry before pushing). A class's smallest state on
/// the cycle stays on its stack once seen, so the sequence is caught when it
/// comes round again: at most one cycle turn after all the classes' minima
/// have been seen, typically about 1/`PARTS` of a turn after the cycle is
/// first completed.
///
/// Exact: an entry is only ever matched by a state equal to it (the whole
/// row), and an entry of time t is matched at the state's next occurrence,
/// t + λ, if still on its stack then (everything above it is greater and
/// is popped), or never. So the difference of times is the cycle's length.
/// A full stack skips pushing, which can only delay detection; Brent's
/// backstop beside it bounds that.
struct Detector {
    entries: Vec<Entry>,
    len: [usize; PARTS],
}

impl Detector {
    fn new() -> Detector {
        let blank = Entry {
            hash: 0,
            t: 0,
            row: Row { x: 0, l: 0 },
        };
        Detector {
            entries: vec![blank; PARTS * DEPTH],
            len: [0; PARTS],
        }
    }

    /// See the state of time `t`: the cycle's length if it was seen before.
    #[inline(always)]
    fn see(&mut self, row: Row, hash: u64, t: u64) -> Option<u64> {
        let cur = Entry { hash, t, row };
        let p = (cur.hash >> (DISTINGUISHED_SHIFT - 6)) as usize % PARTS;
        let stack = &mut self.entries[p * DEPTH..(p + 1) * DEPTH];
        let mut n = self.len[p];
        let key = cur.key();
        while n > 0 {
            let top = &stack[n - 1];
            match top.key().cmp(&key) {
                std::cmp::Ordering::Greater => n -= 1,
                std::cmp::Ordering::Equal => return Some(t - top.t),
                std::cmp::Ordering::Less => break,
            }
        }
        if n < DEPTH {
            stack[n] = cur;
            n += 1;
        }
        self.len[p] = n;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sowing::sow;

    #[test]
    fn a_packed_relay_is_an_array_relay() {
        let mut rng = crate::rng::Rng::new(0x1234_5678_9ABC_DEF1);
        for _ in 0..2000 {
            let mut own = [0 as Seeds; 16];
            let mut left = 255u32;
            for p in own.iter_mut() {
                let n = (rng.below(40) as u32).min(left);
                *p = n as Seeds;
                left -= n;
            }
            let l = rng.below(16) as usize;
            for (d, dir) in [Direction::Anticlockwise, Direction::Clockwise]
                .into_iter()
                .enumerate()
            {
                let mut row = Row {
                    x: pack(&own).unwrap(),
                    l: l as u8,
                };
                let relayed = row.relay(d);
                assert_eq!(relayed, own[l] > 1);
                if relayed {
                    let mut a = own;
                    let hand = a[l];
                    a[l] = 0;
                    let landing = sow(&mut a, l, hand, dir);
                    assert_eq!(unpack(row.x), a);
                    assert_eq!(row.l as usize, landing);
                }
            }
        }
    }

    #[test]
    fn pack_refuses_what_does_not_fit() {
        let mut own = [15 as Seeds; 16];
        assert_eq!(unpack(pack(&own).unwrap()), own);
        own[3] = 31; // 256 seeds in all
        assert_eq!(pack(&own), None);
    }

    /// x -> x*x + 1 mod m as rows, for the detector alone.
    #[test]
    fn stack_detector_finds_exact_cycles() {
        for m in [7u64, 97, 1000, 4099, 65_537, 1_000_003] {
            for start in [0u64, 1, 5] {
                let f = |v: u64| (v * v + 1) % m;
                let row = |v: u64| Row {
                    x: v as u128 * 0x1_0000_0001,
                    l: (v % 16) as u8,
                };
                // reference: Brent
                let mut b = Brent::new(start);
                let mut v = start;
                let lambda = loop {
                    v = f(v);
                    if let Some(l) = b.step(&v) {
                        break l;
                    }
                };
                let mut det = Detector::new();
                let mut v = start;
                let mut t = 0;
                assert_eq!(det.see(row(v), row(v).hash(), 0), None);
                let got = loop {
                    v = f(v);
                    t += 1;
                    if let Some(l) = det.see(row(v), row(v).hash(), t) {
                        break l;
                    }
                    assert!(t < 4 * m, "no detection");
                };
                assert_eq!(got, lambda, "m={m} start={start}");
            }
        }
    }
}

/// The real McGill case of the tests and benches (North's pit 2, a cycle
/// of 1,565,991 laps) at the end of its first lap (E is 1), from where
/// the rest of the move is capture-free.
#[cfg(test)]
fn mcgill_row() -> Row {
    let mut own: [Seeds; 16] = [1, 2, 5, 2, 1, 2, 4, 3, 2, 1, 2, 1, 3, 2, 5, 24];
    let hand = own[1];
    own[1] = 0;
    let l = crate::sowing::sow(&mut own, 1, hand, Direction::Anticlockwise);
    Row {
        x: pack(&own).unwrap(),
        l: l as u8,
    }
}

#[cfg(test)]
mod entry_tests {
    use super::*;

    /// The entry found among the snapshots is the re-walk's, on random
    /// capture-free rests that cycle (short and long cycles, entries at 0,
    /// inside the first block and far on), whatever the snapshot budget.
    #[test]
    fn snapshot_entry_equals_the_rewalk() {
        let mut rng = crate::rng::Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut rnd = |n: u64| rng.below(n);
        let (mut cycles, mut zero, mut long, mut thinned) = (0, 0, 0, 0);
        let mut tail = 0;
        for _ in 0..400 {
            let mut own = [0 as Seeds; 16];
            let total = 8 + rnd(248);
            for _ in 0..total {
                own[rnd(16) as usize] += 1;
            }
            let l = rnd(16) as u8;
            if own[l as usize] <= 1 {
                continue;
            }
            let row = Row {
                x: pack(&own).unwrap(),
                l,
            };
            let e = rnd(16) as u8;
            let chain = rnd(2) == 1;
            let dir = if rnd(2) == 0 {
                Direction::Anticlockwise
            } else {
                Direction::Clockwise
            };
            let rest0 = rest(row, e, dir);
            for cap in [2usize, 4, 16, 64, SNAPS] {
                let (r, entry) = rest_with_entry_in(row, e, chain, dir, cap);
                assert_eq!(r, rest0);
                match r {
                    Rest::Ends { .. } => assert_eq!(entry, None),
                    Rest::Cycles {
                        cycle_laps,
                        examined,
                    } => {
                        let mu = laps_before_cycle(row, e, chain, dir, cycle_laps);
                        assert_eq!(
                            entry,
                            Some(mu),
                            "cap {cap} own {own:?} l {l} e {e} {chain} {dir:?}"
                        );
                        if cap == SNAPS {
                            cycles += 1;
                            zero += (mu == 0) as u32;
                            tail += (mu > 0) as u32;
                            long += (cycle_laps > BRENT_FIRST) as u32;
                            thinned += (examined > SNAPS as u64) as u32;
                        }
                    }
                }
            }
        }
        // random rows nearly always end; the cycling starts come from the
        // McGill row below (on its cycle from its first lap end) and lap
        // ends further along. Entries after a tail are compared with the
        // reference engine's on whole moves in tests/contract/fast_vs_reference.rs.
        let origin = mcgill_row();
        let mu0 = laps_before_cycle(origin, 1, false, Direction::Anticlockwise, 1_565_991);
        for skip in [
            0,
            1,
            2,
            3,
            7,
            mu0 / 3,
            mu0.saturating_sub(5),
            mu0.saturating_sub(1),
            mu0,
            mu0 + 1,
            mu0 + 1_000_000,
        ] {
            let mut row = origin;
            let mut e = 1;
            for _ in 0..skip {
                let from = row.l;
                assert!(row.relay(0));
                e = from;
            }
            for cap in [2usize, 8, SNAPS] {
                let (r, entry) = rest_with_entry_in(row, e, false, Direction::Anticlockwise, cap);
                let Rest::Cycles {
                    cycle_laps,
                    examined,
                } = r
                else {
                    panic!("must cycle")
                };
                let mu = laps_before_cycle(row, e, false, Direction::Anticlockwise, cycle_laps);
                assert_eq!(mu, mu0.saturating_sub(skip));
                assert_eq!(entry, Some(mu), "skip {skip} cap {cap}");
                eprintln!("skip {skip} cap {cap} mu {mu}");
                cycles += 1;
                zero += (mu == 0) as u32;
                long += (cycle_laps > BRENT_FIRST) as u32;
                thinned += (examined > cap as u64) as u32;
            }
        }
        eprintln!(
            "cycles {cycles} mu=0 {zero} mu>0 {tail} long {long} thinned {thinned} mu0 {mu0}"
        );
        assert!(zero > 0 && long > 0 && thinned > 0);
    }

    /// The McGill cases of the benches at 10^3 and 10^6 laps: the same
    /// entry as the re-walk, from their first capture-free lap end.
    #[test]
    fn mcgill_entries_equal_the_rewalk() {
        use crate::{Move, Pit, Rules, outcome};
        let [short, long] = crate::reference::long_cycle_positions();
        let cases = [(short, 11, 5_240u64), (long, 2, 1_565_991)];
        for (pos, pit, lambda) in cases {
            let o = outcome(
                &Rules::MCGILL_2015,
                &pos,
                &Move::forward(Pit::new(pit).unwrap()),
            )
            .unwrap();
            let crate::MoveEnd::NeverEnding(info) = o.end else {
                panic!("must never end")
            };
            assert_eq!(info.cycle_laps, lambda);
            eprintln!("pit {pit}: laps before cycle {:?}", info.laps_before_cycle);
            assert!(info.laps_before_cycle.is_some());
        }
        // the 10^6 case directly, capture-free from its first lap end
        let row = mcgill_row();
        for chain in [false, true] {
            let (r, entry) = rest_with_entry(row, 1, chain, Direction::Anticlockwise);
            let Rest::Cycles { cycle_laps, .. } = r else {
                panic!("must cycle")
            };
            let mu = laps_before_cycle(row, 1, chain, Direction::Anticlockwise, cycle_laps);
            assert_eq!(entry, Some(mu));
        }
    }
}

#[cfg(test)]
mod long_tests {
    use super::*;

    /// McGill's first real case (North's pit 2), capture-free from the
    /// start: the stack detector stops within a fraction of a turn after
    /// the cycle's first full turn.
    #[test]
    fn mcgill_cycle_is_found_in_little_more_than_one_turn() {
        let row = mcgill_row();
        let Rest::Cycles {
            cycle_laps,
            examined,
        } = rest(row, 1, Direction::Anticlockwise)
        else {
            panic!("must cycle")
        };
        assert_eq!(cycle_laps, 1_565_991);
        let mu = laps_before_cycle(row, 1, false, Direction::Anticlockwise, cycle_laps);
        eprintln!("examined {examined} mu {mu}");
        let t = std::time::Instant::now();
        for _ in 0..5 {
            std::hint::black_box(rest(std::hint::black_box(row), 1, Direction::Anticlockwise));
        }
        eprintln!(
            "{:.1} M laps/s",
            5.0 * examined as f64 / t.elapsed().as_secs_f64() / 1e6
        );
        assert!(
            examined < mu + cycle_laps + cycle_laps / 4,
            "{examined} {mu}"
        );
    }
}
