//! Moves laid out as JSON for the CLI (with the narrator's sentences in
//! `text`); moves and traces in lines of text are the narrator's
//! ([`crate::diagram::narrate`]), re-exported here.

use crate::diagram::narrate;
use crate::engine::notation;
use crate::engine::{LegalMove, MoveEnd};
use serde_json::{Value, json};

/// A trace and a legal move in lines of text are the narrator's (kept
/// here by name for the CLI).
pub use crate::diagram::narrate::{move_line, trace_text};

/// A legal move as JSON.
pub fn move_json(m: &LegalMove) -> Value {
    let (board, captured, laps, cut, cycle) = match &m.end {
        MoveEnd::Finished(f) => (
            json!(f.board.to_grid()),
            f.captured,
            json!(f.laps),
            f.cut_heads,
            Value::Null,
        ),
        MoveEnd::NeverEnding(n) => (Value::Null, 0, Value::Null, false, json!(n.cycle_laps)),
    };
    json!({
        "notation": notation::format(&m.mv),
        "start_pit": m.mv.pit.number(),
        "three_seed": m.mv.three_seed,
        "direction": m.mv.direction().name(),
        "choices": m.mv.choices.iter().map(|d| d.name()).collect::<Vec<_>>(),
        "board_after": board,
        "captured": captured,
        "never_ending": m.end.is_never_ending(),
        "cycle_laps": cycle,
        "laps": laps,
        "cut_heads": cut,
        "text": narrate::move_end(&m.end),
        "outcome": m.end.result().map(|r| {
            let mut o = json!({"result": r.name(), "text": narrate::result(&r)});
            if let crate::engine::GameResult::Win { kind, points, .. } = r {
                o["win"] = json!(kind.name());
                o["points"] = json!(points);
            }
            o
        }),
    })
}
