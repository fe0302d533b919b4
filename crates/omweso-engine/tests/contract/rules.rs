//! One test per clause of the rules contract (`RULES.md`), named after it,
//! on small hand-made positions. Boards are written per side in Shackell
//! order (pit 1 first).

use crate::harness::{data, vector_position, vectors};
use omweso_engine::notation;
use omweso_engine::{
    Board, Direction, GameResult, LapEnd, LapKind, NeverEnding, Pit, PlayError, Played, Position,
    Rules, Side, WinKind, legal_moves, trace,
};

fn pos(south: [u16; 16], north: [u16; 16], to_move: Side) -> Position {
    Position::new(Board::from_sides(south, north), to_move)
}

fn try_play(rules: &Rules, p: &Position, mv: &str) -> Result<Played, PlayError> {
    trace(rules, p, &notation::parse(mv).unwrap().mv, 10_000)
}

fn go(rules: &Rules, p: &Position, mv: &str) -> Played {
    try_play(rules, p, mv).unwrap_or_else(|e| panic!("{mv}: {e}"))
}

fn south_after(p: &Played) -> [u16; 16] {
    *p.end.finished().unwrap().board.side(Side::South)
}

fn sided(n: u8) -> Pit {
    Pit::new(n).unwrap()
}

/// South pit 7 (2 seeds) reaches pit 9 (1 seed), facing N16 (3) and N1 (2).
fn capture_position() -> Position {
    let mut s = [0; 16];
    s[6] = 2;
    s[8] = 1;
    let mut n = [0; 16];
    n[15] = 3;
    n[0] = 2;
    n[4] = 2; // so North still has a move afterwards
    pos(s, n, Side::South)
}

#[test]
fn start_needs_a_pit_of_at_least_two() {
    let p = capture_position();
    assert!(matches!(
        try_play(&Rules::SHACKELL_1935, &p, "9"),
        Err(PlayError::TooFewSeeds { .. })
    ));
    assert!(matches!(
        try_play(&Rules::SHACKELL_1935, &p, "1"),
        Err(PlayError::TooFewSeeds { .. })
    ));
    let starts: Vec<u8> = legal_moves(&Rules::SHACKELL_1935, &p)
        .iter()
        .map(|m| m.mv.pit.number())
        .collect();
    assert_eq!(starts, vec![7]);
}

#[test]
fn lap_end_in_an_empty_pit_ends_the_move() {
    let mut s = [0; 16];
    s[2] = 2;
    let p = pos(s, [1; 16], Side::South);
    let r = go(&Rules::SHACKELL_1935, &p, "3");
    assert_eq!(r.laps.len(), 1);
    assert_eq!(r.laps[0].sown, vec![sided(4), sided(5)]);
    assert_eq!(r.laps[0].end, LapEnd::Stop);
    assert_eq!(south_after(&r)[3..5], [1, 1]);
}

#[test]
fn lap_end_in_an_occupied_pit_relays() {
    let mut p = capture_position();
    p.board.set(Side::North, Pit::new(16).unwrap(), 0); // no capture at S9
    let r = go(&Rules::SHACKELL_1935, &p, "7");
    assert_eq!(r.laps.len(), 2);
    assert_eq!(
        r.laps[0].end,
        LapEnd::Relay {
            pit: Pit::new(9).unwrap()
        }
    );
    assert_eq!(r.laps[1].kind, LapKind::Relay);
    assert_eq!(r.laps[1].from, Pit::new(9).unwrap());
    assert_eq!(r.laps[1].hand, 2);
    assert_eq!(r.laps[1].landing, Pit::new(11).unwrap());
}

#[test]
fn capture_takes_both_facing_pits_and_sows_them_from_e() {
    let p = capture_position();
    let r = go(&Rules::SHACKELL_1935, &p, "7");
    let LapEnd::Capture(c) = r.laps[0].end else {
        panic!("expected a capture, got {:?}", r.laps[0].end)
    };
    assert_eq!(
        (
            c.at.number(),
            c.inner.number(),
            c.inner_seeds,
            c.outer.number(),
            c.outer_seeds
        ),
        (9, 16, 3, 1, 2)
    );
    // E is still pit 7: the five captured seeds go to 8, 9, 10, 11, 12
    assert_eq!(r.laps[1].kind, LapKind::CaptureSowing);
    assert_eq!(r.laps[1].from.number(), 7);
    assert_eq!(r.laps[1].hand, 5);
    let s = south_after(&r);
    assert_eq!(s[6..12], [0, 2, 3, 1, 1, 1]);
    let f = r.end.finished().unwrap();
    assert_eq!(f.captured, 5);
    assert_eq!(f.board.total(), p.board.total());
}

#[test]
fn capture_needs_both_facing_pits_occupied() {
    let mut p = capture_position();
    p.board.set(Side::North, Pit::new(1).unwrap(), 0);
    let r = go(&Rules::SHACKELL_1935, &p, "7");
    assert!(matches!(r.laps[0].end, LapEnd::Relay { .. }));
    assert_eq!(r.end.captured(), 0);
}

#[test]
fn capture_only_from_the_inner_row() {
    // the last seed lands in occupied outer pit 8: relay, whatever North has
    let mut s = [0; 16];
    s[5] = 2;
    s[7] = 1;
    let p = pos(s, [2; 16], Side::South);
    let r = go(&Rules::SHACKELL_1935, &p, "6");
    assert_eq!(
        r.laps[0].end,
        LapEnd::Relay {
            pit: Pit::new(8).unwrap()
        }
    );
}

#[test]
fn sowing_sixteen_or_more_passes_e_again() {
    let mut s = [0; 16];
    s[0] = 17;
    let p = pos(s, [0; 16], Side::South);
    let r = go(&Rules::SHACKELL_1935, &p, "1");
    let first = &r.laps[0];
    assert_eq!(first.sown.len(), 17);
    assert_eq!(
        first.sown[15],
        Pit::new(1).unwrap(),
        "the 16th seed falls into E itself"
    );
    assert_eq!(first.landing, Pit::new(2).unwrap());
    let b = first.board_after.side(Side::South);
    assert_eq!((b[0], b[1], b[2]), (1, 2, 1));
}

/// South pit 1 (3 seeds) sown clockwise reaches pit 14 (occupied) facing N11
/// and N6.
fn reverse_position() -> Position {
    let mut s = [0; 16];
    s[0] = 3;
    s[13] = 1;
    s[4] = 2;
    let mut n = [0; 16];
    n[10] = 2; // N11
    n[5] = 1; // N6
    n[3] = 2;
    pos(s, n, Side::South)
}

#[test]
fn reverse_start_chain_clockwise_start_must_capture() {
    let p = reverse_position();
    let r = go(&Rules::SHACKELL_1935, &p, "1C");
    assert_eq!(r.laps[0].direction, Direction::Clockwise);
    assert_eq!(
        r.laps[0]
            .sown
            .iter()
            .map(|p| p.number())
            .collect::<Vec<_>>(),
        vec![16, 15, 14]
    );
    assert!(matches!(r.laps[0].end, LapEnd::Capture(_)));
    // without the capture, no clockwise start
    let mut q = p;
    q.board.set(Side::North, Pit::new(6).unwrap(), 0);
    assert!(matches!(
        try_play(&Rules::SHACKELL_1935, &q, "1C"),
        Err(PlayError::ClockwiseStartIllegal { .. })
    ));
    // and never from a pit that is not left-hand
    assert!(matches!(
        try_play(&Rules::SHACKELL_1935, &p, "5C"),
        Err(PlayError::ClockwiseStartIllegal { .. })
    ));
}

#[test]
fn reverse_start_chain_is_anticlockwise_after_an_anticlockwise_lap() {
    for m in legal_moves(&Rules::SHACKELL_1935, &reverse_position()) {
        let r = go(
            &Rules::SHACKELL_1935,
            &reverse_position(),
            &notation::format(&m.mv),
        );
        let first_a = r
            .laps
            .iter()
            .position(|l| l.direction == Direction::Anticlockwise);
        if let Some(i) = first_a {
            assert!(
                r.laps[i..]
                    .iter()
                    .all(|l| l.direction == Direction::Anticlockwise)
            );
        }
        // every clockwise lap ends in a capture
        for l in &r.laps {
            if l.direction == Direction::Clockwise {
                assert!(matches!(l.end, LapEnd::Capture(_)));
            }
        }
    }
}

#[test]
fn reverse_reach_limit_forbids_sowing_past_pit_nine() {
    // 18 seeds clockwise from pit 2 wrap round to pit 16 (occupied, facing
    // N9 and N8 full): a capture, but past pit 9.
    let mut s = [0; 16];
    s[1] = 18;
    s[15] = 1;
    let mut n = [0; 16];
    n[8] = 1;
    n[7] = 1;
    let p = pos(s, n, Side::South);
    assert!(matches!(
        try_play(&Rules::SHACKELL_1935, &p, "2C"),
        Err(PlayError::ClockwiseStartIllegal { .. })
    ));
    assert!(matches!(
        try_play(&Rules::MODERN, &p, "2C"),
        Err(PlayError::ClockwiseStartIllegal { .. })
    ));
    // Ludii has no reach limit
    let r = go(&Rules::LUDII, &p, "2C");
    assert!(matches!(r.laps[0].end, LapEnd::Capture(_)));
}

#[test]
fn reverse_any_lap_lets_a_relay_lap_go_clockwise() {
    // South pit 14 (2 seeds) → 15, 16; pit 16 occupied: relay from 16 (a
    // left-hand pit) with 2 seeds; clockwise that lands on pit 14... which
    // was just emptied, so use 3 seeds landing on 13 (occupied, facing N12
    // and N5).
    let mut s = [0; 16];
    s[13] = 2; // S14
    s[15] = 2; // S16 → 3 after the first lap
    s[12] = 1; // S13
    let mut n = [0; 16];
    n[11] = 2; // N12 faces S13
    n[4] = 2; // N5
    let p = pos(s, n, Side::South);
    let moves = legal_moves(&Rules::MODERN, &p);
    let from14: Vec<String> = moves
        .iter()
        .filter(|m| m.mv.pit.number() == 14)
        .map(|m| notation::format(&m.mv))
        .collect();
    assert_eq!(from14, vec!["14", "14AC"], "a choice at the relay from S16");
    let r = go(&Rules::MODERN, &p, "14AC");
    assert_eq!(r.laps[1].kind, LapKind::Relay);
    assert_eq!(r.laps[1].direction, Direction::Clockwise);
    assert!(r.laps[1].choice_point);
    assert!(matches!(r.laps[1].end, LapEnd::Capture(_)));
    // Shackell's start chain allows no clockwise relay
    let sh: Vec<String> = legal_moves(&Rules::SHACKELL_1935, &p)
        .iter()
        .filter(|m| m.mv.pit.number() == 14)
        .map(|m| notation::format(&m.mv))
        .collect();
    assert_eq!(sh, vec!["14"]);
    // naming a choice the move does not have is an error
    assert!(matches!(
        try_play(&Rules::SHACKELL_1935, &p, "14AC"),
        Err(PlayError::TooManyChoices { .. })
    ));
    // so is a default letter past the last choice point: written, it is a
    // claim about the move, and the move does not bear it out
    let one_point = try_play(&Rules::SHACKELL_1935, &p, "14").map(|_| ());
    assert_eq!(one_point, Ok(()));
    assert_eq!(
        try_play(&Rules::SHACKELL_1935, &p, "14AAAAAA").map(|_| ()),
        Err(PlayError::TooManyChoices { given: 6, used: 1 })
    );
}

#[test]
fn reverse_whole_move_keeps_the_direction_and_may_end_at_once() {
    // Ludii: a clockwise start whose last seed lands in an EMPTY inner pit
    // facing two full pits is legal and just ends.
    let mut p = reverse_position();
    p.board.set(Side::South, Pit::new(14).unwrap(), 0);
    let r = go(&Rules::LUDII, &p, "1C");
    assert_eq!(r.laps.len(), 1);
    assert_eq!(r.laps[0].end, LapEnd::Stop);
    assert!(try_play(&Rules::SHACKELL_1935, &p, "1C").is_err());
    // relays keep the clockwise direction; captured seeds go anticlockwise
    let mut s = [0; 16];
    s[0] = 2; // S1 → 16, 15
    s[14] = 1; // S15 occupied, facing N10 and N7 empty: relay clockwise
    s[12] = 0;
    let mut n = [0; 16];
    n[8] = 1; // N9 and N8 face S16... keep the start legal: lands on 15
    n[7] = 1;
    n[9] = 1; // N10
    n[6] = 1; // N7
    let q = pos(s, n, Side::South);
    let r = go(&Rules::LUDII, &q, "1C");
    for l in &r.laps {
        match l.kind {
            LapKind::CaptureSowing => assert_eq!(l.direction, Direction::Anticlockwise),
            _ => assert_eq!(l.direction, Direction::Clockwise),
        }
    }
}

#[test]
fn after_capture_relay_capturing_pit_relays_l() {
    let p = capture_position();
    let r = go(&Rules::LUDII, &p, "7");
    // lap 1 captures at S9; lap 2 sows the 5 captured seeds from E = S7;
    // then S9 itself is relayed, wherever the captured seeds ended
    assert!(matches!(r.laps[0].end, LapEnd::Capture(_)));
    assert_eq!(r.laps[1].kind, LapKind::CaptureSowing);
    assert_eq!(
        r.laps[1].end,
        LapEnd::Relay {
            pit: Pit::new(9).unwrap()
        }
    );
    assert_eq!(r.laps[2].kind, LapKind::Relay);
    assert_eq!(r.laps[2].from.number(), 9);
    assert_eq!(r.laps[2].hand, 3);
}

#[test]
fn first_move_captures_no_makes_a_capture_relay() {
    let mut p = capture_position();
    p.first_move = true;
    let r = go(&Rules::MODERN, &p, "7");
    assert_eq!(
        r.laps[0].end,
        LapEnd::Relay {
            pit: Pit::new(9).unwrap()
        }
    );
    assert_eq!(r.end.captured(), 0);
    // Shackell allows the capture on a first move
    assert_eq!(go(&Rules::SHACKELL_1935, &p, "7").end.captured(), 5);
    // and a first move has no clockwise lap
    let mut q = reverse_position();
    q.first_move = true;
    assert!(try_play(&Rules::MODERN, &q, "1C").is_err());
    assert!(try_play(&Rules::MODERN, &reverse_position(), "1C").is_ok());
}

#[test]
fn three_seed_opening_only_before_the_first_capture() {
    let mut s = [0; 16];
    s[3] = 3; // S4
    let mut p = pos(s, [2; 16], Side::South);
    p.before_first_capture = true;
    let names: Vec<String> = legal_moves(&Rules::MODERN, &p)
        .iter()
        .map(|m| notation::format(&m.mv))
        .collect();
    assert_eq!(names, vec!["4", "4T"]);
    let r = go(&Rules::MODERN, &p, "4T");
    assert_eq!(r.laps[0].kind, LapKind::ThreeSeed);
    assert_eq!(south_after(&r)[3..7], [0, 2, 1, 0]);
    assert!(try_play(&Rules::SHACKELL_1935, &p, "4T").is_err());
    p.before_first_capture = false;
    assert!(try_play(&Rules::MODERN, &p, "4T").is_err());
}

#[test]
fn win_no_move_when_the_opponent_has_no_pit_of_two() {
    let mut s = [0; 16];
    s[2] = 2;
    let p = pos(
        s,
        [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0],
        Side::South,
    );
    let r = go(&Rules::MODERN, &p, "3");
    assert_eq!(
        r.end.result(),
        Some(GameResult::Win {
            winner: Side::South,
            kind: WinKind::NoMove,
            points: Some(1)
        })
    );
    assert!(
        !legal_moves(&Rules::MODERN, &r.after.unwrap())
            .iter()
            .any(|_| true)
    );
}

/// The first move of a vector file that cuts both end columns.
fn first_cut(file: &str) -> (Position, String) {
    let text = data(file);
    let all = vectors(file, &text);
    for (_, v) in &all {
        for m in v.field("moves").as_array() {
            if m.get("cut_heads").is_some_and(|c| c.as_bool()) {
                let choices: String = m
                    .field("choices")
                    .as_array()
                    .iter()
                    .map(|d| if d.as_str() == "clockwise" { 'C' } else { 'A' })
                    .collect();
                return (
                    vector_position(v),
                    format!("{}{choices}", m.field("start_pit").as_int()),
                );
            }
        }
    }
    panic!("no cut among the {} positions of {file}", all.len());
}

#[test]
fn win_nkutemye_captures_both_end_columns() {
    let (p, mv) = first_cut("shackell-1935-sample.jsonl");
    let r = go(&Rules::SHACKELL_1935, &p, &mv);
    let f = r.end.finished().unwrap();
    assert_eq!(f.columns & 0b1000_0001, 0b1000_0001);
    assert_eq!(
        f.result,
        Some(GameResult::Win {
            winner: p.to_move,
            kind: WinKind::Nkutemye,
            points: None
        })
    );
    // the two captures in the trace are from the opponent's end columns
    let cols: Vec<u8> = r
        .laps
        .iter()
        .filter_map(|l| match l.end {
            LapEnd::Capture(c) => Some(c.at.number()),
            _ => None,
        })
        .collect();
    assert!(cols.contains(&9) && cols.contains(&16), "{cols:?}");
    // modern scores okutema 2 points (or akawumbi 12)
    let (p, mv) = first_cut("modern-sample.jsonl");
    let f = *go(&Rules::MODERN, &p, &mv).end.finished().unwrap();
    match f.result {
        Some(GameResult::Win {
            kind: WinKind::Nkutemye,
            points,
            ..
        }) => assert_eq!(points, Some(2)),
        Some(GameResult::Win {
            kind: WinKind::Akawumbi,
            points,
            ..
        }) => assert_eq!(points, Some(12)),
        other => panic!("{other:?}"),
    }
    // a variant without the Nkutemye win does not end the game for it
    let no_cut = Rules {
        wins: Rules::LUDII.wins,
        ..Rules::MODERN
    };
    let f = *go(&no_cut, &p, &mv).end.finished().unwrap();
    assert!(!matches!(
        f.result,
        Some(GameResult::Win {
            kind: WinKind::Nkutemye,
            ..
        })
    ));
}

#[test]
fn never_ending_annul_draw_or_illegal() {
    let south = [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1];
    let north = [1, 2, 5, 2, 1, 2, 4, 3, 2, 1, 2, 1, 3, 2, 5, 24];
    let p = pos(south, north, Side::North);
    for (ne, want) in [
        (NeverEnding::Annul, Some(GameResult::Annulled)),
        (NeverEnding::Draw, Some(GameResult::Draw)),
    ] {
        let rules = Rules {
            never_ending: ne,
            ..Rules::MCGILL_2015
        };
        assert_eq!(go(&rules, &p, "2").end.result(), want);
    }
    let rules = Rules {
        never_ending: NeverEnding::Illegal,
        ..Rules::MCGILL_2015
    };
    assert_eq!(
        try_play(&rules, &p, "2").unwrap_err(),
        PlayError::NeverEndingIllegal
    );
    assert!(
        legal_moves(&rules, &p)
            .iter()
            .all(|m| !m.end.is_never_ending())
    );
    assert!(
        legal_moves(&Rules::MCGILL_2015, &p)
            .iter()
            .any(|m| m.end.is_never_ending())
    );
}
