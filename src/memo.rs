//! The engine's costly answers, kept by what they depend on alone: the
//! rules, the position and (for a move's trace) the move and the laps
//! recorded. A never-ending move can take seconds to decide (the McGill
//! board whose South pit 12 cycles for 1,411,989,072 laps: about 9 s), and
//! a build asks about the same move in several places: a "what happens?"
//! puzzle traces its move and lists every move of its position, `omweso
//! check` and the build judge the same files, and `omweso serve` rebuilds
//! the site on every change. Each asks here, and only the first pays.
//!
//! Only answers that took at least [`COSTLY`] are kept (a cheap answer is
//! cheaper to compute again than to keep), at most [`KEPT`] of each kind
//! and [`KEPT_LAPS`] recorded laps of all traces together, the least
//! recently used going first, for the life of the process. The
//! answers are the engine's own, so what is built does not depend on
//! whether an answer was kept; this binary's engine is the only one that
//! ever wrote them.

use crate::engine::{self, LegalMove, Move, PlayError, Played, Position, Rules};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// An answer that took at least this long is kept.
pub(crate) const COSTLY: Duration = Duration::from_millis(50);

/// Answers kept at most, of each kind.
pub(crate) const KEPT: usize = 64;

/// Laps of traces kept at most, all traces together (a recorded lap takes
/// about a hundred bytes: some tens of megabytes at most). A trace stage
/// records up to 100,000 laps of a move; a puzzle's trace 400.
pub(crate) const KEPT_LAPS: usize = 400_000;

/// [`engine::trace`], kept when costly.
pub(crate) fn trace(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    max_laps: usize,
) -> Result<Played, PlayError> {
    type Question = (Rules, Position, Move, usize);
    static TRACES: OnceLock<Kept<Question, Result<Played, PlayError>>> = OnceLock::new();
    let laps = |t: &Result<Played, PlayError>| t.as_ref().map_or(1, |p| p.laps.len().max(1));
    TRACES.get_or_init(|| Kept::new(KEPT_LAPS, laps)).get_or(
        (*rules, *pos, mv.clone(), max_laps),
        COSTLY,
        || engine::trace(rules, pos, mv, max_laps),
    )
}

/// [`engine::legal_moves`], kept when costly.
pub(crate) fn legal_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    static MOVES: OnceLock<Kept<(Rules, Position), Vec<LegalMove>>> = OnceLock::new();
    // a position has at most 32 moves (and their choice sequences): the
    // count of answers bounds them
    MOVES
        .get_or_init(|| Kept::new(usize::MAX, |_| 1))
        .get_or((*rules, *pos), COSTLY, || engine::legal_moves(rules, pos))
}

/// Answers by question, each with when it was last asked for (a count of
/// the questions asked so far); at most [`KEPT`] answers, weighing `limit`
/// together at most.
struct Kept<K, V> {
    answers: Mutex<Answers<K, V>>,
    limit: usize,
    weigh: fn(&V) -> usize,
}

/// The questions asked so far, and the kept answers.
type Answers<K, V> = (u64, HashMap<K, (u64, V)>);

impl<K: Hash + Eq + Clone, V: Clone> Kept<K, V> {
    fn new(limit: usize, weigh: fn(&V) -> usize) -> Self {
        Kept {
            answers: Mutex::new((0, HashMap::new())),
            limit,
            weigh,
        }
    }

    /// The kept answer to `key`, or `compute`'s, kept if it took at least
    /// `costly`. The lock is not held while computing: two threads asking
    /// the same new question both compute it.
    fn get_or(&self, key: K, costly: Duration, compute: impl FnOnce() -> V) -> V {
        {
            let mut guard = self.answers.lock().unwrap_or_else(|e| e.into_inner());
            let (clock, answers) = &mut *guard;
            *clock += 1;
            if let Some((used, v)) = answers.get_mut(&key) {
                *used = *clock;
                return v.clone();
            }
        }
        let started = Instant::now();
        let v = compute();
        let weight = (self.weigh)(&v);
        if started.elapsed() >= costly && weight <= self.limit {
            let mut guard = self.answers.lock().unwrap_or_else(|e| e.into_inner());
            let (clock, answers) = &mut *guard;
            // the least recently used go first, until the new one fits
            let mut total: usize = answers.values().map(|(_, a)| (self.weigh)(a)).sum();
            while answers.len() >= KEPT || total.saturating_add(weight) > self.limit {
                let Some(oldest) = answers
                    .iter()
                    .min_by_key(|(_, (used, _))| *used)
                    .map(|(k, _)| k.clone())
                else {
                    break;
                };
                if let Some((_, gone)) = answers.remove(&oldest) {
                    total -= (self.weigh)(&gone);
                }
            }
            *clock += 1;
            answers.insert(key, (*clock, v.clone()));
        }
        v
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.answers.lock().unwrap().1.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn costly_answers_are_kept_and_cheap_ones_computed_again() {
        let kept: Kept<u32, String> = Kept::new(usize::MAX, |_| 1);
        let calls = Cell::new(0);
        let slow = |v: &str| {
            calls.set(calls.get() + 1);
            v.to_string()
        };
        // costly (a threshold of zero): the second ask is answered from
        // what was kept, not computed
        assert_eq!(kept.get_or(1, Duration::ZERO, || slow("one")), "one");
        assert_eq!(kept.get_or(1, Duration::ZERO, || slow("other")), "one");
        assert_eq!(calls.get(), 1);
        // cheap (below an hour's threshold): not kept
        assert_eq!(
            kept.get_or(2, Duration::from_secs(3600), || slow("two")),
            "two"
        );
        assert_eq!(
            kept.get_or(2, Duration::from_secs(3600), || slow("two")),
            "two"
        );
        assert_eq!(calls.get(), 3);
        assert_eq!(kept.len(), 1);
    }

    #[test]
    fn the_least_recently_used_answer_goes_first() {
        let kept: Kept<usize, usize> = Kept::new(usize::MAX, |_| 1);
        for k in 0..KEPT {
            kept.get_or(k, Duration::ZERO, || k);
        }
        // 0 is asked again, so 1 is now the least recently used
        kept.get_or(0, Duration::ZERO, || unreachable!("kept"));
        kept.get_or(KEPT, Duration::ZERO, || KEPT);
        assert_eq!(kept.len(), KEPT);
        assert_eq!(kept.get_or(0, Duration::ZERO, || usize::MAX), 0);
        assert_eq!(kept.get_or(1, Duration::ZERO, || usize::MAX), usize::MAX);
    }

    #[test]
    fn answers_weighing_more_than_the_limit_push_out_the_oldest() {
        // each answer weighs its value; 10 at most together
        let kept: Kept<u32, usize> = Kept::new(10, |v| *v);
        kept.get_or(1, Duration::ZERO, || 4);
        kept.get_or(2, Duration::ZERO, || 4);
        // 4 + 4 + 3 > 10: the oldest (1) goes
        kept.get_or(3, Duration::ZERO, || 3);
        assert_eq!(kept.len(), 2);
        assert_eq!(kept.get_or(1, Duration::ZERO, || 0), 0);
        // too heavy to keep at all: computed, not kept, nothing pushed out
        let before = kept.len();
        assert_eq!(kept.get_or(9, Duration::ZERO, || 11), 11);
        assert_eq!(kept.len(), before);
        assert_eq!(kept.get_or(9, Duration::ZERO, || 12), 12);
    }

    #[test]
    fn a_kept_trace_is_the_engines() {
        use crate::engine::{Board, Pit, Side};
        let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
        let mv = Move::forward(Pit::new(1).unwrap());
        let rules = Rules::SHACKELL_1935;
        assert_eq!(
            trace(&rules, &pos, &mv, 100),
            engine::trace(&rules, &pos, &mv, 100)
        );
        assert_eq!(legal_moves(&rules, &pos), engine::legal_moves(&rules, &pos));
    }
}
