//! Positions of 64 seeds spread at random by the engine's generator (32 a side),
//! either side to move in turn: for the tests and the speed example.

use omweso_engine::search::Rng;
use omweso_engine::{Board, Position, Side};

pub fn positions(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| {
            let mut sides = [[0u16; 16]; 2];
            for side in &mut sides {
                for _ in 0..32 {
                    side[rng.below(16) as usize] += 1;
                }
            }
            let to_move = if i % 2 == 0 { Side::South } else { Side::North };
            Position::new(Board::from_sides(sides[0], sides[1]), to_move)
        })
        .collect()
}
