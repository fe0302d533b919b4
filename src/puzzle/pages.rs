//! Data for the site's puzzle pages: the index (one list, with the goals,
//! themes, difficulties and variants to filter it by) and readers' titles
//! (templates belong to the site).

use super::{Difficulty, Goal, Puzzle};
use serde::Serialize;
use std::collections::BTreeMap;

/// One group of the index: a key, a heading and the puzzle ids in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    /// Machine name (`win-now`, `relay-chain`, `easy`, `modern`).
    pub key: String,
    /// Heading ("Win now").
    pub title: String,
    /// The puzzle ids of the group, in the index's order.
    pub ids: Vec<String>,
}

/// A short entry for index pages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The puzzle's id (its page is `ID.html`).
    pub id: String,
    /// The puzzle's title.
    pub title: String,
    /// What the puzzle asks.
    pub goal: Goal,
    /// The goal's heading ("Win now").
    pub goal_title: String,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// The difficulty's heading ("Easy").
    pub difficulty_title: String,
    /// The rule set's name.
    pub variant: String,
    /// The rule set's title.
    pub variant_title: String,
    /// The side to move ("South").
    pub to_move: String,
    /// Its themes.
    pub themes: Vec<String>,
    /// The board as the puzzle shows it (from its seat): four rows of
    /// counts, top to bottom, for a thumbnail.
    pub rows: Vec<Vec<u16>>,
    /// Whether the side to move sits at the bottom of `rows`.
    pub mover_below: bool,
    /// `goal-KEY` on the first entry of each goal (links to a goal land
    /// there).
    pub anchor: Option<String>,
}

/// The rows of a grid (as seen from South's seat) as seen from `seat`.
fn rows_from(grid: &crate::engine::Grid, seat: crate::engine::Side) -> Vec<Vec<u16>> {
    let mut rows: Vec<Vec<u16>> = grid.iter().map(|r| r.to_vec()).collect();
    if seat == crate::engine::Side::North {
        rows.reverse();
        for r in &mut rows {
            r.reverse();
        }
    }
    rows
}

/// Make the titles of `puzzles` unique for readers: where several share a
/// title, each gets its number among them in the index's order ("Win now:
/// follow the relays (2)").
pub(crate) fn unique_titles(puzzles: &mut [Puzzle]) {
    let mut order: Vec<usize> = (0..puzzles.len()).collect();
    order.sort_by(|&a, &b| {
        let (p, q) = (&puzzles[a], &puzzles[b]);
        (p.goal, p.difficulty, &p.id).cmp(&(q.goal, q.difficulty, &q.id))
    });
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for p in puzzles.iter() {
        *count.entry(p.title.clone()).or_default() += 1;
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for i in order {
        let t = puzzles[i].title.clone();
        if count[&t] > 1 {
            let n = seen.entry(t.clone()).or_default();
            *n += 1;
            puzzles[i].title = format!("{t} ({n})");
        }
    }
}

/// The puzzle index: every puzzle once (`entries`, sorted by goal, then
/// difficulty, then id) and groupings of their ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleIndex {
    /// Every puzzle, sorted by goal, difficulty, then id.
    pub entries: Vec<Entry>,
    /// In the order of [`Goal::ALL`]; goals without puzzles are left out.
    pub by_goal: Vec<Group>,
    /// Alphabetical.
    pub by_theme: Vec<Group>,
    /// Easy, medium, hard.
    pub by_difficulty: Vec<Group>,
    /// Alphabetical by variant name.
    pub by_variant: Vec<Group>,
}

/// A theme's heading: `relay-chain` → "Relay chain".
pub(crate) fn theme_title(theme: &str) -> String {
    let s = theme.replace('-', " ");
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

/// Build the index of a set of puzzles.
pub fn index(puzzles: &[Puzzle]) -> PuzzleIndex {
    let mut sorted: Vec<&Puzzle> = puzzles.iter().collect();
    sorted.sort_by(|a, b| (a.goal, a.difficulty, &a.id).cmp(&(b.goal, b.difficulty, &b.id)));
    let entries: Vec<Entry> = sorted
        .iter()
        .enumerate()
        .map(|(i, p)| Entry {
            id: p.id.clone(),
            title: p.title.clone(),
            goal: p.goal,
            goal_title: p.goal_title.clone(),
            difficulty: p.difficulty,
            difficulty_title: p.difficulty.title().to_string(),
            variant: p.variant.clone(),
            variant_title: p.variant_title.clone(),
            to_move: p.to_move.clone(),
            themes: p.themes.clone(),
            rows: rows_from(&p.board, p.seat()),
            mover_below: p.seat() == p.doc.position.to_move,
            anchor: (i == 0 || sorted[i - 1].goal != p.goal)
                .then(|| format!("goal-{}", p.goal.name())),
        })
        .collect();
    let ids = |f: &dyn Fn(&Puzzle) -> bool| -> Vec<String> {
        sorted
            .iter()
            .filter(|p| f(p))
            .map(|p| p.id.clone())
            .collect()
    };
    let by_goal = Goal::ALL
        .iter()
        .map(|&g| Group {
            key: g.name().into(),
            title: g.title().into(),
            ids: ids(&|p| p.goal == g),
        })
        .filter(|g| !g.ids.is_empty())
        .collect();
    let by_difficulty = Difficulty::ALL
        .iter()
        .map(|&d| Group {
            key: d.name().into(),
            title: d.title().into(),
            ids: ids(&|p| p.difficulty == d),
        })
        .filter(|g| !g.ids.is_empty())
        .collect();
    let mut themes: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut variants: BTreeMap<&str, (String, Vec<String>)> = BTreeMap::new();
    for p in &sorted {
        for t in &p.themes {
            themes.entry(t).or_default().push(p.id.clone());
        }
        variants
            .entry(&p.variant)
            .or_insert_with(|| (p.variant_title.clone(), Vec::new()))
            .1
            .push(p.id.clone());
    }
    PuzzleIndex {
        entries,
        by_goal,
        by_theme: themes
            .into_iter()
            .map(|(k, ids)| Group {
                key: k.into(),
                title: theme_title(k),
                ids,
            })
            .collect(),
        by_difficulty,
        by_variant: variants
            .into_iter()
            .map(|(k, (title, ids))| Group {
                key: k.into(),
                title,
                ids,
            })
            .collect(),
    }
}
