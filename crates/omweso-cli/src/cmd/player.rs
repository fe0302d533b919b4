//! `omweso bestmove`, `setup` and `selfplay`: the search player's commands.

use omweso::diagram::narrate;
use omweso::engine::notation;
use omweso::engine::search::{self, Config, Limits, Score, Searcher};
use omweso::model::PositionDoc;
use omweso::selfplay::{self, Agent, Player, RecordInfo};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// What bounds `bestmove`'s search, as given on the command line.
pub struct Budget {
    pub time_ms: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub threads: Option<u32>,
}

pub fn bestmove(
    doc: &PositionDoc,
    budget: Budget,
    panel: Option<u32>,
    json: bool,
) -> Result<ExitCode, String> {
    let rules = &doc.variant.variant.rules;
    let pos = &doc.position;
    let Budget {
        time_ms,
        depth,
        nodes,
        threads,
    } = budget;
    let time_ms = time_ms.or((depth.is_none() && nodes.is_none()).then_some(1000));
    let threads = threads.unwrap_or(1);
    let limits = Limits {
        depth: depth
            .unwrap_or(search::MAX_DEPTH)
            .clamp(1, search::MAX_DEPTH),
        nodes,
    };
    let start = Instant::now();
    let r = match panel {
        Some(depth) => search::panel::Panel::new(depth).search(rules, pos),
        None => {
            let mut player = Searcher::new(Config {
                threads,
                ..Config::default()
            });
            let deadline = time_ms.map(|ms| start + Duration::from_millis(ms));
            player.search(rules, pos, limits, &mut || {
                deadline.is_some_and(|d| Instant::now() >= d)
            })
        }
    };
    let elapsed = start.elapsed();
    let mover = pos.to_move;
    let pv = notation::format_line(mover, &r.pv);
    let nps = r.nodes as f64 / elapsed.as_secs_f64().max(1e-6);
    let score = Score::of(r.score);
    if json {
        let out = serde_json::json!({
            "variant": doc.variant.name(),
            "to_move": mover.name(),
            "move": r.best.as_ref().map(|m| notation::format_with_side(mover, &m.mv)),
            "score": score_json(score),
            "depth": r.depth,
            "nodes": r.nodes,
            "generations": r.generations,
            "time_ms": elapsed.as_millis() as u64,
            "nodes_per_second": nps.round() as u64,
            "stopped": r.stopped,
            "pv": pv,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
    } else {
        match &r.best {
            None => println!("{}", omweso::diagram::narrate::no_legal_move(mover)),
            Some(m) => {
                println!("bestmove {}", notation::format_with_side(mover, &m.mv));
                println!("score    {}", narrate::score_line(score));
                println!("depth    {}", r.depth);
                println!(
                    "nodes    {} ({} generations, {} ms, {:.0} nodes/s)",
                    r.nodes,
                    r.generations,
                    elapsed.as_millis(),
                    nps
                );
                println!("pv       {}", pv.join(" "));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A score as JSON: `{"kind": "win" | "loss" | "centiseeds", "value": N}`.
fn score_json(score: Score) -> serde_json::Value {
    let (kind, value) = match score {
        Score::Win(p) => ("win", p as i64),
        Score::Loss(p) => ("loss", p as i64),
        Score::Centiseeds(c) => ("centiseeds", c as i64),
    };
    serde_json::json!({"kind": kind, "value": value})
}

/// How `omweso setup` draws its arrangement.
pub enum Draw {
    /// The policy's for the seat ([`search::setup::arrange_styled`]).
    Policy(omweso::engine::Side),
    /// By the players' styles ([`search::setup::arrange_by_styles`]).
    Styles,
    /// By the styles until the first mover is within `margin_seeds` of
    /// level by each judge of `judges` (node budgets) in turn
    /// ([`search::setup::arrange_balanced`]).
    Balanced { margin_seeds: u32, judges: Vec<u64> },
}

/// `--balanced`'s node budget unless `--nodes` is given.
pub const BALANCED_NODES: u64 = 300_000;

/// `omweso setup`: one arrangement, drawn as `draw` says.
pub fn setup(variant: &str, seed: Option<u64>, draw: Draw, json: bool) -> Result<ExitCode, String> {
    let here = std::path::Path::new(".");
    let variants = super::variants_for(here);
    let vdoc = variants.resolve(variant, here).map_err(|e| e.to_string())?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut rng = search::Rng::new(seed);
    let rules = &vdoc.variant.rules;
    let mut balance = None;
    let (pits, style) = match draw {
        Draw::Policy(side) => search::setup::arrange_styled(rules, side, &mut rng),
        Draw::Styles => search::setup::arrange_by_styles(rules, &mut rng),
        Draw::Balanced {
            margin_seeds,
            ref judges,
        } => {
            let found =
                search::setup::arrange_balanced(rules, &mut rng, judges, margin_seeds as i32 * 100);
            balance = Some(found);
            (found.pits, found.style)
        }
    };
    let list: Vec<String> = pits.iter().map(|n| n.to_string()).collect();
    if json {
        let mut out = serde_json::json!({
            "variant": vdoc.name(),
            "seed": seed,
            "style": style.name(),
            "pits": pits,
        });
        if let Draw::Policy(side) = draw {
            out["side"] = side.name().into();
        }
        if let (Some(b), Draw::Balanced { judges, .. }) = (balance, &draw) {
            out["judges"] = judges.clone().into();
            out["first_mover_score"] = score_json(Score::of(b.score));
            out["draws"] = b.draws.into();
            out["balanced"] = b.balanced.into();
        }
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
    } else {
        let what = match draw {
            Draw::Policy(_) => "the set-up policy's arrangement",
            Draw::Styles => "an arrangement by the players' styles",
            Draw::Balanced { .. } => "a balanced arrangement by the players' styles",
        };
        println!("# {what}: pits 1-16, counted from the player's seat");
        println!("variant: {}", vdoc.name());
        println!("seed: {seed}");
        if let Draw::Policy(side) = draw {
            println!("side: {}", side.name());
        }
        println!("style: {}", style.name());
        println!("pits: [{}]", list.join(", "));
        if let Some(b) = balance {
            println!(
                "# both sides on it, South moving first: the first mover's score{}",
                if b.balanced {
                    String::new()
                } else {
                    format!(
                        " (none of {} draws was within the margin: the nearest)",
                        b.draws
                    )
                }
            );
            println!(
                "first_mover_score: {}",
                narrate::score_line(Score::of(b.score))
            );
            println!("draws: {}", b.draws);
        }
    }
    if balance.is_some_and(|b| !b.balanced) {
        eprintln!("omweso: no balanced arrangement within the margin; printed the nearest");
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// A variant name or a path to a variant file.
    #[arg(long, default_value = super::DEFAULT_VARIANT)]
    variant: String,
    #[arg(long, default_value_t = 1)]
    games: u64,
    /// Time a move (wall clock: not reproducible; prefer --nodes).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=super::MAX_NODES))]
    time_ms: Option<u64>,
    /// A node budget a move, 1 to 10^10 (reproducible).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=super::MAX_NODES))]
    nodes: Option<u64>,
    /// A fixed depth a move, 1 to 64 (reproducible).
    #[arg(long, value_parser = super::depths())]
    depth: Option<u32>,
    /// Seeds the set-ups (game g uses its own stream).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many plies (its result is then `none`).
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// The folder to write the records into (created if missing). A
    /// record is never written over an existing file (nor through a
    /// link): the command refuses before it plays.
    #[arg(long)]
    out: PathBuf,
}

pub fn selfplay(a: SelfplayArgs) -> Result<ExitCode, String> {
    let variants = super::variants_for(&a.out);
    let vdoc = variants
        .resolve_typed(&a.variant)
        .map_err(|e| e.to_string())?;
    let rules = vdoc.variant.rules;
    let time_ms = a
        .time_ms
        .or((a.depth.is_none() && a.nodes.is_none()).then_some(1000));
    let agent = Agent::Search {
        depth: a.depth,
        nodes: a.nodes,
        time_ms,
    };
    std::fs::create_dir_all(&a.out)
        .map_err(|e| format!("cannot create {}: {e}", a.out.display()))?;
    let id = |g: u64| format!("selfplay-{}-s{}-g{}", vdoc.name(), a.seed, g + 1);
    let path = |g: u64| a.out.join(format!("{}.yaml", id(g)));
    // refused before any game is played: a record never replaces a file
    // (an annotated record, or whatever a link points to)
    let taken: Vec<String> = (0..a.games)
        .map(path)
        .filter(|p| p.exists() || p.is_symlink())
        .map(|p| p.display().to_string())
        .collect();
    if let Some(first) = taken.first() {
        let more = match taken.len() - 1 {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        return Err(format!(
            "{first}{more} already exist: self-play never writes over a file; choose \
             another --out or --seed, or move them away"
        ));
    }
    let mut limit = String::new();
    if let Some(d) = a.depth {
        limit.push_str(&format!(" --depth {d}"));
    }
    if let Some(n) = a.nodes {
        limit.push_str(&format!(" --nodes {n}"));
    }
    if let Some(t) = time_ms {
        limit.push_str(&format!(" --time-ms {t}"));
    }
    for g in 0..a.games {
        let (south, north) = selfplay::setups(&rules, a.seed, g);
        let config = Config::default();
        let (south_seed, north_seed) = selfplay::player_seeds(a.seed, g);
        let mut s = Player::new(agent, config, south_seed);
        let mut n = Player::new(agent, config, north_seed);
        let game = selfplay::play_game(
            &rules,
            selfplay::start_position(south, north),
            &mut s,
            &mut n,
            a.max_plies,
        );
        let info = RecordInfo {
            id: id(g),
            variant: vdoc.name().to_string(),
            south: format!("omweso {}", agent.name()),
            north: format!("omweso {}", agent.name()),
            made_by: format!(
                "generated: omweso selfplay --variant {}{limit} --seed {} --max-plies {} (game {} of {})",
                vdoc.name(),
                a.seed,
                a.max_plies,
                g + 1,
                a.games
            ),
            max_plies: a.max_plies,
        };
        let path = path(g);
        // create_new: never over a file or through a link made meanwhile
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut f| {
                std::io::Write::write_all(&mut f, selfplay::record_yaml(&game, &info).as_bytes())
            })
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!(
            "{}  {} plies  {}",
            path.display(),
            game.plies.len(),
            game.end.name()
        );
    }
    Ok(ExitCode::SUCCESS)
}
