//! Conformance with the sample vectors (copied from `shared/vectors/`): every
//! position, every legal move, exact equality. Each file's positions and
//! moves are counted and the counts asserted, so that an empty or truncated
//! file fails instead of checking nothing.

use crate::harness::{VECTOR_POSITIONS, data, grid, vector_position, vectors};
use crate::json::Json;
use omweso_engine::{
    GameResult, Grid, LegalMove, MoveEnd, Position, Rules, Side, every_sequence, legal_moves,
};
use std::collections::BTreeSet;

/// A move as the vectors write it; the fields a file leaves out are `None`
/// (`winner` is `Some(None)` for an explicit null).
#[derive(Debug, PartialEq)]
struct VMove {
    start_pit: u8,
    direction: String,
    choices: Option<Vec<String>>,
    board_after: Option<Grid>,
    captured: u32,
    never_ending: bool,
    cut_heads: Option<bool>,
    laps: Option<u64>,
    game_over: Option<bool>,
    winner: Option<Option<String>>,
}

impl VMove {
    fn read(m: &Json) -> VMove {
        let present = |k: &str| m.get(k).filter(|v| !v.is_null());
        VMove {
            start_pit: u8::try_from(m.field("start_pit").as_int()).unwrap(),
            direction: m.field("direction").as_str().to_string(),
            choices: present("choices").map(|c| {
                c.as_array()
                    .iter()
                    .map(|d| d.as_str().to_string())
                    .collect()
            }),
            board_after: present("board_after").map(grid),
            captured: u32::try_from(m.field("captured").as_int()).unwrap(),
            never_ending: m.field("never_ending").as_bool(),
            cut_heads: present("cut_heads").map(Json::as_bool),
            laps: present("laps").map(|n| u64::try_from(n.as_int()).unwrap()),
            game_over: present("game_over").map(Json::as_bool),
            winner: m
                .get("winner")
                .map(|w| (!w.is_null()).then(|| w.as_str().to_string())),
        }
    }
}

/// Our move in the vector's shape, with the fields that file carries.
fn ours(m: &LegalMove, ludii: bool) -> VMove {
    let (board_after, captured, laps, cut, over, winner) = match &m.end {
        MoveEnd::Finished(f) => {
            let winner = f.result.map(|r| match r {
                GameResult::Win { winner, .. } => match winner {
                    Side::South => "P1".to_string(),
                    Side::North => "P2".to_string(),
                },
                _ => "draw".to_string(),
            });
            (
                Some(f.board.to_grid()),
                f.captured,
                Some(f.laps - f.capture_sowings),
                f.cut_heads,
                f.result.is_some(),
                winner,
            )
        }
        MoveEnd::NeverEnding(_) => (None, 0, None, false, true, None),
    };
    VMove {
        start_pit: m.mv.pit.number(),
        direction: m.mv.direction().name().to_string(),
        choices: (!ludii).then(|| m.mv.choices.iter().map(|d| d.name().to_string()).collect()),
        board_after,
        captured,
        never_ending: m.end.is_never_ending(),
        cut_heads: (!ludii).then_some(cut),
        laps: if ludii { laps } else { None },
        game_over: ludii.then_some(over),
        winner: if ludii { Some(winner) } else { None },
    }
}

/// What a file checked.
#[derive(Debug, PartialEq)]
struct Checked {
    positions: usize,
    moves: usize,
}

/// Every position of the vectors `text` (named `file`): the moves of every
/// choice sequence as a set, and the distinct end positions of
/// `legal_moves`. Panics on any difference, and unless exactly
/// `positions` positions were checked.
fn check_text(file: &str, text: &str, rules: Rules, ludii: bool, positions: usize) -> Checked {
    let mut failures = Vec::new();
    let mut differing = 0;
    let mut checked = Checked {
        positions: 0,
        moves: 0,
    };
    for (line, v) in vectors(file, text) {
        let pos = vector_position(&v);
        let mut expected: Vec<VMove> = v
            .field("moves")
            .as_array()
            .iter()
            .map(VMove::read)
            .collect();
        let before = failures.len();
        check_distinct(&rules, &pos, &expected, file, line, &mut failures);
        let mut got: Vec<VMove> = every_sequence(&rules, &pos)
            .iter()
            .map(|m| ours(m, ludii))
            .collect();
        // the vectors list moves in their generator's order; compare as sets
        let key = |m: &VMove| {
            format!(
                "{:02} {} {:?} {:?}",
                m.start_pit, m.direction, m.choices, m.board_after
            )
        };
        got.sort_by_key(key);
        expected.sort_by_key(key);
        checked.positions += 1;
        checked.moves += expected.len();
        if got != expected {
            let names = |ms: &[VMove]| {
                ms.iter()
                    .map(|m| (m.start_pit, m.choices.clone(), m.direction.clone()))
                    .collect::<Vec<_>>()
            };
            failures.push(format!(
                "{file}:{line}: {} moves expected, {} found\n  expected {:?}\n  got      {:?}",
                expected.len(),
                got.len(),
                names(&expected),
                names(&got),
            ));
            if let Some((a, b)) = expected.iter().zip(&got).find(|(a, b)| a != b) {
                failures.push(format!(
                    "  first difference:\n    expected {a:?}\n    got      {b:?}"
                ));
            }
        }
        differing += (failures.len() > before) as usize;
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions differ ({} moves in file):\n{}",
        differing,
        checked.positions,
        checked.moves,
        failures.join("\n")
    );
    assert_eq!(
        checked.positions, positions,
        "{file}: positions checked (an empty or truncated file checks too few)"
    );
    assert!(checked.moves > checked.positions, "{file}: {checked:?}");
    checked
}

fn check_file(file: &str, rules: Rules, ludii: bool) -> Checked {
    check_text(file, &data(file), rules, ludii, VECTOR_POSITIONS)
}

#[test]
fn conformance_shackell_1935() {
    let c = check_file("shackell-1935-sample.jsonl", Rules::SHACKELL_1935, false);
    assert_eq!(c.moves, SHACKELL_MOVES);
}

#[test]
fn conformance_modern() {
    let c = check_file("modern-sample.jsonl", Rules::MODERN, false);
    assert_eq!(c.moves, MODERN_MOVES);
}

#[test]
fn conformance_ludii() {
    let c = check_file("ludii-sample.jsonl", Rules::LUDII, true);
    assert_eq!(c.moves, LUDII_MOVES);
}

/// The moves listed in each file (every choice sequence of its 100
/// positions).
const SHACKELL_MOVES: usize = 1087;
const MODERN_MOVES: usize = 1615;
const LUDII_MOVES: usize = 1038;

#[test]
#[should_panic(expected = "positions checked")]
fn an_empty_vectors_file_fails() {
    check_text("empty.jsonl", "", Rules::MODERN, false, VECTOR_POSITIONS);
}

#[test]
#[should_panic(expected = "positions checked")]
fn a_truncated_vectors_file_fails() {
    let text = data("modern-sample.jsonl");
    let half: String = text.lines().take(50).map(|l| format!("{l}\n")).collect();
    check_text("half.jsonl", &half, Rules::MODERN, false, VECTOR_POSITIONS);
}

/// `legal_moves` lists each end position of the vector once per start pit.
fn check_distinct(
    rules: &Rules,
    pos: &Position,
    expected: &[VMove],
    file: &str,
    line: usize,
    failures: &mut Vec<String>,
) {
    let want: BTreeSet<(u8, Option<Grid>)> = expected
        .iter()
        .map(|m| (m.start_pit, m.board_after))
        .collect();
    let got_list: Vec<(u8, Option<Grid>)> = legal_moves(rules, pos)
        .iter()
        .map(|m| {
            (
                m.mv.pit.number(),
                m.end.finished().map(|f| f.board.to_grid()),
            )
        })
        .collect();
    let got: BTreeSet<_> = got_list.iter().cloned().collect();
    if got != want || got.len() != got_list.len() {
        failures.push(format!(
            "{file}:{line}: distinct end positions differ: {} expected, {} listed",
            want.len(),
            got_list.len()
        ));
    }
}
