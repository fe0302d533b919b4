//! Verified puzzles: a position, a goal and the one move that achieves it.
//!
//! Every puzzle is checked exhaustively by the engine: the stated solution
//! achieves its goal and no other move does (every choice sequence is
//! considered; sequences reaching the same end position are one answer).
//!
//! - `format`: the puzzle YAML file (a position file plus puzzle keys);
//! - `solve`: the goals, judged by the engine (no I/O);
//! - `verify`: files and folders → [`Puzzle`]s with located diagnostics
//!   ([`verify_dir`], [`verify_file`], [`verify_source`]);
//! - `best`: the judge of a best-move puzzle by the engine's search, and
//!   what finding an answer takes it ([`SearchEffort`], [`calibrate`]);
//! - `generate`: searching realistic positions for new puzzles
//!   ([`generate()`], [`mine_into`], [`reword`]);
//! - `make`: a found puzzle made into its file (its id, origin and YAML),
//!   shared by `generate` and `fromplay`;
//! - `keys`: what answers and positions are told apart by
//!   ([`AnswerKey`], [`PositionKey`], [`BoardKey`]);
//! - `fromplay`: best-move puzzles found in the search player's games and
//!   a folder re-judged ([`regenerate`]);
//! - `line`: the line a reader plays through (a win in two or three:
//!   [`LineTurn`], [`LineContinuation`]);
//! - `pages`: index data for the site (by goal, theme, difficulty);
//! - `sheet`: printable sheets (PDF through krilla, and HTML:
//!   [`sheet_pdf`], [`sheet_html`]).
//!
//! The modules are private; what the `omweso` command, the tests and the
//! benches use is re-exported here under names that say what each is.

mod best;
pub(crate) mod format;
mod fromplay;
mod generate;
mod keys;
mod line;
mod make;
pub(crate) mod pages;
mod sheet;
pub(crate) mod solve;
pub(crate) mod verify;

use crate::engine::{Grid, Played};
use crate::model::PositionDoc;
use serde::Serialize;
use std::fmt;
use std::path::PathBuf;

pub use best::{
    Calibration, DEEP_NODES, EFFORT_MAX_DEPTH, EFFORT_NODES, GENERATOR_NODES, SearchEffort,
    calibrate,
};
pub use format::Provenance;
pub use fromplay::{
    FoundInPlay, PlaySettings, RegeneratePlan, RegenerateReport, find_in_play, regenerate,
};
pub use generate::{
    GenerateError, GeneratorOptions, generate, generate_into, mine_into, reword, reword_dir,
};
pub use keys::{AnswerKey, BoardKey, PositionKey};
pub use line::{LineContinuation, LineTurn, line_turn, moves_after_first};
pub use make::{GeneratedPuzzle, GeneratorPlayer, PuzzleOrigin, puzzle_id};
pub use pages::{Entry, Group, PuzzleIndex, index};
pub use sheet::{
    Paper, SHEET_INSTRUCTION, SHEET_MAX_PER_PAGE, SheetAssets, SheetError, SheetFonts, SheetHints,
    SheetOptions, answer_text, one_rule_set, select_puzzles, sheet_html, sheet_outputs,
    sheet_page_svgs, sheet_pdf,
};
pub use verify::{Span, Summary, puzzle_files, verify_dir, verify_file, verify_source};

/// What a puzzle asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// Win the game with this move (the opponent is left without a legal
    /// move, or any other win the variant has).
    WinNow,
    /// Win by nkutemye / okutema: capture from both of the opponent's end
    /// columns in this move.
    CutOffTheHead,
    /// The move that captures the most seeds.
    BiggestCapture,
    /// The only move after which the opponent cannot capture.
    OnlySafeMove,
    /// A move such that every reply loses to a winning move.
    WinInTwo,
    /// A move such that every reply loses to a win in two.
    WinInThree,
    /// The only move after which the opponent cannot win at once (every
    /// other move lets the opponent win with the reply).
    OnlySavingMove,
    /// Predict what a given move does (the file gives the move and the
    /// answer).
    WhatHappens,
    /// The move clearly better than every other by the engine's deep
    /// search ([`DEEP_NODES`] after each move): the only win, the only
    /// defence, or ahead of the next best by a margin. What it does is a theme, never the test.
    BestMove,
}

impl Goal {
    /// Every goal, in the order pages list them.
    pub const ALL: [Goal; 9] = [
        Goal::WinNow,
        Goal::CutOffTheHead,
        Goal::BiggestCapture,
        Goal::OnlySafeMove,
        Goal::OnlySavingMove,
        Goal::WinInTwo,
        Goal::WinInThree,
        Goal::WhatHappens,
        Goal::BestMove,
    ];

    /// The name used in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Goal::WinNow => "win-now",
            Goal::CutOffTheHead => "cut-off-the-head",
            Goal::BiggestCapture => "biggest-capture",
            Goal::OnlySafeMove => "only-safe-move",
            Goal::WinInTwo => "win-in-two",
            Goal::WinInThree => "win-in-three",
            Goal::OnlySavingMove => "only-saving-move",
            Goal::WhatHappens => "what-happens",
            Goal::BestMove => "best-move",
        }
    }

    /// The goal written `s` in a puzzle file.
    pub fn parse(s: &str) -> Option<Goal> {
        Goal::ALL.into_iter().find(|g| g.name() == s)
    }

    /// A heading.
    pub fn title(self) -> &'static str {
        match self {
            Goal::WinNow => "Win now",
            Goal::CutOffTheHead => "Cut off the head",
            Goal::BiggestCapture => "Biggest capture",
            Goal::OnlySafeMove => "The only safe move",
            Goal::WinInTwo => "Win in two",
            Goal::WinInThree => "Win in three",
            Goal::OnlySavingMove => "The only saving move",
            Goal::WhatHappens => "What happens?",
            Goal::BestMove => "Find the best move",
        }
    }

    /// The task, addressed to the solver, for the side to move.
    /// The question a puzzle of this goal asks `side`; `shown` is the
    /// move a "what happens" puzzle plays, with its side (`N7`), named in
    /// the question since the reader is not to find it.
    pub(crate) fn question(self, side: &str, opponent: &str, shown: &str) -> String {
        match self {
            Goal::WinNow => format!("{side} to move and win the game with this move."),
            Goal::CutOffTheHead => format!(
                "{side} to move: capture from both of the opponent's end columns in one move (nkutemye)."
            ),
            Goal::BiggestCapture => {
                format!("{side} to move: find the move that captures the most.")
            }
            Goal::OnlySafeMove => format!(
                "{side} to move: find the only move after which the opponent cannot capture."
            ),
            Goal::WinInTwo => format!(
                "{side} to move: find the move after which every reply loses to a winning move."
            ),
            Goal::WinInThree => format!(
                "{side} to move: find the move after which, whatever {opponent} replies, {side} can win in two."
            ),
            Goal::OnlySavingMove => format!(
                "{side} to move: every move but one lets {opponent} win with the reply. Find the one that does not lose."
            ),
            Goal::WhatHappens => format!("{side} plays {shown}: what happens?"),
            Goal::BestMove => {
                format!("{side} to move: one move is clearly better than every other. Find it.")
            }
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a puzzle is to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// The easiest rating: for a move to find, a search two plies deep
    /// already keeps the answer and few other moves look as good (see
    /// [`Difficulty::of_search`]).
    Easy,
    /// Between easy and hard.
    Medium,
    /// The hardest rating: for a move to find, only a deeper search keeps
    /// the answer (see [`Difficulty::of_search`]).
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The name written in a puzzle file.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The difficulty written `s` in a puzzle file.
    pub fn parse(s: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == s)
    }

    /// The difficulty of a puzzle whose solution takes a solver `effort`
    /// laps to find ([`solve::effort`]). The bounds are the terciles of
    /// the efforts of the 204 puzzles found in the search player's games
    /// that the rulebook ships (set on 2026-11-24; docs/PUZZLES.md gives the
    /// efforts per goal), so a third of them is rated each way.
    pub(crate) fn of_effort(effort: u64) -> Difficulty {
        if effort <= EASY_MAX_EFFORT {
            Difficulty::Easy
        } else if effort <= MEDIUM_MAX_EFFORT {
            Difficulty::Medium
        } else {
            Difficulty::Hard
        }
    }

    /// The difficulty of a puzzle by what finding its answer takes the
    /// engine's own search (`best::effort`): easy when a search two plies
    /// deep already keeps it (every deeper one choosing it too) and at most
    /// `EASY_MAX_TEMPTING` other moves look as good one ply deep; hard
    /// when a depth-2 search misses it and only a search of
    /// `HARD_MIN_DEPTH` plies or more keeps it (or none to
    /// [`best::EFFORT_MAX_DEPTH`]); medium between.
    pub fn of_search(e: &best::SearchEffort) -> Difficulty {
        if e.find_depth <= 2 && e.tempting <= EASY_MAX_TEMPTING {
            Difficulty::Easy
        } else if !e.at_two && e.find_depth >= HARD_MIN_DEPTH {
            Difficulty::Hard
        } else {
            Difficulty::Medium
        }
    }

    /// The name shown to readers.
    pub(crate) fn title(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Medium => "Medium",
            Difficulty::Hard => "Hard",
        }
    }
}

/// What finding a puzzle's answer takes, in a reader's words (the
/// engine's measure behind its difficulty).
pub(crate) fn effort_words(p: &Puzzle) -> String {
    let laps = crate::diagram::narrate::plural(p.effort, "lap");
    let d = p.rated_difficulty.name();
    if let Some(e) = &p.search {
        let depth = if e.find_depth > best::EFFORT_MAX_DEPTH {
            format!(
                "no search up to {} plies deep keeps it",
                best::EFFORT_MAX_DEPTH
            )
        } else {
            format!(
                "the engine's search keeps it from {} deep",
                crate::diagram::narrate::plural(e.find_depth as u64, "ply")
            )
        };
        let tempting = match e.tempting {
            0 => "no other move looks as good at first sight".to_string(),
            1 => "one other move looks as good at first sight".to_string(),
            n => format!("{n} other moves look as good at first sight"),
        };
        return format!("Rated {d}: {depth}, and {tempting}.");
    }
    match p.goal {
        Goal::WhatHappens => format!("Rated {d}: the move is {laps} long to follow."),
        Goal::BiggestCapture => format!(
            "Rated {d}: to be sure, a solver follows every move to its end, {laps} of sowing in all."
        ),
        _ => format!(
            "Rated {d}: a solver trying the moves in any order, and the replies as far as the goal needs, follows about {laps} of sowing to find it."
        ),
    }
}

/// The search depth (plies) from which a puzzle is hard.
pub(crate) const HARD_MIN_DEPTH: u32 = 4;
/// The most other moves an easy puzzle's answer may be tied with or
/// beaten by one ply deep.
pub(crate) const EASY_MAX_TEMPTING: usize = 2;

/// The most laps an easy puzzle takes a solver to find.
pub(crate) const EASY_MAX_EFFORT: u64 = 32;
/// The most laps a medium puzzle takes a solver to find.
pub(crate) const MEDIUM_MAX_EFFORT: u64 = 92;

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One reply and the winning answer to it, in a win-in-two solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineStep {
    /// The opponent's reply, with side (`N5`).
    pub reply: String,
    /// What the reply does, in words.
    pub reply_text: String,
    /// The winning answer, with side (`S7AC`).
    pub answer: String,
    /// How it wins.
    pub answer_text: String,
}

/// One legal choice sequence of a puzzle's position and what playing it
/// achieves: what the page tells a reader who plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Attempt {
    /// The move in canonical notation without side (`7AC`).
    pub notation: String,
    /// Whether it achieves the goal (it ends where the solution ends).
    pub ok: bool,
    /// What it does and, when it fails, why (for win-in-two, the reply
    /// that refutes it).
    pub why: String,
    /// For a right move in a line (win in two or three) that does not end
    /// the game: what follows it, an index in the puzzle's
    /// `continuations`.
    pub then: Option<usize>,
}

/// What a "what happens?" move does, as the page asks it: the seeds it
/// captures, or that it never ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The move ends, having captured this many seeds.
    Captures(u32),
    /// The move never ends.
    NeverEnds,
}

impl Outcome {
    /// What a move's end is, as an outcome.
    pub fn of(end: &crate::engine::MoveEnd) -> Outcome {
        match end {
            crate::engine::MoveEnd::Finished(f) => Outcome::Captures(f.captured),
            crate::engine::MoveEnd::NeverEnding(_) => Outcome::NeverEnds,
        }
    }

    /// The outcome in a reader's words ("It captures 7 seeds.").
    pub fn words(self) -> String {
        match self {
            Outcome::Captures(0) => "It captures nothing.".to_string(),
            Outcome::Captures(n) => {
                format!("It captures {}.", crate::diagram::narrate::seeds(n as u64))
            }
            Outcome::NeverEnds => "It never ends.".to_string(),
        }
    }
}

/// One answer a "what happens?" page offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The answer's outcome.
    pub outcome: Outcome,
    /// [`Outcome::words`].
    pub text: String,
    /// Whether it is what the move does (the engine's trace of it).
    pub right: bool,
}

/// The most answers a "what happens?" page offers.
pub const CHOICES: usize = 4;

/// The answers a "what happens?" page offers for `played` (the move asked
/// about, traced): the right one and [`CHOICES`] − 1 others, in the order
/// of their seeds ("never ends" last). The others are what a reader who
/// loses the thread would answer, from the engine, deterministic: fewer
/// seeds — the seeds captured up to an earlier capture (stopping too
/// early), or what another move of the position captures (`others`, its
/// legal moves: those from the same pit first, then the nearest) — or
/// more — another move's capture, or a capture counted twice — and "it
/// never ends" for a move that ends. How many are fewer than the answer
/// depends on the board (a digest of it), so that the right answer is not
/// always the biggest, or the middle, number offered.
pub(crate) fn choices(played: &Played, others: &[crate::engine::LegalMove]) -> Vec<Choice> {
    use crate::engine::LapEnd;
    let right = Outcome::of(&played.end);
    // the seeds of each capture, in order
    let taken: Vec<u32> = played
        .laps
        .iter()
        .filter_map(|l| match &l.end {
            LapEnd::Capture(c) => Some(c.total()),
            _ => None,
        })
        .collect();
    let total: u32 = taken.iter().sum();
    let target = match right {
        Outcome::Captures(n) => n,
        Outcome::NeverEnds => total,
    };
    // what the position's other moves capture: the same pit first, then
    // the nearest
    let mut near: Vec<(bool, u32, u32)> = others
        .iter()
        .filter(|m| !m.mv.same_as(&played.mv))
        .filter_map(|m| match Outcome::of(&m.end) {
            Outcome::Captures(c) => Some((m.mv.pit != played.mv.pit, c.abs_diff(target), c)),
            Outcome::NeverEnds => None,
        })
        .collect();
    near.sort();
    // fewer seeds: stopping at an earlier capture, then other moves
    let mut so_far = 0;
    let mut partial: Vec<u32> = taken
        .iter()
        .map(|c| {
            so_far += c;
            so_far
        })
        .collect();
    partial.pop();
    partial.reverse();
    let fewer: Vec<u32> = partial
        .into_iter()
        .chain(near.iter().map(|n| n.2).filter(|&c| c < target))
        .filter(|&c| c < target)
        .collect();
    // more: other moves, then a capture counted twice, then the next counts
    let more: Vec<u32> = near
        .iter()
        .map(|n| n.2)
        .filter(|&c| c > target)
        .chain(taken.iter().rev().map(|c| target + c))
        .chain((1..=CHOICES as u32).map(|k| target + k))
        .filter(|&c| c > target)
        .collect();
    let numbers = CHOICES - 1 - usize::from(right != Outcome::NeverEnds);
    // how many fewer: 0 to `numbers`, by the board's digest
    let digest: usize = played
        .before
        .board
        .to_grid()
        .iter()
        .flatten()
        .enumerate()
        .map(|(i, &n)| (i + 1) * n as usize)
        .sum();
    let mut want_fewer = digest % (numbers + 1);
    let mut picked: Vec<Outcome> = vec![right];
    let add = |o: Outcome, picked: &mut Vec<Outcome>| {
        let fits = picked.len() < CHOICES && !picked.contains(&o);
        if fits {
            picked.push(o);
        }
        fits
    };
    for c in fewer.iter() {
        if want_fewer == 0 {
            break;
        }
        if add(Outcome::Captures(*c), &mut picked) {
            want_fewer -= 1;
        }
    }
    // the rest above (and, if there are too few above, below)
    let room = 1 + numbers;
    for c in more.iter().chain(fewer.iter()) {
        if picked.len() >= room {
            break;
        }
        add(Outcome::Captures(*c), &mut picked);
    }
    add(Outcome::NeverEnds, &mut picked);
    picked.sort();
    picked
        .into_iter()
        .map(|o| Choice {
            outcome: o,
            text: o.words(),
            right: o == right,
        })
        .collect()
}

/// A verified puzzle: everything a page, a sheet or a template needs.
#[derive(Clone, Debug, Serialize)]
pub struct Puzzle {
    /// The file's `id`, or its file name without extension.
    pub id: String,
    /// The file's title, or the goal's.
    pub title: String,
    /// What the puzzle asks.
    pub goal: Goal,
    /// The goal's heading ("Win now").
    pub goal_title: String,
    /// The task in words ("South to move and win the game with this move.").
    pub question: String,
    /// The rule set's name (`modern`, `shackell-1935`, …).
    pub variant: String,
    /// The rule set's title, for the page.
    pub variant_title: String,
    /// `south` or `north`.
    pub to_move: String,
    /// Grid form, as seen from South's seat.
    pub board: Grid,
    /// The side to move has not moved yet this game.
    pub first_move: bool,
    /// The opponent has not moved yet either.
    pub opponent_first_move: bool,
    /// No capture has been made in the game yet (the three-seed opening is possible where the
    /// variant has it).
    pub before_first_capture: bool,
    /// The solution in canonical notation without side (`7AC`); for
    /// what-happens, the move asked about.
    pub solution: String,
    /// The solution with the mover's side (`S7AC`).
    pub solution_with_side: String,
    /// The answer in one sentence, from the engine.
    pub answer: String,
    /// The hint's steps joined, for print.
    pub hint: Option<String>,
    /// The hint in steps, each shown on request after the one before.
    pub hints: Vec<String>,
    /// What the answer does and why, as the file explains it, if it does.
    pub explanation: Option<String>,
    /// Its themes (`capture`, `relay-chain`, …), for the index pages and sheets.
    pub themes: Vec<String>,
    /// How hard it is: as the file states it, or as the engine rates it.
    pub difficulty: Difficulty,
    /// Whether `difficulty` was written in the file (else it is the engine's
    /// rating).
    pub difficulty_stated: bool,
    /// The engine's rating (see `solve::rate`).
    pub rated_difficulty: Difficulty,
    /// What rates it: for a move to find, the positions the engine's search
    /// visits to find it and keep it (`best::effort`); for "what
    /// happens?", the move's laps (`solve::what_happens_effort`).
    pub effort: u64,
    /// For a move to find, what finding it takes the search.
    pub search: Option<best::SearchEffort>,
    /// Where the position comes from, in words (a game record, a book), as the file says.
    pub source: Option<String>,
    /// Where the position arose in play (game, ply, the move before).
    pub from: Option<Provenance>,
    /// The solution lap by lap, in words.
    pub steps: Vec<String>,
    /// Win-in-two: every reply with its winning answer.
    pub line: Vec<LineStep>,
    /// Number of distinct answers (end positions) the solver chooses from.
    pub answers: usize,
    /// Every legal choice sequence with its verdict against the goal (none
    /// for what-happens, which asks about one move).
    pub attempts: Vec<Attempt>,
    /// Win in two or three: the defender's replies the page plays and the
    /// reader's turns after them ([`LineTurn`]), referred to by the attempts'
    /// `then`.
    pub continuations: Vec<line::LineContinuation>,
    /// "What happens?": the answers the page offers, one right
    /// (`choices`); none for a move to find.
    pub choices: Vec<Choice>,
    /// The puzzle's file.
    pub file: PathBuf,
    /// The position as loaded (variant, position, annotations).
    #[serde(skip)]
    pub doc: PositionDoc,
    /// The solution (or the move asked about) played with its full trace.
    #[serde(skip)]
    pub played: Played,
}

impl Puzzle {
    /// Whether a reader can answer it on its page (and it counts in the
    /// progress): a move to find, judged, or a "what happens?" with its
    /// answers to choose from.
    pub fn answerable(&self) -> bool {
        !self.attempts.is_empty() || self.choices.iter().any(|c| c.right)
    }

    /// The seat its boards are drawn from: the file's `seat` when it gives
    /// one, else the side to move's (as a puzzle trainer turns the board to
    /// the solver).
    pub fn seat(&self) -> crate::engine::Side {
        if self.doc.locations.contains(crate::model::Field::Seat) {
            self.doc.annotations.seat
        } else {
            self.doc.position.to_move
        }
    }
}

/// The longest trace recorded for a puzzle's solution.
pub(crate) const MAX_TRACE_LAPS: usize = 400;
