//! A found puzzle made into its file: who played the game it arose in,
//! where in the game, its id and its YAML. Shared by the generator
//! ([`super::generate`]), the miner and the puzzles found in the search
//! player's games ([`super::fromplay`]).

use super::keys::PositionKey;
use super::{Difficulty, Goal};
use crate::engine::notation;
use crate::engine::{Move, MoveEnd, Played, Position, Seeds, Side};
use crate::model::position_yaml;

/// Who plays the generator's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeneratorPlayer {
    /// Random set-ups, then the biggest capture or a random move (the
    /// first generator's games).
    Mix,
    /// The search player on both sides, from set-ups arranged as players
    /// arrange them (`omweso selfplay`'s), this many positions a move.
    Search {
        /// Positions searched a move.
        nodes: u64,
    },
}

impl GeneratorPlayer {
    /// The games in words, for a puzzle's provenance.
    fn describe(self, variant: &str, seed: u64, game: u64) -> String {
        match self {
            GeneratorPlayer::Mix => {
                format!("random and greedy play ({variant}, seed {seed}, game {game})")
            }
            GeneratorPlayer::Search { nodes } => format!(
                "engine self-play ({variant}, the search player at {nodes} positions a move, seed {seed}, game {game})"
            ),
        }
    }
}

/// A generated, verified puzzle.
#[derive(Clone, Debug)]
pub struct GeneratedPuzzle {
    /// The puzzle's id (also its file name, with `.yaml`).
    pub id: String,
    /// What the puzzle asks.
    pub goal: Goal,
    /// The position the solver moves in.
    pub position: Position,
    /// The solution (or, for what-happens, the move asked about).
    pub mv: Move,
    /// The move played with its full trace.
    pub played: Played,
    /// How hard the engine rates it.
    pub difficulty: Difficulty,
    /// Its themes (`capture`, `relay-chain`, …), for the index pages and sheets.
    pub themes: Vec<String>,
    /// The puzzle's title.
    pub title: String,
    /// The hint, in steps (most often one).
    pub hint: Vec<String>,
    /// What the answer does and why it is right, in words.
    pub explanation: String,
    /// The variant's name.
    pub variant: String,
    /// The game it arose in.
    pub origin: PuzzleOrigin,
    /// Moves played before the position.
    pub ply: u32,
    /// The move that led to the position, with side (none at a game's
    /// start).
    pub previous: Option<String>,
    /// The puzzle file.
    pub yaml: String,
}

/// A game's start from two set-ups, North moving first when `north_first`
/// (a generated game's first mover is drawn).
pub(super) fn game_start(south: [Seeds; 16], north: [Seeds; 16], north_first: bool) -> Position {
    let mut pos = crate::selfplay::start_position(south, north);
    if north_first {
        pos.to_move = Side::North;
    }
    pos
}

/// What a candidate must be.
pub(super) struct Target<'a> {
    pub(super) goal: Goal,
    /// Only puzzles the engine rates so.
    pub(super) difficulty: Option<Difficulty>,
    pub(super) variant: &'a str,
}

/// Where a puzzle's position arose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleOrigin {
    /// One of the generator's own games.
    Generated {
        /// Who played the game.
        player: GeneratorPlayer,
        /// The run's seed.
        seed: u64,
        /// The game's number in the run (its random stream).
        game: u64,
    },
    /// A game record: the file as named to the miner, and the game in
    /// words (its title and event).
    Record {
        /// The record's file, as named to the miner.
        file: String,
        /// The game in words (its title and event).
        game: String,
    },
    /// A puzzle file's own `source` and `from.game`, kept as written (see
    /// [`reword`](super::reword)).
    Kept {
        /// The file's `source`, as written.
        source: String,
        /// The file's `from.game`, as written.
        game: String,
    },
    /// One of `omweso puzzles regenerate`'s games ([`regenerate`](super::regenerate)):
    /// the search player at `nodes` positions a move on both sides.
    Regenerated {
        /// Positions the search player searched a move.
        nodes: u64,
        /// The run's seed.
        seed: u64,
        /// The game's number in the run (its random stream).
        game: u64,
    },
}

/// Where in a game a candidate position is.
pub(super) struct At {
    pub(super) origin: PuzzleOrigin,
    /// Moves played before the position.
    pub(super) ply: u32,
    /// The move that led to it, with side.
    pub(super) previous: Option<String>,
}

pub(super) fn finish(
    target: &Target,
    pos: &Position,
    played: Played,
    difficulty: Difficulty,
    themes: Vec<String>,
    [title, hint, explanation]: [String; 3],
    at: At,
) -> GeneratedPuzzle {
    let id = puzzle_id(target.goal, target.variant, pos);
    let mut g = GeneratedPuzzle {
        id,
        goal: target.goal,
        variant: target.variant.to_string(),
        position: *pos,
        mv: played.mv.clone(),
        played,
        difficulty,
        themes,
        title,
        hint: vec![hint],
        explanation,
        origin: at.origin,
        ply: at.ply,
        previous: at.previous,
        yaml: String::new(),
    };
    g.yaml = to_yaml(&g);
    g
}

/// A stable id: goal, variant and a hash of the position (mirror images
/// share it).
pub fn puzzle_id(goal: Goal, variant: &str, pos: &Position) -> String {
    let key = PositionKey::of(pos);
    // FNV-1a, stable across platforms and versions
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for n in key.own.iter().chain(key.opp.iter()) {
        for b in n.to_le_bytes() {
            eat(b);
        }
    }
    eat(key.flags.0 as u8);
    eat(key.flags.1 as u8);
    eat(key.flags.2 as u8);
    for b in variant.bytes() {
        eat(b);
    }
    format!("{}-{}-{:06x}", goal.name(), variant, h & 0xff_ffff)
}

/// A YAML string scalar (JSON's quoting is valid YAML).
fn q(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// The puzzle file for a generated puzzle.
pub(crate) fn to_yaml(g: &GeneratedPuzzle) -> String {
    let mut s = String::new();
    s.push_str(&format!("id: {}\n", g.id));
    s.push_str(&format!("title: {}\n", q(&g.title)));
    s.push_str(&position_yaml(&g.position, &g.variant));
    s.push_str(&format!("goal: {}\n", g.goal));
    let mv = q(&notation::format(&g.mv));
    if g.goal == Goal::WhatHappens {
        s.push_str(&format!("move: {mv}\n"));
        s.push_str("expect:\n");
        match &g.played.end {
            MoveEnd::NeverEnding(n) => {
                s.push_str("  never_ending: true\n");
                s.push_str(&format!(
                    "  result: {}\n",
                    crate::model::ExpectedResult::of(Some(n.result)).name()
                ));
            }
            MoveEnd::Finished(f) => {
                s.push_str("  never_ending: false\n");
                s.push_str(&format!("  captured: {}\n", f.captured));
                s.push_str(&format!("  laps: {}\n", f.laps));
                s.push_str(&format!(
                    "  result: {}\n",
                    crate::model::ExpectedResult::of(f.result).name()
                ));
            }
        }
    } else {
        s.push_str(&format!("solution: {mv}\n"));
    }
    s.push_str(&format!("difficulty: {}\n", g.difficulty));
    if !g.themes.is_empty() {
        s.push_str(&format!("themes: [{}]\n", g.themes.join(", ")));
    }
    match g.hint.as_slice() {
        [] => {}
        [one] => s.push_str(&format!("hint: {}\n", q(one))),
        steps => {
            s.push_str("hint:\n");
            for h in steps {
                s.push_str(&format!("  - {}\n", q(h)));
            }
        }
    }
    s.push_str(&format!("explanation: {}\n", q(&g.explanation)));
    let (source, game) = match &g.origin {
        PuzzleOrigin::Generated { player, seed, game } => {
            let flags = match player {
                GeneratorPlayer::Mix => String::new(),
                GeneratorPlayer::Search { nodes } => format!(" --player search --nodes {nodes}"),
            };
            (
                format!(
                    "generated: omweso puzzles generate --goal {} --variant {} --seed {seed}{flags} (game {game}, ply {})",
                    g.goal, g.variant, g.ply
                ),
                player.describe(&g.variant, *seed, *game),
            )
        }
        PuzzleOrigin::Record { file, game } => (
            format!("mined: omweso puzzles mine {file} (ply {})", g.ply),
            game.clone(),
        ),
        PuzzleOrigin::Kept { source, game } => (source.clone(), game.clone()),
        PuzzleOrigin::Regenerated { nodes, seed, game } => (
            format!(
                "generated: omweso puzzles regenerate --variant {} --seed {seed} --nodes {nodes} (game {game}, ply {})",
                g.variant, g.ply
            ),
            GeneratorPlayer::Search { nodes: *nodes }.describe(&g.variant, *seed, *game),
        ),
    };
    s.push_str(&format!("source: {}\n", q(&source)));
    s.push_str("from:\n");
    s.push_str(&format!("  game: {}\n", q(&game)));
    s.push_str(&format!("  ply: {}\n", g.ply));
    if let Some(p) = &g.previous {
        s.push_str(&format!("  previous: {}\n", q(p)));
    }
    s
}
