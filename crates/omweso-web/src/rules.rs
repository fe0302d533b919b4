//! A variant's rules on one line, in the words of a variant file's `rules:`
//! (`reverse_laps=whole_move never_ending=draw wins=no_move ...`), so that
//! a page can hand a site's own variants to the engine.

use omweso_engine::{
    AfterCapture, NeverEnding, Points, ReverseLaps, ReverseStart, Rules, Wins, quote,
};

/// Every field of `rules` as `key=value` words.
///
/// ```
/// use omweso_engine::Rules;
/// use omweso_web::{parse_rules, rules_text};
/// let text = rules_text(&Rules::MODERN);
/// assert!(text.starts_with("reverse_laps=any_lap reverse_reach_limit=true "));
/// assert_eq!(parse_rules(&text), Ok(Rules::MODERN));
/// ```
pub fn rules_text(r: &Rules) -> String {
    let reverse_laps = match r.reverse_laps {
        ReverseLaps::None => "none",
        ReverseLaps::StartChain => "start_chain",
        ReverseLaps::AnyLap => "any_lap",
        ReverseLaps::WholeMove => "whole_move",
    };
    let reverse_start = match r.reverse_start {
        ReverseStart::Capture => "capture",
        ReverseStart::FacingOccupied => "facing_occupied",
    };
    let after_capture = match r.after_capture {
        AfterCapture::Continue => "continue",
        AfterCapture::RelayCapturingPit => "relay_capturing_pit",
    };
    let never_ending = match r.never_ending {
        NeverEnding::Annul => "annul",
        NeverEnding::Draw => "draw",
        NeverEnding::Illegal => "illegal",
    };
    let wins: Vec<&str> = [
        (r.wins.no_move, "no_move"),
        (r.wins.nkutemye, "nkutemye"),
        (r.wins.akawumbi, "akawumbi"),
    ]
    .into_iter()
    .filter_map(|(on, n)| on.then_some(n))
    .collect();
    let points: Vec<String> = [
        ("no_move", r.points.no_move),
        ("nkutemye", r.points.nkutemye),
        ("akawumbi", r.points.akawumbi),
        ("match", r.points.match_target),
    ]
    .into_iter()
    .filter_map(|(n, p)| p.map(|p| format!("{n}:{p}")))
    .collect();
    let or_none = |v: String| if v.is_empty() { "none".to_string() } else { v };
    format!(
        "reverse_laps={reverse_laps} reverse_reach_limit={} reverse_start={reverse_start} \
         after_capture={after_capture} first_move_captures={} three_seed_opening={} wins={} \
         points={} never_ending={never_ending} max_setup_seeds_per_pit={}",
        r.reverse_reach_limit,
        r.first_move_captures,
        r.three_seed_opening,
        or_none(wins.join(",")),
        or_none(points.join(",")),
        r.max_setup_seeds_per_pit
            .map_or("none".to_string(), |n| n.to_string()),
    )
}

/// Rules from [`rules_text`]'s words; every field must be given once.
pub fn parse_rules(text: &str) -> Result<Rules, String> {
    const KEYS: [&str; 10] = [
        "reverse_laps",
        "reverse_reach_limit",
        "reverse_start",
        "after_capture",
        "first_move_captures",
        "three_seed_opening",
        "wins",
        "points",
        "never_ending",
        "max_setup_seeds_per_pit",
    ];
    let mut r = Rules::SHACKELL_1935;
    let mut seen = [false; KEYS.len()];
    for word in text.split_whitespace() {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("expected key=value in the rules, found {}", quote(word)))?;
        let Some(k) = KEYS.iter().position(|&n| n == key) else {
            return Err(format!(
                "unknown rule {}: expected one of {}",
                quote(key),
                KEYS.join(", ")
            ));
        };
        if std::mem::replace(&mut seen[k], true) {
            return Err(format!("rule {key} given twice"));
        }
        let bad = || format!("invalid value {} for rule {key}", quote(value));
        let flag = || match value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(bad()),
        };
        match key {
            "reverse_laps" => {
                r.reverse_laps = match value {
                    "none" => ReverseLaps::None,
                    "start_chain" => ReverseLaps::StartChain,
                    "any_lap" => ReverseLaps::AnyLap,
                    "whole_move" => ReverseLaps::WholeMove,
                    _ => return Err(bad()),
                }
            }
            "reverse_reach_limit" => r.reverse_reach_limit = flag()?,
            "reverse_start" => {
                r.reverse_start = match value {
                    "capture" => ReverseStart::Capture,
                    "facing_occupied" => ReverseStart::FacingOccupied,
                    _ => return Err(bad()),
                }
            }
            "after_capture" => {
                r.after_capture = match value {
                    "continue" => AfterCapture::Continue,
                    "relay_capturing_pit" => AfterCapture::RelayCapturingPit,
                    _ => return Err(bad()),
                }
            }
            "first_move_captures" => r.first_move_captures = flag()?,
            "three_seed_opening" => r.three_seed_opening = flag()?,
            "wins" => {
                r.wins = Wins::default();
                for w in value.split(',').filter(|w| *w != "none") {
                    match w {
                        "no_move" => r.wins.no_move = true,
                        "nkutemye" => r.wins.nkutemye = true,
                        "akawumbi" => r.wins.akawumbi = true,
                        _ => return Err(bad()),
                    }
                }
            }
            "points" => {
                r.points = Points::default();
                for p in value.split(',').filter(|p| *p != "none") {
                    let (name, n) = p.split_once(':').ok_or_else(bad)?;
                    let n: u32 = n.parse().map_err(|_| bad())?;
                    match name {
                        "no_move" => r.points.no_move = Some(n),
                        "nkutemye" => r.points.nkutemye = Some(n),
                        "akawumbi" => r.points.akawumbi = Some(n),
                        "match" => r.points.match_target = Some(n),
                        _ => return Err(bad()),
                    }
                }
            }
            "never_ending" => {
                r.never_ending = match value {
                    "annul" => NeverEnding::Annul,
                    "draw" => NeverEnding::Draw,
                    "illegal" => NeverEnding::Illegal,
                    _ => return Err(bad()),
                }
            }
            _ => {
                r.max_setup_seeds_per_pit = match value {
                    "none" => None,
                    n => Some(n.parse().map_err(|_| bad())?),
                }
            }
        }
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        return Err(format!("rule {} missing", KEYS[k]));
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_round_trips_and_a_change_shows() {
        for r in [
            Rules::SHACKELL_1935,
            Rules::MODERN,
            Rules::LUDII,
            Rules::MCGILL_2015,
        ] {
            assert_eq!(parse_rules(&rules_text(&r)), Ok(r));
        }
        let mut r = Rules::LUDII;
        r.never_ending = NeverEnding::Illegal;
        r.max_setup_seeds_per_pit = Some(3);
        r.points.akawumbi = Some(7);
        assert_eq!(parse_rules(&rules_text(&r)), Ok(r));
        assert_ne!(rules_text(&r), rules_text(&Rules::LUDII));
        let short = rules_text(&r).replace(" never_ending=illegal", "");
        assert_eq!(parse_rules(&short), Err("rule never_ending missing".into()));
    }
}
