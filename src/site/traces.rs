//! The trace stage: every documented position's move and every game
//! record played once, in parallel, right after [`super::load`], and shared
//! by whatever shows or judges it (the chapter figure, the position page,
//! the home page's featured diagram, the compare page, the game pages,
//! `omweso check`). Data flows one way: YAML → model → engine → trace →
//! diagram → page; the renderers take the traces and do not play a move
//! themselves.
//!
//! A game is replayed here only: [`GameTrace`] (its plies with their
//! traces, where the replay stopped, the game's result) is made by this
//! module alone, and the game page and `omweso check` take one.
//!
//! Positions are keyed by where they are written ([`PositionKey`]), so a
//! position shown in several places (a `ref:` block, its own page) is the
//! same trace. The compare page plays the compared positions under every
//! variant: each (position, variant) is one more trace, except the
//! position's own rules, which are its trace.

use super::content::{PositionKey, Site};
use crate::engine::{Move, PlayError, Played, Position, Rules};
use crate::export::TRACE_LAPS;
use crate::model::{GameDoc, PositionDoc, Replay, VariantDoc};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

/// What the engine was asked for a position's move: the rules, the
/// position, the move and the laps recorded. The same question in several
/// files (the same board in six positions) is one key.
type Question = (Rules, Position, Move, usize);

/// The engine's answers to the trace stage's questions, by question
/// (content-addressed): within a build each question is answered once,
/// however many files ask it, and a `Decisions` kept from one build to the
/// next (as `omweso serve` keeps one) answers again only what changed. It
/// holds the answers of the last build that used it, no more, so its
/// memory is one site's traces. Never stale: an answer depends on nothing
/// but its question. Cloning shares it.
#[derive(Clone, Default)]
pub struct Decisions {
    last: Arc<Mutex<HashMap<Question, Arc<Trace>>>>,
}

impl std::fmt::Debug for Decisions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.last.lock().map_or(0, |m| m.len());
        write!(f, "Decisions({n} answers)")
    }
}

impl Decisions {
    /// Answer every question once: those the last build answered are
    /// taken from it, the rest played in parallel. Returns the answers and
    /// how many were played.
    /// The answers are shared (`Arc`), never copied.
    fn answer(&self, questions: Vec<Question>) -> (HashMap<Question, Arc<Trace>>, usize) {
        let mut last = std::mem::take(&mut *self.last.lock().unwrap_or_else(|e| e.into_inner()));
        let mut known: HashMap<Question, Arc<Trace>> = HashMap::with_capacity(questions.len());
        let mut todo: HashSet<Question> = HashSet::new();
        for q in questions {
            if known.contains_key(&q) || todo.contains(&q) {
                continue;
            }
            match last.remove(&q) {
                Some(t) => {
                    known.insert(q, t);
                }
                None => {
                    todo.insert(q);
                }
            }
        }
        let played = todo.len();
        known.par_extend(todo.into_par_iter().map(|q| {
            let t = crate::memo::trace(&q.0, &q.1, &q.2, q.3);
            (q, Arc::new(Trace(t)))
        }));
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = known.clone();
        (known, played)
    }
}

/// A game record replayed once by the trace stage: every ply played, with
/// its trace (at most the stage's laps recorded), where the replay stopped
/// and the game's result after it (see [`Replay`], which it derefs to).
/// Only this module makes one.
#[derive(Debug)]
pub(crate) struct GameTrace(Replay);

impl GameTrace {
    /// Replay `game`'s moves from its start, recording at most `laps` laps
    /// of each move (0 for a run that only judges: results are decided
    /// exactly whatever the laps recorded).
    fn replay(game: &GameDoc, laps: usize) -> GameTrace {
        GameTrace(crate::model::replay(game, laps))
    }

    /// A game replayed for a test of what takes one (judging only).
    #[cfg(test)]
    pub(crate) fn replay_for_test(game: &GameDoc) -> GameTrace {
        GameTrace::replay(game, 0)
    }
}

impl std::ops::Deref for GameTrace {
    type Target = Replay;
    fn deref(&self) -> &Replay {
        &self.0
    }
}

/// A position's move as played by the trace stage: its trace, or why it
/// cannot be played (see the `Result` it derefs to). Only this module
/// makes one, so what takes a `Trace` was given the stage's answer.
#[derive(Debug, PartialEq)]
pub(crate) struct Trace(Result<Played, PlayError>);

impl Trace {
    /// A move played for a test of what takes a trace.
    #[cfg(test)]
    pub(crate) fn for_test(played: Result<Played, PlayError>) -> Trace {
        Trace(played)
    }
}

impl std::ops::Deref for Trace {
    type Target = Result<Played, PlayError>;
    fn deref(&self) -> &Result<Played, PlayError> {
        &self.0
    }
}

/// Laps the position page lists in words.
pub(crate) const PAGE_LAPS: usize = 200;

/// Every documented position's move, played once.
#[derive(Debug, Default)]
pub(crate) struct Traces {
    /// Positions with a move.
    moves: HashMap<PositionKey, Arc<Trace>>,
    /// Compared positions under each variant (by name), traced up to
    /// [`TRACE_LAPS`] laps; `None` when the variant's rules are the
    /// position's own (its trace in `moves`).
    compared: HashMap<(PositionKey, String), Option<Arc<Trace>>>,
    /// The site's game records replayed, in `Site::games` order.
    games: Vec<GameTrace>,
    /// Moves the engine played to make these traces.
    plays: usize,
}

impl Traces {
    /// Everything a build shows: every move traced up to
    /// [`TRACE_LAPS`] laps and the compared positions under every variant.
    pub(crate) fn for_build(site: &Site) -> Traces {
        Traces::for_build_with(site, &Decisions::default())
    }

    /// [`Traces::for_build`], asking `decisions` first (see [`Decisions`]).
    pub(crate) fn for_build_with(site: &Site, decisions: &Decisions) -> Traces {
        let mut t = Traces::play_with(site, TRACE_LAPS, decisions);
        t.compare(site);
        t
    }

    /// Every position's move and every game record, recording at most
    /// `laps` laps per move (0 for a run that only judges where moves end:
    /// never-ending moves are decided exactly whatever the number of laps
    /// recorded).
    pub(crate) fn play(site: &Site, laps: usize) -> Traces {
        Traces::play_with(site, laps, &Decisions::default())
    }

    /// [`Traces::play`], asking `decisions` first.
    pub(crate) fn play_with(site: &Site, laps: usize, decisions: &Decisions) -> Traces {
        let jobs: Vec<(PositionKey, Question)> = site
            .keyed_positions()
            .filter_map(|(key, p)| {
                let mv = p.mv.clone()?;
                Some((key, (p.variant.variant.rules, p.position, mv, laps)))
            })
            .collect();
        let (answers, played) = decisions.answer(jobs.iter().map(|(_, q)| q.clone()).collect());
        let moves: HashMap<PositionKey, Arc<Trace>> = jobs
            .into_iter()
            .filter_map(|(key, q)| Some((key, answers.get(&q)?.clone())))
            .collect();
        let games: Vec<GameTrace> = site
            .games
            .par_iter()
            .map(|g| GameTrace::replay(g, laps))
            .collect();
        Traces {
            plays: played + games.iter().map(|g| g.plies.len()).sum::<usize>(),
            moves,
            compared: HashMap::new(),
            games,
        }
    }

    /// Play the site's compared positions (`compare:` in the config) under
    /// every variant whose rules are not the position's own.
    fn compare(&mut self, site: &Site) {
        let mut jobs: Vec<(PositionKey, &PositionDoc, &VariantDoc)> = Vec::new();
        for id in &site.config.compare {
            let Some((key, doc)) = site.find(id) else {
                continue;
            };
            if doc.mv.is_none() {
                continue;
            }
            for v in site.variants.iter() {
                let k = (key, v.name().to_string());
                if self.compared.contains_key(&k) {
                    continue;
                }
                if *v.rules() == doc.variant.variant.rules && self.moves.contains_key(&key) {
                    self.compared.insert(k, None);
                } else if !jobs
                    .iter()
                    .any(|&(k2, _, v2)| k2 == key && v2.name() == v.name())
                {
                    jobs.push((key, doc, v));
                }
            }
        }
        let played: Vec<((PositionKey, String), Trace)> = jobs
            .par_iter()
            .filter_map(|&(key, doc, v)| {
                let mv = doc.mv.as_ref()?;
                let t = crate::memo::trace(v.rules(), &doc.position, mv, TRACE_LAPS);
                Some(((key, v.name().to_string()), Trace(t)))
            })
            .collect();
        self.plays += played.len();
        for (k, t) in played {
            self.compared.insert(k, Some(Arc::new(t)));
        }
    }

    /// The trace of the position at `key` (None when it has no move).
    pub(crate) fn of(&self, key: PositionKey) -> Option<&Trace> {
        self.moves.get(&key).map(|t| &**t)
    }

    /// The trace of the position at `key` for a page: None when it has no
    /// move; an illegal move is an error located at its `move`.
    pub(crate) fn played(
        &self,
        key: PositionKey,
        doc: &PositionDoc,
    ) -> Result<Option<&Played>, crate::model::Diagnostic> {
        match (self.of(key).map(|t| &**t), &doc.mv) {
            (Some(Ok(p)), _) => Ok(Some(p)),
            (Some(Err(e)), Some(mv)) => Err(crate::export::illegal_move(doc, mv, e)),
            _ => Ok(None),
        }
    }

    /// The compared position at `key` played under `variant`, its laps
    /// traced (None when it was not compared).
    pub(crate) fn compared(&self, key: PositionKey, variant: &str) -> Option<&Trace> {
        match self.compared.get(&(key, variant.to_string()))? {
            Some(t) => Some(&**t),
            None => self.of(key),
        }
    }

    /// The site's game records with their replays, in `Site::games` order.
    pub(crate) fn games<'s>(
        &'s self,
        site: &'s Site,
    ) -> impl Iterator<Item = (&'s GameDoc, &'s GameTrace)> {
        site.games.iter().zip(&self.games)
    }

    /// How many moves the engine played to make these traces: one per
    /// distinct position and move not answered by an earlier build, one per
    /// game move replayed, plus one per compared position and variant with
    /// rules other than its own.
    #[cfg(test)]
    fn plays(&self) -> usize {
        self.plays
    }
}

/// A trace cut to its first `laps` laps (at least 1): what tracing the
/// move with `laps` as the limit records (the end is the same, decided
/// exactly).
pub(crate) fn first_laps(played: &Played, laps: usize) -> Played {
    Played {
        mv: played.mv.clone(),
        mover: played.mover,
        before: played.before,
        laps: played.laps.iter().take(laps).cloned().collect(),
        complete: played.complete && played.laps.len() <= laps,
        end: played.end,
        after: played.after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace;
    use std::path::Path;

    fn rulebook() -> Site {
        let (site, errs) = super::super::load(Path::new(env!("CARGO_MANIFEST_DIR")), false);
        assert!(errs.is_empty(), "{errs:?}");
        site
    }

    #[test]
    fn each_position_is_played_once() {
        let site = rulebook();
        let t = Traces::for_build(&site);
        let moves = site.all_positions().filter(|p| p.mv.is_some()).count();
        assert_eq!(t.moves.len(), moves);
        let mut other = 0;
        for id in &site.config.compare {
            let (key, doc) = site.find(id).unwrap();
            for v in site.variants.iter() {
                assert!(t.compared(key, v.name()).is_some());
                if *v.rules() != doc.variant.variant.rules {
                    other += 1;
                }
            }
        }
        assert!(other > 0);
        assert_eq!(t.games.len(), site.games.len());
        let plies: usize = site.games.iter().map(|g| g.moves.len()).sum();
        assert!(plies > 0);
        assert!(t.games.iter().all(|g| g.stopped.is_none()));
        let distinct: std::collections::HashSet<_> = site
            .all_positions()
            .filter_map(|p| Some((p.variant.variant.rules, p.position, p.mv.clone()?)))
            .collect();
        assert_eq!(t.plays(), distinct.len() + plies + other);
    }

    /// The same question in several files is answered once, and a build
    /// that keeps its [`Decisions`] plays again only what changed.
    #[test]
    fn a_question_is_answered_once() {
        let site = rulebook();
        let decisions = Decisions::default();
        let first = Traces::for_build_with(&site, &decisions);
        let distinct: std::collections::HashSet<_> = site
            .all_positions()
            .filter_map(|p| Some((p.variant.variant.rules, p.position, p.mv.clone()?)))
            .collect();
        assert!(!distinct.is_empty());
        let again = Traces::for_build_with(&site, &decisions);
        // the positions' moves are not played again
        assert_eq!(again.plays(), first.plays() - distinct.len());
        for (k, t) in &first.moves {
            assert_eq!(again.moves.get(k), Some(t));
        }
        // six copies of one position cost one play
        let p = site.all_positions().find(|p| p.mv.is_some()).unwrap();
        let q: Question = (
            p.variant.variant.rules,
            p.position,
            p.mv.clone().unwrap(),
            5,
        );
        let (answers, played) = Decisions::default().answer(vec![q.clone(); 6]);
        assert_eq!((answers.len(), played), (1, 1));
        assert_eq!(**answers[&q], trace(&q.0, &q.1, &q.2, 5));
    }

    #[test]
    fn first_laps_is_a_shorter_trace() {
        let site = rulebook();
        let t = Traces::for_build(&site);
        let mut long = 0;
        for (key, doc) in site.keyed_positions() {
            let Some(Ok(full)) = t.of(key).map(|t| &**t) else {
                continue;
            };
            for laps in [1, 3, PAGE_LAPS] {
                let short = trace(
                    &doc.variant.variant.rules,
                    &doc.position,
                    doc.mv.as_ref().unwrap(),
                    laps,
                )
                .unwrap();
                assert_eq!(first_laps(full, laps), short, "{key:?} {laps}");
            }
            if full.laps.len() > PAGE_LAPS {
                long += 1;
            }
        }
        assert!(long > 0, "a move of more than {PAGE_LAPS} laps");
    }
}
