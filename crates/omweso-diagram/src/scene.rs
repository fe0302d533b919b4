//! A scene: what one frame shows (board, marks, path, arrows, words),
//! independent of the output format. `svg.rs` and `text.rs` render it.

use crate::{HighlightStyle, PitRef};
use omweso_engine::{Board, Direction, Pit, Rules, Seeds, Side};

/// What a pit is marked with in a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// The pit whose seeds are lifted and sown (E).
    Lift,
    /// E, where captured seeds are sown from.
    SowFrom,
    /// The landing pit is relayed: lifted and sown on.
    Relay,
    /// The last seed fell into an empty pit: the move ends here.
    End,
    /// The mover's pit that captures.
    CaptureAt,
    /// An opponent's pit whose seeds are captured.
    Captured(Seeds),
}

impl Mark {
    /// Order in which marks are drawn and listed.
    pub(crate) fn rank(&self) -> u8 {
        match self {
            Mark::Lift => 0,
            Mark::SowFrom => 1,
            Mark::Relay => 2,
            Mark::End => 3,
            Mark::CaptureAt => 4,
            Mark::Captured(_) => 5,
        }
    }
}

/// The seeds of one lap, sown along a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LapPath {
    pub side: Side,
    /// E, where the path starts.
    pub from: Pit,
    /// One entry a seed, in order.
    pub sown: Vec<Pit>,
    pub direction: Direction,
}

/// An arrow between two pits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SceneArrow {
    pub from: PitRef,
    pub to: PitRef,
    pub label: Option<String>,
    /// Captured seeds carried to E (drawn in the capture style).
    pub capture: bool,
}

/// A highlighted group of pits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SceneHighlight {
    pub pits: Vec<PitRef>,
    pub style: HighlightStyle,
    pub label: Option<String>,
}

/// Everything one frame shows (board, marks, path, arrows, words),
/// independent of the output format; rendered by [`crate::Frame::svg`] and
/// [`crate::Frame::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    pub(crate) board: Board,
    /// The side drawn at the bottom.
    pub(crate) seat: Side,
    pub(crate) labels: bool,
    /// The side to move or moving, named as such.
    pub(crate) mover: Option<Side>,
    pub(crate) heading: String,
    pub(crate) subheading: Option<String>,
    pub(crate) marks: Vec<(PitRef, Mark)>,
    pub(crate) path: Option<LapPath>,
    pub(crate) arrows: Vec<SceneArrow>,
    pub(crate) highlights: Vec<SceneHighlight>,
    /// A banner across the board (elided laps).
    pub(crate) banner: Option<String>,
    /// Lines of prose under the board.
    pub(crate) footer: Vec<String>,
    /// What the shaded left-hand pits mean under the rules drawn
    /// ([`crate::narrate::left_hand_pits`]): the key's line for them. The
    /// blocks are shaded exactly when it is given.
    pub(crate) left_hand: Option<String>,
}

impl Scene {
    /// The board shown.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side drawn at the bottom.
    pub fn seat(&self) -> Side {
        self.seat
    }

    /// Whether the board names its pits (`S5`, `N12`).
    pub fn labels(&self) -> bool {
        self.labels
    }

    /// The key's line for the shaded left-hand pits, when the board
    /// shades them (under rules with clockwise sowing).
    pub fn left_hand(&self) -> Option<&str> {
        self.left_hand.as_deref()
    }

    pub(crate) fn new(board: Board, seat: Side, labels: bool, rules: &Rules) -> Scene {
        Scene {
            board,
            seat,
            labels,
            mover: None,
            heading: String::new(),
            subheading: None,
            marks: Vec::new(),
            path: None,
            arrows: Vec::new(),
            highlights: Vec::new(),
            banner: None,
            footer: Vec::new(),
            left_hand: crate::narrate::left_hand_pits(rules),
        }
    }

    pub(crate) fn mark(&mut self, side: Side, pit: Pit, mark: Mark) {
        let r = PitRef::new(side, pit);
        if !self.marks.contains(&(r, mark.clone())) {
            self.marks.push((r, mark));
        }
    }

    /// The marks of one pit, in drawing order.
    pub(crate) fn marks_of(&self, r: PitRef) -> Vec<&Mark> {
        let mut m: Vec<&Mark> = self
            .marks
            .iter()
            .filter(|(p, _)| *p == r)
            .map(|(_, m)| m)
            .collect();
        m.sort_by_key(|m| m.rank());
        m
    }
}

/// Display position (row 0..4 top to bottom, column 0..8 left to right) of
/// a pit as seen from `seat`.
pub(crate) fn display_cell(seat: Side, side: Side, pit: Pit) -> (usize, usize) {
    let (r, c) = (pit.row(side), pit.column(side));
    match seat {
        Side::South => (r, c),
        Side::North => (3 - r, 7 - c),
    }
}

/// The pit at a display cell (row 0..4 top to bottom, column 0..8 left to
/// right) as seen from `seat`, whose side is drawn at the bottom.
///
/// ```
/// use omweso_diagram::pit_at_display;
/// use omweso_engine::{Pit, Side};
///
/// // from South's seat, South's pit 1 is at the bottom left
/// assert_eq!(pit_at_display(Side::South, 3, 0), (Side::South, Pit::new(1).unwrap()));
/// // from North's seat, the board turned half a turn
/// assert_eq!(pit_at_display(Side::North, 3, 0), (Side::North, Pit::new(1).unwrap()));
/// ```
pub fn pit_at_display(seat: Side, row: usize, col: usize) -> (Side, Pit) {
    match seat {
        Side::South => Pit::at_grid(row, col),
        Side::North => Pit::at_grid(3 - row, 7 - col),
    }
}

/// The side whose rows are at the top when `seat` is at the bottom.
pub(crate) fn top_side(seat: Side) -> Side {
    seat.opponent()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pit(n: u8) -> Pit {
        Pit::new(n).expect("a pit")
    }

    #[test]
    fn pits_are_placed_as_seen_from_the_seat() {
        // from South's seat: South's pit 1 at the bottom left, North's 1 at
        // the top right
        assert_eq!(pit_at_display(Side::South, 3, 0), (Side::South, pit(1)));
        assert_eq!(pit_at_display(Side::South, 0, 7), (Side::North, pit(1)));
        assert_eq!(pit_at_display(Side::South, 2, 0), (Side::South, pit(16)));
        // from North's seat, the other way round
        assert_eq!(pit_at_display(Side::North, 3, 0), (Side::North, pit(1)));
        assert_eq!(pit_at_display(Side::North, 2, 7), (Side::North, pit(9)));
        assert_eq!(pit_at_display(Side::North, 0, 7), (Side::South, pit(1)));
        // and display_cell is its inverse
        for seat in Side::BOTH {
            for row in 0..4 {
                for col in 0..8 {
                    let (side, p) = pit_at_display(seat, row, col);
                    assert_eq!(display_cell(seat, side, p), (row, col));
                }
            }
        }
    }
}
