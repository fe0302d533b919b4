//! Which set-ups do well in self-play: each style of
//! [`setup::arrange_as`](omweso::engine::search::setup::arrange_as), the
//! thoughtless `random` set-up and the set-up policy
//! [`setup::arrange`](omweso::engine::search::setup::arrange) (`policy`)
//! against set-ups following the sources' advice alone
//! ([`setup::arrange_by_the_sources`](omweso::engine::search::setup::arrange_by_the_sources)),
//! the same search player on both sides, each pair of set-ups played twice
//! with sides swapped, the games in parallel. Prints a Markdown table: each
//! row's score and Elo difference against the sources' set-ups.
//!
//! ```text
//! cargo run --release --example setups -- --games 200 --nodes 2000
//! ```
//!
//! Options: `--games N` per style (rounded up to even), `--nodes N` a move,
//! `--variants a,b,...`, `--styles a,b,...` (`checking`, `outer`, `inner`,
//! `mixed`, `spread`, `random`, `policy`), `--seed S`, `--max-plies N`.

use omweso::engine::search::setup::{self, Style};
use omweso::engine::search::{Config, Rng};
use omweso::engine::{Seeds, Side};
use omweso::selfplay::{Agent, Player, Tally, play_game, player_seeds, start_position};
use rayon::prelude::*;

mod common;
use common::{Args, match_cells};

fn main() {
    let args = Args::from_env();
    let opt = |name: &str| args.opt(name);
    let games: u32 = opt("--games").map_or(100, |s| s.parse().expect("--games N"));
    let games = games.div_ceil(2) * 2;
    let seed: u64 = opt("--seed").map_or(1, |s| s.parse().expect("--seed S"));
    let nodes: u64 = opt("--nodes").map_or(2000, |s| s.parse().expect("--nodes N"));
    let max_plies: usize = opt("--max-plies").map_or(300, |s| s.parse().expect("--max-plies N"));
    let variants = args.variants();
    let agent = Agent::nodes(nodes);
    println!(
        "each set-up against the sources' set-ups, {} on both sides, {games} games a style (sides swapped), seed {seed}\n",
        agent.name()
    );
    println!(
        "| variant | set-up | games | W-D-L (annulled) | score | Elo diff (95 % CI) | as South | as North |"
    );
    println!("|---|---|---:|---|---:|---|---:|---:|");
    // each style, the thoughtless random set-up, and the policy itself
    #[derive(Clone, Copy)]
    enum Row {
        Style(Style),
        Random,
        Policy,
    }
    let name = |r: Row| match r {
        Row::Style(s) => s.name(),
        Row::Random => "random",
        Row::Policy => "policy",
    };
    let rows: Vec<Row> = Style::ALL
        .iter()
        .map(|&s| Row::Style(s))
        .chain([Row::Random, Row::Policy])
        .filter(|&r| opt("--styles").is_none_or(|w| w.split(',').any(|w| w == name(r))))
        .collect();
    for (vname, rules) in &variants {
        for &row in &rows {
            let name = name(row);
            let played: Vec<_> = (0..games)
                .into_par_iter()
                .map(|g| {
                    let pair = (g / 2) as u64;
                    let mut rng = Rng::stream(seed, pair);
                    let mine: [Seeds; 16] = match row {
                        Row::Style(s) => setup::arrange_as(rules, s, &mut rng),
                        Row::Random => setup::random(rules, &mut rng),
                        Row::Policy => setup::arrange(
                            rules,
                            [Side::South, Side::North][(g % 2) as usize],
                            &mut rng,
                        ),
                    };
                    let theirs = setup::arrange_by_the_sources(rules, &mut rng).0;
                    let (sa, sb) = player_seeds(seed, g as u64);
                    let mut a = Player::new(agent, Config::default(), sa);
                    let mut b = Player::new(agent, Config::default(), sb);
                    if g % 2 == 0 {
                        let game = play_game(
                            rules,
                            start_position(mine, theirs),
                            &mut a,
                            &mut b,
                            max_plies,
                        );
                        (game, Side::South)
                    } else {
                        let game = play_game(
                            rules,
                            start_position(theirs, mine),
                            &mut a,
                            &mut b,
                            max_plies,
                        );
                        (game, Side::North)
                    }
                })
                .collect();
            let mut all = Tally::default();
            let mut by_side = [Tally::default(), Tally::default()];
            for (game, side) in &played {
                all.add(game, *side);
                by_side[(*side == Side::North) as usize].add(game, *side);
            }
            println!(
                "| {vname} | {name} | {} | {:.1} % | {:.1} % |",
                match_cells(&all),
                100.0 * by_side[0].score(),
                100.0 * by_side[1].score(),
            );
        }
    }
}
