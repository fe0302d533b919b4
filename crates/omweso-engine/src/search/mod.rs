//! A computer player: alpha-beta (negamax) search with iterative deepening,
//! move ordering, a transposition table and a hand-tuned evaluation; plus
//! the simple reference players (random, greedy) and a set-up policy
//! ([`setup`]).
//!
//! Pure like the rest of the engine: no dependencies, no I/O and no clock;
//! threads only when asked for ([`Config::threads`], never on WebAssembly).
//! The caller bounds a search by depth, by a node budget, and/or by
//! a `stop` callback polled before every node's move generation and, inside
//! a long generation, about every million laps (the command line passes
//! wall-clock time through it, a browser its own timer). With a depth
//! or node budget, no stop callback and one thread, a search is deterministic: the same
//! position, rules, [`Config`] and limits give the same move, score and node
//! count on every machine.
//!
//! ```
//! use omweso_engine::search::{Config, Limits, Searcher, setup};
//! use omweso_engine::{Board, Position, Rules, Side, legal_moves};
//!
//! // The start of a game from the checking arrangement.
//! let pos = Position::start(
//!     Board::from_sides(setup::CHECKING, setup::CHECKING),
//!     Side::South,
//! );
//! let mut player = Searcher::new(Config::default());
//! let result = player.search(&Rules::SHACKELL_1935, &pos, Limits::depth(2), &mut || false);
//! let best = result.best.expect("South has moves");
//! // the move is one of the position's legal moves
//! assert!(legal_moves(&Rules::SHACKELL_1935, &pos).iter().any(|m| m.mv.same_as(&best.mv)));
//! assert_eq!(result.depth, 2);
//! assert!(result.nodes > 0);
//! // the principal variation starts with the best move
//! assert!(result.pv[0].same_as(&best.mv));
//! ```
//!
//! # Scores
//!
//! Scores are from the mover's point of view, in hundredths of a seed
//! (material plus positional terms, see [`Weights`]); a won game is
//! [`WIN`] minus the number of plies to the win, a lost one its negative
//! (see [`Score`]). A never-ending move scores what the variant makes of it
//! ([`NeverEnding`]): an annulled or drawn game is 0 (a
//! draw), and under `illegal` the move is not among the legal moves at all.
//!
//! # Never-ending moves and the budget
//!
//! Move generation ([`legal_moves_into`](crate::legal_moves_into)) decides every move exactly, never-ending
//! ones included. For almost all positions this takes microseconds, but a
//! move that relays or cycles for millions of laps takes milliseconds, and
//! a few dozen such moves in a search's tree can take most of its time.
//! So below the root moves are decided lazily: a start pit with a path
//! not decided within [`Config::decide_laps`] laps (4,096) is left
//! pending, ordered after every decided move and decided, exactly, only
//! when the search reaches it; a cut-off before it saves its whole cost.
//! The search's value is the same (a pending move is never guessed, only
//! decided later or not needed); only the order in which moves are tried
//! can change. The transposition table names a best move by its start pit
//! and its rank among that pit's moves, which does not depend on which
//! pits were pending. The root's moves are all decided before the search.
//!
//! A rare position whose move cycles only after ~10⁹ laps takes seconds. So
//! the budget is checked before every generation, and a long generation
//! polls `stop` itself about every million laps ([`legal_moves_until`](crate::legal_moves_until)):
//! below the root, when it fires, the generation is abandoned (no verdict
//! guessed) and the search ends with its last complete iteration. The root
//! must answer with a move, so its generation heeds `stop` only once it has
//! listed a move: stopped there, the answer is the best, one ply deep, of
//! the moves listed so far (those of the start pits before the long one,
//! each decided exactly), and the result says `stopped`. A search can
//! overrun its deadline only when the long move is the first one found. A
//! node budget counts positions, and each poll of the root's generation as
//! [`NODES_A_POLL`] positions (about what the search visits in the time
//! between two polls), so that it bounds a search whose root has a move of
//! a billion laps too; a short generation is never polled. Below the root
//! the budget counts positions only (a long move met there is bounded by
//! `stop`): counting its polls would change the search's answers, and the
//! puzzles' verdicts, at a node budget in positions where it never ran
//! long.

mod eval;
mod lists;
pub mod panel;
pub mod setup;
mod tt;

pub use crate::rng::Rng;
pub use eval::{FEATURE_NAMES, FEATURES, Weights, evaluate, features};

use crate::generator::{decide_until, lazy_moves_until, some_legal_moves_until};
use crate::{GameResult, LegalMove, Move, MoveList, MoveRef, NeverEnding, Pit, Position, Rules};
use lists::Lists;
use std::cell::{Cell, RefCell};
use std::sync::Arc;
use tt::{Bound, Table};

/// A generation sowing at least this many laps (long relays, never-ending
/// moves decided by cycle detection) is kept for the next visit.
const COSTLY_LAPS: u64 = 20_000;

/// The positions a poll of the root's long generation counts against a
/// node budget: it is polled every 2^20 laps, about 5 ms, about what the
/// search visits in that time. A node budget so bounds the time of a
/// search whose root has a move of a billion laps.
pub const NODES_A_POLL: u64 = 5_000;

/// [`Config::decide_laps`] by default.
pub const DECIDE_LAPS: u64 = 4096;

/// The score of a won game (less the plies it takes).
pub const WIN: i32 = 1_000_000;
/// Scores at least this far from 0 are wins or losses.
pub const WIN_THRESHOLD: i32 = WIN - 10_000;
/// Deepest search, in plies.
pub const MAX_DEPTH: u32 = 64;

/// A score, read for people: a win or loss in so many plies, or an advantage
/// in seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The mover wins in this many plies (its own moves and the replies).
    Win(u32),
    /// The mover loses in this many plies.
    Loss(u32),
    /// An estimate in hundredths of a seed.
    Centiseeds(i32),
}

impl Score {
    /// The score an engine search reports (in centiseeds, or a win or loss near ±[`WIN`]), read for
    /// people.
    pub fn of(score: i32) -> Score {
        if score >= WIN_THRESHOLD {
            Score::Win((WIN - score) as u32)
        } else if score <= -WIN_THRESHOLD {
            Score::Loss((WIN + score) as u32)
        } else {
            Score::Centiseeds(score)
        }
    }
}

/// What bounds a search. Iterative deepening goes on until the depth is
/// reached, the node budget is spent, a forced result is proved, or the
/// caller's `stop` callback says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies (at most [`MAX_DEPTH`]).
    pub depth: u32,
    /// Positions to visit at most (the search stops, and answers with the
    /// deepest finished iteration, when it is spent).
    pub nodes: Option<u64>,
}

impl Limits {
    /// A fixed depth, no node budget.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: depth.clamp(1, MAX_DEPTH),
            nodes: None,
        }
    }

    /// A node budget, as deep as it allows.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: MAX_DEPTH,
            nodes: Some(nodes),
        }
    }

    /// No limit but the `stop` callback (and [`MAX_DEPTH`]).
    pub fn unbounded() -> Limits {
        Limits {
            depth: MAX_DEPTH,
            nodes: None,
        }
    }
}

/// The player's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// How the evaluation weighs what it sees on a board.
    pub weights: Weights,
    /// log₂ of the transposition table's entries (16 bytes each).
    pub tt_bits: u32,
    /// Seeds the Zobrist keys (and so, rarely, which of two equal moves is
    /// chosen through the table's replacement).
    pub seed: u64,
    /// Threads searching together (Lazy SMP: helpers search the same root
    /// and share the transposition table; the answer is the deepest
    /// finished iteration's). More than one makes a search faster but not
    /// deterministic; on WebAssembly a search always uses one.
    pub threads: u32,
    /// Below the root, a start pit with a path (a sequence of choices) not
    /// decided within this many laps is left pending: its moves are
    /// ordered after the others and decided, exactly, only if the search
    /// reaches them (a cut-off before them saves the whole cost). The
    /// root's moves are always all decided. `u64::MAX`: decide every move
    /// at once. See the module's notes on never-ending moves.
    pub decide_laps: u64,
    /// Which iterations may answer a search bounded by nodes or time (see
    /// [`Answer`]).
    pub answer: Answer,
}

/// Which of iterative deepening's iterations may give a search's answer.
///
/// An iteration of odd depth ends on the mover's own move, one of even
/// depth on the reply, and a static evaluation cannot see the capture
/// the side to move is about to make: so the score, and often the move,
/// swing with the parity of the last iteration (docs/STRENGTH.md). A
/// search on a clock ends after whichever iteration the clock allows;
/// `Even` or `Odd` keeps the answer of the deepest finished iteration of
/// that parity, so that its answer does not swing with the clock. The
/// other iterations are still searched (they order the moves of the
/// next). A search that reaches its depth limit answers from it, and a
/// proved win or loss answers at any depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Answer {
    /// The deepest finished iteration, whatever its depth.
    #[default]
    Any,
    /// The deepest finished iteration of even depth.
    Even,
    /// The deepest finished iteration of odd depth.
    Odd,
}

impl Answer {
    /// May an iteration of `depth` answer?
    fn allows(self, depth: u32) -> bool {
        match self {
            Answer::Any => true,
            Answer::Even => depth.is_multiple_of(2),
            Answer::Odd => !depth.is_multiple_of(2),
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            weights: Weights::default(),
            tt_bits: 18,
            seed: 0x6f6d_7765_736f,
            threads: 1,
            decide_laps: DECIDE_LAPS,
            answer: Answer::Any,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (None: the mover has no legal move and has lost).
    pub best: Option<LegalMove>,
    /// The score of `best`, from the mover's point of view (see [`Score`]).
    pub score: i32,
    /// The deepest iteration finished (0 when the move was forced: a single
    /// legal move, or a win at once).
    pub depth: u32,
    /// Positions visited (every position reached, leaves included).
    pub nodes: u64,
    /// Move generations (one a position whose moves were not cached), the
    /// costly part.
    pub generations: u64,
    /// Laps sown by move generation (paths abandoned at the lap allowance
    /// included): its work, the same on every machine.
    pub laps: u64,
    /// Start pits left pending by a generation (see [`Config::decide_laps`]).
    pub deferred: u64,
    /// Pending start pits the search reached, and so decided.
    pub decided: u64,
    /// The expected line of play, `best` first.
    pub pv: Vec<Move>,
    /// The search was stopped by the node budget or the callback (the
    /// answer is from the deepest finished iteration).
    pub stopped: bool,
}

/// A search player. Keeps its transposition table between searches (call
/// [`Searcher::clear`] for a fresh start, as a deterministic test should).
pub struct Searcher {
    config: Config,
    /// Shared with the helper threads of a search.
    table: Arc<Table>,
    nodes: u64,
    generations: u64,
    laps: u64,
    deferred: u64,
    decided: u64,
    node_limit: u64,
    /// What the root's long generation's polls count against the node
    /// budget ([`NODES_A_POLL`] each).
    polled: u64,
    aborted: bool,
    /// A move list a ply, and the costly generations by position:
    /// iterative deepening visits the same positions again, and a
    /// never-ending move can take seconds to decide.
    lists: Lists,
    /// A ply's move order and a ply's line of play, reused from node to
    /// node (the search allocates nothing in its loop once they are grown).
    orders: Vec<Vec<(usize, i32)>>,
    lines: Vec<Vec<Move>>,
}

/// The buffer of `ply` in `pool`, emptied (give it back with [`give`]).
fn take<T>(pool: &mut Vec<Vec<T>>, ply: u32) -> Vec<T> {
    let ply = ply as usize;
    if pool.len() <= ply {
        pool.resize_with(ply + 1, Vec::new);
    }
    let mut v = std::mem::take(&mut pool[ply]);
    v.clear();
    v
}

/// Put back the buffer taken for `ply`.
fn give<T>(pool: &mut [Vec<T>], ply: u32, v: Vec<T>) {
    pool[ply as usize] = v;
}

/// The score of a move's end, when it ends the game or never ends.
fn terminal(rules: &Rules, m: &MoveRef, ply: u32) -> Option<i32> {
    if m.is_never_ending() {
        return Some(never_ending_score(rules));
    }
    match m.result() {
        // a move never loses its own mover's game
        Some(GameResult::Win { .. }) => Some(WIN - (ply as i32 + 1)),
        Some(GameResult::Annulled | GameResult::Draw) => Some(0),
        None => None,
    }
}

/// The position a move that does not end the game leads to.
fn child(m: &MoveRef) -> Position {
    m.position_after().expect("finished")
}

/// What a never-ending move is worth to its mover: annulled and drawn games
/// are both 0 (nobody wins); under `illegal` such a move is never generated.
fn never_ending_score(rules: &Rules) -> i32 {
    match rules.never_ending {
        NeverEnding::Annul | NeverEnding::Draw | NeverEnding::Illegal => 0,
    }
}

impl Searcher {
    /// A searcher with the given settings and an empty transposition table.
    pub fn new(config: Config) -> Searcher {
        Searcher::sharing(config, Arc::new(Table::new(config.tt_bits, config.seed)))
    }

    /// A searcher using `table` (a helper thread's).
    fn sharing(config: Config, table: Arc<Table>) -> Searcher {
        Searcher {
            table,
            config,
            nodes: 0,
            generations: 0,
            laps: 0,
            deferred: 0,
            decided: 0,
            node_limit: u64::MAX,
            polled: 0,
            aborted: false,
            lists: Lists::new(COSTLY_LAPS),
            orders: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// The root's legal moves into `list`, every one decided, from the
    /// cache when they were costly (and all decided there). The generation
    /// heeds `stop` only once it has a move: stopped, it leaves the moves
    /// of the start pits before the long one, whole and exact, the search
    /// is aborted and `false` returned.
    fn generate_root(
        &mut self,
        rules: &Rules,
        pos: &Position,
        list: &mut MoveList,
        stop: &mut dyn FnMut() -> bool,
    ) -> bool {
        if self.lists.reuse(pos, list, true) {
            return true;
        }
        self.generations += 1;
        let spent = Cell::new(self.polled);
        let stop = RefCell::new(stop);
        let whole = some_legal_moves_until(rules, pos, list, &|| {
            self.long_poll(&spent, &mut **stop.borrow_mut())
        });
        self.polled = spent.get();
        self.settle(list, whole, false)
    }

    /// The legal moves of `pos` (below the root) into `list`, from the
    /// cache when they were costly, else generated with the lap allowance
    /// ([`Config::decide_laps`]): the long start pits are left pending. A
    /// long generation polls `stop` and gives up when it says so: then the
    /// search is aborted and `false` returned (`list` is incomplete and
    /// must not be used).
    fn generate(
        &mut self,
        rules: &Rules,
        pos: &Position,
        list: &mut MoveList,
        stop: &mut dyn FnMut() -> bool,
    ) -> bool {
        if self.lists.reuse(pos, list, false) {
            return true;
        }
        self.generations += 1;
        let stop = RefCell::new(stop);
        let allowance = self.config.decide_laps;
        let done = lazy_moves_until(rules, pos, list, allowance, &|| (stop.borrow_mut())());
        if done {
            self.deferred += list.pending().count_ones() as u64;
        }
        self.settle(list, done, false)
    }

    /// Decide the pending start pit `pit` of `list` (its moves are appended,
    /// exact and whole); `false`, the search aborted, when `stop` gave up
    /// first. A costly decision is kept in the cache with the list.
    fn decide(
        &mut self,
        rules: &Rules,
        list: &mut MoveList,
        pit: Pit,
        stop: &mut dyn FnMut() -> bool,
    ) -> bool {
        self.decided += 1;
        let stop = RefCell::new(stop);
        let done = decide_until(rules, list, pit, &|| (stop.borrow_mut())());
        let kept = self.lists.is_kept(list.position());
        self.settle(list, done, kept)
    }

    /// After a generation or a decision into `list` (`done`: it finished):
    /// count its laps; abort the search and answer `false` if it gave up;
    /// else keep the list when it was costly (or `keep_anyway`).
    fn settle(&mut self, list: &mut MoveList, done: bool, keep_anyway: bool) -> bool {
        if !done {
            self.laps += list.take_sown();
            self.aborted = true;
            return false;
        }
        self.laps += self.lists.settle(list, keep_anyway);
        true
    }

    /// The settings it searches with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Forget the transposition table (and the cached costly generations).
    pub fn clear(&mut self) {
        self.table.clear();
        self.lists.clear();
    }

    /// Search `pos` under `rules` within `limits`; `stop` is polled before
    /// every move generation and inside long ones, and ends the search when
    /// it returns true (pass `&mut || false` for none). The answer is a
    /// legal move whenever there is one, even when `stop` fires during the
    /// root's own generation (see the module's notes on the budget).
    ///
    /// ```
    /// use omweso_engine::search::{Config, Limits, Searcher};
    /// use omweso_engine::{Board, Position, Rules, Side, legal_moves};
    ///
    /// let pos = Position::start(Board::counted_out(), Side::South);
    /// let mut searcher = Searcher::new(Config::default());
    /// let r = searcher.search(&Rules::MODERN, &pos, Limits::depth(3), &mut || false);
    /// let best = r.best.expect("South has moves");
    /// assert!(legal_moves(&Rules::MODERN, &pos).iter().any(|m| m.mv == best.mv));
    /// assert_eq!(r.depth, 3);
    /// assert!(r.nodes > 0);
    /// ```
    pub fn search(
        &mut self,
        rules: &Rules,
        pos: &Position,
        limits: Limits,
        stop: &mut dyn FnMut() -> bool,
    ) -> SearchResult {
        #[cfg(not(target_arch = "wasm32"))]
        if self.config.threads > 1 {
            return self.search_threads(rules, pos, limits, stop);
        }
        self.search_one(rules, pos, limits, 1, stop)
    }

    /// [`Searcher::search`] with helper threads (Lazy SMP): each helper
    /// searches the same root with its own move lists, every other one
    /// starting an iteration deeper, all sharing the transposition table;
    /// the helpers stop when this thread's search ends (by its limits or
    /// `stop`), and the deepest finished iteration answers.
    #[cfg(not(target_arch = "wasm32"))]
    fn search_threads(
        &mut self,
        rules: &Rules,
        pos: &Position,
        limits: Limits,
        stop: &mut dyn FnMut() -> bool,
    ) -> SearchResult {
        use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
        let done = AtomicBool::new(false);
        let helpers = self.config.threads.min(MAX_DEPTH) - 1;
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..helpers)
                .map(|h| {
                    let mut helper = Searcher::sharing(self.config, Arc::clone(&self.table));
                    let done = &done;
                    scope.spawn(move || {
                        let unbounded = Limits {
                            depth: limits.depth,
                            nodes: None,
                        };
                        helper.search_one(rules, pos, unbounded, 1 + (h + 1) % 2, &mut || {
                            done.load(Relaxed)
                        })
                    })
                })
                .collect();
            let mut r = self.search_one(rules, pos, limits, 1, &mut || {
                let s = stop();
                if s {
                    done.store(true, Relaxed);
                }
                s
            });
            done.store(true, Relaxed);
            for handle in handles {
                // a helper that failed leaves the answer to the others
                let Ok(h) = handle.join() else { continue };
                r.nodes += h.nodes;
                r.generations += h.generations;
                r.laps += h.laps;
                r.deferred += h.deferred;
                r.decided += h.decided;
                if h.depth > r.depth && h.best.is_some() {
                    (r.best, r.score, r.depth, r.pv) = (h.best, h.score, h.depth, h.pv);
                }
            }
            r
        })
    }

    /// One thread's search, its iterations from `first_depth` on.
    fn search_one(
        &mut self,
        rules: &Rules,
        pos: &Position,
        limits: Limits,
        first_depth: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> SearchResult {
        self.nodes = 1;
        self.generations = 0;
        self.laps = 0;
        self.deferred = 0;
        self.decided = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.polled = 0;
        // the root's moves: a search answers with a move, so the stop is
        // heeded only once one is known; a stopped root generation leaves
        // the moves of the start pits before the long one, each whole and
        // exact, and the answer is the best of them one ply deep
        let mut moves = self.lists.take(0);
        let whole = self.generate_root(rules, pos, &mut moves, stop);
        let mut r = self.search_root(rules, limits, first_depth, stop, &moves);
        r.stopped |= !whole;
        self.lists.give(0, moves);
        r
    }

    fn search_root(
        &mut self,
        rules: &Rules,
        limits: Limits,
        first_depth: u32,
        stop: &mut dyn FnMut() -> bool,
        moves: &MoveList,
    ) -> SearchResult {
        let (g, laps) = (self.generations, self.laps);
        let done = |best: Option<LegalMove>, score: i32, depth: u32, nodes, generations| {
            let pv = best.iter().map(|m| m.mv.clone()).collect();
            SearchResult {
                best,
                score,
                depth,
                nodes,
                generations,
                laps,
                deferred: 0,
                decided: 0,
                pv,
                stopped: false,
            }
        };
        let Some(first) = moves.get(0) else {
            return done(None, -WIN, 0, 1, g);
        };
        // a win at once, or a single move: nothing to search
        if let Some(m) = moves
            .iter()
            .find(|m| matches!(m.result(), Some(GameResult::Win { .. })))
        {
            return done(Some(m.to_legal_move()), WIN - 1, 0, 1, g);
        }
        if moves.len() == 1 {
            let s = terminal(rules, &first, 0)
                .unwrap_or_else(|| -evaluate(&self.config.weights, &child(&first)));
            return done(Some(first.to_legal_move()), s, 0, 1, g);
        }
        let mut order = Vec::new();
        self.order(rules, moves, 0, None, 0, &mut order);
        let mut best = order[0].0;
        let mut best_score = order[0].1;
        let mut pv = vec![moves.get(best).expect("listed").to_move()];
        let mut depth_done = 0;
        // the answer so far from an iteration `config.answer` allows:
        // (move, score, line, depth finished)
        let mut kept: Option<(usize, i32, Vec<Move>, u32)> = None;
        let last = limits.depth.clamp(1, MAX_DEPTH);
        for depth in first_depth.min(last)..=last {
            let allowed = self.config.answer.allows(depth) || depth == last;
            // an unfinished iteration still searched the previous best move
            // first: whatever it found best so far is at least as good
            if let Some((i, s, l)) = self.root_iteration(rules, moves, &order, depth, stop) {
                best = i;
                best_score = s;
                pv = l;
                let forced = s.abs() >= WIN_THRESHOLD && !self.aborted;
                if allowed || forced {
                    // an unfinished iteration keeps the depth last finished
                    let finished = match (self.aborted, &kept) {
                        (false, _) => depth,
                        (true, k) => k.as_ref().map_or(0, |k| k.3),
                    };
                    kept = Some((i, s, pv.clone(), finished));
                }
            }
            if self.aborted {
                break;
            }
            depth_done = depth;
            // the best move first in the next iteration
            if let Some(p) = order.iter().position(|&(i, _)| i == best) {
                let e = order.remove(p);
                order.insert(0, e);
            }
            if best_score.abs() >= WIN_THRESHOLD {
                break; // a forced result: deeper search cannot change it
            }
        }
        if let Some((i, s, l, d)) = kept {
            (best, best_score, pv, depth_done) = (i, s, l, d);
        }
        SearchResult {
            best: moves.get(best).map(|m| m.to_legal_move()),
            score: best_score,
            depth: depth_done,
            nodes: self.nodes,
            generations: self.generations,
            laps: self.laps,
            deferred: self.deferred,
            decided: self.decided,
            pv,
            stopped: self.aborted,
        }
    }

    /// One iteration at the root: the best move with its score and line,
    /// or None when the budget ran out before a move was searched.
    fn root_iteration(
        &mut self,
        rules: &Rules,
        moves: &MoveList,
        order: &[(usize, i32)],
        depth: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<(usize, i32, Vec<Move>)> {
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut found = None;
        for &(i, _) in order {
            let m = moves.get(i).expect("listed");
            let mut line = Vec::new();
            let s = match terminal(rules, &m, 0) {
                Some(s) => s,
                None if depth == 1 => {
                    self.nodes += 1;
                    -evaluate(&self.config.weights, &child(&m))
                }
                None => {
                    let c = child(&m);
                    match self.negamax(rules, &c, depth - 1, -beta, -alpha, 1, &mut line, stop) {
                        Some(s) => -s,
                        None => break,
                    }
                }
            };
            if s > alpha {
                alpha = s;
                let mut l = vec![m.to_move()];
                l.extend(line);
                found = Some((i, s, l));
            }
        }
        found
    }

    /// The moves from index `from` on in search order, with their one-ply
    /// scores, into `v` (emptied first): the table's move first, then wins,
    /// then by the position each leads to.
    fn order(
        &mut self,
        rules: &Rules,
        moves: &MoveList,
        from: usize,
        tt_move: Option<usize>,
        ply: u32,
        v: &mut Vec<(usize, i32)>,
    ) {
        v.clear();
        v.extend(moves.iter().enumerate().skip(from).map(|(i, m)| {
            let s = terminal(rules, &m, ply)
                .unwrap_or_else(|| -evaluate(&self.config.weights, &child(&m)));
            (i, s)
        }));
        v.sort_by_key(|&(i, s)| (Some(i) != tt_move, -s, i));
    }

    /// A poll of the root's long generation (every 2^20 laps, about 5 ms):
    /// it adds [`NODES_A_POLL`] to `polled`, which counts against the node
    /// budget beside the positions visited (and is not among them), and
    /// says whether to give up (the budget spent, or `stop`). A short
    /// generation is never polled, so a search whose root has no long
    /// move spends its budget as before.
    fn long_poll(&self, polled: &Cell<u64>, stop: &mut dyn FnMut() -> bool) -> bool {
        polled.set(polled.get().saturating_add(NODES_A_POLL));
        self.nodes.saturating_add(polled.get()) >= self.node_limit || stop()
    }

    fn out_of_budget(&mut self, stop: &mut dyn FnMut() -> bool) -> bool {
        if self.nodes.saturating_add(self.polled) >= self.node_limit || stop() {
            self.aborted = true;
        }
        self.aborted
    }

    /// Negamax with alpha-beta; None when the budget ran out.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        rules: &Rules,
        pos: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
        pv: &mut Vec<Move>,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.out_of_budget(stop) {
            return None;
        }
        let key = self.table.key(pos);
        let mut tt_best = None;
        if let Some(e) = self.table.probe(key) {
            tt_best = Some(e.best);
            if e.depth as u32 >= depth {
                let s = tt::from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return Some(s);
                }
            }
        }
        let mut moves = self.lists.take(ply);
        if !self.generate(rules, pos, &mut moves, stop) {
            self.lists.give(ply, moves);
            return None;
        }
        let r = self.node(
            rules,
            &mut moves,
            (key, tt_best),
            depth,
            (alpha, beta),
            ply,
            pv,
            stop,
        );
        self.lists.give(ply, moves);
        r
    }

    /// [`Searcher::negamax`] once the position's moves are generated
    /// (`moves`, long start pits pending): the moves in order, the pending
    /// pits last, each decided only when the loop reaches it. `table`: the
    /// position's key and its entry's best move.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        rules: &Rules,
        moves: &mut MoveList,
        (key, tt_best): (u64, Option<u16>),
        depth: u32,
        (mut alpha, beta): (i32, i32),
        ply: u32,
        pv: &mut Vec<Move>,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<i32> {
        // the table's move first, decided now if its pit is pending (the
        // search would reach it first anyway)
        let mut tt_move = None;
        if let Some(b) = tt_best {
            let (pit, rank) = (Pit::from_index((b >> 12) as usize), (b & 0xFFF) as usize);
            if moves.pending() >> pit.index() & 1 != 0 && !self.decide(rules, moves, pit, stop) {
                return None;
            }
            tt_move = moves.find_rank(pit, rank);
        }
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_i = None;
        let mut from = 0;
        // this ply's buffers, given back at the end (an aborted search
        // drops them: the next search grows new ones)
        let mut order = take(&mut self.orders, ply);
        let mut line = take(&mut self.lines, ply + 1);
        'moves: loop {
            self.order(rules, moves, from, tt_move, ply, &mut order);
            for &(i, one_ply) in &order {
                let m = moves.get(i).expect("listed");
                line.clear();
                let s = match terminal(rules, &m, ply) {
                    Some(s) => s,
                    None if depth <= 1 => {
                        self.nodes += 1;
                        one_ply
                    }
                    None => -self.negamax(
                        rules,
                        &child(&m),
                        depth - 1,
                        -beta,
                        -alpha,
                        ply + 1,
                        &mut line,
                        stop,
                    )?,
                };
                if s > best {
                    best = s;
                    best_i = Some(i);
                    pv.clear();
                    pv.push(m.to_move());
                    pv.append(&mut line);
                }
                if s > alpha {
                    alpha = s;
                }
                if alpha >= beta {
                    break 'moves;
                }
            }
            // then the next pending start pit, decided now it is reached
            let pending = moves.pending();
            if pending == 0 {
                break;
            }
            let pit = Pit::from_index(pending.trailing_zeros() as usize);
            from = moves.len();
            if !self.decide(rules, moves, pit, stop) {
                return None;
            }
        }
        give(&mut self.orders, ply, order);
        give(&mut self.lines, ply + 1, line);
        let Some(best_i) = best_i else {
            // no legal move: the mover has lost
            return Some(-(WIN - ply as i32));
        };
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let (pit, rank) = moves.pit_rank(best_i);
        let name = (pit.index() << 12 | rank.min(0xFFF)) as u16;
        self.table
            .store(key, depth, tt::to_table(best, ply), bound, name);
        Some(best)
    }
}

/// The simple players the search is measured against.
pub mod baseline {
    use super::Rng;
    use crate::{LegalMove, Position, Rules, legal_moves};

    /// A uniformly random legal move (never-ending ones included).
    pub fn random(rules: &Rules, pos: &Position, rng: &mut Rng) -> Option<LegalMove> {
        let moves = legal_moves(rules, pos);
        if moves.is_empty() {
            return None;
        }
        let i = rng.below(moves.len() as u64) as usize;
        moves.into_iter().nth(i)
    }

    /// The biggest capture (a winning move first), ties broken at random;
    /// a never-ending move only when nothing else is legal.
    pub fn greedy(rules: &Rules, pos: &Position, rng: &mut Rng) -> Option<LegalMove> {
        let moves = legal_moves(rules, pos);
        let key = |m: &LegalMove| -> (u8, u32) {
            (
                match m.end.result() {
                    Some(crate::GameResult::Win { .. }) => 2,
                    _ if m.end.is_never_ending() => 0,
                    _ => 1,
                },
                m.end.captured(),
            )
        };
        let best = moves.iter().map(key).max()?;
        let top: Vec<LegalMove> = moves.into_iter().filter(|m| key(m) == best).collect();
        let i = rng.below(top.len() as u64) as usize;
        top.into_iter().nth(i)
    }
}
