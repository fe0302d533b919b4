//! A helper, not a check: scans the sample vector positions for moves whose
//! traces show the features the diagram golden tests need, and prints them
//! so they can be hard-coded in `crates/omweso-diagram/tests/frames.rs`.
//!
//! Run with `cargo test --release --test it diagram_search -- --ignored --nocapture`.

use omweso::engine::{
    Board, Direction, GameResult, Grid, LapEnd, LapKind, MoveEnd, Position, Rules, Side, WinKind,
    legal_moves, trace,
};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Vector {
    board: Grid,
    to_move: String,
}

fn features(rules: &Rules, pos: &Position) -> Vec<(String, usize, String)> {
    let mut out = Vec::new();
    for lm in legal_moves(rules, pos) {
        if lm.end.is_never_ending() {
            continue;
        }
        let Ok(p) = trace(rules, pos, &lm.mv, 200) else {
            continue;
        };
        if !p.complete {
            continue;
        }
        let n = p.laps.len();
        let mv = lm.mv.to_string();
        let mut push = |f: &str| out.push((f.to_string(), n, mv.clone()));
        let caps = p
            .laps
            .iter()
            .filter(|l| matches!(l.end, LapEnd::Capture(_)))
            .count();
        let relays = p.laps.iter().filter(|l| l.kind == LapKind::Relay).count();
        if n == 1 {
            push("plain");
        }
        if relays > 0 && caps == 0 {
            push("relay");
        }
        if caps == 1 {
            push("capture");
        }
        if caps >= 2 {
            push("chained-captures");
        }
        let cw = |k: LapKind| {
            p.laps
                .iter()
                .any(|l| l.kind == k && l.direction == Direction::Clockwise)
        };
        if cw(LapKind::Start) {
            push("cw-start");
        }
        if cw(LapKind::Relay) {
            push("cw-relay");
        }
        if cw(LapKind::CaptureSowing) {
            push("cw-capture-sowing");
        }
        if cw(LapKind::Start) && cw(LapKind::Relay) {
            push("cw-whole-move");
        }
        if p.laps.iter().any(|l| {
            l.kind == LapKind::CaptureSowing
                && matches!(l.end, LapEnd::Relay { pit } if pit != l.landing)
        }) {
            push("relay-after-capture");
        }
        if let MoveEnd::Finished(f) = p.end
            && let Some(GameResult::Win {
                kind: WinKind::Nkutemye,
                ..
            }) = f.result
        {
            push("nkutemye");
        }
    }
    out
}

#[test]
#[ignore]
fn search_positions_for_diagram_tests() {
    for (file, rules) in [
        ("shackell-1935", Rules::SHACKELL_1935),
        ("modern", Rules::MODERN),
        ("ludii", Rules::LUDII),
    ] {
        let text = std::fs::read_to_string(format!(
            "crates/omweso-engine/tests/data/{file}-sample.jsonl"
        ))
        .expect("vectors");
        // feature -> (laps, line, move)
        let mut best: BTreeMap<String, (usize, usize, String)> = BTreeMap::new();
        let mut boards: Vec<(Grid, Side)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let v: Vector = serde_json::from_str(line).expect("json");
            let side = if v.to_move == "south" {
                Side::South
            } else {
                Side::North
            };
            boards.push((v.board, side));
            let pos = Position::new(Board::from_grid(&v.board), side);
            for (f, n, mv) in features(&rules, &pos) {
                let e = best.entry(f).or_insert((usize::MAX, 0, String::new()));
                // shortest interesting move, but at least 2 laps for multi-lap features
                if n < e.0 {
                    *e = (n, i, mv);
                }
            }
        }
        println!("== {file}");
        for (f, (n, i, mv)) in &best {
            let (g, s) = boards[*i];
            println!("{f}: line {i} {s:?} move {mv} ({n} laps) board {g:?}");
        }
    }
}
