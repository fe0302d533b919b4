//! The goals judged by the engine, for every legal move of a position.
//!
//! Pure logic, no I/O: the verifier and the generator share it. Every choice
//! sequence is considered ([`legal_moves`]); sequences reaching the same end
//! position are one answer, judged once.

use super::keys::AnswerKey;
use super::{Difficulty, Goal};
use crate::diagram::narrate;
use crate::engine::notation;
use crate::engine::{
    Direction, GameResult, LapEnd, LegalMove, MoveEnd, Played, Position, Rules, Side, WinKind,
    legal_moves,
};
use std::collections::HashMap;

/// A move's verdict against a goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Verdict {
    pub ok: bool,
    /// What the move does, in words ("captures 12 and North has no move").
    pub why: String,
}

/// A win-in-two line: a reply and the winning answer to it.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub reply: LegalMove,
    pub answer: LegalMove,
}

/// Every distinct answer of a position judged against a goal.
#[derive(Clone, Debug)]
pub(crate) struct Evaluation {
    pub goal: Goal,
    pub mover: Side,
    /// Every legal choice sequence.
    pub moves: Vec<LegalMove>,
    /// Index into `moves` of the first sequence of each distinct answer.
    pub answers: Vec<usize>,
    /// The verdict of each answer (parallel to `answers`).
    pub verdicts: Vec<Verdict>,
    /// Win-in-two: the line of each achieving answer (by `answers` index).
    pub lines: HashMap<usize, Vec<Line>>,
    /// Something that makes the position unfit for the goal whatever the
    /// solution ("South can win at once with 5", "no move captures").
    pub problem: Option<String>,
    /// The evaluation stopped early (the generator's second solution).
    pub partial: bool,
}

impl Evaluation {
    /// Positions in `answers` of the answers achieving the goal.
    pub(crate) fn solutions(&self) -> Vec<usize> {
        (0..self.answers.len())
            .filter(|&i| self.verdicts[i].ok)
            .collect()
    }

    /// The answer (position in `answers`) a move belongs to, if it is legal.
    pub(crate) fn answer_of(&self, mv: &crate::engine::Move) -> Option<usize> {
        let m = self.moves.iter().find(|m| m.mv.same_as(mv))?;
        let key = AnswerKey::of(m);
        self.answers
            .iter()
            .position(|&i| AnswerKey::of(&self.moves[i]) == key)
    }

    /// The legal move of an answer.
    pub(crate) fn answer_move(&self, a: usize) -> &LegalMove {
        &self.moves[self.answers[a]]
    }

    /// The biggest capture of any move.
    pub(crate) fn max_capture(&self) -> u32 {
        self.moves
            .iter()
            .map(|m| m.end.captured())
            .max()
            .unwrap_or(0)
    }
}

/// Why a goal cannot be set in a variant.
pub(crate) fn goal_unavailable(goal: Goal, rules: &Rules, variant: &str) -> Option<String> {
    match goal {
        Goal::CutOffTheHead if !rules.wins.nkutemye => Some(format!(
            "goal cut-off-the-head needs a variant where nkutemye wins; {variant} has no nkutemye win"
        )),
        _ => None,
    }
}

fn wins_for(end: &MoveEnd, side: Side) -> Option<WinKind> {
    match end.result() {
        Some(GameResult::Win { winner, kind, .. }) if winner == side => Some(kind),
        _ => None,
    }
}

/// A short description of what a move does (the narrator's words).
pub(crate) fn does(m: &LegalMove) -> String {
    narrate::move_does(&m.end)
}

fn nm(side: Side, m: &LegalMove) -> String {
    notation::format_with_side(side, &m.mv)
}

/// Judge every answer of `pos` against `goal`. With `early`, stop as soon
/// as two answers achieve it (enough to reject a position).
pub(crate) fn evaluate(goal: Goal, rules: &Rules, pos: &Position, early: bool) -> Evaluation {
    let moves = crate::memo::legal_moves(rules, pos);
    evaluate_moves(goal, rules, pos, moves, early)
}

/// [`evaluate`] with the legal moves already listed.
pub(crate) fn evaluate_moves(
    goal: Goal,
    rules: &Rules,
    pos: &Position,
    moves: Vec<LegalMove>,
    early: bool,
) -> Evaluation {
    let mover = pos.to_move;
    let opp = mover.opponent();
    let mut seen: HashMap<AnswerKey, usize> = HashMap::new();
    let mut answers = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        seen.entry(AnswerKey::of(m)).or_insert_with(|| {
            answers.push(i);
            answers.len() - 1
        });
    }
    let mut ev = Evaluation {
        goal,
        mover,
        moves,
        answers,
        verdicts: Vec::new(),
        lines: HashMap::new(),
        problem: None,
        partial: false,
    };
    if ev.moves.is_empty() {
        ev.problem = Some(narrate::has_no_legal_move(mover));
        return ev;
    }
    let max = ev.max_capture();
    let immediate_win = ev
        .answers
        .iter()
        .map(|&i| &ev.moves[i])
        .find(|m| wins_for(&m.end, mover).is_some())
        .cloned();
    let mut memo = Memo::new(*rules);
    match goal {
        Goal::BiggestCapture if max == 0 => ev.problem = Some("no move captures".into()),
        Goal::OnlySafeMove | Goal::WinInTwo | Goal::WinInThree | Goal::OnlySavingMove => {
            if let Some(w) = &immediate_win {
                ev.problem = Some(format!(
                    "{} can win at once with {} ({}), so the puzzle's goal is beside the point",
                    narrate::side(mover),
                    notation::format(&w.mv),
                    does(w)
                ));
            }
        }
        _ => {}
    }
    // a win in three that a win in two makes pointless
    if goal == Goal::WinInThree
        && ev.problem.is_none()
        && let Some((w, _)) = memo.win_in_two(pos)
    {
        ev.problem = Some(format!(
            "{} can win in two with {} ({}), so a win in three is beside the point",
            narrate::side(mover),
            notation::format(&w.mv),
            does(&w)
        ));
    }
    // the best move: the engine's deep values of every move, once
    let best = if goal == Goal::BestMove && ev.problem.is_none() {
        let values = super::best::values(rules, pos, super::best::CHECK_NODES);
        match values.clearly_best() {
            Ok((b, why)) => Some((b.key, b.value, why)),
            Err(e) => {
                ev.problem = Some(e);
                None
            }
        }
    } else {
        None
    };
    let mut found = 0;
    for a in 0..ev.answers.len() {
        if early && (found >= 2 || ev.problem.is_some()) {
            ev.partial = true;
            break;
        }
        let m = ev.moves[ev.answers[a]].clone();
        let verdict = match goal {
            Goal::WinNow | Goal::WhatHappens => match wins_for(&m.end, mover) {
                Some(_) => Verdict {
                    ok: true,
                    why: does(&m),
                },
                None => Verdict {
                    ok: false,
                    why: match &m.end {
                        MoveEnd::Finished(f) if f.result.is_none() => {
                            format!("{}, and {} still has a move", does(&m), narrate::side(opp))
                        }
                        _ => does(&m),
                    },
                },
            },
            Goal::CutOffTheHead => {
                let kind = wins_for(&m.end, mover);
                let cut = m.end.finished().is_some_and(|f| f.cut_heads);
                Verdict {
                    ok: cut && matches!(kind, Some(WinKind::Nkutemye | WinKind::Akawumbi)),
                    why: match m.end.finished() {
                        Some(f) if !cut => {
                            let ends = (f.columns & 1 != 0) as u32 + (f.columns & 0x80 != 0) as u32;
                            format!(
                                "{}, from {} of the two end columns",
                                does(&m),
                                if ends == 0 {
                                    "neither".into()
                                } else {
                                    ends.to_string()
                                }
                            )
                        }
                        _ => does(&m),
                    },
                }
            }
            Goal::BiggestCapture => {
                let c = m.end.captured();
                Verdict {
                    ok: max > 0 && c == max && !m.end.is_never_ending(),
                    why: does(&m),
                }
            }
            Goal::OnlySafeMove => safe(rules, pos, &m),
            Goal::WinInTwo => {
                let (v, line) = memo.win_in_two_verdict(pos, &m);
                if let Some(line) = line {
                    ev.lines.insert(a, line);
                }
                v
            }
            Goal::WinInThree => {
                let (v, line) = memo.win_in_three_verdict(pos, &m);
                if let Some(line) = line {
                    ev.lines.insert(a, line);
                }
                v
            }
            Goal::OnlySavingMove => memo.saving(pos, &m),
            Goal::BestMove => match best {
                Some((key, value, why)) if key == AnswerKey::of(&m) => Verdict {
                    ok: true,
                    why: format!("{}, {}", does(&m), super::best::clear_words(why, value)),
                },
                _ => Verdict {
                    ok: false,
                    why: format!("{}, and another move is clearly better", does(&m)),
                },
            },
        };
        found += verdict.ok as usize;
        ev.verdicts.push(verdict);
    }
    ev
}

/// Only-safe-move: after `m`, no reply of the opponent captures.
fn safe(rules: &Rules, pos: &Position, m: &LegalMove) -> Verdict {
    let opp = pos.to_move.opponent();
    let f = match &m.end {
        MoveEnd::NeverEnding(_) => {
            return Verdict {
                ok: false,
                why: does(m),
            };
        }
        MoveEnd::Finished(f) => f,
    };
    if f.result.is_some() {
        return Verdict {
            ok: false,
            why: does(m),
        };
    }
    let next = f.position_after(pos);
    let replies = legal_moves(rules, &next);
    match replies.iter().max_by_key(|r| r.end.captured()) {
        Some(r) if r.end.captured() > 0 => Verdict {
            ok: false,
            why: format!(
                "{}, but {} replies {} and captures {}",
                does(m),
                narrate::side(opp),
                nm(opp, r),
                narrate::seeds(r.end.captured() as u64)
            ),
        },
        _ => Verdict {
            ok: true,
            why: format!(
                "{}, and no reply of {} captures",
                does(m),
                narrate::side(opp)
            ),
        },
    }
}

/// Positions judged during one evaluation: the deeper goals reach the
/// same positions by different moves, and judge each once.
struct Memo {
    rules: Rules,
    /// A winning move of the side to move, if any.
    win_now: HashMap<Position, Option<LegalMove>>,
    /// A move of the side to move that wins in two, with its line.
    win_in_two: HashMap<Position, Option<(LegalMove, Vec<Line>)>>,
}

/// The distinct answers of `pos` (sequences reaching the same end are one).
fn distinct_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut seen = std::collections::HashSet::new();
    legal_moves(rules, pos)
        .into_iter()
        .filter(|m| seen.insert(AnswerKey::of(m)))
        .collect()
}

impl Memo {
    fn new(rules: Rules) -> Memo {
        Memo {
            rules,
            win_now: HashMap::new(),
            win_in_two: HashMap::new(),
        }
    }

    /// A move that wins at once for the side to move.
    fn win_now(&mut self, pos: &Position) -> Option<LegalMove> {
        if let Some(w) = self.win_now.get(pos) {
            return w.clone();
        }
        let w = distinct_moves(&self.rules, pos)
            .into_iter()
            .find(|m| wins_for(&m.end, pos.to_move).is_some());
        self.win_now.insert(*pos, w.clone());
        w
    }

    /// A move that wins in two for the side to move, with its line.
    fn win_in_two(&mut self, pos: &Position) -> Option<(LegalMove, Vec<Line>)> {
        if let Some(w) = self.win_in_two.get(pos) {
            return w.clone();
        }
        let mut found = None;
        for m in distinct_moves(&self.rules, pos) {
            if let (Verdict { ok: true, .. }, Some(line)) = self.win_in_two_verdict(pos, &m) {
                found = Some((m, line));
                break;
            }
        }
        self.win_in_two.insert(*pos, found.clone());
        found
    }

    /// Win in `n` (two or three): `m` does not end the game and every
    /// reply loses within `n − 1` more moves (at once, for two; at once or
    /// in two, for three). The line gives each reply's answer (a reply that
    /// loses the game by itself has none).
    fn win_in(&mut self, n: u32, pos: &Position, m: &LegalMove) -> (Verdict, Option<Vec<Line>>) {
        let mover = pos.to_move;
        let opp = mover.opponent();
        let fail = |why: String| (Verdict { ok: false, why }, None);
        let f = match &m.end {
            MoveEnd::NeverEnding(_) => return fail(does(m)),
            MoveEnd::Finished(f) => f,
        };
        if f.result.is_some() {
            return fail(format!("{} (a win at once, not in {})", does(m), count(n)));
        }
        let next = f.position_after(pos);
        let replies = distinct_moves(&self.rules, &next);
        let mut line = Vec::with_capacity(replies.len());
        for r in replies {
            let rf = match &r.end {
                MoveEnd::NeverEnding(_) => {
                    return fail(format!(
                        "{}, but {} replies {}, which {}",
                        does(m),
                        narrate::side(opp),
                        nm(opp, &r),
                        does(&r)
                    ));
                }
                MoveEnd::Finished(rf) => *rf,
            };
            if rf.result.is_some() {
                // a reply that loses by itself needs no answer
                if wins_for(&r.end, mover).is_some() {
                    continue;
                }
                return fail(format!(
                    "{}, but {} replies {} and {}",
                    does(m),
                    narrate::side(opp),
                    nm(opp, &r),
                    does(&r)
                ));
            }
            let third = rf.position_after(&next);
            // within n − 1 moves: at once, or (for three) in two
            let answer = match self.win_now(&third) {
                Some(w) => Some(w),
                None if n == 3 => self.win_in_two(&third).map(|(w, _)| w),
                None => None,
            };
            match answer {
                Some(w) => line.push(Line {
                    reply: r,
                    answer: w,
                }),
                None => {
                    return fail(format!(
                        "{}, but after {} replies {} ({}) {} has no {}",
                        does(m),
                        narrate::side(opp),
                        nm(opp, &r),
                        does(&r),
                        narrate::side(mover),
                        if n == 2 {
                            "winning move"
                        } else {
                            "way to win within two moves"
                        }
                    ));
                }
            }
        }
        let why = format!(
            "{}, and every reply of {} ({} in all) loses to {}",
            does(m),
            narrate::side(opp),
            line.len(),
            if n == 2 {
                "a winning move"
            } else {
                "a win within two moves"
            }
        );
        (Verdict { ok: true, why }, Some(line))
    }

    fn win_in_two_verdict(
        &mut self,
        pos: &Position,
        m: &LegalMove,
    ) -> (Verdict, Option<Vec<Line>>) {
        self.win_in(2, pos, m)
    }

    fn win_in_three_verdict(
        &mut self,
        pos: &Position,
        m: &LegalMove,
    ) -> (Verdict, Option<Vec<Line>>) {
        self.win_in(3, pos, m)
    }

    /// Only-saving-move: after `m` the opponent has no winning reply (a
    /// never-ending move, annulled or drawn, does not lose either).
    fn saving(&mut self, pos: &Position, m: &LegalMove) -> Verdict {
        let mover = pos.to_move;
        let opp = mover.opponent();
        if wins_for(&m.end, opp).is_some() {
            return Verdict {
                ok: false,
                why: does(m),
            };
        }
        let Some(next) = after(pos, m) else {
            // it ends the game without losing it, or never ends
            return Verdict {
                ok: true,
                why: does(m),
            };
        };
        match self.win_now(&next) {
            Some(r) => Verdict {
                ok: false,
                why: format!(
                    "{}, but {} replies {} and {}",
                    does(m),
                    narrate::side(opp),
                    nm(opp, &r),
                    does(&r)
                ),
            },
            None => Verdict {
                ok: true,
                why: format!("{}, and no reply of {} wins", does(m), narrate::side(opp)),
            },
        }
    }
}

/// The opponent's reply that wins at once after `m`, if there is one.
pub(crate) fn winning_reply(rules: &Rules, pos: &Position, m: &LegalMove) -> Option<LegalMove> {
    let next = after(pos, m)?;
    legal_moves(rules, &next)
        .into_iter()
        .find(|r| wins_for(&r.end, next.to_move).is_some())
}

/// "two", "three".
fn count(n: u32) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        _ => "several",
    }
}

/// The laps a move sows (a never-ending move: those sown until it is seen
/// to repeat).
fn laps(m: &LegalMove) -> f64 {
    match &m.end {
        MoveEnd::Finished(f) => f.laps as f64,
        MoveEnd::NeverEnding(n) => n.examined_laps as f64,
    }
}

/// The laps a solver follows, on average, trying `costs` in a random
/// order until one of those marked `hit`: every miss comes before the
/// first hit with probability 1/(hits + 1); with no hit, all of them.
fn until_hit(costs: &[(f64, bool)]) -> f64 {
    let hits: Vec<f64> = costs.iter().filter(|c| c.1).map(|c| c.0).collect();
    let misses: f64 = costs.iter().filter(|c| !c.1).map(|c| c.0).sum();
    if hits.is_empty() {
        return misses;
    }
    misses / (hits.len() + 1) as f64 + hits.iter().sum::<f64>() / hits.len() as f64
}

/// The position after `m`, if the game goes on.
fn after(pos: &Position, m: &LegalMove) -> Option<Position> {
    match &m.end {
        MoveEnd::Finished(f) if f.result.is_none() => Some(f.position_after(pos)),
        _ => None,
    }
}

/// What a solver spends, in laps followed, with what they have already
/// worked out remembered (positions reached again cost nothing more).
struct Effort {
    rules: Rules,
    /// Finding a winning move (laps, whether there is one), by position.
    find_win: HashMap<Position, (f64, bool)>,
    /// Finding a win in two, likewise.
    find_two: HashMap<Position, (f64, bool)>,
}

impl Effort {
    fn new(rules: Rules) -> Effort {
        Effort {
            rules,
            find_win: HashMap::new(),
            find_two: HashMap::new(),
        }
    }

    /// Trying the side to move's answers until one passes `pass` (laps
    /// spent, whether one passes); `pass` gives an answer's own cost too.
    fn find(
        &mut self,
        pos: &Position,
        mut pass: impl FnMut(&mut Effort, &LegalMove) -> (f64, bool),
    ) -> (f64, bool) {
        let tries: Vec<(f64, bool)> = distinct_moves(&self.rules, pos)
            .iter()
            .map(|a| pass(self, a))
            .collect();
        (until_hit(&tries), tries.iter().any(|t| t.1))
    }

    fn find_win(&mut self, pos: &Position) -> (f64, bool) {
        if let Some(&c) = self.find_win.get(pos) {
            return c;
        }
        let mover = pos.to_move;
        let c = self.find(pos, |_, a| (laps(a), wins_for(&a.end, mover).is_some()));
        self.find_win.insert(*pos, c);
        c
    }

    fn find_two(&mut self, pos: &Position) -> (f64, bool) {
        if let Some(&c) = self.find_two.get(pos) {
            return c;
        }
        let c = self.find(pos, |e, a| e.check_win_in(2, pos, a));
        self.find_two.insert(*pos, c);
        c
    }

    /// Checking that `m` wins in `n` (two or three): every reply followed
    /// and answered by trying the solver's moves until one wins in `n − 1`
    /// (at once, for two), until a reply escapes (another move) or all are
    /// answered (the solution). Laps spent, and whether it wins.
    fn check_win_in(&mut self, n: u32, pos: &Position, m: &LegalMove) -> (f64, bool) {
        let own = laps(m);
        let mover = pos.to_move;
        let Some(next) = after(pos, m) else {
            return (own, false);
        };
        let costs: Vec<(f64, bool)> = distinct_moves(&self.rules, &next)
            .iter()
            .map(|r| {
                let answer = match after(&next, r) {
                    // a win at once first, then (for three) a win in two
                    Some(p) => {
                        let now = self.find_win(&p);
                        if now.1 || n == 2 {
                            now
                        } else {
                            let two = self.find_two(&p);
                            (now.0 + two.0, two.1)
                        }
                    }
                    // the reply ends the game: it escapes unless the
                    // solver has won
                    None => (0.0, wins_for(&r.end, mover).is_some()),
                };
                (laps(r) + answer.0, !answer.1)
            })
            .collect();
        if costs.iter().any(|c| c.1) {
            (own + until_hit(&costs), false)
        } else {
            (own + costs.iter().map(|c| c.0).sum::<f64>(), true)
        }
    }

    /// What checking the answer `m` against `goal` takes: the move itself,
    /// and for a goal about the replies the replies as far as they must be
    /// followed (only the safe move: until one captures, or all; the only
    /// saving move: until one wins, or all; a win in two or three:
    /// [`Effort::check_win_in`]).
    fn check(&mut self, goal: Goal, pos: &Position, m: &LegalMove) -> f64 {
        let own = laps(m);
        let Some(next) = after(pos, m) else {
            return own;
        };
        let opp = pos.to_move.opponent();
        match goal {
            Goal::OnlySafeMove | Goal::OnlySavingMove => {
                let costs: Vec<(f64, bool)> = distinct_moves(&self.rules, &next)
                    .iter()
                    .map(|r| {
                        let hit = if goal == Goal::OnlySafeMove {
                            r.end.captured() > 0
                        } else {
                            wins_for(&r.end, opp).is_some()
                        };
                        (laps(r), hit)
                    })
                    .collect();
                own + until_hit(&costs)
            }
            Goal::WinInTwo => self.check_win_in(2, pos, m).0,
            Goal::WinInThree => self.check_win_in(3, pos, m).0,
            _ => own,
        }
    }
}

/// What finding the answer takes a solver, in laps followed: trying the
/// distinct answers in a random order, each checked as far as the goal
/// needs ([`Effort::check`]), until the solution (on average: every other
/// answer comes first half the time). For the biggest capture every
/// answer is counted (the biggest is known only then); a "what happens"
/// puzzle takes the move's own laps.
pub(crate) fn effort(ev: &Evaluation, rules: &Rules, pos: &Position, solution: usize) -> u64 {
    let mut e = Effort::new(*rules);
    let mut check = |a: usize| e.check(ev.goal, pos, ev.answer_move(a));
    let total = match ev.goal {
        Goal::WhatHappens => laps(ev.answer_move(solution)),
        Goal::BiggestCapture => (0..ev.answers.len()).map(&mut check).sum(),
        _ => {
            check(solution)
                + (0..ev.answers.len())
                    .filter(|&a| a != solution)
                    .map(&mut check)
                    .sum::<f64>()
                    / 2.0
        }
    };
    total.round() as u64
}

/// What finding a solution takes: the solver's effort ([`effort`]) and
/// the difficulty it makes ([`Difficulty::of_effort`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rating {
    /// Laps a solver follows to find the solution.
    pub effort: u64,
    pub difficulty: Difficulty,
    /// Answers that look right (capture at least as much, or more than the
    /// solution) but fail.
    pub lookalikes: usize,
}

/// Rate a solved puzzle by what finding its solution takes.
pub(crate) fn rate(ev: &Evaluation, rules: &Rules, pos: &Position, solution: usize) -> Rating {
    let sol = ev.answer_move(solution);
    let sc = sol.end.captured();
    let lookalikes = (0..ev.verdicts.len())
        .filter(|&a| a != solution && !ev.verdicts[a].ok)
        .filter(|&a| {
            let c = ev.answer_move(a).end.captured();
            c > 0 && c >= sc
        })
        .count();
    let effort = effort(ev, rules, pos, solution);
    Rating {
        effort,
        difficulty: Difficulty::of_effort(effort),
        lookalikes,
    }
}

/// What predicting a move's end takes: its laps (a never-ending move:
/// those until it first comes round again, laps before the cycle and one
/// whole cycle).
pub(crate) fn what_happens_effort(played: &Played) -> u64 {
    match &played.end {
        MoveEnd::Finished(f) => f.laps,
        MoveEnd::NeverEnding(n) => n.laps_before_cycle.unwrap_or(0) + n.cycle_laps,
    }
}

/// Facts about a solution's trace.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TraceFacts {
    pub laps: usize,
    pub relays: usize,
    pub captures: usize,
    pub clockwise_laps: usize,
    pub clockwise_captures: usize,
    pub starts_clockwise: bool,
    /// Clockwise choices after the start (`7AC`).
    pub later_choices: usize,
}

pub(crate) fn facts(played: &Played) -> TraceFacts {
    let mut t = TraceFacts {
        laps: played.laps.len(),
        starts_clockwise: played.mv.direction() == Direction::Clockwise,
        later_choices: played
            .mv
            .trimmed_choices()
            .iter()
            .skip(1)
            .filter(|&&d| d == Direction::Clockwise)
            .count(),
        ..TraceFacts::default()
    };
    for l in &played.laps {
        match l.end {
            LapEnd::Relay { .. } => t.relays += 1,
            LapEnd::Capture(_) => {
                t.captures += 1;
                if l.direction == Direction::Clockwise {
                    t.clockwise_captures += 1;
                }
            }
            LapEnd::Stop => {}
        }
        if l.direction == Direction::Clockwise {
            t.clockwise_laps += 1;
        }
    }
    t
}

/// Themes from what the solution does.
pub(crate) fn themes(ev: &Evaluation, solution: usize, played: &Played) -> Vec<String> {
    let t = facts(played);
    let sol = ev.answer_move(solution);
    let mut out: Vec<&str> = Vec::new();
    if t.relays >= 4 {
        out.push("relay-chain");
    }
    if t.clockwise_captures > 0 {
        out.push("reverse-capture");
    }
    if t.later_choices > 0 {
        out.push("choice-point");
    }
    if t.captures >= 2 {
        out.push("chained-captures");
    }
    if t.laps >= 20 {
        out.push("long-move");
    }
    match &sol.end {
        MoveEnd::NeverEnding(_) => out.push("never-ending"),
        MoveEnd::Finished(f) => {
            if f.captured == 0 {
                out.push("quiet-move");
            }
            match f.result {
                Some(GameResult::Win {
                    kind: WinKind::Nkutemye,
                    ..
                }) => out.push("nkutemye"),
                Some(GameResult::Win {
                    kind: WinKind::Akawumbi,
                    ..
                }) => out.push("akawumbi"),
                Some(GameResult::Win {
                    kind: WinKind::NoMove,
                    ..
                }) => out.push("no-move-win"),
                _ => {}
            }
        }
    }
    // a bigger capture was on offer and the solution declines it
    if ev.goal != Goal::BiggestCapture && ev.max_capture() > sol.end.captured() {
        out.push("bait-refused");
    }
    // the solution lets the opponent capture and still wins
    if let Some(line) = ev.lines.get(&solution)
        && line.iter().any(|l| l.reply.end.captured() > 0)
    {
        out.push("sacrifice");
    }
    out.into_iter().map(String::from).collect()
}
