//! What puzzles and their answers are told apart by: a move by its end
//! position ([`AnswerKey`]), a position up to its mirror image
//! ([`PositionKey`]) and a board whoever is to move ([`BoardKey`]).

use crate::engine::{Board, LegalMove, MoveEnd, Pit, Position, Seeds};

/// What a move is judged by: its end position (a never-ending move by its
/// start pit, since it has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnswerKey {
    /// A finished move, by the board after it.
    Board(Board),
    /// A never-ending move, by its start pit (it has no board after it).
    Never(Pit),
}

impl AnswerKey {
    /// The key of `m`: its end board, or its start pit if it never ends.
    pub fn of(m: &LegalMove) -> AnswerKey {
        match &m.end {
            MoveEnd::Finished(f) => AnswerKey::Board(f.board),
            MoveEnd::NeverEnding(_) => AnswerKey::Never(m.mv.pit),
        }
    }
}

/// A position up to the North/South mirror: the mover's and the opponent's
/// pits and the flags (a mirrored position has the same key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PositionKey {
    /// The side to move's sixteen pits, in Shackell's numbering (seeds).
    pub own: [Seeds; 16],
    /// The opponent's sixteen pits, in Shackell's numbering (seeds).
    pub opp: [Seeds; 16],
    /// The position's flags: the mover's first move, the opponent's first move, before the first
    /// capture.
    pub flags: (bool, bool, bool),
}

impl PositionKey {
    /// The key of `pos`.
    pub fn of(pos: &Position) -> PositionKey {
        PositionKey {
            own: *pos.board.side(pos.to_move),
            opp: *pos.board.side(pos.to_move.opponent()),
            flags: (
                pos.first_move,
                pos.opponent_first_move,
                pos.before_first_capture,
            ),
        }
    }
}

/// A board, whoever is to move and whatever the rule set or goal: puzzles
/// may not share one. The side to move's pits first, so a position and its
/// North/South mirror image have the same key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardKey {
    /// The side to move's sixteen pits, in Shackell's numbering (seeds).
    pub own: [Seeds; 16],
    /// The opponent's sixteen pits, in Shackell's numbering (seeds).
    pub opp: [Seeds; 16],
}

impl BoardKey {
    /// The key of `pos`'s board.
    pub fn of(pos: &Position) -> BoardKey {
        let k = PositionKey::of(pos);
        BoardKey {
            own: k.own,
            opp: k.opp,
        }
    }
}
