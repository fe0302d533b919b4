//! The board: two sides of sixteen pits in Shackell numbering, grid form and
//! facing pits.

use std::fmt;

/// Number of seeds in one pit.
pub type Seeds = u16;

/// The two players. South sits at the bottom of the grid form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player whose rows are the bottom two of the grid form.
    South,
    /// The player whose rows are the top two of the grid form.
    North,
}

impl Side {
    /// Both sides, South first (the order of [`Side::index`]).
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the side's index in per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name used in files (`south`, `north`).
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// Capitalised name for prose.
    pub fn title(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }

    /// One-letter prefix used in notation (`S`/`N`).
    pub fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pit number 1..=16 in Shackell numbering, counted from its owner's seat:
/// 1..8 the outer row left to right, 9..16 the inner row right to left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(u8);

impl Pit {
    /// All sixteen pits in order 1..=16.
    pub const ALL: [Pit; 16] = {
        let mut a = [Pit(1); 16];
        let mut i = 0;
        while i < 16 {
            a[i] = Pit(i as u8 + 1);
            i += 1;
        }
        a
    };

    /// `Some(pit)` for 1..=16.
    pub fn new(n: u8) -> Option<Pit> {
        (1..=16).contains(&n).then_some(Pit(n))
    }

    /// The pit at array index 0..=15.
    pub(crate) fn from_index(i: usize) -> Pit {
        debug_assert!(i < 16);
        Pit(i as u8 + 1)
    }

    /// The pit's number in Shackell's numbering, 1..=16.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The pit's array index, 0..=15 (its number less one).
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// Inner row (next to the centre line): pits 9..=16.
    pub fn is_inner(self) -> bool {
        self.0 >= 9
    }

    /// The four left-hand pits 1, 2, 15, 16, from which a lap may be sown
    /// clockwise.
    pub fn is_left_hand(self) -> bool {
        matches!(self.0, 1 | 2 | 15 | 16)
    }

    /// For an inner pit, the opponent's two facing pits `(inner, outer)`:
    /// inner pit p faces the opponent's inner 25−p and outer p−8.
    pub fn facing(self) -> Option<(Pit, Pit)> {
        self.is_inner().then(|| (Pit(25 - self.0), Pit(self.0 - 8)))
    }

    /// The column 0..=7 of this pit in grid form (left to right from
    /// South's seat) when owned by `side`.
    pub fn column(self, side: Side) -> usize {
        let south_col = if self.0 <= 8 {
            self.0 as usize - 1
        } else {
            16 - self.0 as usize
        };
        match side {
            Side::South => south_col,
            Side::North => 7 - south_col,
        }
    }

    /// The grid row 0..=3 (North outer, North inner, South inner, South
    /// outer) of this pit when owned by `side`.
    pub fn row(self, side: Side) -> usize {
        match (side, self.is_inner()) {
            (Side::North, false) => 0,
            (Side::North, true) => 1,
            (Side::South, true) => 2,
            (Side::South, false) => 3,
        }
    }

    /// The pit (and its owner) at grid row `row`, column `col`.
    pub fn at_grid(row: usize, col: usize) -> (Side, Pit) {
        debug_assert!(row < 4 && col < 8);
        let c = col as u8;
        match row {
            0 => (Side::North, Pit(8 - c)),
            1 => (Side::North, Pit(9 + c)),
            2 => (Side::South, Pit(16 - c)),
            _ => (Side::South, Pit(c + 1)),
        }
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Grid form: four rows of eight as seen from South's seat, top to bottom
/// North outer, North inner, South inner, South outer.
pub type Grid = [[Seeds; 8]; 4];

/// Both sides' pits, indexed `[side][pit − 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub(crate) pits: [[Seeds; 16]; 2],
}

impl Board {
    /// The seeds of a game: 64, 32 a player, and none ever leaves the board
    /// (Shackell 1935, rules 2 and 7). A position for study may hold fewer.
    pub const SEEDS: u32 = 64;

    /// The board before the set-up: each player's 32 seeds counted out four
    /// to a pit along their outer row (pits 1–8), as a game begins and as
    /// the standard start of a game record plays from.
    pub fn counted_out() -> Board {
        let mut side = [0; 16];
        side[..8].fill(4);
        Board::from_sides(side, side)
    }

    /// A board from per-side arrays in Shackell order (pit 1 first).
    pub fn from_sides(south: [Seeds; 16], north: [Seeds; 16]) -> Board {
        Board {
            pits: [south, north],
        }
    }

    /// The board written in grid form (rows as seen from South's seat).
    ///
    /// ```
    /// use omweso_engine::{Board, Pit, Side};
    ///
    /// let grid = [
    ///     [0, 0, 0, 0, 0, 0, 0, 7], // North's outer row: its pit 1 on South's right
    ///     [0, 0, 0, 0, 0, 0, 0, 0],
    ///     [0, 0, 0, 0, 0, 0, 0, 0],
    ///     [3, 0, 0, 0, 0, 0, 0, 0], // South's outer row: pits 1 to 8, left to right
    /// ];
    /// let b = Board::from_grid(&grid);
    /// assert_eq!(b.get(Side::South, Pit::new(1).unwrap()), 3);
    /// assert_eq!(b.get(Side::North, Pit::new(1).unwrap()), 7);
    /// assert_eq!(b.to_grid(), grid);
    /// ```
    pub fn from_grid(grid: &Grid) -> Board {
        let mut b = Board::default();
        for (r, row) in grid.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                let (side, pit) = Pit::at_grid(r, c);
                b.set(side, pit, n);
            }
        }
        b
    }

    /// The board in grid form (rows as seen from South's seat, North's outer row first).
    pub fn to_grid(&self) -> Grid {
        let mut g = [[0; 8]; 4];
        for (r, row) in g.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                let (side, pit) = Pit::at_grid(r, c);
                *cell = self.get(side, pit);
            }
        }
        g
    }

    /// The seeds in `side`'s pit `pit`.
    pub fn get(&self, side: Side, pit: Pit) -> Seeds {
        self.pits[side.index()][pit.index()]
    }

    /// Put `n` seeds in `side`'s pit `pit`.
    pub fn set(&mut self, side: Side, pit: Pit, n: Seeds) {
        self.pits[side.index()][pit.index()] = n;
    }

    /// One side's sixteen pits in Shackell order.
    pub fn side(&self, side: Side) -> &[Seeds; 16] {
        &self.pits[side.index()]
    }

    /// The seeds on `side`'s sixteen pits together.
    pub fn side_total(&self, side: Side) -> u32 {
        self.pits[side.index()].iter().map(|&n| n as u32).sum()
    }

    /// The seeds on the whole board (64 in a game; a study position may hold fewer).
    pub fn total(&self) -> u32 {
        self.side_total(Side::South) + self.side_total(Side::North)
    }

    /// The board with the two sides exchanged (North/South mirror): the
    /// grid form turned half a turn.
    pub fn mirrored(&self) -> Board {
        Board {
            pits: [self.pits[1], self.pits[0]],
        }
    }

    /// Whether `side` has a legal move (some pit with at least two seeds).
    pub fn has_move(&self, side: Side) -> bool {
        self.pits[side.index()].iter().any(|&n| n >= 2)
    }
}

impl fmt::Display for Board {
    /// The grid form, one row a line, columns aligned.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.to_grid() {
            let cells: Vec<String> = row.iter().map(|n| format!("{n:>3}")).collect();
            writeln!(f, "{}", cells.join(""))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_grid_form_matches_contract() {
        // South outer c = pit c+1; South inner c = pit 16−c;
        // North inner c = pit 9+c; North outer c = pit 8−c.
        for c in 0..8u8 {
            assert_eq!(Pit::at_grid(3, c as usize), (Side::South, Pit(c + 1)));
            assert_eq!(Pit::at_grid(2, c as usize), (Side::South, Pit(16 - c)));
            assert_eq!(Pit::at_grid(1, c as usize), (Side::North, Pit(9 + c)));
            assert_eq!(Pit::at_grid(0, c as usize), (Side::North, Pit(8 - c)));
        }
        for side in Side::BOTH {
            for pit in Pit::ALL {
                assert_eq!(Pit::at_grid(pit.row(side), pit.column(side)), (side, pit));
            }
        }
    }

    #[test]
    fn numbering_facing_pits_share_a_column() {
        // South's 9 faces North's 16 and 1.
        assert_eq!(Pit(9).facing(), Some((Pit(16), Pit(1))));
        for p in 9..=16 {
            let (i, o) = Pit(p).facing().unwrap();
            let col = Pit(p).column(Side::South);
            assert_eq!(i.column(Side::North), col);
            assert_eq!(o.column(Side::North), col);
            assert!(i.is_inner() && !o.is_inner());
        }
        assert_eq!(Pit(8).facing(), None);
    }

    #[test]
    fn numbering_left_hand_pits() {
        let left: Vec<u8> = Pit::ALL
            .iter()
            .filter(|p| p.is_left_hand())
            .map(|p| p.number())
            .collect();
        assert_eq!(left, vec![1, 2, 15, 16]);
        // They are the two leftmost columns from the owner's seat.
        for side in Side::BOTH {
            for p in [1, 2, 15, 16] {
                let col = Pit(p).column(side);
                match side {
                    Side::South => assert!(col <= 1),
                    Side::North => assert!(col >= 6),
                }
            }
        }
    }

    #[test]
    fn grid_round_trip() {
        let mut g: Grid = [[0; 8]; 4];
        for (r, row) in g.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                *cell = (r * 8 + c) as Seeds;
            }
        }
        assert_eq!(Board::from_grid(&g).to_grid(), g);
    }

    #[test]
    fn mirror_turns_grid_half_a_turn() {
        let mut g: Grid = [[0; 8]; 4];
        for (r, row) in g.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                *cell = (r * 8 + c) as Seeds;
            }
        }
        let m = Board::from_grid(&g).mirrored().to_grid();
        for r in 0..4 {
            for c in 0..8 {
                assert_eq!(m[r][c], g[3 - r][7 - c]);
            }
        }
    }
}
