//! Texel-style tuning of the search player's evaluation: positions from
//! games between search players (and, if asked, the panel), each labelled
//! with its game's result from the side to move's view (win 1, draw,
//! annulled or move limit ½, loss 0); the evaluation's weights fitted by
//! minimising the logistic loss of sigmoid(K · eval) against the results.
//!
//! ```text
//! cargo run --release --example tune_eval -- --games 2000 --save /tmp/positions.tsv
//! cargo run --release --example tune_eval -- --load /tmp/positions.tsv --extra inner,singles,biggest
//! ```
//!
//! **Games.** `--games N` per rule set (`--variants a,b,...`, every one by
//! default), each between two players drawn from `--players a,b,...`
//! (`nodes:N`, `depth:N`, `panel:N`; default `nodes:500,nodes:2000`), the
//! search players with the default weights; the set-ups by the styles
//! policy (`setup::arrange_by_styles`: varied in every rule set; the panel
//! plays its own), and the first `--random-plies R` plies of a game (default
//! 0) random moves. Games are played in parallel (`RAYON_NUM_THREADS`) and
//! are deterministic given `--seed S`. `--save FILE` writes the positions
//! (one a line: rule set, game, ply, result, whether the mover can capture
//! or win at once, the phase flags, the pits), `--load FILE` fits from
//! such a file instead of playing. `--games-log LOG[,LOG...]
//! --arrangements FILE` reads the games of match logs instead
//! (`examples/strength.rs --arrangements FILE --verbose --plies`: every
//! ply's move, both sides on each line of FILE, as that example plays
//! them), replayed through the engine, so that the positions of games
//! against the panel can be fitted to.
//!
//! **Positions.** Those from ply `--skip N` on (default 2); `--quiet`
//! keeps only positions where the side to move cannot capture or win at
//! once. A tenth of the games (`--holdout F`, by game, so a game's
//! positions are all on one side) is kept out of the fit to measure it.
//!
//! **Fit.** For each rule set and for all of them pooled: K is fitted for
//! the default weights (golden-section search), then the weights by
//! logistic regression (Newton's method on the mean cross-entropy, the
//! logistic loss; convex, so the optimum is the global one), which fixes
//! the product K · weights; the weights are printed scaled to material 100
//! (the search only compares evaluations, so only their ratios matter)
//! with the K that goes with them. `--fit a,b,...` names the weights fitted
//! (default all five); the others keep their default values. `--extra
//! a,b,...` adds candidate features that the engine does not evaluate
//! (`inner`: seeds in the inner row, `singles`: pits of one seed,
//! `biggest`: the biggest pit; each the mover's less the opponent's;
//! `seat`: +1 with South to move, −1 with North, the first mover's
//! advantage, which the search cannot use), to see whether the data gives
//! them weight. `--ridge L` (default 1e-4)
//! penalises L/2 · |K · weights|², which keeps a small or separable data
//! set's fit finite. Prints the
//! held-out loss (cross-entropy, and the Texel mean squared error) before
//! and after, and the weights as `--weights M,MOB,T,TA,E` for
//! `examples/strength.rs`.

use omweso::engine::search::{self, Config, FEATURE_NAMES, FEATURES, Rng, Weights, setup};
use omweso::engine::{Board, GameResult, Position, Rules, Seeds, Side, legal_moves, notation};
use omweso::selfplay::{Agent, Player, start_position};
use rayon::prelude::*;
use std::fmt::Write as _;

mod common;
use common::Args;

/// A labelled position.
#[derive(Clone, Debug)]
struct Sample {
    variant: usize,
    game: u64,
    ply: u32,
    /// The result for the side to move: 1, ½ or 0.
    result: f64,
    /// The mover can capture or win at once.
    can_capture: bool,
    pos: Position,
}

/// The candidate features the engine does not evaluate (mover's less
/// opponent's).
/// (Empty pits are not one: with the mobility and singles terms they would
/// count every pit, the same on both sides.)
/// `seat` is no feature of the position: +1 when South (the first mover)
/// is to move, −1 when North, so that a fit to games a seat mostly wins
/// puts that advantage there and not in the other weights.
const EXTRAS: [&str; 4] = ["inner", "singles", "biggest", "seat"];

fn extra(name: &str, pos: &Position) -> f64 {
    if name == "seat" {
        return if pos.to_move == Side::South {
            1.0
        } else {
            -1.0
        };
    }
    let me = pos.board.side(pos.to_move);
    let op = pos.board.side(pos.to_move.opponent());
    let f = |s: &[Seeds; 16]| -> i32 {
        match name {
            "inner" => s[8..].iter().map(|&n| n as i32).sum(),
            "singles" => s.iter().filter(|&&n| n == 1).count() as i32,
            "biggest" => s.iter().map(|&n| n as i32).max().unwrap_or(0),
            _ => panic!("unknown feature {name:?} (inner, singles, biggest)"),
        }
    };
    (f(me) - f(op)) as f64
}

/// Play game `game` of rule set `variant`, returning its positions with
/// their labels.
#[allow(clippy::too_many_arguments)]
fn play(
    variant: usize,
    rules: &Rules,
    players: &[Agent],
    seed: u64,
    game: u64,
    random_plies: u32,
    max_plies: u32,
) -> Vec<Sample> {
    let mut rng = Rng::stream(seed ^ (variant as u64) << 40, game);
    let agents = [
        players[rng.below(players.len() as u64) as usize],
        players[rng.below(players.len() as u64) as usize],
    ];
    let mut setups = [[0 as Seeds; 16]; 2];
    for (s, a) in setups.iter_mut().zip(agents) {
        *s = a
            .own_setup()
            .unwrap_or_else(|| setup::arrange_by_styles(rules, &mut rng).0);
    }
    let mut sides: Vec<Player> = agents
        .iter()
        .map(|&a| {
            let config = Config {
                seed: rng.next_u64(),
                ..Config::default()
            };
            Player::new(a, config, rng.next_u64())
        })
        .collect();
    let mut pos = start_position(setups[0], setups[1]);
    let mut seen: Vec<(u32, Position)> = Vec::new();
    let mut ply = 0u32;
    let winner: Option<Side> = loop {
        if ply >= max_plies {
            break None;
        }
        seen.push((ply, pos));
        let chosen = if ply < random_plies {
            search::baseline::random(rules, &pos, &mut rng)
        } else {
            sides[pos.to_move.index()]
                .choose(rules, &pos)
                .map(|c| c.chosen)
        };
        let Some(m) = chosen else {
            break Some(pos.to_move.opponent());
        };
        match m.end.result() {
            Some(GameResult::Win { winner, .. }) => break Some(winner),
            Some(GameResult::Annulled | GameResult::Draw) => break None,
            None => {}
        }
        pos = m.end.finished().expect("finishes").position_after(&pos);
        ply += 1;
    };
    label(variant, rules, game, seen, winner, random_plies)
}

/// The positions `seen` of game `game` (with their plies), from ply `from`
/// on, labelled with the game's result for their side to move.
fn label(
    variant: usize,
    rules: &Rules,
    game: u64,
    seen: Vec<(u32, Position)>,
    winner: Option<Side>,
    from: u32,
) -> Vec<Sample> {
    seen.into_iter()
        .filter(|&(p, _)| p >= from)
        .map(|(ply, pos)| {
            let moves = legal_moves(rules, &pos);
            let can_capture = moves.iter().any(|m| {
                m.end.captured() > 0 || matches!(m.end.result(), Some(GameResult::Win { .. }))
            });
            Sample {
                variant,
                game,
                ply,
                result: match winner {
                    Some(w) if w == pos.to_move => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                },
                can_capture,
                pos,
            }
        })
        .collect()
}

/// The games of a match log (`examples/strength.rs --verbose --plies`, both
/// sides on the arrangements of `arrangements`, one a line as that example
/// reads them), replayed through the engine: their positions, labelled.
/// Game `g` of log `n` is game `n · 1 000 000 + g` (for the holdout).
fn from_logs(logs: &str, arrangements: &str, variants: &[(&str, Rules)]) -> Vec<Sample> {
    let starts: Vec<[Seeds; 16]> = std::fs::read_to_string(arrangements)
        .unwrap_or_else(|e| panic!("{arrangements}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| common::parse_arrangement(l.split_whitespace().last().expect("a line")))
        .collect();
    let mut out = Vec::new();
    for (n, log) in logs.split(',').enumerate() {
        let text = std::fs::read_to_string(log).unwrap_or_else(|e| panic!("{log}: {e}"));
        let mut lines = text.lines().peekable();
        while let Some(line) = lines.next() {
            // "ludii vs panel(depth=10) game 6 (player North): 57 plies, END, 159.9 s"
            let Some((head, tail)) = line.split_once(" game ") else {
                continue;
            };
            let Some((g, rest)) = tail.split_once(" (player ") else {
                continue;
            };
            let Some(variant) = variants
                .iter()
                .position(|(v, _)| head.starts_with(&format!("{v} vs ")))
            else {
                continue;
            };
            let rules = &variants[variant].1;
            let g: u64 = g.parse().expect("a game number");
            // a move that won, or a side left without a move (the other won)
            let winner = if rest.contains("winner: South") || rest.contains("NoMove(North)") {
                Some(Side::South)
            } else if rest.contains("winner: North") || rest.contains("NoMove(South)") {
                Some(Side::North)
            } else {
                None
            };
            // game g (from 1) is pair (g - 1) / 2: both sides on its arrangement
            let arr = starts[((g - 1) / 2) as usize];
            let mut pos = start_position(arr, arr);
            let mut seen = Vec::new();
            // "    1 South (opponent) 12 score -6.00 depth 10 nodes 68000"
            while let Some(ply) = lines.peek().filter(|l| l.starts_with("  ")) {
                let f: Vec<&str> = ply.split_whitespace().collect();
                let i: u32 = f[0].parse().expect("a ply");
                let mv = notation::parse_for(pos.to_move, f[3]).expect("a move");
                seen.push((i - 1, pos));
                let m = legal_moves(rules, &pos)
                    .into_iter()
                    .find(|m| m.mv.same_as(&mv))
                    .unwrap_or_else(|| panic!("{log}: game {g} ply {i}: {} is not legal", f[3]));
                if let Some(f) = m.end.finished().filter(|f| f.result.is_none()) {
                    pos = f.position_after(&pos);
                }
                lines.next();
            }
            out.extend(label(
                variant,
                rules,
                n as u64 * 1_000_000 + g,
                seen,
                winner,
                0,
            ));
        }
    }
    out
}

fn save_line(s: &Sample, variants: &[(&str, Rules)]) -> String {
    let b = &s.pos.board;
    let pits = |side: Side| {
        b.side(side)
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}{}{}\t{}\t{}",
        variants[s.variant].0,
        s.game,
        s.ply,
        s.result,
        s.can_capture as u8,
        s.pos.to_move.letter(),
        s.pos.first_move as u8,
        s.pos.opponent_first_move as u8,
        s.pos.before_first_capture as u8,
        pits(Side::South),
        pits(Side::North),
    )
}

fn load_line(line: &str, variants: &[(&str, Rules)]) -> Option<Sample> {
    let f: Vec<&str> = line.split('\t').collect();
    let variant = variants.iter().position(|(n, _)| *n == f[0])?;
    let pits = |s: &str| -> [Seeds; 16] {
        let v: Vec<Seeds> = s.split(',').map(|n| n.parse().expect("a pit")).collect();
        v.try_into().expect("16 pits")
    };
    let flags = f[6].as_bytes();
    Some(Sample {
        variant,
        game: f[1].parse().expect("game"),
        ply: f[2].parse().expect("ply"),
        result: f[3].parse().expect("result"),
        can_capture: f[4] == "1",
        pos: Position {
            board: Board::from_sides(pits(f[7]), pits(f[8])),
            to_move: if f[5] == "S" {
                Side::South
            } else {
                Side::North
            },
            first_move: flags[0] == b'1',
            opponent_first_move: flags[1] == b'1',
            before_first_capture: flags[2] == b'1',
        },
    })
}

/// A data set: features (seeds and pits, not weighted) and results.
struct Data {
    x: Vec<Vec<f64>>,
    y: Vec<f64>,
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Mean cross-entropy and mean squared error of sigmoid(k · w·x).
fn loss(d: &Data, w: &[f64], k: f64) -> (f64, f64) {
    let (mut ce, mut se) = (0.0, 0.0);
    for (x, &y) in d.x.iter().zip(&d.y) {
        let z = k * x.iter().zip(w).map(|(a, b)| a * b).sum::<f64>();
        let p = sigmoid(z).clamp(1e-12, 1.0 - 1e-12);
        ce -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        se += (p - y) * (p - y);
    }
    let n = d.y.len().max(1) as f64;
    (ce / n, se / n)
}

/// The K minimising the cross-entropy for weights `w` (golden-section
/// search over log K).
fn fit_k(d: &Data, w: &[f64]) -> f64 {
    let f = |lk: f64| loss(d, w, 10f64.powf(lk)).0;
    let (mut a, mut b) = (-7.0f64, 0.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut e) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fe) = (f(c), f(e));
    for _ in 0..60 {
        if fc < fe {
            b = e;
            (e, fe) = (c, fc);
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            (c, fc) = (e, fe);
            e = a + g * (b - a);
            fe = f(e);
        }
    }
    10f64.powf((a + b) / 2.0)
}

/// Solve `a · x = b` (Gaussian elimination with partial pivoting).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .expect("rows");
        a.swap(col, piv);
        b.swap(col, piv);
        let pivot_row = a[col].clone();
        for r in col + 1..n {
            let f = a[r][col] / pivot_row[col];
            for (x, p) in a[r][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[r] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|c| a[r][c] * x[c]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    x
}

/// Logistic regression: the β minimising the mean cross-entropy of
/// sigmoid(β·x), over the features in `free` (the others keep `start`'s
/// values, as a fixed offset), plus `ridge`/2 · |β|² over them. Newton's
/// method.
fn fit_weights(d: &Data, start: &[f64], free: &[usize], ridge: f64) -> Vec<f64> {
    let mut beta = start.to_vec();
    let n = d.y.len().max(1) as f64;
    for _ in 0..50 {
        let m = free.len();
        let mut grad = vec![0.0; m];
        let mut hess = vec![vec![0.0; m]; m];
        for (x, &y) in d.x.iter().zip(&d.y) {
            let z: f64 = x.iter().zip(&beta).map(|(a, b)| a * b).sum();
            let p = sigmoid(z);
            let h = p * (1.0 - p);
            for (i, &fi) in free.iter().enumerate() {
                grad[i] += (p - y) * x[fi];
                for (j, &fj) in free.iter().enumerate() {
                    hess[i][j] += h * x[fi] * x[fj];
                }
            }
        }
        for (i, &fi) in free.iter().enumerate() {
            grad[i] = grad[i] / n + ridge * beta[fi];
            for h in hess[i].iter_mut() {
                *h /= n;
            }
            hess[i][i] += ridge;
        }
        let step = solve(hess, grad);
        let mut biggest = 0f64;
        for (i, &fi) in free.iter().enumerate() {
            beta[fi] -= step[i];
            biggest = biggest.max((step[i] / beta[fi].abs().max(1e-9)).abs());
        }
        if biggest < 1e-10 {
            break;
        }
    }
    beta
}

fn main() {
    let args = Args::from_env();
    let opt = |name: &str| args.opt(name);
    let seed: u64 = opt("--seed").map_or(1, |s| s.parse().expect("--seed S"));
    let games: u64 = opt("--games").map_or(200, |s| s.parse().expect("--games N"));
    let skip: u32 = opt("--skip").map_or(2, |s| s.parse().expect("--skip N"));
    let random_plies: u32 =
        opt("--random-plies").map_or(0, |s| s.parse().expect("--random-plies R"));
    let max_plies: u32 = opt("--max-plies").map_or(300, |s| s.parse().expect("--max-plies N"));
    let holdout: f64 = opt("--holdout").map_or(0.1, |s| s.parse().expect("--holdout F"));
    let quiet = args.flag("--quiet");
    let ridge: f64 = opt("--ridge").map_or(1e-4, |s| s.parse().expect("--ridge L"));
    let players: Vec<Agent> = opt("--players")
        .unwrap_or_else(|| "nodes:500,nodes:2000".into())
        .split(',')
        .map(|s| Agent::parse(s).unwrap_or_else(|| panic!("unknown player {s:?}")))
        .collect();
    let all_variants = common::all_variants();
    let variants = args.variants();
    let extras: Vec<String> = opt("--extra")
        .map(|s| s.split(',').map(String::from).collect())
        .unwrap_or_default();
    for e in &extras {
        assert!(EXTRAS.contains(&e.as_str()), "unknown --extra {e:?}");
    }
    let names: Vec<String> = FEATURE_NAMES
        .iter()
        .map(|s| s.to_string())
        .chain(extras.iter().cloned())
        .collect();
    let free: Vec<usize> = match opt("--fit") {
        Some(s) => s
            .split(',')
            .map(|f| {
                names
                    .iter()
                    .position(|n| n == f)
                    .unwrap_or_else(|| panic!("unknown --fit {f:?}"))
            })
            .collect(),
        None => (0..names.len()).collect(),
    };

    // the samples: played, or loaded
    let samples: Vec<Sample> = match (opt("--load"), opt("--games-log")) {
        (_, Some(logs)) => from_logs(
            &logs,
            &opt("--arrangements").expect("--games-log needs --arrangements FILE"),
            &all_variants,
        )
        .into_iter()
        .filter(|s| {
            variants
                .iter()
                .any(|(n, _)| *n == all_variants[s.variant].0)
        })
        .collect(),
        (Some(path), None) => std::fs::read_to_string(&path)
            .expect("--load FILE")
            .lines()
            .filter_map(|l| load_line(l, &all_variants))
            .filter(|s| {
                variants
                    .iter()
                    .any(|(n, _)| *n == all_variants[s.variant].0)
            })
            .collect(),
        (None, None) => {
            let jobs: Vec<(usize, u64)> = variants
                .iter()
                .flat_map(|(n, _)| {
                    let v = all_variants
                        .iter()
                        .position(|(m, _)| m == n)
                        .expect("known");
                    (0..games).map(move |g| (v, g))
                })
                .collect();
            let t = std::time::Instant::now();
            let out: Vec<Vec<Sample>> = jobs
                .par_iter()
                .map(|&(v, g)| {
                    play(
                        v,
                        &all_variants[v].1,
                        &players,
                        seed,
                        g,
                        random_plies,
                        max_plies,
                    )
                })
                .collect();
            eprintln!("{} games in {:.0} s", jobs.len(), t.elapsed().as_secs_f64());
            out.into_iter().flatten().collect()
        }
    };
    if let Some(path) = opt("--save") {
        let mut text = String::new();
        for s in &samples {
            writeln!(text, "{}", save_line(s, &all_variants)).expect("a string");
        }
        std::fs::write(&path, text).expect("--save FILE");
        eprintln!("{} positions written to {path}", samples.len());
    }

    println!(
        "# Evaluation fitted to game results (seed {seed}, {}, skip {skip} plies{}, holdout {holdout})\n",
        match (opt("--games-log"), opt("--load")) {
            (Some(logs), _) => format!("the games of {logs}"),
            (None, Some(file)) => format!("the positions of {file}"),
            (None, None) => format!(
                "players {}",
                players
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        },
        if quiet { ", quiet positions only" } else { "" }
    );
    let defaults: Vec<f64> = Weights::default()
        .to_array()
        .iter()
        .map(|&w| w as f64)
        .chain(extras.iter().map(|_| 0.0))
        .collect();
    // which games are held out: a hash of (variant, game, seed)
    let held_out = |s: &Sample| {
        let mut r = Rng::stream(seed ^ 0x7e57, (s.variant as u64) << 32 | s.game);
        (r.next_u64() % 1_000_000) as f64 / 1e6 < holdout
    };
    let mut groups: Vec<(String, Vec<usize>)> = variants
        .iter()
        .map(|(n, _)| {
            let v = all_variants
                .iter()
                .position(|(m, _)| m == n)
                .expect("known");
            (n.to_string(), vec![v])
        })
        .collect();
    if groups.len() > 1 {
        let all = groups.iter().flat_map(|(_, v)| v.clone()).collect();
        groups.push(("pooled".into(), all));
    }
    let data_of = |vs: &[usize], test: bool| -> Data {
        let mut d = Data {
            x: Vec::new(),
            y: Vec::new(),
        };
        for s in &samples {
            if !vs.contains(&s.variant) || s.ply < skip || (quiet && s.can_capture) {
                continue;
            }
            if held_out(s) != test {
                continue;
            }
            let mut x: Vec<f64> = search::features(&s.pos).iter().map(|&f| f as f64).collect();
            x.extend(extras.iter().map(|e| extra(e, &s.pos)));
            d.x.push(x);
            d.y.push(s.result);
        }
        d
    };
    println!(
        "| rule set | train / test positions | K (default) | test loss before (CE / MSE) | test loss after (CE / MSE) | weights ({}) | K (fitted) |",
        names.join(", ")
    );
    println!("|---|---:|---:|---|---|---|---:|");
    let mut fitted: Vec<(String, Vec<f64>)> = Vec::new();
    for (name, vs) in &groups {
        let train = data_of(vs, false);
        let test = data_of(vs, true);
        let k0 = fit_k(&train, &defaults);
        let start: Vec<f64> = defaults.iter().map(|w| w * k0).collect();
        let beta = fit_weights(&train, &start, &free, ridge);
        // scaled to material 100 (only the ratios matter to the search)
        let scale = 100.0 / beta[0];
        let w: Vec<f64> = beta.iter().map(|b| b * scale).collect();
        let rounded: Vec<f64> = w.iter().map(|x| x.round()).collect();
        let k1 = fit_k(&train, &rounded);
        let before = loss(&test, &defaults, k0);
        let after = loss(&test, &rounded, k1);
        println!(
            "| {name} | {} / {} | {:.5} | {:.4} / {:.4} | {:.4} / {:.4} | {} | {:.5} |",
            train.y.len(),
            test.y.len(),
            k0,
            before.0,
            before.1,
            after.0,
            after.1,
            rounded
                .iter()
                .map(|x| format!("{x:.0}"))
                .collect::<Vec<_>>()
                .join(", "),
            k1
        );
        fitted.push((name.clone(), rounded));
    }
    // each fit on each rule set's held-out positions (K refitted on its
    // training positions)
    if groups.len() > 1 {
        println!("\nHeld-out cross-entropy of each fit (rows) on each rule set (columns):\n");
        println!(
            "| weights | {} |",
            groups
                .iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(" | ")
        );
        println!("|---|{}", "---:|".repeat(groups.len()));
        let mut rows = vec![("default".to_string(), defaults.clone())];
        rows.extend(fitted.iter().cloned());
        let sets: Vec<(Data, Data)> = groups
            .iter()
            .map(|(_, vs)| (data_of(vs, false), data_of(vs, true)))
            .collect();
        for (wn, w) in &rows {
            let cells: Vec<String> = sets
                .iter()
                .map(|(train, test)| format!("{:.4}", loss(test, w, fit_k(train, w)).0))
                .collect();
            println!("| {wn} | {} |", cells.join(" | "));
        }
    }
    println!("\nFor examples/strength.rs (the engine's five weights):\n");
    for (name, w) in &fitted {
        let five: Vec<String> = w[..FEATURES].iter().map(|x| format!("{x:.0}")).collect();
        println!("{name}: --weights {}", five.join(","));
    }
}
