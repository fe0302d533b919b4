//! The judge of a puzzle's answer by the game's value, not by a goal's rule
//! of thumb: every distinct move of the position is played and the
//! position after it searched by the engine's own player at a fixed node
//! budget (deterministic: the same position, rules and budget give the same
//! values on every machine), and the answer must be **clearly best**:
//!
//! - the only move that wins by force (as lichess does, a puzzle where
//!   another move also wins, only slower, is rejected);
//! - or the only move that does not lose by force;
//! - or, when nothing is forced, better than every other move by at least
//!   `MARGIN` (8 seeds).
//!
//! A position the side to move has already decided by material (a mop-up:
//! one side holds `MOP_UP` of the 64 seeds or more) makes no puzzle.
//!
//! Pure: no I/O, no clock, no threads. Only the search's public contract
//! is relied on ([`Searcher::search`] with [`Limits::nodes`] and a fresh
//! table is deterministic), so a change of the search changes values but
//! never makes the judge depend on the machine. Being deterministic, a
//! value is computed once per process: `values` and `effort` remember
//! their answers (a bounded memo keyed by everything they depend on), so
//! a puzzle judged again — by `serve`'s next build, a sheet after `check`,
//! the tests — costs nothing.

use super::keys::AnswerKey;
use crate::diagram::narrate;
use crate::engine::notation;
use crate::engine::search::{Answer, Config, Limits, Score, Searcher, WIN, WIN_THRESHOLD};
use crate::engine::{GameResult, LegalMove, Move, MoveEnd, Position, Rules, Side, legal_moves};
use std::collections::{HashMap, HashSet};
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Answers a memo keeps at most; when full it starts again (the bundled
/// puzzles need about 500).
const MEMO_ENTRIES: usize = 8_192;

type Memo<K, V> = OnceLock<Mutex<HashMap<K, Arc<OnceLock<V>>>>>;

/// `compute()`'s value, remembered under `key` for the process. `compute`
/// must be a function of `key` alone. A thread asking for a value another
/// is computing waits for it rather than computing it again.
fn remembered<K: Eq + Hash, V: Clone>(memo: &Memo<K, V>, key: K, compute: impl FnOnce() -> V) -> V {
    let cell = {
        let mut m = memo
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if m.len() >= MEMO_ENTRIES {
            m.clear();
        }
        m.entry(key).or_default().clone()
    };
    cell.get_or_init(compute).clone()
}

/// Positions the generator's players search per move in the games puzzles
/// are found in (`omweso puzzles regenerate`'s `--nodes` default).
pub const GENERATOR_NODES: u64 = 1_000;
/// Positions searched after each move when a puzzle is verified (`omweso
/// check`, `build`, `puzzles verify`): twice the generator's budget per
/// move, so over a position's moves (about 15 on average) some thirty
/// times what the generator's player spent on the whole position.
pub(crate) const CHECK_NODES: u64 = 2 * GENERATOR_NODES;
/// Positions searched after each move when a puzzle is accepted or
/// re-judged (`omweso puzzles regenerate`, `puzzles verify --deep`): 20
/// times the generator's budget, per move.
pub const DEEP_NODES: u64 = 20 * GENERATOR_NODES;
/// The least lead, in hundredths of a seed, by which the answer must beat
/// every other move when nothing is forced.
pub(crate) const MARGIN: i32 = 800;
/// Seeds (of 64) one side holds when the game is decided by material: a
/// position where either side holds this many is a mop-up, not a puzzle.
pub(crate) const MOP_UP: u32 = 48;
/// Which iterations of the reply's search value a move: odd ones, so that
/// with the move itself every value looks an even number of plies ahead,
/// the opponent's reply last. A node budget stops each move's search at
/// its own depth, and the evaluation cannot see the capture the side to
/// move is about to make: values of mixed parity differ by 6 to 10 seeds
/// for that alone (docs/STRENGTH.md, "the parity gap"), about the margin
/// a puzzle's answer must lead by.
const REPLY_DEPTHS: Answer = Answer::Odd;
/// log₂ of the judge's transposition-table entries (cleared before every
/// search, so each value is independent of the order moves are judged in).
const TT_BITS: u32 = 16;

/// One move's value for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveValue {
    /// One choice sequence reaching the move's end (the first listed).
    pub mv: Move,
    /// What the move is judged by (its end position).
    pub key: AnswerKey,
    /// The value for the mover, in the search's units (hundredths of a
    /// seed; a forced result is ±[`WIN`] less the plies to it).
    pub value: i32,
    /// The replies expected after the move (the search's principal
    /// variation from the position after it).
    pub pv: Vec<Move>,
    /// Positions searched to value it (0 for a move that ends the game).
    pub nodes: u64,
    /// The depth of the reply's search the value comes from: odd (see
    /// [`REPLY_DEPTHS`]), or 0 when the move ends the game or the reply
    /// is forced; a proved win or loss may come from any depth.
    pub depth: u32,
}

/// Every distinct move of a position with its value, best first (ties in
/// the order the moves are listed).
#[derive(Clone, Debug)]
pub(crate) struct Values {
    pub mover: Side,
    /// The node budget of each move's search.
    pub nodes: u64,
    pub moves: Vec<MoveValue>,
}

/// Why the answer is clearly the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clear {
    /// The only move that wins by force, in so many plies (1: at once).
    OnlyWin { plies: u32 },
    /// Every other move loses by force; this one does not.
    OnlyDefence,
    /// Nothing is forced, and it leads the second best by this many
    /// hundredths of a seed (at least [`MARGIN`]).
    Margin { lead: i32 },
}

impl Clear {
    /// A theme naming the kind of task (`forced-win`, `defence`,
    /// `material`).
    pub(crate) fn theme(self) -> &'static str {
        match self {
            Clear::OnlyWin { .. } => "forced-win",
            Clear::OnlyDefence => "defence",
            Clear::Margin { .. } => "material",
        }
    }
}

/// A value in words for messages: "a win in 3 plies", "+4.5 seeds".
pub(crate) fn value_words(value: i32) -> String {
    match Score::of(value) {
        Score::Win(p) => format!("a forced win in {p} plies"),
        Score::Loss(p) => format!("a forced loss in {p} plies"),
        Score::Centiseeds(c) => format!("{:+.1} seeds", c as f64 / 100.0),
    }
}

/// The value of a move that ends the game (or never ends) for its mover.
fn terminal(mover: Side, m: &LegalMove) -> Option<i32> {
    match &m.end {
        // annulled or drawn: nobody wins (under `illegal` it is not listed)
        MoveEnd::NeverEnding(_) => Some(0),
        MoveEnd::Finished(f) => match f.result {
            Some(GameResult::Win { winner, .. }) if winner == mover => Some(WIN - 1),
            Some(GameResult::Win { .. }) => Some(-(WIN - 1)),
            Some(GameResult::Annulled | GameResult::Draw) => Some(0),
            None => None,
        },
    }
}

/// The distinct moves of `pos` (choice sequences reaching the same end
/// are one move), in the engine's order.
pub(crate) fn distinct_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut seen = HashSet::new();
    legal_moves(rules, pos)
        .into_iter()
        .filter(|m| seen.insert(AnswerKey::of(m)))
        .collect()
}

/// Value every distinct move of `pos`: a move that ends the game by its
/// result, any other by a fresh search of the position after it within
/// `nodes` positions, negated and one ply further.
pub(crate) fn values(rules: &Rules, pos: &Position, nodes: u64) -> Values {
    static MEMO: Memo<(Rules, Position, u64), Values> = OnceLock::new();
    remembered(&MEMO, (*rules, *pos, nodes), || {
        values_now(rules, pos, nodes)
    })
}

fn values_now(rules: &Rules, pos: &Position, nodes: u64) -> Values {
    let mut searcher = Searcher::new(Config {
        tt_bits: TT_BITS,
        answer: REPLY_DEPTHS,
        ..Config::default()
    });
    let mut moves: Vec<MoveValue> = distinct_moves(rules, pos)
        .into_iter()
        .map(|m| {
            let key = AnswerKey::of(&m);
            if let Some(value) = terminal(pos.to_move, &m) {
                return MoveValue {
                    mv: m.mv,
                    key,
                    value,
                    pv: Vec::new(),
                    nodes: 0,
                    depth: 0,
                };
            }
            let f = m.end.finished().expect("a move that does not end the game");
            let next = f.position_after(pos);
            searcher.clear();
            let r = searcher.search(rules, &next, Limits::nodes(nodes.max(1)), &mut || false);
            // the reply's score, from the mover's side and one ply further
            let value = match -r.score {
                v if v >= WIN_THRESHOLD => v - 1,
                v if v <= -WIN_THRESHOLD => v + 1,
                v => v,
            };
            MoveValue {
                mv: m.mv,
                key,
                value,
                pv: r.pv,
                nodes: r.nodes,
                depth: r.depth,
            }
        })
        .collect();
    // best first; a stable sort keeps the engine's order among equals
    moves.sort_by_key(|v| std::cmp::Reverse(v.value));
    Values {
        mover: pos.to_move,
        nodes,
        moves,
    }
}

impl Values {
    fn name(&self, v: &MoveValue) -> String {
        notation::format_with_side(self.mover, &v.mv)
    }

    /// The best move and why it is clearly best, or why no move is.
    pub(crate) fn clearly_best(&self) -> Result<(&MoveValue, Clear), String> {
        let Some(best) = self.moves.first() else {
            return Err("there is no legal move".into());
        };
        let Some(second) = self.moves.get(1) else {
            return Err(format!(
                "{} is the only move: nothing to find",
                self.name(best)
            ));
        };
        let (b, s) = (best.value, second.value);
        if b >= WIN_THRESHOLD {
            if s >= WIN_THRESHOLD {
                return Err(format!(
                    "{} also wins by force ({}; {} is {}), and a puzzle has one winning move",
                    self.name(second),
                    value_words(s),
                    self.name(best),
                    value_words(b)
                ));
            }
            return Ok((
                best,
                Clear::OnlyWin {
                    plies: (WIN - b) as u32,
                },
            ));
        }
        if b <= -WIN_THRESHOLD {
            return Err(format!(
                "every move loses by force (the best, {}, is {}): the game is already lost",
                self.name(best),
                value_words(b)
            ));
        }
        if s <= -WIN_THRESHOLD {
            return Ok((best, Clear::OnlyDefence));
        }
        if b - s >= MARGIN {
            return Ok((best, Clear::Margin { lead: b - s }));
        }
        Err(format!(
            "no move is clearly best: {} is {} and {} {}, within {} seeds of each other",
            self.name(best),
            value_words(b),
            self.name(second),
            value_words(s),
            MARGIN / 100
        ))
    }

    /// Judge `answer` (any choice sequence of one of the moves): why it is
    /// clearly the best move, or why not, in a sentence that names the
    /// better or equal move.
    pub(crate) fn judge(
        &self,
        rules: &Rules,
        pos: &Position,
        answer: &Move,
    ) -> Result<Clear, String> {
        let key = legal_moves(rules, pos)
            .iter()
            .find(|m| m.mv.same_as(answer))
            .map(AnswerKey::of)
            .ok_or_else(|| format!("{} is not a legal move", notation::format(answer)))?;
        let (best, why) = self.clearly_best()?;
        if best.key == key {
            return Ok(why);
        }
        let mine = self
            .moves
            .iter()
            .find(|v| v.key == key)
            .map_or(String::new(), |v| format!(" ({})", value_words(v.value)));
        Err(format!(
            "{} is clearly better{mine}: {} is {}",
            self.name(best),
            self.name(best),
            value_words(best.value)
        ))
    }
}

/// Judge `answer` in `pos` at `nodes` positions a move ([`values`], then
/// [`Values::judge`]).
pub(crate) fn judge(
    rules: &Rules,
    pos: &Position,
    answer: &Move,
    nodes: u64,
) -> Result<Clear, String> {
    values(rules, pos, nodes).judge(rules, pos, answer)
}

/// Why `pos` is a mop-up (one side holds [`MOP_UP`] seeds or more), if it
/// is one.
pub(crate) fn mop_up(pos: &Position) -> Option<String> {
    for side in [pos.to_move, pos.to_move.opponent()] {
        let held: u32 = pos.board.side(side).iter().map(|&n| n as u32).sum();
        let total: u32 = held
            + pos
                .board
                .side(side.opponent())
                .iter()
                .map(|&n| n as u32)
                .sum::<u32>();
        if held >= MOP_UP * total / 64 && total > 0 {
            return Some(format!(
                "{} holds {held} of the {total} seeds: the game is decided by material, a mop-up and not a puzzle",
                crate::diagram::narrate::side(side)
            ));
        }
    }
    None
}

/// The deepest search the rating tries, in plies.
pub const EFFORT_MAX_DEPTH: u32 = 5;
/// The node cap of each of the rating's searches (so that the rating is
/// deterministic and bounded whatever the position).
pub const EFFORT_NODES: u64 = 50_000;

/// What finding the answer takes the engine's own search: the first depth
/// from which every deeper search (to [`EFFORT_MAX_DEPTH`]) chooses it, the
/// positions that search visits, and how many other moves look at least
/// as good after one ply (the plausible wrong moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SearchEffort {
    /// Plies; [`EFFORT_MAX_DEPTH`] + 1 when no search to that depth keeps it.
    pub find_depth: u32,
    /// Whether a depth-2 search chooses it (`omweso bestmove --depth 2`).
    pub at_two: bool,
    /// Positions the search at `find_depth` visits (with iterative
    /// deepening: every shallower depth included).
    pub nodes: u64,
    /// Other moves valued at least as high as the answer one ply deep.
    pub tempting: usize,
}

/// What finding `answer` in `pos` takes the search (the player's default
/// settings, as `omweso bestmove --depth D`; a fresh table for every
/// depth).
pub(crate) fn effort(rules: &Rules, pos: &Position, answer: AnswerKey) -> SearchEffort {
    static MEMO: Memo<(Rules, Position, AnswerKey), SearchEffort> = OnceLock::new();
    remembered(&MEMO, (*rules, *pos, answer), || {
        effort_now(rules, pos, answer)
    })
}

fn effort_now(rules: &Rules, pos: &Position, answer: AnswerKey) -> SearchEffort {
    let mut searcher = Searcher::new(Config::default());
    let picks: Vec<(bool, u64)> = (1..=EFFORT_MAX_DEPTH)
        .map(|depth| {
            searcher.clear();
            let r = searcher.search(
                rules,
                pos,
                Limits {
                    depth,
                    nodes: Some(EFFORT_NODES),
                },
                &mut || false,
            );
            (r.best.as_ref().map(AnswerKey::of) == Some(answer), r.nodes)
        })
        .collect();
    let mut find_depth = EFFORT_MAX_DEPTH + 1;
    for d in (1..=EFFORT_MAX_DEPTH).rev() {
        if picks[d as usize - 1].0 {
            find_depth = d;
        } else {
            break;
        }
    }
    let nodes = picks[(find_depth.min(EFFORT_MAX_DEPTH) - 1) as usize].1;
    // one ply deep: the position each move leaves, as the mover sees it
    let weights = Config::default().weights;
    let one_ply = |m: &LegalMove| match terminal(pos.to_move, m) {
        Some(v) => v,
        None => {
            let next = m.end.finished().expect("finished").position_after(pos);
            -crate::engine::search::evaluate(&weights, &next)
        }
    };
    let moves = distinct_moves(rules, pos);
    let mine = moves
        .iter()
        .find(|m| AnswerKey::of(m) == answer)
        .map_or(i32::MIN, one_ply);
    let tempting = moves
        .iter()
        .filter(|m| AnswerKey::of(m) != answer && one_ply(m) >= mine)
        .count();
    SearchEffort {
        find_depth,
        at_two: picks[1].0,
        nodes,
        tempting,
    }
}

/// How the ratings hold up, measured over verified puzzles (`omweso
/// puzzles calibrate`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Calibration {
    /// Per difficulty (easy, medium, hard): puzzles with a move to find,
    /// and how many of them a depth-2 search solves.
    pub rows: [(usize, usize); 3],
    /// Puzzles whose answer captures nothing (no `capture` theme), and how
    /// many of them the biggest capture solves.
    pub non_capture: (usize, usize),
    /// Puzzles judged at the deep budget, and how many of them have their
    /// answer clearly best there (when asked for).
    pub deep: Option<(usize, usize)>,
}

/// Measure the ratings of `puzzles` (what happens? puzzles, which have no
/// move to find, are left out): a fresh depth-2 search with the player's
/// default settings (`omweso bestmove --depth 2`) and the biggest capture
/// against every answer, and with `deep`, the judge at that budget.
pub fn calibrate(puzzles: &[super::Puzzle], deep: Option<u64>) -> Calibration {
    use rayon::prelude::*;
    let judged: Vec<&super::Puzzle> = puzzles
        .iter()
        .filter(|p| p.goal != super::Goal::WhatHappens)
        .collect();
    let each: Vec<(usize, bool, Option<bool>, Option<bool>)> = judged
        .par_iter()
        .map(|p| {
            let rules = *p.doc.variant.rules();
            let pos = p.doc.position;
            let moves = legal_moves(&rules, &pos);
            let key = moves
                .iter()
                .find(|m| m.mv.same_as(&p.played.mv))
                .map(AnswerKey::of);
            let mut s = Searcher::new(Config::default());
            let r = s.search(&rules, &pos, Limits::depth(2), &mut || false);
            let solved = r.best.as_ref().map(AnswerKey::of) == key;
            let captures = p.played.end.captured() > 0;
            let biggest = (!captures).then(|| {
                let most = moves.iter().map(|m| m.end.captured()).max().unwrap_or(0);
                most > 0 && p.played.end.captured() == most
            });
            let deep = deep.map(|n| judge(&rules, &pos, &p.played.mv, n).is_ok());
            (p.difficulty as usize, solved, biggest, deep)
        })
        .collect();
    let mut c = Calibration::default();
    for (d, solved, biggest, deep) in each {
        c.rows[d].0 += 1;
        c.rows[d].1 += solved as usize;
        if let Some(b) = biggest {
            c.non_capture.0 += 1;
            c.non_capture.1 += b as usize;
        }
        if let Some(ok) = deep {
            let e = c.deep.get_or_insert((0, 0));
            e.0 += 1;
            e.1 += ok as usize;
        }
    }
    c
}

/// Why the best move is clearly best, in words.
pub(crate) fn clear_words(why: Clear, value: i32) -> String {
    match why {
        Clear::OnlyWin { plies: 1 } => "and it is the only move that wins".to_string(),
        Clear::OnlyWin { plies } => format!(
            "and it is the only move that wins by force (in {} of both sides)",
            narrate::plural(plies as u64, "move")
        ),
        Clear::OnlyDefence => "and it is the only move that does not lose by force".to_string(),
        Clear::Margin { lead } => format!(
            "and by the engine's search it is worth {}, {:.1} seeds more than the next best move",
            value_words(value),
            lead as f64 / 100.0
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Board, notation};

    fn pos(south: [u16; 16], north: [u16; 16]) -> Position {
        Position {
            board: Board::from_sides(south, north),
            to_move: Side::South,
            first_move: false,
            opponent_first_move: false,
            before_first_capture: false,
        }
    }

    fn mv(s: &str) -> Move {
        notation::parse(s).unwrap().mv
    }

    /// A position from play (modern rules, North to move) where N7 leads
    /// every other move by far more than the margin.
    fn from_play() -> (Rules, Position) {
        let text = "variant: modern
to_move: north
board:
  - [1, 4, 4, 1, 0, 0, 0, 1]
  - [0, 4, 1, 0, 5, 0, 2, 5]
  - [0, 1, 2, 3, 1, 4, 0, 2]
  - [8, 6, 0, 1, 5, 1, 0, 2]
first_move: false
opponent_first_move: false
before_first_capture: false
";
        let src = crate::model::Source::new("t.yaml", text);
        let doc = crate::model::parse_positions(&src, &crate::model::Variants::builtin())
            .unwrap()
            .remove(0);
        (*doc.variant.rules(), doc.position)
    }

    #[test]
    fn the_clearly_best_move_is_found_and_others_refused() {
        let (rules, p) = from_play();
        let v = values(&rules, &p, CHECK_NODES);
        // deterministic
        assert_eq!(v.moves, values(&rules, &p, CHECK_NODES).moves);
        let (best, why) = v.clearly_best().unwrap();
        assert_eq!(notation::format(&best.mv), "7");
        assert!(
            matches!(why, Clear::Margin { lead } if lead >= MARGIN),
            "{why:?}"
        );
        assert_eq!(v.judge(&rules, &p, &mv("7")), Ok(why));
        let other = v.moves.iter().find(|m| m.key != best.key).unwrap();
        let err = v.judge(&rules, &p, &other.mv).unwrap_err();
        assert!(err.starts_with("N7 is clearly better ("), "{err}");
        // a move that is not legal is named
        let empty = (1..=16u8)
            .filter_map(crate::engine::Pit::new)
            .find(|&q| p.board.get(Side::North, q) < 2)
            .unwrap();
        let err = v.judge(&rules, &p, &Move::forward(empty)).unwrap_err();
        assert!(err.ends_with("is not a legal move"), "{err}");
    }

    /// Every move is valued from a reply's search of odd depth, whatever
    /// the depth the budget reaches for that move: the values compare
    /// lines of the same parity (see [`REPLY_DEPTHS`]).
    #[test]
    fn every_value_looks_an_even_number_of_plies_ahead() {
        let (rules, p) = from_play();
        let mut searched = 0;
        let mut depths = HashSet::new();
        for nodes in [CHECK_NODES, DEEP_NODES] {
            for m in values(&rules, &p, nodes).moves {
                if m.nodes == 0 || m.depth == 0 || m.value.abs() >= WIN_THRESHOLD {
                    continue; // the game's end, a forced reply, a proved result
                }
                assert_eq!(m.depth % 2, 1, "{m:?}");
                depths.insert(m.depth);
                searched += 1;
            }
        }
        assert!(searched >= 10, "only {searched} values searched");
        // the budgets reach more than one depth
        assert!(depths.len() >= 2, "{depths:?}");
    }

    #[test]
    fn values_are_sorted_and_within_the_budget() {
        let (rules, p) = from_play();
        let v = values(&rules, &p, 500);
        assert_eq!(v.moves.len(), distinct_moves(&rules, &p).len());
        assert!(v.moves.windows(2).all(|w| w[0].value >= w[1].value));
        for m in &v.moves {
            assert!(m.nodes <= 500 + 64, "{m:?}");
        }
        // the rating: found by some depth, and a deeper search keeps it
        let key = v.moves[0].key;
        let e = effort(&rules, &p, key);
        assert!(
            e.find_depth >= 1 && e.find_depth <= EFFORT_MAX_DEPTH + 1,
            "{e:?}"
        );
        assert_eq!(e, effort(&rules, &p, key));
    }

    #[test]
    fn the_margin_and_the_forced_results_decide() {
        let m = |value: i32, i: u8| MoveValue {
            mv: Move::forward(crate::engine::Pit::new(i).unwrap()),
            key: AnswerKey::Never(crate::engine::Pit::new(i).unwrap()),
            value,
            pv: Vec::new(),
            nodes: 0,
            depth: 0,
        };
        let vals = |v: Vec<MoveValue>| Values {
            mover: Side::South,
            nodes: 1,
            moves: v,
        };
        let ok = vals(vec![m(900, 1), m(100, 2)]);
        assert_eq!(ok.clearly_best().unwrap().1, Clear::Margin { lead: 800 });
        let close = vals(vec![m(900, 1), m(101, 2)]);
        let e = close.clearly_best().unwrap_err();
        assert!(
            e.contains("S1 is +9.0 seeds and S2 +1.0 seeds, within 8 seeds"),
            "{e}"
        );
        let win = vals(vec![m(WIN - 3, 1), m(-50, 2)]);
        assert_eq!(win.clearly_best().unwrap().1, Clear::OnlyWin { plies: 3 });
        let two = vals(vec![m(WIN - 3, 1), m(WIN - 5, 2)]);
        let e = two.clearly_best().unwrap_err();
        assert!(
            e.contains("S2 also wins by force (a forced win in 5 plies"),
            "{e}"
        );
        let defence = vals(vec![m(-3000, 1), m(-WIN + 2, 2)]);
        assert_eq!(defence.clearly_best().unwrap().1, Clear::OnlyDefence);
        let lost = vals(vec![m(-WIN + 4, 1), m(-WIN + 2, 2)]);
        assert!(lost.clearly_best().unwrap_err().contains("already lost"));
        let one = vals(vec![m(0, 1)]);
        assert!(one.clearly_best().unwrap_err().contains("only move"));
    }

    #[test]
    fn a_mop_up_is_no_puzzle() {
        let mut s = [0u16; 16];
        s[0] = 50;
        let mut n = [0u16; 16];
        n[0] = 14;
        let e = mop_up(&pos(s, n)).unwrap();
        assert!(e.contains("South holds 50 of the 64 seeds"), "{e}");
        assert!(mop_up(&pos([2; 16], [2; 16])).is_none());
        assert!(mop_up(&pos([3; 16], [1; 16])).is_some());
    }
}
