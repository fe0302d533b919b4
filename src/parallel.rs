//! Legal moves with each start pit decided on its own thread: a position
//! with one very long never-ending move (a cycle of a billion laps) costs
//! that move's time, not the sum of all its moves'.

use crate::engine::{LegalMove, Pit, Position, Rules, moves_from};
use rayon::prelude::*;

/// [`legal_moves`](crate::engine::legal_moves), its sixteen start pits
/// decided in parallel; the same moves in the same order.
///
/// ```
/// use omweso::engine::{Board, Position, Rules, Side, legal_moves};
///
/// let pos = Position::new(Board::from_sides([2; 16], [3; 16]), Side::North);
/// assert_eq!(
///     omweso::legal_moves_parallel(&Rules::MODERN, &pos),
///     legal_moves(&Rules::MODERN, &pos)
/// );
/// ```
pub fn legal_moves_parallel(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    Pit::ALL
        .par_iter()
        .map(|&pit| {
            let mut out = Vec::new();
            moves_from(rules, pos, pit, &mut out);
            out
        })
        .collect::<Vec<_>>()
        .concat()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Board, Side, legal_moves};

    #[test]
    fn parallel_listing_is_the_sequential_one() {
        let mut rng = crate::engine::search::Rng::new(11);
        let mut compared = 0;
        for i in 0..200 {
            let mut sides = [[0u16; 16]; 2];
            for side in &mut sides {
                for _ in 0..32 {
                    side[rng.below(16) as usize] += 1;
                }
            }
            let side = if i % 2 == 0 { Side::South } else { Side::North };
            let pos = Position::new(Board::from_sides(sides[0], sides[1]), side);
            for rules in [
                Rules::SHACKELL_1935,
                Rules::MODERN,
                Rules::LUDII,
                Rules::MCGILL_2015,
            ] {
                let seq = legal_moves(&rules, &pos);
                compared += seq.len();
                assert_eq!(legal_moves_parallel(&rules, &pos), seq);
            }
        }
        assert!(compared > 1000);
    }
}
