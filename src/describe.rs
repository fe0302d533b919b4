//! Moves and traces in words and as JSON, for the CLI and the site.

use crate::engine::notation;
use crate::engine::{Lap, LapEnd, LapKind, LegalMove, MoveEnd, Played, Side};
use serde_json::{Value, json};

/// `n` and the noun, plural unless `n` is 1: `1 pit`, `3 pits`.
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A pit as `S5` / `N12`.
fn pit(side: Side, p: crate::engine::Pit) -> String {
    format!("{}{}", side.letter(), p)
}

/// One lap in words: "Lap 2 (relay): 4 seeds from S12 anticlockwise to S16;
/// captures N9 (3) and N8 (2)."
pub fn lap_text(n: usize, lap: &Lap, mover: Side) -> String {
    let opp = mover.opponent();
    let kind = match lap.kind {
        LapKind::Start => "start",
        LapKind::Relay => "relay",
        LapKind::CaptureSowing => "captured seeds",
        LapKind::ThreeSeed => "three-seed opening",
    };
    let choice = if lap.choice_point { ", by choice" } else { "" };
    let what = if lap.kind == LapKind::ThreeSeed {
        format!(
            "2 seeds into {} and 1 into {}",
            pit(mover, lap.sown[0]),
            pit(mover, lap.landing)
        )
    } else {
        format!(
            "{} seed{} from {} {}{choice} to {}",
            lap.hand,
            if lap.hand == 1 { "" } else { "s" },
            pit(mover, lap.from),
            lap.direction,
            pit(mover, lap.landing)
        )
    };
    let end = match lap.end {
        LapEnd::Stop => "the pit was empty: the move ends".to_string(),
        LapEnd::Relay { pit: p } if p == lap.landing => {
            format!("{} was occupied: relay", pit(mover, p))
        }
        LapEnd::Relay { pit: p } => format!("the capturing pit {} is relayed", pit(mover, p)),
        LapEnd::Capture(c) => format!(
            "captures {} ({}) and {} ({}): {} seeds",
            pit(opp, c.inner),
            c.inner_seeds,
            pit(opp, c.outer),
            c.outer_seeds,
            c.total()
        ),
    };
    format!("Lap {n} ({kind}): {what}; {end}.")
}

/// The summary line of a move's end.
pub fn end_text(end: &MoveEnd) -> String {
    match end {
        MoveEnd::Finished(f) => {
            let mut s = format!(
                "{} lap{}, {} seed{} captured",
                f.laps,
                if f.laps == 1 { "" } else { "s" },
                f.captured,
                if f.captured == 1 { "" } else { "s" }
            );
            if let Some(r) = f.result {
                s.push_str(&format!("; {}", r.describe()));
            }
            s
        }
        MoveEnd::NeverEnding(n) => {
            let mut s = format!("never ends: a cycle of {} laps", group(n.cycle_laps));
            if let Some(b) = n.laps_before_cycle {
                s.push_str(&format!(
                    " entered after {} lap{}",
                    group(b),
                    if b == 1 { "" } else { "s" }
                ));
            }
            s.push_str(&format!("; {}", n.result.describe()));
            s
        }
    }
}

/// 1565991 → "1,565,991".
pub fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A whole trace as text, one line a lap.
pub fn trace_text(p: &Played) -> String {
    let mut s = format!(
        "{} plays {}\n",
        p.mover.title(),
        notation::format_with_side(p.mover, &p.mv)
    );
    for (i, lap) in p.laps.iter().enumerate() {
        s.push_str(&lap_text(i + 1, lap, p.mover));
        s.push('\n');
    }
    if !p.complete {
        s.push_str(&format!(
            "… only the first {} laps are shown.\n",
            p.laps.len()
        ));
    }
    s.push_str(&format!("Result: {}.\n", end_text(&p.end)));
    s
}

/// One line per move, for people.
pub fn move_line(m: &LegalMove, mover: Side) -> String {
    let n = notation::format_with_side(mover, &m.mv);
    format!("{n:<10} {}", end_text(&m.end))
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
            let mut o = json!({"result": r.name(), "text": r.describe()});
            if let crate::engine::GameResult::Win { kind, points, .. } = r {
                o["win"] = json!(kind.name());
                o["points"] = json!(points);
            }
            o
        }),
    })
}
