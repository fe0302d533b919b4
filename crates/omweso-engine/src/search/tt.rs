//! The transposition table: Zobrist keys of board, side to move and phase
//! flags; one entry per slot, replaced when the new search is as deep.

use super::{Rng, WIN_THRESHOLD};
use crate::{Pit, Position, Side};

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
    /// Index of the best move in `legal_moves` order (deterministic).
    pub best: u8,
}

pub(super) struct Table {
    entries: Vec<Option<Entry>>,
    mask: u64,
    /// [side][pit][seeds]
    pits: Vec<u64>,
    flags: [u64; 4],
}

impl Table {
    pub fn new(bits: u32, seed: u64) -> Table {
        let bits = bits.clamp(4, 28);
        let mut rng = Rng::new(seed);
        Table {
            entries: vec![None; 1 << bits],
            mask: (1u64 << bits) - 1,
            pits: (0..2 * 16 * (MAX_SEEDS + 1))
                .map(|_| rng.next_u64())
                .collect(),
            flags: std::array::from_fn(|_| rng.next_u64()),
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    pub fn key(&self, pos: &Position) -> u64 {
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

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[(key & self.mask) as usize].filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, depth: u32, score: i32, bound: Bound, best: usize) {
        let slot = &mut self.entries[(key & self.mask) as usize];
        if slot.is_some_and(|e| e.key != key && e.depth as u32 > depth + 2) {
            return;
        }
        *slot = Some(Entry {
            key,
            score,
            depth: depth.min(255) as u8,
            bound,
            best: best.min(255) as u8,
        });
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
