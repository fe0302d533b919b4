//! Verified puzzles per second, per goal: generate-and-verify runs of the
//! puzzle generator (each iteration finds and exhaustively verifies a few
//! puzzles), and verification of the shipped puzzle files.
//!
//! cargo bench --bench puzzles

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use omweso::model::{Source, Variants};
use omweso::puzzle::{self, GeneratorOptions, Goal, verify_source};
use std::path::Path;
use std::time::Duration;

const PER_RUN: usize = 3;

fn generation(c: &mut Criterion) {
    let variants = Variants::builtin();
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Elements(PER_RUN as u64));
    for goal in Goal::ALL {
        let v = variants.get("shackell-1935").unwrap().clone();
        // the same seed every iteration: identical work, a stable figure
        group.bench_function(goal.name(), |b| {
            b.iter(|| {
                let opts = GeneratorOptions::new(goal, PER_RUN, v.clone(), 7);
                puzzle::generate(&opts, &|_| {}).expect("puzzles found")
            })
        });
    }
    group.finish();
}

fn verification(c: &mut Criterion) {
    let variants = Variants::builtin();
    let mut by_goal: Vec<(Goal, Vec<Source>)> =
        Goal::ALL.iter().map(|&g| (g, Vec::new())).collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    for f in omweso::puzzle::puzzle_files(&dir).unwrap() {
        let src = Source::read(&f).unwrap();
        let p = verify_source(&src, &variants).unwrap();
        by_goal
            .iter_mut()
            .find(|(g, _)| *g == p.goal)
            .unwrap()
            .1
            .push(src);
    }
    let mut group = c.benchmark_group("verify");
    group.sample_size(10);
    for (goal, srcs) in &by_goal {
        group.throughput(Throughput::Elements(srcs.len() as u64));
        group.bench_function(goal.name(), |b| {
            b.iter(|| {
                for s in srcs {
                    verify_source(s, &variants).unwrap();
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generation, verification);
criterion_main!(benches);
