//! The compare page's reasons: for each rule set, one sentence saying why
//! the compared move ends as it does there, written from where its trace
//! parts from the trace under the example's own rules (or from why the
//! move cannot be played), with the chapter section that explains the
//! rule. Nothing here is written per example.

use super::content::Site;
use super::traces::Trace;
use crate::diagram::narrate;
use crate::engine::{
    AfterCapture, Direction, Lap, LapEnd, LapKind, Move, PlayError, Played, Position, ReverseLaps,
    ReverseStart, Rules, Side, notation,
};
use crate::model::VariantDoc;

/// One rule set's reason, with the section that explains its rule.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Reason {
    pub text: String,
    /// Relative to the site's root: `reverse-capture.html#ludii`.
    pub href: String,
    /// The section's title, the link's words.
    pub link: String,
}

/// Which rule a reason rests on: the section that explains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Topic {
    /// How this rule set reads going back (reverse laps).
    Reverse,
    /// What allows a clockwise start.
    ClockwiseStart,
    /// The limit of pit 9 on going back.
    Reach,
    /// No capture on a first move.
    FirstMove,
    /// The three-seed opening.
    ThreeSeed,
    /// What follows the sowing of captured seeds.
    AfterCapture,
    /// Never-ending moves.
    NeverEnding,
    /// Where the rule sets part, in general.
    Differences,
    /// The chapter the example is written in.
    Example,
}

/// "Under Shackell's rules", "under modern rules", "under Ludii's rules";
/// a site's own variant by its title.
pub(crate) fn under(v: &VariantDoc) -> String {
    match builtin(v) {
        Some(Rules::SHACKELL_1935) => "under Shackell's rules".into(),
        Some(Rules::MODERN) => "under modern rules".into(),
        Some(Rules::LUDII) => "under Ludii's rules".into(),
        Some(Rules::MCGILL_2015) => "under McGill's rules".into(),
        _ => format!("under the rules of {}", v.title),
    }
}

/// The rule set of [`Rules::BUILTIN`] a variant is, by its name (the names
/// are spelt there alone); `None` for a site's own variant.
fn builtin(v: &VariantDoc) -> Option<Rules> {
    Rules::builtin(v.name())
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn pit(side: Side, p: crate::engine::Pit) -> String {
    narrate::pit(side, p)
}

/// What a lap's end does, as a clause: `captures N16 (1) and N1 (2)`,
/// `relays S16`, `ends the move in the empty pit S10`.
fn lap_does(lap: &Lap, mover: Side) -> String {
    match lap.end {
        LapEnd::Stop => format!("ends the move in the empty pit {}", pit(mover, lap.landing)),
        LapEnd::Relay { pit: p } if p == lap.landing => format!("relays {}", pit(mover, p)),
        LapEnd::Relay { pit: p } => format!("relays the capturing pit {}", pit(mover, p)),
        LapEnd::Capture(c) => format!("captures {}", narrate::captured_pits(mover.opponent(), &c)),
    }
}

/// How a move ends, short: `2 laps, 5 seeds captured`.
fn ends(p: &Played) -> String {
    narrate::move_end(&p.end)
}

/// Which lap of a move, in words: `the start`, `the relay from S16`,
/// `the captured seeds' sowing from beside S5`.
fn which_lap(lap: &Lap, mover: Side) -> String {
    match lap.kind {
        LapKind::Start => format!("the start from {}", pit(mover, lap.from)),
        LapKind::Relay => format!("the relay from {}", pit(mover, lap.from)),
        LapKind::CaptureSowing => format!(
            "the captured seeds' sowing from beside {}",
            pit(mover, lap.from)
        ),
        LapKind::ThreeSeed => format!("the three-seed opening from {}", pit(mover, lap.from)),
    }
}

/// The reason for one rule set's row: `variant`'s trace of the move
/// against `own`'s (the example's own rules, traced as the example is).
#[allow(clippy::too_many_arguments)]
pub(crate) fn reason(
    site: &Site,
    example_chapter: Option<(&str, &str)>,
    pos: &Position,
    mv: &Move,
    own: &VariantDoc,
    own_trace: &Trace,
    variant: &VariantDoc,
    trace: &Trace,
) -> Reason {
    let (text, topic) = sentence(pos, mv, own, own_trace, variant, trace);
    let (href, link) = section(site, topic, variant, example_chapter);
    Reason { text, href, link }
}

fn sentence(
    pos: &Position,
    mv: &Move,
    own: &VariantDoc,
    own_trace: &Trace,
    variant: &VariantDoc,
    trace: &Trace,
) -> (String, Topic) {
    let mover = pos.to_move;
    let written = notation::format_with_side(mover, mv);
    let u = under(variant);
    let r = variant.rules();
    let same_rules = variant.rules() == own.rules();
    let played = match &**trace {
        Err(e) => return refusal(pos, mv, &written, &u, r, own_trace, e),
        Ok(p) => p,
    };
    if same_rules {
        let whose = if variant.name() == own.name() {
            "The example is written for these rules".to_string()
        } else {
            format!("{} the rules are the example's own", cap(&u))
        };
        return (
            format!("{whose}: {written} {}.", summary(played)),
            Topic::Example,
        );
    }
    let theirs = match &**own_trace {
        Ok(t) => t,
        Err(_) => {
            return (
                format!(
                    "{} the move is allowed: {written} {}.",
                    cap(&u),
                    summary(played)
                ),
                Topic::Differences,
            );
        }
    };
    let ow = under(own);
    // the first lap where the two traces part
    let parted = played
        .laps
        .iter()
        .zip(&theirs.laps)
        .position(|(a, b)| a != b);
    let Some(i) = parted else {
        if played.end == theirs.end {
            return (
                format!(
                    "{} {written} is played lap for lap as {ow}: none of the rules that differ comes into this move ({}).",
                    cap(&u),
                    ends(played)
                ),
                Topic::Differences,
            );
        }
        return (
            format!(
                "{} {written} is sown as {ow}, but ends otherwise: {}.",
                cap(&u),
                narrate::move_end(&played.end)
            ),
            Topic::NeverEnding,
        );
    };
    let (a, b) = (&played.laps[i], &theirs.laps[i]);
    let n = i + 1;
    let then = format!("so the move {}", summary(played));
    if a.direction != b.direction {
        let w = which_lap(a, mover);
        return match (a.kind, r.reverse_laps) {
            (LapKind::CaptureSowing, ReverseLaps::WholeMove) => (
                format!(
                    "{} captured seeds are always sown anticlockwise: {w} (lap {n}) {}, {then}.",
                    cap(&u),
                    lap_does(a, mover)
                ),
                Topic::Reverse,
            ),
            (_, ReverseLaps::WholeMove) => (
                format!(
                    "{} every relay keeps the direction chosen at the start: {w} (lap {n}) goes {} and {}, {then}.",
                    cap(&u),
                    a.direction.name(),
                    lap_does(a, mover)
                ),
                Topic::Reverse,
            ),
            (_, ReverseLaps::StartChain) if a.direction == Direction::Anticlockwise => (
                format!(
                    "{} once a lap has gone anticlockwise the rest of the move does too: {w} (lap {n}) goes anticlockwise and {}, {then}.",
                    cap(&u),
                    lap_does(a, mover)
                ),
                Topic::Reverse,
            ),
            (_, ReverseLaps::None) => (
                format!(
                    "{} every lap is sown anticlockwise: {w} (lap {n}) {}, {then}.",
                    cap(&u),
                    lap_does(a, mover)
                ),
                Topic::Reverse,
            ),
            _ => (
                format!(
                    "{} {w} (lap {n}) goes {} and {}, {then}.",
                    cap(&u),
                    a.direction.name(),
                    lap_does(a, mover)
                ),
                Topic::Reverse,
            ),
        };
    }
    if a.sown == b.sown && a.end != b.end {
        let capture_here = matches!(a.end, LapEnd::Capture(_));
        let capture_there = matches!(b.end, LapEnd::Capture(_));
        let first_move_rule =
            pos.first_move && r.first_move_captures != own.rules().first_move_captures;
        if first_move_rule && capture_there && !capture_here {
            return (
                format!(
                    "{} a player's first move cannot capture: the last seed of lap {n} in {} {} instead, {then}.",
                    cap(&u),
                    pit(mover, a.landing),
                    lap_does(a, mover).replace(&format!(" {}", pit(mover, a.landing)), "")
                ),
                Topic::FirstMove,
            );
        }
        if first_move_rule && capture_here {
            return (
                format!(
                    "{} a first move may capture: lap {n} {}, {then}.",
                    cap(&u),
                    lap_does(a, mover)
                ),
                Topic::FirstMove,
            );
        }
        if a.kind == LapKind::CaptureSowing && r.after_capture != own.rules().after_capture {
            let text = match r.after_capture {
                AfterCapture::RelayCapturingPit => {
                    let instead = match b.end {
                        LapEnd::Stop => "ending the move there".to_string(),
                        LapEnd::Relay { .. } => "relaying it".to_string(),
                        LapEnd::Capture(c) => format!(
                            "capturing {} again",
                            narrate::captured_pits(mover.opponent(), &c)
                        ),
                    };
                    let relayed = match a.end {
                        LapEnd::Relay { pit: p } => format!(" {}", pit(mover, p)),
                        _ => String::new(),
                    };
                    format!(
                        "{}, the pit the captured seeds end in does not count: their last seed falls in {} and, instead of {instead} as {ow}, the move goes on by relaying the capturing pit{relayed}, {then}.",
                        cap(&u),
                        pit(mover, a.landing)
                    )
                }
                AfterCapture::Continue => format!(
                    "{} the captured seeds' last seed is a new lap end: lap {n} {}, {then}.",
                    cap(&u),
                    lap_does(a, mover)
                ),
            };
            return (text, Topic::AfterCapture);
        }
        return (
            format!(
                "{} lap {n} {} where {ow} it {}, {then}.",
                cap(&u),
                lap_does(a, mover),
                lap_does(b, mover)
            ),
            Topic::Differences,
        );
    }
    (
        format!(
            "{} {} (lap {n}) sows {} and {}, {then}.",
            cap(&u),
            which_lap(a, mover),
            narrate::seeds(a.sown.len() as u64),
            lap_does(a, mover)
        ),
        Topic::Differences,
    )
}

/// What a played move does, as a predicate: `captures 5 seeds in 2 laps`.
fn summary(p: &Played) -> String {
    match p.end.finished() {
        Some(f) => format!(
            "{} in {}",
            narrate::captures(f.captured as u64),
            narrate::laps(f.laps)
        ),
        None => narrate::move_does(&p.end),
    }
}

/// Why the move cannot be played under these rules, in the reader's
/// words: the rule that forbids it, no other move's numbers.
fn refusal(
    pos: &Position,
    mv: &Move,
    written: &str,
    u: &str,
    r: &Rules,
    own_trace: &Trace,
    e: &PlayError,
) -> (String, Topic) {
    let mover = pos.to_move;
    let not = format!("{written} cannot be played {u}");
    match e {
        PlayError::ClockwiseStartIllegal { pit: p, .. } => {
            let p = pit(mover, *p);
            if r.reverse_laps == ReverseLaps::None {
                (
                    format!("{not}: every lap is sown anticlockwise, so no move starts clockwise."),
                    Topic::Reverse,
                )
            } else if pos.first_move && !r.first_move_captures {
                (
                    format!(
                        "{not}: a player's first move may not capture, so it has no clockwise lap."
                    ),
                    Topic::FirstMove,
                )
            } else if !mv.pit.is_left_hand() {
                (
                    format!(
                        "{not}: only the left-hand pits 1, 2, 15 and 16 may start clockwise, and {p} is not one."
                    ),
                    Topic::ClockwiseStart,
                )
            } else if r.reverse_start == ReverseStart::Capture {
                // what the clockwise start does where it is allowed
                let first = own_trace.as_ref().ok().and_then(|t| t.laps.first());
                let mut topic = Topic::ClockwiseStart;
                let why = match first.map(|l| l.end) {
                    Some(LapEnd::Capture(_)) if r.reverse_reach_limit => {
                        topic = Topic::Reach;
                        "; this one would have to sow past pit 9 to capture".to_string()
                    }
                    Some(LapEnd::Stop) => format!(
                        "; this one's last seed falls into the empty pit {} and captures nothing",
                        pit(mover, first.expect("a lap").landing)
                    ),
                    Some(LapEnd::Relay { pit: l }) => format!(
                        "; this one's last seed reaches {} and relays",
                        pit(mover, l)
                    ),
                    _ => String::new(),
                };
                (
                    format!(
                        "{not}: a clockwise start is allowed only when it captures at once{why}."
                    ),
                    topic,
                )
            } else {
                (
                    format!(
                        "{not}: a clockwise start must end in an inner pit whose two facing pits hold seeds."
                    ),
                    Topic::ClockwiseStart,
                )
            }
        }
        PlayError::TooManyChoices { .. } => {
            // the lap the move as written turns back on
            let turn = own_trace.as_ref().ok().and_then(|t| {
                t.laps
                    .iter()
                    .skip(1)
                    .find(|l| l.choice_point && l.direction == Direction::Clockwise)
            });
            let at = turn
                .map(|l| format!("{} ", which_lap(l, mover)))
                .unwrap_or_else(|| "a later lap ".into());
            let rule = match r.reverse_laps {
                ReverseLaps::None => "every lap is sown anticlockwise".to_string(),
                ReverseLaps::StartChain => "only the start (and the seeds a clockwise capture takes) may go clockwise; once a lap has gone anticlockwise, the rest of the move does too".to_string(),
                ReverseLaps::WholeMove => "every relay keeps the direction chosen at the start".to_string(),
                ReverseLaps::AnyLap => "a lap may go clockwise only from a left-hand pit and only when it captures at once".to_string(),
            };
            (
                format!("{not}: {rule}, so {at}may not turn clockwise."),
                Topic::Reverse,
            )
        }
        PlayError::ThreeSeedUnavailable { .. } | PlayError::ThreeSeedWithChoices => {
            let why = if !r.three_seed_opening {
                "there is no three-seed opening"
            } else {
                "the three-seed opening is allowed only before the game's first capture, from a pit of exactly three"
            };
            (format!("{not}: {why}."), Topic::ThreeSeed)
        }
        PlayError::NeverEndingIllegal => (
            format!("{not}: it never ends, and these rules forbid a move that never ends."),
            Topic::NeverEnding,
        ),
        PlayError::TooFewSeeds { .. } | PlayError::NoLegalMove { .. } => (
            format!("{not}: {}.", narrate::play_error(e)),
            Topic::Differences,
        ),
    }
}

/// The section that explains `topic` for `variant`: the bundled
/// rulebook's chapter sections where the site has them, else the rule
/// set's own page.
fn section(
    site: &Site,
    topic: Topic,
    variant: &VariantDoc,
    example_chapter: Option<(&str, &str)>,
) -> (String, String) {
    // the rule set's own section of the reverse-capture chapter (the
    // headings' anchors, not the rule sets' names)
    let own_section = match builtin(variant) {
        Some(Rules::SHACKELL_1935) => Some("shackell-1935"),
        Some(Rules::MODERN) => Some("modern-tournament-play"),
        Some(Rules::LUDII) => Some("ludii"),
        _ => None,
    };
    let wanted: Vec<(&str, &str)> = match topic {
        Topic::Reverse => {
            let mut w: Vec<(&str, &str)> = own_section
                .map(|s| ("reverse-capture", s))
                .into_iter()
                .collect();
            w.push(("variants", "going-back-okutebuka"));
            w
        }
        Topic::ClockwiseStart => vec![
            ("variants", "what-allows-a-clockwise-start"),
            ("reverse-capture", "what-every-reading-shares"),
        ],
        Topic::Reach => vec![
            ("reverse-capture", "not-past-pit-9"),
            ("variants", "how-far-back"),
        ],
        Topic::FirstMove => vec![
            ("setting-up", "no-capture-on-the-first-move-modern"),
            ("variants", "the-first-move-and-the-opening"),
        ],
        Topic::ThreeSeed => vec![
            ("setting-up", "the-three-seed-opening-modern"),
            ("variants", "the-first-move-and-the-opening"),
        ],
        Topic::AfterCapture => vec![("variants", "after-a-capture")],
        Topic::NeverEnding => vec![("never-ending-moves", "how-this-site-decides")],
        Topic::Differences => vec![("variants", "where-the-sources-disagree")],
        Topic::Example => example_chapter.into_iter().collect(),
    };
    for (stem, id) in wanted {
        let Some(ch) = site.chapters.iter().find(|c| c.stem == stem) else {
            continue;
        };
        if id.is_empty() {
            return (ch.url(), ch.front.title.clone());
        }
        if let Some(h) = ch.headings.iter().find(|h| h.id == id) {
            return (
                format!("{}#{}", ch.url(), h.id),
                format!("{}: {}", ch.front.title, h.text),
            );
        }
    }
    (
        format!("variants/{}.html", variant.name()),
        variant.title.clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::traces::Traces;
    use std::path::Path;

    /// Every compared example of the bundled rulebook gets one reason per
    /// rule set, each linked to a section that exists; the reasons say the
    /// rule, not another move's numbers.
    #[test]
    fn the_rulebooks_comparisons_are_explained() {
        let (site, errs) = crate::site::load(Path::new(env!("CARGO_MANIFEST_DIR")), false);
        assert!(errs.is_empty(), "{errs:?}");
        let t = Traces::for_build(&site);
        let mut said = std::collections::HashMap::new();
        for id in &site.config.compare {
            let (key, doc) = site.find(id).unwrap();
            let own = t.of(key).unwrap();
            for v in site.variants.iter() {
                let played = t.compared(key, v.name()).unwrap();
                let r = reason(
                    &site,
                    None,
                    &doc.position,
                    doc.mv.as_ref().unwrap(),
                    &doc.variant,
                    own,
                    v,
                    played,
                );
                assert!(r.text.ends_with('.') && r.text.len() > 30, "{r:?}");
                assert!(!r.text.contains("choice point"), "{r:?}");
                let (page, anchor) = r.href.split_once('#').unwrap_or((&r.href, ""));
                if let Some(ch) = site.chapters.iter().find(|c| c.url() == page) {
                    assert!(ch.headings.iter().any(|h| h.id == anchor), "{r:?}");
                } else {
                    assert_eq!(page, format!("variants/{}.html", v.name()), "{r:?}");
                }
                said.insert((id.as_str(), v.name().to_string()), r.text);
            }
        }
        let of = |id: &str, v: &str| said[&(id, v.to_string())].clone();
        // Ludii relays the capturing pit after the captured seeds
        let l = of("capture-basic", "ludii");
        assert!(l.contains("relaying the capturing pit S9"), "{l}");
        // Shackell: once anticlockwise, always; the relay named
        let s = of("modern-relay-reverse", "shackell-1935");
        assert!(
            s.starts_with("S12AC cannot be played under Shackell's rules")
                && s.contains("the relay from S16"),
            "{s}"
        );
        // a clockwise start that captures nothing, where one must capture
        let m = of("ludii-empty-landing", "modern");
        assert!(m.contains("captures at once") && m.contains("S15"), "{m}");
        // the same laps: said so
        let same = of("capture-chain", "modern");
        assert!(same.contains("lap for lap"), "{same}");
        // a first move: no capture under modern rules, where Shackell's
        // captures (a position the page does not compare)
        let (_, doc) = site.find("compare-shackell").unwrap();
        let mv = doc.mv.as_ref().unwrap();
        let own = Trace::for_test(crate::engine::trace(
            doc.variant.rules(),
            &doc.position,
            mv,
            100,
        ));
        let modern = site.variants.iter().find(|v| v.name() == "modern").unwrap();
        let theirs = Trace::for_test(crate::engine::trace(modern.rules(), &doc.position, mv, 100));
        let r = reason(
            &site,
            None,
            &doc.position,
            mv,
            &doc.variant,
            &own,
            modern,
            &theirs,
        );
        assert_eq!(
            r.text,
            "Under modern rules a player's first move cannot capture: the last seed of lap 1 in S12 relays instead, so the move captures nothing in 2 laps."
        );
        assert_eq!(
            r.href,
            "setting-up.html#no-capture-on-the-first-move-modern"
        );
    }
}
