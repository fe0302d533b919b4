//! Puzzles from play, after a mistake, judged by the game ([`super::best`]).
//!
//! The search player plays both sides at a fixed node budget from set-ups
//! arranged as players arrange them. A position is a candidate right after
//! a move that swung the evaluation (the mover's score before it, less what
//! it left them, at least `SWING`) in a game not already decided (before
//! that move no forced result was seen and the score was within
//! `DECIDED`). A candidate becomes a puzzle when one move is clearly best
//! at both `CHECK_NODES` and the deep budget, with the same answer; at
//! most one puzzle comes from a game, and no two puzzles share a board
//! (whatever their goal or rule set, North/South mirror images included).
//!
//! The goal is the task the answer accomplishes, checked exactly where the
//! exact judge exists (win now, cut off the head, win in two or three, the
//! only saving move), and otherwise the best move; what the answer does
//! (a capture, a quiet move, a reverse capture…) is a theme.
//!
//! Everything is deterministic: game `g` of a run uses its own random
//! stream (seed, stream `g`), games are played in fixed batches in
//! parallel and merged in game order, and every search is bounded by nodes,
//! never by time.

use super::best::{self, CHECK_NODES, Clear, Values};
use super::format::PuzzleFile;
use super::keys::{AnswerKey, BoardKey};
use super::make::{At, GeneratedPuzzle, PuzzleOrigin, Target, finish, game_start, to_yaml};
use super::solve::{self, Evaluation};
use super::{Difficulty, Goal, MAX_TRACE_LAPS};
use crate::diagram::narrate;
use crate::engine::notation;
use crate::engine::search::{Config, Limits, Searcher, WIN_THRESHOLD};
use crate::engine::{GameResult, LegalMove, MoveEnd, Position, Rules, WinKind, legal_moves, trace};
use crate::model::VariantDoc;
use rayon::prelude::*;
use std::collections::HashSet;

/// The least swing, in hundredths of a seed, of the move before a
/// candidate: what the mover's own search thought it had, less what the
/// reply's search says it left them.
pub(crate) const SWING: i32 = 400;
/// Before the move that swung it, a game whose score is this far from even
/// (hundredths of a seed), or a forced result, is already decided.
pub(crate) const DECIDED: i32 = 1_000;
/// Games a rule set plays per round of a regeneration.
const ROUND: u64 = 16;
/// Plies played at most per game.
const MAX_PLIES: u32 = 300;
/// Games played per parallel batch (fixed: the result does not depend on
/// the number of threads).
const BATCH: u64 = 8;

/// What `omweso puzzles regenerate` plays.
#[derive(Clone, Debug)]
pub struct PlaySettings {
    /// The rule set the games are played under.
    pub variant: VariantDoc,
    /// The seed of the games' random streams (game `g` draws from stream `g`).
    pub seed: u64,
    /// Puzzles wanted.
    pub count: usize,
    /// The first game to play (game `g` is the same game in every run).
    pub first_game: u64,
    /// Games played at most (from `first_game`).
    pub max_games: u64,
    /// The players' positions a move.
    pub nodes: u64,
    /// The deep judge's positions after each move.
    pub judge_nodes: u64,
}

/// What a regeneration found in one rule set.
#[derive(Clone, Debug, Default)]
pub struct FoundInPlay {
    /// The puzzles found, in game order.
    pub puzzles: Vec<GeneratedPuzzle>,
    /// Games played.
    pub games: u64,
    /// Candidates judged (positions after a swing in an undecided game).
    pub candidates: u64,
}

/// Play games from `settings.first_game` until `settings.count` puzzles
/// are found (or `settings.max_games` played), none on a board of
/// `exclude` or found before; `each` is given every puzzle as it is found
/// (in game order).
pub fn find_in_play(
    settings: &PlaySettings,
    exclude: &HashSet<BoardKey>,
    each: &mut dyn FnMut(&GeneratedPuzzle) -> Result<(), String>,
) -> Result<FoundInPlay, String> {
    let rules = *settings.variant.rules();
    let mut seen = exclude.clone();
    let mut found = FoundInPlay::default();
    let mut next = settings.first_game;
    let last = settings.first_game.saturating_add(settings.max_games);
    while found.puzzles.len() < settings.count && next < last {
        let end = (next + BATCH).min(last);
        let games: Vec<(Option<GeneratedPuzzle>, u64)> = (next..end)
            .into_par_iter()
            .map(|g| play(settings, &rules, g, exclude))
            .collect();
        next = end;
        for (g, candidates) in games {
            found.games += 1;
            found.candidates += candidates;
            if let Some(g) = g
                && found.puzzles.len() < settings.count
                && seen.insert(BoardKey::of(&g.position))
            {
                each(&g)?;
                found.puzzles.push(g);
            }
        }
    }
    Ok(found)
}

/// One game: the first candidate that makes a puzzle, and the candidates
/// judged.
fn play(
    settings: &PlaySettings,
    rules: &Rules,
    game: u64,
    exclude: &HashSet<BoardKey>,
) -> (Option<GeneratedPuzzle>, u64) {
    let mut rng = crate::engine::search::Rng::stream(settings.seed, game);
    let setup = |rng: &mut crate::engine::search::Rng| {
        crate::engine::search::setup::arrange_by_styles(rules, rng).0
    };
    let south = setup(&mut rng);
    let north = setup(&mut rng);
    let mut pos = game_start(south, north, rng.below(2) != 0);
    let mut player = Searcher::new(Config {
        tt_bits: 16,
        ..Config::default()
    });
    // the previous position's score (its mover's view) and the move played
    let mut before: Option<(i32, String)> = None;
    let mut candidates = 0;
    for ply in 0..MAX_PLIES {
        player.clear();
        let r = player.search(rules, &pos, Limits::nodes(settings.nodes), &mut || false);
        let Some(chosen) = r.best.clone() else { break };
        if let Some((prev, previous)) = &before {
            let undecided = prev.abs() < DECIDED && prev.abs() < WIN_THRESHOLD;
            // what the previous mover thought, less what it was left
            let swing = prev.saturating_add(r.score);
            if undecided && swing >= SWING && !exclude.contains(&BoardKey::of(&pos)) {
                candidates += 1;
                let at = At {
                    origin: PuzzleOrigin::Regenerated {
                        nodes: settings.nodes,
                        seed: settings.seed,
                        game,
                    },
                    ply,
                    previous: Some(previous.clone()),
                };
                if let Ok(g) = make(
                    rules,
                    settings.variant.name(),
                    &pos,
                    None,
                    settings.judge_nodes,
                    at,
                ) {
                    return (Some(g), candidates);
                }
            }
        }
        let f = match &chosen.end {
            MoveEnd::Finished(f) if f.result.is_none() => *f,
            // the game ends (or never-ending move): no more positions
            _ => break,
        };
        before = Some((r.score, notation::format_with_side(pos.to_move, &chosen.mv)));
        pos = f.position_after(&pos);
    }
    (None, candidates)
}

/// Why a position is not a puzzle, or the puzzle: not a mop-up; one move
/// clearly best at [`CHECK_NODES`] and at `deep` positions a move, the same
/// move (and `answer`'s, when given); the goal the task it accomplishes,
/// checked exactly where an exact judge exists; words that do not give
/// the answer away; the difficulty from the search's effort.
pub(super) fn make(
    rules: &Rules,
    variant: &str,
    pos: &Position,
    answer: Option<&crate::engine::Move>,
    deep: u64,
    at: At,
) -> Result<GeneratedPuzzle, String> {
    if let Some(why) = best::mop_up(pos) {
        return Err(why);
    }
    let quick = best::values(rules, pos, CHECK_NODES);
    let (b, _) = quick.clearly_best()?;
    let key = b.key;
    let values = best::values(rules, pos, deep);
    let (b, clear) = values.clearly_best()?;
    if b.key != key {
        return Err(format!(
            "the judge disagrees with itself: {} at {} positions a move, {} at {}",
            notation::format(&quick.moves[0].mv),
            CHECK_NODES,
            notation::format(&b.mv),
            deep
        ));
    }
    if let Some(a) = answer {
        values.judge(rules, pos, a)?;
    }
    let mv = b.mv.clone();
    let moves = legal_moves(rules, pos);
    let m = moves
        .iter()
        .find(|m| m.mv.same_as(&mv))
        .cloned()
        .expect("a judged move is legal");
    let goal = task(rules, pos, &m, clear);
    let ev = solve::evaluate_moves(goal, rules, pos, moves, false);
    let sol = ev
        .answer_of(&mv)
        .filter(|&s| ev.problem.is_none() && ev.solutions() == [s])
        .ok_or_else(|| {
            format!(
                "the {goal} judge does not confirm {}: {}",
                notation::format(&mv),
                ev.problem.clone().unwrap_or_default()
            )
        })?;
    let played = trace(rules, pos, &mv, MAX_TRACE_LAPS).map_err(|e| narrate::play_error(&e))?;
    let mut themes = solve::themes(&ev, sol, &played);
    if m.end.captured() > 0 {
        themes.insert(0, "capture".to_string());
    }
    themes.push(clear.theme().to_string());
    let effort = best::effort(rules, pos, key);
    let difficulty = Difficulty::of_search(&effort);
    let hints = hints(rules, pos, &ev, sol, &values, clear);
    let explanation = explanation(pos, &ev, sol, &played, &values, clear);
    let target = Target {
        goal,
        difficulty: None,
        variant,
    };
    let mut g = finish(
        &target,
        pos,
        played,
        difficulty,
        themes,
        [goal.title().to_string(), String::new(), explanation],
        at,
    );
    g.hint = hints;
    g.yaml = to_yaml(&g);
    Ok(g)
}

/// The task the answer accomplishes, where an exact judge checks it.
fn task(rules: &Rules, pos: &Position, m: &LegalMove, clear: Clear) -> Goal {
    let exact = |goal: Goal| {
        let ev = solve::evaluate(goal, rules, pos, false);
        ev.problem.is_none() && ev.answer_of(&m.mv).is_some_and(|s| ev.solutions() == [s])
    };
    let candidate = match clear {
        Clear::OnlyWin { plies: 1 } => match m.end.result() {
            Some(GameResult::Win {
                kind: WinKind::Nkutemye | WinKind::Akawumbi,
                ..
            }) if rules.wins.nkutemye => Goal::CutOffTheHead,
            _ => Goal::WinNow,
        },
        Clear::OnlyWin { plies: 3 } => Goal::WinInTwo,
        Clear::OnlyWin { plies: 5 } => Goal::WinInThree,
        Clear::OnlyDefence => Goal::OnlySavingMove,
        _ => Goal::BestMove,
    };
    if candidate != Goal::BestMove && exact(candidate) {
        candidate
    } else {
        Goal::BestMove
    }
}

/// Hints in steps, from the most general: the kind of task, then what to
/// look at on this board. None names the answer's pit or direction (nor
/// any pit of the side to move).
fn hints(
    rules: &Rules,
    pos: &Position,
    ev: &Evaluation,
    sol: usize,
    values: &Values,
    clear: Clear,
) -> Vec<String> {
    let mover = pos.to_move;
    let opp = narrate::side(mover.opponent());
    let answers = ev.answers.len();
    let m = ev.answer_move(sol);
    let mut out = vec![match clear {
        Clear::OnlyWin { plies: 1 } => {
            format!("One of your {answers} different moves ends the game at once; no other does.")
        }
        Clear::OnlyWin { plies } => format!(
            "One of your {answers} different moves wins by force within {} of yours; every other lets {opp} escape.",
            narrate::plural(plies.div_ceil(2) as u64, "move")
        ),
        Clear::OnlyDefence => format!(
            "Every move but one of your {answers} loses by force: look first at what {opp} threatens."
        ),
        Clear::Margin { .. } => format!(
            "One of your {answers} different moves is at least {} seeds better than any other once {opp}'s best reply is counted.",
            best::MARGIN / 100
        ),
    }];
    // the most plausible wrong move, and what is wrong with it
    let second = values.moves.get(1);
    let captured = m.end.captured();
    out.push(match clear {
        Clear::OnlyWin { .. } | Clear::OnlyDefence => {
            // how many moves lose at once to a winning reply
            let lose_at_once = (0..answers)
                .filter(|&a| solve::winning_reply(rules, pos, ev.answer_move(a)).is_some())
                .count();
            if lose_at_once > 0 {
                format!(
                    "After {lose_at_once} of your moves {opp} wins with the very next move: rule those out first."
                )
            } else if captured > 0 {
                "The answer captures: follow each capture to where its seeds are sown.".to_string()
            } else {
                "The answer captures nothing now: think about the replies it leaves.".to_string()
            }
        }
        Clear::Margin { .. } => match second {
            Some(s) if !s.pv.is_empty() => {
                let bigger = (0..answers)
                    .filter(|&a| ev.answer_move(a).end.captured() > captured)
                    .count();
                if bigger > 0 {
                    format!(
                        "{} more than the best move does now; count what {opp} takes back after each.",
                        if bigger == 1 {
                            "One move captures".to_string()
                        } else {
                            format!("{bigger} moves capture")
                        }
                    )
                } else if captured > 0 {
                    "The best move captures; of the moves that do, compare what each leaves for the reply.".to_string()
                } else {
                    format!(
                        "The best move captures nothing: look at what {opp} could take after each of your moves."
                    )
                }
            }
            _ => format!("For each of your moves, find {opp}'s strongest reply."),
        },
    });
    out
}

/// What the answer does and why it is clearly best, the engine's line,
/// and why the next best move falls short.
fn explanation(
    pos: &Position,
    ev: &Evaluation,
    sol: usize,
    played: &crate::engine::Played,
    values: &Values,
    clear: Clear,
) -> String {
    let mover = pos.to_move;
    let m = ev.answer_move(sol);
    let key = AnswerKey::of(m);
    let name = notation::format_with_side(mover, &played.mv);
    let mine = values.moves.iter().find(|v| v.key == key);
    let mut ex = format!(
        "{} plays {name}: {}, {}.",
        narrate::side(mover),
        solve::does(m),
        best::clear_words(clear, mine.map_or(0, |v| v.value))
    );
    if let Some(v) = mine
        && !v.pv.is_empty()
    {
        let line = notation::format_line(mover.opponent(), &v.pv[..v.pv.len().min(4)]);
        ex.push_str(&format!(" The engine expects {} next.", line.join(", ")));
    }
    if let Some(s) = values.moves.iter().find(|v| v.key != key) {
        let other = ev
            .moves
            .iter()
            .find(|x| AnswerKey::of(x) == s.key)
            .map(solve::does)
            .unwrap_or_default();
        let reply =
            s.pv.first()
                .map(|r| {
                    format!(
                        ", as {} replies {}",
                        narrate::side(mover.opponent()),
                        notation::format_with_side(mover.opponent(), r)
                    )
                })
                .unwrap_or_default();
        ex.push_str(&format!(
            " The next best, {} ({other}), is {}{reply}.",
            notation::format_with_side(mover, &s.mv),
            best::value_words(s.value)
        ));
    }
    ex.push_str(&format!(
        " Judged by the engine's search at {} positions after each of the {} different moves.",
        narrate::thousands(values.nodes),
        values.moves.len()
    ));
    ex
}

/// Why a bundled puzzle is withdrawn, or the puzzle written again: a
/// what-happens puzzle is kept as it is (it asks about a move, not for the
/// best one); any other is judged with its own answer at `deep` positions
/// a move ([`make`]) and, when clearly best, written again as a puzzle of
/// the task it accomplishes, its provenance kept.
pub(crate) fn rejudge(pf: &PuzzleFile, deep: u64) -> Result<Option<GeneratedPuzzle>, String> {
    if pf.goal == Goal::WhatHappens {
        return Ok(None);
    }
    let rules = *pf.doc.variant.rules();
    let pos = pf.doc.position;
    let (mv, _) = pf
        .solution
        .clone()
        .ok_or_else(|| "no solution".to_string())?;
    // a puzzle written by hand is judged, never rewritten
    let (true, Some(from)) = (pf.made_by_generator(), pf.from.clone()) else {
        if let Some(why) = best::mop_up(&pos) {
            return Err(why);
        }
        best::judge(&rules, &pos, &mv, deep)?;
        best::judge(&rules, &pos, &mv, CHECK_NODES)?;
        return Ok(None);
    };
    let at = At {
        origin: PuzzleOrigin::Kept {
            source: pf.source.clone().unwrap_or_default(),
            game: from.game,
        },
        ply: from.ply,
        previous: from.previous,
    };
    make(&rules, pf.doc.variant.name(), &pos, Some(&mv), deep, at).map(Some)
}

/// What `omweso puzzles regenerate` does to a folder.
#[derive(Clone, Debug)]
pub struct RegeneratePlan {
    /// The rule sets to find new puzzles in, in order.
    pub variants: Vec<VariantDoc>,
    /// The seed of the games' random streams, the same for every rule set.
    pub seed: u64,
    /// Judged puzzles (every goal but what happens?) wanted per rule set,
    /// those kept included.
    pub per_variant: usize,
    /// Games played at most per rule set.
    pub max_games: u64,
    /// The players' positions a move.
    pub nodes: u64,
    /// The deep judge's positions after each move.
    pub judge_nodes: u64,
}

/// What a regeneration did.
#[derive(Clone, Debug, Default)]
pub struct RegenerateReport {
    /// Puzzles kept as they were (what happens?, and those written by hand
    /// that pass the judge).
    pub kept: Vec<std::path::PathBuf>,
    /// Puzzles judged clearly best and written again (old file, new file).
    pub rewritten: Vec<(std::path::PathBuf, std::path::PathBuf)>,
    /// Puzzles withdrawn (file deleted), with their goal and the reason:
    /// only puzzles the generator wrote (`PuzzleFile::made_by_generator`).
    pub withdrawn: Vec<(std::path::PathBuf, Goal, String)>,
    /// Puzzles written by hand that the judge does not confirm, with the
    /// reason: left exactly as they are, for their author to correct or
    /// remove (a command never deletes what it did not write).
    pub refused: Vec<(std::path::PathBuf, String)>,
    /// New puzzles per rule set: (variant, files, games, candidates).
    pub found: Vec<(String, Vec<std::path::PathBuf>, u64, u64)>,
}

/// Re-judge every puzzle of `dir` (`rejudge`; withdrawn ones are
/// deleted, a board met twice is kept once, the first in file order), then
/// find new puzzles from play ([`find_in_play`]) until every rule set of the plan
/// has `per_variant` judged puzzles. `log` is given a line per step. The
/// folder then verifies as a whole, or the error says what does not.
pub fn regenerate(
    dir: &std::path::Path,
    variants: &crate::model::Variants,
    plan: &RegeneratePlan,
    log: &(dyn Fn(&str) + Sync),
) -> Result<RegenerateReport, String> {
    use crate::model::Source;
    let files = super::verify::puzzle_files(dir).map_err(|d| d.to_string())?;
    let mut parsed = Vec::with_capacity(files.len());
    for f in &files {
        let src = Source::read(f).map_err(|d| d.to_string())?;
        parsed.push(super::format::parse_puzzle(&src, variants).map_err(|e| e.to_string())?);
    }
    log(&format!(
        "re-judging {} at {} positions after each move",
        narrate::plural(parsed.len() as u64, "puzzle"),
        narrate::thousands(plan.judge_nodes)
    ));
    let judged: Vec<Result<Option<GeneratedPuzzle>, String>> = parsed
        .par_iter()
        .map(|pf| rejudge(pf, plan.judge_nodes))
        .collect();
    let io = |p: &std::path::Path, e: std::io::Error| format!("{}: {e}", p.display());
    let mut report = RegenerateReport::default();
    let mut boards: HashSet<BoardKey> = HashSet::new();
    let mut names: HashSet<std::path::PathBuf> = HashSet::new();
    let mut per_variant: std::collections::HashMap<String, usize> = Default::default();
    for ((file, pf), verdict) in files.iter().zip(&parsed).zip(judged) {
        let key = BoardKey::of(&pf.doc.position);
        let verdict = match verdict {
            Ok(_) if boards.contains(&key) => {
                Err("the same board is already a puzzle (mirror images included)".to_string())
            }
            v => v,
        };
        match verdict {
            Err(why) if !pf.made_by_generator() => {
                // an author's puzzle: its board stays taken, its file untouched
                boards.insert(key);
                names.insert(file.clone());
                log(&format!(
                    "written by hand, not changed: {}: {why}",
                    file.display()
                ));
                report.refused.push((file.clone(), why));
            }
            Err(why) => {
                std::fs::remove_file(file).map_err(|e| io(file, e))?;
                log(&format!("withdrawn {}: {why}", file.display()));
                report.withdrawn.push((file.clone(), pf.goal, why));
            }
            Ok(None) => {
                boards.insert(key);
                names.insert(file.clone());
                if pf.goal != Goal::WhatHappens {
                    *per_variant
                        .entry(pf.doc.variant.name().to_string())
                        .or_default() += 1;
                }
                report.kept.push(file.clone());
            }
            Ok(Some(g)) => {
                let new = dir.join(format!("{}.yaml", g.id));
                if names.contains(&new) {
                    std::fs::remove_file(file).map_err(|e| io(file, e))?;
                    report.withdrawn.push((
                        file.clone(),
                        pf.goal,
                        format!("its id {} is already taken", g.id),
                    ));
                    continue;
                }
                boards.insert(key);
                if &new == file {
                    replace_own(file, &g.yaml).map_err(|e| io(file, e))?;
                } else {
                    write_new(&new, &g.yaml).map_err(|e| io(&new, e))?;
                    std::fs::remove_file(file).map_err(|e| io(file, e))?;
                }
                names.insert(new.clone());
                *per_variant.entry(g.variant.clone()).or_default() += 1;
                report.rewritten.push((file.clone(), new));
            }
        }
    }
    log(&format!(
        "kept {}, rewritten {}, withdrawn {}",
        report.kept.len(),
        report.rewritten.len(),
        report.withdrawn.len()
    ));
    // the rule sets in rounds of a few games each, so that a run stopped
    // early has found puzzles in every rule set
    let mut state: Vec<(usize, u64, u64, Vec<std::path::PathBuf>)> = plan
        .variants
        .iter()
        .map(|v| {
            let have = per_variant.get(v.name()).copied().unwrap_or(0);
            (plan.per_variant.saturating_sub(have), 0, 0, Vec::new())
        })
        .collect();
    loop {
        let mut progressed = false;
        for (v, (want, next, candidates, written)) in plan.variants.iter().zip(state.iter_mut()) {
            if written.len() >= *want || *next >= plan.max_games {
                continue;
            }
            progressed = true;
            let settings = PlaySettings {
                variant: v.clone(),
                seed: plan.seed,
                count: *want - written.len(),
                first_game: *next,
                max_games: ROUND.min(plan.max_games - *next),
                nodes: plan.nodes,
                judge_nodes: plan.judge_nodes,
            };
            let found = find_in_play(&settings, &boards, &mut |g| {
                let path = dir.join(format!("{}.yaml", g.id));
                write_new(&path, &g.yaml).map_err(|e| io(&path, e))?;
                log(&format!(
                    "{}: {} ({}, {})",
                    v.name(),
                    path.display(),
                    g.goal,
                    g.difficulty
                ));
                written.push(path);
                Ok(())
            })?;
            for g in &found.puzzles {
                boards.insert(BoardKey::of(&g.position));
            }
            *next += found.games;
            *candidates += found.candidates;
        }
        if !progressed {
            break;
        }
    }
    for (v, (want, games, candidates, written)) in plan.variants.iter().zip(state) {
        log(&format!(
            "{}: {} of {want} wanted, in {} ({} judged)",
            v.name(),
            narrate::plural(written.len() as u64, "new puzzle"),
            narrate::plural(games, "game"),
            narrate::plural(candidates, "candidate")
        ));
        report
            .found
            .push((v.name().to_string(), written, games, candidates));
    }
    if !report.refused.is_empty() {
        let list: Vec<String> = report
            .refused
            .iter()
            .map(|(f, why)| format!("  {}: {why}", f.display()))
            .collect();
        let what = if report.refused.len() == 1 {
            "a puzzle written by hand is not clearly best by the judge and was left as it is"
                .to_string()
        } else {
            format!(
                "{} puzzles written by hand are not clearly best by the judge and were left as they are",
                report.refused.len()
            )
        };
        return Err(format!(
            "{what} (omweso withdraws only the puzzles it generated); correct or remove by hand:\n{}",
            list.join("\n")
        ));
    }
    let (_, errs) = super::verify::verify_dir(dir, variants);
    if !errs.is_empty() {
        return Err(format!("the regenerated folder does not verify:\n{errs}"));
    }
    Ok(report)
}

/// Writes a new puzzle file: refused if anything (a file, a link) already
/// has the name, so nothing is written over or through.
fn write_new(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    f.write_all(text.as_bytes())
}

/// Writes a puzzle the generator wrote again in its place: into a new file
/// beside it, then renamed over it, so a link is replaced, never written
/// through, and a failed write leaves the old file whole.
fn replace_own(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("yaml.omweso-{}", std::process::id()));
    write_new(&tmp, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}
