//! The static evaluation: what a position is worth to the side to move.

use crate::{Position, Seeds};

/// The evaluation's weights, in hundredths of a seed per unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per seed on the mover's side minus the opponent's.
    pub material: i32,
    /// Per pit of two or more seeds (a pit that can move), mover's minus
    /// opponent's: a side without one has lost.
    pub mobility: i32,
    /// Per seed of the mover's biggest capture threat: an opponent column
    /// (inner and outer pit both holding seeds) facing an occupied inner pit
    /// of the mover. The mover is to move, so it may take it now.
    pub threat: i32,
    /// Per seed of the opponent's biggest threat against the mover (the
    /// mover may still defend or strike first, so it weighs less).
    pub threat_against: i32,
    /// Per seed in the mover's exposed columns (both pits of a column
    /// filled, what an opponent captures), minus the opponent's.
    pub exposed: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            material: 100,
            mobility: 20,
            threat: 50,
            threat_against: 25,
            exposed: 5,
        }
    }
}

/// Seeds on a side.
fn sum(s: &[Seeds; 16]) -> i32 {
    s.iter().map(|&n| n as i32).sum()
}

/// Pits of two or more seeds on a side (pits that can move).
fn movable(s: &[Seeds; 16]) -> i32 {
    s.iter().filter(|&&n| n >= 2).count() as i32
}

/// (biggest capture threat, seeds in exposed columns) of the side owning
/// `att` against the side owning `def`.
///
/// Column `j` (0–7) of the defender is its outer pit `j + 1` and inner pit
/// `16 − j`, facing the attacker's inner pit `9 + j`. Written without
/// branches over fixed-size arrays so that the compiler vectorizes it (the
/// search evaluates every child of every node).
fn threats(att: &[Seeds; 16], def: &[Seeds; 16]) -> (i32, i32) {
    let mut max = 0;
    let mut exposed = 0;
    for j in 0..8 {
        let (outer, inner) = (u32::from(def[j]), u32::from(def[15 - j]));
        // both pits of the column hold seeds: what a capture there takes
        let v = if outer != 0 && inner != 0 {
            outer + inner
        } else {
            0
        };
        exposed += v;
        let reachable = if att[8 + j] != 0 { v } else { 0 };
        max = max.max(reachable);
    }
    (max as i32, exposed as i32)
}

/// How many terms the evaluation has: the length of [`features`] and of
/// [`Weights::to_array`].
pub const FEATURES: usize = 5;

/// The features' names, in the order of [`features`] (the names of the
/// [`Weights`] fields).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "material",
    "mobility",
    "threat",
    "threat_against",
    "exposed",
];

impl Weights {
    /// The weights in the order of [`features`].
    ///
    /// ```
    /// use omweso_engine::search::Weights;
    ///
    /// let w = Weights::default();
    /// assert_eq!(w.to_array(), [100, 20, 50, 25, 5]);
    /// assert_eq!(Weights::from_array(w.to_array()), w);
    /// ```
    pub fn to_array(&self) -> [i32; FEATURES] {
        [
            self.material,
            self.mobility,
            self.threat,
            self.threat_against,
            self.exposed,
        ]
    }

    /// Weights from an array in the order of [`features`].
    pub fn from_array(a: [i32; FEATURES]) -> Weights {
        let [material, mobility, threat, threat_against, exposed] = a;
        Weights {
            material,
            mobility,
            threat,
            threat_against,
            exposed,
        }
    }
}

/// The evaluation's terms for the side to move, in seeds or pits, so that
/// [`evaluate`] is their dot product with [`Weights::to_array`]: the
/// mover's seeds less the opponent's; the mover's pits of two or more less
/// the opponent's; the mover's biggest capture threat; the opponent's
/// biggest threat, negated (its weight, [`Weights::threat_against`],
/// counts against the mover); and the seeds in the opponent's exposed
/// columns less those in the mover's. For fitting the weights to game
/// results (`examples/tune_eval.rs`).
///
/// ```
/// use omweso_engine::search::{Weights, evaluate, features};
/// use omweso_engine::{Board, Position, Side};
///
/// let mut south = [2; 16];
/// south[0] = 6;
/// let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
/// let f = features(&pos);
/// assert_eq!(f[0], 4); // four seeds more than North
/// let w = Weights::default();
/// let dot: i32 = f.iter().zip(w.to_array()).map(|(f, w)| f * w).sum();
/// assert_eq!(evaluate(&w, &pos), dot);
/// ```
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let me = pos.board.side(pos.to_move);
    let op = pos.board.side(pos.to_move.opponent());
    let (my_threat, their_exposed) = threats(me, op);
    let (their_threat, my_exposed) = threats(op, me);
    [
        sum(me) - sum(op),
        movable(me) - movable(op),
        my_threat,
        -their_threat,
        their_exposed - my_exposed,
    ]
}

/// The position's worth to the side to move, in hundredths of a seed (see
/// [`Weights`]): the dot product of its [`features`] with the weights
/// (written out, not through the array).
/// Wins and losses are not seen here: the search scores them.
///
/// ```
/// use omweso_engine::search::{Weights, evaluate};
/// use omweso_engine::{Board, Position, Side};
///
/// let w = Weights::default();
/// let even = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// // the same board for both: only the move (a threat to take first) counts
/// assert_eq!(evaluate(&w, &even), w.threat * 4 - w.threat_against * 4);
/// let mut south = [2; 16];
/// south[0] = 6;
/// let ahead = Position::new(Board::from_sides(south, [2; 16]), Side::South);
/// assert!(evaluate(&w, &ahead) > evaluate(&w, &even));
/// // the same position seen from the other side of the board
/// assert_eq!(evaluate(&w, &ahead), evaluate(&w, &ahead.mirrored()));
/// ```
pub fn evaluate(w: &Weights, pos: &Position) -> i32 {
    // the search's hot path: the weighted sum written out, as it was before
    // `features` (a test checks that the two agree)
    let me = pos.board.side(pos.to_move);
    let op = pos.board.side(pos.to_move.opponent());
    let (my_threat, their_exposed) = threats(me, op);
    let (their_threat, my_exposed) = threats(op, me);
    w.material * (sum(me) - sum(op))
        + w.mobility * (movable(me) - movable(op))
        + w.threat * my_threat
        - w.threat_against * their_threat
        + w.exposed * (their_exposed - my_exposed)
}
