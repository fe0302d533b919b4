//! Positions of 64 seeds spread at random by a fixed generator (32 a side),
//! either side to move in turn: for the tests and the speed example.

use omweso_engine::{Board, Position, Side};

pub fn positions(n: usize, seed: u64) -> Vec<Position> {
    let mut x = seed;
    (0..n)
        .map(|i| {
            let mut sides = [[0u16; 16]; 2];
            for side in &mut sides {
                for _ in 0..32 {
                    x = x
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    side[(x >> 60) as usize] += 1;
                }
            }
            let to_move = if i % 2 == 0 { Side::South } else { Side::North };
            Position::new(Board::from_sides(sides[0], sides[1]), to_move)
        })
        .collect()
}
