//! Lazy deciding of long moves (`Config::decide_laps`) measured in one
//! build: every position is searched with each lap allowance in turn
//! (interleaved, the order rotated from position to position, so a change
//! of the machine's load falls on all of them alike), at a fixed depth and
//! then for a fixed time. The positions are `search_depth`'s (games of the
//! panel player at depth 4 against itself).
//!
//! ```text
//! cargo run --release --example lazy_deciding -- --variants mcgill-2015 --games 6 \
//!     --from 4 --to 60 --every 4 --depth 9 --laps all,4096 --time-ms 300
//! ```
//!
//! Options: `--laps a,b,...` the allowances (`all`: every move decided at
//! once, the search before lazy deciding; the first one is the reference
//! the others' results are compared with), `--depth D` (default 8),
//! `--time-ms MS` (default 300; 0: no timed searches), `--variants`,
//! `--games N`, `--seed S`, `--from P --to P --every K` as for
//! `search_depth`.
//!
//! Per allowance: nodes, move generations, laps sown by move generation,
//! pits left pending and decided, the searching thread's CPU seconds
//! (`/proc/thread-self/schedstat`), then how many positions' root score,
//! best move and node count differ from the reference's, and the mean
//! depth reached in the time. Every best move is checked to be legal.

use omweso::engine::legal_moves;
use omweso::engine::search::{Config, Limits, Searcher};
use std::time::{Duration, Instant};

mod common;
use common::Args;

/// CPU seconds this thread has run (0 where the system does not say).
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 / 1e9)
}

#[derive(Default, Clone)]
struct Sum {
    nodes: u64,
    generations: u64,
    laps: u64,
    deferred: u64,
    decided: u64,
    cpu: f64,
    score_differs: u32,
    best_differs: u32,
    nodes_differ: u32,
    depth: u32,
    timed: u32,
}

fn main() {
    let args = Args::from_env();
    let num = |name: &str, default: u64| args.num(name, default);
    let games = num("--games", 2);
    let seed = num("--seed", 1);
    let depth = num("--depth", 8) as u32;
    let ms = num("--time-ms", 300);
    let (from, to, every) = (
        num("--from", 10) as usize,
        num("--to", 40) as usize,
        num("--every", 6) as usize,
    );
    let allowances: Vec<u64> = args
        .opt("--laps")
        .unwrap_or_else(|| "all,4096".into())
        .split(',')
        .map(|a| match a {
            "all" => u64::MAX,
            n => n.parse().expect("a lap allowance"),
        })
        .collect();
    let label = |a: u64| match a {
        u64::MAX => "all".to_string(),
        n => n.to_string(),
    };
    println!(
        "| variant | allowance | positions | nodes to depth {depth} | generations | laps | pending | decided | CPU s | score / best / nodes differ | mean depth in {ms} ms |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|");
    for (name, rules) in args.variants() {
        let positions = common::panel_positions(&rules, seed, games, (from, to, every));
        let n = allowances.len();
        let mut sums = vec![Sum::default(); n];
        for (i, pos) in positions.iter().enumerate() {
            let legal = legal_moves(&rules, pos);
            let mut found = vec![None; n];
            for j in 0..n {
                let k = (i + j) % n;
                let mut s = Searcher::new(Config {
                    decide_laps: allowances[k],
                    ..Config::default()
                });
                let cpu = cpu_seconds();
                let r = s.search(&rules, pos, Limits::depth(depth), &mut || false);
                let sum = &mut sums[k];
                sum.cpu += cpu_seconds() - cpu;
                sum.nodes += r.nodes;
                sum.generations += r.generations;
                sum.laps += r.laps;
                sum.deferred += r.deferred;
                sum.decided += r.decided;
                if let Some(b) = &r.best {
                    assert!(
                        legal.iter().any(|m| m.mv.same_as(&b.mv)),
                        "{name} position {i}: best move {} is not legal",
                        b.mv
                    );
                }
                found[k] = Some((r.score, r.best.map(|b| b.mv.to_string()), r.nodes));
            }
            for k in 1..n {
                let (a, b) = (found[0].as_ref().unwrap(), found[k].as_ref().unwrap());
                sums[k].score_differs += (a.0 != b.0) as u32;
                sums[k].best_differs += (a.1 != b.1) as u32;
                sums[k].nodes_differ += (a.2 != b.2) as u32;
            }
            if ms > 0 {
                for j in 0..n {
                    let k = (i + j) % n;
                    let mut s = Searcher::new(Config {
                        decide_laps: allowances[k],
                        ..Config::default()
                    });
                    let deadline = Instant::now() + Duration::from_millis(ms);
                    let r = s.search(&rules, pos, Limits::unbounded(), &mut || {
                        Instant::now() >= deadline
                    });
                    sums[k].depth += r.depth;
                    sums[k].timed += 1;
                }
            }
        }
        for (k, s) in sums.iter().enumerate() {
            let differ = if k == 0 {
                "(reference)".to_string()
            } else {
                format!(
                    "{} / {} / {}",
                    s.score_differs, s.best_differs, s.nodes_differ
                )
            };
            let mean = if s.timed > 0 {
                format!("{:.2}", s.depth as f64 / s.timed as f64)
            } else {
                "–".into()
            };
            println!(
                "| {name} | {} | {} | {} | {} | {} | {} | {} | {:.2} | {differ} | {mean} |",
                label(allowances[k]),
                positions.len(),
                s.nodes,
                s.generations,
                s.laps,
                s.deferred,
                s.decided,
                s.cpu,
            );
        }
    }
}
