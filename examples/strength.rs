//! The search player's strength, measured: matches against random, greedy
//! (biggest capture) and depth-limited versions of itself, per variant,
//! each set-up pair played twice with sides swapped, at a fixed node budget
//! a move (reproducible on any machine), the games of a pairing in
//! parallel. Prints a Markdown table: score, Elo difference with its 95 %
//! interval, and the player's nodes/s.
//!
//! ```text
//! cargo run --release --example strength -- --games 200 --nodes 20000
//! cargo run --release --example strength -- --variants modern --opponents greedy,depth:2 --games 20
//! ```
//!
//! Options: `--games N` per pairing (rounded up to even), `--nodes N` the
//! player's budget a move (or `--player AGENT`: `nodes:N`, `depth:N`,
//! `time:MS`, `panel[:N]`), `--opponents a,b,...` (`random`, `greedy`,
//! `depth:N`, `nodes:N`, `time:MS`, `panel[:N]`: the strong panel,
//! material-only alpha-beta at depth N, default 10, with its own
//! concentrated set-up against the policy's arrangement for the seat), `--variants a,b,...`, `--seed S`, `--max-plies N`,
//! `--setups styles` (draw set-ups by the styles policy,
//! `setup::arrange_by_styles`, instead of `setup::arrange`),
//! `--weights M,MOB,T,TA,E` (the player's evaluation weights, against
//! opponents with the default ones), `--decide-laps N|all` (the player's
//! lap allowance for lazy deciding, `Config::decide_laps`; `all`: every
//! move decided at once, the search before lazy deciding). With several
//! rule sets, a last row per opponent pools their games.
//! `--arrangements FILE`: play alone, both sides (the panel too) from the
//! same arrangement, one a line of FILE (its last field: the 16 pits,
//! comma-separated, as `omweso setup --format json` prints them; `#`
//! comments), each twice with sides swapped; `--games` at most twice the
//! lines (e.g. arrangements `omweso setup --balanced` drew). The table
//! also counts the games by pairs (the same start, sides swapped: won,
//! even, lost), which a start that favours one seat cannot sway.
//! `--seat south|north|both`: play only the games where the player has
//! that seat (to study one side of a start). `--plies`: with `--verbose`, print
//! every ply of a game as it ends (mover, move, the search's score for its
//! mover in seeds, depth, positions). `--threads N`: the player's search
//! threads (`Config::threads`, default 1; more than one makes its games
//! vary).

use omweso::engine::Side;
use omweso::engine::search::{Config, Rng, setup};
use omweso::selfplay::{Agent, Player, Tally, play_game, player_seeds, setups, start_position};
use rayon::prelude::*;
use std::time::Instant;

mod common;
use common::{Args, match_cells};

fn main() {
    let args = Args::from_env();
    let opt = |name: &str| args.opt(name);
    let verbose = args.flag("--verbose");
    let plies = args.flag("--plies");
    let seats = args.seats();
    let games: u32 = opt("--games").map_or(20, |s| s.parse().expect("--games N"));
    let games = games.div_ceil(2) * 2;
    let seed: u64 = opt("--seed").map_or(1, |s| s.parse().expect("--seed S"));
    let max_plies: usize = opt("--max-plies").map_or(300, |s| s.parse().expect("--max-plies N"));
    let player = match (opt("--player"), opt("--nodes")) {
        (Some(p), _) => Agent::parse(&p).expect("--player nodes:N | depth:N | time:MS"),
        (None, n) => Agent::nodes(n.map_or(20_000, |s| s.parse().expect("--nodes N"))),
    };
    // the player's settings (`--weights`, `--answer`) and its threads, to
    // measure a change against the default
    let config = Config {
        threads: args.num("--threads", 1) as u32,
        ..args.config()
    };
    let config = match opt("--decide-laps").as_deref() {
        None => config,
        Some("all") => Config {
            decide_laps: u64::MAX,
            ..config
        },
        Some(n) => Config {
            decide_laps: n.parse().expect("--decide-laps N|all"),
            ..config
        },
    };
    let opponents: Vec<Agent> = opt("--opponents")
        .unwrap_or_else(|| "random,greedy,depth:1,depth:2".into())
        .split(',')
        .map(|s| Agent::parse(s).unwrap_or_else(|| panic!("unknown opponent {s:?}")))
        .collect();
    let variants = args.variants();
    // `--setups styles`: the set-up policy before arrangements were chosen
    // against the panel (to measure the change in one binary)
    let old_policy = opt("--setups").is_some_and(|s| s == "styles");
    let arrangements: Option<Vec<[omweso::engine::Seeds; 16]>> = opt("--arrangements").map(|f| {
        std::fs::read_to_string(&f)
            .unwrap_or_else(|e| panic!("{f}: {e}"))
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| common::parse_arrangement(l.split_whitespace().last().expect("a line")))
            .collect()
    });
    let games = match &arrangements {
        Some(a) => games.min(2 * a.len() as u32),
        None => games,
    };
    println!(
        "player {} vs each opponent, {games} games per pairing (sides swapped), seed {seed}, move limit {max_plies} plies\n",
        player.name()
    );
    println!(
        "| variant | opponent | games | W-D-L (annulled) | score | Elo diff (95 % CI) | pairs won-even-lost | player nodes/s |"
    );
    println!("|---|---|---:|---|---:|---|---|---:|");
    // each opponent's games over every rule set, for a pooled row
    let mut pooled = vec![(Tally::default(), Pairs::default()); opponents.len()];
    for (vname, rules) in &variants {
        for (oi, opp) in opponents.iter().enumerate() {
            // games in parallel (each is deterministic on its own), tallied
            // in game order
            let played: Vec<_> = (0..games)
                .into_par_iter()
                // the player is South in the even games
                .filter(|g| seats.contains(&[Side::South, Side::North][(g % 2) as usize]))
                .map(|g| {
                    let pair = (g / 2) as u64;
                    let me_south = g % 2 == 0;
                    let (mine, theirs) = if let Some(list) = &arrangements {
                        // play alone: both sides (the panel too) on the
                        // file's arrangement
                        (list[pair as usize], list[pair as usize])
                    } else {
                        let (a, b) = if old_policy {
                            let mut rng = Rng::stream(seed, pair);
                            (
                                setup::arrange_by_styles(rules, &mut rng).0,
                                setup::arrange_by_styles(rules, &mut rng).0,
                            )
                        } else {
                            setups(rules, seed, pair)
                        };
                        // a player with its own set-up (the panel) always
                        // plays it; the other plays the policy's arrangement
                        // for its seat (`a` drawn for South, `b` for North)
                        let (for_me, for_them) = if me_south { (a, b) } else { (b, a) };
                        (
                            player.own_setup().unwrap_or(for_me),
                            opp.own_setup().unwrap_or(for_them),
                        )
                    };
                    let (a, b) = if me_south {
                        (mine, theirs)
                    } else {
                        (theirs, mine)
                    };
                    let (my_seed, their_seed) = player_seeds(seed, g as u64);
                    let mut me = Player::new(player, config, my_seed);
                    let mut them = Player::new(*opp, Config::default(), their_seed);
                    let t = Instant::now();
                    let game = if me_south {
                        play_game(rules, start_position(a, b), &mut me, &mut them, max_plies)
                    } else {
                        play_game(rules, start_position(a, b), &mut them, &mut me, max_plies)
                    };
                    let my_side = if me_south {
                        omweso::engine::Side::South
                    } else {
                        omweso::engine::Side::North
                    };
                    let el = t.elapsed().as_secs_f64();
                    if verbose {
                        // as each game ends, not at the end of the match
                        eprintln!(
                            "{vname} vs {} game {} (player {my_side:?}): {} plies, {:?}, {el:.1} s",
                            opp.name(),
                            g + 1,
                            game.plies.len(),
                            game.end,
                        );
                        if plies {
                            for (i, (side, mv, summary)) in game.plies.iter().enumerate() {
                                let view = summary.map_or(String::new(), |s| {
                                    format!(
                                        "score {:.2} depth {} nodes {}",
                                        s.score as f64 / 100.0,
                                        s.depth,
                                        s.nodes
                                    )
                                });
                                let who = if *side == my_side {
                                    "player"
                                } else {
                                    "opponent"
                                };
                                eprintln!("  {:>3} {side:?} ({who}) {mv} {view}", i + 1);
                            }
                        }
                    }
                    (g, game, my_side, el)
                })
                .collect();
            let mut tally = Tally::default();
            let mut pairs = Pairs::default();
            let (mut nodes, mut secs) = (0u64, 0f64);
            for (g, game, my_side, el) in played {
                // the player's own nodes and an estimate of its share of the time
                let my_nodes: u64 = game
                    .plies
                    .iter()
                    .filter(|(s, _, _)| *s == my_side)
                    .filter_map(|(_, _, s)| s.map(|s| s.nodes))
                    .sum();
                let all_nodes: u64 = game
                    .plies
                    .iter()
                    .filter_map(|(_, _, s)| s.map(|s| s.nodes))
                    .sum();
                nodes += my_nodes;
                secs += if all_nodes > 0 {
                    el * my_nodes as f64 / all_nodes as f64
                } else {
                    el
                };
                tally.add(&game, my_side);
                pooled[oi].0.add(&game, my_side);
                let mut one = Tally::default();
                one.add(&game, my_side);
                pairs.add(g, &one);
                pooled[oi].1.add(g, &one);
                if verbose {
                    eprintln!(
                        "{vname} vs {} game {}: player nodes {my_nodes}",
                        opp.name(),
                        g + 1
                    );
                }
            }
            println!(
                "| {vname} | {} | {} | {} | {:.0} |",
                opp.name(),
                match_cells(&tally),
                pairs.cell(),
                nodes as f64 / secs.max(1e-9)
            );
        }
    }
    if variants.len() > 1 {
        for (opp, (tally, pairs)) in opponents.iter().zip(&pooled) {
            println!(
                "| all rule sets | {} | {} | {} | |",
                opp.name(),
                match_cells(tally),
                pairs.cell()
            );
        }
    }
}

/// The games of a match by pairs (the same start, sides swapped): a pair
/// is won when the player scores more than one game's worth in its two
/// games, even when exactly one (each side won its game from the same
/// seat, or both drawn or annulled), lost when less. Where the start
/// favours one seat, a pair says what a game cannot: who played it
/// better.
#[derive(Clone, Default)]
struct Pairs {
    /// The half-points of the first game of the pair being filled.
    open: Option<u32>,
    won: u32,
    even: u32,
    lost: u32,
}

impl Pairs {
    /// Game `g` (in game order: games 2k and 2k + 1 are a pair), its
    /// result for the player as a tally of one game.
    fn add(&mut self, g: u32, one: &Tally) {
        let halves = 2 * one.wins + one.draws + one.annulled;
        match (g % 2, self.open.take()) {
            (1, Some(first)) => match (first + halves).cmp(&2) {
                std::cmp::Ordering::Greater => self.won += 1,
                std::cmp::Ordering::Equal => self.even += 1,
                std::cmp::Ordering::Less => self.lost += 1,
            },
            _ => self.open = Some(halves),
        }
    }

    fn cell(&self) -> String {
        format!("{}-{}-{}", self.won, self.even, self.lost)
    }
}
