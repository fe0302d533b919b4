//! Probe: the slowest move generations met while a search player plays
//! itself (`--variant V --seed S --games N --nodes N`): where the time goes.

use omweso::engine::search::Config;
use omweso::engine::{Rules, legal_moves};
use omweso::selfplay::{Agent, Player, play_game, setups, start_position};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opt = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let name = opt("--variant").unwrap_or_else(|| "shackell-1935".into());
    let rules = Rules::builtin(&name).unwrap_or_else(|| panic!("unknown --variant {name:?}"));
    let seed: u64 = opt("--seed").map_or(1, |s| s.parse().unwrap());
    let games: u64 = opt("--games").map_or(1, |s| s.parse().unwrap());
    let nodes: u64 = opt("--nodes").map_or(2000, |s| s.parse().unwrap());
    for g in 0..games {
        let (a, b) = setups(&rules, seed, g);
        let start = start_position(a, b);
        let mut s = Player::new(Agent::nodes(nodes), Config::default(), 1);
        let mut n = Player::new(Agent::nodes(nodes), Config::default(), 2);
        let game = play_game(&rules, start, &mut s, &mut n, 300);
        // the gaps between the search's stop polls: one generation each
        let mut pos0 = start;
        let mut searcher = omweso::engine::search::Searcher::new(Config::default());
        for (ply, (_, mv, _)) in game.plies.iter().enumerate() {
            let mut last = Instant::now();
            let mut worst = 0f64;
            let mut total = 0f64;
            let t0 = Instant::now();
            let r = searcher.search(
                &rules,
                &pos0,
                omweso::engine::search::Limits::nodes(nodes),
                &mut || {
                    let now = Instant::now();
                    let gap = (now - last).as_secs_f64() * 1e3;
                    worst = worst.max(gap);
                    last = now;
                    false
                },
            );
            total += t0.elapsed().as_secs_f64() * 1e3;
            println!(
                "search game {} ply {ply}: {total:.1} ms, worst gap {worst:.1} ms, {} nodes {} generations",
                g + 1,
                r.nodes,
                r.generations
            );
            let moves = legal_moves(&rules, &pos0);
            let Some(m) = moves.iter().find(|m| m.mv.same_as(mv)) else {
                break;
            };
            let Some(f) = m.end.finished() else { break };
            pos0 = f.position_after(&pos0);
        }
        // replay, timing each position's generation and each child's
        let mut pos = start;
        for (ply, (_, mv, _)) in game.plies.iter().enumerate() {
            let t = Instant::now();
            let moves = legal_moves(&rules, &pos);
            let own = t.elapsed().as_secs_f64() * 1e3;
            let mut worst = 0f64;
            for m in &moves {
                if let Some(f) = m.end.finished() {
                    let child = f.position_after(&pos);
                    let t = Instant::now();
                    let _ = legal_moves(&rules, &child);
                    worst = worst.max(t.elapsed().as_secs_f64() * 1e3);
                }
            }
            let never = moves.iter().filter(|m| m.end.is_never_ending()).count();
            println!(
                "game {} ply {ply}: {} moves ({never} never-ending), {own:.2} ms; slowest child {worst:.2} ms",
                g + 1,
                moves.len()
            );
            let Some(m) = moves.iter().find(|m| m.mv.same_as(mv)) else {
                break;
            };
            let Some(f) = m.end.finished() else { break };
            pos = f.position_after(&pos);
        }
    }
}
