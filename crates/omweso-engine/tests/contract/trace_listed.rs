//! A trace given the listing's end ([`trace_listed`]) against the trace
//! deciding the end itself ([`trace`]): equal in every field (the laps
//! recorded, whether they are all, the end with the detection's own work
//! and the laps before a cycle, the position after), however many laps are
//! recorded, on the sample vectors, random positions (mid-game ones with
//! relays, captures and choice points; capture-free ones), positions with
//! never-ending moves (`tests/data/never-ending-sample.jsonl`), the long
//! capture-free cycles, the same with more than 255 seeds on the board
//! (listed by the general explorer) and the real McGill case.
//! And [`legal_moves_in_full`] is [`legal_moves`] with each never-ending
//! move's laps before its cycle filled in, exactly as a trace finds them.

use crate::fast_vs_reference::LONG;
use crate::harness::{
    VARIANTS, VECTOR_POSITIONS, data, mcgill_first_case, seeded_position, small_position,
    vector_position, vectors,
};
use omweso_engine::search::Rng;
use omweso_engine::{
    Board, LegalMove, MoveEnd, Position, Rules, legal_moves, legal_moves_in_full, trace,
    trace_listed,
};

/// Laps recorded in each comparison: none, a few, and more than most
/// moves have (so that both a cut and a whole trace are compared).
const RECORDED: [usize; 5] = [0, 1, 3, 40, 400];

/// What the comparisons met.
#[derive(Debug, Default)]
struct Seen {
    /// (move, laps recorded) pairs compared.
    cases: usize,
    never_ending: usize,
    /// Moves of more than one lap.
    relays: usize,
    captures: usize,
    /// Traces cut short (laps left unrecorded).
    cut: usize,
}

/// `legal_moves` with the laps before each cycle forgotten.
fn without_entries(ms: &[LegalMove]) -> Vec<LegalMove> {
    ms.iter()
        .map(|m| {
            let mut m = m.clone();
            if let MoveEnd::NeverEnding(n) = &mut m.end {
                n.laps_before_cycle = None;
            }
            m
        })
        .collect()
}

fn compare(rules: &Rules, pos: &Position, seen: &mut Seen) {
    let full = legal_moves_in_full(rules, pos);
    assert_eq!(
        without_entries(&full),
        legal_moves(rules, pos),
        "{rules:?} {pos:?}"
    );
    for m in &full {
        if let MoveEnd::NeverEnding(n) = m.end {
            assert!(n.laps_before_cycle.is_some(), "{:?} {pos:?}", m.mv);
            seen.never_ending += 1;
        }
        match m.end {
            MoveEnd::Finished(f) => {
                seen.relays += (f.laps > 1) as usize;
                seen.captures += (f.captured > 0) as usize;
            }
            MoveEnd::NeverEnding(_) => seen.relays += 1,
        }
        for max in RECORDED {
            let decided = trace(rules, pos, &m.mv, max).unwrap();
            assert_eq!(decided.end, m.end, "{:?} {max} {pos:?}", m.mv);
            let known = trace_listed(rules, pos, m, max).unwrap();
            assert_eq!(known, decided, "{:?} {max} {rules:?} {pos:?}", m.mv);
            seen.cases += 1;
            seen.cut += !decided.complete as usize;
        }
    }
}

#[test]
fn a_trace_given_the_listed_end_is_the_trace_deciding_it() {
    let mut seen = Seen::default();
    // the sample vectors
    let mut vector_positions = 0;
    for (name, rules) in [
        ("shackell-1935-sample.jsonl", Rules::SHACKELL_1935),
        ("modern-sample.jsonl", Rules::MODERN),
        ("ludii-sample.jsonl", Rules::LUDII),
    ] {
        for (_, v) in vectors(name, &data(name)) {
            compare(&rules, &vector_position(&v), &mut seen);
            vector_positions += 1;
        }
    }
    assert_eq!(vector_positions, 3 * VECTOR_POSITIONS);
    // random mid-game positions, every variant
    let mut rng = Rng::new(7);
    for i in 0..600 {
        let pos = if i % 2 == 0 {
            small_position(&mut rng)
        } else {
            let per_side = 8 + rng.below(57);
            seeded_position(&mut rng, per_side, per_side, false)
        };
        compare(&VARIANTS[i % 4], &pos, &mut seen);
    }
    // few opponent seeds, often where nothing can be captured: long relay
    // chains and never-ending moves
    for i in 0..600 {
        let (m, o) = (16 + rng.below(40), rng.below(16));
        let pos = seeded_position(&mut rng, m, o, i % 2 == 0);
        compare(&VARIANTS[i % 4], &pos, &mut seen);
    }
    eprintln!("{seen:?}");
    assert_eq!(seen.cases % RECORDED.len(), 0);
    assert!(seen.cases > 90_000, "{seen:?}");
    assert!(seen.captures > 5_000, "{seen:?}");
    assert!(seen.relays > 10_000, "{seen:?}");
    assert!(seen.cut > 10_000, "{seen:?}");
}

/// Positions where some move never ends, found by drawing random
/// positions (16 to 59 seeds on the mover's side, up to 23 on the
/// opponent's, the engine's `Rng` from seed 2026) until 20 under each
/// variant that allows such moves had one, then keeping the 27 whose
/// cycles are at most 3,000,000 laps (the others take up to seconds to
/// decide, and each move is decided here ten times): 11 Modern, 8 Ludii,
/// 8 McGill.
#[test]
fn never_ending_moves_traced_from_the_listing_are_the_traces_deciding_them() {
    let name = "never-ending-sample.jsonl";
    let mut seen = Seen::default();
    let mut positions = 0;
    for (line, v) in vectors(name, &data(name)) {
        let rules = match v.field("variant").as_str() {
            "modern" => Rules::MODERN,
            "ludii" => Rules::LUDII,
            "mcgill-2015" => Rules::MCGILL_2015,
            other => panic!("{name}:{line}: variant {other}"),
        };
        let pos = vector_position(&v);
        let before = seen.never_ending;
        compare(&rules, &pos, &mut seen);
        assert!(
            seen.never_ending > before,
            "{name}:{line}: no never-ending move"
        );
        positions += 1;
    }
    eprintln!("{seen:?}");
    assert_eq!(positions, 27);
    assert!(seen.never_ending >= 29, "{seen:?}");
}

#[test]
fn long_cycles_traced_from_the_listing_are_the_traces_deciding_them() {
    let mut seen = Seen::default();
    let mut positions: Vec<Position> = LONG
        .iter()
        .map(|(grid, side, _)| Position::new(Board::from_grid(grid), *side))
        .collect();
    positions.push(mcgill_first_case());
    for pos in &positions {
        compare(&Rules::MCGILL_2015, pos, &mut seen);
        compare(&Rules::MCGILL_2015, &pos.mirrored(), &mut seen);
        compare(&Rules::MCGILL_2015, &heavy(pos), &mut seen);
    }
    eprintln!("{seen:?}");
    // each long position has its never-ending move, and so do its mirror
    // image and its heavy copy
    assert!(seen.never_ending >= 3 * positions.len(), "{seen:?}");
    assert!(
        seen.cases >= 3 * positions.len() * RECORDED.len(),
        "{seen:?}"
    );
}

/// `pos` with 250 more seeds in an opponent's pit whose column partner is
/// empty (so nothing more can be captured): more than 255 seeds on the
/// board, so listed by the general explorer, the mover's moves unchanged.
fn heavy(pos: &Position) -> Position {
    let mut grid = pos.board.to_grid();
    // the opponent's outer and inner rows
    let (outer, inner) = match pos.to_move {
        omweso_engine::Side::South => (0, 1),
        omweso_engine::Side::North => (3, 2),
    };
    let c = (0..8)
        .find(|&c| grid[inner][c] == 0)
        .expect("a capture-free position has an empty opponent pit");
    grid[outer][c] += 250;
    let mut heavy = *pos;
    heavy.board = Board::from_grid(&grid);
    assert!(heavy.board.total() > 255);
    heavy
}
