//! Rendering a check [`Report`]: text for people (boards side by side),
//! JSON for tools (a stable shape, documented in docs/FORMATS.md). The
//! judge's values reach here typed: this is where they become text.

use super::{Counts, Problem, Report};
use crate::claims::Value as Judged;
use crate::diagram::narrate::plural;
use crate::engine::Grid;
use crate::model::ExpectedResult;
use serde_json::{Value, json};
use std::fmt::Write;

/// The one-line summary of what was checked.
pub(crate) fn summary(c: &Counts, problems: usize) -> String {
    let mut parts = Vec::new();
    parts.push(plural(c.chapters as u64, "chapter"));
    parts.push(plural(c.variants as u64, "variant"));
    parts.push(format!(
        "{} ({} played)",
        plural(c.positions as u64, "position"),
        c.moves
    ));
    parts.push(format!(
        "{} ({})",
        plural(c.games as u64, "game"),
        plural(c.plies as u64, "move")
    ));
    parts.push(plural(c.puzzles as u64, "puzzle"));
    let verdict = if problems == 0 {
        "all good".to_string()
    } else {
        plural(problems as u64, "problem")
    };
    format!(
        "checked {}; {} compared: {verdict}",
        parts.join(", "),
        plural(c.expectations as u64, "claim")
    )
}

/// Two grids side by side; differing pits are marked `*` on the right.
fn boards_side_by_side(expected: &Grid, actual: &Grid) -> String {
    let labels = ["N outer", "N inner", "S inner", "S outer"];
    let mut s = String::new();
    let width = 8 * 4;
    let _ = writeln!(s, "    {:9}{:<width$}  actual", "", "expected");
    for r in 0..4 {
        let left: String = expected[r].iter().map(|n| format!("{n:>3} ")).collect();
        let right: String = actual[r]
            .iter()
            .zip(&expected[r])
            .map(|(a, e)| format!("{a:>3}{}", if a != e { '*' } else { ' ' }))
            .collect();
        let line = format!("    {:9}{left:<width$}  {right}", labels[r]);
        let _ = writeln!(s, "{}", line.trim_end());
    }
    s
}

/// A judged value (but a board) in words, as a claim writes it.
fn value_text(v: &Judged) -> String {
    match v {
        Judged::Board(g) => format!("{g:?}"),
        Judged::Count(n) => n.to_string(),
        Judged::Flag(b) => b.to_string(),
        Judged::Result(r) => r.name().to_string(),
        Judged::NeverEnds => "never ends".to_string(),
        Judged::GameEnd { result, .. } => ExpectedResult::of(*result).name().to_string(),
    }
}

/// A judged value in the JSON report: a board as a 4×8 array, a count or
/// flag as such, a result by name, a never-ending move as `"never ends"`.
fn value_json(v: &Judged) -> Value {
    match v {
        Judged::Board(g) => json!(g),
        Judged::Count(n) => json!(n),
        Judged::Flag(b) => json!(b),
        Judged::Result(_) | Judged::NeverEnds | Judged::GameEnd { .. } => json!(value_text(v)),
    }
}

/// One problem as text: `file:line:col: error[kind]: message`, then the
/// claim and the engine's answer.
pub(crate) fn problem_text(p: &Problem) -> String {
    let mut s = String::new();
    // a file name may hold anything: print it safely
    let file = crate::model::printable(&p.file.to_string_lossy()).into_owned();
    let loc = match (p.line, p.column) {
        (0, _) => file,
        (l, 0) => format!("{file}:{l}"),
        (l, c) => format!("{file}:{l}:{c}"),
    };
    let _ = writeln!(s, "{loc}: error[{}]: {}", p.kind.name(), p.message);
    if let (Some(e), Some(a)) = (&p.expected, &p.actual) {
        match (e, a) {
            (Judged::Board(e), Judged::Board(a)) => s.push_str(&boards_side_by_side(e, a)),
            (Judged::Board(e), a) => {
                let rows: String = e
                    .iter()
                    .map(|r| {
                        format!(
                            "    {}\n",
                            r.iter().map(|n| format!("{n:>3}")).collect::<String>()
                        )
                    })
                    .collect();
                let _ = write!(s, "    expected:\n{rows}    actual:   {}\n", value_text(a));
            }
            _ => {
                let _ = writeln!(s, "    expected: {}", value_text(e));
                let _ = writeln!(s, "    actual:   {}", value_text(a));
            }
        }
    }
    s
}

/// The whole report as text, ending with the summary line.
pub fn render_text(report: &Report) -> String {
    let mut s = String::new();
    for p in &report.problems {
        s.push_str(&problem_text(p));
    }
    s.push_str(&summary(&report.checked, report.problems.len()));
    s.push('\n');
    s
}

/// The report as JSON: `{"ok", "checked": {counts}, "problems": [{file,
/// line, column, kind, message, expected?, actual?}]}`.
pub(crate) fn json_value(report: &Report) -> Value {
    let problems: Vec<Value> = report
        .problems
        .iter()
        .map(|p| {
            let mut o = json!({
                "file": p.file.to_string_lossy(),
                "line": p.line,
                "column": p.column,
                "kind": p.kind,
                "message": p.message,
            });
            if let Some(e) = &p.expected {
                o["expected"] = value_json(e);
            }
            if let Some(a) = &p.actual {
                o["actual"] = value_json(a);
            }
            o
        })
        .collect();
    json!({
        "ok": report.ok(),
        "checked": report.checked,
        "problems": problems,
    })
}

/// `json_value` as pretty-printed text.
pub fn render_json(report: &Report) -> String {
    let mut s = serde_json::to_string_pretty(&json_value(report)).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Kind;

    /// Boards reach the output as boards: drawn side by side in text, a
    /// 4×8 array in JSON.
    #[test]
    fn a_board_claim_is_drawn_and_written_from_the_judges_value() {
        let expected: Grid = [[1; 8]; 4];
        let mut actual = expected;
        actual[2][3] = 7;
        let p = Problem {
            file: "p.yaml".into(),
            line: 3,
            column: 5,
            kind: Kind::WrongBoard,
            message: "differs".into(),
            expected: Some(Judged::Board(expected)),
            actual: Some(Judged::Board(actual)),
            fix: None,
        };
        let text = problem_text(&p);
        assert!(
            text.starts_with("p.yaml:3:5: error[wrong-board]: differs\n"),
            "{text}"
        );
        let inner = text.lines().find(|l| l.contains("S inner")).unwrap();
        assert!(
            inner.ends_with("  1   1   1   7*  1   1   1   1"),
            "{inner:?}"
        );
        let report = Report {
            checked: Counts::default(),
            problems: vec![p],
        };
        let json = json_value(&report);
        assert_eq!(json["problems"][0]["actual"][2][3], 7);
        assert_eq!(
            json["problems"][0]["expected"][0],
            json!([1, 1, 1, 1, 1, 1, 1, 1])
        );
    }
}
