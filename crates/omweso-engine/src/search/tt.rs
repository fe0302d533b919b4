//! The transposition table: Zobrist keys of board, side to move and phase
//! flags; one entry per slot, replaced when the new search is as deep (or
//! nearly). Shared by the threads of a search (see [`Table`]).

use super::{Rng, WIN_THRESHOLD};
use crate::{Pit, Position, Side};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Most seeds a pit can hold (all 64).
const MAX_SEEDS: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    key: u64,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The best move, as its start pit's index (4 high bits) and its rank
    /// among that pit's moves (12 bits): a name that does not depend on
    /// which pits were pending when the position's list was made.
    pub best: u16,
}

impl Entry {
    /// The entry packed in 64 bits (never 0: an empty slot).
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        (self.score as u32 as u64)
            | (self.depth as u64) << 32
            | (self.best as u64) << 40
            | bound << 56
    }

    fn unpack(key: u64, data: u64) -> Option<Entry> {
        let bound = match (data >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            key,
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            best: (data >> 40) as u16,
            bound,
        })
    }
}

/// The table, shareable between the threads of one search (Lazy SMP): a
/// slot is two atomic words, the key XOR the entry and the entry, so a
/// slot torn by two threads writing at once reads as a miss, never as a
/// wrong entry.
pub(super) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: u64,
    /// [side][pit][seeds]
    pits: Vec<u64>,
    flags: [u64; 4],
}

impl Table {
    pub(crate) fn new(bits: u32, seed: u64) -> Table {
        let bits = bits.clamp(4, 28);
        let mut rng = Rng::new(seed);
        Table {
            slots: (0..1usize << bits)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: (1u64 << bits) - 1,
            pits: (0..2 * 16 * (MAX_SEEDS + 1))
                .map(|_| rng.next_u64())
                .collect(),
            flags: std::array::from_fn(|_| rng.next_u64()),
        }
    }

    pub(crate) fn clear(&self) {
        for [check, data] in &self.slots {
            check.store(0, Relaxed);
            data.store(0, Relaxed);
        }
    }

    pub(crate) fn key(&self, pos: &Position) -> u64 {
        let mut k = 0;
        for (si, side) in Side::BOTH.into_iter().enumerate() {
            for pit in Pit::ALL {
                let n = (pos.board.get(side, pit) as usize).min(MAX_SEEDS);
                k ^= self.pits[(si * 16 + pit.index()) * (MAX_SEEDS + 1) + n];
            }
        }
        let flags = [
            pos.to_move == Side::North,
            pos.first_move,
            pos.opponent_first_move,
            pos.before_first_capture,
        ];
        for (f, &on) in flags.iter().enumerate() {
            if on {
                k ^= self.flags[f];
            }
        }
        k
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let [check, data] = &self.slots[(key & self.mask) as usize];
        let data = data.load(Relaxed);
        if check.load(Relaxed) ^ data != key {
            return None;
        }
        Entry::unpack(key, data)
    }

    pub(crate) fn store(&self, key: u64, depth: u32, score: i32, bound: Bound, best: u16) {
        let i = (key & self.mask) as usize;
        if self
            .probe_slot(i)
            .is_some_and(|e| e.key != key && e.depth as u32 > depth + 2)
        {
            return;
        }
        let data = Entry {
            key,
            score,
            depth: depth.min(255) as u8,
            bound,
            best,
        }
        .pack();
        let [check, slot] = &self.slots[i];
        check.store(key ^ data, Relaxed);
        slot.store(data, Relaxed);
    }

    /// Whatever entry slot `i` holds (its key is recovered from the check
    /// word; a torn slot gives a key that matches no position).
    fn probe_slot(&self, i: usize) -> Option<Entry> {
        let [check, data] = &self.slots[i];
        let data = data.load(Relaxed);
        Entry::unpack(check.load(Relaxed) ^ data, data)
    }
}

/// Win scores are stored relative to the node, not the root.
pub(super) fn to_table(score: i32, ply: u32) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_table(score: i32, ply: u32) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}
