//! Property tests: seed conservation, determinism, North/South mirror
//! symmetry, and agreement between move generation, playing (traced or
//! not) and notation.

use omweso::engine::notation;
use omweso::engine::{
    Board, GameResult, LegalMove, MoveEnd, MoveList, Position, Rules, Side, legal_moves,
    legal_moves_into, outcome, reference, trace,
};
use proptest::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// One move list for all the cases, as a caller reuses it.
    static LIST: RefCell<MoveList> = RefCell::new(MoveList::new());
}

const VARIANTS: [Rules; 4] = [
    Rules::SHACKELL_1935,
    Rules::MODERN,
    Rules::LUDII,
    Rules::MCGILL_2015,
];

fn position() -> impl Strategy<Value = Position> {
    (
        prop::array::uniform16(0u16..8),
        prop::array::uniform16(0u16..8),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(s, n, north, first, fresh)| Position {
            board: Board::from_sides(s, n),
            to_move: if north { Side::North } else { Side::South },
            first_move: first,
            opponent_first_move: false,
            before_first_capture: fresh,
        })
}

fn mirror_end(end: &MoveEnd) -> MoveEnd {
    let flip = |r: GameResult| match r {
        GameResult::Win {
            winner,
            kind,
            points,
        } => GameResult::Win {
            winner: winner.opponent(),
            kind,
            points,
        },
        other => other,
    };
    match *end {
        MoveEnd::Finished(mut f) => {
            f.board = f.board.mirrored();
            f.result = f.result.map(flip);
            MoveEnd::Finished(f)
        }
        MoveEnd::NeverEnding(mut n) => {
            n.result = flip(n.result);
            MoveEnd::NeverEnding(n)
        }
    }
}

/// 128 cases by default (PROPTEST_CASES=N for a longer run), drawn from a
/// fixed seed unless PROPTEST_RNG_SEED gives another: a random position of
/// up to 224 seeds can hold a never-ending move whose cycle is decided
/// exactly only after hours, so every run must draw the same positions
/// (these take seconds), not new ones that may meet such a cycle.
fn config() -> ProptestConfig {
    let mut c = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        c.cases = 128;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        c.rng_seed = proptest::test_runner::RngSeed::Fixed(0x6f6d_7765_736f);
    }
    c
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn seeds_are_conserved_and_only_captured_seeds_change_sides(p in position(), v in 0usize..4) {
        let rules = VARIANTS[v];
        let mover = p.to_move;
        for m in legal_moves(&rules, &p) {
            if let MoveEnd::Finished(f) = m.end {
                prop_assert_eq!(f.board.total(), p.board.total());
                let gained = f.board.side_total(mover) - p.board.side_total(mover);
                prop_assert_eq!(gained, f.captured);
                let opp = mover.opponent();
                for (a, b) in f.board.side(opp).iter().zip(p.board.side(opp)) {
                    prop_assert!(*a == *b || *a == 0, "an opponent pit changed without being captured");
                }
            }
        }
    }

    #[test]
    fn a_reused_move_list_holds_the_general_explorers_moves(p in position(), v in 0usize..4) {
        let rules = VARIANTS[v];
        let general = reference::general_legal_moves(&rules, &p);
        LIST.with_borrow_mut(|list| {
            legal_moves_into(&rules, &p, list);
            // exactly, the never-ending detection's own work included
            prop_assert_eq!(list.to_vec(), general);
            for m in list.iter() {
                let played = outcome(&rules, &p, &m.to_move()).unwrap();
                prop_assert_eq!(m.position_after(), played.after);
                prop_assert_eq!(m.result(), played.end.result());
            }
            Ok(())
        })?;
    }

    #[test]
    fn move_generation_is_deterministic(p in position(), v in 0usize..4) {
        prop_assert_eq!(legal_moves(&VARIANTS[v], &p), legal_moves(&VARIANTS[v], &p));
    }

    #[test]
    fn north_and_south_are_mirror_images(p in position(), v in 0usize..4) {
        let rules = VARIANTS[v];
        let a = legal_moves(&rules, &p);
        let b = legal_moves(&rules, &p.mirrored());
        prop_assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(&b) {
            prop_assert_eq!(&x.mv, &y.mv);
            prop_assert_eq!(mirror_end(&x.end), y.end);
        }
    }

    #[test]
    fn play_and_notation_agree_with_move_generation(p in position(), v in 0usize..4) {
        let rules = VARIANTS[v];
        for LegalMove { mv, end } in legal_moves(&rules, &p) {
            let text = notation::format(&mv);
            let parsed = notation::parse(&text).unwrap().mv;
            prop_assert!(parsed.same_as(&mv), "{} did not round-trip", text);
            let played = outcome(&rules, &p, &parsed).unwrap();
            match (end, played.end) {
                (MoveEnd::Finished(a), MoveEnd::Finished(b)) => prop_assert_eq!(a, b),
                (MoveEnd::NeverEnding(a), MoveEnd::NeverEnding(b)) => prop_assert_eq!(a.cycle_laps, b.cycle_laps),
                (a, b) => prop_assert!(false, "{}: generation says {:?}, play says {:?}", text, a, b),
            }
        }
    }

    #[test]
    fn untraced_play_ends_as_traced_play(
        p in position(),
        opponent_first in any::<bool>(),
        v in 0usize..4,
        max_laps in 0usize..4,
    ) {
        let rules = VARIANTS[v];
        let p = Position { opponent_first_move: opponent_first, ..p };
        for m in legal_moves(&rules, &p) {
            let o = outcome(&rules, &p, &m.mv).unwrap();
            let t = trace(&rules, &p, &m.mv, max_laps).unwrap();
            prop_assert_eq!(o.end, t.end);
            prop_assert_eq!(o.after, t.after);
            prop_assert!(t.laps.len() <= max_laps.max(1));
            match m.end {
                MoveEnd::Finished(f) => {
                    let after = f.position_after(&p);
                    prop_assert_eq!(o.after, Some(after));
                    prop_assert_eq!(after.to_move, p.to_move.opponent());
                    prop_assert_eq!(after.first_move, p.opponent_first_move);
                    prop_assert!(!after.opponent_first_move);
                    prop_assert_eq!(after.before_first_capture, p.before_first_capture && f.captured == 0);
                }
                MoveEnd::NeverEnding(_) => prop_assert_eq!(o.after, None),
            }
        }
    }
}
