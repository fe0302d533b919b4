//! The plain-text twin of a scene: the board as a grid of counts seen from
//! the seat, the marks in brackets, and the words of the frame.

use super::scene::{Mark, Scene, pit_at_display, top_side};
use super::svg::wrap;
use crate::PitRef;
use crate::narrate;
use omweso_engine::{Pit, Seeds, Side};

/// Bracket pairs for the marks, by priority.
fn brackets(scene: &Scene, r: PitRef) -> Option<(char, char, &'static str)> {
    let marks = scene.marks_of(r);
    let has = |f: fn(&Mark) -> bool| marks.iter().any(|m| f(m));
    if has(|m| matches!(m, Mark::Captured(_))) {
        Some(('<', '>', "<n> captured"))
    } else if has(|m| matches!(m, Mark::Relay | Mark::End | Mark::CaptureAt)) {
        Some(('[', ']', "[n] where the lap ends"))
    } else if has(|m| matches!(m, Mark::Lift | Mark::SowFrom)) {
        Some(('(', ')', "(n) lifted / sown from"))
    } else if scene.highlights.iter().any(|h| h.pits.contains(&r)) {
        Some(('{', '}', "{n} highlighted"))
    } else {
        None
    }
}

fn row_name(side: Side, row_pits: &[(Side, omweso_engine::Pit)]) -> String {
    let first = row_pits.first().expect("a row").1;
    let last = row_pits.last().expect("a row").1;
    format!("{}…{}", narrate::pit(side, first), narrate::pit(side, last))
}

fn side_line(scene: &Scene, side: Side) -> String {
    match crate::svg::side_info(scene, side) {
        Some(info) => format!("{} · {info}", narrate::side(side)),
        None => narrate::side(side).to_string(),
    }
}

/// The text twin of a scene.
pub(crate) fn render(scene: &Scene, details: &[String]) -> String {
    let mut out = String::new();
    out.push_str(&scene.heading);
    out.push('\n');
    if let Some(s) = &scene.subheading {
        out.push_str(s);
        out.push('\n');
    }
    out.push('\n');
    let mut legend: Vec<&'static str> = Vec::new();
    out.push_str(&side_line(scene, top_side(scene.seat)));
    out.push('\n');
    for row in 0..4 {
        if row == 2 {
            out.push_str(&format!("{}\n", "-".repeat(40)));
        }
        let pits: Vec<_> = (0..8)
            .map(|col| pit_at_display(scene.seat, row, col))
            .collect();
        for &(side, pit) in &pits {
            let k = scene.board.get(side, pit);
            let cell = match brackets(scene, PitRef::new(side, pit)) {
                Some((open, close, what)) => {
                    if !legend.contains(&what) {
                        legend.push(what);
                    }
                    format!("{:>4}{close}", format!("{open}{k}"))
                }
                None => format!("{k:>4} "),
            };
            out.push_str(&cell);
        }
        out.push_str(&format!("  {}\n", row_name(pits[0].0, &pits)));
    }
    out.push_str(&side_line(scene, scene.seat));
    out.push('\n');
    if let Some(b) = &scene.banner {
        out.push('\n');
        out.push_str(b);
        out.push('\n');
    }
    let words: Vec<&String> = scene.footer.iter().chain(details.iter()).collect();
    if !words.is_empty() {
        out.push('\n');
        for w in words {
            for line in wrap(w, 78) {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    if !legend.is_empty() {
        legend.sort();
        out.push('\n');
        out.push_str(&format!("Marks: {}.\n", legend.join("; ")));
    }
    out
}

/// The text twin of a scene shown after `before` in a figure: only what
/// changed on the board, in the narrator's words — the pits whose counts
/// changed with their counts now (the lap's pit sown from and the pits it
/// sows first, in the order sown, then the others: the side moving, pits
/// 1 to 16, then the other side), and each side's seeds when a capture
/// changed them.
pub(crate) fn render_after(scene: &Scene, before: &Scene) -> String {
    let (now, then) = (&scene.board, &before.board);
    let mut order: Vec<(Side, Pit)> = Vec::with_capacity(32);
    let mut push = |side: Side, pit: Pit| {
        if !order.contains(&(side, pit)) {
            order.push((side, pit));
        }
    };
    if let Some(path) = &scene.path {
        push(path.side, path.from);
        for &p in &path.sown {
            push(path.side, p);
        }
    }
    let first = scene.mover.unwrap_or(scene.seat);
    for side in [first, first.opponent()] {
        for pit in Pit::ALL {
            push(side, pit);
        }
    }
    let changed: Vec<(Side, Pit, Seeds)> = order
        .into_iter()
        .filter(|&(s, p)| now.get(s, p) != then.get(s, p))
        .map(|(s, p)| (s, p, now.get(s, p)))
        .collect();
    let mut out = narrate::seeds_now(&changed);
    let sides = [top_side(scene.seat), scene.seat];
    if sides
        .iter()
        .any(|&s| now.side_total(s) != then.side_total(s))
    {
        let totals: Vec<(Side, u64)> = sides
            .iter()
            .map(|&s| (s, now.side_total(s) as u64))
            .collect();
        out.push(' ');
        out.push_str(&narrate::sides_now(&totals));
    }
    out
}
