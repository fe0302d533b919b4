//! Rendering a check [`Report`]: text for people (boards side by side),
//! JSON for tools (a stable shape, documented in docs/FORMATS.md).

use super::{Counts, Problem, Report};
use crate::narrate::plural;
use serde_json::{Value, json};
use std::fmt::Write;

/// The one-line summary of what was checked.
pub fn summary(c: &Counts, problems: usize) -> String {
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

fn grid_rows(v: &Value) -> Option<Vec<Vec<u64>>> {
    let rows = v.as_array()?;
    if rows.len() != 4 {
        return None;
    }
    rows.iter()
        .map(|r| {
            let r = r.as_array()?;
            (r.len() == 8)
                .then(|| r.iter().map(|c| c.as_u64()).collect::<Option<Vec<u64>>>())
                .flatten()
        })
        .collect()
}

/// Two grids side by side; differing pits are marked `*` on the right.
fn boards_side_by_side(expected: &[Vec<u64>], actual: &[Vec<u64>]) -> String {
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

fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One problem as text: `file:line:col: error[kind]: message`, then the
/// claim and the engine's answer.
pub fn problem_text(p: &Problem) -> String {
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
        match (grid_rows(e), grid_rows(a)) {
            (Some(e), Some(a)) => s.push_str(&boards_side_by_side(&e, &a)),
            (Some(e), None) => {
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
pub fn json_value(report: &Report) -> Value {
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
                o["expected"] = e.clone();
            }
            if let Some(a) = &p.actual {
                o["actual"] = a.clone();
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

/// [`json_value`] as pretty-printed text.
pub fn render_json(report: &Report) -> String {
    let mut s = serde_json::to_string_pretty(&json_value(report)).unwrap_or_default();
    s.push('\n');
    s
}
