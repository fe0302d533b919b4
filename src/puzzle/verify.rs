//! Verification: a puzzle file is published only when its stated solution
//! achieves the goal and no other move does (every choice sequence is
//! considered; sequences reaching the same end position are one answer).
//!
//! `check` and `build` call [`verify_dir`]; every failure is a located
//! [`Diagnostic`] that says what failed.

use super::format::{PuzzleFile, PuzzleKey, parse_puzzle};
use super::keys::{AnswerKey, BoardKey};
use super::solve::{self, Evaluation};
use super::{Difficulty, Goal, LineStep, MAX_TRACE_LAPS, Puzzle};
use crate::claims::judge;
use crate::diagram::narrate;
use crate::engine::notation;
use crate::engine::quote;
use crate::engine::{MoveEnd, Played};
use crate::model::{Diagnostic, Diagnostics, Field, Kind, Source, Variants};
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The puzzle files of a folder (`*.yaml`, `*.yml`), sorted, not recursive.
pub fn puzzle_files(dir: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    crate::model::files_in(dir, &["yaml", "yml"])?
        .ok_or_else(|| Diagnostic::new(dir, 0, 0, "no such puzzle folder"))
}

/// Verify every puzzle file of `dir` (in parallel): the puzzles that
/// verify, and a located diagnostic for everything that does not (including
/// duplicate ids and the same board twice, whatever the goals and rule
/// sets, mirror images included). A missing folder is an error.
pub fn verify_dir(dir: &Path, variants: &Variants) -> (Vec<Puzzle>, Diagnostics) {
    let files = match puzzle_files(dir) {
        Ok(f) => f,
        Err(d) => return (Vec::new(), d.into()),
    };
    let results: Vec<Result<Puzzle, Diagnostics>> =
        files.par_iter().map(|f| verify_file(f, variants)).collect();
    let mut puzzles = Vec::new();
    let mut errs = Diagnostics::default();
    for r in results {
        match r {
            Ok(p) => puzzles.push(p),
            Err(e) => errs.extend(e),
        }
    }
    let mut ids: HashMap<String, PathBuf> = HashMap::new();
    let mut boards: HashMap<BoardKey, PathBuf> = HashMap::new();
    for p in &puzzles {
        if let Some(first) = ids.get(&p.id) {
            errs.push(
                p.doc
                    .at(
                        Field::Id,
                        format!(
                            "duplicate puzzle id {}: also {}",
                            quote(&p.id),
                            first.display()
                        ),
                    )
                    .with_kind(Kind::DuplicateId),
            );
        } else {
            ids.insert(p.id.clone(), p.file.clone());
        }
        // one puzzle a board, whatever its goal or rule set
        let key = BoardKey::of(&p.doc.position);
        if let Some(first) = boards.get(&key) {
            errs.push(p.doc.at(
                Field::Board,
                format!(
                    "the same board (or its North/South mirror image) is already a puzzle: {}",
                    first.display()
                ),
            )
            .with_kind(Kind::DuplicateBoard));
        } else {
            boards.insert(key, p.file.clone());
        }
    }
    errs.0.sort();
    (puzzles, errs)
}

/// Verify one puzzle file.
pub fn verify_file(path: &Path, variants: &Variants) -> Result<Puzzle, Diagnostics> {
    let src = Source::read(path)?;
    verify_source(&src, variants)
}

/// What a goal asks of a move, for messages: "also wins at once" (third
/// person) or "does not win at once" (`base`).
fn achieves(goal: Goal, ev: &Evaluation, base: bool) -> String {
    let (third, bare) = match goal {
        Goal::WinNow | Goal::WhatHappens => ("wins", "win"),
        Goal::CutOffTheHead => ("wins", "win"),
        Goal::BiggestCapture => ("captures", "capture"),
        Goal::OnlySafeMove => ("leaves", "leave"),
        Goal::WinInTwo | Goal::WinInThree => ("wins", "win"),
        Goal::OnlySavingMove => ("avoids", "avoid"),
        Goal::BestMove => ("stands out", "stand out"),
    };
    let verb = if base { bare } else { third };
    match goal {
        Goal::WinNow | Goal::WhatHappens => format!("{verb} the game at once"),
        Goal::CutOffTheHead => format!("{verb} by cutting off the head (nkutemye)"),
        Goal::BiggestCapture => format!("{verb} the most ({})", ev.max_capture()),
        Goal::OnlySafeMove => format!("{verb} the opponent no capture"),
        Goal::WinInTwo => format!("{verb} in two"),
        Goal::WinInThree => format!("{verb} in three"),
        Goal::OnlySavingMove => format!("{verb} losing to the reply"),
        Goal::BestMove => format!("{verb} as clearly the best move"),
    }
}

/// Verify a puzzle's text.
pub fn verify_source(src: &Source, variants: &Variants) -> Result<Puzzle, Diagnostics> {
    let pf = parse_puzzle(src, variants)?;
    let rules = *pf.doc.variant.rules();
    if let Some(why) = solve::goal_unavailable(pf.goal, &rules, pf.doc.variant.name()) {
        return Err(pf
            .at(PuzzleKey::Goal, why)
            .with_kind(Kind::GoalUnavailable)
            .into());
    }
    if pf.goal == Goal::WhatHappens {
        return what_happens(pf);
    }
    let pos = pf.doc.position;
    let ev = solve::evaluate(pf.goal, &rules, &pos, false);
    let (mv, text) = pf
        .solution
        .clone()
        .expect("parse_puzzle requires a solution");
    let mover = pos.to_move;
    if let Some(problem) = &ev.problem {
        return Err(pf
            .at(
                PuzzleKey::Goal,
                format!("not a {} puzzle: {problem}", pf.goal),
            )
            .with_kind(Kind::NotAPuzzle)
            .into());
    }
    // its end is the listing's: the trace sows only the laps it records
    let played =
        crate::memo::trace_from(&rules, &pos, &mv, MAX_TRACE_LAPS, &ev.moves).map_err(|e| {
            pf.at(
                PuzzleKey::Solution,
                format!("illegal solution {text}: {}", narrate::play_error(&e)),
            )
            .with_kind(Kind::IllegalMove)
        })?;
    let key = match &played.end {
        MoveEnd::Finished(f) => AnswerKey::Board(f.board),
        MoveEnd::NeverEnding(_) => AnswerKey::Never(mv.pit),
    };
    let sol = ev
        .answers
        .iter()
        .position(|&i| AnswerKey::of(&ev.moves[i]) == key)
        .ok_or_else(|| {
            pf.at(
                PuzzleKey::Solution,
                format!("solution {text} is not among the engine's legal moves"),
            )
            .with_kind(Kind::IllegalMove)
        })?;
    let mut errs = Diagnostics::default();
    let others: Vec<usize> = ev.solutions().into_iter().filter(|&a| a != sol).collect();
    let name = |a: usize| notation::format(&ev.answer_move(a).mv);
    if !ev.verdicts[sol].ok {
        let mut msg = format!(
            "wrong solution: {text} does not {}; it {}",
            achieves(pf.goal, &ev, true),
            ev.verdicts[sol].why
        );
        match others.as_slice() {
            [] => msg.push_str(&format!("; no move {}", achieves(pf.goal, &ev, false))),
            [o] => msg.push_str(&format!("; {} does", name(*o))),
            _ => msg.push_str(&format!(
                "; {} moves do: {}",
                others.len(),
                others
                    .iter()
                    .map(|&o| name(o))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
        errs.push(
            pf.at(PuzzleKey::Solution, msg)
                .with_kind(Kind::WrongSolution),
        );
    } else {
        for &o in others.iter().take(3) {
            errs.push(
                pf.at(
                    PuzzleKey::Solution,
                    format!(
                        "a second solution {} also {}: it {}",
                        name(o),
                        achieves(pf.goal, &ev, false),
                        ev.verdicts[o].why
                    ),
                )
                .with_kind(Kind::SecondSolution),
            );
        }
        if others.len() > 3 {
            errs.push(
                pf.at(
                    PuzzleKey::Solution,
                    format!(
                        "… and {} more",
                        narrate::plural((others.len() - 3) as u64, "solution")
                    ),
                )
                .with_kind(Kind::SecondSolution),
            );
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    // judged by the game: a mop-up is no puzzle, and the answer must be
    // clearly the best move by the engine's search (the best move's own
    // goal judged it already)
    if let Some(why) = super::best::mop_up(&pos) {
        return Err(pf
            .doc
            .at(Field::Board, format!("not a puzzle: {why}"))
            .with_kind(Kind::NotAPuzzle)
            .into());
    }
    if pf.goal != Goal::BestMove
        && let Err(why) = super::best::judge(&rules, &pos, &mv, super::best::CHECK_NODES)
    {
        return Err(pf
            .at(
                PuzzleKey::Solution,
                format!(
                    "{text} {} but is not clearly the best move (the engine's search, {} positions after each move): {why}",
                    achieves(pf.goal, &ev, false),
                    narrate::thousands(super::best::CHECK_NODES)
                ),
            )
            .into());
    }
    let line = ev
        .lines
        .get(&sol)
        .map(|l| {
            l.iter()
                .map(|s| LineStep {
                    reply: notation::format_with_side(mover.opponent(), &s.reply.mv),
                    reply_text: solve::does(&s.reply),
                    answer: notation::format_with_side(mover, &s.answer.mv),
                    // in a win in three, an answer that does not win at
                    // once wins in two
                    answer_text: if s.answer.end.result().is_none() {
                        format!(
                            "{}, and every reply of {} then loses to a winning move",
                            solve::does(&s.answer),
                            narrate::side(mover.opponent())
                        )
                    } else {
                        solve::does(&s.answer)
                    },
                })
                .collect()
        })
        .unwrap_or_default();
    let answer = format!(
        "{}: {}.",
        notation::format_with_side(mover, &played.mv),
        ev.verdicts[sol].why
    );
    Ok(build(pf, &ev, Some(sol), played, answer, line))
}

fn what_happens(pf: PuzzleFile) -> Result<Puzzle, Diagnostics> {
    // The position's moves first (the wrong choices are drawn from them),
    // then the move traced from that listing: its end is the listing's, so
    // a move that takes seconds to decide is decided once.
    let rules = *pf.doc.variant.rules();
    let ev = solve::evaluate(Goal::WhatHappens, &rules, &pf.doc.position, false);
    let mv = pf
        .doc
        .mv
        .as_ref()
        .expect("parse_puzzle requires a move for what-happens");
    let played = crate::memo::trace_from(&rules, &pf.doc.position, mv, MAX_TRACE_LAPS, &ev.moves)
        .map_err(|e| pf.doc.illegal(&e))?;
    let exp = pf.doc.expect.clone().expect("parse_puzzle requires expect");
    let mut errs = Diagnostics::default();
    let what = format!(
        "the answer's move {}",
        pf.doc.move_text.clone().unwrap_or_default()
    );
    for m in judge(&exp, &played.end).mismatches {
        errs.push(
            pf.doc
                .at(m.claim.field(), m.message(&what))
                .with_kind(m.claim.kind()),
        );
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let answer = format!(
        "{}: {}.",
        notation::format_with_side(played.mover, &played.mv),
        narrate::move_end(&played.end)
    );
    Ok(build(pf, &ev, None, played, answer, Vec::new()))
}

fn build(
    pf: PuzzleFile,
    ev: &Evaluation,
    sol: Option<usize>,
    played: Played,
    answer: String,
    line: Vec<LineStep>,
) -> Puzzle {
    let doc = &pf.doc;
    let mover = doc.position.to_move;
    // a move to find: what finding it takes the engine's own search; a
    // move to follow: its laps
    let (effort, search, rated, computed_themes) = match sol {
        Some(s) => {
            let e = super::best::effort(
                &doc.variant.variant.rules,
                &doc.position,
                AnswerKey::of(ev.answer_move(s)),
            );
            (
                e.nodes,
                Some(e),
                super::Difficulty::of_search(&e),
                solve::themes(ev, s, &played),
            )
        }
        None => {
            let laps = solve::what_happens_effort(&played);
            (
                laps,
                None,
                super::Difficulty::of_effort(laps),
                what_happens_themes(&played),
            )
        }
    };
    let steps = narrate::trace_lines(&played);
    // a win in two or three: the line the reader plays on, after the
    // solution (the only right first move)
    let mut continuations = Vec::new();
    let follow = sol.and_then(|s| {
        let left = super::line::moves_after_first(pf.goal)?;
        super::line::continuation(
            &doc.variant.variant.rules,
            &doc.position,
            ev.answer_move(s),
            left,
            &mut continuations,
        )
    });
    let then_of = |s: usize| -> Vec<Option<usize>> {
        (0..ev.answers.len())
            .map(|a| if a == s { follow } else { None })
            .collect()
    };
    let id = doc.id().map(str::to_string).unwrap_or_else(|| {
        doc.file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("puzzle")
            .to_string()
    });
    Puzzle {
        id,
        title: doc
            .annotations
            .title
            .clone()
            .unwrap_or_else(|| pf.goal.title().to_string()),
        goal: pf.goal,
        goal_title: pf.goal.title().to_string(),
        question: pf.goal.question(
            mover.title(),
            mover.opponent().title(),
            &notation::format_with_side(mover, &played.mv),
        ),
        variant: doc.variant.name().to_string(),
        variant_title: doc.variant.title.clone(),
        to_move: mover.name().to_string(),
        board: doc.position.board.to_grid(),
        first_move: doc.position.first_move,
        opponent_first_move: doc.position.opponent_first_move,
        before_first_capture: doc.position.before_first_capture,
        solution: notation::format(&played.mv),
        solution_with_side: notation::format_with_side(mover, &played.mv),
        answer,
        hint: (!pf.hint.is_empty()).then(|| pf.hint.join(" ")),
        hints: pf.hint.clone(),
        explanation: pf.explanation.clone(),
        themes: if pf.themes.is_empty() {
            computed_themes
        } else {
            pf.themes.clone()
        },
        difficulty: pf.difficulty.unwrap_or(rated),
        difficulty_stated: pf.difficulty.is_some(),
        rated_difficulty: rated,
        effort,
        search,
        source: pf.source.clone(),
        from: pf.from.clone(),
        steps,
        line,
        answers: ev.answers.len(),
        attempts: match sol {
            Some(s) => super::line::attempts(ev, &ev.verdicts, &then_of(s)),
            None => Vec::new(),
        },
        continuations,
        choices: match sol {
            Some(_) => Vec::new(),
            None => super::choices(&played, &ev.moves),
        },
        file: doc.file.clone(),
        doc: pf.doc,
        played,
    }
}

/// What-happens: longer and never-ending moves are harder to predict.
pub(crate) fn what_happens_rating(played: &Played) -> super::Difficulty {
    super::Difficulty::of_effort(solve::what_happens_effort(played))
}

pub(crate) fn what_happens_themes(played: &Played) -> Vec<String> {
    let t = solve::facts(played);
    let mut out = Vec::new();
    if played.end.is_never_ending() {
        out.push("never-ending".to_string());
    }
    if t.relays >= 4 {
        out.push("relay-chain".into());
    }
    if t.captures >= 2 {
        out.push("chained-captures".into());
    }
    if t.clockwise_captures > 0 {
        out.push("reverse-capture".into());
    }
    if t.laps >= 20 && !played.end.is_never_ending() {
        out.push("long-move".into());
    }
    out
}

/// What the effort of one rating spans over a folder's puzzles: for moves
/// to find, the positions the engine's search visits to find the answer;
/// for "what happens?", the move's laps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The difficulty the figures are of.
    pub difficulty: Difficulty,
    /// Puzzles of that difficulty.
    pub puzzles: usize,
    /// The least effort among them.
    pub least: u64,
    /// The median effort.
    pub median: u64,
    /// The most effort.
    pub most: u64,
}

/// What `omweso puzzles verify` reports of the puzzles that verified: how
/// many of each goal, and per rating what finding a move (positions
/// searched) and following one (laps) span.
///
/// ```
/// use omweso::puzzle::Summary;
/// let s = Summary::of(&[]);
/// assert!(s.goals.is_empty() && s.to_find.is_empty() && s.to_follow.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Goals that have puzzles, in [`Goal::ALL`]'s order, with their count.
    pub goals: Vec<(Goal, usize)>,
    /// Per rating (those that have puzzles), moves to find.
    pub to_find: Vec<Span>,
    /// Per rating, "what happens?" moves to follow.
    pub to_follow: Vec<Span>,
}

impl Summary {
    /// The summary of `puzzles`.
    pub fn of(puzzles: &[Puzzle]) -> Summary {
        let goals = Goal::ALL
            .into_iter()
            .map(|g| (g, puzzles.iter().filter(|p| p.goal == g).count()))
            .filter(|&(_, n)| n > 0)
            .collect();
        let spans = |follow: bool| {
            Difficulty::ALL
                .into_iter()
                .filter_map(|d| {
                    let mut e: Vec<u64> = puzzles
                        .iter()
                        .filter(|p| {
                            p.rated_difficulty == d && (p.goal == Goal::WhatHappens) == follow
                        })
                        .map(|p| p.effort)
                        .collect();
                    e.sort_unstable();
                    Some(Span {
                        difficulty: d,
                        puzzles: e.len(),
                        least: *e.first()?,
                        median: e[e.len() / 2],
                        most: *e.last()?,
                    })
                })
                .collect()
        };
        Summary {
            goals,
            to_find: spans(false),
            to_follow: spans(true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine;

    /// A McGill position whose South pit 1 never ends (a cycle of 82 laps;
    /// nothing of North's can be captured), as a "what happens?" puzzle.
    const NEVER_ENDING: &str = "\
id: what-happens-82
variant: mcgill-2015
to_move: south
board:
  - [0, 0, 0, 0, 0, 1, 0, 0]
  - [1, 1, 0, 1, 0, 0, 0, 1]
  - [3, 4, 2, 1, 2, 1, 2, 3]
  - [2, 2, 1, 0, 1, 3, 2, 1]
goal: what-happens
move: \"1\"
expect:
  never_ending: true
  result: annulled
";

    /// Verifying a "what happens?" puzzle lists its position's moves (its
    /// wrong choices come from them) and traces its move: the engine
    /// decides the position's moves once, the trace taking its end from
    /// the listing. Deciding twice (a trace of its own, as before) fails.
    #[test]
    fn a_what_happens_puzzle_decides_its_move_once() {
        let pos = crate::memo::cycle_of_82_laps();
        let rules = engine::Rules::MCGILL_2015;
        assert_eq!(crate::memo::decisions(&rules, &pos), 0);
        let p = verify_source(
            &Source::new("what-happens-82.yaml", NEVER_ENDING),
            &Variants::builtin(),
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(crate::memo::decisions(&rules, &pos), 1);
        // the trace is the one the engine finds deciding the move itself
        let decided = engine::trace(&rules, &pos, &p.played.mv, MAX_TRACE_LAPS).unwrap();
        assert_eq!(p.played, decided);
        let MoveEnd::NeverEnding(n) = p.played.end else {
            panic!("never ends")
        };
        assert_eq!(n.cycle_laps, 82);
        assert!(n.laps_before_cycle.is_some());
    }
}
