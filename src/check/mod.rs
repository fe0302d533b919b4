//! `omweso check`: what doctests are to rustdoc. Every claim an author makes
//! (a position's `expect:`, a game record's moves, per-move expectations and
//! final result) is played through the engine and compared; load errors
//! (YAML, variants, links, anchors, references, puzzles) are reported beside
//! them, all in one run, each with its file, line and column.
//!
//! The functions here take already-loaded documents, positions with their
//! moves and games with their replays as played by the site's trace stage
//! (`check_positions`, `check_games`), so that any loader can call them;
//! `bless` rewrites the claims that differ in place.

pub(crate) mod bless;
pub(crate) mod report;

pub use bless::{BlessOutcome, Fix, FixValue, apply_fixes};
pub use report::{render_json, render_text};

pub use crate::claims::Value as JudgedValue;
use crate::claims::{Mismatch, Verdict, judge, judge_game_result};
use crate::engine::Played;
pub use crate::model::Kind;
use crate::model::{
    Diagnostic, Diagnostics, Expect, ExpectedResult, Field, GameDoc, PositionDoc, ReplayStop, Spot,
};
use crate::site::traces::{GameTrace, Trace, Traces};
use rayon::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One problem found, located. What a false claim said and what the
/// engine computed are kept as the judge gave them (a board stays a board)
/// up to the output (`report`).
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// The file the problem is in.
    pub file: PathBuf,
    /// 1-based; 0 when the problem is with the file as a whole.
    pub line: usize,
    /// 1-based; 0 when unknown.
    pub column: usize,
    /// What kind of problem it is (for tests and tools to match on).
    pub kind: Kind,
    /// The problem in words, for the author.
    pub message: String,
    /// What the author claimed.
    pub expected: Option<JudgedValue>,
    /// What the engine computed.
    pub actual: Option<JudgedValue>,
    /// How `--bless` would rewrite the claim (None when it cannot).
    pub fix: Option<Fix>,
}

impl Problem {
    fn from_diagnostic(d: Diagnostic) -> Problem {
        Problem {
            file: d.file,
            line: d.line,
            column: d.column,
            kind: d.kind,
            message: d.message,
            expected: None,
            actual: None,
            fix: None,
        }
    }
}

/// What a run looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Markdown chapters.
    pub chapters: usize,
    /// Variant files.
    pub variants: usize,
    /// Positions (files and fenced blocks).
    pub positions: usize,
    /// Positions with a move, played through the engine.
    pub moves: usize,
    /// Individual claims compared (`expect` keys, game results).
    pub expectations: usize,
    /// Game records.
    pub games: usize,
    /// Game moves replayed.
    pub plies: usize,
    /// Puzzles verified.
    pub puzzles: usize,
}

impl Counts {
    pub(crate) fn add(&mut self, o: &Counts) {
        self.chapters += o.chapters;
        self.variants += o.variants;
        self.positions += o.positions;
        self.moves += o.moves;
        self.expectations += o.expectations;
        self.games += o.games;
        self.plies += o.plies;
        self.puzzles += o.puzzles;
    }
}

/// The outcome of a check run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// How many of each thing were checked.
    pub checked: Counts,
    /// Everything found wrong, in the order reported.
    pub problems: Vec<Problem>,
}

impl Report {
    /// Whether nothing was found wrong.
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }

    pub(crate) fn merge(&mut self, other: Report) {
        self.checked.add(&other.checked);
        self.problems.extend(other.problems);
    }

    /// Add load diagnostics (each carries its [`Kind`]).
    pub(crate) fn add_diagnostics(&mut self, diags: Diagnostics) {
        self.problems
            .extend(diags.0.into_iter().map(Problem::from_diagnostic));
    }

    /// Problems in file, line, column order; exact duplicates removed.
    pub(crate) fn sort(&mut self) {
        self.problems.sort_by(|a, b| {
            (&a.file, a.line, a.column, a.kind, &a.message)
                .cmp(&(&b.file, b.line, b.column, b.kind, &b.message))
        });
        self.problems.dedup_by(|a, b| {
            a.file == b.file && a.line == b.line && a.column == b.column && a.message == b.message
        });
    }

    /// The fixes `--bless` would apply.
    pub fn fixes(&self) -> Vec<Fix> {
        self.problems.iter().filter_map(|p| p.fix.clone()).collect()
    }
}

/// How `--bless` rewrites a false claim: to what the move did (nothing for
/// a claim a never-ending move cannot back).
fn fix_value(m: &Mismatch) -> Option<FixValue> {
    let scalar = |old: String, new: String| Some(FixValue::Scalar { old, new });
    match (&m.expected, &m.actual) {
        (JudgedValue::Board(old), JudgedValue::Board(new)) => Some(FixValue::Board {
            old: *old,
            new: *new,
        }),
        (JudgedValue::Count(old), JudgedValue::Count(new)) => {
            scalar(old.to_string(), new.to_string())
        }
        (JudgedValue::Flag(old), JudgedValue::Flag(new)) => {
            scalar(old.to_string(), new.to_string())
        }
        (JudgedValue::Result(old), JudgedValue::Result(new)) => {
            scalar(old.name().to_string(), new.name().to_string())
        }
        (JudgedValue::Result(old), JudgedValue::GameEnd { result, .. }) => scalar(
            old.name().to_string(),
            ExpectedResult::of(*result).name().to_string(),
        ),
        _ => None,
    }
}

/// Judge the claims of `expect` against what `played` did (the one
/// [`judge`](crate::claims::judge)). `at` gives the file, line and column of
/// a dotted `expect.*` key.
fn compare(
    expect: &Expect,
    played: &Played,
    what: &str,
    at: &dyn Fn(Spot) -> (PathBuf, usize, usize),
    counts: &mut Counts,
    out: &mut Vec<Problem>,
) {
    report_verdict(judge(expect, &played.end), what, at, counts, out);
}

/// Count the judge's `verdict` and report its mismatches, each at its
/// claim's key, with how `--bless` would rewrite its value.
fn report_verdict(
    verdict: Verdict,
    what: &str,
    at: &dyn Fn(Spot) -> (PathBuf, usize, usize),
    counts: &mut Counts,
    out: &mut Vec<Problem>,
) {
    counts.expectations += verdict.claims;
    for m in verdict.mismatches {
        let key = m.claim.key();
        // reported at the claim's key, rewritten at its value
        let (file, line, column) = at(m.claim.field().key());
        let (vfile, vline, vcolumn) = at(m.claim.field().into());
        out.push(Problem {
            fix: fix_value(&m).map(|value| Fix {
                file: vfile,
                line: vline,
                column: vcolumn,
                key: key.to_string(),
                value,
            }),
            file,
            line,
            column,
            kind: m.claim.kind(),
            message: m.message(what),
            expected: Some(m.expected),
            actual: Some(m.actual),
        });
    }
}

/// Check one position from its move as played (`trace`, None when it has
/// no move): the move must be legal and every `expect` key must hold.
pub(crate) fn check_position(doc: &PositionDoc, trace: Option<&Trace>) -> Report {
    let mut report = Report::default();
    report.checked.positions = 1;
    let Some(result) = trace else {
        return report;
    };
    report.checked.moves = 1;
    match &**result {
        Err(e) => report
            .problems
            .push(Problem::from_diagnostic(doc.illegal(e))),
        Ok(played) => {
            if let Some(expect) = &doc.expect {
                let what = format!("move {}", doc.move_text.as_deref().unwrap_or("?"));
                let at = |spot: Spot| {
                    let d = doc.at(spot, "");
                    (d.file, d.line, d.column)
                };
                compare(
                    expect,
                    played,
                    &what,
                    &at,
                    &mut report.checked,
                    &mut report.problems,
                );
            }
        }
    }
    report
}

/// Check positions, each with its move as played (see
/// [`check_position`]): every move legal, every claim true.
pub(crate) fn check_positions<'a>(
    docs: impl IntoIterator<Item = (&'a PositionDoc, Option<&'a Trace>)>,
) -> Report {
    let docs: Vec<(&PositionDoc, Option<&Trace>)> = docs.into_iter().collect();
    let reports: Vec<Report> = docs
        .par_iter()
        .map(|&(d, t)| check_position(d, t))
        .collect();
    let mut out = Report::default();
    for r in reports {
        out.merge(r);
    }
    out.sort();
    out
}

/// Check one game record from its replay by the trace stage (`rep`):
/// every move must be legal, for the side to move, and the game not yet
/// over; every per-move expectation and the final result must hold.
pub(crate) fn check_game(game: &GameDoc, rep: &GameTrace) -> Report {
    let mut report = Report::default();
    report.checked.games = 1;
    report.checked.plies = rep.plies.len();
    for ply in &rep.plies {
        let i = ply.number - 1;
        let m = &game.moves[i];
        if let Some(expect) = &m.expect {
            let what = format!("move {} ({})", ply.number, m.text);
            let at = |spot: Spot| {
                let d = game.at_move(i, spot, "");
                (d.file, d.line, d.column)
            };
            compare(
                expect,
                &ply.played,
                &what,
                &at,
                &mut report.checked,
                &mut report.problems,
            );
        }
    }
    if let Some((i, stop)) = &rep.stopped {
        let kind = match stop {
            ReplayStop::AfterEnd(_) => Kind::MoveAfterEnd,
            _ => Kind::IllegalMove,
        };
        let m = &game.moves[*i];
        let d = game.at_move(
            *i,
            Field::Move,
            format!(
                "move {} ({}) of game {} cannot be played: {stop}",
                i + 1,
                crate::engine::quote(&m.text),
                crate::engine::quote(&game.id)
            ),
        );
        report
            .problems
            .push(Problem::from_diagnostic(d.with_kind(kind)));
    }
    // the final result, judged when the replay reached the record's end
    let at = |spot: Spot| {
        let d = game.at(spot, "");
        (d.file, d.line, d.column)
    };
    report_verdict(
        judge_game_result(game.result, rep),
        &format!("game {}", crate::engine::quote(&game.id)),
        &at,
        &mut report.checked,
        &mut report.problems,
    );
    report
}

/// Check game records, each with its replay by the trace stage (in
/// parallel).
pub(crate) fn check_games<'a>(
    games: impl IntoIterator<Item = (&'a GameDoc, &'a GameTrace)>,
) -> Report {
    let games: Vec<(&GameDoc, &GameTrace)> = games.into_iter().collect();
    let reports: Vec<Report> = games.par_iter().map(|&(g, t)| check_game(g, t)).collect();
    let mut out = Report::default();
    for r in reports {
        out.merge(r);
    }
    out.sort();
    out
}

/// Problem paths relative to `base` where they lie under it (for display;
/// the fixes keep their own paths).
pub fn relative_to(report: &mut Report, base: &Path) {
    for p in &mut report.problems {
        if let Ok(rel) = p.file.strip_prefix(base) {
            p.file = rel.to_path_buf();
        }
    }
}

/// Check a whole site: everything [`crate::site::load`] reports (config,
/// YAML, variants, positions, fenced blocks, unknown `ref:` ids, duplicate
/// ids, links and anchors, puzzle verification, game records that do not
/// load), every position's move and claims, and every game record
/// (`Site::games`) as replayed by the trace stage. Never panics; every
/// problem of the site is in the report, sorted by file, line and column.
pub fn check_site(root: &Path, drafts: bool) -> Report {
    let (site, diags) = crate::site::load(root, drafts);
    let mut report = Report::default();
    report.add_diagnostics(diags);
    report.checked.chapters = site.chapters.len();
    report.checked.variants = site.variants.iter().count();
    report.checked.puzzles = site.puzzles.len();
    // Every move and every game played once. A site that loads is also rendered in memory
    // (from the same traces), so that check reports what a build would
    // fail on: template errors, static files that would replace a page.
    // One that does not load is judged on where its moves end (laps
    // unrecorded, never-ending decided exactly).
    let loaded = report.problems.is_empty();
    let traces = if loaded {
        Traces::for_build(&site)
    } else {
        Traces::play(&site, 0)
    };
    report.merge(check_positions(
        site.keyed_positions().map(|(k, d)| (d, traces.of(k))),
    ));
    report.merge(check_games(traces.games(&site)));
    if loaded
        && let Err(errs) = crate::site::output::render_site(&site, &traces, &crate::site::Silent)
    {
        // What rendering finds again at a place already reported (an
        // illegal move, drawn; a game that cannot be replayed) is reported
        // once.
        let seen: std::collections::HashSet<(PathBuf, usize, usize)> = report
            .problems
            .iter()
            .map(|p| (p.file.clone(), p.line, p.column))
            .collect();
        report.add_diagnostics(Diagnostics(
            errs.0
                .into_iter()
                .filter(|d| !seen.contains(&(d.file.clone(), d.line, d.column)))
                .collect(),
        ));
    }
    report.sort();
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameDoc, Source, Variants, parse_game};

    const DEMO: &str = include_str!("../../content/games/demonstration-greedy.yaml");

    fn check(text: &str) -> Report {
        let g = parse_game(&Source::new("g.yaml", text), &Variants::builtin()).unwrap();
        check_game(&g, &GameTrace::replay_for_test(&g))
    }

    /// What shows or judges a position or a game takes its trace. The
    /// types say so: the pages and the checks are given a [`Trace`] or a
    /// [`GameTrace`], which only `site::traces` makes. What a type cannot
    /// say is that they do not also call the engine: their sources hold no
    /// call that plays a move (positions', games' or traces').
    #[test]
    fn pages_and_check_do_not_play() {
        let _page: fn(
            &crate::site::render::Renderer<'static>,
            &GameDoc,
            &GameTrace,
        ) -> Result<crate::site::render::Page, crate::model::Diagnostics> =
            crate::site::render::Renderer::game_page;
        let _check: fn(&GameDoc, &GameTrace) -> Report = check_game;
        let sources = [
            ("site/render.rs", include_str!("../site/render.rs")),
            ("site/figure.rs", include_str!("../site/figure.rs")),
            ("site/games.rs", include_str!("../site/games.rs")),
            ("site/compare.rs", include_str!("../site/compare.rs")),
            ("site/output.rs", include_str!("../site/output.rs")),
            (
                "site/incremental.rs",
                include_str!("../site/incremental.rs"),
            ),
            ("site/search.rs", include_str!("../site/search.rs")),
            ("site/mod.rs", include_str!("../site/mod.rs")),
            ("check/mod.rs", include_str!("mod.rs")),
        ];
        for (file, text) in sources {
            // the code, not its tests (which make their own traces)
            let code = text.split("#[cfg(test)]").next().unwrap();
            for call in [
                "trace(",
                "outcome(",
                ".play(",
                "replay(",
                "position_frames(",
            ] {
                assert!(!code.contains(call), "{file} calls {call}");
            }
        }
    }

    #[test]
    fn the_demonstration_game_checks() {
        let r = check(DEMO);
        assert!(r.ok(), "{}", render_text(&r));
        assert_eq!(r.checked.plies, 14);
    }

    #[test]
    fn a_move_after_the_end_is_reported() {
        let text = DEMO.replace("\nresult: north-wins\n", "\n  - S1\nresult: north-wins\n");
        let r = check(&text);
        assert_eq!(r.problems.len(), 1, "{}", render_text(&r));
        let p = &r.problems[0];
        assert_eq!(p.kind, Kind::MoveAfterEnd);
        let lines: Vec<&str> = text.lines().collect();
        let last = lines.iter().rposition(|l| *l == "  - S1").unwrap();
        assert_eq!(lines[last + 1], "result: north-wins");
        assert_eq!((p.line, p.column), (last + 1, 5));
        assert!(p.message.contains("already over"), "{}", p.message);
    }

    #[test]
    fn a_never_ending_move_cannot_back_a_board_claim() {
        let text = "\
id: ne
record: demonstration
variant: mcgill-2015
start:
  to_move: north
  board:
    - [3, 4, 2, 1, 2, 5, 2, 1]
    - [2, 1, 2, 1, 3, 2, 5, 24]
    - [1, 2, 0, 0, 0, 0, 0, 0]
    - [0, 0, 0, 0, 1, 0, 0, 0]
moves:
  - move: N2
    expect:
      captured: 0
      never_ending: false
result: annulled
";
        let r = check(text);
        let kinds: Vec<Kind> = r.problems.iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds,
            vec![Kind::WrongCaptured, Kind::WrongNeverEnding],
            "{}",
            render_text(&r)
        );
        // the never-ending claim can be blessed, the capture claim cannot
        assert!(r.problems[0].fix.is_none());
        assert!(r.problems[1].fix.is_some());
        assert_eq!(r.problems[0].actual, Some(JudgedValue::NeverEnds));
    }
}
