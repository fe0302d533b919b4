//! Data for the site's puzzle pages: the index grouped by goal, theme,
//! difficulty and variant (templates belong to the site).

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
    pub ids: Vec<String>,
}

/// A short entry for index pages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub id: String,
    pub title: String,
    pub goal: Goal,
    pub difficulty: Difficulty,
    pub variant: String,
    pub to_move: String,
    pub themes: Vec<String>,
}

/// The puzzle index: every puzzle once (`entries`, sorted by goal, then
/// difficulty, then id) and groupings of their ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleIndex {
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
pub fn theme_title(theme: &str) -> String {
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
        .map(|p| Entry {
            id: p.id.clone(),
            title: p.title.clone(),
            goal: p.goal,
            difficulty: p.difficulty,
            variant: p.variant.clone(),
            to_move: p.to_move.clone(),
            themes: p.themes.clone(),
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
