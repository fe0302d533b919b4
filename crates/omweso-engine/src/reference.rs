//! The straightforward engine, kept as the reference the fast paths are
//! tested against: every lap sown one seed at a time on the two sides'
//! arrays, Brent's algorithm over the whole state for never-ending moves.
//! Same answers as [`crate::legal_moves`] and [`crate::outcome`] (only
//! [`NeverEndingInfo::examined_laps`](crate::NeverEndingInfo::examined_laps),
//! the detection's own work, differs), but long never-ending moves take
//! several times longer.
//!
//! Compiled for the engine's own tests and with the `reference` feature
//! (the engine's tests and examples and the workspace's benchmarks enable
//! it as a dev-dependency); never in a build that ships.
//!
//! ```
//! use omweso_engine::{Board, Position, Rules, Side, legal_moves, reference};
//!
//! let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
//! assert_eq!(
//!     reference::legal_moves(&Rules::MODERN, &pos),
//!     legal_moves(&Rules::MODERN, &pos)
//! );
//! ```

use super::board::Pit;
use super::explorer::{Mode, explore_pit};
use super::move_types::{LegalMove, Move, Outcome, PlayError};
use super::play::play;
use super::position::Position;
use super::variant::Rules;

/// [`legal_moves`](crate::legal_moves) by the reference engine.
///
/// ```
/// use omweso_engine::{Board, Position, Rules, Side, legal_moves, reference};
///
/// let pos = Position::new(Board::from_sides([3; 16], [2; 16]), Side::South);
/// assert_eq!(
///     reference::legal_moves(&Rules::SHACKELL_1935, &pos),
///     legal_moves(&Rules::SHACKELL_1935, &pos)
/// );
/// ```
pub fn legal_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut out = Vec::new();
    for pit in Pit::ALL {
        explore_pit(rules, pos, pit, Mode::Distinct, false, &mut out);
    }
    out
}

/// [`legal_moves`](crate::legal_moves) by the general explorer (the two
/// sides as arrays, captures and choice points lap by lap) with the packed
/// capture-free rest: what the packed generator falls back to when the two
/// sides hold more than 255 seeds, here for any position, to compare the
/// generator against exactly (the detection's own work included) and to
/// benchmark.
///
/// ```
/// use omweso_engine::{Board, Position, Rules, Side, legal_moves, reference};
///
/// let pos = Position::new(Board::from_sides([3; 16], [1; 16]), Side::North);
/// assert_eq!(
///     reference::general_legal_moves(&Rules::LUDII, &pos),
///     legal_moves(&Rules::LUDII, &pos)
/// );
/// ```
pub fn general_legal_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut out = Vec::new();
    for pit in Pit::ALL {
        explore_pit(rules, pos, pit, Mode::Distinct, true, &mut out);
    }
    out
}

/// [`outcome`](crate::outcome) by the reference engine.
///
/// ```
/// use omweso_engine::{Board, Move, Pit, Position, Rules, Side, outcome, reference};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// let mv = Move::forward(Pit::new(1).unwrap());
/// assert_eq!(
///     reference::outcome(&Rules::MODERN, &pos, &mv),
///     outcome(&Rules::MODERN, &pos, &mv)
/// );
/// ```
pub fn outcome(rules: &Rules, pos: &Position, mv: &Move) -> Result<Outcome, PlayError> {
    play(rules, pos, mv, false)
}

/// McGill's first real case (the course framework cuts it at 200 laps):
/// North to move, and pit 2 never ends, after a cycle of 1,565,991 laps.
pub fn mcgill_first_case() -> Position {
    use super::board::{Board, Side};
    let south = [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1];
    let north = [1, 2, 5, 2, 1, 2, 4, 3, 2, 1, 2, 1, 3, 2, 5, 24];
    Position::new(Board::from_sides(south, north), Side::North)
}

/// McGill's second real case: South to move; pit 12 ends after 255 laps.
pub fn mcgill_second_case() -> Position {
    use super::board::{Board, Side};
    let south = [1, 2, 10, 2, 3, 0, 4, 0, 4, 11, 4, 15, 0, 1, 2, 1];
    let north = [0, 0, 0, 0, 0, 1, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0];
    Position::new(Board::from_sides(south, north), Side::South)
}

/// Two positions under McGill's rules whose moves never end after long
/// cycles, for the tests of the fast paths: South's pit 11 of the first
/// cycles every 5,240 laps, North's pit 2 of the second (McGill's first
/// real case) every 1,565,991.
///
/// ```
/// use omweso_engine::{Move, MoveEnd, Pit, Rules, outcome, reference};
///
/// let [short, _] = reference::long_cycle_positions();
/// let o = outcome(&Rules::MCGILL_2015, &short, &Move::forward(Pit::new(11).unwrap())).unwrap();
/// let MoveEnd::NeverEnding(info) = o.end else { panic!("never ends") };
/// assert_eq!(info.cycle_laps, 5_240);
/// ```
pub fn long_cycle_positions() -> [Position; 2] {
    use super::board::{Board, Side};
    [
        Position::new(
            Board::from_grid(&[
                [0, 1, 0, 0, 1, 0, 0, 0],
                [0, 0, 0, 0, 0, 0, 0, 0],
                [2, 3, 2, 3, 0, 2, 1, 4],
                [1, 7, 1, 3, 2, 5, 4, 1],
            ]),
            Side::South,
        ),
        mcgill_first_case(),
    ]
}

/// Positions of play for tests: `games` games from drawn set-ups (South
/// the set-up policy's, North a random one), each move random or greedy
/// by a coin, at most 60 positions a game; deterministic for a seed.
///
/// ```
/// use omweso_engine::{Rules, reference};
///
/// let all = reference::positions_from_play(&Rules::MCGILL_2015, 1, 2);
/// assert!(all.len() > 2);
/// assert_eq!(all, reference::positions_from_play(&Rules::MCGILL_2015, 1, 2));
/// ```
pub fn positions_from_play(rules: &Rules, seed: u64, games: u64) -> Vec<Position> {
    use crate::rng::Rng;
    use crate::search::{baseline, setup};
    use crate::{Board, Side};
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = Rng::stream(seed, g);
        let mut pos = Position::start(
            Board::from_sides(
                setup::arrange(rules, Side::South, &mut rng),
                setup::random(rules, &mut rng),
            ),
            Side::South,
        );
        for _ in 0..60 {
            out.push(pos);
            let m = if rng.chance(1, 2) {
                baseline::random(rules, &pos, &mut rng)
            } else {
                baseline::greedy(rules, &pos, &mut rng)
            };
            let Some(f) = m.as_ref().and_then(|m| m.end.finished()) else {
                break;
            };
            if f.result.is_some() {
                break;
            }
            pos = f.position_after(&pos);
        }
    }
    out
}
