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
//!   [`MARGIN`] (8 seeds).
//!
//! A position the side to move has already decided by material (a mop-up:
//! one side holds [`MOP_UP`] of the 64 seeds or more) makes no puzzle.
//!
//! Pure: no I/O, no clock, no threads. Only the search's public contract
//! is relied on ([`Searcher::search`] with [`Limits::nodes`] and a fresh
//! table is deterministic), so a change of the search changes values but
//! never makes the judge depend on the machine.

use super::solve::AnswerKey;
use crate::engine::notation;
use crate::engine::search::{Config, Limits, Score, Searcher, WIN, WIN_THRESHOLD};
use crate::engine::{GameResult, LegalMove, Move, MoveEnd, Position, Rules, Side, legal_moves};
use std::collections::HashSet;

/// Positions the generator's players search per move in the games puzzles
/// are found in (`omweso puzzles regenerate`'s `--nodes` default).
pub const GENERATOR_NODES: u64 = 1_000;
/// Positions searched after each move when a puzzle is verified (`omweso
/// check`, `build`, `puzzles verify`): twice the generator's budget per
/// move, so over a position's moves (about 15 on average) some thirty
/// times what the generator's player spent on the whole position.
pub const CHECK_NODES: u64 = 2 * GENERATOR_NODES;
/// Positions searched after each move when a puzzle is accepted or
/// re-judged (`omweso puzzles regenerate`, `puzzles verify --deep`): 20
/// times the generator's budget, per move.
pub const DEEP_NODES: u64 = 20 * GENERATOR_NODES;
/// The least lead, in hundredths of a seed, by which the answer must beat
/// every other move when nothing is forced.
pub const MARGIN: i32 = 800;
/// Seeds (of 64) one side holds when the game is decided by material: a
/// position where either side holds this many is a mop-up, not a puzzle.
pub const MOP_UP: u32 = 48;
/// log₂ of the judge's transposition-table entries (cleared before every
/// search, so each value is independent of the order moves are judged in).
const TT_BITS: u32 = 16;

/// One move's value for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
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
}

impl MoveValue {
    /// The value read for people.
    pub fn score(&self) -> Score {
        Score::of(self.value)
    }
}

/// Every distinct move of a position with its value, best first (ties in
/// the order the moves are listed).
#[derive(Clone, Debug)]
pub struct Values {
    pub mover: Side,
    /// The node budget of each move's search.
    pub nodes: u64,
    pub moves: Vec<MoveValue>,
}

/// Why the answer is clearly the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clear {
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
    pub fn theme(self) -> &'static str {
        match self {
            Clear::OnlyWin { .. } => "forced-win",
            Clear::OnlyDefence => "defence",
            Clear::Margin { .. } => "material",
        }
    }
}

/// A value in words for messages: "a win in 3 plies", "+4.5 seeds".
pub fn value_words(value: i32) -> String {
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
pub fn distinct_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut seen = HashSet::new();
    legal_moves(rules, pos)
        .into_iter()
        .filter(|m| seen.insert(AnswerKey::of(m)))
        .collect()
}

/// Value every distinct move of `pos`: a move that ends the game by its
/// result, any other by a fresh search of the position after it within
/// `nodes` positions, negated and one ply further.
pub fn values(rules: &Rules, pos: &Position, nodes: u64) -> Values {
    let mut searcher = Searcher::new(Config {
        tt_bits: TT_BITS,
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
    pub fn clearly_best(&self) -> Result<(&MoveValue, Clear), String> {
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
    pub fn judge(&self, rules: &Rules, pos: &Position, answer: &Move) -> Result<Clear, String> {
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
pub fn judge(rules: &Rules, pos: &Position, answer: &Move, nodes: u64) -> Result<Clear, String> {
    values(rules, pos, nodes).judge(rules, pos, answer)
}

/// Why `pos` is a mop-up (one side holds [`MOP_UP`] seeds or more), if it
/// is one.
pub fn mop_up(pos: &Position) -> Option<String> {
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
                crate::narrate::side(side)
            ));
        }
    }
    None
}

/// The deepest search the rating tries, in plies.
pub const RATE_DEPTH: u32 = 5;
/// The node cap of each of the rating's searches (so that the rating is
/// deterministic and bounded whatever the position).
pub const RATE_NODES: u64 = 50_000;

/// What finding the answer takes the engine's own search: the first depth
/// from which every deeper search (to [`RATE_DEPTH`]) chooses it, the
/// positions that search visits, and how many other moves look at least
/// as good after one ply (the plausible wrong moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Plies; [`RATE_DEPTH`] + 1 when no search to that depth keeps it.
    pub find_depth: u32,
    /// Positions the search at `find_depth` visits (with iterative
    /// deepening: every shallower depth included).
    pub nodes: u64,
    /// Other moves valued at least as high as the answer one ply deep.
    pub tempting: usize,
}

/// What finding `answer` in `pos` takes the search (the player's default
/// settings, as `omweso bestmove --depth D`; a fresh table for every
/// depth).
pub fn effort(rules: &Rules, pos: &Position, answer: AnswerKey) -> Effort {
    let mut searcher = Searcher::new(Config::default());
    let picks: Vec<(bool, u64)> = (1..=RATE_DEPTH)
        .map(|depth| {
            searcher.clear();
            let r = searcher.search(
                rules,
                pos,
                Limits {
                    depth,
                    nodes: Some(RATE_NODES),
                },
                &mut || false,
            );
            (r.best.as_ref().map(AnswerKey::of) == Some(answer), r.nodes)
        })
        .collect();
    let mut find_depth = RATE_DEPTH + 1;
    for d in (1..=RATE_DEPTH).rev() {
        if picks[d as usize - 1].0 {
            find_depth = d;
        } else {
            break;
        }
    }
    let nodes = picks[(find_depth.min(RATE_DEPTH) - 1) as usize].1;
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
    Effort {
        find_depth,
        nodes,
        tempting,
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

    /// North has one pit of two seeds left; South's only capturing move
    /// from it takes them and North has no move: the only win.
    #[test]
    fn the_only_win_is_clearly_best() {
        let rules = Rules::SHACKELL_1935;
        // South: pits 1..8 outer, 9..16 inner; North likewise
        let mut s = [0u16; 16];
        let mut n = [0u16; 16];
        // South 12 (inner) holds 1 seed, sown into 13 which holds 1:
        // the lap ends in an occupied inner pit facing North's 13 and 4
        s[11] = 1;
        s[12] = 1;
        s[0] = 30;
        n[12] = 2; // North 13 (inner)
        n[3] = 2; // North 4 (outer)
        n[0] = 28;
        let p = pos(s, n);
        let v = values(&rules, &p, 500);
        assert!(v.moves.len() >= 2, "{:?}", v.moves);
        // deterministic
        assert_eq!(v.moves, values(&rules, &p, 500).moves);
        match v.clearly_best() {
            Ok((best, why)) => {
                assert_eq!(v.judge(&rules, &p, &best.mv), Ok(why));
                let other = v.moves.iter().find(|m| m.key != best.key).unwrap();
                let err = v.judge(&rules, &p, &other.mv).unwrap_err();
                assert!(err.contains("is clearly better"), "{err}");
            }
            Err(e) => assert!(
                e.contains("no move is clearly best") || e.contains("also wins"),
                "{e}"
            ),
        }
    }

    #[test]
    fn values_are_sorted_and_terminal_moves_exact() {
        let rules = Rules::SHACKELL_1935;
        let mut s = [2u16; 16];
        let n = [2u16; 16];
        s[0] = 2;
        let p = pos(s, n);
        let v = values(&rules, &p, 300);
        assert!(v.moves.windows(2).all(|w| w[0].value >= w[1].value));
        for m in &v.moves {
            assert!(m.nodes <= 300 + 64, "{m:?}");
        }
        // an illegal answer is named
        let err = v.judge(&rules, &p, &mv("9C")).err();
        assert!(err.is_none() || err.unwrap().contains("clearly"));
    }

    #[test]
    fn the_margin_and_the_forced_results_decide() {
        let m = |value: i32, i: u8| MoveValue {
            mv: Move::forward(crate::engine::Pit::new(i).unwrap()),
            key: AnswerKey::Never(crate::engine::Pit::new(i).unwrap()),
            value,
            pv: Vec::new(),
            nodes: 0,
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
