//! The two real McGill COMP-424 (2015) cases: forward-only rules, captures
//! allowed, decided exactly (no lap cap).

use omweso_engine::{Move, MoveEnd, Pit, Rules, legal_moves, trace};

use crate::harness::{mcgill_first_case, mcgill_second_case};

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
