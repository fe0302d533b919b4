//! The engine's costly answers, kept by what they depend on alone: the
//! rules, the position and (for a move's trace) the move and the laps
//! recorded. A never-ending move can take seconds to decide (the McGill
//! board whose South pit 12 cycles for 1,411,989,072 laps: about 9 s), and
//! a build asks about the same move in several places: a "what happens?"
//! puzzle traces its move and lists every move of its position, `omweso
//! check` and the build judge the same files, and `omweso serve` rebuilds
//! the site on every change. Each asks here, and only the first pays.
//!
//! A position's moves are listed in full ([`engine::legal_moves_in_full`]:
//! a never-ending move's end with the laps before its cycle), so a trace of
//! one of them takes its end from the listing ([`engine::trace_listed`])
//! and sows only the laps it records: given the listing ([`trace_from`]),
//! or when the listing of its position is kept ([`trace`]), a trace
//! decides nothing. A "what happens?" puzzle lists its position's moves
//! first and traces its move from that listing, so the build decides the
//! never-ending move once.
//!
//! Only answers that took at least [`COSTLY`] are kept (a cheap answer is
//! cheaper to compute again than to keep), at most [`KEPT`] of each kind
//! and [`KEPT_LAPS`] recorded laps of all traces together, the least
//! recently used going first, for the life of the process. The
//! answers are the engine's own, so what is built does not depend on
//! whether an answer was kept; this binary's engine is the only one that
//! ever wrote them.

use crate::engine::{self, LegalMove, Move, MoveEnd, PlayError, Played, Position, Rules};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// An answer that took at least this long is kept.
pub(crate) const COSTLY: Duration = Duration::from_millis(50);

/// Answers kept at most, of each kind.
pub(crate) const KEPT: usize = 64;

/// Laps of traces kept at most, all traces together (a recorded lap takes
/// about a hundred bytes: some tens of megabytes at most). A trace stage
/// records up to 100,000 laps of a move; a puzzle's trace 400.
pub(crate) const KEPT_LAPS: usize = 400_000;

/// [`engine::trace`], kept when costly; its end taken from the kept
/// listing of its position, when there is one (see [`trace_from`]).
pub(crate) fn trace(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    max_laps: usize,
) -> Result<Played, PlayError> {
    let listing = moves().peek(&(*rules, *pos));
    trace_from(rules, pos, mv, max_laps, listing.as_deref().unwrap_or(&[]))
}

/// [`engine::trace`] of `mv`, kept when costly, taking the move's end
/// from `listing` (the position's moves as [`legal_moves`] gives them)
/// when the move is listed there: then only the laps recorded are sown
/// ([`engine::trace_listed`]), the answer the same.
pub(crate) fn trace_from(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    max_laps: usize,
    listing: &[LegalMove],
) -> Result<Played, PlayError> {
    type Question = (Rules, Position, Move, usize);
    static TRACES: OnceLock<Kept<Question, Result<Played, PlayError>>> = OnceLock::new();
    let laps = |t: &Result<Played, PlayError>| t.as_ref().map_or(1, |p| p.laps.len().max(1));
    TRACES.get_or_init(|| Kept::new(KEPT_LAPS, laps)).get_or(
        (*rules, *pos, mv.clone(), max_laps),
        COSTLY,
        || match listing.iter().find(|m| m.mv.same_as(mv)) {
            // the caller's own spelling of the move, in the trace
            Some(m) => {
                let listed = LegalMove {
                    mv: mv.clone(),
                    end: m.end,
                };
                if !complete(&listed.end) {
                    decided(rules, pos);
                }
                engine::trace_listed(rules, pos, &listed, max_laps)
            }
            None => {
                decided(rules, pos);
                engine::trace(rules, pos, mv, max_laps)
            }
        },
    )
}

/// Whether an end says all [`engine::trace_listed`] needs (a never-ending
/// one, the laps before its cycle).
fn complete(end: &MoveEnd) -> bool {
    match end {
        MoveEnd::Finished(_) => true,
        MoveEnd::NeverEnding(n) => n.laps_before_cycle.is_some(),
    }
}

/// [`engine::legal_moves_in_full`], kept when costly.
pub(crate) fn legal_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    moves().get_or((*rules, *pos), COSTLY, || {
        decided(rules, pos);
        engine::legal_moves_in_full(rules, pos)
    })
}

/// The kept listings.
fn moves() -> &'static Kept<(Rules, Position), Vec<LegalMove>> {
    static MOVES: OnceLock<Kept<(Rules, Position), Vec<LegalMove>>> = OnceLock::new();
    // a position has at most 32 moves (and their choice sequences): the
    // count of answers bounds them
    MOVES.get_or_init(|| Kept::new(usize::MAX, |_| 1))
}

/// The engine decided (played to their ends) moves of `pos`: a listing,
/// or a trace not given its end. Counted by position in tests.
fn decided(rules: &Rules, pos: &Position) {
    #[cfg(test)]
    {
        let mut d = DECIDED.lock().unwrap_or_else(|e| e.into_inner());
        *d.get_or_insert_with(HashMap::new)
            .entry((*rules, *pos))
            .or_insert(0) += 1;
    }
    #[cfg(not(test))]
    let _ = (rules, pos);
}

/// How many times moves of each position were decided (see [`decided`]).
#[cfg(test)]
static DECIDED: Mutex<Option<HashMap<(Rules, Position), usize>>> = Mutex::new(None);

/// How many times the engine decided moves of `pos` under `rules` in this
/// process (tests only).
#[cfg(test)]
pub(crate) fn decisions(rules: &Rules, pos: &Position) -> usize {
    DECIDED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .and_then(|d| d.get(&(*rules, *pos)).copied())
        .unwrap_or(0)
}

/// The tests' never-ending move: under McGill's rules South's pit 1 of
/// this position cycles for ever, every 82 laps (tests only).
#[cfg(test)]
pub(crate) fn cycle_of_82_laps() -> Position {
    use crate::engine::{Board, Side};
    Position::new(
        Board::from_grid(&[
            [0, 0, 0, 0, 0, 1, 0, 0],
            [1, 1, 0, 1, 0, 0, 0, 1],
            [3, 4, 2, 1, 2, 1, 2, 3],
            [2, 2, 1, 0, 1, 3, 2, 1],
        ]),
        Side::South,
    )
}

/// Answers by question, each with when it was last asked for (a count of
/// the questions asked so far); at most [`KEPT`] answers, weighing `limit`
/// together at most. A question being answered is answered once: a
/// second thread asking it meanwhile waits for the first one's answer.
struct Kept<K, V> {
    answers: Mutex<Answers<K, V>>,
    limit: usize,
    weigh: fn(&V) -> usize,
}

/// The kept answers and the questions being answered.
struct Answers<K, V> {
    /// The questions asked so far.
    clock: u64,
    /// Each kept answer, with when it was last asked for.
    kept: HashMap<K, (u64, V)>,
    /// The answer each question being answered will have, filled by the
    /// thread answering it.
    pending: HashMap<K, Arc<OnceLock<V>>>,
}

impl<K: Hash + Eq + Clone, V: Clone> Kept<K, V> {
    fn new(limit: usize, weigh: fn(&V) -> usize) -> Self {
        Kept {
            answers: Mutex::new(Answers {
                clock: 0,
                kept: HashMap::new(),
                pending: HashMap::new(),
            }),
            limit,
            weigh,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Answers<K, V>> {
        self.answers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The kept answer to `key`, if any (not counted as a use).
    fn peek(&self, key: &K) -> Option<V> {
        self.lock().kept.get(key).map(|(_, v)| v.clone())
    }

    /// The kept answer to `key`, or `compute`'s, kept if it took at least
    /// `costly`. The lock is not held while computing; a thread asking
    /// the same question meanwhile waits for this answer rather than
    /// computing it again.
    fn get_or(&self, key: K, costly: Duration, compute: impl FnOnce() -> V) -> V {
        let cell = {
            let mut guard = self.lock();
            let a = &mut *guard;
            a.clock += 1;
            if let Some((used, v)) = a.kept.get_mut(&key) {
                *used = a.clock;
                return v.clone();
            }
            Arc::clone(a.pending.entry(key.clone()).or_default())
        };
        let mut took = None;
        let v = cell
            .get_or_init(|| {
                let started = Instant::now();
                let v = compute();
                took = Some(started.elapsed());
                v
            })
            .clone();
        // the thread that computed the answer keeps it (when costly) and
        // ends the question's wait, in one step: a later ask finds it kept
        // or computes it afresh
        if let Some(took) = took {
            let mut guard = self.lock();
            let a = &mut *guard;
            a.pending.remove(&key);
            let weight = (self.weigh)(&v);
            if took >= costly && weight <= self.limit {
                // the least recently used go first, until the new one fits
                let mut total: usize = a.kept.values().map(|(_, k)| (self.weigh)(k)).sum();
                while a.kept.len() >= KEPT || total.saturating_add(weight) > self.limit {
                    let Some(oldest) = a
                        .kept
                        .iter()
                        .min_by_key(|(_, (used, _))| *used)
                        .map(|(k, _)| k.clone())
                    else {
                        break;
                    };
                    if let Some((_, gone)) = a.kept.remove(&oldest) {
                        total -= (self.weigh)(&gone);
                    }
                }
                a.clock += 1;
                a.kept.insert(key, (a.clock, v.clone()));
            }
        }
        v
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().kept.len()
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

    /// Threads asking the same new question at once wait for one answer:
    /// a never-ending move asked about by a position file and a puzzle in
    /// the same instant is decided once, kept or not.
    #[test]
    fn a_question_asked_twice_at_once_is_answered_once() {
        use std::sync::Barrier;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let kept: Kept<u32, u32> = Kept::new(usize::MAX, |_| 1);
        let calls = AtomicUsize::new(0);
        let threads = 4;
        let start = Barrier::new(threads);
        let answers: Vec<u32> = std::thread::scope(|s| {
            let asks: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| {
                        start.wait();
                        // not costly enough to keep (an hour): shared
                        // while it is being answered all the same
                        kept.get_or(7, Duration::from_secs(3600), || {
                            calls.fetch_add(1, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_millis(300));
                            49
                        })
                    })
                })
                .collect();
            asks.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert_eq!(answers, vec![49; threads]);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        // answered and not kept: asked again later, computed again
        assert_eq!(kept.len(), 0);
        assert_eq!(kept.get_or(7, Duration::from_secs(3600), || 50), 50);
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

    /// A trace of a move whose position's listing is kept takes its end
    /// from the listing: nothing is decided again, the answer the same.
    #[test]
    fn a_trace_takes_its_end_from_a_kept_listing() {
        use crate::engine::{Pit, Side};
        // McGill: South's pit 1 cycles for ever (82 laps)
        let pos = super::cycle_of_82_laps().mirrored();
        let rules = Rules::MCGILL_2015;
        let mv = Move::forward(Pit::new(1).unwrap());
        // kept whatever its cost (a threshold of zero)
        moves().get_or((rules, pos), Duration::ZERO, || {
            decided(&rules, &pos);
            engine::legal_moves_in_full(&rules, &pos)
        });
        assert_eq!(decisions(&rules, &pos), 1);
        for laps in [0, 5, 400] {
            let t = trace(&rules, &pos, &mv, laps);
            assert_eq!(t, engine::trace(&rules, &pos, &mv, laps));
            assert!(t.unwrap().end.is_never_ending());
        }
        assert_eq!(decisions(&rules, &pos), 1);
        // with no listing, a trace decides its move
        let other = Position::new(pos.board, Side::South);
        let _ = trace(&rules, &other, &mv, 5);
        assert_eq!(decisions(&rules, &other), 1);
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
        assert_eq!(
            legal_moves(&rules, &pos),
            engine::legal_moves_in_full(&rules, &pos)
        );
    }
}
