//! The public ways of listing a position's legal moves as
//! [`LegalMove`]s: all of them ([`legal_moves`]), those of one start pit
//! ([`moves_from`]), both by the packed generator (`generator.rs`) through
//! a reused list, and every finished choice sequence ([`every_sequence`],
//! by the explorer).

use super::board::Pit;
use super::explorer::{Mode, explore_pit};
use super::generator::{self, MoveList, legal_moves_into};
use super::move_types::{LegalMove, MoveEnd};
use super::play::play;
use super::position::Position;
use super::variant::Rules;

/// The legal moves of a position: each distinct end position once per
/// start pit (with the first choice sequence reaching it, anticlockwise
/// before clockwise at each choice point), plus one never-ending outcome per
/// start pit where some choice sequence never ends (unless the variant
/// forbids them). Ordered by start pit, then choices, the never-ending
/// outcome and the three-seed opening last.
///
/// Choice-point states met twice (by any path) are explored once, so the
/// work is bounded by the distinct states, not by the number of choice
/// sequences.
///
/// When the two sides together hold at most 255 seeds (every real game),
/// the moves are generated on a packed state: the mover's pits one byte
/// each in a word, the opponent's side implied by the columns captured so
/// far. Larger boards go through the general explorer
/// (`reference::general_legal_moves`, with the `reference` feature); the
/// answers are the same.
///
/// ```
/// use omweso_engine::{Board, Pit, Position, Rules, Side, legal_moves};
///
/// // Only South's pit 1 holds two seeds, and McGill's rules sow forward only.
/// let mut south = [0; 16];
/// south[0] = 2;
/// south[1] = 1;
/// let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
/// let moves = legal_moves(&Rules::MCGILL_2015, &pos);
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].mv.pit, Pit::new(1).unwrap());
/// // pit 2 now holds two seeds and pit 3 one: the move stopped there
/// let f = moves[0].end.finished().unwrap();
/// assert_eq!(f.board.side(Side::South)[..3], [0, 2, 1]);
/// assert_eq!(f.result, None);
/// ```
pub fn legal_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    with_list(|list| {
        legal_moves_into(rules, pos, list);
        list.to_vec()
    })
}

/// The legal moves as [`legal_moves`] lists them, each never-ending
/// move's end in full: with
/// [`NeverEndingInfo::laps_before_cycle`](crate::NeverEndingInfo::laps_before_cycle), as
/// [`trace`](crate::trace) and [`outcome`](crate::outcome) give it, where
/// [`legal_moves`] leaves it `None`. Every end is then exactly the one
/// [`trace`](crate::trace) finds for the move, so
/// [`trace_listed`](crate::trace_listed) can
/// trace any of them without deciding it again.
///
/// The cycle's entry is found during the detection when the cycle is
/// reached once no capture can come, as [`trace`](crate::trace) finds it
/// (keeping evenly spaced snapshots of the pass, then searching among
/// them: a little more work than [`legal_moves`], far less than walking
/// the cycle again); a move that cycles while a capture could still come
/// (none among thousands of random never-ending positions), or a board
/// of more than 255 seeds, has its never-ending moves played once more to
/// find it.
///
/// ```
/// use omweso_engine::{Board, MoveEnd, Pit, Position, Rules, Side, legal_moves_in_full, trace};
///
/// // Under McGill's rules South's pit 1 goes round for ever here (nothing
/// // of North's can be captured): a cycle of 82 laps.
/// let pos = Position::new(
///     Board::from_grid(&[
///         [0, 0, 0, 0, 0, 1, 0, 0],
///         [1, 1, 0, 1, 0, 0, 0, 1],
///         [3, 4, 2, 1, 2, 1, 2, 3],
///         [2, 2, 1, 0, 1, 3, 2, 1],
///     ]),
///     Side::South,
/// );
/// let rules = Rules::MCGILL_2015;
/// let moves = legal_moves_in_full(&rules, &pos);
/// let m = moves.iter().find(|m| m.mv.pit == Pit::new(1).unwrap()).unwrap();
/// let MoveEnd::NeverEnding(info) = m.end else { panic!("it never ends") };
/// assert_eq!(info.cycle_laps, 82);
/// assert!(info.laps_before_cycle.is_some());
/// // the end a trace finds for the move, exactly
/// assert_eq!(trace(&rules, &pos, &m.mv, 10).unwrap().end, m.end);
/// /// ```
pub fn legal_moves_in_full(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut moves = with_list(|list| {
        list.in_full = true;
        legal_moves_into(rules, pos, list);
        list.in_full = false;
        list.to_vec()
    });
    for m in &mut moves {
        if let MoveEnd::NeverEnding(n) = m.end
            && n.laps_before_cycle.is_none()
            && let Ok(o) = play(rules, pos, &m.mv, true)
        {
            m.end = o.end;
        }
    }
    moves
}

thread_local! {
    /// The list behind [`legal_moves`] and [`moves_from`], reused.
    static LIST: std::cell::Cell<Option<MoveList>> = const { std::cell::Cell::new(None) };
}

/// `f` with this thread's reusable list.
fn with_list<T>(f: impl FnOnce(&mut MoveList) -> T) -> T {
    let mut list = LIST.take().unwrap_or_default();
    let r = f(&mut list);
    LIST.set(Some(list));
    r
}

/// The legal moves starting from one pit, appended to `out`
/// (see [`legal_moves`]).
///
/// ```
/// use omweso_engine::{Board, Pit, Position, Rules, Side, legal_moves, moves_from};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// let mut from_3 = Vec::new();
/// moves_from(&Rules::MODERN, &pos, Pit::new(3).unwrap(), &mut from_3);
/// let all = legal_moves(&Rules::MODERN, &pos);
/// let listed: Vec<_> = all.iter().filter(|m| m.mv.pit == Pit::new(3).unwrap()).collect();
/// assert_eq!(from_3.len(), listed.len());
/// assert!(from_3.iter().all(|m| m.mv.pit == Pit::new(3).unwrap()));
/// ```
pub fn moves_from(rules: &Rules, pos: &Position, pit: Pit, out: &mut Vec<LegalMove>) {
    with_list(|list| {
        generator::moves_from_into(rules, pos, pit, list);
        out.extend(list.iter().map(|m| m.to_legal_move()));
    })
}

/// Every finished choice sequence of every start pit, even those reaching the
/// same end position (the listing of the sample vectors), plus the
/// never-ending outcomes as in [`legal_moves`]. A choice-point state is
/// explored again on each path that reaches it, so this can be exponential
/// in the number of choice points: prefer [`legal_moves`].
///
/// ```
/// use omweso_engine::{Board, Position, Rules, Side, every_sequence, legal_moves};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// let every = every_sequence(&Rules::SHACKELL_1935, &pos);
/// let distinct = legal_moves(&Rules::SHACKELL_1935, &pos);
/// // every distinct move is among the sequences, and no sequence is missing
/// assert!(every.len() >= distinct.len());
/// assert!(distinct.iter().all(|d| every.iter().any(|e| e.end == d.end)));
/// ```
pub fn every_sequence(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut out = Vec::new();
    for pit in Pit::ALL {
        explore_pit(rules, pos, pit, Mode::EverySequence, true, &mut out);
    }
    out
}
