//! Does a set-up chosen in reply to the opponent's arrangement hold? The
//! modern account has the first player arrange first and the second reply
//! seeing it; this asks whether the search player, as the second, can use
//! that. `judge` searches the start position (the first arranger, South,
//! with the panel's concentrated set-up, to move) with each candidate
//! North arrangement and prints North's score; `play` plays given North
//! arrangements against the panel ([`search::panel`](omweso::engine::search::panel),
//! depth 10, its concentrated set-up as South) at each player setting.
//! One core, one game at a time.
//!
//! ```text
//! cargo run --release --example setup_reply -- --variant ludii --judge 150 --nodes 150000
//! cargo run --release --example setup_reply -- --variant ludii --play "ARR;ARR" --players nodes:150000,nodes:300000
//! ```
//!
//! Options: `--variant V` (default `ludii`); `--judge N`: the rule set's
//! chosen arrangements and the first N the styles policy draws
//! (`setup::arrange_by_styles`, `Rng::stream(1, i)`), each distinct one
//! judged with `--nodes N` positions (default 150000), a line each: North's
//! score in hundredths of a seed, the depth reached, the arrangement (pits
//! 1–16); `--play LIST`: the `;`-separated arrangements, each as North
//! against the panel at each of `--players a,b,...` (default
//! `nodes:150000`), a line a game: the arrangement, the setting, W/L/D
//! for North, the plies and the seconds. `--seat south`: the same for the
//! first mover instead (South's candidates, judged and played against the
//! panel's concentrated set-up as North; the score is South's).

use omweso::engine::search::{Config, Limits, Rng, Searcher, panel, setup};
use omweso::engine::{Seeds, Side};
use omweso::selfplay::{Agent, Player, play_game, start_position};
use std::time::Instant;

mod common;
use common::{Args, parse_arrangement};

fn show(a: &[Seeds; 16]) -> String {
    a.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn main() {
    let args = Args::from_env();
    let name = args.opt("--variant").unwrap_or_else(|| "ludii".into());
    let (_, rules) = *args
        .variants()
        .iter()
        .find(|(n, _)| *n == name)
        .expect("--variant: a built-in rule set");
    let seat = match args.seats().as_slice() {
        [Side::South] => Side::South,
        _ => Side::North,
    };
    // the start with `a` on the seat studied, the panel's set-up opposite
    let start = |a: [Seeds; 16]| match seat {
        Side::South => start_position(a, panel::CONCENTRATED),
        Side::North => start_position(panel::CONCENTRATED, a),
    };
    if let Some(n) = args.opt("--judge") {
        let n: u64 = n.parse().expect("--judge N");
        let nodes = args.num("--nodes", 150_000);
        let mut cands: Vec<[Seeds; 16]> = setup::chosen(&rules, seat).to_vec();
        cands.extend((0..n).map(|i| setup::arrange_by_styles(&rules, &mut Rng::stream(1, i)).0));
        cands.sort();
        cands.dedup();
        for a in cands {
            let mut s = Searcher::new(Config::default());
            let r = s.search(&rules, &start(a), Limits::nodes(nodes), &mut || false);
            // the search's score is South's, the mover's
            let score = if seat == Side::South {
                r.score
            } else {
                -r.score
            };
            println!("{score}\t{}\t{}", r.depth, show(&a));
        }
    }
    if let Some(list) = args.opt("--play") {
        let players = args
            .opt("--players")
            .unwrap_or_else(|| "nodes:150000".into());
        for a in list.split(';').map(parse_arrangement) {
            for p in players.split(',') {
                let agent = Agent::parse(p).expect("--players AGENT,...");
                let mut me = Player::new(agent, Config::default(), 1);
                let mut them = Player::new(Agent::Panel { depth: 10 }, Config::default(), 2);
                let t = Instant::now();
                let g = if seat == Side::South {
                    play_game(&rules, start(a), &mut me, &mut them, 300)
                } else {
                    play_game(&rules, start(a), &mut them, &mut me, 300)
                };
                let verdict = match g.end.winner() {
                    Some(w) if w == seat => "W",
                    Some(_) => "L",
                    None => "D",
                };
                println!(
                    "{}\t{p}\t{verdict}\t{} plies\t{:.0} s",
                    show(&a),
                    g.plies.len(),
                    t.elapsed().as_secs_f64()
                );
            }
        }
    }
}
