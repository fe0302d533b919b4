//! Requests for timing the engine natively and as WebAssembly in the same
//! run (`benches/wasm-speed.sh`): `moves` for N random 64-seed positions
//! under the four variants.
//!
//!   cargo run --release -p omweso-web --example requests -- N > requests.json
//!   cargo run --release -p omweso-web --example requests -- N --native
//!
//! With `--native`, answers them here and prints the time and moves/s.

use omweso_engine::{Rules, Variant};
use omweso_web::{Command, Request, answer};
use std::time::Instant;

#[path = "../tests/common/random.rs"]
mod random;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let variants = [
        Variant::new("shackell-1935", Rules::SHACKELL_1935),
        Variant::new("modern", Rules::MODERN),
        Variant::new("ludii", Rules::LUDII),
        Variant::new("mcgill-2015", Rules::MCGILL_2015),
    ];
    let requests: Vec<String> = random::positions(n, 7)
        .into_iter()
        .enumerate()
        .map(|(i, pos)| Request::new(Command::Moves, variants[i % 4].clone(), pos).text())
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
