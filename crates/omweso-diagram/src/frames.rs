//! From a position or a played move to frames: which scenes to show, and
//! the words (headings, `<desc>`, text twin) for each.

use super::Frame;
use super::scene::{LapPath, Mark, Scene, SceneArrow, SceneHighlight};
use crate::narrate::{self, seeds, thousands};
use crate::{Annotations, PitRef};
use omweso_engine::notation;
use omweso_engine::{
    Board, Lap, LapEnd, LapKind, MoveEnd, Pit, Played, Position, Rules, Seeds, Side,
};

/// Moves of at most this many laps are shown lap by lap.
pub const MAX_LAP_FRAMES: usize = 24;
/// Longer moves: this many laps from the start …
pub const HEAD_LAPS: usize = 12;
/// … and, when the whole trace is known, this many at the end.
pub const TAIL_LAPS: usize = 6;

fn frame(name: String, title: String, desc: String, scene: &Scene, details: &[String]) -> Frame {
    Frame {
        name,
        title,
        desc,
        scene: scene.clone(),
        details: details.to_vec(),
        heading: String::new(),
        words: Vec::new(),
    }
}

/// `first move · no capture yet` → `First move · no capture yet`.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A list in prose: `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn author_marks(scene: &mut Scene, ann: &Annotations) {
    for h in &ann.highlights {
        scene.highlights.push(SceneHighlight {
            pits: h.pits.clone(),
            style: h.style,
            label: h.label.clone(),
        });
    }
    for a in &ann.arrows {
        scene.arrows.push(SceneArrow {
            from: a.from,
            to: a.to,
            label: a.label.clone(),
            capture: false,
        });
    }
}

/// Sentences about the author's highlights and arrows, for `<desc>`.
fn author_words(ann: &Annotations) -> Vec<String> {
    let mut out = Vec::new();
    for h in &ann.highlights {
        let pits: Vec<String> = h.pits.iter().map(|p| p.to_string()).collect();
        let mut s = format!("Highlighted ({}): {}", h.style.name(), pits.join(", "));
        if let Some(l) = &h.label {
            s.push_str(&format!(" — {l}"));
        }
        s.push('.');
        out.push(s);
    }
    for a in &ann.arrows {
        let mut s = format!("Arrow from {} to {}", a.from, a.to);
        if let Some(l) = &a.label {
            s.push_str(&format!(": {l}"));
        }
        s.push('.');
        out.push(s);
    }
    out
}

fn flags(pos: &Position) -> Vec<&'static str> {
    let mut f = Vec::new();
    if pos.first_move {
        f.push("first move");
    }
    if pos.before_first_capture {
        f.push("no capture yet");
    }
    f
}

/// A position with no move.
pub(crate) fn board_frame(
    pos: &Position,
    ann: &Annotations,
    variant: &str,
    rules: &Rules,
) -> Frame {
    let mover = pos.to_move;
    let mut scene = Scene::new(pos.board, ann.seat, ann.labels, rules);
    scene.mover = Some(mover);
    scene.heading = ann.title.clone().unwrap_or_else(|| narrate::to_move(mover));
    let mut sub = vec![narrate::to_move(mover), variant.to_string()];
    sub.extend(flags(pos).iter().map(|s| s.to_string()));
    scene.subheading = Some(sub.join(" · "));
    author_marks(&mut scene, ann);
    if let Some(c) = &ann.caption {
        scene.footer.push(c.clone());
    }
    let south = pos.board.side_total(Side::South) as u64;
    let north = pos.board.side_total(Side::North) as u64;
    // an empty board illustrates the board: nobody is to move on it
    let mut desc = vec![if south + north == 0 {
        format!("The empty board ({variant}).")
    } else {
        format!(
            "{} ({variant}). South has {}, North {}.",
            narrate::to_move(mover),
            seeds(south),
            seeds(north)
        )
    }];
    desc.extend(author_words(ann));
    desc.extend(ann.caption.iter().cloned());
    let title = scene.heading.clone();
    let mut f = frame("00-board".into(), title, desc.join(" "), &scene, &[]);
    // in a page: the title and caption are the figure's; the side to move
    // is beside its name on the board
    f.heading = capitalised(&flags(pos).join(" · "));
    f
}

/// The facts of a move that every frame's words use.
struct MoveCtx<'a> {
    played: &'a Played,
    ann: &'a Annotations,
    variant: &'a str,
    rules: &'a Rules,
    mover: Side,
    /// `South plays 7AC`
    who: String,
    /// Total laps, when the move ends.
    total: Option<u64>,
}

impl MoveCtx<'_> {
    fn lap_of(&self, k: u64) -> String {
        match self.total {
            Some(t) => format!("Lap {} of {}", thousands(k), thousands(t)),
            None => format!("Lap {} of a never-ending move", thousands(k)),
        }
    }

    fn name(&self, pit: Pit) -> String {
        narrate::pit(self.mover, pit)
    }

    fn notes(&self, pred: impl Fn(usize) -> bool) -> Vec<String> {
        self.ann
            .notes
            .iter()
            .filter(|n| pred(n.lap))
            .map(|n| n.text.clone())
            .collect()
    }

    fn scene(&self, board: Board) -> Scene {
        let mut s = Scene::new(board, self.ann.seat, self.ann.labels, self.rules);
        s.mover = Some(self.mover);
        s
    }
}

/// Whether prose names a pit of `side`: by its number (`pit 6`) or its
/// name (`S6`).
fn mentions(text: &str, side: Side, pit: Pit) -> bool {
    let number = pit.number().to_string();
    let name = narrate::pit(side, pit);
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w == number || w.eq_ignore_ascii_case(&name))
}

/// The sowing of a lap, in words: `4 seeds anticlockwise from S12 to S16`.
fn sowing_words(m: &MoveCtx, lap: &Lap, glyph: bool) -> String {
    if lap.kind == LapKind::ThreeSeed {
        let a = lap.sown[0];
        return format!(
            "3 seeds from {}: two into {}, one into {}",
            m.name(lap.from),
            m.name(a),
            m.name(lap.landing)
        );
    }
    let dir = if glyph {
        format!(
            "{} {}",
            narrate::direction_glyph(lap.direction),
            narrate::direction(lap.direction)
        )
    } else {
        narrate::direction(lap.direction).to_string()
    };
    let mut s = format!(
        "{} {} from {} to {}",
        seeds(lap.hand as u64),
        dir,
        m.name(lap.from),
        m.name(lap.landing)
    );
    if lap.choice_point && !glyph {
        s.push_str(" (the mover's choice of direction)");
    }
    s
}

/// What happens where the lap ends, in a sentence.
fn end_words(m: &MoveCtx, lap: &Lap, next_from: Pit) -> String {
    let l = m.name(lap.landing);
    match lap.end {
        LapEnd::Stop => {
            if lap.kind == LapKind::ThreeSeed {
                "The three-seed opening ends the move; it captures nothing.".into()
            } else {
                format!("The last seed falls into {l}, which was empty: the move ends.")
            }
        }
        LapEnd::Relay { pit } if pit == lap.landing => {
            let k = lap.board_after.get(m.mover, pit) as u64;
            format!(
                "{l} was not empty: its {} are lifted and sown on (relay).",
                seeds(k)
            )
        }
        LapEnd::Relay { pit } => {
            let k = lap.board_after.get(m.mover, pit) as u64;
            format!(
                "The seeds end in {l}; under this variant the move goes on by relaying the capturing pit {} ({}).",
                m.name(pit),
                seeds(k)
            )
        }
        LapEnd::Capture(c) => format!(
            "{} captures {}: {}, sown next from E = {}.",
            m.name(c.at),
            narrate::captured_pits(m.mover.opponent(), &c),
            seeds(c.total() as u64),
            m.name(next_from)
        ),
    }
}

/// The opponent's pits captured from in `laps`, each once, with the seeds
/// taken from it in all of them.
fn taken(laps: &[Lap]) -> Vec<(Pit, Seeds)> {
    let mut taken: Vec<(Pit, Seeds)> = Vec::new();
    for lap in laps {
        if let LapEnd::Capture(c) = lap.end {
            for (pit, k) in [(c.inner, c.inner_seeds), (c.outer, c.outer_seeds)] {
                match taken.iter_mut().find(|(q, _)| *q == pit) {
                    Some((_, t)) => *t += k,
                    None => taken.push((pit, k)),
                }
            }
        }
    }
    taken
}

/// Marks the pits of `opp` captured from in `laps` as such.
fn mark_taken(scene: &mut Scene, opp: Side, laps: &[Lap]) {
    for (pit, k) in taken(laps) {
        scene.mark(opp, pit, Mark::Captured(k));
    }
}

fn lap_frame(m: &MoveCtx, idx: usize, seq: usize) -> Frame {
    let laps = &m.played.laps;
    let lap = &laps[idx];
    let k = idx as u64 + 1;
    let next_from = laps.get(idx + 1).map_or(lap.from, |l| l.from);
    let mut scene = m.scene(lap.board_after);
    scene.heading = format!("{} · {}", m.lap_of(k), narrate::lap_kind(lap.kind));
    scene.subheading = Some(format!("{} · {}", m.who, sowing_words(m, lap, true)));
    scene.path = Some(LapPath {
        side: m.mover,
        from: lap.from,
        sown: lap.sown.clone(),
        direction: lap.direction,
    });
    if lap.kind == LapKind::CaptureSowing {
        scene.mark(m.mover, lap.from, Mark::SowFrom);
    } else {
        scene.mark(m.mover, lap.from, Mark::Lift);
    }
    match lap.end {
        LapEnd::Stop => scene.mark(m.mover, lap.landing, Mark::End),
        LapEnd::Relay { pit } => scene.mark(m.mover, pit, Mark::Relay),
        LapEnd::Capture(c) => {
            let opp = m.mover.opponent();
            scene.mark(m.mover, c.at, Mark::CaptureAt);
            scene.arrows.push(SceneArrow {
                from: PitRef::new(opp, c.inner),
                to: PitRef::new(m.mover, next_from),
                label: None,
                capture: true,
            });
        }
    }
    // every pit captured from so far in the move (this lap's capture
    // included) keeps its mark until the move ends: the key's "captured
    // from" means the same on every frame
    mark_taken(&mut scene, m.mover.opponent(), &laps[..=idx]);
    let outcome = end_words(m, lap, next_from);
    let notes = m.notes(|n| n as u64 == k);
    // in the picture an author's note that names the pit where the lap
    // ends (or the pit relayed) says what happens there instead of the
    // generated sentence (both are in `<desc>`)
    let key = match lap.end {
        LapEnd::Relay { pit } => pit,
        _ => lap.landing,
    };
    if !notes.iter().any(|n| mentions(n, m.mover, key)) {
        scene.footer.push(outcome.clone());
    }
    scene.footer.extend(notes.iter().cloned());
    let sown: Vec<String> = lap.sown.iter().map(|p| m.name(*p)).collect();
    let details = vec![format!("Sown: {}.", sown.join(" "))];
    let title = format!(
        "{} — {}: {}",
        m.who,
        m.lap_of(k).to_lowercase(),
        narrate::lap_kind(lap.kind)
    );
    let mut desc = format!(
        "{} ({}). {}: {}, {}. {}",
        m.who,
        m.variant,
        m.lap_of(k),
        narrate::lap_kind(lap.kind),
        sowing_words(m, lap, false),
        outcome
    );
    for n in &notes {
        desc.push_str(&format!(" Note: {n}"));
    }
    let words = scene.footer.clone();
    let mut f = frame(format!("{seq:02}-lap-{k}"), title, desc, &scene, &details);
    f.heading = format!(
        "{} ({}): {}",
        m.lap_of(k),
        narrate::lap_kind(lap.kind),
        sowing_words(m, lap, true)
    );
    f.words = words;
    f
}

/// The laps shown one by one: `(head, tail)` index ranges, and whether an
/// elision frame goes between them.
fn selection(p: &Played) -> (std::ops::Range<usize>, std::ops::Range<usize>, bool) {
    let n = p.laps.len();
    if p.complete && n <= MAX_LAP_FRAMES {
        (0..n, n..n, false)
    } else if p.complete {
        (0..HEAD_LAPS, n - TAIL_LAPS..n, true)
    } else {
        (0..n.min(HEAD_LAPS), n..n, true)
    }
}

fn elision_frame(m: &MoveCtx, head: usize, tail: std::ops::Range<usize>, seq: usize) -> Frame {
    let laps = &m.played.laps;
    let known_tail = !tail.is_empty();
    let shown_board = if known_tail {
        laps[tail.start - 1].board_after
    } else if head > 0 {
        laps[head - 1].board_after
    } else {
        m.played.before.board
    };
    let mut scene = m.scene(shown_board);
    // the pits captured from before the board shown keep their mark
    let shown_laps = if known_tail { tail.start } else { head };
    mark_taken(
        &mut scene,
        m.mover.opponent(),
        &laps[..shown_laps.min(laps.len())],
    );
    let mut footer = Vec::new();
    let (banner, heading, title_tail) = match m.played.end {
        MoveEnd::NeverEnding(ne) => {
            let until = ne.laps_before_cycle.unwrap_or(0) + ne.cycle_laps;
            let more = until.saturating_sub(head as u64);
            footer.push(format!(
                "After lap {} the move repeats itself: from lap {} on, the same cycle of {} comes round again and again, for ever.",
                thousands(until),
                thousands(ne.laps_before_cycle.unwrap_or(0) + 1),
                narrate::laps(ne.cycle_laps)
            ));
            footer.push(format!(
                "The board shown is the board after lap {}.",
                thousands(head as u64)
            ));
            (
                format!(
                    "… {} more {}, then the move repeats for ever …",
                    thousands(more),
                    narrate::noun(more, "lap")
                ),
                "… the move never ends".to_string(),
                "the move never ends".to_string(),
            )
        }
        MoveEnd::Finished(f) => {
            let (skipped, upto) = if known_tail {
                ((tail.start - head) as u64, tail.start as u64)
            } else {
                (f.laps - head as u64, f.laps)
            };
            footer.push(format!(
                "Laps {} to {} are not drawn.",
                thousands(head as u64 + 1),
                thousands(upto)
            ));
            if known_tail {
                footer.push(format!(
                    "The board shown is the board after lap {}.",
                    thousands(upto)
                ));
            } else {
                footer.push(format!(
                    "The board shown is the board after lap {}; the summary shows the board after the move.",
                    thousands(head as u64)
                ));
            }
            (
                format!(
                    "… {} more {} …",
                    thousands(skipped),
                    narrate::noun(skipped, "lap")
                ),
                format!(
                    "… {} more {}",
                    thousands(skipped),
                    narrate::noun(skipped, "lap")
                ),
                format!("{} not drawn", narrate::laps(skipped)),
            )
        }
    };
    scene.heading = heading;
    scene.subheading = Some(format!("{} · {}", m.who, m.variant));
    scene.banner = Some(banner.clone());
    // notes on laps not drawn
    let notes = m.notes(|n| {
        n > head && !(known_tail && n > tail.start) && m.total.is_none_or(|t| n as u64 <= t)
    });
    for n in &notes {
        footer.push(n.clone());
    }
    scene.footer = footer;
    let desc = format!(
        "{} ({}). {} {}",
        m.who,
        m.variant,
        banner,
        scene.footer.join(" ")
    );
    let words = scene.footer.clone();
    let mut f = frame(
        format!("{seq:02}-more-laps"),
        format!("{} — {}", m.who, title_tail),
        desc,
        &scene,
        &[],
    );
    f.heading = banner.trim_matches(|c| c == '…' || c == ' ').to_string();
    f.heading = capitalised(&f.heading);
    f.words = words;
    f
}

fn before_frame(m: &MoveCtx) -> Frame {
    let p = m.played;
    let pit = p.mv.pit;
    let lifted = p.before.board.get(m.mover, pit) as u64;
    let mut scene = m.scene(p.before.board);
    scene.heading = m.ann.title.clone().unwrap_or_else(|| m.who.clone());
    let mut sub = vec![format!("Before the move · {}", m.variant)];
    sub.extend(flags(&p.before).iter().map(|s| s.to_string()));
    scene.subheading = Some(sub.join(" · "));
    scene.mark(m.mover, pit, Mark::Lift);
    author_marks(&mut scene, m.ann);
    let how = if p.mv.three_seed {
        format!(
            "{} plays the three-seed opening from {}.",
            narrate::side(m.mover),
            m.name(pit)
        )
    } else {
        format!(
            "{} lifts the {} of {} and sows them {}.",
            narrate::side(m.mover),
            seeds(lifted),
            m.name(pit),
            narrate::direction(p.mv.direction())
        )
    };
    // in the picture an author's caption that names the pit lifted
    // describes the move instead of the generated sentence (both are in
    // `<desc>`)
    let said_by_caption = m
        .ann
        .caption
        .as_ref()
        .is_some_and(|c| mentions(c, m.mover, pit));
    if !said_by_caption {
        scene.footer.push(how.clone());
    }
    if let Some(c) = &m.ann.caption {
        scene.footer.push(c.clone());
    }
    let notes = m.notes(|n| n == 0);
    scene.footer.extend(notes.iter().cloned());
    // in a page the caption is the figure's, said once
    let mut words: Vec<String> = Vec::new();
    if !said_by_caption {
        words.push(how.clone());
    }
    words.extend(notes.iter().cloned());
    let mut desc = vec![format!("{} ({}). Before the move: {how}", m.who, m.variant)];
    desc.extend(author_words(m.ann));
    desc.extend(m.ann.caption.iter().cloned());
    desc.extend(notes);
    let title = match &m.ann.title {
        Some(t) => format!("{t} — before the move"),
        None => format!("{} — before the move", m.who),
    };
    let mut f = frame("00-before".into(), title, desc.join(" "), &scene, &[]);
    let mut heading = vec!["Before the move".to_string()];
    heading.extend(flags(&p.before).iter().map(|s| s.to_string()));
    f.heading = heading.join(" · ");
    f.words = words;
    f
}

fn summary_frame(m: &MoveCtx) -> Frame {
    let p = m.played;
    let opp = m.mover.opponent();
    let mut lines: Vec<String> = Vec::new();
    let (board, subheading) = match p.end {
        MoveEnd::Finished(f) => {
            // the laps in words: `2 laps: the start and 1 relay`
            let laps = if p.mv.three_seed {
                "The three-seed opening".to_string()
            } else if f.laps == 1 {
                "One lap".to_string()
            } else {
                let relays = f.laps - 1 - f.capture_sowings;
                let mut kinds = vec!["the start".to_string()];
                if relays > 0 {
                    kinds.push(narrate::plural(relays, "relay"));
                }
                if f.capture_sowings > 0 {
                    kinds.push(format!(
                        "{} of captured seeds",
                        narrate::plural(f.capture_sowings, "sowing")
                    ));
                }
                format!("{}: {}", narrate::laps(f.laps), and_list(&kinds))
            };
            lines.push(format!("{laps}."));
            (f.board, format!("{} · {}", m.who, m.variant))
        }
        MoveEnd::NeverEnding(ne) => {
            if let Some(b) = ne.laps_before_cycle {
                lines.push(format!(
                    "After {} the move enters a cycle of {} that repeats for ever.",
                    narrate::laps(b),
                    narrate::laps(ne.cycle_laps)
                ));
            } else {
                lines.push(format!(
                    "The move repeats a cycle of {} for ever.",
                    narrate::laps(ne.cycle_laps)
                ));
            }
            lines.push(format!(
                "The board shown is the board after lap {}.",
                thousands(p.laps.len() as u64)
            ));
            let board = p.laps.last().map_or(p.before.board, |l| l.board_after);
            (
                board,
                format!(
                    "{} · never ends (cycle of {})",
                    m.who,
                    narrate::laps(ne.cycle_laps)
                ),
            )
        }
    };
    let mut scene = m.scene(board);
    scene.mover = None;
    scene.heading = narrate::result_heading(p.end.result());
    scene.subheading = Some(subheading);
    // the pits captured from, with the seeds taken
    let mut captures: Vec<String> = Vec::new();
    for lap in &p.laps {
        if let LapEnd::Capture(c) = lap.end {
            captures.push(narrate::captured_sum(opp, &c));
        }
    }
    if !p.end.is_never_ending() {
        mark_taken(&mut scene, opp, &p.laps);
        if p.complete
            && let Some(last) = p.laps.last()
        {
            scene.mark(m.mover, last.landing, Mark::End);
        }
    }
    if let MoveEnd::Finished(f) = p.end {
        lines.push(if f.captured == 0 {
            "Nothing is captured.".to_string()
        } else if !captures.is_empty() && captures.len() <= 12 && p.complete {
            format!(
                "{} captured: {}.",
                capitalised(&seeds(f.captured as u64)),
                captures.join(", ")
            )
        } else {
            format!("{} captured.", capitalised(&seeds(f.captured as u64)))
        });
    }
    match p.end.result() {
        // the heading says how a never-ending move ends the game
        Some(_) if p.end.is_never_ending() => {}
        Some(r) => lines.push(format!("Result: {}.", narrate::result(&r))),
        None => lines.push(format!("{}.", narrate::to_move(opp))),
    }
    let total = m.total;
    let notes = m.notes(|n| total.is_some_and(|t| n as u64 > t));
    lines.extend(notes);
    scene.footer = lines.clone();
    // the words alone (the text version, a screen reader) say the result
    let mut said = lines.clone();
    if let (true, Some(r)) = (p.end.is_never_ending(), p.end.result()) {
        said.push(format!("Result: {}.", narrate::result(&r)));
    }
    let desc = format!("{} ({}). {}", m.who, m.variant, said.join(" "));
    let title = format!("{} — summary", m.who);
    let mut f = frame("99-summary".into(), title, desc, &scene, &[]);
    f.heading = scene.heading.clone();
    f.words = lines;
    f
}

/// The frames of a played move.
pub(crate) fn move_frames(
    played: &Played,
    ann: &Annotations,
    variant: &str,
    rules: &Rules,
) -> Vec<Frame> {
    let mover = played.mover;
    let m = MoveCtx {
        played,
        ann,
        variant,
        rules,
        mover,
        who: format!(
            "{} plays {}",
            narrate::side(mover),
            notation::format(&played.mv)
        ),
        total: played.end.finished().map(|f| f.laps),
    };
    let mut out = vec![before_frame(&m)];
    let (head, tail, elide) = selection(played);
    let mut seq = 1;
    for i in head.clone() {
        out.push(lap_frame(&m, i, seq));
        seq += 1;
    }
    if elide {
        out.push(elision_frame(&m, head.end, tail.clone(), seq));
        seq += 1;
    }
    for i in tail {
        out.push(lap_frame(&m, i, seq));
        seq += 1;
    }
    out.push(summary_frame(&m));
    out
}
