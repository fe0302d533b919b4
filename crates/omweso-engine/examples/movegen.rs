//! Complete legal-move generation on random mid-game positions (32 seeds a
//! side in random pits, as the benchmarks draw them; positions with a
//! never-ending move left out), by one generator, for profiling and for
//! counting its work: criterion's `movegen_cpu` benchmark times the same
//! generators on 200 such positions (`cargo bench --bench engine`).
//!
//! `cargo run --release -p omweso-engine --example movegen -- VARIANT PASSES [MODE]`
//! generates the moves of 1,000 positions PASSES times under VARIANT
//! (shackell-1935, modern, ludii or mcgill-2015) and prints the moves and
//! the CPU time per move. MODE is `list` (`legal_moves_into` into one
//! reused list, the default), `vec` (`legal_moves`) or `general` (the
//! general explorer, `reference::general_legal_moves`). The
//! instructions per move, free of the machine's load, are the difference
//! of two callgrind counts over the moves between them:
//! `valgrind --tool=callgrind target/release/examples/movegen modern 1`,
//! then the same with 11 passes.

use omweso_engine::search::Rng;
use omweso_engine::{
    Board, MoveList, Position, Rules, Side, legal_moves, legal_moves_into, reference,
};
use std::hint::black_box;

/// The thread's CPU time in ns (Linux), else 0.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: movegen VARIANT PASSES [list|vec|general]";
    let rules = match args.first().map(String::as_str) {
        Some("shackell-1935") => Rules::SHACKELL_1935,
        Some("modern") => Rules::MODERN,
        Some("ludii") => Rules::LUDII,
        Some("mcgill-2015") => Rules::MCGILL_2015,
        _ => return eprintln!("{usage}"),
    };
    let Some(passes) = args.get(1).and_then(|n| n.parse::<usize>().ok()) else {
        return eprintln!("{usage}");
    };
    let mode = args.get(2).map_or("list", String::as_str);
    if !["list", "vec", "general"].contains(&mode) {
        return eprintln!("{usage}");
    }
    // the engine's generator from a fixed seed: the same positions every run
    let mut rng = Rng::new(424);
    let mut below = |n: u64| rng.below(n);
    let positions: Vec<Position> = (0..1000)
        .map(|i| {
            let mut sides = [[0u16; 16]; 2];
            for side in &mut sides {
                for _ in 0..32 {
                    side[below(16) as usize] += 1;
                }
            }
            let to_move = if i % 2 == 0 { Side::South } else { Side::North };
            Position::new(Board::from_sides(sides[0], sides[1]), to_move)
        })
        .filter(|p| {
            !legal_moves(&rules, p)
                .iter()
                .any(|m| m.end.is_never_ending())
        })
        .collect();
    let mut list = MoveList::new();
    let mut generate = |p: &Position| -> usize {
        match mode {
            "list" => {
                legal_moves_into(&rules, p, &mut list);
                list.len()
            }
            "vec" => legal_moves(&rules, p).len(),
            _ => reference::general_legal_moves(&rules, p).len(),
        }
    };
    let t = cpu_ns();
    let mut moves = 0;
    for _ in 0..passes {
        for p in &positions {
            moves += generate(black_box(p));
        }
    }
    let ns = (cpu_ns() - t) as f64;
    println!(
        "{} positions, {moves} moves in {passes} passes: {:.1} ns a move, {:.2} M moves/s of CPU time",
        positions.len(),
        ns / moves.max(1) as f64,
        moves as f64 / ns * 1e3
    );
}
