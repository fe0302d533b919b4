//! Set-ups chosen against strong play: hill climbing over arrangements,
//! the fitness an arrangement's match against the panel
//! ([`search::panel`](omweso::engine::search::panel): material-only
//! alpha-beta at depth 10 with its own concentrated set-up), sides swapped,
//! one game from each seat for each of the player's settings. Runs on one
//! core (games one at a time), so that it can run beside other work.
//!
//! ```text
//! cargo run --release --example setup_climb -- --variant mcgill-2015 --iters 200
//! cargo run --release --example setup_climb -- --variant mcgill-2015 --check "0,0,..;2,2,.."
//! ```
//!
//! Options: `--variant V`, `--players a,b,...` (the search player's
//! settings, default `nodes:3000,nodes:6000`), `--opponent AGENT` (default
//! `panel`), `--iters N` steps a climb, `--restarts N` climbs (each from a
//! policy arrangement), `--seed S`, `--max-plies N`; `--check LIST`
//! evaluates the `;`-separated arrangements (16 numbers each, pits 1–16)
//! instead of climbing, and `--policy N` the first N arrangements the
//! policy draws (`Rng::stream(seed, i)`); `--start ARR` climbs from the
//! given arrangement instead of a policy one. `--seat south|north|both`
//! (default both): the seats the player takes (`north`: only the games
//! where the opponent moves first). `--weights M,MOB,T,TA,E`: the
//! player's evaluation weights; `--answer any|even|odd`: which of its
//! iterations may answer (`Config::answer`).
//!
//! The fitness of an arrangement is its points (a win 1, a draw or move
//! limit ½, an annulled game ½) times 1,000, plus a tie-break (a quick win
//! or a slow loss: the plies left before the move limit, over 10), summed
//! over the games; every arrangement that wins all its
//! games is printed as `winner [..]`.

use omweso::engine::search::setup;
use omweso::engine::search::{Config, Rng};
use omweso::engine::{GameResult, Rules, Seeds, Side};
use omweso::selfplay::{Agent, End, Game, Player, play_game, start_position};

mod common;
use common::{Args, parse_arrangement};

struct Eval {
    fitness: i64,
    wins: u32,
    games: u32,
}

/// +1 for a win, −1 for a loss, 0 otherwise.
fn sign(game: &Game, me: Side) -> i64 {
    match game.end.winner() {
        Some(w) if w == me => 1,
        Some(_) => -1,
        None => 0,
    }
}

fn evaluate(
    rules: &Rules,
    arr: [Seeds; 16],
    players: &[Agent],
    opp: Agent,
    seats: &[Side],
    config: Config,
    max_plies: usize,
) -> Eval {
    let theirs = opp.own_setup().unwrap_or(arr);
    let mut e = Eval {
        fitness: 0,
        wins: 0,
        games: 0,
    };
    for &p in players {
        for &me in seats {
            let mut a = Player::new(p, config, 1);
            let mut b = Player::new(opp, Config::default(), 2);
            let game = if me == Side::South {
                play_game(
                    rules,
                    start_position(arr, theirs),
                    &mut a,
                    &mut b,
                    max_plies,
                )
            } else {
                play_game(
                    rules,
                    start_position(theirs, arr),
                    &mut b,
                    &mut a,
                    max_plies,
                )
            };
            let points = match game.end {
                End::Result(GameResult::Annulled | GameResult::Draw) | End::MoveLimit => 500,
                _ if game.end.winner() == Some(me) => 1000,
                _ => 0,
            };
            e.wins += (points == 1000) as u32;
            e.games += 1;
            e.fitness += points + sign(&game, me) * plies_left(&game, max_plies);
        }
    }
    e
}

/// A quicker win (or a slower loss) is better: the plies left before the
/// move limit, as a tie-break under the points.
fn plies_left(game: &Game, max_plies: usize) -> i64 {
    (max_plies.saturating_sub(game.plies.len()) as i64).min(999) / 10
}

fn show(a: &[Seeds; 16]) -> String {
    let v: Vec<String> = a.iter().map(|n| n.to_string()).collect();
    format!("[{}]", v.join(", "))
}

/// Move one to three seeds from one pit to another.
fn neighbour(a: &[Seeds; 16], rng: &mut Rng) -> [Seeds; 16] {
    loop {
        let mut b = *a;
        let from = rng.below(16) as usize;
        let to = rng.below(16) as usize;
        if from == to || b[from] == 0 {
            continue;
        }
        let k = (1 + rng.below(3) as Seeds).min(b[from]);
        b[from] -= k;
        b[to] += k;
        return b;
    }
}

fn main() {
    let args = Args::from_env();
    let opt = |name: &str| args.opt(name);
    let variants = args.variants();
    let (vname, rules) = match opt("--variant") {
        Some(v) => *variants
            .iter()
            .find(|(n, _)| *n == v)
            .expect("--variant: a built-in rule set"),
        None => ("mcgill-2015", Rules::MCGILL_2015),
    };
    let players: Vec<Agent> = opt("--players")
        .unwrap_or_else(|| "nodes:3000,nodes:6000".into())
        .split(',')
        .map(|s| Agent::parse(s).expect("--players AGENT,..."))
        .collect();
    let opp = Agent::parse(&opt("--opponent").unwrap_or_else(|| "panel".into()))
        .expect("--opponent AGENT");
    let seed: u64 = opt("--seed").map_or(1, |s| s.parse().expect("--seed S"));
    let max_plies: usize = opt("--max-plies").map_or(300, |s| s.parse().expect("--max-plies N"));
    let seats = args.seats();
    // the policy's arrangements for the seat played (South's when both)
    let policy_side = if seats == [Side::North] {
        Side::North
    } else {
        Side::South
    };
    let config = args.config();
    let names: Vec<String> = players.iter().map(|p| p.name()).collect();
    println!(
        "{vname}: {} against {}, one game from each seat a setting",
        names.join(" and "),
        opp.name()
    );
    let report = |label: &str, a: &[Seeds; 16], e: &Eval| {
        println!(
            "{label} {} wins {}/{} fitness {}",
            show(a),
            e.wins,
            e.games,
            e.fitness
        );
        if e.wins == e.games {
            println!("winner {}", show(a));
        }
    };
    if let Some(list) = opt("--check") {
        for s in list.split(';').filter(|s| !s.trim().is_empty()) {
            let a = parse_arrangement(s);
            report(
                "check",
                &a,
                &evaluate(&rules, a, &players, opp, &seats, config, max_plies),
            );
        }
        return;
    }
    if let Some(n) = opt("--policy") {
        let n: u64 = n.parse().expect("--policy N");
        let mut won = 0;
        for i in 0..n {
            let a = setup::arrange(&rules, policy_side, &mut Rng::stream(seed, i));
            let e = evaluate(&rules, a, &players, opp, &seats, config, max_plies);
            won += (e.wins == e.games) as u32;
            report("policy", &a, &e);
        }
        println!("policy: {won} of {n} arrangements won every game");
        return;
    }
    let iters: u32 = opt("--iters").map_or(100, |s| s.parse().expect("--iters N"));
    let restarts: u64 = opt("--restarts").map_or(1, |s| s.parse().expect("--restarts N"));
    for r in 0..restarts {
        let mut rng = Rng::stream(seed ^ 0x5e7u64, r);
        let mut cur = match opt("--start") {
            Some(a) => parse_arrangement(&a),
            None => setup::arrange(&rules, policy_side, &mut rng),
        };
        let mut cur_e = evaluate(&rules, cur, &players, opp, &seats, config, max_plies);
        report(&format!("climb {r} start"), &cur, &cur_e);
        for i in 0..iters {
            let next = neighbour(&cur, &mut rng);
            let e = evaluate(&rules, next, &players, opp, &seats, config, max_plies);
            if e.wins == e.games {
                println!("winner {}", show(&next));
            }
            if e.fitness >= cur_e.fitness {
                if e.fitness > cur_e.fitness {
                    report(&format!("climb {r} step {i}"), &next, &e);
                }
                cur = next;
                cur_e = e;
            }
        }
        report(&format!("climb {r} best"), &cur, &cur_e);
    }
}
