//! Conformance with the sample vectors (copied from `shared/vectors/`): every
//! position, every legal move, exact equality.

use omweso::engine::{
    Board, Direction, Grid, LegalMove, MoveEnd, Position, Rules, Side, every_sequence, legal_moves,
};
use serde::Deserialize;

#[derive(Deserialize)]
struct Vector {
    board: Grid,
    to_move: String,
    moves: Vec<VMove>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct VMove {
    start_pit: u8,
    direction: String,
    #[serde(default)]
    choices: Option<Vec<String>>,
    board_after: Option<Grid>,
    captured: u32,
    never_ending: bool,
    #[serde(default)]
    cut_heads: Option<bool>,
    #[serde(default)]
    laps: Option<u64>,
    #[serde(default)]
    game_over: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    winner: Option<Option<String>>,
}

fn side(s: &str) -> Side {
    match s {
        "south" => Side::South,
        "north" => Side::North,
        other => panic!("bad side {other}"),
    }
}

/// Our move in the vector's shape, with the fields that file carries.
fn ours(m: &LegalMove, ludii: bool) -> VMove {
    let (board_after, captured, laps, cut, over, winner) = match &m.end {
        MoveEnd::Finished(f) => {
            let winner = f.result.map(|r| match r {
                omweso::engine::GameResult::Win { winner, .. } => match winner {
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
        choices: (!ludii).then(|| {
            m.mv.choices
                .iter()
                .map(|d: &Direction| d.name().to_string())
                .collect()
        }),
        board_after,
        captured,
        never_ending: m.end.is_never_ending(),
        cut_heads: (!ludii).then_some(cut),
        laps: if ludii { laps } else { None },
        game_over: ludii.then_some(over),
        winner: if ludii { Some(winner) } else { None },
    }
}

fn check_file(file: &str, rules: Rules, ludii: bool) {
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for (line, l) in text.lines().enumerate() {
        let v: Vector = serde_json::from_str(l).unwrap();
        let pos = Position::new(Board::from_grid(&v.board), side(&v.to_move));
        let got = every_sequence(&rules, &pos);
        check_distinct(&rules, &pos, &v.moves, file, line + 1, &mut failures);
        total += v.moves.len();
        let mut got_shaped: Vec<VMove> = got.iter().map(|m| ours(m, ludii)).collect();
        let mut expected = v.moves;
        // the vectors list moves in their generator's order; compare as sets
        let key = |m: &VMove| {
            format!(
                "{:02} {} {:?} {:?}",
                m.start_pit, m.direction, m.choices, m.board_after
            )
        };
        got_shaped.sort_by_key(key);
        expected.sort_by_key(key);
        let v = Vector {
            moves: expected,
            ..v
        };
        if got_shaped != v.moves {
            failures.push(format!(
                "{file}:{}: {} moves expected, {} found\n  expected {:?}\n  got      {:?}",
                line + 1,
                v.moves.len(),
                got_shaped.len(),
                v.moves
                    .iter()
                    .map(|m| (m.start_pit, &m.choices, m.direction.clone()))
                    .collect::<Vec<_>>(),
                got_shaped
                    .iter()
                    .map(|m| (m.start_pit, &m.choices, m.direction.clone()))
                    .collect::<Vec<_>>(),
            ));
            if let Some((a, b)) = v.moves.iter().zip(&got_shaped).find(|(a, b)| a != b) {
                failures.push(format!(
                    "  first difference:\n    expected {a:?}\n    got      {b:?}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions differ ({} moves in file):\n{}",
        failures.len() / 2,
        text.lines().count(),
        total,
        failures.join("\n")
    );
}

#[test]
fn conformance_shackell_1935() {
    check_file("shackell-1935-sample.jsonl", Rules::SHACKELL_1935, false);
}

#[test]
fn conformance_modern() {
    check_file("modern-sample.jsonl", Rules::MODERN, false);
}

#[test]
fn conformance_ludii() {
    check_file("ludii-sample.jsonl", Rules::LUDII, true);
}

/// `Some(None)` for an explicit null, `None` for an absent field.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
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
    use std::collections::BTreeSet;
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
        failures.push(String::new());
    }
}
