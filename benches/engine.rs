//! Engine benchmarks: complete legal-move generation on random positions
//! (moves/s), and raw laps/s on the real never-ending case.
//!
//! Run: `cargo bench --bench engine`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use omweso::engine::{
    Board, Move, MoveEnd, Pit, Position, Rules, Side, legal_moves, moves_from, outcome,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Positions as in real play: 32 seeds a side dropped into random pits.
fn random_positions(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|i| {
            let mut sides = [[0u16; 16]; 2];
            for side in &mut sides {
                for _ in 0..32 {
                    side[rng.random_range(0..16)] += 1;
                }
            }
            let to_move = if i % 2 == 0 { Side::South } else { Side::North };
            Position::new(Board::from_sides(sides[0], sides[1]), to_move)
        })
        .collect()
}

fn movegen(c: &mut Criterion) {
    let positions = random_positions(200, 424);
    let mut group = c.benchmark_group("legal_moves");
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
        group.bench_with_input(BenchmarkId::from_parameter(name), &finite, |b, ps| {
            b.iter(|| {
                let mut n = 0;
                for p in ps {
                    n += legal_moves(&rules, black_box(p)).len();
                }
                n
            })
        });
    }
    group.finish();
}

fn never_ending(c: &mut Criterion) {
    let south = [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1];
    let north = [1, 2, 5, 2, 1, 2, 4, 3, 2, 1, 2, 1, 3, 2, 5, 24];
    let pos = Position::new(Board::from_sides(south, north), Side::North);
    let pit = Pit::new(2).unwrap();
    let mut out = Vec::new();
    moves_from(&Rules::MCGILL_2015, &pos, pit, &mut out);
    let MoveEnd::NeverEnding(info) = out[0].end else {
        panic!("the McGill case must never end")
    };
    let mut group = c.benchmark_group("never_ending");
    group.sample_size(10);
    group.throughput(Throughput::Elements(info.examined_laps));
    group.bench_function("mcgill_north_2_laps", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            moves_from(&Rules::MCGILL_2015, black_box(&pos), pit, &mut out);
            out
        })
    });
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
criterion_main!(benches);
