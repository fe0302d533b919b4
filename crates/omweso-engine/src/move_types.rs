//! What a move is and what playing one gives: the move itself (a start
//! pit and its choices), where it ends ([`MoveEnd`]: finished, with the
//! board after and the game result, or never-ending, with its cycle), a
//! traced move's laps, and why a move cannot be played. Data only: listing
//! moves is `listing.rs` (over `generator.rs` and `explorer.rs`), playing
//! them `play.rs`.

use super::board::{Board, Pit, Seeds, Side};
use super::position::{GameResult, Position};
use super::sowing::{Capture, Direction, LapKind};
use std::fmt;

/// A move: the start pit plus the direction taken at the start and at each
/// choice point. Choice points beyond the end of `choices` take the default,
/// anticlockwise; so `[Anticlockwise]` and `[]` name the same move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The start pit, in the mover's own numbering.
    pub pit: Pit,
    /// The three-seed opening (two into the next pit, one beyond).
    pub three_seed: bool,
    /// The direction at the start, then at each later choice point, in order; missing ones are
    /// anticlockwise.
    pub choices: Vec<Direction>,
}

impl Move {
    /// A plain forward move from `pit`.
    pub fn forward(pit: Pit) -> Move {
        Move {
            pit,
            three_seed: false,
            choices: vec![Direction::Anticlockwise],
        }
    }

    /// The direction of the first lap.
    pub fn direction(&self) -> Direction {
        self.choices
            .first()
            .copied()
            .unwrap_or(Direction::Anticlockwise)
    }

    /// The choices without trailing defaults (the canonical form).
    pub fn trimmed_choices(&self) -> &[Direction] {
        let n = self
            .choices
            .iter()
            .rposition(|&d| d == Direction::Clockwise)
            .map_or(0, |i| i + 1);
        &self.choices[..n]
    }

    /// Two moves are the same move when they differ only in trailing
    /// default choices.
    pub fn same_as(&self, other: &Move) -> bool {
        self.pit == other.pit
            && self.three_seed == other.three_seed
            && self.trimmed_choices() == other.trimmed_choices()
    }
}

/// One capture in a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CaptureInfo {
    /// The mover's inner pit where the capturing lap ended.
    pub at: Pit,
    /// The opponent's facing inner pit and the seeds taken from it.
    pub inner: Pit,
    /// The seeds taken from the inner pit.
    pub inner_seeds: Seeds,
    /// The opponent's facing outer pit and the seeds taken from it.
    pub outer: Pit,
    /// The seeds taken from the outer pit.
    pub outer_seeds: Seeds,
}

impl CaptureInfo {
    /// The seeds taken by this capture (inner and outer together).
    pub fn total(&self) -> u32 {
        self.inner_seeds as u32 + self.outer_seeds as u32
    }

    pub(crate) fn from_raw(c: Capture) -> CaptureInfo {
        CaptureInfo {
            at: Pit::from_index(c.at as usize),
            inner: Pit::from_index(c.inner as usize),
            inner_seeds: c.inner_seeds,
            outer: Pit::from_index(c.outer as usize),
            outer_seeds: c.outer_seeds,
        }
    }
}

/// What happened where a lap ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LapEnd {
    /// The last seed fell into an empty pit: the move is over.
    Stop,
    /// The pit is lifted and sown on (for Ludii after a capture, the
    /// capturing pit rather than the landing pit).
    Relay {
        /// The pit lifted next, in the mover's numbering.
        pit: Pit,
    },
    /// The two facing opponent pits are captured; their seeds are sown next.
    Capture(CaptureInfo),
}

/// One lap of a traced move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lap {
    /// What the lap sows: the start pit's seeds, a relay, captured seeds or the three-seed opening.
    pub kind: LapKind,
    /// The direction the lap is sown in, seen from the mover's seat.
    pub direction: Direction,
    /// E, the pit the lap is sown from.
    pub from: Pit,
    /// The seeds sown in this lap (those lifted, or those captured).
    pub hand: Seeds,
    /// The pits sown, in order (one entry a seed).
    pub sown: Vec<Pit>,
    /// The pit that got the last seed.
    pub landing: Pit,
    /// Whether the direction was the mover's choice here.
    pub choice_point: bool,
    /// What happened where the lap ended: the move stops, relays or captures.
    pub end: LapEnd,
    /// The board once this lap is sown (before any capture at its end).
    pub board_after: Board,
}

/// A finished move's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finished {
    /// The board once the move is over.
    pub board: Board,
    /// Seeds captured from the opponent.
    pub captured: u32,
    /// Laps sown (start, relay, capture-sowing and three-seed laps each one).
    pub laps: u64,
    /// Of those, capture-sowing laps (Ludii counts a capture's sowing as part
    /// of the lap that captured).
    pub capture_sowings: u64,
    /// Bit c: the opponent column facing the mover's pit 9+c was captured.
    pub columns: u8,
    /// Both of the opponent's end columns were captured.
    pub cut_heads: bool,
    /// The game result, if this move ends the game.
    pub result: Option<GameResult>,
}

impl Finished {
    /// The position after this move, played from `before`: the opponent is
    /// to move, and the game-phase flags move on (the opponent's first move
    /// comes next if they had not moved yet; a capture ends the phase before
    /// the first capture).
    ///
    /// ```
    /// use omweso_engine::{Board, Position, Rules, Side, legal_moves};
    ///
    /// let mut start = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
    /// start.first_move = true;
    /// start.opponent_first_move = true;
    /// start.before_first_capture = true;
    /// let m = &legal_moves(&Rules::SHACKELL_1935, &start)[0];
    /// let f = m.end.finished().unwrap();
    /// let next = f.position_after(&start);
    /// assert_eq!(next.to_move, Side::North);
    /// assert_eq!(next.board, f.board);
    /// // North's first move comes next; South's is over
    /// assert!(next.first_move && !next.opponent_first_move);
    /// assert_eq!(next.before_first_capture, f.captured == 0);
    /// ```
    pub fn position_after(&self, before: &Position) -> Position {
        Position {
            board: self.board,
            to_move: before.to_move.opponent(),
            first_move: before.opponent_first_move,
            opponent_first_move: false,
            before_first_capture: before.before_first_capture && self.captured == 0,
        }
    }
}

/// A never-ending move: where its cycle was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NeverEndingInfo {
    /// Length of the cycle, in laps.
    pub cycle_laps: u64,
    /// Laps sown before the cycle was detected (the detection's own work,
    /// from the last choice point on).
    pub examined_laps: u64,
    /// Laps before the cycle is first entered (computed by playing the
    /// move and by [`legal_moves_in_full`](crate::legal_moves_in_full);
    /// `None` from the other listings).
    pub laps_before_cycle: Option<u64>,
    /// What the variant makes of it.
    pub result: GameResult,
}

/// Where a move ends: it finishes with a board after it, or it never ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveEnd {
    /// The move finishes after a finite number of laps.
    Finished(Finished),
    /// The move never ends: its sowing enters a cycle.
    NeverEnding(NeverEndingInfo),
}

impl MoveEnd {
    /// The finished move's result, or `None` for a never-ending one.
    pub fn finished(&self) -> Option<&Finished> {
        match self {
            MoveEnd::Finished(f) => Some(f),
            MoveEnd::NeverEnding(_) => None,
        }
    }

    /// Whether the move never ends.
    pub fn is_never_ending(&self) -> bool {
        matches!(self, MoveEnd::NeverEnding(_))
    }

    /// The game result the move brings about: a win, or what the variant makes of a never-ending
    /// move; `None` when the game goes on.
    pub fn result(&self) -> Option<GameResult> {
        match self {
            MoveEnd::Finished(f) => f.result,
            MoveEnd::NeverEnding(n) => Some(n.result),
        }
    }

    /// The seeds the move captures (0 for a never-ending move).
    pub fn captured(&self) -> u32 {
        self.finished().map_or(0, |f| f.captured)
    }
}

/// A legal move and where it leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    /// The move, as the mover chose it.
    pub mv: Move,
    /// Where it ends: the board after it, or its cycle.
    pub end: MoveEnd,
}

/// A played move without its trace: where it ends and the position after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Where the move ends.
    pub end: MoveEnd,
    /// The position after the move, when it finishes.
    pub after: Option<Position>,
}

/// A move played with its full trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move as asked, choices included.
    pub mv: Move,
    /// The side that played it.
    pub mover: Side,
    /// The position it was played from.
    pub before: Position,
    /// The laps, in order; at most the requested number are recorded.
    pub laps: Vec<Lap>,
    /// Every lap was recorded (false for very long or never-ending moves).
    pub complete: bool,
    /// Where the move ends.
    pub end: MoveEnd,
    /// The position after the move, when it finishes.
    pub after: Option<Position>,
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The mover has no legal move at all.
    NoLegalMove {
        /// The side with no legal move.
        side: Side,
    },
    /// The start pit holds fewer than the two seeds a move needs.
    TooFewSeeds {
        /// The start pit, in the mover's numbering.
        pit: Pit,
        /// The seeds it holds (0 or 1).
        seeds: Seeds,
    },
    /// The move asks to start clockwise where the variant does not allow it.
    ClockwiseStartIllegal {
        /// The start pit, in the mover's numbering.
        pit: Pit,
        /// Why not.
        reason: ClockwiseRefusal,
    },
    /// The move asks for the three-seed opening where it may not be played.
    ThreeSeedUnavailable {
        /// The start pit, in the mover's numbering.
        pit: Pit,
        /// Why not.
        reason: ThreeSeedRefusal,
    },
    /// The three-seed opening was given directions too; it has no choice to make.
    ThreeSeedWithChoices,
    /// More directions were given than the move has choice points.
    TooManyChoices {
        /// Directions given.
        given: usize,
        /// Choice points the move has.
        used: usize,
    },
    /// The variant forbids never-ending moves.
    NeverEndingIllegal,
}

/// Why a move may not start clockwise from its pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockwiseRefusal {
    /// The variant has no reverse sowing.
    NoReverseSowing,
    /// A first move may not capture, so it has no clockwise lap.
    FirstMoveCannotCapture,
    /// Only the left-hand pits 1, 2, 15 and 16 may sow clockwise.
    NotLeftHandPit,
    /// A clockwise start must end in an immediate capture (within reach of
    /// pit 9 where the variant limits it).
    MustCaptureAtOnce,
    /// A clockwise start must end in an inner pit whose two facing pits
    /// hold seeds.
    MustEndFacingSeeds,
}

/// Why the three-seed opening may not be played from a pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThreeSeedRefusal {
    /// The variant has no three-seed opening.
    NotInVariant,
    /// It is only played before the game's first capture.
    AfterFirstCapture,
    /// The pit must hold exactly three seeds.
    NotThreeSeeds,
}

/// A terse form, for [`std::error::Error`]; the sentences a reader sees are
/// the narrator's (`omweso_diagram::narrate::play_error`).
impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move: {self:?}")
    }
}

impl std::error::Error for PlayError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_after_moves_the_phase_flags_on() {
        let f = |captured| Finished {
            board: Board::from_sides([1; 16], [2; 16]),
            captured,
            laps: 1,
            capture_sowings: 0,
            columns: 0,
            cut_heads: false,
            result: None,
        };
        let mut before = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
        before.first_move = true;
        before.opponent_first_move = true;
        before.before_first_capture = true;
        // South's first move, no capture: North's first move comes next
        let a = f(0).position_after(&before);
        assert_eq!(a.board, f(0).board);
        assert_eq!(a.to_move, Side::North);
        assert!(a.first_move && !a.opponent_first_move && a.before_first_capture);
        // North's first move captures: neither a first move nor before the
        // first capture any more
        let b = f(3).position_after(&a);
        assert_eq!(b.to_move, Side::South);
        assert!(!b.first_move && !b.opponent_first_move && !b.before_first_capture);
        // once over, the phase does not come back
        let c = f(0).position_after(&b);
        assert!(!c.first_move && !c.before_first_capture);
    }
}
