//! Moves and traces laid out for the CLI and the site (text lines and
//! JSON). The words themselves are the narrator's ([`crate::narrate`]).

use crate::engine::notation;
use crate::engine::{LegalMove, MoveEnd, Played, Side};
use crate::narrate;
use serde_json::{Value, json};

/// A whole trace as text, one line a lap.
pub fn trace_text(p: &Played) -> String {
    let mut s = format!(
        "{} plays {}\n",
        narrate::side(p.mover),
        notation::format_with_side(p.mover, &p.mv)
    );
    for (i, lap) in p.laps.iter().enumerate() {
        s.push_str(&narrate::lap_line(i + 1, lap, p.mover));
        s.push('\n');
    }
    if !p.complete {
        s.push_str(&narrate::only_first(p.laps.len() as u64));
        s.push('\n');
    }
    s.push_str(&format!("Result: {}.\n", narrate::move_end(&p.end)));
    s
}

/// One line per move, for people.
pub fn move_line(m: &LegalMove, mover: Side) -> String {
    let n = notation::format_with_side(mover, &m.mv);
    format!("{n:<10} {}", narrate::move_end(&m.end))
}

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
