//! The two real McGill COMP-424 (2015) cases: forward-only rules, captures
//! allowed, decided exactly (no lap cap).

use omweso::engine::{Board, Move, MoveEnd, Pit, Position, Rules, Side, legal_moves, trace};

fn mcgill_first_case() -> Position {
    let south = [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1];
    let north = [1, 2, 5, 2, 1, 2, 4, 3, 2, 1, 2, 1, 3, 2, 5, 24];
    Position::new(Board::from_sides(south, north), Side::North)
}

fn mcgill_second_case() -> Position {
    let south = [1, 2, 10, 2, 3, 0, 4, 0, 4, 11, 4, 15, 0, 1, 2, 1];
    let north = [0, 0, 0, 0, 0, 1, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0];
    Position::new(Board::from_sides(south, north), Side::South)
}

#[test]
fn north_pit_2_never_ends_with_a_cycle_of_1565991_laps() {
    let pos = mcgill_first_case();
    let played = trace(
        &Rules::MCGILL_2015,
        &pos,
        &Move::forward(Pit::new(2).unwrap()),
        1000,
    )
    .unwrap();
    match played.end {
        MoveEnd::NeverEnding(n) => assert_eq!(n.cycle_laps, 1_565_991),
        other => panic!("expected never-ending, got {other:?}"),
    }
    assert!(!played.complete);
    assert_eq!(played.laps.len(), 1000);
    // move generation agrees
    let moves = legal_moves(&Rules::MCGILL_2015, &pos);
    let m = moves.iter().find(|m| m.mv.pit.number() == 2).unwrap();
    assert!(m.end.is_never_ending());
}

#[test]
fn south_pit_12_ends_after_255_laps() {
    let pos = mcgill_second_case();
    let played = trace(
        &Rules::MCGILL_2015,
        &pos,
        &Move::forward(Pit::new(12).unwrap()),
        10_000,
    )
    .unwrap();
    let f = played.end.finished().expect("the move ends");
    assert_eq!(f.laps, 255);
    assert!(played.complete);
    assert_eq!(played.laps.len(), 255);
    assert_eq!(f.board.total(), pos.board.total());
}
