//! Set-ups: how a player arranges their 32 seeds before the first move.
//!
//! Every player first puts four seeds in each outer pit to check they have
//! 32 (Shackell 1935, rule 4, and the modern account), then rearranges them
//! "as best pleases him". The sources give one piece of advice: do not put
//! seeds in both pits of a column, "as this is the position in which his
//! opponent can take them" (Shackell). [`arrange_by_the_sources`] follows
//! it alone: it keeps the checking arrangement now and then, and otherwise
//! fills one pit of each chosen column, leaning to the outer row, the inner
//! row or neither.
//!
//! Self-play disagrees. The search player on both sides, each style's
//! set-ups against the sources' policy (200 games a style and rule set,
//! sides swapped, `cargo run --release --example setups`): seeds spread
//! over twelve to sixteen pits of both rows ([`Style::Spread`]) scored 64 to
//! 72 % in every rule set, though it fills columns; one pit a column in the
//! outer row or in either row held its own; the inner row and the checking
//! arrangement lost more than they won in most rule sets. [`arrange`], the
//! policy self-play and the analysis board use, draws the styles by those
//! results: spread four times in ten, outer and mixed twice each, checking
//! and inner once each.
//!
//! Self-play only measures set-ups against the project's own player.
//! Against strong play (the panel, [`super::panel`], written from the
//! description of the program that won the McGill course's 2015
//! tournament) the styles lose at the set-up in every built-in rule set,
//! so there the policy draws only from arrangements that won against the
//! panel ([`chosen`]; `docs/STRENGTH.md`). A player knows their seat
//! before they arrange (South moves first), and under Ludii's rules no
//! arrangement found so far holds from both seats, so the tables are kept
//! per seat: under the other rule sets both seats draw from one table.
//!
//! Where both sides start from one arrangement (a match that measures the
//! players rather than their set-ups), [`arrange_balanced`] draws styles
//! until the first mover is not already winning or losing at the start.
//!
//! ```
//! use omweso_engine::search::{Rng, setup::{self, Style}};
//! use omweso_engine::{Rules, Side};
//!
//! let mut rng = Rng::new(7);
//! let (pits, style) = setup::arrange_styled(&Rules::MODERN, Side::South, &mut rng);
//! assert_eq!(pits.iter().map(|&n| n as u32).sum::<u32>(), 32);
//! let (pits, style) = setup::arrange_by_the_sources(&Rules::MODERN, &mut rng);
//! assert_ne!(style, Style::Spread);
//! // no column has seeds in both its pits (pit k and pit 17 − k)
//! assert!((1..=8).all(|k| pits[k - 1] == 0 || pits[16 - k] == 0));
//! assert_eq!(setup::CHECKING[..8], [4; 8]);
//! ```

use super::{Config, Limits, Rng, Searcher};
use crate::{Board, Position, Rules, Seeds, Side};
use Style::{Checking, Inner, Mixed, Outer, Spread};

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
    /// Seeds in twelve to sixteen pits of both rows, two or more each:
    /// against the sources' advice, many columns filled, but every pit can
    /// move (see the module text for how it does in self-play).
    Spread,
    /// One of the arrangements chosen against strong play ([`chosen`]).
    Chosen,
}

impl Style {
    /// Every style, in the order [`arrange`] draws them from.
    pub const ALL: [Style; 5] = [
        Style::Checking,
        Style::Outer,
        Style::Inner,
        Style::Mixed,
        Style::Spread,
    ];

    /// The style's name in game records and tables.
    pub fn name(self) -> &'static str {
        match self {
            Style::Checking => "checking",
            Style::Outer => "outer",
            Style::Inner => "inner",
            Style::Mixed => "mixed",
            Style::Spread => "spread",
            Style::Chosen => "chosen",
        }
    }
}

/// A set-up as players make them (see the module text) for the player who
/// sits at `side` (South moves first), drawn from `rng`.
///
/// ```
/// use omweso_engine::{Rules, Side};
/// use omweso_engine::search::{Rng, setup};
///
/// let mut rng = Rng::new(7);
/// let pits = setup::arrange(&Rules::MODERN, Side::South, &mut rng);
/// // a player's 32 seeds, over their sixteen pits
/// assert_eq!(pits.iter().map(|&n| u32::from(n)).sum::<u32>(), 32);
/// // the same seed draws the same set-up
/// assert_eq!(setup::arrange(&Rules::MODERN, Side::South, &mut Rng::new(7)), pits);
/// ```
pub fn arrange(rules: &Rules, side: Side, rng: &mut Rng) -> [Seeds; 16] {
    arrange_styled(rules, side, rng).0
}

/// [`arrange`], and which style it drew. Where the rule set has
/// arrangements chosen against strong play for the seat ([`chosen`]: every
/// built-in rule set), one of them, each as likely ([`Style::Chosen`]);
/// elsewhere the styles of [`arrange_by_styles`].
pub fn arrange_styled(rules: &Rules, side: Side, rng: &mut Rng) -> ([Seeds; 16], Style) {
    let table = chosen(rules, side);
    if table.is_empty() || (cap(rules) as u32) * 8 < SEEDS {
        return arrange_by_styles(rules, rng);
    }
    let i = rng.below(table.len() as u64) as usize;
    (table[i], Style::Chosen)
}

/// The styles drawn by self-play's results: [`Style::Spread`] four times
/// in ten, [`Style::Outer`] and [`Style::Mixed`] twice each,
/// [`Style::Checking`] and [`Style::Inner`] once each ([`POLICY`]). The
/// policy of every rule set before arrangements were chosen against the
/// panel, and still the policy where none are.
pub fn arrange_by_styles(rules: &Rules, rng: &mut Rng) -> ([Seeds; 16], Style) {
    drawn(rules, &POLICY, rng)
}

/// The arrangements chosen against strong play for a rule set and the
/// seat they are played from (empty where none have been chosen). Each
/// beat the panel ([`panel`](super::panel): material-only alpha-beta at
/// depth 10 with its concentrated set-up) in the games that chose it: from
/// both seats, except under Ludii's rules, where each seat has its own;
/// see `docs/STRENGTH.md` for how they were found and measured.
///
/// ```
/// use omweso_engine::{Rules, Side};
/// use omweso_engine::search::setup;
///
/// assert_eq!(setup::chosen(&Rules::LUDII, Side::North), &setup::CHOSEN_LUDII_NORTH);
/// assert_eq!(setup::chosen(&Rules::MODERN, Side::North), setup::chosen(&Rules::MODERN, Side::South));
/// ```
pub fn chosen(rules: &Rules, side: Side) -> &'static [[Seeds; 16]] {
    if *rules == Rules::LUDII && side == Side::North {
        &CHOSEN_LUDII_NORTH
    } else if *rules == Rules::MCGILL_2015 {
        &CHOSEN_MCGILL_2015
    } else if *rules == Rules::SHACKELL_1935 {
        &CHOSEN_SHACKELL_1935
    } else if *rules == Rules::MODERN {
        &CHOSEN_MODERN
    } else if *rules == Rules::LUDII {
        &CHOSEN_LUDII
    } else {
        &[]
    }
}

/// McGill's rules: the arrangements that won from both seats against the
/// panel at depth 10 (`examples/setup_climb.rs --check`, the search player
/// at 30,000 nodes a move; see `docs/STRENGTH.md`). So far one: the
/// concentrated set-up itself (17 seeds in pit 8, 3 in each of pits
/// 10–14), which also won both games against kelzha's player in the issue.
/// Hill climbing from the policy's arrangements (200-odd steps against
/// the panel at depth 6) found none that wins from both seats, and of the
/// concentrated set-up's neighbours checked so far none did either, so
/// this table has no variety yet: it trades the policy's variety for not
/// losing at the set-up, under these rules only.
pub const CHOSEN_MCGILL_2015: [[Seeds; 16]; 1] = [super::panel::CONCENTRATED];

/// Shackell's rules: the arrangements that won from both seats against the
/// panel at depth 10, the search player at 300,000 positions a move, one
/// game from each seat (`examples/setup_climb.rs`, climbing from the
/// concentrated set-up; see `docs/STRENGTH.md`): the concentrated set-up
/// and the four neighbours of it the climb found winning. The neighbours
/// put seeds in both pits of column 4 (pits 4 and 13) and leave a single
/// seed in a pit, against Shackell's advice and the styles' habits: they
/// are here by their games. The policy's styles lost every game against
/// the panel under these rules, so here too the policy gives up their
/// variety for not losing at the set-up.
pub const CHOSEN_SHACKELL_1935: [[Seeds; 16]; 5] = [
    super::panel::CONCENTRATED,
    [0, 0, 0, 2, 0, 0, 0, 17, 0, 3, 3, 1, 3, 3, 0, 0],
    [0, 0, 0, 2, 0, 0, 0, 17, 0, 3, 3, 0, 3, 3, 0, 1],
    [0, 0, 2, 2, 0, 0, 0, 17, 0, 3, 3, 1, 3, 1, 0, 0],
    [0, 0, 0, 2, 0, 0, 0, 18, 0, 3, 2, 1, 3, 3, 0, 0],
];

/// The modern rules (the rulebook's): the arrangements that won from both
/// seats against the panel at depth 10, the search player at 300,000
/// positions a move, one game from each seat (`examples/strength.rs
/// --arrangements`; see `docs/STRENGTH.md`). So far one: the concentrated
/// set-up, which won both its games (27 and 44 plies) where the policy's
/// styles lost both (24 and 19 plies, left without a move). A climb from it
/// for variety is still to do.
pub const CHOSEN_MODERN: [[Seeds; 16]; 1] = [super::panel::CONCENTRATED];

/// Ludii's rules, South (the first mover): the arrangement that won from
/// both seats against the panel at depth 10, the search player at 300,000
/// positions a move, one game from each seat (`examples/setup_climb.rs
/// --variant ludii`, climbing from the concentrated set-up; see
/// `docs/STRENGTH.md`): the concentrated set-up with two seeds moved to
/// pit 4 and one taken from pit 12 (the first of Shackell's neighbours
/// too). The concentrated set-up itself won only one seat here, and the
/// policy's styles lost both games of each arrangement checked. As North
/// it won only 3 of 7 games at seven node budgets, so North has its own
/// ([`CHOSEN_LUDII_NORTH`]).
pub const CHOSEN_LUDII: [[Seeds; 16]; 1] = [[0, 0, 0, 2, 0, 0, 0, 17, 0, 3, 3, 1, 3, 3, 0, 0]];

/// Ludii's rules, North (the second mover): the arrangement that won as
/// North against the panel (the panel South, on its concentrated set-up,
/// moving first) at every node budget it was played at, 100,000 to
/// 600,000 positions a move (`examples/setup_climb.rs --variant ludii
/// --seat north --check`; see `docs/STRENGTH.md`). A spread arrangement
/// the styles drew: two to four seeds in thirteen pits, pits 5, 7 and 9
/// empty. From South it won only 3 of 7.
pub const CHOSEN_LUDII_NORTH: [[Seeds; 16]; 1] = [[2, 2, 3, 4, 0, 2, 0, 2, 0, 2, 2, 3, 2, 2, 2, 4]];

/// What [`arrange_balanced`] found: an arrangement by the players' styles
/// and how the first mover stands when both sides start from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Balanced {
    /// The arrangement (pits 1–16 from its player's seat).
    pub pits: [Seeds; 16],
    /// The style it was drawn in.
    pub style: Style,
    /// The first mover's score (hundredths of a seed, or a win or loss as
    /// [`super::Score`] reads it) with both sides on `pits`, South to move,
    /// by the last judge that searched it (the deepest, when it is
    /// balanced).
    pub score: i32,
    /// Arrangements drawn until this one (1 when the first was level).
    pub draws: u32,
    /// Whether `score` is within the margin; when no draw was, this is the
    /// nearest to level of them all.
    pub balanced: bool,
}

/// The most arrangements [`arrange_balanced`] draws before it gives the
/// nearest one.
pub const BALANCED_DRAWS: u32 = 256;

/// An arrangement by the players' styles ([`arrange_by_styles`]) from
/// which neither seat is lost at the start, for matches where both sides
/// start from the same arrangement: styles are drawn until the first
/// mover's score, with both sides on the arrangement, is within `margin`
/// hundredths of a seed of level by every judge of `judges` in turn (each
/// a search of that many positions; at most [`BALANCED_DRAWS`] draws, then
/// the nearest). A cheap first judge throws most draws away at little
/// cost; a deeper one after it throws away the draws that only a shallow
/// search calls level (searched ten times deeper, most arrangements a
/// 300,000-position search called level were not: `docs/STRENGTH.md`).
/// Under McGill's rules most styled arrangements hand the first mover the
/// game, so a match from them measures the seat, not the players: engine
/// matches use balanced openings for the same reason. Deterministic for a
/// given `rng` and judges.
///
/// ```
/// use omweso_engine::search::{Rng, setup};
/// use omweso_engine::Rules;
///
/// let found = setup::arrange_balanced(&Rules::MCGILL_2015, &mut Rng::new(4), &[2_000, 8_000], 400);
/// assert_eq!(found.pits.iter().map(|&n| n as u32).sum::<u32>(), 32);
/// assert!(!found.balanced || found.score.abs() <= 400);
/// ```
///
/// # Panics
///
/// When `judges` is empty.
pub fn arrange_balanced(rules: &Rules, rng: &mut Rng, judges: &[u64], margin: i32) -> Balanced {
    assert!(!judges.is_empty(), "at least one judge");
    // the nearest so far: judged by the most judges, then nearest level
    let mut best: Option<(usize, Balanced)> = None;
    for draws in 1..=BALANCED_DRAWS {
        let (pits, style) = arrange_by_styles(rules, rng);
        let start = Position::start(Board::from_sides(pits, pits), Side::South);
        let mut judged = 0;
        let mut score = 0;
        for &nodes in judges {
            let mut searcher = Searcher::new(Config::default());
            score = searcher
                .search(rules, &start, Limits::nodes(nodes), &mut || false)
                .score;
            judged += 1;
            if score.abs() > margin {
                break;
            }
        }
        let found = Balanced {
            pits,
            style,
            score,
            draws,
            balanced: score.abs() <= margin && judged == judges.len(),
        };
        if found.balanced {
            return found;
        }
        if best.is_none_or(|(j, b)| judged > j || judged == j && score.abs() < b.score.abs()) {
            best = Some((judged, found));
        }
    }
    let (_, mut nearest) = best.expect("at least one draw");
    nearest.draws = BALANCED_DRAWS;
    nearest
}

/// A set-up following the sources' advice alone: the checking arrangement
/// one time in ten, otherwise one pit a column ([`Style::Outer`],
/// [`Style::Inner`] or [`Style::Mixed`], three times in ten each;
/// [`BY_THE_SOURCES`]). The policy before self-play was measured, kept as
/// the reference that [`arrange`]'s styles are measured against.
pub fn arrange_by_the_sources(rules: &Rules, rng: &mut Rng) -> ([Seeds; 16], Style) {
    drawn(rules, &BY_THE_SOURCES, rng)
}

/// The styles [`arrange`] draws from, one in ten each.
pub const POLICY: [Style; 10] = [
    Checking, Outer, Outer, Inner, Mixed, Mixed, Spread, Spread, Spread, Spread,
];

/// The styles [`arrange_by_the_sources`] draws from, one in ten each.
pub const BY_THE_SOURCES: [Style; 10] = [
    Checking, Outer, Outer, Outer, Inner, Inner, Inner, Mixed, Mixed, Mixed,
];

/// A style drawn from `table` (one in ten each), then a set-up in it.
fn drawn(rules: &Rules, table: &[Style; 10], rng: &mut Rng) -> ([Seeds; 16], Style) {
    let style = table[rng.below(10) as usize];
    styled(rules, style, rng)
}

fn styled(rules: &Rules, style: Style, rng: &mut Rng) -> ([Seeds; 16], Style) {
    if (cap(rules) as u32) * 8 < SEEDS {
        // a limit under four a pit leaves no room for one pit a column
        return (random(rules, rng), Style::Mixed);
    }
    (arrange_as(rules, style, rng), style)
}

/// A set-up in the given style, drawn from `rng` (the checking arrangement
/// is always the same; [`Style::Chosen`] draws from South's table, which is
/// every seat's but under Ludii's rules: [`arrange_styled`] draws the
/// seat's own). Under a limit of fewer than four seeds a pit, where no
/// style fits, a [`random`] set-up.
///
/// ```
/// use omweso_engine::search::{Rng, setup::{self, Style}};
/// use omweso_engine::Rules;
///
/// let mut rng = Rng::new(3);
/// let inner = setup::arrange_as(&Rules::LUDII, Style::Inner, &mut rng);
/// assert_eq!(inner.iter().map(|&n| n as u32).sum::<u32>(), 32);
/// assert_eq!(setup::arrange_as(&Rules::LUDII, Style::Checking, &mut rng), setup::CHECKING);
/// ```
pub fn arrange_as(rules: &Rules, style: Style, rng: &mut Rng) -> [Seeds; 16] {
    let cap = cap(rules);
    if (cap as u32) * 8 < SEEDS {
        return random(rules, rng);
    }
    if style == Style::Checking && cap >= 4 {
        return CHECKING;
    }
    if style == Style::Chosen {
        let table = chosen(rules, Side::South);
        if !table.is_empty() {
            return table[rng.below(table.len() as u64) as usize];
        }
    }
    let mut chosen = [0usize; 16];
    let ncols = if style == Style::Spread {
        // twelve to sixteen pits of either row
        let n = 12 + rng.below(5) as usize;
        let mut pits: [usize; 16] = std::array::from_fn(|i| i);
        shuffle(&mut pits, rng);
        chosen[..n].copy_from_slice(&pits[..n]);
        n
    } else {
        let inner_in_8 = match style {
            Style::Outer | Style::Checking => 2,
            Style::Inner => 6,
            Style::Mixed | Style::Spread | Style::Chosen => 4,
        };
        // columns to fill: six to eight, never fewer than the cap allows
        let min_cols = SEEDS.div_ceil(cap as u32).max(6) as u64;
        let ncols = (min_cols + rng.below(9 - min_cols.min(8))).min(8) as usize;
        let mut cols: [usize; 8] = std::array::from_fn(|c| c);
        shuffle(&mut cols, rng);
        for (k, &c) in cols[..ncols].iter().enumerate() {
            // column c: outer pit c+1, inner pit 16−c (indices c and 15−c)
            chosen[k] = if rng.below(8) < inner_in_8 { 15 - c } else { c };
        }
        ncols
    };
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
    pits
}

/// Fisher–Yates, from the last place down (the draws [`arrange`] has always
/// made).
fn shuffle<const N: usize>(xs: &mut [usize; N], rng: &mut Rng) {
    for i in (1..N).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        xs.swap(i, j);
    }
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
