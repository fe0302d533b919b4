//! The puzzle generator: plays plausible games from legal set-ups and keeps
//! the positions where a goal has exactly one solution.
//!
//! Game `g` of a run uses its own stream of the engine's generator
//! (`Rng::stream(seed, g)`), games
//! are played in parallel in fixed batches and merged in game order, so the
//! result depends on the seed only, never on the number of threads.

use super::keys::{AnswerKey, PositionKey};
use super::make::{
    At, GeneratedPuzzle, GeneratorPlayer, PuzzleOrigin, Target, finish, game_start, to_yaml,
};
use super::solve::{self, Evaluation};
use super::verify::{verify_dir, verify_file, what_happens_rating, what_happens_themes};
use super::{Difficulty, Goal, MAX_TRACE_LAPS};
use crate::diagram::narrate;
use crate::engine::notation;
use crate::engine::search::{Limits, Rng, Score, Searcher};
use crate::engine::{
    GameResult, LegalMove, MoveEnd, Pit, Played, Position, Rules, Seeds, WinKind, legal_moves,
    trace,
};
use crate::model::{Diagnostics, GameDoc, VariantDoc, Variants, replay};
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// What to generate.
#[derive(Clone, Debug)]
pub struct GeneratorOptions {
    /// The goal every puzzle is to have.
    pub goal: Goal,
    /// Puzzles wanted.
    pub count: usize,
    /// The rule set the games are played under.
    pub variant: VariantDoc,
    /// The seed of the games' random streams (game `g` draws from stream `g`).
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
    pub player: GeneratorPlayer,
}

impl GeneratorOptions {
    /// Options for `count` puzzles with `goal` under `variant`, from
    /// `seed`; the other settings at their defaults.
    pub fn new(goal: Goal, count: usize, variant: VariantDoc, seed: u64) -> GeneratorOptions {
        GeneratorOptions {
            goal,
            count,
            variant,
            seed,
            difficulty: None,
            max_games: 20_000,
            max_per_pit: None,
            exclude: HashSet::new(),
            player: GeneratorPlayer::Mix,
        }
    }
}

/// Games played per parallel batch (fixed, so results do not depend on the
/// number of threads).
const BATCH: u64 = 16;
/// Plies played at most per game.
const MAX_PLIES: u32 = 400;
/// Candidates kept at most per game (for variety).
const PER_GAME: usize = 2;

/// The most laps a puzzle may take a solver to find its answer
/// ([`solve::effort`]): beyond it (a reply or answer that cycles for
/// millions of laps), no person can follow the solution, and the build
/// spends seconds checking it. "What happens?" puzzles, which ask about
/// one move, never-ending ones included, are not bounded.
pub(crate) const MAX_EFFORT: u64 = 20_000;

/// Why puzzles could not be generated or written.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The goal does not exist under the variant (e.g. nkutemye in Ludii).
    #[error("{0}")]
    GoalUnavailable(String),
    /// A puzzle file could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file that could not be written.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The games played found fewer puzzles than asked for.
    #[error(
        "found only {} in {games} games (try another seed, or a larger --max-games)",
        narrate::plural(*found as u64, &format!("{goal} puzzle"))
    )]
    TooFew {
        /// Puzzles found.
        found: usize,
        /// The goal asked for.
        goal: Goal,
        /// Games played.
        games: u64,
    },
    /// A written puzzle does not verify (a generator bug, never hidden).
    #[error("{0}")]
    Unverified(Diagnostics),
}

/// Mine game records into the folder `dir` (created if missing), as
/// `mine_record` does, the records in parallel: positions already
/// there for the same goal (or their mirror images), and positions found
/// twice, are not written again. Every file is verified as it is written,
/// then given to `wrote`; `tick` is called with the records done.
pub fn mine_into(
    dir: &Path,
    games: &[(&PathBuf, GameDoc)],
    goals: &[Goal],
    difficulty: Option<Difficulty>,
    variants: &Variants,
    wrote: &mut dyn FnMut(&Path, &GeneratedPuzzle),
    tick: &(dyn Fn(usize) + Sync),
) -> Result<Vec<(PathBuf, GeneratedPuzzle)>, GenerateError> {
    let mut seen: HashSet<(Goal, PositionKey)> = HashSet::new();
    if dir.is_dir() {
        let (existing, _) = verify_dir(dir, variants);
        seen.extend(
            existing
                .iter()
                .map(|p| (p.goal, PositionKey::of(&p.doc.position))),
        );
    }
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| GenerateError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let found: Vec<Vec<GeneratedPuzzle>> = games
        .par_iter()
        .map(|(path, game)| {
            let g = mine_record(game, &path.display().to_string(), goals, difficulty, &seen);
            tick(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
            g
        })
        .collect();
    let mut out = Vec::new();
    for g in found.into_iter().flatten() {
        if !seen.insert((g.goal, PositionKey::of(&g.position))) {
            continue;
        }
        let path = dir.join(format!("{}.yaml", g.id));
        std::fs::write(&path, &g.yaml).map_err(io(&path))?;
        verify_file(&path, variants).map_err(GenerateError::Unverified)?;
        wrote(&path, &g);
        out.push((path, g));
    }
    Ok(out)
}

/// Generate puzzles into the folder `dir` (created if missing): positions
/// of the same goal and variant already there are not produced again, and
/// every file is written and verified as soon as it is found (so a run
/// stopped, or ending with too few, keeps what it found), then given to
/// `wrote`. Returns the files with their puzzles.
pub fn generate_into(
    dir: &Path,
    mut opts: GeneratorOptions,
    variants: &Variants,
    tick: &(dyn Fn(usize) + Sync),
    wrote: &mut dyn FnMut(&Path, &GeneratedPuzzle),
) -> Result<Vec<(PathBuf, GeneratedPuzzle)>, GenerateError> {
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
    opts: &GeneratorOptions,
    tick: &(dyn Fn(usize) + Sync),
) -> Result<Vec<GeneratedPuzzle>, GenerateError> {
    let mut out = Vec::with_capacity(opts.count);
    generate_each(opts, tick, &mut |g| {
        out.push(g);
        Ok(())
    })?;
    Ok(out)
}

/// Generate puzzles, each given to `each` as soon as its batch of games is
/// played. `tick` is called with the number found so far.
pub(crate) fn generate_each(
    opts: &GeneratorOptions,
    tick: &(dyn Fn(usize) + Sync),
    each: &mut dyn FnMut(GeneratedPuzzle) -> Result<(), GenerateError>,
) -> Result<(), GenerateError> {
    let rules = *opts.variant.rules();
    if let Some(why) = solve::goal_unavailable(opts.goal, &rules, opts.variant.name()) {
        return Err(GenerateError::GoalUnavailable(why));
    }
    if opts.goal == Goal::WinInThree && opts.player == GeneratorPlayer::Mix {
        return Err(GenerateError::GoalUnavailable(
            "win-in-three puzzles are looked for where the search player sees a forced win: use --player search".into(),
        ));
    }
    let mut n = 0;
    let mut seen: HashSet<PositionKey> = opts.exclude.clone();
    let mut next = 0u64;
    while n < opts.count && next < opts.max_games {
        let end = (next + BATCH).min(opts.max_games);
        let found: Vec<Vec<GeneratedPuzzle>> = (next..end)
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
pub(crate) fn setup(rng: &mut Rng, cap: Seeds) -> [Seeds; 16] {
    let cap = cap.max(2);
    let style = rng.below(4);
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
            _ => rng.below(5) as u32,
        }
    });
    let mut pits = [0 as Seeds; 16];
    let mut left = 32u32;
    while left > 0 {
        let total: u32 = (0..16)
            .filter(|&i| pits[i] < cap)
            .map(|i| weights[i] + 1)
            .sum();
        let mut r = rng.below(u64::from(total)) as u32;
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

fn play_game(opts: &GeneratorOptions, rules: &Rules, game: u64) -> Vec<GeneratedPuzzle> {
    let mut rng = Rng::stream(opts.seed, game);
    let cap = opts
        .max_per_pit
        .or(rules.max_setup_seeds_per_pit)
        .unwrap_or(10);
    let (south, north) = match opts.player {
        GeneratorPlayer::Mix => (setup(&mut rng, cap), setup(&mut rng, cap)),
        // the styles' variety (the policy may draw few arrangements where
        // they were chosen against strong play, and puzzles need variety)
        GeneratorPlayer::Search { .. } => (
            crate::engine::search::setup::arrange_by_styles(rules, &mut rng).0,
            crate::engine::search::setup::arrange_by_styles(rules, &mut rng).0,
        ),
    };
    let mut searcher = match opts.player {
        GeneratorPlayer::Search { .. } => Some(Searcher::new(crate::engine::search::Config {
            tt_bits: 16,
            ..Default::default()
        })),
        GeneratorPlayer::Mix => None,
    };
    let mut previous: Option<String> = None;
    let mut pos = game_start(south, north, !rng.chance(1, 2));
    let greedy = 0.3 + 0.65 * rng.unit();
    let min_ply = 2 + rng.below(10) as u32;
    let mut found = Vec::new();
    let mut skip_until = 0u32;
    let target = Target {
        goal: opts.goal,
        difficulty: opts.difficulty,
        variant: opts.variant.name(),
    };
    for ply in 0..MAX_PLIES {
        let moves = legal_moves(rules, &pos);
        if moves.is_empty() {
            break;
        }
        // the search player's choice, and what it makes of the position
        let searched = match (opts.player, searcher.as_mut()) {
            (GeneratorPlayer::Search { nodes }, Some(s)) => {
                Some(s.search(rules, &pos, Limits::nodes(nodes), &mut || false))
            }
            _ => None,
        };
        if ply >= min_ply
            && ply >= skip_until
            && !opts.exclude.contains(&PositionKey::of(&pos))
            && let Some(g) = candidate(
                &target,
                rules,
                &pos,
                moves.clone(),
                searched.as_ref().map(|r| Score::of(r.score)),
                At {
                    origin: PuzzleOrigin::Generated {
                        player: opts.player,
                        seed: opts.seed,
                        game,
                    },
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
        // play on: the search player's move, or greedy (the biggest
        // capture) or random; never a never-ending move
        let finished: Vec<&LegalMove> = moves.iter().filter(|m| !m.end.is_never_ending()).collect();
        let Some(&first) = finished.first() else {
            break;
        };
        let chosen = if let Some(found) = searched {
            // a game the player would end with a never-ending move ends
            let Some(best) = found.best.filter(|m| !m.end.is_never_ending()) else {
                break;
            };
            let Some(m) = finished.iter().find(|m| m.mv.same_as(&best.mv)) else {
                break;
            };
            *m
        } else if rng.unit() < greedy {
            let best = finished.iter().map(|m| m.end.captured()).max().unwrap_or(0);
            let top: Vec<&&LegalMove> = finished
                .iter()
                .filter(|m| m.end.captured() == best)
                .collect();
            **rng.pick(&top).expect("a best move")
        } else {
            *rng.pick(&finished).unwrap_or(&first)
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

/// Positions the search player looks at, per position of a record, to
/// tell where a deeper goal (a win in two or three) is worth judging.
pub(crate) const MINE_NODES: u64 = 2_000;

/// Mine a game record (`content/games` format) for puzzles of `goals`:
/// every position before a move of the record is asked, for each goal,
/// whether it has exactly one solution (as [`generate`] asks of its own
/// games). `file` names the record in each puzzle's `source`. Positions
/// in `exclude` (by goal) are skipped. The search player looks at
/// [`MINE_NODES`] positions to find the positions worth the deeper goals
/// and the positions already lost (which make no puzzle).
pub(crate) fn mine_record(
    game: &GameDoc,
    file: &str,
    goals: &[Goal],
    difficulty: Option<Difficulty>,
    exclude: &HashSet<(Goal, PositionKey)>,
) -> Vec<GeneratedPuzzle> {
    let rules = *game.variant.rules();
    let replay = replay(game, 0);
    let mut rng = Rng::new(0);
    let mut searcher = Searcher::new(crate::engine::search::Config {
        tt_bits: 16,
        ..Default::default()
    });
    let describe = {
        let mut d = game.title.clone().unwrap_or_else(|| game.id.clone());
        if let Some(e) = &game.event {
            d.push_str(&format!(" ({e})"));
        }
        d
    };
    let mut out = Vec::new();
    let mut previous: Option<String> = None;
    for (ply, p) in replay.plies.iter().enumerate() {
        let pos = p.before;
        let moves = legal_moves(&rules, &pos);
        let score = Score::of(
            searcher
                .search(&rules, &pos, Limits::nodes(MINE_NODES), &mut || false)
                .score,
        );
        for &goal in goals {
            if solve::goal_unavailable(goal, &rules, game.variant.name()).is_some()
                || exclude.contains(&(goal, PositionKey::of(&pos)))
            {
                continue;
            }
            let target = Target {
                goal,
                difficulty,
                variant: game.variant.name(),
            };
            let at = At {
                origin: PuzzleOrigin::Record {
                    file: file.to_string(),
                    game: describe.clone(),
                },
                ply: ply as u32,
                previous: previous.clone(),
            };
            if let Some(g) = candidate(
                &target,
                &rules,
                &pos,
                moves.clone(),
                Some(score),
                at,
                &mut rng,
            ) {
                out.push(g);
            }
        }
        previous = Some(p.notation.clone());
    }
    out
}

/// `omweso puzzles reword DIR`: every puzzle of `dir` verified, then each
/// one the generator made ([`reword`]) written again in its place when its
/// words changed, and verified again; `on_written` is told each file.
/// Returns how many were reworded, of how many puzzles. A folder that does
/// not verify is left untouched (the error lists what does not).
pub fn reword_dir(
    dir: &Path,
    variants: &Variants,
    on_written: &mut dyn FnMut(&Path),
) -> Result<(usize, usize), String> {
    let (puzzles, errs) = super::verify_dir(dir, variants);
    if !errs.is_empty() {
        return Err(format!(
            "puzzles that do not verify are not reworded:\n{errs}"
        ));
    }
    let mut changed = 0;
    for p in &puzzles {
        let Some(g) = reword(p) else {
            continue;
        };
        let old = std::fs::read_to_string(&p.file)
            .map_err(|e| format!("cannot read {}: {e}", p.file.display()))?;
        if old != g.yaml {
            crate::check::bless::write_atomic(&p.file, &g.yaml)
                .map_err(|e| format!("cannot write {}: {e}", p.file.display()))?;
            super::verify_file(&p.file, variants).map_err(|e| e.to_string())?;
            on_written(&p.file);
            changed += 1;
        }
    }
    Ok((changed, puzzles.len()))
}

/// A generated or mined puzzle written again by the current generator:
/// its hint, explanation, themes and difficulty found anew from the
/// engine, its position, solution, title and provenance kept. `None` for a
/// puzzle not made by the generator (its `source` does not start with
/// `generated:` or `mined:`), or without provenance: those are an
/// author's words and are left alone.
pub fn reword(p: &super::Puzzle) -> Option<GeneratedPuzzle> {
    let source = p.source.as_deref()?;
    if !super::format::made_by_generator(Some(source), p.from.is_some()) {
        return None;
    }
    let from = p.from.clone()?;
    let rules = *p.doc.variant.rules();
    let pos = p.doc.position;
    let target = Target {
        goal: p.goal,
        difficulty: None,
        variant: p.doc.variant.name(),
    };
    let at = At {
        origin: PuzzleOrigin::Kept {
            source: source.to_string(),
            game: from.game,
        },
        ply: from.ply,
        previous: from.previous,
    };
    // a move to find is worded as `omweso puzzles regenerate` words it,
    // from the judge's values at the deep budget
    if p.goal != Goal::WhatHappens {
        let mut g = super::fromplay::make(
            &rules,
            p.doc.variant.name(),
            &pos,
            Some(&p.played.mv),
            super::best::DEEP_NODES,
            at,
        )
        .ok()?;
        g.yaml = to_yaml(&g);
        return Some(g);
    }
    let mut rng = Rng::new(0);
    let mut g = if p.goal == Goal::WhatHappens {
        let played = p.played.clone();
        let [_, hint, explanation] = words_what_happens(&pos, &played, &mut rng);
        let difficulty = what_happens_rating(&played);
        let themes = what_happens_themes(&played);
        finish(
            &target,
            &pos,
            played,
            difficulty,
            themes,
            [p.title.clone(), hint, explanation],
            at,
        )
    } else {
        let ev = solve::evaluate(p.goal, &rules, &pos, false);
        let sol = ev.answer_of(&p.played.mv)?;
        let played = p.played.clone();
        let rating = solve::rate(&ev, &rules, &pos, sol);
        let themes = solve::themes(&ev, sol, &played);
        let [_, hint, explanation] = words(&ev, &rules, &pos, sol, &played, &themes, &mut rng);
        finish(
            &target,
            &pos,
            played,
            rating.difficulty,
            themes,
            [p.title.clone(), hint, explanation],
            at,
        )
    };
    g.id = p.id.clone();
    g.yaml = to_yaml(&g);
    Some(g)
}

/// Cheap tests before the full evaluation. `score` is the search
/// player's verdict on the position, where one was asked.
fn promising(
    goal: Goal,
    rules: &Rules,
    pos: &Position,
    moves: &[LegalMove],
    score: Option<Score>,
) -> bool {
    let mover = pos.to_move;
    let wins = |m: &LegalMove| matches!(m.end.result(), Some(GameResult::Win { winner, .. }) if winner == mover);
    let distinct: HashSet<AnswerKey> = moves.iter().map(AnswerKey::of).collect();
    // a position already lost makes no puzzle but a defence
    if goal != Goal::OnlySavingMove && matches!(score, Some(Score::Loss(_))) {
        return false;
    }
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
        Goal::OnlySavingMove => {
            distinct.len() >= 4
                && !moves.iter().any(wins)
                // every move losing at once leaves nothing to save
                && score != Some(Score::Loss(2))
        }
        Goal::WinInTwo => {
            let ok = distinct.len() >= 3 && !moves.iter().any(wins) && rules.wins.no_move;
            match score {
                // the search proves a win in three plies where there is one
                Some(s) => ok && s == Score::Win(3),
                None => {
                    let opp = mover.opponent();
                    let movable = pos.board.side(opp).iter().filter(|&&n| n >= 2).count();
                    ok && movable <= 5
                }
            }
        }
        // only where the search player has seen a win in five plies: the
        // exact judgement is costly
        Goal::WinInThree => {
            distinct.len() >= 3 && !moves.iter().any(wins) && score == Some(Score::Win(5))
        }
        // found by the judge in games ([`super::fromplay`]), not by a goal
        Goal::BestMove => false,
        Goal::WhatHappens => moves
            .iter()
            .any(|m| m.end.is_never_ending() || m.end.finished().is_some_and(|f| f.laps >= 15)),
    }
}

fn candidate(
    target: &Target,
    rules: &Rules,
    pos: &Position,
    moves: Vec<LegalMove>,
    score: Option<Score>,
    at: At,
    rng: &mut Rng,
) -> Option<GeneratedPuzzle> {
    let goal = target.goal;
    if !promising(goal, rules, pos, &moves, score) {
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
        if target.difficulty.is_some_and(|d| d != difficulty) {
            return None;
        }
        let themes = what_happens_themes(&played);
        let [title, hint, explanation] = words_what_happens(pos, &played, rng);
        return Some(finish(
            target,
            pos,
            played,
            difficulty,
            themes,
            [title, hint, explanation],
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
    // judged by the game too, as verification judges it: no mop-up, and
    // the answer clearly the best move
    if super::best::mop_up(pos).is_some()
        || super::best::judge(rules, pos, &mv, super::best::CHECK_NODES).is_err()
    {
        return None;
    }
    let played = trace(rules, pos, &mv, MAX_TRACE_LAPS).ok()?;
    let rating = solve::rate(&ev, rules, pos, *sol);
    if target.difficulty.is_some_and(|d| d != rating.difficulty) || rating.effort > MAX_EFFORT {
        return None;
    }
    let themes = solve::themes(&ev, *sol, &played);
    let words = words(&ev, rules, pos, *sol, &played, &themes, rng);
    Some(finish(
        target,
        pos,
        played,
        rating.difficulty,
        themes,
        words,
        at,
    ))
}

/// The mover's pits (numbers) in the columns of `columns` (bit c: the
/// column of pits 1+c and 16−c), as the opponent captures them.
fn pits_of_columns(columns: u8) -> Vec<Pit> {
    (0..8u8)
        .filter(|c| columns >> c & 1 != 0)
        .flat_map(|c| [1 + c, 16 - c])
        .filter_map(Pit::new)
        .collect()
}

/// The side to move's pits that the opponent could capture from, were it
/// the opponent's turn now (the threats a safe move must meet).
fn threatened(rules: &Rules, pos: &Position) -> Vec<Pit> {
    let turned = Position {
        board: pos.board,
        to_move: pos.to_move.opponent(),
        first_move: pos.opponent_first_move,
        opponent_first_move: pos.first_move,
        before_first_capture: pos.before_first_capture,
    };
    let columns = legal_moves(rules, &turned)
        .iter()
        .filter_map(|m| m.end.finished().map(|f| f.columns))
        .fold(0u8, |a, c| a | c);
    let mut pits = pits_of_columns(columns);
    pits.retain(|&p| pos.board.get(pos.to_move, p) > 0);
    pits.sort_by_key(|p| p.number());
    pits
}

/// How the opponent's winning reply wins, said to the side it beats
/// (`scored`: a win worth points, as the modern account counts them, which
/// alone names the no-move win okwa bulijo).
fn how_won(kind: WinKind, scored: bool) -> &'static str {
    match kind {
        WinKind::NoMove if scored => "leaving you no pit of two seeds to move (okwa bulijo)",
        WinKind::NoMove => "leaving you no pit of two seeds to move",
        WinKind::Nkutemye => "capturing from both your end columns (nkutemye)",
        WinKind::Akawumbi => "capturing from all eight of your columns (akawumbi)",
    }
}

/// "only one reply", "3 different replies".
fn replies(n: usize) -> String {
    if n == 1 {
        "only one reply".to_string()
    } else {
        format!("{n} different replies")
    }
}

/// The answers a solver is most tempted by, other than the solution:
/// those capturing the most first (the naive choice), then the longest.
fn tempting(ev: &Evaluation, sol: usize, most: usize) -> Vec<usize> {
    let mut others: Vec<usize> = (0..ev.answers.len())
        .filter(|&a| a != sol && !ev.verdicts[a].ok)
        .collect();
    others.sort_by_key(|&a| {
        let m = ev.answer_move(a);
        let laps = m.end.finished().map_or(u64::MAX, |f| f.laps);
        (std::cmp::Reverse(m.end.captured()), std::cmp::Reverse(laps))
    });
    others.truncate(most);
    others
}

/// Title, hint and explanation from what the engine shows: the hint
/// points at the idea (the threats to meet, the opponent's playable pits,
/// how many replies are left) without naming the move; the explanation
/// says what the solution does and why the most tempting other moves
/// fail.
fn words(
    ev: &Evaluation,
    rules: &Rules,
    pos: &Position,
    sol: usize,
    played: &Played,
    themes: &[String],
    rng: &mut Rng,
) -> [String; 3] {
    let mover = ev.mover;
    let opp = mover.opponent();
    let t = solve::facts(played);
    let has = |s: &str| themes.iter().any(|x| x == s);
    let sol_m = ev.answer_move(sol);
    let goal = ev.goal;
    let name = |a: usize| notation::format_with_side(mover, &ev.answer_move(a).mv);
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
        Goal::WinNow => *rng
            .pick(&["Finish the game", "The last blow", "Leave nothing to play"])
            .expect("titles"),
        Goal::CutOffTheHead => *rng
            .pick(&["Cut off the head", "Both ends at once", "Nkutemye"])
            .expect("titles"),
        Goal::BiggestCapture => *rng
            .pick(&[
                "The richest harvest",
                "Biggest capture",
                "Count before you sow",
            ])
            .expect("titles"),
        Goal::OnlySafeMove => *rng
            .pick(&["Nothing to take", "Out of reach", "The only safe move"])
            .expect("titles"),
        Goal::OnlySavingMove => *rng
            .pick(&["The only defence", "Hold on", "The only saving move"])
            .expect("titles"),
        Goal::WinInTwo => *rng
            .pick(&["Two moves to win", "Set the trap", "Win in two"])
            .expect("titles"),
        Goal::WinInThree => *rng
            .pick(&["Three moves to win", "The long combination", "Win in three"])
            .expect("titles"),
        Goal::WhatHappens => "What happens?",
        Goal::BestMove => "Find the best move",
    };
    let title = match rng.pick(&flavour) {
        Some(f) => format!("{base}: {f}"),
        None => base.to_string(),
    };

    // the hint: the idea, in terms of this board
    let playable: Vec<Pit> = (1..=16u8)
        .filter_map(Pit::new)
        .filter(|&p| pos.board.get(opp, p) >= 2)
        .collect();
    let replies_left = ev.lines.get(&sol).map_or(0, |l| l.len());
    let mut hint = match goal {
        Goal::WinNow => format!(
            "{} can still move only from {} (two seeds or more). Which of your moves leaves {} nothing to play?",
            narrate::side(opp),
            narrate::pits(opp, &playable),
            narrate::side(opp)
        ),
        Goal::CutOffTheHead => format!(
            "{}'s end columns are pits 1 and 16 on one side, 8 and 9 on the other: which move captures from both?",
            narrate::side(opp)
        ),
        Goal::BiggestCapture => {
            let capturing = (0..ev.answers.len())
                .filter(|&a| ev.answer_move(a).end.captured() > 0)
                .count();
            if t.captures >= 2 {
                format!(
                    "{capturing} different moves capture. Follow each to its end: the seeds of one capture, sown, can capture again."
                )
            } else {
                format!(
                    "{capturing} different moves capture. Count the seeds in the two pits each one takes from."
                )
            }
        }
        Goal::OnlySafeMove => {
            let now = threatened(rules, pos);
            if now.is_empty() {
                format!(
                    "Nothing of yours can be taken yet. A capture needs an inner pit of {} with seeds facing two of your pits that both hold seeds: which moves create such a target?",
                    narrate::side(opp)
                )
            } else {
                format!(
                    "As the board stands, {} could capture from your pits {}. Look for the move that leaves no such column, and makes no new one.",
                    narrate::side(opp),
                    narrate::pits(mover, &now)
                )
            }
        }
        Goal::OnlySavingMove => {
            // the reply that wins against the most moves, and how it wins
            let mut counts: std::collections::BTreeMap<String, (usize, Option<(WinKind, bool)>)> =
                Default::default();
            for a in 0..ev.answers.len() {
                if let Some(r) = solve::winning_reply(rules, pos, ev.answer_move(a)) {
                    let kind = match r.end.result() {
                        Some(GameResult::Win { kind, points, .. }) => {
                            Some((kind, points.is_some()))
                        }
                        _ => None,
                    };
                    counts
                        .entry(notation::format_with_side(opp, &r.mv))
                        .or_insert((0, kind))
                        .0 += 1;
                }
            }
            let losing = ev.answers.len() - 1;
            let threat = |kind: Option<(WinKind, bool)>| match kind {
                Some((k, scored)) => how_won(k, scored).to_string(),
                None => "at once".to_string(),
            };
            match counts.iter().max_by_key(|(_, (n, _))| *n) {
                Some((r, (n, kind))) if *n > 1 => format!(
                    "{losing} of your {} moves lose at once: after {n} of them {} wins with {r}, {}. What does {r} need, and which move takes it away?",
                    ev.answers.len(),
                    narrate::side(opp),
                    threat(*kind)
                ),
                _ => format!(
                    "{losing} of your {} moves lose at once. After each of yours, look for {}'s winning reply.",
                    ev.answers.len(),
                    narrate::side(opp)
                ),
            }
        }
        Goal::WinInTwo => format!(
            "After the right move {} has {}, and {} you a move that ends the game.",
            narrate::side(opp),
            replies(replies_left),
            if replies_left == 1 {
                "it leaves"
            } else {
                "each leaves"
            }
        ),
        Goal::WinInThree => format!(
            "After the right move {} has {}; against {}, you have a win in two.",
            narrate::side(opp),
            replies(replies_left),
            if replies_left == 1 { "it" } else { "each" }
        ),
        Goal::WhatHappens => "Play it out lap by lap.".to_string(),
        Goal::BestMove => format!(
            "For each move, look for {}'s strongest reply.",
            narrate::side(opp)
        ),
    };
    if t.starts_clockwise {
        hint.push_str(
            " Remember: a left-hand pit may start clockwise when its first lap captures.",
        );
    } else if t.later_choices > 0 {
        hint.push_str(
            " Remember the choice after a capture from a left-hand pit: the captured seeds may go clockwise.",
        );
    }

    // the explanation: the solution, then the tempting failures
    let mut ex = format!(
        "{} plays {}: {}",
        narrate::side(mover),
        name(sol),
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
    let alternatives = tempting(ev, sol, 3);
    if !alternatives.is_empty() {
        let said: Vec<String> = alternatives
            .iter()
            .map(|&a| {
                let m = ev.answer_move(a);
                // a saving move's failures, short: what wins against each
                match solve::winning_reply(rules, pos, m) {
                    Some(r) if goal == Goal::OnlySavingMove => format!(
                        "{} ({}) loses to {}, which {}",
                        name(a),
                        narrate::captures(m.end.captured() as u64),
                        notation::format_with_side(opp, &r.mv),
                        match r.end.result() {
                            Some(GameResult::Win { kind, points, .. }) => format!(
                                "{} and wins, {}",
                                narrate::captures(r.end.captured() as u64),
                                how_won(kind, points.is_some())
                            ),
                            _ => solve::does(&r),
                        }
                    ),
                    _ => format!("{} {}", name(a), ev.verdicts[a].why),
                }
            })
            .collect();
        let lead = if goal == Goal::BiggestCapture {
            "The next biggest"
        } else if alternatives
            .first()
            .is_some_and(|&a| ev.answer_move(a).end.captured() >= sol_m.end.captured())
            && ev.answer_move(alternatives[0]).end.captured() > 0
        {
            "Tempting but wrong"
        } else {
            "Other moves fail"
        };
        ex.push_str(&format!(" {lead}: {}.", said.join("; ")));
    }
    ex.push_str(&format!(
        " Of the {} different moves, only this one does it.",
        ev.answers.len()
    ));
    [title, hint, ex]
}

fn words_what_happens(pos: &Position, played: &Played, rng: &mut Rng) -> [String; 3] {
    let mover = pos.to_move;
    let never = played.end.is_never_ending();
    let title = if never {
        *rng.pick(&["Round and round", "Does it ever stop?", "The endless move"])
            .expect("titles")
    } else {
        *rng.pick(&["A long journey", "Where does it stop?", "Follow the seeds"])
            .expect("titles")
    }
    .to_string();
    let start = pos.board.get(mover, played.mv.pit);
    let hint = if never {
        format!(
            "The move lifts {} from {}. Watch for the same seeds in hand from the same pit coming back: then the move can never end.",
            narrate::seeds(start as u64),
            narrate::pit(mover, played.mv.pit)
        )
    } else {
        format!(
            "The move lifts {} from {}. Each lap ends in an empty pit (the move stops), a capture, or an occupied pit whose seeds are lifted in turn.",
            narrate::seeds(start as u64),
            narrate::pit(mover, played.mv.pit)
        )
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
    [title, hint, ex]
}
