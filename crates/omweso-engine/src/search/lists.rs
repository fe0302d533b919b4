//! The move lists a search works in: one list a ply, reused from node to
//! node, and the costly generations kept by position. The search player
//! ([`super::Searcher`]) and the panel ([`super::panel::Panel`]) both
//! generate through it, so what is kept, and when, is decided here once.

use crate::{MoveList, Position};
use std::collections::HashMap;

/// Costly generations kept at most (the cache is emptied when full).
const CACHE_ENTRIES: usize = 4096;

/// A search's move lists and its cache of costly generations.
pub(super) struct Lists {
    /// A move list for each ply, reused from node to node.
    per_ply: Vec<MoveList>,
    /// Costly move generations (long relays, never-ending moves decided by
    /// cycle detection), by position: iterative deepening visits the same
    /// positions again, and in a starved endgame the same position recurs
    /// many times in one tree. A cache changes no answer.
    costly: HashMap<Position, MoveList>,
    /// Laps sown by a generation from which its list is kept.
    costly_laps: u64,
}

impl Lists {
    /// No lists yet; a generation of `costly_laps` laps or more is kept.
    pub(super) fn new(costly_laps: u64) -> Lists {
        Lists {
            per_ply: Vec::new(),
            costly: HashMap::new(),
            costly_laps,
        }
    }

    /// Keep generations from `costly_laps` laps on (a test's setting).
    #[cfg(test)]
    pub(super) fn set_costly_laps(&mut self, costly_laps: u64) {
        self.costly_laps = costly_laps;
    }

    /// The reusable move list of `ply` (put it back with [`Lists::give`]).
    pub(super) fn take(&mut self, ply: u32) -> MoveList {
        let ply = ply as usize;
        if self.per_ply.len() <= ply {
            self.per_ply.resize_with(ply + 1, MoveList::new);
        }
        std::mem::take(&mut self.per_ply[ply])
    }

    /// Put back the list taken for `ply`.
    pub(super) fn give(&mut self, ply: u32, list: MoveList) {
        self.per_ply[ply as usize] = list;
    }

    /// `pos`'s kept moves copied into `list`, if they were kept (and, when
    /// `decided` is asked, only if no start pit is left pending): `true`
    /// when `list` holds them.
    pub(super) fn reuse(&self, pos: &Position, list: &mut MoveList, decided: bool) -> bool {
        match self.costly.get(pos) {
            Some(m) if !decided || m.pending() == 0 => {
                list.clone_from(m);
                true
            }
            _ => false,
        }
    }

    /// Whether the moves of `pos` are kept (a decision into them must
    /// update the kept copy).
    pub(super) fn is_kept(&self, pos: &Position) -> bool {
        self.costly.contains_key(pos)
    }

    /// After a finished generation or decision into `list`: its laps
    /// (answered, and taken from the list), and the list kept when they
    /// were costly (or `keep_anyway`, to update the kept copy).
    pub(super) fn settle(&mut self, list: &mut MoveList, keep_anyway: bool) -> u64 {
        let sown = list.take_sown();
        if sown >= self.costly_laps || keep_anyway {
            self.keep(list);
        }
        sown
    }

    /// Keep `list` in the cache of costly generations.
    fn keep(&mut self, list: &MoveList) {
        let pos = list.position();
        if let Some(m) = self.costly.get_mut(pos) {
            m.clone_from(list);
            return;
        }
        if self.costly.len() >= CACHE_ENTRIES {
            self.costly.clear();
        }
        self.costly.insert(*pos, list.clone());
    }

    /// Forget the kept generations.
    pub(super) fn clear(&mut self) {
        self.costly.clear();
    }
}
