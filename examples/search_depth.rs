//! The search player's speed in the middle game: nodes a second, the nodes
//! a fixed depth costs, and the depth reached in a fixed time, on positions
//! taken from games of the panel player at depth 4 against itself (its own
//! code, so the positions do not change with the search being measured). `bench/search-depth.sh` runs it for a baseline commit and for the
//! working tree in the same run.
//!
//! ```text
//! cargo run --release --example search_depth -- --depth 8 --time-ms 300
//! ```
//!
//! Options: `--variants a,b,...`, `--games N` games a variant (default 2),
//! `--seed S`, `--depth D` the fixed depth (default 8), `--time-ms MS`
//! (default 300), `--threads N` for the timed searches (default 1),
//! `--from P --to P --every K` which plies of each game (default plies 10
//! to 40, every 6th).

use omweso::engine::Position;
use omweso::engine::search::{Config, Limits, Searcher};
use omweso::selfplay::{Agent, Player, setups, start_position};
use std::time::Instant;

mod common;
use common::Args;

fn main() {
    let args = Args::from_env();
    let num = |name: &str, default: u64| -> u64 {
        args.opt(name)
            .map_or(default, |s| s.parse().expect("a whole number"))
    };
    let games = num("--games", 2);
    let seed = num("--seed", 1);
    let depth = num("--depth", 8) as u32;
    let ms = num("--time-ms", 300);
    let threads = num("--threads", 1) as u32;
    let (from, to, every) = (
        num("--from", 10) as usize,
        num("--to", 40) as usize,
        num("--every", 6) as usize,
    );
    println!(
        "| variant | positions | nodes to depth {depth} (sum) | s to depth {depth} | nodes/s | mean depth in {ms} ms | min–max |"
    );
    println!("|---|---:|---:|---:|---:|---:|---|");
    for (name, rules) in args.variants() {
        // positions from games of the search player against itself
        let mut positions: Vec<Position> = Vec::new();
        for g in 0..games {
            let (a, b) = setups(&rules, seed, g);
            let mut pos = start_position(a, b);
            let mut players = [
                Player::new(Agent::Panel { depth: 4 }, Config::default(), 1),
                Player::new(Agent::Panel { depth: 4 }, Config::default(), 2),
            ];
            for ply in 0..=to {
                let Some(c) = players[ply % 2].choose(&rules, &pos) else {
                    break;
                };
                if ply >= from && (ply - from) % every == 0 {
                    positions.push(pos);
                }
                if c.chosen.end.result().is_some() {
                    break;
                }
                pos = c
                    .chosen
                    .end
                    .finished()
                    .expect("a move without a result finishes")
                    .position_after(&pos);
            }
        }
        let (mut nodes, mut secs) = (0u64, 0f64);
        for pos in &positions {
            let mut s = Searcher::new(Config::default());
            let t = Instant::now();
            let r = s.search(&rules, pos, Limits::depth(depth), &mut || false);
            secs += t.elapsed().as_secs_f64();
            nodes += r.nodes;
        }
        let mut depths = Vec::new();
        for pos in &positions {
            let mut s = Searcher::new(Config {
                threads,
                ..Config::default()
            });
            let deadline = Instant::now() + std::time::Duration::from_millis(ms);
            let r = s.search(&rules, pos, Limits::unbounded(), &mut || {
                Instant::now() >= deadline
            });
            depths.push(r.depth);
        }
        let mean = depths.iter().sum::<u32>() as f64 / depths.len().max(1) as f64;
        println!(
            "| {name} | {} | {nodes} | {secs:.2} | {:.0} | {mean:.1} | {}–{} |",
            positions.len(),
            nodes as f64 / secs.max(1e-9),
            depths.iter().min().unwrap_or(&0),
            depths.iter().max().unwrap_or(&0),
        );
    }
}
