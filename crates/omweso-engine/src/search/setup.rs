//! Set-ups: how a player arranges their 32 seeds before the first move.
//!
//! Every player first puts four seeds in each outer pit to check they have
//! 32 (Shackell 1935, rule 4, and the modern account), then rearranges them
//! "as best pleases him". The sources give one piece of advice: do not put
//! seeds in both pits of a column, "as this is the position in which his
//! opponent can take them" (Shackell). [`arrange`] follows it: it keeps the
//! checking arrangement now and then, and otherwise fills one pit of each
//! chosen column, leaning to the outer row, the inner row or neither.
//!
//! ```
//! use omweso_engine::search::{Rng, setup};
//! use omweso_engine::Rules;
//!
//! let mut rng = Rng::new(7);
//! let pits = setup::arrange(&Rules::MODERN, &mut rng);
//! assert_eq!(pits.iter().map(|&n| n as u32).sum::<u32>(), 32);
//! // no column has seeds in both its pits (pit k and pit 17 − k)
//! assert!((1..=8).all(|k| pits[k - 1] == 0 || pits[16 - k] == 0));
//! assert_eq!(setup::CHECKING[..8], [4; 8]);
//! ```

use super::Rng;
use crate::{Rules, Seeds};

/// The checking arrangement: four seeds in each outer pit (pits 1–8), the
/// inner row empty. Shackell's "standard" start.
pub const CHECKING: [Seeds; 16] = [4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0];

/// Seeds per side.
pub const SEEDS: u32 = 32;

/// The most seeds [`arrange`] puts in one pit: the variant's limit, else 8.
fn cap(rules: &Rules) -> Seeds {
    rules.max_setup_seeds_per_pit.unwrap_or(8).clamp(2, 32)
}

/// How a set-up was made (for game records and statistics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// The checking arrangement kept.
    Checking,
    /// One pit per column, mostly in the outer row.
    Outer,
    /// One pit per column, mostly in the inner row (attacking at once).
    Inner,
    /// One pit per column, either row.
    Mixed,
}

impl Style {
    pub fn name(self) -> &'static str {
        match self {
            Style::Checking => "checking",
            Style::Outer => "outer",
            Style::Inner => "inner",
            Style::Mixed => "mixed",
        }
    }
}

/// A set-up as players make them (see the module text), drawn from `rng`.
pub fn arrange(rules: &Rules, rng: &mut Rng) -> [Seeds; 16] {
    arrange_styled(rules, rng).0
}

/// [`arrange`], and which style it drew.
pub fn arrange_styled(rules: &Rules, rng: &mut Rng) -> ([Seeds; 16], Style) {
    let style = match rng.below(10) {
        0 => Style::Checking,
        1..=3 => Style::Outer,
        4..=6 => Style::Inner,
        _ => Style::Mixed,
    };
    let cap = cap(rules);
    if (cap as u32) * 8 < SEEDS {
        // a limit under four a pit leaves no room for one pit a column
        return (random(rules, rng), Style::Mixed);
    }
    if style == Style::Checking && cap >= 4 {
        return (CHECKING, style);
    }
    let inner_in_8 = match style {
        Style::Outer | Style::Checking => 2,
        Style::Inner => 6,
        Style::Mixed => 4,
    };
    // columns to fill: six to eight, never fewer than the cap allows
    let min_cols = SEEDS.div_ceil(cap as u32).max(6) as u64;
    let ncols = (min_cols + rng.below(9 - min_cols.min(8))).min(8) as usize;
    let mut cols: [usize; 8] = std::array::from_fn(|c| c);
    for i in (1..8).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        cols.swap(i, j);
    }
    let mut chosen = [0usize; 8];
    for (k, &c) in cols[..ncols].iter().enumerate() {
        // column c: outer pit c+1, inner pit 16−c (indices c and 15−c)
        chosen[k] = if rng.below(8) < inner_in_8 { 15 - c } else { c };
    }
    let pits_used = &chosen[..ncols];
    let mut pits = [0 as Seeds; 16];
    // two each to start with (every pit can move), the rest one by one
    let mut left = SEEDS;
    for &i in pits_used {
        if left >= 2 {
            pits[i] = 2;
            left -= 2;
        }
    }
    while left > 0 {
        let i = pits_used[rng.below(ncols as u64) as usize];
        if pits[i] < cap {
            pits[i] += 1;
            left -= 1;
        }
    }
    (pits, style)
}

/// A uniformly random legal set-up (each seed into a random pit, within the
/// variant's limit): what a player who does not think would do.
pub fn random(rules: &Rules, rng: &mut Rng) -> [Seeds; 16] {
    let cap = rules
        .max_setup_seeds_per_pit
        .unwrap_or(SEEDS as Seeds)
        .max(2);
    let mut pits = [0 as Seeds; 16];
    let mut left = SEEDS;
    while left > 0 {
        let i = rng.below(16) as usize;
        if pits[i] < cap {
            pits[i] += 1;
            left -= 1;
        }
    }
    pits
}
