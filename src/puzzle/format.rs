//! The puzzle file: a position file (same keys, same validation) plus the
//! puzzle's own keys.
//!
//! ```yaml
//! id: win-now-relay            # optional; default: the file name
//! title: Empty the last pit    # optional
//! variant: shackell-1935
//! to_move: south
//! board:
//!   - [0, 1, 2, 0, 3, 0, 0, 1]
//!   - [2, 0, 4, 1, 0, 2, 0, 0]
//!   - [1, 0, 5, 0, 2, 0, 1, 3]
//!   - [0, 2, 0, 1, 0, 4, 0, 2]
//! goal: win-now                # win-now | cut-off-the-head | biggest-capture
//!                              # | only-safe-move | win-in-two | what-happens
//! solution: 7AC                # the answer in notation (not for what-happens)
//! hint: Look left.             # optional
//! explanation: ...             # optional
//! themes: [relay-chain]        # optional
//! difficulty: easy             # optional: easy | medium | hard
//! source: "..."                # optional
//! ```
//!
//! A what-happens puzzle gives the move asked about in `move` and the
//! answer in `expect` (the position format's keys), instead of `solution`.

use super::Difficulty;
use super::Goal;
use crate::engine::Move;
use crate::engine::notation::{self, NotationError};
use crate::model::{
    Diagnostic, Diagnostics, Locator, PositionDoc, Seg, Source, Variants, parse_positions,
};
use serde::Deserialize;

/// The keys a puzzle file adds to a position file.
pub const PUZZLE_KEYS: [&str; 7] = [
    "goal",
    "solution",
    "hint",
    "explanation",
    "themes",
    "difficulty",
    "source",
];

/// A parsed puzzle file, before the engine has judged it.
#[derive(Clone, Debug)]
pub struct PuzzleFile {
    pub doc: PositionDoc,
    pub goal: Goal,
    /// The solution and its text as written.
    pub solution: Option<(Move, String)>,
    pub hint: Option<String>,
    pub explanation: Option<String>,
    pub themes: Vec<String>,
    pub difficulty: Option<Difficulty>,
    pub source: Option<String>,
    src: Source,
    loc: Locator,
}

impl PuzzleFile {
    /// A diagnostic at a top-level key (a puzzle key or a position key).
    pub fn at(&self, key: &str, message: impl Into<String>) -> Diagnostic {
        if PUZZLE_KEYS.contains(&key) {
            let (l, c) = self
                .loc
                .find(&[Seg::Key(key)])
                .unwrap_or_else(|| self.loc.locate(&[]));
            self.src.at(l, c, message)
        } else {
            self.doc.at(key, message)
        }
    }

    pub fn source(&self) -> &Source {
        &self.src
    }
}

#[derive(Deserialize)]
struct RawKeys {
    #[serde(default)]
    goal: Option<String>,
    #[serde(default)]
    solution: Option<serde_yaml::Value>,
    #[serde(default)]
    hint: Option<String>,
    #[serde(default)]
    explanation: Option<String>,
    #[serde(default)]
    themes: Vec<String>,
    #[serde(default)]
    difficulty: Option<String>,
    #[serde(default)]
    source: Option<String>,
}

/// The text with the lines of the puzzle's own top-level keys blanked
/// (line numbers kept), so that the position parser sees a position file.
fn position_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blanking = false;
    for line in text.split_inclusive('\n') {
        let starts_key = !line.starts_with([' ', '\t', '#', '-', '\n', '\r']) && !line.is_empty();
        if starts_key {
            let key = line.split(':').next().unwrap_or("").trim();
            blanking = PUZZLE_KEYS.contains(&key);
        }
        if blanking {
            out.push_str(if line.ends_with('\n') { "\n" } else { "" });
        } else {
            out.push_str(line);
        }
    }
    out
}

fn valid_theme(t: &str) -> bool {
    !t.is_empty()
        && t.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Parse a puzzle file: the position through the model's parser (errors
/// located in the file), then the puzzle keys.
pub fn parse_puzzle(src: &Source, variants: &Variants) -> Result<PuzzleFile, Diagnostics> {
    let value: serde_yaml::Value =
        serde_yaml::from_str(&src.text).map_err(|e| src.yaml_error(&e))?;
    if !value.is_mapping() {
        return Err(src
            .at(
                1,
                1,
                "a puzzle file holds one puzzle: a mapping of keys (goal, board, solution...)",
            )
            .into());
    }
    let loc = Locator::new(&src.text);
    let mut errs = Diagnostics::default();
    let stripped = Source::block(src.path.clone(), position_text(&src.text), src.line_offset);
    let doc = match parse_positions(&stripped, variants) {
        Ok(mut docs) => Some(docs.remove(0)),
        Err(e) => {
            for mut d in e.0 {
                if d.message.contains("unknown field") {
                    d.message
                        .push_str(&format!(" (or a puzzle key: {})", PUZZLE_KEYS.join(", ")));
                }
                errs.push(d);
            }
            None
        }
    };
    let raw: RawKeys = match serde_yaml::from_str(&src.text) {
        Ok(r) => r,
        Err(e) => {
            errs.push(src.yaml_error(&e));
            return Err(errs);
        }
    };
    let at = |key: &str, msg: String| {
        let (l, c) = loc
            .find(&[Seg::Key(key)])
            .unwrap_or_else(|| loc.locate(&[]));
        src.at(l, c, msg)
    };
    let names = Goal::ALL.map(Goal::name).join(", ");
    let goal = match raw.goal.as_deref() {
        None => {
            errs.push(src.at(
                1,
                1,
                format!("missing goal: expected `goal:` with one of {names}"),
            ));
            None
        }
        Some(g) => match Goal::parse(g) {
            Some(g) => Some(g),
            None => {
                errs.push(at(
                    "goal",
                    format!("unknown goal {g:?}: expected one of {names}"),
                ));
                None
            }
        },
    };
    let difficulty = match raw.difficulty.as_deref() {
        None => None,
        Some(d) => match Difficulty::parse(d) {
            Some(d) => Some(d),
            None => {
                errs.push(at(
                    "difficulty",
                    format!("unknown difficulty {d:?}: expected easy, medium or hard"),
                ));
                None
            }
        },
    };
    for t in &raw.themes {
        if !valid_theme(t) {
            errs.push(at(
                "themes",
                format!("invalid theme {t:?}: expected lower-case letters, digits and '-'"),
            ));
        }
    }
    let solution_text = match &raw.solution {
        None => None,
        Some(serde_yaml::Value::String(s)) => Some(s.clone()),
        Some(serde_yaml::Value::Number(n)) => Some(n.to_string()),
        Some(_) => {
            errs.push(at(
                "solution",
                "expected a move in notation, e.g. 12, 2C or 7AC".into(),
            ));
            None
        }
    };
    let mut solution = None;
    if let Some(text) = &solution_text {
        match notation::parse(text) {
            Ok(n) => {
                if let Some(doc) = &doc
                    && let Err(NotationError::WrongSide {
                        written, to_move, ..
                    }) = notation::check_side(text, n.side, doc.position.to_move)
                {
                    errs.push(at(
                        "solution",
                        format!(
                            "solution {text:?} is {}'s move, but {} is to move",
                            written.title(),
                            to_move.title()
                        ),
                    ));
                }
                solution = Some((n.mv, text.clone()));
            }
            Err(e) => errs.push(at("solution", e.to_string())),
        }
    }
    if let (Some(goal), Some(doc)) = (goal, &doc) {
        if goal == Goal::WhatHappens {
            if raw.solution.is_some() {
                errs.push(at(
                    "solution",
                    "a what-happens puzzle gives the move in `move` and the answer in `expect`, not `solution`".into(),
                ));
            }
            if doc.mv.is_none() {
                errs.push(src.at(
                    1,
                    1,
                    "a what-happens puzzle needs `move:` (the move asked about)",
                ));
            }
            match &doc.expect {
                None => errs.push(src.at(
                    1,
                    1,
                    "a what-happens puzzle needs `expect:` (the answer: never_ending, captured, laps, result or board)",
                )),
                Some(e)
                    if e.board.is_none()
                        && e.captured.is_none()
                        && e.laps.is_none()
                        && e.never_ending.is_none()
                        && e.result.is_none() =>
                {
                    errs.push(doc.at("expect", "empty expect: give the answer (never_ending, captured, laps, result or board)"));
                }
                Some(_) => {}
            }
        } else {
            if raw.solution.is_none() {
                errs.push(src.at(
                    1,
                    1,
                    format!("missing solution: a {goal} puzzle needs `solution:` with the answer in notation"),
                ));
            }
            if doc.mv.is_some() {
                errs.push(doc.at(
                    "move",
                    format!("a {goal} puzzle gives its answer in `solution`; `move` is only for what-happens"),
                ));
            }
            if doc.expect.is_some() {
                errs.push(doc.at(
                    "expect",
                    format!("`expect` is only for what-happens puzzles, not {goal}"),
                ));
            }
        }
    }
    match (doc, goal) {
        (Some(doc), Some(goal)) if errs.is_empty() => Ok(PuzzleFile {
            doc,
            goal,
            solution,
            hint: raw.hint,
            explanation: raw.explanation,
            themes: raw.themes,
            difficulty,
            source: raw.source,
            src: src.clone(),
            loc,
        }),
        _ => Err(errs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzle_keys_are_blanked_keeping_lines() {
        let text = "goal: win-now\nto_move: south\nexplanation: |\n  two\n  lines\nthemes:\n- a\nboard: x\n";
        let out = position_text(text);
        assert_eq!(out, "\nto_move: south\n\n\n\n\n\nboard: x\n");
    }
}
