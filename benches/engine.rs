//! Engine benchmarks: complete legal-move generation on random positions
//! (moves/s: the engine's generator into a reused `MoveList`, and through
//! `legal_moves`, which returns a `Vec<LegalMove>`; as baselines in the same
//! run, the general explorer the packed generator replaced and the
//! reference engine), and laps/s on never-ending moves of growing cycles,
//! against a baseline written here: a plain Brent loop over the old
//! representation.
//!
//! Run: `cargo bench --bench engine` (criterion), and for the one case
//! too long for criterion's ten samples (a cycle of 1,411,989,072 laps,
//! about a minute for the baseline): `cargo bench --bench engine --
//! --long-cycle`, which times the baseline and the engine once each, in the
//! same run.
//!
//! To compare the generator with an earlier version of itself (the engine
//! keeps no copy of its previous generators), save a criterion baseline at
//! that revision and compare against it here: `git worktree add /tmp/old
//! REV`, `cargo bench --bench engine -- movegen_cpu --save-baseline old` in
//! it with the same `CARGO_TARGET_DIR` (criterion keeps its baselines under
//! `target/criterion`), then `cargo bench --bench engine -- movegen_cpu
//! --baseline old` here. The previous packed generator, measured that way,
//! is at any revision before its removal (`3427c3a`, as
//! `reference::previous_legal_moves`).

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use omweso::engine::search::Rng;
use omweso::engine::{
    Board, Move, MoveEnd, MoveList, Pit, Position, Rules, Side, legal_moves, legal_moves_into,
    moves_from, outcome, reference,
};
use std::hint::black_box;
use std::time::Instant;

/// THE BASELINE, independent of the engine: a plain Brent loop over the old
/// representation (two arrays of sixteen `u16` pits, E and L), McGill's
/// rules (every lap anticlockwise, captured seeds sown from E, a capture's
/// last seed a new lap end), one seed sown at a time. Returns the cycle's
/// length, or `None` when the move ends.
fn baseline_plain_brent(own: [u16; 16], opp: [u16; 16], start: usize) -> Option<u64> {
    #[derive(Clone, Copy, PartialEq, Eq)]
    struct S {
        own: [u16; 16],
        opp: [u16; 16],
        e: u8,
        l: u8,
    }
    fn sow(own: &mut [u16; 16], e: usize, hand: u16) -> u8 {
        for k in 1..=hand as usize {
            own[(e + k) & 15] += 1;
        }
        ((e + hand as usize) & 15) as u8
    }
    /// One lap from a lap end; `false` when the move ends there.
    fn lap(s: &mut S) -> bool {
        let l = s.l as usize;
        if s.own[l] <= 1 {
            return false;
        }
        if l >= 8 && s.opp[23 - l] > 0 && s.opp[l - 8] > 0 {
            let hand = s.opp[23 - l] + s.opp[l - 8];
            s.opp[23 - l] = 0;
            s.opp[l - 8] = 0;
            s.l = sow(&mut s.own, s.e as usize, hand);
        } else {
            let hand = s.own[l];
            s.own[l] = 0;
            s.e = l as u8;
            s.l = sow(&mut s.own, l, hand);
        }
        true
    }
    let mut s = S {
        own,
        opp,
        e: start as u8,
        l: 0,
    };
    let hand = s.own[start];
    s.own[start] = 0;
    s.l = sow(&mut s.own, start, hand);
    let (mut tortoise, mut power, mut lam) = (s, 1u64, 0u64);
    loop {
        if !lap(&mut s) {
            return None;
        }
        lam += 1;
        if s == tortoise {
            return Some(lam);
        }
        if lam == power {
            tortoise = s;
            power <<= 1;
            lam = 0;
        }
    }
}

/// Never-ending McGill moves with cycles of about 10^3, 10^6 and 10^9 laps:
/// (name, position, start pit, cycle length).
fn cycles() -> Vec<(&'static str, Position, Pit, u64)> {
    let grid = |g: omweso::engine::Grid, side| Position::new(Board::from_grid(&g), side);
    vec![
        (
            "cycle_1e3_south_11",
            grid(
                [
                    [0, 1, 0, 0, 1, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0, 0, 0],
                    [2, 3, 2, 3, 0, 2, 1, 4],
                    [1, 7, 1, 3, 2, 5, 4, 1],
                ],
                Side::South,
            ),
            Pit::new(11).unwrap(),
            5_240,
        ),
        (
            "cycle_1e6_north_2",
            Position::new(
                Board::from_sides(
                    [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1],
                    [1, 2, 5, 2, 1, 2, 4, 3, 2, 1, 2, 1, 3, 2, 5, 24],
                ),
                Side::North,
            ),
            Pit::new(2).unwrap(),
            1_565_991,
        ),
        (
            "cycle_1e8_north_10",
            grid(
                [
                    [8, 5, 2, 5, 4, 5, 1, 0],
                    [3, 4, 2, 3, 6, 1, 4, 6],
                    [1, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0, 0, 0],
                ],
                Side::North,
            ),
            Pit::new(10).unwrap(),
            341_365_760,
        ),
        (
            "cycle_1e9_south_12",
            grid(
                [
                    [1, 1, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0, 2, 1],
                    [18, 17, 3, 6, 4, 1, 4, 1],
                    [0, 1, 0, 1, 0, 1, 0, 2],
                ],
                Side::South,
            ),
            Pit::new(12).unwrap(),
            1_411_989_072,
        ),
    ]
}

/// `--long-cycle`: each never-ending case once by the baseline and by the
/// engine (move generation from the start pit, and `outcome`, which also
/// finds where the cycle is entered), in the same run.
fn long_cycle() {
    println!(
        "| case | cycle laps | baseline plain Brent | engine moves_from | speed-up | laps/s (cycle / time) | engine outcome |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (name, pos, pit, expected) in cycles() {
        if std::env::args().any(|a| a == "--skip-1e9") && expected > 1 << 30 {
            continue;
        }
        let m = pos.to_move;
        let t = Instant::now();
        let base = baseline_plain_brent(
            *pos.board.side(m),
            *pos.board.side(m.opponent()),
            pit.index(),
        );
        let tb = t.elapsed().as_secs_f64();
        assert_eq!(base, Some(expected), "{name}: baseline");
        let t = Instant::now();
        let mut out = Vec::new();
        moves_from(&Rules::MCGILL_2015, &pos, pit, &mut out);
        let te = t.elapsed().as_secs_f64();
        let MoveEnd::NeverEnding(info) = out[0].end else {
            panic!("{name}: must never end")
        };
        assert_eq!(info.cycle_laps, expected, "{name}: engine");
        let t = Instant::now();
        let o = outcome(&Rules::MCGILL_2015, &pos, &Move::forward(pit)).unwrap();
        let to = t.elapsed().as_secs_f64();
        assert!(o.end.is_never_ending());
        println!(
            "| {name} | {expected} | {tb:.3} s | {te:.3} s | {:.1}× | {:.0} M | {to:.3} s |",
            tb / te,
            expected as f64 / te / 1e6
        );
    }
}

/// Positions as in real play: 32 seeds a side dropped into random pits.
fn random_positions(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| {
            let mut sides = [[0u16; 16]; 2];
            for side in &mut sides {
                for _ in 0..32 {
                    side[rng.below(16) as usize] += 1;
                }
            }
            let to_move = if i % 2 == 0 { Side::South } else { Side::North };
            Position::new(Board::from_sides(sides[0], sides[1]), to_move)
        })
        .collect()
}

fn movegen(c: &mut Criterion) {
    movegen_group(c, "movegen", true);
}

/// The same on the thread's CPU time (see [`CpuTime`]): moves per second
/// of one core, whatever else the machine runs.
fn movegen_cpu(c: &mut Criterion<CpuTime>) {
    movegen_group(c, "movegen_cpu", false);
}

fn movegen_group<M: Measurement>(c: &mut Criterion<M>, group: &str, with_reference: bool) {
    let positions = random_positions(200, 424);
    let mut group = c.benchmark_group(group);
    group.sample_size(20);
    for (name, rules) in [
        ("shackell-1935", Rules::SHACKELL_1935),
        ("modern", Rules::MODERN),
        ("ludii", Rules::LUDII),
        ("mcgill-2015", Rules::MCGILL_2015),
    ] {
        // skip positions with a never-ending move: their cost is the cycle's
        // length, measured separately below
        let finite: Vec<&Position> = positions
            .iter()
            .filter(|p| {
                !legal_moves(&rules, p)
                    .iter()
                    .any(|m| m.end.is_never_ending())
            })
            .collect();
        let moves: usize = finite.iter().map(|p| legal_moves(&rules, p).len()).sum();
        group.throughput(Throughput::Elements(moves as u64));
        // every move complete, into one list reused from position to
        // position (what the search player does)
        let mut list = MoveList::new();
        group.bench_with_input(BenchmarkId::new("engine", name), &finite, |b, ps| {
            b.iter(|| {
                let mut n = 0;
                for p in ps {
                    legal_moves_into(&rules, black_box(p), &mut list);
                    n += list.len();
                }
                n
            })
        });
        // the same moves as a new `Vec<LegalMove>` each time
        group.bench_with_input(BenchmarkId::new("legal_moves", name), &finite, |b, ps| {
            b.iter(|| {
                let mut n = 0;
                for p in ps {
                    n += legal_moves(&rules, black_box(p)).len();
                }
                n
            })
        });
        // the baselines, in the same run: the general explorer (how the
        // engine generated moves before its packed generator) and the plain
        // reference engine
        group.bench_with_input(BenchmarkId::new("general", name), &finite, |b, ps| {
            b.iter(|| {
                let mut n = 0;
                for p in ps {
                    n += reference::general_legal_moves(&rules, black_box(p)).len();
                }
                n
            })
        });
        if with_reference {
            group.bench_with_input(BenchmarkId::new("reference", name), &finite, |b, ps| {
                b.iter(|| {
                    let mut n = 0;
                    for p in ps {
                        n += reference::legal_moves(&rules, black_box(p)).len();
                    }
                    n
                })
            });
        }
    }
    group.finish();
}

/// Criterion measurement of the benchmark thread's CPU time, read from
/// `/proc/thread-self/schedstat` (Linux; nanoseconds on the CPU). The
/// kernel updates it at scheduler ticks and switches, a few milliseconds
/// apart at most, against samples of a few hundred milliseconds here. Time
/// the thread spends waiting for a core on a loaded machine is left out;
/// contention for the core's caches is not.
struct CpuTime;

fn thread_cpu_ns() -> u64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat")
        .expect("CPU-time benchmarks need /proc/thread-self/schedstat (Linux)");
    s.split_whitespace()
        .next()
        .and_then(|t| t.parse().ok())
        .expect("schedstat: CPU time in ns")
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns() - start
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // nanoseconds, as wall time
        static WALL: WallTime = WallTime;
        WALL.formatter()
    }
}

fn never_ending(c: &mut Criterion) {
    let mut group = c.benchmark_group("never_ending");
    group.sample_size(10);
    // the 10^8 and 10^9 cases are timed by `--long-cycle`
    for (name, pos, pit, cycle) in cycles().into_iter().filter(|c| c.3 < 1 << 24) {
        // throughput: the cycle's length, the least any exact method sows
        group.throughput(Throughput::Elements(cycle));
        let m = pos.to_move;
        let (own, opp) = (*pos.board.side(m), *pos.board.side(m.opponent()));
        group.bench_function(BenchmarkId::new("baseline_plain_brent", name), |b| {
            b.iter(|| baseline_plain_brent(black_box(own), opp, pit.index()))
        });
        group.bench_function(BenchmarkId::new("engine_moves_from", name), |b| {
            b.iter(|| {
                let mut out = Vec::new();
                moves_from(&Rules::MCGILL_2015, black_box(&pos), pit, &mut out);
                out
            })
        });
    }
    group.finish();

    let south = [1, 2, 10, 2, 3, 0, 4, 0, 4, 11, 4, 15, 0, 1, 2, 1];
    let north = [0, 0, 0, 0, 0, 1, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0];
    let pos = Position::new(Board::from_sides(south, north), Side::South);
    let mv = Move::forward(Pit::new(12).unwrap());
    let mut group = c.benchmark_group("long_finite");
    group.throughput(Throughput::Elements(255));
    group.bench_function("mcgill_south_12_laps", |b| {
        b.iter(|| {
            outcome(&Rules::MCGILL_2015, black_box(&pos), &mv)
                .unwrap()
                .end
        })
    });
    group.finish();
}

criterion_group!(benches, movegen, never_ending);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = movegen_cpu
}

fn main() {
    if std::env::args().any(|a| a == "--long-cycle") {
        long_cycle();
        return;
    }
    benches();
    cpu_benches();
    Criterion::default().configure_from_args().final_summary();
}
