//! The puzzle generator: plays plausible games from legal set-ups and keeps
//! the positions where a goal has exactly one solution.
//!
//! Game `g` of a run uses its own ChaCha stream (`seed`, stream `g`), games
//! are played in parallel in fixed batches and merged in game order, so the
//! result depends on the seed only, never on the number of threads.

use super::solve::{self, AnswerKey, Evaluation, Rating};
use super::verify::{
    PositionKey, verify_dir, verify_file, what_happens_rating, what_happens_themes,
};
use super::{Difficulty, Goal, MAX_TRACE_LAPS};
use crate::engine::notation;
use crate::engine::{
    Board, GameResult, LegalMove, Move, MoveEnd, Pit, Played, Position, Rules, Seeds, Side,
    legal_moves, trace,
};
use crate::model::{Diagnostics, VariantDoc, Variants, position_yaml};
use crate::narrate;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// What to generate.
#[derive(Clone, Debug)]
pub struct Options {
    pub goal: Goal,
    pub count: usize,
    pub variant: VariantDoc,
    pub seed: u64,
    /// Keep only puzzles the engine rates so.
    pub difficulty: Option<Difficulty>,
    /// Give up after this many games.
    pub max_games: u64,
    /// Most seeds in one pit at set-up (default: the variant's limit, else 10
    /// as Sandeman reports).
    pub max_per_pit: Option<Seeds>,
    /// Positions not to produce again (e.g. the puzzles already in the
    /// output folder), by [`PositionKey`].
    pub exclude: HashSet<PositionKey>,
    /// Who plays the games the puzzles are found in.
    pub player: Player,
}

/// Who plays the generator's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Random set-ups, then the biggest capture or a random move (the
    /// first generator's games).
    Mix,
    /// The search player on both sides, from set-ups arranged as players
    /// arrange them (`omweso selfplay`'s), this many positions a move.
    Search { nodes: u64 },
}

impl Player {
    /// The games in words, for a puzzle's provenance.
    fn describe(self, variant: &str, seed: u64, game: u64) -> String {
        match self {
            Player::Mix => format!("random and greedy play ({variant}, seed {seed}, game {game})"),
            Player::Search { nodes } => format!(
                "engine self-play ({variant}, the search player at {nodes} positions a move, seed {seed}, game {game})"
            ),
        }
    }
}

impl Options {
    pub fn new(goal: Goal, count: usize, variant: VariantDoc, seed: u64) -> Options {
        Options {
            goal,
            count,
            variant,
            seed,
            difficulty: None,
            max_games: 20_000,
            max_per_pit: None,
            exclude: HashSet::new(),
            player: Player::Mix,
        }
    }
}

/// A generated, verified puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    pub id: String,
    pub goal: Goal,
    pub position: Position,
    /// The solution (or, for what-happens, the move asked about).
    pub mv: Move,
    pub played: Played,
    pub difficulty: Difficulty,
    pub themes: Vec<String>,
    pub title: String,
    pub hint: String,
    pub explanation: String,
    /// Where it came from: game number and ply.
    pub game: u64,
    pub ply: u32,
    /// The move that led to the position, with side (none at a game's
    /// start).
    pub previous: Option<String>,
    /// The puzzle file.
    pub yaml: String,
}

/// Games played per parallel batch (fixed, so results do not depend on the
/// number of threads).
const BATCH: u64 = 16;
/// Plies played at most per game.
const MAX_PLIES: u32 = 400;
/// Candidates kept at most per game (for variety).
const PER_GAME: usize = 2;

/// Why puzzles could not be generated or written.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The goal does not exist under the variant (e.g. nkutemye in Ludii).
    #[error("{0}")]
    GoalUnavailable(String),
    #[error("cannot write {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "found only {} in {games} games (try another seed, or a larger --max-games)",
        narrate::plural(*found as u64, &format!("{goal} puzzle"))
    )]
    TooFew {
        found: usize,
        goal: Goal,
        games: u64,
    },
    /// A written puzzle does not verify (a generator bug, never hidden).
    #[error("{0}")]
    Unverified(Diagnostics),
}

/// Generate puzzles into the folder `dir` (created if missing): positions
/// of the same goal and variant already there are not produced again, and
/// every file is written and verified as soon as it is found (so a run
/// stopped, or ending with too few, keeps what it found), then given to
/// `wrote`. Returns the files with their puzzles.
pub fn generate_into(
    dir: &Path,
    mut opts: Options,
    variants: &Variants,
    tick: &(dyn Fn(usize) + Sync),
    wrote: &mut dyn FnMut(&Path, &Generated),
) -> Result<Vec<(PathBuf, Generated)>, GenerateError> {
    if dir.is_dir() {
        let (existing, _) = verify_dir(dir, variants);
        opts.exclude.extend(
            existing
                .iter()
                .filter(|p| p.goal == opts.goal && p.variant == opts.variant.name())
                .map(|p| PositionKey::of(&p.doc.position)),
        );
    }
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| GenerateError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut out = Vec::with_capacity(opts.count);
    generate_each(&opts, tick, &mut |g| {
        let path = dir.join(format!("{}.yaml", g.id));
        std::fs::write(&path, &g.yaml).map_err(io(&path))?;
        verify_file(&path, variants).map_err(GenerateError::Unverified)?;
        wrote(&path, &g);
        out.push((path, g));
        Ok(())
    })?;
    Ok(out)
}

/// Generate puzzles. `tick` is called with the number found so far.
pub fn generate(
    opts: &Options,
    tick: &(dyn Fn(usize) + Sync),
) -> Result<Vec<Generated>, GenerateError> {
    let mut out = Vec::with_capacity(opts.count);
    generate_each(opts, tick, &mut |g| {
        out.push(g);
        Ok(())
    })?;
    Ok(out)
}

/// Generate puzzles, each given to `each` as soon as its batch of games is
/// played. `tick` is called with the number found so far.
pub fn generate_each(
    opts: &Options,
    tick: &(dyn Fn(usize) + Sync),
    each: &mut dyn FnMut(Generated) -> Result<(), GenerateError>,
) -> Result<(), GenerateError> {
    let rules = *opts.variant.rules();
    if let Some(why) = solve::goal_unavailable(opts.goal, &rules, opts.variant.name()) {
        return Err(GenerateError::GoalUnavailable(why));
    }
    let mut n = 0;
    let mut seen: HashSet<PositionKey> = opts.exclude.clone();
    let mut next = 0u64;
    while n < opts.count && next < opts.max_games {
        let end = (next + BATCH).min(opts.max_games);
        let found: Vec<Vec<Generated>> = (next..end)
            .into_par_iter()
            .map(|g| play_game(opts, &rules, g))
            .collect();
        next = end;
        for g in found.into_iter().flatten() {
            if n >= opts.count {
                break;
            }
            if seen.insert(PositionKey::of(&g.position)) {
                n += 1;
                each(g)?;
            }
        }
        tick(n);
    }
    if n < opts.count {
        return Err(GenerateError::TooFew {
            found: n,
            goal: opts.goal,
            games: next,
        });
    }
    Ok(())
}

/// A legal set-up for one side: 32 seeds over 16 pits, arranged as real
/// players do — biased towards the outer or the inner row, or spread — and
/// at most `cap` in a pit.
pub fn setup(rng: &mut ChaCha8Rng, cap: Seeds) -> [Seeds; 16] {
    let cap = cap.max(2);
    let style = rng.random_range(0..4u8);
    let weights: [u32; 16] = std::array::from_fn(|i| {
        let inner = i >= 8;
        match style {
            0 => {
                if inner {
                    4
                } else {
                    1
                }
            }
            1 => {
                if inner {
                    1
                } else {
                    3
                }
            }
            2 => 2,
            _ => rng.random_range(0..5u32),
        }
    });
    let mut pits = [0 as Seeds; 16];
    let mut left = 32u32;
    while left > 0 {
        let total: u32 = (0..16)
            .filter(|&i| pits[i] < cap)
            .map(|i| weights[i] + 1)
            .sum();
        let mut r = rng.random_range(0..total);
        for i in 0..16 {
            if pits[i] >= cap {
                continue;
            }
            let w = weights[i] + 1;
            if r < w {
                pits[i] += 1;
                break;
            }
            r -= w;
        }
        left -= 1;
    }
    pits
}

fn play_game(opts: &Options, rules: &Rules, game: u64) -> Vec<Generated> {
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    rng.set_stream(game);
    let cap = opts
        .max_per_pit
        .or(rules.max_setup_seeds_per_pit)
        .unwrap_or(10);
    let mut engine_rng = crate::engine::search::Rng::stream(opts.seed, game);
    let (south, north) = match opts.player {
        Player::Mix => (setup(&mut rng, cap), setup(&mut rng, cap)),
        Player::Search { .. } => (
            crate::engine::search::setup::arrange(rules, &mut engine_rng),
            crate::engine::search::setup::arrange(rules, &mut engine_rng),
        ),
    };
    let mut searcher = match opts.player {
        Player::Search { .. } => Some(crate::engine::search::Searcher::new(
            crate::engine::search::Config {
                tt_bits: 16,
                ..Default::default()
            },
        )),
        Player::Mix => None,
    };
    let mut previous: Option<String> = None;
    let mut pos = Position {
        board: Board::from_sides(south, north),
        to_move: if rng.random_bool(0.5) {
            Side::South
        } else {
            Side::North
        },
        first_move: true,
        opponent_first_move: true,
        before_first_capture: true,
    };
    let greedy = rng.random_range(0.3..0.95);
    let min_ply = rng.random_range(2..12u32);
    let mut found = Vec::new();
    let mut skip_until = 0u32;
    for ply in 0..MAX_PLIES {
        let moves = legal_moves(rules, &pos);
        if moves.is_empty() {
            break;
        }
        if ply >= min_ply
            && ply >= skip_until
            && !opts.exclude.contains(&PositionKey::of(&pos))
            && let Some(g) = candidate(
                opts,
                rules,
                &pos,
                moves.clone(),
                At {
                    game,
                    ply,
                    previous: previous.clone(),
                },
                &mut rng,
            )
        {
            found.push(g);
            if found.len() >= PER_GAME {
                break;
            }
            skip_until = ply + 8;
        }
        // play on: greedy (the biggest capture) or random, never a
        // never-ending move
        let finished: Vec<&LegalMove> = moves.iter().filter(|m| !m.end.is_never_ending()).collect();
        let Some(&first) = finished.first() else {
            break;
        };
        let chosen = if let (Player::Search { nodes }, Some(s)) = (opts.player, searcher.as_mut()) {
            let found = s.search(
                rules,
                &pos,
                crate::engine::search::Limits::nodes(nodes),
                &mut || false,
            );
            // a game the player would end with a never-ending move ends
            let Some(best) = found.best.filter(|m| !m.end.is_never_ending()) else {
                break;
            };
            let Some(m) = finished.iter().find(|m| m.mv.same_as(&best.mv)) else {
                break;
            };
            *m
        } else if rng.random_bool(greedy) {
            let best = finished.iter().map(|m| m.end.captured()).max().unwrap_or(0);
            let top: Vec<&&LegalMove> = finished
                .iter()
                .filter(|m| m.end.captured() == best)
                .collect();
            **top.choose(&mut rng).expect("a best move")
        } else {
            *finished.choose(&mut rng).unwrap_or(&first)
        };
        let f = *chosen.end.finished().expect("finished");
        if f.result.is_some() {
            break;
        }
        previous = Some(notation::format_with_side(pos.to_move, &chosen.mv));
        pos = f.position_after(&pos);
    }
    found
}

/// Cheap tests before the full evaluation.
fn promising(goal: Goal, rules: &Rules, pos: &Position, moves: &[LegalMove]) -> bool {
    let mover = pos.to_move;
    let wins = |m: &LegalMove| matches!(m.end.result(), Some(GameResult::Win { winner, .. }) if winner == mover);
    let distinct: HashSet<AnswerKey> = moves.iter().map(AnswerKey::of).collect();
    match goal {
        Goal::WinNow => distinct.len() >= 3 && moves.iter().any(wins),
        Goal::CutOffTheHead => {
            distinct.len() >= 3
                && moves
                    .iter()
                    .any(|m| m.end.finished().is_some_and(|f| f.cut_heads) && wins(m))
        }
        Goal::BiggestCapture => {
            let capturing: HashSet<AnswerKey> = moves
                .iter()
                .filter(|m| m.end.captured() > 0)
                .map(AnswerKey::of)
                .collect();
            capturing.len() >= 3
        }
        Goal::OnlySafeMove => distinct.len() >= 4 && !moves.iter().any(wins),
        Goal::WinInTwo => {
            let opp = mover.opponent();
            let movable = pos.board.side(opp).iter().filter(|&&n| n >= 2).count();
            distinct.len() >= 3 && movable <= 5 && !moves.iter().any(wins) && rules.wins.no_move
        }
        Goal::WhatHappens => moves
            .iter()
            .any(|m| m.end.is_never_ending() || m.end.finished().is_some_and(|f| f.laps >= 15)),
    }
}

/// Where in the generator's games a candidate position is.
struct At {
    game: u64,
    ply: u32,
    /// The move that led to it, with side.
    previous: Option<String>,
}

fn candidate(
    opts: &Options,
    rules: &Rules,
    pos: &Position,
    moves: Vec<LegalMove>,
    at: At,
    rng: &mut ChaCha8Rng,
) -> Option<Generated> {
    let goal = opts.goal;
    if !promising(goal, rules, pos, &moves) {
        return None;
    }
    if goal == Goal::WhatHappens {
        // the never-ending move, else the longest
        let m = moves.iter().find(|m| m.end.is_never_ending()).or_else(|| {
            moves
                .iter()
                .filter(|m| m.end.finished().is_some_and(|f| f.laps >= 15))
                .max_by_key(|m| m.end.finished().map_or(0, |f| f.laps))
        })?;
        let played = trace(rules, pos, &m.mv, MAX_TRACE_LAPS).ok()?;
        let difficulty = what_happens_rating(&played);
        if opts.difficulty.is_some_and(|d| d != difficulty) {
            return None;
        }
        let themes = what_happens_themes(&played);
        let (title, hint, explanation) = words_what_happens(pos, &played, rng);
        return Some(finish(
            opts,
            pos,
            played,
            difficulty,
            themes,
            title,
            hint,
            explanation,
            at,
        ));
    }
    let ev = solve::evaluate_moves(goal, rules, pos, moves, true);
    if ev.problem.is_some() || ev.partial {
        return None;
    }
    let sols = ev.solutions();
    let [sol] = sols.as_slice() else {
        return None;
    };
    // the naive choice, the biggest capture, must not solve a puzzle
    // whose goal is not the biggest capture
    let max = ev.max_capture();
    if goal != Goal::BiggestCapture && max > 0 && ev.answer_move(*sol).end.captured() == max {
        return None;
    }
    // win-now puzzles are about leaving the opponent without a move;
    // nkutemye wins have their own goal
    if goal == Goal::WinNow
        && !matches!(
            ev.answer_move(*sol).end.result(),
            Some(GameResult::Win {
                kind: crate::engine::WinKind::NoMove,
                ..
            })
        )
    {
        return None;
    }
    let mv = ev.answer_move(*sol).mv.clone();
    let played = trace(rules, pos, &mv, MAX_TRACE_LAPS).ok()?;
    let rating = solve::rate(&ev, rules, pos, *sol);
    if opts.difficulty.is_some_and(|d| d != rating.difficulty) {
        return None;
    }
    let themes = solve::themes(&ev, *sol, &played);
    let (title, hint, explanation) = words(&ev, *sol, &played, &rating, &themes, rng);
    Some(finish(
        opts,
        pos,
        played,
        rating.difficulty,
        themes,
        title,
        hint,
        explanation,
        at,
    ))
}

#[allow(clippy::too_many_arguments)]
fn finish(
    opts: &Options,
    pos: &Position,
    played: Played,
    difficulty: Difficulty,
    themes: Vec<String>,
    title: String,
    hint: String,
    explanation: String,
    at: At,
) -> Generated {
    let id = puzzle_id(opts.goal, opts.variant.name(), pos);
    let mut g = Generated {
        id,
        goal: opts.goal,
        position: *pos,
        mv: played.mv.clone(),
        played,
        difficulty,
        themes,
        title,
        hint,
        explanation,
        game: at.game,
        ply: at.ply,
        previous: at.previous,
        yaml: String::new(),
    };
    g.yaml = to_yaml(&g, opts);
    g
}

/// A stable id: goal, variant and a hash of the position (mirror images
/// share it).
pub fn puzzle_id(goal: Goal, variant: &str, pos: &Position) -> String {
    let key = PositionKey::of(pos);
    // FNV-1a, stable across platforms and versions
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for n in key.own.iter().chain(key.opp.iter()) {
        for b in n.to_le_bytes() {
            eat(b);
        }
    }
    eat(key.flags.0 as u8);
    eat(key.flags.1 as u8);
    eat(key.flags.2 as u8);
    for b in variant.bytes() {
        eat(b);
    }
    format!("{}-{}-{:06x}", goal.name(), variant, h & 0xff_ffff)
}

/// A YAML string scalar (JSON's quoting is valid YAML).
fn q(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// The puzzle file for a generated puzzle.
pub fn to_yaml(g: &Generated, opts: &Options) -> String {
    let mut s = String::new();
    s.push_str(&format!("id: {}\n", g.id));
    s.push_str(&format!("title: {}\n", q(&g.title)));
    s.push_str(&position_yaml(&g.position, opts.variant.name()));
    s.push_str(&format!("goal: {}\n", g.goal));
    let mv = q(&notation::format(&g.mv));
    if g.goal == Goal::WhatHappens {
        s.push_str(&format!("move: {mv}\n"));
        s.push_str("expect:\n");
        match &g.played.end {
            MoveEnd::NeverEnding(n) => {
                s.push_str("  never_ending: true\n");
                s.push_str(&format!(
                    "  result: {}\n",
                    crate::model::ExpectedResult::of(Some(n.result)).name()
                ));
            }
            MoveEnd::Finished(f) => {
                s.push_str("  never_ending: false\n");
                s.push_str(&format!("  captured: {}\n", f.captured));
                s.push_str(&format!("  laps: {}\n", f.laps));
                s.push_str(&format!(
                    "  result: {}\n",
                    crate::model::ExpectedResult::of(f.result).name()
                ));
            }
        }
    } else {
        s.push_str(&format!("solution: {mv}\n"));
    }
    s.push_str(&format!("difficulty: {}\n", g.difficulty));
    if !g.themes.is_empty() {
        s.push_str(&format!("themes: [{}]\n", g.themes.join(", ")));
    }
    s.push_str(&format!("hint: {}\n", q(&g.hint)));
    s.push_str(&format!("explanation: {}\n", q(&g.explanation)));
    let player = match opts.player {
        Player::Mix => String::new(),
        Player::Search { nodes } => format!(" --player search --nodes {nodes}"),
    };
    s.push_str(&format!(
        "source: {}\n",
        q(&format!(
            "generated: omweso puzzles generate --goal {} --variant {} --seed {}{player} (game {}, ply {})",
            g.goal,
            opts.variant.name(),
            opts.seed,
            g.game,
            g.ply
        ))
    ));
    s.push_str("from:\n");
    s.push_str(&format!(
        "  game: {}\n",
        q(&opts.player.describe(opts.variant.name(), opts.seed, g.game))
    ));
    s.push_str(&format!("  ply: {}\n", g.ply));
    if let Some(p) = &g.previous {
        s.push_str(&format!("  previous: {}\n", q(p)));
    }
    s
}

/// Title, hint and explanation from what the engine shows.
fn words(
    ev: &Evaluation,
    sol: usize,
    played: &Played,
    rating: &Rating,
    themes: &[String],
    rng: &mut ChaCha8Rng,
) -> (String, String, String) {
    let mover = ev.mover;
    let opp = mover.opponent();
    let t = solve::facts(played);
    let has = |s: &str| themes.iter().any(|x| x == s);
    let sol_m = ev.answer_move(sol);
    let goal = ev.goal;
    let flavour: Vec<&str> = [
        (has("reverse-capture"), "a reverse capture"),
        (has("choice-point"), "a choice in mid-move"),
        (has("relay-chain") && t.laps >= 20, "a long journey"),
        (has("relay-chain"), "follow the relays"),
        (has("chained-captures"), "capture after capture"),
        (
            has("nkutemye") && goal != Goal::CutOffTheHead,
            "both ends at once",
        ),
        (has("bait-refused"), "not the biggest capture"),
        (has("sacrifice"), "give to take"),
        (has("quiet-move"), "a quiet move"),
    ]
    .into_iter()
    .filter(|(b, _)| *b)
    .map(|(_, s)| s)
    .collect();
    let base = match goal {
        Goal::WinNow => *["Finish the game", "The last blow", "Leave nothing to play"]
            .choose(rng)
            .expect("titles"),
        Goal::CutOffTheHead => *["Cut off the head", "Both ends at once", "Nkutemye"]
            .choose(rng)
            .expect("titles"),
        Goal::BiggestCapture => *[
            "The richest harvest",
            "Biggest capture",
            "Count before you sow",
        ]
        .choose(rng)
        .expect("titles"),
        Goal::OnlySafeMove => *["Nothing to take", "Out of reach", "The only safe move"]
            .choose(rng)
            .expect("titles"),
        Goal::WinInTwo => *["Two moves to win", "Set the trap", "Win in two"]
            .choose(rng)
            .expect("titles"),
        Goal::WhatHappens => "What happens?",
    };
    let title = match flavour.choose(rng) {
        Some(f) => format!("{base}: {f}"),
        None => base.to_string(),
    };
    let hint = if t.starts_clockwise {
        "A left-hand pit may start clockwise when its last seed captures at once.".to_string()
    } else if t.later_choices > 0 {
        "The move has a choice point: after a capture, the captured seeds may go clockwise."
            .to_string()
    } else if has("bait-refused") {
        "The biggest capture on the board is not the answer.".to_string()
    } else if has("quiet-move") {
        "The answer captures nothing.".to_string()
    } else if t.relays >= 4 {
        format!(
            "Follow the relays: the answer goes on for {}.",
            narrate::laps(t.laps as u64)
        )
    } else {
        match goal {
            Goal::WinNow => format!(
                "Which of {opp}'s pits hold two or more seeds, and which of your captures reach them?",
                opp = narrate::side(opp)
            ),
            Goal::CutOffTheHead => format!(
                "{}'s end columns are pits 1 and 16 on one side, 8 and 9 on the other.",
                narrate::side(opp)
            ),
            Goal::BiggestCapture => {
                "Count each capture's seeds, and the captures they lead to.".to_string()
            }
            Goal::OnlySafeMove => format!(
                "A capture needs an occupied inner pit of {} facing two of your pits that hold seeds.",
                narrate::side(opp)
            ),
            Goal::WinInTwo => format!(
                "Look at {}'s replies after each of your moves: one move leaves only losing ones.",
                narrate::side(opp)
            ),
            Goal::WhatHappens => "Play it out lap by lap.".to_string(),
        }
    };
    let mut ex = format!(
        "{} plays {}: {}",
        narrate::side(mover),
        notation::format_with_side(mover, &sol_m.mv),
        narrate::laps(t.laps as u64)
    );
    if t.captures > 0 {
        let mut captured: Vec<Pit> = Vec::new();
        for l in &played.laps {
            if let crate::engine::LapEnd::Capture(c) = l.end {
                captured.push(c.inner);
                captured.push(c.outer);
            }
        }
        ex.push_str(&format!(
            ", {} (from {})",
            narrate::plural(t.captures as u64, "capture"),
            narrate::pits(opp, &captured)
        ));
    }
    ex.push_str(&format!("; it {}.", ev.verdicts[sol].why));
    // the most tempting failure
    let tempting = (0..ev.verdicts.len())
        .filter(|&a| a != sol && !ev.verdicts[a].ok)
        .max_by_key(|&a| ev.answer_move(a).end.captured());
    if let Some(a) = tempting
        && ev.answer_move(a).end.captured() > 0
    {
        ex.push_str(&format!(
            " By contrast {} {}.",
            notation::format_with_side(mover, &ev.answer_move(a).mv),
            ev.verdicts[a].why
        ));
    }
    ex.push_str(&format!(
        " Of the {} different moves, only this one does it.",
        ev.answers.len()
    ));
    if rating.lookalikes > 1 {
        ex.push_str(&format!(
            " {} other moves capture as much or more and fail.",
            rating.lookalikes
        ));
    }
    (title, hint, ex)
}

fn words_what_happens(
    pos: &Position,
    played: &Played,
    rng: &mut ChaCha8Rng,
) -> (String, String, String) {
    let mover = pos.to_move;
    let never = played.end.is_never_ending();
    let title = if never {
        *["Round and round", "Does it ever stop?", "The endless move"]
            .choose(rng)
            .expect("titles")
    } else {
        *["A long journey", "Where does it stop?", "Follow the seeds"]
            .choose(rng)
            .expect("titles")
    }
    .to_string();
    let hint = if never {
        "Watch for the same state coming back: the same seeds in hand from the same pit."
            .to_string()
    } else {
        "Count carefully: each lap ends in an empty pit (stop), a capture or a relay.".to_string()
    };
    let n = notation::format_with_side(mover, &played.mv);
    let ex = match &played.end {
        MoveEnd::NeverEnding(info) => format!(
            "{} {n} never ends: after {} the move enters a cycle of {} that repeats for ever, so {}.",
            narrate::side(mover),
            narrate::laps(info.laps_before_cycle.unwrap_or(0)),
            narrate::laps(info.cycle_laps),
            narrate::result(&info.result)
        ),
        MoveEnd::Finished(f) => format!(
            "{} {n} goes on for {}, {} and ends{}.",
            narrate::side(mover),
            narrate::laps(f.laps),
            narrate::captures(f.captured as u64),
            match f.result {
                Some(r) => format!(": {}", narrate::result(&r)),
                None => " without deciding the game".to_string(),
            }
        ),
    };
    (title, hint, ex)
}
