//! The narrator: the one place that owns the English words for Omweso
//! facts — counts (`1 seed`, `1,565,991 laps`), pits (`S5`), sides,
//! directions, lap kinds, what happens where a lap ends, how a move ends
//! and the result. The diagram frames, the CLI, the site, the puzzle
//! verifier and generator, the checker and — through the web module's
//! JSON answers, which carry its sentences — the page scripts all word
//! things through it. The engine keeps data (enums, numbers), not English.
//!
//! ```
//! use omweso_diagram::narrate;
//! use omweso_engine::{Direction, LapKind, Pit, Side};
//!
//! assert_eq!(narrate::plural(1, "seed"), "1 seed");
//! assert_eq!(narrate::plural(3, "pit"), "3 pits");
//! assert_eq!(narrate::laps(1_565_991), "1,565,991 laps");
//! assert_eq!(narrate::noun(1, "lap"), "lap");
//! assert_eq!(narrate::thousands(1234), "1,234");
//! let s5 = Pit::new(5).unwrap();
//! assert_eq!(narrate::pit(Side::South, s5), "S5");
//! assert_eq!(narrate::direction(Direction::Clockwise), "clockwise");
//! assert_eq!(narrate::lap_kind(LapKind::CaptureSowing), "captured seeds sown");
//! assert_eq!(narrate::to_move(Side::North), "North to move");
//! assert_eq!(narrate::captures(0), "captures nothing");
//! assert_eq!(narrate::captures(1), "captures 1 seed");
//! ```

use omweso_engine::{
    CaptureInfo, ClockwiseRefusal, Direction, GameResult, Lap, LapEnd, LapKind, LegalMove, MoveEnd,
    NeverEndingInfo, Pit, PlayError, Played, ReverseLaps, ReverseStart, Rules, Seeds, Side,
    ThreeSeedRefusal, WinKind, notation,
    notation::{NotationError, Unreadable},
    quote,
    search::{Score, setup::Style},
};

/// What the shaded blocks of a board mean under `rules`: each side's four
/// left-hand pits (1, 2, 15 and 16), the only ones a lap may be sown
/// clockwise from (Okutebuka, "going back"), which laps may and when (the
/// rules' `reverse_laps` and `reverse_start`). The key line of
/// every board that shades them; `None` when the rules have no clockwise
/// sowing, and a board then shades nothing.
///
/// ```
/// use omweso_diagram::narrate::left_hand_pits;
/// use omweso_engine::Rules;
///
/// assert_eq!(
///     left_hand_pits(&Rules::SHACKELL_1935).as_deref(),
///     Some("shaded: the left-hand pits (1, 2, 15, 16), where a move may start going back (clockwise), only to capture at once")
/// );
/// assert_eq!(left_hand_pits(&Rules::MCGILL_2015), None);
/// ```
pub fn left_hand_pits(rules: &Rules) -> Option<String> {
    let which = match rules.reverse_laps {
        ReverseLaps::None => return None,
        ReverseLaps::StartChain | ReverseLaps::WholeMove => "where a move may start going back",
        ReverseLaps::AnyLap => "where any lap may start going back",
    };
    let when = match rules.reverse_start {
        ReverseStart::Capture => "only to capture at once",
        ReverseStart::FacingOccupied => "aimed at an inner pit facing two occupied pits",
    };
    Some(format!(
        "shaded: the left-hand pits (1, 2, 15, 16), {which} (clockwise), {when}"
    ))
}

/// `1565991` → `1,565,991`: the engine's way of writing a count (one
/// definition for the engine's messages and the narrator's).
///
/// ```
/// assert_eq!(omweso_diagram::narrate::thousands(999), "999");
/// assert_eq!(omweso_diagram::narrate::thousands(1_000_000), "1,000,000");
/// ```
pub use omweso_engine::thousands;

/// The noun alone, plural unless `n` is 1: `lap`, `laps` (regular nouns:
/// the plural adds `s`).
///
/// ```
/// use omweso_diagram::narrate::noun;
/// assert_eq!(noun(1, "error"), "error");
/// assert_eq!(noun(0, "error"), "errors");
/// ```
pub fn noun(n: u64, singular: &str) -> String {
    if n == 1 {
        singular.to_string()
    } else {
        format!("{singular}s")
    }
}

/// The count (with thousands separators) and the noun, plural unless `n`
/// is 1: `1 pit`, `3 pits`, `12,000 moves`. The one plural helper.
///
/// ```
/// use omweso_diagram::narrate::plural;
/// assert_eq!(plural(1, "claim"), "1 claim");
/// assert_eq!(plural(0, "claim"), "0 claims");
/// assert_eq!(plural(4321, "move"), "4,321 moves");
/// ```
pub fn plural(n: u64, singular: &str) -> String {
    format!("{} {}", thousands(n), noun(n, singular))
}

/// `1 seed`, `1,200 seeds`.
pub fn seeds(n: u64) -> String {
    plural(n, "seed")
}

/// `1 lap`, `1,565,991 laps`.
pub fn laps(n: u64) -> String {
    plural(n, "lap")
}

/// A pit by its name: `S5`, `N12`.
pub fn pit(side: Side, pit: Pit) -> String {
    format!("{}{}", side.letter(), pit.number())
}

/// Pits of one side, by name: `N9, N8`.
///
/// ```
/// use omweso_diagram::narrate::pits;
/// use omweso_engine::{Pit, Side};
/// let p = |n| Pit::new(n).unwrap();
/// assert_eq!(pits(Side::North, &[p(9), p(8)]), "N9, N8");
/// ```
pub fn pits(side: Side, list: &[Pit]) -> String {
    list.iter()
        .map(|&p| pit(side, p))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What changed on a board since the one before it, for a figure's text
/// twin that says its first board whole and then each frame's changes:
/// the pits whose counts changed, in the order given, with their counts
/// now (`Seeds now: N11 0, N12 10, N1 2.`), or `No pit changed.`
///
/// ```
/// use omweso_diagram::narrate::seeds_now;
/// use omweso_engine::{Pit, Side};
/// let p = |n| Pit::new(n).unwrap();
/// assert_eq!(
///     seeds_now(&[(Side::North, p(11), 0), (Side::North, p(12), 10), (Side::South, p(1), 1)]),
///     "Seeds now: N11 0, N12 10, S1 1."
/// );
/// assert_eq!(seeds_now(&[]), "No pit changed.");
/// ```
pub fn seeds_now(changed: &[(Side, Pit, Seeds)]) -> String {
    if changed.is_empty() {
        return "No pit changed.".into();
    }
    let parts: Vec<String> = changed
        .iter()
        .map(|&(side, p, n)| format!("{} {}", pit(side, p), thousands(n as u64)))
        .collect();
    format!("Seeds now: {}.", parts.join(", "))
}

/// Each side's seeds, after a capture moved them: `North 31 seeds, South
/// 33 seeds.` (the sides in the order given).
///
/// ```
/// use omweso_diagram::narrate::sides_now;
/// use omweso_engine::Side;
/// assert_eq!(sides_now(&[(Side::North, 31), (Side::South, 1)]), "North 31 seeds, South 1 seed.");
/// ```
pub fn sides_now(totals: &[(Side, u64)]) -> String {
    let parts: Vec<String> = totals
        .iter()
        .map(|&(s, n)| format!("{} {}", side(s), seeds(n)))
        .collect();
    format!("{}.", parts.join(", "))
}

/// A side for prose: `South`, `North`.
pub fn side(side: Side) -> &'static str {
    side.title()
}

/// `South to move`.
pub fn to_move(s: Side) -> String {
    format!("{} to move", side(s))
}

/// A direction in words: `anticlockwise`, `clockwise`.
pub fn direction(d: Direction) -> &'static str {
    d.name()
}

/// A direction as an arrow glyph: ↺ (anticlockwise), ↻ (clockwise).
pub fn direction_glyph(d: Direction) -> &'static str {
    match d {
        Direction::Anticlockwise => "\u{21ba}",
        Direction::Clockwise => "\u{21bb}",
    }
}

/// What kind of lap it is, for a heading: `start`, `relay`,
/// `captured seeds sown`, `three-seed opening`.
pub fn lap_kind(kind: LapKind) -> &'static str {
    match kind {
        LapKind::CaptureSowing => "captured seeds sown",
        k => lap_kind_short(k),
    }
}

/// [`lap_kind`] in a lap's one-line account (`Lap 2 (captured seeds): …`),
/// where the sowing follows: `captured seeds` for a capture-sowing.
pub fn lap_kind_short(kind: LapKind) -> &'static str {
    match kind {
        LapKind::Start => "start",
        LapKind::Relay => "relay",
        LapKind::CaptureSowing => "captured seeds",
        LapKind::ThreeSeed => "three-seed opening",
    }
}

/// The opponent's pits a capture takes, with their seeds:
/// `N9 (3) and N8 (2)`; `opp` is the side captured from.
pub fn captured_pits(opp: Side, c: &CaptureInfo) -> String {
    capture_with(opp, c, "and")
}

/// The two captured pits with their seeds, joined by `joiner`.
fn capture_with(opp: Side, c: &CaptureInfo, joiner: &str) -> String {
    format!(
        "{} ({}) {joiner} {} ({})",
        pit(opp, c.inner),
        c.inner_seeds,
        pit(opp, c.outer),
        c.outer_seeds
    )
}

/// What a capture takes, short: `N9 (3) + N8 (2)`.
pub fn captured_sum(opp: Side, c: &CaptureInfo) -> String {
    capture_with(opp, c, "+")
}

/// What happens where a lap ends, in a clause: `the pit was empty: the
/// move ends`, `S16 was occupied: relay`, `captures N9 (3) and N8 (2):
/// 5 seeds`.
pub fn lap_end(lap: &Lap, mover: Side) -> String {
    match lap.end {
        LapEnd::Stop => "the pit was empty: the move ends".to_string(),
        LapEnd::Relay { pit: p } if p == lap.landing => {
            format!("{} was occupied: relay", pit(mover, p))
        }
        LapEnd::Relay { pit: p } => {
            format!("the capturing pit {} is relayed", pit(mover, p))
        }
        LapEnd::Capture(c) => format!(
            "captures {}: {}",
            captured_pits(mover.opponent(), &c),
            seeds(c.total() as u64)
        ),
    }
}

/// One lap in a line: `Lap 2 (relay): 4 seeds from S12 anticlockwise to
/// S16; captures N9 (3) and N8 (2): 5 seeds.`
pub fn lap_line(n: usize, lap: &Lap, mover: Side) -> String {
    let what = if lap.kind == LapKind::ThreeSeed {
        format!(
            "2 seeds into {} and 1 into {}",
            pit(mover, lap.sown[0]),
            pit(mover, lap.landing)
        )
    } else {
        let choice = if lap.choice_point { ", by choice" } else { "" };
        format!(
            "{} from {} {}{choice} to {}",
            seeds(lap.hand as u64),
            pit(mover, lap.from),
            direction(lap.direction),
            pit(mover, lap.landing)
        )
    };
    format!(
        "Lap {n} ({}): {what}; {}.",
        lap_kind_short(lap.kind),
        lap_end(lap, mover)
    )
}

/// The line under a trace cut short: `… only the first 200 laps are
/// shown.`
///
/// ```
/// use omweso_diagram::narrate::only_first;
/// assert_eq!(only_first(200), "… only the first 200 laps are shown.");
/// assert_eq!(only_first(1), "… only the first lap is shown.");
/// ```
pub fn only_first(laps_shown: u64) -> String {
    if laps_shown == 1 {
        "… only the first lap is shown.".to_string()
    } else {
        format!("… only the first {} are shown.", laps(laps_shown))
    }
}

/// How a win was won, for prose: `both end columns captured (nkutemye,
/// "cutting off the head")`. The no-move win is named okwa bulijo only by
/// the modern account, so only [`result`] of a win worth points names it.
pub fn win_kind(kind: WinKind) -> &'static str {
    match kind {
        WinKind::NoMove => "the opponent has no legal move",
        WinKind::Nkutemye => "both end columns captured (nkutemye, \"cutting off the head\")",
        WinKind::Akawumbi => "all eight columns captured (akawumbi)",
    }
}

/// `South wins`.
pub fn wins(winner: Side) -> String {
    format!("{} wins", side(winner))
}

/// A result in words: `South wins: the opponent has no legal move`,
/// `South wins: the opponent has no legal move (okwa bulijo), 1 point` (the
/// modern account's name, where wins score points), `North wins: all
/// eight columns captured (akawumbi), 2 points`, `the move never ends: the
/// game is annulled`.
///
/// ```
/// use omweso_diagram::narrate::result;
/// use omweso_engine::{GameResult, Side, WinKind};
/// let win = GameResult::Win { winner: Side::North, kind: WinKind::Akawumbi, points: Some(1) };
/// assert_eq!(result(&win), "North wins: all eight columns captured (akawumbi), 1 point");
/// let no_move = |points| GameResult::Win { winner: Side::South, kind: WinKind::NoMove, points };
/// assert_eq!(result(&no_move(None)), "South wins: the opponent has no legal move");
/// assert_eq!(result(&no_move(Some(1))), "South wins: the opponent has no legal move (okwa bulijo), 1 point");
/// assert_eq!(result(&GameResult::Draw), "the move never ends: the game is drawn");
/// ```
pub fn result(r: &GameResult) -> String {
    match r {
        GameResult::Win {
            winner,
            kind,
            points,
        } => {
            let mut s = format!("{}: {}", wins(*winner), win_kind(*kind));
            if *kind == WinKind::NoMove && points.is_some() {
                s.push_str(" (okwa bulijo)");
            }
            if let Some(p) = points {
                // points as written, without thousands separators
                s.push_str(&format!(", {p} {}", noun(u64::from(*p), "point")));
            }
            s
        }
        GameResult::Annulled => "the move never ends: the game is annulled".into(),
        GameResult::Draw => "the move never ends: the game is drawn".into(),
    }
}

/// `South has no legal move`: the fact alone, without its result (see
/// [`no_legal_move`]).
///
/// ```
/// use omweso_diagram::narrate::has_no_legal_move;
/// use omweso_engine::Side;
/// assert_eq!(has_no_legal_move(Side::North), "North has no legal move");
/// ```
pub fn has_no_legal_move(mover: Side) -> String {
    format!("{} has no legal move", side(mover))
}

/// Why a move cannot be played, as a sentence: what the engine's
/// [`PlayError`] says, in words.
///
/// ```
/// use omweso_diagram::narrate::play_error;
/// use omweso_engine::{ClockwiseRefusal, Pit, PlayError, Side, ThreeSeedRefusal};
///
/// let s5 = Pit::new(5).unwrap();
/// assert_eq!(
///     play_error(&PlayError::TooFewSeeds { pit: s5, seeds: 1 }),
///     "pit 5 holds 1 seed; a move starts from a pit of at least 2"
/// );
/// assert_eq!(
///     play_error(&PlayError::ClockwiseStartIllegal { pit: s5, reason: ClockwiseRefusal::NotLeftHandPit }),
///     "pit 5 may not start clockwise: only the left-hand pits 1, 2, 15 and 16 may sow clockwise"
/// );
/// assert_eq!(
///     play_error(&PlayError::ThreeSeedUnavailable { pit: s5, reason: ThreeSeedRefusal::NotThreeSeeds }),
///     "the three-seed opening is not available from pit 5: the pit must hold exactly three seeds"
/// );
/// assert_eq!(
///     play_error(&PlayError::NoLegalMove { side: Side::South }),
///     "South has no legal move (no pit holds two or more seeds)"
/// );
/// ```
pub fn play_error(e: &PlayError) -> String {
    match e {
        PlayError::NoLegalMove { side } => format!(
            "{} (no pit holds two or more seeds)",
            has_no_legal_move(*side)
        ),
        PlayError::TooFewSeeds { pit, seeds } => format!(
            "pit {pit} holds {}; a move starts from a pit of at least 2",
            plural(*seeds as u64, "seed")
        ),
        PlayError::ClockwiseStartIllegal { pit, reason } => format!(
            "pit {pit} may not start clockwise: {}",
            clockwise_refusal(*reason)
        ),
        PlayError::ThreeSeedUnavailable { pit, reason } => format!(
            "the three-seed opening is not available from pit {pit}: {}",
            three_seed_refusal(*reason)
        ),
        PlayError::ThreeSeedWithChoices => "a three-seed opening has no choice points".into(),
        PlayError::TooManyChoices { given, used } => format!(
            "{} directions given, but the move has only {} (the start included)",
            thousands(*given as u64),
            plural(*used as u64, "choice point")
        ),
        PlayError::NeverEndingIllegal => {
            "this move never ends, and the variant forbids never-ending moves".into()
        }
    }
}

/// Why a move's text could not be read, or is not the mover's, in words:
/// the text quoted short (its first characters and its length when long),
/// what is wrong, and for an unreadable one what the notation expects.
///
/// ```
/// use omweso_diagram::narrate::notation_error;
/// use omweso_engine::Side;
/// use omweso_engine::notation::{parse, parse_for};
///
/// assert_eq!(
///     notation_error(&parse("12X").unwrap_err()),
///     "cannot read move \"12X\": unexpected \"X\" (expected a pit 1-16, then A/C per choice point or T for the three-seed opening, e.g. 12, 2C, 7AC, 5T)"
/// );
/// assert!(notation_error(&parse("17").unwrap_err()).contains("pit number out of range 1-16"));
/// assert_eq!(
///     notation_error(&parse_for(Side::South, "N2C").unwrap_err()),
///     "move \"N2C\" is North's, but South is to move"
/// );
/// ```
pub fn notation_error(e: &NotationError) -> String {
    match e {
        NotationError::Malformed { text, why } => {
            let unexpected;
            let why = match why {
                Unreadable::NoPit => "no pit number",
                Unreadable::PitOutOfRange => "pit number out of range 1-16",
                Unreadable::ThreeSeedNotAlone => {
                    "T (three-seed opening) stands alone after the pit"
                }
                Unreadable::ThreeSeedWithDirections => "a three-seed opening takes no directions",
                Unreadable::Unexpected(c) => {
                    // quoted as the move is (a character no terminal
                    // shows written as its escape, inside the quotes)
                    unexpected = format!("unexpected {}", quote(&c.to_string()));
                    &unexpected
                }
            };
            format!(
                "cannot read move {}: {why} (expected a pit 1-16, then A/C per choice point or T for the three-seed opening, e.g. 12, 2C, 7AC, 5T)",
                quote(text)
            )
        }
        NotationError::WrongSide {
            text,
            written,
            to_move,
        } => format!(
            "move {} is {}'s, but {} is to move",
            quote(text),
            written.title(),
            to_move.title()
        ),
    }
}

/// Why a move may not start clockwise, in words.
pub fn clockwise_refusal(r: ClockwiseRefusal) -> &'static str {
    match r {
        ClockwiseRefusal::NoReverseSowing => "this variant has no reverse sowing",
        ClockwiseRefusal::FirstMoveCannotCapture => {
            "a first move may not capture, so it has no clockwise lap"
        }
        ClockwiseRefusal::NotLeftHandPit => {
            "only the left-hand pits 1, 2, 15 and 16 may sow clockwise"
        }
        ClockwiseRefusal::MustCaptureAtOnce => {
            "a clockwise start must end in an immediate capture (within reach of pit 9 where limited)"
        }
        ClockwiseRefusal::MustEndFacingSeeds => {
            "a clockwise start must end in an inner pit whose two facing pits hold seeds"
        }
    }
}

/// Why the three-seed opening may not be played, in words.
pub fn three_seed_refusal(r: ThreeSeedRefusal) -> &'static str {
    match r {
        ThreeSeedRefusal::NotInVariant => "this variant has no three-seed opening",
        ThreeSeedRefusal::AfterFirstCapture => "it is only played before the game's first capture",
        ThreeSeedRefusal::NotThreeSeeds => "the pit must hold exactly three seeds",
    }
}

/// The sentence for a position with no legal move: `South has no legal
/// move: North wins (no-move).`
///
/// ```
/// use omweso_diagram::narrate::no_legal_move;
/// use omweso_engine::Side;
/// assert_eq!(
///     no_legal_move(Side::South),
///     "South has no legal move: North wins (no-move)."
/// );
/// ```
pub fn no_legal_move(mover: Side) -> String {
    format!(
        "{}: {} ({}).",
        has_no_legal_move(mover),
        wins(mover.opponent()),
        WinKind::NoMove.name()
    )
}

/// A search's score in a line of a tool's output (the command line's
/// `bestmove`, self-play records, the module's `score`): seeds ahead with
/// two decimals and a sign, or a forced result in plies.
///
/// ```
/// use omweso_diagram::narrate::score_line;
/// use omweso_engine::search::Score;
/// assert_eq!(score_line(Score::Centiseeds(1234)), "+12.34");
/// assert_eq!(score_line(Score::Centiseeds(-5)), "-0.05");
/// assert_eq!(score_line(Score::Win(1)), "win in 1 ply");
/// assert_eq!(score_line(Score::Loss(8)), "loss in 8 plies");
/// ```
pub fn score_line(score: Score) -> String {
    let plies = |p: u32| match p {
        1 => "1 ply".to_string(),
        p => format!("{} plies", thousands(u64::from(p))),
    };
    match score {
        Score::Win(p) => format!("win in {}", plies(p)),
        Score::Loss(p) => format!("loss in {}", plies(p)),
        Score::Centiseeds(c) => format!("{:+.2}", f64::from(c) / 100.0),
    }
}

/// The search player's score of a position, for a reader: who is ahead
/// and by about how many seeds, or who wins in how many of their own moves
/// (a forced result found by the search). `mover` is the side to move in
/// the position searched: the score is from its point of view.
///
/// ```
/// use omweso_diagram::narrate::evaluation;
/// use omweso_engine::Side;
/// use omweso_engine::search::Score;
/// assert_eq!(evaluation(Side::South, Score::Centiseeds(1234)), "South is about 12 seeds ahead");
/// assert_eq!(evaluation(Side::South, Score::Centiseeds(-4890)), "North is about 49 seeds ahead");
/// assert_eq!(evaluation(Side::North, Score::Centiseeds(120)), "North is about 1 seed ahead");
/// assert_eq!(evaluation(Side::North, Score::Centiseeds(-49)), "The sides are about even");
/// // plies counted as the winner's own moves: the mover's, then the reply...
/// assert_eq!(evaluation(Side::South, Score::Win(1)), "South wins with its next move");
/// assert_eq!(evaluation(Side::South, Score::Win(7)), "South wins in 4 moves, whatever North plays");
/// // ...and a loss in 8 plies is the opponent's fourth move
/// assert_eq!(evaluation(Side::South, Score::Loss(8)), "North wins in 4 moves, whatever South plays");
/// assert_eq!(evaluation(Side::North, Score::Loss(2)), "South wins with its next move");
/// assert_eq!(evaluation(Side::North, Score::Loss(0)), "North has no legal move: South has won");
/// ```
pub fn evaluation(mover: Side, score: Score) -> String {
    let wins_in = |winner: Side, plies: u32| {
        // the winner's own moves among `plies`: the mover plays plies 1, 3,
        // 5…, the opponent plies 2, 4, 6…
        match plies.div_ceil(2) {
            0 | 1 => format!("{} wins with its next move", side(winner)),
            n => format!(
                "{} wins in {n} moves, whatever {} plays",
                side(winner),
                side(winner.opponent())
            ),
        }
    };
    match score {
        Score::Win(p) => wins_in(mover, p),
        Score::Loss(0) => format!(
            "{} has no legal move: {} has won",
            side(mover),
            side(mover.opponent())
        ),
        Score::Loss(p) => wins_in(mover.opponent(), p),
        Score::Centiseeds(c) => {
            let n = (c.unsigned_abs() + 50) / 100;
            if n == 0 {
                "The sides are about even".into()
            } else {
                let ahead = if c > 0 { mover } else { mover.opponent() };
                format!("{} is about {} ahead", side(ahead), seeds(u64::from(n)))
            }
        }
    }
}

/// How far a search looked, for a reader new to the game: the moves it
/// looked ahead (its depth: each side's move counts, as in a game's move
/// list), the positions it weighed and the time, then the line of play it
/// expects (`line`: the moves in notation with their side's letter, the
/// move it chose first), when longer than that move. A depth of 0 is a
/// move chosen without a search (it wins at once, or is the only one).
///
/// ```
/// use omweso_diagram::narrate::search_summary;
/// let line: Vec<String> = ["S5", "N4", "S6"].map(String::from).to_vec();
/// assert_eq!(
///     search_summary(10, 71_499, 512, &line),
///     "Looked 10 moves ahead (71,499 positions, 0.5 s). Expected line: S5, N4, S6."
/// );
/// assert_eq!(search_summary(1, 16, 3, &line[..1]), "Looked 1 move ahead (16 positions, 0.0 s).");
/// assert_eq!(search_summary(0, 1, 0, &line[..1]), "No search was needed: the move wins at once, or is the only one.");
/// ```
pub fn search_summary(depth: u32, nodes: u64, time_ms: u64, line: &[String]) -> String {
    if depth == 0 {
        return "No search was needed: the move wins at once, or is the only one.".into();
    }
    let mut s = format!(
        "Looked {} ahead ({}, {:.1} s).",
        plural(u64::from(depth), "move"),
        plural(nodes, "position"),
        time_ms as f64 / 1000.0
    );
    if line.len() > 1 {
        s.push_str(" Expected line: ");
        s.push_str(&line.join(", "));
        s.push('.');
    }
    s
}

/// How a set-up was made, in words ([`set_up_note`]).
///
/// ```
/// use omweso_diagram::narrate::set_up_style;
/// use omweso_engine::search::setup::Style;
/// assert_eq!(set_up_style(Style::Checking), "four in each outer pit");
/// assert_eq!(set_up_style(Style::Chosen), "an arrangement chosen against strong play");
/// ```
pub fn set_up_style(style: Style) -> &'static str {
    match style {
        Style::Checking => "four in each outer pit",
        Style::Outer => "one pit a column, mostly in the outer row",
        Style::Inner => "one pit a column, mostly in the inner row",
        Style::Mixed => "one pit a column, in either row",
        Style::Spread => "spread over most pits of both rows",
        Style::Chosen => "an arrangement chosen against strong play",
    }
}

/// The note under a board both sides set up as the computer does (the
/// set-up policy, from `seed`): the analysis board's "Players' set-ups".
///
/// ```
/// use omweso_diagram::narrate::set_up_note;
/// use omweso_engine::search::setup::Style;
/// assert_eq!(
///     set_up_note(7, Style::Inner, Style::Chosen),
///     "Set up as the computer does (seed 7): South one pit a column, mostly in the inner row; North an arrangement chosen against strong play."
/// );
/// ```
pub fn set_up_note(seed: u64, south: Style, north: Style) -> String {
    format!(
        "Set up as the computer does (seed {seed}): South {}; North {}.",
        set_up_style(south),
        set_up_style(north)
    )
}

/// How a game stands, for a list of games: won by a side, ended without a
/// winner, or not finished in its record. Worded by [`standing`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The side won the game.
    Won(Side),
    /// A never-ending move annulled the game (it does not count).
    Annulled,
    /// A never-ending move drew the game.
    Draw,
    /// The record ends before the game does.
    Unfinished,
}

impl From<Option<GameResult>> for Standing {
    fn from(r: Option<GameResult>) -> Standing {
        match r {
            Some(GameResult::Win { winner, .. }) => Standing::Won(winner),
            Some(GameResult::Annulled) => Standing::Annulled,
            Some(GameResult::Draw) => Standing::Draw,
            None => Standing::Unfinished,
        }
    }
}

/// A game's result in a word or two, for a table of games: `South wins`,
/// `annulled`, `draw`, `unfinished`.
///
/// ```
/// use omweso_diagram::narrate::{Standing, standing};
/// use omweso_engine::Side;
/// assert_eq!(standing(Standing::Won(Side::North)), "North wins");
/// assert_eq!(standing(Standing::Unfinished), "unfinished");
/// ```
pub fn standing(s: Standing) -> String {
    match s {
        Standing::Won(winner) => wins(winner),
        Standing::Annulled => "annulled".into(),
        Standing::Draw => "draw".into(),
        Standing::Unfinished => "unfinished".into(),
    }
}

/// A result as a heading for the position after the move: `After the
/// move: South wins`, `A never-ending move: the game is drawn`.
pub fn result_heading(r: Option<GameResult>) -> String {
    match r {
        Some(GameResult::Win { winner, .. }) => format!("After the move: {}", wins(winner)),
        Some(GameResult::Annulled) => "A never-ending move: the game is annulled".into(),
        Some(GameResult::Draw) => "A never-ending move: the game is drawn".into(),
        None => "After the move".into(),
    }
}

/// `captures nothing`, `captures 1 seed`, `captures 12 seeds`.
pub fn captures(n: u64) -> String {
    match n {
        0 => "captures nothing".to_string(),
        n => format!("captures {}", seeds(n)),
    }
}

/// A never-ending move's cycle: `never ends: a cycle of 7 laps entered
/// after 2 laps`.
pub fn never_ends(n: &NeverEndingInfo) -> String {
    let mut s = format!("never ends: a cycle of {}", laps(n.cycle_laps));
    if let Some(b) = n.laps_before_cycle {
        s.push_str(&format!(" entered after {}", laps(b)));
    }
    s
}

/// How a move ends, in the words of a summary line: `3 laps, 5 seeds
/// captured; South wins: …` or `never ends: a cycle of 7 laps entered
/// after 2 laps; the move never ends: the game is annulled`.
pub fn move_end(end: &MoveEnd) -> String {
    match end {
        MoveEnd::Finished(f) => {
            let mut s = format!("{}, {} captured", laps(f.laps), seeds(f.captured as u64));
            if let Some(r) = f.result {
                s.push_str(&format!("; {}", result(&r)));
            }
            s
        }
        MoveEnd::NeverEnding(n) => format!("{}; {}", never_ends(n), result(&n.result)),
    }
}

/// What a move does, short: `captures nothing`, `captures 5 seeds and
/// South wins: …`, `never ends (the move never ends: the game is drawn)`.
///
/// ```
/// use omweso_diagram::narrate::move_does;
/// use omweso_engine::{Board, Pit, Position, Rules, Side, legal_moves};
///
/// let mut south = [1; 16];
/// south[4] = 4; // pit 5 holds four seeds
/// let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
/// let moves = legal_moves(&Rules::SHACKELL_1935, &pos);
/// let from_5 = moves.iter().find(|m| m.mv.pit == Pit::new(5).unwrap()).unwrap();
/// // it captures from both of North's end columns: a win (nkutemye)
/// assert!(move_does(&from_5.end).starts_with("captures 16 seeds and South wins: "));
/// ```
pub fn move_does(end: &MoveEnd) -> String {
    match end {
        MoveEnd::NeverEnding(n) => format!("never ends ({})", result(&n.result)),
        MoveEnd::Finished(f) => {
            let mut s = captures(f.captured as u64);
            if let Some(r) = f.result {
                s.push_str(&format!(" and {}", result(&r)));
            }
            s
        }
    }
}

/// A trace's lines after its first: one a lap ([`lap_line`]),
/// [`only_first`] when cut short, then `Result: …` ([`move_end`]).
pub fn trace_lines(p: &Played) -> Vec<String> {
    let mut lines: Vec<String> = p
        .laps
        .iter()
        .enumerate()
        .map(|(i, lap)| lap_line(i + 1, lap, p.mover))
        .collect();
    if !p.complete {
        lines.push(only_first(p.laps.len() as u64));
    }
    lines.push(format!("Result: {}.", move_end(&p.end)));
    lines
}

/// A whole trace as text: `South plays S12+`, then [`trace_lines`], each
/// line ended by a newline.
///
/// ```
/// use omweso_diagram::narrate::trace_text;
/// use omweso_engine::{Board, Move, Pit, Position, Rules, Side, trace};
///
/// let mut south = [1; 16];
/// south[4] = 4;
/// let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
/// let mv = Move::forward(Pit::new(5).unwrap());
/// let played = trace(&Rules::SHACKELL_1935, &pos, &mv, 100).unwrap();
/// let text = trace_text(&played);
/// assert!(text.starts_with("South plays S5\n"));
/// assert!(text.ends_with(".\n") && text.contains("Result: "));
/// ```
pub fn trace_text(p: &Played) -> String {
    let mut s = format!(
        "{} plays {}\n",
        side(p.mover),
        notation::format_with_side(p.mover, &p.mv)
    );
    for line in trace_lines(p) {
        s.push_str(&line);
        s.push('\n');
    }
    s
}

/// A legal move in a line of a list: its notation, then how it ends
/// ([`move_end`]): `S12+      3 laps, 5 seeds captured`.
pub fn move_line(m: &LegalMove, mover: Side) -> String {
    let n = notation::format_with_side(mover, &m.mv);
    format!("{n:<10} {}", move_end(&m.end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never(before: Option<u64>, cycle: u64) -> NeverEndingInfo {
        NeverEndingInfo {
            cycle_laps: cycle,
            examined_laps: 9,
            laps_before_cycle: before,
            result: GameResult::Annulled,
        }
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(seeds(1), "1 seed");
        assert_eq!(seeds(0), "0 seeds");
        assert_eq!(laps(1_000), "1,000 laps");
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(12_345), "12,345");
        assert_eq!(thousands(123_456), "123,456");
    }

    #[test]
    fn never_ending_moves_in_words() {
        assert_eq!(
            move_end(&MoveEnd::NeverEnding(never(Some(1), 1_565_991))),
            "never ends: a cycle of 1,565,991 laps entered after 1 lap; \
             the move never ends: the game is annulled"
        );
        assert_eq!(never_ends(&never(None, 1)), "never ends: a cycle of 1 lap");
        assert_eq!(
            move_does(&MoveEnd::NeverEnding(never(None, 4))),
            "never ends (the move never ends: the game is annulled)"
        );
    }

    #[test]
    fn headings_for_results() {
        assert_eq!(result_heading(None), "After the move");
        assert_eq!(
            result_heading(Some(GameResult::Draw)),
            "A never-ending move: the game is drawn"
        );
    }
}
