//! Requests for timing the engine natively and as WebAssembly in the same
//! run (`bench/wasm-speed.sh`): `moves` for N random 64-seed positions
//! under the four variants.
//!
//!   cargo run --release -p omweso-web --example requests -- N > requests.json
//!   cargo run --release -p omweso-web --example requests -- N --native
//!
//! With `--native`, answers them here and prints the time and moves/s.

use omweso_engine::{Board, Position, Rules, Side, Variant};
use omweso_web::{Command, Request, answer};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let variants = [
        Variant::new("shackell-1935", Rules::SHACKELL_1935),
        Variant::new("modern", Rules::MODERN),
        Variant::new("ludii", Rules::LUDII),
        Variant::new("mcgill-2015", Rules::MCGILL_2015),
    ];
    let mut x: u64 = 7;
    let requests: Vec<String> = (0..n)
        .map(|i| {
            let mut sides = [[0u16; 16]; 2];
            for side in &mut sides {
                for _ in 0..32 {
                    x = x
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    side[(x >> 60) as usize] += 1;
                }
            }
            let to_move = if i % 2 == 0 { Side::South } else { Side::North };
            let pos = Position::new(Board::from_sides(sides[0], sides[1]), to_move);
            Request::new(Command::Moves, variants[i % 4].clone(), pos).text()
        })
        .collect();
    if args.iter().any(|a| a == "--native") {
        let parsed: Vec<Request> = requests
            .iter()
            .map(|r| Request::parse(r).unwrap())
            .collect();
        let started = Instant::now();
        let moves: usize = parsed
            .iter()
            .map(|r| omweso_engine::legal_moves(&r.variant.rules, &r.position).len())
            .sum();
        let secs = started.elapsed().as_secs_f64();
        println!(
            "engine: {n} positions, {moves} moves in {:.1} ms: {:.0} moves/s (legal_moves alone)",
            secs * 1e3,
            moves as f64 / secs
        );
        let started = Instant::now();
        let answers: Vec<String> = requests.iter().map(|r| answer(r)).collect();
        let secs = started.elapsed().as_secs_f64();
        let moves: usize = answers
            .iter()
            .map(|a| a.matches("\"notation\":").count())
            .sum();
        println!(
            "native: {n} requests, {moves} moves in {:.1} ms: {:.0} moves/s (answers as JSON included)",
            secs * 1e3,
            moves as f64 / secs
        );
    } else {
        let quoted: Vec<String> = requests
            .iter()
            .map(|r| format!("\"{}\"", r.replace('\n', "\\n")))
            .collect();
        println!("[{}]", quoted.join(","));
    }
}
