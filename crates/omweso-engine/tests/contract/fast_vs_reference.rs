//! The fast paths against the reference engine (`reference`): the same
//! moves, ends, boards, lap counts, cycle lengths and laps before the cycle
//! on many random positions, including capture-free ones with long cycles.
//! Only `examined_laps` (the detection's own work) may differ.

use crate::harness::{VARIANTS, mcgill_first_case, seeded_position as position};
use omweso_engine::search::Rng;
use omweso_engine::{
    Board, LegalMove, Move, MoveEnd, MoveList, Outcome, Position, Rules, Side, legal_moves,
    legal_moves_into, notation, outcome, reference, trace,
};
use std::cell::RefCell;

fn blank(end: MoveEnd) -> MoveEnd {
    match end {
        MoveEnd::NeverEnding(mut n) => {
            n.examined_laps = 0;
            MoveEnd::NeverEnding(n)
        }
        f => f,
    }
}

fn blank_moves(ms: Vec<LegalMove>) -> Vec<LegalMove> {
    ms.into_iter()
        .map(|m| LegalMove {
            end: blank(m.end),
            ..m
        })
        .collect()
}

fn blank_outcome(o: Outcome) -> Outcome {
    Outcome {
        end: blank(o.end),
        ..o
    }
}

/// Compare everything on one position; returns the cycle lengths met.
fn agree(rules: &Rules, pos: &Position) -> Vec<u64> {
    let fast = blank_moves(legal_moves(rules, pos));
    let slow = blank_moves(reference::legal_moves(rules, pos));
    assert_eq!(fast, slow, "{rules:?}\n{pos:?}");
    let mut cycles = Vec::new();
    for m in &fast {
        let o = blank_outcome(outcome(rules, pos, &m.mv).unwrap());
        let r = blank_outcome(reference::outcome(rules, pos, &m.mv).unwrap());
        assert_eq!(o, r, "{:?}\n{pos:?}", m.mv);
        // a short trace ends the same way, and its laps are the reference's
        let t = trace(rules, pos, &m.mv, 3).unwrap();
        assert_eq!((blank(t.end), t.after), (r.end, r.after));
        if let MoveEnd::NeverEnding(n) = r.end {
            cycles.push(n.cycle_laps);
        }
    }
    cycles
}

#[test]
fn random_positions_agree_with_the_reference() {
    let mut rng = Rng::new(7);
    let mut moves = 0;
    for i in 0..600 {
        let free = i % 3 == 0;
        let (m, o) = (4 + rng.below(40), rng.below(33));
        let pos = position(&mut rng, m, o, free);
        let rules = VARIANTS[i % 4];
        agree(&rules, &pos);
        moves += legal_moves(&rules, &pos).len();
    }
    assert!(moves > 2000, "{moves}");
}

/// Never-ending McGill moves found by a random search over capture-free
/// positions (grid form, mover, start pit), with cycles of 82 to 3,543,040
/// laps.
#[rustfmt::skip]
pub(crate) const LONG: [([[u16; 8]; 4], Side, u8); 6] = [
    ([[0, 0, 0, 0, 0, 1, 0, 0], [1, 1, 0, 1, 0, 0, 0, 1], [3, 4, 2, 1, 2, 1, 2, 3], [2, 2, 1, 0, 1, 3, 2, 1]], Side::South, 1),
    ([[0, 0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0], [2, 5, 1, 0, 3, 0, 3, 2], [1, 2, 2, 5, 0, 3, 0, 1]], Side::South, 2),
    ([[0, 1, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [2, 3, 2, 3, 0, 2, 1, 4], [1, 7, 1, 3, 2, 5, 4, 1]], Side::South, 11),
    ([[3, 4, 3, 4, 6, 7, 2, 3], [2, 1, 0, 2, 1, 9, 5, 2], [0, 0, 0, 0, 1, 2, 0, 0], [0, 2, 0, 0, 0, 0, 0, 0]], Side::North, 4),
    ([[2, 0, 4, 5, 3, 1, 2, 6], [3, 0, 5, 4, 5, 2, 1, 5], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 1, 0, 0, 0]], Side::North, 16),
    ([[4, 1, 2, 3, 6, 1, 6, 3], [4, 1, 2, 4, 5, 2, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0, 0]], Side::North, 8),
];

#[test]
fn long_capture_free_cycles_agree_with_the_reference() {
    let mut cycles = Vec::new();
    for (grid, side, pit) in LONG {
        let pos = Position::new(Board::from_grid(&grid), side);
        let mv = Move::forward(omweso_engine::Pit::new(pit).unwrap());
        for rules in VARIANTS {
            let c = agree(&rules, &pos);
            if rules == Rules::MCGILL_2015 {
                let o = outcome(&rules, &pos, &mv).unwrap();
                let MoveEnd::NeverEnding(n) = o.end else {
                    panic!("{pos:?} {pit}: never ends")
                };
                assert!(c.contains(&n.cycle_laps));
                cycles.push(n.cycle_laps);
            }
        }
    }
    assert_eq!(cycles, [82, 228, 5240, 83_280, 637_368, 3_543_040]);
    // and random capture-free positions with many seeds: long relay chains
    let mut rng = Rng::new(2015);
    for i in 0..300 {
        let (m, o) = (20 + rng.below(40), rng.below(12));
        let pos = position(&mut rng, m, o, true);
        agree(&VARIANTS[i % 4], &pos);
    }
}

#[test]
fn whole_move_clockwise_capture_free_rests_agree() {
    // Ludii keeps a clockwise start's direction for every relay: positions
    // where a clockwise start is legal and the rest is capture-free.
    let mut rng = Rng::new(99);
    let mut clockwise = 0;
    for _ in 0..3000 {
        let (m, o) = (10 + rng.below(40), 2 + rng.below(6));
        let mut pos = position(&mut rng, m, o, false);
        pos.first_move = false;
        for m in legal_moves(&Rules::LUDII, &pos) {
            clockwise += (m.mv.direction() == omweso_engine::Direction::Clockwise) as usize;
        }
        agree(&Rules::LUDII, &pos);
    }
    assert!(clockwise > 50, "{clockwise}");
}

#[test]
fn the_real_mcgill_never_ending_case_agrees() {
    let pos = mcgill_first_case();
    let mv = Move::forward(omweso_engine::Pit::new(2).unwrap());
    let o = outcome(&Rules::MCGILL_2015, &pos, &mv).unwrap();
    let r = reference::outcome(&Rules::MCGILL_2015, &pos, &mv).unwrap();
    assert_eq!(blank_outcome(o), blank_outcome(r));
    let MoveEnd::NeverEnding(n) = o.end else {
        panic!("never ends")
    };
    assert_eq!(n.cycle_laps, 1_565_991);
    // a trace that records 1000 laps then goes on unrecorded
    let t = trace(&Rules::MCGILL_2015, &pos, &mv, 1000).unwrap();
    assert_eq!(t.laps.len(), 1000);
    assert!(!t.complete);
    assert_eq!(blank(t.end), blank(r.end));
    // the same answer however much is recorded, the detection's work included
    for max in [0, 1, 5, 10_000] {
        assert_eq!(
            trace(&Rules::MCGILL_2015, &pos, &mv, max).unwrap().end,
            o.end
        );
    }
}

thread_local! {
    /// One list for every position of a test, as a caller reuses it.
    static LIST: RefCell<MoveList> = RefCell::new(MoveList::new());
}

/// The moves of `legal_moves_into`, through a list reused from position to
/// position, must be `expected` exactly (the detection's work included),
/// and each one read through its `MoveRef` must say what its `LegalMove`
/// says.
fn list_agrees(rules: &Rules, pos: &Position, expected: &[LegalMove]) {
    LIST.with_borrow_mut(|list| {
        legal_moves_into(rules, pos, list);
        assert_eq!(list.position(), pos);
        assert_eq!(list.len(), expected.len(), "{rules:?}\n{pos:?}");
        assert_eq!(
            list.to_vec(),
            expected,
            "list vs general\n{rules:?}\n{pos:?}"
        );
        for (i, (m, g)) in list.iter().zip(expected).enumerate() {
            let at = || format!("move {i} {:?}\n{rules:?}\n{pos:?}", g.mv);
            assert_eq!(list.get(i).map(|r| r.to_legal_move()).as_ref(), Some(g));
            assert_eq!(m.pit(), g.mv.pit, "{}", at());
            assert_eq!(m.three_seed(), g.mv.three_seed, "{}", at());
            assert_eq!(m.choices(), &g.mv.choices[..], "{}", at());
            assert_eq!(m.direction(), g.mv.direction(), "{}", at());
            assert_eq!(m.to_move(), g.mv, "{}", at());
            assert!(m.is(&g.mv), "{}", at());
            assert_eq!(m.end(), g.end, "{}", at());
            assert_eq!(m.is_never_ending(), g.end.is_never_ending(), "{}", at());
            assert_eq!(m.result(), g.end.result(), "{}", at());
            assert_eq!(m.captured(), g.end.captured(), "{}", at());
            let laps = match &g.end {
                MoveEnd::Finished(f) => f.laps,
                MoveEnd::NeverEnding(n) => n.examined_laps,
            };
            assert_eq!(m.laps(), laps, "{}", at());
            let f = g.end.finished();
            assert_eq!(m.board_after(), f.map(|f| f.board), "{}", at());
            assert_eq!(
                m.position_after(),
                f.map(|f| f.position_after(pos)),
                "{}",
                at()
            );
            assert_eq!(m.to_string(), notation::format(&g.mv), "{}", at());
        }
        assert!(list.get(expected.len()).is_none());
        // no move is named by another's notation (trailing defaults aside,
        // two listed moves always differ)
        for (i, m) in list.iter().enumerate() {
            for (j, g) in expected.iter().enumerate() {
                assert_eq!(m.is(&g.mv), i == j, "{i} {j}\n{rules:?}\n{pos:?}");
            }
        }
    });
}

/// Blanked moves of the packed generator, the general explorer and the
/// reference engine: all three must agree exactly.
fn three_agree(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let packed = legal_moves(rules, pos);
    let general = reference::general_legal_moves(rules, pos);
    // the same states, so even the detection's own work is the same
    assert_eq!(packed, general, "packed vs general\n{rules:?}\n{pos:?}");
    list_agrees(rules, pos, &general);
    let (packed, general) = (blank_moves(packed), blank_moves(general));
    let slow = blank_moves(reference::legal_moves(rules, pos));
    assert_eq!(packed, slow, "packed vs reference\n{rules:?}\n{pos:?}");
    assert_eq!(general, slow, "general vs reference\n{rules:?}\n{pos:?}");
    // one pit at a time, as `moves_from` gives them
    let mut by_pit = Vec::new();
    for pit in omweso_engine::Pit::ALL {
        omweso_engine::moves_from(rules, pos, pit, &mut by_pit);
    }
    assert_eq!(blank_moves(by_pit), slow, "moves_from\n{rules:?}\n{pos:?}");
    packed
}

/// What a sweep met, so that each test can check its coverage.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    /// Moves with a clockwise choice after the start.
    later_clockwise: usize,
    clockwise_starts: usize,
    never_ending: usize,
    captures: usize,
    three_seed: usize,
    wins: usize,
}

impl Seen {
    fn add(&mut self, ms: &[LegalMove]) {
        for m in ms {
            self.moves += 1;
            let c = &m.mv.choices;
            self.later_clockwise +=
                c.iter()
                    .skip(1)
                    .any(|&d| d == omweso_engine::Direction::Clockwise) as usize;
            self.clockwise_starts +=
                (m.mv.direction() == omweso_engine::Direction::Clockwise) as usize;
            self.never_ending += m.end.is_never_ending() as usize;
            self.captures += (m.end.captured() > 0) as usize;
            self.three_seed += m.mv.three_seed as usize;
            self.wins += m.end.result().is_some() as usize;
        }
    }
}

/// Mid-game positions as the benchmark draws them (32 seeds a side, random
/// pits) and around them (8 to 64 a side), every variant, random game-phase
/// flags: the packed generator against the reference, move for move.
#[test]
fn packed_generation_agrees_on_random_mid_game_positions() {
    let mut rng = Rng::new(424);
    let mut seen = Seen::default();
    for i in 0..8_000 {
        let per_side = if i % 2 == 0 { 32 } else { 8 + rng.below(57) };
        let mut pos = position(&mut rng, per_side, per_side, false);
        if i % 3 != 0 {
            pos.first_move = false;
        }
        let rules = VARIANTS[i % 4];
        seen.add(&three_agree(&rules, &pos));
    }
    eprintln!("{seen:?}");
    assert!(seen.moves > 100_000, "{seen:?}");
    assert!(seen.later_clockwise > 1_000, "{seen:?}");
    assert!(seen.clockwise_starts > 1_000, "{seen:?}");
    assert!(seen.captures > 50_000, "{seen:?}");
    assert!(seen.three_seed > 100, "{seen:?}");
    assert!(seen.wins > 100, "{seen:?}");
}

/// Few opponent seeds and capture-free boards: long relay chains and
/// never-ending moves, every variant.
#[test]
fn packed_generation_agrees_on_never_ending_and_capture_free_positions() {
    let mut rng = Rng::new(31);
    let mut seen = Seen::default();
    for i in 0..3_000 {
        let (m, o) = (16 + rng.below(40), rng.below(16));
        let pos = position(&mut rng, m, o, i % 2 == 0);
        seen.add(&three_agree(&VARIANTS[i % 4], &pos));
    }
    // the found never-ending cases with short cycles, and their mirror
    // images, under every variant
    for (grid, side, _) in &LONG[..3] {
        let pos = Position::new(Board::from_grid(grid), *side);
        for rules in VARIANTS {
            seen.add(&three_agree(&rules, &pos));
            seen.add(&three_agree(&rules, &pos.mirrored()));
        }
    }
    eprintln!("{seen:?}");
    assert!(seen.never_ending >= 6, "{seen:?}");
    assert!(seen.later_clockwise > 500, "{seen:?}");
    assert!(seen.moves > 20_000, "{seen:?}");
}

/// Around the packing limit (the two sides together 255 seeds, where the
/// packed generator hands over to the general explorer) and with big pits
/// (laps of 16 seeds or more, sown round the whole side). Such boards make
/// very long moves, too slow for the reference engine: the packed generator
/// is compared with the general explorer (itself checked against the
/// reference above).
#[test]
fn packed_generation_agrees_at_the_packing_limit() {
    let mut rng = Rng::new(255);
    let mut seen = Seen::default();
    let mut wide = 0;
    let mut check = |rules: &Rules, pos: &Position| {
        let packed = legal_moves(rules, pos);
        let general = reference::general_legal_moves(rules, pos);
        assert_eq!(packed, general, "{rules:?}\n{pos:?}");
        // the same list for positions on both sides of the limit
        list_agrees(rules, pos, &general);
        wide += (pos.board.total() > 255) as usize;
        seen.add(&packed);
    };
    for i in 0..400 {
        let total = 245 + rng.below(21); // 245..=265 in all
        let m = 40 + rng.below(total - 80);
        let o = total - m;
        let mut pos = position(&mut rng, m, o, false);
        pos.first_move = i % 5 == 0;
        check(&VARIANTS[i % 4], &pos);
    }
    // a few very full pits, small enough for the reference too
    for i in 0..1_500 {
        let (m, o) = (10 + rng.below(20), 10 + rng.below(30));
        let mut pos = position(&mut rng, m, o, false);
        let side = pos.to_move;
        let pit = omweso_engine::Pit::new(1 + rng.below(16) as u8).unwrap();
        let n = pos.board.get(side, pit);
        pos.board.set(side, pit, n + 16 + rng.below(60) as u16);
        check(&VARIANTS[i % 4], &pos);
        if i % 10 == 0 {
            three_agree(&VARIANTS[i % 4], &pos);
        }
    }
    eprintln!("{seen:?} {wide} positions over 255 seeds");
    assert!(seen.moves > 10_000, "{seen:?}");
    assert!(wide > 100, "{wide}");
}
