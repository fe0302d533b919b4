//! The trace stage: every documented position's move played once, in
//! parallel, right after [`super::load`], and shared by whatever shows or
//! judges it (the chapter figure, the position page, the home page's
//! featured diagram, the compare page, `omweso check`). Data flows one way:
//! YAML → model → engine → trace → diagram → page; the renderers take the
//! traces and have no way to play a move themselves.
//!
//! Positions are keyed by where they are written ([`PositionKey`]), so a
//! position shown in several places (a `ref:` block, its own page) is the
//! same trace. The compare page plays the compared positions under every
//! variant: each (position, variant) is one more trace, except the
//! position's own rules, which are its trace.

use super::content::{PositionKey, Site};
use crate::diagram::TRACE_LAPS;
use crate::engine::{Outcome, PlayError, Played, outcome, trace};
use crate::model::{PositionDoc, VariantDoc};
use rayon::prelude::*;
use std::collections::HashMap;

/// A position's move as played: its trace, or why it cannot be played.
pub type Trace = Result<Played, PlayError>;

/// Laps the position page lists in words.
pub const PAGE_LAPS: usize = 200;

/// Every documented position's move, played once.
#[derive(Debug, Default)]
pub struct Traces {
    laps: usize,
    /// Positions with a move.
    moves: HashMap<PositionKey, Trace>,
    /// Compared positions under each variant (by name); `None` when the
    /// variant's rules are the position's own (its trace in `moves`).
    compared: HashMap<(PositionKey, String), Option<Result<Outcome, PlayError>>>,
    /// Where the compared move cannot be played as written: the nearest
    /// move from the same pit (the most of its directions, in order) and
    /// where it ends.
    nearest: HashMap<(PositionKey, String), (crate::engine::Move, Outcome)>,
    /// Moves the engine played to make these traces.
    plays: usize,
}

/// The legal move from `mv`'s pit that keeps the most of its directions
/// in order (the fewest extra choices on a tie), and where it ends.
fn nearest(
    rules: &crate::engine::Rules,
    pos: &crate::engine::Position,
    mv: &crate::engine::Move,
) -> Option<(crate::engine::Move, Outcome)> {
    let mut from = Vec::new();
    crate::engine::moves_from(rules, pos, mv.pit, &mut from);
    let agree = |m: &crate::engine::LegalMove| {
        let prefix =
            m.mv.choices
                .iter()
                .zip(&mv.choices)
                .take_while(|(a, b)| a == b)
                .count();
        (
            m.mv.three_seed == mv.three_seed,
            prefix,
            std::cmp::Reverse(m.mv.choices.len()),
        )
    };
    let m = from.iter().max_by_key(|m| agree(m))?;
    let o = outcome(rules, pos, &m.mv).ok()?;
    Some((m.mv.clone(), o))
}

impl Traces {
    /// Everything a build shows: every move traced up to
    /// [`TRACE_LAPS`] laps and the compared positions under every variant.
    pub fn for_build(site: &Site) -> Traces {
        let mut t = Traces::play(site, TRACE_LAPS);
        t.compare(site);
        t
    }

    /// Every position's move, recording at most `laps` laps (0 for a run
    /// that only judges where moves end: never-ending moves are decided
    /// exactly whatever the number of laps recorded).
    pub fn play(site: &Site, laps: usize) -> Traces {
        let jobs: Vec<(PositionKey, &PositionDoc)> = site
            .keyed_positions()
            .filter(|(_, p)| p.mv.is_some())
            .collect();
        let moves: HashMap<PositionKey, Trace> = jobs
            .par_iter()
            .filter_map(|&(key, p)| {
                let mv = p.mv.as_ref()?;
                Some((key, trace(&p.variant.variant.rules, &p.position, mv, laps)))
            })
            .collect();
        Traces {
            laps,
            plays: moves.len(),
            moves,
            compared: HashMap::new(),
            nearest: HashMap::new(),
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
        type Played = (
            (PositionKey, String),
            Result<Outcome, PlayError>,
            Option<(crate::engine::Move, Outcome)>,
        );
        let played: Vec<Played> = jobs
            .par_iter()
            .filter_map(|&(key, doc, v)| {
                let mv = doc.mv.as_ref()?;
                let o = outcome(v.rules(), &doc.position, mv);
                let near = match o {
                    Err(_) => nearest(v.rules(), &doc.position, mv),
                    Ok(_) => None,
                };
                Some(((key, v.name().to_string()), o, near))
            })
            .collect();
        self.plays += played.len();
        for (k, o, near) in played {
            if let Some(n) = near {
                self.nearest.insert(k.clone(), n);
            }
            self.compared.insert(k, Some(o));
        }
    }

    /// The nearest playable move to a compared move that cannot be played
    /// as written under `variant`, and where it ends.
    pub fn nearest(
        &self,
        key: PositionKey,
        variant: &str,
    ) -> Option<&(crate::engine::Move, Outcome)> {
        self.nearest.get(&(key, variant.to_string()))
    }

    /// The trace of the position at `key` (None when it has no move).
    pub fn of(&self, key: PositionKey) -> Option<&Trace> {
        self.moves.get(&key)
    }

    /// The trace of the position at `key` for a page: None when it has no
    /// move; an illegal move is an error located at its `move`.
    pub fn played(
        &self,
        key: PositionKey,
        doc: &PositionDoc,
    ) -> Result<Option<&Played>, crate::model::Diagnostic> {
        match (self.of(key), &doc.mv) {
            (Some(Ok(p)), _) => Ok(Some(p)),
            (Some(Err(e)), Some(mv)) => Err(crate::diagram::illegal_move(doc, mv, e)),
            _ => Ok(None),
        }
    }

    /// Where the compared position at `key` ends under `variant` (None
    /// when it was not compared).
    pub fn compared(&self, key: PositionKey, variant: &str) -> Option<Result<Outcome, PlayError>> {
        match self.compared.get(&(key, variant.to_string()))? {
            Some(o) => Some(o.clone()),
            None => self.of(key).map(|t| {
                t.as_ref()
                    .map(|p| Outcome {
                        end: p.end,
                        after: p.after,
                    })
                    .map_err(Clone::clone)
            }),
        }
    }

    /// Laps recorded per move at most.
    pub fn laps(&self) -> usize {
        self.laps
    }

    /// How many moves the engine played to make these traces: one per
    /// position with a move, plus one per compared position and variant
    /// with rules other than its own.
    pub fn plays(&self) -> usize {
        self.plays
    }
}

/// A trace cut to its first `laps` laps (at least 1): what tracing the
/// move with `laps` as the limit records (the end is the same, decided
/// exactly).
pub fn first_laps(played: &Played, laps: usize) -> Played {
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
        assert_eq!(t.plays(), moves + other);
    }

    /// By construction: what shows or judges a position takes its trace
    /// and never calls the engine to play it again.
    #[test]
    fn pages_and_check_do_not_play() {
        let sources = [
            ("site/render.rs", include_str!("render.rs")),
            ("site/figure.rs", include_str!("figure.rs")),
            ("site/games.rs", include_str!("games.rs")),
            ("check/mod.rs", include_str!("../check/mod.rs")),
        ];
        for (file, text) in sources {
            for call in ["trace(", "outcome(", ".play(", "position_frames("] {
                assert!(!text.contains(call), "{file} calls {call}");
            }
        }
    }

    #[test]
    fn first_laps_is_a_shorter_trace() {
        let site = rulebook();
        let t = Traces::for_build(&site);
        let mut long = 0;
        for (key, doc) in site.keyed_positions() {
            let Some(Ok(full)) = t.of(key) else { continue };
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
