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
//!   iterative deepening, no transposition table, the root's moves tried in
//!   the generator's order (start pit 1 to 16), the first of equal moves
//!   kept;
//! - below the root, the moves already listed are tried biggest capture
//!   first, then the pending pits in order: alpha-beta's value of a node
//!   does not depend on the order its moves are tried in, so the root's
//!   move and score are those of the generator's order (a test checks it)
//!   and only the work is less;
//! - as a program that plays a move only when its loop reaches it, below
//!   the root a start pit whose move is long (not decided within
//!   [`super::Config::decide_laps`] laps) is decided only when the loop
//!   reaches it, in its place in that order: a cut-off before it saves
//!   its whole cost, and the answer is the same as deciding every move at
//!   once;
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
//! let pos = Position::start(
//!     Board::from_sides(panel::CONCENTRATED, panel::CONCENTRATED),
//!     Side::South,
//! );
//! let mut p = Panel::new(4);
//! let r = p.search(&Rules::MCGILL_2015, &pos);
//! assert!(r.best.is_some());
//! assert_eq!(r.depth, 4);
//! assert_eq!(panel::CONCENTRATED.iter().map(|&n| n as u32).sum::<u32>(), 32);
//! ```

use super::lists::Lists;
use super::{COSTLY_LAPS, DECIDE_LAPS, SearchResult};
use crate::generator::{decide_until, lazy_moves_until};
use crate::{GameResult, MoveList, MoveRef, Pit, Position, Rules, Seeds, legal_moves_into};

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
    deferred: u64,
    decided: u64,
    /// Laps a start pit's path may take below the root before the pit is
    /// left pending, to be decided when the move loop reaches it.
    decide_laps: u64,
    /// A move list a ply, and the costly generations (long relays,
    /// never-ending moves decided by cycle detection) by position: in a
    /// starved endgame the same position recurs many times in one tree.
    lists: Lists,
    /// Below the root, the listed moves biggest capture first (false: the
    /// generator's order everywhere, as the description has it).
    ordered: bool,
    /// The order of a ply's listed moves (capture, index), reused.
    orders: Vec<Vec<(u32, usize)>>,
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
            deferred: 0,
            decided: 0,
            decide_laps: DECIDE_LAPS,
            lists: Lists::new(COSTLY_LAPS),
            ordered: true,
            orders: Vec::new(),
        }
    }

    /// The depth it searches.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The legal moves of `pos` into `list`, from the cache when costly;
    /// every move decided (the root's).
    fn generate(&mut self, rules: &Rules, pos: &Position, list: &mut MoveList) {
        if self.lists.reuse(pos, list, true) {
            return;
        }
        self.generations += 1;
        legal_moves_into(rules, pos, list);
        self.laps += self.lists.settle(list, false);
    }

    /// The legal moves of `pos` below the root into `list`, from the cache
    /// when costly; the long start pits left pending.
    fn generate_lazy(&mut self, rules: &Rules, pos: &Position, list: &mut MoveList) {
        if self.lists.reuse(pos, list, false) {
            return;
        }
        self.generations += 1;
        lazy_moves_until(rules, pos, list, self.decide_laps, &|| false);
        self.deferred += list.pending().count_ones() as u64;
        self.laps += self.lists.settle(list, false);
    }

    /// The order buffer of `ply`, empty.
    fn take_order(&mut self, ply: u32) -> Vec<(u32, usize)> {
        let ply = ply as usize;
        if self.orders.len() <= ply {
            self.orders.resize_with(ply + 1, Vec::new);
        }
        let mut v = std::mem::take(&mut self.orders[ply]);
        v.clear();
        v
    }

    fn give_order(&mut self, ply: u32, v: Vec<(u32, usize)>) {
        self.orders[ply as usize] = v;
    }

    /// Decide the pending `pit` of `list` (its moves appended).
    fn decide(&mut self, rules: &Rules, list: &mut MoveList, pit: Pit) {
        self.decided += 1;
        decide_until(rules, list, pit, &|| false);
        let kept = self.lists.is_kept(list.position());
        self.laps += self.lists.settle(list, kept);
    }

    /// The panel's move in `pos` (deterministic). The score is on the
    /// search player's scale ([`super::Score`]): material in hundredths of a
    /// seed, or a forced win or loss; the principal variation holds the
    /// move alone.
    pub fn search(&mut self, rules: &Rules, pos: &Position) -> SearchResult {
        self.nodes = 1;
        self.generations = 0;
        self.laps = 0;
        self.deferred = 0;
        self.decided = 0;
        let mut list = self.lists.take(0);
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
        self.lists.give(0, list);
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
            deferred: self.deferred,
            decided: self.decided,
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
        let mut list = self.lists.take(ply);
        self.generate_lazy(rules, pos, &mut list);
        // no legal move: the mover has lost
        let mut best = -(WIN - ply as i32);
        // the moves listed, biggest capture first (the generator's order
        // among equals, or everywhere when not `ordered`), then each
        // pending pit's, decided when its turn comes (appended after the
        // listed ones)
        let mut order = self.take_order(ply);
        order.extend(list.iter().enumerate().map(|(i, m)| (m.captured(), i)));
        if self.ordered {
            order.sort_by_key(|&(c, i)| (std::cmp::Reverse(c), i));
        } else {
            // the generator's order: pit by pit (a cached list's earlier
            // decision may have put a pit's run after later pits)
            order.sort_by_key(|&(_, i)| (list.get(i).map(|m| m.pit()), i));
        }
        let listed = order.len();
        let mut k = 0;
        let mut pending = list.pending();
        'moves: loop {
            // the next pending pit, in the generator's order (the lowest bit)
            let next = (pending != 0).then(|| Pit::from_index(pending.trailing_zeros() as usize));
            // a listed move, unless (in the generator's order) a pending
            // pit comes before it
            let listed_next = (k < listed).then(|| order[k].1);
            let decide_first = match (listed_next, next) {
                (Some(i), Some(p)) => !self.ordered && p < list.get(i).expect("listed").pit(),
                (None, Some(_)) => true,
                (_, None) => false,
            };
            let range = if decide_first {
                let p = next.expect("a pending pit");
                pending &= !(1 << p.index());
                let from = list.len();
                self.decide(rules, &mut list, p);
                from..list.len()
            } else if let Some(i) = listed_next {
                k += 1;
                i..i + 1
            } else {
                break;
            };
            for i in range {
                let m = list.get(i).expect("listed");
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
                    break 'moves;
                }
            }
        }
        self.give_order(ply, order);
        self.lists.give(ply, list);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::positions_from_play;
    use crate::{Board, Side};

    /// Deciding long moves only when the loop reaches them changes nothing
    /// the panel answers: at a fixed depth, the same move, score and
    /// positions visited as deciding every move at once, whatever the lap
    /// allowance (none: every pit pending; 40; the default), whether
    /// lists are kept or not; and it leaves pits pending that are never
    /// decided.
    #[test]
    fn lazy_deciding_answers_as_deciding_every_move() {
        let variants = [
            Rules::SHACKELL_1935,
            Rules::MODERN,
            Rules::LUDII,
            Rules::MCGILL_2015,
        ];
        let (mut checked, mut deferred, mut decided) = (0, 0, 0);
        for rules in &variants {
            for pos in &positions_from_play(rules, 17, 3)
                .into_iter()
                .step_by(5)
                .collect::<Vec<_>>()
            {
                let search = |decide_laps: u64, costly_laps: u64| {
                    let mut p = Panel::new(4);
                    p.ordered = false;
                    p.decide_laps = decide_laps;
                    p.lists.set_costly_laps(costly_laps);
                    p.search(rules, pos)
                };
                let whole = search(u64::MAX, COSTLY_LAPS);
                assert_eq!((whole.deferred, whole.decided), (0, 0));
                // (a costly allowance of 0 keeps every list, so that cached
                // lists with pits decided after the others are met)
                for (laps, costly) in [
                    (0, COSTLY_LAPS),
                    (0, 0),
                    (40, 0),
                    (DECIDE_LAPS, COSTLY_LAPS),
                ] {
                    let lazy = search(laps, costly);
                    let name = |r: &SearchResult| r.best.as_ref().map(|b| b.mv.clone());
                    assert_eq!(
                        (lazy.score, lazy.nodes, name(&lazy)),
                        (whole.score, whole.nodes, name(&whole)),
                        "{pos:?} laps {laps} costly {costly}"
                    );
                    deferred += lazy.deferred;
                    decided += lazy.decided;
                }
                checked += 1;
            }
        }
        assert!(checked >= 40, "{checked} positions");
        assert!(
            decided > 100 && deferred > decided,
            "{checked} positions: {deferred} pending, {decided} decided"
        );
    }

    /// Trying the listed moves biggest capture first below the root
    /// changes nothing the panel answers (alpha-beta's value of a node does
    /// not depend on the order of its moves, and the root keeps the
    /// generator's order, so the first of equal moves is the same): the
    /// same move and score as the generator's order everywhere, at depths
    /// 3 and 5, in every rule set; and it visits fewer positions.
    #[test]
    fn ordering_below_the_root_answers_as_the_generators_order() {
        let (mut checked, mut plain_nodes, mut ordered_nodes) = (0, 0, 0);
        for rules in &[
            Rules::SHACKELL_1935,
            Rules::MODERN,
            Rules::LUDII,
            Rules::MCGILL_2015,
        ] {
            for pos in positions_from_play(rules, 23, 3).iter().step_by(4) {
                for depth in [3, 5] {
                    let search = |ordered: bool| {
                        let mut p = Panel::new(depth);
                        p.ordered = ordered;
                        p.search(rules, pos)
                    };
                    let (plain, ordered) = (search(false), search(true));
                    let name = |r: &SearchResult| r.best.as_ref().map(|b| b.mv.clone());
                    assert_eq!(
                        (ordered.score, name(&ordered)),
                        (plain.score, name(&plain)),
                        "{pos:?} depth {depth}"
                    );
                    plain_nodes += plain.nodes;
                    ordered_nodes += ordered.nodes;
                    checked += 1;
                }
            }
        }
        assert!(checked >= 80, "{checked} searches");
        assert!(
            ordered_nodes < plain_nodes,
            "{ordered_nodes} positions ordered, {plain_nodes} in the generator's order"
        );
    }

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
