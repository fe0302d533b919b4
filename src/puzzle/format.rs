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
//!                              # | only-safe-move | only-saving-move
//!                              # | win-in-two | win-in-three | what-happens
//! solution: 7AC                # the answer in notation (not for what-happens)
//! hint: Look left.             # optional; or a list of steps
//! explanation: ...             # optional
//! themes: [relay-chain]        # optional
//! difficulty: easy             # optional: easy | medium | hard
//! source: "..."                # optional
//! from:                        # optional: where the position arose
//!   game: a club game, 2026    #   the game, in words or by id
//!   ply: 24                    #   moves played before the position
//!   previous: N5               #   optional: the opponent's move before it
//! ```
//!
//! A what-happens puzzle gives the move asked about in `move` and the
//! answer in `expect` (the position format's keys), instead of `solution`.

use super::Difficulty;
use super::Goal;
use crate::engine::Move;
use crate::engine::notation::{self, NotationError};
use crate::engine::quote;
use crate::model::position::{MoveText, positions_in};
use crate::model::yaml::Node;
use crate::model::{Diagnostic, Diagnostics, Field, Kind, PositionDoc, Seg, Source, Variants};
use serde::Deserialize;

/// The keys a puzzle file adds to a position file.
pub(crate) const PUZZLE_KEYS: [&str; 8] = [
    "goal",
    "solution",
    "hint",
    "explanation",
    "themes",
    "difficulty",
    "source",
    "from",
];

/// A key a puzzle file adds to a position file, by which a problem is
/// located (a position key is a [`Field`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    not(test),
    allow(
        dead_code,
        reason = "every key of the format; only a test lists them all"
    )
)]
pub(crate) enum PuzzleKey {
    Goal,
    Solution,
    Hint,
    Explanation,
    Themes,
    Difficulty,
    Source,
    From,
}

impl PuzzleKey {
    #[cfg(test)]
    const ALL: [PuzzleKey; 8] = [
        PuzzleKey::Goal,
        PuzzleKey::Solution,
        PuzzleKey::Hint,
        PuzzleKey::Explanation,
        PuzzleKey::Themes,
        PuzzleKey::Difficulty,
        PuzzleKey::Source,
        PuzzleKey::From,
    ];

    /// The key as written in the file.
    pub(crate) fn name(self) -> &'static str {
        match self {
            PuzzleKey::Goal => "goal",
            PuzzleKey::Solution => "solution",
            PuzzleKey::Hint => "hint",
            PuzzleKey::Explanation => "explanation",
            PuzzleKey::Themes => "themes",
            PuzzleKey::Difficulty => "difficulty",
            PuzzleKey::Source => "source",
            PuzzleKey::From => "from",
        }
    }
}

/// A parsed puzzle file, before the engine has judged it.
#[derive(Clone, Debug)]
pub(crate) struct PuzzleFile {
    pub doc: PositionDoc,
    pub goal: Goal,
    /// The solution and its text as written.
    pub solution: Option<(Move, String)>,
    /// The hint in steps, each given on request after the one before (a
    /// single string is one step).
    pub hint: Vec<String>,
    pub explanation: Option<String>,
    pub themes: Vec<String>,
    pub difficulty: Option<Difficulty>,
    pub source: Option<String>,
    /// Where the position arose in play.
    pub from: Option<Provenance>,
    src: Source,
    loc: Node,
}

/// See [`PuzzleFile::made_by_generator`].
pub(crate) fn made_by_generator(source: Option<&str>, has_from: bool) -> bool {
    has_from && source.is_some_and(|s| s.starts_with("generated:") || s.starts_with("mined:"))
}

impl PuzzleFile {
    /// A diagnostic at a puzzle key's value, or at the file's start (a
    /// position key is located by [`PositionDoc::at`]).
    pub(crate) fn at(&self, key: PuzzleKey, message: impl Into<String>) -> Diagnostic {
        let (l, c) = self
            .loc
            .find(&[Seg::Key(key.name())])
            .unwrap_or_else(|| self.loc.locate(&[]));
        self.src.at(l, c, message)
    }

    /// Whether omweso's generator wrote this puzzle: its `source` says
    /// `generated:` or `mined:` and it records where it arose (`from:`).
    /// Only such a puzzle may be rewritten or withdrawn by a command; any
    /// other is an author's, and is judged but never changed.
    pub(crate) fn made_by_generator(&self) -> bool {
        made_by_generator(self.source.as_deref(), self.from.is_some())
    }
}

/// Where a puzzle's position arose: the game, the ply (moves played
/// before it) and the move that led to it, as lichess shows its puzzles'
/// games.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Provenance {
    /// The game, in words or as a record's id ("engine self-play, ludii,
    /// seed 7, game 37").
    pub game: String,
    /// Moves played in the game before the position (0: its start).
    pub ply: u32,
    /// The opponent's move that led to it, with side (`N5`), when known.
    pub previous: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFrom {
    game: String,
    ply: u32,
    #[serde(default)]
    previous: Option<MoveText>,
}

#[derive(Deserialize)]
struct RawKeys {
    #[serde(default)]
    goal: Option<String>,
    #[serde(default)]
    solution: Option<MoveText>,
    #[serde(default)]
    hint: Option<HintText>,
    #[serde(default)]
    explanation: Option<String>,
    #[serde(default)]
    themes: Vec<String>,
    #[serde(default)]
    difficulty: Option<String>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    from: Option<RawFrom>,
}

/// A hint as written: one string, or a list of strings (steps).
struct HintText(Vec<String>);

impl<'de> Deserialize<'de> for HintText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{self, SeqAccess, Visitor};
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = HintText;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a hint: a string, or a list of strings (the hint in steps)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<HintText, E> {
                Ok(HintText(vec![v.to_string()]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<HintText, A::Error> {
                let mut steps = Vec::new();
                while let Some(s) = seq.next_element::<String>()? {
                    steps.push(s);
                }
                Ok(HintText(steps))
            }
        }
        d.deserialize_any(V)
    }
}

fn valid_theme(t: &str) -> bool {
    !t.is_empty()
        && t.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Parse a puzzle file: the position through the model's parser (errors
/// located in the file), then the puzzle keys.
pub(crate) fn parse_puzzle(src: &Source, variants: &Variants) -> Result<PuzzleFile, Diagnostics> {
    let loc = src.yaml()?;
    if !loc.is_map() {
        return Err(src
            .at(
                1,
                1,
                "a puzzle file holds one puzzle: a mapping of keys (goal, board, solution...)",
            )
            .into());
    }
    let mut errs = Diagnostics::default();
    // The position is the file without the puzzle's own keys.
    let doc = match positions_in(src, &loc.without(&PUZZLE_KEYS), variants) {
        Ok(mut docs) => Some(docs.remove(0)),
        Err(e) => {
            for mut d in e.0 {
                if d.kind == Kind::UnknownKey {
                    d.message
                        .push_str(&format!(" (or a puzzle key: {})", PUZZLE_KEYS.join(", ")));
                }
                errs.push(d);
            }
            None
        }
    };
    let raw: RawKeys = match src.read_as(&loc) {
        Ok(r) => r,
        Err(d) => {
            errs.push(d);
            return Err(errs);
        }
    };
    let at = |key: PuzzleKey, msg: String| {
        let (l, c) = loc
            .find(&[Seg::Key(key.name())])
            .unwrap_or_else(|| loc.locate(&[]));
        src.at(l, c, msg)
    };
    let at_from = |key: &str, msg: String| {
        let (l, c) = loc
            .find(&[Seg::Key("from"), Seg::Key(key)])
            .unwrap_or_else(|| loc.locate(&[]));
        src.at(l, c, msg)
    };
    let names = Goal::ALL.map(Goal::name).join(", ");
    let goal = match raw.goal.as_deref() {
        None => {
            errs.push(
                src.at(
                    1,
                    1,
                    format!("missing goal: expected `goal:` with one of {names}"),
                )
                .with_kind(Kind::MissingKey),
            );
            None
        }
        Some(g) => match Goal::parse(g) {
            Some(g) => Some(g),
            None => {
                errs.push(
                    at(
                        PuzzleKey::Goal,
                        format!(
                            "unknown goal {g_q}: expected one of {names}",
                            g_q = quote(g)
                        ),
                    )
                    .with_kind(Kind::UnknownGoal),
                );
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
                    PuzzleKey::Difficulty,
                    format!(
                        "unknown difficulty {d_q}: expected easy, medium or hard",
                        d_q = quote(d)
                    ),
                ));
                None
            }
        },
    };
    for t in &raw.themes {
        if !valid_theme(t) {
            errs.push(at(
                PuzzleKey::Themes,
                format!(
                    "invalid theme {t_q}: expected lower-case letters, digits and '-'",
                    t_q = quote(t)
                ),
            ));
        }
    }
    let solution_text = raw.solution.as_ref().map(|m| m.0.clone());
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
                        PuzzleKey::Solution,
                        format!(
                            "solution {text_q} is {}'s move, but {} is to move",
                            written.title(),
                            to_move.title(),
                            text_q = quote(text)
                        ),
                    ));
                }
                solution = Some((n.mv, text.clone()));
            }
            Err(e) => errs.push(
                at(
                    PuzzleKey::Solution,
                    crate::diagram::narrate::notation_error(&e),
                )
                .with_kind(Kind::BadNotation),
            ),
        }
    }
    // the move that led to the position: the opponent's
    let mut from = None;
    if let Some(f) = &raw.from {
        let mut previous = None;
        if let Some(MoveText(text)) = &f.previous {
            match notation::parse(text) {
                Ok(n) => match (&doc, n.side) {
                    (Some(doc), Some(side)) if side != doc.position.to_move.opponent() => {
                        let opp = doc.position.to_move.opponent();
                        errs.push(at_from(
                            "previous",
                            format!(
                                "previous move {text_q}: expected {}'s move with its side (e.g. {}5), as {} is to move",
                                opp.title(),
                                opp.letter(),
                                doc.position.to_move.title(), text_q = quote(text)
                            ),
                        ));
                    }
                    (Some(doc), _) => {
                        previous = Some(notation::format_with_side(
                            doc.position.to_move.opponent(),
                            &n.mv,
                        ))
                    }
                    (None, _) => {}
                },
                Err(e) => errs.push(
                    at_from("previous", crate::diagram::narrate::notation_error(&e))
                        .with_kind(Kind::BadNotation),
                ),
            }
        }
        from = Some(Provenance {
            game: f.game.clone(),
            ply: f.ply,
            previous,
        });
    }
    if let (Some(goal), Some(doc)) = (goal, &doc) {
        if goal == Goal::WhatHappens {
            if raw.solution.is_some() {
                errs.push(at(
                    PuzzleKey::Solution,
                    "a what-happens puzzle gives the move in `move` and the answer in `expect`, not `solution`".into(),
                ));
            }
            if doc.mv.is_none() {
                errs.push(
                    src.at(
                        1,
                        1,
                        "a what-happens puzzle needs `move:` (the move asked about)",
                    )
                    .with_kind(Kind::MissingAnswer),
                );
            }
            match &doc.expect {
                None => errs.push(src.at(
                    1,
                    1,
                    "a what-happens puzzle needs `expect:` (the answer: never_ending, captured, laps, result or board)",
                ).with_kind(Kind::MissingAnswer)),
                Some(e)
                    if e.board.is_none()
                        && e.captured.is_none()
                        && e.laps.is_none()
                        && e.never_ending.is_none()
                        && e.result.is_none() =>
                {
                    errs.push(doc.at(Field::Expect, "empty expect: give the answer (never_ending, captured, laps, result or board)"));
                }
                Some(_) => {}
            }
        } else {
            if raw.solution.is_none() {
                errs.push(src.at(
                    1,
                    1,
                    format!("missing solution: a {goal} puzzle needs `solution:` with the answer in notation"),
                ).with_kind(Kind::MissingAnswer));
            }
            if doc.mv.is_some() {
                errs.push(doc.at(
                    Field::Move,
                    format!("a {goal} puzzle gives its answer in `solution`; `move` is only for what-happens"),
                ));
            }
            if doc.expect.is_some() {
                errs.push(doc.at(
                    Field::Expect,
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
            hint: raw.hint.map(|h| h.0).unwrap_or_default(),
            explanation: raw.explanation,
            themes: raw.themes,
            difficulty,
            source: raw.source,
            from,
            src: src.clone(),
            loc,
        }),
        _ => Err(errs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed keys are the keys a puzzle file adds, in order.
    #[test]
    fn puzzle_keys_are_typed() {
        assert_eq!(PuzzleKey::ALL.map(PuzzleKey::name), PUZZLE_KEYS);
    }
}
