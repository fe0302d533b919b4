//! The panel: a strong, simple opponent built the way the published Omweso
//! programs are, to measure the search player against strong play rather
//! than against versions of itself.
//!
//! The program that won the McGill COMP-424 tournament in 2015 is described
//! (in its own README and comments) as alpha-beta to depth 10 with a
//! seed-difference evaluation and one fixed, concentrated set-up: 17 seeds
//! in pit 8 and 3 in each of pits 10–14. This module is written from that
//! description alone, for every rule set:
//!
//! - plain alpha-beta (negamax) to a fixed depth, [`DEPTH`] by default: no
//!   iterative deepening, no transposition table, moves tried in the
//!   generator's order (start pit 1 to 16), the first of equal moves kept;
//! - the evaluation is material only: the mover's seeds less the
//!   opponent's;
//! - a move that wins the game (no-move, or where the rules have them,
//!   nkutemye and akawumbi) scores more than any material, a never-ending
//!   move what the variant makes of it (annulled or drawn: 0);
//! - the set-up is [`CONCENTRATED`] (pits counted from the player's seat in
//!   Shackell's numbering, which is the course's numbering too: pit 1 the
//!   outer row's left-hand pit, anticlockwise).
//!
//! ```
//! use omweso_engine::search::panel::{self, Panel};
//! use omweso_engine::{Board, Position, Rules, Side};
//!
//! let pos = Position {
//!     board: Board::from_sides(panel::CONCENTRATED, panel::CONCENTRATED),
//!     to_move: Side::South,
//!     first_move: true,
//!     opponent_first_move: true,
//!     before_first_capture: true,
//! };
//! let mut p = Panel::new(4);
//! let r = p.search(&Rules::MCGILL_2015, &pos);
//! assert!(r.best.is_some());
//! assert_eq!(r.depth, 4);
//! assert_eq!(panel::CONCENTRATED.iter().map(|&n| n as u32).sum::<u32>(), 32);
//! ```

use super::{CACHE_ENTRIES, COSTLY_LAPS, SearchResult};
use crate::{GameResult, MoveList, MoveRef, Position, Rules, Seeds, legal_moves_into};
use std::collections::HashMap;

/// The panel's depth, in plies.
pub const DEPTH: u32 = 10;

/// The concentrated set-up: 17 seeds in pit 8, 3 in each of pits 10–14
/// (index = pit − 1).
pub const CONCENTRATED: [Seeds; 16] = [0, 0, 0, 0, 0, 0, 0, 17, 0, 3, 3, 3, 3, 3, 0, 0];

/// A won game's score (less the plies to it): more than any material.
const WIN: i32 = 1_000;
const INF: i32 = WIN + 1;

/// The panel player: material-only alpha-beta at a fixed depth.
pub struct Panel {
    depth: u32,
    nodes: u64,
    generations: u64,
    laps: u64,
    lists: Vec<MoveList>,
    /// Costly generations (long relays, never-ending moves decided by
    /// cycle detection), by position: in a starved endgame the same
    /// position recurs many times in one tree. A cache changes no answer.
    costly: HashMap<Position, MoveList>,
}

fn material(pos: &Position) -> i32 {
    let sum = |s: &[Seeds; 16]| s.iter().map(|&n| n as i32).sum::<i32>();
    sum(pos.board.side(pos.to_move)) - sum(pos.board.side(pos.to_move.opponent()))
}

/// The score of a move that ends the game (for its mover), if it does.
fn terminal(m: &MoveRef, ply: u32) -> Option<i32> {
    match m.result() {
        Some(GameResult::Win { .. }) => Some(WIN - (ply as i32 + 1)),
        Some(GameResult::Annulled | GameResult::Draw) => Some(0),
        None if m.is_never_ending() => Some(0),
        None => None,
    }
}

/// A panel score (seeds, or ±[`WIN`] less plies) on the search player's
/// scale.
fn to_search_score(s: i32) -> i32 {
    if s.abs() > WIN - 200 {
        s.signum() * (super::WIN - (WIN - s.abs()))
    } else {
        s * 100
    }
}

impl Panel {
    /// A panel player searching `depth` plies (at least 1).
    pub fn new(depth: u32) -> Panel {
        Panel {
            depth: depth.max(1),
            nodes: 0,
            generations: 0,
            laps: 0,
            lists: Vec::new(),
            costly: HashMap::new(),
        }
    }

    /// The depth it searches.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    fn take(&mut self, ply: u32) -> MoveList {
        let ply = ply as usize;
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, MoveList::new);
        }
        std::mem::take(&mut self.lists[ply])
    }

    /// The legal moves of `pos` into `list`, from the cache when costly.
    fn generate(&mut self, rules: &Rules, pos: &Position, list: &mut MoveList) {
        if let Some(m) = self.costly.get(pos) {
            list.clone_from(m);
            return;
        }
        self.generations += 1;
        legal_moves_into(rules, pos, list);
        self.laps += list.take_sown();
        let laps: u64 = list.iter().map(|m| m.laps()).sum();
        if laps >= COSTLY_LAPS {
            if self.costly.len() >= CACHE_ENTRIES {
                self.costly.clear();
            }
            self.costly.insert(*pos, list.clone());
        }
    }

    fn give(&mut self, ply: u32, list: MoveList) {
        self.lists[ply as usize] = list;
    }

    /// The panel's move in `pos` (deterministic). The score is on the
    /// search player's scale ([`super::Score`]): material in hundredths of a
    /// seed, or a forced win or loss; the principal variation holds the
    /// move alone.
    pub fn search(&mut self, rules: &Rules, pos: &Position) -> SearchResult {
        self.nodes = 1;
        self.generations = 0;
        self.laps = 0;
        let mut list = self.take(0);
        self.generate(rules, pos, &mut list);
        let mut alpha = -INF;
        let mut best = None;
        for (i, m) in list.iter().enumerate() {
            let s = match terminal(&m, 0) {
                Some(s) => s,
                None => {
                    let child = m.position_after().expect("finished");
                    -self.negamax(rules, &child, self.depth - 1, -INF, -alpha, 1)
                }
            };
            if s > alpha {
                alpha = s;
                best = Some(i);
            }
        }
        let best = best.and_then(|i| list.get(i)).map(|m| m.to_legal_move());
        self.give(0, list);
        SearchResult {
            pv: best.iter().map(|m| m.mv.clone()).collect(),
            score: if best.is_some() {
                to_search_score(alpha)
            } else {
                -super::WIN
            },
            best,
            depth: self.depth,
            nodes: self.nodes,
            generations: self.generations,
            laps: self.laps,
            deferred: 0,
            decided: 0,
            stopped: false,
        }
    }

    fn negamax(
        &mut self,
        rules: &Rules,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return material(pos);
        }
        let mut list = self.take(ply);
        self.generate(rules, pos, &mut list);
        // no legal move: the mover has lost
        let mut best = -(WIN - ply as i32);
        for m in list.iter() {
            let s = match terminal(&m, ply) {
                Some(s) => s,
                None => {
                    let child = m.position_after().expect("finished");
                    -self.negamax(rules, &child, depth - 1, -beta, -alpha, ply + 1)
                }
            };
            if s > best {
                best = s;
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                break;
            }
        }
        self.give(ply, list);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Side};

    #[test]
    fn takes_the_biggest_capture_at_depth_one() {
        // South's pit 9 (inner, column 8) sown from pit 8 with one seed:
        // lands in an occupied inner pit facing two full North pits
        let mut south = [0 as Seeds; 16];
        south[7] = 2; // pit 8: 2 seeds, to pits 9 and 10
        south[9] = 1; // pit 10 occupied: the last seed captures there
        south[0] = 2;
        let mut north = [0 as Seeds; 16];
        // South's pit 10 faces North's pits 2 and 15
        north[1] = 5;
        north[14] = 6;
        north[4] = 2;
        let pos = Position::new(Board::from_sides(south, north), Side::South);
        let mut p = Panel::new(1);
        let r = p.search(&Rules::MCGILL_2015, &pos);
        let best = r.best.expect("a move");
        assert_eq!(best.mv.pit.number(), 8);
        assert!(best.end.captured() >= 11);
    }
}
