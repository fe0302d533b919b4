//! The public ways of listing a position's legal moves as
//! [`LegalMove`]s: all of them ([`legal_moves`]), those of one start pit
//! ([`moves_from`]), both by the packed generator (`generator.rs`) through
//! a reused list, and every finished choice sequence ([`every_sequence`],
//! by the explorer).

use super::board::Pit;
use super::explorer::{Mode, explore_pit};
use super::generator::{self, MoveList, legal_moves_into};
use super::move_types::LegalMove;
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
/// ([`reference::general_legal_moves`]); the answers are the same.
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
pub fn every_sequence(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut out = Vec::new();
    for pit in Pit::ALL {
        explore_pit(rules, pos, pit, Mode::EverySequence, true, &mut out);
    }
    out
}
