//! The search player's speed in the middle game: nodes a second, the nodes
//! a fixed depth costs, and the depth reached in a fixed time, on positions
//! taken from games of the panel player at depth 4 against itself (its own
//! code, so the positions do not change with the search being measured). `benches/search-depth.sh` runs it for a baseline commit and for the
//! working tree in the same run.
//!
//! ```text
//! cargo run --release --example search_depth -- --depth 8 --time-ms 300
//! ```
//!
//! Options: `--variants a,b,...`, `--games N` games a variant (default 2),
//! `--seed S`, `--depth D` the fixed depth (default 8), `--time-ms MS`
//! (default 300), `--nodes N` the depth reached with N positions instead
//! of in a time (unlike a time, the same under any load), `--threads N`
//! for the timed searches (default 1),
//! `--from P --to P --every K` which plies of each game (default plies 10
//! to 40, every 6th), `--dump PATH` to write each fixed-depth search's
//! score, best move and nodes, a line a position (to compare two builds),
//! `--weights M,MOB,T,TA,E` the player's evaluation weights, `--answer
//! any|even|odd` which of its iterations may answer,
//! `--panel` the panel player ([`search::panel`](omweso::engine::search::panel))
//! at the fixed depth instead of the search player (no timed searches).
//!
//! Besides wall-clock seconds it reports measures the machine's load does
//! not change: nodes, move generations, the laps move generation sowed
//! (read from the result's `Debug` text, so that this file also builds
//! against engines from before the field: "–" there), and the CPU seconds
//! the searching thread ran (`/proc/thread-self/schedstat`, else utime +
//! stime of `/proc/self/stat`; "–" where neither can be read).

use omweso::engine::search::{Config, Limits, Searcher, panel::Panel};
use std::fmt::Write as _;
use std::time::Instant;

/// CPU seconds this thread has run, when the system says.
fn cpu_seconds() -> Option<f64> {
    if let Ok(s) = std::fs::read_to_string("/proc/thread-self/schedstat")
        && let Some(ns) = s
            .split_whitespace()
            .next()
            .and_then(|n| n.parse::<u64>().ok())
    {
        return Some(ns as f64 / 1e9);
    }
    // fields 14 and 15 after the command name (which may hold spaces)
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<u64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|n| n.parse().ok())
        .collect();
    (f.len() == 2).then(|| (f[0] + f[1]) as f64 / 100.0)
}

/// The laps of a search result (`generations: 12, laps: 345`), read from
/// its `Debug` text, when it has the field.
fn result_laps(r: &impl std::fmt::Debug) -> Option<u64> {
    let text = format!("{r:?}");
    let after = &text[text.rfind(" generations: ")? + 14..];
    let digits = |t: &str| t.chars().take_while(char::is_ascii_digit).count();
    let rest = after[digits(after)..].strip_prefix(", laps: ")?;
    rest[..digits(rest)].parse().ok()
}

mod common;
use common::Args;

fn main() {
    let args = Args::from_env();
    let num = |name: &str, default: u64| args.num(name, default);
    let games = num("--games", 2);
    let seed = num("--seed", 1);
    let depth = num("--depth", 8) as u32;
    let ms = num("--time-ms", 300);
    // `--nodes N`: the depth reached with N positions instead of in a time
    // (the same on any machine, whatever its load)
    let budget = args.opt("--nodes").map(|_| num("--nodes", 0));
    let within = match budget {
        Some(n) => format!("{n} nodes"),
        None => format!("{ms} ms"),
    };
    let threads = num("--threads", 1) as u32;
    // the player's settings (`--weights`, `--answer`)
    let config = args.config();
    let (from, to, every) = (
        num("--from", 10) as usize,
        num("--to", 40) as usize,
        num("--every", 6) as usize,
    );
    let dump = args.opt("--dump");
    let with_panel = args.flag("--panel");
    let mut lines = String::new();
    println!(
        "| variant | positions | nodes to depth {depth} (sum) | generations | laps | CPU s | s to depth {depth} | nodes/s | mean depth in {within} | min–max |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for (name, rules) in args.variants() {
        let positions = common::panel_positions(&rules, seed, games, (from, to, every));
        let (mut nodes, mut secs, mut generations) = (0u64, 0f64, 0u64);
        let mut laps = Some(0u64);
        let cpu0 = cpu_seconds();
        for (i, pos) in positions.iter().enumerate() {
            let t = Instant::now();
            let r = if with_panel {
                Panel::new(depth).search(&rules, pos)
            } else {
                let mut s = Searcher::new(config);
                s.search(&rules, pos, Limits::depth(depth), &mut || false)
            };
            secs += t.elapsed().as_secs_f64();
            nodes += r.nodes;
            generations += r.generations;
            laps = laps.zip(result_laps(&r)).map(|(a, b)| a + b);
            let best = r.best.as_ref().map_or("-".into(), |m| m.mv.to_string());
            writeln!(lines, "{name} {i} {} {best} {}", r.score, r.nodes).unwrap();
        }
        let cpu = cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
        let mut depths = Vec::new();
        for pos in positions.iter().filter(|_| !with_panel) {
            let mut s = Searcher::new(Config { threads, ..config });
            let deadline = Instant::now() + std::time::Duration::from_millis(ms);
            let r = match budget {
                Some(n) => s.search(&rules, pos, Limits::nodes(n), &mut || false),
                None => s.search(&rules, pos, Limits::unbounded(), &mut || {
                    Instant::now() >= deadline
                }),
            };
            depths.push(r.depth);
        }
        let mean = depths.iter().sum::<u32>() as f64 / depths.len().max(1) as f64;
        let or_dash = |v: Option<String>| v.unwrap_or_else(|| "–".into());
        println!(
            "| {name} | {} | {nodes} | {generations} | {} | {} | {secs:.2} | {:.0} | {mean:.1} | {}–{} |",
            positions.len(),
            or_dash(laps.map(|l| l.to_string())),
            or_dash(cpu.map(|c| format!("{c:.2}"))),
            nodes as f64 / secs.max(1e-9),
            depths.iter().min().unwrap_or(&0),
            depths.iter().max().unwrap_or(&0),
        );
    }
    if let Some(path) = dump {
        std::fs::write(&path, lines).expect("the dump file can be written");
    }
}
