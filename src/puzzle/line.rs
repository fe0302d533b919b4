//! The line a reader plays through on a win-in-two or win-in-three page:
//! after each right move that does not end the game, the defender's reply
//! (the one the engine's search expects) and the reader's next turn, every
//! legal move of it judged exactly as the verifier judges the first one.
//!
//! A reader's move is right when it still wins within the moves left: at
//! once when one is left; at once or in two when two are (any such move,
//! not only the one the solver found first, so the page never refuses a
//! move `check` would accept). The replies are traced here, once, for the
//! page to draw (`src/site`), never played again there.

use super::best;
use super::keys::AnswerKey;
use super::solve::{self, Evaluation, Verdict};
use super::{Attempt, Goal, MAX_TRACE_LAPS};
use crate::engine::notation;
use crate::engine::{LegalMove, MoveEnd, Played, Position, Rules, trace};
use serde::Serialize;
use std::collections::HashMap;

/// What follows a reader's right move that does not end the game: the
/// defender's reply, and the reader's turn after it.
#[derive(Clone, Debug, Serialize)]
pub struct LineContinuation {
    /// The reply in canonical notation without side (`10C`).
    pub reply: String,
    /// The reply with its side (`S10C`).
    pub reply_with_side: String,
    /// What the reply does, in words.
    pub reply_text: String,
    /// The reply as played, with its full trace (what the page draws).
    #[serde(skip)]
    pub played: Played,
    /// The reader's turn after the reply: none when the reply ends the
    /// game (it loses by itself).
    pub turn: Option<LineTurn>,
}

/// A turn of the reader's inside the line.
#[derive(Clone, Debug, Serialize)]
pub struct LineTurn {
    /// The position the reader moves in.
    #[serde(skip)]
    pub position: Position,
    /// Moves the reader has left to win in: 1 (at once) or 2.
    pub moves_left: u32,
    /// Every legal choice sequence of the reader, judged against winning
    /// within `moves_left`; a right one that does not end the game carries
    /// its own continuation.
    pub attempts: Vec<Attempt>,
}

/// The moves a goal gives the reader to win in after the first (none for
/// a goal that is not a line).
pub fn moves_after_first(goal: Goal) -> Option<u32> {
    match goal {
        Goal::WinInTwo => Some(1),
        Goal::WinInThree => Some(2),
        _ => None,
    }
}

/// The reply the engine's search expects after the reader's `m` in `pos`:
/// the first move of its principal variation at the judge's budget
/// ([`best::CHECK_NODES`], the values the verifier computed already); the
/// first distinct reply when the search gives none. `None` when `m` ends
/// the game.
fn expected_reply(rules: &Rules, pos: &Position, m: &LegalMove) -> Option<LegalMove> {
    let f = m.end.finished().filter(|f| f.result.is_none())?;
    let next = f.position_after(pos);
    let replies = best::distinct_moves(rules, &next);
    let key = AnswerKey::of(m);
    let values = best::values(rules, pos, best::CHECK_NODES);
    let pv = values
        .moves
        .iter()
        .find(|v| v.key == key)
        .and_then(|v| v.pv.first());
    pv.and_then(|p| replies.iter().find(|r| r.mv.same_as(p)))
        .or(replies.first())
        .cloned()
}

/// The continuation after the reader's right move `m` in `pos`, with
/// `left` moves (1 or 2) then left to win in, added to `arena` (with the
/// continuations under it); its index there. `None` when `m` ends the game
/// (nothing follows).
pub(crate) fn continuation(
    rules: &Rules,
    pos: &Position,
    m: &LegalMove,
    left: u32,
    arena: &mut Vec<LineContinuation>,
) -> Option<usize> {
    let reply = expected_reply(rules, pos, m)?;
    let before = m.end.finished()?.position_after(pos);
    let defender = before.to_move;
    let played = trace(rules, &before, &reply.mv, MAX_TRACE_LAPS).ok()?;
    let turn = match &reply.end {
        MoveEnd::Finished(f) if f.result.is_none() => {
            Some(line_turn(rules, &f.position_after(&before), left, arena))
        }
        _ => None,
    };
    arena.push(LineContinuation {
        reply: notation::format(&reply.mv),
        reply_with_side: notation::format_with_side(defender, &reply.mv),
        reply_text: solve::does(&reply),
        played,
        turn,
    });
    Some(arena.len() - 1)
}

/// The reader's turn in `pos` with `left` moves to win in: every move
/// judged (a win at once is always right; with two left, a win in two is
/// too, and is followed by the engine's reply, added to `arena`).
pub fn line_turn(
    rules: &Rules,
    pos: &Position,
    left: u32,
    arena: &mut Vec<LineContinuation>,
) -> LineTurn {
    let now = solve::evaluate(Goal::WinNow, rules, pos, false);
    let two = (left >= 2).then(|| solve::evaluate(Goal::WinInTwo, rules, pos, false));
    let verdicts: Vec<Verdict> = (0..now.answers.len())
        .map(|a| {
            let v = &now.verdicts[a];
            match &two {
                Some(t) if !v.ok => t.verdicts[a].clone(),
                _ => v.clone(),
            }
        })
        .collect();
    let then: Vec<Option<usize>> = (0..now.answers.len())
        .map(|a| {
            if verdicts[a].ok && !now.verdicts[a].ok {
                continuation(rules, pos, now.answer_move(a), left - 1, arena)
            } else {
                None
            }
        })
        .collect();
    LineTurn {
        position: *pos,
        moves_left: left,
        attempts: attempts(&now, &verdicts, &then),
    }
}

/// Every legal choice sequence of `ev` with the verdict of its answer
/// (`verdicts`, parallel to `ev.answers`) and the continuation that
/// follows it (`then`, likewise: an index in the puzzle's continuations).
pub(crate) fn attempts(
    ev: &Evaluation,
    verdicts: &[Verdict],
    then: &[Option<usize>],
) -> Vec<Attempt> {
    let answer: HashMap<AnswerKey, usize> = ev
        .answers
        .iter()
        .enumerate()
        .map(|(a, &i)| (AnswerKey::of(&ev.moves[i]), a))
        .collect();
    ev.moves
        .iter()
        .filter_map(|m| {
            let a = *answer.get(&AnswerKey::of(m))?;
            let v = verdicts.get(a)?;
            Some(Attempt {
                notation: notation::format(&m.mv),
                ok: v.ok,
                why: v.why.clone(),
                then: then.get(a).copied().flatten(),
            })
        })
        .collect()
}
