//! What the contract tests share: the variants, the sample vectors and how
//! to read them, the two real McGill COMP-424 (2015) positions, and random
//! positions drawn by the engine's own generator ([`Rng`]) from fixed
//! seeds, so that every run checks the same positions.

use crate::json::Json;
use omweso_engine::search::Rng;
use omweso_engine::{Board, Grid, Position, Rules, Side};

pub const VARIANTS: [Rules; 4] = [
    Rules::SHACKELL_1935,
    Rules::MODERN,
    Rules::LUDII,
    Rules::MCGILL_2015,
];

/// The positions in each sample vectors file.
pub const VECTOR_POSITIONS: usize = 100;

/// The text of the data file `name` (under this crate's `tests/data`).
pub fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The positions of a vectors text, one JSON object a line, each with its
/// line number (blank lines skipped).
pub fn vectors(name: &str, text: &str) -> Vec<(usize, Json)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let v = Json::parse(l).unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
            (i + 1, v)
        })
        .collect()
}

/// A board in the vectors' grid form (four rows of eight).
pub fn grid(v: &Json) -> Grid {
    let rows = v.as_array();
    assert_eq!(rows.len(), 4, "{v:?}");
    let mut g: Grid = [[0; 8]; 4];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array();
        assert_eq!(row.len(), 8, "{v:?}");
        for (c, n) in row.iter().enumerate() {
            g[r][c] = u16::try_from(n.as_int()).expect("a pit's seeds");
        }
    }
    g
}

/// A side as the vectors name it.
pub fn side(s: &str) -> Side {
    match s {
        "south" => Side::South,
        "north" => Side::North,
        other => panic!("bad side {other}"),
    }
}

/// A vector's position: its board and who is to move.
pub fn vector_position(v: &Json) -> Position {
    Position::new(
        Board::from_grid(&grid(v.field("board"))),
        side(v.field("to_move").as_str()),
    )
}

pub use omweso_engine::reference::{mcgill_first_case, mcgill_second_case};

/// `mover` seeds dropped at random on the mover's side; the opponent's
/// `opp` seeds either at random or (when `free`) only where no capture can
/// ever happen: a random choice of one pit of each facing pair stays empty.
/// The mover at random, a first move one time in four, the other flags at
/// random.
pub fn seeded_position(rng: &mut Rng, mover: u64, opp: u64, free: bool) -> Position {
    let mut own = [0u16; 16];
    for _ in 0..mover {
        own[rng.below(16) as usize] += 1;
    }
    let mut theirs = [0u16; 16];
    let mut allowed = [true; 16];
    if free {
        for i in 8..16 {
            // mover's inner pit i faces the opponent's 23−i and i−8
            let empty = if rng.below(2) == 0 { 23 - i } else { i - 8 };
            allowed[empty] = false;
        }
    }
    let spots: Vec<usize> = (0..16).filter(|&i| allowed[i]).collect();
    for _ in 0..opp {
        theirs[spots[rng.below(spots.len() as u64) as usize]] += 1;
    }
    let north = rng.below(2) == 0;
    let (south, nth) = if north { (theirs, own) } else { (own, theirs) };
    Position {
        board: Board::from_sides(south, nth),
        to_move: if north { Side::North } else { Side::South },
        first_move: rng.below(4) == 0,
        opponent_first_move: rng.below(2) == 0,
        before_first_capture: rng.below(2) == 0,
    }
}

/// Up to 7 seeds in each pit (up to 224 on the board), the mover, a first
/// move and the phase before the first capture at random, the opponent's
/// first move over: the properties' positions.
pub fn small_position(rng: &mut Rng) -> Position {
    let mut sides = [[0u16; 16]; 2];
    for side in &mut sides {
        for p in side.iter_mut() {
            *p = rng.below(8) as u16;
        }
    }
    Position {
        board: Board::from_sides(sides[0], sides[1]),
        to_move: if rng.chance(1, 2) {
            Side::North
        } else {
            Side::South
        },
        first_move: rng.chance(1, 2),
        opponent_first_move: false,
        before_first_capture: rng.chance(1, 2),
    }
}
